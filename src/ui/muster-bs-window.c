/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-bs-export.h"
#include "muster-bs-outline-view.h"
#include "muster-bs-page.h"
#include "muster-bs-follow.h"
#include "muster-bs-scenario.h"
#include "muster-bs-window.h"
#include "muster-file-chooser.h"
#include "muster-file-drop.h"
#include "muster-output.h"
#include "muster-recent.h"
#include "muster-recovery-dialog.h"
#include "muster-save.h"
#include "muster-save-changes.h"
#include "muster-window.h"

/*
 * A window of one BattleScribe roster: the header with undo, redo, the costs against their
 * limits and Save, the strip naming the data a read-only roster needs (or what no longer
 * matches in a roster saved with another revision of its data), and the page, or the roster as
 * its file records it when its data is missing; its menu exports and prints the roster. A
 * roster opened (or restored after a crash) while the game data folders are still being scanned
 * waits for the scan. Unsaved edits are kept in a recovery copy, as a list's are.
 */

struct _MusterBsWindow
{
  AdwApplicationWindow  parent_instance;

  /* Owned References */
  MusterBsDocument     *document;
  MusterAutosave       *autosave;
  MusterRecoveryEntry  *restoring;  /* waiting for the library's scan */
  GCancellable         *cancellable;
  GFile                *pending;   /* waiting for the library's scan */
  GFile                *opening;   /* being opened, until it is or fails */
  gboolean              loading;
  gboolean              looked_beside;  /* the roster's own folder was scanned for its data */
  guint                 actions_state;  /* what update() enabled last (G_MAXUINT: nothing yet) */

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
  GtkStack             *view_stack;
  MusterBsPage         *page;
  AdwBin               *outline_bin;
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

/* What needs the roster's game data */
static const char * const output_actions[] = { "win.export", "win.export-to", "win.print",
                                               "win.print-preview", "win.print-to",
                                               "win.place-on-battlefield" };

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

static void update_actions (MusterBsWindow *self,
                            gboolean        editable);

static void
update (MusterBsWindow *self)
{
  gboolean editable = muster_bs_document_get_roster (self->document) != NULL;
  g_autofree char *title = muster_bs_document_dup_title (self->document);
  g_autofree char *shown = NULL;
  g_autofree char *costs = muster_bs_document_dup_costs_text (self->document);
  g_autofree char *missing = muster_bs_document_dup_missing (self->document);
  g_autofree char *mismatch = muster_bs_document_dup_mismatch (self->document);
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

    /* update() runs several times an edit (each property of the document and its history
     * notifies); GTK 4.8 sets the window's title on the display every time, and lays a
     * label out again for the text it has. */
    if (g_strcmp0 (gtk_window_get_title (GTK_WINDOW (self)), window_title) != 0)
      gtk_window_set_title (GTK_WINDOW (self), window_title);
  }
  if (g_strcmp0 (gtk_label_get_label (self->costs_label), costs) != 0)
    gtk_label_set_label (self->costs_label, costs);
  if (missing != NULL)
    {
      g_autofree char *text =
        g_strdup_printf (_("This roster needs the game data of %s, which is not in the game data "
                           "folders (Preferences): it is shown read-only."), missing);

      gtk_label_set_label (self->missing_label, text);
    }
  else if (mismatch != NULL)
    gtk_label_set_label (self->missing_label, mismatch);
  gtk_info_bar_set_revealed (self->missing_bar, missing != NULL || mismatch != NULL);
  /* Without its data, the roster as its file has it (rebuilt: a read-only roster only
   * changes when it is opened again). */
  if (missing != NULL)
    adw_bin_set_child (self->outline_bin,
                       muster_bs_outline_view_new (muster_bs_document_get_outline (self->document),
                                                   missing));
  gtk_stack_set_visible_child_name (self->view_stack, missing != NULL ? "outline" : "page");
  update_actions (self, editable);
}

/* Each action's enabled state, told to its buttons and menus only when it changes: an edit
 * ran update() five times, and enabling ten actions notified their observers each time
 * (some 2% of an add, issue 21). */
static void
update_actions (MusterBsWindow *self,
                gboolean        editable)
{
  MusterHistory *history = muster_bs_document_get_history (self->document);
  gboolean outline = muster_bs_document_get_outline (self->document) != NULL;
  gboolean can_undo = muster_history_get_can_undo (history);
  gboolean can_redo = muster_history_get_can_redo (history);
  guint state = (editable << 0) | (outline << 1) | (can_undo << 2) | (can_redo << 3);

  if (state == self->actions_state)
    return;
  self->actions_state = state;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", editable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", editable);
  for (guint i = 0; i < G_N_ELEMENTS (output_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), output_actions[i], editable);
  /* Without the data, what the file records still exports and prints (see export_to_file()
   * and run_print()); only placing it on a battlefield needs the data. */
  if (outline)
    for (guint i = 0; i < G_N_ELEMENTS (output_actions); i++)
      if (!g_str_equal (output_actions[i], "win.place-on-battlefield"))
        gtk_widget_action_set_enabled (GTK_WIDGET (self), output_actions[i], TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", can_undo);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", can_redo);
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
show_error (MusterBsWindow *self,
            const char     *heading,
            const GError   *error)
{
  AdwMessageDialog *dialog =
    ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, error->message));

  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
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
        show_error (self, _("Could Not Open the Roster"), error);
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

/* The window keeps the copy it restored up to date from now on, so a second crash loses
 * nothing either. One that cannot be restored stays on disk for when its data is back. */
static void
restore_now (MusterBsWindow *self)
{
  g_autoptr(MusterRecoveryEntry) entry = g_steal_pointer (&self->restoring);
  g_autofree char *name = g_file_get_basename (muster_recovery_entry_get_file (entry));
  g_autoptr(GError) error = NULL;

  self->loading = FALSE;
  if (!muster_bs_document_restore (self->document, library_of (self),
                                   muster_recovery_entry_get_bytes (entry), name,
                                   muster_recovery_entry_get_origin (entry), &error))
    {
      show_error (self, _("Could Not Restore the Roster"), error);
      return;
    }
  muster_autosave_set_file (self->autosave, muster_recovery_entry_get_file (entry));
}

static void
start_loading (MusterBsWindow *self)
{
  g_autoptr(GFile) file = g_steal_pointer (&self->pending);

  if (self->restoring != NULL)
    restore_now (self);
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

/* Loads what is pending now, or once the library's scan has ended. */
static void
load_after_scan (MusterBsWindow *self)
{
  MusterBsLibrary *library = library_of (self);

  self->loading = TRUE;
  if (library != NULL && muster_bs_library_get_scanning (library))
    g_signal_connect_object (library, "notify::scanning", G_CALLBACK (scanning_cb), self,
                             G_CONNECT_SWAPPED);
  else
    start_loading (self);
}

void
muster_bs_window_open_file (MusterBsWindow *self,
                            GFile          *file)
{
  g_return_if_fail (MUSTER_IS_BS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  g_set_object (&self->pending, file);
  g_set_object (&self->opening, file);
  load_after_scan (self);
}

/**
 * muster_bs_window_restore:
 * @entry: a roster's recovery file left by a crash
 *
 * Shows the roster @entry kept, modified and not yet saved, once its game data is known.
 */
void
muster_bs_window_restore (MusterBsWindow      *self,
                          MusterRecoveryEntry *entry)
{
  g_return_if_fail (MUSTER_IS_BS_WINDOW (self));
  g_return_if_fail (MUSTER_IS_RECOVERY_ENTRY (entry));

  g_set_object (&self->restoring, entry);
  load_after_scan (self);
}

/* Export and print: the roster's own exports (muster_bs_export()), written and printed as the
 * Muster window does (muster-output.c). */

static void
toast_cb (GtkWindow  *window,
          const char *message)
{
  add_toast (MUSTER_BS_WINDOW (window), message);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (widget);

  muster_save_document (GTK_WINDOW (self), MUSTER_RECOVERABLE (self->document), TRUE,
                        self->cancellable, toast_cb);
}

static void
exported_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GFile) file = user_data;
  GOutputStream *stream = G_OUTPUT_STREAM (object);
  GtkWindow *window = g_object_get_data (object, "muster-window");
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (!muster_bs_export_to_stream_finish (stream, result, &error) ||
      !g_output_stream_close (stream, NULL, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not export: %s"), error->message);

      toast_cb (window, message);
      return;
    }
  bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (stream));
  muster_output_write (window, toast_cb, file, bytes);
}

/* Writes @kind of the roster to @file, never half-written; a toast tells how it went. The
 * export goes to memory first: only a whole file can be renamed over the old one (through a
 * symlink, keeping its mode), as saves and the Muster window's exports are. */
static void
export_to_file (GtkWindow        *window,
                MusterExportKind  kind,
                GFile            *file)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (window);
  MusterBsRoster *roster = muster_bs_document_get_roster (self->document);
  MusterExportOptions options = { kind };
  g_autoptr(GOutputStream) stream = NULL;
  g_autofree char *title = muster_bs_document_dup_title (self->document);

  muster_output_paper (GTK_WINDOW (self), &options.page);
  if (roster == NULL)
    {
      /* The roster as its file records it: small, so written at once. */
      const MusterBsOutline *outline = muster_bs_document_get_outline (self->document);
      g_autofree char *system = muster_bs_document_dup_missing (self->document);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;

      if (outline == NULL)
        {
          add_toast (self, _("Nothing to export: the roster's game data is not loaded"));
          return;
        }
      bytes = muster_bs_export_outline (outline, system, title, &options, &error);
      if (bytes == NULL)
        {
          g_autofree char *message = g_strdup_printf (_("Could not export: %s"), error->message);

          add_toast (self, message);
          return;
        }
      muster_output_write (GTK_WINDOW (self), toast_cb, file, bytes);
      return;
    }
  stream = g_memory_output_stream_new_resizable ();
  g_object_set_data_full (G_OBJECT (stream), "muster-window", g_object_ref (self),
                          g_object_unref);
  muster_bs_export_to_stream_async (roster, title, &options, stream, self->cancellable,
                                    exported_cb, g_object_ref (file));
}

/* Whether a roster has @kind; a toast says why not otherwise. */
static gboolean
roster_export_kind (GtkWindow        *window,
                    MusterExportKind  kind)
{
  if (muster_bs_export_supports (kind))
    return TRUE;
  add_toast (MUSTER_BS_WINDOW (window), _("A BattleScribe roster exports as text, Markdown, HTML, or its list or "
                     "record cards as PDF"));
  return FALSE;
}

/* What a print job draws: the roster's list, laid out once the paper is known. */
typedef struct
{
  MusterBsList  *list;
  MusterBsSheet *sheet;
} PrintJob;

static guint
print_job_paginate (gpointer               data,
                    const MusterSheetPage *page)
{
  PrintJob *job = data;

  job->sheet = muster_bs_sheet_new (job->list, MUSTER_SHEET_LIST, page);
  return muster_bs_sheet_get_n_pages (job->sheet);
}

static void
print_job_paint (gpointer  data,
                 cairo_t  *cr,
                 guint     page_nr)
{
  PrintJob *job = data;

  muster_bs_sheet_paint_page (job->sheet, cr, page_nr);
}

static void
print_job_free (gpointer data)
{
  PrintJob *job = data;

  g_clear_pointer (&job->sheet, muster_bs_sheet_free);
  g_clear_pointer (&job->list, muster_bs_list_free);
  g_free (job);
}

static const MusterPrintPages print_job_pages = {
  print_job_paginate, NULL, print_job_paint, print_job_free,
};

static void
run_print (GtkWindow               *window,
           GtkPrintOperationAction  action,
           const char              *export_path)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (window);
  MusterBsRoster *roster = muster_bs_document_get_roster (self->document);
  const MusterBsOutline *outline = muster_bs_document_get_outline (self->document);
  g_autofree char *title = muster_bs_document_dup_title (self->document);
  PrintJob *job;

  if (roster == NULL && outline == NULL)
    {
      add_toast (self, _("Nothing to print: the roster's game data is not loaded"));
      return;
    }
  job = g_new0 (PrintJob, 1);
  /* Gathered now: the roster may be edited while the print dialog is up. Without its data,
   * the roster as its file records it, marked unchecked (as its exports are). */
  if (roster != NULL)
    job->list = muster_bs_list_new (roster, title);
  else
    {
      g_autofree char *system = muster_bs_document_dup_missing (self->document);

      job->list = muster_bs_list_new_from_outline (outline, system, title);
    }
  muster_output_print (GTK_WINDOW (self), toast_cb, title, &print_job_pages, job, action,
                       export_path);
}

static char *
dup_title (GtkWindow *window)
{
  return muster_bs_document_dup_title (MUSTER_BS_WINDOW (window)->document);
}

static const MusterOutputActions roster_output = {
  dup_title, roster_export_kind, export_to_file, run_print,
};

static void
drop_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  MusterBsWindow   *self)
{
  GFile *file = muster_bs_document_get_file (self->document);

  if (g_strcmp0 (response, "drop") == 0 && file != NULL)
    muster_save_document (GTK_WINDOW (self), MUSTER_RECOVERABLE (self->document), FALSE,
                          self->cancellable, toast_cb);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (widget);
  GFile *file = muster_bs_document_get_file (self->document);
  MusterBsRoster *roster = muster_bs_document_get_roster (self->document);
  GPtrArray *gone = roster ? muster_bs_roster_get_gone (roster) : NULL;
  GtkWidget *dialog;

  if (file == NULL || gone == NULL || gone->len == 0)
    {
      muster_save_document (GTK_WINDOW (self), MUSTER_RECOVERABLE (self->document), FALSE,
                            self->cancellable, toast_cb);
      return;
    }
  /* Saving over the file read would lose for good what it has that the data no longer has
   * (Save As keeps that file as it is): only when asked to. */
  {
    GString *list = g_string_new (NULL);

    for (guint i = 0; i < gone->len; i++)
      g_string_append_printf (list, "%s%s", i ? ", " : "", (char *) gone->pdata[i]);
    dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Drop Entries No Longer in the Data?"),
                                     NULL);
    /* Translators: %s lists selections and forces, "Old Squad (e-old), Banner (e-banner)" */
    adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                    _("The file has entries the game data no longer has: %s. "
                                      "Saving over it removes them from the file. Save As "
                                      "keeps the file as it is."), list->str);
    g_string_free (list, TRUE);
  }
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "drop", _("_Drop and Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "drop",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (drop_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Place on Battlefield: the roster's units on a new scenario's table, in a Muster window of
 * their own; the roster stays as it is, and the scenario follows its edits. */
static void
place_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (widget);
  MusterBsRoster *roster = muster_bs_document_get_roster (self->document);
  MusterBsSystem *system = muster_bs_document_get_system (self->document);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  MusterWindow *window;
  guint left_out = 0;
  double width, depth;

  if (roster == NULL || !MUSTER_IS_APPLICATION (app))
    return;
  title = muster_bs_roster_get_name (roster) != NULL && *muster_bs_roster_get_name (roster)
          ? g_strdup (muster_bs_roster_get_name (roster))
          : muster_bs_document_dup_title (self->document);
  muster_bs_default_base (settings, system ? muster_bs_system_get_id (system) : NULL,
                          &width, &depth);
  window = muster_window_new (MUSTER_APPLICATION (app));
  if (!muster_bs_scenario_start (muster_window_get_document (window), roster, title, width, depth,
                                 &left_out, &error))
    {
      gtk_window_destroy (GTK_WINDOW (window));
      add_toast (self, error->message);
      return;
    }
  muster_bs_scenario_follow (muster_window_get_document (window), self->document, width, depth);
  muster_window_set_workspace (window, "battlefield");
  gtk_window_present (GTK_WINDOW (window));
  if (left_out > 0)
    {
      g_autofree char *message = g_strdup_printf (ngettext ("%u unit found no room in the zone",
                                                            "%u units found no room in the zone",
                                                            left_out), left_out);

      muster_window_add_toast (window, message);
    }
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

  if (muster_save_changes_ask (window, MUSTER_RECOVERABLE (self->document)))
    return TRUE;
  g_cancellable_cancel (self->cancellable);
  return GTK_WINDOW_CLASS (muster_bs_window_parent_class)->close_request (window);
}

static void
muster_bs_window_dispose (GObject *object)
{
  MusterBsWindow *self = MUSTER_BS_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  /* A window goes away only when closed on purpose: its recovery copy goes with it. */
  if (self->autosave != NULL)
    muster_autosave_discard (self->autosave);
  g_clear_object (&self->autosave);
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
  g_clear_object (&self->restoring);

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
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, page);
  gtk_widget_class_bind_template_child (widget_class, MusterBsWindow, outline_bin);

  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  muster_output_install_actions (widget_class, &roster_output);
  gtk_widget_class_install_action (widget_class, "win.place-on-battlefield", NULL, place_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
}

static void
muster_bs_window_init (MusterBsWindow *self)
{
  MusterHistory *history;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->actions_state = G_MAXUINT;
  self->cancellable = g_cancellable_new ();
  self->document = muster_bs_document_new ();
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    self->autosave = muster_recovery_autosave_new (MUSTER_RECOVERABLE (self->document), settings,
                                                   self->toast_overlay);
  }
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
