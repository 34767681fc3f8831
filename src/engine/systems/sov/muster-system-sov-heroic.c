/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include "muster-engine-error.h"
#include "muster-system-sov-private.h"

/*
 * Standards of Valor characters (§4.13, Chapter XXIV): heroic hand-to-hand and missile combat,
 * and sniper fire.
 */

/* Heroic combat, hand-to-hand (§4.13, Chapter XXIV) */

enum {
  HE_A_SKILL, HE_A_WEAPON, HE_A_ARMOUR, HE_A_SECONDARY,
  HE_D_SKILL, HE_D_WEAPON, HE_D_ARMOUR, HE_D_SECONDARY, HE_BLOW_READING
};

static const char * const blow_reading_ids[] = { "winner-dice", "literal", NULL };
static const char * const blow_reading_labels[] = {
  N_("Each of the winner's dice beating the loser's higher die"),
  N_("The winner's higher die against each of the loser's dice (always major)"), NULL
};

static const char * const secondary_ids[] = {
  "none", "buckler", "small-shield", "large-shield", "shield-wall", NULL
};
static const char * const secondary_labels[] = {
  N_("None"), N_("Buckler or second weapon (D4)"), N_("Small shield (D6)"), N_("Large shield (D8)"),
  N_("Large shield in a shield wall (D10)"), NULL
};

/* One hero's inputs; each label whole, so that it can be translated */
#define HERO_INPUTS(side, skill, weapon, armour, secondary) \
  MUSTER_CHOICE_INPUT (side "-skill", skill, \
                       N_("The skill (Quality) die, D4 unskilled to D12 expert."), \
                       muster_sov_die_ids, muster_sov_die_labels, 2), \
  MUSTER_CHOICE_INPUT (side "-weapon", weapon, \
                       N_("Its FP Die joins the skill die; its Impact wounds."), \
                       muster_sov_weapon_ids, muster_sov_weapon_labels, 4), \
  MUSTER_CHOICE_INPUT (side "-armour", armour, \
                       N_("Defence is the higher of the armour and secondary die."), \
                       muster_sov_armour_ids, muster_sov_armour_labels, 1), \
  MUSTER_CHOICE_INPUT (side "-secondary", secondary, \
                       N_("Its die, if higher, defends instead of the armour."), \
                       secondary_ids, secondary_labels, 0)

static const MusterInputSpec heroic_inputs[] = {
  HERO_INPUTS ("attacker", N_("Attacker's hand-to-hand skill"), N_("Attacker's weapon"),
               N_("Attacker's armour"), N_("Attacker's shield or second weapon")),
  HERO_INPUTS ("defender", N_("Defender's hand-to-hand skill"), N_("Defender's weapon"),
               N_("Defender's armour"), N_("Defender's shield or second weapon")),
  MUSTER_CHOICE_INPUT ("blow-reading", N_("Minor and major blows"),
                       N_("As printed, the winner's higher die beats both of the loser's dice "
                          "whenever it wins, so no blow is ever minor; by default each of the "
                          "winner's two dice that beats the loser's higher die counts, as in "
                          "heroic missile combat."), blow_reading_ids, blow_reading_labels, 0),
};

static const char * const blow_labels[] = {
  N_("Defender's major blow"), N_("Defender's minor blow"), N_("No blow"),
  N_("Attacker's minor blow"), N_("Attacker's major blow"), NULL
};
static const char * const wound_labels[] = {
  N_("No wound"), N_("1 wound"), N_("2 wounds"), N_("Killed outright"), NULL
};

enum { HEO_BLOW, HEO_A_WOUNDS, HEO_D_WOUNDS, HEO_N };

static const MusterOutputSpec heroic_outputs[] = {
  { .id = "blow", .label = N_("Blow"), .value_labels = blow_labels },
  { .id = "attacker-wounds", .label = N_("Attacker's wounds"), .value_labels = wound_labels },
  { .id = "defender-wounds", .label = N_("Defender's wounds"), .value_labels = wound_labels },
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
  const char *weapon = muster_sov_weapon_ids[values[HE_A_WEAPON]];

  hero->skill = _muster_sov_die_sides (values[HE_A_SKILL]);
  hero->secondary = secondary_sides[values[HE_A_SECONDARY]];
  return muster_table_read_int (ruleset, "hand-to-hand-weapons", weapon, "fp-die", &hero->fp,
                                error)
         && muster_table_read_int (ruleset, "hand-to-hand-weapons", weapon, "impact",
                                   &hero->impact, error)
         && muster_table_read_int (ruleset, "armour",
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
static void
heroic_layout (gconstpointer      setup,
               MusterFaceLayout  *layout)
{
  const HeroicSetup *s = setup;
  const int sides[] = {
    s->a.skill, s->a.fp, s->d.skill, s->d.fp,
    s->a.impact, s->d.armour, s->d.secondary,
    s->d.impact, s->a.armour, s->a.secondary,
  };

  muster_face_layout_add_each (layout, sides, G_N_ELEMENTS (sides));
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

const MusterProcedure muster_sov_heroic_combat = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "heroic-combat",
  .name = N_("Heroic Combat, hand-to-hand"),
  .summary = N_("Both characters roll skill and weapon FP dice and keep the higher: beating one of "
                "the loser's dice is a minor blow, both a major one. Impact (doubled on a major "
                "blow) against the better of armour and shield: over it 1 wound, over twice 2, "
                "over three times killed."),
  MUSTER_PROCEDURE_INPUT_SPECS (heroic_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (heroic_outputs),
  .exact = heroic_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Heroic missile combat and sniper fire: two dice against a Range Die */

typedef struct
{
  int      skill, fp, impact;   /* the shooter's dice */
  int      range;               /* 0: no shot possible */
  int      armour, secondary;   /* the target's defence dice */
} ShotSetup;

/* The Range Die of a shot at @distance with the shooter's band @band and the target's shifts
 * (§4.8); 0 when it would pass D12. */
static gboolean
shot_range (const MusterRuleset  *ruleset,
            double                band,
            int                   distance,
            int                   cover,
            gboolean              in_position,
            gboolean              lone,
            int                  *range,
            GError              **error)
{
  int index, shift = 0;

  if (!_muster_sov_add_shift (ruleset, "range-die-shifts", "soft-cover", cover == 1, &shift,
                              error)
      || !_muster_sov_add_shift (ruleset, "range-die-shifts", "hard-cover", cover == 2, &shift,
                                 error)
      || !_muster_sov_add_shift (ruleset, "range-die-shifts", "in-position", in_position, &shift,
                                 error)
      || !_muster_sov_add_shift (ruleset, "range-die-shifts", "lone-figure", lone, &shift, error))
    return FALSE;
  if (!_muster_sov_range_band_index (distance, band, &index) || index + shift > MUSTER_SOV_D12)
    *range = 0;
  else
    *range = _muster_sov_die_sides (index + shift);
  return TRUE;
}

static gboolean
shooter_prepare (const MusterRuleset  *ruleset,
                 int                   weapon,
                 int                   skill_sides,
                 double                band_factor,
                 const int            *target_values,
                 ShotSetup            *s,
                 GError              **error)
{
  const char *id = muster_sov_missile_ids[weapon];
  double rbm;

  s->skill = skill_sides;
  return muster_table_read_int (ruleset, "missile-weapons", id, "fp-die", &s->fp, error)
         && muster_table_read_int (ruleset, "missile-weapons", id, "impact", &s->impact, error)
         && muster_table_read_number (ruleset, "missile-weapons", id, "rbm", &rbm, error)
         && shot_range (ruleset, rbm * skill_sides * band_factor, target_values[0],
                        target_values[1], target_values[2], target_values[3], &s->range, error);
}

/* Faces: skill, FP, Range, Impact, armour, secondary. */
static void
shot_layout (gconstpointer      setup,
             MusterFaceLayout  *layout)
{
  const ShotSetup *s = setup;
  const int sides[] = { s->skill, s->fp, s->range, s->impact, s->armour, s->secondary };

  if (s->range != 0)
    muster_face_layout_add_each (layout, sides, G_N_ELEMENTS (sides));
}

#define TARGET_INPUTS(default_distance, lone_default) \
  MUSTER_INT_INPUT ("distance", N_("Range"), \
                    N_("Inches; the band is the weapon's RBM × the skill die's size."), \
                    0, 300, default_distance), \
  MUSTER_CHOICE_INPUT ("cover", N_("Target's cover"), N_("Soft +1, hard +2 to the Range Die."), \
                       muster_sov_cover_ids, muster_sov_cover_labels, 0), \
  MUSTER_BOOL_INPUT ("in-position", N_("Target In Position"), N_("+1."), 0), \
  MUSTER_BOOL_INPUT ("lone-figure", N_("Lone Independent Figure"), \
                     N_("+2 when the target is a figure on its own."), lone_default), \
  MUSTER_CHOICE_INPUT ("armour", N_("Target's armour"), N_("Its Armor Die."), \
                       muster_sov_armour_ids, muster_sov_armour_labels, 1)

/* Heroic missile combat */

enum { HM_SKILL, HM_WEAPON, HM_DISTANCE, HM_COVER, HM_IN_POSITION, HM_LONE, HM_ARMOUR,
       HM_SECONDARY };

static const MusterInputSpec heroic_missile_inputs[] = {
  MUSTER_CHOICE_INPUT ("skill", N_("Missile weapon skill"),
                       N_("The character's skill die, D4 unskilled to D12 expert."),
                       muster_sov_die_ids, muster_sov_die_labels, 2),
  MUSTER_CHOICE_INPUT ("weapon", N_("Missile weapon"),
                       N_("Its FP Die joins the skill die; its Impact wounds."),
                       muster_sov_missile_ids, muster_sov_missile_labels, 5),
  TARGET_INPUTS (10, 1),
  MUSTER_CHOICE_INPUT ("secondary", N_("Target's shield"),
                       N_("Its die, if higher, defends instead of the armour."),
                       secondary_ids, secondary_labels, 0),
};

static const char * const missile_blow_labels[] = {
  N_("Shot impossible"), N_("Miss"), N_("Minor blow"), N_("Major blow"), NULL
};

static const MusterOutputSpec heroic_missile_outputs[] = {
  { .id = "blow", .label = N_("Blow"), .value_labels = missile_blow_labels },
  { .id = "wounds", .label = N_("Target's wounds"), .value_labels = wound_labels },
};

static gboolean
heroic_missile_prepare (const MusterRuleset  *ruleset,
                        const int            *values,
                        gpointer              setup,
                        GError              **error)
{
  static const int secondary_sides[] = { 1, 4, 6, 8, 10 };
  ShotSetup *s = setup;

  s->secondary = secondary_sides[values[HM_SECONDARY]];
  return muster_table_read_int (ruleset, "armour", muster_sov_armour_ids[values[HM_ARMOUR]],
                                "die", &s->armour, error)
         && shooter_prepare (ruleset, values[HM_WEAPON],
                             _muster_sov_die_sides (values[HM_SKILL]), 1, values + HM_DISTANCE,
                             s, error);
}

static void
heroic_missile_resolve (gconstpointer  setup,
                        const int     *faces,
                        int           *outcome)
{
  const ShotSetup *s = setup;
  int beats;

  if (s->range == 0)
    {
      outcome[0] = outcome[1] = 0;
      return;
    }
  beats = (faces[0] > faces[2]) + (faces[1] > faces[2]);
  outcome[0] = 1 + beats;
  outcome[1] = beats > 0 ? heroic_wounds (faces[3], beats == 2, faces[4], faces[5]) : 0;
}

const MusterSovPlay muster_sov_heroic_missile_play = {
  heroic_missile_prepare, shot_layout, heroic_missile_resolve,
};

static gboolean
heroic_missile_exact (const MusterProcedure  *procedure,
                      const MusterRuleset    *ruleset,
                      const int              *values,
                      MusterDist            **outputs,
                      GError                **error)
{
  ShotSetup s;
  Hero shooter = { 0 }, target = { 0 };
  double blows[4] = { 0 }, wounds[4] = { 0 }, law[4];
  double p;

  if (!heroic_missile_prepare (ruleset, values, &s, error))
    return FALSE;
  if (s.range == 0)
    {
      outputs[0] = muster_dist_new_constant (0);
      outputs[1] = muster_dist_new_constant (0);
      return TRUE;
    }
  p = 1.0 / ((double) s.skill * s.fp * s.range);
  for (int r = 1; r <= s.range; r++)
    for (int q = 1; q <= s.skill; q++)
      for (int f = 1; f <= s.fp; f++)
        blows[1 + (q > r) + (f > r)] += p;

  shooter.impact = s.impact;
  target.armour = s.armour;
  target.secondary = s.secondary;
  wounds[0] = blows[1];
  for (int beats = 1; beats <= 2; beats++)
    {
      wound_law (&shooter, &target, beats == 2, law);
      for (int w = 0; w < 4; w++)
        wounds[w] += blows[1 + beats] * law[w];
    }
  outputs[0] = muster_dist_new_from_weights (0, blows, 4);
  outputs[1] = muster_dist_new_from_weights (0, wounds, 4);
  return TRUE;
}

const MusterProcedure muster_sov_heroic_missile = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "heroic-missile",
  .name = N_("Heroic Combat, missile"),
  .summary = N_("The character's skill die and the weapon's FP Die against the target's Range Die: "
                "one beating it is a minor blow, both a major one; then Impact as in heroic "
                "hand-to-hand combat."),
  MUSTER_PROCEDURE_INPUT_SPECS (heroic_missile_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (heroic_missile_outputs),
  .exact = heroic_missile_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Sniper fire */

enum { SN_QUALITY, SN_WEAPON, SN_TELESCOPIC, SN_DISTANCE };

static const MusterInputSpec sniper_inputs[] = {
  MUSTER_CHOICE_INPUT ("quality", N_("Sniper's Quality"),
                       N_("The sniper's Quality Die; a natural 1 reveals the sniper."),
                       muster_sov_quality_ids, muster_sov_quality_labels, 3),
  MUSTER_CHOICE_INPUT ("weapon", N_("Missile weapon"),
                       N_("Its FP Die joins the Quality Die; its Impact kills."),
                       muster_sov_missile_ids, muster_sov_missile_labels, 9),
  MUSTER_BOOL_INPUT ("telescopic", N_("Telescopic sight"), N_("Doubles the sniper's range band."),
                     0),
  TARGET_INPUTS (20, 0),
};

static const char * const sniper_hit_labels[] = {
  N_("Shot impossible"), N_("Missed (target suppressed)"), N_("A random figure hit"),
  N_("The chosen figure hit"), NULL
};

static const MusterOutputSpec sniper_outputs[] = {
  { .id = "hit", .label = N_("Hit"), .value_labels = sniper_hit_labels },
  { .id = "casualty", .label = N_("Casualty") },
  { .id = "revealed", .label = N_("Sniper revealed") },
};

static gboolean
sniper_prepare (const MusterRuleset  *ruleset,
                const int            *values,
                gpointer              setup,
                GError              **error)
{
  ShotSetup *s = setup;
  int skill;

  s->secondary = 1;
  return _muster_sov_quality_die (ruleset, values[SN_QUALITY], &skill, error)
         && muster_table_read_int (ruleset, "armour",
                                   muster_sov_armour_ids[values[SN_DISTANCE + 4]], "die",
                                   &s->armour, error)
         && shooter_prepare (ruleset, values[SN_WEAPON], skill, values[SN_TELESCOPIC] ? 2 : 1,
                             values + SN_DISTANCE, s, error);
}

static void
sniper_resolve (gconstpointer  setup,
                const int     *faces,
                int           *outcome)
{
  const ShotSetup *s = setup;
  int beats;

  if (s->range == 0)
    {
      outcome[0] = outcome[1] = outcome[2] = 0;
      return;
    }
  beats = (faces[0] > faces[2]) + (faces[1] > faces[2]);
  outcome[0] = 1 + beats;
  outcome[1] = beats > 0 && faces[3] > faces[4];
  outcome[2] = faces[0] == 1;
}

const MusterSovPlay muster_sov_sniper_play = {
  sniper_prepare, shot_layout, sniper_resolve,
};

const MusterProcedure muster_sov_sniper = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "sniper",
  .name = N_("Sniper fire"),
  .summary = N_("The sniper's Quality and FP dice against a Range Die from his band: even a miss "
                "suppresses; one die beating it hits a random figure, two the figure he picks "
                "(leaders too); then Impact against Armor."),
  MUSTER_PROCEDURE_INPUT_SPECS (sniper_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (sniper_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Independent Figures (§4.13): no Confidence Level, so a failed Confidence test puts a
 * Suppression marker on the figure and a major failure a Panic marker; Panic is removed like
 * suppression (QD > LV), but a 1 rolled while trying removes the figure for good. */

enum { IF_QUALITY, IF_LV, IF_ATTEMPT, IF_TL };
enum { IF_TEST, IF_REMOVE_PANIC };
enum { IF_PASS, IF_FAIL, IF_MAJOR, IF_LOST };

static const char * const if_attempts[] = { "confidence", "remove-panic", NULL };
static const char * const if_attempt_labels[] = {
  N_("Confidence test"), N_("Removing the Panic marker"), NULL
};
static const char * const if_labels[] = {
  N_("Pass (no marker, or the Panic marker comes off)"),
  N_("Fail: Suppression marker (or the Panic marker stays)"), N_("Major failure: Panic marker"),
  N_("Rolled a 1 removing Panic: the figure is removed for good"), NULL
};

static const MusterInputSpec if_inputs[] = {
  MUSTER_CHOICE_INPUT ("quality", N_("Figure Quality"),
                       N_("The Quality Die of the figure's Activation Marker: Untrained D4 to "
                          "Elite D12."),
                       muster_sov_quality_ids, muster_sov_quality_labels, 2),
  MUSTER_INT_INPUT ("lv", N_("Leadership Value"),
                    N_("The figure's LV, which stands for its self-discipline: 1 to 3, lower is "
                       "better."), 1, 3, 2),
  MUSTER_CHOICE_INPUT ("attempt", N_("Attempt"),
                       N_("A Confidence test when a trigger happens, or an action spent removing "
                          "the Panic marker (which must come off before any Suppression marker)."),
                       if_attempts, if_attempt_labels, IF_TEST),
  MUSTER_INT_INPUT ("tl", N_("Threat Level"),
                    N_("The Confidence test's basic and cumulative Threat Level (not used to "
                       "remove Panic, which is against LV alone)."), -6, 20, 0),
};

static const MusterOutputSpec if_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = if_labels },
};

typedef struct
{
  MusterSovTestSetup test;   /* first, for _muster_sov_test_layout() */
  gboolean           removal;
} IndependentSetup;

static gboolean
independent_prepare (const MusterRuleset  *ruleset,
                     const int            *values,
                     gpointer              setup,
                     GError              **error)
{
  IndependentSetup *s = setup;

  s->removal = values[IF_ATTEMPT] == IF_REMOVE_PANIC;
  s->test.target = values[IF_LV] + (s->removal ? 0 : values[IF_TL]);
  s->test.no_test = FALSE;
  return _muster_sov_quality_die (ruleset, values[IF_QUALITY], &s->test.sides, error);
}

static void
independent_resolve (gconstpointer  setup,
                     const int     *faces,
                     int           *outcome)
{
  const IndependentSetup *s = setup;

  if (s->removal)
    outcome[0] = faces[0] > s->test.target ? IF_PASS : faces[0] == 1 ? IF_LOST : IF_FAIL;
  else
    switch (_muster_sov_test_result (faces[0], s->test.target))
      {
      case MUSTER_SOV_TEST_PASS:
        outcome[0] = IF_PASS;
        break;
      case MUSTER_SOV_TEST_FAIL:
        outcome[0] = IF_FAIL;
        break;
      default:
        outcome[0] = IF_MAJOR;
        break;
      }
}

const MusterSovPlay muster_sov_independent_figure_play = {
  independent_prepare, _muster_sov_test_layout, independent_resolve,
};

const MusterProcedure muster_sov_independent_figure = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "independent-figure",
  .name = N_("Independent Figure Confidence"),
  .summary = N_("A lone figure has no Confidence Level: a failed Confidence test gives it a "
                "Suppression marker, a major failure a Panic marker. Panic comes off like "
                "suppression, Quality Die above LV, but a 1 rolled while trying removes the figure "
                "for good."),
  MUSTER_PROCEDURE_INPUT_SPECS (if_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (if_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};
