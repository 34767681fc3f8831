/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-bs-library.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_BS_NEW_DIALOG (muster_bs_new_dialog_get_type ())

G_DECLARE_FINAL_TYPE (MusterBsNewDialog, muster_bs_new_dialog, MUSTER, BS_NEW_DIALOG,
                      AdwMessageDialog)

MusterBsNewDialog *muster_bs_new_dialog_new             (GtkWindow         *parent,
                                                         MusterBsLibrary   *library);
/* The choices; NULL when there is none to make */
MusterBsSystem    *muster_bs_new_dialog_get_system      (MusterBsNewDialog *self);
const char        *muster_bs_new_dialog_get_catalogue_id (MusterBsNewDialog *self);
const char        *muster_bs_new_dialog_get_force_entry_id (MusterBsNewDialog *self);
const char        *muster_bs_new_dialog_get_name        (MusterBsNewDialog *self);
/* The limit in the game system's first cost type, and that type's id */
double             muster_bs_new_dialog_get_cost_limit  (MusterBsNewDialog *self);
const char        *muster_bs_new_dialog_get_cost_type_id (MusterBsNewDialog *self);
gboolean           muster_bs_new_dialog_select_system   (MusterBsNewDialog *self,
                                                         const char        *game_system_id);

G_END_DECLS
