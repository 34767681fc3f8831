/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include <string.h>

#include "muster-system-sov-melee-private.h"

/*
 * Standards of Valor: a whole close assault (§4.10.1–3), simulated: the charge test and combat
 * moves, the defender's stand test, then hand-to-hand rounds until a scrum test sends one side
 * back. Too many branches to enumerate; its first step is the exact "charge" procedure.
 */

enum {
  CA_CONFIDENCE = H_N_INPUTS, CA_MOBILITY, CA_DISTANCE, CA_A_FIGURES, CA_D_FIGURES, CA_ROUNDS
};

static const char * const confidence_ids[] = { "inspired", "confident", "steady", "shaken", NULL };
static const char * const confidence_labels[] = {
  N_("Inspired (IN)"), N_("Confident (CO)"), N_("Steady (ST)"), N_("Shaken (SH)"), NULL
};

static const MusterInputSpec assault_inputs[] = {
  HTH_INPUTS,
  MUSTER_CHOICE_INPUT ("confidence", N_("Attacker's Confidence Level"), N_("For its charge test."),
                       confidence_ids, confidence_labels, 1),
  MUSTER_CHOICE_INPUT ("mobility", N_("Attacker's mobility die"), N_("Combat Move = 2 × its roll."),
                       muster_sov_die_ids, muster_sov_die_labels, 1),
  MUSTER_INT_INPUT ("distance", N_("Distance to the target"), N_("Inches."), 0, 48, 6),
  MUSTER_INT_INPUT ("attacker-figures", N_("Attacker's figures"),
                    N_("Odds for the defender's stand test: infantry 1, cavalry 2 points "
                       "each."), 4, 200, 20),
  MUSTER_INT_INPUT ("defender-figures", N_("Defender's figures"),
                    N_("Casualties come off them."), 1, 200, 20),
  MUSTER_INT_INPUT ("rounds", N_("Rounds at most"),
                    N_("The fight goes on each time either unit activates, usually twice a "
                       "turn."), 1, 20, 6),
};

static const char * const assault_result_labels[] = {
  N_("Charge refused"), N_("Fell short"), N_("Defender withdrew"), N_("Defender fell back"),
  N_("Attacker fell back"), N_("Still locked"), N_("Defender destroyed"), NULL
};

enum {
  ASSAULT_REFUSED, ASSAULT_SHORT, ASSAULT_WITHDREW, ASSAULT_D_BACK, ASSAULT_A_BACK,
  ASSAULT_LOCKED, ASSAULT_DESTROYED
};

static const MusterOutputSpec assault_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = assault_result_labels },
  { .id = "rounds", .label = N_("Rounds fought") },
  { .id = "attacker-casualties", .label = N_("Attacker's casualties") },
  { .id = "defender-casualties", .label = N_("Defender's casualties") },
};

static void
set_input (const MusterProcedure *procedure,
           int                   *values,
           const char            *id,
           int                    value)
{
  int index = muster_procedure_find_input (procedure, id);

  g_assert (index >= 0);
  values[index] = value;
}

static void
roll_play (const MusterSovPlay *play,
           gconstpointer        setup,
           MusterDice          *dice,
           int                 *outcome)
{
  MusterFaceLayout layout;
  int faces[MUSTER_FACES_MAX];

  _muster_sov_play_layout (play, setup, &layout);
  muster_face_layout_roll (&layout, dice, faces);
  play->resolve (setup, faces, outcome);
}

/* The assault step by step (§4.10): the charge test and moves (the first step, whose law is
 * the exact "charge" procedure's), the defender's stand test at the odds in figure points, then
 * rounds until the scrum sends one side back. Later rounds are not charges. */
static void
assault_sample (const MusterProcedure *procedure,
                const MusterRuleset   *ruleset,
                const int             *values,
                MusterDice            *dice,
                int                   *outcome)
{
  g_autofree int *charge_values = muster_procedure_default_values (&muster_sov_charge_test);
  guint64 charge_setup[MUSTER_SOV_SETUP_MAX / sizeof (guint64)];
  guint64 round_setup[MUSTER_SOV_SETUP_MAX / sizeof (guint64)];
  int round_values[H_N_INPUTS];
  g_autoptr(GError) error = NULL;
  int step[HO_N], points, defender_points, target, a_lost = 0, d_lost = 0, rounds = 0;
  int d_quality;

  memset (outcome, 0, procedure->n_outputs * sizeof (int));
  set_input (&muster_sov_charge_test, charge_values, "quality", values[H_A_QUALITY]);
  set_input (&muster_sov_charge_test, charge_values, "lv", values[H_A_LV]);
  set_input (&muster_sov_charge_test, charge_values, "confidence", values[CA_CONFIDENCE]);
  set_input (&muster_sov_charge_test, charge_values, "arm", values[H_A_ARM]);
  set_input (&muster_sov_charge_test, charge_values, "formation", values[H_A_FORMATION]);
  set_input (&muster_sov_charge_test, charge_values, "target", values[H_D_ARM]);
  set_input (&muster_sov_charge_test, charge_values, "target-formation",
             values[H_D_FORMATION]);
  set_input (&muster_sov_charge_test, charge_values, "shield-wall", values[H_D_SHIELD_WALL]);
  set_input (&muster_sov_charge_test, charge_values, "pike",
             g_str_equal (muster_sov_weapon_ids[values[H_D_WEAPON]], "pike"));
  set_input (&muster_sov_charge_test, charge_values, "mobility", values[CA_MOBILITY]);
  set_input (&muster_sov_charge_test, charge_values, "distance", values[CA_DISTANCE]);
  if (!muster_sov_charge_play.prepare (ruleset, charge_values, charge_setup, &error)
      || !muster_sov_hand_to_hand_play.prepare (ruleset, values, round_setup, &error)
      || !_muster_sov_quality_die (ruleset, values[H_D_QUALITY], &d_quality, &error))
    {
      _muster_sov_warn_once (error);
      return;
    }

  roll_play (&muster_sov_charge_play, charge_setup, dice, step);
  if (step[0] != MUSTER_SOV_TEST_PASS && step[0] != MUSTER_SOV_TEST_NO_TEST)
    {
      outcome[0] = ASSAULT_REFUSED;
      return;
    }
  if (step[1] == 1)
    {
      outcome[0] = ASSAULT_SHORT;
      return;
    }

  /* The defender's stand test: TL = max(1, ⌊attacker points / defender points⌋) (§4.10.2). */
  points = values[CA_A_FIGURES] * (values[H_A_ARM] == 1 ? 2 : 1);
  defender_points = values[CA_D_FIGURES] * (values[H_D_ARM] == 1 ? 2 : 1);
  target = values[H_D_LV] + MAX (1, points / defender_points);
  if (muster_dice_roll (dice, (guint) d_quality) <= target)
    {
      outcome[0] = ASSAULT_WITHDREW;
      return;
    }

  memcpy (round_values, values, sizeof round_values);
  outcome[0] = ASSAULT_LOCKED;
  for (rounds = 1; rounds <= values[CA_ROUNDS]; rounds++)
    {
      if (rounds == 2)
        {
          /* Only the first round is a charge. */
          round_values[H_CHARGING] = 0;
          round_values[H_COUNTER_CHARGE] = 0;
          round_values[H_FIRST_CHARGE] = 0;
          muster_sov_hand_to_hand_play.prepare (ruleset, round_values, round_setup, NULL);
        }
      roll_play (&muster_sov_hand_to_hand_play, round_setup, dice, step);
      a_lost += step[HO_A_CASUALTIES];
      d_lost += step[HO_D_CASUALTIES];
      if (d_lost >= values[CA_D_FIGURES])
        {
          d_lost = values[CA_D_FIGURES];
          outcome[0] = ASSAULT_DESTROYED;
          break;
        }
      if (step[HO_SCRUM] == SCRUM_D_BACK || step[HO_SCRUM] == SCRUM_D_BACK_MAJOR)
        {
          outcome[0] = ASSAULT_D_BACK;
          break;
        }
      if (step[HO_SCRUM] == SCRUM_A_BACK || step[HO_SCRUM] == SCRUM_A_BACK_MAJOR)
        {
          outcome[0] = ASSAULT_A_BACK;
          break;
        }
    }
  outcome[1] = MIN (rounds, values[CA_ROUNDS]);
  outcome[2] = MIN (a_lost, values[CA_A_FIGURES]);
  outcome[3] = d_lost;
}

const MusterProcedure muster_sov_close_assault = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "close-assault",
  .name = N_("Close Assault"),
  .summary = N_("A charge from the Reaction Test to the end of the melee: combat moves, the "
                "defender's stand test, and hand-to-hand rounds until a scrum test sends one side "
                "back. Simulated."),
  MUSTER_PROCEDURE_INPUT_SPECS (assault_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (assault_outputs),
  .exact = NULL,
  .sample = assault_sample,
};
