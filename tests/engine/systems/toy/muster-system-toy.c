/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "muster-army.h"
#include "muster-engine-error.h"
#include "muster-fill-private.h"
#include "muster-generate-private.h"
#include "muster-system.h"
#include "muster-unit.h"

/*
 * A sixth rule system, the smallest that uses every part of the interface, added the way
 * src/engine/README.md says: this folder, and one line that registers it ('toy' after the
 * list of src/engine/systems/meson.build in test-toy-listed's registry, or
 * muster_system_register() in test-toy-system). Its rules:
 *  - a unit costs its size squared (what data cannot say: costs are linear there);
 *  - "Volley": each of N dice hits on 4+ (exact and sampled); the acting unit's size is N;
 *  - "toy-rows": a battlefield of hills in a row across the middle, zones along the edges.
 */

static gboolean
toy_unit_cost (const MusterRuleset *ruleset,
               const MusterForce   *force,
               const MusterUnit    *unit,
               MusterCost          *cost)
{
  guint size = muster_unit_get_size (unit);

  muster_cost_clear (cost);
  cost->value = (gint64) size * size;
  return TRUE;
}

static const MusterInputSpec volley_inputs[] = {
  { .id = "dice", .label = "Dice", .help = "One per figure.", .type = MUSTER_INPUT_INT,
    .min = 1, .max = 12, .def = 2 },
};

static const MusterOutputSpec volley_outputs[] = {
  { .id = "hits", .label = "Hits" },
};

static gboolean
volley_exact (const MusterProcedure  *procedure,
              const MusterRuleset    *ruleset,
              const int              *values,
              MusterDist            **outputs,
              GError                **error)
{
  outputs[0] = muster_dist_new_binomial (values[0], 0.5);
  return TRUE;
}

static void
volley_sample (const MusterProcedure *procedure,
               const MusterRuleset   *ruleset,
               const int             *values,
               MusterDice            *dice,
               int                   *outcome)
{
  outcome[0] = 0;
  for (int i = 0; i < values[0]; i++)
    outcome[0] += muster_dice_roll (dice, 6) >= 4;
}

static const MusterProcedure volley = {
  .system = "toy",
  .id = "volley",
  .name = "Volley",
  .summary = "Each die hits on 4+.",
  .inputs = volley_inputs,
  .n_inputs = G_N_ELEMENTS (volley_inputs),
  .outputs = volley_outputs,
  .n_outputs = G_N_ELEMENTS (volley_outputs),
  .exact = volley_exact,
  .sample = volley_sample,
};

static const MusterProcedure * const toy_procedures[] = { &volley, NULL };

static gboolean
toy_fill_inputs (const MusterProcedure  *procedure,
                 const MusterRuleset    *ruleset,
                 const MusterForce      *force,
                 const MusterUnit       *unit,
                 MusterFillRole          role,
                 int                    *values,
                 GError                **error)
{
  muster_fill_set (procedure, values, "", "dice", muster_unit_get_size (unit));
  return TRUE;
}

static gboolean
toy_fills_role (const MusterProcedure *procedure,
                MusterFillRole         role)
{
  return role == MUSTER_FILL_ROLE_ACTING;
}

static gboolean
generate_rows (MusterGenerateRun  *run,
               GError            **error)
{
  int hills = (int) _muster_generate_param (run, "hills", 0);

  if (hills < 1)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   "a row needs at least one hill");
      return FALSE;
    }
  for (int i = 0; i < hills; i++)
    {
      MusterFeature *hill = _muster_generate_terrain (run, "hill", NULL);
      MusterPoint centre = { run->width * (i + 1) / (hills + 1), run->height / 2 };

      _muster_generate_blob (run, hill, centre, run->width / (3 * hills), run->height / 8);
    }
  _muster_generate_baseline_zones (run, _muster_generate_param (run, "deployment-depth", 0));
  _muster_generate_note (run, "%d hills in a row.", hills);
  return TRUE;
}

static const MusterGenerateMethod toy_generation_methods[] = {
  { "toy-rows", generate_rows },
  { NULL, NULL }
};

const MusterSystem muster_system_toy = {
  .id = "toy",
  .unit_cost = toy_unit_cost,
  .procedures = toy_procedures,
  .fill_inputs = toy_fill_inputs,
  .fills_role = toy_fills_role,
  .generation_methods = toy_generation_methods,
};
