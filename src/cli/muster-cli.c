/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "muster-cli.h"
#include "muster-engine.h"

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
  { "odds", N_("The odds between two units on a scenario's battlefield"), muster_cli_odds },
  { "resolve", N_("Roll a procedure between two units and record it in the battle log"),
    muster_cli_resolve },
  { "log", N_("Print a scenario's battle log"), muster_cli_log },
  { "catalogue", N_("List a folder of BattleScribe data: game system, forces, catalogues"),
    muster_cli_catalogue },
  { "cost", N_("Cost every unit of a document against its points limit"), muster_cli_cost },
  { "validate", N_("Check that every army list of a document is legal"), muster_cli_validate },
  { "export", N_("Export army lists and sheets as text, Markdown, HTML or PDF"), muster_cli_export },
  { "generate", N_("Generate a battlefield with seeded dice, as the rules do it"),
    muster_cli_generate },
  { "battlescribe-adapter", N_("Speak the BattleScribe conformance suite’s adapter protocol"),
    muster_cli_bs_adapter },
};

static char *
describe_commands (void)
{
  GString *str = g_string_new (_("Commands:"));
  int width = 0;

  /* The summaries line up after the longest name, with two spaces to spare. */
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    width = MAX (width, (int) strlen (commands[i].name) + 2);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (str, "\n  %-*s%s", width, commands[i].name, _(commands[i].summary));
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

/**
 * muster_cli_parse_path:
 * @command: the subcommand, for messages
 * @which: its message when the path is missing, e.g. "which file?"
 *
 * muster_cli_parse() for a command that takes exactly one path.
 */
int
muster_cli_parse_path (GOptionContext   *context,
                       int              *argc,
                       char           ***argv,
                       const char       *command,
                       const char       *which)
{
  int ret;

  if ((ret = muster_cli_parse (context, argc, argv)) != MUSTER_CLI_EXIT_OK)
    return ret;
  if (*argc < 2)
    {
      /* TRANSLATORS: "muster-cli cost: which file? Try “muster-cli cost --help”." */
      g_printerr (_("muster-cli %s: %s Try “muster-cli %s --help”.\n"), command, which, command);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (*argc > 2)
    {
      g_printerr (_("muster-cli %s: unexpected argument “%s”\n"), command, (*argv)[2]);
      return MUSTER_CLI_EXIT_USAGE;
    }
  return MUSTER_CLI_EXIT_OK;
}

/**
 * muster_cli_run_file_command:
 *
 * Runs @command on the one FILE of @argv: a BattleScribe roster with the game data of
 * `--data DIR`, or else a Muster document. Cost and validate are the same command in this.
 *
 * Returns: the exit status
 */
int
muster_cli_run_file_command (const MusterCliFileCommand *command,
                             int                         argc,
                             char                      **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *data_dir = NULL;
  gboolean json = FALSE;
  int ret;
  const GOptionEntry entries[] = {
    { "data", 0, 0, G_OPTION_ARG_FILENAME, &data_dir,
      N_("The folder of BattleScribe game data a .ros or .rosz roster is read with"), N_("DIR") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, _(command->json_help), NULL },
    { NULL }
  };

  context = g_option_context_new (_("FILE"));
  g_option_context_set_summary (context, _(command->summary));
  g_option_context_set_description (context, _(command->description));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((ret = muster_cli_parse_path (context, &argc, &argv, command->name,
                                    _("which file?"))) != MUSTER_CLI_EXIT_OK)
    return ret;

  if (muster_cli_is_roster (argv[1]))
    return command->run_roster (argv[1], data_dir, json);
  if (data_dir != NULL)
    {
      g_printerr (_("muster-cli %s: --data is for BattleScribe rosters (.ros, .rosz)\n"),
                  command->name);
      return MUSTER_CLI_EXIT_USAGE;
    }
  return command->run_doc (argv[1], json);
}

/**
 * muster_cli_load_doc:
 * @command: the subcommand, for messages
 * @file: the document's path
 * @doing: what the command does with it ("costing"), for the version warning
 * @ruleset: (out): the installed ruleset the document is bound to
 *
 * Reads a document and binds it to its installed ruleset (house rules resolved). Problems are
 * printed on stderr, naming the file and the line.
 *
 * Returns: (transfer full) (nullable): the document, or %NULL (exit with
 *   %MUSTER_CLI_EXIT_USAGE)
 */
MusterDoc *
muster_cli_load_doc (const char     *command,
                     const char     *file,
                     const char     *doing,
                     MusterRuleset **ruleset)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(MusterCatalog) catalog = NULL;

  /* Looked at before it is read: a folder, /dev/zero or a 200 MB file is refused at once. */
  if (!(bytes = muster_file_read (file, &error)))
    {
      g_printerr ("muster-cli %s: %s\n", command, error->message);
      return NULL;
    }
  if (!(doc = muster_doc_new_from_bytes (bytes, file, &error)))
    {
      g_printerr ("muster-cli %s: %s\n", command, error->message);
      return NULL;
    }

  catalog = muster_catalog_new_default ();
  if (!(*ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (doc), &error)))
    {
      g_printerr ("muster-cli %s: %s: %s\n", command, file, error->message);
      return NULL;
    }
  if (muster_doc_get_ruleset_version (doc) != NULL &&
      g_strcmp0 (muster_doc_get_ruleset_version (doc), muster_ruleset_get_version (*ruleset)) != 0)
    /* TRANSLATORS: "… version 0.1; costing with version 1.0" */
    g_printerr (_("muster-cli %s: %s was made with %s version %s; %s with version %s\n"),
                command, file, muster_ruleset_get_name (*ruleset),
                muster_doc_get_ruleset_version (doc), doing, muster_ruleset_get_version (*ruleset));

  muster_doc_set_ruleset (doc, *ruleset);
  return g_steal_pointer (&doc);
}

/* JSON members shared by the subcommands' output */

void
muster_cli_add_string (JsonBuilder *builder,
                       const char  *name,
                       const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

void
muster_cli_add_int (JsonBuilder *builder,
                    const char  *name,
                    gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

void
muster_cli_add_double (JsonBuilder *builder,
                       const char  *name,
                       double       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_double_value (builder, value);
}

/* Numbers that are whole print as integers; fractions (per-figure formulas) as doubles. */
void
muster_cli_add_number (JsonBuilder *builder,
                       const char  *name,
                       double       value)
{
  json_builder_set_member_name (builder, name);
  if (value == (gint64) value)
    json_builder_add_int_value (builder, (gint64) value);
  else
    json_builder_add_double_value (builder, value);
}

void
muster_cli_add_bool (JsonBuilder *builder,
                     const char  *name,
                     gboolean     value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_boolean_value (builder, value);
}

/* "file", "title" and the "ruleset" object, the same for every command about a document. */
void
muster_cli_add_doc_members (JsonBuilder   *builder,
                            const char    *file,
                            MusterDoc     *doc,
                            MusterRuleset *ruleset)
{
  muster_cli_add_string (builder, "file", file);
  muster_cli_add_string (builder, "title", muster_doc_get_title (doc));

  json_builder_set_member_name (builder, "ruleset");
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "id", muster_ruleset_get_id (ruleset));
  muster_cli_add_string (builder, "version", muster_ruleset_get_version (ruleset));
  muster_cli_add_string (builder, "name", muster_ruleset_get_name (ruleset));
  muster_cli_add_bool (builder, "house", muster_ruleset_is_house (ruleset));
  muster_cli_add_string (builder, "document_version", muster_doc_get_ruleset_version (doc));
  json_builder_end_object (builder);
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
