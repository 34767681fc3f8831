/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>
#include <time.h>

#include "muster-engine.h"

/*
 * Times Battle Valor Fantasy's exact procedures beside the naive way to the same numbers,
 * playing the procedure's own sampler (the dice one by one) TRIALS times: 200 attack dice with
 * rerolls to casualties, and a 3-round combat between two 12-stand units. Then the simulator's
 * speed: whole combats a second. Targets: each exact result under 1 ms, at least a million
 * single combats a second on one core.
 */

#define TRIALS 100000
#define MIN_SECONDS 0.5

/* The machine running the benchmarks is often shared: time this thread's CPU, not the wall. */
static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct
{
  const MusterProcedure *procedure;
  const MusterRuleset   *ruleset;
  int                   *values;
} Case;

static void
run_exact (const Case *c)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterProcedureResult) r = muster_procedure_run_exact (c->procedure, c->ruleset,
                                                                   c->values, &error);

  g_assert_no_error (error);
}

/* Seconds a call, from as many calls as fit in MIN_SECONDS. */
static double
time_exact (const Case *c)
{
  double start = cpu_seconds ();
  double elapsed;
  guint calls = 0;

  do
    {
      run_exact (c);
      calls++;
      elapsed = cpu_seconds () - start;
    }
  while (elapsed < MIN_SECONDS);
  return elapsed / calls;
}

/* The largest gap between the simulated and the exact distribution of the first output. */
static double
max_error (const MusterProcedureResult *exact,
           const MusterProcedureResult *simulated,
           guint                        output)
{
  MusterDist *e = muster_procedure_result_get_output (exact, output);
  MusterDist *s = muster_procedure_result_get_output (simulated, output);
  double worst = 0.0;

  for (int v = muster_dist_get_min (e); v <= muster_dist_get_max (e); v++)
    worst = MAX (worst, fabs (muster_dist_get_prob (e, v) - muster_dist_get_prob (s, v)));
  return worst;
}

static void
bench_case (const char *name,
            const Case *c,
            guint       output)
{
  g_autoptr(MusterProcedureResult) exact = muster_procedure_run_exact (c->procedure, c->ruleset,
                                                                       c->values, NULL);
  g_autoptr(MusterProcedureResult) simulated = NULL;
  double t_exact = time_exact (c);
  double start = cpu_seconds ();
  double t_naive;

  simulated = muster_procedure_simulate (c->procedure, c->ruleset, c->values, TRIALS, 1, NULL);
  t_naive = cpu_seconds () - start;
  g_print ("%s (CPU time): exact %.4f ms; naive simulation of %d trials %.1f ms (%.0fx the exact time), "
           "still off by up to %.1e\n",
           name, t_exact * 1e3, TRIALS, t_naive * 1e3, t_naive / t_exact,
           max_error (exact, simulated, output));
}

static void
bench_simulator (const char *name,
                 const Case *c)
{
  guint64 trials = 200000;
  double start = cpu_seconds ();
  g_autoptr(MusterProcedureResult) r = muster_procedure_simulate (c->procedure, c->ruleset,
                                                                  c->values, trials, 2, NULL);
  double seconds = cpu_seconds () - start;

  g_print ("simulator, %s: %.2f million combats per CPU second (mean figures left %.2f)\n", name,
           trials / seconds / 1e6, muster_dist_get_mean (muster_procedure_result_get_output (r, 0)));
}

static int *
values_of (const MusterProcedure *p,
           const char * const    *assignments)
{
  int *values = muster_procedure_default_values (p);

  for (guint i = 0; assignments[i] != NULL; i++)
    g_assert_true (muster_procedure_set_value (p, values, assignments[i], NULL));
  return values;
}

int
main (int   argc,
      char *argv[])
{
  static const char * const strike_args[] = {
    "attack-dice=200", "keen-weapons=20", "target-armour=heavy", "magic-armour=5",
    "target-figures=400", "experience=veteran", NULL
  };
  static const char * const combat_args[] = { "rounds=3", NULL };
  static const char * const round_args[] = { "rounds=1", "charge-roll=no", NULL };
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                                            "battle-valor-fantasy.xml", NULL);
  g_autoptr(MusterRuleset) ruleset = muster_ruleset_new_from_file (path, NULL);
  const MusterProcedure *strike = muster_procedure_lookup ("battle-valor-fantasy", "melee-strike");
  const MusterProcedure *combat = muster_procedure_lookup ("battle-valor-fantasy", "combat");
  g_autofree int *strike_values = values_of (strike, strike_args);
  g_autofree int *combat_values = values_of (combat, combat_args);
  g_autofree int *round_values = values_of (combat, round_args);
  Case strike_case = { strike, ruleset, strike_values };
  Case combat_case = { combat, ruleset, combat_values };
  Case round_case = { combat, ruleset, round_values };

  g_assert_nonnull (ruleset);
  bench_case ("BVF 200 attack dice, 20 Keen Weapons rerolls, heavy armour + 5 Magic Armour, "
              "to casualties", &strike_case, 1);
  bench_case ("BVF 3-round combat, two 12-stand units of 48 figures, with the charge roll",
              &combat_case, 0);
  bench_simulator ("one round of two 12-stand units", &round_case);
  bench_simulator ("3-round combat of two 12-stand units", &combat_case);
  return 0;
}
