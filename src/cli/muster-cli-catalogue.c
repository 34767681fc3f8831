/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "muster-bs-data.h"
#include "muster-cli.h"

/*
 * muster-cli catalogue DIR [--json]: a folder of BattleScribe data (one game system and its
 * catalogues), loaded and indexed as the engine reads it, listed: the game system and its
 * cost types, the forces one can add, each catalogue with what it imports and the entries it
 * offers at its root. The JSON shape is documented in data/rulesets/README.md; members are
 * only ever added.
 */

typedef struct
{
  const MusterBsNode *node;
  const char         *name;
  const char         *type;
  const char         *target;     /* a link's target id */
} EntryRow;

/* The entries @file offers at its root. A link shows its target's name (unless it has its
 * own) and type; a link to nothing has no type. */
static GArray *
root_entries (const MusterBsData *data,
              const MusterBsNode *file)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (EntryRow));

  for (const MusterBsNode *node = file->first_child; node != NULL; node = node->next)
    {
      gboolean link = node->kind == MUSTER_BS_NODE_ENTRY_LINK;
      const MusterBsNode *target = link ? muster_bs_data_resolve_link (data, node) : NULL;
      const MusterBsNode *entry = link ? target : node;
      EntryRow row = { node, node->name, NULL, link ? node->target_id : NULL };

      if (node->place != MUSTER_BS_IN_ROOT ||
          (!link && node->kind != MUSTER_BS_NODE_SELECTION_ENTRY &&
           node->kind != MUSTER_BS_NODE_SELECTION_ENTRY_GROUP))
        continue;
      if (row.name == NULL && target != NULL)
        row.name = target->name;
      if (entry != NULL)
        row.type = entry->kind == MUSTER_BS_NODE_SELECTION_ENTRY_GROUP ? "group" : entry->type;
      g_array_append_val (rows, row);
    }
  return rows;
}

/* The names of @force's categories (its category links' targets). */
static GStrv
force_categories (const MusterBsData *data,
                  const MusterBsNode *force)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();

  for (const MusterBsNode *link = force->first_child; link != NULL; link = link->next)
    if (link->kind == MUSTER_BS_NODE_CATEGORY_LINK)
      {
        const MusterBsNode *target = muster_bs_data_resolve_link (data, link);

        g_strv_builder_add (names, target && target->name ? target->name
                                   : link->name ? link->name : link->target_id);
      }
  return g_strv_builder_end (names);
}

static const char *
file_name (const MusterBsNode *file)
{
  const char *slash = file->text ? strrchr (file->text, G_DIR_SEPARATOR) : NULL;

  return slash ? slash + 1 : file->text;
}

/* The files whose forces and entries are listed: the game system, then the catalogues. */
static GPtrArray *
data_files (const MusterBsData *data)
{
  GPtrArray *catalogues = muster_bs_data_get_catalogues (data);
  GPtrArray *files = g_ptr_array_new ();

  g_ptr_array_add (files, (gpointer) muster_bs_data_get_game_system (data));
  for (guint i = 0; i < catalogues->len; i++)
    g_ptr_array_add (files, catalogues->pdata[i]);
  return files;
}

/* JSON */

static void
entries_to_json (const MusterBsData *data,
                 const MusterBsNode *file,
                 JsonBuilder        *builder)
{
  g_autoptr(GArray) rows = root_entries (data, file);

  json_builder_set_member_name (builder, "entries");
  json_builder_begin_array (builder);
  for (guint i = 0; i < rows->len; i++)
    {
      const EntryRow *row = &g_array_index (rows, EntryRow, i);

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", row->node->id);
      muster_cli_add_string (builder, "name", row->name);
      muster_cli_add_string (builder, "type", row->type);
      muster_cli_add_string (builder, "target", row->target);
      muster_cli_add_bool (builder, "hidden",
                           muster_bs_node_has_flag (row->node, MUSTER_BS_FLAG_HIDDEN));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
forces_to_json (const MusterBsData *data,
                const MusterBsNode *parent,
                JsonBuilder        *builder)
{
  for (const MusterBsNode *force = parent->first_child; force != NULL; force = force->next)
    {
      if (force->kind != MUSTER_BS_NODE_FORCE_ENTRY)
        continue;
      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", force->id);
      muster_cli_add_string (builder, "name", force->name);
      muster_cli_add_string (builder, "file", file_name (force->file));
      muster_cli_add_bool (builder, "hidden",
                           muster_bs_node_has_flag (force, MUSTER_BS_FLAG_HIDDEN));
      {
        g_auto(GStrv) categories = force_categories (data, force);

        json_builder_set_member_name (builder, "categories");
        json_builder_begin_array (builder);
        for (guint i = 0; categories[i] != NULL; i++)
          json_builder_add_string_value (builder, categories[i]);
        json_builder_end_array (builder);
      }
      json_builder_set_member_name (builder, "forces");
      json_builder_begin_array (builder);
      forces_to_json (data, force, builder);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
}

static JsonNode *
catalogue_to_json (const char         *dir,
                   const MusterBsData *data)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GPtrArray) files = data_files (data);
  const MusterBsNode *gst = files->pdata[0];
  const char * const *problems = muster_bs_data_get_problems (data);

  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "folder", dir);

  json_builder_set_member_name (builder, "game_system");
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "id", gst->id);
  muster_cli_add_string (builder, "name", gst->name);
  muster_cli_add_string (builder, "file", file_name (gst));
  json_builder_set_member_name (builder, "cost_types");
  json_builder_begin_array (builder);
  for (const MusterBsNode *node = gst->first_child; node != NULL; node = node->next)
    if (node->kind == MUSTER_BS_NODE_COST_TYPE)
      {
        json_builder_begin_object (builder);
        muster_cli_add_string (builder, "id", node->id);
        muster_cli_add_string (builder, "name", node->name);
        json_builder_set_member_name (builder, "default_limit");
        if (node->value >= 0)
          json_builder_add_double_value (builder, node->value);
        else
          json_builder_add_null_value (builder);
        json_builder_end_object (builder);
      }
  json_builder_end_array (builder);
  entries_to_json (data, gst, builder);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "forces");
  json_builder_begin_array (builder);
  for (guint i = 0; i < files->len; i++)
    forces_to_json (data, files->pdata[i], builder);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "catalogues");
  json_builder_begin_array (builder);
  for (guint i = 1; i < files->len; i++)
    {
      const MusterBsNode *cat = files->pdata[i];

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", cat->id);
      muster_cli_add_string (builder, "name", cat->name);
      muster_cli_add_string (builder, "file", file_name (cat));
      muster_cli_add_bool (builder, "library",
                           muster_bs_node_has_flag (cat, MUSTER_BS_FLAG_LIBRARY));
      json_builder_set_member_name (builder, "imports");
      json_builder_begin_array (builder);
      for (const MusterBsNode *link = cat->first_child; link != NULL; link = link->next)
        if (link->kind == MUSTER_BS_NODE_CATALOGUE_LINK)
          {
            json_builder_begin_object (builder);
            muster_cli_add_string (builder, "id", link->target_id);
            muster_cli_add_string (builder, "name", link->name);
            muster_cli_add_bool (builder, "root_entries",
                                 muster_bs_node_has_flag (link, MUSTER_BS_FLAG_IMPORT_ROOT));
            json_builder_end_object (builder);
          }
      json_builder_end_array (builder);
      entries_to_json (data, cat, builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "problems");
  json_builder_begin_array (builder);
  for (guint i = 0; problems[i] != NULL; i++)
    json_builder_add_string_value (builder, problems[i]);
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

/* Text */

static void
print_forces (const MusterBsData *data,
              const MusterBsNode *parent,
              guint               depth)
{
  for (const MusterBsNode *force = parent->first_child; force != NULL; force = force->next)
    {
      g_auto(GStrv) categories = NULL;
      g_autofree char *joined = NULL;

      if (force->kind != MUSTER_BS_NODE_FORCE_ENTRY)
        continue;
      categories = force_categories (data, force);
      joined = g_strjoinv (", ", categories);
      g_print ("%*s%s [%s]%s%s%s\n", 2 * depth, "", force->name ? force->name : "", force->id,
               *joined ? ": " : "", joined,
               muster_bs_node_has_flag (force, MUSTER_BS_FLAG_HIDDEN) ? _(" (hidden)") : "");
      print_forces (data, force, depth + 1);
    }
}

static void
print_entries (const MusterBsData *data,
               const MusterBsNode *file)
{
  g_autoptr(GArray) rows = root_entries (data, file);

  for (guint i = 0; i < rows->len; i++)
    {
      const EntryRow *row = &g_array_index (rows, EntryRow, i);

      g_print ("    %s (%s) [%s]%s\n", row->name ? row->name : "", row->type ? row->type : "?",
               row->node->id,
               muster_bs_node_has_flag (row->node, MUSTER_BS_FLAG_HIDDEN) ? _(" (hidden)") : "");
    }
}

static void
print_text (const MusterBsData *data)
{
  g_autoptr(GPtrArray) files = data_files (data);
  const MusterBsNode *gst = files->pdata[0];
  const char * const *problems = muster_bs_data_get_problems (data);
  g_autoptr(GString) costs = g_string_new (NULL);
  guint n_problems = g_strv_length ((char **) problems);

  for (const MusterBsNode *node = gst->first_child; node != NULL; node = node->next)
    if (node->kind == MUSTER_BS_NODE_COST_TYPE)
      g_string_append_printf (costs, "%s%s", costs->len ? ", " : "",
                              node->name ? node->name : node->id);

  /* TRANSLATORS: "Warhammer 40,000 — game system 3a2b-…, Warhammer 40,000.gst" */
  g_print (_("%s — game system %s, %s\n"), gst->name ? gst->name : "", gst->id, file_name (gst));
  g_print (_("Cost types: %s\n"), costs->len ? costs->str : _("none"));
  g_print (_("\nForces:\n"));
  for (guint i = 0; i < files->len; i++)
    print_forces (data, files->pdata[i], 1);
  g_print (_("\nCatalogues:\n"));
  for (guint i = 1; i < files->len; i++)
    {
      const MusterBsNode *cat = files->pdata[i];

      g_print ("  %s [%s] %s%s\n", cat->name ? cat->name : "", cat->id, file_name (cat),
               muster_bs_node_has_flag (cat, MUSTER_BS_FLAG_LIBRARY) ? _(" (library)") : "");
      for (const MusterBsNode *link = cat->first_child; link != NULL; link = link->next)
        if (link->kind == MUSTER_BS_NODE_CATALOGUE_LINK)
          g_print (_("    imports %s [%s]%s\n"), link->name ? link->name : "", link->target_id,
                   muster_bs_node_has_flag (link, MUSTER_BS_FLAG_IMPORT_ROOT)
                   ? _(" with its root entries") : "");
      print_entries (data, cat);
    }
  if (n_problems > 0)
    {
      g_print (g_dngettext (GETTEXT_PACKAGE, "\n%u problem:\n", "\n%u problems:\n", n_problems),
               n_problems);
      for (guint i = 0; i < n_problems; i++)
        g_print ("  %s\n", problems[i]);
    }
}

int
muster_cli_catalogue (int    argc,
                      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(MusterBsData) data = NULL;
  g_autoptr(GError) error = NULL;
  gboolean json = FALSE;
  int ret;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of text"), NULL },
    { NULL }
  };

  context = g_option_context_new (_("DIR"));
  g_option_context_set_summary (context, _("List a folder of BattleScribe data: its game "
                                           "system, the forces it offers, and each catalogue "
                                           "with its imports and root entries."));
  g_option_context_set_description (context, _("DIR holds one game system (.gst or .gstz) and "
                                               "its catalogues (.cat or .catz). Links that lead "
                                               "nowhere or in a circle are listed as problems. "
                                               "Exit status: 0 read, 2 when the folder or a file "
                                               "in it cannot be read."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((ret = muster_cli_parse_path (context, &argc, &argv, "catalogue",
                                    _("which folder?"))) != MUSTER_CLI_EXIT_OK)
    return ret;

  if (!(data = muster_bs_data_load_dir (argv[1], &error)))
    {
      g_printerr ("muster-cli catalogue: %s\n", error->message);
      return MUSTER_CLI_EXIT_USAGE;
    }

  if (json)
    {
      g_autoptr(JsonNode) root = catalogue_to_json (argv[1], data);

      muster_cli_print_json (root);
    }
  else
    print_text (data);
  return MUSTER_CLI_EXIT_OK;
}
