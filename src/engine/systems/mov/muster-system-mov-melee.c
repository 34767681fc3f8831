/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-mov"

#include "config.h"

#include <string.h>

#include "muster-engine-error.h"
#include "muster-system-mov-combat-private.h"

/*
 * Medals of Valor close combat (§5): close assault fire, one melee pair, and the whole charge
 * (fire, then melee turns until one side wins) as a simulated engagement.
 */

enum { CAF_MISS, CAF_SLIGHT, CAF_MODERATE, CAF_KILLED };

static const char * const caf_weapons[] = {
  "bolt-rifle", "magazine-rifle", "pistol", "machine-pistol", "smg", "lmg", NULL
};
static const char * const caf_weapon_labels[] = {
  NC_("procedure", "Bolt action rifle"), NC_("procedure", "Magazine rifle"),
  NC_("procedure", "Pistol"), NC_("procedure", "Machine pistol"),
  NC_("procedure", "Submachine gun"), NC_("procedure", "LMG, BAR"), NULL
};
static const char * const caf_words[] = { "miss", "slight", "moderate", "killed", NULL };
static const char * const caf_labels[] = {
  N_("Missed"), N_("Slight wound"), N_("Moderate wound"), N_("Killed"), NULL
};
static const char * const status_labels[] = { N_("Unhurt"), N_("Wounded"), N_("Killed"), NULL };
static const char * const melee_weapons[] = { "none", "knife", "sword", "club", "bayonet", NULL };
static const char * const melee_weapon_labels[] = {
  N_("No weapon bonus (pistol, SMG…)"),
  N_("Knife, improvised weapon"), N_("Sword"), N_("Rifle as a club"),
  N_("Rifle with bayonet"), NULL
};

/* The book's wound steps of a named result: Slight one, Moderate two, Killed dead. */
static const int caf_steps[] = { 0, 1, 2, -1 };

/* The close assault fire row of @weapon into @faces, or FALSE with an error. */
static gboolean
caf_row (const MusterRuleset  *ruleset,
         const char           *weapon,
         int                  *faces,
         GError              **error)
{
  const MusterTable *weapons = muster_ruleset_get_table (ruleset, "close-combat-weapons");
  const MusterCell *row = weapons ? muster_table_lookup (weapons, weapon, "caf", NULL) : NULL;

  if (row == NULL || row->text == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("the %s table “close-combat-weapons” has no close assault row for “%s”"),
                   MUSTER_MOV_SYSTEM, weapon);
      return FALSE;
    }
  return _muster_mov_table_words (ruleset, "close-assault-fire", row->text, "f", 0, 9,
                                  caf_words, faces, error);
}

/* A bolt-action rifle that fired in the activity phase cannot use close assault fire. */
static gboolean
caf_fires (int      weapon,
           gboolean fired)
{
  return !(weapon == 0 && fired);
}

/* Close assault fire (§5.2) ------------------------------------------------------------------ */

enum { CAF_WEAPON, CAF_FIRED, CAF_INJURY, CAF_MODEL };
enum { CAF_OUT_RESULT, CAF_OUT_FIRES, CAF_OUT_INJURY, CAF_OUT_FIGHTS };

#define CAF_WEAPON_INPUT(id) \
  MUSTER_CHOICE_INPUT (id, N_("Defender's weapon"), \
                       N_("The row of the close assault fire table. Our reading: any rifle uses " \
                          "the " \
                          "rifle row, machine pistols and LMGs the SMG/SMP row."), \
                       caf_weapons, caf_weapon_labels, 0)
#define CAF_FIRED_INPUT(id) \
  MUSTER_BOOL_INPUT (id, N_("Fired as part of the activity phase"), \
                     N_("A defender armed with a bolt-action rifle who fired cannot " \
                        "use close assault fire."), 0)
#define INJURY_INPUT(id, label) \
  MUSTER_CHOICE_INPUT (id, label, N_("His wounds before this fight."), \
                       _muster_mov_injuries, _muster_mov_injury_labels, 0)
#define MODEL_INPUT \
  MUSTER_CHOICE_INPUT ("wounds", N_("Wound rules"), \
                       N_("Basic: a second wound of any kind kills. Cumulative (option): a " \
                          "Slight result is one level, a Moderate result two; Severe " \
                          "exists only in campaigns."), \
                       _muster_mov_wound_models, _muster_mov_wound_model_labels, 0)

static const MusterInputSpec caf_inputs[] = {
  CAF_WEAPON_INPUT ("weapon"),
  CAF_FIRED_INPUT ("fired"),
  INJURY_INPUT ("charger-injury", N_("Charger's injury level")),
  MODEL_INPUT,
};

static const MusterOutputSpec caf_outputs[] = {
  { .id = "result", .label = N_("Close assault fire"), .value_labels = caf_labels },
  { .id = "fires", .label = N_("Defender may fire"), .value_labels = _muster_mov_no_yes },
  { .id = "injury", .label = N_("Charger's injury afterwards"),
    .value_labels = _muster_mov_injury_after_labels },
  { .id = "fights", .label = N_("Charger goes on to melee"), .value_labels = _muster_mov_no_yes },
};

static void caf_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
caf_prepare (const MusterRuleset  *ruleset,
             const int            *values,
             MusterMovPlan        *plan,
             GError              **error)
{
  if (!_muster_mov_check_injury (values[CAF_INJURY], values[CAF_MODEL], error)
      || !caf_row (ruleset, caf_weapons[values[CAF_WEAPON]], plan->table[0], error))
    return FALSE;
  plan->mode = caf_fires (values[CAF_WEAPON], values[CAF_FIRED]);
  plan->injury = values[CAF_INJURY];
  plan->model = values[CAF_MODEL];
  muster_face_layout_add (&plan->layout, 1, 0, 9);
  plan->resolve = caf_resolve;
  return TRUE;
}

static void
caf_resolve (const MusterMovPlan *plan,
             const int           *faces,
             int                 *outcome)
{
  int result = plan->mode ? plan->table[0][faces[0]] : CAF_MISS;
  MusterMovInjury injury = _muster_mov_apply_wounds (plan->injury, caf_steps[result],
                                                     plan->model, FALSE);

  outcome[CAF_OUT_RESULT] = result;
  outcome[CAF_OUT_FIRES] = plan->mode;
  outcome[CAF_OUT_INJURY] = injury;
  outcome[CAF_OUT_FIGHTS] = injury != MUSTER_MOV_INJURY_DEAD;
}

static void
caf_exact (const MusterMovPlan  *plan,
           MusterDist          **outputs)
{
  double result[4] = { 0 }, injury[MUSTER_MOV_INJURY_DEAD + 1] = { 0 }, fights[2] = { 0 };

  if (!plan->mode)
    result[CAF_MISS] = 1;
  else
    for (int f = 0; f < 10; f++)
      result[plan->table[0][f]] += 0.1;
  for (int r = 0; r < 4; r++)
    {
      MusterMovInjury after = _muster_mov_apply_wounds (plan->injury, caf_steps[r], plan->model,
                                                        FALSE);

      injury[after] += result[r];
      fights[after != MUSTER_MOV_INJURY_DEAD] += result[r];
    }
  outputs[CAF_OUT_RESULT] = muster_dist_new_from_weights (0, result, 4);
  outputs[CAF_OUT_FIRES] = muster_dist_new_constant (plan->mode);
  outputs[CAF_OUT_INJURY] = muster_dist_new_from_weights (0, injury, G_N_ELEMENTS (injury));
  outputs[CAF_OUT_FIGHTS] = muster_dist_new_from_weights (0, fights, 2);
}

const MusterMovProcedure _muster_mov_close_assault_fire = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "close-assault-fire",
    .name = N_("Close assault fire"),
    .summary = N_("A defender who stands and defends shoots one charger: one d10 on his weapon's "
                  "row."),
    MUSTER_PROCEDURE_INPUT_SPECS (caf_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (caf_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = caf_prepare,
  .exact = caf_exact,
};

/* Melee modifiers (§5.3) ---------------------------------------------------------------------- */

typedef struct
{
  int weapon;
  int attitude;
  gboolean moderate, prone, elevation, multiple, rear;
} Fighter;

/* One fighter's total modifier. Our readings: one weapon modifier, the best he has; the rear
 * −5 on the defender against that attacker; multiple opponents a flat −1. */
static gboolean
fighter_mods (const MusterRuleset  *ruleset,
              const Fighter        *f,
              int                  *total,
              GError              **error)
{
  *total = 0;
  return _muster_mov_add_mod (ruleset, "melee", f->weapon != 0, melee_weapons[f->weapon], total,
                              error)
         && _muster_mov_add_mod (ruleset, "melee", f->attitude <= MUSTER_MOV_ATTITUDE_NERVOUS,
                                 "shaken", total, error)
         && _muster_mov_add_mod (ruleset, "melee", f->attitude == MUSTER_MOV_ATTITUDE_FANATIC,
                                 "fanatic", total, error)
         && _muster_mov_add_mod (ruleset, "melee", f->moderate, "moderate", total, error)
         && _muster_mov_add_mod (ruleset, "melee", f->prone, "prone", total, error)
         && _muster_mov_add_mod (ruleset, "melee", f->elevation, "elevation", total, error)
         && _muster_mov_add_mod (ruleset, "melee", f->multiple, "multiple", total, error)
         && _muster_mov_add_mod (ruleset, "melee", f->rear, "rear", total, error);
}

/* Melee, one pair (§5.3) -------------------------------------------------------------------- */

enum { ML_A_WEAPON, ML_A_ATTITUDE, ML_A_MODERATE, ML_A_PRONE, ML_A_ELEVATION, ML_A_MULTIPLE,
       ML_D_WEAPON, ML_D_ATTITUDE, ML_D_MODERATE, ML_D_PRONE, ML_D_ELEVATION, ML_D_MULTIPLE,
       ML_REAR };
enum { ML_OUT_RESULT, ML_OUT_ATTACKER, ML_OUT_DEFENDER };
enum { WIN_ATTACKER, WIN_TIE, WIN_DEFENDER };

static const char * const melee_results[] = {
  N_("Attacker wins"), N_("Tie: the fight goes on"), N_("Defender wins"), NULL
};

/* One side's inputs. Each label is a whole string, so that it can be translated: the side's
 * name is part of the sentence (German declines it). */
#define SIDE_INPUTS(p, weapon, attitude, moderate, prone, elevation, multiple) \
  MUSTER_CHOICE_INPUT (p "weapon", weapon, \
                       N_("Sword +3, rifle as a club +2, rifle with bayonet +4, knife +1; " \
                          "one, the best he has."), melee_weapons, melee_weapon_labels, 4), \
  MUSTER_CHOICE_INPUT (p "attitude", attitude, N_("Panic or Nervous −4, Fanatic +2."), \
                       _muster_mov_attitudes, _muster_mov_attitude_labels, \
                       MUSTER_MOV_ATTITUDE_STEADY), \
  MUSTER_BOOL_INPUT (p "moderate-wound", moderate, N_("−4."), 0), \
  MUSTER_BOOL_INPUT (p "prone", prone, N_("−4."), 0), \
  MUSTER_BOOL_INPUT (p "elevation", elevation, N_("+1."), 0), \
  MUSTER_BOOL_INPUT (p "multiple", multiple, N_("−1, once however many (our reading)."), 0)

static const MusterInputSpec melee_inputs[] = {
  SIDE_INPUTS ("attacker-", N_("Attacker's weapon"), N_("Attacker's attitude"),
               N_("Attacker's has a Moderate wound"), N_("Attacker's is prone"),
               N_("Attacker's has the elevation advantage"),
               N_("Attacker's is fighting multiple opponents")),
  SIDE_INPUTS ("defender-", N_("Defender's weapon"), N_("Defender's attitude"),
               N_("Defender's has a Moderate wound"), N_("Defender's is prone"),
               N_("Defender's has the elevation advantage"),
               N_("Defender's is fighting multiple opponents")),
  MUSTER_BOOL_INPUT ("rear", N_("This attacker contacting the rear"),
                     N_("−5; we put it on the defender's roll against this attacker (only the "
                        "difference counts). A defender who fled and was still caught counts as "
                        "contacted from the rear (ours)."), 0),
};

static const MusterOutputSpec melee_outputs[] = {
  { .id = "result", .label = N_("Melee"), .value_labels = melee_results },
  { .id = "attacker", .label = N_("Attacker"), .value_labels = status_labels },
  { .id = "defender", .label = N_("Defender"), .value_labels = status_labels },
};

static void melee_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
melee_prepare (const MusterRuleset  *ruleset,
               const int            *values,
               MusterMovPlan        *plan,
               GError              **error)
{
  Fighter a = { values[ML_A_WEAPON], values[ML_A_ATTITUDE], values[ML_A_MODERATE],
                values[ML_A_PRONE], values[ML_A_ELEVATION], values[ML_A_MULTIPLE], FALSE };
  Fighter d = { values[ML_D_WEAPON], values[ML_D_ATTITUDE], values[ML_D_MODERATE],
                values[ML_D_PRONE], values[ML_D_ELEVATION], values[ML_D_MULTIPLE],
                values[ML_REAR] };
  int ma, md;

  if (!fighter_mods (ruleset, &a, &ma, error) || !fighter_mods (ruleset, &d, &md, error)
      || !_muster_mov_table_words (ruleset, "wound-roll", "hit", "f", 0, 9, _muster_mov_wound_words,
                                   plan->table[0], error))
    return FALSE;
  plan->modifier = ma - md;
  /* Both d10s, then the winner's wound roll. */
  muster_face_layout_add (&plan->layout, 3, 0, 9);
  plan->resolve = melee_resolve;
  return TRUE;
}

/* "0 is a 10". Both fighters read their dice alike, so the reading never changes who wins:
 * only the difference of the two rolls counts. */
static int
d10_value (int face)
{
  return face == 0 ? 10 : face;
}

static void
melee_resolve (const MusterMovPlan *plan,
               const int           *faces,
               int                 *outcome)
{
  int a = d10_value (faces[0]) + plan->modifier, d = d10_value (faces[1]);
  int blow = 1 + plan->table[0][faces[2]];

  outcome[ML_OUT_RESULT] = a > d ? WIN_ATTACKER : a == d ? WIN_TIE : WIN_DEFENDER;
  outcome[ML_OUT_ATTACKER] = a < d ? blow : 0;
  outcome[ML_OUT_DEFENDER] = a > d ? blow : 0;
}

static void
melee_exact (const MusterMovPlan  *plan,
             MusterDist          **outputs)
{
  g_autoptr(MusterDist) die = muster_dist_new_die (10);
  g_autoptr(MusterDist) attacker = NULL;
  double win, tie, lose, killed = 0;
  double result[3], a_status[3], d_status[3];

  for (int f = 0; f < 10; f++)
    killed += plan->table[0][f] / 10.0;
  attacker = muster_dist_shift (die, plan->modifier);
  muster_dist_compare (attacker, die, &win, &tie, &lose);
  result[WIN_ATTACKER] = win;
  result[WIN_TIE] = tie;
  result[WIN_DEFENDER] = lose;
  a_status[0] = 1 - lose;
  a_status[1] = lose * (1 - killed);
  a_status[2] = lose * killed;
  d_status[0] = 1 - win;
  d_status[1] = win * (1 - killed);
  d_status[2] = win * killed;
  outputs[ML_OUT_RESULT] = muster_dist_new_from_weights (0, result, 3);
  outputs[ML_OUT_ATTACKER] = muster_dist_new_from_weights (0, a_status, 3);
  outputs[ML_OUT_DEFENDER] = muster_dist_new_from_weights (0, d_status, 3);
}

const MusterMovProcedure _muster_mov_melee = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "melee",
    .name = N_("Melee"),
    .summary = N_("One attacker against one defender: each rolls a d10 plus his modifiers, the "
                  "higher wins and makes a wound roll; a tie fights on next turn."),
    MUSTER_PROCEDURE_INPUT_SPECS (melee_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (melee_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = melee_prepare,
  .exact = melee_exact,
};

/* A charge, played out (§5.1–§5.3) ---------------------------------------------------------- */

enum { AS_D_WEAPON, AS_D_FIRED, AS_D_MELEE, AS_D_ATTITUDE, AS_C_MELEE, AS_C_ATTITUDE,
       AS_C_INJURY, AS_MODEL, AS_TURNS };
enum { AS_OUT_CAF, AS_OUT_WINNER, AS_OUT_CHARGER, AS_OUT_DEFENDER, AS_OUT_TURNS };

#define AS_MAX_TURNS 10

static const char * const winners[] = { N_("Charger"), N_("Undecided"), N_("Defender"), NULL };

static const MusterInputSpec assault_inputs[] = {
  CAF_WEAPON_INPUT ("defender-weapon"),
  CAF_FIRED_INPUT ("defender-fired"),
  MUSTER_CHOICE_INPUT ("defender-melee", N_("Defender's melee weapon"), N_("His melee modifier."),
                       melee_weapons, melee_weapon_labels, 4),
  MUSTER_CHOICE_INPUT ("defender-attitude", N_("Defender's attitude"),
                       N_("Panic or Nervous −4, Fanatic +2."), _muster_mov_attitudes,
                       _muster_mov_attitude_labels, MUSTER_MOV_ATTITUDE_STEADY),
  MUSTER_CHOICE_INPUT ("charger-melee", N_("Charger's melee weapon"), N_("His melee modifier."),
                       melee_weapons, melee_weapon_labels, 4),
  MUSTER_CHOICE_INPUT ("charger-attitude", N_("Charger's attitude"),
                       N_("A wound from close assault fire lowers it one level before the melee."),
                       _muster_mov_attitudes, _muster_mov_attitude_labels,
                       MUSTER_MOV_ATTITUDE_STEADY),
  INJURY_INPUT ("charger-injury", N_("Charger's injury level")),
  MODEL_INPUT,
  MUSTER_INT_INPUT ("turns", N_("Turns of melee"),
                    N_("How many turns to play ties on before calling it "
                       "undecided."), 1, AS_MAX_TURNS, 5),
};

static const MusterOutputSpec assault_outputs[] = {
  { .id = "caf", .label = N_("Close assault fire"), .value_labels = caf_labels },
  { .id = "winner", .label = N_("Winner"), .value_labels = winners },
  { .id = "charger", .label = N_("Charger"), .value_labels = status_labels },
  { .id = "defender", .label = N_("Defender"), .value_labels = status_labels },
  { .id = "turns", .label = N_("Turns of melee fought") },
};

static void assault_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
assault_prepare (const MusterRuleset  *ruleset,
                 const int            *values,
                 MusterMovPlan        *plan,
                 GError              **error)
{
  if (!_muster_mov_check_injury (values[AS_C_INJURY], values[AS_MODEL], error)
      || !caf_row (ruleset, caf_weapons[values[AS_D_WEAPON]], plan->table[0], error)
      || !_muster_mov_table_words (ruleset, "wound-roll", "hit", "f", 0, 9, _muster_mov_wound_words,
                                   plan->table[1], error))
    return FALSE;
  /* The charger's modifier at each attitude, unwounded and with a Moderate wound: the close
   * assault fire decides which applies. */
  for (int attitude = 0; attitude < 4; attitude++)
    for (int moderate = 0; moderate < 2; moderate++)
      {
        Fighter c = { values[AS_C_MELEE], attitude, moderate, FALSE, FALSE, FALSE, FALSE };

        if (!fighter_mods (ruleset, &c, &plan->charger_mods[attitude][moderate], error))
          return FALSE;
      }
  {
    Fighter d = { values[AS_D_MELEE], values[AS_D_ATTITUDE], FALSE, FALSE, FALSE, FALSE, FALSE };

    if (!fighter_mods (ruleset, &d, &plan->defender_mod, error))
      return FALSE;
  }
  plan->mode = caf_fires (values[AS_D_WEAPON], values[AS_D_FIRED]);
  plan->attitude = values[AS_C_ATTITUDE];
  plan->injury = values[AS_C_INJURY];
  plan->model = values[AS_MODEL];
  plan->max_turns = values[AS_TURNS];
  /* The close assault fire die, two d10 per turn of melee, the winner's wound roll. */
  muster_face_layout_add (&plan->layout, 1 + 2 * plan->max_turns + 1, 0, 9);
  plan->resolve = assault_resolve;
  return TRUE;
}

static int
status_of (MusterMovInjury injury)
{
  return injury == MUSTER_MOV_INJURY_NONE ? 0 : injury == MUSTER_MOV_INJURY_DEAD ? 2 : 1;
}

static void
assault_resolve (const MusterMovPlan *plan,
                 const int           *faces,
                 int                 *outcome)
{
  int caf = plan->mode ? plan->table[0][faces[0]] : CAF_MISS;
  MusterMovInjury charger = _muster_mov_apply_wounds (plan->injury, caf_steps[caf], plan->model,
                                                      FALSE);
  MusterMovInjury defender = MUSTER_MOV_INJURY_NONE;
  int attitude = plan->attitude, winner = WIN_TIE, turns = 0, mod;
  const int *blow = faces + 1 + 2 * plan->max_turns;

  outcome[AS_OUT_CAF] = caf;
  if (charger == MUSTER_MOV_INJURY_DEAD)
    {
      /* A killed charger does not melee. */
      outcome[AS_OUT_WINNER] = WIN_DEFENDER;
      outcome[AS_OUT_CHARGER] = status_of (charger);
      outcome[AS_OUT_DEFENDER] = 0;
      outcome[AS_OUT_TURNS] = 0;
      return;
    }
  /* A wounded charger still fights, one attitude level lower (§2.11), and with −4 for a
   * Moderate (or worse) wound. */
  if (caf != CAF_MISS)
    attitude = MAX (attitude - 1, MUSTER_MOV_ATTITUDE_PANIC);
  mod = plan->charger_mods[attitude][charger >= MUSTER_MOV_INJURY_MODERATE] - plan->defender_mod;
  while (winner == WIN_TIE && turns < plan->max_turns)
    {
      int c = d10_value (faces[1 + 2 * turns]) + mod, d = d10_value (faces[2 + 2 * turns]);

      turns++;
      winner = c > d ? WIN_ATTACKER : c == d ? WIN_TIE : WIN_DEFENDER;
    }
  if (winner == WIN_ATTACKER)
    defender = _muster_mov_apply_wounds (defender, plan->table[1][*blow] ? -1 : 1, plan->model,
                                         FALSE);
  else if (winner == WIN_DEFENDER)
    charger = _muster_mov_apply_wounds (charger, plan->table[1][*blow] ? -1 : 1, plan->model,
                                        FALSE);
  outcome[AS_OUT_WINNER] = winner;
  outcome[AS_OUT_CHARGER] = status_of (charger);
  outcome[AS_OUT_DEFENDER] = status_of (defender);
  outcome[AS_OUT_TURNS] = turns;
}

const MusterMovProcedure _muster_mov_assault = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "assault",
    .name = N_("Charge into melee"),
    .summary = N_("A charge against a defender who stands: close assault fire, then melee turns "
                  "until one side wins. Simulated."),
    MUSTER_PROCEDURE_INPUT_SPECS (assault_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (assault_outputs),
    .exact = NULL,
    .sample = _muster_mov_sample,
  },
  .prepare = assault_prepare,
};
