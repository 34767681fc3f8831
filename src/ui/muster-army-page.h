/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-document.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_ARMY_PAGE (muster_army_page_get_type ())

G_DECLARE_FINAL_TYPE (MusterArmyPage, muster_army_page, MUSTER, ARMY_PAGE, AdwBin)

void            muster_army_page_set_document       (MusterArmyPage *self,
                                                     MusterDocument *document);
MusterDocument *muster_army_page_get_document       (MusterArmyPage *self);
const char     *muster_army_page_get_total_text     (MusterArmyPage *self);
gboolean        muster_army_page_get_over_limit     (MusterArmyPage *self);
GtkSelectionModel *muster_army_page_get_catalogue   (MusterArmyPage *self);
GtkSelectionModel *muster_army_page_get_roster      (MusterArmyPage *self);
MusterUnit     *muster_army_page_get_selected_unit  (MusterArmyPage *self);
gboolean        muster_army_page_show_force         (MusterArmyPage *self,
                                                     guint           index);
MusterForce    *muster_army_page_get_force          (MusterArmyPage *self);
gboolean        muster_army_page_select_unit        (MusterArmyPage *self,
                                                     MusterUnit     *unit);
gboolean        muster_army_page_select_node        (MusterArmyPage *self,
                                                     MusterNode     *node);
gboolean        muster_army_page_show_diagnostic    (MusterArmyPage *self,
                                                     guint           position);
char           *muster_army_page_dup_text           (MusterArmyPage *self);
GMenuModel     *muster_army_page_get_move_menu      (MusterArmyPage *self);

G_END_DECLS
