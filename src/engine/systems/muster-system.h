/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-cost.h"
#include "muster-engine-types.h"
#include "muster-generate.h"
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
 * @procedures: (nullable) (array zero-terminated=1): the system's combat procedures, in book
 *   order; their `system` is @id
 * @fill: (nullable): how the procedures' inputs are filled from a unit of an army list, as
 *   data: which roles a unit fills in which procedure, what it reads of a unit and where that
 *   goes (muster-fill-private.h). See muster_procedure_fill_from_unit()
 * @fill_inputs: (nullable): for a system whose filling is not that table, the hook itself:
 *   sets the inputs of one of the system's procedures that describe @unit (of @force, which
 *   may be %NULL) as the acting side or the target, leaving the others (range, cover, the
 *   situation) alone; what it writes must not depend on the values already there. Returns
 *   %FALSE with @error set for a unit it cannot read
 * @fills_role: (nullable): with @fill_inputs, whether it sets anything for a procedure and a
 *   role, so that the Preview offers a unit only where it counts; %NULL: every role of every
 *   procedure
 * @table_inputs: (nullable): sets the inputs of one of the system's procedures that the
 *   battlefield decides between two placed units (@facts, muster-odds.h: distance and range
 *   band, line of sight, cover and terrain, flank or rear, formation), each with its reason,
 *   through muster_odds_set() and friends (muster-odds-private.h); %NULL: the table fills
 *   nothing and every such input is asked for
 * @resolve_effect: (nullable): what one play of one of the system's procedures does to the
 *   acting unit and the target (stands or figures lost, suppression, pins, morale markers),
 *   read from the outcomes of @effect and written through muster_roll_effect_lose() and friends,
 *   mostly a table of MusterRollEffectRule (muster-resolve-private.h); %NULL, or an outcome it
 *   leaves alone: the battle log says the effect is only a note
 * @generation_methods: (nullable) (array zero-terminated=1): the ways of laying out a
 *   battlefield that the system's book gives, each picked by a ruleset's
 *   `<generation method="…">` (see muster-generate.h)
 *
 * What one rule system does in code; everything else is data. A system is one folder,
 * `src/engine/systems/<id>/`, whose files define `const MusterSystem muster_system_<id>`;
 * the list in `src/engine/systems/meson.build` registers it (see src/engine/README.md).
 * Tests add their own with muster_system_register().
 */
typedef struct _MusterSystem MusterSystem;
typedef struct _MusterFillSystem MusterFillSystem;

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
  const MusterProcedure * const *procedures;
  const MusterFillSystem *fill;
  MusterProcedureFillFunc fill_inputs;
  MusterProcedureFillsRoleFunc fills_role;
  void        (*table_inputs)  (const MusterProcedure *procedure,
                                const MusterOddsFacts *facts,
                                MusterOddsFill        *fill);
  void        (*resolve_effect) (const MusterProcedure *procedure,
                                 MusterRollEffect          *effect);
  const MusterGenerateMethod *generation_methods;
};

void                muster_system_register          (const MusterSystem  *system);
void                muster_system_unregister        (const MusterSystem  *system);
const MusterSystem *muster_system_lookup            (const char          *system_id);
const MusterSystem * const *
                    muster_system_list              (guint               *n_systems);
const MusterProcedure * const *
                    muster_system_list_procedures   (guint               *n_procedures);
const MusterGenerateMethod *
                    muster_system_find_generation_method (const char     *method);

gboolean            muster_system_can_fill          (const MusterSystem  *self);
gboolean            muster_system_fills_role        (const MusterSystem  *self,
                                                     const MusterProcedure *procedure,
                                                     MusterFillRole       role);
gboolean            muster_system_fill_inputs       (const MusterSystem  *self,
                                                     const MusterProcedure *procedure,
                                                     const MusterRuleset *ruleset,
                                                     const MusterForce   *force,
                                                     const MusterUnit    *unit,
                                                     MusterFillRole       role,
                                                     int                 *values,
                                                     GError             **error);
const MusterSystem *muster_system_for_ruleset       (const MusterRuleset *ruleset);
void                muster_system_table_inputs      (const MusterSystem  *self,
                                                     const MusterProcedure *procedure,
                                                     const MusterOddsFacts *facts,
                                                     MusterOddsFill      *fill);

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
