/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "muster-doc.h"
#include "muster-map-painter.h"
#include "muster-terrain.h"

G_BEGIN_DECLS

/*
 * The battlefield on paper and in images: the map painter's drawing framed with a lettered
 * reference grid, a legend and a scale bar, for the scenario packet's pages, print, and the
 * map alone as PNG or SVG. Units are PostScript points.
 */

typedef enum
{
  MUSTER_MAP_SCALE_FIT,     /* the whole table on one page */
  MUSTER_MAP_SCALE_TABLE,   /* full size, tiled over as many pages as it takes */
} MusterMapScale;

/**
 * MusterMapPrint:
 * @doc: the document (its battlefield is drawn)
 * @types: (nullable): the rule system's terrain types, for names in the legend
 * @audience: who the map is for: hidden units are drawn for their side and the umpire only
 * @grid: the reference grid's spacing in mm (see muster_map_print_grid_for())
 * @placed_labels: (nullable) (element-type MusterMapPrintLabel): where drawing a frame
 *   appends the labels it placed (for tests)
 */
typedef struct
{
  MusterDoc                *doc;
  const MusterTerrainTypes *types;
  MusterAudience            audience;
  double                    grid;
  GArray                   *placed_labels;
} MusterMapPrint;

/**
 * MusterMapPrintLabel:
 * @box: a label's plate, frame coordinates
 * @owner: (type MusterFeature): the feature it names
 */
typedef struct
{
  MusterBox     box;
  gconstpointer owner;
} MusterMapPrintLabel;

void     muster_map_style_init_print   (MusterMapStyle       *style);
double   muster_map_print_grid_for     (const MusterBattlefield *field,
                                        double                zoom);
char    *muster_map_print_grid_ref     (const MusterMapPrint *map,
                                        MusterPoint           point);
char    *muster_map_print_grid_span    (const MusterMapPrint *map,
                                        MusterBox             box);
double   muster_map_print_fit_zoom     (const MusterMapPrint *map,
                                        double                width,
                                        double                height);
void     muster_map_print_frame        (cairo_t              *cr,
                                        const MusterMapPrint *map,
                                        double                x,
                                        double                y,
                                        double                width,
                                        double                height,
                                        double                zoom,
                                        MusterPoint           origin);
double   muster_map_print_legend       (cairo_t              *cr,
                                        const MusterMapPrint *map,
                                        double                x,
                                        double                y,
                                        double                width,
                                        double                zoom,
                                        gboolean              draw);
GBytes  *muster_map_print_to_png       (const MusterMapPrint *map,
                                        MusterMapScale        scale,
                                        GError              **error);
GBytes  *muster_map_print_to_svg       (const MusterMapPrint *map,
                                        MusterMapScale        scale,
                                        GError              **error);

/* Points per table millimetre at full size. */
#define MUSTER_MAP_PRINT_FULL_SIZE (72.0 / 25.4)

G_END_DECLS
