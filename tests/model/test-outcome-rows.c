/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-outcome-row.h"

static const char * const verdicts[] = { "Hold", "Fall back", "Rout", NULL };
static const MusterInputSpec inputs[] = {
  { "dice", "Dice", "How many d6", MUSTER_INPUT_INT, 1, 4, 2, NULL, NULL },
};
static const MusterOutputSpec outputs[] = {
  { "sum", "Sum", NULL },
  { "verdict", "Verdict", verdicts },
};

static int
verdict_of (int      sum,
            gpointer data)
{
  return sum >= 10 ? 0 : sum >= 5 ? 1 : 2;
}

static gboolean
exact (const MusterProcedure  *procedure,
       const MusterRuleset    *ruleset,
       const int              *values,
       MusterDist            **out,
       GError                **error)
{
  out[0] = muster_dist_new_dice_sum (values[0], 6);
  out[1] = muster_dist_map (out[0], verdict_of, NULL);
  return TRUE;
}

static void
sample (const MusterProcedure *procedure,
        const MusterRuleset   *ruleset,
        const int             *values,
        MusterDice            *dice,
        int                   *outcome)
{
  outcome[0] = muster_dice_roll (dice, 6) + muster_dice_roll (dice, 6);
  outcome[1] = verdict_of (outcome[0], NULL);
}

static const MusterProcedure procedure = {
  "test", "morale", "Morale", "A test", inputs, 1, outputs, 2, exact, sample
};

static void
test_outcome_rows (void)
{
  int values[] = { 2 };
  g_autoptr(MusterProcedureResult) result = muster_procedure_run_exact (&procedure, NULL, values,
                                                                        NULL);
  g_autoptr(GListModel) sums = muster_outcome_rows_new (result, 0);
  g_autoptr(GListModel) verdict_rows = muster_outcome_rows_new (result, 1);
  g_autoptr(MusterOutcomeRow) seven = NULL;
  g_autoptr(MusterOutcomeRow) rout = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (sums), ==, 11);
  seven = g_list_model_get_item (sums, 5);
  g_assert_cmpint (muster_outcome_row_get_value (seven), ==, 7);
  g_assert_cmpstr (muster_outcome_row_get_label (seven), ==, "7");
  g_assert_cmpfloat_with_epsilon (muster_outcome_row_get_probability (seven), 6.0 / 36, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_outcome_row_get_at_least (seven), 21.0 / 36, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_outcome_row_get_at_most (seven), 21.0 / 36, 1e-12);

  /* Categorical outcomes carry their names. */
  g_assert_cmpuint (g_list_model_get_n_items (verdict_rows), ==, 3);
  rout = g_list_model_get_item (verdict_rows, 2);
  g_assert_cmpstr (muster_outcome_row_get_label (rout), ==, "Rout");
  g_assert_cmpfloat_with_epsilon (muster_outcome_row_get_probability (rout), 6.0 / 36, 1e-12);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/outcome-rows", test_outcome_rows);
  return g_test_run ();
}
