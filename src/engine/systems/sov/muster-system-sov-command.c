/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include "muster-engine-error.h"
#include "muster-system-sov-private.h"

/*
 * Standards of Valor command and contact rolls: the communication test and the rally (§4.4),
 * the wedge's contact roll (§4.10.3) and spotting (§4.13).
 */

#define LV_SENDER_INPUT \
  MUSTER_INT_INPUT ("sender-lv", N_("Sender's Leadership Value"), N_("The commander's LV."), \
                    1, 3, 1)
#define SENDER_QUALITY_INPUT \
  MUSTER_CHOICE_INPUT ("sender-quality", N_("Sender's Unit Quality"), \
                       N_("The commander's Quality Die, rolled for the test."), \
                       muster_sov_quality_ids, muster_sov_quality_labels, 2)

static const char * const signal_ids[] = { "none", "horns", "heliograph", "telegraph", NULL };
static const char * const signal_labels[] = {
  N_("Voice or messenger"), N_("Horns or drums (musicians)"), N_("Heliograph or semaphore"),
  N_("Telegraph"), NULL
};

#define COMMUNICATION_INPUTS \
  MUSTER_INT_INPUT ("distance", N_("Distance"), \
                    N_("Inches between sender and receiver; within 6\" they are in direct " \
                       "contact and need no test."), 0, 200, 13), \
  MUSTER_INT_INPUT ("levels", N_("Command levels apart"), \
                    N_("The sender's die shifts down one step for each command level beyond one " \
                       "between the two units."), 1, 4, 1), \
  MUSTER_CHOICE_INPUT ("signal", N_("Signals"), \
                       N_("Horns or drums count +1 per 12\" beyond 6\" instead of per " \
                          "6\"; a heliograph with unbroken line of sight, or a telegraph, " \
                          "has no range modifier."), signal_ids, signal_labels, 0), \
  MUSTER_INT_INPUT ("wind", N_("Wind level"), N_("+1 per level."), 0, 5, 0)

static const char * const communication_labels[] = {
  N_("Direct contact"), N_("Pass"), N_("Fail"), NULL
};

/* The communication test of a sender with @quality_sides and LV, to a receiver of @receiver_lv
 * (§4.4). Sets *@contact when within 6", where no roll is needed. */
static void
communication_test (int                 quality_sides,
                    int                 sender_lv,
                    int                 receiver_lv,
                    const int          *inputs,
                    MusterSovTestSetup *test)
{
  int distance = inputs[0], levels = inputs[1], signal = inputs[2], wind = inputs[3];
  int beyond = MAX (0, distance - 6);
  int range;

  /* [default, §9 #19] ⌈(d − 6)/6⌉, or per 12" with horns. */
  if (signal == 1)
    range = (beyond + 11) / 12;
  else if (signal >= 2)
    range = 0;
  else
    range = (beyond + 5) / 6;
  test->sides = _muster_sov_closed_shift (quality_sides, -(levels - 1));
  test->target = MAX (sender_lv, receiver_lv) + range + wind;
  test->no_test = distance <= 6;
}

/* Communication test */

enum { CO_QUALITY, CO_SENDER_LV, CO_RECEIVER_LV, CO_DISTANCE };

static const MusterInputSpec communication_inputs[] = {
  SENDER_QUALITY_INPUT,
  LV_SENDER_INPUT,
  MUSTER_INT_INPUT ("receiver-lv", N_("Receiver's Leadership Value"),
                    N_("The higher of the two LVs is the target."), 1, 3, 2),
  COMMUNICATION_INPUTS,
};

static const MusterOutputSpec communication_outputs[] = {
  { .id = "result", .label = N_("Communication"), .value_labels = communication_labels },
};

static gboolean
communication_prepare (const MusterRuleset  *ruleset,
                       const int            *values,
                       gpointer              setup,
                       GError              **error)
{
  MusterSovTestSetup *s = setup;
  int sides;

  if (!_muster_sov_quality_die (ruleset, values[CO_QUALITY], &sides, error))
    return FALSE;
  communication_test (sides, values[CO_SENDER_LV], values[CO_RECEIVER_LV],
                      values + CO_DISTANCE, s);
  return TRUE;
}

static void
communication_resolve (gconstpointer  setup,
                       const int     *faces,
                       int           *outcome)
{
  const MusterSovTestSetup *s = setup;

  outcome[0] = s->no_test ? 0 : faces[0] > s->target ? 1 : 2;
}

const MusterSovPlay muster_sov_communication_play = {
  communication_prepare, _muster_sov_test_layout, communication_resolve,
};

const MusterProcedure muster_sov_communication = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "communication",
  .name = N_("Communication test"),
  .summary = N_("The sender's Quality Die against the higher LV plus 1 per 6\" beyond 6\"; "
                "automatic within 6\"."),
  MUSTER_PROCEDURE_INPUT_SPECS (communication_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (communication_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Rally: a superior's communication, then the unit's own Quality Die against both LVs */

enum { RA_QUALITY, RA_LV, RA_SENDER_QUALITY, RA_SENDER_LV, RA_DISTANCE };

static const MusterInputSpec rally_inputs[] = {
  MUSTER_CHOICE_INPUT ("quality", N_("Unit Quality"), N_("The rallied unit's Quality Die."),
                       muster_sov_quality_ids, muster_sov_quality_labels, 2),
  MUSTER_INT_INPUT ("lv", N_("Unit's Leadership Value"),
                    N_("Added to the commander's LV for the rally roll."), 1, 3, 2),
  SENDER_QUALITY_INPUT,
  LV_SENDER_INPUT,
  COMMUNICATION_INPUTS,
};

static const char * const rally_labels[] = {
  N_("Communication failed"), N_("Not rallied"), N_("Rallied (CL +1)"), NULL
};

static const MusterOutputSpec rally_outputs[] = {
  { .id = "result", .label = N_("Rally"), .value_labels = rally_labels },
};

typedef struct
{
  MusterSovTestSetup communication;
  int                quality, target;
} RallySetup;

static gboolean
rally_prepare (const MusterRuleset  *ruleset,
               const int            *values,
               gpointer              setup,
               GError              **error)
{
  RallySetup *s = setup;
  int sender;

  if (!_muster_sov_quality_die (ruleset, values[RA_QUALITY], &s->quality, error)
      || !_muster_sov_quality_die (ruleset, values[RA_SENDER_QUALITY], &sender, error))
    return FALSE;
  communication_test (sender, values[RA_SENDER_LV], values[RA_LV], values + RA_DISTANCE,
                      &s->communication);
  s->target = values[RA_LV] + values[RA_SENDER_LV];
  return TRUE;
}

static void
rally_layout (gconstpointer      setup,
              MusterFaceLayout  *layout)
{
  const RallySetup *s = setup;

  muster_face_layout_add_dice (layout, 1, s->communication.sides);
  muster_face_layout_add_dice (layout, 1, s->quality);
}

static void
rally_resolve (gconstpointer  setup,
               const int     *faces,
               int           *outcome)
{
  const RallySetup *s = setup;

  if (!s->communication.no_test && faces[0] <= s->communication.target)
    outcome[0] = 0;
  else
    outcome[0] = faces[1] > s->target ? 2 : 1;
}

const MusterSovPlay muster_sov_rally_play = {
  rally_prepare, rally_layout, rally_resolve,
};

const MusterProcedure muster_sov_rally = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "rally",
  .name = N_("Rally Unit"),
  .summary = N_("A superior's communication test (none within 6\"), then the unit's Quality Die "
                "must exceed its LV plus the commander's to raise its Confidence one level (never "
                "above its fatigue level, never back to Inspired)."),
  MUSTER_PROCEDURE_INPUT_SPECS (rally_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (rally_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Wedge contact (§4.10.3) */

enum { WE_ATTACKER, WE_DEFENDER };

static const MusterInputSpec wedge_inputs[] = {
  MUSTER_CHOICE_INPUT ("attacker-quality", N_("Wedge's Unit Quality"),
                       N_("The wedge's Quality Die."),
                       muster_sov_quality_ids, muster_sov_quality_labels, 2),
  MUSTER_CHOICE_INPUT ("defender-quality", N_("Defender's Unit Quality"),
                       N_("The defender's Quality Die."),
                       muster_sov_quality_ids, muster_sov_quality_labels, 2),
};

static const char * const wedge_labels[] = {
  N_("Wedge loses a level, collapses to Open Order"), N_("Wedge collapses into a line"),
  N_("Defender suppressed"), N_("Defender loses a level"), NULL
};

static const MusterOutputSpec wedge_outputs[] = {
  { .id = "result", .label = N_("Wedge contact"), .value_labels = wedge_labels },
};

typedef struct
{
  int attacker, defender;
} WedgeSetup;

static gboolean
wedge_prepare (const MusterRuleset  *ruleset,
               const int            *values,
               gpointer              setup,
               GError              **error)
{
  WedgeSetup *s = setup;

  return _muster_sov_quality_die (ruleset, values[WE_ATTACKER], &s->attacker, error)
         && _muster_sov_quality_die (ruleset, values[WE_DEFENDER], &s->defender, error);
}

static void
wedge_layout (gconstpointer      setup,
              MusterFaceLayout  *layout)
{
  const WedgeSetup *s = setup;

  muster_face_layout_add_dice (layout, 1, s->attacker);
  muster_face_layout_add_dice (layout, 1, s->defender);
}

static void
wedge_resolve (gconstpointer  setup,
               const int     *faces,
               int           *outcome)
{
  int a = faces[0], d = faces[1];

  if (d >= 2 * a)
    outcome[0] = 0;
  else if (a <= d)
    outcome[0] = 1;
  else if (a > 2 * d)
    outcome[0] = 3;
  else
    outcome[0] = 2;
}

const MusterSovPlay muster_sov_wedge_play = {
  wedge_prepare, wedge_layout, wedge_resolve,
};

const MusterProcedure muster_sov_wedge = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "wedge",
  .name = N_("Wedge contact"),
  .summary = N_("Both sides roll their Quality Die on contact: the wedge collapses unless it rolls "
                "higher; higher suppresses the defender, more than double costs it a level of "
                "integrity."),
  MUSTER_PROCEDURE_INPUT_SPECS (wedge_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (wedge_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Spotting (§4.13) */

enum { SP_QUALITY, SP_DISTANCE, SP_COVER, SP_IN_POSITION, SP_SPYGLASS };

static const MusterInputSpec spotting_inputs[] = {
  MUSTER_CHOICE_INPUT ("quality", N_("Observer's Unit Quality"), N_("The observer's Quality Die."),
                       muster_sov_quality_ids, muster_sov_quality_labels, 2),
  MUSTER_INT_INPUT ("distance", N_("Distance"),
                    N_("The target's D4 shifts up one per full 12\"."), 0, 200, 12),
  MUSTER_CHOICE_INPUT ("cover", N_("Target's cover"), N_("Soft +1, hard +2."),
                       muster_sov_cover_ids, muster_sov_cover_labels, 0),
  MUSTER_BOOL_INPUT ("in-position", N_("Target In Position"), N_("+1."), 0),
  MUSTER_BOOL_INPUT ("spyglass", N_("Spyglass"),
                     N_("The observer's second die is a D6 instead of the naked eye's D4."), 0),
};

static const char * const spotting_labels[] = {
  N_("Nothing seen"), N_("Marker flipped (the owner checks)"), N_("Placed on the table"), NULL
};

static const MusterOutputSpec spotting_outputs[] = {
  { .id = "result", .label = N_("Spotting"), .value_labels = spotting_labels },
};

typedef struct
{
  int quality, eye, target;
} SpottingSetup;

static gboolean
spotting_prepare (const MusterRuleset  *ruleset,
                  const int            *values,
                  gpointer              setup,
                  GError              **error)
{
  SpottingSetup *s = setup;
  int shift = values[SP_DISTANCE] / 12;

  if (!_muster_sov_quality_die (ruleset, values[SP_QUALITY], &s->quality, error)
      || !_muster_sov_add_shift (ruleset, "range-die-shifts", "soft-cover",
                                 values[SP_COVER] == 1, &shift, error)
      || !_muster_sov_add_shift (ruleset, "range-die-shifts", "hard-cover",
                                 values[SP_COVER] == 2, &shift, error)
      || !_muster_sov_add_shift (ruleset, "range-die-shifts", "in-position",
                                 values[SP_IN_POSITION], &shift, error))
    return FALSE;
  /* [default] ⌊d/12⌋ shifts of the target's D4, closed at D12. */
  s->target = _muster_sov_closed_shift (4, shift);
  s->eye = values[SP_SPYGLASS] ? 6 : 4;
  return TRUE;
}

static void
spotting_layout (gconstpointer      setup,
                 MusterFaceLayout  *layout)
{
  const SpottingSetup *s = setup;

  muster_face_layout_add_dice (layout, 1, s->quality);
  muster_face_layout_add_dice (layout, 1, s->eye);
  muster_face_layout_add_dice (layout, 1, s->target);
}

static void
spotting_resolve (gconstpointer  setup,
                  const int     *faces,
                  int           *outcome)
{
  outcome[0] = (faces[0] > faces[2]) + (faces[1] > faces[2]);
}

const MusterSovPlay muster_sov_spotting_play = {
  spotting_prepare, spotting_layout, spotting_resolve,
};

const MusterProcedure muster_sov_spotting = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "spotting",
  .name = N_("Spotting (Observe)"),
  .summary = N_("The observer's Quality Die and a D4 (D6 with a spyglass) against the target's D4 "
                "shifted by distance and cover: one beat flips the marker, two place the unit."),
  MUSTER_PROCEDURE_INPUT_SPECS (spotting_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (spotting_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};
