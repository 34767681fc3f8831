/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-bs-document.h"

G_BEGIN_DECLS

/*
 * What a force of a BattleScribe roster can take at its root, as a #GListModel of
 * #MusterBsEntry: the entries its catalogue, the game system and the imported catalogues
 * offer there and that are not hidden now, by category, filtered by a search and a
 * category. It follows the document's edits (a modifier may hide or show an entry).
 */

#define MUSTER_TYPE_BS_ENTRY (muster_bs_entry_get_type ())
G_DECLARE_FINAL_TYPE (MusterBsEntry, muster_bs_entry, MUSTER, BS_ENTRY, GObject)

#define MUSTER_TYPE_BS_ENTRIES (muster_bs_entries_get_type ())
G_DECLARE_FINAL_TYPE (MusterBsEntries, muster_bs_entries, MUSTER, BS_ENTRIES, GObject)

/* The entry id to select it with (muster_bs_document_select()) */
const char       *muster_bs_entry_get_id           (MusterBsEntry    *self);
const char       *muster_bs_entry_get_name         (MusterBsEntry    *self);
/* Its primary category's name; "Uncategorized" when it has none */
const char       *muster_bs_entry_get_category     (MusterBsEntry    *self);
/* "85 pts, 1 CP": its own costs, the zero ones left out */
const char       *muster_bs_entry_get_costs_text   (MusterBsEntry    *self);

MusterBsEntries  *muster_bs_entries_new            (MusterBsDocument *document);
void              muster_bs_entries_set_force      (MusterBsEntries  *self,
                                                    MusterBsForce    *force);
void              muster_bs_entries_set_search     (MusterBsEntries  *self,
                                                    const char       *search);
/* @category NULL: every category */
void              muster_bs_entries_set_category   (MusterBsEntries  *self,
                                                    const char       *category);
/* The categories of the force's entries, in the order the force's categories come */
GStrv             muster_bs_entries_dup_categories (MusterBsEntries  *self);

const char       *muster_bs_entries_name           (const MusterBsNode *link,
                                                   const MusterBsNode *node);
const MusterBsNode *muster_bs_entries_lookup      (const MusterBsData  *data,
                                                    const char          *composite,
                                                    const MusterBsNode **link);
char             *muster_bs_entries_costs_text     (const MusterBsData *data,
                                                    const MusterBsNode *node);

G_END_DECLS
