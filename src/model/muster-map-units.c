/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-painter"

#include "config.h"

#include "muster-map-painter-private.h"

/*
 * The units layer of the map: each unit's stands in its side's colour with its facing and the
 * badge of its markers (muster-map-badges.c), the objectives' markers over them, and the names
 * of both where muster-map-placement.c placed them (with the terrain names that units stand
 * on, painted again over them).
 */

#define MIN_STAND_PX 5.0    /* stands smaller than this are drawn as the unit's outline */

/* @f's label in its first place, under the device matrix: a feature being dragged, or any
 * when the painter places no labels (the placed ones are painted by paint_placed_labels()). */
static void
paint_label (Painter             *p,
             const MusterFeature *f,
             const char          *text)
{
  MusterBox places[MUSTER_MAP_LABEL_MAX_PLACES];

  if (text == NULL || *text == '\0' || p->scene->no_labels ||
      (p->labels != NULL && !is_live (p, f)))
    return;
  _muster_map_label_places (p, _muster_map_body_box (p, f), text, FALSE, places);
  _muster_map_text_on_plate (p, text, places[0]);
}

/* The placed labels that reach the area, over the units: a label may stand well away from its
 * feature (to its left or right), so they are painted from the placement, not with the
 * features the area's query found. With @terrain, only the terrain names units stand on (in
 * their italic, under the objectives' markers); else the others, their leader lines first
 * (under every plate, whatever order the labels come in). */
static void
paint_placed_labels (Painter  *p,
                     gboolean  terrain)
{
  PangoFontDescription *saved = terrain ? _muster_map_use_terrain_font (p) : NULL;
  GHashTableIter iter;
  gpointer value;
  double cx0, cy0, cx1, cy1;

  cairo_save (p->cr);
  cairo_set_matrix (p->cr, &p->device);
  cairo_clip_extents (p->cr, &cx0, &cy0, &cx1, &cy1);
  for (guint pass = terrain ? 1 : 0; pass < 2; pass++)
    {
      g_hash_table_iter_init (&iter, p->labels);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          const MusterMapPlacedLabel *label = value;
          MusterBox reach = muster_map_placed_label_reach (label);

          /* the placed box is the plate's: one outside the clip (a strip) needs no layout */
          if (!label->terrain != !terrain || reach.x0 > cx1 || reach.x1 < cx0 ||
              reach.y0 > cy1 || reach.y1 < cy0)
            continue;
          if (pass == 1)
            _muster_map_text_on_plate (p, label->text, label->box);
          else if (label->leader)
            {
              /* a hairline from the unit to its name, which stands away from it; each on its
               * own, so that a strip paints it as the whole map does */
              cairo_move_to (p->cr, label->leader_from.x, label->leader_from.y);
              cairo_line_to (p->cr, label->leader_to.x, label->leader_to.y);
              set_colour_alpha (p->cr, p->style->text, 0.7);
              cairo_set_line_width (p->cr, 1);
              cairo_stroke (p->cr);
            }
        }
    }
  cairo_restore (p->cr);
  if (saved != NULL)
    _muster_map_restore_font (p, saved);
}

static void
paint_objective (Painter             *p,
                 const MusterFeature *f)
{
  cairo_t *cr = p->cr;
  double x, y, r = OBJECTIVE_R;
  g_autofree char *number = g_strdup_printf ("%d", f->number);
  gboolean marker = g_strcmp0 (f->type, "marker") == 0;

  muster_viewport_table_to_widget (p->viewport, f->centre.x, f->centre.y, &x, &y);
  cairo_save (cr);
  cairo_set_matrix (cr, &p->device);
  cairo_new_path (cr);
  if (marker)
    cairo_rectangle (cr, x - r * 0.8, y - r * 0.8, r * 1.6, r * 1.6);
  else
    cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  set_colour (cr, p->style->table);
  cairo_fill_preserve (cr);
  set_colour (cr, f->side ? _muster_map_side_colour (p, f->side) : p->style->objective);
  cairo_set_line_width (cr, 2.5);
  cairo_stroke (cr);
  _muster_map_text_at (p, number, x, y, 0.5, 0.5, FALSE);
  paint_label (p, f, f->name);
  cairo_restore (cr);
}

void
_muster_map_unit_outline_path (cairo_t               *cr,
                               const MusterFootprint *fp)
{
  guint n;
  const MusterPoint *o = muster_footprint_get_outline (fp, &n);

  for (guint k = 0; k < n; k++)
    (k ? cairo_line_to : cairo_move_to) (cr, o[k].x, o[k].y);
  cairo_close_path (cr);
}

/* A unit: its stands filled in the side's colour, each shrunk by half a pixel so the table shows
 * between them (cheaper than stroking every stand), and one outline round the unit. */
static void
paint_unit (Painter               *p,
            const MusterFeature   *f,
            const MusterFootprint *fp)
{
  cairo_t *cr = p->cr;
  double inset = 0.5 / p->zoom;
  double frontage = muster_footprint_get_frontage (fp) * p->zoom;
  const double *colour = _muster_map_side_colour (p, unit_side (p->scene, f));

  /* the query took in units whose labels may reach the area; their stands may not */
  if (!muster_box_intersects (muster_footprint_get_bounds (fp), p->area))
    ;
  else if (MIN (f->base_width, f->base_depth) * p->zoom >= MIN_STAND_PX)
    {
      g_array_set_size (p->quads, 0);
      for (guint k = 0; k < muster_footprint_get_n_stands (fp); k++)
        {
          MusterRect rect = muster_footprint_get_stand_rect (fp, k);
          MusterPoint c[4];

          rect.width -= 2 * inset;
          rect.height -= 2 * inset;
          muster_rect_to_polygon (&rect, c);
          g_array_append_vals (p->quads, c, 4);
        }
      if (p->raster != NULL)
        muster_raster_fill_quads (p->raster, (const MusterPoint *) p->quads->data,
                                  p->quads->len / 4, colour);
      else
        {
          for (guint k = 0; k < p->quads->len; k++)
            {
              MusterPoint c = g_array_index (p->quads, MusterPoint, k);

              (k % 4 ? cairo_line_to : cairo_move_to) (cr, c.x, c.y);
              if (k % 4 == 3)
                cairo_close_path (cr);
            }
          set_colour (cr, colour);
          cairo_fill (cr);
        }
    }
  else
    {
      _muster_map_unit_outline_path (cr, fp);
      set_colour (cr, colour);
      cairo_fill (cr);
    }

  if (muster_feature_is_hidden (f))
    {
      /* A dashed ring: the reader knows the other side does not see this unit. */
      static const double dash[] = { 4, 3 };

      _muster_map_unit_outline_path (cr, fp);
      _muster_map_stroke_dashed_px (p, dash, 1.5, CAIRO_LINE_CAP_BUTT, p->style->edge, 1.0);
    }

  if (frontage >= 10 && muster_box_intersects (muster_footprint_get_bounds (fp), p->area))
    {
      MusterArrow arrow = muster_footprint_get_facing_arrow (fp, MIN (muster_footprint_get_depth (fp) * 0.8,
                                                                      18 / p->zoom));

      /* a filled head on a thin shaft: fills are cheaper than strokes */
      MusterVector back = muster_vector_scale (muster_point_sub (arrow.tip, arrow.tail), 0.08);

      cairo_move_to (cr, arrow.tail.x - back.y, arrow.tail.y + back.x);
      cairo_line_to (cr, arrow.tail.x + back.y, arrow.tail.y - back.x);
      cairo_line_to (cr, (arrow.left.x + arrow.right.x) / 2 + back.y,
                     (arrow.left.y + arrow.right.y) / 2 - back.x);
      cairo_line_to (cr, arrow.right.x, arrow.right.y);
      cairo_line_to (cr, arrow.tip.x, arrow.tip.y);
      cairo_line_to (cr, arrow.left.x, arrow.left.y);
      cairo_line_to (cr, (arrow.left.x + arrow.right.x) / 2 - back.y,
                     (arrow.left.y + arrow.right.y) / 2 + back.x);
      cairo_close_path (cr);
      set_colour (cr, colour);
      cairo_fill (cr);
    }

  cairo_save (cr);
  cairo_set_matrix (cr, &p->device);
  if (frontage >= MIN_LABEL_PX)
    paint_label (p, f, _muster_map_unit_label (p, f));
  _muster_map_paint_badge (p, f, frontage >= MIN_LABEL_PX);
  cairo_restore (cr);
}

/* Units, then objectives over them, of those in @visible that are (or are not) @live. */
void
_muster_map_paint_units (Painter   *p,
                         GPtrArray *visible,
                         gboolean   live)
{
  g_autoptr(GArray) quads = g_array_new (FALSE, FALSE, sizeof (MusterPoint));

  cairo_save (p->cr);
  cairo_set_antialias (p->cr, CAIRO_ANTIALIAS_FAST);
  p->raster = muster_raster_begin (p->cr);
  p->quads = quads;
  for (guint i = 0; i < visible->len; i++)
    {
      const MusterFeature *f = visible->pdata[i];
      g_autoptr(MusterFootprint) owned = NULL;

      if (f->kind != MUSTER_FEATURE_UNIT || !shown (p, f) || is_live (p, f) != live)
        continue;
      paint_unit (p, f, _muster_map_unit_footprint (p->scene, f, &owned));
    }
  g_clear_pointer (&p->raster, muster_raster_end);
  p->quads = NULL;
  cairo_restore (p->cr);
  if (!live && p->labels != NULL)
    paint_placed_labels (p, TRUE);
  for (guint i = 0; i < visible->len; i++)
    {
      const MusterFeature *f = visible->pdata[i];

      if (f->kind == MUSTER_FEATURE_OBJECTIVE && shown (p, f) && is_live (p, f) == live)
        paint_objective (p, f);
    }
  if (!live && p->labels != NULL)
    paint_placed_labels (p, FALSE);
}
