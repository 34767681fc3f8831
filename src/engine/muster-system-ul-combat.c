/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include <stdarg.h>
#include <math.h>
#include <string.h>

#include "muster-engine-error.h"
#include "muster-procedures-private.h"
#include "muster-system-ul-private.h"

/*
 * Undying Lands: what the combat procedures share (dice from the ruleset's tables, the play
 * machinery of muster-system-ul-private.h, the procedure table), and the integrity tests
 * (p.24–25) with the fanatic-charge test that is one of them (p.18).
 */

/* The integrity test is a d10 (p.25): "greater by 10 or more" routs, and a fanatic charge needs
 * a pass by five (p.18). Constants of the test itself, not a table of the book. */
#define INTEGRITY_DIE    10
#define ROUT_MARGIN      10
#define FANATIC_MARGIN   5

const char * const muster_ul_class_ids[] = { "foot", "mounted", "leviathan", "behemoth", NULL };
const char * const muster_ul_class_labels[] = { "Foot", "Mounted", "Leviathan", "Behemoth", NULL };
const char * const muster_ul_order_ids[] = { "close", "loose", "open", NULL };
const char * const muster_ul_order_labels[] = {
  "Close Order", "Loose Order", "Open Order", NULL
};
const char * const muster_ul_status_ids[] = { "regular", "irregular", NULL };
const char * const muster_ul_status_labels[] = { "Regular", "Irregular", NULL };
const char * const muster_ul_proficiency_ids[] = { "militia", "drilled", "skilled", NULL };
const char * const muster_ul_proficiency_labels[] = { "Militia", "Drilled", "Skilled", NULL };

static const MusterUlPlayClass * const play_classes[] = {
  &_muster_ul_shoot_class,
  &_muster_ul_melee_round_class,
  &_muster_ul_integrity_test_class,
  &_muster_ul_fanatic_charge_class,
  &_muster_ul_evade_class,
  &_muster_ul_break_off_class,
  &_muster_ul_repulse_class,
  &_muster_ul_rally_class,
  &_muster_ul_activation_class,
  &_muster_ul_sub_commander_initiative_class,
  &_muster_ul_tu_initiative_class,
  &_muster_ul_terrain_class,
};

/**
 * muster_ul_parse_dice:
 * @text: the book's notation: "d6", "2d6"; "d2" is half a d4 rounded up, which is a fair d2
 * @dice: (out): the roll
 *
 * Returns: %TRUE if @text is a roll of at least one die of at least two sides
 */
gboolean
muster_ul_parse_dice (const char   *text,
                      MusterUlDice *dice)
{
  const char *d;
  char *end = NULL;
  guint64 n = 1, sides;

  g_return_val_if_fail (dice != NULL, FALSE);

  if (text == NULL || (d = strchr (text, 'd')) == NULL)
    return FALSE;
  if (d != text)
    {
      g_autofree char *count = g_strndup (text, d - text);

      if (!g_ascii_string_to_unsigned (count, 10, 1, 8, &n, NULL))
        return FALSE;
    }
  sides = g_ascii_strtoull (d + 1, &end, 10);
  if (end == d + 1 || *end != '\0' || sides < 2 || sides > 100)
    return FALSE;
  dice->n = (guint) n;
  dice->sides = (guint) sides;
  return TRUE;
}

gboolean
_muster_ul_refuse (GError     **error,
                   const char  *format,
                   ...)
{
  va_list ap;

  va_start (ap, format);
  g_propagate_error (error, g_error_new_valist (MUSTER_ENGINE_ERROR,
                                                MUSTER_ENGINE_ERROR_INVALID_INPUT, format, ap));
  va_end (ap);
  return FALSE;
}

const MusterTable *
_muster_ul_table (const MusterRuleset  *ruleset,
                  const char           *id,
                  GError              **error)
{
  const MusterTable *table = NULL;

  if (ruleset != NULL)
    table = muster_ruleset_get_table (ruleset, id);
  if (table == NULL)
    g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                 "the Undying Lands ruleset has no table “%s”", id);
  return table;
}

static const MusterCell *
table_cell (const MusterRuleset  *ruleset,
            const char           *table_id,
            const char           *row,
            const char           *column,
            GError              **error)
{
  const MusterTable *table = _muster_ul_table (ruleset, table_id, error);
  const MusterCell *cell;

  if (table == NULL)
    return NULL;
  cell = muster_table_lookup (table, row, column, NULL);
  if (cell == NULL || (cell->text == NULL && !cell->is_number))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   "table “%s” has no value for %s, %s", table_id, row, column);
      return NULL;
    }
  return cell;
}

gboolean
_muster_ul_table_int (const MusterRuleset  *ruleset,
                      const char           *table,
                      const char           *row,
                      const char           *column,
                      int                  *value,
                      GError              **error)
{
  const MusterCell *cell = table_cell (ruleset, table, row, column, error);

  if (cell == NULL)
    return FALSE;
  if (!cell->is_number || cell->number != (int) cell->number)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   "table “%s”, %s, %s is not a whole number", table, row, column);
      return FALSE;
    }
  *value = (int) cell->number;
  return TRUE;
}

gboolean
_muster_ul_table_dice (const MusterRuleset  *ruleset,
                       const char           *table,
                       const char           *row,
                       const char           *column,
                       MusterUlDice         *dice,
                       GError              **error)
{
  const MusterCell *cell = table_cell (ruleset, table, row, column, error);

  if (cell == NULL)
    return FALSE;
  if (cell->is_number || !muster_ul_parse_dice (cell->text, dice))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   "table “%s”, %s, %s is not a roll such as 2d6", table, row, column);
      return FALSE;
    }
  return TRUE;
}

/* A word of a table: a result code, "no". */
gboolean
_muster_ul_table_word (const MusterRuleset  *ruleset,
                       const char           *table,
                       const char           *row,
                       const char           *column,
                       const char          **word,
                       GError              **error)
{
  const MusterCell *cell = table_cell (ruleset, table, row, column, error);

  if (cell == NULL)
    return FALSE;
  *word = cell->is_number ? NULL : cell->text;
  return TRUE;
}

/* Modifier tables have one column, "value". */
gboolean
_muster_ul_modifier (const MusterRuleset  *ruleset,
                     const char           *table,
                     const char           *row,
                     int                  *value,
                     GError              **error)
{
  return _muster_ul_table_int (ruleset, table, row, "value", value, error);
}

/* TM, the Tactical Move of p.9: the order's rate plus the Fast bonus. */
gboolean
_muster_ul_move_rate (const MusterRuleset  *ruleset,
                      MusterUlClass         klass,
                      MusterUlOrder         order,
                      gboolean              fast,
                      int                  *tm,
                      GError              **error)
{
  int extra = 0;

  if (fast && order == MUSTER_UL_CLOSE)
    return _muster_ul_refuse (error, "only Loose or Open Order vignettes may be Fast");
  if (!_muster_ul_table_int (ruleset, "move-rate", muster_ul_order_ids[order],
                             muster_ul_class_ids[klass], tm, error))
    return FALSE;
  if (fast && !_muster_ul_table_int (ruleset, "move-rate", "fast", muster_ul_class_ids[klass],
                                     &extra, error))
    return FALSE;
  *tm += extra;
  return TRUE;
}

MusterDist *
_muster_ul_dice_dist (MusterUlDice dice)
{
  return muster_dist_new_dice_sum (dice.n, dice.sides);
}

int
_muster_ul_roll (MusterDice   *dice,
                 MusterUlDice  roll)
{
  int total = 0;

  for (guint i = 0; i < roll.n; i++)
    total += muster_dice_roll (dice, roll.sides);
  return total;
}

/* A MusterDistMapFunc: 1 for values of at least GPOINTER_TO_INT (@user_data), else 0. */
int
_muster_ul_at_least (int      value,
                     gpointer user_data)
{
  return value >= GPOINTER_TO_INT (user_data);
}

/* Returns the index of the first of the new faces. */
guint
_muster_ul_play_add_dice (MusterUlPlay *play,
                          MusterUlDice  dice)
{
  guint first = play->n_faces;

  g_return_val_if_fail (play->n_faces + dice.n <= MUSTER_UL_MAX_FACES, first);

  for (guint i = 0; i < dice.n; i++)
    play->sides[play->n_faces++] = dice.sides;
  return first;
}

int
_muster_ul_sum_faces (const int *faces,
                      guint      first,
                      guint      n)
{
  int total = 0;

  for (guint i = 0; i < n; i++)
    total += faces[first + i];
  return total;
}

MusterUlPlay *
muster_ul_play_new (const MusterProcedure  *procedure,
                    const MusterRuleset    *ruleset,
                    const int              *values,
                    GError                **error)
{
  g_autoptr(MusterUlPlay) play = NULL;

  g_return_val_if_fail (procedure != NULL, NULL);
  g_return_val_if_fail (values != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (play_classes); i++)
    if (play_classes[i]->procedure == procedure)
      {
        play = g_new0 (MusterUlPlay, 1);
        play->klass = play_classes[i];
      }
  if (play == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_PROCEDURE,
                   "%s %s is not resolved from die faces", procedure->system, procedure->id);
      return NULL;
    }
  if (!muster_procedure_check_values (procedure, values, error)
      || !play->klass->prepare (play, ruleset, values, error))
    return NULL;
  return g_steal_pointer (&play);
}

guint
muster_ul_play_get_n_faces (const MusterUlPlay *self)
{
  return self->n_faces;
}

const guint *
muster_ul_play_get_sides (const MusterUlPlay *self)
{
  return self->sides;
}

/**
 * muster_ul_play_resolve:
 * @faces: one face per die of muster_ul_play_get_sides(), each from 1 to its sides
 * @outcome: (out caller-allocates): one value per output of the procedure
 */
void
muster_ul_play_resolve (const MusterUlPlay *self,
                        const int          *faces,
                        int                *outcome)
{
  self->klass->resolve (self, faces, outcome);
}

void
muster_ul_play_free (MusterUlPlay *self)
{
  g_free (self);
}

/* The sampler of every procedure that resolves from die faces: roll them all, resolve. */
void
_muster_ul_sample (const MusterProcedure *procedure,
                   const MusterRuleset   *ruleset,
                   const int             *values,
                   MusterDice            *dice,
                   int                   *outcome)
{
  g_autoptr(MusterUlPlay) play = NULL;
  g_autoptr(GError) error = NULL;
  int faces[MUSTER_UL_MAX_FACES];

  play = muster_ul_play_new (procedure, ruleset, values, &error);
  if (play == NULL)
    {
      /* The sampler cannot report an error; the exact preview of the same inputs does. Once,
       * not once per trial. */
      g_warning_once ("%s %s: %s", procedure->system, procedure->id, error->message);
      memset (outcome, 0, procedure->n_outputs * sizeof (int));
      return;
    }
  for (guint i = 0; i < play->n_faces; i++)
    faces[i] = muster_dice_roll (dice, play->sides[i]);
  muster_ul_play_resolve (play, faces, outcome);
}

/**
 * _muster_ul_integrity_result:
 * @roll: the d10 plus the test's modifiers
 * @ip: the vignette's current IP
 *
 * Returns: 0 pass (roll ≤ IP), 1 repulsed (roll > IP), 2 routed (roll − IP ≥ 10; includes the
 *   repulse)
 */
int
_muster_ul_integrity_result (int roll,
                             int ip)
{
  if (roll - ip >= ROUT_MARGIN)
    return 2;
  return roll > ip ? 1 : 0;
}

/* Integrity test (p.24–25) */

static const char * const flank_ids[] = { "none", "close-stronger", "other", NULL };
static const char * const flank_labels[] = {
  "Not contacted in flank or rear",
  "Close Order, contacted by an enemy with equal or greater IP",
  "Contacted by an enemy with at least 25% of its IP",
  NULL
};
static const char * const integrity_results[] = { "Pass", "Repulsed", "Routed", NULL };

enum {
  IT_IP, IT_CLASS, IT_ORDER, IT_FAST, IT_CHARGED, IT_STRONGER, IT_UNSUPPORTED, IT_REPULSED,
  IT_FLANK, IT_VIGNETTES,
};
enum { IT_OUT_RESULT, IT_OUT_DISTANCE, IT_OUT_TU, IT_OUT_ROUTED };
enum { IT_P_MOD, IT_P_IP, IT_P_TM, IT_P_TEST_FACE, IT_P_MOVE_FACE, IT_P_MOVE_N, IT_P_VIGNETTES };

static const MusterInputSpec integrity_inputs[] = {
  { "ip", "Integrity Points", "The vignette's current IP; it may be 0 or below in play",
    MUSTER_INPUT_INT, -60, 120, 10, NULL, NULL },
  { "class", "General Class", "Sets the repulse move", MUSTER_INPUT_CHOICE, 0, 0,
    MUSTER_UL_FOOT, muster_ul_class_ids, muster_ul_class_labels },
  { "order", "Order", "Close, Loose or Open Order; sets the repulse move and which flank "
    "modifier applies", MUSTER_INPUT_CHOICE, 0, 0, MUSTER_UL_CLOSE, muster_ul_order_ids,
    muster_ul_order_labels },
  { "fast", "Fast", "Loose or Open Order only: adds to the Tactical Move of the repulse",
    MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "charged-by-mounted", "Loose/Open Order foot charged by Behemoth or mounted",
    "+3; only for Loose or Open Order Foot", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "opponents-stronger", "Melee opponents have more Integrity Points", "+2",
    MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "unsupported", "The Tactical Unit considers itself Unsupported",
    "+2. Close Order: no friendly Close Order within 10 cm left or right and 20 cm front or "
    "rear; Loose or Open Order: no friends within 30 cm. Other vignettes of the TU count as "
    "support (X22)", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "repulsed-before", "The Tactical Unit has previously been Repulsed",
    "+5; once repulsed, always (X30)", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "flank-rear", "Contacted to its flank or rear",
    "+10 for Close Order contacted by an enemy TU with equal or greater IP; +5 for any other "
    "TU but Open Order contacted by an enemy with at least 25% of its IP",
    MUSTER_INPUT_CHOICE, 0, 0, 0, flank_ids, flank_labels },
  { "vignettes", "Vignettes testing", "Each vignette of the TU tests against its own IP (here "
    "all alike); if any fails the whole TU is repulsed, and only those that rout are removed "
    "(X20)", MUSTER_INPUT_INT, 1, 8, 1, NULL, NULL },
};

static const char * const tu_results[] = { "Pass", "Repulsed", NULL };

static const MusterOutputSpec integrity_outputs[] = {
  { "result", "One vignette's result", integrity_results },
  { "repulse-move", "Repulse move (cm, TM + die)", NULL },
  { "tu-result", "The Tactical Unit", tu_results },
  { "routed", "Vignettes routed", NULL },
};

/* The sum of the test modifiers; refuses the ones that cannot apply to this vignette. */
static gboolean
integrity_modifiers (const MusterRuleset  *ruleset,
                     MusterUlClass         klass,
                     MusterUlOrder         order,
                     const gboolean        applies[4],
                     int                   flank,
                     int                  *total,
                     GError              **error)
{
  static const char * const rows[] = {
    "charged-by-mounted", "opponents-more-ip", "unsupported", "repulsed-before",
  };
  int value;

  *total = 0;
  if (applies[0] && (klass != MUSTER_UL_FOOT || order == MUSTER_UL_CLOSE))
    return _muster_ul_refuse (error, "the +3 for being charged by Behemoth or mounted is for "
                              "Loose or Open Order Foot only");
  if (flank == 1 && order != MUSTER_UL_CLOSE)
    return _muster_ul_refuse (error, "the +10 flank or rear modifier is for Close Order only");
  if (flank == 2 && order == MUSTER_UL_OPEN)
    return _muster_ul_refuse (error, "Open Order takes no flank or rear modifier");

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      if (!applies[i])
        continue;
      if (!_muster_ul_modifier (ruleset, "integrity-modifiers", rows[i], &value, error))
        return FALSE;
      *total += value;
    }
  if (flank != 0)
    {
      if (!_muster_ul_modifier (ruleset, "integrity-modifiers",
                                flank == 1 ? "flank-rear-close" : "flank-rear-other",
                                &value, error))
        return FALSE;
      *total += value;
    }
  return TRUE;
}

/* The repulse move: TM plus the class's die (p.25, X23). */
static gboolean
repulse_move (const MusterRuleset  *ruleset,
              MusterUlClass         klass,
              MusterUlOrder         order,
              gboolean              fast,
              int                  *tm,
              MusterUlDice         *die,
              GError              **error)
{
  return _muster_ul_move_rate (ruleset, klass, order, fast, tm, error)
         && _muster_ul_table_dice (ruleset, "displacement-dice", "repulse",
                                   muster_ul_class_ids[klass], die, error);
}

static gboolean
integrity_prepare (MusterUlPlay         *play,
                   const MusterRuleset  *ruleset,
                   const int            *values,
                   GError              **error)
{
  gboolean applies[4] = {
    values[IT_CHARGED], values[IT_STRONGER], values[IT_UNSUPPORTED], values[IT_REPULSED],
  };
  MusterUlDice test = { 1, INTEGRITY_DIE }, move;

  if (!integrity_modifiers (ruleset, values[IT_CLASS], values[IT_ORDER], applies,
                            values[IT_FLANK], &play->param[IT_P_MOD], error)
      || !repulse_move (ruleset, values[IT_CLASS], values[IT_ORDER], values[IT_FAST],
                        &play->param[IT_P_TM], &move, error))
    return FALSE;
  play->param[IT_P_IP] = values[IT_IP];
  play->param[IT_P_VIGNETTES] = values[IT_VIGNETTES];
  test.n = values[IT_VIGNETTES];
  play->param[IT_P_TEST_FACE] = _muster_ul_play_add_dice (play, test);
  play->param[IT_P_MOVE_FACE] = _muster_ul_play_add_dice (play, move);
  play->param[IT_P_MOVE_N] = move.n;
  return TRUE;
}

static void
integrity_resolve (const MusterUlPlay *play,
                   const int          *faces,
                   int                *outcome)
{
  const int *p = play->param;

  outcome[IT_OUT_TU] = 0;
  outcome[IT_OUT_ROUTED] = 0;
  for (int v = 0; v < p[IT_P_VIGNETTES]; v++)
    {
      int result = _muster_ul_integrity_result (faces[p[IT_P_TEST_FACE] + v] + p[IT_P_MOD],
                                                p[IT_P_IP]);

      if (v == 0)
        outcome[IT_OUT_RESULT] = result;
      outcome[IT_OUT_TU] |= result != 0;
      outcome[IT_OUT_ROUTED] += result == 2;
    }
  outcome[IT_OUT_DISTANCE] = outcome[IT_OUT_TU] == 0 ? 0 :
    p[IT_P_TM] + _muster_ul_sum_faces (faces, p[IT_P_MOVE_FACE], p[IT_P_MOVE_N]);
}

/* P(fail) = clamp(10 − (IP − M), 0, 10)/10 and P(rout) = clamp(M − IP + 1, 0, 10)/10 (§9). */
static MusterDist *
integrity_result_dist (int ip,
                       int mod)
{
  double weights[3];
  int fail = CLAMP (INTEGRITY_DIE - (ip - mod), 0, INTEGRITY_DIE);
  int rout = CLAMP (mod - ip + 1 + INTEGRITY_DIE - ROUT_MARGIN, 0, INTEGRITY_DIE);

  weights[0] = (double) (INTEGRITY_DIE - fail) / INTEGRITY_DIE;
  weights[1] = (double) (fail - rout) / INTEGRITY_DIE;
  weights[2] = (double) rout / INTEGRITY_DIE;
  return muster_dist_new_from_weights (0, weights, 3);
}

typedef struct
{
  int         tm;
  MusterDist *move;
} RepulseData;

static MusterDist *
repulse_given_result (int      result,
                      gpointer user_data)
{
  RepulseData *data = user_data;

  return result == 0 ? muster_dist_new_constant (0) : muster_dist_shift (data->move, data->tm);
}

static gboolean
integrity_exact (const MusterProcedure  *procedure,
                 const MusterRuleset    *ruleset,
                 const int              *values,
                 MusterDist            **outputs,
                 GError                **error)
{
  g_autoptr(MusterUlPlay) play = muster_ul_play_new (procedure, ruleset, values, error);
  g_autoptr(MusterDist) move = NULL;
  MusterUlDice die;
  RepulseData data;
  double pass;

  if (play == NULL)
    return FALSE;
  die.n = play->param[IT_P_MOVE_N];
  die.sides = play->sides[play->param[IT_P_MOVE_FACE]];
  move = _muster_ul_dice_dist (die);
  data.tm = play->param[IT_P_TM];
  data.move = move;
  outputs[IT_OUT_RESULT] = integrity_result_dist (values[IT_IP], play->param[IT_P_MOD]);
  pass = muster_dist_get_prob (outputs[IT_OUT_RESULT], 0);
  outputs[IT_OUT_TU] = muster_dist_new_bernoulli (1 - pow (pass, values[IT_VIGNETTES]));
  outputs[IT_OUT_ROUTED] = muster_dist_new_binomial (values[IT_VIGNETTES],
                                                     muster_dist_get_prob (outputs[IT_OUT_RESULT],
                                                                           2));
  outputs[IT_OUT_DISTANCE] = muster_dist_mixture (outputs[IT_OUT_TU], repulse_given_result,
                                                  &data);
  return TRUE;
}

const MusterProcedure muster_ul_integrity_test = {
  MUSTER_UL_SYSTEM, "integrity-test", "Integrity test",
  "d10 plus modifiers against the vignette's IP: over it is a repulse, over it by 10 a rout",
  integrity_inputs, G_N_ELEMENTS (integrity_inputs),
  integrity_outputs, G_N_ELEMENTS (integrity_outputs),
  integrity_exact, _muster_ul_sample,
};

const MusterUlPlayClass _muster_ul_integrity_test_class = {
  &muster_ul_integrity_test, integrity_prepare, integrity_resolve,
};

/* Fanatic charge (p.18): an integrity test passed by five */

static const char * const fanatic_fail_ids[] = { "charge", "test", NULL };
static const char * const fanatic_fail_labels[] = {
  "Charges normally, no repulse (X19)",
  "Repulsed or routed as by any failed test",
  NULL
};
static const char * const fanatic_results[] = {
  "Fanatic charge", "Normal charge", "Repulsed", "Routed", NULL
};

enum { FC_IP, FC_CLASS, FC_ORDER, FC_STATUS, FC_UNSUPPORTED, FC_REPULSED, FC_ON_FAIL };
enum { FC_P_MOD, FC_P_IP, FC_P_ON_FAIL, FC_P_FACE };

static const MusterInputSpec fanatic_inputs[] = {
  { "ip", "Integrity Points", "The vignette's current IP", MUSTER_INPUT_INT, -60, 120, 17,
    NULL, NULL },
  { "class", "General Class", "Behemoths may always fanatic-charge", MUSTER_INPUT_CHOICE, 0, 0,
    MUSTER_UL_FOOT, muster_ul_class_ids, muster_ul_class_labels },
  { "order", "Order", "Irregular Close or Loose Order troops may fanatic-charge",
    MUSTER_INPUT_CHOICE, 0, 0, MUSTER_UL_LOOSE, muster_ul_order_ids, muster_ul_order_labels },
  { "status", "Regular or Irregular", "Only Irregulars (and Behemoths) may fanatic-charge",
    MUSTER_INPUT_CHOICE, 0, 0, MUSTER_UL_IRREGULAR, muster_ul_status_ids,
    muster_ul_status_labels },
  { "unsupported", "The Tactical Unit considers itself Unsupported", "+2 to the test",
    MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "repulsed-before", "The Tactical Unit has previously been Repulsed", "+5 to the test",
    MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "on-fail", "A vignette that fails", "The book does not say what a failed fanatic test "
    "does; by default the vignette charges normally (X19)", MUSTER_INPUT_CHOICE, 0, 0, 0,
    fanatic_fail_ids, fanatic_fail_labels },
};

static const MusterOutputSpec fanatic_outputs[] = {
  { "result", "Result", fanatic_results },
};

static gboolean
fanatic_prepare (MusterUlPlay         *play,
                 const MusterRuleset  *ruleset,
                 const int            *values,
                 GError              **error)
{
  gboolean applies[4] = { FALSE, FALSE, values[FC_UNSUPPORTED], values[FC_REPULSED] };
  MusterUlDice test = { 1, INTEGRITY_DIE };

  if (values[FC_CLASS] != MUSTER_UL_BEHEMOTH
      && (values[FC_STATUS] != MUSTER_UL_IRREGULAR || values[FC_ORDER] == MUSTER_UL_OPEN))
    return _muster_ul_refuse (error, "only Irregular Close or Loose Order troops and Behemoths "
                              "may fanatic-charge");
  if (!integrity_modifiers (ruleset, values[FC_CLASS], values[FC_ORDER], applies, 0,
                            &play->param[FC_P_MOD], error))
    return FALSE;
  play->param[FC_P_IP] = values[FC_IP];
  play->param[FC_P_ON_FAIL] = values[FC_ON_FAIL];
  play->param[FC_P_FACE] = _muster_ul_play_add_dice (play, test);
  return TRUE;
}

static void
fanatic_resolve (const MusterUlPlay *play,
                 const int          *faces,
                 int                *outcome)
{
  const int *p = play->param;
  int roll = faces[p[FC_P_FACE]] + p[FC_P_MOD];

  if (roll <= p[FC_P_IP] - FANATIC_MARGIN)
    outcome[0] = 0;
  else if (p[FC_P_ON_FAIL] == 0)
    outcome[0] = 1;
  else
    outcome[0] = 1 + _muster_ul_integrity_result (roll, p[FC_P_IP]);
}

static gboolean
fanatic_exact (const MusterProcedure  *procedure,
               const MusterRuleset    *ruleset,
               const int              *values,
               MusterDist            **outputs,
               GError                **error)
{
  g_autoptr(MusterUlPlay) play = muster_ul_play_new (procedure, ruleset, values, error);
  double weights[4] = { 0 };
  int ip, mod, pass;

  if (play == NULL)
    return FALSE;
  ip = values[FC_IP];
  mod = play->param[FC_P_MOD];
  /* P(pass) = clamp(IP − M − 5, 0, 10)/10 (§7.2). */
  pass = CLAMP (ip - mod - FANATIC_MARGIN, 0, INTEGRITY_DIE);
  weights[0] = (double) pass / INTEGRITY_DIE;
  if (values[FC_ON_FAIL] == 0)
    weights[1] = 1 - weights[0];
  else
    {
      g_autoptr(MusterDist) test = integrity_result_dist (ip, mod);

      /* The faces that pass the ordinary test but not by five charge normally. */
      weights[1] = muster_dist_get_prob (test, 0) - weights[0];
      weights[2] = muster_dist_get_prob (test, 1);
      weights[3] = muster_dist_get_prob (test, 2);
    }
  outputs[0] = muster_dist_new_from_weights (0, weights, 4);
  return TRUE;
}

const MusterProcedure muster_ul_fanatic_charge = {
  MUSTER_UL_SYSTEM, "fanatic-charge", "Fanatic charge test",
  "The integrity test a vignette must pass by five to fanatic-charge (+4 and 1.5 × TM)",
  fanatic_inputs, G_N_ELEMENTS (fanatic_inputs), fanatic_outputs, G_N_ELEMENTS (fanatic_outputs),
  fanatic_exact, _muster_ul_sample,
};

const MusterUlPlayClass _muster_ul_fanatic_charge_class = {
  &muster_ul_fanatic_charge, fanatic_prepare, fanatic_resolve,
};

/* The procedures, in the order of the book. */
const MusterProcedure * const muster_ul_procedures[] = {
  &muster_ul_terrain,
  &muster_ul_activation,
  &muster_ul_sub_commander_initiative,
  &muster_ul_tactical_initiative,
  &muster_ul_fanatic_charge,
  &muster_ul_evade,
  &muster_ul_shoot,
  &muster_ul_melee_round,
  &muster_ul_engagement,
  &muster_ul_break_off,
  &muster_ul_integrity_test,
  &muster_ul_repulse,
  &muster_ul_tu_initiative,
  &muster_ul_rally,
  NULL
};
