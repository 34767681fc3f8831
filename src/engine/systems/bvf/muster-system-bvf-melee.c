/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bvf"

#include "config.h"

#include <string.h>

#include "muster-engine-error.h"
#include "muster-system-bvf-private.h"

/*
 * Battle Valor Fantasy melee (§5.10): one side's strike (steps 9–11), and a combat between two
 * units over several rounds (charge roll, impact hits, strike, strike back), exact and
 * simulated. Casualties are figures (§9.6); a stand goes with its last figure.
 */

const char * const _muster_bvf_fear_ids[] = { "none", "fear", "terror", NULL };
const char * const _muster_bvf_fear_labels[] = {
  N_("None"), N_("Cause Fear"), N_("Cause Terror"), NULL
};
const char * const _muster_bvf_direction_ids[] = { "front", "flank", "rear", NULL };
const char * const _muster_bvf_direction_labels[] = { N_("Front"), N_("Flank"), N_("Rear"), NULL };

/* §1.2, §2.9, §9.13: whether the striker's hit dice need 6s because of the target's Fear. */
static gboolean
feared (const MusterBvfMelee *m)
{
  MusterBvfFear effect = m->target_causes;

  if (!m->first_round)
    return FALSE;
  if (m->trained)   /* Trained for War: ignores Fear, treats Terror as Fear */
    effect = effect == MUSTER_BVF_TERROR ? MUSTER_BVF_FEAR : MUSTER_BVF_FEAR_NONE;
  if (effect == MUSTER_BVF_TERROR)
    return m->level <= MUSTER_BVF_VETERAN && m->causes != MUSTER_BVF_TERROR;
  if (effect == MUSTER_BVF_FEAR)
    return m->level <= MUSTER_BVF_REGULAR && m->causes == MUSTER_BVF_FEAR_NONE;
  return FALSE;
}

static int
advantage_bonus (const MusterBvfNumbers *n,
                 int                     count,
                 gboolean                stacks)
{
  return n->mod[MUSTER_BVF_MOD_ADVANTAGE] * (stacks ? count : MIN (count, 1));
}

/* The dice after the step 9 adjustments: Brace −2, Hatred ×2, Cavalry against Square ½, Glamor. */
int
_muster_bvf_adjust_dice (const MusterBvfNumbers *n,
                         const MusterBvfMelee   *m,
                         int                     dice)
{
  if (m->braced)
    dice = MAX (0, dice + n->mod[MUSTER_BVF_MOD_BRACED_DICE]);
  if (m->hatred)
    dice *= 2;
  if (m->cavalry_vs_square && m->first_round)
    dice /= 2;
  if (m->glamor)
    dice = 0;
  return dice;
}

void
_muster_bvf_melee_setup (const MusterBvfNumbers *n,
             const MusterBvfMelee            *m,
             MusterBvfStrike        *s)
{
  const int *mod = n->mod;
  int hit = n->success[m->level] + m->other;
  int save = n->success[m->target_level] + m->target_other;

  hit += m->last_stand ? mod[MUSTER_BVF_MOD_LAST_STAND] : 0;
  if (m->first_round)
    {
      hit += m->direction == MUSTER_BVF_REAR ? mod[MUSTER_BVF_MOD_REAR_ATTACK] : 0;
      hit += m->direction == MUSTER_BVF_FLANK ? mod[MUSTER_BVF_MOD_FLANK_ATTACK] : 0;
      save += m->direction == MUSTER_BVF_REAR ? mod[MUSTER_BVF_MOD_REAR_CHARGED] : 0;
      save += m->direction == MUSTER_BVF_FLANK ? mod[MUSTER_BVF_MOD_FLANKED] : 0;
      /* §9.10: +2 against Line, otherwise +1; both with the variant. */
      if (m->attack_column && m->target_line)
        hit += mod[MUSTER_BVF_MOD_COLUMN_VS_LINE] +
               (m->column_stacks ? mod[MUSTER_BVF_MOD_ATTACK_COLUMN] : 0);
      else if (m->attack_column)
        hit += mod[MUSTER_BVF_MOD_ATTACK_COLUMN];
    }
  hit += m->standard ? mod[MUSTER_BVF_MOD_STANDARD] : 0;
  hit += advantage_bonus (n, m->advantages, m->advantage_stacks);
  hit += m->pole ? mod[MUSTER_BVF_MOD_POLE] : 0;
  hit += m->charging ? mod[MUSTER_BVF_MOD_CHARGING] : 0;
  hit += _muster_bvf_captain (n, m->captain);
  hit += m->fog ? mod[MUSTER_BVF_MOD_FOG] : 0;
  hit += m->corrosion ? mod[MUSTER_BVF_MOD_CORROSION] : 0;
  hit += m->bad_luck ? mod[MUSTER_BVF_MOD_BAD_LUCK] : 0;
  hit += m->slow ? mod[MUSTER_BVF_MOD_SLOW_THINKING] : 0;

  if (m->direction == MUSTER_BVF_FRONT)
    {
      save += m->shield_wall ? mod[MUSTER_BVF_MOD_SHIELD_WALL] : 0;
      save += m->target_braced ? mod[MUSTER_BVF_MOD_BRACED] : 0;
    }
  save += advantage_bonus (n, m->target_advantages, m->advantage_stacks);
  save += m->target_pole ? mod[MUSTER_BVF_MOD_POLE] : 0;
  save += _muster_bvf_captain (n, m->target_captain);
  save += m->target_bad_luck ? mod[MUSTER_BVF_MOD_BAD_LUCK] : 0;
  save += m->target_slow ? mod[MUSTER_BVF_MOD_SLOW_THINKING] : 0;

  s->hit = (MusterBvfRoll) { m->obstacle || feared (m), m->keen, 0, m->spikes, hit };
  s->save = (MusterBvfRoll) {
    FALSE,
    m->no_armour ? 0 : n->armour[MAX (0, m->target_armour - m->target_corrosion)],
    m->magic_armour, FALSE, save
  };
  s->sliding = MAX (0, n->rank[m->level] - n->rank[m->target_level]);
  s->ignore = m->resilient;
  s->apothecary = _muster_bvf_apothecary (n, m->apothecary);
}

/* ---- One strike (§5.10 steps 9–11) ------------------------------------------------------ */

enum {
  MS_DICE, MS_FIRST_ROUND, MS_EXPERIENCE, MS_CHARGING, MS_LAST_STAND, MS_DIRECTION,
  MS_ATTACK_COLUMN, MS_TARGET_LINE, MS_COLUMN_STACKS, MS_STANDARD, MS_HIGH_GROUND, MS_MOUNTED,
  MS_LARGE, MS_ADVANTAGE_STACKS, MS_POLE, MS_CAPTAIN, MS_FOG, MS_CORROSION, MS_BAD_LUCK,
  MS_SLOW, MS_OTHER, MS_BRACED, MS_HATRED, MS_SQUARE, MS_GLAMOR, MS_OBSTACLE, MS_CAUSES,
  MS_TRAINED, MS_KEEN, MS_SPIKES, MS_NO_ARMOUR, MS_T_EXPERIENCE, MS_T_ARMOUR, MS_T_CORROSION,
  MS_MAGIC_ARMOUR, MS_SHIELD_WALL, MS_T_BRACED, MS_T_ADVANTAGE, MS_T_POLE, MS_T_CAPTAIN,
  MS_T_BAD_LUCK, MS_T_SLOW, MS_T_OTHER, MS_T_CAUSES, MS_RESILIENT, MS_APOTHECARY, MS_FIGURES
};
enum { MS_OUT_HITS, MS_OUT_CASUALTIES };

static const MusterInputSpec strike_inputs[] = {
  MUSTER_INT_INPUT ("attack-dice", N_("Attack dice"),
                    N_("One per figure in contact, attacks per stand × stands for bestiary "
                       "troops, or "
                       "the current MR of a Monstrous Creature."), 0, 200, 12),
  MUSTER_BOOL_INPUT ("first-round", N_("First round of combat"),
                     N_("The first exchange between these two units: flank, rear, "
                        "Attack Column, Fear."), 1),
  MUSTER_BVF_LEVEL_INPUT ("experience", N_("Experience"), N_("Levy −1, Veteran +1, Elite +2.")),
  MUSTER_BOOL_INPUT ("charging", N_("Charging"),
                     N_("+1 for a new charge, or for striking first in an existing combat."), 1),
  MUSTER_BOOL_INPUT ("last-stand", N_("The unit's last stand"),
                     N_("+2 with only one stand left."), 0),
  MUSTER_CHOICE_INPUT ("direction", N_("Attacking"),
                       N_("Flank +1 (the defender −1), rear +2 (−2), first round only."),
                       _muster_bvf_direction_ids, _muster_bvf_direction_labels, 0),
  MUSTER_BOOL_INPUT ("attack-column", N_("Charged in Attack Column"),
                     N_("+1 in the first round."), 0),
  MUSTER_BOOL_INPUT ("target-line", N_("Target in Line"),
                     N_("An Attack Column gets +2 against Line instead."), 0),
  MUSTER_BOOL_INPUT ("column-bonus-stacks", N_("Add the column bonuses"),
                     N_("Variant: +1 and +2 against Line added together (+3); "
                        "our default does not."), 0),
  MUSTER_BOOL_INPUT ("standard", N_("Battle Standard"),
                     N_("+1 (a live Standard Bearer, or Independent)."), 0),
  MUSTER_BOOL_INPUT ("high-ground", N_("High ground"), N_("+1."), 0),
  MUSTER_BOOL_INPUT ("mounted-vs-foot", N_("Mounted against foot"), N_("+1."), 0),
  MUSTER_BOOL_INPUT ("large-vs-small", N_("Large against Small"),
                     N_("+1 (Ogre-sized or bigger)."), 0),
  MUSTER_BOOL_INPUT ("advantages-stack", N_("Add those bonuses"),
                     N_("Variant: each of high ground, mounted and Large counts; our default is "
                        "+1 at "
                        "most, on attack and on defence."), 0),
  MUSTER_BOOL_INPUT ("pole", N_("Pole weapon against hand weapons"),
                     N_("+1 against hand or double-handed weapons."), 0),
  MUSTER_BVF_CHARACTER_INPUT ("captain", NC_("procedure", "Captain"), N_("+1/+2/+3 on attack.")),
  MUSTER_BOOL_INPUT ("fog", N_("Fog"),
                     N_("−2 on every attack of, and against, the fogged unit."), 0),
  MUSTER_BOOL_INPUT ("corrosion", N_("Striker under Corrosion"), N_("−2 on its attacks."), 0),
  MUSTER_BOOL_INPUT ("bad-luck", N_("Striker under Bad Luck"), N_("−2."), 0),
  MUSTER_BOOL_INPUT ("slow-thinking", N_("Striker Slow Thinking"), N_("−1 (Ogre Wreckers)."), 0),
  MUSTER_INT_INPUT ("other", N_("Other attack modifiers"), N_("Added to the hits."), -10, 10, 0),
  MUSTER_BOOL_INPUT ("braced", N_("Striker Braced in combat"),
                     N_("It rolls 2 fewer attack dice."), 0),
  MUSTER_BOOL_INPUT ("hatred", N_("Hatred"), N_("The spell doubles the attack dice."), 0),
  MUSTER_BOOL_INPUT ("cavalry-vs-square", N_("Cavalry charging a Square"),
                     N_("Attack dice halved, rounded down, first round only (our default)."), 0),
  MUSTER_BOOL_INPUT ("glamor", N_("Target under Glamor"), N_("No attacks against it."), 0),
  MUSTER_BOOL_INPUT ("obstacle", N_("Target behind a Linear Obstacle"), N_("Hit dice need 6s."), 0),
  MUSTER_CHOICE_INPUT ("causes", N_("Striker causes"),
                       N_("A unit that causes Fear (or Terror) is not afraid of Fear."),
                       _muster_bvf_fear_ids, _muster_bvf_fear_labels, 0),
  MUSTER_BOOL_INPUT ("trained-for-war", N_("Trained for War"),
                     N_("Horses: ignore Fear and treat Terror as Fear."), 0),
  MUSTER_INT_INPUT ("keen-weapons", N_("Keen Weapons"),
                    N_("Failed attack dice rerolled (the casting "
                       "Successes), before modifiers."), 0, 20, 0),
  MUSTER_BOOL_INPUT ("wall-of-spikes", N_("Target under Wall of Spikes"),
                     N_("Successful attack dice rerolled once: each succeeds with p²."), 0),
  MUSTER_BOOL_INPUT ("no-armour-rerolls", N_("Double-handed weapon or Rending Claws"),
                     N_("Also Scorpion Tail, Go for the Throat: no armour "
                        "rerolls against these hits."), 0),
  MUSTER_BVF_LEVEL_INPUT ("target-experience", N_("Target's experience"),
                          N_("Added to its saves; the difference in rank adds casualties.")),
  MUSTER_BVF_ARMOUR_INPUT ("target-armour", N_("Target's armour"),
                           N_("Light 1, Medium 2, Heavy 3 rerolls.")),
  MUSTER_BOOL_INPUT ("target-corrosion", N_("Target under Corrosion"),
                     N_("Its armour drops one level."), 0),
  MUSTER_INT_INPUT ("magic-armour", N_("Magic Armour"),
                    N_("Further rerolls of failed saves."), 0, 20, 0),
  MUSTER_BOOL_INPUT ("shield-wall", N_("Target in Shield Wall"),
                     N_("+2 on saves, from the front only."), 0),
  MUSTER_BOOL_INPUT ("target-braced", N_("Target Braced"),
                     N_("+1 on saves, from the front only."), 0),
  MUSTER_BOOL_INPUT ("target-advantage", N_("Target's high ground, mount or size"),
                     N_("+1 on saves for high ground, mounted against foot or "
                        "Large against Small."), 0),
  MUSTER_BOOL_INPUT ("target-pole", N_("Target's pole weapon against hand weapons"),
                     N_("+1 on saves."), 0),
  MUSTER_BVF_CHARACTER_INPUT ("target-captain", N_("Target's Captain"), N_("+1/+2/+3 on Defence.")),
  MUSTER_BOOL_INPUT ("target-bad-luck", N_("Target under Bad Luck"), N_("−2 on saves."), 0),
  MUSTER_BOOL_INPUT ("target-slow-thinking", N_("Target Slow Thinking"), N_("−1 on saves."), 0),
  MUSTER_INT_INPUT ("target-other", N_("Other defence modifiers"),
                    N_("Added to the saves."), -10, 10, 0),
  MUSTER_CHOICE_INPUT ("target-causes", N_("Target causes"),
                       N_("Levy and Regular need 6s against Fear in the first round; Levy, Regular "
                          "and Veteran against Terror."),
                       _muster_bvf_fear_ids, _muster_bvf_fear_labels, 0),
  MUSTER_INT_INPUT ("resilient", N_("Wounds ignored"),
                    N_("Resilient ignores the first wound (2 for Dwarves); a Veteran "
                       "Character 1, an Elite 2."), 0, 2, 0),
  MUSTER_BVF_CHARACTER_INPUT ("apothecary", N_("Target's Apothecary"),
                              N_("10 dice (+1 Veteran, +2 Elite); each Success removes a "
                                 "casualty.")),
  MUSTER_INT_INPUT ("target-figures", N_("Target's figures"),
                    N_("Casualties cannot exceed them."), 1, 400, 40),
};

static const MusterOutputSpec strike_outputs[] = {
  { .id = "hits", .label = N_("Hits") },
  { .id = "casualties", .label = N_("Casualties") },
};

/* The strike and its attack dice, as fire_setup() and impact_setup() give theirs. */
static void
strike_setup (const MusterBvfNumbers *n,
              const int              *v,
              MusterBvfStrike        *s,
              int                    *dice)
{
  MusterBvfMelee m = {
    .level = v[MS_EXPERIENCE], .first_round = v[MS_FIRST_ROUND], .charging = v[MS_CHARGING],
    .last_stand = v[MS_LAST_STAND], .direction = v[MS_DIRECTION],
    .attack_column = v[MS_ATTACK_COLUMN], .target_line = v[MS_TARGET_LINE],
    .column_stacks = v[MS_COLUMN_STACKS], .standard = v[MS_STANDARD],
    .advantages = v[MS_HIGH_GROUND] + v[MS_MOUNTED] + v[MS_LARGE],
    .advantage_stacks = v[MS_ADVANTAGE_STACKS], .pole = v[MS_POLE], .captain = v[MS_CAPTAIN],
    .fog = v[MS_FOG], .corrosion = v[MS_CORROSION], .bad_luck = v[MS_BAD_LUCK],
    .slow = v[MS_SLOW], .other = v[MS_OTHER], .braced = v[MS_BRACED],
    .hatred = v[MS_HATRED], .cavalry_vs_square = v[MS_SQUARE], .glamor = v[MS_GLAMOR],
    .obstacle = v[MS_OBSTACLE], .causes = v[MS_CAUSES], .trained = v[MS_TRAINED],
    .keen = v[MS_KEEN], .spikes = v[MS_SPIKES], .no_armour = v[MS_NO_ARMOUR],
    .target_level = v[MS_T_EXPERIENCE], .target_armour = v[MS_T_ARMOUR],
    .target_corrosion = v[MS_T_CORROSION], .magic_armour = v[MS_MAGIC_ARMOUR],
    .shield_wall = v[MS_SHIELD_WALL], .target_braced = v[MS_T_BRACED],
    .target_advantages = v[MS_T_ADVANTAGE], .target_pole = v[MS_T_POLE],
    .target_captain = v[MS_T_CAPTAIN], .target_bad_luck = v[MS_T_BAD_LUCK],
    .target_slow = v[MS_T_SLOW], .target_other = v[MS_T_OTHER],
    .target_causes = v[MS_T_CAUSES], .resilient = v[MS_RESILIENT],
    .apothecary = v[MS_APOTHECARY],
  };

  _muster_bvf_melee_setup (n, &m, s);
  *dice = _muster_bvf_adjust_dice (n, &m, v[MS_DICE]);
}

static void
strike_exact (const MusterBvfNumbers  *n,
              const int               *v,
              MusterDist             **outputs)
{
  MusterBvfStrike strike;
  int dice;

  strike_setup (n, v, &strike, &dice);
  _muster_bvf_strike_outputs (&strike, dice, v[MS_FIGURES], &outputs[MS_OUT_HITS],
                              &outputs[MS_OUT_CASUALTIES]);
}

void
_muster_bvf_strike_resolve_values (const MusterBvfNumbers *n,
                                   const int              *v,
                                   MusterFaces            *faces,
                                   int                    *outcome)
{
  MusterBvfStrike strike;
  int dice;

  strike_setup (n, v, &strike, &dice);
  outcome[MS_OUT_CASUALTIES] = _muster_bvf_strike_resolve (&strike, dice, v[MS_FIGURES], faces,
                                                           &outcome[MS_OUT_HITS]);
}

const MusterBvfProcedure muster_bvf_melee_strike = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "melee-strike",
    .name = N_("Combat attack"),
    .summary = N_("One side's attack (steps 9–11): hits with the attack modifiers, saves with "
                  "armour "
                  "and defence modifiers, \"we are better than you\", Resilient and the "
                  "Apothecary."),
    MUSTER_PROCEDURE_INPUT_SPECS (strike_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (strike_outputs),
    .exact = _muster_bvf_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_strike_resolve_values,
  .exact = strike_exact,
};
