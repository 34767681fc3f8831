/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>

#include "muster-engine.h"

/*
 * Times the horse-and-musket volley through the procedure framework, as the preview runs it:
 * 60 attack dice, accuracy rolls, the kill dice of the accurate shots summed and divided by the
 * Kill Number, rounded down. Beside it, the naive way: simulating every die with the
 * procedure's own sampler. Target: the exact result under 1 ms.
 */

#define TRIALS 100000
#define MIN_SECONDS 0.5

typedef struct
{
  const MusterProcedure *procedure;
  const MusterRuleset   *ruleset;
  int                   *values;
} Case;

static void
run_exact (const Case *c)
{
  g_autoptr(MusterProcedureResult) result = NULL;

  result = muster_procedure_run_exact (c->procedure, c->ruleset, c->values, NULL);
  g_assert_nonnull (result);
}

static double
seconds_per_exact (const Case *c)
{
  gint64 start = g_get_monotonic_time ();
  gint64 elapsed;
  guint calls = 0;

  do
    {
      run_exact (c);
      calls++;
      elapsed = g_get_monotonic_time () - start;
    }
  while (elapsed < MIN_SECONDS * G_USEC_PER_SEC);
  return (double) elapsed / G_USEC_PER_SEC / calls;
}

static void
bench_volley (const char          *name,
              const MusterRuleset *ruleset,
              const char * const  *assignments)
{
  Case c = { muster_procedure_lookup ("horse-and-musket", "small-arms-fire"), ruleset, NULL };
  g_autoptr(MusterProcedureResult) exact = NULL;
  g_autoptr(MusterProcedureResult) simulated = NULL;
  g_autofree int *values = NULL;
  MusterDist *e, *s;
  double exact_seconds, naive_seconds, worst = 0.0;
  gint64 start;
  int hits;

  g_assert_nonnull (c.procedure);
  values = c.values = muster_procedure_default_values (c.procedure);
  for (guint i = 0; assignments[i]; i++)
    g_assert_true (muster_procedure_set_value (c.procedure, values, assignments[i], NULL));
  hits = muster_procedure_find_output (c.procedure, "hits");

  exact_seconds = seconds_per_exact (&c);
  exact = muster_procedure_run_exact (c.procedure, ruleset, values, NULL);

  start = g_get_monotonic_time ();
  simulated = muster_procedure_simulate (c.procedure, ruleset, values, TRIALS, 1, NULL);
  naive_seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;

  e = muster_procedure_result_get_output (exact, hits);
  s = muster_procedure_result_get_output (simulated, hits);
  for (int v = muster_dist_get_min (e); v <= muster_dist_get_max (e); v++)
    worst = MAX (worst, fabs (muster_dist_get_prob (e, v) - muster_dist_get_prob (s, v)));

  g_print ("%s: exact %.4f ms; naive simulation of %d trials %.1f ms (%.0fx the exact time), "
           "still off by up to %.1e; mean hits %.4f\n",
           name, exact_seconds * 1e3, TRIALS, naive_seconds * 1e3,
           naive_seconds / exact_seconds, worst, muster_dist_get_mean (e));
}

int
main (int   argc,
      char *argv[])
{
  static const char * const medium[] = {
    "attack-dice=60", "range=medium", "fire-quality=c", NULL
  };
  static const char * const close_b[] = {
    "attack-dice=60", "range=close", "fire-quality=b", "mounted=yes", NULL
  };
  g_autofree char *path = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;

  path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                           "horse-and-musket.xml", NULL);
  ruleset = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);

  bench_volley ("horse-and-musket: 60 attack dice at AN 3, kill dice summed, floor(sum / 5)",
                ruleset, medium);
  bench_volley ("horse-and-musket: 60 attack dice at AN 2, kill dice summed, floor(sum / 3)",
                ruleset, close_b);
  return 0;
}
