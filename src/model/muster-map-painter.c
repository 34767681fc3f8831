/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-painter"

#include "config.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "muster-map-painter-private.h"

/*
 * The battlefield drawn with cairo for one viewport: the Battlefield workspace, PNG/PDF export
 * and print share it. Shapes are drawn in table millimetres under the viewport's matrix; text,
 * ticks and line widths are in device pixels so they stay legible at every zoom.
 *
 * Speed: only features whose bounds meet the visible box are drawn (through the battlefield's
 * spatial index); a unit's stands are one path filled once, with no stroke per stand; stands,
 * arrows and labels are left out when they would be smaller than a few pixels.
 *
 * This file paints a scene's layers, what they share (the scene's features, text) and the
 * background; each layer is drawn by a file of its own (see muster-map-painter-private.h).
 */

/* Returns: whether the scene's audience sees @feature (the umpire's layer is filtered here) */
gboolean
muster_map_scene_shows (const MusterMapScene *scene,
                        const MusterFeature  *feature)
{
  MusterAudience audience = { scene->side, scene->show_umpire };

  return muster_doc_feature_is_visible (scene->doc, feature, &audience);
}

/**
 * muster_map_scene_footprints:
 * @scene: what is painted
 *
 * Lays out the stands of every unit on the battlefield once, for a frame that would else lay
 * them out twice (placing the labels, then painting): see #MusterMapScene.footprints.
 *
 * Returns: (transfer full) (element-type MusterFeature MusterFootprint): unit → its footprint
 */
GHashTable *
muster_map_scene_footprints (const MusterMapScene *scene)
{
  MusterBattlefield *field = scene->battlefield;
  GHashTable *footprints = g_hash_table_new_full (NULL, NULL, NULL,
                                                  (GDestroyNotify) muster_footprint_free);

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (f->kind == MUSTER_FEATURE_UNIT)
        g_hash_table_insert (footprints, (gpointer) f, muster_feature_get_footprint (f));
    }
  return footprints;
}

/* @f's footprint: the frame's (#MusterMapScene.footprints) when it has one, else laid out into
 * *@owned, for the caller to free. */
const MusterFootprint *
_muster_map_unit_footprint (const MusterMapScene *scene,
                            const MusterFeature  *f,
                            MusterFootprint     **owned)
{
  const MusterFootprint *fp = scene->footprints != NULL
                              ? g_hash_table_lookup (scene->footprints, f) : NULL;

  if (fp != NULL)
    return fp;
  *owned = muster_feature_get_footprint (f);
  return *owned;
}

/* Returns: (transfer full): @mm in the table's units: 12.5″ or 31.8 cm */
char *
muster_map_format_length (const MusterBattlefield *battlefield,
                          double                   mm)
{
  if (g_strcmp0 (muster_battlefield_get_units (battlefield), "cm") == 0)
    return g_strdup_printf ("%.1f cm", muster_mm_to_cm (mm));
  return g_strdup_printf ("%.1f″", muster_mm_to_inches (mm));
}

void
_muster_map_text_at (Painter    *p,
                     const char *text,
                     double      x,
                     double      y,
                     double      align_x,
                     double      align_y,
                     gboolean    halo)
{
  cairo_t *cr = p->cr;
  PangoLayout *layout;
  double cx0, cy0, cx1, cy1;
  int w, h;

  /* a label wholly outside the clip (a strip of a scrolled map) costs no glyphs; above or
   * below it, no layout either: one line is less than twice a line of "Ag" high */
  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
  if (p->line_height > 0 && strchr (text, '\n') == NULL &&
      (y - 2 * p->line_height * align_y - 1 > cy1 || y + 2 * p->line_height * (1 - align_y) + 1 < cy0))
    return;
  if (p->labels_context != NULL)
    layout = muster_map_label_layout (p->labels_context,
                                      pango_layout_get_font_description (p->layout), text);
  else
    {
      layout = p->layout;
      pango_layout_set_text (layout, text, -1);
    }
  pango_layout_get_pixel_size (layout, &w, &h);
  if (x - w * align_x - 3 > cx1 || x + w * (1 - align_x) + 3 < cx0 ||
      y - h * align_y - 1 > cy1 || y + h * (1 - align_y) + 1 < cy0)
    return;
  cairo_move_to (cr, round (x - w * align_x), round (y - h * align_y));
  if (halo)
    {
      /* A plate in the table colour keeps labels legible over any terrain (and costs far less
       * than stroking the glyphs). */
      cairo_rectangle (cr, round (x - w * align_x) - 2, round (y - h * align_y), w + 4, h);
      set_colour_alpha (cr, p->style->table, 0.8);
      cairo_fill (cr);
      cairo_move_to (cr, round (x - w * align_x), round (y - h * align_y));
    }
  set_colour (cr, p->style->text);
  pango_cairo_show_layout (cr, layout);
}

/* @text on its @plate (device px, as placed: 2 px wider than the text on each side). */
void
_muster_map_text_on_plate (Painter    *p,
                           const char *text,
                           MusterBox   plate)
{
  _muster_map_text_at (p, text, plate.x0 + 2, plate.y0, 0.0, 0.0, TRUE);
}

/* Strokes the current path dashed in device pixels, @width px wide, whatever the zoom. */
void
_muster_map_stroke_dashed_px (Painter          *p,
                              const double      dash[2],
                              double            width,
                              cairo_line_cap_t  cap,
                              const double      rgba[4],
                              double            alpha)
{
  cairo_t *cr = p->cr;

  cairo_save (cr);
  cairo_set_matrix (cr, &p->device);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_cap (cr, cap);
  cairo_set_line_width (cr, width);
  set_colour_alpha (cr, rgba, alpha);
  cairo_stroke (cr);
  cairo_restore (cr);
}

#define LABEL_MARGIN_PX 80.0  /* how far beyond its bounds a feature may paint: labels, rings */

/* The table region under @area (widget px), or under the whole viewport, with @margin px round
 * it. */
static MusterBox
area_box (Painter                     *p,
          const cairo_rectangle_int_t *area,
          double                       margin)
{
  MusterBox box;

  if (area == NULL)
    box = muster_viewport_get_visible_box (p->viewport);
  else
    {
      double xs[] = { area->x, area->x + area->width };
      double ys[] = { area->y, area->y + area->height };

      box = muster_box_empty ();
      for (guint i = 0; i < 4; i++)
        {
          MusterPoint corner;

          muster_viewport_widget_to_table (p->viewport, xs[i / 2], ys[i % 2], &corner.x, &corner.y);
          muster_box_extend (&box, corner);
        }
    }
  return muster_box_inflate (box, margin / p->zoom);
}

G_LOCK_DEFINE_STATIC (query);

/* The background round the table. The table is opaque and painted next: under the pixels it
 * covers whole, 2 px in from its edges, the background would be painted for nothing (on a
 * zoomed map, under every pixel), so it is left out there. */
static void
paint_background (cairo_t              *cr,
                  MusterViewport       *viewport,
                  const MusterMapScene *scene,
                  const MusterMapStyle *style)
{
  MusterBox table = muster_battlefield_get_table_box (scene->battlefield);
  double inset = 2 / muster_viewport_get_zoom (viewport);
  cairo_matrix_t matrix;
  double x0, y0, x1, y1;

  set_colour (cr, style->background);
  if (style->table[3] < 1 || table.x1 - table.x0 <= 2 * inset || table.y1 - table.y0 <= 2 * inset)
    {
      cairo_paint (cr);
      return;
    }
  cairo_save (cr);
  cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  muster_viewport_get_matrix (viewport, &matrix);
  cairo_transform (cr, &matrix);
  cairo_rectangle (cr, table.x0 + inset, table.y0 + inset, table.x1 - table.x0 - 2 * inset,
                   table.y1 - table.y0 - 2 * inset);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_fill (cr);
  cairo_restore (cr);
}

/**
 * muster_map_paint_layers:
 * @cr: any cairo context, in widget pixels (a widget, an image, a PDF page)
 * @viewport: what part of the table, at what zoom, in an area of what size
 * @scene: the battlefield and what to show with it
 * @style: the colours
 * @layers: which layers to paint, each over the ones below it
 * @area: (nullable): paint only this part of the viewport (widget px); %NULL for all of it
 *
 * The ground layer fills the area (background and table); the others paint over what is there.
 */
void
muster_map_paint_layers (cairo_t                     *cr,
                         MusterViewport              *viewport,
                         const MusterMapScene        *scene,
                         const MusterMapStyle        *style,
                         MusterMapLayers              layers,
                         const cairo_rectangle_int_t *area)
{
  g_autoptr(GPtrArray) visible = g_ptr_array_new ();
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  GHashTable *names = NULL;
  cairo_matrix_t matrix;
  Painter p = { .cr = cr, .viewport = viewport, .scene = scene, .style = style, .zoom = 1,
                .sides = sides };

  g_return_if_fail (scene != NULL && scene->battlefield != NULL);

  cairo_save (cr);
  if (area != NULL)
    {
      cairo_rectangle (cr, area->x, area->y, area->width, area->height);
      cairo_clip (cr);
    }
  if (layers & MUSTER_MAP_LAYER_GROUND)
    paint_background (cr, viewport, scene, style);

  /* A PDF page or a print context may come translated or scaled: "device pixels" are the
   * caller's units, not the surface's. */
  cairo_get_matrix (cr, &p.device);
  p.zoom = muster_viewport_get_zoom (viewport);
  p.layout = _muster_map_new_label_layout (cr, style);
  p.labels_context = muster_map_label_context (cr);
  pango_layout_set_text (p.layout, "Ag", -1);
  pango_layout_get_pixel_size (p.layout, NULL, &p.line_height);
  _muster_map_collect_sides (&p);
  /* with a margin for the labels drawn in pixels beyond a feature's bounds */
  /* the index marks the features a query has seen: one query at a time, when a map cache
   * paints two layers on two threads */
  G_LOCK (query);
  muster_battlefield_query_box (scene->battlefield, area_box (&p, area, LABEL_MARGIN_PX), visible);
  G_UNLOCK (query);
  p.area = area_box (&p, area, 8);

  muster_viewport_get_matrix (viewport, &matrix);
  cairo_transform (cr, &matrix);
  if (layers & MUSTER_MAP_LAYER_GROUND)
    _muster_map_paint_ground (&p, visible, FALSE);
  if (layers & MUSTER_MAP_LAYER_LIVE_GROUND)
    _muster_map_paint_ground (&p, visible, TRUE);
  if (layers & MUSTER_MAP_LAYER_UNITS)
    {
      /* placed over the whole table, whatever part is painted */
      p.labels = scene->placed_labels != NULL ? g_hash_table_ref (scene->placed_labels)
                                              : muster_map_place_labels (viewport, scene, p.layout);
      _muster_map_paint_units (&p, visible, FALSE);
      names = g_steal_pointer (&p.labels);
    }
  if (layers & MUSTER_MAP_LAYER_LIVE_UNITS)
    _muster_map_paint_units (&p, visible, TRUE);
  if (layers & MUSTER_MAP_LAYER_MARKS)
    {
      /* the units' names, for the legend and the rings' chances to keep clear of */
      p.labels = names != NULL ? g_steal_pointer (&names)
               : scene->placed_labels != NULL ? g_hash_table_ref (scene->placed_labels) : NULL;
      _muster_map_paint_marks (&p, visible);
      g_clear_pointer (&p.labels, g_hash_table_unref);
    }
  g_clear_pointer (&names, g_hash_table_unref);
  g_object_unref (p.layout);
  cairo_restore (cr);
}

/**
 * muster_map_paint:
 * @cr: any cairo context, in device pixels (a widget, an image, a PDF page)
 * @viewport: what part of the table, at what zoom, in an area of what size
 * @scene: the battlefield and what to show with it
 * @style: the colours
 *
 * Fills the viewport's area and draws the table in it: every layer, nothing kept.
 */
void
muster_map_paint (cairo_t              *cr,
                  MusterViewport       *viewport,
                  const MusterMapScene *scene,
                  const MusterMapStyle *style)
{
  muster_map_paint_layers (cr, viewport, scene, style, MUSTER_MAP_LAYER_ALL, NULL);
}
