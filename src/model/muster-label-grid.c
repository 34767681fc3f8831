/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-label-grid"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-label-grid-private.h"

gboolean _muster_label_grid_one_cell = FALSE;

/* A grid over @area of cells @min_cell wide at least, at most @max_cells a side (a bigger
 * area has bigger cells). */
void
_muster_label_grid_init (MusterLabelGrid *grid,
                         MusterBox        area,
                         double           min_cell,
                         guint            max_cells)
{
  double w = area.x1 - area.x0, h = area.y1 - area.y0;

  /* An area without a size (an empty table) is one cell: every box is visited. */
  grid->area = area;
  grid->cell = isfinite (w) && isfinite (h) && w > 0 && h > 0 && !_muster_label_grid_one_cell
               ? MAX (min_cell, MAX (w, h) / max_cells) : 0;
  grid->columns = grid->cell > 0 ? (guint) CLAMP (ceil (w / grid->cell), 1, max_cells) : 1;
  grid->rows = grid->cell > 0 ? (guint) CLAMP (ceil (h / grid->cell), 1, max_cells) : 1;
  grid->n_boxes = 0;
  grid->heads = g_new (guint, grid->columns * grid->rows);
  memset (grid->heads, 0xff, grid->columns * grid->rows * sizeof (guint));
  grid->entries = g_array_new (FALSE, FALSE, sizeof (MusterLabelGridEntry));
}

void
_muster_label_grid_clear (MusterLabelGrid *grid)
{
  g_clear_pointer (&grid->heads, g_free);
  g_clear_pointer (&grid->entries, g_array_unref);
}

/* The cell @v falls in along an axis of @n cells from @origin, the edge ones past the ends. */
static guint
grid_cell (const MusterLabelGrid *grid,
           double                 v,
           double                 origin,
           guint                  n)
{
  double c = grid->cell > 0 ? floor ((v - origin) / grid->cell) : 0;

  return !(c > 0) ? 0 : c >= n - 1 ? n - 1 : (guint) c;
}

/* Files @box under the next index (one more than the last filed). A box with a side reversed
 * or not a number (NaN) is filed nowhere: the print's overlap() gives 0 for it, and the
 * screen files the hull of what it may meet (muster-map-labels.c). */
void
_muster_label_grid_add (MusterLabelGrid *grid,
                        MusterBox        box)
{
  guint index = grid->n_boxes++;

  if (!(box.x0 <= box.x1 && box.y0 <= box.y1))
    return;
  for (guint r = grid_cell (grid, box.y0, grid->area.y0, grid->rows);
       r <= grid_cell (grid, box.y1, grid->area.y0, grid->rows); r++)
    for (guint c = grid_cell (grid, box.x0, grid->area.x0, grid->columns);
         c <= grid_cell (grid, box.x1, grid->area.x0, grid->columns); c++)
      {
        guint *head = &grid->heads[r * grid->columns + c];
        MusterLabelGridEntry entry = { index, *head };

        *head = grid->entries->len;
        g_array_append_val (grid->entries, entry);
      }
}

/* Calls @visit with the index of each box filed where @box reaches, in no order and maybe
 * more than once, until it returns %TRUE. A box with a coordinate not a number visits every
 * box filed or not (the print's overlap() takes MIN and MAX of it); one with a side reversed,
 * none. Returns: whether @visit stopped it */
gboolean
_muster_label_grid_visit (const MusterLabelGrid *grid,
                          MusterBox              box,
                          MusterLabelGridVisit   visit,
                          gpointer               data)
{
  if (isnan (box.x0) || isnan (box.y0) || isnan (box.x1) || isnan (box.y1))
    {
      for (guint i = 0; i < grid->n_boxes; i++)
        if (visit (i, data))
          return TRUE;
      return FALSE;
    }
  if (box.x0 > box.x1 || box.y0 > box.y1)
    return FALSE;
  for (guint r = grid_cell (grid, box.y0, grid->area.y0, grid->rows);
       r <= grid_cell (grid, box.y1, grid->area.y0, grid->rows); r++)
    for (guint c = grid_cell (grid, box.x0, grid->area.x0, grid->columns);
         c <= grid_cell (grid, box.x1, grid->area.x0, grid->columns); c++)
      for (guint e = grid->heads[r * grid->columns + c]; e != G_MAXUINT;
           e = g_array_index (grid->entries, MusterLabelGridEntry, e).next)
        if (visit (g_array_index (grid->entries, MusterLabelGridEntry, e).index, data))
          return TRUE;
  return FALSE;
}
