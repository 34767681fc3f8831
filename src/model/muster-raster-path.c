/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-raster"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-raster-private.h"

/*
 * Polygons, ellipses and strokes written straight into an image surface's pixels, for the
 * map's terrain: cairo 1.16 spends most of a crowded table's first frame rasterising the
 * pieces' fills and outlines, about a third of a microsecond a pixel row each.
 *
 * A path is flattened to closed contours in pixels (an ellipse to a polygon within a tenth of
 * a pixel, as cairo does; a stroke to its outline, as cairo's stroker builds it: each side
 * offset by half the width, the outer side of a turn joined by a mitre, a bevel or an arc, the
 * inner side through the vertex, whose overlap the non-zero rule fills once), cut to the clip
 * polygon if there is one, then filled by exact area coverage: each edge adds, to the cells of
 * a row it crosses, the signed area it leaves to their right; a running sum along the row is
 * then each pixel's winding, partial at edges; its magnitude, at most 1, is the coverage. Two
 * contours that overlap at an antialiased edge may add up to more than their union there: a
 * level or two on a handful of pixels.
 */

#define TOLERANCE    0.1    /* px: how far a flattened curve may stray, cairo's default */
#define MITER_LIMIT 10.0    /* cairo's default */

struct _MusterRasterScratch
{
  GArray      *input;     /* MusterPoint: the caller's points in pixels */
  MusterPoint *points;    /* the contours, px: a point at a time, so not a GArray */
  guint        n_points, points_room;
  GArray      *lengths;   /* guint: points in each contour */
  GArray      *clipped;   /* MusterPoint: scratch for the clip */
  GArray      *clip_out;  /* MusterPoint: scratch for the clip */
  float       *cells;     /* the area each row leaves to its right; all zero between fills */
  gsize        n_cells;
  guint64     *touched;   /* a bit a cell: which cells an edge touched; all zero between fills */
  gsize        n_touched;
  int         *lo, *hi;   /* a row's cells touched */
  gsize        n_rows;
  MusterPoint  clip[8];   /* a convex polygon, px */
  guint        n_clip;
  GArray      *record;    /* nullable: MusterRasterOp; a fill's steps go here, not into the
                           * pixels (see muster-raster-mask.c) */
};

void
muster_raster_scratch_free (MusterRasterScratch *scratch)
{
  if (scratch == NULL)
    return;
  g_array_unref (scratch->input);
  g_free (scratch->points);
  g_array_unref (scratch->lengths);
  g_array_unref (scratch->clipped);
  g_array_unref (scratch->clip_out);
  g_free (scratch->cells);
  g_free (scratch->touched);
  g_free (scratch->lo);
  g_free (scratch->hi);
  g_free (scratch);
}

static MusterRasterScratch *
get_scratch (MusterRaster *self)
{
  MusterRasterScratch *s = self->scratch;

  if (s == NULL)
    {
      s = self->scratch = g_new0 (MusterRasterScratch, 1);
      s->input = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
      s->lengths = g_array_new (FALSE, FALSE, sizeof (guint));
      s->clipped = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
      s->clip_out = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
    }
  s->n_points = 0;
  g_array_set_size (s->lengths, 0);
  return s;
}

static inline MusterPoint
to_pixels (MusterRaster *self,
           MusterPoint   p)
{
  cairo_matrix_transform_point (&self->to_pixels, &p.x, &p.y);
  return p;
}

/* Pixels per user unit, for a user space that is not stretched (the map's); the mean of the
 * two axes' scales otherwise. */
static double
pixel_scale (MusterRaster *self)
{
  const cairo_matrix_t *m = &self->to_pixels;

  return sqrt (fabs (m->xx * m->yy - m->xy * m->yx));
}

/* Room for @more points. */
static void
reserve_points (MusterRasterScratch *s,
                guint                more)
{
  if (s->n_points + more <= s->points_room)
    return;
  s->points_room = MAX (MAX (2 * s->points_room, s->n_points + more), 256);
  s->points = g_renew (MusterPoint, s->points, s->points_room);
}

static inline void
add_point (MusterRasterScratch *s,
           MusterPoint          p)
{
  if (G_UNLIKELY (s->n_points == s->points_room))
    reserve_points (s, 1);
  s->points[s->n_points++] = p;
}

static void
add_points (MusterRasterScratch *s,
            const MusterPoint   *p,
            guint                n)
{
  reserve_points (s, n);
  memcpy (s->points + s->n_points, p, n * sizeof *p);
  s->n_points += n;
}

/* Ends the contour begun after the points already counted. */
static void
end_contour (MusterRasterScratch *s)
{
  guint counted = 0, n;

  for (guint i = 0; i < s->lengths->len; i++)
    counted += g_array_index (s->lengths, guint, i);
  n = s->n_points - counted;
  if (n >= 3)
    g_array_append_val (s->lengths, n);
  else
    s->n_points = counted;
}

/* How many segments flatten a turn of @angle on a circle of @radius px. */
static guint
arc_segments (double radius,
              double angle)
{
  double step = radius > TOLERANCE ? 2 * acos (1 - TOLERANCE / radius) : G_PI / 2;

  return (guint) CLAMP (ceil (fabs (angle) / MAX (step, 1e-3)), 1, 1024);
}

/* Points on the arc round @c of @radius from @start turning by @sweep, ends left out. */
static void
add_arc (MusterRasterScratch *s,
         MusterPoint          c,
         double               radius,
         double               start,
         double               sweep)
{
  guint n = arc_segments (radius, sweep);

  for (guint k = 1; k < n; k++)
    {
      double t = start + sweep * k / n;

      add_point (s, (MusterPoint) { c.x + radius * cos (t), c.y + radius * sin (t) });
    }
}

/* An ellipse's outline in pixels, as a polygon on it, into @out. */
static void
flatten_ellipse (MusterRaster        *self,
                 const MusterEllipse *ellipse,
                 GArray              *out)
{
  MusterPoint c = to_pixels (self, ellipse->centre);
  double ca = cos (ellipse->angle), sa = sin (ellipse->angle);
  MusterPoint u = { ellipse->rx * ca, ellipse->rx * sa }, v = { -ellipse->ry * sa, ellipse->ry * ca };
  double r;
  guint n;

  cairo_matrix_transform_distance (&self->to_pixels, &u.x, &u.y);
  cairo_matrix_transform_distance (&self->to_pixels, &v.x, &v.y);
  r = MAX (hypot (u.x, u.y), hypot (v.x, v.y));
  n = MAX (arc_segments (r, 2 * G_PI), 8);
  g_array_set_size (out, n);
  /* the angle turned by a rotation each step (a sine and cosine a point cost a crowded table's
   * first frame a millisecond), started afresh every 64 steps so rounding cannot build up */
  for (guint k = 0; k < n; k += 64)
    {
      double cs = cos (2 * G_PI * k / n), sn = sin (2 * G_PI * k / n);
      double dc = cos (2 * G_PI / n), ds = sin (2 * G_PI / n);

      for (guint j = k; j < MIN (k + 64, n); j++)
        {
          double next_cs = cs * dc - sn * ds;

          g_array_index (out, MusterPoint, j) = (MusterPoint) { c.x + u.x * cs + v.x * sn,
                                                                c.y + u.y * cs + v.y * sn };
          sn = sn * dc + cs * ds;
          cs = next_cs;
        }
    }
}

/* Stroking */

typedef struct
{
  const MusterPoint *pts;
  guint              n;
  gboolean           reversed;
} Line;

static inline MusterPoint
line_point (const Line *line,
            guint       i)
{
  return line->pts[line->reversed ? line->n - 1 - i : i];
}

/* The unit direction of the segment from point @i to the next (cyclically). */
static inline MusterPoint
line_dir (const Line *line,
          guint       i)
{
  MusterPoint a = line_point (line, i), b = line_point (line, (i + 1) % line->n);
  double len = sqrt ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));   /* not hypot (): slow */

  return (MusterPoint) { (b.x - a.x) / len, (b.y - a.y) / len };
}

static inline MusterPoint
offset (MusterPoint p,
        MusterPoint dir,
        double      hw)
{
  /* the normal (−dy, dx): the left of the direction in y-up terms */
  return (MusterPoint) { p.x - dir.y * hw, p.y + dir.x * hw };
}

/* The join at @p from direction @a to @b on the side offset by +normal: round, mitred or
 * bevelled where the side is the outer one, through @p itself where it is the inner one. */
static void
add_join (MusterRasterScratch *s,
          MusterPoint          p,
          MusterPoint          a,
          MusterPoint          b,
          double               hw,
          cairo_line_join_t    join)
{
  double cross = a.x * b.y - a.y * b.x, dot = a.x * b.x + a.y * b.y;

  if (fabs (cross) < 1e-9 && dot > 0)
    return;   /* straight on */
  if (cross > 0)
    {
      add_point (s, p);   /* inner: the two sides overlap, filled once */
      return;
    }
  if (join == CAIRO_LINE_JOIN_ROUND)
    add_arc (s, p, hw, atan2 (a.x, -a.y), atan2 (cross, dot));
  else if (join == CAIRO_LINE_JOIN_MITER)
    {
      MusterPoint sum = { -a.y - b.y, a.x + b.x };
      double len2 = sum.x * sum.x + sum.y * sum.y;

      /* the mitre's length over the line's width is 1 / cos (half the normals' angle) */
      if (len2 > 1e-12 && 2 / sqrt (len2) <= MITER_LIMIT)
        add_point (s, (MusterPoint) { p.x + sum.x * 2 * hw / len2, p.y + sum.y * 2 * hw / len2 });
    }
}

/* One side of @line, offset by +normal × @hw, with its joins. */
static void
add_side (MusterRasterScratch *s,
          const Line          *line,
          gboolean             closed,
          double               hw,
          cairo_line_join_t    join)
{
  guint n = line->n;
  /* the direction into each vertex is the one out of the last */
  MusterPoint a = line_dir (line, closed ? n - 1 : 0);

  if (!closed)
    add_point (s, offset (line_point (line, 0), a, hw));
  for (guint j = closed ? 0 : 1; j < (closed ? n : n - 1); j++)
    {
      MusterPoint b = line_dir (line, j);
      MusterPoint p = line_point (line, j);

      add_point (s, offset (p, a, hw));
      add_join (s, p, a, b, hw, join);
      add_point (s, offset (p, b, hw));
      a = b;
    }
  if (!closed)
    add_point (s, offset (line_point (line, n - 1), line_dir (line, n - 2), hw));
}

/* The cap at the end of @line, from its +normal side round to the other. */
static void
add_cap (MusterRasterScratch *s,
         const Line          *line,
         double               hw,
         cairo_line_cap_t     cap)
{
  MusterPoint end = line_point (line, line->n - 1), d = line_dir (line, line->n - 2);

  if (cap == CAIRO_LINE_CAP_SQUARE)
    {
      add_point (s, offset ((MusterPoint) { end.x + d.x * hw, end.y + d.y * hw }, d, hw));
      add_point (s, offset ((MusterPoint) { end.x + d.x * hw, end.y + d.y * hw }, d, -hw));
    }
  else if (cap == CAIRO_LINE_CAP_ROUND)
    add_arc (s, end, hw, atan2 (d.x, -d.y), -G_PI);
}

/* The outline of @pts (px) stroked @hw either side: one contour round an open line, two (its
 * outer and inner edges, opposite ways round) for a closed one. */
static void
add_stroke (MusterRasterScratch *s,
            const MusterPoint   *pts,
            guint                n,
            gboolean             closed,
            double               hw,
            cairo_line_join_t    join,
            cairo_line_cap_t     cap)
{
  g_autofree MusterPoint *kept = g_new (MusterPoint, MAX (n, 1));
  guint m = 0;
  Line forward, backward;

  /* repeated points have no direction */
  for (guint i = 0; i < n; i++)
    if (m == 0 || fabs (pts[i].x - kept[m - 1].x) + fabs (pts[i].y - kept[m - 1].y) > 1e-9)
      kept[m++] = pts[i];
  if (closed && m > 1 && fabs (kept[0].x - kept[m - 1].x) + fabs (kept[0].y - kept[m - 1].y) <= 1e-9)
    m--;
  if (m < 2 || hw <= 0)
    return;
  forward = (Line) { kept, m, FALSE };
  backward = (Line) { kept, m, TRUE };
  add_side (s, &forward, closed, hw, join);
  if (closed)
    end_contour (s);
  else
    add_cap (s, &forward, hw, cap);
  add_side (s, &backward, closed, hw, join);
  if (!closed)
    add_cap (s, &backward, hw, cap);
  end_contour (s);
}

/* Clipping to a convex polygon, edge by edge (Sutherland–Hodgman): exact for the area of
 * every contour, so for the coverage. */

static void
clip_contour (MusterRasterScratch *s,
              const MusterPoint   *in,
              guint                n)
{
  GArray *cur = s->clipped, *next = s->clip_out;
  double area = 0;

  for (guint i = 0; i < s->n_clip; i++)
    {
      MusterPoint a = s->clip[i], b = s->clip[(i + 1) % s->n_clip];

      area += a.x * b.y - b.x * a.y;
    }
  g_array_set_size (cur, 0);
  g_array_append_vals (cur, in, n);
  for (guint e = 0; e < s->n_clip && cur->len > 0; e++)
    {
      MusterPoint a = s->clip[e], b = s->clip[(e + 1) % s->n_clip];
      /* inside where the side is that of the clip's own turning */
      double nx = -(b.y - a.y), ny = b.x - a.x, sign = area > 0 ? 1 : -1;
      GArray *swap;

      g_array_set_size (next, 0);
      for (guint i = 0; i < cur->len; i++)
        {
          MusterPoint p = g_array_index (cur, MusterPoint, i);
          MusterPoint q = g_array_index (cur, MusterPoint, (i + 1) % cur->len);
          double dp = sign * (nx * (p.x - a.x) + ny * (p.y - a.y));
          double dq = sign * (nx * (q.x - a.x) + ny * (q.y - a.y));

          if (dp >= 0)
            g_array_append_val (next, p);
          if ((dp >= 0) != (dq >= 0))
            {
              double t = dp / (dp - dq);
              MusterPoint x = { p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t };

              g_array_append_val (next, x);
            }
        }
      swap = cur;
      cur = next;
      next = swap;
    }
  s->clipped = cur;
  s->clip_out = next;
}

static void
clip_path (MusterRasterScratch *s)
{
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
  g_autoptr(GArray) lengths = g_array_new (FALSE, FALSE, sizeof (guint));
  guint start = 0;

  for (guint c = 0; c < s->lengths->len; c++)
    {
      guint n = g_array_index (s->lengths, guint, c);

      clip_contour (s, s->points + start, n);
      start += n;
      if (s->clipped->len >= 3)
        {
          g_array_append_vals (points, s->clipped->data, s->clipped->len);
          g_array_append_val (lengths, s->clipped->len);
        }
    }
  s->n_points = 0;
  add_points (s, (const MusterPoint *) points->data, points->len);
  g_array_set_size (s->lengths, 0);
  g_array_append_vals (s->lengths, lengths->data, lengths->len);
}

/* Area coverage */

typedef struct
{
  float   *cells;
  guint64 *touched;
  int     *lo, *hi;
  int      width, height;   /* the region's; a row has width + 2 cells */
  int      words;           /* a row's words of touched bits */
} Acc;

/* Marks cells @a .. @b (inclusive) of row @y touched. */
static inline void
touch (Acc *acc,
       int  y,
       int  a,
       int  b)
{
  guint64 *bits = acc->touched + (gsize) y * acc->words;
  int wa = a >> 6, wb = b >> 6;

  acc->lo[y] = MIN (acc->lo[y], a);
  acc->hi[y] = MAX (acc->hi[y], b);
  if (wa == wb)
    {
      bits[wa] |= (~G_GUINT64_CONSTANT (0) >> (63 - (b - a))) << (a & 63);
      return;
    }
  bits[wa] |= ~G_GUINT64_CONSTANT (0) << (a & 63);
  for (int w = wa + 1; w < wb; w++)
    bits[w] = ~G_GUINT64_CONSTANT (0);
  bits[wb] |= ~G_GUINT64_CONSTANT (0) >> (63 - (b & 63));
}

/* One edge, @y0 < @y1, inside the region's x range, winding @dir: the area right of it in
 * each row it crosses, spread over the cells it passes (after font-rs's accumulator). */
static void
acc_edge (Acc   *acc,
          double x0,
          double y0,
          double x1,
          double y1,
          float  dir)
{
  double dxdy = (x1 - x0) / (y1 - y0), x = x0;
  int stride = acc->width + 2;
  int ylast = MIN ((int) ceil (y1), acc->height);

  for (int y = MAX ((int) floor (y0), 0); y < ylast; y++)
    {
      float *row = acc->cells + (gsize) y * stride;
      double dy = MIN (y + 1.0, y1) - MAX ((double) y, y0);
      double xnext = x + dxdy * dy;
      float d = (float) dy * dir;
      double xa = MIN (x, xnext), xb = MAX (x, xnext);
      /* floor and ceil, for x ≥ 0 (give or take rounding, which the clamp below takes) */
      int xai = (int) xa, xbi = (int) xb + ((int) xb < xb);

      xai = CLAMP (xai, 0, acc->width);
      if (xbi <= xai + 1)
        {
          float xmf = (float) (0.5 * (x + xnext) - xai);

          row[xai] += d - d * xmf;
          row[xai + 1] += d * xmf;
          touch (acc, y, xai, xai + 1);
        }
      else
        {
          float s = (float) (1 / (xb - xa));
          float xaf = (float) (xa - xai);
          float a0 = 0.5f * s * (1 - xaf) * (1 - xaf);
          float xbf = (float) (xb - xbi + 1);
          float am = 0.5f * s * xbf * xbf;

          xbi = MIN (xbi, acc->width + 1);
          row[xai] += d * a0;
          if (xbi == xai + 2)
            row[xai + 1] += d * (1 - a0 - am);
          else
            {
              float a1 = s * (1.5f - xaf);
              float a2;

              row[xai + 1] += d * (a1 - a0);
              for (int xi = xai + 2; xi < xbi - 1; xi++)
                row[xi] += d * s;
              a2 = a1 + (xbi - xai - 3) * s;
              row[xbi - 1] += d * (1 - a2 - am);
            }
          row[xbi] += d * am;
          touch (acc, y, xai, xbi);
        }
      x = xnext;
    }
}

/* The edge from (@x0, @y0) to (@x1, @y1), region px: cut to the rows, and where it leaves the
 * columns, run down the region's side instead (what is left of the region still winds the
 * pixels right of it; what is right of it touches none). */
static void
acc_line (Acc    *acc,
          double  x0,
          double  y0,
          double  x1,
          double  y1)
{
  float dir = 1;
  double cuts[4], ts[4];
  guint n_cuts = 0;

  if (y0 == y1)
    return;
  if (y0 > y1)
    {
      double t;

      t = x0; x0 = x1; x1 = t;
      t = y0; y0 = y1; y1 = t;
      dir = -1;
    }
  if (y1 <= 0 || y0 >= acc->height)
    return;
  if (y0 < 0)
    {
      x0 += (x1 - x0) * (0 - y0) / (y1 - y0);
      y0 = 0;
    }
  if (y1 > acc->height)
    {
      x1 = x0 + (x1 - x0) * (acc->height - y0) / (y1 - y0);
      y1 = acc->height;
    }
  /* where it crosses the region's sides, in order along it */
  cuts[0] = 0;
  cuts[1] = acc->width;
  for (guint i = 0; i < 2; i++)
    if ((x0 - cuts[i]) * (x1 - cuts[i]) < 0)
      ts[n_cuts++] = (cuts[i] - x0) / (x1 - x0);
  if (n_cuts == 2 && ts[0] > ts[1])
    {
      double t = ts[0];

      ts[0] = ts[1];
      ts[1] = t;
    }
  ts[n_cuts] = 1;
  for (guint i = 0; i <= n_cuts; i++)
    {
      double ta = i ? ts[i - 1] : 0, tb = ts[i];
      double ya = y0 + (y1 - y0) * ta, yb = y0 + (y1 - y0) * tb;
      double xa = x0 + (x1 - x0) * ta, xb = x0 + (x1 - x0) * tb;
      double mid = (xa + xb) / 2;

      if (yb <= ya)
        continue;
      xa = CLAMP (xa, 0, acc->width);
      xb = CLAMP (xb, 0, acc->width);
      if (mid < 0)
        xa = xb = 0;
      else if (mid > acc->width)
        xa = xb = acc->width;
      acc_edge (acc, xa, ya, xb, yb, dir);
    }
}

static void
ensure_cells (MusterRasterScratch *s,
              gsize                n_cells,
              gsize                n_touched,
              gsize                n_rows)
{
  if (n_cells > s->n_cells)
    {
      g_free (s->cells);
      s->cells = g_new0 (float, n_cells);
      s->n_cells = n_cells;
    }
  if (n_touched > s->n_touched)
    {
      g_free (s->touched);
      s->touched = g_new0 (guint64, n_touched);
      s->n_touched = n_touched;
    }
  if (n_rows > s->n_rows)
    {
      g_free (s->lo);
      g_free (s->hi);
      s->lo = g_new (int, n_rows);
      s->hi = g_new (int, n_rows);
      s->n_rows = n_rows;
    }
}

#define ROWS_AHEAD 8
#define STRIP_ROWS 64   /* (1,280 + 2) × 64 cells: 320 kB */

/* Asks for the pixels at the ends of the cells touched in row @y of @acc, and the first
 * cells. */
static inline void
prefetch_row (MusterRaster *self,
              const Acc    *acc,
              int           y,
              int           rx0,
              int           ry0)
{
  const guint32 *row = (const guint32 *) (self->data + (gsize) (y + ry0) * self->stride) + rx0;

  if (acc->hi[y] < 0)
    return;
  __builtin_prefetch (row + acc->lo[y], 1);
  __builtin_prefetch (row + MIN (acc->hi[y], acc->width - 1), 1);
  __builtin_prefetch (acc->cells + (gsize) y * (acc->width + 2) + acc->lo[y], 1);
}

/* blend_run() of the @n pixels from @x of @row, row @y of the surface and @x0 its first pixel;
 * or with the scratch recording (muster-raster-mask.c), the step kept to be done later. */
static inline void
step_run (MusterRaster        *self,
          MusterRasterScratch *s,
          guint32             *row,
          int                  x0,
          int                  y,
          int                  x,
          int                  n,
          const Colour        *colour,
          guint                m)
{
  if (G_LIKELY (s->record == NULL))
    blend_run (row + x, n, colour, m, self->opaque_target);
  else if (m != 0 && n > 0)   /* (what blend_run() does nothing with) */
    {
      MusterRasterOp op = { y, x0 + x, n, m };

      g_array_append_val (s->record, op);
    }
}

/* The same for blend_m() of pixel @x. */
static inline void
step_pixel (MusterRaster        *self,
            MusterRasterScratch *s,
            guint32             *row,
            int                  x0,
            int                  y,
            int                  x,
            const Colour        *colour,
            guint                m)
{
  if (G_LIKELY (s->record == NULL))
    blend_m (row + x, colour, m, self->opaque_target);
  else
    {
      MusterRasterOp op = { y, x0 + x, 0, m };

      g_array_append_val (s->record, op);
    }
}

/* Fills the scratch's contours (px) with @colour, non-zero, in the @width × @height pixels
 * from (@rx0, @ry0). */
static void
fill_strip (MusterRaster        *self,
            MusterRasterScratch *s,
            const Colour        *colour,
            int                  rx0,
            int                  ry0,
            int                  width,
            int                  height)
{
  Acc acc;
  guint start = 0;

  acc.width = width;
  acc.height = height;
  acc.words = (acc.width + 2 + 63) / 64;
  ensure_cells (s, (gsize) (acc.width + 2) * acc.height, (gsize) acc.words * acc.height,
                acc.height);
  acc.cells = s->cells;
  acc.touched = s->touched;
  acc.lo = s->lo;
  acc.hi = s->hi;
  for (int y = 0; y < acc.height; y++)
    {
      acc.lo[y] = G_MAXINT;
      acc.hi[y] = -1;
    }
  for (guint c = 0; c < s->lengths->len; c++)
    {
      guint n = g_array_index (s->lengths, guint, c);
      const MusterPoint *pts = s->points + start;

      for (guint i = 0; i < n; i++)
        {
          MusterPoint p = pts[i], q = pts[(i + 1) % n];

          acc_line (&acc, p.x - rx0, p.y - ry0, q.x - rx0, q.y - ry0);
        }
      start += n;
    }

  /* the rows are a stride apart, which no prefetcher guesses: ask for each row's ends
   * some rows ahead, so that the fetches overlap the painting */
  for (int y = 0; y < MIN (ROWS_AHEAD, acc.height); y++)
    prefetch_row (self, &acc, y, rx0, ry0);
  for (int y = 0; y < acc.height; y++)
    {
      float *cells = acc.cells + (gsize) y * (acc.width + 2);
      guint64 *bits = acc.touched + (gsize) y * acc.words;
      guint32 *row = (guint32 *) (self->data + (gsize) (y + ry0) * self->stride) + rx0;
      int paint_end = MIN (acc.hi[y], acc.width - 1) + 1;
      int x = 0;   /* the first pixel not painted yet */
      float sum = 0;
      guint m = 0;

      if (y + ROWS_AHEAD < acc.height)
        prefetch_row (self, &acc, y + ROWS_AHEAD, rx0, ry0);
      if (acc.hi[y] < 0)
        continue;
      /* Between touched cells the winding is constant: most of a piece is solid inside.
       * Every touched cell is visited (and its bit and cell cleared), those past the
       * region's last pixel only to be cleared. */
      for (int w = acc.lo[y] >> 6; w <= acc.hi[y] >> 6; w++)
        {
          guint64 word = bits[w];

          bits[w] = 0;
          while (word != 0)
            {
              int t = w * 64 + __builtin_ctzll (word);
              float cover;

              word &= word - 1;
              if (x < MIN (t, paint_end))
                step_run (self, s, row, rx0, y + ry0, x, MIN (t, paint_end) - x, colour, m);
              if (t >= paint_end)
                {
                  x = paint_end;
                  cells[t] = 0;
                  continue;
                }
              sum += cells[t];
              cells[t] = 0;
              cover = fabsf (sum);
              m = cover >= 1 ? 255 : (guint) (cover * 255 + 0.5f);
              step_pixel (self, s, row, rx0, y + ry0, t, colour, m);
              x = t + 1;
            }
        }
    }
}

/* Fills the scratch's contours (px) with @colour, non-zero, over each clip rectangle. */
static void
fill_path (MusterRaster        *self,
           MusterRasterScratch *s,
           const Colour        *colour)
{
  double xmin = G_MAXDOUBLE, xmax = -G_MAXDOUBLE, ymin = G_MAXDOUBLE, ymax = -G_MAXDOUBLE;

  if (colour->alpha == 0)
    return;
  if (s->n_clip > 0)
    clip_path (s);
  for (guint i = 0; i < s->n_points; i++)
    {
      MusterPoint p = s->points[i];

      xmin = MIN (xmin, p.x);
      xmax = MAX (xmax, p.x);
      ymin = MIN (ymin, p.y);
      ymax = MAX (ymax, p.y);
    }
  if (s->n_points < 3 || !(xmax - xmin < 1e7 && ymax - ymin < 1e7))
    return;

  for (int r = 0; r < self->n_clips; r++)
    {
      const Rect *clip = &self->clips[r];
      int rx0 = MAX ((int) floor (xmin), clip->x0), rx1 = MIN ((int) floor (xmax) + 1, clip->x1);
      int ry0 = MAX ((int) floor (ymin), clip->y0), ry1 = MIN ((int) floor (ymax) + 1, clip->y1);

      if (rx0 >= rx1 || ry0 >= ry1)
        continue;
      /* a strip of rows at a time: its cells stay in the cache from the edges to the pixels */
      for (int sy = ry0; sy < ry1; sy += STRIP_ROWS)
        fill_strip (self, s, colour, rx0, sy, rx1 - rx0, MIN (STRIP_ROWS, ry1 - sy));
      self->dirty = TRUE;
    }
}

/* The caller's points in pixels, in the scratch's input. */
static const MusterPoint *
input_pixels (MusterRaster        *self,
              MusterRasterScratch *s,
              const MusterPoint   *points,
              guint                n)
{
  g_array_set_size (s->input, n);
  for (guint i = 0; i < n; i++)
    g_array_index (s->input, MusterPoint, i) = to_pixels (self, points[i]);
  return (const MusterPoint *) s->input->data;
}

/**
 * muster_raster_set_clip_polygon:
 * @self: a raster
 * @points: (array length=n) (nullable): a convex polygon in user space (as @cr's matrix was
 *   at muster_raster_begin()), under the raster's own clip
 * @n: its corners; 0 for none
 *
 * Clips what the path functions below draw (not the quads) to the polygon, antialiased as
 * cairo_clip() would: for a map's pieces that hang over the table's edge.
 */
void
muster_raster_set_clip_polygon (MusterRaster      *self,
                                const MusterPoint *points,
                                guint              n)
{
  MusterRasterScratch *s = get_scratch (self);

  g_return_if_fail (n <= G_N_ELEMENTS (s->clip));

  s->n_clip = n >= 3 ? n : 0;
  for (guint i = 0; i < s->n_clip; i++)
    s->clip[i] = to_pixels (self, points[i]);
}

/**
 * muster_raster_fill_polygon:
 * @self: a raster
 * @points: (array length=n): a closed polygon in user space, concave or crossing itself
 * @n: its corners
 * @rgba: the colour, 0..1, not premultiplied
 *
 * Fills the polygon as cairo_fill() would (non-zero winding), within a few levels at its
 * antialiased edges.
 */
void
muster_raster_fill_polygon (MusterRaster      *self,
                            const MusterPoint *points,
                            guint              n,
                            const double       rgba[4])
{
  MusterRasterScratch *s = get_scratch (self);
  Colour colour = colour_from_rgba (rgba);

  if (n < 3)
    return;
  add_points (s, input_pixels (self, s, points, n), n);
  g_array_append_val (s->lengths, n);
  fill_path (self, s, &colour);
}

/* What muster_raster_fill_polygon() would do to the pixels, recorded into @ops instead (see
 * muster-raster-mask.c); FALSE, with nothing recorded, under a clip polygon. */
gboolean
_muster_raster_record_polygon (MusterRaster      *self,
                               const MusterPoint *points,
                               guint              n,
                               GArray            *ops)
{
  MusterRasterScratch *s = get_scratch (self);
  /* any colour: fill_path() skips only a transparent one */
  Colour opaque = { 0xff000000u, 255 };

  if (s->n_clip > 0)
    return FALSE;
  if (n < 3)
    return TRUE;
  add_points (s, input_pixels (self, s, points, n), n);
  g_array_append_val (s->lengths, n);
  s->record = ops;
  fill_path (self, s, &opaque);
  s->record = NULL;
  return TRUE;
}

/**
 * muster_raster_fill_ellipse:
 * @self: a raster
 * @ellipse: in user space
 * @rgba: the colour, 0..1, not premultiplied
 *
 * Fills the ellipse as cairo_arc() and cairo_fill() would.
 */
void
muster_raster_fill_ellipse (MusterRaster        *self,
                            const MusterEllipse *ellipse,
                            const double         rgba[4])
{
  MusterRasterScratch *s = get_scratch (self);
  Colour colour = colour_from_rgba (rgba);

  flatten_ellipse (self, ellipse, s->input);
  add_points (s, (const MusterPoint *) s->input->data, s->input->len);
  g_array_append_val (s->lengths, s->input->len);
  fill_path (self, s, &colour);
}

/**
 * muster_raster_stroke_polyline:
 * @self: a raster
 * @points: (array length=n): the line in user space
 * @n: its points
 * @closed: whether the last point joins the first
 * @width: the line's width, user units
 * @join: how segments meet (mitres are bevelled past cairo's default limit, 10)
 * @cap: how an open line ends
 * @rgba: the colour, 0..1, not premultiplied
 *
 * Strokes the line as cairo_stroke() would, for a user space that is not stretched (a map's:
 * turned and scaled alike along both axes).
 */
void
muster_raster_stroke_polyline (MusterRaster      *self,
                               const MusterPoint *points,
                               guint              n,
                               gboolean           closed,
                               double             width,
                               cairo_line_join_t  join,
                               cairo_line_cap_t   cap,
                               const double       rgba[4])
{
  MusterRasterScratch *s = get_scratch (self);
  Colour colour = colour_from_rgba (rgba);

  add_stroke (s, input_pixels (self, s, points, n), n, closed, width * pixel_scale (self) / 2,
              join, cap);
  fill_path (self, s, &colour);
}

/**
 * muster_raster_stroke_ellipse:
 * @self: a raster
 * @ellipse: in user space
 * @width: the line's width, user units
 * @rgba: the colour, 0..1, not premultiplied
 *
 * Strokes the ellipse's outline as cairo_stroke() would (for a user space not stretched).
 */
void
muster_raster_stroke_ellipse (MusterRaster        *self,
                              const MusterEllipse *ellipse,
                              double               width,
                              const double         rgba[4])
{
  MusterRasterScratch *s = get_scratch (self);
  Colour colour = colour_from_rgba (rgba);
  g_autoptr(GArray) outline = g_array_new (FALSE, FALSE, sizeof (MusterPoint));

  flatten_ellipse (self, ellipse, outline);
  add_stroke (s, (const MusterPoint *) outline->data, outline->len, TRUE,
              width * pixel_scale (self) / 2, CAIRO_LINE_JOIN_MITER, CAIRO_LINE_CAP_BUTT);
  fill_path (self, s, &colour);
}
