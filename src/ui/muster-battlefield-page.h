/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-catalog.h"
#include "muster-document.h"
#include "muster-map-view.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_BATTLEFIELD_PAGE (muster_battlefield_page_get_type ())

G_DECLARE_FINAL_TYPE (MusterBattlefieldPage, muster_battlefield_page, MUSTER, BATTLEFIELD_PAGE,
                      AdwBin)

void           muster_battlefield_page_set_document     (MusterBattlefieldPage *self,
                                                         MusterDocument        *document);
void           muster_battlefield_page_set_catalog      (MusterBattlefieldPage *self,
                                                         MusterCatalog         *catalog);
MusterMapView *muster_battlefield_page_get_map_view     (MusterBattlefieldPage *self);
guint          muster_battlefield_page_get_n_unplaced   (MusterBattlefieldPage *self);
const char    *muster_battlefield_page_get_status       (MusterBattlefieldPage *self);
const char    *muster_battlefield_page_get_selection_title (MusterBattlefieldPage *self);
const char    *muster_battlefield_page_get_selection_effects (MusterBattlefieldPage *self);
void           muster_battlefield_page_new_battlefield  (MusterBattlefieldPage *self,
                                                         double                 width,
                                                         double                 height,
                                                         const char            *units);

gboolean muster_battlefield_page_attach_file (MusterBattlefieldPage  *self,
                                              GFile                  *file,
                                              GError                **error);
GtkFileChooserNative *muster_battlefield_page_get_attach_chooser (MusterBattlefieldPage *self);

G_END_DECLS
