/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "muster-army-page.h"
#include "muster-bs-data-page.h"
#include "muster-bs-scenario.h"
#include "muster-bs-window.h"
#include "muster-roster-model.h"
#include "ui-test-util.h"

/* A BattleScribe roster placed on the battlefield (issue 21): Place on Battlefield in the
 * roster window opens a Muster window on the Battlefield with the roster's units deployed on
 * the game system's default base, which Preferences → Game Data sets; the scenario saves and
 * opens again with them. MUSTER_TEST_HOLD=SECONDS keeps the window up that long. */

#define FIXTURE MUSTER_TEST_DATA "/../model/bs-fixture"

static void
hold (void)
{
  const char *seconds = g_getenv ("MUSTER_TEST_HOLD");
  gint64 until;

  if (seconds == NULL)
    return;
  until = g_get_monotonic_time () + g_ascii_strtoll (seconds, NULL, 10) * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE), g_usleep (10000);
}

static MusterBsLibrary *
fixture_library (void)
{
  GSettings *settings = muster_application_get_settings (app);
  const char *folders[] = { FIXTURE, NULL };
  MusterBsLibrary *library = muster_application_get_bs_library (app);

  g_settings_set_strv (settings, "battlescribe-folders", folders);
  while (muster_bs_library_get_scanning (library) ||
         muster_bs_library_lookup (library, "sk-gs") == NULL)
    g_main_context_iteration (NULL, TRUE);
  return library;
}

static gboolean
row_titled (GtkWidget  *widget,
            const char *title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static gboolean
is_spin (GtkWidget  *widget,
         const char *unused)
{
  return GTK_IS_SPIN_BUTTON (widget);
}

static gboolean
label_is (GtkWidget  *widget,
          const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static gboolean
scenario_window_shown (gpointer data)
{
  GtkWindow *window = find_toplevel (MUSTER_TYPE_WINDOW);

  return window != NULL && gtk_widget_get_mapped (GTK_WIDGET (window));
}

/* Preferences → Game Data: each game system's default base, written to `battlescribe-bases` */
static void
test_default_base_row (void)
{
  MusterBsLibrary *library = fixture_library ();
  GSettings *settings = muster_application_get_settings (app);
  GtkWidget *window = adw_preferences_window_new ();
  MusterBsDataPage *page;
  GtkWidget *row, *width, *depth;
  double w, d;

  g_settings_reset (settings, "battlescribe-bases");
  page = muster_bs_data_page_new (settings, library);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (page));
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  /* one a game system: Skirmish Test and Duel */
  row = find_matching (GTK_WIDGET (page), row_titled, "Base Where the Data Gives None");
  g_assert_nonnull (row);
  width = find_matching (row, is_spin, NULL);
  g_assert_nonnull (width);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (width)), ==, 25);
  depth = gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (width));
  g_assert_true (GTK_IS_SPIN_BUTTON (depth));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (width), 60);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (depth), 35);
  muster_bs_default_base (settings, g_object_get_data (G_OBJECT (row), "system-id"), &w, &d);
  g_assert_cmpfloat (w, ==, 60);
  g_assert_cmpfloat (d, ==, 35);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "battlescribe-bases");
}

/* A roster window showing "Rangers at Dawn": a Captain and a Ranger Squad (two Rangers, for
 * its minimum), the game system's default base 32 mm; @captain and @squad (optional) get
 * theirs */
static MusterBsWindow *
rangers_at_dawn (MusterBsSelection **captain,
                 MusterBsSelection **squad)
{
  MusterBsLibrary *library = fixture_library ();
  MusterBsWindow *roster_window = muster_bs_window_new (app);
  MusterBsDocument *roster_document = muster_bs_window_get_document (roster_window);
  g_autoptr(GError) error = NULL;
  MusterBsSelection *selection;
  MusterBsForce *force;

  muster_bs_set_default_base (muster_application_get_settings (app), "sk-gs", 32, 32);
  gtk_window_present (GTK_WINDOW (roster_window));
  spin_until (window_mapped, roster_window);
  muster_bs_document_start (roster_document, muster_bs_library_lookup (library, "sk-gs"),
                            "Rangers at Dawn");
  force = muster_bs_document_add_force (roster_document, NULL, "fe-warband", "sk-rangers", &error);
  g_assert_no_error (error);
  selection = muster_bs_document_select (roster_document, force, NULL, "se-captain", &error);
  g_assert_no_error (error);
  if (captain != NULL)
    *captain = selection;
  selection = muster_bs_document_select (roster_document, force, NULL, "se-squad", &error);
  g_assert_no_error (error);
  if (squad != NULL)
    *squad = selection;
  return roster_window;
}

/* The roster's units on the table, on the system's base; saved and opened again */
static void
test_place_roster (void)
{
  GSettings *settings = muster_application_get_settings (app);
  MusterBsWindow *roster_window = rangers_at_dawn (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("muster-bs-place-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "placed.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MusterWindow *window, *reopened;
  MusterDocument *document;
  MusterBattlefield *field;
  MusterNode *root;

  g_assert_no_error (error);
  g_assert_null (find_toplevel (MUSTER_TYPE_WINDOW));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roster_window),
                                             "win.place-on-battlefield", NULL));
  spin_until (scenario_window_shown, NULL);
  window = MUSTER_WINDOW (find_toplevel (MUSTER_TYPE_WINDOW));
  g_assert_cmpstr (muster_window_get_workspace (window), ==, "battlefield");
  document = muster_window_get_document (window);
  g_assert_true (muster_document_get_modified (document));
  g_assert_null (muster_document_get_file (document));
  root = muster_force_get_root (muster_document_get_force (document));
  g_assert_cmpuint (muster_node_get_n_units (root), ==, 2);
  g_assert_cmpstr (muster_unit_get_name (muster_node_get_unit (root, 0)), ==, "Captain");
  g_assert_cmpuint (muster_unit_get_size (muster_node_get_unit (root, 0)), ==, 1);
  g_assert_cmpstr (muster_unit_get_name (muster_node_get_unit (root, 1)), ==, "Ranger Squad");
  /* the squad's two Rangers, selected with it for its minimum */
  g_assert_cmpuint (muster_unit_get_size (muster_node_get_unit (root, 1)), ==, 2);
  field = muster_doc_get_battlefield (muster_document_get_doc (document));
  for (guint i = 0; i < 2; i++)
    {
      const MusterFeature *placement =
        muster_battlefield_lookup_unit (field, muster_unit_get_id (muster_node_get_unit (root, i)));

      g_assert_nonnull (placement);
      g_assert_cmpfloat (placement->base_width, ==, 32);
      g_assert_cmpfloat (placement->base_depth, ==, 32);
    }
  /* the Army page says where the units are costed, not that a rule system is missing */
  g_assert_nonnull (find_matching (GTK_WIDGET (window), label_is,
                                   "Units of a BattleScribe roster: its window costs and checks "
                                   "them"));
  g_assert_nonnull (find_matching (GTK_WIDGET (window), label_is,
                                   "Costed and checked in the roster's window"));
  g_assert_null (find_matching (GTK_WIDGET (window), label_is,
                                "Not costed: the rule system is not installed"));
  /* each unit's row says its models under its name, not its made-up type id "bs-se-…" */
  {
    g_autoptr(MusterRosterModel) rows = muster_roster_model_new (document, root);
    const char * const subtitles[] = { "1 model", "2 models" };

    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rows)), ==, 2);
    for (guint i = 0; i < 2; i++)
      {
        g_autoptr(MusterRosterRow) row = g_list_model_get_item (G_LIST_MODEL (rows), i);

        g_assert_cmpstr (muster_roster_row_get_subtitle (row), ==, subtitles[i]);
      }
  }
  run_frames (GTK_WIDGET (window));
  hold ();

  save_and_wait (document, file);
  reopened = new_shown_window ();
  muster_window_open_file (reopened, file);
  spin_until (window_document_loaded, reopened);
  document = muster_window_get_document (reopened);
  field = muster_doc_get_battlefield (muster_document_get_doc (document));
  root = muster_force_get_root (muster_document_get_force (document));
  for (guint i = 0; i < 2; i++)
    {
      const MusterFeature *placement =
        muster_battlefield_lookup_unit (field, muster_unit_get_id (muster_node_get_unit (root, i)));
      double w, d;

      g_assert_nonnull (placement);
      g_assert_cmpfloat (placement->base_width, ==, 32);
      g_assert_true (muster_unit_get_base (muster_node_get_unit (root, i), &w, &d));
      g_assert_cmpfloat (w, ==, 32);
      g_assert_cmpfloat (d, ==, 32);
    }
  gtk_window_destroy (GTK_WINDOW (reopened));
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (roster_window));
  g_settings_reset (settings, "battlescribe-bases");
  g_unlink (path);
  g_rmdir (dir);
}

/* The selection under @parent of entry @entry_id */
static MusterBsSelection *
child_of (MusterBsSelection *parent,
          const char        *entry_id)
{
  for (guint i = 0; i < muster_bs_selection_get_n_children (parent); i++)
    if (g_strcmp0 (muster_bs_selection_get_entry_id (muster_bs_selection_get_child (parent, i)),
                   entry_id) == 0)
      return muster_bs_selection_get_child (parent, i);
  g_assert_not_reached ();
}

/* The Army page's row @index of @document's force: its name, subtitle and cost */
static void
assert_row (MusterDocument *document,
            guint           index,
            const char     *name,
            const char     *subtitle,
            const char     *cost)
{
  MusterNode *root = muster_force_get_root (muster_document_get_force (document));
  g_autoptr(MusterRosterModel) rows = muster_roster_model_new (document, root);
  g_autoptr(MusterRosterRow) row = g_list_model_get_item (G_LIST_MODEL (rows), index);

  g_assert_nonnull (row);
  g_assert_cmpstr (muster_roster_row_get_name (row), ==, name);
  g_assert_cmpstr (muster_roster_row_get_subtitle (row), ==, subtitle);
  g_assert_cmpstr (muster_roster_row_get_cost_text (row), ==, cost);
}

/* The placement of the scenario's Ranger Squad (its second unit) */
static const MusterFeature *
squad_placement (MusterDocument *document)
{
  MusterNode *root = muster_force_get_root (muster_document_get_force (document));
  MusterBattlefield *field = muster_doc_get_battlefield (muster_document_get_doc (document));

  return muster_battlefield_lookup_unit (field,
                                         muster_unit_get_id (muster_node_get_unit (root, 1)));
}

/* Whether the open scenario's Ranger Squad stands on bases GPOINTER_TO_INT (@width) mm wide */
static gboolean
squad_on_base (gpointer width)
{
  MusterWindow *window = MUSTER_WINDOW (find_toplevel (MUSTER_TYPE_WINDOW));

  return squad_placement (muster_window_get_document (window))->base_width ==
         GPOINTER_TO_INT (width);
}

/* The placed scenario follows the roster's edits while both are open: a renamed squad, more
 * Rangers (more stands on the table), the Captain removed (off the table) and a new one
 * (offered for placement); the Army page shows the roster's costs and entry names, on the
 * screen and in Copy as Text; one undo step takes the run of edits back. A new default base
 * for the game reaches the units on the table. */
static void
test_place_follow (void)
{
  GSettings *settings = muster_application_get_settings (app);
  MusterBsSelection *captain, *squad;
  MusterBsWindow *roster_window = rangers_at_dawn (&captain, &squad);
  MusterBsDocument *roster_document = muster_bs_window_get_document (roster_window);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *captain_id = NULL;
  const MusterFeature *placement;
  MusterWindow *window;
  MusterDocument *document;
  MusterBattlefield *field;
  MusterArmyPage *page;
  MusterNode *root;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roster_window),
                                             "win.place-on-battlefield", NULL));
  spin_until (scenario_window_shown, NULL);
  window = MUSTER_WINDOW (find_toplevel (MUSTER_TYPE_WINDOW));
  document = muster_window_get_document (window);
  field = muster_doc_get_battlefield (muster_document_get_doc (document));
  root = muster_force_get_root (muster_document_get_force (document));

  /* the roster's points (Captain 30; squad 20 and two Rangers at 10) and entry names */
  assert_row (document, 0, "Captain", "1 model", "30");
  assert_row (document, 1, "Ranger Squad", "2 models", "40");
  /* and their total in the header */
  g_assert_nonnull (find_matching (GTK_WIDGET (window), label_is, "70"));
  page = MUSTER_ARMY_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_ARMY_PAGE));
  g_assert_nonnull (page);
  text = muster_army_page_dup_text (page);
  g_assert_nonnull (strstr (text, "Captain — Captain, 1 model — 30\n"));
  g_assert_nonnull (strstr (text, "Ranger Squad — Ranger Squad, 2 models — 40\n"));
  g_clear_pointer (&text, g_free);

  captain_id = g_strdup (muster_unit_get_id (muster_node_get_unit (root, 0)));
  muster_bs_document_set_name (roster_document, NULL, squad, "Dawn Patrol");
  muster_bs_document_set_count (roster_document, child_of (squad, "se-ranger"), 4);
  muster_bs_document_remove (roster_document, captain);
  muster_bs_document_select (roster_document, muster_bs_selection_get_force (squad), NULL,
                             "se-captain", &error);
  g_assert_no_error (error);
  run_frames (GTK_WIDGET (window));

  g_assert_cmpuint (muster_node_get_n_units (root), ==, 2);
  /* the renamed squad says what it is */
  assert_row (document, 1, "Dawn Patrol", "Ranger Squad · 4 models", "60");
  placement = muster_battlefield_lookup_unit (field,
                                              muster_unit_get_id (muster_node_get_unit (root, 1)));
  g_assert_nonnull (placement);
  g_assert_cmpuint (placement->stands, ==, 4);
  /* the old Captain off the table; the new one waits to be placed, where the roster has it */
  g_assert_null (muster_battlefield_lookup_unit (field, captain_id));
  assert_row (document, 0, "Captain", "1 model", "30");
  g_assert_null (muster_battlefield_lookup_unit (field,
                                                 muster_unit_get_id (muster_node_get_unit (root,
                                                                                           0))));
  text = muster_army_page_dup_text (page);
  g_assert_nonnull (strstr (text, "Dawn Patrol — Ranger Squad, 4 models — 60\n"));
  g_clear_pointer (&text, g_free);
  muster_window_set_workspace (window, "battlefield");
  run_frames (GTK_WIDGET (window));
  hold ();

  g_assert_cmpstr (muster_history_get_undo_label (muster_document_get_history (document)), ==,
                   "Follow Roster");
  g_assert_true (muster_history_undo (muster_document_get_history (document)));
  assert_row (document, 0, "Captain", "1 model", "30");
  assert_row (document, 1, "Ranger Squad", "2 models", "40");
  g_assert_nonnull (muster_battlefield_lookup_unit (field, captain_id));

  /* a new default base for the game in Preferences: the units stand on it at once */
  muster_bs_set_default_base (settings, "sk-gs", 25, 50);
  spin_until (squad_on_base, GINT_TO_POINTER (25));
  placement = squad_placement (document);
  g_assert_cmpfloat (placement->base_depth, ==, 50);
  g_assert_true (muster_history_undo (muster_document_get_history (document)));
  g_assert_cmpfloat (squad_placement (document)->base_width, ==, 32);

  muster_history_mark_clean (muster_document_get_history (document));
  gtk_window_destroy (GTK_WINDOW (window));
  /* the scenario gone, roster edits go nowhere */
  muster_bs_document_set_name (roster_document, NULL, squad, "Dusk Patrol");
  gtk_window_destroy (GTK_WINDOW (roster_window));
  g_settings_reset (settings, "battlescribe-bases");
}

static gboolean
roster_saved (gpointer data)
{
  return !muster_bs_document_get_modified (data);
}

static gboolean
roster_loaded (gpointer data)
{
  return !muster_bs_window_get_loading (data);
}

/* The link is kept in the files: a saved scenario opened again while its roster is open
 * catches up with the edits made meanwhile, then follows the next ones; so does it a roster
 * closed and opened again */
static void
test_place_reopen (void)
{
  GSettings *settings = muster_application_get_settings (app);
  MusterBsSelection *squad;
  MusterBsWindow *roster_window = rangers_at_dawn (NULL, &squad);
  MusterBsDocument *roster_document = muster_bs_window_get_document (roster_window);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("muster-bs-reopen-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "linked.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *roster_path = g_build_filename (dir, "rangers.ros", NULL);
  g_autoptr(GFile) roster_file = g_file_new_for_path (roster_path);
  const MusterFeature *placement;
  MusterBattlefield *field;
  MusterWindow *window;
  MusterDocument *document;
  MusterNode *root;

  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roster_window),
                                             "win.place-on-battlefield", NULL));
  spin_until (scenario_window_shown, NULL);
  window = MUSTER_WINDOW (find_toplevel (MUSTER_TYPE_WINDOW));
  document = muster_window_get_document (window);
  save_and_wait (document, file);
  gtk_window_destroy (GTK_WINDOW (window));

  muster_bs_document_set_name (roster_document, NULL, squad, "Dawn Patrol");
  muster_bs_document_set_count (roster_document, child_of (squad, "se-ranger"), 3);
  window = new_shown_window ();
  muster_window_open_file (window, file);
  spin_until (window_document_loaded, window);
  document = muster_window_get_document (window);
  root = muster_force_get_root (muster_document_get_force (document));
  g_assert_cmpstr (muster_unit_get_name (muster_node_get_unit (root, 1)), ==, "Dawn Patrol");
  g_assert_cmpuint (muster_unit_get_size (muster_node_get_unit (root, 1)), ==, 3);
  field = muster_doc_get_battlefield (muster_document_get_doc (document));
  placement = muster_battlefield_lookup_unit (field,
                                              muster_unit_get_id (muster_node_get_unit (root, 1)));
  g_assert_cmpuint (placement->stands, ==, 3);
  g_assert_true (muster_document_get_modified (document));
  muster_bs_document_set_name (roster_document, NULL, squad, "Dusk Patrol");
  g_assert_cmpstr (muster_unit_get_name (muster_node_get_unit (root, 1)), ==, "Dusk Patrol");

  /* the roster saved, closed and opened again later: the scenario follows it again */
  muster_bs_document_save_async (roster_document, roster_file, NULL, NULL, NULL);
  spin_until (roster_saved, roster_document);
  gtk_window_destroy (GTK_WINDOW (roster_window));
  roster_window = muster_bs_window_new (app);
  muster_bs_window_open_file (roster_window, roster_file);
  gtk_window_present (GTK_WINDOW (roster_window));
  spin_until (roster_loaded, roster_window);
  roster_document = muster_bs_window_get_document (roster_window);
  squad = muster_bs_roster_find_selection (muster_bs_document_get_roster (roster_document),
                                           muster_unit_get_selection (muster_node_get_unit (root,
                                                                                            1)));
  g_assert_nonnull (squad);
  muster_bs_document_set_name (roster_document, NULL, squad, "Night Patrol");
  g_assert_cmpstr (muster_unit_get_name (muster_node_get_unit (root, 1)), ==, "Night Patrol");

  muster_history_mark_clean (muster_document_get_history (document));
  gtk_window_destroy (GTK_WINDOW (window));
  muster_history_mark_clean (muster_bs_document_get_history (roster_document));
  gtk_window_destroy (GTK_WINDOW (roster_window));
  g_settings_reset (settings, "battlescribe-bases");
  g_unlink (path);
  g_unlink (roster_path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/bs/default-base-row", test_default_base_row);
  g_test_add_func ("/ui/bs/place-roster", test_place_roster);
  g_test_add_func ("/ui/bs/place-follow", test_place_follow);
  g_test_add_func ("/ui/bs/place-reopen", test_place_reopen);
  return ui_test_run ();
}
