/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster-view"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-roster-view.h"

/*
 * The Army workspace's roster: the list as a tree of units and organisation nodes with each
 * row's size, statistics and cost, a toolbar and a context menu of the enclosing page's
 * "army." actions. It owns the selection; the page turns the selected row into an editor.
 */

struct _MusterRosterView
{
  AdwBin              parent_instance;

  /* Template Widgets */
  GtkColumnView      *column_view;
  GMenuModel         *roster_menu;

  /* Owned References */
  GtkWidget          *popover;
  GtkSingleSelection *selection;
};

G_DEFINE_FINAL_TYPE (MusterRosterView, muster_roster_view, ADW_TYPE_BIN)

static GListModel *
create_children_cb (gpointer item,
                    gpointer user_data)
{
  GListModel *children = muster_roster_row_get_children (item);

  return children ? g_object_ref (children) : NULL;
}

static GtkTreeExpander *
find_expander (GtkWidget *widget)
{
  if (GTK_IS_TREE_EXPANDER (widget))
    return GTK_TREE_EXPANDER (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkTreeExpander *found = find_expander (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Right-click: select the row under the pointer, then offer its actions there. GTK 4.8 has no
 * API for the row at a point, so climb from the picked widget to the list's row widget and
 * read the row from the expander of its first cell. */
static void
roster_context_cb (MusterRosterView *self,
                   int               n_press,
                   double            x,
                   double            y)
{
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->column_view), x, y, GTK_PICK_DEFAULT);

  while (picked != NULL && gtk_widget_get_parent (picked) != NULL &&
         !GTK_IS_LIST_VIEW (gtk_widget_get_parent (picked)))
    picked = gtk_widget_get_parent (picked);
  if (picked != NULL && gtk_widget_get_parent (picked) != NULL)
    {
      GtkTreeExpander *expander = find_expander (picked);
      GtkTreeListRow *row = expander ? gtk_tree_expander_get_list_row (expander) : NULL;

      if (row != NULL)
        gtk_single_selection_set_selected (self->selection, gtk_tree_list_row_get_position (row));
    }

  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &rect);
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

static void
muster_roster_view_dispose (GObject *object)
{
  MusterRosterView *self = MUSTER_ROSTER_VIEW (object);

  /* No gtk_widget_dispose_template (): AdwBin unparents the template's root itself. */
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  g_clear_object (&self->selection);

  G_OBJECT_CLASS (muster_roster_view_parent_class)->dispose (object);
}

static void
muster_roster_view_class_init (MusterRosterViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_roster_view_dispose;

  g_type_ensure (MUSTER_TYPE_ROSTER_ROW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-roster-view.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterRosterView, column_view);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterView, roster_menu);
  gtk_widget_class_bind_template_callback (widget_class, roster_context_cb);
}

static void
muster_roster_view_init (MusterRosterView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->selection = gtk_single_selection_new (NULL);
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  self->popover = gtk_popover_menu_new_from_model (self->roster_menu);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->popover), FALSE);
  gtk_widget_set_halign (self->popover, GTK_ALIGN_START);
  gtk_widget_set_parent (self->popover, GTK_WIDGET (self->column_view));
}

/**
 * muster_roster_view_set_document:
 * @document: (nullable): the document whose force to show, or %NULL for none
 *
 * Shows the document's force afresh, nothing selected. The old rows point into whatever
 * document was there before, so they go first.
 */
void
muster_roster_view_set_document (MusterRosterView *self,
                                 MusterDocument   *document)
{
  MusterForce *force = document ? muster_document_get_force (document) : NULL;
  g_autoptr(MusterRosterModel) roster = NULL;
  GtkTreeListModel *tree;

  g_return_if_fail (MUSTER_IS_ROSTER_VIEW (self));

  gtk_single_selection_set_model (self->selection, NULL);
  if (force == NULL)
    return;
  roster = muster_roster_model_new (document, muster_force_get_root (force));
  tree = gtk_tree_list_model_new (G_LIST_MODEL (g_steal_pointer (&roster)), FALSE, TRUE,
                                  create_children_cb, NULL, NULL);
  gtk_single_selection_set_model (self->selection, G_LIST_MODEL (tree));
  g_object_unref (tree);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
}

/* Returns: (transfer none): the selection of GtkTreeListRows of MusterRosterRows */
GtkSingleSelection *
muster_roster_view_get_selection (MusterRosterView *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_VIEW (self), NULL);
  return self->selection;
}

/* Returns: (transfer full) (nullable) */
MusterRosterRow *
muster_roster_view_dup_selected_row (MusterRosterView *self)
{
  GtkTreeListRow *row;

  g_return_val_if_fail (MUSTER_IS_ROSTER_VIEW (self), NULL);

  if (!(row = gtk_single_selection_get_selected_item (self->selection)))
    return NULL;
  return gtk_tree_list_row_get_item (row);
}

/* GTK 4.8 has no gtk_column_view_scroll_to(): ask the column view's own list. */
static void
scroll_to_row (MusterRosterView *self,
               guint             position)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_widget_activate_action (child, "list.scroll-to-item", "u", position);
}

/* Selects the row of @unit, or of @node when @unit is %NULL; returns whether it was found */
static gboolean
select_row (MusterRosterView *self,
            MusterUnit       *unit,
            MusterNode       *node)
{
  GListModel *rows = G_LIST_MODEL (self->selection);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(GtkTreeListRow) tree_row = g_list_model_get_item (rows, i);
      g_autoptr(MusterRosterRow) row = gtk_tree_list_row_get_item (tree_row);

      gboolean found = unit != NULL ? muster_roster_row_get_unit (row) == unit
                                    : muster_roster_row_get_node (row) == node;

      if (found)
        {
          gtk_single_selection_set_selected (self->selection, i);
          scroll_to_row (self, i);
          return TRUE;
        }
    }
  return FALSE;
}

/* Expands the rows of @node and of the nodes above it, so that what it holds has rows. */
static void
expand_node (MusterRosterView *self,
             MusterNode       *node)
{
  GListModel *rows = G_LIST_MODEL (self->selection);

  /* The root has no row: the roster lists what it holds. */
  if (node == NULL || muster_node_get_parent (node) == NULL)
    return;
  expand_node (self, muster_node_get_parent (node));
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(GtkTreeListRow) tree_row = g_list_model_get_item (rows, i);
      g_autoptr(MusterRosterRow) row = gtk_tree_list_row_get_item (tree_row);

      if (muster_roster_row_is_node (row) && muster_roster_row_get_node (row) == node)
        {
          gtk_tree_list_row_set_expanded (tree_row, TRUE);
          return;
        }
    }
}

/* Selects @unit's row, expanding the groups it is in, and scrolls to it. */
gboolean
muster_roster_view_select_unit (MusterRosterView *self,
                                MusterUnit       *unit)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_VIEW (self), FALSE);

  if (unit == NULL)
    return FALSE;
  expand_node (self, muster_unit_get_node (unit));
  return select_row (self, unit, NULL);
}

/* Selects @node's row, expanding the groups above it, and scrolls to it. */
gboolean
muster_roster_view_select_node (MusterRosterView *self,
                                MusterNode       *node)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_VIEW (self), FALSE);

  if (node == NULL)
    return FALSE;
  expand_node (self, muster_node_get_parent (node));
  return select_row (self, NULL, node);
}
