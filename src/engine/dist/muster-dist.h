/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The largest number of values one distribution may span, and the largest magnitude of a value.
 * Both are far beyond what any procedure needs (a few hundred dice); an operation whose result
 * would pass them is a programmer error. */
#define MUSTER_DIST_MAX_LENGTH (1 << 24)
#define MUSTER_DIST_MAX_VALUE  (1 << 30)

/* The default for muster_dist_trim(): the most probability mass the trim may remove. */
#define MUSTER_DIST_TRIM_EPSILON 1e-15

/* The largest epsilon muster_dist_trim() accepts. */
#define MUSTER_DIST_TRIM_MAX 1e-12

/**
 * MusterRounding:
 * @MUSTER_ROUND_DOWN: towards minus infinity (floor); the books' "round down"
 * @MUSTER_ROUND_UP: towards plus infinity (ceiling); the books' "round up"
 * @MUSTER_ROUND_NEAREST: to the nearest integer, halves towards plus infinity
 *
 * How muster_dist_scale() turns a fraction into a whole number.
 */
typedef enum
{
  MUSTER_ROUND_DOWN,
  MUSTER_ROUND_UP,
  MUSTER_ROUND_NEAREST,
} MusterRounding;

typedef struct _MusterDist  MusterDist;
typedef struct _MusterJoint MusterJoint;

/**
 * MusterDistFunc:
 * @value: a value of the distribution being mixed over
 * @user_data: the data passed with the function
 *
 * Returns: (transfer full): the distribution that follows @value; never %NULL
 */
typedef MusterDist *(*MusterDistFunc)     (int       value,
                                           gpointer  user_data);

/**
 * MusterDistMapFunc:
 * @value: a value with a non-zero probability
 * @user_data: the data passed with the function
 *
 * Returns: the value that @value becomes
 */
typedef int         (*MusterDistMapFunc)  (int       value,
                                           gpointer  user_data);

/**
 * MusterJointMapFunc:
 * @x: the first value of an outcome with a non-zero probability
 * @y: the second value of that outcome
 * @user_data: the data passed with the function
 *
 * Returns: the value that the outcome (@x, @y) becomes
 */
typedef int         (*MusterJointMapFunc) (int       x,
                                           int       y,
                                           gpointer  user_data);

MusterDist    *muster_dist_new_constant         (int                  value);
MusterDist    *muster_dist_new_uniform          (int                  lo,
                                                 int                  hi);
MusterDist    *muster_dist_new_die              (guint                sides);
MusterDist    *muster_dist_new_bernoulli        (double               p);
MusterDist    *muster_dist_new_from_weights     (int                  offset,
                                                 const double        *weights,
                                                 guint                n_weights);
MusterDist    *muster_dist_new_binomial         (guint                n,
                                                 double               p);
MusterDist    *muster_dist_new_success_dice     (guint                n_dice,
                                                 double               p,
                                                 guint                max_rerolls,
                                                 double               p_reroll);
MusterDist    *muster_dist_new_dice_sum         (guint                n_dice,
                                                 guint                sides);
MusterDist    *muster_dist_ref                  (MusterDist          *self);
void           muster_dist_unref                (MusterDist          *self);

MusterDist    *muster_dist_add                  (const MusterDist    *a,
                                                 const MusterDist    *b);
MusterDist    *muster_dist_subtract             (const MusterDist    *a,
                                                 const MusterDist    *b);
MusterDist    *muster_dist_max                  (const MusterDist    *a,
                                                 const MusterDist    *b);
MusterDist    *muster_dist_min                  (const MusterDist    *a,
                                                 const MusterDist    *b);
MusterDist    *muster_dist_sum_iid              (const MusterDist    *self,
                                                 guint                n);
MusterDist    *muster_dist_compound             (const MusterDist    *count,
                                                 const MusterDist    *each);
MusterDist    *muster_dist_mixture              (const MusterDist    *selector,
                                                 MusterDistFunc       func,
                                                 gpointer             user_data);
MusterDist    *muster_dist_map                  (const MusterDist    *self,
                                                 MusterDistMapFunc    func,
                                                 gpointer             user_data);
MusterDist    *muster_dist_map_at_least         (const MusterDist    *self,
                                                 int                  value);
MusterDist    *muster_dist_shift                (const MusterDist    *self,
                                                 int                  delta);
MusterDist    *muster_dist_negate               (const MusterDist    *self);
MusterDist    *muster_dist_scale                (const MusterDist    *self,
                                                 int                  numerator,
                                                 int                  denominator,
                                                 MusterRounding       rounding);
MusterDist    *muster_dist_clamp                (const MusterDist    *self,
                                                 int                  lo,
                                                 int                  hi);
MusterDist    *muster_dist_shift_clamp          (const MusterDist    *self,
                                                 int                  delta,
                                                 int                  lo,
                                                 int                  hi);
MusterDist    *muster_dist_trim                 (const MusterDist    *self,
                                                 double               epsilon);

void           muster_dist_compare              (const MusterDist    *a,
                                                 const MusterDist    *b,
                                                 double              *p_greater,
                                                 double              *p_equal,
                                                 double              *p_less);
int            muster_dist_get_min              (const MusterDist    *self);
int            muster_dist_get_max              (const MusterDist    *self);
const double  *muster_dist_get_probs            (const MusterDist    *self,
                                                 int                 *offset,
                                                 guint               *length);
double         muster_dist_get_total            (const MusterDist    *self);
double         muster_dist_get_mean             (const MusterDist    *self);
double         muster_dist_get_variance         (const MusterDist    *self);
double         muster_dist_get_prob             (const MusterDist    *self,
                                                 int                  value);
double         muster_dist_get_prob_at_least    (const MusterDist    *self,
                                                 int                  value);
double         muster_dist_get_prob_at_most     (const MusterDist    *self,
                                                 int                  value);
gboolean       muster_dist_equal                (const MusterDist    *a,
                                                 const MusterDist    *b,
                                                 double               tolerance);
void           muster_dist_print                (const MusterDist    *self,
                                                 GString             *out);

MusterJoint   *muster_joint_new                 (const MusterDist    *x,
                                                 MusterDistFunc       y_given_x,
                                                 gpointer             user_data);
MusterJoint   *muster_joint_new_independent     (const MusterDist    *x,
                                                 const MusterDist    *y);
MusterJoint   *muster_joint_ref                 (MusterJoint         *self);
void           muster_joint_unref               (MusterJoint         *self);
MusterDist    *muster_joint_get_x               (const MusterJoint   *self);
MusterDist    *muster_joint_get_y               (const MusterJoint   *self);
MusterDist    *muster_joint_get_y_given_x       (const MusterJoint   *self,
                                                 int                  x);
MusterDist    *muster_joint_get_x_given_y       (const MusterJoint   *self,
                                                 int                  y);
double         muster_joint_get_prob            (const MusterJoint   *self,
                                                 int                  x,
                                                 int                  y);
double         muster_joint_get_total           (const MusterJoint   *self);
MusterDist    *muster_joint_map                 (const MusterJoint   *self,
                                                 MusterJointMapFunc   func,
                                                 gpointer             user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterDist, muster_dist_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterJoint, muster_joint_unref)

G_END_DECLS
