/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bvf"

#include "config.h"

#include "muster-resolve-private.h"
#include "muster-stats.h"
#include "muster-system-bvf-private.h"

/*
 * What a resolved roll does in Battle Valor Fantasy (casualty removal, §7): a casualty is one
 * figure, and a stand goes when its last figure does, so casualties count on the unit's
 * "casualties" marker until they make up a stand (the unit's figures per stand, 1 for Line
 * Breakers, Shock Troops, Fliers and models). A failed rally removes whole stands.
 */

static const MusterRollEffectRule bvf_effects[] = {
  { "rally", "stands-lost", MUSTER_ROLL_ACTING, MUSTER_ROLL_LOSE },
};

/* Procedures whose "casualties" are figures of the target. */
static const char * const casualty_procedures[] = {
  "missile-fire", "melee-strike", "impact-hits", "war-machine", "spell", NULL
};

static int
figures_per_stand (const MusterOddsFacts *facts)
{
  g_autoptr(MusterStats) stats = muster_system_derived_stats (facts->ruleset, facts->target.force,
                                                              facts->target.unit);
  double figures = 1;

  if (stats == NULL || !muster_stats_get_number (stats, "figures", &figures) || figures < 1)
    return 1;
  return (int) figures;
}

void
_muster_bvf_resolve_effect (const MusterProcedure *procedure,
                            MusterRollEffect          *effect)
{
  int casualties;

  if (g_strv_contains (casualty_procedures, procedure->id) &&
      muster_roll_effect_get_output (effect, "casualties", &casualties))
    muster_roll_effect_count (effect, MUSTER_ROLL_TARGET, "casualties", casualties,
                         figures_per_stand (muster_roll_effect_get_facts (effect)));
  muster_roll_effect_apply_rules (effect, procedure, bvf_effects, G_N_ELEMENTS (bvf_effects));
}
