/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-painter"

#include "config.h"

#include "muster-map-painter-private.h"

/*
 * The map's colours: the light and dark styles, and which colour each side takes (the sides
 * in the order the document lists them, round the style's few side colours).
 */

/* Fills @p's sides in the order their colours go to them. */
void
_muster_map_collect_sides (Painter *p)
{
  muster_doc_collect_sides (p->scene->doc, p->scene->battlefield, p->sides);
}

/* The colour of @side: the neutral grey for none, or one the scene does not know. */
const double *
_muster_map_side_colour (Painter    *p,
                         const char *side)
{
  static const double neutral[4] = { 0.5, 0.5, 0.5, 1.0 };
  guint index;

  if (side && g_ptr_array_find_with_equal_func (p->sides, side, g_str_equal, &index))
    return p->style->sides[index % MUSTER_MAP_N_SIDES];
  return neutral;
}

/* Returns: the colour index of @side (0..MUSTER_MAP_N_SIDES-1), -1 for none */
int
muster_map_side_index (const MusterMapScene *scene,
                       const char           *side)
{
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  guint index;

  if (side == NULL)
    return -1;
  muster_doc_collect_sides (scene->doc, scene->battlefield, sides);
  if (!g_ptr_array_find_with_equal_func (sides, side, g_str_equal, &index))
    return -1;
  return index % MUSTER_MAP_N_SIDES;
}

/* Terrain colours: muted map tones that keep unit colours the brightest thing on the table. */
static void
init_terrain (MusterMapStyle *style,
              double          shade)
{
  static const double base[MUSTER_TERRAIN_N_KINDS][3] = {
    [MUSTER_TERRAIN_OPEN]          = { 0.80, 0.84, 0.66 },
    [MUSTER_TERRAIN_WOODS]         = { 0.42, 0.60, 0.36 },
    [MUSTER_TERRAIN_HILL]          = { 0.78, 0.70, 0.52 },
    [MUSTER_TERRAIN_STEEP_HILL]    = { 0.66, 0.56, 0.42 },
    [MUSTER_TERRAIN_BUILDING]      = { 0.62, 0.44, 0.38 },
    [MUSTER_TERRAIN_RIVER]         = { 0.42, 0.62, 0.80 },
    [MUSTER_TERRAIN_ROAD]          = { 0.80, 0.72, 0.58 },
    [MUSTER_TERRAIN_FORD]          = { 0.60, 0.74, 0.82 },
    [MUSTER_TERRAIN_BRIDGE]        = { 0.55, 0.45, 0.35 },
    [MUSTER_TERRAIN_LINEAR]        = { 0.45, 0.40, 0.35 },
    [MUSTER_TERRAIN_ROUGH]         = { 0.70, 0.66, 0.56 },
    [MUSTER_TERRAIN_MARSH]         = { 0.55, 0.66, 0.58 },
    [MUSTER_TERRAIN_WATER]         = { 0.36, 0.54, 0.76 },
    [MUSTER_TERRAIN_IMPASSABLE]    = { 0.40, 0.40, 0.42 },
    [MUSTER_TERRAIN_FORTIFICATION] = { 0.55, 0.50, 0.48 },
  };

  for (guint i = 0; i < MUSTER_TERRAIN_N_KINDS; i++)
    {
      for (guint c = 0; c < 3; c++)
        style->terrain[i][c] = base[i][c] * shade;
      style->terrain[i][3] = 1.0;
    }
}

void
muster_map_style_init_light (MusterMapStyle *style)
{
  const MusterMapStyle light = {
    .background = { 0.92, 0.92, 0.91, 1.0 },
    .table = { 0.87, 0.90, 0.78, 1.0 },
    .edge = { 0.20, 0.22, 0.18, 1.0 },
    .grid = { 0.0, 0.0, 0.0, 0.10 },
    .text = { 0.10, 0.10, 0.10, 1.0 },
    .sides = { { 0.11, 0.44, 0.85, 1.0 },    /* blue 4 */
               { 0.88, 0.11, 0.14, 1.0 },    /* red 3 */
               { 0.96, 0.76, 0.07, 1.0 },    /* yellow 4 */
               { 0.57, 0.25, 0.67, 1.0 } },  /* purple 3 */
    .objective = { 0.90, 0.38, 0.0, 1.0 },   /* orange 4 */
    .selection = { 0.21, 0.52, 0.89, 1.0 },
    .measure = { 0.0, 0.0, 0.0, 0.85 },
    .blocked = { 0.75, 0.11, 0.16, 1.0 },
    /* yellow to orange to dark red (ColorBrewer's YlOrRd): darker with every step, so it reads
     * without telling hues apart, and the surer the darker against the pale table */
    .odds = { { 1.00, 0.93, 0.63, 1.0 },
              { 0.99, 0.55, 0.24, 1.0 },
              { 0.50, 0.00, 0.15, 1.0 } },
    .font = NULL,
  };

  *style = light;
  init_terrain (style, 1.0);
}

void
muster_map_style_init_dark (MusterMapStyle *style)
{
  const MusterMapStyle dark = {
    .background = { 0.14, 0.14, 0.14, 1.0 },
    .table = { 0.27, 0.31, 0.24, 1.0 },
    .edge = { 0.05, 0.05, 0.05, 1.0 },
    .grid = { 1.0, 1.0, 1.0, 0.10 },
    .text = { 0.95, 0.95, 0.95, 1.0 },
    .sides = { { 0.38, 0.63, 0.92, 1.0 },
               { 0.93, 0.36, 0.38, 1.0 },
               { 0.97, 0.83, 0.18, 1.0 },
               { 0.75, 0.38, 0.85, 1.0 } },
    .objective = { 1.0, 0.64, 0.28, 1.0 },
    .selection = { 0.47, 0.68, 0.93, 1.0 },
    .measure = { 1.0, 1.0, 1.0, 0.9 },
    .blocked = { 0.93, 0.36, 0.38, 1.0 },
    /* dim violet to rose to bright yellow (magma's upper half): lighter with every step, so
     * the surer the brighter against the dark table */
    .odds = { { 0.32, 0.17, 0.45, 1.0 },
              { 0.87, 0.32, 0.42, 1.0 },
              { 0.99, 0.91, 0.45, 1.0 } },
    .font = NULL,
  };

  *style = dark;
  init_terrain (style, 0.55);
}
