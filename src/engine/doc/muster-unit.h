/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-cost.h"
#include "muster-engine-types.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/*
 * A unit of a force: a unit type, a size (in the type's size unit), the options picked (each
 * with a count), a custom name, notes and a stable id. Every setter is an edit the undo
 * history can reverse: it returns the previous value. An attached unit is re-costed on each
 * edit and its force's running totals follow; a detached unit (just made, or removed) owns
 * itself and is freed with muster_unit_free().
 */

MusterUnit        *muster_unit_new                (const char          *type_id,
                                                   guint                size);
MusterUnit        *muster_unit_new_for_type       (const MusterRuleset *ruleset,
                                                   const char          *type_id);
void               muster_unit_free               (MusterUnit          *self);
const char        *muster_unit_get_id             (const MusterUnit    *self);
const char        *muster_unit_get_type_id        (const MusterUnit    *self);
guint              muster_unit_get_size           (const MusterUnit    *self);
const char        *muster_unit_get_name           (const MusterUnit    *self);
const char        *muster_unit_get_notes          (const MusterUnit    *self);
const char        *muster_unit_get_attached_to    (const MusterUnit    *self);
const char        *muster_unit_get_markers        (const MusterUnit    *self);
gboolean           muster_unit_get_base           (const MusterUnit    *self,
                                                   double              *width,
                                                   double              *depth);
const char        *muster_unit_get_selection      (const MusterUnit    *self);
const char        *muster_unit_get_entry_name     (const MusterUnit    *self);
gboolean           muster_unit_get_own_cost       (const MusterUnit    *self,
                                                   gint64              *cost);
guint              muster_unit_get_n_picks        (const MusterUnit    *self);
const char        *muster_unit_get_pick           (const MusterUnit    *self,
                                                   guint                index,
                                                   guint               *count);
guint              muster_unit_get_option_count   (const MusterUnit    *self,
                                                   const char          *option_id);
int                muster_unit_find_option        (const MusterUnit    *self,
                                                   const char          *option_id);
MusterNode        *muster_unit_get_node           (const MusterUnit    *self);
MusterForce       *muster_unit_get_force          (const MusterUnit    *self);
const MusterCost  *muster_unit_get_cost           (const MusterUnit    *self);

guint              muster_unit_set_size           (MusterUnit          *self,
                                                   guint                size);
guint              muster_unit_set_option         (MusterUnit          *self,
                                                   const char          *option_id,
                                                   guint                count);
void               muster_unit_insert_option      (MusterUnit          *self,
                                                   guint                index,
                                                   const char          *option_id,
                                                   guint                count);
char              *muster_unit_set_name           (MusterUnit          *self,
                                                   const char          *name);
char              *muster_unit_set_notes          (MusterUnit          *self,
                                                   const char          *notes);
char              *muster_unit_set_attached_to    (MusterUnit          *self,
                                                   const char          *unit_id);
char              *muster_unit_set_markers        (MusterUnit          *self,
                                                   const char          *markers);
void               muster_unit_set_base           (MusterUnit          *self,
                                                   double               width,
                                                   double               depth);
void               muster_unit_set_selection      (MusterUnit          *self,
                                                   const char          *selection_id);
char              *muster_unit_set_entry_name     (MusterUnit          *self,
                                                   const char          *name);
gint64             muster_unit_set_own_cost       (MusterUnit          *self,
                                                   gint64               cost);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterUnit, muster_unit_free)

G_END_DECLS
