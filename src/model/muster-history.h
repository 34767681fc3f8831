/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-command.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_HISTORY (muster_history_get_type ())

G_DECLARE_FINAL_TYPE (MusterHistory, muster_history, MUSTER, HISTORY, GObject)

MusterHistory *muster_history_new            (void);
void           muster_history_push           (MusterHistory *self,
                                              MusterCommand *command);
gboolean       muster_history_undo           (MusterHistory *self);
gboolean       muster_history_redo           (MusterHistory *self);
gboolean       muster_history_get_can_undo   (MusterHistory *self);
gboolean       muster_history_get_can_redo   (MusterHistory *self);
const char    *muster_history_get_undo_label (MusterHistory *self);
const char    *muster_history_get_redo_label (MusterHistory *self);
gboolean       muster_history_get_is_clean   (MusterHistory *self);
void           muster_history_mark_clean     (MusterHistory *self);
void           muster_history_mark_unsaved   (MusterHistory *self);
guint64        muster_history_get_revision   (MusterHistory *self);
void           muster_history_mark_saved     (MusterHistory *self,
                                              guint64        revision);
void           muster_history_break_merge    (MusterHistory *self);
void           muster_history_clear          (MusterHistory *self);
guint          muster_history_get_position   (MusterHistory *self);

G_END_DECLS
