/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-system-sov"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-army.h"
#include "muster-issue.h"
#include "muster-stats.h"
#include "muster-system-sov-private.h"

/*
 * Standards of Valor army building. The numbers are in data/rulesets/standards-of-valor.xml;
 * this module holds what the data cannot say:
 *
 *  - cost (§3): a product, not a sum. Per figure, Final Cost = BC × CM × QM, where BC sums
 *    the cost inputs "bc" (mobility and armour die sizes, +2 for a Large Shield) and the
 *    weapons' "weapon-formula" or "weapon-table" lines (variant weapon-costs), CM sums "cm"
 *    (2 for the two normal actions plus the capabilities) and QM sums "qm" (variant
 *    quality-multiple). Fractions are kept and only the per-figure cost is rounded; the unit
 *    costs that times its figures. The breakdown also names the per-figure cost under the other
 *    weapon-cost reading when the two differ;
 *  - stats: the effective range band of the missile weapon, RBM × Quality Die size (§2.2),
 *    and the LV of a leader grade from the draft leadership table at company level (an
 *    Independent Figure's at "self"), scaled from Elite troops to the unit's Quality Die
 *    (variant leadership-scaling, §3.6);
 *  - the custom constraint unit-leader: every unit but an Independent Figure has a leader.
 */

#define VARIANT_WEAPON_COSTS     "weapon-costs"
#define VARIANT_QUALITY_MULTIPLE "quality-multiple"
#define LEADER_CONSTRAINT        "unit-leader"
#define LEADER_OPTION            "leader"
#define COMMAND_GROUP            "command"
#define CHARACTER_CATEGORY       "character"
#define GRADE_GROUP              "leader-grade"
#define LEADERSHIP_TABLE         "leadership"
#define VARIANT_LEADERSHIP       "leadership-scaling"

static GHashTable *
settings_of (const MusterForce *force)
{
  return force ? muster_force_get_settings (force) : NULL;
}

static MusterCostLine *
line_new (const char *label,
          double      each,
          guint       quantity,
          gboolean    house)
{
  MusterCostLine *line = g_new0 (MusterCostLine, 1);

  line->label = g_strdup (label);
  line->input = g_strdup ("points");
  line->per = MUSTER_PER_EACH;
  line->each = each;
  line->count = 1;
  line->quantity = quantity;
  line->amount = each * quantity;
  line->house = house;
  return line;
}

/* The per-figure cost under one weapon-cost reading, before rounding. */
static double
per_figure (GPtrArray  *lines,
            const char *weapon_input,
            double      multiple,
            gboolean   *house)
{
  gboolean bc_house, weapon_house;
  double bc = muster_cost_sum (lines, "bc", 1, &bc_house)
              + muster_cost_sum (lines, weapon_input, 1, &weapon_house);

  *house = bc_house || weapon_house;
  return bc * multiple;
}

static gboolean
sov_unit_cost (const MusterRuleset *ruleset,
               const MusterForce   *force,
               const MusterUnit    *unit,
               MusterCost          *cost)
{
  g_autoptr(GPtrArray) collected = muster_cost_lines_new ();
  g_autoptr(GError) error = NULL;
  const char *weapons = muster_ruleset_variant_value (ruleset, VARIANT_WEAPON_COSTS,
                                                      settings_of (force));
  const char *quality = muster_ruleset_variant_value (ruleset, VARIANT_QUALITY_MULTIPLE,
                                                      settings_of (force));
  gboolean table = g_strcmp0 (weapons, "table") == 0;
  const char *input = table ? "weapon-table" : "weapon-formula";
  guint figures = muster_unit_get_size (unit);
  gboolean cm_house, qm_house, house, other_house;
  double cm, qm, multiple, value, other;
  gint64 rounded, other_rounded;

  muster_cost_clear (cost);
  cost->lines = muster_cost_lines_new ();
  if (!muster_cost_collect (ruleset, force, unit, collected, &error))
    {
      cost->error = g_strdup (error->message);
      return FALSE;
    }

  cm = muster_cost_sum (collected, "cm", 1, &cm_house);
  qm = g_strcmp0 (quality, "ignore") == 0 ? 1 : muster_cost_sum (collected, "qm", 1, &qm_house);
  if (g_strcmp0 (quality, "ignore") == 0)
    qm_house = FALSE;
  if (qm == 0)
    qm = 1;
  multiple = cm * qm;
  value = per_figure (collected, input, multiple, &house);
  house |= cm_house || qm_house;

  /* The breakdown: each part of the Basic Cost times CM × QM, per figure. */
  for (guint i = 0; i < collected->len; i++)
    {
      MusterCostLine *line = collected->pdata[i];
      g_autofree char *label = NULL;

      if (!g_str_equal (line->input, "bc") && !g_str_equal (line->input, input))
        continue;
      label = g_strdup_printf ("%s (%g × CM %g × QM %g)", line->label, line->each, cm, qm);
      g_ptr_array_add (cost->lines, line_new (label, line->each * line->count * multiple,
                                              figures, line->house));
    }

  rounded = muster_cost_round (ruleset, value);
  other = per_figure (collected, table ? "weapon-formula" : "weapon-table", multiple,
                      &other_house);
  other_rounded = muster_cost_round (ruleset, other);
  /* [default] §3.5: show both numbers where the formula and the printed table differ. */
  if (other_rounded != rounded)
    {
      cost->alternative_label = g_strdup (table ? "formula weapon costs" : "printed weapon costs");
      cost->alternative = other_rounded * figures;
    }

  cost->value = rounded * figures;
  cost->house = house;
  return TRUE;
}

/* The LV of leader grade @grade ("grade-c") commanding at @level with a Quality Die of
 * @quality sides, or 0 when the grade cannot command there. The table is for Elite troops:
 * [default] LV × N / 12, halves rounding up, at least 1, keeps the chance of failure. */
static int
grade_lv (const MusterRuleset *ruleset,
          const MusterForce   *force,
          const char          *grade,
          const char          *level,
          double               quality)
{
  const MusterTable *table = muster_ruleset_get_table (ruleset, LEADERSHIP_TABLE);
  const MusterCell *cell;
  const char *scaling = muster_ruleset_variant_value (ruleset, VARIANT_LEADERSHIP,
                                                      settings_of (force));

  if (table == NULL || !g_str_has_prefix (grade, "grade-")
      || (cell = muster_table_lookup (table, grade + strlen ("grade-"), level, NULL)) == NULL
      || !cell->is_number)
    return 0;
  if (g_strcmp0 (scaling, "unchanged") == 0)
    return (int) cell->number;
  return MAX (1, (int) floor (cell->number * quality / 12 + 0.5));
}

static MusterStats *
sov_derived_stats (const MusterRuleset *ruleset,
                   const MusterForce   *force,
                   const MusterUnit    *unit)
{
  MusterStats *stats = muster_stats_derive (ruleset, force, unit);
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                             muster_unit_get_type_id (unit));
  const char *grade = muster_unit_choice_in (ruleset, unit, GRADE_GROUP);
  double rbm, quality;

  if (muster_stats_get_number (stats, "missile-rbm", &rbm)
      && muster_stats_get_number (stats, "quality", &quality))
    muster_stats_set_number (stats, "range-band", rbm * quality);
  if (grade != NULL && type != NULL && muster_stats_get_number (stats, "quality", &quality))
    {
      gboolean alone = g_str_equal (type->category, CHARACTER_CATEGORY);
      int lv = grade_lv (ruleset, force, grade, alone ? "self" : "company", quality);

      if (lv > 0)
        muster_stats_set_number (stats, "lv", lv);
    }
  return stats;
}

static gboolean
has_leader (const MusterRuleset *ruleset,
            const MusterUnit    *unit)
{
  return muster_unit_get_option_count (unit, LEADER_OPTION) > 0
         || g_strcmp0 (muster_unit_choice_in (ruleset, unit, COMMAND_GROUP), LEADER_OPTION) == 0;
}

static void
check_leaders (const MusterRuleset    *ruleset,
               const MusterForce      *force,
               const MusterNode       *node,
               const MusterConstraint *constraint,
               GPtrArray              *issues)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      const MusterUnit *unit = muster_node_get_unit (node, i);
      const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                                 muster_unit_get_type_id (unit));
      g_autofree char *message = NULL;

      if (type == NULL || g_str_equal (type->category, CHARACTER_CATEGORY)
          || muster_unit_type_get_allow (type, COMMAND_GROUP) == NULL
          || has_leader (ruleset, unit))
        continue;
      message = muster_format_message (constraint->message, (const char *[]) {
                                         "unit", muster_unit_get_name (unit),
                                         "type", type->item.name,
                                         "constraint", constraint->item.id, NULL });
      g_ptr_array_add (issues, muster_issue_new (constraint->severity, constraint->item.id,
                                                 muster_force_get_id (force),
                                                 muster_unit_get_id (unit), message));
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    check_leaders (ruleset, force, muster_node_get_node (node, i), constraint, issues);
}

static void
sov_extra_checks (const MusterRuleset *ruleset,
                  const MusterForce   *force,
                  GPtrArray           *issues)
{
  const MusterConstraint *leader = muster_ruleset_get_constraint (ruleset, LEADER_CONSTRAINT);

  if (leader == NULL || leader->severity == MUSTER_SEVERITY_OFF
      || !muster_condition_holds (ruleset, force, NULL, leader->when))
    return;
  check_leaders (ruleset, force, muster_force_get_root (force), leader, issues);
}

static const MusterGenerateMethod sov_generation_methods[] = {
  { "clock-face", _muster_generate_clock_face },
  { NULL, NULL }
};

const MusterSystem muster_system_sov = {
  .id = "standards-of-valor",
  .unit_cost = sov_unit_cost,
  .derived_stats = sov_derived_stats,
  .extra_checks = sov_extra_checks,
  .procedures = muster_sov_procedures,
  .fill = &_muster_sov_fill,
  .table_inputs = _muster_sov_table_inputs,
  .resolve_effect = _muster_sov_resolve_effect,
  .generation_methods = sov_generation_methods,
};
