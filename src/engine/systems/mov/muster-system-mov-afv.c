/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-mov"

#include "config.h"

#include <string.h>

#include "muster-system-mov-combat-private.h"

/*
 * Medals of Valor armoured fighting vehicles: fire against an AFV (§7.5), infantry attacks on
 * AFVs (§7.3, §7.4) and the crew of a destroyed AFV (§7.6).
 */

/* AFV and AT fire against AFVs (§7.5) ------------------------------------------------------- */

enum { AF_WEAPON, AF_COVER, AF_POSTURE, AF_MOVING, AF_COLUMN_E };
enum { AF_OUT_HITS, AF_OUT_RESULT };

static const char * const location_words[] = { "track", "hull", "turret", NULL };
static const char * const location_labels[] = {
  N_("Miss or bounce"), N_("Track / wheel (immobile)"),
  N_("Hull (engine; hull crew may be wounded)"),
  N_("Turret (weapon destroyed; crew may be wounded)"), NULL
};

static const MusterInputSpec af_inputs[] = {
  MUSTER_MOV_WEAPON_INPUT (MUSTER_MOV_WEAPON_AT_GUN),
  MUSTER_CHOICE_INPUT ("cover", N_("Terrain"),
                       N_("The book gives no to-hit table against AFVs. By default the vehicle "
                          "counts as heavy cover (column E stationary, D moving)."),
                       _muster_mov_covers, _muster_mov_cover_labels, 3),
  MUSTER_MOV_POSTURE_INPUT,
  MUSTER_MOV_MOVING_FIRE_INPUT,
  MUSTER_MOV_COLUMN_E_INPUT,
};

static const MusterOutputSpec af_outputs[] = {
  { .id = "hits", .label = N_("Hits") },
  { .id = "result", .label = N_("Damage"), .value_labels = location_labels },
};

static void af_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
af_prepare (const MusterRuleset  *ruleset,
            const int            *values,
            MusterMovPlan        *plan,
            GError              **error)
{
  if (!_muster_mov_fire_setup (ruleset, _muster_mov_weapons[values[AF_WEAPON]], 0,
                               _muster_mov_covers[values[AF_COVER]],
                               _muster_mov_postures[values[AF_POSTURE]], values[AF_MOVING],
                               FALSE, values[AF_COLUMN_E] == 1, &plan->fire, NULL, error)
      || !_muster_mov_table_words (ruleset, "hit-location", "afv", "f", 0, 9, location_words,
                                   plan->table[0], error))
    return FALSE;
  /* The fire dice, then the location die. */
  muster_face_layout_add (&plan->layout, plan->fire.n_dice + 1, 0, 9);
  plan->resolve = af_resolve;
  return TRUE;
}

static void
af_resolve (const MusterMovPlan *plan,
            const int           *faces,
            int                 *outcome)
{
  int hits = _muster_mov_fire_count (&plan->fire, faces);

  outcome[AF_OUT_HITS] = hits;
  outcome[AF_OUT_RESULT] = hits >= plan->fire.threshold
                           ? 1 + plan->table[0][faces[plan->fire.n_dice]] : 0;
}

static void
af_exact (const MusterMovPlan  *plan,
          MusterDist          **outputs)
{
  double weights[4] = { 0 }, hit;

  outputs[AF_OUT_HITS] = _muster_mov_fire_hits (&plan->fire);
  hit = muster_dist_get_prob_at_least (outputs[AF_OUT_HITS], plan->fire.threshold);
  weights[0] = 1 - hit;
  for (int f = 0; f < 10; f++)
    weights[1 + plan->table[0][f]] += hit / 10;
  outputs[AF_OUT_RESULT] = muster_dist_new_from_weights (0, weights, 4);
}

const MusterMovProcedure _muster_mov_afv_fire = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "afv-fire",
    .name = N_("AFV and AT fire against an AFV"),
    .summary = N_("Every main gun and AT gun penetrates at this scale; the fire chart decides hit "
                  "or miss, then a d10 the location (our placeholder table)."),
    MUSTER_PROCEDURE_INPUT_SPECS (af_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (af_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = af_prepare,
  .exact = af_exact,
};

/* Infantry attacks on AFVs (§7.3, §7.4) ----------------------------------------------------- */

enum { AA_WEAPON, AA_OPEN_TOPPED };
enum { AA_OUT_RESULT };
enum { AA_NONE, AA_TRACK, AA_DESTROYED, AA_REROLL };

static const char * const aa_weapons[] = { "grenade", "molotov", "satchel", "mine", NULL };
static const char * const aa_weapon_labels[] = {
  N_("Grenade"), N_("Molotov"), N_("Satchel charge"), N_("Mine"), NULL
};
static const char * const aa_words[] = { "none", "track", "destroyed", "reroll", NULL };
static const char * const aa_labels[] = {
  N_("No effect"), N_("Track damaged: immobile"), N_("Destroyed"), NULL
};

static const MusterInputSpec aa_inputs[] = {
  MUSTER_CHOICE_INPUT ("weapon", NC_("procedure", "Weapon"),
                       N_("Rolled on 2d6 against its damage number."),
                       aa_weapons, aa_weapon_labels, 0),
  MUSTER_BOOL_INPUT ("open-topped", N_("Open-topped vehicle"),
                     N_("A grenade can destroy an open-topped vehicle; by default its track result "
                        "destroys one instead."), 0),
};

static const MusterOutputSpec aa_outputs[] = {
  { .id = "result", .label = N_("Damage"), .value_labels = aa_labels },
};

static void aa_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
aa_prepare (const MusterRuleset  *ruleset,
            const int            *values,
            MusterMovPlan        *plan,
            GError              **error)
{
  if (!_muster_mov_table_words (ruleset, "anti-afv", aa_weapons[values[AA_WEAPON]], "s", 2,
                                12, aa_words, plan->table[0], error)
      || !_muster_mov_table_words (ruleset, "anti-afv", "molotov-again", "s", 2, 12,
                                   aa_words, plan->table[1], error))
    return FALSE;
  plan->mode = values[AA_WEAPON] == 0 && values[AA_OPEN_TOPPED];
  /* 2d6, and a second 2d6 for the Molotov's roll again. */
  muster_face_layout_add (&plan->layout, 4, 1, 6);
  plan->resolve = aa_resolve;
  return TRUE;
}

static int
aa_effect (const MusterMovPlan *plan,
           int                  effect)
{
  /* A second roll that asks for a third has no effect: the book stops at one roll again. */
  if (effect == AA_REROLL)
    return AA_NONE;
  return effect == AA_TRACK && plan->mode ? AA_DESTROYED : effect;
}

static void
aa_resolve (const MusterMovPlan *plan,
            const int           *faces,
            int                 *outcome)
{
  int effect = plan->table[0][faces[0] + faces[1] - 2];

  if (effect == AA_REROLL)
    effect = plan->table[1][faces[2] + faces[3] - 2];
  outcome[AA_OUT_RESULT] = aa_effect (plan, effect);
}

static void
aa_exact (const MusterMovPlan  *plan,
          MusterDist          **outputs)
{
  g_autoptr(MusterDist) two_d6 = muster_dist_new_dice_sum (2, 6);
  double weights[3] = { 0 }, again[3] = { 0 };

  for (int s = 2; s <= 12; s++)
    again[aa_effect (plan, plan->table[1][s - 2])] += muster_dist_get_prob (two_d6, s);
  for (int s = 2; s <= 12; s++)
    {
      double p = muster_dist_get_prob (two_d6, s);

      if (plan->table[0][s - 2] == AA_REROLL)
        for (int e = 0; e < 3; e++)
          weights[e] += p * again[e];
      else
        weights[aa_effect (plan, plan->table[0][s - 2])] += p;
    }
  outputs[AA_OUT_RESULT] = muster_dist_new_from_weights (0, weights, 3);
}

const MusterMovProcedure _muster_mov_anti_afv = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "anti-afv",
    .name = N_("Infantry attack on an AFV"),
    .summary = N_("Grenade, Molotov, satchel charge or mine: 2d6 against the damage number."),
    MUSTER_PROCEDURE_INPUT_SPECS (aa_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (aa_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = aa_prepare,
  .exact = aa_exact,
};

/* Tank crew survival (§7.6) ------------------------------------------------------------------ */

enum { CS_CREW };

static const char * const crew_words[] = { "none", "slight", "moderate", "killed", NULL };

static const MusterInputSpec cs_inputs[] = {
  MUSTER_INT_INPUT ("crew", N_("Crew members"),
                    N_("Everyone in a destroyed AFV, or in the struck section of a hull or turret "
                       "hit (our reading of “may be wounded”)."), 1, 10, 4),
};

static const MusterOutputSpec cs_outputs[] = {
  { .id = "none", .label = N_("Unhurt") },
  { .id = "slight", .label = N_("Slight wounds") },
  { .id = "moderate", .label = N_("Moderate wounds") },
  { .id = "killed", .label = N_("Killed") },
};

static void cs_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
cs_prepare (const MusterRuleset  *ruleset,
            const int            *values,
            MusterMovPlan        *plan,
            GError              **error)
{
  if (!_muster_mov_table_words (ruleset, "crew-survival", "crew", "f", 0, 9, crew_words,
                                plan->table[0], error))
    return FALSE;
  plan->count = values[CS_CREW];
  muster_face_layout_add (&plan->layout, plan->count, 0, 9);
  plan->resolve = cs_resolve;
  return TRUE;
}

static void
cs_resolve (const MusterMovPlan *plan,
            const int           *faces,
            int                 *outcome)
{
  memset (outcome, 0, sizeof (int) * G_N_ELEMENTS (cs_outputs));
  for (int i = 0; i < plan->count; i++)
    outcome[plan->table[0][faces[i]]]++;
}

static void
cs_exact (const MusterMovPlan  *plan,
          MusterDist          **outputs)
{
  int faces[4] = { 0 };

  for (int f = 0; f < 10; f++)
    faces[plan->table[0][f]]++;
  /* Each crew member rolls alone: each count is binomial. */
  for (int k = 0; k < 4; k++)
    outputs[k] = muster_dist_new_binomial (plan->count, faces[k] / 10.0);
}

const MusterMovProcedure _muster_mov_crew_survival = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "crew-survival",
    .name = N_("Tank crew survival"),
    .summary = N_("One d10 per crew member of a destroyed AFV."),
    MUSTER_PROCEDURE_INPUT_SPECS (cs_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (cs_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = cs_prepare,
  .exact = cs_exact,
};
