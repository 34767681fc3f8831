/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include <libxml/HTMLparser.h>

#include "muster-bs-export.h"

/*
 * A BattleScribe roster printed: tests/data/bs-export/ holds a game system, a catalogue and
 * a legal and an illegal roster of our own. Text, Markdown and HTML are compared byte for
 * byte with tests/data/golden/bs-print-*; the PDFs' pages and text are read back with
 * poppler's pdftotext (skipped when poppler-utils is not installed).
 */

typedef struct
{
  MusterBsData   *data;
  MusterBsRoster *roster;
} Fixture;

static void
fixture_clear (Fixture *fixture)
{
  g_clear_pointer (&fixture->roster, muster_bs_roster_free);
  g_clear_pointer (&fixture->data, muster_bs_data_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Fixture, fixture_clear)

static void
load (Fixture    *fixture,
      const char *name)
{
  g_autofree char *dir = g_build_filename (MUSTER_TEST_DATA, "bs-export", NULL);
  g_autofree char *file = g_strdup_printf ("%s/%s.ros", dir, name);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = NULL;
  gsize length;

  fixture->data = muster_bs_data_load_dir (dir, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (file, &contents, &length, &error));
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  fixture->roster = muster_bs_roster_load (fixture->data, file, bytes, &error);
  g_assert_no_error (error);
}

static guint
count (const char *haystack,
       const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* The HTML parser reads @html without a single error. */
static void
assert_html_parses (const char *html)
{
  htmlDocPtr doc;

  xmlResetLastError ();
  doc = htmlReadMemory (html, strlen (html), NULL, "UTF-8",
                        HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
  g_assert_nonnull (doc);
  g_assert_null (xmlGetLastError ());
  g_assert_cmpstr ((const char *) xmlDocGetRootElement (doc)->name, ==, "html");
  xmlFreeDoc (doc);
}

static void
test_golden (gconstpointer data)
{
  static const char *extensions[] = { "txt", "md", "html" };
  g_auto(Fixture) fixture = { 0 };
  g_autoptr(MusterBsList) list = NULL;

  load (&fixture, data);
  list = muster_bs_list_new (fixture.roster, "fallback");
  for (guint f = 0; f < G_N_ELEMENTS (extensions); f++)
    {
      g_autofree char *text = muster_bs_list_to_string (list, (MusterListFormat) f);
      g_autofree char *golden = g_strdup_printf ("%s/golden/bs-print-%s.%s", MUSTER_TEST_DATA,
                                                 (const char *) data, extensions[f]);
      g_autofree char *expected = NULL;

      if (g_getenv ("MUSTER_REGENERATE_GOLDEN") != NULL)
        g_assert_true (g_file_set_contents (golden, text, -1, NULL));
      g_assert_true (g_file_get_contents (golden, &expected, NULL, NULL));
      g_assert_cmpstr (text, ==, expected);
      if (f == MUSTER_LIST_FORMAT_HTML)
        assert_html_parses (text);
    }
}

/* What the golden files hold, said once more in words. */
static void
test_list (void)
{
  g_auto(Fixture) fixture = { 0 };
  g_autoptr(MusterBsList) list = NULL;
  g_autofree char *text = NULL;
  g_autofree char *html = NULL;
  g_autofree char *markdown = NULL;
  const MusterBsListForce *force;
  const MusterBsListUnit *lord, *squad;

  load (&fixture, "legal");
  list = muster_bs_list_new (fixture.roster, "fallback");
  g_assert_cmpstr (list->title, ==, "Vex's Patrol");
  g_assert_cmpstr (list->costs, ==, "145 of 200 pts, 1 CP");
  g_assert_cmpuint (list->n_errors, ==, 0);
  g_assert_cmpuint (list->forces->len, ==, 1);
  force = list->forces->pdata[0];
  /* The primary categories head the units, in the force's order. */
  g_assert_cmpuint (force->sections->len, ==, 2);
  g_assert_cmpstr (((MusterBsListSection *) force->sections->pdata[0])->name, ==, "HQ");
  g_assert_cmpstr (((MusterBsListSection *) force->sections->pdata[1])->name, ==, "Troops");
  lord = ((MusterBsListSection *) force->sections->pdata[0])->units->pdata[0];
  squad = ((MusterBsListSection *) force->sections->pdata[1])->units->pdata[0];
  g_assert_cmpstr (lord->name, ==, "Lord <&> Vex");
  g_assert_cmpstr (lord->costs, ==, "65 pts, 1 CP");
  /* Profiles by type, the unit's before its weapons, abilities (one column) last. */
  g_assert_cmpuint (lord->tables->len, ==, 3);
  g_assert_cmpstr (((MusterBsListTable *) lord->tables->pdata[0])->type, ==, "Unit");
  g_assert_cmpstr (((MusterBsListTable *) lord->tables->pdata[1])->type, ==, "Weapons");
  g_assert_cmpstr (((MusterBsListTable *) lord->tables->pdata[2])->type, ==, "Abilities");
  /* Five troopers with a bolter each: "5× Trooper", "5× Bolter", one row of Bolter. */
  g_assert_cmpstr (((MusterBsListLine *) squad->lines->pdata[0])->name, ==, "5× Trooper");
  g_assert_cmpstr (((MusterBsListLine *) squad->lines->pdata[0])->costs, ==, "50 pts");
  g_assert_cmpstr (((MusterBsListLine *) squad->lines->pdata[1])->name, ==, "5× Bolter");
  g_assert_null (((MusterBsListLine *) squad->lines->pdata[1])->costs);
  g_assert_cmpuint (((MusterBsListTable *) squad->tables->pdata[1])->rows->len, ==, 1);

  /* Deep Strike is named at both units and explained once, with its book and page. */
  g_assert_cmpuint (list->rules->len, ==, 2);
  g_assert_cmpstr (((MusterBsListRule *) list->rules->pdata[0])->source, ==, "Core Book, p. 12");
  text = muster_bs_list_to_string (list, MUSTER_LIST_FORMAT_TEXT);
  g_assert_cmpuint (count (text, "Deep Strike"), ==, 3);
  g_assert_cmpuint (count (text, "Set up in reserve"), ==, 1);

  /* The name with <&> is escaped, in HTML as in Markdown. */
  html = muster_bs_list_to_string (list, MUSTER_LIST_FORMAT_HTML);
  g_assert_nonnull (strstr (html, "<h4>Lord &lt;&amp;&gt; Vex "));
  g_assert_null (strstr (html, "Lord <&>"));
  markdown = muster_bs_list_to_string (list, MUSTER_LIST_FORMAT_MARKDOWN);
  g_assert_nonnull (strstr (markdown, "#### Lord \\<&\\> Vex"));
}

static void
test_illegal (void)
{
  g_auto(Fixture) fixture = { 0 };
  g_autoptr(MusterBsList) list = NULL;
  g_autofree char *validation = NULL;

  load (&fixture, "illegal");
  list = muster_bs_list_new (fixture.roster, "fallback");
  validation = muster_bs_list_validation (list);
  g_assert_cmpstr (validation, ==, "2 errors");
  g_assert_cmpstr (list->errors->pdata[0], ==,
                   "Patrol: Patrol must have 1 more selection of HQ (minimum 1)");
  g_assert_cmpstr (list->errors->pdata[1], ==, "Patrol › Assault Squad: Assault Squad must have "
                   "2 more selections of Trooper (minimum 5)");
  /* No unit of the HQ category: no HQ head. */
  g_assert_cmpuint (((MusterBsListForce *) list->forces->pdata[0])->sections->len, ==, 1);
}

/* Runs pdftotext on @pdf. Returns: (transfer full): its text, or NULL without poppler */
static char *
pdf_text (GBytes *pdf)
{
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *program = g_find_program_in_path ("pdftotext");
  g_autoptr(GError) error = NULL;
  int fd, status;

  if (program == NULL)
    return NULL;
  fd = g_file_open_tmp ("muster-bs-export-XXXXXX.pdf", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (pdf, NULL),
                                      g_bytes_get_size (pdf), NULL));
  {
    const char *argv[] = { "pdftotext", "-layout", path, "-", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH |
                                 G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status,
                                 &error));
  }
  g_assert_no_error (error);
  g_remove (path);
  return g_steal_pointer (&out);
}

static void
test_pdf (void)
{
  g_auto(Fixture) fixture = { 0 };
  g_autoptr(MusterBsList) list = NULL;
  g_autoptr(MusterBsSheet) sheet = NULL;
  g_autoptr(MusterBsSheet) small = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autofree char *text = NULL;
  MusterSheetPage page;

  load (&fixture, "legal");
  list = muster_bs_list_new (fixture.roster, "fallback");
  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  sheet = muster_bs_sheet_new (list, MUSTER_SHEET_LIST, &page);
  g_assert_cmpuint (muster_bs_sheet_get_n_pages (sheet), ==, 1);
  /* On a postcard the same list takes pages, numbered in the footer. */
  page = (MusterSheetPage) { 300, 320, 20 };
  small = muster_bs_sheet_new (list, MUSTER_SHEET_LIST, &page);
  g_assert_cmpuint (muster_bs_sheet_get_n_pages (small), >=, 3);

  pdf = muster_bs_sheet_to_pdf (small);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (pdf, NULL), "%PDF"));
  if ((text = pdf_text (pdf)) == NULL)
    {
      g_test_skip ("poppler-utils (pdftotext) is not installed");
      return;
    }
  g_assert_nonnull (strstr (text, "Lord <&> Vex"));
  g_assert_nonnull (strstr (text, "Validation: Legal"));
  g_assert_nonnull (strstr (text, "Costs: 145 of 200 pts, 1 CP"));
  g_assert_nonnull (strstr (text, "Rapid Fire 1"));
  g_assert_nonnull (strstr (text, "Core Book, p. 12"));
  g_assert_cmpuint (count (text, "Set up in reserve"), ==, 1);
  g_assert_cmpuint (count (text, "\f"), ==, muster_bs_sheet_get_n_pages (small));
  {
    g_autofree char *last = g_strdup_printf ("Page %u of %u",
                                             muster_bs_sheet_get_n_pages (small),
                                             muster_bs_sheet_get_n_pages (small));

    g_assert_nonnull (strstr (text, last));
  }
}

static void
test_cards (void)
{
  g_auto(Fixture) fixture = { 0 };
  g_autoptr(MusterBsList) list = NULL;
  g_autoptr(MusterBsSheet) sheet = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autofree char *text = NULL;
  MusterSheetPage page;

  load (&fixture, "legal");
  list = muster_bs_list_new (fixture.roster, "fallback");
  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  sheet = muster_bs_sheet_new (list, MUSTER_SHEET_CARDS, &page);
  g_assert_cmpuint (muster_bs_sheet_get_n_pages (sheet), ==, 1);
  pdf = muster_bs_sheet_to_pdf (sheet);
  if ((text = pdf_text (pdf)) == NULL)
    {
      g_test_skip ("poppler-utils (pdftotext) is not installed");
      return;
    }
  g_assert_nonnull (strstr (text, "Record Cards"));
  g_assert_nonnull (strstr (text, "Lord <&> Vex"));
  g_assert_nonnull (strstr (text, "Assault Squad"));
  g_assert_nonnull (strstr (text, "Iron Will"));
  /* Rules by name on the cards, not their texts (those are the list's). */
  g_assert_nonnull (strstr (text, "Deep Strike"));
  g_assert_null (strstr (text, "Set up in reserve"));
}

/* The cards are painted on any cairo context: their dark name bands show along the left
 * edge of the first column (a blank page fails this). */
static void
test_cards_drawn (void)
{
  g_auto(Fixture) fixture = { 0 };
  g_autoptr(MusterBsList) list = NULL;
  g_autoptr(MusterBsSheet) sheet = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  MusterSheetPage page;
  guint dark = 0;

  load (&fixture, "legal");
  list = muster_bs_list_new (fixture.roster, "fallback");
  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  sheet = muster_bs_sheet_new (list, MUSTER_SHEET_CARDS, &page);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) page.width,
                                        (int) page.height);
  cr = cairo_create (surface);
  muster_bs_sheet_paint_page (sheet, cr, 0);
  cairo_surface_flush (surface);
  for (int y = 0; y < (int) page.height; y++)
    {
      guint32 pixel = ((guint32 *) (gpointer) (cairo_image_surface_get_data (surface) +
                                               y * cairo_image_surface_get_stride (surface)))
                      [(int) page.margin + 3];

      dark += (pixel & 0xff) < 0x50;
    }
  g_assert_cmpuint (dark, >, 10);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Closes @stream, a memory stream, and compares what it holds with the file @golden. */
static void
assert_stream_holds (GOutputStream *stream,
                     const char    *golden)
{
  g_autofree char *expected = NULL;

  g_assert_true (g_output_stream_close (stream, NULL, NULL));
  g_assert_true (g_file_get_contents (golden, &expected, NULL, NULL));
  g_assert_cmpuint (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (stream)), ==,
                    strlen (expected));
  g_assert_cmpmem (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (stream)),
                   strlen (expected), expected, strlen (expected));
}

static void
test_export_api (void)
{
  g_auto(Fixture) fixture = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autofree char *golden = g_strdup_printf ("%s/golden/bs-print-legal.md", MUSTER_TEST_DATA);
  MusterExportOptions options = { MUSTER_EXPORT_MARKDOWN };

  load (&fixture, "legal");
  muster_sheet_page_init (&options.page, MUSTER_PAPER_A4, FALSE);
  g_assert_true (muster_bs_export_to_stream (fixture.roster, "fallback", &options, stream, NULL,
                                             &error));
  g_assert_no_error (error);
  assert_stream_holds (stream, golden);

  options.kind = MUSTER_EXPORT_CARDS_PDF;
  bytes = muster_bs_export (fixture.roster, "fallback", &options, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (bytes, NULL), "%PDF"));

  /* A roster has no map, no packet, no roster sheet. */
  options.kind = MUSTER_EXPORT_MAP_PNG;
  g_assert_false (muster_bs_export_supports (options.kind));
  g_assert_null (muster_bs_export (fixture.roster, "fallback", &options, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
}

/* The roster's, a force's and a unit's notes are printed (and escaped). */
static void
test_notes (void)
{
  g_auto(Fixture) fixture = { 0 };
  g_autoptr(MusterBsList) list = NULL;
  g_autofree char *text = NULL;
  g_autofree char *html = NULL;
  MusterBsForce *force;

  load (&fixture, "legal");
  force = muster_bs_roster_get_force (fixture.roster, 0);
  muster_bs_roster_set_custom_notes (fixture.roster, "For the club night");
  muster_bs_force_set_custom_notes (force, "Deploys <first>");
  muster_bs_selection_set_custom_notes (muster_bs_force_get_selection (force, 0), "Painted");
  list = muster_bs_list_new (fixture.roster, "fallback");
  text = muster_bs_list_to_string (list, MUSTER_LIST_FORMAT_TEXT);
  g_assert_nonnull (strstr (text, "\nNotes: For the club night\n"));
  g_assert_nonnull (strstr (text, "\n  Notes: Deploys <first>\n"));
  g_assert_nonnull (strstr (text, "\n      Notes: Painted\n"));
  html = muster_bs_list_to_string (list, MUSTER_LIST_FORMAT_HTML);
  g_assert_nonnull (strstr (html, "<em>Notes:</em> Deploys &lt;first&gt;</div>"));
}

typedef struct
{
  gboolean  done;
  gboolean  written;
  GError   *error;
} AsyncResult;

static void
async_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  AsyncResult *out = data;

  out->written = muster_bs_export_to_stream_finish (G_OUTPUT_STREAM (source), result,
                                                    &out->error);
  out->done = TRUE;
}

/* The asynchronous export writes what the synchronous one does; a kind a roster has not is
 * refused through the callback. */
static void
test_export_async (void)
{
  g_auto(Fixture) fixture = { 0 };
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) other = g_memory_output_stream_new_resizable ();
  g_autofree char *golden = g_strdup_printf ("%s/golden/bs-print-legal.html", MUSTER_TEST_DATA);
  MusterExportOptions options = { MUSTER_EXPORT_HTML };
  AsyncResult result = { 0 };

  load (&fixture, "legal");
  muster_sheet_page_init (&options.page, MUSTER_PAPER_A4, FALSE);
  muster_bs_export_to_stream_async (fixture.roster, "fallback", &options, stream, NULL,
                                    async_done, &result);
  /* The roster is read already: editing it now changes nothing written. */
  muster_bs_roster_set_name (fixture.roster, "Renamed");
  while (!result.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (result.error);
  g_assert_true (result.written);
  assert_stream_holds (stream, golden);

  result = (AsyncResult) { 0 };
  options.kind = MUSTER_EXPORT_PACKET_PDF;
  muster_bs_export_to_stream_async (fixture.roster, "fallback", &options, other, NULL,
                                    async_done, &result);
  while (!result.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (result.written);
  g_assert_error (result.error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_clear_error (&result.error);
}

/* A roster without a name takes the fallback title. */
static void
test_fallback_title (void)
{
  g_auto(Fixture) fixture = { 0 };
  g_autoptr(MusterBsList) list = NULL;

  load (&fixture, "legal");
  muster_bs_roster_set_name (fixture.roster, "");
  list = muster_bs_list_new (fixture.roster, "legal.ros");
  g_assert_cmpstr (list->title, ==, "legal.ros");
}

/*
 * A weapons table too wide for a half-page card (wh40k's flamer, seen cut as "Rang-e",
 * "D6+" "1" and "N/" "A"): the long words give way, the short values and heads stay whole.
 */
static void
test_narrow_table (void)
{
  static char *columns[] = { "Range", "A", "BS", "S", "AP", "D", "Keywords" };
  static char *row[] = { "Flamestorm Gauntlets", "12\"", "D6+1", "N/A", "4", "0", "1",
                         "Ignores Cover, Torrent, Twin-linked", NULL };
  MusterBsListTable table = { .type = "Ranged Weapons", .columns = g_ptr_array_new (),
                              .rows = g_ptr_array_new () };
  MusterBsListUnit unit = { .name = "Aggressor Squad", .is_unit = TRUE, .costs = "95 pts",
                            .lines = g_ptr_array_new (), .rule_refs = g_ptr_array_new (),
                            .tables = g_ptr_array_new () };
  MusterBsListSection section = { "Infantry", g_ptr_array_new () };
  MusterBsListForce force = { .name = "Army Roster", .catalogue = "Space Marines",
                              .costs = "95 pts", .sections = g_ptr_array_new () };
  MusterBsList list = { .title = "Narrow", .system = "Game", .costs = "95 pts",
                        .errors = g_ptr_array_new (), .forces = g_ptr_array_new (),
                        .rules = g_ptr_array_new () };
  g_autoptr(MusterBsSheet) sheet = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autofree char *text = NULL;
  MusterSheetPage page;

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    g_ptr_array_add (table.columns, columns[i]);
  g_ptr_array_add (table.rows, row);
  g_ptr_array_add (unit.tables, &table);
  g_ptr_array_add (section.units, &unit);
  g_ptr_array_add (force.sections, &section);
  g_ptr_array_add (list.forces, &force);

  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  sheet = muster_bs_sheet_new (&list, MUSTER_SHEET_CARDS, &page);
  pdf = muster_bs_sheet_to_pdf (sheet);
  text = pdf_text (pdf);
  if (text == NULL)
    g_test_skip ("poppler-utils (pdftotext) is not installed");
  else
    {
      g_auto(GStrv) words = g_strsplit_set (text, " \n\f", -1);

      /* (all but Keywords, a long word, which may give way) */
      for (guint i = 0; i + 1 < G_N_ELEMENTS (columns); i++)
        g_assert_true (g_strv_contains ((const char *const *) words, columns[i]));
      for (guint i = 1; i < 7; i++)
        g_assert_true (g_strv_contains ((const char *const *) words, row[i]));
    }
  g_ptr_array_unref (table.columns);
  g_ptr_array_unref (table.rows);
  g_ptr_array_unref (unit.lines);
  g_ptr_array_unref (unit.rule_refs);
  g_ptr_array_unref (unit.tables);
  g_ptr_array_unref (section.units);
  g_ptr_array_unref (force.sections);
  g_ptr_array_unref (list.errors);
  g_ptr_array_unref (list.forces);
  g_ptr_array_unref (list.rules);
}

/* Data that leaves names out (an entry, a force entry, a profile, a characteristic, a
 * rule): every export is written, with empty names, never "(null)" or a crash. */
#define NAMELESS_GST \
  "<gameSystem id='n-gs' name='Nameless' revision='1' " \
  "xmlns='http://www.battlescribe.net/schema/gameSystemSchema'>" \
  "<costTypes><costType id='n-pts' name='pts'/></costTypes>" \
  "<forceEntries><forceEntry id='n-force'/></forceEntries></gameSystem>"
#define NAMELESS_CAT \
  "<catalogue id='n-cat' gameSystemId='n-gs' " \
  "xmlns='http://www.battlescribe.net/schema/catalogueSchema'><selectionEntries>" \
  "<selectionEntry id='n-unit' type='unit'><profiles><profile id='n-p' typeId='n-pt'>" \
  "<characteristics><characteristic typeId='n-ct'>5</characteristic></characteristics>" \
  "</profile></profiles><rules><rule id='n-rule'/></rules>" \
  "<costs><cost typeId='n-pts' value='7'/></costs></selectionEntry>" \
  "</selectionEntries></catalogue>"

static void
test_nameless (void)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(MusterBsRoster) roster = NULL;
  g_autoptr(GBytes) gst = g_bytes_new_static (NAMELESS_GST, strlen (NAMELESS_GST));
  g_autoptr(GBytes) cat = g_bytes_new_static (NAMELESS_CAT, strlen (NAMELESS_CAT));
  g_autoptr(GError) error = NULL;
  MusterExportOptions options = { 0 };
  MusterBsForce *force;

  g_assert_true (muster_bs_data_add_bytes (data, "nameless.gst", gst, &error));
  g_assert_true (muster_bs_data_add_bytes (data, "nameless.cat", cat, &error));
  g_assert_true (muster_bs_data_resolve (data, &error));
  roster = muster_bs_roster_new (data, "");
  force = muster_bs_roster_add_force (roster, NULL, "n-force", "n-cat", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (muster_bs_roster_select (roster, force, NULL, "n-unit", NULL, &error));
  g_assert_no_error (error);

  muster_sheet_page_init (&options.page, MUSTER_PAPER_A4, FALSE);
  for (options.kind = MUSTER_EXPORT_TEXT; options.kind <= MUSTER_EXPORT_CARDS_PDF;
       options.kind++)
    {
      g_autoptr(GBytes) bytes = muster_bs_export (roster, "nameless.ros", &options, &error);
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (bytes);
      text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      g_assert_null (strstr (text, "(null)"));
      if (options.kind == MUSTER_EXPORT_TEXT)
        g_assert_true (g_str_has_prefix (text, "nameless.ros\nNameless, revision 1\nCosts: 7 pts\n"));
    }
}

/* Takes the white space out of @text, in place. Returns: @text */
static char *
squeeze (char *text)
{
  char *out = text;

  for (const char *p = text; *p; p++)
    if (!g_ascii_isspace (*p))
      *out++ = *p;
  *out = '\0';
  return text;
}

/*
 * Real data (MUSTER_BSDATA, the `bsdata` meson option; skipped without it): a wh40k-10e
 * Space Marines force with the first twelve root units that are not hidden. Every unit is
 * in the list and on a card of its own, and each rule's text is printed once however many
 * units have it.
 */
static void
test_wh40k (void)
{
  const char *root = g_getenv ("MUSTER_BSDATA");
  g_autofree char *dir = root && *root ? g_build_filename (root, "wh40k-10e", NULL) : NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterBsData) data = NULL;
  g_autoptr(MusterBsRoster) roster = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(MusterBsList) list = NULL;
  g_autoptr(MusterBsSheet) sheet = NULL;
  g_autoptr(MusterBsSheet) cards = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autofree char *text = NULL;
  g_autofree char *cards_text = NULL;
  const MusterBsNode *marines = NULL;
  MusterBsForce *force = NULL;
  MusterSheetPage page;
  guint n_units = 0;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no BattleScribe data (configure with -Dbsdata=DIR)");
      return;
    }
  data = muster_bs_data_load_dir (dir, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < muster_bs_data_get_catalogues (data)->len; i++)
    {
      const MusterBsNode *cat = muster_bs_data_get_catalogues (data)->pdata[i];

      /* (a catalogue's text is the file it was read from) */
      if (cat->text != NULL && g_str_has_suffix (cat->text, G_DIR_SEPARATOR_S
                                                 "Imperium - Space Marines.cat"))
        marines = cat;
    }
  g_assert_nonnull (marines);
  roster = muster_bs_roster_new (data, "Strike Force");
  for (const MusterBsNode *f = muster_bs_data_get_game_system (data)->first_child;
       f != NULL && force == NULL; f = f->next)
    if (f->kind == MUSTER_BS_NODE_FORCE_ENTRY)
      force = muster_bs_roster_add_force (roster, NULL, f->id, marines->id, NULL, NULL);
  g_assert_nonnull (force);
  ids = muster_bs_roster_list_entries (roster, force, NULL);
  for (guint i = 0; i < ids->len && n_units < 12; i++)
    {
      const MusterBsNode *entry = muster_bs_data_lookup (data, strrchr (ids->pdata[i], ':')
                                                               ? strrchr (ids->pdata[i], ':') + 1
                                                               : ids->pdata[i]);
      const MusterBsNode *target = entry && entry->kind == MUSTER_BS_NODE_ENTRY_LINK
                                   ? muster_bs_data_resolve_link (data, entry) : entry;

      if (target != NULL && g_strcmp0 (target->type, "unit") == 0 &&
          !muster_bs_roster_entry_hidden (roster, force, NULL, ids->pdata[i]) &&
          muster_bs_roster_select (roster, force, NULL, ids->pdata[i], NULL, NULL) != NULL)
        n_units++;
    }
  g_assert_cmpuint (n_units, ==, 12);

  list = muster_bs_list_new (roster, "fallback");
  {
    g_autofree char *html = muster_bs_list_to_string (list, MUSTER_LIST_FORMAT_HTML);

    assert_html_parses (html);
  }
  text = muster_bs_list_to_string (list, MUSTER_LIST_FORMAT_TEXT);
  for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
    {
      MusterBsSelection *sel = muster_bs_force_get_selection (force, i);

      g_assert_nonnull (strstr (text, muster_bs_selection_get_name (sel)));
    }
  g_assert_cmpuint (list->rules->len, >, 3);
  for (guint i = 0; i < list->rules->len; i++)
    {
      const MusterBsListRule *rule = list->rules->pdata[i];

      if (strlen (rule->text) > 20)
        g_assert_cmpuint (count (text, rule->text), ==, 1);
    }

  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  sheet = muster_bs_sheet_new (list, MUSTER_SHEET_LIST, &page);
  cards = muster_bs_sheet_new (list, MUSTER_SHEET_CARDS, &page);
  g_assert_cmpuint (muster_bs_sheet_get_n_pages (sheet), >, 2);
  g_assert_cmpuint (muster_bs_sheet_get_n_pages (cards), >, 2);
  pdf = muster_bs_sheet_to_pdf (cards);
  if ((cards_text = pdf_text (pdf)) == NULL)
    return;
  /* A long name wraps in its card's band: compared without white space. */
  squeeze (cards_text);
  for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
    {
      MusterBsSelection *sel = muster_bs_force_get_selection (force, i);
      g_autofree char *name = g_strdup (muster_bs_selection_get_name (sel));

      if (g_strcmp0 (muster_bs_selection_get_type (sel), "unit") == 0)
        g_assert_nonnull (strstr (cards_text, squeeze (name)));
    }
}

/* A roster whose game data is missing exports what its file records: forces, selections
 * with numbers, contents and costs, the limits-free total; and says it was not checked
 * rather than calling it legal. The PDFs come from the same list. */
static void
test_outline_export (void)
{
  static const char ros[] =
    "<roster id='r' name='Away' gameSystemId='elsewhere'>\n"
    "<costs><cost name='pts' typeId='pts' value='85'/></costs>\n"
    "<forces><force id='f' name='Patrol' customName='First' entryId='fe' catalogueId='c' catalogueName='Army'>\n"
    "<selections><selection id='s' name='Squad' entryId='e' number='2' type='unit'>\n"
    "<costs><cost name='pts' typeId='pts' value='80'/></costs>\n"
    "<selections><selection id='t' name='Trooper' entryId='e2' number='5' type='model'/></selections>\n"
    "</selection></selections>\n"
    "<forces><force id='g' name='Platoon' entryId='fe2' catalogueId='c' catalogueName='Army'/></forces>\n"
    "</force></forces></roster>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (ros, sizeof ros - 1);
  g_autoptr(MusterBsOutline) outline = muster_bs_outline_read (bytes, "away.ros", NULL);
  MusterExportOptions options = { MUSTER_EXPORT_TEXT };
  g_autoptr(GBytes) text = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;

  g_assert_nonnull (outline);
  text = muster_bs_export_outline (outline, "Elsewhere, revision 3", "away", &options, &error);
  g_assert_no_error (error);
  out = g_strndup (g_bytes_get_data (text, NULL), g_bytes_get_size (text));
  g_assert_nonnull (strstr (out, "Away"));
  g_assert_nonnull (strstr (out, "Elsewhere, revision 3"));
  g_assert_nonnull (strstr (out, "First"));
  g_assert_nonnull (strstr (out, "Platoon"));
  g_assert_nonnull (strstr (out, "2× Squad"));
  g_assert_nonnull (strstr (out, "5× Trooper"));
  g_assert_nonnull (strstr (out, "80 pts"));
  g_assert_nonnull (strstr (out, "Not checked: the game data is missing"));
  g_assert_null (strstr (out, "Legal"));

  options.kind = MUSTER_EXPORT_LIST_PDF;
  pdf = muster_bs_export_outline (outline, "Elsewhere, revision 3", "away", &options, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (pdf, NULL), "%PDF"));
  options.kind = MUSTER_EXPORT_MAP_PNG;
  g_assert_null (muster_bs_export_outline (outline, NULL, "away", &options, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/bs-export/golden/legal", "legal", test_golden);
  g_test_add_data_func ("/bs-export/golden/illegal", "illegal", test_golden);
  g_test_add_func ("/bs-export/list", test_list);
  g_test_add_func ("/bs-export/illegal", test_illegal);
  g_test_add_func ("/bs-export/pdf", test_pdf);
  g_test_add_func ("/bs-export/cards", test_cards);
  g_test_add_func ("/bs-export/cards-drawn", test_cards_drawn);
  g_test_add_func ("/bs-export/export-api", test_export_api);
  g_test_add_func ("/bs-export/fallback-title", test_fallback_title);
  g_test_add_func ("/bs-export/notes", test_notes);
  g_test_add_func ("/bs-export/export-async", test_export_async);
  g_test_add_func ("/bs-export/narrow-table", test_narrow_table);
  g_test_add_func ("/bs-export/nameless", test_nameless);
  g_test_add_func ("/bs-export/wh40k", test_wh40k);
  g_test_add_func ("/bs-export/outline", test_outline_export);
  return g_test_run ();
}
