/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-bs-document.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_BS_PAGE (muster_bs_page_get_type ())

G_DECLARE_FINAL_TYPE (MusterBsPage, muster_bs_page, MUSTER, BS_PAGE, AdwBin)

void          muster_bs_page_set_document  (MusterBsPage *self,
                                            MusterBsDocument *document);
/* The row selected in the roster tree (transfer full), or NULL */
MusterBsItem *muster_bs_page_get_selected  (MusterBsPage *self);
/* Selects the row of a force or selection (its ancestors expanded); FALSE when there is none */
gboolean      muster_bs_page_select_id     (MusterBsPage *self,
                                            const char   *instance_id);
gboolean      muster_bs_page_reveal_finding (MusterBsPage *self,
                                            guint         position);
/* Adds the catalogue pane's selected entry to the current force, as Add to Force does */
MusterBsSelection *muster_bs_page_add_entry (MusterBsPage *self,
                                            const char   *entry_name);
GListModel   *muster_bs_page_get_entries   (MusterBsPage *self);
/* Whether the editor shows all of the selected row: FALSE while an edit's editor waits to be
 * built, or while the rows of a long one are still added over the frames that follow */
gboolean      muster_bs_page_get_editor_complete (MusterBsPage *self);

G_END_DECLS
