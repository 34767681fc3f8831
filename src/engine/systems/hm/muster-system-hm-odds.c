/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-hm"

#include "config.h"

#include "muster-battle-log.h"
#include "muster-markers.h"
#include "muster-odds-private.h"
#include "muster-system-hm-private.h"
#include "muster-unit.h"

/*
 * Horse and musket on the table (§6.2, §7): a flank shot, a target or a charged defender in
 * light cover (the only cover the book prices: woods, a town, earthworks all count), an enemy
 * struck from the rear in melee, the gap a rout and pursuit start from, and the morale state
 * and hits the acting unit carries, and the stands it has lost (from the battle log). The book gives no range distances, so the range bands stay
 * asked for.
 */

static void
set_light_cover (MusterOddsFill        *fill,
                 const MusterOddsFacts *facts,
                 const char            *id)
{
  muster_odds_set_cover (fill, facts, id, NULL);
}

/* The stands the battle log says the unit has lost: its size before the first roll that
 * changed it, less its size now (Resolve takes a stand for every 3 hits, and the list's size
 * follows). Returns: the stands lost; 0, with *@starting untouched, when no roll changed it or
 * it has not shrunk since. */
static guint
stands_lost (const MusterOddsFacts *facts,
             const MusterOddsSide  *side,
             guint                 *starting)
{
  const char *id = muster_unit_get_id (side->unit);
  guint now = muster_unit_get_size (side->unit);

  for (guint i = 0; i < muster_doc_get_n_log_entries (facts->doc); i++)
    {
      const MusterLogEntry *entry = muster_doc_get_log_entry (facts->doc, i);

      for (guint c = 0; c < entry->changes->len; c++)
        {
          const MusterLogChange *change = &g_array_index (entry->changes, MusterLogChange, c);

          if (!g_str_equal (change->unit, id))
            continue;
          if (change->size_before <= now)
            return 0;
          *starting = change->size_before;
          return change->size_before - now;
        }
    }
  return 0;
}

/* A Morale Test (and forming square, and a rally) counts the stands lost in its casualty
 * percentage (§9.1): the list's size is what is left, so the stands at the start of the battle
 * and those lost since come from the battle log. */
static void
set_stands_lost (const MusterProcedure *procedure,
                 const MusterOddsFacts *facts,
                 MusterOddsFill        *fill)
{
  const MusterOddsSide *acting = &facts->acting;
  guint starting = 0, lost;

  if (acting->unit == NULL ||
      muster_procedure_find_input (procedure, "stands-lost") < 0 ||
      (lost = stands_lost (facts, acting, &starting)) == 0)
    return;
  muster_odds_set (fill, "starting-stands", (int) starting,
                   /* TRANSLATORS: %s is the unit's name, %u a number of stands */
                   _("%s had %u stands before the battle log's first loss"),
                   muster_odds_side_name (acting), starting);
  /* TRANSLATORS: %s is the unit's name, then the stands lost and those it started with */
  muster_odds_set (fill, "stands-lost", (int) lost, _("%s has lost %u of its %u stands"),
                   muster_odds_side_name (acting), lost, starting);
}

/* The acting unit's morale state and the hits it carries, as Resolve left them on its markers
 * (§9.3): a Suppressed unit fires with half its stands and may not charge, a Shaken or Routed
 * one flees and neither fires nor charges (our defaults, H26); a rally starts from its state;
 * its Morale Test and hit conversion count the hits it still carries. */
static void
set_morale_markers (const MusterProcedure *procedure,
                    const MusterOddsFacts *facts,
                    MusterOddsFill        *fill)
{
  const MusterOddsSide *acting = &facts->acting;
  const char *id = procedure->id;
  g_autofree char *state = muster_markers_get (muster_odds_markers (acting), "morale");

  if (g_str_equal (id, "morale-test") || g_str_equal (id, "rally"))
    muster_odds_set_marker_count (fill, acting, "hits", "hits");
  else if (g_str_equal (id, "hit-conversion"))
    muster_odds_set_marker_count (fill, acting, "hits", "carried-hits");
  if (g_str_equal (id, "rally"))
    muster_odds_set_marker_choice (fill, acting, "morale", "state");
  if (state == NULL)
    return;
  if (g_str_equal (id, "artillery-fire") || g_str_equal (id, "small-arms-fire") ||
      g_str_equal (id, "opportunity-fire"))
    {
      if (g_str_equal (state, "suppressed"))
        muster_odds_set_marker_flag (fill, acting, "morale", NULL, "half-stands");
      else if (g_str_equal (state, "shaken"))
        /* TRANSLATORS: %s is the unit's name, here and in the next ones */
        muster_odds_block (fill, _("%s is shaken: it flees and does not fire"),
                           muster_odds_side_name (acting));
      else if (g_str_equal (state, "routed"))
        muster_odds_block (fill, _("%s is routed: it flees and does not fire"),
                           muster_odds_side_name (acting));
      else
        /* TRANSLATORS: %1$s is the unit's name, %2$s a morale state as the scenario file
         * spells it */
        muster_odds_block (fill, _("%1$s is %2$s: it flees and does not fire"),
                           muster_odds_side_name (acting), state);
    }
  else if (g_str_equal (id, "charge") || g_str_equal (id, "charge-test"))
    {
      if (g_str_equal (state, "suppressed"))
        muster_odds_block (fill, _("%s is suppressed: it may not charge"),
                           muster_odds_side_name (acting));
      else if (g_str_equal (state, "shaken"))
        muster_odds_block (fill, _("%s is shaken: it may not charge"),
                           muster_odds_side_name (acting));
      else if (g_str_equal (state, "routed"))
        muster_odds_block (fill, _("%s is routed: it may not charge"),
                           muster_odds_side_name (acting));
      else
        /* TRANSLATORS: as "%1$s is %2$s: it flees and does not fire" */
        muster_odds_block (fill, _("%1$s is %2$s: it may not charge"),
                           muster_odds_side_name (acting), state);
    }
}

void
_muster_hm_table_inputs (const MusterProcedure *procedure,
                         const MusterOddsFacts *facts,
                         MusterOddsFill        *fill)
{
  const char *id = procedure->id;
  /* whole sentences, one per aspect, so a translation can decline the noun */
  static const char * const firer[] = {
    N_("the firer is on the target's front"), N_("the firer is on the target's flank"),
    N_("the firer is on the target's rear"),
  };

  if (g_str_equal (id, "artillery-fire") || g_str_equal (id, "small-arms-fire") ||
      g_str_equal (id, "opportunity-fire"))
    {
      muster_odds_set (fill, "flank", facts->aspect == MUSTER_ASPECT_FLANK,
                       "%s", _(firer[facts->aspect]));
      set_light_cover (fill, facts, "light-cover");
    }
  else if (g_str_equal (id, "charge"))
    set_light_cover (fill, facts, "defender-in-cover");
  else if (g_str_equal (id, "melee"))
    muster_odds_set (fill, "attacker-rear", facts->aspect == MUSTER_ASPECT_REAR,
                     "%s", muster_odds_describe_attacker (facts));
  else if (g_str_equal (id, "rout-pursuit"))
    muster_odds_set_distance (fill, facts, "gap");
  set_morale_markers (procedure, facts, fill);
  set_stands_lost (procedure, facts, fill);
}
