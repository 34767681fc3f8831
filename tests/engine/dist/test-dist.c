/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-engine.h"

/* Every exact result is checked against a brute-force enumeration of every die. */
#define TOLERANCE 1e-12
#define TALLY_MIN (-1000)
#define TALLY_MAX 1000

typedef struct
{
  guint         n_faces;  /* the faces are 1 .. n_faces */
  const double *weights;  /* n_faces weights, or NULL for a fair die */
} Die;

/* The outcome of one combination of faces, faces[i] being die i's face */
typedef int (*OutcomeFunc) (const int *faces,
                            gpointer   user_data);

typedef struct
{
  double weight[TALLY_MAX - TALLY_MIN + 1];
  double total;
} Tally;

static const Die d6 = { 6, NULL };

/* Runs func on every combination of faces of the dice; each result is tallied with the
 * product of its faces' weights. */
static Tally *
enumerate (const Die   *dice,
           guint        n_dice,
           OutcomeFunc  func,
           gpointer     user_data)
{
  Tally *tally = g_new0 (Tally, 1);
  g_autofree int *faces = g_new (int, n_dice);

  for (guint i = 0; i < n_dice; i++)
    faces[i] = 1;

  for (;;)
    {
      double weight = 1.0;
      int value = func (faces, user_data);
      guint i;

      for (i = 0; i < n_dice; i++)
        if (dice[i].weights != NULL)
          weight *= dice[i].weights[faces[i] - 1];
      g_assert_cmpint (value, >=, TALLY_MIN);
      g_assert_cmpint (value, <=, TALLY_MAX);
      tally->weight[value - TALLY_MIN] += weight;
      tally->total += weight;

      /* The odometer: the next combination, or the end. */
      for (i = 0; i < n_dice && faces[i] == (int) dice[i].n_faces; i++)
        faces[i] = 1;
      if (i == n_dice)
        break;
      faces[i]++;
    }

  return tally;
}

/* n copies of one die */
static Tally *
enumerate_same (const Die   *die,
                guint        n_dice,
                OutcomeFunc  func,
                gpointer     user_data)
{
  g_autofree Die *dice = g_new (Die, MAX (n_dice, 1));

  for (guint i = 0; i < n_dice; i++)
    dice[i] = *die;
  return enumerate (dice, n_dice, func, user_data);
}

static double
tally_prob (const Tally *tally,
            int          value)
{
  if (value < TALLY_MIN || value > TALLY_MAX)
    return 0.0;
  return tally->weight[value - TALLY_MIN] / tally->total;
}

/* The invariants every distribution keeps. */
static void
check_dist (const MusterDist *dist)
{
  const double *probs;
  guint length;
  int offset;

  g_assert_nonnull (dist);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_total (dist), 1.0, TOLERANCE);
  probs = muster_dist_get_probs (dist, &offset, &length);
  g_assert_cmpuint (length, >=, 1);
  g_assert_cmpint (offset, ==, muster_dist_get_min (dist));
  g_assert_cmpint (offset + (int) length - 1, ==, muster_dist_get_max (dist));
  g_assert_cmpfloat (probs[0], >, 0.0);
  g_assert_cmpfloat (probs[length - 1], >, 0.0);
  for (guint i = 0; i < length; i++)
    g_assert_true (probs[i] >= 0.0 && probs[i] <= 1.0);
}

/* The distribution is the brute-force one: the same support, every probability within 1e-12. */
static void
assert_matches (const MusterDist *dist,
                const Tally      *tally)
{
  check_dist (dist);
  g_assert_cmpint (muster_dist_get_min (dist), >=, TALLY_MIN);
  g_assert_cmpint (muster_dist_get_max (dist), <=, TALLY_MAX);

  for (int v = TALLY_MIN; v <= TALLY_MAX; v++)
    {
      double expected = tally_prob (tally, v);
      double got = muster_dist_get_prob (dist, v);

      if (fabs (got - expected) > TOLERANCE || (got > 0.0) != (expected > 0.0))
        g_error ("P(%d) is %.17g, brute force gives %.17g", v, got, expected);
    }
}

static void
assert_prob (double got,
             double expected)
{
  g_assert_cmpfloat_with_epsilon (got, expected, TOLERANCE);
}

static int
sum_faces (const int *faces,
           gpointer   user_data)
{
  guint n = GPOINTER_TO_UINT (user_data);
  int sum = 0;

  for (guint i = 0; i < n; i++)
    sum += faces[i];
  return sum;
}

static int
first_face (const int *faces,
            gpointer   user_data)
{
  return faces[0];
}

static void
test_dist_constant (void)
{
  g_autoptr(MusterDist) dist = muster_dist_new_constant (-7);

  check_dist (dist);
  g_assert_cmpint (muster_dist_get_min (dist), ==, -7);
  g_assert_cmpint (muster_dist_get_max (dist), ==, -7);
  assert_prob (muster_dist_get_prob (dist, -7), 1.0);
  assert_prob (muster_dist_get_mean (dist), -7.0);
  assert_prob (muster_dist_get_variance (dist), 0.0);
}

static void
test_dist_uniform (void)
{
  static const Die d2 = { 2, NULL };
  static const Die d12 = { 12, NULL };
  g_autoptr(MusterDist) two = muster_dist_new_die (2);
  g_autoptr(MusterDist) twelve = muster_dist_new_die (12);
  g_autoptr(MusterDist) range = muster_dist_new_uniform (-2, 3);
  g_autofree Tally *t2 = enumerate (&d2, 1, first_face, NULL);
  g_autofree Tally *t12 = enumerate (&d12, 1, first_face, NULL);

  /* A d2 is half a d4 rounded up: 1 or 2. */
  assert_matches (two, t2);
  assert_prob (muster_dist_get_prob (two, 1), 0.5);
  assert_matches (twelve, t12);

  check_dist (range);
  g_assert_cmpint (muster_dist_get_min (range), ==, -2);
  g_assert_cmpint (muster_dist_get_max (range), ==, 3);
  for (int v = -2; v <= 3; v++)
    assert_prob (muster_dist_get_prob (range, v), 1.0 / 6.0);
}

static void
test_dist_bernoulli (void)
{
  g_autoptr(MusterDist) never = muster_dist_new_bernoulli (0.0);
  g_autoptr(MusterDist) always = muster_dist_new_bernoulli (1.0);
  g_autoptr(MusterDist) some = muster_dist_new_bernoulli (0.3);

  check_dist (never);
  g_assert_cmpint (muster_dist_get_max (never), ==, 0);
  check_dist (always);
  g_assert_cmpint (muster_dist_get_min (always), ==, 1);
  check_dist (some);
  assert_prob (muster_dist_get_prob (some, 1), 0.3);
  assert_prob (muster_dist_get_prob (some, 0), 0.7);
}

static void
test_dist_from_weights (void)
{
  /* A d10 table by face counts, with zero weights at both ends and inside. */
  static const double weights[] = { 0.0, 3.0, 0.0, 5.0, 2.0, 0.0 };
  g_autoptr(MusterDist) dist = muster_dist_new_from_weights (-2, weights, G_N_ELEMENTS (weights));

  check_dist (dist);
  g_assert_cmpint (muster_dist_get_min (dist), ==, -1);
  g_assert_cmpint (muster_dist_get_max (dist), ==, 2);
  assert_prob (muster_dist_get_prob (dist, -1), 0.3);
  assert_prob (muster_dist_get_prob (dist, 0), 0.0);
  assert_prob (muster_dist_get_prob (dist, 1), 0.5);
  assert_prob (muster_dist_get_prob (dist, 2), 0.2);
}

static void
test_dist_add (void)
{
  static const double loaded[] = { 0.5, 0.0, 0.1, 0.1, 0.1, 0.2 };
  static const Die dice[] = { { 4, NULL }, { 6, loaded } };
  g_autoptr(MusterDist) d4 = muster_dist_new_die (4);
  g_autoptr(MusterDist) d6_loaded = muster_dist_new_from_weights (1, loaded, 6);
  g_autoptr(MusterDist) sum = muster_dist_add (d4, d6_loaded);
  g_autoptr(MusterDist) sum_swapped = muster_dist_add (d6_loaded, d4);
  g_autofree Tally *tally = enumerate (dice, 2, sum_faces, GUINT_TO_POINTER (2));

  assert_matches (sum, tally);
  assert_matches (sum_swapped, tally);
}

static void
test_dist_dice_sum (void)
{
  g_autoptr(MusterDist) three = muster_dist_new_dice_sum (3, 6);
  g_autoptr(MusterDist) two = muster_dist_new_dice_sum (2, 6);
  g_autoptr(MusterDist) none = muster_dist_new_dice_sum (0, 6);
  g_autoptr(MusterDist) five_d4 = muster_dist_new_dice_sum (5, 4);
  g_autofree Tally *t3 = enumerate_same (&d6, 3, sum_faces, GUINT_TO_POINTER (3));
  g_autofree Tally *t5 = enumerate_same (&(Die) { 4, NULL }, 5, sum_faces, GUINT_TO_POINTER (5));

  assert_matches (three, t3);
  assert_matches (five_d4, t5);
  assert_prob (muster_dist_get_prob_at_least (three, 10), 0.625);
  assert_prob (muster_dist_get_prob (two, 7), 1.0 / 6.0);
  check_dist (none);
  g_assert_cmpint (muster_dist_get_max (none), ==, 0);

  /* Undying Lands: 2d6 + 8 runs 10..20 with mean 15. */
  {
    g_autoptr(MusterDist) loss = muster_dist_shift (two, 8);

    g_assert_cmpint (muster_dist_get_min (loss), ==, 10);
    g_assert_cmpint (muster_dist_get_max (loss), ==, 20);
    assert_prob (muster_dist_get_mean (loss), 15.0);
  }
}

static void
test_dist_sum_iid (void)
{
  static const double weights[] = { 0.25, 0.0, 0.5, 0.25 };
  static const Die die = { 4, weights };
  g_autoptr(MusterDist) one = muster_dist_new_from_weights (-1, weights, 4);
  g_autofree Tally *tally = enumerate_same (&die, 5, sum_faces, GUINT_TO_POINTER (5));

  /* Faces 1..4 stand for -1..2, so the brute-force sum is 10 too high. */
  for (guint n = 0; n <= 5; n++)
    {
      g_autoptr(MusterDist) sum = muster_dist_sum_iid (one, n);

      check_dist (sum);
      assert_prob (muster_dist_get_mean (sum), n * muster_dist_get_mean (one));
      assert_prob (muster_dist_get_variance (sum), n * muster_dist_get_variance (one));
      if (n == 5)
        {
          g_autoptr(MusterDist) shifted = muster_dist_shift (sum, 10);

          assert_matches (shifted, tally);
        }
    }
}

static void
test_dist_large_sum (void)
{
  g_autoptr(MusterDist) sum = muster_dist_new_dice_sum (200, 6);

  check_dist (sum);
  g_assert_cmpint (muster_dist_get_min (sum), ==, 200);
  g_assert_cmpint (muster_dist_get_max (sum), ==, 1200);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (sum), 700.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_variance (sum), 200 * 35.0 / 12.0, 1e-8);

  /* The tails keep their relative precision: P(all ones) = 6^-200, about 2e-156. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (sum, 200) / pow (6.0, -200), 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (sum, 201) / (200 * pow (6.0, -200)), 1.0,
                                  1e-12);
  for (int v = 200; v <= 700; v += 50)
    g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (sum, v) /
                                    muster_dist_get_prob (sum, 1400 - v), 1.0, 1e-12);
}

static void
test_dist_binomial (void)
{
  static const double p_values[] = { 0.0, 1.0 / 6.0, 0.3, 2.0 / 3.0, 1.0 };
  static const double coin[] = { 0.7, 0.3 };

  for (guint i = 0; i < G_N_ELEMENTS (p_values); i++)
    for (guint n = 0; n <= 6; n++)
      {
        double weights[2] = { 1.0 - p_values[i], p_values[i] };
        Die die = { 2, weights };
        g_autoptr(MusterDist) dist = muster_dist_new_binomial (n, p_values[i]);
        g_autoptr(MusterDist) shifted = muster_dist_shift (dist, n);
        g_autofree Tally *tally = enumerate_same (&die, n, sum_faces, GUINT_TO_POINTER (n));

        /* Faces 1 and 2 stand for failure and success. */
        assert_matches (shifted, tally);
      }

  /* Known values */
  {
    g_autoptr(MusterDist) b = muster_dist_new_binomial (4, 0.5);
    g_autoptr(MusterDist) none = muster_dist_new_binomial (0, 0.5);
    g_autoptr(MusterDist) certain = muster_dist_new_binomial (7, 1.0);
    g_autoptr(MusterDist) ten = muster_dist_new_binomial (10, 0.3);
    g_autoptr(MusterDist) bern = muster_dist_new_from_weights (0, coin, 2);
    g_autoptr(MusterDist) ten_by_sum = muster_dist_sum_iid (bern, 10);

    assert_prob (muster_dist_get_prob (b, 2), 6.0 / 16.0);
    assert_prob (muster_dist_get_prob_at_least (b, 1), 15.0 / 16.0);
    g_assert_cmpint (muster_dist_get_max (none), ==, 0);
    g_assert_cmpint (muster_dist_get_min (certain), ==, 7);
    assert_prob (muster_dist_get_prob (ten, 3), 120 * pow (0.3, 3) * pow (0.7, 7));
    g_assert_true (muster_dist_equal (ten, ten_by_sum, 1e-15));
    g_assert_false (muster_dist_equal (ten, b, 1e-3));
  }

  /* Many dice: the moments and a far tail */
  {
    g_autoptr(MusterDist) big = muster_dist_new_binomial (200, 1.0 / 3.0);

    check_dist (big);
    g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (big), 200.0 / 3.0, 1e-10);
    g_assert_cmpfloat_with_epsilon (muster_dist_get_variance (big), 400.0 / 9.0, 1e-9);
    g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (big, 0) / pow (2.0 / 3.0, 200), 1.0,
                                    1e-12);
    g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (big, 200) / pow (1.0 / 3.0, 200), 1.0,
                                    1e-12);
  }
}

typedef struct
{
  guint n_dice;
  int   target;
  guint max_rerolls;
  int   reroll_target;
} Rerolls;

/* faces[0 .. n) are the first roll, faces[n .. 2n) the re-rolls in order of need. */
static int
count_with_rerolls (const int *faces,
                    gpointer   user_data)
{
  const Rerolls *r = user_data;
  guint used = 0;
  int count = 0;

  for (guint i = 0; i < r->n_dice; i++)
    {
      if (faces[i] >= r->target)
        count++;
      else if (used < r->max_rerolls)
        count += faces[r->n_dice + used++] >= r->reroll_target;
    }
  return count;
}

static void
test_dist_success_dice (void)
{
  static const Rerolls cases[] = {
    { 4, 5, 0, 5 },   /* plain Battle Valor Fantasy roll */
    { 4, 5, 1, 5 },   /* re-roll one failure */
    { 4, 5, 2, 5 },
    { 4, 5, 4, 5 },   /* re-roll every failure */
    { 4, 5, 2, 6 },   /* the re-roll needs a 6 */
    { 4, 6, 3, 4 },
    { 3, 7, 3, 6 },   /* p = 0: only re-rolls succeed */
    { 3, 1, 3, 6 },   /* p = 1 */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Rerolls *r = &cases[i];
      double p = CLAMP (7 - r->target, 0, 6) / 6.0;
      double p_reroll = CLAMP (7 - r->reroll_target, 0, 6) / 6.0;
      g_autoptr(MusterDist) dist = muster_dist_new_success_dice (r->n_dice, p, r->max_rerolls,
                                                                 p_reroll);
      g_autofree Tally *tally = enumerate_same (&d6, 2 * r->n_dice, count_with_rerolls,
                                                (gpointer) r);

      assert_matches (dist, tally);
    }

  /* "Every failure" may be said with any number beyond the dice. */
  {
    g_autoptr(MusterDist) all = muster_dist_new_success_dice (10, 1.0 / 3.0, G_MAXUINT, 1.0 / 3.0);
    g_autoptr(MusterDist) ten = muster_dist_new_success_dice (10, 1.0 / 3.0, 10, 1.0 / 3.0);
    g_autoptr(MusterDist) nine = muster_dist_new_success_dice (10, 1.0 / 3.0, 9, 1.0 / 3.0);
    g_autoptr(MusterDist) none = muster_dist_new_success_dice (0, 0.5, 3, 0.5);

    g_assert_true (muster_dist_equal (all, ten, 1e-15));
    g_assert_false (muster_dist_equal (all, nine, 1e-9));
    assert_prob (muster_dist_get_prob (all, 10), pow (5.0 / 9.0, 10));
    check_dist (none);
    g_assert_cmpint (muster_dist_get_max (none), ==, 0);
  }
}

typedef struct
{
  guint n_dice;
  int   modifier;
} Modified;

static int
modified_successes (const int *faces,
                    gpointer   user_data)
{
  const Modified *m = user_data;
  int count = m->modifier;

  for (guint i = 0; i < m->n_dice; i++)
    count += faces[i] >= 5;
  return CLAMP (count, 0, (int) m->n_dice);
}

static void
test_dist_shift_clamp (void)
{
  static const int modifiers[] = { -5, -1, 0, 1, 2, 6 };
  g_autoptr(MusterDist) successes = muster_dist_new_binomial (4, 1.0 / 3.0);

  for (guint i = 0; i < G_N_ELEMENTS (modifiers); i++)
    {
      Modified m = { 4, modifiers[i] };
      g_autoptr(MusterDist) dist = muster_dist_shift_clamp (successes, modifiers[i], 0, 4);
      g_autofree Tally *tally = enumerate_same (&d6, 4, modified_successes, &m);

      assert_matches (dist, tally);
    }

  /* Mass piles up on the bounds; open bounds change nothing. */
  {
    g_autoptr(MusterDist) sum = muster_dist_new_dice_sum (2, 6);
    g_autoptr(MusterDist) clamped = muster_dist_clamp (sum, 4, 9);
    g_autoptr(MusterDist) open = muster_dist_clamp (sum, G_MININT, G_MAXINT);
    g_autoptr(MusterDist) floored = muster_dist_clamp (sum, 0, G_MAXINT);
    g_autoptr(MusterDist) all_low = muster_dist_clamp (sum, -3, 1);

    check_dist (clamped);
    assert_prob (muster_dist_get_prob (clamped, 4), 6.0 / 36.0);
    assert_prob (muster_dist_get_prob (clamped, 9), 10.0 / 36.0);
    assert_prob (muster_dist_get_prob (clamped, 6), 5.0 / 36.0);
    g_assert_true (muster_dist_equal (open, sum, 0.0));
    g_assert_true (muster_dist_equal (floored, sum, 0.0));
    g_assert_cmpint (muster_dist_get_min (all_low), ==, 1);
    g_assert_cmpint (muster_dist_get_max (all_low), ==, 1);
  }
}

typedef struct
{
  int            shift;
  int            divisor;
  MusterRounding rounding;
} Division;

static int
divide_face_sum (const int *faces,
                 gpointer   user_data)
{
  const Division *d = user_data;
  double q = (double) (faces[0] + faces[1] + faces[2] + d->shift) / d->divisor;

  switch (d->rounding)
    {
    case MUSTER_ROUND_DOWN:
      return (int) floor (q);
    case MUSTER_ROUND_UP:
      return (int) ceil (q);
    case MUSTER_ROUND_NEAREST:
      return (int) floor (q + 0.5);
    default:
      g_assert_not_reached ();
    }
}

static int
at_least_ten (int      value,
              gpointer user_data)
{
  return value >= 10;
}

static void
test_dist_map_and_scale (void)
{
  static const Division cases[] = {
    { 0, 4, MUSTER_ROUND_DOWN }, { 0, 4, MUSTER_ROUND_UP }, { 0, 4, MUSTER_ROUND_NEAREST },
    { -11, 2, MUSTER_ROUND_DOWN }, { -11, 2, MUSTER_ROUND_UP }, { -11, 2, MUSTER_ROUND_NEAREST },
    { -10, 5, MUSTER_ROUND_DOWN }, { -10, 3, MUSTER_ROUND_NEAREST },
  };
  g_autoptr(MusterDist) sum = muster_dist_new_dice_sum (3, 6);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterDist) shifted = muster_dist_shift (sum, cases[i].shift);
      g_autoptr(MusterDist) dist = muster_dist_scale (shifted, 1, cases[i].divisor,
                                                      cases[i].rounding);
      g_autofree Tally *tally = enumerate_same (&d6, 3, divide_face_sum, (gpointer) &cases[i]);

      assert_matches (dist, tally);
    }

  /* A threshold through any function */
  {
    g_autoptr(MusterDist) hit = muster_dist_map (sum, at_least_ten, NULL);

    check_dist (hit);
    assert_prob (muster_dist_get_prob (hit, 1), 0.625);
  }

  /* Undying Lands: a loose-order loss of floor(3x / 4) on d10 + 2 has mean 5.3. */
  {
    g_autoptr(MusterDist) d10 = muster_dist_new_die (10);
    g_autoptr(MusterDist) loss = muster_dist_shift (d10, 2);
    g_autoptr(MusterDist) loose = muster_dist_scale (loss, 3, 4, MUSTER_ROUND_DOWN);

    assert_prob (muster_dist_get_mean (loose), 5.3);
    assert_prob (muster_dist_get_prob (loose, 6), 0.2);
  }

  /* Doubling leaves zeros inside the support, never at its ends; negation mirrors it. */
  {
    g_autoptr(MusterDist) die = muster_dist_new_die (6);
    g_autoptr(MusterDist) doubled = muster_dist_scale (die, 2, 1, MUSTER_ROUND_DOWN);
    g_autoptr(MusterDist) negated = muster_dist_negate (doubled);
    g_autoptr(MusterDist) back = muster_dist_scale (negated, -1, 2, MUSTER_ROUND_UP);

    check_dist (doubled);
    g_assert_cmpint (muster_dist_get_min (doubled), ==, 2);
    g_assert_cmpint (muster_dist_get_max (doubled), ==, 12);
    assert_prob (muster_dist_get_prob (doubled, 3), 0.0);
    assert_prob (muster_dist_get_prob (doubled, 12), 1.0 / 6.0);
    check_dist (negated);
    g_assert_cmpint (muster_dist_get_min (negated), ==, -12);
    assert_prob (muster_dist_get_prob (negated, -4), 1.0 / 6.0);
    assert_prob (muster_dist_get_prob (negated, -5), 0.0);
    g_assert_true (muster_dist_equal (back, die, 1e-15));
  }
}

typedef struct
{
  guint sides_a;
  int   plus_a;
  guint n_b;
  guint sides_b;
  int   plus_b;
} Opposed;

static int
opposed_margin (const int *faces,
                gpointer   user_data)
{
  const Opposed *o = user_data;
  int b = o->plus_b;

  for (guint i = 1; i <= o->n_b; i++)
    b += faces[i];
  return faces[0] + o->plus_a - b;
}

static void
test_dist_opposed (void)
{
  static const Opposed cases[] = {
    { 12, 8, 2, 6, 4 },   /* Undying Lands: d12 + 8 against 2d6 + 4 */
    { 8, 0, 1, 10, 0 },
    { 6, 0, 2, 6, 0 },
    { 4, 3, 1, 4, 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Opposed *o = &cases[i];
      g_autofree Die *dice = g_new (Die, 1 + o->n_b);
      g_autoptr(MusterDist) die_a = muster_dist_new_die (o->sides_a);
      g_autoptr(MusterDist) a = muster_dist_shift (die_a, o->plus_a);
      g_autoptr(MusterDist) dice_b = muster_dist_new_dice_sum (o->n_b, o->sides_b);
      g_autoptr(MusterDist) b = muster_dist_shift (dice_b, o->plus_b);
      g_autoptr(MusterDist) margin = muster_dist_subtract (a, b);
      g_autofree Tally *tally = NULL;
      double greater, equal, less;

      dice[0] = (Die) { o->sides_a, NULL };
      for (guint j = 1; j <= o->n_b; j++)
        dice[j] = (Die) { o->sides_b, NULL };
      tally = enumerate (dice, 1 + o->n_b, opposed_margin, (gpointer) o);
      assert_matches (margin, tally);

      muster_dist_compare (a, b, &greater, &equal, &less);
      assert_prob (greater, muster_dist_get_prob_at_least (margin, 1));
      assert_prob (equal, muster_dist_get_prob (margin, 0));
      assert_prob (less, muster_dist_get_prob_at_most (margin, -1));
      assert_prob (greater + equal + less, 1.0);
    }

  /* Known values: Undying Lands 20/27; Standards of Valor's table of P(X > Y). */
  {
    static const struct { guint x, y; double p; } table[] = {
      { 8, 10, 0.35 }, { 6, 8, 0.3125 }, { 4, 4, 0.375 }, { 12, 4, 0.7916666666666666 },
      { 10, 10, 0.45 }, { 4, 12, 0.125 },
    };
    g_autoptr(MusterDist) d12 = muster_dist_new_die (12);
    g_autoptr(MusterDist) a = muster_dist_shift (d12, 8);
    g_autoptr(MusterDist) two = muster_dist_new_dice_sum (2, 6);
    g_autoptr(MusterDist) b = muster_dist_shift (two, 4);
    double greater;

    muster_dist_compare (a, b, &greater, NULL, NULL);
    assert_prob (greater, 20.0 / 27.0);

    for (guint i = 0; i < G_N_ELEMENTS (table); i++)
      {
        g_autoptr(MusterDist) x = muster_dist_new_die (table[i].x);
        g_autoptr(MusterDist) y = muster_dist_new_die (table[i].y);

        muster_dist_compare (x, y, &greater, NULL, NULL);
        assert_prob (greater, table[i].p);
      }
  }
}

static int
max_of_two (const int *faces,
            gpointer   user_data)
{
  return MAX (faces[0], faces[1]);
}

static int
min_of_two (const int *faces,
            gpointer   user_data)
{
  return MIN (faces[0], faces[1]);
}

static void
test_dist_max_min (void)
{
  static const double loaded[] = { 0.2, 0.0, 0.0, 0.3, 0.1, 0.0, 0.0, 0.4 };
  static const Die pairs[][2] = {
    { { 6, NULL }, { 8, NULL } },
    { { 8, loaded }, { 4, NULL } },
    { { 8, loaded }, { 8, loaded } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      const Die *dice = pairs[i];
      g_autoptr(MusterDist) a = NULL;
      g_autoptr(MusterDist) b = NULL;
      g_autoptr(MusterDist) high = NULL;
      g_autoptr(MusterDist) low = NULL;
      g_autofree Tally *t_high = enumerate (dice, 2, max_of_two, NULL);
      g_autofree Tally *t_low = enumerate (dice, 2, min_of_two, NULL);

      a = dice[0].weights ? muster_dist_new_from_weights (1, dice[0].weights, dice[0].n_faces)
                          : muster_dist_new_die (dice[0].n_faces);
      b = dice[1].weights ? muster_dist_new_from_weights (1, dice[1].weights, dice[1].n_faces)
                          : muster_dist_new_die (dice[1].n_faces);
      high = muster_dist_max (a, b);
      low = muster_dist_min (a, b);
      assert_matches (high, t_high);
      assert_matches (low, t_low);
    }
}

/* Hits on 4+, then one save die a hit saving on 5+: casualties = hits - saves. faces[0 .. 3)
 * are the attack dice, faces[3 .. 6) the save dice in order of need. */
static int
casualties_after_saves (const int *faces,
                        gpointer   user_data)
{
  int hits = 0;
  int casualties = 0;

  for (guint i = 0; i < 3; i++)
    hits += faces[i] >= 4;
  for (int i = 0; i < hits; i++)
    casualties += faces[3 + i] < 5;
  return casualties;
}

static MusterDist *
unsaved_hits (int      hits,
              gpointer user_data)
{
  g_autoptr(MusterDist) saves = muster_dist_new_binomial (hits, 1.0 / 3.0);
  g_autoptr(MusterDist) minus = muster_dist_negate (saves);

  return muster_dist_shift (minus, hits);
}

static MusterDist *
d6_times (int      n,
          gpointer user_data)
{
  g_autoptr(MusterDist) die = muster_dist_new_die (6);

  return muster_dist_sum_iid (die, n);
}

static MusterDist *
no_dist (int      n,
         gpointer user_data)
{
  return NULL;
}

static void
test_dist_mixture (void)
{
  g_autoptr(MusterDist) hits = muster_dist_new_binomial (3, 0.5);
  g_autoptr(MusterDist) casualties = muster_dist_mixture (hits, unsaved_hits, NULL);
  g_autofree Tally *tally = enumerate_same (&d6, 6, casualties_after_saves, NULL);

  assert_matches (casualties, tally);

  /* A selector with a gap inside: the function is called only where it has probability. */
  {
    static const double weights[] = { 0.5, 0.0, 0.5 };
    g_autoptr(MusterDist) selector = muster_dist_new_from_weights (1, weights, 3);
    g_autoptr(MusterDist) mixed = muster_dist_mixture (selector, d6_times, NULL);
    g_autoptr(MusterDist) one = muster_dist_new_die (6);
    g_autoptr(MusterDist) three = muster_dist_new_dice_sum (3, 6);

    check_dist (mixed);
    g_assert_cmpint (muster_dist_get_min (mixed), ==, 1);
    g_assert_cmpint (muster_dist_get_max (mixed), ==, 18);
    assert_prob (muster_dist_get_prob (mixed, 2),
                 0.5 * muster_dist_get_prob (one, 2) + 0.5 * muster_dist_get_prob (three, 2));
    assert_prob (muster_dist_get_prob (mixed, 10), 0.5 * muster_dist_get_prob (three, 10));
  }

  /* A function that breaks its contract is reported, not followed. */
  {
    MusterDist *broken;

    g_test_expect_message ("muster-dist", G_LOG_LEVEL_CRITICAL, "*returned no distribution*");
    broken = muster_dist_mixture (hits, no_dist, NULL);
    g_test_assert_expected_messages ();
    g_assert_null (broken);
  }
}

typedef struct
{
  guint n_dice;
  int   accuracy;
  int   kill_number;
} Volley;

/* Horse and musket fire: faces[0 .. n) are accuracy dice (a 1 always fails), faces[n .. 2n) the
 * kill dice of the accurate shots in order; hits = floor(sum / kill number). */
static int
volley_hits (const int *faces,
             gpointer   user_data)
{
  const Volley *v = user_data;
  guint accurate = 0;
  int sum = 0;

  for (guint i = 0; i < v->n_dice; i++)
    if (faces[i] != 1 && faces[i] >= v->accuracy)
      sum += faces[v->n_dice + accurate++];
  return sum / v->kill_number;
}

static void
test_dist_compound (void)
{
  static const Volley cases[] = { { 3, 3, 5 }, { 3, 2, 2 }, { 2, 6, 3 }, { 3, 7, 5 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Volley *v = &cases[i];
      double p = MAX (0, 7 - MAX (v->accuracy, 2)) / 6.0;
      g_autoptr(MusterDist) die = muster_dist_new_die (6);
      g_autoptr(MusterDist) accurate = muster_dist_new_binomial (v->n_dice, p);
      g_autoptr(MusterDist) kill = muster_dist_compound (accurate, die);
      g_autoptr(MusterDist) by_mixture = muster_dist_mixture (accurate, d6_times, NULL);
      g_autoptr(MusterDist) hits = muster_dist_scale (kill, 1, v->kill_number, MUSTER_ROUND_DOWN);
      g_autofree Tally *tally = enumerate_same (&d6, 2 * v->n_dice, volley_hits, (gpointer) v);

      assert_matches (hits, tally);
      g_assert_true (muster_dist_equal (kill, by_mixture, 1e-15));
    }

  /* A count that starts above 0, and copies that can be negative */
  {
    static const double weights[] = { 0.25, 0.5, 0.25 };
    g_autoptr(MusterDist) count = muster_dist_new_uniform (2, 3);
    g_autoptr(MusterDist) each = muster_dist_new_from_weights (-1, weights, 3);
    g_autoptr(MusterDist) total = muster_dist_compound (count, each);
    g_autoptr(MusterDist) zero = muster_dist_new_constant (0);
    g_autoptr(MusterDist) nothing = muster_dist_compound (zero, each);

    check_dist (total);
    g_assert_cmpint (muster_dist_get_min (total), ==, -3);
    g_assert_cmpint (muster_dist_get_max (total), ==, 3);
    /* P(-2) = 1/2 · P(two copies = -2) + 1/2 · P(three copies = -2) = 1/2 · 1/16 + 1/2 · 3/32 */
    assert_prob (muster_dist_get_prob (total, -2), 0.5 / 16 + 0.5 * 6.0 / 64);
    g_assert_cmpint (muster_dist_get_max (nothing), ==, 0);
    g_assert_cmpint (muster_dist_get_min (nothing), ==, 0);
  }
}

/* The attacker's 3 dice hit on 5+; each hit kills one of the defender's 4 figures; each survivor
 * strikes back with one die hitting on 4+. faces[0 .. 3) attack, faces[3 .. 7) strike back. The
 * result packs (x, y) as x * 10 + y. */
static int
strike_and_strike_back (const int *faces,
                        gpointer   user_data)
{
  int x = 0;
  int y = 0;

  for (guint i = 0; i < 3; i++)
    x += faces[i] >= 5;
  for (int i = 0; i < 4 - x; i++)
    y += faces[3 + i] >= 4;
  return x * 10 + y;
}

static MusterDist *
strike_back (int      casualties,
             gpointer user_data)
{
  return muster_dist_new_binomial (4 - casualties, 0.5);
}

static int
net_result (int      x,
            int      y,
            gpointer user_data)
{
  return x - y;
}

static int
packed_x (const int *faces,
          gpointer   user_data)
{
  return strike_and_strike_back (faces, user_data) / 10;
}

static int
packed_y (const int *faces,
          gpointer   user_data)
{
  return strike_and_strike_back (faces, user_data) % 10;
}

static int
packed_net (const int *faces,
            gpointer   user_data)
{
  int packed = strike_and_strike_back (faces, user_data);

  return packed / 10 - packed % 10;
}

static void
test_dist_joint (void)
{
  g_autoptr(MusterDist) strike = muster_dist_new_binomial (3, 1.0 / 3.0);
  g_autoptr(MusterJoint) joint = muster_joint_new (strike, strike_back, NULL);
  g_autoptr(MusterDist) x = muster_joint_get_x (joint);
  g_autoptr(MusterDist) y = muster_joint_get_y (joint);
  g_autoptr(MusterDist) net = muster_joint_map (joint, net_result, NULL);
  g_autofree Tally *t_pairs = enumerate_same (&d6, 7, strike_and_strike_back, NULL);
  g_autofree Tally *t_x = enumerate_same (&d6, 7, packed_x, NULL);
  g_autofree Tally *t_y = enumerate_same (&d6, 7, packed_y, NULL);
  g_autofree Tally *t_net = enumerate_same (&d6, 7, packed_net, NULL);

  assert_prob (muster_joint_get_total (joint), 1.0);
  for (int i = -1; i <= 5; i++)
    for (int j = -1; j <= 5; j++)
      {
        double expected = i >= 0 && j >= 0 ? tally_prob (t_pairs, i * 10 + j) : 0.0;

        assert_prob (muster_joint_get_prob (joint, i, j), expected);
      }

  assert_matches (x, t_x);
  assert_matches (y, t_y);
  assert_matches (net, t_net);

  /* Conditionals: y given x is the strike-back with the figures left; x given y by Bayes. */
  for (int i = 0; i <= 3; i++)
    {
      g_autoptr(MusterDist) given = muster_joint_get_y_given_x (joint, i);
      g_autoptr(MusterDist) expected = muster_dist_new_binomial (4 - i, 0.5);

      check_dist (given);
      g_assert_true (muster_dist_equal (given, expected, TOLERANCE));
    }
  for (int j = 0; j <= 4; j++)
    {
      g_autoptr(MusterDist) given = muster_joint_get_x_given_y (joint, j);
      double p_y = tally_prob (t_y, j);

      check_dist (given);
      for (int i = 0; i <= 3; i++)
        assert_prob (muster_dist_get_prob (given, i), tally_prob (t_pairs, i * 10 + j) / p_y);
    }
  g_assert_null (muster_joint_get_y_given_x (joint, 4));
  g_assert_null (muster_joint_get_x_given_y (joint, 5));
  g_assert_null (muster_joint_get_x_given_y (joint, -1));
}

static int
larger (int      x,
        int      y,
        gpointer user_data)
{
  return MAX (x, y);
}

static void
test_dist_joint_independent (void)
{
  g_autoptr(MusterDist) d4 = muster_dist_new_die (4);
  g_autoptr(MusterDist) d6_dist = muster_dist_new_die (6);
  g_autoptr(MusterJoint) joint = muster_joint_new_independent (d4, d6_dist);
  g_autoptr(MusterDist) x = muster_joint_get_x (joint);
  g_autoptr(MusterDist) y = muster_joint_get_y (joint);
  g_autoptr(MusterDist) high = muster_joint_map (joint, larger, NULL);
  g_autoptr(MusterDist) expected_high = muster_dist_max (d4, d6_dist);

  assert_prob (muster_joint_get_prob (joint, 2, 5), 1.0 / 24.0);
  assert_prob (muster_joint_get_prob (joint, 5, 5), 0.0);
  g_assert_true (muster_dist_equal (x, d4, TOLERANCE));
  g_assert_true (muster_dist_equal (y, d6_dist, TOLERANCE));
  g_assert_true (muster_dist_equal (high, expected_high, TOLERANCE));
}

static void
test_dist_queries (void)
{
  g_autoptr(MusterDist) sum = muster_dist_new_dice_sum (3, 6);
  const double *probs;
  guint length;
  int offset;

  assert_prob (muster_dist_get_mean (sum), 10.5);
  assert_prob (muster_dist_get_variance (sum), 35.0 / 4.0);
  assert_prob (muster_dist_get_prob (sum, 3), 1.0 / 216.0);
  assert_prob (muster_dist_get_prob (sum, 11), 27.0 / 216.0);
  assert_prob (muster_dist_get_prob (sum, 2), 0.0);
  assert_prob (muster_dist_get_prob (sum, 19), 0.0);
  assert_prob (muster_dist_get_prob_at_least (sum, 17), 4.0 / 216.0);
  assert_prob (muster_dist_get_prob_at_least (sum, -100), 1.0);
  assert_prob (muster_dist_get_prob_at_least (sum, 19), 0.0);
  assert_prob (muster_dist_get_prob_at_most (sum, 4), 4.0 / 216.0);
  assert_prob (muster_dist_get_prob_at_most (sum, 2), 0.0);
  assert_prob (muster_dist_get_prob_at_most (sum, G_MAXINT), 1.0);
  assert_prob (muster_dist_get_prob_at_least (sum, G_MININT), 1.0);

  probs = muster_dist_get_probs (sum, &offset, &length);
  g_assert_cmpint (offset, ==, 3);
  g_assert_cmpuint (length, ==, 16);
  assert_prob (probs[7], 27.0 / 216.0);
}

static void
test_dist_trim (void)
{
  g_autoptr(MusterDist) sum = muster_dist_new_dice_sum (200, 6);
  g_autoptr(MusterDist) trimmed = muster_dist_trim (sum, MUSTER_DIST_TRIM_EPSILON);
  g_autoptr(MusterDist) untouched = muster_dist_trim (sum, 0.0);
  g_autoptr(MusterDist) coarse = muster_dist_trim (sum, MUSTER_DIST_TRIM_MAX);
  int lo, hi;

  check_dist (trimmed);
  lo = muster_dist_get_min (trimmed);
  hi = muster_dist_get_max (trimmed);
  g_assert_cmpint (lo, >, 250);
  g_assert_cmpint (hi, <, 1150);
  g_assert_cmpint (700 - lo, ==, hi - 700);
  /* What went was at most epsilon / 2 a side, and the next value would have been too much. */
  g_assert_cmpfloat (muster_dist_get_prob_at_most (sum, lo - 1), <=, MUSTER_DIST_TRIM_EPSILON / 2);
  g_assert_cmpfloat (muster_dist_get_prob_at_most (sum, lo), >, MUSTER_DIST_TRIM_EPSILON / 2);
  for (int v = lo; v <= hi; v += 25)
    g_assert_cmpfloat (fabs (muster_dist_get_prob_at_least (trimmed, v) -
                             muster_dist_get_prob_at_least (sum, v)), <=,
                       MUSTER_DIST_TRIM_EPSILON);

  g_assert_true (muster_dist_equal (untouched, sum, 0.0));
  g_assert_cmpint (muster_dist_get_max (untouched), ==, 1200);
  check_dist (coarse);
  g_assert_cmpint (muster_dist_get_max (coarse), <, hi);
}

static void
test_dist_print (void)
{
  g_autoptr(MusterDist) sum = muster_dist_new_dice_sum (2, 6);
  g_autoptr(GString) out = g_string_new ("2d6\n");
  g_auto(GStrv) lines = NULL;

  muster_dist_print (sum, out);
  lines = g_strsplit (out->str, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 2 + 11 + 1);
  g_assert_cmpstr (lines[0], ==, "2d6");
  g_assert_cmpstr (lines[1], ==, "mean 7.0000, sd 2.4152, range 2..12");
  g_assert_cmpstr (lines[2], ==, "  value      P(=)     P(>=)     P(<=)");
  g_assert_cmpstr (lines[3], ==, "      2  0.027778  1.000000  0.027778  #######");
  g_assert_cmpstr (lines[8], ==,
                   "      7  0.166667  0.583333  0.583333  ########################################");
  g_assert_cmpstr (lines[13], ==, "     12  0.027778  0.027778  1.000000  #######");
  g_assert_cmpstr (lines[14], ==, "");
}

static void
test_dist_preconditions (void)
{
  static const double negative[] = { 0.5, -0.1 };
  static const double zeros[] = { 0.0, 0.0 };
  static const double not_a_number[] = { NAN };
  g_autoptr(MusterDist) die = muster_dist_new_die (6);
  g_autoptr(MusterDist) huge = muster_dist_new_constant (MUSTER_DIST_MAX_VALUE);
  g_autoptr(MusterDist) minus_one = muster_dist_new_constant (-1);
  static const struct {
    const char *message;
  } expected[] = {
    { "*muster_dist_new_bernoulli*p >= 0.0*" },
    { "*muster_dist_new_binomial*p >= 0.0*" },
    { "*muster_dist_new_die*sides >= 1*" },
    { "*muster_dist_new_uniform*lo <= hi*" },
    { "*muster_dist_new_from_weights*valid*" },
    { "*muster_dist_new_from_weights*valid*" },
    { "*muster_dist_new_from_weights*valid*" },
    { "*muster_dist_clamp*lo <= hi*" },
    { "*muster_dist_scale*denominator >= 1*" },
    { "*muster_dist_compound*offset >= 0*" },
    { "*muster_dist_sum_iid*range_is_valid*" },
    { "*muster_dist_trim*epsilon*" },
    { "*out of range*" },
  };
  MusterDist *results[G_N_ELEMENTS (expected)];
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_test_expect_message ("muster-dist", G_LOG_LEVEL_CRITICAL, expected[i].message);

  results[n++] = muster_dist_new_bernoulli (1.5);
  results[n++] = muster_dist_new_binomial (3, NAN);
  results[n++] = muster_dist_new_die (0);
  results[n++] = muster_dist_new_uniform (3, 2);
  results[n++] = muster_dist_new_from_weights (0, negative, 2);
  results[n++] = muster_dist_new_from_weights (0, zeros, 2);
  results[n++] = muster_dist_new_from_weights (0, not_a_number, 1);
  results[n++] = muster_dist_clamp (die, 4, 3);
  results[n++] = muster_dist_scale (die, 1, 0, MUSTER_ROUND_DOWN);
  results[n++] = muster_dist_compound (minus_one, die);
  results[n++] = muster_dist_sum_iid (huge, 4);
  results[n++] = muster_dist_trim (die, 1e-9);
  results[n++] = muster_dist_add (huge, huge);
  g_test_assert_expected_messages ();

  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < n; i++)
    g_assert_null (results[i]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/dist/constant", test_dist_constant);
  g_test_add_func ("/engine/dist/uniform", test_dist_uniform);
  g_test_add_func ("/engine/dist/bernoulli", test_dist_bernoulli);
  g_test_add_func ("/engine/dist/from-weights", test_dist_from_weights);
  g_test_add_func ("/engine/dist/add", test_dist_add);
  g_test_add_func ("/engine/dist/dice-sum", test_dist_dice_sum);
  g_test_add_func ("/engine/dist/sum-iid", test_dist_sum_iid);
  g_test_add_func ("/engine/dist/large-sum", test_dist_large_sum);
  g_test_add_func ("/engine/dist/binomial", test_dist_binomial);
  g_test_add_func ("/engine/dist/success-dice", test_dist_success_dice);
  g_test_add_func ("/engine/dist/shift-clamp", test_dist_shift_clamp);
  g_test_add_func ("/engine/dist/map-and-scale", test_dist_map_and_scale);
  g_test_add_func ("/engine/dist/opposed", test_dist_opposed);
  g_test_add_func ("/engine/dist/max-min", test_dist_max_min);
  g_test_add_func ("/engine/dist/mixture", test_dist_mixture);
  g_test_add_func ("/engine/dist/compound", test_dist_compound);
  g_test_add_func ("/engine/dist/joint", test_dist_joint);
  g_test_add_func ("/engine/dist/joint-independent", test_dist_joint_independent);
  g_test_add_func ("/engine/dist/queries", test_dist_queries);
  g_test_add_func ("/engine/dist/trim", test_dist_trim);
  g_test_add_func ("/engine/dist/print", test_dist_print);
  g_test_add_func ("/engine/dist/preconditions", test_dist_preconditions);

  return g_test_run ();
}
