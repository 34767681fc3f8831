/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-mov"

#include "config.h"

#include "muster-system-mov-combat-private.h"

/*
 * Medals of Valor: the tests of nerve and senses. The morale check (§2.3), the sighting roll
 * (§3.5), mishaps of cautious and dangerous movement (§3.21) and the order of movement
 * (§3.6).
 */

static const char * const pass_fail[] = { N_("Fail"), N_("Pass"), NULL };

/* Morale check (§2.3) ----------------------------------------------------------------------- */

enum { MOR_COVER, MOR_ATTITUDE, MOR_WOUNDED, MOR_LEADER, MOR_PASS_RULE, MOR_DOUBLE_ZERO };
enum { MOR_OUT_RESULT, MOR_OUT_ATTITUDE, MOR_OUT_SUPPRESSED, MOR_OUT_TARGET };

static const char * const pass_rules[] = { "at-least", "higher", NULL };
static const char * const pass_rule_labels[] = {
  N_("30 or higher (roll ≥ number)"), N_("Higher than the number (roll > number)"), NULL
};
static const char * const double_zeros[] = { "hundred", "zero", NULL };
static const char * const double_zero_labels[] = { N_("00 is 100"), N_("00 is 0"), NULL };

static const MusterInputSpec morale_inputs[] = {
  MUSTER_BOOL_INPUT ("cover", N_("Soldier is in protective cover/ a building"),
                     N_("−10 to the number to pass."), 0),
  MUSTER_CHOICE_INPUT ("attitude", N_("Mental attitude"),
                       N_("Fanatic −10, Nervous +10, Panicked +20 to the number to pass. A fail "
                          "lowers it one "
                          "level."), _muster_mov_attitudes, _muster_mov_attitude_labels,
                       MUSTER_MOV_ATTITUDE_STEADY),
  MUSTER_BOOL_INPUT ("wounded", N_("Soldier is Wounded"),
                     N_("Any level of wound: +15 to the number to pass."), 0),
  MUSTER_BOOL_INPUT ("leader-dead", N_("Soldier’s unit leader is dead"),
                     N_("+10 to the number to pass."), 0),
  MUSTER_CHOICE_INPUT ("pass-rule", N_("Passing roll"),
                       N_("The book says both “30 or higher” and “higher than the needed number”; "
                          "the default takes the first (a roll equal to the number passes)."),
                       pass_rules, pass_rule_labels, 0),
  MUSTER_CHOICE_INPUT ("double-zero", N_("Reading of 00 on the d100"),
                       N_("Percentage dice read 01–00; by default 00 is 100, the best roll."),
                       double_zeros, double_zero_labels, 0),
};

static const MusterOutputSpec morale_outputs[] = {
  { .id = "result", .label = N_("Morale check"), .value_labels = pass_fail },
  { .id = "attitude", .label = N_("Attitude "
                                  "afterwards"), .value_labels = _muster_mov_attitude_labels },
  { .id = "suppressed", .label = N_("Suppressed"), .value_labels = _muster_mov_no_yes },
  { .id = "target", .label = N_("Number to pass") },
};

static void morale_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
morale_prepare (const MusterRuleset  *ruleset,
                const int            *values,
                MusterMovPlan        *plan,
                GError              **error)
{
  static const char * const attitude_rows[] = { "panic", "nervous", NULL, "fanatic" };
  const char *attitude_row = attitude_rows[values[MOR_ATTITUDE]];
  int base;

  if (!muster_table_read_int (ruleset, "morale", "base", "value", &base, error))
    return FALSE;
  plan->target = base;
  if (!_muster_mov_add_mod (ruleset, "morale", values[MOR_COVER], "cover", &plan->target, error)
      || !_muster_mov_add_mod (ruleset, "morale", attitude_row != NULL, attitude_row,
                               &plan->target, error)
      || !_muster_mov_add_mod (ruleset, "morale", values[MOR_WOUNDED], "wounded", &plan->target,
                               error)
      || !_muster_mov_add_mod (ruleset, "morale", values[MOR_LEADER], "leader-dead",
                               &plan->target, error))
    return FALSE;
  plan->mode = values[MOR_PASS_RULE];
  plan->mode2 = values[MOR_DOUBLE_ZERO];
  plan->count = values[MOR_ATTITUDE];
  plan->resolve = morale_resolve;
  /* Two d10, tens then units. */
  muster_face_layout_add (&plan->layout, 2, 0, 9);
  return TRUE;
}

static int
morale_attitude_after (int      attitude,
                       gboolean passed)
{
  /* One level at a time, and no lower than Panic. */
  return passed ? attitude : MAX (attitude - 1, MUSTER_MOV_ATTITUDE_PANIC);
}

static gboolean
morale_suppressed (int      attitude,
                   gboolean passed)
{
  int after = morale_attitude_after (attitude, passed);

  /* §2.4: while Panicked, and in the first turn he becomes Nervous. */
  return after == MUSTER_MOV_ATTITUDE_PANIC
         || (!passed && after == MUSTER_MOV_ATTITUDE_NERVOUS);
}

static void
morale_resolve (const MusterMovPlan *plan,
                const int           *faces,
                int                 *outcome)
{
  int roll = faces[0] * 10 + faces[1];
  gboolean passed;

  if (roll == 0 && plan->mode2 == 0)
    roll = 100;
  passed = plan->mode == 0 ? roll >= plan->target : roll > plan->target;
  outcome[MOR_OUT_RESULT] = passed;
  outcome[MOR_OUT_ATTITUDE] = morale_attitude_after (plan->count, passed);
  outcome[MOR_OUT_SUPPRESSED] = morale_suppressed (plan->count, passed);
  outcome[MOR_OUT_TARGET] = plan->target;
}

static void
morale_exact (const MusterMovPlan  *plan,
              MusterDist          **outputs)
{
  int lowest, passing;
  double p, attitude[4] = { 0 }, suppressed[2] = { 0 };

  /* The d100 reads 1–100 (or 0–99); count the rolls that pass. */
  lowest = plan->mode2 == 0 ? 1 : 0;
  passing = (lowest + 99) - (plan->mode == 0 ? plan->target : plan->target + 1) + 1;
  p = CLAMP (passing, 0, 100) / 100.0;

  attitude[morale_attitude_after (plan->count, TRUE)] += p;
  attitude[morale_attitude_after (plan->count, FALSE)] += 1 - p;
  suppressed[morale_suppressed (plan->count, TRUE)] += p;
  suppressed[morale_suppressed (plan->count, FALSE)] += 1 - p;
  outputs[MOR_OUT_RESULT] = muster_dist_new_bernoulli (p);
  outputs[MOR_OUT_ATTITUDE] = muster_dist_new_from_weights (0, attitude, 4);
  outputs[MOR_OUT_SUPPRESSED] = muster_dist_new_from_weights (0, suppressed, 2);
  outputs[MOR_OUT_TARGET] = muster_dist_new_constant (plan->target);
}

const MusterMovProcedure _muster_mov_morale = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "morale",
    .name = N_("Morale check"),
    .summary = N_("d100 against 30 adjusted by the soldier's condition; a fail lowers his attitude "
                  "one level."),
    MUSTER_PROCEDURE_INPUT_SPECS (morale_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (morale_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = morale_prepare,
  .exact = morale_exact,
};

/* Sighting roll (§3.5) ---------------------------------------------------------------------- */

enum { SIG_MOUNTED, SIG_STANDING, SIG_OPEN, SIG_PRONE, SIG_BEHIND, SIG_BUILDING, SIG_BUTTONED,
       N_SIG_INPUTS };
enum { SIG_OUT_RESULT, SIG_OUT_TOTAL };

static const char * const spotted_labels[] = { N_("Not spotted"), N_("Spotted"), NULL };

static const MusterInputSpec sighting_inputs[] = {
  MUSTER_BOOL_INPUT ("mounted", N_("Mounted on a transport or animal"), N_("+3 to the roll."), 0),
  MUSTER_BOOL_INPUT ("standing", N_("Standing on a Wall or roof"), N_("+2 to the roll."), 0),
  MUSTER_BOOL_INPUT ("open", N_("Running or in the open"),
                     N_("+1 to the roll, once even if both hold."), 0),
  MUSTER_BOOL_INPUT ("prone", N_("Prone"), N_("−2 to the roll; crawling counts as prone."), 0),
  MUSTER_BOOL_INPUT ("behind", N_("Behind a wall, rocky area, trees"), N_("−2 to the roll."), 0),
  MUSTER_BOOL_INPUT ("building", N_("In a building, at a window or door; in an "
                                    "entrenchment/foxhole"),
                     N_("−2 to the roll."), 0),
  MUSTER_BOOL_INPUT ("buttoned", N_("Spotter is a buttoned-up AFV crew"),
                     N_("Against a target that is not a vehicle or building. The book gives “a "
                        "minus” without a value; −2 is ours (table sighting, row buttoned)."), 0),
};

static const MusterOutputSpec sighting_outputs[] = {
  { .id = "result", .label = N_("Sighting roll"), .value_labels = spotted_labels },
  { .id = "total", .label = N_("Modified roll") },
};

static void sighting_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
sighting_prepare (const MusterRuleset  *ruleset,
                  const int            *values,
                  MusterMovPlan        *plan,
                  GError              **error)
{
  static const char * const rows[N_SIG_INPUTS] = {
    "mounted", "standing", "open", "prone", "behind", "building", "buttoned"
  };

  if (!muster_table_read_int (ruleset, "sighting", "need", "value", &plan->target, error))
    return FALSE;
  for (guint i = 0; i < N_SIG_INPUTS; i++)
    if (!_muster_mov_add_mod (ruleset, "sighting", values[i], rows[i], &plan->modifier, error))
      return FALSE;
  muster_face_layout_add (&plan->layout, 1, 0, 9);
  plan->resolve = sighting_resolve;
  return TRUE;
}

static void
sighting_resolve (const MusterMovPlan *plan,
                  const int           *faces,
                  int                 *outcome)
{
  /* "0 is a 10". */
  int total = (faces[0] == 0 ? 10 : faces[0]) + plan->modifier;

  outcome[SIG_OUT_RESULT] = total >= plan->target;
  outcome[SIG_OUT_TOTAL] = total;
}

static void
sighting_exact (const MusterMovPlan  *plan,
                MusterDist          **outputs)
{
  g_autoptr(MusterDist) die = NULL;

  die = muster_dist_new_die (10);
  outputs[SIG_OUT_TOTAL] = muster_dist_shift (die, plan->modifier);
  outputs[SIG_OUT_RESULT] =
    muster_dist_new_bernoulli (muster_dist_get_prob_at_least (outputs[SIG_OUT_TOTAL],
                                                              plan->target));
}

const MusterMovProcedure _muster_mov_sighting = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "sighting",
    .name = N_("Sighting roll"),
    .summary = N_("d10 (0 is a 10) plus the target's conditions; spotted on 4 or more."),
    MUSTER_PROCEDURE_INPUT_SPECS (sighting_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (sighting_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = sighting_prepare,
  .exact = sighting_exact,
};

/* Mishaps (§3.21) --------------------------------------------------------------------------- */

enum { MIS_ACTION };
enum { MIS_SILENT, MIS_NOISE, MIS_INJURY };
enum { MIS_OUT_RESULT };

static const char * const mishap_actions[] = { "cautious", "dangerous", NULL };
static const char * const mishap_action_labels[] = { N_("Cautious action"), N_("Dangerous action"),
                                                     NULL };
static const char * const mishap_words[] = { "silent", "noise", "injury", NULL };
static const char * const mishap_labels[] = { N_("Silent"), N_("Noise (spotted)"),
                                              N_("Injury: wounded and spotted"),
                                              N_("Injury: killed"), NULL };

static const MusterInputSpec mishap_inputs[] = {
  MUSTER_CHOICE_INPUT ("action", N_("Action"),
                       N_("Cautious movement by an unspotted soldier (optional rule), or a "
                          "dangerous action (#): climbing a high or extended obstacle, jumping."),
                       mishap_actions, mishap_action_labels, 0),
};

static const MusterOutputSpec mishap_outputs[] = {
  { .id = "result", .label = N_("Mishap"), .value_labels = mishap_labels },
};

static void mishap_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
mishap_prepare (const MusterRuleset  *ruleset,
                const int            *values,
                MusterMovPlan        *plan,
                GError              **error)
{
  if (!_muster_mov_table_words (ruleset, "mishap", mishap_actions[values[MIS_ACTION]], "f",
                                0, 9, mishap_words, plan->table[0], error)
      || !_muster_mov_table_words (ruleset, "wound-roll", "hit", "f", 0, 9, _muster_mov_wound_words,
                                   plan->table[1], error))
    return FALSE;
  /* The mishap die, then the wound roll an injury makes. */
  muster_face_layout_add (&plan->layout, 2, 0, 9);
  plan->resolve = mishap_resolve;
  return TRUE;
}

static void
mishap_resolve (const MusterMovPlan *plan,
                const int           *faces,
                int                 *outcome)
{
  int result = plan->table[0][faces[0]];

  if (result == MIS_INJURY && plan->table[1][faces[1]] == 1)
    result++;
  outcome[MIS_OUT_RESULT] = result;
}

static void
mishap_exact (const MusterMovPlan  *plan,
              MusterDist          **outputs)
{
  double weights[4] = { 0 }, killed = 0;

  for (int f = 0; f < 10; f++)
    {
      weights[plan->table[0][f]] += 0.1;
      killed += plan->table[1][f] * 0.1;
    }
  weights[MIS_INJURY + 1] = weights[MIS_INJURY] * killed;
  weights[MIS_INJURY] *= 1 - killed;
  outputs[MIS_OUT_RESULT] = muster_dist_new_from_weights (0, weights, 4);
}

const MusterMovProcedure _muster_mov_mishap = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "mishap",
    .name = N_("Mishap"),
    .summary = N_("d10 on the mishap table; an injury makes a wound roll (0 kills)."),
    MUSTER_PROCEDURE_INPUT_SPECS (mishap_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (mishap_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = mishap_prepare,
  .exact = mishap_exact,
};

/* Order of movement (§3.6) ------------------------------------------------------------------ */

enum { INI_A_FANATIC, INI_A_SHAKEN, INI_A_ORDERS, INI_A_CHARGING, INI_A_VEHICLE,
       INI_B_FANATIC, INI_B_SHAKEN, INI_B_ORDERS, INI_B_CHARGING, INI_B_VEHICLE, INI_CHARGE_RULE,
       N_INI_INPUTS };
enum { INI_OUT_FIRST, INI_OUT_A, INI_OUT_B };

static const char * const orders[] = { "hold", "assault", "delay", "pursue", NULL };
static const char * const order_labels[] = {
  N_("HOLD"), N_("ASSAULT"), N_("DELAY"), N_("PURSUE"), NULL
};
static const char * const charge_rules[] = { "assault", "assault-or-charging", NULL };
static const char * const charge_rule_labels[] = {
  N_("ASSAULT orders"), N_("ASSAULT orders, or charging this turn (activity 20)"), NULL
};
static const char * const first_labels[] = {
  N_("First unit moves first"), N_("Second unit moves first"), NULL
};

/* One unit's inputs; each label whole, so that it can be translated */
#define MU_INPUTS(p, fanatics, shaken, orders_label, charging, vehicle) \
  MUSTER_INT_INPUT (p "fanatics", fanatics, N_("+1 for each."), 0, 10, 0), \
  MUSTER_INT_INPUT (p "shaken", shaken, N_("−1 for each."), 0, 10, 0), \
  MUSTER_CHOICE_INPUT (p "orders", orders_label, \
                       N_("Hold −1. The book's “Charge orders” +1 is not one of its four " \
                          "orders: ASSAULT by default."), orders, order_labels, 1), \
  MUSTER_BOOL_INPUT (p "charging", charging, \
                     N_("Its members chose activity 20; counts as Charge orders " \
                        "only under the option."), 0), \
  MUSTER_BOOL_INPUT (p "vehicle", vehicle, N_("+4."), 0)

static const MusterInputSpec initiative_inputs[] = {
  MU_INPUTS ("first-", N_("First unit: Fanatic soldiers"),
             N_("First unit: dead, Nervous or Panicked soldiers"), N_("First unit: orders"),
             N_("First unit: charging this turn"), N_("First unit: is a vehicle/AFV")),
  MU_INPUTS ("second-", N_("Second unit: Fanatic soldiers"),
             N_("Second unit: dead, Nervous or Panicked soldiers"), N_("Second unit: orders"),
             N_("Second unit: charging this turn"), N_("Second unit: is a vehicle/AFV")),
  MUSTER_CHOICE_INPUT ("charge-orders", N_("Charge orders are"),
                       N_("Which units get the +1 for Charge orders."),
                       charge_rules, charge_rule_labels, 0),
};

static const MusterOutputSpec initiative_outputs[] = {
  { .id = "first", .label = N_("Order of movement"), .value_labels = first_labels },
  { .id = "first-total", .label = N_("First unit's total") },
  { .id = "second-total", .label = N_("Second unit's total") },
};

static void initiative_resolve (const MusterMovPlan *plan, const int *faces, int *outcome);

static gboolean
mu_modifier (const MusterRuleset  *ruleset,
             const int            *mu,
             int                   charge_rule,
             int                  *total,
             GError              **error)
{
  int fanatic, shaken, hold, charge, vehicle;

  if (!muster_table_read_int (ruleset, "initiative", "fanatic", "value", &fanatic, error)
      || !muster_table_read_int (ruleset, "initiative", "shaken", "value", &shaken, error)
      || !muster_table_read_int (ruleset, "initiative", "hold", "value", &hold, error)
      || !muster_table_read_int (ruleset, "initiative", "charge", "value", &charge, error)
      || !muster_table_read_int (ruleset, "initiative", "vehicle", "value", &vehicle, error))
    return FALSE;
  *total = mu[0] * fanatic + mu[1] * shaken;
  if (mu[2] == 0)
    *total += hold;
  if (mu[2] == 1 || (charge_rule == 1 && mu[3]))
    *total += charge;
  if (mu[4])
    *total += vehicle;
  return TRUE;
}

static gboolean
initiative_prepare (const MusterRuleset  *ruleset,
                    const int            *values,
                    MusterMovPlan        *plan,
                    GError              **error)
{
  if (!mu_modifier (ruleset, values + INI_A_FANATIC, values[INI_CHARGE_RULE], &plan->modifier,
                    error)
      || !mu_modifier (ruleset, values + INI_B_FANATIC, values[INI_CHARGE_RULE], &plan->target,
                       error))
    return FALSE;
  /* A d10 per unit, and the re-roll of a tie as a coin: re-rolling until the tie breaks puts
   * the two in either order with even odds. */
  muster_face_layout_add (&plan->layout, 2, 0, 9);
  muster_face_layout_add (&plan->layout, 1, 0, 1);
  plan->resolve = initiative_resolve;
  return TRUE;
}

static void
initiative_resolve (const MusterMovPlan *plan,
                    const int           *faces,
                    int                 *outcome)
{
  int a = (faces[0] == 0 ? 10 : faces[0]) + plan->modifier;
  int b = (faces[1] == 0 ? 10 : faces[1]) + plan->target;

  outcome[INI_OUT_FIRST] = a > b ? 0 : a < b ? 1 : faces[2];
  outcome[INI_OUT_A] = a;
  outcome[INI_OUT_B] = b;
}

static void
initiative_exact (const MusterMovPlan  *plan,
                  MusterDist          **outputs)
{
  g_autoptr(MusterDist) die = muster_dist_new_die (10);
  double first, tie, second;

  outputs[INI_OUT_A] = muster_dist_shift (die, plan->modifier);
  outputs[INI_OUT_B] = muster_dist_shift (die, plan->target);
  muster_dist_compare (outputs[INI_OUT_A], outputs[INI_OUT_B], &first, &tie, &second);
  outputs[INI_OUT_FIRST] = muster_dist_new_bernoulli (second + tie / 2);
}

const MusterMovProcedure _muster_mov_initiative = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "initiative",
    .name = N_("Order of movement"),
    .summary = N_("One d10 (0 is a 10) per maneuver unit plus its modifiers; the higher total "
                  "moves first, a tie is rolled again."),
    MUSTER_PROCEDURE_INPUT_SPECS (initiative_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (initiative_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = initiative_prepare,
  .exact = initiative_exact,
};
