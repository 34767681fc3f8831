/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <inttypes.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "muster-bs-export.h"
#include "muster-bs-roster.h"
#include "muster-cli.h"
#include "muster-engine.h"

/*
 * muster-cli cost|validate ROSTER --data DIR: a BattleScribe roster (.ros, or zipped .rosz)
 * costed and validated against a folder of BattleScribe game data, with the exit codes and
 * the JSON shapes of the commands for Muster documents (data/rulesets/README.md). What
 * BattleScribe has and Muster's documents lack (several cost types, limits on the whole
 * roster, nested forces and selections) comes in added members.
 */

typedef struct
{
  const char     *file;
  MusterBsData   *data;
  MusterBsRoster *roster;
} RosterRun;

static void
roster_run_clear (RosterRun *run)
{
  g_clear_pointer (&run->roster, muster_bs_roster_free);
  g_clear_pointer (&run->data, muster_bs_data_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RosterRun, roster_run_clear)

gboolean
muster_cli_is_roster (const char *file)
{
  return g_str_has_suffix (file, ".ros") || g_str_has_suffix (file, ".rosz");
}

/* Reads the game data of @data_dir and the roster @file; problems on stderr. */
static gboolean
load_roster (const char *command,
             const char *file,
             const char *data_dir,
             RosterRun  *run)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *contents = NULL;
  GStatBuf st;
  gsize length;

  run->file = file;
  if (data_dir == NULL)
    {
      g_printerr (_("muster-cli %s: %s is a BattleScribe roster: say where its game data is "
                    "with --data DIR\n"), command, file);
      return FALSE;
    }
  if (!(run->data = muster_bs_data_load_dir (data_dir, &error)))
    {
      g_printerr ("muster-cli %s: %s\n", command, error->message);
      return FALSE;
    }
  /* Refused before it is read: the loader would refuse it anyway, after reading it all. */
  if (g_stat (file, &st) == 0 && (guint64) st.st_size > MUSTER_BS_MAX_FILE_SIZE)
    {
      g_printerr (_("muster-cli %s: %s: the file is %" PRIu64 " bytes; files over "
                    "%d MiB are not read\n"), command, file, (guint64) st.st_size,
                  MUSTER_BS_MAX_FILE_SIZE / (1024 * 1024));
      return FALSE;
    }
  if (!g_file_get_contents (file, &contents, &length, &error))
    {
      g_printerr ("muster-cli %s: %s\n", command, error->message);
      return FALSE;
    }
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  if (!(run->roster = muster_bs_roster_load (run->data, file, bytes, &error)))
    {
      g_printerr ("muster-cli %s: %s\n", command, error->message);
      return FALSE;
    }
  return TRUE;
}

/* For export: the roster @file read with the data of @data_dir, both the caller's to free
 * (the roster first); problems on stderr. */
gboolean
muster_cli_load_roster (const char      *command,
                        const char      *file,
                        const char      *data_dir,
                        MusterBsData   **data,
                        MusterBsRoster **roster)
{
  g_auto(RosterRun) run = { 0 };

  if (!load_roster (command, file, data_dir, &run))
    return FALSE;
  *roster = g_steal_pointer (&run.roster);
  *data = g_steal_pointer (&run.data);
  return TRUE;
}

static const char *
force_name (const MusterBsForce *force)
{
  const char *custom = muster_bs_force_get_custom_name (force);

  return custom && *custom ? custom : muster_bs_force_get_name (force);
}

/* Every force, nested ones after their parent. */
static void
collect_forces (MusterBsForce *force,
                GPtrArray     *forces)
{
  g_ptr_array_add (forces, force);
  for (guint i = 0; i < muster_bs_force_get_n_forces (force); i++)
    collect_forces (muster_bs_force_get_force (force, i), forces);
}

static GPtrArray *
all_forces (const RosterRun *run)
{
  GPtrArray *forces = g_ptr_array_new ();

  for (guint i = 0; i < muster_bs_roster_get_n_forces (run->roster); i++)
    collect_forces (muster_bs_roster_get_force (run->roster, i), forces);
  return forces;
}

static double
cost_of (GArray     *costs,
         const char *type_id)
{
  for (guint i = 0; costs != NULL && i < costs->len; i++)
    if (g_strcmp0 (g_array_index (costs, MusterBsCost, i).type_id, type_id) == 0)
      return g_array_index (costs, MusterBsCost, i).value;
  return 0;
}

/* The cost limit of @type_id, or -1 when it has none. */
static double
limit_of (const RosterRun *run,
          const char      *type_id)
{
  GArray *limits = muster_bs_roster_get_cost_limits (run->roster);

  for (guint i = 0; i < limits->len; i++)
    if (g_strcmp0 (g_array_index (limits, MusterBsCost, i).type_id, type_id) == 0)
      return g_array_index (limits, MusterBsCost, i).value;
  return -1;
}

/* The cost type a single figure is given in: the first with a limit, else the first. */
static const MusterBsCost *
measure (const RosterRun *run)
{
  GArray *limits = muster_bs_roster_get_cost_limits (run->roster);
  GArray *costs = muster_bs_roster_get_costs (run->roster);

  if (limits->len > 0)
    return &g_array_index (limits, MusterBsCost, 0);
  return costs->len > 0 ? &g_array_index (costs, MusterBsCost, 0) : NULL;
}

static gboolean
any_over_limit (const RosterRun *run)
{
  GArray *costs = muster_bs_roster_get_costs (run->roster);

  for (guint i = 0; i < costs->len; i++)
    {
      const MusterBsCost *cost = &g_array_index (costs, MusterBsCost, i);
      double limit = limit_of (run, cost->type_id);

      if (limit >= 0 && cost->value > limit)
        return TRUE;
    }
  return FALSE;
}

static void
add_game_system (JsonBuilder     *builder,
                 const RosterRun *run)
{
  const MusterBsNode *gst = muster_bs_data_get_game_system (run->data);

  muster_cli_add_string (builder, "file", run->file);
  muster_cli_add_string (builder, "title", muster_bs_roster_get_name (run->roster));
  muster_cli_add_string (builder, "format", "battlescribe");
  json_builder_set_member_name (builder, "ruleset");
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "id", gst->id);
  muster_cli_add_string (builder, "version", NULL);
  muster_cli_add_string (builder, "name", gst->name);
  muster_cli_add_bool (builder, "house", FALSE);
  muster_cli_add_string (builder, "document_version", NULL);
  json_builder_end_object (builder);
}

/* Costs as JSON: every cost type that is not zero ("costs" of a selection or force), or
 * every one with its limit (@run set: the roster's). */
static void
add_costs (JsonBuilder     *builder,
           GArray          *costs,
           const RosterRun *run)
{
  json_builder_set_member_name (builder, "costs");
  json_builder_begin_array (builder);
  for (guint i = 0; costs != NULL && i < costs->len; i++)
    {
      const MusterBsCost *cost = &g_array_index (costs, MusterBsCost, i);
      double limit = run ? limit_of (run, cost->type_id) : -1;

      if (run == NULL && cost->value == 0)
        continue;
      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", cost->type_id);
      muster_cli_add_string (builder, "name", cost->name);
      muster_cli_add_number (builder, "value", cost->value);
      if (run != NULL)
        {
          if (limit >= 0)
            muster_cli_add_number (builder, "limit", limit);
          else
            muster_cli_add_string (builder, "limit", NULL);
          muster_cli_add_bool (builder, "over_limit", limit >= 0 && cost->value > limit);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* Text of @costs: "55 pts, 1 CP", the zero ones left out ("0 pts" when all are). */
static char *
format_costs (GArray             *costs,
              const MusterBsCost *measure_cost)
{
  char *text = muster_bs_format_costs (costs);

  return text ? text : g_strdup_printf ("0 %s", measure_cost ? measure_cost->name : "");
}

/* Cost: JSON */

static void
selections_to_json (const RosterRun    *run,
                    const char         *measure_id,
                    MusterBsSelection  *parent,
                    MusterBsForce      *force,
                    JsonBuilder        *builder)
{
  guint n = parent ? muster_bs_selection_get_n_children (parent)
                   : muster_bs_force_get_n_selections (force);

  for (guint i = 0; i < n; i++)
    {
      MusterBsSelection *sel = parent ? muster_bs_selection_get_child (parent, i)
                                      : muster_bs_force_get_selection (force, i);
      const MusterBsNode *entry = muster_bs_selection_get_entry (sel);

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", muster_bs_selection_get_id (sel));
      muster_cli_add_string (builder, "name", muster_bs_selection_get_name (sel));
      muster_cli_add_string (builder, "type", muster_bs_selection_get_entry_id (sel));
      muster_cli_add_string (builder, "type_name", entry ? entry->name : NULL);
      muster_cli_add_string (builder, "kind", muster_bs_selection_get_type (sel));
      muster_cli_add_string (builder, "node", NULL);
      muster_cli_add_string (builder, "parent",
                             parent ? muster_bs_selection_get_id (parent) : NULL);
      muster_cli_add_int (builder, "size", muster_bs_selection_get_number (sel));
      muster_cli_add_string (builder, "size_unit", NULL);
      muster_cli_add_number (builder, "cost", cost_of (muster_bs_selection_get_costs (sel),
                                                       measure_id));
      muster_cli_add_number (builder, "total",
                             cost_of (muster_bs_selection_get_total_costs (sel), measure_id));
      add_costs (builder, muster_bs_selection_get_costs (sel), NULL);
      muster_cli_add_bool (builder, "house", FALSE);
      muster_cli_add_string (builder, "error", NULL);
      muster_cli_add_string (builder, "alternative", NULL);
      json_builder_set_member_name (builder, "breakdown");
      json_builder_begin_array (builder);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      selections_to_json (run, measure_id, sel, force, builder);
    }
}

static JsonNode *
cost_to_json (const RosterRun *run)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GPtrArray) forces = all_forces (run);
  const MusterBsCost *m = measure (run);
  const char *measure_id = m ? m->type_id : NULL;

  json_builder_begin_object (builder);
  add_game_system (builder, run);

  json_builder_set_member_name (builder, "measure");
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "id", measure_id);
  muster_cli_add_string (builder, "name", m ? m->name : NULL);
  muster_cli_add_string (builder, "abbreviation", m ? m->name : NULL);
  muster_cli_add_bool (builder, "limit", m != NULL && limit_of (run, measure_id) >= 0);
  json_builder_end_object (builder);
  add_costs (builder, muster_bs_roster_get_costs (run->roster), run);
  muster_cli_add_bool (builder, "over_limit", any_over_limit (run));

  json_builder_set_member_name (builder, "forces");
  json_builder_begin_array (builder);
  for (guint i = 0; i < forces->len; i++)
    {
      MusterBsForce *force = forces->pdata[i];
      MusterBsForce *parent = muster_bs_force_get_parent (force);

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", muster_bs_force_get_id (force));
      muster_cli_add_string (builder, "name", force_name (force));
      muster_cli_add_string (builder, "side", NULL);
      muster_cli_add_string (builder, "entry", muster_bs_force_get_entry_id (force));
      muster_cli_add_string (builder, "catalogue", muster_bs_force_get_catalogue_name (force));
      muster_cli_add_string (builder, "parent", parent ? muster_bs_force_get_id (parent) : NULL);
      /* BattleScribe's limits are on the whole roster ("costs" above). */
      json_builder_set_member_name (builder, "limit");
      json_builder_add_null_value (builder);
      muster_cli_add_number (builder, "total", cost_of (muster_bs_force_get_costs (force),
                                                        measure_id));
      add_costs (builder, muster_bs_force_get_costs (force), NULL);
      muster_cli_add_bool (builder, "over_limit", FALSE);
      muster_cli_add_bool (builder, "house", FALSE);
      json_builder_set_member_name (builder, "nodes");
      json_builder_begin_array (builder);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "units");
      json_builder_begin_array (builder);
      selections_to_json (run, measure_id, NULL, force, builder);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "summary");
      json_builder_begin_array (builder);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* Cost: text */

static void
print_selections (MusterBsSelection  *parent,
                  MusterBsForce      *force,
                  guint               depth,
                  const MusterBsCost *m)
{
  guint n = parent ? muster_bs_selection_get_n_children (parent)
                   : muster_bs_force_get_n_selections (force);

  for (guint i = 0; i < n; i++)
    {
      MusterBsSelection *sel = parent ? muster_bs_selection_get_child (parent, i)
                                      : muster_bs_force_get_selection (force, i);
      g_autofree char *costs = format_costs (muster_bs_selection_get_total_costs (sel), m);
      g_autofree char *number = muster_bs_selection_get_number (sel) != 1
                                ? g_strdup_printf ("%d × ", muster_bs_selection_get_number (sel))
                                : g_strdup ("");

      g_print ("%*s%s%s [%s]: %s%s\n", 2 * depth, "", number, muster_bs_selection_get_name (sel),
               muster_bs_selection_get_id (sel), costs,
               muster_bs_selection_get_hidden (sel) ? _(" (hidden)") : "");
      print_selections (sel, force, depth + 1, m);
    }
}

static void
print_cost (const RosterRun *run)
{
  g_autoptr(GPtrArray) forces = all_forces (run);
  g_autoptr(GString) totals = g_string_new (NULL);
  GArray *costs = muster_bs_roster_get_costs (run->roster);
  const MusterBsCost *m = measure (run);

  g_print ("%s — %s\n", *muster_bs_roster_get_name (run->roster)
                        ? muster_bs_roster_get_name (run->roster) : run->file,
           muster_bs_data_get_game_system (run->data)->name);
  for (guint i = 0; i < forces->len; i++)
    {
      MusterBsForce *force = forces->pdata[i];
      g_autofree char *total = format_costs (muster_bs_force_get_costs (force), m);

      g_print ("\n%s (%s): %s\n", force_name (force),
               muster_bs_force_get_catalogue_name (force), total);
      print_selections (NULL, force, 1, m);
    }

  for (guint i = 0; i < costs->len; i++)
    {
      const MusterBsCost *cost = &g_array_index (costs, MusterBsCost, i);
      double limit = limit_of (run, cost->type_id);

      if (cost->value == 0 && limit < 0)
        continue;
      if (totals->len)
        g_string_append (totals, ", ");
      if (limit >= 0)
        /* TRANSLATORS: "135 of 200 pts" */
        g_string_append_printf (totals, _("%g of %g %s"), cost->value, limit, cost->name);
      else
        g_string_append_printf (totals, "%g %s", cost->value, cost->name);
    }
  g_print (_("\nRoster: %s%s\n"), totals->len ? totals->str : "0",
           any_over_limit (run) ? _(" — over the limit") : "");
}

int
muster_cli_cost_roster (const char *file,
                        const char *data_dir,
                        gboolean    json)
{
  g_auto(RosterRun) run = { 0 };

  if (!load_roster ("cost", file, data_dir, &run))
    return MUSTER_CLI_EXIT_USAGE;
  if (json)
    {
      g_autoptr(JsonNode) root = cost_to_json (&run);

      muster_cli_print_json (root);
    }
  else
    print_cost (&run);
  return any_over_limit (&run) ? MUSTER_CLI_EXIT_FAILURE : MUSTER_CLI_EXIT_OK;
}

/* Validate */

/* The outermost force on @path, or NULL for a finding about the whole roster. */
static char *
force_of (const RosterRun *run,
          const char      *path)
{
  g_auto(GStrv) ids = g_strsplit (path ? path : "", "/", 2);

  return ids[0] && muster_bs_roster_find_force (run->roster, ids[0]) ? g_strdup (ids[0]) : NULL;
}

static int
compare_issues (gconstpointer a,
                gconstpointer b)
{
  const MusterIssue *x = *(MusterIssue * const *) a;
  const MusterIssue *y = *(MusterIssue * const *) b;
  int c;

  if (x->severity != y->severity)
    return x->severity < y->severity ? -1 : 1;
  if ((c = g_strcmp0 (x->path, y->path)) != 0)
    return c;
  if ((c = g_strcmp0 (x->constraint, y->constraint)) != 0)
    return c;
  return g_strcmp0 (x->message, y->message);
}

/* The roster's findings as the engine's issues: the constraint's id as the rule, the
 * instance ids as the path, and names as the location. */
static GPtrArray *
roster_issues (const RosterRun *run)
{
  g_autoptr(GPtrArray) findings = muster_bs_roster_get_findings (run->roster);
  GPtrArray *issues = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_issue_free);

  for (guint i = 0; i < findings->len; i++)
    {
      const MusterBsFinding *f = findings->pdata[i];
      g_autofree char *force = force_of (run, f->path);
      MusterIssue *issue = muster_issue_new (f->severity, f->constraint_id, force,
                                             g_strcmp0 (f->owner_type, "selection") == 0
                                             ? f->owner_id : NULL, f->message);

      issue->path = f->path && *f->path ? g_strdup (f->path) : NULL;
      issue->location = muster_bs_roster_location (run->roster, f->path);
      g_ptr_array_add (issues, issue);
    }
  g_ptr_array_sort (issues, compare_issues);
  return issues;
}

static JsonNode *
validate_to_json (const RosterRun *run,
                  GPtrArray       *issues)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GPtrArray) forces = all_forces (run);

  json_builder_begin_object (builder);
  add_game_system (builder, run);
  muster_cli_add_issue_counts (builder, issues);

  json_builder_set_member_name (builder, "forces");
  json_builder_begin_array (builder);
  for (guint i = 0; i < forces->len; i++)
    {
      MusterBsForce *force = forces->pdata[i];

      muster_cli_add_force_verdict (builder, issues, muster_bs_force_get_id (force),
                                    force_name (force));
    }
  json_builder_end_array (builder);
  muster_cli_add_diagnostics (builder, issues);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

int
muster_cli_validate_roster (const char *file,
                            const char *data_dir,
                            gboolean    json)
{
  g_auto(RosterRun) run = { 0 };
  g_autoptr(GPtrArray) issues = NULL;

  if (!load_roster ("validate", file, data_dir, &run))
    return MUSTER_CLI_EXIT_USAGE;
  issues = roster_issues (&run);
  if (json)
    {
      g_autoptr(JsonNode) root = validate_to_json (&run, issues);

      muster_cli_print_json (root);
    }
  else
    {
      g_print ("%s — %s\n\n", *muster_bs_roster_get_name (run.roster)
                              ? muster_bs_roster_get_name (run.roster) : file,
               muster_bs_data_get_game_system (run.data)->name);
      muster_cli_print_issues (issues);
    }
  return muster_cli_count_issues (issues, NULL, MUSTER_SEVERITY_ERROR) == 0
         ? MUSTER_CLI_EXIT_OK : MUSTER_CLI_EXIT_FAILURE;
}
