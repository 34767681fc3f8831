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
new_surface_sized (cairo_format_t format,
                   int            width,
                   int            height)
{
  cairo_surface_t *surface = cairo_image_surface_create (format, width, height);
  cairo_t *cr = cairo_create (surface);

  /* something under the quads, to blend with */
  cairo_set_source_rgb (cr, 0.9, 0.85, 0.7);
  cairo_paint (cr);
  cairo_rectangle (cr, 0, 0, width / 2.0, height);
  cairo_set_source_rgba (cr, 0.2, 0.5, 0.2, 0.5);
  cairo_fill (cr);
  cairo_destroy (cr);
  return surface;
}

static cairo_surface_t *
new_surface (cairo_format_t format)
{
  return new_surface_sized (format, W, H);
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

  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);

  g_assert_cmpint (cairo_image_surface_get_width (b), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (b), ==, height);
  cairo_surface_flush (a);
  cairo_surface_flush (b);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
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
        if (g_test_verbose ())
          g_printerr ("quads format %u alpha %u: max %d mean %.2f far %u\n",
                      f, t, diff.max_diff, diff.mean_diff, diff.n_far);
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

/* Quads over the surface's sides and corners, and under a clip of two rectangles: what is
 * inside is cairo's, what is outside untouched. */
static void
test_quads_at_the_sides (void)
{
  const double rgba[4] = { 0.75, 0.18, 0.16, 0.8 };
  static const cairo_rectangle_t clips[] = { { 0, 0, W, H }, { 3, 2, 70, 50 }, { 90, 40, 60, 70 } };

  for (guint c = 0; c < 2; c++)
    {
      cairo_surface_t *expected = new_surface (CAIRO_FORMAT_ARGB32);
      cairo_surface_t *actual = new_surface (CAIRO_FORMAT_ARGB32);
      cairo_t *cr_e = cairo_create (expected);
      cairo_t *cr_a = cairo_create (actual);
      MusterPoint quads[4 * 8];
      MusterRaster *raster;
      Diff diff;

      rotated_rect (0, 0, 30, 12, 0.3, quads);
      rotated_rect (W, 0, 30, 12, -0.3, quads + 4);
      rotated_rect (W, H, 30, 12, 1.2, quads + 8);
      rotated_rect (0, H, 30, 12, 2.0, quads + 12);
      rotated_rect (W / 2.0, -3, 40, 9, 0.05, quads + 16);
      rotated_rect (-5, H / 2.0, 24, 9, 0.8, quads + 20);
      rotated_rect (W / 2.0, H / 2.0, 400, 20, 0.1, quads + 24);   /* across it all */
      rotated_rect (W + 3, H / 3.0, 24, 9, 0, quads + 28);
      for (guint i = 0; i < 2; i++)
        {
          cairo_t *cr = i ? cr_a : cr_e;

          for (guint k = c ? 1 : 0; k < (c ? 3u : 1u); k++)
            cairo_rectangle (cr, clips[k].x, clips[k].y, clips[k].width, clips[k].height);
          cairo_clip (cr);
        }
      cairo_quads (cr_e, quads, 8, rgba);
      raster = muster_raster_begin (cr_a);
      g_assert_nonnull (raster);
      muster_raster_fill_quads (raster, quads, 8, rgba);
      muster_raster_end (raster);
      diff = compare (expected, actual, TRUE);
      if (g_test_verbose ())
        g_printerr ("quads at the sides, clip %u: max %d mean %.2f far %u\n",
                    c, diff.max_diff, diff.mean_diff, diff.n_far);
      g_assert_cmpint (diff.max_diff, <=, 24);
      g_assert_cmpfloat (diff.mean_diff, <, 5);
      /* the long quad's shallow edges: a fringe a few pixels deep */
      g_assert_cmpuint (diff.n_far, <, 400);
      /* and the long quad is there, inside the clip, at full colour; between the two
       * rectangles, the ground as it was */
      g_assert_true (same_colour (pixel_at (actual, W / 2 + 40, H / 2 + 4),
                                  pixel_at (expected, W / 2 + 40, H / 2 + 4)));
      g_assert_false (same_colour (pixel_at (actual, W / 2 + 40, H / 2 + 4),
                                   pixel_at (actual, 80, 100)));
      if (c == 1)
        g_assert_cmpuint (pixel_at (actual, 80, H / 2 - 3), ==, pixel_at (expected, 80, H / 2 - 3));
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


/* Paths: what a test draws, with cairo and with the raster, over the same ground. */
typedef void (*DrawFunc) (cairo_t *cr, MusterRaster *raster, guint variant);

static const double leaf[4] = { 0.42, 0.60, 0.36, 1.0 };
static const double ink[4] = { 0.20, 0.22, 0.18, 0.55 };
static const double glass[4] = { 0.11, 0.44, 0.85, 0.6 };

static void
polygon_path (cairo_t           *cr,
              const MusterPoint *points,
              guint              n,
              gboolean           closed)
{
  for (guint i = 0; i < n; i++)
    (i ? cairo_line_to : cairo_move_to) (cr, points[i].x, points[i].y);
  if (closed)
    cairo_close_path (cr);
}

static void
ellipse_path (cairo_t             *cr,
              const MusterEllipse *e)
{
  cairo_save (cr);
  cairo_translate (cr, e->centre.x, e->centre.y);
  cairo_rotate (cr, e->angle);
  cairo_scale (cr, e->rx, e->ry);
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
  cairo_close_path (cr);
  cairo_restore (cr);
}

/* @e filled in @rgba, by cairo or by @raster. */
static void
fill_ellipse (cairo_t             *cr,
              MusterRaster        *raster,
              const MusterEllipse *e,
              const double         rgba[4])
{
  if (raster != NULL)
    {
      muster_raster_fill_ellipse (raster, e, rgba);
      return;
    }
  ellipse_path (cr, e);
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
  cairo_fill (cr);
}

/* A concave polygon, a star that crosses itself (non-zero fills its middle), ellipses turned
 * every way, one translucent. */
static void
draw_fills (cairo_t      *cr,
            MusterRaster *raster,
            guint         variant)
{
  static const MusterPoint concave[] = { { 10, 10 }, { 70, 14.5 }, { 40.3, 30 }, { 68, 55.2 },
                                         { 12.7, 50 } };
  MusterPoint star[5];

  for (guint i = 0; i < 5; i++)
    star[i] = (MusterPoint) { 115 + 30 * cos (i * 4 * G_PI / 5 + variant * 0.3),
                              35 + 30 * sin (i * 4 * G_PI / 5 + variant * 0.3) };
  if (raster == NULL)
    {
      polygon_path (cr, concave, G_N_ELEMENTS (concave), TRUE);
      cairo_set_source_rgba (cr, leaf[0], leaf[1], leaf[2], leaf[3]);
      cairo_fill (cr);
      polygon_path (cr, star, 5, TRUE);
      cairo_set_source_rgba (cr, glass[0], glass[1], glass[2], glass[3]);
      cairo_fill (cr);
    }
  else
    {
      muster_raster_fill_polygon (raster, concave, G_N_ELEMENTS (concave), leaf);
      muster_raster_fill_polygon (raster, star, 5, glass);
    }
  for (guint i = 0; i < 4; i++)
    {
      MusterEllipse e = { { 22 + i * 38.4, 92.6 }, 16 + i * 1.3, 9.5 + i * 2.1, i * 0.7 + variant };

      fill_ellipse (cr, raster, &e, leaf);
    }
}

/* A wide band with round joins and square caps, one with butt caps, a closed outline and
 * ellipses stroked a pixel wide, as the map strokes terrain. */
static void
draw_strokes (cairo_t      *cr,
              MusterRaster *raster,
              guint         variant)
{
  static const MusterPoint band[] = { { 10, 20 }, { 40, 12.3 }, { 70, 30 }, { 100, 18 },
                                      { 104, 50 }, { 80.5, 40 } };
  static const MusterPoint wall[] = { { 20, 70 }, { 50, 62 }, { 60, 100 } };
  static const MusterPoint outline[] = { { 110, 60 }, { 150, 66.6 }, { 140.2, 110 }, { 122, 90 },
                                         { 104, 108 } };
  double width = 9 + variant * 3.3;

  if (raster == NULL)
    {
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
      polygon_path (cr, band, G_N_ELEMENTS (band), FALSE);
      cairo_set_line_width (cr, width);
      cairo_set_source_rgba (cr, leaf[0], leaf[1], leaf[2], leaf[3]);
      cairo_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      polygon_path (cr, wall, G_N_ELEMENTS (wall), FALSE);
      cairo_set_line_width (cr, 6);
      cairo_stroke (cr);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      polygon_path (cr, outline, G_N_ELEMENTS (outline), TRUE);
      cairo_set_line_width (cr, 1);
      cairo_set_source_rgba (cr, ink[0], ink[1], ink[2], ink[3]);
      cairo_stroke (cr);
    }
  else
    {
      muster_raster_stroke_polyline (raster, band, G_N_ELEMENTS (band), FALSE, width,
                                     CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_CAP_SQUARE, leaf);
      muster_raster_stroke_polyline (raster, wall, G_N_ELEMENTS (wall), FALSE, 6,
                                     CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_CAP_BUTT, leaf);
      muster_raster_stroke_polyline (raster, outline, G_N_ELEMENTS (outline), TRUE, 1,
                                     CAIRO_LINE_JOIN_MITER, CAIRO_LINE_CAP_BUTT, ink);
    }
  for (guint i = 0; i < 3; i++)
    {
      MusterEllipse e = { { 30 + i * 45.2, 110 - i * 2.5 }, 12 + i * 3, 5 + i * 0.8, i * 0.9 };

      if (raster == NULL)
        {
          ellipse_path (cr, &e);
          cairo_set_line_width (cr, 1);
          cairo_set_source_rgba (cr, ink[0], ink[1], ink[2], ink[3]);
          cairo_stroke (cr);
        }
      else
        muster_raster_stroke_ellipse (raster, &e, 1, ink);
    }
}

/* A piece hanging over the table's edge, clipped to it, the edge across pixels and turned. */
static void
draw_clipped (cairo_t      *cr,
              MusterRaster *raster,
              guint         variant)
{
  MusterPoint table[4];
  MusterEllipse e = { { 120, 70 }, 45, 30, 0.4 };
  static const MusterPoint piece[] = { { 20, 30 }, { 90, 20 }, { 70, 110 } };

  rotated_rect (70, 60, 110.5, 80.3, variant * 0.25, table);
  if (raster == NULL)
    {
      polygon_path (cr, table, 4, TRUE);
      cairo_clip (cr);
      ellipse_path (cr, &e);
      cairo_set_source_rgba (cr, leaf[0], leaf[1], leaf[2], leaf[3]);
      cairo_fill (cr);
      polygon_path (cr, piece, G_N_ELEMENTS (piece), TRUE);
      cairo_set_line_width (cr, 7);
      cairo_stroke (cr);
    }
  else
    {
      muster_raster_set_clip_polygon (raster, table, 4);
      muster_raster_fill_ellipse (raster, &e, leaf);
      muster_raster_stroke_polyline (raster, piece, G_N_ELEMENTS (piece), TRUE, 7,
                                     CAIRO_LINE_JOIN_MITER, CAIRO_LINE_CAP_BUTT, leaf);
    }
}

/* Draws with both on @width × @height surfaces, under @n_clips whole-pixel clip rectangles
 * (none: @n_clips 0) and a matrix of the map's kind (scaled alike both ways and turned) if
 * @turned, and compares. */
static Diff
compare_drawing_sized (DrawFunc                 draw,
                       guint                    variant,
                       cairo_format_t           format,
                       gboolean                 turned,
                       int                      width,
                       int                      height,
                       const cairo_rectangle_t *clips,
                       guint                    n_clips)
{
  cairo_surface_t *expected = new_surface_sized (format, width, height);
  cairo_surface_t *actual = new_surface_sized (format, width, height);
  cairo_t *cr_e = cairo_create (expected);
  cairo_t *cr_a = cairo_create (actual);
  MusterRaster *raster;
  Diff diff;

  for (guint i = 0; i < 2; i++)
    {
      cairo_t *cr = i ? cr_a : cr_e;

      for (guint c = 0; c < n_clips; c++)
        cairo_rectangle (cr, clips[c].x, clips[c].y, clips[c].width, clips[c].height);
      if (n_clips > 0)
        cairo_clip (cr);
      if (turned)
        {
          cairo_translate (cr, 80, 60);
          cairo_rotate (cr, 0.3);
          cairo_scale (cr, 0.9, 0.9);
          cairo_translate (cr, -80, -60);
        }
    }
  draw (cr_e, NULL, variant);
  raster = muster_raster_begin (cr_a);
  g_assert_nonnull (raster);
  draw (cr_a, raster, variant);
  muster_raster_end (raster);
  diff = compare (expected, actual, format == CAIRO_FORMAT_ARGB32);
  if (g_test_verbose ())
    {
      const guchar *data = cairo_image_surface_get_data (actual);
      guint32 hash = 2166136261u;   /* FNV-1a: to see whether a change moved any pixel */

      cairo_surface_flush (actual);
      for (gsize i = 0; i < (gsize) cairo_image_surface_get_stride (actual) * height; i++)
        hash = (hash ^ data[i]) * 16777619u;
      g_printerr ("  pixels' hash %08x\n", hash);
    }
  cairo_destroy (cr_e);
  cairo_destroy (cr_a);
  cairo_surface_destroy (expected);
  cairo_surface_destroy (actual);
  return diff;
}

static Diff
compare_drawing (DrawFunc       draw,
                 guint          variant,
                 cairo_format_t format,
                 gboolean       turned)
{
  return compare_drawing_sized (draw, variant, format, turned, W, H, NULL, 0);
}

/* Fills, strokes and clipped pieces match cairo's but for the antialiased edges, which stay
 * within a few levels (cairo samples the coverage; the raster takes the area). */
static void
test_paths_match_cairo (void)
{
  static const DrawFunc draws[] = { draw_fills, draw_strokes, draw_clipped };
  static const cairo_format_t formats[] = { CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24 };

  for (guint d = 0; d < G_N_ELEMENTS (draws); d++)
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
      for (guint v = 0; v < 3; v++)
        {
          Diff diff = compare_drawing (draws[d], v, formats[f], v == 2);

          if (g_test_verbose ())
            g_printerr ("draw %u format %u variant %u: max %d mean %.2f far %u\n",
                        d, f, v, diff.max_diff, diff.mean_diff, diff.n_far);
          g_assert_cmpint (diff.max_diff, <=, 48);
          g_assert_cmpfloat (diff.mean_diff, <, 6);
          g_assert_cmpuint (diff.n_far, <, 400);
        }
}

static void
draw_shifted_ellipse (cairo_t      *cr,
                      MusterRaster *raster,
                      guint         variant)
{
  MusterEllipse e = { { 80 + (raster ? 3 : 0), 60 }, 40, 25, 0.3 };

  (void) variant;
  fill_ellipse (cr, raster, &e, leaf);
}

/* A mitre on the inner side of a turn, or none on the outer, is a corner out of place. */
static void
draw_swapped_join (cairo_t      *cr,
                   MusterRaster *raster,
                   guint         variant)
{
  static const MusterPoint corner[] = { { 20, 100 }, { 80, 20 }, { 140, 100 } };
  static const MusterPoint mirrored[] = { { 140, 100 }, { 80, 20 }, { 20, 100 } };

  (void) variant;
  if (raster == NULL)
    {
      polygon_path (cr, corner, 3, FALSE);
      cairo_set_line_width (cr, 12);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      cairo_set_source_rgba (cr, leaf[0], leaf[1], leaf[2], leaf[3]);
      cairo_stroke (cr);
    }
  else
    /* the same line, but its mitre where a bevel would be: a round join instead */
    muster_raster_stroke_polyline (raster, mirrored, 3, FALSE, 12, CAIRO_LINE_JOIN_ROUND,
                                   CAIRO_LINE_CAP_BUTT, leaf);
}

/* The comparison sees a path drawn 3 px off, and a join gone wrong. */
static void
test_paths_compare_fails (void)
{
  Diff diff = compare_drawing (draw_shifted_ellipse, 0, CAIRO_FORMAT_ARGB32, FALSE);

  if (g_test_verbose ())
    g_printerr ("shifted: max %d far %u\n", diff.max_diff, diff.n_far);
  g_assert_cmpint (diff.max_diff, >, 100);
  g_assert_cmpuint (diff.n_far, >=, 400);
  diff = compare_drawing (draw_swapped_join, 0, CAIRO_FORMAT_ARGB32, FALSE);
  if (g_test_verbose ())
    g_printerr ("swapped join: max %d far %u\n", diff.max_diff, diff.n_far);
  g_assert_cmpint (diff.max_diff, >, 100);
}

/* Wide rows: the raster finds a row's edges 64 pixels at a time, so edges fall on, before and
 * after those words' bounds, in the row's last pixel alone, and across the whole row. */
#define WIDE_W 1000
#define WIDE_H 48

static void
fill_rect (cairo_t      *cr,
           MusterRaster *raster,
           double        x0,
           double        y0,
           double        x1,
           double        y1,
           const double  rgba[4])
{
  MusterPoint corners[] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };

  if (raster != NULL)
    {
      muster_raster_fill_polygon (raster, corners, 4, rgba);
      return;
    }
  polygon_path (cr, corners, 4, TRUE);
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
  cairo_fill (cr);
}

/* Rectangles in whole pixels, so of exact coverage: cairo's to a rounding step.  Variant 1
 * draws one a pixel short, which the comparison must see. */
static void
draw_wide_aligned (cairo_t      *cr,
                   MusterRaster *raster,
                   guint         variant)
{
  static const double spans[][2] = { { 0, 64 }, { 63, 65 }, { 64, 128 }, { 127, 129 },
                                     { 191, 192 }, { 192, 193 }, { 255, 320 }, { 319, 385 },
                                     { WIDE_W - 1, WIDE_W }, { WIDE_W - 65, WIDE_W },
                                     { 1, WIDE_W - 1 } };

  for (guint i = 0; i < G_N_ELEMENTS (spans); i++)
    {
      double y = 1 + (i % 6) * 4;
      double x1 = spans[i][1] - (variant == 1 && raster != NULL && i == 2 ? 1 : 0);

      fill_rect (cr, raster, spans[i][0], y, x1, y + 3 + i / 6, i % 2 ? glass : leaf);
    }
  /* a solid band across the whole width, with a translucent one over it */
  fill_rect (cr, raster, 0, 26, WIDE_W, 34, leaf);
  fill_rect (cr, raster, -10, 30, WIDE_W + 10, 40, ink);
  /* ends of rows in the middle of a word and at its last pixel */
  fill_rect (cr, raster, 700, 41, 767, 44, glass);
  fill_rect (cr, raster, 768, 41, 831, 47, leaf);
}

/* Slanted pieces: polygons across the whole width, crossing the surface's sides, one that
 * covers only part of each row's last pixel, a sliver the width of the surface, opaque and
 * translucent. */
static void
draw_wide_slanted (cairo_t      *cr,
                   MusterRaster *raster,
                   guint         variant)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17 + variant);
  const MusterPoint last_pixel[] = { { WIDE_W - 0.75, 2 }, { WIDE_W + 3, 2.5 }, { WIDE_W + 2, 20 } };
  const MusterPoint sliver[] = { { -3, 21.2 }, { WIDE_W + 3, 23.9 }, { WIDE_W + 3, 24.6 } };

  for (guint i = 0; i < 8; i++)
    {
      MusterPoint points[6];
      double cx = g_rand_double_range (rand, 0, WIDE_W), cy = g_rand_double_range (rand, 0, WIDE_H);
      double rx = g_rand_double_range (rand, 5, 300), ry = g_rand_double_range (rand, 3, 30);
      const double *rgba = i % 3 == 0 ? glass : i % 3 == 1 ? leaf : ink;

      for (guint k = 0; k < G_N_ELEMENTS (points); k++)
        points[k] = (MusterPoint) { cx + rx * cos (k * G_PI / 3 + i), cy + ry * sin (k * G_PI / 3 + i) };
      if (raster != NULL)
        muster_raster_fill_polygon (raster, points, G_N_ELEMENTS (points), rgba);
      else
        {
          polygon_path (cr, points, G_N_ELEMENTS (points), TRUE);
          cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
          cairo_fill (cr);
        }
    }
  if (raster != NULL)
    {
      muster_raster_fill_polygon (raster, last_pixel, 3, leaf);
      muster_raster_fill_polygon (raster, sliver, 3, glass);
    }
  else
    {
      polygon_path (cr, last_pixel, 3, TRUE);
      cairo_set_source_rgba (cr, leaf[0], leaf[1], leaf[2], leaf[3]);
      cairo_fill (cr);
      polygon_path (cr, sliver, 3, TRUE);
      cairo_set_source_rgba (cr, glass[0], glass[1], glass[2], glass[3]);
      cairo_fill (cr);
    }
}

static void
test_wide_rows (void)
{
  static const cairo_format_t formats[] = { CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24 };
  /* the rows' cells then start a pixel in, and there are two regions to fill */
  static const cairo_rectangle_t clips[] = { { 1, 0, 520, WIDE_H }, { 600, 3, WIDE_W - 600, 40 } };
  Diff diff;

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    for (guint n_clips = 0; n_clips <= 2; n_clips += 2)
      {
        diff = compare_drawing_sized (draw_wide_aligned, 0, formats[f], FALSE, WIDE_W, WIDE_H,
                                           clips, n_clips);

        if (g_test_verbose ())
          g_printerr ("aligned format %u clips %u: max %d mean %.2f far %u\n",
                      f, n_clips, diff.max_diff, diff.mean_diff, diff.n_far);
        g_assert_cmpint (diff.max_diff, <=, 2);
        for (guint v = 0; v < 3; v++)
          {
            diff = compare_drawing_sized (draw_wide_slanted, v, formats[f], v == 2, WIDE_W, WIDE_H,
                                          clips, n_clips);
            if (g_test_verbose ())
              g_printerr ("slanted format %u clips %u variant %u: max %d mean %.2f far %u\n",
                          f, n_clips, v, diff.max_diff, diff.mean_diff, diff.n_far);
            /* long shallow edges: many antialiased pixels, each close */
            g_assert_cmpint (diff.max_diff, <=, 16);
            g_assert_cmpfloat (diff.mean_diff, <, 3);
            g_assert_cmpuint (diff.n_far, <, 1500);
          }
      }
  /* a rectangle a pixel short at a word's end is seen: its last column of three pixels */
  diff = compare_drawing_sized (draw_wide_aligned, 1, CAIRO_FORMAT_ARGB32, FALSE, WIDE_W, WIDE_H,
                                NULL, 0);
  g_assert_cmpint (diff.max_diff, >, 24);
  g_assert_cmpuint (diff.n_far, ==, 3);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/raster/matches-cairo", test_matches_cairo);
  g_test_add_func ("/raster/compare-sees-a-shift", test_compare_sees_a_shift);
  g_test_add_func ("/raster/quads-at-the-sides", test_quads_at_the_sides);
  g_test_add_func ("/raster/transforms-and-clip", test_transforms_and_clip);
  g_test_add_func ("/raster/declines", test_declines);
  g_test_add_func ("/raster/paths-match-cairo", test_paths_match_cairo);
  g_test_add_func ("/raster/paths-compare-fails", test_paths_compare_fails);
  g_test_add_func ("/raster/wide-rows", test_wide_rows);
  return g_test_run ();
}
