/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "muster-army-page.h"
#include "muster-commands.h"
#include "muster-preferences-window.h"
#include "muster-recent.h"
#include "muster-recovery-dialog.h"
#include "muster-welcome-page.h"
#include "ui-test-util.h"

/* The Files part of the Army workspace: the welcome page, recent lists, one window a document,
 * the error dialog, recovery copies and the offer to restore them. */

static char *tmp_dir;

static GFile *
sample_file (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            name, NULL);

  return g_file_new_for_path (path);
}

/* Returns: (transfer full): a copy of a sample in the test's own folder, free to save over */
static GFile *
sample_copy (const char *name)
{
  g_autoptr(GFile) sample = sample_file (name);
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  GFile *copy = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_copy (sample, copy, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return copy;
}

static MusterWelcomePage *
welcome_page_of (MusterWindow *window)
{
  GtkWidget *page = find_descendant (GTK_WIDGET (window), MUSTER_TYPE_WELCOME_PAGE);

  g_assert_nonnull (page);
  return MUSTER_WELCOME_PAGE (page);
}

/* Whether the window's content stack shows the welcome page rather than the workspaces */
static gboolean
shows_welcome (MusterWindow *window)
{
  GtkWidget *page = GTK_WIDGET (welcome_page_of (window));

  return gtk_stack_get_visible_child (GTK_STACK (gtk_widget_get_parent (page))) == page;
}

static guint
n_windows (void)
{
  return g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
}

static gboolean
no_windows (gpointer data)
{
  return n_windows () == 0;
}

static gboolean
no_dialog (gpointer data)
{
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG) == NULL;
}

static guint
n_rows (GtkListBox *list)
{
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n++;
  return n;
}

static gboolean
has_rows (gpointer list)
{
  return n_rows (list) > 0;
}

static gboolean
has_no_rows (gpointer list)
{
  return n_rows (list) == 0;
}

static gboolean
recent_contains (GFile *file)
{
  g_autoptr(GPtrArray) recent = muster_recent_list (MUSTER_RECENT_MAX);
  g_autofree char *uri = g_file_get_uri (file);

  for (guint i = 0; i < recent->len; i++)
    if (g_str_equal (gtk_recent_info_get_uri (recent->pdata[i]), uri))
      return TRUE;
  return FALSE;
}

static gboolean
recent_contains_cb (gpointer file)
{
  return recent_contains (file);
}

static gboolean
is_true (gpointer flag)
{
  return *(gboolean *) flag;
}

static void
forget_recent (void)
{
  g_autoptr(GPtrArray) recent = NULL;

  gtk_recent_manager_purge_items (gtk_recent_manager_get_default (), NULL);
  recent = muster_recent_list (MUSTER_RECENT_MAX);
  g_assert_cmpuint (recent->len, ==, 0);
}

static void
test_welcome_page (void)
{
  MusterWindow *window = new_shown_window ();
  g_autoptr(GFile) file = sample_file ("standards-of-valor-punitive-cohort.muster");

  /* No document: the welcome page, with New List and Open. */
  g_assert_true (shows_welcome (window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (welcome_page_of (window))));

  muster_window_open_file (window, file);
  spin_until (window_document_loaded, window);
  g_assert_false (shows_welcome (window));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_recent_lists (void)
{
  MusterWindow *first = new_shown_window ();
  MusterWindow *second = NULL;
  g_autoptr(GFile) file = sample_file ("battle-valor-fantasy-1000.muster");
  g_autoptr(GFile) other = sample_file ("standards-of-valor-punitive-cohort.muster");
  GtkListBox *rows;
  GtkWidget *row;

  forget_recent ();
  spin_until (has_no_rows, muster_welcome_page_get_recent_list (welcome_page_of (first)));

  /* Opening a list makes it recent, once its first frame is drawn (writing the recent list
   * does not hold that frame up)... */
  muster_window_open_file (first, file);
  spin_until (window_document_loaded, first);
  g_assert_false (recent_contains (file));
  spin_until (recent_contains_cb, file);
  g_assert_false (recent_contains (other));

  /* ...so a new window's welcome page offers it, and activating the row opens it there. */
  second = new_shown_window ();
  rows = muster_welcome_page_get_recent_list (welcome_page_of (second));
  gtk_window_destroy (GTK_WINDOW (first));
  spin_until (has_rows, rows);
  g_assert_cmpuint (n_rows (rows), ==, 1);
  row = gtk_widget_get_first_child (GTK_WIDGET (rows));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                   "battle-valor-fantasy-1000");
  g_signal_emit_by_name (row, "activate");
  spin_until (window_document_loaded, second);

  /* Ctrl+Shift+O drops the Open button's list of recent lists down. */
  {
    g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                  "win.show-recent");
    GtkWidget *split = find_descendant (GTK_WIDGET (second), ADW_TYPE_SPLIT_BUTTON);
    GtkWidget *popover = find_descendant (split, GTK_TYPE_POPOVER);

    g_assert_cmpstr (accels[0], ==, "<Shift><Control>o");
    g_assert_nonnull (popover);
    g_assert_false (gtk_widget_get_visible (popover));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (second), "win.show-recent", NULL));
    spin_until (window_mapped, popover);
    gtk_popover_popdown (GTK_POPOVER (popover));
  }
  g_assert_true (g_file_equal (muster_document_get_file (muster_window_get_document (second)),
                               file));
  g_assert_cmpuint (n_windows (), ==, 1);
  gtk_window_destroy (GTK_WINDOW (second));

  /* A window closed before the list's first frame was drawn still makes the list recent. */
  first = new_shown_window ();
  muster_window_open_file (first, other);
  spin_until (window_document_loaded, first);
  g_assert_false (recent_contains (other));
  gtk_window_destroy (GTK_WINDOW (first));
  g_assert_true (recent_contains (other));
}

static void
changed_cb (GtkRecentManager *manager,
            gboolean         *changed)
{
  *changed = TRUE;
}

/* Until the recent lists change; handlers connected before ours have run by then. */
static void
spin_until_recent_changed (void)
{
  gboolean changed = FALSE;
  gulong handler = g_signal_connect (gtk_recent_manager_get_default (), "changed",
                                     G_CALLBACK (changed_cb), &changed);

  spin_until (is_true, &changed);
  g_signal_handler_disconnect (gtk_recent_manager_get_default (), handler);
}

static void
count_cb (gpointer  source,
          guint    *count)
{
  (*count)++;
}

/* The desktop's recent list changes whenever any application opens a file: the windows hear of
 * it only when the Muster documents listed change. */
static void
test_recent_watch (void)
{
  MusterRecentWatch *watch = muster_recent_watch_get_default ();
  g_autoptr(GFile) file = sample_file ("battle-valor-fantasy-1000.muster");
  g_autoptr(GFile) other = sample_file ("standards-of-valor-punitive-cohort.muster");
  g_autofree char *readme = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "README.md", NULL);
  g_autofree char *readme_uri = g_filename_to_uri (readme, NULL, NULL);
  g_autofree char *other_uri = g_file_get_uri (other);
  GPtrArray *items;
  guint changes = 0;
  gulong handler;

  forget_recent ();
  muster_recent_add (file);
  spin_until_recent_changed ();
  handler = g_signal_connect (watch, "changed", G_CALLBACK (count_cb), &changes);

  /* Another application's file, and the first list opened again: the same lists. */
  g_assert_true (gtk_recent_manager_add_item (gtk_recent_manager_get_default (), readme_uri));
  spin_until_recent_changed ();
  muster_recent_add (file);
  spin_until_recent_changed ();
  g_assert_cmpuint (changes, ==, 0);
  g_assert_cmpuint (muster_recent_watch_get_items (watch)->len, ==, 1);

  /* Another list: news. */
  muster_recent_add (other);
  spin_until_recent_changed ();
  g_assert_cmpuint (changes, ==, 1);
  items = muster_recent_watch_get_items (watch);
  g_assert_cmpuint (items->len, ==, 2);
  g_assert_cmpstr (gtk_recent_info_get_uri (items->pdata[0]), ==, other_uri);

  g_signal_handler_disconnect (watch, handler);
  forget_recent ();
  spin_until_recent_changed ();
}

static gboolean
watch_lists_first (gpointer file)
{
  GPtrArray *items = muster_recent_watch_get_items (muster_recent_watch_get_default ());
  g_autofree char *uri = g_file_get_uri (file);

  return items->len > 0 && g_str_equal (gtk_recent_info_get_uri (items->pdata[0]), uri);
}

static const char *
first_row_title (GtkListBox *rows)
{
  GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (rows));

  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
}

static void
test_welcome_page_out_of_sight (void)
{
  g_autoptr(GFile) file = sample_file ("battle-valor-fantasy-1000.muster");
  g_autoptr(GFile) other = sample_file ("standards-of-valor-punitive-cohort.muster");
  MusterWindow *window;
  MusterWelcomePage *page;
  GtkListBox *rows;

  forget_recent ();
  muster_recent_add (other);
  spin_until (watch_lists_first, other);
  window = new_shown_window ();
  page = welcome_page_of (window);
  rows = muster_welcome_page_get_recent_list (page);
  g_assert_cmpuint (n_rows (rows), ==, 1);

  /* With a list open the page is out of sight: it is not rebuilt as the recent lists change
   * (here, with the list just opened)... */
  muster_window_open_file (window, file);
  spin_until (window_document_loaded, window);
  g_assert_false (shows_welcome (window));
  spin_until (watch_lists_first, file);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (page)));
  g_assert_cmpuint (n_rows (rows), ==, 1);
  g_assert_cmpstr (first_row_title (rows), ==, "standards-of-valor-punitive-cohort");

  /* ...but as it comes into sight. */
  gtk_stack_set_visible_child (GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (page))),
                               GTK_WIDGET (page));
  spin_until (window_mapped, page);
  g_assert_cmpuint (n_rows (rows), ==, 2);
  g_assert_cmpstr (first_row_title (rows), ==, "battle-valor-fantasy-1000");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A list whose rule system is not installed opens uncosted, and its units can still be edited. */
static void
test_unknown_rule_system (void)
{
  static const char xml[] =
    "<muster format='1'><ruleset id='no-such-system' version='1.0'/><title>Lost</title>"
    "<force id='f1' name='Lost' points='100'><unit type='infantry' size='4' name='Band'/>"
    "</force></muster>";
  g_autofree char *path = g_build_filename (tmp_dir, "lost.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MusterWindow *window = new_shown_window ();
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterUnit *unit;

  g_assert_true (g_file_set_contents (path, xml, -1, NULL));
  muster_window_open_file (window, file);
  spin_until (window_document_loaded, window);
  g_assert_null (muster_document_get_ruleset (muster_window_get_document (window)));
  unit = muster_node_get_unit (muster_force_get_root (
    muster_document_get_force (muster_window_get_document (window))), 0);
  g_assert_true (muster_army_page_select_unit (page, unit));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-size", "u", 6));
  g_assert_cmpuint (muster_unit_get_size (unit), ==, 6);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_one_window_per_document (void)
{
  MusterWindow *showing = new_shown_window ();
  MusterWindow *asking = NULL;
  g_autoptr(GFile) file = sample_file ("battle-valor-fantasy-1000.muster");
  g_autoptr(GFile) other = sample_file ("standards-of-valor-punitive-cohort.muster");
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *other_uri = g_file_get_uri (other);

  muster_window_open_file (showing, file);
  spin_until (window_document_loaded, showing);

  /* Asking for it again, from another window, by Open Recent or the file manager: the window
   * that has it comes forward; no second copy to diverge. */
  asking = new_shown_window ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (asking), "win.open-recent", "s", uri));
  g_assert_true (muster_window_is_empty (asking));
  g_assert_cmpuint (n_windows (), ==, 2);
  g_application_open (G_APPLICATION (app), &file, 1, "");
  g_assert_cmpuint (n_windows (), ==, 2);
  g_assert_true (muster_window_is_empty (asking));

  /* A document not open yet takes the empty window that asked. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (asking), "win.open-recent", "s",
                                             other_uri));
  spin_until (window_document_loaded, asking);
  g_assert_cmpuint (n_windows (), ==, 2);

  /* From a window that has a list, a new window. */
  g_assert_true (muster_application_find_window (app, other) == GTK_WINDOW (asking));
  gtk_window_destroy (GTK_WINDOW (asking));
  g_assert_null (muster_application_find_window (app, other));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (showing), "win.open-recent", "s",
                                             other_uri));
  g_assert_cmpuint (n_windows (), ==, 2);
  g_assert_true (g_file_equal (muster_document_get_file (muster_window_get_document (showing)),
                               file));

  while (n_windows () > 0)
    gtk_window_destroy (gtk_application_get_windows (GTK_APPLICATION (app))->data);

  /* A window still opening its file has it already: asking twice in a row, or for another
   * file meanwhile, never loads two documents into one window. */
  showing = new_shown_window ();
  muster_application_open_file (app, file, GTK_WINDOW (showing));
  g_assert_false (muster_window_is_empty (showing));
  g_assert_true (muster_application_find_window (app, file) == GTK_WINDOW (showing));
  muster_application_open_file (app, file, NULL);
  g_assert_cmpuint (n_windows (), ==, 1);
  muster_application_open_file (app, other, GTK_WINDOW (showing));
  g_assert_cmpuint (n_windows (), ==, 2);
  spin_until (window_document_loaded, showing);
  g_assert_true (g_file_equal (muster_document_get_file (muster_window_get_document (showing)),
                               file));
  while (n_windows () > 0)
    gtk_window_destroy (gtk_application_get_windows (GTK_APPLICATION (app))->data);
}

static void
test_error_dialog (void)
{
  MusterWindow *window = new_shown_window ();
  g_autofree char *path = g_build_filename (MUSTER_TEST_DATA, "malformed.muster", NULL);
  g_autoptr(GFile) malformed = g_file_new_for_path (path);
  g_autofree char *gone_path = g_build_filename (tmp_dir, "gone.muster", NULL);
  g_autoptr(GFile) gone = g_file_new_for_path (gone_path);
  GtkWindow *dialog;
  const char *body;

  muster_window_open_file (window, malformed);
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG));
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (window));
  /* The file in the heading; its line and the problem in the text. */
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "Could Not Open “malformed.muster”");
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "malformed.muster:5:"));
  g_assert_nonnull (strstr (body, "mismatch"));
  g_assert_true (muster_window_is_empty (window));
  g_assert_false (recent_contains (malformed));
  gtk_window_destroy (dialog);

  /* A recent list that has gone away is dropped from the recent lists. */
  {
    g_autoptr(GFile) copy = sample_copy ("battle-valor-fantasy-1000.muster");

    g_assert_true (g_file_move (copy, gone, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, NULL));
    muster_recent_add (gone);
    g_assert_true (recent_contains (gone));
    g_assert_true (g_file_delete (gone, NULL, NULL));
  }
  muster_window_open_file (window, gone);
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG));
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "Could Not Open “gone.muster”");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                            gone_path));
  {
    g_autofree char *uri = g_file_get_uri (gone);

    g_assert_false (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));
  }
  gtk_window_destroy (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

static guint
n_recovery_files (void)
{
  g_autoptr(GFile) dir = muster_recovery_get_default_dir ();
  g_autoptr(GPtrArray) entries = muster_recovery_scan (dir);

  return entries->len;
}

static gboolean
recovery_written (gpointer data)
{
  return n_recovery_files () == GPOINTER_TO_UINT (data);
}

static gboolean
document_clean (gpointer window)
{
  return !muster_document_get_modified (muster_window_get_document (window));
}

static void
rename_list (MusterWindow *window,
             const char   *title)
{
  MusterDocument *document = muster_window_get_document (window);
  g_autoptr(MusterCommand) command = muster_set_title_command_new (document, title);

  muster_history_push (muster_document_get_history (document), command);
}

static void
test_recovery_copy (void)
{
  MusterWindow *window = new_shown_window ();
  g_autoptr(GFile) file = sample_copy ("battle-valor-fantasy-1000.muster");
  GSettings *settings = muster_application_get_settings (app);

  /* The delay comes from the Preferences' setting. */
  g_settings_set_uint (settings, "recovery-delay", 1);
  g_assert_cmpuint (n_recovery_files (), ==, 0);
  muster_window_open_file (window, file);
  spin_until (window_document_loaded, window);

  rename_list (window, "Unsaved Host");
  g_assert_cmpuint (n_recovery_files (), ==, 0);
  spin_until (recovery_written, GUINT_TO_POINTER (1));

  /* Saving removes it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  spin_until (document_clean, window);
  g_assert_cmpuint (n_recovery_files (), ==, 0);

  /* So does closing on purpose (here: Discard in "Save Changes?"). */
  rename_list (window, "Unsaved Again");
  spin_until (recovery_written, GUINT_TO_POINTER (1));
  gtk_window_close (GTK_WINDOW (window));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpuint (n_recovery_files (), ==, 1);
  respond (ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "discard");
  spin_until (no_windows, NULL);
  g_assert_cmpuint (n_recovery_files (), ==, 0);
  g_settings_reset (settings, "recovery-delay");
}

/* A recovery file as a crashed session leaves it */
static GFile *
leave_recovery_file (const char *title,
                     GFile      *origin)
{
  g_autoptr(GFile) dir = muster_recovery_get_default_dir ();
  g_autoptr(GFile) sample = sample_file ("battle-valor-fantasy-1000.muster");
  GFile *file = muster_recovery_new_file (dir);
  g_autoptr(GBytes) bytes = g_file_load_bytes (sample, NULL, NULL, NULL);
  g_autofree char *xml = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_auto(GStrv) parts = g_strsplit (xml, "<title>", 2);
  g_autofree char *retitled = g_strdup_printf ("%s<title>%s — %s", parts[0], title, parts[1]);
  g_autoptr(GBytes) changed = g_bytes_new (retitled, strlen (retitled));
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_recovery_write (file, changed, origin, &error));
  g_assert_no_error (error);
  return file;
}

static MusterWindow *
window_titled (const char *prefix)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    {
      g_autofree char *title = NULL;

      if (!MUSTER_IS_WINDOW (l->data))
        continue;
      title = muster_document_dup_title (muster_window_get_document (l->data));
      if (g_str_has_prefix (title, prefix))
        return l->data;
    }
  return NULL;
}

static void
test_restore_offer (void)
{
  g_autoptr(GFile) origin = sample_copy ("battle-valor-fantasy-1000.muster");
  g_autoptr(GFile) saved_copy = leave_recovery_file ("Crashed", origin);
  g_autoptr(GFile) new_copy = leave_recovery_file ("Never Saved", NULL);
  g_autoptr(GFile) later = NULL;
  AdwMessageDialog *dialog;
  MusterWindow *crashed, *fresh;

  /* Start-up finds them and asks, over the first window. */
  g_application_activate (G_APPLICATION (app));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG));
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Restore Unsaved Lists?");
  g_assert_true (adw_message_dialog_has_response (dialog, "restore"));
  g_assert_true (adw_message_dialog_has_response (dialog, "discard"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "restore");
  g_assert_cmpuint (n_rows (GTK_LIST_BOX (adw_message_dialog_get_extra_child (dialog))), ==, 2);
  g_assert_cmpuint (n_windows (), ==, 1);

  respond (dialog, "restore");
  g_assert_cmpuint (n_windows (), ==, 2);

  /* Each in a window, modified and unsaved; the saved one goes back where it was. */
  crashed = window_titled ("Crashed");
  fresh = window_titled ("Never Saved");
  g_assert_nonnull (crashed);
  g_assert_nonnull (fresh);
  g_assert_true (muster_document_get_modified (muster_window_get_document (crashed)));
  g_assert_true (muster_document_get_modified (muster_window_get_document (fresh)));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (crashed)), "• Crashed"));
  g_assert_true (g_file_equal (muster_document_get_file (muster_window_get_document (crashed)),
                               origin));
  g_assert_null (muster_document_get_file (muster_window_get_document (fresh)));
  g_assert_cmpstr (muster_window_get_workspace (crashed), ==, "army");

  /* The copies stay until saved or closed: a second crash would lose nothing. */
  g_assert_true (g_file_query_exists (saved_copy, NULL));
  g_assert_true (g_file_query_exists (new_copy, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (crashed), "win.save", NULL));
  spin_until (document_clean, crashed);
  g_assert_false (g_file_query_exists (saved_copy, NULL));
  gtk_window_destroy (GTK_WINDOW (fresh));
  g_assert_false (g_file_query_exists (new_copy, NULL));
  gtk_window_destroy (GTK_WINDOW (crashed));

  /* Only once a run. */
  later = leave_recovery_file ("Later", NULL);
  spin_until (no_dialog, NULL);
  g_application_activate (G_APPLICATION (app));
  spin_until (window_mapped, gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_assert_null (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  gtk_window_destroy (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_assert_true (g_file_delete (later, NULL, NULL));
}

static void
test_restore_discard (void)
{
  MusterWindow *window = new_shown_window ();
  g_autoptr(GFile) left = NULL;
  AdwMessageDialog *dialog;

  g_assert_cmpuint (n_recovery_files (), ==, 0);
  left = leave_recovery_file ("Discarded", NULL);

  muster_recovery_dialog_offer (app, window);
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG));
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

  /* Escape decides nothing: they are kept for next time. */
  respond (dialog, adw_message_dialog_get_close_response (dialog));
  g_assert_true (g_file_query_exists (left, NULL));

  muster_recovery_dialog_offer (app, window);
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG));
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  respond (dialog, "discard");
  g_assert_false (g_file_query_exists (left, NULL));
  g_assert_cmpuint (n_recovery_files (), ==, 0);
  g_assert_true (muster_window_is_empty (window));
  g_assert_cmpuint (n_windows (), ==, 1);

  /* Nothing to offer: no dialog. */
  spin_until (no_dialog, NULL);
  muster_recovery_dialog_offer (app, window);
  g_assert_null (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_recovery_preference (void)
{
  MusterWindow *window = new_shown_window ();
  GSettings *settings = muster_application_get_settings (app);
  GtkWindow *prefs;
  GtkSpinButton *spin;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_PREFERENCES_WINDOW));
  prefs = find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);
  spin = GTK_SPIN_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (prefs),
                                                         MUSTER_TYPE_PREFERENCES_WINDOW,
                                                         "recovery_delay_spin"));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 5);
  gtk_spin_button_set_value (spin, 30);
  g_assert_cmpuint (g_settings_get_uint (settings, "recovery-delay"), ==, 30);
  g_settings_reset (settings, "recovery-delay");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 5);

  gtk_window_destroy (prefs);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  if (!ui_test_init (&argc, &argv))
    return 0;
  /* The samples are copied here before a test saves over them. */
  tmp_dir = g_dir_make_tmp ("muster-files-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  /* First: the offer is made once a run, at the first activation. */
  g_test_add_func ("/ui/files/restore-offer", test_restore_offer);
  g_test_add_func ("/ui/files/welcome-page", test_welcome_page);
  g_test_add_func ("/ui/files/recent-lists", test_recent_lists);
  g_test_add_func ("/ui/files/recent-watch", test_recent_watch);
  g_test_add_func ("/ui/files/welcome-page-out-of-sight", test_welcome_page_out_of_sight);
  g_test_add_func ("/ui/files/one-window-per-document", test_one_window_per_document);
  g_test_add_func ("/ui/files/unknown-rule-system", test_unknown_rule_system);
  g_test_add_func ("/ui/files/error-dialog", test_error_dialog);
  g_test_add_func ("/ui/files/recovery-copy", test_recovery_copy);
  g_test_add_func ("/ui/files/restore-discard", test_restore_discard);
  g_test_add_func ("/ui/files/recovery-preference", test_recovery_preference);

  ret = ui_test_run ();
  {
    g_autoptr(GDir) dir = g_dir_open (tmp_dir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
        g_unlink (path);
      }
  }
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
