/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-document.h"

G_BEGIN_DECLS

/*
 * The roster as a tree of list models: one MusterRosterModel per node, whose items are
 * MusterRosterRows (the node's units, then its child nodes). A node row's children model
 * feeds GtkTreeListModel. The models follow the document's signals: an insert or a removal
 * is an items-changed of exactly those rows; a unit edit updates its row and its ancestors'
 * rows through property notifications, so selection and focus stay put.
 */

#define MUSTER_TYPE_ROSTER_ROW (muster_roster_row_get_type ())
G_DECLARE_FINAL_TYPE (MusterRosterRow, muster_roster_row, MUSTER, ROSTER_ROW, GObject)

#define MUSTER_TYPE_ROSTER_MODEL (muster_roster_model_get_type ())
G_DECLARE_FINAL_TYPE (MusterRosterModel, muster_roster_model, MUSTER, ROSTER_MODEL, GObject)

MusterRosterModel *muster_roster_model_new         (MusterDocument    *document,
                                                    MusterNode        *node);
MusterNode        *muster_roster_model_get_node    (MusterRosterModel *self);

gboolean           muster_roster_row_is_node       (MusterRosterRow   *self);
MusterUnit        *muster_roster_row_get_unit      (MusterRosterRow   *self);
MusterNode        *muster_roster_row_get_node      (MusterRosterRow   *self);
const char        *muster_roster_row_get_name      (MusterRosterRow   *self);
const char        *muster_roster_row_get_type_name (MusterRosterRow   *self);
const char        *muster_roster_row_get_subtitle  (MusterRosterRow   *self);
guint              muster_roster_row_get_size      (MusterRosterRow   *self);
gint64             muster_roster_row_get_cost      (MusterRosterRow   *self);
const char        *muster_roster_row_get_cost_text (MusterRosterRow   *self);
gboolean           muster_roster_row_get_cost_is_house (MusterRosterRow *self);
const char        *muster_roster_row_get_stats     (MusterRosterRow   *self);
const char        *muster_roster_row_get_issue_icon (MusterRosterRow  *self);
const char * const *muster_roster_row_get_issue_classes (MusterRosterRow *self);
GListModel        *muster_roster_row_get_children  (MusterRosterRow   *self);

char              *muster_unit_dup_stats_summary   (MusterRuleset     *ruleset,
                                                    MusterForce       *force,
                                                    MusterUnit        *unit);

G_END_DECLS
