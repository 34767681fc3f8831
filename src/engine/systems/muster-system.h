/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-cost.h"
#include "muster-engine-types.h"
#include "muster-procedure.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/**
 * MusterSystem:
 * @id: the id of the book ruleset it serves; house rulesets extending that ruleset use it too
 *   (see muster_ruleset_get_system_id())
 * @unit_cost: (nullable): fills @cost (value, house flag, breakdown lines, or error); %NULL
 *   uses the generic rule, size × Σ each + Σ per unit over input "points"
 * @derived_stats: (nullable): a unit's statistics; %NULL uses muster_stats_derive()
 * @extra_checks: (nullable): appends MusterIssues for the rules data cannot express (the
 *   ruleset's `custom` constraints): with the constraint's id, severity and message, the
 *   force's id and, for a finding about one unit, the unit's id (the validator adds where it
 *   is). The findings must not depend on the order of the units.
 * @extra_checks_watch: (nullable) (array zero-terminated=1): the unit categories the checks
 *   look at: the validator runs them again after an edit of a unit of one of these categories
 *   (and after any edit of the force's list options, limit or organisation); %NULL runs them
 *   after every edit of the force
 * @extra_checks_document: the checks also look at the document's other forces (an opponent's
 *   units): the validator runs them for every force after an edit that runs them for one
 * @force_summary: (nullable): appends #MusterSummaryItem lines that describe a force beyond its
 *   total, for systems whose strength is not one number (Medals of Valor's head count by
 *   category, leaders, FIR and vehicles)
 * @fill_inputs: (nullable): sets the inputs of one of the system's procedures that describe
 *   @unit (of @force, which may be %NULL) as the acting side or the target, leaving the others
 *   (range, cover, the situation) alone; what it writes must not depend on the values already
 *   there. Returns %FALSE with @error set for a unit it cannot read. See
 *   muster_procedure_fill_from_unit()
 * @fills_role: (nullable): whether @fill_inputs sets anything for a procedure and a role, so
 *   that the Preview offers a unit only where it counts; %NULL: every role of every procedure
 *
 * What one rule system does in code. Everything else is data. A module is one file,
 * `muster-system-<id>.c`, defining a `const MusterSystem`; add it to the built-in list in
 * muster-system.c (or call muster_system_register()).
 */
typedef struct _MusterSystem MusterSystem;

/* One line of a force's summary: "Leaders" → "8". */
typedef struct
{
  char *id;      /* stable, for JSON: "leaders" */
  char *label;   /* for people: "Leaders" */
  char *value;
} MusterSummaryItem;

struct _MusterSystem
{
  const char   *id;
  gboolean    (*unit_cost)     (const MusterRuleset *ruleset,
                                const MusterForce   *force,
                                const MusterUnit    *unit,
                                MusterCost          *cost);
  MusterStats *(*derived_stats) (const MusterRuleset *ruleset,
                                 const MusterForce   *force,
                                 const MusterUnit    *unit);
  void        (*extra_checks)  (const MusterRuleset *ruleset,
                                const MusterForce   *force,
                                GPtrArray           *issues);
  const char * const *extra_checks_watch;
  gboolean            extra_checks_document;
  void        (*force_summary) (const MusterRuleset *ruleset,
                                const MusterForce   *force,
                                GPtrArray           *items);
  MusterProcedureFillFunc fill_inputs;
  MusterProcedureFillsRoleFunc fills_role;
};

void                muster_system_register          (const MusterSystem  *system);
void                muster_system_unregister        (const MusterSystem  *system);
const MusterSystem *muster_system_lookup            (const char          *system_id);
const MusterSystem *muster_system_for_ruleset       (const MusterRuleset *ruleset);

gboolean            muster_system_unit_cost         (const MusterRuleset *ruleset,
                                                     const MusterForce   *force,
                                                     const MusterUnit    *unit,
                                                     MusterCost          *cost);
MusterStats        *muster_system_derived_stats     (const MusterRuleset *ruleset,
                                                     const MusterForce   *force,
                                                     const MusterUnit    *unit);
void                muster_system_extra_checks      (const MusterRuleset *ruleset,
                                                     const MusterForce   *force,
                                                     GPtrArray           *issues);
GPtrArray          *muster_system_force_summary     (const MusterRuleset *ruleset,
                                                     const MusterForce   *force);
void                muster_summary_add              (GPtrArray           *items,
                                                     const char          *id,
                                                     const char          *label,
                                                     const char          *format,
                                                     ...) G_GNUC_PRINTF (4, 5);
gboolean            muster_system_cost_by_size      (const MusterRuleset *ruleset,
                                                     const MusterForce   *force,
                                                     const MusterUnit    *unit,
                                                     guint                size,
                                                     MusterCost          *cost);

G_END_DECLS
