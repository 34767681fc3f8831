/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-system-hm"

#include "config.h"

#include "muster-engine-error.h"
#include "muster-system-hm-private.h"

/*
 * The multi-scale horse-and-musket rules: Charge Test, Morale Test, the Form Square roll, the
 * conversion of temporary hits into permanent ones, and the variable movement of rout and
 * pursuit.
 */

enum { CT_QUALITY, CT_CAVALRY, CT_SUB_COMMANDER, CT_OTHER, CT_DICE };
enum { MT_QUALITY, MT_STANDS, MT_LOST, MT_HITS, MT_WON, MT_FRIENDS, MT_COMMANDER, MT_CHARGED,
       MT_OTHER };
enum { RL_STATE, RL_QUALITY, RL_STANDS, RL_LOST, RL_HITS, RL_FRIENDS, RL_COMMANDER, RL_OTHER };
enum { RALLY_SHAKEN, RALLY_ROUTED };
enum { AFTER_REMOVED, AFTER_FLEES, AFTER_SHAKEN, AFTER_SUPPRESSED };
enum { HC_TEMPORARY, HC_CARRIED, HC_STANDS };
enum { HC_OUT_PERMANENT, HC_OUT_LOST, HC_OUT_RETAINED, HC_OUT_LEFT };
enum { RP_SCALE, RP_ROUTER, RP_PURSUER, RP_GAP };
enum { RP_OUT_ROUT, RP_OUT_PURSUIT, RP_OUT_CONTACT };

static const char * const pass_labels[] = { N_("Fail"), N_("Pass"), NULL };
static const char * const flag_labels[] = { N_("No"), N_("Yes"), NULL };
static const char * const square_labels[] = { N_("Must Stand and Fire"), N_("Forms square"), NULL };
static const char * const contact_labels[] = { N_("Lost"), N_("Kept"), NULL };
static const char * const arm_ids[] = { "foot", "cavalry", NULL };
static const char * const arm_labels[] = { N_("Foot"), N_("Cavalry"), NULL };

static const MusterInputSpec charge_test_inputs[] = {
  MUSTER_CHOICE_INPUT ("morale-quality", N_("Morale Quality"),
                       N_("The charger's rating: B −1 to the Charge Number is the book's; A −2, C "
                          "0, "
                       "D +1 and E +2 are our defaults."),
                       _muster_hm_quality_ids, _muster_hm_quality_labels, 2),
  MUSTER_BOOL_INPUT ("cavalry", N_("Charger is cavalry"), N_("Charge Number −2."), 0),
  MUSTER_BOOL_INPUT ("sub-commander", N_("Sub-commander leads the charge"),
                     N_("Charge Number −1."), 0),
  MUSTER_INT_INPUT ("other", N_("Other Charge Number modifiers"),
                    N_("The sum of the modifiers the review names without a value: "
                       "relative size of the enemy BMU, skirmisher or mob charger, charge "
                       "against the target's flank."), -6, 6, 0),
  MUSTER_CHOICE_INPUT ("dice", N_("Charge Test dice"),
                       N_("The example rolls “a die”: one d6 ≥ the Charge Number is our default; "
                          "two "
                       "dice is the alternative reading."),
                       _muster_hm_charge_dice_ids, _muster_hm_charge_dice_labels, 0),
};

static const MusterOutputSpec charge_test_outputs[] = {
  { .id = "result", .label = N_("Charge Test"), .value_labels = pass_labels },
};

/* The inputs of every Morale Number (§9.2), shared by the test and the rally. */
#define MORALE_QUALITY_INPUT \
  MUSTER_CHOICE_INPUT ("morale-quality", N_("Morale Quality"), \
                       N_("B (“good” or “high” morale) −1 to the Morale Number is the book's; A " \
                          "−2, " \
                       "C 0, D +1 and E +2 are our defaults."), \
                       _muster_hm_quality_ids, _muster_hm_quality_labels, 2)
#define CASUALTY_INPUTS(hits_help) \
  MUSTER_INT_INPUT ("starting-stands", N_("Starting stands"), \
                    N_("The BMU's stands at the start of the battle."), 1, 100, 8), \
  MUSTER_INT_INPUT ("stands-lost", N_("Stands already lost"), \
                    N_("Counted in the casualty percentage."), 0, 99, 0), \
  MUSTER_INT_INPUT ("hits", N_("Hits on the unit"), hits_help, 0, 300, 0)
#define SUPPORT_INPUTS \
  MUSTER_BOOL_INPUT ("friends-near", N_("Friendly units nearby"), \
                     N_("Friendly units “not too distant”: Morale Number −1."), 0), \
  MUSTER_BOOL_INPUT ("attached-commander", N_("Attached commander"), N_("Morale Number −1."), 0)
#define OTHER_MORALE_INPUT \
  MUSTER_INT_INPUT ("other", N_("Other Morale Number modifiers"), \
                    N_("The sum of the modifiers the review does not give, e.g. " \
                       "within its own lines."), -6, 6, 0)

static const MusterInputSpec morale_test_inputs[] = {
  MORALE_QUALITY_INPUT,
  CASUALTY_INPUTS (N_("This turn's temporary hits plus the permanent hits it still carries. With "
                      "the stands lost they make the casualty percentage (our default formula); "
                      "25% or more: +3.")),
  MUSTER_BOOL_INPUT ("won-melee", N_("Caused more casualties in the melee than it suffered"),
                     N_("Morale Number −1."), 0),
  SUPPORT_INPUTS,
  MUSTER_BOOL_INPUT ("being-charged", N_("Being charged"),
                     N_("A penalty the review gives no number for: our default +1."), 0),
  OTHER_MORALE_INPUT,
};

static const MusterOutputSpec morale_test_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = _muster_hm_result_labels },
  { .id = "margin", .label = N_("Failure margin") },
  { .id = "calamity", .label = N_("Calamity (double 1s)"), .value_labels = flag_labels },
  { .id = "fortune", .label = N_("Fortune (double 6s)"), .value_labels = flag_labels },
};

/* The Form Square roll is a Morale Test (our default, §16 H19), with the same inputs. */
static const MusterOutputSpec form_square_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = square_labels },
  { .id = "calamity", .label = N_("Calamity (double 1s)"), .value_labels = flag_labels },
  { .id = "fortune", .label = N_("Fortune (double 6s)"), .value_labels = flag_labels },
};

static const char * const rally_state_ids[] = { "shaken", "routed", NULL };
static const char * const rally_state_labels[] = { N_("Shaken"), N_("Routed"), NULL };
static const char * const rally_after_labels[] = {
  N_("Removed from play"),
  N_("Still Shaken: flees again unless safe"), N_("Shaken, halted at safety"),
  N_("Suppressed"), NULL
};

static const MusterInputSpec rally_inputs[] = {
  MUSTER_CHOICE_INPUT ("state", N_("Morale state"),
                       N_("Shaken units must rally to recover; Routed units may try."),
                       rally_state_ids, rally_state_labels, RALLY_SHAKEN),
  MORALE_QUALITY_INPUT,
  /* xgettext:no-c-format */
  CASUALTY_INPUTS (N_("The review does not say which modifiers apply to a rally: our default is "
                      "the Morale Test's, so 25% casualties give +3.")),
  SUPPORT_INPUTS,
  OTHER_MORALE_INPUT,
};

static const MusterOutputSpec rally_outputs[] = {
  { .id = "after", .label = N_("State after the rally"), .value_labels = rally_after_labels },
};

static const MusterInputSpec hit_conversion_inputs[] = {
  MUSTER_INT_INPUT ("temporary-hits", N_("Temporary hits"),
                    N_("All hits taken this turn from fire and melee."), 0, 300, 0),
  MUSTER_INT_INPUT ("carried-hits", N_("Permanent hits carried"),
                    N_("The remainder kept from earlier turns."), 0, 9, 0),
  MUSTER_INT_INPUT ("stands", N_("Stands"),
                    N_("The BMU's stands before the conversion."), 1, 100, 8),
};

static const MusterOutputSpec hit_conversion_outputs[] = {
  { .id = "permanent", .label = N_("Permanent hits") },
  { .id = "stands-lost", .label = N_("Stands removed") },
  { .id = "retained", .label = N_("Hits retained") },
  { .id = "stands-left", .label = N_("Stands left") },
};

static const MusterInputSpec rout_pursuit_inputs[] = {
  MUSTER_CHOICE_INPUT ("scale", N_("Scale"),
                       N_("The game's scale, which sets the variable-movement rates."),
                       _muster_hm_scale_ids, _muster_hm_scale_labels, 4),
  MUSTER_CHOICE_INPUT ("routing", N_("Routing unit"),
                       N_("Foot roll one die, cavalry two."), arm_ids, arm_labels, 0),
  MUSTER_CHOICE_INPUT ("pursuer", N_("Pursuer"),
                       N_("Foot roll one die, cavalry two."), arm_ids, arm_labels, 0),
  MUSTER_INT_INPUT ("gap", N_("Gap (inches)"),
                    N_("How far apart they start: 0 when the pursuer was in contact."), 0, 60, 0),
};

static const MusterOutputSpec rout_pursuit_outputs[] = {
  { .id = "rout-distance", .label = N_("Rout move (inches)") },
  { .id = "pursuit-distance", .label = N_("Pursuit move (inches)") },
  { .id = "contact", .label = N_("Contact"), .value_labels = contact_labels },
};

/* Pass on a roll that ties or beats the Charge Number (our default comparison, §16 H7). */
gboolean
_muster_hm_charge_passes (int           charge_number,
                          int           n_dice,
                          MusterFaces  *roll)
{
  return muster_faces_sum (roll, n_dice, 1, 6) >= charge_number;
}

/* +3 at 25% casualties (TV7). The fraction is our default (§16 H13): every hit on the unit and
 * three per stand already lost, over three per starting stand. */
int
_muster_hm_casualty_modifier (MusterHmTables *tables,
                              int             hits,
                              int             stands_lost,
                              int             starting_stands)
{
  int per_stand = _muster_hm_value (tables, "hits", "per-stand", NULL);
  int percent = _muster_hm_value (tables, "morale-number", "heavy-casualties-percent", NULL);
  gint64 casualties = (gint64) hits + (gint64) per_stand * stands_lost;

  if (100 * casualties >= (gint64) percent * per_stand * starting_stands)
    return _muster_hm_value (tables, "morale-number", "heavy-casualties", NULL);
  return 0;
}

static void
morale_margins (MusterHmTables *tables,
                MusterHmMorale *morale)
{
  morale->suppressed = _muster_hm_value (tables, "morale-failure", "suppressed", "from-margin");
  morale->shaken = _muster_hm_value (tables, "morale-failure", "shaken", "from-margin");
  morale->routed = _muster_hm_value (tables, "morale-failure", "routed", "from-margin");
}

/* Pass on 2d6 ≥ the Morale Number (our default, §16 H8); else the worst result whose margin
 * the failure reaches. Double 1s and 6s change nothing here (§16 H20). */
int
_muster_hm_morale_result (const MusterHmMorale *morale,
                          int                   roll)
{
  int margin = morale->number - roll;

  if (margin <= 0)
    return MUSTER_HM_PASS;
  if (margin >= morale->routed)
    return MUSTER_HM_ROUTED;
  if (margin >= morale->shaken)
    return MUSTER_HM_SHAKEN;
  if (margin >= morale->suppressed)
    return MUSTER_HM_SUPPRESSED;
  return MUSTER_HM_PASS;
}

/* Half the temporary hits are forgiven, rounded up in the unit's favour (TV10); every
 * per-stand permanent hits remove a stand and the remainder stays on the unit (§10). */
void
_muster_hm_convert_hits (MusterHmTables *tables,
                         int             temporary,
                         int             carried,
                         int            *stands_lost,
                         int            *retained)
{
  int per_stand = MAX (1, _muster_hm_value (tables, "hits", "per-stand", NULL));
  int permanent = carried + temporary / 2;

  *stands_lost = permanent / per_stand;
  *retained = permanent % per_stand;
}

void
_muster_hm_move_setup (MusterHmTables *tables,
                       int             scale,
                       gboolean        cavalry,
                       MusterHmMove   *move)
{
  g_autofree char *row = g_strdup_printf ("%s-%s", _muster_hm_scale_ids[scale],
                                          arm_ids[cavalry ? 1 : 0]);

  move->base = _muster_hm_value (tables, "variable-movement", row, "base");
  move->per_pip = _muster_hm_value (tables, "variable-movement", row, "per-pip");
  move->dice = _muster_hm_value (tables, "variable-movement", row, "dice");
}

int
_muster_hm_move_play (const MusterHmMove *move,
                      MusterFaces        *roll)
{
  return move->base + move->per_pip * muster_faces_sum (roll, move->dice, 1, 6);
}

static MusterDist *
move_dist (const MusterHmMove *move)
{
  g_autoptr(MusterDist) pips = muster_dist_new_dice_sum (MAX (move->dice, 0), 6);
  g_autoptr(MusterDist) scaled = muster_dist_scale (pips, move->per_pip, 1, MUSTER_ROUND_DOWN);

  return muster_dist_shift (scaled, move->base);
}

static gboolean
charge_test_setup (const MusterRuleset  *ruleset,
                   const int            *values,
                   int                  *number,
                   GError              **error)
{
  MusterHmTables tables = { ruleset, NULL };
  int mods = _muster_hm_value (&tables, "morale-quality",
                               _muster_hm_quality_ids[values[CT_QUALITY]], NULL)
             + values[CT_OTHER];

  if (values[CT_CAVALRY])
    mods += _muster_hm_value (&tables, "charge-number", "cavalry", NULL);
  if (values[CT_SUB_COMMANDER])
    mods += _muster_hm_value (&tables, "charge-number", "sub-commander", NULL);
  *number = _muster_hm_floored (&tables, "charge-number", mods);
  return _muster_hm_tables_finish (&tables, error);
}

static gboolean
charge_test_exact (const MusterProcedure  *procedure,
                   const MusterRuleset    *ruleset,
                   const int              *values,
                   MusterDist            **outputs,
                   GError                **error)
{
  g_autoptr(MusterDist) roll = NULL;
  int number;

  if (!charge_test_setup (ruleset, values, &number, error))
    return FALSE;
  roll = muster_dist_new_dice_sum (values[CT_DICE] + 1, 6);
  outputs[0] = muster_dist_map_at_least (roll, number);
  return TRUE;
}

static gboolean
charge_test_play (const MusterProcedure  *procedure,
                  const MusterRuleset    *ruleset,
                  const int              *values,
                  MusterFaces            *roll,
                  int                    *outcome,
                  GError                **error)
{
  int number;

  if (!charge_test_setup (ruleset, values, &number, error))
    return FALSE;
  outcome[0] = _muster_hm_charge_passes (number, values[CT_DICE] + 1, roll);
  return TRUE;
}

/* The Morale Number of @situation, and the failure margins of each result. */
void
_muster_hm_morale_setup (MusterHmTables                *tables,
                         const MusterHmMoraleSituation *situation,
                         MusterHmMorale                *morale)
{
  const struct { gboolean on; const char *row; } flags[] = {
    { situation->won_melee, "won-melee" },
    { situation->friends_near, "friends-near" },
    { situation->attached_commander, "attached-commander" },
    { situation->being_charged, "being-charged" },
  };

  morale->number = _muster_hm_value (tables, "morale-number", "base", NULL)
                   + _muster_hm_value (tables, "morale-quality",
                                       _muster_hm_quality_ids[situation->rating], NULL)
                   + _muster_hm_casualty_modifier (tables, situation->hits,
                                                   situation->stands_lost,
                                                   situation->starting_stands)
                   + situation->other;
  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    if (flags[i].on)
      morale->number += _muster_hm_value (tables, "morale-number", flags[i].row, NULL);
  morale_margins (tables, morale);
}

/* The Morale Number of a unit that still has stands. */
static gboolean
situation_setup (const MusterRuleset            *ruleset,
                 const MusterHmMoraleSituation  *situation,
                 MusterHmMorale                 *morale,
                 GError                        **error)
{
  MusterHmTables tables = { ruleset, NULL };

  if (situation->stands_lost >= situation->starting_stands)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("a BMU that lost all its %d stands takes no Morale Test"),
                   situation->starting_stands);
      return FALSE;
    }
  _muster_hm_morale_setup (&tables, situation, morale);
  return _muster_hm_tables_finish (&tables, error);
}

static gboolean
morale_test_setup (const MusterRuleset  *ruleset,
                   const int            *values,
                   MusterHmMorale       *morale,
                   GError              **error)
{
  MusterHmMoraleSituation situation = {
    values[MT_QUALITY], values[MT_HITS], values[MT_LOST], values[MT_STANDS], values[MT_WON],
    values[MT_FRIENDS], values[MT_COMMANDER], values[MT_CHARGED], values[MT_OTHER],
  };

  return situation_setup (ruleset, &situation, morale, error);
}

static int
morale_margin (int      roll,
               gpointer data)
{
  const MusterHmMorale *morale = data;

  return MAX (0, morale->number - roll);
}

static int
morale_result (int      roll,
               gpointer data)
{
  return _muster_hm_morale_result (data, roll);
}

/* Double 1s and double 6s are the only ways to roll 2 and 12 on 2d6; pass or fail is judged
 * as for any roll (§16 H20), these only flag a Calamity or Fortune table roll. */
static int
morale_calamity (int      roll,
                 gpointer data)
{
  return roll == 2;
}

static int
morale_fortune (int      roll,
                gpointer data)
{
  return roll == 12;
}

static int
morale_passes (int      roll,
               gpointer data)
{
  return _muster_hm_morale_result (data, roll) == MUSTER_HM_PASS;
}

/* The Morale Test and the Form Square roll (a Morale Test that only passes or fails): the
 * result, the Morale Test's margin, then the Calamity and Fortune flags. */
static gboolean
morale_test_exact (const MusterProcedure  *procedure,
                   const MusterRuleset    *ruleset,
                   const int              *values,
                   MusterDist            **outputs,
                   GError                **error)
{
  gboolean square = procedure == &_muster_hm_form_square.procedure;
  g_autoptr(MusterDist) roll = NULL;
  MusterHmMorale morale;
  guint next = 0;

  if (!morale_test_setup (ruleset, values, &morale, error))
    return FALSE;
  roll = muster_dist_new_dice_sum (2, 6);
  outputs[next++] = muster_dist_map (roll, square ? morale_passes : morale_result, &morale);
  if (!square)
    outputs[next++] = muster_dist_map (roll, morale_margin, &morale);
  outputs[next++] = muster_dist_map (roll, morale_calamity, NULL);
  outputs[next] = muster_dist_map (roll, morale_fortune, NULL);
  return TRUE;
}

static gboolean
morale_test_play (const MusterProcedure  *procedure,
                  const MusterRuleset    *ruleset,
                  const int              *values,
                  MusterFaces            *roll,
                  int                    *outcome,
                  GError                **error)
{
  gboolean square = procedure == &_muster_hm_form_square.procedure;
  MusterHmMorale morale;
  int first, second, sum;
  guint next = 0;

  if (!morale_test_setup (ruleset, values, &morale, error))
    return FALSE;
  first = muster_faces_roll (roll, 1, 6);
  second = muster_faces_roll (roll, 1, 6);
  sum = first + second;
  outcome[next++] = square ? morale_passes (sum, &morale) : _muster_hm_morale_result (&morale, sum);
  if (!square)
    outcome[next++] = MAX (0, morale.number - sum);
  outcome[next++] = first == 1 && second == 1;
  outcome[next] = first == 6 && second == 6;
  return TRUE;
}

/* The rally's state and Morale Number, the data rally_after() reads. */
static gboolean
rally_setup (const MusterRuleset  *ruleset,
             const int            *values,
             int                   state_and_number[2],
             GError              **error)
{
  MusterHmMoraleSituation situation = {
    values[RL_QUALITY], values[RL_HITS], values[RL_LOST], values[RL_STANDS], FALSE,
    values[RL_FRIENDS], values[RL_COMMANDER], FALSE, values[RL_OTHER],
  };
  MusterHmMorale morale;

  if (!situation_setup (ruleset, &situation, &morale, error))
    return FALSE;
  state_and_number[0] = values[RL_STATE];
  state_and_number[1] = morale.number;
  return TRUE;
}

/* §9.4: a Shaken unit that passes becomes Suppressed, else flees again unless in a safe
 * place; a Routed unit that passes becomes Shaken and halts at the nearest safety, else it is
 * removed. */
static int
rally_after (int      roll,
             gpointer data)
{
  const int *state_and_number = data;
  gboolean pass = roll >= state_and_number[1];

  if (state_and_number[0] == RALLY_SHAKEN)
    return pass ? AFTER_SUPPRESSED : AFTER_FLEES;
  return pass ? AFTER_SHAKEN : AFTER_REMOVED;
}

static gboolean
rally_exact (const MusterProcedure  *procedure,
             const MusterRuleset    *ruleset,
             const int              *values,
             MusterDist            **outputs,
             GError                **error)
{
  g_autoptr(MusterDist) roll = NULL;
  int state_and_number[2];

  if (!rally_setup (ruleset, values, state_and_number, error))
    return FALSE;
  roll = muster_dist_new_dice_sum (2, 6);
  outputs[0] = muster_dist_map (roll, rally_after, state_and_number);
  return TRUE;
}

static gboolean
rally_play (const MusterProcedure  *procedure,
            const MusterRuleset    *ruleset,
            const int              *values,
            MusterFaces            *roll,
            int                    *outcome,
            GError                **error)
{
  int state_and_number[2];

  if (!rally_setup (ruleset, values, state_and_number, error))
    return FALSE;
  outcome[0] = rally_after (muster_faces_sum (roll, 2, 1, 6), state_and_number);
  return TRUE;
}

/* Hit conversion rolls no dice: its play is its exact result. */
static gboolean
hit_conversion_play (const MusterProcedure  *procedure,
                     const MusterRuleset    *ruleset,
                     const int              *values,
                     MusterFaces            *roll,
                     int                    *outcome,
                     GError                **error)
{
  MusterHmTables tables = { ruleset, NULL };
  int per_stand = _muster_hm_value (&tables, "hits", "per-stand", NULL);

  if (!_muster_hm_tables_finish (&tables, error))
    return FALSE;
  if (values[HC_CARRIED] >= per_stand)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("a BMU carries at most %d permanent hits: %d remove a stand"),
                   per_stand - 1, per_stand);
      return FALSE;
    }
  _muster_hm_convert_hits (&tables, values[HC_TEMPORARY], values[HC_CARRIED],
                           &outcome[HC_OUT_LOST], &outcome[HC_OUT_RETAINED]);
  outcome[HC_OUT_PERMANENT] = values[HC_TEMPORARY] / 2;
  outcome[HC_OUT_LOST] = MIN (outcome[HC_OUT_LOST], values[HC_STANDS]);
  outcome[HC_OUT_LEFT] = values[HC_STANDS] - outcome[HC_OUT_LOST];
  return TRUE;
}

static gboolean
hit_conversion_exact (const MusterProcedure  *procedure,
                      const MusterRuleset    *ruleset,
                      const int              *values,
                      MusterDist            **outputs,
                      GError                **error)
{
  int outcome[G_N_ELEMENTS (hit_conversion_outputs)];

  if (!hit_conversion_play (procedure, ruleset, values, NULL, outcome, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (outcome); i++)
    outputs[i] = muster_dist_new_constant (outcome[i]);
  return TRUE;
}

static gboolean
rout_pursuit_setup (const MusterRuleset  *ruleset,
                    const int            *values,
                    MusterHmMove         *rout,
                    MusterHmMove         *pursuit,
                    GError              **error)
{
  MusterHmTables tables = { ruleset, NULL };

  _muster_hm_move_setup (&tables, values[RP_SCALE], values[RP_ROUTER], rout);
  _muster_hm_move_setup (&tables, values[RP_SCALE], values[RP_PURSUER], pursuit);
  return _muster_hm_tables_finish (&tables, error);
}

/* The pursuer keeps contact when its move covers the rout move and the gap (§11.4). */
static int
keeps_contact (int      rout,
               int      pursuit,
               gpointer data)
{
  return pursuit >= rout + GPOINTER_TO_INT (data) ? 1 : 0;
}

static gboolean
rout_pursuit_exact (const MusterProcedure  *procedure,
                    const MusterRuleset    *ruleset,
                    const int              *values,
                    MusterDist            **outputs,
                    GError                **error)
{
  g_autoptr(MusterJoint) joint = NULL;
  MusterHmMove rout, pursuit;

  if (!rout_pursuit_setup (ruleset, values, &rout, &pursuit, error))
    return FALSE;
  outputs[RP_OUT_ROUT] = move_dist (&rout);
  outputs[RP_OUT_PURSUIT] = move_dist (&pursuit);
  joint = muster_joint_new_independent (outputs[RP_OUT_ROUT], outputs[RP_OUT_PURSUIT]);
  outputs[RP_OUT_CONTACT] = muster_joint_map (joint, keeps_contact,
                                              GINT_TO_POINTER (values[RP_GAP]));
  return TRUE;
}

static gboolean
rout_pursuit_play (const MusterProcedure  *procedure,
                   const MusterRuleset    *ruleset,
                   const int              *values,
                   MusterFaces            *roll,
                   int                    *outcome,
                   GError                **error)
{
  MusterHmMove rout, pursuit;

  if (!rout_pursuit_setup (ruleset, values, &rout, &pursuit, error))
    return FALSE;
  outcome[RP_OUT_ROUT] = _muster_hm_move_play (&rout, roll);
  outcome[RP_OUT_PURSUIT] = _muster_hm_move_play (&pursuit, roll);
  outcome[RP_OUT_CONTACT] = keeps_contact (outcome[RP_OUT_ROUT], outcome[RP_OUT_PURSUIT],
                                           GINT_TO_POINTER (values[RP_GAP]));
  return TRUE;
}

const MusterHmProcedure _muster_hm_charge_test = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "charge-test",
    .name = N_("Charge Test"),
    .summary = N_("Before charging: a roll that ties or beats the Charge Number (never below 2) "
                  "starts the charge; on a failure the unit stays, moves at half speed and fires "
                  "with "
                  "half its stands next turn (§7.2)."),
    MUSTER_PROCEDURE_INPUT_SPECS (charge_test_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (charge_test_outputs),
    .exact = charge_test_exact,
    .sample = _muster_hm_sample,
  },
  .play = charge_test_play,
};

const MusterHmProcedure _muster_hm_morale_test = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "morale-test",
    .name = N_("Morale Test"),
    .summary = N_("2d6 against the Morale Number: a failure's result depends on its margin; "
                  "double 1s "
               "bring a Calamity and double 6s Fortune (§9)."),
    MUSTER_PROCEDURE_INPUT_SPECS (morale_test_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (morale_test_outputs),
    .exact = morale_test_exact,
    .sample = _muster_hm_sample,
  },
  .play = morale_test_play,
};

const MusterHmProcedure _muster_hm_form_square = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "form-square",
    .name = N_("Form Square"),
    .summary = N_("A charged unit's reaction, and its only one when charged in the flank: the "
                  "review "
               "gives no roll, so ours is a Morale Test; a pass re-forms the unit in square, a "
               "failure leaves it to Stand and Fire (§7.3)."),
    MUSTER_PROCEDURE_INPUT_SPECS (morale_test_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (form_square_outputs),
    .exact = morale_test_exact,
    .sample = _muster_hm_sample,
  },
  .play = morale_test_play,
};

const MusterHmProcedure _muster_hm_rally = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "rally",
    .name = N_("Rally"),
    .summary = N_("A Morale Test to recover: Shaken units become Suppressed or flee again; Routed "
                  "units become Shaken or are removed from play (§9.4)."),
    MUSTER_PROCEDURE_INPUT_SPECS (rally_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (rally_outputs),
    .exact = rally_exact,
    .sample = _muster_hm_sample,
  },
  .play = rally_play,
};

const MusterHmProcedure _muster_hm_hit_conversion = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "hit-conversion",
    .name = N_("Temporary and permanent hits"),
    .summary = N_("In the Morale phase half the temporary hits, rounded up, are forgiven; the rest "
                  "become permanent and every 3 remove a stand (§10)."),
    MUSTER_PROCEDURE_INPUT_SPECS (hit_conversion_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (hit_conversion_outputs),
    .exact = hit_conversion_exact,
    .sample = _muster_hm_sample,
  },
  .play = hit_conversion_play,
};

const MusterHmProcedure _muster_hm_rout_pursuit = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "rout-pursuit",
    .name = N_("Rout and pursuit movement"),
    .summary = N_("The routing unit's variable move, then the pursuer's: a pursuer that keeps "
                  "contact "
               "may make a pursuit attack (§11.4)."),
    MUSTER_PROCEDURE_INPUT_SPECS (rout_pursuit_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (rout_pursuit_outputs),
    .exact = rout_pursuit_exact,
    .sample = _muster_hm_sample,
  },
  .play = rout_pursuit_play,
};
