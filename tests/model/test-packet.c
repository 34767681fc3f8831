/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "muster-battle-log.h"
#include "muster-export.h"
#include "muster-packet.h"
#include "muster-sheet-painter.h"

/*
 * The scenario packet and the printed map, on the Cold Beck sample (two sides, a hidden unit
 * each): the pages in order and their sizes, the grid's names for squares, who sees which
 * hidden unit on a printed map, nothing drawn outside a page's margins, and the map alone as
 * PNG and SVG.
 */

typedef struct
{
  MusterDoc          *doc;
  MusterRuleset      *ruleset;
  MusterList         *list;
  MusterTerrainTypes *types;
} Fixture;

static void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  g_autofree char *file = g_strdup_printf ("%s/data/samples/battle-valor-fantasy-cold-beck.muster",
                                           g_getenv ("MUSTER_SOURCE_ROOT"));
  g_autofree char *xml = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  gsize length;

  g_file_get_contents (file, &xml, &length, &error);
  g_assert_no_error (error);
  bytes = g_bytes_new_take (g_steal_pointer (&xml), length);
  fx->doc = muster_doc_new_from_bytes (bytes, file, &error);
  g_assert_no_error (error);
  fx->ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (fx->doc), &error);
  g_assert_no_error (error);
  fx->list = muster_list_new (fx->doc, fx->ruleset, "cold-beck");
  fx->types = muster_terrain_types_new_for_ruleset (fx->ruleset, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  muster_terrain_types_free (fx->types);
  muster_list_free (fx->list);
  muster_doc_free (fx->doc);
  muster_ruleset_unref (fx->ruleset);
}

static void
test_pages (Fixture       *fx,
            gconstpointer  data)
{
  MusterSheetPage a4, size;
  g_autoptr(MusterPacket) packet = NULL;
  g_autoptr(MusterSheet) lists = NULL;
  g_autoptr(GError) error = NULL;
  guint n, first_list = 0, briefings = 0, umpire = 0;

  muster_sheet_page_init (&a4, MUSTER_PAPER_A4, FALSE);
  packet = muster_packet_new (fx->doc, fx->list, fx->types, MUSTER_PACKET_FULL,
                              MUSTER_MAP_SCALE_FIT, &a4, &error);
  g_assert_no_error (error);
  n = muster_packet_get_n_pages (packet);
  lists = muster_sheet_new (fx->list, MUSTER_SHEET_LIST, &a4);

  /* The map first, turned to landscape for a 6′ × 4′ table; then portrait text pages. */
  g_assert_cmpstr (muster_packet_get_page_title (packet, 0), ==, "Map");
  muster_packet_get_page_size (packet, 0, &size);
  g_assert_cmpfloat (size.width, >, size.height);
  g_assert_cmpstr (muster_packet_get_page_title (packet, 1), ==, "Scenario");
  muster_packet_get_page_size (packet, 1, &size);
  g_assert_cmpfloat (size.width, ==, a4.width);
  g_assert_cmpfloat (size.height, ==, a4.height);

  for (guint i = 0; i < n; i++)
    {
      const char *title = muster_packet_get_page_title (packet, i);

      if (g_str_has_prefix (title, "Briefing: "))
        {
          /* one per side, in the order the sides appear, before the umpire's pages */
          g_assert_cmpstr (title + strlen ("Briefing: "), ==, briefings ? "Goblins" : "Dwarves");
          g_assert_cmpuint (umpire, ==, 0);
          briefings++;
        }
      else if (g_str_equal (title, "Umpire"))
        umpire++;
      else if (g_str_equal (title, "Army List") && first_list == 0)
        first_list = i;
    }
  g_assert_cmpuint (briefings, ==, 2);
  g_assert_cmpuint (umpire, >=, 1);
  /* The army lists close the packet, every page of them. */
  g_assert_cmpuint (first_list, >, 0);
  g_assert_cmpuint (n - first_list, ==, muster_sheet_get_n_pages (lists));
  g_assert_cmpstr (muster_packet_get_page_title (packet, n - 1), ==, "Army List");

  /* The map alone: one page fitted; full size, an overview and the tiles. */
  {
    g_autoptr(MusterPacket) fitted = muster_packet_new (fx->doc, NULL, fx->types,
                                                        MUSTER_PACKET_MAP, MUSTER_MAP_SCALE_FIT,
                                                        &a4, &error);
    g_autoptr(MusterPacket) full = muster_packet_new (fx->doc, NULL, fx->types,
                                                      MUSTER_PACKET_MAP, MUSTER_MAP_SCALE_TABLE,
                                                      &a4, &error);
    guint tiles;

    g_assert_no_error (error);
    g_assert_cmpuint (muster_packet_get_n_pages (fitted), ==, 1);
    /* A landscape A4 page holds about 770 × 480 pt of map: 272 × 170 mm. A 1829 × 1219 mm
     * table needs 7 across and 8 down. */
    tiles = muster_packet_get_n_pages (full) - 1;
    g_assert_cmpuint (tiles, ==, 7 * 8);
  }
}

static void
test_no_battlefield (void)
{
  g_autoptr(MusterDoc) doc = muster_doc_new ("battle-valor-fantasy", "1.0");
  g_autoptr(GError) error = NULL;
  MusterSheetPage a4;
  MusterPacket *packet;

  muster_sheet_page_init (&a4, MUSTER_PAPER_A4, FALSE);
  packet = muster_packet_new (doc, NULL, NULL, MUSTER_PACKET_MAP, MUSTER_MAP_SCALE_FIT, &a4,
                              &error);
  g_assert_null (packet);
  g_assert_error (error, MUSTER_PACKET_ERROR, 0);
  g_assert_nonnull (strstr (error->message, "no battlefield"));
}

static void
test_grid (Fixture       *fx,
           gconstpointer  data)
{
  MusterBattlefield *field = muster_doc_get_battlefield (fx->doc);
  MusterMapPrint map = { fx->doc, fx->types, { NULL, FALSE }, 0 };
  const struct { double x, y; const char *ref; } refs[] = {
    { 0, 0, "A1" }, { 304.7, 304.7, "A1" }, { 304.9, 0, "B1" }, { 1828.8, 1219.2, "F4" },
    { -50, 5000, "A4" }, { 900, 610, "C3" },
  };

  /* The table's own grid, doubled until a square is 28 pt on paper; without one, a foot. */
  g_assert_cmpfloat_with_epsilon (muster_battlefield_get_grid (field), 304.8, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_map_print_grid_for (field, 0.05), 609.6, 1e-9);
  muster_battlefield_set_table (field, 1828.8, 1219.2, "in", 100);
  g_assert_cmpfloat_with_epsilon (muster_map_print_grid_for (field, 1.0), 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_map_print_grid_for (field, 0.1), 400, 1e-9);
  muster_battlefield_set_table (field, 1828.8, 1219.2, "in", 0);
  g_assert_cmpfloat_with_epsilon (muster_map_print_grid_for (field, 1.0), 304.8, 1e-9);
  g_assert_cmpfloat_with_epsilon (muster_map_print_grid_for (field, 0.05), 609.6, 1e-9);
  map.grid = 304.8;
  for (guint i = 0; i < G_N_ELEMENTS (refs); i++)
    {
      g_autofree char *ref = muster_map_print_grid_ref (&map, (MusterPoint) { refs[i].x,
                                                                              refs[i].y });

      g_assert_cmpstr (ref, ==, refs[i].ref);
    }
  /* A feature's squares are those it covers, its edges excluded: Cold Beck's zones run from
   * the long edges to the first grid line (12″), one row each. */
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      g_autofree char *span = NULL;

      if (f->kind != MUSTER_FEATURE_ZONE)
        continue;
      span = muster_map_print_grid_span (&map, muster_feature_get_bounds (f));
      g_assert_cmpstr (span, ==, g_str_equal (f->side, "Dwarves") ? "A1–F1" : "A4–F4");
    }
  {
    g_autofree char *one = muster_map_print_grid_span (&map, (MusterBox) { 310, 310, 600, 600 });
    g_autofree char *past = muster_map_print_grid_span (&map, (MusterBox) { 0, 0, 305, 304.8 });
    g_autofree char *line = muster_map_print_grid_span (&map, (MusterBox) { 304.8, 0, 609.6, 1 });

    g_assert_cmpstr (one, ==, "B2");
    g_assert_cmpstr (past, ==, "A1–B1");
    g_assert_cmpstr (line, ==, "B1");
  }
  /* Past Z the columns go on as a spreadsheet's do. */
  map.grid = 10;
  {
    g_autofree char *z = muster_map_print_grid_ref (&map, (MusterPoint) { 255, 0 });
    g_autofree char *aa = muster_map_print_grid_ref (&map, (MusterPoint) { 265, 0 });
    g_autofree char *ab = muster_map_print_grid_ref (&map, (MusterPoint) { 275, 0 });

    g_assert_cmpstr (z, ==, "Z1");
    g_assert_cmpstr (aa, ==, "AA1");
    g_assert_cmpstr (ab, ==, "AB1");
  }
}

/* Pixels of exactly @rgba in the image. */
static guint
count_colour (cairo_surface_t *surface,
              const double     rgba[4])
{
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 want = 0xff000000u | (guint32) (rgba[0] * 255 + 0.5) << 16 |
                 (guint32) (rgba[1] * 255 + 0.5) << 8 | (guint32) (rgba[2] * 255 + 0.5);
  guint n = 0;

  cairo_surface_flush (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 px = *(guint32 *) (data + y * stride + x * 4);

        n += ABS ((int) ((px >> 16) & 0xff) - (int) ((want >> 16) & 0xff)) <= 2 &&
             ABS ((int) ((px >> 8) & 0xff) - (int) ((want >> 8) & 0xff)) <= 2 &&
             ABS ((int) (px & 0xff) - (int) (want & 0xff)) <= 2;
      }
  return n;
}

/* The Wolf Pack (Goblins) and the Tunnel Fighters (Dwarves) are hidden: each side's map shows
 * its own and not the other's; the umpire's both; the players' neither. */
static void
test_audiences (Fixture       *fx,
                gconstpointer  data)
{
  const MusterAudience audiences[] = { { NULL, FALSE }, { "Dwarves", FALSE },
                                       { "Goblins", FALSE }, { NULL, TRUE } };
  guint blue[4], red[4];
  MusterMapStyle style;

  muster_map_style_init_print (&style);
  for (guint i = 0; i < G_N_ELEMENTS (audiences); i++)
    {
      MusterMapPrint map = { fx->doc, fx->types, audiences[i], 304.8 };
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 800, 560);
      cairo_t *cr = cairo_create (surface);

      muster_map_print_frame (cr, &map, 0, 0, 800, 560, 0, (MusterPoint) { 0, 0 });
      cairo_destroy (cr);
      blue[i] = count_colour (surface, style.sides[0]);
      red[i] = count_colour (surface, style.sides[1]);
      cairo_surface_destroy (surface);
    }
  g_assert_cmpuint (blue[1], >, blue[0] + 50);
  g_assert_cmpuint (red[1], ==, red[0]);
  g_assert_cmpuint (red[2], >, red[0] + 50);
  g_assert_cmpuint (blue[2], ==, blue[0]);
  g_assert_cmpuint (blue[3], ==, blue[1]);
  g_assert_cmpuint (red[3], ==, red[2]);
}

/* Counts the non-white pixels outside the page's margins. */
static guint
ink_outside_margins (cairo_surface_t       *surface,
                     const MusterSheetPage *page)
{
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int m = (int) page->margin - 1;
  guint n = 0;

  cairo_surface_flush (surface);
  for (int y = 0; y < (int) page->height; y++)
    for (int x = 0; x < (int) page->width; x++)
      if ((x < m || y < m || x >= (int) page->width - m || y >= (int) page->height - m) &&
          (*(guint32 *) (data + y * stride + x * 4) & 0xffffff) != 0xffffff)
        n++;
  return n;
}

static void
test_margins (Fixture       *fx,
              gconstpointer  data)
{
  const MusterMapScale scales[] = { MUSTER_MAP_SCALE_FIT, MUSTER_MAP_SCALE_TABLE };

  for (guint paper = 0; paper < 2; paper++)
    for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
      {
        MusterSheetPage page;
        g_autoptr(MusterPacket) packet = NULL;
        g_autoptr(GError) error = NULL;

        if (paper == MUSTER_PAPER_LETTER && scales[s] == MUSTER_MAP_SCALE_TABLE)
          continue;   /* 56 tiles are enough to look at once */
        muster_sheet_page_init (&page, paper, FALSE);
        packet = muster_packet_new (fx->doc, fx->list, fx->types, MUSTER_PACKET_FULL, scales[s],
                                    &page, &error);
        g_assert_no_error (error);
        for (guint i = 0; i < muster_packet_get_n_pages (packet); i++)
          {
            MusterSheetPage size;
            cairo_surface_t *surface;
            cairo_t *cr;

            muster_packet_get_page_size (packet, i, &size);
            surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (size.width),
                                                  (int) ceil (size.height));
            cr = cairo_create (surface);
            muster_packet_paint_page (packet, cr, i);
            cairo_destroy (cr);
            g_assert_cmpuint (ink_outside_margins (surface, &size), ==, 0);
            cairo_surface_destroy (surface);
          }
      }
}

static void
test_images (Fixture       *fx,
             gconstpointer  data)
{
  MusterMapPrint map = { fx->doc, fx->types, { NULL, FALSE }, 304.8 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) png = muster_map_print_to_png (&map, MUSTER_MAP_SCALE_FIT, &error);
  g_autoptr(GBytes) svg = NULL;
  const guint8 *data_png;
  gsize size;
  xmlDoc *xml;
  xmlNode *root;

  g_assert_no_error (error);
  data_png = g_bytes_get_data (png, &size);
  g_assert_cmpuint (size, >, 10000);
  g_assert_cmpmem (data_png, 8, "\x89PNG\r\n\x1a\n", 8);
  /* IHDR: a wide image, 2 px a point, the table 900 pt across. */
  g_assert_cmpuint (GUINT32_FROM_BE (*(guint32 *) (data_png + 16)), >, 1800);
  g_assert_cmpuint (GUINT32_FROM_BE (*(guint32 *) (data_png + 16)), >,
                    GUINT32_FROM_BE (*(guint32 *) (data_png + 20)));

  svg = muster_map_print_to_svg (&map, MUSTER_MAP_SCALE_TABLE, &error);
  g_assert_no_error (error);
  xml = xmlReadMemory (g_bytes_get_data (svg, NULL), (int) g_bytes_get_size (svg), "map.svg",
                       NULL, XML_PARSE_NONET);
  g_assert_nonnull (xml);
  root = xmlDocGetRootElement (xml);
  g_assert_cmpstr ((const char *) root->name, ==, "svg");
  /* Full size: a 6′ table is 5184 points wide, with the frame round it. */
  {
    xmlChar *width = xmlGetProp (root, (const xmlChar *) "width");

    g_assert_cmpfloat (g_ascii_strtod ((const char *) width, NULL), >, 5184);
    g_assert_cmpfloat (g_ascii_strtod ((const char *) width, NULL), <, 5184 + 200);
    xmlFree (width);
  }
  xmlFreeDoc (xml);
}

/* One function writes every kind, named as the app's actions and the command line name them;
 * the text kinds are the list writers' own output; a map needs a battlefield. */
static void
test_export (Fixture       *fx,
             gconstpointer  data)
{
  MusterExportOptions options = { MUSTER_EXPORT_MARKDOWN };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) md = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autofree char *expected = muster_list_to_string (fx->list, MUSTER_LIST_FORMAT_MARKDOWN);
  g_autoptr(MusterDoc) no_field = muster_doc_new ("battle-valor-fantasy", "1.0");
  MusterExportKind kind;

  for (guint k = 0; k < MUSTER_EXPORT_N_KINDS; k++)
    {
      g_assert_true (muster_export_kind_from_string (muster_export_kind_to_string (k), &kind));
      g_assert_cmpuint (kind, ==, k);
      g_assert_cmpint (muster_export_kind_needs_battlefield (k), ==,
                       g_str_has_prefix (muster_export_kind_to_string (k), "map") ||
                       k == MUSTER_EXPORT_PACKET_PDF);
    }
  g_assert_false (muster_export_kind_from_string ("docx", &kind));
  g_assert_cmpstr (muster_export_kind_extension (MUSTER_EXPORT_MAP_SVG), ==, "svg");
  g_assert_cmpstr (muster_export_kind_mime_type (MUSTER_EXPORT_CARDS_PDF), ==, "application/pdf");

  muster_sheet_page_init (&options.page, MUSTER_PAPER_LETTER, TRUE);
  md = muster_export (fx->doc, fx->ruleset, "cold-beck", &options, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (md, NULL), g_bytes_get_size (md), expected,
                   strlen (expected));

  options.kind = MUSTER_EXPORT_ROSTER_PDF;
  pdf = muster_export (fx->doc, fx->ruleset, "cold-beck", &options, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (pdf, NULL), 5, "%PDF-", 5);
  /* Letter, landscape: the paper of @options (a PDF has NUL bytes: no strstr) */
  {
    const char *bytes = g_bytes_get_data (pdf, NULL), *box = "/MediaBox [ 0 0 792 612 ]";
    gboolean found = FALSE;

    for (gsize i = 0; !found && i + strlen (box) <= g_bytes_get_size (pdf); i++)
      found = memcmp (bytes + i, box, strlen (box)) == 0;
    g_assert_true (found);
  }

  options.kind = MUSTER_EXPORT_MAP_PNG;
  g_assert_null (muster_export (no_field, fx->ruleset, "empty", &options, &error));
  g_assert_error (error, MUSTER_PACKET_ERROR, 0);
}

static guint
count_umpire_pages (const MusterPacket *packet)
{
  guint n = 0;

  for (guint i = 0; i < muster_packet_get_n_pages (packet); i++)
    n += g_str_equal (muster_packet_get_page_title (packet, i), "Umpire");
  return n;
}

/* Runs pdftotext on @pdf. Returns: (transfer full) (nullable): its text; NULL without it */
static char *
pdf_text (GBytes *pdf)
{
  g_autofree char *path = NULL, *out = NULL;
  g_autofree char *program = g_find_program_in_path ("pdftotext");
  g_autoptr(GError) error = NULL;
  int fd, status;

  if (program == NULL)
    return NULL;
  fd = g_file_open_tmp ("muster-packet-XXXXXX.pdf", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (pdf, NULL),
                                      g_bytes_get_size (pdf), NULL));
  {
    const char *argv[] = { "pdftotext", path, "-", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH |
                                 G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status,
                                 &error));
  }
  g_assert_no_error (error);
  g_remove (path);
  return g_steal_pointer (&out);
}

/* The umpire's pages print the battle log: none without rolls, a page with them that reads
 * turn, units, inputs, dice and result. */
static void
test_battle_log (Fixture       *fx,
                 gconstpointer  data)
{
  MusterSheetPage a4;
  g_autoptr(MusterPacket) before = NULL, after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autofree char *text = NULL;
  MusterLogEntry *entry = muster_log_entry_new ();
  MusterRolledDie dice[] = { { 6, 1, 6 }, { 2, 1, 6 } };

  muster_doc_set_ruleset (fx->doc, fx->ruleset);
  muster_sheet_page_init (&a4, MUSTER_PAPER_A4, FALSE);
  before = muster_packet_new (fx->doc, fx->list, fx->types, MUSTER_PACKET_FULL, MUSTER_MAP_SCALE_FIT,
                              &a4, &error);
  g_assert_no_error (error);

  entry->turn = 3;
  entry->acting = g_strdup ("u5");
  entry->acting_name = g_strdup ("Ironbeard's Rangers");
  entry->target = g_strdup ("u43");
  entry->target_name = g_strdup ("Night Archers");
  entry->procedure = g_strdup ("missile-fire");
  entry->seed = 4242;
  muster_log_entry_add_input (entry, "range", 1, "short", "table", "6.2″: short range");
  g_array_append_vals (entry->dice, dice, G_N_ELEMENTS (dice));
  entry->result = g_strdup ("Hits: 1 · Casualties: 1");
  entry->effect = g_strdup ("Night Archers takes 1 casualties");
  g_assert_true (muster_doc_append_log_entry (fx->doc, entry, &error));
  g_assert_no_error (error);

  after = muster_packet_new (fx->doc, fx->list, fx->types, MUSTER_PACKET_FULL, MUSTER_MAP_SCALE_FIT,
                             &a4, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_umpire_pages (after), ==, count_umpire_pages (before) + 1);
  pdf = muster_packet_to_pdf (after);
  if (!(text = pdf_text (pdf)))
    {
      g_test_skip ("poppler-utils (pdftotext) is not installed");
      return;
    }
  if (g_getenv ("MUSTER_PACKET_PRINT"))
    g_printerr ("%s", text);
  g_assert_nonnull (strstr (text, "Battle log"));
  g_assert_nonnull (strstr (text, "Missile fire"));
  g_assert_nonnull (strstr (text, "Night Archers"));
  g_assert_nonnull (strstr (text, "range=short (table: 6.2″: short"));
  g_assert_nonnull (strstr (text, "Dice (seed 4242): d6:6 d6:2"));
  g_assert_nonnull (strstr (text, "Hits: 1 · Casualties: 1"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/packet/pages", Fixture, NULL, fixture_set_up, test_pages, fixture_tear_down);
  g_test_add_func ("/packet/no-battlefield", test_no_battlefield);
  g_test_add ("/packet/grid", Fixture, NULL, fixture_set_up, test_grid, fixture_tear_down);
  g_test_add ("/packet/audiences", Fixture, NULL, fixture_set_up, test_audiences,
              fixture_tear_down);
  g_test_add ("/packet/margins", Fixture, NULL, fixture_set_up, test_margins, fixture_tear_down);
  g_test_add ("/packet/images", Fixture, NULL, fixture_set_up, test_images, fixture_tear_down);
  g_test_add ("/packet/export", Fixture, NULL, fixture_set_up, test_export, fixture_tear_down);
  g_test_add ("/packet/battle-log", Fixture, NULL, fixture_set_up, test_battle_log,
              fixture_tear_down);
  return g_test_run ();
}
