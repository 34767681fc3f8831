/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-painter"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-map-painter-private.h"

/*
 * The ground layer of the map: the table with its grid and rulers, the deployment zones, the
 * terrain pieces (straight into an image's pixels where it can, see muster-raster.c) and the
 * names of the terrain.
 */

#define TICK_MINOR   4.0    /* px */
#define TICK_MAJOR   RULER_TICK_PX
#define OUTLINE_ZOOM 1.0    /* px per mm: terrain gets an outline from this zoom on */
#define MAX_GRID_LINES 5000 /* a side: a 100 m table at 2 cm */
#define RULER_MARGIN 60.0   /* px: ticks this far outside the clip may still show a label */
#define MAX_CROWNS   200000 /* tree crowns of one wood */

/* @shape's ellipse as drawn: a zero radius would make cairo's path singular */
static MusterEllipse
drawn_ellipse (const MusterShape *shape)
{
  MusterEllipse e = shape->ellipse;

  e.rx = MAX (e.rx, 1e-3);
  e.ry = MAX (e.ry, 1e-3);
  return e;
}

static void
shape_path_of (cairo_t           *cr,
               const MusterShape *shape)
{
  switch (shape->kind)
    {
    case MUSTER_SHAPE_ELLIPSE:
      cairo_save (cr);
      cairo_translate (cr, shape->ellipse.centre.x, shape->ellipse.centre.y);
      cairo_rotate (cr, shape->ellipse.angle);
      cairo_scale (cr, drawn_ellipse (shape).rx, drawn_ellipse (shape).ry);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
      cairo_close_path (cr);
      cairo_restore (cr);
      break;
    case MUSTER_SHAPE_POLYGON:
    case MUSTER_SHAPE_POLYLINE:
    default:
      for (guint i = 0; i < shape->n_points; i++)
        (i ? cairo_line_to : cairo_move_to) (cr, shape->points[i].x, shape->points[i].y);
      if (shape->kind == MUSTER_SHAPE_POLYGON)
        cairo_close_path (cr);
      break;
    }
}

void
_muster_map_shape_path (cairo_t             *cr,
                        const MusterFeature *f)
{
  MusterPoint scratch[4];
  MusterShape shape = muster_feature_get_shape (f, scratch);

  shape_path_of (cr, &shape);
}

static MusterTerrainKind
piece_kind (Painter             *p,
            const MusterFeature *f)
{
  const MusterTerrainType *type = muster_terrain_types_lookup (p->scene->types, f->type);

  return type ? type->kind : muster_terrain_kind_from_string (f->type);
}

static void
paint_table (Painter *p)
{
  cairo_t *cr = p->cr;
  MusterBattlefield *field = p->scene->battlefield;
  double w = muster_battlefield_get_width (field);
  double h = muster_battlefield_get_height (field);
  double grid = muster_battlefield_get_grid (field);

  cairo_rectangle (cr, 0, 0, w, h);
  set_colour (cr, p->style->table);
  cairo_fill_preserve (cr);
  set_colour (cr, p->style->edge);
  set_line_px (p, 1.5);
  cairo_stroke (cr);

  /* Bounded: however a file sets the grid, at most a few thousand lines a side. */
  if (grid > 0 && grid * p->zoom >= 6 && w / grid < MAX_GRID_LINES && h / grid < MAX_GRID_LINES)
    {
      for (double x = grid; x < w - 1e-6; x += grid)
        {
          cairo_move_to (cr, x, 0);
          cairo_line_to (cr, x, h);
        }
      for (double y = grid; y < h - 1e-6; y += grid)
        {
          cairo_move_to (cr, 0, y);
          cairo_line_to (cr, w, y);
        }
      set_colour (cr, p->style->grid);
      set_line_px (p, 1);
      cairo_stroke (cr);
    }
}

/* Ticks along the top and left edges, outside the table, every unit (inch or cm) when there is
 * room, longer ones every foot (or 10 cm) with their number. Drawn in device space. */
static void
paint_rulers (Painter *p)
{
  cairo_t *cr = p->cr;
  MusterBattlefield *field = p->scene->battlefield;
  gboolean cm = g_strcmp0 (muster_battlefield_get_units (field), "cm") == 0;
  double unit = cm ? MUSTER_MM_PER_CM : MUSTER_MM_PER_INCH;
  int major = cm ? 10 : 12;
  double lengths[2] = { muster_battlefield_get_width (field), muster_battlefield_get_height (field) };
  double cx0, cy0, cx1, cy1;

  /* Only the ticks in view (and a label's width beyond): a table of 100 m has 10,000 a side. */
  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
  if (unit * p->zoom < 2)
    {
      unit *= major;   /* too dense: only the majors */
      major = 1;
    }
  for (int axis = 0; axis < 2; axis++)
    {
      int n = (int) floor (lengths[axis] / unit + 1e-9);

      for (int i = 0; i <= n; i++)
        {
          double t = i * unit, x, y, x1, y1;
          gboolean is_major = i % major == 0;
          double len = is_major ? TICK_MAJOR : TICK_MINOR;

          muster_viewport_table_to_widget (p->viewport, axis ? 0 : t, axis ? t : 0, &x, &y);
          if (x < cx0 - RULER_MARGIN || x > cx1 + RULER_MARGIN ||
              y < cy0 - RULER_MARGIN || y > cy1 + RULER_MARGIN)
            continue;
          x1 = axis ? x - len : x;
          y1 = axis ? y : y - len;
          cairo_move_to (cr, round (x) + 0.5, round (y) + 0.5);
          cairo_line_to (cr, round (x1) + 0.5, round (y1) + 0.5);
          if (is_major && i > 0)
            {
              g_autofree char *label = g_strdup_printf (cm ? "%g" : "%g′",
                                                        cm ? i * unit / MUSTER_MM_PER_CM
                                                           : i * unit / MUSTER_MM_PER_INCH / 12);
              if (axis)
                _muster_map_text_at (p, label, x1 - 2, y, 1.0, 0.5, FALSE);
              else
                _muster_map_text_at (p, label, x, y1 - 1, 0.5, 1.0, FALSE);
            }
        }
    }
  set_colour (cr, p->style->edge);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
paint_zone (Painter             *p,
            const MusterFeature *f)
{
  cairo_t *cr = p->cr;
  const double *colour = _muster_map_side_colour (p, f->side);
  static const double dash[] = { 6, 4 };

  _muster_map_shape_path (cr, f);
  set_colour_alpha (cr, colour, 0.12);
  cairo_fill_preserve (cr);
  _muster_map_stroke_dashed_px (p, dash, 1.5, CAIRO_LINE_CAP_BUTT, colour, 0.7);
}

/* @shape filled in @rgba: straight into the pixels when the painter can (see muster-raster.c),
 * else by cairo. */
static void
fill_shape (Painter           *p,
            const MusterShape *shape,
            const double       rgba[4])
{
  cairo_t *cr = p->cr;

  if (p->raster != NULL)
    {
      if (shape->kind == MUSTER_SHAPE_ELLIPSE)
        {
          MusterEllipse e = drawn_ellipse (shape);

          muster_raster_fill_ellipse (p->raster, &e, rgba);
        }
      else
        muster_raster_fill_polygon (p->raster, shape->points, shape->n_points, rgba);
      return;
    }
  shape_path_of (cr, shape);
  set_colour (cr, rgba);
  cairo_fill (cr);
}

/* @shape's outline (a polyline's centre line) stroked @width wide (user units). */
static void
stroke_shape (Painter           *p,
              const MusterShape *shape,
              double             width,
              cairo_line_join_t  join,
              cairo_line_cap_t   cap,
              const double       rgba[4])
{
  cairo_t *cr = p->cr;

  if (p->raster != NULL)
    {
      if (shape->kind == MUSTER_SHAPE_ELLIPSE)
        {
          MusterEllipse e = drawn_ellipse (shape);

          muster_raster_stroke_ellipse (p->raster, &e, width, rgba);
        }
      else
        muster_raster_stroke_polyline (p->raster, shape->points, shape->n_points,
                                       shape->kind == MUSTER_SHAPE_POLYGON, width, join, cap, rgba);
      return;
    }
  cairo_save (cr);
  shape_path_of (cr, shape);
  cairo_set_line_join (cr, join);
  cairo_set_line_cap (cr, cap);
  cairo_set_line_width (cr, width);
  set_colour (cr, rgba);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
with_alpha (double       out[4],
            const double rgba[4],
            double       alpha)
{
  memcpy (out, rgba, 4 * sizeof (double));
  out[3] *= alpha;
}

static void
paint_piece (Painter             *p,
             const MusterFeature *f)
{
  MusterTerrainKind kind = piece_kind (p, f);
  const double *colour = p->style->terrain[kind];
  MusterPoint scratch[4];
  MusterShape shape = muster_feature_get_shape (f, scratch);
  double faded[4];

  if (f->outline == MUSTER_OUTLINE_POLYLINE)
    {
      double width = MAX (f->line_width, 1 / p->zoom);

      stroke_shape (p, &shape, width, CAIRO_LINE_JOIN_ROUND,
                    kind == MUSTER_TERRAIN_LINEAR ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT,
                    colour);
      if (kind == MUSTER_TERRAIN_RIVER || kind == MUSTER_TERRAIN_ROAD)
        {
          /* a lighter centre line tells a band from a wall */
          with_alpha (faded, p->style->table, 0.35);
          stroke_shape (p, &shape, width / 3, CAIRO_LINE_JOIN_ROUND,
                        kind == MUSTER_TERRAIN_LINEAR ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT,
                        faded);
        }
      return;
    }

  fill_shape (p, &shape, colour);
  /* strokes cost as much as all the fills: none in the overview */
  if (p->zoom >= OUTLINE_ZOOM)
    {
      with_alpha (faded, p->style->edge, 0.55);
      stroke_shape (p, &shape, 1 / p->zoom, CAIRO_LINE_JOIN_MITER, CAIRO_LINE_CAP_BUTT, faded);
    }

  if (kind == MUSTER_TERRAIN_HILL || kind == MUSTER_TERRAIN_STEEP_HILL)
    {
      /* a contour line inside: the hill's crest, the outline shrunk to 0.6 round the centre */
      MusterPoint c = muster_box_centre (muster_feature_get_bounds (f));
      g_autofree MusterPoint *points = g_new (MusterPoint, MAX (shape.n_points, 1));
      MusterShape crest = shape;

      if (shape.kind == MUSTER_SHAPE_ELLIPSE)
        {
          crest.ellipse.centre = muster_point_lerp (c, shape.ellipse.centre, 0.6);
          crest.ellipse.rx *= 0.6;
          crest.ellipse.ry *= 0.6;
        }
      else
        {
          for (guint i = 0; i < shape.n_points; i++)
            points[i] = muster_point_lerp (c, shape.points[i], 0.6);
          crest.points = points;
        }
      with_alpha (faded, p->style->edge, kind == MUSTER_TERRAIN_STEEP_HILL ? 0.6 : 0.35);
      stroke_shape (p, &crest, 1 / p->zoom, CAIRO_LINE_JOIN_MITER, CAIRO_LINE_CAP_BUTT, faded);
    }
  else if (kind == MUSTER_TERRAIN_WOODS && p->zoom > 1.5)
    {
      /* scattered tree crowns, the same for a piece at every redraw */
      cairo_t *cr = p->cr;
      MusterBox box = muster_feature_get_bounds (f);
      double step = 30;
      guint seed = g_str_hash (f->id);

      /* A wood the size of a county is drawn without its crowns rather than for minutes. */
      if ((box.x1 - box.x0) / step * ((box.y1 - box.y0) / step) > MAX_CROWNS)
        return;
      with_alpha (faded, p->style->edge, 0.25);
      for (double y = box.y0 + step / 2; y < box.y1; y += step)
        for (double x = box.x0 + step / 2; x < box.x1; x += step)
          {
            MusterPoint t = { x + ((seed = seed * 1103515245 + 12345) >> 16) % 13 - 6,
                              y + ((seed = seed * 1103515245 + 12345) >> 16) % 13 - 6 };
            MusterEllipse crown = { t, 7, 7, 0 };

            if (!muster_shape_contains_point (&shape, t))
              continue;
            /* crowns are 30 mm apart at the closest: filled one by one, they never overlap */
            if (p->raster != NULL)
              muster_raster_fill_ellipse (p->raster, &crown, faded);
            else
              {
                cairo_new_sub_path (cr);
                cairo_arc (cr, t.x, t.y, 7, 0, 2 * G_PI);
              }
          }
      if (p->raster == NULL)
        {
          set_colour (cr, faded);
          cairo_fill (cr);
        }
    }
}

/* Terrain names: those being dragged in their first place; the others as
 * _muster_map_terrain_names_placed() puts them (or the scene's placed_names say), in the
 * features' order, painted where they reach the area. */
static void
paint_terrain_names (Painter   *p,
                     GPtrArray *visible,
                     gboolean   live)
{
  cairo_t *cr = p->cr;
  MusterBattlefield *field = p->scene->battlefield;
  g_autoptr(GHashTable) names = NULL;
  PangoFontDescription *saved;
  double cx0, cy0, cx1, cy1;

  if (p->scene->no_labels)
    return;
  saved = _muster_map_use_terrain_font (p);
  cairo_save (cr);
  cairo_set_matrix (cr, &p->device);
  for (guint i = 0; live && i < visible->len; i++)
    {
      const MusterFeature *f = visible->pdata[i];
      MusterBox places[MUSTER_MAP_LABEL_MAX_PLACES];

      if (has_name (f) && shown (p, f) && is_live (p, f) &&
          _muster_map_terrain_name_places (p, f, places))
        _muster_map_text_on_plate (p, f->name, places[0]);
    }
  if (!live)
    {
      /* placed over the whole table, once for the frame when the scene has them */
      names = p->scene->placed_names != NULL ? g_hash_table_ref (p->scene->placed_names)
                                             : _muster_map_terrain_names_placed (p);
      cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
      for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
        {
          const MusterFeature *f = muster_battlefield_get_feature (field, i);
          const MusterMapPlacedLabel *name;

          if (f->kind != MUSTER_FEATURE_TERRAIN ||
              (name = g_hash_table_lookup (names, f)) == NULL ||
              name->box.x0 > cx1 || name->box.x1 < cx0 || name->box.y0 > cy1 ||
              name->box.y1 < cy0)
            continue;
          _muster_map_text_on_plate (p, name->text, name->box);
        }
    }
  cairo_restore (cr);
  _muster_map_restore_font (p, saved);
}

/* Zones, then terrain pieces in z-order, then their names, of those in @visible that are (or
 * are not) @live; when not, on the table (with its grid) and under the rulers. */
void
_muster_map_paint_ground (Painter   *p,
                          GPtrArray *visible,
                          gboolean   live)
{
  cairo_t *cr = p->cr;
  MusterBox table = muster_battlefield_get_table_box (p->scene->battlefield);

  /* 4 × 4 antialiasing for shapes (text keeps the font options): a third of the time of the
   * default on a crowded table, and the difference does not show at map scale. */
  MusterPoint corners[4] = { { table.x0, table.y0 }, { table.x1, table.y0 },
                             { table.x1, table.y1 }, { table.x0, table.y1 } };

  if (!live)
    paint_table (p);
  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_FAST);
  for (guint i = 0; i < visible->len; i++)
    {
      const MusterFeature *f = visible->pdata[i];

      if (f->kind == MUSTER_FEATURE_ZONE && shown (p, f) && is_live (p, f) == live &&
          muster_box_intersects (muster_feature_get_bounds (f), p->area))
        paint_zone (p, f);
    }
  /* the pieces straight into an image's pixels: cairo rasterises them at a third of a
   * microsecond a row each, most of a crowded table's first frame */
  p->raster = muster_raster_begin (cr);
  for (guint i = 0; i < visible->len; i++)
    {
      const MusterFeature *f = visible->pdata[i];
      MusterBox bounds;
      gboolean overhangs;

      if (f->kind != MUSTER_FEATURE_TERRAIN || !shown (p, f) || is_live (p, f) != live)
        continue;
      bounds = muster_feature_get_bounds (f);
      /* the query took in pieces whose names may reach the area; their shapes do not */
      if (!muster_box_intersects (bounds, p->area))
        continue;
      overhangs = bounds.x0 < table.x0 || bounds.y0 < table.y0 ||
                  bounds.x1 > table.x1 || bounds.y1 > table.y1;
      /* clip only a piece that hangs over the edge: a clip slows every fill under it */
      if (overhangs && p->raster != NULL)
        muster_raster_set_clip_polygon (p->raster, corners, 4);
      else if (overhangs)
        {
          cairo_save (cr);
          cairo_rectangle (cr, table.x0, table.y0, table.x1 - table.x0, table.y1 - table.y0);
          cairo_clip (cr);
        }
      paint_piece (p, f);
      if (overhangs && p->raster != NULL)
        muster_raster_set_clip_polygon (p->raster, NULL, 0);
      else if (overhangs)
        cairo_restore (cr);
    }
  g_clear_pointer (&p->raster, muster_raster_end);
  cairo_restore (cr);
  paint_terrain_names (p, visible, live);
  if (!live)
    {
      cairo_save (cr);
      cairo_set_matrix (cr, &p->device);
      paint_rulers (p);
      cairo_restore (cr);
    }
}
