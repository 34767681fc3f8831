/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-export.h"
#include "muster-sheet-painter.h"

static const struct
{
  const char *name;
  const char *extension;
  const char *mime_type;
} kinds[MUSTER_EXPORT_N_KINDS] = {
  [MUSTER_EXPORT_TEXT] = { "txt", "txt", "text/plain" },
  [MUSTER_EXPORT_MARKDOWN] = { "md", "md", "text/markdown" },
  [MUSTER_EXPORT_HTML] = { "html", "html", "text/html" },
  [MUSTER_EXPORT_LIST_PDF] = { "list", "pdf", "application/pdf" },
  [MUSTER_EXPORT_CARDS_PDF] = { "cards", "pdf", "application/pdf" },
  [MUSTER_EXPORT_ROSTER_PDF] = { "roster", "pdf", "application/pdf" },
  [MUSTER_EXPORT_PACKET_PDF] = { "packet", "pdf", "application/pdf" },
  [MUSTER_EXPORT_MAP_PDF] = { "map", "pdf", "application/pdf" },
  [MUSTER_EXPORT_MAP_PNG] = { "map-png", "png", "image/png" },
  [MUSTER_EXPORT_MAP_SVG] = { "map-svg", "svg", "image/svg+xml" },
};

/* Returns: the kind's name: "txt", "md", "html", "list", "cards", "roster", "packet", "map",
 * "map-png", "map-svg" (the app's action targets) */
const char *
muster_export_kind_to_string (MusterExportKind kind)
{
  g_return_val_if_fail (kind < MUSTER_EXPORT_N_KINDS, NULL);
  return kinds[kind].name;
}

gboolean
muster_export_kind_from_string (const char       *name,
                                MusterExportKind *kind)
{
  for (guint i = 0; i < MUSTER_EXPORT_N_KINDS; i++)
    if (g_strcmp0 (name, kinds[i].name) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

const char *
muster_export_kind_extension (MusterExportKind kind)
{
  g_return_val_if_fail (kind < MUSTER_EXPORT_N_KINDS, NULL);
  return kinds[kind].extension;
}

const char *
muster_export_kind_mime_type (MusterExportKind kind)
{
  g_return_val_if_fail (kind < MUSTER_EXPORT_N_KINDS, NULL);
  return kinds[kind].mime_type;
}

/* Returns: whether @kind draws the battlefield (and so needs a document with one) */
gboolean
muster_export_kind_needs_battlefield (MusterExportKind kind)
{
  return kind >= MUSTER_EXPORT_PACKET_PDF;
}

/**
 * muster_export:
 * @doc: the document
 * @ruleset: its rule system
 * @fallback_title: the title of a document without one (its file name)
 * @options: what to write, how
 * @error: set when it cannot be written (a map of a document without a battlefield)
 *
 * Returns: (transfer full) (nullable): the file's bytes
 */
GBytes *
muster_export (MusterDoc                 *doc,
               MusterRuleset             *ruleset,
               const char                *fallback_title,
               const MusterExportOptions *options,
               GError                   **error)
{
  g_autoptr(MusterList) list = NULL;
  g_autoptr(MusterTerrainTypes) types = NULL;
  g_autoptr(MusterPacket) packet = NULL;
  g_autoptr(MusterSheet) sheet = NULL;
  MusterMapPrint map = { doc, NULL, options->audience, 0 };
  char *text;

  g_return_val_if_fail (doc != NULL && ruleset != NULL && options != NULL, NULL);

  list = muster_list_new (doc, ruleset, fallback_title);
  switch (options->kind)
    {
    case MUSTER_EXPORT_TEXT:
    case MUSTER_EXPORT_MARKDOWN:
    case MUSTER_EXPORT_HTML:
      text = muster_list_to_string (list, (MusterListFormat) options->kind);
      return g_bytes_new_take (text, strlen (text));
    case MUSTER_EXPORT_LIST_PDF:
    case MUSTER_EXPORT_CARDS_PDF:
    case MUSTER_EXPORT_ROSTER_PDF:
      sheet = muster_sheet_new (list, options->kind - MUSTER_EXPORT_LIST_PDF, &options->page);
      return muster_sheet_to_pdf (sheet);
    case MUSTER_EXPORT_PACKET_PDF:
    case MUSTER_EXPORT_MAP_PDF:
    case MUSTER_EXPORT_MAP_PNG:
    case MUSTER_EXPORT_MAP_SVG:
    case MUSTER_EXPORT_N_KINDS:
    default:
      break;
    }

  /* A ruleset file that cannot be read again still draws, with the generic terrain. */
  types = muster_terrain_types_new_for_ruleset (ruleset, NULL);
  if (options->kind == MUSTER_EXPORT_PACKET_PDF || options->kind == MUSTER_EXPORT_MAP_PDF)
    {
      packet = muster_packet_new (doc, list, types,
                                  options->kind == MUSTER_EXPORT_MAP_PDF ? MUSTER_PACKET_MAP
                                                                         : MUSTER_PACKET_FULL,
                                  options->scale, &options->page, error);
      return packet ? muster_packet_to_pdf (packet) : NULL;
    }
  if (muster_doc_get_battlefield (doc) == NULL)
    {
      g_set_error_literal (error, MUSTER_PACKET_ERROR, 0,
                           _("the document has no battlefield: there is no map to draw"));
      return NULL;
    }
  map.types = types;
  map.grid = muster_map_print_grid_for (muster_doc_get_battlefield (doc), 0.5);
  return options->kind == MUSTER_EXPORT_MAP_PNG
         ? muster_map_print_to_png (&map, options->scale, error)
         : muster_map_print_to_svg (&map, options->scale, error);
}
