/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-system"

#include "config.h"

#include "muster-army.h"
#include "muster-fill-private.h"
#include "muster-stats.h"
#include "muster-system.h"

/*
 * The rule systems by ruleset id, and the generic, data-driven behaviour used where a system
 * has no hook (or a ruleset has no system at all). The built-in systems are listed in
 * src/engine/systems/meson.build, which writes muster-systems.c.
 */

/* muster-systems.c: every built-in system, %NULL-terminated, in the order they are listed to
 * users (by name, as the ruleset catalog lists them). */
extern const MusterSystem * const _muster_builtin_systems[];

static const MusterSystem generic = { .id = "generic" };

/* Systems registered at run time, the newest last; and what is built from all the systems,
 * rebuilt when that changes. A rebuilt list does not free the one before: callers keep
 * pointers into it (registering is for tests, a handful of times a process). */
typedef struct
{
  GPtrArray *systems;      /* const MusterSystem * */
  GPtrArray *procedures;   /* const MusterProcedure * */
} Lists;

G_LOCK_DEFINE_STATIC (registered);
static GPtrArray *registered;
static Lists *lists;
static GPtrArray *retired;

static void
forget_lists (void)
{
  if (lists == NULL)
    return;
  if (retired == NULL)
    retired = g_ptr_array_new ();
  g_ptr_array_add (retired, lists);
  lists = NULL;
}

/**
 * muster_system_register:
 * @system: (transfer none): a system that lives as long as the process (usually static)
 *
 * Adds a system; it takes precedence over a built-in one with the same id (tests use this to
 * count or replace hooks, or to add a system of their own).
 */
void
muster_system_register (const MusterSystem *system)
{
  g_return_if_fail (system != NULL && system->id != NULL);

  G_LOCK (registered);
  if (registered == NULL)
    registered = g_ptr_array_new ();
  g_ptr_array_add (registered, (gpointer) system);
  forget_lists ();
  G_UNLOCK (registered);
}

void
muster_system_unregister (const MusterSystem *system)
{
  G_LOCK (registered);
  if (registered != NULL && g_ptr_array_remove (registered, (gpointer) system))
    forget_lists ();
  G_UNLOCK (registered);
}

/* With the lock held. Returns: (nullable): the system for @system_id */
static const MusterSystem *
lookup_locked (const char *system_id)
{
  for (guint i = registered ? registered->len : 0; i > 0; i--)
    if (g_strcmp0 (((MusterSystem *) registered->pdata[i - 1])->id, system_id) == 0)
      return registered->pdata[i - 1];
  for (guint i = 0; _muster_builtin_systems[i] != NULL; i++)
    if (g_strcmp0 (_muster_builtin_systems[i]->id, system_id) == 0)
      return _muster_builtin_systems[i];
  return NULL;
}

/* Returns: (transfer none): the system for @system_id, or the generic one */
const MusterSystem *
muster_system_lookup (const char *system_id)
{
  const MusterSystem *found;

  G_LOCK (registered);
  found = lookup_locked (system_id);
  G_UNLOCK (registered);
  return found ? found : &generic;
}

static void
add_system_locked (GPtrArray          *systems,
                   const MusterSystem *system)
{
  const MusterSystem *effective = lookup_locked (system->id);

  if (!g_ptr_array_find (systems, effective, NULL))
    g_ptr_array_add (systems, (gpointer) effective);
}

/* With the lock held. Returns: (transfer none): the lists for the systems as they are now */
static Lists *
lists_locked (void)
{
  if (lists != NULL)
    return lists;

  lists = g_new0 (Lists, 1);
  lists->systems = g_ptr_array_new ();
  lists->procedures = g_ptr_array_new ();
  for (guint i = 0; _muster_builtin_systems[i] != NULL; i++)
    add_system_locked (lists->systems, _muster_builtin_systems[i]);
  for (guint i = 0; registered != NULL && i < registered->len; i++)
    add_system_locked (lists->systems, registered->pdata[i]);

  for (guint i = 0; i < lists->systems->len; i++)
    {
      const MusterSystem *system = lists->systems->pdata[i];

      for (guint j = 0; system->procedures != NULL && system->procedures[j] != NULL; j++)
        g_ptr_array_add (lists->procedures, (gpointer) system->procedures[j]);
    }
  return lists;
}

/**
 * muster_system_list:
 * @n_systems: (out) (optional): the number of systems
 *
 * Returns: (transfer none): every system, built-in ones first by name, then those registered
 *   with ids of their own; a system registered over a built-in one stands in its place
 */
const MusterSystem * const *
muster_system_list (guint *n_systems)
{
  Lists *now;

  G_LOCK (registered);
  now = lists_locked ();
  G_UNLOCK (registered);
  if (n_systems != NULL)
    *n_systems = now->systems->len;
  return (const MusterSystem * const *) now->systems->pdata;
}

/**
 * muster_system_list_procedures:
 * @n_procedures: (out) (optional): the number of procedures
 *
 * Returns: (transfer none): every procedure of every system, by system (as
 *   muster_system_list() gives them) then in book order
 */
const MusterProcedure * const *
muster_system_list_procedures (guint *n_procedures)
{
  Lists *now;

  G_LOCK (registered);
  now = lists_locked ();
  G_UNLOCK (registered);
  if (n_procedures != NULL)
    *n_procedures = now->procedures->len;
  return (const MusterProcedure * const *) now->procedures->pdata;
}

/* Returns: (transfer none) (nullable): the generation method @method of any system */
const MusterGenerateMethod *
muster_system_find_generation_method (const char *method)
{
  guint n;
  const MusterSystem * const *systems = muster_system_list (&n);

  for (guint i = 0; i < n; i++)
    for (const MusterGenerateMethod *m = systems[i]->generation_methods; m && m->id; m++)
      if (g_strcmp0 (m->id, method) == 0)
        return m;
  return NULL;
}

/* Returns: whether @self fills procedures' inputs from units at all */
gboolean
muster_system_can_fill (const MusterSystem *self)
{
  return self->fill != NULL || self->fill_inputs != NULL;
}

/* Returns: whether a unit fills some of @procedure's inputs as @role; see #MusterSystem */
gboolean
muster_system_fills_role (const MusterSystem    *self,
                          const MusterProcedure *procedure,
                          MusterFillRole         role)
{
  if (self->fill != NULL)
    return muster_fill_table_has_role (self->fill->roles, procedure, role);
  if (self->fill_inputs == NULL)
    return FALSE;
  return self->fills_role == NULL || self->fills_role (procedure, role);
}

/* Sets the inputs of @procedure that the table decides between @facts' units; see
 * #MusterSystem */
void
muster_system_table_inputs (const MusterSystem    *self,
                            const MusterProcedure *procedure,
                            const MusterOddsFacts *facts,
                            MusterOddsFill        *fill)
{
  if (self != NULL && self->table_inputs != NULL)
    self->table_inputs (procedure, facts, fill);
}

/* Sets the inputs of @procedure that describe @unit as @role; see #MusterSystem */
gboolean
muster_system_fill_inputs (const MusterSystem     *self,
                           const MusterProcedure  *procedure,
                           const MusterRuleset    *ruleset,
                           const MusterForce      *force,
                           const MusterUnit       *unit,
                           MusterFillRole          role,
                           int                    *values,
                           GError                **error)
{
  const MusterFillSystem *fill = self->fill;
  const MusterUnitType *type;
  g_autofree gpointer facts = NULL;

  if (fill == NULL)
    {
      g_return_val_if_fail (self->fill_inputs != NULL, FALSE);
      return self->fill_inputs (procedure, ruleset, force, unit, role, values, error);
    }
  if (!(type = muster_fill_unit_type (ruleset, unit, error)))
    return FALSE;
  if (!muster_fill_table_has_role (fill->roles, procedure, role))
    return TRUE;
  facts = g_malloc0 (fill->facts_size);
  fill->facts (ruleset, force, type, unit, facts);
  fill->set (procedure, values, role, facts);
  return TRUE;
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
