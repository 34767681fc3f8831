/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <time.h>

/* Timing for the benchmarks: each prints plain text lines, one a figure. */

#define MIN_SECONDS 0.5

typedef void (*BenchFunc) (gpointer data);

/* Seconds a call, from as many calls as fit in MIN_SECONDS (and at least one). */
static inline double
time_per_call (BenchFunc func,
               gpointer  data)
{
  gint64 start = g_get_monotonic_time ();
  gint64 elapsed;
  guint calls = 0;

  do
    {
      func (data);
      calls++;
      elapsed = g_get_monotonic_time () - start;
    }
  while (elapsed < MIN_SECONDS * G_USEC_PER_SEC);

  return (double) elapsed / G_USEC_PER_SEC / calls;
}

/* Microseconds of this thread's CPU time: what the painting costs, whatever else the machine
 * is running. */
static inline gint64
cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_GINT64_CONSTANT (1000000) + ts.tv_nsec / 1000;
}

/* A generated Battle Valor Fantasy list of @n_units units of every kind, with options. */
static inline GBytes *
bench_bvf_list (guint n_units)
{
  static const struct {
    const char *type;
    guint size;
    const char *options;
  } kinds[] = {
    { "infantry", 12, "<option id='veteran'/><option id='double-handed'/>"
                      "<option id='heavy-armour'/><option id='command-stand'/>" },
    { "infantry", 10, "<option id='regular'/><option id='missile'/><option id='light-armour'/>" },
    { "infantry", 8, "<option id='levy'/><option id='pole'/><option id='shields'/>" },
    { "cavalry", 6, "<option id='regular'/><option id='horses'/><option id='medium-armour'/>" },
    { "heavy-infantry", 6, "<option id='elite'/><option id='halberd'/>" },
    { "shock-troops", 3, "<option id='regular'/>" },
    { "war-machine", 1, "<option id='regular'/><option id='bolt-thrower'/>" },
    { "wizard", 1, "<option id='regular'/>" },
    { "captain", 1, "<option id='veteran'/>" },
    { "flier", 4, "<option id='veteran'/>" },
  };
  GString *xml = g_string_new ("<muster format='1'><ruleset id='battle-valor-fantasy' "
                               "version='1.0'/><title>Horde</title>"
                               "<force id='f1' name='Horde' points='60000'>"
                               "<setting variant='optional-limits' value='on'/>"
                               "<unit type='general' size='1' name='Warlord'/>");

  for (guint i = 1; i < n_units; i++)
    {
      guint k = i % G_N_ELEMENTS (kinds);

      g_string_append_printf (xml, "<unit type='%s' size='%u' name='Unit %u'>%s</unit>",
                              kinds[k].type, kinds[k].size, i, kinds[k].options);
    }
  g_string_append (xml, "</force></muster>");
  return g_string_free_to_bytes (xml);
}
