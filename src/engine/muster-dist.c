/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-dist"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-dist.h"
#include "muster-dist-private.h"

/*
 * MusterDist is an exact discrete probability distribution over the integers: the probability
 * of the value `offset + i` is `probs[i]`. MusterJoint is the same for pairs (x, y).
 *
 * Value semantics: a distribution is immutable once made, and reference-counted (atomically, so
 * a finished one may be shared between threads). Every operation takes `const MusterDist *`,
 * never changes it, and returns a new reference the caller owns; so a d6 can be made once and
 * used everywhere. Functions return %NULL only after a critical (a programmer error: a
 * probability outside [0, 1], a range beyond MUSTER_DIST_MAX_VALUE...).
 *
 * Invariants, kept by dist_finish(): there is at least one value; the first and the last
 * probabilities are not zero, so get_min() and get_max() are the ends of the support (zeros
 * inside are allowed, e.g. after muster_dist_scale() by 2); the probabilities are normalised to
 * a compensated total of 1, a few units in the last place away at most.
 *
 * Numerics: every operation only adds products of non-negative numbers, so there is no
 * cancellation, and a tail probability of 1e-150 keeps its relative precision. Totals, tails
 * and mixtures use Neumaier's compensated summation. Nothing is dropped silently: negligible
 * tails go only through muster_dist_trim(). The engine is compiled with -ffp-contract=off, so
 * the same operations give the same bits on every IEEE 754 platform, and so do the alias
 * tables that muster_dice_sample() draws from.
 */
struct _MusterDist
{
  gatomicrefcount  ref_count;

  /* Owned; built on the first muster_dice_sample() from this distribution */
  MusterDistAlias *alias;

  int              offset;
  guint            length;
  double           probs[];
};

struct _MusterJoint
{
  gatomicrefcount  ref_count;

  int              x_offset;
  guint            x_length;
  int              y_offset;
  guint            y_length;

  /* P(x, y) is probs[(x - x_offset) * y_length + (y - y_offset)] */
  double           probs[];
};

/* Neumaier's compensated sum */
typedef struct
{
  double sum;
  double compensation;
} KahanSum;

/* Probability mass collected over the values lo .. lo + length - 1, one compensated sum each */
typedef struct
{
  gint64    lo;
  gint64    length;
  KahanSum *slots;
} Accumulator;

/* One branch of a mixture: the selector's value, its probability, and what follows from it */
typedef struct
{
  int         value;
  double      weight;
  MusterDist *dist;
} Part;

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

static inline void
kahan_add (KahanSum *k,
           double    value)
{
  double t = k->sum + value;

  if (fabs (k->sum) >= fabs (value))
    k->compensation += (k->sum - t) + value;
  else
    k->compensation += (value - t) + k->sum;
  k->sum = t;
}

static inline double
kahan_get (const KahanSum *k)
{
  return k->sum + k->compensation;
}

static double
sum_probs (const double *probs,
           gint64        n)
{
  KahanSum k = { 0 };

  for (gint64 i = 0; i < n; i++)
    kahan_add (&k, probs[i]);
  return kahan_get (&k);
}

static inline gint64
dist_max (const MusterDist *self)
{
  return (gint64) self->offset + self->length - 1;
}

static inline double
prob_at (const MusterDist *self,
         gint64            value)
{
  gint64 i = value - self->offset;

  return i >= 0 && i < self->length ? self->probs[i] : 0.0;
}

static gboolean
range_is_valid (gint64 lo,
                gint64 hi)
{
  return lo <= hi &&
         lo >= -MUSTER_DIST_MAX_VALUE &&
         hi <= MUSTER_DIST_MAX_VALUE &&
         hi - lo < MUSTER_DIST_MAX_LENGTH;
}

static gboolean
check_range (gint64 lo,
             gint64 hi)
{
  if (range_is_valid (lo, hi))
    return TRUE;
  g_critical ("a distribution over %" G_GINT64_FORMAT "..%" G_GINT64_FORMAT " is out of range",
              lo, hi);
  return FALSE;
}

static gint64
floor_div (gint64 a,
           gint64 b)
{
  gint64 q = a / b;

  if (a % b != 0 && a < 0)
    q--;
  return q;
}

/* A distribution over lo..hi with every probability zero, to be filled and finished. The
 * caller has made sure the range is valid. */
static MusterDist *
dist_alloc (gint64 lo,
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
static MusterDist *
dist_finish (MusterDist *self)
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

  total = sum_probs (self->probs, self->length);
  g_assert (total > 0.0 && isfinite (total));
  if (total != 1.0)
    for (guint i = 0; i < self->length; i++)
      self->probs[i] /= total;

  return self;
}

static MusterDist *
dist_new_from_array (gint64        offset,
                     const double *probs,
                     guint         length)
{
  MusterDist *self;

  if (!check_range (offset, offset + length - 1))
    return NULL;
  self = dist_alloc (offset, offset + length - 1);
  memcpy (self->probs, probs, length * sizeof (double));
  return dist_finish (self);
}

/* Replaces the distribution in *slot with value, which it takes. */
static void
take_dist (MusterDist **slot,
           MusterDist  *value)
{
  g_clear_pointer (slot, muster_dist_unref);
  *slot = value;
}

/* sums[i] = P(X < offset + i) for i = 0 .. length, so sums[length] is the total */
static double *
cumulative_sums (const MusterDist *self)
{
  double *sums = g_new (double, self->length + 1);
  KahanSum k = { 0 };

  for (guint i = 0; i < self->length; i++)
    {
      sums[i] = kahan_get (&k);
      kahan_add (&k, self->probs[i]);
    }
  sums[self->length] = kahan_get (&k);
  return sums;
}

/* sums[i] = P(X >= offset + i) for i = 0 .. length, so sums[length] is 0 */
static double *
tail_sums (const MusterDist *self)
{
  double *sums = g_new (double, self->length + 1);
  KahanSum k = { 0 };

  sums[self->length] = 0.0;
  for (guint i = self->length; i > 0; i--)
    {
      kahan_add (&k, self->probs[i - 1]);
      sums[i - 1] = kahan_get (&k);
    }
  return sums;
}

/* Index into an array of length + 1 sums for the value, clamped to its ends */
static inline gint64
sums_index (const MusterDist *self,
            gint64            value)
{
  return CLAMP (value - self->offset, 0, (gint64) self->length);
}

/* The caller has made sure the range is valid. */
static void
accumulator_init (Accumulator *acc,
                  gint64       lo,
                  gint64       hi)
{
  g_assert (range_is_valid (lo, hi));
  acc->lo = lo;
  acc->length = hi - lo + 1;
  acc->slots = g_new0 (KahanSum, acc->length);
}

static inline void
accumulator_add_value (Accumulator *acc,
                       gint64       value,
                       double       p)
{
  kahan_add (&acc->slots[value - acc->lo], p);
}

/* Adds weight × probs, where probs[0] belongs to the value offset. */
static void
accumulator_add_probs (Accumulator  *acc,
                       gint64        offset,
                       const double *probs,
                       guint         length,
                       double        weight)
{
  KahanSum *slots = acc->slots + (offset - acc->lo);

  for (guint i = 0; i < length; i++)
    kahan_add (&slots[i], weight * probs[i]);
}

static MusterDist *
accumulator_finish (Accumulator *acc)
{
  MusterDist *self = dist_alloc (acc->lo, acc->lo + acc->length - 1);

  for (gint64 i = 0; i < acc->length; i++)
    self->probs[i] = kahan_get (&acc->slots[i]);
  g_clear_pointer (&acc->slots, g_free);
  return dist_finish (self);
}

/* The distribution of values[i] with probability probs[i], over the i where probs[i] > 0 */
static MusterDist *
dist_from_mapped (const double *probs,
                  const int    *values,
                  gsize         n)
{
  gint64 lo = G_MAXINT64;
  gint64 hi = G_MININT64;
  Accumulator acc;

  for (gsize i = 0; i < n; i++)
    if (probs[i] > 0.0)
      {
        lo = MIN (lo, values[i]);
        hi = MAX (hi, values[i]);
      }

  if (!check_range (lo, hi))
    return NULL;
  accumulator_init (&acc, lo, hi);
  for (gsize i = 0; i < n; i++)
    if (probs[i] > 0.0)
      accumulator_add_value (&acc, values[i], probs[i]);
  return accumulator_finish (&acc);
}

static void
part_clear (gpointer data)
{
  Part *part = data;

  g_clear_pointer (&part->dist, muster_dist_unref);
}

/* Calls func for every value of selector with a non-zero probability; returns the Parts and the
 * range they span in *lo, *hi, or NULL if func broke its contract. */
static GArray *
collect_parts (const MusterDist *selector,
               MusterDistFunc    func,
               gpointer          user_data,
               gint64           *lo,
               gint64           *hi)
{
  g_autoptr(GArray) parts = g_array_sized_new (FALSE, FALSE, sizeof (Part), selector->length);

  g_array_set_clear_func (parts, part_clear);
  *lo = G_MAXINT64;
  *hi = G_MININT64;

  for (guint i = 0; i < selector->length; i++)
    {
      Part part = { selector->offset + (int) i, selector->probs[i], NULL };

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

static MusterDist *
ref_dist_func (int      value,
               gpointer user_data)
{
  return muster_dist_ref (user_data);
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

static MusterJoint *
joint_alloc (gint64 x_lo,
             gint64 x_hi,
             gint64 y_lo,
             gint64 y_hi)
{
  MusterJoint *self;
  gint64 cells;

  if (!check_range (x_lo, x_hi) || !check_range (y_lo, y_hi))
    return NULL;
  cells = (x_hi - x_lo + 1) * (y_hi - y_lo + 1);
  if (cells > MUSTER_DIST_MAX_LENGTH)
    {
      g_critical ("a joint distribution of %" G_GINT64_FORMAT " cells is too large", cells);
      return NULL;
    }

  self = g_malloc0 (sizeof *self + (gsize) cells * sizeof (double));
  g_atomic_ref_count_init (&self->ref_count);
  self->x_offset = (int) x_lo;
  self->x_length = (guint) (x_hi - x_lo + 1);
  self->y_offset = (int) y_lo;
  self->y_length = (guint) (y_hi - y_lo + 1);
  return self;
}

static inline const double *
joint_row (const MusterJoint *self,
           guint              i)
{
  return self->probs + (gsize) i * self->y_length;
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

  self = dist_alloc (value, value);
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

  if (!check_range (lo, hi))
    return NULL;
  self = dist_alloc (lo, hi);
  for (guint i = 0; i < self->length; i++)
    self->probs[i] = 1.0 / self->length;
  return dist_finish (self);
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
  total = valid ? sum_probs (weights, n_weights) : 0.0;
  g_return_val_if_fail (valid && total > 0.0 && isfinite (total), NULL);

  return dist_new_from_array (offset, weights, n_weights);
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

  self = dist_alloc (0, n);
  ratio = p / (1.0 - p);
  mode = (guint) MIN ((double) n, floor (((double) n + 1.0) * p));
  self->probs[mode] = 1.0;
  for (guint k = mode; k < n; k++)
    self->probs[k + 1] = self->probs[k] * (double) (n - k) / (double) (k + 1) * ratio;
  for (guint k = mode; k > 0; k--)
    self->probs[k - 1] = self->probs[k] * (double) k / (double) (n - k + 1) / ratio;
  return dist_finish (self);
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
  Accumulator acc;

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

  accumulator_init (&acc, 0, n_dice);
  for (guint i = 0; i < first->length; i++)
    {
      guint successes = (guint) first->offset + i;
      const MusterDist *extra = g_ptr_array_index (rerolled, MIN (max_rerolls, n_dice - successes));

      accumulator_add_probs (&acc, (gint64) successes + extra->offset, extra->probs, extra->length,
                             first->probs[i]);
    }
  return accumulator_finish (&acc);
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
 * muster_dist_add:
 * @a: a distribution
 * @b: another distribution, independent of @a
 *
 * The distribution of A + B: the convolution. The cost is the product of the two lengths.
 *
 * Returns: (transfer full): the distribution of the sum
 */
MusterDist *
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

  if (!check_range ((gint64) a->offset + b->offset, dist_max (a) + dist_max (b)))
    return NULL;
  self = dist_alloc ((gint64) a->offset + b->offset, dist_max (a) + dist_max (b));

  for (guint i = 0; i < a->length; i++)
    {
      double pa = a->probs[i];
      double *out = self->probs + i;

      if (pa == 0.0)
        continue;
      for (guint j = 0; j < b->length; j++)
        out[j] += pa * b->probs[j];
    }

  return dist_finish (self);
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
  self = dist_alloc (lo, MAX (dist_max (a), dist_max (b)));
  below_a = cumulative_sums (a);
  below_b = cumulative_sums (b);

  /* P(max = v) = P(A = v) P(B <= v) + P(A < v) P(B = v): positive terms only. */
  for (guint i = 0; i < self->length; i++)
    {
      gint64 v = lo + i;

      self->probs[i] = prob_at (a, v) * below_b[sums_index (b, v + 1)] +
                       below_a[sums_index (a, v)] * prob_at (b, v);
    }

  return dist_finish (self);
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
  Accumulator acc;

  g_return_val_if_fail (count != NULL, NULL);
  g_return_val_if_fail (each != NULL, NULL);
  g_return_val_if_fail (count->offset >= 0, NULL);

  n_min = count->offset;
  n_max = dist_max (count);
  lo = MIN (n_min * each->offset, n_max * each->offset);
  hi = MAX (n_min * dist_max (each), n_max * dist_max (each));
  if (!check_range (lo, hi))
    return NULL;
  accumulator_init (&acc, lo, hi);

  power = muster_dist_sum_iid (each, (guint) n_min);
  for (gint64 n = n_min; ; n++)
    {
      double weight = count->probs[n - n_min];

      if (weight > 0.0)
        accumulator_add_probs (&acc, power->offset, power->probs, power->length, weight);
      if (n == n_max)
        break;
      take_dist (&power, muster_dist_add (power, each));
    }

  return accumulator_finish (&acc);
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
  Accumulator acc;

  g_return_val_if_fail (selector != NULL, NULL);
  g_return_val_if_fail (func != NULL, NULL);

  if (!(parts = collect_parts (selector, func, user_data, &lo, &hi)) || !check_range (lo, hi))
    return NULL;
  accumulator_init (&acc, lo, hi);

  for (guint i = 0; i < parts->len; i++)
    {
      const Part *part = &g_array_index (parts, Part, i);

      accumulator_add_probs (&acc, part->dist->offset, part->dist->probs, part->dist->length,
                             part->weight);
    }

  return accumulator_finish (&acc);
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

  return dist_from_mapped (self->probs, values, self->length);
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

  return dist_new_from_array ((gint64) self->offset + delta, self->probs, self->length);
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

  negated = dist_alloc (-dist_max (self), -(gint64) self->offset);
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
  if (!check_range (MIN (scale_value64 (&scale, self->offset), scale_value64 (&scale, dist_max (self))),
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
  KahanSum cut = { 0 };
  guint first = 0;
  guint last;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (epsilon >= 0.0 && epsilon <= MUSTER_DIST_TRIM_MAX, NULL);

  last = self->length - 1;
  while (first < last && kahan_get (&cut) + self->probs[first] <= epsilon / 2)
    kahan_add (&cut, self->probs[first++]);
  cut = (KahanSum) { 0 };
  while (last > first && kahan_get (&cut) + self->probs[last] <= epsilon / 2)
    kahan_add (&cut, self->probs[last--]);

  return dist_new_from_array ((gint64) self->offset + first, self->probs + first,
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
  KahanSum greater = { 0 };
  KahanSum equal = { 0 };
  KahanSum less = { 0 };

  g_return_if_fail (a != NULL);
  g_return_if_fail (b != NULL);

  below = cumulative_sums (a);
  above = tail_sums (a);
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

  return sum_probs (self->probs, self->length);
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
  KahanSum k = { 0 };

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
  KahanSum k = { 0 };
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
  return sum_probs (self->probs + i, self->length - i);
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

  return sum_probs (self->probs, sums_index (self, (gint64) value + 1));
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

  below = cumulative_sums (self);
  above = tail_sums (self);
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
 * muster_joint_new:
 * @x: the distribution of the first step
 * @y_given_x: (scope call): the distribution of the second step given the first's value
 * @user_data: data for @y_given_x
 *
 * The joint distribution of two steps where the second depends on the first, kept as a table
 * of P(x, y) = P(X = x) · P(Y = y | X = x): the attacker's casualties, then the defender's
 * strike-back with the figures left. @y_given_x is called once for each value of @x with a
 * non-zero probability.
 *
 * Returns: (transfer full): the joint distribution
 */
MusterJoint *
muster_joint_new (const MusterDist *x,
                  MusterDistFunc    y_given_x,
                  gpointer          user_data)
{
  g_autoptr(GArray) parts = NULL;
  MusterJoint *self;
  gint64 lo;
  gint64 hi;

  g_return_val_if_fail (x != NULL, NULL);
  g_return_val_if_fail (y_given_x != NULL, NULL);

  if (!(parts = collect_parts (x, y_given_x, user_data, &lo, &hi)) ||
      !(self = joint_alloc (x->offset, dist_max (x), lo, hi)))
    return NULL;

  for (guint i = 0; i < parts->len; i++)
    {
      const Part *part = &g_array_index (parts, Part, i);
      double *row = self->probs + (gsize) (part->value - self->x_offset) * self->y_length +
                    (part->dist->offset - self->y_offset);

      for (guint j = 0; j < part->dist->length; j++)
        row[j] = part->weight * part->dist->probs[j];
    }

  return self;
}

/**
 * muster_joint_new_independent:
 * @x: a distribution
 * @y: another distribution, independent of @x
 *
 * The joint distribution of two independent steps, e.g. the two sides' simultaneous strikes.
 *
 * Returns: (transfer full): the joint distribution
 */
MusterJoint *
muster_joint_new_independent (const MusterDist *x,
                              const MusterDist *y)
{
  g_return_val_if_fail (x != NULL, NULL);
  g_return_val_if_fail (y != NULL, NULL);

  return muster_joint_new (x, ref_dist_func, (gpointer) y);
}

/**
 * muster_joint_ref:
 * @self: a joint distribution
 *
 * Returns: (transfer full): @self
 */
MusterJoint *
muster_joint_ref (MusterJoint *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
muster_joint_unref (MusterJoint *self)
{
  g_return_if_fail (self != NULL);

  if (g_atomic_ref_count_dec (&self->ref_count))
    g_free (self);
}

/**
 * muster_joint_get_x:
 * @self: a joint distribution
 *
 * Returns: (transfer full): the marginal distribution of x
 */
MusterDist *
muster_joint_get_x (const MusterJoint *self)
{
  g_autofree double *sums = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  sums = g_new (double, self->x_length);
  for (guint i = 0; i < self->x_length; i++)
    sums[i] = sum_probs (joint_row (self, i), self->y_length);
  return dist_new_from_array (self->x_offset, sums, self->x_length);
}

/**
 * muster_joint_get_y:
 * @self: a joint distribution
 *
 * Returns: (transfer full): the marginal distribution of y
 */
MusterDist *
muster_joint_get_y (const MusterJoint *self)
{
  Accumulator acc;

  g_return_val_if_fail (self != NULL, NULL);

  accumulator_init (&acc, self->y_offset, (gint64) self->y_offset + self->y_length - 1);
  for (guint i = 0; i < self->x_length; i++)
    accumulator_add_probs (&acc, self->y_offset, joint_row (self, i), self->y_length, 1.0);
  return accumulator_finish (&acc);
}

/**
 * muster_joint_get_y_given_x:
 * @self: a joint distribution
 * @x: a value of the first step
 *
 * Returns: (transfer full) (nullable): the distribution of y given x = @x, or %NULL if
 *   P(X = @x) is zero
 */
MusterDist *
muster_joint_get_y_given_x (const MusterJoint *self,
                            int                x)
{
  gint64 i;

  g_return_val_if_fail (self != NULL, NULL);

  i = (gint64) x - self->x_offset;
  if (i < 0 || i >= self->x_length || sum_probs (joint_row (self, i), self->y_length) == 0.0)
    return NULL;
  return dist_new_from_array (self->y_offset, joint_row (self, i), self->y_length);
}

/**
 * muster_joint_get_x_given_y:
 * @self: a joint distribution
 * @y: a value of the second step
 *
 * Returns: (transfer full) (nullable): the distribution of x given y = @y, or %NULL if
 *   P(Y = @y) is zero
 */
MusterDist *
muster_joint_get_x_given_y (const MusterJoint *self,
                            int                y)
{
  g_autofree double *column = NULL;
  gint64 j;

  g_return_val_if_fail (self != NULL, NULL);

  j = (gint64) y - self->y_offset;
  if (j < 0 || j >= self->y_length)
    return NULL;

  column = g_new (double, self->x_length);
  for (guint i = 0; i < self->x_length; i++)
    column[i] = joint_row (self, i)[j];
  if (sum_probs (column, self->x_length) == 0.0)
    return NULL;
  return dist_new_from_array (self->x_offset, column, self->x_length);
}

/**
 * muster_joint_get_prob:
 * @self: a joint distribution
 * @x: a value of the first step
 * @y: a value of the second step
 *
 * Returns: P(X = @x, Y = @y), 0 outside the table
 */
double
muster_joint_get_prob (const MusterJoint *self,
                       int                x,
                       int                y)
{
  gint64 i;
  gint64 j;

  g_return_val_if_fail (self != NULL, 0.0);

  i = (gint64) x - self->x_offset;
  j = (gint64) y - self->y_offset;
  if (i < 0 || i >= self->x_length || j < 0 || j >= self->y_length)
    return 0.0;
  return joint_row (self, i)[j];
}

/**
 * muster_joint_get_total:
 * @self: a joint distribution
 *
 * Returns: the compensated sum of the whole table, 1 within a few units in the last place
 */
double
muster_joint_get_total (const MusterJoint *self)
{
  g_return_val_if_fail (self != NULL, 0.0);

  return sum_probs (self->probs, (gint64) self->x_length * self->y_length);
}

/**
 * muster_joint_map:
 * @self: a joint distribution
 * @func: (scope call): the function of both steps
 * @user_data: data for @func
 *
 * The distribution of f(X, Y): the net result of a round (casualties dealt minus taken), or
 * an indicator such as "the defender was wiped out or lost more". @func is called once for
 * each outcome with a non-zero probability.
 *
 * Returns: (transfer full): the distribution of the mapped values
 */
MusterDist *
muster_joint_map (const MusterJoint  *self,
                  MusterJointMapFunc  func,
                  gpointer            user_data)
{
  g_autofree int *values = NULL;
  gsize n_cells;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (func != NULL, NULL);

  n_cells = (gsize) self->x_length * self->y_length;
  values = g_new (int, n_cells);
  for (gsize c = 0; c < n_cells; c++)
    if (self->probs[c] > 0.0)
      values[c] = func (self->x_offset + (int) (c / self->y_length),
                        self->y_offset + (int) (c % self->y_length),
                        user_data);

  return dist_from_mapped (self->probs, values, n_cells);
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
