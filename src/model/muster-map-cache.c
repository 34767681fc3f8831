/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-cache"

#include "config.h"

#include <math.h>

#include "muster-map-cache-private.h"

/*
 * The map painted in layers, the slow ones kept: the ground (table, zones, terrain) and the
 * units (with objectives) each live in an image surface of the viewport's size, painted again
 * only when muster_map_layer_key() says their picture changed or the zoom or rotation did. A
 * pan by whole pixels paints only the strips it uncovers: each surface is a ring, whose origin
 * moves with the pan, so nothing is copied until the layers are composited. The live
 * features (being dragged) and the marks (selection, measuring line, range rings) are painted
 * over the kept layers every frame: they are few.
 *
 * So a frame of a drag costs two copies of the viewport and the dragged features; a frame of a
 * pan two copies and two strips; a change of selection two copies and its outlines.
 *
 * A zoom changes every pixel, and painting a crowded table afresh takes longer than a frame.
 * So while the view is being zoomed (muster_map_cache_set_quick()), the kept layers are shown
 * scaled from where they were painted, nearest pixel, at the cost of a copy; the caller turns
 * quick mode off when the zoom rests, and the next frame paints them sharp.
 *
 * Painting them sharp, or the first picture, still takes longer than a frame on a crowded
 * table. With a budget (muster_map_cache_set_budget()) it is spread over frames in bands of
 * rows, top down: each frame paints the bands it has time for, and the rows to come show the
 * old picture scaled meanwhile. An edit is never spread over frames, so what it changed never
 * shows half done; it is painted only round what changed, on either layer (see
 * muster_map_shown_diff()), unless that is a good part of the view.
 *
 * This file decides what each frame paints; how a layer's picture is kept (a ring, scrolled
 * by moving its origin) is muster-map-ring.c's, and painting in bands on two threads
 * muster-map-bands.c's.
 */

static void
layer_clear (Layer *layer)
{
  g_clear_pointer (&layer->surface, cairo_surface_destroy);
  g_clear_pointer (&layer->spare, cairo_surface_destroy);
  layer->ox = layer->oy = 0;
  layer->valid = FALSE;
  layer->bands_done = BANDS_PER_LAYER;
}

MusterMapCache *
muster_map_cache_new (void)
{
  MusterMapCache *self = g_new0 (MusterMapCache, 1);

  self->layers[0].layer = MUSTER_MAP_LAYER_GROUND;
  self->layers[1].layer = MUSTER_MAP_LAYER_UNITS;
  self->layers[0].bands_done = self->layers[1].bands_done = BANDS_PER_LAYER;
  self->scale = 1;
  self->n_threads = MIN (g_get_num_processors (), 2);
  return self;
}

void
muster_map_cache_free (MusterMapCache *self)
{
  if (self == NULL)
    return;
  layer_clear (&self->layers[0]);
  layer_clear (&self->layers[1]);
  g_clear_pointer (&self->shown[0], muster_map_shown_free);
  g_clear_pointer (&self->shown[1], muster_map_shown_free);
  g_clear_pointer (&self->band_footprints, g_hash_table_unref);
  g_clear_pointer (&self->band_labels, g_hash_table_unref);
  g_clear_pointer (&self->names, g_hash_table_unref);
  g_free (self->side);
  g_free (self);
}

/**
 * muster_map_cache_invalidate:
 * @self: a cache
 *
 * Paints every layer afresh next time: for changes muster_map_layer_key() does not see (a unit
 * renamed in its list).
 */
void
muster_map_cache_invalidate (MusterMapCache *self)
{
  self->layers[0].valid = FALSE;
  self->layers[1].valid = FALSE;
}

/**
 * muster_map_cache_forget:
 * @self: a cache
 *
 * Paints every layer afresh next time, as the first picture of a battlefield is painted: with
 * a budget (muster_map_cache_set_budget()), in bands over frames, over nothing. For changes
 * muster_map_layer_key() does not see, made while the map was not shown: the old picture is
 * not in sight, so nothing need show at once, and nothing of it is kept meanwhile.
 */
void
muster_map_cache_forget (MusterMapCache *self)
{
  muster_map_cache_invalidate (self);
  self->field = NULL;
}

/**
 * muster_map_cache_set_quick:
 * @self: a cache
 * @quick: whether a zoom or rotation may show the kept layers transformed
 *
 * Quick mode is for the frames of a zoom gesture (wheel steps, a pinch): the layers, when
 * their key has not changed, are scaled from the picture already painted instead of painted
 * again (blockier, for a moment). Whole-pixel pans still scroll and edits still paint. Turn it
 * off when the zoom rests and draw again: see muster_map_cache_is_stale().
 */
void
muster_map_cache_set_quick (MusterMapCache *self,
                            gboolean        quick)
{
  self->quick = quick != FALSE;
}

/**
 * muster_map_cache_is_stale:
 * @self: a cache
 *
 * Returns: whether the last frame showed a kept layer transformed: with quick mode off, the
 *   next frame paints it sharp
 */
gboolean
muster_map_cache_is_stale (MusterMapCache *self)
{
  return self->stale;
}

/* What every band of the ground in a frame shares, made once: the terrain names, placed over
 * the whole table. */
static void
share_ground (cairo_t     *cr,
              const Frame *frame)
{
  if (frame->scene->placed_names == NULL)
    frame->scene->placed_names = muster_map_place_terrain_names (cr, frame->viewport,
                                                                 frame->scene, frame->style);
}

/* What every strip of the units layer in a frame shares, made once: the units' footprints and
 * the labels (placed over the whole table, they take a good part of a strip's time). */
static void
share_units (cairo_t     *cr,
             const Frame *frame)
{
  if (frame->scene->footprints == NULL)
    frame->scene->footprints = muster_map_scene_footprints (frame->scene);
  if (frame->scene->placed_labels == NULL)
    frame->scene->placed_labels = muster_map_place_scene_labels (cr, frame->viewport,
                                                                 frame->scene, frame->style);
}

/* What every band of @layer in a frame shares (see share_ground(), share_units()), made once
 * on a context of its surface (for the fonts' options). */
void
_muster_map_cache_share (Layer       *layer,
                         const Frame *frame)
{
  cairo_t *cr = cairo_create (layer->surface);

  if (layer->layer == MUSTER_MAP_LAYER_GROUND)
    share_ground (cr, frame);
  else
    share_units (cr, frame);
  cairo_destroy (cr);
}

/* Paints @area (all when %NULL) of a layer afresh, clearing it first when @clear (the units
 * layer is transparent under them). */
void
_muster_map_cache_draw_area (MusterMapLayers              layer,
                             cairo_t                     *cr,
                             const Frame                 *frame,
                             const cairo_rectangle_int_t *area,
                             gboolean                     clear)
{
  if (clear)
    {
      cairo_save (cr);
      if (area != NULL)
        {
          cairo_rectangle (cr, area->x, area->y, area->width, area->height);
          cairo_clip (cr);
        }
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_restore (cr);
    }
  if (layer == MUSTER_MAP_LAYER_UNITS)
    share_units (cr, frame);
  muster_map_paint_layers (cr, frame->viewport, frame->scene, frame->style, layer, area);
}

gboolean
_muster_map_cache_needs_clear (const Layer *layer)
{
  return layer->layer == MUSTER_MAP_LAYER_UNITS && !layer->blank;
}

/* Starts painting @layer afresh in bands under the viewport's @matrix: a new surface, filled
 * with what the layer showed (with @keep), transformed, or with nothing (the ground's
 * background), for the bands to come to paint over. Transformed once here, the old picture
 * costs the next frames only a copy. */
static void
start_bands (MusterMapCache       *self,
             Layer                *layer,
             const MusterMapStyle *style,
             const cairo_matrix_t *matrix,
             gboolean              keep)
{
  cairo_surface_t *fresh;
  cairo_t *cr;

  if (keep)
    _muster_map_cache_unwrap (self, layer);
  fresh = _muster_map_cache_take_spare (self, layer);
  cr = cairo_create (fresh);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  if (layer->layer == MUSTER_MAP_LAYER_GROUND)
    cairo_set_source_rgba (cr, style->background[0], style->background[1],
                           style->background[2], style->background[3]);
  else
    cairo_set_source_rgba (cr, 0, 0, 0, 0);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  if (keep)
    _muster_map_cache_paint_transformed (cr, layer->surface, &layer->matrix, matrix);
  cairo_destroy (cr);
  if (cairo_image_surface_get_width (layer->surface) == self->pixel_width &&
      cairo_image_surface_get_height (layer->surface) == self->pixel_height)
    layer->spare = layer->surface;
  else
    cairo_surface_destroy (layer->surface);   /* of the size before a resize */
  layer->surface = fresh;
  layer->blank = FALSE;
  layer->scaled = keep;
  layer->ox = layer->oy = 0;
  layer->bands_done = 0;
}

/* Past this part of the view, painting a layer whole is as quick as painting what changed. */
#define DIRTY_MAX 0.4

/* Whether @layer can be painted again only where an edit changed it: it is whole, and as
 * painted under @matrix, and the cache knows what it shows. */
static gboolean
can_repaint_changed (MusterMapCache       *self,
                     const Layer          *layer,
                     const cairo_matrix_t *matrix)
{
  return layer->valid && self->shown[layer_index (self, layer)] != NULL &&
         layer->bands_done == BANDS_PER_LAYER && layer_is_current (layer, matrix);
}

/* Paints again only where an edit changed @layer (see muster_map_shown_diff()), when the
 * cache can tell where that is and it is small: a few features moved, added or removed need
 * not cost the whole layer. The layer must be whole and current (see can_repaint_changed()).
 * Returns: whether it did */
gboolean
_muster_map_cache_repaint_changed (MusterMapCache *self,
                                   Layer          *layer,
                                   const Frame    *frame)
{
  guint i = layer_index (self, layer);
  const cairo_matrix_t *matrix = frame->matrix;
  cairo_rectangle_int_t view = { 0, 0, (int) ceil (self->pixel_width / self->scale),
                                 (int) ceil (self->pixel_height / self->scale) };
  GHashTable *labels;
  cairo_region_t *dirty;
  guint64 area = 0;

  _muster_map_cache_share (layer, frame);
  labels = layer->layer == MUSTER_MAP_LAYER_GROUND ? frame->scene->placed_names
                                                   : frame->scene->placed_labels;
  dirty = muster_map_shown_diff (self->shown[i], frame->scene, labels, matrix, frame->context[i]);
  if (dirty == NULL)
    return FALSE;
  cairo_region_intersect_rectangle (dirty, &view);
  for (int k = 0; k < cairo_region_num_rectangles (dirty); k++)
    {
      cairo_rectangle_int_t rect;

      cairo_region_get_rectangle (dirty, k, &rect);
      area += (guint64) rect.width * rect.height;
    }
  if (area > DIRTY_MAX * view.width * view.height)
    {
      cairo_region_destroy (dirty);
      return FALSE;
    }
  _muster_map_cache_paint_ring_region (self, layer, frame, dirty);
  cairo_region_destroy (dirty);
  muster_map_shown_free (self->shown[i]);
  self->shown[i] = muster_map_shown_new (frame->scene, layer->layer, labels, matrix,
                                         frame->context[i]);
  return TRUE;
}

static void
paint_area (Layer                       *layer,
            cairo_t                     *cr,
            const Frame                 *frame,
            const cairo_rectangle_int_t *area)
{
  _muster_map_cache_draw_area (layer->layer, cr, frame, area,
                               _muster_map_cache_needs_clear (layer));
  layer->blank = FALSE;
}

/* Paints the whole of @layer afresh. */
void
_muster_map_cache_paint_whole (Layer       *layer,
                               const Frame *frame)
{
  cairo_t *cr = cairo_create (layer->surface);

  layer->ox = layer->oy = 0;
  paint_area (layer, cr, frame, NULL);
  cairo_destroy (cr);
}

/**
 * muster_map_cache_set_budget:
 * @self: a cache
 * @ms: how long, in milliseconds, a frame may spend painting a new view of the kept layers;
 *   0 (the default) paints it whole in one frame
 *
 * A new view of a crowded table (the first picture, a zoom come to rest, a new size) can take
 * longer to paint than a frame lasts. With a budget, it is painted in bands of rows, top down, over as
 * many frames as the budget asks: the rows to come show the old view scaled (or, in the first
 * picture, the background), and each frame stays short. The caller draws again while
 * muster_map_cache_is_pending() says so. Edits are still painted in the frame they are made:
 * showing what they changed half done would mislead.
 */
void
muster_map_cache_set_budget (MusterMapCache *self,
                             double          ms)
{
  g_return_if_fail (ms >= 0);
  self->budget = (gint64) (ms * 1000);
}

/**
 * muster_map_cache_is_pending:
 * @self: a cache
 *
 * Returns: whether a kept layer is painted only in part, its other bands to come in the next
 *   frames: see muster_map_cache_set_budget()
 */
gboolean
muster_map_cache_is_pending (MusterMapCache *self)
{
  /* (in quick mode, nothing is painted till the zoom rests) */
  return !self->quick && (self->layers[0].bands_done < BANDS_PER_LAYER ||
                          self->layers[1].bands_done < BANDS_PER_LAYER);
}

/**
 * muster_map_cache_set_threads:
 * @self: a cache
 * @n_threads: 1 to paint on the calling thread only; 2 (the default on a machine with two
 *   cores or more) to share the bands of the layers painted whole with a second thread
 *
 * The picture is the same either way.
 */
void
muster_map_cache_set_threads (MusterMapCache *self,
                              guint           n_threads)
{
  g_return_if_fail (n_threads >= 1);
  self->n_threads = n_threads;
}

/**
 * muster_map_cache_get_threads_used:
 * @self: a cache
 *
 * Returns: how many threads painted the kept layers in the last frame (1 when none was
 *   painted whole, nor in bands)
 */
guint
muster_map_cache_get_threads_used (MusterMapCache *self)
{
  return self->threads_used;
}

/**
 * muster_map_cache_paint:
 * @self: a cache
 * @cr: where to paint, in widget pixels
 * @viewport: the view, as for muster_map_paint()
 * @scene: what to show
 * @style: the colours
 * @scale: device pixels per widget pixel (2 on a HiDPI screen)
 * @scrolled: (out) (optional): the kept layers moved with only a strip painted
 *
 * Paints what muster_map_paint() paints, keeping the ground and units layers between calls.
 *
 * Returns: the kept layers painted afresh, whole or (see muster_map_cache_set_budget()) in
 *   part
 */
MusterMapLayers
muster_map_cache_paint (MusterMapCache       *self,
                        cairo_t              *cr,
                        MusterViewport       *viewport,
                        const MusterMapScene *scene,
                        const MusterMapStyle *style,
                        double                scale,
                        MusterMapLayers      *scrolled)
{
  int pixel_width = (int) ceil (muster_viewport_get_width (viewport) * scale);
  int pixel_height = (int) ceil (muster_viewport_get_height (viewport) * scale);
  MusterMapLayers repainted = 0, moved = 0;
  PaintMode paint[2] = { PAINT_NONE, PAINT_NONE };
  MusterMapScene shared;
  cairo_matrix_t matrix;
  Frame frame = { viewport, &shared, style, &matrix, { 0, 0 } };
  gboolean first, resized, narrowed, edited = FALSE;
  int bands_before[2];
  guint64 keys[2], features[2];
  gint64 start = g_get_monotonic_time ();

  g_return_val_if_fail (scene != NULL && scene->battlefield != NULL && scale > 0, 0);
  shared = *scene;

  if (scrolled != NULL)
    *scrolled = 0;
  if (pixel_width <= 0 || pixel_height <= 0)
    return 0;
  resized = pixel_width != self->pixel_width || pixel_height != self->pixel_height ||
            scale != self->scale;
  if (resized)
    {
      /* with a budget, the pictures of the old size are kept, to show transformed in the new
       * surfaces till the bands come (see start_bands()); else painted afresh */
      for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
        {
          Layer *layer = &self->layers[i];

          if (self->budget > 0 && layer->surface != NULL)
            {
              _muster_map_cache_unwrap (self, layer);
              g_clear_pointer (&layer->spare, cairo_surface_destroy);
            }
          else
            layer_clear (layer);
        }
      self->pixel_width = pixel_width;
      self->pixel_height = pixel_height;
      self->scale = scale;
    }
  /* the first picture of a battlefield may come in bands over the background */
  first = scene->battlefield != self->field;
  self->field = scene->battlefield;

  muster_viewport_get_matrix (viewport, &matrix);
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    {
      keys[i] = muster_map_layer_keys (scene, style, self->layers[i].layer, &frame.context[i],
                                       &features[i]);
      /* (an edit may change the other layer's context: a unit of a new side, its colour) */
      edited |= self->layers[i].valid && self->layers[i].features != features[i];
    }
  /* the old picture shows what this audience may not see: the umpire's layer, or another
   * side's hidden units */
  narrowed = (self->umpire && !scene->show_umpire) ||
             (!self->umpire && !scene->show_umpire && self->side != NULL &&
              g_strcmp0 (self->side, scene->side) != 0);
  self->umpire = scene->show_umpire;
  g_free (self->side);
  self->side = g_strdup (scene->side);
  self->stale = FALSE;
  /* the units layer's next bands, its picture unchanged: its footprints and labels as made */
  if (self->band_labels != NULL && scene->placed_labels == NULL && scene->footprints == NULL &&
      self->layers[1].bands_done < BANDS_PER_LAYER && self->layers[1].valid &&
      layer_is_current (&self->layers[1], &matrix) && self->layers[1].key == keys[1])
    {
      shared.placed_labels = g_hash_table_ref (self->band_labels);
      shared.footprints = g_hash_table_ref (self->band_footprints);
    }
  g_clear_pointer (&self->band_footprints, g_hash_table_unref);
  g_clear_pointer (&self->band_labels, g_hash_table_unref);
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    {
      Layer *layer = &self->layers[i];
      guint64 key = keys[i];
      gboolean same = layer->valid && layer->key == key, scrolls;
      int dx, dy;

      if (resized && !(self->budget > 0 && same))
        {
          /* no old picture to show: painted afresh */
          layer_clear (layer);
          same = FALSE;
        }
      if (layer->surface == NULL)
        {
          layer->surface = _muster_map_cache_new_surface (self, layer);
          layer->blank = TRUE;
        }
      /* (a picture of another size cannot be scrolled) */
      scrolls = same && !resized &&
                _muster_map_cache_is_scroll (self, &layer->matrix, &matrix, &dx, &dy);
      if (scrolls && (layer->bands_done == BANDS_PER_LAYER || (dx == 0 && dy == 0)))
        {
          /* (a layer painted in part is not scrolled: its ring never wraps; it is painted
           * whole, below, a frame longer than the others but only once) */
          if (dx != 0 || dy != 0)
            {
              _muster_map_cache_scroll (self, layer, &frame, dx, dy);
              moved |= layer->layer;
            }
        }
      else if (same && self->quick && !resized)
        {
          /* shown transformed below; the picture (with the bands to come, if any, still
           * scaled) and its matrix are kept as painted */
          _muster_map_cache_unwrap (self, layer);
          self->stale = TRUE;
          continue;
        }
      else if (!same && !edited && self->budget > 0 && layer->valid && !resized &&
               layer_is_current (layer, &matrix))
        {
          /* the same features another way (a theme, an audience): in bands, like a new view;
           * the old picture meanwhile, unless this audience may not see all it shows. (An
           * edit is painted at once, whole or round what it changed.) */
          start_bands (self, layer, style, &matrix, !narrowed);
          paint[i] = PAINT_BANDS;
        }
      else if (!same && can_repaint_changed (self, layer, &matrix))
        {
          /* below (the units' while the ground is painted, if it is) */
          paint[i] = PAINT_CHANGED;
          repainted |= layer->layer;
        }
      else if (self->budget > 0 && (same || first) && !scrolls)
        {
          /* (after a resize, the layer's picture is of the old size: transformed, it fills a
           * new surface) */
          /* a new view of the same picture: sharp over the next frames, scaled meanwhile */
          start_bands (self, layer, style, &matrix, same);
          paint[i] = PAINT_BANDS;
        }
      else
        {
          paint[i] = PAINT_WHOLE;
          repainted |= layer->layer;
        }
      layer->valid = TRUE;
      layer->key = key;
      layer->features = features[i];
      layer->matrix = matrix;
    }
  /* bands to come of a layer whose view has not changed */
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    if (paint[i] == PAINT_NONE && self->layers[i].bands_done < BANDS_PER_LAYER &&
        layer_is_current (&self->layers[i], &matrix))
      paint[i] = PAINT_BANDS;
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    bands_before[i] = paint[i] == PAINT_BANDS ? self->layers[i].bands_done : BANDS_PER_LAYER;
  /* what is left of the budget once compositing (as long as last time) is put by */
  _muster_map_cache_paint_layers (self, &frame, paint, self->budget > 0
                                  ? start + MAX (self->budget - self->composite_us, 1) : 0);
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    if (self->layers[i].bands_done > bands_before[i])
      repainted |= self->layers[i].layer;
  /* a layer painted afresh, or begun: what it shows, for the next edit */
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    if (paint[i] == PAINT_WHOLE || (paint[i] == PAINT_BANDS && bands_before[i] == 0))
      {
        MusterMapLayers layer = self->layers[i].layer;
        GHashTable *labels = i == 0 ? shared.placed_names : shared.placed_labels;

        muster_map_shown_free (self->shown[i]);
        self->shown[i] = NULL;
        /* (no names placed when a layer shows none) */
        if (labels != NULL)
          self->shown[i] = muster_map_shown_new (&shared, layer, labels, &matrix,
                                                 frame.context[i]);
        if (i == 1)
          {
            g_clear_pointer (&self->names, g_hash_table_unref);
            self->names = labels != NULL ? g_hash_table_ref (labels) : NULL;
            self->names_matrix = matrix;
          }
      }
  start = g_get_monotonic_time ();
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    self->stale |= self->layers[i].bands_done < BANDS_PER_LAYER && self->layers[i].scaled;

  cairo_save (cr);
  if (!layer_is_current (&self->layers[0], &matrix))
    {
      /* scaled, it may not reach the edges */
      cairo_set_source_rgba (cr, style->background[0], style->background[1],
                             style->background[2], style->background[3]);
      cairo_paint (cr);
    }
  _muster_map_cache_composite_layer (self, cr, &self->layers[0], &matrix);
  if (scene->live != NULL && g_hash_table_size (scene->live) > 0)
    muster_map_paint_layers (cr, viewport, scene, style, MUSTER_MAP_LAYER_LIVE_GROUND, NULL);
  _muster_map_cache_composite_layer (self, cr, &self->layers[1], &matrix);
  cairo_restore (cr);
  {
    MusterMapScene marks = *scene;

    /* the names the units layer shows, for the legend and the rings' chances to keep clear
     * of: placed for this very view (a scrolled picture's are elsewhere now) */
    if (marks.placed_labels == NULL &&
        memcmp (&self->names_matrix, &matrix, sizeof matrix) == 0)
      marks.placed_labels = self->names;
    muster_map_paint_layers (cr, viewport, &marks, style,
                             MUSTER_MAP_LAYER_LIVE_UNITS | MUSTER_MAP_LAYER_MARKS, NULL);
  }
  self->composite_us = g_get_monotonic_time () - start;
  if (self->layers[1].bands_done < BANDS_PER_LAYER && shared.placed_labels != NULL &&
      shared.footprints != NULL)
    {
      self->band_labels = g_hash_table_ref (shared.placed_labels);
      self->band_footprints = g_hash_table_ref (shared.footprints);
    }
  if (shared.placed_labels != scene->placed_labels)
    g_hash_table_unref (shared.placed_labels);
  if (shared.placed_names != scene->placed_names)
    g_hash_table_unref (shared.placed_names);
  if (shared.footprints != scene->footprints)
    g_hash_table_unref (shared.footprints);
  if (scrolled != NULL)
    *scrolled = moved;
  return repainted;
}
