/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-history.h"

G_BEGIN_DECLS

/*
 * What MusterAutosave keeps a recovery copy of: a document whose every edit is a step of its
 * history, that knows whether it has unsaved changes (a boolean "modified" property, notified
 * when it changes) and where it was last saved (a "file" property, notified likewise), and
 * that can write itself as a save would. The windows' Save and Save As go through it as well
 * (muster-save.c): its title names a new file, and it saves itself.
 * MusterDocument (.muster) and MusterBsDocument (.ros) are both one.
 *
 * A class, not an interface, because what is listed above is the same for both documents: the
 * file, the history, "modified" following it, the atomic save that marks saved only the state
 * written, the read on a worker thread. A subclass says what its bytes are and reads them back.
 */

#define MUSTER_TYPE_RECOVERABLE (muster_recoverable_get_type ())

G_DECLARE_DERIVABLE_TYPE (MusterRecoverable, muster_recoverable, MUSTER, RECOVERABLE, GObject)

struct _MusterRecoverableClass
{
  GObjectClass parent_class;

  /* ".muster" or ".ros": how muster_recovery_scan() knows what it reads back */
  const char *recovery_suffix;

  /* The document's own name; NULL or "" when it has none, and its title is its file's name */
  const char *(*get_name)   (MusterRecoverable  *self);
  /* What a save to @file writes, or NULL and @error when there is nothing to save. @file is
   * NULL for the recovery copy. */
  GBytes     *(*to_bytes)   (MusterRecoverable  *self,
                             GFile              *file,
                             GError            **error);
  /* Makes @bytes the document, read from @file (between _muster_recoverable_replacing() and
   * _muster_recoverable_replaced()); @data is what _muster_recoverable_load_async() was given */
  gboolean    (*load_bytes) (MusterRecoverable  *self,
                             gpointer            data,
                             GBytes             *bytes,
                             const char         *display_name,
                             GFile              *file,
                             GError            **error);
  /* (nullable): after a save of the document as it is now reached the disk, and the file was
   * set and the history marked saved */
  void        (*saved)      (MusterRecoverable  *self);
};

MusterHistory *muster_recoverable_get_history         (MusterRecoverable *self);
gboolean       muster_recoverable_get_modified        (MusterRecoverable *self);
GFile         *muster_recoverable_get_file            (MusterRecoverable *self);
GBytes        *muster_recoverable_dup_recovery_bytes  (MusterRecoverable *self);
const char    *muster_recoverable_get_recovery_suffix (MusterRecoverable *self);
char          *muster_recoverable_dup_title           (MusterRecoverable *self);
void           muster_recoverable_save_async          (MusterRecoverable   *self,
                                                       GFile               *file,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean       muster_recoverable_save_finish         (MusterRecoverable   *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);
gboolean       muster_recoverable_load_finish         (MusterRecoverable   *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

/* For the subclasses */

/* Reads @file on a worker thread and gives it to the class's load_bytes() with @data. */
void           _muster_recoverable_load_async         (MusterRecoverable   *self,
                                                       GFile               *file,
                                                       gpointer             data,
                                                       GDestroyNotify       data_free,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
/* Before the document is replaced: its history goes (the commands point into it) and saves
 * still running are moot. */
void           _muster_recoverable_replacing          (MusterRecoverable   *self);
/* After: it is @file's (nullable: never saved), unmodified. */
void           _muster_recoverable_replaced           (MusterRecoverable   *self,
                                                       GFile               *file);
void           _muster_recoverable_notify_title       (MusterRecoverable   *self);

G_END_DECLS
