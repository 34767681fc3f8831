/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "muster-engine-error.h"
#include "muster-system-ul-private.h"

/*
 * Undying Lands command: activating Sub-Commanders and Tactical Units (p.11, p.15, p.17), what
 * a Sub-Commander or a TU does on its own initiative (p.15–16, p.23–24), the Sub-Commanders'
 * tactical initiative (p.16); and the terrain and deployment rolls of the set-up (p.12).
 */

#define COMMAND_DIE 6

/* A linked group's score is reduced by 1 for every four TUs in the link (p.23). */
#define LINK_STEP 4

static const char * const distance_ids[] = { "near", "30-60", "61-120", "over-120", NULL };
static const char * const distance_labels[] = {
  N_("Less than 30 cm (or a TU of his own wing)"), N_("30 cm to 60 cm"), N_("61 cm to 120 cm"),
  N_("Further than 120 cm"), NULL
};
static const char * const distance_rows[] = {
  NULL, "distance-30-60", "distance-61-120", "distance-over-120",
};
static const char * const one_labels[] = { N_("Not activated"), N_("Activated"), NULL };

/* Activation (p.11, p.15) */

enum {
  AC_RATING, AC_N, AC_STATUS, AC_DISTANCE, AC_BLOCKED, AC_CHANGING, AC_ON_WAIT, AC_LINKED,
};
enum { AC_OUT_ACTIVATED, AC_OUT_FIRST };
enum { AC_P_NEED };

static const MusterInputSpec activation_inputs[] = {
  MUSTER_INT_INPUT ("rating", N_("Commander Rating"),
                    N_("The General's rating when he activates Sub-Commanders, the Sub-Commander's "
                       "when he activates TUs"), 1, 6, 3),
  MUSTER_INT_INPUT ("attempted", N_("Number activating"),
                    N_("How many Sub-Commanders (or TUs) he tries to activate this turn; each "
                       "rolls its own d6 (X15)"), 1, 6, 2),
  MUSTER_CHOICE_INPUT ("status", N_("Regular or Irregular"),
                       N_("The half of the table: a Sub-Commander is Regular if most of his TUs "
                          "are; the General uses the half of the Sub-Commander he activates (X15)"),
                       muster_ul_status_ids, muster_ul_status_labels, MUSTER_UL_REGULAR),
  MUSTER_CHOICE_INPUT ("distance", N_("Distance from the General"),
                       N_("+1 from 30 cm, +2 from 61 cm, +3 beyond 120 cm"),
                       distance_ids, distance_labels, 0),
  MUSTER_BOOL_INPUT ("blocked", N_("Direct line blocked by intervening terrain"), N_("+1"), 0),
  MUSTER_BOOL_INPUT ("changing-orders", N_("Changing the Sub-Commander's operational orders"),
                     N_("+1"), 0),
  MUSTER_BOOL_INPUT ("on-wait", N_("The Sub-Commander is currently on Wait orders"), N_("−2"), 0),
  MUSTER_INT_INPUT ("linked", N_("TUs in the linked group"),
                    N_("A linked group counts as one TU; its score is 1 less for every four TUs in "
                       "the link"), 1, 40, 1),
};

static const MusterOutputSpec activation_outputs[] = {
  { .id = "activated", .label = N_("How many are activated") },
  { .id = "first", .label = N_("One of them"), .value_labels = one_labels },
};

static gboolean
activation_prepare (MusterUlPlay         *play,
                    const MusterRuleset  *ruleset,
                    const int            *values,
                    GError              **error)
{
  g_autofree char *row = g_strdup_printf ("rating-%d", values[AC_RATING]);
  g_autofree char *column = g_strdup_printf ("%s-%d",
                                             muster_ul_status_ids[values[AC_STATUS]],
                                             values[AC_N]);
  const gboolean applies[] = {
    values[AC_BLOCKED], values[AC_CHANGING], values[AC_ON_WAIT],
  };
  static const char * const rows[] = { "blocked", "changing-orders", "on-wait" };
  const MusterTable *table;
  const MusterCell *cell;
  MusterUlDice die = { 1, COMMAND_DIE };
  int need;

  table = muster_ruleset_require_table (ruleset, "activation", error);
  if (table == NULL)
    return FALSE;
  cell = muster_table_lookup (table, row, column, NULL);
  if (cell == NULL || (!cell->is_number && g_strcmp0 (cell->text, "no") != 0))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("table “activation”, %s, %s is neither a score nor “no”"), row, column);
      return FALSE;
    }
  /* "no": activation is impossible, whatever the modifiers. */
  need = cell->is_number ? (int) cell->number : COMMAND_DIE + 1;
  if (cell->is_number)
    {
      if (!muster_table_add_int (ruleset, "activation-modifiers",
                                 distance_rows[values[AC_DISTANCE]], "value",
                                 distance_rows[values[AC_DISTANCE]] != NULL, &need, error))
        return FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
        if (!muster_table_add_int (ruleset, "activation-modifiers", rows[i], "value",
                                   applies[i] != 0, &need, error))
          return FALSE;
      need -= values[AC_LINKED] / LINK_STEP;
    }
  play->param[AC_P_NEED] = need;
  for (int i = 0; i < values[AC_N]; i++)
    _muster_ul_play_add_dice (play, die);
  return TRUE;
}

static void
activation_resolve (const MusterUlPlay *play,
                    const int          *faces,
                    int                *outcome)
{
  outcome[AC_OUT_ACTIVATED] = 0;
  for (guint i = 0; i < play->layout.n_faces; i++)
    outcome[AC_OUT_ACTIVATED] += faces[i] >= play->param[AC_P_NEED];
  outcome[AC_OUT_FIRST] = faces[0] >= play->param[AC_P_NEED];
}

static void
activation_exact (const MusterUlPlay  *play,
                  const int           *values,
                  MusterDist         **outputs)
{
  double p;

  /* clamp((7 − need)/6, 0, 1) (§6.2). */
  p = CLAMP (COMMAND_DIE + 1 - play->param[AC_P_NEED], 0, COMMAND_DIE) / (double) COMMAND_DIE;
  outputs[AC_OUT_ACTIVATED] = muster_dist_new_binomial (values[AC_N], p);
  outputs[AC_OUT_FIRST] = muster_dist_new_bernoulli (p);
}

const MusterProcedure muster_ul_activation = {
  .system = MUSTER_UL_SYSTEM,
  .id = "activation",
  .name = N_("Activation"),
  .summary = N_("The General activating Sub-Commanders, or a Sub-Commander his TUs: a d6 each "
                "against the activation table (provisional values)"),
  MUSTER_PROCEDURE_INPUT_SPECS (activation_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (activation_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_activation_class = {
  .procedure = &muster_ul_activation,
  .prepare = activation_prepare,
  .resolve = activation_resolve,
  .exact = activation_exact,
};

/* Own initiative: a d6 on a table of result codes */

static const char * const troops_ids[] = { "any-irregular", "all-regular", NULL };
static const char * const troops_labels[] = {
  N_("He or any of his troops is Irregular"), N_("He and all his troops are Regular"), NULL
};
static const char * const order_codes[] = { "AT", "A", "W", "R", "P", "LR", NULL };
static const char * const order_labels[] = {
  N_("Attack"), N_("Advance"), N_("Wait"), N_("Rush"), N_("Player's choice"),
  N_("As the wing to the left or right"), NULL
};
enum { ORDER_LR = 5 };
static const char * const side_labels[] = { N_("—"), N_("Left"), N_("Right"), NULL };
static const char * const action_codes[] = { "neighbour", "player", "charge", NULL };
static const char * const action_labels[] = {
  N_("As Neighbour"), N_("As player wishes"), N_("Charge"), NULL
};
static const char * const neighbour_codes[] = { "left", "right", "front", "behind", NULL };
static const char * const neighbour_labels[] = { N_("—"), N_("Left"), N_("Right"), N_("Front"),
  N_("Behind"), NULL };

/* The codes of one table column, one per score from 1 to @n_scores (rows "score-N"), as
 * indices into @codes. */
static gboolean
read_column (const MusterRuleset  *ruleset,
             const char           *table,
             const char           *column,
             const char * const   *codes,
             int                   n_scores,
             int                  *result,
             GError              **error)
{
  for (int score = 1; score <= n_scores; score++)
    {
      g_autofree char *row = g_strdup_printf ("score-%d", score);
      const char *word;
      int index = -1;

      if (!muster_table_read_text (ruleset, table, row, column, &word, error))
        return FALSE;
      for (int i = 0; word != NULL && codes[i] != NULL; i++)
        if (g_str_equal (codes[i], word))
          index = i;
      if (index < 0)
        return _muster_ul_refuse (error, "table “%s”, %s, %s: “%s” is not a result code", table,
                                  row, column, word ? word : "");
      result[score - 1] = index;
    }
  return TRUE;
}

/* The weights of the codes of a column read with read_column(). */
static MusterDist *
column_dist (const int *column,
             guint      n_codes,
             int        offset)
{
  g_autofree double *weights = g_new0 (double, n_codes);

  for (int score = 0; score < COMMAND_DIE; score++)
    weights[column[score]] += 1.0 / COMMAND_DIE;
  return muster_dist_new_from_weights (offset, weights, n_codes);
}

/* Sub-Commander own initiative (p.15–16) */

enum { SI_RATING, SI_TROOPS };
enum { SI_OUT_ORDERS, SI_OUT_SIDE };

static const MusterInputSpec sub_initiative_inputs[] = {
  MUSTER_INT_INPUT ("rating", N_("Sub-Commander Rating"), N_("1 to 6"), 1, 6, 3),
  MUSTER_CHOICE_INPUT ("troops", N_("Table"),
                       N_("The Irregular table unless he and all his troops are Regular"),
                       troops_ids, troops_labels, 0),
};

static const MusterOutputSpec sub_initiative_outputs[] = {
  { .id = "orders", .label = N_("New orders"), .value_labels = order_labels },
  { .id = "side", .label = N_("Wing copied (with friendly wings on both sides: d6 1–3 left)"),
    .value_labels = side_labels },
};

static gboolean
sub_initiative_prepare (MusterUlPlay         *play,
                        const MusterRuleset  *ruleset,
                        const int            *values,
                        GError              **error)
{
  g_autofree char *column = g_strdup_printf ("rating-%d", values[SI_RATING]);
  MusterUlDice die = { 1, COMMAND_DIE };

  if (!read_column (ruleset, values[SI_TROOPS] == 0 ? "initiative-irregular" :
                    "initiative-regular", column, order_codes, COMMAND_DIE, play->param, error))
    return FALSE;
  /* The orders die, then the left-or-right die. */
  _muster_ul_play_add_dice (play, die);
  _muster_ul_play_add_dice (play, die);
  return TRUE;
}

static void
sub_initiative_resolve (const MusterUlPlay *play,
                        const int          *faces,
                        int                *outcome)
{
  outcome[SI_OUT_ORDERS] = play->param[faces[0] - 1];
  outcome[SI_OUT_SIDE] = outcome[SI_OUT_ORDERS] != ORDER_LR ? 0 :
                         faces[1] <= COMMAND_DIE / 2 ? 1 : 2;
}

static void
sub_initiative_exact (const MusterUlPlay  *play,
                      const int           *values,
                      MusterDist         **outputs)
{
  double lr, weights[3];

  outputs[SI_OUT_ORDERS] = column_dist (play->param, G_N_ELEMENTS (order_codes) - 1, 0);
  lr = muster_dist_get_prob (outputs[SI_OUT_ORDERS], ORDER_LR);
  weights[0] = 1 - lr;
  weights[1] = weights[2] = lr / 2;
  outputs[SI_OUT_SIDE] = muster_dist_new_from_weights (0, weights, 3);
}

const MusterProcedure muster_ul_sub_commander_initiative = {
  .system = MUSTER_UL_SYSTEM,
  .id = "sub-commander-initiative",
  .name = N_("Sub-Commander own initiative"),
  .summary = N_("A Sub-Commander not activated rolls a d6 for his wing's new orders"),
  MUSTER_PROCEDURE_INPUT_SPECS (sub_initiative_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (sub_initiative_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_sub_commander_initiative_class = {
  .procedure = &muster_ul_sub_commander_initiative,
  .prepare = sub_initiative_prepare,
  .resolve = sub_initiative_resolve,
  .exact = sub_initiative_exact,
};

/* Tactical Unit own initiative (p.23–24) */

enum { TI_STATUS };
enum { TI_OUT_ACTION, TI_OUT_NEIGHBOUR };
/* The play keeps the action column in params 0–5, the neighbour column in 6–11. */
enum { TI_P_ACTIONS = 0, TI_P_NEIGHBOURS = COMMAND_DIE };

static const MusterInputSpec tu_initiative_inputs[] = {
  MUSTER_CHOICE_INPUT ("status", N_("Regular or Irregular"), N_("Irregular TUs charge on a 3 or 4"),
                       muster_ul_status_ids, muster_ul_status_labels, MUSTER_UL_IRREGULAR),
};

static const MusterOutputSpec tu_initiative_outputs[] = {
  { .id = "action", .label = N_("Tactical Action"), .value_labels = action_labels },
  { .id = "neighbour", .label = N_("As the nearest friendly TU to its"),
    .value_labels = neighbour_labels },
};

static gboolean
tu_initiative_prepare (MusterUlPlay         *play,
                       const MusterRuleset  *ruleset,
                       const int            *values,
                       GError              **error)
{
  MusterUlDice die = { 1, COMMAND_DIE };

  if (!read_column (ruleset, "tu-initiative", muster_ul_status_ids[values[TI_STATUS]],
                    action_codes, COMMAND_DIE, play->param + TI_P_ACTIONS, error)
      || !read_column (ruleset, "neighbour", "side", neighbour_codes, COMMAND_DIE,
                       play->param + TI_P_NEIGHBOURS, error))
    return FALSE;
  /* The action die, then the neighbour die. */
  _muster_ul_play_add_dice (play, die);
  _muster_ul_play_add_dice (play, die);
  return TRUE;
}

static void
tu_initiative_resolve (const MusterUlPlay *play,
                       const int          *faces,
                       int                *outcome)
{
  outcome[TI_OUT_ACTION] = play->param[TI_P_ACTIONS + faces[0] - 1];
  outcome[TI_OUT_NEIGHBOUR] = outcome[TI_OUT_ACTION] != 0 ? 0 :
                              1 + play->param[TI_P_NEIGHBOURS + faces[1] - 1];
}

static MusterDist *
neighbour_given_action (int      action,
                        gpointer user_data)
{
  MusterDist *neighbours = user_data;

  return action == 0 ? muster_dist_ref (neighbours) : muster_dist_new_constant (0);
}

static void
tu_initiative_exact (const MusterUlPlay  *play,
                     const int           *values,
                     MusterDist         **outputs)
{
  g_autoptr(MusterDist) neighbours = NULL;

  outputs[TI_OUT_ACTION] = column_dist (play->param + TI_P_ACTIONS,
                                        G_N_ELEMENTS (action_codes) - 1, 0);
  neighbours = column_dist (play->param + TI_P_NEIGHBOURS, G_N_ELEMENTS (neighbour_codes) - 1,
                            1);
  outputs[TI_OUT_NEIGHBOUR] = muster_dist_mixture (outputs[TI_OUT_ACTION],
                                                   neighbour_given_action, neighbours);
}

const MusterProcedure muster_ul_tu_initiative = {
  .system = MUSTER_UL_SYSTEM,
  .id = "tu-initiative",
  .name = N_("Tactical Unit own initiative"),
  .summary = N_("A TU not activated rolls a d6 each phase for what it does"),
  MUSTER_PROCEDURE_INPUT_SPECS (tu_initiative_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (tu_initiative_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_tu_initiative_class = {
  .procedure = &muster_ul_tu_initiative,
  .prepare = tu_initiative_prepare,
  .resolve = tu_initiative_resolve,
  .exact = tu_initiative_exact,
};

/* Tactical initiative (p.16): d20 + rating for each Sub-Commander, ties dice again. The re-rolls
 * make the number of dice unbounded, so this one is not resolved from a fixed set of faces: its
 * sampler rolls until the tie breaks, and the tests compare it with the exact result. */

#define INITIATIVE_DIE 20

static const char * const initiative_labels[] = {
  N_("A acts first"), N_("B acts first"), N_("Tie: both dice again"), NULL
};

enum { IN_A_RATING, IN_B_RATING };
enum { IN_OUT_FIRST, IN_OUT_AFTER_TIES };

static const MusterInputSpec tactical_inputs[] = {
  MUSTER_INT_INPUT ("a-rating", N_("A: Sub-Commander Rating"), N_("Added to A's d20"), 1, 6, 3),
  MUSTER_INT_INPUT ("b-rating", N_("B: Sub-Commander Rating"), N_("Added to B's d20"), 1, 6, 3),
};

static const MusterOutputSpec tactical_outputs[] = {
  { .id = "first-roll", .label = N_("The first roll"), .value_labels = initiative_labels },
  { .id = "first", .label = N_("Who acts first once ties are diced again"),
    .value_labels = initiative_labels },
};

static int
first_of (int a,
          int b)
{
  return a > b ? 0 : b > a ? 1 : 2;
}

static gboolean
tactical_exact (const MusterProcedure  *procedure,
                const MusterRuleset    *ruleset,
                const int              *values,
                MusterDist            **outputs,
                GError                **error)
{
  g_autoptr(MusterDist) die = muster_dist_new_die (INITIATIVE_DIE);
  g_autoptr(MusterDist) a = muster_dist_shift (die, values[IN_A_RATING]);
  g_autoptr(MusterDist) b = muster_dist_shift (die, values[IN_B_RATING]);
  double greater, equal, less, weights[3];

  muster_dist_compare (a, b, &greater, &equal, &less);
  weights[0] = greater;
  weights[1] = less;
  weights[2] = equal;
  outputs[IN_OUT_FIRST] = muster_dist_new_from_weights (0, weights, 3);
  /* Dicing ties again until they differ: the first roll, conditioned on not tying. */
  weights[0] = greater / (greater + less);
  weights[1] = less / (greater + less);
  outputs[IN_OUT_AFTER_TIES] = muster_dist_new_from_weights (0, weights, 2);
  return TRUE;
}

static void
tactical_sample (const MusterProcedure *procedure,
                 const MusterRuleset   *ruleset,
                 const int             *values,
                 MusterDice            *dice,
                 int                   *outcome)
{
  int first = 2;

  outcome[IN_OUT_FIRST] = -1;
  while (first == 2)
    {
      first = first_of (muster_dice_roll (dice, INITIATIVE_DIE) + values[IN_A_RATING],
                        muster_dice_roll (dice, INITIATIVE_DIE) + values[IN_B_RATING]);
      if (outcome[IN_OUT_FIRST] < 0)
        outcome[IN_OUT_FIRST] = first;
    }
  outcome[IN_OUT_AFTER_TIES] = first;
}

const MusterProcedure muster_ul_tactical_initiative = {
  .system = MUSTER_UL_SYSTEM,
  .id = "tactical-initiative",
  .name = N_("Tactical initiative"),
  .summary = N_("Which of two Sub-Commanders acts first: d20 + rating each, ties dice again"),
  MUSTER_PROCEDURE_INPUT_SPECS (tactical_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (tactical_outputs),
  .exact = tactical_exact,
  .sample = tactical_sample,
};

/* Deployment (p.12): each player rolls d6; the higher places first or makes the other do so,
 * ties roll again (X47). Beating the other by 5 (a 6 against a 1) is an ambush: the loser
 * marches on, the winner deploys within 30 cm of him whenever he likes. Like the tactical
 * initiative, the re-rolls make the dice unbounded: the sampler rolls until the tie breaks. */

#define DEPLOYMENT_DIE 6

enum { DE_MARGIN };
enum { DE_OUT_FIRST, DE_OUT_WINNER, DE_OUT_AMBUSH };

static const char * const deployment_labels[] = { N_("A higher"), N_("B higher"), N_("Tie"), NULL };
static const char * const deployment_winner_labels[] = {
  N_("A chooses who places first"), N_("B chooses who places first"), NULL
};
static const char * const ambush_labels[] = { N_("No ambush"), N_("A ambushes"), N_("B ambushes"),
  NULL };

static const MusterInputSpec deployment_inputs[] = {
  MUSTER_INT_INPUT ("margin", N_("Ambush when beaten by"), N_("The book: by 5, a 6 against a 1"), 1,
                    5, 5),
};

static const MusterOutputSpec deployment_outputs[] = {
  { .id = "first-roll", .label = N_("The first roll"), .value_labels = deployment_labels },
  { .id = "winner", .label = N_("Once ties are rolled again"),
    .value_labels = deployment_winner_labels },
  { .id = "ambush", .label = N_("Ambush"), .value_labels = ambush_labels },
};

static gboolean
deployment_exact (const MusterProcedure  *procedure,
                  const MusterRuleset    *ruleset,
                  const int              *values,
                  MusterDist            **outputs,
                  GError                **error)
{
  double first[3] = { 0 }, ambush[3] = { 0 }, decided;

  for (int a = 1; a <= DEPLOYMENT_DIE; a++)
    for (int b = 1; b <= DEPLOYMENT_DIE; b++)
      {
        first[first_of (a, b)] += 1.0;
        if (a - b >= values[DE_MARGIN])
          ambush[1] += 1.0;
        else if (b - a >= values[DE_MARGIN])
          ambush[2] += 1.0;
      }
  decided = first[0] + first[1];
  ambush[0] = decided - ambush[1] - ambush[2];
  outputs[DE_OUT_FIRST] = muster_dist_new_from_weights (0, first, 3);
  /* the deciding roll is the first roll given that it did not tie */
  outputs[DE_OUT_WINNER] = muster_dist_new_from_weights (0, first, 2);
  outputs[DE_OUT_AMBUSH] = muster_dist_new_from_weights (0, ambush, 3);
  return TRUE;
}

static void
deployment_sample (const MusterProcedure *procedure,
                   const MusterRuleset   *ruleset,
                   const int             *values,
                   MusterDice            *dice,
                   int                   *outcome)
{
  int a, b;

  outcome[DE_OUT_FIRST] = -1;
  do
    {
      a = muster_dice_roll (dice, DEPLOYMENT_DIE);
      b = muster_dice_roll (dice, DEPLOYMENT_DIE);
      if (outcome[DE_OUT_FIRST] < 0)
        outcome[DE_OUT_FIRST] = first_of (a, b);
    }
  while (a == b);
  outcome[DE_OUT_WINNER] = first_of (a, b);
  outcome[DE_OUT_AMBUSH] = a - b >= values[DE_MARGIN] ? 1 : b - a >= values[DE_MARGIN] ? 2 : 0;
}

const MusterProcedure muster_ul_deployment = {
  .system = MUSTER_UL_SYSTEM,
  .id = "deployment",
  .name = N_("Deployment roll"),
  .summary = N_("Who chooses which side places its units first: d6 each, ties roll again; beaten "
                "by 5, the loser marches on and the winner ambushes"),
  MUSTER_PROCEDURE_INPUT_SPECS (deployment_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (deployment_outputs),
  .exact = deployment_exact,
  .sample = deployment_sample,
};

/* Terrain generation (p.12) */

static const char * const terrain_codes[] = {
  "open", "gentle-hill", "steep-hill", "wood", "built-up", "impassable", NULL
};
/* "Open" in context: the app's "Open" is the file command */
static const char * const terrain_labels[] = {
  NC_("procedure", "Open"), N_("Gentle Hill *"), N_("Steep Hill **"), N_("Wood **"),
  N_("Built-up Area **"), N_("Impassable"), NULL
};

/* The d8 and the +2 for a square on the table edge: the roll's own numbers. */
#define TERRAIN_DIE   8
#define EDGE_BONUS    2

enum { TG_EDGE };
/* The play keeps the terrain of each total 1 to 10 in params 0–9, then the bonus. */
enum { TG_P_BONUS = TERRAIN_DIE + EDGE_BONUS };

static const MusterInputSpec terrain_inputs[] = {
  MUSTER_BOOL_INPUT ("edge", N_("The square touches the table edge"), N_("+2 to the d8"), 0),
};

static const MusterOutputSpec terrain_outputs[] = {
  { .id = "terrain", .label = N_("Terrain"), .value_labels = terrain_labels },
};

static gboolean
terrain_prepare (MusterUlPlay         *play,
                 const MusterRuleset  *ruleset,
                 const int            *values,
                 GError              **error)
{
  MusterUlDice die = { 1, TERRAIN_DIE };

  if (!read_column (ruleset, "terrain-generation", "terrain", terrain_codes,
                    TERRAIN_DIE + EDGE_BONUS, play->param, error))
    return FALSE;
  play->param[TG_P_BONUS] = values[TG_EDGE] ? EDGE_BONUS : 0;
  _muster_ul_play_add_dice (play, die);
  return TRUE;
}

static void
terrain_resolve (const MusterUlPlay *play,
                 const int          *faces,
                 int                *outcome)
{
  outcome[0] = play->param[faces[0] + play->param[TG_P_BONUS] - 1];
}

static void
terrain_exact (const MusterUlPlay  *play,
               const int           *values,
               MusterDist         **outputs)
{
  double weights[G_N_ELEMENTS (terrain_codes) - 1] = { 0 };
  int bonus;

  bonus = play->param[TG_P_BONUS];
  for (int score = 1 + bonus; score <= TERRAIN_DIE + bonus; score++)
    weights[play->param[score - 1]] += 1.0 / TERRAIN_DIE;
  outputs[0] = muster_dist_new_from_weights (0, weights, G_N_ELEMENTS (weights));
}

const MusterProcedure muster_ul_terrain = {
  .system = MUSTER_UL_SYSTEM,
  .id = "terrain",
  .name = N_("Terrain generation"),
  .summary = N_("The terrain of one square of the table: d8, +2 on the table edge"),
  MUSTER_PROCEDURE_INPUT_SPECS (terrain_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (terrain_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_terrain_class = {
  .procedure = &muster_ul_terrain,
  .prepare = terrain_prepare,
  .resolve = terrain_resolve,
  .exact = terrain_exact,
};
