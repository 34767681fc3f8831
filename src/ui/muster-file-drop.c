/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-file-drop"

#include "config.h"

#include "muster-application.h"
#include "muster-file-drop.h"

/* Appends @folder to the `battlescribe-folders` of @settings, unless it is there already. */
void
muster_data_folders_add (GSettings *settings,
                         GFile     *folder)
{
  g_auto(GStrv) folders = g_settings_get_strv (settings, "battlescribe-folders");
  g_autofree char *path = g_file_get_path (folder);
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) more = NULL;

  if (path == NULL || g_strv_contains ((const char * const *) folders, path))
    return;
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) folders);
  g_strv_builder_add (builder, path);
  more = g_strv_builder_end (builder);
  g_settings_set_strv (settings, "battlescribe-folders", (const char * const *) more);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         GtkWindow     *window)
{
  GtkApplication *app = gtk_window_get_application (window);
  GFile *file = g_value_get_object (value);

  if (!MUSTER_IS_APPLICATION (app) || !G_IS_FILE (file))
    return FALSE;
  if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
    muster_data_folders_add (muster_application_get_settings (MUSTER_APPLICATION (app)), file);
  else
    muster_application_open_file (MUSTER_APPLICATION (app), file, NULL);
  return TRUE;
}

void
muster_file_drop_attach (GtkWindow *window)
{
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

  g_return_if_fail (GTK_IS_WINDOW (window));

  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), window);
  gtk_widget_add_controller (GTK_WIDGET (window), GTK_EVENT_CONTROLLER (target));
}
