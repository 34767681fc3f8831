/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine-types.h"
#include "muster-procedure.h"

G_BEGIN_DECLS

/**
 * MusterBvfRole:
 * @MUSTER_BVF_ROLE_ACTING: the unit that rolls: shoots, strikes, charges, rallies; in a
 *   combat, the charger
 * @MUSTER_BVF_ROLE_TARGET: the unit on the receiving end; in a combat, the charged unit
 *
 * Which side of a Battle Valor Fantasy procedure a unit of an army list fills.
 */
typedef enum
{
  MUSTER_BVF_ROLE_ACTING = MUSTER_FILL_ROLE_ACTING,
  MUSTER_BVF_ROLE_TARGET = MUSTER_FILL_ROLE_TARGET,
} MusterBvfRole;

gboolean muster_bvf_fill_inputs_from_unit (const MusterProcedure  *procedure,
                                           const MusterRuleset    *ruleset,
                                           const MusterUnit       *unit,
                                           MusterBvfRole           role,
                                           int                    *values,
                                           GError                **error);

G_END_DECLS
