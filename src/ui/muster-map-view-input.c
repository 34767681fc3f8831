/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-view"

#include "config.h"

#include <math.h>

#include "muster-map-view-private.h"

/*
 * The map view's input: the pointer, gestures, the wheel and touchpad, drops, and the keys'
 * actions (map.*, on the class), turned into viewport changes or handed to the editing tools
 * (muster-map-view-edit.c).
 */

#define ZOOM_STEP      1.25

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
  _muster_map_view_zooming (self);
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
  _muster_map_view_zooming (self);
  muster_viewport_zoom_at (self->viewport, self->zoom_begin * scale, x, y);
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
  _muster_map_view_zooming (self);
  muster_viewport_rotate_at (self->viewport,
                             self->turn_begin + muster_snap_angle (delta, ROTATE_SNAP), x, y);
}

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
      if (_muster_map_view_begin_vertex_drag (self))
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
    _muster_map_view_preview_drag (self);
  else if (self->drag == DRAG_VERTEX)
    _muster_map_view_preview_vertex (self);
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
      _muster_map_view_preview_vertex (self);
      _muster_map_view_finish_move (self);
      break;
    case DRAG_MOVE:
    case DRAG_ROTATE:
      _muster_map_view_preview_drag (self);
      _muster_map_view_finish_move (self);
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
        _muster_map_view_selection_changed (self);
      }
      break;
    case DRAG_SHAPE:
      _muster_map_view_add_shape (self);
      break;
    case DRAG_MEASURE:
      _muster_map_view_measure (self);
      break;
    case DRAG_NONE:
      if (self->tool == MUSTER_MAP_TOOL_OBJECTIVE)
        _muster_map_view_add_objective (self, self->drag_now);
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

/* Keys: the map's actions, bound on its class (below) and offered by the page's toolbar */

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  double factor = g_str_equal (action_name, "map.zoom-in") ? ZOOM_STEP : 1 / ZOOM_STEP;

  muster_map_view_zoom_by (MUSTER_MAP_VIEW (widget), factor);
}

static void
fit_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  muster_map_view_fit (MUSTER_MAP_VIEW (widget));
}

/* By (dx, dy) widget px: the table moves that way under the view. */
static void
pan_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  double dx, dy;

  g_variant_get (parameter, "(dd)", &dx, &dy);
  muster_viewport_pan (MUSTER_MAP_VIEW (widget)->viewport, dx, dy);
}

/* By quarter turns, clockwise. */
static void
turn_view_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  muster_map_view_turn_view (MUSTER_MAP_VIEW (widget), g_variant_get_int32 (parameter) * G_PI / 2);
}

/* The selection, by steps of 15°, clockwise. */
static void
rotate_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  muster_map_view_rotate_selection (MUSTER_MAP_VIEW (widget),
                                    g_variant_get_int32 (parameter) * ROTATE_SNAP);
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  muster_map_view_delete_selection (MUSTER_MAP_VIEW (widget));
}

static void
finish_outline_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  muster_map_view_finish_outline (MUSTER_MAP_VIEW (widget));
}

/* Drops the outline being drawn, the measure and the selection. */
static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MusterMapView *self = MUSTER_MAP_VIEW (widget);

  g_array_set_size (self->outline, 0);
  _muster_map_view_clear_measure (self);
  muster_map_view_clear_selection (self);
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

void
_muster_map_view_init_input (MusterMapView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;
  GtkDropTarget *drop;

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

  drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

/* Each key works whatever Control and Alt are held, and Shift too on the keys that print
 * nothing (on the others Shift makes another key): Ctrl+plus zooms as plus does, Shift+Left
 * pans as Left does. */
void
_muster_map_view_class_init_keys (GtkWidgetClass *widget_class)
{
  static const struct {
    guint           keyval;
    GdkModifierType modifiers;
    const char     *action;
    const char     *args;     /* (nullable): the action's parameter, as GVariant text */
  } keys[] = {
    { GDK_KEY_plus, 0, "map.zoom-in", NULL },
    { GDK_KEY_KP_Add, 0, "map.zoom-in", NULL },
    { GDK_KEY_equal, 0, "map.zoom-in", NULL },
    { GDK_KEY_minus, 0, "map.zoom-out", NULL },
    { GDK_KEY_KP_Subtract, 0, "map.zoom-out", NULL },
    { GDK_KEY_0, 0, "map.fit", NULL },
    { GDK_KEY_KP_0, 0, "map.fit", NULL },
    { GDK_KEY_Left, 0, "map.pan", "(40.0, 0.0)" },
    { GDK_KEY_Right, 0, "map.pan", "(-40.0, 0.0)" },
    { GDK_KEY_Up, 0, "map.pan", "(0.0, 40.0)" },
    { GDK_KEY_Down, 0, "map.pan", "(0.0, -40.0)" },
    { GDK_KEY_bracketleft, 0, "map.turn-view", "-1" },
    { GDK_KEY_bracketright, 0, "map.turn-view", "1" },
    { GDK_KEY_r, 0, "map.rotate", "1" },
    { GDK_KEY_r, GDK_SHIFT_MASK, "map.rotate", "-1" },   /* R: GTK binds capitals so */
    { GDK_KEY_Delete, 0, "map.delete", NULL },
    { GDK_KEY_BackSpace, 0, "map.delete", NULL },
    { GDK_KEY_Return, 0, "map.finish-outline", NULL },
    { GDK_KEY_KP_Enter, 0, "map.finish-outline", NULL },
    { GDK_KEY_Escape, 0, "map.cancel", NULL },
  };
  static const GdkModifierType held[] = {
    0, GDK_CONTROL_MASK, GDK_ALT_MASK, GDK_CONTROL_MASK | GDK_ALT_MASK,
  };

  gtk_widget_class_install_action (widget_class, "map.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "map.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "map.fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "map.pan", "(dd)", pan_action);
  gtk_widget_class_install_action (widget_class, "map.turn-view", "i", turn_view_action);
  gtk_widget_class_install_action (widget_class, "map.rotate", "i", rotate_action);
  gtk_widget_class_install_action (widget_class, "map.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "map.finish-outline", NULL,
                                   finish_outline_action);
  gtk_widget_class_install_action (widget_class, "map.cancel", NULL, cancel_action);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    for (guint j = 0; j < G_N_ELEMENTS (held) * 2; j++)
      {
        GdkModifierType modifiers = keys[i].modifiers | held[j / 2];
        GtkShortcut *shortcut;

        if (j % 2 && (keys[i].modifiers & GDK_SHIFT_MASK ||
                      g_unichar_isgraph (gdk_keyval_to_unicode (keys[i].keyval))))
          continue;
        if (j % 2)
          modifiers |= GDK_SHIFT_MASK;
        shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, modifiers),
                                     gtk_named_action_new (keys[i].action));
        if (keys[i].args != NULL)
          gtk_shortcut_set_arguments (shortcut, g_variant_new_parsed (keys[i].args));
        gtk_widget_class_add_shortcut (widget_class, shortcut);
        g_object_unref (shortcut);
      }
}
