/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-print"

#include "config.h"

#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>

#include "muster-army-commands.h"
#include "muster-map-labels.h"
#include "muster-map-print.h"
#include "muster-print.h"
#include "muster-unit.h"
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

/*
 * Labels, placed apart. Each name tries a few places round its feature, in order of
 * preference (a unit's label behind it, away from its facing arrow; an objective's below it;
 * a terrain piece's along its top), and takes the best that covers no other label, no other
 * unit and no objective, inside the table. Objectives are placed first, then units, then
 * terrain. A unit's or objective's name with no such place beside it stands a few steps
 * further out, joined to it by a leader line (muster_map_label_places_away()); a name with no
 * free place at all is left out, never printed over another (the scenario sheet lists every
 * unit and piece).
 */

typedef struct
{
  cairo_t        *cr;
  MusterViewport *viewport;
  MusterBox       table;      /* frame coordinates */
  GArray         *obstacles;  /* LabelObstacle: units and objectives */
  GArray         *placed;     /* MusterBox: labels so far */
  GArray         *boxes;      /* nullable: MusterMapPrintLabel, the placed labels, for tests */
} Labels;

typedef struct
{
  MusterBox   box;
  const void *owner;
  double      weight;   /* cost per point² covered */
} LabelObstacle;

static MusterBox
to_frame (MusterViewport *viewport,
          MusterBox       box)
{
  MusterBox out = muster_box_empty ();
  double xs[] = { box.x0, box.x1 }, ys[] = { box.y0, box.y1 };

  for (guint i = 0; i < 4; i++)
    {
      MusterPoint p;

      muster_viewport_table_to_widget (viewport, xs[i / 2], ys[i % 2], &p.x, &p.y);
      muster_box_extend (&out, p);
    }
  return out;
}

static double
overlap (MusterBox a,
         MusterBox b)
{
  double w = MIN (a.x1, b.x1) - MAX (a.x0, b.x0), h = MIN (a.y1, b.y1) - MAX (a.y0, b.y0);

  return w > 0 && h > 0 ? w * h : 0;
}

/* How badly @box sits: covering a label costs most, then leaving the table (over the rulers),
 * then covering units and objectives. 0 is a free place. */
static double
label_cost (Labels     *labels,
            MusterBox   box,
            const void *owner)
{
  double cost = 0;

  for (guint i = 0; i < labels->placed->len; i++)
    cost += 1000 * overlap (box, muster_box_inflate (g_array_index (labels->placed, MusterBox, i),
                                                     1));
  for (guint i = 0; i < labels->obstacles->len; i++)
    {
      const LabelObstacle *o = &g_array_index (labels->obstacles, LabelObstacle, i);

      if (o->owner != owner)
        cost += o->weight * overlap (box, o->box);
    }
  cost += 20 * ((box.x1 - box.x0) * (box.y1 - box.y0) - overlap (box, labels->table));
  return cost;
}

/* Whether @box covers a label placed before, or a unit or objective not @owner's. */
static gboolean
label_blocked (Labels     *labels,
               MusterBox   box,
               const void *owner)
{
  for (guint i = 0; i < labels->placed->len; i++)
    if (overlap (box, muster_box_inflate (g_array_index (labels->placed, MusterBox, i), 1)) > 0)
      return TRUE;
  for (guint i = 0; i < labels->obstacles->len; i++)
    {
      const LabelObstacle *o = &g_array_index (labels->obstacles, LabelObstacle, i);

      if (o->owner != NULL && o->owner != owner && overlap (box, o->box) > 0)
        return TRUE;
    }
  return FALSE;
}

/* @box pushed back onto the table where it hangs over an edge: never over the rulers. */
static MusterBox
onto_table (Labels    *labels,
            MusterBox  box)
{
  MusterBox table = labels->table;
  double bw = box.x1 - box.x0, bh = box.y1 - box.y0, dx, dy;

  dx = bw < table.x1 - table.x0 ? MAX (table.x0 - box.x0, 0) - MAX (box.x1 - table.x1, 0) : 0;
  dy = bh < table.y1 - table.y0 ? MAX (table.y0 - box.y0, 0) - MAX (box.y1 - table.y1, 0) : 0;
  return (MusterBox) { box.x0 + dx, box.y0 + dy, box.x1 + dx, box.y1 + dy };
}

/* Places @text (in @font) at the best free one of @n @centres round @body (the feature's box,
 * frame coordinates); with @away, else at the first free place further out, with a leader
 * line; else nowhere. */
static void
place_label (Labels            *labels,
             const char        *text,
             const char        *font,
             const MusterPoint *centres,
             guint              n,
             const void        *owner,
             MusterBox          body,
             gboolean           away)
{
  g_autoptr(PangoLayout) layout = muster_print_layout (labels->cr, text, font, FALSE, 0, 0);
  MusterBox beside[9], places[MUSTER_MAP_LABEL_MAX_PLACES];
  double best_cost = INFINITY;
  MusterBox best = muster_box_empty ();
  MusterPoint from, to;
  guint n_places;
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  n = MIN (n, G_N_ELEMENTS (beside));
  for (guint i = 0; i < n; i++)
    {
      double bw = (double) w / PANGO_SCALE + 4, bh = (double) h / PANGO_SCALE;
      MusterBox box = onto_table (labels, (MusterBox) { centres[i].x - bw / 2,
                                                        centres[i].y - bh / 2,
                                                        centres[i].x + bw / 2,
                                                        centres[i].y + bh / 2 });
      /* the later places are worse ones: a corner reads as the neighbour's, and on the
       * feature itself hides it */
      double cost = label_cost (labels, box, owner) + (i < 4 ? 5 * i : i < 8 ? 150 : 400);

      beside[i] = box;
      if (cost < best_cost && !label_blocked (labels, box, owner))
        {
          best_cost = cost;
          best = box;
        }
    }
  /* none free beside it: the first free further out, the nearest rings first */
  n_places = away && muster_box_is_empty (best)
             ? muster_map_label_places_away (body, beside, n, places, G_N_ELEMENTS (places)) : 0;
  for (guint i = n; i < n_places && muster_box_is_empty (best); i++)
    {
      MusterBox box = onto_table (labels, places[i]);

      if (!label_blocked (labels, box, owner))
        best = box;
    }
  if (muster_box_is_empty (best))
    return;
  g_array_append_val (labels->placed, best);
  if (labels->boxes != NULL)
    {
      MusterMapPrintLabel placed = { best, owner };

      g_array_append_val (labels->boxes, placed);
    }
  if (away && muster_map_label_leader (body, best, &from, &to))
    {
      cairo_move_to (labels->cr, from.x, from.y);
      cairo_line_to (labels->cr, to.x, to.y);
      muster_print_colour (labels->cr, muster_print_ink);
      cairo_set_line_width (labels->cr, 0.4);
      cairo_stroke (labels->cr);
    }
  /* A plate of paper under the name keeps it legible over any terrain. */
  cairo_rectangle (labels->cr, best.x0, best.y0, best.x1 - best.x0, best.y1 - best.y0);
  cairo_set_source_rgba (labels->cr, 1, 1, 1, 0.75);
  cairo_fill (labels->cr);
  muster_print_colour (labels->cr, muster_print_ink);
  cairo_move_to (labels->cr, best.x0 + 2, best.y0);
  pango_cairo_show_layout (labels->cr, layout);
}

static void
add_obstacle (Labels     *labels,
              MusterBox   box,
              const void *owner,
              double      weight)
{
  LabelObstacle o = { box, owner, weight };

  g_array_append_val (labels->obstacles, o);
}

/* Centres round @box for a label @w × @h: below, above, right, left (below and above swapped
 * when @above_first), the corners, and last on the box itself. */
static guint
centres_round (MusterBox    box,
               double       h,
               double       w,
               gboolean     above_first,
               MusterPoint *out)
{
  double cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
  MusterPoint below = { cx, box.y1 + h / 2 + 1 }, above = { cx, box.y0 - h / 2 - 1 };

  out[0] = above_first ? above : below;
  out[1] = above_first ? below : above;
  out[2] = (MusterPoint) { box.x1 + w / 2 + 3, cy };
  out[3] = (MusterPoint) { box.x0 - w / 2 - 3, cy };
  /* then the corners, outside the unit */
  out[4] = (MusterPoint) { box.x1 + w / 2 - 4, below.y };
  out[5] = (MusterPoint) { box.x0 - w / 2 + 4, below.y };
  out[6] = (MusterPoint) { box.x1 + w / 2 - 4, above.y };
  out[7] = (MusterPoint) { box.x0 - w / 2 + 4, above.y };
  out[8] = (MusterPoint) { cx, cy };
  return 9;
}

static double
label_width (cairo_t    *cr,
             const char *text,
             const char *font,
             double     *height)
{
  g_autoptr(PangoLayout) layout = muster_print_layout (cr, text, font, FALSE, 0, 0);
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  *height = (double) h / PANGO_SCALE;
  return (double) w / PANGO_SCALE + 4;
}

static void
paint_labels (cairo_t              *cr,
              const MusterMapPrint *map,
              MusterViewport       *viewport)
{
  MusterBattlefield *field = muster_doc_get_battlefield (map->doc);
  Labels labels = { cr, viewport, to_frame (viewport, muster_battlefield_get_table_box (field)),
                    g_array_new (FALSE, FALSE, sizeof (LabelObstacle)),
                    g_array_new (FALSE, FALSE, sizeof (MusterBox)), map->placed_labels };
  guint n = muster_battlefield_get_n_features (field);
  MusterPoint centres[9];
  double w, h;

  for (guint i = 0; i < n; i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      MusterPoint c;

      if (!muster_doc_feature_is_visible (map->doc, f, &map->audience))
        continue;
      if (f->kind == MUSTER_FEATURE_UNIT)
        {
          g_autoptr(MusterFootprint) fp = muster_feature_get_footprint (f);
          MusterArrow arrow = muster_footprint_get_facing_arrow (fp, muster_footprint_get_depth (fp));
          MusterBox box = muster_footprint_get_bounds (fp);

          add_obstacle (&labels, muster_box_inflate (to_frame (viewport, box), 1), f, 10);
          /* and lightly for its own name: beside a unit reads better than on it */
          add_obstacle (&labels, to_frame (viewport, box), NULL, 2);
          /* its own arrow too, lightly: a name across it reads worse than one beside it, but
           * better than one at a corner where it might be the neighbour's */
          add_obstacle (&labels, to_frame (viewport, muster_box_from_points (arrow.tail, arrow.tip)),
                        NULL, 1);
        }
      else if (f->kind == MUSTER_FEATURE_OBJECTIVE)
        {
          muster_viewport_table_to_widget (viewport, f->centre.x, f->centre.y, &c.x, &c.y);
          add_obstacle (&labels, (MusterBox) { c.x - 13, c.y - 13, c.x + 13, c.y + 13 }, f, 10);
        }
    }

  for (guint pass = 0; pass < 3; pass++)
    for (guint i = 0; i < n; i++)
      {
        const MusterFeature *f = muster_battlefield_get_feature (field, i);
        static const MusterFeatureKind order[] = { MUSTER_FEATURE_OBJECTIVE, MUSTER_FEATURE_UNIT,
                                                   MUSTER_FEATURE_TERRAIN };
        const char *name = f->name;
        g_autofree char *label = NULL;
        MusterUnit *unit;

        if (f->kind != order[pass] || !muster_doc_feature_is_visible (map->doc, f, &map->audience))
          continue;
        /* as on screen: a unit without a name goes by its type and number */
        if (f->kind == MUSTER_FEATURE_UNIT && name == NULL &&
            (unit = muster_doc_lookup_unit (map->doc, f->unit)))
          name = label = muster_unit_dup_label (unit, muster_doc_get_ruleset (map->doc));
        if (name == NULL || *name == '\0')
          continue;

        if (f->kind == MUSTER_FEATURE_OBJECTIVE)
          {
            MusterPoint c;

            muster_viewport_table_to_widget (viewport, f->centre.x, f->centre.y, &c.x, &c.y);
            w = label_width (cr, name, "Sans Bold 7", &h);
            centres_round ((MusterBox) { c.x - 12, c.y - 12, c.x + 12, c.y + 12 }, h, w, FALSE,
                           centres);
            place_label (&labels, name, "Sans Bold 7", centres, 4, f,
                         (MusterBox) { c.x - 12, c.y - 12, c.x + 12, c.y + 12 }, TRUE);
          }
        else if (f->kind == MUSTER_FEATURE_UNIT)
          {
            g_autoptr(MusterFootprint) fp = muster_feature_get_footprint (f);
            MusterArrow arrow = muster_footprint_get_facing_arrow (fp, 1);
            MusterPoint tail, tip;
            MusterBox box = to_frame (viewport, muster_footprint_get_bounds (fp));

            /* behind the unit first: its arrow points the other way */
            muster_viewport_table_to_widget (viewport, arrow.tail.x, arrow.tail.y, &tail.x, &tail.y);
            muster_viewport_table_to_widget (viewport, arrow.tip.x, arrow.tip.y, &tip.x, &tip.y);
            w = label_width (cr, name, "Sans 7", &h);
            centres_round (box, h, w, tip.y > tail.y + 1e-3, centres);
            place_label (&labels, name, "Sans 7", centres, G_N_ELEMENTS (centres), f, box, TRUE);
          }
        else if (f->outline == MUSTER_OUTLINE_POLYLINE && f->points && f->points->len > 1)
          {
            /* beside a river, road or wall, above its band, along its length */
            static const double along[] = { 0.5, 0.25, 0.75, 0.1, 0.9 };
            double half = f->line_width * muster_viewport_get_zoom (viewport) / 2;
            guint k = 0;

            w = label_width (cr, name, "Sans Italic 7", &h);
            for (guint a = 0; a < G_N_ELEMENTS (along); a++)
              {
                double t = along[a] * (f->points->len - 1);
                guint seg = MIN ((guint) t, f->points->len - 2);
                MusterPoint p = muster_point_lerp (g_array_index (f->points, MusterPoint, seg),
                                                   g_array_index (f->points, MusterPoint, seg + 1),
                                                   t - seg);

                if (!muster_box_contains_point (muster_battlefield_get_table_box (field), p))
                  continue;
                muster_viewport_table_to_widget (viewport, p.x, p.y, &centres[k].x, &centres[k].y);
                centres[k].y -= half + h / 2 + 1;
                k++;
              }
            place_label (&labels, name, "Sans Italic 7", centres, k, f, muster_box_empty (),
                         FALSE);
          }
        else
          {
            MusterBox box = to_frame (viewport, muster_feature_get_bounds (f));
            double cx, cy;

            /* a piece hanging over the edge is named on the table */
            box = (MusterBox) { MAX (box.x0, labels.table.x0), MAX (box.y0, labels.table.y0),
                                MIN (box.x1, labels.table.x1), MIN (box.y1, labels.table.y1) };
            cx = (box.x0 + box.x1) / 2;
            cy = (box.y0 + box.y1) / 2;
            w = label_width (cr, name, "Sans Italic 7", &h);
            if (box.x1 - box.x0 < w * 0.6)
              continue;   /* a name much wider than its piece would say nothing about it */
            centres[0] = (MusterPoint) { cx, box.y0 + h / 2 + 3 };
            centres[1] = (MusterPoint) { cx, cy };
            centres[2] = (MusterPoint) { cx, box.y1 - h / 2 - 3 };
            centres[3] = (MusterPoint) { cx, box.y0 - h / 2 - 1 };
            centres[4] = (MusterPoint) { cx, box.y1 + h / 2 + 1 };
            place_label (&labels, name, "Sans Italic 7", centres, 5, f, box, FALSE);
          }
      }
  g_array_unref (labels.obstacles);
  g_array_unref (labels.placed);
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
  paint_labels (cr, map, viewport);
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
      name = type ? type->name : f->type;
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
