/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

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
