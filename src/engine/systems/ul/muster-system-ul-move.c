/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "muster-system-ul-private.h"

/*
 * Undying Lands moves with a die in them: evading a charge and breaking off from melee, with
 * the pursuit (p.23); the repulse and its follow-up (p.25); the rally (p.26).
 */

static const char * const charge_ids[] = { "charge", "fanatic", NULL };
static const char * const charge_labels[] = {
  N_("Charge (1 × TM)"), N_("Fanatic charge (1.5 × TM)"), NULL
};
static const char * const evade_results[] = { N_("Evaded"), N_("Contacted"), NULL };
static const char * const break_off_results[] = { N_("Got away"), N_("Caught"), NULL };

/* One unit's inputs; each label whole, so that it can be translated */
#define UNIT_INPUTS(P, class_label, order_label, status_label, fast_label, CLASS, ORDER, STATUS) \
  MUSTER_CHOICE_INPUT (P "class", class_label, N_("Sets the move rate and the die"), \
                       muster_ul_class_ids, muster_ul_class_labels, CLASS), \
  MUSTER_CHOICE_INPUT (P "order", order_label, N_("Sets the move rate"), \
                       muster_ul_order_ids, muster_ul_order_labels, ORDER), \
  MUSTER_CHOICE_INPUT (P "status", status_label, \
                       N_("Irregulars must pursue; Regulars may"), \
                       muster_ul_status_ids, muster_ul_status_labels, STATUS), \
  MUSTER_BOOL_INPUT (P "fast", fast_label, \
                     N_("Loose or Open Order only: +5 cm (+10 cm Mounted) of move"), 0)

enum { U_CLASS, U_ORDER, U_STATUS, U_FAST, U_N_INPUTS };

/* Who may break off or evade (p.23): Loose or Open Order (Leviathans and Behemoths too, X24),
 * and Regular Close Order Foot where its army list allows, from enemy Foot only (L13). */
static gboolean
may_break_off (const int  *unit,
               gboolean    list_allows,
               int         enemy_class,
               GError    **error)
{
  if (unit[U_ORDER] != MUSTER_UL_CLOSE)
    return TRUE;
  if (unit[U_CLASS] != MUSTER_UL_FOOT || unit[U_STATUS] != MUSTER_UL_REGULAR || !list_allows)
    return _muster_ul_refuse (error, _("only Loose or Open Order troops, and Regular Close Order "
                                "Foot whose army list allows it, may break off or evade"));
  if (enemy_class != MUSTER_UL_FOOT)
    return _muster_ul_refuse (error, _("Regular Close Order Foot may only break off from Foot"));
  return TRUE;
}

/* TM plus one of the displacement dice. */
static gboolean
move_with_die (MusterUlPlay         *play,
               const MusterRuleset  *ruleset,
               const int            *unit,
               const char           *row,
               int                  *tm,
               int                  *face,
               int                  *n,
               GError              **error)
{
  MusterUlDice die;

  if (!_muster_ul_move_rate (ruleset, unit[U_CLASS], unit[U_ORDER], unit[U_FAST], tm, error)
      || !_muster_ul_table_dice (ruleset, "displacement-dice", row,
                                 muster_ul_class_ids[unit[U_CLASS]], &die, error))
    return FALSE;
  *n = die.n;
  *face = _muster_ul_play_add_dice (play, die);
  return TRUE;
}

static MusterDist *
move_dist (const MusterUlPlay *play,
           int                 tm,
           int                 face,
           int                 n)
{
  MusterUlDice die = { n, play->layout.face_max[face] };
  g_autoptr(MusterDist) roll = _muster_ul_dice_dist (die);

  return muster_dist_shift (roll, tm);
}

/* Evade (p.18, p.23) */

enum {
  EV_LIST_ALLOWS = 2 * U_N_INPUTS, EV_CHARGE, EV_GAP,
};
enum { EV_OUT_MOVE, EV_OUT_RESULT };
enum { EV_P_TM, EV_P_FACE, EV_P_N, EV_P_REACH2, EV_P_GAP };

static const MusterInputSpec evade_inputs[] = {
  UNIT_INPUTS ("", N_("Evaders: General Class"), N_("Evaders: Order"),
               N_("Evaders: Regular or Irregular"), N_("Evaders: Fast"),
               MUSTER_UL_FOOT, MUSTER_UL_OPEN, MUSTER_UL_IRREGULAR),
  UNIT_INPUTS ("charger-", N_("Chargers: General Class"), N_("Chargers: Order"),
               N_("Chargers: Regular or Irregular"), N_("Chargers: Fast"),
               MUSTER_UL_MOUNTED, MUSTER_UL_LOOSE, MUSTER_UL_REGULAR),
  MUSTER_BOOL_INPUT ("list-allows", N_("Army list allows Close Order Foot to break off"),
                     N_("Regular Close Order Foot may evade only where its army list says so (p.23 "
                        "*)"), 0),
  MUSTER_CHOICE_INPUT ("charge", N_("Charge"), N_("A charge moves TM, a fanatic charge 1.5 × TM"),
                       charge_ids, charge_labels, 0),
  MUSTER_INT_INPUT ("gap", N_("Distance (cm)"),
                    N_("Between the chargers and the evaders when the charge is declared"), 0, 200,
                    10),
};

static const MusterOutputSpec evade_outputs[] = {
  { .id = "evade-move", .label = N_("Evade move (cm, TM + die)") },
  { .id = "result", .label = N_("Result of the first charge move"), .value_labels = evade_results },
};

static gboolean
evade_prepare (MusterUlPlay         *play,
               const MusterRuleset  *ruleset,
               const int            *values,
               GError              **error)
{
  const int *charger = values + U_N_INPUTS;
  int charger_tm;

  if (!may_break_off (values, values[EV_LIST_ALLOWS], charger[U_CLASS], error)
      || !move_with_die (play, ruleset, values, "evade", &play->param[EV_P_TM],
                         &play->param[EV_P_FACE], &play->param[EV_P_N], error)
      || !_muster_ul_move_rate (ruleset, charger[U_CLASS], charger[U_ORDER], charger[U_FAST],
                                &charger_tm, error))
    return FALSE;
  /* In half centimetres, so that 1.5 × TM stays whole. */
  play->param[EV_P_REACH2] = charger_tm * (values[EV_CHARGE] == 1 ? 3 : 2);
  play->param[EV_P_GAP] = values[EV_GAP];
  return TRUE;
}

static void
evade_resolve (const MusterUlPlay *play,
               const int          *faces,
               int                *outcome)
{
  const int *p = play->param;

  outcome[EV_OUT_MOVE] = p[EV_P_TM] + _muster_ul_sum_faces (faces, p[EV_P_FACE], p[EV_P_N]);
  outcome[EV_OUT_RESULT] = p[EV_P_REACH2] >= 2 * (p[EV_P_GAP] + outcome[EV_OUT_MOVE]);
}

static int
caught_by_reach (int      move,
                 gpointer user_data)
{
  const int *p = user_data;

  return p[EV_P_REACH2] >= 2 * (p[EV_P_GAP] + move);
}

static void
evade_exact (const MusterUlPlay  *play,
             const int           *values,
             MusterDist         **outputs)
{
  outputs[EV_OUT_MOVE] = move_dist (play, play->param[EV_P_TM], play->param[EV_P_FACE],
                                    play->param[EV_P_N]);
  outputs[EV_OUT_RESULT] = muster_dist_map (outputs[EV_OUT_MOVE], caught_by_reach,
                                           (gpointer) play->param);
}

const MusterProcedure muster_ul_evade = {
  .system = MUSTER_UL_SYSTEM,
  .id = "evade",
  .name = N_("Evade a charge"),
  .summary = N_("The evaders move back TM plus a die before the chargers move; do the chargers "
                "reach them?"),
  MUSTER_PROCEDURE_INPUT_SPECS (evade_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (evade_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_evade_class = {
  .procedure = &muster_ul_evade,
  .prepare = evade_prepare,
  .resolve = evade_resolve,
  .exact = evade_exact,
};

/* Break formation and move, and the pursuit (p.23) */

enum { BO_LIST_ALLOWS = 2 * U_N_INPUTS, BO_REGULAR_PURSUES };
enum { BO_OUT_MOVE, BO_OUT_PURSUIT, BO_OUT_RESULT };
enum { BO_P_TM, BO_P_FACE, BO_P_N, BO_P_PURSUES, BO_P_PURSUIT_TM, BO_P_PURSUIT_FACE,
       BO_P_PURSUIT_N, BO_P_TURNS_FACE };

static const MusterInputSpec break_off_inputs[] = {
  UNIT_INPUTS ("", N_("Breaking off: General Class"), N_("Breaking off: Order"),
               N_("Breaking off: Regular or Irregular"), N_("Breaking off: Fast"),
               MUSTER_UL_FOOT, MUSTER_UL_LOOSE, MUSTER_UL_REGULAR),
  UNIT_INPUTS ("enemy-", N_("Enemy: General Class"), N_("Enemy: Order"),
               N_("Enemy: Regular or Irregular"), N_("Enemy: Fast"),
               MUSTER_UL_FOOT, MUSTER_UL_LOOSE, MUSTER_UL_IRREGULAR),
  MUSTER_BOOL_INPUT ("list-allows", N_("Army list allows Close Order Foot to break off"),
                     N_("Regular Close Order Foot may break off only where its army list says so "
                        "(p.23 *)"), 0),
  MUSTER_BOOL_INPUT ("regular-pursues", N_("A Regular enemy pursues"),
                     N_("Irregulars must pursue; Regulars may"), 1),
};

static const MusterOutputSpec break_off_outputs[] = {
  { .id = "break-off-move", .label = N_("Break-off move (cm, TM + die)") },
  { .id = "pursuit-move", .label = N_("Pursuit move (cm, TM + die; 0 without pursuit)") },
  { .id = "result", .label = N_("Result"), .value_labels = break_off_results },
};

/* A unit moves back TM + a die and the enemy may follow TM + a die (break-off and pursuit,
 * repulse and follow-up): the first three outputs and params of both procedures. */
static gboolean
chase_prepare (MusterUlPlay         *play,
               const MusterRuleset  *ruleset,
               const int            *unit,
               const int            *enemy,
               const char           *back_row,
               const char           *chase_row,
               gboolean              regular_follows,
               GError              **error)
{
  play->param[BO_P_PURSUES] = enemy[U_STATUS] == MUSTER_UL_IRREGULAR || regular_follows;
  return move_with_die (play, ruleset, unit, back_row, &play->param[BO_P_TM],
                        &play->param[BO_P_FACE], &play->param[BO_P_N], error)
         && move_with_die (play, ruleset, enemy, chase_row, &play->param[BO_P_PURSUIT_TM],
                           &play->param[BO_P_PURSUIT_FACE], &play->param[BO_P_PURSUIT_N],
                           error);
}

static gboolean
break_off_prepare (MusterUlPlay         *play,
                   const MusterRuleset  *ruleset,
                   const int            *values,
                   GError              **error)
{
  const int *enemy = values + U_N_INPUTS;

  return may_break_off (values, values[BO_LIST_ALLOWS], enemy[U_CLASS], error)
         && chase_prepare (play, ruleset, values, enemy, "evade", "pursuit",
                           values[BO_REGULAR_PURSUES], error);
}

static void
break_off_resolve (const MusterUlPlay *play,
                   const int          *faces,
                   int                *outcome)
{
  const int *p = play->param;

  outcome[BO_OUT_MOVE] = p[BO_P_TM] + _muster_ul_sum_faces (faces, p[BO_P_FACE], p[BO_P_N]);
  outcome[BO_OUT_PURSUIT] = !p[BO_P_PURSUES] ? 0 :
    p[BO_P_PURSUIT_TM] + _muster_ul_sum_faces (faces, p[BO_P_PURSUIT_FACE], p[BO_P_PURSUIT_N]);
  /* They start in contact: the pursuers catch them if they cover the break-off move. */
  outcome[BO_OUT_RESULT] = p[BO_P_PURSUES] && outcome[BO_OUT_PURSUIT] >= outcome[BO_OUT_MOVE];
}

/* Break-off's exact outputs, and the first three of repulse's. */
static void
break_off_exact (const MusterUlPlay  *play,
                 const int           *values,
                 MusterDist         **outputs)
{
  const int *p = play->param;

  outputs[BO_OUT_MOVE] = move_dist (play, p[BO_P_TM], p[BO_P_FACE], p[BO_P_N]);
  if (p[BO_P_PURSUES])
    {
      g_autoptr(MusterJoint) joint = NULL;
      double p_greater, p_equal, p_less;

      outputs[BO_OUT_PURSUIT] = move_dist (play, p[BO_P_PURSUIT_TM], p[BO_P_PURSUIT_FACE],
                                           p[BO_P_PURSUIT_N]);
      muster_dist_compare (outputs[BO_OUT_PURSUIT], outputs[BO_OUT_MOVE], &p_greater, &p_equal,
                           &p_less);
      outputs[BO_OUT_RESULT] = muster_dist_new_bernoulli (MIN (p_greater + p_equal, 1.0));
    }
  else
    {
      outputs[BO_OUT_PURSUIT] = muster_dist_new_constant (0);
      outputs[BO_OUT_RESULT] = muster_dist_new_constant (0);
    }
}

const MusterProcedure muster_ul_break_off = {
  .system = MUSTER_UL_SYSTEM,
  .id = "break-off",
  .name = N_("Break formation and move"),
  .summary = N_("Breaking off from melee: the move back, the enemy's pursuit, and whether it "
                "catches them"),
  MUSTER_PROCEDURE_INPUT_SPECS (break_off_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (break_off_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_break_off_class = {
  .procedure = &muster_ul_break_off,
  .prepare = break_off_prepare,
  .resolve = break_off_resolve,
  .exact = break_off_exact,
};

/* Repulse and follow-up (p.25) */

static const char * const repulse_results[] = { N_("Contact broken"), N_("Contact kept"), NULL };

enum { RE_REGULAR_FOLLOWS = 2 * U_N_INPUTS };
enum { RE_OUT_TURNS = BO_OUT_RESULT + 1 };

static const MusterInputSpec repulse_inputs[] = {
  UNIT_INPUTS ("", N_("Repulsed: General Class"), N_("Repulsed: Order"),
               N_("Repulsed: Regular or Irregular"), N_("Repulsed: Fast"),
               MUSTER_UL_FOOT, MUSTER_UL_CLOSE, MUSTER_UL_REGULAR),
  UNIT_INPUTS ("opponent-", N_("Opponent: General Class"), N_("Opponent: Order"),
               N_("Opponent: Regular or Irregular"), N_("Opponent: Fast"),
               MUSTER_UL_FOOT, MUSTER_UL_LOOSE, MUSTER_UL_IRREGULAR),
  MUSTER_BOOL_INPUT ("regular-follows", N_("A Regular opponent follows up"),
                     N_("Irregular opponents must follow up, for 1d4 turns; Regulars may"), 1),
};

static const MusterOutputSpec repulse_outputs[] = {
  { .id = "repulse-move", .label = N_("Repulse move (cm, TM + die)") },
  { .id = "follow-up-move", .label = N_("Follow-up move (cm, TM + die; 0 without follow-up)") },
  { .id = "result", .label = N_("Result"), .value_labels = repulse_results },
  { .id = "turns", .label = N_("Turns an Irregular opponent must follow up") },
};

static gboolean
repulse_prepare (MusterUlPlay         *play,
                 const MusterRuleset  *ruleset,
                 const int            *values,
                 GError              **error)
{
  /* The book's 1d4 turns of compulsory follow-up: a rule's own die, not a table. */
  MusterUlDice turns = { 1, 4 };

  if (!chase_prepare (play, ruleset, values, values + U_N_INPUTS, "repulse", "follow-up",
                      values[RE_REGULAR_FOLLOWS], error))
    return FALSE;
  play->param[BO_P_TURNS_FACE] = -1;
  if (values[U_N_INPUTS + U_STATUS] == MUSTER_UL_IRREGULAR)
    play->param[BO_P_TURNS_FACE] = _muster_ul_play_add_dice (play, turns);
  return TRUE;
}

static void
repulse_resolve (const MusterUlPlay *play,
                 const int          *faces,
                 int                *outcome)
{
  int face = play->param[BO_P_TURNS_FACE];

  break_off_resolve (play, faces, outcome);
  outcome[RE_OUT_TURNS] = face < 0 ? 0 : faces[face];
}

static void
repulse_exact (const MusterUlPlay  *play,
               const int           *values,
               MusterDist         **outputs)
{
  int face;

  break_off_exact (play, values, outputs);
  face = play->param[BO_P_TURNS_FACE];
  outputs[RE_OUT_TURNS] = face < 0 ? muster_dist_new_constant (0) :
                                     muster_dist_new_die (play->layout.face_max[face]);
}

const MusterProcedure muster_ul_repulse = {
  .system = MUSTER_UL_SYSTEM,
  .id = "repulse",
  .name = N_("Repulse and follow-up"),
  .summary = N_("A unit that fails an integrity test moves back; does the opponent's follow-up "
                "keep contact?"),
  MUSTER_PROCEDURE_INPUT_SPECS (repulse_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (repulse_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_repulse_class = {
  .procedure = &muster_ul_repulse,
  .prepare = repulse_prepare,
  .resolve = repulse_resolve,
  .exact = repulse_exact,
};

/* Rally (p.26) */

enum { RA_STATUS, RA_IP_START, RA_IP, RA_CAP };
enum { RA_OUT_PHASES, RA_OUT_IP };
enum { RA_P_LENGTH_FACE, RA_P_LESS, RA_P_RECOVERY_FACE, RA_P_IP, RA_P_CAP };

static const MusterInputSpec rally_inputs[] = {
  MUSTER_CHOICE_INPUT ("status", N_("Regular or Irregular"),
                       N_("Irregulars rally for d6 − 2 phases, Regulars d4 − 2, at least one"),
                       muster_ul_status_ids, muster_ul_status_labels, MUSTER_UL_IRREGULAR),
  MUSTER_INT_INPUT ("ip-start", N_("Starting Integrity Points"),
                    N_("The vignette's IP at the start of the battle"), 1, 120, 17),
  MUSTER_INT_INPUT ("ip", N_("Current Integrity Points"), N_("Its IP when the rally begins"), -60,
                    120, 6),
  MUSTER_BOOL_INPUT ("cap", N_("No more than the starting IP"),
                     N_("The book does not cap the d8 recovered; by default IP never rises above "
                        "its start (X29)"), 1),
};

static const MusterOutputSpec rally_outputs[] = {
  { .id = "phases", .label = N_("Phases rallying") },
  { .id = "ip", .label = N_("IP after the rally") },
};

static gboolean
rally_prepare (MusterUlPlay         *play,
               const MusterRuleset  *ruleset,
               const int            *values,
               GError              **error)
{
  const char *row = muster_ul_status_ids[values[RA_STATUS]];
  MusterUlDice length, recovery;

  if (values[RA_IP] > values[RA_IP_START])
    return _muster_ul_refuse (error, _("the current IP (%d) is above the starting IP (%d)"),
                              values[RA_IP], values[RA_IP_START]);
  if (!_muster_ul_table_dice (ruleset, "rally", row, "length-die", &length, error)
      || !muster_table_read_int (ruleset, "rally", row, "length-less", &play->param[RA_P_LESS],
                                 error)
      || !_muster_ul_table_dice (ruleset, "rally", row, "recovery-die", &recovery, error))
    return FALSE;
  if (length.n != 1 || recovery.n != 1)
    return _muster_ul_refuse (error, "the rally table's dice must be single dice");
  play->param[RA_P_LENGTH_FACE] = _muster_ul_play_add_dice (play, length);
  play->param[RA_P_RECOVERY_FACE] = _muster_ul_play_add_dice (play, recovery);
  play->param[RA_P_IP] = values[RA_IP];
  play->param[RA_P_CAP] = values[RA_CAP] ? values[RA_IP_START] : G_MAXINT;
  return TRUE;
}

static int
rally_phases (int      roll,
              gpointer user_data)
{
  const int *p = user_data;

  return MAX (1, roll - p[RA_P_LESS]);
}

static int
rally_ip (int      roll,
          gpointer user_data)
{
  const int *p = user_data;

  return MIN (p[RA_P_IP] + roll, p[RA_P_CAP]);
}

static void
rally_resolve (const MusterUlPlay *play,
               const int          *faces,
               int                *outcome)
{
  gpointer p = (gpointer) play->param;

  outcome[RA_OUT_PHASES] = rally_phases (faces[play->param[RA_P_LENGTH_FACE]], p);
  outcome[RA_OUT_IP] = rally_ip (faces[play->param[RA_P_RECOVERY_FACE]], p);
}

static void
rally_exact (const MusterUlPlay  *play,
             const int           *values,
             MusterDist         **outputs)
{
  g_autoptr(MusterDist) length = NULL;
  g_autoptr(MusterDist) recovery = NULL;

  length = muster_dist_new_die (play->layout.face_max[play->param[RA_P_LENGTH_FACE]]);
  recovery = muster_dist_new_die (play->layout.face_max[play->param[RA_P_RECOVERY_FACE]]);
  outputs[RA_OUT_PHASES] = muster_dist_map (length, rally_phases, (gpointer) play->param);
  outputs[RA_OUT_IP] = muster_dist_map (recovery, rally_ip, (gpointer) play->param);
}

const MusterProcedure muster_ul_rally = {
  .system = MUSTER_UL_SYSTEM,
  .id = "rally",
  .name = N_("Rally"),
  .summary = N_("How long a rally takes and the IP it gives back"),
  MUSTER_PROCEDURE_INPUT_SPECS (rally_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (rally_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_rally_class = {
  .procedure = &muster_ul_rally,
  .prepare = rally_prepare,
  .resolve = rally_resolve,
  .exact = rally_exact,
};
