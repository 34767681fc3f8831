/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-output.h"
#include "muster-recoverable.h"

G_BEGIN_DECLS

/*
 * Save and Save As, as both windows do them over their document (a list or a roster, any
 * MusterRecoverable): to the document's file, or through the Save As chooser when it has none
 * or @save_as asks (filtered to the document's kind, named after its title); a toast says how
 * it went, and the file joins the recent ones. A save cancelled through @cancellable (the
 * window closed) says nothing.
 */

void           muster_save_document       (GtkWindow         *window,
                                           MusterRecoverable *document,
                                           gboolean           save_as,
                                           GCancellable      *cancellable,
                                           MusterToastFunc    toast);
/* Muster documents, .muster */
GtkFileFilter *muster_document_filter_new (void);

G_END_DECLS
