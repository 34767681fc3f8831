/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-catalog.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_NEW_LIST_DIALOG (muster_new_list_dialog_get_type ())

G_DECLARE_FINAL_TYPE (MusterNewListDialog, muster_new_list_dialog, MUSTER, NEW_LIST_DIALOG,
                      AdwMessageDialog)

MusterNewListDialog *muster_new_list_dialog_new              (GtkWindow           *parent,
                                                              MusterCatalog       *catalog);
MusterRuleset       *muster_new_list_dialog_get_ruleset      (MusterNewListDialog *self);
gboolean             muster_new_list_dialog_select_ruleset   (MusterNewListDialog *self,
                                                              const char          *id);
const char          *muster_new_list_dialog_get_name         (MusterNewListDialog *self);
void                 muster_new_list_dialog_set_name         (MusterNewListDialog *self,
                                                              const char          *name);
gint64               muster_new_list_dialog_get_points_limit (MusterNewListDialog *self);
void                 muster_new_list_dialog_set_points_limit (MusterNewListDialog *self,
                                                              gint64               limit);

G_END_DECLS
