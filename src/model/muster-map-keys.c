/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-painter"

#include "config.h"

#include <string.h>

#include "muster-map-painter-private.h"

/*
 * The keys of the map's kept layers (see muster_map_layer_keys()): a hash of all but the
 * viewport that decides what the ground or units layer shows, for a cache to tell when its
 * picture is out of date, and whether only the features changed or how they are shown.
 */

/* FNV-1a, 64 bits: what the layer keys are made of. */
static guint64
mix (guint64       hash,
     gconstpointer data,
     gsize         size)
{
  const guchar *bytes = data;

  for (gsize i = 0; i < size; i++)
    hash = (hash ^ bytes[i]) * 0x100000001b3ull;
  return hash;
}

static guint64
mix_string (guint64     hash,
            const char *text)
{
  return text ? mix (hash, text, strlen (text) + 1) : mix (hash, "", 0) * 31;
}

/* @hash with a feature of the other layer that this one's names place themselves around: its
 * id, whether it is dragged (then left out) and else its revision. */
static guint64
mix_other_layer (Painter             *p,
                 guint64              hash,
                 const MusterFeature *f)
{
  gboolean live = is_live (p, f);

  hash = mix_string (hash, f->id);
  hash = mix (hash, &live, sizeof live);
  if (!live)
    hash = mix (hash, &f->revision, sizeof f->revision);
  return hash;
}

/* What decides a layer's picture but its features: see muster_map_layer_keys(). */
static guint64
context_key (const MusterMapScene *scene,
             const MusterMapStyle *style,
             MusterMapLayers       layer,
             Painter              *p)
{
  MusterBattlefield *field = scene->battlefield;
  guint64 hash = 0xcbf29ce484222325ull;
  gboolean umpire = scene->show_umpire != FALSE;
  gboolean no_labels = scene->no_labels != FALSE;
  gconstpointer pointers[] = { field, scene->doc, scene->types };
  GPtrArray *sides = p->sides;

  hash = mix (hash, &layer, sizeof layer);
  hash = mix (hash, pointers, sizeof pointers);
  hash = mix (hash, &umpire, sizeof umpire);
  hash = mix_string (hash, scene->side);   /* the audience: which hidden features show */
  hash = mix (hash, &no_labels, sizeof no_labels);
  /* the table, its grid and the rulers' units: resized, it is another picture */
  {
    double table[] = { muster_battlefield_get_width (field), muster_battlefield_get_height (field),
                       muster_battlefield_get_grid (field) };

    hash = mix (hash, table, sizeof table);
    hash = mix_string (hash, muster_battlefield_get_units (field));
  }
  /* the colours, up to the font name, then the font name itself */
  hash = mix (hash, style, G_STRUCT_OFFSET (MusterMapStyle, font));
  hash = mix_string (hash, style->font);
  _muster_map_collect_sides (p);
  for (guint i = 0; i < sides->len; i++)
    hash = mix_string (hash, sides->pdata[i]);
  return hash;
}

/* What decides a layer's picture but its context: its features (and those of the other layer
 * that its names keep clear of). */
static guint64
features_key (const MusterMapScene *scene,
              MusterMapLayers       layer,
              Painter              *p)
{
  static const MusterFeatureKind ground[] = { MUSTER_FEATURE_TERRAIN, MUSTER_FEATURE_ZONE };
  static const MusterFeatureKind units[] = { MUSTER_FEATURE_UNIT, MUSTER_FEATURE_OBJECTIVE };
  const MusterFeatureKind *kinds = layer == MUSTER_MAP_LAYER_GROUND ? ground : units;
  MusterBattlefield *field = scene->battlefield;
  guint64 hash = 0xcbf29ce484222325ull;
  guint64 newest = 0;
  guint64 markers = 0;
  gboolean named = FALSE;

  for (guint k = 0; k < 2; k++)
    {
      guint64 revision = muster_battlefield_get_kind_revision (field, kinds[k]);

      hash = mix (hash, &revision, sizeof revision);
    }
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      /* the names of units keep clear of the names of terrain not being dragged, and those
       * names keep off the markers of objectives not being dragged: such a piece's or
       * marker's place, name and presence count for the other layer */
      if (layer == MUSTER_MAP_LAYER_GROUND && f->kind == MUSTER_FEATURE_OBJECTIVE)
        {
          markers = mix_other_layer (p, markers, f);
          continue;
        }
      named = named || has_name (f);
      if (layer == MUSTER_MAP_LAYER_UNITS && has_name (f))
        {
          hash = mix_other_layer (p, hash, f);
          continue;
        }
      if (f->kind != kinds[0] && f->kind != kinds[1])
        continue;
      if (is_live (p, f))
        hash = mix_string (hash, f->id);   /* who is left out changes the picture too */
      else
        newest = MAX (newest, f->revision);
    }
  /* the markers count only where there is a name to keep off them */
  if (named)
    hash = mix (hash, &markers, sizeof markers);
  return mix (hash, &newest, sizeof newest);
}

/**
 * muster_map_layer_keys:
 * @scene: what is painted
 * @style: in which colours
 * @layer: %MUSTER_MAP_LAYER_GROUND or %MUSTER_MAP_LAYER_UNITS
 * @context: (out) (optional): what decides the layer's picture but the features themselves
 *   (which, where, their revisions): the audience, the colours, the table, the sides and their
 *   order. Where two pictures of a layer have the same context and viewport, they differ only
 *   where features or their labels changed: a cache may paint only there.
 * @features: (out) (optional): the rest of the key: the features, as for
 *   muster_map_layer_key(); when only the context changed, the same features are shown
 *   another way (another theme, another audience)
 *
 * Returns: muster_map_layer_key(), made of the two
 */
guint64
muster_map_layer_keys (const MusterMapScene *scene,
                       const MusterMapStyle *style,
                       MusterMapLayers       layer,
                       guint64              *context,
                       guint64              *features)
{
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  Painter p = { .scene = scene, .sides = sides };
  guint64 c, f;

  g_return_val_if_fail (layer == MUSTER_MAP_LAYER_GROUND || layer == MUSTER_MAP_LAYER_UNITS, 0);

  c = context_key (scene, style, layer, &p);
  f = features_key (scene, layer, &p);
  if (context != NULL)
    *context = c;
  if (features != NULL)
    *features = f;
  return mix (c, &f, sizeof f);
}

/**
 * muster_map_layer_key:
 * @scene: what is painted
 * @style: in which colours
 * @layer: %MUSTER_MAP_LAYER_GROUND or %MUSTER_MAP_LAYER_UNITS
 *
 * Everything but the viewport that decides what @layer shows, hashed: the battlefield's
 * revisions for the kinds of feature on the layer (for units, the named terrain too, whose
 * names their labels keep clear of; for the ground, the objectives, whose markers terrain
 * names keep off; leaving out live features, which are painted on their own), the table, the
 * sides and their order, the terrain types, the audience (umpire or side), the colours. Two
 * equal keys paint the same picture for the same viewport. Not covered: changes to the
 * document's lists (unit names, sides of forces): those invalidate a cache by hand.
 *
 * Returns: the key
 */
guint64
muster_map_layer_key (const MusterMapScene *scene,
                      const MusterMapStyle *style,
                      MusterMapLayers       layer)
{
  return muster_map_layer_keys (scene, style, layer, NULL, NULL);
}
