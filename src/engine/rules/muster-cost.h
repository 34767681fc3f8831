/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine-types.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/**
 * MusterCostLine:
 * @label: what the line is for ("Veteran Infantry", "Heavy armour")
 * @input: the cost input it feeds ("points" unless a system module reads others)
 * @per: per size unit or per unit
 * @each: the value per size unit (or per unit)
 * @count: how many times the option is picked (1 for the unit type's own costs)
 * @quantity: what @each is multiplied by: size × count, or count (set by muster_cost_sum())
 * @amount: @each × @quantity (set by muster_cost_sum())
 * @house: a house value: not from the book
 *
 * One line of a unit's cost breakdown.
 */
typedef struct
{
  char      *label;
  char      *input;
  MusterPer  per;
  double     each;
  double     count;
  double     quantity;
  double     amount;
  gboolean   house;
} MusterCostLine;

/**
 * MusterCost:
 * @value: the unit's cost (or strength) in the ruleset's costing measure
 * @house: the value rests on at least one house value
 * @error: (nullable): why the unit could not be costed; @value is then 0
 * @lines: (nullable) (element-type MusterCostLine): the breakdown
 * @alternative_label: (nullable): where a ruleset variant has two readings that price this
 *   unit differently (Standards of Valor's formula or printed weapon costs), the other
 *   reading's name, e.g. "printed weapon costs"; %NULL when both agree
 * @alternative: the unit's cost under that other reading
 *
 * What a unit costs, and why.
 */
typedef struct
{
  gint64     value;
  gboolean   house;
  char      *error;
  GPtrArray *lines;
  char      *alternative_label;
  gint64     alternative;
} MusterCost;

void      muster_cost_clear          (MusterCost          *cost);
gboolean  muster_cost_collect        (const MusterRuleset *ruleset,
                                      const MusterForce   *force,
                                      const MusterUnit    *unit,
                                      GPtrArray           *lines,
                                      GError             **error);
double    muster_cost_sum            (GPtrArray           *lines,
                                      const char          *input,
                                      guint                size,
                                      gboolean            *house);
gint64    muster_cost_round          (const MusterRuleset *ruleset,
                                      double               value);
GPtrArray *muster_cost_lines_new     (void);

gboolean  muster_condition_holds     (const MusterRuleset *ruleset,
                                      const MusterForce   *force,
                                      const MusterUnit    *unit,
                                      GPtrArray           *when);
gboolean  muster_unit_has_option_in  (const MusterRuleset *ruleset,
                                      const MusterUnit    *unit,
                                      const char          *group_id,
                                      const char * const  *option_ids);
const char *muster_unit_choice_in    (const MusterRuleset *ruleset,
                                      const MusterUnit    *unit,
                                      const char          *group_id);

G_END_DECLS
