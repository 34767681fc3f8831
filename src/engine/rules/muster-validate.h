/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine-types.h"
#include "muster-issue.h"

G_BEGIN_DECLS

/*
 * The legality engine. A validator watches one document: it evaluates every constraint of the
 * document's ruleset over its forces, then follows each edit of the army model (insert,
 * remove or move a unit, set a size or an option, a list option, a points limit…) by moving
 * only the counters the edit touches, and each edit of the battlefield's placements. The findings are MusterIssues; a list is legal when
 * none of them is an error.
 */
typedef struct _MusterValidator MusterValidator;

MusterValidator *muster_validator_new          (MusterDoc        *doc);
void             muster_validator_free         (MusterValidator  *self);
MusterDoc       *muster_validator_get_doc      (MusterValidator  *self);
GPtrArray       *muster_validator_list         (MusterValidator  *self);
guint            muster_validator_count        (MusterValidator  *self,
                                                MusterSeverity    severity);
gboolean         muster_validator_is_legal     (MusterValidator  *self);
gboolean         muster_validator_take_changes (MusterValidator  *self,
                                                GPtrArray       **appeared,
                                                GPtrArray       **disappeared);

GPtrArray       *muster_validate_doc           (MusterDoc        *doc);
int              muster_issue_compare          (gconstpointer     a,
                                                gconstpointer     b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterValidator, muster_validator_free)

G_END_DECLS
