/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "muster-autosave.h"
#include "muster-bs-document.h"
#include "muster-bs-entries.h"
#include "muster-diagnostics.h"
#include "muster-recovery.h"

#define FIXTURE MUSTER_TEST_MODEL_DATA "/bs-fixture"

static void
done_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static GAsyncResult *
wait_for (GAsyncResult **result)
{
  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *result;
}

static MusterBsLibrary *
library_of (const char *folder)
{
  MusterBsLibrary *library = muster_bs_library_new ();
  const char *folders[] = { folder, NULL };
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  muster_bs_library_set_folders (library, folders);
  muster_bs_library_scan_async (library, NULL, done_cb, &result);
  g_assert_true (muster_bs_library_scan_finish (library, wait_for (&result), &error));
  g_assert_no_error (error);
  return library;
}

static MusterBsLibrary *
fixture_library (void)
{
  return library_of (FIXTURE);
}

static void
save_sync (MusterBsDocument *document,
           GFile            *file)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  muster_bs_document_save_async (document, file, NULL, done_cb, &result);
  g_assert_true (muster_bs_document_save_finish (document, wait_for (&result), &error));
  g_assert_no_error (error);
}

static gboolean
load_sync (MusterBsDocument  *document,
           MusterBsLibrary   *library,
           GFile             *file,
           GError           **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  muster_bs_document_load_async (document, library, file, NULL, done_cb, &result);
  return muster_bs_document_load_finish (document, wait_for (&result), error);
}

static MusterBsItem *
child_named (GListModel *model,
             const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterBsItem) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (muster_bs_item_get_name (item), name) == 0)
        return item;   /* the model keeps it */
    }
  return NULL;
}

static void
count_cb (gpointer  object,
          guint    *count)
{
  (*count)++;
}

/* A new roster built, costed and judged after each edit; its tree and findings follow. */
static void
test_document_build (void)
{
  g_autoptr(MusterBsLibrary) library = fixture_library ();
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *costs = NULL;
  MusterBsSystem *system = muster_bs_library_lookup (library, "sk-gs");
  MusterHistory *history = muster_bs_document_get_history (document);
  MusterBsForce *force;
  MusterBsSelection *captain, *squad;
  MusterBsItem *force_item, *captain_item, *squad_item;
  GListModel *diagnostics = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));
  guint changed = 0, item_changed = 0;

  muster_bs_document_start (document, system, "Patrol list");
  g_assert_false (muster_bs_document_get_read_only (document));
  g_assert_null (muster_bs_document_dup_missing (document));
  g_signal_connect (document, "changed", G_CALLBACK (count_cb), &changed);

  /* Forces: a force of the catalogue; its HQ minimum fails at once. */
  force = muster_bs_document_add_force (document, NULL, "fe-patrol", "sk-rangers", &error);
  g_assert_no_error (error);
  g_assert_nonnull (force);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_document_get_forces (document)), ==, 1);
  force_item = g_list_model_get_item (muster_bs_document_get_forces (document), 0);
  g_object_unref (force_item);
  g_assert_true (muster_bs_item_get_force (force_item) == force);
  g_assert_cmpstr (muster_bs_item_get_name (force_item), ==, "Patrol");
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 1);
  g_assert_false (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (document)));
  costs = muster_bs_document_dup_costs_text (document);
  g_assert_cmpstr (costs, ==, "0 / 100 pts");
  g_clear_pointer (&costs, g_free);

  captain = muster_bs_document_select (document, force, NULL, "se-captain", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 0);
  costs = muster_bs_document_dup_costs_text (document);
  g_assert_cmpstr (costs, ==, "30 / 100 pts · 1 CP");
  g_clear_pointer (&costs, g_free);

  /* The force's row lists the captain; the squad comes with its two required rangers and
   * its default weapon. */
  captain_item = child_named (muster_bs_item_get_children (force_item), "Captain");
  g_assert_nonnull (captain_item);
  g_assert_true (muster_bs_item_get_selection (captain_item) == captain);
  g_signal_connect (captain_item, "changed", G_CALLBACK (count_cb), &item_changed);
  squad = muster_bs_document_select (document, force, NULL, "se-squad", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (item_changed, ==, 1);
  squad_item = child_named (muster_bs_item_get_children (force_item), "Ranger Squad");
  g_assert_nonnull (squad_item);
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_item_get_children (squad_item)), ==, 2);
  g_assert_cmpint (muster_bs_item_get_number (child_named (muster_bs_item_get_children (squad_item),
                                                           "Ranger")), ==, 2);
  costs = muster_bs_document_dup_costs_text (document);
  g_assert_cmpstr (costs, ==, "70 / 100 pts · 1 CP");
  g_clear_pointer (&costs, g_free);

  /* Six rangers break their maximum and the points limit; undo mends both. */
  muster_bs_document_set_count (document,
                                muster_bs_item_get_selection (child_named (muster_bs_item_get_children (squad_item), "Ranger")),
                                6);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 2);
  g_assert_true (muster_history_undo (history));
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 0);

  /* Removing the squad and undoing brings back the very selection, in the same row. */
  muster_bs_document_remove (document, squad);
  g_assert_false (muster_bs_item_is_alive (squad_item));
  g_assert_null (child_named (muster_bs_item_get_children (force_item), "Ranger Squad"));
  g_assert_true (muster_history_undo (history));
  g_assert_true (muster_bs_item_is_alive (squad_item));
  g_assert_true (muster_bs_item_get_selection (squad_item) == squad);
  g_assert_true (child_named (muster_bs_item_get_children (force_item), "Ranger Squad") == squad_item);

  /* Undo everything, then redo it: the same costs and findings each way. */
  while (muster_history_undo (history))
    ;
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_document_get_forces (document)), ==, 0);
  g_assert_false (muster_bs_document_get_modified (document));
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 0);
  while (muster_history_redo (history))
    ;
  g_assert_true (muster_bs_document_get_modified (document));
  /* The removal, undone, was the last step: redone, it went again. */
  g_assert_false (muster_bs_item_is_alive (squad_item));
  costs = muster_bs_document_dup_costs_text (document);
  g_assert_cmpstr (costs, ==, "30 / 100 pts · 1 CP");
  g_clear_pointer (&costs, g_free);
  g_assert_true (muster_history_undo (history));
  costs = muster_bs_document_dup_costs_text (document);
  g_assert_cmpstr (costs, ==, "70 / 100 pts · 1 CP");
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 0);
  g_assert_true (muster_bs_document_find_item (document, muster_bs_selection_get_id (squad)) == squad_item);

  /* A name typed in several steps is one undo step; a cost limit is one too. */
  muster_bs_document_set_name (document, NULL, squad, "A");
  muster_bs_document_set_name (document, NULL, squad, "Al");
  g_assert_cmpstr (muster_bs_item_get_name (squad_item), ==, "Al");
  g_assert_true (muster_history_undo (history));
  g_assert_cmpstr (muster_bs_item_get_name (squad_item), ==, "Ranger Squad");
  muster_bs_document_set_cost_limit (document, "pts", 50);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 1);
  g_assert_true (muster_history_undo (history));
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 0);
}

/* New List: the limits (of every cost type) and the first force from the start, not steps
 * to undo. */
static void
test_document_start_with_force (void)
{
  g_autoptr(MusterBsLibrary) library = fixture_library ();
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  MusterBsSystem *system = muster_bs_library_lookup (library, "sk-gs");
  g_autoptr(GArray) limits = g_array_new (FALSE, FALSE, sizeof (MusterBsCost));
  MusterBsCost points = { "pts", "pts", 250 }, command = { "cp", "CP", 2 };
  g_autoptr(GError) error = NULL;
  g_autofree char *costs = NULL;

  g_array_append_val (limits, points);
  g_array_append_val (limits, command);
  g_assert_true (muster_bs_document_start_with_force (document, system, "New", "fe-patrol",
                                                      "sk-rangers", limits, &error));
  g_assert_no_error (error);
  costs = muster_bs_document_dup_costs_text (document);
  g_assert_cmpstr (costs, ==, "0 / 250 pts · 0 / 2 CP");
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_document_get_forces (document)), ==, 1);
  g_assert_false (muster_history_get_can_undo (muster_bs_document_get_history (document)));
  g_assert_false (muster_bs_document_get_modified (document));
  /* A force entry the data lacks: an error, and an empty roster. */
  g_assert_false (muster_bs_document_start_with_force (document, system, "New", "no-such-force",
                                                       NULL, NULL, &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_document_get_forces (document)), ==, 0);
}

static char *
joined_ids (GPtrArray *entries)
{
  GString *ids = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    g_string_append_printf (ids, "%s%s", i ? " " : "",
                            ((const MusterBsNode *) g_ptr_array_index (entries, i))->id);
  return g_string_free (ids, FALSE);
}

/* New List offers the game system's force entries and those the chosen catalogue declares
 * itself (its hidden ones left out); a force of the catalogue's own entry is judged by that
 * entry's constraints. */
static void
test_document_catalogue_forces (void)
{
  g_autoptr(MusterBsLibrary) library = fixture_library ();
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  MusterBsSystem *system = muster_bs_library_lookup (library, "sk-gs");
  g_autoptr(GPtrArray) plain = muster_bs_system_dup_force_entries (system, NULL);
  g_autoptr(GPtrArray) rangers = muster_bs_system_dup_force_entries (system, "sk-rangers");
  g_autoptr(GPtrArray) unknown = muster_bs_system_dup_force_entries (system, "no-such-catalogue");
  g_autofree char *plain_ids = joined_ids (plain);
  g_autofree char *rangers_ids = joined_ids (rangers);
  g_autofree char *unknown_ids = joined_ids (unknown);
  g_autoptr(MusterBsItem) force_item = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (plain_ids, ==, "fe-patrol");
  g_assert_cmpstr (rangers_ids, ==, "fe-patrol fe-warband");
  g_assert_cmpstr (unknown_ids, ==, "fe-patrol");

  g_assert_true (muster_bs_document_start_with_force (document, system, "Warband", "fe-warband",
                                                      "sk-rangers", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_document_get_forces (document)), ==, 1);
  force_item = g_list_model_get_item (muster_bs_document_get_forces (document), 0);
  g_assert_cmpstr (muster_bs_item_get_name (force_item), ==, "Ranger Warband");
  /* Its own minimum (a troops choice), not the patrol's (an HQ choice). */
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 1);
  g_assert_nonnull (muster_bs_document_select (document, muster_bs_item_get_force (force_item),
                                               NULL, "se-captain", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 1);
  g_assert_nonnull (muster_bs_document_select (document, muster_bs_item_get_force (force_item),
                                               NULL, "se-squad", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 0);
  g_assert_true (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (document)));
}

/* What a force can take, by category, searched. */
static void
test_document_entries (void)
{
  g_autoptr(MusterBsLibrary) library = fixture_library ();
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  g_autoptr(MusterBsEntries) entries = muster_bs_entries_new (document);
  g_autoptr(MusterBsEntry) first = NULL;
  g_auto(GStrv) categories = NULL;
  const char *expected[] = { "HQ", "Troops", NULL };
  MusterBsForce *force;

  muster_bs_document_start (document, muster_bs_library_lookup (library, "sk-gs"), "List");
  force = muster_bs_document_add_force (document, NULL, "fe-patrol", "sk-rangers", NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (entries)), ==, 0);
  muster_bs_entries_set_force (entries, force);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (entries)), ==, 2);
  first = g_list_model_get_item (G_LIST_MODEL (entries), 0);
  g_assert_cmpstr (muster_bs_entry_get_name (first), ==, "Captain");
  g_assert_cmpstr (muster_bs_entry_get_category (first), ==, "HQ");
  g_assert_cmpstr (muster_bs_entry_get_costs_text (first), ==, "30 pts, 1 CP");
  g_assert_nonnull (muster_bs_document_select (document, force, NULL,
                                               muster_bs_entry_get_id (first), NULL));
  categories = muster_bs_entries_dup_categories (entries);
  g_assert_cmpstrv (categories, expected);

  muster_bs_entries_set_search (entries, "SQUAD");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (entries)), ==, 1);
  muster_bs_entries_set_search (entries, "troops");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (entries)), ==, 1);
  muster_bs_entries_set_search (entries, NULL);
  muster_bs_entries_set_category (entries, "HQ");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (entries)), ==, 1);
  muster_bs_entries_set_category (entries, NULL);

  /* The force undone away: nothing is offered, and nothing dangles. */
  while (muster_history_undo (muster_bs_document_get_history (document)))
    ;
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (entries)), ==, 0);
}

static void
count_changes_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  guint      *removals)
{
  *removals += removed;
}

/* An edit that leaves what the force can take as it was tells the catalogue pane nothing: its
 * rows stay bound to the same entries (issue 21: an edit must not rebuild the window's lists).
 * A search takes away only the rows it hides. */
static void
test_document_entries_kept (void)
{
  g_autoptr(MusterBsLibrary) library = fixture_library ();
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  g_autoptr(MusterBsEntries) entries = muster_bs_entries_new (document);
  g_autoptr(MusterBsEntry) first = NULL;
  g_autoptr(MusterBsEntry) again = NULL;
  g_autoptr(MusterBsItem) force_item = NULL;
  g_autoptr(MusterBsItem) row = NULL;
  g_autoptr(MusterBsItem) row_again = NULL;
  GListModel *rows;
  MusterBsSelection *squad;
  MusterBsForce *force;
  guint removals = 0, row_removals = 0;

  muster_bs_document_start (document, muster_bs_library_lookup (library, "sk-gs"), "List");
  force = muster_bs_document_add_force (document, NULL, "fe-patrol", "sk-rangers", NULL);
  muster_bs_entries_set_force (entries, force);
  squad = muster_bs_document_select (document, force, NULL, "se-squad", NULL);
  g_assert_nonnull (squad);
  first = g_list_model_get_item (G_LIST_MODEL (entries), 0);
  force_item = g_list_model_get_item (muster_bs_document_get_forces (document), 0);
  rows = muster_bs_item_get_children (force_item);
  row = g_list_model_get_item (rows, 0);
  g_signal_connect (entries, "items-changed", G_CALLBACK (count_changes_cb), &removals);
  g_signal_connect (rows, "items-changed", G_CALLBACK (count_changes_cb), &row_removals);

  muster_bs_document_set_count (document, squad, 2);
  muster_bs_document_set_name (document, NULL, squad, "Blue");
  /* The page asks again after every edit: the same force is no rebuild either. */
  muster_bs_entries_set_force (entries, force);
  g_assert_cmpuint (removals, ==, 0);
  g_assert_cmpuint (row_removals, ==, 0);
  again = g_list_model_get_item (G_LIST_MODEL (entries), 0);
  g_assert_true (again == first);
  row_again = g_list_model_get_item (rows, 0);
  g_assert_true (row_again == row);
  g_assert_cmpint (muster_bs_item_get_number (row_again), ==, 2);

  muster_bs_entries_set_search (entries, "SQUAD");
  g_assert_cmpuint (removals, ==, 1);
  g_clear_object (&again);
  again = g_list_model_get_item (G_LIST_MODEL (entries), 0);
  g_assert_cmpstr (muster_bs_entry_get_name (again), ==, "Ranger Squad");
}

/* The entries @entries shows, a line each: name, category and costs */
static char *
entries_text (GListModel *entries)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(MusterBsEntry) entry = g_list_model_get_item (entries, i);

      g_string_append_printf (text, "%s|%s|%s\n", muster_bs_entry_get_name (entry),
                              muster_bs_entry_get_category (entry),
                              muster_bs_entry_get_costs_text (entry));
    }
  return g_string_free (text, FALSE);
}

/* @entries, kept through the edits, against a list made afresh: returns what both show */
static char *
check_entries (MusterBsEntries  *entries,
               MusterBsDocument *document,
               MusterBsForce    *force)
{
  g_autoptr(MusterBsEntries) fresh = muster_bs_entries_new (document);
  g_autofree char *fresh_text = NULL;
  char *kept_text = entries_text (G_LIST_MODEL (entries));

  muster_bs_entries_set_force (fresh, force);
  fresh_text = entries_text (G_LIST_MODEL (fresh));
  g_assert_cmpstr (kept_text, ==, fresh_text);
  return kept_text;
}

/* What the catalogue pane offers is read again only when an edit changed it (issue 21: it was
 * made again after every edit), and then it is what a list made afresh offers. The fixture is
 * tests/data/battlescribe/hidden: the Ancient Banner is hidden while the roster has a Standard
 * Bearer. */
static void
test_document_entries_follow (void)
{
  g_autoptr(MusterBsLibrary) library = library_of (MUSTER_TEST_DATA "/battlescribe/hidden");
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  g_autoptr(MusterBsEntries) entries = muster_bs_entries_new (document);
  g_autoptr(GError) error = NULL;
  MusterBsSelection *bearer;
  MusterBsForce *force;
  guint removals = 0;
  char *text;

  muster_bs_document_start (document, muster_bs_library_lookup (library, "mh-gs"), "Follow");
  force = muster_bs_document_add_force (document, NULL, "mh-patrol", "mh-cat", &error);
  g_assert_no_error (error);
  muster_bs_entries_set_force (entries, force);
  text = check_entries (entries, document, force);
  g_assert_nonnull (strstr (text, "Ancient Banner|Troops|30 pts\n"));
  g_free (text);
  g_signal_connect (entries, "items-changed", G_CALLBACK (count_changes_cb), &removals);

  /* A Sergeant changes nothing offered: the pane is told nothing. */
  g_assert_nonnull (muster_bs_document_select (document, force, NULL, "mh-sergeant", &error));
  g_free (check_entries (entries, document, force));
  g_assert_cmpuint (removals, ==, 0);

  /* The bearer hides the banner... */
  bearer = muster_bs_document_select (document, force, NULL, "mh-bearer", &error);
  g_assert_nonnull (bearer);
  text = check_entries (entries, document, force);
  g_assert_null (strstr (text, "Ancient Banner"));
  g_assert_cmpuint (removals, ==, 1);
  g_free (text);

  /* ...and it is back with him gone, and gone again with him back. */
  muster_bs_document_remove (document, bearer);
  text = check_entries (entries, document, force);
  g_assert_nonnull (strstr (text, "Ancient Banner"));
  g_free (text);
  muster_history_undo (muster_bs_document_get_history (document));
  text = check_entries (entries, document, force);
  g_assert_null (strstr (text, "Ancient Banner"));
  g_free (text);
  g_assert_no_error (error);
}

/* Saved, reloaded and saved again: the same bytes, for a .ros and a .rosz alike (the zip
 * entry carries a fixed time); saved from the .rosz, a .ros is the same again. */
static void
test_document_round_trip (void)
{
  g_autoptr(MusterBsLibrary) library = fixture_library ();
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  g_autofree char *dir = g_dir_make_tmp ("muster-bs-XXXXXX", NULL);
  const char *names[] = { "list.ros", "list.rosz" };
  g_autofree char *first = NULL;
  gsize first_length = 0;
  MusterBsForce *force;

  muster_bs_document_start (document, muster_bs_library_lookup (library, "sk-gs"), "Round");
  force = muster_bs_document_add_force (document, NULL, "fe-patrol", "sk-rangers", NULL);
  muster_bs_document_select (document, force, NULL, "se-squad", NULL);
  muster_bs_document_select (document, force, NULL, "se-captain", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *again = g_build_filename (dir, "again.ros", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GFile) file2 = g_file_new_for_path (again);
      g_autoptr(MusterBsDocument) back = muster_bs_document_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *a = NULL, *b = NULL, *costs = NULL;
      gsize la, lb;

      save_sync (document, file);
      g_assert_false (muster_bs_document_get_modified (document));
      g_assert_true (load_sync (back, library, file, &error));
      g_assert_no_error (error);
      g_assert_false (muster_bs_document_get_read_only (back));
      costs = muster_bs_document_dup_costs_text (back);
      g_assert_cmpstr (costs, ==, "70 / 100 pts · 1 CP");
      save_sync (back, file2);
      g_assert_true (g_file_get_contents (path, &a, &la, NULL));
      g_assert_true (g_file_get_contents (again, &b, &lb, NULL));
      if (i == 0)
        {
          g_assert_cmpmem (a, la, b, lb);
          first = g_steal_pointer (&b);
          first_length = lb;
        }
      else
        {
          g_autofree char *again_zip = g_build_filename (dir, "again.rosz", NULL);
          g_autoptr(GFile) file3 = g_file_new_for_path (again_zip);
          g_autofree char *c = NULL;
          gsize lc;

          g_assert_true (a[0] == 'P' && a[1] == 'K');
          g_assert_cmpmem (first, first_length, b, lb);
          save_sync (back, file3);
          g_assert_true (g_file_get_contents (again_zip, &c, &lc, NULL));
          g_assert_cmpmem (a, la, c, lc);
          g_unlink (again_zip);
        }
      g_unlink (path);
      g_unlink (again);
    }
  g_rmdir (dir);
}

/* A roster of data the library lacks opens read-only, naming what it needs. */
static void
test_document_missing (void)
{
  g_autoptr(MusterBsLibrary) library = fixture_library ();
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  g_autoptr(GFile) file = g_file_new_for_path (FIXTURE "/needs-other.ros");
  g_autoptr(GFile) out = g_file_new_for_path ("/tmp/muster-never-written.ros");
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *title = NULL;

  g_assert_true (load_sync (document, library, file, &error));
  g_assert_no_error (error);
  g_assert_true (muster_bs_document_get_read_only (document));
  missing = muster_bs_document_dup_missing (document);
  g_assert_cmpstr (missing, ==, "Absent Game, revision 7");
  title = muster_bs_document_dup_title (document);
  g_assert_cmpstr (title, ==, "Elsewhere");
  g_assert_null (muster_bs_document_add_force (document, NULL, "fe", NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY);
  g_clear_error (&error);
  muster_bs_document_save_async (document, out, NULL, done_cb, &result);
  g_assert_false (muster_bs_document_save_finish (document, wait_for (&result), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_false (g_file_test ("/tmp/muster-never-written.ros", G_FILE_TEST_EXISTS));

  /* Game data is not a roster. */
  g_clear_object (&file);
  file = g_file_new_for_path (FIXTURE "/game/Rangers.cat");
  g_assert_false (load_sync (document, library, file, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
  g_assert_nonnull (strstr (error->message, "Rangers.cat"));
}

/* Recovery (as .muster lists have it, through the same MusterAutosave) */

static void
written_cb (MusterAutosave *autosave,
            guint          *written)
{
  (*written)++;
}

static void
spin_until_written (guint *written,
                    guint  count)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (*written < count)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

/* Runs the loop past a write planned now (@ms) and until a running one has ended. */
static void
settle (MusterAutosave *autosave,
        guint           ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  while (muster_autosave_is_writing (autosave))
    g_main_context_iteration (NULL, TRUE);
}

/* The recovery folder's entries once the first names an origin (at most 10 s) */
static GPtrArray *
wait_for_origin (GFile *dir)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  GPtrArray *entries = muster_recovery_scan (dir);

  while (entries->len == 0 || muster_recovery_entry_get_origin (entries->pdata[0]) == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      g_ptr_array_unref (entries);
      entries = muster_recovery_scan (dir);
    }
  return entries;
}

static char *
file_text (GFile *file)
{
  char *contents = NULL;

  g_assert_true (g_file_load_contents (file, NULL, &contents, NULL, NULL, NULL));
  return contents;
}

/* An edited roster is copied to the recovery folder after a pause, as a .ros the scan lists
 * as a roster; after a crash the copy restores it, modified, edit for edit. */
static void
test_document_recovery_copy (void)
{
  g_autoptr(MusterBsLibrary) library = fixture_library ();
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  g_autoptr(MusterBsDocument) restored = muster_bs_document_new ();
  g_autofree char *tmp = g_dir_make_tmp ("muster-bs-recovery-XXXXXX", NULL);
  g_autofree char *recovery = g_build_filename (tmp, "recovery", NULL);
  g_autoptr(GFile) dir = g_file_new_for_path (recovery);
  g_autoptr(MusterAutosave) autosave = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(MusterBsItem) force_item = NULL;
  g_autoptr(GBytes) before = NULL, after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL, *name = NULL;
  MusterRecoveryEntry *entry;
  MusterBsForce *force;
  GFile *file;
  guint written = 0;

  g_assert_true (muster_bs_document_start_with_force (document,
                                                      muster_bs_library_lookup (library, "sk-gs"),
                                                      "Crash Patrol", "fe-patrol", "sk-rangers",
                                                      NULL, &error));
  autosave = muster_autosave_new (MUSTER_RECOVERABLE (document), dir);
  muster_autosave_set_delay (autosave, 20);
  g_signal_connect (autosave, "written", G_CALLBACK (written_cb), &written);
  file = muster_autosave_get_file (autosave);
  name = g_file_get_basename (file);
  g_assert_true (g_str_has_suffix (name, ".ros"));

  /* A new roster is not an edit: nothing to recover yet. */
  settle (autosave, 60);
  g_assert_cmpuint (written, ==, 0);
  g_assert_false (g_file_query_exists (file, NULL));

  force_item = g_list_model_get_item (muster_bs_document_get_forces (document), 0);
  force = muster_bs_item_get_force (force_item);
  muster_bs_document_select (document, force, NULL, "se-captain", NULL);
  g_assert_false (g_file_query_exists (file, NULL));   /* after a pause, not at once */
  spin_until_written (&written, 1);
  contents = file_text (file);
  g_assert_nonnull (strstr (contents, "entryId=\"se-captain\""));
  g_assert_nonnull (strstr (contents, "name=\"Crash Patrol\""));
  muster_bs_document_select (document, force, NULL, "se-squad", NULL);
  spin_until_written (&written, 2);

  /* The crash: the autosave never discards, the copy stays and is listed as a roster. */
  settle (autosave, 0);
  g_signal_handlers_disconnect_by_data (autosave, &written);
  g_clear_object (&autosave);
  entries = muster_recovery_scan (dir);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = entries->pdata[0];
  g_assert_true (muster_recovery_entry_is_roster (entry));
  g_assert_cmpstr (muster_recovery_entry_get_title (entry), ==, "Crash Patrol");
  g_assert_null (muster_recovery_entry_get_origin (entry));

  /* Without its game data it is not restored, and nothing is lost. */
  g_assert_false (muster_bs_document_restore (restored, NULL, muster_recovery_entry_get_bytes (entry),
                                              "copy.ros", NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "Skirmish"));
  g_clear_error (&error);
  g_assert_null (muster_bs_document_get_roster (restored));

  g_assert_true (muster_bs_document_restore (restored, library, muster_recovery_entry_get_bytes (entry),
                                             "copy.ros", NULL, &error));
  g_assert_no_error (error);
  g_assert_true (muster_bs_document_get_modified (restored));
  g_assert_null (muster_bs_document_get_file (restored));
  before = muster_bs_document_to_bytes (document, FALSE, NULL);
  after = muster_bs_document_to_bytes (restored, FALSE, NULL);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_true (muster_recovery_entry_discard (entry, NULL));
  g_rmdir (recovery);
  g_rmdir (tmp);
}

/* The copy goes only when a file holding every edit is on disk: an edit made while the save
 * runs keeps it (brought up to date) until the next save (issue 20's rule). */
static void
test_document_recovery_kept_until_saved (void)
{
  g_autoptr(MusterBsLibrary) library = fixture_library ();
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  g_autofree char *tmp = g_dir_make_tmp ("muster-bs-recovery-XXXXXX", NULL);
  g_autofree char *recovery = g_build_filename (tmp, "recovery", NULL);
  g_autofree char *path = g_build_filename (tmp, "patrol.rosz", NULL);
  g_autoptr(GFile) dir = g_file_new_for_path (recovery);
  g_autoptr(GFile) saved = g_file_new_for_path (path);
  g_autoptr(MusterAutosave) autosave = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *contents = NULL;
  MusterBsForce *force;
  MusterBsSelection *squad;
  GFile *file;
  guint written = 0, base;

  muster_bs_document_start (document, muster_bs_library_lookup (library, "sk-gs"), "Patrol");
  autosave = muster_autosave_new (MUSTER_RECOVERABLE (document), dir);
  muster_autosave_set_delay (autosave, 20);
  g_signal_connect (autosave, "written", G_CALLBACK (written_cb), &written);
  file = muster_autosave_get_file (autosave);
  force = muster_bs_document_add_force (document, NULL, "fe-patrol", "sk-rangers", NULL);
  squad = muster_bs_document_select (document, force, NULL, "se-squad", NULL);
  spin_until_written (&written, 1);

  /* Saved, and edited before the file is on disk. */
  muster_bs_document_save_async (document, saved, NULL, done_cb, &result);
  muster_bs_document_set_count (document, squad, 3);
  g_assert_true (muster_bs_document_save_finish (document, wait_for (&result), NULL));
  g_assert_true (muster_bs_document_get_modified (document));
  g_assert_true (g_file_query_exists (file, NULL));
  spin_until_written (&written, 2);
  contents = file_text (file);
  g_assert_nonnull (strstr (contents, "number=\"3\""));
  /* A copy written before the save ended names no origin yet: the file's arrival writes it
   * again, naming it. */
  entries = wait_for_origin (dir);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_true (g_file_equal (muster_recovery_entry_get_origin (entries->pdata[0]), saved));
  settle (autosave, 60);
  base = written;

  /* The save that holds every edit removes it; undoing back to it is clean too. */
  save_sync (document, saved);
  g_assert_false (muster_bs_document_get_modified (document));
  g_assert_false (g_file_query_exists (file, NULL));
  muster_bs_document_set_count (document, squad, 4);
  spin_until_written (&written, base + 1);
  g_assert_true (g_file_query_exists (file, NULL));
  muster_history_undo (muster_bs_document_get_history (document));
  g_assert_false (g_file_query_exists (file, NULL));
  settle (autosave, 60);
  g_assert_false (g_file_query_exists (file, NULL));

  /* A clean close discards it. */
  muster_bs_document_set_count (document, squad, 5);
  spin_until_written (&written, base + 2);
  muster_autosave_discard (autosave);
  g_assert_false (g_file_query_exists (file, NULL));
  settle (autosave, 0);
  g_signal_handlers_disconnect_by_data (autosave, &written);
  g_unlink (path);
  g_rmdir (recovery);
  g_rmdir (tmp);
}

/* New Recruit's automatic constraints (tests/data/battlescribe/automatic): taking the banner
 * swaps a Sanctifier out as part of that one edit; undo brings back both, redo takes both.
 * Counts set one after another that each moved another count stay steps of their own. */
static void
test_document_automatic (void)
{
  g_autoptr(MusterBsLibrary) library = muster_bs_library_new ();
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const char *folders[] = { MUSTER_TEST_DATA "/battlescribe/automatic", NULL };
  MusterHistory *history = muster_bs_document_get_history (document);
  MusterBsSelection *unit, *plain, *banner;
  MusterBsItem *force_item, *unit_item;
  MusterBsForce *force;

  muster_bs_library_set_folders (library, folders);
  muster_bs_library_scan_async (library, NULL, done_cb, &result);
  g_assert_true (muster_bs_library_scan_finish (library, wait_for (&result), &error));
  muster_bs_document_start (document, muster_bs_library_lookup (library, "ma-gs"), "Swaps");
  force = muster_bs_document_add_force (document, NULL, "ma-patrol", "ma-cat", &error);
  g_assert_no_error (error);
  unit = muster_bs_document_select (document, force, NULL, "ma-sanctifiers", &error);
  g_assert_no_error (error);
  plain = muster_bs_selection_get_child (unit, 0);
  g_assert_cmpint (muster_bs_selection_get_amount (plain), ==, 4);

  force_item = g_list_model_get_item (muster_bs_document_get_forces (document), 0);
  g_object_unref (force_item);
  unit_item = child_named (muster_bs_item_get_children (force_item), "Sanctifiers");
  g_assert_nonnull (unit_item);

  banner = muster_bs_document_select (document, force, unit, "ma-sanctifier-banner", &error);
  g_assert_no_error (error);
  g_assert_cmpint (muster_bs_selection_get_amount (plain), ==, 3);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 0);
  /* The tree shows what was kept: the count the edit did not touch moved too. */
  g_assert_cmpint (muster_bs_item_get_number (child_named (muster_bs_item_get_children (unit_item),
                                                           "Sanctifier")), ==, 3);
  g_assert_true (muster_history_undo (history));
  g_assert_cmpuint (muster_bs_selection_get_n_children (unit), ==, 1);
  g_assert_cmpint (muster_bs_selection_get_amount (plain), ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_item_get_children (unit_item)), ==, 1);
  g_assert_cmpint (muster_bs_item_get_number (child_named (muster_bs_item_get_children (unit_item),
                                                           "Sanctifier")), ==, 4);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 0);
  g_assert_true (muster_history_redo (history));
  g_assert_true (muster_bs_selection_get_child (unit, 1) == banner);
  g_assert_cmpint (muster_bs_selection_get_amount (plain), ==, 3);

  /* Set to 6, kept at 3; then the banner's count to 2, kept at 1 with the plain ones at 3:
   * two steps, each undone to what it was. */
  muster_bs_document_set_count (document, plain, 6);
  g_assert_cmpint (muster_bs_selection_get_amount (plain), ==, 3);
  muster_bs_document_set_count (document, banner, 2);
  g_assert_cmpint (muster_bs_selection_get_amount (banner), ==, 1);
  g_assert_cmpint (muster_bs_selection_get_amount (plain), ==, 3);
  g_assert_true (muster_history_undo (history));
  g_assert_cmpint (muster_bs_selection_get_amount (banner), ==, 1);
  g_assert_cmpint (muster_bs_selection_get_amount (plain), ==, 3);
  g_assert_true (muster_history_undo (history));
  g_assert_cmpint (muster_bs_selection_get_amount (plain), ==, 3);
  g_assert_true (muster_history_undo (history));
  g_assert_cmpuint (muster_bs_selection_get_n_children (unit), ==, 1);
  g_assert_cmpint (muster_bs_selection_get_amount (plain), ==, 4);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bs-document/build", test_document_build);
  g_test_add_func ("/bs-document/automatic", test_document_automatic);
  g_test_add_func ("/bs-document/start-with-force", test_document_start_with_force);
  g_test_add_func ("/bs-document/catalogue-forces", test_document_catalogue_forces);
  g_test_add_func ("/bs-document/entries", test_document_entries);
  g_test_add_func ("/bs-document/entries-kept", test_document_entries_kept);
  g_test_add_func ("/bs-document/entries-follow", test_document_entries_follow);
  g_test_add_func ("/bs-document/round-trip", test_document_round_trip);
  g_test_add_func ("/bs-document/missing", test_document_missing);
  g_test_add_func ("/bs-document/recovery-copy", test_document_recovery_copy);
  g_test_add_func ("/bs-document/recovery-kept-until-saved",
                   test_document_recovery_kept_until_saved);
  return g_test_run ();
}
