/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <cairo-pdf.h>
#include <string.h>

#include "muster-sheet-painter-private.h"

/*
 * Sheets on image surfaces: nothing is drawn outside the margins, on any sheet, sample or
 * paper; a long list flows onto more pages and breaks between units, never inside one. Each
 * text is laid out once, to measure it, and its layout drawn; the pages are the same as when
 * each was laid out anew.
 */

static const char *samples[] = {
  "battle-valor-fantasy-1000",
  "horse-and-musket-brigade",
  "medals-of-valor-village-assault",
  "standards-of-valor-punitive-cohort",
  "undying-lands-host",
};

static MusterList *
list_from_xml (const char *xml)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
  g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (bytes, "test", &error);
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  g_autoptr(MusterRuleset) ruleset = NULL;

  g_assert_no_error (error);
  ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (doc), &error);
  g_assert_no_error (error);
  return muster_list_new (doc, ruleset, "test");
}

static MusterList *
list_from_sample (const char *name)
{
  g_autofree char *file = g_strdup_printf ("%s/data/samples/%s.muster",
                                           g_getenv ("MUSTER_SOURCE_ROOT"), name);
  g_autofree char *xml = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (file, &xml, NULL, &error);
  g_assert_no_error (error);
  return list_from_xml (xml);
}

/* Counts the non-white pixels outside the page's margins. */
static guint
ink_outside_margins (cairo_surface_t       *surface,
                     const MusterSheetPage *page)
{
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  int m = (int) page->margin - 1;
  guint n = 0;

  cairo_surface_flush (surface);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if ((x < m || x >= w - m || y < m || y >= h - m) &&
          *(guint32 *) (data + y * stride + x * 4) != 0xffffffff)
        {
          if (n++ == 0)
            g_test_message ("ink at (%d, %d) on a %d×%d page", x, y, w, h);
        }
  return n;
}

static void
check_margins (const MusterList      *list,
               MusterSheetKind        kind,
               const MusterSheetPage *page)
{
  g_autoptr(MusterSheet) sheet = muster_sheet_new (list, kind, page);
  int w = (int) page->width, h = (int) page->height;

  for (guint p = 0; p < muster_sheet_get_n_pages (sheet); p++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      cairo_t *cr = cairo_create (surface);

      g_test_message ("“%s”, sheet %d, page %u", list->title, kind, p);
      muster_sheet_paint_page (sheet, cr, p);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpuint (ink_outside_margins (surface, page), ==, 0);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

static void
test_margins (void)
{
  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    {
      g_autoptr(MusterList) list = list_from_sample (samples[s]);
      MusterSheetPage a4, letter;

      muster_sheet_page_init (&a4, MUSTER_PAPER_A4, FALSE);
      muster_sheet_page_init (&letter, MUSTER_PAPER_LETTER, TRUE);
      g_assert_cmpfloat (letter.width, >, letter.height);
      for (MusterSheetKind kind = MUSTER_SHEET_LIST; kind <= MUSTER_SHEET_ROSTER; kind++)
        {
          check_margins (list, kind, &a4);
          check_margins (list, kind, &letter);
        }
    }
}

static MusterList *
long_list (void)
{
  GString *xml = g_string_new ("<?xml version=\"1.0\"?>\n<muster format=\"1\">\n"
                               "<ruleset id=\"battle-valor-fantasy\" version=\"1.0\"/>\n"
                               "<title>Long</title>\n"
                               "<force id=\"f1\" name=\"Horde\" points=\"1000\">\n");
  MusterList *list;

  for (guint i = 0; i < 60; i++)
    g_string_append_printf (xml, "<unit id=\"u%u\" type=\"infantry\" size=\"%u\" "
                            "name=\"Warband %u\"><notes>Notes long enough to wrap onto a second "
                            "line of the list, so that units have different heights and the page "
                            "break falls somewhere interesting.</notes></unit>\n", i, 2 + i % 9, i);
  g_string_append (xml, "</force>\n</muster>\n");
  list = list_from_xml (xml->str);
  g_string_free (xml, TRUE);
  return list;
}

static void
test_page_breaks (void)
{
  g_autoptr(MusterList) list = long_list ();
  MusterSheetPage page;

  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  for (MusterSheetKind kind = MUSTER_SHEET_LIST; kind <= MUSTER_SHEET_ROSTER; kind++)
    {
      g_autoptr(MusterSheet) sheet = muster_sheet_new (list, kind, &page);
      guint last_page = 0, units = 0;

      g_assert_cmpuint (muster_sheet_get_n_pages (sheet), >, 1);
      for (guint i = 0; i < muster_sheet_get_n_blocks (sheet); i++)
        {
          const MusterSheetBlock *block = muster_sheet_get_block (sheet, i);

          /* In order, and each block whole on its page, inside the margins. */
          g_assert_cmpuint (block->page, >=, last_page);
          g_assert_cmpuint (block->page, <, muster_sheet_get_n_pages (sheet));
          g_assert_cmpfloat (block->y, >=, page.margin);
          g_assert_cmpfloat (block->y + block->height, <=, page.height - page.margin);
          last_page = block->page;
          units += block->is_unit;
        }
      g_assert_cmpuint (last_page + 1, ==, muster_sheet_get_n_pages (sheet));
      g_assert_cmpuint (units, >, 0);
    }
  check_margins (list, MUSTER_SHEET_LIST, &page);
}

/* Names are text, never Pango markup: a hostile name draws as itself, with no warning. */
static void
test_hostile_names (void)
{
  g_autoptr(MusterList) list = list_from_xml (
    "<?xml version=\"1.0\"?>\n<muster format=\"1\">\n"
    "<ruleset id=\"battle-valor-fantasy\" version=\"1.0\"/>\n"
    "<title>&lt;b&gt;&amp; &lt;span foo='</title>\n"
    "<force id=\"f1\" name=\"&lt;/span&gt;\" side=\"&amp;amp;\" points=\"1000\">\n"
    "<node id=\"n1\" level=\"x\" name=\"&lt;i&gt;\"/>\n"
    "<unit id=\"u1\" type=\"infantry\" size=\"4\" name=\"&lt;big&gt;&amp;\">"
    "<notes>&lt;/b&gt;</notes></unit>\n</force>\n</muster>\n");
  MusterSheetPage page;

  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  for (MusterSheetKind kind = MUSTER_SHEET_LIST; kind <= MUSTER_SHEET_ROSTER; kind++)
    check_margins (list, kind, &page);
}

/* Standards of Valor's data arrives later; a stand-in ruleset with its id gets its cards. */
#define SOV_RULESET \
  "<?xml version=\"1.0\"?>\n<ruleset format=\"1\" id=\"standards-of-valor\" version=\"0.1\">\n" \
  "<name>Standards of Valor</name>\n" \
  "<costing id=\"points\" name=\"Points\" abbreviation=\"pts\" limit=\"true\"/>\n" \
  "<stats><stat id=\"lv\" name=\"Leadership Value\" abbreviation=\"Leadership Value\"/></stats>\n" \
  "<categories><category id=\"foot\" name=\"Foot\"/></categories>\n" \
  "<unit-types><unit-type id=\"century\" name=\"Century\" category=\"foot\" " \
  "size-unit=\"figure\" default-size=\"12\"><base stat=\"lv\" value=\"3\"/>" \
  "<cost per=\"each\" value=\"5\"/></unit-type></unit-types>\n</ruleset>\n"

static void
test_record_cards (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) rules = g_bytes_new_static (SOV_RULESET, strlen (SOV_RULESET));
  g_autoptr(MusterRuleset) ruleset = muster_ruleset_new_from_bytes (rules, "sov", &error);
  const char *xml = "<?xml version=\"1.0\"?>\n<muster format=\"1\">\n"
                    "<ruleset id=\"standards-of-valor\" version=\"0.1\"/>\n"
                    "<force id=\"f1\" name=\"Cohort\" points=\"500\">\n"
                    "<unit id=\"u1\" type=\"century\" size=\"12\" name=\"First century\"/>\n"
                    "<unit id=\"u2\" type=\"century\" size=\"10\" name=\"Second century\"/>\n"
                    "</force>\n</muster>\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (xml, strlen (xml));
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(MusterList) list = NULL;
  g_autoptr(MusterSheet) sheet = NULL;
  MusterSheetPage page;

  g_assert_no_error (error);
  doc = muster_doc_new_from_bytes (bytes, "sov", &error);
  g_assert_no_error (error);
  list = muster_list_new (doc, ruleset, "sov");
  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  check_margins (list, MUSTER_SHEET_CARDS, &page);
  check_margins (list, MUSTER_SHEET_ROSTER, &page);

  /* Set MUSTER_SHEET_PNG=file.png to look at the first page. */
  sheet = muster_sheet_new (list, MUSTER_SHEET_CARDS, &page);
  if (g_getenv ("MUSTER_SHEET_PNG") != NULL)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 595, 842);
      cairo_t *cr = cairo_create (surface);

      muster_sheet_paint_page (sheet, cr, 0);
      cairo_surface_write_to_png (surface, g_getenv ("MUSTER_SHEET_PNG"));
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

/* The red of the pixel at (@x, @y) of @surface, 0 to 255. */
static guint
red_at (cairo_surface_t *surface,
        int              x,
        int              y)
{
  unsigned char *row = cairo_image_surface_get_data (surface) +
                       y * cairo_image_surface_get_stride (surface);

  return (((guint32 *) (gpointer) row)[x] >> 16) & 0xff;
}

/*
 * Every card of a row is framed as tall as the row's tallest card (cards of one row differ:
 * one unit has more options or rules than another), on every sample's cards: for each card
 * that a row holds (its dark band at the top), the frame's bottom edge is at the row's foot.
 */
static void
test_cards_row (void)
{
  guint checked = 0;

  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    {
      g_autoptr(MusterList) list = list_from_sample (samples[s]);
      g_autoptr(MusterSheet) sheet = NULL;
      MusterSheetPage page;
      double width, w;
      guint across;

      muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
      sheet = muster_sheet_new (list, MUSTER_SHEET_CARDS, &page);
      width = page.width - 2 * page.margin;
      across = width > 640 ? 3 : 2;
      w = (width - (across - 1) * 10.0) / across;
      for (guint p = 0; p < muster_sheet_get_n_pages (sheet); p++)
        {
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                                                 (int) page.width,
                                                                 (int) page.height);
          cairo_t *cr = cairo_create (surface);

          muster_sheet_paint_page (sheet, cr, p);
          cairo_surface_flush (surface);
          for (guint b = 0; b < muster_sheet_get_n_blocks (sheet); b++)
            {
              const MusterSheetBlock *block = muster_sheet_get_block (sheet, b);
              double foot = block->y + block->height - 10.0;   /* the row's gap below */

              /* (a card taller than the page is cut at the margin) */
              if (block->page != p || !block->is_unit || foot > page.height - page.margin - 30)
                continue;
              for (guint i = 0; i < across; i++)
                {
                  int x = (int) (page.margin + i * (w + 10.0) + w / 2);

                  if (red_at (surface, x, (int) block->y + 2) > 128)
                    continue;   /* no card there: the row's last is before it */
                  g_test_message ("“%s”, page %u, block %u, card %u", list->title, p, b, i);
                  /* (the 1 pt edge, antialiased, may share two rows of pixels) */
                  g_assert_cmpuint (red_at (surface, x, (int) (foot - 1)) +
                                    red_at (surface, x, (int) foot), <, 2 * 255 - 128);
                  checked++;
                }
            }
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
        }
    }
  g_assert_cmpuint (checked, >, 10);
}

static void
test_pdf (void)
{
  g_autoptr(MusterList) list = list_from_sample ("undying-lands-host");
  MusterSheetPage page;
  g_autoptr(MusterSheet) sheet = NULL;
  g_autoptr(GBytes) pdf = NULL;

  muster_sheet_page_init (&page, MUSTER_PAPER_LETTER, FALSE);
  sheet = muster_sheet_new (list, MUSTER_SHEET_CARDS, &page);
  pdf = muster_sheet_to_pdf (sheet);
  g_assert_cmpuint (g_bytes_get_size (pdf), >, 1000);
  g_assert_cmpint (memcmp (g_bytes_get_data (pdf, NULL), "%PDF-", 5), ==, 0);
}

/* @pdf without its dates, which tell when it was made. */
static GBytes *
undated (GBytes *pdf)
{
  GString *out = g_string_new_len (g_bytes_get_data (pdf, NULL), g_bytes_get_size (pdf));
  const char *fields[] = { "/CreationDate (", "/ModDate (" };

  /* (the streams before them hold zero bytes: no strstr) */
  for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
    for (gsize at = 0, n = strlen (fields[f]); at + n <= out->len; at++)
      if (memcmp (out->str + at, fields[f], n) == 0)
        {
          const char *end = memchr (out->str + at, ')', out->len - at);

          g_assert_nonnull (end);
          g_string_erase (out, at, end + 1 - (out->str + at));
          break;
        }
  return g_string_free_to_bytes (out);
}

/* Layouts the running header and footer take on each page. */
static guint
header_layouts (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (surface);
  MusterSheetPage page;
  guint before = muster_print_get_n_layouts_made ();

  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  muster_print_header_footer (cr, &page, "Title", "Subject", 1, 2);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return muster_print_get_n_layouts_made () - before;
}

/* Layouts made to paint every page of @sheet into a PDF, besides the headers and footers;
 * sets @pdf to the PDF. */
static guint
layouts_to_paint (const MusterSheet  *sheet,
                  GBytes            **pdf)
{
  guint before = muster_print_get_n_layouts_made ();

  *pdf = muster_sheet_to_pdf (sheet);
  return muster_print_get_n_layouts_made () - before -
         header_layouts () * muster_sheet_get_n_pages (sheet);
}

/* The pages of @sheet painted on images at @scale, one after the other. */
static GBytes *
pixels (const MusterSheet     *sheet,
        const MusterSheetPage *page,
        double                 scale)
{
  GByteArray *all = g_byte_array_new ();

  for (guint p = 0; p < muster_sheet_get_n_pages (sheet); p++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                             (int) (page->width * scale),
                                                             (int) (page->height * scale));
      cairo_t *cr = cairo_create (surface);

      cairo_scale (cr, scale, scale);
      muster_sheet_paint_page (sheet, cr, p);
      cairo_surface_flush (surface);
      g_byte_array_append (all, cairo_image_surface_get_data (surface),
                           cairo_image_surface_get_stride (surface) *
                           cairo_image_surface_get_height (surface));
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  return g_byte_array_free_to_bytes (all);
}

/*
 * Painting a sheet lays no text out again: the layouts made to measure its blocks are the ones
 * drawn. Only texts that measuring did not need (a cost drawn right-aligned, a card's cells)
 * are laid out to paint, each once. The count of layouts made to paint a sheet that lays its
 * texts out anew (as they all were) finds at least one per block.
 */
static void
test_texts_once (void)
{
  MusterSheetPage page;

  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  _muster_text_cache_track = TRUE;
  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    {
      g_autoptr(MusterList) list = list_from_sample (samples[s]);

      for (MusterSheetKind kind = MUSTER_SHEET_LIST; kind <= MUSTER_SHEET_ROSTER; kind++)
        {
          g_autoptr(MusterSheet) sheet = NULL, anew = NULL;
          g_autoptr(GBytes) pdf = NULL, again = NULL, pdf_anew = NULL;
          guint before = muster_print_get_n_layouts_made ();

          sheet = muster_sheet_new (list, kind, &page);
          g_assert_cmpuint (muster_print_get_n_layouts_made () - before, >,
                            muster_sheet_get_n_blocks (sheet));
          layouts_to_paint (sheet, &pdf);
          /* and a second time, nothing at all */
          g_assert_cmpuint (layouts_to_paint (sheet, &again), ==, 0);
          g_assert_cmpuint (_muster_text_cache_n_again, ==, 0);

          _muster_sheet_keep_texts = FALSE;
          anew = muster_sheet_new (list, kind, &page);
          _muster_sheet_keep_texts = TRUE;
          g_assert_cmpuint (layouts_to_paint (anew, &pdf_anew), >=,
                            muster_sheet_get_n_blocks (anew));
        }
    }
  _muster_text_cache_track = FALSE;
}

/* What a sheet keeping its texts paints is what one laying them out anew painted: the same PDF
 * bytes, and the same pixels on images at two scales (there the kept layouts, made for the
 * PDF, are not drawn: a scaled surface lays text out its own way). */
static void
check_same_as_anew (const MusterList      *list,
                    MusterSheetKind        kind,
                    const MusterSheetPage *page)
{
  g_autoptr(MusterSheet) sheet = muster_sheet_new (list, kind, page);
  g_autoptr(MusterSheet) anew = NULL;
  g_autoptr(GBytes) pdf = muster_sheet_to_pdf (sheet), pdf_anew = NULL;
  g_autoptr(GBytes) a = NULL, b = NULL;

  _muster_sheet_keep_texts = FALSE;
  anew = muster_sheet_new (list, kind, page);
  _muster_sheet_keep_texts = TRUE;
  pdf_anew = muster_sheet_to_pdf (anew);
  g_assert_cmpuint (muster_sheet_get_n_pages (sheet), ==, muster_sheet_get_n_pages (anew));
  for (guint i = 0; i < muster_sheet_get_n_blocks (sheet); i++)
    {
      const MusterSheetBlock *x = muster_sheet_get_block (sheet, i);
      const MusterSheetBlock *y = muster_sheet_get_block (anew, i);

      g_assert_cmpuint (x->page, ==, y->page);
      g_assert_cmpfloat (x->y, ==, y->y);
      g_assert_cmpfloat (x->height, ==, y->height);
    }
  a = undated (pdf);
  b = undated (pdf_anew);
  g_assert_true (g_bytes_equal (a, b));
  for (guint k = 0; k < 2; k++)
    {
      double scale = k == 0 ? 1.0 : 0.75;
      g_autoptr(GBytes) p = pixels (sheet, page, scale), q = pixels (anew, page, scale);

      g_assert_true (g_bytes_equal (p, q));
    }
}

static void
test_same_as_anew (void)
{
  MusterSheetPage page;

  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    {
      g_autoptr(MusterList) list = list_from_sample (samples[s]);

      for (MusterSheetKind kind = MUSTER_SHEET_LIST; kind <= MUSTER_SHEET_ROSTER; kind++)
        {
          muster_sheet_page_init (&page, s % 2 ? MUSTER_PAPER_LETTER : MUSTER_PAPER_A4,
                                  kind == MUSTER_SHEET_CARDS);
          check_same_as_anew (list, kind, &page);
        }
    }
}

/*
 * A sheet bigger than what it may keep keeps its first blocks, which it paints first: its
 * first page lays nothing out again, its last page does, and the pages are the same.
 */
static void
test_texts_budget (void)
{
  g_autoptr(MusterList) list = long_list ();
  g_autoptr(MusterSheet) sheet = NULL;
  MusterSheetPage page;
  cairo_surface_t *surface;
  cairo_t *cr;
  guint n_pages;

  muster_sheet_page_init (&page, MUSTER_PAPER_A4, FALSE);
  _muster_sheet_texts_budget = 256 << 10;
  _muster_text_cache_track = TRUE;
  _muster_text_cache_n_again = 0;
  sheet = muster_sheet_new (list, MUSTER_SHEET_LIST, &page);
  n_pages = muster_sheet_get_n_pages (sheet);
  g_assert_cmpuint (n_pages, >=, 3);

  surface = cairo_pdf_surface_create_for_stream (NULL, NULL, page.width, page.height);
  cr = cairo_create (surface);
  muster_sheet_paint_page (sheet, cr, 0);
  g_assert_cmpuint (_muster_text_cache_n_again, ==, 0);
  cairo_show_page (cr);
  muster_sheet_paint_page (sheet, cr, n_pages - 1);
  g_assert_cmpuint (_muster_text_cache_n_again, >, 0);
  _muster_text_cache_track = FALSE;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  check_same_as_anew (list, MUSTER_SHEET_LIST, &page);
  check_same_as_anew (list, MUSTER_SHEET_CARDS, &page);
  _muster_sheet_texts_budget = 48 << 20;
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sheet-painter/margins", test_margins);
  g_test_add_func ("/sheet-painter/page-breaks", test_page_breaks);
  g_test_add_func ("/sheet-painter/hostile-names", test_hostile_names);
  g_test_add_func ("/sheet-painter/record-cards", test_record_cards);
  g_test_add_func ("/sheet-painter/cards-row", test_cards_row);
  g_test_add_func ("/sheet-painter/pdf", test_pdf);
  g_test_add_func ("/sheet-painter/texts-once", test_texts_once);
  g_test_add_func ("/sheet-painter/same-as-anew", test_same_as_anew);
  g_test_add_func ("/sheet-painter/texts-budget", test_texts_budget);

  return g_test_run ();
}
