/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>

#include "muster-engine.h"
#include "muster-dice-private.h"

/* Monte-Carlo checks draw this many samples; with a fixed seed they are deterministic. */
#define N_SAMPLES 200000

/*
 * The expected numbers below do not come from this code. The state {1, 2, 3, 4} outputs are the
 * published ones of the xoshiro256** reference implementation. The seeded ones come from an
 * independent transcription of the algorithms (splitmix64 to fill the state, xoshiro256**,
 * rejection of outputs below 2^64 mod n for a die, the top 53 bits for a double, Vose's alias
 * table for a sample); that transcription reproduces the published vector above, and the
 * published splitmix64 outputs for the seed 1234567.
 */

static void
test_dice_reference_vector (void)
{
  static const guint64 state[4] = { 1, 2, 3, 4 };
  static const guint64 expected[] = {
    G_GUINT64_CONSTANT (11520), G_GUINT64_CONSTANT (0), G_GUINT64_CONSTANT (1509978240),
    G_GUINT64_CONSTANT (1215971899390074240), G_GUINT64_CONSTANT (1216172134540287360),
    G_GUINT64_CONSTANT (607988272756665600), G_GUINT64_CONSTANT (16172922978634559625),
    G_GUINT64_CONSTANT (8476171486693032832), G_GUINT64_CONSTANT (10595114339597558777),
    G_GUINT64_CONSTANT (2904607092377533576),
  };
  g_autoptr(MusterDice) dice = _muster_dice_new_from_state (state);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmphex (muster_dice_next (dice), ==, expected[i]);
}

static void
test_dice_seeds (void)
{
  static const struct {
    guint64 seed;
    guint64 outputs[4];
  } cases[] = {
    { 0, { G_GUINT64_CONSTANT (0x99ec5f36cb75f2b4), G_GUINT64_CONSTANT (0xbf6e1f784956452a),
           G_GUINT64_CONSTANT (0x1a5f849d4933e6e0), G_GUINT64_CONSTANT (0x6aa594f1262d2d2c) } },
    { 42, { G_GUINT64_CONSTANT (0x15780b2e0c2ec716), G_GUINT64_CONSTANT (0x6104d9866d113a7e),
            G_GUINT64_CONSTANT (0xae17533239e499a1), G_GUINT64_CONSTANT (0xecb8ad4703b360a1) } },
    { G_MAXUINT64,
      { G_GUINT64_CONSTANT (0x8f5520d52a7ead08), G_GUINT64_CONSTANT (0xc476a018caa1802d),
        G_GUINT64_CONSTANT (0x81de31c0d260469e), G_GUINT64_CONSTANT (0xbf658d7e065f3c2f) } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterDice) dice = muster_dice_new (cases[i].seed);

      g_assert_cmphex (muster_dice_get_seed (dice), ==, cases[i].seed);
      for (guint j = 0; j < G_N_ELEMENTS (cases[i].outputs); j++)
        g_assert_cmphex (muster_dice_next (dice), ==, cases[i].outputs[j]);
    }
}

static void
test_dice_fixed_rolls (void)
{
  static const int d6[] = { 5, 4, 6, 6, 4, 2, 1, 5, 2, 5, 5, 4, 1, 6, 2, 6, 6, 1, 4, 6 };
  static const int d20[] = { 19, 14, 2, 12, 4, 18, 13, 17, 6, 5 };
  static const double doubles[] = { 0.055792889110163335, 0.782103772866755,
                                    0.07205494006296331 };
  static const int three_d6[] = { 12, 4, 10, 11, 8, 9, 8, 14, 12, 12, 10, 12, 6, 12, 13, 14, 4,
                                  12, 10, 10 };
  g_autoptr(MusterDice) a = muster_dice_new (2024);
  g_autoptr(MusterDice) b = muster_dice_new (2024);
  g_autoptr(MusterDice) c = muster_dice_new (2024);
  g_autoptr(MusterDice) d = muster_dice_new (2024);
  g_autoptr(MusterDist) sum = muster_dist_new_dice_sum (3, 6);

  for (guint i = 0; i < G_N_ELEMENTS (d6); i++)
    g_assert_cmpint (muster_dice_roll (a, 6), ==, d6[i]);
  for (guint i = 0; i < G_N_ELEMENTS (d20); i++)
    g_assert_cmpint (muster_dice_roll (b, 20), ==, d20[i]);
  for (guint i = 0; i < G_N_ELEMENTS (doubles); i++)
    g_assert_cmpfloat (muster_dice_double (c), ==, doubles[i]);
  for (guint i = 0; i < G_N_ELEMENTS (three_d6); i++)
    g_assert_cmpint (muster_dice_sample (d, sum), ==, three_d6[i]);
}

static void
test_dice_determinism (void)
{
  g_autoptr(MusterDice) a = muster_dice_new (7);
  g_autoptr(MusterDice) b = muster_dice_new (7);
  g_autoptr(MusterDice) other = muster_dice_new (8);
  g_autoptr(MusterDice) copy = NULL;
  g_autoptr(MusterDist) sum = muster_dist_new_dice_sum (4, 8);
  guint same_as_other = 0;

  /* A mixed stream: the same seed gives the same everything. */
  for (guint i = 0; i < 1000; i++)
    {
      g_assert_cmpint (muster_dice_roll (a, 6), ==, muster_dice_roll (b, 6));
      g_assert_cmpint (muster_dice_uniform (a, -5, 5), ==, muster_dice_uniform (b, -5, 5));
      g_assert_cmpint (muster_dice_chance (a, 0.3), ==, muster_dice_chance (b, 0.3));
      g_assert_cmpint (muster_dice_sample (a, sum), ==, muster_dice_sample (b, sum));
      g_assert_cmpfloat (muster_dice_double (a), ==, muster_dice_double (b));
      same_as_other += muster_dice_next (a) == muster_dice_next (other);
      muster_dice_next (b);
    }
  g_assert_cmpuint (same_as_other, ==, 0);

  /* A copy rolls exactly what the original rolls next. */
  copy = muster_dice_copy (a);
  g_assert_cmphex (muster_dice_get_seed (copy), ==, 7);
  for (guint i = 0; i < 100; i++)
    g_assert_cmpint (muster_dice_roll (copy, 12), ==, muster_dice_roll (a, 12));
}

static void
test_dice_outputs_consumed (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (99);
  g_autoptr(MusterDist) sum = muster_dist_new_dice_sum (3, 6);

  /* chance() takes one output whatever p is, sample() two, roll() one. */
  for (guint i = 0; i < 100; i++)
    {
      g_autoptr(MusterDice) copy = muster_dice_copy (dice);

      muster_dice_chance (dice, i % 3 == 0 ? 0.0 : i % 3 == 1 ? 1.0 : 0.5);
      muster_dice_sample (dice, sum);
      muster_dice_roll (dice, 6);
      for (guint j = 0; j < 4; j++)
        muster_dice_next (copy);
      g_assert_cmphex (muster_dice_next (dice), ==, muster_dice_next (copy));
    }
}

static void
test_dice_ranges (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (1);
  gboolean seen_lo = FALSE;
  gboolean seen_hi = FALSE;

  for (guint i = 0; i < 10000; i++)
    {
      int v = muster_dice_uniform (dice, -3, 3);
      int wide = muster_dice_uniform (dice, G_MININT, G_MAXINT);
      double x = muster_dice_double (dice);

      g_assert_cmpint (v, >=, -3);
      g_assert_cmpint (v, <=, 3);
      seen_lo |= v == -3;
      seen_hi |= v == 3;
      (void) wide;
      g_assert_cmpfloat (x, >=, 0.0);
      g_assert_cmpfloat (x, <, 1.0);
      g_assert_cmpint (muster_dice_roll (dice, 1), ==, 1);
      g_assert_cmpint (muster_dice_uniform (dice, 5, 5), ==, 5);
      g_assert_false (muster_dice_chance (dice, 0.0));
      g_assert_true (muster_dice_chance (dice, 1.0));
    }
  g_assert_true (seen_lo && seen_hi);
}

/* Every outcome's frequency is within 4 standard errors of its exact probability, and an
 * outcome of probability 0 never happens. */
static void
assert_frequencies (const MusterDist *dist,
                    const guint      *counts,
                    int               lo,
                    int               hi)
{
  for (int v = lo; v <= hi; v++)
    {
      double p = muster_dist_get_prob (dist, v);
      double freq = (double) counts[v - lo] / N_SAMPLES;
      double se = sqrt (p * (1.0 - p) / N_SAMPLES);

      if (p == 0.0)
        g_assert_cmpuint (counts[v - lo], ==, 0);
      else if (fabs (freq - p) > 4 * se)
        g_error ("P(%d) is %g but %u of %u samples is %g, %.1f standard errors away",
                 v, p, counts[v - lo], N_SAMPLES, freq, fabs (freq - p) / se);
    }
}

static MusterDist *
volley (void)
{
  g_autoptr(MusterDist) accurate = muster_dist_new_binomial (20, 4.0 / 6.0);
  g_autoptr(MusterDist) die = muster_dist_new_die (6);
  g_autoptr(MusterDist) kill = muster_dist_compound (accurate, die);

  return muster_dist_scale (kill, 1, 5, MUSTER_ROUND_DOWN);
}

static void
test_dice_monte_carlo (void)
{
  static const double gappy[] = { 0.001, 0.0, 0.0, 0.6, 0.0, 0.299, 0.1 };
  g_autoptr(MusterDist) d6 = muster_dist_new_die (6);
  g_autoptr(MusterDist) sum = muster_dist_new_dice_sum (3, 6);
  g_autoptr(MusterDist) binomial = muster_dist_new_binomial (10, 1.0 / 3.0);
  g_autoptr(MusterDist) weighted = muster_dist_new_from_weights (-3, gappy, G_N_ELEMENTS (gappy));
  g_autoptr(MusterDist) hits = volley ();
  g_autoptr(MusterDist) constant = muster_dist_new_constant (4);
  const MusterDist *sampled[] = { d6, sum, binomial, weighted, hits, constant };
  g_autoptr(MusterDice) dice = muster_dice_new (20240601);

  /* roll() and chance() against their exact distributions */
  {
    g_autoptr(MusterDist) coin = muster_dist_new_bernoulli (0.3);
    guint rolls[6] = { 0 };
    guint chances[2] = { 0 };

    for (guint i = 0; i < N_SAMPLES; i++)
      {
        rolls[muster_dice_roll (dice, 6) - 1]++;
        chances[muster_dice_chance (dice, 0.3)]++;
      }
    assert_frequencies (d6, rolls, 1, 6);
    assert_frequencies (coin, chances, 0, 1);
  }

  /* sample() against each distribution, a margin of values outside included */
  for (guint k = 0; k < G_N_ELEMENTS (sampled); k++)
    {
      int lo = muster_dist_get_min (sampled[k]) - 2;
      int hi = muster_dist_get_max (sampled[k]) + 2;
      g_autofree guint *counts = g_new0 (guint, hi - lo + 1);

      for (guint i = 0; i < N_SAMPLES; i++)
        {
          int v = muster_dice_sample (dice, sampled[k]);

          g_assert_cmpint (v, >=, lo + 2);
          g_assert_cmpint (v, <=, hi - 2);
          counts[v - lo]++;
        }
      assert_frequencies (sampled[k], counts, lo, hi);
    }
}

static void
test_dice_preconditions (void)
{
  g_autoptr(MusterDice) dice = muster_dice_new (3);
  static const guint64 zero_state[4] = { 0 };

  g_test_expect_message ("muster-dice", G_LOG_LEVEL_CRITICAL, "*muster_dice_roll*sides >= 1*");
  g_test_expect_message ("muster-dice", G_LOG_LEVEL_CRITICAL, "*muster_dice_uniform*lo <= hi*");
  g_test_expect_message ("muster-dice", G_LOG_LEVEL_CRITICAL, "*muster_dice_chance*p >= 0.0*");
  g_test_expect_message ("muster-dice", G_LOG_LEVEL_CRITICAL, "*muster_dice_sample*dist*");
  g_test_expect_message ("muster-dice", G_LOG_LEVEL_CRITICAL, "*new_from_state*!= 0*");
  g_assert_cmpint (muster_dice_roll (dice, 0), ==, 0);
  g_assert_cmpint (muster_dice_uniform (dice, 2, 1), ==, 2);
  g_assert_false (muster_dice_chance (dice, 1.5));
  g_assert_cmpint (muster_dice_sample (dice, NULL), ==, 0);
  g_assert_null (_muster_dice_new_from_state (zero_state));
  g_test_assert_expected_messages ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/dice/reference-vector", test_dice_reference_vector);
  g_test_add_func ("/engine/dice/seeds", test_dice_seeds);
  g_test_add_func ("/engine/dice/fixed-rolls", test_dice_fixed_rolls);
  g_test_add_func ("/engine/dice/determinism", test_dice_determinism);
  g_test_add_func ("/engine/dice/outputs-consumed", test_dice_outputs_consumed);
  g_test_add_func ("/engine/dice/ranges", test_dice_ranges);
  g_test_add_func ("/engine/dice/monte-carlo", test_dice_monte_carlo);
  g_test_add_func ("/engine/dice/preconditions", test_dice_preconditions);

  return g_test_run ();
}
