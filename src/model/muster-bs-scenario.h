/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-document.h"
#include "muster-engine.h"

G_BEGIN_DECLS

/*
 * A BattleScribe roster on the battlefield: a new Muster document on a generic table whose
 * forces are the roster's forces, each top-level selection a unit (its name, its model count,
 * the base its models stand on), deployed at once along the top edge. The units keep their
 * base, entry name and cost in the document, so placing one again, or a saved scenario,
 * needs no game data; and the selection they stand for, so that the scenario can follow the
 * roster's edits (muster-bs-follow.h).
 */

#define MUSTER_BS_SCENARIO_RULESET "battlescribe"
#define MUSTER_BS_BASE_FALLBACK    25.0   /* mm: the commonest round base, as a square */

gboolean        muster_bs_parse_base          (const char          *text,
                                               double              *width,
                                               double              *depth);
gboolean        muster_bs_selection_find_base (MusterBsSelection   *selection,
                                               double              *width,
                                               double              *depth);
guint           muster_bs_selection_count_models (MusterBsSelection *selection);
void            muster_bs_default_base        (GSettings           *settings,
                                               const char          *system_id,
                                               double              *width,
                                               double              *depth);
void            muster_bs_set_default_base    (GSettings           *settings,
                                               const char          *system_id,
                                               double               width,
                                               double               depth);
const char     *muster_bs_roster_cost_type    (MusterBsRoster      *roster);
gint64          muster_bs_selection_cost      (MusterBsSelection   *selection,
                                               const char          *cost_type);
const char     *muster_bs_selection_unit_name (MusterBsSelection   *selection);
void            muster_bs_force_collect_placed (MusterBsForce      *force,
                                               GPtrArray           *selections);
MusterUnit     *muster_bs_unit_new            (MusterBsSelection   *selection,
                                               const char          *cost_type,
                                               double               base_width,
                                               double               base_depth);
MusterDoc      *muster_bs_scenario_new_doc    (MusterBsRoster      *roster,
                                               const char          *title,
                                               double               base_width,
                                               double               base_depth);
gboolean        muster_bs_scenario_start      (MusterDocument      *document,
                                               MusterBsRoster      *roster,
                                               const char          *title,
                                               double               base_width,
                                               double               base_depth,
                                               guint               *left_out,
                                               GError             **error);

G_END_DECLS
