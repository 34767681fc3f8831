/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-bs-library.h"
#include "muster-engine.h"
#include "muster-findings-source.h"
#include "muster-history.h"
#include "muster-recoverable.h"

G_BEGIN_DECLS

/*
 * An open BattleScribe roster (.ros/.rosz): its game data (a MusterBsSystem of the
 * library, held while the roster is open), the engine roster, the undo history every edit
 * goes through, the findings (it is a MusterFindingsSource), and the roster tree as list
 * models of MusterBsItem. A roster whose game system is not in the library opens read-only,
 * naming the game system and revision it needs; its file is kept untouched.
 */

#define MUSTER_TYPE_BS_ITEM (muster_bs_item_get_type ())
G_DECLARE_FINAL_TYPE (MusterBsItem, muster_bs_item, MUSTER, BS_ITEM, GObject)

#define MUSTER_TYPE_BS_DOCUMENT (muster_bs_document_get_type ())
G_DECLARE_FINAL_TYPE (MusterBsDocument, muster_bs_document, MUSTER, BS_DOCUMENT,
                      MusterRecoverable)

/* Roster tree rows: a force (its child forces, then its selections, are its children) or a
 * selection (its child selections). "changed" is emitted after every edit while the row is
 * in the tree, since any edit may move its costs, name or number (modifiers). */
MusterBsForce     *muster_bs_item_get_force      (MusterBsItem *self);
MusterBsSelection *muster_bs_item_get_selection  (MusterBsItem *self);
gboolean           muster_bs_item_is_alive       (MusterBsItem *self);
const char        *muster_bs_item_get_name       (MusterBsItem *self);
int                muster_bs_item_get_number     (MusterBsItem *self);
/* (element-type MusterBsCost): the row's costs, its children's included (borrowed) */
GArray            *muster_bs_item_get_costs      (MusterBsItem *self);
/* The row's children, made on first asking and kept current. */
GListModel        *muster_bs_item_get_children   (MusterBsItem *self);

MusterBsDocument  *muster_bs_document_new        (void);
void               muster_bs_document_start      (MusterBsDocument  *self,
                                                  MusterBsSystem    *system,
                                                  const char        *name);
gboolean           muster_bs_document_start_with_force (MusterBsDocument *self,
                                                  MusterBsSystem    *system,
                                                  const char        *name,
                                                  const char        *force_entry_id,
                                                  const char        *catalogue_id,
                                                  GArray            *cost_limits,
                                                  GError           **error);
gboolean           muster_bs_document_load_bytes (MusterBsDocument  *self,
                                                  MusterBsLibrary   *library,
                                                  GBytes            *bytes,
                                                  const char        *display_name,
                                                  GFile             *file,
                                                  GError           **error);
gboolean           muster_bs_document_restore    (MusterBsDocument  *self,
                                                  MusterBsLibrary   *library,
                                                  GBytes            *bytes,
                                                  const char        *display_name,
                                                  GFile             *origin,
                                                  GError           **error);
void               muster_bs_document_load_async (MusterBsDocument  *self,
                                                  MusterBsLibrary   *library,
                                                  GFile             *file,
                                                  GCancellable      *cancellable,
                                                  GAsyncReadyCallback callback,
                                                  gpointer           user_data);
gboolean           muster_bs_document_load_finish (MusterBsDocument *self,
                                                  GAsyncResult      *result,
                                                  GError           **error);
GBytes            *muster_bs_document_to_bytes   (MusterBsDocument  *self,
                                                  gboolean           zipped,
                                                  GError           **error);
void               muster_bs_document_save_async (MusterBsDocument  *self,
                                                  GFile             *file,
                                                  GCancellable      *cancellable,
                                                  GAsyncReadyCallback callback,
                                                  gpointer           user_data);
gboolean           muster_bs_document_save_finish (MusterBsDocument *self,
                                                  GAsyncResult      *result,
                                                  GError           **error);

MusterBsRoster    *muster_bs_document_get_roster (MusterBsDocument  *self);
MusterBsSystem    *muster_bs_document_get_system (MusterBsDocument  *self);
MusterHistory     *muster_bs_document_get_history (MusterBsDocument *self);
GFile             *muster_bs_document_get_file   (MusterBsDocument  *self);
char              *muster_bs_document_dup_title  (MusterBsDocument  *self);
gboolean           muster_bs_document_get_modified (MusterBsDocument *self);
gboolean           muster_bs_document_get_read_only (MusterBsDocument *self);
/* What a read-only roster needs: "Warhammer 40,000 10th Edition, revision 118" */
char              *muster_bs_document_dup_missing (MusterBsDocument *self);
const MusterBsOutline *muster_bs_document_get_outline (MusterBsDocument *self);
/* A roster saved with another revision of its data: what no longer matches */
char              *muster_bs_document_dup_mismatch (MusterBsDocument *self);
GListModel        *muster_bs_document_get_forces (MusterBsDocument  *self);
/* "85 / 100 pts · 1 CP": every cost type with a value or a limit */
char              *muster_bs_document_dup_costs_text (MusterBsDocument *self);
MusterBsItem      *muster_bs_document_find_item  (MusterBsDocument  *self,
                                                  const char        *instance_id);

/* Edits: each one step of the history. */
MusterBsForce     *muster_bs_document_add_force  (MusterBsDocument  *self,
                                                  MusterBsForce     *parent,
                                                  const char        *force_entry_id,
                                                  const char        *catalogue_id,
                                                  GError           **error);
MusterBsSelection *muster_bs_document_select     (MusterBsDocument  *self,
                                                  MusterBsForce     *force,
                                                  MusterBsSelection *parent,
                                                  const char        *entry_id,
                                                  GError           **error);
MusterBsSelection *muster_bs_document_duplicate  (MusterBsDocument  *self,
                                                  MusterBsSelection *selection);
void               muster_bs_document_remove_force (MusterBsDocument *self,
                                                  MusterBsForce     *force);
void               muster_bs_document_remove     (MusterBsDocument  *self,
                                                  MusterBsSelection *selection);
void               muster_bs_document_set_count  (MusterBsDocument  *self,
                                                  MusterBsSelection *selection,
                                                  int                count);
void               muster_bs_document_set_cost_limit (MusterBsDocument *self,
                                                  const char        *cost_type_id,
                                                  double             value);
/* @force and @selection NULL: the roster's name */
void               muster_bs_document_set_name   (MusterBsDocument  *self,
                                                  MusterBsForce     *force,
                                                  MusterBsSelection *selection,
                                                  const char        *name);

G_END_DECLS
