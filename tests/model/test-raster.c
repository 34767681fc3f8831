/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>

#include "muster-raster.h"
#include "muster-pixel-util.h"

#define W 160
#define H 120

/* Four corners of a @w × @h rectangle round (@cx, @cy) turned by @angle. */
static void
rotated_rect (double       cx,
              double       cy,
              double       w,
              double       h,
              double       angle,
              MusterPoint *c)
{
  static const double xs[] = { -0.5, 0.5, 0.5, -0.5 }, ys[] = { -0.5, -0.5, 0.5, 0.5 };

  for (guint i = 0; i < 4; i++)
    c[i] = (MusterPoint) { cx + xs[i] * w * cos (angle) - ys[i] * h * sin (angle),
                           cy + xs[i] * w * sin (angle) + ys[i] * h * cos (angle) };
}

static void
cairo_quads (cairo_t           *cr,
             const MusterPoint *c,
             guint              n,
             const double       rgba[4])
{
  for (guint i = 0; i < n * 4; i++)
    {
      (i % 4 ? cairo_line_to : cairo_move_to) (cr, c[i].x, c[i].y);
      if (i % 4 == 3)
        cairo_close_path (cr);
    }
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
  cairo_fill (cr);
}

static cairo_surface_t *
new_surface (cairo_format_t format)
{
  cairo_surface_t *surface = cairo_image_surface_create (format, W, H);
  cairo_t *cr = cairo_create (surface);

  /* something under the quads, to blend with */
  cairo_set_source_rgb (cr, 0.9, 0.85, 0.7);
  cairo_paint (cr);
  cairo_rectangle (cr, 0, 0, W / 2.0, H);
  cairo_set_source_rgba (cr, 0.2, 0.5, 0.2, 0.5);
  cairo_fill (cr);
  cairo_destroy (cr);
  return surface;
}

typedef struct
{
  int    max_diff;      /* the largest difference of a channel */
  double mean_diff;     /* over pixels that differ at all */
  guint  n_far;         /* pixels more than a rounding step apart */
} Diff;

static Diff
compare (cairo_surface_t *a,
         cairo_surface_t *b,
         gboolean         with_alpha)
{
  Diff diff = { 0 };
  guint n_differ = 0;
  double sum = 0;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        guint32 pa = pixel_at (a, x, y), pb = pixel_at (b, x, y);
        int most = 0;

        for (int shift = 0; shift < (with_alpha ? 32 : 24); shift += 8)
          most = MAX (most, ABS ((int) ((pa >> shift) & 0xff) - (int) ((pb >> shift) & 0xff)));
        diff.max_diff = MAX (diff.max_diff, most);
        if (most > 0)
          {
            n_differ++;
            sum += most;
          }
        diff.n_far += most > 2;
      }
  diff.mean_diff = n_differ ? sum / n_differ : 0;
  return diff;
}

/* Quads turned every way, some translucent, over a two-tone ground: what the raster paints is
 * what cairo paints but for the antialiased fringe, which stays within a few levels. */
static void
test_matches_cairo (void)
{
  static const cairo_format_t formats[] = { CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24 };

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    for (guint t = 0; t < 2; t++)
      {
        const double rgba[4] = { 0.11, 0.44, 0.85, t ? 0.6 : 1.0 };
        cairo_surface_t *expected = new_surface (formats[f]);
        cairo_surface_t *actual = new_surface (formats[f]);
        cairo_t *cr_e = cairo_create (expected);
        cairo_t *cr_a = cairo_create (actual);
        MusterPoint quads[4 * 24];
        g_autoptr(MusterRaster) raster = NULL;
        Diff diff;

        for (guint i = 0; i < 24; i++)
          rotated_rect (16 + (i % 6) * 26.3, 16 + (i / 6) * 28.7, 18 + i % 5, 9 + i % 3,
                        i * 0.37, quads + 4 * i);
        cairo_quads (cr_e, quads, 24, rgba);
        raster = muster_raster_begin (cr_a);
        g_assert_nonnull (raster);
        muster_raster_fill_quads (raster, quads, 24, rgba);
        g_clear_pointer (&raster, muster_raster_end);

        diff = compare (expected, actual, formats[f] == CAIRO_FORMAT_ARGB32);
        /* the interiors agree to the rounding step; the fringe, from distance rather than
         * area, within a tenth; most fringe pixels much closer */
        g_assert_cmpint (diff.max_diff, <=, 24);
        g_assert_cmpfloat (diff.mean_diff, <, 5);
        g_assert_cmpuint (diff.n_far, <, 24 * 40);
        /* and the quads are there: a centre in the colour */
        g_assert_true (same_colour (pixel_at (actual, 16 + 26, 16) | 0xff000000u,
                                    pixel_at (expected, 16 + 26, 16) | 0xff000000u));
        cairo_destroy (cr_e);
        cairo_destroy (cr_a);
        cairo_surface_destroy (expected);
        cairo_surface_destroy (actual);
      }
}

/* The comparison above can fail: quads drawn a pixel off are far from cairo's. */
static void
test_compare_sees_a_shift (void)
{
  const double rgba[4] = { 0.88, 0.11, 0.14, 1 };
  cairo_surface_t *expected = new_surface (CAIRO_FORMAT_ARGB32);
  cairo_surface_t *actual = new_surface (CAIRO_FORMAT_ARGB32);
  cairo_t *cr_e = cairo_create (expected);
  cairo_t *cr_a = cairo_create (actual);
  MusterPoint quad[4];
  MusterRaster *raster;

  rotated_rect (60, 60, 30, 14, 0.5, quad);
  cairo_quads (cr_e, quad, 1, rgba);
  rotated_rect (64, 60, 30, 14, 0.5, quad);
  raster = muster_raster_begin (cr_a);
  muster_raster_fill_quads (raster, quad, 1, rgba);
  muster_raster_end (raster);
  g_assert_cmpint (compare (expected, actual, TRUE).max_diff, >, 100);
  cairo_destroy (cr_e);
  cairo_destroy (cr_a);
  cairo_surface_destroy (expected);
  cairo_surface_destroy (actual);
}

/* The user matrix, the surface's device scale and a group's offset all place the quad where
 * cairo would; a clip of whole pixels keeps it in. */
static void
test_transforms_and_clip (void)
{
  const double rgba[4] = { 0.57, 0.25, 0.67, 1 };

  for (guint v = 0; v < 3; v++)
    {
      cairo_surface_t *expected = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
      cairo_surface_t *actual = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
      cairo_surface_t *surfaces[] = { expected, actual };
      MusterPoint quad[4];

      rotated_rect (20, 15, 30, 12, -0.7, quad);
      for (guint s = 0; s < 2; s++)
        {
          cairo_t *cr;

          if (v == 1)
            cairo_surface_set_device_scale (surfaces[s], 2, 2);
          cr = cairo_create (surfaces[s]);
          cairo_rectangle (cr, 10, 5, 30, 17);   /* cuts the quad */
          cairo_clip (cr);
          cairo_translate (cr, 7.25, 3.5);
          cairo_scale (cr, 1.5, 1.5);
          if (v == 2)
            cairo_push_group (cr);
          if (s == 0)
            cairo_quads (cr, quad, 1, rgba);
          else
            {
              MusterRaster *raster = muster_raster_begin (cr);

              g_assert_nonnull (raster);
              muster_raster_fill_quads (raster, quad, 1, rgba);
              muster_raster_end (raster);
            }
          if (v == 2)
            {
              cairo_pop_group_to_source (cr);
              cairo_paint (cr);
            }
          cairo_destroy (cr);
        }
      g_assert_cmpint (compare (expected, actual, TRUE).max_diff, <=, 24);
      g_assert_cmpuint (compare (expected, actual, TRUE).n_far, <, 60);
      /* nothing outside the clip */
      g_assert_cmpuint (pixel_at (actual, 5, 5), ==, 0);
      g_assert_cmpuint (pixel_at (actual, W - 1, H - 1), ==, 0);
      cairo_surface_destroy (expected);
      cairo_surface_destroy (actual);
    }
}

/* Where the raster cannot match cairo it says so, and the caller draws with cairo. */
static void
test_declines (void)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_surface_t *a8 = cairo_image_surface_create (CAIRO_FORMAT_A8, W, H);
  cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (image);
  cairo_t *cr_a8 = cairo_create (a8);
  cairo_t *cr_rec = cairo_create (recording);
  MusterRaster *raster;

  g_assert_null (muster_raster_begin (cr_rec));
  g_assert_null (muster_raster_begin (cr_a8));

  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  g_assert_null (muster_raster_begin (cr));
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  g_assert_null (muster_raster_begin (cr));
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);

  cairo_save (cr);
  cairo_rectangle (cr, 10.5, 10, 20, 20);   /* across pixels */
  cairo_clip (cr);
  g_assert_null (muster_raster_begin (cr));
  cairo_restore (cr);
  cairo_save (cr);
  cairo_rotate (cr, 0.3);
  cairo_rectangle (cr, 10, 10, 20, 20);     /* not a rectangle in pixels */
  cairo_clip (cr);
  g_assert_null (muster_raster_begin (cr));
  cairo_restore (cr);

  raster = muster_raster_begin (cr);
  g_assert_nonnull (raster);
  muster_raster_end (raster);
  muster_raster_end (NULL);

  cairo_destroy (cr);
  cairo_destroy (cr_a8);
  cairo_destroy (cr_rec);
  cairo_surface_destroy (image);
  cairo_surface_destroy (a8);
  cairo_surface_destroy (recording);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/raster/matches-cairo", test_matches_cairo);
  g_test_add_func ("/raster/compare-sees-a-shift", test_compare_sees_a_shift);
  g_test_add_func ("/raster/transforms-and-clip", test_transforms_and_clip);
  g_test_add_func ("/raster/declines", test_declines);
  return g_test_run ();
}
