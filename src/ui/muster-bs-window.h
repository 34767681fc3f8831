/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-application.h"
#include "muster-bs-document.h"
#include "muster-recovery.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_BS_WINDOW (muster_bs_window_get_type ())

G_DECLARE_FINAL_TYPE (MusterBsWindow, muster_bs_window, MUSTER, BS_WINDOW, AdwApplicationWindow)

MusterBsWindow   *muster_bs_window_new          (MusterApplication *application);
MusterBsDocument *muster_bs_window_get_document (MusterBsWindow    *self);
GFile            *muster_bs_window_get_file     (MusterBsWindow    *self);
void              muster_bs_window_open_file    (MusterBsWindow    *self,
                                                 GFile             *file);
void              muster_bs_window_restore      (MusterBsWindow    *self,
                                                 MusterRecoveryEntry *entry);
/* Whether a BattleScribe roster is loading or loaded (for tests) */
gboolean          muster_bs_window_get_loading  (MusterBsWindow    *self);

/* Whether @file names a BattleScribe roster (.ros, .rosz) */
gboolean          muster_bs_is_roster_file      (GFile             *file);

G_END_DECLS
