/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include <string.h>

#include "muster-system-ul-melee-private.h"

/*
 * Undying Lands: a charge and the whole melee that follows, phase after phase, with the
 * integrity tests, repulses and follow-ups between rounds (p.18–26). Too many branches to
 * enumerate, so it is only simulated; its first round is the exact melee-round.
 */

static const char * const engagement_results[] = {
  N_("Still fighting"), N_("A wins"), N_("B wins"), N_("Separated"), N_("Both broken"), NULL
};

enum {
  EN_DISORDER_RULE = 2 * S_N_INPUTS, EN_HILL_RULE, EN_A_UNSUPPORTED, EN_B_UNSUPPORTED,
  EN_FOLLOW_UP, EN_MAX_PHASES,
};
enum {
  EN_OUT_RESULT, EN_OUT_PHASES, EN_OUT_IP_A, EN_OUT_IP_B, EN_OUT_FIRST_LOSS_A,
  EN_OUT_FIRST_LOSS_B,
};
enum { RESULT_FIGHTING, RESULT_A_WINS, RESULT_B_WINS, RESULT_SEPARATED, RESULT_BOTH_BROKEN };

static const MusterInputSpec engagement_inputs[] = {
  MUSTER_UL_SIDE_INPUTS ("a-", A, 17, MUSTER_UL_FOOT, MUSTER_UL_LOOSE, MUSTER_UL_IRREGULAR,
                         WEAPON_SA, CHARGE_FANATIC),
  MUSTER_UL_SIDE_INPUTS ("b-", B, 30, MUSTER_UL_FOOT, MUSTER_UL_CLOSE, MUSTER_UL_REGULAR,
                         WEAPON_HFS, CHARGE_NONE),
  MUSTER_UL_RULE_INPUTS,
  MUSTER_BOOL_INPUT ("a-unsupported", N_("A: Unsupported"), N_("+2 to A's integrity tests"), 0),
  MUSTER_BOOL_INPUT ("b-unsupported", N_("B: Unsupported"), N_("+2 to B's integrity tests"), 0),
  MUSTER_BOOL_INPUT ("regular-follow-up", N_("Regulars follow up"),
                     N_("Irregulars must follow up a repulsed enemy; Regulars may"), 1),
  MUSTER_INT_INPUT ("max-phases", N_("Phases"), N_("Stop after this many phases of melee"), 1, 40,
                    8),
};

static const MusterOutputSpec engagement_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = engagement_results },
  { .id = "phases", .label = N_("Phases of melee") },
  { .id = "ip-a", .label = N_("A's IP at the end") },
  { .id = "ip-b", .label = N_("B's IP at the end") },
  { .id = "first-loss-a", .label = N_("IP lost by A in the first round") },
  { .id = "first-loss-b", .label = N_("IP lost by B in the first round") },
};

/* The state of one side between phases. */
typedef struct
{
  Side     side;
  int      tm;
  gboolean unsupported;
  gboolean repulsed_before;
  gboolean routed;
  gboolean repulsed;
} Fighter;

/* An integrity test with the modifiers the engagement knows of; returns 0, 1 or 2. */
static int
engagement_test (const MusterRuleset *ruleset,
                 Fighter             *me,
                 const Fighter       *them,
                 int                  extra,
                 MusterDice          *dice)
{
  int mod = extra, result;

  muster_table_add_int (ruleset, "integrity-modifiers", "opponents-more-ip", "value",
                        them->side.ip > me->side.ip, &mod, NULL);
  muster_table_add_int (ruleset, "integrity-modifiers", "unsupported", "value",
                        me->unsupported != 0, &mod, NULL);
  muster_table_add_int (ruleset, "integrity-modifiers", "repulsed-before", "value",
                        me->repulsed_before != 0, &mod, NULL);
  result = _muster_ul_integrity_result (muster_dice_roll (dice, MUSTER_UL_INTEGRITY_DIE) + mod,
                                        me->side.ip);
  me->routed = result == 2;
  me->repulsed = result >= 1;
  if (me->repulsed)
    {
      me->repulsed_before = TRUE;
      me->side.disordered = TRUE;
    }
  return result;
}

/* After a repulse, is contact kept? The opponent follows up (Irregulars must, Regulars may)
 * TM + its die against the repulsed side's TM + its die (p.25). */
static gboolean
follow_up_contacts (const MusterRuleset *ruleset,
                    const Fighter       *repulsed,
                    const Fighter       *follower,
                    gboolean             regulars_follow,
                    MusterDice          *dice)
{
  MusterUlDice back, chase;
  int away, reach;

  if (follower->repulsed
      || (follower->side.status == MUSTER_UL_REGULAR && !regulars_follow)
      || !_muster_ul_table_dice (ruleset, "displacement-dice", "repulse",
                                 muster_ul_class_ids[repulsed->side.klass], &back, NULL)
      || !_muster_ul_table_dice (ruleset, "displacement-dice", "follow-up",
                                 muster_ul_class_ids[follower->side.klass], &chase, NULL))
    return FALSE;
  away = repulsed->tm + _muster_ul_roll (dice, back);
  reach = follower->tm + _muster_ul_roll (dice, chase);
  return reach >= away;
}

static gboolean
contact_test_due (const Fighter *me,
                  const Fighter *them,
                  int           *extra)
{
  const Side *s = &me->side, *t = &them->side;
  gboolean loose_foot = s->klass == MUSTER_UL_FOOT && s->order != MUSTER_UL_CLOSE;

  *extra = 0;
  if (!_muster_ul_is_charging (t))
    return FALSE;
  /* Trigger c, and its +3 when the chargers are Behemoth or Mounted. */
  if (loose_foot && t->klass != MUSTER_UL_FOOT)
    {
      *extra = t->klass == MUSTER_UL_BEHEMOTH || t->klass == MUSTER_UL_MOUNTED ? 3 : 0;
      return TRUE;
    }
  /* Trigger b. */
  return t->klass == MUSTER_UL_BEHEMOTH && s->klass != MUSTER_UL_BEHEMOTH;
}

/* The two sides as the inputs give them, with their move rates; FALSE if the rules do not
 * allow them together (a fanatic charge by Regulars). */
static gboolean
read_fighters (const MusterRuleset  *ruleset,
               const int            *values,
               Fighter               f[2],
               GError              **error)
{
  memset (f, 0, 2 * sizeof (Fighter));
  for (guint s = 0; s < 2; s++)
    {
      _muster_ul_side_from_values (&f[s].side, values + s * S_N_INPUTS);
      f[s].unsupported = values[EN_A_UNSUPPORTED + s];
      if (!_muster_ul_move_rate (ruleset, f[s].side.klass, f[s].side.order, FALSE, &f[s].tm,
                                 error))
        return FALSE;
    }
  return _muster_ul_check_charges (&f[0].side, &f[1].side, error);
}

/* One engagement from the sides @sides as read_fighters() gave them */
static void
play (const MusterProcedure *procedure,
      const MusterRuleset   *ruleset,
      const int             *values,
      const Fighter          sides[2],
      MusterDice            *dice,
      int                   *outcome)
{
  g_autoptr(GError) error = NULL;
  Fighter f[2] = { sides[0], sides[1] };
  int phase = 0, result = RESULT_FIGHTING;

  memset (outcome, 0, procedure->n_outputs * sizeof (int));
  /* Declaring a fanatic charge takes a test passed by five; failing it, the vignette charges
   * normally (X19). */
  for (guint s = 0; s < 2; s++)
    if (f[s].side.charge == CHARGE_FANATIC)
      {
        int mod = 0;

        muster_table_add_int (ruleset, "integrity-modifiers", "unsupported", "value",
                              f[s].unsupported != 0, &mod, NULL);
        if (muster_dice_roll (dice, MUSTER_UL_INTEGRITY_DIE) + mod
            > f[s].side.ip - MUSTER_UL_FANATIC_MARGIN)
          f[s].side.charge = CHARGE_CHARGE;
      }

  /* Tests on contact (triggers b and c); a failure repulses before any blow. */
  for (guint s = 0; s < 2; s++)
    {
      int extra;

      if (contact_test_due (&f[s], &f[1 - s], &extra))
        engagement_test (ruleset, &f[s], &f[1 - s], extra, dice);
    }

  while (result == RESULT_FIGHTING && phase < values[EN_MAX_PHASES])
    {
      int inflicted[2], start[2] = { f[0].side.ip, f[1].side.ip };

      if (f[0].routed || f[1].routed || f[0].repulsed || f[1].repulsed)
        {
          gboolean kept = TRUE;

          if (f[0].routed || f[1].routed)
            {
              result = f[0].routed && f[1].routed ? RESULT_BOTH_BROKEN :
                       f[1].routed ? RESULT_A_WINS : RESULT_B_WINS;
              break;
            }
          for (guint s = 0; s < 2; s++)
            if (f[s].repulsed)
              kept = kept && follow_up_contacts (ruleset, &f[s], &f[1 - s],
                                                 values[EN_FOLLOW_UP], dice);
          if (!kept)
            {
              result = RESULT_SEPARATED;
              break;
            }
          f[0].repulsed = f[1].repulsed = FALSE;
        }

      for (guint s = 0; s < 2; s++)
        {
          Score score;

          if (!_muster_ul_side_score (ruleset, &f[s].side, &f[1 - s].side, phase == 0,
                                      values[EN_DISORDER_RULE] == 1,
                                      values[EN_HILL_RULE] == 1, &score, &error))
            {
              g_warning_once ("%s %s: %s", procedure->system, procedure->id, error->message);
              return;
            }
          inflicted[s] = _muster_ul_score_value (&score, _muster_ul_roll (dice, score.dice));
        }
      if (phase == 0)
        {
          outcome[EN_OUT_FIRST_LOSS_A] = inflicted[1];
          outcome[EN_OUT_FIRST_LOSS_B] = inflicted[0];
        }
      phase++;
      for (guint s = 0; s < 2; s++)
        {
          f[s].side.ip -= inflicted[1 - s];
          f[s].side.charge = CHARGE_NONE;
          if (inflicted[1 - s] >= _muster_ul_disorder_threshold (start[s]))
            f[s].side.disordered = TRUE;
        }
      /* Trigger a: a vignette that has lost all its IPs tests every phase (X21). */
      for (guint s = 0; s < 2; s++)
        if (f[s].side.ip <= 0)
          engagement_test (ruleset, &f[s], &f[1 - s], 0, dice);
      if (f[0].routed || f[1].routed)
        result = f[0].routed && f[1].routed ? RESULT_BOTH_BROKEN :
                 f[1].routed ? RESULT_A_WINS : RESULT_B_WINS;
    }

  outcome[EN_OUT_RESULT] = result;
  outcome[EN_OUT_PHASES] = phase;
  outcome[EN_OUT_IP_A] = f[0].side.ip;
  outcome[EN_OUT_IP_B] = f[1].side.ip;
}

static void
engagement_sample (const MusterProcedure *procedure,
                   const MusterRuleset   *ruleset,
                   const int             *values,
                   MusterDice            *dice,
                   int                   *outcome)
{
  g_autoptr(GError) error = NULL;
  Fighter f[2];

  if (!read_fighters (ruleset, values, f, &error))
    {
      /* The sampler cannot report an error: warn once, not once per trial. */
      g_warning_once ("%s %s: %s", procedure->system, procedure->id, error->message);
      memset (outcome, 0, procedure->n_outputs * sizeof (int));
      return;
    }
  play (procedure, ruleset, values, f, dice, outcome);
}

/* What a simulation plays from: the sides read and checked once before the trials, so that
 * inputs the rules do not allow together are refused with their reason instead of each trial
 * failing in silence. */
typedef struct
{
  const MusterRuleset *ruleset;
  Fighter              sides[2];
  int                  values[];
} Prepared;

static gpointer
engagement_prepare (const MusterProcedure  *procedure,
                    const MusterRuleset    *ruleset,
                    const int              *values,
                    GError                **error)
{
  Prepared *prepared = g_malloc (sizeof *prepared + procedure->n_inputs * sizeof (int));

  if (!read_fighters (ruleset, values, prepared->sides, error))
    {
      g_free (prepared);
      return NULL;
    }
  prepared->ruleset = ruleset;
  memcpy (prepared->values, values, procedure->n_inputs * sizeof (int));
  return prepared;
}

static void
engagement_sample_prepared (const MusterProcedure *procedure,
                            gconstpointer          data,
                            MusterDice            *dice,
                            int                   *outcome)
{
  const Prepared *prepared = data;

  play (procedure, prepared->ruleset, prepared->values, prepared->sides, dice, outcome);
}

const MusterProcedure muster_ul_engagement = {
  .system = MUSTER_UL_SYSTEM,
  .id = "engagement",
  .name = N_("Charge and melee"),
  .summary = N_("A charge and the melee that follows, phase after phase, with the integrity tests, "
                "repulses and follow-ups, until one side breaks or they part (vignettes not Fast)"),
  MUSTER_PROCEDURE_INPUT_SPECS (engagement_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (engagement_outputs),
  .exact = NULL,
  .sample = engagement_sample,
  .prepare = engagement_prepare,
  .sample_prepared = engagement_sample_prepared,
  .free_prepared = g_free,
};
