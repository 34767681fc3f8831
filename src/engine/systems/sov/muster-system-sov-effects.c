/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include "muster-resolve-private.h"
#include "muster-system-sov-private.h"

/*
 * What a resolved roll does in Standards of Valor: casualties are figures removed; fire puts
 * Suppression markers on its target, 0–3 (§4.3.4); a failed Confidence Test costs confidence
 * levels, counted on the "confidence-lost" marker (Inspired to Routed is five steps); a roll
 * to remove suppression leaves the markers it did not remove.
 */

#define MAX_SUPPRESSION 3
#define MAX_CONFIDENCE_LOST 5

static const MusterRollEffectRule sov_effects[] = {
  { "fire", "casualties", MUSTER_ROLL_TARGET, MUSTER_ROLL_LOSE },
  { "fire", "suppression", MUSTER_ROLL_TARGET, MUSTER_ROLL_ADD, "suppression", MAX_SUPPRESSION },
  { "hand-to-hand", "defender-casualties", MUSTER_ROLL_TARGET, MUSTER_ROLL_LOSE },
  { "hand-to-hand", "attacker-casualties", MUSTER_ROLL_ACTING, MUSTER_ROLL_LOSE },
  { "close-assault", "defender-casualties", MUSTER_ROLL_TARGET, MUSTER_ROLL_LOSE },
  { "close-assault", "attacker-casualties", MUSTER_ROLL_ACTING, MUSTER_ROLL_LOSE },
  { "artillery-blast", "casualties", MUSTER_ROLL_TARGET, MUSTER_ROLL_LOSE },
  { "confidence-test", "cl-loss", MUSTER_ROLL_ACTING, MUSTER_ROLL_ADD, "confidence-lost",
    MAX_CONFIDENCE_LOST },
};

void
_muster_sov_resolve_effect (const MusterProcedure *procedure,
                            MusterRollEffect          *effect)
{
  int left;

  muster_roll_effect_apply_rules (effect, procedure, sov_effects, G_N_ELEMENTS (sov_effects));
  /* Removing suppression leaves the markers the roll did not take off. */
  if (g_strcmp0 (procedure->id, "remove-suppression") == 0 &&
      muster_roll_effect_get_output (effect, "remaining", &left))
    {
      g_autofree char *value = left > 0 ? g_strdup_printf ("%d", left) : NULL;

      muster_roll_effect_mark (effect, MUSTER_ROLL_ACTING, "suppression", value);
    }
}
