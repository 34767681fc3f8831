/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "muster-catalog.h"
#include "muster-cli.h"

/* The rulesets one can play with into @usable; why the others cannot be (files that do not
 * read, house rules whose base is missing or that extend themselves round a loop) into
 * @problems, as messages. */
static void
sort_rulesets (MusterCatalog *catalog,
               GPtrArray     *usable,
               GPtrArray     *problems)
{
  const GPtrArray *unread = muster_catalog_get_problems (catalog);

  for (guint i = 0; i < unread->len; i++)
    g_ptr_array_add (problems, g_strdup (((GError *) unread->pdata[i])->message));
  for (guint i = 0; i < muster_catalog_get_n_rulesets (catalog); i++)
    {
      MusterRuleset *ruleset = muster_catalog_get_ruleset (catalog, i);
      g_autoptr(MusterRuleset) resolved = NULL;
      g_autoptr(GError) error = NULL;

      if (muster_ruleset_get_extends (ruleset) != NULL &&
          !(resolved = muster_catalog_resolve (catalog, muster_ruleset_get_id (ruleset), &error)))
        g_ptr_array_add (problems, g_strdup (error->message));
      else
        g_ptr_array_add (usable, ruleset);
    }
}

static JsonNode *
rulesets_to_json (const GPtrArray *rulesets,
                  const GPtrArray *problems)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "rulesets");
  json_builder_begin_array (builder);
  for (guint i = 0; i < rulesets->len; i++)
    {
      MusterRuleset *ruleset = rulesets->pdata[i];

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", muster_ruleset_get_id (ruleset));
      muster_cli_add_string (builder, "name", muster_ruleset_get_name (ruleset));
      muster_cli_add_string (builder, "version", muster_ruleset_get_version (ruleset));
      muster_cli_add_string (builder, "book", muster_ruleset_get_book (ruleset));
      muster_cli_add_bool (builder, "house", muster_ruleset_is_house (ruleset));
      json_builder_set_member_name (builder, "extends");
      if (muster_ruleset_get_extends (ruleset))
        json_builder_add_string_value (builder, muster_ruleset_get_extends (ruleset));
      else
        json_builder_add_null_value (builder);
      muster_cli_add_string (builder, "path", muster_ruleset_get_path (ruleset));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "problems");
  json_builder_begin_array (builder);
  for (guint i = 0; i < problems->len; i++)
    json_builder_add_string_value (builder, problems->pdata[i]);
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static void
print_table (const GPtrArray *rulesets)
{
  guint id_width = 2, name_width = 4, version_width = 7;

  for (guint i = 0; i < rulesets->len; i++)
    {
      MusterRuleset *ruleset = rulesets->pdata[i];

      id_width = MAX (id_width, g_utf8_strlen (muster_ruleset_get_id (ruleset), -1));
      name_width = MAX (name_width, g_utf8_strlen (muster_ruleset_get_name (ruleset), -1));
      version_width = MAX (version_width, g_utf8_strlen (muster_ruleset_get_version (ruleset), -1));
    }

  g_print ("%-*s  %-*s  %-*s  %s\n", id_width, _("ID"), name_width, _("NAME"),
           version_width, _("VERSION"), _("BOOK"));
  for (guint i = 0; i < rulesets->len; i++)
    {
      MusterRuleset *ruleset = rulesets->pdata[i];
      const char *name = muster_ruleset_get_name (ruleset);
      const char *version = muster_ruleset_get_version (ruleset);
      g_autofree char *book = NULL;

      if (muster_ruleset_get_extends (ruleset))
        book = g_strdup_printf (_("house rules on %s"), muster_ruleset_get_extends (ruleset));
      else
        book = g_strdup (muster_ruleset_get_book (ruleset));

      /* %-*s pads by bytes; pad by characters so that accented names line up. */
      g_print ("%-*s  %s%*s  %s%*s  %s\n", id_width, muster_ruleset_get_id (ruleset),
               name, (int) (name_width - g_utf8_strlen (name, -1)), "",
               version, (int) (version_width - g_utf8_strlen (version, -1)), "",
               book);
    }
}

int
muster_cli_rulesets (int    argc,
                     char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(MusterCatalog) catalog = NULL;
  g_auto(GStrv) dirs = NULL;
  g_autofree char *description = NULL;
  g_autoptr(GPtrArray) usable = g_ptr_array_new ();
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  gboolean json = FALSE;
  int ret;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of a table"), NULL },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, _("List the installed rulesets: id, name, version and "
                                           "source book."));
  dirs = muster_catalog_default_dirs ();
  {
    g_autofree char *joined = g_strjoinv ("\n  ", dirs);
    description = g_strdup_printf (_("Rulesets are read from, in order:\n  %s"), joined);
  }
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((ret = muster_cli_parse (context, &argc, &argv)) != MUSTER_CLI_EXIT_OK)
    return ret;

  if (argc > 1)
    {
      g_printerr (_("muster-cli rulesets: unexpected argument “%s”\n"), argv[1]);
      return MUSTER_CLI_EXIT_USAGE;
    }

  catalog = muster_catalog_new_default ();
  sort_rulesets (catalog, usable, problems);

  if (json)
    {
      g_autoptr(JsonNode) root = rulesets_to_json (usable, problems);
      muster_cli_print_json (root);
    }
  else
    {
      print_table (usable);
    }

  /* A broken house-rule file is reported, not listed, but does not hide the others. */
  for (guint i = 0; i < problems->len; i++)
    g_printerr (_("muster-cli: skipped %s\n"), (const char *) problems->pdata[i]);

  return MUSTER_CLI_EXIT_OK;
}
