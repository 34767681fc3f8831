/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-application.h"
#include "muster-army-page.h"
#include "muster-document.h"
#include "muster-recovery.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_WINDOW (muster_window_get_type ())

G_DECLARE_FINAL_TYPE (MusterWindow, muster_window, MUSTER, WINDOW, AdwApplicationWindow)

MusterWindow   *muster_window_new           (MusterApplication *application);
const char     *muster_window_get_workspace (MusterWindow      *self);
void            muster_window_set_workspace (MusterWindow      *self,
                                             const char        *workspace);
MusterDocument *muster_window_get_document  (MusterWindow      *self);
MusterArmyPage *muster_window_get_army_page (MusterWindow      *self);
gboolean        muster_window_is_empty      (MusterWindow      *self);
GFile          *muster_window_get_file      (MusterWindow      *self);
void            muster_window_open_file     (MusterWindow      *self,
                                             GFile             *file);
gboolean        muster_window_restore       (MusterWindow      *self,
                                             MusterRecoveryEntry *entry,
                                             GError           **error);
void            muster_window_add_toast     (MusterWindow      *self,
                                             const char        *message);
void            muster_window_add_undo_toast (MusterWindow     *self,
                                              const char       *message);

G_END_DECLS
