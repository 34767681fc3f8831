/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-ruleset.h"

G_BEGIN_DECLS

/**
 * MusterIssue:
 * @severity: from the constraint
 * @constraint: the constraint's id
 * @force: (nullable): the force's id
 * @unit: (nullable): the unit's id, when the finding is about one unit
 * @message: the constraint's message with its placeholders filled in
 *
 * A finding about an army list: data, not an error.
 */
typedef struct
{
  MusterSeverity  severity;
  char           *constraint;
  char           *force;
  char           *unit;
  char           *message;
} MusterIssue;

MusterIssue *muster_issue_new        (MusterSeverity      severity,
                                      const char         *constraint,
                                      const char         *force,
                                      const char         *unit,
                                      const char         *message);
void         muster_issue_free       (MusterIssue        *self);
char        *muster_format_message   (const char         *template_text,
                                      const char * const *pairs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterIssue, muster_issue_free)

G_END_DECLS
