/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-engine.h"

G_BEGIN_DECLS

/*
 * The BattleScribe game data the user keeps: folders (a BSData clone, a folder of such
 * clones, or loose .gstz/.catz files), scanned on a worker thread into one MusterBsSystem
 * per game system found.
 */

#define MUSTER_TYPE_BS_SYSTEM (muster_bs_system_get_type ())
G_DECLARE_FINAL_TYPE (MusterBsSystem, muster_bs_system, MUSTER, BS_SYSTEM, GObject)

#define MUSTER_TYPE_BS_LIBRARY (muster_bs_library_get_type ())
G_DECLARE_FINAL_TYPE (MusterBsLibrary, muster_bs_library, MUSTER, BS_LIBRARY, GObject)

/**
 * MusterBsCatalogueInfo:
 * @id: the catalogue's id
 * @name: its name
 * @revision: its revision
 * @library: whether it is a library (imported by others, not a faction of its own)
 */
typedef struct
{
  char     *id;
  char     *name;
  int       revision;
  gboolean  library;
} MusterBsCatalogueInfo;

const char          *muster_bs_system_get_id          (MusterBsSystem *self);
const char          *muster_bs_system_get_name        (MusterBsSystem *self);
int                  muster_bs_system_get_revision    (MusterBsSystem *self);
const char          *muster_bs_system_get_folder      (MusterBsSystem *self);
/* (element-type MusterBsCatalogueInfo), sorted by name */
GArray              *muster_bs_system_get_catalogues  (MusterBsSystem *self);
/* "file: problem" lines, NULL-terminated */
const char * const  *muster_bs_system_get_problems    (MusterBsSystem *self);
/* (nullable): the loaded data; NULL when the game system itself could not be read */
MusterBsData        *muster_bs_system_get_data        (MusterBsSystem *self);
GPtrArray           *muster_bs_system_dup_force_entries (MusterBsSystem *self,
                                                         const char     *catalogue_id);

MusterBsLibrary     *muster_bs_library_new            (void);
void                 muster_bs_library_set_folders    (MusterBsLibrary     *self,
                                                       const char * const  *folders);
const char * const  *muster_bs_library_get_folders    (MusterBsLibrary     *self);
/* A #GListModel of #MusterBsSystem, sorted by name; replaced as a whole after each scan. */
GListModel          *muster_bs_library_get_systems    (MusterBsLibrary     *self);
MusterBsSystem      *muster_bs_library_lookup         (MusterBsLibrary     *self,
                                                       const char          *game_system_id);
/* Problems of folders as a whole (one that cannot be read), NULL-terminated. */
const char * const  *muster_bs_library_get_problems   (MusterBsLibrary     *self);
double               muster_bs_library_get_progress   (MusterBsLibrary     *self);
gboolean             muster_bs_library_get_scanning   (MusterBsLibrary     *self);
void                 muster_bs_library_scan_async     (MusterBsLibrary     *self,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean             muster_bs_library_scan_finish    (MusterBsLibrary     *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);
guint                muster_bs_library_add_systems    (MusterBsLibrary     *self,
                                                       GPtrArray           *systems);
/* Scans @folder alone on the calling thread (a roster opened from beside its data). */
GPtrArray           *muster_bs_library_scan_folder    (const char          *folder,
                                                       GCancellable        *cancellable);

G_END_DECLS
