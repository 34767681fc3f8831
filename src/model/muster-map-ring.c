/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-cache"

#include "config.h"

#include <math.h>

#include "muster-map-cache-private.h"

/*
 * A kept layer's picture, in an image surface of the view's size used as a ring: the view's
 * pixel (x, y) is kept at ((x + ox) mod width, (y + oy) mod height), so that a pan moves only
 * the origin and paints the strips it uncovers, and nothing is copied till the layers are
 * composited. Areas are painted into it with a margin, so they hold the very pixels a whole
 * repaint would; a picture of another zoom or rotation is shown transformed.
 */

/* The ground is opaque: without alpha it is copied at a third of the cost. */
cairo_surface_t *
_muster_map_cache_new_surface (MusterMapCache *self,
                               Layer          *layer)
{
  cairo_surface_t *surface = cairo_image_surface_create (layer->layer == MUSTER_MAP_LAYER_GROUND
                                                         ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                         self->pixel_width, self->pixel_height);

  cairo_surface_set_device_scale (surface, self->scale, self->scale);
  return surface;
}

/* A surface for @layer that is not in use. */
cairo_surface_t *
_muster_map_cache_take_spare (MusterMapCache *self,
                              Layer          *layer)
{
  cairo_surface_t *surface = g_steal_pointer (&layer->spare);

  return surface != NULL ? surface : _muster_map_cache_new_surface (self, layer);
}

/* How far past an area's sides it is painted, px. Cairo clips a shape's edges to the clip's
 * extents, rounding where they cross its sides: the pixels within a few of a side that an edge
 * crosses may come out a step lighter or darker than when painted whole (top and bottom, where
 * only the edges' ends move, are exact; so the bands of rows agree). */
#define AREA_PAD_PX 8

/* @area with AREA_PAD_PX round it, within the view; with @pad FALSE, the other way. */
static cairo_rectangle_int_t
pad_in_view (MusterMapCache              *self,
             const cairo_rectangle_int_t *area,
             gboolean                     pad)
{
  int view_width = (int) ceil (self->pixel_width / self->scale);
  int view_height = (int) ceil (self->pixel_height / self->scale);
  int by = pad ? AREA_PAD_PX : -AREA_PAD_PX;
  /* (a side at the view's edge stays there: a whole repaint is cut there too) */
  int x0 = area->x <= 0 ? 0 : MAX (area->x - by, 0);
  int y0 = area->y <= 0 ? 0 : MAX (area->y - by, 0);
  int x1 = area->x + area->width >= view_width ? view_width
           : MIN (area->x + area->width + by, view_width);
  int y1 = area->y + area->height >= view_height ? view_height
           : MIN (area->y + area->height + by, view_height);

  return (cairo_rectangle_int_t) { x0, y0, MAX (x1 - x0, 0), MAX (y1 - y0, 0) };
}

/* Paints @padded (widget px of the view) of @layer on a surface of its own and copies the part
 * of it in @area into the layer's ring: where the view's pixel (x, y) is kept at
 * ((x + ox) mod width, (y + oy) mod height), in up to four pieces. */
static void
paint_ring_padded (MusterMapCache              *self,
                   Layer                       *layer,
                   const Frame                 *frame,
                   const cairo_rectangle_int_t *padded,
                   const cairo_rectangle_int_t *area)
{
  cairo_surface_t *scratch;
  cairo_t *cr;

  if (area->width <= 0 || area->height <= 0)
    return;
  scratch = cairo_image_surface_create (cairo_image_surface_get_format (layer->surface),
                                        (int) ceil (padded->width * self->scale),
                                        (int) ceil (padded->height * self->scale));
  cairo_surface_set_device_scale (scratch, self->scale, self->scale);
  cr = cairo_create (scratch);
  cairo_translate (cr, -padded->x, -padded->y);
  /* (new, the surface is transparent: nothing to clear) */
  _muster_map_cache_draw_area (layer->layer, cr, frame, padded, FALSE);
  cairo_destroy (cr);
  layer->blank = FALSE;

  for (int ky = 0; ky < 2; ky++)
    for (int kx = 0; kx < 2; kx++)
      {
        /* where the area lands with this wrap, in device px */
        int tx = layer->ox - kx * self->pixel_width, ty = layer->oy - ky * self->pixel_height;
        /* the part of the area kept inside the surface with this wrap, widget px, rounded
         * outwards (past the surface's edge, where nothing is drawn) */
        int x0 = MAX (area->x, (int) floor (-tx / self->scale));
        int y0 = MAX (area->y, (int) floor (-ty / self->scale));
        int x1 = MIN (area->x + area->width, (int) ceil ((self->pixel_width - tx) / self->scale));
        int y1 = MIN (area->y + area->height, (int) ceil ((self->pixel_height - ty) / self->scale));

        if (x0 >= x1 || y0 >= y1)
          continue;
        cr = cairo_create (layer->surface);
        cairo_translate (cr, tx / self->scale, ty / self->scale);
        cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
        cairo_clip (cr);
        cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
        cairo_set_source_surface (cr, scratch, padded->x, padded->y);
        cairo_paint (cr);
        cairo_destroy (cr);
      }
  cairo_surface_destroy (scratch);
}

/* Paints @area (widget px of the view) of @layer into its ring: painted with AREA_PAD_PX round
 * it, so that it holds the very pixels a whole repaint would. */
static void
paint_ring_area (MusterMapCache              *self,
                 Layer                       *layer,
                 const Frame                 *frame,
                 const cairo_rectangle_int_t *area)
{
  cairo_rectangle_int_t padded = pad_in_view (self, area, TRUE);

  paint_ring_padded (self, layer, frame, &padded, area);
}

/* Paints @dirty (widget px of the view) of @layer into its ring: its rectangles padded, those
 * that then meet merged, each painted once (what lies between them is painted as it is). */
void
_muster_map_cache_paint_ring_region (MusterMapCache       *self,
                                     Layer                *layer,
                                     const Frame          *frame,
                                     const cairo_region_t *dirty)
{
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_int_t));
  gboolean merged = TRUE;

  for (int k = 0; k < cairo_region_num_rectangles (dirty); k++)
    {
      cairo_rectangle_int_t rect, padded;

      cairo_region_get_rectangle (dirty, k, &rect);
      padded = pad_in_view (self, &rect, TRUE);
      g_array_append_val (boxes, padded);
    }
  while (merged)
    {
      merged = FALSE;
      for (guint a = 0; a < boxes->len && !merged; a++)
        for (guint b = a + 1; b < boxes->len && !merged; b++)
          {
            cairo_rectangle_int_t *p = &g_array_index (boxes, cairo_rectangle_int_t, a);
            const cairo_rectangle_int_t *q = &g_array_index (boxes, cairo_rectangle_int_t, b);
            int x0 = MIN (p->x, q->x), y0 = MIN (p->y, q->y);
            int x1 = MAX (p->x + p->width, q->x + q->width);
            int y1 = MAX (p->y + p->height, q->y + q->height);

            if (p->x >= q->x + q->width || q->x >= p->x + p->width ||
                p->y >= q->y + q->height || q->y >= p->y + p->height)
              continue;
            *p = (cairo_rectangle_int_t) { x0, y0, x1 - x0, y1 - y0 };
            g_array_remove_index_fast (boxes, b);
            merged = TRUE;
          }
    }
  for (guint k = 0; k < boxes->len; k++)
    {
      const cairo_rectangle_int_t *padded = &g_array_index (boxes, cairo_rectangle_int_t, k);
      /* (what is AREA_PAD_PX inside the padded box holds every pixel of @dirty it covers) */
      cairo_rectangle_int_t area = pad_in_view (self, padded, FALSE);

      paint_ring_padded (self, layer, frame, padded, &area);
    }
}

/* Moves the kept picture by (@dx, @dy) device pixels and paints the strips it uncovers. The
 * picture is not copied: its ring's origin moves, and the strips are painted where the ring
 * keeps them. */
void
_muster_map_cache_scroll (MusterMapCache *self,
                          Layer          *layer,
                          const Frame    *frame,
                          int             dx,
                          int             dy)
{
  int width = muster_viewport_get_width (frame->viewport);
  int height = muster_viewport_get_height (frame->viewport);
  /* the uncovered strips in widget px, rounded outwards: painting a pixel twice is harmless */
  int sx = (int) ceil (abs (dx) / self->scale);
  int sy = (int) ceil (abs (dy) / self->scale);
  cairo_rectangle_int_t strips[2] = {
    { dx > 0 ? 0 : width - sx, 0, sx, height },
    { 0, dy > 0 ? 0 : height - sy, width, sy },
  };

  layer->ox = ((layer->ox - dx) % self->pixel_width + self->pixel_width) % self->pixel_width;
  layer->oy = ((layer->oy - dy) % self->pixel_height + self->pixel_height) % self->pixel_height;
  for (guint i = 0; i < G_N_ELEMENTS (strips); i++)
    if (strips[i].width > 0 && strips[i].height > 0)
      paint_ring_area (self, layer, frame, &strips[i]);
}

/* Puts @layer's ring back in order (origin 0, 0): for a picture to be transformed. */
void
_muster_map_cache_unwrap (MusterMapCache *self,
                          Layer          *layer)
{
  cairo_surface_t *ordered;
  cairo_t *cr;

  if (layer->ox == 0 && layer->oy == 0)
    return;
  if (layer->spare == NULL)
    layer->spare = _muster_map_cache_new_surface (self, layer);
  cr = cairo_create (layer->spare);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_surface (cr, layer->surface, -layer->ox / self->scale, -layer->oy / self->scale);
  cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_REPEAT);
  cairo_paint (cr);
  cairo_destroy (cr);
  ordered = layer->spare;
  layer->spare = layer->surface;
  layer->surface = ordered;
  layer->ox = layer->oy = 0;
}

/* Whether @b is @a moved by whole device pixels, less than the surface across; and by how many. */
gboolean
_muster_map_cache_is_scroll (MusterMapCache       *self,
                             const cairo_matrix_t *a,
                             const cairo_matrix_t *b,
                             int                  *dx,
                             int                  *dy)
{
  double x = (b->x0 - a->x0) * self->scale;
  double y = (b->y0 - a->y0) * self->scale;

  if (a->xx != b->xx || a->yx != b->yx || a->xy != b->xy || a->yy != b->yy ||
      fabs (x - round (x)) > 1e-6 || fabs (y - round (y)) > 1e-6 ||
      fabs (x) >= self->pixel_width || fabs (y) >= self->pixel_height)
    return FALSE;
  *dx = (int) round (x);
  *dy = (int) round (y);
  return TRUE;
}

/* Paints @surface, painted under the viewport's @painted matrix, where the viewport's @matrix
 * now puts it. */
void
_muster_map_cache_paint_transformed (cairo_t              *cr,
                                     cairo_surface_t      *surface,
                                     const cairo_matrix_t *painted,
                                     const cairo_matrix_t *matrix)
{
  cairo_matrix_t to_old;

  cairo_set_source_surface (cr, surface, 0, 0);
  /* from widget px now to the table, then to widget px when the layer was painted */
  to_old = *matrix;
  if (cairo_matrix_invert (&to_old) == CAIRO_STATUS_SUCCESS)
    {
      cairo_matrix_multiply (&to_old, &to_old, painted);
      cairo_pattern_set_matrix (cairo_get_source (cr), &to_old);
    }
  /* nearest pixel: a tenth of a bilinear filter's time, and only until the zoom rests */
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_FAST);
  cairo_paint (cr);
}

/* Paints @layer's picture where the viewport's @matrix now puts it: a current ring in up to four
 * plain copies (a repeating pattern would cost pixman several times as much), a stale picture
 * transformed. (A layer painted in bands holds its old picture, scaled, in the rows to come.) */
void
_muster_map_cache_composite_layer (MusterMapCache       *self,
                                   cairo_t              *cr,
                                   const Layer          *layer,
                                   const cairo_matrix_t *matrix)
{
  if (!layer_is_current (layer, matrix))
    {
      g_warn_if_fail (layer->ox == 0 && layer->oy == 0);   /* _muster_map_cache_unwrap() first */
      _muster_map_cache_paint_transformed (cr, layer->surface, &layer->matrix, matrix);
      return;
    }
  for (int ky = 0; ky < 2; ky++)
    for (int kx = 0; kx < 2; kx++)
      {
        /* the view's pixels kept at (x + tx, y + ty) with this wrap, device px */
        int tx = layer->ox - kx * self->pixel_width, ty = layer->oy - ky * self->pixel_height;
        int x0 = MAX (-tx, 0), y0 = MAX (-ty, 0);
        int x1 = MIN (self->pixel_width - tx, self->pixel_width);
        int y1 = MIN (self->pixel_height - ty, self->pixel_height);

        if (x0 >= x1 || y0 >= y1)
          continue;
        cairo_save (cr);
        cairo_rectangle (cr, x0 / self->scale, y0 / self->scale,
                         (x1 - x0) / self->scale, (y1 - y0) / self->scale);
        cairo_clip (cr);
        cairo_set_source_surface (cr, layer->surface, -tx / self->scale, -ty / self->scale);
        cairo_paint (cr);
        cairo_restore (cr);
      }
}
