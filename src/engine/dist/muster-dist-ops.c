/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-dist"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-dist.h"
#include "muster-dist-private.h"

typedef struct
{
  gint64 delta;
  gint64 lo;
  gint64 hi;
} ShiftClamp;

typedef struct
{
  gint64         numerator;
  gint64         denominator;
  MusterRounding rounding;
} Scale;

static gint64
floor_div (gint64 a,
           gint64 b)
{
  gint64 q = a / b;

  if (a % b != 0 && a < 0)
    q--;
  return q;
}

/* Replaces the distribution in *slot with value, which it takes. */
static void
take_dist (MusterDist **slot,
           MusterDist  *value)
{
  g_clear_pointer (slot, muster_dist_unref);
  *slot = value;
}

static void
part_clear (gpointer data)
{
  MusterDistPart *part = data;

  g_clear_pointer (&part->dist, muster_dist_unref);
}

/* Calls func for every value of selector with a non-zero probability; returns the Parts and the
 * range they span in *lo, *hi, or NULL if func broke its contract. */
GArray *
_muster_dist_collect_parts (const MusterDist *selector,
                            MusterDistFunc    func,
                            gpointer          user_data,
                            gint64           *lo,
                            gint64           *hi)
{
  g_autoptr(GArray) parts = g_array_sized_new (FALSE, FALSE, sizeof (MusterDistPart), selector->length);

  g_array_set_clear_func (parts, part_clear);
  *lo = G_MAXINT64;
  *hi = G_MININT64;

  for (guint i = 0; i < selector->length; i++)
    {
      MusterDistPart part = { selector->offset + (int) i, selector->probs[i], NULL };

      if (part.weight == 0.0)
        continue;
      if (!(part.dist = func (part.value, user_data)))
        {
          g_critical ("the function given for %d returned no distribution", part.value);
          return NULL;
        }
      *lo = MIN (*lo, part.dist->offset);
      *hi = MAX (*hi, dist_max (part.dist));
      g_array_append_val (parts, part);
    }

  return g_steal_pointer (&parts);
}

static int
shift_clamp_value (int      value,
                   gpointer user_data)
{
  const ShiftClamp *sc = user_data;

  return (int) CLAMP (value + sc->delta, sc->lo, sc->hi);
}

static gint64
scale_value64 (const Scale *scale,
               gint64       value)
{
  gint64 q = value * scale->numerator;

  switch (scale->rounding)
    {
    case MUSTER_ROUND_DOWN:
      return floor_div (q, scale->denominator);
    case MUSTER_ROUND_UP:
      return -floor_div (-q, scale->denominator);
    case MUSTER_ROUND_NEAREST:
      return floor_div (2 * q + scale->denominator, 2 * scale->denominator);
    default:
      g_assert_not_reached ();
    }
}

static int
scale_value (int      value,
             gpointer user_data)
{
  return (int) scale_value64 (user_data, value);
}

/*
 * Compounds and sums of dice spend most of their time in the convolution's inner loop below.
 * The function starts on a 64-byte line of its own, as half_round() in Battle Valor Fantasy
 * does: 48 bytes into one, the same instructions took 15-20 % longer (bench-dist's volley).
 */

/**
 * muster_dist_add:
 * @a: a distribution
 * @b: another distribution, independent of @a
 *
 * The distribution of A + B: the convolution. The cost is the product of the two lengths.
 *
 * Returns: (transfer full): the distribution of the sum
 */
__attribute__ ((aligned (64))) MusterDist *
muster_dist_add (const MusterDist *a,
                 const MusterDist *b)
{
  MusterDist *self;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (b != NULL, NULL);

  /* The inner loop runs over the longer one. */
  if (a->length > b->length)
    {
      const MusterDist *tmp = a;

      a = b;
      b = tmp;
    }

  if (!_muster_dist_check_range ((gint64) a->offset + b->offset, dist_max (a) + dist_max (b)))
    return NULL;
  self = _muster_dist_alloc ((gint64) a->offset + b->offset, dist_max (a) + dist_max (b));

  for (guint i = 0; i < a->length; i++)
    {
      double pa = a->probs[i];
      double *out = self->probs + i;

      if (pa == 0.0)
        continue;
      for (guint j = 0; j < b->length; j++)
        out[j] += pa * b->probs[j];
    }

  return _muster_dist_finish (self);
}

/**
 * muster_dist_subtract:
 * @a: a distribution
 * @b: another distribution, independent of @a
 *
 * The distribution of A − B, e.g. the margin of an opposed roll.
 *
 * Returns: (transfer full): the distribution of the difference
 */
MusterDist *
muster_dist_subtract (const MusterDist *a,
                      const MusterDist *b)
{
  g_autoptr(MusterDist) minus_b = NULL;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (b != NULL, NULL);

  minus_b = muster_dist_negate (b);
  return muster_dist_add (a, minus_b);
}

/**
 * muster_dist_max:
 * @a: a distribution
 * @b: another distribution, independent of @a
 *
 * The distribution of max(A, B), e.g. "the higher of the armour die and the shield die".
 *
 * Returns: (transfer full): the distribution of the larger of the two
 */
MusterDist *
muster_dist_max (const MusterDist *a,
                 const MusterDist *b)
{
  g_autofree double *below_a = NULL;
  g_autofree double *below_b = NULL;
  MusterDist *self;
  gint64 lo;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (b != NULL, NULL);

  lo = MAX (a->offset, b->offset);
  self = _muster_dist_alloc (lo, MAX (dist_max (a), dist_max (b)));
  below_a = _muster_dist_cumulative_sums (a);
  below_b = _muster_dist_cumulative_sums (b);

  /* P(max = v) = P(A = v) P(B <= v) + P(A < v) P(B = v): positive terms only. */
  for (guint i = 0; i < self->length; i++)
    {
      gint64 v = lo + i;

      self->probs[i] = prob_at (a, v) * below_b[sums_index (b, v + 1)] +
                       below_a[sums_index (a, v)] * prob_at (b, v);
    }

  return _muster_dist_finish (self);
}

/**
 * muster_dist_min:
 * @a: a distribution
 * @b: another distribution, independent of @a
 *
 * The distribution of min(A, B).
 *
 * Returns: (transfer full): the distribution of the smaller of the two
 */
MusterDist *
muster_dist_min (const MusterDist *a,
                 const MusterDist *b)
{
  g_autoptr(MusterDist) minus_a = NULL;
  g_autoptr(MusterDist) minus_b = NULL;
  g_autoptr(MusterDist) minus_max = NULL;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (b != NULL, NULL);

  minus_a = muster_dist_negate (a);
  minus_b = muster_dist_negate (b);
  minus_max = muster_dist_max (minus_a, minus_b);
  return muster_dist_negate (minus_max);
}

/**
 * muster_dist_sum_iid:
 * @self: a distribution
 * @n: how many independent copies; 0 gives the constant 0
 *
 * The total of @n independent copies of @self, by repeated doubling (log₂ @n convolutions).
 *
 * Returns: (transfer full): the distribution of the sum
 */
MusterDist *
muster_dist_sum_iid (const MusterDist *self,
                     guint             n)
{
  g_autoptr(MusterDist) power = NULL;
  g_autoptr(MusterDist) sum = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (range_is_valid ((gint64) n * self->offset, (gint64) n * dist_max (self)),
                        NULL);

  if (n == 0)
    return muster_dist_new_constant (0);

  power = muster_dist_ref ((MusterDist *) self);
  for (;;)
    {
      if (n & 1)
        take_dist (&sum, sum ? muster_dist_add (sum, power) : muster_dist_ref (power));
      n >>= 1;
      if (n == 0)
        break;
      take_dist (&power, muster_dist_add (power, power));
    }

  return g_steal_pointer (&sum);
}

/**
 * muster_dist_compound:
 * @count: the distribution of a number of copies N, which must not be negative
 * @each: the distribution of one copy, independent of N and of the others
 *
 * The total of a random number of copies: X₁ + … + X_N. "Sum of k d6 where k is the number of
 * accurate shots" is muster_dist_compound (accurate, d6). Each partial sum is made once, so the
 * cost is that of max(N) convolutions with @each.
 *
 * Returns: (transfer full): the distribution of the total
 */
MusterDist *
muster_dist_compound (const MusterDist *count,
                      const MusterDist *each)
{
  g_autoptr(MusterDist) power = NULL;
  gint64 n_min;
  gint64 n_max;
  gint64 lo;
  gint64 hi;
  MusterDistAccumulator acc;

  g_return_val_if_fail (count != NULL, NULL);
  g_return_val_if_fail (each != NULL, NULL);
  g_return_val_if_fail (count->offset >= 0, NULL);

  n_min = count->offset;
  n_max = dist_max (count);
  lo = MIN (n_min * each->offset, n_max * each->offset);
  hi = MAX (n_min * dist_max (each), n_max * dist_max (each));
  if (!_muster_dist_check_range (lo, hi))
    return NULL;
  _muster_dist_accumulator_init (&acc, lo, hi);

  power = muster_dist_sum_iid (each, (guint) n_min);
  for (gint64 n = n_min; ; n++)
    {
      double weight = count->probs[n - n_min];

      if (weight > 0.0)
        _muster_dist_accumulator_add_probs (&acc, power->offset, power->probs, power->length, weight);
      if (n == n_max)
        break;
      take_dist (&power, muster_dist_add (power, each));
    }

  return _muster_dist_accumulator_finish (&acc);
}

/**
 * muster_dist_mixture:
 * @selector: the distribution of the value that decides what follows
 * @func: (scope call): gives the distribution that follows each value of @selector
 * @user_data: data for @func
 *
 * The law of total probability: Σₙ P(selector = n) · func(n). This is how a later roll depends
 * on an earlier one: the number of hits decides the number of save dice. @func is called once
 * for each value of @selector with a non-zero probability, in increasing order. Use
 * muster_joint_new() instead when the earlier value is still needed afterwards.
 *
 * Returns: (transfer full): the mixed distribution
 */
MusterDist *
muster_dist_mixture (const MusterDist *selector,
                     MusterDistFunc    func,
                     gpointer          user_data)
{
  g_autoptr(GArray) parts = NULL;
  gint64 lo;
  gint64 hi;
  MusterDistAccumulator acc;

  g_return_val_if_fail (selector != NULL, NULL);
  g_return_val_if_fail (func != NULL, NULL);

  if (!(parts = _muster_dist_collect_parts (selector, func, user_data, &lo, &hi)) || !_muster_dist_check_range (lo, hi))
    return NULL;
  _muster_dist_accumulator_init (&acc, lo, hi);

  for (guint i = 0; i < parts->len; i++)
    {
      const MusterDistPart *part = &g_array_index (parts, MusterDistPart, i);

      _muster_dist_accumulator_add_probs (&acc, part->dist->offset, part->dist->probs, part->dist->length,
                                          part->weight);
    }

  return _muster_dist_accumulator_finish (&acc);
}

/**
 * muster_dist_map:
 * @self: a distribution
 * @func: (scope call): the function applied to each value
 * @user_data: data for @func
 *
 * The distribution of f(X): each value's probability moves to the value @func gives for it,
 * so any integer function works: divisions with the book's rounding, thresholds ("a hit if 3 or
 * more"), table look-ups. @func is called once for each value with a non-zero probability.
 *
 * Returns: (transfer full): the distribution of the mapped values
 */
MusterDist *
muster_dist_map (const MusterDist  *self,
                 MusterDistMapFunc  func,
                 gpointer           user_data)
{
  g_autofree int *values = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (func != NULL, NULL);

  values = g_new (int, self->length);
  for (guint i = 0; i < self->length; i++)
    if (self->probs[i] > 0.0)
      values[i] = func (self->offset + (int) i, user_data);

  return _muster_dist_from_mapped (self->probs, values, self->length);
}

static int
at_least (int      value,
          gpointer threshold)
{
  return value >= GPOINTER_TO_INT (threshold);
}

/**
 * muster_dist_map_at_least:
 * @self: a distribution
 * @value: the threshold
 *
 * The distribution of the verdict X ≥ @value: 1 with the probability that X is at least
 * @value, else 0 (a pass, a hit, a charge that reaches).
 *
 * Returns: (transfer full): a distribution over 0 and 1
 */
MusterDist *
muster_dist_map_at_least (const MusterDist *self,
                          int               value)
{
  return muster_dist_map (self, at_least, GINT_TO_POINTER (value));
}

/**
 * muster_dist_shift:
 * @self: a distribution
 * @delta: the constant to add
 *
 * The distribution of X + @delta.
 *
 * Returns: (transfer full): the shifted distribution
 */
MusterDist *
muster_dist_shift (const MusterDist *self,
                   int               delta)
{
  g_return_val_if_fail (self != NULL, NULL);

  return _muster_dist_new_from_array ((gint64) self->offset + delta, self->probs, self->length);
}

/**
 * muster_dist_negate:
 * @self: a distribution
 *
 * The distribution of −X.
 *
 * Returns: (transfer full): the negated distribution
 */
MusterDist *
muster_dist_negate (const MusterDist *self)
{
  MusterDist *negated;

  g_return_val_if_fail (self != NULL, NULL);

  negated = _muster_dist_alloc (-dist_max (self), -(gint64) self->offset);
  for (guint i = 0; i < self->length; i++)
    negated->probs[i] = self->probs[self->length - 1 - i];
  return negated;
}

/**
 * muster_dist_scale:
 * @self: a distribution
 * @numerator: the factor's numerator
 * @denominator: the factor's denominator, at least 1
 * @rounding: how a fraction becomes a whole number
 *
 * The distribution of round(X × @numerator / @denominator), computed with exact integer
 * arithmetic. Hits = floor(S / KN) is muster_dist_scale (s, 1, kn, MUSTER_ROUND_DOWN); the
 * Undying Lands loose-order loss floor(3x / 4) is (x, 3, 4, MUSTER_ROUND_DOWN); "double it" is
 * (x, 2, 1, ...).
 *
 * Returns: (transfer full): the scaled distribution
 */
MusterDist *
muster_dist_scale (const MusterDist *self,
                   int               numerator,
                   int               denominator,
                   MusterRounding    rounding)
{
  Scale scale = { numerator, denominator, rounding };

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (denominator >= 1, NULL);
  g_return_val_if_fail (rounding <= MUSTER_ROUND_NEAREST, NULL);

  /* The map is monotonic, so the ends of the support give the ends of the result. */
  if (!_muster_dist_check_range (MIN (scale_value64 (&scale, self->offset), scale_value64 (&scale, dist_max (self))),
                                 MAX (scale_value64 (&scale, self->offset), scale_value64 (&scale, dist_max (self)))))
    return NULL;

  return muster_dist_map (self, scale_value, &scale);
}

/**
 * muster_dist_clamp:
 * @self: a distribution
 * @lo: the lower bound (%G_MININT for none)
 * @hi: the upper bound, at least @lo (%G_MAXINT for none)
 *
 * The distribution of min(max(X, @lo), @hi): the mass beyond a bound piles up on it.
 *
 * Returns: (transfer full): the clamped distribution
 */
MusterDist *
muster_dist_clamp (const MusterDist *self,
                   int               lo,
                   int               hi)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (lo <= hi, NULL);

  return muster_dist_shift_clamp (self, 0, lo, hi);
}

/**
 * muster_dist_shift_clamp:
 * @self: a distribution, typically a count of successes
 * @delta: the modifier to add
 * @lo: the lower bound (%G_MININT for none)
 * @hi: the upper bound, at least @lo (%G_MAXINT for none)
 *
 * A count with a modifier added and then clamped: clamp(X + @delta, @lo, @hi). Battle Valor
 * Fantasy's "+1 Success, never more than the dice rolled nor below 0" is
 * muster_dist_shift_clamp (successes, +1, 0, n_dice).
 *
 * Returns: (transfer full): the modified distribution
 */
MusterDist *
muster_dist_shift_clamp (const MusterDist *self,
                         int               delta,
                         int               lo,
                         int               hi)
{
  ShiftClamp sc = { delta, lo, hi };

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (lo <= hi, NULL);

  return muster_dist_map (self, shift_clamp_value, &sc);
}

/**
 * muster_dist_trim:
 * @self: a distribution
 * @epsilon: the most probability mass to remove, at most %MUSTER_DIST_TRIM_MAX (1e-12);
 *   %MUSTER_DIST_TRIM_EPSILON (1e-15) is a good default
 *
 * Removes negligible tails: the longest runs of extreme values whose mass is at most @epsilon / 2
 * at each end, then normalises again. Any P(X ≥ k) or P(X ≤ k) changes by at most @epsilon and
 * the total stays 1. Use it before showing or sampling a distribution whose tails run to 1e-150.
 *
 * Returns: (transfer full): the trimmed distribution
 */
MusterDist *
muster_dist_trim (const MusterDist *self,
                  double            epsilon)
{
  MusterKahanSum cut = { 0 };
  guint first = 0;
  guint last;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (epsilon >= 0.0 && epsilon <= MUSTER_DIST_TRIM_MAX, NULL);

  last = self->length - 1;
  while (first < last && kahan_get (&cut) + self->probs[first] <= epsilon / 2)
    kahan_add (&cut, self->probs[first++]);
  cut = (MusterKahanSum) { 0 };
  while (last > first && kahan_get (&cut) + self->probs[last] <= epsilon / 2)
    kahan_add (&cut, self->probs[last--]);

  return _muster_dist_new_from_array ((gint64) self->offset + first, self->probs + first,
                                      last - first + 1);
}

/**
 * muster_dist_compare:
 * @a: a distribution
 * @b: another distribution, independent of @a
 * @p_greater: (out) (optional): P(A > B)
 * @p_equal: (out) (optional): P(A = B)
 * @p_less: (out) (optional): P(A < B)
 *
 * The outcome of an opposed roll, in time linear in the two lengths. The three numbers are
 * computed separately (no "1 − the others"), so small ones keep their precision.
 */
void
muster_dist_compare (const MusterDist *a,
                     const MusterDist *b,
                     double           *p_greater,
                     double           *p_equal,
                     double           *p_less)
{
  g_autofree double *below = NULL;
  g_autofree double *above = NULL;
  MusterKahanSum greater = { 0 };
  MusterKahanSum equal = { 0 };
  MusterKahanSum less = { 0 };

  g_return_if_fail (a != NULL);
  g_return_if_fail (b != NULL);

  below = _muster_dist_cumulative_sums (a);
  above = _muster_dist_tail_sums (a);
  for (guint j = 0; j < b->length; j++)
    {
      gint64 v = (gint64) b->offset + j;
      double pb = b->probs[j];

      kahan_add (&greater, pb * above[sums_index (a, v + 1)]);
      kahan_add (&equal, pb * prob_at (a, v));
      kahan_add (&less, pb * below[sums_index (a, v)]);
    }

  if (p_greater != NULL)
    *p_greater = kahan_get (&greater);
  if (p_equal != NULL)
    *p_equal = kahan_get (&equal);
  if (p_less != NULL)
    *p_less = kahan_get (&less);
}
