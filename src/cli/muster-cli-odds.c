/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "muster-cli.h"
#include "muster-doc.h"
#include "muster-odds.h"
#include "muster-unit.h"

/*
 * muster-cli odds FILE ACTING TARGET [--procedure ID] [--trials N] [--seed S] [--json]
 *
 * The procedures that apply between two placed units of a saved scenario, with each input
 * filled from the lists and the table and its reason, and their odds as `preview` gives them
 * (simulated with seeded dice where a procedure has no exact form).
 */

static void
add_side_json (JsonBuilder          *builder,
               const char           *member,
               const MusterOddsSide *side)
{
  g_autofree char *ground = muster_odds_describe_ground (side);

  json_builder_set_member_name (builder, member);
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "unit", muster_unit_get_id (side->unit));
  muster_cli_add_string (builder, "name", muster_unit_get_name (side->unit));
  muster_cli_add_string (builder, "placement", side->placement->id);
  muster_cli_add_string (builder, "terrain", side->terrain ? side->terrain->id : NULL);
  muster_cli_add_string (builder, "ground", ground);
  json_builder_end_object (builder);
}

static JsonNode *
filled_to_json (const MusterOddsFill *fill)
{
  const MusterProcedure *p = fill->procedure;
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_array (builder);
  for (guint i = 0; i < p->n_inputs; i++)
    {
      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", p->inputs[i].id);
      json_builder_set_member_name (builder, "value");
      muster_cli_add_input_value (builder, &p->inputs[i], fill->values[i]);
      muster_cli_add_string (builder, "source", muster_odds_source_to_string (fill->sources[i]));
      muster_cli_add_string (builder, "reason", fill->reasons[i]);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  return json_builder_get_root (builder);
}

static void
print_filled (const MusterOddsFill *fill)
{
  const MusterProcedure *p = fill->procedure;

  for (guint i = 0; i < p->n_inputs; i++)
    {
      g_autofree char *value = muster_procedure_format_input (&p->inputs[i], fill->values[i]);
      g_autofree char *assignment = g_strdup_printf ("%s=%s", p->inputs[i].id, value);

      g_print ("  %-28s %-6s %s\n", assignment,
               muster_odds_source_to_string (fill->sources[i]),
               fill->reasons[i] != NULL ? fill->reasons[i] : "");
    }
}

static void
print_facts (const MusterOddsFacts *facts)
{
  g_autofree char *distance = muster_odds_facts_format_distance (facts);
  g_autofree char *acting = muster_odds_describe_ground (&facts->acting);
  g_autofree char *target = muster_odds_describe_ground (&facts->target);

  g_print (_("%s (%s) against %s (%s)\n"), muster_odds_side_name (&facts->acting),
           muster_unit_get_id (facts->acting.unit), muster_odds_side_name (&facts->target),
           muster_unit_get_id (facts->target.unit));
  g_print (_("Distance: %s edge to edge\n"), distance);
  if (facts->sight)
    g_print (_("Line of sight: clear\n"));
  else
    g_print (_("Line of sight: blocked by %s\n"),
             facts->blocker->name ? facts->blocker->name : facts->blocker->id);
  g_print (_("Acting unit: %s\n"), acting);
  g_print (_("Target: %s; attacked on its %s\n"), target,
           muster_odds_aspect_to_string (facts->aspect));
  if (facts->obstacle != NULL)
    g_print (_("Obstacle: %s in front of the target\n"),
             facts->obstacle->name ? facts->obstacle->name : facts->obstacle->id);
}

/**
 * muster_cli_read_facts:
 * @command: the subcommand, for messages
 * @argv: FILE ACTING TARGET from argv[1]
 * @purpose: what the ruleset is needed for, for messages
 *
 * Loads FILE with its ruleset and terrain types, and reads the table between ACTING and
 * TARGET; says what went wrong on standard error.
 *
 * Returns: (transfer full) (nullable): the facts, pointing into @doc
 */
MusterOddsFacts *
muster_cli_read_facts (const char          *command,
                       char               **argv,
                       const char          *purpose,
                       MusterRuleset      **ruleset,
                       MusterDoc          **doc,
                       MusterTerrainTypes **types)
{
  g_autoptr(GError) error = NULL;
  MusterOddsFacts *facts;

  if (!(*doc = muster_cli_load_doc (command, argv[1], purpose, ruleset)))
    return NULL;
  if (!(*types = muster_terrain_types_new_for_ruleset (*ruleset, &error)) ||
      !(facts = muster_odds_facts_new (*doc, *types, argv[2], argv[3], &error)))
    {
      g_printerr ("muster-cli %s: %s: %s\n", command, argv[1], error->message);
      return NULL;
    }
  return facts;
}

/* Returns: (nullable): the procedure @id of @procedures, or %NULL, said on standard error */
const MusterProcedure *
muster_cli_find_procedure (const char  *command,
                           GPtrArray   *procedures,
                           const char  *id,
                           char       **argv)
{
  for (guint i = 0; i < procedures->len; i++)
    if (g_str_equal (((const MusterProcedure *) procedures->pdata[i])->id, id))
      return procedures->pdata[i];
  /* TRANSLATORS: "muster-cli odds: no procedure “volley” between u5 and u43" */
  g_printerr (_("muster-cli %s: no procedure “%s” between %s and %s\n"), command, id, argv[2],
              argv[3]);
  return NULL;
}

int
muster_cli_odds (int    argc,
                 char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  /* freed last: what follows may point into it */
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(MusterTerrainTypes) types = NULL;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(GPtrArray) procedures = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *procedure_id = NULL;
  gboolean json = FALSE;
  gint64 trials = 20000, seed = 1;
  int ret;
  const GOptionEntry entries[] = {
    { "procedure", 'p', 0, G_OPTION_ARG_STRING, &procedure_id,
      N_("Only this procedure (see “muster-cli preview --list”)"), "ID" },
    { "trials", 'n', 0, G_OPTION_ARG_INT64, &trials,
      N_("Trials of a simulated procedure (default 20000)"), "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, N_("Dice seed of the simulations (default 1)"),
      "S" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of tables"), NULL },
    { NULL }
  };

  context = g_option_context_new (_("FILE ACTING TARGET"));
  g_option_context_set_summary (context,
                                _("The procedures between two units placed on a scenario’s "
                                  "battlefield (ACTING and TARGET are unit ids as the document "
                                  "writes them), their inputs filled from the lists and the "
                                  "table with the reason for each, and their odds."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((ret = muster_cli_parse (context, &argc, &argv)) != MUSTER_CLI_EXIT_OK)
    return ret;
  if (argc != 4)
    {
      if (argc < 2)
        g_printerr (_("muster-cli odds: which file? Try “muster-cli odds --help”.\n"));
      else if (argc < 4)
        g_printerr (_("muster-cli odds: name the acting unit and its target by their ids in "
                      "the document\n"));
      else
        g_printerr (_("muster-cli odds: unexpected argument “%s”\n"), argv[4]);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (trials < 1 || trials > G_GINT64_CONSTANT (100000000) || seed < 0)
    {
      g_printerr (_("muster-cli odds: --trials must be from 1 to 100000000 and --seed a whole "
                    "number from 0\n"));
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (!(facts = muster_cli_read_facts ("odds", argv, _("reading the odds"), &ruleset, &doc,
                                       &types)))
    return MUSTER_CLI_EXIT_USAGE;

  procedures = muster_odds_list_procedures (facts);
  if (procedure_id != NULL)
    {
      const MusterProcedure *only = muster_cli_find_procedure ("odds", procedures, procedure_id,
                                                               argv);

      if (only == NULL)
        return MUSTER_CLI_EXIT_USAGE;
      g_ptr_array_set_size (procedures, 0);
      g_ptr_array_add (procedures, (gpointer) only);
    }

  if (json)
    {
      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "file", argv[1]);
      muster_cli_add_string (builder, "system", muster_ruleset_get_id (ruleset));
      add_side_json (builder, "acting", &facts->acting);
      add_side_json (builder, "target", &facts->target);
      muster_cli_add_number (builder, "distance_mm", facts->distance);
      muster_cli_add_number (builder, "distance", muster_odds_facts_distance_in (facts));
      muster_cli_add_string (builder, "units", facts->units);
      muster_cli_add_bool (builder, "sight", facts->sight);
      muster_cli_add_string (builder, "blocker", facts->blocker ? facts->blocker->id : NULL);
      muster_cli_add_string (builder, "obstacle", facts->obstacle ? facts->obstacle->id : NULL);
      muster_cli_add_string (builder, "aspect", muster_odds_aspect_to_string (facts->aspect));
      json_builder_set_member_name (builder, "procedures");
      json_builder_begin_array (builder);
    }
  else
    print_facts (facts);

  for (guint i = 0; i < procedures->len; i++)
    {
      const MusterProcedure *procedure = procedures->pdata[i];
      g_autoptr(MusterOddsFill) fill = NULL;
      g_autoptr(MusterProcedureResult) result = NULL;

      if (!(fill = muster_odds_fill_new (facts, procedure, &error)) ||
          !(result = muster_odds_fill_run (fill, facts, trials, seed, &error)))
        {
          g_printerr ("muster-cli odds: %s: %s: %s\n", argv[1], procedure->id, error->message);
          return MUSTER_CLI_EXIT_USAGE;
        }
      if (json)
        {
          JsonNode *node = muster_cli_result_to_json (result, fill->values);
          JsonObject *object = json_node_get_object (node);

          json_object_set_string_member (object, "name", procedure->name);
          if (fill->blocked != NULL)
            json_object_set_string_member (object, "blocked", fill->blocked);
          else
            json_object_set_null_member (object, "blocked");
          json_object_set_member (object, "filled", filled_to_json (fill));
          json_builder_add_value (builder, node);
        }
      else
        {
          g_autofree char *text = muster_procedure_result_to_text (result, fill->values);

          g_print ("\n%s (%s)\n", procedure->name, procedure->id);
          if (fill->blocked != NULL)
            g_print (_("Not possible as they stand: %s\n"), fill->blocked);
          print_filled (fill);
          g_print ("%s", text);
        }
    }

  if (json)
    {
      g_autoptr(JsonNode) root = NULL;

      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      muster_cli_print_json (root);
    }
  return MUSTER_CLI_EXIT_OK;
}
