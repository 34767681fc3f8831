/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>

#include "muster-engine.h"
#include "muster-bench-util.h"

/*
 * Times the exact distributions the combat procedures need, and sampling from them, each beside
 * the naive way of getting the same numbers: simulating every die (there is no naive exact way
 * for these sizes: 200 success dice with 100 re-rolls have 6^300 combinations). Prints one plain
 * text line a figure. The targets: each exact result under 1 ms, at least a million samples a
 * second.
 */

#define TRIALS 100000

typedef guint *(*SimulateFunc) (gpointer data);

typedef struct
{
  guint       n_dice;
  double      p;
  guint       max_rerolls;
  int         modifier;
  MusterDist *result;
} SuccessCase;

typedef struct
{
  guint       n_shots;
  int         accuracy;
  int         kill_number;
  MusterDist *result;
} VolleyCase;

typedef struct
{
  MusterDice       *dice;
  const MusterDist *dist;
  guint             n;
  gint64            sum;
  gint64            drawn;
} SampleCase;

/* The largest gap between simulated frequencies and the exact distribution */
static double
max_error (const MusterDist *exact,
           const guint      *counts,
           guint             n_counts)
{
  double worst = 0.0;

  for (guint v = 0; v < n_counts; v++)
    worst = MAX (worst, fabs ((double) counts[v] / TRIALS - muster_dist_get_prob (exact, v)));
  return worst;
}

static void
success_exact (gpointer data)
{
  SuccessCase *c = data;
  g_autoptr(MusterDist) raw = muster_dist_new_success_dice (c->n_dice, c->p, c->max_rerolls, c->p);

  g_clear_pointer (&c->result, muster_dist_unref);
  c->result = muster_dist_shift_clamp (raw, c->modifier, 0, (int) c->n_dice);
}

static guint *
success_simulate (gpointer data)
{
  const SuccessCase *c = data;
  g_autoptr(MusterDice) dice = muster_dice_new (1);
  guint *counts = g_new0 (guint, c->n_dice + 1);

  for (guint t = 0; t < TRIALS; t++)
    {
      guint rerolls = 0;
      int successes = c->modifier;

      for (guint i = 0; i < c->n_dice; i++)
        {
          if (muster_dice_roll (dice, 6) >= 5)
            successes++;
          else if (rerolls < c->max_rerolls && (rerolls++, muster_dice_roll (dice, 6) >= 5))
            successes++;
        }
      counts[CLAMP (successes, 0, (int) c->n_dice)]++;
    }
  return counts;
}

static void
volley_exact (gpointer data)
{
  VolleyCase *c = data;
  double p = MAX (0, 7 - MAX (c->accuracy, 2)) / 6.0;
  g_autoptr(MusterDist) accurate = muster_dist_new_binomial (c->n_shots, p);
  g_autoptr(MusterDist) die = muster_dist_new_die (6);
  g_autoptr(MusterDist) kill = muster_dist_compound (accurate, die);

  g_clear_pointer (&c->result, muster_dist_unref);
  c->result = muster_dist_scale (kill, 1, c->kill_number, MUSTER_ROUND_DOWN);
}

static guint *
volley_simulate (gpointer data)
{
  const VolleyCase *c = data;
  g_autoptr(MusterDice) dice = muster_dice_new (2);
  guint *counts = g_new0 (guint, 6 * c->n_shots / c->kill_number + 1);

  for (guint t = 0; t < TRIALS; t++)
    {
      int sum = 0;

      for (guint i = 0; i < c->n_shots; i++)
        {
          int roll = muster_dice_roll (dice, 6);

          if (roll != 1 && roll >= c->accuracy)
            sum += muster_dice_roll (dice, 6);
        }
      counts[sum / c->kill_number]++;
    }
  return counts;
}

static void
sample_alias (gpointer data)
{
  SampleCase *c = data;

  for (guint i = 0; i < c->n; i++)
    c->sum += muster_dice_sample (c->dice, c->dist);
  c->drawn += c->n;
}

/* The naive draw: one uniform number, then a walk along the cumulative probabilities. */
static void
sample_linear (gpointer data)
{
  SampleCase *c = data;
  guint length;
  int offset;
  const double *probs = muster_dist_get_probs (c->dist, &offset, &length);

  for (guint i = 0; i < c->n; i++)
    {
      double u = muster_dice_double (c->dice);
      double cumulative = 0.0;
      guint k = 0;

      while (k + 1 < length && (cumulative += probs[k]) <= u)
        k++;
      c->sum += offset + (int) k;
    }
  c->drawn += c->n;
}

/* Times the exact function, then one naive simulation of TRIALS trials, and prints both. */
static void
bench_against_simulation (const char    *name,
                          BenchFunc      exact_func,
                          SimulateFunc   simulate_func,
                          gpointer       data,
                          MusterDist   **result,
                          guint          n_values)
{
  g_autofree guint *counts = NULL;
  gint64 start;
  double exact;
  double naive;

  exact = time_per_call (exact_func, data);
  start = g_get_monotonic_time ();
  counts = simulate_func (data);
  naive = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  g_print ("%s: exact %.4f ms; naive simulation of %d trials %.1f ms (%.0fx the exact time), "
           "still off by up to %.1e\n",
           name, exact * 1e3, TRIALS, naive * 1e3, naive / exact,
           max_error (*result, counts, n_values));
  g_clear_pointer (result, muster_dist_unref);
}

static void
bench_sampling (void)
{
  VolleyCase v = { 60, 3, 5, NULL };
  g_autoptr(MusterDist) sum = muster_dist_new_dice_sum (3, 6);
  g_autoptr(MusterDice) dice = muster_dice_new (3);
  const MusterDist *dists[2];
  const char *names[] = { "3d6", "hits of the 60-shot volley" };

  volley_exact (&v);
  dists[0] = sum;
  dists[1] = v.result;

  for (guint i = 0; i < G_N_ELEMENTS (dists); i++)
    {
      SampleCase alias_case = { dice, dists[i], 1000, 0, 0 };
      SampleCase linear_case = { dice, dists[i], 1000, 0, 0 };
      double alias = time_per_call (sample_alias, &alias_case) / alias_case.n;
      double linear = time_per_call (sample_linear, &linear_case) / linear_case.n;

      /* The means are printed, so that no compiler can drop the draws, and as a check. */
      g_print ("sampling %s (%u values): %.1f million samples/s; naive linear search "
               "%.1f million/s (%.1fx slower); sample means %.3f and %.3f, exact %.3f\n",
               names[i], muster_dist_get_max (dists[i]) - muster_dist_get_min (dists[i]) + 1,
               1e-6 / alias, 1e-6 / linear, linear / alias,
               (double) alias_case.sum / alias_case.drawn,
               (double) linear_case.sum / linear_case.drawn, muster_dist_get_mean (dists[i]));
    }

  muster_dist_unref (v.result);
}

int
main (int   argc,
      char *argv[])
{
  SuccessCase success = { 200, 1.0 / 3.0, 100, 1, NULL };
  VolleyCase volley = { 60, 3, 5, NULL };

  bench_against_simulation ("200 success dice, re-roll up to 100 failures, +1 clamped to [0, 200]",
                            success_exact, success_simulate, &success, &success.result,
                            success.n_dice + 1);
  bench_against_simulation ("60 shots on 3+, kill dice summed, floor(sum / 5)",
                            volley_exact, volley_simulate, &volley, &volley.result,
                            6 * volley.n_shots / volley.kill_number + 1);
  bench_sampling ();
  return 0;
}
