/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "muster-bench-util.h"
#include "muster-raster.h"

/*
 * The raster's kernels on their own, on a 1280 × 800 surface as the map's layers are: a
 * crowded table's 2,000 stands (the whole table fitted, and 4× the size as when zoomed), and
 * 300 terrain pieces filled and outlined. The map benchmark times whole frames, where the
 * layers' copies and the labels weigh too; this shows what a change to the kernels does.
 * Before each run the surface is cleared, as a layer is before it is painted afresh.
 */

#define W        1280
#define H        800
#define N_UNITS  100
#define STANDS   20
#define N_PIECES 300
#define RUNS     31

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

typedef void (*DrawFunc) (MusterRaster *raster, gpointer data);

/* Prints the median and the best, over RUNS, of milliseconds to draw with @draw on a cleared
 * @surface (the best: what the code costs when the machine is busy with other things). */
static void
time_draw (const char      *what,
           cairo_surface_t *surface,
           DrawFunc         draw,
           gpointer         data)
{
  double ms[RUNS];

  for (guint r = 0; r < RUNS; r++)
    {
      cairo_t *cr = cairo_create (surface);
      MusterRaster *raster;
      gint64 start;

      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      start = cpu_now ();
      raster = muster_raster_begin (cr);
      g_assert_nonnull (raster);
      draw (raster, data);
      muster_raster_end (raster);
      ms[r] = (cpu_now () - start) / 1000.0;
      cairo_destroy (cr);
    }
  qsort (ms, RUNS, sizeof ms[0], compare_doubles);
  printf ("  %s: %.3f ms, best %.3f ms\n", what, ms[RUNS / 2], ms[0]);
}

typedef struct
{
  MusterPoint corners[N_UNITS * STANDS * 4];
} Stands;

/* Units of 20 stands in ranks of five, each unit turned its own way, the stands @w × @h px. */
static void
make_stands (Stands *stands,
             GRand  *rand,
             double  w,
             double  h,
             double  spread)
{
  static const double xs[] = { -0.5, 0.5, 0.5, -0.5 }, ys[] = { -0.5, -0.5, 0.5, 0.5 };

  for (guint u = 0; u < N_UNITS; u++)
    {
      double cx = W / 2.0 + g_rand_double_range (rand, -spread, spread) * W;
      double cy = H / 2.0 + g_rand_double_range (rand, -spread, spread) * H;
      double angle = g_rand_double_range (rand, -G_PI, G_PI), ca = cos (angle), sa = sin (angle);

      for (guint s = 0; s < STANDS; s++)
        {
          double sx = ((int) (s % 5) - 2) * w, sy = ((int) (s / 5) - 2) * h;

          for (guint i = 0; i < 4; i++)
            {
              double x = sx + xs[i] * w, y = sy + ys[i] * h;

              stands->corners[(u * STANDS + s) * 4 + i] = (MusterPoint) { cx + x * ca - y * sa,
                                                                          cy + x * sa + y * ca };
            }
        }
    }
}

static void
draw_stands (MusterRaster *raster,
             gpointer      data)
{
  const Stands *stands = data;
  static const double colours[][4] = { { 0.75, 0.18, 0.16, 1 }, { 0.15, 0.35, 0.75, 1 } };

  for (guint u = 0; u < N_UNITS; u++)
    muster_raster_fill_quads (raster, stands->corners + u * STANDS * 4, STANDS, colours[u % 2]);
}

typedef struct
{
  MusterEllipse ellipses[N_PIECES];
  MusterPoint   polygons[N_PIECES][8];
} Pieces;

static void
make_pieces (Pieces *pieces,
             GRand  *rand,
             double  scale)
{
  for (guint t = 0; t < N_PIECES; t++)
    {
      MusterPoint c = { W / 2.0 + g_rand_double_range (rand, -0.5, 0.5) * W * scale,
                        H / 2.0 + g_rand_double_range (rand, -0.5, 0.5) * H * scale };
      double rx = g_rand_double_range (rand, 20, 70) * scale, ry = g_rand_double_range (rand, 20, 70) * scale;

      pieces->ellipses[t] = (MusterEllipse) { c, rx, ry, g_rand_double_range (rand, -G_PI, G_PI) };
      for (guint i = 0; i < 8; i++)
        pieces->polygons[t][i] = (MusterPoint) { c.x + rx * cos (i * G_PI / 4) * (i % 2 ? 0.7 : 1),
                                                 c.y + ry * sin (i * G_PI / 4) * (i % 2 ? 0.7 : 1) };
    }
}

static void
draw_pieces (MusterRaster *raster,
             gpointer      data)
{
  const Pieces *pieces = data;
  static const double ground[4] = { 0.42, 0.60, 0.36, 1 }, wood[4] = { 0.2, 0.4, 0.15, 0.6 };
  static const double ink[4] = { 0.20, 0.22, 0.18, 0.8 };

  for (guint t = 0; t < N_PIECES; t++)
    {
      const double *fill = t % 2 ? wood : ground;

      if (t % 3 == 0)
        {
          muster_raster_fill_ellipse (raster, &pieces->ellipses[t], fill);
          muster_raster_stroke_ellipse (raster, &pieces->ellipses[t], 1.5, ink);
        }
      else
        {
          muster_raster_fill_polygon (raster, pieces->polygons[t], 8, fill);
          muster_raster_stroke_polyline (raster, pieces->polygons[t], 8, TRUE, 1.5,
                                         CAIRO_LINE_JOIN_MITER, CAIRO_LINE_CAP_BUTT, ink);
        }
    }
}

int
main (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1815);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  g_autofree Stands *stands = g_new (Stands, 1);
  g_autofree Pieces *pieces = g_new (Pieces, 1);

  printf ("raster kernels on %d x %d (median of %d runs, then the best; thread CPU time):\n", W, H, RUNS);
  make_stands (stands, rand, 27, 13, 0.45);
  time_draw ("2000 stands of 27 x 13 px (the table fitted)", surface, draw_stands, stands);
  make_stands (stands, rand, 108, 54, 1.6);
  time_draw ("2000 stands of 108 x 54 px over 4x the area (zoomed 4x)", surface, draw_stands, stands);
  make_pieces (pieces, rand, 1);
  time_draw ("300 terrain pieces, 40-140 px, filled and outlined (fitted)", surface, draw_pieces, pieces);
  make_pieces (pieces, rand, 4);
  time_draw ("300 terrain pieces, 160-560 px, over 4x the area (zoomed 4x)", surface, draw_pieces, pieces);
  cairo_surface_destroy (surface);
  return 0;
}
