/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-raster"

#include "config.h"

#include <math.h>
#include <string.h>

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
  self->width = width;
  self->height = height;
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

/**
 * muster_raster_prefetch:
 * @self: a raster
 * @box: a region in @cr's user space (as its matrix was at muster_raster_begin())
 *
 * Asks for the pixels under @box, to be drawn soon: their rows are a stride apart, which no
 * prefetcher guesses, so a caller that draws many small shapes asks for the next one's while
 * it draws this one, and the fetches overlap the drawing.
 */
void
muster_raster_prefetch (MusterRaster *self,
                        MusterBox     box)
{
  double xmin = G_MAXDOUBLE, xmax = -G_MAXDOUBLE, ymin = G_MAXDOUBLE, ymax = -G_MAXDOUBLE;
  int x0, x1, y0, y1;

  g_return_if_fail (self != NULL);

  for (guint i = 0; i < 4; i++)
    {
      double x = i & 1 ? box.x1 : box.x0, y = i & 2 ? box.y1 : box.y0;

      cairo_matrix_transform_point (&self->to_pixels, &x, &y);
      xmin = MIN (xmin, x);
      xmax = MAX (xmax, x);
      ymin = MIN (ymin, y);
      ymax = MAX (ymax, y);
    }
  if (!(xmax >= 0 && xmin < self->width && ymax >= 0 && ymin < self->height))
    return;
  x0 = (int) MAX (xmin - 1, 0);
  x1 = (int) MIN (xmax + 2, self->width);
  y0 = (int) MAX (ymin - 1, 0);
  y1 = (int) MIN (ymax + 2, self->height);
  for (int y = y0; y < y1; y++)
    {
      const guchar *row = self->data + (gsize) y * self->stride;

      /* a cache line is 64 bytes, 16 pixels */
      for (int x = x0 & ~15; x < x1; x += 16)
        __builtin_prefetch (row + 4 * x, 1);
      __builtin_prefetch (row + 4 * (x1 - 1), 1);
    }
}

typedef struct
{
  double a, b, c;   /* distance (pixels, inside positive) = a x + b y + c */
} Edge;

/* Pixels @x0 .. @x1 - 1 of @row at a quad's fringe, whose coverage is the product over the
 * edges of clamp (distance + ½, 0, 1): @d holds the distances plus ½ at pixel @x0's centre,
 * @step what they gain a pixel. One edge a lane (a missing one is a lane at 1 that stays). */
static inline void
fringe (guint32      *row,
        int           x0,
        int           x1,
        const float   d[4],
        const float   step[4],
        const Colour *colour,
        gboolean      opaque_target)
{
#if defined (__SSE2__) && !defined (MUSTER_RASTER_SCALAR)
  /* lane by lane: @d was just stored a float at a time, which one load of all four would
   * wait for */
  __m128 dist = _mm_set_ps (d[3], d[2], d[1], d[0]), inc = _mm_loadu_ps (step);
  __m128 zero = _mm_setzero_ps (), one = _mm_set1_ps (1);

  for (int x = x0; x < x1; x++)
    {
      __m128 c = _mm_min_ps (_mm_max_ps (dist, zero), one);

      /* (c0 c1, c1 c0, c2 c3, c3 c2), then c0 c1 × c2 c3 in lane 0 */
      c = _mm_mul_ps (c, _mm_shuffle_ps (c, c, _MM_SHUFFLE (2, 3, 0, 1)));
      c = _mm_mul_ss (c, _mm_movehl_ps (c, c));
      blend_m (row + x, colour, (guint) (_mm_cvtss_f32 (c) * 255 + 0.5f), opaque_target);
      dist = _mm_add_ps (dist, inc);
    }
#else
  float dist[4];

  memcpy (dist, d, sizeof dist);
  for (int x = x0; x < x1; x++)
    {
      float c[4];

      for (guint i = 0; i < 4; i++)
        {
          c[i] = CLAMP (dist[i], 0, 1);
          dist[i] += step[i];
        }
      blend_m (row + x, colour, (guint) ((c[0] * c[1]) * (c[2] * c[3]) * 255 + 0.5f),
               opaque_target);
    }
#endif
}

/* A quad ready to fill: its edges sorted by the side of a row they bound. */
typedef struct
{
  Edge   edges[4];
  guint  n_edges;
  /* for the edges bounding a row on the left (a > 0), then those on the right (a < 0): where
   * along row y the distance is −½ (a pixel centre's x + ½ = from + per_row × y); + span where
   * it is +½ */
  double from[4], per_row[4], span[4];
  guint  n_left, n_right;
  double ymin, ymax;
} Quad;

/* Sets up @quad from its corners (pixels, in order round it); FALSE if it has no area. */
static gboolean
quad_init (Quad              *quad,
           const MusterPoint  c[4])
{
  double area = 0;
  guint order[4], n_flat = 0;

  quad->ymin = quad->ymax = c[0].y;
  for (guint i = 0; i < 4; i++)
    {
      MusterPoint p = c[i], q = c[(i + 1) % 4];

      area += p.x * q.y - q.x * p.y;
      quad->ymin = MIN (quad->ymin, p.y);
      quad->ymax = MAX (quad->ymax, p.y);
    }
  if (fabs (area) < 1e-9)
    return FALSE;
  quad->n_edges = 0;
  for (guint i = 0; i < 4; i++)
    {
      MusterPoint p = c[i], q = c[(i + 1) % 4];
      double dx = q.x - p.x, dy = q.y - p.y, len = sqrt (dx * dx + dy * dy);   /* hypot () is slow */
      /* the inside is on the left of each edge for a positive area (y down), else the right */
      double sign = area > 0 ? 1 : -1;

      if (len < 1e-9)
        continue;
      quad->edges[quad->n_edges++] = (Edge) { -dy * sign / len, dx * sign / len,
                                              (dy * p.x - dx * p.y) * sign / len };
    }
  /* left edges first, then right ones, then those along the rows */
  quad->n_left = quad->n_right = 0;
  for (guint i = 0; i < quad->n_edges; i++)
    if (fabs (quad->edges[i].a) >= 1e-12 && quad->edges[i].a > 0)
      order[quad->n_left++] = i;
  for (guint i = 0; i < quad->n_edges; i++)
    if (fabs (quad->edges[i].a) >= 1e-12 && quad->edges[i].a < 0)
      order[quad->n_left + quad->n_right++] = i;
  for (guint i = 0; i < quad->n_edges; i++)
    if (fabs (quad->edges[i].a) < 1e-12)
      order[quad->n_left + quad->n_right + n_flat++] = i;
  {
    Edge sorted[4];

    for (guint i = 0; i < quad->n_edges; i++)
      sorted[i] = quad->edges[order[i]];
    memcpy (quad->edges, sorted, sizeof sorted);
  }
  for (guint i = 0; i < quad->n_left + quad->n_right; i++)
    {
      const Edge *e = &quad->edges[i];
      double inv_a = 1 / e->a;

      /* distance −½ at a x + b (y + ½) + c = −½ */
      quad->from[i] = (-0.5 - 0.5 * e->b - e->c) * inv_a;
      quad->per_row[i] = -e->b * inv_a;
      quad->span[i] = inv_a;
    }
  return TRUE;
}

/* ceil (@v) if @up, else floor (@v), where only whether they are in [@lo, @hi] matters (anything
 * beyond, ±G_MAXDOUBLE included, comes out one past): by conversion, which the library's
 * floor () and ceil () cost some ten times, without SSE4.1. */
static inline int
round_within (double   v,
              int      lo,
              int      hi,
              gboolean up)
{
  int i;

  v = CLAMP (v, lo - 1, hi + 1);
  i = (int) v;
  return up ? i + (v > i) : i - (v < i);
}

/* One quad into @clip. */
static void
fill_quad (MusterRaster *self,
           const Quad   *quad,
           const Colour *colour,
           const Rect   *clip)
{
  guint n_sided = quad->n_left + quad->n_right;
  float step[4] = { 0, 0, 0, 0 };
  int y0 = MAX ((int) floor (quad->ymin - 0.5), clip->y0);
  int y1 = MIN ((int) ceil (quad->ymax + 0.5), clip->y1);

  for (guint i = 0; i < quad->n_edges; i++)
    step[i] = (float) quad->edges[i].a;
  for (int y = y0; y < y1; y++)
    {
      double yc = y + 0.5;
      double lo = -G_MAXDOUBLE, hi = G_MAXDOUBLE, lo_in = -G_MAXDOUBLE, hi_in = G_MAXDOUBLE;
      float d[4] = { 2, 2, 2, 2 };
      guint32 *row;
      int x0, x1, xi0, xi1;

      for (guint i = 0; i < quad->n_left; i++)
        {
          double v = quad->from[i] + quad->per_row[i] * y;

          lo = MAX (lo, v);
          lo_in = MAX (lo_in, v + quad->span[i]);
        }
      for (guint i = quad->n_left; i < n_sided; i++)
        {
          double v = quad->from[i] + quad->per_row[i] * y;

          hi = MIN (hi, v);
          hi_in = MIN (hi_in, v + quad->span[i]);
        }
      for (guint i = n_sided; i < quad->n_edges; i++)
        {
          double k = quad->edges[i].b * yc + quad->edges[i].c;

          if (k <= -0.5)
            lo = G_MAXDOUBLE;   /* the row is outside this edge */
          else if (k < 0.5)
            lo_in = G_MAXDOUBLE;
        }
      if (lo >= hi)
        continue;
      /* pixels whose centre x + ½ lies in (lo, hi), and the solid ones in [lo_in, hi_in] */
      x0 = MAX (round_within (lo - 0.5, clip->x0, clip->x1, TRUE), clip->x0);
      x1 = MIN (round_within (hi - 0.5, clip->x0, clip->x1, FALSE) + 1, clip->x1);
      if (x0 >= x1)
        continue;
      if (lo_in <= hi_in)
        {
          xi0 = CLAMP (round_within (lo_in - 0.5, x0, x1, TRUE), x0, x1);
          xi1 = CLAMP (round_within (hi_in - 0.5, x0, x1, FALSE) + 1, xi0, x1);
        }
      else
        xi0 = xi1 = x1;
      row = (guint32 *) (self->data + (gsize) y * self->stride);
      if (x0 < xi0)
        {
          for (guint i = 0; i < quad->n_edges; i++)
            {
              const Edge *e = &quad->edges[i];

              d[i] = (float) (e->a * (x0 + 0.5) + e->b * yc + e->c + 0.5);
            }
          fringe (row, x0, xi0, d, step, colour, self->opaque_target);
        }
      blend_run (row + xi0, xi1 - xi0, colour, 255, self->opaque_target);
      if (xi1 < x1)
        {
          for (guint i = 0; i < quad->n_edges; i++)
            {
              const Edge *e = &quad->edges[i];

              d[i] = (float) (e->a * (xi1 + 0.5) + e->b * yc + e->c + 0.5);
            }
          fringe (row, xi1, x1, d, step, colour, self->opaque_target);
        }
    }
}

/* Asks for the ends of the rows @quad covers, in the surface: the rows are a stride apart,
 * which no prefetcher guesses, so the next quad's are fetched while this one is filled. */
static void
prefetch_quad (MusterRaster      *self,
               const MusterPoint  c[4])
{
  double xmin = c[0].x, xmax = c[0].x, ymin = c[0].y, ymax = c[0].y;
  int y0, y1, xa, xb;

  for (guint i = 1; i < 4; i++)
    {
      xmin = MIN (xmin, c[i].x);
      xmax = MAX (xmax, c[i].x);
      ymin = MIN (ymin, c[i].y);
      ymax = MAX (ymax, c[i].y);
    }
  if (!(xmax >= 0 && xmin < self->width && ymax >= 0 && ymin < self->height))
    return;
  y0 = (int) MAX (ymin - 0.5, 0);
  y1 = (int) MIN (ymax + 1.5, self->height);
  xa = (int) CLAMP (xmin, 0, self->width - 1);
  xb = (int) CLAMP (xmax, 0, self->width - 1);
  for (int y = y0; y < y1; y++)
    {
      const guint32 *row = (const guint32 *) (self->data + (gsize) y * self->stride);

      __builtin_prefetch (row + xa, 1);
      __builtin_prefetch (row + xb, 1);
    }
}

/* The corners of a quad, in pixels. */
static inline void
quad_corners (MusterRaster      *self,
              const MusterPoint *corners,
              MusterPoint        c[4])
{
  for (guint i = 0; i < 4; i++)
    {
      c[i] = corners[i];
      cairo_matrix_transform_point (&self->to_pixels, &c[i].x, &c[i].y);
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
  MusterPoint next[4];

  g_return_if_fail (self != NULL);

  colour = colour_from_rgba (rgba);
  if (colour.alpha == 0)
    return;

  if (n_quads > 0)
    quad_corners (self, corners, next);
  for (guint q = 0; q < n_quads; q++)
    {
      MusterPoint c[4];
      double xmin = G_MAXDOUBLE, xmax = -G_MAXDOUBLE, ymin = G_MAXDOUBLE, ymax = -G_MAXDOUBLE;
      Quad quad;

      memcpy (c, next, sizeof c);
      if (q + 1 < n_quads)
        {
          quad_corners (self, corners + 4 * (q + 1), next);
          prefetch_quad (self, next);
        }
      for (guint i = 0; i < 4; i++)
        {
          xmin = MIN (xmin, c[i].x);
          xmax = MAX (xmax, c[i].x);
          ymin = MIN (ymin, c[i].y);
          ymax = MAX (ymax, c[i].y);
        }
      if (!quad_init (&quad, c))
        continue;
      for (int r = 0; r < self->n_clips; r++)
        {
          const Rect *clip = &self->clips[r];

          if (xmax + 1 < clip->x0 || xmin - 1 > clip->x1 || ymax + 1 < clip->y0 || ymin - 1 > clip->y1)
            continue;
          fill_quad (self, &quad, &colour, clip);
          self->dirty = TRUE;
        }
    }
}
