/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cost"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "muster-army.h"
#include "muster-cost.h"
#include "muster-engine-error.h"

/*
 * The generic, data-driven part of costing: evaluating `when` conditions, gathering the cost
 * lines of a unit (its type's costs, its picks' costs times their counts, and the defaults of
 * groups it picked nothing from) and summing them. System modules build their formulas on it.
 */

void
muster_cost_clear (MusterCost *cost)
{
  g_clear_pointer (&cost->error, g_free);
  g_clear_pointer (&cost->lines, g_ptr_array_unref);
  g_clear_pointer (&cost->alternative_label, g_free);
  cost->value = 0;
  cost->house = FALSE;
  cost->alternative = 0;
}

static void
line_free (gpointer data)
{
  MusterCostLine *line = data;

  g_free (line->label);
  g_free (line->input);
  g_free (line);
}

/* Returns: (transfer full) (element-type MusterCostLine): an empty list of lines */
GPtrArray *
muster_cost_lines_new (void)
{
  return g_ptr_array_new_with_free_func (line_free);
}

static const char *
first_pick_in (const MusterRuleset *ruleset,
               const MusterUnit    *unit,
               const char          *group_id)
{
  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      const char *id = muster_unit_get_pick (unit, i, NULL);
      const MusterOption *option = muster_ruleset_get_option (ruleset, id);

      if (option != NULL && g_str_equal (option->group, group_id))
        return id;
    }
  return NULL;
}

/* A group of one choice (max 1) holding several picks (a file the editor never wrote, flagged
 * under `unit-options`) is read as one of them by costs, statistics and combat alike: the last
 * in the group's order, whose effects setting a statistic win anyway. Battle Valor Fantasy's
 * Levy + Elite is an Elite unit (rank 3, +2, 12 points an Infantry stand), never priced as
 * Levy while it counts as Elite. Returns: (nullable): the pick read from @group_id */
static const char *
chosen_pick_in (const MusterRuleset *ruleset,
                const MusterUnit    *unit,
                const char          *group_id)
{
  const MusterOptionGroup *group = muster_ruleset_get_option_group (ruleset, group_id);
  const char *chosen = NULL;
  guint best = 0;

  if (group == NULL || !group->has_max || group->max != 1)
    return first_pick_in (ruleset, unit, group_id);
  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      const char *id = muster_unit_get_pick (unit, i, NULL);

      for (guint k = 0; k < group->options->len; k++)
        if (g_str_equal (((const MusterOption *) group->options->pdata[k])->item.id, id) &&
            (chosen == NULL || k > best))
          {
            chosen = id;
            best = k;
          }
    }
  return chosen;
}

static const char *
default_in (const MusterRuleset *ruleset,
            const MusterUnit    *unit,
            const char          *group_id)
{
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                             muster_unit_get_type_id (unit));

  return type != NULL ? muster_unit_type_get_default (ruleset, type, group_id) : NULL;
}

/**
 * muster_unit_choice_in:
 * @ruleset: a resolved ruleset
 * @unit: a unit
 * @group_id: an option group
 *
 * Returns: (nullable): the unit's first pick from the group (in a group of one choice with
 *   several picks, the last of them in the group's order), else the group's default for the
 *   unit's type
 */
const char *
muster_unit_choice_in (const MusterRuleset *ruleset,
                       const MusterUnit    *unit,
                       const char          *group_id)
{
  const char *pick = chosen_pick_in (ruleset, unit, group_id);

  return pick != NULL ? pick : default_in (ruleset, unit, group_id);
}

/* Whether the unit picked one of @option_ids from the group (or, picking nothing there, the
 * group's default is one of them); of several picks in a group of one choice, only the one
 * read (see chosen_pick_in()). */
gboolean
muster_unit_has_option_in (const MusterRuleset *ruleset,
                           const MusterUnit    *unit,
                           const char          *group_id,
                           const char * const  *option_ids)
{
  const MusterOptionGroup *group = muster_ruleset_get_option_group (ruleset, group_id);
  const char *def;
  gboolean picked = FALSE;

  if (group != NULL && group->has_max && group->max == 1)
    {
      def = muster_unit_choice_in (ruleset, unit, group_id);
      return def != NULL && g_strv_contains (option_ids, def);
    }
  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      const char *id = muster_unit_get_pick (unit, i, NULL);
      const MusterOption *option = muster_ruleset_get_option (ruleset, id);

      if (option == NULL || !g_str_equal (option->group, group_id))
        continue;
      picked = TRUE;
      if (g_strv_contains (option_ids, id))
        return TRUE;
    }
  if (picked)
    return FALSE;
  def = default_in (ruleset, unit, group_id);
  return def != NULL && g_strv_contains (option_ids, def);
}

/**
 * muster_condition_holds:
 * @ruleset: a resolved ruleset
 * @force: (nullable): the force, for its list options (the ruleset defaults otherwise)
 * @unit: (nullable): the unit, for terms on option groups, type and category
 * @when: (nullable) (element-type MusterConditionTerm): a condition
 *
 * Returns: whether every term holds (%TRUE for no condition)
 */
gboolean
muster_condition_holds (const MusterRuleset *ruleset,
                        const MusterForce   *force,
                        const MusterUnit    *unit,
                        GPtrArray           *when)
{
  const MusterUnitType *type = NULL;

  if (unit != NULL)
    type = muster_ruleset_get_unit_type (ruleset, muster_unit_get_type_id (unit));

  for (guint i = 0; when != NULL && i < when->len; i++)
    {
      const MusterConditionTerm *term = when->pdata[i];
      const char * const *values = (const char * const *) term->values;
      gboolean holds;

      if (muster_ruleset_lookup (ruleset, MUSTER_ITEM_VARIANT, term->key) != NULL)
        {
          const char *value = muster_ruleset_variant_value (
            ruleset, term->key, force ? muster_force_get_settings (force) : NULL);

          holds = value != NULL && g_strv_contains (values, value);
        }
      else if (g_str_equal (term->key, "type"))
        holds = unit != NULL && g_strv_contains (values, muster_unit_get_type_id (unit));
      else if (g_str_equal (term->key, "category"))
        holds = type != NULL && g_strv_contains (values, type->category);
      else
        holds = unit != NULL && muster_unit_has_option_in (ruleset, unit, term->key, values);

      if (holds == term->negate)
        return FALSE;
    }
  return TRUE;
}

typedef struct
{
  const MusterRuleset  *ruleset;
  const MusterForce    *force;
  const MusterUnit     *unit;
  GPtrArray            *lines;
  GError              **error;
} Collector;

static gboolean
cannot_cost (Collector  *c,
             const char *format,
             ...) G_GNUC_PRINTF (2, 3);

static gboolean
cannot_cost (Collector  *c,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (c->error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_CANNOT_COST, message);
  return FALSE;
}

static gboolean
add_term (Collector            *c,
          const MusterCostTerm *term,
          const MusterItem     *owner,
          double                count)
{
  MusterCostLine *line;
  gboolean house = term->house || owner->house;
  g_autofree char *label = g_strdup (term->label ? term->label : owner->name);
  double value = term->value;

  if (!muster_condition_holds (c->ruleset, c->force, c->unit, term->when))
    return TRUE;

  if (term->table != NULL)
    {
      const MusterTable *table = muster_ruleset_get_table (c->ruleset, term->table);
      const char *row = term->row ? term->row
                                  : muster_unit_choice_in (c->ruleset, c->unit, term->row_from);
      const char *column = term->column ? term->column
                                        : muster_unit_choice_in (c->ruleset, c->unit,
                                                                 term->column_from);
      const MusterTableRow *row_item = NULL;
      const MusterCell *cell;

      if (row == NULL || column == NULL)
        return cannot_cost (c, _("%s: nothing picked from “%s” to read table “%s” by"),
                            owner->name, row ? term->column_from : term->row_from, term->table);
      cell = muster_table_lookup (table, row, column, &row_item);
      if (cell == NULL || !cell->is_number)
        return cannot_cost (c, _("%s: table “%s” has no number for row “%s”, column “%s”"),
                            owner->name, term->table, row, column);
      value = cell->number;
      house |= table->item.house || row_item->item.house;
      if (term->label == NULL && term->row_from != NULL)
        {
          g_free (label);
          label = g_strdup_printf ("%s %s", row_item->item.name, owner->name);
        }
    }

  line = g_new0 (MusterCostLine, 1);
  line->label = g_steal_pointer (&label);
  line->input = g_strdup (term->input);
  line->per = term->per;
  line->each = value;
  line->count = count;
  line->house = house;
  g_ptr_array_add (c->lines, line);
  return TRUE;
}

static gboolean
add_option (Collector          *c,
            const MusterOption *option,
            double              count)
{
  for (guint i = 0; i < option->costs->len; i++)
    if (!add_term (c, option->costs->pdata[i], &option->item, count))
      return FALSE;
  return TRUE;
}

/**
 * muster_cost_collect:
 * @ruleset: a resolved ruleset
 * @force: (nullable): the unit's force, for its list options
 * @unit: the unit
 * @lines: (element-type MusterCostLine): where to append the lines
 * @error: return location for a #GError (MUSTER_ENGINE_ERROR_CANNOT_COST)
 *
 * Gathers the cost lines of a unit: its type's costs, each pick's costs (with the pick's
 * count), and the costs of the default of every allowed group it picked nothing from. Lines
 * whose `when` fails are left out; quantities and amounts are set by muster_cost_sum().
 *
 * Returns: %FALSE if the unit cannot be costed
 */
gboolean
muster_cost_collect (const MusterRuleset *ruleset,
                     const MusterForce   *force,
                     const MusterUnit    *unit,
                     GPtrArray           *lines,
                     GError             **error)
{
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                             muster_unit_get_type_id (unit));
  Collector c = { ruleset, force, unit, lines, error };

  if (type == NULL)
    return cannot_cost (&c, _("“%s” is not a unit type of %s"), muster_unit_get_type_id (unit),
                        muster_ruleset_get_name (ruleset));

  for (guint i = 0; i < type->costs->len; i++)
    if (!add_term (&c, type->costs->pdata[i], &type->item, 1))
      return FALSE;

  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      guint count;
      const char *id = muster_unit_get_pick (unit, i, &count);
      const MusterOption *option = muster_ruleset_get_option (ruleset, id);

      if (option == NULL)
        return cannot_cost (&c, "“%s” is not an option of %s", id,
                            muster_ruleset_get_name (ruleset));
      if (!add_option (&c, option, count))
        return FALSE;
    }

  for (guint i = 0; i < type->allows->len; i++)
    {
      const MusterAllow *allow = type->allows->pdata[i];
      const char *def;

      if (first_pick_in (ruleset, unit, allow->group) != NULL ||
          (def = muster_unit_type_get_default (ruleset, type, allow->group)) == NULL)
        continue;
      if (!add_option (&c, muster_ruleset_get_option (ruleset, def), 1))
        return FALSE;
    }
  return TRUE;
}

/**
 * muster_cost_sum:
 * @lines: (element-type MusterCostLine): lines from muster_cost_collect()
 * @input: the cost input to sum ("points")
 * @size: what `each` lines are multiplied by (usually the unit's size)
 * @house: (out) (optional): whether a house value was among them
 *
 * Sets each line's quantity (size × count, or count) and amount, and sums the amounts.
 *
 * Returns: the total of @input
 */
double
muster_cost_sum (GPtrArray  *lines,
                 const char *input,
                 guint       size,
                 gboolean   *house)
{
  gboolean any_house = FALSE;
  double total = 0;

  for (guint i = 0; i < lines->len; i++)
    {
      MusterCostLine *line = lines->pdata[i];

      if (!g_str_equal (line->input, input))
        continue;
      line->quantity = line->per == MUSTER_PER_EACH ? size * line->count : line->count;
      line->amount = line->each * line->quantity;
      total += line->amount;
      any_house |= line->house;
    }
  if (house != NULL)
    *house = any_house;
  return total;
}

/* Rounds a final cost as the ruleset's costing says. */
gint64
muster_cost_round (const MusterRuleset *ruleset,
                   double               value)
{
  /* A sum of fractions such as 1/8 may land a hair off the integer it means. */
  const double epsilon = 1e-9;

  switch (muster_ruleset_get_costing (ruleset)->rounding)
    {
    case MUSTER_COST_ROUNDING_DOWN:
      return (gint64) floor (value + epsilon);
    case MUSTER_COST_ROUNDING_UP:
      return (gint64) ceil (value - epsilon);
    case MUSTER_COST_ROUNDING_NEAREST:
    default:
      return (gint64) llround (value);
    }
}
