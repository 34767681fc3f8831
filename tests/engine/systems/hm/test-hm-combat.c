/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>

#include "muster-engine.h"
#include "muster-system-hm-private.h"

/*
 * The multi-scale horse-and-musket procedures against the review's worked examples (TV1–TV11:
 * the book's dice give the book's result), the exact probabilities the digest derives, and
 * brute force: every combination of faces played through the same code as the simulator
 * agrees with the exact distributions.
 */

#define EXACT_EPSILON 1e-12
#define MAX_OUTPUTS 16
#define VALUE_OFFSET 64
#define VALUE_SPAN 1024

static MusterRuleset *ruleset;

static const MusterProcedure *
procedure (const char *id)
{
  const MusterProcedure *p = muster_procedure_lookup ("horse-and-musket", id);

  g_assert_nonnull (p);
  return p;
}

/* Returns: (transfer full): the defaults of @p with the NULL-terminated name=value changes */
static int *
values_for (const MusterProcedure *p,
            ...)
{
  int *values = muster_procedure_default_values (p);
  const char *assignment;
  va_list ap;

  va_start (ap, p);
  while ((assignment = va_arg (ap, const char *)))
    {
      g_autoptr(GError) error = NULL;

      muster_procedure_set_value (p, values, assignment, &error);
      g_assert_no_error (error);
    }
  va_end (ap);
  return values;
}

static MusterProcedureResult *
run_exact (const MusterProcedure *p,
           const int             *values)
{
  g_autoptr(GError) error = NULL;
  MusterProcedureResult *result = muster_procedure_run_exact (p, ruleset, values, &error);

  g_assert_no_error (error);
  return result;
}

static MusterDist *
output (const MusterProcedureResult *result,
        const char                  *id)
{
  const MusterProcedure *p = muster_procedure_result_get_procedure (result);
  int index = muster_procedure_find_output (p, id);

  g_assert_cmpint (index, >=, 0);
  return muster_procedure_result_get_output (result, index);
}

/* Plays @p with @faces, which it must use up exactly. */
static void
resolve (const MusterProcedure *p,
         const int             *values,
         const int             *faces,
         guint                  n_faces,
         int                   *outcome)
{
  g_autoptr(GError) error = NULL;
  guint used = 0;

  g_assert_true (_muster_hm_resolve (p, ruleset, values, faces, n_faces, outcome, &used, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (used, ==, n_faces);
}

static int
outcome_of (const MusterProcedure *p,
            const int             *outcome,
            const char            *id)
{
  int index = muster_procedure_find_output (p, id);

  g_assert_cmpint (index, >=, 0);
  return outcome[index];
}

static void
assert_prob (const MusterDist *dist,
             int               value,
             double            expected)
{
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (dist, value), expected, EXACT_EPSILON);
}

/* Plays @p with every one of the 6^@n_faces face combinations (each equally likely; faces the
 * procedure does not use only repeat outcomes evenly) and compares the frequencies with the
 * exact distributions. */
static void
brute_force (const MusterProcedure *p,
             const int             *values,
             guint                  n_faces)
{
  g_autoptr(MusterProcedureResult) exact = run_exact (p, values);
  g_autofree double *weights = g_new0 (double, MAX_OUTPUTS * VALUE_SPAN);
  int faces[12], outcome[MAX_OUTPUTS];
  guint64 combinations = 1;

  g_assert_cmpuint (p->n_outputs, <=, MAX_OUTPUTS);
  g_assert_cmpuint (n_faces, <=, G_N_ELEMENTS (faces));
  for (guint i = 0; i < n_faces; i++)
    combinations *= 6;

  for (guint64 c = 0; c < combinations; c++)
    {
      g_autoptr(GError) error = NULL;
      guint64 rest = c;

      for (guint i = 0; i < n_faces; i++, rest /= 6)
        faces[i] = 1 + (int) (rest % 6);
      g_assert_true (_muster_hm_resolve (p, ruleset, values, faces, n_faces, outcome, NULL,
                                         &error));
      g_assert_no_error (error);
      for (guint o = 0; o < p->n_outputs; o++)
        {
          g_assert_cmpint (outcome[o] + VALUE_OFFSET, >=, 0);
          g_assert_cmpint (outcome[o] + VALUE_OFFSET, <, VALUE_SPAN);
          weights[o * VALUE_SPAN + outcome[o] + VALUE_OFFSET] += 1.0;
        }
    }

  for (guint o = 0; o < p->n_outputs; o++)
    {
      MusterDist *dist = muster_procedure_result_get_output (exact, o);
      double total = 0.0;

      g_assert_cmpfloat_with_epsilon (muster_dist_get_total (dist), 1.0, EXACT_EPSILON);
      for (int v = -VALUE_OFFSET; v < VALUE_SPAN - VALUE_OFFSET; v++)
        {
          double counted = weights[o * VALUE_SPAN + v + VALUE_OFFSET] / (double) combinations;

          total += counted;
          if (fabs (muster_dist_get_prob (dist, v) - counted) > EXACT_EPSILON)
            g_error ("%s %s = %d: exact %.15g, brute force %.15g", p->id, p->outputs[o].id, v,
                     muster_dist_get_prob (dist, v), counted);
        }
      g_assert_cmpfloat_with_epsilon (total, 1.0, EXACT_EPSILON);
    }
}

static void
test_hm_registry (void)
{
  static const char * const exact_ids[] = {
    "artillery-fire", "small-arms-fire", "opportunity-fire", "combined-fire", "charge-test",
    "morale-test", "rally",
    "melee", "pursuit-attack", "hit-conversion", "rout-pursuit",
  };

  for (guint i = 0; i < G_N_ELEMENTS (exact_ids); i++)
    {
      const MusterProcedure *p = procedure (exact_ids[i]);

      g_assert_nonnull (p->exact);
      g_assert_nonnull (p->sample);
    }
  g_assert_null (procedure ("charge")->exact);
  g_assert_nonnull (procedure ("charge")->sample);
}

static void
test_hm_missing_tables (void)
{
  static const char minimal[] =
    "<ruleset format=\"1\" id=\"horse-and-musket\" version=\"0\"><name>Bare</name></ruleset>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (minimal, sizeof minimal - 1);
  g_autoptr(MusterRuleset) bare = NULL;
  g_autoptr(MusterProcedureResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const MusterProcedure *p = procedure ("small-arms-fire");
  g_autofree int *values = muster_procedure_default_values (p);

  bare = muster_ruleset_new_from_bytes (bytes, "bare.xml", &error);
  g_assert_no_error (error);
  result = muster_procedure_run_exact (p, bare, values, &error);
  g_assert_null (result);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_cmpstr (error->message, ==, "the horse-and-musket ruleset has no table “accuracy-number”");
  g_clear_error (&error);

  result = muster_procedure_run_exact (p, NULL, values, &error);
  g_assert_null (result);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET);
  g_clear_error (&error);

  /* The simulated charge cannot report an error: one critical for all its trials, and no
   * division by a Kill Number of 0. */
  {
    const MusterProcedure *charge = procedure ("charge");
    g_autofree int *defaults = muster_procedure_default_values (charge);
    g_autoptr(MusterProcedureResult) simulated = NULL;

    g_test_expect_message ("muster-system-hm", G_LOG_LEVEL_CRITICAL,
                           "*has no table “morale-quality”*");
    simulated = muster_procedure_simulate (charge, bare, defaults, 1000, 1, &error);
    g_test_assert_expected_messages ();
    g_assert_no_error (error);
    g_assert_nonnull (simulated);
  }
}

/* TV1: a 4-lb horse gun (light, 2 dice), B, smoothbore, at medium range: AN 3 + 1 = 4;
 * KN 5 − 1 (B) − 1 (flank) + 1 (light cover) = 4. */
static void
test_hm_tv1_artillery (void)
{
  const MusterProcedure *p = procedure ("artillery-fire");
  g_autofree int *values = values_for (p, "gun=light", "range=medium", "weapon=smoothbore",
                                       "fire-quality=b", "flank=yes", "light-cover=yes", NULL);
  g_autoptr(MusterProcedureResult) result = NULL;
  static const int book[] = { 1, 5, 3 };
  static const int four[] = { 1, 5, 4 };
  static const int fours[] = { 4, 4, 6, 1 };
  static const int threes[] = { 3, 3 };
  MusterDist *hits;
  int outcome[3];

  /* The book's dice: a 1 (always fails) and a 5, one accurate shot; a kill roll of 3. */
  resolve (p, values, book, G_N_ELEMENTS (book), outcome);
  g_assert_cmpint (outcome_of (p, outcome, "accurate"), ==, 1);
  g_assert_cmpint (outcome_of (p, outcome, "kill-total"), ==, 3);
  g_assert_cmpint (outcome_of (p, outcome, "hits"), ==, 0);
  /* "At least a 4 to score one hit": KN 4, not 5. */
  resolve (p, values, four, G_N_ELEMENTS (four), outcome);
  g_assert_cmpint (outcome_of (p, outcome, "hits"), ==, 1);
  /* Two 4s are accurate at AN 4; kill dice 6 + 1 = 7 give one hit, rounded down. */
  resolve (p, values, fours, 4, outcome);
  g_assert_cmpint (outcome_of (p, outcome, "accurate"), ==, 2);
  g_assert_cmpint (outcome_of (p, outcome, "hits"), ==, 1);
  /* A 3 misses at AN 4 (the smoothbore penalty), so no kill dice are rolled. */
  resolve (p, values, threes, 2, outcome);
  g_assert_cmpint (outcome_of (p, outcome, "accurate"), ==, 0);

  /* §15.4: P(hits) = 75, 54, 14, 1 out of 144; E = 85/144. */
  result = run_exact (p, values);
  hits = output (result, "hits");
  assert_prob (hits, 0, 75.0 / 144);
  assert_prob (hits, 1, 54.0 / 144);
  assert_prob (hits, 2, 14.0 / 144);
  assert_prob (hits, 3, 1.0 / 144);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (hits), 85.0 / 144, EXACT_EPSILON);
}

/* TV2: 4 Sepoy stands, Fire Quality D, Brown Bess at medium range: AN 4; KN 5 + 1 (D) − 1
 * (mounted) − 1 (mob) − 1 (initial volley) = 3. */
static void
test_hm_tv2_small_arms (void)
{
  const MusterProcedure *p = procedure ("small-arms-fire");
  g_autofree int *values = values_for (p, "attack-dice=4", "range=medium", "weapon=smoothbore",
                                       "fire-quality=d", "mounted=yes", "mob=yes",
                                       "initial-volley=yes", NULL);
  g_autoptr(MusterProcedureResult) result = NULL;
  static const int book[] = { 2, 1, 5, 5, 4, 5 };
  static const double times_20736[] = { 3240, 4781, 5489, 4080, 2091, 825, 195, 34, 1 };
  MusterDist *hits;
  int outcome[3];

  resolve (p, values, book, G_N_ELEMENTS (book), outcome);
  g_assert_cmpint (outcome_of (p, outcome, "accurate"), ==, 2);
  g_assert_cmpint (outcome_of (p, outcome, "kill-total"), ==, 9);
  g_assert_cmpint (outcome_of (p, outcome, "hits"), ==, 3);

  result = run_exact (p, values);
  hits = output (result, "hits");
  for (guint h = 0; h < G_N_ELEMENTS (times_20736); h++)
    assert_prob (hits, h, times_20736[h] / 20736);
  g_assert_cmpint (muster_dist_get_max (hits), ==, 8);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (hits), 97.0 / 48, EXACT_EPSILON);

  /* Half the stands after a failed Charge Test, rounded down: 5 stands fire 2 dice. */
  g_free (values);
  values = values_for (p, "attack-dice=5", "half-stands=yes", NULL);
  g_clear_pointer (&result, muster_procedure_result_free);
  result = run_exact (p, values);
  g_assert_cmpint (muster_dist_get_max (output (result, "accurate")), ==, 2);
}

/* TV4: 8 Union stands, Fire Quality B, Springfield rifles at close range: AN 2; KN 5 + 1
 * (opportunity fire) − 1 (mounted) − 1 (B) = 4. */
static void
test_hm_tv4_opportunity_fire (void)
{
  const MusterProcedure *p = procedure ("opportunity-fire");
  const MusterProcedure *normal = procedure ("small-arms-fire");
  g_autofree int *values = values_for (p, "attack-dice=8", "range=close", "weapon=rifled",
                                       "fire-quality=b", "mounted=yes", NULL);
  static const int book[] = { 1, 6, 1, 2, 5, 1, 3, 4, 3, 3, 3, 2, 2 };
  int outcome[3];

  /* Three 1s among eight dice: five accurate; five kill dice totalling 13. */
  resolve (p, values, book, G_N_ELEMENTS (book), outcome);
  g_assert_cmpint (outcome_of (p, outcome, "accurate"), ==, 5);
  g_assert_cmpint (outcome_of (p, outcome, "kill-total"), ==, 13);
  g_assert_cmpint (outcome_of (p, outcome, "hits"), ==, 3);

  /* The same dice as a normal volley: KN 3, 13 / 3 = 4 hits. The partial volley costs one. */
  resolve (normal, values, book, G_N_ELEMENTS (book), outcome);
  g_assert_cmpint (outcome_of (normal, outcome, "hits"), ==, 4);
}

/* §6.4 pooling: kill totals 3 and 2 at KN 5 give no hit each, but one hit pooled. */
static void
test_hm_combined_fire (void)
{
  const MusterProcedure *p = procedure ("combined-fire");
  g_autofree int *own = values_for (p, "dice-1=1", "range-1=close", "dice-2=1", "range-2=close",
                                    NULL);
  g_autofree int *pooled = values_for (p, "dice-1=1", "range-1=close", "dice-2=1",
                                       "range-2=close", "pooling=per-target", NULL);
  g_autofree int *big_own = values_for (p, "dice-1=10", "dice-2=10", NULL);
  g_autofree int *big_pooled = values_for (p, "dice-1=10", "dice-2=10", "pooling=per-target",
                                           NULL);
  g_autoptr(MusterProcedureResult) a = NULL;
  g_autoptr(MusterProcedureResult) b = NULL;
  static const int faces[] = { 4, 3, 5, 2 };
  int outcome[1];

  resolve (p, own, faces, G_N_ELEMENTS (faces), outcome);
  g_assert_cmpint (outcome[0], ==, 0);
  resolve (p, pooled, faces, G_N_ELEMENTS (faces), outcome);
  g_assert_cmpint (outcome[0], ==, 1);

  /* Pooling never loses a hit, and on average gains some. */
  a = run_exact (p, big_own);
  b = run_exact (p, big_pooled);
  g_assert_cmpfloat (muster_dist_get_mean (output (b, "hits")), >,
                     muster_dist_get_mean (output (a, "hits")) + 0.1);
}

static void
test_hm_fire_errors (void)
{
  const MusterProcedure *p = procedure ("artillery-fire");
  g_autofree int *canister = values_for (p, "round=canister", "range=medium", NULL);
  g_autofree int *split = values_for (p, "gun=light", "dice-elsewhere=2", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_null (muster_procedure_run_exact (p, ruleset, canister, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==, "canister can be fired only at short range");
  g_clear_error (&error);

  g_assert_null (muster_procedure_run_exact (p, ruleset, split, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==,
                   "the stand has 2 attack dice: at least one must fire at this target");
}

/* Gun dice: class, heavy damage (our −1, never below 1), shrapnel +1 with its accuracy
 * penalty waived by percussion shells. */
static void
test_hm_artillery_dice (void)
{
  const MusterProcedure *p = procedure ("artillery-fire");
  static const struct {
    const char *gun, *damage, *round, *percussion, *range;
    int dice;
    double p_accurate;
  } cases[] = {
    { "siege", "no", "shot", "no", "medium", 5, 4.0 / 6 },
    { "heavy", "yes", "shot", "no", "medium", 3, 4.0 / 6 },
    { "light", "yes", "shot", "no", "medium", 1, 4.0 / 6 },
    { "medium", "no", "shrapnel", "no", "medium", 4, 3.0 / 6 },
    { "medium", "no", "shrapnel", "yes", "medium", 4, 4.0 / 6 },
    { "medium", "no", "shot", "no", "extreme", 3, 2.0 / 6 },
    { "medium", "no", "canister", "no", "short", 3, 5.0 / 6 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *gun = g_strdup_printf ("gun=%s", cases[i].gun);
      g_autofree char *damage = g_strdup_printf ("heavy-damage=%s", cases[i].damage);
      g_autofree char *round = g_strdup_printf ("round=%s", cases[i].round);
      g_autofree char *percussion = g_strdup_printf ("percussion-shells=%s", cases[i].percussion);
      g_autofree char *range = g_strdup_printf ("range=%s", cases[i].range);
      g_autofree int *values = values_for (p, gun, damage, round, percussion, range, NULL);
      g_autoptr(MusterProcedureResult) result = run_exact (p, values);
      MusterDist *accurate = output (result, "accurate");

      g_assert_cmpint (muster_dist_get_max (accurate), ==, cases[i].dice);
      g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (accurate),
                                      cases[i].dice * cases[i].p_accurate, EXACT_EPSILON);
    }
}

/* §6.1: p(AN) = max(0, 7 − max(AN, 2)) / 6. A 1 fails even at AN 1 (close range, improved
 * rifle), and nothing hits at AN 7 (extreme range, smoothbore, shrapnel: no automatic 6). */
static void
test_hm_accuracy_table (void)
{
  static const struct {
    const char *procedure, *range, *weapon, *round;
    double      p;
  } cases[] = {
    { "small-arms-fire", "close", "improved", NULL, 5.0 / 6 },
    { "small-arms-fire", "close", "rifled", NULL, 5.0 / 6 },
    { "small-arms-fire", "close", "smoothbore", NULL, 4.0 / 6 },
    { "small-arms-fire", "long", "smoothbore", NULL, 2.0 / 6 },
    { "artillery-fire", "extreme", "smoothbore", "round=shot", 1.0 / 6 },
    { "artillery-fire", "extreme", "smoothbore", "round=shrapnel", 0.0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const MusterProcedure *p = procedure (cases[i].procedure);
      g_autofree char *range = g_strdup_printf ("range=%s", cases[i].range);
      g_autofree char *weapon = g_strdup_printf ("weapon=%s", cases[i].weapon);
      g_autofree int *values = values_for (p, range, weapon, cases[i].round, NULL);
      g_autoptr(MusterProcedureResult) result = run_exact (p, values);
      MusterDist *accurate = output (result, "accurate");
      int dice = muster_dist_get_max (accurate);

      if (cases[i].p == 0.0)
        assert_prob (accurate, 0, 1.0);
      else
        g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (accurate), dice * cases[i].p,
                                        EXACT_EPSILON);
    }
}

/* Canister: KN 5 − 1 = 4 (our default), so one die of 4 already kills. */
static void
test_hm_canister (void)
{
  const MusterProcedure *p = procedure ("artillery-fire");
  g_autofree int *values = values_for (p, "gun=light", "round=canister", "range=short", NULL);
  static const int faces[] = { 2, 1, 4 };
  int outcome[3];

  resolve (p, values, faces, G_N_ELEMENTS (faces), outcome);
  g_assert_cmpint (outcome_of (p, outcome, "hits"), ==, 1);
}

/* TV3: CN 5 − 1 (B) − 2 (cavalry) − 1 (sub-commander) = 1, raised to 2; a roll of 3 passes. */
static void
test_hm_tv3_charge_test (void)
{
  const MusterProcedure *p = procedure ("charge-test");
  g_autofree int *values = values_for (p, "morale-quality=b", "cavalry=yes",
                                       "sub-commander=yes", NULL);
  g_autofree int *plain = values_for (p, NULL);
  g_autofree int *two = values_for (p, "morale-quality=b", "cavalry=yes", "sub-commander=yes",
                                    "dice=two", NULL);
  g_autoptr(MusterProcedureResult) result = NULL;
  static const int three[] = { 3 };
  static const int one[] = { 1 };
  int outcome[1];

  resolve (p, values, three, 1, outcome);
  g_assert_cmpint (outcome[0], ==, 1);
  /* The floor of 2: a 1 fails even at Charge Number 1. */
  resolve (p, values, one, 1, outcome);
  g_assert_cmpint (outcome[0], ==, 0);

  result = run_exact (p, values);
  assert_prob (output (result, "result"), 1, 5.0 / 6);
  g_clear_pointer (&result, muster_procedure_result_free);

  /* CN 5 for a C infantry charge: a 5 or 6. */
  result = run_exact (p, plain);
  assert_prob (output (result, "result"), 1, 2.0 / 6);
  g_clear_pointer (&result, muster_procedure_result_free);

  /* The two-dice reading: 2d6 ≥ 2 always passes. */
  result = run_exact (p, two);
  assert_prob (output (result, "result"), 1, 1.0);
}

static double
morale_pass (const char *quality,
             const char *other)
{
  const MusterProcedure *p = procedure ("morale-test");
  g_autofree int *values = values_for (p, quality, other, NULL);
  g_autoptr(MusterProcedureResult) result = run_exact (p, values);

  return muster_dist_get_prob (output (result, "result"), 0);
}

/* §9.2: P(2d6 ≥ MN) for MN 2 to 13. */
static void
test_hm_morale_table (void)
{
  static const double times_36[] = { 36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1, 0 };

  for (int mn = 2; mn <= 13; mn++)
    {
      /* MN 5 + quality (C 0 or E +2) + other */
      g_autofree char *other = g_strdup_printf ("other=%d", mn <= 11 ? mn - 5 : mn - 7);

      g_assert_cmpfloat_with_epsilon (morale_pass (mn <= 11 ? "morale-quality=c" :
                                                   "morale-quality=e", other),
                                      times_36[mn - 2] / 36, EXACT_EPSILON);
    }
}

/* TV7 and TV5: post-melee and post-fire Morale Tests. */
static void
test_hm_tv7_morale (void)
{
  const MusterProcedure *p = procedure ("morale-test");
  /* Confederate: 5 + 3 (9/24 casualties) − 1 (won the melee) − 1 (friends) − 1 (commander)
   * − 1 (good morale) = 4. */
  g_autofree int *confederate = values_for (p, "morale-quality=b", "starting-stands=8",
                                            "hits=9", "won-melee=yes", "friends-near=yes",
                                            "attached-commander=yes", NULL);
  /* Union: 5 + 3 (7/24) − 1 (friends) − 1 (high morale) = 6. */
  g_autofree int *union_ = values_for (p, "morale-quality=b", "starting-stands=8", "hits=7",
                                       "friends-near=yes", NULL);
  /* TV5, the charger after the opportunity fire: 3/24 = 12.5% is not 25%, MN 2. */
  g_autofree int *charger = values_for (p, "morale-quality=b", "starting-stands=8", "hits=3",
                                        "friends-near=yes", "attached-commander=yes", NULL);
  g_autoptr(MusterProcedureResult) result = NULL;
  static const int six[] = { 2, 4 };
  static const int three[] = { 1, 2 };
  static const int double_one[] = { 1, 1 };
  static const int double_six[] = { 6, 6 };
  MusterDist *res, *margin;
  int outcome[4];

  resolve (p, confederate, six, 2, outcome);
  g_assert_cmpint (outcome_of (p, outcome, "result"), ==, MUSTER_HM_PASS);
  result = run_exact (p, confederate);
  assert_prob (output (result, "result"), MUSTER_HM_PASS, 33.0 / 36);
  g_clear_pointer (&result, muster_procedure_result_free);

  resolve (p, union_, three, 2, outcome);
  g_assert_cmpint (outcome_of (p, outcome, "result"), ==, MUSTER_HM_ROUTED);
  g_assert_cmpint (outcome_of (p, outcome, "margin"), ==, 3);
  result = run_exact (p, union_);
  res = output (result, "result");
  margin = output (result, "margin");
  assert_prob (res, MUSTER_HM_PASS, 26.0 / 36);
  assert_prob (margin, 1, 4.0 / 36);
  assert_prob (margin, 2, 3.0 / 36);
  assert_prob (margin, 3, 2.0 / 36);
  assert_prob (margin, 4, 1.0 / 36);
  /* Our default table: 1 Suppressed, 2 Shaken, 3 or more Routed. */
  assert_prob (res, MUSTER_HM_SUPPRESSED, 4.0 / 36);
  assert_prob (res, MUSTER_HM_SHAKEN, 3.0 / 36);
  assert_prob (res, MUSTER_HM_ROUTED, 3.0 / 36);
  assert_prob (output (result, "calamity"), 1, 1.0 / 36);
  assert_prob (output (result, "fortune"), 1, 1.0 / 36);
  g_clear_pointer (&result, muster_procedure_result_free);

  /* Calamity and Fortune are flags beside the result, which is judged as usual (§16 H20) */
  resolve (p, union_, double_one, 2, outcome);
  g_assert_cmpint (outcome_of (p, outcome, "calamity"), ==, 1);
  g_assert_cmpint (outcome_of (p, outcome, "fortune"), ==, 0);
  g_assert_cmpint (outcome_of (p, outcome, "result"), ==, MUSTER_HM_ROUTED);
  resolve (p, union_, double_six, 2, outcome);
  g_assert_cmpint (outcome_of (p, outcome, "fortune"), ==, 1);
  g_assert_cmpint (outcome_of (p, outcome, "calamity"), ==, 0);
  g_assert_cmpint (outcome_of (p, outcome, "result"), ==, MUSTER_HM_PASS);
  resolve (p, union_, six, 2, outcome);
  g_assert_cmpint (outcome_of (p, outcome, "calamity") + outcome_of (p, outcome, "fortune"), ==,
                   0);

  result = run_exact (p, charger);
  assert_prob (output (result, "result"), MUSTER_HM_PASS, 1.0);
}

/* §7.3, §16 H19: the Form Square roll is a Morale Test; a pass forms square, a failure must
 * Stand and Fire. At MN 6 (the TV7 Union) it forms square on 26 of 36; double 1s flag a
 * Calamity even when the Morale Number is 2 or less and the roll still passes. */
static void
test_hm_form_square (void)
{
  const MusterProcedure *p = procedure ("form-square");
  const MusterProcedure *morale = procedure ("morale-test");
  g_autofree int *union_ = values_for (p, "morale-quality=b", "starting-stands=8", "hits=7",
                                       "friends-near=yes", NULL);
  g_autofree int *steady = values_for (p, "morale-quality=a", "friends-near=yes",
                                       "attached-commander=yes", NULL);
  g_autofree int *shaken = values_for (p, "morale-quality=e", "being-charged=yes", "other=6",
                                       NULL);
  g_autoptr(MusterProcedureResult) result = run_exact (p, union_);
  g_autoptr(MusterProcedureResult) test = run_exact (morale, union_);
  g_autoptr(MusterProcedureResult) sure = run_exact (p, steady);
  g_autoptr(MusterProcedureResult) hopeless = run_exact (p, shaken);
  static const int double_one[] = { 1, 1 };
  static const int five[] = { 2, 3 };
  static const int six[] = { 3, 3 };
  int outcome[3];

  assert_prob (output (result, "result"), 1, 26.0 / 36);
  assert_prob (output (result, "result"), 0, 10.0 / 36);
  /* the same roll as the Morale Test with the same inputs */
  assert_prob (output (result, "result"), 1, muster_dist_get_prob (output (test, "result"),
                                                                   MUSTER_HM_PASS));
  assert_prob (output (result, "calamity"), 1, 1.0 / 36);
  assert_prob (output (result, "fortune"), 1, 1.0 / 36);

  resolve (p, union_, five, 2, outcome);
  g_assert_cmpint (outcome_of (p, outcome, "result"), ==, 0);
  resolve (p, union_, six, 2, outcome);
  g_assert_cmpint (outcome_of (p, outcome, "result"), ==, 1);

  /* MN 5 − 2 − 1 − 1 = 1: every roll forms square, double 1s included, with a Calamity */
  assert_prob (output (sure, "result"), 1, 1.0);
  resolve (p, steady, double_one, 2, outcome);
  g_assert_cmpint (outcome_of (p, outcome, "result"), ==, 1);
  g_assert_cmpint (outcome_of (p, outcome, "calamity"), ==, 1);
  /* MN 5 + 2 + 1 + 6 = 14: no roll forms square, double 6s included */
  assert_prob (output (hopeless, "result"), 0, 1.0);
  assert_prob (output (hopeless, "fortune"), 1, 1.0 / 36);
}

/* §9.4: the Union routed in TV7 tries to rally at MN 6 (B, friends near, its 7 hits): it
 * becomes Shaken on 26 of 36 and is removed otherwise; a Shaken unit becomes Suppressed. */
static void
test_hm_rally (void)
{
  const MusterProcedure *p = procedure ("rally");
  g_autofree int *routed = values_for (p, "state=routed", "morale-quality=b", "hits=7",
                                       "friends-near=yes", NULL);
  g_autofree int *shaken = values_for (p, "state=shaken", "morale-quality=b", "hits=7",
                                       "friends-near=yes", NULL);
  g_autoptr(MusterProcedureResult) a = run_exact (p, routed);
  g_autoptr(MusterProcedureResult) b = run_exact (p, shaken);
  static const int five[] = { 2, 3 };
  static const int six[] = { 3, 3 };
  int outcome[1];

  assert_prob (output (a, "after"), 2, 26.0 / 36);
  assert_prob (output (a, "after"), 0, 10.0 / 36);
  assert_prob (output (b, "after"), 3, 26.0 / 36);
  assert_prob (output (b, "after"), 1, 10.0 / 36);
  resolve (p, routed, five, 2, outcome);
  g_assert_cmpint (outcome[0], ==, 0);
  resolve (p, routed, six, 2, outcome);
  g_assert_cmpint (outcome[0], ==, 2);
}

/* The 25% band: 6 hits on 8 stands (6/24) is +3, 5 hits is not; lost stands count 3 each. */
static void
test_hm_casualty_band (void)
{
  g_assert_cmpfloat_with_epsilon (morale_pass ("hits=6", "other=0"), 15.0 / 36, EXACT_EPSILON);
  g_assert_cmpfloat_with_epsilon (morale_pass ("hits=5", "other=0"), 30.0 / 36, EXACT_EPSILON);
  g_assert_cmpfloat_with_epsilon (morale_pass ("stands-lost=2", "other=0"), 15.0 / 36,
                                  EXACT_EPSILON);
  g_assert_cmpfloat_with_epsilon (morale_pass ("being-charged=yes", "other=0"), 26.0 / 36,
                                  EXACT_EPSILON);
}

/* TV6: Confederate KN 5 + 1 (light cover) − 1 (just charged) − 1 (B) = 4; Union KN 5. */
static void
test_hm_tv6_melee (void)
{
  const MusterProcedure *p = procedure ("melee");
  g_autofree int *values = values_for (p, "attacker-stands=8", "attacker-quality=b",
                                       "attacker-charged=yes", "attacker-enemy-in-cover=yes",
                                       "defender-stands=8", NULL);
  g_autoptr(MusterProcedureResult) result = NULL;
  static const int book[] = { 4, 4, 4, 4, 4, 4, 3, 3, 4, 4, 4, 4, 4, 4, 4, 3 };
  static const double kn4[] = { 165, 6198, 58923, 235168, 471377, 508518, 297293, 89464, 12015,
                                494, 1 };
  static const double kn5[] = { 9, 2986, 62291, 333981, 641806, 486281, 139752, 12345, 165 };
  MusterDist *on_defender, *on_attacker;
  int outcome[3];

  /* Totals 30 and 31: 30 / 4 = 7.5 rounds down to 7; 31 / 5 to 6. */
  resolve (p, values, book, G_N_ELEMENTS (book), outcome);
  g_assert_cmpint (outcome_of (p, outcome, "hits-on-defender"), ==, 7);
  g_assert_cmpint (outcome_of (p, outcome, "hits-on-attacker"), ==, 6);
  g_assert_cmpint (outcome_of (p, outcome, "more-casualties"), ==, 0);

  result = run_exact (p, values);
  on_defender = output (result, "hits-on-defender");
  on_attacker = output (result, "hits-on-attacker");
  for (guint h = 0; h < G_N_ELEMENTS (kn4); h++)
    assert_prob (on_defender, h + 2, kn4[h] / 1679616);
  for (guint h = 0; h < G_N_ELEMENTS (kn5); h++)
    assert_prob (on_attacker, h + 1, kn5[h] / 1679616);
}

/* The 4× cap: 10 stands against 2 roll 8 dice, not 7 and not 10. */
static void
test_hm_melee_cap (void)
{
  const MusterProcedure *p = procedure ("melee");
  g_autofree int *capped = values_for (p, "attacker-stands=10", "defender-stands=2", NULL);
  g_autofree int *eight = values_for (p, "attacker-stands=8", "defender-stands=2", NULL);
  g_autofree int *seven = values_for (p, "attacker-stands=7", "defender-stands=2", NULL);
  g_autoptr(MusterProcedureResult) a = run_exact (p, capped);
  g_autoptr(MusterProcedureResult) b = run_exact (p, eight);
  g_autoptr(MusterProcedureResult) c = run_exact (p, seven);

  g_assert_true (muster_dist_equal (output (a, "hits-on-defender"), output (b, "hits-on-defender"),
                                    0.0));
  g_assert_false (muster_dist_equal (output (a, "hits-on-defender"),
                                     output (c, "hits-on-defender"), 1e-6));
}

/* TV8 and TV9 at brigade scale: foot rout 1 + a die of 1 = 2"; cavalry pursuit 2 + 4 + 4 = 10",
 * which keeps contact. */
static void
test_hm_tv8_tv9_rout_pursuit (void)
{
  const MusterProcedure *p = procedure ("rout-pursuit");
  g_autofree int *values = values_for (p, "scale=brigade", "routing=foot", "pursuer=cavalry",
                                       NULL);
  g_autoptr(MusterProcedureResult) result = NULL;
  static const int book[] = { 1, 4, 4 };
  int outcome[3];

  resolve (p, values, book, G_N_ELEMENTS (book), outcome);
  g_assert_cmpint (outcome_of (p, outcome, "rout-distance"), ==, 2);
  g_assert_cmpint (outcome_of (p, outcome, "pursuit-distance"), ==, 10);
  g_assert_cmpint (outcome_of (p, outcome, "contact"), ==, 1);

  /* Contact is lost only when 1 + 2d6 < the foot's die: 10 of 216. */
  result = run_exact (p, values);
  assert_prob (output (result, "contact"), 1, 206.0 / 216);
  assert_prob (output (result, "rout-distance"), 2, 1.0 / 6);
}

/* TV10: 9 temporary hits → 4 permanent, one stand, one hit kept; 7 → 3, one stand, none. */
static void
test_hm_tv10_hit_conversion (void)
{
  const MusterProcedure *p = procedure ("hit-conversion");
  g_autofree int *confederate = values_for (p, "temporary-hits=9", "stands=8", NULL);
  g_autofree int *union_ = values_for (p, "temporary-hits=7", "stands=8", NULL);
  g_autofree int *carried = values_for (p, "temporary-hits=3", "carried-hits=2", NULL);
  g_autofree int *too_many = values_for (p, "carried-hits=3", NULL);
  g_autoptr(MusterProcedureResult) result = NULL;
  g_autoptr(GError) error = NULL;

  result = run_exact (p, confederate);
  assert_prob (output (result, "permanent"), 4, 1.0);
  assert_prob (output (result, "stands-lost"), 1, 1.0);
  assert_prob (output (result, "retained"), 1, 1.0);
  assert_prob (output (result, "stands-left"), 7, 1.0);
  g_clear_pointer (&result, muster_procedure_result_free);

  result = run_exact (p, union_);
  assert_prob (output (result, "permanent"), 3, 1.0);
  assert_prob (output (result, "stands-lost"), 1, 1.0);
  assert_prob (output (result, "retained"), 0, 1.0);
  g_clear_pointer (&result, muster_procedure_result_free);

  /* Carried hits join the new permanent ones: 2 + 1 = 3, a stand. */
  result = run_exact (p, carried);
  assert_prob (output (result, "stands-lost"), 1, 1.0);
  assert_prob (output (result, "retained"), 0, 1.0);

  g_assert_null (muster_procedure_run_exact (p, ruleset, too_many, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
}

/* TV11: KN 5 − 2 − 1 − 1 − 1 − 1 = −1, raised to 2; 7 dice totalling 20 give 10 hits. */
static void
test_hm_tv11_pursuit_attack (void)
{
  const MusterProcedure *p = procedure ("pursuit-attack");
  g_autofree int *values = values_for (p, "stands=7", "melee-quality=b", "formed=yes",
                                       "charged=yes", "more-casualties=yes", "rear=yes", NULL);
  g_autoptr(MusterProcedureResult) result = NULL;
  static const int book[] = { 3, 3, 3, 3, 3, 3, 2 };
  int outcome[1];

  resolve (p, values, book, G_N_ELEMENTS (book), outcome);
  g_assert_cmpint (outcome[0], ==, 10);

  result = run_exact (p, values);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (output (result, "hits")), 12.0,
                                  EXACT_EPSILON);
}

static void
test_hm_brute_force (void)
{
  static const struct {
    const char *procedure;
    const char *assignments[6];
    guint       n_faces;
  } cases[] = {
    { "artillery-fire", { "gun=light", "weapon=smoothbore", "fire-quality=b", "flank=yes",
                          "light-cover=yes" }, 4 },
    { "artillery-fire", { "gun=light", "round=shrapnel", "fire-quality=a", "mounted=yes" }, 6 },
    { "artillery-fire", { "gun=light", "heavy-damage=yes", "range=extreme" }, 2 },
    { "artillery-fire", { "gun=light", "round=canister", "range=short", "other-kill=-4" }, 4 },
    { "small-arms-fire", { "attack-dice=3", "range=close", "fire-quality=e" }, 6 },
    { "small-arms-fire", { "attack-dice=3", "range=long", "weapon=smoothbore", "mob=yes" }, 6 },
    { "small-arms-fire", { "attack-dice=3", "half-stands=yes", "weapon=improved" }, 2 },
    { "opportunity-fire", { "attack-dice=3", "range=close", "fire-quality=b", "mounted=yes" }, 6 },
    { "combined-fire", { "dice-1=1", "dice-2=2", "range-2=close", "fire-quality=b" }, 6 },
    { "combined-fire", { "dice-1=2", "dice-2=1", "pooling=per-target", "mounted=yes" }, 6 },
    { "charge-test", { "morale-quality=d" }, 1 },
    { "charge-test", { "morale-quality=a", "other=2", "dice=two" }, 2 },
    { "morale-test", { "morale-quality=b", "hits=7", "friends-near=yes" }, 2 },
    { "morale-test", { "morale-quality=e", "being-charged=yes", "other=4" }, 2 },
    { "rally", { "state=routed", "morale-quality=d", "friends-near=yes" }, 2 },
    { "form-square", { "morale-quality=c", "being-charged=yes" }, 2 },
    { "form-square", { "morale-quality=a", "hits=6", "other=-4" }, 2 },
    { "rally", { "hits=6", "attached-commander=yes" }, 2 },
    { "melee", { "attacker-stands=2", "defender-stands=3", "attacker-charged=yes" }, 5 },
    { "melee", { "attacker-stands=1", "defender-stands=5", "defender-quality=a" }, 5 },
    { "pursuit-attack", { "stands=4", "melee-quality=e" }, 4 },
    { "rout-pursuit", { "routing=cavalry", "pursuer=cavalry", "gap=3" }, 4 },
    { "rout-pursuit", { "scale=company", "pursuer=foot" }, 2 },
    { "hit-conversion", { "temporary-hits=11", "carried-hits=1" }, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const MusterProcedure *p = procedure (cases[i].procedure);
      g_autofree int *values = muster_procedure_default_values (p);

      for (guint j = 0; j < G_N_ELEMENTS (cases[i].assignments) && cases[i].assignments[j]; j++)
        g_assert_true (muster_procedure_set_value (p, values, cases[i].assignments[j], NULL));
      brute_force (p, values, cases[i].n_faces);
    }
}

/* The charge of TV3–TV11 played with dice that match every number the review gives. */
static const char * const chain_inputs[] = {
  "charger-stands=8", "charger-cavalry=yes", "charger-morale=b", "charger-melee=b",
  "sub-commander=yes", "charger-commander=yes", "charger-friends=yes",
  "defender-stands=8", "reaction=stand-and-fire", "defender-fire=b", "defender-morale=b",
  "fire-range=close", "defender-weapon=rifled", "defender-in-cover=yes",
  "defender-friends=yes", "scale=brigade", NULL
};

static int *
chain_values (void)
{
  const MusterProcedure *p = procedure ("charge");
  int *values = muster_procedure_default_values (p);

  for (guint i = 0; chain_inputs[i]; i++)
    g_assert_true (muster_procedure_set_value (p, values, chain_inputs[i], NULL));
  return values;
}

static void
test_hm_charge_chain (void)
{
  const MusterProcedure *p = procedure ("charge");
  g_autofree int *values = chain_values ();
  static const int book[] = {
    3,                                        /* TV3 charge test */
    1, 6, 1, 2, 5, 1, 3, 4, 3, 3, 3, 2, 2,    /* TV4 opportunity fire: 5 accurate, 13 */
    5, 4,                                     /* TV5 charger's test, MN 2 */
    4, 3,                                     /* TV5 defender's test, MN 4 (charged +1) */
    4, 4, 4, 4, 4, 4, 3, 3,                   /* TV6 Confederate: 30 */
    4, 4, 4, 4, 4, 4, 4, 3,                   /* TV6 Union: 31 */
    2, 4,                                     /* TV7 Confederate: 6 */
    1, 2,                                     /* TV7 Union: 3 */
    1,                                        /* TV8 rout die */
    4, 4,                                     /* TV9 pursuit dice: 10" */
    3, 3, 3, 3, 3, 3, 2,                      /* TV11: 20 */
  };
  static const int failed[] = { 1 };
  int outcome[16];

  resolve (p, values, book, G_N_ELEMENTS (book), outcome);
  g_assert_cmpint (outcome_of (p, outcome, "charge-test"), ==, 1);
  g_assert_cmpint (outcome_of (p, outcome, "opportunity-hits"), ==, 3);
  g_assert_cmpint (outcome_of (p, outcome, "charger-test"), ==, 1 + MUSTER_HM_PASS);
  g_assert_cmpint (outcome_of (p, outcome, "defender-test"), ==, 1 + MUSTER_HM_PASS);
  g_assert_cmpint (outcome_of (p, outcome, "hits-on-defender"), ==, 7);
  g_assert_cmpint (outcome_of (p, outcome, "hits-on-charger"), ==, 6);
  g_assert_cmpint (outcome_of (p, outcome, "charger-after-melee"), ==, 1 + MUSTER_HM_PASS);
  g_assert_cmpint (outcome_of (p, outcome, "defender-after-melee"), ==, 1 + MUSTER_HM_ROUTED);
  g_assert_cmpint (outcome_of (p, outcome, "charger-stands-lost"), ==, 1);
  g_assert_cmpint (outcome_of (p, outcome, "defender-stands-lost"), ==, 1);
  g_assert_cmpint (outcome_of (p, outcome, "pursuit"), ==, 2);
  g_assert_cmpint (outcome_of (p, outcome, "pursuit-hits"), ==, 10);
  g_assert_cmpint (outcome_of (p, outcome, "outcome"), ==, 5);

  /* A 1 fails the Charge Test and ends the engagement after one die. */
  resolve (p, values, failed, 1, outcome);
  g_assert_cmpint (outcome_of (p, outcome, "charge-test"), ==, 0);
  g_assert_cmpint (outcome_of (p, outcome, "outcome"), ==, 0);
}

/* The other reactions: Fire and Retire fires, then falls back as a mob after its test;
 * a Countercharge fires nothing, and the countercharger strikes as one that charged. */
static void
test_hm_charge_reactions (void)
{
  const MusterProcedure *p = procedure ("charge");
  g_autofree int *retire = chain_values ();
  g_autofree int *counter = chain_values ();
  static const int retiring[] = {
    3, 1, 6, 1, 2, 5, 1, 3, 4, 3, 3, 3, 2, 2, 5, 4, 4, 3,
  };
  static const int countering[] = {
    3,                                                /* charge test */
    6,                                                /* countercharge test, CN 4 */
    5, 4, 4, 3,                                       /* both Morale Tests */
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,   /* 32 each, both at KN 4 */
    3, 3, 3, 3,                                       /* MN 5 and 6: both pass */
  };
  int outcome[16];

  g_assert_true (muster_procedure_set_value (p, retire, "reaction=fire-and-retire", NULL));
  resolve (p, retire, retiring, G_N_ELEMENTS (retiring), outcome);
  g_assert_cmpint (outcome_of (p, outcome, "opportunity-hits"), ==, 3);
  g_assert_cmpint (outcome_of (p, outcome, "outcome"), ==, 3);
  g_assert_cmpint (outcome_of (p, outcome, "charger-stands-lost"), ==, 0);

  g_assert_true (muster_procedure_set_value (p, counter, "reaction=countercharge", NULL));
  resolve (p, counter, countering, G_N_ELEMENTS (countering), outcome);
  g_assert_cmpint (outcome_of (p, outcome, "opportunity-hits"), ==, 0);
  g_assert_cmpint (outcome_of (p, outcome, "hits-on-defender"), ==, 8);
  g_assert_cmpint (outcome_of (p, outcome, "hits-on-charger"), ==, 8);
  g_assert_cmpint (outcome_of (p, outcome, "outcome"), ==, 4);
  g_assert_cmpint (outcome_of (p, outcome, "pursuit"), ==, 0);
  /* 8 hits: 4 permanent, one stand each. */
  g_assert_cmpint (outcome_of (p, outcome, "charger-stands-lost"), ==, 1);
  g_assert_cmpint (outcome_of (p, outcome, "defender-stands-lost"), ==, 1);
}

/* One seed, one result; the first step agrees with the exact Charge Test. */
static void
test_hm_charge_simulated (void)
{
  const MusterProcedure *p = procedure ("charge");
  const MusterProcedure *test = procedure ("charge-test");
  g_autofree int *values = chain_values ();
  g_autofree int *test_values = values_for (test, "morale-quality=b", "cavalry=yes",
                                            "sub-commander=yes", NULL);
  g_autoptr(MusterProcedureResult) first = NULL;
  g_autoptr(MusterProcedureResult) again = NULL;
  g_autoptr(MusterProcedureResult) exact = NULL;
  g_autoptr(MusterProcedureResult) harder = NULL;
  g_autoptr(MusterProcedureResult) harder_exact = NULL;
  const guint64 trials = 100000;
  g_autoptr(GError) error = NULL;

  first = muster_procedure_simulate (p, ruleset, values, trials, 7, &error);
  g_assert_no_error (error);
  again = muster_procedure_simulate (p, ruleset, values, trials, 7, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < p->n_outputs; i++)
    g_assert_true (muster_dist_equal (muster_procedure_result_get_output (first, i),
                                      muster_procedure_result_get_output (again, i), 0.0));

  exact = run_exact (test, test_values);
  g_assert_true (muster_procedure_set_value (p, values, "charger-morale=d", NULL));
  g_assert_true (muster_procedure_set_value (p, values, "charger-cavalry=no", NULL));
  g_assert_true (muster_procedure_set_value (test, test_values, "morale-quality=d", NULL));
  g_assert_true (muster_procedure_set_value (test, test_values, "cavalry=no", NULL));
  harder = muster_procedure_simulate (p, ruleset, values, trials, 11, &error);
  g_assert_no_error (error);
  harder_exact = run_exact (test, test_values);

  for (guint k = 0; k < 2; k++)
    {
      MusterProcedureResult *sim = k ? harder : first;
      MusterDist *e = output (k ? harder_exact : exact, "result");
      MusterDist *s = output (sim, "charge-test");

      for (int v = 0; v <= 1; v++)
        {
          double prob = muster_dist_get_prob (e, v);
          double se = sqrt (prob * (1 - prob) / trials);

          g_assert_cmpfloat (fabs (muster_dist_get_prob (s, v) - prob), <=, 4 * se + 1e-12);
        }
    }
  /* CN 5 − 1 (sub-commander) + 1 (D) = 5: a third pass, so the step is not trivially 1. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (harder_exact, "result"), 1),
                                  2.0 / 6, EXACT_EPSILON);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                           "horse-and-musket.xml", NULL);
  ruleset = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);

  g_test_add_func ("/engine/hm/registry", test_hm_registry);
  g_test_add_func ("/engine/hm/missing-tables", test_hm_missing_tables);
  g_test_add_func ("/engine/hm/tv1-artillery", test_hm_tv1_artillery);
  g_test_add_func ("/engine/hm/tv2-small-arms", test_hm_tv2_small_arms);
  g_test_add_func ("/engine/hm/tv4-opportunity-fire", test_hm_tv4_opportunity_fire);
  g_test_add_func ("/engine/hm/combined-fire", test_hm_combined_fire);
  g_test_add_func ("/engine/hm/fire-errors", test_hm_fire_errors);
  g_test_add_func ("/engine/hm/artillery-dice", test_hm_artillery_dice);
  g_test_add_func ("/engine/hm/canister", test_hm_canister);
  g_test_add_func ("/engine/hm/accuracy-table", test_hm_accuracy_table);
  g_test_add_func ("/engine/hm/tv3-charge-test", test_hm_tv3_charge_test);
  g_test_add_func ("/engine/hm/morale-table", test_hm_morale_table);
  g_test_add_func ("/engine/hm/tv5-tv7-morale", test_hm_tv7_morale);
  g_test_add_func ("/engine/hm/form-square", test_hm_form_square);
  g_test_add_func ("/engine/hm/casualty-band", test_hm_casualty_band);
  g_test_add_func ("/engine/hm/rally", test_hm_rally);
  g_test_add_func ("/engine/hm/tv6-melee", test_hm_tv6_melee);
  g_test_add_func ("/engine/hm/melee-cap", test_hm_melee_cap);
  g_test_add_func ("/engine/hm/tv8-tv9-rout-pursuit", test_hm_tv8_tv9_rout_pursuit);
  g_test_add_func ("/engine/hm/tv10-hit-conversion", test_hm_tv10_hit_conversion);
  g_test_add_func ("/engine/hm/tv11-pursuit-attack", test_hm_tv11_pursuit_attack);
  g_test_add_func ("/engine/hm/brute-force", test_hm_brute_force);
  g_test_add_func ("/engine/hm/tv3-tv11-charge-chain", test_hm_charge_chain);
  g_test_add_func ("/engine/hm/charge-reactions", test_hm_charge_reactions);
  g_test_add_func ("/engine/hm/charge-simulated", test_hm_charge_simulated);

  status = g_test_run ();
  muster_ruleset_unref (ruleset);
  return status;
}
