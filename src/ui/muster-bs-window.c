/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-bs-page.h"
#include "muster-bs-window.h"
#include "muster-file-drop.h"
#include "muster-recent.h"
#include "muster-save-changes.h"

/*
 * A window of one BattleScribe roster: the header with undo, redo, the costs against their
 * limits and Save, the strip naming the data a read-only roster needs, and the page. A roster
 * opened while the game data folders are still being scanned waits for the scan.
 */

struct _MusterBsWindow
{
  AdwApplicationWindow  parent_instance;

  /* Owned References */
  MusterBsDocument     *document;
  GCancellable         *cancellable;
  GFile                *pending;   /* waiting for the library's scan */
  GFile                *opening;   /* being opened, until it is or fails */
  gboolean              loading;
  gboolean              looked_beside;  /* the roster's own folder was scanned for its data */

  /* Template Widgets */
  AdwWindowTitle       *window_title;
  GtkWidget            *undo_button;
  GtkWidget            *redo_button;
  GtkLabel             *costs_label;
  AdwSqueezer          *costs_squeezer;
  GtkWidget            *costs_box;
  guint                 squeezed_idle;
  GtkInfoBar           *missing_bar;
  GtkLabel             *missing_label;
  AdwToastOverlay      *toast_overlay;
  MusterBsPage         *page;
};

G_DEFINE_FINAL_TYPE (MusterBsWindow, muster_bs_window, ADW_TYPE_APPLICATION_WINDOW)

gboolean
muster_bs_is_roster_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && (g_str_has_suffix (name, ".ros") || g_str_has_suffix (name, ".rosz"));
}

static void
add_toast (MusterBsWindow *self,
           const char     *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

static void update (MusterBsWindow *self);

/* The title is laid out before the squeezer that says where the costs go: it follows once
 * both are. */
static gboolean
squeezed_idle_cb (gpointer user_data)
{
  MusterBsWindow *self = user_data;

  self->squeezed_idle = 0;
  update (self);
  return G_SOURCE_REMOVE;
}

static void
costs_squeezed_cb (MusterBsWindow *self)
{
  if (self->squeezed_idle == 0 && self->document != NULL)
    self->squeezed_idle = g_idle_add (squeezed_idle_cb, self);
}

static void
update (MusterBsWindow *self)
{
  MusterHistory *history = muster_bs_document_get_history (self->document);
  gboolean editable = muster_bs_document_get_roster (self->document) != NULL;
  g_autofree char *title = muster_bs_document_dup_title (self->document);
  g_autofree char *shown = NULL;
  g_autofree char *costs = muster_bs_document_dup_costs_text (self->document);
  g_autofree char *missing = muster_bs_document_dup_missing (self->document);
  GFile *file = muster_bs_document_get_file (self->document);
  g_autofree char *where = file ? g_file_get_path (file) : NULL;

  shown = muster_bs_document_get_modified (self->document) ? g_strdup_printf ("• %s", title)
                                                            : g_strdup (title);
  adw_window_title_set_title (self->window_title, shown);
  adw_window_title_set_subtitle (self->window_title,
                                 adw_squeezer_get_visible_child (self->costs_squeezer)
                                 != self->costs_box ? costs : where);
  {
    g_autofree char *window_title = g_strdup_printf (_("%s — Muster"), shown);

    gtk_window_set_title (GTK_WINDOW (self), window_title);
  }
  gtk_label_set_label (self->costs_label, costs);
  if (missing != NULL)
    {
      g_autofree char *text =
        g_strdup_printf (_("This roster needs the game data of %s, which is not in the game data "
                           "folders (Preferences): it is shown read-only."), missing);

      gtk_label_set_label (self->missing_label, text);
    }
  gtk_info_bar_set_revealed (self->missing_bar, missing != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", editable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", editable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 muster_history_get_can_undo (history));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 muster_history_get_can_redo (history));
}

static void start_loading (MusterBsWindow *self);

static void
scan_beside_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  g_task_return_pointer (task, muster_bs_library_scan_folder (task_data, cancellable),
                         (GDestroyNotify) g_ptr_array_unref);
}

static MusterBsLibrary *library_of (MusterBsWindow *self);

static void
scan_beside_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (object);
  g_autoptr(GPtrArray) systems = g_task_propagate_pointer (G_TASK (result), NULL);
  MusterBsLibrary *library = library_of (self);

  self->loading = FALSE;
  if (systems == NULL || library == NULL || muster_bs_library_add_systems (library, systems) == 0)
    return;
  /* Its data may be among them: open it again, over the library as it is now. */
  g_set_object (&self->pending, muster_bs_document_get_file (self->document));
  g_set_object (&self->opening, self->pending);
  self->loading = TRUE;
  start_loading (self);
}

/* A roster whose data is not in the folders: its own folder may hold it (a .ros opened from
 * a BSData clone is enough to start). Scanned once, on a worker thread. */
static void
look_beside (MusterBsWindow *self)
{
  GFile *file = muster_bs_document_get_file (self->document);
  g_autoptr(GFile) parent = file ? g_file_get_parent (file) : NULL;
  g_autoptr(GTask) task = NULL;

  if (self->looked_beside || parent == NULL || g_file_peek_path (parent) == NULL)
    return;
  self->looked_beside = TRUE;
  self->loading = TRUE;
  task = g_task_new (self, self->cancellable, scan_beside_cb, NULL);
  g_task_set_task_data (task, g_file_get_path (parent), g_free);
  g_task_run_in_thread (task, scan_beside_thread);
}

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(MusterBsWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  self->loading = FALSE;
  g_clear_object (&self->opening);
  if (!muster_bs_document_load_finish (MUSTER_BS_DOCUMENT (object), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          AdwMessageDialog *dialog =
            ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Could Not Open the Roster"),
                                                        error->message));

          adw_message_dialog_add_response (dialog, "close", _("_Close"));
          gtk_window_present (GTK_WINDOW (dialog));
        }
      return;
    }
  muster_recent_add (muster_bs_document_get_file (self->document));
  if (muster_bs_document_get_read_only (self->document))
    look_beside (self);
}

static MusterBsLibrary *
library_of (MusterBsWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return MUSTER_IS_APPLICATION (app) ? muster_application_get_bs_library (MUSTER_APPLICATION (app))
                                     : NULL;
}

static void
start_loading (MusterBsWindow *self)
{
  g_autoptr(GFile) file = g_steal_pointer (&self->pending);

  if (file == NULL)
    return;
  muster_bs_document_load_async (self->document, library_of (self), file, self->cancellable,
                                 load_cb, g_object_ref (self));
}

static void
scanning_cb (MusterBsWindow  *self,
             GParamSpec      *pspec,
             MusterBsLibrary *library)
{
  if (!muster_bs_library_get_scanning (library))
    start_loading (self);
}

void
muster_bs_window_open_file (MusterBsWindow *self,
                            GFile          *file)
{
  MusterBsLibrary *library;

  g_return_if_fail (MUSTER_IS_BS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  g_set_object (&self->pending, file);
  g_set_object (&self->opening, file);
  self->loading = TRUE;
  library = library_of (self);
  if (library != NULL && muster_bs_library_get_scanning (library))
    g_signal_connect_object (library, "notify::scanning", G_CALLBACK (scanning_cb), self,
                             G_CONNECT_SWAPPED);
  else
    start_loading (self);
}

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(MusterBsWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!muster_bs_document_save_finish (MUSTER_BS_DOCUMENT (object), result, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not save: %s"), error->message);

      add_toast (self, message);
      return;
    }
  muster_recent_add (muster_bs_document_get_file (self->document));
  add_toast (self, _("Saved"));
}

static void
save_as_response_cb (GtkNativeDialog *native,
                     int              response,
                     MusterBsWindow  *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      muster_bs_document_save_async (self->document, file, self->cancellable, save_cb,
                                     g_object_ref (self));
    }
  g_object_unref (native);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *title = muster_bs_document_dup_title (self->document);
  g_autofree char *name = g_strdup_printf ("%s.ros", title);
  GtkFileChooserNative *native;

  gtk_file_filter_set_name (filter, _("BattleScribe Rosters"));
  gtk_file_filter_add_pattern (filter, "*.ros");
  gtk_file_filter_add_pattern (filter, "*.rosz");
  native = muster_save_as_chooser_new (GTK_WINDOW (self), filter,
                                       muster_bs_document_get_file (self->document), name);
  g_signal_connect (native, "response", G_CALLBACK (save_as_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (widget);
  GFile *file = muster_bs_document_get_file (self->document);

  if (file == NULL)
    save_as_action (widget, "win.save-as", NULL);
  else
    muster_bs_document_save_async (self->document, file, self->cancellable, save_cb,
                                   g_object_ref (self));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  muster_history_undo (muster_bs_document_get_history (MUSTER_BS_WINDOW (widget)->document));
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  muster_history_redo (muster_bs_document_get_history (MUSTER_BS_WINDOW (widget)->document));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  gtk_window_close (GTK_WINDOW (widget));
}

static gboolean
muster_bs_window_close_request (GtkWindow *window)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (window);

  if (muster_bs_document_get_modified (self->document))
    {
      g_autofree char *title = muster_bs_document_dup_title (self->document);

      muster_save_changes_ask (window, title);
      return TRUE;
    }
  g_cancellable_cancel (self->cancellable);
  return GTK_WINDOW_CLASS (muster_bs_window_parent_class)->close_request (window);
}

static void
muster_bs_window_dispose (GObject *object)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->squeezed_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_BS_WINDOW);

  G_OBJECT_CLASS (muster_bs_window_parent_class)->dispose (object);
}

static void
muster_bs_window_finalize (GObject *object)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (object);

  g_clear_object (&self->document);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->pending);
  g_clear_object (&self->opening);

  G_OBJECT_CLASS (muster_bs_window_parent_class)->finalize (object);
}

static void
muster_bs_window_class_init (MusterBsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = muster_bs_window_dispose;
  object_class->finalize = muster_bs_window_finalize;
  window_class->close_request = muster_bs_window_close_request;

  g_type_ensure (MUSTER_TYPE_BS_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-bs-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, costs_label);
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, costs_squeezer);
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, costs_box);
  gtk_widget_class_bind_template_callback (widget_class, costs_squeezed_cb);
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, missing_bar);
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, missing_label);
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, page);

  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
}

static void
muster_bs_window_init (MusterBsWindow *self)
{
  MusterHistory *history;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->document = muster_bs_document_new ();
  muster_file_drop_attach (GTK_WINDOW (self));
  history = muster_bs_document_get_history (self->document);
  muster_bs_page_set_document (self->page, self->document);
  g_signal_connect_object (self->document, "changed", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (history, "notify", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);
}

MusterBsWindow *
muster_bs_window_new (MusterApplication *application)
{
  return g_object_new (MUSTER_TYPE_BS_WINDOW, "application", application, NULL);
}

/* Returns: (transfer none): the window's roster */
MusterBsDocument *
muster_bs_window_get_document (MusterBsWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_WINDOW (self), NULL);
  return self->document;
}

/* Returns: (transfer none) (nullable): the file shown, or the one being opened */
GFile *
muster_bs_window_get_file (MusterBsWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_WINDOW (self), NULL);
  return self->opening ? self->opening : muster_bs_document_get_file (self->document);
}

gboolean
muster_bs_window_get_loading (MusterBsWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_WINDOW (self), FALSE);
  return self->loading;
}
