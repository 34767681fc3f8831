/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-application.h"
#include "muster-export-bar.h"
#include "muster-window.h"

G_BEGIN_DECLS

/* The Export menu and printing (muster-window-export.c) */
void _muster_window_class_init_export     (GtkWidgetClass *widget_class);
void _muster_window_toast                 (GtkWindow      *window,
                                           const char     *message);
void _muster_window_update_export_actions (MusterWindow   *self,
                                           gboolean        has_doc);
MusterExportBar *_muster_window_get_export_bar (MusterWindow *self);

G_END_DECLS
