/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-battlefield"

#include "config.h"

#include <math.h>

#include "muster-army-private.h"
#include "muster-battlefield-private.h"
#include "muster-engine-error.h"
#include "muster-xml.h"

/*
 * The <battlefield> element: the table's attributes, a feature's element read and written back
 * (only the attributes and <point> children Muster knows; the rest stays), and the scenario
 * sheet, which lives only in the element.
 */

static const char * const kind_elements[] = { "terrain", "zone", "objective", "placement" };
static const char * const outline_names[] = { "polygon", "rectangle", "ellipse", "polyline",
                                               "point" };
static const char * const formation_names[] = { "line", "column", "square", "wedge",
                                                 "skirmish", "single" };
static const char * const scenario_elements[] = { "title", "period", "umpire-notes",
                                                  "victory" };

/* Attributes */

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
  xmlChar *owned;
  /* (only looked at: the placements' many numbers are not copied) */
  const char *text = muster_xml_peek_prop (node, name, &owned);
  gboolean ok = TRUE;
  char *end = NULL;

  *value = fallback;
  if (text != NULL)
    {
      *value = g_ascii_strtod (text, &end);
      if (end == text || *end != '\0' || !isfinite (*value))
        ok = doc_fail (error, file, node, "“%s” is not a number (attribute %s)", text, name);
    }
  xmlFree (owned);
  return ok;
}

/* A number from @min to @max, or a clear error naming the attribute and the range. */
static gboolean
get_bounded (xmlNode     *node,
             const char  *name,
             double       fallback,
             double       min,
             double       max,
             double      *value,
             const char  *file,
             GError     **error)
{
  if (!get_double (node, name, fallback, value, file, error))
    return FALSE;
  if (*value < min || *value > max)
    return doc_fail (error, file, node, "%s=\"%g\" is out of range: it must be from %g to %g "
                     "mm", name, *value, min, max);
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

/* Features */

/* Writes @feature into its element, made for it if it has none. */
void
_muster_feature_write (MusterFeature *feature)
{
  xmlNode *node;
  xmlNode *child;
  gboolean point = feature->outline == MUSTER_OUTLINE_POINT;
  gboolean sized = feature->outline == MUSTER_OUTLINE_RECTANGLE ||
                   feature->outline == MUSTER_OUTLINE_ELLIPSE;
  gboolean listed = feature->outline == MUSTER_OUTLINE_POLYGON ||
                    feature->outline == MUSTER_OUTLINE_POLYLINE;
  gboolean unit = feature->kind == MUSTER_FEATURE_UNIT;

  if (feature->xml == NULL)
    feature->xml = xmlNewNode (NULL, (const xmlChar *) kind_elements[feature->kind]);
  node = feature->xml;
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

/* Empties the feature's element when writing the feature gives the same element (see
 * _muster_unit_compact()): a placed unit's element then only keeps its place in the tree.
 * Returns: whether it was emptied */
gboolean
_muster_feature_compact (MusterFeature *feature)
{
  xmlNode *element = feature->xml;
  gboolean same;

  feature->xml = NULL;
  _muster_feature_write (feature);
  same = muster_xml_equal (feature->xml, element);
  xmlFreeNode (feature->xml);
  feature->xml = element;
  if (same)
    muster_xml_clear_element (element);
  return same;
}

/* Fills an element _muster_feature_compact() emptied, before a save reads it. */
void
_muster_feature_expand (MusterFeature *feature)
{
  if (feature->xml != NULL && muster_xml_is_bare (feature->xml))
    _muster_feature_write (feature);
}

/* Returns: (transfer full) (nullable): the feature @node holds; NULL for another element, or
 *   with @error set */
MusterFeature *
_muster_feature_read (xmlNode     *node,
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

  /* Positions a kilometre off, negative sizes and bases: no editor made them. */
  if (!get_bounded (node, "x", 0, -MUSTER_LENGTH_MAX_MM, MUSTER_LENGTH_MAX_MM,
                    &feature->centre.x, file, error) ||
      !get_bounded (node, "y", 0, -MUSTER_LENGTH_MAX_MM, MUSTER_LENGTH_MAX_MM,
                    &feature->centre.y, file, error) ||
      !get_bounded (node, "width", 0, 0, MUSTER_LENGTH_MAX_MM, &feature->width, file, error) ||
      !get_bounded (node, "height", 0, 0, MUSTER_LENGTH_MAX_MM, &feature->height, file, error) ||
      !get_bounded (node, "line-width", 0, 0, MUSTER_LENGTH_MAX_MM, &feature->line_width,
                    file, error) ||
      !get_double (node, kind == MUSTER_FEATURE_UNIT ? "facing" : "rotation", 0, &degrees,
                   file, error) ||
      !get_bounded (node, "base-width", feature->base_width, 0, MUSTER_LENGTH_MAX_MM,
                    &feature->base_width, file, error) ||
      !get_bounded (node, "base-depth", feature->base_depth, 0, MUSTER_LENGTH_MAX_MM,
                    &feature->base_depth, file, error))
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
      if (!get_bounded (child, "x", 0, -MUSTER_LENGTH_MAX_MM, MUSTER_LENGTH_MAX_MM, &p.x,
                        file, error) ||
          !get_bounded (child, "y", 0, -MUSTER_LENGTH_MAX_MM, MUSTER_LENGTH_MAX_MM, &p.y,
                        file, error))
        return NULL;
      g_array_append_val (points, p);
    }
  if (points->len > 0)
    feature->points = g_steal_pointer (&points);
  feature->xml = node;
  return g_steal_pointer (&feature);
}

/* The table */

void
_muster_battlefield_write_table (MusterBattlefield *self)
{
  set_double (self->xml, "width", self->width);
  set_double (self->xml, "height", self->height);
  muster_xml_set_prop (self->xml, "units", self->units);
  if (self->grid > 0)
    set_double (self->xml, "grid", self->grid);
  else
    muster_xml_set_prop (self->xml, "grid", NULL);
}

static void
take_feature (MusterBattlefield *self,
              MusterFeature     *feature)
{
  /* While attached the tree owns the element; the feature only points at it. */
  feature->revision = self->revision;
  g_ptr_array_add (self->features, feature);
  _muster_battlefield_take_id (self, feature);
}

MusterBattlefield *
_muster_battlefield_new_from_xml (gpointer     element,
                                  const char  *file,
                                  GError     **error)
{
  g_autoptr(MusterBattlefield) self = _muster_battlefield_alloc ();
  xmlNode *node = element;

  self->xml = node;
  muster_xml_strip_blanks (node);
  if (!get_double (node, "width", 1828.8, &self->width, file, error) ||
      !get_double (node, "height", 1219.2, &self->height, file, error) ||
      !get_bounded (node, "grid", 0, 0, MUSTER_TABLE_MAX_MM, &self->grid, file, error))
    return NULL;
  if (self->width > MUSTER_TABLE_MAX_MM || self->height > MUSTER_TABLE_MAX_MM)
    {
      doc_fail (error, file, node, "the table is %g by %g mm; a table is at most %g m a side",
                self->width, self->height, MUSTER_TABLE_MAX_MM / 1000);
      return NULL;
    }
  /* A grid finer than a millimetre is no grid: none is drawn rather than millions of lines. */
  if (self->grid < 1)
    self->grid = 0;
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
      /* mostly read already, as the file was parsed (see muster_doc_new_from_bytes()) */
      MusterFeature *feature = child->_private ? child->_private
                                               : _muster_feature_read (child, file, &local);

      child->_private = NULL;
      if (local != NULL)
        {
          g_propagate_error (error, local);
          return NULL;
        }
      if (feature == NULL)
        continue;
      if (muster_battlefield_lookup (self, feature->id) != NULL)
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
          /* filled as read (without an id) if emptied: the id goes last, as in a whole one */
          _muster_feature_expand (feature);
          _muster_battlefield_number_feature (self, feature, i + 1);
          _muster_battlefield_take_id (self, feature);
          muster_xml_set_prop (feature->xml, "id", feature->id);
        }
    }
  return g_steal_pointer (&self);
}

/* The scenario sheet */

xmlNode *
_muster_battlefield_scenario_node (MusterBattlefield *self,
                                   gboolean           create)
{
  xmlNode *node = muster_xml_first_child (self->xml, "scenario");

  if (node == NULL && create)
    node = xmlNewChild (self->xml, NULL, (const xmlChar *) "scenario", NULL);
  return node;
}

const char *
muster_battlefield_get_scenario (const MusterBattlefield *self,
                                 MusterScenarioField      field)
{
  xmlNode *scenario = _muster_battlefield_scenario_node ((MusterBattlefield *) self, FALSE);
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
  xmlNode *scenario = _muster_battlefield_scenario_node (self, TRUE);

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
  xmlNode *scenario = _muster_battlefield_scenario_node ((MusterBattlefield *) self, FALSE);
  g_autofree char *text = scenario ? muster_xml_get_prop (scenario, "turn-limit") : NULL;

  return text ? CLAMP (g_ascii_strtoll (text, NULL, 10), 0, 999) : 0;
}

void
muster_battlefield_set_turn_limit (MusterBattlefield *self,
                                   int                turns)
{
  set_int (_muster_battlefield_scenario_node (self, TRUE), "turn-limit", turns, turns > 0);
}

const char *
muster_battlefield_get_briefing (const MusterBattlefield *self,
                                 const char              *side)
{
  xmlNode *scenario = _muster_battlefield_scenario_node ((MusterBattlefield *) self, FALSE);
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
  xmlNode *scenario = _muster_battlefield_scenario_node (self, TRUE);
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
