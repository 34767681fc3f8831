/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sheet-painter"

#include "config.h"

#include <cairo-pdf.h>

#include "muster-sheet-painter-private.h"

/*
 * What the built-in sheets (muster-sheet-painter.c) and the BattleScribe roster's
 * (muster-bs-export-sheet.c) share: the page's content box, blocks stacked onto pages, a
 * section's heading and a row of record cards. Each sheet keeps its blocks in its own Block,
 * which begins with a MusterSheetBlock, and paints them itself. A page begins with
 * muster_print_begin_page(), as the scenario packet's do.
 */

#define HEADER_H   MUSTER_PRINT_HEADER_H
#define FOOTER_H   MUSTER_PRINT_FOOTER_H
#define CARD_GAP   10.0

gboolean _muster_sheet_keep_texts = TRUE;
/* What a sheet's kept layouts may take: about four thousand units' texts. A bigger sheet lays
 * the texts the budget could not keep out a second time to paint them; its repeated texts
 * are kept all the same. */
gsize _muster_sheet_texts_budget = 48 << 20;

/* @block_size: the size of the sheet's Block */
void
_muster_sheet_layout_init (MusterSheetLayout     *layout,
                           MusterSheetKind        kind,
                           const MusterSheetPage *page,
                           guint                  block_size)
{
  layout->kind = kind;
  layout->page = *page;
  /* Three cards across a wide (landscape) page, two otherwise. */
  layout->cards_across = _muster_sheet_width (layout) > 640 ? 3 : 2;
  layout->blocks = g_array_new (FALSE, TRUE, block_size);
  layout->n_pages = 0;
  layout->page_starts = g_array_new (FALSE, FALSE, sizeof (guint));
  layout->texts = _muster_sheet_keep_texts ? muster_text_cache_new (_muster_sheet_texts_budget) : NULL;
}

void
_muster_sheet_layout_clear (MusterSheetLayout *layout)
{
  g_clear_pointer (&layout->blocks, g_array_unref);
  g_clear_pointer (&layout->page_starts, g_array_unref);
  g_clear_pointer (&layout->texts, muster_text_cache_free);
}

/* Where the content starts across the page, inside the margin. */
double
_muster_sheet_left (const MusterSheetLayout *layout)
{
  return layout->page.margin;
}

double
_muster_sheet_width (const MusterSheetLayout *layout)
{
  return layout->page.width - 2 * layout->page.margin;
}

/* A sheet's title, large, and its game system in grey below. Returns: their height */
double
_muster_sheet_paint_title (cairo_t                 *cr,
                           const MusterSheetLayout *layout,
                           const char              *title,
                           const char              *system,
                           double                   y,
                           gboolean                 draw)
{
  double x = _muster_sheet_left (layout), w = _muster_sheet_width (layout), y0 = y;

  muster_print_colour (cr, ink);
  y += muster_print_text (cr, title, "Sans Bold 20", FALSE, x, y, w, 0, draw);
  muster_print_colour (cr, grey);
  y += muster_print_text (cr, system, "Sans 10", FALSE, x, y, w, 0, draw) + 2;
  return y - y0;
}

/* A section's heading (the rules' glossary) across the page, ruled below. Returns: its height */
double
_muster_sheet_paint_heading (cairo_t                 *cr,
                             const MusterSheetLayout *layout,
                             const char              *text,
                             double                   y,
                             gboolean                 draw)
{
  double x = _muster_sheet_left (layout), w = _muster_sheet_width (layout);
  double h = GAP;

  muster_print_colour (cr, ink);
  h += muster_print_text (cr, text, "Sans Bold 13", FALSE, x, y + h, w, 0, draw) + 3;
  if (draw)
    muster_print_hline (cr, x, y + h, w, 1.5, ink);
  return h + GAP;
}

/*
 * A row of record cards, one for each of @items up to the layout's cards across (or the first
 * NULL), painted with @paint and @data: all as tall as the tallest. Returns: the row's height
 */
double
_muster_sheet_paint_cards (cairo_t                 *cr,
                           const MusterSheetLayout *layout,
                           const gconstpointer     *items,
                           MusterSheetCardFunc      paint,
                           gconstpointer            data,
                           double                   y,
                           gboolean                 draw)
{
  guint across = layout->cards_across;
  double w = (_muster_sheet_width (layout) - (across - 1) * CARD_GAP) / across;
  double h = 0;

  for (guint i = 0; i < across && items[i]; i++)
    h = MAX (h, paint (data, cr, items[i], 0, 0, w, 0, FALSE));
  for (guint i = 0; draw && i < across && items[i]; i++)
    paint (data, cr, items[i], _muster_sheet_left (layout) + i * (w + CARD_GAP), y, w, h, TRUE);
  return h + CARD_GAP;
}

/* The block at @i of @blocks, whatever the sheet's Block, which begins with a
 * MusterSheetBlock. */
static MusterSheetBlock *
block_at (GArray *blocks,
          guint   i)
{
  return (MusterSheetBlock *) (gpointer) (blocks->data + i * g_array_get_element_size (blocks));
}

/*
 * Measures each of @layout's blocks with @paint (not drawing) and stacks them on its pages: a
 * block that does not fit starts the next page, so none is split, and a heading (@heading
 * says which) keeps company with the block after it. Sets the number of pages.
 *
 * The blocks are measured on a PDF surface, which lays text out as the PDF export's does, so
 * that the layouts the text cache keeps serve to paint them; and last to first, so that what
 * the cache's budget keeps are the first blocks, painted first (see muster-text-cache.c).
 */
void
_muster_sheet_paginate (MusterSheetLayout     *layout,
                        MusterSheetHeadingFunc heading,
                        MusterSheetBlockFunc   paint,
                        gconstpointer          sheet)
{
  GArray *blocks = layout->blocks;
  const MusterSheetPage *page = &layout->page;
  cairo_surface_t *surface = NULL;
  cairo_t *measure;
  double top = page->margin + HEADER_H, bottom = page->height - page->margin - FOOTER_H;
  double y = top;
  guint n = 0;

  if (layout->texts != NULL)
    {
      surface = cairo_pdf_surface_create_for_stream (NULL, NULL, page->width, page->height);
      measure = cairo_create (surface);
      muster_text_cache_attach (layout->texts, measure);
      for (guint i = blocks->len; i-- > 0;)
        block_at (blocks, i)->height = paint (sheet, measure, block_at (blocks, i), 0, FALSE);
      muster_text_cache_detach (measure);
    }
  else
    {
      measure = muster_print_measure_new ();
      for (guint i = 0; i < blocks->len; i++)
        block_at (blocks, i)->height = paint (sheet, measure, block_at (blocks, i), 0, FALSE);
    }
  cairo_destroy (measure);
  g_clear_pointer (&surface, cairo_surface_destroy);
  g_array_set_size (layout->page_starts, 0);
  if (blocks->len > 0)
    g_array_append_val (layout->page_starts, n);
  for (guint i = 0; i < blocks->len; i++)
    {
      MusterSheetBlock *block = block_at (blocks, i);
      double need = block->height;

      if (heading (block) && i + 1 < blocks->len)
        need += block_at (blocks, i + 1)->height;
      if (y + need > bottom && y > top)
        {
          n++;
          y = top;
          g_array_append_val (layout->page_starts, i);
        }
      block->page = n;
      block->y = y;
      y += block->height;
    }
  layout->n_pages = n + 1;
}

/* Paints the blocks of @page (from 0) with @paint, and restores @cr, which
 * muster_print_begin_page() saved. */
void
_muster_sheet_paint_blocks (cairo_t                 *cr,
                            const MusterSheetLayout *layout,
                            guint                    page,
                            MusterSheetBlockFunc     paint,
                            gconstpointer            sheet)
{
  if (layout->texts != NULL)
    muster_text_cache_attach (layout->texts, cr);
  for (guint i = page < layout->page_starts->len ? g_array_index (layout->page_starts, guint, page)
                                                 : layout->blocks->len;
       i < layout->blocks->len && block_at (layout->blocks, i)->page == page; i++)
    {
      const MusterSheetBlock *block = block_at (layout->blocks, i);

      paint (sheet, cr, block, block->y, TRUE);
    }
  if (layout->texts != NULL)
    muster_text_cache_detach (cr);
  cairo_restore (cr);
}
