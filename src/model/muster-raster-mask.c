/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-raster"

#include "config.h"

#include <string.h>

#include "muster-raster-private.h"

/*
 * A polygon's fill recorded once and done again in any colour: what muster_raster_fill_polygon()
 * does to the pixels (each run of pixels at one coverage, each edge pixel at its own) kept as
 * steps, without the edges' accumulation and the walk along the rows that find them.
 *
 * Why: the map's tint paints every enemy unit on every frame of a drag, in a colour that
 * follows its odds, but the units themselves do not move; finding the coverage was most of the
 * cost of a unit's fill. Replayed, the steps are the same blends at the same coverages, so the
 * pixels are the same as the fill's.
 *
 * A mask is good for a raster of the same surface size, matrix and clip: muster_raster_mask_fits().
 */

/**
 * muster_raster_mask_polygon:
 * @self: a raster
 * @points: (array length=n): a closed polygon in user space, as muster_raster_fill_polygon()
 *   takes it
 * @n: its corners
 *
 * Records what muster_raster_fill_polygon() would do, drawing nothing.
 *
 * Returns: (transfer full) (nullable): the mask; %NULL under a clip polygon
 *   (muster_raster_set_clip_polygon()), which a mask does not keep
 */
MusterRasterMask *
muster_raster_mask_polygon (MusterRaster      *self,
                            const MusterPoint *points,
                            guint              n)
{
  g_autoptr(GArray) ops = g_array_new (FALSE, FALSE, sizeof (MusterRasterOp));
  MusterRasterMask *mask;

  g_return_val_if_fail (self != NULL, NULL);

  if (!_muster_raster_record_polygon (self, points, n, ops))
    return NULL;
  mask = g_new0 (MusterRasterMask, 1);
  mask->ops = g_steal_pointer (&ops);
  mask->to_pixels = self->to_pixels;
  mask->clips = g_memdup2 (self->clips, sizeof (Rect) * MAX (self->n_clips, 1));
  mask->n_clips = self->n_clips;
  mask->width = self->width;
  mask->height = self->height;
  mask->stride = self->stride;
  return mask;
}

/**
 * muster_raster_mask_fits:
 * @self: a raster
 * @mask: a mask recorded on this raster or another
 *
 * Returns: whether @mask was recorded on a raster like @self: the same size of surface, the
 *   same matrix from user space to its pixels, the same clip
 */
gboolean
muster_raster_mask_fits (const MusterRaster     *self,
                         const MusterRasterMask *mask)
{
  g_return_val_if_fail (self != NULL && mask != NULL, FALSE);

  return mask->width == self->width && mask->height == self->height &&
         mask->stride == self->stride && mask->n_clips == self->n_clips &&
         memcmp (&mask->to_pixels, &self->to_pixels, sizeof (cairo_matrix_t)) == 0 &&
         memcmp (mask->clips, self->clips, sizeof (Rect) * self->n_clips) == 0;
}

/**
 * muster_raster_fill_mask:
 * @self: a raster that @mask fits (muster_raster_mask_fits())
 * @mask: a polygon's fill
 * @rgba: the colour, 0..1, not premultiplied
 *
 * Fills the polygon of @mask: the same pixels as muster_raster_fill_polygon() with it.
 */
void
muster_raster_fill_mask (MusterRaster           *self,
                         const MusterRasterMask *mask,
                         const double            rgba[4])
{
  Colour colour = colour_from_rgba (rgba);
  const MusterRasterOp *ops;

  g_return_if_fail (self != NULL && mask != NULL);
  g_return_if_fail (muster_raster_mask_fits (self, mask));

  if (colour.alpha == 0 || mask->ops->len == 0)
    return;
  ops = (const MusterRasterOp *) mask->ops->data;
  for (guint i = 0; i < mask->ops->len; i++)
    {
      guint32 *row = (guint32 *) (self->data + (gsize) ops[i].y * self->stride);

      if (ops[i].n == 0)
        blend_m (row + ops[i].x, &colour, ops[i].m, self->opaque_target);
      else
        blend_run (row + ops[i].x, ops[i].n, &colour, ops[i].m, self->opaque_target);
    }
  self->dirty = TRUE;
}

void
muster_raster_mask_free (MusterRasterMask *mask)
{
  if (mask == NULL)
    return;
  g_array_unref (mask->ops);
  g_free (mask->clips);
  g_free (mask);
}
