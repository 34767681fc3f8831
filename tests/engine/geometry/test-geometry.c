/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-engine.h"

#define P(x, y) ((MusterPoint) { (x), (y) })
#define SEG(ax, ay, bx, by) ((MusterSegment) { P (ax, ay), P (bx, by) })

static const MusterPoint unit_square[] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };

/* A U open at the top (y = 0): arms x 0..10 and 20..30, the notch between them down to y 20. */
static const MusterPoint notch[] = {
  { 0, 0 }, { 10, 0 }, { 10, 20 }, { 20, 20 }, { 20, 0 }, { 30, 0 }, { 30, 30 }, { 0, 30 },
};

static void
assert_point (MusterPoint p,
              double      x,
              double      y,
              double      tolerance)
{
  g_assert_cmpfloat (fabs (p.x - x), <=, tolerance);
  g_assert_cmpfloat (fabs (p.y - y), <=, tolerance);
}

static void
test_units_and_angles (void)
{
  g_assert_cmpfloat (muster_mm_from_inches (1.0), ==, 25.4);
  g_assert_cmpfloat_with_epsilon (muster_mm_from_inches (72.0), 1828.8, 1e-9);   /* 6 ft */
  g_assert_cmpfloat_with_epsilon (muster_mm_to_inches (50.8), 2.0, 1e-12);
  g_assert_cmpfloat (muster_mm_from_cm (40.0), ==, 400.0);
  g_assert_cmpfloat (muster_mm_to_cm (600.0), ==, 60.0);
  g_assert_cmpfloat (muster_mm_to_inches (25.0), !=, 1.0);

  g_assert_cmpfloat_with_epsilon (muster_angle_from_degrees (90.0), G_PI / 2, 1e-15);
  g_assert_cmpfloat_with_epsilon (muster_angle_to_degrees (G_PI), 180.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_angle_normalize (3 * G_PI), G_PI, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_angle_normalize (-G_PI), G_PI, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_angle_normalize (-G_PI / 2 - 4 * G_PI), -G_PI / 2, 1e-12);
  g_assert_cmpfloat (muster_angle_normalize (NAN), ==, 0.0);
  g_assert_cmpfloat (muster_angle_normalize (INFINITY), ==, 0.0);
}

static void
test_vectors (void)
{
  MusterVector zero = muster_vector_normalize ((MusterVector) { 0, 0 });
  MusterVector v = muster_vector_normalize ((MusterVector) { 3, 4 });
  MusterVector r = muster_vector_rotate ((MusterVector) { 1, 0 }, G_PI / 2);

  g_assert_cmpfloat (zero.x, ==, 0.0);
  g_assert_cmpfloat (zero.y, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (v.x, 0.6, 1e-15);
  g_assert_cmpfloat_with_epsilon (v.y, 0.8, 1e-15);
  /* +x turned a quarter goes to +y: down the screen, the right hand of a unit facing east. */
  g_assert_cmpfloat_with_epsilon (r.x, 0.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (r.y, 1.0, 1e-15);
  g_assert_cmpfloat (muster_vector_cross ((MusterVector) { 1, 0 }, (MusterVector) { 0, 1 }), >, 0);
  g_assert_cmpfloat (muster_vector_cross ((MusterVector) { 0, 1 }, (MusterVector) { 1, 0 }), <, 0);
  g_assert_cmpfloat (muster_vector_angle ((MusterVector) { 0, 0 }), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (muster_vector_angle ((MusterVector) { 0, -2 }), -G_PI / 2, 1e-15);
}

static void
test_affine (void)
{
  MusterAffine t = muster_affine_translate (10, 20);
  MusterAffine r = muster_affine_rotate (G_PI / 2);
  MusterAffine s = muster_affine_scale (2, 3);
  MusterAffine tr = muster_affine_multiply (&t, &r);
  MusterAffine all = muster_affine_multiply (&tr, &s);
  MusterAffine inverse, singular = muster_affine_scale (0, 1), untouched = muster_affine_identity ();
  MusterPoint p;
  MusterVector v;

  /* Translate first, then rotate: (1, 0) → (11, 20) → (-20, 11). */
  p = muster_affine_apply (&tr, P (1, 0));
  assert_point (p, -20, 11, 1e-12);
  p = muster_affine_apply (&all, P (1, 0));
  assert_point (p, -40, 33, 1e-12);

  g_assert_true (muster_affine_invert (&all, &inverse));
  p = muster_affine_apply (&inverse, muster_affine_apply (&all, P (123.25, -7.5)));
  assert_point (p, 123.25, -7.5, 1e-12);

  /* A vector ignores the translation. */
  v = muster_affine_apply_vector (&t, (MusterVector) { 1, 2 });
  g_assert_cmpfloat (v.x, ==, 1.0);
  g_assert_cmpfloat (v.y, ==, 2.0);

  g_assert_false (muster_affine_invert (&singular, &untouched));
  g_assert_cmpfloat (untouched.xx, ==, 1.0);
}

static void
test_boxes (void)
{
  MusterBox empty = muster_box_empty ();
  MusterBox a = muster_box_from_points (P (10, 10), P (0, 0));
  MusterBox b = { 10, 5, 20, 6 };
  MusterBox c = { 10.5, 0, 20, 1 };

  g_assert_true (muster_box_is_empty (empty));
  g_assert_false (muster_box_is_empty (a));
  g_assert_cmpfloat (a.x0, ==, 0.0);
  g_assert_true (muster_box_is_empty (muster_box_inflate (empty, 5)));

  muster_box_extend (&empty, P (3, 4));
  g_assert_false (muster_box_is_empty (empty));
  g_assert_true (muster_box_contains_point (empty, P (3, 4)));
  g_assert_cmpfloat (muster_box_union (a, muster_box_empty ()).x1, ==, 10.0);
  assert_point (muster_box_centre (a), 5, 5, 0);

  /* Closed boxes: touching counts. */
  g_assert_true (muster_box_intersects (a, b));
  g_assert_false (muster_box_intersects (a, c));
  g_assert_false (muster_box_intersects (a, muster_box_empty ()));
  g_assert_true (muster_box_contains_point (a, P (10, 0)));
  g_assert_false (muster_box_contains_point (a, P (10.001, 0)));
  g_assert_cmpfloat (muster_box_distance (a, c), ==, 0.5);
  g_assert_cmpfloat (muster_box_distance (a, b), ==, 0.0);
  g_assert_cmpfloat (muster_box_distance (a, muster_box_empty ()), ==, INFINITY);

  g_assert_true (muster_box_intersects_segment (a, SEG (-5, 5, 15, 5)));
  g_assert_true (muster_box_intersects_segment (a, SEG (-5, 10, 15, 10)));     /* along an edge */
  g_assert_true (muster_box_intersects_segment (a, SEG (5, 5, 5, 5)));         /* a point inside */
  g_assert_false (muster_box_intersects_segment (a, SEG (11, 5, 11, 5)));
  g_assert_false (muster_box_intersects_segment (a, SEG (-5, 11, 15, 11)));
  g_assert_false (muster_box_intersects_segment (a, SEG (-5, 4, 4, 15.5)));    /* passes a corner */
  g_assert_true (muster_box_intersects_segment (a, SEG (-5, 5, 5, 15)));       /* grazes (0, 10) */
}

static void
test_segment_distance (void)
{
  MusterSegment s = SEG (0, 0, 10, 0);
  double ta, tb;

  g_assert_cmpfloat (muster_segment_distance_to_point (s, P (5, 3)), ==, 3.0);
  g_assert_cmpfloat (muster_segment_distance_to_point (s, P (13, 4)), ==, 5.0);
  g_assert_cmpfloat (muster_segment_distance_to_point (s, P (5, 0)), ==, 0.0);
  g_assert_cmpfloat (muster_segment_distance_to_point (SEG (1, 1, 1, 1), P (4, 5)), ==, 5.0);
  g_assert_cmpfloat (muster_segment_closest_t (SEG (1, 1, 1, 1), P (4, 5)), ==, 0.0);
  g_assert_cmpfloat (muster_segment_closest_t (s, P (2.5, 9)), ==, 0.25);

  /* Crossing, parallel, collinear apart, skew, and zero-length. */
  g_assert_cmpfloat_with_epsilon (muster_segment_distance (s, SEG (5, -5, 5, 5), &ta, &tb), 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (ta, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (tb, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_segment_distance (s, SEG (2, 3, 8, 3), NULL, NULL), 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_segment_distance (s, SEG (13, 0, 20, 0), &ta, &tb), 3, 1e-12);
  g_assert_cmpfloat (ta, ==, 1.0);
  g_assert_cmpfloat (tb, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (muster_segment_distance (s, SEG (13, 4, 20, 30), NULL, NULL), 5, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_segment_distance (SEG (3, 3, 3, 3), SEG (7, 6, 7, 6),
                                                           NULL, NULL), 5, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_segment_distance (SEG (4, 7, 4, 7), s, NULL, &tb), 7, 1e-12);
  g_assert_cmpfloat_with_epsilon (tb, 0.4, 1e-12);
}

static void
test_segment_intersect (void)
{
  MusterSegment s = SEG (0, 0, 10, 0);
  double t0, t1;

  g_assert_true (muster_segment_intersect (s, SEG (3, -1, 3, 1), &t0, &t1));
  g_assert_cmpfloat_with_epsilon (t0, 0.3, 1e-12);
  g_assert_cmpfloat (t0, ==, t1);

  /* A T: the other segment ends on this one. */
  g_assert_true (muster_segment_intersect (s, SEG (7, 0, 7, 5), &t0, &t1));
  g_assert_cmpfloat_with_epsilon (t0, 0.7, 1e-12);
  g_assert_true (muster_segment_intersect (s, SEG (10, 0, 12, 5), &t0, NULL));
  g_assert_cmpfloat (t0, ==, 1.0);

  /* Collinear overlap: a range. */
  g_assert_true (muster_segment_intersect (s, SEG (12, 0, 4, 0), &t0, &t1));
  g_assert_cmpfloat_with_epsilon (t0, 0.4, 1e-12);
  g_assert_cmpfloat_with_epsilon (t1, 1.0, 1e-12);

  /* Zero-length segments are points. */
  g_assert_true (muster_segment_intersect (s, SEG (2, 0, 2, 0), &t0, NULL));
  g_assert_cmpfloat_with_epsilon (t0, 0.2, 1e-12);
  g_assert_true (muster_segment_intersect (SEG (2, 0, 2, 0), s, &t0, NULL));
  g_assert_cmpfloat (t0, ==, 0.0);

  g_assert_false (muster_segment_intersect (s, SEG (3, 1e-6, 3, 1), NULL, NULL));
  g_assert_false (muster_segment_intersect (s, SEG (0, 1, 10, 1), NULL, NULL));
  g_assert_false (muster_segment_intersect (s, SEG (10.001, 0, 12, 0), NULL, NULL));
  g_assert_false (muster_segment_intersect (s, SEG (2, 1e-6, 2, 1e-6), NULL, NULL));
  g_assert_false (muster_segment_intersect (s, SEG (11, -1, 12, 1), NULL, NULL));
}

static void
test_polygon_area_centroid (void)
{
  MusterPoint reversed[] = { { 0, 0 }, { 0, 1 }, { 1, 1 }, { 1, 0 } };
  MusterPoint ell[] = { { 0, 0 }, { 20, 0 }, { 20, 10 }, { 10, 10 }, { 10, 20 }, { 0, 20 } };
  MusterPoint flat[] = { { 0, 0 }, { 5, 0 }, { 10, 0 } };
  MusterPoint same[] = { { 4, 4 }, { 4, 4 }, { 4, 4 } };
  MusterPoint far[] = { { 1e6, 1e6 }, { 1e6 + 1, 1e6 }, { 1e6 + 1, 1e6 + 1 }, { 1e6, 1e6 + 1 } };
  MusterBox bounds;

  g_assert_cmpfloat (muster_polygon_signed_area (unit_square, 4), ==, 1.0);
  g_assert_cmpfloat (muster_polygon_signed_area (reversed, 4), ==, -1.0);
  g_assert_cmpfloat (muster_polygon_area (reversed, 4), ==, 1.0);
  assert_point (muster_polygon_centroid (unit_square, 4), 0.5, 0.5, 1e-15);
  g_assert_cmpfloat (muster_polygon_area (far, 4), ==, 1.0);
  assert_point (muster_polygon_centroid (far, 4), 1e6 + 0.5, 1e6 + 0.5, 1e-9);

  /* An L of three 10 × 10 squares: centroid (25/3, 25/3). */
  g_assert_cmpfloat (muster_polygon_area (ell, 6), ==, 300.0);
  assert_point (muster_polygon_centroid (ell, 6), 25.0 / 3, 25.0 / 3, 1e-12);
  g_assert_cmpfloat (muster_polygon_area (notch, 8), ==, 900.0 - 200.0);

  /* Degenerate: no area, one point, nothing. */
  g_assert_cmpfloat (muster_polygon_area (flat, 3), ==, 0.0);
  assert_point (muster_polygon_centroid (flat, 3), 5, 0, 1e-12);
  assert_point (muster_polygon_centroid (same, 3), 4, 4, 0);
  assert_point (muster_polygon_centroid (NULL, 0), 0, 0, 0);
  g_assert_cmpfloat (muster_polygon_area (NULL, 0), ==, 0.0);
  g_assert_true (muster_box_is_empty (muster_polygon_bounds (NULL, 0)));

  bounds = muster_polygon_bounds (ell, 6);
  g_assert_cmpfloat (bounds.x1, ==, 20.0);
  g_assert_cmpfloat (bounds.y1, ==, 20.0);
}

static void
test_polygon_contains (void)
{
  /* A pentagram drawn in one stroke: its middle is wound twice. */
  MusterPoint star[5];

  for (guint i = 0; i < 5; i++)
    star[i] = P (100 * cos (-G_PI / 2 + i * 4 * G_PI / 5), 100 * sin (-G_PI / 2 + i * 4 * G_PI / 5));

  for (MusterFillRule rule = MUSTER_FILL_EVEN_ODD; rule <= MUSTER_FILL_WINDING; rule++)
    {
      g_assert_true (muster_polygon_contains_point (unit_square, 4, rule, P (0.5, 0.5)));
      g_assert_true (muster_polygon_contains_point (unit_square, 4, rule, P (1, 0.5)));    /* edge */
      g_assert_true (muster_polygon_contains_point (unit_square, 4, rule, P (1, 1)));      /* corner */
      g_assert_true (muster_polygon_contains_point (unit_square, 4, rule, P (1 + 1e-10, 0.5)));
      g_assert_false (muster_polygon_contains_point (unit_square, 4, rule, P (1 + 1e-6, 0.5)));
      g_assert_false (muster_polygon_contains_point (unit_square, 4, rule, P (-0.5, 0.5)));
      g_assert_false (muster_polygon_contains_point (NULL, 0, rule, P (0, 0)));

      /* Concave: the notch is outside, the arms and the base inside. */
      g_assert_false (muster_polygon_contains_point (notch, 8, rule, P (15, 10)));
      g_assert_true (muster_polygon_contains_point (notch, 8, rule, P (5, 10)));
      g_assert_true (muster_polygon_contains_point (notch, 8, rule, P (25, 10)));
      g_assert_true (muster_polygon_contains_point (notch, 8, rule, P (15, 25)));
      g_assert_true (muster_polygon_contains_point (notch, 8, rule, P (15, 20)));   /* notch floor */
    }

  g_assert_false (muster_polygon_contains_point (star, 5, MUSTER_FILL_EVEN_ODD, P (0, 0)));
  g_assert_true (muster_polygon_contains_point (star, 5, MUSTER_FILL_WINDING, P (0, 0)));
  g_assert_true (muster_polygon_contains_point (star, 5, MUSTER_FILL_EVEN_ODD, P (0, -80)));
  g_assert_false (muster_polygon_contains_point (star, 5, MUSTER_FILL_WINDING, P (0, 90)));
}

static void
test_point_distances (void)
{
  const MusterPoint at34[] = { { 3, 4 }, { 4, 4 }, { 4, 5 }, { 3, 5 } };
  const MusterPoint line[] = { { 0, 0 }, { 10, 0 }, { 10, 10 } };
  MusterShape square = muster_shape_polygon (at34, 4);
  MusterShape river = muster_shape_polyline (line, 3, 4);
  MusterShape nothing = muster_shape_polygon (NULL, 0);

  /* From the origin to a unit square whose nearest corner is (3, 4): 5. */
  g_assert_cmpfloat (muster_polygon_distance_to_point (at34, 4, P (0, 0)), ==, 5.0);
  g_assert_cmpfloat (muster_shape_distance_to_point (&square, P (0, 0)), ==, 5.0);
  g_assert_cmpfloat (muster_shape_distance_to_point (&square, P (3.5, 4.5)), ==, 0.0);
  g_assert_cmpfloat (muster_shape_distance_to_point (&square, P (3.5, 7)), ==, 2.0);

  g_assert_cmpfloat (muster_polyline_length (line, 3), ==, 20.0);
  g_assert_cmpfloat (muster_polyline_distance_to_point (line, 3, P (5, 3)), ==, 3.0);
  g_assert_cmpfloat (muster_shape_distance_to_point (&river, P (5, 3)), ==, 1.0);
  g_assert_cmpfloat (muster_shape_distance_to_point (&river, P (5, 1.5)), ==, 0.0);
  g_assert_cmpfloat (muster_shape_distance_to_point (&nothing, P (0, 0)), ==, INFINITY);
  g_assert_cmpfloat (muster_polyline_distance_to_point (NULL, 0, P (0, 0)), ==, INFINITY);
}

static void
test_polyline_band (void)
{
  const MusterPoint river[] = { { 0, 100 }, { 500, 100 }, { 900, 300 } };
  const MusterPoint wall[] = { { 0, 0 }, { 100, 0 } };
  MusterShape band = muster_shape_polyline (river, 3, 20);
  MusterShape bare = muster_shape_polyline (wall, 2, 0);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (MusterSpan));
  double t0, t1;

  g_assert_true (muster_polyline_hit (river, 3, 20, P (250, 109.99)));
  g_assert_false (muster_polyline_hit (river, 3, 20, P (250, 110.01)));
  g_assert_true (muster_shape_contains_point (&band, P (250, 90.5)));
  g_assert_false (muster_shape_contains_point (&band, P (-10.01, 100)));
  g_assert_true (muster_shape_contains_point (&band, P (-9.99, 100)));    /* round end */

  /* Straight across: in the band for its width. */
  g_assert_true (muster_shape_intersect_segment (&band, SEG (250, 0, 250, 200), &t0, &t1));
  g_assert_cmpfloat_with_epsilon (t0, 0.45, 1e-9);
  g_assert_cmpfloat_with_epsilon (t1, 0.55, 1e-9);
  g_assert_false (muster_shape_intersect_segment (&band, SEG (250, 0, 250, 89.99), NULL, NULL));

  /* A bare wall is touched, not entered. */
  g_assert_true (muster_shape_clip_segment (&bare, SEG (50, -10, 50, 10), spans));
  g_assert_cmpuint (spans->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (g_array_index (spans, MusterSpan, 0).t0, 0.5, 1e-12);
  g_assert_cmpfloat (g_array_index (spans, MusterSpan, 0).t1, ==,
                     g_array_index (spans, MusterSpan, 0).t0);
  g_assert_false (muster_shape_clip_segment (&bare, SEG (150, -10, 150, 10), spans));
  g_assert_cmpuint (spans->len, ==, 1);
}

static void
test_polyline_area (void)
{
  const MusterPoint straight[] = { { 0, 0 }, { 100, 0 } };
  const MusterPoint bend[] = { { 0, 0 }, { 100, 0 }, { 100, 100 } };
  MusterShape a = muster_shape_polyline (straight, 2, 20);
  MusterShape b = muster_shape_polyline (bend, 3, 20);
  MusterShape line = muster_shape_polyline (bend, 3, 0);
  double expected = 2 * 10 * 200 + G_PI * 100 + 100 * (G_PI / 4 - 1);
  guint inside = 0;

  g_assert_cmpfloat_with_epsilon (muster_shape_area (&a), 2 * 10 * 100 + G_PI * 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_shape_area (&b), expected, 1e-9);
  g_assert_cmpfloat (muster_shape_area (&line), ==, 0.0);
  assert_point (muster_shape_centroid (&b), 75, 25, 1e-12);

  /* The bend's area against a count of a 0.25 mm grid. */
  for (double x = -10; x < 110; x += 0.25)
    for (double y = -10; y < 110; y += 0.25)
      inside += muster_shape_contains_point (&b, P (x + 0.125, y + 0.125));
  g_assert_cmpfloat_with_epsilon (inside * 0.0625, expected, expected * 2e-3);
}

static void
test_ellipse_hits (void)
{
  MusterEllipse e = { { 200, 100 }, 100, 50, G_PI / 6 };
  MusterShape shape = muster_shape_ellipse (&e);
  MusterBox bounds = muster_ellipse_bounds (&e);
  GRand *rand = g_rand_new_with_seed (7);

  g_assert_true (muster_ellipse_contains_point (&e, e.centre));
  g_assert_cmpfloat_with_epsilon (muster_ellipse_area (&e), G_PI * 5000, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_shape_area (&shape), G_PI * 5000, 1e-9);
  assert_point (muster_shape_centroid (&shape), 200, 100, 0);
  g_assert_cmpfloat_with_epsilon (bounds.x1 - 200, hypot (100 * cos (G_PI / 6), 50 * sin (G_PI / 6)),
                                  1e-12);

  /* Just inside and just outside the outline, all the way round. */
  for (guint i = 0; i < 360; i++)
    {
      double a = i * G_PI / 180;
      MusterPoint local = P (100 * cos (a), 50 * sin (a));
      MusterVector normal = muster_vector_normalize ((MusterVector) { local.x / 10000, local.y / 2500 });
      MusterVector turned_normal = muster_vector_rotate (normal, e.angle);
      MusterPoint on = muster_point_add (e.centre, muster_vector_rotate ((MusterVector) { local.x, local.y },
                                                                         e.angle));

      g_assert_true (muster_ellipse_contains_point (&e, on));
      g_assert_true (muster_shape_contains_point (&shape,
                                                  muster_point_add (on, muster_vector_scale (turned_normal, -1e-6))));
      g_assert_true (muster_ellipse_contains_point (&e,
                                                    muster_point_add (on, muster_vector_scale (turned_normal, 1e-10))));
      g_assert_false (muster_ellipse_contains_point (&e,
                                                     muster_point_add (on, muster_vector_scale (turned_normal, 1e-6))));
      g_assert_cmpfloat_with_epsilon (muster_ellipse_distance_to_point (&e,
                                                                        muster_point_add (on, muster_vector_scale (turned_normal, 3))),
                                      3.0, 1e-9);
    }

  /* The nearest outline point against a dense walk round the outline. */
  for (guint i = 0; i < 200; i++)
    {
      MusterPoint p = P (g_rand_double_range (rand, -100, 500), g_rand_double_range (rand, -150, 350));
      MusterPoint nearest = muster_ellipse_nearest_point (&e, p);
      double best = INFINITY;

      for (guint k = 0; k < 20000; k++)
        {
          double a = k * 2 * G_PI / 20000;
          MusterPoint q = muster_point_add (e.centre, muster_vector_rotate ((MusterVector) { 100 * cos (a), 50 * sin (a) },
                                                                            e.angle));
          best = MIN (best, muster_point_distance (p, q));
        }
      g_assert_cmpfloat (muster_point_distance (p, nearest), <=, best + 1e-9);
      g_assert_cmpfloat (muster_point_distance (p, nearest), >=, best - 0.02);
      if (!muster_ellipse_contains_point (&e, p))
        g_assert_cmpfloat_with_epsilon (muster_ellipse_distance_to_point (&e, p), muster_point_distance (p, nearest), 1e-12);
      else
        g_assert_cmpfloat (muster_ellipse_distance_to_point (&e, p), ==, 0.0);
    }
  g_rand_free (rand);
}

static void
test_ellipse_degenerate (void)
{
  MusterEllipse stick = { { 0, 0 }, 0, 50, 0 };      /* a segment from (0, -50) to (0, 50) */
  MusterEllipse dot = { { 10, 10 }, 0, 0, 1 };
  MusterEllipse circle = { { 100, 0 }, 10, 10, 0 };
  MusterShape s = muster_shape_ellipse (&stick), d = muster_shape_ellipse (&dot);
  MusterShape c = muster_shape_ellipse (&circle);
  MusterPoint n;
  double t0, t1;

  g_assert_true (muster_ellipse_contains_point (&stick, P (0, 49)));
  g_assert_false (muster_ellipse_contains_point (&stick, P (0.1, 0)));
  g_assert_cmpfloat_with_epsilon (muster_ellipse_distance_to_point (&stick, P (3, 54)), 5.0, 1e-12);
  g_assert_cmpfloat (muster_ellipse_area (&stick), ==, 0.0);
  n = muster_ellipse_nearest_point (&dot, P (13, 14));
  assert_point (n, 10, 10, 0);
  g_assert_cmpfloat (muster_ellipse_distance_to_point (&dot, P (13, 14)), ==, 5.0);
  g_assert_true (muster_shape_intersect_segment (&s, SEG (-10, 0, 10, 0), &t0, &t1));
  g_assert_cmpfloat_with_epsilon (t0, 0.5, 1e-12);
  g_assert_false (muster_shape_intersect_segment (&d, SEG (-10, 0, 10, 0), NULL, NULL));
  g_assert_cmpfloat_with_epsilon (muster_shape_distance (&s, &c), 90.0, 1e-7);
  g_assert_cmpfloat_with_epsilon (muster_shape_distance (&d, &c), hypot (90, 10) - 10, 1e-7);

  /* A circle's nearest point from its centre is some point of the outline, not NaN. */
  n = muster_ellipse_nearest_point (&circle, circle.centre);
  g_assert_cmpfloat_with_epsilon (muster_point_distance (n, circle.centre), 10.0, 1e-12);
}

static void
test_segment_grazes_vertex (void)
{
  const MusterPoint triangle[] = { { 0, 10 }, { 10, 30 }, { -10, 30 } };   /* apex at (0, 10) */
  MusterShape shape = muster_shape_polygon (triangle, 3);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (MusterSpan));
  double t0, t1;

  g_assert_true (muster_shape_intersect_segment (&shape, SEG (-20, 10, 20, 10), &t0, &t1));
  g_assert_cmpfloat_with_epsilon (t0, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (t1, 0.5, 1e-12);
  g_assert_true (muster_shape_clip_segment (&shape, SEG (-20, 10, 20, 10), spans));
  g_assert_cmpuint (spans->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (g_array_index (spans, MusterSpan, 0).t0, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (g_array_index (spans, MusterSpan, 0).t1, 0.5, 1e-12);

  g_assert_false (muster_shape_intersect_segment (&shape, SEG (-20, 10 - 1e-6, 20, 10 - 1e-6),
                                                  NULL, NULL));
  g_assert_false (muster_shape_clip_segment (&shape, SEG (-20, 9.99, 20, 9.99), spans));

  /* Along an edge, and from a point inside. */
  g_assert_true (muster_shape_intersect_segment (&shape, SEG (-20, 30, 20, 30), &t0, &t1));
  g_assert_cmpfloat_with_epsilon (t0, 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (t1, 0.75, 1e-12);
  g_assert_true (muster_shape_intersect_segment (&shape, SEG (0, 20, 0, 100), &t0, &t1));
  g_assert_cmpfloat (t0, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (t1, 0.125, 1e-12);
}

static void
test_segment_through_notch (void)
{
  MusterShape shape = muster_shape_polygon (notch, 8);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (MusterSpan));
  MusterSegment across = SEG (-10, 10, 40, 10);   /* through both arms and the notch */
  double t0, t1;

  g_assert_true (muster_shape_intersect_segment (&shape, across, &t0, &t1));
  g_assert_cmpfloat_with_epsilon (t0, 0.2, 1e-12);
  g_assert_cmpfloat_with_epsilon (t1, 0.8, 1e-12);
  g_assert_true (muster_shape_clip_segment (&shape, across, spans));
  g_assert_cmpuint (spans->len, ==, 2);
  g_assert_cmpfloat_with_epsilon (g_array_index (spans, MusterSpan, 0).t0, 0.2, 1e-12);
  g_assert_cmpfloat_with_epsilon (g_array_index (spans, MusterSpan, 0).t1, 0.4, 1e-12);
  g_assert_cmpfloat_with_epsilon (g_array_index (spans, MusterSpan, 1).t0, 0.6, 1e-12);
  g_assert_cmpfloat_with_epsilon (g_array_index (spans, MusterSpan, 1).t1, 0.8, 1e-12);

  /* Down the middle of the notch: only the floor and below. */
  g_array_set_size (spans, 0);
  g_assert_true (muster_shape_clip_segment (&shape, SEG (15, -10, 15, 40), spans));
  g_assert_cmpuint (spans->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (g_array_index (spans, MusterSpan, 0).t0, 0.6, 1e-12);
  g_assert_cmpfloat_with_epsilon (g_array_index (spans, MusterSpan, 0).t1, 0.8, 1e-12);

  /* Inside the notch entirely: nothing. */
  g_assert_false (muster_shape_intersect_segment (&shape, SEG (12, 1, 18, 19), NULL, NULL));
  g_assert_false (muster_shape_clip_segment (&shape, SEG (12, 1, 18, 19), spans));
}

static void
test_segment_ellipse (void)
{
  MusterEllipse circle = { { 0, 0 }, 10, 10, 0 };
  MusterEllipse tilted = { { 0, 0 }, 40, 10, G_PI / 4 };
  MusterShape c = muster_shape_ellipse (&circle), t = muster_shape_ellipse (&tilted);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (MusterSpan));
  double t0, t1;

  g_assert_true (muster_shape_intersect_segment (&c, SEG (-20, 0, 20, 0), &t0, &t1));
  g_assert_cmpfloat_with_epsilon (t0, 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (t1, 0.75, 1e-12);
  g_assert_true (muster_shape_intersect_segment (&c, SEG (0, 0, 0, 40), &t0, &t1));   /* from inside */
  g_assert_cmpfloat (t0, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (t1, 0.25, 1e-12);
  g_assert_true (muster_shape_intersect_segment (&c, SEG (-20, 10, 20, 10), &t0, &t1));  /* tangent */
  g_assert_cmpfloat_with_epsilon (t0, 0.5, 1e-6);
  g_assert_false (muster_shape_intersect_segment (&c, SEG (-20, 10 + 1e-6, 20, 10 + 1e-6), NULL, NULL));
  g_assert_false (muster_shape_intersect_segment (&c, SEG (11, 0, 30, 0), NULL, NULL));
  g_assert_true (muster_shape_intersect_segment (&c, SEG (10, 0, 30, 0), &t0, &t1));    /* end on it */
  g_assert_cmpfloat (t0, ==, 0.0);
  g_assert_true (muster_shape_clip_segment (&c, SEG (0, 5, 0, 5), spans));               /* a point */

  /* The long axis of the tilted one runs along the diagonal. */
  g_assert_true (muster_shape_intersect_segment (&t, SEG (25, 25, 30, 30), NULL, NULL));
  g_assert_false (muster_shape_intersect_segment (&t, SEG (25, -25, 30, -30), NULL, NULL));
}

static double
ring_distance (const MusterShape *a,
               const MusterShape *b)
{
  const MusterShape *shapes[2] = { a, b };
  g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
  g_autoptr(GArray) second = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
  GArray *samples[2] = { first, second };
  double best = INFINITY;

  /* Sample each outline (a polyline's centre line) every 0.1 mm or so. */
  for (guint s = 0; s < 2; s++)
    {
      const MusterShape *shape = shapes[s];

      if (shape->kind == MUSTER_SHAPE_ELLIPSE)
        {
          guint n = 2000;

          for (guint k = 0; k < n; k++)
            {
              double angle = k * 2 * G_PI / n;
              MusterPoint q = muster_point_add (shape->ellipse.centre,
                                                muster_vector_rotate ((MusterVector) { shape->ellipse.rx * cos (angle),
                                                                                       shape->ellipse.ry * sin (angle) },
                                                                      shape->ellipse.angle));
              g_array_append_val (samples[s], q);
            }
        }
      else
        {
          guint edges = shape->kind == MUSTER_SHAPE_POLYGON ? shape->n_points : shape->n_points - 1;

          for (guint i = 0; i < edges; i++)
            {
              MusterSegment e = { shape->points[i], shape->points[(i + 1) % shape->n_points] };
              guint n = 1 + (guint) (muster_segment_length (e) / 0.1);

              for (guint k = 0; k <= n; k++)
                {
                  MusterPoint q = muster_segment_point_at (e, (double) k / n);
                  g_array_append_val (samples[s], q);
                }
            }
        }
    }

  /* Overlap shows as a sample of one inside the other. */
  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < samples[s]->len; i++)
      if (shapes[1 - s]->kind != MUSTER_SHAPE_POLYLINE &&
          muster_shape_contains_point (shapes[1 - s], g_array_index (samples[s], MusterPoint, i)))
        return 0.0;

  for (guint i = 0; i < samples[0]->len; i++)
    {
      MusterPoint p = g_array_index (samples[0], MusterPoint, i);

      for (guint j = 0; j < samples[1]->len; j++)
        {
          MusterPoint q = g_array_index (samples[1], MusterPoint, j);

          best = MIN (best, (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y));
        }
    }
  best = sqrt (best);
  best -= (a->kind == MUSTER_SHAPE_POLYLINE ? a->width / 2 : 0) +
          (b->kind == MUSTER_SHAPE_POLYLINE ? b->width / 2 : 0);
  return MAX (best, 0.0);
}

/* A star-shaped polygon round @c: simple, usually concave. */
static guint
random_polygon (GRand       *rand,
                MusterPoint  c,
                double       radius,
                MusterPoint *points)
{
  guint n = g_rand_int_range (rand, 3, 10);

  for (guint i = 0; i < n; i++)
    {
      double a = (i + g_rand_double_range (rand, 0.1, 0.9)) * 2 * G_PI / n;
      double r = g_rand_double_range (rand, radius / 3, radius);

      points[i] = P (c.x + r * cos (a), c.y + r * sin (a));
    }
  return n;
}

static MusterShape
random_shape (GRand       *rand,
              MusterPoint *points)
{
  MusterPoint c = P (g_rand_double_range (rand, 0, 60), g_rand_double_range (rand, 0, 60));
  MusterEllipse e;
  guint n;

  switch (g_rand_int_range (rand, 0, 3))
    {
    case 0:
      n = random_polygon (rand, c, g_rand_double_range (rand, 5, 25), points);
      return muster_shape_polygon (points, n);
    case 1:
      e = (MusterEllipse) { c, g_rand_double_range (rand, 2, 25), g_rand_double_range (rand, 2, 25),
                            g_rand_double_range (rand, -G_PI, G_PI) };
      return muster_shape_ellipse (&e);
    default:
      n = g_rand_int_range (rand, 2, 5);
      for (guint i = 0; i < n; i++)
        points[i] = P (c.x + g_rand_double_range (rand, -25, 25), c.y + g_rand_double_range (rand, -25, 25));
      return muster_shape_polyline (points, n, g_rand_double_range (rand, 0, 6));
    }
}

static void
test_shape_distance_known (void)
{
  const MusterPoint a[] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };
  const MusterPoint b[] = { { 20, 0 }, { 30, 0 }, { 30, 10 }, { 20, 10 } };
  const MusterPoint inner[] = { { 2, 2 }, { 4, 2 }, { 4, 4 } };
  const MusterPoint wall[] = { { 0, 30 }, { 10, 30 } };
  MusterEllipse circle = { { -10, 5 }, 5, 5, 0 };
  MusterEllipse cigar = { { 0, 0 }, 100, 20, 0 };
  MusterEllipse ball = { { 0, 50 }, 10, 10, 0 };
  MusterEllipse tilted = { { 0, 0 }, 100, 20, G_PI / 2 };   /* now 20 wide, 100 tall */
  MusterShape sa = muster_shape_polygon (a, 4), sb = muster_shape_polygon (b, 4);
  MusterShape si = muster_shape_polygon (inner, 3), sw = muster_shape_polyline (wall, 2, 4);
  MusterShape sc = muster_shape_ellipse (&circle), scigar = muster_shape_ellipse (&cigar);
  MusterShape sball = muster_shape_ellipse (&ball), stilted = muster_shape_ellipse (&tilted);
  MusterShape empty = muster_shape_polygon (NULL, 0);

  g_assert_cmpfloat_with_epsilon (muster_shape_distance (&sa, &sb), 10.0, 1e-12);
  g_assert_cmpfloat (muster_shape_distance (&sa, &si), ==, 0.0);       /* one inside the other */
  g_assert_cmpfloat (muster_shape_distance (&si, &sa), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (muster_shape_distance (&sa, &sw), 18.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_shape_distance (&sa, &sc), 5.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_shape_distance (&scigar, &sball), 20.0, 1e-8);
  g_assert_cmpfloat (muster_shape_distance (&scigar, &stilted), ==, 0.0);   /* a cross */
  g_assert_cmpfloat (muster_shape_distance (&scigar, &sa), ==, 0.0);
  g_assert_cmpfloat (muster_shape_distance (&sa, &empty), ==, INFINITY);
}

static void
test_shape_distance_sampled (void)
{
  GRand *rand = g_rand_new_with_seed (20240611);
  guint overlaps = 0, apart = 0;

  for (guint i = 0; i < 120; i++)
    {
      MusterPoint pa[16], pb[16];
      MusterShape a = random_shape (rand, pa);
      MusterShape b = random_shape (rand, pb);
      double exact = muster_shape_distance (&a, &b);
      double sampled = ring_distance (&a, &b);

      g_assert_true (isfinite (exact));
      g_assert_cmpfloat (exact, >=, 0.0);
      /* Sampling can only overestimate, and by less than half its step (0.1 mm, the
       * ellipses' at most 0.08 mm) on each side. */
      g_assert_cmpfloat (exact, <=, sampled + 1e-7);
      g_assert_cmpfloat (sampled - exact, <=, 0.1);
      g_assert_cmpfloat_with_epsilon (muster_shape_distance (&b, &a), exact, 1e-7);
      if (exact == 0.0)
        overlaps++;
      else
        apart++;
    }

  /* The seed gives both kinds of pair. */
  g_assert_cmpuint (overlaps, >, 10);
  g_assert_cmpuint (apart, >, 10);
  g_rand_free (rand);
}

static void
test_ellipse_pairs_sampled (void)
{
  GRand *rand = g_rand_new_with_seed (4242);
  guint apart = 0;

  /* Walking round A and taking the exact distance to B at each step overestimates the gap by
   * a second-order amount only: the walk's minimum is flat. */
  for (guint i = 0; i < 150; i++)
    {
      MusterEllipse a = { { 0, 0 }, g_rand_double_range (rand, 1, 60), g_rand_double_range (rand, 0, 40),
                          g_rand_double_range (rand, -G_PI, G_PI) };
      MusterEllipse b = { { g_rand_double_range (rand, -120, 120), g_rand_double_range (rand, -120, 120) },
                          g_rand_double_range (rand, 1, 60), g_rand_double_range (rand, 0.01, 40),
                          g_rand_double_range (rand, -G_PI, G_PI) };
      MusterShape sa, sb = muster_shape_ellipse (&b);
      double exact, walked = INFINITY;

      if (i % 10 == 0)
        a.ry = 0;   /* a stick */
      sa = muster_shape_ellipse (&a);
      exact = muster_shape_distance (&sa, &sb);
      for (guint k = 0; k < 20000; k++)
        {
          double t = k * 2 * G_PI / 20000;
          MusterPoint p = muster_point_add (a.centre, muster_vector_rotate ((MusterVector) { a.rx * cos (t), a.ry * sin (t) },
                                                                            a.angle));

          walked = MIN (walked, muster_ellipse_distance_to_point (&b, p));
        }
      g_assert_cmpfloat (exact, <=, walked + 1e-7);
      g_assert_cmpfloat (walked - exact, <=, 1e-5);
      g_assert_cmpfloat_with_epsilon (muster_shape_distance (&sb, &sa), exact, 1e-7);
      apart += exact > 0.0;
    }
  g_assert_cmpuint (apart, >, 50);
  g_assert_cmpuint (apart, <, 150);
  g_rand_free (rand);
}

static gboolean
in_spans (GArray *spans,
          double  t,
          double  slack)
{
  for (guint i = 0; i < spans->len; i++)
    if (t >= g_array_index (spans, MusterSpan, i).t0 - slack &&
        t <= g_array_index (spans, MusterSpan, i).t1 + slack)
      return TRUE;
  return FALSE;
}

static void
test_clip_sampled (void)
{
  GRand *rand = g_rand_new_with_seed (99);

  for (guint i = 0; i < 300; i++)
    {
      MusterPoint points[16];
      MusterShape shape = random_shape (rand, points);
      MusterSegment s = SEG (g_rand_double_range (rand, -30, 90), g_rand_double_range (rand, -30, 90),
                             g_rand_double_range (rand, -30, 90), g_rand_double_range (rand, -30, 90));
      g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (MusterSpan));
      gboolean clipped = muster_shape_clip_segment (&shape, s, spans);
      double t0 = -1, t1 = -1;
      gboolean hit = muster_shape_intersect_segment (&shape, s, &t0, &t1);
      gboolean any_inside = FALSE;
      double slack = 1e-6 / MAX (muster_segment_length (s), 1e-3);

      g_assert_cmpint (clipped, ==, hit);
      if (hit)
        {
          g_assert_cmpfloat (t0, <=, t1);
          g_assert_cmpfloat_with_epsilon (g_array_index (spans, MusterSpan, 0).t0, t0, 1e-9);
          g_assert_cmpfloat_with_epsilon (g_array_index (spans, MusterSpan, spans->len - 1).t1, t1, 1e-9);
          g_assert_true (muster_shape_contains_point (&shape, muster_segment_point_at (s, t0)));
          g_assert_true (muster_shape_contains_point (&shape, muster_segment_point_at (s, t1)));
        }
      for (guint k = 1; k < spans->len; k++)
        g_assert_cmpfloat (g_array_index (spans, MusterSpan, k).t0, >,
                           g_array_index (spans, MusterSpan, k - 1).t1);

      for (guint k = 0; k <= 1000; k++)
        {
          double t = k / 1000.0;
          gboolean inside = muster_shape_contains_point (&shape, muster_segment_point_at (s, t));

          any_inside |= inside;
          if (inside)
            g_assert_true (in_spans (spans, t, slack));
          /* A sample strictly inside a span, away from its ends, is in the shape. */
          for (guint j = 0; j < spans->len; j++)
            {
              MusterSpan span = g_array_index (spans, MusterSpan, j);

              if (t > span.t0 + slack && t < span.t1 - slack)
                g_assert_true (inside);
            }
        }
      if (any_inside)
        g_assert_true (hit);
    }
  g_rand_free (rand);
}

static void
test_convex_hull (void)
{
  const MusterPoint cloud[] = {
    { 0, 0 }, { 10, 0 }, { 5, 5 }, { 10, 10 }, { 0, 10 }, { 3, 7 }, { 5, 0 }, { 10, 10 },
  };
  const MusterPoint flat[] = { { 0, 0 }, { 2, 2 }, { 1, 1 }, { 2, 2 } };
  const MusterPoint one[] = { { 3, 3 }, { 3, 3 } };
  MusterPoint hull[G_N_ELEMENTS (cloud)];
  guint n;

  n = muster_polygon_convex_hull (cloud, G_N_ELEMENTS (cloud), hull);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpfloat (muster_polygon_signed_area (hull, n), ==, 100.0);
  for (guint i = 0; i < G_N_ELEMENTS (cloud); i++)
    g_assert_true (muster_polygon_contains_point (hull, n, MUSTER_FILL_EVEN_ODD, cloud[i]));
  g_assert_false (muster_polygon_contains_point (hull, n, MUSTER_FILL_EVEN_ODD, P (11, 5)));

  g_assert_cmpuint (muster_polygon_convex_hull (flat, 4, hull), ==, 2);
  g_assert_cmpuint (muster_polygon_convex_hull (one, 2, hull), ==, 1);
  g_assert_cmpuint (muster_polygon_convex_hull (NULL, 0, NULL), ==, 0);
}

static void
test_rect (void)
{
  MusterRect stand = { { 100, 100 }, 20, 40, G_PI / 2 };   /* 20 deep, 40 wide, facing +y */
  MusterPoint corners[4];

  muster_rect_to_polygon (&stand, corners);
  g_assert_cmpfloat_with_epsilon (muster_polygon_signed_area (corners, 4), 800.0, 1e-9);
  /* Facing +y (down the screen), its left is +x: front-left corner (120, 110). */
  assert_point (corners[0], 120, 110, 1e-12);
  assert_point (corners[1], 80, 110, 1e-12);
  assert_point (corners[2], 80, 90, 1e-12);
  assert_point (corners[3], 120, 90, 1e-12);
  g_assert_false (muster_polygon_contains_point (corners, 4, MUSTER_FILL_EVEN_ODD, P (100, 111)));
}

static void
test_snap (void)
{
  MusterPoint origin = { 5, 5 };

  assert_point (muster_snap_to_grid (P (31, 44), origin, 25.4), 30.4, 55.8, 1e-12);
  assert_point (muster_snap_to_grid (P (5.1, 4.9), origin, 25.4), 5, 5, 0);
  assert_point (muster_snap_to_grid (P (31, 44), origin, 0), 31, 44, 0);
  assert_point (muster_snap_to_grid (P (31, 44), origin, NAN), 31, 44, 0);

  g_assert_cmpfloat_with_epsilon (muster_snap_angle (muster_angle_from_degrees (37), G_PI / 12),
                                  muster_angle_from_degrees (30), 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_snap_angle (muster_angle_from_degrees (38), G_PI / 12),
                                  muster_angle_from_degrees (45), 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_snap_angle (muster_angle_from_degrees (23), G_PI / 4),
                                  muster_angle_from_degrees (45), 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_snap_angle (muster_angle_from_degrees (22), G_PI / 4), 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_snap_angle (muster_angle_from_degrees (-179), G_PI / 4), G_PI, 1e-12);
  g_assert_cmpfloat (muster_snap_angle (0.3, 0), ==, 0.3);
}

static void
assert_finite (double value)
{
  g_assert_false (isnan (value));
}

static void
test_degenerate_never_nan (void)
{
  const MusterPoint dot[] = { { 5, 5 } };
  const MusterPoint twice[] = { { 5, 5 }, { 5, 5 } };
  const MusterPoint flat[] = { { 0, 0 }, { 10, 0 }, { 20, 0 } };
  MusterEllipse zero = { { 5, 5 }, 0, 0, 0 };
  MusterShape shapes[] = {
    muster_shape_polygon (dot, 1),
    muster_shape_polygon (twice, 2),
    muster_shape_polygon (flat, 3),
    muster_shape_polyline (dot, 1, 0),
    muster_shape_polyline (twice, 2, 3),
    muster_shape_polyline (flat, 3, 0),
    muster_shape_ellipse (&zero),
  };
  MusterSegment segments[] = { SEG (5, 5, 5, 5), SEG (0, 0, 20, 0), SEG (5, -5, 5, 5), SEG (9, 9, 9, 9) };

  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      MusterBox box = muster_shape_bounds (&shapes[i]);

      assert_finite (muster_shape_area (&shapes[i]));
      assert_finite (muster_shape_centroid (&shapes[i]).x);
      assert_finite (muster_shape_centroid (&shapes[i]).y);
      assert_finite (box.x0 + box.y0 + box.x1 + box.y1);
      assert_finite (muster_shape_distance_to_point (&shapes[i], P (7, 1)));
      g_assert_true (muster_shape_contains_point (&shapes[i], P (5, 5)) || i == 2 || i == 5);
      for (guint j = 0; j < G_N_ELEMENTS (shapes); j++)
        {
          double d = muster_shape_distance (&shapes[i], &shapes[j]);

          assert_finite (d);
          g_assert_cmpfloat (d, >=, 0.0);
        }
      for (guint j = 0; j < G_N_ELEMENTS (segments); j++)
        {
          g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (MusterSpan));
          double t0 = 0, t1 = 0;

          muster_shape_intersect_segment (&shapes[i], segments[j], &t0, &t1);
          muster_shape_clip_segment (&shapes[i], segments[j], spans);
          assert_finite (t0 + t1);
          for (guint k = 0; k < spans->len; k++)
            assert_finite (g_array_index (spans, MusterSpan, k).t0 + g_array_index (spans, MusterSpan, k).t1);
        }
    }

  /* The point polygon is touched by a segment through it, not by one beside it. */
  g_assert_true (muster_shape_intersect_segment (&shapes[0], segments[2], NULL, NULL));
  g_assert_false (muster_shape_intersect_segment (&shapes[0], segments[3], NULL, NULL));
}

static void
test_programmer_errors (void)
{
  MusterPoint hull[1];

  g_test_expect_message ("muster-geometry", G_LOG_LEVEL_CRITICAL, "*shape != NULL*");
  g_assert_cmpfloat (muster_shape_area (NULL), ==, 0.0);
  g_test_assert_expected_messages ();

  g_test_expect_message ("muster-geometry", G_LOG_LEVEL_CRITICAL, "*points != NULL*");
  g_assert_cmpuint (muster_polygon_convex_hull (NULL, 3, hull), ==, 0);
  g_test_assert_expected_messages ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/geometry/units-and-angles", test_units_and_angles);
  g_test_add_func ("/engine/geometry/vectors", test_vectors);
  g_test_add_func ("/engine/geometry/affine", test_affine);
  g_test_add_func ("/engine/geometry/boxes", test_boxes);
  g_test_add_func ("/engine/geometry/segment-distance", test_segment_distance);
  g_test_add_func ("/engine/geometry/segment-intersect", test_segment_intersect);
  g_test_add_func ("/engine/geometry/polygon-area-centroid", test_polygon_area_centroid);
  g_test_add_func ("/engine/geometry/polygon-contains", test_polygon_contains);
  g_test_add_func ("/engine/geometry/point-distances", test_point_distances);
  g_test_add_func ("/engine/geometry/polyline-band", test_polyline_band);
  g_test_add_func ("/engine/geometry/polyline-area", test_polyline_area);
  g_test_add_func ("/engine/geometry/ellipse-hits", test_ellipse_hits);
  g_test_add_func ("/engine/geometry/ellipse-degenerate", test_ellipse_degenerate);
  g_test_add_func ("/engine/geometry/segment-grazes-vertex", test_segment_grazes_vertex);
  g_test_add_func ("/engine/geometry/segment-through-notch", test_segment_through_notch);
  g_test_add_func ("/engine/geometry/segment-ellipse", test_segment_ellipse);
  g_test_add_func ("/engine/geometry/shape-distance-known", test_shape_distance_known);
  g_test_add_func ("/engine/geometry/shape-distance-sampled", test_shape_distance_sampled);
  g_test_add_func ("/engine/geometry/ellipse-pairs-sampled", test_ellipse_pairs_sampled);
  g_test_add_func ("/engine/geometry/clip-sampled", test_clip_sampled);
  g_test_add_func ("/engine/geometry/convex-hull", test_convex_hull);
  g_test_add_func ("/engine/geometry/rect", test_rect);
  g_test_add_func ("/engine/geometry/snap", test_snap);
  g_test_add_func ("/engine/geometry/degenerate-never-nan", test_degenerate_never_nan);
  g_test_add_func ("/engine/geometry/programmer-errors", test_programmer_errors);

  return g_test_run ();
}
