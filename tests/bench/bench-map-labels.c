/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "muster-bench-util.h"
#include "muster-map-cache.h"
#include "muster-map-painter.h"

/*
 * The screen's labels on big battlefields (issue 20): 1,000, 4,000, 16,000 and 64,000 named units in
 * ranks 300 mm apart (as bench-big-export's generated documents place them), each 240 mm wide,
 * with 20 named woods among them, on a 1280 × 800 image surface. Zoomed so that a unit is about
 * 60 px wide, every unit is named, and the names are placed over the whole table (so that a
 * scrolled map's strips agree): that placement, then a whole first frame (a new map cache, one
 * thread), which places them once more and paints the view. Also the table fitted, where the
 * units are too small to be named. Figures: this thread's CPU time, the median of a few.
 */

#define W 1280
#define H 800
#define STEP 300.0

static MusterBattlefield *
build_table (guint n_units)
{
  guint per_row = (guint) ceil (sqrt (n_units));
  double side = STEP * (per_row + 1);
  MusterBattlefield *field = muster_battlefield_new (side, side, "in");

  for (guint t = 0; t < 20; t++)
    {
      MusterFeature *wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);

      wood->type = g_strdup ("woods");
      wood->name = g_strdup_printf ("Wood %u", t + 1);
      wood->outline = MUSTER_OUTLINE_ELLIPSE;
      wood->centre = (MusterPoint) { side * (t + 0.5) / 20, side / 2 + STEP / 2 };
      wood->width = 900;
      wood->height = 600;
      muster_battlefield_insert (field, -1, wood);
    }
  for (guint i = 0; i < n_units; i++)
    {
      MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);

      unit->unit = g_strdup_printf ("u%u", i + 1);
      unit->name = g_strdup_printf ("Unit %u", i + 1);
      unit->side = g_strdup (i % 2 ? "South" : "North");
      unit->formation = MUSTER_FORMATION_LINE;
      unit->stands = 12;
      unit->files = 6;
      unit->base_width = 40;
      unit->base_depth = 40;
      unit->centre = (MusterPoint) { STEP * (1 + i % per_row), STEP * (1 + i / per_row) };
      unit->rotation = i % 2 ? -G_PI / 2 : G_PI / 2;
      muster_battlefield_insert (field, -1, unit);
    }
  return field;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The median of @n runs of the placement (@frame FALSE) or of a first frame, ms of CPU */
static double
time_labels (cairo_t           *cr,
             MusterViewport    *viewport,
             MusterBattlefield *field,
             gboolean           frame,
             guint              n,
             guint             *n_placed)
{
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  MusterMapScene scene = { .battlefield = field, .rubber_band = muster_box_empty () };
  MusterMapStyle style;

  muster_map_style_init_light (&style);
  for (guint i = 0; i < n; i++)
    {
      gint64 start = cpu_now ();
      double ms;

      if (frame)
        {
          g_autoptr(MusterMapCache) cache = muster_map_cache_new ();

          muster_map_cache_set_threads (cache, 1);
          muster_map_cache_paint (cache, cr, viewport, &scene, &style, 1, NULL);
          cairo_surface_flush (cairo_get_target (cr));
        }
      else
        {
          g_autoptr(GHashTable) placed = muster_map_place_scene_labels (cr, viewport, &scene,
                                                                        &style);

          *n_placed = g_hash_table_size (placed);
        }
      ms = (cpu_now () - start) / 1000.0;
      g_array_append_val (times, ms);
    }
  g_array_sort (times, compare_double);
  return g_array_index (times, double, n / 2);
}

int
main (int   argc,
      char *argv[])
{
  static const guint sizes[] = { 1000, 4000, 16000, 64000 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);

  /* `bench-map-labels N`: only N units, for perf */
  guint only = argc > 1 ? (guint) g_ascii_strtoull (argv[1], NULL, 10) : 0;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr(MusterBattlefield) field = NULL;
      g_autoptr(MusterViewport) viewport = muster_viewport_new ();
      gint64 start;
      /* the biggest takes seconds a run without a grid: fewer runs */
      guint n = sizes[s] > 4000 ? 3 : 5, placed = 0;
      double place, frame;

      if (only != 0 && sizes[s] != only)
        continue;
      /* each unit put on the table as Deploy All puts it (it took minutes at 64,000 when each
       * insertion looked through the table for a free id) */
      start = cpu_now ();
      field = build_table (sizes[s]);
      printf ("%5u units: table built in %.1f ms\n", sizes[s], (cpu_now () - start) / 1000.0);
      muster_viewport_set_size (viewport, W, H);
      for (guint view = 0; view < 2; view++)
        {
          muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (field), 24);
          if (view == 1)
            muster_viewport_zoom_at (viewport, 0.25, W / 2.0, H / 2.0);
          place = time_labels (cr, viewport, field, FALSE, n, &placed);
          frame = time_labels (cr, viewport, field, TRUE, n, &placed);
          printf ("%5u units, %s: labels placed %.1f ms (%u shown), first frame %.1f ms\n",
                  sizes[s], view ? "zoomed to 0.25 px/mm (units ~60 px wide, all named)"
                                 : "table fitted", place, placed, frame);
        }
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return 0;   /* a benchmark reports; it does not fail on a busy machine */
}
