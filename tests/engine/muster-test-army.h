/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdarg.h>

#include "muster-engine.h"

/*
 * A one-force document for the cost tests: g_test_add (path, Army, &spec, army_setup, func,
 * army_teardown), with an ArmySpec naming the ruleset (a pointer to the test's global, which
 * main() loads before the tests run) and the force's points limit.
 */

typedef struct
{
  MusterRuleset **ruleset;
  gint64          points;
} ArmySpec;

typedef struct
{
  MusterDoc   *doc;
  MusterForce *force;
} Army;

static inline void
army_setup (Army          *army,
            gconstpointer  data)
{
  const ArmySpec *spec = data;
  MusterRuleset *ruleset = *spec->ruleset;

  army->doc = muster_doc_new (muster_ruleset_get_id (ruleset),
                              muster_ruleset_get_version (ruleset));
  muster_doc_set_ruleset (army->doc, ruleset);
  muster_doc_insert_force (army->doc, 0, muster_force_new ("Test host", spec->points));
  army->force = muster_doc_get_force (army->doc, 0);
}

static inline void
army_teardown (Army          *army,
               gconstpointer  data)
{
  muster_doc_free (army->doc);
}

/* Adds a unit with exactly the options listed (NULL-terminated), nothing by default. */
static inline MusterUnit *
add_unit (Army       *army,
          const char *type,
          guint       size,
          ...)
{
  MusterNode *root = muster_force_get_root (army->force);
  MusterUnit *unit = muster_unit_new (type, size);
  const char *option;
  va_list args;

  va_start (args, size);
  while ((option = va_arg (args, const char *)))
    muster_unit_set_option (unit, option, 1);
  va_end (args);

  muster_node_insert_unit (root, muster_node_get_n_units (root), unit);
  return unit;
}

static inline gint64
cost_of (const MusterUnit *unit)
{
  const MusterCost *cost = muster_unit_get_cost (unit);

  g_assert_null (cost->error);
  return cost->value;
}

/* A number statistic that must exist. */
static inline double
stat_of (const MusterStats *stats,
         const char        *id)
{
  double value = -99;

  if (!muster_stats_get_number (stats, id, &value))
    g_error ("no stat “%s”", id);
  return value;
}
