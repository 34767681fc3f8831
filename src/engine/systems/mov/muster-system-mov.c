/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-system-mov"

#include "config.h"

#include <string.h>

#include "muster-army.h"
#include "muster-cost.h"
#include "muster-doc.h"
#include "muster-issue.h"
#include "muster-stats.h"
#include "muster-system-mov-combat-private.h"
#include "muster-system-mov.h"
#include "muster-unit.h"

/*
 * Medals of Valor army building. The organisation, the soldiers, their weapons and every
 * legality rule are data in data/rulesets/medals-of-valor.xml; the book has no points, so a
 * soldier's cost is 1 (the generic rule gives the head count). This module holds what the
 * data cannot say:
 *
 *  - the leader (§1.3): "the highest ranking soldier in a unit is its leader". Rank is the
 *    category (EM < ASL < SL < PL < CO), then the pay grade; a remaining tie goes to the
 *    soldier listed first. Stats "rank", "leader" and "leads" (the nodes he leads);
 *  - the force's strength: head count by category, leaders, FIR and vehicles;
 *  - the book's advice that the side without a tank deploy an AT system (§7.0), which looks
 *    at the other forces of the document;
 *  - a side's company commanders: with several, one outranks the others (promoted to Major,
 *    §1.3), so that the side has one commander-in-chief.
 *
 * The data ids it relies on are below; a house ruleset that renames them loses these rules.
 */

#define AFV_CATEGORY      "afv"
#define TANK_TYPE         "tank"
#define AT_OPTION         "at-system"
#define AT_CONSTRAINT     "at-system-against-tanks"
#define CINC_CONSTRAINT   "side-commander-in-chief"
#define ASL_INDEX         1   /* the lowest category that leads (§1.21): an EM never does */
#define CO_INDEX          4

static const char * const category_ids[MUSTER_MOV_N_CATEGORIES] = {
  "em", "asl", "sl", "pl", "co"
};

static int
category_of (const MusterRuleset *ruleset,
             const MusterUnit    *unit)
{
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                             muster_unit_get_type_id (unit));

  for (int c = 0; type != NULL && c < MUSTER_MOV_N_CATEGORIES; c++)
    if (g_strcmp0 (type->category, category_ids[c]) == 0)
      return c;
  return -1;
}

/* The rank order: 100 per category step, plus the pay grade; −1 for a vehicle. */
static double
rank_of (const MusterRuleset *ruleset,
         const MusterForce   *force,
         const MusterUnit    *unit)
{
  g_autoptr(MusterStats) stats = muster_stats_derive (ruleset, force, unit);
  int category = category_of (ruleset, unit);
  double grade = 0;

  if (category < 0)
    return -1;
  muster_stats_get_number (stats, "pay-grade", &grade);
  return (category + 1) * 100 + grade;
}

/* The highest-ranking soldier in @node and its sub-units; the first listed wins a tie. */
static void
find_leader (const MusterRuleset  *ruleset,
             const MusterForce    *force,
             const MusterNode     *node,
             const MusterUnit    **best,
             double               *best_rank)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      const MusterUnit *unit = muster_node_get_unit (node, i);
      double rank = rank_of (ruleset, force, unit);

      if (rank >= 0 && rank > *best_rank)
        {
          *best = unit;
          *best_rank = rank;
        }
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    find_leader (ruleset, force, muster_node_get_node (node, i), best, best_rank);
}

static const MusterUnit *
leader_of (const MusterRuleset *ruleset,
           const MusterForce   *force,
           const MusterNode    *node)
{
  const MusterUnit *best = NULL;
  double best_rank = -1;

  find_leader (ruleset, force, node, &best, &best_rank);
  return best;
}

static const char *
node_label (const MusterRuleset *ruleset,
            const MusterNode    *node)
{
  const MusterLevel *level;

  if (muster_node_get_name (node) != NULL)
    return muster_node_get_name (node);
  level = (const MusterLevel *) muster_ruleset_lookup (ruleset, MUSTER_ITEM_LEVEL,
                                                       muster_node_get_level (node));
  return level ? level->item.name : muster_node_get_level (node);
}

static MusterStats *
mov_derived_stats (const MusterRuleset *ruleset,
                   const MusterForce   *force,
                   const MusterUnit    *unit)
{
  MusterStats *stats = muster_stats_derive (ruleset, force, unit);
  double rank = rank_of (ruleset, force, unit);
  g_autoptr(GString) leads = g_string_new (NULL);

  if (rank < 0)
    return stats;
  muster_stats_set_number (stats, "rank", rank);
  /* He leads his own node if he outranks everyone in it, and each node above for as long as
   * he still does; but an EM at the top of a unit of EMs leads nothing: the unit is leaderless,
   * as validation says (fireteam-leader). */
  for (const MusterNode *node = muster_unit_get_node (unit);
       node != NULL && category_of (ruleset, unit) >= ASL_INDEX &&
       leader_of (ruleset, force, node) == unit;
       node = muster_node_get_parent (node))
    g_string_append_printf (leads, "%s%s", leads->len ? ", " : "", node_label (ruleset, node));
  muster_stats_set_number (stats, "leader", leads->len > 0);
  if (leads->len > 0)
    muster_stats_set_text (stats, "leads", leads->str);
  return stats;
}

static void
add_strength (const MusterRuleset *ruleset,
              const MusterForce   *force,
              const MusterNode    *node,
              MusterMovStrength   *strength)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      const MusterUnit *unit = muster_node_get_unit (node, i);
      const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                                 muster_unit_get_type_id (unit));
      g_autoptr(MusterStats) stats = NULL;
      int category = category_of (ruleset, unit);
      double fir = 0, leader = 0;

      if (type == NULL)
        continue;
      stats = mov_derived_stats (ruleset, force, unit);
      muster_stats_get_number (stats, "fir", &fir);
      if (category >= 0)
        {
          strength->men[category] += muster_unit_get_size (unit);
          strength->total += muster_unit_get_size (unit);
          strength->fir += (guint) fir * muster_unit_get_size (unit);
          muster_stats_get_number (stats, "leader", &leader);
          strength->leaders += leader != 0;
        }
      else if (g_strcmp0 (type->category, AFV_CATEGORY) == 0)
        {
          strength->vehicles += muster_unit_get_size (unit);
          strength->vehicle_fir += (guint) fir * muster_unit_get_size (unit);
        }
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    add_strength (ruleset, force, muster_node_get_node (node, i), strength);
}

/**
 * _muster_mov_force_strength:
 * @ruleset: the Medals of Valor ruleset (or a house ruleset extending it)
 * @force: a force
 * @strength: (out caller-allocates): the force's strength
 *
 * The force summary the book has instead of points.
 */
void
_muster_mov_force_strength (const MusterRuleset *ruleset,
                            const MusterForce   *force,
                            MusterMovStrength   *strength)
{
  g_return_if_fail (ruleset != NULL && force != NULL && strength != NULL);

  memset (strength, 0, sizeof *strength);
  add_strength (ruleset, force, muster_force_get_root (force), strength);
}

/* Units in @node and below of type @type_id (or, with @option, that picked @option). */
static guint
count_units (const MusterNode *node,
             const char       *type_id,
             const char       *option)
{
  guint n = 0;

  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      const MusterUnit *unit = muster_node_get_unit (node, i);

      if (type_id != NULL && g_strcmp0 (muster_unit_get_type_id (unit), type_id) == 0)
        n += muster_unit_get_size (unit);
      else if (option != NULL && muster_unit_get_option_count (unit, option) > 0)
        n++;
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    n += count_units (muster_node_get_node (node, i), type_id, option);
  return n;
}

static gboolean
opposes (const MusterForce *a,
         const MusterForce *b)
{
  return a != b && (muster_force_get_side (a) == NULL || muster_force_get_side (b) == NULL ||
                    g_strcmp0 (muster_force_get_side (a), muster_force_get_side (b)) != 0);
}

static void
check_at_advice (const MusterRuleset *ruleset,
                 const MusterForce   *force,
                 GPtrArray           *issues)
{
  const MusterConstraint *advice = muster_ruleset_get_constraint (ruleset, AT_CONSTRAINT);
  MusterDoc *doc = muster_force_get_doc (force);
  g_autofree char *count = NULL, *message = NULL;
  guint tanks = 0;

  if (advice == NULL || advice->severity == MUSTER_SEVERITY_OFF || doc == NULL ||
      !muster_condition_holds (ruleset, force, NULL, advice->when))
    return;
  /* A side that has its own tank needs no advice. */
  if (count_units (muster_force_get_root (force), TANK_TYPE, NULL) > 0 ||
      count_units (muster_force_get_root (force), NULL, AT_OPTION) > 0)
    return;
  for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
    {
      const MusterForce *other = muster_doc_get_force (doc, i);

      if (opposes (force, other))
        tanks += count_units (muster_force_get_root (other), TANK_TYPE, NULL);
    }
  if (tanks == 0)
    return;
  count = g_strdup_printf ("%u", tanks);
  message = muster_format_message (advice->message, (const char *[]) {
                                     "scope", muster_force_get_name (force), "count", count,
                                     "constraint", advice->item.id, NULL });
  g_ptr_array_add (issues, muster_issue_new (advice->severity, advice->item.id,
                                             muster_force_get_id (force), NULL, message));
}

/* The company commanders in @node and below: how many, the highest rank among them and how
 * many hold it. */
static void
count_commanders (const MusterRuleset *ruleset,
                  const MusterForce   *force,
                  const MusterNode    *node,
                  guint               *n,
                  double              *best,
                  guint               *n_best)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      const MusterUnit *unit = muster_node_get_unit (node, i);
      double rank;

      if (category_of (ruleset, unit) != CO_INDEX)
        continue;
      rank = rank_of (ruleset, force, unit);
      (*n)++;
      if (*n_best == 0 || rank > *best)
        {
          *best = rank;
          *n_best = 1;
        }
      else if (rank == *best)
        (*n_best)++;
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    count_commanders (ruleset, force, muster_node_get_node (node, i), n, best, n_best);
}

/* §1.3 (L7): a side whose players hold several company commanders promotes one to Major;
 * each force of the side that holds one of them is told. */
static void
check_commander_in_chief (const MusterRuleset *ruleset,
                          const MusterForce   *force,
                          GPtrArray           *issues)
{
  const MusterConstraint *rule = muster_ruleset_get_constraint (ruleset, CINC_CONSTRAINT);
  MusterDoc *doc = muster_force_get_doc (force);
  g_autofree char *count = NULL, *message = NULL;
  guint own = 0, own_best = 0, n = 0, n_best = 0, players = 0;
  double own_rank = 0, best = 0;

  if (rule == NULL || rule->severity == MUSTER_SEVERITY_OFF || doc == NULL ||
      !muster_condition_holds (ruleset, force, NULL, rule->when))
    return;
  count_commanders (ruleset, force, muster_force_get_root (force), &own, &own_rank, &own_best);
  if (own == 0)
    return;
  for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
    {
      const MusterForce *other = muster_doc_get_force (doc, i);

      guint before = n;

      if (other == force || !opposes (force, other))
        count_commanders (ruleset, other, muster_force_get_root (other), &n, &best, &n_best);
      players += n > before;
    }
  /* One player with two captains breaks one-company-commander instead. */
  if (players < 2 || n_best < 2)
    return;
  count = g_strdup_printf ("%u", n);
  message = muster_format_message (rule->message, (const char *[]) {
                                     "scope", muster_force_get_name (force), "count", count,
                                     "constraint", rule->item.id, NULL });
  g_ptr_array_add (issues, muster_issue_new (rule->severity, rule->item.id,
                                             muster_force_get_id (force), NULL, message));
}

static void
mov_extra_checks (const MusterRuleset *ruleset,
                  const MusterForce   *force,
                  GPtrArray           *issues)
{
  check_at_advice (ruleset, force, issues);
  check_commander_in_chief (ruleset, force, issues);
}

/* The head count the book uses instead of points (§2.1): men by category, leaders, FIR, AFVs. */
static void
mov_force_summary (const MusterRuleset *ruleset,
                   const MusterForce   *force,
                   GPtrArray           *items)
{
  static const char * const categories[] = { "EM", "ASL", "SL", "PL", "CO" };
  g_autoptr(GString) by_category = g_string_new (NULL);
  MusterMovStrength strength;

  _muster_mov_force_strength (ruleset, force, &strength);
  for (int c = MUSTER_MOV_N_CATEGORIES - 1; c >= 0; c--)
    g_string_append_printf (by_category, "%s%s %u", by_category->len ? ", " : "",
                            categories[c], strength.men[c]);

  muster_summary_add (items, "soldiers", "Soldiers", "%u (%s)", strength.total, by_category->str);
  muster_summary_add (items, "leaders", "Leaders", "%u", strength.leaders);
  muster_summary_add (items, "fir", "FIR of the soldiers", "%u", strength.fir);
  muster_summary_add (items, "vehicles", "Vehicles", "%u (FIR %u)", strength.vehicles,
                      strength.vehicle_fir);
}

const MusterSystem muster_system_mov = {
  .id = MUSTER_MOV_SYSTEM,
  .derived_stats = mov_derived_stats,
  .extra_checks = mov_extra_checks,
  .extra_checks_document = TRUE,
  .force_summary = mov_force_summary,
  .procedures = muster_mov_procedures,
  .fill = &_muster_mov_fill,
  .table_inputs = _muster_mov_table_inputs,
  .resolve_effect = _muster_mov_resolve_effect,
};
