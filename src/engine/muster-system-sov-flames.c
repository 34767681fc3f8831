/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include <string.h>

#include "muster-system-sov-private.h"

/*
 * Standards of Valor fire and smoke (§4.12.7–8): how many flame markers still burn after some
 * turn ends, the smoke of one fire, and the figures a fire catches. A marker rolls D6 at each
 * turn end: 1 goes out, 6 spreads a new marker (which rolls from the next turn end). A fire
 * starts with D6 smoke clouds; at each turn end, 1 clears them all, 2 the upwind one, 5–6 adds
 * one. A figure coming within 3" rolls D4 against the fire's D4 without armour and is a
 * casualty if the fire is higher. Markers spread without bound, so the sampler rolls as long as
 * they burn rather than a fixed layout of dice.
 */

enum { FL_MARKERS, FL_TURNS, FL_FIGURES };
enum { FL_OUT_BURNING, FL_OUT_SMOKE, FL_OUT_CASUALTIES };

#define SMOKE_START_DIE 6
#define TURN_DIE        6
#define FIGURE_DIE      4

static const MusterInputSpec flames_inputs[] = {
  { "markers", "Flame markers", "Burning at the start: a catapult's fire ammunition gives its "
    "size, a siphon one per size class", MUSTER_INPUT_INT, 1, 10, 1, NULL, NULL },
  { "turns", "Turn ends", "How many turn ends the markers and the smoke roll for",
    MUSTER_INPUT_INT, 1, 6, 3, NULL, NULL },
  { "figures", "Figures within 3\"", "Figures coming within 3\" of a burning marker: each rolls "
    "D4 against the fire's D4", MUSTER_INPUT_INT, 0, 60, 5, NULL, NULL },
};

static const MusterOutputSpec flames_outputs[] = {
  { "burning", "Markers burning", NULL },
  { "smoke", "Smoke clouds of one fire", NULL },
  { "casualties", "Figures caught", NULL },
};

/* One smoke roll at a turn end. */
static int
smoke_next (int clouds,
            int face)
{
  switch (face)
    {
    case 1:
      return 0;
    case 2:
      return MAX (0, clouds - 1);
    case 5:
    case 6:
      return clouds + 1;
    default:
      return clouds;
    }
}

static gboolean
flames_exact (const MusterProcedure  *procedure,
              const MusterRuleset    *ruleset,
              const int              *v,
              MusterDist            **outputs,
              GError                **error)
{
  /* each marker at a turn end: out, burning, or burning with a new one */
  g_autoptr(MusterDist) offspring = muster_dist_new_from_weights (0, (double[]) { 1, 4, 1 }, 3);
  g_autoptr(MusterDist) burning = muster_dist_new_constant (v[FL_MARKERS]);
  int max_clouds = SMOKE_START_DIE + v[FL_TURNS];
  g_autofree double *clouds = g_new0 (double, max_clouds + 1);
  g_autofree double *next = g_new0 (double, max_clouds + 1);

  for (int t = 0; t < v[FL_TURNS]; t++)
    {
      MusterDist *after = muster_dist_compound (burning, offspring);

      muster_dist_unref (burning);
      burning = after;
    }
  outputs[FL_OUT_BURNING] = g_steal_pointer (&burning);

  for (int c = 1; c <= SMOKE_START_DIE; c++)
    clouds[c] = 1.0 / SMOKE_START_DIE;
  for (int t = 0; t < v[FL_TURNS]; t++)
    {
      memset (next, 0, (max_clouds + 1) * sizeof (double));
      for (int c = 0; c <= max_clouds; c++)
        for (int face = 1; face <= TURN_DIE && clouds[c] > 0.0; face++)
          next[smoke_next (c, face)] += clouds[c] / TURN_DIE;
      memcpy (clouds, next, (max_clouds + 1) * sizeof (double));
    }
  outputs[FL_OUT_SMOKE] = muster_dist_new_from_weights (0, clouds, max_clouds + 1);

  /* the fire beats the figure's D4 with 6 of the 16 pairs */
  outputs[FL_OUT_CASUALTIES] = muster_dist_new_binomial (v[FL_FIGURES],
                                                         6.0 / (FIGURE_DIE * FIGURE_DIE));
  return TRUE;
}

static void
flames_sample (const MusterProcedure *procedure,
               const MusterRuleset   *ruleset,
               const int             *v,
               MusterDice            *dice,
               int                   *outcome)
{
  int burning = v[FL_MARKERS], clouds, caught = 0;

  for (int t = 0; t < v[FL_TURNS]; t++)
    {
      int rolling = burning;

      for (int m = 0; m < rolling; m++)
        {
          int face = muster_dice_roll (dice, TURN_DIE);

          burning += face == TURN_DIE ? 1 : face == 1 ? -1 : 0;
        }
    }
  clouds = muster_dice_roll (dice, SMOKE_START_DIE);
  for (int t = 0; t < v[FL_TURNS]; t++)
    clouds = smoke_next (clouds, muster_dice_roll (dice, TURN_DIE));
  for (int f = 0; f < v[FL_FIGURES]; f++)
    {
      int figure = muster_dice_roll (dice, FIGURE_DIE);

      caught += muster_dice_roll (dice, FIGURE_DIE) > figure;
    }
  outcome[FL_OUT_BURNING] = burning;
  outcome[FL_OUT_SMOKE] = clouds;
  outcome[FL_OUT_CASUALTIES] = caught;
}

const MusterProcedure muster_sov_flames = {
  MUSTER_SOV_SYSTEM, "flames", "Fire and smoke",
  "Flame markers going out (1) or spreading (6) at each turn end, one fire's smoke clouds, "
  "and the figures a fire catches with its D4",
  flames_inputs, G_N_ELEMENTS (flames_inputs), flames_outputs, G_N_ELEMENTS (flames_outputs),
  flames_exact, flames_sample,
};
