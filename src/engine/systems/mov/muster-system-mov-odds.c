/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-mov"

#include "config.h"

#include "muster-odds-private.h"
#include "muster-system-mov-combat-private.h"

/*
 * Medals of Valor on the table (§4, §7): the range in yards on the ground (the ruleset's
 * yards to the inch), the target's row of the TAR chart from the ground it stands in (trees
 * partial; rocks and walls extensive; buildings and field fortifications heavy) or a wall it
 * lines, and contact from the rear in melee. Posture (moving, prone) is not on the table.
 */

static const char *
cover_row (const MusterOddsSide *side)
{
  switch (muster_odds_cover (side))
    {
    case MUSTER_COVER_SOFT:
      return "partial";
    case MUSTER_COVER_HARD:
      return muster_odds_stands_in (side, MUSTER_TERRAIN_BUILDING) ||
             muster_odds_stands_in (side, MUSTER_TERRAIN_FORTIFICATION) ? "heavy" : "extensive";
    case MUSTER_COVER_NONE:
    default:
      return "open";
    }
}

static void
set_cover (MusterOddsFill        *fill,
           const MusterOddsFacts *facts)
{
  g_autofree char *ground = muster_odds_describe_ground (&facts->target);
  const char *row = cover_row (&facts->target);

  /* a wall in front is the book's "behind a rock wall", unless the ground is better */
  if (facts->obstacle != NULL && (g_str_equal (row, "open") || g_str_equal (row, "partial")))
    muster_odds_set_choice (fill, "cover", "extensive", "behind %s: extensive",
                            muster_odds_feature_name (facts->obstacle));
  else
    muster_odds_set_choice (fill, "cover", row, "%s: %s", ground, row);
}

void
_muster_mov_table_inputs (const MusterProcedure *procedure,
                          const MusterOddsFacts *facts,
                          MusterOddsFill        *fill)
{
  const char *id = procedure->id;

  if (g_str_equal (id, "fire"))
    {
      muster_odds_set_distance (fill, facts, "range");
      set_cover (fill, facts);
    }
  else if (g_str_equal (id, "melee"))
    muster_odds_set (fill, "rear", facts->aspect == MUSTER_ASPECT_REAR,
                     "the attacker is on the defender's %s",
                     muster_odds_aspect_to_string (facts->aspect));
}
