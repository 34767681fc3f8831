/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-procedure.h"
#include "muster-ruleset.h"
#include "muster-stats.h"
#include "muster-system.h"

G_BEGIN_DECLS

/*
 * What the systems' `fill_inputs` and `fills_role` hooks share: setting a procedure's input by
 * id (clamped, or by a choice's id), reading a unit's picks, rules, tags and statistics, and a
 * table of which roles a unit fills in each procedure.
 */

#define MUSTER_FILL_ACTS    (1u << MUSTER_FILL_ROLE_ACTING)
#define MUSTER_FILL_TARGETS (1u << MUSTER_FILL_ROLE_TARGET)
#define MUSTER_FILL_BOTH    (MUSTER_FILL_ACTS | MUSTER_FILL_TARGETS)

/* One row of a system's table: @procedure's id and the roles (MUSTER_FILL_ACTS…) a unit
 * fills there. A procedure missing from the table takes no unit. */
typedef struct
{
  const char *procedure;
  guint       roles;
} MusterFillRoles;

gboolean              muster_fill_table_has_role (const MusterFillRoles   *table,
                                                  const MusterProcedure   *procedure,
                                                  MusterFillRole           role);
const MusterUnitType *muster_fill_unit_type      (const MusterRuleset     *ruleset,
                                                  const MusterUnit        *unit,
                                                  GError                 **error);
gboolean              muster_fill_set            (const MusterProcedure   *procedure,
                                                  int                     *values,
                                                  const char              *prefix,
                                                  const char              *id,
                                                  int                      value);
gboolean              muster_fill_set_choice     (const MusterProcedure   *procedure,
                                                  int                     *values,
                                                  const char              *prefix,
                                                  const char              *id,
                                                  const char              *choice);
gboolean              muster_fill_has            (char * const            *list,
                                                  const char              *word);
int                   muster_fill_stat_int       (const MusterStats       *stats,
                                                  const char              *id,
                                                  int                      fallback);

/*
 * A system's filling as data (MusterSystem's @fill): its roles table, and two functions: @facts
 * reads what the procedures need of a unit into a struct of @facts_size bytes (zeroed
 * first), @set writes them into a procedure's values as the side @role. One function for both
 * sides, because a procedure's two sides are mostly the same inputs under two prefixes
 * ("a-"/"b-", "attacker-"/"defender-").
 */
struct _MusterFillSystem
{
  const MusterFillRoles *roles;
  gsize                  facts_size;
  void                 (*facts)  (const MusterRuleset   *ruleset,
                                  const MusterForce     *force,
                                  const MusterUnitType  *type,
                                  const MusterUnit      *unit,
                                  gpointer               facts);
  void                 (*set)    (const MusterProcedure *procedure,
                                  int                   *values,
                                  MusterFillRole         role,
                                  gconstpointer          facts);
};

G_END_DECLS
