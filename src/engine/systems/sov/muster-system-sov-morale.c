/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include "muster-engine-error.h"
#include "muster-system-sov-private.h"

/*
 * Standards of Valor tests (§0.3, §4.3–4.5, §4.11): the Confidence and Reaction Tests with
 * their variations (leader loss, fright checks, suppression removal) and the charge test of
 * a close assault (§4.10.1).
 */

static const char * const test_labels[] = {
  N_("No test required"), N_("Pass"), N_("Fail (CL −1)"), N_("Major failure (CL −2)"), NULL
};
static const char * const reaction_labels[] = {
  N_("No test required"), N_("Pass"), N_("Fail"), N_("Major failure"), NULL
};

#define QUALITY_INPUT \
  MUSTER_CHOICE_INPUT ("quality", N_("Unit Quality"), \
                       N_("The Quality Die rolled for the test: Untrained D4 to Elite D12."), \
                       muster_sov_quality_ids, muster_sov_quality_labels, 2)
#define LV_INPUT \
  MUSTER_INT_INPUT ("lv", N_("Leadership Value"), \
                    N_("The unit leader's LV, the target number before threats: 1 inspiring, 2 " \
                       "average, 3 poor. Lower is better."), 1, 3, 2)
#define MOTIVATION_INPUT \
  MUSTER_CHOICE_INPUT ("motivation", N_("Mission Motivation"), \
                       N_("Picks the column of the Confidence Threat Level table."), \
                       muster_sov_motivation_ids, muster_sov_motivation_labels, 1)
#define EXTRA_TL_INPUT \
  MUSTER_INT_INPUT ("extra-tl", N_("Other Threat Level"), \
                    N_("Any further cumulative threat level from other rules (e.g. +1 per " \
                       "casualty from Final Defensive Fire)."), -6, 20, 0)


/* Confidence Test (§4.3.1) */

enum { CT_QUALITY, CT_LV, CT_CIRCUMSTANCE, CT_MOTIVATION, CT_ARTILLERY, CT_UNTREATED, CT_EXTRA };

static const char * const confidence_circumstances[] = {
  "none", "first-suppressed", "first-suppressed-gunpowder", "casualties", "heavy-casualties",
  "leader-casualty", NULL
};
static const char * const confidence_circumstance_labels[] = {
  N_("None of these (other trigger)"), N_("First time unit is suppressed by fire"),
  N_("First time unit is suppressed by gunpowder fire"), N_("Unit takes casualties from fire"),
  N_("Unit takes more casualties in one attack than it has surviving members afterwards"),
  N_("Unit leader becomes a casualty"), NULL
};

static const MusterInputSpec confidence_inputs[] = {
  QUALITY_INPUT,
  LV_INPUT,
  MUSTER_CHOICE_INPUT ("circumstance", N_("Circumstance"),
                       N_("The basic Threat Level: only the highest that applies counts. NTR cells "
                          "of the table mean no test."),
                       confidence_circumstances, confidence_circumstance_labels, 3),
  MOTIVATION_INPUT,
  MUSTER_BOOL_INPUT ("artillery", N_("Unit is under Artillery attack"),
                     N_("Cumulative: +2, +1 or +0 for Low, Medium or High motivation."), 0),
  MUSTER_INT_INPUT ("untreated", N_("Untreated Casualties"),
                    N_("Cumulative: +1 each at Low motivation. The book never defines treatment, "
                       "so 0 unless a scenario says otherwise."), 0, 50, 0),
  EXTRA_TL_INPUT,
};

static const MusterOutputSpec test_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = test_labels },
  { .id = "cl-loss", .label = N_("Confidence levels lost") },
};

static gboolean
confidence_threat (const MusterRuleset  *ruleset,
                   const char           *row,
                   int                   motivation,
                   int                  *tl,
                   gboolean             *ntr,
                   GError              **error)
{
  const char *text;

  if (!muster_table_read_text (ruleset, "confidence-threat-levels", row,
                               muster_sov_motivation_ids[motivation], &text, error))
    return FALSE;
  *ntr = text == NULL;
  *tl = text != NULL ? (int) g_ascii_strtoll (text, NULL, 10) : 0;
  return TRUE;
}

static gboolean
confidence_prepare (const MusterRuleset  *ruleset,
                    const int            *values,
                    gpointer              setup,
                    GError              **error)
{
  MusterSovTestSetup *s = setup;
  int basic = 0, cumulative;
  gboolean ntr = FALSE, unused;

  if (!_muster_sov_quality_die (ruleset, values[CT_QUALITY], &s->sides, error))
    return FALSE;
  if (values[CT_CIRCUMSTANCE] > 0
      && !confidence_threat (ruleset, confidence_circumstances[values[CT_CIRCUMSTANCE]],
                             values[CT_MOTIVATION], &basic, &ntr, error))
    return FALSE;

  s->target = values[CT_LV] + basic + values[CT_EXTRA];
  if (values[CT_ARTILLERY])
    {
      if (!confidence_threat (ruleset, "artillery", values[CT_MOTIVATION], &cumulative, &unused,
                              error))
        return FALSE;
      s->target += cumulative;
    }
  if (!confidence_threat (ruleset, "untreated", values[CT_MOTIVATION], &cumulative, &unused,
                          error))
    return FALSE;
  s->target += cumulative * values[CT_UNTREATED];
  s->no_test = ntr;
  return TRUE;
}

const MusterSovPlay muster_sov_confidence_play = {
  confidence_prepare, _muster_sov_test_layout, _muster_sov_test_resolve,
};

const MusterProcedure muster_sov_confidence_test = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "confidence-test",
  .name = N_("Confidence Test"),
  .summary = N_("Quality Die against LV + Threat Level: pass above it, lose one Confidence Level "
                "at or below it, two at half or less."),
  MUSTER_PROCEDURE_INPUT_SPECS (confidence_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (test_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Reaction Test (§4.3.2): the same roll, failure only stops the act */

enum { RT_QUALITY, RT_LV, RT_CIRCUMSTANCE, RT_EXTRA, RT_SUPPRESSION };

static const char * const reaction_circumstances[] = {
  "other", "in-position-open", "in-position-cover", "shield-wall", "move-keeping-position",
  "shaken-leaves-cover", "increase-integrity", "open-order-adjustment", "close-order-adjustment",
  "wedge", "column-wheel", "oblique-open", "oblique-close", "counter-march", "caracole", "panic",
  "follow-through-destroyed", "follow-through-fell-back", "ignite", "hide-while-seen", "unset",
  "heat-light", "heat-medium", "heat-heavy", "heat-super-heavy", "fdf-suppressed", NULL
};
/* (last: a saved log's circumstances keep their values) */
#define RT_FDF_SUPPRESSED 25
static const char * const reaction_circumstance_labels[] = {
  N_("Other (Threat Level given below)"),
  N_("Go In Position in open"),
  N_("Go In Position in cover"),
  N_("Form a shield wall"),
  N_("Move without removing IP or Shield Wall"),
  N_("Shaken unit leaves cover and advances"),
  N_("Increase Unit Integrity one level"),
  N_("Open Order formation adjustment"),
  N_("Close Order formation adjustment"),
  N_("Open Order to Wedge"),
  N_("Column Left/Right"),
  N_("Left/Right Oblique, Open Order"),
  N_("Left/Right Oblique, Close Order"),
  N_("Counter-Column March"),
  N_("Caracole"),
  N_("Panic test and panic removal"),
  N_("Follow-through, enemy destroyed"),
  N_("Follow-through, enemy fell back"),
  N_("Ignite terrain"),
  N_("Concealed character going into hiding while seen"),
  N_("Ammunition, Impetuous restraint, compulsory target, Phalanx double move, Overwatch, Fire and "
     "Retire"),
  N_("Heat after moving twice, no or light armour (fail: Suppression; major: also −1 CL)"),
  N_("Heat after moving twice, medium armour (fail: Suppression; major: also −1 CL)"),
  N_("Heat after moving twice, heavy armour (fail: Suppression; major: also −1 CL)"),
  N_("Heat after moving twice, super-heavy armour (fail: Suppression; major: also −1 CL)"),
  N_("Final Defensive Fire while suppressed (Threat Level: its Suppression markers)"),
  NULL
};

static const MusterInputSpec reaction_inputs[] = {
  QUALITY_INPUT,
  LV_INPUT,
  MUSTER_CHOICE_INPUT ("circumstance", N_("Circumstance"),
                       N_("The act being tried; its Threat Level comes from the Reaction table. "
                          "Mission Motivation does not change reaction TLs."),
                       reaction_circumstances, reaction_circumstance_labels, 0),
  MUSTER_INT_INPUT ("extra-tl", N_("Threat Level"),
                    N_("Added to the circumstance's level: +1 per FDF casualty, +1 for Heat "
                       "uphill…"), -6, 20, 0),
  MUSTER_INT_INPUT ("suppression", N_("Suppression markers"),
                    N_("For Final Defensive Fire while suppressed: its Threat Level is the number "
                       "of markers (§4.10.2)."), 0, 3, 0),
};

static const MusterOutputSpec reaction_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = reaction_labels },
};

static gboolean
reaction_prepare (const MusterRuleset  *ruleset,
                  const int            *values,
                  gpointer              setup,
                  GError              **error)
{
  MusterSovTestSetup *s = setup;
  double tl = 0;

  if (!_muster_sov_quality_die (ruleset, values[RT_QUALITY], &s->sides, error))
    return FALSE;
  if (values[RT_CIRCUMSTANCE] > 0
      && !muster_table_read_number (ruleset, "reaction-threat-levels",
                                    reaction_circumstances[values[RT_CIRCUMSTANCE]], "tl", &tl,
                                    error))
    return FALSE;
  if (values[RT_CIRCUMSTANCE] == RT_FDF_SUPPRESSED)
    tl += values[RT_SUPPRESSION];
  s->target = values[RT_LV] + (int) tl + values[RT_EXTRA];
  s->no_test = FALSE;
  return TRUE;
}

G_STATIC_ASSERT (G_N_ELEMENTS (reaction_circumstances) == RT_FDF_SUPPRESSED + 2);

const MusterSovPlay muster_sov_reaction_play = {
  reaction_prepare, _muster_sov_test_layout, _muster_sov_test_resolve,
};

const MusterProcedure muster_sov_reaction_test = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "reaction-test",
  .name = N_("Reaction Test"),
  .summary = N_("Quality Die against LV + Threat Level; failure means the ordered act does not "
                "happen."),
  MUSTER_PROCEDURE_INPUT_SPECS (reaction_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (reaction_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Leader loss (§1.3): new leader's LV from a D6, then a Confidence Test */

enum { LL_QUALITY, LL_LV, LL_MOTIVATION, LL_TEST_LV, LL_ARTILLERY, LL_EXTRA };

static const char * const test_lv_ids[] = { "new", "old", NULL };
static const char * const test_lv_labels[] = {
  N_("The new leader's LV"), N_("The lost leader's LV"), NULL
};

static const MusterInputSpec leader_loss_inputs[] = {
  QUALITY_INPUT,
  MUSTER_INT_INPUT ("lv", N_("Leadership Value"), N_("The lost leader's LV (1 best, 3 worst)."), 1,
                    3, 2),
  MOTIVATION_INPUT,
  MUSTER_CHOICE_INPUT ("test-lv", N_("LV for the test"),
                       N_("The book does not say whether the Confidence Test uses the new leader's "
                          "LV or the lost one's; the new leader is the one commanding."),
                       test_lv_ids, test_lv_labels, 0),
  MUSTER_BOOL_INPUT ("artillery", N_("Unit is under Artillery attack"),
                     N_("Cumulative: +2, +1 or +0 for Low, Medium or High motivation."), 0),
  EXTRA_TL_INPUT,
};

static const MusterOutputSpec leader_loss_outputs[] = {
  { .id = "new-lv", .label = N_("New leader's LV") },
  { .id = "result", .label = N_("Confidence Test"), .value_labels = test_labels },
  { .id = "cl-loss", .label = N_("Confidence levels lost") },
};

typedef struct
{
  MusterSovTestSetup test;
  int       lv;
  int       change[6];
  gboolean  use_new;
} LeaderLossSetup;

static gboolean
leader_loss_prepare (const MusterRuleset  *ruleset,
                     const int            *values,
                     gpointer              setup,
                     GError              **error)
{
  LeaderLossSetup *s = setup;
  int tl, artillery = 0;
  gboolean ntr;

  if (!_muster_sov_quality_die (ruleset, values[LL_QUALITY], &s->test.sides, error)
      || !confidence_threat (ruleset, "leader-casualty", values[LL_MOTIVATION], &tl, &ntr, error))
    return FALSE;
  if (values[LL_ARTILLERY]
      && !confidence_threat (ruleset, "artillery", values[LL_MOTIVATION], &artillery, &ntr, error))
    return FALSE;
  for (int i = 0; i < 6; i++)
    {
      g_autofree char *row = g_strdup_printf ("roll-%d", i + 1);
      double change;

      if (!muster_table_read_number (ruleset, "new-leader", row, "lv-change", &change, error))
        return FALSE;
      s->change[i] = (int) change;
    }
  s->lv = values[LL_LV];
  s->use_new = values[LL_TEST_LV] == 0;
  /* The target without the LV, which depends on the D6. */
  s->test.target = tl + artillery + values[LL_EXTRA];
  s->test.no_test = FALSE;
  return TRUE;
}

static void
leader_loss_layout (gconstpointer      setup,
                    MusterFaceLayout  *layout)
{
  const LeaderLossSetup *s = setup;

  muster_face_layout_add_dice (layout, 1, 6);
  muster_face_layout_add_dice (layout, 1, s->test.sides);
}

static void
leader_loss_resolve (gconstpointer  setup,
                     const int     *faces,
                     int           *outcome)
{
  const LeaderLossSetup *s = setup;
  /* [default] LV stays within 1..3 (§1.3). */
  int new_lv = CLAMP (s->lv + s->change[faces[0] - 1], 1, 3);
  MusterSovTestSetup test = s->test;

  test.target += s->use_new ? new_lv : s->lv;
  outcome[0] = new_lv;
  _muster_sov_test_resolve (&test, faces + 1, outcome + 1);
}

const MusterSovPlay muster_sov_leader_loss_play = {
  leader_loss_prepare, leader_loss_layout, leader_loss_resolve,
};

const MusterProcedure muster_sov_leader_loss = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "leader-loss",
  .name = N_("Unit leader becomes a casualty"),
  .summary = N_("The new leader's LV from one D6 (1–2 worse, 3–5 same, 6 better), and the "
                "Confidence Test the loss triggers. The unit also gets one Suppression marker."),
  MUSTER_PROCEDURE_INPUT_SPECS (leader_loss_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (leader_loss_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Fright check (§4.11) */

enum {
  FC_QUALITY, FC_LV, FC_SIZE, FC_MOUNTED, FC_FLEEING_FOOT, FC_FLEEING_MOUNTED, FC_LOST_FOOT,
  FC_LOST_MOUNTED, FC_ADJACENT, FC_FLANK, FC_REAR, FC_ROUTED_SUPERIORS
};

static const MusterInputSpec fright_inputs[] = {
  QUALITY_INPUT,
  LV_INPUT,
  MUSTER_INT_INPUT ("unit-size", N_("Unit size"), N_("Figures in the testing unit."), 1, 500, 10),
  MUSTER_BOOL_INPUT ("mounted", N_("Mounted unit"),
                     N_("Mounted figures count 2 on both sides of the ratio."), 0),
  MUSTER_INT_INPUT ("fleeing-foot", N_("Fleeing infantry in sight"),
                    N_("Friendly Routed infantry figures seen fleeing, beside or behind the unit "
                       "too."), 0, 500, 0),
  MUSTER_INT_INPUT ("fleeing-mounted", N_("Fleeing mounted figures in sight"),
                    N_("Each counts 2."), 0, 500, 5),
  MUSTER_INT_INPUT ("casualties-foot", N_("Infantry casualties"),
                    N_("The unit's own infantry figures removed this turn."), 0, 500, 0),
  MUSTER_INT_INPUT ("casualties-mounted", N_("Mounted casualties"),
                    N_("The unit's own mounted figures removed this turn; each counts 2."),
                    0, 500, 0),
  MUSTER_INT_INPUT ("adjacent-friends", N_("Adjacent friendly formed units"),
                    N_("Units in Open or Close Order beside it, not panicked: −1 each."), 0, 10, 0),
  MUSTER_INT_INPUT ("enemy-flank", N_("Enemy units on a flank"), N_("Within 12\": +1 each."), 0, 10,
                    0),
  MUSTER_INT_INPUT ("enemy-rear", N_("Enemy units to the rear"), N_("Within 12\": +2 each."), 0, 10,
                    0),
  MUSTER_INT_INPUT ("routed-superiors", N_("Routed superior commands"),
                    N_("Each superior commander's unit that is Routed: +2."), 0, 5, 0),
};

static gboolean
fright_prepare (const MusterRuleset  *ruleset,
                const int            *values,
                gpointer              setup,
                GError              **error)
{
  static const struct { int input; const char *row; } modifiers[] = {
    { FC_ADJACENT, "adjacent-friend" },
    { FC_FLANK, "enemy-flank" },
    { FC_REAR, "enemy-rear" },
    { FC_ROUTED_SUPERIORS, "routed-superior" },
  };
  MusterSovTestSetup *s = setup;
  int points = values[FC_FLEEING_FOOT] + 2 * values[FC_FLEEING_MOUNTED]
               + values[FC_LOST_FOOT] + 2 * values[FC_LOST_MOUNTED];
  int size = values[FC_SIZE] * (values[FC_MOUNTED] ? 2 : 1);

  if (!_muster_sov_quality_die (ruleset, values[FC_QUALITY], &s->sides, error))
    return FALSE;
  /* [default, §9 #20] no test below half the unit's size; TL = max(1, ⌊points / size⌋). */
  s->no_test = 2 * points < size;
  s->target = values[FC_LV] + MAX (1, points / size);
  for (guint i = 0; i < G_N_ELEMENTS (modifiers); i++)
    {
      double tl;

      if (!muster_table_read_number (ruleset, "fright-modifiers", modifiers[i].row, "tl", &tl,
                                     error))
        return FALSE;
      s->target += (int) tl * values[modifiers[i].input];
    }
  return TRUE;
}

const MusterSovPlay muster_sov_fright_play = {
  fright_prepare, _muster_sov_test_layout, _muster_sov_test_resolve,
};

const MusterProcedure muster_sov_fright_check = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "fright-check",
  .name = N_("Fright check"),
  .summary = N_("Turn End: a unit seeing friends rout tests Confidence at the ratio of fleeing "
                "figures and its own casualties to its size (infantry 1, mounted 2)."),
  MUSTER_PROCEDURE_INPUT_SPECS (fright_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (test_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Remove Suppression (§4.5): QD > LV per leader action */

enum { RS_QUALITY, RS_LV, RS_MARKERS, RS_ACTIONS };

static const MusterInputSpec remove_suppression_inputs[] = {
  QUALITY_INPUT,
  LV_INPUT,
  MUSTER_INT_INPUT ("markers", N_("Suppression markers"), N_("Markers on the unit (at most 3)."), 1,
                    3, 1),
  MUSTER_INT_INPUT ("actions", N_("Actions spent"),
                    N_("Each leader action tries to remove one marker with QD > LV (§9 #17); a "
                       "failed attempt may be repeated with the second action."), 1, 3, 2),
};

static const MusterOutputSpec remove_suppression_outputs[] = {
  { .id = "removed", .label = N_("Markers removed") },
  { .id = "remaining", .label = N_("Markers left") },
};

typedef struct
{
  int sides, lv, markers, actions;
} RemoveSuppressionSetup;

static gboolean
remove_suppression_prepare (const MusterRuleset  *ruleset,
                            const int            *values,
                            gpointer              setup,
                            GError              **error)
{
  RemoveSuppressionSetup *s = setup;

  s->lv = values[RS_LV];
  s->markers = values[RS_MARKERS];
  s->actions = values[RS_ACTIONS];
  return _muster_sov_quality_die (ruleset, values[RS_QUALITY], &s->sides, error);
}

static void
remove_suppression_layout (gconstpointer      setup,
                           MusterFaceLayout  *layout)
{
  const RemoveSuppressionSetup *s = setup;

  for (int i = 0; i < s->actions; i++)
    muster_face_layout_add_dice (layout, 1, s->sides);
}

static void
remove_suppression_resolve (gconstpointer  setup,
                            const int     *faces,
                            int           *outcome)
{
  const RemoveSuppressionSetup *s = setup;
  int removed = 0;

  for (int i = 0; i < s->actions && removed < s->markers; i++)
    if (faces[i] > s->lv)
      removed++;
  outcome[0] = removed;
  outcome[1] = s->markers - removed;
}

const MusterSovPlay muster_sov_remove_suppression_play = {
  remove_suppression_prepare, remove_suppression_layout, remove_suppression_resolve,
};

const MusterProcedure muster_sov_remove_suppression = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "remove-suppression",
  .name = N_("Remove Suppression"),
  .summary = N_("Leader actions each roll the Quality Die against LV to take off one Suppression "
                "marker."),
  MUSTER_PROCEDURE_INPUT_SPECS (remove_suppression_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (remove_suppression_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Initiating a Close Assault (§4.10.1): the charge Reaction Test and the combat moves */

enum {
  CH_QUALITY, CH_LV, CH_CONFIDENCE, CH_ARM, CH_FORMATION, CH_TARGET, CH_TARGET_FORMATION,
  CH_FACING, CH_SHIELD_WALL, CH_PIKE, CH_PHALANX, CH_TERROR, CH_BATTLE_LINE, CH_COMBINED,
  CH_EXTRA, CH_MOBILITY, CH_DISTANCE
};

static const char * const charge_confidence_ids[] = {
  "inspired", "confident", "steady", "shaken", NULL
};
static const char * const charge_confidence_labels[] = {
  N_("Inspired (IN)"), N_("Confident (CO)"), N_("Steady (ST)"), N_("Shaken (SH)"), NULL
};
static const char * const target_ids[] = { "infantry", "cavalry", "chariot", "elephant", NULL };
static const char * const target_labels[] = {
  N_("Infantry"), N_("Cavalry"), N_("Chariot"), N_("Elephant"), NULL
};
static const char * const facing_ids[] = { "front", "flank", "rear", NULL };
static const char * const facing_labels[] = { N_("Front"), N_("Flank/sides"), N_("Rear"), NULL };

static const MusterInputSpec charge_inputs[] = {
  QUALITY_INPUT,
  LV_INPUT,
  MUSTER_CHOICE_INPUT ("confidence", N_("Confidence Level"),
                       N_("Inspired units need no test; Broken and Routed units cannot charge."),
                       charge_confidence_ids, charge_confidence_labels, 1),
  MUSTER_CHOICE_INPUT ("arm", N_("Charging troops"), N_("Infantry or cavalry."),
                       muster_sov_arm_ids, muster_sov_arm_labels, 0),
  MUSTER_CHOICE_INPUT ("formation", N_("Unit Integrity"), N_("The charging unit's formation."),
                       muster_sov_formation_ids, muster_sov_formation_labels, 0),
  MUSTER_CHOICE_INPUT ("target", N_("Target"),
                       N_("What is charged. Cavalry cannot charge elephants."),
                       target_ids, target_labels, 0),
  MUSTER_CHOICE_INPUT ("target-formation", N_("Target's Unit Integrity"),
                       N_("The target's formation."),
                       muster_sov_formation_ids, muster_sov_formation_labels, 0),
  MUSTER_CHOICE_INPUT ("facing", N_("Charging the target's"), N_("Flank −1, rear −2."),
                       facing_ids, facing_labels, 0),
  MUSTER_BOOL_INPUT ("shield-wall", N_("Target has Shield Wall up"), N_("+1 for cavalry."), 0),
  MUSTER_BOOL_INPUT ("pike", N_("Target has Pike"), N_("+1 for cavalry."), 0),
  MUSTER_BOOL_INPUT ("phalanx", N_("Target is a Phalanx"),
                     N_("+2 for cavalry charging it in the front."), 0),
  MUSTER_BOOL_INPUT ("terror", N_("Target causes Terror"), N_("+2."), 0),
  MUSTER_BOOL_INPUT ("battle-line", N_("Battle Line charge led by its commander"), N_("−1."), 0),
  MUSTER_BOOL_INPUT ("combined-fallen-back", N_("Combined assault after one attacker fell back"),
                     N_("+1."), 0),
  EXTRA_TL_INPUT,
  MUSTER_CHOICE_INPUT ("mobility", N_("Mobility die"),
                       N_("Each Combat Move is twice one roll of it."),
                       muster_sov_die_ids, muster_sov_die_labels, 1),
  MUSTER_INT_INPUT ("distance", N_("Distance to the target"),
                    N_("Inches. Charging range is two combat moves at most, 4 × the mobility die "
                       "(§9 #12)."), 0, 48, 6),
};

static const char * const contact_labels[] = {
  N_("No charge"), N_("Falls short"), N_("Contact on the first move"),
  N_("Contact on the second move"), NULL
};

static const MusterOutputSpec charge_outputs[] = {
  { .id = "result", .label = N_("Reaction Test"), .value_labels = reaction_labels },
  { .id = "contact", .label = N_("Combat Move"), .value_labels = contact_labels },
};

typedef struct
{
  MusterSovTestSetup test;
  int       mobility;
  int       distance;
} ChargeSetup;

static gboolean
charge_threat (const MusterRuleset  *ruleset,
               const char           *row,
               int                  *target,
               GError              **error)
{
  double tl;

  if (!muster_table_read_number (ruleset, "charge-threat-levels", row, "tl", &tl, error))
    return FALSE;
  *target += (int) tl;
  return TRUE;
}

static gboolean
charge_prepare (const MusterRuleset  *ruleset,
                const int            *values,
                gpointer              setup,
                GError              **error)
{
  static const char * const confidence_rows[] = { NULL, "confident", "steady", "shaken" };
  ChargeSetup *s = setup;
  gboolean cavalry = values[CH_ARM] == 1;
  int formation = values[CH_FORMATION], target_formation = values[CH_TARGET_FORMATION];
  int target = values[CH_TARGET];
  const char *rows[16];
  guint n = 0;

  if (cavalry && target == 3)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("cavalry cannot charge elephants"));
      return FALSE;
    }
  s->mobility = _muster_sov_die_sides (values[CH_MOBILITY]);
  s->distance = values[CH_DISTANCE];
  if (s->distance > 4 * s->mobility)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("%d\" is beyond charging range (4 × D%d = %d\")"), s->distance, s->mobility,
                   4 * s->mobility);
      return FALSE;
    }
  if (!_muster_sov_quality_die (ruleset, values[CH_QUALITY], &s->test.sides, error))
    return FALSE;

  s->test.no_test = values[CH_CONFIDENCE] == 0;
  s->test.target = values[CH_LV] + values[CH_EXTRA];
  if (confidence_rows[values[CH_CONFIDENCE]] != NULL)
    rows[n++] = confidence_rows[values[CH_CONFIDENCE]];
  if (formation == 2 && target_formation == 1)
    rows[n++] = "skirmish-charging-open";
  if (formation == 2 && target_formation == 0)
    rows[n++] = "skirmish-charging-close";
  if (formation == 1 && target_formation == 0)
    rows[n++] = "open-charging-close";
  if (!cavalry && (target == 1 || target == 2))
    rows[n++] = "infantry-charging-cavalry";
  if (!cavalry && target == 3)
    rows[n++] = "infantry-charging-elephant";
  if (values[CH_FACING] == 1)
    rows[n++] = "flank";
  if (values[CH_FACING] == 2)
    rows[n++] = "rear";
  if (cavalry && values[CH_SHIELD_WALL])
    rows[n++] = "cavalry-charging-shield-wall";
  if (cavalry && values[CH_PIKE])
    rows[n++] = "cavalry-charging-pike";
  if (cavalry && values[CH_PHALANX] && values[CH_FACING] == 0)
    rows[n++] = "cavalry-charging-phalanx";
  if (values[CH_TERROR])
    rows[n++] = "terror";
  if (values[CH_BATTLE_LINE])
    rows[n++] = "battle-line";
  if (values[CH_COMBINED])
    rows[n++] = "combined-fallen-back";
  for (guint i = 0; i < n; i++)
    if (!charge_threat (ruleset, rows[i], &s->test.target, error))
      return FALSE;
  return TRUE;
}

static void
charge_layout (gconstpointer      setup,
               MusterFaceLayout  *layout)
{
  const ChargeSetup *s = setup;

  muster_face_layout_add_dice (layout, 1, s->test.sides);
  muster_face_layout_add_dice (layout, 1, s->mobility);
  muster_face_layout_add_dice (layout, 1, s->mobility);
}

static void
charge_resolve (gconstpointer  setup,
                const int     *faces,
                int           *outcome)
{
  const ChargeSetup *s = setup;
  int both[2];

  _muster_sov_test_resolve (&s->test, faces, both);
  outcome[0] = both[0];
  if (both[0] != MUSTER_SOV_TEST_PASS && both[0] != MUSTER_SOV_TEST_NO_TEST)
    outcome[1] = 0;
  else if (2 * faces[1] >= s->distance)
    outcome[1] = 2;
  else if (2 * (faces[1] + faces[2]) >= s->distance)
    outcome[1] = 3;
  else
    outcome[1] = 1;
}

const MusterSovPlay muster_sov_charge_play = {
  charge_prepare, charge_layout, charge_resolve,
};

const MusterProcedure muster_sov_charge_test = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "charge",
  .name = N_("Initiating a Close Assault"),
  .summary = N_("The attacker's Reaction Test (TL the sum of every row that applies), then up to "
                "two Combat Moves of twice the mobility die to reach the target. Defensive fire is "
                "not included."),
  MUSTER_PROCEDURE_INPUT_SPECS (charge_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (charge_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Last Stand (§4.12.5): D6, a 6 holds; +1 Inspired, +1 for a scenario's honour guard */

enum { LS_INSPIRED, LS_HONOUR_GUARD };

static const char * const last_stand_labels[] = { N_("Disintegrates"), N_("Last Stand"), NULL };

static const MusterInputSpec last_stand_inputs[] = {
  MUSTER_BOOL_INPUT ("inspired", N_("Inspired"), N_("An Inspired (IN) unit adds 1 to the roll."),
                     0),
  MUSTER_BOOL_INPUT ("honour-guard", N_("Honour guard"),
                     N_("The scenario may add 1 for honour guards."), 0),
};

static const MusterOutputSpec last_stand_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = last_stand_labels },
};

typedef struct
{
  int sides, need, bonus;
} LastStandSetup;

static gboolean
last_stand_prepare (const MusterRuleset  *ruleset,
                    const int            *values,
                    gpointer              setup,
                    GError              **error)
{
  LastStandSetup *s = setup;
  double sides, need, inspired, guard;

  if (!muster_table_read_number (ruleset, "last-stand", "die", "value", &sides, error)
      || !muster_table_read_number (ruleset, "last-stand", "need", "value", &need, error)
      || !muster_table_read_number (ruleset, "last-stand", "inspired", "value", &inspired, error)
      || !muster_table_read_number (ruleset, "last-stand", "honour-guard", "value", &guard,
                                    error))
    return FALSE;
  s->sides = (int) sides;
  s->need = (int) need;
  s->bonus = (values[LS_INSPIRED] ? (int) inspired : 0)
             + (values[LS_HONOUR_GUARD] ? (int) guard : 0);
  return TRUE;
}

static void
last_stand_layout (gconstpointer      setup,
                   MusterFaceLayout  *layout)
{
  const LastStandSetup *s = setup;

  muster_face_layout_add_dice (layout, 1, s->sides);
}

static void
last_stand_resolve (gconstpointer  setup,
                    const int     *faces,
                    int           *outcome)
{
  const LastStandSetup *s = setup;

  outcome[0] = faces[0] + s->bonus >= s->need;
}

const MusterSovPlay muster_sov_last_stand_play = {
  last_stand_prepare, last_stand_layout, last_stand_resolve,
};

const MusterProcedure muster_sov_last_stand = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "last-stand",
  .name = N_("Last Stand"),
  .summary = N_("A unit alone in cover, in position or behind a Shield Wall, facing three enemy "
                "units, rolls D6: a 6 makes its Last Stand (no more tests, suppression ignored); "
                "otherwise it disintegrates."),
  MUSTER_PROCEDURE_INPUT_SPECS (last_stand_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (last_stand_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Panic (§4.3.3): a Reaction test at the panic TL; removing the marker takes the whole
 * activation, and a failed removal on a natural 1 also costs 1 CL */

enum { PN_QUALITY, PN_LV, PN_ATTEMPT };
enum { PANIC_TEST, PANIC_REMOVAL };

static const char * const panic_attempts[] = { "test", "removal", NULL };
static const char * const panic_attempt_labels[] = { N_("Panic test"),
  N_("Removing the Panic marker"),
                                                     NULL };
static const char * const panic_labels[] = {
  N_("Pass: immune for the rest of the game"), N_("Fail: Panic marker (or it stays)"),
  N_("Fail on a natural 1: the marker stays and −1 CL"), NULL
};

static const MusterInputSpec panic_inputs[] = {
  QUALITY_INPUT,
  LV_INPUT,
  MUSTER_CHOICE_INPUT ("attempt", N_("Attempt"),
                       N_("The test when a trigger first happens (Untrained: first sight of the "
                          "enemy; Green: first fired on or first sight of heavy troops; Regular: "
                          "first attack by a Terror unit), or a removal, which takes both "
                          "actions."),
                       panic_attempts, panic_attempt_labels, PANIC_TEST),
};

static const MusterOutputSpec panic_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = panic_labels },
};

typedef struct
{
  MusterSovTestSetup test;
  gboolean           removal;
} PanicSetup;

static gboolean
panic_prepare (const MusterRuleset  *ruleset,
               const int            *values,
               gpointer              setup,
               GError              **error)
{
  PanicSetup *s = setup;
  double tl;

  if (!_muster_sov_quality_die (ruleset, values[PN_QUALITY], &s->test.sides, error)
      || !muster_table_read_number (ruleset, "reaction-threat-levels", "panic", "tl", &tl,
                                    error))
    return FALSE;
  s->test.target = values[PN_LV] + (int) tl;
  s->test.no_test = FALSE;
  s->removal = values[PN_ATTEMPT] == PANIC_REMOVAL;
  return TRUE;
}

static void
panic_resolve (gconstpointer  setup,
               const int     *faces,
               int           *outcome)
{
  const PanicSetup *s = setup;

  if (faces[0] > s->test.target)
    outcome[0] = 0;
  else
    outcome[0] = s->removal && faces[0] == 1 ? 2 : 1;
}

const MusterSovPlay muster_sov_panic_play = {
  /* the Quality Die only: PanicSetup starts with its test */
  panic_prepare, _muster_sov_test_layout, panic_resolve,
};

const MusterProcedure muster_sov_panic = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "panic",
  .name = N_("Panic"),
  .summary = N_("A Reaction test at TL 0 the first time a panic trigger happens: failure puts a "
                "Panic marker on the unit, which can then do nothing; removing it takes the whole "
                "activation, and a failed removal on a natural 1 also costs 1 CL."),
  MUSTER_PROCEDURE_INPUT_SPECS (panic_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (panic_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};
