/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bvf"

#include "config.h"

#include <math.h>

#include "muster-system-bvf-private.h"

/*
 * Battle Valor Fantasy's turn rolls: the Initiative roll-off (§5.3, and the deployment
 * initiative of §5.1, the same roll) and a Flee order's move (§5.6 A).
 */

/* ---- Initiative (§5.3) ------------------------------------------------------------------ */

enum { IN_A_DICE, IN_B_DICE };
enum { IN_OUT_WINNER, IN_OUT_ROLLS };

/* Roll-offs counted; the last value stands for that many or more. */
#define MAX_ROLLS 10

static const char * const winner_labels[] = { N_("Player A"), N_("Player B"), NULL };

static const MusterInputSpec initiative_inputs[] = {
  MUSTER_INT_INPUT ("a-dice", N_("Player A's dice"),
                    N_("The book: 4 dice each, with no modifiers."), 1, 20, 4),
  MUSTER_INT_INPUT ("b-dice", N_("Player B's dice"),
                    N_("The book: 4 dice each, with no modifiers."), 1, 20, 4),
};

static const MusterOutputSpec initiative_outputs[] = {
  { .id = "winner", .label = N_("Initiative"), .value_labels = winner_labels },
  { .id = "rolls", .label = N_("Roll-offs (10: ten or more)") },
};

static gboolean
initiative_exact (const MusterProcedure  *procedure,
                  const MusterRuleset    *ruleset,
                  const int              *v,
                  MusterDist            **outputs,
                  GError                **error)
{
  MusterBvfRoll plain = { 0 };
  double a[21], b[21], win = 0.0, tie = 0.0, rolls[MAX_ROLLS];

  _muster_bvf_roll_probs (&plain, v[IN_A_DICE], a);
  _muster_bvf_roll_probs (&plain, v[IN_B_DICE], b);
  for (int i = 0; i <= v[IN_A_DICE]; i++)
    for (int j = 0; j <= v[IN_B_DICE]; j++)
      {
        if (i > j)
          win += a[i] * b[j];
        else if (i == j)
          tie += a[i] * b[j];
      }

  /* Ties are rolled again: A wins with P(A > B | not a tie), after a geometric number of
   * roll-offs. */
  outputs[IN_OUT_WINNER] = muster_dist_new_from_weights (0, (double[]) { win, 1.0 - tie - win },
                                                         2);
  for (int k = 0; k < MAX_ROLLS; k++)
    rolls[k] = k < MAX_ROLLS - 1 ? pow (tie, k) * (1.0 - tie) : pow (tie, k);
  outputs[IN_OUT_ROLLS] = muster_dist_new_from_weights (1, rolls, MAX_ROLLS);
  return TRUE;
}

void
_muster_bvf_initiative_resolve (const MusterBvfNumbers *n,
                                const int              *v,
                                MusterFaces            *faces,
                                int                    *outcome)
{
  MusterBvfRoll plain = { 0 };
  int a, b, rolls = 0;

  do
    {
      a = _muster_bvf_roll_resolve (&plain, v[IN_A_DICE], faces);
      b = _muster_bvf_roll_resolve (&plain, v[IN_B_DICE], faces);
      rolls++;
    }
  while (a == b);
  outcome[IN_OUT_WINNER] = a > b ? 0 : 1;
  outcome[IN_OUT_ROLLS] = MIN (rolls, MAX_ROLLS);
}

const MusterBvfProcedure muster_bvf_initiative = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "initiative",
    .name = N_("Initiative"),
    .summary = N_("Each player rolls his dice with no modifiers; more Successes win, ties are "
                  "rolled "
                  "again. Also the deployment initiative."),
    MUSTER_PROCEDURE_INPUT_SPECS (initiative_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (initiative_outputs),
    .exact = initiative_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_initiative_resolve,
};

/* ---- Flee (§5.6 A) ---------------------------------------------------------------------- */

enum { FL_STANDS, FL_EXPERIENCE, FL_BAD_LUCK, FL_SLOW, FL_OTHER };
enum { FL_OUT_FLED, FL_OUT_STRAGGLERS };

static const MusterInputSpec flee_inputs[] = {
  MUSTER_INT_INPUT ("stands", N_("Stands"), N_("One die per stand of the fleeing unit."), 1, 60, 4),
  MUSTER_BVF_LEVEL_INPUT ("experience", N_("Experience"),
                          N_("Levy −1, Veteran +1, Elite +2 Successes.")),
  MUSTER_BOOL_INPUT ("bad-luck", N_("Bad Luck"), N_("The spell: −2 Successes."), 0),
  MUSTER_BOOL_INPUT ("slow-thinking", N_("Slow Thinking"),
                     N_("−1 Success on everything (Ogre Wreckers)."), 0),
  MUSTER_INT_INPUT ("other", N_("Other modifiers"), N_("Any other Success modifier."), -10, 10, 0),
};

static const MusterOutputSpec flee_outputs[] = {
  { .id = "fled", .label = N_("Stands moving 2 × MR") },
  { .id = "stragglers", .label = N_("Stragglers (1 × MR)") },
};

static void
flee_setup (const MusterBvfNumbers *n,
            const int              *v,
            MusterBvfRoll          *roll)
{
  int m = n->success[v[FL_EXPERIENCE]] + v[FL_OTHER];

  m += v[FL_BAD_LUCK] ? n->mod[MUSTER_BVF_MOD_BAD_LUCK] : 0;
  m += v[FL_SLOW] ? n->mod[MUSTER_BVF_MOD_SLOW_THINKING] : 0;
  *roll = (MusterBvfRoll) { FALSE, 0, 0, FALSE, m };
}

static void
flee_exact (const MusterBvfNumbers  *n,
            const int               *v,
            MusterDist             **outputs)
{
  MusterBvfRoll roll;

  flee_setup (n, v, &roll);
  _muster_bvf_stand_roll_outputs (&roll, v[FL_STANDS], &outputs[FL_OUT_FLED],
                                  &outputs[FL_OUT_STRAGGLERS]);
}

void
_muster_bvf_flee_resolve (const MusterBvfNumbers *n,
                          const int              *v,
                          MusterFaces            *faces,
                          int                    *outcome)
{
  MusterBvfRoll roll;

  flee_setup (n, v, &roll);
  _muster_bvf_stand_roll_resolve (&roll, v[FL_STANDS], faces, &outcome[FL_OUT_FLED],
                                  &outcome[FL_OUT_STRAGGLERS]);
}

const MusterBvfProcedure muster_bvf_flee = {
  .base = {
    .system = MUSTER_BVF_SYSTEM,
    .id = "flee",
    .name = N_("Flee"),
    .summary = N_("A Flee order: one die per stand; the Successes are the stands that run 2 × "
                  "MR, the rest straggle 1 × MR and the unit is split. Independent L2 and "
                  "Stubborn units never flee."),
    MUSTER_PROCEDURE_INPUT_SPECS (flee_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (flee_outputs),
    .exact = _muster_bvf_exact,
    MUSTER_BVF_SAMPLERS,
  },
  .resolve = _muster_bvf_flee_resolve,
  .exact = flee_exact,
};
