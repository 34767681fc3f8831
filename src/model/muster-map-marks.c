/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-painter"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "muster-map-painter-private.h"
#include "muster-odds-figure.h"
#include "muster-ranges.h"
#include "muster-unit.h"

/*
 * The marks of the map, painted over the kept layers every frame: the selection (with the
 * handles of an outline's vertices), the selected units' weapon ranges, the rubber band, and
 * the measuring line or line of sight with the piece that blocks it.
 */

/* A selected outline's vertices as handles to drag: small squares of the table colour, ringed
 * in the selection colour, the same size at every zoom. */
static void
paint_vertex_handles (Painter             *p,
                      const MusterFeature *f)
{
  cairo_t *cr = p->cr;

  cairo_save (cr);
  cairo_set_matrix (cr, &p->device);
  for (guint i = 0; i < f->points->len; i++)
    {
      MusterPoint v = g_array_index (f->points, MusterPoint, i);
      double x, y;

      muster_viewport_table_to_widget (p->viewport, v.x, v.y, &x, &y);
      cairo_rectangle (cr, round (x) - 3.5, round (y) - 3.5, 7, 7);
    }
  set_colour (cr, p->style->table);
  cairo_fill_preserve (cr);
  set_colour (cr, p->style->selection);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
paint_selection (Painter   *p,
                 GPtrArray *visible)
{
  cairo_t *cr = p->cr;

  for (guint i = 0; p->scene->selection && i < visible->len; i++)
    {
      const MusterFeature *f = visible->pdata[i];

      if (!g_hash_table_contains (p->scene->selection, f->id) || !shown (p, f))
        continue;
      if (f->kind == MUSTER_FEATURE_UNIT)
        {
          g_autoptr(MusterFootprint) fp = muster_feature_get_footprint (f);

          _muster_map_unit_outline_path (cr, fp);
          set_colour (cr, p->style->selection);
          set_line_px (p, 3);
          cairo_stroke (cr);
          continue;
        }
      if (f->kind == MUSTER_FEATURE_OBJECTIVE)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, f->centre.x, f->centre.y, 16 / p->zoom, 0, 2 * G_PI);
        }
      else
        _muster_map_shape_path (cr, f);
      set_colour (cr, p->style->selection);
      set_line_px (p, 2.5);
      cairo_stroke (cr);
      if (muster_feature_has_vertices (f))
        paint_vertex_handles (p, f);
    }
}

/* The outline of @hull (convex, turning from +x to +y) pushed out by @d: its edges moved out,
 * joined by arcs round its corners. What "within d of the unit" covers. */
static void
offset_hull_path (cairo_t           *cr,
                  const MusterPoint *hull,
                  guint              n,
                  double             d)
{
  cairo_new_sub_path (cr);
  for (guint i = 0; i < n; i++)
    {
      MusterPoint prev = hull[(i + n - 1) % n], v = hull[i], next = hull[(i + 1) % n];
      double in = atan2 (-(v.x - prev.x), v.y - prev.y);   /* outward normal of the edge in */
      double out = atan2 (-(next.x - v.x), next.y - v.y);  /* and of the edge out */

      if (n == 1)
        {
          cairo_arc (cr, v.x, v.y, d, 0, 2 * G_PI);
          break;
        }
      while (out < in)
        out += 2 * G_PI;
      cairo_arc (cr, v.x, v.y, d, in, out);
    }
  cairo_close_path (cr);
}

/* "Shooting 24″", or with no @name "8″": @mm in the ruleset's own units. */
static char *
format_range (const MusterRange *range,
              const char        *name,
              double             mm)
{
  double value = range->max > 0 ? mm * range->ruleset_max / range->max : 0;
  g_autofree char *length = NULL;

  if (range->unlimited)
    return g_strdup_printf (_("%s: unlimited range"), muster_ruleset_text (range->name));
  if (g_strcmp0 (range->units, "cm") == 0)
    length = g_strdup_printf ("%g cm", round (value * 10) / 10);
  else if (g_strcmp0 (range->units, "yd") == 0)
    length = g_strdup_printf (_("%g yd"), round (value * 10) / 10);
  else
    length = g_strdup_printf ("%g″", round (value * 10) / 10);
  return name ? g_strdup_printf ("%s %s", name, length) : g_steal_pointer (&length);
}

/* Where a ring @d out from @hull is labelled: below the unit on screen, or above it when below
 * is out of view. Returns widget px. */
static void
ring_label_point (Painter           *p,
                  const MusterPoint *hull,
                  guint              n,
                  MusterVector       up,
                  double             d,
                  double            *x,
                  double            *y)
{
  for (int side = 0; side < 2; side++)
    {
      MusterVector out = muster_vector_scale (up, side ? 1 : -1);
      MusterPoint best = hull[0];
      double best_y = 0;

      for (guint k = 0; k < n; k++)
        {
          double kx, ky;

          muster_viewport_table_to_widget (p->viewport, hull[k].x, hull[k].y, &kx, &ky);
          if (k == 0 || (side ? ky < best_y : ky > best_y))
            {
              best = hull[k];
              best_y = ky;
            }
        }
      best = muster_point_add (best, muster_vector_scale (out, d));
      muster_viewport_table_to_widget (p->viewport, best.x, best.y, x, y);
      if (*y > 16 && *y < muster_viewport_get_height (p->viewport) - 16)
        return;
    }
}

/* Where @text goes for the ring @d out from @hull: as ring_label_point() puts it (below the
 * unit, or above), unless it would lie over a unit there, where a percentage reads as that
 * unit's tint; then above, left or right of the unit, the first in view over none. With every
 * place over a unit, the first. Widget px, the text's centre. */
static void
clear_label_point (Painter           *p,
                   const MusterPoint *hull,
                   guint              n,
                   MusterVector       up,
                   double             d,
                   const char        *text,
                   double            *x,
                   double            *y)
{
  MusterVector ways[] = { muster_vector_scale (up, 1), { up.y, -up.x }, { -up.y, up.x } };
  int w, h;

  ring_label_point (p, hull, n, up, d, x, y);
  pango_layout_set_text (p->layout, text, -1);
  pango_layout_get_pixel_size (p->layout, &w, &h);
  if (_muster_map_count_covered (p, *x - w / 2.0 - 2, *y - h / 2.0, w + 4, h) == 0)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (ways); i++)
    {
      MusterPoint best = hull[0];
      double best_along = muster_vector_dot ((MusterVector) { hull[0].x, hull[0].y }, ways[i]);
      double wx, wy;

      /* the hull's farthest corner that way, and the ring @d beyond it */
      for (guint k = 1; k < n; k++)
        {
          double along = muster_vector_dot ((MusterVector) { hull[k].x, hull[k].y }, ways[i]);

          if (along > best_along)
            {
              best = hull[k];
              best_along = along;
            }
        }
      best = muster_point_add (best, muster_vector_scale (ways[i], d));
      muster_viewport_table_to_widget (p->viewport, best.x, best.y, &wx, &wy);
      if (wx - w / 2.0 < 0 || wx + w / 2.0 > muster_viewport_get_width (p->viewport) ||
          wy < 16 || wy > muster_viewport_get_height (p->viewport) - 16 ||
          _muster_map_count_covered (p, wx - w / 2.0 - 2, wy - h / 2.0, w + 4, h) > 0)
        continue;
      *x = wx;
      *y = wy;
      return;
    }
}

/* With the map tinted by @f's odds against a target, each band of @range labelled in its
 * middle with the chance were the target in it. Device px. */
static void
paint_band_chances (Painter             *p,
                    const MusterFeature *f,
                    const MusterRange   *range,
                    const MusterPoint   *hull,
                    guint                n_hull,
                    MusterVector         up)
{
  const MusterOddsTint *tint = p->scene->tint;

  if (tint == NULL || g_strcmp0 (muster_odds_tint_get_acting (tint), f->unit) != 0)
    return;
  for (guint k = 0; k <= range->n_rings; k++)
    {
      double from = k == 0 ? range->min : range->rings[k - 1];
      double to = k == range->n_rings ? range->max : range->rings[k];
      g_autofree char *percent = NULL;
      double chance, x, y;

      if (!muster_odds_tint_lookup_band (tint, range->id, k + 1, &chance))
        continue;
      percent = muster_odds_format_percent (chance);
      clear_label_point (p, hull, n_hull, up, (from + to) / 2, percent, &x, &y);
      _muster_map_text_at (p, percent, x, y, 0.5, 0.5, TRUE);
    }
}

/* Range rings round each selected unit, in its side's colour: the maximum solid, the bands
 * inside it dashed, a minimum range dotted; each maximum labelled at its top; with the map
 * tinted by the unit's odds, each band labelled with its chance. */
static void
paint_ranges (Painter *p)
{
  const MusterMapScene *scene = p->scene;
  cairo_t *cr = p->cr;
  const MusterRangeRules *rules = muster_terrain_types_get_ranges (scene->types);
  MusterRuleset *ruleset = scene->doc ? muster_doc_get_ruleset (scene->doc) : NULL;
  GHashTableIter iter;
  gpointer id;
  MusterPoint up_a, up_b;
  MusterVector up;

  if (!scene->show_ranges || scene->selection == NULL || rules == NULL || ruleset == NULL)
    return;
  /* the way up the screen, in table mm: where the labels go */
  muster_viewport_widget_to_table (p->viewport, 0, 0, &up_a.x, &up_a.y);
  muster_viewport_widget_to_table (p->viewport, 0, -1, &up_b.x, &up_b.y);
  up = muster_vector_scale (muster_point_sub (up_b, up_a), 1 / muster_point_distance (up_a, up_b));

  g_hash_table_iter_init (&iter, scene->selection);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    {
      const MusterFeature *f = muster_battlefield_lookup (scene->battlefield, id);
      MusterUnit *unit;
      g_autoptr(GArray) ranges = NULL;
      g_autoptr(MusterFootprint) fp = NULL;
      g_autofree MusterPoint *hull = NULL;
      const MusterPoint *outline;
      const double *colour;
      guint n, n_hull;

      if (f == NULL || f->kind != MUSTER_FEATURE_UNIT || !shown (p, f) ||
          !(unit = muster_doc_lookup_unit (scene->doc, f->unit)))
        continue;
      ranges = muster_range_rules_for_unit (rules, ruleset, unit);
      if (ranges->len == 0)
        continue;
      fp = muster_feature_get_footprint (f);
      outline = muster_footprint_get_outline (fp, &n);
      hull = g_new (MusterPoint, MAX (n, 1));
      n_hull = muster_polygon_convex_hull (outline, n, hull);
      if (n_hull == 0)
        {
          hull[0] = f->centre;
          n_hull = 1;
        }
      colour = _muster_map_side_colour (p, unit_side (scene, f));

      for (guint r = 0; r < ranges->len; r++)
        {
          const MusterRange *range = &g_array_index (ranges, MusterRange, r);
          static const double dash[] = { 6, 4 }, dots[] = { 1, 4 };
          g_autofree char *label = format_range (range, muster_ruleset_text (range->name),
                                                 range->max);
          double x, y;

          if (range->unlimited)
            {
              /* no ring: a line under the unit's own label, one for each unlimited range */
              ring_label_point (p, hull, n_hull, up, 0, &x, &y);
              cairo_save (cr);
              cairo_set_matrix (cr, &p->device);
              _muster_map_text_at (p, label, x, y + 18 + 16 * r, 0.5, 0.0, TRUE);
              cairo_restore (cr);
              continue;
            }
          offset_hull_path (cr, hull, n_hull, range->max);
          set_colour_alpha (cr, colour, 0.9);
          set_line_px (p, 2);
          cairo_stroke (cr);
          for (guint k = 0; k < range->n_rings; k++)
            offset_hull_path (cr, hull, n_hull, range->rings[k]);
          _muster_map_stroke_dashed_px (p, dash, 1, CAIRO_LINE_CAP_BUTT, colour, 0.7);
          if (range->min > 0)
            {
              offset_hull_path (cr, hull, n_hull, range->min);
              _muster_map_stroke_dashed_px (p, dots, 2, CAIRO_LINE_CAP_ROUND, colour, 0.9);
            }

          /* the maximum with the weapon's name, the bands with their distance */
          cairo_save (cr);
          cairo_set_matrix (cr, &p->device);
          ring_label_point (p, hull, n_hull, up, range->max, &x, &y);
          _muster_map_text_at (p, label, x, y, 0.5, 0.5, TRUE);
          for (guint k = 0; k < range->n_rings; k++)
            {
              g_autofree char *band = format_range (range, NULL, range->rings[k]);

              ring_label_point (p, hull, n_hull, up, range->rings[k], &x, &y);
              _muster_map_text_at (p, band, x, y, 0.5, 0.5, TRUE);
            }
          if (range->min > 0)
            {
              g_autofree char *distance = format_range (range, NULL, range->min);
              /* TRANSLATORS: a weapon's minimum range on the map, e.g. "min 6″" */
              g_autofree char *least = g_strdup_printf (_("min %s"), distance);

              ring_label_point (p, hull, n_hull, up, range->min, &x, &y);
              _muster_map_text_at (p, least, x, y, 0.5, 0.5, TRUE);
            }
          paint_band_chances (p, f, range, hull, n_hull, up);
          cairo_restore (cr);
        }
    }
}

static void
paint_overlays (Painter *p)
{
  cairo_t *cr = p->cr;
  const MusterMapScene *scene = p->scene;
  const MusterFeature *blocker;

  if (!muster_box_is_empty (scene->rubber_band))
    {
      MusterBox b = scene->rubber_band;

      cairo_rectangle (cr, b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0);
      set_colour_alpha (cr, p->style->selection, 0.15);
      cairo_fill_preserve (cr);
      set_colour (cr, p->style->selection);
      set_line_px (p, 1);
      cairo_stroke (cr);
    }
  /* the piece that blocks a line of sight, outlined under the line */
  if (scene->has_measure && scene->measure_blocked && scene->blocker != NULL &&
      (blocker = muster_battlefield_lookup (scene->battlefield, scene->blocker)) != NULL)
    {
      _muster_map_shape_path (cr, blocker);
      set_colour (cr, p->style->blocked);
      set_line_px (p, 3);
      cairo_stroke (cr);
    }
  if (scene->has_measure)
    {
      const double *colour = scene->measure_blocked ? p->style->blocked : p->style->measure;
      double x0, y0, x1, y1;

      muster_viewport_table_to_widget (p->viewport, scene->measure.a.x, scene->measure.a.y, &x0, &y0);
      muster_viewport_table_to_widget (p->viewport, scene->measure.b.x, scene->measure.b.y, &x1, &y1);
      cairo_save (cr);
      cairo_set_matrix (cr, &p->device);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      set_colour (cr, colour);
      cairo_set_line_width (cr, 2.5);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_stroke (cr);
      cairo_arc (cr, x0, y0, 4, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_arc (cr, x1, y1, 4, 0, 2 * G_PI);
      cairo_fill (cr);
      if (scene->measure_label)
        _muster_map_text_at (p, scene->measure_label, (x0 + x1) / 2, (y0 + y1) / 2 - 6, 0.5, 1.0,
                             TRUE);
      cairo_restore (cr);
    }
}

/* The marks over the kept layers: the enemy units tinted by their odds, the selection, the
 * range rings, the rubber band and the measuring line (or line of sight); the tint's legend
 * over all. */
void
_muster_map_paint_marks (Painter   *p,
                         GPtrArray *visible)
{
  _muster_map_paint_tint (p, visible);
  paint_selection (p, visible);
  paint_ranges (p);
  paint_overlays (p);
  _muster_map_paint_legend (p);
}
