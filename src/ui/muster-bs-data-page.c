/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-data-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-bs-data-page.h"
#include "muster-bs-scenario.h"
#include "muster-file-drop.h"

/*
 * Preferences → Game Data: the folders of BattleScribe data (add, remove, rescan) and each
 * game system found in them, with its revision, catalogues and the problems of its files, and
 * the base its units stand on when placed where its data gives none (`battlescribe-bases`).
 * The folders are the `battlescribe-folders` setting; the application rescans when it changes.
 */

struct _MusterBsDataPage
{
  AdwPreferencesPage  parent_instance;

  /* Owned References */
  GSettings          *settings;
  MusterBsLibrary    *library;
  GPtrArray          *folder_rows;
  GPtrArray          *system_rows;

  /* Template Widgets */
  AdwPreferencesGroup *folders_group;
  AdwPreferencesGroup *systems_group;
  GtkProgressBar      *progress_bar;
};

G_DEFINE_FINAL_TYPE (MusterBsDataPage, muster_bs_data_page, ADW_TYPE_PREFERENCES_PAGE)

static void
remove_folder_cb (GtkButton        *button,
                  MusterBsDataPage *self)
{
  const char *folder = g_object_get_data (G_OBJECT (button), "folder");
  g_auto(GStrv) folders = g_settings_get_strv (self->settings, "battlescribe-folders");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) kept = NULL;

  for (guint i = 0; folders[i]; i++)
    if (g_strcmp0 (folders[i], folder) != 0)
      g_strv_builder_add (builder, folders[i]);
  kept = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "battlescribe-folders", (const char * const *) kept);
}

static void
clear_rows (AdwPreferencesGroup *group,
            GPtrArray           *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

static void
update_folders (MusterBsDataPage *self)
{
  g_auto(GStrv) folders = g_settings_get_strv (self->settings, "battlescribe-folders");

  clear_rows (self->folders_group, self->folder_rows);
  for (guint i = 0; folders[i]; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), folders[i]);
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, _("Remove Folder"));
      g_object_set_data_full (G_OBJECT (remove), "folder", g_strdup (folders[i]), g_free);
      g_signal_connect (remove, "clicked", G_CALLBACK (remove_folder_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
      adw_preferences_group_add (self->folders_group, row);
      g_ptr_array_add (self->folder_rows, row);
    }
  if (folders[0] == NULL)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No folders yet"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   _("Add a folder of BattleScribe data to build rosters for its games"));
      adw_preferences_group_add (self->folders_group, row);
      g_ptr_array_add (self->folder_rows, row);
    }
}

static GtkWidget *
detail_row (const char *title,
            const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  return row;
}

static void
base_changed_cb (GtkSpinButton    *spin,
                 MusterBsDataPage *self)
{
  GtkWidget *row = g_object_get_data (G_OBJECT (spin), "row");

  muster_bs_set_default_base (self->settings, g_object_get_data (G_OBJECT (row), "system-id"),
                              gtk_spin_button_get_value (g_object_get_data (G_OBJECT (row),
                                                                            "width")),
                              gtk_spin_button_get_value (g_object_get_data (G_OBJECT (row),
                                                                            "depth")));
}

/* The system's default base, width × depth in mm, each a spin button */
static GtkWidget *
base_row (MusterBsDataPage *self,
          MusterBsSystem   *system)
{
  GtkWidget *row = adw_action_row_new ();
  double size[2];

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Base Where the Data Gives None"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("Width × depth in mm, for placing units on the battlefield"));
  g_object_set_data_full (G_OBJECT (row), "system-id", g_strdup (muster_bs_system_get_id (system)),
                          g_free);
  muster_bs_default_base (self->settings, muster_bs_system_get_id (system), &size[0], &size[1]);
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *spin = gtk_spin_button_new_with_range (1, 500, 1);

      gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 0);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), size[i]);
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      i == 0 ? _("Base width in mm") : _("Base depth in mm"), -1);
      g_object_set_data (G_OBJECT (spin), "row", row);
      g_object_set_data (G_OBJECT (row), i == 0 ? "width" : "depth", spin);
      g_signal_connect (spin, "value-changed", G_CALLBACK (base_changed_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      if (i == 0)
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_label_new ("×"));
    }
  return row;
}

static void
update_systems (MusterBsDataPage *self)
{
  GListModel *systems = muster_bs_library_get_systems (self->library);
  const char * const *problems = muster_bs_library_get_problems (self->library);

  clear_rows (self->systems_group, self->system_rows);
  for (guint i = 0; i < g_list_model_get_n_items (systems); i++)
    {
      g_autoptr(MusterBsSystem) system = g_list_model_get_item (systems, i);
      GArray *catalogues = muster_bs_system_get_catalogues (system);
      const char * const *its = muster_bs_system_get_problems (system);
      GtkWidget *row = adw_expander_row_new ();
      g_autofree char *subtitle = NULL;
      g_autoptr(GString) names = g_string_new (NULL);
      guint n_problems = g_strv_length ((char **) its);

      {
        g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u catalogue",
                                                               "%u catalogues", catalogues->len),
                                                  catalogues->len);
        g_autofree char *trouble = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u problem",
                                                                 "%u problems", n_problems),
                                                    n_problems);

        /* TRANSLATORS: "Revision 118 · 46 catalogues · 2 problems" */
        subtitle = g_strdup_printf (_("Revision %d · %s · %s"),
                                    muster_bs_system_get_revision (system), count, trouble);
      }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), muster_bs_system_get_name (system));
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);
      for (guint k = 0; k < catalogues->len; k++)
        {
          const MusterBsCatalogueInfo *info = &g_array_index (catalogues, MusterBsCatalogueInfo, k);

          g_string_append_printf (names, "%s%s (%d)", k ? ", " : "", info->name, info->revision);
        }
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row),
                                detail_row (muster_bs_system_get_folder (system), names->str));
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), base_row (self, system));
      for (guint k = 0; its[k]; k++)
        adw_expander_row_add_row (ADW_EXPANDER_ROW (row), detail_row (_("Problem"), its[k]));
      adw_preferences_group_add (self->systems_group, row);
      g_ptr_array_add (self->system_rows, row);
    }
  for (guint k = 0; problems && problems[k]; k++)
    {
      GtkWidget *row = detail_row (_("Problem"), problems[k]);

      adw_preferences_group_add (self->systems_group, row);
      g_ptr_array_add (self->system_rows, row);
    }
}

static void
update_progress (MusterBsDataPage *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar),
                          muster_bs_library_get_scanning (self->library));
  gtk_progress_bar_set_fraction (self->progress_bar, muster_bs_library_get_progress (self->library));
}

static void
rescan_clicked_cb (MusterBsDataPage *self)
{
  muster_bs_library_scan_async (self->library, NULL, NULL, NULL);
}

static void
add_response_cb (GtkNativeDialog  *native,
                 int               response,
                 MusterBsDataPage *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (folder != NULL)
        muster_data_folders_add (self->settings, folder);
    }
  g_object_unref (native);
}

static void
add_clicked_cb (MusterBsDataPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *native =
    gtk_file_chooser_native_new (_("Add Folder"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                 GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Add"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (add_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
muster_bs_data_page_dispose (GObject *object)
{
  MusterBsDataPage *self = MUSTER_BS_DATA_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_BS_DATA_PAGE);
  g_clear_object (&self->settings);
  g_clear_object (&self->library);
  g_clear_pointer (&self->folder_rows, g_ptr_array_unref);
  g_clear_pointer (&self->system_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_bs_data_page_parent_class)->dispose (object);
}

static void
muster_bs_data_page_class_init (MusterBsDataPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = muster_bs_data_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-bs-data-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterBsDataPage, folders_group);
  gtk_widget_class_bind_template_child (widget_class, MusterBsDataPage, systems_group);
  gtk_widget_class_bind_template_child (widget_class, MusterBsDataPage, progress_bar);
  gtk_widget_class_bind_template_callback (widget_class, rescan_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_clicked_cb);
}

static void
muster_bs_data_page_init (MusterBsDataPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->folder_rows = g_ptr_array_new ();
  self->system_rows = g_ptr_array_new ();
}

MusterBsDataPage *
muster_bs_data_page_new (GSettings       *settings,
                         MusterBsLibrary *library)
{
  MusterBsDataPage *self = g_object_new (MUSTER_TYPE_BS_DATA_PAGE, NULL);

  g_return_val_if_fail (G_IS_SETTINGS (settings), self);
  g_return_val_if_fail (MUSTER_IS_BS_LIBRARY (library), self);

  self->settings = g_object_ref (settings);
  self->library = g_object_ref (library);
  g_signal_connect_object (settings, "changed::battlescribe-folders",
                           G_CALLBACK (update_folders), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (muster_bs_library_get_systems (library), "items-changed",
                           G_CALLBACK (update_systems), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (library, "notify::progress", G_CALLBACK (update_progress), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (library, "notify::scanning", G_CALLBACK (update_progress), self,
                           G_CONNECT_SWAPPED);
  update_folders (self);
  update_systems (self);
  update_progress (self);
  return self;
}
