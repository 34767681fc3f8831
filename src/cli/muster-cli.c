/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "muster-cli.h"

/*
 * muster-cli SUBCOMMAND [OPTIONS] [ARGS]
 *
 * Global options come before the subcommand; each subcommand parses its own options with its
 * own GOptionContext, so `muster-cli rulesets --help` describes just that command.
 */

static const MusterCliCommand commands[] = {
  { "rulesets", N_("List the installed rulesets"), muster_cli_rulesets },
  { "preview", N_("Exact odds of a combat procedure"), muster_cli_preview },
  { "simulate", N_("Simulate a combat procedure or engagement with seeded dice"),
    muster_cli_simulate },
  { "cost", N_("Cost every unit of a document against its points limit"), muster_cli_cost },
  { "export", N_("Export army lists and sheets as text, Markdown, HTML or PDF"), muster_cli_export },
};

static char *
describe_commands (void)
{
  GString *str = g_string_new (_("Commands:"));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (str, "\n  %-12s%s", commands[i].name, _(commands[i].summary));
  g_string_append_printf (str, "\n\n%s", _("Run “muster-cli COMMAND --help” for a command’s "
                                          "options."));
  return g_string_free (str, FALSE);
}

/* Parses @context and reports bad arguments the same way for every command. */
int
muster_cli_parse (GOptionContext   *context,
                  int              *argc,
                  char           ***argv)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("muster-cli: %s\n", error->message);
      g_printerr (_("Try “muster-cli --help”.\n"));
      return MUSTER_CLI_EXIT_USAGE;
    }
  return MUSTER_CLI_EXIT_OK;
}

void
muster_cli_print_json (gpointer json_node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, json_node);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *description = NULL;
  gboolean version = FALSE;
  int first_command_arg = argc;
  int global_argc;
  int ret;
  const GOptionEntry entries[] = {
    { "version", 'V', 0, G_OPTION_ARG_NONE, &version, N_("Show the version and exit"), NULL },
    { NULL }
  };

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("muster-cli");

  /* The first argument that is not an option names the subcommand. */
  for (int i = 1; i < argc; i++)
    if (argv[i][0] != '-')
      {
        first_command_arg = i;
        break;
      }

  context = g_option_context_new (_("COMMAND [ARGS…]"));
  g_option_context_set_summary (context, _("Muster’s rules engine from the shell: rulesets, "
                                           "costs, legality, odds and exports."));
  description = describe_commands ();
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);

  global_argc = first_command_arg;
  if ((ret = muster_cli_parse (context, &global_argc, &argv)) != MUSTER_CLI_EXIT_OK)
    return ret;

  if (version)
    {
      g_print ("muster-cli %s\n", PACKAGE_VERSION);
      return MUSTER_CLI_EXIT_OK;
    }

  if (first_command_arg >= argc)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

      g_printerr ("%s", help);
      return MUSTER_CLI_EXIT_USAGE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[first_command_arg], commands[i].name) == 0)
      {
        /* So that "Usage: muster-cli preview …" names the subcommand. */
        g_autofree char *prgname = g_strdup_printf ("muster-cli %s", commands[i].name);

        g_set_prgname (prgname);
        return commands[i].run (argc - first_command_arg, argv + first_command_arg);
      }

  g_printerr (_("muster-cli: unknown command “%s”\n"), argv[first_command_arg]);
  g_printerr (_("Try “muster-cli --help”.\n"));
  return MUSTER_CLI_EXIT_USAGE;
}
