/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>

#include "muster-chart-painter.h"
#include "muster-pixel-util.h"

#define W 400
#define H 240

static MusterChartStyle style;

/* The height of the run of @colour pixels that ends at the plot's bottom in column @x. */
static int
bar_height (cairo_surface_t         *surface,
            const MusterChartLayout *layout,
            int                      x,
            guint32                  colour)
{
  int bottom = (int) floor (layout->y + layout->height) - 1;
  int h = 0;

  while (bottom - h >= 0 && same_colour (pixel_at (surface, x, bottom - h), colour))
    h++;
  return h;
}

static int
bar_centre (const MusterChartLayout *layout,
            int                      value)
{
  return (int) (layout->x + (value - layout->first_value + 0.5) * layout->slot);
}

static cairo_surface_t *
paint (const MusterDist  *dist,
       MusterChartMode    mode,
       int                highlight,
       MusterChartLayout *layout)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);

  muster_chart_layout_compute (layout, dist, mode, W, H);
  muster_chart_paint (cr, layout, dist, mode, &style, NULL, NULL, highlight);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
test_chart_bars_are_proportional (void)
{
  static const double weights[] = { 1, 3 };
  g_autoptr(MusterDist) dist = muster_dist_new_from_weights (2, weights, 2);
  MusterChartLayout layout;
  cairo_surface_t *surface = paint (dist, MUSTER_CHART_EXACTLY, G_MININT, &layout);
  guint32 bar = rgba_to_pixel (style.bar);
  int h2, h3;

  /* Peak 0.75 → gridlines every 0.2, top at 0.8. */
  g_assert_cmpfloat_with_epsilon (layout.y_step, 0.2, 1e-12);
  g_assert_cmpfloat_with_epsilon (layout.y_max, 0.8, 1e-12);
  g_assert_cmpint (layout.n_bars, ==, 2);

  h2 = bar_height (surface, &layout, bar_centre (&layout, 2) - 10, bar);
  h3 = bar_height (surface, &layout, bar_centre (&layout, 3) - 10, bar);
  g_assert_cmpfloat (fabs (h2 - 0.25 / 0.8 * layout.height), <=, 1.5);
  g_assert_cmpfloat (fabs (h3 - 0.75 / 0.8 * layout.height), <=, 1.5);

  /* Nothing is drawn in the bar colour outside the bars' columns. */
  g_assert_cmpint (bar_height (surface, &layout, (int) layout.x + 1, bar), ==, 0);
  cairo_surface_destroy (surface);
}

static void
test_chart_cumulative_modes (void)
{
  static const double weights[] = { 1, 1, 2 };
  g_autoptr(MusterDist) dist = muster_dist_new_from_weights (0, weights, 3);
  MusterChartLayout layout;
  cairo_surface_t *surface;
  guint32 bar = rgba_to_pixel (style.bar);

  g_assert_cmpfloat_with_epsilon (muster_chart_bar_value (dist, MUSTER_CHART_AT_LEAST, 1), 0.75, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_chart_bar_value (dist, MUSTER_CHART_AT_MOST, 1), 0.5, 1e-12);

  surface = paint (dist, MUSTER_CHART_AT_LEAST, G_MININT, &layout);
  g_assert_cmpfloat_with_epsilon (layout.y_max, 1.0, 1e-12);
  /* P(≥0) = 1 fills the plot; P(≥2) = 0.5 half of it. */
  g_assert_cmpfloat (fabs (bar_height (surface, &layout, bar_centre (&layout, 0) - 5, bar) -
                           layout.height), <=, 1.5);
  g_assert_cmpfloat (fabs (bar_height (surface, &layout, bar_centre (&layout, 2) - 5, bar) -
                           0.5 * layout.height), <=, 1.5);
  cairo_surface_destroy (surface);

  surface = paint (dist, MUSTER_CHART_AT_MOST, G_MININT, &layout);
  g_assert_cmpfloat (fabs (bar_height (surface, &layout, bar_centre (&layout, 0) - 5, bar) -
                           0.25 * layout.height), <=, 1.5);
  cairo_surface_destroy (surface);
}

static void
test_chart_highlight_and_mean (void)
{
  static const double weights[] = { 1, 2, 1 };
  g_autoptr(MusterDist) dist = muster_dist_new_from_weights (0, weights, 3);
  MusterChartLayout layout;
  cairo_surface_t *surface = paint (dist, MUSTER_CHART_EXACTLY, 2, &layout);
  guint32 highlight = rgba_to_pixel (style.highlight);
  guint32 bar = rgba_to_pixel (style.bar);
  guint32 mean = rgba_to_pixel (style.mean);
  int mean_x = bar_centre (&layout, 1);
  gboolean found_mean = FALSE;

  g_assert_cmpint (bar_height (surface, &layout, bar_centre (&layout, 2) - 5, highlight), >, 0);
  g_assert_cmpint (bar_height (surface, &layout, bar_centre (&layout, 2) - 5, bar), ==, 0);
  g_assert_cmpint (bar_height (surface, &layout, bar_centre (&layout, 0) - 5, bar), >, 0);

  /* The mean (1.0) is drawn down the middle bar. */
  for (int y = (int) layout.y; y < (int) (layout.y + layout.height); y++)
    for (int dx = -1; dx <= 1; dx++)
      found_mean |= same_colour (pixel_at (surface, mean_x + dx, y), mean);
  g_assert_true (found_mean);
  cairo_surface_destroy (surface);
}

/* Categories ("Pass", "Repulse", "Rout") have no mean: the same bars, and no mean line. */
static void
test_chart_categories_no_mean (void)
{
  static const double weights[] = { 1, 2, 1 };
  g_autoptr(MusterDist) dist = muster_dist_new_from_weights (0, weights, 3);
  MusterChartLayout layout, count_layout;
  cairo_surface_t *surface = paint (dist, MUSTER_CHART_CATEGORIES, G_MININT, &layout);
  cairo_surface_t *counts = paint (dist, MUSTER_CHART_EXACTLY, G_MININT, &count_layout);
  guint32 bar = rgba_to_pixel (style.bar);
  guint32 mean = rgba_to_pixel (style.mean);
  int found_mean = 0, found_count_mean = 0;

  g_assert_cmpfloat (layout.y_max, ==, count_layout.y_max);
  for (int value = 0; value < 3; value++)
    g_assert_cmpint (bar_height (surface, &layout, bar_centre (&layout, value) - 10, bar), ==,
                     bar_height (counts, &count_layout, bar_centre (&count_layout, value) - 10, bar));
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        found_mean += same_colour (pixel_at (surface, x, y), mean);
        found_count_mean += same_colour (pixel_at (counts, x, y), mean);
      }
  g_assert_cmpint (found_count_mean, >, 0);
  g_assert_cmpint (found_mean, ==, 0);
  cairo_surface_destroy (surface);
  cairo_surface_destroy (counts);
}

static void
test_chart_hit_testing (void)
{
  g_autoptr(MusterDist) dist = muster_dist_new_dice_sum (2, 6);
  MusterChartLayout layout;
  int value = 0;

  muster_chart_layout_compute (&layout, dist, MUSTER_CHART_EXACTLY, W, H);
  g_assert_cmpint (layout.n_bars, ==, 11);
  g_assert_true (muster_chart_value_at (&layout, bar_centre (&layout, 7), layout.y + 5, &value));
  g_assert_cmpint (value, ==, 7);
  g_assert_true (muster_chart_value_at (&layout, layout.x + 0.1, layout.y + 5, &value));
  g_assert_cmpint (value, ==, 2);
  g_assert_false (muster_chart_value_at (&layout, 2, layout.y + 5, &value));
  g_assert_false (muster_chart_value_at (&layout, bar_centre (&layout, 7), H - 1, &value));
}

static void
test_chart_many_values_thin_labels (void)
{
  g_autoptr(MusterDist) dist = muster_dist_new_dice_sum (40, 6);
  MusterChartLayout layout;

  /* 201 bars in 342 pixels: labels every few bars so they never overlap. */
  muster_chart_layout_compute (&layout, dist, MUSTER_CHART_EXACTLY, W, H);
  g_assert_cmpint (layout.n_bars, ==, 201);
  g_assert_cmpfloat (layout.slot * layout.label_every, >=, 36.0);
  g_assert_cmpfloat (layout.slot * (layout.label_every - 1), <, 36.0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  muster_chart_style_init_light (&style);

  g_test_add_func ("/model/chart/proportional", test_chart_bars_are_proportional);
  g_test_add_func ("/model/chart/cumulative", test_chart_cumulative_modes);
  g_test_add_func ("/model/chart/highlight-mean", test_chart_highlight_and_mean);
  g_test_add_func ("/model/chart/categories", test_chart_categories_no_mean);
  g_test_add_func ("/model/chart/hit-testing", test_chart_hit_testing);
  g_test_add_func ("/model/chart/label-spacing", test_chart_many_values_thin_labels);

  return g_test_run ();
}
