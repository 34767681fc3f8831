/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-raster"

#include "config.h"

#include <math.h>

#include "muster-raster-private.h"

/*
 * Antialiased quadrilaterals written straight into an image surface's pixels.
 *
 * Why: cairo 1.16 rasterises a rotated rectangle at some 0.3 µs a pixel row whatever its
 * width, so the 2,000 stands of a crowded table cost 12 ms a frame through cairo_fill() (with
 * CAIRO_ANTIALIAS_FAST; more with the default). A convex quad needs far less: each row is one
 * span, solid inside, with a fringe a pixel or two wide at each end whose coverage comes from
 * the pixel centre's distance to the edges. That is what this does, for the map's kept layers
 * (image surfaces); on any other target (PDF, SVG, a recording surface, a clip that is not
 * whole pixels) muster_raster_begin() returns %NULL and the caller fills paths with cairo.
 *
 * Coverage is the product over the edges of clamp (distance + ½, 0, 1): exact along an
 * axis-aligned edge, within a few percent along a slanted one, and a quarter at a square
 * corner, as the true area.
 */

/* Whether @v is a whole number (of pixels), give or take rounding. */
static gboolean
is_whole (double v)
{
  return fabs (v - round (v)) < 1e-6;
}

/**
 * muster_raster_begin:
 * @cr: a context
 *
 * Starts drawing on @cr's target directly, when it can: an ARGB32 or RGB24 image surface,
 * drawn with the OVER operator and antialiasing, under a clip of whole-pixel rectangles.
 *
 * Returns: (transfer full) (nullable): the raster, to end with muster_raster_end(); %NULL when
 *   @cr must draw for itself. @cr may draw in between: an image surface takes its drawing at
 *   once, so the two keep their order.
 */
MusterRaster *
muster_raster_begin (cairo_t *cr)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  cairo_rectangle_list_t *list;
  cairo_format_t format;
  cairo_matrix_t device;
  double sx, sy, ox, oy;
  int width, height;
  MusterRaster *self;

  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS ||
      cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE ||
      cairo_get_operator (cr) != CAIRO_OPERATOR_OVER ||
      cairo_get_antialias (cr) == CAIRO_ANTIALIAS_NONE)
    return NULL;
  format = cairo_image_surface_get_format (target);
  if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24)
    return NULL;

  /* the clip in device units (before the surface's scale), then in pixels */
  cairo_surface_get_device_scale (target, &sx, &sy);
  cairo_surface_get_device_offset (target, &ox, &oy);
  cairo_save (cr);
  cairo_identity_matrix (cr);
  list = cairo_copy_clip_rectangle_list (cr);
  cairo_restore (cr);
  if (list->status != CAIRO_STATUS_SUCCESS)
    {
      cairo_rectangle_list_destroy (list);
      return NULL;
    }

  width = cairo_image_surface_get_width (target);
  height = cairo_image_surface_get_height (target);
  self = g_new0 (MusterRaster, 1);
  self->clips = g_new (Rect, MAX (list->num_rectangles, 1));
  for (int i = 0; i < list->num_rectangles; i++)
    {
      const cairo_rectangle_t *r = &list->rectangles[i];
      double x0 = r->x * sx + ox, y0 = r->y * sy + oy;
      double x1 = (r->x + r->width) * sx + ox, y1 = (r->y + r->height) * sy + oy;
      Rect clip;

      if (!is_whole (x0) || !is_whole (y0) || !is_whole (x1) || !is_whole (y1))
        {
          /* a clip edge across pixels: cairo antialiases it, so let cairo draw */
          cairo_rectangle_list_destroy (list);
          g_free (self->clips);
          g_free (self);
          return NULL;
        }
      clip = (Rect) { MAX ((int) round (x0), 0), MAX ((int) round (y0), 0),
                      MIN ((int) round (x1), width), MIN ((int) round (y1), height) };
      if (clip.x0 < clip.x1 && clip.y0 < clip.y1)
        self->clips[self->n_clips++] = clip;
    }
  cairo_rectangle_list_destroy (list);

  cairo_get_matrix (cr, &self->to_pixels);
  cairo_matrix_init (&device, sx, 0, 0, sy, ox, oy);
  cairo_matrix_multiply (&self->to_pixels, &self->to_pixels, &device);
  self->target = cairo_surface_reference (target);
  cairo_surface_flush (target);
  self->data = cairo_image_surface_get_data (target);
  self->stride = cairo_image_surface_get_stride (target);
  self->opaque_target = format == CAIRO_FORMAT_RGB24;
  return self;
}

/**
 * muster_raster_end:
 * @self: (nullable): a raster
 *
 * Hands the surface back to cairo.
 */
void
muster_raster_end (MusterRaster *self)
{
  if (self == NULL)
    return;
  if (self->dirty)
    cairo_surface_mark_dirty (self->target);
  cairo_surface_destroy (self->target);
  muster_raster_scratch_free (self->scratch);
  g_free (self->clips);
  g_free (self);
}

typedef struct
{
  double a, b, c;   /* distance (pixels, inside positive) = a x + b y + c */
} Edge;

/* Pixels @x0 .. @x1 - 1 of @row at the fringe: coverage from each edge's distance, which
 * starts at @d (for pixel @x0's centre) and steps by the edge's a. */
static inline void
fringe (guint32      *row,
        int           x0,
        int           x1,
        const Edge   *edges,
        guint         n_edges,
        const double *d,
        const Colour *colour,
        gboolean      opaque_target)
{
  double dist[4];

  for (guint i = 0; i < n_edges; i++)
    dist[i] = d[i] + 0.5;
  for (int x = x0; x < x1; x++)
    {
      double cover = 1;

      for (guint i = 0; i < n_edges; i++)
        {
          cover *= CLAMP (dist[i], 0, 1);
          dist[i] += edges[i].a;
        }
      blend (row + x, colour, cover, opaque_target);
    }
}

/* One quad (corners in pixels, in order round it) into @clip. */
static void
fill_quad (MusterRaster      *self,
           const MusterPoint  c[4],
           const Colour      *colour,
           const Rect        *clip)
{
  Edge edges[4];
  double inv_a[4];
  guint n_edges = 0;
  double area = 0, xmin = c[0].x, xmax = c[0].x, ymin = c[0].y, ymax = c[0].y;
  int y0, y1;

  for (guint i = 0; i < 4; i++)
    {
      MusterPoint p = c[i], q = c[(i + 1) % 4];

      area += p.x * q.y - q.x * p.y;
      xmin = MIN (xmin, p.x);
      xmax = MAX (xmax, p.x);
      ymin = MIN (ymin, p.y);
      ymax = MAX (ymax, p.y);
    }
  if (fabs (area) < 1e-9)
    return;
  for (guint i = 0; i < 4; i++)
    {
      MusterPoint p = c[i], q = c[(i + 1) % 4];
      double dx = q.x - p.x, dy = q.y - p.y, len = hypot (dx, dy);
      /* the inside is on the left of each edge for a positive area (y down), else the right */
      double sign = area > 0 ? 1 : -1;

      if (len < 1e-9)
        continue;
      edges[n_edges] = (Edge) { -dy * sign / len, dx * sign / len,
                                (dy * p.x - dx * p.y) * sign / len };
      inv_a[n_edges] = fabs (edges[n_edges].a) < 1e-12 ? 0 : 1 / edges[n_edges].a;
      n_edges++;
    }

  y0 = MAX ((int) floor (ymin - 0.5), clip->y0);
  y1 = MIN ((int) ceil (ymax + 0.5), clip->y1);
  /* The rows are a stride apart, which no prefetcher guesses, and a quad is small: ask for
   * every row's first pixels at once, so that their fetches overlap instead of each row
   * waiting for its own. */
  for (int y = y0; y < y1; y++)
    {
      const guchar *row = self->data + (gsize) y * self->stride;

      __builtin_prefetch (row + 4 * (gsize) CLAMP ((int) xmin, clip->x0, clip->x1 - 1), 1);
      __builtin_prefetch (row + 4 * (gsize) CLAMP ((int) xmax, clip->x0, clip->x1 - 1), 1);
    }
  for (int y = y0; y < y1; y++)
    {
      double yc = y + 0.5;
      double lo = -G_MAXDOUBLE, hi = G_MAXDOUBLE, lo_in = -G_MAXDOUBLE, hi_in = G_MAXDOUBLE;
      double k[4], d[4];
      guint32 *row;
      int x0, x1, xi0, xi1;

      for (guint i = 0; i < n_edges; i++)
        {
          const Edge *e = &edges[i];

          k[i] = e->b * yc + e->c;
          if (inv_a[i] == 0)
            {
              if (k[i] <= -0.5)
                lo = G_MAXDOUBLE;   /* the row is outside this edge */
              else if (k[i] < 0.5)
                lo_in = G_MAXDOUBLE;
            }
          else if (e->a > 0)
            {
              lo = MAX (lo, (-0.5 - k[i]) * inv_a[i]);
              lo_in = MAX (lo_in, (0.5 - k[i]) * inv_a[i]);
            }
          else
            {
              hi = MIN (hi, (-0.5 - k[i]) * inv_a[i]);
              hi_in = MIN (hi_in, (0.5 - k[i]) * inv_a[i]);
            }
        }
      if (lo >= hi)
        continue;
      /* pixels whose centre x + ½ lies in (lo, hi), and the solid ones in [lo_in, hi_in] */
      x0 = (int) MAX (ceil (lo - 0.5), clip->x0);
      x1 = (int) MIN (floor (hi - 0.5) + 1, clip->x1);
      if (x0 >= x1)
        continue;
      if (lo_in <= hi_in)
        {
          xi0 = (int) CLAMP (ceil (lo_in - 0.5), x0, x1);
          xi1 = (int) CLAMP (floor (hi_in - 0.5) + 1, xi0, x1);
        }
      else
        xi0 = xi1 = x1;
      row = (guint32 *) (self->data + (gsize) y * self->stride);
      for (guint i = 0; i < n_edges; i++)
        d[i] = edges[i].a * (x0 + 0.5) + k[i];
      fringe (row, x0, xi0, edges, n_edges, d, colour, self->opaque_target);
      blend_run (row + xi0, xi1 - xi0, colour, 255, self->opaque_target);
      for (guint i = 0; i < n_edges; i++)
        d[i] = edges[i].a * (xi1 + 0.5) + k[i];
      fringe (row, xi1, x1, edges, n_edges, d, colour, self->opaque_target);
    }
}

/**
 * muster_raster_fill_quads:
 * @self: a raster
 * @corners: (array): four corners a quad, in @cr's user space, in order round each (convex)
 * @n_quads: how many
 * @rgba: the colour, 0..1, not premultiplied
 *
 * Fills the quads as cairo_fill() would fill them as one path (antialiased, over what is
 * there), but where quads overlap each is blended on its own.
 */
void
muster_raster_fill_quads (MusterRaster      *self,
                          const MusterPoint *corners,
                          guint              n_quads,
                          const double       rgba[4])
{
  Colour colour;

  g_return_if_fail (self != NULL);

  colour = colour_from_rgba (rgba);
  if (colour.alpha == 0)
    return;

  for (guint q = 0; q < n_quads; q++)
    {
      MusterPoint c[4];
      double xmin = G_MAXDOUBLE, xmax = -G_MAXDOUBLE, ymin = G_MAXDOUBLE, ymax = -G_MAXDOUBLE;

      for (guint i = 0; i < 4; i++)
        {
          c[i] = corners[q * 4 + i];
          cairo_matrix_transform_point (&self->to_pixels, &c[i].x, &c[i].y);
          xmin = MIN (xmin, c[i].x);
          xmax = MAX (xmax, c[i].x);
          ymin = MIN (ymin, c[i].y);
          ymax = MAX (ymax, c[i].y);
        }
      for (int r = 0; r < self->n_clips; r++)
        {
          const Rect *clip = &self->clips[r];

          if (xmax + 1 < clip->x0 || xmin - 1 > clip->x1 || ymax + 1 < clip->y0 || ymin - 1 > clip->y1)
            continue;
          fill_quad (self, c, &colour, clip);
          self->dirty = TRUE;
        }
    }
}
