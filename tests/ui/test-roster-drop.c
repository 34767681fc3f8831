/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-army-page.h"
#include "muster-catalogue-model.h"
#include "muster-engine.h"
#include "muster-roster-cells.h"
#include "muster-roster-model.h"
#include "muster-roster-view.h"
#include "ui-test-util.h"

/*
 * Drag and drop in the roster, through the roster's own GtkDropTarget: the test emits its
 * "drop" signal at a point on a drawn row, as GTK does when a drag ends there, so where the
 * point falls (upper or lower half of a unit, the middle of a group) and what is dropped (a
 * row, a catalogue entry) go through the same code a mouse drag does. A real pointer drag
 * needs a compositor that Xvfb does not have.
 */

/* The tree row a row widget of the roster's list shows */
static GtkTreeListRow *
list_row_of (GtkWidget *row_widget)
{
  GtkWidget *line = find_descendant (row_widget, MUSTER_TYPE_ROSTER_LINE);

  return line != NULL ? muster_roster_line_get_list_row (MUSTER_ROSTER_LINE (line)) : NULL;
}

/* The row widget showing @unit or @node, as drawn in the roster's list view. */
static GtkWidget *
row_widget_of (GtkWidget  *list_view,
               MusterUnit *unit,
               MusterNode *node)
{
  for (GtkWidget *child = gtk_widget_get_first_child (list_view); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkTreeListRow *tree_row = list_row_of (child);
      g_autoptr(MusterRosterRow) row = tree_row ? gtk_tree_list_row_get_item (tree_row) : NULL;

      /* Mapped and laid out: a row just made has no size until the next frame. */
      if (row != NULL && gtk_widget_get_mapped (child) && gtk_widget_get_width (child) > 0 &&
          ((unit != NULL && muster_roster_row_get_unit (row) == unit) ||
           (node != NULL && muster_roster_row_get_node (row) == node)))
        return child;
    }
  return NULL;
}

typedef struct
{
  MusterWindow   *window;
  MusterArmyPage *page;
  MusterDocument *document;
  MusterDoc      *doc;
  GtkWidget      *list_view;
  GtkDropTarget  *target;
} Drop;

typedef struct
{
  GtkWidget  *list_view;
  MusterUnit *unit;
  MusterNode *node;
} RowSought;

static gboolean
row_drawn (gpointer data)
{
  RowSought *sought = data;

  return row_widget_of (sought->list_view, sought->unit, sought->node) != NULL;
}

static void
drop_setup (Drop *d)
{
  d->window = new_sample_window ("undying-lands-host.muster");
  d->page = muster_window_get_army_page (d->window);
  d->document = muster_window_get_document (d->window);
  d->doc = muster_document_get_doc (d->document);
  d->list_view = find_descendant (find_descendant (GTK_WIDGET (d->page), MUSTER_TYPE_ROSTER_VIEW),
                                 GTK_TYPE_LIST_VIEW);
  g_assert_true (gtk_widget_get_ancestor (d->list_view, MUSTER_TYPE_ROSTER_VIEW) != NULL);
  d->target = GTK_DROP_TARGET (find_controller (d->list_view, GTK_TYPE_DROP_TARGET));
}

/* Drops @dragged (a MusterRosterRow or MusterCatalogueItem) at @fraction of the height of the
 * row of @at_unit or @at_node. Returns what the drop target's handler returned. */
static gboolean
drop_on (Drop       *d,
         GObject    *dragged,
         MusterUnit *at_unit,
         MusterNode *at_node,
         double      fraction)
{
  RowSought sought = { d->list_view, at_unit, at_node };
  GtkWidget *row;
  g_auto(GValue) value = G_VALUE_INIT;
  graphene_rect_t bounds;
  gboolean handled = FALSE;

  spin_until (row_drawn, &sought);
  row = row_widget_of (d->list_view, at_unit, at_node);
  g_assert_true (gtk_widget_compute_bounds (row, d->list_view, &bounds));
  g_value_init (&value, G_OBJECT_TYPE (dragged));
  g_value_set_object (&value, dragged);
  g_signal_emit_by_name (d->target, "drop", &value,
                         (double) bounds.origin.x + bounds.size.width / 2,
                         (double) bounds.origin.y + bounds.size.height * fraction, &handled);
  return handled;
}

/* The roster's own row for @unit or @node: what a drag from the roster carries. */
static MusterRosterRow *
dup_roster_row (Drop       *d,
                MusterUnit *unit,
                MusterNode *node)
{
  RowSought sought = { d->list_view, unit, node };
  GtkWidget *row;

  spin_until (row_drawn, &sought);
  row = row_widget_of (d->list_view, unit, node);
  return gtk_tree_list_row_get_item (list_row_of (row));
}

/* Drags the roster's row of @unit or @node to @at_unit or @at_node (see drop_on()). */
static gboolean
move_on (Drop       *d,
         MusterUnit *unit,
         MusterNode *node,
         MusterUnit *at_unit,
         MusterNode *at_node,
         double      fraction)
{
  g_autoptr(MusterRosterRow) row = dup_roster_row (d, unit, node);

  return drop_on (d, G_OBJECT (row), at_unit, at_node, fraction);
}

static MusterCatalogueItem *
dup_catalogue_item (Drop       *d,
                    const char *type_id)
{
  GListModel *catalogue = G_LIST_MODEL (muster_army_page_get_catalogue (d->page));

  for (guint i = 0; i < g_list_model_get_n_items (catalogue); i++)
    {
      MusterCatalogueItem *item = g_list_model_get_item (catalogue, i);

      if (g_strcmp0 (muster_catalogue_item_get_id (item), type_id) == 0)
        return item;
      g_object_unref (item);
    }
  g_assert_not_reached ();
}

static const char *
undo_label (Drop *d)
{
  return muster_history_get_undo_label (muster_document_get_history (d->document));
}

static void
undo (Drop *d)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (d->window), "win.undo", NULL));
}

/* A unit dropped on the lower half of another lands after it, on the upper half before it;
 * in another wing, too. One undo step each, named after the unit. */
static void
test_drop_unit (void)
{
  Drop d;
  MusterUnit *legio, *warband, *phalanx;
  MusterNode *right, *centre;
  gint64 total;

  drop_setup (&d);
  legio = muster_doc_lookup_unit (d.doc, "u1");
  phalanx = muster_doc_lookup_unit (d.doc, "u2");
  warband = muster_doc_lookup_unit (d.doc, "u3");
  right = muster_unit_get_node (legio);
  centre = muster_unit_get_node (warband);
  total = muster_force_get_total (muster_document_get_force (d.document));

  g_assert_true (move_on (&d, legio, NULL, warband, NULL, 0.75));
  g_assert_true (muster_unit_get_node (legio) == centre);
  g_assert_true (muster_node_get_unit (centre, 1) == legio);
  g_assert_true (muster_army_page_get_selected_unit (d.page) == legio);
  g_assert_cmpstr (undo_label (&d), ==, "Move Legio II Augusta");
  g_assert_cmpint (muster_force_get_total (muster_document_get_force (d.document)), ==, total);
  undo (&d);
  g_assert_true (muster_node_get_unit (right, 0) == legio);
  g_assert_false (muster_history_get_can_undo (muster_document_get_history (d.document)));

  /* The upper half of the warband: before it, first in the centre. */
  g_assert_true (move_on (&d, legio, NULL, warband, NULL, 0.25));
  g_assert_true (muster_node_get_unit (centre, 0) == legio);
  g_assert_true (muster_node_get_unit (centre, 1) == warband);
  undo (&d);

  /* Reordering within the wing: the Legion after the phalanx. */
  g_assert_true (move_on (&d, legio, NULL, phalanx, NULL, 0.75));
  g_assert_true (muster_node_get_unit (right, 0) == phalanx);
  g_assert_true (muster_node_get_unit (right, 1) == legio);
  undo (&d);
  g_assert_true (muster_node_get_unit (right, 0) == legio);
  g_assert_false (muster_document_get_modified (d.document));
  gtk_window_destroy (GTK_WINDOW (d.window));
}

/* A unit type from the catalogue dropped on a row is added there (copy), selected. */
static void
test_drop_catalogue (void)
{
  Drop d;
  g_autoptr(MusterCatalogueItem) foot = NULL;
  MusterUnit *warband;
  MusterNode *centre, *left;
  guint n_centre;

  drop_setup (&d);
  foot = dup_catalogue_item (&d, "foot");
  warband = muster_doc_lookup_unit (d.doc, "u3");
  centre = muster_unit_get_node (warband);
  left = muster_unit_get_node (muster_doc_lookup_unit (d.doc, "u6"));
  n_centre = muster_node_get_n_units (centre);

  g_assert_true (drop_on (&d, G_OBJECT (foot), warband, NULL, 0.25));
  g_assert_cmpuint (muster_node_get_n_units (centre), ==, n_centre + 1);
  g_assert_cmpstr (muster_unit_get_type_id (muster_node_get_unit (centre, 0)), ==, "foot");
  g_assert_true (muster_army_page_get_selected_unit (d.page) == muster_node_get_unit (centre, 0));
  g_assert_true (muster_document_get_modified (d.document));
  undo (&d);
  g_assert_cmpuint (muster_node_get_n_units (centre), ==, n_centre);
  g_assert_true (muster_node_get_unit (centre, 0) == warband);

  /* Into the middle of a wing's row: added to that wing. */
  g_assert_true (drop_on (&d, G_OBJECT (foot), NULL, left, 0.5));
  g_assert_cmpstr (muster_unit_get_type_id (muster_node_get_unit (left,
                                                                 muster_node_get_n_units (left) - 1)),
                   ==, "foot");
  undo (&d);
  g_assert_false (muster_document_get_modified (d.document));
  gtk_window_destroy (GTK_WINDOW (d.window));
}

/* A group dropped in the middle of another goes into it, on its top quarter before it; never
 * into itself or its own contents. */
static void
test_drop_group (void)
{
  Drop d;
  MusterNode *root, *right, *centre, *left;

  drop_setup (&d);
  root = muster_force_get_root (muster_document_get_force (d.document));
  right = muster_node_get_node (root, 0);
  centre = muster_node_get_node (root, 1);
  left = muster_node_get_node (root, 2);

  g_assert_true (move_on (&d, NULL, left, NULL, centre, 0.5));
  g_assert_true (muster_node_get_parent (left) == centre);
  g_assert_cmpstr (undo_label (&d), ==, "Move Left wing: the horse");
  undo (&d);
  g_assert_true (muster_node_get_node (root, 2) == left);

  g_assert_true (move_on (&d, NULL, left, NULL, right, 0.1));
  g_assert_true (muster_node_get_node (root, 0) == left);
  g_assert_true (muster_node_get_node (root, 1) == right);
  undo (&d);

  /* Into itself, or onto one of its own units: refused, nothing changes. */
  g_assert_false (move_on (&d, NULL, centre, NULL, centre, 0.5));
  g_assert_false (move_on (&d, NULL, centre, muster_doc_lookup_unit (d.doc, "u4"), NULL, 0.75));
  g_assert_true (muster_node_get_node (root, 1) == centre);
  g_assert_false (muster_history_get_can_undo (muster_document_get_history (d.document)));
  g_assert_false (muster_document_get_modified (d.document));
  gtk_window_destroy (GTK_WINDOW (d.window));
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/roster-drop/unit", test_drop_unit);
  g_test_add_func ("/ui/roster-drop/catalogue", test_drop_catalogue);
  g_test_add_func ("/ui/roster-drop/group", test_drop_group);
  return ui_test_run ();
}
