/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "muster-engine.h"
#include "muster-cli.h"

/*
 * muster-cli generate FILE [--seed S] [--option ID=CHOICE …] [--table WxH] [--options]
 *                          [-o OUT]
 *
 * Generates the battlefield of FILE's rule system: its terrain, deployment zones and
 * objectives are replaced, unit placements kept, the rolls written to the umpire notes. The
 * document goes to OUT (written atomically) or standard output; the notes to standard output
 * with -o, standard error without.
 */

static void
print_options (const MusterGenerator *generator)
{
  g_print ("%s\n", muster_generator_get_name (generator));
  for (guint i = 0; i < muster_generator_get_n_options (generator); i++)
    {
      const MusterGenerateOption *option = muster_generator_get_option (generator, i);

      g_print ("  %s: %s\n", option->id, option->name);
      for (guint j = 0; j < option->choices->len; j++)
        {
          const MusterGenerateChoice *choice = option->choices->pdata[j];

          g_print ("    %s%s  %s\n", choice->id,
                   g_str_equal (choice->id, option->default_id) ? "*" : "", choice->name);
        }
    }
}

static int
run_generate (const char  *file,
              guint64      seed,
              GHashTable  *choices,
              double       width,
              double       height,
              gboolean     list,
              const char  *output)
{
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterDoc) doc = muster_cli_load_doc ("generate", file, "generating", &ruleset);
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  g_autoptr(MusterGenerator) generator = NULL;
  g_autoptr(MusterGeneration) generation = NULL;
  g_autoptr(GPtrArray) sides = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MusterBattlefield *field;

  if (doc == NULL)
    return MUSTER_CLI_EXIT_USAGE;
  if (!(generator = muster_generator_new_for_ruleset (catalog, ruleset, &error)))
    {
      if (error != NULL)
        g_printerr ("muster-cli generate: %s\n", error->message);
      else
        g_printerr (_("muster-cli generate: %s: %s has no procedure for generating a "
                      "battlefield\n"), file, muster_ruleset_get_name (ruleset));
      return error ? MUSTER_CLI_EXIT_USAGE : MUSTER_CLI_EXIT_FAILURE;
    }
  if (list)
    {
      print_options (generator);
      return MUSTER_CLI_EXIT_OK;
    }

  if ((field = muster_doc_get_battlefield (doc)) == NULL)
    {
      const char *units = NULL;
      double w, h;

      /* the system's standard table, as Generate Battlefield in the app makes it */
      muster_generator_get_table (generator, &w, &h, &units);
      field = muster_battlefield_new (width > 0 ? width : w, height > 0 ? height : h, units);
      muster_battlefield_set_table (field, muster_battlefield_get_width (field),
                                    muster_battlefield_get_height (field), units,
                                    muster_battlefield_default_grid (units));
      muster_doc_set_battlefield (doc, field);
    }
  else if (width > 0 && height > 0)
    muster_battlefield_set_table (field, width, height, muster_battlefield_get_units (field),
                                  muster_battlefield_get_grid (field));

  /* the forces' sides only: the old zones' names go with the zones */
  sides = g_ptr_array_new ();
  muster_doc_collect_sides (doc, NULL, sides);
  g_ptr_array_add (sides, NULL);
  if (!(generation = muster_generator_run (generator, muster_battlefield_get_width (field),
                                           muster_battlefield_get_height (field),
                                           (const char * const *) sides->pdata, choices, seed,
                                           &error)))
    {
      g_printerr ("muster-cli generate: %s: %s\n", file, error->message);
      return MUSTER_CLI_EXIT_USAGE;
    }
  /* the units already placed stay where they are: the terrain keeps clear of them */
  muster_generator_keep_clear (generator, generation, field);
  muster_generation_apply (generation, field);

  bytes = muster_doc_to_bytes (doc);
  if (output == NULL)
    {
      fwrite (g_bytes_get_data (bytes, NULL), 1, g_bytes_get_size (bytes), stdout);
      g_printerr ("%s\n", generation->notes);
      return MUSTER_CLI_EXIT_OK;
    }
  if (!muster_file_replace (output, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                            &error))
    {
      g_printerr ("muster-cli generate: %s\n", error->message);
      return MUSTER_CLI_EXIT_USAGE;
    }
  g_print ("%s\n", generation->notes);
  return MUSTER_CLI_EXIT_OK;
}

int
muster_cli_generate (int    argc,
                     char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GHashTable) choices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                         g_free);
  g_autofree char *seed_text = NULL;
  g_autofree char *table = NULL;
  g_autofree char *output = NULL;
  g_auto(GStrv) options = NULL;
  gboolean list = FALSE;
  guint64 seed;
  double width = 0, height = 0;
  int ret;
  const GOptionEntry entries[] = {
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the dice: the same seed gives the same battlefield (default: random)"),
      N_("SEED") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options,
      N_("Choose an option of the rules' procedure, e.g. scenario=ambush (repeatable)"),
      N_("ID=CHOICE") },
    { "options", 0, 0, G_OPTION_ARG_NONE, &list,
      N_("List the procedure's options and their choices (* the default) and exit"), NULL },
    { "table", 't', 0, G_OPTION_ARG_STRING, &table,
      N_("The table's width and depth in mm (default: the document's, or 1828.8x1219.2)"),
      N_("WxH") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the document to OUT instead of standard output"), N_("OUT") },
    { NULL }
  };

  context = g_option_context_new (_("FILE"));
  g_option_context_set_summary (context, _("Generate a battlefield as the document's rule "
                                            "system does it: terrain, deployment zones and "
                                            "objectives are replaced, placed units kept, and "
                                            "every roll goes to the umpire notes."));
  g_option_context_set_description (context, _("Exit status: 0 generated, 1 when the rule "
                                               "system has no such procedure, 2 on bad "
                                               "arguments or an unreadable file."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((ret = muster_cli_parse (context, &argc, &argv)) != MUSTER_CLI_EXIT_OK)
    return ret;

  if (argc != 2)
    {
      g_printerr (argc < 2 ? _("muster-cli generate: which file? Try “muster-cli generate "
                               "--help”.\n")
                           : _("muster-cli generate: one file at a time\n"));
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (seed_text == NULL)
    seed = g_random_int_range (1, 1000000);
  else if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      g_printerr (_("muster-cli generate: the seed “%s” is not a whole number\n"), seed_text);
      return MUSTER_CLI_EXIT_USAGE;
    }
  for (guint i = 0; options && options[i]; i++)
    {
      const char *equals = strchr (options[i], '=');

      if (equals == NULL || equals == options[i] || equals[1] == '\0')
        {
          g_printerr (_("muster-cli generate: “%s” is not ID=CHOICE\n"), options[i]);
          return MUSTER_CLI_EXIT_USAGE;
        }
      g_hash_table_replace (choices, g_strndup (options[i], equals - options[i]),
                            g_strdup (equals + 1));
    }
  if (table != NULL)
    {
      char *end = NULL;

      width = g_ascii_strtod (table, &end);
      if (end != NULL && (*end == 'x' || *end == 'X'))
        height = g_ascii_strtod (end + 1, &end);
      if (end == NULL || *end != '\0' || !(width > 0) || !(height > 0))
        {
          g_printerr (_("muster-cli generate: “%s” is not a table size WxH in mm\n"), table);
          return MUSTER_CLI_EXIT_USAGE;
        }
    }

  return run_generate (argv[1], seed, choices, width, height, list, output);
}
