/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-geometry"

#include "config.h"

#include <float.h>

#include "muster-geometry.h"
#include "muster-geometry-private.h"

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
 */

#define GOLDEN_RATIO 0.61803398874989484820
#define GOLDEN_TOLERANCE 1e-12  /* in the searched parameter, which runs over [0, 1] or [-1, 1] */

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
gboolean
_muster_ellipse_segment_range (const MusterEllipse *e,
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

double
_muster_segment_ellipse_distance (MusterSegment        segment,
                                  const MusterEllipse *e)
{
  SegmentEllipse se = { e, segment };
  MusterSegment axis;
  double t0, t1;

  if (ellipse_is_degenerate (e, &axis))
    return muster_segment_distance (segment, axis, NULL, NULL);
  if (_muster_ellipse_segment_range (e, segment, &t0, &t1))
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
double
_muster_ellipse_ellipse_distance (const MusterEllipse *a,
                                  const MusterEllipse *b)
{
  EllipseGap gap = { support_of (a), support_of (b), muster_point_sub (b->centre, a->centre), 0.0 };

  if (muster_ellipse_contains_point (b, a->centre) || muster_ellipse_contains_point (a, b->centre))
    return 0.0;
  return MAX (0.0, -golden_min (ellipse_gap_outer, &gap, -1.0, 1.0, NULL));
}
