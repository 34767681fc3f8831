/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-geometry"

#include "config.h"

#include "muster-geometry.h"
#include "muster-geometry-private.h"

/* Angles and vectors */

/**
 * muster_angle_normalize:
 *
 * Returns: @angle brought into (-pi, pi]; 0 for a non-finite angle
 */
double
muster_angle_normalize (double angle)
{
  if (!isfinite (angle))
    return 0.0;
  angle = fmod (angle, 2.0 * G_PI);
  if (angle <= -G_PI)
    angle += 2.0 * G_PI;
  else if (angle > G_PI)
    angle -= 2.0 * G_PI;
  return angle;
}

/* Returns: @v scaled to length 1, or the zero vector for a zero vector */
MusterVector
muster_vector_normalize (MusterVector v)
{
  double length = muster_vector_length (v);

  if (!(length > 0.0) || !isfinite (length))
    return (MusterVector) { 0.0, 0.0 };
  return (MusterVector) { v.x / length, v.y / length };
}

MusterVector
muster_vector_rotate (MusterVector v,
                      double       angle)
{
  double c = cos (angle), s = sin (angle);

  return (MusterVector) { v.x * c - v.y * s, v.x * s + v.y * c };
}

/* Returns: the direction of @v in (-pi, pi]; 0 for the zero vector */
double
muster_vector_angle (MusterVector v)
{
  return atan2 (v.y, v.x);
}

/* Affine transforms */

MusterAffine
muster_affine_identity (void)
{
  return (MusterAffine) { 1.0, 0.0, 0.0, 1.0, 0.0, 0.0 };
}

MusterAffine
muster_affine_translate (double dx,
                         double dy)
{
  return (MusterAffine) { 1.0, 0.0, 0.0, 1.0, dx, dy };
}

MusterAffine
muster_affine_rotate (double angle)
{
  double c = cos (angle), s = sin (angle);

  return (MusterAffine) { c, s, -s, c, 0.0, 0.0 };
}

MusterAffine
muster_affine_scale (double sx,
                     double sy)
{
  return (MusterAffine) { sx, 0.0, 0.0, sy, 0.0, 0.0 };
}

/**
 * muster_affine_multiply:
 * @first: the transform applied first
 * @then: the transform applied to the result
 *
 * The same order as cairo_matrix_multiply().
 *
 * Returns: @first followed by @then
 */
MusterAffine
muster_affine_multiply (const MusterAffine *first,
                        const MusterAffine *then)
{
  MusterAffine r;

  g_return_val_if_fail (first != NULL, muster_affine_identity ());
  g_return_val_if_fail (then != NULL, muster_affine_identity ());

  r.xx = first->xx * then->xx + first->yx * then->xy;
  r.yx = first->xx * then->yx + first->yx * then->yy;
  r.xy = first->xy * then->xx + first->yy * then->xy;
  r.yy = first->xy * then->yx + first->yy * then->yy;
  r.x0 = first->x0 * then->xx + first->y0 * then->xy + then->x0;
  r.y0 = first->x0 * then->yx + first->y0 * then->yy + then->y0;
  return r;
}

/**
 * muster_affine_invert:
 * @inverse: (out): the inverse; untouched on failure
 *
 * Returns: %FALSE if @affine is singular (a zero scale) or not finite
 */
gboolean
muster_affine_invert (const MusterAffine *affine,
                      MusterAffine       *inverse)
{
  double det;
  MusterAffine r;

  g_return_val_if_fail (affine != NULL, FALSE);
  g_return_val_if_fail (inverse != NULL, FALSE);

  det = affine->xx * affine->yy - affine->yx * affine->xy;
  if (det == 0.0 || !isfinite (det))
    return FALSE;

  r.xx = affine->yy / det;
  r.yx = -affine->yx / det;
  r.xy = -affine->xy / det;
  r.yy = affine->xx / det;
  r.x0 = -(r.xx * affine->x0 + r.xy * affine->y0);
  r.y0 = -(r.yx * affine->x0 + r.yy * affine->y0);
  if (!isfinite (r.xx) || !isfinite (r.yx) || !isfinite (r.xy) || !isfinite (r.yy) ||
      !isfinite (r.x0) || !isfinite (r.y0))
    return FALSE;

  *inverse = r;
  return TRUE;
}

MusterPoint
muster_affine_apply (const MusterAffine *affine,
                     MusterPoint         p)
{
  g_return_val_if_fail (affine != NULL, p);

  return (MusterPoint) {
    affine->xx * p.x + affine->xy * p.y + affine->x0,
    affine->yx * p.x + affine->yy * p.y + affine->y0,
  };
}

/* A vector ignores the translation. */
MusterVector
muster_affine_apply_vector (const MusterAffine *affine,
                            MusterVector        v)
{
  g_return_val_if_fail (affine != NULL, v);

  return (MusterVector) {
    affine->xx * v.x + affine->xy * v.y,
    affine->yx * v.x + affine->yy * v.y,
  };
}

/* Boxes */

MusterBox
muster_box_empty (void)
{
  return (MusterBox) { INFINITY, INFINITY, -INFINITY, -INFINITY };
}

gboolean
muster_box_is_empty (MusterBox box)
{
  return !(box.x0 <= box.x1 && box.y0 <= box.y1);
}

MusterBox
muster_box_from_points (MusterPoint a,
                        MusterPoint b)
{
  return (MusterBox) { MIN (a.x, b.x), MIN (a.y, b.y), MAX (a.x, b.x), MAX (a.y, b.y) };
}

void
muster_box_extend (MusterBox   *box,
                   MusterPoint  p)
{
  g_return_if_fail (box != NULL);

  box->x0 = MIN (box->x0, p.x);
  box->y0 = MIN (box->y0, p.y);
  box->x1 = MAX (box->x1, p.x);
  box->y1 = MAX (box->y1, p.y);
}

MusterBox
muster_box_union (MusterBox a,
                  MusterBox b)
{
  if (muster_box_is_empty (a))
    return b;
  if (muster_box_is_empty (b))
    return a;
  return (MusterBox) { MIN (a.x0, b.x0), MIN (a.y0, b.y0), MAX (a.x1, b.x1), MAX (a.y1, b.y1) };
}

/* Returns: @box grown by @margin on every side (shrunk if negative); an empty box stays empty */
MusterBox
muster_box_inflate (MusterBox box,
                    double    margin)
{
  if (muster_box_is_empty (box))
    return box;
  return (MusterBox) { box.x0 - margin, box.y0 - margin, box.x1 + margin, box.y1 + margin };
}

/* Returns: the centre of @box, or the origin for an empty box */
MusterPoint
muster_box_centre (MusterBox box)
{
  if (muster_box_is_empty (box))
    return (MusterPoint) { 0.0, 0.0 };
  return (MusterPoint) { 0.5 * (box.x0 + box.x1), 0.5 * (box.y0 + box.y1) };
}

gboolean
muster_box_contains_point (MusterBox   box,
                           MusterPoint p)
{
  return p.x >= box.x0 && p.x <= box.x1 && p.y >= box.y0 && p.y <= box.y1;
}

gboolean
muster_box_intersects (MusterBox a,
                       MusterBox b)
{
  return !muster_box_is_empty (a) && !muster_box_is_empty (b) &&
         a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
}

gboolean
_muster_geometry_clip_slab (double  origin,
                            double  delta,
                            double  lo,
                            double  hi,
                            double *t0,
                            double *t1)
{
  double ta, tb;

  if (delta == 0.0)
    return origin >= lo && origin <= hi;
  ta = (lo - origin) / delta;
  tb = (hi - origin) / delta;
  if (ta > tb)
    {
      double swap = ta;
      ta = tb;
      tb = swap;
    }
  *t0 = MAX (*t0, ta);
  *t1 = MIN (*t1, tb);
  return *t0 <= *t1;
}

/* Whether any point of @segment lies in the closed @box. */
gboolean
muster_box_intersects_segment (MusterBox     box,
                               MusterSegment segment)
{
  double t0 = 0.0, t1 = 1.0;

  if (muster_box_is_empty (box))
    return FALSE;
  return _muster_geometry_clip_slab (segment.a.x, segment.b.x - segment.a.x, box.x0, box.x1, &t0, &t1) &&
         _muster_geometry_clip_slab (segment.a.y, segment.b.y - segment.a.y, box.y0, box.y1, &t0, &t1);
}

/* Returns: the gap between the boxes (0 if they meet), a lower bound for the distance between
 * anything inside one and anything inside the other; INFINITY if either is empty */
double
muster_box_distance (MusterBox a,
                     MusterBox b)
{
  double dx;
  double dy;

  if (muster_box_is_empty (a) || muster_box_is_empty (b))
    return INFINITY;
  dx = MAX (0.0, MAX (a.x0 - b.x1, b.x0 - a.x1));
  dy = MAX (0.0, MAX (a.y0 - b.y1, b.y0 - a.y1));

  return hypot (dx, dy);
}

/* Segments */

double
muster_segment_length (MusterSegment segment)
{
  return muster_point_distance (segment.a, segment.b);
}

MusterPoint
muster_segment_point_at (MusterSegment segment,
                         double        t)
{
  return muster_point_lerp (segment.a, segment.b, t);
}

/* Returns: the parameter in [0, 1] of the point of @segment nearest @p (0 for a zero-length one) */
double
muster_segment_closest_t (MusterSegment segment,
                          MusterPoint   p)
{
  MusterVector d = muster_point_sub (segment.b, segment.a);
  double length2 = muster_vector_dot (d, d);

  if (!(length2 > 0.0))
    return 0.0;
  return clamp01 (muster_vector_dot (muster_point_sub (p, segment.a), d) / length2);
}

double
muster_segment_distance_to_point (MusterSegment segment,
                                  MusterPoint   p)
{
  double t = muster_segment_closest_t (segment, p);

  return muster_point_distance (muster_segment_point_at (segment, t), p);
}

/**
 * muster_segment_distance:
 * @ta: (out) (optional): the parameter along @a of the nearest point
 * @tb: (out) (optional): the parameter along @b of the nearest point
 *
 * Returns: the least distance between a point of @a and a point of @b
 */
double
muster_segment_distance (MusterSegment  a,
                         MusterSegment  b,
                         double        *ta,
                         double        *tb)
{
  MusterVector d1 = muster_point_sub (a.b, a.a);
  MusterVector d2 = muster_point_sub (b.b, b.a);
  MusterVector r = muster_point_sub (a.a, b.a);
  double l1 = muster_vector_dot (d1, d1);
  double l2 = muster_vector_dot (d2, d2);
  double f = muster_vector_dot (d2, r);
  double s, t;

  if (!(l1 > 0.0) && !(l2 > 0.0))
    s = t = 0.0;
  else if (!(l1 > 0.0))
    {
      s = 0.0;
      t = clamp01 (f / l2);
    }
  else
    {
      double c = muster_vector_dot (d1, r);

      if (!(l2 > 0.0))
        {
          t = 0.0;
          s = clamp01 (-c / l1);
        }
      else
        {
          double e = muster_vector_dot (d1, d2);
          double denom = l1 * l2 - e * e;

          /* Parallel segments: any s will do, the clamps below find the right pair. */
          s = denom > 1e-14 * l1 * l2 ? clamp01 ((e * f - c * l2) / denom) : 0.0;
          t = (e * s + f) / l2;
          if (t < 0.0)
            {
              t = 0.0;
              s = clamp01 (-c / l1);
            }
          else if (t > 1.0)
            {
              t = 1.0;
              s = clamp01 ((e - c) / l1);
            }
        }
    }

  if (ta != NULL)
    *ta = s;
  if (tb != NULL)
    *tb = t;
  return muster_point_distance (muster_segment_point_at (a, s), muster_segment_point_at (b, t));
}

void
_muster_geometry_widen (double *lo,
                        double *hi,
                        double  t)
{
  *lo = MIN (*lo, t);
  *hi = MAX (*hi, t);
}

/**
 * muster_segment_intersect:
 * @t0: (out) (optional): where along @a the contact begins
 * @t1: (out) (optional): where along @a it ends (equal to @t0 unless the segments overlap
 *   along a line)
 *
 * Whether @a and @b touch, within %MUSTER_GEOMETRY_EPSILON. Zero-length segments are points.
 *
 * Returns: %TRUE if they touch
 */
gboolean
muster_segment_intersect (MusterSegment  a,
                          MusterSegment  b,
                          double        *t0,
                          double        *t1)
{
  MusterVector da = muster_point_sub (a.b, a.a);
  MusterVector db = muster_point_sub (b.b, b.a);
  MusterVector w = muster_point_sub (b.a, a.a);
  double la, lb;
  double lo = INFINITY, hi = -INFINITY;

  /* Most pairs are far apart: their boxes tell at once. */
  if (MIN (a.a.x, a.b.x) > MAX (b.a.x, b.b.x) + MUSTER_GEOMETRY_EPSILON ||
      MIN (b.a.x, b.b.x) > MAX (a.a.x, a.b.x) + MUSTER_GEOMETRY_EPSILON ||
      MIN (a.a.y, a.b.y) > MAX (b.a.y, b.b.y) + MUSTER_GEOMETRY_EPSILON ||
      MIN (b.a.y, b.b.y) > MAX (a.a.y, a.b.y) + MUSTER_GEOMETRY_EPSILON)
    return FALSE;

  la = muster_vector_length (da);
  lb = muster_vector_length (db);
  if (la > 0.0 && lb > 0.0)
    {
      double denom = muster_vector_cross (da, db);

      if (fabs (denom) > 1e-12 * la * lb)
        {
          double s = muster_vector_cross (w, db) / denom;
          double u = muster_vector_cross (w, da) / denom;

          if (s * la >= -MUSTER_GEOMETRY_EPSILON && (s - 1.0) * la <= MUSTER_GEOMETRY_EPSILON &&
              u * lb >= -MUSTER_GEOMETRY_EPSILON && (u - 1.0) * lb <= MUSTER_GEOMETRY_EPSILON)
            _muster_geometry_widen (&lo, &hi, clamp01 (s));
        }
      else if (fabs (muster_vector_cross (w, da)) / la <= MUSTER_GEOMETRY_EPSILON)
        {
          /* Collinear: the overlap of b's projection with [0, 1]. */
          double s0 = muster_vector_dot (w, da) / (la * la);
          double s1 = muster_vector_dot (muster_point_sub (b.b, a.a), da) / (la * la);
          double from = MAX (MIN (s0, s1), 0.0);
          double to = MIN (MAX (s0, s1), 1.0);

          if ((from - to) * la <= MUSTER_GEOMETRY_EPSILON)
            {
              _muster_geometry_widen (&lo, &hi, clamp01 (MIN (from, to)));
              _muster_geometry_widen (&lo, &hi, clamp01 (to));
            }
        }
    }

  /* Ends resting on the other segment (and every case with a zero-length segment). */
  if (lo > hi)
    {
      if (muster_segment_distance_to_point (b, a.a) <= MUSTER_GEOMETRY_EPSILON)
        _muster_geometry_widen (&lo, &hi, 0.0);
      if (muster_segment_distance_to_point (b, a.b) <= MUSTER_GEOMETRY_EPSILON)
        _muster_geometry_widen (&lo, &hi, 1.0);
      if (muster_segment_distance_to_point (a, b.a) <= MUSTER_GEOMETRY_EPSILON)
        _muster_geometry_widen (&lo, &hi, muster_segment_closest_t (a, b.a));
      if (muster_segment_distance_to_point (a, b.b) <= MUSTER_GEOMETRY_EPSILON)
        _muster_geometry_widen (&lo, &hi, muster_segment_closest_t (a, b.b));
    }

  if (lo > hi)
    return FALSE;
  if (t0 != NULL)
    *t0 = lo;
  if (t1 != NULL)
    *t1 = hi;
  return TRUE;
}

/* Snapping */

/**
 * muster_snap_to_grid:
 * @origin: a grid corner
 * @spacing: the grid pitch; @p is returned as it is if not positive
 *
 * Returns: the grid corner nearest @p
 */
MusterPoint
muster_snap_to_grid (MusterPoint p,
                     MusterPoint origin,
                     double      spacing)
{
  if (!(spacing > 0.0) || !isfinite (spacing))
    return p;
  return (MusterPoint) {
    origin.x + round ((p.x - origin.x) / spacing) * spacing,
    origin.y + round ((p.y - origin.y) / spacing) * spacing,
  };
}

/**
 * muster_snap_angle:
 * @step: for example G_PI / 12 (15°) or G_PI / 4 (45°); not positive means no snapping
 *
 * Returns: the nearest multiple of @step, normalised to (-pi, pi]
 */
double
muster_snap_angle (double angle,
                   double step)
{
  if (!(step > 0.0) || !isfinite (step))
    return muster_angle_normalize (angle);
  return muster_angle_normalize (round (angle / step) * step);
}
