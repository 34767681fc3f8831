/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-system-bvf"

#include "config.h"

#include "muster-army.h"
#include "muster-fill-private.h"
#include "muster-issue.h"
#include "muster-stats.h"
#include "muster-system-bvf-private.h"

/*
 * Battle Valor Fantasy. The numbers are in data/rulesets/battle-valor-fantasy.xml; this module
 * holds what the data cannot say:
 *
 *  - cost (§3.4): unit = N × (troop cost by type × experience + weapon, armour and mount
 *    upgrades) + 10 for a Command Stand; characters and wizards by experience, the General
 *    free. All of that is the generic sum over the data's cost lines, except which N the
 *    per-stand costs multiply: under the "extra" reading of the Command Stand (variant
 *    command-stand), the 10 points pay for that stand entirely, so N is one less;
 *  - stats: a Monstrous Creature's attack dice equal its MR (§2.9);
 *  - the character breadth rule (§2.8): no second character of a type before one of each of
 *    the six types, no third before two of each, and so on. The General does not count.
 *
 * The data ids it relies on are below; a house ruleset that renames them loses these rules.
 */

#define VARIANT_COMMAND_STAND "command-stand"
#define COMMAND_STAND_OPTION  "command-stand"
#define CHARACTER_CATEGORY    "character"
#define BREADTH_CONSTRAINT    "character-breadth"
#define MONSTROUS_RULE        "monstrous-creature"

static GHashTable *
settings_of (const MusterForce *force)
{
  return force ? muster_force_get_settings (force) : NULL;
}

static gboolean
bvf_unit_cost (const MusterRuleset *ruleset,
               const MusterForce   *force,
               const MusterUnit    *unit,
               MusterCost          *cost)
{
  const char *accounting = muster_ruleset_variant_value (ruleset, VARIANT_COMMAND_STAND,
                                                         settings_of (force));
  guint stands = muster_unit_get_size (unit);

  if (g_strcmp0 (accounting, "extra") == 0 && stands > 0 &&
      muster_unit_get_option_count (unit, COMMAND_STAND_OPTION) > 0)
    stands--;
  return muster_system_cost_by_size (ruleset, force, unit, stands, cost);
}

static gboolean
has_rule (const MusterUnitType *type,
          const char           *rule)
{
  return type->rules != NULL && g_strv_contains ((const char * const *) type->rules, rule);
}

static MusterStats *
bvf_derived_stats (const MusterRuleset *ruleset,
                   const MusterForce   *force,
                   const MusterUnit    *unit)
{
  MusterStats *stats = muster_stats_derive (ruleset, force, unit);
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                             muster_unit_get_type_id (unit));
  double mr;

  if (type != NULL && has_rule (type, MONSTROUS_RULE) && muster_stats_get_number (stats, "mr", &mr))
    muster_stats_set_number (stats, "attacks", mr);
  return stats;
}

static void
count_characters (const MusterRuleset *ruleset,
                  const MusterNode    *node,
                  GHashTable          *counts)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      const char *type_id = muster_unit_get_type_id (muster_node_get_unit (node, i));
      const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset, type_id);

      if (type != NULL && g_str_equal (type->category, CHARACTER_CATEGORY))
        g_hash_table_insert (counts, (gpointer) type->item.id,
                             GUINT_TO_POINTER (GPOINTER_TO_UINT (
                               g_hash_table_lookup (counts, type->item.id)) + 1));
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    count_characters (ruleset, muster_node_get_node (node, i), counts);
}

static void
bvf_extra_checks (const MusterRuleset *ruleset,
                  const MusterForce   *force,
                  GPtrArray           *issues)
{
  const MusterConstraint *breadth = muster_ruleset_get_constraint (ruleset, BREADTH_CONSTRAINT);
  const GPtrArray *types = muster_ruleset_list (ruleset, MUSTER_ITEM_UNIT_TYPE);
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) characters = g_ptr_array_new ();

  if (breadth == NULL || breadth->severity == MUSTER_SEVERITY_OFF ||
      !muster_condition_holds (ruleset, force, NULL, breadth->when))
    return;

  for (guint i = 0; i < types->len; i++)
    if (g_str_equal (((MusterUnitType *) types->pdata[i])->category, CHARACTER_CATEGORY))
      g_ptr_array_add (characters, types->pdata[i]);
  count_characters (ruleset, muster_force_get_root (force), counts);

  /* A type with n characters needs n - 1 of every other type. */
  for (guint i = 0; i < characters->len; i++)
    {
      const MusterUnitType *type = characters->pdata[i];
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, type->item.id));

      for (guint j = 0; n >= 2 && j < characters->len; j++)
        {
          const MusterUnitType *other = characters->pdata[j];
          g_autofree char *count = NULL, *min = NULL, *message = NULL;

          if (other == type || GPOINTER_TO_UINT (g_hash_table_lookup (counts, other->item.id)) >= n - 1)
            continue;
          count = g_strdup_printf ("%u", n);
          min = g_strdup_printf ("%u", n - 1);
          message = muster_format_message (breadth->message, (const char *[]) {
                                             "type", type->item.name, "count", count,
                                             "min", min, "constraint", breadth->item.id, NULL });
          g_ptr_array_add (issues, muster_issue_new (breadth->severity, breadth->item.id,
                                                     muster_force_get_id (force), NULL,
                                                     message));
          break;
        }
    }
}

static const char * const bvf_watch[] = { CHARACTER_CATEGORY, NULL };

static const MusterGenerateMethod bvf_generation_methods[] = {
  { "agreed", _muster_generate_agreed },
  { NULL, NULL }
};

const MusterSystem muster_system_bvf = {
  .id = "battle-valor-fantasy",
  .unit_cost = bvf_unit_cost,
  .derived_stats = bvf_derived_stats,
  .extra_checks = bvf_extra_checks,
  .extra_checks_watch = bvf_watch,
  .fill = &_muster_bvf_fill,
  .procedures = muster_bvf_procedures,
  .table_inputs = _muster_bvf_table_inputs,
  .resolve_effect = _muster_bvf_resolve_effect,
  .generation_methods = bvf_generation_methods,
};
