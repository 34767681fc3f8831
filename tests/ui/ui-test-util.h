/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib/gstdio.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "muster-application.h"
#include "muster-army-page.h"
#include "muster-diagnostics.h"
#include "muster-recoverable.h"
#include "muster-window.h"

/* Shared by the UI tests: each test file defines the application they run in. */
static MusterApplication *app;

static inline void
spin_until (gboolean (*done) (gpointer),
            gpointer   data)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!done (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static inline gboolean
flag_set (gpointer flag)
{
  return *(gboolean *) flag;
}

static inline void
save_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      flag)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_recoverable_save_finish (MUSTER_RECOVERABLE (object), result, &error));
  g_assert_no_error (error);
  *(gboolean *) flag = TRUE;
}

/* Saves @document (a MusterRecoverable) to @file and waits till the file is written: its
 * modified flag says nothing for a document with nothing unsaved, which a new roster with only
 * its force is, and a test that waited on it opened a file not there yet. */
static inline void
save_and_wait (gpointer  document,
               GFile    *file)
{
  gboolean done = FALSE;

  muster_recoverable_save_async (MUSTER_RECOVERABLE (document), file, NULL, save_done_cb, &done);
  spin_until (flag_set, &done);
}

/* A file that a test waits for: there, and at least @min_size bytes long */
typedef struct
{
  const char *path;
  gsize       min_size;
} FileWait;

static inline gboolean
file_written (gpointer data)
{
  const FileWait *wait = data;
  GStatBuf st;

  return g_stat (wait->path, &st) == 0 && (gsize) st.st_size >= wait->min_size;
}

/* Whether @needle is in the first @length bytes of @data, NUL bytes (PDFs have them) and all */
static inline gboolean
contains (const char *data,
          gsize       length,
          const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= length; i++)
    if (memcmp (data + i, needle, n) == 0)
      return TRUE;
  return FALSE;
}

/* How many pages a PDF cairo wrote has */
static inline guint
pdf_pages (const char *data,
           gsize       length)
{
  guint n = 0;

  for (gsize i = 0; i + 11 <= length; i++)
    n += memcmp (data + i, "/Type /Page", 11) == 0 && data[i + 11] != 's';
  return n;
}

/* With spin_until(): some 200 rounds of the main loop, for work that should not happen */
static inline gboolean
no_more_work (gpointer data)
{
  guint *rounds = data;

  return ++*rounds > 200;
}

static inline gboolean
window_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static inline GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

/* As a click on a response button does: the response, then the dialog closes. */
static inline void
respond (AdwMessageDialog *dialog,
         const char       *response)
{
  g_object_ref (dialog);
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
}

static inline gboolean
toplevel_shown (gpointer type)
{
  GtkWindow *window = find_toplevel (GPOINTER_TO_SIZE (type));
  return window != NULL && gtk_widget_get_mapped (GTK_WIDGET (window));
}

/* The first widget of @type at or under @widget, depth first */
static inline GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A label whose text starts with @prefix (for find_matching()) */
static inline gboolean
is_label_starting (GtkWidget  *widget,
                   const char *prefix)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix);
}

/* The first widget under @widget (itself included) that @match accepts with @text */
static inline GtkWidget *
find_matching (GtkWidget  *widget,
               gboolean  (*match) (GtkWidget *, const char *),
               const char *text)
{
  if (match (widget, text))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_matching (child, match, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Three frames drawn: what a change shows has been laid out and painted */
static inline void
run_frames (GtkWidget *widget)
{
  for (guint i = 0; i < 3; i++)
    gtk_test_widget_wait_for_draw (widget);
}

/* The open popover under @root (a menu, a combo's list) */
static inline GtkWidget *
find_open_popover (GtkWidget *root)
{
  if (GTK_IS_POPOVER (root) && gtk_widget_get_mapped (root))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_open_popover (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static inline gboolean
popover_open (gpointer root)
{
  return find_open_popover (root) != NULL;
}

static inline gboolean
popover_closed (gpointer root)
{
  return find_open_popover (root) == NULL;
}

/* @widget's event controller of @type (a test error without one) */
static inline GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return GTK_EVENT_CONTROLLER (controller);
    }
  g_assert_not_reached ();
}

static inline MusterWindow *
new_shown_window (void)
{
  MusterWindow *window = muster_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  return window;
}


/* Returns: FALSE when there is no display: the caller returns 0, a TAP skip. */
static inline gboolean
window_document_loaded (gpointer data)
{
  return muster_document_get_doc (muster_window_get_document (data)) != NULL;
}

/* A new shown window with data/samples/@name open in it */
static inline MusterWindow *
new_sample_window (const char *name)
{
  MusterWindow *window = new_shown_window ();
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  muster_window_open_file (window, file);
  spin_until (window_document_loaded, window);
  return window;
}

/* A window @width × @height, sized before it is shown (a shown window resized under load
 * snapshots a folding tool bar before its allocation), with data/samples/@name open */
static inline MusterWindow *
new_sized_sample_window (const char *name,
                         int         width,
                         int         height)
{
  MusterWindow *window = muster_window_new (app);
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  muster_window_open_file (window, file);
  spin_until (window_document_loaded, window);
  run_frames (GTK_WIDGET (window));
  return window;
}

static inline void
dump_diagnostics (MusterDocument *document,
                  const char     *step)
{
  GListModel *diagnostics = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));

  g_test_message ("after %s: %u findings", step, g_list_model_get_n_items (diagnostics));
  for (guint i = 0; i < g_list_model_get_n_items (diagnostics); i++)
    {
      g_autoptr(MusterDiagnostic) d = g_list_model_get_item (diagnostics, i);

      g_test_message ("  %s: %s", muster_diagnostic_get_rule_id (d),
                      muster_diagnostic_get_message (d));
    }
}

/* The units of @node and the groups under it */
static inline guint
count_units (MusterNode *node)
{
  guint n = muster_node_get_n_units (node);

  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    n += count_units (muster_node_get_node (node, i));
  return n;
}

static inline gboolean
document_saved (gpointer data)
{
  return !muster_document_get_modified (data) && muster_document_get_file (data) != NULL;
}

/* Answers the save dialog that is up for @document with the folder @dir and its default Save
 * (the name it offers). Returns: (transfer full): the file saved */
static inline GFile *
answer_save_dialog (MusterDocument *document,
                    const char     *dir)
{
  GtkWindow *chooser = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autofree char *name = NULL;
  GFile *file;

  g_assert_nonnull (chooser);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
  name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  file = g_file_get_child (folder, name);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  spin_until (document_saved, document);
  g_assert_true (g_file_equal (muster_document_get_file (document), file));
  return file;
}

/* Opens @file in a window of its own: it is the list @text describes, legal. */
static inline void
assert_reopens_as (GFile      *file,
                   const char *text)
{
  MusterWindow *reopened = new_shown_window ();
  g_autofree char *again = NULL;

  muster_window_open_file (reopened, file);
  spin_until (window_document_loaded, reopened);
  again = muster_army_page_dup_text (muster_window_get_army_page (reopened));
  g_assert_cmpstr (again, ==, text);
  g_assert_true (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (muster_window_get_document (reopened))));
  gtk_window_destroy (GTK_WINDOW (reopened));
}

/* The private XDG folders of this run (ui_test_fresh_dirs()) */
static char *ui_test_xdg_root;

static void
ui_test_remove_tree (GFile *file)
{
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME,
                               G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  GFile *child;

  while (children != NULL && g_file_enumerator_iterate (children, NULL, &child, NULL, NULL) &&
         child != NULL)
    ui_test_remove_tree (child);
  g_file_delete (file, NULL, NULL);
}

static void
ui_test_remove_xdg_root (void)
{
  g_autoptr(GFile) root = g_file_new_for_path (ui_test_xdg_root);

  ui_test_remove_tree (root);
  g_clear_pointer (&ui_test_xdg_root, g_free);
}

/* Points XDG_STATE_HOME and XDG_DATA_HOME at new empty folders of this run, removed when it
 * exits: recovery copies or house rules a crashed earlier run left in the build tree cannot
 * reach this one (they were offered at start-up, or counted by the recovery tests). Called
 * before anything asks GLib for these folders: GLib reads the variables once. */
static inline void
ui_test_fresh_dirs (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *state = NULL;
  g_autofree char *data = NULL;

  ui_test_xdg_root = g_dir_make_tmp ("muster-ui-xdg-XXXXXX", &error);
  g_assert_no_error (error);
  state = g_build_filename (ui_test_xdg_root, "state", NULL);
  data = g_build_filename (ui_test_xdg_root, "data", NULL);
  g_assert_cmpint (g_mkdir (state, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (data, 0700), ==, 0);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  atexit (ui_test_remove_xdg_root);
}

static inline gboolean
ui_test_init (int    *argc,
              char ***argv)
{
  g_autoptr(GError) error = NULL;

  ui_test_fresh_dirs ();
  g_test_init (argc, argv, NULL);
  gtk_disable_setlocale ();
  setlocale (LC_ALL, "C.UTF-8");

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return FALSE;
    }
  adw_init ();

  app = muster_application_new (APP_ID ".Test", G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return TRUE;
}

static inline int
ui_test_run (void)
{
  int ret = g_test_run ();

  g_clear_object (&app);
  return ret;
}
