/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine-types.h"
#include "muster-unit.h"

G_BEGIN_DECLS

/*
 * A force is one army list of a document: a name, a side, a points limit, its list options
 * (the ruleset variants it chose) and a tree of organisation nodes holding units. Its root
 * node is the force itself. Every node keeps the running total of the units below it, so an
 * edit moves the totals of that unit's ancestors only.
 *
 * Edits are index-based and reversible: insert/remove return or take the very object, so
 * undoing a removal re-inserts the same unit, with its id and any unknown XML it carried.
 */

MusterForce  *muster_force_new                 (const char   *name,
                                                gint64        points_limit);
void          muster_force_free                (MusterForce  *self);
const char   *muster_force_get_id              (const MusterForce *self);
const char   *muster_force_get_name            (const MusterForce *self);
const char   *muster_force_get_side            (const MusterForce *self);
const char   *muster_force_get_roster          (const MusterForce *self);
gint64        muster_force_get_points_limit    (const MusterForce *self);
const char   *muster_force_get_setting         (const MusterForce *self,
                                                const char        *variant_id);
GHashTable   *muster_force_get_settings        (const MusterForce *self);
MusterNode   *muster_force_get_root            (const MusterForce *self);
MusterDoc    *muster_force_get_doc             (const MusterForce *self);
gint64        muster_force_get_total           (const MusterForce *self);
gboolean      muster_force_is_house            (const MusterForce *self);
guint         muster_force_get_n_uncosted      (const MusterForce *self);
char         *muster_force_set_name            (MusterForce  *self,
                                                const char   *name);
char         *muster_force_set_side            (MusterForce  *self,
                                                const char   *side);
void          muster_force_set_roster          (MusterForce  *self,
                                                const char   *roster_id);
gint64        muster_force_set_points_limit    (MusterForce  *self,
                                                gint64        points_limit);
char         *muster_force_set_setting         (MusterForce  *self,
                                                const char   *variant_id,
                                                const char   *value);

MusterNode   *muster_node_new                  (const char   *level,
                                                const char   *name);
void          muster_node_free                 (MusterNode   *self);
const char   *muster_node_get_id               (const MusterNode *self);
const char   *muster_node_get_level            (const MusterNode *self);
const char   *muster_node_get_name             (const MusterNode *self);
MusterNode   *muster_node_get_parent           (const MusterNode *self);
MusterForce  *muster_node_get_force            (const MusterNode *self);
guint         muster_node_get_n_nodes          (const MusterNode *self);
MusterNode   *muster_node_get_node             (const MusterNode *self,
                                                guint             index);
guint         muster_node_get_n_units          (const MusterNode *self);
void          muster_node_collect_units        (const MusterNode *self,
                                                GPtrArray        *units);
MusterUnit   *muster_node_get_unit             (const MusterNode *self,
                                                guint             index);
gint64        muster_node_get_total            (const MusterNode *self);
gboolean      muster_node_is_house             (const MusterNode *self);
char         *muster_node_set_name             (MusterNode   *self,
                                                const char   *name);
void          muster_node_insert_unit          (MusterNode   *self,
                                                guint         index,
                                                MusterUnit   *unit);
MusterUnit   *muster_node_remove_unit          (MusterNode   *self,
                                                guint         index);
void          muster_node_move_unit            (MusterNode   *from,
                                                guint         from_index,
                                                MusterNode   *to,
                                                guint         to_index);
void          muster_node_insert_node          (MusterNode   *self,
                                                guint         index,
                                                MusterNode   *child);
MusterNode   *muster_node_remove_node          (MusterNode   *self,
                                                guint         index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterForce, muster_force_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterNode, muster_node_free)

G_END_DECLS
