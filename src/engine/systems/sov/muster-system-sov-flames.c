/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include <string.h>

#include "muster-system-sov-private.h"

/*
 * Standards of Valor fire, smoke and dust (§4.12.7–9): how many flame markers still burn after
 * some turn ends, the smoke of one fire, and the figures a fire catches. A marker rolls D6 at
 * each turn end: 1 goes out, 6 spreads a new marker (which rolls from the next turn end). Greek
 * fire cannot go out at the end of its first turn: we read that per marker, so a marker it
 * spreads is in its own first turn at the next turn end. A fire starts with D6 smoke clouds; at
 * each turn end, 1 clears them all, 2 the upwind one, 5–6 adds one. A figure coming within 3"
 * rolls D4 against the fire's D4 without armour and is a casualty if the fire is higher. Markers
 * spread without bound, so the sampler rolls as long as they burn rather than a fixed layout of
 * dice.
 *
 * Wind raises dust (§4.12.9): D6 + the wind level, less 5 when that is 6 or more, is the number
 * of clouds; each is D6 inches long and drifts 6" a wind level downwind each turn.
 */

enum { FL_MARKERS, FL_TURNS, FL_FIGURES, FL_GREEK, FL_FIRST_TURN };
enum { FL_OUT_BURNING, FL_OUT_SMOKE, FL_OUT_CASUALTIES };

#define SMOKE_START_DIE 6
#define TURN_DIE        6
#define FIGURE_DIE      4

static const MusterInputSpec flames_inputs[] = {
  MUSTER_INT_INPUT ("markers", N_("Flame markers"),
                    N_("Burning at the start: a catapult's fire ammunition gives its size, a "
                       "siphon one per size class"), 1, 10, 1),
  MUSTER_INT_INPUT ("turns", N_("Turn ends"),
                    N_("How many turn ends the markers and the smoke roll for"), 1, 6, 3),
  MUSTER_INT_INPUT ("figures", N_("Figures within 3\""),
                    N_("Figures coming within 3\" of a burning marker: each rolls D4 against the "
                       "fire's D4"), 0, 60, 5),
  MUSTER_BOOL_INPUT ("greek-fire", N_("Greek fire"),
                     N_("Greek fire cannot go out at the end of its first turn (and causes "
                        "Terror); the markers it spreads are Greek fire too"), 0),
  MUSTER_BOOL_INPUT ("first-turn", N_("Lit this turn"),
                     N_("The markers were placed this turn, so the first turn end is their first: "
                        "Greek fire cannot go out at it"), 1),
};

static const MusterOutputSpec flames_outputs[] = {
  { .id = "burning", .label = N_("Markers burning") },
  { .id = "smoke", .label = N_("Smoke clouds of one fire") },
  { .id = "casualties", .label = N_("Figures caught") },
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

/*
 * One marker's line after some turn ends, by the first roll: an old marker goes out (branch 0),
 * burns on (1) or spreads (2); one in its first turn only burns on or spreads. A marker that
 * burns on is an old marker with a turn end fewer; what it spreads is a new marker's line.
 */
typedef struct
{
  MusterDist *old;
  MusterDist *young;
} Lineage;

static MusterDist *
lineage_branch (int      branch,
                gpointer data)
{
  Lineage *l = data;

  switch (branch)
    {
    case 0:
      return muster_dist_new_constant (0);
    case 1:
      return muster_dist_ref (l->old);
    default:
      return muster_dist_add (l->old, l->young);
    }
}

static gboolean
flames_exact (const MusterProcedure  *procedure,
              const MusterRuleset    *ruleset,
              const int              *v,
              MusterDist            **outputs,
              GError                **error)
{
  /* the first roll at a turn end: 1 out, 2–5 burns on, 6 spreads; Greek fire's first turn
   * counts its 1 as burning on */
  g_autoptr(MusterDist) old_selector = muster_dist_new_from_weights (0, (double[]) { 1, 4, 1 },
                                                                     3);
  g_autoptr(MusterDist) young_selector = muster_dist_new_from_weights (0, (double[]) { 0, 5, 1 },
                                                                       3);
  gboolean greek = v[FL_GREEK];
  /* what one marker becomes after t more turn ends: an old one, and one in its first turn */
  g_autoptr(MusterDist) old = muster_dist_new_constant (1);
  g_autoptr(MusterDist) young = muster_dist_new_constant (1);
  int max_clouds = SMOKE_START_DIE + v[FL_TURNS];
  g_autofree double *clouds = g_new0 (double, max_clouds + 1);
  g_autofree double *next = g_new0 (double, max_clouds + 1);

  for (int t = 0; t < v[FL_TURNS]; t++)
    {
      Lineage lineage = { old, young };
      MusterDist *next_old = muster_dist_mixture (old_selector, lineage_branch, &lineage);
      MusterDist *next_young = greek ? muster_dist_mixture (young_selector, lineage_branch,
                                                            &lineage)
                                     : muster_dist_ref (next_old);

      muster_dist_unref (old);
      muster_dist_unref (young);
      old = next_old;
      young = next_young;
    }
  outputs[FL_OUT_BURNING] = muster_dist_sum_iid (greek && v[FL_FIRST_TURN] ? young : old,
                                                 v[FL_MARKERS]);

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
  gboolean greek = v[FL_GREEK];
  /* Greek fire's markers in their first turn cannot go out; others can */
  int young = greek && v[FL_FIRST_TURN] ? v[FL_MARKERS] : 0;
  int old = v[FL_MARKERS] - young;
  int clouds, caught = 0;

  for (int t = 0; t < v[FL_TURNS]; t++)
    {
      int spread = 0, out = 0;

      /* the old markers roll first, then the ones in their first turn */
      for (int m = 0; m < old + young; m++)
        {
          int face = muster_dice_roll (dice, TURN_DIE);

          if (face == TURN_DIE)
            spread++;
          else if (face == 1 && m < old)
            out++;
        }
      old = old - out + young;
      young = greek ? spread : 0;
      old += greek ? 0 : spread;
    }
  clouds = muster_dice_roll (dice, SMOKE_START_DIE);
  for (int t = 0; t < v[FL_TURNS]; t++)
    clouds = smoke_next (clouds, muster_dice_roll (dice, TURN_DIE));
  for (int f = 0; f < v[FL_FIGURES]; f++)
    {
      int figure = muster_dice_roll (dice, FIGURE_DIE);

      caught += muster_dice_roll (dice, FIGURE_DIE) > figure;
    }
  outcome[FL_OUT_BURNING] = old + young;
  outcome[FL_OUT_SMOKE] = clouds;
  outcome[FL_OUT_CASUALTIES] = caught;
}

const MusterProcedure muster_sov_flames = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "flames",
  .name = N_("Fire and smoke"),
  .summary = N_("Flame markers going out (1) or spreading (6) at each turn end (Greek fire not at "
                "the end of its first turn), one fire's smoke clouds, and the figures a fire "
                "catches with its D4"),
  MUSTER_PROCEDURE_INPUT_SPECS (flames_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (flames_outputs),
  .exact = flames_exact,
  .sample = flames_sample,
};

/* ---- Dust (§4.12.9) ---------------------------------------------------------------------- */

enum { DU_WIND };
enum { DU_OUT_CLOUDS, DU_OUT_LENGTH, DU_OUT_DRIFT };

#define DUST_DIE        6
#define DUST_WRAP       6   /* a total this high or higher … */
#define DUST_WRAP_LESS  5   /* … loses this much */
#define DUST_LENGTH_DIE 6
#define DUST_DRIFT      6   /* inches a turn per wind level */

static const MusterInputSpec dust_inputs[] = {
  MUSTER_INT_INPUT ("wind", N_("Wind level"),
                    N_("1 breezy … 5 hurricane: added to the D6 for the number of clouds, and each "
                       "level moves them 6\" a turn"), 1, 5, 2),
};

static const MusterOutputSpec dust_outputs[] = {
  { .id = "clouds", .label = N_("Dust clouds") },
  { .id = "length", .label = N_("Total length of the clouds (inches)") },
  { .id = "drift", .label = N_("Drift downwind each turn (inches)") },
};

static int
dust_clouds (int face,
             int wind)
{
  int total = face + wind;

  return total >= DUST_WRAP ? total - DUST_WRAP_LESS : total;
}

static MusterDist *
dust_length (int      clouds,
             gpointer data)
{
  return muster_dist_new_dice_sum (clouds, DUST_LENGTH_DIE);
}

static gboolean
dust_exact (const MusterProcedure  *procedure,
            const MusterRuleset    *ruleset,
            const int              *v,
            MusterDist            **outputs,
            GError                **error)
{
  double weights[DUST_DIE + 5 + 1] = { 0 };

  for (int face = 1; face <= DUST_DIE; face++)
    weights[dust_clouds (face, v[DU_WIND])] += 1.0 / DUST_DIE;
  outputs[DU_OUT_CLOUDS] = muster_dist_new_from_weights (0, weights, G_N_ELEMENTS (weights));
  outputs[DU_OUT_LENGTH] = muster_dist_mixture (outputs[DU_OUT_CLOUDS], dust_length, NULL);
  outputs[DU_OUT_DRIFT] = muster_dist_new_constant (DUST_DRIFT * v[DU_WIND]);
  return TRUE;
}

static void
dust_sample (const MusterProcedure *procedure,
             const MusterRuleset   *ruleset,
             const int             *v,
             MusterDice            *dice,
             int                   *outcome)
{
  int clouds = dust_clouds (muster_dice_roll (dice, DUST_DIE), v[DU_WIND]), length = 0;

  for (int c = 0; c < clouds; c++)
    length += muster_dice_roll (dice, DUST_LENGTH_DIE);
  outcome[DU_OUT_CLOUDS] = clouds;
  outcome[DU_OUT_LENGTH] = length;
  outcome[DU_OUT_DRIFT] = DUST_DRIFT * v[DU_WIND];
}

const MusterProcedure muster_sov_dust = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "dust",
  .name = N_("Dust"),
  .summary = N_("High wind blows dust onto the field: D6 + the wind level clouds, less 5 when that "
                "makes 6 or more, each D6 inches long, entering upwind and drifting 6\" a wind "
                "level each turn; dust works like smoke"),
  MUSTER_PROCEDURE_INPUT_SPECS (dust_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (dust_outputs),
  .exact = dust_exact,
  .sample = dust_sample,
};
