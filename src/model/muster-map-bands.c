/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-cache"

#include "config.h"

#include "muster-map-cache-private.h"

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
  gboolean        shared;        /* the units' share is made (_muster_map_cache_share()) */
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
  _muster_map_cache_draw_area (layer->layer, cr, frame, &area, band->clear);
  cairo_destroy (cr);
  cairo_surface_finish (rows);
  cairo_surface_destroy (rows);
}

/* What @band will take, µs: what it took last time, or as long as the slowest yet. */
static gint64
estimate (Work       *work,
          const Band *band)
{
  gint64 last = work->self->band_us[layer_index (work->self, band->layer)][band->index];

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
      work->self->band_us[layer_index (work->self, band->layer)][band->index] = start;
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
                                          _muster_map_cache_needs_clear (layer) };
}

/* Paints the layers marked in @paint: whole those marked PAINT_WHOLE; of those marked
 * PAINT_BANDS, the bands they lack that can be painted by @deadline (monotonic µs; at least one
 * band in all; 0 for no limit). On two threads when the cache may use them. */
void
_muster_map_cache_paint_layers (MusterMapCache *self,
                                const Frame    *frame,
                                PaintMode       paint[2],
                                gint64          deadline)
{
  int height = muster_viewport_get_height (frame->viewport);
  GThreadPool *pool = NULL;
  Work work = { self, frame };
  gboolean pushed = FALSE, any_bands = FALSE;

  self->threads_used = 1;
  /* an edit to the ground first: whether it is painted whole decides the bands (and the
   * terrain names, placed once for all of them, before the other thread starts on them) */
  if (paint[0] == PAINT_CHANGED &&
      !_muster_map_cache_repaint_changed (self, &self->layers[0], frame))
    paint[0] = PAINT_WHOLE;
  if (paint[0] == PAINT_WHOLE || paint[0] == PAINT_BANDS)
    _muster_map_cache_share (&self->layers[0], frame);
  for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
    any_bands |= paint[i] == PAINT_BANDS;
  if (self->n_threads >= 2 && (any_bands || paint[0] == PAINT_WHOLE || paint[1] == PAINT_WHOLE))
    pool = painter_thread ();
  if (pool == NULL && !any_bands)
    {
      /* one thread paints each layer at once: cutting it in bands would only cost */
      if (paint[1] == PAINT_CHANGED &&
          !_muster_map_cache_repaint_changed (self, &self->layers[1], frame))
        paint[1] = PAINT_WHOLE;
      for (guint i = 0; i < G_N_ELEMENTS (self->layers); i++)
        if (paint[i] == PAINT_WHOLE)
          {
            _muster_map_cache_paint_whole (&self->layers[i], frame);
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
      if (!_muster_map_cache_repaint_changed (self, &self->layers[1], frame))
        {
          _muster_map_cache_paint_whole (&self->layers[1], frame);
          paint[1] = PAINT_WHOLE;
        }
    }
  else if (paint[1] != PAINT_NONE)
    _muster_map_cache_share (&self->layers[1], frame);
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
