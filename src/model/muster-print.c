/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-print"

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n.h>

#include "muster-print.h"
#include "muster-text-cache.h"

const double muster_print_ink[3] = { 0.11, 0.11, 0.11 };
const double muster_print_grey[3] = { 0.37, 0.36, 0.39 };
const double muster_print_rule[3] = { 0.75, 0.75, 0.74 };
const double muster_print_shade[3] = { 0.94, 0.94, 0.93 };

static guint n_layouts_made;

void
muster_sheet_page_init (MusterSheetPage *page,
                        MusterPaperSize  size,
                        gboolean         landscape)
{
  double w = size == MUSTER_PAPER_LETTER ? 612.0 : 595.276;
  double h = size == MUSTER_PAPER_LETTER ? 792.0 : 841.89;

  g_return_if_fail (page != NULL);

  page->width = landscape ? h : w;
  page->height = landscape ? w : h;
  page->margin = 36.0;   /* half an inch: inside every printer's unprintable border */
}

void
muster_print_colour (cairo_t      *cr,
                     const double  rgb[3])
{
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
}

/*
 * A context for muster_print_layout()'s layouts on @cr: hinting off, so that metrics do not
 * depend on the surface and measuring on one surface and drawing on another agree.
 */
PangoContext *
muster_print_context_new (cairo_t *cr)
{
  PangoContext *context = pango_cairo_create_context (cr);
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  return context;
}

/* Sets @layout's font, width, alignment and text as muster_print_layout() describes. */
void
muster_print_layout_fill (PangoLayout *layout,
                          const char  *text,
                          const char  *font,
                          gboolean     markup,
                          double       width,
                          double       align)
{
  g_autoptr(PangoFontDescription) desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  if (width < 0)
    {
      width = -width;
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      if (align > 0)
        pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
    }
  if (markup)
    pango_layout_set_markup (layout, text, -1);
  else
    pango_layout_set_text (layout, text, -1);
}

/*
 * A layout of @text (Pango markup when @markup) in @font, @width wide (wrapping at words; 0
 * for no wrapping; negative for one line cut short with an ellipsis), right-aligned when
 * @align > 0. Metrics do not depend on the surface, so that measuring on an image and drawing
 * on a PDF agree. With a text cache attached to @cr (muster-text-cache.h), the cache's layout;
 * it must not be changed.
 */
PangoLayout *
muster_print_layout (cairo_t    *cr,
                     const char *text,
                     const char *font,
                     gboolean    markup,
                     double      width,
                     double      align)
{
  MusterTextCache *cache = muster_text_cache_get (cr);
  PangoContext *context;
  PangoLayout *layout;

  if (cache != NULL)
    return muster_text_cache_layout (cache, cr, text, font, markup, width, align);
  g_atomic_int_inc (&n_layouts_made);
  context = muster_print_context_new (cr);
  layout = pango_layout_new (context);
  g_object_unref (context);
  muster_print_layout_fill (layout, text, font, markup, width, align);
  return layout;
}

/* How many layouts muster_print_layout() has made in this process, cached ones included:
 * for tests and benchmarks. */
guint
muster_print_get_n_layouts_made (void)
{
  return (guint) g_atomic_int_get (&n_layouts_made);
}

void
_muster_print_count_layout (void)
{
  g_atomic_int_inc (&n_layouts_made);
}

/* Lays @text out as muster_print_layout() does at (@x, @y); draws it when @draw.
 * Returns: its height */
double
muster_print_text (cairo_t      *cr,
                   const char   *text,
                   const char   *font,
                   gboolean      markup,
                   double        x,
                   double        y,
                   double        width,
                   double        align,
                   gboolean      draw)
{
  g_autoptr(PangoLayout) layout = muster_print_layout (cr, text, font, markup, width, align);
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  if (draw)
    {
      cairo_move_to (cr, x, y);
      pango_cairo_show_layout (cr, layout);
    }
  return (double) h / PANGO_SCALE;
}

/* The width @text takes in @font, on one line. */
double
muster_print_text_width (cairo_t    *cr,
                         const char *text,
                         const char *font,
                         gboolean    markup)
{
  g_autoptr(PangoLayout) layout = muster_print_layout (cr, text, font, markup, 0, 0);
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  return (double) w / PANGO_SCALE;
}

void
muster_print_hline (cairo_t      *cr,
                    double        x,
                    double        y,
                    double        width,
                    double        line_width,
                    const double  rgb[3])
{
  muster_print_colour (cr, rgb);
  cairo_set_line_width (cr, line_width);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + width, y);
  cairo_stroke (cr);
}

/*
 * The running header (@title at the left in bold, @subject at the right) and footer ("Muster",
 * "Page @number of @n_pages") of @page, in the margins.
 */
void
muster_print_header_footer (cairo_t               *cr,
                            const MusterSheetPage *page,
                            const char            *title,
                            const char            *subject,
                            guint                  number,
                            guint                  n_pages)
{
  double x = page->margin, w = page->width - 2 * page->margin;
  double top = page->margin, bottom = page->height - page->margin;
  g_autofree char *text = g_strdup_printf (_("Page %u of %u"), number, n_pages);
  double footer_h;

  muster_print_colour (cr, muster_print_grey);
  muster_print_text (cr, title, "Sans Bold 8", FALSE, x, top, -w / 3, 0, TRUE);
  muster_print_text (cr, subject, "Sans 8", FALSE, x + w / 3, top, -2 * w / 3, 1, TRUE);
  muster_print_hline (cr, x, top + MUSTER_PRINT_HEADER_H - 8, w, 0.5, muster_print_rule);
  muster_print_hline (cr, x, bottom - MUSTER_PRINT_FOOTER_H + 6, w, 0.5, muster_print_rule);
  /* Sits on the bottom margin, descenders included. */
  footer_h = muster_print_text (cr, text, "Sans 8", FALSE, x, 0, w, 1, FALSE);
  muster_print_text (cr, text, "Sans 8", FALSE, x, bottom - footer_h, w, 1, TRUE);
  muster_print_text (cr, "Muster", "Sans 8", FALSE, x, bottom - footer_h, 0, 0, TRUE);
}

/*
 * Begins painting a page of @page on @cr: white, the running header and footer, and a clip
 * to the content, where a block taller than a page (a giant card) is cut at the margins
 * rather than overflow. The caller restores @cr when the page is painted.
 */
void
muster_print_begin_page (cairo_t               *cr,
                         const MusterSheetPage *page,
                         const char            *title,
                         const char            *subject,
                         guint                  number,
                         guint                  n_pages)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  muster_print_header_footer (cr, page, title, subject, number, n_pages);
  cairo_rectangle (cr, page->margin, page->margin + MUSTER_PRINT_HEADER_H,
                   page->width - 2 * page->margin,
                   page->height - 2 * page->margin - MUSTER_PRINT_HEADER_H - MUSTER_PRINT_FOOTER_H);
  cairo_clip (cr);
}

/* Returns: (transfer full): a context to measure text on (metrics do not depend on it) */
cairo_t *
muster_print_measure_new (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);

  cairo_surface_destroy (surface);
  return cr;
}

/* A cairo write function appending to the GByteArray @closure: PDF, SVG and PNG to memory. */
cairo_status_t
muster_print_append_bytes (void                *closure,
                           const unsigned char *data,
                           unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/**
 * muster_print_pdf_to_output:
 * @title: the document's title, for the PDF's metadata
 * @n_pages: how many pages
 * @size: (nullable): the size of every page, when @page_size is %NULL
 * @page_size: (nullable): the size of each page (they may differ: a map turns to landscape)
 * @paint: paints one page in points, the page at (0, 0)
 * @document: passed to @page_size and @paint
 * @output: where the PDF goes: cairo hands each page on as it is finished, so only one page
 *   is ever held
 *
 * Returns: whether the whole PDF went to @output; %FALSE with @error set when it was cancelled
 *   (%G_IO_ERROR_CANCELLED) or could not be written (then @output's write function should
 *   have said why; @error is only a fallback)
 */
gboolean
muster_print_pdf_to_output (const char              *title,
                            guint                    n_pages,
                            const MusterSheetPage   *size,
                            MusterPrintSizeFunc      page_size,
                            MusterPrintPageFunc      paint,
                            gconstpointer            document,
                            const MusterPrintOutput *output,
                            GError                 **error)
{
  cairo_surface_t *surface;
  MusterSheetPage current = { 595.276, 841.89, 36 };
  cairo_status_t status;
  gboolean cancelled = FALSE;
  cairo_t *cr;

  if (page_size != NULL && n_pages > 0)
    page_size (document, 0, &current);
  else if (page_size == NULL && size != NULL)
    current = *size;
  surface = cairo_pdf_surface_create_for_stream (output->write, output->closure, current.width,
                                                 current.height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Muster");
  cr = cairo_create (surface);
  for (guint page = 0; page < n_pages && cairo_status (cr) == CAIRO_STATUS_SUCCESS; page++)
    {
      if ((cancelled = g_cancellable_is_cancelled (output->cancellable)))
        break;
      if (page_size != NULL)
        page_size (document, page, &current);
      cairo_pdf_surface_set_size (surface, current.width, current.height);
      paint (document, cr, page);
      cairo_show_page (cr);
      if (output->progress != NULL)
        output->progress ((double) (page + 1) / n_pages, output->progress_data);
    }
  if (n_pages == 0 && output->progress != NULL)
    output->progress (1.0, output->progress_data);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (cancelled)
    return !g_cancellable_set_error_if_cancelled (output->cancellable, error);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the PDF could not be written: %s",
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

/**
 * muster_print_to_pdf:
 *
 * muster_print_pdf_to_output() into memory.
 *
 * Returns: (transfer full): the pages as one PDF document
 */
GBytes *
muster_print_to_pdf (const char            *title,
                     guint                  n_pages,
                     const MusterSheetPage *size,
                     MusterPrintSizeFunc    page_size,
                     MusterPrintPageFunc    paint,
                     gconstpointer          document)
{
  GByteArray *bytes = g_byte_array_new ();
  MusterPrintOutput output = { muster_print_append_bytes, bytes };

  muster_print_pdf_to_output (title, n_pages, size, page_size, paint, document, &output, NULL);
  return g_byte_array_free_to_bytes (bytes);
}
