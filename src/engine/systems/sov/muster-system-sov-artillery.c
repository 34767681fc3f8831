/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include <math.h>

#include "muster-engine-error.h"
#include "muster-system-sov-private.h"

/*
 * Standards of Valor heavy weapons against vehicles and structures (§4.9 A), and artillery
 * against troops: the aim roll and the burst (§4.9 B).
 */


static const char * const system_ids[] = { "hxb", "tdw", "gdw", "gpw", NULL };
static const char * const system_labels[] = {
  N_("Heavy Crossbow (HXB)"), N_("Torsion Driven Weapon (TDW)"), N_("Gravity Driven Weapon (GDW)"),
  N_("Gunpowder Weapon (GPW)"), NULL
};

/* Heavy weapon against a vehicle or structure (§4.9 A) */

enum {
  HV_QUALITY, HV_SYSTEM, HV_SIZE, HV_RANGEFINDER, HV_DISTANCE, HV_TARGET_SIZE, HV_COVER,
  HV_ARMOUR_VALUE, HV_SUSPENSION, HV_DESTRUCTION, HV_OCCUPANTS, HV_OCCUPANT_ARMOUR,
  HV_CAVALRY_INSIDE
};

static const char * const destruction_ids[] = {
  "more-than-double", "double", "more-than-triple", NULL
};
static const char * const destruction_labels[] = {
  N_("Impact > 2 × Armour"), N_("Impact ≥ 2 × Armour"), N_("Impact − Armour > 2 × Armour"), NULL
};

static const MusterInputSpec vehicle_inputs[] = {
  MUSTER_CHOICE_INPUT ("quality", N_("Crew Quality"), N_("The crew's Quality Die."),
                       muster_sov_quality_ids, muster_sov_quality_labels, 2),
  MUSTER_CHOICE_INPUT ("system", N_("Heavy weapon"),
                       N_("Its base Impact die: HXB D6, TDW D8, GDW D10, GPW D12."),
                       system_ids, system_labels, 1),
  MUSTER_INT_INPUT ("size", N_("Weapon size class"),
                    N_("1 to 5; Impact is the base die times the size."), 1, 5, 2),
  MUSTER_BOOL_INPUT ("rangefinder", N_("Rangefinding aid"),
                     N_("Plumb bob, sextant…: Fire Control die D6 instead of D4."), 0),
  MUSTER_INT_INPUT ("distance", N_("Range"),
                    N_("Inches; the band is 12\" × the target's size class. Artillery other than "
                       "the HXB cannot fire under 6\"."), 0, 300, 24),
  MUSTER_INT_INPUT ("target-size", N_("Target size class"),
                    N_("1 Very Small (light chariot) to 5 Very Large (schooner)."), 1, 5, 2),
  MUSTER_CHOICE_INPUT ("cover", N_("Target's cover"), N_("Soft +1, hard +2 to the Range Die."),
                       muster_sov_cover_ids, muster_sov_cover_labels, 0),
  MUSTER_INT_INPUT ("armour-value", N_("Armour value"),
                    N_("0 to 5; armour rolls D12 × the value, or D6 unarmoured."), 0, 5, 1),
  MUSTER_CHOICE_INPUT ("suspension", N_("Suspension die"),
                       N_("Rolled against the weapon's Impact after a suspension hit; usually D6."),
                       muster_sov_die_ids, muster_sov_die_labels, 1),
  MUSTER_CHOICE_INPUT ("destruction", N_("Destroyed when"),
                       N_("The book: Impact \"exceeds the armour roll by more than twice\", and a "
                          "hit that \"does not double\" only immobilizes."),
                       destruction_ids, destruction_labels, 0),
  MUSTER_INT_INPUT ("occupants", N_("Occupants"),
                    N_("Figures inside; a penetrating hit kills (D12 × size) ÷ their armour die, "
                       "rounded down."), 0, 50, 0),
  MUSTER_CHOICE_INPUT ("occupant-armour", N_("Occupants' armour"), N_("Their Armor Die."),
                       muster_sov_armour_ids, muster_sov_armour_labels, 1),
  MUSTER_BOOL_INPUT ("cavalry-inside", N_("Cavalry inside"), N_("Casualties doubled."), 0),
};

static const char * const vehicle_hit_labels[] = {
  N_("Shot impossible"), N_("Miss"), N_("Minor hit"), N_("Major hit"), NULL
};
static const char * const vehicle_damage_labels[] = {
  N_("No damage"), N_("Immobilized (IMM)"), N_("Commander or systems hit (Panic)"), N_("Destroyed"),
  NULL
};

enum { HVO_HIT, HVO_DAMAGE, HVO_OCCUPANTS, HVO_N };

static const MusterOutputSpec vehicle_outputs[] = {
  { .id = "hit", .label = N_("Hit"), .value_labels = vehicle_hit_labels },
  { .id = "damage", .label = N_("Damage"), .value_labels = vehicle_damage_labels },
  { .id = "occupant-casualties", .label = N_("Occupant casualties") },
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
  if (!muster_table_read_int (ruleset, "quality", muster_sov_quality_ids[values[HV_QUALITY]],
                              "die", &s->quality, error)
      || !muster_table_read_int (ruleset, "heavy-weapons", system, "impact", &s->impact, error)
      || !muster_table_read_number (ruleset, "heavy-weapons", system, "min-range", &min_range,
                                    error)
      || !muster_table_read_int (ruleset, "armour",
                                 muster_sov_armour_ids[values[HV_OCCUPANT_ARMOUR]], "die",
                                 &s->occupant_armour, error))
    return FALSE;
  if (values[HV_DISTANCE] < min_range)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("the %s cannot fire under %g\""),
                   _(system_labels[values[HV_SYSTEM]]), min_range);
      return FALSE;
    }
  for (int i = 0; i < 6; i++)
    {
      g_autofree char *row = g_strdup_printf ("roll-%d", i + 1);
      const char *effect;

      if (!muster_table_read_text (ruleset, "vehicle-damage", row, "effect", &effect, error))
        return FALSE;
      s->d6_effect[i] = g_strcmp0 (effect, "suspension") == 0 ? -1 :
                        g_strcmp0 (effect, "systems") == 0 ? DAMAGE_SYSTEMS : DAMAGE_NONE;
    }

  s->fire_control = values[HV_RANGEFINDER] ? 6 : 4;
  s->size = values[HV_SIZE];
  s->armour_value = values[HV_ARMOUR_VALUE];
  s->armour = s->armour_value > 0 ? 12 : 6;
  s->suspension = _muster_sov_die_sides (values[HV_SUSPENSION]);
  s->destruction = values[HV_DESTRUCTION];
  s->occupants = values[HV_OCCUPANTS];
  s->occupant_factor = values[HV_CAVALRY_INSIDE] ? 2 : 1;

  if (!_muster_sov_add_shift (ruleset, "range-die-shifts", "soft-cover", values[HV_COVER] == 1,
                              &shift, error)
      || !_muster_sov_add_shift (ruleset, "range-die-shifts", "hard-cover", values[HV_COVER] == 2,
                                 &shift, error))
    return FALSE;
  /* The heavy-weapon band is 12" × the target's size class (§2.4). */
  if (!_muster_sov_range_band_index (values[HV_DISTANCE], 12.0 * values[HV_TARGET_SIZE], &band)
      || band + shift > MUSTER_SOV_D12)
    s->impossible = TRUE;
  else
    s->range = _muster_sov_die_sides (band + shift);
  return TRUE;
}

/* Faces: Quality, Fire Control, Range; Impact, Armour; the damage D6; the suspension die and
 * the Impact it faces; the occupants' D12. */
static void
vehicle_layout (gconstpointer      setup,
                MusterFaceLayout  *layout)
{
  const VehicleSetup *s = setup;
  const int sides[] = {
    s->quality, s->fire_control, s->range, s->impact, s->armour, 6, s->suspension, s->impact,
    s->occupants > 0 ? 12 : 1,
  };

  if (!s->impossible)
    muster_face_layout_add_each (layout, sides, G_N_ELEMENTS (sides));
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
          double p_suspension, p_pair = p_beats[beats] / ((double) s.impact * s.armour);
          int wins = 0;

          hit[1 + beats] = p_beats[beats];
          /* The suspension die against a fresh Impact roll. */
          for (int i = 1; i <= s.impact; i++)
            for (int d = 1; d <= s.suspension; d++)
              wins += i * multiple > d;
          p_suspension = (double) wins / (s.impact * s.suspension);

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

const MusterProcedure muster_sov_heavy_weapon_vehicle = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "heavy-weapon-vehicle",
  .name = N_("Heavy weapon against a vehicle or structure"),
  .summary = N_("Crew Quality and Fire Control dice against a Range Die from the 12\" × size band; "
                "Impact (base die × size, doubled on a major hit) against D12 × armour value."),
  MUSTER_PROCEDURE_INPUT_SPECS (vehicle_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (vehicle_outputs),
  .exact = vehicle_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Artillery against troops: the aim roll (§4.9 B 1–3) */

enum { AA_QUALITY, AA_LV, AA_DISTANCE, AA_SYSTEM };

static const MusterInputSpec aim_inputs[] = {
  MUSTER_CHOICE_INPUT ("quality", N_("Crew Quality"), N_("The crew's Quality Die."),
                       muster_sov_quality_ids, muster_sov_quality_labels, 2),
  MUSTER_INT_INPUT ("lv", N_("Leadership Value"), N_("The crew leader's LV."), 1, 3, 2),
  MUSTER_INT_INPUT ("distance", N_("Range"),
                    N_("Inches to the aim point; each full 12\" adds 1 to the target "
                       "number."), 0, 300, 25),
  MUSTER_CHOICE_INPUT ("system", N_("Heavy weapon"),
                       N_("All but the HXB have a 6\" minimum range."),
                       system_ids, system_labels, 1),
};

static const char * const aim_labels[] = { N_("Drifts"), N_("On the aim point"), NULL };

static const MusterOutputSpec aim_outputs[] = {
  { .id = "landing", .label = N_("Landing"), .value_labels = aim_labels },
  { .id = "drift", .label = N_("Drift (inches)") },
  { .id = "direction", .label = N_("Drift direction (clock face)") },
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

  if (!muster_table_read_int (ruleset, "quality", muster_sov_quality_ids[values[AA_QUALITY]],
                              "die", &s->quality, error)
      || !muster_table_read_number (ruleset, "heavy-weapons", system_ids[values[AA_SYSTEM]],
                                    "min-range", &min_range, error))
    return FALSE;
  if (values[AA_DISTANCE] < min_range)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("the %s cannot fire under %g\""),
                   _(system_labels[values[AA_SYSTEM]]), min_range);
      return FALSE;
    }
  s->target = values[AA_LV] + values[AA_DISTANCE] / 12;
  return TRUE;
}

static void
aim_layout (gconstpointer      setup,
            MusterFaceLayout  *layout)
{
  const AimSetup *s = setup;

  muster_face_layout_add_dice (layout, 1, s->quality);
  muster_face_layout_add_dice (layout, 1, 8);
  muster_face_layout_add_dice (layout, 1, 12);
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

const MusterProcedure muster_sov_artillery_aim = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "artillery-aim",
  .name = N_("Artillery Firing Accuracy"),
  .summary = N_("The crew's Quality Die against LV + full 12\" bands: at least that lands on the "
                "aim point, otherwise the round drifts (T − roll) × D8 inches in a D12 clock "
                "direction."),
  MUSTER_PROCEDURE_INPUT_SPECS (aim_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (aim_outputs),
  .exact = _muster_sov_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};

/* Artillery against troops: the figures under the round (§4.9 B 4) */

enum { AB_ROUND, AB_SYSTEM, AB_SIZE, AB_FIGURES, AB_ARMOUR, AB_COVER, AB_IN_POSITION };

static const char * const round_ids[] = { "solid-shot", "explosive", "grape", "canister", NULL };
static const char * const round_labels[] = {
  N_("Solid shot"), N_("Explosive shell"), N_("Grape shot"), N_("Canister"), NULL
};

static const MusterInputSpec blast_inputs[] = {
  MUSTER_CHOICE_INPUT ("round", N_("Round"),
                       N_("Solid shot hits each figure in its corridor with twice the weapon's "
                          "Impact; shells, grape and canister with a "
                          "D8."), round_ids, round_labels, 0),
  MUSTER_CHOICE_INPUT ("system", N_("Heavy weapon"), N_("Its base Impact die."),
                       system_ids, system_labels, 1),
  MUSTER_INT_INPUT ("size", N_("Weapon size class"), N_("1 to 5."), 1, 5, 2),
  MUSTER_INT_INPUT ("figures", N_("Figures in the area"),
                    N_("Figures under the corridor, burst or triangle."), 0, 60, 5),
  MUSTER_CHOICE_INPUT ("armour", N_("Figures' armour"), N_("Their Armor Die."),
                       muster_sov_armour_ids, muster_sov_armour_labels, 1),
  MUSTER_CHOICE_INPUT ("cover", N_("Cover"),
                       N_("Raises armour against blasts: soft one step, hard two."),
                       muster_sov_cover_ids, muster_sov_cover_labels, 0),
  MUSTER_BOOL_INPUT ("in-position", N_("In Position"),
                     N_("One more armour step as an open shift: past D12 it lowers the round's "
                        "Impact instead."), 0),
};

static const MusterOutputSpec blast_outputs[] = {
  { .id = "casualties", .label = N_("Casualties") },
  { .id = "corridor", .label = N_("Solid shot corridor (inches)") },
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
  if (!muster_table_read_int (ruleset, "heavy-weapons", system_ids[values[AB_SYSTEM]], "impact",
                              &base, error)
      || !muster_table_read_int (ruleset, "armour", muster_sov_armour_ids[values[AB_ARMOUR]],
                                 "die", &s->armour, error)
      || !_muster_sov_add_shift (ruleset, "blast-armour-shifts", "soft-cover",
                                 values[AB_COVER] == 1, &armour_shift, error)
      || !_muster_sov_add_shift (ruleset, "blast-armour-shifts", "hard-cover",
                                 values[AB_COVER] == 2, &armour_shift, error)
      || !_muster_sov_add_shift (ruleset, "blast-armour-shifts", "in-position",
                                 values[AB_IN_POSITION], &ip_shift, error))
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
    s->impact = _muster_sov_closed_shift (s->impact, MUSTER_SOV_D12 - armour_index);
  s->armour = _muster_sov_die_sides (armour_index);
  return TRUE;
}

static void
blast_layout (gconstpointer      setup,
              MusterFaceLayout  *layout)
{
  const BlastSetup *s = setup;

  muster_face_layout_add_dice (layout, 1, s->corridor_die > 0 ? s->corridor_die : 1);
  for (int i = 0; i < s->figures; i++)
    {
      muster_face_layout_add_dice (layout, 1, s->impact);
      muster_face_layout_add_dice (layout, 1, s->armour);
    }
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
  int wins = 0;
  g_autoptr(MusterDist) corridor = NULL;

  if (!blast_prepare (ruleset, values, &s, error))
    return FALSE;
  /* Counted in whole pairs of faces: a sum of fractions could pass 1 by a rounding error. */
  for (int i = 1; i <= s.impact; i++)
    for (int a = 1; a <= s.armour; a++)
      wins += i * s.multiple > a;
  outputs[0] = muster_dist_new_binomial (s.figures, (double) wins / (s.impact * s.armour));
  if (s.corridor_die > 0)
    {
      corridor = muster_dist_new_die (s.corridor_die);
      outputs[1] = muster_dist_scale (corridor, s.corridor_multiple, 1, MUSTER_ROUND_DOWN);
    }
  else
    outputs[1] = muster_dist_new_constant (0);
  return TRUE;
}

const MusterProcedure muster_sov_artillery_blast = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "artillery-blast",
  .name = N_("Artillery against troops"),
  .summary = N_("Each figure under the round: its Impact against the figure's Armor Die, raised by "
                "cover. Any figure inside also gives the unit a Suppression marker."),
  MUSTER_PROCEDURE_INPUT_SPECS (blast_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (blast_outputs),
  .exact = blast_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};
