/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-command.h"
#include "muster-document.h"

G_BEGIN_DECLS

/*
 * The battlefield's edits, one command per finished gesture. Each keeps the values before and
 * after, applies through the engine's reversible operations and emits the document's
 * "battlefield-changed".
 */

#define MUSTER_TYPE_FEATURES_COMMAND (muster_features_command_get_type ())
G_DECLARE_FINAL_TYPE (MusterFeaturesCommand, muster_features_command, MUSTER,
                      FEATURES_COMMAND, MusterCommand)

MusterCommand *muster_features_command_new     (MusterDocument      *document,
                                                const char          *label);
void           muster_features_command_insert  (MusterFeaturesCommand *self,
                                                const MusterFeature *feature);
void           muster_features_command_remove  (MusterFeaturesCommand *self,
                                                const char          *id);
void           muster_features_command_replace (MusterFeaturesCommand *self,
                                                const MusterFeature *feature);
guint          muster_features_command_get_n_edits (MusterFeaturesCommand *self);
const char    *muster_features_command_get_inserted_id (MusterFeaturesCommand *self,
                                                        guint                index);

#define MUSTER_TYPE_SET_BATTLEFIELD_COMMAND (muster_set_battlefield_command_get_type ())
G_DECLARE_FINAL_TYPE (MusterSetBattlefieldCommand, muster_set_battlefield_command, MUSTER,
                      SET_BATTLEFIELD_COMMAND, MusterCommand)

MusterCommand *muster_set_battlefield_command_new (MusterDocument    *document,
                                                   MusterBattlefield *battlefield);

#define MUSTER_TYPE_SCENARIO_COMMAND (muster_scenario_command_get_type ())
G_DECLARE_FINAL_TYPE (MusterScenarioCommand, muster_scenario_command, MUSTER,
                      SCENARIO_COMMAND, MusterCommand)

MusterCommand *muster_scenario_command_new_field    (MusterDocument     *document,
                                                     MusterScenarioField field,
                                                     const char         *text);
MusterCommand *muster_scenario_command_new_briefing (MusterDocument     *document,
                                                     const char         *side,
                                                     const char         *text);
MusterCommand *muster_scenario_command_new_turns    (MusterDocument     *document,
                                                     int                 turns);

G_END_DECLS
