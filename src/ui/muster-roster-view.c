/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster-view"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-roster-cells.h"
#include "muster-roster-moves.h"
#include "muster-roster-view.h"

/*
 * The Army workspace's roster: the list as a tree of units and organisation nodes with each
 * row's size, statistics and cost, a toolbar and a context menu of the enclosing page's
 * "army." actions. It owns the selection; the page turns the selected row into an editor.
 * Rows move by drag and drop (unit types come in from the catalogue the same way), by the
 * "Move To…" menu and by renaming groups in place; each ends in one of the page's actions.
 */

struct _MusterRosterView
{
  AdwBin              parent_instance;

  /* Template Widgets */
  MusterRosterHeader *header;
  GtkScrolledWindow  *scroller;
  GtkListView        *list_view;
  GMenuModel         *roster_menu;
  GtkWidget          *edit_button;

  /* Borrowed: the document's force shown, while the document is */
  MusterForce        *force;

  /* Owned References */
  GtkWidget          *popover;
  GtkWidget          *move_popover;
  GMenu              *move_menu;
  GtkWidget          *rename_popover;
  GtkWidget          *rename_entry;
  GtkSingleSelection *selection;
  MusterDocument     *document;

  /* Borrowed: the row widget marked as where a drag would drop */
  GtkWidget          *drop_row;
};

static const char * const drop_classes[] = { "drop-before", "drop-into", "drop-after" };

G_DEFINE_FINAL_TYPE (MusterRosterView, muster_roster_view, ADW_TYPE_BIN)

static GListModel *
create_children_cb (gpointer item,
                    gpointer user_data)
{
  GListModel *children = muster_roster_row_get_children (item);

  return children ? g_object_ref (children) : NULL;
}

/* GTK 4.8 has no API for the row at a point: climb from the picked widget to the list's row
 * widget, whose child is the row's MusterRosterLine. */
static GtkWidget *
row_widget_at (MusterRosterView *self,
               double            x,
               double            y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->list_view), x, y, GTK_PICK_DEFAULT);

  while (picked != NULL && gtk_widget_get_parent (picked) != NULL &&
         gtk_widget_get_parent (picked) != GTK_WIDGET (self->list_view))
    picked = gtk_widget_get_parent (picked);
  return picked != NULL && gtk_widget_get_parent (picked) != NULL ? picked : NULL;
}

static GtkTreeListRow *
tree_row_of (GtkWidget *row_widget)
{
  GtkWidget *line = row_widget != NULL ? gtk_widget_get_first_child (row_widget) : NULL;

  return MUSTER_IS_ROSTER_LINE (line) ? muster_roster_line_get_list_row (MUSTER_ROSTER_LINE (line))
                                      : NULL;
}

/* The row widget showing @position, if it is built */
static GtkWidget *
row_widget_for (MusterRosterView *self,
                guint             position)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkTreeListRow *row = tree_row_of (child);

      if (row != NULL && gtk_tree_list_row_get_position (row) == position)
        return child;
    }
  return NULL;
}

/* Points @popover at the selected row, or at the top of the roster */
static void
point_at_selection (MusterRosterView *self,
                    GtkWidget        *popover)
{
  GtkWidget *row = row_widget_for (self, gtk_single_selection_get_selected (self->selection));
  graphene_rect_t bounds;
  GdkRectangle rect = { 24, 24, 1, 1 };

  if (row != NULL && gtk_widget_compute_bounds (row, GTK_WIDGET (self->list_view), &bounds))
    rect = (GdkRectangle) { (int) bounds.origin.x + 24,
                            (int) (bounds.origin.y + bounds.size.height), 1, 1 };
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &rect);
}

/* Right-click: select the row under the pointer, then offer its actions there. */
static void
roster_context_cb (MusterRosterView *self,
                   int               n_press,
                   double            x,
                   double            y)
{
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };
  GtkTreeListRow *row = tree_row_of (row_widget_at (self, x, y));

  if (row != NULL)
    gtk_single_selection_set_selected (self->selection, gtk_tree_list_row_get_position (row));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &rect);
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

/* Drag and drop */

static const char *
node_id (MusterNode *node)
{
  return muster_node_get_parent (node) != NULL ? muster_node_get_id (node) : "";
}

/* A roster row moves; a unit type from the catalogue is added. */
static GdkContentProvider *
drag_prepare_cb (GtkDragSource    *source,
                 double            x,
                 double            y,
                 MusterRosterView *self)
{
  GtkWidget *row_widget = row_widget_at (self, x, y);
  GtkTreeListRow *tree_row = tree_row_of (row_widget);
  g_autoptr(MusterRosterRow) row = NULL;

  if (tree_row == NULL)
    return NULL;
  row = gtk_tree_list_row_get_item (tree_row);
  gtk_single_selection_set_selected (self->selection, gtk_tree_list_row_get_position (tree_row));
  return gdk_content_provider_new_typed (MUSTER_TYPE_ROSTER_ROW, row);
}

/* The dragged row's name on a card: a snapshot of the row would need a compositor to show. */
static void
drag_begin_cb (GtkDragSource    *source,
               GdkDrag          *drag,
               MusterRosterView *self)
{
  g_autoptr(MusterRosterRow) row = muster_roster_view_dup_selected_row (self);

  if (row != NULL)
    muster_drag_icon_set_label (drag, muster_roster_row_get_name (row));
}

static void
clear_drop_mark (MusterRosterView *self)
{
  if (self->drop_row == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (drop_classes); i++)
    gtk_widget_remove_css_class (self->drop_row, drop_classes[i]);
  g_clear_weak_pointer (&self->drop_row);
}

/* Where @value (a MusterRosterRow or a MusterCatalogueItem) dropped at x, y lands: the node,
 * the index, and the row it lands on with the place on it. */
static gboolean
resolve_drop (MusterRosterView  *self,
              const GValue      *value,
              double             x,
              double             y,
              MusterNode       **node,
              guint             *index,
              GtkWidget        **row_widget,
              MusterDropPlace   *place)
{
  MusterForce *force = self->document ? self->force : NULL;
  GObject *dragged = value != NULL && G_VALUE_HOLDS_OBJECT (value) ? g_value_get_object (value)
                                                                   : NULL;
  g_autoptr(MusterRosterRow) at = NULL;
  GtkTreeListRow *tree_row;
  MusterNode *moving_node = NULL;
  MusterUnit *moving_unit = NULL;
  MusterUnit *at_unit = NULL;
  MusterNode *at_node = NULL;
  graphene_rect_t bounds;

  if (force == NULL || dragged == NULL)
    return FALSE;
  if (MUSTER_IS_ROSTER_ROW (dragged))
    {
      moving_node = muster_roster_row_get_node (MUSTER_ROSTER_ROW (dragged));
      moving_unit = muster_roster_row_get_unit (MUSTER_ROSTER_ROW (dragged));
    }
  else if (!MUSTER_IS_CATALOGUE_ITEM (dragged))
    return FALSE;

  *row_widget = row_widget_at (self, x, y);
  *place = MUSTER_DROP_AFTER;
  if ((tree_row = tree_row_of (*row_widget)) != NULL &&
      gtk_widget_compute_bounds (*row_widget, GTK_WIDGET (self->list_view), &bounds) &&
      bounds.size.height > 0)
    {
      double f = (y - bounds.origin.y) / bounds.size.height;

      at = gtk_tree_list_row_get_item (tree_row);
      at_unit = muster_roster_row_get_unit (at);
      at_node = muster_roster_row_get_node (at);
      /* A unit's row splits in halves; a group's in quarters, its middle meaning "into". */
      if (at_node == NULL)
        *place = f < 0.5 ? MUSTER_DROP_BEFORE : MUSTER_DROP_AFTER;
      else
        *place = f < 0.25 ? MUSTER_DROP_BEFORE
                 : f > 0.75 && moving_node != NULL ? MUSTER_DROP_AFTER : MUSTER_DROP_INTO;
    }
  else
    *row_widget = NULL;

  if (moving_node != NULL)
    return muster_roster_place_node (muster_force_get_root (force), moving_node, at_unit, at_node,
                                     *place, node, index);
  return muster_roster_place_unit (muster_force_get_root (force), moving_unit, at_unit, at_node,
                                   *place, node, index);
}

static GdkDragAction
drop_motion_cb (GtkDropTarget    *target,
                double            x,
                double            y,
                MusterRosterView *self)
{
  const GValue *value = gtk_drop_target_get_value (target);
  GtkWidget *row_widget = NULL;
  MusterDropPlace place;
  MusterNode *node;
  guint index;

  clear_drop_mark (self);
  if (!resolve_drop (self, value, x, y, &node, &index, &row_widget, &place))
    return 0;
  if (row_widget != NULL)
    {
      gtk_widget_add_css_class (row_widget, drop_classes[place]);
      g_set_weak_pointer (&self->drop_row, row_widget);
    }
  return MUSTER_IS_CATALOGUE_ITEM (g_value_get_object (value)) ? GDK_ACTION_COPY : GDK_ACTION_MOVE;
}

static void
drop_leave_cb (MusterRosterView *self)
{
  clear_drop_mark (self);
}

static gboolean
drop_cb (GtkDropTarget    *target,
         const GValue     *value,
         double            x,
         double            y,
         MusterRosterView *self)
{
  GtkWidget *row_widget = NULL;
  MusterDropPlace place;
  MusterNode *node;
  guint index;
  GObject *dragged;

  clear_drop_mark (self);
  if (!resolve_drop (self, value, x, y, &node, &index, &row_widget, &place))
    return FALSE;
  dragged = g_value_get_object (value);
  if (MUSTER_IS_CATALOGUE_ITEM (dragged))
    return gtk_widget_activate_action (GTK_WIDGET (self), "army.add-unit-at", "(ssu)",
                                       muster_catalogue_item_get_id (MUSTER_CATALOGUE_ITEM (dragged)),
                                       node_id (node), index);
  if (muster_roster_row_is_node (MUSTER_ROSTER_ROW (dragged)))
    return gtk_widget_activate_action (GTK_WIDGET (self), "army.move-group", "(ssu)",
                                       node_id (muster_roster_row_get_node (MUSTER_ROSTER_ROW (dragged))),
                                       node_id (node), index);
  return gtk_widget_activate_action (GTK_WIDGET (self), "army.move-unit", "(ssu)",
                                     muster_unit_get_id (muster_roster_row_get_unit (MUSTER_ROSTER_ROW (dragged))),
                                     node_id (node), index);
}

/* Renaming a group in place */

static void
rename_activate_cb (MusterRosterView *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "army.rename-group", "s",
                              gtk_editable_get_text (GTK_EDITABLE (self->rename_entry)));
  gtk_popover_popdown (GTK_POPOVER (self->rename_popover));
}

static void
muster_roster_view_dispose (GObject *object)
{
  MusterRosterView *self = MUSTER_ROSTER_VIEW (object);

  /* No gtk_widget_dispose_template (): AdwBin unparents the template's root itself. */
  clear_drop_mark (self);
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  g_clear_pointer (&self->move_popover, gtk_widget_unparent);
  g_clear_pointer (&self->rename_popover, gtk_widget_unparent);
  g_clear_object (&self->move_menu);
  g_clear_object (&self->selection);
  self->force = NULL;
  g_clear_object (&self->document);

  G_OBJECT_CLASS (muster_roster_view_parent_class)->dispose (object);
}

static void
muster_roster_view_class_init (MusterRosterViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_roster_view_dispose;

  g_type_ensure (MUSTER_TYPE_ROSTER_ROW);
  g_type_ensure (MUSTER_TYPE_ROSTER_HEADER);
  g_type_ensure (MUSTER_TYPE_CATALOGUE_ITEM);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-roster-view.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterRosterView, header);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterView, scroller);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterView, list_view);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterView, edit_button);
  gtk_widget_class_bind_template_child (widget_class, MusterRosterView, roster_menu);
  gtk_widget_class_bind_template_callback (widget_class, roster_context_cb);
}

static void
muster_roster_view_init (MusterRosterView *self)
{
  GType types[] = { MUSTER_TYPE_ROSTER_ROW, MUSTER_TYPE_CATALOGUE_ITEM };
  g_autoptr(GtkListItemFactory) factory = muster_roster_line_factory_new ();
  GtkDragSource *source;
  GtkDropTarget *target;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_view_set_factory (self->list_view, factory);

  self->selection = gtk_single_selection_new (NULL);
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  self->popover = gtk_popover_menu_new_from_model (self->roster_menu);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->popover), FALSE);
  gtk_widget_set_halign (self->popover, GTK_ALIGN_START);
  gtk_widget_set_parent (self->popover, GTK_WIDGET (self->list_view));

  self->move_menu = g_menu_new ();

  self->rename_entry = gtk_entry_new ();
  gtk_entry_set_activates_default (GTK_ENTRY (self->rename_entry), FALSE);
  gtk_widget_set_size_request (self->rename_entry, 240, -1);
  g_signal_connect_object (self->rename_entry, "activate", G_CALLBACK (rename_activate_cb), self,
                           G_CONNECT_SWAPPED);
  self->rename_popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (self->rename_popover), self->rename_entry);
  gtk_widget_set_halign (self->rename_popover, GTK_ALIGN_START);
  gtk_widget_set_parent (self->rename_popover, GTK_WIDGET (self->list_view));

  /* Drag rows to move them; drop rows or unit types on a row, or below the last one. */
  source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect_object (source, "prepare", G_CALLBACK (drag_prepare_cb), self, 0);
  g_signal_connect_object (source, "drag-begin", G_CALLBACK (drag_begin_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (source));

  target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_MOVE | GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (target, types, G_N_ELEMENTS (types));
  /* The value is known while hovering, to mark where it would land. */
  gtk_drop_target_set_preload (target, TRUE);
  g_signal_connect_object (target, "motion", G_CALLBACK (drop_motion_cb), self, 0);
  g_signal_connect_object (target, "leave", G_CALLBACK (drop_leave_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (target, "drop", G_CALLBACK (drop_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (target));
}

/* "Cost" where the list is bought with points; a head count or a strength is not a cost, so
 * the column says what it counts ("Men", "IP"). */
static void
update_cost_title (MusterRosterView *self)
{
  MusterRuleset *ruleset = muster_document_get_ruleset (self->document);
  const MusterCosting *costing = ruleset ? muster_ruleset_get_costing (ruleset) : NULL;
  const char *unit = costing ? muster_costing_get_unit (costing, 2) : NULL;
  g_autofree char *title = NULL;

  if (costing == NULL || costing->limit || unit == NULL || *unit == '\0')
    title = g_strdup (_("Cost"));
  else
    title = g_strdup_printf ("%c%s", g_ascii_toupper (*unit), unit + 1);
  muster_roster_header_set_title (self->header, MUSTER_ROSTER_COLUMN_COST, title);
}

/**
 * muster_roster_view_set_document:
 * @document: (nullable): the document whose force to show, or %NULL for none
 *
 * Shows the document's (first) force afresh, nothing selected.
 */
void
muster_roster_view_set_document (MusterRosterView *self,
                                 MusterDocument   *document)
{
  muster_roster_view_set_force (self, document,
                                document ? muster_document_get_force (document) : NULL);
}

/**
 * muster_roster_view_set_force:
 * @document: (nullable): the document holding @force, or %NULL for none
 * @force: (nullable): which of its forces to show (a scenario has one per side)
 *
 * Shows @force afresh, nothing selected. The old rows point into whatever document was there
 * before, so they go first.
 */
void
muster_roster_view_set_force (MusterRosterView *self,
                              MusterDocument   *document,
                              MusterForce      *force)
{
  g_autoptr(MusterRosterModel) roster = NULL;
  GtkTreeListModel *tree;

  g_return_if_fail (MUSTER_IS_ROSTER_VIEW (self));

  gtk_single_selection_set_model (self->selection, NULL);
  g_set_object (&self->document, document);
  self->force = document ? force : NULL;
  if (self->force == NULL)
    return;
  update_cost_title (self);
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

/* Brings the row at @position into view. GTK 4.8 has no gtk_list_view_scroll_to(), and its
 * "list.scroll-to-item" action moves the list's anchor, which rebinds every row it keeps: so
 * nothing happens when the row is in view already. Every row is as high as the others, so
 * the adjustment tells where it is without asking the rows. */
static void
scroll_to_row (MusterRosterView *self,
               guint             position)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  GListModel *model = G_LIST_MODEL (self->selection);
  guint n_items = g_list_model_get_n_items (model);
  double row_height, top, page;

  if (position >= n_items)
    return;
  page = gtk_adjustment_get_page_size (adjustment);
  row_height = n_items > 0 ? gtk_adjustment_get_upper (adjustment) / n_items : 0;
  top = gtk_adjustment_get_value (adjustment);
  if (row_height > 0 && page > 0 && position * row_height >= top &&
      (position + 1) * row_height <= top + page)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
}

/* The tree's row of @unit, or of @node when @unit is %NULL, found by its path from the top
 * (its place among each node's rows: units first, then groups) rather than by walking every
 * row; the groups above it are expanded on the way. */
static GtkTreeListRow *
dup_tree_row (MusterRosterView *self,
              MusterUnit       *unit,
              MusterNode       *node)
{
  GtkTreeListModel *tree = GTK_TREE_LIST_MODEL (gtk_single_selection_get_model (self->selection));
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (guint));
  GtkTreeListRow *row;
  MusterNode *parent;
  guint index;

  if (tree == NULL)
    return NULL;
  if (unit != NULL)
    {
      parent = muster_unit_get_node (unit);
      index = muster_node_index_of_unit (parent, unit);
    }
  else
    {
      parent = muster_node_get_parent (node);
      index = muster_node_get_n_units (parent) + muster_node_index_of_node (parent, node);
    }
  g_array_prepend_val (path, index);
  for (MusterNode *above = muster_node_get_parent (parent); above != NULL;
       above = muster_node_get_parent (above))
    {
      index = muster_node_get_n_units (above) + muster_node_index_of_node (above, parent);
      g_array_prepend_val (path, index);
      parent = above;
    }

  row = gtk_tree_list_model_get_child_row (tree, g_array_index (path, guint, 0));
  for (guint i = 1; row != NULL && i < path->len; i++)
    {
      GtkTreeListRow *child;

      gtk_tree_list_row_set_expanded (row, TRUE);
      child = gtk_tree_list_row_get_child_row (row, g_array_index (path, guint, i));
      g_object_unref (row);
      row = child;
    }
  return row;
}

static gboolean
select_tree_row (MusterRosterView *self,
                 GtkTreeListRow   *row)
{
  guint position;

  if (row == NULL)
    return FALSE;
  position = gtk_tree_list_row_get_position (row);
  g_object_unref (row);
  gtk_single_selection_set_selected (self->selection, position);
  scroll_to_row (self, position);
  return TRUE;
}

/* Selects @unit's row, expanding the groups it is in, and scrolls to it. */
gboolean
muster_roster_view_select_unit (MusterRosterView *self,
                                MusterUnit       *unit)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_VIEW (self), FALSE);

  if (unit == NULL || muster_unit_get_node (unit) == NULL)
    return FALSE;
  return select_tree_row (self, dup_tree_row (self, unit, NULL));
}

/* Selects @node's row, expanding the groups above it, and scrolls to it. */
gboolean
muster_roster_view_select_node (MusterRosterView *self,
                                MusterNode       *node)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_VIEW (self), FALSE);

  if (node == NULL || muster_node_get_parent (node) == NULL)
    return FALSE;
  return select_tree_row (self, dup_tree_row (self, NULL, node));
}

static void
append_destinations (GMenu         *menu,
                     MusterNode    *node,
                     MusterNode    *skip,
                     MusterNode    *from,
                     gboolean       for_unit,
                     MusterRuleset *ruleset,
                     guint          depth)
{
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    {
      MusterNode *child = muster_node_get_node (node, i);
      const MusterLevel *level = ruleset ? muster_ruleset_lookup (ruleset, MUSTER_ITEM_LEVEL,
                                                                  muster_node_get_level (child))
                                         : NULL;
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *label = NULL;

      /* A group never goes into itself; nothing is offered its own place. */
      if (child == skip)
        continue;
      /* Units only where the rule system lets a level hold units. */
      if (child != from && (!for_unit || level == NULL || level->units))
        {
          /* Indented as in the roster: an em space a level */
          GString *indent = g_string_new (NULL);

          for (guint d = 0; d < depth; d++)
            g_string_append (indent, "\u2003");
          label = g_strdup_printf ("%s%s", indent->str, muster_node_get_name (child));
          g_string_free (indent, TRUE);
          item = g_menu_item_new (label, NULL);
          g_menu_item_set_action_and_target (item, "army.move-to", "s", muster_node_get_id (child));
          g_menu_append_item (menu, item);
        }
      append_destinations (menu, child, skip, from, for_unit, ruleset, depth + 1);
    }
}

/**
 * muster_roster_view_popup_move_to:
 *
 * Offers the places the selected unit or group can move to (the top of the list and every
 * group, less its own place and, for a group, itself and what it holds) as a menu of
 * "army.move-to" items, at the selected row.
 *
 * Returns: whether there was a row to move and a place for it
 */
gboolean
muster_roster_view_popup_move_to (MusterRosterView *self)
{
  g_autoptr(MusterRosterRow) row = NULL;
  g_autoptr(GMenu) places = NULL;
  MusterForce *force;
  MusterRuleset *ruleset;
  const MusterLevel *root_level;
  MusterNode *root, *skip, *from;
  gboolean for_unit;

  g_return_val_if_fail (MUSTER_IS_ROSTER_VIEW (self), FALSE);

  if (self->document == NULL || (force = self->force) == NULL ||
      (row = muster_roster_view_dup_selected_row (self)) == NULL)
    return FALSE;
  ruleset = muster_document_get_ruleset (self->document);
  root = muster_force_get_root (force);
  for_unit = !muster_roster_row_is_node (row);
  skip = for_unit ? NULL : muster_roster_row_get_node (row);
  from = for_unit ? muster_unit_get_node (muster_roster_row_get_unit (row))
                  : muster_node_get_parent (skip);
  root_level = ruleset ? muster_ruleset_get_root_level (ruleset) : NULL;

  places = g_menu_new ();
  if (from != root && (!for_unit || root_level == NULL || root_level->units))
    g_menu_append (places, _("Top of the List"), "army.move-to::");
  append_destinations (places, root, skip, from, for_unit, ruleset, 0);
  g_clear_object (&self->move_menu);
  self->move_menu = g_menu_new ();
  /* No section title: GTK 4.8 sizes a popover menu without it and clips the items. */
  g_menu_append_section (self->move_menu, NULL, G_MENU_MODEL (places));
  /* A fresh popover sized for this menu */
  g_clear_pointer (&self->move_popover, gtk_widget_unparent);
  self->move_popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (self->move_menu));
  gtk_popover_set_has_arrow (GTK_POPOVER (self->move_popover), FALSE);
  gtk_widget_set_halign (self->move_popover, GTK_ALIGN_START);
  gtk_widget_set_parent (self->move_popover, GTK_WIDGET (self->list_view));
  if (g_menu_model_get_n_items (G_MENU_MODEL (places)) == 0)
    return FALSE;
  point_at_selection (self, self->move_popover);
  gtk_popover_popup (GTK_POPOVER (self->move_popover));
  return TRUE;
}

/* Returns: (transfer none): the places muster_roster_view_popup_move_to() offered last, in
 * one section */
GMenuModel *
muster_roster_view_get_move_menu (MusterRosterView *self)
{
  g_return_val_if_fail (MUSTER_IS_ROSTER_VIEW (self), NULL);
  return G_MENU_MODEL (self->move_menu);
}

/* Opens an entry with the selected group's name at its row; Enter renames it. */
gboolean
muster_roster_view_popup_rename (MusterRosterView *self)
{
  g_autoptr(MusterRosterRow) row = NULL;

  g_return_val_if_fail (MUSTER_IS_ROSTER_VIEW (self), FALSE);

  if ((row = muster_roster_view_dup_selected_row (self)) == NULL ||
      !muster_roster_row_is_node (row))
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (self->rename_entry), muster_roster_row_get_name (row));
  point_at_selection (self, self->rename_popover);
  gtk_popover_popup (GTK_POPOVER (self->rename_popover));
  gtk_widget_grab_focus (self->rename_entry);
  gtk_editable_select_region (GTK_EDITABLE (self->rename_entry), 0, -1);
  return TRUE;
}

/* Shows the button to the selected unit's editor, for where the editor is not beside the
 * roster. */
void
muster_roster_view_set_show_edit (MusterRosterView *self,
                                  gboolean          show)
{
  g_return_if_fail (MUSTER_IS_ROSTER_VIEW (self));

  gtk_widget_set_visible (self->edit_button, show);
}

/* The drag icon of a roster row or a unit type: its name on a card */
void
muster_drag_icon_set_label (GdkDrag    *drag,
                            const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "drag-card");
  gtk_drag_icon_set_child (GTK_DRAG_ICON (gtk_drag_icon_get_for_drag (drag)), label);
}
