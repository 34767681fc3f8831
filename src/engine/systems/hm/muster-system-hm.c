/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-system-hm"

#include "config.h"

#include "muster-army.h"
#include "muster-issue.h"
#include "muster-system-hm-private.h"
#include "muster-unit.h"

/*
 * The multi-scale horse-and-musket rules: army building. Costs (by troop type, rating and
 * scale), statistics and every other legality rule are data in
 * data/rulesets/horse-and-musket.xml. This module holds the one rule a count cannot say:
 * every BMU belongs to a BMU group under a sub-commander (§2.9), that is, no BMU stands
 * directly in a command or the army. A count over a command would also count the BMUs of the
 * groups inside it.
 *
 * The data ids it relies on are below; a house ruleset that renames them loses this rule.
 */

#define BMU_IN_BMUG_CONSTRAINT "bmu-in-bmug"
#define BMUG_LEVEL             "bmug"
#define LEADER_CATEGORY        "leader"

static void
check_node (const MusterRuleset    *ruleset,
            const MusterForce      *force,
            const MusterConstraint *constraint,
            const MusterNode       *node,
            GPtrArray              *issues)
{
  if (g_strcmp0 (muster_node_get_level (node), BMUG_LEVEL) != 0)
    for (guint i = 0; i < muster_node_get_n_units (node); i++)
      {
        const MusterUnit *unit = muster_node_get_unit (node, i);
        const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                                   muster_unit_get_type_id (unit));
        const char *scope = muster_node_get_name (node);
        g_autofree char *message = NULL;

        /* An unknown type is reported by costing; leaders may stand anywhere. */
        if (type == NULL || g_strcmp0 (type->category, LEADER_CATEGORY) == 0)
          continue;
        message = muster_format_message (constraint->message, (const char *[]) {
                                           "unit", muster_unit_get_name (unit) ?
                                                   muster_unit_get_name (unit) : type->item.name,
                                           "type", type->item.name,
                                           "scope", scope ? scope : muster_force_get_name (force),
                                           "constraint", constraint->item.id, NULL });
        g_ptr_array_add (issues, muster_issue_new (constraint->severity, constraint->item.id,
                                                   muster_force_get_id (force),
                                                   muster_unit_get_id (unit), message));
      }

  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    check_node (ruleset, force, constraint, muster_node_get_node (node, i), issues);
}

static void
hm_extra_checks (const MusterRuleset *ruleset,
                 const MusterForce   *force,
                 GPtrArray           *issues)
{
  const MusterConstraint *constraint = muster_ruleset_get_constraint (ruleset,
                                                                      BMU_IN_BMUG_CONSTRAINT);

  if (constraint == NULL || constraint->severity == MUSTER_SEVERITY_OFF ||
      !muster_condition_holds (ruleset, force, NULL, constraint->when))
    return;
  check_node (ruleset, force, constraint, muster_force_get_root (force), issues);
}

static const MusterGenerateMethod hm_generation_methods[] = {
  { "generic-maps", _muster_generate_generic_maps },
  { NULL, NULL }
};

const MusterSystem muster_system_hm = {
  .id = "horse-and-musket",
  .extra_checks = hm_extra_checks,
  .procedures = muster_hm_procedures,
  .fill = &_muster_hm_fill,
  .table_inputs = _muster_hm_table_inputs,
  .resolve_effect = _muster_hm_resolve_effect,
  .generation_methods = hm_generation_methods,
};
