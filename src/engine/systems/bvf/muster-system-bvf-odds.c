/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bvf"

#include "config.h"

#include <math.h>

#include "muster-army.h"
#include "muster-doc.h"
#include "muster-odds-private.h"
#include "muster-system-bvf-private.h"
#include "muster-unit.h"

/*
 * Battle Valor Fantasy on the table (§2.4, §5, §6): the shooting range band from the
 * "shooting" range's rings (8″ or less short, 16″ or more long; a war machine's long range is
 * beyond 16″), line of sight for war machines, a target inside a wood or behind a linear
 * obstacle, Line, Attack Column, Wedge and skirmishing formations, the face a unit is charged
 * or struck on, base contact for a combat attack, high ground, and whether the acting unit's General stands within 12″ (§2.8).
 * A charge (Combat over several rounds, Engagement, impact hits) needs the target within the
 * charge distance: 2 × MR (§5.10 step 3), halved by difficult terrain (§6.1). A shot needs
 * something to shoot with: missile fire a missile weapon, a war machine shot an engine.
 */

static const char * const bvf_aspects[] = { "front", "flank", "rear" };

/* The book's band edges, for a weapon without rings of its own (the unlimited Stone
 * Thrower's): the same 8″ and 16″ (§5.9). */
#define BVF_SHORT_MM (8 * 25.4)
#define BVF_LONG_MM  (16 * 25.4)

static void
set_range (MusterOddsFill        *fill,
           const MusterOddsFacts *facts,
           gboolean               sixteen_is_long)
{
  const MusterRange *range = muster_odds_find_range (facts, "shooting");
  g_autofree char *distance = muster_odds_facts_format_distance (facts);
  double near = BVF_SHORT_MM, far = BVF_LONG_MM, d = facts->distance;
  const double slack = 0.05 * facts->mm_per_unit;
  const char *band;

  if (range == NULL)
    return;
  if (range->n_rings >= 2)
    {
      near = range->rings[0];
      far = range->rings[1];
    }
  if (d <= near + slack)
    band = "short";
  else if (sixteen_is_long ? d >= far - slack : d > far + slack)
    band = "long";
  else
    band = "medium";
  if (!range->unlimited && d > range->max + slack)
    {
      /* TRANSLATORS: %s is the distance ("34.6″"), %.0f the weapon's reach in inches */
      muster_odds_set_choice (fill, "range", "long", _("%s: beyond its %.0f″ reach, out of range"),
                              distance, range->max / facts->mm_per_unit);
      /* TRANSLATORS: why missile fire is not possible; %s is the distance ("34.6″"), %.0f
       * the weapon's reach in inches */
      muster_odds_block (fill, _("out of range: %s, beyond its %.0f″ reach"), distance,
                         range->max / facts->mm_per_unit);
    }
  else if (g_str_equal (band, "short"))
    /* TRANSLATORS: the range band; %s is the distance ("9.4″"), here and in the next two */
    muster_odds_set_choice (fill, "range", band, _("%s: short range"), distance);
  else if (g_str_equal (band, "long"))
    muster_odds_set_choice (fill, "range", band, _("%s: long range"), distance);
  else
    muster_odds_set_choice (fill, "range", band, _("%s: medium range"), distance);
}

#define GENERAL_REACH_MM (12 * 25.4)

/* The acting unit's General (the "general" unit type of its force), if he is on the table:
 * "general" is within 12″ of him, edge to edge. A General who is not placed is asked for. */
static void
set_general (MusterOddsFill        *fill,
             const MusterOddsFacts *facts)
{
  MusterBattlefield *battlefield = muster_doc_get_battlefield (facts->doc);
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  const MusterFeature *general = NULL;
  const char *name = NULL;
  double d;

  if (facts->acting.force == NULL)
    return;
  muster_node_collect_units (muster_force_get_root (facts->acting.force), units);
  for (guint i = 0; i < units->len && general == NULL; i++)
    if (g_str_equal (muster_unit_get_type_id (units->pdata[i]), "general"))
      {
        general = muster_battlefield_lookup_unit (battlefield,
                                                  muster_unit_get_id (units->pdata[i]));
        name = muster_unit_get_name (units->pdata[i]);
      }
  if (general == NULL)
    return;
  if (general == facts->acting.placement)
    {
      if (name != NULL)
        /* TRANSLATORS: %s is the acting unit's name: he is the General himself */
        muster_odds_set (fill, "general", TRUE, _("%s is the General"), name);
      else
        muster_odds_set (fill, "general", TRUE, "%s", _("it is the General"));
      return;
    }
  d = muster_battlefield_distance (battlefield, general->id, facts->acting.placement->id);
  if (name != NULL)
    /* TRANSLATORS: %s is the General's name, %.1f his distance in inches */
    muster_odds_set (fill, "general", d <= GENERAL_REACH_MM + 0.05 * facts->mm_per_unit,
                     _("%s %.1f″ away"), name, d / facts->mm_per_unit);
  else
    /* TRANSLATORS: %.1f is the General's distance in inches */
    muster_odds_set (fill, "general", d <= GENERAL_REACH_MM + 0.05 * facts->mm_per_unit,
                     _("the General %.1f″ away"), d / facts->mm_per_unit);
}

/* Sets the bool @id to @holds, saying why with @is_in or @is_not_in (whole sentences, each
 * with the unit's name for its %s). A macro, so the compiler checks the formats it is given */
#define SET_FORMATION(fill, id, side, holds, is_in, is_not_in) \
  muster_odds_set ((fill), (id), (holds), (holds) ? (is_in) : (is_not_in), \
                   muster_odds_side_name (side))

static void
set_woods (MusterOddsFill        *fill,
           const MusterOddsFacts *facts,
           const char            *id)
{
  g_autofree char *ground = muster_odds_describe_ground (&facts->target);

  muster_odds_set (fill, id, muster_odds_stands_in (&facts->target, MUSTER_TERRAIN_WOODS),
                   "%s", ground);
}

/* A combat attack (steps 9–11 of §5.10) is struck by a unit already in combat, on its
 * Attack counter: nothing moves, so only units in base contact can strike. Getting there is
 * the charge's business (Combat over several rounds, Engagement). */
static void
need_contact (MusterOddsFill        *fill,
              const MusterOddsFacts *facts)
{
  g_autofree char *distance = NULL;

  if (facts->distance <= 0.05 * facts->mm_per_unit)
    return;
  distance = muster_odds_facts_format_distance (facts);
  /* TRANSLATORS: why a combat attack is not possible; %s is the distance ("3.2″") */
  muster_odds_block (fill, _("not in contact: %s apart, and a combat attack is struck in base "
                             "contact"), distance);
}

/* How far, in the ruleset's units, the acting unit goes before it enters @piece. */
static double
distance_to_piece (const MusterOddsFacts *facts,
                   const MusterFeature   *piece)
{
  g_autoptr(MusterFootprint) footprint = muster_feature_get_footprint (facts->acting.placement);
  MusterShape unit = muster_footprint_get_shape (footprint);
  MusterPoint scratch[4];
  MusterShape shape = muster_feature_get_shape (piece, scratch);

  return muster_shape_distance (&unit, &shape) / facts->mm_per_unit;
}

/* §5.10 step 3: the charge distance is 2 × MR, Skirmish's +2 counted before doubling. §6.1,
 * the same rule for the doubled distance: a unit that starts its move in difficult terrain
 * has half of it, rounded up; one that enters it on the way (the target stands in it, or a
 * linear obstacle lies before the target) has the rest of its move halved from where it
 * enters, rounded up; a Sure Footed unit ignores both. Out of reach, the charge is made but
 * does not come into contact: no impact hits and no combat. Fog's 1 × MR is for the umpire
 * to say. */
static void
need_charge_reach (MusterOddsFill        *fill,
                   const MusterOddsFacts *facts)
{
  const MusterOddsSide *acting = &facts->acting;
  const MusterOddsSide *target = &facts->target;
  const MusterFeature *entered = NULL;
  g_autofree char *distance = NULL;
  gboolean sure_footed = FALSE;
  double reach, enter = 0;
  int mr;

  if (facts->distance <= 0.05 * facts->mm_per_unit || acting->unit == NULL ||
      (mr = _muster_bvf_unit_mr (facts->ruleset, acting->force, acting->unit,
                                 &sure_footed)) < 0)
    return;
  if (acting->placement->formation == MUSTER_FORMATION_SKIRMISH)
    mr += 2;
  reach = 2 * mr;
  if (!sure_footed && acting->terrain_type != NULL &&
      acting->terrain_type->move == MUSTER_MOVE_DIFFICULT)
    {
      entered = acting->terrain;
      reach = ceil (reach / 2);
    }
  else if (!sure_footed)
    {
      if (target->terrain_type != NULL && target->terrain_type->move == MUSTER_MOVE_DIFFICULT)
        entered = target->terrain;
      if (facts->obstacle != NULL &&
          (entered == NULL || distance_to_piece (facts, facts->obstacle) <
                              distance_to_piece (facts, entered)))
        entered = facts->obstacle;
      if (entered != NULL && (enter = distance_to_piece (facts, entered)) < reach)
        reach = enter + ceil ((reach - enter) / 2);
      else
        entered = NULL;
    }
  if (facts->distance <= (reach + 0.05) * facts->mm_per_unit)
    return;
  distance = muster_odds_facts_format_distance (facts);
  if (entered == NULL)
    /* TRANSLATORS: why a charge is not possible; %s is the distance ("45.0″"), %g the
     * charge's reach in inches, %d the unit's Movement Rate */
    muster_odds_block (fill, _("out of charge reach: %s apart, beyond its %g″ charge (2 × MR %d)"),
                       distance, reach, mr);
  else if (enter <= 0)
    /* TRANSLATORS: as the one before; the last %s is the difficult terrain's name */
    muster_odds_block (fill, _("out of charge reach: %s apart, beyond its %g″ charge (2 × MR %d, "
                               "halved in %s)"), distance, reach, mr,
                       muster_odds_feature_name (entered));
  else
    /* TRANSLATORS: as the one before; %.1f (the last) is how far on the terrain begins */
    muster_odds_block (fill, _("out of charge reach: %s apart, beyond its %.1f″ charge (2 × MR %d, "
                               "the rest halved in %s, %.1f″ on)"), distance, reach, mr,
                       muster_odds_feature_name (entered), enter);
}

/* §2.4: missile fire is a volley of a unit with missile weapons (its "shooting" range, from the
 * options), a war machine shot the shot of a War Machine's engine, which does not fire volleys.
 * A unit without them cannot do either, whatever the table says. */
static void
need_weapon (MusterOddsFill        *fill,
             const MusterOddsFacts *facts,
             gboolean               machine_shot)
{
  const MusterUnit *unit = facts->acting.unit;
  const MusterUnitType *type;
  const char *name;
  gboolean machine;

  /* a unit the list does not say: nothing to go by, asked as before */
  if (unit == NULL)
    return;
  type = muster_ruleset_get_unit_type (facts->ruleset, muster_unit_get_type_id (unit));
  machine = type != NULL && g_strcmp0 (type->category, "war-machine") == 0;
  name = muster_odds_side_name (&facts->acting);
  if (machine_shot && !machine)
    /* TRANSLATORS: %s is the acting unit's name, here and in the next three */
    muster_odds_block (fill, _("%s is not a war machine"), name);
  else if (!machine_shot && machine)
    muster_odds_block (fill, _("%s is a war machine: it shoots with War machine shot"), name);
  else if (muster_odds_find_range (facts, "shooting") == NULL)
    muster_odds_block (fill, machine_shot ? _("%s has no engine to shoot with")
                                          : _("%s has no missile weapons"), name);
}

void
_muster_bvf_table_inputs (const MusterProcedure *procedure,
                          const MusterOddsFacts *facts,
                          MusterOddsFill        *fill)
{
  MusterFormation acting = facts->acting.placement->formation;
  MusterFormation target = facts->target.placement->formation;
  const char *id = procedure->id;

  if (g_str_equal (id, "missile-fire") || g_str_equal (id, "war-machine"))
    {
      need_weapon (fill, facts, g_str_equal (id, "war-machine"));
      set_range (fill, facts, g_str_equal (id, "missile-fire"));
      muster_odds_set_sight (fill, facts, "line-of-sight");
      set_woods (fill, facts, "woods");
      muster_odds_set_obstacle (fill, facts, "obstacle");
      /* TRANSLATORS: %s is a unit's name, in each of the formation sentences */
      SET_FORMATION (fill, "line", &facts->acting, acting == MUSTER_FORMATION_LINE,
                     _("%s is in Line"), _("%s is not in Line"));
      SET_FORMATION (fill, "skirmish-target", &facts->target,
                     target == MUSTER_FORMATION_SKIRMISH, _("%s is in skirmish order"),
                     _("%s is not in skirmish order"));
      SET_FORMATION (fill, "deep-formation", &facts->target,
                     target == MUSTER_FORMATION_COLUMN || target == MUSTER_FORMATION_SQUARE ||
                     target == MUSTER_FORMATION_WEDGE, _("%s is in Attack Column, Square or Wedge"),
                     _("%s is not in Attack Column, Square or Wedge"));
    }
  else if (g_str_equal (id, "melee-strike") || g_str_equal (id, "combat") ||
           g_str_equal (id, "engagement") || g_str_equal (id, "impact-hits"))
    {
      muster_odds_set_aspect (fill, facts, "direction", bvf_aspects);
      SET_FORMATION (fill, "target-line", &facts->target, target == MUSTER_FORMATION_LINE,
                     _("%s is in Line"), _("%s is not in Line"));
      SET_FORMATION (fill, "attack-column", &facts->acting, acting == MUSTER_FORMATION_COLUMN,
                     _("%s is in Attack Column"), _("%s is not in Attack Column"));
      SET_FORMATION (fill, "wedge", &facts->acting, acting == MUSTER_FORMATION_WEDGE,
                     _("%s is in Wedge"), _("%s is not in Wedge"));
      muster_odds_set_obstacle (fill, facts, "obstacle");
      if (facts->obstacle != NULL)
        muster_odds_set_obstacle (fill, facts, "cancelled");
      if (facts->acting.on_hill && !facts->target.on_hill)
        /* TRANSLATORS: %s is the hill's name */
        muster_odds_set (fill, "high-ground", TRUE, _("on %s, the target below"),
                         muster_odds_feature_name (facts->acting.terrain));
      else
        muster_odds_set (fill, "high-ground", FALSE, "%s",
                         facts->acting.on_hill ? _("both on a hill") : _("not on a hill"));
    }
  if (g_str_equal (id, "melee-strike"))
    need_contact (fill, facts);
  if (g_str_equal (id, "combat") || g_str_equal (id, "engagement") ||
      g_str_equal (id, "impact-hits"))
    need_charge_reach (fill, facts);
  if (g_str_equal (id, "combat") || g_str_equal (id, "engagement") ||
      g_str_equal (id, "charge-roll"))
    set_general (fill, facts);
  if (g_str_equal (id, "spell") &&
      muster_odds_stands_in (&facts->target, MUSTER_TERRAIN_WOODS))
    /* outside a wood it depends on whether the target is a lone Character: asked */
    set_woods (fill, facts, "needs-six");
}
