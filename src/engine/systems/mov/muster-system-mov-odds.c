/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-mov"

#include "config.h"
#include <glib/gi18n-lib.h>

#include "muster-markers.h"
#include "muster-odds-private.h"
#include "muster-system-mov-combat-private.h"

/*
 * Medals of Valor on the table (§4, §7): the range in yards on the ground (the ruleset's
 * yards to the inch), the target's row of the TAR chart from the ground it stands in (trees
 * partial; rocks and walls extensive; buildings and field fortifications heavy) or a wall it
 * lines, contact from the rear in melee, and the soldiers' injuries, attitudes and
 * suppression on their markers. Posture (moving, prone) is not on the table.
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
    /* TRANSLATORS: the target's row of the TAR chart; %s is a linear obstacle's name */
    muster_odds_set_choice (fill, "cover", "extensive", _("behind %s: extensive"),
                            muster_odds_feature_name (facts->obstacle));
  /* TRANSLATORS: the target's row of the TAR chart; %s is where it stands ("in the open: no
   * cover"), here and in the next three */
  else if (g_str_equal (row, "open"))
    muster_odds_set_choice (fill, "cover", row, _("%s: open"), ground);
  else if (g_str_equal (row, "partial"))
    muster_odds_set_choice (fill, "cover", row, _("%s: partial"), ground);
  else if (g_str_equal (row, "heavy"))
    muster_odds_set_choice (fill, "cover", row, _("%s: heavy"), ground);
  else
    muster_odds_set_choice (fill, "cover", row, _("%s: extensive"), ground);
}

/* The soldiers' state as Resolve left it on their markers: an injury (§10.3; a Moderate wound
 * impairs, any wound counts in a morale check), an attitude (§9.2), and suppression, under
 * which a soldier may not fire (§9.5). Each input is set only where the procedure has it. */
static void
set_state_markers (const MusterProcedure *procedure,
                   const MusterOddsFacts *facts,
                   MusterOddsFill        *fill)
{
  const MusterOddsSide *acting = &facts->acting, *target = &facts->target;

  muster_odds_set_marker_choice (fill, target, "injury", "target-injury");
  muster_odds_set_marker_flag (fill, acting, "injury", "moderate", "moderate-wound");
  muster_odds_set_marker_flag (fill, acting, "injury", NULL, "wounded");
  muster_odds_set_marker_choice (fill, acting, "attitude", "attitude");
  muster_odds_set_marker_choice (fill, acting, "attitude", "attacker-attitude");
  muster_odds_set_marker_choice (fill, target, "attitude", "defender-attitude");
  muster_odds_set_marker_flag (fill, acting, "injury", "moderate", "attacker-moderate-wound");
  muster_odds_set_marker_flag (fill, target, "injury", "moderate", "defender-moderate-wound");
  muster_odds_set_marker_choice (fill, acting, "attitude", "charger-attitude");
  muster_odds_set_marker_choice (fill, acting, "injury", "charger-injury");
  if (g_str_equal (procedure->id, "fire") &&
      muster_markers_get_int (muster_odds_markers (acting), "suppressed") > 0)
    /* TRANSLATORS: %s is the soldier's name */
    muster_odds_block (fill, _("%s is suppressed: he may not fire"),
                       muster_odds_side_name (acting));
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
                     "%s", muster_odds_describe_attacker (facts));
  set_state_markers (procedure, facts, fill);
}
