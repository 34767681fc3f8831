/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "muster-bs-data-page.h"
#include "muster-bs-entries.h"
#include "muster-bs-page.h"
#include "muster-bs-window.h"
#include "muster-cull-box.h"
#include "muster-new-list-dialog.h"
#include "muster-recent.h"
#include "muster-recovery-dialog.h"
#include "muster-validation-panel.h"
#include "ui-test-bs.h"
#include "ui-test-keys.h"
#ifdef MUSTER_HAVE_XTEST
#include "ui-test-pointer.h"
#endif

/* BattleScribe rosters in the app (issue 21): the game data folders scanned, a roster built,
 * checked, undone and redone in its window, saved, reopened from the file (a second save
 * byte-identical), and a roster of missing data shown read-only with the strip that names it.
 * MUSTER_TEST_HOLD=SECONDS keeps each window up that long, for screenshots. */

#define FIXTURE MUSTER_TEST_DATA "/../model/bs-fixture"

static char *tmp_dir;

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

static gboolean
not_scanning (gpointer data)
{
  return !muster_bs_library_get_scanning (data);
}

/* The header's costs: the label that is both a heading and numeric */
static gboolean
is_costs_label (GtkWidget  *widget,
                const char *unused)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "heading") &&
         gtk_widget_has_css_class (widget, "numeric");
}

static gboolean
is_button_for (GtkWidget  *widget,
               const char *action)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static gboolean
row_subtitled (GtkWidget  *widget,
               const char *part)
{
  return ADW_IS_ACTION_ROW (widget) &&
         strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)) ?: "", part) != NULL;
}

static gboolean
spin_text_is (GtkWidget  *widget,
              const char *text)
{
  return GTK_IS_SPIN_BUTTON (widget) &&
         g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (widget)), text) == 0;
}

static gboolean
row_has_title (GtkWidget  *widget,
            const char *title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static gboolean
is_remove_button (GtkWidget  *widget,
                  const char *unused)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "list-remove-symbolic") == 0 &&
         g_object_get_data (G_OBJECT (widget), "folder") != NULL;
}

static gboolean
is_full_button (GtkWidget  *widget,
                const char *unused)
{
  return GTK_IS_BUTTON (widget) && !gtk_widget_get_sensitive (widget) &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget), "At its maximum") == 0;
}

static gboolean
label_is (GtkWidget  *widget,
          const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static guint
count_matching (GtkWidget  *widget,
                gboolean  (*match) (GtkWidget *, const char *))
{
  guint n = match (widget, NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_matching (child, match);
  return n;
}

static const char *
costs_of (MusterBsWindow *window)
{
  GtkWidget *label = find_matching (GTK_WIDGET (window), is_costs_label, NULL);

  return label ? gtk_label_get_label (GTK_LABEL (label)) : NULL;
}

static MusterBsWindow *
open_roster (GFile *file)
{
  MusterBsWindow *window;

  muster_application_open_file (app, file, NULL);
  window = MUSTER_BS_WINDOW (muster_application_find_window (app, file));
  g_assert_nonnull (window);
  spin_until (loaded, window);
  spin_until (window_mapped, window);
  return window;
}

static void
close_window (MusterBsWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
}

static GBytes *
contents_of (const char *path)
{
  g_autofree char *text = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  return g_bytes_new_take (g_steal_pointer (&text), length);
}

static gboolean
saved (gpointer data)
{
  return !muster_bs_document_get_modified (data);
}

/* Built in its window from the catalogue pane, undone and redone, saved and reopened. */
static void
test_bs_build_save_reopen (void)
{
  MusterBsLibrary *library = library_of_folders (FIXTURE);
  MusterBsSystem *system = muster_bs_library_lookup (library, "sk-gs");
  MusterBsWindow *window = muster_bs_window_new (app);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  g_autofree char *path = g_build_filename (tmp_dir, "patrol.ros", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GBytes) first = NULL;
  g_autoptr(GBytes) second = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterBsItem) selected = NULL;
  GtkWidget *undo, *redo;
  MusterBsDocument *reopened;
  MusterBsSelection *squad;

  g_assert_nonnull (system);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  muster_bs_document_start (document, system, "Patrol");
  g_assert_nonnull (muster_bs_document_add_force (document, NULL, "fe-patrol", "sk-rangers", &error));
  g_assert_no_error (error);
  spin_until (page_idle, NULL);

  /* The catalogue pane offers the force's entries; adding selects the new row. */
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_page_get_entries (page)), ==, 2);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 1);
  g_assert_nonnull (muster_bs_page_add_entry (page, "Captain"));
  squad = muster_bs_page_add_entry (page, "Ranger Squad");
  g_assert_nonnull (squad);
  g_assert_null (muster_bs_page_add_entry (page, "No Such Entry"));
  spin_until (page_idle, NULL);
  selected = muster_bs_page_get_selected (page);
  g_assert_nonnull (selected);
  g_assert_cmpstr (muster_bs_item_get_name (selected), ==, "Ranger Squad");
  g_assert_cmpstr (costs_of (window), ==, "70 / 100 pts · 1 CP");
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 0);
  /* The squad's editor: the weapon group (1–1) is full, so neither weapon can be taken
   * again; the rifle is its default; a third ranger may come. */
  g_assert_cmpuint (count_matching (GTK_WIDGET (page), is_full_button), ==, 2);
  g_assert_nonnull (find_matching (GTK_WIDGET (page), label_is, "Rifle (default)"));
  g_assert_nonnull (find_matching (GTK_WIDGET (page), label_is, "Weapon (1–1)"));
  hold ();

  /* The captain's editor: his profile as a table, his rule with its publication and page. */
  {
    MusterBsSelection *captain = NULL;
    MusterBsForce *patrol = muster_bs_selection_get_force (squad);

    for (guint i = 0; i < muster_bs_force_get_n_selections (patrol); i++)
      if (g_strcmp0 (muster_bs_selection_get_name (muster_bs_force_get_selection (patrol, i)), "Captain") == 0)
        captain = muster_bs_force_get_selection (patrol, i);
    g_assert_nonnull (captain);
    g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (captain)));
    spin_until (page_idle, NULL);
    g_assert_nonnull (find_matching (GTK_WIDGET (page), label_is, "Captain · Unit"));
    g_assert_nonnull (find_matching (GTK_WIDGET (page), label_is, "3+"));
    g_assert_nonnull (find_matching (GTK_WIDGET (page), label_is, "Never runs away."));
    g_assert_nonnull (find_matching (GTK_WIDGET (page), label_is, "Core Rules, p. 12"));
    g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (squad)));
    spin_until (page_idle, NULL);
  }

  /* From the keyboard's actions: Ctrl+D duplicates the selected squad, Delete removes the copy. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "bs.duplicate", NULL));
  spin_until (page_idle, NULL);
  g_assert_cmpstr (costs_of (window), ==, "110 / 100 pts · 1 CP");
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "bs.remove", NULL));
  spin_until (page_idle, NULL);
  g_assert_cmpstr (costs_of (window), ==, "70 / 100 pts · 1 CP");

  /* The force's editor holds the roster's limit: a new limit is one step of undo. */
  {
    MusterBsForce *patrol = muster_bs_roster_get_force (muster_bs_document_get_roster (document), 0);
    GtkWidget *spin;

    g_assert_true (muster_bs_page_select_id (page, muster_bs_force_get_id (patrol)));
    spin_until (page_idle, NULL);
    spin = find_descendant (GTK_WIDGET (page), GTK_TYPE_SPIN_BUTTON);
    g_assert_nonnull (spin);
    g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 100);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 200);
    spin_until (page_idle, NULL);
    g_assert_cmpstr (costs_of (window), ==, "70 / 200 pts · 1 CP");
    /* The buttons follow the history (the window tells them of changes only) */
    undo = find_matching (GTK_WIDGET (window), is_button_for, "win.undo");
    redo = find_matching (GTK_WIDGET (window), is_button_for, "win.redo");
    g_assert_nonnull (undo);
    g_assert_nonnull (redo);
    g_assert_true (gtk_widget_get_sensitive (undo));
    g_assert_false (gtk_widget_get_sensitive (redo));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    spin_until (page_idle, NULL);
    g_assert_cmpstr (costs_of (window), ==, "70 / 100 pts · 1 CP");
    g_assert_true (gtk_widget_get_sensitive (redo));
    g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (squad)));
  }

  /* A force in the force: the roster tree shows it under its parent. */
  {
    MusterBsForce *patrol = muster_bs_roster_get_force (muster_bs_document_get_roster (document), 0);
    MusterBsForce *detachment = muster_bs_document_add_force (document, patrol, "fe-detach",
                                                              "sk-rangers", &error);
    g_autoptr(MusterBsItem) row = NULL;

    g_assert_no_error (error);
    g_assert_true (muster_bs_page_select_id (page, muster_bs_force_get_id (detachment)));
    row = muster_bs_page_get_selected (page);
    g_assert_true (muster_bs_item_get_force (row) == detachment);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    g_assert_false (muster_bs_item_is_alive (row));
  }

  /* Undo and redo through the window's actions: the removal of the copy, then the copy. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  spin_until (page_idle, NULL);
  g_assert_cmpstr (costs_of (window), ==, "110 / 100 pts · 1 CP");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  spin_until (page_idle, NULL);
  g_assert_cmpstr (costs_of (window), ==, "70 / 100 pts · 1 CP");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  spin_until (page_idle, NULL);
  g_assert_cmpstr (costs_of (window), ==, "30 / 100 pts · 1 CP");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  spin_until (page_idle, NULL);
  g_assert_cmpstr (costs_of (window), ==, "70 / 100 pts · 1 CP");

  /* Saved (the first time to a name, as Save As does), then reopened in a window of its own. */
  save_and_wait (document, file);
  close_window (window);
  window = open_roster (file);
  reopened = muster_bs_window_get_document (window);
  g_assert_false (muster_bs_document_get_read_only (reopened));
  g_assert_cmpstr (costs_of (window), ==, "70 / 100 pts · 1 CP");
  /* It is among the recent documents now, and opening it again brings the same window forward. */
  {
    g_autoptr(GPtrArray) recent = muster_recent_list (20);
    g_autofree char *uri = g_file_get_uri (file);
    gboolean listed = FALSE;

    for (guint i = 0; i < recent->len; i++)
      listed = listed || g_strcmp0 (gtk_recent_info_get_uri (recent->pdata[i]), uri) == 0;
    g_assert_true (listed);
  }
  muster_application_open_file (app, file, NULL);
  g_assert_true (GTK_WINDOW (window) == muster_application_find_window (app, file));

  /* A second save writes the same bytes. */
  first = contents_of (path);
  muster_bs_document_set_name (reopened, NULL, NULL, "Patrol");
  g_assert_true (muster_bs_document_get_modified (reopened));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  spin_until (saved, reopened);
  second = contents_of (path);
  g_assert_true (g_bytes_equal (first, second));
  close_window (window);
  g_unlink (path);
}

/* A roster of data the folders lack: read-only, the strip names the game system and revision. */
static void
test_bs_missing_data (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (FIXTURE "/needs-other.ros");
  MusterBsWindow *window;
  GtkInfoBar *bar;
  GtkWidget *label;

  library_of_folders (FIXTURE);
  window = open_roster (file);
  g_assert_true (muster_bs_document_get_read_only (muster_bs_window_get_document (window)));
  bar = GTK_INFO_BAR (find_descendant (GTK_WIDGET (window), GTK_TYPE_INFO_BAR));
  g_assert_true (gtk_info_bar_get_revealed (bar));
  label = find_descendant (GTK_WIDGET (bar), GTK_TYPE_LABEL);
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)), "Absent Game, revision 7"));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL) &&
                  muster_bs_document_get_file (muster_bs_window_get_document (window)) == NULL);
  hold ();
  close_window (window);
}

/* A roster of missing data shows what its file records, read-only: its forces (nested ones
 * under their parent's name), selections with number, contents and costs. One with nothing
 * to show says what it needs on a status page. */
static void
test_bs_read_only_view (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (FIXTURE "/needs-other-forces.ros");
  g_autoptr(GFile) empty = g_file_new_for_path (FIXTURE "/needs-other.ros");
  MusterBsWindow *window;
  GtkWidget *row, *status;

  library_of_folders (FIXTURE);
  window = open_roster (file);
  g_assert_true (muster_bs_document_get_read_only (muster_bs_window_get_document (window)));
  g_assert_false (gtk_widget_get_mapped (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE)));
  g_assert_nonnull (find_matching (GTK_WIDGET (window), label_is, "Far Away"));
  g_assert_nonnull (find_matching (GTK_WIDGET (window), label_is, "Warband › Scouts"));
  /* The force's costs, which the file does not record, summed from its selections */
  g_assert_nonnull (find_matching (GTK_WIDGET (window), label_is, "Wanderers · 95 pts"));
  g_assert_nonnull (find_matching (GTK_WIDGET (window), label_is, "Wanderers"));
  g_assert_nonnull (find_matching (GTK_WIDGET (window), label_is, "95 pts"));
  /* The limits the file records, the CP one "none" */
  g_assert_nonnull (find_matching (GTK_WIDGET (window), label_is, "Cost limits: 200 pts"));
  row = find_matching (GTK_WIDGET (window), row_has_title, "2× Old Guard");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "5× Veteran");
  g_assert_nonnull (find_matching (row, label_is, "80 pts"));
  /* A name with "&" is shown as it is, not taken for markup. */
  g_assert_nonnull (find_matching (GTK_WIDGET (window), row_has_title, "Banner & Horn"));
  hold ();
  close_window (window);

  window = open_roster (empty);
  status = find_descendant (GTK_WIDGET (window), ADW_TYPE_STATUS_PAGE);
  g_assert_nonnull (status);
  g_assert_true (gtk_widget_get_mapped (status));
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (status)),
                            "Absent Game, revision 7"));
  hold ();
  close_window (window);
}

static gboolean
bar_hidden (gpointer bar)
{
  return !gtk_info_bar_get_revealed (bar);
}

static void
copy_file (const char *from,
           const char *to)
{
  g_autoptr(GFile) source = g_file_new_for_path (from);
  g_autoptr(GFile) target = g_file_new_for_path (to);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_copy (source, target, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
}

/* A roster beside its game data opens editable though the data folders lack it. */
static void
test_bs_beside_data (void)
{
  MusterBsLibrary *library = library_of_folders (FIXTURE);
  g_autoptr(MusterBsDocument) document = muster_bs_document_new ();
  g_autofree char *dir = g_build_filename (tmp_dir, "beside", NULL);
  g_autofree char *gst = g_build_filename (dir, "Skirmish.gst", NULL);
  g_autofree char *cat = g_build_filename (dir, "Rangers.cat", NULL);
  g_autofree char *path = g_build_filename (dir, "list.ros", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MusterBsWindow *window;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  copy_file (FIXTURE "/game/Skirmish.gst", gst);
  copy_file (FIXTURE "/game/Rangers.cat", cat);
  g_assert_true (muster_bs_document_start_with_force (document,
                                                      muster_bs_library_lookup (library, "sk-gs"),
                                                      "Beside", "fe-patrol", "sk-rangers", NULL,
                                                      &error));
  save_and_wait (document, file);

  /* No folders: the roster's own folder is scanned, and the roster opened again over it. */
  library = library_of_folders (NULL);
  g_assert_null (muster_bs_library_lookup (library, "sk-gs"));
  window = open_roster (file);
  g_assert_false (muster_bs_document_get_read_only (muster_bs_window_get_document (window)));
  g_assert_nonnull (muster_bs_library_lookup (library, "sk-gs"));
  close_window (window);
  g_unlink (gst);
  g_unlink (cat);
  g_unlink (path);
  g_rmdir (dir);
}

static gboolean
is_expander_row (GtkWidget  *widget,
                 const char *unused)
{
  return ADW_IS_EXPANDER_ROW (widget);
}

/* Preferences → Game Data: the folders, and each system found with its problems; removing
 * the folder rescans and empties the list. */
static void
test_bs_preferences (void)
{
  MusterBsLibrary *library = library_of_folders (FIXTURE);
  GSettings *settings = muster_application_get_settings (app);
  GtkWidget *window = adw_preferences_window_new ();
  MusterBsDataPage *page = muster_bs_data_page_new (settings, library);
  GtkWidget *remove;

  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (page));
  adw_preferences_window_set_visible_page (ADW_PREFERENCES_WINDOW (window),
                                           ADW_PREFERENCES_PAGE (page));
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 700);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  /* Skirmish Test and Duel, found one folder down. */
  g_assert_cmpuint (count_matching (GTK_WIDGET (page), is_expander_row), ==, 2);
  g_assert_nonnull (find_matching (GTK_WIDGET (page), row_subtitled, "Broken.cat"));
  g_assert_nonnull (find_matching (GTK_WIDGET (page), row_subtitled, "Stray.cat"));
  hold ();

  remove = find_matching (GTK_WIDGET (page), is_remove_button, NULL);
  g_assert_nonnull (remove);
  g_signal_emit_by_name (remove, "clicked");
  spin_until (not_scanning, library);
  g_assert_cmpuint (count_matching (GTK_WIDGET (page), is_expander_row), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* New List offers the game systems the folders hold beside the rule systems (New BattleScribe
 * Roster is now only another way to it): game system, catalogue, first force, and a limit for
 * every cost type the game system declares, not just the first. */
static void
test_bs_new_roster (void)
{
  MusterWindow *window;
  MusterNewListDialog *dialog;
  MusterBsWindow *roster_window;
  g_autoptr(GArray) limits = NULL;

  /* Opened before the folders are scanned, it offers their systems once they are. */
  library_of_folders (NULL);
  window = muster_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-list", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_NEW_LIST_DIALOG));
  dialog = MUSTER_NEW_LIST_DIALOG (find_toplevel (MUSTER_TYPE_NEW_LIST_DIALOG));
  g_assert_nonnull (muster_new_list_dialog_get_ruleset (dialog));
  g_assert_null (muster_new_list_dialog_get_bs_system (dialog));
  g_assert_false (muster_new_list_dialog_select_bs_system (dialog, "sk-gs"));
  g_assert_cmpstr (muster_new_list_dialog_get_name (dialog), ==, "New Army");
  library_of_folders (FIXTURE);
  g_assert_true (muster_new_list_dialog_select_bs_system (dialog, "sk-gs"));
  g_assert_false (muster_new_list_dialog_select_bs_system (dialog, "other-gs"));
  g_assert_null (muster_new_list_dialog_get_ruleset (dialog));
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "create"));
  g_assert_cmpstr (muster_new_list_dialog_get_catalogue_id (dialog), ==, "sk-rangers");
  g_assert_cmpstr (muster_new_list_dialog_get_force_entry_id (dialog), ==, "fe-patrol");
  /* The catalogue's own force entry is offered after the game system's; its hidden one not. */
  g_assert_false (muster_new_list_dialog_select_force_entry (dialog, "fe-retired"));
  g_assert_true (muster_new_list_dialog_select_force_entry (dialog, "fe-warband"));
  g_assert_true (muster_new_list_dialog_select_force_entry (dialog, "fe-patrol"));
  /* The name follows the system until it is typed. */
  g_assert_cmpstr (muster_new_list_dialog_get_name (dialog), ==, "Skirmish Test");

  /* Both cost types: points with the data's default, command points without a limit. */
  limits = muster_new_list_dialog_dup_cost_limits (dialog);
  g_assert_cmpuint (limits->len, ==, 2);
  g_assert_cmpstr (g_array_index (limits, MusterBsCost, 0).type_id, ==, "pts");
  g_assert_cmpfloat (g_array_index (limits, MusterBsCost, 0).value, ==, 100);
  g_assert_cmpstr (g_array_index (limits, MusterBsCost, 1).type_id, ==, "cp");
  g_assert_cmpfloat (g_array_index (limits, MusterBsCost, 1).value, <, 0);
  g_assert_nonnull (find_matching (GTK_WIDGET (dialog), spin_text_is, "No limit"));
  hold ();
  g_assert_true (muster_new_list_dialog_set_cost_limit (dialog, "cp", 3));
  g_assert_false (muster_new_list_dialog_set_cost_limit (dialog, "crowns", 3));

  /* Back to a rule system: its own name and rows again. */
  g_assert_true (muster_new_list_dialog_select_ruleset (dialog, "battle-valor-fantasy"));
  g_assert_cmpstr (muster_new_list_dialog_get_name (dialog), ==, "New Army");
  g_assert_null (muster_new_list_dialog_get_force_entry_id (dialog));
  g_assert_true (muster_new_list_dialog_select_bs_system (dialog, "sk-gs"));
  g_assert_true (muster_new_list_dialog_set_cost_limit (dialog, "cp", 3));

  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "create");
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_BS_WINDOW));
  roster_window = MUSTER_BS_WINDOW (find_toplevel (MUSTER_TYPE_BS_WINDOW));
  spin_until (page_idle, NULL);
  g_assert_cmpstr (costs_of (roster_window), ==, "0 / 100 pts · 0 / 3 CP");
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_document_get_forces (muster_bs_window_get_document (roster_window))), ==, 1);
  g_assert_true (muster_window_is_empty (window));
  close_window (roster_window);

  /* The old action is New List with the first game system chosen. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-bs-roster", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_NEW_LIST_DIALOG));
  dialog = MUSTER_NEW_LIST_DIALOG (find_toplevel (MUSTER_TYPE_NEW_LIST_DIALOG));
  g_assert_nonnull (muster_new_list_dialog_get_bs_system (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
drop_file (GtkWidget  *window,
           const char *path)
{
  GtkEventController *target = find_controller (window, GTK_TYPE_DROP_TARGET);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GValue value = G_VALUE_INIT;
  gboolean handled = FALSE;

  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, file);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &handled);
  g_value_unset (&value);
  g_assert_true (handled);
}

/* A folder dropped on a window joins the data folders; a roster dropped opens in its own. */
static void
test_bs_drop (void)
{
  GSettings *settings = muster_application_get_settings (app);
  MusterBsLibrary *library = library_of_folders (NULL);
  MusterWindow *window = muster_window_new (app);
  g_autoptr(GFile) roster = g_file_new_for_path (FIXTURE "/needs-other.ros");
  g_auto(GStrv) folders = NULL;
  GtkWindow *opened;

  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  drop_file (GTK_WIDGET (window), FIXTURE "/game");
  folders = g_settings_get_strv (settings, "battlescribe-folders");
  g_assert_cmpuint (g_strv_length (folders), ==, 1);
  g_assert_true (g_str_has_suffix (folders[0], "/game"));
  spin_until (not_scanning, library);
  g_assert_nonnull (muster_bs_library_lookup (library, "sk-gs"));

  drop_file (GTK_WIDGET (window), FIXTURE "/needs-other.ros");
  opened = muster_application_find_window (app, roster);
  g_assert_true (MUSTER_IS_BS_WINDOW (opened));
  spin_until (loaded, opened);
  gtk_window_destroy (opened);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A step of a roster built through the UI: a root entry from the catalogue pane ("Name"), or
 * a choice taken with its + in the editor of a root selection ("Parent>Choice"); then the
 * errors there must be, and a piece of one of their messages (NULL: none). */
typedef struct
{
  const char *action;
  guint       n_errors;
  const char *finding;
} Step;

typedef struct
{
  const char *folder;
  const char *system_id;
  const char *catalogue_id;
  const char *force_entry_id; /* NULL for the first offered */
  const char *cost_type_id;   /* a limit set in New List, NULL for the data's default */
  double      limit;
  const char *costs;          /* the header's costs once legal */
  const char *brought;        /* a root selection the force comes with, once (or NULL) */
  Step        steps[8];
} LegalRecipe;

static gboolean
has_finding (MusterBsDocument *document,
             const char       *part)
{
  GListModel *diagnostics = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));

  for (guint i = 0; i < g_list_model_get_n_items (diagnostics); i++)
    {
      g_autoptr(MusterDiagnostic) diagnostic = g_list_model_get_item (diagnostics, i);

      if (strstr (muster_diagnostic_get_message (diagnostic), part) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* A roster saved with older revisions of its data (game system and catalogue): it opens
 * editable, without the entry the data no longer has; the strip names both revisions and the
 * entry, which is a warning among the findings too. Saving over the file asks first, and
 * once saved the roster is current. */
static void
test_bs_older_revision (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "older.ros", NULL);
  g_autoptr(GFile) copy = g_file_new_for_path (path);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  MusterBsDocument *document;
  MusterBsWindow *window;
  AdwMessageDialog *dialog;
  GtkInfoBar *bar;
  const char *text;
  g_autofree char *summary = NULL;

  library_of_folders (FIXTURE);
  copy_file (FIXTURE "/older-revision.ros", path);
  before = contents_of (path);
  window = open_roster (copy);
  document = muster_bs_window_get_document (window);
  g_assert_false (muster_bs_document_get_read_only (document));
  g_assert_nonnull (muster_bs_roster_find_selection (muster_bs_document_get_roster (document), "s1"));
  bar = GTK_INFO_BAR (find_descendant (GTK_WIDGET (window), GTK_TYPE_INFO_BAR));
  g_assert_true (gtk_info_bar_get_revealed (bar));
  text = gtk_label_get_label (GTK_LABEL (find_descendant (GTK_WIDGET (bar), GTK_TYPE_LABEL)));
  g_assert_nonnull (strstr (text, "revision 2 of Skirmish Test"));
  g_assert_nonnull (strstr (text, "is revision 3"));
  g_assert_nonnull (strstr (text, "revision 4 of Rangers"));
  g_assert_nonnull (strstr (text, "is revision 5"));
  g_assert_nonnull (strstr (text, "Scout Sergeant (se-scout-sergeant)"));
  g_assert_true (has_finding (document, "Scout Sergeant (se-scout-sergeant) is no longer in the game data"));
  /* one warning is "1 warning" in the panel's title, not "1 warnings" (issue 22) */
  g_assert_cmpuint (muster_findings_source_get_n_warnings (MUSTER_FINDINGS_SOURCE (document)), ==, 1);
  summary = muster_validation_panel_dup_summary
    (MUSTER_VALIDATION_PANEL (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_VALIDATION_PANEL)));
  g_test_message ("summary: %s", summary);
  g_assert_nonnull (strstr (summary, "1 warning"));
  g_assert_null (strstr (summary, "warnings"));
  hold ();

  /* Save over the file: asked first; Cancel leaves the file alone. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG));
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Scout Sergeant (se-scout-sergeant)"));
  hold ();
  respond (dialog, "cancel");
  after = contents_of (path);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_true (gtk_info_bar_get_revealed (bar));

  /* Drop and Save: current, and nothing left to warn about. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG));
  respond (ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "drop");
  spin_until (bar_hidden, bar);
  g_assert_false (has_finding (document, "is no longer in the game data"));
  g_clear_pointer (&after, g_bytes_unref);
  after = contents_of (path);
  g_assert_false (g_bytes_equal (before, after));
  g_assert_null (g_strstr_len (g_bytes_get_data (after, NULL), g_bytes_get_size (after), "se-scout-sergeant"));
  close_window (window);
  g_unlink (path);
}

static guint
count_root_named (MusterBsDocument *document,
                  const char       *name)
{
  MusterBsForce *force = muster_bs_roster_get_force (muster_bs_document_get_roster (document), 0);
  guint n = 0;

  for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
    n += g_strcmp0 (muster_bs_selection_get_name (muster_bs_force_get_selection (force, i)), name) == 0;
  return n;
}

static MusterBsSelection *
root_selection_named (MusterBsDocument *document,
                      const char       *name)
{
  MusterBsForce *force = muster_bs_roster_get_force (muster_bs_document_get_roster (document), 0);

  for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
    if (g_strcmp0 (muster_bs_selection_get_name (muster_bs_force_get_selection (force, i)), name) == 0)
      return muster_bs_force_get_selection (force, i);
  return NULL;
}

/* On a failure: what the editor shows */
static void
dump_labels (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    g_printerr ("label %s | %s\n", gtk_label_get_label (GTK_LABEL (widget)), gtk_widget_get_tooltip_text (widget));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    dump_labels (c);
}

typedef struct
{
  MusterHistory *history;
  guint64        revision;
} HistoryWatch;

static gboolean
history_moved (gpointer data)
{
  HistoryWatch *watch = data;

  return muster_history_get_revision (watch->history) != watch->revision;
}

/* Selects @parent's row, then activates the + of the choice @choice in its editor. */
static void
take_choice (MusterBsPage     *page,
             MusterBsDocument *document,
             const char       *parent,
             const char       *choice)
{
  MusterBsSelection *selection = root_selection_named (document, parent);
  GtkWidget *name, *plus;
  HistoryWatch revision;

  g_assert_nonnull (selection);
  g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (selection)));
  spin_until (page_idle, NULL);
  name = find_matching (GTK_WIDGET (page), label_has_tooltip, choice);
  if (name == NULL)
    dump_labels (GTK_WIDGET (page));
  g_assert_nonnull (name);
  plus = gtk_widget_get_last_child (gtk_widget_get_parent (name));
  g_assert_true (GTK_IS_BUTTON (plus));
  g_assert_true (gtk_widget_get_sensitive (plus));
  /* As Enter on it: the button shows itself pressed a moment, then is clicked. */
  revision.history = muster_bs_document_get_history (document);
  revision.revision = muster_history_get_revision (revision.history);
  g_assert_true (gtk_widget_activate (plus));
  spin_until (history_moved, &revision);
}

static void
build_legal (const LegalRecipe *recipe,
             guint              index)
{
  MusterBsLibrary *library = muster_application_get_bs_library (app);
  MusterWindow *window = muster_window_new (app);
  MusterNewListDialog *dialog;
  MusterBsWindow *roster_window;
  MusterBsDocument *document;
  MusterBsPage *page;
  g_autofree char *name = g_strdup_printf ("legal-%u.ros", index);
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GBytes) first = NULL;
  g_autoptr(GBytes) second = NULL;

  g_assert_nonnull (muster_bs_library_lookup (library, recipe->system_id));
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);

  /* New List: the game system, its catalogue, the first force, the limit. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-list", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_NEW_LIST_DIALOG));
  dialog = MUSTER_NEW_LIST_DIALOG (find_toplevel (MUSTER_TYPE_NEW_LIST_DIALOG));
  g_assert_true (muster_new_list_dialog_select_bs_system (dialog, recipe->system_id));
  g_assert_true (muster_new_list_dialog_select_catalogue (dialog, recipe->catalogue_id));
  if (recipe->force_entry_id != NULL)
    g_assert_true (muster_new_list_dialog_select_force_entry (dialog, recipe->force_entry_id));
  if (recipe->cost_type_id != NULL)
    g_assert_true (muster_new_list_dialog_set_cost_limit (dialog, recipe->cost_type_id, recipe->limit));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "create");
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_BS_WINDOW));
  roster_window = MUSTER_BS_WINDOW (find_toplevel (MUSTER_TYPE_BS_WINDOW));
  document = muster_bs_window_get_document (roster_window);
  page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (roster_window), MUSTER_TYPE_BS_PAGE));
  gtk_window_destroy (GTK_WINDOW (window));
  spin_until (page_idle, NULL);
  if (recipe->brought != NULL)
    g_assert_cmpuint (count_root_named (document, recipe->brought), ==, 1);

  /* Each step fixes what the findings ask for, until none is left. */
  for (const Step *step = recipe->steps; step->action != NULL; step++)
    {
      const char *choice = strchr (step->action, '>');

      if (choice != NULL)
        {
          g_autofree char *parent = g_strndup (step->action, choice - step->action);

          take_choice (page, document, parent, choice + 1);
        }
      else
        g_assert_nonnull (muster_bs_page_add_entry (page, step->action));
      spin_until (page_idle, NULL);
      if (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)) != step->n_errors)
        {
          GListModel *findings = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));

          for (guint k = 0; k < g_list_model_get_n_items (findings); k++)
            {
              g_autoptr(MusterDiagnostic) finding = g_list_model_get_item (findings, k);

              g_printerr ("finding: %s\n", muster_diagnostic_get_message (finding));
            }
        }
      if (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)) != step->n_errors)
        g_error ("%s, after %s: %u errors, not %u", recipe->folder, step->action,
                 muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), step->n_errors);
      if (step->finding != NULL)
        g_assert_true (has_finding (document, step->finding));
    }
  g_assert_true (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (document)));
  g_assert_nonnull (find_matching (GTK_WIDGET (page), label_is, "The roster is legal"));
  g_assert_cmpstr (costs_of (roster_window), ==, recipe->costs);
  if (recipe->brought != NULL)
    g_assert_cmpuint (count_root_named (document, recipe->brought), ==, 1);
  hold ();

  /* Saved, reopened the same, and saved again to the same bytes. */
  save_and_wait (document, file);
  close_window (roster_window);
  roster_window = open_roster (file);
  document = muster_bs_window_get_document (roster_window);
  g_assert_false (muster_bs_document_get_read_only (document));
  g_assert_true (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (document)));
  g_assert_cmpstr (costs_of (roster_window), ==, recipe->costs);
  first = contents_of (path);
  muster_bs_document_set_name (document, NULL, NULL, "Renamed");
  muster_bs_document_set_name (document, NULL, NULL, muster_bs_system_get_name (muster_bs_document_get_system (document)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roster_window), "win.save", NULL));
  spin_until (saved, document);
  second = contents_of (path);
  g_assert_true (g_bytes_equal (first, second));
  close_window (roster_window);
  g_unlink (path);
}

/* The three shared sets (issue 21's "done means"): in each, a roster made with New List and
 * built through the window's actions, its findings fixed one by one until "The roster is
 * legal", saved, reopened with the same costs and legality, and saved again byte for byte. */
static void
test_bs_legal_sets (void)
{
  static const LegalRecipe recipes[] = {
    { "wh40k-10e", "sys-352e-adc2-7639-d6a9", "1f19-6509-d906-ca10", NULL, "51b2-306e-1021-d207", 2000,
      "330 / 2000 pts", NULL, {
        { "Detachments>Shield Host", 2, "Battle Size" },
        { "Battle Size>2. Strike Force (2000 Point limit)", 1, "Character" },
        { "Shield-Captain", 0, NULL },
        { "Custodian Wardens", 0, NULL },
        { NULL } } },
    { "black-powder", NULL, "cd17-a898-ee5f-20f3", NULL, NULL, 0, "90 Points", NULL, {
        { "Division Commander", 1, "Commanders" },
        { "Division Commander>Staff Rating 8", 0, NULL },
        { "Infantry Brigade", 1, "Infantry Brigade Commander" },
        { "Infantry Brigade>Staff Rating 8", 0, NULL },
        { "Infantry Brigade>Infantry Battalion", 0, NULL },
        { "Infantry Brigade>Infantry Battalion", 0, NULL },
        { NULL } } },
    /* A force entry French.cat declares itself ("French 1812"): the force brings its
     * required brigade, whose missing commander is the one finding. */
    { "black-powder", NULL, "3374-2659-9a34-30e2", "256a-1b43-66d5-8389", NULL, 0, "38 Points", NULL, {
        { "Infantry Brigade 1812>Staff Rating 7", 0, NULL },
        { NULL } } },
    /* Bolt Action's data says 0 pts for a limit: New List offers 1000. A Reinforced
     * Platoon needs an Officer (min 1 in that force entry), so the force comes with one;
     * adding "Officer" as well made the second 0-pt Officer seen before. */
    { "boltaction", NULL, "6e9e-98ec-1dd4-a49c", NULL, NULL, 0, "100 / 1000 pts", "Officer", {
        { "Heer Infantry Squad", 0, NULL },
        { "Heer Infantry Squad", 0, NULL },
        { NULL } } },
  };
  const char *bsdata = g_getenv ("MUSTER_BSDATA");
  MusterBsLibrary *library;

  if (bsdata == NULL || *bsdata == '\0')
    {
      g_test_skip ("MUSTER_BSDATA is not set");
      return;
    }
  library = library_of_folders (bsdata);
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_library_get_systems (library)), ==, 3);
  for (guint i = 0; i < G_N_ELEMENTS (recipes); i++)
    {
      LegalRecipe recipe = recipes[i];

      /* The game systems of Black Powder and Bolt Action are found by their folder. */
      GListModel *systems = muster_bs_library_get_systems (library);

      for (guint j = 0; recipe.system_id == NULL && j < g_list_model_get_n_items (systems); j++)
        {
          g_autoptr(MusterBsSystem) system = g_list_model_get_item (systems, j);

          if (g_str_has_suffix (muster_bs_system_get_folder (system), recipe.folder))
            recipe.system_id = muster_bs_system_get_id (system);
        }
      g_assert_nonnull (recipe.system_id);
      build_legal (&recipe, i);
    }
}

/* @action with (kind, path) or (path), the file read back once it is there */
static char *
output_and_read (MusterBsWindow *window,
                 const char     *action,
                 GVariant       *param,
                 const char     *path,
                 gsize          *length)
{
  FileWait wait = { path, 1 };
  char *contents = NULL;

  g_remove (path);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), action, param));
  spin_until (file_written, &wait);
  /* written through a temporary file and a rename: complete once it is there */
  g_assert_true (g_file_get_contents (path, &contents, length, NULL));
  return contents;
}

/* The roster window's Export menu and Print, through their actions (no file dialog): each
 * of the roster's exports is written, a print is the list's PDF pages, an export onto a
 * symlink replaces its target as a save does; a kind a roster has not writes nothing. A
 * roster whose data is missing exports and prints what its file records. */
static void
test_bs_export_print (void)
{
  MusterBsLibrary *library = library_of_folders (FIXTURE);
  MusterBsWindow *window = muster_bs_window_new (app);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  GSettings *settings = muster_application_get_settings (app);
  g_autofree char *path = g_build_filename (tmp_dir, "out", NULL);
  g_autofree char *link = g_build_filename (tmp_dir, "link", NULL);
  g_autoptr(GError) error = NULL;
  const struct { const char *kind; const char *starts; const char *has; } kinds[] = {
    { "txt", "Export Patrol\n", "Ranger Squad" },
    { "md", NULL, "Ranger Squad" },
    { "html", "<!DOCTYPE html>", "Ranger Squad" },
    { "list", "%PDF", "/MediaBox [ 0 0 595.276 841.89 ]" },
    { "cards", "%PDF", NULL },
  };
  guint list_pages = 0;

  g_settings_set_enum (settings, "paper", 0);
  g_settings_set_boolean (settings, "landscape", FALSE);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  g_assert_true (muster_bs_document_start_with_force (document,
                                                      muster_bs_library_lookup (library, "sk-gs"),
                                                      "Export Patrol", "fe-patrol", "sk-rangers",
                                                      NULL, &error));
  g_assert_no_error (error);
  spin_until (page_idle, NULL);
  g_assert_nonnull (muster_bs_page_add_entry (page, "Ranger Squad"));
  spin_until (page_idle, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      gsize length;
      g_autofree char *contents =
        output_and_read (window, "win.export-to", g_variant_new ("(ss)", kinds[i].kind, path),
                         path, &length);

      if (kinds[i].starts)
        g_assert_true (g_str_has_prefix (contents, kinds[i].starts));
      if (kinds[i].has)
        g_assert_true (contains (contents, length, kinds[i].has));
      if (g_str_equal (kinds[i].kind, "list"))
        list_pages = pdf_pages (contents, length);
    }
  g_assert_cmpuint (list_pages, >, 0);

  /* Print: GtkPrintOperation draws the list's pages, on the remembered paper (Letter,
   * landscape here). */
  g_settings_set_enum (settings, "paper", 1);
  g_settings_set_boolean (settings, "landscape", TRUE);
  {
    gsize length;
    g_autofree char *printed = output_and_read (window, "win.print-to", g_variant_new_string (path),
                                                path, &length);

    g_assert_true (g_str_has_prefix (printed, "%PDF"));
    g_assert_cmpuint (pdf_pages (printed, length), >=, list_pages);
    /* GTK's Letter, landscape: 792 × 612 points to within its rounding */
    g_assert_true (contains (printed, length, "/MediaBox [ 0 0 791.99"));
  }
  g_settings_reset (settings, "paper");
  g_settings_reset (settings, "landscape");

  /* Onto a symlink: its target replaced by a whole new file, the link kept. */
  {
    g_autofree char *contents = NULL;
    GStatBuf before, after;

    g_assert_true (g_file_set_contents (path, "old", -1, NULL));
    g_assert_cmpint (g_stat (path, &before), ==, 0);
    g_assert_cmpint (symlink ("out", link), ==, 0);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-to", "(ss)",
                                               "txt", link));
    {
      FileWait wait = { path, 10 };

      spin_until (file_written, &wait);
    }
    g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    g_assert_true (g_str_has_prefix (contents, "Export Patrol\n"));
    g_assert_cmpint (g_stat (path, &after), ==, 0);
    g_assert_cmpuint (after.st_ino, !=, before.st_ino);
    g_remove (link);
  }

  /* A map is not among a roster's exports: nothing is written. */
  {
    guint rounds = 0;

    g_remove (path);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-to", "(ss)",
                                               "map-png", path));
    spin_until (no_more_work, &rounds);
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  }
  close_window (window);

  /* Without its data, what the file records exports and prints (not judged). */
  {
    g_autoptr(GFile) file = g_file_new_for_path (FIXTURE "/needs-other-forces.ros");
    g_autofree char *text = NULL;

    window = open_roster (file);
    text = output_and_read (window, "win.export-to", g_variant_new ("(ss)", "txt", path), path,
                            NULL);
    g_assert_nonnull (strstr (text, "Far Away"));
    g_assert_nonnull (strstr (text, "Absent Game, revision 7"));
    g_assert_nonnull (strstr (text, "Warband (Wanderers) — 95 pts"));
    g_assert_nonnull (strstr (text, "2× Old Guard"));
    g_assert_nonnull (strstr (text, "5× Veteran"));
    g_assert_nonnull (strstr (text, "Not checked: the game data is missing"));
    /* It prints the same: the list's pages (printing was off before, and wrote nothing). */
    {
      gsize length;
      g_autofree char *printed = output_and_read (window, "win.print-to",
                                                  g_variant_new_string (path), path, &length);

      g_assert_true (g_str_has_prefix (printed, "%PDF"));
      g_assert_cmpuint (pdf_pages (printed, length), >=, 1);
    }
    close_window (window);
  }
}

static guint
n_roster_copies (void)
{
  g_autoptr(GFile) dir = muster_recovery_get_default_dir ();
  g_autoptr(GPtrArray) entries = muster_recovery_scan (dir);
  guint n = 0;

  for (guint i = 0; i < entries->len; i++)
    n += muster_recovery_entry_is_roster (entries->pdata[i]);
  return n;
}

static gboolean
roster_copies_are (gpointer n)
{
  return n_roster_copies () == GPOINTER_TO_UINT (n);
}

/* A roster's recovery file as a crashed session leaves it */
static GFile *
leave_roster_copy (const char *path,
                   GFile      *origin)
{
  g_autoptr(GFile) dir = muster_recovery_get_default_dir ();
  GFile *file = muster_recovery_new_file_with_suffix (dir, ".ros");
  g_autoptr(GBytes) bytes = contents_of (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_recovery_write (file, bytes, origin, &error));
  g_assert_no_error (error);
  return file;
}

static MusterBsWindow *
roster_window_titled (const char *title)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (MUSTER_IS_BS_WINDOW (l->data) && g_str_has_suffix (gtk_window_get_title (l->data) ?: "", "Muster") &&
        strstr (gtk_window_get_title (l->data), title) != NULL)
      return l->data;
  return NULL;
}

/* An edited roster is copied for recovery after the Preferences' delay; saving or closing on
 * purpose removes the copy. After a crash the copy is offered with the lists', restored in a
 * roster window modified and unsaved, and kept until saved; one whose data is missing is said
 * so and kept. */
static void
test_bs_recovery (void)
{
  MusterBsLibrary *library = library_of_folders (FIXTURE);
  GSettings *settings = muster_application_get_settings (app);
  MusterBsWindow *window = muster_bs_window_new (app);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  g_autofree char *path = g_build_filename (tmp_dir, "crash.ros", NULL);
  g_autoptr(GFile) origin = g_file_new_for_path (path);
  g_autoptr(GFile) copy = NULL;
  g_autoptr(GFile) orphan = NULL;
  g_autoptr(GError) error = NULL;
  MusterWindow *main_window;
  AdwMessageDialog *dialog;
  MusterBsWindow *restored, *missing;

  g_settings_set_uint (settings, "recovery-delay", 1);
  g_assert_cmpuint (n_roster_copies (), ==, 0);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  g_assert_true (muster_bs_document_start_with_force (document,
                                                      muster_bs_library_lookup (library, "sk-gs"),
                                                      "Crash Patrol", "fe-patrol", "sk-rangers",
                                                      NULL, &error));
  spin_until (page_idle, NULL);
  g_assert_nonnull (muster_bs_page_add_entry (page, "Captain"));
  g_assert_cmpuint (n_roster_copies (), ==, 0);
  spin_until (roster_copies_are, GUINT_TO_POINTER (1));

  /* Saving removes it. */
  muster_bs_document_save_async (document, origin, NULL, NULL, NULL);
  spin_until (saved, document);
  g_assert_cmpuint (n_roster_copies (), ==, 0);

  /* Closing on purpose does too: the roster window goes without its copy. */
  g_assert_nonnull (muster_bs_page_add_entry (page, "Ranger Squad"));
  spin_until (roster_copies_are, GUINT_TO_POINTER (1));
  close_window (window);
  g_assert_cmpuint (n_roster_copies (), ==, 0);

  /* A crash left two: this roster, edited since its save, and one of data the folders lack. */
  copy = leave_roster_copy (path, origin);
  orphan = leave_roster_copy (FIXTURE "/needs-other.ros", NULL);
  g_assert_cmpuint (n_roster_copies (), ==, 2);
  main_window = muster_window_new (app);
  gtk_window_present (GTK_WINDOW (main_window));
  spin_until (window_mapped, main_window);
  muster_recovery_dialog_offer (app, main_window);
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG));
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (find_matching (adw_message_dialog_get_extra_child (dialog), row_has_title,
                                   "Crash Patrol"));
  hold ();
  respond (dialog, "restore");

  /* Each in a roster window; the list window stays empty. */
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG));
  restored = roster_window_titled ("Crash Patrol");
  g_assert_nonnull (restored);
  spin_until (loaded, restored);
  g_assert_true (muster_window_is_empty (main_window));
  g_assert_true (muster_bs_document_get_modified (muster_bs_window_get_document (restored)));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (restored)), "• Crash Patrol"));
  g_assert_cmpstr (costs_of (restored), ==, "30 / 100 pts · 1 CP");
  hold ();
  g_assert_true (g_file_equal (muster_bs_document_get_file (muster_bs_window_get_document (restored)),
                               origin));

  /* The one whose data is missing says so, and its copy stays for when the data is back. */
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Restore the Roster");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Absent Game"));
  missing = MUSTER_BS_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  respond (dialog, "close");
  close_window (missing);
  g_assert_true (g_file_query_exists (orphan, NULL));

  /* The restored copy stays until the save that holds it. */
  g_assert_true (g_file_query_exists (copy, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (restored), "win.save", NULL));
  spin_until (saved, muster_bs_window_get_document (restored));
  g_assert_false (g_file_query_exists (copy, NULL));
  close_window (restored);
  gtk_window_destroy (GTK_WINDOW (main_window));
  g_assert_true (g_file_delete (orphan, NULL, NULL));
  g_settings_reset (settings, "recovery-delay");
  g_unlink (path);
}

/* Whether the focus is in @widget */
static gboolean
focus_in (GtkWidget *widget)
{
  GtkWidget *focus = focus_widget ();

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* Tabs (or Shift+Tabs) until the focus is in @widget. */
static void
tab_into (GtkWidget  *widget,
          const char *key)
{
  for (guint i = 0; i < 40 && !focus_in (widget); i++)
    press (key);
  if (!focus_in (widget))
    g_error ("%s never reaches a %s", key, G_OBJECT_TYPE_NAME (widget));
}

/* The widgets of @type shown at or under @widget, depth first (a drop-down's list, in its
 * closed popover, is not) */
static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, found);
}

static gboolean
one_entry (gpointer entries)
{
  return g_list_model_get_n_items (entries) == 1;
}

/* Entirely by keyboard: Ctrl+F and a search, Tab to the catalogue, Return adds its entry;
 * Tab into the editor, a count typed; arrows and Return in the roster tree open the force's
 * editor; Ctrl+Z undoes the count, then the entry. */
static void
test_bs_keyboard (void)
{
  MusterBsLibrary *library = library_of_folders (FIXTURE);
  MusterBsWindow *window = muster_bs_window_new (app);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  g_autoptr(GPtrArray) views = g_ptr_array_new ();
  GtkWidget *entries_view, *tree_view, *number;
  g_autoptr(MusterBsItem) selected = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_bs_document_start_with_force (document,
                                                      muster_bs_library_lookup (library, "sk-gs"),
                                                      "Keys", "fe-patrol", "sk-rangers", NULL,
                                                      &error));
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  spin_until (page_idle, NULL);
  /* The catalogue's entries, then the roster tree */
  collect (GTK_WIDGET (page), GTK_TYPE_LIST_VIEW, views);
  g_assert_cmpuint (views->len, >=, 2);
  /* Not by their order: the leaflet keeps its panes in an order of its own. The catalogue's
   * list sits beside the search; the roster tree is the first other one. */
  entries_view = tree_view = NULL;
  for (guint i = 0; i < views->len; i++)
    {
      GtkWidget *pane = gtk_widget_get_parent (gtk_widget_get_parent (views->pdata[i]));

      if (entries_view == NULL && find_descendant (pane, GTK_TYPE_SEARCH_ENTRY) != NULL)
        entries_view = views->pdata[i];
      else if (tree_view == NULL)
        tree_view = views->pdata[i];
    }
  g_assert_nonnull (entries_view);
  g_assert_nonnull (tree_view);

  /* The catalogue pane: search, Tab down to the entries, Return adds the one found. */
  press ("<Control>f");
  g_assert_true (GTK_IS_EDITABLE (focus_widget ()));
  type ("squad");
  /* The search waits for the typing to pause. */
  spin_until (one_entry, muster_bs_page_get_entries (page));
  tab_into (entries_view, "Tab");
  press ("Return");
  spin_until (page_idle, NULL);
  selected = muster_bs_page_get_selected (page);
  g_assert_nonnull (selected);
  g_assert_cmpstr (muster_bs_item_get_name (selected), ==, "Ranger Squad");
  g_assert_cmpstr (costs_of (window), ==, "40 / 100 pts");

  /* Its editor: Tab to the number, 2 typed, Return. */
  number = find_descendant (GTK_WIDGET (page), GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (number);
  tab_into (number, "Tab");
  type ("2");
  press ("Return");
  spin_until (page_idle, NULL);
  g_assert_cmpstr (costs_of (window), ==, "80 / 100 pts");

  /* The roster tree: Shift+Tab back to it, Up to the force, Return opens its editor. */
  tab_into (tree_view, "<Shift>Tab");
  for (guint i = 0; i < 5 && (selected == NULL || muster_bs_item_get_force (selected) == NULL); i++)
    {
      press ("Up");
      press ("Return");
      spin_until (page_idle, NULL);
      g_clear_object (&selected);
      selected = muster_bs_page_get_selected (page);
    }
  g_assert_nonnull (muster_bs_item_get_force (selected));
  g_assert_nonnull (find_matching (GTK_WIDGET (page), label_is, "Add Detachment"));
  hold ();

  /* Ctrl+Z: the count, then the entry. */
  press ("<Control>z");
  spin_until (page_idle, NULL);
  g_assert_cmpstr (costs_of (window), ==, "40 / 100 pts");
  press ("<Control>z");
  spin_until (page_idle, NULL);
  g_assert_cmpstr (costs_of (window), ==, "0 / 100 pts");
  close_window (window);
}

#ifdef MUSTER_HAVE_XTEST
typedef struct
{
  MusterBsWindow *window;
  const char     *costs;
} CostsWatch;

static gboolean
costs_read (gpointer data)
{
  CostsWatch *watch = data;

  return g_strcmp0 (costs_of (watch->window), watch->costs) == 0;
}

/* Waits until the header's costs read @costs. */
static void
wait_costs (MusterBsWindow *window,
            const char     *costs)
{
  CostsWatch watch = { window, costs };

  wait_for (costs_read, &watch, costs);
}

/* With the pointer, as a user: entries picked in the catalogue pane and added with Add to
 * Force, a double-click adding another, the number raised with the spin's +, the + of a
 * choice in the editor, and the header's Undo. */
static void
test_bs_pointer (void)
{
  MusterBsLibrary *library = library_of_folders (FIXTURE);
  MusterBsWindow *window = muster_bs_window_new (app);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  g_autoptr(GError) error = NULL;
  GtkWidget *number;

  g_assert_true (muster_bs_document_start_with_force (document,
                                                      muster_bs_library_lookup (library, "sk-gs"),
                                                      "Pointer", "fe-patrol", "sk-rangers", NULL,
                                                      &error));
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  pump (300);

  /* A click on the entry, a click on Add to Force */
  click_text (GTK_WIDGET (page), "Captain");
  click_text (GTK_WIDGET (page), "Add to Force");
  wait_costs (window, "30 / 100 pts · 1 CP");

  /* A double-click adds too; the squad fixes the finding. */
  click_n (reveal_text (GTK_WIDGET (page), "Ranger Squad"), 1, 2);
  wait_costs (window, "70 / 100 pts · 1 CP");
  g_assert_nonnull (wait_text (GTK_WIDGET (page), "The roster is legal"));

  /* The new squad's editor: the number's + makes it two squads, over the limit (the editor
   * is made again after the edit: the spin clicked is gone). */
  number = find_descendant (GTK_WIDGET (page), GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (number);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (number)), ==, 1);
  click (spin_button_part (GTK_SPIN_BUTTON (number), "up"));
  wait_costs (window, "110 / 100 pts · 1 CP");
  g_assert_nonnull (wait_text (GTK_WIDGET (page), "1 error"));
  shot ("bs-pointer");

  /* The header's Undo, twice: one squad, then none. */
  click (find_button_by_icon (GTK_WIDGET (window), "edit-undo-symbolic"));
  wait_costs (window, "70 / 100 pts · 1 CP");
  click (find_button_by_icon (GTK_WIDGET (window), "edit-undo-symbolic"));
  wait_costs (window, "30 / 100 pts · 1 CP");
  close_window (window);
}
#endif

/* A roster's findings are in the validation panel a list's are in (issue 21): its title counts
 * them, each row says where in names, and activating the one about the squad (a click or
 * Enter: the list's "activate") selects the squad in the roster tree and opens it in the
 * editor; one about the whole roster says so. The fixture is tests/data/battlescribe/illegal.ros: no HQ, 3 troopers where 5 are
 * the least, 60 pts over a limit of 50. */
static void
test_bs_findings_panel (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (MUSTER_TEST_DATA "/battlescribe/illegal.ros");
  MusterBsWindow *window;
  MusterBsDocument *document;
  MusterBsPage *page;
  GtkWidget *panel, *view;
  GListModel *rows;
  g_autofree char *summary = NULL;
  g_autoptr(MusterBsItem) selected = NULL;
  guint n_errors, position = G_MAXUINT;
  const char *owner = NULL;

  library_of_folders (MUSTER_TEST_DATA "/battlescribe");
  window = open_roster (file);
  document = muster_bs_window_get_document (window);
  page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  spin_until (page_idle, NULL);
  n_errors = muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document));
  g_assert_cmpuint (n_errors, >=, 2);

  panel = find_descendant (GTK_WIDGET (window), MUSTER_TYPE_VALIDATION_PANEL);
  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_get_mapped (panel));
  summary = muster_validation_panel_dup_summary (MUSTER_VALIDATION_PANEL (panel));
  g_assert_nonnull (strstr (summary, "errors"));
  g_assert_nonnull (find_matching (panel, label_is, summary));
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (find_descendant (panel, GTK_TYPE_REVEALER))));
  g_assert_false (gtk_widget_get_visible (find_matching (GTK_WIDGET (page), label_is, "")));
  view = find_descendant (panel, GTK_TYPE_LIST_VIEW);
  rows = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (view)));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==,
                    g_list_model_get_n_items (muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document))));

  /* The finding about a selection: where it is, in names; then activated. */
  for (guint i = 0; i < g_list_model_get_n_items (rows) && position == G_MAXUINT; i++)
    {
      g_autoptr(MusterDiagnostic) finding = g_list_model_get_item (rows, i);
      const char *path = muster_diagnostic_get_issue (finding)->path;

      if (path != NULL && strstr (path, "ms-s3") != NULL)
        {
          position = i;
          owner = strrchr (path, '/') + 1;
          g_assert_cmpstr (muster_diagnostic_get_location (finding), ==,
                           g_str_equal (owner, "ms-s3") ? "Patrol › Squad" : "Patrol › Squad › Trooper");
          g_assert_nonnull (find_matching (panel, label_is, muster_diagnostic_get_location (finding)));
        }
    }
  g_assert_cmpuint (position, !=, G_MAXUINT);
  /* Opened, the first force is selected, not the squad. */
  {
    g_autoptr(MusterBsItem) before = muster_bs_page_get_selected (page);

    g_assert_true (before == NULL || muster_bs_item_get_selection (before) == NULL);
  }
  g_signal_emit_by_name (view, "activate", position);
  spin_until (page_idle, NULL);
  selected = muster_bs_page_get_selected (page);
  g_assert_nonnull (selected);
  g_assert_nonnull (muster_bs_item_get_selection (selected));
  g_assert_cmpstr (muster_bs_selection_get_id (muster_bs_item_get_selection (selected)), ==, owner);
  /* ...and the editor shows it. */
  g_assert_nonnull (find_matching (GTK_WIDGET (page), is_editor_title,
                                   g_str_equal (owner, "ms-s3") ? "Squad" : "Trooper"));

  /* A finding about the whole roster selects nothing and says nothing of where. */
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(MusterDiagnostic) finding = g_list_model_get_item (rows, i);

      if (*(muster_diagnostic_get_issue (finding)->path ?: "") == '\0')
        g_assert_false (muster_findings_source_reveal (MUSTER_FINDINGS_SOURCE (document), i));
    }
  /* ...and its row says it is about the whole roster. */
  g_assert_nonnull (find_matching (panel, label_is, "The whole roster"));
  g_assert_null (find_matching (panel, label_is, "The whole list"));
  hold ();
  close_window (window);
}

/* An edit that leaves what the selected row's editor shows as it was keeps the editor's
 * widgets (building a unit's options was most of an edit's frame, issue 21); an edit of that
 * row's own number and name keeps them too, showing what changed (/ui/bs/editor-follows
 * compares such an editor with one built afresh). */
static void
test_bs_editor_kept (void)
{
  MusterBsLibrary *library = library_of_folders (FIXTURE);
  MusterBsWindow *window = muster_bs_window_new (app);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  MusterBsSelection *captain, *squad;
  GtkWidget *rifle;

  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  muster_bs_document_start (document, muster_bs_library_lookup (library, "sk-gs"), "Patrol");
  g_assert_nonnull (muster_bs_document_add_force (document, NULL, "fe-patrol", "sk-rangers", NULL));
  spin_until (page_idle, NULL);
  captain = muster_bs_page_add_entry (page, "Captain");
  squad = muster_bs_page_add_entry (page, "Ranger Squad");
  g_assert_nonnull (captain);
  g_assert_nonnull (squad);
  spin_until (page_idle, NULL);
  rifle = find_matching (GTK_WIDGET (page), label_is, "Rifle (default)");
  g_assert_nonnull (rifle);

  /* The captain's number: the squad's editor stays as it is. */
  muster_bs_document_set_count (document, captain, 2);
  spin_until (page_idle, NULL);
  g_assert_true (find_matching (GTK_WIDGET (page), label_is, "Rifle (default)") == rifle);

  /* The squad's own number and name: kept, showing them. */
  muster_bs_document_set_count (document, squad, 2);
  muster_bs_document_set_name (document, NULL, squad, "Blue Squad");
  spin_until (page_idle, NULL);
  g_assert_true (find_matching (GTK_WIDGET (page), label_is, "Rifle (default)") == rifle);
  g_assert_nonnull (find_matching (GTK_WIDGET (page), label_is, "Blue Squad"));
  g_assert_nonnull (find_matching (GTK_WIDGET (page), spin_text_is, "2"));
  close_window (window);
}

/* An editor row's note, shown */
static gboolean
is_shown_note (GtkWidget  *widget,
               const char *unused)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "caption") &&
         gtk_widget_get_visible (widget);
}

/* A collective entry's row in the editor (issue 21): its count is per model of the parent,
 * and the row says what that makes in all, following the parent's number. The fixture is
 * tests/data/battlescribe/skirmish-weapon-teams.cat: frag grenades, collective, on a gunner. */
static void
test_bs_collective (void)
{
  MusterBsLibrary *library = library_of_folders (MUSTER_TEST_DATA "/battlescribe");
  MusterBsSystem *system = muster_bs_library_lookup (library, "ms-gs");
  MusterBsWindow *window = muster_bs_window_new (app);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  g_autoptr(GError) error = NULL;
  MusterBsSelection *team, *gunner, *frag;

  g_assert_nonnull (system);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  muster_bs_document_start (document, system, "Gunners");
  g_assert_nonnull (muster_bs_document_add_force (document, NULL, "ms-patrol", "ms-weapon-teams", &error));
  g_assert_no_error (error);
  spin_until (page_idle, NULL);
  team = muster_bs_page_add_entry (page, "Gun Team");
  g_assert_nonnull (team);
  g_assert_cmpuint (muster_bs_selection_get_n_children (team), ==, 1);
  gunner = muster_bs_selection_get_child (team, 0);
  muster_bs_document_set_count (document, gunner, 5);
  frag = muster_bs_document_select (document, muster_bs_selection_get_force (gunner), gunner,
                                   "ms-frag", &error);
  g_assert_no_error (error);
  g_assert_nonnull (frag);
  spin_until (page_idle, NULL);
  /* The gunner's row got its first child: the tree shows it (a row made childless had no
   * expander, ever). */
  g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (frag)));
  g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (gunner)));
  spin_until (page_idle, NULL);
  g_assert_nonnull (find_matching (GTK_WIDGET (page), is_editor_title, "Gunner"));
  g_assert_nonnull (find_matching (GTK_WIDGET (page), label_is, "1 per model, 5 in all"));
  hold ();

  /* Fewer gunners: the same one a model, fewer in all. */
  muster_bs_document_set_count (document, gunner, 3);
  spin_until (page_idle, NULL);
  g_assert_null (find_matching (GTK_WIDGET (page), label_is, "1 per model, 5 in all"));
  g_assert_nonnull (find_matching (GTK_WIDGET (page), label_is, "1 per model, 3 in all"));
  /* One gunner: the count says it all (the editor kept, its note hidden). */
  muster_bs_document_set_count (document, gunner, 1);
  spin_until (page_idle, NULL);
  g_assert_null (find_matching (GTK_WIDGET (page), label_is, "1 per model, 1 in all"));
  g_assert_null (find_matching (find_descendant (GTK_WIDGET (page), MUSTER_TYPE_CULL_BOX),
                                is_shown_note, NULL));
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  if (!ui_test_init (&argc, &argv))
    return 0;
  tmp_dir = g_dir_make_tmp ("muster-bs-XXXXXX", NULL);
  g_test_add_func ("/ui/bs/build-save-reopen", test_bs_build_save_reopen);
  g_test_add_func ("/ui/bs/missing-data", test_bs_missing_data);
  g_test_add_func ("/ui/bs/older-revision", test_bs_older_revision);
  g_test_add_func ("/ui/bs/read-only-view", test_bs_read_only_view);
  g_test_add_func ("/ui/bs/findings-panel", test_bs_findings_panel);
  g_test_add_func ("/ui/bs/beside-data", test_bs_beside_data);
  g_test_add_func ("/ui/bs/preferences", test_bs_preferences);
  g_test_add_func ("/ui/bs/drop", test_bs_drop);
  g_test_add_func ("/ui/bs/new-roster", test_bs_new_roster);
  g_test_add_func ("/ui/bs/export-print", test_bs_export_print);
  g_test_add_func ("/ui/bs/legal-sets", test_bs_legal_sets);
  g_test_add_func ("/ui/bs/recovery", test_bs_recovery);
  g_test_add_func ("/ui/bs/keyboard", test_bs_keyboard);
  g_test_add_func ("/ui/bs/editor-kept", test_bs_editor_kept);
  g_test_add_func ("/ui/bs/collective", test_bs_collective);
#ifdef MUSTER_HAVE_XTEST
  {
    int event, error, major, minor;

    /* The pointer walk-through needs XTest on an X11 display. */
    if (GDK_IS_X11_DISPLAY (gdk_display_get_default ()) &&
        XTestQueryExtension ((xdisplay = gdk_x11_display_get_xdisplay (gdk_display_get_default ())),
                             &event, &error, &major, &minor))
      g_test_add_func ("/ui/bs/pointer", test_bs_pointer);
  }
#endif
  ret = ui_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
