/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>

#include <locale.h>
#include <math.h>
#include <string.h>

#include "muster-application.h"
#include "ui-test-util.h"
#include "muster-attach-chooser.h"
#include "muster-battlefield-commands.h"
#include "muster-battlefield-page.h"
#include "muster-generate-dialog.h"
#include "muster-map-painter.h"
#include "muster-window.h"

static gboolean
document_loaded (gpointer data)
{
  return muster_document_get_doc (muster_window_get_document (data)) != NULL;
}

static GFile *
sample_file (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            name, NULL);

  return g_file_new_for_path (path);
}

static MusterWindow *
open_sample (const char *name)
{
  MusterWindow *window = muster_window_new (app);
  g_autoptr(GFile) file = sample_file (name);

  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  g_object_set (window, "workspace", "battlefield", NULL);
  muster_window_open_file (window, file);
  spin_until (document_loaded, window);
  return window;
}

static MusterBattlefield *
window_battlefield (MusterWindow *window)
{
  return muster_doc_get_battlefield (muster_document_get_doc (muster_window_get_document (window)));
}

static MusterBattlefieldPage *
window_page (MusterWindow *window)
{
  return MUSTER_BATTLEFIELD_PAGE (find_descendant (GTK_WIDGET (window),
                                                   MUSTER_TYPE_BATTLEFIELD_PAGE));
}

/* A drag from one table point to another, as the gesture reports it. */
static void
drag_table (MusterMapView *view,
            MusterPoint    from,
            MusterPoint    to)
{
  GtkGesture *drag = GTK_GESTURE (find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_DRAG));
  MusterViewport *viewport = muster_map_view_get_viewport (view);
  double x0, y0, x1, y1;

  muster_viewport_table_to_widget (viewport, from.x, from.y, &x0, &y0);
  muster_viewport_table_to_widget (viewport, to.x, to.y, &x1, &y1);
  g_signal_emit_by_name (drag, "drag-begin", x0, y0);
  g_signal_emit_by_name (drag, "drag-update", (x1 - x0) / 2, (y1 - y0) / 2);
  g_signal_emit_by_name (drag, "drag-end", x1 - x0, y1 - y0);
}

static void
test_new_battlefield_place_and_undo (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-1000.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterBattlefield *field;
  guint unplaced;

  g_assert_nonnull (page);
  g_assert_null (window_battlefield (window));
  g_assert_null (muster_battlefield_page_get_status (page));

  muster_battlefield_page_new_battlefield (page, muster_mm_from_inches (72),
                                           muster_mm_from_inches (48), "in");
  field = window_battlefield (window);
  g_assert_nonnull (field);
  g_assert_cmpfloat_with_epsilon (muster_battlefield_get_width (field), 1828.8, 1e-6);
  unplaced = muster_battlefield_page_get_n_unplaced (page);
  g_assert_cmpuint (unplaced, >, 0);

  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.place-unit", "s", "u2"));
  g_assert_nonnull (muster_battlefield_lookup_unit (field, "u2"));
  g_assert_cmpuint (muster_battlefield_page_get_n_unplaced (page), ==, unplaced - 1);
  g_assert_cmpstr (muster_battlefield_page_get_selection_title (page), ==, "Iron Guard");

  /* Undo takes the unit off the table, then the table away; redo brings both back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_null (muster_battlefield_lookup_unit (field, "u2"));
  g_assert_cmpuint (muster_battlefield_page_get_n_unplaced (page), ==, unplaced);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_null (window_battlefield (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_nonnull (muster_battlefield_lookup_unit (window_battlefield (window), "u2"));
  g_assert_true (muster_document_get_modified (muster_window_get_document (window)));

  /* no "Save changes?" question in a test */
  muster_history_mark_clean (muster_document_get_history (muster_window_get_document (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The properties of a placed unit offer its formation: a line of Iron Guard formed in column
 * is deeper than wide, in one undo step. */
static void
test_change_formation (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-1000.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterHistory *history = muster_document_get_history (muster_window_get_document (window));
  AdwComboRow *row;
  const MusterFeature *unit;
  MusterBox box;

  muster_battlefield_page_new_battlefield (page, muster_mm_from_inches (72),
                                           muster_mm_from_inches (48), "in");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.place-unit", "s", "u2"));
  row = ADW_COMBO_ROW (find_descendant (GTK_WIDGET (page), ADW_TYPE_COMBO_ROW));
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));
  unit = muster_battlefield_lookup_unit (window_battlefield (window), "u2");
  g_assert_cmpint (unit->formation, ==, MUSTER_FORMATION_LINE);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, MUSTER_FORMATION_LINE);

  adw_combo_row_set_selected (row, MUSTER_FORMATION_COLUMN);
  unit = muster_battlefield_lookup_unit (window_battlefield (window), "u2");
  g_assert_cmpint (unit->formation, ==, MUSTER_FORMATION_COLUMN);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Change Formation");
  {
    g_autoptr(MusterFootprint) fp = muster_feature_get_footprint (unit);

    g_assert_cmpfloat (muster_footprint_get_depth (fp), >, muster_footprint_get_frontage (fp));
  }
  box = muster_feature_get_bounds (unit);
  g_assert_true (muster_box_contains_point (box, unit->centre));

  g_assert_true (muster_history_undo (history));
  unit = muster_battlefield_lookup_unit (window_battlefield (window), "u2");
  g_assert_cmpint (unit->formation, ==, MUSTER_FORMATION_LINE);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, MUSTER_FORMATION_LINE);

  muster_history_mark_clean (history);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first widget of @type inside the preferences row titled @title under @widget. */
static GtkWidget *
find_in_row (GtkWidget  *widget,
             const char *title,
             GType       type)
{
  if (ADW_IS_PREFERENCES_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return find_descendant (widget, type);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_in_row (child, title, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* An objective's victory points and a unit's hiding on the umpire's layer are edited in the
 * properties, each an undo step. */
static void
test_objective_value_and_hiding (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterMapView *view = muster_battlefield_page_get_map_view (page);
  MusterBattlefield *field = window_battlefield (window);
  MusterHistory *history = muster_document_get_history (muster_window_get_document (window));
  GtkSpinButton *value;
  GtkSwitch *hidden;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  muster_map_view_select (view, "o1", FALSE);
  value = GTK_SPIN_BUTTON (find_in_row (GTK_WIDGET (page), "Victory points", GTK_TYPE_SPIN_BUTTON));
  hidden = GTK_SWITCH (find_in_row (GTK_WIDGET (page), "Hidden", GTK_TYPE_SWITCH));
  g_assert_nonnull (value);
  g_assert_nonnull (hidden);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (GTK_WIDGET (value),
                                                                  ADW_TYPE_ACTION_ROW)));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (value), ==, 3);
  gtk_spin_button_set_value (value, 5);
  g_assert_cmpint (muster_battlefield_lookup (field, "o1")->value, ==, 5);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Set Victory Points");
  g_assert_true (muster_history_undo (history));
  g_assert_cmpint (muster_battlefield_lookup (field, "o1")->value, ==, 3);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (value), ==, 3);

  /* the Iron Guard go onto the umpire's layer, and come back */
  muster_map_view_select (view, muster_battlefield_lookup_unit (field, "u2")->id, FALSE);
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_ancestor (GTK_WIDGET (value),
                                                                   ADW_TYPE_ACTION_ROW)));
  g_assert_false (gtk_switch_get_active (hidden));
  gtk_switch_set_active (hidden, TRUE);
  g_assert_cmpstr (muster_battlefield_lookup_unit (field, "u2")->layer, ==, "umpire");
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Hide");
  g_assert_true (muster_history_undo (history));
  g_assert_null (muster_battlefield_lookup_unit (field, "u2")->layer);

  muster_history_mark_clean (history);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_draw_terrain_with_the_tool (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterMapView *view = muster_battlefield_page_get_map_view (page);
  MusterBattlefield *field = window_battlefield (window);
  guint n = muster_battlefield_get_n_features (field);
  const MusterFeature *piece;
  g_auto(GStrv) selection = NULL;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.tool", "s", "ellipse"));
  g_assert_cmpint (muster_map_view_get_tool (view), ==, MUSTER_MAP_TOOL_ELLIPSE);
  drag_table (view, (MusterPoint) { 700, 600 }, (MusterPoint) { 900, 700 });

  g_assert_cmpuint (muster_battlefield_get_n_features (field), ==, n + 1);
  piece = muster_battlefield_get_feature (field, n);
  g_assert_cmpint (piece->outline, ==, MUSTER_OUTLINE_ELLIPSE);
  g_assert_cmpstr (piece->type, ==, "woods");   /* the dropdown's first wood */
  g_assert_cmpfloat_with_epsilon (piece->centre.x, 800, 1);
  selection = muster_map_view_dup_selection (view);
  g_assert_cmpstr (selection[0], ==, piece->id);
  g_assert_cmpstr (muster_battlefield_page_get_selection_title (page), ==, "Woods, forest or jungle");
  g_assert_nonnull (strstr (muster_battlefield_page_get_selection_effects (page),
                            "Blocks line of sight"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (muster_battlefield_get_n_features (field), ==, n);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_select_and_move (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterMapView *view = muster_battlefield_page_get_map_view (page);
  MusterBattlefield *field = window_battlefield (window);
  MusterHistory *history = muster_document_get_history (muster_window_get_document (window));
  MusterPoint first = g_array_index (muster_battlefield_lookup (field, "t8")->points, MusterPoint, 0);
  guint position = muster_history_get_position (history);
  MusterPoint now;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  /* Drag the Hag Copse 100 mm right and 50 down: one command, snapped to the grid's quarters. */
  drag_table (view, (MusterPoint) { 1650, 330 }, (MusterPoint) { 1750, 380 });
  g_assert_cmpuint (muster_history_get_position (history), ==, position + 1);
  now = g_array_index (muster_battlefield_lookup (field, "t8")->points, MusterPoint, 0);
  g_assert_cmpfloat_with_epsilon (now.x - first.x, 76.2, 1e-6);   /* 1 ft grid / 4 = 3″ */
  g_assert_cmpfloat_with_epsilon (now.y - first.y, 76.2, 1e-6);
  g_assert_cmpstr (muster_battlefield_page_get_selection_title (page), ==, "Woods, forest or jungle");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  now = g_array_index (muster_battlefield_lookup (field, "t8")->points, MusterPoint, 0);
  g_assert_cmpfloat (now.x, ==, first.x);

  /* Snap off: the copse goes exactly where it is dragged. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.snap", NULL));
  g_assert_false (muster_map_view_get_snap (view));
  drag_table (view, (MusterPoint) { 1650, 330 }, (MusterPoint) { 1750, 380 });
  now = g_array_index (muster_battlefield_lookup (field, "t8")->points, MusterPoint, 0);
  g_assert_cmpfloat_with_epsilon (now.x - first.x, 100, 1e-6);
  g_assert_cmpfloat_with_epsilon (now.y - first.y, 50, 1e-6);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.snap", NULL));
  g_assert_true (muster_map_view_get_snap (view));

  /* A rubber band round the first two regiments (started in their deployment zone) selects
   * both; dragging one moves both, in one step. */
  {
    MusterPoint guard = muster_battlefield_lookup_unit (field, "u2")->centre;
    MusterPoint breakers = muster_battlefield_lookup_unit (field, "u3")->centre;
    g_auto(GStrv) band = NULL;

    drag_table (view, (MusterPoint) { 60, 60 }, (MusterPoint) { 560, 200 });
    band = muster_map_view_dup_selection (view);
    g_assert_cmpuint (g_strv_length (band), ==, 2);
    g_assert_true (g_strv_contains ((const char * const *) band,
                                    muster_battlefield_lookup_unit (field, "u2")->id));
    g_assert_true (g_strv_contains ((const char * const *) band,
                                    muster_battlefield_lookup_unit (field, "u3")->id));
    position = muster_history_get_position (history);
    drag_table (view, guard, (MusterPoint) { guard.x + 100, guard.y });
    g_assert_cmpuint (muster_history_get_position (history), ==, position + 1);
    g_assert_cmpfloat_with_epsilon (muster_battlefield_lookup_unit (field, "u2")->centre.x - guard.x,
                                    76.2, 1e-6);
    g_assert_cmpfloat_with_epsilon (muster_battlefield_lookup_unit (field, "u3")->centre.x -
                                    breakers.x, 76.2, 1e-6);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  }

  /* A click in the zone selects it; then a drag moves it. */
  {
    g_auto(GStrv) zone = NULL;
    double y0 = g_array_index (muster_battlefield_lookup (field, "z1")->points, MusterPoint, 2).y;

    drag_table (view, (MusterPoint) { 60, 60 }, (MusterPoint) { 60, 60 });
    zone = muster_map_view_dup_selection (view);
    g_assert_cmpuint (g_strv_length (zone), ==, 1);
    g_assert_cmpstr (zone[0], ==, "z1");
    drag_table (view, (MusterPoint) { 60, 60 }, (MusterPoint) { 60, 136.2 });
    g_assert_cmpfloat_with_epsilon (g_array_index (muster_battlefield_lookup (field, "z1")->points,
                                                   MusterPoint, 2).y - y0, 76.2, 1e-6);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  }

  /* A click on empty ground clears the selection. */
  drag_table (view, (MusterPoint) { 1150, 680 }, (MusterPoint) { 1150, 680 });
  g_assert_cmpstr (muster_battlefield_page_get_selection_title (page), ==, "Nothing selected");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean press_key (MusterMapView *view,
                           guint          keyval);

static void
test_measure_and_line_of_sight (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterMapView *view = muster_battlefield_page_get_map_view (page);
  MusterBattlefield *field = window_battlefield (window);
  const MusterFeature *iron_guard = muster_battlefield_lookup_unit (field, "u2");
  const MusterFeature *hearth_guard = muster_battlefield_lookup_unit (field, "u4");
  const MusterFeature *shields = muster_battlefield_lookup_unit (field, "u41");
  g_autofree char *gap = NULL, *wood = NULL;
  const char *status;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.tool", "s", "measure"));
  drag_table (view, iron_guard->centre, hearth_guard->centre);
  gap = muster_map_format_length (field, muster_battlefield_distance (field, iron_guard->id,
                                                                     hearth_guard->id));
  g_assert_true (g_str_has_prefix (muster_map_view_get_measure_text (view), gap));
  g_assert_nonnull (strstr (muster_battlefield_page_get_status (page), "edge to edge"));

  /* Mirkwood Edge stands between the Iron Guard and the Black Shields. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.tool", "s", "sight"));
  drag_table (view, iron_guard->centre, shields->centre);
  g_assert_nonnull (strstr (muster_battlefield_page_get_status (page),
                            "no line of sight: Mirkwood Edge"));
  /* the wood is the one outlined */
  g_assert_cmpstr (muster_battlefield_lookup (field, muster_map_view_get_sight_blocker (view))->name,
                   ==, "Mirkwood Edge");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.tool", "s", "measure"));
  drag_table (view, iron_guard->centre, hearth_guard->centre);
  g_assert_null (muster_map_view_get_sight_blocker (view));
  /* Measuring changes nothing in the document. */
  g_assert_false (muster_document_get_modified (muster_window_get_document (window)));

  /* Escape drops the measure, and the status bar's words with it. */
  g_assert_true (press_key (view, GDK_KEY_Escape));
  g_assert_null (muster_map_view_get_measure_text (view));
  status = muster_battlefield_page_get_status (page);
  g_assert_true (status == NULL || strstr (status, "edge to edge") == NULL);

  /* A sight line does not outlive the terrain it names (as after Generate Battlefield): the
   * wood deleted, the line and "no line of sight: Mirkwood Edge" go. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.tool", "s", "sight"));
  drag_table (view, iron_guard->centre, shields->centre);
  wood = g_strdup (muster_map_view_get_sight_blocker (view));
  g_assert_nonnull (wood);
  muster_map_view_select (view, wood, FALSE);
  g_assert_true (press_key (view, GDK_KEY_Delete));
  g_assert_null (muster_battlefield_lookup (field, wood));
  g_assert_null (muster_map_view_get_measure_text (view));
  g_assert_null (muster_map_view_get_sight_blocker (view));
  status = muster_battlefield_page_get_status (page);
  g_assert_true (status == NULL || strstr (status, "Mirkwood Edge") == NULL);

  muster_history_mark_clean (muster_document_get_history (muster_window_get_document (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
view_drawn (gpointer data)
{
  return gtk_widget_get_mapped (data) &&
         muster_viewport_get_width (muster_map_view_get_viewport (data)) > 0;
}

/* The map view drawn into an image, through its snapshot, as the window would show it. */
static cairo_surface_t *
render_view (MusterMapView *view)
{
  GtkWidget *widget = GTK_WIDGET (view);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  GskRenderNode *node;
  cairo_t *cr = cairo_create (surface);

  /* the view's own snapshot: what it draws, without waiting for a frame; a new view coming
   * in bands, drawn till it is all there */
  g_assert_cmpint (width, >, 0);
  for (guint i = 0; i < 2 * 8; i++)
    {
      GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
      if (!muster_map_view_is_pending (view))
        break;
      node = gtk_snapshot_free_to_node (snapshot);
      g_clear_pointer (&node, gsk_render_node_unref);
      snapshot = gtk_snapshot_new ();
    }
  g_assert_false (muster_map_view_is_pending (view));
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  gsk_render_node_draw (node, cr);
  gsk_render_node_unref (node);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
view_pixel (MusterMapView   *view,
            cairo_surface_t *surface,
            MusterPoint      p)
{
  double x, y;

  muster_viewport_table_to_widget (muster_map_view_get_viewport (view), p.x, p.y, &x, &y);
  return *(guint32 *) (cairo_image_surface_get_data (surface) +
                       (int) y * cairo_image_surface_get_stride (surface) + (int) x * 4);
}

/* "Ranges" rings the selected Iron Hill Crossbows at 24″ (their missile weapons in Battle Valor
 * Fantasy), 609.6 mm out from their 200 × 80 mm footprint; the toggle turns the rings off. */
static void
test_range_rings (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterMapView *view = muster_battlefield_page_get_map_view (page);
  MusterBattlefield *field = window_battlefield (window);
  const MusterFeature *crossbows = muster_battlefield_lookup_unit (field, "u5");
  MusterPoint below = { crossbows->centre.x, crossbows->centre.y + 40 + 609.6 };
  MusterPoint inside = { crossbows->centre.x, crossbows->centre.y + 40 + 400 };
  cairo_surface_t *off, *on, *again;

  /* the workspace shown, the map laid out and drawn once (which fits the table) */
  g_object_set (window, "workspace", "battlefield", NULL);
  spin_until (view_drawn, view);
  muster_map_view_select (view, crossbows->id, FALSE);
  off = render_view (view);
  g_assert_false (muster_map_view_get_show_ranges (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.show-ranges", NULL));
  g_assert_true (muster_map_view_get_show_ranges (view));
  on = render_view (view);
  /* the ring where 24″ below the unit's rear edge, and nothing new well inside it */
  g_assert_cmpuint (view_pixel (view, on, below), !=, view_pixel (view, off, below));
  g_assert_cmpuint (view_pixel (view, on, inside), ==, view_pixel (view, off, inside));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.show-ranges", NULL));
  g_assert_false (muster_map_view_get_show_ranges (view));
  again = render_view (view);
  g_assert_cmpuint (view_pixel (view, again, below), ==, view_pixel (view, off, below));
  cairo_surface_destroy (off);
  cairo_surface_destroy (on);
  cairo_surface_destroy (again);
  gtk_window_destroy (GTK_WINDOW (window));
}

static guint
count_changed_pixels (cairo_surface_t *a,
                      cairo_surface_t *b)
{
  int stride = cairo_image_surface_get_stride (a);
  guint n = 0;

  g_assert_cmpint (cairo_image_surface_get_height (a), ==, cairo_image_surface_get_height (b));
  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (b));
  for (int y = 0; y < cairo_image_surface_get_height (a); y++)
    for (int x = 0; x < cairo_image_surface_get_width (a); x++)
      n += *(guint32 *) (cairo_image_surface_get_data (a) + y * stride + x * 4) !=
           *(guint32 *) (cairo_image_surface_get_data (b) + y * stride + x * 4);
  return n;
}

typedef struct
{
  MusterMapView   *view;
  cairo_surface_t *quick;
  cairo_surface_t *rested;
} ZoomRest;

/* Whether the view now draws something other than the scaled picture. Waiting for that, not
 * for a fixed time, keeps the test right on a loaded machine, where the rest timer may run
 * late; spin_until() still fails it if the view never paints sharp. */
static gboolean
zoom_rested (gpointer data)
{
  ZoomRest *rest = data;

  g_clear_pointer (&rest->rested, cairo_surface_destroy);
  rest->rested = render_view (rest->view);
  return count_changed_pixels (rest->quick, rest->rested) > 100;
}

/* A zoom step shows the kept map scaled at once (painting a crowded table afresh takes longer
 * than a frame); when the zoom has rested, the view paints it sharp by itself. */
static void
test_zoom_rests_sharp (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterMapView *view = muster_battlefield_page_get_map_view (window_page (window));
  cairo_surface_t *before, *quick, *still;
  ZoomRest rest = { view, NULL, NULL };

  g_object_set (window, "workspace", "battlefield", NULL);
  spin_until (view_drawn, view);
  before = render_view (view);
  muster_map_view_zoom_by (view, 1.25);
  quick = render_view (view);
  g_assert_cmpuint (count_changed_pixels (before, quick), >, 1000);
  /* frames while the zoom goes on show the same scaled picture */
  still = render_view (view);
  g_assert_cmpuint (count_changed_pixels (quick, still), ==, 0);

  /* by itself, sharp lines and text where the scaled picture had blocky ones */
  rest.quick = quick;
  spin_until (zoom_rested, &rest);
  cairo_surface_destroy (before);
  cairo_surface_destroy (quick);
  cairo_surface_destroy (still);
  cairo_surface_destroy (rest.rested);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
view_pending (gpointer data)
{
  return muster_map_view_is_pending (data);
}

static gboolean
view_complete (gpointer data)
{
  return !muster_map_view_is_pending (data);
}

/* With a budget too small for more than a band a frame, a zoom come to rest starts the map
 * sharp in bands, and the view draws frame after frame by itself until it is all there. */
static void
test_bands_by_themselves (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterMapView *view = muster_battlefield_page_get_map_view (window_page (window));

  muster_map_view_set_frame_budget (view, 0.001);
  g_object_set (window, "workspace", "battlefield", NULL);
  spin_until (view_drawn, view);
  spin_until (view_complete, view);
  muster_map_view_zoom_by (view, 1.25);
  spin_until (view_pending, view);
  spin_until (view_complete, view);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* One frame of @view, as the window would draw it. */
static void
snapshot_once (MusterMapView *view)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  GTK_WIDGET_GET_CLASS (view)->snapshot (GTK_WIDGET (view), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_clear_pointer (&node, gsk_render_node_unref);
}

static gboolean
view_unmapped (gpointer data)
{
  return !gtk_widget_get_mapped (data);
}

/* A list changed (a force renamed) while the map shows: the map shows it at once. Changed
 * in another workspace: the map, shown again, comes in bands as when it was first shown. */
static void
test_lists_changed_bands (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterMapView *view = muster_battlefield_page_get_map_view (window_page (window));
  MusterDocument *document = muster_window_get_document (window);

  muster_map_view_set_frame_budget (view, 0.001);
  g_object_set (window, "workspace", "battlefield", NULL);
  spin_until (view_drawn, view);
  spin_until (view_complete, view);
  g_signal_emit_by_name (document, "force-changed", NULL);
  snapshot_once (view);
  g_assert_false (muster_map_view_is_pending (view));

  g_object_set (window, "workspace", "army", NULL);
  spin_until (view_unmapped, view);
  g_signal_emit_by_name (document, "force-changed", NULL);
  g_object_set (window, "workspace", "battlefield", NULL);
  spin_until (view_drawn, view);
  snapshot_once (view);
  g_assert_true (muster_map_view_is_pending (view));
  spin_until (view_complete, view);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Gives @view a size of @width × @height, as its parent would, and draws it. */
static void
resize_view (MusterMapView *view,
             int            width,
             int            height)
{
  int minimum, natural;

  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural,
                      NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_VERTICAL, width, &minimum, &natural,
                      NULL, NULL);
  gtk_widget_size_allocate (GTK_WIDGET (view), &(GtkAllocation) { 0, 0, width, height }, -1);
  cairo_surface_destroy (render_view (view));
}

/* Whether the whole table shows in the view. */
static gboolean
table_shows (MusterMapView     *view,
             MusterBattlefield *field)
{
  MusterViewport *viewport = muster_map_view_get_viewport (view);
  MusterBox table = muster_battlefield_get_table_box (field);

  for (guint i = 0; i < 4; i++)
    {
      double x, y;

      muster_viewport_table_to_widget (viewport, i & 1 ? table.x1 : table.x0,
                                       i & 2 ? table.y1 : table.y0, &x, &y);
      if (x < 0 || y < 0 || x > muster_viewport_get_width (viewport) ||
          y > muster_viewport_get_height (viewport))
        return FALSE;
    }
  return TRUE;
}

/* A map fitted to its view stays fitted when the view is resized, smaller or larger; once the
 * user has zoomed, a resize keeps the zoom. */
static void
test_resize_keeps_fit (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterMapView *view = muster_battlefield_page_get_map_view (window_page (window));
  MusterViewport *viewport = muster_map_view_get_viewport (view);
  int width, height;
  double zoom;

  g_object_set (window, "workspace", "battlefield", NULL);
  spin_until (view_drawn, view);
  width = gtk_widget_get_width (GTK_WIDGET (view));
  height = gtk_widget_get_height (GTK_WIDGET (view));
  cairo_surface_destroy (render_view (view));
  g_assert_true (table_shows (view, window_battlefield (window)));
  zoom = muster_viewport_get_zoom (viewport);

  resize_view (view, width / 2, height / 2);
  g_assert_true (table_shows (view, window_battlefield (window)));
  g_assert_cmpfloat (muster_viewport_get_zoom (viewport), <, zoom * 0.6);
  resize_view (view, width, height);
  g_assert_true (table_shows (view, window_battlefield (window)));
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), zoom, zoom * 1e-9);

  muster_map_view_zoom_by (view, 1.25);
  cairo_surface_destroy (render_view (view));
  zoom = muster_viewport_get_zoom (viewport);
  resize_view (view, width / 2, height / 2);
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), zoom, zoom * 1e-9);
  g_assert_false (table_shows (view, window_battlefield (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Does what @keyval with @modifiers does to @view while it has the focus, as GTK would: the
 * first shortcut for the keys, of the view's shortcut controllers, that takes them. A capital
 * is its small letter with Shift, as GTK keeps it. Returns: whether one took them (keys none
 * takes go on to the view's parents). */
static gboolean
press_keys (MusterMapView   *view,
            guint            keyval,
            GdkModifierType  modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      for (guint j = 0; GTK_IS_SHORTCUT_CONTROLLER (controller) &&
                        j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers &&
              gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                            GTK_WIDGET (view),
                                            gtk_shortcut_get_arguments (shortcut)))
            return TRUE;
        }
    }
  return FALSE;
}

/* @keyval alone, as press_keys() */
static gboolean
press_key (MusterMapView *view,
           guint          keyval)
{
  return press_keys (view, keyval, 0);
}

/* ] turns the view a quarter clockwise about the middle of the map, [ back: the table point in
 * the middle stays, one to its right comes below it, the whole table still shows; four turns
 * are the whole way round. */
static void
test_turn_view (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterMapView *view = muster_battlefield_page_get_map_view (window_page (window));
  MusterViewport *viewport = muster_map_view_get_viewport (view);
  double cx, cy, x, y, mx, my;

  g_object_set (window, "workspace", "battlefield", NULL);
  spin_until (view_drawn, view);
  cx = muster_viewport_get_width (viewport) / 2.0;
  cy = muster_viewport_get_height (viewport) / 2.0;
  muster_viewport_widget_to_table (viewport, cx, cy, &mx, &my);

  /* a key nothing is bound to is left to others: no controller of the view claims it */
  g_assert_false (press_key (view, GDK_KEY_q));
  g_assert_true (press_key (view, GDK_KEY_bracketright));
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_rotation (viewport), G_PI / 2, 1e-9);
  muster_viewport_table_to_widget (viewport, mx, my, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, cx, 1e-6);
  g_assert_cmpfloat_with_epsilon (y, cy, 1e-6);
  muster_viewport_table_to_widget (viewport, mx + 100, my, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, cx, 1e-6);
  g_assert_cmpfloat (y, >, cy + 10);
  /* the whole table showed, and shows turned */
  {
    MusterBox visible = muster_viewport_get_visible_box (viewport);
    MusterBox table = muster_battlefield_get_table_box (window_battlefield (window));

    g_assert_true (visible.x0 <= table.x0 && visible.x1 >= table.x1 &&
                   visible.y0 <= table.y0 && visible.y1 >= table.y1);
  }

  g_assert_true (press_key (view, GDK_KEY_bracketleft));
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_rotation (viewport), 0, 1e-9);
  for (guint i = 0; i < 4; i++)
    muster_map_view_turn_view (view, G_PI / 2);
  g_assert_cmpfloat_with_epsilon (fabs (muster_angle_normalize (muster_viewport_get_rotation (viewport))),
                                  0, 1e-9);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The map's keys, to the map with the focus: +, = and keypad + zoom in a step, - out, 0 fits
 * the table again, Left pans it right, with Control held too; r turns the selection 15°
 * clockwise and R back, Escape drops it, Delete and Backspace delete it, each one undo step.
 * The toolbar's zoom, fit, turn and delete are the same actions. */
static void
test_map_keys (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterMapView *view = muster_battlefield_page_get_map_view (page);
  MusterViewport *viewport = muster_map_view_get_viewport (view);
  MusterBattlefield *field = window_battlefield (window);
  MusterHistory *history = muster_document_get_history (muster_window_get_document (window));
  g_autofree char *id = g_strdup (muster_battlefield_lookup_unit (field, "u2")->id);
  double rotation = muster_battlefield_lookup (field, id)->rotation;
  guint position = muster_history_get_position (history);
  double fitted, x0, y0, x, y;

  g_object_set (window, "workspace", "battlefield", NULL);
  spin_until (view_drawn, view);
  cairo_surface_destroy (render_view (view));
  gtk_widget_grab_focus (GTK_WIDGET (view));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));
  fitted = muster_viewport_get_zoom (viewport);

  g_assert_true (press_key (view, GDK_KEY_plus));
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), fitted * 1.25, 1e-9);
  g_assert_true (press_key (view, GDK_KEY_equal));
  g_assert_true (press_key (view, GDK_KEY_KP_Add));
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), fitted * pow (1.25, 3),
                                  1e-9);
  g_assert_true (press_key (view, GDK_KEY_minus));
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), fitted * pow (1.25, 2),
                                  1e-9);
  g_assert_false (table_shows (view, field));
  g_assert_true (press_key (view, GDK_KEY_0));
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), fitted, 1e-9);
  g_assert_true (table_shows (view, field));
  muster_viewport_table_to_widget (viewport, 0, 0, &x0, &y0);
  g_assert_true (press_key (view, GDK_KEY_Left));
  muster_viewport_table_to_widget (viewport, 0, 0, &x, &y);
  g_assert_cmpfloat_with_epsilon (x - x0, 40, 1e-6);
  g_assert_cmpfloat_with_epsilon (y - y0, 0, 1e-6);
  /* Control held, or Shift on a key it does not change, as without */
  g_assert_true (press_keys (view, GDK_KEY_Left, GDK_SHIFT_MASK));
  muster_viewport_table_to_widget (viewport, 0, 0, &x, &y);
  g_assert_cmpfloat_with_epsilon (x - x0, 80, 1e-6);
  g_assert_true (press_keys (view, GDK_KEY_plus, GDK_CONTROL_MASK));
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), fitted * 1.25, 1e-9);
  g_assert_true (press_keys (view, GDK_KEY_0, GDK_CONTROL_MASK));
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), fitted, 1e-9);
  /* the toolbar's buttons */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.zoom-in", NULL));
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), fitted * 1.25, 1e-9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.fit", NULL));
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), fitted, 1e-9);

  muster_map_view_select (view, id, FALSE);
  g_assert_true (press_key (view, GDK_KEY_r));
  g_assert_cmpfloat_with_epsilon (muster_battlefield_lookup (field, id)->rotation,
                                  rotation + G_PI / 12, 1e-9);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Rotate");
  g_assert_true (press_keys (view, GDK_KEY_r, GDK_SHIFT_MASK));
  g_assert_cmpfloat_with_epsilon (muster_battlefield_lookup (field, id)->rotation, rotation, 1e-9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.rotate", NULL));
  g_assert_cmpfloat_with_epsilon (muster_battlefield_lookup (field, id)->rotation,
                                  rotation + G_PI / 12, 1e-9);
  g_assert_cmpuint (muster_history_get_position (history), ==, position + 3);

  g_assert_true (press_key (view, GDK_KEY_Escape));
  g_assert_cmpstr (muster_battlefield_page_get_selection_title (page), ==, "Nothing selected");
  /* nothing selected, nothing to delete */
  g_assert_true (press_key (view, GDK_KEY_Delete));
  g_assert_nonnull (muster_battlefield_lookup (field, id));
  g_assert_cmpuint (muster_history_get_position (history), ==, position + 3);
  muster_map_view_select (view, id, FALSE);
  g_assert_true (press_key (view, GDK_KEY_Delete));
  g_assert_null (muster_battlefield_lookup (field, id));
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Delete");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_nonnull (muster_battlefield_lookup (field, id));
  muster_map_view_select (view, id, FALSE);
  g_assert_true (press_key (view, GDK_KEY_BackSpace));
  g_assert_null (muster_battlefield_lookup (field, id));
  g_assert_cmpuint (muster_history_get_position (history), ==, position + 4);

  muster_history_mark_clean (history);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The table point at (@tx, @ty) shows at widget (@x, @y). */
static void
assert_shows_at (MusterViewport *viewport,
                 double          tx,
                 double          ty,
                 double          x,
                 double          y)
{
  double wx, wy;

  muster_viewport_table_to_widget (viewport, tx, ty, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, x, 1e-6);
  g_assert_cmpfloat_with_epsilon (wy, y, 1e-6);
}

/* Pinch zoom and two-finger turn, driven through the view's own GtkGestureZoom and
 * GtkGestureRotate (their signals emitted as GTK does once it has recognised two fingers; under
 * Xvfb there are none, so the centre is the pointer's, given by the motion controller): the
 * pinch's scale is the zoom from the pinch's start, the turn's delta turns the view clockwise
 * by whole 15° steps, and the table point under the fingers stays under them. */
static void
test_pinch_and_turn (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterMapView *view = muster_battlefield_page_get_map_view (window_page (window));
  MusterViewport *viewport = muster_map_view_get_viewport (view);
  GtkEventController *motion, *pinch, *turn;
  double px, py, tx, ty, zoom, rotation, x, y;

  g_object_set (window, "workspace", "battlefield", NULL);
  spin_until (view_drawn, view);
  motion = find_controller (GTK_WIDGET (view), GTK_TYPE_EVENT_CONTROLLER_MOTION);
  pinch = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_ZOOM);
  turn = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_ROTATE);
  /* off the middle, so that a pinch about the middle would show */
  px = muster_viewport_get_width (viewport) * 0.3;
  py = muster_viewport_get_height (viewport) * 0.6;
  g_signal_emit_by_name (motion, "motion", px, py);
  muster_viewport_widget_to_table (viewport, px, py, &tx, &ty);
  zoom = muster_viewport_get_zoom (viewport);
  rotation = muster_viewport_get_rotation (viewport);

  g_signal_emit_by_name (pinch, "begin", NULL);
  g_signal_emit_by_name (pinch, "scale-changed", 2.0);
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), zoom * 2, 1e-9);
  assert_shows_at (viewport, tx, ty, px, py);
  /* the scale is from where the pinch began, not from the last step */
  g_signal_emit_by_name (pinch, "scale-changed", 0.5);
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), zoom * 0.5, 1e-9);
  assert_shows_at (viewport, tx, ty, px, py);
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_rotation (viewport), rotation, 1e-12);
  g_signal_emit_by_name (pinch, "scale-changed", 1.0);
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), zoom, 1e-9);

  g_signal_emit_by_name (turn, "begin", NULL);
  /* under half a step: the table does not tilt */
  g_signal_emit_by_name (turn, "angle-changed", 1.0, 0.1);
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_rotation (viewport), rotation, 1e-12);
  /* 28.6° clockwise: two steps, 30°; a point right of the fingers comes out below them */
  g_signal_emit_by_name (turn, "angle-changed", 1.4, 0.5);
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_rotation (viewport), rotation + G_PI / 6,
                                  1e-9);
  assert_shows_at (viewport, tx, ty, px, py);
  muster_viewport_table_to_widget (viewport, tx + 100, ty, &x, &y);
  g_assert_cmpfloat (y, >, py + 10);
  g_assert_cmpfloat (x, >, px + 10);
  /* the delta is from where the turn began: back past the start, 30° the other way */
  g_signal_emit_by_name (turn, "angle-changed", 0.5, -0.5);
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_rotation (viewport), rotation - G_PI / 6,
                                  1e-9);
  assert_shows_at (viewport, tx, ty, px, py);
  g_assert_cmpfloat_with_epsilon (muster_viewport_get_zoom (viewport), zoom, 1e-9);

  /* with the pointer gone and no fingers seen, the middle of the map stays */
  g_signal_emit_by_name (motion, "leave");
  px = muster_viewport_get_width (viewport) / 2.0;
  py = muster_viewport_get_height (viewport) / 2.0;
  muster_viewport_widget_to_table (viewport, px, py, &tx, &ty);
  g_signal_emit_by_name (pinch, "begin", NULL);
  g_signal_emit_by_name (pinch, "scale-changed", 1.5);
  assert_shows_at (viewport, tx, ty, px, py);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The toggle button for @action with @target (or none), or %NULL */
static GtkToggleButton *
find_toggle (GtkWidget  *widget,
             const char *action,
             const char *target)
{
  g_autoptr(GVariant) want = target ? g_variant_ref_sink (g_variant_new_string (target)) : NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkToggleButton *found;

      if (GTK_IS_TOGGLE_BUTTON (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action) == 0)
        {
          GVariant *has = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (child));

          if ((want == NULL) == (has == NULL) && (want == NULL || g_variant_equal (want, has)))
            return GTK_TOGGLE_BUTTON (child);
        }
      if ((found = find_toggle (child, action, target)) != NULL)
        return found;
    }
  return NULL;
}

/* Does what @keyval alone does to @widget, a map view with the focus: a test error when
 * nothing takes it. */
static void
press_shortcut (GtkWidget *widget,
                guint      keyval)
{
  if (!press_key (MUSTER_MAP_VIEW (widget), keyval))
    g_error ("no shortcut for %s", gdk_keyval_name (keyval));
}

/* The toolbar's tools and toggles are the page's properties: set by an action, a key on the
 * map or in code, the map view and the buttons follow. */
static void
test_toolbar_follows_the_page (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterMapView *view = muster_battlefield_page_get_map_view (page);
  GtkToggleButton *ranges = find_toggle (GTK_WIDGET (page), "battlefield.show-ranges", NULL);
  GtkToggleButton *umpire = find_toggle (GTK_WIDGET (page), "battlefield.show-umpire", NULL);
  GtkToggleButton *snap = find_toggle (GTK_WIDGET (page), "battlefield.snap", NULL);
  GtkToggleButton *select = find_toggle (GTK_WIDGET (page), "battlefield.tool", "select");
  GtkToggleButton *measure = find_toggle (GTK_WIDGET (page), "battlefield.tool", "measure");
  MusterMapTool tool;
  gboolean on;

  g_assert_nonnull (ranges);
  g_assert_nonnull (umpire);
  g_assert_nonnull (snap);
  g_assert_nonnull (measure);
  g_assert_true (gtk_toggle_button_get_active (select));
  g_assert_false (gtk_toggle_button_get_active (measure));
  g_assert_true (gtk_toggle_button_get_active (snap));
  g_assert_false (gtk_toggle_button_get_active (umpire));

  g_object_set (page, "show-ranges", TRUE, NULL);
  g_assert_true (muster_map_view_get_show_ranges (view));
  g_assert_true (gtk_toggle_button_get_active (ranges));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.show-ranges", NULL));
  g_object_get (page, "show-ranges", &on, NULL);
  g_assert_false (on);
  g_assert_false (gtk_toggle_button_get_active (ranges));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.show-umpire", NULL));
  g_object_get (page, "show-umpire", &on, NULL);
  g_assert_true (on);
  g_assert_true (gtk_toggle_button_get_active (umpire));
  g_object_set (page, "snap", FALSE, NULL);
  g_assert_false (muster_map_view_get_snap (view));
  g_assert_false (gtk_toggle_button_get_active (snap));

  /* M, L, H and V on the map choose their tools */
  press_shortcut (GTK_WIDGET (view), GDK_KEY_m);
  g_assert_cmpint (muster_map_view_get_tool (view), ==, MUSTER_MAP_TOOL_MEASURE);
  g_assert_true (gtk_toggle_button_get_active (measure));
  g_assert_false (gtk_toggle_button_get_active (select));
  press_shortcut (GTK_WIDGET (view), GDK_KEY_l);
  g_assert_cmpint (muster_map_view_get_tool (view), ==, MUSTER_MAP_TOOL_SIGHT);
  press_shortcut (GTK_WIDGET (view), GDK_KEY_h);
  g_object_get (page, "tool", &tool, NULL);
  g_assert_cmpint (tool, ==, MUSTER_MAP_TOOL_PAN);
  press_shortcut (GTK_WIDGET (view), GDK_KEY_v);
  g_assert_cmpint (muster_map_view_get_tool (view), ==, MUSTER_MAP_TOOL_SELECT);
  g_assert_true (gtk_toggle_button_get_active (select));
  g_assert_false (gtk_toggle_button_get_active (measure));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether the button for @action is sensitive, as the action's enabled state makes it. */
static gboolean
action_button_sensitive (GtkWidget  *widget,
                         const char *action)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_BUTTON (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action) == 0)
        return gtk_widget_is_sensitive (child);
      if (action_button_sensitive (child, action))
        return TRUE;
    }
  return FALSE;
}

static guint
count_features (MusterBattlefield *field,
                MusterFeatureKind  kind)
{
  guint n = 0;

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    n += muster_battlefield_get_feature (field, i)->kind == kind;
  return n;
}

static char *
terrain_text (MusterBattlefield *field)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      MusterBox box = muster_feature_get_bounds (f);

      g_string_append_printf (text, "%s %s %.3f %.3f %.3f %.3f\n", f->type ? f->type : "-",
                              f->name ? f->name : "-", box.x0, box.y0, box.x1, box.y1);
    }
  return g_string_free (text, FALSE);
}

/* Generate Battlefield…: the dialog offers the rules' options, Generate makes one undo step,
 * and the same seed makes the same battlefield again. */
static void
test_generate_dialog (void)
{
  MusterWindow *window = open_sample ("standards-of-valor-punitive-cohort.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterHistory *history = muster_document_get_history (muster_window_get_document (window));
  MusterGenerateDialog *dialog;
  MusterBattlefield *field;
  g_autofree char *first = NULL, *second = NULL;
  g_autoptr(GError) error = NULL;

  /* no table yet: generating makes the standard one too, in the same undo step */
  g_assert_null (window_battlefield (window));
  g_assert_true (action_button_sensitive (GTK_WIDGET (page), "battlefield.generate"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.generate", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_GENERATE_DIALOG));
  dialog = MUSTER_GENERATE_DIALOG (find_toplevel (MUSTER_TYPE_GENERATE_DIALOG));
  muster_generate_dialog_set_seed (dialog, 4242);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "generate");
  field = window_battlefield (window);
  g_assert_nonnull (field);
  g_assert_cmpfloat_with_epsilon (muster_battlefield_get_width (field), muster_mm_from_inches (72),
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (muster_battlefield_get_height (field),
                                  muster_mm_from_inches (48), 1e-9);
  g_assert_cmpstr (muster_battlefield_get_units (field), ==, "in");
  g_assert_cmpuint (count_features (field, MUSTER_FEATURE_ZONE), ==, 2);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Generate Battlefield");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_null (window_battlefield (window));
  g_assert_true (muster_history_get_can_redo (history));
  muster_battlefield_page_new_battlefield (page, muster_mm_from_inches (72),
                                           muster_mm_from_inches (48), "in");
  field = window_battlefield (window);
  g_assert_true (action_button_sensitive (GTK_WIDGET (page), "battlefield.generate"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.generate", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_GENERATE_DIALOG));
  dialog = MUSTER_GENERATE_DIALOG (find_toplevel (MUSTER_TYPE_GENERATE_DIALOG));
  g_assert_cmpuint (muster_generate_dialog_get_seed (dialog), >, 0);
  g_assert_true (muster_generate_dialog_choose (dialog, "scenario", "hold"));
  g_assert_false (muster_generate_dialog_choose (dialog, "scenario", "siege"));
  g_assert_true (strstr (muster_generate_dialog_get_about (dialog), "fort"));
  muster_generate_dialog_set_seed (dialog, 4242);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "generate");

  g_assert_cmpuint (count_features (field, MUSTER_FEATURE_ZONE), ==, 2);
  g_assert_cmpuint (count_features (field, MUSTER_FEATURE_OBJECTIVE), ==, 1);
  g_assert_cmpuint (count_features (field, MUSTER_FEATURE_TERRAIN), >=, 2);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Generate Battlefield");
  g_assert_true (g_str_has_prefix (muster_battlefield_get_scenario (field,
                                                                    MUSTER_SCENARIO_UMPIRE_NOTES),
                                   "Scenario set-up, seed 4242.\n3. Hold the Line"));
  first = terrain_text (field);

  /* one Ctrl+Z takes it all away */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (muster_battlefield_get_n_features (field), ==, 0);

  /* the same seed and choices, the same battlefield */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.generate", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_GENERATE_DIALOG));
  dialog = MUSTER_GENERATE_DIALOG (find_toplevel (MUSTER_TYPE_GENERATE_DIALOG));
  g_assert_true (muster_generate_dialog_choose (dialog, "scenario", "hold"));
  muster_generate_dialog_set_seed (dialog, 4242);
  g_assert_true (muster_generate_dialog_generate (dialog, &error));
  g_assert_no_error (error);
  second = terrain_text (field);
  g_assert_cmpstr (first, ==, second);
  gtk_window_destroy (GTK_WINDOW (dialog));

  muster_history_mark_clean (history);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Medals of Valor has no procedure for it: the action stays off. */
static void
test_generate_unavailable (void)
{
  MusterWindow *window = open_sample ("medals-of-valor-village-assault.muster");
  MusterBattlefieldPage *page = window_page (window);

  muster_battlefield_page_new_battlefield (page, muster_mm_from_inches (72),
                                           muster_mm_from_inches (48), "in");
  g_assert_false (action_button_sensitive (GTK_WIDGET (page), "battlefield.generate"));
  gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.generate", NULL);
  g_assert_null (find_toplevel (MUSTER_TYPE_GENERATE_DIALOG));
  muster_history_mark_clean (muster_document_get_history (muster_window_get_document (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

static GPtrArray *
unplaced_units (MusterDoc         *doc,
                MusterBattlefield *field)
{
  GPtrArray *units = g_ptr_array_new ();

  for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
    {
      g_autoptr(GPtrArray) all = g_ptr_array_new ();

      muster_node_collect_units (muster_force_get_root (muster_doc_get_force (doc, i)), all);
      for (guint j = 0; j < all->len; j++)
        if (!muster_battlefield_lookup_unit (field, muster_unit_get_id (all->pdata[j])) &&
            muster_unit_get_attached_to (all->pdata[j]) == NULL)
          g_ptr_array_add (units, all->pdata[j]);
    }
  return units;
}

/* Done means: an umpire builds a Battle Valor Fantasy battle of two 1000-point lists on a
 * generated battlefield, places both armies in their zones without a warning, saves, and the
 * reopened document is the same, byte for byte. All through the page's actions. */
static void
test_bvf_battle_round_trip (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-1000.muster");
  MusterWindow *reopened;
  MusterBattlefieldPage *page = window_page (window);
  MusterMapView *view = muster_battlefield_page_get_map_view (page);
  MusterDocument *document = muster_window_get_document (window);
  MusterDoc *doc = muster_document_get_doc (document);
  MusterHistory *history = muster_document_get_history (document);
  g_autoptr(GFile) goblins = sample_file ("battle-valor-fantasy-goblins-1000.muster");
  g_autoptr(GFile) other_system = NULL;
  g_autofree char *tmpdir = g_dir_make_tmp ("muster-battle-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (tmpdir, "battle.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) unplaced = NULL;
  g_autoptr(GPtrArray) issues = NULL;
  g_autoptr(GBytes) saved = NULL, loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sov_path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data",
                                                "samples",
                                                "standards-of-valor-punitive-cohort.muster",
                                                NULL);
  MusterGenerateDialog *dialog;
  MusterBattlefield *field;
  guint slot[2] = { 0, 0 };

  /* the other player's list comes in, one undo step; another system's is refused */
  other_system = g_file_new_for_path (sov_path);
  g_assert_false (muster_battlefield_page_attach_file (page, other_system, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (muster_doc_get_n_forces (doc), ==, 1);
  g_assert_true (muster_battlefield_page_attach_file (page, goblins, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (muster_doc_get_n_forces (doc), ==, 2);
  g_assert_cmpstr (muster_force_get_side (muster_doc_get_force (doc, 1)), ==, "Goblins");
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Attach Army List");

  /* a generated battlefield: no table yet, the standard one comes with it */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.generate", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_GENERATE_DIALOG));
  dialog = MUSTER_GENERATE_DIALOG (find_toplevel (MUSTER_TYPE_GENERATE_DIALOG));
  g_assert_true (muster_generate_dialog_choose (dialog, "pieces", "medium"));
  muster_generate_dialog_set_seed (dialog, 2026);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "generate");
  field = window_battlefield (window);
  g_assert_nonnull (field);
  g_assert_cmpuint (count_features (field, MUSTER_FEATURE_ZONE), ==, 2);
  g_assert_cmpuint (count_features (field, MUSTER_FEATURE_TERRAIN), >=, 1);
  g_object_set (window, "workspace", "battlefield", NULL);
  spin_until (view_drawn, view);

  /* every unit of both sides, a slot each in its side's zone: Dwarves along the top edge,
   * Goblins along the bottom (the generator's order), 7 across and 3 deep */
  unplaced = unplaced_units (doc, field);
  g_assert_cmpuint (unplaced->len, ==, muster_battlefield_page_get_n_unplaced (page));
  g_assert_cmpuint (unplaced->len, >, 30);
  for (guint i = 0; i < unplaced->len; i++)
    {
      MusterUnit *unit = unplaced->pdata[i];
      guint side = muster_unit_get_force (unit) != muster_doc_get_force (doc, 0);
      guint k = slot[side]++;
      MusterPoint at = { 140 + 250 * (k % 7), 60 + 90 * (k / 7) };
      double x, y;

      g_assert_cmpuint (k, <, 21);
      if (side == 1)
        at.y = muster_battlefield_get_height (field) - at.y;
      muster_viewport_table_to_widget (muster_map_view_get_viewport (view), at.x, at.y, &x, &y);
      g_assert_true (muster_map_view_place_unit (view, muster_unit_get_id (unit), x, y));
    }
  g_assert_cmpuint (muster_battlefield_page_get_n_unplaced (page), ==, 0);
  issues = muster_battlefield_check_deployment (field, doc);
  g_assert_cmpuint (issues->len, ==, 0);
  g_assert_false (g_str_has_prefix (muster_battlefield_page_get_status (page), "Warning"));

  /* saved, then opened in a second window: the very same document */
  save_and_wait (document, file);
  saved = muster_doc_to_bytes (doc);
  /* one window a document: this one goes first */
  gtk_window_destroy (GTK_WINDOW (window));
  reopened = muster_window_new (app);
  gtk_window_present (GTK_WINDOW (reopened));
  spin_until (window_mapped, reopened);
  muster_window_open_file (reopened, file);
  spin_until (document_loaded, reopened);
  loaded = muster_doc_to_bytes (muster_document_get_doc (muster_window_get_document (reopened)));
  g_assert_true (g_bytes_equal (saved, loaded));
  g_assert_cmpuint (muster_battlefield_page_get_n_unplaced (window_page (reopened)), ==, 0);
  issues = muster_battlefield_check_deployment (window_battlefield (reopened),
                                                muster_document_get_doc (muster_window_get_document (reopened)));
  g_assert_cmpuint (issues->len, ==, 0);

  gtk_window_destroy (GTK_WINDOW (reopened));
  g_unlink (path);
  g_rmdir (tmpdir);
}

static gboolean
file_chosen (gpointer data)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (data);

  return file != NULL;
}

static gboolean
chooser_closed (gpointer data)
{
  return muster_battlefield_page_get_attach_chooser (data) == NULL;
}

/* Attach Army List… after Generate: the chooser offers the side, the generator's side without a
 * list chosen; the list comes in on it, into its zone, and one undo takes it away. */
static void
test_attach_side_chooser (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-1000.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterDocument *document = muster_window_get_document (window);
  MusterDoc *doc = muster_document_get_doc (document);
  g_autoptr(GFile) goblins = sample_file ("battle-valor-fantasy-goblins-1000.muster");
  GtkFileChooserNative *chooser;
  MusterGenerateDialog *dialog;
  g_autoptr(GPtrArray) issues = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.generate", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_GENERATE_DIALOG));
  dialog = MUSTER_GENERATE_DIALOG (find_toplevel (MUSTER_TYPE_GENERATE_DIALOG));
  muster_generate_dialog_set_seed (dialog, 7);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "generate");
  g_assert_nonnull (window_battlefield (window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.attach-list", NULL));
  chooser = muster_battlefield_page_get_attach_chooser (page);
  g_assert_nonnull (chooser);
  /* the generator's second side has a zone and no list: it is the one chosen */
  g_assert_cmpstr (muster_attach_chooser_get_side (chooser), ==, "Red");
  g_assert_cmpstr (gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser),
                                                MUSTER_ATTACH_SIDE_CHOICE), ==, "0");
  g_assert_true (gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), goblins, NULL));
  /* the chooser selects it once it has read the folder */
  spin_until (file_chosen, chooser);
  gtk_native_dialog_hide (GTK_NATIVE_DIALOG (chooser));
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_ACCEPT);
  spin_until (chooser_closed, page);

  g_assert_cmpuint (muster_doc_get_n_forces (doc), ==, 2);
  g_assert_cmpstr (muster_force_get_side (muster_doc_get_force (doc, 1)), ==, "Red");
  g_assert_cmpuint (muster_battlefield_page_get_n_unplaced (page), >, 30);
  /* both sides have their zone: nothing to warn of before placing */
  issues = muster_battlefield_check_deployment (window_battlefield (window), doc);
  g_assert_cmpuint (issues->len, ==, 0);
  g_assert_true (muster_history_undo (muster_document_get_history (document)));
  g_assert_cmpuint (muster_doc_get_n_forces (doc), ==, 1);

  /* with no battlefield generated yet, the list's own side is chosen */
  g_assert_true (muster_history_undo (muster_document_get_history (document)));
  g_assert_null (window_battlefield (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.attach-list", NULL));
  chooser = muster_battlefield_page_get_attach_chooser (page);
  g_assert_null (muster_attach_chooser_get_side (chooser));
  gtk_native_dialog_hide (GTK_NATIVE_DIALOG (chooser));
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
  spin_until (chooser_closed, page);
  g_assert_cmpuint (muster_doc_get_n_forces (doc), ==, 1);

  muster_history_mark_clean (muster_document_get_history (document));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
attach_toast_up (gpointer window)
{
  return find_matching (window, is_label_starting, "“Grishnak") != NULL;
}

/* Attach Army List… from the empty Battlefield: the toast says what comes first (a table), not
 * "place its units on the table" when there is none. */
static void
test_attach_without_table (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-1000.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterDocument *document = muster_window_get_document (window);
  g_autoptr(GFile) goblins = sample_file ("battle-valor-fantasy-goblins-1000.muster");
  GtkFileChooserNative *chooser;
  const char *text;

  muster_window_set_workspace (window, "battlefield");
  g_assert_null (window_battlefield (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.attach-list", NULL));
  chooser = muster_battlefield_page_get_attach_chooser (page);
  g_assert_true (gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), goblins, NULL));
  spin_until (file_chosen, chooser);
  gtk_native_dialog_hide (GTK_NATIVE_DIALOG (chooser));
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_ACCEPT);
  spin_until (chooser_closed, page);
  g_assert_cmpuint (muster_doc_get_n_forces (muster_document_get_doc (document)), ==, 2);

  spin_until (attach_toast_up, window);
  text = gtk_label_get_label (GTK_LABEL (find_matching (GTK_WIDGET (window), is_label_starting,
                                                        "“Grishnak")));
  g_assert_null (strstr (text, "on the table"));
  g_assert_nonnull (strstr (text, "battlefield"));

  muster_history_mark_clean (muster_document_get_history (document));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The text of the scenario sheet's field headed @heading under @widget, or %NULL. */
static char *
sheet_text (GtkWidget  *widget,
            const char *heading)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);
      char *found;

      if (GTK_IS_LABEL (child) && next != NULL &&
          g_strcmp0 (gtk_label_get_text (GTK_LABEL (child)), heading) == 0 &&
          find_descendant (next, GTK_TYPE_TEXT_VIEW) != NULL)
        {
          GtkTextBuffer *buffer =
            gtk_text_view_get_buffer (GTK_TEXT_VIEW (find_descendant (next, GTK_TYPE_TEXT_VIEW)));
          GtkTextIter start, end;

          gtk_text_buffer_get_bounds (buffer, &start, &end);
          return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
        }
      if ((found = sheet_text (child, heading)) != NULL)
        return found;
    }
  return NULL;
}

/* Attach Army List for the list's own side after Generate: the side takes the generator's
 * free zone, and the Scenario sheet's umpire notes name it where they named the generator's
 * side (the umpire's own line kept); its briefing is on the sheet. Undone, both go back. */
static void
test_attach_renames_notes (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-1000.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterDocument *document = muster_window_get_document (window);
  g_autoptr(GFile) goblins = sample_file ("battle-valor-fantasy-goblins-1000.muster");
  g_autofree char *generated = NULL, *attached = NULL, *undone = NULL, *briefing = NULL;
  MusterGenerateDialog *dialog;
  g_autofree char *mine = NULL;
  g_autoptr(MusterCommand) edit = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.generate", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_GENERATE_DIALOG));
  dialog = MUSTER_GENERATE_DIALOG (find_toplevel (MUSTER_TYPE_GENERATE_DIALOG));
  muster_generate_dialog_set_seed (dialog, 7);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "generate");
  generated = sheet_text (GTK_WIDGET (page), "Umpire’s Notes");
  g_assert_nonnull (generated);
  g_assert_true (strstr (generated, ", Red "));
  mine = g_strdup_printf ("Red holds the ford.\n\n%s", generated);
  edit = muster_scenario_command_new_field (document, MUSTER_SCENARIO_UMPIRE_NOTES, mine);
  muster_history_push (muster_document_get_history (document), edit);
  g_assert_null (sheet_text (GTK_WIDGET (page), "Briefing: Goblins"));

  /* as the chooser's "The list's own side" does */
  g_assert_true (muster_battlefield_page_attach_file (page, goblins, &error));
  g_assert_no_error (error);

  attached = sheet_text (GTK_WIDGET (page), "Umpire’s Notes");
  g_assert_true (g_str_has_prefix (attached, "Red holds the ford.\n\n"));
  g_assert_null (strstr (attached + strlen ("Red holds"), "Red"));
  g_assert_true (strstr (attached, ", Goblins "));
  briefing = sheet_text (GTK_WIDGET (page), "Briefing: Goblins");
  g_assert_nonnull (briefing);

  g_assert_true (muster_history_undo (muster_document_get_history (document)));
  undone = sheet_text (GTK_WIDGET (page), "Umpire’s Notes");
  g_assert_cmpstr (undone, ==, mine);
  g_assert_null (sheet_text (GTK_WIDGET (page), "Briefing: Goblins"));

  muster_history_mark_clean (muster_document_get_history (document));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Every sample opens in the app; the scenarios show their table with every unit placed. */
static void
test_every_sample_opens (void)
{
  static const char * const scenarios[] = {
    "horse-and-musket-cemetery-ridge.muster", "medals-of-valor-saint-aubin.muster",
    "standards-of-valor-afon-ddu.muster", "undying-lands-twelve-squares.muster", NULL,
  };
  g_autofree char *dir = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                           NULL);
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;
  guint opened = 0, placed = 0;

  g_assert_nonnull (handle);
  while ((name = g_dir_read_name (handle)))
    {
      MusterWindow *window;
      MusterBattlefieldPage *page;

      if (!g_str_has_suffix (name, ".muster"))
        continue;
      window = open_sample (name);
      page = window_page (window);
      opened++;
      g_assert_nonnull (muster_doc_get_title (muster_document_get_doc (muster_window_get_document (window))));
      if (g_strv_contains (scenarios, name))
        {
          g_assert_nonnull (window_battlefield (window));
          gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
          g_assert_cmpuint (muster_battlefield_page_get_n_unplaced (page), ==, 0);
          placed++;
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
  g_assert_cmpuint (opened, >=, 10);
  g_assert_cmpuint (placed, ==, 4);
}

/* The Hag Copse, selected, shows its vertices: dragging one moves it alone (one undo step);
 * a double-click on an edge adds a vertex there, on a vertex takes it out. */
static void
test_edit_vertices (void)
{
  MusterWindow *window = open_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterBattlefieldPage *page = window_page (window);
  MusterMapView *view = muster_battlefield_page_get_map_view (page);
  MusterBattlefield *field = window_battlefield (window);
  MusterHistory *history = muster_document_get_history (muster_window_get_document (window));
  MusterViewport *viewport;
  const MusterFeature *copse = muster_battlefield_lookup (field, "t8");
  guint n = copse->points->len;
  MusterPoint first = g_array_index (copse->points, MusterPoint, 0);
  MusterPoint second = g_array_index (copse->points, MusterPoint, 1);
  MusterPoint middle = muster_point_lerp (first, second, 0.5);
  MusterPoint target = { first.x - 40, first.y - 30 };
  guint position = muster_history_get_position (history);
  double x, y;

  g_object_set (window, "workspace", "battlefield", NULL);
  spin_until (view_drawn, view);
  viewport = muster_map_view_get_viewport (view);
  muster_map_view_select (view, "t8", FALSE);

  /* drag the first vertex */
  drag_table (view, first, target);
  copse = muster_battlefield_lookup (field, "t8");
  g_assert_cmpuint (copse->points->len, ==, n);
  g_assert_cmpfloat_with_epsilon (g_array_index (copse->points, MusterPoint, 0).x, target.x, 0.5);
  g_assert_cmpfloat_with_epsilon (g_array_index (copse->points, MusterPoint, 0).y, target.y, 0.5);
  g_assert_cmpfloat (g_array_index (copse->points, MusterPoint, 1).x, ==, second.x);
  g_assert_cmpuint (muster_history_get_position (history), ==, position + 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  copse = muster_battlefield_lookup (field, "t8");
  g_assert_cmpfloat (g_array_index (copse->points, MusterPoint, 0).x, ==, first.x);

  /* a vertex in the middle of the first edge, then out again */
  muster_viewport_table_to_widget (viewport, middle.x, middle.y, &x, &y);
  g_assert_true (muster_map_view_edit_vertex_at (view, x, y));
  copse = muster_battlefield_lookup (field, "t8");
  g_assert_cmpuint (copse->points->len, ==, n + 1);
  g_assert_cmpfloat_with_epsilon (g_array_index (copse->points, MusterPoint, 1).x, middle.x, 1);
  g_assert_true (muster_map_view_edit_vertex_at (view, x, y));
  copse = muster_battlefield_lookup (field, "t8");
  g_assert_cmpuint (copse->points->len, ==, n);
  /* nowhere near the outline: nothing */
  g_assert_false (muster_map_view_edit_vertex_at (view, 5, 5));
  g_assert_cmpuint (muster_history_get_position (history), ==, position + 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (muster_battlefield_lookup (field, "t8")->points->len, ==, n + 1);
  muster_history_mark_clean (history);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  ui_test_fresh_dirs ();
  g_test_init (&argc, &argv, NULL);
  gtk_disable_setlocale ();
  setlocale (LC_ALL, "C.UTF-8");

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();

  app = muster_application_new (APP_ID ".BattlefieldTest", G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/ui/battlefield/new-place-undo", test_new_battlefield_place_and_undo);
  g_test_add_func ("/ui/battlefield/draw-terrain", test_draw_terrain_with_the_tool);
  g_test_add_func ("/ui/battlefield/change-formation", test_change_formation);
  g_test_add_func ("/ui/battlefield/objective-value-and-hiding", test_objective_value_and_hiding);
  g_test_add_func ("/ui/battlefield/select-and-move", test_select_and_move);
  g_test_add_func ("/ui/battlefield/measure-and-sight", test_measure_and_line_of_sight);
  g_test_add_func ("/ui/battlefield/range-rings", test_range_rings);
  g_test_add_func ("/ui/battlefield/toolbar-follows-the-page", test_toolbar_follows_the_page);
  g_test_add_func ("/ui/battlefield/zoom-rests-sharp", test_zoom_rests_sharp);
  g_test_add_func ("/ui/battlefield/bands-by-themselves", test_bands_by_themselves);
  g_test_add_func ("/ui/battlefield/lists-changed-bands", test_lists_changed_bands);
  g_test_add_func ("/ui/battlefield/resize-keeps-fit", test_resize_keeps_fit);
  g_test_add_func ("/ui/battlefield/turn-view", test_turn_view);
  g_test_add_func ("/ui/battlefield/map-keys", test_map_keys);
  g_test_add_func ("/ui/battlefield/edit-vertices", test_edit_vertices);
  g_test_add_func ("/ui/battlefield/generate", test_generate_dialog);
  g_test_add_func ("/ui/battlefield/every-sample", test_every_sample_opens);
  g_test_add_func ("/ui/battlefield/generate-unavailable", test_generate_unavailable);
  g_test_add_func ("/ui/battlefield/bvf-battle-round-trip", test_bvf_battle_round_trip);
  g_test_add_func ("/ui/battlefield/attach-side-chooser", test_attach_side_chooser);
  g_test_add_func ("/ui/battlefield/attach-renames-notes", test_attach_renames_notes);
  g_test_add_func ("/ui/battlefield/attach-without-table", test_attach_without_table);
  g_test_add_func ("/ui/battlefield/pinch-and-turn", test_pinch_and_turn);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
