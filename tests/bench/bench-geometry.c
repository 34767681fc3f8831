/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <stdio.h>

#include "muster-engine.h"

/*
 * A crowded 6 × 4 ft table: 2,000 stands (100 units of 20) and 300 terrain pieces (concave
 * woods, ellipse hills, streams and walls). Times a click's hit test and a line of sight with
 * the spatial index against the naive way, an exact test of every item, and shows a scan that
 * checks each item's bounding box first as well. All three must give the same answers.
 */

#define N_UNITS          100
#define STANDS_PER_UNIT  20
#define N_STANDS         (N_UNITS * STANDS_PER_UNIT)
#define N_TERRAIN        300
#define N_ITEMS          (N_STANDS + N_TERRAIN)
#define TABLE_W          1828.8
#define TABLE_H          1219.2

typedef struct
{
  MusterShape  shape;
  MusterBox    box;
  MusterPoint  points[16];
} Item;

static Item items[N_ITEMS];

static void
build_table (GRand *rand)
{
  for (guint u = 0; u < N_UNITS; u++)
    {
      MusterFootprintSpec spec = {
        .formation = g_rand_boolean (rand) ? MUSTER_FORMATION_LINE : MUSTER_FORMATION_COLUMN,
        .n_stands = STANDS_PER_UNIT,
        .base_width = 40,
        .base_depth = 20,
        .files = g_rand_boolean (rand) ? 10 : 4,
        .centre = { g_rand_double_range (rand, 100, TABLE_W - 100),
                    g_rand_double_range (rand, 100, TABLE_H - 100) },
        .facing = g_rand_double_range (rand, -G_PI, G_PI),
      };
      g_autoptr(MusterFootprint) unit = muster_footprint_new (&spec);

      for (guint s = 0; s < STANDS_PER_UNIT; s++)
        {
          Item *item = &items[u * STANDS_PER_UNIT + s];
          MusterRect rect = muster_footprint_get_stand_rect (unit, s);

          muster_rect_to_polygon (&rect, item->points);
          item->shape = muster_shape_polygon (item->points, 4);
        }
    }

  for (guint t = 0; t < N_TERRAIN; t++)
    {
      Item *item = &items[N_STANDS + t];
      MusterPoint c = { g_rand_double_range (rand, 0, TABLE_W), g_rand_double_range (rand, 0, TABLE_H) };

      switch (t % 3)
        {
        case 0:   /* a wood: a star-shaped, usually concave polygon of 8 to 14 sides */
          {
            guint n = g_rand_int_range (rand, 8, 15);
            double radius = g_rand_double_range (rand, 30, 90);

            for (guint i = 0; i < n; i++)
              {
                double a = (i + g_rand_double_range (rand, 0.1, 0.9)) * 2 * G_PI / n;
                double r = g_rand_double_range (rand, radius / 2, radius);

                item->points[i] = (MusterPoint) { c.x + r * cos (a), c.y + r * sin (a) };
              }
            item->shape = muster_shape_polygon (item->points, n);
          }
          break;

        case 1:   /* a hill */
          {
            MusterEllipse hill = { c, g_rand_double_range (rand, 30, 90), g_rand_double_range (rand, 20, 60),
                                   g_rand_double_range (rand, -G_PI, G_PI) };

            item->shape = muster_shape_ellipse (&hill);
          }
          break;

        default:  /* a stream or a wall */
          {
            guint n = g_rand_int_range (rand, 2, 6);

            item->points[0] = c;
            for (guint i = 1; i < n; i++)
              item->points[i] = muster_point_add (item->points[i - 1], (MusterVector) {
                g_rand_double_range (rand, -80, 80), g_rand_double_range (rand, -80, 80) });
            item->shape = muster_shape_polyline (item->points, n, g_rand_double_range (rand, 3, 25));
          }
          break;
        }
    }

  for (guint i = 0; i < N_ITEMS; i++)
    items[i].box = muster_shape_bounds (&items[i].shape);
}

/* The answer to a click: the topmost item (stands over terrain, later over earlier), or -1. */
static int
topmost (int   hit,
         guint id)
{
  int rank_hit = hit < 0 ? -1 : (hit < N_STANDS ? hit + N_ITEMS : hit);
  int rank_id = id < N_STANDS ? (int) id + N_ITEMS : (int) id;

  return rank_id > rank_hit ? (int) id : hit;
}

static int
click_indexed (MusterSpatial *index,
               GArray        *ids,
               MusterPoint    p)
{
  int hit = -1;

  g_array_set_size (ids, 0);
  muster_spatial_query_point (index, p, ids);
  for (guint i = 0; i < ids->len; i++)
    {
      guint id = g_array_index (ids, guint, i);

      if (muster_shape_contains_point (&items[id].shape, p))
        hit = topmost (hit, id);
    }
  return hit;
}

static int
click_scan (MusterPoint p,
            gboolean    boxes)
{
  int hit = -1;

  for (guint id = 0; id < N_ITEMS; id++)
    if ((!boxes || muster_box_contains_point (items[id].box, p)) &&
        muster_shape_contains_point (&items[id].shape, p))
      hit = topmost (hit, id);
  return hit;
}

/* The answer to a line of sight: how many terrain pieces it touches, plus where it first
 * touches one (which keeps the compiler honest and lets the ways be compared). */
typedef struct
{
  double count;
  double first;
} Sight;

static void
sight_through (Sight         *sight,
               guint          id,
               MusterSegment  s)
{
  double t0, t1;

  if (muster_shape_intersect_segment (&items[id].shape, s, &t0, &t1))
    {
      sight->count += 1.0;
      sight->first = MIN (sight->first, t0);
    }
}

static double
sight_indexed (MusterSpatial *terrain,
               GArray        *ids,
               MusterSegment  s)
{
  Sight sight = { 0.0, 1.0 };

  g_array_set_size (ids, 0);
  muster_spatial_query_segment (terrain, s, ids);
  for (guint i = 0; i < ids->len; i++)
    sight_through (&sight, g_array_index (ids, guint, i), s);
  return sight.count + sight.first;
}

static double
sight_scan (MusterSegment s,
            gboolean      boxes)
{
  Sight sight = { 0.0, 1.0 };

  for (guint id = N_STANDS; id < N_ITEMS; id++)
    if (!boxes || muster_box_intersects_segment (items[id].box, s))
      sight_through (&sight, id, s);
  return sight.count + sight.first;
}

typedef enum
{
  INDEXED,
  NAIVE,     /* an exact test of every item */
  BOXES,     /* every item's bounding box, then an exact test */
} Way;

static MusterSpatial *everything, *terrain;
static GArray *ids;
static MusterPoint *clicks;
static MusterSegment *sights;

static double
click (guint i,
       Way   way)
{
  return way == INDEXED ? click_indexed (everything, ids, clicks[i]) : click_scan (clicks[i], way == BOXES);
}

static double
sight (guint i,
       Way   way)
{
  return way == INDEXED ? sight_indexed (terrain, ids, sights[i]) : sight_scan (sights[i], way == BOXES);
}

/* Milliseconds a call, over @n calls; the answers go into *sum so that none is optimised out. */
static double
time_ms (double  (*query) (guint, Way),
         Way       way,
         guint     n,
         double   *sum)
{
  gint64 start = g_get_monotonic_time ();

  for (guint i = 0; i < n; i++)
    *sum += query (i, way);
  return (g_get_monotonic_time () - start) / 1000.0 / n;
}

static void
report (const char *what,
        double      (*query) (guint, Way),
        guint       n,
        double      target,
        double     *sum)
{
  double indexed = time_ms (query, INDEXED, n, sum);
  double naive = time_ms (query, NAIVE, n / 10, sum);
  double boxes = time_ms (query, BOXES, n / 4, sum);

  printf ("%s\n  indexed %.5f ms (target < %g ms: %s); naive linear scan %.5f ms, ratio %.1f; "
          "scan with box checks %.5f ms, ratio %.1f\n",
          what, indexed, target, indexed < target ? "met" : "MISSED", naive, naive / indexed,
          boxes, boxes / indexed);
}

int
main (int   argc,
      char *argv[])
{
  GRand *rand = g_rand_new_with_seed (1815);
  const guint n_clicks = 200000, n_sights = 20000;
  double sum = 0;

  everything = muster_spatial_new (MUSTER_SPATIAL_DEFAULT_CELL);
  terrain = muster_spatial_new (MUSTER_SPATIAL_DEFAULT_CELL);
  ids = g_array_new (FALSE, FALSE, sizeof (guint));

  build_table (rand);
  for (guint id = 0; id < N_ITEMS; id++)
    {
      muster_spatial_insert (everything, id, items[id].box);
      if (id >= N_STANDS)
        muster_spatial_insert (terrain, id, items[id].box);
    }

  clicks = g_new (MusterPoint, n_clicks);
  for (guint i = 0; i < n_clicks; i++)
    clicks[i] = (MusterPoint) { g_rand_double_range (rand, 0, TABLE_W), g_rand_double_range (rand, 0, TABLE_H) };

  /* Sights from one long edge of the table to the other, and some shorter ones. */
  sights = g_new (MusterSegment, n_sights);
  for (guint i = 0; i < n_sights; i++)
    {
      MusterPoint a = { g_rand_double_range (rand, 0, TABLE_W), 0 };
      MusterPoint b = { g_rand_double_range (rand, 0, TABLE_W), TABLE_H };

      if (i % 4 == 3)
        b = muster_point_lerp (a, b, g_rand_double_range (rand, 0.1, 0.5));
      sights[i] = (MusterSegment) { a, b };
    }

  /* The three ways agree. */
  for (guint i = 0; i < n_clicks; i += 7)
    {
      g_assert_cmpfloat (click (i, INDEXED), ==, click (i, NAIVE));
      g_assert_cmpfloat (click (i, INDEXED), ==, click (i, BOXES));
    }
  for (guint i = 0; i < n_sights; i++)
    {
      g_assert_cmpfloat (sight (i, INDEXED), ==, sight (i, NAIVE));
      g_assert_cmpfloat (sight (i, INDEXED), ==, sight (i, BOXES));
    }

  report ("click among 2,000 stands + 300 terrain pieces", click, n_clicks, 0.1, &sum);
  report ("line of sight across a 6 x 4 ft table through 300 terrain pieces", sight, n_sights, 1.0, &sum);

  /* For the measuring tool: the nearest gap between a unit and a hill, and between two hills. */
  {
    MusterFootprintSpec spec = { MUSTER_FORMATION_LINE, 12, 40, 20, 6, 0, 0, { 900, 600 }, 0.3 };
    g_autoptr(MusterFootprint) unit = muster_footprint_new (&spec);
    MusterShape shape = muster_footprint_get_shape (unit);
    gint64 start = g_get_monotonic_time ();
    const guint n = 200;

    for (guint i = 0; i < n; i++)
      sum += muster_shape_distance (&shape, &items[N_STANDS + 1 + 3 * (i % 100)].shape);
    printf ("nearest gap, 12-stand unit to an ellipse hill: %.5f ms a pair\n",
            (g_get_monotonic_time () - start) / 1000.0 / n);
    start = g_get_monotonic_time ();
    for (guint i = 0; i < n; i++)
      sum += muster_shape_distance (&items[N_STANDS + 1 + 3 * (i % 100)].shape,
                                    &items[N_STANDS + 4 + 3 * (i % 99)].shape);
    printf ("nearest gap, ellipse hill to ellipse hill: %.5f ms a pair\n",
            (g_get_monotonic_time () - start) / 1000.0 / n);
  }

  g_assert_true (isfinite (sum));
  g_free (clicks);
  g_free (sights);
  g_array_unref (ids);
  muster_spatial_free (terrain);
  muster_spatial_free (everything);
  g_rand_free (rand);
  return 0;
}
