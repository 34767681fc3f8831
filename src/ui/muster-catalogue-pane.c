/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-catalogue-pane"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-catalogue-pane.h"
#include "muster-roster-view.h"

/*
 * The Army workspace's left pane: the rule system's unit types, searched and filtered by
 * category. Adding goes through the enclosing page's "army.add-unit" action (Enter in the
 * search, a double-click, the button), which reads this pane's selection, or by dragging a
 * unit type into the roster.
 */

struct _MusterCataloguePane
{
  AdwBin                parent_instance;

  /* Template Widgets */
  GtkSearchEntry       *search_entry;
  GtkDropDown          *category_dropdown;
  GtkListView          *catalogue_view;

  /* Owned References */
  MusterCatalogueModel *catalogue;
  GtkSingleSelection   *selection;
  GPtrArray            *category_ids;   /* char *, NULL first for "all" */
};

G_DEFINE_FINAL_TYPE (MusterCataloguePane, muster_catalogue_pane, ADW_TYPE_BIN)

static void
search_changed_cb (MusterCataloguePane *self)
{
  if (self->catalogue == NULL)
    return;
  muster_catalogue_model_set_search_text (self->catalogue,
                                          gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
  /* Enter adds the best match of what was typed, not a unit type picked before that still
   * matches further down. */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->selection)) > 0)
    gtk_single_selection_set_selected (self->selection, 0);
}

static void
search_activate_cb (MusterCataloguePane *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "army.add-unit", NULL);
}

static void
category_selected_cb (MusterCataloguePane *self)
{
  guint selected = gtk_drop_down_get_selected (self->category_dropdown);

  if (self->catalogue != NULL && selected < self->category_ids->len)
    muster_catalogue_model_set_category (self->catalogue, self->category_ids->pdata[selected]);
}

static void
catalogue_activate_cb (MusterCataloguePane *self,
                       guint                position)
{
  gtk_single_selection_set_selected (self->selection, position);
  gtk_widget_activate_action (GTK_WIDGET (self), "army.add-unit", NULL);
}

static void
fill_categories (MusterCataloguePane *self,
                 MusterRuleset       *ruleset)
{
  const GPtrArray *categories = ruleset ? muster_ruleset_list (ruleset, MUSTER_ITEM_CATEGORY) : NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_ptr_array_set_size (self->category_ids, 0);
  g_ptr_array_add (self->category_ids, NULL);
  gtk_string_list_append (names, _("All Categories"));
  for (guint i = 0; categories != NULL && i < categories->len; i++)
    {
      const MusterItem *category = categories->pdata[i];

      g_ptr_array_add (self->category_ids, g_strdup (category->id));
      gtk_string_list_append (names, category->name);
    }
  gtk_drop_down_set_model (self->category_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->category_dropdown, 0);
}

/* Drag a unit type into the roster to add it there. GTK 4.8 has no API for the item at a
 * point: climb from the picked widget to the list's row, whose child is named after the type. */
static GdkContentProvider *
drag_prepare_cb (GtkDragSource       *source,
                 double               x,
                 double               y,
                 MusterCataloguePane *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->catalogue_view), x, y, GTK_PICK_DEFAULT);
  GListModel *items = G_LIST_MODEL (self->selection);
  const char *id;

  while (picked != NULL && gtk_widget_get_parent (picked) != NULL &&
         gtk_widget_get_parent (picked) != GTK_WIDGET (self->catalogue_view))
    picked = gtk_widget_get_parent (picked);
  if (picked == NULL || gtk_widget_get_parent (picked) == NULL ||
      gtk_widget_get_first_child (picked) == NULL)
    return NULL;
  id = gtk_widget_get_name (gtk_widget_get_first_child (picked));
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(MusterCatalogueItem) item = g_list_model_get_item (items, i);

      if (g_strcmp0 (muster_catalogue_item_get_id (item), id) == 0)
        {
          gtk_single_selection_set_selected (self->selection, i);
          return gdk_content_provider_new_typed (MUSTER_TYPE_CATALOGUE_ITEM, item);
        }
    }
  return NULL;
}

static void
drag_begin_cb (GtkDragSource       *source,
               GdkDrag             *drag,
               MusterCataloguePane *self)
{
  MusterCatalogueItem *item = gtk_single_selection_get_selected_item (self->selection);

  if (item != NULL)
    muster_drag_icon_set_label (drag, muster_catalogue_item_get_name (item));
}

static void
muster_catalogue_pane_dispose (GObject *object)
{
  MusterCataloguePane *self = MUSTER_CATALOGUE_PANE (object);

  /* No gtk_widget_dispose_template (): AdwBin unparents the template's root itself. */
  g_clear_object (&self->selection);
  g_clear_object (&self->catalogue);
  g_clear_pointer (&self->category_ids, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_catalogue_pane_parent_class)->dispose (object);
}

static void
muster_catalogue_pane_class_init (MusterCataloguePaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_catalogue_pane_dispose;

  g_type_ensure (MUSTER_TYPE_CATALOGUE_ITEM);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/muster-catalogue-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterCataloguePane, search_entry);
  gtk_widget_class_bind_template_child (widget_class, MusterCataloguePane, category_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterCataloguePane, catalogue_view);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, category_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, catalogue_activate_cb);
}

static void
muster_catalogue_pane_init (MusterCataloguePane *self)
{
  GtkDragSource *source;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->category_ids = g_ptr_array_new_with_free_func (g_free);
  self->selection = gtk_single_selection_new (NULL);
  gtk_list_view_set_model (self->catalogue_view, GTK_SELECTION_MODEL (self->selection));

  source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
  g_signal_connect_object (source, "prepare", G_CALLBACK (drag_prepare_cb), self, 0);
  g_signal_connect_object (source, "drag-begin", G_CALLBACK (drag_begin_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->catalogue_view), GTK_EVENT_CONTROLLER (source));
}

/**
 * muster_catalogue_pane_set_ruleset:
 * @ruleset: (nullable): the list's rule system
 * @has_list: whether a list is open; with no rule system installed for it the pane is empty
 *
 * Shows @ruleset's unit types afresh: no search text, every category.
 */
void
muster_catalogue_pane_set_ruleset (MusterCataloguePane *self,
                                   MusterRuleset       *ruleset,
                                   gboolean             has_list)
{
  g_autoptr(GListModel) catalogue = NULL;

  g_return_if_fail (MUSTER_IS_CATALOGUE_PANE (self));

  g_clear_object (&self->catalogue);
  if (!has_list)
    {
      gtk_single_selection_set_model (self->selection, NULL);
      return;
    }
  if (ruleset != NULL)
    {
      self->catalogue = muster_catalogue_model_new (ruleset);
      catalogue = g_object_ref (G_LIST_MODEL (self->catalogue));
    }
  else
    catalogue = G_LIST_MODEL (g_list_store_new (MUSTER_TYPE_CATALOGUE_ITEM));
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  fill_categories (self, ruleset);
  gtk_single_selection_set_model (self->selection, catalogue);
}

/* Returns: (transfer none): the selection of MusterCatalogueItems */
GtkSingleSelection *
muster_catalogue_pane_get_selection (MusterCataloguePane *self)
{
  g_return_val_if_fail (MUSTER_IS_CATALOGUE_PANE (self), NULL);
  return self->selection;
}

/* Returns: (transfer none) (nullable) */
MusterCatalogueItem *
muster_catalogue_pane_get_selected_item (MusterCataloguePane *self)
{
  g_return_val_if_fail (MUSTER_IS_CATALOGUE_PANE (self), NULL);
  return gtk_single_selection_get_selected_item (self->selection);
}

void
muster_catalogue_pane_focus_search (MusterCataloguePane *self)
{
  g_return_if_fail (MUSTER_IS_CATALOGUE_PANE (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/* Typing anywhere in @widget searches the unit types. */
void
muster_catalogue_pane_set_key_capture_widget (MusterCataloguePane *self,
                                              GtkWidget           *widget)
{
  g_return_if_fail (MUSTER_IS_CATALOGUE_PANE (self));
  gtk_search_entry_set_key_capture_widget (self->search_entry, widget);
}
