/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-mov"

#include "config.h"

#include "muster-engine-error.h"
#include "muster-system-mov-combat-private.h"

/*
 * Medals of Valor rates: how far an AFV moves in cautious search mode (§7.21) and how often a
 * crew-served weapon fires over some turns (§4.9). The book gives the AFV rates, the road bonus
 * and the halving in mud; how the two combine is our reading. It gives no reload time at all,
 * only that a weapon whose crew is half lost takes twice as many turns: the base of one shot a
 * turn and "half" as at least half the crew rounded up are house values (table crew-served).
 */

/* AFV movement (§7.21) ---------------------------------------------------------------------- */

enum { MV_CLASS, MV_ROAD, MV_MUD };
enum { MV_OUT_YARDS };

static const char * const vehicle_classes[] = { "wheeled", "halftrack", "tank", NULL };
/* in context: the roster shows the same words as a unit's field, from the ruleset */
static const char * const vehicle_class_labels[] = {
  NC_("procedure", "Wheeled"), NC_("procedure", "Halftrack"),
  NC_("procedure", "Tank (tracked AFV)"), NULL
};

static const MusterInputSpec mv_inputs[] = {
  MUSTER_CHOICE_INPUT ("class", N_("Vehicle class"),
                       N_("The base rate in cautious search mode: wheeled 40, halftrack 30, tank "
                          "20 yards a turn."), vehicle_classes, vehicle_class_labels, 2),
  MUSTER_BOOL_INPUT ("road", N_("On a road"),
                     N_("+10 yards, counted only when the whole move is on a road (our "
                        "reading)."), 0),
  MUSTER_BOOL_INPUT ("mud", N_("Mud, deep snow or deep sand"),
                     N_("Half rate, rounded down, after any road bonus, when any part of the move "
                        "crosses it (our reading)."), 0),
};

static const MusterOutputSpec mv_outputs[] = {
  { .id = "yards", .label = N_("Most yards this turn") },
};

static void
mv_resolve (const MusterMovPlan *plan,
            const int           *faces,
            int                 *outcome)
{
  outcome[MV_OUT_YARDS] = plan->count;
}

static gboolean
mv_prepare (const MusterRuleset  *ruleset,
            const int            *values,
            MusterMovPlan        *plan,
            GError              **error)
{
  int yards, road, divisor;

  if (!muster_table_read_int (ruleset, "afv-movement", vehicle_classes[values[MV_CLASS]],
                              "value", &yards, error)
      || !muster_table_read_int (ruleset, "afv-movement", "road", "value", &road, error)
      || !muster_table_read_int (ruleset, "afv-movement", "mud-divisor", "value", &divisor,
                                 error))
    return FALSE;
  if (values[MV_ROAD])
    yards += road;
  if (values[MV_MUD])
    yards /= MAX (divisor, 1);
  plan->count = yards;
  plan->resolve = mv_resolve;
  return TRUE;
}

/* No dice: the exact result is the one outcome. */
static void
rate_exact (const MusterMovPlan  *plan,
            MusterDist          **outputs)
{
  outputs[0] = muster_dist_new_constant (plan->count);
}

const MusterMovProcedure _muster_mov_afv_move = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "afv-move",
    .name = N_("AFV movement"),
    .summary = N_("An AFV on the board moves in cautious search mode: at most its class's rate a "
                  "turn, 10 yards more on a road, half in mud, deep snow or deep sand."),
    MUSTER_PROCEDURE_INPUT_SPECS (mv_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (mv_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = mv_prepare,
  .exact = rate_exact,
};

/* Crew-served fire over several turns (§4.9, §6.5) ------------------------------------------ */

enum { CF_WEAPON, CF_RANGE, CF_COVER, CF_POSTURE, CF_CREW, CF_LOST, CF_TURNS, CF_COLUMN_E };
enum { CF_OUT_SHOTS, CF_OUT_HITS };

#define CF_MAX_TURNS 10

static const MusterInputSpec cf_inputs[] = {
  MUSTER_MOV_WEAPON_INPUT (8),
  MUSTER_INT_INPUT ("range", N_("Range (yds)"),
                    N_("Up to the 400 yards of line of sight."), 0, 400, 100),
  MUSTER_CHOICE_INPUT ("cover", N_("Terrain"), N_("The target's cover: the row of the TAR chart."),
                       _muster_mov_covers, _muster_mov_cover_labels, 0),
  MUSTER_MOV_POSTURE_INPUT,
  MUSTER_INT_INPUT ("crew", N_("Crew assigned"), N_("The weapon system's crew."), 1, 10, 3),
  MUSTER_INT_INPUT ("crew-lost", N_("Crew wounded or killed"),
                    N_("Once half the crew (rounded up, our reading) are casualties, firing takes "
                       "twice as many turns."), 0, 10, 0),
  MUSTER_INT_INPUT ("turns", N_("Turns"),
                    N_("Turns of fire at the same target, from the first "
                       "shot."), 1, CF_MAX_TURNS, 4),
  MUSTER_MOV_COLUMN_E_INPUT,
};

static const MusterOutputSpec cf_outputs[] = {
  { .id = "shots", .label = N_("Shots") },
  { .id = "hits", .label = N_("Shots that hit") },
};

static void
cf_resolve (const MusterMovPlan *plan,
            const int           *faces,
            int                 *outcome)
{
  int hits = 0;

  for (int s = 0; s < plan->count; s++)
    hits += _muster_mov_fire_count (&plan->fire, faces + s * plan->fire.n_dice)
            >= plan->fire.threshold;
  outcome[CF_OUT_SHOTS] = plan->count;
  outcome[CF_OUT_HITS] = hits;
}

static gboolean
cf_prepare (const MusterRuleset  *ruleset,
            const int            *values,
            MusterMovPlan        *plan,
            GError              **error)
{
  int every, slowed;

  if (values[CF_LOST] > values[CF_CREW])
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("%d crew casualties of a crew of %d"), values[CF_LOST], values[CF_CREW]);
      return FALSE;
    }
  if (!_muster_mov_fire_setup (ruleset, _muster_mov_weapons[values[CF_WEAPON]],
                               values[CF_RANGE], _muster_mov_covers[values[CF_COVER]],
                               _muster_mov_postures[values[CF_POSTURE]], 0, FALSE,
                               values[CF_COLUMN_E] == 1, &plan->fire, NULL, error)
      || !muster_table_read_int (ruleset, "crew-served", "turns-per-shot", "value", &every,
                                 error)
      || !muster_table_read_int (ruleset, "crew-served", "half-crew-lost", "value", &slowed,
                                 error))
    return FALSE;
  every = MAX (every, 1);
  if (2 * values[CF_LOST] >= values[CF_CREW])
    every *= MAX (slowed, 1);
  /* the first shot on the first turn, then one every @every turns */
  plan->count = (values[CF_TURNS] + every - 1) / every;
  muster_face_layout_add (&plan->layout, plan->count * plan->fire.n_dice, 0, 9);
  plan->resolve = cf_resolve;
  return TRUE;
}

static void
cf_exact (const MusterMovPlan  *plan,
          MusterDist          **outputs)
{
  g_autoptr(MusterDist) hits = NULL;
  double p;

  hits = _muster_mov_fire_hits (&plan->fire);
  p = muster_dist_get_prob_at_least (hits, plan->fire.threshold);
  outputs[CF_OUT_SHOTS] = muster_dist_new_constant (plan->count);
  outputs[CF_OUT_HITS] = muster_dist_new_binomial (plan->count, p);
}

const MusterMovProcedure _muster_mov_crew_fire = {
  .base = {
    .system = MUSTER_MOV_SYSTEM,
    .id = "crew-fire",
    .name = N_("Crew-served fire over several turns"),
    .summary = N_("A crew-served weapon firing at one target turn after turn: one shot a turn (our "
                  "reading; the book gives no reload times), every other turn once half its crew "
                  "are casualties; each shot is resolved on the fire chart."),
    MUSTER_PROCEDURE_INPUT_SPECS (cf_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (cf_outputs),
    MUSTER_MOV_PLAN_HOOKS,
  },
  .prepare = cf_prepare,
  .exact = cf_exact,
};
