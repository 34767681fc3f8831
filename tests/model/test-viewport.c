/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-engine.h"
#include "muster-viewport.h"

typedef struct
{
  guint zoom, center_x, center_y, rotation, width, height, min_zoom, max_zoom;
} Counts;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           gpointer    user_data)
{
  Counts *counts = user_data;
  const char *name = g_param_spec_get_name (pspec);

  if (g_str_equal (name, "zoom"))
    counts->zoom++;
  else if (g_str_equal (name, "center-x"))
    counts->center_x++;
  else if (g_str_equal (name, "center-y"))
    counts->center_y++;
  else if (g_str_equal (name, "rotation"))
    counts->rotation++;
  else if (g_str_equal (name, "width"))
    counts->width++;
  else if (g_str_equal (name, "height"))
    counts->height++;
  else if (g_str_equal (name, "min-zoom"))
    counts->min_zoom++;
  else if (g_str_equal (name, "max-zoom"))
    counts->max_zoom++;
}

static MusterViewport *
make_viewport (double zoom,
               double cx,
               double cy,
               double rotation)
{
  MusterViewport *viewport = muster_viewport_new ();

  muster_viewport_set_size (viewport, 800, 600);
  muster_viewport_set_zoom (viewport, zoom);
  muster_viewport_set_center (viewport, cx, cy);
  muster_viewport_set_rotation (viewport, rotation);
  return viewport;
}

static void
test_defaults_and_properties (void)
{
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  double zoom, rotation;
  int width;

  g_assert_cmpfloat (muster_viewport_get_zoom (viewport), ==, 1.0);
  g_assert_cmpfloat (muster_viewport_get_min_zoom (viewport), ==, 0.05);
  g_assert_cmpfloat (muster_viewport_get_max_zoom (viewport), ==, 50.0);
  g_assert_cmpint (muster_viewport_get_width (viewport), ==, 0);

  g_object_set (viewport, "zoom", 2.5, "center-x", 914.4, "center-y", 609.6, "rotation", 3 * G_PI,
                "width", 1024, "height", 768, NULL);
  g_object_get (viewport, "zoom", &zoom, "rotation", &rotation, "width", &width, NULL);
  g_assert_cmpfloat (zoom, ==, 2.5);
  g_assert_cmpfloat_with_epsilon (rotation, G_PI, 1e-12);   /* normalised */
  g_assert_cmpint (width, ==, 1024);
  g_assert_cmpfloat (muster_viewport_get_center_x (viewport), ==, 914.4);
  g_assert_cmpfloat (muster_viewport_get_center_y (viewport), ==, 609.6);
  g_assert_cmpint (muster_viewport_get_height (viewport), ==, 768);

  g_object_set (viewport, "max-zoom", 2.0, NULL);
  g_assert_cmpfloat (muster_viewport_get_zoom (viewport), ==, 2.0);
  g_object_set (viewport, "min-zoom", 4.0, NULL);    /* pushes the maximum up with it */
  g_assert_cmpfloat (muster_viewport_get_max_zoom (viewport), ==, 4.0);
  g_assert_cmpfloat (muster_viewport_get_zoom (viewport), ==, 4.0);
}

static void
test_notify_only_on_change (void)
{
  g_autoptr(MusterViewport) viewport = make_viewport (2, 100, 100, 0);
  Counts counts = { 0 };

  g_signal_connect (viewport, "notify", G_CALLBACK (notify_cb), &counts);

  muster_viewport_set_zoom (viewport, 2);
  muster_viewport_set_center (viewport, 100, 100);
  muster_viewport_set_rotation (viewport, 2 * G_PI);      /* the same angle */
  muster_viewport_set_size (viewport, 800, 600);
  muster_viewport_set_zoom_range (viewport, 0.05, 50);
  muster_viewport_zoom_at (viewport, 2, 10, 10);
  muster_viewport_rotate_at (viewport, 0, 10, 10);
  muster_viewport_pan (viewport, 0, 0);
  g_assert_cmpuint (counts.zoom + counts.center_x + counts.center_y + counts.rotation +
                    counts.width + counts.height + counts.min_zoom + counts.max_zoom, ==, 0);

  muster_viewport_set_zoom (viewport, 3);
  g_assert_cmpuint (counts.zoom, ==, 1);
  g_assert_cmpuint (counts.center_x, ==, 0);
  muster_viewport_pan (viewport, 30, 0);                   /* only x moves */
  g_assert_cmpuint (counts.center_x, ==, 1);
  g_assert_cmpuint (counts.center_y, ==, 0);
  muster_viewport_zoom_at (viewport, 6, 0, 0);              /* zoom and both centre coordinates */
  g_assert_cmpuint (counts.zoom, ==, 2);
  g_assert_cmpuint (counts.center_x, ==, 2);
  g_assert_cmpuint (counts.center_y, ==, 1);
  muster_viewport_set_size (viewport, 800, 601);
  g_assert_cmpuint (counts.width, ==, 0);
  g_assert_cmpuint (counts.height, ==, 1);
  muster_viewport_set_zoom_range (viewport, 0.1, 5);      /* clamps the zoom as well */
  g_assert_cmpuint (counts.min_zoom, ==, 1);
  g_assert_cmpuint (counts.max_zoom, ==, 1);
  g_assert_cmpuint (counts.zoom, ==, 3);
  muster_viewport_set_zoom (viewport, 500);                 /* clamped to 5: no change */
  g_assert_cmpuint (counts.zoom, ==, 3);
}

static void
test_round_trips (void)
{
  GRand *rand = g_rand_new_with_seed (31);

  for (guint i = 0; i < 2000; i++)
    {
      g_autoptr(MusterViewport) viewport =
        make_viewport (exp (g_rand_double_range (rand, log (0.05), log (50))),
                       g_rand_double_range (rand, -200, 2600), g_rand_double_range (rand, -200, 1700),
                       g_rand_double_range (rand, -G_PI, G_PI));
      MusterAffine transform = muster_viewport_get_transform (viewport);
      cairo_matrix_t matrix;

      muster_viewport_get_matrix (viewport, &matrix);
      for (guint j = 0; j < 5; j++)
        {
          double x = g_rand_double_range (rand, 0, 2438.4), y = g_rand_double_range (rand, 0, 1524);
          double wx, wy, bx, by, mx = x, my = y;
          MusterPoint t = muster_affine_apply (&transform, (MusterPoint) { x, y });

          muster_viewport_table_to_widget (viewport, x, y, &wx, &wy);
          muster_viewport_widget_to_table (viewport, wx, wy, &bx, &by);
          g_assert_cmpfloat_with_epsilon (bx, x, 1e-9);
          g_assert_cmpfloat_with_epsilon (by, y, 1e-9);

          /* The transform, the cairo matrix and the conversion agree. */
          cairo_matrix_transform_point (&matrix, &mx, &my);
          g_assert_cmpfloat_with_epsilon (mx, wx, 1e-7);
          g_assert_cmpfloat_with_epsilon (my, wy, 1e-7);
          g_assert_cmpfloat_with_epsilon (t.x, wx, 1e-7);
          g_assert_cmpfloat_with_epsilon (t.y, wy, 1e-7);
        }
    }
  g_rand_free (rand);
}

static void
test_layout (void)
{
  g_autoptr(MusterViewport) viewport = make_viewport (2, 100, 50, 0);
  double wx, wy, x, y;

  /* The centre is in the middle; y runs down the screen, as on the table. */
  muster_viewport_table_to_widget (viewport, 100, 50, &wx, &wy);
  g_assert_cmpfloat (wx, ==, 400.0);
  g_assert_cmpfloat (wy, ==, 300.0);
  muster_viewport_table_to_widget (viewport, 110, 60, &wx, &wy);
  g_assert_cmpfloat (wx, ==, 420.0);
  g_assert_cmpfloat (wy, ==, 320.0);
  g_assert_cmpfloat (wy, !=, 280.0);

  /* A quarter turn clockwise: the table's +x points down the screen. */
  muster_viewport_set_rotation (viewport, G_PI / 2);
  muster_viewport_table_to_widget (viewport, 110, 50, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 400, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, 320, 1e-9);
  muster_viewport_widget_to_table (viewport, 400, 320, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 110, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, 50, 1e-9);
}

static void
test_zoom_at_keeps_point (void)
{
  GRand *rand = g_rand_new_with_seed (12);

  for (guint i = 0; i < 500; i++)
    {
      g_autoptr(MusterViewport) viewport =
        make_viewport (g_rand_double_range (rand, 0.1, 10), g_rand_double_range (rand, 0, 1800),
                       g_rand_double_range (rand, 0, 1200), g_rand_double_range (rand, -G_PI, G_PI));
      double px = g_rand_double_range (rand, 0, 800), py = g_rand_double_range (rand, 0, 600);
      double before_x, before_y, after_x, after_y, wx, wy;
      double zoom = g_rand_double_range (rand, 0.01, 100);   /* sometimes out of range */

      muster_viewport_widget_to_table (viewport, px, py, &before_x, &before_y);
      muster_viewport_zoom_at (viewport, zoom, px, py);
      muster_viewport_widget_to_table (viewport, px, py, &after_x, &after_y);
      g_assert_cmpfloat_with_epsilon (after_x, before_x, 1e-9);
      g_assert_cmpfloat_with_epsilon (after_y, before_y, 1e-9);
      g_assert_cmpfloat (muster_viewport_get_zoom (viewport), ==, CLAMP (zoom, 0.05, 50));

      /* ...while 100 mm from it is now 100 mm at the new zoom. */
      muster_viewport_table_to_widget (viewport, before_x + 100, before_y, &wx, &wy);
      g_assert_cmpfloat_with_epsilon (hypot (wx - px, wy - py), 100 * muster_viewport_get_zoom (viewport),
                                      1e-6);
    }
  g_rand_free (rand);
}

static void
test_pan_and_rotate_at (void)
{
  g_autoptr(MusterViewport) viewport = make_viewport (3, 500, 400, 0.7);
  double x, y, wx, wy, x2, y2;

  /* The table follows the pointer. */
  muster_viewport_widget_to_table (viewport, 123, 456, &x, &y);
  muster_viewport_pan (viewport, 17, -9);
  muster_viewport_table_to_widget (viewport, x, y, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 140, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, 447, 1e-9);

  /* Turning about a point leaves that point where it was and turns everything else. */
  muster_viewport_widget_to_table (viewport, 600, 100, &x, &y);
  muster_viewport_widget_to_table (viewport, 400, 300, &x2, &y2);
  muster_viewport_rotate_at (viewport, 0.7 + G_PI / 4 + 2 * G_PI, 600, 100);
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_rotation (viewport), 0.7 + G_PI / 4, 1e-12);
  muster_viewport_table_to_widget (viewport, x, y, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 600, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, 100, 1e-9);
  muster_viewport_table_to_widget (viewport, x2, y2, &wx, &wy);
  g_assert_cmpfloat (hypot (wx - 400, wy - 300), >, 1.0);
  g_assert_cmpfloat_with_epsilon (hypot (wx - 600, wy - 100), hypot (200, 200), 1e-9);
}

static void
test_fit_box (void)
{
  MusterBox table = { 0, 0, muster_mm_from_inches (72), muster_mm_from_inches (48) };

  for (guint turn = 0; turn < 8; turn++)
    {
      g_autoptr(MusterViewport) viewport = make_viewport (1, 0, 0, turn * G_PI / 7);
      double least_x = INFINITY, least_y = INFINITY, most_x = -INFINITY, most_y = -INFINITY;
      const double corners[4][2] = {
        { table.x0, table.y0 }, { table.x1, table.y0 }, { table.x1, table.y1 }, { table.x0, table.y1 },
      };

      muster_viewport_fit_box (viewport, table, 20);
      for (guint i = 0; i < 4; i++)
        {
          double wx, wy;

          muster_viewport_table_to_widget (viewport, corners[i][0], corners[i][1], &wx, &wy);
          least_x = MIN (least_x, wx);
          least_y = MIN (least_y, wy);
          most_x = MAX (most_x, wx);
          most_y = MAX (most_y, wy);
        }
      /* Inside the margin, touching it on one axis, centred on both. */
      g_assert_cmpfloat (least_x, >=, 20 - 1e-9);
      g_assert_cmpfloat (least_y, >=, 20 - 1e-9);
      g_assert_cmpfloat (most_x, <=, 780 + 1e-9);
      g_assert_cmpfloat (most_y, <=, 580 + 1e-9);
      g_assert_true (fabs (least_x - 20) < 1e-9 || fabs (least_y - 20) < 1e-9);
      g_assert_cmpfloat_with_epsilon (least_x + most_x, 800, 1e-9);
      g_assert_cmpfloat_with_epsilon (least_y + most_y, 600, 1e-9);
    }

  {
    g_autoptr(MusterViewport) viewport = make_viewport (1, 0, 0, 0);
    g_autoptr(MusterViewport) unsized = muster_viewport_new ();

    /* A single point: as close as allowed. */
    muster_viewport_fit_box (viewport, (MusterBox) { 5, 5, 5, 5 }, 10);
    g_assert_cmpfloat (muster_viewport_get_zoom (viewport), ==, 50.0);
    g_assert_cmpfloat (muster_viewport_get_center_x (viewport), ==, 5.0);

    /* A huge box: as far as allowed. */
    muster_viewport_fit_box (viewport, (MusterBox) { 0, 0, 1e7, 1e7 }, 10);
    g_assert_cmpfloat (muster_viewport_get_zoom (viewport), ==, 0.05);

    /* No size yet: only the centre. */
    muster_viewport_fit_box (unsized, table, 10);
    g_assert_cmpfloat (muster_viewport_get_zoom (unsized), ==, 1.0);
    g_assert_cmpfloat_with_epsilon (muster_viewport_get_center_x (unsized), 914.4, 1e-9);
  }
}

static void
test_visible_box (void)
{
  g_autoptr(MusterViewport) viewport = make_viewport (2, 100, 100, 0);
  MusterBox box = muster_viewport_get_visible_box (viewport);

  g_assert_cmpfloat_with_epsilon (box.x0, -100, 1e-9);
  g_assert_cmpfloat_with_epsilon (box.y0, -50, 1e-9);
  g_assert_cmpfloat_with_epsilon (box.x1, 300, 1e-9);
  g_assert_cmpfloat_with_epsilon (box.y1, 250, 1e-9);

  /* Turned a quarter, the box is 300 wide and 400 tall. */
  muster_viewport_set_rotation (viewport, G_PI / 2);
  box = muster_viewport_get_visible_box (viewport);
  g_assert_cmpfloat_with_epsilon (box.x1 - box.x0, 300, 1e-9);
  g_assert_cmpfloat_with_epsilon (box.y1 - box.y0, 400, 1e-9);
}

static void
test_painter_matrix (void)
{
  g_autoptr(MusterViewport) viewport = make_viewport (4, 1000, 1000, 0);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
  cairo_t *cr = cairo_create (surface);
  cairo_matrix_t matrix;
  guint32 *pixels;
  int stride;

  /* A 40 × 20 mm stand centred at (1000, 1000) fills 160 × 80 pixels in the middle. */
  muster_viewport_get_matrix (viewport, &matrix);
  cairo_transform (cr, &matrix);
  cairo_rectangle (cr, 980, 990, 40, 20);
  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_fill (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  pixels = (guint32 *) cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface) / 4;
  g_assert_cmphex (pixels[300 * stride + 400], ==, 0xffff0000);
  g_assert_cmphex (pixels[261 * stride + 321], ==, 0xffff0000);
  g_assert_cmphex (pixels[259 * stride + 400], ==, 0);
  g_assert_cmphex (pixels[300 * stride + 481], ==, 0);
  cairo_surface_destroy (surface);
}

static void
test_programmer_errors (void)
{
  g_autoptr(MusterViewport) viewport = make_viewport (2, 0, 0, 0);

  g_test_expect_message ("muster-viewport", G_LOG_LEVEL_CRITICAL, "*zoom > 0.0*");
  muster_viewport_set_zoom (viewport, NAN);
  g_test_assert_expected_messages ();
  g_test_expect_message ("muster-viewport", G_LOG_LEVEL_CRITICAL, "*min_zoom <= max_zoom*");
  muster_viewport_set_zoom_range (viewport, 5, 1);
  g_test_assert_expected_messages ();
  g_test_expect_message ("muster-viewport", G_LOG_LEVEL_CRITICAL, "*muster_box_is_empty*");
  muster_viewport_fit_box (viewport, muster_box_empty (), 0);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (muster_viewport_get_zoom (viewport), ==, 2.0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/viewport/defaults-and-properties", test_defaults_and_properties);
  g_test_add_func ("/model/viewport/notify-only-on-change", test_notify_only_on_change);
  g_test_add_func ("/model/viewport/round-trips", test_round_trips);
  g_test_add_func ("/model/viewport/layout", test_layout);
  g_test_add_func ("/model/viewport/zoom-at-keeps-point", test_zoom_at_keeps_point);
  g_test_add_func ("/model/viewport/pan-and-rotate-at", test_pan_and_rotate_at);
  g_test_add_func ("/model/viewport/fit-box", test_fit_box);
  g_test_add_func ("/model/viewport/visible-box", test_visible_box);
  g_test_add_func ("/model/viewport/painter-matrix", test_painter_matrix);
  g_test_add_func ("/model/viewport/programmer-errors", test_programmer_errors);

  return g_test_run ();
}
