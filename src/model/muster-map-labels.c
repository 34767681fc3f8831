/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-labels"

#include "config.h"

#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "muster-label-grid-private.h"
#include "muster-map-labels.h"

#define GAP_PX 2.0   /* labels keep this far apart */

static gboolean
boxes_meet (MusterBox a,
            MusterBox b,
            double    gap)
{
  return a.x0 < b.x1 + gap && b.x0 < a.x1 + gap && a.y0 < b.y1 + gap && b.y0 < a.y1 + gap;
}

/* Highest priority first; qsort is not stable, so ties go by index. */
static int
by_priority (gconstpointer a,
             gconstpointer b,
             gpointer      data)
{
  const MusterMapLabel *labels = data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  double pi = labels[i].priority, pj = labels[j].priority;

  if (pi != pj)
    return pi > pj ? -1 : 1;
  return i < j ? -1 : i > j;
}

/* The screen's grids over the labels' places (muster-label-grid.c) */
#define GRID_CELL 16.0   /* px: under a label's width, about its height */
#define GRID_MAX  256    /* cells a side at most: a bigger area has bigger cells */

/* What a box of @box may meet within @gap, for a grid (boxes_meet()'s test is the exact one
 * after): its corners' hull widened by @gap, also when a side is reversed (a reversed box
 * still meets what spans it); reversed, so filed nowhere and visiting nothing, when it meets
 * no box at all: a coordinate not a number fails every comparison, and a box starting at +∞
 * or ending at −∞ is past everything. Two boxes that meet share a cell (each comparison of
 * boxes_meet() holds for the widened sides too, rounding down and up as they do). */
static MusterBox
reach (MusterBox box,
       double    gap)
{
  if (isnan (box.x0) || isnan (box.y0) || isnan (box.x1) || isnan (box.y1) ||
      box.x0 == INFINITY || box.y0 == INFINITY || box.x1 == -INFINITY || box.y1 == -INFINITY)
    return (MusterBox) { 1, 1, 0, 0 };
  return (MusterBox) { MIN (box.x0, box.x1) - gap, MIN (box.y0, box.y1) - gap,
                       MAX (box.x0, box.x1) + gap, MAX (box.y0, box.y1) + gap };
}

/* A place a label would take, as the grids' visits see it */
typedef struct
{
  MusterBox     box;
  gconstpointer owner;
  const GArray *placed;   /* MusterBox */
  const GArray *bodies;   /* MusterMapBody */
} Probe;

static gboolean
meets_placed (guint    i,
              gpointer data)
{
  const Probe *probe = data;

  return boxes_meet (probe->box, g_array_index (probe->placed, MusterBox, i), GAP_PX);
}

/* Whether the probe's box covers body @i, not the owner's */
static gboolean
covers_body (guint    i,
             gpointer data)
{
  const Probe *probe = data;
  const MusterMapBody *body = &g_array_index (probe->bodies, MusterMapBody, i);

  return body->owner != probe->owner && boxes_meet (probe->box, body->box, 0);
}

/* Widens @area to @box's finite sides */
static void
extend_area (MusterBox *area,
             MusterBox  box)
{
  if (isfinite (box.x0) && isfinite (box.y0) && isfinite (box.x1) && isfinite (box.y1))
    {
      muster_box_extend (area, (MusterPoint) { box.x0, box.y0 });
      muster_box_extend (area, (MusterPoint) { box.x1, box.y1 });
    }
}

/**
 * muster_map_labels_place:
 * @labels: (element-type MusterMapLabel): the labels; each one's @chosen is set
 * @bodies: (element-type MusterMapBody) (nullable): what labels would rather not cover
 *
 * Places the labels, highest priority first, each in its first place that meets no label
 * placed before it and no other feature's body; else nowhere (@chosen = -1): a name drawn over
 * a unit or another name hides what the map is for, and comes back zoomed in.
 */
void
muster_map_labels_place (GArray       *labels,
                         const GArray *bodies)
{
  muster_map_labels_place_around (labels, NULL, bodies);
}

/**
 * muster_map_labels_place_around:
 * @labels: (element-type MusterMapLabel): the labels; each one's @chosen is set
 * @taken: (element-type MusterBox) (nullable): labels already placed elsewhere (device px),
 *   which these keep clear of as of each other
 * @bodies: (element-type MusterMapBody) (nullable): what labels would rather not cover
 *
 * muster_map_labels_place(), with @taken placed before every label: the names of terrain, placed
 * on the ground layer, that the names of units must not cover.
 */
void
muster_map_labels_place_around (GArray       *labels,
                                const GArray *taken,
                                const GArray *bodies)
{
  g_autoptr(GArray) order = g_array_sized_new (FALSE, FALSE, sizeof (guint), labels->len);
  g_autoptr(GArray) placed = g_array_sized_new (FALSE, FALSE, sizeof (MusterBox), labels->len);
  MusterLabelGrid near_placed, near_bodies;
  MusterBox area = muster_box_empty ();

  /* Each place is looked up in grids of the labels placed and the bodies, over the places
   * (what lies beyond is filed in the edge cells): testing each against every one made a
   * battlefield of 78,000 units stall its window (issue 20). */
  for (guint i = 0; i < labels->len; i++)
    {
      const MusterMapLabel *label = &g_array_index (labels, MusterMapLabel, i);

      for (guint c = 0; c < MIN (label->n_places, MUSTER_MAP_LABEL_MAX_PLACES); c++)
        extend_area (&area, label->places[c]);
    }
  _muster_label_grid_init (&near_placed, area, GRID_CELL, GRID_MAX);
  _muster_label_grid_init (&near_bodies, area, GRID_CELL, GRID_MAX);
  for (guint i = 0; bodies != NULL && i < bodies->len; i++)
    _muster_label_grid_add (&near_bodies, reach (g_array_index (bodies, MusterMapBody, i).box, 0));
  if (taken != NULL)
    g_array_append_vals (placed, taken->data, taken->len);
  for (guint i = 0; i < placed->len; i++)
    _muster_label_grid_add (&near_placed, reach (g_array_index (placed, MusterBox, i), GAP_PX));

  for (guint i = 0; i < labels->len; i++)
    g_array_append_val (order, i);
  g_array_sort_with_data (order, by_priority, labels->data);

  for (guint k = 0; k < order->len; k++)
    {
      MusterMapLabel *label = &g_array_index (labels, MusterMapLabel,
                                              g_array_index (order, guint, k));

      label->chosen = -1;
      for (guint c = 0; c < MIN (label->n_places, MUSTER_MAP_LABEL_MAX_PLACES); c++)
        {
          Probe probe = { label->places[c], label->owner, placed, bodies };

          if (!_muster_label_grid_visit (&near_placed, reach (probe.box, GAP_PX), meets_placed,
                                         &probe) &&
              (bodies == NULL ||
               !_muster_label_grid_visit (&near_bodies, reach (probe.box, 0), covers_body,
                                          &probe)))
            {
              label->chosen = c;
              break;
            }
        }
      if (label->chosen >= 0)
        {
          g_array_append_val (placed, label->places[label->chosen]);
          _muster_label_grid_add (&near_placed, reach (label->places[label->chosen], GAP_PX));
        }
    }
  _muster_label_grid_clear (&near_placed);
  _muster_label_grid_clear (&near_bodies);
}

/**
 * muster_map_label_places_away:
 * @body: the feature's box (px)
 * @beside: (array length=n_beside): the label's places beside it, best first
 * @n_beside: how many
 * @places: (out caller-allocates) (array length=max_places): @beside, then the places away
 * @max_places: room in @places
 *
 * The places of a label that may stand away from its feature, joined to it by a leader line:
 * @beside first, then each of them moved a step further out (down from a place below the
 * feature, left from one to its left, both from a corner), ring after ring up to
 * %MUSTER_MAP_LABEL_AWAY_RINGS steps: in a crowd, a name a little way off reads better than
 * none, and the nearest free place keeps the leader short.
 *
 * Returns: how many places @places holds
 */
guint
muster_map_label_places_away (MusterBox        body,
                              const MusterBox *beside,
                              guint            n_beside,
                              MusterBox       *places,
                              guint            max_places)
{
  guint n = MIN (n_beside, max_places);

  memmove (places, beside, n * sizeof *places);
  for (guint ring = 1; ring <= MUSTER_MAP_LABEL_AWAY_RINGS; ring++)
    for (guint i = 0; i < n_beside && n < max_places; i++)
      {
        MusterBox box = beside[i];
        /* a step of the label's height down or up, of a short word across */
        double h = box.y1 - box.y0, dx = 0, dy = 0;

        if (box.y0 >= body.y1 - 0.5)
          dy = (h + 2) * ring;
        else if (box.y1 <= body.y0 + 0.5)
          dy = -(h + 2) * ring;
        if (box.x0 >= body.x1 - 0.5)
          dx = 2 * h * ring;
        else if (box.x1 <= body.x0 + 0.5)
          dx = -2 * h * ring;
        if (dx == 0 && dy == 0)
          continue;   /* a place on the feature has no way out */
        places[n++] = (MusterBox) { box.x0 + dx, box.y0 + dy, box.x1 + dx, box.y1 + dy };
      }
  return n;
}

/**
 * muster_map_label_leader:
 * @body: the feature's box (px)
 * @plate: its label's plate (px)
 * @from: (out): where a leader line leaves the feature
 * @to: (out): where it meets the plate
 *
 * Whether a label placed at @plate stands away from its feature and needs a leader line
 * back to it (more than a few pixels off), and where that line goes: the shortest way
 * between the two boxes.
 *
 * Returns: whether there is a leader
 */
gboolean
muster_map_label_leader (MusterBox    body,
                         MusterBox    plate,
                         MusterPoint *from,
                         MusterPoint *to)
{
  MusterPoint centre = muster_box_centre (body);

  *to = (MusterPoint) { CLAMP (centre.x, plate.x0, plate.x1), CLAMP (centre.y, plate.y0, plate.y1) };
  *from = (MusterPoint) { CLAMP (to->x, body.x0, body.x1), CLAMP (to->y, body.y0, body.y1) };
  return muster_point_distance (*from, *to) > 8;
}

/* Sizes of texts already measured: pango takes tens of microseconds a label, and a map asks for
 * the same names at every frame. Keyed by the font's hash and the text; the sizes are device
 * pixels and barely depend on the surface, and a label box is only used to keep labels apart.
 * Room for every name of the biggest document Muster opens (about 100,000 units under the
 * 32 MiB cap) with some over, about 64 bytes a name: a map that measured its names again
 * at every frame spent seconds a zoom step in Pango at 78,000 units. */
G_LOCK_DEFINE_STATIC (sizes);
static GHashTable *sizes;
#define MAX_SIZES (1 << 17)

typedef struct
{
  int  width, height;
  char key[];   /* the hash table's key */
} Size;

/**
 * muster_map_label_size:
 * @layout: a layout with the label's font
 * @text: the label
 * @width: (out): its width, device px
 * @height: (out): its height
 *
 * Measures @text in @layout's font, remembering the answer. Leaves @layout's text set to @text
 * only when it had to measure.
 */
void
muster_map_label_size (PangoLayout *layout,
                       const char  *text,
                       int         *width,
                       int         *height)
{
  const PangoFontDescription *font = pango_layout_get_font_description (layout);
  g_autofree char *key = g_strdup_printf ("%08x\x1f%s",
                                          font ? pango_font_description_hash (font) : 0, text);
  Size *size;

  G_LOCK (sizes);
  if (sizes == NULL || g_hash_table_size (sizes) >= MAX_SIZES)
    {
      g_clear_pointer (&sizes, g_hash_table_unref);
      sizes = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
    }
  size = g_hash_table_lookup (sizes, key);
  if (size == NULL)
    {
      gsize length = strlen (key) + 1;

      size = g_malloc (sizeof (Size) + length);
      memcpy (size->key, key, length);
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_size (layout, &size->width, &size->height);
      g_hash_table_insert (sizes, size->key, size);
    }
  *width = size->width;
  *height = size->height;
  G_UNLOCK (sizes);
}

/* Label layouts kept between frames: a map shows the same few hundred names at every frame,
 * and laying one out takes Pango far longer than painting it. One context for each thread
 * that paints the map on image surfaces (a font map is the thread's own: the map cache paints
 * its ground on a thread of its own), in device pixels (a layer's strips are painted
 * translated: that needs no new layout); a change of the surfaces' font options lays the texts
 * out again. */
typedef struct
{
  PangoContext *context;
  GHashTable   *layouts;   /* "font hash \x1f text" → PangoLayout */
} LayoutCache;

/* Every thread's caches, also reachable from here: a thread's private data is not freed when the
 * process exits, and a leak checker should not call it lost. */
G_LOCK_DEFINE_STATIC (all_caches);
static GSList *all_caches;

static void
layout_cache_free (gpointer data)
{
  LayoutCache *cache = data;

  G_LOCK (all_caches);
  all_caches = g_slist_remove (all_caches, cache);
  G_UNLOCK (all_caches);
  g_clear_pointer (&cache->layouts, g_hash_table_unref);
  g_clear_object (&cache->context);
  g_free (cache);
}

static GPrivate layout_cache = G_PRIVATE_INIT (layout_cache_free);
#define MAX_LAYOUTS 4096

/* This thread's layouts; with @create, made when it has none. */
static LayoutCache *
get_layout_cache (gboolean create)
{
  LayoutCache *cache = g_private_get (&layout_cache);

  if (cache == NULL && create)
    {
      cache = g_new0 (LayoutCache, 1);
      g_private_set (&layout_cache, cache);
      G_LOCK (all_caches);
      all_caches = g_slist_prepend (all_caches, cache);
      G_UNLOCK (all_caches);
    }
  return cache;
}

/**
 * muster_map_label_context:
 * @cr: the context labels will be painted on, with the matrix they are painted under
 *
 * Starts a frame's labels: the context of the layouts muster_map_label_layout() keeps for
 * the calling thread.
 *
 * Returns: (transfer none) (nullable): the context; %NULL when @cr is not an image surface:
 *   the caller lays out for itself
 */
PangoContext *
muster_map_label_context (cairo_t *cr)
{
  LayoutCache *cache;
  cairo_font_options_t *options;

  if (cairo_surface_get_type (cairo_get_target (cr)) != CAIRO_SURFACE_TYPE_IMAGE)
    return NULL;
  cache = get_layout_cache (TRUE);
  options = cairo_font_options_create ();
  cairo_surface_get_font_options (cairo_get_target (cr), options);
  if (cache->context == NULL)
    {
      cache->context = pango_cairo_create_context (cr);
      cache->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      /* labels are painted in device pixels, wherever a strip puts them */
      pango_context_set_matrix (cache->context, NULL);
      pango_cairo_context_set_font_options (cache->context, options);
    }
  else if (!cairo_font_options_equal (options,
                                      pango_cairo_context_get_font_options (cache->context)))
    /* lays every text out again */
    pango_cairo_context_set_font_options (cache->context, options);
  cairo_font_options_destroy (options);
  /* only between frames: a frame's layouts stay alive while it paints */
  if (g_hash_table_size (cache->layouts) > MAX_LAYOUTS)
    g_hash_table_remove_all (cache->layouts);
  return cache->context;
}

/**
 * muster_map_label_layout:
 * @context: from muster_map_label_context()
 * @font: the label's font
 * @text: the label
 *
 * Returns: (transfer none): @text laid out in @font, kept until the next frame at least
 */
PangoLayout *
muster_map_label_layout (PangoContext               *context,
                         const PangoFontDescription *font,
                         const char                 *text)
{
  LayoutCache *cache = get_layout_cache (FALSE);
  g_autofree char *key = NULL;
  PangoLayout *layout;

  /* another thread's context: its layouts are that thread's */
  g_return_val_if_fail (cache != NULL && context == cache->context, NULL);

  key = g_strdup_printf ("%08x\x1f%s", font ? pango_font_description_hash (font) : 0, text);
  layout = g_hash_table_lookup (cache->layouts, key);
  if (layout == NULL)
    {
      layout = pango_layout_new (context);
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, text, -1);
      g_hash_table_insert (cache->layouts, g_steal_pointer (&key), layout);
    }
  return layout;
}
