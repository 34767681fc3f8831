/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>
#include <glib.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

/*
 * The typography every printed page shares (army sheets, the scenario packet): the colours of
 * print, text laid out the same on any surface, rules, and the running header and footer.
 * Units are PostScript points.
 */

#define MUSTER_PRINT_HEADER_H 22.0   /* the running header, inside the top margin */
#define MUSTER_PRINT_FOOTER_H 20.0

extern const double muster_print_ink[3];     /* text */
extern const double muster_print_grey[3];    /* secondary text */
extern const double muster_print_rule[3];    /* thin rules and cell borders */
extern const double muster_print_shade[3];   /* behind headings */

/* A page in PostScript points (1/72 inch); everything is drawn inside the margins. */
typedef struct
{
  double width;
  double height;
  double margin;
} MusterSheetPage;

typedef enum
{
  MUSTER_PAPER_A4,
  MUSTER_PAPER_LETTER,
} MusterPaperSize;

void         muster_sheet_page_init     (MusterSheetPage       *page,
                                         MusterPaperSize        size,
                                         gboolean               landscape);
void         muster_print_colour        (cairo_t               *cr,
                                         const double           rgb[3]);
PangoContext *muster_print_context_new  (cairo_t               *cr);
void         muster_print_layout_fill   (PangoLayout           *layout,
                                         const char            *text,
                                         const char            *font,
                                         gboolean               markup,
                                         double                 width,
                                         double                 align);
guint        muster_print_get_n_layouts_made (void);
void         _muster_print_count_layout (void);
PangoLayout *muster_print_layout        (cairo_t               *cr,
                                         const char            *text,
                                         const char            *font,
                                         gboolean               markup,
                                         double                 width,
                                         double                 align);
double       muster_print_text          (cairo_t               *cr,
                                         const char            *text,
                                         const char            *font,
                                         gboolean               markup,
                                         double                 x,
                                         double                 y,
                                         double                 width,
                                         double                 align,
                                         gboolean               draw);
double       muster_print_text_width    (cairo_t               *cr,
                                         const char            *text,
                                         const char            *font,
                                         gboolean               markup);
void         muster_print_hline         (cairo_t               *cr,
                                         double                 x,
                                         double                 y,
                                         double                 width,
                                         double                 line_width,
                                         const double           rgb[3]);
void         muster_print_header_footer (cairo_t               *cr,
                                         const MusterSheetPage *page,
                                         const char            *title,
                                         const char            *subject,
                                         guint                  number,
                                         guint                  n_pages);
void         muster_print_begin_page    (cairo_t               *cr,
                                         const MusterSheetPage *page,
                                         const char            *title,
                                         const char            *subject,
                                         guint                  number,
                                         guint                  n_pages);
typedef void (*MusterPrintSizeFunc) (gconstpointer    document,
                                     guint            page,
                                     MusterSheetPage *size);
typedef void (*MusterPrintPageFunc) (gconstpointer    document,
                                     cairo_t         *cr,
                                     guint            page);

/* Told the fraction of an export done, from 0 to 1. */
typedef void (*MusterPrintProgressFunc) (double   fraction,
                                         gpointer data);

/**
 * MusterPrintOutput:
 * @write: takes the document a piece at a time, as it is made
 * @closure: for @write
 * @progress: (nullable): told the fraction done after each page
 * @progress_data: for @progress
 * @cancellable: (nullable): looked at between pages
 */
typedef struct
{
  cairo_write_func_t       write;
  gpointer                 closure;
  MusterPrintProgressFunc  progress;
  gpointer                 progress_data;
  GCancellable            *cancellable;
} MusterPrintOutput;

cairo_t     *muster_print_measure_new   (void);
gboolean     muster_print_pdf_to_output (const char              *title,
                                         guint                    n_pages,
                                         const MusterSheetPage   *size,
                                         MusterPrintSizeFunc      page_size,
                                         MusterPrintPageFunc      paint,
                                         gconstpointer            document,
                                         const MusterPrintOutput *output,
                                         GError                 **error);
GBytes      *muster_print_to_pdf        (const char            *title,
                                         guint                  n_pages,
                                         const MusterSheetPage *size,
                                         MusterPrintSizeFunc    page_size,
                                         MusterPrintPageFunc    paint,
                                         gconstpointer          document);
cairo_status_t muster_print_append_bytes (void                  *closure,
                                         const unsigned char   *data,
                                         unsigned int           length);

G_END_DECLS
