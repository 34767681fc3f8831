/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-hm"

#include "config.h"

#include "muster-resolve-private.h"
#include "muster-system-hm-private.h"

/*
 * What a resolved roll does in the horse-and-musket system: hits are permanent, and every 3
 * remove a stand, the rest (0–2) staying on the unit (§ stand loss); a failed Morale Test
 * leaves the unit Suppressed, Shaken or Routed (its "morale" marker).
 */

#define HITS_PER_STAND 3

static const MusterRollEffectRule hm_effects[] = {
  { "small-arms-fire", "hits", MUSTER_ROLL_TARGET, MUSTER_ROLL_COUNT, "hits", HITS_PER_STAND },
  { "artillery-fire", "hits", MUSTER_ROLL_TARGET, MUSTER_ROLL_COUNT, "hits", HITS_PER_STAND },
  { "opportunity-fire", "hits", MUSTER_ROLL_TARGET, MUSTER_ROLL_COUNT, "hits", HITS_PER_STAND },
  { "combined-fire", "hits", MUSTER_ROLL_TARGET, MUSTER_ROLL_COUNT, "hits", HITS_PER_STAND },
  { "melee", "hits-on-defender", MUSTER_ROLL_TARGET, MUSTER_ROLL_COUNT, "hits", HITS_PER_STAND },
  { "melee", "hits-on-attacker", MUSTER_ROLL_ACTING, MUSTER_ROLL_COUNT, "hits", HITS_PER_STAND },
  { "pursuit-attack", "hits", MUSTER_ROLL_TARGET, MUSTER_ROLL_COUNT, "hits", HITS_PER_STAND },
  { "morale-test", "result", MUSTER_ROLL_ACTING, MUSTER_ROLL_STATE, "morale" },
};

void
_muster_hm_resolve_effect (const MusterProcedure *procedure,
                           MusterRollEffect          *effect)
{
  muster_roll_effect_apply_rules (effect, procedure, hm_effects, G_N_ELEMENTS (hm_effects));
}
