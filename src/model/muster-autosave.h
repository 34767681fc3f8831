/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-recoverable.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_AUTOSAVE (muster_autosave_get_type ())

G_DECLARE_FINAL_TYPE (MusterAutosave, muster_autosave, MUSTER, AUTOSAVE, GObject)

MusterAutosave *muster_autosave_new       (MusterRecoverable *document,
                                           GFile             *dir);
guint           muster_autosave_get_delay (MusterAutosave *self);
void            muster_autosave_set_delay (MusterAutosave *self,
                                           guint           delay_ms);
GFile          *muster_autosave_get_file  (MusterAutosave *self);
void            muster_autosave_set_file  (MusterAutosave *self,
                                           GFile          *file);
void            muster_autosave_write_now (MusterAutosave *self);
gboolean        muster_autosave_is_writing (MusterAutosave *self);
void            muster_autosave_discard   (MusterAutosave *self);

G_END_DECLS
