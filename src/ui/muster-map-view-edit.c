/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-map-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "muster-army.h"
#include "muster-battlefield-commands.h"
#include "muster-deploy.h"
#include "muster-map-view-private.h"
#include "muster-unit.h"

/*
 * The map view's editing tools: the selection, and every edit it makes to the battlefield,
 * each pushed as one command on the document's history: deleting and turning the selection,
 * moving features and vertices (previewed straight on the battlefield while dragged), new
 * terrain, zones and objectives, units placed, and the measure and line-of-sight tools.
 */

#define MOVE_SNAP_MM   5.0

GStrv
muster_map_view_dup_selection (MusterMapView *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  MusterBattlefield *field = get_battlefield (self);

  /* in z-order, so the answer does not depend on hashing */
  for (guint i = 0; field && i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (g_hash_table_contains (self->selection, f->id))
        g_strv_builder_add (builder, f->id);
    }
  return g_strv_builder_end (builder);
}

void
muster_map_view_select (MusterMapView *self,
                        const char    *id,
                        gboolean       extend)
{
  if (!extend)
    g_hash_table_remove_all (self->selection);
  if (id != NULL)
    g_hash_table_add (self->selection, g_strdup (id));
  _muster_map_view_selection_changed (self);
}

void
muster_map_view_clear_selection (MusterMapView *self)
{
  muster_map_view_select (self, NULL, FALSE);
}

/* Applies and records @command, and drops the caller's reference (the history keeps one). */
static void
push (MusterMapView *self,
      MusterCommand *command)
{
  muster_history_push (muster_document_get_history (self->document), command);
  g_object_unref (command);
}

void
muster_map_view_delete_selection (MusterMapView *self)
{
  g_auto(GStrv) ids = muster_map_view_dup_selection (self);
  MusterCommand *command;

  if (ids[0] == NULL)
    return;
  command = muster_features_command_new (self->document, _("Delete"));
  for (guint i = 0; ids[i]; i++)
    muster_features_command_remove (MUSTER_FEATURES_COMMAND (command), ids[i]);
  g_hash_table_remove_all (self->selection);
  push (self, command);
  _muster_map_view_selection_changed (self);
}

static MusterPoint
selection_centre (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  MusterBox box = muster_box_empty ();
  GHashTableIter iter;
  gpointer id;

  g_hash_table_iter_init (&iter, self->selection);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    {
      const MusterFeature *f = muster_battlefield_lookup (field, id);

      if (f != NULL)
        box = muster_box_union (box, muster_feature_get_bounds (f));
    }
  return muster_box_centre (box);
}

void
muster_map_view_rotate_selection (MusterMapView *self,
                                  double         angle)
{
  MusterBattlefield *field = get_battlefield (self);
  g_auto(GStrv) ids = muster_map_view_dup_selection (self);
  MusterPoint centre = selection_centre (self);
  MusterCommand *command;

  if (ids[0] == NULL)
    return;
  command = muster_features_command_new (self->document, _("Rotate"));
  for (guint i = 0; ids[i]; i++)
    {
      g_autoptr(MusterFeature) turned = muster_feature_copy (muster_battlefield_lookup (field, ids[i]));

      /* one unit or piece turns about its own centre; several about their common centre */
      muster_feature_rotate (turned, ids[1] ? centre : turned->centre, angle);
      muster_features_command_replace (MUSTER_FEATURES_COMMAND (command), turned);
    }
  push (self, command);
}

/* Snaps a move to a quarter of the grid when there is one, else to 5 mm; not when snapping is
 * off. */
static MusterVector
snap_delta (MusterMapView *self,
            MusterVector   delta)
{
  double grid = muster_battlefield_get_grid (get_battlefield (self));
  double step = grid > 0 ? grid / 4 : MOVE_SNAP_MM;

  if (!self->snap)
    return delta;
  return (MusterVector) { round (delta.x / step) * step, round (delta.y / step) * step };
}

/* Applies the drag to the originals, straight on the battlefield (a preview). */
void
_muster_map_view_preview_drag (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  MusterVector delta = snap_delta (self, muster_point_sub (self->drag_now, self->drag_start));
  MusterPoint centre = self->drag_start;
  double angle = 0;

  if (self->drag == DRAG_ROTATE)
    {
      MusterBox box = muster_box_empty ();

      for (guint i = 0; i < self->originals->len; i++)
        box = muster_box_union (box, muster_feature_get_bounds (self->originals->pdata[i]));
      centre = muster_box_centre (box);
      angle = muster_vector_angle (muster_point_sub (self->drag_now, centre)) -
              muster_vector_angle (muster_point_sub (self->drag_start, centre));
      if (self->snap)
        angle = muster_snap_angle (angle, ROTATE_SNAP);
    }
  for (guint i = 0; i < self->originals->len; i++)
    {
      g_autoptr(MusterFeature) moved = muster_feature_copy (self->originals->pdata[i]);

      if (self->drag == DRAG_ROTATE)
        muster_feature_rotate (moved, centre, angle);
      else
        muster_feature_translate (moved, delta);
      muster_feature_free (muster_battlefield_replace (field, moved));
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_muster_map_view_finish_move (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  MusterCommand *command = muster_features_command_new (self->document,
                                                        self->drag == DRAG_ROTATE ? _("Rotate")
                                                        : self->drag == DRAG_VERTEX ? _("Move Vertex")
                                                        : _("Move"));
  gboolean moved = FALSE;

  for (guint i = 0; i < self->originals->len; i++)
    {
      const MusterFeature *original = self->originals->pdata[i];
      g_autoptr(MusterFeature) now = muster_feature_copy (muster_battlefield_lookup (field, original->id));

      muster_feature_free (muster_battlefield_replace (field, original));
      moved |= now->centre.x != original->centre.x || now->centre.y != original->centre.y ||
               now->rotation != original->rotation ||
               (now->points && now->points->len &&
                memcmp (now->points->data, original->points->data,
                        now->points->len * sizeof (MusterPoint)) != 0);
      muster_features_command_replace (MUSTER_FEATURES_COMMAND (command), now);
    }
  if (moved)
    push (self, command);
  else
    g_object_unref (command);
}

/* Vertex editing: the one selected polygon, polyline or zone shows its vertices as handles. */

/* Returns: (nullable): the selected feature whose vertices can be edited, when it is alone */
static const MusterFeature *
vertex_feature (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  GHashTableIter iter;
  gpointer id;
  const MusterFeature *f;

  if (field == NULL || g_hash_table_size (self->selection) != 1)
    return NULL;
  g_hash_table_iter_init (&iter, self->selection);
  g_hash_table_iter_next (&iter, &id, NULL);
  f = muster_battlefield_lookup (field, id);
  return f != NULL && muster_feature_has_vertices (f) ? f : NULL;
}

/* A press on a handle starts moving that vertex (the feature live while it moves). */
gboolean
_muster_map_view_begin_vertex_drag (MusterMapView *self)
{
  const MusterFeature *f = vertex_feature (self);
  int vertex = f ? muster_feature_hit_vertex (f, self->drag_start,
                                              HIT_PX / muster_viewport_get_zoom (self->viewport))
                 : -1;

  if (vertex < 0)
    return FALSE;
  self->drag = DRAG_VERTEX;
  self->vertex = vertex;
  g_ptr_array_set_size (self->originals, 0);
  g_ptr_array_add (self->originals, muster_feature_copy (f));
  g_hash_table_add (self->live, g_strdup (f->id));
  return TRUE;
}

void
_muster_map_view_preview_vertex (MusterMapView *self)
{
  g_autoptr(MusterFeature) moved = muster_feature_copy (self->originals->pdata[0]);

  muster_feature_move_vertex (moved, self->vertex, self->drag_now);
  muster_feature_free (muster_battlefield_replace (get_battlefield (self), moved));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * muster_map_view_edit_vertex_at:
 * @self: a map view
 * @widget_x: where, widget px
 * @widget_y: where
 *
 * What a double-click does to the one selected polygon, polyline or zone: on a vertex, takes it
 * out (never below a polygon's 3 or a polyline's 2); on an edge, puts a new vertex there. One
 * undo step.
 *
 * Returns: %TRUE if a vertex was added or deleted
 */
gboolean
muster_map_view_edit_vertex_at (MusterMapView *self,
                                double         widget_x,
                                double         widget_y)
{
  const MusterFeature *f = vertex_feature (self);
  MusterPoint p = to_table (self, widget_x, widget_y);
  double tolerance = HIT_PX / muster_viewport_get_zoom (self->viewport);
  g_autoptr(MusterFeature) edited = NULL;
  MusterCommand *command;
  int vertex, edge;

  if (f == NULL)
    return FALSE;
  edited = muster_feature_copy (f);
  if ((vertex = muster_feature_hit_vertex (f, p, tolerance)) >= 0)
    {
      if (!muster_feature_delete_vertex (edited, vertex))
        return FALSE;
      command = muster_features_command_new (self->document, _("Delete Vertex"));
    }
  else if ((edge = muster_feature_hit_edge (f, p, tolerance)) >= 0)
    {
      muster_feature_insert_vertex (edited, edge + 1, p);
      command = muster_features_command_new (self->document, _("Add Vertex"));
    }
  else
    return FALSE;
  muster_features_command_replace (MUSTER_FEATURES_COMMAND (command), edited);
  push (self, command);
  return TRUE;
}

static void
add_feature (MusterMapView *self,
             MusterFeature *feature,
             const char    *label)
{
  MusterCommand *command = muster_features_command_new (self->document, label);

  muster_features_command_insert (MUSTER_FEATURES_COMMAND (command), feature);
  muster_history_push (muster_document_get_history (self->document), command);
  muster_map_view_select (self, muster_features_command_get_inserted_id (MUSTER_FEATURES_COMMAND (command), 0),
                          FALSE);
  g_object_unref (command);
  muster_feature_free (feature);
}

void
_muster_map_view_add_shape (MusterMapView *self)
{
  MusterBox box = muster_box_from_points (self->drag_start, self->drag_now);
  MusterFeature *piece;

  if (box.x1 - box.x0 < 5 || box.y1 - box.y0 < 5)
    return;
  piece = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  piece->type = g_strdup (self->terrain_type ? self->terrain_type : "woods");
  piece->outline = self->tool == MUSTER_MAP_TOOL_ELLIPSE ? MUSTER_OUTLINE_ELLIPSE
                                                         : MUSTER_OUTLINE_RECTANGLE;
  piece->centre = muster_box_centre (box);
  piece->width = box.x1 - box.x0;
  piece->height = box.y1 - box.y0;
  add_feature (self, piece, _("Add Terrain"));
}

/* Ends a polygon, polyline or zone being drawn point by point. */
void
muster_map_view_finish_outline (MusterMapView *self)
{
  gboolean line = self->tool == MUSTER_MAP_TOOL_POLYLINE;
  MusterFeature *feature;

  if (self->outline->len < (line ? 2u : 3u))
    {
      g_array_set_size (self->outline, 0);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (self->tool == MUSTER_MAP_TOOL_ZONE)
    {
      feature = muster_feature_new (MUSTER_FEATURE_ZONE);
      feature->side = g_strdup (self->zone_side);
    }
  else
    {
      feature = muster_feature_new (MUSTER_FEATURE_TERRAIN);
      feature->type = g_strdup (self->terrain_type ? self->terrain_type : "woods");
      feature->outline = line ? MUSTER_OUTLINE_POLYLINE : MUSTER_OUTLINE_POLYGON;
      feature->line_width = 40;
    }
  muster_feature_set_points (feature, (MusterPoint *) self->outline->data, self->outline->len);
  g_array_set_size (self->outline, 0);
  add_feature (self, feature, self->tool == MUSTER_MAP_TOOL_ZONE ? _("Add Deployment Zone")
                                                                : _("Add Terrain"));
}

void
_muster_map_view_add_objective (MusterMapView *self,
                                MusterPoint    p)
{
  MusterBattlefield *field = get_battlefield (self);
  MusterFeature *objective = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);
  int number = 0;

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (f->kind == MUSTER_FEATURE_OBJECTIVE)
        number = MAX (number, f->number);
    }
  objective->number = number + 1;
  objective->centre = p;
  add_feature (self, objective, _("Add Objective"));
}

/* Measuring: between two units, the nearest edges and the line of sight; else point to point. */
void
_muster_map_view_measure (MusterMapView *self)
{
  MusterBattlefield *field = get_battlefield (self);
  double tolerance = HIT_PX / muster_viewport_get_zoom (self->viewport);
  const MusterFeature *a = muster_battlefield_hit (field, self->drag_start, tolerance,
                                                   self->show_umpire);
  const MusterFeature *b = muster_battlefield_hit (field, self->drag_now, tolerance,
                                                   self->show_umpire);
  g_autofree char *length = NULL;

  self->has_measure = TRUE;
  self->measure_blocked = FALSE;
  g_clear_pointer (&self->measure_blocker, g_free);
  self->measure = (MusterSegment) { self->drag_start, self->drag_now };
  g_clear_pointer (&self->measure_text, g_free);
  if (a && b && a != b && a->kind == MUSTER_FEATURE_UNIT && b->kind == MUSTER_FEATURE_UNIT)
    {
      const MusterFeature *blocker = NULL;
      const char *a_id = a->id, *b_id = b->id;

      self->measure = (MusterSegment) { a->centre, b->centre };
      length = muster_map_format_length (field, muster_battlefield_distance (field, a_id, b_id));
      if (self->tool == MUSTER_MAP_TOOL_SIGHT &&
          !muster_battlefield_line_of_sight (field, self->types, a_id, b_id, &blocker))
        {
          const MusterTerrainType *type = muster_terrain_types_lookup (self->types, blocker->type);

          self->measure_blocked = TRUE;
          self->measure_blocker = g_strdup (blocker->id);
          self->measure_text = g_strdup_printf (_("%s — no line of sight: %s"), length,
                                                blocker->name ? blocker->name
                                                : type ? muster_ruleset_text (type->name)
                                                : blocker->type);
        }
      else if (self->tool == MUSTER_MAP_TOOL_SIGHT)
        self->measure_text = g_strdup_printf (_("%s — in sight"), length);
      else
        self->measure_text = g_strdup_printf (_("%s edge to edge"), length);
    }
  else
    self->measure_text = muster_map_format_length (field, muster_point_distance (self->drag_start,
                                                                                  self->drag_now));
  _muster_map_view_measured (self);
}

/* Drops the measure and its words (the status bar shows them until told otherwise). */
void
_muster_map_view_clear_measure (MusterMapView *self)
{
  if (!self->has_measure && self->measure_text == NULL)
    return;
  self->has_measure = FALSE;
  self->measure_blocked = FALSE;
  g_clear_pointer (&self->measure_blocker, g_free);
  g_clear_pointer (&self->measure_text, g_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _muster_map_view_measured (self);
}

const char *
muster_map_view_get_measure_text (MusterMapView *self)
{
  return self->measure_text;
}

/* Returns: (nullable): the id of the feature that blocks the line of sight measured */
const char *
muster_map_view_get_sight_blocker (MusterMapView *self)
{
  return self->measure_blocker;
}

/**
 * muster_map_view_place_unit:
 * @self: a map view
 * @unit_id: a unit of a force of the document, not yet on the table
 * @widget_x: where, in widget pixels
 * @widget_y: where
 *
 * Places the unit as muster_unit_placement_new() lays it out: in a line facing the enemy.
 *
 * Returns: %TRUE if placed
 */
gboolean
muster_map_view_place_unit (MusterMapView *self,
                            const char    *unit_id,
                            double         widget_x,
                            double         widget_y)
{
  MusterBattlefield *field = get_battlefield (self);
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  MusterUnit *unit = doc ? muster_doc_lookup_unit (doc, unit_id) : NULL;
  MusterFeature *placement;

  if (field == NULL || unit == NULL || muster_battlefield_lookup_unit (field, unit_id) != NULL)
    return FALSE;
  placement = muster_unit_placement_new (doc, self->types, field, unit,
                                         to_table (self, widget_x, widget_y));
  add_feature (self, placement, _("Place Unit"));
  return TRUE;
}
