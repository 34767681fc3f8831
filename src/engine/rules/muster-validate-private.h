/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-army.h"
#include "muster-doc.h"
#include "muster-validate.h"

G_BEGIN_DECLS

/* What constraints select (muster-validate-match.c) and the checks themselves
 * (muster-validate-check.c), for the bookkeeping in muster-validate.c. */

typedef enum
{
  MUSTER_SCOPE_FORCE,
  MUSTER_SCOPE_DOCUMENT,
  MUSTER_SCOPE_UNIT,
  MUSTER_SCOPE_LEVEL,
} MusterScopeKind;

/* What the validator works out once per constraint when it starts. */
typedef struct
{
  MusterScopeKind  scope;
  gboolean         counted;      /* a count with counters (not switched off, not unit scope) */
  gboolean         unit_terms;   /* its `when` has terms about a unit */
  gboolean         uses_total;   /* its message shows {total}, which any cost moves */
} MusterConstraintInfo;

/* What a unit is, looked up once per check of the unit. At most this many options (picks and
 * the defaults of groups without a pick) take part in matching. */
#define MUSTER_FACTS_MAX_OPTIONS 64

typedef struct
{
  const MusterUnit     *unit;
  const MusterUnitType *type;
  const char           *type_id;
  const char           *category;
  const char           *level;
  guint                 n_options;
  const char           *option_ids[MUSTER_FACTS_MAX_OPTIONS];
  const MusterOption   *options[MUSTER_FACTS_MAX_OPTIONS];   /* NULL for an unknown id */
} MusterUnitFacts;

void           _muster_unit_facts_init        (MusterValidator        *self,
                                               MusterUnitFacts        *facts,
                                               const MusterUnit       *unit);
const MusterConstraintInfo *_muster_validator_get_info (MusterValidator *self);
const GPtrArray *_muster_validator_type_defaults (MusterValidator      *self,
                                                  const MusterUnitType *type);
GPtrArray     *_muster_type_defaults_new      (const MusterRuleset    *ruleset,
                                               const MusterUnitType   *type);
void           _muster_validator_force_active (MusterValidator        *self,
                                               const MusterForce      *force,
                                               gboolean               *active);
gboolean       _muster_validator_live         (MusterValidator        *self,
                                               guint                   index,
                                               const gboolean         *active,
                                               const MusterForce      *force,
                                               const MusterUnit       *unit);

MusterRuleset *_muster_validator_get_ruleset  (MusterValidator        *self);
const char    *_muster_validator_node_level   (MusterValidator        *self,
                                               const MusterNode       *node);
gint64         _muster_validator_measure      (const MusterConstraint *constraint,
                                               const MusterUnit       *unit);
gboolean       _muster_validator_unit_matches (const MusterConstraint *constraint,
                                               const MusterUnitFacts  *facts,
                                               gboolean                all);
gboolean       _muster_validator_node_matches (const MusterConstraint *constraint,
                                               const char             *level);
gboolean       _muster_validator_applies_to_unit (const MusterConstraint *constraint,
                                                  const MusterUnitFacts  *facts);
gint64         _muster_validator_count_picks  (MusterValidator        *self,
                                               const MusterConstraint *constraint,
                                               const MusterUnit       *unit,
                                               gint64                 *all);
gboolean       _muster_validator_force_terms_hold (const MusterRuleset *ruleset,
                                                   const MusterForce   *force,
                                                   GPtrArray           *when);
MusterIssue   *_muster_validator_check_counter (MusterValidator       *self,
                                                const MusterConstraint *constraint,
                                                MusterNode            *scope,
                                                gint64                 value,
                                                gint64                 denom);
void           _muster_validator_check_unit   (MusterValidator        *self,
                                               const MusterUnitFacts  *facts,
                                               MusterForce            *force,
                                               const gboolean         *active,
                                               GPtrArray              *found);
void           _muster_validator_check_force  (MusterValidator        *self,
                                               MusterForce            *force,
                                               gboolean                extra,
                                               GPtrArray              *issues);
const char    *_muster_validator_unit_name    (MusterValidator        *self,
                                               const MusterUnit       *unit);
void           _muster_validator_locate       (MusterValidator        *self,
                                               MusterIssue            *issue,
                                               MusterUnit             *unit);

/* The findings kept by key, and what changed since the caller last asked
 * (muster-validate-findings.c). */
typedef struct _MusterFindings MusterFindings;

MusterFindings *_muster_findings_new          (void);
void           _muster_findings_free          (MusterFindings         *self);
MusterIssue   *_muster_findings_take          (MusterFindings         *self,
                                               const char             *key,
                                               MusterIssue            *issue);
void           _muster_findings_replace       (MusterFindings         *self,
                                               GPtrArray             **keys,
                                               GPtrArray              *found);
void           _muster_findings_drop          (MusterFindings         *self,
                                               GPtrArray              *keys,
                                               GHashTable             *keep);
GPtrArray     *_muster_findings_keys          (MusterFindings         *self,
                                               const char             *prefix);
void           _muster_findings_drop_all      (MusterFindings         *self);
void           _muster_findings_forget_changes (MusterFindings        *self);
void           _muster_findings_set_quiet     (MusterFindings         *self,
                                               gboolean                quiet);
GPtrArray     *_muster_findings_list          (MusterFindings         *self);
guint          _muster_findings_count         (MusterFindings         *self,
                                               MusterSeverity          severity);
gboolean       _muster_findings_take_changes  (MusterFindings         *self,
                                               GPtrArray             **appeared,
                                               GPtrArray             **disappeared);

/* The findings' bookkeeping (muster-validate.c), for the placements' checks. */
MusterIssue   *_muster_validator_take_issue   (MusterValidator        *self,
                                               const char             *key,
                                               MusterIssue            *issue);
GPtrArray     *_muster_validator_issue_keys   (MusterValidator        *self,
                                               const char             *prefix);

/* The battlefield's placements (muster-validate-placements.c). */
void           _muster_validator_check_placements (MusterValidator    *self,
                                                   const char         *feature_id);
void           _muster_validator_check_unit_placements (MusterValidator *self,
                                                        const char      *unit_id);

G_END_DECLS
