/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-painter"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "muster-map-painter-private.h"
#include "muster-odds-figure.h"
#include "muster-unit.h"

/*
 * Enemy units tinted by the odds of the acting unit's chosen procedure (#MusterMapScene.tint),
 * and the legend that says what the colours mean. Part of the marks, painted every frame: the
 * tint follows the acting unit as it is dragged.
 *
 * The ramp runs in lightness, not only in hue (see muster-map-style.c), and each tinted unit
 * wide enough on screen carries its chance as text, so neither colour vision nor the style is
 * needed to read it.
 */

#define HALO_PX      5.0    /* the tint's ring round a unit, outside its outline */
#define FILL_ALPHA   0.55   /* over the stands: their side's colour still shows through */
#define HALO_ALPHA   0.9
#define LEGEND_BAR_W 160.0
#define LEGEND_BAR_H 12.0
#define LEGEND_PAD   8.0
#define LEGEND_GAP   12.0   /* from the view's corner */

/**
 * muster_map_tint_colour:
 * @style: the light or the dark colours
 * @chance: 0..1
 * @rgba: (out): the tint of a unit with that chance: @style's odds ramp, stop to stop
 */
void
muster_map_tint_colour (const MusterMapStyle *style,
                        double                chance,
                        double                rgba[4])
{
  double at = CLAMP (chance, 0, 1) * (MUSTER_MAP_N_ODDS_STOPS - 1);
  int lower = MIN ((int) floor (at), MUSTER_MAP_N_ODDS_STOPS - 2);
  double t = at - lower;

  for (guint c = 0; c < 4; c++)
    rgba[c] = style->odds[lower][c] * (1 - t) + style->odds[lower + 1][c] * t;
}

/* The outer edge of the ring @d wide round the convex @hull (turning from +x to +y), its
 * corners mitred, into @ring. */
static void
halo_ring (const MusterPoint *hull,
           guint              n,
           double             d,
           MusterPoint       *ring)
{
  for (guint i = 0; i < n; i++)
    {
      MusterPoint prev = hull[(i + n - 1) % n], v = hull[i], next = hull[(i + 1) % n];
      MusterVector in = muster_point_sub (v, prev), out = muster_point_sub (next, v);
      double in_length = hypot (in.x, in.y), out_length = hypot (out.x, out.y);
      MusterVector n_in = { in.y / in_length, -in.x / in_length };
      MusterVector n_out = { out.y / out_length, -out.x / out_length };
      double scale = d / (1 + muster_vector_dot (n_in, n_out));

      ring[i] = (MusterPoint) { v.x + (n_in.x + n_out.x) * scale, v.y + (n_in.y + n_out.y) * scale };
    }
}

/* The ring @d wide round the convex @hull as a path: a fill, which cairo draws in a fraction
 * of the time of a stroke as wide. */
static void
halo_path (cairo_t           *cr,
           const MusterPoint *hull,
           guint              n,
           double             d)
{
  MusterPoint ring[16];

  halo_ring (hull, n, d, ring);
  for (guint i = 0; i < n; i++)
    (i ? cairo_line_to : cairo_move_to) (cr, ring[i].x, ring[i].y);
  cairo_close_path (cr);
  /* the hull the other way round: a hole under the nonzero rule */
  for (guint i = n; i-- > 0;)
    (i == n - 1 ? cairo_move_to : cairo_line_to) (cr, hull[i].x, hull[i].y);
  cairo_close_path (cr);
}

/* The same ring as one polygon for a raster, which fills a single contour: the outer edge,
 * back to its first corner, across to the hull and round it the other way. The two crossings
 * cancel under the nonzero rule, so the hull stays a hole. */
static guint
halo_keyhole (const MusterPoint *hull,
              guint              n,
              double             d,
              MusterPoint        polygon[34])
{
  halo_ring (hull, n, d, polygon);
  polygon[n] = polygon[0];
  for (guint i = 0; i <= n; i++)
    polygon[n + 1 + i] = hull[(n - i) % n];
  return 2 * n + 2;
}

/* The tint of the unit @fp: a translucent fill over its stands and an opaque ring round it,
 * straight into the pixels through @p's raster when there is one (cairo_fill() costs some
 * 17 µs each for these small shapes, mostly fixed per pixel row: two thirds of the tint's
 * time on a crowded table, which the raster halves), else with cairo paths (PDF, SVG, a clip
 * that is not whole pixels). */
static void
paint_unit_tint (Painter               *p,
                 const MusterFootprint *fp,
                 const double           rgba[4])
{
  cairo_t *cr = p->cr;
  const MusterPoint *outline;
  MusterPoint hull[16];
  double fill[4] = { rgba[0], rgba[1], rgba[2], rgba[3] * FILL_ALPHA };
  double halo[4] = { rgba[0], rgba[1], rgba[2], rgba[3] * HALO_ALPHA };
  guint n, n_hull = 0;

  outline = muster_footprint_get_outline (fp, &n);
  if (n <= G_N_ELEMENTS (hull))
    n_hull = muster_polygon_convex_hull (outline, n, hull);
  if (p->raster != NULL)
    {
      MusterPoint keyhole[2 * G_N_ELEMENTS (hull) + 2];

      muster_raster_fill_polygon (p->raster, outline, n, fill);
      if (n_hull >= 3)
        muster_raster_fill_polygon (p->raster, keyhole,
                                    halo_keyhole (hull, n_hull, HALO_PX / p->zoom, keyhole), halo);
      else
        muster_raster_stroke_polyline (p->raster, outline, n, TRUE, 2 * HALO_PX / p->zoom,
                                       CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_CAP_BUTT, halo);
      return;
    }
  _muster_map_unit_outline_path (cr, fp);
  set_colour (cr, fill);
  cairo_fill (cr);
  if (n_hull >= 3)
    halo_path (cr, hull, n_hull, HALO_PX / p->zoom);
  else
    {
      /* an outline of many corners (a crowd of stands): stroked */
      _muster_map_unit_outline_path (cr, fp);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      set_line_px (p, 2 * HALO_PX);
    }
  set_colour (cr, halo);
  n_hull >= 3 ? cairo_fill (cr) : cairo_stroke (cr);
}

void
_muster_map_paint_tint (Painter   *p,
                        GPtrArray *visible)
{
  const MusterOddsTint *tint = p->scene->tint;
  cairo_t *cr = p->cr;

  if (tint == NULL)
    return;
  p->raster = muster_raster_begin (cr);
  for (guint i = 0; i < visible->len; i++)
    {
      const MusterFeature *f = visible->pdata[i];
      g_autoptr(MusterFootprint) owned = NULL;
      const MusterFootprint *fp;
      double chance, rgba[4], x, y;
      MusterBox body;

      if (f->kind != MUSTER_FEATURE_UNIT || !shown (p, f) ||
          !muster_odds_tint_lookup (tint, f->unit, &chance))
        continue;
      fp = _muster_map_unit_footprint (p->scene, f, &owned);
      muster_map_tint_colour (p->style, chance, rgba);
      paint_unit_tint (p, fp, rgba);

      /* the figure itself where it fits: the colour alone is not enough to read */
      body = muster_footprint_get_bounds (fp);
      if (MAX (body.x1 - body.x0, body.y1 - body.y0) * p->zoom < MIN_LABEL_PX)
        continue;
      {
        g_autofree char *percent = muster_odds_format_percent (chance);

        cairo_save (cr);
        cairo_set_matrix (cr, &p->device);
        muster_viewport_table_to_widget (p->viewport, f->centre.x, f->centre.y, &x, &y);
        _muster_map_text_at (p, percent, x, y, 0.5, 0.5, TRUE);
        cairo_restore (cr);
      }
    }
  g_clear_pointer (&p->raster, muster_raster_end);
}

/* How many units shown the box @x0, @y0, @width × @height (widget px) covers, their halo
 * included: those the battlefield's index finds under it, measured on screen. */
static guint
count_covered (Painter *p,
               double   x0,
               double   y0,
               double   width,
               double   height)
{
  MusterBox legend = { x0 - HALO_PX, y0 - HALO_PX, x0 + width + HALO_PX, y0 + height + HALO_PX };
  MusterBox under = muster_box_empty ();
  g_autoptr(GPtrArray) found = g_ptr_array_new ();
  guint n = 0;

  /* the view may be turned: the boxes of four corners, on the table and on screen */
  for (guint c = 0; c < 4; c++)
    {
      double x, y;

      muster_viewport_widget_to_table (p->viewport, c & 1 ? legend.x1 : legend.x0,
                                       c & 2 ? legend.y1 : legend.y0, &x, &y);
      muster_box_extend (&under, (MusterPoint) { x, y });
    }
  muster_battlefield_query_box (p->scene->battlefield, under, found);
  for (guint i = 0; i < found->len; i++)
    {
      const MusterFeature *f = found->pdata[i];
      MusterBox box, on_screen = muster_box_empty ();

      if (f->kind != MUSTER_FEATURE_UNIT || !shown (p, f))
        continue;
      box = muster_feature_get_bounds (f);
      for (guint c = 0; c < 4; c++)
        {
          double x, y;

          muster_viewport_table_to_widget (p->viewport, c & 1 ? box.x1 : box.x0,
                                           c & 2 ? box.y1 : box.y0, &x, &y);
          muster_box_extend (&on_screen, (MusterPoint) { x, y });
        }
      n += muster_box_intersects (on_screen, legend);
    }
  return n;
}

/* The legend: what the tint is the chance of, the ramp from 0 % to 100 %, and what no tint
 * means. In the lower left corner of the view unless it would cover a unit there, then the
 * first corner that covers none (lower right, upper left, upper right), else the one that
 * covers fewest. */
void
_muster_map_paint_legend (Painter *p)
{
  const MusterOddsTint *tint = p->scene->tint;
  cairo_t *cr = p->cr;
  const char *none = _("No tint: out of reach, or not possible");
  g_autofree char *rings = NULL;
  cairo_pattern_t *ramp;
  int title_w, title_h, none_w, none_h, rings_w = 0, rings_h = 0;
  double width, height, x0, y0, bar_y;

  if (tint == NULL)
    return;
  cairo_save (cr);
  cairo_set_matrix (cr, &p->device);
  pango_layout_set_text (p->layout, muster_odds_tint_get_title (tint), -1);
  pango_layout_get_pixel_size (p->layout, &title_w, &title_h);
  pango_layout_set_text (p->layout, none, -1);
  pango_layout_get_pixel_size (p->layout, &none_w, &none_h);
  if (p->scene->show_ranges && muster_odds_tint_get_target (tint) != NULL)
    {
      MusterUnit *target = muster_doc_lookup_unit (p->scene->doc, muster_odds_tint_get_target (tint));

      /* TRANSLATORS: the map's legend: what the percentages on the range rings are */
      rings = g_strdup_printf (_("On the rings: against %s in that band"),
                               target != NULL && muster_unit_get_name (target) != NULL
                               ? muster_unit_get_name (target)
                               : muster_odds_tint_get_target (tint));
      pango_layout_set_text (p->layout, rings, -1);
      pango_layout_get_pixel_size (p->layout, &rings_w, &rings_h);
    }
  width = MAX (MAX (MAX (title_w, none_w), rings_w), LEGEND_BAR_W) + 2 * LEGEND_PAD;
  height = title_h + LEGEND_BAR_H + 2 * none_h + rings_h + 4 + 2 * LEGEND_PAD;
  {
    double right = muster_viewport_get_width (p->viewport) - LEGEND_GAP - width;
    double bottom = muster_viewport_get_height (p->viewport) - LEGEND_GAP - height;
    const double corners[][2] = { { LEGEND_GAP, bottom }, { right, bottom },
                                  { LEGEND_GAP, LEGEND_GAP }, { right, LEGEND_GAP } };
    guint fewest = G_MAXUINT;

    x0 = corners[0][0];
    y0 = corners[0][1];
    for (guint c = 0; c < G_N_ELEMENTS (corners) && fewest > 0; c++)
      {
        guint n = count_covered (p, corners[c][0], corners[c][1], width, height);

        if (n < fewest)
          {
            fewest = n;
            x0 = corners[c][0];
            y0 = corners[c][1];
          }
      }
  }

  cairo_rectangle (cr, x0, y0, width, height);
  set_colour_alpha (cr, p->style->table, 0.92);
  cairo_fill_preserve (cr);
  set_colour (cr, p->style->edge);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  _muster_map_text_at (p, muster_odds_tint_get_title (tint), x0 + LEGEND_PAD, y0 + LEGEND_PAD,
                       0, 0, FALSE);
  bar_y = y0 + LEGEND_PAD + title_h + 2;
  ramp = cairo_pattern_create_linear (x0 + LEGEND_PAD, 0, x0 + LEGEND_PAD + LEGEND_BAR_W, 0);
  for (guint k = 0; k < MUSTER_MAP_N_ODDS_STOPS; k++)
    {
      const double *stop = p->style->odds[k];

      cairo_pattern_add_color_stop_rgba (ramp, (double) k / (MUSTER_MAP_N_ODDS_STOPS - 1),
                                         stop[0], stop[1], stop[2], stop[3]);
    }
  cairo_rectangle (cr, x0 + LEGEND_PAD, bar_y, LEGEND_BAR_W, LEGEND_BAR_H);
  cairo_set_source (cr, ramp);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (ramp);
  set_colour (cr, p->style->edge);
  cairo_stroke (cr);
  _muster_map_text_at (p, "0 %", x0 + LEGEND_PAD, bar_y + LEGEND_BAR_H + 1, 0, 0, FALSE);
  _muster_map_text_at (p, "50 %", x0 + LEGEND_PAD + LEGEND_BAR_W / 2, bar_y + LEGEND_BAR_H + 1,
                       0.5, 0, FALSE);
  _muster_map_text_at (p, "100 %", x0 + LEGEND_PAD + LEGEND_BAR_W, bar_y + LEGEND_BAR_H + 1, 1,
                       0, FALSE);
  _muster_map_text_at (p, none, x0 + LEGEND_PAD, bar_y + LEGEND_BAR_H + 2 + none_h, 0, 0, FALSE);
  if (rings != NULL)
    _muster_map_text_at (p, rings, x0 + LEGEND_PAD, bar_y + LEGEND_BAR_H + 2 + 2 * none_h, 0, 0,
                         FALSE);
  cairo_restore (cr);
}
