/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include <math.h>

#include "muster-engine-error.h"
#include "muster-system-sov-private.h"

/*
 * Standards of Valor fire combat with hand-held missile weapons (§4.8).
 */


/* Fire combat (§4.8) */

enum {
  FI_QUALITY, FI_WEAPON, FI_FIGURES, FI_AREA_FIGURES, FI_VOLLEY, FI_DISTANCE, FI_FORMATION,
  FI_MOUNTED, FI_IN_POSITION, FI_SHIELD_WALL, FI_COVER, FI_MOVED, FI_OVER_SKIRMISHERS, FI_WIND,
  FI_LONE_FIGURE, FI_LARGE_CREATURE, FI_VEHICLE, FI_ARMOUR, FI_ERA, FI_WET, FI_FIREPOWER_DIE,
  FI_DEFENSIVE, FI_FIRE_AND_RETIRE, FI_SPECULATIVE
};

static const char * const firepower_die_ids[] = { "nearest", "weapon", NULL };
static const char * const firepower_die_labels[] = {
  N_("The die nearest the unit's firepower"), N_("The weapon's FP Die"), NULL
};

static const MusterInputSpec fire_inputs[] = {
  MUSTER_CHOICE_INPUT ("quality", N_("Unit Quality"),
                       N_("The firer's Quality Die, which also sets the basic range band (its size "
                          "in inches)."),
                       muster_sov_quality_ids, muster_sov_quality_labels, 2),
  MUSTER_CHOICE_INPUT ("weapon", N_("Missile weapon"),
                       N_("From the Missile Weapons Table: range band modifier, firepower and "
                          "Impact."),
                       muster_sov_missile_ids, muster_sov_missile_labels, 4),
  MUSTER_INT_INPUT ("figures", N_("Figures with line of sight"),
                    N_("Figures able to fire directly at the target; their FP adds up to the "
                       "potential shots."), 1, 200, 12),
  MUSTER_INT_INPUT ("area-figures", N_("Area Fire figures"),
                    N_("Other figures adding Area Fire (bows only); they count half and roll their "
                       "own Area Fire Die."), 0, 200, 0),
  MUSTER_BOOL_INPUT ("volley", N_("Volley"),
                     N_("Fire prepared by a Reorganize action: FP doubled. Crossbows and firearms "
                        "only."), 0),
  MUSTER_INT_INPUT ("distance", N_("Range"),
                    N_("Inches to the target; every effective band (RBM × Quality Die size) moves "
                       "the Range Die one step up, five bands at most."), 0, 200, 9),
  MUSTER_CHOICE_INPUT ("target-formation", N_("Target's Unit Integrity"),
                       N_("Close Order −1, Skirmish +1 to the Range Die (travel mode counts as "
                          "Close Order)."),
                       muster_sov_formation_ids, muster_sov_formation_labels, 1),
  MUSTER_BOOL_INPUT ("mounted", N_("Mounted target"), N_("−1."), 0),
  MUSTER_BOOL_INPUT ("in-position", N_("Target In Position"), N_("+1."), 0),
  MUSTER_BOOL_INPUT ("shield-wall", N_("Target behind a Shield Wall"), N_("+1."), 0),
  MUSTER_CHOICE_INPUT ("cover", N_("Target's cover"), N_("Soft +1, hard +2."),
                       muster_sov_cover_ids, muster_sov_cover_labels, 0),
  MUSTER_BOOL_INPUT ("moved", N_("Firer moved this activation"),
                     N_("+1, except for thrown weapons."), 0),
  MUSTER_BOOL_INPUT ("over-skirmishers", N_("Firing over skirmishers"), N_("+1."), 0),
  MUSTER_INT_INPUT ("wind", N_("Wind level"),
                    N_("+1 per level when firing into or across the wind."), 0, 5, 0),
  MUSTER_BOOL_INPUT ("lone-figure", N_("Lone Independent Figure"), N_("+2."), 0),
  MUSTER_BOOL_INPUT ("large-creature", N_("Elephants and large creatures"), N_("−2."), 0),
  MUSTER_INT_INPUT ("vehicle-size", N_("Vehicle or structure size class"),
                    N_("− the size class; 0 for troops."), 0, 5, 0),
  MUSTER_CHOICE_INPUT ("armour", N_("Target's armour"),
                       N_("The Armor Die rolled against each Impact."),
                       muster_sov_armour_ids, muster_sov_armour_labels, 1),
  MUSTER_INT_INPUT ("era", N_("Weapon era advantage"),
                    N_("Eras by which the firer's weapons are more advanced (negative: less): an "
                       "armoured target's die shifts down one step each."), -4, 4, 0),
  MUSTER_BOOL_INPUT ("wet", N_("Wet bows"), N_("Rain: Impact −1."), 0),
  MUSTER_CHOICE_INPUT ("firepower-die", N_("Firepower Die"),
                       N_("The worked example rolls the die nearest the unit's total FP (12 "
                          "archers → D12); the text says the weapon's FP Die."),
                       firepower_die_ids, firepower_die_labels, 0),
  MUSTER_BOOL_INPUT ("defensive", N_("Final Defensive Fire"),
                     N_("The defender's free fire at a charger that fell short: no suppression "
                        "result, only casualties count (§4.10.2)."), 0),
  MUSTER_BOOL_INPUT ("fire-and-retire", N_("Fire and Retire"),
                     N_("Fired FDF-style at the charger's position after the withdrawal: the "
                        "target's Range Die +1 (§4.12.2)."), 0),
  MUSTER_BOOL_INPUT ("speculative", N_("Speculative fire"),
                     N_("At an unrevealed marker: no casualties; only two or more dice beating the "
                        "Range Die reveal a real unit, which is then suppressed (§4.8)."), 0),
};

static const char * const fire_result_labels[] = {
  N_("Shot impossible"), N_("No effect"), N_("Suppression"), N_("Effective fire"), NULL
};

enum { FO_RESULT, FO_SUPPRESSION, FO_HITS, FO_CASUALTIES, FO_SHIELD_WALL_LOST, FO_N };

static const MusterOutputSpec fire_outputs[] = {
  { .id = "result", .label = N_("Result"), .value_labels = fire_result_labels },
  { .id = "suppression", .label = N_("Suppression markers") },
  { .id = "potential-hits", .label = N_("Potential hits") },
  { .id = "casualties", .label = N_("Casualties") },
  { .id = "shield-wall-lost", .label = N_("Shield Wall lost (pilum)") },
};

typedef struct
{
  gboolean impossible;
  int      quality, firepower, area, range;   /* die sides; area 0 without Area Fire */
  int      impact, armour;
  gboolean pilum;
  gboolean defensive;     /* no suppression result */
  gboolean speculative;   /* no hits; suppression only when revealed */
  int      max_hits;
} FireSetup;

/* The die nearest @half_points / 2 firepower, ties upwards, D4 to D12 (§4.8 Step 1 [default]). */
static int
nearest_die (int half_points)
{
  int best = 4;

  for (int sides = 6; sides <= 12; sides += 2)
    if (abs (2 * sides - half_points) <= abs (2 * best - half_points))
      best = sides;
  return best;
}

static gboolean
fire_prepare (const MusterRuleset  *ruleset,
              const int            *values,
              gpointer              setup,
              GError              **error)
{
  FireSetup *s = setup;
  const char *weapon = muster_sov_missile_ids[values[FI_WEAPON]];
  double rbm, fp, thrown, volley, area, fp_die;
  int band, shift = 0, half_direct, half_area;

  *s = (FireSetup) { 0 };
  if (!muster_table_read_int (ruleset, "quality", muster_sov_quality_ids[values[FI_QUALITY]],
                              "die", &s->quality, error)
      || !muster_table_read_number (ruleset, "missile-weapons", weapon, "rbm", &rbm, error)
      || !muster_table_read_number (ruleset, "missile-weapons", weapon, "fp", &fp, error)
      || !muster_table_read_number (ruleset, "missile-weapons", weapon, "fp-die", &fp_die, error)
      || !muster_table_read_number (ruleset, "missile-weapons", weapon, "thrown", &thrown, error)
      || !muster_table_read_number (ruleset, "missile-weapons", weapon, "volley", &volley, error)
      || !muster_table_read_number (ruleset, "missile-weapons", weapon, "area", &area, error)
      || !muster_table_read_int (ruleset, "missile-weapons", weapon, "impact", &s->impact, error)
      || !muster_table_read_int (ruleset, "armour", muster_sov_armour_ids[values[FI_ARMOUR]],
                                 "die", &s->armour, error))
    return FALSE;

  if (values[FI_VOLLEY] && volley == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("a %s cannot be volleyed"),
                   _(muster_sov_missile_labels[values[FI_WEAPON]]));
      return FALSE;
    }
  if (values[FI_AREA_FIGURES] > 0 && area == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("a %s cannot use Area Fire"),
                   _(muster_sov_missile_labels[values[FI_WEAPON]]));
      return FALSE;
    }

  /* Potential shots in half points: FP is ½ for firearms, area firers count half. */
  half_direct = (int) lround (2 * fp * values[FI_FIGURES]) * (values[FI_VOLLEY] ? 2 : 1);
  half_area = (int) lround (fp * values[FI_AREA_FIGURES]) * (values[FI_VOLLEY] ? 2 : 1);
  if (values[FI_FIREPOWER_DIE] == 1)
    {
      s->firepower = (int) fp_die;
      s->area = values[FI_AREA_FIGURES] > 0 ? (int) fp_die : 0;
    }
  else
    {
      s->firepower = nearest_die (half_direct);
      s->area = values[FI_AREA_FIGURES] > 0 ? nearest_die (half_area) : 0;
    }

  if (!_muster_sov_range_band_index (values[FI_DISTANCE], rbm * s->quality, &band))
    {
      s->impossible = TRUE;
      return TRUE;
    }
  {
    /* The Range Die's shifts (§4.8), each a row of the range-die-shifts table times how often
     * it applies. */
    const struct { const char *row; int times; } shifts[] = {
      { "close-order", values[FI_FORMATION] == 0 },
      { "skirmish", values[FI_FORMATION] == 2 },
      { "mounted", values[FI_MOUNTED] },
      { "in-position", values[FI_IN_POSITION] },
      { "shield-wall", values[FI_SHIELD_WALL] },
      { "soft-cover", values[FI_COVER] == 1 },
      { "hard-cover", values[FI_COVER] == 2 },
      { "firer-moved", values[FI_MOVED] && thrown == 0 },
      { "over-skirmishers", values[FI_OVER_SKIRMISHERS] },
      { "wind", values[FI_WIND] },
      { "lone-figure", values[FI_LONE_FIGURE] },
      { "large-creature", values[FI_LARGE_CREATURE] },
      { "vehicle", values[FI_VEHICLE] },
      { "fire-and-retire", values[FI_FIRE_AND_RETIRE] },
    };

    for (guint i = 0; i < G_N_ELEMENTS (shifts); i++)
      if (!_muster_sov_add_shift (ruleset, "range-die-shifts", shifts[i].row, shifts[i].times,
                                  &shift, error))
        return FALSE;
  }

  /* Above D12 the shot is impossible; below D4 the die stays D4 (§0.2 special case). */
  band += shift;
  if (band > MUSTER_SOV_D12)
    {
      s->impossible = TRUE;
      return TRUE;
    }
  s->range = _muster_sov_die_sides (band);

  /* Era shifts apply only to figures wearing armour (§2.1). */
  if (values[FI_ARMOUR] > 0)
    s->armour = _muster_sov_closed_shift (s->armour, -values[FI_ERA]);
  if (values[FI_WET])
    s->impact = _muster_sov_closed_shift (s->impact, -1);
  s->pilum = g_str_equal (weapon, "pilum");
  s->defensive = values[FI_DEFENSIVE] || values[FI_FIRE_AND_RETIRE];
  s->speculative = values[FI_SPECULATIVE];
  s->max_hits = (s->quality + s->firepower + s->area) / s->range + 1;
  return TRUE;
}

/* Faces: Quality, Firepower, Area Fire, Range, the remainder's Range roll, then Impact and
 * Armor for each potential hit. */
static void
fire_layout (gconstpointer      setup,
             MusterFaceLayout  *layout)
{
  const FireSetup *s = setup;

  if (s->impossible)
    return;
  muster_face_layout_add_dice (layout, 1, s->quality);
  muster_face_layout_add_dice (layout, 1, s->firepower);
  muster_face_layout_add_dice (layout, 1, MAX (s->area, 1));
  muster_face_layout_add_dice (layout, 1, s->range);
  muster_face_layout_add_dice (layout, 1, s->range);
  for (int i = 0; i < s->max_hits; i++)
    {
      muster_face_layout_add_dice (layout, 1, s->impact);
      muster_face_layout_add_dice (layout, 1, s->armour);
    }
}

/* Potential hits of effective fire (§4.8 Step 3): ⌊S / r⌋ for a Range Die of r sides, and one
 * more when that die rolled again shows no more than the remainder. */
static int
fire_hits (int sum,
           int range,
           int remainder_roll)
{
  int hits = sum / range;

  if (sum % range > 0 && remainder_roll <= sum % range)
    hits++;
  return hits;
}

static void
fire_resolve (gconstpointer  setup,
              const int     *faces,
              int           *outcome)
{
  const FireSetup *s = setup;
  int q = faces[0], f = faces[1], a = faces[2], r = faces[3];
  int beats, hits = 0, casualties = 0;

  for (int i = 0; i < FO_N; i++)
    outcome[i] = 0;
  if (s->impossible)
    return;

  beats = (q > r) + (f > r) + (s->area > 0 && a > r);
  outcome[FO_RESULT] = 1 + MIN (beats, 2);
  outcome[FO_SUPPRESSION] = beats >= (s->speculative ? 2 : 1) && !s->defensive;
  outcome[FO_SHIELD_WALL_LOST] = s->pilum && q > r;
  if (beats >= 2 && !s->speculative)
    {
      hits = fire_hits (q + f + (s->area > 0 ? a : 0), s->range, faces[4]);
      for (int i = 0; i < hits; i++)
        casualties += faces[5 + 2 * i] > faces[6 + 2 * i];
    }
  outcome[FO_HITS] = hits;
  outcome[FO_CASUALTIES] = casualties;
}

const MusterSovPlay muster_sov_fire_play = {
  fire_prepare, fire_layout, fire_resolve,
};

static gboolean
fire_exact (const MusterProcedure  *procedure,
            const MusterRuleset    *ruleset,
            const int              *values,
            MusterDist            **outputs,
            GError                **error)
{
  FireSetup s;
  double result[4] = { 0 }, suppression[2] = { 0 }, lost[2] = { 0 };
  g_autofree double *hits = NULL;
  g_autoptr(MusterDist) kill = NULL;
  int areas;
  double p;

  if (!fire_prepare (ruleset, values, &s, error))
    return FALSE;
  if (s.impossible)
    {
      double impossible[1] = { 1 };

      outputs[FO_RESULT] = muster_dist_new_from_weights (0, impossible, 1);
      for (int i = 1; i < FO_N; i++)
        outputs[i] = muster_dist_new_constant (0);
      return TRUE;
    }

  /* Every (Q, F, A, R) of the firer's and target's dice, then the remainder roll's chance. */
  hits = g_new0 (double, s.max_hits + 1);
  areas = MAX (s.area, 1);
  p = 1.0 / ((double) s.quality * s.firepower * areas * s.range);
  for (int r = 1; r <= s.range; r++)
    for (int q = 1; q <= s.quality; q++)
      for (int f = 1; f <= s.firepower; f++)
        for (int a = 1; a <= areas; a++)
          {
            int beats = (q > r) + (f > r) + (s.area > 0 && a > r);
            int sum = q + f + (s.area > 0 ? a : 0);

            result[1 + MIN (beats, 2)] += p;
            suppression[beats >= (s.speculative ? 2 : 1) && !s.defensive] += p;
            lost[s.pilum && q > r] += p;
            if (beats < 2 || s.speculative)
              hits[0] += p;
            else
              {
                /* Potential hits divide by the Range Die's size, not its roll. */
                double extra = (double) (sum % s.range) / s.range;

                hits[sum / s.range] += p * (1 - extra);
                hits[sum / s.range + 1] += p * extra;
              }
          }

  outputs[FO_RESULT] = muster_dist_new_from_weights (0, result, 4);
  outputs[FO_SUPPRESSION] = muster_dist_new_from_weights (0, suppression, 2);
  outputs[FO_HITS] = muster_dist_new_from_weights (0, hits, s.max_hits + 1);
  outputs[FO_SHIELD_WALL_LOST] = muster_dist_new_from_weights (0, lost, 2);
  /* Each potential hit kills when Impact beats Armor: Binomial(H, p) given H (§4.8 Step 4). */
  kill = muster_dist_new_bernoulli (_muster_sov_p_greater (s.impact, s.armour));
  outputs[FO_CASUALTIES] = muster_dist_compound (outputs[FO_HITS], kill);
  return TRUE;
}

const MusterProcedure muster_sov_fire = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "fire",
  .name = N_("Fire combat"),
  .summary = N_("Quality, Firepower (and Area Fire) dice against the target's Range Die: one "
                "beating it suppresses, two make effective fire with ⌊sum / Range Die⌋ potential "
                "hits, each rolling Impact against Armor."),
  MUSTER_PROCEDURE_INPUT_SPECS (fire_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (fire_outputs),
  .exact = fire_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};
