/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-engine.h"

G_BEGIN_DECLS

/*
 * The legality findings of an open list or roster, as a GListModel the validation panel shows.
 * One MusterDiagnostic per MusterIssue, in the validator's order (errors first, then by place);
 * the document updates the list after each edit with an items-changed for exactly the rows
 * that came or went. It keeps the counts of errors and warnings ("n-errors", "n-warnings",
 * "legal") and emits "changed" once the rows and counts of an update are current. Both
 * documents own one and hand it out as a MusterFindingsSource (muster-findings-source.h).
 */

#define MUSTER_TYPE_DIAGNOSTIC (muster_diagnostic_get_type ())
G_DECLARE_FINAL_TYPE (MusterDiagnostic, muster_diagnostic, MUSTER, DIAGNOSTIC, GObject)

#define MUSTER_TYPE_DIAGNOSTICS (muster_diagnostics_get_type ())
G_DECLARE_FINAL_TYPE (MusterDiagnostics, muster_diagnostics, MUSTER, DIAGNOSTICS, GObject)

MusterDiagnostic  *muster_diagnostic_new           (MusterIssue       *issue);
MusterIssue       *muster_diagnostic_get_issue     (MusterDiagnostic  *self);
MusterSeverity     muster_diagnostic_get_severity  (MusterDiagnostic  *self);
const char        *muster_diagnostic_get_icon_name (MusterDiagnostic  *self);
const char        *muster_diagnostic_get_style_class (MusterDiagnostic *self);
const char        *muster_diagnostic_get_message   (MusterDiagnostic  *self);
const char        *muster_diagnostic_get_location  (MusterDiagnostic  *self);
const char        *muster_diagnostic_get_rule_id   (MusterDiagnostic  *self);
const char        *muster_diagnostic_get_force_id  (MusterDiagnostic  *self);
const char        *muster_diagnostic_get_node_id   (MusterDiagnostic  *self);
const char        *muster_diagnostic_get_unit_id   (MusterDiagnostic  *self);

MusterDiagnostics *muster_diagnostics_new          (void);
void               muster_diagnostics_reset        (MusterDiagnostics *self,
                                                    GPtrArray         *issues);
void               muster_diagnostics_apply        (MusterDiagnostics *self,
                                                    GPtrArray         *appeared,
                                                    GPtrArray         *disappeared);
guint              muster_diagnostics_get_n_errors (MusterDiagnostics *self);
guint              muster_diagnostics_get_n_warnings (MusterDiagnostics *self);
gboolean           muster_diagnostics_get_legal    (MusterDiagnostics *self);
const char        *muster_diagnostics_get_icon_for (MusterDiagnostics *self,
                                                    const char        *unit_id,
                                                    const char        *node_id);

G_END_DECLS
