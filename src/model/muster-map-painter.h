/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "muster-doc.h"
#include "muster-terrain.h"
#include "muster-viewport.h"

G_BEGIN_DECLS

#define MUSTER_MAP_N_SIDES 4

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
  const char *font;            /* a Pango font description; NULL for "Sans 9" */
} MusterMapStyle;

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
 * @rubber_band: a selection rectangle, when not empty
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
  MusterBox                 rubber_band;
} MusterMapScene;

void     muster_map_style_init_light (MusterMapStyle       *style);
void     muster_map_style_init_dark  (MusterMapStyle       *style);
void     muster_map_paint            (cairo_t              *cr,
                                      MusterViewport       *viewport,
                                      const MusterMapScene *scene,
                                      const MusterMapStyle *style);
int      muster_map_side_index       (const MusterMapScene *scene,
                                      const char           *side);
gboolean muster_map_scene_shows      (const MusterMapScene *scene,
                                      const MusterFeature  *feature);
char    *muster_map_format_length    (const MusterBattlefield *battlefield,
                                      double                mm);

G_END_DECLS
