/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-shown"

#include "config.h"

#include <math.h>

#include "muster-map-shown.h"
#include "muster-markers.h"
#include "muster-unit.h"

/*
 * An edit that moves, adds or removes a few features changes only the pixels round them and
 * round the names that moved; painting a whole layer again for it would take longer than a
 * frame on a crowded table. So the cache keeps what each layer shows: each feature's revision
 * and extent, and each name's plate (units and objectives, and their labels, on the units
 * layer, with the badges of the units' markers; terrain and zones, and the terrain names, on
 * the ground). When the layer's key changes but not its context (muster_map_layer_keys()) nor
 * the view, only the extents of what changed, before and after, are painted again.
 */
#define UNITS_MARGIN_PX   24.0   /* round a unit's or objective's extent: its arrow, ring, marker */
#define GROUND_MARGIN_PX   4.0   /* round a piece's or zone's: outlines and dashes */
#define LABEL_MARGIN_PX    2.0   /* round a name's plate: its text is put on whole pixels */
#define BADGE_CHAR_PX     12.0   /* a character of a markers' badge at most: Sans up to 15 pt */

typedef struct
{
  guint64   revision;
  gboolean  live;
  MusterBox box;   /* table mm: a unit's footprint's bounds, an objective's centre */
  double    margin;  /* px round it that it paints */
} Shown;

typedef struct
{
  MusterBox box;   /* widget px, under #MusterMapShown.matrix */
  char     *text;
  gboolean  terrain;
} ShownLabel;

static void
shown_label_free (gpointer data)
{
  ShownLabel *label = data;

  g_free (label->text);
  g_free (label);
}

static gboolean
is_live (const MusterMapScene *scene,
         const MusterFeature  *f)
{
  return scene->live != NULL && g_hash_table_contains (scene->live, f->id);
}

static gboolean
on_layer (MusterMapLayers      layer,
          const MusterFeature *f)
{
  if (layer == MUSTER_MAP_LAYER_UNITS)
    return f->kind == MUSTER_FEATURE_UNIT || f->kind == MUSTER_FEATURE_OBJECTIVE;
  return f->kind == MUSTER_FEATURE_TERRAIN || f->kind == MUSTER_FEATURE_ZONE;
}

/* Where @f is painted, table mm: a unit's footprint's bounds, an objective's centre (the px
 * margin does the rest), a piece's or zone's bounds with a band's width round them. */
static MusterBox
extent (const MusterMapScene *scene,
        const MusterFeature  *f)
{
  if (f->kind == MUSTER_FEATURE_UNIT)
    return muster_footprint_get_bounds (g_hash_table_lookup (scene->footprints, f));
  if (f->kind == MUSTER_FEATURE_OBJECTIVE)
    return (MusterBox) { f->centre.x, f->centre.y, f->centre.x, f->centre.y };
  /* a band's square caps reach past its end by half its width, its corners by more */
  return muster_box_inflate (muster_feature_get_bounds (f),
                             f->outline == MUSTER_OUTLINE_POLYLINE ? f->line_width : 0);
}

/* The px round @f's extent that it paints on @layer: for a unit, its arrow and ring, and the
 * badge of its markers (muster-map-badges.c), which stands above it and reaches left by the
 * width of its words, bounded here without a layout. */
static double
margin_of (const MusterMapScene *scene,
           MusterMapLayers       layer,
           const MusterFeature  *f)
{
  MusterUnit *unit;
  g_autofree char *words = NULL;

  if (layer != MUSTER_MAP_LAYER_UNITS)
    return GROUND_MARGIN_PX;
  if (f->kind != MUSTER_FEATURE_UNIT || scene->doc == NULL ||
      !(unit = muster_doc_lookup_unit (scene->doc, f->unit)) ||
      !(words = muster_markers_describe (muster_unit_get_markers (unit), NULL)))
    return UNITS_MARGIN_PX;
  return MAX (UNITS_MARGIN_PX, g_utf8_strlen (words, -1) * BADGE_CHAR_PX + 8);
}

struct _MusterMapShown
{
  MusterMapLayers layer;
  GHashTable     *features;   /* feature id → Shown */
  GHashTable     *labels;     /* feature id → ShownLabel */
  cairo_matrix_t  matrix;
  guint64         context;
};

void
muster_map_shown_free (MusterMapShown *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->features);
  g_hash_table_unref (self->labels);
  g_free (self);
}

/**
 * muster_map_shown_new:
 * @scene: what the layer shows (for the units layer, its #MusterMapScene.footprints made)
 * @layer: %MUSTER_MAP_LAYER_UNITS or %MUSTER_MAP_LAYER_GROUND
 * @labels: (element-type MusterFeature MusterMapPlacedLabel): the names the layer shows: the
 *   scene's placed_labels for the units, its placed_names for the ground
 * @matrix: the viewport's
 * @context: the context key of @layer (muster_map_layer_keys())
 *
 * Returns: (transfer full): what @layer shows: its features' revisions and extents, its
 *   names' plates
 */
MusterMapShown *
muster_map_shown_new (const MusterMapScene *scene,
                      MusterMapLayers       layer,
                      GHashTable           *labels,
                      const cairo_matrix_t *matrix,
                      guint64               context)
{
  MusterBattlefield *field = scene->battlefield;
  MusterMapShown *self;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (layer == MUSTER_MAP_LAYER_UNITS || layer == MUSTER_MAP_LAYER_GROUND, NULL);

  self = g_new0 (MusterMapShown, 1);
  self->layer = layer;
  self->features = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, shown_label_free);
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      Shown *shown;

      if (!on_layer (layer, f))
        continue;
      shown = g_new0 (Shown, 1);
      shown->revision = f->revision;
      shown->live = is_live (scene, f);
      shown->box = extent (scene, f);
      shown->margin = margin_of (scene, layer, f);
      g_hash_table_replace (self->features, g_strdup (f->id), shown);
    }
  g_hash_table_iter_init (&iter, labels);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const MusterFeature *f = key;
      const MusterMapPlacedLabel *placed = value;
      ShownLabel *label = g_new0 (ShownLabel, 1);

      label->box = muster_map_placed_label_reach (placed);
      label->text = g_strdup (placed->text);
      label->terrain = placed->terrain;
      g_hash_table_replace (self->labels, g_strdup (f->id), label);
    }
  self->matrix = *matrix;
  self->context = context;
  return self;
}

/* Adds @box (widget px) to @dirty, with @margin px round it. */
static void
dirty_add (cairo_region_t *dirty,
           MusterBox       box,
           double          margin)
{
  cairo_rectangle_int_t rect;

  rect.x = (int) floor (box.x0 - margin);
  rect.y = (int) floor (box.y0 - margin);
  rect.width = (int) ceil (box.x1 + margin) - rect.x;
  rect.height = (int) ceil (box.y1 + margin) - rect.y;
  cairo_region_union_rectangle (dirty, &rect);
}

/* Adds @box (table mm) to @dirty, round the widget px it covers under @matrix. */
static void
dirty_add_table (cairo_region_t       *dirty,
                 MusterBox             box,
                 const cairo_matrix_t *matrix,
                 double                margin)
{
  MusterBox out = muster_box_empty ();

  for (guint i = 0; i < 4; i++)
    {
      MusterPoint corner = { i & 1 ? box.x1 : box.x0, i & 2 ? box.y1 : box.y0 };

      cairo_matrix_transform_point (matrix, &corner.x, &corner.y);
      muster_box_extend (&out, corner);
    }
  dirty_add (dirty, out, margin);
}

static gboolean
same_label (const ShownLabel           *kept,
            const MusterMapPlacedLabel *placed,
            double                      dx,
            double                      dy)
{
  MusterBox reach = muster_map_placed_label_reach (placed);

  return kept->box.x0 + dx == reach.x0 && kept->box.y0 + dy == reach.y0 &&
         kept->box.x1 + dx == reach.x1 && kept->box.y1 + dy == reach.y1 &&
         kept->terrain == placed->terrain && g_strcmp0 (kept->text, placed->text) == 0;
}

/**
 * muster_map_shown_diff:
 * @self: what the layer showed
 * @scene: what it shows now (for the units layer, its footprints made)
 * @labels: the names it shows now, as for muster_map_shown_new()
 * @matrix: the viewport's now
 * @context: the context key of the layer now
 *
 * Where the layer differs from what it showed, widget px under @matrix: the extents of the
 * features changed, added or removed, before and after, and the plates of the names that
 * moved, came or went.
 *
 * Returns: (transfer full) (nullable): the region; %NULL when the two cannot be told apart so
 *   (another context, a zoom or a rotation since)
 */
cairo_region_t *
muster_map_shown_diff (const MusterMapShown *self,
                       const MusterMapScene *scene,
                       GHashTable           *labels,
                       const cairo_matrix_t *matrix,
                       guint64               context)
{
  MusterBattlefield *field = scene->battlefield;
  cairo_region_t *dirty;
  g_autoptr(GHashTable) seen = NULL;
  /* a pan since: the kept plates moved with the view */
  double dx = matrix->x0 - self->matrix.x0, dy = matrix->y0 - self->matrix.y0;
  GHashTableIter iter;
  gpointer key, value;

  if (self->context != context || self->matrix.xx != matrix->xx || self->matrix.yx != matrix->yx ||
      self->matrix.xy != matrix->xy || self->matrix.yy != matrix->yy)
    return NULL;
  dirty = cairo_region_create ();
  seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      gboolean live;
      const Shown *kept;

      if (!on_layer (self->layer, f))
        continue;
      live = is_live (scene, f);
      kept = g_hash_table_lookup (self->features, f->id);
      g_hash_table_add (seen, f->id);
      if (kept != NULL && kept->revision == f->revision && kept->live == live)
        continue;
      if (kept != NULL)
        dirty_add_table (dirty, kept->box, matrix, kept->margin);
      dirty_add_table (dirty, extent (scene, f), matrix, margin_of (scene, self->layer, f));
    }
  g_hash_table_iter_init (&iter, self->features);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (seen, key))
      dirty_add_table (dirty, ((const Shown *) value)->box, matrix,
                       ((const Shown *) value)->margin);

  g_hash_table_remove_all (seen);
  g_hash_table_iter_init (&iter, labels);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const MusterFeature *f = key;
      const MusterMapPlacedLabel *placed = value;
      const ShownLabel *kept = g_hash_table_lookup (self->labels, f->id);

      g_hash_table_add (seen, f->id);
      if (kept != NULL && same_label (kept, placed, dx, dy))
        continue;
      if (kept != NULL)
        dirty_add (dirty, (MusterBox) { kept->box.x0 + dx, kept->box.y0 + dy,
                                        kept->box.x1 + dx, kept->box.y1 + dy }, LABEL_MARGIN_PX);
      dirty_add (dirty, muster_map_placed_label_reach (placed), LABEL_MARGIN_PX);
    }
  g_hash_table_iter_init (&iter, self->labels);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (seen, key))
      {
        const ShownLabel *kept = value;

        dirty_add (dirty, (MusterBox) { kept->box.x0 + dx, kept->box.y0 + dy,
                                        kept->box.x1 + dx, kept->box.y1 + dy }, LABEL_MARGIN_PX);
      }
  return dirty;
}
