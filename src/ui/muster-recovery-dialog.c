/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-recovery-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-recent.h"
#include "muster-recovery-dialog.h"

/*
 * After a crash: the recovery files left behind (see muster-recovery.c), offered in one
 * AdwMessageDialog. Restore opens each in a window of its own, modified and not yet saved;
 * Discard deletes them; closing the dialog without choosing keeps them for next time.
 */

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
