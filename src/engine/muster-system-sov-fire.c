/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include <math.h>

#include "muster-engine-error.h"
#include "muster-system-sov-private.h"

/*
 * Standards of Valor fire: hand-held missile fire (§4.8), heavy weapons against vehicles and
 * structures (§4.9 A), and artillery against troops: the aim roll and the burst (§4.9 B).
 */

static const char * const system_ids[] = { "hxb", "tdw", "gdw", "gpw", NULL };
static const char * const system_labels[] = {
  "Heavy Crossbow (HXB)", "Torsion Driven Weapon (TDW)", "Gravity Driven Weapon (GDW)",
  "Gunpowder Weapon (GPW)", NULL
};

static gboolean
table_die (const MusterRuleset  *ruleset,
           const char           *table,
           const char           *row,
           const char           *column,
           int                  *sides,
           GError              **error)
{
  double number;

  if (!_muster_sov_table_number (ruleset, table, row, column, &number, error))
    return FALSE;
  *sides = (int) number;
  return TRUE;
}

static gboolean
add_shift (const MusterRuleset  *ruleset,
           const char           *table,
           const char           *row,
           int                   times,
           int                  *shift,
           GError              **error)
{
  double step;

  if (times == 0)
    return TRUE;
  if (!_muster_sov_table_number (ruleset, table, row, "shift", &step, error))
    return FALSE;
  *shift += (int) step * times;
  return TRUE;
}

/* A closed shift along the die chain (§0.2): stops at D4 and D12. */
static int
closed_shift (int sides,
              int steps)
{
  return muster_sov_die_sides (_muster_sov_die_index (sides) + steps);
}

/* Fire combat (§4.8) */

enum {
  FI_QUALITY, FI_WEAPON, FI_FIGURES, FI_AREA_FIGURES, FI_VOLLEY, FI_DISTANCE, FI_FORMATION,
  FI_MOUNTED, FI_IN_POSITION, FI_SHIELD_WALL, FI_COVER, FI_MOVED, FI_OVER_SKIRMISHERS, FI_WIND,
  FI_LONE_FIGURE, FI_LARGE_CREATURE, FI_VEHICLE, FI_ARMOUR, FI_ERA, FI_WET, FI_FIREPOWER_DIE
};

static const char * const missile_ids[] = {
  "sling", "javelin", "throwing-spear", "pilum", "short-bow", "long-bow", "crossbow",
  "harquebus", "musket", "muzzle-loaded-rifle", "mini-ball-rifle", NULL
};
static const char * const missile_labels[] = {
  "Sling", "Javelin", "Throwing Spear", "Pilum", "Short Bow", "Long Bow", "Crossbow",
  "Harquebus", "Musket", "Muzzle Loaded Rifle", "Mini-Ball Rifle", NULL
};
static const char * const firepower_die_ids[] = { "nearest", "weapon", NULL };
static const char * const firepower_die_labels[] = {
  "The die nearest the unit's firepower", "The weapon's FP Die", NULL
};

static const MusterInputSpec fire_inputs[] = {
  { "quality", "Unit Quality", "The firer's Quality Die, which also sets the basic range band "
    "(its size in inches).", MUSTER_INPUT_CHOICE, 0, 0, 2, muster_sov_quality_ids, muster_sov_quality_labels },
  { "weapon", "Missile weapon", "From the Missile Weapons Table: range band modifier, "
    "firepower and Impact.", MUSTER_INPUT_CHOICE, 0, 0, 4, missile_ids, missile_labels },
  { "figures", "Figures with line of sight", "Figures able to fire directly at the target; "
    "their FP adds up to the potential shots.", MUSTER_INPUT_INT, 1, 200, 12, NULL, NULL },
  { "area-figures", "Area Fire figures", "Other figures adding Area Fire (bows only); they "
    "count half and roll their own Area Fire Die.", MUSTER_INPUT_INT, 0, 200, 0, NULL, NULL },
  { "volley", "Volley", "Fire prepared by a Reorganize action: FP doubled. Crossbows and "
    "firearms only.", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "distance", "Range", "Inches to the target; every effective band (RBM × Quality Die "
    "size) moves the Range Die one step up, five bands at most.", MUSTER_INPUT_INT, 0, 200, 9,
    NULL, NULL },
  { "target-formation", "Target's Unit Integrity", "Close Order −1, Skirmish +1 to the Range "
    "Die (travel mode counts as Close Order).", MUSTER_INPUT_CHOICE, 0, 0, 1, muster_sov_formation_ids,
    muster_sov_formation_labels },
  { "mounted", "Mounted target", "−1.", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "in-position", "Target In Position", "+1.", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "shield-wall", "Target behind a Shield Wall", "+1.", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "cover", "Target's cover", "Soft +1, hard +2.", MUSTER_INPUT_CHOICE, 0, 0, 0, muster_sov_cover_ids,
    muster_sov_cover_labels },
  { "moved", "Firer moved this activation", "+1, except for thrown weapons.", MUSTER_INPUT_BOOL,
    0, 1, 0, NULL, NULL },
  { "over-skirmishers", "Firing over skirmishers", "+1.", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "wind", "Wind level", "+1 per level when firing into or across the wind.", MUSTER_INPUT_INT,
    0, 5, 0, NULL, NULL },
  { "lone-figure", "Lone Independent Figure", "+2.", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "large-creature", "Elephants and large creatures", "−2.", MUSTER_INPUT_BOOL, 0, 1, 0, NULL,
    NULL },
  { "vehicle-size", "Vehicle or structure size class", "− the size class; 0 for troops.",
    MUSTER_INPUT_INT, 0, 5, 0, NULL, NULL },
  { "armour", "Target's armour", "The Armor Die rolled against each Impact.",
    MUSTER_INPUT_CHOICE, 0, 0, 1, muster_sov_armour_ids, muster_sov_armour_labels },
  { "era", "Weapon era advantage", "Eras by which the firer's weapons are more advanced "
    "(negative: less): an armoured target's die shifts down one step each.", MUSTER_INPUT_INT, -4,
    4, 0, NULL, NULL },
  { "wet", "Wet bows", "Rain: Impact −1.", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "firepower-die", "Firepower Die", "The worked example rolls the die nearest the unit's total "
    "FP (12 archers → D12); the text says the weapon's FP Die.", MUSTER_INPUT_CHOICE, 0, 0, 0,
    firepower_die_ids, firepower_die_labels },
};

static const char * const fire_result_labels[] = {
  "Shot impossible", "No effect", "Suppression", "Effective fire", NULL
};

enum { FO_RESULT, FO_SUPPRESSION, FO_HITS, FO_CASUALTIES, FO_SHIELD_WALL_LOST, FO_N };

static const MusterOutputSpec fire_outputs[] = {
  { "result", "Result", fire_result_labels },
  { "suppression", "Suppression markers", NULL },
  { "potential-hits", "Potential hits", NULL },
  { "casualties", "Casualties", NULL },
  { "shield-wall-lost", "Shield Wall lost (pilum)", NULL },
};

typedef struct
{
  gboolean impossible;
  int      quality, firepower, area, range;   /* die sides; area 0 without Area Fire */
  int      impact, armour;
  gboolean pilum;
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
  const char *weapon = missile_ids[values[FI_WEAPON]];
  double rbm, fp, thrown, volley, area, fp_die;
  int band, shift = 0, half_direct, half_area;

  *s = (FireSetup) { 0 };
  if (!table_die (ruleset, "quality", muster_sov_quality_ids[values[FI_QUALITY]], "die", &s->quality, error)
      || !_muster_sov_table_number (ruleset, "missile-weapons", weapon, "rbm", &rbm, error)
      || !_muster_sov_table_number (ruleset, "missile-weapons", weapon, "fp", &fp, error)
      || !_muster_sov_table_number (ruleset, "missile-weapons", weapon, "fp-die", &fp_die, error)
      || !_muster_sov_table_number (ruleset, "missile-weapons", weapon, "thrown", &thrown, error)
      || !_muster_sov_table_number (ruleset, "missile-weapons", weapon, "volley", &volley, error)
      || !_muster_sov_table_number (ruleset, "missile-weapons", weapon, "area", &area, error)
      || !table_die (ruleset, "missile-weapons", weapon, "impact", &s->impact, error)
      || !table_die (ruleset, "armour", muster_sov_armour_ids[values[FI_ARMOUR]], "die", &s->armour, error))
    return FALSE;

  if (values[FI_VOLLEY] && volley == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   "a %s cannot be volleyed", missile_labels[values[FI_WEAPON]]);
      return FALSE;
    }
  if (values[FI_AREA_FIGURES] > 0 && area == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   "a %s cannot use Area Fire", missile_labels[values[FI_WEAPON]]);
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
  if (!add_shift (ruleset, "range-die-shifts", "close-order", values[FI_FORMATION] == 0, &shift,
                  error)
      || !add_shift (ruleset, "range-die-shifts", "skirmish", values[FI_FORMATION] == 2, &shift,
                     error)
      || !add_shift (ruleset, "range-die-shifts", "mounted", values[FI_MOUNTED], &shift, error)
      || !add_shift (ruleset, "range-die-shifts", "in-position", values[FI_IN_POSITION], &shift,
                     error)
      || !add_shift (ruleset, "range-die-shifts", "shield-wall", values[FI_SHIELD_WALL], &shift,
                     error)
      || !add_shift (ruleset, "range-die-shifts", "soft-cover", values[FI_COVER] == 1, &shift,
                     error)
      || !add_shift (ruleset, "range-die-shifts", "hard-cover", values[FI_COVER] == 2, &shift,
                     error)
      || !add_shift (ruleset, "range-die-shifts", "firer-moved",
                     values[FI_MOVED] && thrown == 0, &shift, error)
      || !add_shift (ruleset, "range-die-shifts", "over-skirmishers",
                     values[FI_OVER_SKIRMISHERS], &shift, error)
      || !add_shift (ruleset, "range-die-shifts", "wind", values[FI_WIND], &shift, error)
      || !add_shift (ruleset, "range-die-shifts", "lone-figure", values[FI_LONE_FIGURE], &shift,
                     error)
      || !add_shift (ruleset, "range-die-shifts", "large-creature", values[FI_LARGE_CREATURE],
                     &shift, error)
      || !add_shift (ruleset, "range-die-shifts", "vehicle", values[FI_VEHICLE], &shift, error))
    return FALSE;

  /* Above D12 the shot is impossible; below D4 the die stays D4 (§0.2 special case). */
  band += shift;
  if (band > MUSTER_SOV_D12)
    {
      s->impossible = TRUE;
      return TRUE;
    }
  s->range = muster_sov_die_sides (band);

  /* Era shifts apply only to figures wearing armour (§2.1). */
  if (values[FI_ARMOUR] > 0)
    s->armour = closed_shift (s->armour, -values[FI_ERA]);
  if (values[FI_WET])
    s->impact = closed_shift (s->impact, -1);
  s->pilum = g_str_equal (weapon, "pilum");
  s->max_hits = (s->quality + s->firepower + s->area) / s->range + 1;
  return TRUE;
}

/* Faces: Quality, Firepower, Area Fire, Range, the remainder's Range roll, then Impact and
 * Armor for each potential hit. */
static guint
fire_layout (gconstpointer  setup,
             int           *sizes)
{
  const FireSetup *s = setup;
  guint n = 0;

  if (s->impossible)
    return 0;
  sizes[n++] = s->quality;
  sizes[n++] = s->firepower;
  sizes[n++] = MAX (s->area, 1);
  sizes[n++] = s->range;
  sizes[n++] = s->range;
  for (int i = 0; i < s->max_hits; i++)
    {
      sizes[n++] = s->impact;
      sizes[n++] = s->armour;
    }
  return n;
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
  outcome[FO_SUPPRESSION] = beats >= 1;
  outcome[FO_SHIELD_WALL_LOST] = s->pilum && q > r;
  if (beats >= 2)
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
            suppression[beats >= 1] += p;
            lost[s.pilum && q > r] += p;
            if (beats < 2)
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

static void
fire_sample (const MusterProcedure *procedure,
             const MusterRuleset   *ruleset,
             const int             *values,
             MusterDice            *dice,
             int                   *outcome)
{
  _muster_sov_sample_play (&muster_sov_fire_play, ruleset, values, dice, procedure->n_outputs,
                           outcome);
}

const MusterProcedure muster_sov_fire = {
  MUSTER_SOV_SYSTEM, "fire", "Fire combat",
  "Quality, Firepower (and Area Fire) dice against the target's Range Die: one beating it "
  "suppresses, two make effective fire with ⌊sum / Range Die⌋ potential hits, each rolling "
  "Impact against Armor.",
  fire_inputs, G_N_ELEMENTS (fire_inputs), fire_outputs, G_N_ELEMENTS (fire_outputs),
  fire_exact, fire_sample,
};

/* Heavy weapon against a vehicle or structure (§4.9 A) */

enum {
  HV_QUALITY, HV_SYSTEM, HV_SIZE, HV_RANGEFINDER, HV_DISTANCE, HV_TARGET_SIZE, HV_COVER,
  HV_ARMOUR_VALUE, HV_SUSPENSION, HV_DESTRUCTION, HV_OCCUPANTS, HV_OCCUPANT_ARMOUR,
  HV_CAVALRY_INSIDE
};

static const char * const destruction_ids[] = { "more-than-double", "double", "more-than-triple", NULL };
static const char * const destruction_labels[] = {
  "Impact > 2 × Armour", "Impact ≥ 2 × Armour", "Impact − Armour > 2 × Armour", NULL
};

static const MusterInputSpec vehicle_inputs[] = {
  { "quality", "Crew Quality", "The crew's Quality Die.", MUSTER_INPUT_CHOICE, 0, 0, 2,
    muster_sov_quality_ids, muster_sov_quality_labels },
  { "system", "Heavy weapon", "Its base Impact die: HXB D6, TDW D8, GDW D10, GPW D12.",
    MUSTER_INPUT_CHOICE, 0, 0, 1, system_ids, system_labels },
  { "size", "Weapon size class", "1 to 5; Impact is the base die times the size.",
    MUSTER_INPUT_INT, 1, 5, 2, NULL, NULL },
  { "rangefinder", "Rangefinding aid", "Plumb bob, sextant…: Fire Control die D6 instead of D4.",
    MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
  { "distance", "Range", "Inches; the band is 12\" × the target's size class. Artillery other "
    "than the HXB cannot fire under 6\".", MUSTER_INPUT_INT, 0, 300, 24, NULL, NULL },
  { "target-size", "Target size class", "1 Very Small (light chariot) to 5 Very Large (schooner).",
    MUSTER_INPUT_INT, 1, 5, 2, NULL, NULL },
  { "cover", "Target's cover", "Soft +1, hard +2 to the Range Die.", MUSTER_INPUT_CHOICE, 0, 0,
    0, muster_sov_cover_ids, muster_sov_cover_labels },
  { "armour-value", "Armour value", "0 to 5; armour rolls D12 × the value, or D6 unarmoured.",
    MUSTER_INPUT_INT, 0, 5, 1, NULL, NULL },
  { "suspension", "Suspension die", "Rolled against the weapon's Impact after a suspension hit; "
    "usually D6.", MUSTER_INPUT_CHOICE, 0, 0, 1, muster_sov_die_ids, muster_sov_die_labels },
  { "destruction", "Destroyed when", "The book: Impact \"exceeds the armour roll by more than "
    "twice\", and a hit that \"does not double\" only immobilizes.", MUSTER_INPUT_CHOICE, 0, 0, 0,
    destruction_ids, destruction_labels },
  { "occupants", "Occupants", "Figures inside; a penetrating hit kills (D12 × size) ÷ their "
    "armour die, rounded down.", MUSTER_INPUT_INT, 0, 50, 0, NULL, NULL },
  { "occupant-armour", "Occupants' armour", "Their Armor Die.", MUSTER_INPUT_CHOICE, 0, 0, 1,
    muster_sov_armour_ids, muster_sov_armour_labels },
  { "cavalry-inside", "Cavalry inside", "Casualties doubled.", MUSTER_INPUT_BOOL, 0, 1, 0, NULL,
    NULL },
};

static const char * const vehicle_hit_labels[] = {
  "Shot impossible", "Miss", "Minor hit", "Major hit", NULL
};
static const char * const vehicle_damage_labels[] = {
  "No damage", "Immobilized (IMM)", "Commander or systems hit (Panic)", "Destroyed", NULL
};

enum { HVO_HIT, HVO_DAMAGE, HVO_OCCUPANTS, HVO_N };

static const MusterOutputSpec vehicle_outputs[] = {
  { "hit", "Hit", vehicle_hit_labels },
  { "damage", "Damage", vehicle_damage_labels },
  { "occupant-casualties", "Occupant casualties", NULL },
};

enum { DAMAGE_NONE, DAMAGE_IMMOBILIZED, DAMAGE_SYSTEMS, DAMAGE_DESTROYED };

typedef struct
{
  gboolean impossible;
  int      quality, fire_control, range;
  int      impact, size, armour, armour_value, suspension, destruction;
  int      occupants, occupant_armour, occupant_factor;
  int      d6_effect[6];   /* DAMAGE_* for a non-penetrating hit; -1 for a suspension hit */
} VehicleSetup;

static gboolean
vehicle_prepare (const MusterRuleset  *ruleset,
                 const int            *values,
                 gpointer              setup,
                 GError              **error)
{
  VehicleSetup *s = setup;
  const char *system = system_ids[values[HV_SYSTEM]];
  double min_range;
  int band, shift = 0;

  *s = (VehicleSetup) { 0 };
  if (!table_die (ruleset, "quality", muster_sov_quality_ids[values[HV_QUALITY]], "die", &s->quality, error)
      || !table_die (ruleset, "heavy-weapons", system, "impact", &s->impact, error)
      || !_muster_sov_table_number (ruleset, "heavy-weapons", system, "min-range", &min_range,
                                    error)
      || !table_die (ruleset, "armour", muster_sov_armour_ids[values[HV_OCCUPANT_ARMOUR]], "die",
                     &s->occupant_armour, error))
    return FALSE;
  if (values[HV_DISTANCE] < min_range)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   "the %s cannot fire under %g\"", system_labels[values[HV_SYSTEM]], min_range);
      return FALSE;
    }
  for (int i = 0; i < 6; i++)
    {
      g_autofree char *row = g_strdup_printf ("roll-%d", i + 1);
      const char *effect;

      if (!_muster_sov_table_text (ruleset, "vehicle-damage", row, "effect", &effect, error))
        return FALSE;
      s->d6_effect[i] = g_strcmp0 (effect, "suspension") == 0 ? -1 :
                        g_strcmp0 (effect, "systems") == 0 ? DAMAGE_SYSTEMS : DAMAGE_NONE;
    }

  s->fire_control = values[HV_RANGEFINDER] ? 6 : 4;
  s->size = values[HV_SIZE];
  s->armour_value = values[HV_ARMOUR_VALUE];
  s->armour = s->armour_value > 0 ? 12 : 6;
  s->suspension = muster_sov_die_sides (values[HV_SUSPENSION]);
  s->destruction = values[HV_DESTRUCTION];
  s->occupants = values[HV_OCCUPANTS];
  s->occupant_factor = values[HV_CAVALRY_INSIDE] ? 2 : 1;

  if (!add_shift (ruleset, "range-die-shifts", "soft-cover", values[HV_COVER] == 1, &shift,
                  error)
      || !add_shift (ruleset, "range-die-shifts", "hard-cover", values[HV_COVER] == 2, &shift,
                     error))
    return FALSE;
  /* The heavy-weapon band is 12" × the target's size class (§2.4). */
  if (!_muster_sov_range_band_index (values[HV_DISTANCE], 12.0 * values[HV_TARGET_SIZE], &band)
      || band + shift > MUSTER_SOV_D12)
    s->impossible = TRUE;
  else
    s->range = muster_sov_die_sides (band + shift);
  return TRUE;
}

/* Faces: Quality, Fire Control, Range; Impact, Armour; the damage D6; the suspension die and
 * the Impact it faces; the occupants' D12. */
static guint
vehicle_layout (gconstpointer  setup,
                int           *sizes)
{
  const VehicleSetup *s = setup;
  int n = 0;

  if (s->impossible)
    return 0;
  sizes[n++] = s->quality;
  sizes[n++] = s->fire_control;
  sizes[n++] = s->range;
  sizes[n++] = s->impact;
  sizes[n++] = s->armour;
  sizes[n++] = 6;
  sizes[n++] = s->suspension;
  sizes[n++] = s->impact;
  sizes[n++] = s->occupants > 0 ? 12 : 1;
  return n;
}

static gboolean
vehicle_destroyed (const VehicleSetup *s,
                   int                 impact,
                   int                 armour)
{
  switch (s->destruction)
    {
    case 1:
      return impact >= 2 * armour;
    case 2:
      return impact - armour > 2 * armour;
    case 0:
    default:
      return impact > 2 * armour;
    }
}

static int
vehicle_occupant_casualties (const VehicleSetup *s,
                             int                 d12)
{
  return MIN (s->occupants, d12 * s->size / s->occupant_armour * s->occupant_factor);
}

static void
vehicle_resolve (gconstpointer  setup,
                 const int     *faces,
                 int           *outcome)
{
  const VehicleSetup *s = setup;
  int beats, multiple, impact, armour, effect;

  for (int i = 0; i < HVO_N; i++)
    outcome[i] = 0;
  if (s->impossible)
    return;

  beats = (faces[0] > faces[2]) + (faces[1] > faces[2]);
  outcome[HVO_HIT] = 1 + beats;
  if (beats == 0)
    return;

  multiple = s->size * (beats == 2 ? 2 : 1);
  impact = faces[3] * multiple;
  armour = faces[4] * MAX (s->armour_value, 1);
  if (impact > armour)
    {
      outcome[HVO_DAMAGE] = vehicle_destroyed (s, impact, armour) ? DAMAGE_DESTROYED :
                                                                    DAMAGE_IMMOBILIZED;
      outcome[HVO_OCCUPANTS] = s->occupants > 0 ? vehicle_occupant_casualties (s, faces[8]) : 0;
      return;
    }
  effect = s->d6_effect[faces[5] - 1];
  if (effect >= 0)
    outcome[HVO_DAMAGE] = effect;
  else
    outcome[HVO_DAMAGE] = faces[7] * multiple > faces[6] ? DAMAGE_IMMOBILIZED : DAMAGE_NONE;
}

const MusterSovPlay muster_sov_heavy_weapon_vehicle_play = {
  vehicle_prepare, vehicle_layout, vehicle_resolve,
};

static gboolean
vehicle_exact (const MusterProcedure  *procedure,
               const MusterRuleset    *ruleset,
               const int              *values,
               MusterDist            **outputs,
               GError                **error)
{
  VehicleSetup s;
  double hit[4] = { 0 }, damage[4] = { 0 };
  g_autofree double *occupants = NULL;

  if (!vehicle_prepare (ruleset, values, &s, error))
    return FALSE;
  occupants = g_new0 (double, s.occupants + 1);
  if (s.impossible)
    {
      hit[0] = 1;
      damage[0] = 1;
      occupants[0] = 1;
    }
  else
    {
      double p_beats[3] = { 0 };
      double p = 1.0 / ((double) s.quality * s.fire_control * s.range);

      for (int r = 1; r <= s.range; r++)
        for (int q = 1; q <= s.quality; q++)
          for (int fc = 1; fc <= s.fire_control; fc++)
            p_beats[(q > r) + (fc > r)] += p;
      hit[1] = p_beats[0];
      damage[DAMAGE_NONE] += p_beats[0];
      occupants[0] += p_beats[0];

      for (int beats = 1; beats <= 2; beats++)
        {
          int multiple = s.size * (beats == 2 ? 2 : 1);
          double p_suspension = 0, p_pair = p_beats[beats] / ((double) s.impact * s.armour);

          hit[1 + beats] = p_beats[beats];
          /* The suspension die against a fresh Impact roll. */
          for (int i = 1; i <= s.impact; i++)
            for (int d = 1; d <= s.suspension; d++)
              p_suspension += i * multiple > d ? 1.0 / ((double) s.impact * s.suspension) : 0;

          for (int i = 1; i <= s.impact; i++)
            for (int a = 1; a <= s.armour; a++)
              {
                int impact = i * multiple, armour = a * MAX (s.armour_value, 1);

                if (impact > armour)
                  {
                    damage[vehicle_destroyed (&s, impact, armour) ? DAMAGE_DESTROYED :
                                                                    DAMAGE_IMMOBILIZED] += p_pair;
                    for (int d12 = 1; d12 <= 12; d12++)
                      occupants[s.occupants > 0 ? vehicle_occupant_casualties (&s, d12) : 0]
                        += p_pair / 12;
                    continue;
                  }
                occupants[0] += p_pair;
                for (int d6 = 0; d6 < 6; d6++)
                  {
                    if (s.d6_effect[d6] >= 0)
                      damage[s.d6_effect[d6]] += p_pair / 6;
                    else
                      {
                        damage[DAMAGE_IMMOBILIZED] += p_pair / 6 * p_suspension;
                        damage[DAMAGE_NONE] += p_pair / 6 * (1 - p_suspension);
                      }
                  }
              }
        }
    }
  outputs[HVO_HIT] = muster_dist_new_from_weights (0, hit, 4);
  outputs[HVO_DAMAGE] = muster_dist_new_from_weights (0, damage, 4);
  outputs[HVO_OCCUPANTS] = muster_dist_new_from_weights (0, occupants, s.occupants + 1);
  return TRUE;
}

static void
vehicle_sample (const MusterProcedure *procedure,
                const MusterRuleset   *ruleset,
                const int             *values,
                MusterDice            *dice,
                int                   *outcome)
{
  _muster_sov_sample_play (&muster_sov_heavy_weapon_vehicle_play, ruleset, values, dice,
                           procedure->n_outputs, outcome);
}

const MusterProcedure muster_sov_heavy_weapon_vehicle = {
  MUSTER_SOV_SYSTEM, "heavy-weapon-vehicle", "Heavy weapon against a vehicle or structure",
  "Crew Quality and Fire Control dice against a Range Die from the 12\" × size band; Impact "
  "(base die × size, doubled on a major hit) against D12 × armour value.",
  vehicle_inputs, G_N_ELEMENTS (vehicle_inputs), vehicle_outputs, G_N_ELEMENTS (vehicle_outputs),
  vehicle_exact, vehicle_sample,
};

/* Artillery against troops: the aim roll (§4.9 B 1–3) */

enum { AA_QUALITY, AA_LV, AA_DISTANCE, AA_SYSTEM };

static const MusterInputSpec aim_inputs[] = {
  { "quality", "Crew Quality", "The crew's Quality Die.", MUSTER_INPUT_CHOICE, 0, 0, 2,
    muster_sov_quality_ids, muster_sov_quality_labels },
  { "lv", "Leadership Value", "The crew leader's LV.", MUSTER_INPUT_INT, 1, 3, 2, NULL, NULL },
  { "distance", "Range", "Inches to the aim point; each full 12\" adds 1 to the target number.",
    MUSTER_INPUT_INT, 0, 300, 25, NULL, NULL },
  { "system", "Heavy weapon", "All but the HXB have a 6\" minimum range.", MUSTER_INPUT_CHOICE,
    0, 0, 1, system_ids, system_labels },
};

static const char * const aim_labels[] = { "Drifts", "On the aim point", NULL };

static const MusterOutputSpec aim_outputs[] = {
  { "landing", "Landing", aim_labels },
  { "drift", "Drift (inches)", NULL },
  { "direction", "Drift direction (clock face)", NULL },
};

typedef struct
{
  int quality, target;
} AimSetup;

static gboolean
aim_prepare (const MusterRuleset  *ruleset,
             const int            *values,
             gpointer              setup,
             GError              **error)
{
  AimSetup *s = setup;
  double min_range;

  if (!table_die (ruleset, "quality", muster_sov_quality_ids[values[AA_QUALITY]], "die", &s->quality, error)
      || !_muster_sov_table_number (ruleset, "heavy-weapons", system_ids[values[AA_SYSTEM]],
                                    "min-range", &min_range, error))
    return FALSE;
  if (values[AA_DISTANCE] < min_range)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   "the %s cannot fire under %g\"", system_labels[values[AA_SYSTEM]], min_range);
      return FALSE;
    }
  s->target = values[AA_LV] + values[AA_DISTANCE] / 12;
  return TRUE;
}

static guint
aim_layout (gconstpointer  setup,
            int           *sizes)
{
  const AimSetup *s = setup;

  sizes[0] = s->quality;
  sizes[1] = 8;
  sizes[2] = 12;
  return 3;
}

static void
aim_resolve (gconstpointer  setup,
             const int     *faces,
             int           *outcome)
{
  const AimSetup *s = setup;

  /* Ties succeed here, unlike every other test (§9 #2). */
  if (faces[0] >= s->target)
    {
      outcome[0] = 1;
      outcome[1] = 0;
      outcome[2] = 0;
      return;
    }
  outcome[0] = 0;
  outcome[1] = (s->target - faces[0]) * faces[1];
  outcome[2] = faces[2];
}

const MusterSovPlay muster_sov_artillery_aim_play = {
  aim_prepare, aim_layout, aim_resolve,
};

MUSTER_SOV_DEFINE_PLAY_FUNCS (aim, muster_sov_artillery_aim_play)

const MusterProcedure muster_sov_artillery_aim = {
  MUSTER_SOV_SYSTEM, "artillery-aim", "Artillery Firing Accuracy",
  "The crew's Quality Die against LV + full 12\" bands: at least that lands on the aim point, "
  "otherwise the round drifts (T − roll) × D8 inches in a D12 clock direction.",
  aim_inputs, G_N_ELEMENTS (aim_inputs), aim_outputs, G_N_ELEMENTS (aim_outputs),
  aim_exact, aim_sample,
};

/* Artillery against troops: the figures under the round (§4.9 B 4) */

enum { AB_ROUND, AB_SYSTEM, AB_SIZE, AB_FIGURES, AB_ARMOUR, AB_COVER, AB_IN_POSITION };

static const char * const round_ids[] = { "solid-shot", "explosive", "grape", "canister", NULL };
static const char * const round_labels[] = {
  "Solid shot", "Explosive shell", "Grape shot", "Canister", NULL
};

static const MusterInputSpec blast_inputs[] = {
  { "round", "Round", "Solid shot hits each figure in its corridor with twice the weapon's "
    "Impact; shells, grape and canister with a D8.", MUSTER_INPUT_CHOICE, 0, 0, 0, round_ids,
    round_labels },
  { "system", "Heavy weapon", "Its base Impact die.", MUSTER_INPUT_CHOICE, 0, 0, 1, system_ids,
    system_labels },
  { "size", "Weapon size class", "1 to 5.", MUSTER_INPUT_INT, 1, 5, 2, NULL, NULL },
  { "figures", "Figures in the area", "Figures under the corridor, burst or triangle.",
    MUSTER_INPUT_INT, 0, 60, 5, NULL, NULL },
  { "armour", "Figures' armour", "Their Armor Die.", MUSTER_INPUT_CHOICE, 0, 0, 1, muster_sov_armour_ids,
    muster_sov_armour_labels },
  { "cover", "Cover", "Raises armour against blasts: soft one step, hard two.",
    MUSTER_INPUT_CHOICE, 0, 0, 0, muster_sov_cover_ids, muster_sov_cover_labels },
  { "in-position", "In Position", "One more armour step as an open shift: past D12 it lowers "
    "the round's Impact instead.", MUSTER_INPUT_BOOL, 0, 1, 0, NULL, NULL },
};

static const MusterOutputSpec blast_outputs[] = {
  { "casualties", "Casualties", NULL },
  { "corridor", "Solid shot corridor (inches)", NULL },
};

typedef struct
{
  int impact, multiple, armour, figures;
  int corridor_die, corridor_multiple;   /* 0 for rounds without a corridor */
} BlastSetup;

static gboolean
blast_prepare (const MusterRuleset  *ruleset,
               const int            *values,
               gpointer              setup,
               GError              **error)
{
  BlastSetup *s = setup;
  int base, armour_shift = 0, ip_shift = 0, armour_index;

  *s = (BlastSetup) { 0 };
  if (!table_die (ruleset, "heavy-weapons", system_ids[values[AB_SYSTEM]], "impact", &base, error)
      || !table_die (ruleset, "armour", muster_sov_armour_ids[values[AB_ARMOUR]], "die", &s->armour, error)
      || !add_shift (ruleset, "blast-armour-shifts", "soft-cover", values[AB_COVER] == 1,
                     &armour_shift, error)
      || !add_shift (ruleset, "blast-armour-shifts", "hard-cover", values[AB_COVER] == 2,
                     &armour_shift, error)
      || !add_shift (ruleset, "blast-armour-shifts", "in-position", values[AB_IN_POSITION],
                     &ip_shift, error))
    return FALSE;

  s->figures = values[AB_FIGURES];
  if (values[AB_ROUND] == 0)
    {
      /* Solid shot: 2 × the weapon's Impact (base die × size) per figure; the corridor is one
       * roll of the weapon's Impact in inches. */
      s->impact = base;
      s->multiple = 2 * values[AB_SIZE];
      s->corridor_die = base;
      s->corridor_multiple = values[AB_SIZE];
    }
  else
    {
      s->impact = 8;
      s->multiple = 1;
    }

  /* Cover is a closed shift; In Position is open, its excess lowering the Impact die. */
  armour_index = MIN (_muster_sov_die_index (s->armour) + armour_shift, MUSTER_SOV_D12);
  armour_index += ip_shift;
  if (armour_index > MUSTER_SOV_D12)
    s->impact = closed_shift (s->impact, MUSTER_SOV_D12 - armour_index);
  s->armour = muster_sov_die_sides (armour_index);
  return TRUE;
}

static guint
blast_layout (gconstpointer  setup,
              int           *sizes)
{
  const BlastSetup *s = setup;
  int n = 0;

  sizes[n++] = s->corridor_die > 0 ? s->corridor_die : 1;
  for (int i = 0; i < s->figures; i++)
    {
      sizes[n++] = s->impact;
      sizes[n++] = s->armour;
    }
  return n;
}

static void
blast_resolve (gconstpointer  setup,
               const int     *faces,
               int           *outcome)
{
  const BlastSetup *s = setup;
  int casualties = 0;

  for (int i = 0; i < s->figures; i++)
    casualties += faces[1 + 2 * i] * s->multiple > faces[2 + 2 * i];
  outcome[0] = casualties;
  outcome[1] = s->corridor_die > 0 ? faces[0] * s->corridor_multiple : 0;
}

const MusterSovPlay muster_sov_artillery_blast_play = {
  blast_prepare, blast_layout, blast_resolve,
};

static gboolean
blast_exact (const MusterProcedure  *procedure,
             const MusterRuleset    *ruleset,
             const int              *values,
             MusterDist            **outputs,
             GError                **error)
{
  BlastSetup s;
  double p = 0;
  g_autoptr(MusterDist) corridor = NULL;

  if (!blast_prepare (ruleset, values, &s, error))
    return FALSE;
  for (int i = 1; i <= s.impact; i++)
    for (int a = 1; a <= s.armour; a++)
      p += i * s.multiple > a ? 1.0 / ((double) s.impact * s.armour) : 0;
  outputs[0] = muster_dist_new_binomial (s.figures, p);
  if (s.corridor_die > 0)
    {
      corridor = muster_dist_new_die (s.corridor_die);
      outputs[1] = muster_dist_scale (corridor, s.corridor_multiple, 1, MUSTER_ROUND_DOWN);
    }
  else
    outputs[1] = muster_dist_new_constant (0);
  return TRUE;
}

static void
blast_sample (const MusterProcedure *procedure,
              const MusterRuleset   *ruleset,
              const int             *values,
              MusterDice            *dice,
              int                   *outcome)
{
  _muster_sov_sample_play (&muster_sov_artillery_blast_play, ruleset, values, dice,
                           procedure->n_outputs, outcome);
}

const MusterProcedure muster_sov_artillery_blast = {
  MUSTER_SOV_SYSTEM, "artillery-blast", "Artillery against troops",
  "Each figure under the round: its Impact against the figure's Armor Die, raised by cover. "
  "Any figure inside also gives the unit a Suppression marker.",
  blast_inputs, G_N_ELEMENTS (blast_inputs), blast_outputs, G_N_ELEMENTS (blast_outputs),
  blast_exact, blast_sample,
};
