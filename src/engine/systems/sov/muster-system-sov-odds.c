/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include "muster-markers.h"
#include "muster-odds-private.h"
#include "muster-system-sov-private.h"

/*
 * Standards of Valor on the table (§2.2, §4.8, §5): the distance in inches wherever a
 * procedure measures one (fire, heavy weapons, spotting, commands, charges, heroes), with the
 * missile band it falls in; the target's soft or hard cover; a skirmishing target's Unit
 * Integrity; the face a charge goes in on (skirmishers have no flanks); and the Suppression
 * markers either unit carries. Close and Open Order are not told apart on the table, so they
 * are asked for.
 */

static const char * const sov_aspects[] = { "front", "flank", "rear" };

static void
set_distance (MusterOddsFill        *fill,
              const MusterOddsFacts *facts)
{
  const MusterRange *range = muster_odds_find_range (facts, "missile");
  g_autofree char *distance = muster_odds_facts_format_distance (facts);
  guint band;

  if (!g_str_equal (fill->procedure->id, "fire") || range == NULL)
    {
      muster_odds_set_distance (fill, facts, "distance");
      return;
    }
  band = muster_odds_band (range, facts->distance);
  if (band == 0)
    {
      /* TRANSLATORS: %s is the distance ("34.6″"), %.0f the weapon's maximum in inches */
      muster_odds_set (fill, "distance", muster_odds_whole_distance (facts),
                       _("%s edge to edge: beyond its %.0f″ maximum"), distance,
                       range->max / facts->mm_per_unit);
      /* TRANSLATORS: why fire is not possible; %s is the distance ("34.6″"), %.0f the
       * weapon's maximum in inches */
      muster_odds_block (fill, _("out of range: %s, beyond its %.0f″ maximum"), distance,
                         range->max / facts->mm_per_unit);
    }
  else
    muster_odds_set (fill, "distance", muster_odds_whole_distance (facts),
                     /* TRANSLATORS: %s is the distance ("9.4″"), then which of the
                      * weapon's range bands it falls in and how many it has */
                     _("%s edge to edge: band %u of %u"), distance, band,
                     range->n_rings + 1);
}

/* The Suppression markers on the units (§4.5): each takes a rank off a Close Order side's
 * Reach in close combat (§4.10.3), they are what a Remove Suppression roll works on, and the
 * Threat Level of the Reaction Test a suppressed unit takes to fire Final Defensive Fire
 * (§4.10.2; the circumstance is the player's to choose). */
static void
set_suppression (const MusterProcedure *procedure,
                 const MusterOddsFacts *facts,
                 MusterOddsFill        *fill)
{
  if (g_str_equal (procedure->id, "remove-suppression"))
    {
      muster_odds_set_marker_count (fill, &facts->acting, "suppression", "markers");
      return;
    }
  if (g_str_equal (procedure->id, "reaction-test"))
    {
      muster_odds_set_marker_count (fill, &facts->acting, "suppression", "suppression");
      return;
    }
  muster_odds_set_marker_count (fill, &facts->acting, "suppression", "attacker-suppression");
  muster_odds_set_marker_count (fill, &facts->target, "suppression", "defender-suppression");
}

/* The Confidence Level the acting unit has come down to (§4.3.4): Resolve counts the levels a
 * failed Confidence Test costs on its "confidence-lost" marker, and the list says nothing of
 * fatigue or an inspiring leader, so they are counted from Confident, where a fresh unit
 * starts (§1). A charge (and a Close Assault) tests at that level; Broken cannot charge (our
 * default, as the digest's); Routed cannot fight and never fires. */
static void
set_confidence (const MusterProcedure *procedure,
                const MusterOddsFacts *facts,
                MusterOddsFill        *fill)
{
  static const char * const levels[] = {
    "inspired", "confident", "steady", "shaken", "broken", "routed"
  };
  static const char * const names[] = {
    N_("Inspired"), N_("Confident"), N_("Steady"), N_("Shaken"), N_("Broken"), N_("Routed")
  };
  const MusterOddsSide *acting = &facts->acting;
  const char *id = procedure->id;
  int lost = muster_markers_get_int (muster_odds_markers (acting), "confidence-lost");
  int level = MIN (1 + lost, (int) G_N_ELEMENTS (levels) - 1);
  gboolean charges = g_str_equal (id, "charge") || g_str_equal (id, "close-assault");

  if (lost <= 0)
    return;
  if (charges && level <= 3)
    /* TRANSLATORS: %1$s is the unit's name, %2$d the levels its marker confidence-lost
     * counts, %3$s the Confidence Level it is at ("Steady") */
    muster_odds_set_choice (fill, "confidence", levels[level],
                            _("%1$s has confidence-lost %2$d: %3$s, down from Confident"),
                            muster_odds_side_name (acting), lost, _(names[level]));
  else if (level == 5 && (charges || g_str_equal (id, "fire") ||
                          g_str_equal (id, "hand-to-hand")))
    /* TRANSLATORS: %1$s is the unit's name, %2$s its Confidence Level ("Routed"), %3$d the
     * levels its marker confidence-lost counts; the same in the next one */
    muster_odds_block (fill, _("%1$s is %2$s (confidence-lost %3$d): it cannot fight and "
                               "never fires"), muster_odds_side_name (acting),
                       _(names[level]), lost);
  else if (charges)
    muster_odds_block (fill, _("%1$s is %2$s (confidence-lost %3$d): it cannot charge"),
                       muster_odds_side_name (acting), _(names[level]), lost);
}

void
_muster_sov_table_inputs (const MusterProcedure *procedure,
                          const MusterOddsFacts *facts,
                          MusterOddsFill        *fill)
{
  gboolean skirmish = facts->target.placement->formation == MUSTER_FORMATION_SKIRMISH;

  set_distance (fill, facts);
  muster_odds_set_cover (fill, facts, "cover", muster_sov_cover_ids);
  if (skirmish)
    /* TRANSLATORS: %s is the target's name */
    muster_odds_set_choice (fill, "target-formation", "skirmish", _("%s is in skirmish order"),
                            muster_odds_side_name (&facts->target));
  if (skirmish && facts->aspect == MUSTER_ASPECT_FLANK)
    muster_odds_set_choice (fill, "facing", "front", "%s",
                            _("on its flank, but skirmishers have no flanks"));
  else if (skirmish && facts->aspect == MUSTER_ASPECT_REAR)
    muster_odds_set_choice (fill, "facing", "front", "%s",
                            _("on its rear, but skirmishers have no flanks"));
  else
    muster_odds_set_aspect (fill, facts, "facing", sov_aspects);
  set_suppression (procedure, facts, fill);
  set_confidence (procedure, facts, fill);
}
