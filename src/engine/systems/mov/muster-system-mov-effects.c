/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-mov"

#include "config.h"

#include "muster-resolve-private.h"
#include "muster-system-mov-combat-private.h"

/*
 * What a resolved roll does in Medals of Valor, where a unit is soldiers: a fire's wound is
 * the target's "injury" marker, and a soldier killed is one fewer; suppression (§9.5) and a
 * morale check's attitude (§9.2) are markers of the soldier tested or shot at.
 */

static const MusterRollEffectRule mov_effects[] = {
  { "fire", "suppressed", MUSTER_ROLL_TARGET, MUSTER_ROLL_FLAG, "suppressed" },
  { "morale", "attitude", MUSTER_ROLL_ACTING, MUSTER_ROLL_LABEL, "attitude" },
  { "morale", "suppressed", MUSTER_ROLL_ACTING, MUSTER_ROLL_FLAG, "suppressed" },
};

/* The last of _muster_mov_injury_after_labels: "Dead". */
#define INJURY_DEAD 4

void
_muster_mov_resolve_effect (const MusterProcedure *procedure,
                            MusterRollEffect          *effect)
{
  int injury;

  if (g_strcmp0 (procedure->id, "fire") == 0 &&
      muster_roll_effect_get_output (effect, "injury", &injury) && injury > 0)
    {
      if (injury >= INJURY_DEAD)
        {
          muster_roll_effect_lose (effect, MUSTER_ROLL_TARGET, 1);
          muster_roll_effect_mark (effect, MUSTER_ROLL_TARGET, "injury", NULL);
        }
      else
        {
          g_autofree char *label = g_ascii_strdown (_muster_mov_injury_after_labels[injury], -1);

          muster_roll_effect_mark (effect, MUSTER_ROLL_TARGET, "injury", label);
        }
    }
  muster_roll_effect_apply_rules (effect, procedure, mov_effects, G_N_ELEMENTS (mov_effects));
}
