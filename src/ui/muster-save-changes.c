/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-save-changes"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-save-changes.h"

static gboolean
destroy_cb (gpointer user_data)
{
  gtk_window_destroy (GTK_WINDOW (user_data));
  return G_SOURCE_REMOVE;
}

static void
response_cb (AdwMessageDialog *dialog,
             const char       *response,
             GtkWindow        *window)
{
  /* Not from inside the dialog's own response: destroying the window takes the dialog with
   * it, which would then outlive its parent for the rest of the emission. */
  if (g_strcmp0 (response, "discard") == 0)
    g_idle_add_full (G_PRIORITY_HIGH_IDLE, destroy_cb, g_object_ref (window), g_object_unref);
  else if (g_strcmp0 (response, "save") == 0)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
}

gboolean
muster_save_changes_ask (GtkWindow         *window,
                         MusterRecoverable *document)
{
  g_autofree char *title = NULL;
  GtkWidget *dialog;

  g_return_val_if_fail (GTK_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (document), FALSE);

  if (!muster_recoverable_get_modified (document))
    return FALSE;
  title = muster_recoverable_dup_title (document);
  /* TRANSLATORS: closing a window with unsaved changes, %s is the list's title */
  dialog = adw_message_dialog_new (window, NULL,
                                   _("Changes which are not saved will be permanently lost."));
  adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (dialog), _("Save Changes to “%s”?"),
                                     title);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (response_cb), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}
