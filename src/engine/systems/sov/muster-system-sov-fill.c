/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "muster-army.h"
#include "muster-cost.h"
#include "muster-fill-private.h"
#include "muster-system.h"
#include "muster-unit.h"

/*
 * From a unit of a Standards of Valor list to a procedure's inputs: its Unit Quality, LV,
 * troops, Unit Integrity, weapons, armour, capabilities and size. The same input id means the
 * firer in one procedure and the target in another ("armour" is the target's in Fire combat),
 * so each procedure says which of its inputs each role sets.
 */

typedef struct
{
  const char *quality;      /* untrained … elite */
  int         lv;           /* 0: none */
  const char *arm;          /* infantry or cavalry, for the close-combat tables */
  const char *kind;         /* infantry, cavalry, chariot or elephant, as a charge target */
  const char *formation;    /* close, open or skirmish; NULL for a formless unit */
  const char *missile;
  const char *hand_weapon;
  char        armour[16];   /* none … super-heavy */
  const char *shield;       /* large-shield or NULL */
  const char *engine;       /* hxb, tdw, gdw, gpw */
  gboolean    mounted, lone, large_creature, warhorses, pike, phalanx, terror;
  int         mobility;     /* die sides, 0: none */
  int         figures;
} SovFacts;

static const MusterFillRoles sov_roles[] = {
  { "fire", MUSTER_FILL_BOTH },
  { "heavy-weapon-vehicle", MUSTER_FILL_ACTS },
  { "artillery-aim", MUSTER_FILL_ACTS },
  { "artillery-blast", MUSTER_FILL_BOTH },
  { "scythed-chariot", MUSTER_FILL_TARGETS },
  { "charge", MUSTER_FILL_BOTH },
  { "wedge", MUSTER_FILL_BOTH },
  { "hand-to-hand", MUSTER_FILL_BOTH },
  { "close-assault", MUSTER_FILL_BOTH },
  { "confidence-test", MUSTER_FILL_ACTS },
  { "reaction-test", MUSTER_FILL_ACTS },
  { "leader-loss", MUSTER_FILL_ACTS },
  { "fright-check", MUSTER_FILL_ACTS },
  { "remove-suppression", MUSTER_FILL_ACTS },
  { "panic", MUSTER_FILL_ACTS },
  { "independent-figure", MUSTER_FILL_ACTS },
  { "communication", MUSTER_FILL_BOTH },
  { "rally", MUSTER_FILL_ACTS },
  { "spotting", MUSTER_FILL_ACTS },
  { "heroic-combat", MUSTER_FILL_BOTH },
  { "heroic-missile", MUSTER_FILL_BOTH },
  { "sniper", MUSTER_FILL_BOTH },
  { NULL, 0 }
};

static const char *
formation_of (const char *option_id)
{
  static const char * const map[][2] = {
    { "close-order", "close" }, { "open-order", "open" }, { "skirmish-order", "skirmish" },
    /* §4.12: a Wedge is a kind of Close Order */
    { "wedge", "close" },
  };

  for (guint i = 0; option_id != NULL && i < G_N_ELEMENTS (map); i++)
    if (g_str_equal (map[i][0], option_id))
      return map[i][1];
  return NULL;
}

static void
sov_facts (const MusterRuleset  *ruleset,
           const MusterForce    *force,
           const MusterUnitType *type,
           const MusterUnit     *unit,
           gpointer               facts)
{
  SovFacts *f = facts;
  g_autoptr(MusterStats) stats = muster_system_derived_stats (ruleset, force, unit);
  const char *armour = muster_unit_choice_in (ruleset, unit, "armour");
  const char *lv = muster_unit_choice_in (ruleset, unit, "leadership");

  f->quality = muster_unit_choice_in (ruleset, unit, "quality");
  f->lv = lv != NULL && g_str_has_prefix (lv, "lv-") ? atoi (lv + 3) : 0;
  f->mounted = muster_fill_has (type->tags, "mounted");
  f->arm = f->mounted ? "cavalry" : "infantry";
  if (g_str_equal (type->category, "chariot"))
    f->kind = "chariot";
  else if (g_str_equal (type->category, "warbeast"))
    f->kind = "elephant";
  else
    f->kind = f->arm;
  f->formation = formation_of (muster_unit_choice_in (ruleset, unit, "formation"));
  /* §2.4: a small engine's crew counts as a unit in skirmish formation */
  if (f->formation == NULL && g_str_equal (type->category, "artillery"))
    f->formation = "skirmish";
  f->missile = muster_unit_choice_in (ruleset, unit, "missile");
  f->hand_weapon = muster_unit_choice_in (ruleset, unit, "hand-weapon");
  if (armour != NULL && g_str_has_suffix (armour, "-armour"))
    {
      g_strlcpy (f->armour, armour, MIN (sizeof f->armour, strlen (armour) - strlen ("-armour") + 1));
      if (g_str_equal (f->armour, "no"))
        g_strlcpy (f->armour, "none", sizeof f->armour);
    }
  if (muster_unit_get_option_count (unit, "large-shield") > 0)
    f->shield = "large-shield";
  f->engine = muster_unit_choice_in (ruleset, unit, "engine");
  f->lone = g_str_equal (type->category, "character");
  f->large_creature = g_str_equal (type->category, "warbeast");
  f->warhorses = muster_unit_get_option_count (unit, "warhorses") > 0;
  f->pike = g_strcmp0 (f->hand_weapon, "pike") == 0;
  f->phalanx = muster_unit_get_option_count (unit, "phalanx") > 0;
  f->terror = muster_unit_get_option_count (unit, "terror") > 0;
  f->mobility = muster_fill_stat_int (stats, "mobility", 0);
  f->figures = muster_unit_get_size (unit);
}

/* Quality and LV, the two every test reads. */
static void
set_quality (const MusterProcedure *p,
             int                   *v,
             const char            *prefix,
             const SovFacts        *f)
{
  muster_fill_set_choice (p, v, prefix, "quality", f->quality);
  if (f->lv > 0)
    muster_fill_set (p, v, prefix, "lv", f->lv);
}

/* One side of a close combat: hand-to-hand, the Close Assault, a Wedge, Heroic Combat. */
static void
set_combatant (const MusterProcedure *p,
               int                   *v,
               const char            *prefix,
               const SovFacts        *f)
{
  g_autofree char *figures = g_strconcat (prefix, "figures", NULL);

  set_quality (p, v, prefix, f);
  muster_fill_set_choice (p, v, prefix, "arm", f->arm);
  muster_fill_set_choice (p, v, prefix, "formation", f->formation);
  muster_fill_set_choice (p, v, prefix, "weapon", f->hand_weapon);
  muster_fill_set_choice (p, v, prefix, "armour", f->armour);
  muster_fill_set_choice (p, v, prefix, "secondary", f->shield != NULL ? f->shield : "none");
  muster_fill_set (p, v, prefix, "warhorses", f->warhorses);
  muster_fill_set (p, v, "", figures, f->figures);
}

/* The procedures whose two sides set_combatant() fills. */
static gboolean
is_close_combat (const char *id)
{
  return g_str_equal (id, "hand-to-hand") || g_str_equal (id, "close-assault") ||
         g_str_equal (id, "wedge") || g_str_equal (id, "heroic-combat");
}

/* The acting unit's or the target's inputs, their own except in a close combat, where both
 * sides are combatants. */
static void
sov_fill (const MusterProcedure *p,
          int                   *v,
          MusterFillRole         role,
          gconstpointer          facts)
{
  const SovFacts *f = facts;
  gboolean acting = role == MUSTER_FILL_ROLE_ACTING;
  const char *id = p->id;

  if (is_close_combat (id))
    {
      set_combatant (p, v, acting ? "attacker-" : "defender-", f);
      if (acting && g_str_equal (id, "close-assault") && f->mobility > 0)
        {
          g_autofree char *die = g_strdup_printf ("d%d", f->mobility);

          muster_fill_set_choice (p, v, "", "mobility", die);
        }
      return;
    }
  if (g_str_equal (id, "communication"))
    {
      if (acting)
        set_quality (p, v, "sender-", f);
      else if (f->lv > 0)
        muster_fill_set (p, v, "", "receiver-lv", f->lv);
      return;
    }
  if (!acting)
    {
      muster_fill_set_choice (p, v, "", "armour", f->armour);
      if (g_str_equal (id, "artillery-blast"))
        return;
      muster_fill_set_choice (p, v, "", "target-formation", f->formation);
      if (g_str_equal (id, "scythed-chariot"))
        {
          set_quality (p, v, "", f);
          return;
        }
      muster_fill_set (p, v, "", "mounted", f->mounted);
      muster_fill_set (p, v, "", "lone-figure", f->lone);
      muster_fill_set (p, v, "", "large-creature", f->large_creature);
      muster_fill_set_choice (p, v, "", "secondary", f->shield != NULL ? f->shield : "none");
      if (g_str_equal (id, "charge"))
        {
          muster_fill_set_choice (p, v, "", "target", f->kind);
          muster_fill_set (p, v, "", "pike", f->pike);
          muster_fill_set (p, v, "", "phalanx", f->phalanx);
          muster_fill_set (p, v, "", "terror", f->terror);
        }
      return;
    }
  if (g_str_equal (id, "artillery-blast"))
    {
      muster_fill_set_choice (p, v, "", "system", f->engine);
      return;
    }

  set_quality (p, v, "", f);
  muster_fill_set_choice (p, v, "", "system", f->engine);
  if (g_str_equal (id, "fire") || g_str_equal (id, "sniper") || g_str_equal (id, "heroic-missile"))
    muster_fill_set_choice (p, v, "", "weapon", f->missile);
  if (g_str_equal (id, "fire"))
    muster_fill_set (p, v, "", "figures", f->figures);
  if (g_str_equal (id, "charge"))
    {
      g_autofree char *die = g_strdup_printf ("d%d", f->mobility);

      muster_fill_set_choice (p, v, "", "arm", f->arm);
      muster_fill_set_choice (p, v, "", "formation", f->formation);
      muster_fill_set_choice (p, v, "", "mobility", die);
    }
  if (g_str_equal (id, "fright-check"))
    {
      muster_fill_set (p, v, "", "unit-size", f->figures);
      muster_fill_set (p, v, "", "mounted", f->mounted);
    }
}

const MusterFillSystem _muster_sov_fill = {
  .roles = sov_roles,
  .facts_size = sizeof (SovFacts),
  .facts = sov_facts,
  .set = sov_fill,
};
