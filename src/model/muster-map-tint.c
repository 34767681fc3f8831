/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-painter"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

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

/* A unit's tint's shapes in table mm: the hull of its outline (@n_hull corners; fewer than 3
 * when the outline has too many corners to take it) and the halo round it as one polygon. */
typedef struct
{
  MusterPoint hull[16];
  guint       n_hull;
  MusterPoint keyhole[2 * 16 + 2];
  guint       n_keyhole;
} TintShapes;

static void
tint_shapes (Painter               *p,
             const MusterFootprint *fp,
             TintShapes            *shapes)
{
  const MusterPoint *outline;
  guint n;

  outline = muster_footprint_get_outline (fp, &n);
  shapes->n_hull = n <= G_N_ELEMENTS (shapes->hull)
                   ? muster_polygon_convex_hull (outline, n, shapes->hull) : 0;
  shapes->n_keyhole = shapes->n_hull >= 3
                      ? halo_keyhole (shapes->hull, shapes->n_hull, HALO_PX / p->zoom,
                                      shapes->keyhole)
                      : 0;
}

/* The fill's and the halo's colours of a unit tinted @rgba. */
static void
tint_colours (const double rgba[4],
              double       fill[4],
              double       halo[4])
{
  memcpy (fill, rgba, 3 * sizeof (double));
  memcpy (halo, rgba, 3 * sizeof (double));
  fill[3] = rgba[3] * FILL_ALPHA;
  halo[3] = rgba[3] * HALO_ALPHA;
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
  TintShapes shapes;
  double fill[4], halo[4];
  guint n;

  outline = muster_footprint_get_outline (fp, &n);
  tint_shapes (p, fp, &shapes);
  tint_colours (rgba, fill, halo);
  if (p->raster != NULL)
    {
      muster_raster_fill_polygon (p->raster, outline, n, fill);
      if (shapes.n_keyhole > 0)
        muster_raster_fill_polygon (p->raster, shapes.keyhole, shapes.n_keyhole, halo);
      else
        muster_raster_stroke_polyline (p->raster, outline, n, TRUE, 2 * HALO_PX / p->zoom,
                                       CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_CAP_BUTT, halo);
      return;
    }
  _muster_map_unit_outline_path (cr, fp);
  set_colour (cr, fill);
  cairo_fill (cr);
  if (shapes.n_keyhole > 0)
    halo_path (cr, shapes.hull, shapes.n_hull, HALO_PX / p->zoom);
  else
    {
      /* an outline of many corners (a crowd of stands): stroked */
      _muster_map_unit_outline_path (cr, fp);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      set_line_px (p, 2 * HALO_PX);
    }
  set_colour (cr, halo);
  shapes.n_keyhole > 0 ? cairo_fill (cr) : cairo_stroke (cr);
}

/*
 * The masks of the units' tints, kept with the document between frames (the raster's, see
 * muster-raster-mask.c): while the acting unit is dragged the others stand still and only
 * their colours change, so each unit's fill and halo are found once, not on every frame. An
 * entry is good for the placement at its revision (by id: a loaded table's placements share
 * one revision) and for a raster like the one it was recorded on (the view, its size and
 * clip); anything else records it again. A unit whose halo is stroked (an outline of many
 * corners) is not kept.
 */
#define MASKS_CACHE "muster-map-tint-masks"

typedef struct
{
  guint64           revision;   /* the placement's when recorded */
  MusterBox         bounds;     /* its footprint's */
  MusterRasterMask *fill;
  MusterRasterMask *halo;
} UnitMasks;

typedef struct
{
  const MusterBattlefield *battlefield;
  GHashTable              *units;      /* placement id → UnitMasks */
} MaskCache;

static void
unit_masks_free (UnitMasks *self)
{
  muster_raster_mask_free (self->fill);
  muster_raster_mask_free (self->halo);
  g_free (self);
}

static void
mask_cache_free (MaskCache *self)
{
  g_hash_table_unref (self->units);
  g_free (self);
}

/* The masks kept with the scene's document for its battlefield, made when there are none. */
static MaskCache *
get_mask_cache (Painter *p)
{
  MusterDoc *doc = p->scene->doc;
  MaskCache *cache = doc != NULL ? muster_doc_get_list_cache (doc, MASKS_CACHE) : NULL;

  if (doc == NULL)
    return NULL;
  /* (placements removed leave their entries: more of them than units on the table, and they
   * all go) */
  if (cache == NULL || cache->battlefield != p->scene->battlefield ||
      g_hash_table_size (cache->units) > 2 * muster_battlefield_get_n_features (p->scene->battlefield) + 16)
    {
      cache = g_new0 (MaskCache, 1);
      cache->battlefield = p->scene->battlefield;
      cache->units = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) unit_masks_free);
      muster_doc_set_list_cache (doc, MASKS_CACHE, cache, (GDestroyNotify) mask_cache_free);
    }
  return cache;
}

/* @f's masks on @p's raster: kept, or recorded (and kept) from its footprint *@fp, laid out
 * into *@owned when it is not given yet; NULL when its halo is stroked. */
static const UnitMasks *
lookup_masks (Painter                *p,
              MaskCache              *cache,
              const MusterFeature    *f,
              const MusterFootprint **fp,
              MusterFootprint       **owned)
{
  UnitMasks *kept = g_hash_table_lookup (cache->units, f->id);
  TintShapes shapes;
  const MusterPoint *outline;
  guint n;

  if (kept != NULL && kept->revision == f->revision &&
      muster_raster_mask_fits (p->raster, kept->fill))
    return kept;
  if (*fp == NULL)
    *fp = _muster_map_unit_footprint (p->scene, f, owned);
  tint_shapes (p, *fp, &shapes);
  if (shapes.n_keyhole == 0)
    {
      g_hash_table_remove (cache->units, f->id);
      return NULL;
    }
  outline = muster_footprint_get_outline (*fp, &n);
  kept = g_new0 (UnitMasks, 1);
  kept->revision = f->revision;
  kept->bounds = muster_footprint_get_bounds (*fp);
  kept->fill = muster_raster_mask_polygon (p->raster, outline, n);
  kept->halo = muster_raster_mask_polygon (p->raster, shapes.keyhole, shapes.n_keyhole);
  if (kept->fill == NULL || kept->halo == NULL)
    {
      /* (under a clip polygon, which the tint never sets) */
      unit_masks_free (kept);
      return NULL;
    }
  g_hash_table_replace (cache->units, g_strdup (f->id), kept);
  return kept;
}

/* A unit to tint: its placement, its chance, and its masks or else its footprint (owned when
 * laid out here). */
typedef struct
{
  const MusterFeature   *f;
  double                 chance;
  const UnitMasks       *masks;
  const MusterFootprint *fp;
  MusterFootprint       *owned;
} Tinted;

static void
tinted_clear (Tinted *t)
{
  g_clear_pointer (&t->owned, muster_footprint_free);
}

static MusterBox
tinted_bounds (const Tinted *t)
{
  return t->masks != NULL ? t->masks->bounds : muster_footprint_get_bounds (t->fp);
}

/* The pixels of @t's tint asked for ahead of painting it: each unit is a few dozen short rows
 * a stride apart, which no prefetcher guesses, and without this a third of the tint's painting
 * went in waiting for the first pixel of each row. Two units ahead: the fetches of one take
 * about as long as painting one. */
#define PREFETCH_AHEAD 2

static void
prefetch_tinted (Painter      *p,
                 const Tinted *t)
{
  muster_raster_prefetch (p->raster, muster_box_inflate (tinted_bounds (t), HALO_PX / p->zoom));
}

/* The enemy units tinted, each with its chance as text where it fits. Only those in view
 * (@visible, from the battlefield's index) are painted. */
void
_muster_map_paint_tint (Painter   *p,
                        GPtrArray *visible)
{
  const MusterOddsTint *tint = p->scene->tint;
  cairo_t *cr = p->cr;
  g_autoptr(GArray) tinted = NULL;
  MaskCache *cache;

  if (tint == NULL)
    return;
  p->raster = muster_raster_begin (cr);
  cache = p->raster != NULL ? get_mask_cache (p) : NULL;
  tinted = g_array_sized_new (FALSE, FALSE, sizeof (Tinted), visible->len);
  g_array_set_clear_func (tinted, (GDestroyNotify) tinted_clear);
  for (guint i = 0; i < visible->len; i++)
    {
      Tinted t = { visible->pdata[i], 0, NULL, NULL, NULL };

      if (t.f->kind != MUSTER_FEATURE_UNIT || !shown (p, t.f) ||
          !muster_odds_tint_lookup (tint, t.f->unit, &t.chance))
        continue;
      if (cache != NULL)
        t.masks = lookup_masks (p, cache, t.f, &t.fp, &t.owned);
      if (t.masks == NULL && t.fp == NULL)
        t.fp = _muster_map_unit_footprint (p->scene, t.f, &t.owned);
      g_array_append_val (tinted, t);
    }

  for (guint i = 0; p->raster != NULL && i < MIN (tinted->len, PREFETCH_AHEAD); i++)
    prefetch_tinted (p, &g_array_index (tinted, Tinted, i));
  for (guint i = 0; i < tinted->len; i++)
    {
      const Tinted *t = &g_array_index (tinted, Tinted, i);
      double rgba[4], x, y;
      MusterBox body;

      if (p->raster != NULL && i + PREFETCH_AHEAD < tinted->len)
        prefetch_tinted (p, &g_array_index (tinted, Tinted, i + PREFETCH_AHEAD));
      muster_map_tint_colour (p->style, t->chance, rgba);
      if (t->masks != NULL)
        {
          double fill[4], halo[4];

          tint_colours (rgba, fill, halo);
          muster_raster_fill_mask (p->raster, t->masks->fill, fill);
          muster_raster_fill_mask (p->raster, t->masks->halo, halo);
        }
      else
        paint_unit_tint (p, t->fp, rgba);

      /* the figure itself where it fits: the colour alone is not enough to read */
      body = tinted_bounds (t);
      if (MAX (body.x1 - body.x0, body.y1 - body.y0) * p->zoom < MIN_LABEL_PX)
        continue;
      {
        g_autofree char *percent = muster_odds_format_percent (t->chance);

        cairo_save (cr);
        cairo_set_matrix (cr, &p->device);
        muster_viewport_table_to_widget (p->viewport, t->f->centre.x, t->f->centre.y, &x, &y);
        _muster_map_text_at (p, percent, x, y, 0.5, 0.5, TRUE);
        cairo_restore (cr);
      }
    }
  g_clear_pointer (&p->raster, muster_raster_end);
}

/* How many units shown the box @x0, @y0, @width × @height (widget px) covers, their halo
 * included (those the battlefield's index finds under it, measured on screen), and how many
 * of the names placed for them. */
guint
_muster_map_count_covered (Painter *p,
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
  if (p->labels != NULL)
    {
      GHashTableIter iter;
      gpointer value;

      g_hash_table_iter_init (&iter, p->labels);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        n += muster_box_intersects (((const MusterMapPlacedLabel *) value)->box, legend);
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
        guint n = _muster_map_count_covered (p, corners[c][0], corners[c][1], width, height);

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
