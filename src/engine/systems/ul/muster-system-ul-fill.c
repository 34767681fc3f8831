/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ul"

#include "config.h"

#include "muster-army.h"
#include "muster-cost.h"
#include "muster-fill-private.h"
#include "muster-system.h"
#include "muster-unit.h"

/*
 * From a Tactical Unit of an Undying Lands list to a procedure's inputs: its General Class,
 * Order, Regular or Irregular, Fast, weapon classes, proficiency, a vignette's Integrity Points
 * (IP are tracked per vignette) and its commander's rating. Each procedure names its two sides
 * with its own prefixes ("a-"/"b-", "charger-", "opponent-", "enemy-").
 */

typedef struct
{
  const char *class;         /* foot, mounted, leviathan, behemoth */
  const char *order;
  const char *status;
  const char *weapon;        /* the melee class, as the procedures name it */
  const char *missile;
  const char *proficiency;
  gboolean    fast;
  gboolean    may_break_off;
  int         ip;            /* one vignette's; 0: unknown */
  int         rating;        /* 0: no commander */
  int         vignettes;
} UlFacts;

static const MusterFillRoles ul_roles[] = {
  { "activation", MUSTER_FILL_ACTS },
  { "sub-commander-initiative", MUSTER_FILL_ACTS },
  { "tactical-initiative", MUSTER_FILL_BOTH },
  { "fanatic-charge", MUSTER_FILL_ACTS },
  { "evade", MUSTER_FILL_BOTH },
  { "shoot", MUSTER_FILL_BOTH },
  { "melee-round", MUSTER_FILL_BOTH },
  { "engagement", MUSTER_FILL_BOTH },
  { "break-off", MUSTER_FILL_BOTH },
  { "integrity-test", MUSTER_FILL_ACTS },
  { "repulse", MUSTER_FILL_BOTH },
  { "tu-initiative", MUSTER_FILL_ACTS },
  { "rally", MUSTER_FILL_ACTS },
  { NULL, 0 }
};

/* The list's option ids for weapon classes, and the procedures' ids for them. */
static const char *
weapon_class (const char *option_id)
{
  static const char * const map[][2] = {
    { "polearm-2h", "2hpw" }, { "weapon-2h", "2hw" }, { "massive-2h", "m2hw" },
    { "elf-bow", "lrw" },
  };

  for (guint i = 0; option_id != NULL && i < G_N_ELEMENTS (map); i++)
    if (g_str_equal (map[i][0], option_id))
      return map[i][1];
  return option_id;
}

static void
ul_facts (const MusterRuleset  *ruleset,
          const MusterForce    *force,
          const MusterUnitType *type,
          const MusterUnit     *unit,
          gpointer               facts)
{
  UlFacts *f = facts;
  g_autoptr(MusterStats) stats = muster_system_derived_stats (ruleset, force, unit);

  f->class = type->category;
  f->order = muster_unit_choice_in (ruleset, unit, "order");
  f->status = muster_unit_choice_in (ruleset, unit, "status");
  f->weapon = weapon_class (muster_unit_choice_in (ruleset, unit, "close-combat"));
  f->missile = weapon_class (muster_unit_choice_in (ruleset, unit, "missile"));
  if (f->missile == NULL)
    f->missile = muster_unit_choice_in (ruleset, unit, "breath");
  f->proficiency = muster_unit_choice_in (ruleset, unit, "proficiency");
  f->fast = muster_unit_get_option_count (unit, "is-fast") > 0;
  f->may_break_off = muster_unit_get_option_count (unit, "may-break-off") > 0;
  f->ip = muster_fill_stat_int (stats, "ip", 0);
  f->rating = muster_fill_stat_int (stats, "commander-rating", 0);
  f->vignettes = muster_unit_get_size (unit);
}

/* A side's class, order, status and Fast, under @prefix. */
static void
set_side (const MusterProcedure *p,
          int                   *v,
          const char            *prefix,
          const UlFacts         *f)
{
  muster_fill_set_choice (p, v, prefix, "class", f->class);
  muster_fill_set_choice (p, v, prefix, "order", f->order);
  muster_fill_set_choice (p, v, prefix, "status", f->status);
  muster_fill_set (p, v, prefix, "fast", f->fast);
}

/* A melee side: also its weapon, proficiency and IP. */
static void
set_fighter (const MusterProcedure *p,
             int                   *v,
             const char            *prefix,
             const UlFacts         *f)
{
  set_side (p, v, prefix, f);
  muster_fill_set_choice (p, v, prefix, "weapon", f->weapon);
  muster_fill_set_choice (p, v, prefix, "proficiency", f->proficiency);
  if (f->ip > 0)
    muster_fill_set (p, v, prefix, "ip", f->ip);
}

/* The two fighters of a melee ("a-"/"b-") and the commanders of a Tactical Initiative by the
 * same inputs; the shooter and its target, the unit acting and the one it evades, breaks off
 * from or repulses by their own. */
static void
ul_fill (const MusterProcedure *p,
         int                   *v,
         MusterFillRole         role,
         gconstpointer          facts)
{
  const UlFacts *f = facts;
  gboolean acting = role == MUSTER_FILL_ROLE_ACTING;

  if (g_str_equal (p->id, "melee-round") || g_str_equal (p->id, "engagement"))
    set_fighter (p, v, acting ? "a-" : "b-", f);
  else if (g_str_equal (p->id, "tactical-initiative"))
    {
      if (f->rating > 0)
        muster_fill_set (p, v, "", acting ? "a-rating" : "b-rating", f->rating);
    }
  else if (g_str_equal (p->id, "shoot") && acting)
    {
      muster_fill_set_choice (p, v, "", "weapon", f->missile);
      muster_fill_set_choice (p, v, "", "proficiency", f->proficiency);
      muster_fill_set_choice (p, v, "", "shooter-order", f->order);
    }
  else if (g_str_equal (p->id, "shoot"))
    {
      muster_fill_set_choice (p, v, "target-", "class", f->class);
      muster_fill_set_choice (p, v, "target-", "order", f->order);
      if (f->ip > 0)
        muster_fill_set (p, v, "target-", "ip", f->ip);
    }
  else if (acting)
    {
      set_side (p, v, "", f);
      if (f->rating > 0)
        muster_fill_set (p, v, "", "rating", f->rating);
      if (g_str_equal (p->id, "evade") || g_str_equal (p->id, "break-off"))
        muster_fill_set (p, v, "", "list-allows", f->may_break_off);
      if (g_str_equal (p->id, "integrity-test"))
        muster_fill_set (p, v, "", "vignettes", f->vignettes);
      if (f->ip > 0 && (g_str_equal (p->id, "fanatic-charge") ||
                        g_str_equal (p->id, "integrity-test")))
        muster_fill_set (p, v, "", "ip", f->ip);
      if (f->ip > 0 && g_str_equal (p->id, "rally"))
        muster_fill_set (p, v, "", "ip-start", f->ip);
    }
  else if (g_str_equal (p->id, "evade"))
    set_side (p, v, "charger-", f);
  else if (g_str_equal (p->id, "break-off"))
    set_side (p, v, "enemy-", f);
  else if (g_str_equal (p->id, "repulse"))
    set_side (p, v, "opponent-", f);
}

const MusterFillSystem _muster_ul_fill = {
  .roles = ul_roles,
  .facts_size = sizeof (UlFacts),
  .facts = ul_facts,
  .set = ul_fill,
};
