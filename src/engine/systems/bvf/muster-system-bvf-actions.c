/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bvf"

#include "config.h"

#include "muster-system-bvf-private.h"

/*
 * Battle Valor Fantasy's one-roll actions (§2.8, §6.4): the Assassin's kill, the Thief's theft,
 * the Seer's free advance, a charged character's sidestep and a reserve unit's arrival. Each is
 * a number of dice that must reach a number of Successes, from the "combat-actions" table.
 */

enum { CA_ACTION, CA_LEVEL, CA_UNMODIFIED, CA_GENERAL, CA_BAD_LUCK };
enum { CA_OUT_SUCCESSES, CA_OUT_RESULT };
enum { ACTION_ASSASSIN, ACTION_THIEF, ACTION_SEER, ACTION_SIDESTEP, ACTION_RESERVES };

const char * const _muster_bvf_action_ids[] = {
  "assassin", "thief", "seer", "sidestep", "reserves", NULL
};
static const char * const action_labels[] = {
  N_("Assassin: kill (10 dice, 5 Successes)"), N_("Thief: steal (10 dice, 5 Successes)"),
  N_("Seer: free Advance (10 dice, 5 Successes)"), N_("Charged character: sidestep (2 dice, 2)"),
  N_("Reserve unit arrives (1 die)"), NULL
};
static const char * const result_labels[] = { N_("Fails"), N_("Succeeds"), NULL };

static const MusterInputSpec action_inputs[] = {
  MUSTER_CHOICE_INPUT ("action", N_("Action"), N_("The roll and the Successes it needs."),
                       _muster_bvf_action_ids, action_labels, 0),
  MUSTER_BVF_LEVEL_INPUT ("experience", N_("Experience"),
                          N_("Of the character, or of the reserve unit: "
                             "Levy −1, Veteran +1, Elite +2.")),
  MUSTER_BOOL_INPUT ("unmodified", N_("Unmodified (variant)"),
                     N_("Sidestep and reserves: our default adds the experience modifier; the "
                        "variant "
                        "rolls unmodified (1/9 to sidestep, 1/3 to arrive)."), 0),
  MUSTER_BOOL_INPUT ("general", N_("General within 12\" of the entry point"),
                     N_("A reserve unit then arrives automatically."), 0),
  MUSTER_BOOL_INPUT ("bad-luck", N_("Bad Luck"),
                     N_("The spell: −2 Successes on everything this turn."), 0),
};

static const MusterOutputSpec action_outputs[] = {
  { .id = "successes", .label = N_("Successes") },
  { .id = "result", .label = N_("Result"), .value_labels = result_labels },
};

static void
action_setup (const MusterBvfNumbers *n,
              const int              *v,
              MusterBvfRoll          *roll,
              int                    *dice,
              int                    *needed)
{
  gboolean plain = v[CA_UNMODIFIED] &&
                   (v[CA_ACTION] == ACTION_SIDESTEP || v[CA_ACTION] == ACTION_RESERVES);

  *dice = n->action_dice[v[CA_ACTION]];
  *needed = n->action_needed[v[CA_ACTION]];
  *roll = (MusterBvfRoll) { 0 };
  roll->modifier = (plain ? 0 : n->success[v[CA_LEVEL]]) +
                   (v[CA_BAD_LUCK] ? n->mod[MUSTER_BVF_MOD_BAD_LUCK] : 0);
}

static gboolean
automatic (const int *v)
{
  return v[CA_ACTION] == ACTION_RESERVES && v[CA_GENERAL];
}

static void
action_exact (const MusterBvfNumbers  *n,
              const int               *v,
              MusterDist             **outputs)
{
  MusterBvfRoll roll;
  int dice, needed;

  action_setup (n, v, &roll, &dice, &needed);
  if (automatic (v))
    {
      outputs[CA_OUT_SUCCESSES] = muster_dist_new_constant (dice);
      outputs[CA_OUT_RESULT] = muster_dist_new_constant (1);
      return;
    }
  outputs[CA_OUT_SUCCESSES] = _muster_bvf_dist_of_roll (&roll, dice);
  outputs[CA_OUT_RESULT] = muster_dist_map_at_least (outputs[CA_OUT_SUCCESSES], needed);
}

void
_muster_bvf_action_resolve (const MusterBvfNumbers *n,
                            const int              *v,
                            MusterFaces            *faces,
                            int                    *outcome)
{
  MusterBvfRoll roll;
  int dice, needed;

  action_setup (n, v, &roll, &dice, &needed);
  if (automatic (v))
    {
      outcome[CA_OUT_SUCCESSES] = dice;
      outcome[CA_OUT_RESULT] = 1;
      return;
    }
  outcome[CA_OUT_SUCCESSES] = _muster_bvf_roll_resolve (&roll, dice, faces);
  outcome[CA_OUT_RESULT] = outcome[CA_OUT_SUCCESSES] >= needed;
}

const MusterBvfProcedure muster_bvf_action = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "character-action",
    .name = N_("Character or reserve roll"),
    .summary = N_("The Assassin's kill, the Thief's theft, the Seer's free advance, a charged "
                  "character's sidestep, a reserve unit's arrival."),
    MUSTER_PROCEDURE_INPUT_SPECS (action_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (action_outputs),
    .exact = _muster_bvf_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_action_resolve,
  .exact = action_exact,
};
