/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-findings-source"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-findings-source.h"

G_DEFINE_INTERFACE (MusterFindingsSource, muster_findings_source, G_TYPE_OBJECT)

static void
muster_findings_source_default_init (MusterFindingsSourceInterface *iface)
{
  /**
   * MusterFindingsSource::reveal:
   * @position: a row of the findings
   *
   * Asks whoever shows the document to select the place the finding at @position is about
   * and reveal it (open it in the editor). The document itself has no selection: the page
   * showing it does, and connects here.
   *
   * Returns: %TRUE when a handler selected the finding's place (stops the emission)
   */
  g_signal_new ("reveal", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST, 0,
                g_signal_accumulator_true_handled, NULL, NULL,
                G_TYPE_BOOLEAN, 1, G_TYPE_UINT);
}

/* Returns: (transfer none): the holder of the findings, for its counts, "changed" and
 * properties */
MusterDiagnostics *
muster_findings_source_get_holder (MusterFindingsSource *self)
{
  g_return_val_if_fail (MUSTER_IS_FINDINGS_SOURCE (self), NULL);
  return MUSTER_FINDINGS_SOURCE_GET_IFACE (self)->get_findings (self);
}

/**
 * muster_findings_source_get_findings:
 *
 * The findings, sorted as the validator sorts them (errors first, then by place). After each
 * edit, the rows that came or went are one items-changed each.
 *
 * Returns: (transfer none): a #GListModel of #MusterDiagnostic
 */
GListModel *
muster_findings_source_get_findings (MusterFindingsSource *self)
{
  return G_LIST_MODEL (muster_findings_source_get_holder (self));
}

guint
muster_findings_source_get_n_errors (MusterFindingsSource *self)
{
  return muster_diagnostics_get_n_errors (muster_findings_source_get_holder (self));
}

guint
muster_findings_source_get_n_warnings (MusterFindingsSource *self)
{
  return muster_diagnostics_get_n_warnings (muster_findings_source_get_holder (self));
}

/* Returns: whether no finding is an error (also when nothing is open) */
gboolean
muster_findings_source_get_legal (MusterFindingsSource *self)
{
  return muster_diagnostics_get_legal (muster_findings_source_get_holder (self));
}

/* Returns: where a finding about no one place is, said as a finding's place is: "The whole
 * list" */
const char *
muster_findings_source_get_whole_name (MusterFindingsSource *self)
{
  MusterFindingsSourceInterface *iface;

  g_return_val_if_fail (MUSTER_IS_FINDINGS_SOURCE (self), NULL);

  iface = MUSTER_FINDINGS_SOURCE_GET_IFACE (self);
  return iface->get_whole_name != NULL ? iface->get_whole_name (self) : _("The whole list");
}

/* Returns: whether the finding at @position had its place selected */
gboolean
muster_findings_source_reveal (MusterFindingsSource *self,
                               guint                 position)
{
  gboolean handled = FALSE;

  g_return_val_if_fail (MUSTER_IS_FINDINGS_SOURCE (self), FALSE);

  if (position >= g_list_model_get_n_items (muster_findings_source_get_findings (self)))
    return FALSE;
  g_signal_emit_by_name (self, "reveal", position, &handled);
  return handled;
}
