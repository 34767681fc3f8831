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
 */

#define MUSTER_TYPE_RECOVERABLE (muster_recoverable_get_type ())

G_DECLARE_INTERFACE (MusterRecoverable, muster_recoverable, MUSTER, RECOVERABLE, GObject)

struct _MusterRecoverableInterface
{
  GTypeInterface parent_iface;

  MusterHistory *(*get_history)         (MusterRecoverable *self);
  gboolean       (*get_modified)        (MusterRecoverable *self);
  GFile         *(*get_file)            (MusterRecoverable *self);
  /* The document's XML as a save writes it, or NULL when there is nothing to keep */
  GBytes        *(*dup_recovery_bytes)  (MusterRecoverable *self);
  /* ".muster" or ".ros": how muster_recovery_scan() knows what it reads back */
  const char    *(*get_recovery_suffix) (MusterRecoverable *self);
  char          *(*dup_title)           (MusterRecoverable *self);
  /* An atomic save to @file, which becomes the document's file */
  void           (*save_async)          (MusterRecoverable   *self,
                                         GFile               *file,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
  gboolean       (*save_finish)         (MusterRecoverable   *self,
                                         GAsyncResult        *result,
                                         GError             **error);
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

G_END_DECLS
