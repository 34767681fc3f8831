/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include <math.h>

#include "muster-system-ul-private.h"

/*
 * Undying Lands integrity tests (p.24–25), and the fanatic-charge test that is one of them
 * (p.18).
 */

/* Integrity test (p.24–25) */

static const char * const flank_ids[] = { "none", "close-stronger", "other", NULL };
static const char * const flank_labels[] = {
  N_("Not contacted in flank or rear"),
  N_("Close Order, contacted by an enemy with equal or greater IP"),
  /* xgettext:no-c-format */
  N_("Contacted by an enemy with at least 25% of its IP"), NULL
};
static const char * const integrity_results[] = { N_("Pass"), N_("Repulsed"), N_("Routed"), NULL };

enum {
  IT_IP, IT_CLASS, IT_ORDER, IT_FAST, IT_CHARGED, IT_STRONGER, IT_UNSUPPORTED, IT_REPULSED,
  IT_FLANK, IT_VIGNETTES,
};
enum { IT_OUT_RESULT, IT_OUT_DISTANCE, IT_OUT_TU, IT_OUT_ROUTED };
enum { IT_P_MOD, IT_P_IP, IT_P_TM, IT_P_TEST_FACE, IT_P_MOVE_FACE, IT_P_MOVE_N, IT_P_VIGNETTES };

static const MusterInputSpec integrity_inputs[] = {
  MUSTER_INT_INPUT ("ip", NC_("procedure", "Integrity Points"),
                    N_("The vignette's current IP; it may be 0 or below in play"), -60, 120, 10),
  MUSTER_CHOICE_INPUT ("class", N_("General Class"), N_("Sets the repulse move"),
                       muster_ul_class_ids, muster_ul_class_labels, MUSTER_UL_FOOT),
  MUSTER_CHOICE_INPUT ("order", N_("Order"),
                       N_("Close, Loose or Open Order; sets the repulse move and which flank "
                          "modifier applies"),
                       muster_ul_order_ids, muster_ul_order_labels, MUSTER_UL_CLOSE),
  MUSTER_BOOL_INPUT ("fast", N_("Fast"),
                     N_("Loose or Open Order only: adds to the Tactical Move of the repulse"), 0),
  MUSTER_BOOL_INPUT ("charged-by-mounted",
                     N_("Loose/Open Order foot charged by Behemoth or mounted"),
                     N_("+3; only for Loose or Open Order Foot"), 0),
  MUSTER_BOOL_INPUT ("opponents-stronger", N_("Melee opponents have more Integrity Points"),
                     N_("+2"), 0),
  MUSTER_BOOL_INPUT ("unsupported", N_("The Tactical Unit considers itself Unsupported"),
                     N_("+2. Close Order: no friendly Close Order within 10 cm left or right and "
                        "20 cm front or rear; Loose or Open Order: no friends within 30 cm. Other "
                        "vignettes of the TU count as support (X22)"), 0),
  MUSTER_BOOL_INPUT ("repulsed-before", N_("The Tactical Unit has previously been Repulsed"),
                     N_("+5; once repulsed, always (X30)"), 0),
  MUSTER_CHOICE_INPUT ("flank-rear", N_("Contacted to its flank or rear"),
                       /* xgettext:no-c-format */
                       N_("+10 for Close Order contacted by an enemy TU with equal or greater IP; "
                          "+5 for any other TU but Open Order contacted by an enemy with at least "
                          "25% of its IP"), flank_ids, flank_labels, 0),
  MUSTER_INT_INPUT ("vignettes", N_("Vignettes testing"),
                    N_("Each vignette of the TU tests against its own IP (here all alike); if any "
                       "fails the whole TU is repulsed, and only those that rout are removed "
                       "(X20)"), 1, 8, 1),
};

static const char * const tu_results[] = { N_("Pass"), N_("Repulsed"), NULL };

static const MusterOutputSpec integrity_outputs[] = {
  { .id = "result", .label = N_("One vignette's result"), .value_labels = integrity_results },
  { .id = "repulse-move", .label = N_("Repulse move (cm, TM + die)") },
  { .id = "tu-result", .label = N_("The Tactical Unit"), .value_labels = tu_results },
  { .id = "routed", .label = N_("Vignettes routed") },
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
    return _muster_ul_refuse (error, _("the +3 for being charged by Behemoth or mounted is for "
                                "Loose or Open Order Foot only"));
  if (flank == 1 && order != MUSTER_UL_CLOSE)
    return _muster_ul_refuse (error, _("the +10 flank or rear modifier is for Close Order only"));
  if (flank == 2 && order == MUSTER_UL_OPEN)
    return _muster_ul_refuse (error, _("Open Order takes no flank or rear modifier"));

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (!muster_table_add_int (ruleset, "integrity-modifiers", rows[i], "value", applies[i] != 0,
                               total, error))
      return FALSE;
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
  MusterUlDice test = { 1, MUSTER_UL_INTEGRITY_DIE }, move;

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
  const int die = MUSTER_UL_INTEGRITY_DIE;
  int fail = CLAMP (die - (ip - mod), 0, die);
  int rout = CLAMP (mod - ip + 1 + die - MUSTER_UL_ROUT_MARGIN, 0, die);
  double weights[3];

  weights[0] = (double) (die - fail) / die;
  weights[1] = (double) (fail - rout) / die;
  weights[2] = (double) rout / die;
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

static void
integrity_exact (const MusterUlPlay  *play,
                 const int           *values,
                 MusterDist         **outputs)
{
  g_autoptr(MusterDist) move = NULL;
  MusterUlDice die;
  RepulseData data;
  double pass;

  die.n = play->param[IT_P_MOVE_N];
  die.sides = play->layout.face_max[play->param[IT_P_MOVE_FACE]];
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
}

const MusterProcedure muster_ul_integrity_test = {
  .system = MUSTER_UL_SYSTEM,
  .id = "integrity-test",
  .name = N_("Integrity test"),
  .summary = N_("d10 plus modifiers against the vignette's IP: over it is a repulse, over it by 10 "
                "a rout"),
  MUSTER_PROCEDURE_INPUT_SPECS (integrity_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (integrity_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_integrity_test_class = {
  .procedure = &muster_ul_integrity_test,
  .prepare = integrity_prepare,
  .resolve = integrity_resolve,
  .exact = integrity_exact,
};

/* Fanatic charge (p.18): an integrity test passed by five */

static const char * const fanatic_fail_ids[] = { "charge", "test", NULL };
static const char * const fanatic_fail_labels[] = {
  N_("Charges normally, no repulse (X19)"), N_("Repulsed or routed as by any failed test"), NULL
};
static const char * const fanatic_results[] = {
  N_("Fanatic charge"), N_("Normal charge"), N_("Repulsed"), N_("Routed"), NULL
};

enum { FC_IP, FC_CLASS, FC_ORDER, FC_STATUS, FC_UNSUPPORTED, FC_REPULSED, FC_ON_FAIL };
enum { FC_P_MOD, FC_P_IP, FC_P_ON_FAIL, FC_P_FACE };

static const MusterInputSpec fanatic_inputs[] = {
  MUSTER_INT_INPUT ("ip", NC_("procedure", "Integrity Points"), N_("The vignette's current IP"), -60, 120, 17),
  MUSTER_CHOICE_INPUT ("class", N_("General Class"), N_("Behemoths may always fanatic-charge"),
                       muster_ul_class_ids, muster_ul_class_labels, MUSTER_UL_FOOT),
  MUSTER_CHOICE_INPUT ("order", N_("Order"),
                       N_("Irregular Close or Loose Order troops may fanatic-charge"),
                       muster_ul_order_ids, muster_ul_order_labels, MUSTER_UL_LOOSE),
  MUSTER_CHOICE_INPUT ("status", N_("Regular or Irregular"),
                       N_("Only Irregulars (and Behemoths) may fanatic-charge"),
                       muster_ul_status_ids, muster_ul_status_labels, MUSTER_UL_IRREGULAR),
  MUSTER_BOOL_INPUT ("unsupported", N_("The Tactical Unit considers itself Unsupported"),
                     N_("+2 to the test"), 0),
  MUSTER_BOOL_INPUT ("repulsed-before", N_("The Tactical Unit has previously been Repulsed"),
                     N_("+5 to the test"), 0),
  MUSTER_CHOICE_INPUT ("on-fail", N_("A vignette that fails"),
                       N_("The book does not say what a failed fanatic test does; by default the "
                          "vignette charges normally "
                          "(X19)"), fanatic_fail_ids, fanatic_fail_labels, 0),
};

static const MusterOutputSpec fanatic_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = fanatic_results },
};

static gboolean
fanatic_prepare (MusterUlPlay         *play,
                 const MusterRuleset  *ruleset,
                 const int            *values,
                 GError              **error)
{
  gboolean applies[4] = { FALSE, FALSE, values[FC_UNSUPPORTED], values[FC_REPULSED] };
  MusterUlDice test = { 1, MUSTER_UL_INTEGRITY_DIE };

  if (values[FC_CLASS] != MUSTER_UL_BEHEMOTH
      && (values[FC_STATUS] != MUSTER_UL_IRREGULAR || values[FC_ORDER] == MUSTER_UL_OPEN))
    return _muster_ul_refuse (error, _("only Irregular Close or Loose Order troops and Behemoths "
                                "may fanatic-charge"));
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

  if (roll <= p[FC_P_IP] - MUSTER_UL_FANATIC_MARGIN)
    outcome[0] = 0;
  else if (p[FC_P_ON_FAIL] == 0)
    outcome[0] = 1;
  else
    outcome[0] = 1 + _muster_ul_integrity_result (roll, p[FC_P_IP]);
}

static void
fanatic_exact (const MusterUlPlay  *play,
               const int           *values,
               MusterDist         **outputs)
{
  double weights[4] = { 0 };
  int ip, mod, pass;

  ip = values[FC_IP];
  mod = play->param[FC_P_MOD];
  /* P(pass) = clamp(IP − M − 5, 0, 10)/10 (§7.2). */
  pass = CLAMP (ip - mod - MUSTER_UL_FANATIC_MARGIN, 0, MUSTER_UL_INTEGRITY_DIE);
  weights[0] = (double) pass / MUSTER_UL_INTEGRITY_DIE;
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
}

const MusterProcedure muster_ul_fanatic_charge = {
  .system = MUSTER_UL_SYSTEM,
  .id = "fanatic-charge",
  .name = N_("Fanatic charge test"),
  .summary = N_("The integrity test a vignette must pass by five to fanatic-charge (+4 and "
                "1.5 × TM)"),
  MUSTER_PROCEDURE_INPUT_SPECS (fanatic_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (fanatic_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_fanatic_charge_class = {
  .procedure = &muster_ul_fanatic_charge,
  .prepare = fanatic_prepare,
  .resolve = fanatic_resolve,
  .exact = fanatic_exact,
};
