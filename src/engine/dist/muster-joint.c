/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-dist"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-dist.h"
#include "muster-dist-private.h"

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

static MusterDist *
ref_dist_func (int      value,
               gpointer user_data)
{
  return muster_dist_ref (user_data);
}

static MusterJoint *
joint_alloc (gint64 x_lo,
             gint64 x_hi,
             gint64 y_lo,
             gint64 y_hi)
{
  MusterJoint *self;
  gint64 cells;

  if (!_muster_dist_check_range (x_lo, x_hi) || !_muster_dist_check_range (y_lo, y_hi))
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

  if (!(parts = _muster_dist_collect_parts (x, y_given_x, user_data, &lo, &hi)) ||
      !(self = joint_alloc (x->offset, dist_max (x), lo, hi)))
    return NULL;

  for (guint i = 0; i < parts->len; i++)
    {
      const MusterDistPart *part = &g_array_index (parts, MusterDistPart, i);
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
    sums[i] = _muster_dist_sum_probs (joint_row (self, i), self->y_length);
  return _muster_dist_new_from_array (self->x_offset, sums, self->x_length);
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
  MusterDistAccumulator acc;

  g_return_val_if_fail (self != NULL, NULL);

  _muster_dist_accumulator_init (&acc, self->y_offset, (gint64) self->y_offset + self->y_length - 1);
  for (guint i = 0; i < self->x_length; i++)
    _muster_dist_accumulator_add_probs (&acc, self->y_offset, joint_row (self, i), self->y_length, 1.0);
  return _muster_dist_accumulator_finish (&acc);
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
  if (i < 0 || i >= self->x_length || _muster_dist_sum_probs (joint_row (self, i), self->y_length) == 0.0)
    return NULL;
  return _muster_dist_new_from_array (self->y_offset, joint_row (self, i), self->y_length);
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
  if (_muster_dist_sum_probs (column, self->x_length) == 0.0)
    return NULL;
  return _muster_dist_new_from_array (self->x_offset, column, self->x_length);
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

  return _muster_dist_sum_probs (self->probs, (gint64) self->x_length * self->y_length);
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

  return _muster_dist_from_mapped (self->probs, values, n_cells);
}
