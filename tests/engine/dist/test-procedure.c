/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>

#include "muster-engine.h"
#include "muster-test-util.h"

/* A procedure made for the test: roll N d6, each succeeding on target+ (re-rolling failures
 * once if asked); pass when at least `need` succeed. */
static const char * const modes[] = { "plain", "reroll", NULL };
static const char * const mode_labels[] = { "Plain", "Re-roll failures", NULL };
static const char * const verdicts[] = { "Fail", "Pass", NULL };

enum { IN_DICE, IN_TARGET, IN_NEED, IN_MODE, IN_BONUS };
enum { OUT_SUCCESSES, OUT_VERDICT };

static const MusterInputSpec test_inputs[] = {
  { "dice", "Dice", "How many d6", MUSTER_INPUT_INT, 1, 20, 4, NULL, NULL },
  { "target", "Target", "Each die succeeds on this or more", MUSTER_INPUT_INT, 2, 6, 5, NULL, NULL },
  { "need", "Successes needed", "To pass", MUSTER_INPUT_INT, 0, 20, 2, NULL, NULL },
  { "mode", "Mode", "Re-roll or not", MUSTER_INPUT_CHOICE, 0, 0, 0, modes, mode_labels },
  { "bonus", "+1 success", "A bonus success", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
};

static const MusterOutputSpec test_outputs[] = {
  { "successes", "Successes", NULL },
  { "verdict", "Result", verdicts },
};

static double
success_p (const int *values)
{
  return (7 - values[IN_TARGET]) / 6.0;
}

static int
verdict_of (int   successes,
            gpointer data)
{
  return successes >= GPOINTER_TO_INT (data) ? 1 : 0;
}

static gboolean
test_exact (const MusterProcedure  *procedure,
            const MusterRuleset    *ruleset,
            const int              *values,
            MusterDist            **outputs,
            GError                **error)
{
  double p = success_p (values);
  g_autoptr(MusterDist) raw = NULL;

  if (values[IN_NEED] > values[IN_DICE] + 1)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   "need more successes than dice");
      return FALSE;
    }
  raw = muster_dist_new_success_dice (values[IN_DICE], p, values[IN_MODE] == 1 ? G_MAXUINT : 0, p);
  outputs[OUT_SUCCESSES] = muster_dist_shift_clamp (raw, values[IN_BONUS], 0, values[IN_DICE]);
  outputs[OUT_VERDICT] = muster_dist_map (outputs[OUT_SUCCESSES], verdict_of,
                                          GINT_TO_POINTER (values[IN_NEED]));
  return TRUE;
}

static void
test_sample (const MusterProcedure *procedure,
             const MusterRuleset   *ruleset,
             const int             *values,
             MusterDice            *dice,
             int                   *outcome)
{
  int successes = values[IN_BONUS];

  for (int i = 0; i < values[IN_DICE]; i++)
    {
      gboolean ok = muster_dice_roll (dice, 6) >= values[IN_TARGET];

      if (!ok && values[IN_MODE] == 1)
        ok = muster_dice_roll (dice, 6) >= values[IN_TARGET];
      successes += ok;
    }
  outcome[OUT_SUCCESSES] = CLAMP (successes, 0, values[IN_DICE]);
  outcome[OUT_VERDICT] = outcome[OUT_SUCCESSES] >= values[IN_NEED];
}

static const MusterProcedure test_procedure = {
  "test-system", "roll", "Roll", "A roll made for the tests",
  test_inputs, G_N_ELEMENTS (test_inputs), test_outputs, G_N_ELEMENTS (test_outputs),
  test_exact, test_sample,
};

static const MusterProcedure simulate_only = {
  "test-system", "battle", "Battle", "Only simulated",
  test_inputs, G_N_ELEMENTS (test_inputs), test_outputs, G_N_ELEMENTS (test_outputs),
  NULL, test_sample,
};

static void
test_procedure_values (void)
{
  g_autofree int *values = muster_procedure_default_values (&test_procedure);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  static const struct {
    const char *assignment;
    const char *message;
  } bad[] = {
    { "dice", "“dice” is not of the form name=value" },
    { "=3", "“=3” is not of the form name=value" },
    { "legs=2", "test-system roll has no input “legs”" },
    { "dice=0", "dice: “0” is not a whole number from 1 to 20" },
    { "dice=3.5", "dice: “3.5” is not a whole number from 1 to 20" },
    { "mode=twice", "mode: “twice” is not one of plain, reroll" },
    { "bonus=maybe", "bonus: “maybe” is not yes or no" },
  };

  g_assert_cmpint (values[IN_DICE], ==, 4);
  g_assert_cmpint (values[IN_TARGET], ==, 5);
  g_assert_cmpint (muster_procedure_find_input (&test_procedure, "need"), ==, IN_NEED);
  g_assert_cmpint (muster_procedure_find_input (&test_procedure, "legs"), ==, -1);
  g_assert_cmpint (muster_procedure_find_output (&test_procedure, "verdict"), ==, OUT_VERDICT);

  g_assert_true (muster_procedure_set_value (&test_procedure, values, "dice=12", &error));
  g_assert_true (muster_procedure_set_value (&test_procedure, values, "mode=REROLL", &error));
  g_assert_true (muster_procedure_set_value (&test_procedure, values, "bonus=yes", &error));
  g_assert_no_error (error);
  g_assert_cmpint (values[IN_DICE], ==, 12);
  g_assert_cmpint (values[IN_MODE], ==, 1);
  g_assert_cmpint (values[IN_BONUS], ==, 1);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_false (muster_procedure_set_value (&test_procedure, values, bad[i].assignment,
                                                  &error));
      g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
      g_assert_cmpstr (error->message, ==, bad[i].message);
      g_clear_error (&error);
    }
  /* A failed assignment changes nothing. */
  g_assert_cmpint (values[IN_DICE], ==, 12);

  values[IN_MODE] = 2;
  g_assert_false (muster_procedure_check_values (&test_procedure, values, &error));
  g_assert_cmpstr (error->message, ==, "mode: 2 is outside 0 to 1");

  label = muster_procedure_format_value (&test_procedure, OUT_VERDICT, 1);
  g_assert_cmpstr (label, ==, "Pass");
  g_free (label);
  label = muster_procedure_format_value (&test_procedure, OUT_SUCCESSES, 3);
  g_assert_cmpstr (label, ==, "3");
}

static void
test_procedure_exact (void)
{
  g_autofree int *values = muster_procedure_default_values (&test_procedure);
  g_autoptr(MusterProcedureResult) result = NULL;
  g_autoptr(GError) error = NULL;
  MusterDist *successes, *verdict;

  /* 4 dice on 5+: P(≥2) = 1 − (2/3)^4 − 4·(1/3)(2/3)^3 = 11/27. */
  result = muster_procedure_run_exact (&test_procedure, NULL, values, &error);
  g_assert_no_error (error);
  g_assert_true (muster_procedure_result_is_exact (result));
  successes = muster_procedure_result_get_output (result, OUT_SUCCESSES);
  verdict = muster_procedure_result_get_output (result, OUT_VERDICT);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob_at_least (successes, 2), 11.0 / 27, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (verdict, 1), 11.0 / 27, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (successes), 4.0 / 3, 1e-12);

  /* The procedure's own refusal comes through. */
  values[IN_DICE] = 1;
  values[IN_NEED] = 5;
  g_clear_pointer (&result, muster_procedure_result_free);
  result = muster_procedure_run_exact (&test_procedure, NULL, values, &error);
  g_assert_null (result);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  result = muster_procedure_run_exact (&simulate_only, NULL, values, &error);
  g_assert_null (result);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_PROCEDURE);
}

static void
test_procedure_simulate_matches_exact (void)
{
  g_autofree int *values = muster_procedure_default_values (&test_procedure);
  g_autoptr(MusterProcedureResult) exact = NULL;
  g_autoptr(MusterProcedureResult) simulated = NULL;
  g_autoptr(MusterProcedureResult) again = NULL;
  const guint64 trials = 200000;
  MusterDist *e, *s;

  values[IN_DICE] = 6;
  values[IN_MODE] = 1;
  values[IN_BONUS] = 1;
  exact = muster_procedure_run_exact (&test_procedure, NULL, values, NULL);
  simulated = muster_procedure_simulate (&test_procedure, NULL, values, trials, 42, NULL);
  g_assert_false (muster_procedure_result_is_exact (simulated));
  g_assert_cmpuint (muster_procedure_result_get_trials (simulated), ==, trials);

  e = muster_procedure_result_get_output (exact, OUT_SUCCESSES);
  s = muster_procedure_result_get_output (simulated, OUT_SUCCESSES);
  for (int k = muster_dist_get_min (e); k <= muster_dist_get_max (e); k++)
    {
      double p = muster_dist_get_prob (e, k);
      double se = sqrt (p * (1 - p) / trials);

      g_assert_cmpfloat (fabs (muster_dist_get_prob (s, k) - p), <=, 4 * se + 1e-12);
    }

  /* One seed, one result. */
  again = muster_procedure_simulate (&test_procedure, NULL, values, trials, 42, NULL);
  g_assert_true (muster_dist_equal (muster_procedure_result_get_output (again, OUT_SUCCESSES), s,
                                    0.0));
}

typedef struct
{
  guint   calls;
  guint64 last_done;
  guint64 stop_at;   /* 0: never */
} Progress;

static gboolean
progress_cb (guint64  done,
             guint64  total,
             gpointer user_data)
{
  Progress *p = user_data;

  g_assert_cmpuint (done, >, p->last_done);
  g_assert_cmpuint (done, <=, total);
  p->calls++;
  p->last_done = done;
  return p->stop_at == 0 || done < p->stop_at;
}

/* A long simulation tells how far it is, and stops when told to, with what it played. */
static void
test_procedure_simulate_progress (void)
{
  g_autofree int *values = muster_procedure_default_values (&test_procedure);
  g_autoptr(MusterProcedureResult) whole = NULL;
  g_autoptr(MusterProcedureResult) stopped = NULL;
  Progress all = { 0 }, part = { 0, 0, 3 * 65536 };

  whole = muster_procedure_simulate_with_progress (&test_procedure, NULL, values, 500000, 7,
                                                   progress_cb, &all, NULL);
  g_assert_cmpuint (muster_procedure_result_get_trials (whole), ==, 500000);
  g_assert_cmpuint (all.calls, ==, 500000 / 65536 + 1);
  g_assert_cmpuint (all.last_done, ==, 500000);

  stopped = muster_procedure_simulate_with_progress (&test_procedure, NULL, values, 1000000000,
                                                     7, progress_cb, &part, NULL);
  g_assert_cmpuint (muster_procedure_result_get_trials (stopped), ==, 3 * 65536);
  g_assert_cmpuint (part.calls, ==, 3);
}

static void
test_procedure_result_text (void)
{
  g_autofree int *values = muster_procedure_default_values (&test_procedure);
  g_autoptr(MusterProcedureResult) result = NULL;
  g_autofree char *text = NULL;

  values[IN_DICE] = 1;
  values[IN_NEED] = 1;
  values[IN_BONUS] = 1;
  result = muster_procedure_run_exact (&test_procedure, NULL, values, NULL);
  text = muster_procedure_result_to_text (result, values);

  /* One die on 5+ with a bonus success, clamped to one: always one success. */
  g_assert_cmpstr (text, ==,
                   "test-system — Roll\n"
                   "dice=1 target=5 need=1 mode=plain bonus=yes\n"
                   "Exact probabilities\n"
                   "\n"
                   "Successes  (mean 1.000)\n"
                   "  value      P(=)      P(≥)      P(≤)\n"
                   "  1      100.000%  100.000%  100.000%  ████████████████████████████████████████\n"
                   "\n"
                   "Result  (categories)\n"
                   "  value      P(=)\n"
                   "  Pass   100.000%  ████████████████████████████████████████\n");
}

static void
test_procedure_registry (void)
{
  guint n;
  const MusterProcedure * const *list = muster_procedure_list (&n);

  /* Every registered procedure is well formed: defaults within range, labels present,
   * unique ids per system. */
  for (guint i = 0; i < n; i++)
    {
      g_autofree int *values = muster_procedure_default_values (list[i]);

      g_assert_nonnull (list[i]->name);
      g_assert_nonnull (list[i]->sample);
      g_assert_true (muster_procedure_check_values (list[i], values, NULL));
      g_assert_true (muster_procedure_lookup (list[i]->system, list[i]->id) == list[i]);
      for (guint j = 0; j < list[i]->n_inputs; j++)
        {
          g_assert_nonnull (list[i]->inputs[j].label);
          g_assert_nonnull (list[i]->inputs[j].help);
        }
    }
  g_assert_null (muster_procedure_lookup ("test-system", "roll"));
}

/* Counts of every value of every output over @trials plays of @p by its plain sampler, with the
 * dice of @seed: what the simulator did before procedures could prepare once. */
static GArray *
plain_counts (const MusterProcedure *p,
              const MusterRuleset   *ruleset,
              const int             *values,
              guint                  trials,
              guint64                seed)
{
  g_autoptr(MusterDice) dice = muster_dice_new (seed);
  GArray *counts = g_array_new (FALSE, TRUE, sizeof (guint));
  int outcome[32];

  g_assert_cmpuint (p->n_outputs, <=, G_N_ELEMENTS (outcome));
  for (guint t = 0; t < trials; t++)
    {
      p->sample (p, ruleset, values, dice, outcome);
      for (guint o = 0; o < p->n_outputs; o++)
        {
          /* output o, value v (−50 … 949) at o × 1000 + v + 50 */
          guint at = o * 1000 + (guint) CLAMP (outcome[o] + 50, 0, 999);

          if (at >= counts->len)
            g_array_set_size (counts, at + 1);
          g_array_index (counts, guint, at)++;
        }
    }
  return counts;
}

/* Procedures that prepare once give, seed for seed, what their plain sampler gives. */
static void
test_procedure_prepared (void)
{
  guint n, checked = 0;
  const MusterProcedure * const *list = muster_procedure_list (&n);
  const guint trials = 3000;

  for (guint i = 0; i < n; i++)
    {
      const MusterProcedure *p = list[i];
      g_autoptr(MusterRuleset) ruleset = NULL;
      g_autofree int *values = NULL;
      g_autoptr(MusterProcedureResult) result = NULL;
      g_autoptr(GArray) counts = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true ((p->prepare == NULL) == (p->sample_prepared == NULL));
      if (p->prepare == NULL)
        continue;
      ruleset = muster_test_load_shipped_ruleset (p->system);
      values = muster_procedure_default_values (p);
      result = muster_procedure_simulate (p, ruleset, values, trials, 9 + i, &error);
      g_assert_no_error (error);
      counts = plain_counts (p, ruleset, values, trials, 9 + i);
      for (guint o = 0; o < p->n_outputs; o++)
        {
          MusterDist *d = muster_procedure_result_get_output (result, o);

          for (int v = -50; v < 950; v++)
            {
              guint at = o * 1000 + (guint) (v + 50);
              guint expected = at < counts->len ? g_array_index (counts, guint, at) : 0;

              if (llround (muster_dist_get_prob (d, v) * trials) != expected)
                g_error ("%s %s, output %u, value %d: %g prepared, %u plain", p->system, p->id,
                         o, v, muster_dist_get_prob (d, v) * trials, expected);
            }
        }
      checked++;
    }
  /* Battle Valor Fantasy and Standards of Valor prepare once */
  g_assert_cmpuint (checked, >=, 30);
}

/* A procedure that prepares once reports a ruleset without its tables as an error. */
static void
test_procedure_prepare_error (void)
{
  static const char text[] =
    "<ruleset format='1' id='standards-of-valor' version='1'><name>Bare</name></ruleset>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, sizeof text - 1);
  g_autoptr(MusterRuleset) bare = muster_ruleset_new_from_bytes (bytes, "bare.xml", NULL);
  const MusterProcedure *p = muster_procedure_lookup ("standards-of-valor", "fire");
  g_autofree int *values = muster_procedure_default_values (p);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (bare);
  g_assert_nonnull (p->prepare);
  g_assert_null (muster_procedure_simulate (p, bare, values, 10, 1, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/procedure/values", test_procedure_values);
  g_test_add_func ("/engine/procedure/exact", test_procedure_exact);
  g_test_add_func ("/engine/procedure/simulate", test_procedure_simulate_matches_exact);
  g_test_add_func ("/engine/procedure/simulate-progress", test_procedure_simulate_progress);
  g_test_add_func ("/engine/procedure/text", test_procedure_result_text);
  g_test_add_func ("/engine/procedure/registry", test_procedure_registry);
  g_test_add_func ("/engine/procedure/prepared", test_procedure_prepared);
  g_test_add_func ("/engine/procedure/prepare-error", test_procedure_prepare_error);

  return g_test_run ();
}
