/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "muster-engine.h"
#include "muster-list-export.h"
#include "muster-sheet-painter.h"
#include "muster-cli.h"

/*
 * muster-cli export FILE --format txt|md|html|pdf [--sheet list|cards|roster]
 *                        [--paper a4|letter] [--landscape] [-o OUT]
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

static MusterList *
load_list (const char  *file,
           GError     **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(MusterCatalog) catalog = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autofree char *basename = g_path_get_basename (file);
  gsize length;

  if (!g_file_get_contents (file, &contents, &length, error))
    return NULL;
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  if (!(doc = muster_doc_new_from_bytes (bytes, file, error)))
    return NULL;
  catalog = muster_catalog_new_default ();
  if (!(ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (doc), error)))
    return NULL;
  return muster_list_new (doc, ruleset, basename);
}

static int
run_export (const char *file,
            int         format,
            int         sheet,
            int         paper,
            gboolean    landscape,
            const char *output)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterList) list = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (!(list = load_list (file, &error)))
    {
      g_printerr ("muster-cli export: %s: %s\n", file, error->message);
      return MUSTER_CLI_EXIT_USAGE;
    }

  if (format == 3)
    {
      MusterSheetPage page;
      g_autoptr(MusterSheet) painted = NULL;

      muster_sheet_page_init (&page, paper, landscape);
      painted = muster_sheet_new (list, sheet, &page);
      bytes = muster_sheet_to_pdf (painted);
    }
  else
    {
      char *text = muster_list_to_string (list, format);

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

int
muster_cli_export (int    argc,
                   char **argv)
{
  static const char * const formats[] = { "txt", "md", "html", "pdf", NULL };
  static const char * const sheets[] = { "list", "cards", "roster", NULL };
  static const char * const papers[] = { "a4", "letter", NULL };
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *format_name = NULL;
  g_autofree char *sheet_name = NULL;
  g_autofree char *paper_name = NULL;
  g_autofree char *output = NULL;
  gboolean landscape = FALSE;
  int format = 0, sheet = MUSTER_SHEET_LIST, paper = MUSTER_PAPER_A4;
  int ret;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name,
      N_("txt, md, html or pdf (default txt)"), N_("FORMAT") },
    { "sheet", 's', 0, G_OPTION_ARG_STRING, &sheet_name,
      N_("PDF only: list, cards or roster (default list)"), N_("SHEET") },
    { "paper", 'p', 0, G_OPTION_ARG_STRING, &paper_name,
      N_("PDF only: a4 or letter (default a4)"), N_("PAPER") },
    { "landscape", 'l', 0, G_OPTION_ARG_NONE, &landscape, N_("PDF only: landscape pages"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write to OUT instead of standard output"), N_("OUT") },
    { NULL }
  };

  context = g_option_context_new (_("FILE"));
  g_option_context_set_summary (context, _("Export a document's army lists as text, Markdown, "
                                           "HTML or PDF, or print the system's own sheets "
                                           "(unit cards, roster) as PDF."));
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
      g_printerr (_("muster-cli export: unknown format “%s” (txt, md, html or pdf)\n"),
                  format_name);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (sheet_name != NULL && !parse_choice (sheet_name, sheets, &sheet))
    {
      g_printerr (_("muster-cli export: unknown sheet “%s” (list, cards or roster)\n"),
                  sheet_name);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (paper_name != NULL && !parse_choice (paper_name, papers, &paper))
    {
      g_printerr (_("muster-cli export: unknown paper “%s” (a4 or letter)\n"), paper_name);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (format != 3 && (sheet != MUSTER_SHEET_LIST || paper_name != NULL || landscape))
    {
      g_printerr (_("muster-cli export: --sheet, --paper and --landscape need --format pdf\n"));
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (format == 3 && output == NULL && isatty (1))
    {
      g_printerr (_("muster-cli export: a PDF needs -o OUT (or a pipe)\n"));
      return MUSTER_CLI_EXIT_USAGE;
    }

  return run_export (argv[1], format, sheet, paper, landscape, output);
}
