/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "muster-roster-model.h"

G_BEGIN_DECLS

/* The roster's columns: unit, size, statistics, cost */
typedef enum
{
  MUSTER_ROSTER_COLUMN_NAME,
  MUSTER_ROSTER_COLUMN_SIZE,
  MUSTER_ROSTER_COLUMN_STATS,
  MUSTER_ROSTER_COLUMN_COST,
  MUSTER_N_ROSTER_COLUMNS,
} MusterRosterColumn;

#define MUSTER_TYPE_ROSTER_LINE (muster_roster_line_get_type ())
G_DECLARE_FINAL_TYPE (MusterRosterLine, muster_roster_line, MUSTER, ROSTER_LINE, GtkWidget)

#define MUSTER_TYPE_ROSTER_HEADER (muster_roster_header_get_type ())
G_DECLARE_FINAL_TYPE (MusterRosterHeader, muster_roster_header, MUSTER, ROSTER_HEADER, GtkWidget)

GtkListItemFactory *muster_roster_line_factory_new      (void);
GtkTreeListRow     *muster_roster_line_get_list_row     (MusterRosterLine   *self);
const char         *muster_roster_line_get_text         (MusterRosterLine   *self,
                                                         MusterRosterColumn  column);

GtkWidget          *muster_roster_header_new            (void);
void                muster_roster_header_set_title      (MusterRosterHeader *self,
                                                         MusterRosterColumn  column,
                                                         const char         *title);
const char         *muster_roster_header_get_title      (MusterRosterHeader *self,
                                                         MusterRosterColumn  column);

G_END_DECLS
