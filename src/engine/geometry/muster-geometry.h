/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <math.h>

G_BEGIN_DECLS

/*
 * Table geometry.
 *
 * - Lengths are table millimetres, as doubles. Rules measure in inches or centimetres: convert at
 *   the edge with muster_mm_from_inches() and friends.
 * - Table axes: the origin is the table's top-left corner as first shown, x runs right and y runs
 *   down, the same handedness as cairo and widget pixels, so a painter needs no flip.
 * - Angles are radians. A positive angle turns +x toward +y (clockwise on screen). A facing
 *   angle a points along (cos a, sin a); the facing's right-hand side is a + pi/2.
 * - Shapes are closed sets: a point on the boundary is inside, and contacts closer than
 *   MUSTER_GEOMETRY_EPSILON count as touching. A line of sight that grazes a corner touches it.
 * - Points, vectors, segments and boxes are passed by value; affines, rectangles, ellipses and
 *   shapes by pointer.
 * - Degenerate input (zero-length segments, zero-area or empty polygons, zero radii) gives
 *   finite answers, never NaN. Distances to nothing are INFINITY.
 */

#define MUSTER_GEOMETRY_EPSILON 1e-9   /* mm: closer than this counts as touching */
#define MUSTER_MM_PER_INCH      25.4
#define MUSTER_MM_PER_CM        10.0

typedef struct
{
  double x, y;
} MusterPoint;

typedef struct
{
  double x, y;
} MusterVector;

/* Same layout and meaning as cairo_matrix_t: x' = xx x + xy y + x0, y' = yx x + yy y + y0. */
typedef struct
{
  double xx, yx;
  double xy, yy;
  double x0, y0;
} MusterAffine;

/* Axis-aligned, closed. Empty when x0 > x1 or y0 > y1 (muster_box_empty()). */
typedef struct
{
  double x0, y0;
  double x1, y1;
} MusterBox;

/* From a (t = 0) to b (t = 1). */
typedef struct
{
  MusterPoint a, b;
} MusterSegment;

/* A stretch [t0, t1] of a segment's parameter; t0 == t1 for a touch. */
typedef struct
{
  double t0, t1;
} MusterSpan;

/* A rectangle turned by @angle about its centre: @width along the turned x axis, @height along
 * the turned y axis. A stand facing f is { centre, depth, frontage, f }. */
typedef struct
{
  MusterPoint centre;
  double      width, height;
  double      angle;
} MusterRect;

/* @rx along the axis turned by @angle, @ry across it. Zero radii make a segment or a point. */
typedef struct
{
  MusterPoint centre;
  double      rx, ry;
  double      angle;
} MusterEllipse;

typedef enum
{
  MUSTER_FILL_EVEN_ODD,
  MUSTER_FILL_WINDING,
} MusterFillRule;

typedef enum
{
  MUSTER_SHAPE_POLYGON,
  MUSTER_SHAPE_POLYLINE,
  MUSTER_SHAPE_ELLIPSE,
} MusterShapeKind;

/**
 * MusterShape:
 * @kind: which of the fields below apply
 * @points: (array length=n_points): polygon or polyline vertices, borrowed: the caller keeps
 *   them alive while the shape is used
 * @n_points: how many
 * @width: polyline only: the full width of the band around the centre line (a river, a wall);
 *   0 is a bare line
 * @ellipse: ellipse only
 *
 * A view of one terrain piece or outline; it owns nothing. A polygon is closed (the last vertex
 * joins the first) and may be concave. Hit tests follow the even-odd rule, so they are defined
 * for any polygon, self-intersecting or not; area and centroid assume a simple polygon (one that
 * does not cross itself).
 */
typedef struct
{
  MusterShapeKind    kind;
  const MusterPoint *points;
  guint              n_points;
  double             width;
  MusterEllipse      ellipse;
} MusterShape;

/* Units and angles */

static inline double muster_mm_from_inches (double inches) { return inches * MUSTER_MM_PER_INCH; }
static inline double muster_mm_to_inches   (double mm)     { return mm / MUSTER_MM_PER_INCH; }
static inline double muster_mm_from_cm     (double cm)     { return cm * MUSTER_MM_PER_CM; }
static inline double muster_mm_to_cm       (double mm)     { return mm / MUSTER_MM_PER_CM; }
static inline double muster_angle_from_degrees (double deg) { return deg * (G_PI / 180.0); }
static inline double muster_angle_to_degrees   (double rad) { return rad * (180.0 / G_PI); }

double        muster_angle_normalize            (double                angle);

/* Points and vectors */

static inline MusterPoint
muster_point_add (MusterPoint  p,
                  MusterVector v)
{
  return (MusterPoint) { p.x + v.x, p.y + v.y };
}

static inline MusterVector
muster_point_sub (MusterPoint a,
                  MusterPoint b)
{
  return (MusterVector) { a.x - b.x, a.y - b.y };
}

static inline MusterPoint
muster_point_lerp (MusterPoint a,
                   MusterPoint b,
                   double      t)
{
  return (MusterPoint) { a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t };
}

static inline double
muster_point_distance (MusterPoint a,
                       MusterPoint b)
{
  return sqrt ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y));
}

static inline double
muster_vector_dot (MusterVector a,
                   MusterVector b)
{
  return a.x * b.x + a.y * b.y;
}

/* Positive when b turns from a toward +y (clockwise on screen). */
static inline double
muster_vector_cross (MusterVector a,
                     MusterVector b)
{
  return a.x * b.y - a.y * b.x;
}

static inline double
muster_vector_length (MusterVector v)
{
  return sqrt (v.x * v.x + v.y * v.y);
}

static inline MusterVector
muster_vector_scale (MusterVector v,
                     double       s)
{
  return (MusterVector) { v.x * s, v.y * s };
}

static inline MusterVector
muster_vector_from_angle (double angle)
{
  return (MusterVector) { cos (angle), sin (angle) };
}

MusterVector  muster_vector_normalize           (MusterVector          v);
MusterVector  muster_vector_rotate              (MusterVector          v,
                                                 double                angle);
double        muster_vector_angle               (MusterVector          v);

/* Affine transforms */

MusterAffine  muster_affine_identity            (void);
MusterAffine  muster_affine_translate           (double                dx,
                                                 double                dy);
MusterAffine  muster_affine_rotate              (double                angle);
MusterAffine  muster_affine_scale               (double                sx,
                                                 double                sy);
MusterAffine  muster_affine_multiply            (const MusterAffine   *first,
                                                 const MusterAffine   *then);
gboolean      muster_affine_invert              (const MusterAffine   *affine,
                                                 MusterAffine         *inverse);
MusterPoint   muster_affine_apply               (const MusterAffine   *affine,
                                                 MusterPoint           p);
MusterVector  muster_affine_apply_vector        (const MusterAffine   *affine,
                                                 MusterVector          v);

/* Boxes */

MusterBox     muster_box_empty                  (void);
gboolean      muster_box_is_empty               (MusterBox             box);
MusterBox     muster_box_from_points            (MusterPoint           a,
                                                 MusterPoint           b);
void          muster_box_extend                 (MusterBox            *box,
                                                 MusterPoint           p);
MusterBox     muster_box_union                  (MusterBox             a,
                                                 MusterBox             b);
MusterBox     muster_box_inflate                (MusterBox             box,
                                                 double                margin);
MusterPoint   muster_box_centre                 (MusterBox             box);
gboolean      muster_box_contains_point         (MusterBox             box,
                                                 MusterPoint           p);
gboolean      muster_box_intersects             (MusterBox             a,
                                                 MusterBox             b);
gboolean      muster_box_intersects_segment     (MusterBox             box,
                                                 MusterSegment         segment);
double        muster_box_distance               (MusterBox             a,
                                                 MusterBox             b);

/* Segments */

double        muster_segment_length             (MusterSegment         segment);
MusterPoint   muster_segment_point_at           (MusterSegment         segment,
                                                 double                t);
double        muster_segment_closest_t          (MusterSegment         segment,
                                                 MusterPoint           p);
double        muster_segment_distance_to_point  (MusterSegment         segment,
                                                 MusterPoint           p);
double        muster_segment_distance           (MusterSegment         a,
                                                 MusterSegment         b,
                                                 double               *ta,
                                                 double               *tb);
gboolean      muster_segment_intersect          (MusterSegment         a,
                                                 MusterSegment         b,
                                                 double               *t0,
                                                 double               *t1);

/* Polylines (open) and polygons (closed) as point arrays */

double        muster_polyline_length            (const MusterPoint    *points,
                                                 guint                 n_points);
double        muster_polyline_distance_to_point (const MusterPoint    *points,
                                                 guint                 n_points,
                                                 MusterPoint           p);
gboolean      muster_polyline_hit               (const MusterPoint    *points,
                                                 guint                 n_points,
                                                 double                width,
                                                 MusterPoint           p);
double        muster_polygon_signed_area        (const MusterPoint    *points,
                                                 guint                 n_points);
double        muster_polygon_area               (const MusterPoint    *points,
                                                 guint                 n_points);
MusterPoint   muster_polygon_centroid           (const MusterPoint    *points,
                                                 guint                 n_points);
MusterBox     muster_polygon_bounds             (const MusterPoint    *points,
                                                 guint                 n_points);
gboolean      muster_polygon_contains_point     (const MusterPoint    *points,
                                                 guint                 n_points,
                                                 MusterFillRule        rule,
                                                 MusterPoint           p);
double        muster_polygon_distance_to_point  (const MusterPoint    *points,
                                                 guint                 n_points,
                                                 MusterPoint           p);
guint         muster_polygon_convex_hull        (const MusterPoint    *points,
                                                 guint                 n_points,
                                                 MusterPoint          *hull);
void          muster_rect_to_polygon            (const MusterRect     *rect,
                                                 MusterPoint           corners[4]);

/* Ellipses */

double        muster_ellipse_area               (const MusterEllipse  *ellipse);
MusterBox     muster_ellipse_bounds             (const MusterEllipse  *ellipse);
gboolean      muster_ellipse_contains_point     (const MusterEllipse  *ellipse,
                                                 MusterPoint           p);
MusterPoint   muster_ellipse_nearest_point      (const MusterEllipse  *ellipse,
                                                 MusterPoint           p);
double        muster_ellipse_distance_to_point  (const MusterEllipse  *ellipse,
                                                 MusterPoint           p);

/* Shapes */

MusterShape   muster_shape_polygon              (const MusterPoint    *points,
                                                 guint                 n_points);
MusterShape   muster_shape_polyline             (const MusterPoint    *points,
                                                 guint                 n_points,
                                                 double                width);
MusterShape   muster_shape_ellipse              (const MusterEllipse  *ellipse);
double        muster_shape_area                 (const MusterShape    *shape);
MusterPoint   muster_shape_centroid             (const MusterShape    *shape);
MusterBox     muster_shape_bounds               (const MusterShape    *shape);
gboolean      muster_shape_contains_point       (const MusterShape    *shape,
                                                 MusterPoint           p);
double        muster_shape_distance_to_point    (const MusterShape    *shape,
                                                 MusterPoint           p);
double        muster_shape_distance             (const MusterShape    *a,
                                                 const MusterShape    *b);
gboolean      muster_shape_intersect_segment    (const MusterShape    *shape,
                                                 MusterSegment         segment,
                                                 double               *t_enter,
                                                 double               *t_exit);
gboolean      muster_shape_clip_segment         (const MusterShape    *shape,
                                                 MusterSegment         segment,
                                                 GArray               *spans);

/* Snapping */

MusterPoint   muster_snap_to_grid               (MusterPoint           p,
                                                 MusterPoint           origin,
                                                 double                spacing);
double        muster_snap_angle                 (double                angle,
                                                 double                step);

G_END_DECLS
