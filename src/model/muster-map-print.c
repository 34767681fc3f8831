/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-print"

#include "config.h"

#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>

#include "muster-map-print-private.h"
#include "muster-print.h"
#include "muster-viewport.h"

/*
 * A printed map: the map painter draws the table in a viewport laid over a frame on the page;
 * round it go the painter's rulers (top and left), the reference grid's letters (below) and
 * numbers (right). The grid is drawn over everything, thin and light, so "C3" can be found on
 * any page. The legend names only what the map shows to its audience.
 */

#define FRAME_TOP    24.0   /* room for the rulers' ticks and foot numbers */
#define FRAME_LEFT   30.0
#define FRAME_BOTTOM 14.0   /* the grid's letters */
#define FRAME_RIGHT  16.0   /* the grid's numbers */
#define MIN_SQUARE   28.0   /* a grid square narrower than this on paper is too fine to use */
#define SWATCH_W     16.0
#define SWATCH_H     10.0
#define IMAGE_MARGIN 24.0

void
muster_map_style_init_print (MusterMapStyle *style)
{
  muster_map_style_init_light (style);
  /* Paper round the table, and the painter's labels in print's ink. */
  for (guint c = 0; c < 3; c++)
    {
      style->background[c] = 1.0;
      style->text[c] = muster_print_ink[c];
    }
  style->font = "Sans 7";
}

/* Returns: a reference grid spacing for @field drawn at @zoom points per mm: its own grid, or
 * a foot (10 cm), doubled until a square is big enough to write in */
double
muster_map_print_grid_for (const MusterBattlefield *field,
                           double                   zoom)
{
  gboolean cm = g_strcmp0 (muster_battlefield_get_units (field), "cm") == 0;
  double grid = muster_battlefield_get_grid (field);

  if (grid <= 0)
    grid = cm ? 100.0 : 12 * MUSTER_MM_PER_INCH;
  while (grid * zoom < MIN_SQUARE && grid < 1e5)
    grid *= 2;
  return grid;
}

static char *
column_name (guint column)
{
  GString *name = g_string_new (NULL);

  /* A…Z, then AA, AB…: spreadsheet style */
  do
    {
      g_string_prepend_c (name, 'A' + column % 26);
      column = column / 26;
    }
  while (column-- > 0);
  return g_string_free (name, FALSE);
}

/* Returns: (transfer full): the grid square of @point, "C3" (clamped to the table) */
char *
muster_map_print_grid_ref (const MusterMapPrint *map,
                           MusterPoint           point)
{
  MusterBattlefield *field = muster_doc_get_battlefield (map->doc);
  double w = muster_battlefield_get_width (field), h = muster_battlefield_get_height (field);
  guint column = (guint) floor (CLAMP (point.x, 0, w - 1e-6) / map->grid);
  guint row = (guint) floor (CLAMP (point.y, 0, h - 1e-6) / map->grid);
  g_autofree char *letters = column_name (column);

  return g_strdup_printf ("%s%u", letters, row + 1);
}

/**
 * muster_map_print_grid_span:
 * @map: the map
 * @box: what a feature covers (table mm)
 *
 * The grid squares @box covers, its edges excluded: a zone from the table's edge to the first
 * grid line is in the first row only, not the next one its edge touches.
 *
 * Returns: (transfer full): "C3" for one square, "A1–F1" for a block of them
 */
char *
muster_map_print_grid_span (const MusterMapPrint *map,
                            MusterBox             box)
{
  /* an edge within a hundredth of a millimetre of a line lies on it */
  double e = MIN (0.01, MIN (box.x1 - box.x0, box.y1 - box.y0) / 2);
  g_autofree char *a = muster_map_print_grid_ref (map, (MusterPoint) { box.x0 + e, box.y0 + e });
  g_autofree char *b = muster_map_print_grid_ref (map, (MusterPoint) { box.x1 - e, box.y1 - e });

  return g_str_equal (a, b) ? g_strdup (a) : g_strdup_printf ("%s–%s", a, b);
}

/* Returns: the zoom (points per mm) that fits the whole table and its rulers in @width × @height */
double
muster_map_print_fit_zoom (const MusterMapPrint *map,
                           double                width,
                           double                height)
{
  MusterBattlefield *field = muster_doc_get_battlefield (map->doc);

  return MIN ((width - FRAME_LEFT - FRAME_RIGHT) / muster_battlefield_get_width (field),
              (height - FRAME_TOP - FRAME_BOTTOM) / muster_battlefield_get_height (field));
}

static void
paint_grid (cairo_t              *cr,
            const MusterMapPrint *map,
            double                ox,
            double                oy,
            double                zoom)
{
  MusterBattlefield *field = muster_doc_get_battlefield (map->doc);
  double w = muster_battlefield_get_width (field), h = muster_battlefield_get_height (field);
  guint columns = (guint) ceil (w / map->grid - 1e-9), rows = (guint) ceil (h / map->grid - 1e-9);

  for (guint i = 1; i < columns; i++)
    {
      cairo_move_to (cr, ox + i * map->grid * zoom, oy);
      cairo_line_to (cr, ox + i * map->grid * zoom, oy + h * zoom);
    }
  for (guint j = 1; j < rows; j++)
    {
      cairo_move_to (cr, ox, oy + j * map->grid * zoom);
      cairo_line_to (cr, ox + w * zoom, oy + j * map->grid * zoom);
    }
  cairo_set_source_rgba (cr, 0, 0, 0, 0.28);
  cairo_set_line_width (cr, 0.4);
  cairo_stroke (cr);

  muster_print_colour (cr, muster_print_grey);
  for (guint i = 0; i < columns; i++)
    {
      g_autofree char *name = column_name (i);
      double x0 = ox + i * map->grid * zoom, x1 = ox + MIN ((i + 1) * map->grid, w) * zoom;

      muster_print_text (cr, name, "Sans Bold 7", FALSE, x0, oy + h * zoom + 3, x1 - x0, 0.5,
                         TRUE);
    }
  for (guint j = 0; j < rows; j++)
    {
      g_autofree char *name = g_strdup_printf ("%u", j + 1);
      double y0 = oy + j * map->grid * zoom, y1 = oy + MIN ((j + 1) * map->grid, h) * zoom;
      double th = muster_print_text (cr, name, "Sans Bold 7", FALSE, 0, 0, 0, 0, FALSE);

      muster_print_text (cr, name, "Sans Bold 7", FALSE, ox + w * zoom + 4, (y0 + y1 - th) / 2,
                         0, 0, TRUE);
    }
}

/**
 * muster_map_print_frame:
 * @cr: a context in points
 * @map: what to draw, for whom
 * @x, @y, @width, @height: the frame on the page; nothing is drawn outside it
 * @zoom: points per table mm, or 0 to fit the whole table (centred)
 * @origin: with a @zoom, the table point at the frame's top left corner (a tile of a map
 *   printed full size); ignored when fitting
 *
 * Draws the map, its rulers, and the reference grid with its letters and numbers.
 */
void
muster_map_print_frame (cairo_t              *cr,
                        const MusterMapPrint *map,
                        double                x,
                        double                y,
                        double                width,
                        double                height,
                        double                zoom,
                        MusterPoint           origin)
{
  MusterBattlefield *field = muster_doc_get_battlefield (map->doc);
  double tw = muster_battlefield_get_width (field), th = muster_battlefield_get_height (field);
  g_autoptr(MusterViewport) viewport = muster_viewport_new ();
  MusterMapScene scene = { 0 };
  MusterMapStyle style;
  double ox, oy;   /* where the table's corner goes, frame coordinates */
  int vw = (int) ceil (width), vh = (int) ceil (height);

  if (zoom <= 0)
    {
      zoom = muster_map_print_fit_zoom (map, width, height);
      ox = FRAME_LEFT + (width - FRAME_LEFT - FRAME_RIGHT - tw * zoom) / 2;
      oy = FRAME_TOP + (height - FRAME_TOP - FRAME_BOTTOM - th * zoom) / 2;
    }
  else
    {
      ox = -origin.x * zoom;
      oy = -origin.y * zoom;
    }
  muster_map_style_init_print (&style);
  scene.battlefield = field;
  scene.doc = map->doc;
  scene.types = map->types;
  scene.show_umpire = map->audience.umpire;
  scene.side = map->audience.side;
  scene.rubber_band = muster_box_empty ();
  scene.no_labels = TRUE;

  muster_viewport_set_zoom_range (viewport, MIN (zoom, 0.01), MAX (zoom, 50));
  muster_viewport_set_size (viewport, vw, vh);
  muster_viewport_set_zoom (viewport, zoom);
  muster_viewport_set_center (viewport, (vw / 2.0 - ox) / zoom, (vh / 2.0 - oy) / zoom);

  cairo_save (cr);
  cairo_rectangle (cr, x, y, width, height);
  cairo_clip (cr);
  cairo_translate (cr, x, y);
  muster_map_paint (cr, viewport, &scene, &style);
  paint_grid (cr, map, ox, oy, zoom);
  _muster_map_print_paint_labels (cr, map, viewport);
  cairo_restore (cr);
}

typedef enum
{
  SWATCH_FILL,
  SWATCH_ZONE,
  SWATCH_OBJECTIVE,
  SWATCH_HIDDEN,
} SwatchKind;

static void
paint_swatch (cairo_t      *cr,
              SwatchKind    kind,
              const double  rgba[4],
              double        x,
              double        y)
{
  static const double dash[] = { 3, 2 };

  cairo_save (cr);
  switch (kind)
    {
    case SWATCH_ZONE:
      cairo_rectangle (cr, x + 0.5, y + 0.5, SWATCH_W - 1, SWATCH_H - 1);
      cairo_set_source_rgba (cr, 0.4, 0.4, 0.4, 0.15);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0.3, 0.3, 0.3, 0.9);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      break;
    case SWATCH_OBJECTIVE:
      cairo_new_path (cr);
      cairo_arc (cr, x + SWATCH_W / 2, y + SWATCH_H / 2, SWATCH_H / 2 - 0.5, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      break;
    case SWATCH_HIDDEN:
      cairo_rectangle (cr, x + 0.5, y + 0.5, SWATCH_W - 1, SWATCH_H - 1);
      cairo_set_source_rgba (cr, 0.6, 0.6, 0.6, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, 1.2);
      cairo_stroke (cr);
      break;
    case SWATCH_FILL:
    default:
      cairo_rectangle (cr, x, y, SWATCH_W, SWATCH_H);
      cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
      cairo_fill (cr);
      break;
    }
  cairo_restore (cr);
}

typedef struct
{
  cairo_t  *cr;
  double    x, y, width;   /* the legend's box */
  double    cx, cy;        /* the next item's place */
  double    line_h;
  gboolean  draw;
} Flow;

/* One legend item: a swatch and its label, on the current line if it fits, else the next. */
static void
flow_item (Flow         *flow,
           SwatchKind    kind,
           const double  rgba[4],
           const char   *label)
{
  double tw = muster_print_text_width (flow->cr, label, "Sans 8", FALSE);
  double item_w = SWATCH_W + 4 + MIN (tw, flow->width - SWATCH_W - 4);

  if (flow->cx > flow->x && flow->cx + item_w > flow->x + flow->width)
    {
      flow->cx = flow->x;
      flow->cy += flow->line_h;
    }
  if (flow->draw)
    {
      paint_swatch (flow->cr, kind, rgba, flow->cx, flow->cy + 1.5);
      muster_print_colour (flow->cr, muster_print_ink);
      muster_print_text (flow->cr, label, "Sans 8", FALSE, flow->cx + SWATCH_W + 4, flow->cy,
                         -(flow->width - SWATCH_W - 4), 0, TRUE);
    }
  flow->cx += item_w + 14;
}

/* A length worth a scale bar no longer than @max_pt at @zoom: 1, 2, 3, 6, 12, 24… inches or
 * 1, 2, 5, 10, 20, 50… cm. Returns: mm */
static double
scale_bar_length (gboolean cm,
                  double   zoom,
                  double   max_pt)
{
  static const double inches[] = { 1, 2, 3, 6, 12, 24, 36, 48, 72 };
  static const double cms[] = { 1, 2, 5, 10, 20, 30, 50, 100, 200 };
  double best = cm ? MUSTER_MM_PER_CM : MUSTER_MM_PER_INCH;

  for (guint i = 0; i < G_N_ELEMENTS (inches); i++)
    {
      double mm = cm ? cms[i] * MUSTER_MM_PER_CM : inches[i] * MUSTER_MM_PER_INCH;

      if (mm * zoom <= max_pt)
        best = mm;
    }
  return best;
}

/* The scale bar, in four black and white parts, with its length. Returns: its width */
static double
paint_scale_bar (cairo_t                 *cr,
                 const MusterBattlefield *field,
                 double                   zoom,
                 double                   x,
                 double                   y,
                 gboolean                 draw)
{
  gboolean cm = g_strcmp0 (muster_battlefield_get_units (field), "cm") == 0;
  double mm = scale_bar_length (cm, zoom, 120);
  double len = mm * zoom;
  g_autofree char *label = muster_map_format_length (field, mm);
  double lw = muster_print_text_width (cr, label, "Sans 8", FALSE);

  for (int i = 0; draw && i < 4; i++)
    {
      cairo_rectangle (cr, x + i * len / 4, y + 3, len / 4, 5);
      if (i % 2 == 0)
        {
          muster_print_colour (cr, muster_print_ink);
          cairo_fill (cr);
        }
      else
        {
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_fill_preserve (cr);
          muster_print_colour (cr, muster_print_ink);
          cairo_set_line_width (cr, 0.6);
          cairo_stroke (cr);
        }
    }
  if (draw)
    {
      muster_print_colour (cr, muster_print_ink);
      muster_print_text (cr, label, "Sans 8", FALSE, x + len + 4, y, 0, 0, TRUE);
    }
  return len + 4 + lw;
}

/**
 * muster_map_print_legend:
 * @zoom: the map's points per mm, for the scale bar
 *
 * The key to the map for its audience: the sides, zones, objectives, hidden units (when the
 * audience sees any) and each kind of terrain on the map; then the scale bar, the scale and
 * the grid. Draws only when @draw.
 *
 * Returns: its height
 */
double
muster_map_print_legend (cairo_t              *cr,
                         const MusterMapPrint *map,
                         double                x,
                         double                y,
                         double                width,
                         double                zoom,
                         gboolean              draw)
{
  MusterBattlefield *field = muster_doc_get_battlefield (map->doc);
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  g_autoptr(GHashTable) terrain = g_hash_table_new (g_str_hash, g_str_equal);
  Flow flow = { cr, x, y, width, x, y, 14, draw };
  MusterMapStyle style;
  gboolean zones = FALSE, objectives = FALSE, hidden = FALSE;
  double bar_w, columns, rows;
  g_autofree char *grid = muster_map_format_length (field, map->grid);
  g_autofree char *last_column = NULL;
  g_autofree char *scale = NULL;
  g_autofree char *grid_line = NULL;
  static const double grey[4] = { 0.5, 0.5, 0.5, 1 };

  muster_map_style_init_print (&style);
  muster_doc_collect_sides (map->doc, field, sides);
  for (guint i = 0; i < sides->len; i++)
    flow_item (&flow, SWATCH_FILL, style.sides[i % MUSTER_MAP_N_SIDES], sides->pdata[i]);

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (!muster_doc_feature_is_visible (map->doc, f, &map->audience))
        continue;
      zones |= f->kind == MUSTER_FEATURE_ZONE;
      objectives |= f->kind == MUSTER_FEATURE_OBJECTIVE;
      hidden |= f->kind == MUSTER_FEATURE_UNIT && muster_feature_is_hidden (f);
    }
  if (zones)
    flow_item (&flow, SWATCH_ZONE, grey, _("Deployment zone"));
  if (objectives)
    flow_item (&flow, SWATCH_OBJECTIVE, style.objective, _("Objective"));
  if (hidden)
    flow_item (&flow, SWATCH_HIDDEN, style.edge,
               map->audience.umpire ? _("Hidden unit (umpire’s layer)")
                                    : _("Your hidden unit: the enemy does not see it"));

  /* Each terrain type once, in the order pieces are stacked. */
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      const MusterTerrainType *type;
      MusterTerrainKind kind;
      const char *name;

      if (f->kind != MUSTER_FEATURE_TERRAIN ||
          !muster_doc_feature_is_visible (map->doc, f, &map->audience))
        continue;
      type = map->types ? muster_terrain_types_lookup (map->types, f->type) : NULL;
      kind = type ? type->kind : muster_terrain_kind_from_string (f->type);
      name = type ? muster_ruleset_text (type->name) : f->type;
      if (name == NULL || g_hash_table_contains (terrain, name))
        continue;
      g_hash_table_add (terrain, (gpointer) name);
      flow_item (&flow, SWATCH_FILL, style.terrain[kind], name);
    }

  /* The last line: scale bar, scale, grid. */
  flow.cy += flow.line_h + 4;
  bar_w = paint_scale_bar (cr, field, zoom, x, flow.cy, draw);
  columns = ceil (muster_battlefield_get_width (field) / map->grid - 1e-9);
  rows = ceil (muster_battlefield_get_height (field) / map->grid - 1e-9);
  last_column = column_name ((guint) columns - 1);
  if (fabs (zoom - MUSTER_MAP_PRINT_FULL_SIZE) < 1e-6)
    scale = g_strdup (_("Full size"));
  else
    scale = g_strdup_printf (_("Scale 1:%.0f"), MUSTER_MAP_PRINT_FULL_SIZE / zoom);
  /* TRANSLATORS: "Scale 1:24 · grid squares 12.0″, A–F across, 1–4 down" */
  grid_line = g_strdup_printf (_("%s · grid squares %s, A–%s across, 1–%.0f down"), scale, grid,
                               last_column, rows);
  if (draw)
    {
      muster_print_colour (cr, muster_print_grey);
      muster_print_text (cr, grid_line, "Sans 8", FALSE, x + bar_w + 16, flow.cy,
                         -(width - bar_w - 16), 0, TRUE);
    }
  return flow.cy + flow.line_h - y;
}

static const char *
audience_title (const MusterMapPrint *map)
{
  if (map->audience.umpire)
    return _("Umpire’s map: everything");
  if (map->audience.side != NULL)
    return map->audience.side;
  return _("Players’ map");
}

/*
 * The map alone on one canvas in points: a title, the frame, the legend. Sizes the canvas when
 * @cr is NULL. Full size draws the table at its real size; fitted, 900 points across.
 */
static void
paint_image (cairo_t              *cr,
             const MusterMapPrint *map,
             MusterMapScale        scale,
             double               *width,
             double               *height)
{
  MusterBattlefield *field = muster_doc_get_battlefield (map->doc);
  double zoom = scale == MUSTER_MAP_SCALE_TABLE
                ? MUSTER_MAP_PRINT_FULL_SIZE : 900 / muster_battlefield_get_width (field);
  double frame_w = muster_battlefield_get_width (field) * zoom + FRAME_LEFT + FRAME_RIGHT;
  double frame_h = muster_battlefield_get_height (field) * zoom + FRAME_TOP + FRAME_BOTTOM;
  cairo_t *measure = cr ? NULL : muster_print_measure_new ();
  cairo_t *c = cr ? cr : measure;
  const char *title = muster_battlefield_get_scenario (field, MUSTER_SCENARIO_TITLE);
  g_autofree char *heading = g_strdup_printf ("%s — %s", *title ? title
                                              : muster_doc_get_title (map->doc)
                                              ? muster_doc_get_title (map->doc) : _("Battlefield"),
                                              audience_title (map));
  double y = IMAGE_MARGIN, x = IMAGE_MARGIN;

  if (cr != NULL)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
    }
  muster_print_colour (c, muster_print_ink);
  y += muster_print_text (c, heading, "Sans Bold 14", FALSE, x, y, frame_w, 0, cr != NULL) + 6;
  if (cr != NULL)
    muster_map_print_frame (cr, map, x, y, frame_w, frame_h, zoom,
                            (MusterPoint) { -FRAME_LEFT / zoom, -FRAME_TOP / zoom });
  y += frame_h + 8;
  y += muster_map_print_legend (c, map, x + FRAME_LEFT, y, frame_w - FRAME_LEFT, zoom,
                                cr != NULL);
  *width = frame_w + 2 * IMAGE_MARGIN;
  *height = y + IMAGE_MARGIN;
  if (measure)
    cairo_destroy (measure);
}

static gboolean
check_surface (cairo_surface_t  *surface,
               GError          **error)
{
  cairo_status_t status = cairo_surface_status (surface);

  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot draw the map: %s"),
               cairo_status_to_string (status));
  return FALSE;
}

/**
 * muster_map_print_to_png:
 *
 * Fitted, the map is 900 points across at 2 pixels a point; full size, it is drawn at 50 dots
 * per inch (a 6′ table is 3600 pixels wide: a bigger image would not be opened by most
 * viewers).
 *
 * Returns: (transfer full) (nullable): the map alone as a PNG image
 */
GBytes *
muster_map_print_to_png (const MusterMapPrint *map,
                         MusterMapScale        scale,
                         GError              **error)
{
  double pixels_per_point = scale == MUSTER_MAP_SCALE_TABLE ? 50.0 / 72 : 2.0;
  double width, height;
  cairo_surface_t *surface;
  GByteArray *bytes;
  cairo_t *cr;

  paint_image (NULL, map, scale, &width, &height);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (width * pixels_per_point),
                                        (int) ceil (height * pixels_per_point));
  if (!check_surface (surface, error))
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cr = cairo_create (surface);
  cairo_scale (cr, pixels_per_point, pixels_per_point);
  paint_image (cr, map, scale, &width, &height);
  cairo_destroy (cr);
  bytes = g_byte_array_new ();
  cairo_surface_write_to_png_stream (surface, muster_print_append_bytes, bytes);
  cairo_surface_destroy (surface);
  return g_byte_array_free_to_bytes (bytes);
}

/* Returns: (transfer full) (nullable): the map alone as an SVG drawing, sized in points */
GBytes *
muster_map_print_to_svg (const MusterMapPrint *map,
                         MusterMapScale        scale,
                         GError              **error)
{
  GByteArray *bytes = g_byte_array_new ();
  double width, height;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok;

  paint_image (NULL, map, scale, &width, &height);
  surface = cairo_svg_surface_create_for_stream (muster_print_append_bytes, bytes, width, height);
  cr = cairo_create (surface);
  paint_image (cr, map, scale, &width, &height);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  ok = check_surface (surface, error);
  cairo_surface_destroy (surface);
  if (!ok)
    {
      g_byte_array_unref (bytes);
      return NULL;
    }
  return g_byte_array_free_to_bytes (bytes);
}
