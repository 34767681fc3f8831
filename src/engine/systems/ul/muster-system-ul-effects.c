/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ul"

#include "config.h"

#include "muster-resolve-private.h"
#include "muster-system-ul-private.h"

/*
 * What a resolved roll does in Undying Lands: Integrity Points lost count on the unit's
 * "ip-lost" marker (a unit's IP are not its size), and a unit that loses half its IP is
 * disordered (§10).
 */

static const MusterRollEffectRule ul_effects[] = {
  { "shoot", "ip-lost", MUSTER_ROLL_TARGET, MUSTER_ROLL_ADD, "ip-lost" },
  { "shoot", "disordered", MUSTER_ROLL_TARGET, MUSTER_ROLL_FLAG, "disordered" },
  { "melee-round", "loss-a", MUSTER_ROLL_ACTING, MUSTER_ROLL_ADD, "ip-lost" },
  { "melee-round", "loss-b", MUSTER_ROLL_TARGET, MUSTER_ROLL_ADD, "ip-lost" },
  { "melee-round", "disordered-a", MUSTER_ROLL_ACTING, MUSTER_ROLL_FLAG, "disordered" },
  { "melee-round", "disordered-b", MUSTER_ROLL_TARGET, MUSTER_ROLL_FLAG, "disordered" },
};

void
_muster_ul_resolve_effect (const MusterProcedure *procedure,
                           MusterRollEffect          *effect)
{
  muster_roll_effect_apply_rules (effect, procedure, ul_effects, G_N_ELEMENTS (ul_effects));
}
