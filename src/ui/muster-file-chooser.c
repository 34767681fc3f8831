/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-file-chooser"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-file-chooser.h"

static void
response_cb (GtkNativeDialog *native,
             int              response,
             gpointer         unused)
{
  MusterFileChosen chosen = g_object_get_data (G_OBJECT (native), "muster-chosen");
  GtkWindow *parent = g_object_get_data (G_OBJECT (native), "muster-parent");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      chosen (parent, file, g_object_get_data (G_OBJECT (native), "muster-data"));
    }
  /* GTK does not keep the native dialog alive: show_saving() held the reference. */
  g_object_unref (native);
}

/* A modal save chooser; @chosen is called with @data once a file is picked; @destroy (if
 * any) frees @data once the chooser is gone, a file picked or not. */
static void
show_saving (GtkWindow        *parent,
             const char       *title,
             const char       *accept,
             GtkFileFilter    *filter,
             GFile            *current,
             const char       *name,
             MusterFileChosen  chosen,
             gpointer          data,
             GDestroyNotify    destroy)
{
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_SAVE, accept,
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  if (current != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), current, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  /* The window may be closed while the chooser is up: the answer still has somewhere to go. */
  g_object_set_data_full (G_OBJECT (native), "muster-parent", g_object_ref (parent),
                          g_object_unref);
  g_object_set_data (G_OBJECT (native), "muster-chosen", chosen);
  g_object_set_data_full (G_OBJECT (native), "muster-data", data, destroy);
  g_signal_connect (native, "response", G_CALLBACK (response_cb), NULL);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
muster_save_as_chooser_show (GtkWindow        *parent,
                             GtkFileFilter    *filter,
                             GFile            *current,
                             const char       *name,
                             MusterFileChosen  chosen,
                             gpointer          data,
                             GDestroyNotify    destroy)
{
  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (chosen != NULL);

  show_saving (parent, _("Save As"), _("_Save"), filter, current, name, chosen, data, destroy);
}

char *
muster_export_file_name (const char       *title,
                         MusterExportKind  kind)
{
  const char *what = muster_export_kind_to_string (kind);

  if (kind <= MUSTER_EXPORT_LIST_PDF)
    return g_strdup_printf ("%s.%s", title, muster_export_kind_extension (kind));
  return g_strdup_printf ("%s %s.%s", title, g_str_has_prefix (what, "map") ? "map" : what,
                          muster_export_kind_extension (kind));
}

void
muster_export_chooser_show (GtkWindow        *parent,
                            const char       *title,
                            MusterExportKind  kind,
                            MusterFileChosen  chosen)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = muster_export_file_name (title, kind);

  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (chosen != NULL);

  gtk_file_filter_add_mime_type (filter, muster_export_kind_mime_type (kind));
  gtk_file_filter_set_name (filter, muster_export_kind_mime_type (kind));
  show_saving (parent, _("Export"), _("_Export"), filter, NULL, name, chosen,
               GUINT_TO_POINTER (kind), NULL);
}

GtkFileFilter *
muster_roster_filter_new (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("BattleScribe Rosters"));
  gtk_file_filter_add_mime_type (filter, "application/x-battlescribe-roster");
  gtk_file_filter_add_mime_type (filter, "application/x-battlescribe-roster-zip");
  gtk_file_filter_add_pattern (filter, "*.ros");
  gtk_file_filter_add_pattern (filter, "*.rosz");
  return filter;
}
