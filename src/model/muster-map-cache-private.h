/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * What the map cache's files share. muster-map-cache.c decides, frame by frame, what each kept
 * layer needs (nothing, a scroll, the bands to come, what an edit changed, all of it);
 * muster-map-ring.c keeps a layer's picture in a ring surface, scrolled by moving its origin
 * and composited in up to four copies; muster-map-bands.c paints the layers in bands of rows,
 * on two threads and within a frame's budget.
 */

#include <string.h>

#include "muster-map-cache.h"
#include "muster-map-shown.h"

G_BEGIN_DECLS

/* What a layer is cut into when both threads paint it, or when it is painted over frames. */
#define BANDS_PER_LAYER 8

typedef struct
{
  MusterMapLayers  layer;
  cairo_surface_t *surface;   /* nullable */
  cairo_surface_t *spare;     /* nullable: for putting the ring back in order */
  int              ox, oy;    /* the ring's origin, device px: see muster-map-ring.c */
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
  /* the names the units layer shows as last placed (device px at @names_matrix), for the
   * marks to keep clear of */
  GHashTable     *names;             /* (nullable) */
  cairo_matrix_t  names_matrix;
  MusterBattlefield *field;   /* (unowned) the last picture's, compared only */
  gboolean           umpire;  /* the last picture's audience */
  char              *side;
};

/* @layer's index in @self's layers: 0 for the ground, 1 for the units. */
static inline guint
layer_index (const MusterMapCache *self,
             const Layer          *layer)
{
  return layer == &self->layers[0] ? 0 : 1;
}

static inline gboolean
layer_is_current (const Layer          *layer,
                  const cairo_matrix_t *matrix)
{
  return memcmp (&layer->matrix, matrix, sizeof *matrix) == 0;
}

/* muster-map-cache.c */
void     _muster_map_cache_draw_area       (MusterMapLayers              layer,
                                            cairo_t                     *cr,
                                            const Frame                 *frame,
                                            const cairo_rectangle_int_t *area,
                                            gboolean                     clear);
void     _muster_map_cache_share           (Layer                       *layer,
                                            const Frame                 *frame);
gboolean _muster_map_cache_needs_clear     (const Layer                 *layer);
gboolean _muster_map_cache_repaint_changed (MusterMapCache              *self,
                                            Layer                       *layer,
                                            const Frame                 *frame);
void     _muster_map_cache_paint_whole     (Layer                       *layer,
                                            const Frame                 *frame);

/* muster-map-ring.c */
cairo_surface_t *_muster_map_cache_new_surface       (MusterMapCache       *self,
                                                      Layer                *layer);
cairo_surface_t *_muster_map_cache_take_spare        (MusterMapCache       *self,
                                                      Layer                *layer);
void             _muster_map_cache_paint_ring_region (MusterMapCache       *self,
                                                      Layer                *layer,
                                                      const Frame          *frame,
                                                      const cairo_region_t *dirty);
void             _muster_map_cache_scroll            (MusterMapCache       *self,
                                                      Layer                *layer,
                                                      const Frame          *frame,
                                                      int                   dx,
                                                      int                   dy);
void             _muster_map_cache_unwrap            (MusterMapCache       *self,
                                                      Layer                *layer);
gboolean         _muster_map_cache_is_scroll         (MusterMapCache       *self,
                                                      const cairo_matrix_t *a,
                                                      const cairo_matrix_t *b,
                                                      int                  *dx,
                                                      int                  *dy);
void             _muster_map_cache_paint_transformed (cairo_t              *cr,
                                                      cairo_surface_t      *surface,
                                                      const cairo_matrix_t *painted,
                                                      const cairo_matrix_t *matrix);
void             _muster_map_cache_composite_layer   (MusterMapCache       *self,
                                                      cairo_t              *cr,
                                                      const Layer          *layer,
                                                      const cairo_matrix_t *matrix);

/* muster-map-bands.c */
void _muster_map_cache_paint_layers (MusterMapCache *self,
                                     const Frame    *frame,
                                     PaintMode       paint[2],
                                     gint64          deadline);

G_END_DECLS
