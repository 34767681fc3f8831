/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <pango/pango.h>
#include <glib.h>

#include "muster-doc.h"
#include "muster-odds-tint.h"
#include "muster-terrain.h"
#include "muster-viewport.h"

G_BEGIN_DECLS

#define MUSTER_MAP_N_SIDES 4
#define MUSTER_MAP_N_ODDS_STOPS 3

/* Colours as RGBA in 0..1: the caller passes the light or the dark set. */
typedef struct
{
  double      background[4];   /* around the table */
  double      table[4];
  double      edge[4];
  double      grid[4];
  double      text[4];
  double      terrain[MUSTER_TERRAIN_N_KINDS][4];
  double      sides[MUSTER_MAP_N_SIDES][4];
  double      objective[4];
  double      selection[4];
  double      measure[4];
  double      blocked[4];
  double      odds[MUSTER_MAP_N_ODDS_STOPS][4];  /* the tint by chance: none, even, sure */
  const char *font;            /* a Pango font description; NULL for "Sans 9" */
} MusterMapStyle;

/**
 * MusterMapLayers:
 * @MUSTER_MAP_LAYER_GROUND: the background, table, grid, rulers, zones and terrain (with names)
 * @MUSTER_MAP_LAYER_LIVE_GROUND: the scene's live zones and terrain
 * @MUSTER_MAP_LAYER_UNITS: units and objectives, with the names of units, objectives and the
 *   terrain that units stand on
 * @MUSTER_MAP_LAYER_LIVE_UNITS: the scene's live units and objectives
 * @MUSTER_MAP_LAYER_MARKS: selection, rubber band, measuring line, range rings
 *
 * The map is painted in these layers, bottom first. Ground and units change only with edits, so
 * a cache can keep them (see MusterMapCache); the live features (those being dragged) and the
 * marks change with every pointer move and are painted over the kept layers each frame.
 */
typedef enum
{
  MUSTER_MAP_LAYER_GROUND      = 1 << 0,
  MUSTER_MAP_LAYER_LIVE_GROUND = 1 << 1,
  MUSTER_MAP_LAYER_UNITS       = 1 << 2,
  MUSTER_MAP_LAYER_LIVE_UNITS  = 1 << 3,
  MUSTER_MAP_LAYER_MARKS       = 1 << 4,
  MUSTER_MAP_LAYER_ALL         = (1 << 5) - 1,
} MusterMapLayers;

/**
 * MusterMapScene:
 * @battlefield: what to draw
 * @doc: (nullable): the document, for unit names and sides
 * @types: (nullable): the rule system's terrain types, for how pieces look
 * @selection: (nullable): feature ids (keys) drawn selected
 * @show_umpire: draw the umpire's layer (hidden units, notes): the umpire's view
 * @side: (nullable): without @show_umpire, the side whose players look: its own hidden units
 *   are drawn too (marked hidden), the other side's are left out
 * @measure: the measuring line, when @has_measure
 * @measure_label: (nullable): its text ("12.5″", "blocked by Old Wood")
 * @measure_blocked: draw it as a blocked line of sight
 * @blocker: (nullable): with @measure_blocked, the id of the feature that blocks it: outlined
 * @rubber_band: a selection rectangle, when not empty
 * @show_ranges: ring each selected unit with its weapon ranges (from @types' ruleset, for the
 *   unit of @doc it places)
 * @no_labels: leave out the names of units, objectives and terrain: the caller places them
 *   (print keeps them apart, see muster-map-print.c)
 * @live: (nullable): feature ids (keys) being dragged: painted in the live layers, left out of
 *   the ground and units layers
 * @placed_labels: (nullable): muster_map_place_scene_labels() for this scene and viewport, for
 *   a caller that paints several areas of one frame (a map cache's strips): placed once; not
 *   in muster_map_layer_key(), so good for that frame only
 * @placed_names: (nullable): muster_map_place_terrain_names() for this scene and viewport:
 *   the ground layer's terrain names placed once for a frame's areas; good for that frame only
 * @footprints: (nullable) (element-type MusterFeature MusterFootprint):
 *   muster_map_scene_footprints() for this scene: each unit's stands laid out once a frame,
 *   for label placement and painting alike; good for that frame only
 * @tint: (nullable): enemy units tinted by the chance of a procedure's key outcome, with a
 *   legend saying what the colours mean (in the marks)
 *
 * A field that changes what the ground or units layers show must also go into
 * muster_map_layer_key(), or a cache will keep showing the old picture.
 */
typedef struct
{
  MusterBattlefield        *battlefield;
  MusterDoc                *doc;
  const MusterTerrainTypes *types;
  GHashTable               *selection;
  gboolean                  show_umpire;
  const char               *side;
  gboolean                  has_measure;
  MusterSegment             measure;
  const char               *measure_label;
  gboolean                  measure_blocked;
  const char               *blocker;
  MusterBox                 rubber_band;
  gboolean                  no_labels;
  GHashTable               *live;
  gboolean                  show_ranges;
  GHashTable               *placed_labels;
  GHashTable               *placed_names;
  GHashTable               *footprints;
  const MusterOddsTint     *tint;
} MusterMapScene;

void     muster_map_style_init_light (MusterMapStyle       *style);
void     muster_map_style_init_dark  (MusterMapStyle       *style);
void     muster_map_paint            (cairo_t              *cr,
                                      MusterViewport       *viewport,
                                      const MusterMapScene *scene,
                                      const MusterMapStyle *style);
void     muster_map_paint_layers     (cairo_t              *cr,
                                      MusterViewport       *viewport,
                                      const MusterMapScene *scene,
                                      const MusterMapStyle *style,
                                      MusterMapLayers       layers,
                                      const cairo_rectangle_int_t *area);
guint64  muster_map_layer_key        (const MusterMapScene *scene,
                                      const MusterMapStyle *style,
                                      MusterMapLayers       layer);
guint64  muster_map_layer_keys       (const MusterMapScene *scene,
                                      const MusterMapStyle *style,
                                      MusterMapLayers       layer,
                                      guint64              *context,
                                      guint64              *features);
int      muster_map_side_index       (const MusterMapScene *scene,
                                      const char           *side);
gboolean muster_map_scene_shows      (const MusterMapScene *scene,
                                      const MusterFeature  *feature);
GHashTable *muster_map_scene_footprints (const MusterMapScene *scene);
char    *muster_map_format_length    (const MusterBattlefield *battlefield,
                                      double                mm);
void     muster_map_tint_colour      (const MusterMapStyle *style,
                                      double                chance,
                                      double                rgba[4]);
/**
 * MusterMapPlacedLabel:
 * @box: the label's plate, device px
 * @text: (transfer none): the label, the feature's or its unit's name
 * @terrain: a terrain piece's name that a unit stands on, painted again over the units
 * @leader: the label stands away from its feature (no place beside it was free): a line
 *   joins them, from @leader_from on the feature to @leader_to on the plate (device px)
 */
typedef struct
{
  MusterBox   box;
  const char *text;
  gboolean    terrain;
  gboolean    leader;
  MusterPoint leader_from;
  MusterPoint leader_to;
} MusterMapPlacedLabel;

MusterBox   muster_map_placed_label_reach (const MusterMapPlacedLabel *label);
GHashTable *muster_map_place_labels  (MusterViewport       *viewport,
                                      const MusterMapScene *scene,
                                      PangoLayout          *layout);
GHashTable *muster_map_place_scene_labels (cairo_t              *cr,
                                           MusterViewport       *viewport,
                                           const MusterMapScene *scene,
                                           const MusterMapStyle *style);
GHashTable *muster_map_place_terrain_names (cairo_t              *cr,
                                            MusterViewport       *viewport,
                                            const MusterMapScene *scene,
                                            const MusterMapStyle *style);

G_END_DECLS
