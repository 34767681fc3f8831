/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-engine.h"
#include "muster-system-sov-private.h"
#include "muster-test-util.h"

/*
 * Standards of Valor combat: the book's worked examples given the book's dice, the digest's
 * reference probabilities (Appendix A and the fire oracle), every exact distribution checked
 * against an enumeration of every face of every die, and the simulated close assault.
 */

static MusterRuleset *ruleset;

static const MusterProcedure *
procedure (const char *id)
{
  const MusterProcedure *p = muster_procedure_lookup (MUSTER_SOV_SYSTEM, id);

  g_assert_nonnull (p);
  return p;
}

/* Default values with the "name=value" assignments applied. */
static int *
values_for (const MusterProcedure *p,
            const char * const    *assignments)
{
  int *values = muster_procedure_default_values (p);

  for (guint i = 0; assignments != NULL && assignments[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (muster_procedure_set_value (p, values, assignments[i], &error));
      g_assert_no_error (error);
    }
  return values;
}

static MusterProcedureResult *
run_exact (const MusterProcedure *p,
           const char * const    *assignments)
{
  g_autofree int *values = values_for (p, assignments);
  g_autoptr(GError) error = NULL;
  MusterProcedureResult *result = muster_procedure_run_exact (p, ruleset, values, &error);

  g_assert_no_error (error);
  return result;
}

static double
prob (const MusterProcedureResult *result,
      const char                  *output,
      int                          value)
{
  const MusterProcedure *p = muster_procedure_result_get_procedure (result);
  int index = muster_procedure_find_output (p, output);

  g_assert_cmpint (index, >=, 0);
  return muster_dist_get_prob (muster_procedure_result_get_output (result, index), value);
}

#define assert_prob(result, output, value, expected) \
  g_assert_cmpfloat_with_epsilon (prob (result, output, value), (expected), 1e-12)

static double
output_mean (const MusterProcedureResult *result,
             const char                  *id)
{
  const MusterProcedure *p = muster_procedure_result_get_procedure (result);

  return muster_dist_get_mean (muster_procedure_result_get_output (
    result, muster_procedure_find_output (p, id)));
}

/* Resolves @play once with the given faces. */
static void
resolve (const MusterSovPlay   *play,
         const MusterProcedure *p,
         const char * const    *assignments,
         const int             *faces,
         int                   *outcome)
{
  guint64 setup[MUSTER_SOV_SETUP_MAX / sizeof (guint64)];
  g_autofree int *values = values_for (p, assignments);
  g_autoptr(GError) error = NULL;

  g_assert_true (play->prepare (ruleset, values, setup, &error));
  g_assert_no_error (error);
  play->resolve (setup, faces, outcome);
}

/* The procedure's exact distributions against an enumeration of every face combination
 * through the same resolution the sampler uses. */
static void
check_brute_force (const MusterSovPlay   *play,
                   const MusterProcedure *p,
                   const char * const    *assignments)
{
  g_autoptr(MusterProcedureResult) result = run_exact (p, assignments);
  g_autofree int *values = values_for (p, assignments);
  g_autoptr(GError) error = NULL;
  MusterDist *enumerated[16] = { NULL };

  g_assert_true (_muster_sov_exact_by_enumeration (play, ruleset, values, p->n_outputs,
                                                   enumerated, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < p->n_outputs; i++)
    {
      MusterDist *exact = muster_procedure_result_get_output (result, i);

      g_assert_cmpfloat_with_epsilon (muster_dist_get_total (exact), 1.0, 1e-12);
      g_assert_cmpfloat_with_epsilon (muster_dist_get_total (enumerated[i]), 1.0, 1e-12);
      if (!muster_dist_equal (exact, enumerated[i], 1e-12))
        {
          g_autoptr(GString) text = g_string_new (NULL);

          muster_dist_print (exact, text);
          g_string_append (text, " ≠ ");
          muster_dist_print (enumerated[i], text);
          g_error ("%s output %s differs from the enumeration: %s", p->id, p->outputs[i].id,
                   text->str);
        }
      muster_dist_unref (enumerated[i]);
    }
}

/* Appendix A, first table: P(X > Y) to three decimals. */
static void
test_sov_appendix_opposed (void)
{
  static const double table[5][5] = {
    { 0.375, 0.250, 0.188, 0.150, 0.125 },
    { 0.583, 0.417, 0.312, 0.250, 0.208 },
    { 0.688, 0.562, 0.438, 0.350, 0.292 },
    { 0.750, 0.650, 0.550, 0.450, 0.375 },
    { 0.792, 0.708, 0.625, 0.542, 0.458 },
  };

  for (int x = 0; x < 5; x++)
    for (int y = 0; y < 5; y++)
      g_assert_cmpfloat_with_epsilon (_muster_sov_p_greater (4 + 2 * x, 4 + 2 * y), table[x][y],
                                      0.0005 + 1e-12);
  /* Exactly: D8 against D10 is 0.35, D6 against D8 0.3125 (§9 #6). */
  g_assert_cmpfloat_with_epsilon (_muster_sov_p_greater (8, 10), 0.35, 1e-12);
  g_assert_cmpfloat_with_epsilon (_muster_sov_p_greater (6, 8), 0.3125, 1e-12);
}

/* Appendix A, second table: P(dN > T) for T = 1..7, through the Confidence Test. */
static void
test_sov_appendix_tests (void)
{
  static const char * const qualities[] = { "untrained", "green", "regular", "veteran", "elite" };

  for (int q = 0; q < 5; q++)
    for (int t = 1; t <= 7; t++)
      {
        int sides = 4 + 2 * q;
        g_autofree char *quality = g_strdup_printf ("quality=%s", qualities[q]);
        g_autofree char *extra = g_strdup_printf ("extra-tl=%d", t - 1);
        const char * const assignments[] = {
          quality, "lv=1", "circumstance=none", extra, NULL
        };
        g_autoptr(MusterProcedureResult) result =
          run_exact (procedure ("confidence-test"), assignments);

        assert_prob (result, "result", MUSTER_SOV_TEST_PASS, MAX (0, sides - t) / (double) sides);
      }
}

static void
test_sov_confidence (void)
{
  const MusterProcedure *p = procedure ("confidence-test");
  /* The book's example: Regular LV2, TL +2 → T 4 with a D8; 5+ passes, 3–4 lose one level,
   * 1–2 (half or less) two. */
  const char * const example[] = { "quality=regular", "lv=2", "circumstance=none",
                                   "extra-tl=2", NULL };
  /* The table's TL for a first casualty at Medium MM is 1: T 3. */
  const char * const table[] = { "quality=regular", "lv=2", "circumstance=casualties", NULL };
  const char * const high[] = { "circumstance=casualties", "motivation=high", NULL };
  const char * const artillery[] = { "circumstance=casualties", "motivation=low",
                                     "artillery=yes", "untreated=1", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (p, example);
  g_autoptr(MusterProcedureResult) r2 = run_exact (p, table);
  g_autoptr(MusterProcedureResult) r3 = run_exact (p, high);
  g_autoptr(MusterProcedureResult) r4 = run_exact (p, artillery);
  int outcome[2];
  int two[] = { 2 }, three[] = { 3 }, five[] = { 5 };

  assert_prob (r1, "result", MUSTER_SOV_TEST_PASS, 4 / 8.0);
  assert_prob (r1, "result", MUSTER_SOV_TEST_FAIL, 2 / 8.0);
  assert_prob (r1, "result", MUSTER_SOV_TEST_MAJOR_FAILURE, 2 / 8.0);
  assert_prob (r1, "cl-loss", 2, 2 / 8.0);
  resolve (&muster_sov_confidence_play, p, example, two, outcome);
  g_assert_cmpint (outcome[0], ==, MUSTER_SOV_TEST_MAJOR_FAILURE);
  resolve (&muster_sov_confidence_play, p, example, three, outcome);
  g_assert_cmpint (outcome[0], ==, MUSTER_SOV_TEST_FAIL);
  resolve (&muster_sov_confidence_play, p, example, five, outcome);
  g_assert_cmpint (outcome[0], ==, MUSTER_SOV_TEST_PASS);

  /* T 3: 4+ passes, only a 1 is at most half. */
  assert_prob (r2, "result", MUSTER_SOV_TEST_PASS, 5 / 8.0);
  assert_prob (r2, "result", MUSTER_SOV_TEST_MAJOR_FAILURE, 1 / 8.0);
  /* NTR at High motivation. */
  assert_prob (r3, "result", MUSTER_SOV_TEST_NO_TEST, 1);
  /* Low MM: 2 + artillery 2 + untreated 1 = 5, T 7: only an 8 passes. */
  assert_prob (r4, "result", MUSTER_SOV_TEST_PASS, 1 / 8.0);
}

static void
test_sov_reaction (void)
{
  const MusterProcedure *p = procedure ("reaction-test");
  const char * const open[] = { "circumstance=in-position-open", NULL };
  const char * const oblique[] = { "quality=green", "lv=3", "circumstance=oblique-close", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (p, open);
  g_autoptr(MusterProcedureResult) r2 = run_exact (p, oblique);

  /* Regular LV2 + TL 2: D8 > 4. */
  assert_prob (r1, "result", MUSTER_SOV_TEST_PASS, 4 / 8.0);
  /* Green LV3 + TL 2: D6 > 5; 1–2 are half or less. */
  assert_prob (r2, "result", MUSTER_SOV_TEST_PASS, 1 / 6.0);
  assert_prob (r2, "result", MUSTER_SOV_TEST_MAJOR_FAILURE, 2 / 6.0);

  /* Heat (§4.12.9): TL by armour, +1 uphill; heavy armour uphill, Regular LV2: D8 > 5 */
  {
    const char * const heat[] = { "circumstance=heat-heavy", "extra-tl=1", NULL };
    const char * const light[] = { "circumstance=heat-light", NULL };
    g_autoptr(MusterProcedureResult) r3 = run_exact (p, heat);
    g_autoptr(MusterProcedureResult) r4 = run_exact (p, light);

    assert_prob (r3, "result", MUSTER_SOV_TEST_PASS, 3 / 8.0);
    assert_prob (r3, "result", MUSTER_SOV_TEST_MAJOR_FAILURE, 2 / 8.0);
    assert_prob (r4, "result", MUSTER_SOV_TEST_PASS, 6 / 8.0);
  }

  /* Final Defensive Fire while suppressed (§4.10.2): TL the markers; Regular LV2 with 3: D8 >
   * 5; the markers count for that circumstance alone */
  {
    const char * const fdf[] = { "circumstance=fdf-suppressed", "suppression=3", NULL };
    const char * const other[] = { "circumstance=in-position-open", "suppression=3", NULL };
    g_autoptr(MusterProcedureResult) r5 = run_exact (p, fdf);
    g_autoptr(MusterProcedureResult) r6 = run_exact (p, other);

    assert_prob (r5, "result", MUSTER_SOV_TEST_PASS, 3 / 8.0);
    assert_prob (r6, "result", MUSTER_SOV_TEST_PASS, 4 / 8.0);
  }
}

static void
test_sov_leader_loss (void)
{
  const MusterProcedure *p = procedure ("leader-loss");
  const char * const average[] = { "lv=2", NULL };
  const char * const inspiring[] = { "lv=1", "test-lv=old", "motivation=high", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (p, average);
  g_autoptr(MusterProcedureResult) r2 = run_exact (p, inspiring);
  int outcome[3];
  int faces[] = { 6, 4 };

  assert_prob (r1, "new-lv", 3, 2 / 6.0);
  assert_prob (r1, "new-lv", 2, 3 / 6.0);
  assert_prob (r1, "new-lv", 1, 1 / 6.0);
  /* Medium MM: TL 3 with the new LV: D8 > 6, 5 or 4 by the D6. */
  assert_prob (r1, "result", MUSTER_SOV_TEST_PASS, (2 / 6.0) * (2 / 8.0) + (3 / 6.0) * (3 / 8.0)
                                                   + (1 / 6.0) * (4 / 8.0));
  /* LV stays within 1..3: a 6 on LV 1 stays 1. */
  assert_prob (r2, "new-lv", 1, 4 / 6.0);
  /* High MM TL 2 with the old LV 1: D8 > 3. */
  assert_prob (r2, "result", MUSTER_SOV_TEST_PASS, 5 / 8.0);

  /* A 6 makes LV 2 into LV 1; the test is then D8 4 against 1 + 3. */
  resolve (&muster_sov_leader_loss_play, p, average, faces, outcome);
  g_assert_cmpint (outcome[0], ==, 1);
  g_assert_cmpint (outcome[1], ==, MUSTER_SOV_TEST_FAIL);
}

static void
test_sov_fright_check (void)
{
  const MusterProcedure *p = procedure ("fright-check");
  /* The book: 10 troopers watching 5 cavalry flee test at +1; watching 4 skirmishers, no test. */
  const char * const cavalry[] = { "unit-size=10", "fleeing-mounted=5", NULL };
  const char * const skirmishers[] = { "unit-size=10", "fleeing-mounted=0", "fleeing-foot=4",
                                       NULL };
  const char * const rear[] = { "unit-size=10", "fleeing-mounted=5", "enemy-rear=1",
                                "adjacent-friends=1", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (p, cavalry);
  g_autoptr(MusterProcedureResult) r2 = run_exact (p, skirmishers);
  g_autoptr(MusterProcedureResult) r3 = run_exact (p, rear);

  assert_prob (r1, "result", MUSTER_SOV_TEST_PASS, 5 / 8.0);
  assert_prob (r2, "result", MUSTER_SOV_TEST_NO_TEST, 1);
  /* +2 −1: T 4. */
  assert_prob (r3, "result", MUSTER_SOV_TEST_PASS, 4 / 8.0);
}

static void
test_sov_remove_suppression (void)
{
  const char * const two[] = { "markers=2", "actions=2", NULL };
  g_autoptr(MusterProcedureResult) r = run_exact (procedure ("remove-suppression"), two);

  /* D8 > 2 each: 3/4. */
  assert_prob (r, "removed", 2, 9 / 16.0);
  assert_prob (r, "removed", 0, 1 / 16.0);
  assert_prob (r, "remaining", 1, 6 / 16.0);
}

static void
test_sov_charge (void)
{
  const MusterProcedure *p = procedure ("charge");
  const char * const shaken[] = { "confidence=shaken", "formation=open",
                                  "target-formation=close", NULL };
  const char * const cavalry[] = { "arm=cavalry", "pike=yes", "phalanx=yes", "facing=flank",
                                   "mobility=d10", "distance=30", NULL };
  const char * const inspired[] = { "confidence=inspired", "mobility=d4", "distance=4", NULL };
  const char * const elephant[] = { "arm=cavalry", "target=elephant", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (p, shaken);
  g_autoptr(MusterProcedureResult) r2 = run_exact (p, cavalry);
  g_autoptr(MusterProcedureResult) r3 = run_exact (p, inspired);
  g_autofree int *values = values_for (p, elephant);
  g_autoptr(GError) error = NULL;

  /* LV 2 + Shaken 3 + Open against Close 1: D8 > 6. */
  assert_prob (r1, "result", MUSTER_SOV_TEST_PASS, 2 / 8.0);
  /* Confident + pike 1 + flank −1, the phalanx only counts in front: D8 > 2. */
  assert_prob (r2, "result", MUSTER_SOV_TEST_PASS, 6 / 8.0);
  /* 30" with D10 moves: the first reaches on 15+ (never), the pair on a sum of 15+. */
  assert_prob (r2, "contact", 2, 0);
  assert_prob (r2, "contact", 3, 6 / 8.0 * 21 / 100.0);
  /* Inspired: no test; a D4 move reaches 4" on 2+. */
  assert_prob (r3, "result", MUSTER_SOV_TEST_NO_TEST, 1);
  assert_prob (r3, "contact", 2, 3 / 4.0);
  assert_prob (r3, "contact", 3, 1 / 4.0);

  g_assert_null (muster_procedure_run_exact (p, ruleset, values, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
}

/* §4.8's example: 12 Regular archers with short bows at 9", light armour, Shield Wall. */
static void
test_sov_fire_example (void)
{
  const MusterProcedure *p = procedure ("fire");
  /* The digest's oracle ignores the Close Order shift: D8 + D12 against D10. */
  const char * const oracle[] = { "target-formation=open", "shield-wall=yes", NULL };
  /* With the default Close Order −1 the Range Die is D8. */
  const char * const close[] = { "target-formation=close", "shield-wall=yes", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (p, oracle);
  g_autoptr(MusterProcedureResult) r2 = run_exact (p, close);
  int outcome[5];
  int suppression_only[] = { 4, 5, 1, 4 };
  /* 5 and 6 against 4: S 11 on a D10, one hit and the remainder roll 1 ≤ 1 gives a second;
   * Impact 4 against Armour 3 kills, 2 against 5 does not. */
  int effective[] = { 5, 6, 1, 4, 1, 4, 3, 2, 5 };

  assert_prob (r1, "result", 1, 89 / 240.0);
  assert_prob (r1, "result", 2, 11 / 30.0);
  assert_prob (r1, "result", 3, 21 / 80.0);
  assert_prob (r1, "suppression", 1, 1 - 89 / 240.0);
  /* P(no effect) against a D8: Σ min(r,8)·min(r,12) / (8·12·8). */
  assert_prob (r2, "result", 1, 204 / 768.0);

  /* Final Defensive Fire never suppresses; Fire and Retire also raises the Range Die (D8 → D10
   * for the Close Order target: the oracle's numbers again). */
  {
    const char * const fdf[] = { "target-formation=close", "shield-wall=yes", "defensive=yes",
                                 NULL };
    const char * const retire[] = { "target-formation=close", "shield-wall=yes",
                                    "fire-and-retire=yes", NULL };
    g_autoptr(MusterProcedureResult) r3 = run_exact (p, fdf);
    g_autoptr(MusterProcedureResult) r4 = run_exact (p, retire);

    assert_prob (r3, "suppression", 0, 1);
    assert_prob (r3, "result", 1, 204 / 768.0);
    assert_prob (r4, "result", 3, 21 / 80.0);
    assert_prob (r4, "suppression", 1, 0);
  }
  /* Speculative fire at the same target: suppression only when revealed, never a casualty. */
  {
    const char * const speculative[] = { "target-formation=open", "shield-wall=yes",
                                         "speculative=yes", NULL };
    g_autoptr(MusterProcedureResult) r5 = run_exact (p, speculative);

    assert_prob (r5, "suppression", 1, 21 / 80.0);
    assert_prob (r5, "casualties", 0, 1);
  }

  resolve (&muster_sov_fire_play, p, oracle, suppression_only, outcome);
  g_assert_cmpint (outcome[0], ==, 2);
  g_assert_cmpint (outcome[2], ==, 0);
  resolve (&muster_sov_fire_play, p, oracle, effective, outcome);
  g_assert_cmpint (outcome[0], ==, 3);
  g_assert_cmpint (outcome[2], ==, 2);
  g_assert_cmpint (outcome[3], ==, 1);
}

static void
test_sov_fire_range (void)
{
  const MusterProcedure *p = procedure ("fire");
  /* Short bow, Regular: EB 4", so 20" is the fifth band (D12) and 21" beyond range (§9 #3). */
  const char * const last[] = { "distance=20", NULL };
  const char * const beyond[] = { "distance=21", NULL };
  /* In the fifth band soft cover pushes the Range Die past D12: no shot. */
  const char * const covered[] = { "distance=20", "cover=soft", NULL };
  /* Thrown weapons move without penalty: a Regular's javelin at 2" stays D4 (Open Order). */
  const char * const javelin[] = { "weapon=javelin", "distance=2", "moved=yes", NULL };
  const char * const volley[] = { "weapon=short-bow", "volley=yes", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (p, last);
  g_autoptr(MusterProcedureResult) r2 = run_exact (p, beyond);
  g_autoptr(MusterProcedureResult) r3 = run_exact (p, covered);
  g_autoptr(MusterProcedureResult) r4 = run_exact (p, javelin);
  g_autofree int *values = values_for (p, volley);
  g_autoptr(GError) error = NULL;

  g_assert_cmpfloat (prob (r1, "result", 0), ==, 0);
  assert_prob (r2, "result", 0, 1);
  assert_prob (r3, "result", 0, 1);
  /* D8 + D12 (12 figures) against D4: P(no effect) = Σ (r/8)(r/12) / 4 over r = 1..4; a D6
   * (the moving penalty) would give Σ r² / (96 · 6) over r = 1..6. */
  assert_prob (r4, "result", 1, (1 + 4 + 9 + 16) / 96.0 / 4);

  g_assert_null (muster_procedure_run_exact (p, ruleset, values, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
}

static void
test_sov_fire_brute_force (void)
{
  /* Untrained javelins (4 figures: D4 firepower) at 1": D4 against D4, Impact D4 against no
   * armour. */
  const char * const small[] = { "quality=untrained", "weapon=javelin", "figures=4",
                                 "distance=1", "armour=none", NULL };
  /* Area fire and a D8 Range Die (5" is the third 2" band), wet bows (Impact D6 → D4). */
  const char * const area[] = { "quality=untrained", "weapon=short-bow", "figures=2",
                                "area-figures=2", "distance=5", "armour=none", "wet=yes", NULL };
  /* The table's FP Die (D8 for a pilum) and its Shield Wall result; 2" is the fourth ½" band,
   * D10, and Close Order −1 makes it D8; light armour one era behind is D4. */
  const char * const pilum[] = { "quality=untrained", "weapon=pilum", "figures=1",
                                 "distance=2", "armour=light", "era=1",
                                 "firepower-die=weapon", "target-formation=close", NULL };

  check_brute_force (&muster_sov_fire_play, procedure ("fire"), small);
  check_brute_force (&muster_sov_fire_play, procedure ("fire"), area);
  check_brute_force (&muster_sov_fire_play, procedure ("fire"), pilum);
  {
    const char * const speculative[] = { "quality=untrained", "weapon=javelin", "figures=4",
                                         "distance=1", "armour=none", "speculative=yes", NULL };

    check_brute_force (&muster_sov_fire_play, procedure ("fire"), speculative);
  }
}

static void
test_sov_heavy_weapons (void)
{
  const MusterProcedure *p = procedure ("heavy-weapon-vehicle");
  const char * const small[] = { "quality=untrained", "system=hxb", "size=1", "distance=12",
                                 "target-size=1", "armour-value=0", "suspension=d4",
                                 "occupants=2", "occupant-armour=none", NULL };
  const char * const armoured[] = { "quality=untrained", "system=hxb", "size=2", "distance=3",
                                    "target-size=1", "armour-value=1", "suspension=d4",
                                    "destruction=double", NULL };
  const char * const close[] = { "system=tdw", "distance=3", NULL };
  int outcome[3];
  /* Major hit (4, 4 against 3): D6 roll 3 × 1 × 2 = 6 against armour 2 → destroyed (> 2 × 2). */
  int destroyed[] = { 4, 4, 3, 3, 2, 1, 1, 1, 5 };
  g_autofree int *values = values_for (p, close);
  g_autoptr(GError) error = NULL;

  check_brute_force (&muster_sov_heavy_weapon_vehicle_play, p, small);
  check_brute_force (&muster_sov_heavy_weapon_vehicle_play, p, armoured);

  resolve (&muster_sov_heavy_weapon_vehicle_play, p, small, destroyed, outcome);
  g_assert_cmpint (outcome[0], ==, 3);
  g_assert_cmpint (outcome[1], ==, 3);
  /* D12 5 × size 1 ÷ D4 armour → 1. */
  g_assert_cmpint (outcome[2], ==, 1);

  /* The TDW's 6" minimum range. */
  g_assert_null (muster_procedure_run_exact (p, ruleset, values, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
}

static void
test_sov_artillery (void)
{
  const MusterProcedure *aim = procedure ("artillery-aim");
  const MusterProcedure *blast = procedure ("artillery-blast");
  /* The book: LV2 at 25", T 4 with a D8; ties land. A 3 drifts D8, a 1 drifts 3·D8. */
  const char * const example[] = { "lv=2", "distance=25", NULL };
  const char * const shell[] = { "round=explosive", "armour=super-heavy", NULL };
  const char * const dug_in[] = { "round=explosive", "armour=super-heavy", "in-position=yes",
                                  NULL };
  const char * const shot[] = { "round=solid-shot", "system=hxb", "size=1", "figures=2",
                                "armour=light", "cover=soft", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (aim, example);
  g_autoptr(MusterProcedureResult) r2 = run_exact (blast, shell);
  g_autoptr(MusterProcedureResult) r3 = run_exact (blast, dug_in);
  int outcome[3];
  int three[] = { 3, 5, 7 }, one[] = { 1, 5, 7 }, four[] = { 4, 5, 7 };

  assert_prob (r1, "landing", 1, 5 / 8.0);
  resolve (&muster_sov_artillery_aim_play, aim, example, three, outcome);
  g_assert_cmpint (outcome[1], ==, 5);
  resolve (&muster_sov_artillery_aim_play, aim, example, one, outcome);
  g_assert_cmpint (outcome[1], ==, 15);
  g_assert_cmpint (outcome[2], ==, 7);
  resolve (&muster_sov_artillery_aim_play, aim, example, four, outcome);
  g_assert_cmpint (outcome[0], ==, 1);

  /* D8 against D12; In Position past D12 lowers the shell's Impact to D6 instead. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (muster_procedure_result_get_output (r2, 0)),
                                  5 * _muster_sov_p_greater (8, 12), 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (muster_procedure_result_get_output (r3, 0)),
                                  5 * _muster_sov_p_greater (6, 12), 1e-12);
  check_brute_force (&muster_sov_artillery_blast_play, blast, shot);

  /* A TDW/5's solid shot: at least 2 × 5 = 10 against a D6, every figure falls. */
  {
    const char * const big[] = { "round=solid-shot", "system=tdw", "size=5", NULL };
    g_autoptr(MusterProcedureResult) r4 = run_exact (blast, big);

    assert_prob (r4, "casualties", 5, 1);
  }
}

static void
test_sov_scythed_chariot (void)
{
  const MusterProcedure *p = procedure ("scythed-chariot");
  /* Skirmishers: 2 hits a rank, D12 against light armour's D6; the chariot drives on. */
  const char * const skirmish[] = { "target-formation=skirmish", "ranks=1", NULL };
  /* Close Order, two ranks: 12 hits, and the chariot is destroyed. */
  const char * const close[] = { "target-formation=close", "ranks=2", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (p, skirmish);
  g_autoptr(MusterProcedureResult) r2 = run_exact (p, close);
  double q = 1 - _muster_sov_p_greater (12, 6);

  check_brute_force (&muster_sov_scythed_chariot_play, p, skirmish);
  assert_prob (r1, "casualties", 0, q * q);
  assert_prob (r1, "chariot", 0, 1);
  /* Only a unit that took casualties tests: Medium MM, TL 1, LV 2, D8 > 3. */
  assert_prob (r1, "confidence", MUSTER_SOV_TEST_PASS, (1 - q * q) * 5 / 8.0);
  g_assert_cmpfloat_with_epsilon (output_mean (r2, "casualties"), 12 * (1 - q), 1e-12);
  assert_prob (r2, "chariot", 1, 1);
}

static void
test_sov_force_ratio (void)
{
  static const struct { int a, d, a_dice, d_dice; } cases[] = {
    { 1, 1, 2, 2 }, { 3, 2, 3, 2 }, { 2, 3, 2, 3 }, { 2, 1, 4, 2 },
    /* The book's 9:4 → 2:1 and 4:27 → 1:6. */
    { 9, 4, 4, 2 }, { 4, 27, 2, 12 },
    /* 4:3 rounds down to 1:1, 5:3 to 3:2. */
    { 4, 3, 2, 2 }, { 5, 3, 3, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      int a, d;

      _muster_sov_force_ratio_dice (cases[i].a, cases[i].d, &a, &d);
      g_assert_cmpint (a, ==, cases[i].a_dice);
      g_assert_cmpint (d, ==, cases[i].d_dice);
    }
}

/* The mean number of dice of a pair of d@a that beat the lower of a pair of d@d. */
static double
pair_beats_mean (int a,
                 int d)
{
  double mean = 0;

  for (int x = 1; x <= a; x++)
    for (int y = 1; y <= d; y++)
      for (int z = 1; z <= d; z++)
        mean += 2.0 * (x > MIN (y, z)) / ((double) a * d * d);
  return mean;
}

static void
test_sov_hand_to_hand_shifts (void)
{
  const MusterProcedure *p = procedure ("hand-to-hand");
  const char * const reach[] = {
    "attacker-quality=untrained", "defender-quality=untrained", "attacker-weapon=dagger",
    "defender-weapon=spear", "charging=no", NULL
  };
  /* Regular against Regular behind a Shield Wall: the attacker's D8 drops to D6 (default), or
   * the defender's rises to D10 (variant): the two readings differ (§9 #6). */
  const char * const wall[] = { "defender-weapon=short-sword", "charging=no",
                                "defender-shield-wall=yes", NULL };
  const char * const wall_up[] = { "defender-weapon=short-sword", "charging=no",
                                   "defender-shield-wall=yes", "shield-wall-reading=defender-up",
                                   NULL };
  /* Charging Veterans overlapping on one side: D10 +1 +1 = D14, the excess lowers the
   * defender's D8 to D6. */
  const char * const charge[] = { "attacker-quality=veteran", "defender-weapon=short-sword",
                                  "attacker-overlap=1", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (p, reach);
  g_autoptr(MusterProcedureResult) r2 = run_exact (p, wall);
  g_autoptr(MusterProcedureResult) r3 = run_exact (p, wall_up);
  g_autoptr(MusterProcedureResult) r4 = run_exact (p, charge);
  /* A Melee of two skirmish units: the pikes (Reach 3) take −2. The daggers' D8 drops 3 for
   * the Reach, one step past D4 that goes to the pikes: D8 − 2 + 1 = D6 against D4. */
  const char * const melee[] = { "attacker-formation=skirmish", "defender-formation=skirmish",
                                 "attacker-weapon=dagger", "defender-weapon=pike",
                                 "charging=no", NULL };
  g_autoptr(MusterProcedureResult) r5 = run_exact (p, melee);

  /* Reach 1 against 0: the attacker's D4 cannot go lower, so the defender's D4 becomes D6. */
  g_assert_cmpfloat_with_epsilon (output_mean (r1, "defender-hits"), pair_beats_mean (6, 4),
                                  1e-12);
  g_assert_cmpfloat_with_epsilon (output_mean (r1, "attacker-hits"), pair_beats_mean (4, 6),
                                  1e-12);
  g_assert_cmpfloat_with_epsilon (output_mean (r2, "attacker-hits"), pair_beats_mean (6, 8),
                                  1e-12);
  g_assert_cmpfloat_with_epsilon (output_mean (r3, "attacker-hits"), pair_beats_mean (8, 10),
                                  1e-12);
  g_assert_cmpfloat (fabs (output_mean (r2, "attacker-hits") - output_mean (r3, "attacker-hits")),
                     >, 0.01);
  g_assert_cmpfloat_with_epsilon (output_mean (r4, "attacker-hits"), pair_beats_mean (12, 6),
                                  1e-12);
  g_assert_cmpfloat_with_epsilon (output_mean (r5, "attacker-hits"), pair_beats_mean (4, 6),
                                  1e-12);
  g_assert_cmpfloat_with_epsilon (output_mean (r5, "defender-hits"), pair_beats_mean (6, 4),
                                  1e-12);
  /* Detailed penetration: heavy armour (D10) against the short sword's D8 Impact. */
  g_assert_cmpfloat_with_epsilon (output_mean (r4, "attacker-casualties"),
                                  output_mean (r4, "defender-hits") * _muster_sov_p_greater (8, 10),
                                  1e-12);
}

static void
test_sov_hand_to_hand (void)
{
  const MusterProcedure *p = procedure ("hand-to-hand");
  /* Untrained daggers, no armour, 2 against 2; summary penetration keeps the layout small. */
  const char * const even[] = {
    "attacker-quality=untrained", "defender-quality=untrained", "attacker-weapon=dagger",
    "defender-weapon=dagger", "attacker-armour=none", "defender-armour=none", "charging=no",
    "penetration=summary", NULL
  };
  /* Close against Open infantry: 3:2, so 3 dice against 2. */
  const char * const ratio[] = {
    "attacker-quality=untrained", "defender-quality=untrained", "attacker-weapon=dagger",
    "defender-weapon=dagger", "attacker-armour=none", "defender-armour=none", "charging=no",
    "defender-formation=open", "penetration=summary", "scrum-score=raw", NULL
  };

  /* Two dice each: A = (3, 1), D = (2, 4). A's 3 beats D's 2; D's 2 and 4 beat A's 1.
   * Summary: Impact 4 against 1 (≥ 2×) → all A's hits; 2 against 2 → none. */
  int faces[] = { 3, 1, 2, 4, 4, 1, 2, 2, 1, 1 };
  int outcome[5];
  g_autoptr(MusterProcedureResult) result = run_exact (p, even);
  double a_scores = 0;

  check_brute_force (&muster_sov_hand_to_hand_play, p, even);
  check_brute_force (&muster_sov_hand_to_hand_play, p, ratio);

  resolve (&muster_sov_hand_to_hand_play, p, even, faces, outcome);
  g_assert_cmpint (outcome[0], ==, 1);
  g_assert_cmpint (outcome[1], ==, 2);
  g_assert_cmpint (outcome[2], ==, 1);
  g_assert_cmpint (outcome[3], ==, 0);

  /* A symmetric fight: both sides' hit distributions are the same. */
  for (int k = 0; k <= 2; k++)
    {
      g_assert_cmpfloat_with_epsilon (prob (result, "attacker-hits", k),
                                      prob (result, "defender-hits", k), 1e-12);
      a_scores += k * prob (result, "attacker-hits", k);
    }
  /* Each of A's two dice scores when it beats the lower of D's two: Σ P(x > min). */
  {
    double expected = 0;

    for (int x = 1; x <= 4; x++)
      for (int y = 1; y <= 4; y++)
        for (int z = 1; z <= 4; z++)
          expected += (x > MIN (y, z)) / 64.0;
    g_assert_cmpfloat_with_epsilon (a_scores, 2 * expected, 1e-12);
  }
}

/* P(a d@x beats the lowest of @n1 d@s1 and @n2 d@s2). */
static double
beats_lowest (int x_sides,
              int n1,
              int s1,
              int n2,
              int s2)
{
  double p = 1;

  for (int x = 1; x <= x_sides; x++)
    p -= pow (MAX (0, s1 - x + 1) / (double) s1, n1) * pow (MAX (0, s2 - x + 1) / (double) s2, n2)
         / x_sides;
  return p;
}

static void
test_sov_warhorses (void)
{
  const MusterProcedure *p = procedure ("hand-to-hand");
  /* Close Order cavalry (Regular, D8) against Close Order infantry: 2:3, so 2 dice against 3,
   * plus 2 warhorse dice one step lower (D6) whose hits use Impact D6. */
  const char * const horses[] = { "attacker-arm=cavalry", "attacker-weapon=sword",
                                  "defender-weapon=sword", "charging=no",
                                  "attacker-warhorses=yes", NULL };
  const char * const infantry[] = { "attacker-warhorses=yes", NULL };
  g_autoptr(MusterProcedureResult) r = run_exact (p, horses);
  g_autofree int *values = values_for (p, infantry);
  g_autoptr(GError) error = NULL;

  g_assert_cmpfloat_with_epsilon (output_mean (r, "attacker-hits"),
                                  2 * beats_lowest (8, 3, 8, 0, 6)
                                  + 2 * beats_lowest (6, 3, 8, 0, 6), 1e-12);
  g_assert_cmpfloat_with_epsilon (output_mean (r, "defender-hits"),
                                  3 * beats_lowest (8, 2, 8, 2, 6), 1e-12);
  /* Casualties: own hits with the sword's D8, warhorse hits with D6, against light armour. */
  g_assert_cmpfloat_with_epsilon (output_mean (r, "defender-casualties"),
                                  2 * beats_lowest (8, 3, 8, 0, 6) * _muster_sov_p_greater (8, 6)
                                  + 2 * beats_lowest (6, 3, 8, 0, 6)
                                    * _muster_sov_p_greater (6, 6), 1e-12);

  g_assert_null (muster_procedure_run_exact (p, ruleset, values, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
}

static void
test_sov_hand_to_hand_simulated (void)
{
  const MusterProcedure *p = procedure ("hand-to-hand");
  /* Cavalry with warhorses against the default infantry, detailed penetration: too many dice
   * to enumerate. */
  const char * const horses[] = { "attacker-arm=cavalry", "attacker-warhorses=yes",
                                  "defender-armour=medium", NULL };
  g_autofree int *values = values_for (p, horses);
  g_autoptr(MusterProcedureResult) exact = muster_procedure_run_exact (p, ruleset, values, NULL);
  g_autoptr(MusterProcedureResult) simulated =
    muster_procedure_simulate (p, ruleset, values, 100000, 7, NULL);
  const guint64 trials = 100000;

  for (guint o = 0; o < p->n_outputs; o++)
    {
      MusterDist *e = muster_procedure_result_get_output (exact, o);
      MusterDist *s = muster_procedure_result_get_output (simulated, o);

      g_assert_cmpfloat_with_epsilon (muster_dist_get_total (e), 1.0, 1e-12);
      for (int k = muster_dist_get_min (e); k <= muster_dist_get_max (e); k++)
        {
          double pe = muster_dist_get_prob (e, k);
          double se = sqrt (pe * (1 - pe) / trials);

          g_assert_cmpfloat (fabs (muster_dist_get_prob (s, k) - pe), <=, 4 * se + 1e-9);
        }
    }
}

static void
test_sov_close_assault (void)
{
  const MusterProcedure *assault = procedure ("close-assault");
  const MusterProcedure *charge = procedure ("charge");
  g_autofree int *values = muster_procedure_default_values (assault);
  g_autofree int *charge_values = muster_procedure_default_values (charge);
  g_autoptr(MusterProcedureResult) first = NULL, again = NULL, exact = NULL;
  const guint64 trials = 100000;
  MusterDist *simulated;
  double p_refused, p_short, se;

  g_assert_null (assault->exact);
  /* One seed, one result. */
  {
    g_autoptr(MusterProcedureResult) one =
      muster_procedure_simulate (assault, ruleset, values, 20000, 5, NULL);

    again = muster_procedure_simulate (assault, ruleset, values, 20000, 5, NULL);
    for (guint o = 0; o < assault->n_outputs; o++)
      g_assert_true (muster_dist_equal (muster_procedure_result_get_output (one, o),
                                        muster_procedure_result_get_output (again, o), 0.0));
  }
  first = muster_procedure_simulate (assault, ruleset, values, trials, 11, NULL);

  /* The first step is the charge procedure with the same unit: its refusals and short moves. */
  exact = muster_procedure_run_exact (charge, ruleset, charge_values, NULL);
  p_refused = prob (exact, "result", MUSTER_SOV_TEST_FAIL)
              + prob (exact, "result", MUSTER_SOV_TEST_MAJOR_FAILURE);
  p_short = prob (exact, "contact", 1);
  simulated = muster_procedure_result_get_output (first, 0);
  se = sqrt (p_refused * (1 - p_refused) / trials);
  g_assert_cmpfloat (fabs (muster_dist_get_prob (simulated, 0) - p_refused), <=, 4 * se);
  se = sqrt (p_short * (1 - p_short) / trials);
  g_assert_cmpfloat (fabs (muster_dist_get_prob (simulated, 1) - p_short), <=, 4 * se);
}

static void
test_sov_command (void)
{
  /* §4.4: a Regular battalion commander (LV1) calls a Green company (LV2) 13" away: D8 against
   * 2 + ⌈7/6⌉ = 4, P = 1/2. */
  const char * const example[] = { "sender-quality=regular", "sender-lv=1", "receiver-lv=2",
                                    "distance=13", NULL };
  const char * const near[] = { "distance=6", NULL };
  const char * const horns[] = { "sender-lv=1", "receiver-lv=2", "distance=13", "signal=horns",
                                 NULL };
  /* Two command levels apart: the D8 becomes a D6. */
  const char * const skipped[] = { "sender-lv=1", "receiver-lv=2", "distance=13", "levels=2",
                                   NULL };
  /* §4.4 Rally: a Regular LV2 unit and a Veteran LV1 commander: D8 > 3, P = 5/8. */
  const char * const rally[] = { "quality=regular", "lv=2", "sender-quality=veteran",
                                 "sender-lv=1", "distance=4", NULL };
  const char * const poor[] = { "quality=regular", "lv=3", "sender-quality=veteran",
                                "sender-lv=1", "distance=4", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (procedure ("communication"), example);
  g_autoptr(MusterProcedureResult) r2 = run_exact (procedure ("communication"), near);
  g_autoptr(MusterProcedureResult) r3 = run_exact (procedure ("communication"), horns);
  g_autoptr(MusterProcedureResult) r4 = run_exact (procedure ("communication"), skipped);
  g_autoptr(MusterProcedureResult) r5 = run_exact (procedure ("rally"), rally);
  g_autoptr(MusterProcedureResult) r6 = run_exact (procedure ("rally"), poor);

  assert_prob (r1, "result", 1, 1 / 2.0);
  assert_prob (r2, "result", 0, 1);
  assert_prob (r3, "result", 1, 5 / 8.0);
  assert_prob (r4, "result", 1, 2 / 6.0);
  assert_prob (r5, "result", 2, 5 / 8.0);
  assert_prob (r6, "result", 2, 4 / 8.0);
}

static void
test_sov_wedge_and_spotting (void)
{
  g_autoptr(MusterProcedureResult) wedge = run_exact (procedure ("wedge"), NULL);
  const char * const spyglass[] = { "distance=12", "spyglass=yes", NULL };
  g_autoptr(MusterProcedureResult) spotted = run_exact (procedure ("spotting"), spyglass);
  double both = 0;

  /* D8 against D8: d ≥ 2a in 16 of 64 pairs, a ≤ d < 2a in 20, 2d < a in 12, the rest 16. */
  assert_prob (wedge, "result", 0, 16 / 64.0);
  assert_prob (wedge, "result", 1, 20 / 64.0);
  assert_prob (wedge, "result", 2, 16 / 64.0);
  assert_prob (wedge, "result", 3, 12 / 64.0);

  /* 12" moves the target's D4 to D6; D8 and a spyglass's D6 must both beat it. */
  for (int t = 1; t <= 6; t++)
    both += (8 - t) / 8.0 * (6 - t) / 6.0 / 6;
  assert_prob (spotted, "result", 2, both);
}

static void
test_sov_heroic_combat (void)
{
  const MusterProcedure *p = procedure ("heroic-combat");
  const char * const small[] = { "attacker-skill=d4", "attacker-weapon=dagger",
                                 "attacker-armour=none", "defender-skill=d4",
                                 "defender-weapon=dagger", "defender-armour=none",
                                 "defender-secondary=buckler", NULL };
  const char * const small_literal[] = { "attacker-skill=d4", "attacker-weapon=dagger",
                                         "defender-skill=d6", "defender-weapon=spear",
                                         "blow-reading=literal", NULL };
  const char * const literal[] = { "blow-reading=literal", NULL };
  g_autoptr(MusterProcedureResult) r1 = run_exact (p, literal);
  int outcome[3];
  /* Attacker 3 and 2 against 1 and 1: both beat the defender's higher die, a major blow;
   * Impact 4 doubled is 8, over three times the defence of 2 (armour 2, buckler 1). */
  int faces[] = { 3, 2, 1, 1, 4, 2, 1, 1, 1, 1 };

  check_brute_force (&muster_sov_heroic_play, p, small);
  check_brute_force (&muster_sov_heroic_play, p, small_literal);
  /* As printed, a winning higher die beats both of the loser's dice: never a minor blow. */
  assert_prob (r1, "blow", 1, 0);
  assert_prob (r1, "blow", 3, 0);

  resolve (&muster_sov_heroic_play, p, small, faces, outcome);
  g_assert_cmpint (outcome[0], ==, 4);
  g_assert_cmpint (outcome[2], ==, 3);
  g_assert_cmpint (outcome[1], ==, 0);
}

static void
test_sov_sniper_and_heroic_missile (void)
{
  /* A Veteran sniper with a muzzle-loaded rifle: band 1.5 × 10 = 15", so 20" is the second
   * band, D6. He misses when neither D10 nor the rifle's FP D4 beats it. */
  g_autoptr(MusterProcedureResult) sniper = run_exact (procedure ("sniper"), NULL);
  const char * const scope[] = { "telescopic=yes", NULL };
  g_autoptr(MusterProcedureResult) scoped = run_exact (procedure ("sniper"), scope);
  const char * const small[] = { "skill=d4", "weapon=sling", "distance=4", "armour=none",
                                 "secondary=buckler", NULL };
  double miss = 0, miss_d4 = 0;

  for (int r = 1; r <= 6; r++)
    miss += (r / 10.0) * (MIN (r, 4) / 4.0) / 6;
  /* With a telescopic sight the band is 30": 20" is the first band, D4. */
  for (int r = 1; r <= 4; r++)
    miss_d4 += (r / 10.0) * (r / 4.0) / 4;
  assert_prob (sniper, "hit", 1, miss);
  assert_prob (sniper, "casualty", 1, (1 - miss) * _muster_sov_p_greater (10, 6));
  assert_prob (sniper, "revealed", 1, 1 / 10.0);
  assert_prob (scoped, "hit", 1, miss_d4);

  /* A sling (FP D8, Impact D4) in an unskilled hand at a lone figure 4" away: D4 +2 = D8. */
  check_brute_force (&muster_sov_heroic_missile_play, procedure ("heroic-missile"), small);
}

static void
test_sov_missing_table (void)
{
  static const char text[] =
    "<ruleset format='1' id='bare' version='1'><name>Bare</name></ruleset>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(MusterRuleset) bare = muster_ruleset_new_from_bytes (bytes, "bare.xml", NULL);
  const MusterProcedure *p = procedure ("fire");
  g_autofree int *values = muster_procedure_default_values (p);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (bare);
  g_assert_null (muster_procedure_run_exact (p, bare, values, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_nonnull (strstr (error->message, "no table"));
}

/* ---- Fire and smoke (§4.12.7–8) --------------------------------------------------------- */

/* Every face of every marker's roll at each turn end: the chance of each number burning. */
static void
enumerate_markers (int     burning,
                   int     turns_left,
                   double  weight,
                   double *out,
                   int     length)
{
  if (turns_left == 0 || burning == 0)
    {
      g_assert_cmpint (burning, <, length);
      out[burning] += weight;
      return;
    }
  /* the markers' faces as one number in base 6, the first marker's the lowest digit */
  for (int code = 0, n = (int) pow (6, burning); code < n; code++)
    {
      int after = burning;

      for (int m = 0, c = code; m < burning; m++, c /= 6)
        after += c % 6 == 5 ? 1 : c % 6 == 0 ? -1 : 0;
      enumerate_markers (after, turns_left - 1, weight / n, out, length);
    }
}

static void
test_sov_flames (void)
{
  const MusterProcedure *p = procedure ("flames");
  static const char * const small[] = { "markers=2", "turns=2", "figures=2", NULL };
  g_autoptr(MusterProcedureResult) exact = run_exact (p, small);
  g_autofree int *values = values_for (p, small);
  double burning[16] = { 0 }, smoke[16] = { 0 }, caught[3] = { 0 };
  const guint64 trials = 200000;

  /* markers: 2 at the start, every face for two turn ends (up to 8 burning) */
  enumerate_markers (2, 2, 1.0, burning, G_N_ELEMENTS (burning));
  /* smoke: the D6 clouds, then a D6 at each of the two turn ends */
  for (int start = 1; start <= 6; start++)
    for (int a = 1; a <= 6; a++)
      for (int b = 1; b <= 6; b++)
        {
          int c = start;

          c = a == 1 ? 0 : a == 2 ? MAX (0, c - 1) : a >= 5 ? c + 1 : c;
          c = b == 1 ? 0 : b == 2 ? MAX (0, c - 1) : b >= 5 ? c + 1 : c;
          smoke[c] += 1.0 / 216;
        }
  /* two figures, each D4 against the fire's D4: caught when the fire is higher */
  for (int code = 0; code < 256; code++)
    caught[(code % 4 < (code / 4) % 4) + ((code / 16) % 4 < code / 64)] += 1.0 / 256;

  for (int k = 0; k < 16; k++)
    {
      g_assert_cmpfloat_with_epsilon (prob (exact, "burning", k), burning[k], 1e-12);
      g_assert_cmpfloat_with_epsilon (prob (exact, "smoke", k), smoke[k], 1e-12);
    }
  for (int k = 0; k < 3; k++)
    g_assert_cmpfloat_with_epsilon (prob (exact, "casualties", k), caught[k], 1e-12);
  /* a lone marker is out after one turn end with 1/6; the mean number burning stays put */
  {
    static const char * const one[] = { "markers=1", "turns=1", NULL };
    g_autoptr(MusterProcedureResult) single = run_exact (p, one);

    g_assert_cmpfloat_with_epsilon (prob (single, "burning", 0), 1.0 / 6, 1e-12);
    g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (muster_procedure_result_get_output (
                                      single, 0)), 1.0, 1e-12);
  }

  /* the sampler rolls as the markers spread */
  muster_assert_sampler_matches (p, ruleset, values, exact, trials, 4);
}

/* Greek fire, every face: @old markers may go out on a 1, @young ones (in their first turn)
 * cannot; what either spreads on a 6 is young. */
static void
enumerate_greek (int     old,
                 int     young,
                 int     turns_left,
                 double  weight,
                 double *out,
                 int     length)
{
  int burning = old + young;

  if (turns_left == 0 || burning == 0)
    {
      g_assert_cmpint (burning, <, length);
      out[burning] += weight;
      return;
    }
  for (int code = 0, n = (int) pow (6, burning); code < n; code++)
    {
      int out_now = 0, spread = 0;

      for (int m = 0, c = code; m < burning; m++, c /= 6)
        {
          spread += c % 6 == 5;
          out_now += c % 6 == 0 && m < old;
        }
      enumerate_greek (old - out_now + young, spread, turns_left - 1, weight / n, out, length);
    }
}

static void
test_sov_greek_fire (void)
{
  const MusterProcedure *p = procedure ("flames");
  static const char * const lone[] = { "markers=1", "turns=1", "greek-fire=yes", NULL };
  static const char * const small[] = { "markers=2", "turns=2", "greek-fire=yes", NULL };
  static const char * const later[] = { "markers=2", "turns=2", "greek-fire=yes",
                                        "first-turn=no", NULL };
  static const char * const plain[] = { "markers=2", "turns=2", NULL };
  g_autoptr(MusterProcedureResult) single = run_exact (p, lone);
  g_autoptr(MusterProcedureResult) exact = run_exact (p, small);
  g_autoptr(MusterProcedureResult) lit_before = run_exact (p, later);
  g_autoptr(MusterProcedureResult) ordinary = run_exact (p, plain);
  g_autofree int *values = values_for (p, small);
  double burning[16] = { 0 };

  /* a lone Greek fire marker cannot go out at its first turn end: 5/6 burns on, 1/6 spreads */
  assert_prob (single, "burning", 0, 0.0);
  assert_prob (single, "burning", 1, 5.0 / 6);
  assert_prob (single, "burning", 2, 1.0 / 6);

  /* two markers, two turn ends, every face; the markers spread are in their first turn too */
  enumerate_greek (0, 2, 2, 1.0, burning, G_N_ELEMENTS (burning));
  for (int k = 0; k < 16; k++)
    assert_prob (exact, "burning", k, burning[k]);
  /* at the second turn end only the first markers can go out (1/36 both), none spread then */
  assert_prob (exact, "burning", 0, 1.0 / 36 * 25.0 / 36);

  /* Greek fire lit in an earlier turn: its first markers may go out, what they spread not */
  memset (burning, 0, sizeof burning);
  enumerate_greek (2, 0, 2, 1.0, burning, G_N_ELEMENTS (burning));
  for (int k = 0; k < 16; k++)
    {
      assert_prob (lit_before, "burning", k, burning[k]);
      assert_prob (exact, "smoke", k, prob (ordinary, "smoke", k));
    }
  /* an ordinary fire ignores the switch */
  {
    static const char * const plain_later[] = { "markers=2", "turns=2", "first-turn=no", NULL };
    g_autoptr(MusterProcedureResult) ordinary_later = run_exact (p, plain_later);

    for (int k = 0; k < 16; k++)
      assert_prob (ordinary_later, "burning", k, prob (ordinary, "burning", k));
  }
  /* and a first turn makes Greek fire last longer: the fail case of the reading */
  g_assert_cmpfloat (prob (exact, "burning", 0), <, prob (ordinary, "burning", 0));

  muster_assert_sampler_matches (p, ruleset, values, exact, 200000, 6);
}

/* ---- Last Stand (§4.12.5) --------------------------------------------------------------- */

static void
test_sov_last_stand (void)
{
  const MusterProcedure *p = procedure ("last-stand");
  static const char * const plain[] = { NULL };
  static const char * const inspired[] = { "inspired=yes", NULL };
  static const char * const guarded[] = { "inspired=yes", "honour-guard=yes", NULL };
  g_autoptr(MusterProcedureResult) a = run_exact (p, plain);
  g_autoptr(MusterProcedureResult) b = run_exact (p, inspired);
  g_autoptr(MusterProcedureResult) c = run_exact (p, guarded);
  static const int five[] = { 5 };
  int outcome[1];

  /* a 6 holds; Inspired adds 1; a scenario's honour guard 1 more */
  assert_prob (a, "result", 1, 1.0 / 6);
  assert_prob (b, "result", 1, 2.0 / 6);
  assert_prob (c, "result", 1, 3.0 / 6);
  resolve (&muster_sov_last_stand_play, p, plain, five, outcome);
  g_assert_cmpint (outcome[0], ==, 0);
  resolve (&muster_sov_last_stand_play, p, inspired, five, outcome);
  g_assert_cmpint (outcome[0], ==, 1);
  check_brute_force (&muster_sov_last_stand_play, p, guarded);
}

/* ---- Panic (§4.3.3) --------------------------------------------------------------------- */

static void
test_sov_panic (void)
{
  const MusterProcedure *p = procedure ("panic");
  static const char * const green[] = { "quality=green", NULL };
  static const char * const removal[] = { "quality=green", "attempt=removal", NULL };
  g_autoptr(MusterProcedureResult) test = run_exact (p, green);
  g_autoptr(MusterProcedureResult) remove = run_exact (p, removal);
  static const int one[] = { 1 }, two[] = { 2 };
  int outcome[1];

  /* Green LV2 at TL 0: D6 > 2 */
  assert_prob (test, "result", 0, 4 / 6.0);
  assert_prob (test, "result", 1, 2 / 6.0);
  assert_prob (test, "result", 2, 0.0);
  /* removal: the same roll, and a 1 of the two failing faces also costs a CL */
  assert_prob (remove, "result", 0, 4 / 6.0);
  assert_prob (remove, "result", 1, 1 / 6.0);
  assert_prob (remove, "result", 2, 1 / 6.0);
  resolve (&muster_sov_panic_play, p, removal, one, outcome);
  g_assert_cmpint (outcome[0], ==, 2);
  resolve (&muster_sov_panic_play, p, removal, two, outcome);
  g_assert_cmpint (outcome[0], ==, 1);
  resolve (&muster_sov_panic_play, p, green, one, outcome);
  g_assert_cmpint (outcome[0], ==, 1);
  check_brute_force (&muster_sov_panic_play, p, removal);
}

/* ---- Independent Figures (§4.13) -------------------------------------------------------- */

static void
test_sov_independent_figure (void)
{
  const MusterProcedure *p = procedure ("independent-figure");
  static const char * const test_tl2[] = { "quality=regular", "lv=2", "tl=2", NULL };
  static const char * const removal[] = { "quality=regular", "lv=2", "tl=2",
                                          "attempt=remove-panic", NULL };
  g_autoptr(MusterProcedureResult) test = run_exact (p, test_tl2);
  g_autoptr(MusterProcedureResult) remove = run_exact (p, removal);
  static const int one[] = { 1 }, two[] = { 2 }, three[] = { 3 }, five[] = { 5 };
  int outcome[1];

  /* Regular D8 against LV 2 + TL 2 = 4: 5-8 pass, 3-4 fail (Suppression), 1-2 Panic */
  assert_prob (test, "result", 0, 4 / 8.0);
  assert_prob (test, "result", 1, 2 / 8.0);
  assert_prob (test, "result", 2, 2 / 8.0);
  assert_prob (test, "result", 3, 0.0);
  /* removal is against LV alone: 3-8 off, 2 stays, 1 loses the figure */
  assert_prob (remove, "result", 0, 6 / 8.0);
  assert_prob (remove, "result", 1, 1 / 8.0);
  assert_prob (remove, "result", 2, 0.0);
  assert_prob (remove, "result", 3, 1 / 8.0);
  resolve (&muster_sov_independent_figure_play, p, test_tl2, one, outcome);
  g_assert_cmpint (outcome[0], ==, 2);
  resolve (&muster_sov_independent_figure_play, p, test_tl2, three, outcome);
  g_assert_cmpint (outcome[0], ==, 1);
  resolve (&muster_sov_independent_figure_play, p, test_tl2, five, outcome);
  g_assert_cmpint (outcome[0], ==, 0);
  resolve (&muster_sov_independent_figure_play, p, removal, one, outcome);
  g_assert_cmpint (outcome[0], ==, 3);
  resolve (&muster_sov_independent_figure_play, p, removal, two, outcome);
  g_assert_cmpint (outcome[0], ==, 1);
  resolve (&muster_sov_independent_figure_play, p, removal, three, outcome);
  g_assert_cmpint (outcome[0], ==, 0);
  check_brute_force (&muster_sov_independent_figure_play, p, test_tl2);
  check_brute_force (&muster_sov_independent_figure_play, p, removal);
}

/* ---- Dust (§4.12.9) ---------------------------------------------------------------------- */

static void
test_sov_dust (void)
{
  const MusterProcedure *p = procedure ("dust");
  static const char * const hurricane[] = { "wind=5", NULL };
  static const char * const breezy[] = { "wind=1", NULL };
  static const char * const moderate[] = { "wind=2", NULL };
  g_autoptr(MusterProcedureResult) five = run_exact (p, hurricane);
  g_autoptr(MusterProcedureResult) one = run_exact (p, breezy);
  g_autoptr(MusterProcedureResult) two = run_exact (p, moderate);
  g_autofree int *values = values_for (p, moderate);
  g_autoptr(GError) error = NULL;
  double clouds[8] = { 0 }, length[40] = { 0 };

  /* D6 + 5 is always 6 or more: less 5, one to six clouds alike */
  for (int c = 1; c <= 6; c++)
    assert_prob (five, "clouds", c, 1.0 / 6);
  assert_prob (five, "drift", 30, 1.0);
  /* D6 + 1: 2–5 as rolled, 6 and 7 wrap to 1 and 2 */
  assert_prob (one, "clouds", 1, 1.0 / 6);
  assert_prob (one, "clouds", 2, 2.0 / 6);
  assert_prob (one, "clouds", 6, 0.0);
  g_assert_cmpfloat_with_epsilon (output_mean (one, "length"), 17.0 / 6 * 3.5, 1e-12);

  /* wind 2, every face of the cloud die and of each cloud's length die */
  for (int face = 1; face <= 6; face++)
    {
      int n = face + 2 >= 6 ? face + 2 - 5 : face + 2;

      clouds[n] += 1.0 / 6;
      for (int code = 0, all = (int) pow (6, n); code < all; code++)
        {
          int total = 0;

          for (int c = 0, rest = code; c < n; c++, rest /= 6)
            total += rest % 6 + 1;
          length[total] += 1.0 / 6 / all;
        }
    }
  for (int k = 0; k < 8; k++)
    assert_prob (two, "clouds", k, clouds[k]);
  for (int k = 0; k < 40; k++)
    assert_prob (two, "length", k, length[k]);
  assert_prob (two, "drift", 12, 1.0);

  /* no dust in a calm: the wind level starts at 1 */
  values[0] = 0;
  g_assert_false (muster_procedure_check_values (p, values, &error));
  g_assert_nonnull (error);
  values[0] = 2;

  muster_assert_sampler_matches (p, ruleset, values, two, 200000, 7);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);
  path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                           "standards-of-valor.xml", NULL);
  ruleset = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);

  g_test_add_func ("/engine/sov/appendix-opposed", test_sov_appendix_opposed);
  g_test_add_func ("/engine/sov/appendix-tests", test_sov_appendix_tests);
  g_test_add_func ("/engine/sov/confidence", test_sov_confidence);
  g_test_add_func ("/engine/sov/reaction", test_sov_reaction);
  g_test_add_func ("/engine/sov/leader-loss", test_sov_leader_loss);
  g_test_add_func ("/engine/sov/fright-check", test_sov_fright_check);
  g_test_add_func ("/engine/sov/remove-suppression", test_sov_remove_suppression);
  g_test_add_func ("/engine/sov/charge", test_sov_charge);
  g_test_add_func ("/engine/sov/fire-example", test_sov_fire_example);
  g_test_add_func ("/engine/sov/fire-range", test_sov_fire_range);
  g_test_add_func ("/engine/sov/fire-brute-force", test_sov_fire_brute_force);
  g_test_add_func ("/engine/sov/heavy-weapons", test_sov_heavy_weapons);
  g_test_add_func ("/engine/sov/artillery", test_sov_artillery);
  g_test_add_func ("/engine/sov/scythed-chariot", test_sov_scythed_chariot);
  g_test_add_func ("/engine/sov/force-ratio", test_sov_force_ratio);
  g_test_add_func ("/engine/sov/hand-to-hand", test_sov_hand_to_hand);
  g_test_add_func ("/engine/sov/hand-to-hand-shifts", test_sov_hand_to_hand_shifts);
  g_test_add_func ("/engine/sov/warhorses", test_sov_warhorses);
  g_test_add_func ("/engine/sov/hand-to-hand-simulated", test_sov_hand_to_hand_simulated);
  g_test_add_func ("/engine/sov/close-assault", test_sov_close_assault);
  g_test_add_func ("/engine/sov/command", test_sov_command);
  g_test_add_func ("/engine/sov/wedge-and-spotting", test_sov_wedge_and_spotting);
  g_test_add_func ("/engine/sov/heroic-combat", test_sov_heroic_combat);
  g_test_add_func ("/engine/sov/sniper-and-heroic-missile", test_sov_sniper_and_heroic_missile);
  g_test_add_func ("/engine/sov/missing-table", test_sov_missing_table);
  g_test_add_func ("/engine/sov/flames", test_sov_flames);
  g_test_add_func ("/engine/sov/greek-fire", test_sov_greek_fire);
  g_test_add_func ("/engine/sov/dust", test_sov_dust);
  g_test_add_func ("/engine/sov/last-stand", test_sov_last_stand);
  g_test_add_func ("/engine/sov/panic", test_sov_panic);
  g_test_add_func ("/engine/sov/independent-figure", test_sov_independent_figure);

  ret = g_test_run ();
  muster_ruleset_unref (ruleset);
  return ret;
}
