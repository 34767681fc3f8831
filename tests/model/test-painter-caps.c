/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <cairo-svg.h>
#include <string.h>

#include "muster-map-painter.h"
#include "muster-sheet-painter.h"

/*
 * The painters' loop caps: however large a file's numbers (within what the loader accepts),
 * the map and the sheets draw a bounded amount. Each painting goes to an SVG stream whose
 * length counts what was drawn: a table of 100 m with a 1 mm grid, a wood of 30 × 30 m, a unit
 * of two billion men. Each cap has its twin below it, drawn in full, so the measure is seen to
 * count what the cap leaves out.
 */

static gsize limit;

static cairo_status_t
count_cb (void                *closure,
          const unsigned char *data,
          unsigned int         length)
{
  gsize *n = closure;

  *n += length;
  /* An uncapped loop would write gigabytes: stop it as soon as it is clearly over. */
  return *n > limit ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

/* The bytes of @field painted at @zoom (px per mm) on a 400 × 300 px view of its centre. */
static gsize
map_bytes (MusterBattlefield *field,
           double             zoom)
{
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  MusterMapScene scene = { .battlefield = field };
  MusterMapStyle style;
  cairo_surface_t *surface;
  cairo_t *cr;
  gsize n = 0;

  surface = cairo_svg_surface_create_for_stream (count_cb, &n, 400, 300);
  cr = cairo_create (surface);
  muster_map_style_init_light (&style);
  muster_viewport_set_size (viewport, 400, 300);
  muster_viewport_set_zoom_range (viewport, 1e-6, 100);
  muster_viewport_set_zoom (viewport, zoom);
  muster_viewport_set_center (viewport, muster_battlefield_get_width (field) / 2,
                              muster_battlefield_get_height (field) / 2);
  muster_map_paint (cr, viewport, &scene, &style);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  return n;
}

static MusterBattlefield *
table_with_grid (double side,
                 double grid)
{
  MusterBattlefield *field = muster_battlefield_new (side, side, "cm");

  muster_battlefield_set_table (field, side, side, "cm", grid);
  return field;
}

static void
test_grid_lines (void)
{
  g_autoptr(MusterBattlefield) huge = table_with_grid (MUSTER_TABLE_MAX_MM, 1);
  g_autoptr(MusterBattlefield) small = table_with_grid (400, 1);
  g_autoptr(MusterBattlefield) bare = table_with_grid (400, 0);
  gsize lines = map_bytes (small, 6) - map_bytes (bare, 6);

  /* 400 lines a side are drawn on a small table ... */
  g_assert_cmpuint (lines, >, 800 * 10);
  /* ... and none of the 100,000 a side on the largest table a file may have (drawn, they
   * were 200,000 lines and megabytes, whatever part of the table was in view). */
  g_assert_cmpuint (map_bytes (huge, 6), <, map_bytes (bare, 6) + 1000);
}

static MusterBattlefield *
table_with_wood (double side)
{
  MusterBattlefield *field = muster_battlefield_new (MUSTER_TABLE_MAX_MM, MUSTER_TABLE_MAX_MM,
                                                     "cm");
  MusterFeature *wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);

  wood->type = g_strdup ("woods");
  wood->outline = MUSTER_OUTLINE_RECTANGLE;
  wood->centre = (MusterPoint) { MUSTER_TABLE_MAX_MM / 2, MUSTER_TABLE_MAX_MM / 2 };
  wood->width = wood->height = side;
  muster_battlefield_insert (field, -1, wood);
  return field;
}

static void
test_tree_crowns (void)
{
  g_autoptr(MusterBattlefield) wood = table_with_wood (3000);
  g_autoptr(MusterBattlefield) forest = table_with_wood (30000);
  gsize crowns = map_bytes (wood, 2);

  /* A 3 m wood has its 10,000 crowns (each one a circle in the SVG) ... */
  g_assert_cmpuint (crowns, >, 10000 * 20);
  /* ... a 30 m one, with a million, none: less drawn than for the small wood. */
  g_assert_cmpuint (map_bytes (forest, 2), <, crowns / 10);
}

/* The bytes of the record cards of one unit of @type and @size (soldiers in Medals of Valor
 * get a row of wound boxes each; a Battle Valor Fantasy unit a box per stand). */
static gsize
cards_bytes (const char *ruleset_id,
             const char *type,
             guint       size)
{
  g_autofree char *xml = g_strdup_printf (
    "<muster format=\"1\"><ruleset id=\"%s\"/><force id=\"f1\" name=\"Host\">"
    "<unit id=\"u1\" type=\"%s\" size=\"%u\"/></force></muster>", ruleset_id, type, size);
  g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (bytes, "caps", &error);
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterList) list = NULL;
  g_autoptr(MusterSheet) sheet = NULL;
  MusterSheetPage page;
  gsize n = 0;

  g_assert_no_error (error);
  ruleset = muster_catalog_resolve (catalog, ruleset_id, &error);
  g_assert_no_error (error);
  list = muster_list_new (doc, ruleset, "caps");
  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  sheet = muster_sheet_new (list, MUSTER_SHEET_CARDS, &page);
  /* A handful of pages, not millions. */
  g_assert_cmpuint (muster_sheet_get_n_pages (sheet), <=, 3);
  for (guint p = 0; p < muster_sheet_get_n_pages (sheet); p++)
    {
      cairo_surface_t *surface = cairo_svg_surface_create_for_stream (count_cb, &n, page.width,
                                                                      page.height);
      cairo_t *cr = cairo_create (surface);

      muster_sheet_paint_page (sheet, cr, p);
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      cairo_surface_destroy (surface);
    }
  return n;
}

static void
test_card_tracks (void)
{
  static const struct { const char *ruleset, *type; } units[] = {
    { "battle-valor-fantasy", "infantry" },   /* Stands lost: a box per stand */
    { "medals-of-valor", "em" },              /* Wounds: a row of marks per soldier */
  };

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      gsize few = cards_bytes (units[i].ruleset, units[i].type, 4);
      gsize more = cards_bytes (units[i].ruleset, units[i].type, 40);
      gsize absurd;

      /* Boxes are drawn one per stand or soldier in a real unit ... */
      g_assert_cmpuint (more, >, few);
      /* ... and no more than a card holds for a million (uncapped, 50 MB of boxes) or for the
       * largest size a file may give (uncapped, hours). */
      absurd = cards_bytes (units[i].ruleset, units[i].type, 1000000);
      g_test_message ("%s: %zu, %zu, %zu bytes", units[i].ruleset, few, more, absurd);
      g_assert_cmpuint (absurd, <, 40 * more);
      g_assert_cmpuint (cards_bytes (units[i].ruleset, units[i].type, G_MAXINT), <, 40 * more);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  limit = 64 * 1024 * 1024;

  g_test_add_func ("/painter-caps/grid-lines", test_grid_lines);
  g_test_add_func ("/painter-caps/tree-crowns", test_tree_crowns);
  g_test_add_func ("/painter-caps/card-tracks", test_card_tracks);
  return g_test_run ();
}
