/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-system-ul"

#include "config.h"

#include "muster-army.h"
#include "muster-stats.h"
#include "muster-system-ul-private.h"

/*
 * Undying Lands. The numbers are in data/rulesets/undying-lands.xml; this module holds what
 * the data cannot say:
 *
 *  - strength (p.6–8): a vignette's Integrity Points are the sum of the data's cost lines
 *    (BIV, +4 Spear / +8 Pike for Foot, Physique-Size, Morale, Defence with its shield column,
 *    mount armour), but "the minimum is always 1" applies to each vignette's total (X32), so
 *    a Tactical Unit of n vignettes is n × max(1, sum), not the generic n × sum;
 *  - stats: the vignette's IP as the stat "ip".
 *
 * The combat procedures are in muster-system-ul-combat.c and its siblings.
 */

#define IP_STAT  "ip"
#define MIN_IP   1

/* The lines and the IP of one vignette, before and after the minimum. */
static gboolean
vignette_ip (const MusterRuleset  *ruleset,
             const MusterForce    *force,
             const MusterUnit     *unit,
             GPtrArray            *lines,
             double               *raw,
             gboolean             *house,
             GError              **error)
{
  if (!muster_cost_collect (ruleset, force, unit, lines, error))
    return FALSE;
  *raw = muster_cost_sum (lines, "points", 1, house);
  return TRUE;
}

static gboolean
ul_unit_cost (const MusterRuleset *ruleset,
              const MusterForce   *force,
              const MusterUnit    *unit,
              MusterCost          *cost)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *lines = muster_cost_lines_new ();
  double raw;

  muster_cost_clear (cost);
  cost->lines = lines;
  if (!vignette_ip (ruleset, force, unit, lines, &raw, &cost->house, &error))
    {
      cost->error = g_strdup (error->message);
      return FALSE;
    }
  if (raw < MIN_IP)
    {
      MusterCostLine *line = g_new0 (MusterCostLine, 1);

      line->label = g_strdup ("Minimum of 1 IP per vignette");
      line->input = g_strdup ("points");
      line->per = MUSTER_PER_EACH;
      line->each = MIN_IP - raw;
      line->count = 1;
      g_ptr_array_add (lines, line);
    }
  cost->value = muster_cost_round (ruleset, muster_cost_sum (lines, "points",
                                                             muster_unit_get_size (unit),
                                                             &cost->house));
  return TRUE;
}

static MusterStats *
ul_derived_stats (const MusterRuleset *ruleset,
                  const MusterForce   *force,
                  const MusterUnit    *unit)
{
  MusterStats *stats = muster_stats_derive (ruleset, force, unit);
  g_autoptr(GPtrArray) lines = muster_cost_lines_new ();
  double raw;
  gboolean house;

  if (vignette_ip (ruleset, force, unit, lines, &raw, &house, NULL))
    muster_stats_set_number (stats, IP_STAT, MAX (raw, MIN_IP));
  return stats;
}

static const MusterGenerateMethod ul_generation_methods[] = {
  { "squares", _muster_generate_squares },
  { NULL, NULL }
};

const MusterSystem muster_system_ul = {
  .id = "undying-lands",
  .unit_cost = ul_unit_cost,
  .derived_stats = ul_derived_stats,
  .procedures = muster_ul_procedures,
  .fill = &_muster_ul_fill,
  .table_inputs = _muster_ul_table_inputs,
  .resolve_effect = _muster_ul_resolve_effect,
  .generation_methods = ul_generation_methods,
};
