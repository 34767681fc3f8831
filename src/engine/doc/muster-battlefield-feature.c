/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-battlefield"

#include "config.h"

#include <libxml/tree.h>

#include "muster-battlefield.h"

/*
 * A feature is a plain value: made, copied and freed here, with its outline's vertices, shape,
 * bounds and footprint, and who may see it. Its element is the battlefield's business.
 */

/* Features */

MusterFeature *
muster_feature_new (MusterFeatureKind kind)
{
  MusterFeature *feature = g_new0 (MusterFeature, 1);

  feature->kind = kind;
  switch (kind)
    {
    case MUSTER_FEATURE_ZONE:
      feature->outline = MUSTER_OUTLINE_POLYGON;
      break;
    case MUSTER_FEATURE_OBJECTIVE:
      feature->outline = MUSTER_OUTLINE_POINT;
      feature->type = g_strdup ("objective");
      break;
    case MUSTER_FEATURE_UNIT:
      feature->outline = MUSTER_OUTLINE_POINT;
      feature->formation = MUSTER_FORMATION_LINE;
      feature->stands = 1;
      feature->base_width = feature->base_depth = 40;
      break;
    case MUSTER_FEATURE_TERRAIN:
    default:
      feature->outline = MUSTER_OUTLINE_RECTANGLE;
      break;
    }
  return feature;
}

MusterFeature *
muster_feature_copy (const MusterFeature *feature)
{
  MusterFeature *copy = g_memdup2 (feature, sizeof *feature);

  copy->id = g_strdup (feature->id);
  copy->type = g_strdup (feature->type);
  copy->name = g_strdup (feature->name);
  copy->side = g_strdup (feature->side);
  copy->unit = g_strdup (feature->unit);
  copy->layer = g_strdup (feature->layer);
  copy->points = NULL;
  if (feature->points != NULL)
    muster_feature_set_points (copy, (MusterPoint *) feature->points->data, feature->points->len);
  copy->xml = NULL;   /* a copy is a value: the element stays with the original */
  return copy;
}

void
muster_feature_free (MusterFeature *feature)
{
  if (feature == NULL)
    return;
  g_free (feature->id);
  g_free (feature->type);
  g_free (feature->name);
  g_free (feature->side);
  g_free (feature->unit);
  g_free (feature->layer);
  g_clear_pointer (&feature->points, g_array_unref);
  if (feature->xml != NULL)
    xmlFreeNode (feature->xml);
  g_free (feature);
}

void
muster_feature_set_points (MusterFeature     *feature,
                           const MusterPoint *points,
                           guint              n_points)
{
  g_clear_pointer (&feature->points, g_array_unref);
  feature->points = g_array_sized_new (FALSE, FALSE, sizeof (MusterPoint), n_points);
  g_array_append_vals (feature->points, points, n_points);
}

static const MusterPoint *
feature_points (const MusterFeature *feature,
                guint               *n_points)
{
  *n_points = feature->points ? feature->points->len : 0;
  return feature->points ? (const MusterPoint *) feature->points->data : NULL;
}

/* Vertex editing: polygons (terrain and zones) keep at least 3 vertices, polylines 2. */

static guint
min_vertices (const MusterFeature *feature)
{
  return feature->outline == MUSTER_OUTLINE_POLYLINE ? 2 : 3;
}

/* Returns: whether @feature's outline is its vertices: a polygon or polyline piece, or a zone */
gboolean
muster_feature_has_vertices (const MusterFeature *feature)
{
  return (feature->kind == MUSTER_FEATURE_TERRAIN || feature->kind == MUSTER_FEATURE_ZONE) &&
         (feature->outline == MUSTER_OUTLINE_POLYGON || feature->outline == MUSTER_OUTLINE_POLYLINE) &&
         feature->points != NULL;
}

/* Returns: the index of the vertex within @tolerance of @p (the nearest), or -1 */
int
muster_feature_hit_vertex (const MusterFeature *feature,
                           MusterPoint          p,
                           double               tolerance)
{
  int best = -1;
  double best_distance = tolerance;

  for (guint i = 0; muster_feature_has_vertices (feature) && i < feature->points->len; i++)
    {
      double d = muster_point_distance (g_array_index (feature->points, MusterPoint, i), p);

      if (d <= best_distance)
        {
          best = i;
          best_distance = d;
        }
    }
  return best;
}

/* Returns: the index of the vertex that starts the edge within @tolerance of @p (the nearest;
 *   a polygon's last edge closes it back to vertex 0), or -1 */
int
muster_feature_hit_edge (const MusterFeature *feature,
                         MusterPoint          p,
                         double               tolerance)
{
  guint n = muster_feature_has_vertices (feature) ? feature->points->len : 0;
  guint edges = feature->outline == MUSTER_OUTLINE_POLYLINE ? n - 1 : n;
  int best = -1;
  double best_distance = tolerance;

  for (guint i = 0; n >= 2 && i < edges; i++)
    {
      MusterSegment edge = { g_array_index (feature->points, MusterPoint, i),
                             g_array_index (feature->points, MusterPoint, (i + 1) % n) };
      double d = muster_segment_distance_to_point (edge, p);

      if (d <= best_distance)
        {
          best = i;
          best_distance = d;
        }
    }
  return best;
}

/* Returns: whether vertex @index existed and now stands at @p */
gboolean
muster_feature_move_vertex (MusterFeature *feature,
                            guint          index,
                            MusterPoint    p)
{
  if (!muster_feature_has_vertices (feature) || index >= feature->points->len)
    return FALSE;
  g_array_index (feature->points, MusterPoint, index) = p;
  return TRUE;
}

/* Puts @p in as vertex @index (the ones from @index on move up one). Returns: whether it could */
gboolean
muster_feature_insert_vertex (MusterFeature *feature,
                              guint          index,
                              MusterPoint    p)
{
  if (!muster_feature_has_vertices (feature) || index > feature->points->len)
    return FALSE;
  g_array_insert_val (feature->points, index, p);
  return TRUE;
}

/* Takes vertex @index out. Returns: whether it could: never below a polygon's 3 or a polyline's
 * 2 vertices */
gboolean
muster_feature_delete_vertex (MusterFeature *feature,
                              guint          index)
{
  if (!muster_feature_has_vertices (feature) || index >= feature->points->len ||
      feature->points->len <= min_vertices (feature))
    return FALSE;
  g_array_remove_index (feature->points, index);
  return TRUE;
}

/**
 * muster_feature_get_shape:
 * @feature: a terrain piece or zone (points for the rest)
 * @scratch: room for a rectangle's corners; the shape may point into it
 *
 * Returns: a view of the feature's outline, valid while @feature and @scratch live
 */
MusterShape
muster_feature_get_shape (const MusterFeature *feature,
                          MusterPoint          scratch[4])
{
  const MusterPoint *points;
  guint n_points;

  switch (feature->outline)
    {
    case MUSTER_OUTLINE_RECTANGLE:
      {
        MusterRect rect = { feature->centre, feature->width, feature->height, feature->rotation };

        muster_rect_to_polygon (&rect, scratch);
        return muster_shape_polygon (scratch, 4);
      }
    case MUSTER_OUTLINE_ELLIPSE:
      {
        MusterEllipse ellipse = { feature->centre, feature->width / 2, feature->height / 2,
                                  feature->rotation };

        return muster_shape_ellipse (&ellipse);
      }
    case MUSTER_OUTLINE_POLYLINE:
      points = feature_points (feature, &n_points);
      return muster_shape_polyline (points, n_points, feature->line_width);
    case MUSTER_OUTLINE_POINT:
      scratch[0] = feature->centre;
      return muster_shape_polygon (scratch, 1);
    case MUSTER_OUTLINE_POLYGON:
    default:
      points = feature_points (feature, &n_points);
      return muster_shape_polygon (points, n_points);
    }
}

/**
 * muster_feature_get_footprint:
 * @feature: a placement
 *
 * Returns: (transfer full): the unit's footprint: its stands laid out in its formation
 */
MusterFootprint *
muster_feature_get_footprint (const MusterFeature *feature)
{
  MusterFootprintSpec spec = {
    .formation = feature->formation,
    .n_stands = MAX (feature->stands, 1),
    .base_width = feature->base_width > 0 ? feature->base_width : 40,
    .base_depth = feature->base_depth > 0 ? feature->base_depth : 20,
    .files = feature->files,
    .centre = feature->centre,
    .facing = feature->rotation,
  };

  return muster_footprint_new (&spec);
}

/* Returns: whether @feature is on the umpire's layer, hidden from the other side */
gboolean
muster_feature_is_hidden (const MusterFeature *feature)
{
  g_return_val_if_fail (feature != NULL, FALSE);

  return g_strcmp0 (feature->layer, MUSTER_LAYER_UMPIRE) == 0;
}

/**
 * muster_feature_is_visible_to:
 * @feature: a feature
 * @owner: (nullable): the side @feature belongs to (a placement's side comes from its force,
 *   see muster_doc_get_feature_side()); NULL for @feature's own side
 * @audience: who looks
 *
 * Returns: whether @audience may see @feature
 */
gboolean
muster_feature_is_visible_to (const MusterFeature  *feature,
                              const char           *owner,
                              const MusterAudience *audience)
{
  g_return_val_if_fail (feature != NULL && audience != NULL, FALSE);

  if (audience->umpire || !muster_feature_is_hidden (feature))
    return TRUE;
  if (owner == NULL)
    owner = feature->side;
  return owner != NULL && audience->side != NULL && g_strcmp0 (owner, audience->side) == 0;
}

MusterBox
muster_feature_get_bounds (const MusterFeature *feature)
{
  MusterPoint scratch[4];
  MusterShape shape;

  if (feature->kind == MUSTER_FEATURE_UNIT)
    {
      g_autoptr(MusterFootprint) footprint = muster_feature_get_footprint (feature);

      return muster_footprint_get_bounds (footprint);
    }
  if (feature->kind == MUSTER_FEATURE_OBJECTIVE)
    return muster_box_inflate (muster_box_from_points (feature->centre, feature->centre), 20);
  shape = muster_feature_get_shape (feature, scratch);
  return muster_shape_bounds (&shape);
}

void
muster_feature_translate (MusterFeature *feature,
                          MusterVector   delta)
{
  feature->centre = muster_point_add (feature->centre, delta);
  for (guint i = 0; feature->points && i < feature->points->len; i++)
    {
      MusterPoint *p = &g_array_index (feature->points, MusterPoint, i);

      *p = muster_point_add (*p, delta);
    }
}

/* Turns the feature by @angle about @pivot (its outline and its facing). */
void
muster_feature_rotate (MusterFeature *feature,
                       MusterPoint    pivot,
                       double         angle)
{
  MusterAffine turn = muster_affine_multiply (&(MusterAffine) { 1, 0, 0, 1, -pivot.x, -pivot.y },
                                              &(MusterAffine) { cos (angle), sin (angle),
                                                                -sin (angle), cos (angle),
                                                                0, 0 });

  turn.x0 += pivot.x;
  turn.y0 += pivot.y;
  feature->centre = muster_affine_apply (&turn, feature->centre);
  for (guint i = 0; feature->points && i < feature->points->len; i++)
    {
      MusterPoint *p = &g_array_index (feature->points, MusterPoint, i);

      *p = muster_affine_apply (&turn, *p);
    }
  feature->rotation = muster_angle_normalize (feature->rotation + angle);
}
