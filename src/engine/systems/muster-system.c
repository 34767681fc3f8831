/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-system"

#include "config.h"

#include "muster-army.h"
#include "muster-stats.h"
#include "muster-system-modules.h"

/*
 * The system modules by ruleset id, and the generic, data-driven behaviour used where a module
 * has no hook (or a system has no module at all).
 */

static const MusterSystem * const builtin[] = {
  &muster_system_battle_valor_fantasy,
  &muster_system_standards_of_valor,
  &muster_system_horse_and_musket,
  &muster_system_medals_of_valor,
  &muster_system_undying_lands,
};

static const MusterSystem generic = { "generic", NULL, NULL, NULL };

G_LOCK_DEFINE_STATIC (registered);
static GPtrArray *registered;

/**
 * muster_system_register:
 * @system: (transfer none): a module that lives as long as the process (usually static)
 *
 * Adds a module; it takes precedence over a built-in one with the same id (tests use this to
 * count or replace hooks).
 */
void
muster_system_register (const MusterSystem *system)
{
  g_return_if_fail (system != NULL && system->id != NULL);

  G_LOCK (registered);
  if (registered == NULL)
    registered = g_ptr_array_new ();
  g_ptr_array_add (registered, (gpointer) system);
  G_UNLOCK (registered);
}

void
muster_system_unregister (const MusterSystem *system)
{
  G_LOCK (registered);
  if (registered != NULL)
    g_ptr_array_remove (registered, (gpointer) system);
  G_UNLOCK (registered);
}

/* Returns: (transfer none): the module for @system_id, or the generic one */
const MusterSystem *
muster_system_lookup (const char *system_id)
{
  const MusterSystem *found = NULL;

  G_LOCK (registered);
  for (guint i = registered ? registered->len : 0; i > 0 && found == NULL; i--)
    if (g_strcmp0 (((MusterSystem *) registered->pdata[i - 1])->id, system_id) == 0)
      found = registered->pdata[i - 1];
  G_UNLOCK (registered);

  for (guint i = 0; i < G_N_ELEMENTS (builtin) && found == NULL; i++)
    if (g_strcmp0 (builtin[i]->id, system_id) == 0)
      found = builtin[i];
  return found ? found : &generic;
}

/* Returns: (transfer none): the module for the book at the bottom of @ruleset's extends chain */
const MusterSystem *
muster_system_for_ruleset (const MusterRuleset *ruleset)
{
  return muster_system_lookup (muster_ruleset_get_system_id (ruleset));
}

/**
 * muster_system_cost_by_size:
 * @ruleset: a resolved ruleset
 * @force: (nullable): the unit's force
 * @unit: the unit
 * @size: what per-size-unit costs are multiplied by
 * @cost: (out caller-allocates): the result, with its breakdown lines
 *
 * The generic rule with a chosen multiplier: @size × Σ each + Σ per unit, over input
 * "points", rounded as the ruleset's costing says.
 *
 * Returns: %FALSE with @cost's error set if the unit cannot be costed
 */
gboolean
muster_system_cost_by_size (const MusterRuleset *ruleset,
                            const MusterForce   *force,
                            const MusterUnit    *unit,
                            guint                size,
                            MusterCost          *cost)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *lines = muster_cost_lines_new ();

  muster_cost_clear (cost);
  cost->lines = lines;
  if (!muster_cost_collect (ruleset, force, unit, lines, &error))
    {
      cost->error = g_strdup (error->message);
      return FALSE;
    }
  cost->value = muster_cost_round (ruleset, muster_cost_sum (lines, "points", size, &cost->house));
  return TRUE;
}

/**
 * muster_system_unit_cost:
 * @ruleset: a resolved ruleset
 * @force: (nullable): the unit's force, for its list options
 * @unit: the unit
 * @cost: (out caller-allocates): the cost with its breakdown; clear it with muster_cost_clear()
 *
 * Costs one unit with the ruleset's system module.
 *
 * Returns: %FALSE if the unit cannot be costed (@cost's error says why)
 */
gboolean
muster_system_unit_cost (const MusterRuleset *ruleset,
                         const MusterForce   *force,
                         const MusterUnit    *unit,
                         MusterCost          *cost)
{
  const MusterSystem *system = muster_system_for_ruleset (ruleset);

  if (system->unit_cost != NULL)
    {
      gboolean ok = system->unit_cost (ruleset, force, unit, cost);

      if (!ok && cost->error == NULL)
        cost->error = g_strdup ("the unit cannot be costed");
      return ok;
    }
  return muster_system_cost_by_size (ruleset, force, unit, muster_unit_get_size (unit), cost);
}

/* Returns: (transfer full): the unit's statistics after options and special rules */
MusterStats *
muster_system_derived_stats (const MusterRuleset *ruleset,
                             const MusterForce   *force,
                             const MusterUnit    *unit)
{
  const MusterSystem *system = muster_system_for_ruleset (ruleset);

  if (system->derived_stats != NULL)
    return system->derived_stats (ruleset, force, unit);
  return muster_stats_derive (ruleset, force, unit);
}

/* Appends the findings of the module's own checks (element-type MusterIssue) to @issues. */
void
muster_system_extra_checks (const MusterRuleset *ruleset,
                            const MusterForce   *force,
                            GPtrArray           *issues)
{
  const MusterSystem *system = muster_system_for_ruleset (ruleset);

  if (system->extra_checks != NULL)
    system->extra_checks (ruleset, force, issues);
}

static void
summary_item_free (MusterSummaryItem *item)
{
  g_free (item->id);
  g_free (item->label);
  g_free (item->value);
  g_free (item);
}

/**
 * muster_system_force_summary:
 *
 * Returns: (transfer full) (element-type MusterSummaryItem): the system's summary of @force,
 *   empty when the total says it all
 */
GPtrArray *
muster_system_force_summary (const MusterRuleset *ruleset,
                             const MusterForce   *force)
{
  const MusterSystem *system = muster_system_for_ruleset (ruleset);
  GPtrArray *items = g_ptr_array_new_with_free_func ((GDestroyNotify) summary_item_free);

  if (system->force_summary != NULL)
    system->force_summary (ruleset, force, items);
  return items;
}

/* Appends one summary line; for modules' force_summary hooks. */
void
muster_summary_add (GPtrArray  *items,
                    const char *id,
                    const char *label,
                    const char *format,
                    ...)
{
  MusterSummaryItem *item = g_new0 (MusterSummaryItem, 1);
  va_list args;

  item->id = g_strdup (id);
  item->label = g_strdup (label);
  va_start (args, format);
  item->value = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (items, item);
}
