/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-painter"

#include "config.h"

#include <pango/pangocairo.h>

#include "muster-army-commands.h"
#include "muster-map-painter-private.h"
#include "muster-unit.h"

/*
 * Where the map's names go, in device pixels, placed over the whole table so that every strip
 * of a map agrees (the placing itself is muster-map-labels.c's): the names of the objectives
 * first, then those of the terrain on the ground layer, clear of them and off their markers,
 * then the units' labels on the units layer, clear of all those.
 */

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

/* Sets @p's layout in the italic of terrain names; returns the font to restore. */
PangoFontDescription *
_muster_map_use_terrain_font (Painter *p)
{
  return use_font_style (p, PANGO_STYLE_ITALIC);
}

void
_muster_map_restore_font (Painter              *p,
                          PangoFontDescription *saved)
{
  pango_layout_set_font_description (p->layout, saved);
  pango_font_description_free (saved);
}

const char *
_muster_map_unit_label (Painter             *p,
                        const MusterFeature *f)
{
  MusterUnit *unit;

  g_autofree char *label = NULL;

  if (f->name != NULL)
    return f->name;
  if (p->scene->doc == NULL || !(unit = muster_doc_lookup_unit (p->scene->doc, f->unit)))
    return NULL;
  if (muster_unit_get_name (unit) != NULL && *muster_unit_get_name (unit) != '\0')
    return muster_unit_get_name (unit);
  /* A unit without a name goes by its type and number. Interned: callers borrow the label
   * for a frame, and the "Infantry 2"s of a battle are few. */
  label = muster_unit_dup_label (unit, muster_doc_get_ruleset (p->scene->doc));
  return g_intern_string (label);
}

/* What a unit or an objective covers on screen, px. */
MusterBox
_muster_map_body_box (Painter             *p,
                      const MusterFeature *f)
{
  double x, y;

  if (f->kind == MUSTER_FEATURE_UNIT)
    {
      g_autoptr(MusterFootprint) owned = NULL;
      const MusterFootprint *fp = _muster_map_unit_footprint (p->scene, f, &owned);

      return to_device_box (p, muster_footprint_get_bounds (fp));
    }
  muster_viewport_table_to_widget (p->viewport, f->centre.x, f->centre.y, &x, &y);
  return (MusterBox) { x - OBJECTIVE_R, y - OBJECTIVE_R, x + OBJECTIVE_R, y + OBJECTIVE_R };
}

/* Where @text may go round @body (px): below it, above, right, left; with @corners, also at
 * its four corners; then the same a few steps further out, joined to it by a leader line
 * (muster_map_label_places_away()): in a crowd a name a little way off beats none. The plate
 * round the text is 2 px wider on each side. Returns how many of
 * %MUSTER_MAP_LABEL_MAX_PLACES @places it filled. */
guint
_muster_map_label_places (Painter             *p,
                          MusterBox            body,
                          const char          *text,
                          gboolean             corners,
                          MusterBox           *places)
{
  double cx = (body.x0 + body.x1) / 2, cy = (body.y0 + body.y1) / 2;
  MusterBox beside[8];
  int w, h;

  muster_map_label_size (p->layout, text, &w, &h);
  beside[0] = (MusterBox) { cx - w / 2.0 - 2, body.y1 + 2, cx + w / 2.0 + 2, body.y1 + 2 + h };
  beside[1] = (MusterBox) { cx - w / 2.0 - 2, body.y0 - 2 - h, cx + w / 2.0 + 2, body.y0 - 2 };
  beside[2] = (MusterBox) { body.x1 + 3, cy - h / 2.0, body.x1 + 7 + w, cy + h / 2.0 };
  beside[3] = (MusterBox) { body.x0 - 7 - w, cy - h / 2.0, body.x0 - 3, cy - h / 2.0 + h };
  beside[4] = (MusterBox) { body.x1, body.y1, body.x1 + 4 + w, body.y1 + h };
  beside[5] = (MusterBox) { body.x1, body.y0 - h, body.x1 + 4 + w, body.y0 };
  beside[6] = (MusterBox) { body.x0 - 4 - w, body.y1, body.x0, body.y1 + h };
  beside[7] = (MusterBox) { body.x0 - 4 - w, body.y0 - h, body.x0, body.y0 };
  return muster_map_label_places_away (body, beside, corners ? 8 : 4, places,
                                       MUSTER_MAP_LABEL_MAX_PLACES);
}

/* Where the rulers along the table's top and left edges stand, ticks and numbers (px): no
 * label goes over them. Appended to @taken. */
static void
append_ruler_boxes (Painter *p,
                    GArray  *taken)
{
  MusterBattlefield *field = p->scene->battlefield;
  double tw = muster_battlefield_get_width (field), th = muster_battlefield_get_height (field);
  MusterPoint corner, right, bottom;
  int w, h;

  /* as wide as the widest number, "10′" or "100" */
  muster_map_label_size (p->layout, "100′", &w, &h);
  muster_viewport_table_to_widget (p->viewport, 0, 0, &corner.x, &corner.y);
  muster_viewport_table_to_widget (p->viewport, tw, 0, &right.x, &right.y);
  muster_viewport_table_to_widget (p->viewport, 0, th, &bottom.x, &bottom.y);
  /* ticks go up from the top edge and left from the left edge, whatever the view's turn */
  for (guint axis = 0; axis < 2; axis++)
    {
      MusterBox box = muster_box_from_points (corner, axis ? bottom : right);

      if (axis)
        box = (MusterBox) { box.x0 - RULER_TICK_PX - 3 - w, box.y0 - h, box.x0, box.y1 + h };
      else
        box = (MusterBox) { box.x0 - w, box.y0 - RULER_TICK_PX - 2 - h, box.x1 + w, box.y0 };
      g_array_append_val (taken, box);
    }
}

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
      marker.box = _muster_map_body_box (p, f);
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
  g_autoptr(GArray) rulers = g_array_new (FALSE, FALSE, sizeof (MusterBox));
  PangoFontDescription *saved;

  if (p->scene->no_labels)
    return labels;
  saved = use_font_style (p, PANGO_STYLE_NORMAL);
  append_ruler_boxes (p, rulers);
  for (guint i = 0; i < markers->len; i++)
    {
      const MusterMapBody *marker = &g_array_index (markers, MusterMapBody, i);
      const MusterFeature *f = marker->owner;
      MusterMapLabel label = { f, 0, { { 0 } }, 0, -1 };

      if (f->name == NULL || *f->name == '\0')
        continue;
      label.n_places = _muster_map_label_places (p, marker->box, f->name, TRUE, label.places);
      g_array_append_val (labels, label);
    }
  muster_map_labels_place_around (labels, rulers, markers);
  _muster_map_restore_font (p, saved);
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

/* @label in the place chosen for it, with @text, into @placed (feature →
 * MusterMapPlacedLabel), with a leader line back to @body when it stands away from it;
 * nothing when it was left out. */
static void
insert_placed (GHashTable           *placed,
               const MusterMapLabel *label,
               const char           *text,
               gboolean              terrain,
               const MusterBox      *body)
{
  MusterMapPlacedLabel shown_label = { { 0 }, text, terrain, FALSE, { 0, 0 }, { 0, 0 } };

  if (label->chosen < 0)
    return;
  shown_label.box = label->places[label->chosen];
  if (body != NULL)
    shown_label.leader = muster_map_label_leader (*body, shown_label.box,
                                                  &shown_label.leader_from,
                                                  &shown_label.leader_to);
  g_hash_table_insert (placed, (gpointer) label->owner, g_memdup2 (&shown_label, sizeof shown_label));
}

/**
 * muster_map_placed_label_reach:
 * @label: a placed label
 *
 * Returns: what @label paints over (device px): its plate, and its leader line when it has one
 */
MusterBox
muster_map_placed_label_reach (const MusterMapPlacedLabel *label)
{
  MusterBox reach = label->box;

  if (label->leader)
    {
      muster_box_extend (&reach, label->leader_from);
      muster_box_extend (&reach, label->leader_to);
    }
  return reach;
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
guint
_muster_map_terrain_name_places (Painter             *p,
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
          !(label.n_places = _muster_map_terrain_name_places (p, f, label.places)))
        continue;
      bounds = to_device_box (p, muster_feature_get_bounds (f));
      label.priority = bounds.x1 - bounds.x0;
      g_array_append_val (labels, label);
    }
  muster_map_labels_place_around (labels, taken, NULL);
  return labels;
}

/* The terrain names not being dragged, placed (place_terrain_names(), in their italic).
 * Returns: (element-type MusterFeature MusterMapPlacedLabel): piece → its name's plate */
static GHashTable *
terrain_names_placed (Painter      *p,
                      const GArray *objectives)
{
  PangoFontDescription *saved = _muster_map_use_terrain_font (p);
  g_autoptr(GArray) labels = place_terrain_names (p, objectives);
  GHashTable *placed = g_hash_table_new_full (NULL, NULL, NULL, g_free);

  _muster_map_restore_font (p, saved);
  for (guint i = 0; i < labels->len; i++)
    {
      const MusterMapLabel *label = &g_array_index (labels, MusterMapLabel, i);

      insert_placed (placed, label, ((const MusterFeature *) label->owner)->name, TRUE, NULL);
    }
  return placed;
}

/* Where the ground layer puts the names of the terrain not being dragged: clear of the names
 * of objectives, placed first, and off their markers (see place_terrain_names()).
 * Returns: (transfer full) (element-type MusterFeature MusterMapPlacedLabel): piece → its
 *   name's plate, device px, for the names shown */
GHashTable *
_muster_map_terrain_names_placed (Painter *p)
{
  g_autoptr(GArray) objectives = place_objective_labels (p);

  return terrain_names_placed (p, objectives);
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

/* A layout for @cr in the labels' font. */
PangoLayout *
_muster_map_new_label_layout (cairo_t              *cr,
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
  g_autoptr(PangoLayout) layout = _muster_map_new_label_layout (cr, style);

  return muster_map_place_labels (viewport, scene, layout);
}

/**
 * muster_map_place_labels:
 * @viewport: the view
 * @scene: what is painted
 * @layout: a layout in the labels' font
 *
 * Where the names of units and objectives go, kept apart: every unit and objective of the
 * battlefield that the scene shows and does not drag. The objectives are named first, then
 * the units (the widest on screen first), each in the first of its places (beside it, then
 * further out with a leader line) that covers no terrain name, no ruler, no badge of a unit's
 * markers, no name placed before it and no other unit or objective; left out when none is free, to come back when
 * zooming in. Over the whole table, so every strip of a map agrees. The terrain names that units
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
  /* guint: the index in @bodies of each label's feature (looking it up there for every label
   * took minutes for 78,000 units) */
  g_autoptr(GArray) label_bodies = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) objectives = NULL;
  g_autoptr(GArray) taken = NULL;
  g_autoptr(GArray) badges = g_array_new (FALSE, FALSE, sizeof (MusterBox));
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
      guint body_index = bodies->len;   /* where its body goes */

      if ((f->kind != MUSTER_FEATURE_UNIT && f->kind != MUSTER_FEATURE_OBJECTIVE) ||
          !shown (&p, f) || is_live (&p, f))
        continue;
      if (f->kind == MUSTER_FEATURE_OBJECTIVE)
        {
          body.box = _muster_map_body_box (&p, f);
          g_array_append_val (bodies, body);
          if (f->name == NULL || *f->name == '\0')
            continue;
          /* named before any unit, and here off the units too (see below) */
          label.priority = G_MAXDOUBLE;
          label.n_places = _muster_map_label_places (&p, body.box, f->name, TRUE, label.places);
          g_array_append_val (labels, label);
          g_ptr_array_add (texts, (gpointer) f->name);
          g_array_append_val (label_bodies, body_index);
          continue;
        }
      /* laid out once for the body and the priority */
      fp = _muster_map_unit_footprint (scene, f, &owned);
      body.box = to_device_box (&p, muster_footprint_get_bounds (fp));
      g_array_append_val (bodies, body);
      label.priority = muster_footprint_get_frontage (fp) * p.zoom;
      {
        MusterBox badge;
        guint n_pips;
        g_autofree char *markers = _muster_map_unit_badge (&p, f, body.box,
                                                           label.priority >= MIN_LABEL_PX,
                                                           &n_pips, &badge);

        if (markers != NULL)
          g_array_append_val (badges, badge);
      }
      text = label.priority >= MIN_LABEL_PX ? _muster_map_unit_label (&p, f) : NULL;
      if (text == NULL)
        continue;
      label.n_places = _muster_map_label_places (&p, body.box, text, TRUE, label.places);
      g_array_append_val (labels, label);
      g_ptr_array_add (texts, (gpointer) text);
      g_array_append_val (label_bodies, body_index);
    }
  /* The terrain names keep clear of where the objectives' names go on a table without units
   * (the ground layer does not follow the units); here the objectives' names are placed again
   * among the units, clear of those terrain names, before the units' names. */
  objectives = place_objective_labels (&p);
  taken = terrain_name_boxes (&p, objectives, bodies, placed);
  append_ruler_boxes (&p, taken);
  /* no name covers a unit's markers, its own unit's either */
  g_array_append_vals (taken, badges->data, badges->len);
  muster_map_labels_place_around (labels, taken, bodies);
  for (guint i = 0; i < labels->len; i++)
    {
      const MusterMapLabel *label = &g_array_index (labels, MusterMapLabel, i);
      const MusterMapBody *body = &g_array_index (bodies, MusterMapBody,
                                                  g_array_index (label_bodies, guint, i));

      insert_placed (placed, label, texts->pdata[i], FALSE, &body->box);
    }
  return placed;
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
  g_autoptr(PangoLayout) layout = _muster_map_new_label_layout (cr, style);
  Painter p = { .viewport = viewport, .scene = scene, .layout = layout,
                .zoom = muster_viewport_get_zoom (viewport) };

  if (scene->no_labels)
    return g_hash_table_new_full (NULL, NULL, NULL, g_free);
  return _muster_map_terrain_names_placed (&p);
}
