/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-command.h"
#include "muster-document.h"
#include "muster-terrain.h"

G_BEGIN_DECLS

/*
 * Units put on the table: one where the user drops it, or every unit of a force not yet on
 * the table into its side's deployment zone at once (Deploy All, one undo step).
 */

#define MUSTER_DEPLOY_ERROR (muster_deploy_error_quark ())

GQuark         muster_deploy_error_quark  (void);
const MusterFeature *muster_deploy_find_zone (const MusterBattlefield *field,
                                              const char              *side);
MusterFeature *muster_unit_placement_new  (MusterDoc                *doc,
                                           const MusterTerrainTypes *types,
                                           const MusterBattlefield  *field,
                                           MusterUnit               *unit,
                                           MusterPoint               centre);
MusterCommand *muster_deploy_all_command_new (MusterDocument           *document,
                                              const MusterTerrainTypes *types,
                                              MusterForce              *force,
                                              guint                    *left_out,
                                              GError                  **error);

G_END_DECLS
