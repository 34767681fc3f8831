/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdarg.h>

#include "muster-engine.h"

/*
 * A one-force document for cost tests: set up with a ruleset, units added with exactly the
 * options listed (the type's defaults apply to the groups left alone), costs read back.
 */

typedef struct
{
  MusterDoc   *doc;
  MusterForce *force;
} MusterTestArmy;

static inline void
muster_test_army_init (MusterTestArmy *army,
                       MusterRuleset  *ruleset,
                       const char     *force_name,
                       gint64          points)
{
  army->doc = muster_doc_new (muster_ruleset_get_id (ruleset),
                              muster_ruleset_get_version (ruleset));
  muster_doc_set_ruleset (army->doc, ruleset);
  muster_doc_insert_force (army->doc, 0, muster_force_new (force_name, points));
  army->force = muster_doc_get_force (army->doc, 0);
}

static inline void
muster_test_army_clear (MusterTestArmy *army)
{
  muster_doc_free (army->doc);
}

/* Adds a unit of @type and @size with the options listed (NULL-terminated). */
static inline MusterUnit *
muster_test_army_add_unit (MusterTestArmy *army,
                           const char     *type,
                           guint           size,
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

/* The unit's cost, which must have been computed without error. */
static inline gint64
muster_test_cost_of (const MusterUnit *unit)
{
  const MusterCost *cost = muster_unit_get_cost (unit);

  g_assert_null (cost->error);
  return cost->value;
}
