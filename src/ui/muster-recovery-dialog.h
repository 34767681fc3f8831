/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-autosave.h"
#include "muster-window.h"

G_BEGIN_DECLS

void            muster_recovery_dialog_offer (MusterApplication *app,
                                              MusterWindow      *parent);
MusterAutosave *muster_recovery_autosave_new (MusterRecoverable *document,
                                              GSettings         *settings,
                                              AdwToastOverlay   *toasts);

G_END_DECLS
