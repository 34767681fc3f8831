/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-footprint"

#include "config.h"

#include <string.h>

#include "muster-footprint.h"

/*
 * A unit's footprint on the table: where each stand stands and the outline of the whole.
 *
 * Layouts are built in the unit's own frame, (u, v) with u forward along the facing and v to
 * its right, centred on the unit's bounding rectangle; then turned and moved onto the table.
 * Stands are numbered front rank first, left to right; on a square, front face, right face,
 * rear face, left face (each left to right as its stands see it), then the stands inside.
 */
struct _MusterFootprint
{
  MusterFootprintSpec spec;

  MusterStand        *stands;
  guint               n_stands;
  guint               n_front;     /* stands 0 .. n_front - 1 form the front rank or face */

  MusterPoint        *outline;
  guint               n_outline;

  double              frontage;
  double              depth;
};

typedef struct
{
  double u, v;
  double turn;   /* the stand's facing relative to the unit's */
} Local;

static MusterPoint
to_table (const MusterFootprint *self,
          double                 u,
          double                 v)
{
  MusterVector forward = muster_vector_from_angle (self->spec.facing);
  MusterVector right = { -forward.y, forward.x };

  return (MusterPoint) {
    self->spec.centre.x + u * forward.x + v * right.x,
    self->spec.centre.y + u * forward.y + v * right.y,
  };
}

/* The number of stands in each rank, front first. */
static GArray *
rank_counts (MusterFormation formation,
             guint           n,
             guint           files)
{
  GArray *counts = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint placed = 0, rank = 0; placed < n; rank++)
    {
      guint count = formation == MUSTER_FORMATION_WEDGE ? rank + 1 : files;

      count = MIN (count, n - placed);
      g_array_append_val (counts, count);
      placed += count;
    }
  return counts;
}

/* Ranks front to rear, centred on the axis, the block centred on (0, 0). Appends the stands to
 * @stands and the outline (a staircase down the right side and back up the left) to @outline. */
static void
layout_ranks (GArray *counts,
              double  w,
              double  d,
              double  spacing,
              GArray *stands,
              GArray *outline)
{
  double pitch_v = w * (1.0 + spacing);
  double pitch_u = d * (1.0 + spacing);
  guint n_ranks = counts->len;
  double depth = n_ranks > 0 ? n_ranks * d + (n_ranks - 1) * spacing * d : 0.0;

  for (guint i = 0; i < n_ranks; i++)
    {
      guint count = g_array_index (counts, guint, i);
      double front = depth / 2.0 - i * pitch_u;

      for (guint j = 0; j < count; j++)
        {
          Local stand = { front - d / 2.0, (j - (count - 1) / 2.0) * pitch_v, 0.0 };

          g_array_append_val (stands, stand);
        }
    }

  if (outline == NULL)
    return;

  /* Each rank's band runs from its front edge to the next rank's, so gaps belong to the unit. */
  for (guint i = 0; i < n_ranks; i++)
    {
      guint count = g_array_index (counts, guint, i);
      double half = (count * w + (count - 1) * spacing * w) / 2.0;
      double front = depth / 2.0 - i * pitch_u;
      double back = i + 1 < n_ranks ? front - pitch_u : -depth / 2.0;
      MusterPoint corners[2] = { { front, half }, { back, half } };

      g_array_append_vals (outline, corners, 2);
    }
  for (guint i = n_ranks; i-- > 0;)
    {
      guint count = g_array_index (counts, guint, i);
      double half = (count * w + (count - 1) * spacing * w) / 2.0;
      double front = depth / 2.0 - i * pitch_u;
      double back = i + 1 < n_ranks ? front - pitch_u : -depth / 2.0;
      MusterPoint corners[2] = { { back, -half }, { front, -half } };

      g_array_append_vals (outline, corners, 2);
    }
}

/* A hollow square: @k stands per face (n >= 4 k); the faces' rows touch corner to corner. The
 * outline is the outer square with its four empty d × d corners cut out. */
static void
layout_square (guint   n,
               guint   k,
               double  w,
               double  d,
               GArray *stands,
               GArray *outline)
{
  double half = k * w / 2.0 + d;        /* half the outer side */
  double row = half - d / 2.0;          /* distance of each face's stand centres from the middle */
  g_autoptr(GArray) counts = NULL;

  for (guint face = 0; face < 4; face++)
    for (guint j = 0; j < k; j++)
      {
        double along = (j - (k - 1) / 2.0) * w;   /* left to right as the face sees it */
        Local stand;

        switch (face)
          {
          case 0: stand = (Local) { row, along, 0.0 }; break;
          case 1: stand = (Local) { -along, row, G_PI / 2.0 }; break;
          case 2: stand = (Local) { -row, -along, G_PI }; break;
          default: stand = (Local) { along, -row, -G_PI / 2.0 }; break;
          }
        g_array_append_val (stands, stand);
      }

  if (n > 4 * k)
    {
      counts = rank_counts (MUSTER_FORMATION_LINE, n - 4 * k, k);
      layout_ranks (counts, w, d, 0.0, stands, NULL);
    }

  {
    double in = half - d;
    MusterPoint cross[12] = {
      { half, -in }, { half, in }, { in, in }, { in, half },
      { -in, half }, { -in, in }, { -half, in }, { -half, -in },
      { -in, -in }, { -in, -half }, { in, -half }, { in, -in },
    };

    g_array_append_vals (outline, cross, G_N_ELEMENTS (cross));
  }
}

/* Drops repeated vertices and vertices on a straight run, in place. */
static guint
simplify_outline (MusterPoint *points,
                  guint        n)
{
  gboolean changed = TRUE;

  while (changed && n > 2)
    {
      changed = FALSE;
      for (guint i = 0; i < n && n > 2; i++)
        {
          MusterPoint prev = points[(i + n - 1) % n], here = points[i], next = points[(i + 1) % n];
          MusterVector in = muster_point_sub (here, prev), out = muster_point_sub (next, here);
          double scale = muster_vector_length (in) * muster_vector_length (out);

          if (fabs (muster_vector_cross (in, out)) <= 1e-12 * scale &&
              muster_vector_dot (in, out) >= 0.0)
            {
              memmove (points + i, points + i + 1, sizeof (MusterPoint) * (n - i - 1));
              n--;
              changed = TRUE;
            }
        }
    }
  return n;
}

static guint
default_files (const MusterFootprintSpec *spec,
               guint                      n)
{
  if (spec->files > 0)
    return MIN (spec->files, MAX (n, 1));
  if (spec->ranks > 0)
    return MAX (1, (n + spec->ranks - 1) / spec->ranks);
  switch (spec->formation)
    {
    case MUSTER_FORMATION_COLUMN:
      return 1;
    case MUSTER_FORMATION_SQUARE:
      return MAX (1, n / 4);
    case MUSTER_FORMATION_LINE:
    case MUSTER_FORMATION_WEDGE:
    case MUSTER_FORMATION_SKIRMISH:
    case MUSTER_FORMATION_SINGLE:
    default:
      return MAX (n, 1);
    }
}

/**
 * muster_footprint_new:
 * @spec: the unit's formation, stands, bases and place
 *
 * Returns: (transfer full): the footprint, or %NULL if a base size is negative or not finite
 */
MusterFootprint *
muster_footprint_new (const MusterFootprintSpec *spec)
{
  g_autoptr(GArray) local = g_array_new (FALSE, FALSE, sizeof (Local));
  g_autoptr(GArray) outline = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
  g_autoptr(GArray) counts = NULL;
  MusterFootprint *self;
  MusterBox extent = muster_box_empty ();
  double w, d;
  guint n, files;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (isfinite (spec->base_width) && spec->base_width >= 0.0, NULL);
  g_return_val_if_fail (isfinite (spec->base_depth) && spec->base_depth >= 0.0, NULL);

  self = g_new0 (MusterFootprint, 1);
  self->spec = *spec;
  if (!(self->spec.spacing > 0.0) || !isfinite (self->spec.spacing))
    self->spec.spacing = 0.0;
  if (!isfinite (self->spec.facing))
    self->spec.facing = 0.0;
  if (self->spec.formation == MUSTER_FORMATION_SINGLE)
    self->spec.n_stands = 1;

  n = self->spec.n_stands;
  w = self->spec.base_width;
  d = self->spec.base_depth;
  files = default_files (&self->spec, n);

  switch (self->spec.formation)
    {
    case MUSTER_FORMATION_SQUARE:
      if (n >= 4)
        {
          files = MIN (files, n / 4);
          layout_square (n, files, w, d, local, outline);
          self->n_front = files;
          break;
        }
      /* Too few stands for a square: a line. */
      counts = rank_counts (MUSTER_FORMATION_LINE, n, n);
      layout_ranks (counts, w, d, 0.0, local, outline);
      break;

    case MUSTER_FORMATION_SKIRMISH:
      counts = rank_counts (self->spec.formation, n, files);
      layout_ranks (counts, w, d, self->spec.spacing, local, NULL);
      break;

    case MUSTER_FORMATION_LINE:
    case MUSTER_FORMATION_COLUMN:
    case MUSTER_FORMATION_WEDGE:
    case MUSTER_FORMATION_SINGLE:
    default:
      counts = rank_counts (self->spec.formation, n, files);
      layout_ranks (counts, w, d, self->spec.spacing, local, outline);
      break;
    }
  if (counts != NULL && counts->len > 0)
    self->n_front = g_array_index (counts, guint, 0);

  self->n_stands = local->len;
  self->stands = g_new (MusterStand, MAX (local->len, 1));
  for (guint i = 0; i < local->len; i++)
    {
      const Local *l = &g_array_index (local, Local, i);
      MusterRect rect = { { l->u, l->v }, d, w, l->turn };
      MusterPoint corners[4];

      self->stands[i].centre = to_table (self, l->u, l->v);
      self->stands[i].facing = muster_angle_normalize (self->spec.facing + l->turn);
      muster_rect_to_polygon (&rect, corners);
      for (guint c = 0; c < 4; c++)
        muster_box_extend (&extent, corners[c]);
    }
  if (!muster_box_is_empty (extent))
    {
      self->depth = extent.x1 - extent.x0;
      self->frontage = extent.y1 - extent.y0;
    }

  if (outline->len > 0)
    {
      for (guint i = 0; i < outline->len; i++)
        {
          MusterPoint *p = &g_array_index (outline, MusterPoint, i);

          *p = to_table (self, p->x, p->y);
        }
      self->n_outline = simplify_outline ((MusterPoint *) outline->data, outline->len);
      self->outline = g_memdup2 (outline->data, sizeof (MusterPoint) * self->n_outline);
    }
  else if (self->n_stands > 0)
    {
      /* Skirmishers: the hull of every stand's corners. */
      g_autofree MusterPoint *corners = g_new (MusterPoint, 4 * self->n_stands);

      for (guint i = 0; i < self->n_stands; i++)
        {
          MusterRect rect = muster_footprint_get_stand_rect (self, i);

          muster_rect_to_polygon (&rect, corners + 4 * i);
        }
      self->outline = g_new (MusterPoint, 4 * self->n_stands);
      self->n_outline = muster_polygon_convex_hull (corners, 4 * self->n_stands, self->outline);
    }

  return self;
}

void
muster_footprint_free (MusterFootprint *self)
{
  if (self == NULL)
    return;
  g_free (self->stands);
  g_free (self->outline);
  g_free (self);
}

/* Returns: (transfer none): the spec as used: defaults are not filled in, but a single stand
 * has n_stands 1 and a bad spacing or facing reads 0 */
const MusterFootprintSpec *
muster_footprint_get_spec (const MusterFootprint *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->spec;
}

guint
muster_footprint_get_n_stands (const MusterFootprint *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_stands;
}

MusterStand
muster_footprint_get_stand (const MusterFootprint *self,
                            guint                  index)
{
  g_return_val_if_fail (self != NULL, ((MusterStand) { { 0.0, 0.0 }, 0.0 }));
  g_return_val_if_fail (index < self->n_stands, ((MusterStand) { { 0.0, 0.0 }, 0.0 }));
  return self->stands[index];
}

/* Returns: the stand's base: width = depth along its facing, height = frontage; see
 * muster_rect_to_polygon() for its corners */
MusterRect
muster_footprint_get_stand_rect (const MusterFootprint *self,
                                 guint                  index)
{
  MusterStand stand;

  g_return_val_if_fail (self != NULL, ((MusterRect) { { 0.0, 0.0 }, 0.0, 0.0, 0.0 }));
  g_return_val_if_fail (index < self->n_stands, ((MusterRect) { { 0.0, 0.0 }, 0.0, 0.0, 0.0 }));

  stand = self->stands[index];
  return (MusterRect) { stand.centre, self->spec.base_depth, self->spec.base_width, stand.facing };
}

/**
 * muster_footprint_get_outline:
 * @n_points: (out): how many points
 *
 * The ground the unit covers: the stands and the gaps between them, a square's hollow middle
 * included. Close-order layouts give the exact (often concave) staircase around the ranks;
 * skirmishers give the convex hull of their stands. Vertices turn clockwise on screen.
 *
 * Returns: (transfer none) (array length=n_points): the outline
 */
const MusterPoint *
muster_footprint_get_outline (const MusterFootprint *self,
                              guint                 *n_points)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_points != NULL, NULL);

  *n_points = self->n_outline;
  return self->outline;
}

/* Returns: the outline as a polygon shape, valid while @self lives */
MusterShape
muster_footprint_get_shape (const MusterFootprint *self)
{
  g_return_val_if_fail (self != NULL, muster_shape_polygon (NULL, 0));
  return muster_shape_polygon (self->outline, self->n_outline);
}

MusterBox
muster_footprint_get_bounds (const MusterFootprint *self)
{
  g_return_val_if_fail (self != NULL, muster_box_empty ());
  return muster_polygon_bounds (self->outline, self->n_outline);
}

/* Returns: the unit's width across its facing, in its own frame */
double
muster_footprint_get_frontage (const MusterFootprint *self)
{
  g_return_val_if_fail (self != NULL, 0.0);
  return self->frontage;
}

/* Returns: the unit's depth along its facing, in its own frame. Its front edge is at
 * centre + depth / 2 along the facing. */
double
muster_footprint_get_depth (const MusterFootprint *self)
{
  g_return_val_if_fail (self != NULL, 0.0);
  return self->depth;
}

/* Returns: the front of the front rank (a square's front face), from its left end to its
 * right; a zero-length segment at the centre for a unit without stands */
MusterSegment
muster_footprint_get_front_edge (const MusterFootprint *self)
{
  MusterRect first, last;
  MusterPoint a[4], b[4];

  g_return_val_if_fail (self != NULL, ((MusterSegment) { { 0.0, 0.0 }, { 0.0, 0.0 } }));

  if (self->n_front == 0)
    return (MusterSegment) { self->spec.centre, self->spec.centre };
  first = muster_footprint_get_stand_rect (self, 0);
  last = muster_footprint_get_stand_rect (self, self->n_front - 1);
  muster_rect_to_polygon (&first, a);
  muster_rect_to_polygon (&last, b);
  return (MusterSegment) { a[0], b[1] };
}

/**
 * muster_footprint_get_facing_arrow:
 * @length: the arrow's length, mm
 *
 * An arrow from the middle of the front edge pointing the way the unit faces; its head is a
 * third of @length long and two fifths of it wide.
 */
MusterArrow
muster_footprint_get_facing_arrow (const MusterFootprint *self,
                                   double                 length)
{
  MusterSegment front;
  MusterVector forward, side;
  MusterArrow arrow;

  g_return_val_if_fail (self != NULL, ((MusterArrow) { { 0.0, 0.0 } }));

  front = muster_footprint_get_front_edge (self);
  forward = muster_vector_from_angle (self->spec.facing);
  side = (MusterVector) { -forward.y * length / 5.0, forward.x * length / 5.0 };
  arrow.tail = muster_segment_point_at (front, 0.5);
  arrow.tip = muster_point_add (arrow.tail, muster_vector_scale (forward, length));
  arrow.left = muster_point_add (arrow.tip, muster_vector_scale (forward, -length / 3.0));
  arrow.right = muster_point_add (arrow.left, side);
  arrow.left = muster_point_add (arrow.left, muster_vector_scale (side, -1.0));
  return arrow;
}

/* Returns: the index of the stand whose base holds @p (edges included), or -1 */
int
muster_footprint_stand_at (const MusterFootprint *self,
                           MusterPoint            p)
{
  g_return_val_if_fail (self != NULL, -1);

  if (!muster_box_contains_point (muster_box_inflate (muster_footprint_get_bounds (self),
                                                      MUSTER_GEOMETRY_EPSILON), p))
    return -1;
  for (guint i = 0; i < self->n_stands; i++)
    {
      MusterRect rect = muster_footprint_get_stand_rect (self, i);
      MusterPoint corners[4];

      muster_rect_to_polygon (&rect, corners);
      if (muster_polygon_contains_point (corners, 4, MUSTER_FILL_EVEN_ODD, p))
        return (int) i;
    }
  return -1;
}

/* Returns: the gap between the two outlines (0 if they touch or overlap); INFINITY if either
 * has no stands */
double
muster_footprint_distance (const MusterFootprint *a,
                           const MusterFootprint *b)
{
  MusterShape sa, sb;

  g_return_val_if_fail (a != NULL, INFINITY);
  g_return_val_if_fail (b != NULL, INFINITY);

  sa = muster_footprint_get_shape (a);
  sb = muster_footprint_get_shape (b);
  return muster_shape_distance (&sa, &sb);
}

/**
 * muster_footprint_stand_distance:
 * @stand_a: (out) (optional): the nearest stand of @a
 * @stand_b: (out) (optional): the nearest stand of @b
 *
 * The gap between the two closest stands (the way close and open order units measure), which
 * can exceed muster_footprint_distance() when the outlines' nearest parts are gaps.
 *
 * Returns: that gap; INFINITY if either unit has no stands
 */
double
muster_footprint_stand_distance (const MusterFootprint *a,
                                 const MusterFootprint *b,
                                 guint                 *stand_a,
                                 guint                 *stand_b)
{
  g_autofree MusterPoint *corners_b = NULL;
  double best = INFINITY;
  guint best_a = 0, best_b = 0;

  g_return_val_if_fail (a != NULL, INFINITY);
  g_return_val_if_fail (b != NULL, INFINITY);

  corners_b = g_new (MusterPoint, 4 * MAX (b->n_stands, 1));
  for (guint j = 0; j < b->n_stands; j++)
    {
      MusterRect rect = muster_footprint_get_stand_rect (b, j);

      muster_rect_to_polygon (&rect, corners_b + 4 * j);
    }

  for (guint i = 0; i < a->n_stands && best > 0.0; i++)
    {
      MusterRect rect = muster_footprint_get_stand_rect (a, i);
      MusterPoint corners_a[4];
      MusterShape sa = muster_shape_polygon (corners_a, 4);
      MusterBox box_a;

      muster_rect_to_polygon (&rect, corners_a);
      box_a = muster_polygon_bounds (corners_a, 4);
      for (guint j = 0; j < b->n_stands && best > 0.0; j++)
        {
          MusterShape sb = muster_shape_polygon (corners_b + 4 * j, 4);
          MusterBox box_b = muster_polygon_bounds (corners_b + 4 * j, 4);
          double distance;

          if (muster_box_distance (box_a, box_b) >= best)
            continue;
          distance = muster_shape_distance (&sa, &sb);
          if (distance < best)
            {
              best = distance;
              best_a = i;
              best_b = j;
            }
        }
    }

  if (stand_a != NULL)
    *stand_a = best_a;
  if (stand_b != NULL)
    *stand_b = best_b;
  return best;
}
