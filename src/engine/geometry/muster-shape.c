/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-geometry"

#include "config.h"

#include "muster-geometry.h"
#include "muster-geometry-private.h"

/*
 * Method, for whoever has to check an answer:
 *
 * - Shape to shape: zero if either contains a point of the other or their boundaries meet;
 *   otherwise the least distance between boundary pieces (segments and ellipses), less the
 *   half-widths of polylines.
 */

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
    return _muster_ellipse_ellipse_distance (a->ellipse, b->ellipse);
  if (a->ellipse != NULL)
    return _muster_segment_ellipse_distance (b->segment, a->ellipse);
  if (b->ellipse != NULL)
    return _muster_segment_ellipse_distance (a->segment, b->ellipse);
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
    _muster_geometry_widen (&lo, &hi, a), _muster_geometry_widen (&lo, &hi, b);
  if (disc_segment_range (segment, core.b, reach, &a, &b))
    _muster_geometry_widen (&lo, &hi, a), _muster_geometry_widen (&lo, &hi, b);
  if (length > 0.0)
    {
      /* The rectangle, in the core's frame: 0 <= u <= length, |w| <= reach. */
      MusterVector u = muster_vector_scale (along, 1.0 / length);
      MusterVector w = { -u.y, u.x };
      MusterVector from = muster_point_sub (segment.a, core.a);
      MusterVector delta = muster_point_sub (segment.b, segment.a);

      a = 0.0;
      b = 1.0;
      if (_muster_geometry_clip_slab (muster_vector_dot (from, u), muster_vector_dot (delta, u), 0.0, length, &a, &b) &&
          _muster_geometry_clip_slab (muster_vector_dot (from, w), muster_vector_dot (delta, w), -reach, reach, &a, &b))
        _muster_geometry_widen (&lo, &hi, a), _muster_geometry_widen (&lo, &hi, b);
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
      if (!_muster_ellipse_segment_range (&shape->ellipse, segment, &t0, &t1))
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
            _muster_geometry_widen (&lo, &hi, 0.0);
          if (muster_polygon_contains_point (shape->points, shape->n_points, MUSTER_FILL_EVEN_ODD,
                                             segment.b))
            _muster_geometry_widen (&lo, &hi, 1.0);
        }
      n = shape_n_pieces (shape);
      for (guint i = 0; i < n; i++)
        if (band_segment_range (segment, shape_piece (shape, i).segment, shape_radius (shape),
                                &t0, &t1))
          {
            _muster_geometry_widen (&lo, &hi, t0);
            _muster_geometry_widen (&lo, &hi, t1);
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
      if (_muster_ellipse_segment_range (&shape->ellipse, segment, &span.t0, &span.t1))
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
