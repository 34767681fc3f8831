/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-catalogue-model.h"
#include "muster-roster-model.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_ROSTER_VIEW (muster_roster_view_get_type ())

G_DECLARE_FINAL_TYPE (MusterRosterView, muster_roster_view, MUSTER, ROSTER_VIEW, AdwBin)

void                muster_roster_view_set_document     (MusterRosterView *self,
                                                         MusterDocument   *document);
void                muster_roster_view_set_force        (MusterRosterView *self,
                                                         MusterDocument   *document,
                                                         MusterForce      *force);
GtkSingleSelection *muster_roster_view_get_selection    (MusterRosterView *self);
MusterRosterRow    *muster_roster_view_dup_selected_row (MusterRosterView *self);
gboolean            muster_roster_view_select_unit      (MusterRosterView *self,
                                                         MusterUnit       *unit);
gboolean            muster_roster_view_select_node      (MusterRosterView *self,
                                                         MusterNode       *node);
gboolean            muster_roster_view_popup_move_to    (MusterRosterView *self);
GMenuModel         *muster_roster_view_get_move_menu    (MusterRosterView *self);
gboolean            muster_roster_view_popup_rename     (MusterRosterView *self);
void                muster_roster_view_set_show_edit    (MusterRosterView *self,
                                                         gboolean          show);

void                muster_drag_icon_set_label          (GdkDrag          *drag,
                                                         const char       *text);

G_END_DECLS
