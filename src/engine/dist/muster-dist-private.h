/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>

#include "muster-dist.h"

G_BEGIN_DECLS

/* One column of Walker's alias table: keep the column when a uniform 53-bit draw is below
 * threshold, otherwise take the column alias. A threshold of 2^53 always keeps the column. */
typedef struct
{
  guint64 threshold;
  guint   alias;
} MusterDistAliasEntry;

typedef struct
{
  guint                length;
  MusterDistAliasEntry entries[];
} MusterDistAlias;

#define MUSTER_DIST_ALIAS_ONE (G_GUINT64_CONSTANT (1) << 53)

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
 * Invariants, kept by _muster_dist_finish(): there is at least one value; the first and the last
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

/* Neumaier's compensated sum */
typedef struct
{
  double sum;
  double compensation;
} MusterKahanSum;

/* Probability mass collected over the values lo .. lo + length - 1, one compensated sum each */
typedef struct
{
  gint64    lo;
  gint64    length;
  MusterKahanSum *slots;
} MusterDistAccumulator;

/* One branch of a mixture: the selector's value, its probability, and what follows from it */
typedef struct
{
  int         value;
  double      weight;
  MusterDist *dist;
} MusterDistPart;

static inline void
kahan_add (MusterKahanSum *k,
           double          value)
{
  double t = k->sum + value;

  if (fabs (k->sum) >= fabs (value))
    k->compensation += (k->sum - t) + value;
  else
    k->compensation += (value - t) + k->sum;
  k->sum = t;
}

static inline double
kahan_get (const MusterKahanSum *k)
{
  return k->sum + k->compensation;
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

static inline gboolean
range_is_valid (gint64 lo,
                gint64 hi)
{
  return lo <= hi &&
         lo >= -MUSTER_DIST_MAX_VALUE &&
         hi <= MUSTER_DIST_MAX_VALUE &&
         hi - lo < MUSTER_DIST_MAX_LENGTH;
}

/* Index into an array of length + 1 sums for the value, clamped to its ends */
static inline gint64
sums_index (const MusterDist *self,
            gint64            value)
{
  return CLAMP (value - self->offset, 0, (gint64) self->length);
}

static inline void
accumulator_add_value (MusterDistAccumulator *acc,
                       gint64                 value,
                       double                 p)
{
  kahan_add (&acc->slots[value - acc->lo], p);
}

/* Shared by muster-dist.c, muster-dist-ops.c and muster-joint.c */
double      _muster_dist_sum_probs             (const double          *probs,
                                                gint64                 n);
gboolean    _muster_dist_check_range           (gint64                 lo,
                                                gint64                 hi);
MusterDist *_muster_dist_alloc                 (gint64                 lo,
                                                gint64                 hi);
MusterDist *_muster_dist_finish                (MusterDist            *self);
MusterDist *_muster_dist_new_from_array        (gint64                 offset,
                                                const double          *probs,
                                                guint                  length);
double     *_muster_dist_cumulative_sums       (const MusterDist      *self);
double     *_muster_dist_tail_sums             (const MusterDist      *self);
void        _muster_dist_accumulator_init      (MusterDistAccumulator *acc,
                                                gint64                 lo,
                                                gint64                 hi);
void        _muster_dist_accumulator_add_probs (MusterDistAccumulator *acc,
                                                gint64                 offset,
                                                const double          *probs,
                                                guint                  length,
                                                double                 weight);
MusterDist *_muster_dist_accumulator_finish    (MusterDistAccumulator *acc);
MusterDist *_muster_dist_from_mapped           (const double          *probs,
                                                const int             *values,
                                                gsize                  n);
GArray     *_muster_dist_collect_parts         (const MusterDist      *selector,
                                                MusterDistFunc         func,
                                                gpointer               user_data,
                                                gint64                *lo,
                                                gint64                *hi);

const MusterDistAlias *_muster_dist_get_alias (const MusterDist *self);

G_END_DECLS
