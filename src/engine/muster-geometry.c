/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-geometry"

#include "config.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "muster-geometry.h"

/*
 * Methods, for whoever has to check an answer:
 *
 * - Point to ellipse: the nearest boundary point solves a one-variable equation whose root is
 *   bracketed and found by bisection to full double precision (D. Eberly, "Distance from a Point
 *   to an Ellipse, an Ellipsoid, or a Hyperellipsoid"). Exact up to rounding.
 * - Segment to ellipse: the distance from the moving point P(t) to a solid ellipse is a convex
 *   function of t (distance to a convex set is convex), so a golden-section search over [0, 1]
 *   finds its minimum; every evaluation is the exact point-to-ellipse distance.
 * - Ellipse to ellipse: by convex duality the distance is the largest gap between the two
 *   ellipses seen along a direction n, over |n| <= 1: min over B of n·y minus max over A of n·x.
 *   Both terms are closed-form support functions and the gap is concave in n, so two nested
 *   golden-section searches (over n's two coordinates) find the global maximum.
 * - Shape to shape: zero if either contains a point of the other or their boundaries meet;
 *   otherwise the least distance between boundary pieces (segments and ellipses), less the
 *   half-widths of polylines.
 */

#define GOLDEN_RATIO 0.61803398874989484820
#define GOLDEN_TOLERANCE 1e-12  /* in the searched parameter, which runs over [0, 1] or [-1, 1] */

static inline double
clamp01 (double t)
{
  return t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
}

/* Minimum of a convex (or unimodal) function on [lo, hi]; *arg gets where. */
static double
golden_min (double  (*f) (double, gconstpointer),
            gconstpointer   data,
            double          lo,
            double          hi,
            double         *arg)
{
  double x1 = hi - GOLDEN_RATIO * (hi - lo);
  double x2 = lo + GOLDEN_RATIO * (hi - lo);
  double f1 = f (x1, data);
  double f2 = f (x2, data);
  double best, best_x, flo, fhi;

  /* Each step keeps 0.618 of the bracket: 70 steps take [-1, 1] below 1e-14. */
  for (guint i = 0; i < 80 && hi - lo > GOLDEN_TOLERANCE; i++)
    {
      if (f1 <= f2)
        {
          hi = x2;
          x2 = x1;
          f2 = f1;
          x1 = hi - GOLDEN_RATIO * (hi - lo);
          f1 = f (x1, data);
        }
      else
        {
          lo = x1;
          x1 = x2;
          f1 = f2;
          x2 = lo + GOLDEN_RATIO * (hi - lo);
          f2 = f (x2, data);
        }
    }

  best = f1;
  best_x = x1;
  if (f2 < best)
    best = f2, best_x = x2;
  flo = f (lo, data);
  fhi = f (hi, data);
  if (flo < best)
    best = flo, best_x = lo;
  if (fhi < best)
    best = fhi, best_x = hi;
  if (arg != NULL)
    *arg = best_x;
  return best;
}

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

static gboolean
clip_slab (double  origin,
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
  return clip_slab (segment.a.x, segment.b.x - segment.a.x, box.x0, box.x1, &t0, &t1) &&
         clip_slab (segment.a.y, segment.b.y - segment.a.y, box.y0, box.y1, &t0, &t1);
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

static void
widen (double *lo,
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
            widen (&lo, &hi, clamp01 (s));
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
              widen (&lo, &hi, clamp01 (MIN (from, to)));
              widen (&lo, &hi, clamp01 (to));
            }
        }
    }

  /* Ends resting on the other segment (and every case with a zero-length segment). */
  if (lo > hi)
    {
      if (muster_segment_distance_to_point (b, a.a) <= MUSTER_GEOMETRY_EPSILON)
        widen (&lo, &hi, 0.0);
      if (muster_segment_distance_to_point (b, a.b) <= MUSTER_GEOMETRY_EPSILON)
        widen (&lo, &hi, 1.0);
      if (muster_segment_distance_to_point (a, b.a) <= MUSTER_GEOMETRY_EPSILON)
        widen (&lo, &hi, muster_segment_closest_t (a, b.a));
      if (muster_segment_distance_to_point (a, b.b) <= MUSTER_GEOMETRY_EPSILON)
        widen (&lo, &hi, muster_segment_closest_t (a, b.b));
    }

  if (lo > hi)
    return FALSE;
  if (t0 != NULL)
    *t0 = lo;
  if (t1 != NULL)
    *t1 = hi;
  return TRUE;
}

/* Polylines and polygons */

static inline MusterSegment
polygon_edge (const MusterPoint *points,
              guint              n_points,
              guint              i)
{
  return (MusterSegment) { points[i], points[i + 1 < n_points ? i + 1 : 0] };
}

double
muster_polyline_length (const MusterPoint *points,
                        guint              n_points)
{
  double length = 0.0;

  g_return_val_if_fail (points != NULL || n_points == 0, 0.0);

  for (guint i = 1; i < n_points; i++)
    length += muster_point_distance (points[i - 1], points[i]);
  return length;
}

/* Returns: the distance from @p to the nearest point of the line, INFINITY with no points */
double
muster_polyline_distance_to_point (const MusterPoint *points,
                                   guint              n_points,
                                   MusterPoint        p)
{
  double best;

  g_return_val_if_fail (points != NULL || n_points == 0, INFINITY);

  if (n_points == 0)
    return INFINITY;
  best = muster_point_distance (points[0], p);
  for (guint i = 1; i < n_points; i++)
    best = MIN (best, muster_segment_distance_to_point ((MusterSegment) { points[i - 1], points[i] },
                                                        p));
  return best;
}

/**
 * muster_polyline_hit:
 * @width: the full width of the band (a river, a wall, a hedge)
 *
 * Returns: whether @p lies within @width / 2 of the line
 */
gboolean
muster_polyline_hit (const MusterPoint *points,
                     guint              n_points,
                     double             width,
                     MusterPoint        p)
{
  return muster_polyline_distance_to_point (points, n_points, p) <=
         MAX (width, 0.0) / 2.0 + MUSTER_GEOMETRY_EPSILON;
}

/**
 * muster_polygon_signed_area:
 *
 * Returns: the area, positive when the vertices turn from +x toward +y (clockwise on screen,
 *   the order muster_rect_to_polygon() and muster_polygon_convex_hull() give)
 */
double
muster_polygon_signed_area (const MusterPoint *points,
                            guint              n_points)
{
  double twice = 0.0;

  g_return_val_if_fail (points != NULL || n_points == 0, 0.0);

  /* Relative to the first vertex, so that a piece far from the origin loses no precision. */
  for (guint i = 1; i + 1 < n_points; i++)
    twice += muster_vector_cross (muster_point_sub (points[i], points[0]),
                                  muster_point_sub (points[i + 1], points[0]));
  return twice / 2.0;
}

double
muster_polygon_area (const MusterPoint *points,
                     guint              n_points)
{
  return fabs (muster_polygon_signed_area (points, n_points));
}

/**
 * muster_polygon_centroid:
 *
 * The centre of mass of a simple polygon. A polygon with no area (all vertices on a line)
 * gives the centre of its edges, a single point gives itself, no points give the origin.
 */
MusterPoint
muster_polygon_centroid (const MusterPoint *points,
                         guint              n_points)
{
  double twice = 0.0, cx = 0.0, cy = 0.0, length = 0.0;
  MusterBox bounds;
  double extent;

  g_return_val_if_fail (points != NULL || n_points == 0, ((MusterPoint) { 0.0, 0.0 }));

  if (n_points == 0)
    return (MusterPoint) { 0.0, 0.0 };

  for (guint i = 1; i + 1 < n_points; i++)
    {
      MusterVector a = muster_point_sub (points[i], points[0]);
      MusterVector b = muster_point_sub (points[i + 1], points[0]);
      double cross = muster_vector_cross (a, b);

      twice += cross;
      cx += (a.x + b.x) * cross;
      cy += (a.y + b.y) * cross;
    }

  bounds = muster_polygon_bounds (points, n_points);
  extent = MAX (bounds.x1 - bounds.x0, bounds.y1 - bounds.y0);
  if (fabs (twice) > 1e-12 * extent * extent)
    return (MusterPoint) { points[0].x + cx / (3.0 * twice), points[0].y + cy / (3.0 * twice) };

  cx = cy = 0.0;
  for (guint i = 0; i < n_points; i++)
    {
      MusterSegment edge = polygon_edge (points, n_points, i);
      double l = muster_segment_length (edge);

      length += l;
      cx += l * (edge.a.x + edge.b.x) / 2.0;
      cy += l * (edge.a.y + edge.b.y) / 2.0;
    }
  if (length > 0.0)
    return (MusterPoint) { cx / length, cy / length };
  return points[0];
}

/* Returns: the bounding box of the vertices; empty with no points */
MusterBox
muster_polygon_bounds (const MusterPoint *points,
                       guint              n_points)
{
  MusterBox box = muster_box_empty ();

  g_return_val_if_fail (points != NULL || n_points == 0, box);

  for (guint i = 0; i < n_points; i++)
    muster_box_extend (&box, points[i]);
  return box;
}

static gboolean
polygon_on_boundary (const MusterPoint *points,
                     guint              n_points,
                     MusterPoint        p)
{
  for (guint i = 0; i < n_points; i++)
    if (muster_segment_distance_to_point (polygon_edge (points, n_points, i), p) <=
        MUSTER_GEOMETRY_EPSILON)
      return TRUE;
  return FALSE;
}

/**
 * muster_polygon_contains_point:
 * @rule: even-odd (a point is inside if a ray from it crosses the outline an odd number of
 *   times) or winding (inside if the outline winds around it); they agree on simple polygons
 *
 * Points on the outline, within %MUSTER_GEOMETRY_EPSILON, are inside.
 */
gboolean
muster_polygon_contains_point (const MusterPoint *points,
                               guint              n_points,
                               MusterFillRule     rule,
                               MusterPoint        p)
{
  gboolean odd = FALSE;
  int winding = 0;
  MusterBox bounds = muster_box_empty ();

  g_return_val_if_fail (points != NULL || n_points == 0, FALSE);

  for (guint i = 0, j = n_points - 1; i < n_points; j = i++)
    {
      MusterPoint a = points[j], b = points[i];

      muster_box_extend (&bounds, b);
      if ((a.y > p.y) != (b.y > p.y))
        {
          /* The edge crosses the horizontal line through p; which side of it is p? */
          double side = muster_vector_cross (muster_point_sub (b, a), muster_point_sub (p, a));

          if ((b.y > a.y) ? side > 0.0 : side < 0.0)
            {
              odd = !odd;
              winding += (b.y > a.y) ? 1 : -1;
            }
        }
    }

  if (rule == MUSTER_FILL_WINDING ? winding != 0 : odd)
    return TRUE;
  /* Only a point near the polygon can be on its outline. */
  if (!muster_box_contains_point (muster_box_inflate (bounds, MUSTER_GEOMETRY_EPSILON), p))
    return FALSE;
  return polygon_on_boundary (points, n_points, p);
}

/* Returns: 0 inside (even-odd), else the distance to the outline; INFINITY with no points */
double
muster_polygon_distance_to_point (const MusterPoint *points,
                                  guint              n_points,
                                  MusterPoint        p)
{
  double best = INFINITY;

  g_return_val_if_fail (points != NULL || n_points == 0, INFINITY);

  if (muster_polygon_contains_point (points, n_points, MUSTER_FILL_EVEN_ODD, p))
    return 0.0;
  for (guint i = 0; i < n_points; i++)
    best = MIN (best, muster_segment_distance_to_point (polygon_edge (points, n_points, i), p));
  return best;
}

static int
compare_points (gconstpointer a,
                gconstpointer b)
{
  const MusterPoint *p = a, *q = b;

  if (p->x != q->x)
    return p->x < q->x ? -1 : 1;
  if (p->y != q->y)
    return p->y < q->y ? -1 : 1;
  return 0;
}

/**
 * muster_polygon_convex_hull:
 * @hull: (out caller-allocates) (array): room for @n_points points
 *
 * The smallest convex polygon holding every point (Andrew's monotone chain), with positive
 * signed area and no collinear vertices. Fewer than three distinct points give a point or a
 * segment.
 *
 * Returns: how many points were written to @hull
 */
guint
muster_polygon_convex_hull (const MusterPoint *points,
                            guint              n_points,
                            MusterPoint       *hull)
{
  g_autofree MusterPoint *sorted = NULL;
  g_autofree MusterPoint *chain = NULL;
  guint k = 0;

  g_return_val_if_fail (points != NULL || n_points == 0, 0);
  g_return_val_if_fail (hull != NULL || n_points == 0, 0);

  if (n_points == 0)
    return 0;

  sorted = g_memdup2 (points, sizeof (MusterPoint) * n_points);
  qsort (sorted, n_points, sizeof (MusterPoint), compare_points);
  chain = g_new (MusterPoint, 2 * n_points);

  for (guint i = 0; i < n_points; i++)
    {
      while (k >= 2 && muster_vector_cross (muster_point_sub (chain[k - 1], chain[k - 2]),
                                            muster_point_sub (sorted[i], chain[k - 2])) <= 0.0)
        k--;
      chain[k++] = sorted[i];
    }
  for (guint i = n_points - 1, lower = k + 1; i-- > 0;)
    {
      while (k >= lower && muster_vector_cross (muster_point_sub (chain[k - 1], chain[k - 2]),
                                                muster_point_sub (sorted[i], chain[k - 2])) <= 0.0)
        k--;
      chain[k++] = sorted[i];
    }

  /* The chain ends where it began; a single distinct point leaves just that one. */
  if (k > 1)
    k--;
  if (k == 2 && compare_points (&chain[0], &chain[1]) == 0)
    k = 1;
  memcpy (hull, chain, sizeof (MusterPoint) * k);
  return k;
}

/**
 * muster_rect_to_polygon:
 * @corners: (out caller-allocates) (array fixed-size=4)
 *
 * The corners in the order (+w/2, -h/2), (+w/2, +h/2), (-w/2, +h/2), (-w/2, -h/2) of the
 * turned axes: for a stand (width = depth along its facing, height = frontage) that is
 * front-left, front-right, rear-right, rear-left.
 */
void
muster_rect_to_polygon (const MusterRect *rect,
                        MusterPoint       corners[4])
{
  MusterVector u, v;

  g_return_if_fail (rect != NULL);
  g_return_if_fail (corners != NULL);

  u = muster_vector_scale (muster_vector_from_angle (rect->angle), rect->width / 2.0);
  v = muster_vector_scale (muster_vector_from_angle (rect->angle + G_PI / 2.0), rect->height / 2.0);

  corners[0] = (MusterPoint) { rect->centre.x + u.x - v.x, rect->centre.y + u.y - v.y };
  corners[1] = (MusterPoint) { rect->centre.x + u.x + v.x, rect->centre.y + u.y + v.y };
  corners[2] = (MusterPoint) { rect->centre.x - u.x + v.x, rect->centre.y - u.y + v.y };
  corners[3] = (MusterPoint) { rect->centre.x - u.x - v.x, rect->centre.y - u.y - v.y };
}

/* Ellipses */

/* A minor radius below this fraction of the major one makes the ellipse a segment. */
#define ELLIPSE_THIN 1e-12

static MusterPoint
ellipse_to_local (const MusterEllipse *e,
                  MusterPoint          p)
{
  double c = cos (e->angle), s = sin (e->angle);
  MusterVector v = muster_point_sub (p, e->centre);

  return (MusterPoint) { v.x * c + v.y * s, -v.x * s + v.y * c };
}

static MusterPoint
ellipse_from_local (const MusterEllipse *e,
                    MusterPoint          q)
{
  double c = cos (e->angle), s = sin (e->angle);

  return (MusterPoint) { e->centre.x + q.x * c - q.y * s, e->centre.y + q.x * s + q.y * c };
}

/* TRUE and the major axis as a segment if the ellipse is too thin to be one. */
static gboolean
ellipse_is_degenerate (const MusterEllipse *e,
                       MusterSegment       *axis)
{
  double a = fabs (e->rx), b = fabs (e->ry);
  double major = MAX (a, b), minor = MIN (a, b);
  MusterVector half;

  if (minor > major * ELLIPSE_THIN)
    return FALSE;

  half = muster_vector_scale (muster_vector_from_angle (e->angle + (a >= b ? 0.0 : G_PI / 2.0)),
                              major);
  axis->a = (MusterPoint) { e->centre.x - half.x, e->centre.y - half.y };
  axis->b = (MusterPoint) { e->centre.x + half.x, e->centre.y + half.y };
  return TRUE;
}

/* The root s of (r0 z0 / (s + r0))^2 + (z1 / (s + 1))^2 = 1, by bisection (Eberly). */
static double
ellipse_root (double r0,
              double z0,
              double z1,
              double g)
{
  double n0 = r0 * z0;
  double s0 = z1 - 1.0;
  double s1 = g < 0.0 ? 0.0 : hypot (n0, z1) - 1.0;
  double s = 0.0;

  /* The bracket halves each time. s only enters as s + 1 and s + r0 (r0 >= 1), so once the
   * bracket is below the rounding of 1 + |s| the answer cannot change: about 55 steps. */
  for (guint i = 0; i < 1100; i++)
    {
      double ratio0, ratio1;

      s = 0.5 * (s0 + s1);
      if (s == s0 || s == s1 || s1 - s0 <= 0.5 * DBL_EPSILON * (1.0 + fabs (s)))
        break;
      ratio0 = n0 / (s + r0);
      ratio1 = z1 / (s + 1.0);
      g = ratio0 * ratio0 + ratio1 * ratio1 - 1.0;
      if (g > 0.0)
        s0 = s;
      else if (g < 0.0)
        s1 = s;
      else
        break;
    }
  return s;
}

/* Nearest boundary point to (y0, y1) >= 0 on the axis-aligned ellipse e0 >= e1 > 0. */
static void
ellipse_nearest_quadrant (double  e0,
                          double  e1,
                          double  y0,
                          double  y1,
                          double *x0,
                          double *x1)
{
  if (y1 > 0.0)
    {
      if (y0 > 0.0)
        {
          double z0 = y0 / e0, z1 = y1 / e1;
          double g = z0 * z0 + z1 * z1 - 1.0;

          if (g != 0.0)
            {
              double r0 = (e0 / e1) * (e0 / e1);
              double s = ellipse_root (r0, z0, z1, g);

              *x0 = r0 * y0 / (s + r0);
              *x1 = y1 / (s + 1.0);
            }
          else
            {
              *x0 = y0;
              *x1 = y1;
            }
        }
      else
        {
          *x0 = 0.0;
          *x1 = e1;
        }
    }
  else
    {
      double numer0 = e0 * y0, denom0 = e0 * e0 - e1 * e1;

      if (numer0 < denom0)
        {
          double xde0 = numer0 / denom0;

          *x0 = e0 * xde0;
          *x1 = e1 * sqrt (MAX (0.0, 1.0 - xde0 * xde0));
        }
      else
        {
          *x0 = e0;
          *x1 = 0.0;
        }
    }
}

double
muster_ellipse_area (const MusterEllipse *ellipse)
{
  g_return_val_if_fail (ellipse != NULL, 0.0);

  return G_PI * fabs (ellipse->rx) * fabs (ellipse->ry);
}

MusterBox
muster_ellipse_bounds (const MusterEllipse *ellipse)
{
  double c, s, hx, hy;

  g_return_val_if_fail (ellipse != NULL, muster_box_empty ());

  c = cos (ellipse->angle);
  s = sin (ellipse->angle);
  hx = hypot (ellipse->rx * c, ellipse->ry * s);
  hy = hypot (ellipse->rx * s, ellipse->ry * c);
  return (MusterBox) { ellipse->centre.x - hx, ellipse->centre.y - hy,
                       ellipse->centre.x + hx, ellipse->centre.y + hy };
}

/**
 * muster_ellipse_nearest_point:
 *
 * Returns: the point of the ellipse's outline nearest @p, from inside or outside
 */
MusterPoint
muster_ellipse_nearest_point (const MusterEllipse *ellipse,
                              MusterPoint          p)
{
  MusterSegment axis;
  MusterPoint q;
  double e0, e1, x0, x1;
  gboolean swapped;

  g_return_val_if_fail (ellipse != NULL, p);

  if (ellipse_is_degenerate (ellipse, &axis))
    return muster_segment_point_at (axis, muster_segment_closest_t (axis, p));

  e0 = fabs (ellipse->rx);
  e1 = fabs (ellipse->ry);
  swapped = e0 < e1;
  q = ellipse_to_local (ellipse, p);
  if (swapped)
    {
      double swap = q.x;
      q.x = q.y;
      q.y = swap;
      swap = e0;
      e0 = e1;
      e1 = swap;
    }
  ellipse_nearest_quadrant (e0, e1, fabs (q.x), fabs (q.y), &x0, &x1);
  x0 = copysign (x0, q.x);
  x1 = copysign (x1, q.y);
  if (swapped)
    q = (MusterPoint) { x1, x0 };
  else
    q = (MusterPoint) { x0, x1 };
  return ellipse_from_local (ellipse, q);
}

/* Points within MUSTER_GEOMETRY_EPSILON of the outline are inside. */
gboolean
muster_ellipse_contains_point (const MusterEllipse *ellipse,
                               MusterPoint          p)
{
  MusterSegment axis;
  MusterPoint q;
  double a, b, v;

  g_return_val_if_fail (ellipse != NULL, FALSE);

  if (ellipse_is_degenerate (ellipse, &axis))
    return muster_segment_distance_to_point (axis, p) <= MUSTER_GEOMETRY_EPSILON;

  a = fabs (ellipse->rx);
  b = fabs (ellipse->ry);
  q = ellipse_to_local (ellipse, p);
  v = hypot (q.x / a, q.y / b);
  if (v <= 1.0)
    return TRUE;
  /* Moving d away from the outline raises v by at most d / (minor radius). */
  if (v > 1.0 + 2.0 * MUSTER_GEOMETRY_EPSILON / MIN (a, b) + 1e-12)
    return FALSE;
  return muster_point_distance (muster_ellipse_nearest_point (ellipse, p), p) <=
         MUSTER_GEOMETRY_EPSILON;
}

/* Returns: 0 inside, else the distance to the outline */
double
muster_ellipse_distance_to_point (const MusterEllipse *ellipse,
                                  MusterPoint          p)
{
  g_return_val_if_fail (ellipse != NULL, INFINITY);

  if (muster_ellipse_contains_point (ellipse, p))
    return 0.0;
  return muster_point_distance (muster_ellipse_nearest_point (ellipse, p), p);
}

/* Where @segment meets the solid ellipse, as a range of its parameter. */
static gboolean
ellipse_segment_range (const MusterEllipse *e,
                       MusterSegment        segment,
                       double              *t0,
                       double              *t1)
{
  MusterSegment axis;
  MusterPoint qa, qb;
  double a, b, A, B, C, disc, lo, hi;

  if (ellipse_is_degenerate (e, &axis))
    return muster_segment_intersect (segment, axis, t0, t1);

  /* In the frame where the ellipse is the unit circle: parameters along the segment survive. */
  a = fabs (e->rx);
  b = fabs (e->ry);
  qa = ellipse_to_local (e, segment.a);
  qb = ellipse_to_local (e, segment.b);
  qa = (MusterPoint) { qa.x / a, qa.y / b };
  qb = (MusterPoint) { qb.x / a, qb.y / b };
  {
    MusterVector d = muster_point_sub (qb, qa);
    MusterVector o = { qa.x, qa.y };

    A = muster_vector_dot (d, d);
    B = muster_vector_dot (o, d);
    C = muster_vector_dot (o, o) - 1.0;
  }

  if (!(A > 0.0))
    {
      if (muster_ellipse_contains_point (e, segment.a))
        {
          *t0 = *t1 = 0.0;
          return TRUE;
        }
      return FALSE;
    }

  disc = B * B - A * C;
  if (disc < 0.0)
    {
      /* No crossing; a grazing touch still counts. */
      double t = clamp01 (-B / A);

      if (muster_ellipse_contains_point (e, muster_segment_point_at (segment, t)))
        {
          *t0 = *t1 = t;
          return TRUE;
        }
      return FALSE;
    }

  {
    double root = sqrt (disc);
    double qq = -(B + copysign (root, B));

    /* The numerically stable pair of roots of A t^2 + 2 B t + C. */
    if (qq != 0.0)
      {
        lo = qq / A;
        hi = C / qq;
      }
    else
      lo = hi = 0.0;
    if (lo > hi)
      {
        double swap = lo;
        lo = hi;
        hi = swap;
      }
  }

  if (hi < 0.0 || lo > 1.0)
    {
      /* The crossings are off the segment; an end may still rest on the outline. */
      double t = hi < 0.0 ? 0.0 : 1.0;

      if (muster_ellipse_contains_point (e, muster_segment_point_at (segment, t)))
        {
          *t0 = *t1 = t;
          return TRUE;
        }
      return FALSE;
    }

  *t0 = MAX (lo, 0.0);
  *t1 = MIN (hi, 1.0);
  return TRUE;
}

typedef struct
{
  const MusterEllipse *ellipse;
  MusterSegment        segment;
} SegmentEllipse;

static double
segment_ellipse_at (double        t,
                    gconstpointer data)
{
  const SegmentEllipse *se = data;

  return muster_ellipse_distance_to_point (se->ellipse, muster_segment_point_at (se->segment, t));
}

static double
segment_ellipse_distance (MusterSegment        segment,
                          const MusterEllipse *e)
{
  SegmentEllipse se = { e, segment };
  MusterSegment axis;
  double t0, t1;

  if (ellipse_is_degenerate (e, &axis))
    return muster_segment_distance (segment, axis, NULL, NULL);
  if (ellipse_segment_range (e, segment, &t0, &t1))
    return 0.0;
  return golden_min (segment_ellipse_at, &se, 0.0, 1.0, NULL);
}

/* An ellipse's support function, less its centre term: max over the ellipse of n · (x - c). */
typedef struct
{
  double rx, ry, c, s;
} Support;

static Support
support_of (const MusterEllipse *e)
{
  return (Support) { fabs (e->rx), fabs (e->ry), cos (e->angle), sin (e->angle) };
}

static inline double
support_reach (const Support *h,
               double         nx,
               double         ny)
{
  double along = h->rx * (nx * h->c + ny * h->s);
  double across = h->ry * (ny * h->c - nx * h->s);

  return sqrt (along * along + across * across);
}

typedef struct
{
  Support      a, b;
  MusterVector between;   /* centre of b minus centre of a */
  double       nx;        /* the outer coordinate, while the inner search runs */
} EllipseGap;

/* Minus the gap between a and b seen along n: -(min n · b - max n · a). */
static double
ellipse_gap_inner (double        ny,
                   gconstpointer data)
{
  const EllipseGap *gap = data;

  return -(gap->between.x * gap->nx + gap->between.y * ny -
           support_reach (&gap->a, gap->nx, ny) - support_reach (&gap->b, gap->nx, ny));
}

static double
ellipse_gap_outer (double        nx,
                   gconstpointer data)
{
  EllipseGap gap = *(const EllipseGap *) data;
  double half = sqrt (MAX (0.0, 1.0 - nx * nx));

  gap.nx = nx;
  return golden_min (ellipse_gap_inner, &gap, -half, half, NULL);
}

/* The largest gap over directions |n| <= 1 is the distance (0 when they overlap, at n = 0);
 * the gap is concave in n, so nested golden sections find it. Thin ellipses need no care:
 * the support function of a segment or a point is the same formula. */
static double
ellipse_ellipse_distance (const MusterEllipse *a,
                          const MusterEllipse *b)
{
  EllipseGap gap = { support_of (a), support_of (b), muster_point_sub (b->centre, a->centre), 0.0 };

  if (muster_ellipse_contains_point (b, a->centre) || muster_ellipse_contains_point (a, b->centre))
    return 0.0;
  return MAX (0.0, -golden_min (ellipse_gap_outer, &gap, -1.0, 1.0, NULL));
}

/* Shapes */

MusterShape
muster_shape_polygon (const MusterPoint *points,
                      guint              n_points)
{
  return (MusterShape) { .kind = MUSTER_SHAPE_POLYGON, .points = points, .n_points = n_points };
}

MusterShape
muster_shape_polyline (const MusterPoint *points,
                       guint              n_points,
                       double             width)
{
  return (MusterShape) {
    .kind = MUSTER_SHAPE_POLYLINE,
    .points = points,
    .n_points = n_points,
    .width = MAX (width, 0.0),
  };
}

MusterShape
muster_shape_ellipse (const MusterEllipse *ellipse)
{
  g_return_val_if_fail (ellipse != NULL, muster_shape_polygon (NULL, 0));

  return (MusterShape) { .kind = MUSTER_SHAPE_ELLIPSE, .ellipse = *ellipse };
}

static inline double
shape_radius (const MusterShape *shape)
{
  return shape->kind == MUSTER_SHAPE_POLYLINE ? MAX (shape->width, 0.0) / 2.0 : 0.0;
}

static inline gboolean
shape_is_empty (const MusterShape *shape)
{
  return shape->kind != MUSTER_SHAPE_ELLIPSE && shape->n_points == 0;
}

/* A boundary piece: a segment or a (solid) ellipse. */
typedef struct
{
  const MusterEllipse *ellipse;
  MusterSegment        segment;
  MusterBox            bounds;
} Piece;

static guint
shape_n_pieces (const MusterShape *shape)
{
  switch (shape->kind)
    {
    case MUSTER_SHAPE_POLYGON:
      return shape->n_points;
    case MUSTER_SHAPE_POLYLINE:
      return shape->n_points > 1 ? shape->n_points - 1 : shape->n_points;
    case MUSTER_SHAPE_ELLIPSE:
    default:
      return 1;
    }
}

static Piece
shape_piece (const MusterShape *shape,
             guint              i)
{
  Piece piece = { NULL, { { 0.0, 0.0 }, { 0.0, 0.0 } }, { 0.0, 0.0, 0.0, 0.0 } };

  switch (shape->kind)
    {
    case MUSTER_SHAPE_POLYGON:
      piece.segment = polygon_edge (shape->points, shape->n_points, i);
      break;
    case MUSTER_SHAPE_POLYLINE:
      piece.segment = shape->n_points > 1
        ? (MusterSegment) { shape->points[i], shape->points[i + 1] }
        : (MusterSegment) { shape->points[0], shape->points[0] };
      break;
    case MUSTER_SHAPE_ELLIPSE:
    default:
      piece.ellipse = &shape->ellipse;
      piece.bounds = muster_ellipse_bounds (&shape->ellipse);
      return piece;
    }
  piece.bounds = muster_box_from_points (piece.segment.a, piece.segment.b);
  return piece;
}

static double
piece_distance (const Piece *a,
                const Piece *b)
{
  if (a->ellipse != NULL && b->ellipse != NULL)
    return ellipse_ellipse_distance (a->ellipse, b->ellipse);
  if (a->ellipse != NULL)
    return segment_ellipse_distance (b->segment, a->ellipse);
  if (b->ellipse != NULL)
    return segment_ellipse_distance (a->segment, b->ellipse);
  return muster_segment_distance (a->segment, b->segment, NULL, NULL);
}

/* Whether the solid part (polygon or ellipse; a polyline has none) holds @p. */
static gboolean
shape_solid_contains (const MusterShape *shape,
                      MusterPoint        p)
{
  switch (shape->kind)
    {
    case MUSTER_SHAPE_POLYGON:
      return muster_polygon_contains_point (shape->points, shape->n_points, MUSTER_FILL_EVEN_ODD, p);
    case MUSTER_SHAPE_ELLIPSE:
      return muster_ellipse_contains_point (&shape->ellipse, p);
    case MUSTER_SHAPE_POLYLINE:
    default:
      return FALSE;
    }
}

static MusterPoint
shape_some_point (const MusterShape *shape)
{
  return shape->kind == MUSTER_SHAPE_ELLIPSE ? shape->ellipse.centre : shape->points[0];
}

/**
 * muster_shape_area:
 *
 * A polygon's or ellipse's area. For a polyline, the area of its band: 2 r L + pi r^2 less the
 * overlap on the inside of each bend, exact while the band does not come back over itself.
 */
double
muster_shape_area (const MusterShape *shape)
{
  double r, area;

  g_return_val_if_fail (shape != NULL, 0.0);

  switch (shape->kind)
    {
    case MUSTER_SHAPE_POLYGON:
      return muster_polygon_area (shape->points, shape->n_points);
    case MUSTER_SHAPE_ELLIPSE:
      return muster_ellipse_area (&shape->ellipse);
    case MUSTER_SHAPE_POLYLINE:
    default:
      break;
    }

  r = shape_radius (shape);
  if (shape->n_points == 0 || r == 0.0)
    return 0.0;
  area = 2.0 * r * muster_polyline_length (shape->points, shape->n_points) + G_PI * r * r;
  for (guint i = 1; i + 1 < shape->n_points; i++)
    {
      MusterVector in = muster_point_sub (shape->points[i], shape->points[i - 1]);
      MusterVector out = muster_point_sub (shape->points[i + 1], shape->points[i]);
      double turn = fabs (atan2 (muster_vector_cross (in, out), muster_vector_dot (in, out)));
      double shortest = MIN (muster_vector_length (in), muster_vector_length (out));

      if (muster_vector_length (in) > 0.0 && muster_vector_length (out) > 0.0)
        area -= r * r * MAX (0.0, MIN (tan (turn / 2.0), shortest / r) - turn / 2.0);
    }
  return MAX (area, 0.0);
}

/* A polyline's centroid is its centre line's (weighted by length). */
MusterPoint
muster_shape_centroid (const MusterShape *shape)
{
  double length = 0.0, cx = 0.0, cy = 0.0;

  g_return_val_if_fail (shape != NULL, ((MusterPoint) { 0.0, 0.0 }));

  switch (shape->kind)
    {
    case MUSTER_SHAPE_POLYGON:
      return muster_polygon_centroid (shape->points, shape->n_points);
    case MUSTER_SHAPE_ELLIPSE:
      return shape->ellipse.centre;
    case MUSTER_SHAPE_POLYLINE:
    default:
      break;
    }

  if (shape->n_points == 0)
    return (MusterPoint) { 0.0, 0.0 };
  for (guint i = 1; i < shape->n_points; i++)
    {
      double l = muster_point_distance (shape->points[i - 1], shape->points[i]);

      length += l;
      cx += l * (shape->points[i - 1].x + shape->points[i].x) / 2.0;
      cy += l * (shape->points[i - 1].y + shape->points[i].y) / 2.0;
    }
  if (length > 0.0)
    return (MusterPoint) { cx / length, cy / length };
  return shape->points[0];
}

/* Returns: the bounding box, including a polyline's band; empty for an empty shape */
MusterBox
muster_shape_bounds (const MusterShape *shape)
{
  g_return_val_if_fail (shape != NULL, muster_box_empty ());

  if (shape->kind == MUSTER_SHAPE_ELLIPSE)
    return muster_ellipse_bounds (&shape->ellipse);
  return muster_box_inflate (muster_polygon_bounds (shape->points, shape->n_points),
                             shape_radius (shape));
}

/* Polygons by the even-odd rule; a polyline holds the points of its band. */
gboolean
muster_shape_contains_point (const MusterShape *shape,
                             MusterPoint        p)
{
  g_return_val_if_fail (shape != NULL, FALSE);

  if (shape->kind == MUSTER_SHAPE_POLYLINE)
    return muster_polyline_hit (shape->points, shape->n_points, shape->width, p);
  return shape_solid_contains (shape, p);
}

/* Returns: 0 inside, else the distance to the shape; INFINITY for an empty shape */
double
muster_shape_distance_to_point (const MusterShape *shape,
                                MusterPoint        p)
{
  g_return_val_if_fail (shape != NULL, INFINITY);

  switch (shape->kind)
    {
    case MUSTER_SHAPE_POLYGON:
      return muster_polygon_distance_to_point (shape->points, shape->n_points, p);
    case MUSTER_SHAPE_ELLIPSE:
      return muster_ellipse_distance_to_point (&shape->ellipse, p);
    case MUSTER_SHAPE_POLYLINE:
    default:
      return MAX (0.0, muster_polyline_distance_to_point (shape->points, shape->n_points, p) -
                       shape_radius (shape));
    }
}

/**
 * muster_shape_distance:
 *
 * The nearest distance between the two shapes: 0 when they touch or overlap (including one
 * inside the other), INFINITY if either is empty. Ellipses are measured exactly (see the
 * methods at the top of muster-geometry.c), not through polygons.
 */
double
muster_shape_distance (const MusterShape *a,
                       const MusterShape *b)
{
  double best = INFINITY;
  double radii;
  guint na, nb;

  g_return_val_if_fail (a != NULL, INFINITY);
  g_return_val_if_fail (b != NULL, INFINITY);

  if (shape_is_empty (a) || shape_is_empty (b))
    return INFINITY;
  if (shape_solid_contains (b, shape_some_point (a)) || shape_solid_contains (a, shape_some_point (b)))
    return 0.0;

  radii = shape_radius (a) + shape_radius (b);
  na = shape_n_pieces (a);
  nb = shape_n_pieces (b);
  for (guint i = 0; i < na && best > 0.0; i++)
    {
      Piece pa = shape_piece (a, i);

      for (guint j = 0; j < nb && best > 0.0; j++)
        {
          Piece pb = shape_piece (b, j);

          if (muster_box_distance (pa.bounds, pb.bounds) < best)
            best = MIN (best, piece_distance (&pa, &pb));
        }
    }

  best = MAX (0.0, best - radii);
  return best <= MUSTER_GEOMETRY_EPSILON ? 0.0 : best;
}

/* Where @segment is within @reach of point @c, as a range of its parameter. */
static gboolean
disc_segment_range (MusterSegment  segment,
                    MusterPoint    c,
                    double         reach,
                    double        *t0,
                    double        *t1)
{
  MusterVector d = muster_point_sub (segment.b, segment.a);
  MusterVector o = muster_point_sub (segment.a, c);
  double A = muster_vector_dot (d, d);
  double B = muster_vector_dot (o, d);
  double C = muster_vector_dot (o, o) - reach * reach;
  double disc, root, q;

  if (!(A > 0.0))
    {
      *t0 = *t1 = 0.0;
      return C <= 0.0;
    }
  disc = B * B - A * C;
  if (disc < 0.0)
    return FALSE;
  root = sqrt (disc);
  q = -(B + copysign (root, B));
  if (q == 0.0)
    *t0 = *t1 = 0.0;
  else
    {
      *t0 = MIN (q / A, C / q);
      *t1 = MAX (q / A, C / q);
    }
  if (*t1 < 0.0 || *t0 > 1.0)
    return FALSE;
  *t0 = MAX (*t0, 0.0);
  *t1 = MIN (*t1, 1.0);
  return TRUE;
}

/* Where @segment is within @radius of @core: the capsule round @core is the union of the discs
 * at its ends and the rectangle along it, and being convex, meets the segment in one range. */
static gboolean
band_segment_range (MusterSegment  segment,
                    MusterSegment  core,
                    double         radius,
                    double        *t0,
                    double        *t1)
{
  /* Half the tolerance, so that the ends found, rounding and all, are within the whole. */
  double reach = radius + MUSTER_GEOMETRY_EPSILON / 2.0;
  double lo = INFINITY, hi = -INFINITY, a, b;
  MusterVector along = muster_point_sub (core.b, core.a);
  double length = muster_vector_length (along);

  if (radius <= 0.0)
    return muster_segment_intersect (segment, core, t0, t1);

  if (disc_segment_range (segment, core.a, reach, &a, &b))
    widen (&lo, &hi, a), widen (&lo, &hi, b);
  if (disc_segment_range (segment, core.b, reach, &a, &b))
    widen (&lo, &hi, a), widen (&lo, &hi, b);
  if (length > 0.0)
    {
      /* The rectangle, in the core's frame: 0 <= u <= length, |w| <= reach. */
      MusterVector u = muster_vector_scale (along, 1.0 / length);
      MusterVector w = { -u.y, u.x };
      MusterVector from = muster_point_sub (segment.a, core.a);
      MusterVector delta = muster_point_sub (segment.b, segment.a);

      a = 0.0;
      b = 1.0;
      if (clip_slab (muster_vector_dot (from, u), muster_vector_dot (delta, u), 0.0, length, &a, &b) &&
          clip_slab (muster_vector_dot (from, w), muster_vector_dot (delta, w), -reach, reach, &a, &b))
        widen (&lo, &hi, a), widen (&lo, &hi, b);
    }

  if (lo > hi)
    return FALSE;
  *t0 = lo;
  *t1 = hi;
  return TRUE;
}

/**
 * muster_shape_intersect_segment:
 * @t_enter: (out) (optional): the first parameter along @segment at which it is in the shape
 * @t_exit: (out) (optional): the last one
 *
 * Whether a line of sight (or a move) touches the shape anywhere, grazing included. With a
 * concave polygon or a bending polyline the segment may leave and re-enter between @t_enter
 * and @t_exit: muster_shape_clip_segment() gives each stretch.
 *
 * Returns: %TRUE if @segment touches the shape
 */
gboolean
muster_shape_intersect_segment (const MusterShape *shape,
                                MusterSegment      segment,
                                double            *t_enter,
                                double            *t_exit)
{
  double lo = INFINITY, hi = -INFINITY;
  double t0, t1;
  guint n;

  g_return_val_if_fail (shape != NULL, FALSE);

  if (shape->kind == MUSTER_SHAPE_ELLIPSE)
    {
      if (!ellipse_segment_range (&shape->ellipse, segment, &t0, &t1))
        return FALSE;
      lo = t0;
      hi = t1;
    }
  else
    {
      if (shape->kind == MUSTER_SHAPE_POLYGON)
        {
          if (muster_polygon_contains_point (shape->points, shape->n_points, MUSTER_FILL_EVEN_ODD,
                                             segment.a))
            widen (&lo, &hi, 0.0);
          if (muster_polygon_contains_point (shape->points, shape->n_points, MUSTER_FILL_EVEN_ODD,
                                             segment.b))
            widen (&lo, &hi, 1.0);
        }
      n = shape_n_pieces (shape);
      for (guint i = 0; i < n; i++)
        if (band_segment_range (segment, shape_piece (shape, i).segment, shape_radius (shape),
                                &t0, &t1))
          {
            widen (&lo, &hi, t0);
            widen (&lo, &hi, t1);
          }
      if (lo > hi)
        return FALSE;
    }

  if (t_enter != NULL)
    *t_enter = lo;
  if (t_exit != NULL)
    *t_exit = hi;
  return TRUE;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : (x > y ? 1 : 0);
}

static int
compare_spans (gconstpointer a,
               gconstpointer b)
{
  return compare_doubles (&((const MusterSpan *) a)->t0, &((const MusterSpan *) b)->t0);
}

/* Appends the union of @ranges (sorted here) to @spans. */
static void
append_merged (GArray *spans,
               GArray *ranges)
{
  MusterSpan current;

  if (ranges->len == 0)
    return;
  g_array_sort (ranges, compare_spans);
  current = g_array_index (ranges, MusterSpan, 0);
  for (guint i = 1; i < ranges->len; i++)
    {
      MusterSpan next = g_array_index (ranges, MusterSpan, i);

      if (next.t0 <= current.t1 + 1e-12)
        current.t1 = MAX (current.t1, next.t1);
      else
        {
          g_array_append_val (spans, current);
          current = next;
        }
    }
  g_array_append_val (spans, current);
}

/* A polygon's stretches: cut the segment where it meets edges, test each piece's middle. */
static void
polygon_clip_segment (const MusterShape *shape,
                      MusterSegment      segment,
                      GArray            *spans)
{
  g_autoptr(GArray) cuts = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (MusterSpan));
  double zero = 0.0, one = 1.0, t0, t1;
  guint n = 0;

  g_array_append_val (cuts, zero);
  g_array_append_val (cuts, one);
  for (guint i = 0; i < shape->n_points; i++)
    if (muster_segment_intersect (segment, polygon_edge (shape->points, shape->n_points, i),
                                  &t0, &t1))
      {
        g_array_append_val (cuts, t0);
        g_array_append_val (cuts, t1);
      }
  g_array_sort (cuts, compare_doubles);
  for (guint i = 0; i < cuts->len; i++)
    if (n == 0 || g_array_index (cuts, double, i) - g_array_index (cuts, double, n - 1) > 1e-12)
      g_array_index (cuts, double, n++) = g_array_index (cuts, double, i);
  g_array_set_size (cuts, n);

  for (guint i = 0; i < cuts->len; i++)
    {
      double t = g_array_index (cuts, double, i);
      MusterSpan span = { t, t };

      if (muster_polygon_contains_point (shape->points, shape->n_points, MUSTER_FILL_EVEN_ODD,
                                         muster_segment_point_at (segment, t)))
        g_array_append_val (ranges, span);
      if (i + 1 < cuts->len)
        {
          span.t1 = g_array_index (cuts, double, i + 1);
          if (muster_polygon_contains_point (shape->points, shape->n_points,
                                             MUSTER_FILL_EVEN_ODD,
                                             muster_segment_point_at (segment,
                                                                      0.5 * (span.t0 + span.t1))))
            g_array_append_val (ranges, span);
        }
    }
  append_merged (spans, ranges);
}

/**
 * muster_shape_clip_segment:
 * @spans: a #GArray of #MusterSpan to append to
 *
 * The stretches of @segment inside the shape, sorted and disjoint; a graze is a stretch with
 * t0 == t1. Multiply by muster_segment_length() for the length of sight through a wood.
 *
 * Returns: %TRUE if anything was appended
 */
gboolean
muster_shape_clip_segment (const MusterShape *shape,
                           MusterSegment      segment,
                           GArray            *spans)
{
  g_autoptr(GArray) ranges = NULL;
  guint before;
  MusterSpan span;

  g_return_val_if_fail (shape != NULL, FALSE);
  g_return_val_if_fail (spans != NULL, FALSE);
  g_return_val_if_fail (g_array_get_element_size (spans) == sizeof (MusterSpan), FALSE);

  before = spans->len;
  switch (shape->kind)
    {
    case MUSTER_SHAPE_POLYGON:
      polygon_clip_segment (shape, segment, spans);
      break;

    case MUSTER_SHAPE_ELLIPSE:
      if (ellipse_segment_range (&shape->ellipse, segment, &span.t0, &span.t1))
        g_array_append_val (spans, span);
      break;

    case MUSTER_SHAPE_POLYLINE:
    default:
      ranges = g_array_new (FALSE, FALSE, sizeof (MusterSpan));
      for (guint i = 0, n = shape_n_pieces (shape); i < n; i++)
        if (band_segment_range (segment, shape_piece (shape, i).segment, shape_radius (shape),
                                &span.t0, &span.t1))
          g_array_append_val (ranges, span);
      append_merged (spans, ranges);
      break;
    }
  return spans->len > before;
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
