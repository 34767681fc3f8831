/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-bs-library.h"
#include "muster-catalog.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_NEW_LIST_DIALOG (muster_new_list_dialog_get_type ())

G_DECLARE_FINAL_TYPE (MusterNewListDialog, muster_new_list_dialog, MUSTER, NEW_LIST_DIALOG,
                      AdwMessageDialog)

MusterNewListDialog *muster_new_list_dialog_new              (GtkWindow           *parent,
                                                              MusterCatalog       *catalog,
                                                              MusterBsLibrary     *library);
/* The choices: a rule system, or a BattleScribe game system (and NULL for the other) */
MusterRuleset       *muster_new_list_dialog_get_ruleset      (MusterNewListDialog *self);
MusterBsSystem      *muster_new_list_dialog_get_bs_system    (MusterNewListDialog *self);
gboolean             muster_new_list_dialog_select_ruleset   (MusterNewListDialog *self,
                                                              const char          *id);
gboolean             muster_new_list_dialog_select_bs_system (MusterNewListDialog *self,
                                                              const char          *game_system_id);
const char          *muster_new_list_dialog_get_name         (MusterNewListDialog *self);
void                 muster_new_list_dialog_set_name         (MusterNewListDialog *self,
                                                              const char          *name);
gint64               muster_new_list_dialog_get_points_limit (MusterNewListDialog *self);
void                 muster_new_list_dialog_set_points_limit (MusterNewListDialog *self,
                                                              gint64               limit);
/* A BattleScribe roster's first force, and its limits */
const char          *muster_new_list_dialog_get_catalogue_id (MusterNewListDialog *self);
gboolean             muster_new_list_dialog_select_catalogue (MusterNewListDialog *self,
                                                              const char          *catalogue_id);
const char          *muster_new_list_dialog_get_force_entry_id (MusterNewListDialog *self);
gboolean             muster_new_list_dialog_select_force_entry (MusterNewListDialog *self,
                                                                const char          *force_entry_id);
GArray              *muster_new_list_dialog_dup_cost_limits  (MusterNewListDialog *self);
gboolean             muster_new_list_dialog_set_cost_limit   (MusterNewListDialog *self,
                                                              const char          *type_id,
                                                              double               value);

G_END_DECLS
