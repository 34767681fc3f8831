/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-geometry.h"

G_BEGIN_DECLS

/*
 * A grid over an area, for finding what a label's box may cover without looking at every unit
 * and label on the map: looking at them all made placing the names of 78,000 units take hours
 * (issue 20). Each cell lists the boxes (their indices, the last filed first) that reach into it, as a
 * chain through one array (an array a cell made placing 78,000 names spend its time in malloc
 * and free). Boxes
 * past the area are filed in the edge cells, so a box is visited whenever it may overlap the
 * one asked about; the caller's exact test comes after. Used by the printed map's labels
 * (muster-map-print-labels.c) and the screen's (muster-map-labels.c).
 */

typedef struct
{
  guint index;   /* the box's */
  guint next;    /* the cell's entry filed before, G_MAXUINT at the first */
} MusterLabelGridEntry;

typedef struct
{
  MusterBox  area;
  double     cell;
  guint      columns, rows;
  guint      n_boxes;   /* filed or not */
  guint     *heads;     /* each cell's last entry, G_MAXUINT when none */
  GArray    *entries;   /* MusterLabelGridEntry */
} MusterLabelGrid;

/* Returns: %TRUE to stop */
typedef gboolean (*MusterLabelGridVisit) (guint    index,
                                          gpointer data);

void     _muster_label_grid_init  (MusterLabelGrid      *grid,
                                   MusterBox             area,
                                   double                min_cell,
                                   guint                 max_cells);
void     _muster_label_grid_clear (MusterLabelGrid      *grid);
void     _muster_label_grid_add   (MusterLabelGrid      *grid,
                                   MusterBox             box);
gboolean _muster_label_grid_visit (const MusterLabelGrid *grid,
                                   MusterBox             box,
                                   MusterLabelGridVisit  visit,
                                   gpointer              data);

/* For the tests: every grid is one cell, so every box filed is looked at, as before the grid */
extern gboolean _muster_label_grid_one_cell;

G_END_DECLS
