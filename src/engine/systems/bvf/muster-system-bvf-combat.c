/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bvf"

#include "config.h"

#include <string.h>

#include "muster-engine-error.h"
#include "muster-system-bvf-private.h"

/*
 * Battle Valor Fantasy: the single rolls (a Success roll, a charge roll, a rally), missile fire,
 * impact hits, war machines and spells. Each procedure's resolution is a pure function of the
 * die faces (the *_resolve functions), which the sampler plays with real dice and the tests
 * with the book's dice or with every face combination; the exact function computes the same
 * thing as distributions. Melee is in muster-system-bvf-melee.c.
 */

const char * const _muster_bvf_level_ids[] = { "levy", "regular", "veteran", "elite", NULL };
const char * const _muster_bvf_level_labels[] = {
  N_("Levy"), N_("Regular"), N_("Veteran"), N_("Elite"), NULL
};
const char * const _muster_bvf_armour_ids[] = { "none", "light", "medium", "heavy", NULL };
const char * const _muster_bvf_armour_labels[] = {
  N_("None"), NC_("procedure", "Light"), N_("Medium"), N_("Heavy"), NULL
};
const char * const _muster_bvf_character_ids[] = { "none", "regular", "veteran", "elite", NULL };
const char * const _muster_bvf_character_labels[] = {
  N_("None"), N_("Regular"), N_("Veteran"), N_("Elite"), NULL
};

static const char * const pass_labels[] = { N_("Fail"), N_("Pass"), NULL };

/* Captain: +1/+2/+3 on attack and defence (§2.8); choice 0 is no Captain. */
int
_muster_bvf_captain (const MusterBvfNumbers *numbers,
                     int                     choice)
{
  return choice == 0 ? 0 : numbers->captain[choice - 1];
}

/* The Apothecary's modifier on his 10 dice, or -1 for no Apothecary. */
int
_muster_bvf_apothecary (const MusterBvfNumbers *numbers,
                        int                     choice)
{
  return choice == 0 ? -1 : numbers->apothecary[choice - 1];
}

/* ---- Success roll (§1, §1.2) ------------------------------------------------------------ */

enum { SR_DICE, SR_EXPERIENCE, SR_NEEDS_SIX, SR_REROLLS, SR_MODIFIER, SR_NEEDED, SR_GENERAL };
enum { SR_OUT_SUCCESSES, SR_OUT_RESULT };

static const MusterInputSpec success_inputs[] = {
  MUSTER_INT_INPUT ("dice", N_("Success Dice"),
                    N_("How many d6 are rolled: one per figure, per stand, "
                       "or as the rule says."), 1, 200, 10),
  MUSTER_BVF_LEVEL_INPUT ("experience", N_("Experience"),
                          N_("Levy −1, Regular 0, Veteran +1, Elite +2 Successes "
                             "on every roll (§2.2).")),
  MUSTER_BOOL_INPUT ("needs-six", N_("Needs a 6"),
                     N_("A die succeeds only on a 6 instead of 5–6 (linear obstacle, "
                        "woods, Fear…, §1.2)."), 0),
  MUSTER_INT_INPUT ("rerolls", N_("Rerolls of failed dice"),
                    N_("Failed dice rerolled once before the modifiers "
                       "(armour, Keen Weapons)."), 0, 200, 0),
  MUSTER_INT_INPUT ("modifier", N_("Other Success modifiers"),
                    N_("Added to the count after rerolls; the count stays between 0 "
                       "and the dice rolled."), -20, 20, 0),
  MUSTER_INT_INPUT ("needed", N_("Successes needed"),
                    N_("The roll passes with at least this many Successes (0: "
                       "always)."), 0, 200, 0),
  MUSTER_BOOL_INPUT ("general-reroll", N_("General's reroll"),
                     N_("The General (within 12\") rerolls the complete set once when it falls "
                        "short "
                     "of the Successes needed; he has 3 a game."), 0),
};

static const MusterOutputSpec success_outputs[] = {
  { .id = "successes", .label = N_("Successes") },
  { .id = "result", .label = N_("Result"), .value_labels = pass_labels },
};

static void
success_roll_setup (const MusterBvfNumbers *n,
                    const int              *v,
                    MusterBvfRoll          *roll)
{
  *roll = (MusterBvfRoll) { v[SR_NEEDS_SIX], v[SR_REROLLS], 0, FALSE,
                            n->success[v[SR_EXPERIENCE]] + v[SR_MODIFIER] };
}

/* The General's reroll (§1): a set that falls short is rolled again, once. */
static void
success_exact (const MusterBvfNumbers  *n,
               const int               *v,
               MusterDist             **outputs)
{
  g_autoptr(MusterDist) first = NULL;
  MusterBvfRoll roll;

  success_roll_setup (n, v, &roll);
  first = _muster_bvf_dist_of_roll (&roll, v[SR_DICE]);
  if (v[SR_GENERAL] && v[SR_NEEDED] > 0)
    {
      /* keep a pass; replace a shortfall by a fresh roll */
      g_autofree double *probs = g_new0 (double, v[SR_DICE] + 1);
      double short_of = muster_dist_get_prob_at_most (first, v[SR_NEEDED] - 1);

      for (int k = 0; k <= v[SR_DICE]; k++)
        probs[k] = (k >= v[SR_NEEDED] ? muster_dist_get_prob (first, k) : 0.0) +
                   short_of * muster_dist_get_prob (first, k);
      outputs[SR_OUT_SUCCESSES] = _muster_bvf_dist_capped (probs, v[SR_DICE] + 1, -1);
    }
  else
    outputs[SR_OUT_SUCCESSES] = muster_dist_ref (first);
  outputs[SR_OUT_RESULT] = muster_dist_map_at_least (outputs[SR_OUT_SUCCESSES], v[SR_NEEDED]);
}

void
_muster_bvf_success_resolve (const MusterBvfNumbers *n,
                             const int              *v,
                             MusterFaces            *faces,
                             int                    *outcome)
{
  MusterBvfRoll roll;
  int s;

  success_roll_setup (n, v, &roll);
  s = _muster_bvf_roll_resolve (&roll, v[SR_DICE], faces);
  if (v[SR_GENERAL] && s < v[SR_NEEDED])
    s = _muster_bvf_roll_resolve (&roll, v[SR_DICE], faces);
  outcome[SR_OUT_SUCCESSES] = s;
  outcome[SR_OUT_RESULT] = s >= v[SR_NEEDED];
}

static const MusterBvfProcedure success_roll = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "success-roll",
    .name = N_("Success roll"),
    .summary = N_("Any roll of Success Dice: 5–6 succeed (or only 6s), failures "
                  "rerolled, then the modifiers."),
    MUSTER_PROCEDURE_INPUT_SPECS (success_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (success_outputs),
    .exact = _muster_bvf_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_success_resolve,
  .exact = success_exact,
};

/* ---- Charge roll (§5.10 step 4) --------------------------------------------------------- */

enum { CH_STANDS, CH_EXPERIENCE, CH_LEADER, CH_GENERAL, CH_BAD_LUCK, CH_SLOW, CH_OTHER };
enum { CH_OUT_CONTACT, CH_OUT_STRAGGLERS };

static const MusterInputSpec charge_inputs[] = {
  MUSTER_INT_INPUT ("stands", N_("Stands"),
                    N_("One die per stand of the charging unit."), 1, 60, 6),
  MUSTER_BVF_LEVEL_INPUT ("experience", N_("Experience"),
                          N_("Levy −1, Veteran +1, Elite +2 Successes.")),
  MUSTER_BOOL_INPUT ("leader", N_("Leader present"),
                     N_("+1 Success with a Leader (Independent units always count as having "
                        "one)."), 1),
  MUSTER_BOOL_INPUT ("general", N_("Within 12\" of the General"), N_("+2 Successes."), 0),
  MUSTER_BOOL_INPUT ("bad-luck", N_("Bad Luck"),
                     N_("The spell: −2 Successes on everything this turn."), 0),
  MUSTER_BOOL_INPUT ("slow-thinking", N_("Slow Thinking"),
                     N_("−1 Success on everything (Ogre Wreckers)."), 0),
  MUSTER_INT_INPUT ("other", N_("Other modifiers"), N_("Any other Success modifier."), -10, 10, 0),
};

static const MusterOutputSpec charge_outputs[] = {
  { .id = "contact", .label = N_("Stands in contact") },
  { .id = "stragglers", .label = N_("Stragglers") },
};

static void
charge_setup (const MusterBvfNumbers *n,
              const int              *v,
              MusterBvfRoll          *roll)
{
  int m = n->success[v[CH_EXPERIENCE]] + v[CH_OTHER];

  m += v[CH_LEADER] ? n->mod[MUSTER_BVF_MOD_LEADER] : 0;
  m += v[CH_GENERAL] ? n->mod[MUSTER_BVF_MOD_GENERAL] : 0;
  m += v[CH_BAD_LUCK] ? n->mod[MUSTER_BVF_MOD_BAD_LUCK] : 0;
  m += v[CH_SLOW] ? n->mod[MUSTER_BVF_MOD_SLOW_THINKING] : 0;
  *roll = (MusterBvfRoll) { FALSE, 0, 0, FALSE, m };
}

static void
charge_exact (const MusterBvfNumbers  *n,
              const int               *v,
              MusterDist             **outputs)
{
  MusterBvfRoll roll;

  charge_setup (n, v, &roll);
  _muster_bvf_stand_roll_outputs (&roll, v[CH_STANDS], &outputs[CH_OUT_CONTACT],
                                  &outputs[CH_OUT_STRAGGLERS]);
}

void
_muster_bvf_charge_resolve (const MusterBvfNumbers *n,
                            const int              *v,
                            MusterFaces            *faces,
                            int                    *outcome)
{
  MusterBvfRoll roll;

  charge_setup (n, v, &roll);
  _muster_bvf_stand_roll_resolve (&roll, v[CH_STANDS], faces, &outcome[CH_OUT_CONTACT],
                                  &outcome[CH_OUT_STRAGGLERS]);
}

static const MusterBvfProcedure charge_roll = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "charge-roll",
    .name = N_("Charge roll"),
    .summary = N_("One die per stand: the Successes are the stands that reach the "
                  "enemy; the rest straggle."),
    MUSTER_PROCEDURE_INPUT_SPECS (charge_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (charge_outputs),
    .exact = _muster_bvf_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_charge_resolve,
  .exact = charge_exact,
};

/* ---- Rally (§5.6 B) --------------------------------------------------------------------- */

enum { RA_STANDS, RA_EXPERIENCE, RA_MUSICIAN, RA_GENERAL, RA_BAD_LUCK, RA_OTHER };
enum { RA_OUT_RESULT, RA_OUT_LOST };

static const char * const rally_labels[] = { N_("Still fleeing"), N_("Rallied"), NULL };

static const MusterInputSpec rally_inputs[] = {
  MUSTER_INT_INPUT ("stands", N_("Stands"), N_("One die per stand of the fleeing unit."), 1, 60, 4),
  MUSTER_BVF_LEVEL_INPUT ("experience", N_("Experience"),
                          N_("Levy −1, Veteran +1, Elite +2 Successes.")),
  MUSTER_BOOL_INPUT ("musician", N_("Musician"),
                     N_("A live Musician whose instrument was not stolen rallies "
                        "the unit automatically."), 0),
  MUSTER_BOOL_INPUT ("general", N_("General's rally"),
                     N_("The General uses his order to rally the unit: automatic (our "
                        "default)."), 0),
  MUSTER_BOOL_INPUT ("bad-luck", N_("Bad Luck"), N_("The spell: −2 Successes."), 0),
  MUSTER_INT_INPUT ("other", N_("Other modifiers"), N_("Any other Success modifier."), -10, 10, 0),
};

static const MusterOutputSpec rally_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = rally_labels },
  { .id = "stands-lost", .label = N_("Stands lost") },
};

static int
rally_modifier (const MusterBvfNumbers *n,
                const int              *v)
{
  return n->success[v[RA_EXPERIENCE]] + v[RA_OTHER] +
         (v[RA_BAD_LUCK] ? n->mod[MUSTER_BVF_MOD_BAD_LUCK] : 0);
}

/* Rallied when every die is a (modified) Success; otherwise the failures are stands lost. */
static int
rally_result (int      successes,
              gpointer data)
{
  return successes == GPOINTER_TO_INT (data);
}

static void
rally_exact (const MusterBvfNumbers  *n,
             const int               *v,
             MusterDist             **outputs)
{
  g_autoptr(MusterDist) successes = NULL;
  MusterBvfRoll roll = { 0 };

  if (v[RA_MUSICIAN] || v[RA_GENERAL])
    {
      outputs[RA_OUT_RESULT] = muster_dist_new_constant (1);
      outputs[RA_OUT_LOST] = muster_dist_new_constant (0);
      return;
    }
  roll.modifier = rally_modifier (n, v);
  _muster_bvf_stand_roll_outputs (&roll, v[RA_STANDS], &successes, &outputs[RA_OUT_LOST]);
  outputs[RA_OUT_RESULT] = muster_dist_map (successes, rally_result,
                                            GINT_TO_POINTER (v[RA_STANDS]));
}

void
_muster_bvf_rally_resolve (const MusterBvfNumbers *n,
                           const int              *v,
                           MusterFaces            *faces,
                           int                    *outcome)
{
  MusterBvfRoll roll = { 0 };
  int s;

  if (v[RA_MUSICIAN] || v[RA_GENERAL])
    {
      outcome[RA_OUT_RESULT] = 1;
      outcome[RA_OUT_LOST] = 0;
      return;
    }
  roll.modifier = rally_modifier (n, v);
  _muster_bvf_stand_roll_resolve (&roll, v[RA_STANDS], faces, &s, &outcome[RA_OUT_LOST]);
  outcome[RA_OUT_RESULT] = s == v[RA_STANDS];
}

static const MusterBvfProcedure rally = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "rally",
    .name = N_("Rally"),
    .summary = N_("A fleeing unit's rally: automatic with a Musician, otherwise every die must "
                  "succeed; each failure loses a stand."),
    MUSTER_PROCEDURE_INPUT_SPECS (rally_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (rally_outputs),
    .exact = _muster_bvf_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_rally_resolve,
  .exact = rally_exact,
};

/* ---- Missile fire (§5.9) ---------------------------------------------------------------- */

enum {
  MF_FIGURES, MF_MAGIC_MISSILES, MF_EXPERIENCE, MF_LINE, MF_LARGE, MF_RANGE, MF_SKIRMISH,
  MF_CHARGING, MF_FIRE_AND_FLEE, MF_BAD_LUCK, MF_SLOW, MF_OTHER, MF_WOODS, MF_OBSTACLE,
  MF_CHARACTER, MF_TOUGH_HIDE, MF_T_EXPERIENCE, MF_T_ARMOUR, MF_T_CORROSION, MF_T_MAGIC_ARMOUR,
  MF_T_SHIELD_WALL, MF_T_BRACED, MF_T_DEEP, MF_T_CAPTAIN, MF_T_BAD_LUCK, MF_T_SLOW, MF_T_OTHER,
  MF_T_RESILIENT, MF_T_APOTHECARY, MF_T_FIGURES
};
enum { MF_OUT_HITS, MF_OUT_CASUALTIES };

static const char * const range_ids[] = { "medium", "short", "long", NULL };
static const char * const range_labels[] = {
  N_("Over 8\" and under 16\""), N_("8\" or less"), N_("16\" to 24\""), NULL
};

static const MusterInputSpec fire_inputs[] = {
  MUSTER_INT_INPUT ("figures", N_("Firing figures"),
                    N_("One die per figure with line of sight, from any rank."), 1, 200, 8),
  MUSTER_BOOL_INPUT ("magic-missiles", N_("Magic Missiles"), N_("The spell doubles the dice."), 0),
  MUSTER_BVF_LEVEL_INPUT ("experience", N_("Firer's experience"),
                          N_("Levy −1, Veteran +1, Elite +2.")),
  MUSTER_BOOL_INPUT ("line", N_("Firer in Line"), N_("+2 Successes when shooting."), 0),
  MUSTER_BOOL_INPUT ("large-target", N_("Large target"),
                     N_("Troll-sized or bigger (Line Breakers, Shock, Monstrous, Fliers): +1."), 0),
  MUSTER_CHOICE_INPUT ("range", N_("Range"),
                       N_("+1 at 8\" or less, −1 from 16\" (16\" counts as long, our default)."),
                       range_ids, range_labels, 0),
  MUSTER_BOOL_INPUT ("skirmish-target", N_("Target skirmishing"),
                     N_("Or firing through a skirmishing unit: −1."), 0),
  MUSTER_BOOL_INPUT ("target-charging", N_("Target has a Charge order"), N_("−1."), 0),
  MUSTER_BOOL_INPUT ("fire-and-flee", N_("Fire and Flee order"),
                     N_("The firer fires at −2, then flees."), 0),
  MUSTER_BOOL_INPUT ("bad-luck", N_("Firer under Bad Luck"), N_("−2."), 0),
  MUSTER_BOOL_INPUT ("slow-thinking", N_("Firer Slow Thinking"), N_("−1."), 0),
  MUSTER_INT_INPUT ("other", N_("Other shooting modifiers"),
                    N_("Added to the firer's Successes."), -10, 10, 0),
  MUSTER_BOOL_INPUT ("woods", N_("Target inside a wood"), N_("Missile dice need 6s."), 0),
  MUSTER_BOOL_INPUT ("obstacle", N_("Target behind a Linear Obstacle"),
                     N_("Missile dice need 6s."), 0),
  MUSTER_BOOL_INPUT ("character-target", N_("Target is a Character"),
                     N_("A lone Character (more than 2\" from friends): dice need 6s."), 0),
  MUSTER_BOOL_INPUT ("tough-hide-4", N_("Target has Tough Hide L4"),
                     N_("Missile dice need 6s."), 0),
  MUSTER_BVF_LEVEL_INPUT ("target-experience", N_("Target's experience"),
                          N_("Added to its saves.")),
  MUSTER_BVF_ARMOUR_INPUT ("target-armour", N_("Target's armour"),
                           N_("Failed saves rerolled: Light 1, Medium 2, Heavy 3.")),
  MUSTER_BOOL_INPUT ("target-corrosion", N_("Target under Corrosion"),
                     N_("Its armour drops one level."), 0),
  MUSTER_INT_INPUT ("magic-armour", N_("Magic Armour"),
                    N_("Further rerolls of failed saves, after armour "
                       "(the casting Successes)."), 0, 20, 0),
  MUSTER_BOOL_INPUT ("shield-wall", N_("Shield Wall, shot from the front"), N_("+2 on saves."), 0),
  MUSTER_BOOL_INPUT ("braced", N_("Braced, shot from the front"), N_("+1 on saves."), 0),
  MUSTER_BOOL_INPUT ("deep-formation", N_("Target in Attack Column, Square or Wedge"),
                     N_("−1 on saves."), 0),
  MUSTER_BVF_CHARACTER_INPUT ("target-captain", N_("Captain with the target"),
                              N_("+1/+2/+3 on Defence (our default: against shooting too).")),
  MUSTER_BOOL_INPUT ("target-bad-luck", N_("Target under Bad Luck"), N_("−2 on saves."), 0),
  MUSTER_BOOL_INPUT ("target-slow-thinking", N_("Target Slow Thinking"), N_("−1 on saves."), 0),
  MUSTER_INT_INPUT ("target-other", N_("Other defence modifiers"),
                    N_("Added to the saves."), -10, 10, 0),
  MUSTER_INT_INPUT ("resilient", N_("Wounds ignored"),
                    N_("Resilient (Pony) ignores the first wound of each attack, 2 with Dwarian "
                       "Resilience; a lone Veteran Character ignores 1, an Elite 2."), 0, 2, 0),
  MUSTER_BVF_CHARACTER_INPUT ("apothecary", N_("Apothecary with the target"),
                              N_("Rolls 10 dice (+1 Veteran, +2 Elite); "
                                 "each Success removes a casualty.")),
  MUSTER_INT_INPUT ("target-figures", N_("Target's figures"),
                    N_("Casualties cannot exceed the figures (or wounds) left."), 1, 400, 40),
};

static const MusterOutputSpec fire_outputs[] = {
  { .id = "hits", .label = N_("Hits") },
  { .id = "casualties", .label = N_("Casualties") },
};

static void
fire_setup (const MusterBvfNumbers *n,
            const int              *v,
            MusterBvfStrike        *s,
            int                    *dice)
{
  const int *mod = n->mod;
  int hit = n->success[v[MF_EXPERIENCE]] + v[MF_OTHER];
  int save = n->success[v[MF_T_EXPERIENCE]] + v[MF_T_OTHER];

  hit += v[MF_LINE] ? mod[MUSTER_BVF_MOD_LINE_SHOOTING] : 0;
  hit += v[MF_LARGE] ? mod[MUSTER_BVF_MOD_LARGE_TARGET] : 0;
  hit += v[MF_RANGE] == 1 ? mod[MUSTER_BVF_MOD_SHORT_RANGE] : 0;
  hit += v[MF_RANGE] == 2 ? mod[MUSTER_BVF_MOD_LONG_RANGE] : 0;
  hit += v[MF_SKIRMISH] ? mod[MUSTER_BVF_MOD_SKIRMISH_TARGET] : 0;
  hit += v[MF_CHARGING] ? mod[MUSTER_BVF_MOD_TARGET_CHARGING] : 0;
  hit += v[MF_FIRE_AND_FLEE] ? mod[MUSTER_BVF_MOD_FIRE_AND_FLEE] : 0;
  hit += v[MF_BAD_LUCK] ? mod[MUSTER_BVF_MOD_BAD_LUCK] : 0;
  hit += v[MF_SLOW] ? mod[MUSTER_BVF_MOD_SLOW_THINKING] : 0;

  save += v[MF_T_SHIELD_WALL] ? mod[MUSTER_BVF_MOD_SHIELD_WALL] : 0;
  save += v[MF_T_BRACED] ? mod[MUSTER_BVF_MOD_BRACED] : 0;
  save += v[MF_T_DEEP] ? mod[MUSTER_BVF_MOD_DEEP_FORMATION] : 0;
  save += _muster_bvf_captain (n, v[MF_T_CAPTAIN]);
  save += v[MF_T_BAD_LUCK] ? mod[MUSTER_BVF_MOD_BAD_LUCK] : 0;
  save += v[MF_T_SLOW] ? mod[MUSTER_BVF_MOD_SLOW_THINKING] : 0;

  /* §1.2: several needs-6 conditions do not stack beyond 6 (§9.32). */
  s->hit = (MusterBvfRoll) { v[MF_WOODS] || v[MF_OBSTACLE] || v[MF_CHARACTER] ||
                             v[MF_TOUGH_HIDE], 0, 0, FALSE, hit };
  s->save = (MusterBvfRoll) { FALSE, n->armour[MAX (0, v[MF_T_ARMOUR] - v[MF_T_CORROSION])],
                              v[MF_T_MAGIC_ARMOUR], FALSE, save };
  s->sliding = 0;   /* "we are better than you" is for combat only (our default) */
  s->ignore = v[MF_T_RESILIENT];
  s->apothecary = _muster_bvf_apothecary (n, v[MF_T_APOTHECARY]);
  *dice = v[MF_FIGURES] * (v[MF_MAGIC_MISSILES] ? 2 : 1);
}

static void
fire_exact (const MusterBvfNumbers  *n,
            const int               *v,
            MusterDist             **outputs)
{
  MusterBvfStrike strike;
  int dice;

  fire_setup (n, v, &strike, &dice);
  _muster_bvf_strike_outputs (&strike, dice, v[MF_T_FIGURES], &outputs[MF_OUT_HITS],
                              &outputs[MF_OUT_CASUALTIES]);
}

void
_muster_bvf_fire_resolve (const MusterBvfNumbers *n,
                          const int              *v,
                          MusterFaces            *faces,
                          int                    *outcome)
{
  MusterBvfStrike strike;
  int dice;

  fire_setup (n, v, &strike, &dice);
  outcome[MF_OUT_CASUALTIES] = _muster_bvf_strike_resolve (&strike, dice, v[MF_T_FIGURES], faces,
                                                           &outcome[MF_OUT_HITS]);
}


static const MusterBvfProcedure missile_fire = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "missile-fire",
    .name = N_("Missile fire"),
    .summary = N_("A volley to casualties: hits on 5–6 with the shooting modifiers, saves with "
                  "armour "
                  "rerolls and the defence modifiers, then Resilient and the Apothecary."),
    MUSTER_PROCEDURE_INPUT_SPECS (fire_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (fire_outputs),
    .exact = _muster_bvf_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_fire_resolve,
  .exact = fire_exact,
};

/* ---- Impact hits (§5.10 step 7) --------------------------------------------------------- */

enum {
  IH_CONTACT, IH_COLUMN_RANKS, IH_WEDGE, IH_SHOCK, IH_MR, IH_CANCELLED, IH_NO_ARMOUR,
  IH_T_ARMOUR, IH_T_CORROSION, IH_T_FIGURES
};
enum { IH_OUT_HITS, IH_OUT_CASUALTIES };

static const char * const shock_ids[] = { "none", "1", "2", "3", NULL };
static const char * const shock_labels[] = {
  N_("None"),
  N_("Shock L1: 1 per stand"), N_("Shock L2: 1 per current MR"), N_("Shock L3: 2 per stand"), NULL
};

static const MusterInputSpec impact_inputs[] = {
  MUSTER_INT_INPUT ("contact", N_("Stands in contact"),
                    N_("The charging stands that made contact; only they cause "
                       "impact hits (our default)."), 0, 60, 4),
  MUSTER_INT_INPUT ("column-ranks", N_("Attack Column ranks"),
                    N_("1 impact hit per rank of depth."), 0, 20, 0),
  MUSTER_BOOL_INPUT ("wedge", N_("Wedge"), N_("1 impact hit per stand."), 0),
  MUSTER_CHOICE_INPUT ("shock", N_("Shock"), N_("Impact hits of the Shock rule."),
                       shock_ids, shock_labels, 0),
  MUSTER_INT_INPUT ("mr", N_("Current MR"),
                    N_("For Shock L2 (Monstrous Creatures): the MR left."), 0, 10, 6),
  MUSTER_BOOL_INPUT ("cancelled", N_("Pikes in front, or a Linear Obstacle"),
                     N_("Pikes hit from the front (any side in Square) or a Linear "
                        "Obstacle cancel impact hits."), 0),
  MUSTER_BOOL_INPUT ("no-armour-rerolls", N_("Rending Claws, Scorpion Tail or Go for the Throat"),
                     N_("No armour rerolls against the impact hits (a double-handed weapon does "
                        "not "
                        "deny them here, our default)."), 0),
  MUSTER_BVF_ARMOUR_INPUT ("target-armour", N_("Target's armour"),
                           N_("Failed saves rerolled; no modifiers.")),
  MUSTER_BOOL_INPUT ("target-corrosion", N_("Target under Corrosion"),
                     N_("Its armour drops one level."), 0),
  MUSTER_INT_INPUT ("target-figures", N_("Target's figures"),
                    N_("Casualties cannot exceed them."), 1, 400, 40),
};

static const MusterOutputSpec impact_outputs[] = {
  { .id = "impact-hits", .label = N_("Impact hits") },
  { .id = "casualties", .label = N_("Casualties") },
};

static void
impact_setup (const MusterBvfNumbers *n,
              const int              *v,
              MusterBvfStrike        *s,
              int                    *hits)
{
  static const int per_stand[] = { 0, 1, 0, 2 };

  *hits = v[IH_COLUMN_RANKS] + (v[IH_WEDGE] ? v[IH_CONTACT] : 0) +
          per_stand[v[IH_SHOCK]] * v[IH_CONTACT] + (v[IH_SHOCK] == 2 ? v[IH_MR] : 0);
  if (v[IH_CONTACT] == 0 || v[IH_CANCELLED])
    *hits = 0;
  /* The hits are certain: a 0-modifier roll that always succeeds is not needed, so the
   * strike starts at the saves. No modifiers, no sliding scale (§8). */
  memset (s, 0, sizeof *s);
  s->save.rerolls = v[IH_NO_ARMOUR] ? 0 :
                    n->armour[MAX (0, v[IH_T_ARMOUR] - v[IH_T_CORROSION])];
  s->apothecary = -1;
}

static void
impact_exact (const MusterBvfNumbers  *n,
              const int               *v,
              MusterDist             **outputs)
{
  g_autofree double *saves = NULL;
  g_autofree double *casualties = NULL;
  MusterBvfStrike strike;
  int hits;

  impact_setup (n, v, &strike, &hits);
  saves = g_new (double, hits + 1);
  casualties = g_new (double, hits + 1);
  _muster_bvf_roll_probs (&strike.save, hits, saves);
  for (int s = 0; s <= hits; s++)
    casualties[hits - s] = saves[s];
  outputs[IH_OUT_HITS] = muster_dist_new_constant (hits);
  outputs[IH_OUT_CASUALTIES] = _muster_bvf_dist_capped (casualties, hits + 1, v[IH_T_FIGURES]);
}

void
_muster_bvf_impact_resolve (const MusterBvfNumbers *n,
                            const int              *v,
                            MusterFaces            *faces,
                            int                    *outcome)
{
  MusterBvfStrike strike;
  int hits, saves;

  impact_setup (n, v, &strike, &hits);
  saves = _muster_bvf_roll_resolve (&strike.save, hits, faces);
  outcome[IH_OUT_HITS] = hits;
  outcome[IH_OUT_CASUALTIES] = MIN (v[IH_T_FIGURES], hits - saves);
}

static const MusterBvfProcedure impact_hits = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "impact-hits",
    .name = N_("Impact hits"),
    .summary = N_("The charge's impact hits: the defender saves each on 5–6 with armour rerolls "
                  "and "
                  "no modifiers; every failure is a casualty."),
    MUSTER_PROCEDURE_INPUT_SPECS (impact_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (impact_outputs),
    .exact = _muster_bvf_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_impact_resolve,
  .exact = impact_exact,
};

/* ---- The system's procedures ------------------------------------------------------------ */

static MusterBvfResolveFunc
resolver_of (const MusterProcedure *procedure)
{
  return ((const MusterBvfProcedure *) procedure)->resolve;
}

/* The exact hook of every procedure that needs only the book's numbers. */
gboolean
_muster_bvf_exact (const MusterProcedure  *procedure,
                   const MusterRuleset    *ruleset,
                   const int              *values,
                   MusterDist            **outputs,
                   GError                **error)
{
  const MusterBvfNumbers *n = _muster_bvf_numbers (ruleset, error);

  if (n == NULL)
    return FALSE;
  ((const MusterBvfProcedure *) procedure)->exact (n, values, outputs);
  return TRUE;
}

/* Every procedure's sampler: its resolution, reading faces from @dice. */
void
_muster_bvf_sample (const MusterProcedure *procedure,
                    const MusterRuleset   *ruleset,
                    const int             *values,
                    MusterDice            *dice,
                    int                   *outcome)
{
  MusterFaces faces;

  muster_faces_init_rolled (&faces, dice);
  resolver_of (procedure) (_muster_bvf_numbers_or_warn (ruleset), values, &faces, outcome);
}

/* The simulator's state: the book's numbers and the inputs copied, the resolution found, and a
 * combat's plan made, once for all the trials. */
typedef struct
{
  MusterBvfNumbers     numbers;
  int                 *values;
  MusterBvfResolveFunc resolve;
  gpointer             plan;        /* combats only */
  gboolean             engagement;
} Prepared;

gpointer
_muster_bvf_prepare (const MusterProcedure  *procedure,
                     const MusterRuleset    *ruleset,
                     const int              *values,
                     GError                **error)
{
  const MusterBvfNumbers *n = _muster_bvf_numbers (ruleset, error);
  Prepared *p;

  if (n == NULL)
    return NULL;
  p = g_new0 (Prepared, 1);
  p->numbers = *n;
  p->values = g_memdup2 (values, sizeof (int) * MAX (procedure->n_inputs, 1));
  p->resolve = resolver_of (procedure);
  p->engagement = procedure == &muster_bvf_engagement.base;
  if (p->engagement || procedure == &muster_bvf_combat_rounds.base)
    p->plan = _muster_bvf_rounds_plan_new (&p->numbers, p->values);
  return p;
}

/* As _muster_bvf_sample(): the same faces in the same order, so one seed one result. */
void
_muster_bvf_sample_prepared (const MusterProcedure *procedure,
                             gconstpointer          prepared,
                             MusterDice            *dice,
                             int                   *outcome)
{
  const Prepared *p = prepared;
  MusterFaces faces;

  muster_faces_init_rolled (&faces, dice);
  if (p->plan != NULL)
    _muster_bvf_rounds_play (p->plan, p->engagement, &faces, outcome);
  else
    p->resolve (&p->numbers, p->values, &faces, outcome);
}

void
_muster_bvf_free_prepared (gpointer prepared)
{
  Prepared *p = prepared;

  g_free (p->plan);
  g_free (p->values);
  g_free (p);
}

/**
 * _muster_bvf_resolve_faces:
 * @faces: (array length=n_faces): die faces, 1–6, in the order the procedure reads them
 *
 * Plays @procedure with the given faces (the book's dice, or one combination of a
 * brute-force enumeration). Reading past @n_faces is a programmer error.
 *
 * Returns: the number of faces read, or -1 without the ruleset's numbers
 */
int
_muster_bvf_resolve_faces (const MusterProcedure  *procedure,
                           const MusterRuleset    *ruleset,
                           const int              *values,
                           const int              *faces,
                           guint                   n_faces,
                           int                    *outcome,
                           GError                **error)
{
  const MusterBvfNumbers *n = _muster_bvf_numbers (ruleset, error);
  MusterFaces f;

  if (n == NULL)
    return -1;
  muster_faces_init_given (&f, faces, n_faces);
  resolver_of (procedure) (n, values, &f, outcome);
  g_assert (!muster_faces_is_exhausted (&f));
  return (int) muster_faces_get_n_used (&f);
}

const MusterProcedure * const muster_bvf_procedures[] = {
  &success_roll.base,
  &charge_roll.base,
  &rally.base,
  &muster_bvf_flee.base,
  &muster_bvf_initiative.base,
  &missile_fire.base,
  &impact_hits.base,
  &muster_bvf_melee_strike.base,
  &muster_bvf_combat_rounds.base,
  &muster_bvf_engagement.base,
  &muster_bvf_war_machine.base,
  &muster_bvf_spell.base,
  &muster_bvf_action.base,
  NULL
};
