/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-view"

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "muster-map-view-private.h"

/*
 * The map view's drawing and view of the table: the snapshot paints the battlefield through
 * the map cache, which comes in bands over frames when a crowded table needs it, with the
 * outline being drawn on top; and the view fits, zooms and turns, showing the cached map
 * scaled while a zoom goes on.
 */

#define ZOOM_REST_MS   150      /* no zoom step for this long: paint the map sharp again */

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

void
_muster_map_view_snapshot (GtkWidget   *widget,
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
  scene.tint = self->tint;
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
void
_muster_map_view_zooming (MusterMapView *self)
{
  muster_map_cache_set_quick (self->cache, TRUE);
  g_clear_handle_id (&self->zoom_rest_id, g_source_remove);
  self->zoom_rest_id = g_timeout_add (ZOOM_REST_MS, zoom_rested_cb, self);
}

void
muster_map_view_zoom_by (MusterMapView *self,
                         double         factor)
{
  _muster_map_view_zooming (self);
  muster_viewport_zoom_at (self->viewport, muster_viewport_get_zoom (self->viewport) * factor,
                           muster_viewport_get_width (self->viewport) / 2.0,
                           muster_viewport_get_height (self->viewport) / 2.0);
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
  _muster_map_view_zooming (self);
  muster_viewport_rotate_at (self->viewport, muster_viewport_get_rotation (self->viewport) + angle,
                             muster_viewport_get_width (self->viewport) / 2.0,
                             muster_viewport_get_height (self->viewport) / 2.0);
  if (whole)
    muster_viewport_fit_box (self->viewport, table, 32);
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
