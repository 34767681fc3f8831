/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "muster-engine.h"
#include "muster-cli.h"
#include "muster-list-export.h"

/*
 * muster-cli cost FILE [--json]: every unit's cost (or strength), every node's and force's
 * total against the force's points limit. The JSON shape is documented in
 * data/rulesets/README.md; members are only ever added.
 */

typedef struct
{
  MusterDoc     *doc;
  MusterRuleset *ruleset;
  const char    *file;
} CostRun;

static gboolean
has_limit (const CostRun     *run,
           const MusterForce *force)
{
  return muster_ruleset_get_costing (run->ruleset)->limit &&
         muster_force_get_points_limit (force) > 0;
}

static gboolean
is_over_limit (const CostRun     *run,
               const MusterForce *force)
{
  return has_limit (run, force) &&
         muster_force_get_total (force) > muster_force_get_points_limit (force);
}

/* JSON */

static gboolean
shows_line (const MusterCostLine *line)
{
  return line->amount != 0 || line->house;
}

static void
unit_to_json (const CostRun *run,
              MusterForce   *force,
              MusterUnit    *unit,
              JsonBuilder   *builder)
{
  const MusterUnitType *type = muster_ruleset_get_unit_type (run->ruleset,
                                                             muster_unit_get_type_id (unit));
  MusterNode *node = muster_unit_get_node (unit);
  MusterCost cost = { 0 };

  muster_system_unit_cost (run->ruleset, force, unit, &cost);

  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "id", muster_unit_get_id (unit));
  muster_cli_add_string (builder, "name", muster_unit_get_name (unit));
  muster_cli_add_string (builder, "type", muster_unit_get_type_id (unit));
  muster_cli_add_string (builder, "type_name", type ? type->item.name : NULL);
  muster_cli_add_string (builder, "node", node == muster_force_get_root (force)
                                        ? NULL : muster_node_get_id (node));
  muster_cli_add_int (builder, "size", muster_unit_get_size (unit));
  muster_cli_add_string (builder, "size_unit", type ? type->size_unit : NULL);
  muster_cli_add_int (builder, "cost", cost.value);
  muster_cli_add_bool (builder, "house", cost.house);
  muster_cli_add_string (builder, "error", cost.error);
  json_builder_set_member_name (builder, "alternative");
  if (cost.alternative_label != NULL)
    {
      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "label", cost.alternative_label);
      muster_cli_add_int (builder, "cost", cost.alternative);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "breakdown");
  json_builder_begin_array (builder);
  for (guint i = 0; cost.error == NULL && i < cost.lines->len; i++)
    {
      const MusterCostLine *line = cost.lines->pdata[i];

      if (!shows_line (line))
        continue;
      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "label", line->label);
      muster_cli_add_number (builder, "each", line->each);
      muster_cli_add_number (builder, "quantity", line->quantity);
      muster_cli_add_number (builder, "amount", line->amount);
      muster_cli_add_bool (builder, "house", line->house);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  muster_cost_clear (&cost);
}

static void
tree_to_json (const CostRun *run,
              MusterForce   *force,
              MusterNode    *node,
              JsonBuilder   *nodes,
              JsonBuilder   *units)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    unit_to_json (run, force, muster_node_get_unit (node, i), units);

  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    {
      MusterNode *child = muster_node_get_node (node, i);

      json_builder_begin_object (nodes);
      muster_cli_add_string (nodes, "id", muster_node_get_id (child));
      muster_cli_add_string (nodes, "level", muster_node_get_level (child));
      muster_cli_add_string (nodes, "name", muster_node_get_name (child));
      muster_cli_add_string (nodes, "parent", node == muster_force_get_root (force)
                                            ? NULL : muster_node_get_id (node));
      muster_cli_add_int (nodes, "total", muster_node_get_total (child));
      muster_cli_add_bool (nodes, "house", muster_node_is_house (child));
      json_builder_end_object (nodes);
      tree_to_json (run, force, child, nodes, units);
    }
}

static void
summary_to_json (const CostRun *run,
                 MusterForce   *force,
                 JsonBuilder   *builder)
{
  g_autoptr(GPtrArray) items = muster_system_force_summary (run->ruleset, force);

  json_builder_set_member_name (builder, "summary");
  json_builder_begin_array (builder);
  for (guint i = 0; i < items->len; i++)
    {
      const MusterSummaryItem *item = items->pdata[i];

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", item->id);
      muster_cli_add_string (builder, "label", item->label);
      muster_cli_add_string (builder, "value", item->value);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static JsonNode *
cost_to_json (const CostRun *run)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  const MusterCosting *costing = muster_ruleset_get_costing (run->ruleset);

  json_builder_begin_object (builder);
  muster_cli_add_doc_members (builder, run->file, run->doc, run->ruleset);

  json_builder_set_member_name (builder, "measure");
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "id", costing->id);
  muster_cli_add_string (builder, "name", costing->name);
  muster_cli_add_string (builder, "abbreviation", costing->abbreviation);
  muster_cli_add_bool (builder, "limit", costing->limit);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "forces");
  json_builder_begin_array (builder);
  for (guint i = 0; i < muster_doc_get_n_forces (run->doc); i++)
    {
      MusterForce *force = muster_doc_get_force (run->doc, i);
      g_autoptr(JsonBuilder) nodes = json_builder_new ();
      g_autoptr(JsonBuilder) units = json_builder_new ();

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", muster_force_get_id (force));
      muster_cli_add_string (builder, "name", muster_force_get_name (force));
      muster_cli_add_string (builder, "side", muster_force_get_side (force));
      json_builder_set_member_name (builder, "limit");
      if (has_limit (run, force))
        json_builder_add_int_value (builder, muster_force_get_points_limit (force));
      else
        json_builder_add_null_value (builder);
      muster_cli_add_int (builder, "total", muster_force_get_total (force));
      muster_cli_add_bool (builder, "over_limit", is_over_limit (run, force));
      muster_cli_add_bool (builder, "house", muster_force_is_house (force));

      json_builder_begin_array (nodes);
      json_builder_begin_array (units);
      tree_to_json (run, force, muster_force_get_root (force), nodes, units);
      json_builder_end_array (nodes);
      json_builder_end_array (units);
      json_builder_set_member_name (builder, "nodes");
      json_builder_add_value (builder, json_builder_get_root (nodes));
      json_builder_set_member_name (builder, "units");
      json_builder_add_value (builder, json_builder_get_root (units));
      summary_to_json (run, force, builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

/* Text */

typedef struct
{
  char *indent_id;
  char *name;
  char *type;
  char *size;
  char *cost;
  const char *mark;
} Row;

static void
row_free (gpointer data)
{
  Row *row = data;

  g_free (row->indent_id);
  g_free (row->name);
  g_free (row->type);
  g_free (row->size);
  g_free (row->cost);
  g_free (row);
}

static void
add_row (GPtrArray  *rows,
         guint       depth,
         const char *id,
         const char *name,
         const char *type,
         char       *size,
         char       *cost,
         gboolean    house)
{
  Row *row = g_new0 (Row, 1);

  row->indent_id = g_strdup_printf ("%*s%s", depth * 2, "", id ? id : "");
  row->name = g_strdup (name ? name : "");
  row->type = g_strdup (type ? type : "");
  row->size = size;
  row->cost = cost;
  row->mark = house ? "*" : "";
  g_ptr_array_add (rows, row);
}

static void
collect_rows (const CostRun *run,
              MusterNode    *node,
              guint          depth,
              GPtrArray     *rows,
              GPtrArray     *problems)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      MusterUnit *unit = muster_node_get_unit (node, i);
      const MusterCost *cost = muster_unit_get_cost (unit);
      const MusterUnitType *type = muster_ruleset_get_unit_type (run->ruleset,
                                                                 muster_unit_get_type_id (unit));
      const char *type_name = type ? type->item.name : muster_unit_get_type_id (unit);
      guint size = muster_unit_get_size (unit);

      add_row (rows, depth, muster_unit_get_id (unit),
               muster_unit_get_name (unit) ? muster_unit_get_name (unit) : type_name, type_name,
               muster_format_size (type ? type->size_unit : NULL, size),
               cost->error ? g_strdup ("?")
               : cost->alternative_label
               ? g_strdup_printf ("%" G_GINT64_FORMAT " (%" G_GINT64_FORMAT " with %s)",
                                  cost->value, cost->alternative, cost->alternative_label)
               : g_strdup_printf ("%" G_GINT64_FORMAT, cost->value),
               cost->house);
      if (cost->error != NULL)
        g_ptr_array_add (problems, g_strdup_printf ("%s: %s", muster_unit_get_id (unit),
                                                    cost->error));
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    {
      MusterNode *child = muster_node_get_node (node, i);
      const MusterLevel *level = muster_ruleset_lookup (run->ruleset, MUSTER_ITEM_LEVEL,
                                                        muster_node_get_level (child));

      add_row (rows, depth, muster_node_get_id (child), muster_node_get_name (child),
               level ? level->item.name : muster_node_get_level (child), g_strdup (""),
               g_strdup_printf ("%" G_GINT64_FORMAT, muster_node_get_total (child)),
               muster_node_is_house (child));
      collect_rows (run, child, depth + 1, rows, problems);
    }
}

static guint
text_width (const char *text)
{
  return g_utf8_strlen (text, -1);
}

/* %-*s pads by bytes; pad by characters so that accented names line up. */
static void
print_padded (const char *text,
              guint       width,
              gboolean    right)
{
  guint pad = width - text_width (text);

  if (right)
    g_print ("%*s%s", pad, "", text);
  else
    g_print ("%s%*s", text, pad, "");
}

static void
print_force (const CostRun *run,
             MusterForce   *force,
             gboolean      *any_house)
{
  const MusterCosting *costing = muster_ruleset_get_costing (run->ruleset);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (row_free);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *total = NULL;
  guint widths[5] = { 0, 0, 0, 0, 0 };
  g_autofree char *spent = g_strdup_printf ("%" G_GINT64_FORMAT, muster_force_get_total (force));
  g_autofree char *limit = g_strdup_printf ("%" G_GINT64_FORMAT,
                                            muster_force_get_points_limit (force));

  collect_rows (run, muster_force_get_root (force), 0, rows, problems);
  if (has_limit (run, force))
    /* TRANSLATORS: "998 of 1000 pts" */
    total = g_strdup_printf (_("%s of %s %s"), spent, limit,
                             muster_costing_get_unit (costing, muster_force_get_points_limit (force)));
  else
    total = g_strdup_printf ("%s %s", spent,
                             muster_costing_get_unit (costing, muster_force_get_total (force)));

  g_print ("%s", muster_force_get_name (force) ? muster_force_get_name (force)
                                              : muster_force_get_id (force));
  if (muster_force_get_side (force) != NULL)
    g_print (" (%s)", muster_force_get_side (force));
  g_print (": %s%s%s\n", total, muster_force_is_house (force) ? " *" : "",
           is_over_limit (run, force) ? _(" — over the limit") : "");

  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = rows->pdata[i];
      const char *cells[] = { row->indent_id, row->name, row->type, row->size, row->cost };

      for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
        widths[c] = MAX (widths[c], text_width (cells[c]));
    }
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = rows->pdata[i];
      const char *cells[] = { row->indent_id, row->name, row->type, row->size, row->cost };

      for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
        {
          g_print ("  ");
          print_padded (cells[c], widths[c], c >= 3);
        }
      g_print ("%s%s\n", *row->mark ? " " : "", row->mark);
      *any_house |= *row->mark != '\0';
    }
  for (guint i = 0; i < problems->len; i++)
    g_print (_("  cannot cost %s\n"), (const char *) problems->pdata[i]);

  {
    g_autoptr(GPtrArray) items = muster_system_force_summary (run->ruleset, force);

    for (guint i = 0; i < items->len; i++)
      {
        const MusterSummaryItem *item = items->pdata[i];
        g_print ("  %s: %s\n", item->label, item->value);
      }
  }
}

static int
run_cost (const char *file,
          gboolean    json)
{
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  CostRun run = { NULL, NULL, file };
  gboolean any_house = FALSE;
  int ret = MUSTER_CLI_EXIT_OK;

  if (!(doc = muster_cli_load_doc ("cost", file, _("costing"), &ruleset)))
    return MUSTER_CLI_EXIT_USAGE;
  run.doc = doc;
  run.ruleset = ruleset;

  if (json)
    {
      g_autoptr(JsonNode) root = cost_to_json (&run);

      muster_cli_print_json (root);
    }
  else
    {
      g_print ("%s — %s %s\n", *muster_doc_get_title (doc) ? muster_doc_get_title (doc) : file,
               muster_ruleset_get_name (ruleset), muster_ruleset_get_version (ruleset));
      for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
        {
          g_print ("\n");
          print_force (&run, muster_doc_get_force (doc, i), &any_house);
        }
      if (any_house)
        g_print (_("\n* rests on a house value, not a number from the book\n"));
    }

  for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
    {
      MusterForce *force = muster_doc_get_force (doc, i);

      if (is_over_limit (&run, force) || muster_force_get_n_uncosted (force) > 0)
        ret = MUSTER_CLI_EXIT_FAILURE;
    }
  return ret;
}

static const MusterCliFileCommand cost_command = {
  .name = "cost",
  .summary = N_("Cost every unit of a Muster document, with each force's total against its "
                "points limit."),
  .description = N_("Values resting on a house value (not from the book) are marked *. A "
                    "BattleScribe roster (.ros or .rosz) is costed with the game data of --data "
                    "DIR. Exit status: 0 within the limits, 1 over a limit or with a unit that "
                    "cannot be costed, 2 when the file or its ruleset cannot be read."),
  .json_help = N_("Print JSON instead of a table"),
  .run_roster = muster_cli_cost_roster,
  .run_doc = run_cost,
};

int
muster_cli_cost (int    argc,
                 char **argv)
{
  return muster_cli_run_file_command (&cost_command, argc, argv);
}
