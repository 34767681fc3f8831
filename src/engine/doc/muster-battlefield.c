/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-battlefield"

#include "config.h"

#include "muster-army-private.h"
#include "muster-battlefield.h"
#include "muster-engine-error.h"
#include "muster-spatial.h"
#include "muster-xml.h"

/*
 * The <battlefield> element is the storage: each feature keeps its element, and an edit rewrites
 * the attributes and <point> children Muster knows, leaving the rest alone. A removed feature
 * takes its element with it, so undoing the removal brings back what Muster did not know too.
 *
 * The spatial index is keyed by position in the feature list and rebuilt on the first query
 * after an edit: edits come one per gesture, queries many per frame.
 *
 * Revisions let a painter keep what it drew: every edit takes a new one, a stored feature
 * carries that of its last edit, and each kind that of the last insertion or removal of one of
 * its features (or of a change to the table, which every kind is drawn on).
 */
struct _MusterBattlefield
{
  xmlNode       *xml;        /* owned while the battlefield is not in a document tree */
  gboolean       owns_xml;
  double         width, height, grid;
  char          *units;
  GPtrArray     *features;   /* MusterFeature */
  MusterSpatial *spatial;    /* nullable: stale */
  guint64        revision;
  guint64        kind_revision[MUSTER_FEATURE_UNIT + 1];
};

/* Revisions are counted across every battlefield of the process, so a battlefield freed and
 * another allocated at its address never look unchanged to a painter's cache. */
G_LOCK_DEFINE_STATIC (revisions);
static guint64 last_revision;

static guint64
bump (MusterBattlefield *self)
{
  G_LOCK (revisions);
  self->revision = ++last_revision;
  G_UNLOCK (revisions);
  return self->revision;
}

static const char * const kind_elements[] = { "terrain", "zone", "objective", "placement" };
static const char kind_prefixes[] = { 't', 'z', 'o', 'p' };
static const char * const outline_names[] = { "polygon", "rectangle", "ellipse", "polyline",
                                               "point" };
static const char * const formation_names[] = { "line", "column", "square", "wedge",
                                                 "skirmish", "single" };
static const char * const scenario_elements[] = { "title", "period", "umpire-notes",
                                                  "victory" };

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

/* XML */

static void
set_double (xmlNode    *node,
            const char *name,
            double      value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* Tenths of a millimetre are plenty on a table, and keep files readable. */
  g_ascii_formatd (buffer, sizeof buffer, "%.6g", round (value * 1e4) / 1e4);
  muster_xml_set_prop (node, name, buffer);
}

static void
set_int (xmlNode    *node,
         const char *name,
         gint64      value,
         gboolean    present)
{
  g_autofree char *text = present ? g_strdup_printf ("%" G_GINT64_FORMAT, value) : NULL;

  muster_xml_set_prop (node, name, text);
}

static gboolean
get_double (xmlNode     *node,
            const char  *name,
            double       fallback,
            double      *value,
            const char  *file,
            GError     **error)
{
  g_autofree char *text = muster_xml_get_prop (node, name);
  char *end = NULL;

  *value = fallback;
  if (text == NULL)
    return TRUE;
  *value = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (*value))
    return doc_fail (error, file, node, "“%s” is not a number (attribute %s)", text, name);
  return TRUE;
}

static int
lookup_name (const char * const *names,
             guint               n_names,
             const char         *name)
{
  for (guint i = 0; i < n_names; i++)
    if (g_strcmp0 (names[i], name) == 0)
      return i;
  return -1;
}

static void
write_feature (MusterFeature *feature)
{
  xmlNode *node = feature->xml;
  xmlNode *child;
  gboolean point = feature->outline == MUSTER_OUTLINE_POINT;
  gboolean sized = feature->outline == MUSTER_OUTLINE_RECTANGLE ||
                   feature->outline == MUSTER_OUTLINE_ELLIPSE;
  gboolean listed = feature->outline == MUSTER_OUTLINE_POLYGON ||
                    feature->outline == MUSTER_OUTLINE_POLYLINE;
  gboolean unit = feature->kind == MUSTER_FEATURE_UNIT;

  muster_xml_set_prop (node, "id", feature->id);
  muster_xml_set_prop (node, "type", feature->type);
  muster_xml_set_prop (node, "name", feature->name);
  muster_xml_set_prop (node, "side", feature->side);
  muster_xml_set_prop (node, "unit", feature->unit);
  muster_xml_set_prop (node, "layer", feature->layer);
  muster_xml_set_prop (node, "shape", feature->kind == MUSTER_FEATURE_TERRAIN
                                      ? outline_names[feature->outline] : NULL);
  if (point || sized)
    {
      set_double (node, "x", feature->centre.x);
      set_double (node, "y", feature->centre.y);
    }
  else
    {
      muster_xml_set_prop (node, "x", NULL);
      muster_xml_set_prop (node, "y", NULL);
    }
  if (sized)
    {
      set_double (node, "width", feature->width);
      set_double (node, "height", feature->height);
    }
  else
    {
      muster_xml_set_prop (node, "width", NULL);
      muster_xml_set_prop (node, "height", NULL);
    }
  if (feature->outline == MUSTER_OUTLINE_POLYLINE)
    set_double (node, "line-width", feature->line_width);
  else
    muster_xml_set_prop (node, "line-width", NULL);
  if (sized || unit)
    set_double (node, unit ? "facing" : "rotation", muster_angle_to_degrees (feature->rotation));
  set_int (node, "number", feature->number, feature->kind == MUSTER_FEATURE_OBJECTIVE);
  set_int (node, "value", feature->value, feature->kind == MUSTER_FEATURE_OBJECTIVE &&
                                           feature->value != 0);
  muster_xml_set_prop (node, "formation", unit ? formation_names[feature->formation] : NULL);
  set_int (node, "stands", feature->stands, unit);
  set_int (node, "files", feature->files, unit && feature->files > 0);
  if (unit)
    {
      set_double (node, "base-width", feature->base_width);
      set_double (node, "base-depth", feature->base_depth);
    }

  child = node->children;
  while (child != NULL)
    {
      xmlNode *next = child->next;

      if (muster_xml_is_element (child, "point"))
        {
          xmlUnlinkNode (child);
          xmlFreeNode (child);
        }
      child = next;
    }
  for (guint i = 0; listed && feature->points && i < feature->points->len; i++)
    {
      MusterPoint p = g_array_index (feature->points, MusterPoint, i);
      xmlNode *pt = xmlNewChild (node, NULL, (const xmlChar *) "point", NULL);

      set_double (pt, "x", p.x);
      set_double (pt, "y", p.y);
    }
}

static MusterFeature *
read_feature (xmlNode     *node,
              const char  *file,
              GError     **error)
{
  g_autoptr(MusterFeature) feature = NULL;
  g_autofree char *shape = NULL;
  g_autofree char *formation = NULL;
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (MusterPoint));
  double degrees, number;
  int kind = -1;

  for (guint i = 0; i < G_N_ELEMENTS (kind_elements); i++)
    if (muster_xml_is_element (node, kind_elements[i]))
      kind = i;
  if (kind < 0)
    return NULL;

  feature = muster_feature_new (kind);
  g_clear_pointer (&feature->type, g_free);
  feature->id = muster_xml_get_prop (node, "id");
  feature->type = muster_xml_get_prop (node, "type");
  feature->name = muster_xml_get_prop (node, "name");
  feature->side = muster_xml_get_prop (node, "side");
  feature->unit = muster_xml_get_prop (node, "unit");
  feature->layer = muster_xml_get_prop (node, "layer");
  if (kind == MUSTER_FEATURE_OBJECTIVE && feature->type == NULL)
    feature->type = g_strdup ("objective");
  if (kind == MUSTER_FEATURE_TERRAIN)
    {
      int outline;

      shape = muster_xml_get_prop (node, "shape");
      outline = lookup_name (outline_names, MUSTER_OUTLINE_POINT, shape ? shape : "polygon");
      if (outline < 0)
        {
          doc_fail (error, file, node, "unknown terrain shape “%s”", shape);
          return NULL;
        }
      feature->outline = outline;
      if (feature->type == NULL)
        {
          doc_fail (error, file, node, "a terrain piece has no type");
          return NULL;
        }
    }
  if (kind == MUSTER_FEATURE_UNIT)
    {
      int f;

      formation = muster_xml_get_prop (node, "formation");
      f = lookup_name (formation_names, G_N_ELEMENTS (formation_names),
                       formation ? formation : "line");
      if (f < 0)
        {
          doc_fail (error, file, node, "unknown formation “%s”", formation);
          return NULL;
        }
      feature->formation = f;
      if (feature->unit == NULL)
        {
          doc_fail (error, file, node, "a placement names no unit");
          return NULL;
        }
    }

  if (!get_double (node, "x", 0, &feature->centre.x, file, error) ||
      !get_double (node, "y", 0, &feature->centre.y, file, error) ||
      !get_double (node, "width", 0, &feature->width, file, error) ||
      !get_double (node, "height", 0, &feature->height, file, error) ||
      !get_double (node, "line-width", 0, &feature->line_width, file, error) ||
      !get_double (node, kind == MUSTER_FEATURE_UNIT ? "facing" : "rotation", 0, &degrees,
                   file, error) ||
      !get_double (node, "base-width", feature->base_width, &feature->base_width, file, error) ||
      !get_double (node, "base-depth", feature->base_depth, &feature->base_depth, file, error))
    return NULL;
  feature->rotation = muster_angle_normalize (muster_angle_from_degrees (degrees));
  if (!get_double (node, "number", 0, &number, file, error))
    return NULL;
  feature->number = CLAMP (number, 0, 9999);
  if (!get_double (node, "value", 0, &number, file, error))
    return NULL;
  feature->value = CLAMP (number, -9999, 9999);
  if (!get_double (node, "stands", feature->stands, &number, file, error))
    return NULL;
  feature->stands = CLAMP (number, 1, 1000);
  if (!get_double (node, "files", 0, &number, file, error))
    return NULL;
  feature->files = CLAMP (number, 0, 1000);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      MusterPoint p;

      if (!muster_xml_is_element (child, "point"))
        continue;
      if (!get_double (child, "x", 0, &p.x, file, error) ||
          !get_double (child, "y", 0, &p.y, file, error))
        return NULL;
      g_array_append_val (points, p);
    }
  if (points->len > 0)
    feature->points = g_steal_pointer (&points);
  feature->xml = node;
  return g_steal_pointer (&feature);
}

/* The battlefield */

static MusterBattlefield *
battlefield_alloc (void)
{
  MusterBattlefield *self = g_new0 (MusterBattlefield, 1);

  self->features = g_ptr_array_new ();
  bump (self);
  for (guint k = 0; k < G_N_ELEMENTS (self->kind_revision); k++)
    self->kind_revision[k] = self->revision;
  return self;
}

static void
write_table (MusterBattlefield *self)
{
  set_double (self->xml, "width", self->width);
  set_double (self->xml, "height", self->height);
  muster_xml_set_prop (self->xml, "units", self->units);
  if (self->grid > 0)
    set_double (self->xml, "grid", self->grid);
  else
    muster_xml_set_prop (self->xml, "grid", NULL);
}

/**
 * muster_battlefield_new:
 * @width: table width, mm
 * @height: table depth, mm
 * @units: "in" or "cm": how lengths are shown
 *
 * Returns: (transfer full): an empty table, not yet in a document
 */
/* The grid a new table gets: a foot, or 10 cm on a table in centimetres. Returns: mm */
double
muster_battlefield_default_grid (const char *units)
{
  return g_strcmp0 (units, "cm") == 0 ? 100 : muster_mm_from_inches (12);
}

MusterBattlefield *
muster_battlefield_new (double      width,
                        double      height,
                        const char *units)
{
  MusterBattlefield *self = battlefield_alloc ();

  self->xml = xmlNewNode (NULL, (const xmlChar *) "battlefield");
  self->owns_xml = TRUE;
  self->width = width;
  self->height = height;
  self->units = g_strdup (units ? units : "in");
  write_table (self);
  return self;
}

static void
take_feature (MusterBattlefield *self,
              MusterFeature     *feature)
{
  /* While attached the tree owns the element; the feature only points at it. */
  feature->revision = self->revision;
  g_ptr_array_add (self->features, feature);
}

MusterBattlefield *
_muster_battlefield_new_from_xml (gpointer     element,
                                  const char  *file,
                                  GError     **error)
{
  g_autoptr(MusterBattlefield) self = battlefield_alloc ();
  xmlNode *node = element;
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  self->xml = node;
  muster_xml_strip_blanks (node);
  if (!get_double (node, "width", 1828.8, &self->width, file, error) ||
      !get_double (node, "height", 1219.2, &self->height, file, error) ||
      !get_double (node, "grid", 0, &self->grid, file, error))
    return NULL;
  if (self->width <= 0 || self->height <= 0)
    {
      doc_fail (error, file, node, "the table has no area");
      return NULL;
    }
  self->units = muster_xml_get_prop (node, "units");
  if (self->units == NULL)
    self->units = g_strdup ("in");

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      GError *local = NULL;
      MusterFeature *feature = read_feature (child, file, &local);

      if (local != NULL)
        {
          g_propagate_error (error, local);
          return NULL;
        }
      if (feature == NULL)
        continue;
      if (feature->id != NULL && !g_hash_table_add (ids, feature->id))
        {
          doc_fail (error, file, child, "the id “%s” is used twice", feature->id);
          feature->xml = NULL;
          muster_feature_free (feature);
          return NULL;
        }
      take_feature (self, feature);
    }
  /* Features written by hand may lack ids: give them one. */
  for (guint i = 0; i < self->features->len; i++)
    {
      MusterFeature *feature = self->features->pdata[i];

      if (feature->id == NULL)
        {
          guint n = i + 1;

          do
            {
              g_free (feature->id);
              feature->id = g_strdup_printf ("%c%u", kind_prefixes[feature->kind], n++);
            }
          while (muster_battlefield_lookup (self, feature->id) != feature);
          muster_xml_set_prop (feature->xml, "id", feature->id);
        }
    }
  return g_steal_pointer (&self);
}

gpointer
_muster_battlefield_get_xml (MusterBattlefield *self)
{
  return self->xml;
}

/* Called by the document when it adopts the element into its tree or lets it go. */
void
_muster_battlefield_set_owned (MusterBattlefield *self,
                               gboolean           owned)
{
  self->owns_xml = owned;
}

void
muster_battlefield_free (MusterBattlefield *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->features->len; i++)
    {
      MusterFeature *feature = self->features->pdata[i];

      feature->xml = NULL;   /* the tree's */
      muster_feature_free (feature);
    }
  g_ptr_array_unref (self->features);
  g_clear_pointer (&self->spatial, muster_spatial_free);
  if (self->owns_xml)
    xmlFreeNode (self->xml);
  g_free (self->units);
  g_free (self);
}

double
muster_battlefield_get_width (const MusterBattlefield *self)
{
  return self->width;
}

double
muster_battlefield_get_height (const MusterBattlefield *self)
{
  return self->height;
}

const char *
muster_battlefield_get_units (const MusterBattlefield *self)
{
  return self->units;
}

/* Returns: the grid spacing in mm, 0 for none */
double
muster_battlefield_get_grid (const MusterBattlefield *self)
{
  return self->grid;
}

void
muster_battlefield_set_table (MusterBattlefield *self,
                              double             width,
                              double             height,
                              const char        *units,
                              double             grid)
{
  g_return_if_fail (width > 0 && height > 0);

  self->width = width;
  self->height = height;
  g_free (self->units);
  self->units = g_strdup (units ? units : "in");
  self->grid = MAX (grid, 0);
  write_table (self);
  bump (self);
  for (guint k = 0; k < G_N_ELEMENTS (self->kind_revision); k++)
    self->kind_revision[k] = self->revision;
}

/* Returns: a count that grows with every edit of the table or its features */
guint64
muster_battlefield_get_revision (const MusterBattlefield *self)
{
  return self->revision;
}

/* Returns: the revision at which a feature of @kind was last inserted or removed, or the table
 *   changed; with the features' own revisions, it tells whether anything of @kind changed */
guint64
muster_battlefield_get_kind_revision (const MusterBattlefield *self,
                                      MusterFeatureKind        kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (self->kind_revision), 0);
  return self->kind_revision[kind];
}

MusterBox
muster_battlefield_get_table_box (const MusterBattlefield *self)
{
  return (MusterBox) { 0, 0, self->width, self->height };
}

guint
muster_battlefield_get_n_features (const MusterBattlefield *self)
{
  return self->features->len;
}

const MusterFeature *
muster_battlefield_get_feature (const MusterBattlefield *self,
                                guint                    index)
{
  g_return_val_if_fail (index < self->features->len, NULL);
  return self->features->pdata[index];
}

int
muster_battlefield_index_of (const MusterBattlefield *self,
                             const char              *id)
{
  for (guint i = 0; id != NULL && i < self->features->len; i++)
    if (g_str_equal (((MusterFeature *) self->features->pdata[i])->id, id))
      return i;
  return -1;
}

/* Returns: (nullable) (transfer none): the feature with @id */
const MusterFeature *
muster_battlefield_lookup (const MusterBattlefield *self,
                           const char              *id)
{
  int index = muster_battlefield_index_of (self, id);

  return index < 0 ? NULL : self->features->pdata[index];
}

/* Returns: (nullable) (transfer none): where the unit @unit_id stands, if it is placed */
const MusterFeature *
muster_battlefield_lookup_unit (const MusterBattlefield *self,
                                const char              *unit_id)
{
  for (guint i = 0; unit_id != NULL && i < self->features->len; i++)
    {
      MusterFeature *feature = self->features->pdata[i];

      if (feature->kind == MUSTER_FEATURE_UNIT && g_strcmp0 (feature->unit, unit_id) == 0)
        return feature;
    }
  return NULL;
}

static xmlNode *
scenario_node (MusterBattlefield *self,
               gboolean           create)
{
  xmlNode *node = muster_xml_first_child (self->xml, "scenario");

  if (node == NULL && create)
    node = xmlNewChild (self->xml, NULL, (const xmlChar *) "scenario", NULL);
  return node;
}

/**
 * muster_battlefield_insert:
 * @self: a battlefield
 * @index: where in the z-order; -1 for the top
 * @feature: (transfer full): a feature, as made or as removed
 *
 * A feature without an id, or with one in use, gets a new one.
 *
 * Returns: (transfer none): the feature's id
 */
char *
muster_battlefield_insert (MusterBattlefield *self,
                           int                index,
                           MusterFeature     *feature)
{
  xmlNode *before = NULL;

  if (index < 0 || (guint) index > self->features->len)
    index = self->features->len;
  if (feature->id == NULL || muster_battlefield_lookup (self, feature->id) != NULL)
    {
      guint n = self->features->len + 1;

      do
        {
          g_free (feature->id);
          feature->id = g_strdup_printf ("%c%u", kind_prefixes[feature->kind], n++);
        }
      while (muster_battlefield_lookup (self, feature->id) != NULL);
    }
  if (feature->xml == NULL)
    feature->xml = xmlNewNode (NULL, (const xmlChar *) kind_elements[feature->kind]);
  write_feature (feature);

  if ((guint) index < self->features->len)
    before = ((MusterFeature *) self->features->pdata[index])->xml;
  if (before != NULL)
    xmlAddPrevSibling (before, feature->xml);
  else if (scenario_node (self, FALSE) != NULL)
    xmlAddPrevSibling (scenario_node (self, FALSE), feature->xml);
  else
    xmlAddChild (self->xml, feature->xml);
  g_ptr_array_insert (self->features, index, feature);
  g_clear_pointer (&self->spatial, muster_spatial_free);
  feature->revision = bump (self);
  self->kind_revision[feature->kind] = self->revision;
  return feature->id;
}

/**
 * muster_battlefield_remove:
 * @self: a battlefield
 * @id: a feature's id
 * @index: (out) (optional): where it was, to insert it back there
 *
 * Returns: (transfer full) (nullable): the feature, with its element, for
 *   muster_battlefield_insert() to put back
 */
MusterFeature *
muster_battlefield_remove (MusterBattlefield *self,
                           const char        *id,
                           int               *index)
{
  int at = muster_battlefield_index_of (self, id);
  MusterFeature *feature;

  if (index != NULL)
    *index = at;
  if (at < 0)
    return NULL;
  feature = g_ptr_array_steal_index (self->features, at);
  muster_xml_detach (feature->xml);
  g_clear_pointer (&self->spatial, muster_spatial_free);
  self->kind_revision[feature->kind] = bump (self);
  return feature;
}

/**
 * muster_battlefield_replace:
 * @self: a battlefield
 * @feature: the new value of the feature with the same id
 *
 * Moves, reshapes, renames… anything but the kind.
 *
 * Returns: (transfer full) (nullable): the old value, to replace back with
 */
MusterFeature *
muster_battlefield_replace (MusterBattlefield   *self,
                            const MusterFeature *feature)
{
  int at = muster_battlefield_index_of (self, feature->id);
  MusterFeature *old, *now;

  if (at < 0)
    return NULL;
  old = self->features->pdata[at];
  g_return_val_if_fail (old->kind == feature->kind, NULL);

  now = muster_feature_copy (feature);
  now->xml = old->xml;
  old->xml = NULL;
  write_feature (now);
  self->features->pdata[at] = now;
  g_clear_pointer (&self->spatial, muster_spatial_free);
  now->revision = bump (self);
  return old;
}

static MusterSpatial *
get_spatial (MusterBattlefield *self)
{
  if (self->spatial == NULL)
    {
      self->spatial = muster_spatial_new (MUSTER_SPATIAL_DEFAULT_CELL * 2);
      for (guint i = 0; i < self->features->len; i++)
        muster_spatial_insert (self->spatial, i,
                               muster_feature_get_bounds (self->features->pdata[i]));
    }
  return self->spatial;
}

/**
 * muster_battlefield_query_box:
 * @self: a battlefield
 * @box: a region of the table
 * @features: (element-type MusterFeature): receives the features whose bounds meet @box, in
 *   z-order (bottom first); borrowed
 *
 * Returns: how many were added
 */
guint
muster_battlefield_query_box (MusterBattlefield *self,
                              MusterBox          box,
                              GPtrArray         *features)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));

  muster_spatial_query_box (get_spatial (self), box, ids);
  for (guint i = 0; i < ids->len; i++)
    g_ptr_array_add (features, self->features->pdata[g_array_index (ids, guint, i)]);
  return ids->len;
}

static double
feature_distance (const MusterFeature *feature,
                  MusterPoint          p)
{
  MusterPoint scratch[4];
  MusterShape shape;

  if (feature->kind == MUSTER_FEATURE_UNIT)
    {
      g_autoptr(MusterFootprint) footprint = muster_feature_get_footprint (feature);
      MusterShape outline = muster_footprint_get_shape (footprint);

      return muster_shape_contains_point (&outline, p)
             ? 0 : muster_shape_distance_to_point (&outline, p);
    }
  if (feature->kind == MUSTER_FEATURE_OBJECTIVE)
    return MAX (muster_point_distance (feature->centre, p) - 15, 0);
  shape = muster_feature_get_shape (feature, scratch);
  return muster_shape_contains_point (&shape, p) ? 0 : muster_shape_distance_to_point (&shape, p);
}

/**
 * muster_battlefield_hit:
 * @self: a battlefield
 * @p: a table point
 * @tolerance: how far off a feature still hits it, mm
 * @umpire: whether features on the umpire's layer can be hit (are shown)
 *
 * Units first, then objectives, then the topmost terrain, then zones: what a click means.
 *
 * Returns: (nullable) (transfer none): the feature under @p
 */
const MusterFeature *
muster_battlefield_hit (MusterBattlefield *self,
                        MusterPoint        p,
                        double             tolerance,
                        gboolean           umpire)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));
  static const MusterFeatureKind order[] = { MUSTER_FEATURE_UNIT, MUSTER_FEATURE_OBJECTIVE,
                                             MUSTER_FEATURE_TERRAIN, MUSTER_FEATURE_ZONE };
  MusterBox box = muster_box_inflate (muster_box_from_points (p, p), tolerance);

  muster_spatial_query_box (get_spatial (self), box, ids);
  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    for (guint i = ids->len; i-- > 0;)
      {
        MusterFeature *feature = self->features->pdata[g_array_index (ids, guint, i)];

        if (feature->kind == order[k] &&
            (umpire || !muster_feature_is_hidden (feature)) &&
            feature_distance (feature, p) <= tolerance)
          return feature;
      }
  return NULL;
}

/* The scenario sheet */

const char *
muster_battlefield_get_scenario (const MusterBattlefield *self,
                                 MusterScenarioField      field)
{
  xmlNode *scenario = scenario_node ((MusterBattlefield *) self, FALSE);
  xmlNode *node;

  g_return_val_if_fail (field < MUSTER_SCENARIO_N_FIELDS, NULL);
  if (scenario == NULL || !(node = muster_xml_first_child (scenario, scenario_elements[field])))
    return "";
  return node->children && node->children->content ? (const char *) node->children->content
                                                   : "";
}

static gboolean
has_elements (const xmlNode *node)
{
  for (const xmlNode *child = node->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE)
      return TRUE;
  return FALSE;
}

/* Returns: (transfer full): the text it had */
char *
muster_battlefield_set_scenario (MusterBattlefield   *self,
                                 MusterScenarioField  field,
                                 const char          *text)
{
  char *old = g_strdup (muster_battlefield_get_scenario (self, field));
  xmlNode *scenario = scenario_node (self, TRUE);

  muster_xml_set_child_text (scenario, scenario_elements[field], text && *text ? text : NULL);
  /* clearing the last field leaves no empty <scenario/>: undo restores the file exactly */
  if (scenario->properties == NULL && !has_elements (scenario))
    {
      muster_xml_detach (scenario);
      xmlFreeNode (scenario);
    }
  return old;
}

/* Returns: the number of turns the game lasts, 0 for no limit */
int
muster_battlefield_get_turn_limit (const MusterBattlefield *self)
{
  xmlNode *scenario = scenario_node ((MusterBattlefield *) self, FALSE);
  g_autofree char *text = scenario ? muster_xml_get_prop (scenario, "turn-limit") : NULL;

  return text ? CLAMP (g_ascii_strtoll (text, NULL, 10), 0, 999) : 0;
}

void
muster_battlefield_set_turn_limit (MusterBattlefield *self,
                                   int                turns)
{
  set_int (scenario_node (self, TRUE), "turn-limit", turns, turns > 0);
}

const char *
muster_battlefield_get_briefing (const MusterBattlefield *self,
                                 const char              *side)
{
  xmlNode *scenario = scenario_node ((MusterBattlefield *) self, FALSE);
  xmlNode *node;

  if (scenario == NULL || !(node = muster_xml_find_child (scenario, "briefing", "side", side)))
    return "";
  return node->children && node->children->content ? (const char *) node->children->content
                                                   : "";
}

/* Returns: (transfer full): the text it had */
char *
muster_battlefield_set_briefing (MusterBattlefield *self,
                                 const char        *side,
                                 const char        *text)
{
  char *old = g_strdup (muster_battlefield_get_briefing (self, side));
  xmlNode *scenario = scenario_node (self, TRUE);
  xmlNode *node = muster_xml_find_child (scenario, "briefing", "side", side);

  if (text == NULL || *text == '\0')
    {
      if (node != NULL)
        {
          xmlUnlinkNode (node);
          xmlFreeNode (node);
        }
      return old;
    }
  if (node == NULL)
    {
      node = xmlNewChild (scenario, NULL, (const xmlChar *) "briefing", NULL);
      muster_xml_set_prop (node, "side", side);
    }
  xmlNodeSetContent (node, NULL);
  xmlNodeAddContent (node, (const xmlChar *) text);
  return old;
}
