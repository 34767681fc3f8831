/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-catalogue-model.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_CATALOGUE_PANE (muster_catalogue_pane_get_type ())

G_DECLARE_FINAL_TYPE (MusterCataloguePane, muster_catalogue_pane, MUSTER, CATALOGUE_PANE, AdwBin)

void                 muster_catalogue_pane_set_ruleset           (MusterCataloguePane *self,
                                                                  MusterRuleset       *ruleset,
                                                                  gboolean             has_list);
GtkSingleSelection  *muster_catalogue_pane_get_selection         (MusterCataloguePane *self);
MusterCatalogueItem *muster_catalogue_pane_get_selected_item     (MusterCataloguePane *self);
void                 muster_catalogue_pane_focus_search          (MusterCataloguePane *self);
void                 muster_catalogue_pane_set_key_capture_widget (MusterCataloguePane *self,
                                                                  GtkWidget           *widget);

G_END_DECLS
