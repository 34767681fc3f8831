/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_RECOVERY_ENTRY (muster_recovery_entry_get_type ())

G_DECLARE_FINAL_TYPE (MusterRecoveryEntry, muster_recovery_entry, MUSTER, RECOVERY_ENTRY, GObject)

GFile      *muster_recovery_get_default_dir   (void);
GFile      *muster_recovery_new_file          (GFile                *dir);
GFile      *muster_recovery_new_file_with_suffix (GFile             *dir,
                                               const char           *suffix);
gboolean    muster_recovery_write             (GFile                *file,
                                               GBytes               *xml,
                                               GFile                *origin,
                                               GError              **error);
GPtrArray  *muster_recovery_scan              (GFile                *dir);

GFile      *muster_recovery_entry_get_file     (MusterRecoveryEntry  *self);
GFile      *muster_recovery_entry_get_origin   (MusterRecoveryEntry  *self);
const char *muster_recovery_entry_get_title    (MusterRecoveryEntry  *self);
GDateTime  *muster_recovery_entry_get_modified (MusterRecoveryEntry  *self);
GBytes     *muster_recovery_entry_get_bytes    (MusterRecoveryEntry  *self);
gboolean    muster_recovery_entry_is_roster    (MusterRecoveryEntry  *self);
gboolean    muster_recovery_entry_discard      (MusterRecoveryEntry  *self,
                                                GError              **error);

G_END_DECLS
