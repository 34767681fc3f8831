/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-hm"

#include "config.h"

#include "muster-odds-private.h"
#include "muster-system-hm-private.h"

/*
 * Horse and musket on the table (§6.2, §7): a flank shot, a target or a charged defender in
 * light cover (the only cover the book prices: woods, a town, earthworks all count), an enemy
 * struck from the rear in melee, and the gap a rout and pursuit start from. The book gives no
 * range distances, so the range bands stay asked for.
 */

static void
set_light_cover (MusterOddsFill        *fill,
                 const MusterOddsFacts *facts,
                 const char            *id)
{
  muster_odds_set_cover (fill, facts, id, NULL);
}

void
_muster_hm_table_inputs (const MusterProcedure *procedure,
                         const MusterOddsFacts *facts,
                         MusterOddsFill        *fill)
{
  const char *id = procedure->id;
  const char *face = muster_odds_aspect_to_string (facts->aspect);

  if (g_str_equal (id, "artillery-fire") || g_str_equal (id, "small-arms-fire") ||
      g_str_equal (id, "opportunity-fire"))
    {
      muster_odds_set (fill, "flank", facts->aspect == MUSTER_ASPECT_FLANK,
                       "the firer is on the target's %s", face);
      set_light_cover (fill, facts, "light-cover");
    }
  else if (g_str_equal (id, "charge"))
    set_light_cover (fill, facts, "defender-in-cover");
  else if (g_str_equal (id, "melee"))
    muster_odds_set (fill, "attacker-rear", facts->aspect == MUSTER_ASPECT_REAR,
                     "the attacker is on the defender's %s", face);
  else if (g_str_equal (id, "rout-pursuit"))
    muster_odds_set_distance (fill, facts, "gap");
}
