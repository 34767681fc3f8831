/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "muster-engine.h"
#include "muster-list-export.h"
#include "muster-packet.h"
#include "muster-sheet-painter.h"
#include "muster-cli.h"

/*
 * muster-cli export FILE --format txt|md|html|pdf|png|svg
 *                        [--sheet list|cards|roster|packet|map] [--scale fit|table]
 *                        [--view players|umpire|SIDE] [--paper a4|letter] [--landscape] [-o OUT]
 *
 * Text formats go to stdout without -o. Files are written atomically (g_file_set_contents
 * writes a temporary file and renames it), so a failed export never leaves half a file.
 */

static gboolean
parse_choice (const char         *value,
              const char * const *names,
              int                *out)
{
  for (int i = 0; names[i] != NULL; i++)
    if (g_strcmp0 (value, names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

typedef enum
{
  FORMAT_TXT,
  FORMAT_MD,
  FORMAT_HTML,
  FORMAT_PDF,
  FORMAT_PNG,
  FORMAT_SVG,
} Format;

/* --sheet beyond the list sheets (MusterSheetKind) */
#define SHEET_PACKET 3
#define SHEET_MAP    4

/* What one export reads: the document, its ruleset and the list gathered from them. */
typedef struct
{
  MusterDoc     *doc;
  MusterRuleset *ruleset;
  MusterList    *list;
} Loaded;

static void
loaded_clear (Loaded *loaded)
{
  g_clear_pointer (&loaded->list, muster_list_free);
  g_clear_pointer (&loaded->doc, muster_doc_free);
  g_clear_pointer (&loaded->ruleset, muster_ruleset_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Loaded, loaded_clear)

static gboolean
load (const char  *file,
      Loaded      *loaded,
      GError     **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterCatalog) catalog = NULL;
  g_autofree char *basename = g_path_get_basename (file);
  gsize length;

  if (!g_file_get_contents (file, &contents, &length, error))
    return FALSE;
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  if (!(loaded->doc = muster_doc_new_from_bytes (bytes, file, error)))
    return FALSE;
  catalog = muster_catalog_new_default ();
  if (!(loaded->ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (loaded->doc),
                                                  error)))
    return FALSE;
  loaded->list = muster_list_new (loaded->doc, loaded->ruleset, basename);
  return TRUE;
}

/* The scenario packet or the map: a PDF, a PNG or an SVG. */
static GBytes *
export_battlefield (Loaded               *loaded,
                    Format                format,
                    int                   sheet,
                    MusterMapScale        scale,
                    const MusterAudience *audience,
                    const MusterSheetPage *page,
                    GError              **error)
{
  g_autoptr(GError) types_error = NULL;
  g_autoptr(MusterTerrainTypes) types = muster_terrain_types_new_for_ruleset (loaded->ruleset,
                                                                              &types_error);
  g_autoptr(MusterPacket) packet = NULL;
  MusterMapPrint map = { loaded->doc, types, *audience, 0 };

  if (types_error != NULL)
    g_printerr ("muster-cli export: %s\n", types_error->message);
  if (format == FORMAT_PDF)
    {
      if (!(packet = muster_packet_new (loaded->doc, loaded->list, types,
                                        sheet == SHEET_MAP ? MUSTER_PACKET_MAP
                                                           : MUSTER_PACKET_FULL,
                                        scale, page, error)))
        return NULL;
      return muster_packet_to_pdf (packet);
    }
  if (muster_doc_get_battlefield (loaded->doc) == NULL)
    {
      g_set_error_literal (error, MUSTER_PACKET_ERROR, 0,
                           _("the document has no battlefield: there is no map to draw"));
      return NULL;
    }
  map.grid = muster_map_print_grid_for (muster_doc_get_battlefield (loaded->doc), 0.5);
  return format == FORMAT_PNG ? muster_map_print_to_png (&map, scale, error)
                              : muster_map_print_to_svg (&map, scale, error);
}

static int
run_export (const char            *file,
            Format                 format,
            int                    sheet,
            MusterMapScale         scale,
            const MusterAudience  *audience,
            const MusterSheetPage *page,
            const char            *output)
{
  g_autoptr(GError) error = NULL;
  g_auto(Loaded) loaded = { 0 };
  g_autoptr(GBytes) bytes = NULL;

  if (!load (file, &loaded, &error))
    {
      g_printerr ("muster-cli export: %s: %s\n", file, error->message);
      return MUSTER_CLI_EXIT_USAGE;
    }

  if (sheet == SHEET_PACKET || sheet == SHEET_MAP)
    {
      if (!(bytes = export_battlefield (&loaded, format, sheet, scale, audience, page, &error)))
        {
          g_printerr ("muster-cli export: %s: %s\n", file, error->message);
          return MUSTER_CLI_EXIT_USAGE;
        }
    }
  else if (format == FORMAT_PDF)
    {
      g_autoptr(MusterSheet) painted = muster_sheet_new (loaded.list, sheet, page);

      bytes = muster_sheet_to_pdf (painted);
    }
  else
    {
      char *text = muster_list_to_string (loaded.list, (MusterListFormat) format);

      bytes = g_bytes_new_take (text, strlen (text));
    }

  if (output == NULL)
    {
      gsize size;
      const char *data = g_bytes_get_data (bytes, &size);

      fwrite (data, 1, size, stdout);
      return MUSTER_CLI_EXIT_OK;
    }
  if (!g_file_set_contents (output, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                            &error))
    {
      g_printerr ("muster-cli export: %s\n", error->message);
      return MUSTER_CLI_EXIT_USAGE;
    }
  return MUSTER_CLI_EXIT_OK;
}

/* Returns: an error message for options that do not go together, or NULL */
static const char *
check_combination (Format    format,
                   int       sheet,
                   gboolean  sheet_given,
                   gboolean  scale_given,
                   gboolean  view_given,
                   gboolean  paper_given)
{
  gboolean battlefield = sheet == SHEET_PACKET || sheet == SHEET_MAP;

  if ((format == FORMAT_PNG || format == FORMAT_SVG) && sheet_given && sheet != SHEET_MAP)
    return _("muster-cli export: png and svg draw the map: use --sheet map\n");
  if (format < FORMAT_PDF && sheet_given && sheet != MUSTER_SHEET_LIST)
    return _("muster-cli export: --sheet needs --format pdf (or png or svg for the map)\n");
  if (sheet == SHEET_PACKET && format != FORMAT_PDF)
    return _("muster-cli export: the scenario packet is a PDF: use --format pdf\n");
  if (scale_given && !battlefield)
    return _("muster-cli export: --scale needs --sheet packet or map\n");
  if (view_given && format != FORMAT_PNG && format != FORMAT_SVG)
    return _("muster-cli export: --view needs --format png or svg\n");
  if (paper_given && format != FORMAT_PDF)
    return _("muster-cli export: --paper and --landscape need --format pdf\n");
  return NULL;
}

int
muster_cli_export (int    argc,
                   char **argv)
{
  static const char * const formats[] = { "txt", "md", "html", "pdf", "png", "svg", NULL };
  static const char * const sheets[] = { "list", "cards", "roster", "packet", "map", NULL };
  static const char * const papers[] = { "a4", "letter", NULL };
  static const char * const scales[] = { "fit", "table", NULL };
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *format_name = NULL;
  g_autofree char *sheet_name = NULL;
  g_autofree char *paper_name = NULL;
  g_autofree char *scale_name = NULL;
  g_autofree char *view = NULL;
  g_autofree char *output = NULL;
  gboolean landscape = FALSE;
  int format = FORMAT_TXT, sheet = MUSTER_SHEET_LIST, paper = MUSTER_PAPER_A4;
  int scale = MUSTER_MAP_SCALE_FIT;
  MusterAudience audience = { NULL, FALSE };
  MusterSheetPage page;
  const char *problem;
  int ret;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name,
      N_("txt, md, html, pdf, png or svg (default txt)"), N_("FORMAT") },
    { "sheet", 's', 0, G_OPTION_ARG_STRING, &sheet_name,
      N_("list, cards, roster, packet (the scenario packet, PDF) or map (default list; map "
         "for png and svg)"), N_("SHEET") },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &scale_name,
      N_("packet and map: fit (the table on one page) or table (full size, over as many pages "
         "as it takes)"), N_("SCALE") },
    { "view", 0, 0, G_OPTION_ARG_STRING, &view,
      N_("png and svg: players (default), umpire, or a side's name (its hidden units too)"),
      N_("VIEW") },
    { "paper", 'p', 0, G_OPTION_ARG_STRING, &paper_name,
      N_("PDF only: a4 or letter (default a4)"), N_("PAPER") },
    { "landscape", 'l', 0, G_OPTION_ARG_NONE, &landscape, N_("PDF only: landscape pages"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write to OUT instead of standard output"), N_("OUT") },
    { NULL }
  };

  context = g_option_context_new (_("FILE"));
  g_option_context_set_summary (context, _("Export a document's army lists as text, Markdown, "
                                           "HTML or PDF, print the system's own sheets (unit "
                                           "cards, roster) or the scenario packet as PDF, or "
                                           "draw the map as PDF, PNG or SVG."));
  g_option_context_set_description (context, _("Values resting on a house value are marked *. "
                                               "Exit status: 0 written, 2 on bad arguments or "
                                               "when the file or its ruleset cannot be read."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((ret = muster_cli_parse (context, &argc, &argv)) != MUSTER_CLI_EXIT_OK)
    return ret;

  if (argc != 2)
    {
      g_printerr (argc < 2 ? _("muster-cli export: which file? Try “muster-cli export --help”.\n")
                           : _("muster-cli export: one file at a time\n"));
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (format_name != NULL && !parse_choice (format_name, formats, &format))
    {
      g_printerr (_("muster-cli export: unknown format “%s” (txt, md, html, pdf, png or svg)\n"),
                  format_name);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (sheet_name != NULL && !parse_choice (sheet_name, sheets, &sheet))
    {
      g_printerr (_("muster-cli export: unknown sheet “%s” (list, cards, roster, packet or "
                    "map)\n"), sheet_name);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (paper_name != NULL && !parse_choice (paper_name, papers, &paper))
    {
      g_printerr (_("muster-cli export: unknown paper “%s” (a4 or letter)\n"), paper_name);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (scale_name != NULL && !parse_choice (scale_name, scales, &scale))
    {
      g_printerr (_("muster-cli export: unknown scale “%s” (fit or table)\n"), scale_name);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (sheet_name == NULL && (format == FORMAT_PNG || format == FORMAT_SVG))
    sheet = SHEET_MAP;
  if ((problem = check_combination (format, sheet, sheet_name != NULL, scale_name != NULL,
                                    view != NULL, paper_name != NULL || landscape)))
    {
      g_printerr ("%s", problem);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (format >= FORMAT_PDF && output == NULL && isatty (1))
    {
      g_printerr (_("muster-cli export: a PDF, PNG or SVG needs -o OUT (or a pipe)\n"));
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (view != NULL && g_strcmp0 (view, "umpire") == 0)
    audience.umpire = TRUE;
  else if (view != NULL && g_strcmp0 (view, "players") != 0)
    audience.side = view;

  muster_sheet_page_init (&page, paper, landscape);
  return run_export (argv[1], format, sheet, scale, &audience, &page, output);
}
