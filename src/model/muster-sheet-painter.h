/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "muster-list-export.h"
#include "muster-print.h"

G_BEGIN_DECLS

/**
 * MusterSheetKind:
 * @MUSTER_SHEET_LIST: the army list, unit after unit, with the rules glossary at the end
 * @MUSTER_SHEET_CARDS: one card per unit (two across), with its statistics and tick boxes
 * @MUSTER_SHEET_ROSTER: one row per unit with the system's damage tracks (IP, hits, wounds)
 */
typedef enum
{
  MUSTER_SHEET_LIST,
  MUSTER_SHEET_CARDS,
  MUSTER_SHEET_ROSTER,
} MusterSheetKind;


/* Where one block (a heading, a unit, a card row, a rule) went: never split across pages. */
typedef struct
{
  guint  page;
  double y;
  double height;
  gboolean is_unit;
} MusterSheetBlock;

typedef struct _MusterSheet MusterSheet;

MusterSheet *muster_sheet_new             (const MusterList      *list,
                                           MusterSheetKind        kind,
                                           const MusterSheetPage *page);
void         muster_sheet_free            (MusterSheet           *self);
void         muster_sheet_set_numbering   (MusterSheet           *self,
                                           guint                  first,
                                           guint                  n_pages);
guint        muster_sheet_get_n_pages     (const MusterSheet     *self);
guint        muster_sheet_get_n_blocks    (const MusterSheet     *self);
const MusterSheetBlock *muster_sheet_get_block (const MusterSheet *self,
                                                guint              index);
void         muster_sheet_paint_page      (const MusterSheet     *self,
                                           cairo_t               *cr,
                                           guint                  page);
GBytes      *muster_sheet_to_pdf          (const MusterSheet     *self);
gboolean     muster_sheet_write_pdf       (const MusterSheet        *self,
                                           const MusterPrintOutput  *output,
                                           GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterSheet, muster_sheet_free)

G_END_DECLS
