/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-catalog.h"
#include "muster-diagnostics.h"
#include "muster-findings-source.h"
#include "muster-doc.h"
#include "muster-history.h"
#include "muster-recoverable.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_DOCUMENT (muster_document_get_type ())

G_DECLARE_FINAL_TYPE (MusterDocument, muster_document, MUSTER, DOCUMENT, MusterRecoverable)

MusterDocument *muster_document_new            (void);
MusterDocument *muster_document_new_list       (MusterRuleset        *ruleset,
                                                const char           *name,
                                                gint64                points_limit);
void            muster_document_start_list     (MusterDocument       *self,
                                                MusterRuleset        *ruleset,
                                                const char           *name,
                                                gint64                points_limit);
void            muster_document_set_catalog    (MusterDocument       *self,
                                                MusterCatalog        *catalog);
MusterRuleset  *muster_document_get_ruleset    (MusterDocument       *self);
MusterForce    *muster_document_get_force      (MusterDocument       *self);
GFile          *muster_document_get_file       (MusterDocument       *self);
char           *muster_document_dup_title      (MusterDocument       *self);
gboolean        muster_document_get_modified   (MusterDocument       *self);
gboolean        muster_document_is_empty       (MusterDocument       *self);
MusterDoc      *muster_document_get_doc        (MusterDocument       *self);
MusterHistory  *muster_document_get_history    (MusterDocument       *self);
void            muster_document_emit_battlefield_changed (MusterDocument *self);
void            muster_document_load_async     (MusterDocument       *self,
                                                GFile                *file,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean        muster_document_load_finish    (MusterDocument       *self,
                                                GAsyncResult         *result,
                                                GError              **error);
void            muster_document_save_async     (MusterDocument       *self,
                                                GFile                *file,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean        muster_document_save_finish    (MusterDocument       *self,
                                                GAsyncResult         *result,
                                                GError              **error);
gboolean        muster_document_restore        (MusterDocument       *self,
                                                GBytes               *bytes,
                                                const char           *display_name,
                                                GFile                *file,
                                                GError              **error);

G_END_DECLS
