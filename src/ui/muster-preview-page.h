/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-catalog.h"
#include "muster-document.h"
#include "muster-procedure.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_PREVIEW_PAGE (muster_preview_page_get_type ())

G_DECLARE_FINAL_TYPE (MusterPreviewPage, muster_preview_page, MUSTER, PREVIEW_PAGE, AdwBin)

void                         muster_preview_page_set_catalog   (MusterPreviewPage *self,
                                                                MusterCatalog     *catalog);
void                         muster_preview_page_set_document  (MusterPreviewPage *self,
                                                                MusterDocument    *document);
gboolean                     muster_preview_page_select_unit   (MusterPreviewPage *self,
                                                                MusterFillRole     role,
                                                                const char        *unit_id);
gboolean                     muster_preview_page_get_input     (MusterPreviewPage *self,
                                                                const char        *id,
                                                                int               *value);
const char                  *muster_preview_page_get_input_source (MusterPreviewPage *self,
                                                                const char        *id);
gboolean                     muster_preview_page_select        (MusterPreviewPage *self,
                                                                const char        *system,
                                                                const char        *procedure);
const MusterProcedure       *muster_preview_page_get_procedure (MusterPreviewPage *self);
gboolean                     muster_preview_page_set_input     (MusterPreviewPage *self,
                                                                const char        *id,
                                                                int                value);
const MusterProcedureResult *muster_preview_page_get_result    (MusterPreviewPage *self);
char                        *muster_preview_page_dup_text      (MusterPreviewPage *self);

G_END_DECLS
