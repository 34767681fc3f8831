/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <json-glib/json-glib.h>

#include "muster-cli.h"
#include "muster-engine.h"

/*
 * muster-cli resolve FILE ACTING TARGET --procedure ID [name=value …] [--seed N] [--turn N]
 *                    [-o OUT]
 * muster-cli log FILE [--json]
 *
 * resolve rolls one procedure between two placed units with the document's seeded dice (or
 * --seed), applies its effect to the units and appends the line to the battle log; the
 * document is written back to FILE, or to OUT, atomically. log prints the battle log.
 */

static void
print_entry (const MusterLogEntry *entry)
{
  g_autofree char *dice = muster_log_entry_format_dice (entry);
  g_autofree char *inputs = muster_log_entry_format_inputs (entry);
  const char *acting = entry->acting_name ? entry->acting_name : entry->acting;
  const char *target = entry->target_name ? entry->target_name : entry->target;

  if (target != NULL)
    /* TRANSLATORS: a battle-log line: turn, procedure id, acting unit (id), target (id) */
    g_print (_("Turn %u: %s, %s (%s) against %s (%s)\n"), entry->turn, entry->procedure,
             acting, entry->acting, target, entry->target);
  else
    g_print (_("Turn %u: %s, %s (%s)\n"), entry->turn, entry->procedure, acting, entry->acting);
  g_print (_("  Inputs: %s\n"), inputs);
  g_print (_("  Dice (seed %" PRIu64 "): %s\n"), entry->seed,
           dice[0] != '\0' ? dice : _("none"));
  g_print (_("  Result: %s\n"), entry->result);
  g_print (_("  Effect: %s\n"), entry->effect);
}

/* Sets the NAME=VALUE assignments of @argv on @fill, marking each typed. */
static gboolean
type_inputs (MusterOddsFill  *fill,
             gboolean        *typed,
             char           **argv,
             GError         **error)
{
  for (guint i = 0; argv[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (argv[i], "=", 2);
      int index = muster_procedure_find_input (fill->procedure, parts[0]);

      if (!muster_procedure_set_value (fill->procedure, fill->values, argv[i], error))
        return FALSE;
      typed[index] = TRUE;
    }
  return TRUE;
}

static int
write_doc (MusterDoc  *doc,
           const char *path)
{
  g_autoptr(GBytes) bytes = muster_doc_to_bytes (doc);
  g_autoptr(GError) error = NULL;

  if (!muster_file_replace (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                            &error))
    {
      g_printerr ("muster-cli resolve: %s\n", error->message);
      return MUSTER_CLI_EXIT_USAGE;
    }
  return MUSTER_CLI_EXIT_OK;
}

int
muster_cli_resolve (int    argc,
                    char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  /* freed last: what follows may point into it */
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(MusterTerrainTypes) types = NULL;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterOddsFill) fill = NULL;
  g_autoptr(MusterLogEntry) entry = NULL;
  g_autofree gboolean *typed = NULL;
  g_autofree char *procedure_id = NULL, *output = NULL, *seed_text = NULL;
  const MusterProcedure *procedure = NULL;
  g_autoptr(GPtrArray) procedures = NULL;
  guint64 seed;
  gint64 turn = 0;
  int ret;
  const GOptionEntry entries[] = {
    { "procedure", 'p', 0, G_OPTION_ARG_STRING, &procedure_id,
      N_("The procedure to roll (see “muster-cli odds FILE ACTING TARGET”)"), "ID" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Roll from this seed instead of the document’s"), "N" },
    { "turn", 't', 0, G_OPTION_ARG_INT64, &turn,
      N_("The turn being played, kept in the document from now on"), "N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the document to OUT instead of back to FILE"), N_("OUT") },
    { NULL }
  };

  context = g_option_context_new (_("FILE ACTING TARGET [NAME=VALUE…]"));
  g_option_context_set_summary (context,
                                _("Rolls a procedure between two units placed on a scenario’s "
                                  "battlefield with the document’s seeded dice, applies what it "
                                  "does to the units, and appends it to the battle log. Inputs "
                                  "come from the lists and the table; NAME=VALUE sets one by "
                                  "hand."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((ret = muster_cli_parse (context, &argc, &argv)) != MUSTER_CLI_EXIT_OK)
    return ret;
  if (argc < 4 || procedure_id == NULL)
    {
      if (argc < 2)
        g_printerr (_("muster-cli resolve: which file? Try “muster-cli resolve --help”.\n"));
      else if (argc < 4)
        g_printerr (_("muster-cli resolve: name the acting unit and its target by their ids in "
                      "the document\n"));
      else
        g_printerr (_("muster-cli resolve: which procedure? Give --procedure ID\n"));
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (turn < 0 || turn > G_MAXUINT ||
      (seed_text != NULL &&
       !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL)))
    {
      g_printerr (_("muster-cli resolve: --seed and --turn must be whole numbers from 0 and 1\n"));
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (!(facts = muster_cli_read_facts ("resolve", argv, _("resolving"), &ruleset, &doc, &types)))
    return MUSTER_CLI_EXIT_USAGE;
  procedures = muster_odds_list_procedures (facts);
  if (!(procedure = muster_cli_find_procedure ("resolve", procedures, procedure_id, argv)))
    return MUSTER_CLI_EXIT_USAGE;

  if (turn > 0)
    muster_doc_set_turn (doc, (guint) turn);
  if (seed_text == NULL)
    seed = muster_doc_get_seed (doc);
  typed = g_new0 (gboolean, MAX (procedure->n_inputs, 1));
  if (!(fill = muster_odds_fill_new (facts, procedure, &error)) ||
      !type_inputs (fill, typed, argv + 4, &error) ||
      !(entry = muster_resolve_roll (facts, fill, typed, seed, &error)))
    {
      g_printerr ("muster-cli resolve: %s: %s: %s\n", argv[1], procedure->id, error->message);
      return MUSTER_CLI_EXIT_USAGE;
    }
  print_entry (entry);
  if (!muster_doc_append_log_entry (doc, g_steal_pointer (&entry), &error))
    {
      g_printerr ("muster-cli resolve: %s: %s\n", argv[1], error->message);
      return MUSTER_CLI_EXIT_USAGE;
    }
  return write_doc (doc, output != NULL ? output : argv[1]);
}

static JsonNode *
entry_to_json (const MusterLogEntry *entry)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, entry->seed);

  json_builder_begin_object (builder);
  muster_cli_add_number (builder, "turn", entry->turn);
  muster_cli_add_string (builder, "acting", entry->acting);
  muster_cli_add_string (builder, "acting_name", entry->acting_name);
  muster_cli_add_string (builder, "target", entry->target);
  muster_cli_add_string (builder, "target_name", entry->target_name);
  muster_cli_add_string (builder, "procedure", entry->procedure);
  /* a string: JSON numbers lose 64-bit seeds */
  muster_cli_add_string (builder, "seed", seed);
  json_builder_set_member_name (builder, "inputs");
  json_builder_begin_array (builder);
  for (guint i = 0; i < entry->inputs->len; i++)
    {
      const MusterLogInput *input = &g_array_index (entry->inputs, MusterLogInput, i);

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", input->id);
      muster_cli_add_number (builder, "value", input->value);
      muster_cli_add_string (builder, "shown", input->shown);
      muster_cli_add_string (builder, "source", input->source);
      muster_cli_add_string (builder, "reason", input->reason);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "dice");
  json_builder_begin_array (builder);
  for (guint i = 0; i < entry->dice->len; i++)
    {
      const MusterRolledDie *die = &g_array_index (entry->dice, MusterRolledDie, i);

      json_builder_begin_object (builder);
      muster_cli_add_number (builder, "face", die->face);
      muster_cli_add_number (builder, "lo", die->lo);
      muster_cli_add_number (builder, "hi", die->hi);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  muster_cli_add_string (builder, "result", entry->result);
  muster_cli_add_string (builder, "effect", entry->effect);
  muster_cli_add_bool (builder, "note_only", entry->note_only);
  json_builder_set_member_name (builder, "changes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < entry->changes->len; i++)
    {
      const MusterLogChange *change = &g_array_index (entry->changes, MusterLogChange, i);

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "unit", change->unit);
      muster_cli_add_number (builder, "size", change->size_after);
      muster_cli_add_number (builder, "was_size", change->size_before);
      muster_cli_add_string (builder, "markers", change->markers_after);
      muster_cli_add_string (builder, "was_markers", change->markers_before);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

int
muster_cli_log (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterDoc) doc = NULL;
  gboolean json = FALSE;
  guint n;
  int ret;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of text"), NULL },
    { NULL }
  };

  context = g_option_context_new (_("FILE"));
  g_option_context_set_summary (context, _("The battle log of a scenario: each procedure "
                                           "resolved, with its units, inputs, dice, result and "
                                           "effect."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((ret = muster_cli_parse_path (context, &argc, &argv, "log",
                                    _("which file?"))) != MUSTER_CLI_EXIT_OK)
    return ret;
  if (!(doc = muster_cli_load_doc ("log", argv[1], _("reading the battle log"), &ruleset)))
    return MUSTER_CLI_EXIT_USAGE;

  n = muster_doc_get_n_log_entries (doc);
  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, muster_doc_get_seed (doc));

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "file", argv[1]);
      muster_cli_add_number (builder, "turn", muster_doc_get_turn (doc));
      muster_cli_add_string (builder, "seed", seed);
      json_builder_set_member_name (builder, "entries");
      json_builder_begin_array (builder);
      for (guint i = 0; i < n; i++)
        json_builder_add_value (builder, entry_to_json (muster_doc_get_log_entry (doc, i)));
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      muster_cli_print_json (root);
      return MUSTER_CLI_EXIT_OK;
    }
  if (n == 0)
    g_print (_("The battle log is empty.\n"));
  for (guint i = 0; i < n; i++)
    print_entry (muster_doc_get_log_entry (doc, i));
  return MUSTER_CLI_EXIT_OK;
}
