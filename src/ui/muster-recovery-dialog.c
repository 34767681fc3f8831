/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-recovery-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-bs-window.h"
#include "muster-recent.h"
#include "muster-recovery-dialog.h"

/*
 * After a crash: the recovery files left behind (see muster-recovery.c), offered in one
 * AdwMessageDialog. Restore opens each in a window of its own (a roster in a roster window),
 * modified and not yet saved; Discard deletes them; closing the dialog without choosing keeps
 * them for next time. And what every window does to leave them: its autosave, set up once here.
 */

typedef struct
{
  AdwToastOverlay *toasts;   /* weak: a write may end after its window has gone */
  gboolean         failing;
} Watch;

static void
watch_free (Watch *watch)
{
  g_clear_weak_pointer (&watch->toasts);
  g_free (watch);
}

/* Once, until a copy is written again: every few seconds would drown the window in toasts. */
static void
autosave_failed_cb (MusterAutosave *autosave,
                    const GError   *error,
                    Watch          *watch)
{
  g_autofree char *message = NULL;

  if (watch->failing || watch->toasts == NULL)
    return;
  watch->failing = TRUE;
  message = g_strdup_printf (_("Unsaved changes are not safe from a crash: %s"), error->message);
  adw_toast_overlay_add_toast (watch->toasts, adw_toast_new (message));
}

static void
autosave_written_cb (MusterAutosave *autosave,
                     Watch          *watch)
{
  watch->failing = FALSE;
}

/* GSettings recovery-delay is in seconds, MusterAutosave:delay in milliseconds. */
static gboolean
seconds_to_ms (GValue   *value,
               GVariant *variant,
               gpointer  user_data)
{
  g_value_set_uint (value, g_variant_get_uint32 (variant) * 1000);
  return TRUE;
}

/**
 * muster_recovery_autosave_new:
 * @document: a window's list or roster
 * @settings: the application's settings, whose recovery-delay it follows
 * @toasts: where a failure to write the copy is said
 *
 * Returns: (transfer full): an autosave in the default recovery folder
 */
MusterAutosave *
muster_recovery_autosave_new (MusterRecoverable *document,
                              GSettings         *settings,
                              AdwToastOverlay   *toasts)
{
  g_autoptr(GFile) dir = muster_recovery_get_default_dir ();
  MusterAutosave *autosave = muster_autosave_new (document, dir);
  Watch *watch = g_new0 (Watch, 1);

  g_set_weak_pointer (&watch->toasts, toasts);
  g_settings_bind_with_mapping (settings, "recovery-delay", autosave, "delay",
                                G_SETTINGS_BIND_GET, seconds_to_ms, NULL, NULL, NULL);
  g_object_set_data_full (G_OBJECT (autosave), "muster-watch", watch, (GDestroyNotify) watch_free);
  g_signal_connect (autosave, "failed", G_CALLBACK (autosave_failed_cb), watch);
  g_signal_connect (autosave, "written", G_CALLBACK (autosave_written_cb), watch);
  return autosave;
}

static char *
describe (MusterRecoveryEntry *entry)
{
  GFile *origin = muster_recovery_entry_get_origin (entry);
  g_autofree char *when = g_date_time_format (muster_recovery_entry_get_modified (entry),
                                              /* Translators: a date and time, see
                                               * g_date_time_format() */
                                              _("%e %B, %H:%M"));
  g_autofree char *name = NULL;
  g_autofree char *where = NULL;

  g_strstrip (when);
  if (origin == NULL)
    /* Translators: %s is when the unsaved list was last changed */
    return g_strdup_printf (_("Never saved · changed %s"), when);
  name = g_file_get_basename (origin);
  where = muster_recent_dup_location (origin);
  /* Translators: a file name, its folder, and when its unsaved changes were made */
  return g_strdup_printf (_("%s in %s · changed %s"), name, where, when);
}

static GtkWidget *
entries_list_new (GPtrArray *entries)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < entries->len; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *subtitle = describe (entries->pdata[i]);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     muster_recovery_entry_get_title (entries->pdata[i]));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      /* Information only: the focus belongs on Restore. */
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      gtk_widget_set_focusable (row, FALSE);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  return list;
}

static void
restore_all (MusterWindow *parent,
             GPtrArray    *entries)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (parent));
  MusterWindow *window = parent;

  for (guint i = 0; i < entries->len; i++)
    {
      g_autoptr(GError) error = NULL;

      /* A roster waits for the game data folders' scan: it says itself if it cannot. */
      if (muster_recovery_entry_is_roster (entries->pdata[i]))
        {
          MusterBsWindow *bs_window = muster_bs_window_new (MUSTER_APPLICATION (app));

          muster_bs_window_restore (bs_window, entries->pdata[i]);
          gtk_window_present (GTK_WINDOW (bs_window));
          continue;
        }
      if (window == NULL || !muster_window_is_empty (window))
        window = muster_window_new (MUSTER_APPLICATION (app));
      if (!muster_window_restore (window, entries->pdata[i], &error))
        {
          /* The scan read it a moment ago; say so rather than lose it silently. */
          g_autofree char *message = g_strdup_printf (_("Could not restore “%s”: %s"),
                                                      muster_recovery_entry_get_title (entries->pdata[i]),
                                                      error->message);
          muster_window_add_toast (parent, message);
          continue;
        }
      gtk_window_present (GTK_WINDOW (window));
      window = NULL;
    }
}

static void
discard_all (MusterWindow *parent,
             GPtrArray    *entries)
{
  for (guint i = 0; i < entries->len; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!muster_recovery_entry_discard (entries->pdata[i], &error))
        {
          g_autofree char *message = g_strdup_printf (_("Could not discard “%s”: %s"),
                                                      muster_recovery_entry_get_title (entries->pdata[i]),
                                                      error->message);
          muster_window_add_toast (parent, message);
        }
    }
}

static void
response_cb (AdwMessageDialog *dialog,
             const char       *response,
             MusterWindow     *parent)
{
  GPtrArray *entries = g_object_get_data (G_OBJECT (dialog), "muster-entries");

  if (g_strcmp0 (response, "restore") == 0)
    restore_all (parent, entries);
  else if (g_strcmp0 (response, "discard") == 0)
    discard_all (parent, entries);
}

/**
 * muster_recovery_dialog_offer:
 * @parent: the window to restore into if it is empty, and to show the dialog over
 *
 * Looks for recovery files and, if there are any, asks whether to restore them.
 */
void
muster_recovery_dialog_offer (MusterApplication *app,
                              MusterWindow      *parent)
{
  g_autoptr(GFile) dir = muster_recovery_get_default_dir ();
  g_autoptr(GPtrArray) entries = muster_recovery_scan (dir);
  AdwMessageDialog *dialog;

  g_return_if_fail (MUSTER_IS_APPLICATION (app));
  g_return_if_fail (MUSTER_IS_WINDOW (parent));

  if (entries->len == 0)
    return;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (parent), NULL, NULL));
  adw_message_dialog_set_heading (dialog, ngettext ("Restore Unsaved List?",
                                                    "Restore Unsaved Lists?", entries->len));
  adw_message_dialog_set_body (dialog,
                               ngettext ("Muster closed unexpectedly before this list was "
                                         "saved. Restore it to keep the changes, then save it.",
                                         "Muster closed unexpectedly before these lists were "
                                         "saved. Restore them to keep the changes, then save "
                                         "them.", entries->len));
  adw_message_dialog_set_extra_child (dialog, entries_list_new (entries));
  adw_message_dialog_add_responses (dialog,
                                    "discard", _("_Discard"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "restore", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "restore");
  /* Escape decides nothing: the copies stay and are offered again next time. */
  adw_message_dialog_set_close_response (dialog, "later");
  g_object_set_data_full (G_OBJECT (dialog), "muster-entries", g_steal_pointer (&entries),
                          (GDestroyNotify) g_ptr_array_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (response_cb), parent, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
