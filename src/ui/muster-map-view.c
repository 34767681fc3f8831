/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "muster-army.h"
#include "muster-battlefield-commands.h"
#include "muster-map-cache.h"
#include "muster-map-painter.h"
#include "muster-map-view.h"
#include "muster-unit.h"

/*
 * The battle map: draws the document's battlefield with the map painter in snapshot, and turns
 * gestures into viewport changes and battlefield commands. Every coordinate goes through the
 * viewport once; hit tests are the engine's. A drag previews its edit on the battlefield
 * directly and, when it ends, puts the old values back and pushes one command with the new
 * ones: one undo step per gesture.
 *
 * Frames come from a map cache: the ground and units stay painted between frames, and what is
 * being dragged is "live", painted over them. Pans move by whole pixels so the cache can scroll.
 * Zoom steps show the kept layers scaled until the zoom rests, then one frame paints them sharp.
 */

#define ZOOM_STEP      1.25
#define ZOOM_REST_MS   150      /* no zoom step for this long: paint the map sharp again */
#define HIT_PX         6.0      /* how far off a click still hits, px */
#define ROTATE_SNAP    (G_PI / 12)
#define MOVE_SNAP_MM   5.0

typedef enum
{
  DRAG_NONE,
  DRAG_PAN,
  DRAG_MOVE,
  DRAG_ROTATE,
  DRAG_BAND,
  DRAG_SHAPE,
  DRAG_MEASURE,
  DRAG_VERTEX,
} DragMode;

struct _MusterMapView
{
  GtkWidget                 parent_instance;

  MusterDocument           *document;
  MusterViewport           *viewport;
  MusterMapCache           *cache;
  GHashTable               *live;      /* ids being dragged → themselves */
  double                    scroll_rest_x, scroll_rest_y; /* touchpad pan below a pixel */
  double                    pointer_x, pointer_y;  /* the pointer, while over the map */
  gboolean                  pointer_in;
  const MusterTerrainTypes *types;     /* borrowed from the page */
  MusterMapStyle            light, dark;
  GHashTable               *selection; /* feature id → itself */
  MusterMapTool             tool;
  char                     *terrain_type;
  char                     *zone_side;
  gboolean                  show_umpire;
  gboolean                  snap;           /* moves and turns go by steps */
  gboolean                  show_ranges;
  gboolean                  fitted;
  gboolean                  keep_fitted;    /* the view is as fit_table() left it */
  cairo_matrix_t            fit_matrix;

  /* the gesture under way */
  DragMode                  drag;
  MusterPoint               drag_start;     /* table mm */
  MusterPoint               drag_now;
  double                    pan_x, pan_y;   /* widget offset already applied */
  double                    start_x, start_y; /* where the drag began, widget px */
  GPtrArray                *originals;      /* MusterFeature, before a move or rotate */
  double                    zoom_begin;
  double                    turn_begin;     /* the view's rotation when a two-finger turn began */
  guint                     zoom_rest_id;   /* ends the map cache's quick mode */
  guint                     bands_tick_id;  /* draws again while the map comes in bands */
  GArray                    *outline;       /* MusterPoint: a polygon, polyline or zone */
  guint                     vertex;         /* the vertex a DRAG_VERTEX moves */

  /* the measure tool */
  gboolean                  has_measure;
  MusterSegment             measure;
  char                     *measure_text;
  gboolean                  measure_blocked;
  char                     *measure_blocker; /* (nullable): the id of what blocks the sight */
  char                     *band_zone;      /* (nullable): the zone a band started in */
};

G_DEFINE_FINAL_TYPE (MusterMapView, muster_map_view, GTK_TYPE_WIDGET)

enum {
  SELECTION_CHANGED,
  MEASURED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static MusterBattlefield *
get_battlefield (MusterMapView *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;

  return doc ? muster_doc_get_battlefield (doc) : NULL;
}

static MusterPoint
to_table (MusterMapView *self,
          double         x,
          double         y)
{
  MusterPoint p;

  muster_viewport_widget_to_table (self->viewport, x, y, &p.x, &p.y);
  return p;
}

static void
selection_changed (MusterMapView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

/* Drawing */

/* Fits the whole table in the view, and keeps it so when the view is resized, till the view
 * changes otherwise (see the snapshot). */
static void
fit_table (MusterMapView     *self,
           MusterBattlefield *field)
{
  muster_viewport_fit_box (self->viewport, muster_battlefield_get_table_box (field), 32);
  muster_viewport_get_matrix (self->viewport, &self->fit_matrix);
  self->fitted = TRUE;
  self->keep_fitted = TRUE;
}

static gboolean
draw_bands_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  MUSTER_MAP_VIEW (widget)->bands_tick_id = 0;
  gtk_widget_queue_draw (widget);
  return G_SOURCE_REMOVE;
}

static void
muster_map_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  MusterMapView *self = MUSTER_MAP_VIEW (widget);
  MusterBattlefield *field = get_battlefield (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  MusterMapScene scene = { 0 };
  g_autoptr(MusterBattlefield) sketch = NULL;
  cairo_matrix_t before;
  gboolean resized;
  cairo_t *cr;

  if (field == NULL || width <= 0 || height <= 0)
    return;

  /* the table stays fitted to a resized view till the user zooms, pans or turns it */
  muster_viewport_get_matrix (self->viewport, &before);
  resized = width != muster_viewport_get_width (self->viewport) ||
            height != muster_viewport_get_height (self->viewport);
  muster_viewport_set_size (self->viewport, width, height);
  if (memcmp (&before, &self->fit_matrix, sizeof before) != 0)
    self->keep_fitted = FALSE;
  if (!self->fitted || (resized && self->keep_fitted))
    fit_table (self, field);

  scene.battlefield = field;
  scene.doc = muster_document_get_doc (self->document);
  scene.types = self->types;
  scene.selection = self->selection;
  scene.show_umpire = self->show_umpire;
  scene.live = self->live;
  scene.show_ranges = self->show_ranges;
  scene.rubber_band = muster_box_empty ();
  if (self->drag == DRAG_BAND || self->drag == DRAG_SHAPE)
    scene.rubber_band = muster_box_from_points (self->drag_start, self->drag_now);
  if (self->drag == DRAG_MEASURE || self->has_measure)
    {
      scene.has_measure = TRUE;
      scene.measure = self->drag == DRAG_MEASURE
                      ? (MusterSegment) { self->drag_start, self->drag_now } : self->measure;
      scene.measure_label = self->measure_text;
      scene.measure_blocked = self->measure_blocked;
      scene.blocker = self->measure_blocker;
    }

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  muster_map_cache_paint (self->cache, cr, self->viewport, &scene,
                          adw_style_manager_get_dark (adw_style_manager_get_default ())
                          ? &self->dark : &self->light,
                          gtk_widget_get_scale_factor (widget), NULL);
  /* a new view of a crowded table comes in bands over the next frames */
  if (muster_map_cache_is_pending (self->cache) && self->bands_tick_id == 0)
    self->bands_tick_id = gtk_widget_add_tick_callback (widget, draw_bands_cb, NULL, NULL);

  /* the outline being drawn, point by point */
  if (self->outline->len > 0)
    {
      cairo_matrix_t matrix;

      muster_viewport_get_matrix (self->viewport, &matrix);
      cairo_transform (cr, &matrix);
      for (guint i = 0; i < self->outline->len; i++)
        {
          MusterPoint p = g_array_index (self->outline, MusterPoint, i);

          (i ? cairo_line_to : cairo_move_to) (cr, p.x, p.y);
        }
      cairo_line_to (cr, self->drag_now.x, self->drag_now.y);
      cairo_identity_matrix (cr);
      cairo_set_source_rgba (cr, self->light.selection[0], self->light.selection[1],
                             self->light.selection[2], 1);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

/* Viewport */

void
muster_map_view_fit (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);

  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));
  if (field == NULL)
    return;
  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    muster_viewport_set_size (self->viewport, gtk_widget_get_width (GTK_WIDGET (self)),
                              gtk_widget_get_height (GTK_WIDGET (self)));
  fit_table (self, field);
}

static gboolean
zoom_rested_cb (gpointer data)
{
  MusterMapView *self = data;

  self->zoom_rest_id = 0;
  muster_map_cache_set_quick (self->cache, FALSE);
  if (muster_map_cache_is_stale (self->cache))
    gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* A zoom step: until the zoom rests, frames show the kept map scaled (a copy) rather than
 * painting a crowded table afresh at every step; then one frame paints it sharp. */
static void
zooming (MusterMapView *self)
{
  muster_map_cache_set_quick (self->cache, TRUE);
  g_clear_handle_id (&self->zoom_rest_id, g_source_remove);
  self->zoom_rest_id = g_timeout_add (ZOOM_REST_MS, zoom_rested_cb, self);
}

void
muster_map_view_zoom_by (MusterMapView *self,
                         double         factor)
{
  zooming (self);
  muster_viewport_zoom_at (self->viewport, muster_viewport_get_zoom (self->viewport) * factor,
                           muster_viewport_get_width (self->viewport) / 2.0,
                           muster_viewport_get_height (self->viewport) / 2.0);
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           MusterMapView            *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  /* the wheel zooms about the pointer (a scroll event carries no position in GTK 4.8: the
   * motion controller's is the one to trust), else about the middle */
  double x = self->pointer_in ? self->pointer_x : muster_viewport_get_width (self->viewport) / 2.0;
  double y = self->pointer_in ? self->pointer_y : muster_viewport_get_height (self->viewport) / 2.0;

  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_SURFACE &&
      !(state & GDK_CONTROL_MASK))
    {
      /* a touchpad: two fingers pan, pinch zooms (below); by whole pixels, which the map
       * cache scrolls, keeping the rest for the next event */
      double x_px, y_px;

      self->scroll_rest_x -= dx;
      self->scroll_rest_y -= dy;
      x_px = trunc (self->scroll_rest_x);
      y_px = trunc (self->scroll_rest_y);
      self->scroll_rest_x -= x_px;
      self->scroll_rest_y -= y_px;
      muster_viewport_pan (self->viewport, x_px, y_px);
      return TRUE;
    }
  zooming (self);
  muster_viewport_zoom_at (self->viewport, muster_viewport_get_zoom (self->viewport) *
                           pow (ZOOM_STEP, -dy), x, y);
  return TRUE;
}

static void
zoom_begin_cb (GtkGesture    *gesture,
               GdkEventSequence *sequence,
               MusterMapView *self)
{
  self->zoom_begin = muster_viewport_get_zoom (self->viewport);
}

/* Where two fingers are, else where the pointer is (a touchpad's pinch happens under it), else
 * the middle of the map. */
static void
gesture_centre (MusterMapView *self,
                GtkGesture    *gesture,
                double        *x,
                double        *y)
{
  /* GTK 4.8 asks the last event for its kind without checking there is one */
  if (gtk_gesture_get_last_event (gesture, gtk_gesture_get_last_updated_sequence (gesture)) &&
      gtk_gesture_get_bounding_box_center (gesture, x, y))
    return;
  if (self->pointer_in)
    {
      *x = self->pointer_x;
      *y = self->pointer_y;
      return;
    }
  *x = muster_viewport_get_width (self->viewport) / 2.0;
  *y = muster_viewport_get_height (self->viewport) / 2.0;
}

static void
zoom_scale_changed_cb (GtkGestureZoom *gesture,
                       double          scale,
                       MusterMapView  *self)
{
  double x, y;

  gesture_centre (self, GTK_GESTURE (gesture), &x, &y);
  zooming (self);
  muster_viewport_zoom_at (self->viewport, self->zoom_begin * scale, x, y);
}

/**
 * muster_map_view_turn_view:
 * @self: a map view
 * @angle: radians, clockwise
 *
 * Turns the view of the table about the middle of the map, as a player walking round the
 * table sees it. A view that showed the whole table shows the whole table turned.
 */
void
muster_map_view_turn_view (MusterMapView *self,
                           double         angle)
{
  MusterBattlefield *field = get_battlefield (self);
  MusterBox visible, table;
  gboolean whole;

  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));
  visible = muster_viewport_get_visible_box (self->viewport);
  table = field ? muster_battlefield_get_table_box (field) : muster_box_empty ();
  whole = field != NULL && visible.x0 <= table.x0 && visible.y0 <= table.y0 &&
          visible.x1 >= table.x1 && visible.y1 >= table.y1;
  zooming (self);
  muster_viewport_rotate_at (self->viewport, muster_viewport_get_rotation (self->viewport) + angle,
                             muster_viewport_get_width (self->viewport) / 2.0,
                             muster_viewport_get_height (self->viewport) / 2.0);
  if (whole)
    muster_viewport_fit_box (self->viewport, table, 32);
}

static void
turn_begin_cb (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               MusterMapView    *self)
{
  self->turn_begin = muster_viewport_get_rotation (self->viewport);
}

/* Two fingers turning turn the view, by steps, so that a pinch does not tilt the table. */
static void
turn_angle_changed_cb (GtkGestureRotate *gesture,
                       double            angle,
                       double            delta,
                       MusterMapView    *self)
{
  double x, y;

  gesture_centre (self, GTK_GESTURE (gesture), &x, &y);
  zooming (self);
  muster_viewport_rotate_at (self->viewport,
                             self->turn_begin + muster_snap_angle (delta, ROTATE_SNAP), x, y);
}

/* Selection and edits */

GStrv
muster_map_view_dup_selection (MusterMapView *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  MusterBattlefield *field = get_battlefield (self);

  /* in z-order, so the answer does not depend on hashing */
  for (guint i = 0; field && i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (g_hash_table_contains (self->selection, f->id))
        g_strv_builder_add (builder, f->id);
    }
  return g_strv_builder_end (builder);
}

void
muster_map_view_select (MusterMapView *self,
                        const char    *id,
                        gboolean       extend)
{
  if (!extend)
    g_hash_table_remove_all (self->selection);
  if (id != NULL)
    g_hash_table_add (self->selection, g_strdup (id));
  selection_changed (self);
}

void
muster_map_view_clear_selection (MusterMapView *self)
{
  muster_map_view_select (self, NULL, FALSE);
}

/* Applies and records @command, and drops the caller's reference (the history keeps one). */
static void
push (MusterMapView *self,
      MusterCommand *command)
{
  muster_history_push (muster_document_get_history (self->document), command);
  g_object_unref (command);
}

void
muster_map_view_delete_selection (MusterMapView *self)
{
  g_auto(GStrv) ids = muster_map_view_dup_selection (self);
  MusterCommand *command;

  if (ids[0] == NULL)
    return;
  command = muster_features_command_new (self->document, _("Delete"));
  for (guint i = 0; ids[i]; i++)
    muster_features_command_remove (MUSTER_FEATURES_COMMAND (command), ids[i]);
  g_hash_table_remove_all (self->selection);
  push (self, command);
  selection_changed (self);
}

static MusterPoint
selection_centre (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  MusterBox box = muster_box_empty ();
  GHashTableIter iter;
  gpointer id;

  g_hash_table_iter_init (&iter, self->selection);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    {
      const MusterFeature *f = muster_battlefield_lookup (field, id);

      if (f != NULL)
        box = muster_box_union (box, muster_feature_get_bounds (f));
    }
  return muster_box_centre (box);
}

void
muster_map_view_rotate_selection (MusterMapView *self,
                                  double         angle)
{
  MusterBattlefield *field = get_battlefield (self);
  g_auto(GStrv) ids = muster_map_view_dup_selection (self);
  MusterPoint centre = selection_centre (self);
  MusterCommand *command;

  if (ids[0] == NULL)
    return;
  command = muster_features_command_new (self->document, _("Rotate"));
  for (guint i = 0; ids[i]; i++)
    {
      g_autoptr(MusterFeature) turned = muster_feature_copy (muster_battlefield_lookup (field, ids[i]));

      /* one unit or piece turns about its own centre; several about their common centre */
      muster_feature_rotate (turned, ids[1] ? centre : turned->centre, angle);
      muster_features_command_replace (MUSTER_FEATURES_COMMAND (command), turned);
    }
  push (self, command);
}

/* Snaps a move to a quarter of the grid when there is one, else to 5 mm; not when snapping is
 * off. */
static MusterVector
snap_delta (MusterMapView *self,
            MusterVector   delta)
{
  double grid = muster_battlefield_get_grid (get_battlefield (self));
  double step = grid > 0 ? grid / 4 : MOVE_SNAP_MM;

  if (!self->snap)
    return delta;
  return (MusterVector) { round (delta.x / step) * step, round (delta.y / step) * step };
}

/* Applies the drag to the originals, straight on the battlefield (a preview). */
static void
preview_drag (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  MusterVector delta = snap_delta (self, muster_point_sub (self->drag_now, self->drag_start));
  MusterPoint centre = self->drag_start;
  double angle = 0;

  if (self->drag == DRAG_ROTATE)
    {
      MusterBox box = muster_box_empty ();

      for (guint i = 0; i < self->originals->len; i++)
        box = muster_box_union (box, muster_feature_get_bounds (self->originals->pdata[i]));
      centre = muster_box_centre (box);
      angle = muster_vector_angle (muster_point_sub (self->drag_now, centre)) -
              muster_vector_angle (muster_point_sub (self->drag_start, centre));
      if (self->snap)
        angle = muster_snap_angle (angle, ROTATE_SNAP);
    }
  for (guint i = 0; i < self->originals->len; i++)
    {
      g_autoptr(MusterFeature) moved = muster_feature_copy (self->originals->pdata[i]);

      if (self->drag == DRAG_ROTATE)
        muster_feature_rotate (moved, centre, angle);
      else
        muster_feature_translate (moved, delta);
      muster_feature_free (muster_battlefield_replace (field, moved));
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
finish_move (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  MusterCommand *command = muster_features_command_new (self->document,
                                                        self->drag == DRAG_ROTATE ? _("Rotate")
                                                        : self->drag == DRAG_VERTEX ? _("Move Vertex")
                                                        : _("Move"));
  gboolean moved = FALSE;

  for (guint i = 0; i < self->originals->len; i++)
    {
      const MusterFeature *original = self->originals->pdata[i];
      g_autoptr(MusterFeature) now = muster_feature_copy (muster_battlefield_lookup (field, original->id));

      muster_feature_free (muster_battlefield_replace (field, original));
      moved |= now->centre.x != original->centre.x || now->centre.y != original->centre.y ||
               now->rotation != original->rotation ||
               (now->points && now->points->len &&
                memcmp (now->points->data, original->points->data,
                        now->points->len * sizeof (MusterPoint)) != 0);
      muster_features_command_replace (MUSTER_FEATURES_COMMAND (command), now);
    }
  if (moved)
    push (self, command);
  else
    g_object_unref (command);
}

/* Vertex editing: the one selected polygon, polyline or zone shows its vertices as handles. */

/* Returns: (nullable): the selected feature whose vertices can be edited, when it is alone */
static const MusterFeature *
vertex_feature (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  GHashTableIter iter;
  gpointer id;
  const MusterFeature *f;

  if (field == NULL || g_hash_table_size (self->selection) != 1)
    return NULL;
  g_hash_table_iter_init (&iter, self->selection);
  g_hash_table_iter_next (&iter, &id, NULL);
  f = muster_battlefield_lookup (field, id);
  return f != NULL && muster_feature_has_vertices (f) ? f : NULL;
}

/* A press on a handle starts moving that vertex (the feature live while it moves). */
static gboolean
begin_vertex_drag (MusterMapView *self)
{
  const MusterFeature *f = vertex_feature (self);
  int vertex = f ? muster_feature_hit_vertex (f, self->drag_start,
                                              HIT_PX / muster_viewport_get_zoom (self->viewport))
                 : -1;

  if (vertex < 0)
    return FALSE;
  self->drag = DRAG_VERTEX;
  self->vertex = vertex;
  g_ptr_array_set_size (self->originals, 0);
  g_ptr_array_add (self->originals, muster_feature_copy (f));
  g_hash_table_add (self->live, g_strdup (f->id));
  return TRUE;
}

static void
preview_vertex (MusterMapView *self)
{
  g_autoptr(MusterFeature) moved = muster_feature_copy (self->originals->pdata[0]);

  muster_feature_move_vertex (moved, self->vertex, self->drag_now);
  muster_feature_free (muster_battlefield_replace (get_battlefield (self), moved));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * muster_map_view_edit_vertex_at:
 * @self: a map view
 * @widget_x: where, widget px
 * @widget_y: where
 *
 * What a double-click does to the one selected polygon, polyline or zone: on a vertex, takes it
 * out (never below a polygon's 3 or a polyline's 2); on an edge, puts a new vertex there. One
 * undo step.
 *
 * Returns: %TRUE if a vertex was added or deleted
 */
gboolean
muster_map_view_edit_vertex_at (MusterMapView *self,
                                double         widget_x,
                                double         widget_y)
{
  const MusterFeature *f = vertex_feature (self);
  MusterPoint p = to_table (self, widget_x, widget_y);
  double tolerance = HIT_PX / muster_viewport_get_zoom (self->viewport);
  g_autoptr(MusterFeature) edited = NULL;
  MusterCommand *command;
  int vertex, edge;

  if (f == NULL)
    return FALSE;
  edited = muster_feature_copy (f);
  if ((vertex = muster_feature_hit_vertex (f, p, tolerance)) >= 0)
    {
      if (!muster_feature_delete_vertex (edited, vertex))
        return FALSE;
      command = muster_features_command_new (self->document, _("Delete Vertex"));
    }
  else if ((edge = muster_feature_hit_edge (f, p, tolerance)) >= 0)
    {
      muster_feature_insert_vertex (edited, edge + 1, p);
      command = muster_features_command_new (self->document, _("Add Vertex"));
    }
  else
    return FALSE;
  muster_features_command_replace (MUSTER_FEATURES_COMMAND (command), edited);
  push (self, command);
  return TRUE;
}

static void
add_feature (MusterMapView *self,
             MusterFeature *feature,
             const char    *label)
{
  MusterCommand *command = muster_features_command_new (self->document, label);

  muster_features_command_insert (MUSTER_FEATURES_COMMAND (command), feature);
  muster_history_push (muster_document_get_history (self->document), command);
  muster_map_view_select (self, muster_features_command_get_inserted_id (MUSTER_FEATURES_COMMAND (command), 0),
                          FALSE);
  g_object_unref (command);
  muster_feature_free (feature);
}

static void
add_shape (MusterMapView *self)
{
  MusterBox box = muster_box_from_points (self->drag_start, self->drag_now);
  MusterFeature *piece;

  if (box.x1 - box.x0 < 5 || box.y1 - box.y0 < 5)
    return;
  piece = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  piece->type = g_strdup (self->terrain_type ? self->terrain_type : "woods");
  piece->outline = self->tool == MUSTER_MAP_TOOL_ELLIPSE ? MUSTER_OUTLINE_ELLIPSE
                                                         : MUSTER_OUTLINE_RECTANGLE;
  piece->centre = muster_box_centre (box);
  piece->width = box.x1 - box.x0;
  piece->height = box.y1 - box.y0;
  add_feature (self, piece, _("Add Terrain"));
}

/* Ends a polygon, polyline or zone being drawn point by point. */
void
muster_map_view_finish_outline (MusterMapView *self)
{
  gboolean line = self->tool == MUSTER_MAP_TOOL_POLYLINE;
  MusterFeature *feature;

  if (self->outline->len < (line ? 2u : 3u))
    {
      g_array_set_size (self->outline, 0);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (self->tool == MUSTER_MAP_TOOL_ZONE)
    {
      feature = muster_feature_new (MUSTER_FEATURE_ZONE);
      feature->side = g_strdup (self->zone_side);
    }
  else
    {
      feature = muster_feature_new (MUSTER_FEATURE_TERRAIN);
      feature->type = g_strdup (self->terrain_type ? self->terrain_type : "woods");
      feature->outline = line ? MUSTER_OUTLINE_POLYLINE : MUSTER_OUTLINE_POLYGON;
      feature->line_width = 40;
    }
  muster_feature_set_points (feature, (MusterPoint *) self->outline->data, self->outline->len);
  g_array_set_size (self->outline, 0);
  add_feature (self, feature, self->tool == MUSTER_MAP_TOOL_ZONE ? _("Add Deployment Zone")
                                                                : _("Add Terrain"));
}

static void
add_objective (MusterMapView *self,
               MusterPoint    p)
{
  MusterBattlefield *field = get_battlefield (self);
  MusterFeature *objective = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);
  int number = 0;

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (f->kind == MUSTER_FEATURE_OBJECTIVE)
        number = MAX (number, f->number);
    }
  objective->number = number + 1;
  objective->centre = p;
  add_feature (self, objective, _("Add Objective"));
}

/* Measuring: between two units, the nearest edges and the line of sight; else point to point. */
static void
measure (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  double tolerance = HIT_PX / muster_viewport_get_zoom (self->viewport);
  const MusterFeature *a = muster_battlefield_hit (field, self->drag_start, tolerance,
                                                   self->show_umpire);
  const MusterFeature *b = muster_battlefield_hit (field, self->drag_now, tolerance,
                                                   self->show_umpire);
  g_autofree char *length = NULL;

  self->has_measure = TRUE;
  self->measure_blocked = FALSE;
  g_clear_pointer (&self->measure_blocker, g_free);
  self->measure = (MusterSegment) { self->drag_start, self->drag_now };
  g_clear_pointer (&self->measure_text, g_free);
  if (a && b && a != b && a->kind == MUSTER_FEATURE_UNIT && b->kind == MUSTER_FEATURE_UNIT)
    {
      const MusterFeature *blocker = NULL;
      const char *a_id = a->id, *b_id = b->id;

      self->measure = (MusterSegment) { a->centre, b->centre };
      length = muster_map_format_length (field, muster_battlefield_distance (field, a_id, b_id));
      if (self->tool == MUSTER_MAP_TOOL_SIGHT &&
          !muster_battlefield_line_of_sight (field, self->types, a_id, b_id, &blocker))
        {
          const MusterTerrainType *type = muster_terrain_types_lookup (self->types, blocker->type);

          self->measure_blocked = TRUE;
          self->measure_blocker = g_strdup (blocker->id);
          self->measure_text = g_strdup_printf (_("%s — no line of sight: %s"), length,
                                                blocker->name ? blocker->name
                                                : type ? type->name : blocker->type);
        }
      else if (self->tool == MUSTER_MAP_TOOL_SIGHT)
        self->measure_text = g_strdup_printf (_("%s — in sight"), length);
      else
        self->measure_text = g_strdup_printf (_("%s edge to edge"), length);
    }
  else
    self->measure_text = muster_map_format_length (field, muster_point_distance (self->drag_start,
                                                                                  self->drag_now));
  g_signal_emit (self, signals[MEASURED], 0);
}

const char *
muster_map_view_get_measure_text (MusterMapView *self)
{
  return self->measure_text;
}

/* Returns: (nullable): the id of the feature that blocks the line of sight measured */
const char *
muster_map_view_get_sight_blocker (MusterMapView *self)
{
  return self->measure_blocker;
}

/* Gestures */

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               MusterMapView  *self)
{
  MusterBattlefield *field = get_battlefield (self);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  const MusterFeature *hit;

  if (field == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->drag_start = self->drag_now = to_table (self, x, y);
  self->start_x = x;
  self->start_y = y;
  self->pan_x = self->pan_y = 0;

  if (button == GDK_BUTTON_MIDDLE || self->tool == MUSTER_MAP_TOOL_PAN)
    {
      self->drag = DRAG_PAN;
      return;
    }
  switch (self->tool)
    {
    case MUSTER_MAP_TOOL_SELECT:
      if (begin_vertex_drag (self))
        break;
      hit = muster_battlefield_hit (field, self->drag_start,
                                    HIT_PX / muster_viewport_get_zoom (self->viewport),
                                    self->show_umpire);
      /* a drag that starts in a deployment zone not selected draws a band round the units
       * deployed in it (a click selects the zone; a selected zone drags) */
      g_clear_pointer (&self->band_zone, g_free);
      if (hit != NULL && hit->kind == MUSTER_FEATURE_ZONE &&
          !g_hash_table_contains (self->selection, hit->id))
        {
          self->band_zone = g_strdup (hit->id);
          hit = NULL;
        }
      if (hit == NULL)
        {
          if (!(state & GDK_SHIFT_MASK))
            muster_map_view_clear_selection (self);
          self->drag = DRAG_BAND;
          return;
        }
      if (!g_hash_table_contains (self->selection, hit->id))
        muster_map_view_select (self, hit->id, (state & GDK_SHIFT_MASK) != 0);
      self->drag = state & GDK_CONTROL_MASK ? DRAG_ROTATE : DRAG_MOVE;
      g_ptr_array_set_size (self->originals, 0);
      {
        g_auto(GStrv) ids = muster_map_view_dup_selection (self);

        for (guint i = 0; ids[i]; i++)
          {
            g_ptr_array_add (self->originals,
                             muster_feature_copy (muster_battlefield_lookup (field, ids[i])));
            g_hash_table_add (self->live, g_strdup (ids[i]));
          }
      }
      break;
    case MUSTER_MAP_TOOL_RECTANGLE:
    case MUSTER_MAP_TOOL_ELLIPSE:
      self->drag = DRAG_SHAPE;
      break;
    case MUSTER_MAP_TOOL_MEASURE:
    case MUSTER_MAP_TOOL_SIGHT:
      self->drag = DRAG_MEASURE;
      self->has_measure = FALSE;
      break;
    case MUSTER_MAP_TOOL_POLYGON:
    case MUSTER_MAP_TOOL_POLYLINE:
    case MUSTER_MAP_TOOL_ZONE:
    case MUSTER_MAP_TOOL_OBJECTIVE:
    case MUSTER_MAP_TOOL_PAN:
    default:
      self->drag = DRAG_NONE;   /* clicks: see drag_end_cb */
      break;
    }
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                MusterMapView  *self)
{
  double x = self->start_x, y = self->start_y;

  if (self->drag == DRAG_PAN)
    {
      /* whole pixels: the map cache scrolls instead of painting again */
      dx = round (dx);
      dy = round (dy);
      muster_viewport_pan (self->viewport, dx - self->pan_x, dy - self->pan_y);
      self->pan_x = dx;
      self->pan_y = dy;
      return;
    }
  self->drag_now = to_table (self, x + dx, y + dy);
  if (self->drag == DRAG_MOVE || self->drag == DRAG_ROTATE)
    preview_drag (self);
  else if (self->drag == DRAG_VERTEX)
    preview_vertex (self);
  else
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             MusterMapView  *self)
{
  MusterBattlefield *field = get_battlefield (self);
  DragMode mode = self->drag;
  double x = self->start_x, y = self->start_y;

  if (field == NULL)
    return;
  if (mode != DRAG_PAN)
    self->drag_now = to_table (self, x + dx, y + dy);
  switch (mode)
    {
    case DRAG_VERTEX:
      preview_vertex (self);
      finish_move (self);
      break;
    case DRAG_MOVE:
    case DRAG_ROTATE:
      preview_drag (self);
      finish_move (self);
      break;
    case DRAG_BAND:
      {
        g_autoptr(GPtrArray) found = g_ptr_array_new ();
        MusterBox band = muster_box_from_points (self->drag_start, self->drag_now);

        muster_battlefield_query_box (field, band, found);
        for (guint i = 0; i < found->len; i++)
          {
            const MusterFeature *f = found->pdata[i];
            MusterBox box = muster_feature_get_bounds (f);

            /* wholly inside the band, and not the zones under everything */
            if (f->kind != MUSTER_FEATURE_ZONE &&
                (self->show_umpire || g_strcmp0 (f->layer, "umpire") != 0) &&
                box.x0 >= band.x0 && box.x1 <= band.x1 &&
                box.y0 >= band.y0 && box.y1 <= band.y1)
              g_hash_table_add (self->selection, g_strdup (f->id));
          }
        /* no band, a click: on a zone, it selects the zone */
        if (self->band_zone != NULL &&
            (fabs (dx) + fabs (dy)) < HIT_PX && muster_battlefield_lookup (field, self->band_zone))
          g_hash_table_add (self->selection, g_strdup (self->band_zone));
        g_clear_pointer (&self->band_zone, g_free);
        selection_changed (self);
      }
      break;
    case DRAG_SHAPE:
      add_shape (self);
      break;
    case DRAG_MEASURE:
      measure (self);
      break;
    case DRAG_NONE:
      if (self->tool == MUSTER_MAP_TOOL_OBJECTIVE)
        add_objective (self, self->drag_now);
      else if (self->tool == MUSTER_MAP_TOOL_POLYGON || self->tool == MUSTER_MAP_TOOL_POLYLINE ||
               self->tool == MUSTER_MAP_TOOL_ZONE)
        g_array_append_val (self->outline, self->drag_now);
      break;
    case DRAG_PAN:
    default:
      break;
    }
  self->drag = DRAG_NONE;
  g_ptr_array_set_size (self->originals, 0);
  g_hash_table_remove_all (self->live);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  MusterMapView   *self)
{
  if (n_press == 2 && self->outline->len == 0 && self->tool == MUSTER_MAP_TOOL_SELECT)
    muster_map_view_edit_vertex_at (self, x, y);
  if (n_press == 2 && self->outline->len > 0)
    muster_map_view_finish_outline (self);
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           MusterMapView            *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_in = TRUE;
  if (self->outline->len > 0)
    {
      self->drag_now = to_table (self, x, y);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
pointer_left_cb (MusterMapView *self)
{
  self->pointer_in = FALSE;
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                MusterMapView         *self)
{
  double step = 40;

  switch (keyval)
    {
    case GDK_KEY_plus:
    case GDK_KEY_KP_Add:
    case GDK_KEY_equal:
      muster_map_view_zoom_by (self, ZOOM_STEP);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      muster_map_view_zoom_by (self, 1 / ZOOM_STEP);
      return TRUE;
    case GDK_KEY_0:
    case GDK_KEY_KP_0:
      muster_map_view_fit (self);
      return TRUE;
    case GDK_KEY_Left:
      muster_viewport_pan (self->viewport, step, 0);
      return TRUE;
    case GDK_KEY_Right:
      muster_viewport_pan (self->viewport, -step, 0);
      return TRUE;
    case GDK_KEY_Up:
      muster_viewport_pan (self->viewport, 0, step);
      return TRUE;
    case GDK_KEY_Down:
      muster_viewport_pan (self->viewport, 0, -step);
      return TRUE;
    case GDK_KEY_bracketleft:
      muster_map_view_turn_view (self, -G_PI / 2);
      return TRUE;
    case GDK_KEY_bracketright:
      muster_map_view_turn_view (self, G_PI / 2);
      return TRUE;
    case GDK_KEY_Delete:
    case GDK_KEY_BackSpace:
      muster_map_view_delete_selection (self);
      return TRUE;
    case GDK_KEY_r:
      muster_map_view_rotate_selection (self, ROTATE_SNAP);
      return TRUE;
    case GDK_KEY_R:
      muster_map_view_rotate_selection (self, -ROTATE_SNAP);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      muster_map_view_finish_outline (self);
      return TRUE;
    case GDK_KEY_Escape:
      g_array_set_size (self->outline, 0);
      self->has_measure = FALSE;
      muster_map_view_clear_selection (self);
      return TRUE;
    default:
      return FALSE;
    }
}

/* Units dropped from the page's list: the unit's id as a string. */
static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         MusterMapView *self)
{
  return muster_map_view_place_unit (self, g_value_get_string (value), x, y);
}

/**
 * muster_map_view_place_unit:
 * @self: a map view
 * @unit_id: a unit of a force of the document, not yet on the table
 * @widget_x: where, in widget pixels
 * @widget_y: where
 *
 * Places the unit in a line facing the enemy: down the table for the first side, up for the
 * others. Its stands are its size, on the base the rule system's first scale gives its type
 * (40 × 20 mm when it gives none).
 *
 * Returns: %TRUE if placed
 */
gboolean
muster_map_view_place_unit (MusterMapView *self,
                            const char    *unit_id,
                            double         widget_x,
                            double         widget_y)
{
  MusterBattlefield *field = get_battlefield (self);
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  MusterUnit *unit = doc ? muster_doc_lookup_unit (doc, unit_id) : NULL;
  MusterFeature *placement;
  gboolean first_side;

  if (field == NULL || unit == NULL || muster_battlefield_lookup_unit (field, unit_id) != NULL)
    return FALSE;
  first_side = muster_doc_get_n_forces (doc) == 0 ||
               muster_unit_get_force (unit) == muster_doc_get_force (doc, 0);
  placement = muster_feature_new (MUSTER_FEATURE_UNIT);
  placement->unit = g_strdup (unit_id);
  placement->centre = to_table (self, widget_x, widget_y);
  placement->rotation = first_side ? G_PI / 2 : -G_PI / 2;
  placement->stands = CLAMP (muster_unit_get_size (unit), 1, 60);
  placement->files = placement->stands > 6 ? (placement->stands + 1) / 2 : 0;
  /* the bases of the scale the unit's force plays at */
  if (!self->types ||
      !muster_terrain_types_get_base (self->types,
                                      muster_terrain_types_scale_for_force (self->types,
                                                                            muster_unit_get_force (unit),
                                                                            muster_battlefield_get_units (field)),
                                      muster_unit_get_type_id (unit),
                                      &placement->base_width, &placement->base_depth))
    {
      placement->base_width = 40;
      placement->base_depth = 20;
    }
  add_feature (self, placement, _("Place Unit"));
  return TRUE;
}

/* Properties and life cycle */

static void
battlefield_changed_cb (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  GHashTableIter iter;
  gpointer id;

  if (field == NULL)
    self->fitted = FALSE;
  /* forget selected features that an undo took away */
  g_hash_table_iter_init (&iter, self->selection);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    if (field == NULL || muster_battlefield_lookup (field, id) == NULL)
      g_hash_table_iter_remove (&iter);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

static void
lists_changed_cb (MusterMapView *self)
{
  /* shown, the change shows at once; else (edited in another workspace) the map comes in
   * bands when it is shown again, as when it was first shown */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    muster_map_cache_invalidate (self->cache);
  else
    muster_map_cache_forget (self->cache);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
muster_map_view_set_document (MusterMapView  *self,
                              MusterDocument *document)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_object (document, "battlefield-changed",
                               G_CALLBACK (battlefield_changed_cb), self, G_CONNECT_SWAPPED);
      /* unit names and sides come from the lists: the cache cannot see those change */
      g_signal_connect_object (document, "unit-changed",
                               G_CALLBACK (lists_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "children-changed",
                               G_CALLBACK (lists_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "force-changed",
                               G_CALLBACK (lists_changed_cb), self, G_CONNECT_SWAPPED);
    }
  muster_map_cache_invalidate (self->cache);
  self->fitted = FALSE;
  battlefield_changed_cb (self);
}

void
muster_map_view_set_terrain_types (MusterMapView            *self,
                                   const MusterTerrainTypes *types)
{
  self->types = types;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MusterViewport *
muster_map_view_get_viewport (MusterMapView *self)
{
  return self->viewport;
}

void
muster_map_view_set_tool (MusterMapView *self,
                          MusterMapTool  tool)
{
  self->tool = tool;
  g_array_set_size (self->outline, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MusterMapTool
muster_map_view_get_tool (MusterMapView *self)
{
  return self->tool;
}

void
muster_map_view_set_terrain_type (MusterMapView *self,
                                  const char    *type)
{
  g_free (self->terrain_type);
  self->terrain_type = g_strdup (type);
}

void
muster_map_view_set_zone_side (MusterMapView *self,
                               const char    *side)
{
  g_free (self->zone_side);
  self->zone_side = g_strdup (side);
}

void
muster_map_view_set_show_umpire (MusterMapView *self,
                                 gboolean       show)
{
  self->show_umpire = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Rings round the selected units: their weapon ranges from the rule system. */
void
muster_map_view_set_show_ranges (MusterMapView *self,
                                 gboolean       show)
{
  self->show_ranges = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
muster_map_view_get_show_ranges (MusterMapView *self)
{
  return self->show_ranges;
}

/**
 * muster_map_view_set_frame_budget:
 * @self: a map view
 * @ms: how long a frame may spend painting a new view of the map (the first, a zoom at rest);
 *   0 to paint it whole in one frame
 *
 * See muster_map_cache_set_budget(): a new view of a crowded table comes in bands of rows over
 * the next frames, which the view draws by itself. The default is
 * %MUSTER_MAP_CACHE_BUDGET_MS.
 */
void
muster_map_view_set_frame_budget (MusterMapView *self,
                                  double         ms)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));
  muster_map_cache_set_budget (self->cache, ms);
}

/**
 * muster_map_view_is_pending:
 * @self: a map view
 *
 * Returns: whether the map drawn last is still coming in bands, to be finished in the next
 *   frames
 */
gboolean
muster_map_view_is_pending (MusterMapView *self)
{
  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), FALSE);
  return muster_map_cache_is_pending (self->cache);
}

/**
 * muster_map_view_set_snap:
 * @self: a map view
 * @snap: whether dragged moves go by a quarter of the grid (5 mm without one) and turns by 15°
 *
 * On by default; off, features go exactly where they are dragged.
 */
void
muster_map_view_set_snap (MusterMapView *self,
                          gboolean       snap)
{
  self->snap = snap;
}

gboolean
muster_map_view_get_snap (MusterMapView *self)
{
  return self->snap;
}

GtkWidget *
muster_map_view_new (void)
{
  return g_object_new (MUSTER_TYPE_MAP_VIEW, NULL);
}

static void
muster_map_view_dispose (GObject *object)
{
  MusterMapView *self = MUSTER_MAP_VIEW (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_handle_id (&self->zoom_rest_id, g_source_remove);
  if (self->bands_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->bands_tick_id);
      self->bands_tick_id = 0;
    }
  G_OBJECT_CLASS (muster_map_view_parent_class)->dispose (object);
}

static void
muster_map_view_finalize (GObject *object)
{
  MusterMapView *self = MUSTER_MAP_VIEW (object);

  g_clear_object (&self->viewport);
  muster_map_cache_free (self->cache);
  g_hash_table_unref (self->live);
  g_hash_table_unref (self->selection);
  g_ptr_array_unref (self->originals);
  g_array_unref (self->outline);
  g_free (self->terrain_type);
  g_free (self->zone_side);
  g_free (self->measure_text);
  g_free (self->measure_blocker);
  g_free (self->band_zone);
  G_OBJECT_CLASS (muster_map_view_parent_class)->finalize (object);
}

static void
muster_map_view_class_init (MusterMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_map_view_dispose;
  object_class->finalize = muster_map_view_finalize;
  widget_class->snapshot = muster_map_view_snapshot;

  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MEASURED] =
    g_signal_new ("measured", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "mapview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
muster_map_view_init (MusterMapView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;
  GtkDropTarget *drop;

  self->snap = TRUE;
  self->viewport = muster_viewport_new ();
  muster_viewport_set_zoom_range (self->viewport, 0.05, 40);
  self->selection = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->live = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->cache = muster_map_cache_new ();
  muster_map_cache_set_budget (self->cache, MUSTER_MAP_CACHE_BUDGET_MS);
  self->originals = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_feature_free);
  self->outline = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
  self->terrain_type = g_strdup ("woods");
  muster_map_style_init_light (&self->light);
  muster_map_style_init_dark (&self->dark);
  g_signal_connect_object (self->viewport, "notify", G_CALLBACK (gtk_widget_queue_draw), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  g_signal_connect (gesture, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (zoom_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_rotate_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (turn_begin_cb), self);
  g_signal_connect (gesture, "angle-changed", G_CALLBACK (turn_angle_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (pointer_left_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
