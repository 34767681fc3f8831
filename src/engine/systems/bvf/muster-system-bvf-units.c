/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bvf"

#include "config.h"

#include <string.h>

#include "muster-army.h"
#include "muster-fill-private.h"
#include "muster-stats.h"
#include "muster-system-bvf-private.h"
#include "muster-system.h"
#include "muster-unit.h"

/*
 * From a unit of an army list to a Battle Valor Fantasy procedure's inputs, so that the
 * Preview workspace can pick units from the open list. What a unit is (stands, figures, attack
 * dice, armour) comes from its derived statistics; what it can do from its special rules
 * (its type's and its options', a mount's included) and its options' tags; its Captain and
 * Apothecary from the characters attached to it. Inputs that describe the situation (range,
 * flank, first round…) are left as they are.
 */

typedef struct
{
  int      level;
  int      stands;
  int      per_stand;        /* figures, or wounds for a Monstrous Creature */
  int      attacks;          /* attack dice per stand */
  gboolean per_figure;       /* one die per figure rather than per stand */
  int      armour;
  int      mr;
  gboolean large;
  gboolean double_handed, pole, pike, standard, leader, musician;
  gboolean monstrous;
  int      causes;
  gboolean trained, slow, claws, tough_hide_4, trample, break_through;
  int      resilient;
  int      shock;            /* 0, or the Shock level */
  int      captain;          /* 0 none, 1–3 Regular–Elite */
  int      apothecary;
  gboolean stone_thrower;
  gboolean character;        /* missile and spell dice against it need 6s when alone */
  gboolean sure_footed;      /* ignores difficult terrain (§2.9, Rams) */
} UnitFacts;

static void
note_rules (UnitFacts    *f,
            char * const *rules)
{
  if (muster_fill_has (rules, "cause-terror"))
    f->causes = MUSTER_BVF_TERROR;
  else if (muster_fill_has (rules, "cause-fear") && f->causes == MUSTER_BVF_FEAR_NONE)
    f->causes = MUSTER_BVF_FEAR;
  f->trained |= muster_fill_has (rules, "trained-for-war");
  f->slow |= muster_fill_has (rules, "slow-thinking");
  f->claws |= muster_fill_has (rules, "rending-claws") || muster_fill_has (rules, "scorpion-tail") ||
              muster_fill_has (rules, "go-for-the-throat");
  f->tough_hide_4 |= muster_fill_has (rules, "tough-hide-4");
  f->sure_footed |= muster_fill_has (rules, "sure-footed");
  f->trample |= muster_fill_has (rules, "trample");
  f->break_through |= muster_fill_has (rules, "unstoppable-charge-1") || muster_fill_has (rules, "unstoppable-charge-2");
  f->resilient += muster_fill_has (rules, "resilient") + muster_fill_has (rules, "dwarian-resilience");
  f->monstrous |= muster_fill_has (rules, "monstrous-creature");
  /* §9.12: Independent units count as having a Command Stand that cannot be lost. */
  if (muster_fill_has (rules, "independent-1") || muster_fill_has (rules, "independent-2"))
    f->standard = f->leader = f->musician = TRUE;
  for (int level = 1; level <= 3; level++)
    {
      g_autofree char *id = g_strdup_printf ("shock-%d", level);

      if (muster_fill_has (rules, id))
        f->shock = level;
    }
}

static int
level_of (const char *option_id)
{
  for (int i = 0; _muster_bvf_level_ids[i] != NULL; i++)
    if (g_strcmp0 (_muster_bvf_level_ids[i], option_id) == 0)
      return i;
  return -1;
}

/* Captains and Apothecaries attached to @unit, anywhere in its force. */
static void
note_attached (const MusterRuleset *ruleset,
               const MusterNode    *node,
               const char          *unit_id,
               UnitFacts           *f)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      const MusterUnit *u = muster_node_get_unit (node, i);
      const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                                 muster_unit_get_type_id (u));
      int level = MUSTER_BVF_REGULAR;

      if (g_strcmp0 (muster_unit_get_attached_to (u), unit_id) != 0 || type == NULL)
        continue;
      for (guint j = 0; j < muster_unit_get_n_picks (u); j++)
        if (level_of (muster_unit_get_pick (u, j, NULL)) >= 0)
          level = level_of (muster_unit_get_pick (u, j, NULL));
      /* the character choices are none, Regular, Veteran, Elite */
      if (g_str_equal (type->item.id, "captain"))
        f->captain = MAX (1, level);
      else if (g_str_equal (type->item.id, "apothecary"))
        f->apothecary = MAX (1, level);
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    note_attached (ruleset, muster_node_get_node (node, i), unit_id, f);
}

/* The unit's own force, not @list_force, holds the characters attached to it. */
static void
bvf_facts (const MusterRuleset  *ruleset,
           const MusterForce    *list_force,
           const MusterUnitType *type,
           const MusterUnit     *unit,
           gpointer              facts)
{
  UnitFacts *f = facts;
  const MusterForce *force = muster_unit_get_force (unit);
  g_autoptr(MusterStats) stats = NULL;
  const char *experience;

  /* Read as costs and statistics read it, also from several picks (muster-cost.c). */
  experience = muster_unit_choice_in (ruleset, unit, "experience");
  f->level = MAX (0, level_of (experience));
  note_rules (f, type->rules);
  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      const char *id = muster_unit_get_pick (unit, i, NULL);
      const MusterOption *option = muster_ruleset_get_option (ruleset, id);

      if (option == NULL)
        continue;
      note_rules (f, option->rules);
      f->double_handed |= muster_fill_has (option->tags, "armour-piercing");
      f->pole |= muster_fill_has (option->tags, "pole");
      f->pike |= g_str_equal (id, "pike");
      f->standard |= muster_fill_has (option->tags, "standard");
      f->leader |= muster_fill_has (option->tags, "leader");
      f->musician |= muster_fill_has (option->tags, "musician");
    }
  /* §2.8: a lone character needs 6s to hit; a Veteran ignores its first wound, an Elite two */
  f->character = g_str_equal (type->category, "character");
  if (f->character)
    f->resilient += MAX (0, f->level - MUSTER_BVF_REGULAR);
  /* the engine group's default is the Stone Thrower */
  f->stone_thrower = muster_unit_get_option_count (unit, "bolt-thrower") == 0;

  stats = muster_system_derived_stats (ruleset, force, unit);
  f->stands = muster_unit_get_size (unit);
  f->mr = muster_fill_stat_int (stats, "mr", 6);
  f->armour = CLAMP (muster_fill_stat_int (stats, "armour", 0), 0, 3);
  f->large = g_strcmp0 (muster_stats_get_text (stats, "size-class"), "large") == 0;
  if (f->monstrous)
    {
      /* §2.9: its wounds are its MR, and it rolls one die per point of MR left. */
      f->per_stand = muster_fill_stat_int (stats, "wounds", 6);
      f->attacks = f->per_stand;   /* one die per wound left */
      f->per_figure = TRUE;
    }
  else
    {
      /* a War Machine (7 wounds) or a Character (3) has wounds instead of figures */
      f->per_stand = muster_fill_stat_int (stats, "figures", muster_fill_stat_int (stats, "wounds", 1));
      f->attacks = muster_fill_stat_int (stats, "attacks", f->per_stand);
      /* Troops rolling one die per figure lose dice with each figure (§5.10 step 9). */
      f->per_figure = f->attacks == f->per_stand;
    }
  if (force != NULL)
    note_attached (ruleset, muster_force_get_root (force), muster_unit_get_id (unit), f);
}

/**
 * _muster_bvf_unit_mr:
 * @sure_footed: (out): whether it ignores difficult terrain
 *
 * Returns: @unit's Movement Rate in inches, as its statistics and options give it; -1 for a
 *   unit whose type the ruleset does not know
 */
int
_muster_bvf_unit_mr (const MusterRuleset *ruleset,
                     const MusterForce   *force,
                     const MusterUnit    *unit,
                     gboolean            *sure_footed)
{
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                             muster_unit_get_type_id (unit));
  UnitFacts f = { 0 };

  *sure_footed = FALSE;
  if (type == NULL)
    return -1;
  bvf_facts (ruleset, force, type, unit, &f);
  *sure_footed = f.sure_footed;
  return f.mr;
}

/* A side of a combat (a- or b-). */
static void
fill_combat_side (const MusterProcedure *p,
                  int                   *v,
                  const char            *prefix,
                  const UnitFacts       *f)
{
  muster_fill_set (p, v, prefix, "stands", f->monstrous ? 1 : f->stands);
  muster_fill_set (p, v, prefix, "figures", f->per_stand);
  muster_fill_set (p, v, prefix, "dice-per-figure", f->per_figure ? f->attacks / MAX (1, f->per_stand) : 0);
  muster_fill_set (p, v, prefix, "dice-per-stand", f->per_figure ? 0 : f->attacks);
  muster_fill_set (p, v, prefix, "experience", f->level);
  muster_fill_set (p, v, prefix, "armour", f->armour);
  muster_fill_set (p, v, prefix, "double-handed", f->double_handed || f->claws);
  muster_fill_set (p, v, prefix, "standard", f->standard);
  muster_fill_set (p, v, prefix, "captain", f->captain);
  muster_fill_set (p, v, prefix, "pole", f->pole);
  muster_fill_set (p, v, prefix, "advantage", f->large);
  muster_fill_set (p, v, prefix, "causes", f->causes);
  muster_fill_set (p, v, prefix, "trained-for-war", f->trained);
  muster_fill_set (p, v, prefix, "resilient", f->resilient);
  muster_fill_set (p, v, prefix, "apothecary", f->apothecary);
  muster_fill_set (p, v, prefix, "other", f->slow ? -1 : 0);
}

/* A side of a combat or an engagement ("a-"/"b-"), else the unit acting or the target. */
static void
bvf_fill (const MusterProcedure *p,
          int                   *v,
          MusterFillRole         role,
          gconstpointer          facts)
{
  const UnitFacts *f = facts;
  gboolean acting = role == MUSTER_FILL_ROLE_ACTING;
  int figures = f->stands * f->per_stand;
  int dice = f->monstrous ? f->mr : f->stands * f->attacks;

  if (g_str_equal (p->id, "combat") || g_str_equal (p->id, "engagement"))
    {
      /* Shock L2 is 1 impact hit per point of current MR, on a single model */
      int impact_per_stand[] = { 0, 1, f->mr, 2 };

      fill_combat_side (p, v, acting ? "a-" : "b-", f);
      if (acting)
        {
          muster_fill_set (p, v, "", "leader", f->leader);
          muster_fill_set (p, v, "", "impact-per-stand", impact_per_stand[f->shock]);
          muster_fill_set (p, v, "", "trample", f->trample);
          muster_fill_set (p, v, "", "break-through", f->break_through);
        }
      else
        muster_fill_set (p, v, "", "pike", f->pike);
      return;
    }

  if (!acting)
    {
      muster_fill_set (p, v, "target-", "experience", f->level);
      muster_fill_set (p, v, "target-", "armour", f->armour);
      muster_fill_set (p, v, "target-", "figures", figures);
      muster_fill_set (p, v, "target-", "causes", f->causes);
      muster_fill_set (p, v, "target-", "pole", f->pole);
      muster_fill_set (p, v, "target-", "slow-thinking", f->slow);
      muster_fill_set (p, v, "target-", "captain", f->captain);
      muster_fill_set (p, v, "target-", "advantage", f->large);
      muster_fill_set (p, v, "", "resilient", f->resilient);
      muster_fill_set (p, v, "", "apothecary", f->apothecary);
      muster_fill_set (p, v, "", "large-target", f->large);
      muster_fill_set (p, v, "", "tough-hide-4", f->tough_hide_4);
      muster_fill_set (p, v, "", "cancelled", f->pike);
      muster_fill_set (p, v, "", "character-target", f->character);
      muster_fill_set (p, v, "", "needs-six", f->character);
      return;
    }

  muster_fill_set (p, v, "", "experience", f->level);
  muster_fill_set (p, v, "", "slow-thinking", f->slow);
  muster_fill_set (p, v, "", "stands", f->stands);
  muster_fill_set (p, v, "", "leader", f->leader);
  muster_fill_set (p, v, "", "musician", f->musician);
  muster_fill_set (p, v, "", "attack-dice", dice);
  muster_fill_set (p, v, "", "standard", f->standard);
  muster_fill_set (p, v, "", "pole", f->pole);
  muster_fill_set (p, v, "", "large-vs-small", f->large);
  muster_fill_set (p, v, "", "causes", f->causes);
  muster_fill_set (p, v, "", "trained-for-war", f->trained);
  muster_fill_set (p, v, "", "no-armour-rerolls", g_str_equal (p->id, "impact-hits") ?
                                             f->claws : f->double_handed || f->claws);
  muster_fill_set (p, v, "", "captain", f->captain);
  muster_fill_set (p, v, "", "contact", f->stands);
  muster_fill_set (p, v, "", "shock", f->shock);
  muster_fill_set (p, v, "", "mr", f->mr);
  muster_fill_set (p, v, "", "machine", f->stone_thrower ? MUSTER_BVF_STONE_THROWER :
                                                      MUSTER_BVF_BOLT_THROWER);
  if (g_str_equal (p->id, "missile-fire"))
    muster_fill_set (p, v, "", "figures", figures);
  if (g_str_equal (p->id, "success-roll"))
    muster_fill_set (p, v, "", "dice", f->stands);
}


/* The needs-six of a Success roll and a Spell is the target's: a lone Character. */
static const MusterFillRoles bvf_roles[] = {
  { "success-roll", MUSTER_FILL_BOTH },
  { "charge-roll", MUSTER_FILL_ACTS },
  { "rally", MUSTER_FILL_ACTS },
  { "flee", MUSTER_FILL_ACTS },
  { "missile-fire", MUSTER_FILL_BOTH },
  { "impact-hits", MUSTER_FILL_BOTH },
  { "melee-strike", MUSTER_FILL_BOTH },
  { "combat", MUSTER_FILL_BOTH },
  { "engagement", MUSTER_FILL_BOTH },
  { "war-machine", MUSTER_FILL_BOTH },
  { "spell", MUSTER_FILL_TARGETS },
  { "character-action", MUSTER_FILL_ACTS },
  { NULL, 0 }
};

/* Stands and figures, attack dice, experience, armour, weapons, command, special rules (a
 * mount's too) and the attached Captain or Apothecary. */
const MusterFillSystem _muster_bvf_fill = {
  .roles = bvf_roles,
  .facts_size = sizeof (UnitFacts),
  .facts = bvf_facts,
  .set = bvf_fill,
};
