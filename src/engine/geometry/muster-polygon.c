/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-geometry"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "muster-geometry.h"
#include "muster-geometry-private.h"

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
