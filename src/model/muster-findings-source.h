/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-diagnostics.h"

G_BEGIN_DECLS

/*
 * A document with legality findings: MusterDocument (.muster) and MusterBsDocument (.ros)
 * are both one. It hands out its findings (a MusterDiagnostics it owns for its lifetime,
 * which keeps the counts and emits "changed"), and it is how a view of the findings asks
 * for one finding's place to be selected and revealed: muster_findings_source_reveal()
 * emits "reveal", which the page showing the document handles.
 */

#define MUSTER_TYPE_FINDINGS_SOURCE (muster_findings_source_get_type ())

G_DECLARE_INTERFACE (MusterFindingsSource, muster_findings_source, MUSTER, FINDINGS_SOURCE, GObject)

struct _MusterFindingsSourceInterface
{
  GTypeInterface parent_iface;

  MusterDiagnostics *(*get_findings) (MusterFindingsSource *self);
  /* (optional): what a finding about no one place is about, "The whole roster"; a list's
   * when not given */
  const char        *(*get_whole_name) (MusterFindingsSource *self);
};

GListModel        *muster_findings_source_get_findings   (MusterFindingsSource *self);
MusterDiagnostics *muster_findings_source_get_holder     (MusterFindingsSource *self);
guint              muster_findings_source_get_n_errors   (MusterFindingsSource *self);
guint              muster_findings_source_get_n_warnings (MusterFindingsSource *self);
gboolean           muster_findings_source_get_legal      (MusterFindingsSource *self);
const char        *muster_findings_source_get_whole_name (MusterFindingsSource *self);
gboolean           muster_findings_source_reveal         (MusterFindingsSource *self,
                                                          guint                 position);

G_END_DECLS
