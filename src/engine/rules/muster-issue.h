/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-ruleset.h"

G_BEGIN_DECLS

/**
 * MusterIssue:
 * @severity: from the constraint (error, warning or info)
 * @constraint: the stable rule id: a constraint's id, or `unit-size` / `unit-cost` /
 *   `unit-options` for the validator's own checks
 * @force: (nullable): the force's id
 * @node: (nullable): the organisation node's id, when the finding is about one node
 * @unit: (nullable): the unit's id, when the finding is about one unit
 * @message: the constraint's message with its placeholders filled in
 * @path: (nullable): where it is, as ids from the force down: "f1/n2/u7" (set by the validator)
 * @location: (nullable): the same with names: "Northern Host › Left wing › Iron Guard"
 *
 * A finding about an army list: data, not an error. Reference counted; system modules make
 * them in their `extra_checks` with muster_issue_new() and the validator fills in @path and
 * @location.
 */
typedef struct
{
  MusterSeverity  severity;
  char           *constraint;
  char           *force;
  char           *node;
  char           *unit;
  char           *message;
  char           *path;
  char           *location;
} MusterIssue;

MusterIssue *muster_issue_new        (MusterSeverity      severity,
                                      const char         *constraint,
                                      const char         *force,
                                      const char         *unit,
                                      const char         *message);
MusterIssue *muster_issue_ref        (MusterIssue        *self);
void         muster_issue_free       (MusterIssue        *self);
gboolean     muster_issue_equal      (const MusterIssue  *a,
                                      const MusterIssue  *b);
const char  *muster_severity_to_string (MusterSeverity    severity);
char        *muster_format_message   (const char         *template_text,
                                      const char * const *pairs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterIssue, muster_issue_free)

G_END_DECLS
