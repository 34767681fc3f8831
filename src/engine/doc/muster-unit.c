/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-army"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-army-private.h"
#include "muster-battlefield.h"
#include "muster-engine-error.h"
#include "muster-ruleset.h"
#include "muster-xml.h"

static void
pick_clear (gpointer data)
{
  MusterPick *pick = data;

  g_clear_pointer (&pick->option, g_free);
}

static MusterUnit *
unit_alloc (void)
{
  MusterUnit *self = g_new0 (MusterUnit, 1);

  self->picks = g_array_new (FALSE, TRUE, sizeof (MusterPick));
  g_array_set_clear_func (self->picks, pick_clear);
  self->own_cost = -1;
  return self;
}

/* The attributes write_unit() writes, in its order. */
static const char *const written_order[] = {
  "id", "type", "size", "name", "attached-to", "markers", "base-width", "base-depth",
};

static int
written_rank (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (written_order); i++)
    if (strcmp (written_order[i], name) == 0)
      return (int) i;
  return -1;
}

/*
 * Sets the attribute @name of a unit's @element (removes it when @value is %NULL). An attribute
 * write_unit() writes and the element lacks goes where write_unit() puts it, not at the end:
 * a unit made or edited in the app is then saved as a save writes it, and emptied when the
 * file is read again (_muster_unit_compact() keeps whole an element in any other order).
 */
void
_muster_unit_set_prop (xmlNode    *element,
                       const char *name,
                       const char *value)
{
  int rank = written_rank (name);
  xmlAttr *attr;

  if (value == NULL || rank < 0 || xmlHasProp (element, (const xmlChar *) name) != NULL)
    {
      muster_xml_set_prop (element, name, value);
      return;
    }
  attr = xmlSetProp (element, (const xmlChar *) name, (const xmlChar *) value);
  for (xmlAttr *later = element->properties; later != NULL && later != attr; later = later->next)
    if (written_rank ((const char *) later->name) > rank)
      {
        xmlAddPrevSibling ((xmlNode *) later, (xmlNode *) attr);
        break;
      }
}

static void
set_uint_prop (xmlNode    *xml,
               const char *name,
               guint       value)
{
  g_autofree char *text = g_strdup_printf ("%u", value);

  _muster_unit_set_prop (xml, name, text);
}

/**
 * muster_unit_new:
 * @type_id: the unit type's id
 * @size: the unit's size, in the type's size unit
 *
 * Returns: (transfer full): a detached unit with nothing picked
 */
MusterUnit *
muster_unit_new (const char *type_id,
                 guint       size)
{
  MusterUnit *self;

  g_return_val_if_fail (type_id != NULL, NULL);

  self = unit_alloc ();
  self->type = g_strdup (type_id);
  self->size = size;
  self->xml = xmlNewNode (NULL, (const xmlChar *) "unit");
  _muster_unit_set_prop (self->xml, "type", type_id);
  set_uint_prop (self->xml, "size", size);
  return self;
}

/**
 * muster_unit_new_for_type:
 * @ruleset: a resolved ruleset
 * @type_id: one of its unit types
 *
 * Returns: (transfer full): a detached unit of the type's default size, with the default of
 *   every option group the type allows picked
 */
MusterUnit *
muster_unit_new_for_type (const MusterRuleset *ruleset,
                          const char          *type_id)
{
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset, type_id);
  MusterUnit *self;

  g_return_val_if_fail (type != NULL, NULL);

  self = muster_unit_new (type_id, type->default_size);
  for (guint i = 0; i < type->allows->len; i++)
    {
      const MusterAllow *allow = type->allows->pdata[i];
      const char *option = muster_unit_type_get_default (ruleset, type, allow->group);

      if (option != NULL)
        muster_unit_set_option (self, option, 1);
    }
  return self;
}

void
_muster_unit_destroy (MusterUnit *self)
{
  g_free (self->id);
  g_free (self->type);
  g_free (self->name);
  g_free (self->notes);
  g_free (self->attached_to);
  g_free (self->markers);
  g_free (self->selection);
  g_free (self->entry_name);
  g_array_unref (self->picks);
  muster_cost_clear (&self->cost);
  g_free (self);
}

/* Frees a detached unit and its element. */
void
muster_unit_free (MusterUnit *self)
{
  if (self == NULL)
    return;
  g_return_if_fail (self->node == NULL);

  xmlFreeNode (self->xml);
  _muster_unit_destroy (self);
}

static gboolean
get_count (xmlNode     *node,
           const char  *attribute,
           guint        min,
           guint       *value,
           const char  *file,
           GError     **error)
{
  g_autofree char *text = muster_xml_get_prop (node, attribute);
  guint64 number;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, min, G_MAXINT, &number, NULL))
    return doc_fail (error, file, node, "%s=\"%s\" of <%s> is not a whole number of at least %u",
                 attribute, text, (const char *) node->name, min);
  *value = (guint) number;
  return TRUE;
}

/* A base length in mm: a number above 0, at most MUSTER_LENGTH_MAX_MM, or absent (0). */
static gboolean
get_base_length (xmlNode     *node,
                 const char  *attribute,
                 double      *value,
                 const char  *file,
                 GError     **error)
{
  g_autofree char *text = muster_xml_get_prop (node, attribute);
  char *end = NULL;

  *value = 0;
  if (text == NULL)
    return TRUE;
  *value = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (*value) || *value <= 0 ||
      *value > MUSTER_LENGTH_MAX_MM)
    return doc_fail (error, file, node, "%s=\"%s\" of <unit> is not a length above 0 mm",
                     attribute, text);
  return TRUE;
}

/* base-width and base-depth: both or neither */
static gboolean
parse_base (MusterUnit  *self,
            const char  *file,
            GError     **error)
{
  if (!get_base_length (self->xml, "base-width", &self->base_width, file, error) ||
      !get_base_length (self->xml, "base-depth", &self->base_depth, file, error))
    return FALSE;
  if ((self->base_width > 0) != (self->base_depth > 0))
    return doc_fail (error, file, self->xml, "<unit> gives %s without %s",
                     self->base_width > 0 ? "base-width" : "base-depth",
                     self->base_width > 0 ? "base-depth" : "base-width");
  return TRUE;
}

static gboolean
parse_option (MusterUnit  *self,
              xmlNode     *node,
              const char  *file,
              GError     **error)
{
  MusterPick pick = { NULL, 1 };

  if (!get_count (node, "count", 1, &pick.count, file, error))
    return FALSE;
  if ((pick.option = muster_xml_get_prop (node, "id")) == NULL)
    return doc_fail (error, file, node, "<option> needs an id");
  if (muster_unit_get_option_count (self, pick.option) > 0)
    {
      doc_fail (error, file, node, "option “%s” is picked twice; give it a count instead",
            pick.option);
      g_free (pick.option);
      return FALSE;
    }
  g_array_append_val (self->picks, pick);
  return TRUE;
}

/* cost: a whole number of at least 0, or absent (-1) */
static gboolean
parse_own_cost (MusterUnit  *self,
                const char  *file,
                GError     **error)
{
  g_autofree char *text = muster_xml_get_prop (self->xml, "cost");

  if (text != NULL &&
      !g_ascii_string_to_signed (text, 10, 0, G_MAXINT64, &self->own_cost, NULL))
    return doc_fail (error, file, self->xml, "%s=\"%s\" of <%s> is not a whole number of at "
                     "least %u", "cost", text, "unit", 0u);
  return TRUE;
}

static void
set_count_prop (xmlNode *element,
                guint    count);

/* Writes everything @self says into @element, in the order Muster's own files have it. */
static void
write_unit (const MusterUnit *self,
            xmlNode          *element)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  muster_xml_set_prop (element, "id", self->id);
  muster_xml_set_prop (element, "type", self->type);
  if (!self->size_unset)
    set_uint_prop (element, "size", self->size);
  muster_xml_set_prop (element, "name", self->name);
  muster_xml_set_prop (element, "attached-to", self->attached_to);
  muster_xml_set_prop (element, "markers", self->markers);
  if (self->base_width > 0)
    {
      muster_xml_set_prop (element, "base-width",
                           g_ascii_formatd (text, sizeof text, "%g", self->base_width));
      muster_xml_set_prop (element, "base-depth",
                           g_ascii_formatd (text, sizeof text, "%g", self->base_depth));
    }
  for (guint i = 0; i < self->picks->len; i++)
    {
      const MusterPick *pick = &g_array_index (self->picks, MusterPick, i);
      xmlNode *option = xmlNewChild (element, NULL, (const xmlChar *) "option", NULL);

      muster_xml_set_prop (option, "id", pick->option);
      set_count_prop (option, pick->count);
    }
  if (self->notes != NULL)
    muster_xml_set_child_text (element, "notes", self->notes);
}

/* Empties the unit's element when writing the unit back gives the same element: what it says
 * is in @self, and the element only keeps the unit's place (and line) in the tree. Anything
 * else (an attribute or element a newer Muster wrote, an order of attributes of a hand) keeps
 * the element whole. Returns: whether it was emptied */
gboolean
_muster_unit_compact (MusterUnit *self)
{
  xmlNode *written = xmlNewNode (NULL, (const xmlChar *) "unit");
  gboolean same;

  write_unit (self, written);
  same = muster_xml_equal (written, self->xml);
  xmlFreeNode (written);
  if (same)
    muster_xml_clear_element (self->xml);
  return same;
}

/* Fills an element _muster_unit_compact() emptied, before an edit or a save reads it. */
void
_muster_unit_expand (MusterUnit *self)
{
  if (muster_xml_is_bare (self->xml))
    write_unit (self, self->xml);
}

MusterUnit *
_muster_unit_new_from_xml (xmlNode     *xml,
                           const char  *file,
                           GError     **error)
{
  MusterUnit *self = unit_alloc ();
  gboolean ok;

  self->xml = xml;
  self->size = 1;
  muster_xml_strip_blanks (xml);
  self->id = muster_xml_get_prop (xml, "id");
  self->name = muster_xml_get_prop (xml, "name");
  self->attached_to = muster_xml_get_prop (xml, "attached-to");
  self->markers = muster_xml_get_prop (xml, "markers");
  self->type = muster_xml_get_prop (xml, "type");
  self->selection = muster_xml_get_prop (xml, "selection");
  self->entry_name = muster_xml_get_prop (xml, "entry-name");
  ok = self->type != NULL ? TRUE : doc_fail (error, file, xml, "<unit> needs a type");
  self->size_unset = !xmlHasProp (xml, (const xmlChar *) "size");
  ok = ok && get_count (xml, "size", 0, &self->size, file, error);
  ok = ok && parse_own_cost (self, file, error);
  ok = ok && parse_base (self, file, error);
  for (xmlNode *child = xml->children; ok && child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, "option"))
        ok = parse_option (self, child, file, error);
      else if (muster_xml_is_element (child, "notes") && self->notes == NULL)
        self->notes = muster_xml_get_text (child);
    }
  if (ok)
    return self;

  self->xml = NULL;
  _muster_unit_destroy (self);
  return NULL;
}

/* Returns: (nullable): the id, or %NULL for a unit that never joined a document */
const char *
muster_unit_get_id (const MusterUnit *self)
{
  return self->id;
}

const char *
muster_unit_get_type_id (const MusterUnit *self)
{
  return self->type;
}

guint
muster_unit_get_size (const MusterUnit *self)
{
  return self->size;
}

/**
 * muster_unit_get_base:
 * @width: (out) (optional): the base's width, mm
 * @depth: (out) (optional): its depth, mm
 *
 * The base the unit's models stand on when the unit names one itself (a unit from a
 * BattleScribe roster: its data's or its game system's base), over its rule system's.
 *
 * Returns: whether the unit names a base
 */
gboolean
muster_unit_get_base (const MusterUnit *self,
                      double           *width,
                      double           *depth)
{
  if (width != NULL)
    *width = self->base_width;
  if (depth != NULL)
    *depth = self->base_depth;
  return self->base_width > 0 && self->base_depth > 0;
}

/* Returns: (nullable): the id of the BattleScribe selection the unit was placed from */
const char *
muster_unit_get_selection (const MusterUnit *self)
{
  return self->selection;
}

/* Returns: (nullable): the name of the BattleScribe entry the unit was placed from: what it
 * is, where a ruleset's unit has its type's name */
const char *
muster_unit_get_entry_name (const MusterUnit *self)
{
  return self->entry_name;
}

/**
 * muster_unit_get_own_cost:
 * @cost: (out) (optional): the cost
 *
 * The cost the unit names itself: a roster's unit, costed by its roster. It is the unit's
 * cost when the document's ruleset is not installed to cost it.
 *
 * Returns: whether the unit names one
 */
gboolean
muster_unit_get_own_cost (const MusterUnit *self,
                          gint64           *cost)
{
  if (cost != NULL)
    *cost = self->own_cost;
  return self->own_cost >= 0;
}

/* Returns: (nullable): the player's name for the unit */
const char *
muster_unit_get_name (const MusterUnit *self)
{
  return self->name;
}

/* Returns: (nullable) */
const char *
muster_unit_get_notes (const MusterUnit *self)
{
  return self->notes;
}

/* Returns: (nullable): the markers on the unit in play ("suppression=2 pinned"), see
 * muster-markers.h */
const char *
muster_unit_get_markers (const MusterUnit *self)
{
  return self->markers;
}

/* Returns: (nullable): the id of the unit this one (a character) is attached to */
const char *
muster_unit_get_attached_to (const MusterUnit *self)
{
  return self->attached_to;
}

guint
muster_unit_get_n_picks (const MusterUnit *self)
{
  return self->picks->len;
}

/* Returns: the option id of pick @index; its count in @count */
const char *
muster_unit_get_pick (const MusterUnit *self,
                      guint             index,
                      guint            *count)
{
  const MusterPick *pick;

  g_return_val_if_fail (index < self->picks->len, NULL);
  pick = &g_array_index (self->picks, MusterPick, index);
  if (count != NULL)
    *count = pick->count;
  return pick->option;
}

static gboolean
find_pick (const MusterUnit *self,
           const char       *option_id,
           guint            *index)
{
  for (guint i = 0; i < self->picks->len; i++)
    if (g_str_equal (g_array_index (self->picks, MusterPick, i).option, option_id))
      {
        *index = i;
        return TRUE;
      }
  return FALSE;
}

/* Returns: how many times @option_id is picked (0: not picked) */
guint
muster_unit_get_option_count (const MusterUnit *self,
                              const char       *option_id)
{
  guint index;

  return find_pick (self, option_id, &index)
           ? g_array_index (self->picks, MusterPick, index).count : 0;
}

/* Returns: (nullable): the node holding the unit */
MusterNode *
muster_unit_get_node (const MusterUnit *self)
{
  return self->node;
}

/* Returns: (nullable): the force holding the unit */
MusterForce *
muster_unit_get_force (const MusterUnit *self)
{
  return self->node ? muster_node_get_force (self->node) : NULL;
}

/**
 * muster_unit_get_cost:
 * @self: a unit
 *
 * The cost computed when the unit last changed (without breakdown lines). A unit outside a
 * document with a ruleset has cost 0 and no error.
 *
 * Returns: (transfer none): the cached cost
 */
const MusterCost *
muster_unit_get_cost (const MusterUnit *self)
{
  return &self->cost;
}

/* A unit read without a size has its type's default size, as a new one of the type would,
 * rather than 1; it is written from then on. */
void
_muster_unit_take_default_size (MusterUnit          *self,
                                const MusterRuleset *ruleset)
{
  const MusterUnitType *type;

  if (!self->size_unset || ruleset == NULL ||
      (type = muster_ruleset_get_unit_type (ruleset, self->type)) == NULL)
    return;
  _muster_unit_expand (self);
  self->size_unset = FALSE;
  self->size = type->default_size;
  set_uint_prop (self->xml, "size", self->size);
}

/* Returns: the previous size */
guint
muster_unit_set_size (MusterUnit *self,
                      guint       size)
{
  guint old = self->size;

  if (old != size)
    _muster_unit_expand (self);
  self->size_unset = FALSE;
  if (old != size)
    {
      self->size = size;
      set_uint_prop (self->xml, "size", size);
      _muster_unit_recost (self);
    }
  return old;
}

/* Returns: the index of @option_id among the picks, or -1 */
int
muster_unit_find_option (const MusterUnit *self,
                         const char       *option_id)
{
  guint index;

  return find_pick (self, option_id, &index) ? (int) index : -1;
}

static void
set_count_prop (xmlNode *element,
                guint    count)
{
  if (count == 1)
    muster_xml_set_prop (element, "count", NULL);
  else
    set_uint_prop (element, "count", count);
}

/**
 * muster_unit_insert_option:
 * @self: a unit
 * @index: where among the picks (0 … n_picks)
 * @option_id: an option the unit has not picked
 * @count: how many times (at least 1)
 *
 * Picks an option at a given place: the exact inverse of removing a pick with
 * muster_unit_set_option (@self, id, 0), given the index muster_unit_find_option() returned
 * before.
 */
void
muster_unit_insert_option (MusterUnit *self,
                           guint       index,
                           const char *option_id,
                           guint       count)
{
  MusterPick pick = { NULL, count };
  xmlNode *element, *neighbour = NULL;
  guint n = 0;

  g_return_if_fail (option_id != NULL && count > 0);
  g_return_if_fail (index <= self->picks->len);
  g_return_if_fail (muster_unit_find_option (self, option_id) < 0);

  _muster_unit_expand (self);

  element = xmlNewNode (NULL, (const xmlChar *) "option");
  muster_xml_set_prop (element, "id", option_id);
  set_count_prop (element, count);

  /* Before the index-th <option>, else after the last one, else first of all. */
  for (xmlNode *child = self->xml->children; child != NULL; child = child->next)
    if (muster_xml_is_element (child, "option"))
      {
        neighbour = child;
        if (n++ == index)
          break;
      }
  if (neighbour != NULL && n > index)
    xmlAddPrevSibling (neighbour, element);
  else if (neighbour != NULL)
    xmlAddNextSibling (neighbour, element);
  else if (self->xml->children != NULL)
    xmlAddPrevSibling (self->xml->children, element);
  else
    xmlAddChild (self->xml, element);

  pick.option = g_strdup (option_id);
  g_array_insert_val (self->picks, index, pick);
  _muster_unit_recost (self);
}

/**
 * muster_unit_set_option:
 * @self: a unit
 * @option_id: an option id
 * @count: how many times it is picked; 0 removes the pick
 *
 * Picks an option (after the other picks), changes its count or removes it. Other picks of
 * the same group stay: to switch a unit from Regular to Veteran, set one to 0 and the other
 * to 1.
 *
 * Returns: the previous count
 */
guint
muster_unit_set_option (MusterUnit *self,
                        const char *option_id,
                        guint       count)
{
  xmlNode *element;
  guint index = 0, old = 0;

  g_return_val_if_fail (option_id != NULL, 0);

  if (find_pick (self, option_id, &index))
    old = g_array_index (self->picks, MusterPick, index).count;
  if (old == count)
    return old;
  if (old == 0)
    {
      muster_unit_insert_option (self, self->picks->len, option_id, count);
      return old;
    }

  _muster_unit_expand (self);

  element = muster_xml_find_child (self->xml, "option", "id", option_id);
  if (count == 0)
    {
      g_array_remove_index (self->picks, index);
      xmlUnlinkNode (element);
      xmlFreeNode (element);
    }
  else
    {
      g_array_index (self->picks, MusterPick, index).count = count;
      set_count_prop (element, count);
    }

  _muster_unit_recost (self);
  return old;
}

static char *
swap_string (char       **field,
             const char  *value)
{
  char *old = *field;

  *field = g_strdup (value);
  return old;
}

/* Returns: (transfer full) (nullable): the previous name */
char *
muster_unit_set_name (MusterUnit *self,
                      const char *name)
{
  char *old;

  _muster_unit_expand (self);

  _muster_unit_set_prop (self->xml, "name", name);
  old = swap_string (&self->name, name);
  if (self->node != NULL)
    _muster_force_notify (muster_unit_get_force (self), MUSTER_EDIT_UNIT_CHANGED, self);
  return old;
}

/* Returns: (transfer full) (nullable): the previous notes */
char *
muster_unit_set_notes (MusterUnit *self,
                       const char *notes)
{
  _muster_unit_expand (self);
  /* New notes go after the picks, where a removal took them from. */
  if (notes != NULL && muster_xml_first_child (self->xml, "notes") == NULL)
    {
      xmlNode *element = xmlNewNode (NULL, (const xmlChar *) "notes");
      xmlNode *last = NULL;

      for (xmlNode *child = self->xml->children; child != NULL; child = child->next)
        if (muster_xml_is_element (child, "option"))
          last = child;
      if (last != NULL)
        xmlAddNextSibling (last, element);
      else if (self->xml->children != NULL)
        xmlAddPrevSibling (self->xml->children, element);
      else
        xmlAddChild (self->xml, element);
    }
  muster_xml_set_child_text (self->xml, "notes", notes);
  return swap_string (&self->notes, notes);
}

/* Returns: (transfer full) (nullable): the previous unit id */
char *
muster_unit_set_attached_to (MusterUnit *self,
                             const char *unit_id)
{
  _muster_unit_expand (self);
  _muster_unit_set_prop (self->xml, "attached-to", unit_id);
  return swap_string (&self->attached_to, unit_id);
}

/* Returns: (transfer full) (nullable): the previous markers; %NULL or "" removes them */
/**
 * muster_unit_set_base:
 * @width: mm above 0, or 0 with @depth 0 for none
 * @depth: mm
 *
 * Gives the unit a base of its own (see muster_unit_get_base()). Not an undoable edit: it is
 * set when the unit is made.
 */
void
muster_unit_set_base (MusterUnit *self,
                      double      width,
                      double      depth)
{
  g_return_if_fail ((width > 0) == (depth > 0));

  _muster_unit_expand (self);

  self->base_width = width > 0 ? width : 0;
  self->base_depth = depth > 0 ? depth : 0;
  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? "base-width" : "base-depth";
      double value = i == 0 ? self->base_width : self->base_depth;
      char text[G_ASCII_DTOSTR_BUF_SIZE];

      _muster_unit_set_prop (self->xml, name,
                             value > 0 ? g_ascii_formatd (text, sizeof text, "%g", value) : NULL);
    }
}

/* Sets the selection the unit stands for (see muster_unit_get_selection()). Not an undoable
 * edit: it is set when the unit is made. */
void
muster_unit_set_selection (MusterUnit *self,
                           const char *selection_id)
{
  _muster_unit_expand (self);
  muster_xml_set_prop (self->xml, "selection", selection_id);
  g_free (swap_string (&self->selection, selection_id));
}

/* Returns: (transfer full) (nullable): the previous entry name */
char *
muster_unit_set_entry_name (MusterUnit *self,
                            const char *name)
{
  char *old;

  _muster_unit_expand (self);
  muster_xml_set_prop (self->xml, "entry-name", name);
  old = swap_string (&self->entry_name, name);
  if (self->node != NULL)
    _muster_force_notify (muster_unit_get_force (self), MUSTER_EDIT_UNIT_CHANGED, self);
  return old;
}

/**
 * muster_unit_set_own_cost:
 * @cost: at least 0, or -1 for none
 *
 * Sets the cost the unit names itself (see muster_unit_get_own_cost()) and re-costs it.
 *
 * Returns: the previous one, -1 for none
 */
gint64
muster_unit_set_own_cost (MusterUnit *self,
                          gint64      cost)
{
  gint64 old = self->own_cost;
  char text[32];

  self->own_cost = MAX (cost, -1);
  g_snprintf (text, sizeof text, "%" G_GINT64_FORMAT, self->own_cost);
  _muster_unit_expand (self);
  muster_xml_set_prop (self->xml, "cost", self->own_cost >= 0 ? text : NULL);
  if (self->node != NULL)
    _muster_unit_recost (self);
  return old;
}

char *
muster_unit_set_markers (MusterUnit *self,
                         const char *markers)
{
  char *old;

  _muster_unit_expand (self);

  if (markers != NULL && markers[0] == '\0')
    markers = NULL;
  _muster_unit_set_prop (self->xml, "markers", markers);
  old = swap_string (&self->markers, markers);
  /* what is worked out from a unit (the odds' fill) may read its markers */
  if (g_strcmp0 (old, markers) != 0)
    _muster_force_notify (muster_unit_get_force (self), MUSTER_EDIT_UNIT_CHANGED, self);
  return old;
}
