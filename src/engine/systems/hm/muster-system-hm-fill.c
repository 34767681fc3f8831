/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-hm"

#include "config.h"

#include <string.h>

#include "muster-army.h"
#include "muster-cost.h"
#include "muster-fill-private.h"
#include "muster-system.h"
#include "muster-unit.h"

/*
 * From a BMU of a horse-and-musket list to a procedure's inputs: its stands and attack dice,
 * Morale, Fire and Melee Qualities, weapon technology, gun class and shells, whether it is
 * mounted, formed or a mob, and the game's scale from its force's settings.
 */

typedef struct
{
  int         stands;
  int         attack_dice;   /* all its stands' */
  const char *morale, *fire, *melee;   /* a … e */
  const char *weapon;
  char        gun[16];       /* light … siege, empty for no gun */
  gboolean    percussion;
  gboolean    mounted, formed, mob;
  const char *scale;         /* NULL when the force has no setting */
} HmFacts;

static const MusterFillRoles hm_roles[] = {
  { "artillery-fire", MUSTER_FILL_BOTH },
  { "small-arms-fire", MUSTER_FILL_BOTH },
  { "opportunity-fire", MUSTER_FILL_BOTH },
  { "combined-fire", MUSTER_FILL_TARGETS },
  { "charge-test", MUSTER_FILL_ACTS },
  { "morale-test", MUSTER_FILL_ACTS },
  { "form-square", MUSTER_FILL_ACTS },
  { "rally", MUSTER_FILL_ACTS },
  { "melee", MUSTER_FILL_BOTH },
  { "pursuit-attack", MUSTER_FILL_ACTS },
  { "hit-conversion", MUSTER_FILL_ACTS },
  { "rout-pursuit", MUSTER_FILL_BOTH },
  { "charge", MUSTER_FILL_BOTH },
  { NULL, 0 }
};

/* "morale-b" → "b", "light-gun" → "light": the list's option ids and the procedures' */
static const char *
after_dash (const char *id)
{
  const char *dash = id != NULL ? strchr (id, '-') : NULL;

  return dash != NULL ? dash + 1 : id;
}

static void
hm_facts (const MusterRuleset  *ruleset,
          const MusterForce    *force,
          const MusterUnitType *type,
          const MusterUnit     *unit,
          gpointer               facts)
{
  HmFacts *f = facts;
  g_autoptr(MusterStats) stats = muster_system_derived_stats (ruleset, force, unit);
  const char *gun = muster_unit_choice_in (ruleset, unit, "gun");
  const char *kind = muster_stats_get_text (stats, "bmu-type");

  f->stands = muster_unit_get_size (unit);
  f->attack_dice = f->stands * muster_fill_stat_int (stats, "attack-dice", 1);
  f->morale = after_dash (muster_unit_choice_in (ruleset, unit, "morale-quality"));
  f->fire = after_dash (muster_unit_choice_in (ruleset, unit, "fire-quality"));
  f->melee = after_dash (muster_unit_choice_in (ruleset, unit, "melee-quality"));
  f->weapon = muster_unit_choice_in (ruleset, unit, "weapon");
  if (gun != NULL && g_str_has_suffix (gun, "-gun"))
    g_strlcpy (f->gun, gun, MIN (sizeof f->gun, strlen (gun) - strlen ("-gun") + 1));
  f->percussion = muster_unit_get_option_count (unit, "percussion-shells") > 0;
  f->mounted = muster_fill_stat_int (stats, "mounted", 0) != 0 ||
               muster_fill_has (type->rules, "mounted");
  f->formed = g_strcmp0 (kind, "formed") == 0;
  f->mob = g_strcmp0 (kind, "mob") == 0;
  f->scale = force != NULL ? muster_force_get_setting (force, "scale") : NULL;
}

/* The charger or the defender of a Charge: stands, mounted, formed and qualities. */
static void
set_charge_side (const MusterProcedure *p,
                 int                   *v,
                 const char            *prefix,
                 const HmFacts         *f)
{
  muster_fill_set (p, v, prefix, "stands", f->stands);
  muster_fill_set (p, v, prefix, "cavalry", f->mounted);
  muster_fill_set (p, v, prefix, "formed", f->formed);
  muster_fill_set_choice (p, v, prefix, "morale", f->morale);
  muster_fill_set_choice (p, v, prefix, "melee", f->melee);
  muster_fill_set_choice (p, v, prefix, "fire", f->fire);
  muster_fill_set_choice (p, v, prefix, "weapon", f->weapon);
  muster_fill_set_choice (p, v, "", "scale", f->scale);
}

/* A Charge's charger or defender, a Melee's attacker or defender, a Rout Pursuit's pursuer or
 * routing unit; the firing BMU or the unit tested; the target of fire. */
static void
hm_fill (const MusterProcedure *p,
         int                   *v,
         MusterFillRole         role,
         gconstpointer          facts)
{
  const HmFacts *f = facts;
  gboolean acting = role == MUSTER_FILL_ROLE_ACTING;

  if (g_str_equal (p->id, "charge"))
    set_charge_side (p, v, acting ? "charger-" : "defender-", f);
  else if (g_str_equal (p->id, "melee"))
    {
      const char *side = acting ? "attacker-" : "defender-";

      muster_fill_set (p, v, side, "stands", f->stands);
      muster_fill_set_choice (p, v, side, "quality", f->melee);
    }
  else if (g_str_equal (p->id, "rout-pursuit"))
    {
      muster_fill_set_choice (p, v, "", acting ? "pursuer" : "routing",
                              f->mounted ? "cavalry" : "foot");
      muster_fill_set_choice (p, v, "", "scale", f->scale);
    }
  else if (acting)
    {
      /* fire */
      muster_fill_set (p, v, "", "attack-dice", f->attack_dice);
      muster_fill_set_choice (p, v, "", "weapon", f->weapon);
      muster_fill_set_choice (p, v, "", "fire-quality", f->fire);
      muster_fill_set_choice (p, v, "", "gun", f->gun);
      muster_fill_set (p, v, "", "percussion-shells", f->percussion);
      /* tests and pursuit */
      muster_fill_set_choice (p, v, "", "morale-quality", f->morale);
      muster_fill_set_choice (p, v, "", "melee-quality", f->melee);
      muster_fill_set (p, v, "", "cavalry", f->mounted);
      muster_fill_set (p, v, "", "starting-stands", f->stands);
      muster_fill_set (p, v, "", "stands", f->stands);
      muster_fill_set (p, v, "", "formed", f->formed);
    }
  else
    {
      muster_fill_set (p, v, "", "mounted", f->mounted);
      muster_fill_set (p, v, "", "mob", f->mob);
    }
}

const MusterFillSystem _muster_hm_fill = {
  .roles = hm_roles,
  .facts_size = sizeof (HmFacts),
  .facts = hm_facts,
  .set = hm_fill,
};
