/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-ruleset.h"

G_BEGIN_DECLS

/*
 * The unit types of a ruleset, as MusterCatalogueItems (name, category, key statistics and
 * the base cost of a unit of the default size with the default options), filtered by search
 * text and category. Changing a filter is one items-changed over the whole list.
 */

#define MUSTER_TYPE_CATALOGUE_ITEM (muster_catalogue_item_get_type ())
G_DECLARE_FINAL_TYPE (MusterCatalogueItem, muster_catalogue_item, MUSTER, CATALOGUE_ITEM, GObject)

#define MUSTER_TYPE_CATALOGUE_MODEL (muster_catalogue_model_get_type ())
G_DECLARE_FINAL_TYPE (MusterCatalogueModel, muster_catalogue_model, MUSTER, CATALOGUE_MODEL, GObject)

const char           *muster_catalogue_item_get_id            (MusterCatalogueItem  *self);
const char           *muster_catalogue_item_get_name          (MusterCatalogueItem  *self);
const char           *muster_catalogue_item_get_category      (MusterCatalogueItem  *self);
const char           *muster_catalogue_item_get_category_name (MusterCatalogueItem  *self);
const char           *muster_catalogue_item_get_stats         (MusterCatalogueItem  *self);
gint64                muster_catalogue_item_get_cost          (MusterCatalogueItem  *self);
const char           *muster_catalogue_item_get_cost_text     (MusterCatalogueItem  *self);

MusterCatalogueModel *muster_catalogue_model_new              (MusterRuleset        *ruleset);
void                  muster_catalogue_model_set_search_text  (MusterCatalogueModel *self,
                                                               const char           *text);
const char           *muster_catalogue_model_get_search_text  (MusterCatalogueModel *self);
void                  muster_catalogue_model_set_category     (MusterCatalogueModel *self,
                                                               const char           *category_id);
const char           *muster_catalogue_model_get_category     (MusterCatalogueModel *self);

G_END_DECLS
