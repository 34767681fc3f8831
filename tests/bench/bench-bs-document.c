/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A BattleScribe roster edited through the app's model (issue 21: each edit to the screen
 * within one frame, < 16 ms including re-cost and re-validation): a Space Marines force of
 * wh40k-10e built entry by entry through MusterBsDocument with the whole tree listed and the
 * catalogue pane's entries following, each edit timed with everything the model does after
 * it (tree splices, row notifications, findings, the entries a force can take); then undo
 * and redo of each; then the same with the roster placed on a battlefield, whose scenario
 * follows each edit (issue 21). Also the library's scan of the whole set on its worker thread.
 * Prints figures; the data folder comes from MUSTER_BSDATA (skip line without).
 */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <time.h>

#include "muster-bs-document.h"
#include "muster-bs-entries.h"
#include "muster-bs-follow.h"
#include "muster-bs-scenario.h"

#define ARMY_ROSTER "bb9d-299a-ed60-2d8a"   /* wh40k-10e's force entry */
#define WH40K "sys-352e-adc2-7639-d6a9"

static void
done_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  *(gboolean *) user_data = muster_bs_library_scan_finish (MUSTER_BS_LIBRARY (object), result,
                                                           NULL);
}

/* Lists every row of the tree, as an expanded roster view would. */
static guint
expand (GListModel *model)
{
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0, len = n; i < len; i++)
    {
      g_autoptr(MusterBsItem) item = g_list_model_get_item (model, i);

      n += expand (muster_bs_item_get_children (item));
    }
  return n;
}

/* CPU time of this thread in ms: the machine these run on is shared, and wall time there
 * measures the neighbours as much as this. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
print_times (const char *what,
             GArray     *ms)
{
  g_array_sort (ms, compare_doubles);
  if (ms->len == 0)
    return;
  g_print ("%-28s %3u edits: median %.1f ms CPU, 90th percentile %.1f ms, worst %.1f ms\n", what,
           ms->len, g_array_index (ms, double, ms->len / 2),
           g_array_index (ms, double, ms->len * 9 / 10), g_array_index (ms, double, ms->len - 1));
}

/* What an autosave of @document does on the main thread (muster-autosave.c's start_write():
 * the recovery copy's bytes), after each of @steps undos and as many redos in @history. The
 * roster's is issue 21's: well under a frame, 16 ms. */
static void
print_autosave (const char        *what,
                MusterRecoverable *document,
                MusterHistory     *history,
                guint              steps)
{
  g_autoptr(GArray) save_ms = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < 2 * steps; i++)
    {
      g_autoptr(GBytes) bytes = NULL;
      double ms;

      if (i < steps)
        muster_history_undo (history);
      else
        muster_history_redo (history);
      ms = cpu_ms ();
      bytes = muster_recoverable_dup_recovery_bytes (document);
      ms = cpu_ms () - ms;
      g_assert_nonnull (bytes);
      g_array_append_val (save_ms, ms);
    }
  print_times (what, save_ms);
}

int
main (int   argc,
      char *argv[])
{
  const char *bsdata = g_getenv ("MUSTER_BSDATA");
  g_autofree char *folder = NULL;
  g_autoptr(MusterBsLibrary) library = muster_bs_library_new ();
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  g_autoptr(MusterBsEntries) entries = NULL;
  g_autoptr(GArray) select_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) undo_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) redo_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *costs = NULL;
  const char *folders[2] = { NULL, NULL };
  MusterHistory *history;
  MusterBsSystem *system;
  MusterBsForce *force;
  const MusterBsNode *catalogue = NULL;
  gboolean scanned = FALSE;
  gint64 start;
  guint n_entries, n_rows, steps = 0;

  if (bsdata == NULL || *bsdata == '\0')
    {
      g_print ("SKIP: MUSTER_BSDATA is not set\n");
      return 0;
    }
  folder = g_build_filename (bsdata, "wh40k-10e", NULL);
  folders[0] = folder;
  muster_bs_library_set_folders (library, folders);
  start = g_get_monotonic_time ();
  muster_bs_library_scan_async (library, NULL, done_cb, &scanned);
  while (muster_bs_library_get_scanning (library))
    g_main_context_iteration (NULL, TRUE);
  g_print ("library scan of wh40k-10e (worker thread): %.0f ms\n",
           (g_get_monotonic_time () - start) / 1000.0);
  system = muster_bs_library_lookup (library, WH40K);
  if (!scanned || system == NULL)
    g_error ("wh40k-10e did not load from %s", folder);
  for (guint i = 0; i < muster_bs_data_get_catalogues (muster_bs_system_get_data (system))->len; i++)
    {
      const MusterBsNode *c = g_ptr_array_index (muster_bs_data_get_catalogues (muster_bs_system_get_data (system)), i);

      if (g_strcmp0 (c->id, "e0af-67df-9d63-8fb7") == 0)   /* Space Marines */
        catalogue = c;
    }
  g_assert_nonnull (catalogue);

  muster_bs_document_start (document, system, "Bench");
  history = muster_bs_document_get_history (document);
  entries = muster_bs_entries_new (document);
  force = muster_bs_document_add_force (document, NULL, ARMY_ROSTER, catalogue->id, NULL);
  g_assert_nonnull (force);
  {
    double ms = cpu_ms ();

    muster_bs_entries_set_force (entries, force);
    n_entries = g_list_model_get_n_items (G_LIST_MODEL (entries));
    g_print ("catalogue pane: %u entries listed in %.1f ms CPU\n", n_entries, cpu_ms () - ms);
  }

  /* Units and characters in catalogue order, each one edit, until 2,000 points. */
  for (guint i = 0; i < n_entries && steps < 40; i++)
    {
      g_autoptr(MusterBsEntry) entry = g_list_model_get_item (G_LIST_MODEL (entries), i);
      g_autofree char *id = g_strdup (muster_bs_entry_get_id (entry));
      double ms;

      expand (muster_bs_document_get_forces (document));
      ms = cpu_ms ();
      if (muster_bs_document_select (document, force, NULL, id, NULL) == NULL)
        continue;
      ms = cpu_ms () - ms;
      g_array_append_val (select_ms, ms);
      steps++;
      /* The entries list was rebuilt: its rows are new ones. */
      n_entries = g_list_model_get_n_items (G_LIST_MODEL (entries));
    }
  n_rows = expand (muster_bs_document_get_forces (document));
  costs = muster_bs_document_dup_costs_text (document);
  g_print ("roster: %s, %u rows in the tree, %u findings\n", costs, n_rows,
           g_list_model_get_n_items (muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document))));
  print_times ("select (model and pane)", select_ms);
  for (guint i = 0; i < steps; i++)
    {
      double ms = cpu_ms ();

      muster_history_undo (history);
      ms = cpu_ms () - ms;
      g_array_append_val (undo_ms, ms);
    }
  for (guint i = 0; i < steps; i++)
    {
      double ms = cpu_ms ();

      muster_history_redo (history);
      ms = cpu_ms () - ms;
      g_array_append_val (redo_ms, ms);
    }
  print_times ("undo", undo_ms);
  print_times ("redo", redo_ms);
  print_autosave ("autosave, main-thread part", MUSTER_RECOVERABLE (document), history, steps);

  /* Placed on the battlefield, the scenario following every edit */
  {
    g_autoptr(MusterDocument) scenario = muster_document_new ();
    g_autoptr(GArray) level_ms = g_array_new (FALSE, FALSE, sizeof (double));
    MusterBsRoster *roster = muster_bs_document_get_roster (document);

    if (!muster_bs_scenario_start (scenario, roster, "Bench", 32, 32, NULL, NULL))
      g_error ("the roster did not place");
    muster_bs_scenario_follow (scenario, document, 32, 32);
    for (guint i = 0; i < 20; i++)
      {
        double ms = cpu_ms ();

        g_assert_null (muster_bs_follow_command_new (scenario, roster, 32, 32, NULL, NULL));
        ms = cpu_ms () - ms;
        g_array_append_val (level_ms, ms);
      }
    print_times ("follow, nothing to change", level_ms);
    g_array_set_size (undo_ms, 0);
    g_array_set_size (redo_ms, 0);
    for (guint i = 0; i < steps; i++)
      {
        double ms = cpu_ms ();

        muster_history_undo (history);
        ms = cpu_ms () - ms;
        g_array_append_val (undo_ms, ms);
      }
    for (guint i = 0; i < steps; i++)
      {
        double ms = cpu_ms ();

        muster_history_redo (history);
        ms = cpu_ms () - ms;
        g_array_append_val (redo_ms, ms);
      }
    print_times ("undo, scenario following", undo_ms);
    print_times ("redo, scenario following", redo_ms);
    print_autosave ("battlefield's autosave, ditto", MUSTER_RECOVERABLE (scenario), history, steps);
    g_print ("scenario: %u units, total %" G_GINT64_FORMAT "\n",
             muster_node_get_n_units (muster_force_get_root (muster_document_get_force (scenario))),
             muster_force_get_total (muster_document_get_force (scenario)));
  }
  return 0;
}
