/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-bs-document.h"
#include "muster-command.h"
#include "muster-document.h"

G_BEGIN_DECLS

/*
 * A scenario placed from a BattleScribe roster stays linked to it, as an attached list is
 * the player's list: the force names the roster's id, each unit the selection it stands for.
 * After an edit of the roster, Follow Roster brings the scenario level with it in one undo
 * step: a renamed selection renames its unit, a changed number of models changes the unit's
 * size and its stands on the table (as placing it did, where it stands), a removed selection
 * takes its unit off the list and the table, and a new one comes in off the table, where the
 * Battlefield offers it for placement. A unit stands on the base the data gives it, else on the
 * game's default base (Preferences), so a change of either reaches its stands. The roster is the list; the scenario only shows it.
 * The link is the roster's id, kept in both files, so a saved scenario follows its roster
 * again whenever both are open (the application links them: muster_bs_scenario_links()).
 */

#define MUSTER_TYPE_BS_FOLLOW_COMMAND (muster_bs_follow_command_get_type ())
G_DECLARE_FINAL_TYPE (MusterBsFollowCommand, muster_bs_follow_command, MUSTER,
                      BS_FOLLOW_COMMAND, MusterCommand)

MusterCommand *muster_bs_follow_command_new (MusterDocument *document,
                                             MusterBsRoster *roster,
                                             double          base_width,
                                             double          base_depth,
                                             guint          *added,
                                             guint          *removed);
gboolean       muster_bs_scenario_links     (MusterDocument   *document,
                                             MusterBsDocument *roster_document);
void           muster_bs_scenario_follow    (MusterDocument   *document,
                                             MusterBsDocument *roster_document,
                                             double            base_width,
                                             double            base_depth);

G_END_DECLS
