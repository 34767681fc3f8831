/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-packet.h"

G_BEGIN_DECLS

/*
 * Every file Muster writes for the table, from one document: the army lists as text,
 * Markdown, HTML or PDF, the system's sheets, the scenario packet, and the map. The command
 * line and the app's Export menu both come here, so they write the same bytes.
 */

typedef enum
{
  MUSTER_EXPORT_TEXT,
  MUSTER_EXPORT_MARKDOWN,
  MUSTER_EXPORT_HTML,
  MUSTER_EXPORT_LIST_PDF,
  MUSTER_EXPORT_CARDS_PDF,
  MUSTER_EXPORT_ROSTER_PDF,
  MUSTER_EXPORT_PACKET_PDF,
  MUSTER_EXPORT_MAP_PDF,
  MUSTER_EXPORT_MAP_PNG,
  MUSTER_EXPORT_MAP_SVG,
  MUSTER_EXPORT_N_KINDS,
} MusterExportKind;

/**
 * MusterExportOptions:
 * @kind: what to write
 * @page: the paper of PDFs
 * @scale: the packet's and the map's scale
 * @audience: whose map a PNG or SVG is
 */
typedef struct
{
  MusterExportKind kind;
  MusterSheetPage  page;
  MusterMapScale   scale;
  MusterAudience   audience;
} MusterExportOptions;

const char *muster_export_kind_to_string   (MusterExportKind           kind);
gboolean    muster_export_kind_from_string (const char                *name,
                                            MusterExportKind          *kind);
const char *muster_export_kind_extension   (MusterExportKind           kind);
const char *muster_export_kind_mime_type   (MusterExportKind           kind);
gboolean    muster_export_kind_needs_battlefield (MusterExportKind     kind);
GBytes     *muster_export                  (MusterDoc                 *doc,
                                            MusterRuleset             *ruleset,
                                            const char                *fallback_title,
                                            const MusterExportOptions *options,
                                            GError                   **error);
gboolean    muster_export_to_file          (MusterDoc                 *doc,
                                            MusterRuleset             *ruleset,
                                            const char                *fallback_title,
                                            const MusterExportOptions *options,
                                            const char                *path,
                                            MusterPrintProgressFunc    progress,
                                            gpointer                   progress_data,
                                            GCancellable              *cancellable,
                                            GError                   **error);
void        muster_export_to_file_async    (MusterDoc                 *doc,
                                            MusterRuleset             *ruleset,
                                            const char                *fallback_title,
                                            const MusterExportOptions *options,
                                            const char                *path,
                                            MusterPrintProgressFunc    progress,
                                            gpointer                   progress_data,
                                            GCancellable              *cancellable,
                                            GAsyncReadyCallback        callback,
                                            gpointer                   user_data);
gboolean    muster_export_to_file_finish   (GAsyncResult              *result,
                                            GError                   **error);

G_END_DECLS
