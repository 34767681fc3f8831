/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-army.h"
#include "muster-doc.h"
#include "muster-validate.h"

G_BEGIN_DECLS

/* The checks themselves (muster-validate-check.c), for the bookkeeping in muster-validate.c. */

MusterRuleset *_muster_validator_get_ruleset  (MusterValidator        *self);
const char    *_muster_validator_node_level   (MusterValidator        *self,
                                               const MusterNode       *node);
gint64         _muster_validator_measure      (const MusterConstraint *constraint,
                                               const MusterUnit       *unit);
gboolean       _muster_validator_unit_matches (MusterValidator        *self,
                                               const MusterConstraint *constraint,
                                               const MusterForce      *force,
                                               const MusterUnit       *unit,
                                               gboolean                all);
gboolean       _muster_validator_node_matches (const MusterConstraint *constraint,
                                               const char             *level);
MusterIssue   *_muster_validator_check_counter (MusterValidator       *self,
                                                const MusterConstraint *constraint,
                                                MusterNode            *scope,
                                                gint64                 value,
                                                gint64                 denom);
void           _muster_validator_check_unit   (MusterValidator        *self,
                                               MusterUnit             *unit,
                                               MusterForce            *force,
                                               GPtrArray              *found);
void           _muster_validator_check_force  (MusterValidator        *self,
                                               MusterForce            *force,
                                               GPtrArray              *issues);

G_END_DECLS
