/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-print"

#include "config.h"

#include <math.h>

#include "muster-army-commands.h"
#include "muster-label-grid-private.h"
#include "muster-map-labels.h"
#include "muster-map-print-private.h"
#include "muster-print.h"
#include "muster-unit.h"

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

/* The labels' grids over the table's frame (muster-label-grid.c) */
#define GRID_CELL 16.0   /* points: under a label's width, over its height */
#define GRID_MAX  256    /* cells a side at most: a bigger frame has bigger cells */

typedef struct
{
  cairo_t         *cr;
  MusterViewport  *viewport;
  MusterBox        table;           /* frame coordinates */
  GArray          *obstacles;       /* LabelObstacle: units and objectives */
  GArray          *placed;          /* MusterBox: labels so far */
  GArray          *boxes;           /* nullable: MusterMapPrintLabel, the placed labels, for tests */
  MusterLabelGrid  near_obstacles;
  MusterLabelGrid  near_placed;     /* their boxes inflated by a point, as they are tested */
  GArray          *found;           /* guint: indices a test collects */
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

/* A box a label would take, as the grids' visits see it */
typedef struct
{
  Labels     *labels;
  MusterBox   box;
  const void *owner;
} Probe;

static double
placed_overlap (const Probe *probe,
                guint        i)
{
  return overlap (probe->box, muster_box_inflate (g_array_index (probe->labels->placed,
                                                                 MusterBox, i), 1));
}

static const LabelObstacle *
obstacle_at (const Probe *probe,
             guint        i)
{
  return &g_array_index (probe->labels->obstacles, LabelObstacle, i);
}

static gboolean
covers_placed (guint    i,
               gpointer data)
{
  return placed_overlap (data, i) > 0;
}

static gboolean
covers_obstacle (guint    i,
                 gpointer data)
{
  const Probe *probe = data;
  const LabelObstacle *o = obstacle_at (probe, i);

  return o->owner != NULL && o->owner != probe->owner && overlap (probe->box, o->box) > 0;
}

static gboolean
collect_placed (guint    i,
                gpointer data)
{
  const Probe *probe = data;

  if (placed_overlap (probe, i) > 0)
    g_array_append_val (probe->labels->found, i);
  return FALSE;
}

static gboolean
collect_obstacle (guint    i,
                  gpointer data)
{
  const Probe *probe = data;

  if (overlap (probe->box, obstacle_at (probe, i)->box) > 0)
    g_array_append_val (probe->labels->found, i);
  return FALSE;
}

static int
compare_indices (gconstpointer a,
                 gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* The indices @collect puts in labels->found from @grid, ascending and once each: what
 * overlaps the probe's box, in the order it was filed. */
static const GArray *
collected (Probe                *probe,
           MusterLabelGrid      *grid,
           MusterLabelGridVisit  collect)
{
  GArray *found = probe->labels->found;
  guint n = 0;

  g_array_set_size (found, 0);
  _muster_label_grid_visit (grid, probe->box, collect, probe);
  g_array_sort (found, compare_indices);
  for (guint k = 0; k < found->len; k++)
    if (k == 0 || g_array_index (found, guint, k) != g_array_index (found, guint, n - 1))
      g_array_index (found, guint, n++) = g_array_index (found, guint, k);
  g_array_set_size (found, n);
  return found;
}

/* How badly @box sits: covering a label costs most, then leaving the table (over the rulers),
 * then covering units and objectives. 0 is a free place. The sums skip only terms of 0, in
 * the order of a sum over every label and obstacle, so they come out the same to the bit. */
static double
label_cost (Labels     *labels,
            MusterBox   box,
            const void *owner)
{
  Probe probe = { labels, box, owner };
  const GArray *found;
  double cost = 0;

  found = collected (&probe, &labels->near_placed, collect_placed);
  for (guint k = 0; k < found->len; k++)
    cost += 1000 * placed_overlap (&probe, g_array_index (found, guint, k));
  found = collected (&probe, &labels->near_obstacles, collect_obstacle);
  for (guint k = 0; k < found->len; k++)
    {
      const LabelObstacle *o = obstacle_at (&probe, g_array_index (found, guint, k));

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
  Probe probe = { labels, box, owner };

  return _muster_label_grid_visit (&labels->near_placed, box, covers_placed, &probe) ||
         _muster_label_grid_visit (&labels->near_obstacles, box, covers_obstacle, &probe);
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
 * line; else nowhere. @bw × @bh: its plate, as label_width() measures it. */
static void
place_label (Labels            *labels,
             const char        *text,
             const char        *font,
             double             bw,
             double             bh,
             const MusterPoint *centres,
             guint              n,
             const void        *owner,
             MusterBox          body,
             gboolean           away)
{
  g_autoptr(PangoLayout) layout = NULL;
  MusterBox beside[9], places[MUSTER_MAP_LABEL_MAX_PLACES];
  double best_cost = INFINITY;
  MusterBox best = muster_box_empty ();
  MusterPoint from, to;
  guint n_places;

  n = MIN (n, G_N_ELEMENTS (beside));
  for (guint i = 0; i < n; i++)
    {
      MusterBox box = onto_table (labels, (MusterBox) { centres[i].x - bw / 2,
                                                        centres[i].y - bh / 2,
                                                        centres[i].x + bw / 2,
                                                        centres[i].y + bh / 2 });
      double cost;

      beside[i] = box;
      /* a blocked place is never taken, whatever it costs: on a crowded map most are, and
       * telling so is quicker than costing them */
      if (label_blocked (labels, box, owner))
        continue;
      /* the later places are worse ones: a corner reads as the neighbour's, and on the
       * feature itself hides it */
      cost = label_cost (labels, box, owner) + (i < 4 ? 5 * i : i < 8 ? 150 : 400);
      if (cost < best_cost)
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
  _muster_label_grid_add (&labels->near_placed, muster_box_inflate (best, 1));
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
  layout = muster_print_layout (labels->cr, text, font, FALSE, 0, 0);
  pango_cairo_show_layout (labels->cr, layout);
}

static void
add_obstacle (Labels     *labels,
              MusterBox   box,
              const void *owner,
              double      weight)
{
  LabelObstacle o = { box, owner, weight };

  _muster_label_grid_add (&labels->near_obstacles, box);
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

void
_muster_map_print_paint_labels (cairo_t              *cr,
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

  _muster_label_grid_init (&labels.near_obstacles, labels.table, GRID_CELL, GRID_MAX);
  _muster_label_grid_init (&labels.near_placed, labels.table, GRID_CELL, GRID_MAX);
  labels.found = g_array_new (FALSE, FALSE, sizeof (guint));

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
            place_label (&labels, name, "Sans Bold 7", w, h, centres, 4, f,
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
            place_label (&labels, name, "Sans 7", w, h, centres, G_N_ELEMENTS (centres), f, box,
                         TRUE);
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
            place_label (&labels, name, "Sans Italic 7", w, h, centres, k, f, muster_box_empty (),
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
            place_label (&labels, name, "Sans Italic 7", w, h, centres, 5, f, box, FALSE);
          }
      }
  g_array_unref (labels.obstacles);
  g_array_unref (labels.placed);
  _muster_label_grid_clear (&labels.near_obstacles);
  _muster_label_grid_clear (&labels.near_placed);
  g_array_unref (labels.found);
}

