/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include "muster-engine-error.h"
#include "muster-system-sov-private.h"

/*
 * Standards of Valor command and contact rolls: the communication test and the rally (§4.4),
 * the wedge's contact roll (§4.10.3), spotting and heroic combat between characters (§4.13).
 */

#define LV_SENDER_INPUT \
  { "sender-lv", "Sender's Leadership Value", "The commander's LV.", MUSTER_INPUT_INT, 1, 3, 1, \
    NULL, NULL }
#define SENDER_QUALITY_INPUT \
  { "sender-quality", "Sender's Unit Quality", "The commander's Quality Die, rolled for the " \
    "test.", \
    MUSTER_INPUT_CHOICE, 0, 0, 2, muster_sov_quality_ids, muster_sov_quality_labels }

static const char * const signal_ids[] = { "none", "horns", "heliograph", "telegraph", NULL };
static const char * const signal_labels[] = {
  "Voice or messenger", "Horns or drums (musicians)", "Heliograph or semaphore", "Telegraph",
  NULL
};

#define COMMUNICATION_INPUTS \
  { "distance", "Distance", "Inches between sender and receiver; within 6\" they are in direct " \
    "contact and need no test.", MUSTER_INPUT_INT, 0, 200, 13, NULL, NULL }, \
  { "levels", "Command levels apart", "The sender's die shifts down one step for each command " \
    "level beyond one between the two units.", MUSTER_INPUT_INT, 1, 4, 1, NULL, NULL }, \
  { "signal", "Signals", "Horns or drums count +1 per 12\" beyond 6\" instead of per 6\"; a " \
    "heliograph with unbroken line of sight, or a telegraph, has no range modifier.", \
    MUSTER_INPUT_CHOICE, 0, 0, 0, signal_ids, signal_labels }, \
  { "wind", "Wind level", "+1 per level.", MUSTER_INPUT_INT, 0, 5, 0, NULL, NULL }

static const char * const communication_labels[] = {
  "Direct contact", "Pass", "Fail", NULL
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
  { "receiver-lv", "Receiver's Leadership Value", "The higher of the two LVs is the target.",
    MUSTER_INPUT_INT, 1, 3, 2, NULL, NULL },
  COMMUNICATION_INPUTS,
};

static const MusterOutputSpec communication_outputs[] = {
  { "result", "Communication", communication_labels },
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

MUSTER_SOV_DEFINE_PLAY_FUNCS (communication, muster_sov_communication_play)

const MusterProcedure muster_sov_communication = {
  MUSTER_SOV_SYSTEM, "communication", "Communication test",
  "The sender's Quality Die against the higher LV plus 1 per 6\" beyond 6\"; automatic within "
  "6\".",
  communication_inputs, G_N_ELEMENTS (communication_inputs), communication_outputs,
  G_N_ELEMENTS (communication_outputs), communication_exact, communication_sample,
};

/* Rally: a superior's communication, then the unit's own Quality Die against both LVs */

enum { RA_QUALITY, RA_LV, RA_SENDER_QUALITY, RA_SENDER_LV, RA_DISTANCE };

static const MusterInputSpec rally_inputs[] = {
  { "quality", "Unit Quality", "The rallied unit's Quality Die.", MUSTER_INPUT_CHOICE, 0, 0, 2,
    muster_sov_quality_ids, muster_sov_quality_labels },
  { "lv", "Unit's Leadership Value", "Added to the commander's LV for the rally roll.",
    MUSTER_INPUT_INT, 1, 3, 2, NULL, NULL },
  SENDER_QUALITY_INPUT,
  LV_SENDER_INPUT,
  COMMUNICATION_INPUTS,
};

static const char * const rally_labels[] = {
  "Communication failed", "Not rallied", "Rallied (CL +1)", NULL
};

static const MusterOutputSpec rally_outputs[] = {
  { "result", "Rally", rally_labels },
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

static guint
rally_layout (gconstpointer  setup,
              int           *sizes)
{
  const RallySetup *s = setup;

  sizes[0] = s->communication.sides;
  sizes[1] = s->quality;
  return 2;
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

MUSTER_SOV_DEFINE_PLAY_FUNCS (rally, muster_sov_rally_play)

const MusterProcedure muster_sov_rally = {
  MUSTER_SOV_SYSTEM, "rally", "Rally Unit",
  "A superior's communication test (none within 6\"), then the unit's Quality Die must exceed "
  "its LV plus the commander's to raise its Confidence one level (never above its fatigue "
  "level, never back to Inspired).",
  rally_inputs, G_N_ELEMENTS (rally_inputs), rally_outputs, G_N_ELEMENTS (rally_outputs),
  rally_exact, rally_sample,
};

/* Wedge contact (§4.10.3) */

enum { WE_ATTACKER, WE_DEFENDER };

static const MusterInputSpec wedge_inputs[] = {
  { "attacker-quality", "Wedge's Unit Quality", "The wedge's Quality Die.", MUSTER_INPUT_CHOICE,
    0, 0, 2, muster_sov_quality_ids, muster_sov_quality_labels },
  { "defender-quality", "Defender's Unit Quality", "The defender's Quality Die.",
    MUSTER_INPUT_CHOICE, 0, 0, 2, muster_sov_quality_ids, muster_sov_quality_labels },
};

static const char * const wedge_labels[] = {
  "Wedge loses a level, collapses to Open Order", "Wedge collapses into a line",
  "Defender suppressed", "Defender loses a level", NULL
};

static const MusterOutputSpec wedge_outputs[] = {
  { "result", "Wedge contact", wedge_labels },
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

static guint
wedge_layout (gconstpointer  setup,
              int           *sizes)
{
  const WedgeSetup *s = setup;

  sizes[0] = s->attacker;
  sizes[1] = s->defender;
  return 2;
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

MUSTER_SOV_DEFINE_PLAY_FUNCS (wedge, muster_sov_wedge_play)

const MusterProcedure muster_sov_wedge = {
  MUSTER_SOV_SYSTEM, "wedge", "Wedge contact",
  "Both sides roll their Quality Die on contact: the wedge collapses unless it rolls higher; "
  "higher suppresses the defender, more than double costs it a level of integrity.",
  wedge_inputs, G_N_ELEMENTS (wedge_inputs), wedge_outputs, G_N_ELEMENTS (wedge_outputs),
  wedge_exact, wedge_sample,
};

/* Spotting (§4.13) */

enum { SP_QUALITY, SP_DISTANCE, SP_COVER, SP_IN_POSITION, SP_SPYGLASS };

static const MusterInputSpec spotting_inputs[] = {
  { "quality", "Observer's Unit Quality", "The observer's Quality Die.", MUSTER_INPUT_CHOICE, 0,
    0, 2, muster_sov_quality_ids, muster_sov_quality_labels },
  { "distance", "Distance", "The target's D4 shifts up one per full 12\".", MUSTER_INPUT_INT, 0,
    200, 12, NULL, NULL },
  { "cover", "Target's cover", "Soft +1, hard +2.", MUSTER_INPUT_CHOICE, 0, 0, 0,
    muster_sov_cover_ids, muster_sov_cover_labels },
  { "in-position", "Target In Position", "+1.", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "spyglass", "Spyglass", "The observer's second die is a D6 instead of the naked eye's D4.",
    MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
};

static const char * const spotting_labels[] = {
  "Nothing seen", "Marker flipped (the owner checks)", "Placed on the table", NULL
};

static const MusterOutputSpec spotting_outputs[] = {
  { "result", "Spotting", spotting_labels },
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

static guint
spotting_layout (gconstpointer  setup,
                 int           *sizes)
{
  const SpottingSetup *s = setup;

  sizes[0] = s->quality;
  sizes[1] = s->eye;
  sizes[2] = s->target;
  return 3;
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

MUSTER_SOV_DEFINE_PLAY_FUNCS (spotting, muster_sov_spotting_play)

const MusterProcedure muster_sov_spotting = {
  MUSTER_SOV_SYSTEM, "spotting", "Spotting (Observe)",
  "The observer's Quality Die and a D4 (D6 with a spyglass) against the target's D4 shifted by "
  "distance and cover: one beat flips the marker, two place the unit.",
  spotting_inputs, G_N_ELEMENTS (spotting_inputs), spotting_outputs,
  G_N_ELEMENTS (spotting_outputs), spotting_exact, spotting_sample,
};

/* Heroic combat, hand-to-hand (§4.13, Chapter XXIV) */

enum {
  HE_A_SKILL, HE_A_WEAPON, HE_A_ARMOUR, HE_A_SECONDARY,
  HE_D_SKILL, HE_D_WEAPON, HE_D_ARMOUR, HE_D_SECONDARY, HE_BLOW_READING
};

static const char * const blow_reading_ids[] = { "winner-dice", "literal", NULL };
static const char * const blow_reading_labels[] = {
  "Each of the winner's dice beating the loser's higher die",
  "The winner's higher die against each of the loser's dice (always major)", NULL
};

static const char * const hand_weapon_ids[] = {
  "dagger", "short-sword", "spear", "long-spear", "sword", "kontos", "pike", "lance",
  "long-sword", "saber", "halberd", NULL
};
static const char * const hand_weapon_labels[] = {
  "Dagger/Club", "Short Sword", "Spear", "Long Spear", "Sword", "Kontos", "Pike", "Lance",
  "Long Sword", "Saber", "Halberd", NULL
};
static const char * const secondary_ids[] = {
  "none", "buckler", "small-shield", "large-shield", "shield-wall", NULL
};
static const char * const secondary_labels[] = {
  "None", "Buckler or second weapon (D4)", "Small shield (D6)", "Large shield (D8)",
  "Large shield in a shield wall (D10)", NULL
};

#define HERO_INPUTS(side, Side) \
  { side "-skill", Side "'s hand-to-hand skill", "The skill (Quality) die, D4 unskilled to D12 " \
    "expert.", MUSTER_INPUT_CHOICE, 0, 0, 2, muster_sov_die_ids, muster_sov_die_labels }, \
  { side "-weapon", Side "'s weapon", "Its FP Die joins the skill die; its Impact wounds.", \
    MUSTER_INPUT_CHOICE, 0, 0, 4, hand_weapon_ids, hand_weapon_labels }, \
  { side "-armour", Side "'s armour", "Defence is the higher of the armour and secondary die.", \
    MUSTER_INPUT_CHOICE, 0, 0, 1, muster_sov_armour_ids, muster_sov_armour_labels }, \
  { side "-secondary", Side "'s shield or second weapon", "Its die, if higher, defends instead " \
    "of the armour.", MUSTER_INPUT_CHOICE, 0, 0, 0, secondary_ids, secondary_labels }

static const MusterInputSpec heroic_inputs[] = {
  HERO_INPUTS ("attacker", "Attacker"),
  HERO_INPUTS ("defender", "Defender"),
  { "blow-reading", "Minor and major blows", "As printed, the winner's higher die beats both of "
    "the loser's dice whenever it wins, so no blow is ever minor; by default each of the "
    "winner's two dice that beats the loser's higher die counts, as in heroic missile combat.",
    MUSTER_INPUT_CHOICE, 0, 0, 0, blow_reading_ids, blow_reading_labels },
};

static const char * const blow_labels[] = {
  "Defender's major blow", "Defender's minor blow", "No blow", "Attacker's minor blow",
  "Attacker's major blow", NULL
};
static const char * const wound_labels[] = {
  "No wound", "1 wound", "2 wounds", "Killed outright", NULL
};

enum { HEO_BLOW, HEO_A_WOUNDS, HEO_D_WOUNDS, HEO_N };

static const MusterOutputSpec heroic_outputs[] = {
  { "blow", "Blow", blow_labels },
  { "attacker-wounds", "Attacker's wounds", wound_labels },
  { "defender-wounds", "Defender's wounds", wound_labels },
};

typedef struct
{
  int skill, fp, impact, armour, secondary;   /* secondary 1 for none: never above armour */
} Hero;

typedef struct
{
  Hero     a, d;
  gboolean literal;
} HeroicSetup;

static gboolean
hero_prepare (const MusterRuleset  *ruleset,
              const int            *values,
              Hero                 *hero,
              GError              **error)
{
  static const int secondary_sides[] = { 1, 4, 6, 8, 10 };
  const char *weapon = hand_weapon_ids[values[HE_A_WEAPON]];

  hero->skill = muster_sov_die_sides (values[HE_A_SKILL]);
  hero->secondary = secondary_sides[values[HE_A_SECONDARY]];
  return _muster_sov_table_die (ruleset, "hand-to-hand-weapons", weapon, "fp-die", &hero->fp,
                                error)
         && _muster_sov_table_die (ruleset, "hand-to-hand-weapons", weapon, "impact",
                                   &hero->impact, error)
         && _muster_sov_table_die (ruleset, "armour",
                                   muster_sov_armour_ids[values[HE_A_ARMOUR]], "die",
                                   &hero->armour, error);
}

static gboolean
heroic_prepare (const MusterRuleset  *ruleset,
                const int            *values,
                gpointer              setup,
                GError              **error)
{
  HeroicSetup *s = setup;

  s->literal = values[HE_BLOW_READING] == 1;
  return hero_prepare (ruleset, values, &s->a, error)
         && hero_prepare (ruleset, values + HE_D_SKILL, &s->d, error);
}

/* Faces: the attacker's skill and FP dice, the defender's; then Impact, armour and secondary
 * for a blow on the defender, and the same for a blow on the attacker. */
static guint
heroic_layout (gconstpointer  setup,
               int           *sizes)
{
  const HeroicSetup *s = setup;
  const int layout[] = {
    s->a.skill, s->a.fp, s->d.skill, s->d.fp,
    s->a.impact, s->d.armour, s->d.secondary,
    s->d.impact, s->a.armour, s->a.secondary,
  };

  for (guint i = 0; i < G_N_ELEMENTS (layout); i++)
    sizes[i] = layout[i];
  return G_N_ELEMENTS (layout);
}

/* The blow from two pairs of dice: 0 none, 1 minor, 2 major for the side with the higher high
 * die; negative for the defender. */
static int
heroic_blow (gboolean literal,
             int      a1,
             int      a2,
             int      d1,
             int      d2)
{
  int a_high = MAX (a1, a2), d_high = MAX (d1, d2);

  if (a_high == d_high)
    return 0;
  if (literal)
    return a_high > d_high ? (a_high > d1) + (a_high > d2) : -((d_high > a1) + (d_high > a2));
  return a_high > d_high ? (a1 > d_high) + (a2 > d_high) : -((d1 > a_high) + (d2 > a_high));
}

/* Wounds of one blow: Impact (doubled on a major blow) against the better defence die. */
static int
heroic_wounds (int impact,
               gboolean major,
               int armour,
               int secondary)
{
  int blow = impact * (major ? 2 : 1), defence = MAX (armour, secondary);

  if (blow > 3 * defence)
    return 3;
  if (blow > 2 * defence)
    return 2;
  return blow > defence;
}

static void
heroic_resolve (gconstpointer  setup,
                const int     *faces,
                int           *outcome)
{
  const HeroicSetup *s = setup;
  int blow = heroic_blow (s->literal, faces[0], faces[1], faces[2], faces[3]);

  outcome[HEO_BLOW] = blow + 2;
  outcome[HEO_D_WOUNDS] = blow > 0 ? heroic_wounds (faces[4], blow == 2, faces[5], faces[6]) : 0;
  outcome[HEO_A_WOUNDS] = blow < 0 ? heroic_wounds (faces[7], blow == -2, faces[8], faces[9]) : 0;
}

const MusterSovPlay muster_sov_heroic_play = {
  heroic_prepare, heroic_layout, heroic_resolve,
};

/* P(wounds = w) for each w of a blow by @hitter on @target. */
static void
wound_law (const Hero *hitter,
           const Hero *target,
           gboolean    major,
           double     *law)
{
  double p = 1.0 / ((double) hitter->impact * target->armour * target->secondary);

  for (int w = 0; w < 4; w++)
    law[w] = 0;
  for (int i = 1; i <= hitter->impact; i++)
    for (int a = 1; a <= target->armour; a++)
      for (int b = 1; b <= target->secondary; b++)
        law[heroic_wounds (i, major, a, b)] += p;
}

static gboolean
heroic_exact (const MusterProcedure  *procedure,
              const MusterRuleset    *ruleset,
              const int              *values,
              MusterDist            **outputs,
              GError                **error)
{
  HeroicSetup s;
  double blows[5] = { 0 }, a_wounds[4] = { 0 }, d_wounds[4] = { 0 };
  double law[4], p;

  if (!heroic_prepare (ruleset, values, &s, error))
    return FALSE;
  p = 1.0 / ((double) s.a.skill * s.a.fp * s.d.skill * s.d.fp);
  for (int a1 = 1; a1 <= s.a.skill; a1++)
    for (int a2 = 1; a2 <= s.a.fp; a2++)
      for (int d1 = 1; d1 <= s.d.skill; d1++)
        for (int d2 = 1; d2 <= s.d.fp; d2++)
          blows[heroic_blow (s.literal, a1, a2, d1, d2) + 2] += p;

  /* A blow lands on one side only: the other takes no wound. */
  for (int blow = -2; blow <= 2; blow++)
    {
      if (blow == 0)
        continue;
      if (blow > 0)
        wound_law (&s.a, &s.d, blow == 2, law);
      else
        wound_law (&s.d, &s.a, blow == -2, law);
      for (int w = 0; w < 4; w++)
        (blow > 0 ? d_wounds : a_wounds)[w] += blows[blow + 2] * law[w];
      (blow > 0 ? a_wounds : d_wounds)[0] += blows[blow + 2];
    }
  a_wounds[0] += blows[2];
  d_wounds[0] += blows[2];

  outputs[HEO_BLOW] = muster_dist_new_from_weights (0, blows, 5);
  outputs[HEO_A_WOUNDS] = muster_dist_new_from_weights (0, a_wounds, 4);
  outputs[HEO_D_WOUNDS] = muster_dist_new_from_weights (0, d_wounds, 4);
  return TRUE;
}

static void
heroic_sample (const MusterProcedure *procedure,
               const MusterRuleset   *ruleset,
               const int             *values,
               MusterDice            *dice,
               int                   *outcome)
{
  _muster_sov_sample_play (&muster_sov_heroic_play, ruleset, values, dice, procedure->n_outputs,
                           outcome);
}

const MusterProcedure muster_sov_heroic_combat = {
  MUSTER_SOV_SYSTEM, "heroic-combat", "Heroic Combat, hand-to-hand",
  "Both characters roll skill and weapon FP dice and keep the higher: beating one of the "
  "loser's dice is a minor blow, both a major one. Impact (doubled on a major blow) against the "
  "better of armour and shield: over it 1 wound, over twice 2, over three times killed.",
  heroic_inputs, G_N_ELEMENTS (heroic_inputs), heroic_outputs, G_N_ELEMENTS (heroic_outputs),
  heroic_exact, heroic_sample,
};
