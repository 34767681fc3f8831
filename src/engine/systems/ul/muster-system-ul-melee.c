/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "muster-system-ul-melee-private.h"

/*
 * Undying Lands melee, TA4 (p.20–21) and its results (p.24–26).
 *
 * A vignette's score is its weapon's value against the opponent's General Class, plus the
 * "at first contact" value in the first round, plus its proficiency die, plus the tactical
 * factors; at least 0, then halved (rounded down) for Open Order. The score is the IP its
 * opponent loses. Both sides roll and lose at the same time, so one round's two losses are
 * independent given the state before it (§14); recoil compares the TU totals.
 *
 * melee-round is one round, exact. engagement plays a whole melee, round after round with the
 * integrity tests, repulses and follow-ups between them, and is only simulated.
 */

const char * const _muster_ul_weapon_ids[] = {
  "lance", "2hpw", "2hw", "m2hw", "sa", "hfs", "pike", "spear", NULL
};
const char * const _muster_ul_weapon_labels[] = {
  N_("Lance"), N_("2HPW"), N_("2HW"), N_("M2HW"), N_("SA / NC"), N_("HFS"), N_("Pike"), N_("Spear"),
  NULL
};
/* The rows of the melee-weapons table, in the order of _muster_ul_weapon_ids. */
static const char * const weapon_rows[] = {
  "lance", "polearm-2h", "weapon-2h", "massive-2h", "sa", "hfs", "pike", "spear",
};
const char * const _muster_ul_charge_ids[] = {
  "none", "charge", "counter-charge", "fanatic", NULL
};
const char * const _muster_ul_charge_labels[] = {
  N_("Stands"), N_("Charging"), N_("Counter-charging"), N_("Fanatic charging"), NULL
};
const char * const _muster_ul_higher_ids[] = { "level", "gentle-hill", "steep", NULL };
const char * const _muster_ul_higher_labels[] = {
  N_("Level with its opponent"), N_("Higher up a Gentle Hill"), N_("Higher up a steep slope"), NULL
};
static const char * const round_ids[] = { "first", "later", NULL };
static const char * const round_labels[] = { N_("First contact"), N_("A later round"), NULL };
const char * const _muster_ul_disorder_rule_ids[] = { "largest", "all", NULL };
const char * const _muster_ul_disorder_rule_labels[] = {
  N_("Only the largest disorder row (X8)"), N_("Every disorder row that fits"), NULL
};
const char * const _muster_ul_hill_rule_ids[] = { "single", "both", NULL };
const char * const _muster_ul_hill_rule_labels[] = {
  N_("Gentle Hill −2, steep slope −1 (X9)"), N_("Both rows on a Gentle Hill"), NULL
};
static const char * const recoil_labels[] = { N_("No recoil"), N_("A recoils"), N_("B recoils"),
  NULL };
static const char * const disorder_labels[] = { N_("No"), N_("Disordered"), NULL };

/* The defaults are the book's second example: Galatians fanatic-charge Romans. */
enum { IN_ROUND = 2 * S_N_INPUTS, IN_PAIRS, IN_DISORDER_RULE, IN_HILL_RULE };

static const MusterInputSpec round_inputs[] = {
  MUSTER_UL_SIDE_INPUTS ("a-", A, 17, MUSTER_UL_FOOT, MUSTER_UL_LOOSE, MUSTER_UL_IRREGULAR,
                         WEAPON_SA, CHARGE_FANATIC),
  MUSTER_UL_SIDE_INPUTS ("b-", B, 30, MUSTER_UL_FOOT, MUSTER_UL_CLOSE, MUSTER_UL_REGULAR,
                         WEAPON_HFS, CHARGE_NONE),
  /* "Round" is a gun's ammunition in the other systems: here it is a round of melee */
  MUSTER_CHOICE_INPUT ("round", NC_("procedure:undying-lands", "Round"),
                       N_("First contact counts the charge bonuses and the first-contact weapon "
                          "values"), round_ids, round_labels, 0),
  MUSTER_INT_INPUT ("pairs", N_("Vignettes in contact"),
                    N_("Pairs of vignettes like these fighting; losses and recoil are TU "
                       "totals"), 1, 4, 1),
  MUSTER_UL_RULE_INPUTS,
};

enum { OUT_LOSS_A, OUT_LOSS_B, OUT_RECOIL, OUT_RECOIL_MOVE, OUT_DISORDER_A, OUT_DISORDER_B };

static const MusterOutputSpec round_outputs[] = {
  { .id = "loss-a", .label = N_("IP lost by A") },
  { .id = "loss-b", .label = N_("IP lost by B") },
  { .id = "recoil", .label = N_("Recoil"), .value_labels = recoil_labels },
  { .id = "recoil-move", .label = N_("Recoil move (cm)") },
  /* xgettext:no-c-format */
  { .id = "disordered-a", .label = N_("A loses 50% of its IP"), .value_labels = disorder_labels },
  /* xgettext:no-c-format */
  { .id = "disordered-b", .label = N_("B loses 50% of its IP"), .value_labels = disorder_labels },
};

void
_muster_ul_side_from_values (Side      *side,
                             const int *values)
{
  side->klass = values[S_CLASS];
  side->order = values[S_ORDER];
  side->status = values[S_STATUS];
  side->weapon = values[S_WEAPON];
  side->proficiency = values[S_PROFICIENCY];
  side->ip = values[S_IP];
  side->charge = values[S_CHARGE];
  side->disordered = values[S_DISORDERED];
  side->flank = values[S_FLANK];
  side->higher = values[S_HIGHER];
}

gboolean
_muster_ul_is_charging (const Side *side)
{
  return side->charge == CHARGE_CHARGE || side->charge == CHARGE_FANATIC;
}

/* The charge rules of TA1 and TA2 (§7.2–7.3) that bear on the melee score. */
gboolean
_muster_ul_check_charges (const Side  *a,
                          const Side  *b,
                          GError     **error)
{
  const Side *sides[2] = { a, b };

  if (_muster_ul_is_charging (a) && _muster_ul_is_charging (b))
    return _muster_ul_refuse (error, _("only one side charges; the other stands or "
                                "counter-charges"));
  for (guint i = 0; i < 2; i++)
    {
      const Side *me = sides[i], *them = sides[1 - i];

      if (me->charge == CHARGE_FANATIC && me->klass != MUSTER_UL_BEHEMOTH
          && (me->status != MUSTER_UL_IRREGULAR || me->order == MUSTER_UL_OPEN))
        return _muster_ul_refuse (error, _("only Irregular Close or Loose Order troops and "
                                    "Behemoths may fanatic-charge"));
      if (me->charge == CHARGE_CHARGE && me->order != MUSTER_UL_CLOSE
          && them->klass != MUSTER_UL_FOOT)
        return _muster_ul_refuse (error, _("Loose or Open Order troops may not charge Mounted, "
                                    "Leviathan or Behemoth"));
      /* The digest's merged response rules would have Regular Close Order Foot always stand
       * and nobody counter-charge Mounted, but the book's own pike example (p.20) has Regular
       * Close Order pikes counter-charging Mounted: the score allows what the example does. */
      if (me->charge == CHARGE_COUNTER && !_muster_ul_is_charging (them))
        return _muster_ul_refuse (error, _("a counter-charge needs a charge to meet"));
      if (me->flank && them->order != MUSTER_UL_CLOSE)
        return _muster_ul_refuse (error, _("the +3 for a flank or rear contact is against Close "
                                    "Order only"));
    }
  return TRUE;
}

static gboolean
add_factor (const MusterRuleset  *ruleset,
            const char           *row,
            gboolean              applies,
            int                  *total,
            GError              **error)
{
  return muster_table_add_int (ruleset, "melee-factors", row, "value", applies != 0, total,
                               error);
}

/* The disorder rows (X8): by default only the largest that fits. */
static gboolean
add_disorder (const MusterRuleset  *ruleset,
              const Side           *me,
              gboolean              every_row,
              int                  *total,
              GError              **error)
{
  gboolean close = me->order == MUSTER_UL_CLOSE;
  gboolean mounted = me->klass == MUSTER_UL_MOUNTED;

  if (!me->disordered)
    return TRUE;
  if (!every_row)
    return add_factor (ruleset, close ? "disordered-close" :
                       mounted ? "disordered-mounted" : "disordered-loose-open", TRUE,
                       total, error);
  return add_factor (ruleset, "disordered-close", close, total, error)
         && add_factor (ruleset, "disordered-mounted", close || mounted, total, error)
         && add_factor (ruleset, "disordered-loose-open", !close, total, error);
}

gboolean
_muster_ul_side_score (const MusterRuleset  *ruleset,
                       const Side           *me,
                       const Side           *them,
                       gboolean              first,
                       gboolean              every_disorder_row,
                       gboolean              both_hill_rows,
                       Score                *score,
                       GError              **error)
{
  const char *order = muster_ul_order_ids[me->order];
  /* X11: a Lance is only effective in the first round; the vignette then fights with SA. */
  int weapon = me->weapon == WEAPON_LANCE && !first ? WEAPON_SA : me->weapon;
  const char *row = weapon_rows[weapon];
  int value, mod = 0;
  gboolean gentle = them->higher == HIGHER_GENTLE;
  gboolean steep = them->higher == HIGHER_STEEP;
  gboolean charging = _muster_ul_is_charging (me);

  if (!_muster_ul_table_dice (ruleset, "melee-proficiency",
                              muster_ul_proficiency_ids[me->proficiency],
                              muster_ul_status_ids[me->status], &score->dice, error)
      || !muster_table_read_int (ruleset, "melee-weapons", row,
                                 them->klass == MUSTER_UL_FOOT ? "vs-foot" : "vs-other",
                                 &value, error))
    return FALSE;
  mod += value;
  if (!muster_table_add_int (ruleset, "melee-weapons", row, "first-contact", first != 0, &mod,
                             error))
    return FALSE;

  /* The tactical factors in the book's order. */
  if (!add_factor (ruleset, "lost-all-ip", me->ip <= 0, &mod, error)
      || !add_disorder (ruleset, me, every_disorder_row, &mod, error)
      || !add_factor (ruleset, "opponent-gentle-hill", gentle, &mod, error)
      || !add_factor (ruleset, "opponent-more-ip", them->ip > me->ip, &mod, error)
      || !add_factor (ruleset, "fighting-uphill", steep || (gentle && both_hill_rows), &mod,
                      error)
      || !add_factor (ruleset, "behemoth-charging",
                      first && charging && me->klass == MUSTER_UL_BEHEMOTH
                      && (them->klass == MUSTER_UL_MOUNTED
                          || (them->klass == MUSTER_UL_FOOT && them->order == MUSTER_UL_CLOSE)),
                      &mod, error)
      || !add_factor (ruleset, "charging", first && me->charge != CHARGE_NONE, &mod, error)
      || !add_factor (ruleset, "irregular-loose-foot-charging",
                      first && charging && me->status == MUSTER_UL_IRREGULAR
                      && me->order == MUSTER_UL_LOOSE && me->klass == MUSTER_UL_FOOT,
                      &mod, error)
      || !add_factor (ruleset, "mounted-vs-loose-foot",
                      me->klass == MUSTER_UL_MOUNTED && them->klass == MUSTER_UL_FOOT
                      && them->order != MUSTER_UL_CLOSE, &mod, error)
      || !add_factor (ruleset, "flank-rear", me->flank && them->order == MUSTER_UL_CLOSE, &mod,
                      error)
      || !add_factor (ruleset, "fanatic", first && me->charge == CHARGE_FANATIC, &mod, error)
      || !muster_table_read_int (ruleset, "order-scale", order, "melee-numerator",
                                 &score->numerator, error)
      || !muster_table_read_int (ruleset, "order-scale", order, "melee-denominator",
                                 &score->denominator, error))
    return FALSE;
  if (score->numerator < 0 || score->denominator <= 0)
    return _muster_ul_refuse (error, "the order-scale table's fraction for %s is not valid",
                              order);
  score->mod = mod;
  return TRUE;
}

int
_muster_ul_score_value (const Score *score,
                        int          roll)
{
  return MAX (roll + score->mod, 0) * score->numerator / score->denominator;
}

static MusterDist *
score_dist (const Score *score)
{
  g_autoptr(MusterDist) roll = _muster_ul_dice_dist (score->dice);
  g_autoptr(MusterDist) clamped = muster_dist_shift_clamp (roll, score->mod, 0,
                                                           MUSTER_DIST_MAX_VALUE);

  return muster_dist_scale (clamped, score->numerator, score->denominator, MUSTER_ROUND_DOWN);
}

/* Disordered by losing 50% of the IP it had at the start of the phase (p.26, X28). */
int
_muster_ul_disorder_threshold (int ip_total)
{
  return MAX (1, (MAX (ip_total, 0) + 1) / 2);
}

/* melee-round: the play keeps per side, at offset 0 (A) and SP_N (B): */
enum {
  SP_N, SP_FACE, SP_MOD, SP_NUMERATOR, SP_DENOMINATOR, SP_RECOIL_FACE, SP_RECOIL_N,
  SP_THRESHOLD, SP_PARAMS
};
enum { P_PAIRS = 2 * SP_PARAMS };

static gboolean
round_prepare (MusterUlPlay         *play,
               const MusterRuleset  *ruleset,
               const int            *values,
               GError              **error)
{
  Side sides[2];
  int pairs = values[IN_PAIRS];

  _muster_ul_side_from_values (&sides[0], values);
  _muster_ul_side_from_values (&sides[1], values + S_N_INPUTS);
  if (!_muster_ul_check_charges (&sides[0], &sides[1], error))
    return FALSE;

  play->param[P_PAIRS] = pairs;
  for (guint s = 0; s < 2; s++)
    {
      int *p = play->param + s * SP_PARAMS;
      Score score;

      if (!_muster_ul_side_score (ruleset, &sides[s], &sides[1 - s], values[IN_ROUND] == 0,
                                  values[IN_DISORDER_RULE] == 1, values[IN_HILL_RULE] == 1, &score,
                                  error))
        return FALSE;
      p[SP_N] = score.dice.n;
      p[SP_MOD] = score.mod;
      p[SP_NUMERATOR] = score.numerator;
      p[SP_DENOMINATOR] = score.denominator;
      p[SP_THRESHOLD] = _muster_ul_disorder_threshold (pairs * sides[s].ip);
      p[SP_FACE] = play->layout.n_faces;
      for (int k = 0; k < pairs; k++)
        _muster_ul_play_add_dice (play, score.dice);
    }
  for (guint s = 0; s < 2; s++)
    {
      int *p = play->param + s * SP_PARAMS;
      MusterUlDice die;

      if (!_muster_ul_table_dice (ruleset, "displacement-dice", "recoil",
                                  muster_ul_class_ids[sides[s].klass], &die, error))
        return FALSE;
      p[SP_RECOIL_N] = die.n;
      p[SP_RECOIL_FACE] = _muster_ul_play_add_dice (play, die);
    }
  return TRUE;
}

static Score
score_from_params (const MusterUlPlay *play,
                   const int          *p)
{
  Score score = {
    { p[SP_N], play->layout.face_max[p[SP_FACE]] }, p[SP_MOD], p[SP_NUMERATOR], p[SP_DENOMINATOR],
  };

  return score;
}

static void
round_resolve (const MusterUlPlay *play,
               const int          *faces,
               int                *outcome)
{
  int inflicted[2];

  for (guint s = 0; s < 2; s++)
    {
      const int *p = play->param + s * SP_PARAMS;
      Score score = score_from_params (play, p);

      inflicted[s] = 0;
      for (int k = 0; k < play->param[P_PAIRS]; k++)
        {
          int roll = _muster_ul_sum_faces (faces, p[SP_FACE] + k * p[SP_N], p[SP_N]);

          inflicted[s] += _muster_ul_score_value (&score, roll);
        }
    }
  outcome[OUT_LOSS_A] = inflicted[1];
  outcome[OUT_LOSS_B] = inflicted[0];
  outcome[OUT_RECOIL] = inflicted[1] > inflicted[0] ? 1 : inflicted[0] > inflicted[1] ? 2 : 0;
  outcome[OUT_RECOIL_MOVE] = 0;
  if (outcome[OUT_RECOIL] != 0)
    {
      const int *p = play->param + (outcome[OUT_RECOIL] - 1) * SP_PARAMS;

      outcome[OUT_RECOIL_MOVE] = _muster_ul_sum_faces (faces, p[SP_RECOIL_FACE], p[SP_RECOIL_N]);
    }
  outcome[OUT_DISORDER_A] = inflicted[1] >= play->param[SP_THRESHOLD];
  outcome[OUT_DISORDER_B] = inflicted[0] >= play->param[SP_PARAMS + SP_THRESHOLD];
}

static int
recoil_of (int      loss_a,
           int      loss_b,
           gpointer user_data)
{
  return loss_a > loss_b ? 1 : loss_b > loss_a ? 2 : 0;
}

static MusterDist *
recoil_move_given (int      recoil,
                   gpointer user_data)
{
  MusterDist **moves = user_data;

  return recoil == 0 ? muster_dist_new_constant (0) : muster_dist_ref (moves[recoil - 1]);
}

static void
round_exact (const MusterUlPlay  *play,
             const int           *values,
             MusterDist         **outputs)
{
  g_autoptr(MusterJoint) joint = NULL;
  MusterDist *inflicted[2] = { NULL, NULL };
  MusterDist *moves[2] = { NULL, NULL };

  for (guint s = 0; s < 2; s++)
    {
      const int *p = play->param + s * SP_PARAMS;
      Score score = score_from_params (play, p);
      g_autoptr(MusterDist) one = score_dist (&score);
      MusterUlDice recoil = { p[SP_RECOIL_N], play->layout.face_max[p[SP_RECOIL_FACE]] };

      inflicted[s] = muster_dist_sum_iid (one, play->param[P_PAIRS]);
      moves[s] = _muster_ul_dice_dist (recoil);
    }
  outputs[OUT_LOSS_A] = inflicted[1];
  outputs[OUT_LOSS_B] = inflicted[0];
  joint = muster_joint_new_independent (outputs[OUT_LOSS_A], outputs[OUT_LOSS_B]);
  outputs[OUT_RECOIL] = muster_joint_map (joint, recoil_of, NULL);
  outputs[OUT_RECOIL_MOVE] = muster_dist_mixture (outputs[OUT_RECOIL], recoil_move_given, moves);
  outputs[OUT_DISORDER_A] = muster_dist_map_at_least (outputs[OUT_LOSS_A],
                                                      play->param[SP_THRESHOLD]);
  outputs[OUT_DISORDER_B] = muster_dist_map_at_least (outputs[OUT_LOSS_B],
                                                      play->param[SP_PARAMS + SP_THRESHOLD]);
  muster_dist_unref (moves[0]);
  muster_dist_unref (moves[1]);
}

const MusterProcedure muster_ul_melee_round = {
  .system = MUSTER_UL_SYSTEM,
  .id = "melee-round",
  .name = N_("Melee round"),
  .summary = N_("One phase of melee (TA4) between two vignettes, or pairs of them: IP lost by each "
                "side, recoil and disorder"),
  MUSTER_PROCEDURE_INPUT_SPECS (round_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (round_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_melee_round_class = {
  .procedure = &muster_ul_melee_round,
  .prepare = round_prepare,
  .resolve = round_resolve,
  .exact = round_exact,
};

