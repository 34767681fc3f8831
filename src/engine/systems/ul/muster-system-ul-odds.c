/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ul"

#include "config.h"

#include "muster-odds-private.h"
#include "muster-system-ul-private.h"

/*
 * Undying Lands on the table (§2.3, §3, X12–X22): long range (more than half the shooter's
 * missile class's reach), troops in cover, shooting up a Gentle Hill, the gap an evade starts
 * from in centimetres, in melee a Close Order opponent contacted in its flank or rear and
 * who stands higher up a hill, and the IP lost and disorder on the units' markers.
 */

static void
set_long_range (MusterOddsFill        *fill,
                const MusterOddsFacts *facts)
{
  const MusterRange *range = muster_odds_find_range (facts, NULL);
  g_autofree char *distance = muster_odds_facts_format_distance (facts);

  if (range == NULL)
    return;
  if (facts->distance > range->max + MUSTER_GEOMETRY_EPSILON)
    {
      /* TRANSLATORS: %s is the distance ("34.6 cm"), then the weapon's range as the
       * ruleset names it ("bow") and its reach in cm; the same in the next ones */
      muster_odds_set (fill, "long-range", TRUE, _("%s: beyond its %s reach of %.0f cm"),
                       distance, range->name, range->max / facts->mm_per_unit);
      /* TRANSLATORS: why shooting is not possible; as the one before */
      muster_odds_block (fill, _("out of range: %s, beyond its %s reach of %.0f cm"), distance,
                         range->name, range->max / facts->mm_per_unit);
    }
  else if (facts->distance > range->max / 2)
    muster_odds_set (fill, "long-range", TRUE, _("%s: more than half its %s reach of %.0f cm"),
                     distance, range->name, range->max / facts->mm_per_unit);
  else
    muster_odds_set (fill, "long-range", FALSE, _("%s: within half its %s reach of %.0f cm"),
                     distance, range->name, range->max / facts->mm_per_unit);
}

/* @id, one side's position against its opponent: the −2 row is a Gentle Hill, the −1 a
 * steep slope. */
static void
set_higher (MusterOddsFill       *fill,
            const char           *id,
            const MusterOddsSide *side,
            const MusterOddsSide *opponent)
{
  if (side->on_hill && !opponent->on_hill)
    muster_odds_set_choice (fill, id,
                            muster_odds_stands_in (side, MUSTER_TERRAIN_STEEP_HILL) ? "steep"
                                                                                    : "gentle-hill",
                            /* TRANSLATORS: %s is the hill's name */
                            _("on %s, its opponent below"),
                            muster_odds_feature_name (side->terrain));
  else
    muster_odds_set_choice (fill, id, "level", "%s",
                            side->on_hill ? _("both on a hill") : _("not above its opponent"));
}

/* What Resolve left on the units' markers: the Integrity Points each has lost (its IP is the
 * list's less those, in a test, a shot at it, a melee or a rally), and disorder (§10), which
 * costs a vignette in melee. */
static void
set_state_markers (const MusterProcedure *procedure,
                   const MusterOddsFacts *facts,
                   MusterOddsFill        *fill)
{
  const MusterOddsSide *acting = &facts->acting, *target = &facts->target;

  muster_odds_reduce_by_marker (fill, target, "ip-lost", "target-ip", "target-ip");
  muster_odds_reduce_by_marker (fill, acting, "ip-lost", "a-ip", "a-ip");
  muster_odds_reduce_by_marker (fill, target, "ip-lost", "b-ip", "b-ip");
  if (g_str_equal (procedure->id, "rally"))
    muster_odds_reduce_by_marker (fill, acting, "ip-lost", "ip-start", "ip");
  else
    muster_odds_reduce_by_marker (fill, acting, "ip-lost", "ip", "ip");
  muster_odds_set_marker_flag (fill, acting, "disordered", NULL, "a-disordered");
  muster_odds_set_marker_flag (fill, target, "disordered", NULL, "b-disordered");
}

void
_muster_ul_table_inputs (const MusterProcedure *procedure,
                         const MusterOddsFacts *facts,
                         MusterOddsFill        *fill)
{
  const char *id = procedure->id;

  if (g_str_equal (id, "shoot"))
    {
      set_long_range (fill, facts);
      muster_odds_set_cover (fill, facts, "cover", NULL);
      muster_odds_set (fill, "up-hill", facts->target.on_hill && !facts->acting.on_hill,
                       "%s", facts->target.on_hill && !facts->acting.on_hill ?
                       _("the target is on a hill, the shooter below")
                       : _("not shooting up a hill"));
    }
  else if (g_str_equal (id, "evade"))
    muster_odds_set_distance (fill, facts, "gap");
  else if (g_str_equal (id, "melee-round"))
    {
      /* one sentence per aspect, so a translation can decline the noun */
      static const char * const faces[] = {
        N_("A is on B's front"), N_("A is on B's flank"), N_("A is on B's rear"),
      };

      muster_odds_set (fill, "a-flank-rear", facts->aspect != MUSTER_ASPECT_FRONT, "%s",
                       _(faces[facts->aspect]));
      set_higher (fill, "a-higher", &facts->acting, &facts->target);
      set_higher (fill, "b-higher", &facts->target, &facts->acting);
    }
  set_state_markers (procedure, facts, fill);
}
