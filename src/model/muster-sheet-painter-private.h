/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * What the sheet painter's files share: muster-sheet-painter.c lays a list out in blocks on
 * pages; muster-sheet-cards.c draws what a rule system keeps for each unit (its tracks, its
 * data card).
 */

#include <cairo.h>
#include <glib.h>

#include "muster-print.h"
#include "muster-sheet-painter.h"
#include "muster-text-cache.h"

G_BEGIN_DECLS

#define GAP 6.0        /* pt: between blocks, and between the parts of a card */
#define CARD_PAD 7.0   /* pt: inside a card's frame */

static const double *const ink = muster_print_ink;
static const double *const grey = muster_print_grey;
static const double *const rule_grey = muster_print_rule;
static const double *const shade = muster_print_shade;
/* the validation line: the list is legal, or not */
static const double legal[] = { 0.15, 0.45, 0.30 };
static const double illegal[] = { 0.65, 0.11, 0.18 };

/* What a rule system prints for its units: see muster-sheet-cards.c. */
typedef struct _SystemSheet SystemSheet;

/* muster-sheet-painter.c; pages and cards of the BattleScribe roster's sheets too
 * (muster-bs-export-sheet.c) */
typedef gboolean (*MusterSheetHeadingFunc) (gconstpointer block);
/* Paints (@draw) or measures one of a sheet's blocks at @y. Returns: its height */
typedef double   (*MusterSheetBlockFunc)   (gconstpointer sheet,
                                            cairo_t      *cr,
                                            gconstpointer block,
                                            double        y,
                                            gboolean      draw);

/* Paints (@draw) or measures one card of @item, at least @height tall. Returns: its height */
typedef double   (*MusterSheetCardFunc)    (gconstpointer data,
                                            cairo_t      *cr,
                                            gconstpointer item,
                                            double        x,
                                            double        y,
                                            double        w,
                                            double        height,
                                            gboolean      draw);

/* What either sheet keeps of its layout: the first member of MusterSheet and MusterBsSheet. */
typedef struct
{
  MusterSheetKind  kind;
  MusterSheetPage  page;
  guint            cards_across;
  GArray          *blocks;        /* the sheet's Block, which begins with a MusterSheetBlock */
  guint            n_pages;
  GArray          *page_starts;   /* guint: each page's first block */
  MusterTextCache *texts;         /* the blocks' texts, laid out to measure and kept to paint */
} MusterSheetLayout;

/* For tests: whether sheets made from now on keep their texts' layouts from measuring to
 * painting (the default), or lay each text out anew each time as they once did; and how many
 * bytes of layouts they keep (muster-text-cache.c). */
extern gboolean _muster_sheet_keep_texts;
extern gsize    _muster_sheet_texts_budget;

void    _muster_sheet_layout_init   (MusterSheetLayout     *layout,
                                     MusterSheetKind        kind,
                                     const MusterSheetPage *page,
                                     guint                  block_size);
void    _muster_sheet_layout_clear  (MusterSheetLayout     *layout);
double  _muster_sheet_left          (const MusterSheetLayout *layout);
double  _muster_sheet_width         (const MusterSheetLayout *layout);
void    _muster_sheet_paginate      (MusterSheetLayout     *layout,
                                     MusterSheetHeadingFunc is_heading,
                                     MusterSheetBlockFunc   paint,
                                     gconstpointer          sheet);
void    _muster_sheet_paint_blocks  (cairo_t               *cr,
                                     const MusterSheetLayout *layout,
                                     guint                  page,
                                     MusterSheetBlockFunc   paint,
                                     gconstpointer          sheet);
double  _muster_sheet_paint_title   (cairo_t               *cr,
                                     const MusterSheetLayout *layout,
                                     const char            *title,
                                     const char            *system,
                                     double                 y,
                                     gboolean               draw);
double  _muster_sheet_paint_heading (cairo_t               *cr,
                                     const MusterSheetLayout *layout,
                                     const char            *text,
                                     double                 y,
                                     gboolean               draw);
double  _muster_sheet_paint_cards   (cairo_t               *cr,
                                     const MusterSheetLayout *layout,
                                     const gconstpointer   *items,
                                     MusterSheetCardFunc    paint,
                                     gconstpointer          data,
                                     double                 y,
                                     gboolean               draw);
char   *_muster_sheet_cost_text     (const MusterListEntry *entry);
double  _muster_sheet_paint_details (cairo_t               *cr,
                                     const MusterListEntry *entry,
                                     gboolean               with_stats,
                                     const char            *font,
                                     double                 x,
                                     double                 y,
                                     double                 width,
                                     gboolean               draw);

/* muster-sheet-cards.c */
double             _muster_sheet_paint_band   (cairo_t               *cr,
                                               const char            *name,
                                               const char            *cost,
                                               double                 x,
                                               double                 y,
                                               double                 w,
                                               gboolean               draw);
void               _muster_sheet_paint_frame  (cairo_t               *cr,
                                               double                 x,
                                               double                 y,
                                               double                 w,
                                               double                 height);
const SystemSheet *_muster_sheet_system_for   (const char            *system_id);
const char        *_muster_sheet_system_title (const SystemSheet     *system,
                                               MusterSheetKind        kind);
double             _muster_sheet_paint_tracks (const SystemSheet     *system,
                                               cairo_t               *cr,
                                               const MusterListEntry *entry,
                                               double                 x,
                                               double                 y,
                                               double                 width,
                                               gboolean               draw);
double             _muster_sheet_paint_card   (const SystemSheet     *system,
                                               cairo_t               *cr,
                                               const MusterListEntry *entry,
                                               double                 x,
                                               double                 y,
                                               double                 w,
                                               double                 height,
                                               gboolean               draw);

G_END_DECLS
