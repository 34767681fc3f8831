/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-cache"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-map-cache.h"
#include "muster-map-shown.h"

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
 */

/* What a layer is cut into when both threads paint it, or when it is painted over frames. */
#define BANDS_PER_LAYER 8

typedef struct
{
  MusterMapLayers  layer;
  cairo_surface_t *surface;   /* nullable */
  cairo_surface_t *spare;     /* nullable: for putting the ring back in order */
  int              ox, oy;    /* the ring's origin, device px: see paint_ring_area() */
  gboolean         valid;
  gboolean         blank;     /* the surface is new: transparent, nothing to clear */
  guint64          key;
  guint64          features;  /* the part of the key that is not the context */
  cairo_matrix_t   matrix;    /* the viewport's when painted */
  int              bands_done;   /* the first bands painted, the others still to come */
  gboolean         scaled;       /* the bands to come show the old picture scaled */
} Layer;

typedef enum
{
  PAINT_NONE,
  PAINT_WHOLE,   /* in this frame */
  PAINT_BANDS,   /* the next bands, over as many frames as the budget asks */
  PAINT_CHANGED, /* round what an edit changed, else whole */
} PaintMode;

/* What one call paints. */
typedef struct
{
  MusterViewport       *viewport;
  MusterMapScene       *scene;   /* the caller's, with the labels placed once for all areas */
  const MusterMapStyle *style;
  const cairo_matrix_t *matrix;   /* the viewport's */
  guint64               context[2];  /* the layers' context keys, for PAINT_CHANGED */
} Frame;

struct _MusterMapCache
{
  Layer    layers[2];
  int      pixel_width, pixel_height;
  double   scale;
  gboolean quick;   /* a new zoom or rotation shows the kept layers transformed */
  gboolean stale;   /* the last frame did */
  guint    n_threads;     /* at most this many paint the layers */
  guint    threads_used;  /* in the last frame */
  gint64   budget;        /* µs of painting a frame may spend; 0: no limit */
  gint64   band_us[2][BANDS_PER_LAYER];   /* what each band took when last painted; 0: unknown */
  gint64   composite_us;  /* what compositing took in the last frame */
  MusterMapShown *shown[2];   /* (nullable): what each layer shows, for painting edits */
  /* the units' footprints and labels, kept while the units layer comes in bands */
  GHashTable     *band_footprints;   /* (nullable) */
  GHashTable     *band_labels;       /* (nullable) */
  MusterBattlefield *field;   /* (unowned) the last picture's, compared only */
  gboolean           umpire;  /* the last picture's audience */
  char              *side;
};

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

/* The ground is opaque: without alpha it is copied at a third of the cost. */
static cairo_surface_t *
new_surface (MusterMapCache *self,
             Layer          *layer)
{
  cairo_surface_t *surface = cairo_image_surface_create (layer->layer == MUSTER_MAP_LAYER_GROUND
                                                         ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                         self->pixel_width, self->pixel_height);

  cairo_surface_set_device_scale (surface, self->scale, self->scale);
  return surface;
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

/* Paints @area (all when %NULL) of a layer afresh, clearing it first when @clear (the units
 * layer is transparent under them). */
static void
draw_area (MusterMapLayers              layer,
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

static gboolean
needs_clear (const Layer *layer)
{
  return layer->layer == MUSTER_MAP_LAYER_UNITS && !layer->blank;
}

static void
paint_area (Layer                       *layer,
            cairo_t                     *cr,
            const Frame                 *frame,
            const cairo_rectangle_int_t *area)
{
  draw_area (layer->layer, cr, frame, area, needs_clear (layer));
  layer->blank = FALSE;
}

/* How far past an area's sides it is painted, px. Cairo clips a shape's edges to the clip's
 * extents, rounding where they cross its sides: the pixels within a few of a side that an edge
 * crosses may come out a step lighter or darker than when painted whole (top and bottom, where
 * only the edges' ends move, are exact; so the bands of rows agree). */
#define AREA_PAD_PX 8

/* @area with AREA_PAD_PX round it, within the view; with @pad FALSE, the other way. */
static cairo_rectangle_int_t
pad_in_view (MusterMapCache              *self,
             const cairo_rectangle_int_t *area,
             gboolean                     pad)
{
  int view_width = (int) ceil (self->pixel_width / self->scale);
  int view_height = (int) ceil (self->pixel_height / self->scale);
  int by = pad ? AREA_PAD_PX : -AREA_PAD_PX;
  /* (a side at the view's edge stays there: a whole repaint is cut there too) */
  int x0 = area->x <= 0 ? 0 : MAX (area->x - by, 0);
  int y0 = area->y <= 0 ? 0 : MAX (area->y - by, 0);
  int x1 = area->x + area->width >= view_width ? view_width
           : MIN (area->x + area->width + by, view_width);
  int y1 = area->y + area->height >= view_height ? view_height
           : MIN (area->y + area->height + by, view_height);

  return (cairo_rectangle_int_t) { x0, y0, MAX (x1 - x0, 0), MAX (y1 - y0, 0) };
}

/* Paints @padded (widget px of the view) of @layer on a surface of its own and copies the part
 * of it in @area into the layer's ring: where the view's pixel (x, y) is kept at
 * ((x + ox) mod width, (y + oy) mod height), in up to four pieces. */
static void
paint_ring_padded (MusterMapCache              *self,
                   Layer                       *layer,
                   const Frame                 *frame,
                   const cairo_rectangle_int_t *padded,
                   const cairo_rectangle_int_t *area)
{
  cairo_surface_t *scratch;
  cairo_t *cr;

  if (area->width <= 0 || area->height <= 0)
    return;
  scratch = cairo_image_surface_create (cairo_image_surface_get_format (layer->surface),
                                        (int) ceil (padded->width * self->scale),
                                        (int) ceil (padded->height * self->scale));
  cairo_surface_set_device_scale (scratch, self->scale, self->scale);
  cr = cairo_create (scratch);
  cairo_translate (cr, -padded->x, -padded->y);
  /* (new, the surface is transparent: nothing to clear) */
  draw_area (layer->layer, cr, frame, padded, FALSE);
  cairo_destroy (cr);
  layer->blank = FALSE;

  for (int ky = 0; ky < 2; ky++)
    for (int kx = 0; kx < 2; kx++)
      {
        /* where the area lands with this wrap, in device px */
        int tx = layer->ox - kx * self->pixel_width, ty = layer->oy - ky * self->pixel_height;
        /* the part of the area kept inside the surface with this wrap, widget px, rounded
         * outwards (past the surface's edge, where nothing is drawn) */
        int x0 = MAX (area->x, (int) floor (-tx / self->scale));
        int y0 = MAX (area->y, (int) floor (-ty / self->scale));
        int x1 = MIN (area->x + area->width, (int) ceil ((self->pixel_width - tx) / self->scale));
        int y1 = MIN (area->y + area->height, (int) ceil ((self->pixel_height - ty) / self->scale));

        if (x0 >= x1 || y0 >= y1)
          continue;
        cr = cairo_create (layer->surface);
        cairo_translate (cr, tx / self->scale, ty / self->scale);
        cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
        cairo_clip (cr);
        cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
        cairo_set_source_surface (cr, scratch, padded->x, padded->y);
        cairo_paint (cr);
        cairo_destroy (cr);
      }
  cairo_surface_destroy (scratch);
}

/* Paints @area (widget px of the view) of @layer into its ring: painted with AREA_PAD_PX round
 * it, so that it holds the very pixels a whole repaint would. */
static void
paint_ring_area (MusterMapCache              *self,
                 Layer                       *layer,
                 const Frame                 *frame,
                 const cairo_rectangle_int_t *area)
{
  cairo_rectangle_int_t padded = pad_in_view (self, area, TRUE);

  paint_ring_padded (self, layer, frame, &padded, area);
}

/* Paints @dirty (widget px of the view) of @layer into its ring: its rectangles padded, those
 * that then meet merged, each painted once (what lies between them is painted as it is). */
static void
paint_ring_region (MusterMapCache       *self,
                   Layer                *layer,
                   const Frame          *frame,
                   const cairo_region_t *dirty)
{
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_int_t));
  gboolean merged = TRUE;

  for (int k = 0; k < cairo_region_num_rectangles (dirty); k++)
    {
      cairo_rectangle_int_t rect, padded;

      cairo_region_get_rectangle (dirty, k, &rect);
      padded = pad_in_view (self, &rect, TRUE);
      g_array_append_val (boxes, padded);
    }
  while (merged)
    {
      merged = FALSE;
      for (guint a = 0; a < boxes->len && !merged; a++)
        for (guint b = a + 1; b < boxes->len && !merged; b++)
          {
            cairo_rectangle_int_t *p = &g_array_index (boxes, cairo_rectangle_int_t, a);
            const cairo_rectangle_int_t *q = &g_array_index (boxes, cairo_rectangle_int_t, b);
            int x0 = MIN (p->x, q->x), y0 = MIN (p->y, q->y);
            int x1 = MAX (p->x + p->width, q->x + q->width);
            int y1 = MAX (p->y + p->height, q->y + q->height);

            if (p->x >= q->x + q->width || q->x >= p->x + p->width ||
                p->y >= q->y + q->height || q->y >= p->y + p->height)
              continue;
            *p = (cairo_rectangle_int_t) { x0, y0, x1 - x0, y1 - y0 };
            g_array_remove_index_fast (boxes, b);
            merged = TRUE;
          }
    }
  for (guint k = 0; k < boxes->len; k++)
    {
      const cairo_rectangle_int_t *padded = &g_array_index (boxes, cairo_rectangle_int_t, k);
      /* (what is AREA_PAD_PX inside the padded box holds every pixel of @dirty it covers) */
      cairo_rectangle_int_t area = pad_in_view (self, padded, FALSE);

      paint_ring_padded (self, layer, frame, padded, &area);
    }
}

/* Moves the kept picture by (@dx, @dy) device pixels and paints the strips it uncovers. The
 * picture is not copied: its ring's origin moves, and the strips are painted where the ring
 * keeps them. */
static void
scroll (MusterMapCache *self,
        Layer          *layer,
        const Frame    *frame,
        int             dx,
        int             dy)
{
  int width = muster_viewport_get_width (frame->viewport);
  int height = muster_viewport_get_height (frame->viewport);
  /* the uncovered strips in widget px, rounded outwards: painting a pixel twice is harmless */
  int sx = (int) ceil (abs (dx) / self->scale);
  int sy = (int) ceil (abs (dy) / self->scale);
  cairo_rectangle_int_t strips[2] = {
    { dx > 0 ? 0 : width - sx, 0, sx, height },
    { 0, dy > 0 ? 0 : height - sy, width, sy },
  };

  layer->ox = ((layer->ox - dx) % self->pixel_width + self->pixel_width) % self->pixel_width;
  layer->oy = ((layer->oy - dy) % self->pixel_height + self->pixel_height) % self->pixel_height;
  for (guint i = 0; i < G_N_ELEMENTS (strips); i++)
    if (strips[i].width > 0 && strips[i].height > 0)
      paint_ring_area (self, layer, frame, &strips[i]);
}

/* Puts @layer's ring back in order (origin 0, 0): for a picture to be transformed. */
static void
unwrap (MusterMapCache *self,
        Layer          *layer)
{
  cairo_surface_t *ordered;
  cairo_t *cr;

  if (layer->ox == 0 && layer->oy == 0)
    return;
  if (layer->spare == NULL)
    layer->spare = new_surface (self, layer);
  cr = cairo_create (layer->spare);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_surface (cr, layer->surface, -layer->ox / self->scale, -layer->oy / self->scale);
  cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_REPEAT);
  cairo_paint (cr);
  cairo_destroy (cr);
  ordered = layer->spare;
  layer->spare = layer->surface;
  layer->surface = ordered;
  layer->ox = layer->oy = 0;
}

/* Whether @b is @a moved by whole device pixels, less than the surface across; and by how many. */
static gboolean
is_scroll (MusterMapCache       *self,
           const cairo_matrix_t *a,
           const cairo_matrix_t *b,
           int                  *dx,
           int                  *dy)
{
  double x = (b->x0 - a->x0) * self->scale;
  double y = (b->y0 - a->y0) * self->scale;

  if (a->xx != b->xx || a->yx != b->yx || a->xy != b->xy || a->yy != b->yy ||
      fabs (x - round (x)) > 1e-6 || fabs (y - round (y)) > 1e-6 ||
      fabs (x) >= self->pixel_width || fabs (y) >= self->pixel_height)
    return FALSE;
  *dx = (int) round (x);
  *dy = (int) round (y);
  return TRUE;
}

static gboolean
layer_is_current (const Layer          *layer,
                  const cairo_matrix_t *matrix)
{
  return memcmp (&layer->matrix, matrix, sizeof *matrix) == 0;
}

/* Paints @surface, painted under the viewport's @painted matrix, where the viewport's @matrix
 * now puts it. */
static void
paint_transformed (cairo_t              *cr,
                   cairo_surface_t      *surface,
                   const cairo_matrix_t *painted,
                   const cairo_matrix_t *matrix)
{
  cairo_matrix_t to_old;

  cairo_set_source_surface (cr, surface, 0, 0);
  /* from widget px now to the table, then to widget px when the layer was painted */
  to_old = *matrix;
  if (cairo_matrix_invert (&to_old) == CAIRO_STATUS_SUCCESS)
    {
      cairo_matrix_multiply (&to_old, &to_old, painted);
      cairo_pattern_set_matrix (cairo_get_source (cr), &to_old);
    }
  /* nearest pixel: a tenth of a bilinear filter's time, and only until the zoom rests */
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_FAST);
  cairo_paint (cr);
}

/* Paints @layer's picture where the viewport's @matrix now puts it: a current ring in up to four
 * plain copies (a repeating pattern would cost pixman several times as much), a stale picture
 * transformed. (A layer painted in bands holds its old picture, scaled, in the rows to come.) */
static void
composite_layer (MusterMapCache       *self,
                 cairo_t              *cr,
                 const Layer          *layer,
                 const cairo_matrix_t *matrix)
{
  if (!layer_is_current (layer, matrix))
    {
      g_warn_if_fail (layer->ox == 0 && layer->oy == 0);   /* unwrap() first */
      paint_transformed (cr, layer->surface, &layer->matrix, matrix);
      return;
    }
  for (int ky = 0; ky < 2; ky++)
    for (int kx = 0; kx < 2; kx++)
      {
        /* the view's pixels kept at (x + tx, y + ty) with this wrap, device px */
        int tx = layer->ox - kx * self->pixel_width, ty = layer->oy - ky * self->pixel_height;
        int x0 = MAX (-tx, 0), y0 = MAX (-ty, 0);
        int x1 = MIN (self->pixel_width - tx, self->pixel_width);
        int y1 = MIN (self->pixel_height - ty, self->pixel_height);

        if (x0 >= x1 || y0 >= y1)
          continue;
        cairo_save (cr);
        cairo_rectangle (cr, x0 / self->scale, y0 / self->scale,
                         (x1 - x0) / self->scale, (y1 - y0) / self->scale);
        cairo_clip (cr);
        cairo_set_source_surface (cr, layer->surface, -tx / self->scale, -ty / self->scale);
        cairo_paint (cr);
        cairo_restore (cr);
      }
}

/* A surface for @layer that is not in use. */
static cairo_surface_t *
take_spare (MusterMapCache *self,
            Layer          *layer)
{
  cairo_surface_t *surface = g_steal_pointer (&layer->spare);

  return surface != NULL ? surface : new_surface (self, layer);
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
    unwrap (self, layer);
  fresh = take_spare (self, layer);
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
    paint_transformed (cr, layer->surface, &layer->matrix, matrix);
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
  return layer->valid && self->shown[layer == &self->layers[0] ? 0 : 1] != NULL &&
         layer->bands_done == BANDS_PER_LAYER && layer_is_current (layer, matrix);
}

/* Paints again only where an edit changed @layer (see muster_map_shown_diff()), when the
 * cache can tell where that is and it is small: a few features moved, added or removed need
 * not cost the whole layer. The layer must be whole and current (see can_repaint_changed()).
 * Returns: whether it did */
static gboolean
repaint_changed (MusterMapCache *self,
                 Layer          *layer,
                 const Frame    *frame)
{
  guint i = layer == &self->layers[0] ? 0 : 1;
  const cairo_matrix_t *matrix = frame->matrix;
  cairo_rectangle_int_t view = { 0, 0, (int) ceil (self->pixel_width / self->scale),
                                 (int) ceil (self->pixel_height / self->scale) };
  GHashTable *labels;
  cairo_region_t *dirty;
  guint64 area = 0;
  cairo_t *cr;

  cr = cairo_create (layer->surface);
  if (layer->layer == MUSTER_MAP_LAYER_GROUND)
    share_ground (cr, frame);
  else
    share_units (cr, frame);
  cairo_destroy (cr);
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
  paint_ring_region (self, layer, frame, dirty);
  cairo_region_destroy (dirty);
  muster_map_shown_free (self->shown[i]);
  self->shown[i] = muster_map_shown_new (frame->scene, layer->layer, labels, matrix,
                                         frame->context[i]);
  return TRUE;
}

/* Paints the whole of @layer afresh. */
static void
paint_whole (Layer       *layer,
             const Frame *frame)
{
  cairo_t *cr = cairo_create (layer->surface);

  layer->ox = layer->oy = 0;
  paint_area (layer, cr, frame, NULL);
  cairo_destroy (cr);
}

/*
 * When a kept layer is painted whole (the first frame, a zoom come to rest, an edit), two
 * threads share the work: each layer is cut into bands of rows, and this thread and a second,
 * kept one take the bands in turn until none is left, so they finish together whatever the
 * layers cost. Each band is drawn through a cairo surface of its own over the layer's rows, so
 * no cairo object is drawn on from two threads. The units' footprints and labels
 * (#MusterMapScene.footprints, .placed_labels), which only the units layer reads, are made by
 * this thread while the other starts on the ground; the units' bands wait for them. The
 * terrain names (.placed_names), which the ground's bands read, are placed before any band is
 * begun. What else both read (the battlefield, the scene) is not written while they paint, and
 * the painter queries the spatial index under a lock. The second thread is the process's, kept, so its
 * label layouts stay laid out (see muster_map_label_context()).
 */
typedef struct
{
  Layer   *layer;
  int      index;    /* of the layer's bands, top down */
  int      y0, y1;   /* widget px */
  gboolean clear;
} Band;

typedef struct
{
  MusterMapCache *self;
  const Frame    *frame;
  Band            bands[2 * BANDS_PER_LAYER];
  guint           n_bands;
  guint           n_required;    /* the bands before this are painted whatever the time */
  gint64          deadline;      /* µs, monotonic, for the bands after the required ones; 0: none */
  gint64          longest;       /* µs: the slowest band yet in this frame */
  GMutex          mutex;
  GCond           cond;
  guint           next;          /* the next band to take */
  gboolean        shared;        /* share_units() is done */
  guint           n_done;
  gboolean        joined;        /* the other thread is done with this */
} Work;

/* Paints @band of its layer through a surface over the layer's rows. */
static void
paint_band (MusterMapCache *self,
            const Frame    *frame,
            const Band     *band)
{
  Layer *layer = band->layer;
  int stride = cairo_image_surface_get_stride (layer->surface);
  int r0 = (int) lround (band->y0 * self->scale);
  int r1 = MIN ((int) lround (band->y1 * self->scale), self->pixel_height);
  cairo_rectangle_int_t area = { 0, band->y0, (int) ceil (self->pixel_width / self->scale),
                                 band->y1 - band->y0 };
  cairo_surface_t *rows;
  cairo_t *cr;

  if (r0 >= r1)
    return;
  rows = cairo_image_surface_create_for_data (cairo_image_surface_get_data (layer->surface) +
                                              (gsize) r0 * stride,
                                              cairo_image_surface_get_format (layer->surface),
                                              self->pixel_width, r1 - r0, stride);
  cairo_surface_set_device_scale (rows, self->scale, self->scale);
  cr = cairo_create (rows);
  cairo_translate (cr, 0, -band->y0);
  draw_area (layer->layer, cr, frame, &area, band->clear);
  cairo_destroy (cr);
  cairo_surface_finish (rows);
  cairo_surface_destroy (rows);
}

/* What @band will take, µs: what it took last time, or as long as the slowest yet. */
static gint64
estimate (Work       *work,
          const Band *band)
{
  gint64 last = work->self->band_us[band->layer == &work->self->layers[0] ? 0 : 1][band->index];

  return last > 0 ? last : work->longest;
}

/* Takes bands in order until none is left, or the budget would be spent: so the bands painted
 * are always the first ones. Called with the mutex held. */
static const Band *
take_band (Work *work)
{
  const Band *band;

  if (work->next >= work->n_bands)
    return NULL;
  if (work->next >= work->n_required && work->next > 0 && work->deadline > 0 &&
      g_get_monotonic_time () + estimate (work, &work->bands[work->next]) > work->deadline)
    {
      /* the others stop here too */
      work->n_bands = work->next;
      return NULL;
    }
  band = &work->bands[work->next++];
  while (band->layer->layer == MUSTER_MAP_LAYER_UNITS && !work->shared)
    g_cond_wait (&work->cond, &work->mutex);
  return band;
}

static void
work_bands (Work *work)
{
  const Band *band;

  g_mutex_lock (&work->mutex);
  while ((band = take_band (work)) != NULL)
    {
      gint64 start;

      g_mutex_unlock (&work->mutex);
      start = g_get_monotonic_time ();
      paint_band (work->self, work->frame, band);
      start = g_get_monotonic_time () - start;
      g_mutex_lock (&work->mutex);
      work->longest = MAX (work->longest, start);
      work->self->band_us[band->layer == &work->self->layers[0] ? 0 : 1][band->index] = start;
      work->n_done++;
      g_cond_broadcast (&work->cond);
    }
  g_mutex_unlock (&work->mutex);
}

static void
run_work (gpointer data,
          gpointer user_data)
{
  Work *work = data;

  work_bands (work);
  g_mutex_lock (&work->mutex);
  work->joined = TRUE;
  g_cond_broadcast (&work->cond);
  g_mutex_unlock (&work->mutex);
}

/* Returns: (nullable): the second painting thread, started the first time; %NULL when it
 * cannot be */
static GThreadPool *
painter_thread (void)
{
  static GMutex lock;
  static GThreadPool *pool;
  static gboolean failed;
  GThreadPool *result;

  g_mutex_lock (&lock);
  if (pool == NULL && !failed)
    {
      g_autoptr(GError) error = NULL;

      /* exclusive: one thread of its own, kept */
      pool = g_thread_pool_new (run_work, NULL, 1, TRUE, &error);
      if (pool == NULL)
        {
          g_warning ("The map is painted on one thread: %s", error->message);
          failed = TRUE;
        }
    }
  result = pool;
  g_mutex_unlock (&lock);
  return result;
}

static void
add_band (Work  *work,
          Layer *layer,
          int    index,
          int    height)
{
  work->bands[work->n_bands++] = (Band) { layer, index, height * index / BANDS_PER_LAYER,
                                          height * (index + 1) / BANDS_PER_LAYER,
                                          needs_clear (layer) };
}

/* Paints the layers marked in @paint: whole those marked PAINT_WHOLE; of those marked
 * PAINT_BANDS, the bands they lack that can be painted by @deadline (monotonic µs; at least one
 * band in all; 0 for no limit). On two threads when the cache may use them. */
static void
paint_layers (MusterMapCache *self,
              const Frame    *frame,
              PaintMode       paint[2],
              gint64          deadline)
{
  int height = muster_viewport_get_height (frame->viewport);
  GThreadPool *pool = NULL;
  Work work = { self, frame };
  gboolean pushed = FALSE, any_bands = FALSE;
  cairo_t *cr;

  self->threads_used = 1;
  /* an edit to the ground first: whether it is painted whole decides the bands (and the
   * terrain names, placed once for all of them, before the other thread starts on them) */
  if (paint[0] == PAINT_CHANGED && !repaint_changed (self, &self->layers[0], frame))
    paint[0] = PAINT_WHOLE;
  if (paint[0] == PAINT_WHOLE || paint[0] == PAINT_BANDS)
    {
      cr = cairo_create (self->layers[0].surface);
      share_ground (cr, frame);
      cairo_destroy (cr);
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    any_bands |= paint[i] == PAINT_BANDS;
  if (self->n_threads >= 2 && (any_bands || paint[0] == PAINT_WHOLE || paint[1] == PAINT_WHOLE))
    pool = painter_thread ();
  if (pool == NULL && !any_bands)
    {
      /* one thread paints each layer at once: cutting it in bands would only cost */
      if (paint[1] == PAINT_CHANGED && !repaint_changed (self, &self->layers[1], frame))
        paint[1] = PAINT_WHOLE;
      for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
        if (paint[i] == PAINT_WHOLE)
          {
            paint_whole (&self->layers[i], frame);
            self->layers[i].bands_done = BANDS_PER_LAYER;
          }
      return;
    }

  /* the ground's bands first: the other thread starts on them while this one places labels */
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    if (paint[i] == PAINT_WHOLE)
      {
        self->layers[i].ox = self->layers[i].oy = 0;
        for (int b = 0; b < BANDS_PER_LAYER; b++)
          add_band (&work, &self->layers[i], b, height);
      }
  work.n_required = work.n_bands;
  /* then, a band of each in turn, so the rows come sharp across both layers together */
  for (int b = 0; b < BANDS_PER_LAYER; b++)
    for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
      if (paint[i] == PAINT_BANDS && b >= self->layers[i].bands_done)
        add_band (&work, &self->layers[i], b, height);
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    if (paint[i] != PAINT_NONE)
      cairo_surface_flush (self->layers[i].surface);

  work.deadline = deadline;
  g_mutex_init (&work.mutex);
  g_cond_init (&work.cond);
  if (pool != NULL && work.n_bands > 0)
    pushed = g_thread_pool_push (pool, &work, NULL);
  if (paint[1] == PAINT_CHANGED)
    {
      /* while the other thread paints the ground: only it draws there */
      if (!repaint_changed (self, &self->layers[1], frame))
        {
          paint_whole (&self->layers[1], frame);
          paint[1] = PAINT_WHOLE;
        }
    }
  else if (paint[1] != PAINT_NONE)
    {
      cr = cairo_create (self->layers[1].surface);
      share_units (cr, frame);
      cairo_destroy (cr);
    }
  g_mutex_lock (&work.mutex);
  work.shared = TRUE;
  g_cond_broadcast (&work.cond);
  g_mutex_unlock (&work.mutex);
  work_bands (&work);

  g_mutex_lock (&work.mutex);
  while (work.n_done < work.n_bands || (pushed && !work.joined))
    g_cond_wait (&work.cond, &work.mutex);
  g_mutex_unlock (&work.mutex);
  g_mutex_clear (&work.mutex);
  g_cond_clear (&work.cond);

  if (pushed)
    self->threads_used = 2;
  for (guint i = 0; i < work.n_bands; i++)
    work.bands[i].layer->bands_done = MAX (work.bands[i].layer->bands_done,
                                           work.bands[i].index + 1);
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    if (paint[i] != PAINT_NONE)
      {
        self->layers[i].blank = FALSE;
        cairo_surface_mark_dirty (self->layers[i].surface);
      }
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
              unwrap (self, layer);
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
          layer->surface = new_surface (self, layer);
          layer->blank = TRUE;
        }
      /* (a picture of another size cannot be scrolled) */
      scrolls = same && !resized && is_scroll (self, &layer->matrix, &matrix, &dx, &dy);
      if (scrolls && (layer->bands_done == BANDS_PER_LAYER || (dx == 0 && dy == 0)))
        {
          /* (a layer painted in part is not scrolled: its ring never wraps; it is painted
           * whole, below, a frame longer than the others but only once) */
          if (dx != 0 || dy != 0)
            {
              scroll (self, layer, &frame, dx, dy);
              moved |= layer->layer;
            }
        }
      else if (same && self->quick && !resized)
        {
          /* shown transformed below; the picture (with the bands to come, if any, still
           * scaled) and its matrix are kept as painted */
          unwrap (self, layer);
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
  paint_layers (self, &frame, paint, self->budget > 0
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
  composite_layer (self, cr, &self->layers[0], &matrix);
  if (scene->live != NULL && g_hash_table_size (scene->live) > 0)
    muster_map_paint_layers (cr, viewport, scene, style, MUSTER_MAP_LAYER_LIVE_GROUND, NULL);
  composite_layer (self, cr, &self->layers[1], &matrix);
  cairo_restore (cr);
  muster_map_paint_layers (cr, viewport, scene, style,
                           MUSTER_MAP_LAYER_LIVE_UNITS | MUSTER_MAP_LAYER_MARKS, NULL);
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
