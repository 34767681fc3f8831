/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-mov"

#include "config.h"

#include "muster-army.h"
#include "muster-cost.h"
#include "muster-fill-private.h"
#include "muster-system.h"
#include "muster-unit.h"

/*
 * From a soldier or a vehicle of a Medals of Valor list to a procedure's inputs: the weapon he
 * fires, the one he fights with in a melee (a rifle has its bayonet, §14.4), and whether he is
 * a vehicle and of which movement class. Attitude, injuries, posture and cover are the state of
 * play, not the list's.
 */

typedef struct
{
  const char *weapon;   /* the fire table's id, NULL for none */
  const char *melee;    /* bayonet or none */
  gboolean    vehicle;
  const char *vehicle_class;   /* the AFV movement row: wheeled, halftrack, tank */
} MovFacts;

static const MusterFillRoles mov_roles[] = {
  { "initiative", MUSTER_FILL_BOTH },
  { "fire", MUSTER_FILL_ACTS },
  { "kill-zone", MUSTER_FILL_ACTS },
  { "crew-fire", MUSTER_FILL_ACTS },
  { "afv-move", MUSTER_FILL_ACTS },
  { "afv-fire", MUSTER_FILL_ACTS },
  { "close-assault-fire", MUSTER_FILL_ACTS },
  { "melee", MUSTER_FILL_BOTH },
  { "assault", MUSTER_FILL_BOTH },
  { NULL, 0 }
};

/* The weapon a unit fires: a soldier's, or a vehicle's heaviest (§7.0: a vehicle's LMG fires
 * as an MMG). */
static const char *
weapon_of (const MusterRuleset *ruleset,
           const MusterUnit    *unit)
{
  const char *weapon = muster_unit_choice_in (ruleset, unit, "weapon");

  if (g_strcmp0 (weapon, "at-system") == 0)
    return "at-gun";
  if (weapon != NULL)
    return weapon;
  if (muster_unit_get_option_count (unit, "main-gun") > 0)
    return "main-gun";
  if (muster_unit_get_option_count (unit, "ring-hmg") > 0)
    return "hmg";
  if (muster_unit_get_option_count (unit, "hull-mg") > 0 ||
      muster_unit_get_option_count (unit, "coaxial-mg") > 0 ||
      muster_unit_get_option_count (unit, "ring-mg") > 0)
    return "mmg";
  return NULL;
}

static void
mov_facts (const MusterRuleset  *ruleset,
           const MusterForce    *force,
           const MusterUnitType *type,
           const MusterUnit     *unit,
           gpointer              facts)
{
  MovFacts *f = facts;

  f->weapon = weapon_of (ruleset, unit);
  /* §14.4: the bayonet's +4 needs a rifle; a vehicle does not fight a melee */
  f->vehicle = muster_fill_has (type->tags, "vehicle");
  /* the list's vehicle types by their movement rate's row */
  f->vehicle_class = g_strcmp0 (type->item.id, "armoured-car") == 0 ? "wheeled"
                     : g_strcmp0 (type->item.id, "halftrack") == 0 ? "halftrack"
                     : g_strcmp0 (type->item.id, "tank") == 0 ? "tank" : NULL;
  if (!f->vehicle)
    f->melee = g_strcmp0 (f->weapon, "bolt-rifle") == 0 ||
               g_strcmp0 (f->weapon, "magazine-rifle") == 0 ? "bayonet" : "none";
}

/* The two sides share nothing: the first vehicle or the firer, the second or the defender. */
static void
mov_fill (const MusterProcedure *p,
          int                   *v,
          MusterFillRole         role,
          gconstpointer          facts)
{
  const MovFacts *f = facts;

  if (role == MUSTER_FILL_ROLE_TARGET)
    {
      muster_fill_set (p, v, "", "second-vehicle", f->vehicle);
      muster_fill_set_choice (p, v, "", "defender-weapon", g_str_equal (p->id, "melee") ? f->melee
                                                                                     : f->weapon);
      muster_fill_set_choice (p, v, "", "defender-melee", f->melee);
      return;
    }
  muster_fill_set (p, v, "", "first-vehicle", f->vehicle);
  muster_fill_set_choice (p, v, "", "weapon", f->weapon);
  muster_fill_set_choice (p, v, "", "ordnance", f->weapon);
  muster_fill_set_choice (p, v, "", "class", f->vehicle_class);
  muster_fill_set_choice (p, v, "", "attacker-weapon", f->melee);
  muster_fill_set_choice (p, v, "", "charger-melee", f->melee);
}

const MusterFillSystem _muster_mov_fill = {
  .roles = mov_roles,
  .facts_size = sizeof (MovFacts),
  .facts = mov_facts,
  .set = mov_fill,
};
