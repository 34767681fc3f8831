/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-new-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-bs-new-dialog.h"

/*
 * New BattleScribe Roster: a game system the library found, the catalogue (faction) the
 * first force is of (libraries left out), the force entry, the name and the limit in the
 * game system's first cost type. Responds "create" or "cancel", as New List does.
 */

struct _MusterBsNewDialog
{
  AdwMessageDialog  parent_instance;

  /* Owned References */
  MusterBsLibrary  *library;
  GtkStringList    *systems;
  GtkStringList    *catalogues;
  GtkStringList    *forces;
  GPtrArray        *catalogue_ids;
  GPtrArray        *force_ids;
  char             *default_name;  /* the name last filled in, replaced while not edited */

  /* Template Widgets */
  AdwComboRow      *system_row;
  AdwComboRow      *catalogue_row;
  AdwComboRow      *force_row;
  AdwEntryRow      *name_row;
  AdwActionRow     *limit_row;
  GtkSpinButton    *limit_spin;
};

G_DEFINE_FINAL_TYPE (MusterBsNewDialog, muster_bs_new_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* Returns: (transfer none) (nullable): the game system picked */
MusterBsSystem *
muster_bs_new_dialog_get_system (MusterBsNewDialog *self)
{
  GListModel *systems;
  guint selected;
  g_autoptr(MusterBsSystem) system = NULL;

  g_return_val_if_fail (MUSTER_IS_BS_NEW_DIALOG (self), NULL);

  systems = muster_bs_library_get_systems (self->library);
  selected = adw_combo_row_get_selected (self->system_row);
  if (selected >= g_list_model_get_n_items (systems))
    return NULL;
  system = g_list_model_get_item (systems, selected);
  /* The library's list holds it. */
  return muster_bs_system_get_data (system) ? system : NULL;
}

static const MusterBsNode *
first_cost_type (MusterBsSystem *system)
{
  const MusterBsNode *gst;

  if (system == NULL || muster_bs_system_get_data (system) == NULL)
    return NULL;
  gst = muster_bs_data_get_game_system (muster_bs_system_get_data (system));
  for (const MusterBsNode *c = gst->first_child; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_COST_TYPE)
      return c;
  return NULL;
}

static void
fill (GtkStringList *list,
      GPtrArray     *ids,
      const char    *name,
      const char    *id)
{
  gtk_string_list_append (list, name);
  g_ptr_array_add (ids, g_strdup (id));
}

static void
system_changed_cb (MusterBsNewDialog *self)
{
  MusterBsSystem *system = muster_bs_new_dialog_get_system (self);
  const MusterBsNode *cost_type = first_cost_type (system);
  guint n;

  n = g_list_model_get_n_items (G_LIST_MODEL (self->catalogues));
  gtk_string_list_splice (self->catalogues, 0, n, NULL);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->forces));
  gtk_string_list_splice (self->forces, 0, n, NULL);
  g_ptr_array_set_size (self->catalogue_ids, 0);
  g_ptr_array_set_size (self->force_ids, 0);
  if (system != NULL)
    {
      GArray *catalogues = muster_bs_system_get_catalogues (system);
      const MusterBsNode *gst = muster_bs_data_get_game_system (muster_bs_system_get_data (system));

      for (guint i = 0; i < catalogues->len; i++)
        {
          const MusterBsCatalogueInfo *info = &g_array_index (catalogues, MusterBsCatalogueInfo, i);

          if (!info->library)
            fill (self->catalogues, self->catalogue_ids, info->name, info->id);
        }
      for (const MusterBsNode *c = gst->first_child; c; c = c->next)
        if (c->kind == MUSTER_BS_NODE_FORCE_ENTRY && !muster_bs_node_has_flag (c, MUSTER_BS_FLAG_HIDDEN))
          fill (self->forces, self->force_ids, c->name ? c->name : c->id, c->id);
      const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));

      if (*name == '\0' || g_strcmp0 (name, self->default_name) == 0)
        {
          g_free (self->default_name);
          self->default_name = g_strdup (muster_bs_system_get_name (system));
          gtk_editable_set_text (GTK_EDITABLE (self->name_row), self->default_name);
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->limit_row), cost_type != NULL);
  if (cost_type != NULL)
    {
      g_autofree char *title = g_strdup_printf (_("Cost _Limit (%s)"), cost_type->name);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->limit_row), title);
      if (cost_type->value > 0)
        gtk_spin_button_set_value (self->limit_spin, cost_type->value);
    }
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "create",
                                           system != NULL && self->force_ids->len > 0);
}

const char *
muster_bs_new_dialog_get_catalogue_id (MusterBsNewDialog *self)
{
  guint selected;

  g_return_val_if_fail (MUSTER_IS_BS_NEW_DIALOG (self), NULL);
  selected = adw_combo_row_get_selected (self->catalogue_row);
  return selected < self->catalogue_ids->len ? g_ptr_array_index (self->catalogue_ids, selected)
                                             : NULL;
}

const char *
muster_bs_new_dialog_get_force_entry_id (MusterBsNewDialog *self)
{
  guint selected;

  g_return_val_if_fail (MUSTER_IS_BS_NEW_DIALOG (self), NULL);
  selected = adw_combo_row_get_selected (self->force_row);
  return selected < self->force_ids->len ? g_ptr_array_index (self->force_ids, selected) : NULL;
}

const char *
muster_bs_new_dialog_get_name (MusterBsNewDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_NEW_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->name_row));
}

double
muster_bs_new_dialog_get_cost_limit (MusterBsNewDialog *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_NEW_DIALOG (self), -1);
  return gtk_spin_button_get_value (self->limit_spin);
}

const char *
muster_bs_new_dialog_get_cost_type_id (MusterBsNewDialog *self)
{
  const MusterBsNode *cost_type;

  g_return_val_if_fail (MUSTER_IS_BS_NEW_DIALOG (self), NULL);
  cost_type = first_cost_type (muster_bs_new_dialog_get_system (self));
  return cost_type ? cost_type->id : NULL;
}

gboolean
muster_bs_new_dialog_select_system (MusterBsNewDialog *self,
                                    const char        *game_system_id)
{
  GListModel *systems;

  g_return_val_if_fail (MUSTER_IS_BS_NEW_DIALOG (self), FALSE);

  systems = muster_bs_library_get_systems (self->library);
  for (guint i = 0; i < g_list_model_get_n_items (systems); i++)
    {
      g_autoptr(MusterBsSystem) system = g_list_model_get_item (systems, i);

      if (g_strcmp0 (muster_bs_system_get_id (system), game_system_id) == 0)
        {
          adw_combo_row_set_selected (self->system_row, i);
          system_changed_cb (self);
          return TRUE;
        }
    }
  return FALSE;
}

static void
muster_bs_new_dialog_dispose (GObject *object)
{
  MusterBsNewDialog *self = MUSTER_BS_NEW_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_BS_NEW_DIALOG);
  g_clear_object (&self->library);
  g_clear_object (&self->systems);
  g_clear_object (&self->catalogues);
  g_clear_object (&self->forces);
  g_clear_pointer (&self->catalogue_ids, g_ptr_array_unref);
  g_clear_pointer (&self->force_ids, g_ptr_array_unref);
  g_clear_pointer (&self->default_name, g_free);

  G_OBJECT_CLASS (muster_bs_new_dialog_parent_class)->dispose (object);
}

static void
muster_bs_new_dialog_class_init (MusterBsNewDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = muster_bs_new_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/muster/Muster/muster-bs-new-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterBsNewDialog, system_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBsNewDialog, catalogue_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBsNewDialog, force_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBsNewDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBsNewDialog, limit_row);
  gtk_widget_class_bind_template_child (widget_class, MusterBsNewDialog, limit_spin);
  gtk_widget_class_bind_template_callback (widget_class, system_changed_cb);
}

static void
muster_bs_new_dialog_init (MusterBsNewDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->systems = gtk_string_list_new (NULL);
  self->catalogues = gtk_string_list_new (NULL);
  self->forces = gtk_string_list_new (NULL);
  self->catalogue_ids = g_ptr_array_new_with_free_func (g_free);
  self->force_ids = g_ptr_array_new_with_free_func (g_free);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self),
                                    "cancel", _("_Cancel"),
                                    "create", _("_Create"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "create",
                                              ADW_RESPONSE_SUGGESTED);
}

static void
fill_systems (MusterBsNewDialog *self)
{
  GListModel *systems = muster_bs_library_get_systems (self->library);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->systems));

  gtk_string_list_splice (self->systems, 0, n, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (systems); i++)
    {
      g_autoptr(MusterBsSystem) system = g_list_model_get_item (systems, i);
      g_autofree char *label = g_strdup_printf (_("%s (revision %d)"),
                                                muster_bs_system_get_name (system),
                                                muster_bs_system_get_revision (system));

      gtk_string_list_append (self->systems, label);
    }
  system_changed_cb (self);
}

MusterBsNewDialog *
muster_bs_new_dialog_new (GtkWindow       *parent,
                          MusterBsLibrary *library)
{
  MusterBsNewDialog *self;

  g_return_val_if_fail (MUSTER_IS_BS_LIBRARY (library), NULL);

  self = g_object_new (MUSTER_TYPE_BS_NEW_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
  self->library = g_object_ref (library);
  fill_systems (self);
  /* A scan under way (the folders at start-up, or just changed) brings them later. */
  g_signal_connect_object (muster_bs_library_get_systems (library), "items-changed",
                           G_CALLBACK (fill_systems), self, G_CONNECT_SWAPPED);
  adw_combo_row_set_model (self->system_row, G_LIST_MODEL (self->systems));
  adw_combo_row_set_model (self->catalogue_row, G_LIST_MODEL (self->catalogues));
  adw_combo_row_set_model (self->force_row, G_LIST_MODEL (self->forces));
  system_changed_cb (self);
  return self;
}
