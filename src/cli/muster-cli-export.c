/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "muster-engine.h"
#include "muster-bs-export.h"
#include "muster-list-export.h"
#include "muster-export.h"
#include "muster-sheet-painter.h"
#include "muster-cli.h"

/*
 * muster-cli export FILE --format txt|md|html|pdf|png|svg
 *                        [--sheet list|cards|roster|packet|map] [--scale fit|table]
 *                        [--view players|umpire|SIDE] [--paper a4|letter] [--landscape] [-o OUT]
 * muster-cli export ROSTER.ros|.rosz --data DIR --format txt|md|html|pdf [--sheet list|cards]
 *                        [--paper a4|letter] [--landscape] [-o OUT]
 *
 * Text formats go to stdout without -o. Files are written atomically (muster_file_replace():
 * a synced temporary file renamed over the target, through a symlink, keeping its mode), so
 * a failed or killed export never leaves half a file.
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

/* Exports @file, a document or a BattleScribe roster (read with the game data of @data_dir),
 * to @output (atomically), or to stdout without one. */
static int
run_export (const char                *file,
            const char                *data_dir,
            const MusterExportOptions *options,
            const char                *output)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterBsData) data = NULL;
  g_autoptr(MusterBsRoster) roster = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *basename = g_path_get_basename (file);

  /* The loaders' errors name the file once; the export's own do not name it. */
  if (muster_cli_is_roster (file))
    {
      if (!muster_cli_load_roster ("export", file, data_dir, &data, &roster))
        return MUSTER_CLI_EXIT_USAGE;
      bytes = muster_bs_export (roster, basename, options, &error);
    }
  else
    {
      if (!(doc = muster_cli_load_doc ("export", file, _("exporting"), &ruleset)))
        return MUSTER_CLI_EXIT_USAGE;
      bytes = muster_export (doc, ruleset, basename, options, &error);
    }
  if (bytes == NULL)
    {
      g_printerr ("muster-cli export: %s: %s\n", file, error->message);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (output == NULL)
    {
      gsize size;
      const char *text = g_bytes_get_data (bytes, &size);

      fwrite (text, 1, size, stdout);
      return MUSTER_CLI_EXIT_OK;
    }
  if (!muster_file_replace (output, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
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
  g_autofree char *data_dir = NULL;
  gboolean landscape = FALSE;
  int format = FORMAT_TXT, sheet = MUSTER_SHEET_LIST, paper = MUSTER_PAPER_A4;
  int scale = MUSTER_MAP_SCALE_FIT;
  MusterExportOptions options = { 0 };
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
    { "data", 0, 0, G_OPTION_ARG_FILENAME, &data_dir,
      N_("The folder of BattleScribe game data a .ros or .rosz roster is read with"), N_("DIR") },
    { NULL }
  };

  context = g_option_context_new (_("FILE"));
  g_option_context_set_summary (context, _("Export a document's army lists as text, Markdown, "
                                           "HTML or PDF, print the system's own sheets (unit "
                                           "cards, roster) or the scenario packet as PDF, or "
                                           "draw the map as PDF, PNG or SVG."));
  g_option_context_set_description (context, _("Values resting on a house value are marked *. "
                                               "A BattleScribe roster (.ros or .rosz) is read "
                                               "with the game data of --data DIR and exported as "
                                               "text, Markdown, HTML, or the list or record cards "
                                               "as PDF. Exit status: 0 written, 2 on bad "
                                               "arguments or when the file or its ruleset cannot "
                                               "be read."));
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
    options.audience.umpire = TRUE;
  else if (view != NULL && g_strcmp0 (view, "players") != 0)
    options.audience.side = view;

  if (format < FORMAT_PDF)
    options.kind = (MusterExportKind) format;   /* txt, md, html in the same order */
  else if (format == FORMAT_PDF)
    options.kind = MUSTER_EXPORT_LIST_PDF + sheet;   /* list … map in the same order */
  else
    options.kind = format == FORMAT_PNG ? MUSTER_EXPORT_MAP_PNG : MUSTER_EXPORT_MAP_SVG;
  options.scale = scale;
  muster_sheet_page_init (&options.page, paper, landscape);
  if (muster_cli_is_roster (argv[1]))
    {
      if (!muster_bs_export_supports (options.kind))
        {
          g_printerr (_("muster-cli export: a BattleScribe roster exports as txt, md, html, or "
                        "pdf with --sheet list or cards\n"));
          return MUSTER_CLI_EXIT_USAGE;
        }
      return run_export (argv[1], data_dir, &options, output);
    }
  if (data_dir != NULL)
    {
      g_printerr (_("muster-cli export: --data is for BattleScribe rosters (.ros, .rosz)\n"));
      return MUSTER_CLI_EXIT_USAGE;
    }
  return run_export (argv[1], NULL, &options, output);
}
