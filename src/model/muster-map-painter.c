/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-painter"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "muster-army.h"
#include "muster-map-labels.h"
#include "muster-map-painter.h"
#include "muster-ranges.h"
#include "muster-raster.h"
#include "muster-unit.h"

/*
 * The battlefield drawn with cairo for one viewport: the Battlefield workspace, PNG/PDF export
 * and print share it. Shapes are drawn in table millimetres under the viewport's matrix; text,
 * ticks and line widths are in device pixels so they stay legible at every zoom.
 *
 * Speed: only features whose bounds meet the visible box are drawn (through the battlefield's
 * spatial index); a unit's stands are one path filled once, with no stroke per stand; stands,
 * arrows and labels are left out when they would be smaller than a few pixels.
 */

#define TICK_MINOR   4.0    /* px */
#define TICK_MAJOR   9.0
#define MIN_LABEL_PX 28.0   /* a unit narrower than this on screen gets no label */
#define MIN_STAND_PX 5.0    /* stands smaller than this are drawn as the unit's outline */
#define OUTLINE_ZOOM 1.0    /* px per mm: terrain gets an outline from this zoom on */
#define LABEL_MARGIN_PX 80.0  /* how far beyond its bounds a feature may paint: labels, rings */

typedef struct
{
  cairo_t              *cr;
  MusterViewport       *viewport;
  const MusterMapScene *scene;
  const MusterMapStyle *style;
  double                zoom;      /* px per mm */
  PangoLayout          *layout;
  PangoContext         *labels_context; /* nullable: its layouts kept between frames */
  int                   line_height; /* px, of "Ag" in the layout's font; 0 before it is known */
  GPtrArray            *sides;     /* side names, in order of appearance */
  cairo_matrix_t        device;    /* the caller's matrix: "device pixels" for text and ticks */
  MusterBox             area;      /* the table under what is painted, with a few px round it */
  GHashTable           *labels;    /* feature → MusterMapPlacedLabel: where its label goes;
                                    * nullable: every label in its first place */
  MusterRaster         *raster;    /* nullable: stands straight into an image's pixels */
  GArray               *quads;     /* MusterPoint scratch: four corners a stand */
} Painter;

static void
set_colour (cairo_t      *cr,
            const double  rgba[4])
{
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
}

static void
set_colour_alpha (cairo_t      *cr,
                  const double  rgba[4],
                  double        alpha)
{
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3] * alpha);
}

/* A line @px device pixels wide, whatever the zoom. */
static void
set_line_px (Painter *p,
             double   px)
{
  cairo_set_line_width (p->cr, px / p->zoom);
}

static void
collect_sides (Painter *p)
{
  muster_doc_collect_sides (p->scene->doc, p->scene->battlefield, p->sides);
}

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
static const MusterFootprint *
unit_footprint (const MusterMapScene *scene,
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

/* Returns: the colour index of @side (0..MUSTER_MAP_N_SIDES-1), -1 for none */
int
muster_map_side_index (const MusterMapScene *scene,
                       const char           *side)
{
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  Painter p = { .scene = scene, .sides = sides };
  guint index;

  if (side == NULL)
    return -1;
  collect_sides (&p);
  if (!g_ptr_array_find_with_equal_func (sides, side, g_str_equal, &index))
    return -1;
  return index % MUSTER_MAP_N_SIDES;
}

static const char *
unit_side (const MusterMapScene *scene,
           const MusterFeature  *placement)
{
  return muster_doc_get_feature_side (scene->doc, placement);
}

static const double *
side_colour (Painter    *p,
             const char *side)
{
  static const double neutral[4] = { 0.5, 0.5, 0.5, 1.0 };
  guint index;

  if (side && g_ptr_array_find_with_equal_func (p->sides, side, g_str_equal, &index))
    return p->style->sides[index % MUSTER_MAP_N_SIDES];
  return neutral;
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

static void
text_at (Painter    *p,
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

static void
shape_path (cairo_t             *cr,
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

  if (grid > 0 && grid * p->zoom >= 6)
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
                text_at (p, label, x1 - 2, y, 1.0, 0.5, FALSE);
              else
                text_at (p, label, x, y1 - 1, 0.5, 1.0, FALSE);
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
  const double *colour = side_colour (p, f->side);
  static const double dash[] = { 6, 4 };

  shape_path (cr, f);
  set_colour_alpha (cr, colour, 0.12);
  cairo_fill_preserve (cr);
  set_colour_alpha (cr, colour, 0.7);
  set_line_px (p, 1.5);
  cairo_save (cr);
  cairo_set_matrix (cr, &p->device);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_restore (cr);
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

/* Whether the scene's audience sees @f. */
static gboolean
shown (Painter             *p,
       const MusterFeature *f)
{
  return muster_map_scene_shows (p->scene, f);
}

static gboolean
is_live (Painter             *p,
         const MusterFeature *f)
{
  return p->scene->live != NULL && g_hash_table_contains (p->scene->live, f->id);
}

/* Labels */

static const char *
unit_label (Painter             *p,
            const MusterFeature *f)
{
  MusterUnit *unit;

  if (f->name != NULL)
    return f->name;
  if (p->scene->doc && (unit = muster_doc_lookup_unit (p->scene->doc, f->unit)))
    return muster_unit_get_name (unit);
  return NULL;
}

/* The device-pixel box round @box (table mm), whatever the viewport's rotation. */
static MusterBox
to_device_box (Painter   *p,
               MusterBox  box)
{
  MusterBox out = muster_box_empty ();

  for (guint i = 0; i < 4; i++)
    {
      MusterPoint corner;

      muster_viewport_table_to_widget (p->viewport, i & 1 ? box.x1 : box.x0,
                                       i & 2 ? box.y1 : box.y0, &corner.x, &corner.y);
      muster_box_extend (&out, corner);
    }
  return out;
}

#define OBJECTIVE_R 11.0   /* px */

/* What a unit or an objective covers on screen, px. */
static MusterBox
body_box (Painter             *p,
          const MusterFeature *f)
{
  double x, y;

  if (f->kind == MUSTER_FEATURE_UNIT)
    {
      g_autoptr(MusterFootprint) owned = NULL;

      return to_device_box (p, muster_footprint_get_bounds (unit_footprint (p->scene, f, &owned)));
    }
  muster_viewport_table_to_widget (p->viewport, f->centre.x, f->centre.y, &x, &y);
  return (MusterBox) { x - OBJECTIVE_R, y - OBJECTIVE_R, x + OBJECTIVE_R, y + OBJECTIVE_R };
}

/* Where @text may go round @body (px): below it, above, right, left; with @corners, also at
 * its four corners, so that a few important labels (objectives) are seldom left out. The
 * plate round the text is 2 px wider on each side. */
static guint
label_places (Painter             *p,
              MusterBox            body,
              const char          *text,
              gboolean             corners,
              MusterBox           *places)
{
  double cx = (body.x0 + body.x1) / 2, cy = (body.y0 + body.y1) / 2;
  int w, h;

  muster_map_label_size (p->layout, text, &w, &h);
  places[0] = (MusterBox) { cx - w / 2.0 - 2, body.y1 + 2, cx + w / 2.0 + 2, body.y1 + 2 + h };
  places[1] = (MusterBox) { cx - w / 2.0 - 2, body.y0 - 2 - h, cx + w / 2.0 + 2, body.y0 - 2 };
  places[2] = (MusterBox) { body.x1 + 3, cy - h / 2.0, body.x1 + 7 + w, cy + h / 2.0 };
  places[3] = (MusterBox) { body.x0 - 7 - w, cy - h / 2.0, body.x0 - 3, cy - h / 2.0 + h };
  if (!corners)
    return 4;
  places[4] = (MusterBox) { body.x1, body.y1, body.x1 + 4 + w, body.y1 + h };
  places[5] = (MusterBox) { body.x1, body.y0 - h, body.x1 + 4 + w, body.y0 };
  places[6] = (MusterBox) { body.x0 - 4 - w, body.y1, body.x0, body.y1 + h };
  places[7] = (MusterBox) { body.x0 - 4 - w, body.y0 - h, body.x0, body.y0 };
  return 8;
}

static GArray *terrain_name_boxes (Painter *p, const GArray *objectives, const GArray *bodies,
                                   GHashTable *covered);
static PangoFontDescription *use_font_style (Painter *p, PangoStyle style);
static PangoFontDescription *use_terrain_font (Painter *p);
static void restore_font (Painter *p, PangoFontDescription *saved);

/* The markers of the objectives the scene shows and does not drag (px). */
static GArray *
objective_markers (Painter *p)
{
  MusterBattlefield *field = p->scene->battlefield;
  GArray *markers = g_array_new (FALSE, FALSE, sizeof (MusterMapBody));

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      MusterMapBody marker = { f, { 0, 0, 0, 0 } };

      if (f->kind != MUSTER_FEATURE_OBJECTIVE || !shown (p, f) || is_live (p, f))
        continue;
      marker.box = body_box (p, f);
      g_array_append_val (markers, marker);
    }
  return markers;
}

/* The names of those objectives, placed before any other name, among themselves and
 * preferably off each other's markers: what is at stake is always named, and the terrain
 * names on the ground layer keep clear of them knowing only the objectives. Measured in the
 * upright font of labels whatever @p's layout is set to. */
static GArray *
place_objective_labels (Painter *p)
{
  g_autoptr(GArray) markers = objective_markers (p);
  GArray *labels = g_array_new (FALSE, FALSE, sizeof (MusterMapLabel));
  PangoFontDescription *saved;

  if (p->scene->no_labels)
    return labels;
  saved = use_font_style (p, PANGO_STYLE_NORMAL);
  for (guint i = 0; i < markers->len; i++)
    {
      const MusterMapBody *marker = &g_array_index (markers, MusterMapBody, i);
      const MusterFeature *f = marker->owner;
      MusterMapLabel label = { f, 0, { { 0 } }, 0, -1 };

      if (f->name == NULL || *f->name == '\0')
        continue;
      label.n_places = label_places (p, marker->box, f->name, TRUE, label.places);
      g_array_append_val (labels, label);
    }
  muster_map_labels_place (labels, markers);
  restore_font (p, saved);
  return labels;
}

/* The boxes the placed ones of @labels take, appended to @boxes. */
static void
append_chosen (GArray       *boxes,
               const GArray *labels)
{
  for (guint i = 0; i < labels->len; i++)
    {
      const MusterMapLabel *label = &g_array_index (labels, MusterMapLabel, i);

      if (label->chosen >= 0)
        g_array_append_val (boxes, label->places[label->chosen]);
    }
}

/* A layout for @cr in the labels' font. */
static PangoLayout *
new_label_layout (cairo_t              *cr,
                  const MusterMapStyle *style)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (style->font ? style->font
                                                                                : "Sans 9");

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

/**
 * muster_map_place_scene_labels:
 * @cr: the context the labels will be painted on (for the font's options)
 * @viewport: the view
 * @scene: what is painted
 * @style: the font
 *
 * muster_map_place_labels() in @style's font: for #MusterMapScene.placed_labels.
 *
 * Returns: (transfer full): as muster_map_place_labels()
 */
GHashTable *
muster_map_place_scene_labels (cairo_t              *cr,
                               MusterViewport       *viewport,
                               const MusterMapScene *scene,
                               const MusterMapStyle *style)
{
  g_autoptr(PangoLayout) layout = new_label_layout (cr, style);

  return muster_map_place_labels (viewport, scene, layout);
}

/**
 * muster_map_place_labels:
 * @viewport: the view
 * @scene: what is painted
 * @layout: a layout in the labels' font
 *
 * Where the names of units and objectives go, kept apart: every unit and objective of the
 * battlefield that the scene shows and does not drag. The objectives are named first, among
 * themselves (terrain names keep clear of them); then each unit's label goes in the first of
 * its places (below, above, right, left) that covers no terrain name, no objective's name or
 * marker and no unit's label of a higher priority (the units widest on screen first),
 * preferably covering no other unit; left out when none is free, to come back when zooming
 * in. Over the whole table, so every strip of a map agrees. The terrain names that units
 * stand on come too (with #MusterMapPlacedLabel.terrain set), to be painted over the units.
 *
 * Returns: (transfer full) (element-type MusterFeature MusterMapPlacedLabel): feature → its
 *   label, for the labels shown
 */
GHashTable *
muster_map_place_labels (MusterViewport       *viewport,
                         const MusterMapScene *scene,
                         PangoLayout          *layout)
{
  Painter p = { .viewport = viewport, .scene = scene, .layout = layout,
                .zoom = muster_viewport_get_zoom (viewport) };
  MusterBattlefield *field = scene->battlefield;
  g_autoptr(GArray) labels = g_array_new (FALSE, FALSE, sizeof (MusterMapLabel));
  g_autoptr(GArray) bodies = g_array_new (FALSE, FALSE, sizeof (MusterMapBody));
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  g_autoptr(GArray) objectives = NULL;
  g_autoptr(GArray) taken = NULL;
  GHashTable *placed = g_hash_table_new_full (NULL, NULL, NULL, g_free);

  if (scene->no_labels)
    return placed;
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      MusterMapBody body = { f, { 0, 0, 0, 0 } };
      MusterMapLabel label = { f, 0, { { 0 } }, 0, -1 };
      g_autoptr(MusterFootprint) owned = NULL;
      const MusterFootprint *fp;
      const char *text;

      if ((f->kind != MUSTER_FEATURE_UNIT && f->kind != MUSTER_FEATURE_OBJECTIVE) ||
          !shown (&p, f) || is_live (&p, f))
        continue;
      if (f->kind == MUSTER_FEATURE_OBJECTIVE)
        {
          body.box = body_box (&p, f);
          g_array_append_val (bodies, body);
          continue;
        }
      /* laid out once for the body and the priority */
      fp = unit_footprint (scene, f, &owned);
      body.box = to_device_box (&p, muster_footprint_get_bounds (fp));
      g_array_append_val (bodies, body);
      label.priority = muster_footprint_get_frontage (fp) * p.zoom;
      text = label.priority >= MIN_LABEL_PX ? unit_label (&p, f) : NULL;
      if (text == NULL)
        continue;
      label.n_places = label_places (&p, body.box, text, FALSE, label.places);
      g_array_append_val (labels, label);
      g_ptr_array_add (texts, (gpointer) text);
    }
  objectives = place_objective_labels (&p);
  taken = terrain_name_boxes (&p, objectives, bodies, placed);
  append_chosen (taken, objectives);
  /* an objective's marker matters more than a unit's name, which comes back zoomed in */
  for (guint i = 0; i < bodies->len; i++)
    {
      const MusterMapBody *body = &g_array_index (bodies, MusterMapBody, i);

      if (((const MusterFeature *) body->owner)->kind == MUSTER_FEATURE_OBJECTIVE)
        g_array_append_val (taken, body->box);
    }
  muster_map_labels_place_around (labels, taken, bodies);
  for (guint i = 0; i < objectives->len; i++)
    {
      const MusterMapLabel *label = &g_array_index (objectives, MusterMapLabel, i);
      const MusterFeature *f = label->owner;
      MusterMapPlacedLabel shown_label = { label->places[MAX (label->chosen, 0)], f->name };

      if (label->chosen >= 0)
        g_hash_table_insert (placed, (gpointer) f, g_memdup2 (&shown_label, sizeof shown_label));
    }
  for (guint i = 0; i < labels->len; i++)
    {
      const MusterMapLabel *label = &g_array_index (labels, MusterMapLabel, i);
      MusterMapPlacedLabel shown_label = { label->places[MAX (label->chosen, 0)], texts->pdata[i] };

      if (label->chosen >= 0)
        g_hash_table_insert (placed, (gpointer) label->owner,
                             g_memdup2 (&shown_label, sizeof shown_label));
    }
  return placed;
}

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
  label_places (p, body_box (p, f), text, FALSE, places);
  text_at (p, text, places[0].x0 + 2, places[0].y0, 0.0, 0.0, TRUE);
}

/* The placed labels that reach the area, over the units: a label may stand well away from its
 * feature (to its left or right), so they are painted from the placement, not with the
 * features the area's query found. With @terrain, only the terrain names units stand on (in
 * their italic, under the objectives' markers); else the others. */
static void
paint_placed_labels (Painter  *p,
                     gboolean  terrain)
{
  PangoFontDescription *saved = terrain ? use_terrain_font (p) : NULL;
  GHashTableIter iter;
  gpointer value;
  double cx0, cy0, cx1, cy1;

  cairo_save (p->cr);
  cairo_set_matrix (p->cr, &p->device);
  cairo_clip_extents (p->cr, &cx0, &cy0, &cx1, &cy1);
  g_hash_table_iter_init (&iter, p->labels);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const MusterMapPlacedLabel *label = value;

      /* the placed box is the plate's: one outside the clip (a strip) needs no layout */
      if (!label->terrain != !terrain || label->box.x0 > cx1 || label->box.x1 < cx0 ||
          label->box.y0 > cy1 || label->box.y1 < cy0)
        continue;
      text_at (p, label->text, label->box.x0 + 2, label->box.y0, 0.0, 0.0, TRUE);
    }
  cairo_restore (p->cr);
  if (saved != NULL)
    restore_font (p, saved);
}

static void
paint_objective (Painter             *p,
                 const MusterFeature *f)
{
  cairo_t *cr = p->cr;
  double x, y, r = 11;
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
  set_colour (cr, f->side ? side_colour (p, f->side) : p->style->objective);
  cairo_set_line_width (cr, 2.5);
  cairo_stroke (cr);
  text_at (p, number, x, y, 0.5, 0.5, FALSE);
  paint_label (p, f, f->name);
  cairo_restore (cr);
}

static void
unit_outline_path (cairo_t               *cr,
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
                                  p->quads->len / 4, side_colour (p, unit_side (p->scene, f)));
      else
        {
          for (guint k = 0; k < p->quads->len; k++)
            {
              MusterPoint c = g_array_index (p->quads, MusterPoint, k);

              (k % 4 ? cairo_line_to : cairo_move_to) (cr, c.x, c.y);
              if (k % 4 == 3)
                cairo_close_path (cr);
            }
          set_colour (cr, side_colour (p, unit_side (p->scene, f)));
          cairo_fill (cr);
        }
    }
  else
    {
      unit_outline_path (cr, fp);
      set_colour (cr, side_colour (p, unit_side (p->scene, f)));
      cairo_fill (cr);
    }

  if (muster_feature_is_hidden (f))
    {
      /* A dashed ring: the reader knows the other side does not see this unit. */
      static const double dash[] = { 4, 3 };

      unit_outline_path (cr, fp);
      cairo_save (cr);
      cairo_set_matrix (cr, &p->device);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, 1.5);
      set_colour (cr, p->style->edge);
      cairo_stroke (cr);
      cairo_restore (cr);
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
      set_colour (cr, side_colour (p, unit_side (p->scene, f)));
      cairo_fill (cr);
    }

  if (frontage >= MIN_LABEL_PX)
    {
      cairo_save (cr);
      cairo_set_matrix (cr, &p->device);
      paint_label (p, f, unit_label (p, f));
      cairo_restore (cr);
    }
}


/* Units, then objectives over them, of those in @visible that are (or are not) @live. */
static void
paint_units (Painter   *p,
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
      paint_unit (p, f, unit_footprint (p->scene, f, &owned));
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

          unit_outline_path (cr, fp);
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
        shape_path (cr, f);
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
    return g_strdup_printf (_("%s: unlimited range"), range->name);
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

/* Range rings round each selected unit, in its side's colour: the maximum solid, the bands
 * inside it dashed, a minimum range dotted; each maximum labelled at its top. */
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
      colour = side_colour (p, unit_side (scene, f));

      for (guint r = 0; r < ranges->len; r++)
        {
          const MusterRange *range = &g_array_index (ranges, MusterRange, r);
          static const double dash[] = { 6, 4 }, dots[] = { 1, 4 };
          g_autofree char *label = format_range (range, range->name, range->max);
          double x, y;

          if (range->unlimited)
            {
              /* no ring: a line under the unit's own label, one for each unlimited range */
              ring_label_point (p, hull, n_hull, up, 0, &x, &y);
              cairo_save (cr);
              cairo_set_matrix (cr, &p->device);
              text_at (p, label, x, y + 18 + 16 * r, 0.5, 0.0, TRUE);
              cairo_restore (cr);
              continue;
            }
          offset_hull_path (cr, hull, n_hull, range->max);
          set_colour_alpha (cr, colour, 0.9);
          set_line_px (p, 2);
          cairo_stroke (cr);
          for (guint k = 0; k < range->n_rings; k++)
            offset_hull_path (cr, hull, n_hull, range->rings[k]);
          cairo_save (cr);
          cairo_set_matrix (cr, &p->device);
          cairo_set_dash (cr, dash, 2, 0);
          cairo_set_line_width (cr, 1);
          set_colour_alpha (cr, colour, 0.7);
          cairo_stroke (cr);
          cairo_restore (cr);
          if (range->min > 0)
            {
              offset_hull_path (cr, hull, n_hull, range->min);
              cairo_save (cr);
              cairo_set_matrix (cr, &p->device);
              cairo_set_dash (cr, dots, 2, 0);
              cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
              cairo_set_line_width (cr, 2);
              set_colour_alpha (cr, colour, 0.9);
              cairo_stroke (cr);
              cairo_restore (cr);
            }

          /* the maximum with the weapon's name, the bands with their distance */
          cairo_save (cr);
          cairo_set_matrix (cr, &p->device);
          ring_label_point (p, hull, n_hull, up, range->max, &x, &y);
          text_at (p, label, x, y, 0.5, 0.5, TRUE);
          for (guint k = 0; k < range->n_rings; k++)
            {
              g_autofree char *band = format_range (range, NULL, range->rings[k]);

              ring_label_point (p, hull, n_hull, up, range->rings[k], &x, &y);
              text_at (p, band, x, y, 0.5, 0.5, TRUE);
            }
          if (range->min > 0)
            {
              g_autofree char *distance = format_range (range, NULL, range->min);
              /* TRANSLATORS: a weapon's minimum range on the map, e.g. "min 6″" */
              g_autofree char *least = g_strdup_printf (_("min %s"), distance);

              ring_label_point (p, hull, n_hull, up, range->min, &x, &y);
              text_at (p, least, x, y, 0.5, 0.5, TRUE);
            }
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
      shape_path (cr, blocker);
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
        text_at (p, scene->measure_label, (x0 + x1) / 2, (y0 + y1) / 2 - 6, 0.5, 1.0, TRUE);
      cairo_restore (cr);
    }
}

/* Shifts @place onto @table (both device pixels) where it hangs over an edge: a name near the
 * edge of a piece that reaches it stays readable on the table rather than over the margin. */
static void
keep_on_table (MusterBox  table,
               MusterBox *place)
{
  double dx = 0, dy = 0;

  if (place->x1 > table.x1)
    dx = table.x1 - place->x1;
  if (place->x0 + dx < table.x0)
    dx = table.x0 - place->x0;
  if (place->y1 > table.y1)
    dy = table.y1 - place->y1;
  if (place->y0 + dy < table.y0)
    dy = table.y0 - place->y0;
  place->x0 += dx;
  place->x1 += dx;
  place->y0 += dy;
  place->y1 += dy;
}

/* Where a terrain piece's name may go (device px, the plate's box): along the top inside its
 * bounds, else along the bottom, else across the middle, else just above or below it; a river's or road's beside the band
 * near its end, else near its start; each kept on the table. None for a piece under 60 px
 * across. */
static guint
terrain_name_places (Painter             *p,
                     const MusterFeature *f,
                     MusterBox           *places)
{
  MusterBox box = to_device_box (p, muster_feature_get_bounds (f)), table;
  double cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
  guint n = 3;
  int w, h;

  if (box.x1 - box.x0 < 60)
    return 0;
  muster_map_label_size (p->layout, f->name, &w, &h);
  if (f->outline == MUSTER_OUTLINE_POLYLINE && f->points->len > 0)
    {
      MusterPoint first = g_array_index (f->points, MusterPoint, 0);
      MusterPoint end = g_array_index (f->points, MusterPoint, f->points->len - 1);
      MusterPoint before = f->points->len > 1
                           ? g_array_index (f->points, MusterPoint, f->points->len - 2) : end;
      MusterPoint after = f->points->len > 1 ? g_array_index (f->points, MusterPoint, 1) : first;
      double band = f->line_width * p->zoom / 2 + 2, x, y, x0, y0;

      muster_viewport_table_to_widget (p->viewport, muster_point_lerp (before, end, 0.8).x,
                                       muster_point_lerp (before, end, 0.8).y, &x, &y);
      muster_viewport_table_to_widget (p->viewport, muster_point_lerp (after, first, 0.8).x,
                                       muster_point_lerp (after, first, 0.8).y, &x0, &y0);
      places[0] = (MusterBox) { x - w / 2.0 - 2, y - band - h, x + w / 2.0 + 2, y - band };
      places[1] = (MusterBox) { x0 - w / 2.0 - 2, y0 - band - h, x0 + w / 2.0 + 2, y0 - band };
      places[2] = (MusterBox) { x - w / 2.0 - 2, y + band, x + w / 2.0 + 2, y + band + h };
    }
  else
    {
      places[0] = (MusterBox) { cx - w / 2.0 - 2, box.y0 + 4, cx + w / 2.0 + 2, box.y0 + 4 + h };
      places[1] = (MusterBox) { cx - w / 2.0 - 2, box.y1 - 4 - h, cx + w / 2.0 + 2, box.y1 - 4 };
      places[2] = (MusterBox) { cx - w / 2.0 - 2, cy - h / 2.0, cx + w / 2.0 + 2, cy + h / 2.0 };
      /* just above or below the middle, clear of a marker there: the middle of a village or
       * a hill is where objectives usually stand */
      places[3] = (MusterBox) { cx - w / 2.0 - 2, cy - OBJECTIVE_R - 1 - h, cx + w / 2.0 + 2,
                                cy - OBJECTIVE_R - 1 };
      places[4] = (MusterBox) { cx - w / 2.0 - 2, cy + OBJECTIVE_R + 1, cx + w / 2.0 + 2,
                                cy + OBJECTIVE_R + 1 + h };
      n = 5;
    }
  table = to_device_box (p, muster_battlefield_get_table_box (p->scene->battlefield));
  for (guint i = 0; i < n; i++)
    keep_on_table (table, &places[i]);
  return n;
}

static gboolean
has_name (const MusterFeature *f)
{
  return f->kind == MUSTER_FEATURE_TERRAIN && f->name != NULL && *f->name != '\0';
}

/* The names of the terrain not being dragged, placed apart over the whole table (widest pieces
 * first), so that every strip of the map agrees, clear of the objectives' names (@objectives,
 * from place_objective_labels()) and off their markers, which are painted over them: a name
 * with no place clear of both is left out, to come back when zooming in. Measured in @p's
 * layout's font (the italic of terrain names). */
static GArray *
place_terrain_names (Painter      *p,
                     const GArray *objectives)
{
  MusterBattlefield *field = p->scene->battlefield;
  GArray *labels = g_array_new (FALSE, FALSE, sizeof (MusterMapLabel));
  g_autoptr(GArray) markers = objective_markers (p);
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (MusterBox));

  append_chosen (taken, objectives);
  for (guint i = 0; i < markers->len; i++)
    g_array_append_val (taken, g_array_index (markers, MusterMapBody, i).box);

  for (guint i = 0; !p->scene->no_labels && i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      MusterMapLabel label = { f, 0, { { 0 } }, 0, -1 };
      MusterBox bounds;

      if (!has_name (f) || !shown (p, f) || is_live (p, f) ||
          !(label.n_places = terrain_name_places (p, f, label.places)))
        continue;
      bounds = to_device_box (p, muster_feature_get_bounds (f));
      label.priority = bounds.x1 - bounds.x0;
      g_array_append_val (labels, label);
    }
  muster_map_labels_place_around (labels, taken, NULL);
  return labels;
}

/* Sets @p's layout in the italic of terrain names; returns the font to restore. */
static PangoFontDescription *
use_terrain_font (Painter *p)
{
  return use_font_style (p, PANGO_STYLE_ITALIC);
}

/* Sets @p's layout in @style of its font; returns the font to restore. */
static PangoFontDescription *
use_font_style (Painter    *p,
                PangoStyle  style)
{
  PangoFontDescription *italic, *saved;

  const PangoFontDescription *font = pango_layout_get_font_description (p->layout);

  /* a layout with no font of its own takes its context's */
  if (font == NULL)
    font = pango_context_get_font_description (pango_layout_get_context (p->layout));
  italic = pango_font_description_copy (font);
  saved = pango_font_description_copy (font);
  pango_font_description_set_style (italic, style);
  pango_layout_set_font_description (p->layout, italic);
  pango_font_description_free (italic);
  return saved;
}

static void
restore_font (Painter              *p,
              PangoFontDescription *saved)
{
  pango_layout_set_font_description (p->layout, saved);
  pango_font_description_free (saved);
}

/* The terrain names not being dragged, placed (place_terrain_names(), in their italic).
 * Returns: (element-type MusterFeature MusterMapPlacedLabel): piece → its name's plate */
static GHashTable *
terrain_names_placed (Painter      *p,
                      const GArray *objectives)
{
  PangoFontDescription *saved = use_terrain_font (p);
  g_autoptr(GArray) labels = place_terrain_names (p, objectives);
  GHashTable *placed = g_hash_table_new_full (NULL, NULL, NULL, g_free);

  restore_font (p, saved);
  for (guint i = 0; i < labels->len; i++)
    {
      const MusterMapLabel *label = &g_array_index (labels, MusterMapLabel, i);
      const MusterFeature *f = label->owner;
      MusterMapPlacedLabel name = { { 0 }, f->name, TRUE };

      if (label->chosen < 0)
        continue;
      name.box = label->places[label->chosen];
      g_hash_table_insert (placed, (gpointer) f, g_memdup2 (&name, sizeof name));
    }
  return placed;
}

/* The boxes the terrain names not being dragged take (device px): the names of units keep
 * clear of them. The names that a unit of @bodies stands on go into @covered too, to be
 * painted again over the units: placed on the ground layer, which knows nothing of units (else
 * every unit move would repaint it), they would be hidden under the stands. */
static GArray *
terrain_name_boxes (Painter      *p,
                    const GArray *objectives,
                    const GArray *bodies,
                    GHashTable   *covered)
{
  g_autoptr(GHashTable) names = terrain_names_placed (p, objectives);
  GArray *boxes = g_array_sized_new (FALSE, FALSE, sizeof (MusterBox), g_hash_table_size (names));
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const MusterMapPlacedLabel *name = value;

      g_array_append_val (boxes, name->box);
      for (guint k = 0; k < bodies->len; k++)
        {
          const MusterMapBody *body = &g_array_index (bodies, MusterMapBody, k);

          if (((const MusterFeature *) body->owner)->kind == MUSTER_FEATURE_UNIT &&
              muster_box_intersects (name->box, body->box))
            {
              g_hash_table_insert (covered, key, g_memdup2 (name, sizeof *name));
              break;
            }
        }
    }
  return boxes;
}

/**
 * muster_map_place_terrain_names:
 * @cr: the context the names will be painted on (for the font's options)
 * @viewport: the view
 * @scene: what is painted
 * @style: the font
 *
 * Where the ground layer puts the names of the terrain not being dragged (see
 * place_terrain_names()): for #MusterMapScene.placed_names, so that the bands of a frame place
 * them once, and for telling which names an edit moved.
 *
 * Returns: (transfer full) (element-type MusterFeature MusterMapPlacedLabel): piece → its
 *   name's plate, device px, for the names shown
 */
GHashTable *
muster_map_place_terrain_names (cairo_t              *cr,
                                MusterViewport       *viewport,
                                const MusterMapScene *scene,
                                const MusterMapStyle *style)
{
  g_autoptr(PangoLayout) layout = new_label_layout (cr, style);
  Painter p = { .viewport = viewport, .scene = scene, .layout = layout,
                .zoom = muster_viewport_get_zoom (viewport) };
  g_autoptr(GArray) objectives = NULL;

  if (scene->no_labels)
    return g_hash_table_new_full (NULL, NULL, NULL, g_free);
  objectives = place_objective_labels (&p);
  return terrain_names_placed (&p, objectives);
}

/* Terrain names: those being dragged in their first place; the others as
 * place_terrain_names() puts them (or the scene's placed_names say), painted where they reach
 * the area. */
static void
paint_terrain_names (Painter   *p,
                     GPtrArray *visible,
                     gboolean   live)
{
  cairo_t *cr = p->cr;
  PangoFontDescription *saved;
  g_autoptr(GArray) labels = NULL;

  if (p->scene->no_labels)
    return;
  saved = use_terrain_font (p);
  cairo_save (cr);
  cairo_set_matrix (cr, &p->device);
  for (guint i = 0; live && i < visible->len; i++)
    {
      const MusterFeature *f = visible->pdata[i];
      MusterBox places[MUSTER_MAP_LABEL_MAX_PLACES];

      if (has_name (f) && shown (p, f) && is_live (p, f) && terrain_name_places (p, f, places))
        text_at (p, f->name, places[0].x0 + 2, places[0].y0, 0.0, 0.0, TRUE);
    }
  if (!live && p->scene->placed_names != NULL)
    {
      /* placed once for the frame: in the features' order, as below */
      MusterBattlefield *field = p->scene->battlefield;
      double cx0, cy0, cx1, cy1;

      cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
      for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
        {
          const MusterFeature *f = muster_battlefield_get_feature (field, i);
          const MusterMapPlacedLabel *name;

          if (f->kind != MUSTER_FEATURE_TERRAIN ||
              (name = g_hash_table_lookup (p->scene->placed_names, f)) == NULL ||
              name->box.x0 > cx1 || name->box.x1 < cx0 || name->box.y0 > cy1 ||
              name->box.y1 < cy0)
            continue;
          text_at (p, name->text, name->box.x0 + 2, name->box.y0, 0.0, 0.0, TRUE);
        }
      labels = g_array_new (FALSE, FALSE, sizeof (MusterMapLabel));
    }
  else if (live)
    labels = g_array_new (FALSE, FALSE, sizeof (MusterMapLabel));
  else
    {
      g_autoptr(GArray) objectives = place_objective_labels (p);

      labels = place_terrain_names (p, objectives);
    }
  for (guint i = 0; i < labels->len; i++)
    {
      const MusterMapLabel *label = &g_array_index (labels, MusterMapLabel, i);
      const MusterFeature *f = label->owner;

      if (label->chosen >= 0)
        text_at (p, f->name, label->places[label->chosen].x0 + 2,
                 label->places[label->chosen].y0, 0.0, 0.0, TRUE);
    }
  cairo_restore (cr);
  restore_font (p, saved);
}

/* Zones, then terrain pieces in z-order, then their names, of those in @visible that are (or
 * are not) @live. */
static void
paint_ground (Painter   *p,
              GPtrArray *visible,
              gboolean   live)
{
  cairo_t *cr = p->cr;
  MusterBox table = muster_battlefield_get_table_box (p->scene->battlefield);

  /* 4 × 4 antialiasing for shapes (text keeps the font options): a third of the time of the
   * default on a crowded table, and the difference does not show at map scale. */
  MusterPoint corners[4] = { { table.x0, table.y0 }, { table.x1, table.y0 },
                             { table.x1, table.y1 }, { table.x0, table.y1 } };

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
}

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
  p.layout = new_label_layout (cr, style);
  p.labels_context = muster_map_label_context (cr);
  pango_layout_set_text (p.layout, "Ag", -1);
  pango_layout_get_pixel_size (p.layout, NULL, &p.line_height);
  collect_sides (&p);
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
    {
      paint_table (&p);
      paint_ground (&p, visible, FALSE);
      cairo_save (cr);
      cairo_set_matrix (cr, &p.device);
      paint_rulers (&p);
      cairo_restore (cr);
    }
  if (layers & MUSTER_MAP_LAYER_LIVE_GROUND)
    paint_ground (&p, visible, TRUE);
  if (layers & MUSTER_MAP_LAYER_UNITS)
    {
      /* placed over the whole table, whatever part is painted */
      p.labels = scene->placed_labels != NULL ? g_hash_table_ref (scene->placed_labels)
                                              : muster_map_place_labels (viewport, scene, p.layout);
      paint_units (&p, visible, FALSE);
      g_clear_pointer (&p.labels, g_hash_table_unref);
    }
  if (layers & MUSTER_MAP_LAYER_LIVE_UNITS)
    paint_units (&p, visible, TRUE);
  if (layers & MUSTER_MAP_LAYER_MARKS)
    {
      paint_selection (&p, visible);
      paint_ranges (&p);
      paint_overlays (&p);
    }
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

/* FNV-1a, 64 bits: what the layer keys are made of. */
static guint64
mix (guint64       hash,
     gconstpointer data,
     gsize         size)
{
  const guchar *bytes = data;

  for (gsize i = 0; i < size; i++)
    hash = (hash ^ bytes[i]) * 0x100000001b3ull;
  return hash;
}

static guint64
mix_string (guint64     hash,
            const char *text)
{
  return text ? mix (hash, text, strlen (text) + 1) : mix (hash, "", 0) * 31;
}

/* @hash with a feature of the other layer that this one's names place themselves around: its
 * id, whether it is dragged (then left out) and else its revision. */
static guint64
mix_other_layer (Painter             *p,
                 guint64              hash,
                 const MusterFeature *f)
{
  gboolean live = is_live (p, f);

  hash = mix_string (hash, f->id);
  hash = mix (hash, &live, sizeof live);
  if (!live)
    hash = mix (hash, &f->revision, sizeof f->revision);
  return hash;
}

/* What decides a layer's picture but its features: see muster_map_layer_keys(). */
static guint64
context_key (const MusterMapScene *scene,
             const MusterMapStyle *style,
             MusterMapLayers       layer,
             Painter              *p)
{
  MusterBattlefield *field = scene->battlefield;
  guint64 hash = 0xcbf29ce484222325ull;
  gboolean umpire = scene->show_umpire != FALSE;
  gboolean no_labels = scene->no_labels != FALSE;
  gconstpointer pointers[] = { field, scene->doc, scene->types };
  GPtrArray *sides = p->sides;

  hash = mix (hash, &layer, sizeof layer);
  hash = mix (hash, pointers, sizeof pointers);
  hash = mix (hash, &umpire, sizeof umpire);
  hash = mix_string (hash, scene->side);   /* the audience: which hidden features show */
  hash = mix (hash, &no_labels, sizeof no_labels);
  /* the table, its grid and the rulers' units: resized, it is another picture */
  {
    double table[] = { muster_battlefield_get_width (field), muster_battlefield_get_height (field),
                       muster_battlefield_get_grid (field) };

    hash = mix (hash, table, sizeof table);
    hash = mix_string (hash, muster_battlefield_get_units (field));
  }
  /* the colours, up to the font name, then the font name itself */
  hash = mix (hash, style, G_STRUCT_OFFSET (MusterMapStyle, font));
  hash = mix_string (hash, style->font);
  collect_sides (p);
  for (guint i = 0; i < sides->len; i++)
    hash = mix_string (hash, sides->pdata[i]);
  return hash;
}

/* What decides a layer's picture but its context: its features (and those of the other layer
 * that its names keep clear of). */
static guint64
features_key (const MusterMapScene *scene,
              MusterMapLayers       layer,
              Painter              *p)
{
  static const MusterFeatureKind ground[] = { MUSTER_FEATURE_TERRAIN, MUSTER_FEATURE_ZONE };
  static const MusterFeatureKind units[] = { MUSTER_FEATURE_UNIT, MUSTER_FEATURE_OBJECTIVE };
  const MusterFeatureKind *kinds = layer == MUSTER_MAP_LAYER_GROUND ? ground : units;
  MusterBattlefield *field = scene->battlefield;
  guint64 hash = 0xcbf29ce484222325ull;
  guint64 newest = 0;
  guint64 markers = 0;
  gboolean named = FALSE;

  for (guint k = 0; k < 2; k++)
    {
      guint64 revision = muster_battlefield_get_kind_revision (field, kinds[k]);

      hash = mix (hash, &revision, sizeof revision);
    }
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      /* the names of units keep clear of the names of terrain not being dragged, and those
       * names keep off the markers of objectives not being dragged: such a piece's or
       * marker's place, name and presence count for the other layer */
      if (layer == MUSTER_MAP_LAYER_GROUND && f->kind == MUSTER_FEATURE_OBJECTIVE)
        {
          markers = mix_other_layer (p, markers, f);
          continue;
        }
      named = named || has_name (f);
      if (layer == MUSTER_MAP_LAYER_UNITS && has_name (f))
        {
          hash = mix_other_layer (p, hash, f);
          continue;
        }
      if (f->kind != kinds[0] && f->kind != kinds[1])
        continue;
      if (is_live (p, f))
        hash = mix_string (hash, f->id);   /* who is left out changes the picture too */
      else
        newest = MAX (newest, f->revision);
    }
  /* the markers count only where there is a name to keep off them */
  if (named)
    hash = mix (hash, &markers, sizeof markers);
  return mix (hash, &newest, sizeof newest);
}

/**
 * muster_map_layer_keys:
 * @scene: what is painted
 * @style: in which colours
 * @layer: %MUSTER_MAP_LAYER_GROUND or %MUSTER_MAP_LAYER_UNITS
 * @context: (out) (optional): what decides the layer's picture but the features themselves
 *   (which, where, their revisions): the audience, the colours, the table, the sides and their
 *   order. Where two pictures of a layer have the same context and viewport, they differ only
 *   where features or their labels changed: a cache may paint only there.
 * @features: (out) (optional): the rest of the key: the features, as for
 *   muster_map_layer_key(); when only the context changed, the same features are shown
 *   another way (another theme, another audience)
 *
 * Returns: muster_map_layer_key(), made of the two
 */
guint64
muster_map_layer_keys (const MusterMapScene *scene,
                       const MusterMapStyle *style,
                       MusterMapLayers       layer,
                       guint64              *context,
                       guint64              *features)
{
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  Painter p = { .scene = scene, .sides = sides };
  guint64 c, f;

  g_return_val_if_fail (layer == MUSTER_MAP_LAYER_GROUND || layer == MUSTER_MAP_LAYER_UNITS, 0);

  c = context_key (scene, style, layer, &p);
  f = features_key (scene, layer, &p);
  if (context != NULL)
    *context = c;
  if (features != NULL)
    *features = f;
  return mix (c, &f, sizeof f);
}

/**
 * muster_map_layer_key:
 * @scene: what is painted
 * @style: in which colours
 * @layer: %MUSTER_MAP_LAYER_GROUND or %MUSTER_MAP_LAYER_UNITS
 *
 * Everything but the viewport that decides what @layer shows, hashed: the battlefield's
 * revisions for the kinds of feature on the layer (for units, the named terrain too, whose
 * names their labels keep clear of; for the ground, the objectives, whose markers terrain
 * names keep off; leaving out live features, which are painted on their own), the table, the
 * sides and their order, the terrain types, the audience (umpire or side), the colours. Two
 * equal keys paint the same picture for the same viewport. Not covered: changes to the
 * document's lists (unit names, sides of forces): those invalidate a cache by hand.
 *
 * Returns: the key
 */
guint64
muster_map_layer_key (const MusterMapScene *scene,
                      const MusterMapStyle *style,
                      MusterMapLayers       layer)
{
  return muster_map_layer_keys (scene, style, layer, NULL, NULL);
}

/* Terrain colours: muted map tones that keep unit colours the brightest thing on the table. */
static void
init_terrain (MusterMapStyle *style,
              double          shade)
{
  static const double base[MUSTER_TERRAIN_N_KINDS][3] = {
    [MUSTER_TERRAIN_OPEN]          = { 0.80, 0.84, 0.66 },
    [MUSTER_TERRAIN_WOODS]         = { 0.42, 0.60, 0.36 },
    [MUSTER_TERRAIN_HILL]          = { 0.78, 0.70, 0.52 },
    [MUSTER_TERRAIN_STEEP_HILL]    = { 0.66, 0.56, 0.42 },
    [MUSTER_TERRAIN_BUILDING]      = { 0.62, 0.44, 0.38 },
    [MUSTER_TERRAIN_RIVER]         = { 0.42, 0.62, 0.80 },
    [MUSTER_TERRAIN_ROAD]          = { 0.80, 0.72, 0.58 },
    [MUSTER_TERRAIN_FORD]          = { 0.60, 0.74, 0.82 },
    [MUSTER_TERRAIN_BRIDGE]        = { 0.55, 0.45, 0.35 },
    [MUSTER_TERRAIN_LINEAR]        = { 0.45, 0.40, 0.35 },
    [MUSTER_TERRAIN_ROUGH]         = { 0.70, 0.66, 0.56 },
    [MUSTER_TERRAIN_MARSH]         = { 0.55, 0.66, 0.58 },
    [MUSTER_TERRAIN_WATER]         = { 0.36, 0.54, 0.76 },
    [MUSTER_TERRAIN_IMPASSABLE]    = { 0.40, 0.40, 0.42 },
    [MUSTER_TERRAIN_FORTIFICATION] = { 0.55, 0.50, 0.48 },
  };

  for (guint i = 0; i < MUSTER_TERRAIN_N_KINDS; i++)
    {
      for (guint c = 0; c < 3; c++)
        style->terrain[i][c] = base[i][c] * shade;
      style->terrain[i][3] = 1.0;
    }
}

void
muster_map_style_init_light (MusterMapStyle *style)
{
  const MusterMapStyle light = {
    .background = { 0.92, 0.92, 0.91, 1.0 },
    .table = { 0.87, 0.90, 0.78, 1.0 },
    .edge = { 0.20, 0.22, 0.18, 1.0 },
    .grid = { 0.0, 0.0, 0.0, 0.10 },
    .text = { 0.10, 0.10, 0.10, 1.0 },
    .sides = { { 0.11, 0.44, 0.85, 1.0 },    /* blue 4 */
               { 0.88, 0.11, 0.14, 1.0 },    /* red 3 */
               { 0.96, 0.76, 0.07, 1.0 },    /* yellow 4 */
               { 0.57, 0.25, 0.67, 1.0 } },  /* purple 3 */
    .objective = { 0.90, 0.38, 0.0, 1.0 },   /* orange 4 */
    .selection = { 0.21, 0.52, 0.89, 1.0 },
    .measure = { 0.0, 0.0, 0.0, 0.85 },
    .blocked = { 0.75, 0.11, 0.16, 1.0 },
    .font = NULL,
  };

  *style = light;
  init_terrain (style, 1.0);
}

void
muster_map_style_init_dark (MusterMapStyle *style)
{
  const MusterMapStyle dark = {
    .background = { 0.14, 0.14, 0.14, 1.0 },
    .table = { 0.27, 0.31, 0.24, 1.0 },
    .edge = { 0.05, 0.05, 0.05, 1.0 },
    .grid = { 1.0, 1.0, 1.0, 0.10 },
    .text = { 0.95, 0.95, 0.95, 1.0 },
    .sides = { { 0.38, 0.63, 0.92, 1.0 },
               { 0.93, 0.36, 0.38, 1.0 },
               { 0.97, 0.83, 0.18, 1.0 },
               { 0.75, 0.38, 0.85, 1.0 } },
    .objective = { 1.0, 0.64, 0.28, 1.0 },
    .selection = { 0.47, 0.68, 0.93, 1.0 },
    .measure = { 1.0, 1.0, 1.0, 0.9 },
    .blocked = { 0.93, 0.36, 0.38, 1.0 },
    .font = NULL,
  };

  *style = dark;
  init_terrain (style, 0.55);
}
