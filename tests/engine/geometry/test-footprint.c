/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-engine.h"

#define P(x, y) ((MusterPoint) { (x), (y) })

static MusterFootprint *
make (MusterFormation formation,
      guint           n_stands,
      guint           files,
      double          spacing,
      MusterPoint     centre,
      double          facing)
{
  MusterFootprintSpec spec = {
    .formation = formation,
    .n_stands = n_stands,
    .base_width = 40,
    .base_depth = 20,
    .files = files,
    .spacing = spacing,
    .centre = centre,
    .facing = facing,
  };

  return muster_footprint_new (&spec);
}

static void
assert_point (MusterPoint p,
              double      x,
              double      y)
{
  g_assert_cmpfloat_with_epsilon (p.x, x, 1e-9);
  g_assert_cmpfloat_with_epsilon (p.y, y, 1e-9);
}

static double
outline_area (const MusterFootprint *fp,
              guint                 *n_points)
{
  const MusterPoint *outline = muster_footprint_get_outline (fp, n_points);

  /* Clockwise on screen means a positive signed area. */
  g_assert_cmpfloat (muster_polygon_signed_area (outline, *n_points), >, 0.0);
  return muster_polygon_area (outline, *n_points);
}

static gboolean
outline_contains (const MusterFootprint *fp,
                  MusterPoint            p)
{
  MusterShape shape = muster_footprint_get_shape (fp);

  return muster_shape_contains_point (&shape, p);
}

static void
test_line (void)
{
  g_autoptr(MusterFootprint) fp = make (MUSTER_FORMATION_LINE, 6, 0, 0, P (500, 300), 0);
  MusterSegment front;
  MusterStand stand;
  guint n;

  g_assert_cmpuint (muster_footprint_get_n_stands (fp), ==, 6);
  g_assert_cmpfloat_with_epsilon (muster_footprint_get_frontage (fp), 240, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_footprint_get_depth (fp), 20, 1e-9);
  g_assert_cmpfloat_with_epsilon (outline_area (fp, &n), 4800, 1e-9);
  g_assert_cmpuint (n, ==, 4);

  /* Facing east (+x), the left of the line is up the screen (-y): stand 0 is the top one. */
  stand = muster_footprint_get_stand (fp, 0);
  assert_point (stand.centre, 500, 200);
  g_assert_cmpfloat (stand.facing, ==, 0.0);
  assert_point (muster_footprint_get_stand (fp, 5).centre, 500, 400);

  front = muster_footprint_get_front_edge (fp);
  assert_point (front.a, 510, 180);
  assert_point (front.b, 510, 420);

  g_assert_true (outline_contains (fp, P (505, 410)));
  g_assert_false (outline_contains (fp, P (511, 300)));
  g_assert_cmpint (muster_footprint_stand_at (fp, P (495, 215)), ==, 0);
  g_assert_cmpint (muster_footprint_stand_at (fp, P (495, 225)), ==, 1);
  g_assert_cmpint (muster_footprint_stand_at (fp, P (495, 421)), ==, -1);
}

static void
test_ranks_and_short_rear_rank (void)
{
  MusterFootprintSpec spec = {
    MUSTER_FORMATION_LINE, 6, 40, 20, 0, 2, 0, { 0, 0 }, 0,
  };
  g_autoptr(MusterFootprint) by_ranks = muster_footprint_new (&spec);
  g_autoptr(MusterFootprint) short_rear = make (MUSTER_FORMATION_LINE, 5, 3, 0, P (0, 0), 0);
  guint n;

  /* Two ranks asked for: three files. */
  g_assert_cmpfloat_with_epsilon (muster_footprint_get_frontage (by_ranks), 120, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_footprint_get_depth (by_ranks), 40, 1e-9);
  assert_point (muster_footprint_get_stand (by_ranks, 3).centre, -10, -40);

  /* Three in front, two behind and centred: a concave eight-sided outline. */
  g_assert_cmpfloat_with_epsilon (outline_area (short_rear, &n), 120 * 20 + 80 * 20, 1e-9);
  g_assert_cmpuint (n, ==, 8);
  assert_point (muster_footprint_get_stand (short_rear, 3).centre, -10, -20);
  assert_point (muster_footprint_get_stand (short_rear, 4).centre, -10, 20);
  g_assert_true (outline_contains (short_rear, P (-15, 35)));
  g_assert_false (outline_contains (short_rear, P (-15, 50)));    /* the missing corner */
  g_assert_true (outline_contains (short_rear, P (5, 50)));
}

static void
test_column (void)
{
  g_autoptr(MusterFootprint) march = make (MUSTER_FORMATION_COLUMN, 4, 0, 0, P (0, 0), G_PI / 2);
  g_autoptr(MusterFootprint) open = make (MUSTER_FORMATION_COLUMN, 4, 0, 0.5, P (0, 0), 0);
  guint n;

  g_assert_cmpfloat_with_epsilon (muster_footprint_get_frontage (march), 40, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_footprint_get_depth (march), 80, 1e-9);
  /* Facing down the screen: the head of the column is at +y. */
  assert_point (muster_footprint_get_stand (march, 0).centre, 0, 30);
  assert_point (muster_footprint_get_stand (march, 3).centre, 0, -30);

  /* Half a base depth between ranks: the gaps belong to the unit. */
  g_assert_cmpfloat_with_epsilon (muster_footprint_get_depth (open), 4 * 20 + 3 * 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (outline_area (open, &n), 40 * 110, 1e-9);
  g_assert_cmpint (muster_footprint_stand_at (open, P (30, 0)), ==, -1);   /* in a gap */
  g_assert_true (outline_contains (open, P (30, 0)));
  g_assert_cmpint (muster_footprint_stand_at (open, P (45, 0)), ==, 0);
}

static void
test_wedge (void)
{
  g_autoptr(MusterFootprint) fp = make (MUSTER_FORMATION_WEDGE, 6, 0, 0, P (100, 100), 0);
  g_autoptr(MusterFootprint) ragged = make (MUSTER_FORMATION_WEDGE, 8, 0, 0, P (100, 100), 0);
  guint n;

  g_assert_cmpfloat_with_epsilon (muster_footprint_get_frontage (fp), 120, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_footprint_get_depth (fp), 60, 1e-9);
  g_assert_cmpfloat_with_epsilon (outline_area (fp, &n), 6 * 800, 1e-9);
  g_assert_cmpuint (n, ==, 12);
  assert_point (muster_footprint_get_stand (fp, 0).centre, 120, 100);   /* the point */
  g_assert_true (outline_contains (fp, P (125, 100)));
  g_assert_false (outline_contains (fp, P (125, 125)));                 /* beside the point */
  g_assert_true (outline_contains (fp, P (75, 155)));

  /* 1 + 2 + 3 and two left over, centred in a fourth rank. */
  g_assert_cmpfloat_with_epsilon (muster_footprint_get_depth (ragged), 80, 1e-9);
  g_assert_cmpfloat_with_epsilon (outline_area (ragged, &n), 8 * 800, 1e-9);
}

static void
test_square (void)
{
  g_autoptr(MusterFootprint) fp = make (MUSTER_FORMATION_SQUARE, 8, 0, 0, P (0, 0), 0);
  g_autoptr(MusterFootprint) extra = make (MUSTER_FORMATION_SQUARE, 10, 0, 0, P (0, 0), 0);
  g_autoptr(MusterFootprint) broken = make (MUSTER_FORMATION_SQUARE, 3, 0, 0, P (0, 0), 0);
  double facings[] = { 0, 0, G_PI / 2, G_PI / 2, G_PI, G_PI, -G_PI / 2, -G_PI / 2 };
  guint n, a, b;

  /* Two stands a face; the outer side is 2 × 40 + 2 × 20 with the corners empty. */
  g_assert_cmpfloat_with_epsilon (muster_footprint_get_frontage (fp), 120, 1e-9);
  g_assert_cmpfloat_with_epsilon (outline_area (fp, &n), 120 * 120 - 4 * 20 * 20, 1e-9);
  g_assert_cmpuint (n, ==, 12);
  for (guint i = 0; i < 8; i++)
    g_assert_cmpfloat_with_epsilon (muster_footprint_get_stand (fp, i).facing, facings[i], 1e-12);
  assert_point (muster_footprint_get_stand (fp, 0).centre, 50, -20);
  assert_point (muster_footprint_get_stand (fp, 2).centre, 20, 50);

  /* The faces touch at the corners and do not overlap. */
  {
    g_autoptr(MusterFootprint) front = make (MUSTER_FORMATION_SINGLE, 1, 0, 0, P (50, 20), 0);
    g_autoptr(MusterFootprint) right = make (MUSTER_FORMATION_SINGLE, 1, 0, 0, P (20, 50), G_PI / 2);

    g_assert_cmpfloat (muster_footprint_distance (front, right), ==, 0.0);
    assert_point (muster_footprint_get_stand (fp, 1).centre, 50, 20);
    assert_point (muster_footprint_get_stand (fp, 2).centre, 20, 50);
    g_assert_cmpint (muster_footprint_stand_at (fp, P (35, 35)), ==, -1);   /* the hollow */
    g_assert_false (outline_contains (fp, P (55, 55)));                      /* an empty corner */
  }

  /* The middle is the unit's ground but no stand's. */
  g_assert_true (outline_contains (fp, P (0, 0)));
  g_assert_cmpint (muster_footprint_stand_at (fp, P (0, 0)), ==, -1);
  g_assert_cmpint (muster_footprint_stand_at (fp, P (-55, 0)), ==, 4);
  g_assert_cmpfloat (muster_footprint_stand_distance (fp, fp, &a, &b), ==, 0.0);

  /* Spare stands stand inside. */
  g_assert_cmpuint (muster_footprint_get_n_stands (extra), ==, 10);
  assert_point (muster_footprint_get_stand (extra, 8).centre, 0, -20);
  assert_point (muster_footprint_get_stand (extra, 9).centre, 0, 20);

  /* Too few for a square: a line. */
  g_assert_cmpuint (muster_footprint_get_n_stands (broken), ==, 3);
  g_assert_cmpfloat (muster_footprint_get_stand (broken, 2).facing, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (outline_area (broken, &n), 3 * 800, 1e-9);
  g_assert_cmpuint (n, ==, 4);
}

static void
test_skirmish_and_single (void)
{
  g_autoptr(MusterFootprint) screen = make (MUSTER_FORMATION_SKIRMISH, 6, 0, 1, P (0, 0), 0);
  g_autoptr(MusterFootprint) cloud = make (MUSTER_FORMATION_SKIRMISH, 6, 3, 1, P (0, 0), 0);
  g_autoptr(MusterFootprint) vignette = make (MUSTER_FORMATION_SINGLE, 12, 0, 0, P (7, 9), 0.5);
  guint n;

  /* One base width between files. */
  g_assert_cmpfloat_with_epsilon (muster_footprint_get_frontage (screen), 6 * 40 + 5 * 40, 1e-9);
  g_assert_cmpfloat_with_epsilon (outline_area (screen, &n), 440 * 20, 1e-9);
  g_assert_cmpint (muster_footprint_stand_at (screen, P (0, 0)), ==, -1);
  g_assert_cmpint (muster_footprint_stand_at (screen, P (0, 60)), ==, 3);
  g_assert_cmpfloat_with_epsilon (muster_footprint_get_depth (cloud), 60, 1e-9);
  g_assert_cmpfloat_with_epsilon (outline_area (cloud, &n), 200 * 60, 1e-9);

  g_assert_cmpuint (muster_footprint_get_n_stands (vignette), ==, 1);
  g_assert_cmpuint (muster_footprint_get_spec (vignette)->n_stands, ==, 1);
  assert_point (muster_footprint_get_stand (vignette, 0).centre, 7, 9);
  g_assert_cmpfloat_with_epsilon (outline_area (vignette, &n), 800, 1e-9);
  g_assert_cmpuint (n, ==, 4);
}

static void
test_turning (void)
{
  MusterFormation formations[] = {
    MUSTER_FORMATION_LINE, MUSTER_FORMATION_COLUMN, MUSTER_FORMATION_SQUARE,
    MUSTER_FORMATION_WEDGE, MUSTER_FORMATION_SKIRMISH,
  };

  /* A footprint turned about its centre is the unturned one, turned. */
  for (guint f = 0; f < G_N_ELEMENTS (formations); f++)
    {
      g_autoptr(MusterFootprint) still = make (formations[f], 9, 0, 0.25, P (300, 200), 0);
      g_autoptr(MusterFootprint) turned = make (formations[f], 9, 0, 0.25, P (300, 200), 1.0);
      MusterAffine about = muster_affine_translate (-300, -200);
      MusterAffine rotate = muster_affine_rotate (1.0), back = muster_affine_translate (300, 200);
      MusterAffine step = muster_affine_multiply (&about, &rotate);
      MusterAffine all = muster_affine_multiply (&step, &back);
      const MusterPoint *a, *b;
      guint na, nb;

      for (guint i = 0; i < muster_footprint_get_n_stands (still); i++)
        {
          MusterStand s = muster_footprint_get_stand (still, i);
          MusterStand t = muster_footprint_get_stand (turned, i);
          MusterPoint expected = muster_affine_apply (&all, s.centre);

          assert_point (t.centre, expected.x, expected.y);
          g_assert_cmpfloat_with_epsilon (muster_angle_normalize (t.facing - s.facing - 1.0), 0, 1e-12);
        }
      a = muster_footprint_get_outline (still, &na);
      b = muster_footprint_get_outline (turned, &nb);
      if (formations[f] != MUSTER_FORMATION_SKIRMISH)   /* a hull may keep near-collinear points */
        g_assert_cmpuint (na, ==, nb);
      g_assert_cmpfloat_with_epsilon (muster_polygon_area (a, na), muster_polygon_area (b, nb), 1e-6);
      g_assert_cmpfloat_with_epsilon (muster_footprint_get_frontage (still),
                                      muster_footprint_get_frontage (turned), 1e-9);
    }
}

static void
test_front_edge_and_arrow (void)
{
  g_autoptr(MusterFootprint) fp = make (MUSTER_FORMATION_LINE, 4, 2, 0, P (0, 0), G_PI / 2);
  MusterSegment front = muster_footprint_get_front_edge (fp);
  MusterArrow arrow = muster_footprint_get_facing_arrow (fp, 30);

  /* Facing +y: the front is at y = +20, its left end at +x. */
  assert_point (front.a, 40, 20);
  assert_point (front.b, -40, 20);
  assert_point (arrow.tail, 0, 20);
  assert_point (arrow.tip, 0, 50);
  assert_point (arrow.left, 6, 40);
  assert_point (arrow.right, -6, 40);
  g_assert_cmpfloat_with_epsilon (muster_point_distance (arrow.tip, arrow.left),
                                  muster_point_distance (arrow.tip, arrow.right), 1e-12);
  g_assert_cmpfloat (arrow.tip.y, !=, -50);
}

static void
test_distances (void)
{
  g_autoptr(MusterFootprint) ours = make (MUSTER_FORMATION_LINE, 4, 0, 0, P (0, 0), 0);
  g_autoptr(MusterFootprint) theirs = make (MUSTER_FORMATION_LINE, 4, 0, 0, P (120, 0), G_PI);
  g_autoptr(MusterFootprint) touching = make (MUSTER_FORMATION_LINE, 4, 0, 0, P (20, 0), G_PI);
  g_autoptr(MusterFootprint) flank = make (MUSTER_FORMATION_COLUMN, 3, 0, 0, P (0, 200), 0);
  GRand *rand = g_rand_new_with_seed (5);
  guint a, b;

  /* Lines face to face, fronts 100 apart. */
  g_assert_cmpfloat_with_epsilon (muster_footprint_distance (ours, theirs), 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_footprint_stand_distance (ours, theirs, &a, &b), 100, 1e-9);
  g_assert_cmpfloat (muster_footprint_distance (ours, touching), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (muster_footprint_stand_distance (ours, flank, &a, &b), 100, 1e-9);
  g_assert_cmpuint (a, ==, 3);
  g_assert_cmpuint (b, ==, 0);

  /* Close order outlines are the union of the bases: both measures agree. Skirmishers'
   * outlines cover their gaps, so their stands are never nearer than the outline. */
  for (guint i = 0; i < 200; i++)
    {
      gboolean close = i % 2 == 0;
      MusterFormation formation = close ? (MusterFormation) g_rand_int_range (rand, 0, 2)
                                        : MUSTER_FORMATION_SKIRMISH;
      g_autoptr(MusterFootprint) x = make (formation, g_rand_int_range (rand, 1, 12),
                                           g_rand_int_range (rand, 0, 4), close ? 0 : 0.5,
                                           P (g_rand_double_range (rand, 0, 600), g_rand_double_range (rand, 0, 400)),
                                           g_rand_double_range (rand, -G_PI, G_PI));
      g_autoptr(MusterFootprint) y = make (formation, g_rand_int_range (rand, 1, 12),
                                           g_rand_int_range (rand, 0, 4), close ? 0 : 0.5,
                                           P (g_rand_double_range (rand, 0, 600), g_rand_double_range (rand, 0, 400)),
                                           g_rand_double_range (rand, -G_PI, G_PI));
      double outline = muster_footprint_distance (x, y);
      double stands = muster_footprint_stand_distance (x, y, NULL, NULL);

      if (close)
        g_assert_cmpfloat_with_epsilon (outline, stands, 1e-9);
      else
        g_assert_cmpfloat (outline, <=, stands + 1e-9);
    }
  g_rand_free (rand);
}

static void
test_degenerate (void)
{
  g_autoptr(MusterFootprint) none = make (MUSTER_FORMATION_LINE, 0, 0, 0, P (5, 5), 0);
  g_autoptr(MusterFootprint) one = make (MUSTER_FORMATION_SQUARE, 1, 0, 0, P (5, 5), 0);
  MusterFootprintSpec flat = { MUSTER_FORMATION_WEDGE, 6, 0, 0, 0, 0, NAN, { 1, 1 }, NAN };
  MusterFootprintSpec bad = { MUSTER_FORMATION_LINE, 6, -40, 20, 0, 0, 0, { 1, 1 }, 0 };
  g_autoptr(MusterFootprint) dots = muster_footprint_new (&flat);
  MusterSegment front;
  guint n;

  g_assert_cmpuint (muster_footprint_get_n_stands (none), ==, 0);
  g_assert_null (muster_footprint_get_outline (none, &n));
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpfloat (muster_footprint_distance (none, one), ==, INFINITY);
  g_assert_cmpfloat (muster_footprint_stand_distance (none, one, NULL, NULL), ==, INFINITY);
  front = muster_footprint_get_front_edge (none);
  assert_point (front.a, 5, 5);
  g_assert_cmpint (muster_footprint_stand_at (none, P (5, 5)), ==, -1);

  g_assert_cmpuint (muster_footprint_get_n_stands (one), ==, 1);
  g_assert_cmpint (muster_footprint_stand_at (one, P (5, 5)), ==, 0);

  /* Zero-sized bases, NaN spacing and facing: all on one point, nothing NaN. */
  g_assert_nonnull (dots);
  for (guint i = 0; i < muster_footprint_get_n_stands (dots); i++)
    assert_point (muster_footprint_get_stand (dots, i).centre, 1, 1);
  g_assert_false (isnan (muster_footprint_distance (dots, one)));
  g_assert_cmpfloat (muster_footprint_distance (dots, one), ==, 0.0);    /* (1, 1) is on its base */

  g_test_expect_message ("muster-footprint", G_LOG_LEVEL_CRITICAL, "*base_width*");
  g_assert_null (muster_footprint_new (&bad));
  g_test_assert_expected_messages ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/footprint/line", test_line);
  g_test_add_func ("/engine/footprint/ranks", test_ranks_and_short_rear_rank);
  g_test_add_func ("/engine/footprint/column", test_column);
  g_test_add_func ("/engine/footprint/wedge", test_wedge);
  g_test_add_func ("/engine/footprint/square", test_square);
  g_test_add_func ("/engine/footprint/skirmish-and-single", test_skirmish_and_single);
  g_test_add_func ("/engine/footprint/turning", test_turning);
  g_test_add_func ("/engine/footprint/front-edge-and-arrow", test_front_edge_and_arrow);
  g_test_add_func ("/engine/footprint/distances", test_distances);
  g_test_add_func ("/engine/footprint/degenerate", test_degenerate);

  return g_test_run ();
}
