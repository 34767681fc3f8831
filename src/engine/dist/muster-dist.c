/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-dist"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-dist.h"
#include "muster-dist-private.h"

double
_muster_dist_sum_probs (const double *probs,
                        gint64        n)
{
  MusterKahanSum k = { 0 };

  for (gint64 i = 0; i < n; i++)
    kahan_add (&k, probs[i]);
  return kahan_get (&k);
}

gboolean
_muster_dist_check_range (gint64 lo,
                          gint64 hi)
{
  if (range_is_valid (lo, hi))
    return TRUE;
  g_critical ("a distribution over %" G_GINT64_FORMAT "..%" G_GINT64_FORMAT " is out of range",
              lo, hi);
  return FALSE;
}

/* A distribution over lo..hi with every probability zero, to be filled and finished. The
 * caller has made sure the range is valid. */
MusterDist *
_muster_dist_alloc (gint64 lo,
                    gint64 hi)
{
  MusterDist *self;

  g_assert (range_is_valid (lo, hi));

  self = g_malloc0 (sizeof *self + (gsize) (hi - lo + 1) * sizeof (double));
  g_atomic_ref_count_init (&self->ref_count);
  self->offset = (int) lo;
  self->length = (guint) (hi - lo + 1);
  return self;
}

/* Restores the invariants after filling: trims zeros off both ends and normalises. */
MusterDist *
_muster_dist_finish (MusterDist *self)
{
  guint first = 0;
  guint last = self->length;
  double total;

  while (first < last && self->probs[first] == 0.0)
    first++;
  g_assert (first < last);
  while (self->probs[last - 1] == 0.0)
    last--;

  if (first > 0 || last < self->length)
    {
      memmove (self->probs, self->probs + first, (last - first) * sizeof (double));
      self->offset += (int) first;
      self->length = last - first;
      self = g_realloc (self, sizeof *self + self->length * sizeof (double));
    }

  total = _muster_dist_sum_probs (self->probs, self->length);
  g_assert (total > 0.0 && isfinite (total));
  if (total != 1.0)
    for (guint i = 0; i < self->length; i++)
      self->probs[i] /= total;

  return self;
}

MusterDist *
_muster_dist_new_from_array (gint64        offset,
                             const double *probs,
                             guint         length)
{
  MusterDist *self;

  if (!_muster_dist_check_range (offset, offset + length - 1))
    return NULL;
  self = _muster_dist_alloc (offset, offset + length - 1);
  memcpy (self->probs, probs, length * sizeof (double));
  return _muster_dist_finish (self);
}

/* sums[i] = P(X < offset + i) for i = 0 .. length, so sums[length] is the total */
double *
_muster_dist_cumulative_sums (const MusterDist *self)
{
  double *sums = g_new (double, self->length + 1);
  MusterKahanSum k = { 0 };

  for (guint i = 0; i < self->length; i++)
    {
      sums[i] = kahan_get (&k);
      kahan_add (&k, self->probs[i]);
    }
  sums[self->length] = kahan_get (&k);
  return sums;
}

/* sums[i] = P(X >= offset + i) for i = 0 .. length, so sums[length] is 0 */
double *
_muster_dist_tail_sums (const MusterDist *self)
{
  double *sums = g_new (double, self->length + 1);
  MusterKahanSum k = { 0 };

  sums[self->length] = 0.0;
  for (guint i = self->length; i > 0; i--)
    {
      kahan_add (&k, self->probs[i - 1]);
      sums[i - 1] = kahan_get (&k);
    }
  return sums;
}

/* The caller has made sure the range is valid. */
void
_muster_dist_accumulator_init (MusterDistAccumulator *acc,
                               gint64                 lo,
                               gint64                 hi)
{
  g_assert (range_is_valid (lo, hi));
  acc->lo = lo;
  acc->length = hi - lo + 1;
  acc->slots = g_new0 (MusterKahanSum, acc->length);
}

/* Adds weight × probs, where probs[0] belongs to the value offset. */
void
_muster_dist_accumulator_add_probs (MusterDistAccumulator *acc,
                                    gint64                 offset,
                                    const double          *probs,
                                    guint                  length,
                                    double                 weight)
{
  MusterKahanSum *slots = acc->slots + (offset - acc->lo);

  for (guint i = 0; i < length; i++)
    kahan_add (&slots[i], weight * probs[i]);
}

MusterDist *
_muster_dist_accumulator_finish (MusterDistAccumulator *acc)
{
  MusterDist *self = _muster_dist_alloc (acc->lo, acc->lo + acc->length - 1);

  for (gint64 i = 0; i < acc->length; i++)
    self->probs[i] = kahan_get (&acc->slots[i]);
  g_clear_pointer (&acc->slots, g_free);
  return _muster_dist_finish (self);
}

/* The distribution of values[i] with probability probs[i], over the i where probs[i] > 0 */
MusterDist *
_muster_dist_from_mapped (const double *probs,
                          const int    *values,
                          gsize         n)
{
  gint64 lo = G_MAXINT64;
  gint64 hi = G_MININT64;
  MusterDistAccumulator acc;

  for (gsize i = 0; i < n; i++)
    if (probs[i] > 0.0)
      {
        lo = MIN (lo, values[i]);
        hi = MAX (hi, values[i]);
      }

  if (!_muster_dist_check_range (lo, hi))
    return NULL;
  _muster_dist_accumulator_init (&acc, lo, hi);
  for (gsize i = 0; i < n; i++)
    if (probs[i] > 0.0)
      accumulator_add_value (&acc, values[i], probs[i]);
  return _muster_dist_accumulator_finish (&acc);
}

static inline guint64
alias_threshold (double scaled)
{
  if (scaled <= 0.0)
    return 0;
  if (scaled >= 1.0)
    return MUSTER_DIST_ALIAS_ONE;
  return (guint64) (scaled * (double) MUSTER_DIST_ALIAS_ONE);
}

/* Vose's construction of Walker's alias table: O(length), deterministic. */
static MusterDistAlias *
build_alias (const MusterDist *self)
{
  guint n = self->length;
  MusterDistAlias *alias = g_malloc (sizeof *alias + n * sizeof (MusterDistAliasEntry));
  g_autofree double *scaled = g_new (double, n);
  g_autofree guint *small = g_new (guint, n);
  g_autofree guint *large = g_new (guint, n);
  guint n_small = 0;
  guint n_large = 0;
  guint likeliest = 0;

  alias->length = n;
  for (guint i = 0; i < n; i++)
    {
      scaled[i] = self->probs[i] * (double) n;
      if (self->probs[i] > self->probs[likeliest])
        likeliest = i;
      if (scaled[i] < 1.0)
        small[n_small++] = i;
      else
        large[n_large++] = i;
    }

  while (n_small > 0 && n_large > 0)
    {
      guint s = small[--n_small];
      guint l = large[n_large - 1];

      alias->entries[s].threshold = alias_threshold (scaled[s]);
      alias->entries[s].alias = l;
      scaled[l] = (scaled[l] + scaled[s]) - 1.0;
      if (scaled[l] < 1.0)
        {
          n_large--;
          small[n_small++] = l;
        }
    }

  /* What is left holds exactly 1 but for rounding: keep it, unless it has no probability. */
  while (n_large > 0)
    {
      guint l = large[--n_large];

      alias->entries[l].threshold = MUSTER_DIST_ALIAS_ONE;
      alias->entries[l].alias = l;
    }
  while (n_small > 0)
    {
      guint s = small[--n_small];

      alias->entries[s].threshold = self->probs[s] > 0.0 ? MUSTER_DIST_ALIAS_ONE : 0;
      alias->entries[s].alias = self->probs[s] > 0.0 ? s : likeliest;
    }

  return alias;
}

static void
append_double (GString    *out,
               const char *format,
               double      value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (out, g_ascii_formatd (buf, sizeof buf, format, value));
}

/**
 * muster_dist_new_constant:
 * @value: the only value
 *
 * A point mass: @value with probability 1.
 *
 * Returns: (transfer full): the distribution
 */
MusterDist *
muster_dist_new_constant (int value)
{
  MusterDist *self;

  g_return_val_if_fail (value >= -MUSTER_DIST_MAX_VALUE && value <= MUSTER_DIST_MAX_VALUE, NULL);

  self = _muster_dist_alloc (value, value);
  self->probs[0] = 1.0;
  return self;
}

/**
 * muster_dist_new_uniform:
 * @lo: the smallest value
 * @hi: the largest value, at least @lo
 *
 * Every value from @lo to @hi with the same probability.
 *
 * Returns: (transfer full): the distribution
 */
MusterDist *
muster_dist_new_uniform (int lo,
                         int hi)
{
  MusterDist *self;

  g_return_val_if_fail (lo <= hi, NULL);

  if (!_muster_dist_check_range (lo, hi))
    return NULL;
  self = _muster_dist_alloc (lo, hi);
  for (guint i = 0; i < self->length; i++)
    self->probs[i] = 1.0 / self->length;
  return _muster_dist_finish (self);
}

/**
 * muster_dist_new_die:
 * @sides: the number of faces, at least 1
 *
 * One fair die numbered 1 to @sides. A d2 ("half a d4, rounded up") is muster_dist_new_die (2).
 *
 * Returns: (transfer full): the distribution
 */
MusterDist *
muster_dist_new_die (guint sides)
{
  g_return_val_if_fail (sides >= 1 && sides <= MUSTER_DIST_MAX_VALUE, NULL);

  return muster_dist_new_uniform (1, (int) sides);
}

/**
 * muster_dist_new_bernoulli:
 * @p: the probability of 1, in [0, 1]
 *
 * 1 with probability @p, otherwise 0: one success die.
 *
 * Returns: (transfer full): the distribution
 */
MusterDist *
muster_dist_new_bernoulli (double p)
{
  double weights[2];

  g_return_val_if_fail (p >= 0.0 && p <= 1.0, NULL);

  weights[0] = 1.0 - p;
  weights[1] = p;
  return muster_dist_new_from_weights (0, weights, 2);
}

/**
 * muster_dist_new_from_weights:
 * @offset: the value of the first weight
 * @weights: (array length=n_weights): finite, non-negative weights, not all zero
 * @n_weights: the number of weights, at least 1
 *
 * The value `offset + i` with a probability proportional to `weights[i]`. Weights need not sum
 * to 1: a table of d10 faces can be given as face counts.
 *
 * Returns: (transfer full): the distribution
 */
MusterDist *
muster_dist_new_from_weights (int           offset,
                              const double *weights,
                              guint         n_weights)
{
  gboolean valid = TRUE;
  double total;

  g_return_val_if_fail (weights != NULL, NULL);
  g_return_val_if_fail (n_weights >= 1, NULL);

  for (guint i = 0; i < n_weights; i++)
    valid = valid && isfinite (weights[i]) && weights[i] >= 0.0;
  total = valid ? _muster_dist_sum_probs (weights, n_weights) : 0.0;
  g_return_val_if_fail (valid && total > 0.0 && isfinite (total), NULL);

  return _muster_dist_new_from_array (offset, weights, n_weights);
}

/**
 * muster_dist_new_binomial:
 * @n: the number of dice
 * @p: each die's probability of success, in [0, 1]
 *
 * The number of successes among @n independent dice that each succeed with @p. Computed by the
 * ratio recurrence outwards from the mode, so nothing overflows and the tails keep their
 * relative precision (until they underflow below 1e-308).
 *
 * Returns: (transfer full): the distribution over 0 .. @n
 */
MusterDist *
muster_dist_new_binomial (guint  n,
                          double p)
{
  MusterDist *self;
  double ratio;
  guint mode;

  g_return_val_if_fail (p >= 0.0 && p <= 1.0, NULL);
  g_return_val_if_fail (n < MUSTER_DIST_MAX_LENGTH, NULL);

  if (n == 0 || p == 0.0)
    return muster_dist_new_constant (0);
  if (p == 1.0)
    return muster_dist_new_constant ((int) n);

  self = _muster_dist_alloc (0, n);
  ratio = p / (1.0 - p);
  mode = (guint) MIN ((double) n, floor (((double) n + 1.0) * p));
  self->probs[mode] = 1.0;
  for (guint k = mode; k < n; k++)
    self->probs[k + 1] = self->probs[k] * (double) (n - k) / (double) (k + 1) * ratio;
  for (guint k = mode; k > 0; k--)
    self->probs[k - 1] = self->probs[k] * (double) k / (double) (n - k + 1) / ratio;
  return _muster_dist_finish (self);
}

/**
 * muster_dist_new_success_dice:
 * @n_dice: the number of dice rolled
 * @p: each die's probability of success
 * @max_rerolls: how many failed dice may be rolled again (once each); 0 for none, @n_dice or
 *   more (e.g. %G_MAXUINT) for every failure
 * @p_reroll: a re-rolled die's probability of success (usually @p)
 *
 * The successes of a roll of success dice with re-rolls of failures: S ~ B(@n_dice, @p), then
 * S + B(min(@max_rerolls, @n_dice - S), @p_reroll). Modifiers and clamps come after, with
 * muster_dist_shift_clamp().
 *
 * Returns: (transfer full): the distribution over 0 .. @n_dice
 */
MusterDist *
muster_dist_new_success_dice (guint  n_dice,
                              double p,
                              guint  max_rerolls,
                              double p_reroll)
{
  g_autoptr(MusterDist) first = NULL;
  g_autoptr(GPtrArray) rerolled = NULL;
  MusterDistAccumulator acc;

  g_return_val_if_fail (p >= 0.0 && p <= 1.0, NULL);
  g_return_val_if_fail (p_reroll >= 0.0 && p_reroll <= 1.0, NULL);
  g_return_val_if_fail (n_dice < MUSTER_DIST_MAX_LENGTH, NULL);

  /* Every failure gets its second chance: the dice are independent trials again. */
  if (max_rerolls >= n_dice)
    return muster_dist_new_binomial (n_dice, MIN (1.0, p + (1.0 - p) * p_reroll));

  /* rerolled[r] is the successes among r re-rolled dice */
  first = muster_dist_new_binomial (n_dice, p);
  rerolled = g_ptr_array_new_full (max_rerolls + 1, (GDestroyNotify) muster_dist_unref);
  for (guint r = 0; r <= max_rerolls; r++)
    g_ptr_array_add (rerolled, muster_dist_new_binomial (r, p_reroll));

  _muster_dist_accumulator_init (&acc, 0, n_dice);
  for (guint i = 0; i < first->length; i++)
    {
      guint successes = (guint) first->offset + i;
      const MusterDist *extra = g_ptr_array_index (rerolled, MIN (max_rerolls, n_dice - successes));

      _muster_dist_accumulator_add_probs (&acc, (gint64) successes + extra->offset, extra->probs, extra->length,
                                          first->probs[i]);
    }
  return _muster_dist_accumulator_finish (&acc);
}

/**
 * muster_dist_new_dice_sum:
 * @n_dice: the number of dice; 0 gives the constant 0
 * @sides: the faces of each die
 *
 * The total of @n_dice fair dice numbered 1 to @sides ("3d6").
 *
 * Returns: (transfer full): the distribution over @n_dice .. @n_dice × @sides
 */
MusterDist *
muster_dist_new_dice_sum (guint n_dice,
                          guint sides)
{
  g_autoptr(MusterDist) die = NULL;

  g_return_val_if_fail (sides >= 1 && sides <= MUSTER_DIST_MAX_VALUE, NULL);

  die = muster_dist_new_die (sides);
  return muster_dist_sum_iid (die, n_dice);
}

/**
 * muster_dist_ref:
 * @self: a distribution
 *
 * Returns: (transfer full): @self
 */
MusterDist *
muster_dist_ref (MusterDist *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
muster_dist_unref (MusterDist *self)
{
  g_return_if_fail (self != NULL);

  if (g_atomic_ref_count_dec (&self->ref_count))
    {
      g_free (self->alias);
      g_free (self);
    }
}

/**
 * muster_dist_get_min:
 * @self: a distribution
 *
 * Returns: the smallest value with a non-zero probability
 */
int
muster_dist_get_min (const MusterDist *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->offset;
}

/**
 * muster_dist_get_max:
 * @self: a distribution
 *
 * Returns: the largest value with a non-zero probability
 */
int
muster_dist_get_max (const MusterDist *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return (int) dist_max (self);
}

/**
 * muster_dist_get_probs:
 * @self: a distribution
 * @offset: (out) (optional): the value of the first probability, the same as get_min()
 * @length: (out) (optional): the number of probabilities
 *
 * The dense array of probabilities, for painters and tables. The first and the last are never
 * zero; ones in between may be.
 *
 * Returns: (transfer none) (array length=length): the probabilities, owned by @self
 */
const double *
muster_dist_get_probs (const MusterDist *self,
                       int              *offset,
                       guint            *length)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (offset != NULL)
    *offset = self->offset;
  if (length != NULL)
    *length = self->length;
  return self->probs;
}

/**
 * muster_dist_get_total:
 * @self: a distribution
 *
 * Returns: the compensated sum of all probabilities, 1 within a few units in the last place
 */
double
muster_dist_get_total (const MusterDist *self)
{
  g_return_val_if_fail (self != NULL, 0.0);

  return _muster_dist_sum_probs (self->probs, self->length);
}

/**
 * muster_dist_get_mean:
 * @self: a distribution
 *
 * Returns: the expected value
 */
double
muster_dist_get_mean (const MusterDist *self)
{
  MusterKahanSum k = { 0 };

  g_return_val_if_fail (self != NULL, 0.0);

  /* Relative to the offset, so that large offsets cost no precision. */
  for (guint i = 0; i < self->length; i++)
    kahan_add (&k, i * self->probs[i]);
  return self->offset + kahan_get (&k);
}

/**
 * muster_dist_get_variance:
 * @self: a distribution
 *
 * Returns: the variance (two passes: around the mean, never E[X²] − E[X]²)
 */
double
muster_dist_get_variance (const MusterDist *self)
{
  MusterKahanSum k = { 0 };
  double mean;

  g_return_val_if_fail (self != NULL, 0.0);

  mean = muster_dist_get_mean (self) - self->offset;
  for (guint i = 0; i < self->length; i++)
    kahan_add (&k, (i - mean) * (i - mean) * self->probs[i]);
  return kahan_get (&k);
}

/**
 * muster_dist_get_prob:
 * @self: a distribution
 * @value: any value
 *
 * Returns: P(X = @value), 0 outside the support
 */
double
muster_dist_get_prob (const MusterDist *self,
                      int               value)
{
  g_return_val_if_fail (self != NULL, 0.0);

  return prob_at (self, value);
}

/**
 * muster_dist_get_prob_at_least:
 * @self: a distribution
 * @value: any value
 *
 * Returns: P(X ≥ @value), summed over the tail itself (never 1 − the rest)
 */
double
muster_dist_get_prob_at_least (const MusterDist *self,
                               int               value)
{
  gint64 i;

  g_return_val_if_fail (self != NULL, 0.0);

  i = sums_index (self, value);
  return _muster_dist_sum_probs (self->probs + i, self->length - i);
}

/**
 * muster_dist_get_prob_at_most:
 * @self: a distribution
 * @value: any value
 *
 * Returns: P(X ≤ @value), summed over the tail itself (never 1 − the rest)
 */
double
muster_dist_get_prob_at_most (const MusterDist *self,
                              int               value)
{
  g_return_val_if_fail (self != NULL, 0.0);

  return _muster_dist_sum_probs (self->probs, sums_index (self, (gint64) value + 1));
}

/**
 * muster_dist_equal:
 * @a: a distribution
 * @b: another distribution
 * @tolerance: the largest difference allowed in any one probability
 *
 * Returns: whether |P(A = v) − P(B = v)| ≤ @tolerance for every value v
 */
gboolean
muster_dist_equal (const MusterDist *a,
                   const MusterDist *b,
                   double            tolerance)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  for (gint64 v = MIN (a->offset, b->offset); v <= MAX (dist_max (a), dist_max (b)); v++)
    if (!(fabs (prob_at (a, v) - prob_at (b, v)) <= tolerance))
      return FALSE;
  return TRUE;
}

/**
 * muster_dist_print:
 * @self: a distribution
 * @out: the string to append to
 *
 * Appends a plain-text table: a summary line (mean, standard deviation, range), then one line a
 * value with P(=), P(≥), P(≤) to six decimals and a bar. The numbers never depend on the locale.
 */
void
muster_dist_print (const MusterDist *self,
                   GString          *out)
{
  g_autofree double *below = NULL;
  g_autofree double *above = NULL;
  double largest = 0.0;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);

  below = _muster_dist_cumulative_sums (self);
  above = _muster_dist_tail_sums (self);
  for (guint i = 0; i < self->length; i++)
    largest = MAX (largest, self->probs[i]);

  g_string_append (out, "mean ");
  append_double (out, "%.4f", muster_dist_get_mean (self));
  g_string_append (out, ", sd ");
  append_double (out, "%.4f", sqrt (muster_dist_get_variance (self)));
  g_string_append_printf (out, ", range %d..%d\n", self->offset, (int) dist_max (self));
  g_string_append (out, "  value      P(=)     P(>=)     P(<=)\n");

  for (guint i = 0; i < self->length; i++)
    {
      guint bar = (guint) (40.0 * self->probs[i] / largest + 0.5);

      g_string_append_printf (out, "%7d", self->offset + (int) i);
      append_double (out, "%10.6f", self->probs[i]);
      append_double (out, "%10.6f", above[i]);
      append_double (out, "%10.6f", below[i + 1]);
      if (bar > 0)
        {
          g_string_append (out, "  ");
          for (guint j = 0; j < bar; j++)
            g_string_append_c (out, '#');
        }
      g_string_append_c (out, '\n');
    }
}

/**
 * _muster_dist_get_alias:
 * @self: a distribution
 *
 * The alias table muster_dice_sample() draws from, built on first use (thread-safely) and kept
 * with the distribution, so that repeated sampling costs O(1) a draw.
 *
 * Returns: (transfer none): the table
 */
const MusterDistAlias *
_muster_dist_get_alias (const MusterDist *self)
{
  MusterDist *mutable_self = (MusterDist *) self;

  g_return_val_if_fail (self != NULL, NULL);

  if (g_once_init_enter (&mutable_self->alias))
    g_once_init_leave (&mutable_self->alias, build_alias (self));
  return self->alias;
}
