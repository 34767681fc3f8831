/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <stdio.h>

#include "muster-bench-util.h"
#include "muster-engine.h"
#include "muster-map-painter.h"
#include "muster-odds-tint.h"

/*
 * Odds on a crowded table while the acting unit is dragged (issue 22): a 6 × 4 ft Battle Valor
 * Fantasy table with 2,000 stands (100 units of 20, two armies) and 300 terrain pieces. A
 * crossbow unit is dragged in 240 steps from 30″ away to contact with an enemy unit standing
 * in a wood; each step is one frame: the placement moved, the table's facts read again, every
 * procedure between the two filled (lists and table) and the exact ones run. The figures are
 * the thread's CPU time per frame, mean and worst, against the 16 ms frame.
 *
 * Then the map's tint: the same table with 400 units of 5 stands (200 enemy units), the
 * crossbows dragged in 60 steps across it; each frame the chance of missile fire's key outcome
 * against every enemy (muster_odds_tint_new()) and the marks painted with the tint and its
 * legend on a 1600 × 1000 view of the whole table; against 8 ms. With a target selected (the
 * enemy nearest the crossbows' path), the frame also has what the odds panel shows: every
 * exact procedure against the target, and the range rings' chances against it
 * (muster_odds_tint_add_bands()); the whole frame against 16 ms.
 */

#define N_UNITS     100
#define STANDS      20
#define N_TERRAIN   300
#define TABLE_W     1828.8
#define TABLE_H     1219.2
#define N_FRAMES    240
#define TARGET_MS   16.0
#define TINT_UNITS  400
#define TINT_STANDS 5
#define TINT_FRAMES 60
#define TINT_MS     8.0

/* Frame times, ms, one array per figure: printed as their median and worst. */
typedef struct
{
  GArray *ms;
} Figure;

static void
figure_add (Figure *figure,
            double  ms)
{
  if (figure->ms == NULL)
    figure->ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_array_append_val (figure->ms, ms);
}

static int
compare_ms (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* "1.234 ms median, 2.345 ms worst" (sorts and frees @figure's times) */
static char *
figure_take (Figure *figure)
{
  g_autoptr(GArray) ms = g_steal_pointer (&figure->ms);
  guint n = ms->len;

  g_array_sort (ms, compare_ms);
  return g_strdup_printf ("%.3f ms median, %.3f ms worst",
                          n % 2 ? g_array_index (ms, double, n / 2)
                                : (g_array_index (ms, double, n / 2 - 1) +
                                   g_array_index (ms, double, n / 2)) / 2,
                          g_array_index (ms, double, n - 1));
}

static GBytes *
build_document (GRand *rand,
                guint  n_units,
                guint  stands)
{
  static const char * const types[] = { "woods", "hill", "stream", "linear", "rough" };
  /* crossbows, and heavy foot with double-handed weapons */
  static const char * const options[] = {
    "<option id='regular'/><option id='missile'/><option id='light-armour'/>",
    "<option id='veteran'/><option id='double-handed'/><option id='heavy-armour'/>",
  };
  GString *xml = g_string_new ("<muster format='1'><ruleset id='battle-valor-fantasy' "
                               "version='1.0'/><title>Crowded</title>");

  for (guint side = 0; side < 2; side++)
    {
      g_string_append_printf (xml, "<force id='f%u' name='Army %u' side='%s' points='60000'>"
                              "<setting variant='optional-limits' value='on'/>", side, side,
                              side ? "B" : "A");
      for (guint u = side * n_units / 2; u < (side + 1) * n_units / 2; u++)
        g_string_append_printf (xml, "<unit id='u%u' type='infantry' size='20' name='Unit %u'>"
                                "%s</unit>", u, u, options[u % 2]);
      g_string_append (xml, "</force>");
    }
  g_string_append_printf (xml, "<battlefield width='%.1f' height='%.1f' units='in'>", TABLE_W,
                          TABLE_H);
  for (guint t = 0; t < N_TERRAIN; t++)
    g_string_append_printf (xml, "<terrain id='t%u' type='%s' shape='%s' x='%.1f' y='%.1f' "
                            "width='%.1f' height='%.1f' rotation='%.1f'/>", t,
                            types[t % G_N_ELEMENTS (types)], t % 2 ? "ellipse" : "rectangle",
                            g_rand_double_range (rand, 0, TABLE_W),
                            g_rand_double_range (rand, 0, TABLE_H),
                            g_rand_double_range (rand, 40, 160), g_rand_double_range (rand, 20, 120),
                            g_rand_double_range (rand, -180, 180));
  /* the target, u51, in a wood of its own at the table's centre */
  g_string_append_printf (xml, "<terrain id='wood' type='woods' shape='ellipse' x='%.1f' y='%.1f' "
                          "width='500' height='300'/>", TABLE_W / 2, TABLE_H / 2);
  for (guint u = 0; u < n_units; u++)
    {
      double x = u == 51 ? TABLE_W / 2 : g_rand_double_range (rand, 100, TABLE_W - 100);
      double y = u == 51 ? TABLE_H / 2 : g_rand_double_range (rand, 60, TABLE_H - 60);

      g_string_append_printf (xml, "<placement id='p%u' unit='u%u' x='%.1f' y='%.1f' "
                              "facing='%d' formation='line' stands='%u' files='10' "
                              "base-width='20' base-depth='20'/>", u, u, x, y,
                              u == 51 ? -90 : (int) g_rand_int_range (rand, -180, 180), stands);
    }
  g_string_append (xml, "</battlefield></muster>");
  return g_string_free_to_bytes (xml);
}

/* The table of @n_units units of @stands stands, with its ruleset and terrain types. */
static MusterDoc *
open_document (MusterCatalog       *catalog,
               guint32              seed,
               guint                n_units,
               guint                stands,
               MusterRuleset      **ruleset,
               MusterTerrainTypes **types)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GBytes) bytes = build_document (rand, n_units, stands);
  g_autoptr(GError) error = NULL;
  MusterDoc *doc = muster_doc_new_from_bytes (bytes, "crowded.muster", &error);

  g_assert_no_error (error);
  *ruleset = muster_catalog_resolve (catalog, "battle-valor-fantasy", &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, *ruleset);
  *types = muster_terrain_types_new_for_ruleset (*ruleset, &error);
  g_assert_no_error (error);
  return doc;
}

/* The tint of 200 enemy units while the crossbows are dragged, and its painting. */
static void
bench_tint (MusterCatalog *catalog)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterTerrainTypes) types = NULL;
  g_autoptr(MusterDoc) doc = open_document (catalog, 23, TINT_UNITS, TINT_STANDS, &ruleset, &types);
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1600, 1000);
  MusterBattlefield *battlefield;
  MusterMapStyle style;
  Figure chances = { 0 }, paint = { 0 }, tint_frame = { 0 }, panel = { 0 }, whole = { 0 },
         later = { 0 };
  double first_frame_ms = 0;
  guint n_enemies = 0, n_tinted = 0;
  g_autofree char *target = NULL;

  battlefield = muster_doc_get_battlefield (doc);
  muster_map_style_init_light (&style);
  muster_viewport_set_size (viewport, 1600, 1000);
  muster_viewport_fit_box (viewport, muster_battlefield_get_table_box (battlefield), 32);
  {
    g_autoptr(GPtrArray) enemies = muster_odds_list_targets (doc, "u0");
    g_autoptr(MusterFeature) moved = muster_feature_copy (muster_battlefield_lookup_unit (battlefield,
                                                                                        "u0"));
    g_autoptr(MusterFeature) old = NULL;
    g_autoptr(GPtrArray) near = NULL;

    n_enemies = enemies->len;
    /* the target: the enemy nearest the middle of the crossbows' path */
    moved->centre = (MusterPoint) { TABLE_W / 2, TABLE_H / 2 };
    old = muster_battlefield_replace (battlefield, moved);
    near = muster_odds_list_targets (doc, "u0");
    target = g_strdup (near->pdata[0]);
  }

  for (guint frame = 0; frame < TINT_FRAMES; frame++)
    {
      g_autoptr(MusterFeature) moved = muster_feature_copy (muster_battlefield_lookup_unit (battlefield,
                                                                                          "u0"));
      g_autoptr(MusterFeature) old = NULL;
      g_autoptr(MusterOddsTint) tint = NULL;
      MusterMapScene scene = { 0 };
      gint64 start, computed, panel_start, painted, panel_end;
      cairo_t *cr;
      double ms;

      moved->centre = (MusterPoint) { 100 + (TABLE_W - 200) * frame / (TINT_FRAMES - 1),
                                      TABLE_H / 2 };
      old = muster_battlefield_replace (battlefield, moved);
      start = cpu_now ();
      tint = muster_odds_tint_new (doc, types, "u0", "missile-fire", &error);
      g_assert_no_error (error);
      computed = cpu_now ();
      scene.battlefield = battlefield;
      scene.doc = doc;
      scene.types = types;
      scene.tint = tint;
      cr = cairo_create (surface);
      muster_map_paint_layers (cr, viewport, &scene, &style, MUSTER_MAP_LAYER_MARKS, NULL);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      painted = cpu_now ();
      figure_add (&chances, (computed - start) / 1000.0);
      figure_add (&paint, (painted - computed) / 1000.0);
      figure_add (&tint_frame, (painted - start) / 1000.0);
      n_tinted += muster_odds_tint_get_n_units (tint);

      /* with a target: the panel's exact figures and the rings' chances, in the same frame */
      panel_start = cpu_now ();
      {
        g_autoptr(MusterOddsFacts) facts = muster_odds_facts_new (doc, types, "u0", target, &error);
        g_autoptr(GPtrArray) procedures = NULL;

        g_assert_no_error (error);
        procedures = muster_odds_list_procedures (facts);
        for (guint i = 0; i < procedures->len; i++)
          {
            const MusterProcedure *procedure = procedures->pdata[i];
            g_autoptr(MusterOddsFill) fill = NULL;
            g_autoptr(MusterProcedureResult) result = NULL;

            if (procedure->exact == NULL)
              continue;
            fill = muster_odds_fill_new (facts, procedure, &error);
            g_assert_no_error (error);
            result = muster_odds_fill_run (fill, facts, 1, 1, &error);
            g_assert_no_error (error);
          }
        g_assert_true (muster_odds_tint_add_bands (tint, doc, types, target, &error));
      }
      panel_end = cpu_now ();
      ms = (painted - start + panel_end - panel_start) / 1000.0;
      figure_add (&panel, (panel_end - panel_start) / 1000.0);
      figure_add (&whole, ms);
      /* the first frame fills what is kept for the others (the lists' fills, the obstacles) */
      if (frame == 0)
        first_frame_ms = ms;
      else
        figure_add (&later, ms);
    }
  cairo_surface_destroy (surface);

  printf ("tinting enemy units: %u units of %u stands, %u of them enemies, %u frames across the "
          "table, %.1f tinted a frame on average (the rest out of reach)\n", TINT_UNITS, TINT_STANDS,
          n_enemies, TINT_FRAMES, (double) n_tinted / TINT_FRAMES);
  {
    g_autofree char *chances_ms = figure_take (&chances);
    g_autofree char *paint_ms = figure_take (&paint);
    g_autofree char *tint_ms = figure_take (&tint_frame);
    g_autofree char *panel_ms = figure_take (&panel);
    g_autofree char *whole_ms = figure_take (&whole);
    g_autofree char *later_ms = figure_take (&later);

    printf ("  chances (facts, inputs and odds for every enemy): %s\n", chances_ms);
    printf ("  painting the tint and its legend (1600 x 1000 px): %s\n", paint_ms);
    printf ("  tint frame (chances and painting): %s (target %.0f ms)\n", tint_ms, TINT_MS);
    printf ("dragging with a target selected (%s): the panel's exact figures and the rings' "
            "chances against it %s;\n  whole frame with the tint: %s (target %.0f ms)\n", target,
            panel_ms, whole_ms, TARGET_MS);
    printf ("  the first frame %.3f ms; the others: %s\n", first_frame_ms, later_ms);
  }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterTerrainTypes) types = NULL;
  g_autoptr(MusterDoc) doc = open_document (catalog, 22, N_UNITS, STANDS, &ruleset, &types);
  MusterBattlefield *battlefield;
  double facts_ms = 0, fill_ms = 0, run_ms = 0;
  Figure frames = { 0 };
  guint n_procedures = 0, n_bands_seen = 0;
  int last_band = -1;

  battlefield = muster_doc_get_battlefield (doc);

  for (guint frame = 0; frame < N_FRAMES; frame++)
    {
      /* from 30″ in front of the target (its front edge 20 mm above its centre) to contact */
      double gap = 30 * 25.4 * (1.0 - (double) frame / (N_FRAMES - 1));
      g_autoptr(MusterFeature) moved = muster_feature_copy (muster_battlefield_lookup_unit (battlefield,
                                                                                          "u0"));
      g_autoptr(MusterFeature) old = NULL;
      g_autoptr(MusterOddsFacts) facts = NULL;
      g_autoptr(GPtrArray) procedures = NULL;
      gint64 start = cpu_now (), t_facts, t_fill = 0, t_run = 0;
      double ms;

      moved->centre = (MusterPoint) { TABLE_W / 2, TABLE_H / 2 - 40 - gap };
      moved->rotation = G_PI / 2;
      old = muster_battlefield_replace (battlefield, moved);
      facts = muster_odds_facts_new (doc, types, "u0", "u51", &error);
      g_assert_no_error (error);
      procedures = muster_odds_list_procedures (facts);
      t_facts = cpu_now ();
      for (guint i = 0; i < procedures->len; i++)
        {
          const MusterProcedure *procedure = procedures->pdata[i];
          g_autoptr(MusterOddsFill) fill = NULL;
          g_autoptr(MusterProcedureResult) result = NULL;
          gint64 t0 = cpu_now (), t1;

          if (procedure->exact == NULL)
            continue;   /* simulated in the background, not in the frame */
          fill = muster_odds_fill_new (facts, procedure, &error);
          g_assert_no_error (error);
          t1 = cpu_now ();
          result = muster_odds_fill_run (fill, facts, 1, 1, &error);
          g_assert_no_error (error);
          t_fill += t1 - t0;
          t_run += cpu_now () - t1;
          if (frame == 0)
            n_procedures++;
          if (g_str_equal (procedure->id, "missile-fire"))
            {
              int band = fill->values[muster_procedure_find_input (procedure, "range")];

              n_bands_seen += band != last_band;
              last_band = band;
            }
        }
      ms = (cpu_now () - start) / 1000.0;
      figure_add (&frames, ms);
      facts_ms += (t_facts - start) / 1000.0;
      fill_ms += t_fill / 1000.0;
      run_ms += t_run / 1000.0;
    }

  printf ("odds while dragging: %u units, %u stands, %u terrain pieces, %u frames from 30\" to "
          "contact\n", N_UNITS, N_UNITS * STANDS, N_TERRAIN + 1, N_FRAMES);
  printf ("  exact procedures a frame: %u; missile-fire range bands crossed: %u\n", n_procedures,
          n_bands_seen);
  printf ("  facts (move, distance, sight, cover, flank, procedures that apply): %.3f ms/frame\n",
          facts_ms / N_FRAMES);
  printf ("  filling the inputs (lists and table): %.3f ms/frame\n", fill_ms / N_FRAMES);
  printf ("  exact odds: %.3f ms/frame\n", run_ms / N_FRAMES);
  {
    g_autofree char *frame_ms = figure_take (&frames);

    printf ("  whole frame: %s (target %.0f ms)\n", frame_ms, TARGET_MS);
  }
  bench_tint (catalog);
  return 0;
}
