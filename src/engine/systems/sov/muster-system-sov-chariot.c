/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include "muster-system-sov-private.h"

/*
 * Standards of Valor scythed chariots (§4.9): the hits of a charge through a formation, the
 * target's casualties and its Confidence Test.
 */

static const char *
formation_row (int formation)
{
  static const char * const rows[] = { "close", "open", "skirmish" };

  return rows[CLAMP (formation, 0, 2)];
}

enum { SC_FORMATION, SC_RANKS, SC_ARMOUR, SC_QUALITY, SC_LV, SC_MOTIVATION };

static const MusterInputSpec scythed_inputs[] = {
  MUSTER_CHOICE_INPUT ("target-formation", N_("Target's Unit Integrity"),
                       N_("Hits per rank passed through: Close Order 6, Open Order 4, Skirmish 2."),
                       muster_sov_formation_ids, muster_sov_formation_labels, 0),
  MUSTER_INT_INPUT ("ranks", N_("Ranks passed through"),
                    N_("Ranks of the target the chariot drives through."), 1, 10, 2),
  MUSTER_CHOICE_INPUT ("armour", N_("Target's armour"),
                       N_("Each hit is a D12 Impact against this Armor Die."),
                       muster_sov_armour_ids, muster_sov_armour_labels, 1),
  MUSTER_CHOICE_INPUT ("quality", N_("Target's Unit Quality"),
                       N_("For its Confidence Test after casualties."),
                       muster_sov_quality_ids, muster_sov_quality_labels, 2),
  MUSTER_INT_INPUT ("lv", N_("Target's Leadership Value"), N_("For its Confidence Test."), 1, 3, 2),
  MUSTER_CHOICE_INPUT ("motivation", N_("Target's Mission Motivation"),
                       N_("The \"takes casualties\" row of the threat table; its NTR counts as TL "
                          "0 here (§9 #23)."),
                       muster_sov_motivation_ids, muster_sov_motivation_labels, 1),
};

static const char * const scythed_test_labels[] = {
  N_("No test required"), N_("Pass"), N_("Fail (CL −1)"), N_("Major failure (CL −2)"), NULL
};
static const char * const scythed_chariot_labels[] = { N_("Survives"), N_("Destroyed"), NULL };

enum { SCO_CASUALTIES, SCO_TEST, SCO_CHARIOT, SCO_N };

static const MusterOutputSpec scythed_outputs[] = {
  { .id = "casualties", .label = N_("Casualties") },
  { .id = "confidence", .label = N_("Target's Confidence Test"),
    .value_labels = scythed_test_labels },
  { .id = "chariot", .label = N_("Chariot"), .value_labels = scythed_chariot_labels },
};

typedef struct
{
  int      hits, armour;
  gboolean destroyed;
  MusterSovTestSetup test;
} ScythedSetup;

static gboolean
scythed_prepare (const MusterRuleset  *ruleset,
                 const int            *values,
                 gpointer              setup,
                 GError              **error)
{
  ScythedSetup *s = setup;
  const char *tl;
  double per_rank;

  if (!muster_table_read_number (ruleset, "scythed-chariot-hits",
                                 formation_row (values[SC_FORMATION]), "hits", &per_rank, error)
      || !muster_table_read_int (ruleset, "armour", muster_sov_armour_ids[values[SC_ARMOUR]],
                                 "die", &s->armour, error)
      || !_muster_sov_quality_die (ruleset, values[SC_QUALITY], &s->test.sides, error)
      || !muster_table_read_text (ruleset, "confidence-threat-levels", "casualties",
                                  muster_sov_motivation_ids[values[SC_MOTIVATION]], &tl, error))
    return FALSE;
  s->hits = (int) per_rank * values[SC_RANKS];
  /* The chariot is destroyed when it hits a Close or Open Order unit. */
  s->destroyed = values[SC_FORMATION] != 2;
  s->test.target = values[SC_LV] + (tl != NULL ? (int) g_ascii_strtoll (tl, NULL, 10) : 0);
  s->test.no_test = FALSE;
  return TRUE;
}

/* Faces: Impact and Armor per hit, then the target's Quality Die. */
static void
scythed_layout (gconstpointer      setup,
                MusterFaceLayout  *layout)
{
  const ScythedSetup *s = setup;

  for (int i = 0; i < s->hits; i++)
    {
      muster_face_layout_add_dice (layout, 1, 12);
      muster_face_layout_add_dice (layout, 1, s->armour);
    }
  muster_face_layout_add_dice (layout, 1, s->test.sides);
}

static void
scythed_resolve (gconstpointer  setup,
                 const int     *faces,
                 int           *outcome)
{
  const ScythedSetup *s = setup;
  int casualties = 0, test[2];

  for (int i = 0; i < s->hits; i++)
    casualties += faces[2 * i] > faces[2 * i + 1];
  _muster_sov_test_resolve (&s->test, faces + 2 * s->hits, test);
  outcome[SCO_CASUALTIES] = casualties;
  /* Only units that take casualties test. */
  outcome[SCO_TEST] = casualties > 0 ? test[0] : MUSTER_SOV_TEST_NO_TEST;
  outcome[SCO_CHARIOT] = s->destroyed;
}

const MusterSovPlay muster_sov_scythed_chariot_play = {
  scythed_prepare, scythed_layout, scythed_resolve,
};

static gboolean
scythed_exact (const MusterProcedure  *procedure,
               const MusterRuleset    *ruleset,
               const int              *values,
               MusterDist            **outputs,
               GError                **error)
{
  ScythedSetup s;
  double test[4] = { 0 };
  double p_none;

  if (!scythed_prepare (ruleset, values, &s, error))
    return FALSE;
  outputs[SCO_CASUALTIES] = muster_dist_new_binomial (s.hits,
                                                      _muster_sov_p_greater (12, s.armour));
  p_none = muster_dist_get_prob (outputs[SCO_CASUALTIES], 0);
  test[MUSTER_SOV_TEST_NO_TEST] = p_none;
  for (int roll = 1; roll <= s.test.sides; roll++)
    test[_muster_sov_test_result (roll, s.test.target)] += (1 - p_none) / s.test.sides;
  outputs[SCO_TEST] = muster_dist_new_from_weights (0, test, 4);
  outputs[SCO_CHARIOT] = muster_dist_new_constant (s.destroyed);
  return TRUE;
}

const MusterProcedure muster_sov_scythed_chariot = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "scythed-chariot",
  .name = N_("Scythed chariots"),
  .summary = N_("Hits for each rank passed through (Close 6, Open 4, Skirmish 2), each a D12 "
                "Impact against armour; a target taking casualties tests Confidence. The chariot "
                "dies against formed troops."),
  MUSTER_PROCEDURE_INPUT_SPECS (scythed_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (scythed_outputs),
  .exact = scythed_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};
