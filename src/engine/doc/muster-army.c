/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-army"

#include "config.h"

#include "muster-army-private.h"
#include "muster-system.h"
#include "muster-xml.h"

/*
 * Forces and organisation nodes, and the running totals.
 *
 * Every node keeps the sum of the costs of all units below it. A unit is costed by
 * compute_cost() only: when it is edited (one call to the system module), when it joins a
 * force, or when something every unit depends on changes (the force's list options, the
 * document's ruleset). The difference to its previous cost then moves the totals of its
 * ancestors, so an edit never walks the list.
 */

typedef struct
{
  gint64 total;
  int    n_house;
  int    n_uncosted;
} Contribution;

static Contribution
unit_contribution (const MusterUnit *unit)
{
  Contribution c = { 0, 0, 0 };

  if (unit->cost.error != NULL)
    c.n_uncosted = 1;
  else
    c.total = unit->cost.value;
  c.n_house = unit->cost.house ? 1 : 0;
  return c;
}

static void
propagate (MusterNode   *node,
           Contribution  c,
           int           sign)
{
  for (; node != NULL; node = node->parent)
    {
      node->total += sign * c.total;
      node->n_house += sign * c.n_house;
      node->n_uncosted += sign * c.n_uncosted;
    }
}

static MusterRuleset *
ruleset_of (const MusterForce *force)
{
  return force != NULL && force->doc != NULL ? muster_doc_get_ruleset (force->doc) : NULL;
}

static void
compute_cost (MusterUnit *unit)
{
  MusterForce *force = muster_unit_get_force (unit);
  MusterRuleset *ruleset = ruleset_of (force);

  muster_cost_clear (&unit->cost);
  _muster_unit_take_default_size (unit, ruleset);
  if (ruleset != NULL)
    {
      muster_system_unit_cost (ruleset, force, unit, &unit->cost);
      g_clear_pointer (&unit->cost.lines, g_ptr_array_unref);
    }
  else if (unit->own_cost >= 0)
    /* costed elsewhere: a roster's unit, by its roster's window */
    unit->cost.value = unit->own_cost;
}

/* After an edit of @unit: one call to the system module, then its ancestors' totals. */
void
_muster_unit_recost (MusterUnit *unit)
{
  Contribution before = unit_contribution (unit);

  compute_cost (unit);
  propagate (unit->node, before, -1);
  propagate (unit->node, unit_contribution (unit), +1);
  _muster_force_notify (muster_unit_get_force (unit), MUSTER_EDIT_UNIT_CHANGED, unit);
}

/* Re-costs every unit below @node and sums the subtree afresh. */
static void
refresh_subtree (MusterNode *node)
{
  Contribution sum = { 0, 0, 0 };

  for (guint i = 0; i < node->units->len; i++)
    {
      MusterUnit *unit = node->units->pdata[i];
      Contribution c;

      compute_cost (unit);
      c = unit_contribution (unit);
      sum.total += c.total;
      sum.n_house += c.n_house;
      sum.n_uncosted += c.n_uncosted;
    }
  for (guint i = 0; i < node->nodes->len; i++)
    {
      MusterNode *child = node->nodes->pdata[i];

      refresh_subtree (child);
      sum.total += child->total;
      sum.n_house += child->n_house;
      sum.n_uncosted += child->n_uncosted;
    }
  node->total = sum.total;
  node->n_house = sum.n_house;
  node->n_uncosted = sum.n_uncosted;
}

static Contribution
subtree_contribution (const MusterNode *node)
{
  Contribution c = { node->total, node->n_house, node->n_uncosted };

  return c;
}

/* Ids */

static MusterDoc *
doc_of (const MusterNode *node)
{
  MusterForce *force = muster_node_get_force (node);

  return force != NULL ? force->doc : NULL;
}

/* Registers @node's ids and those of everything in it, noting each unit id that clashed and was
 * changed in @renamed (old → new). */
static gboolean
register_ids (MusterDoc   *doc,
              MusterNode  *node,
              gboolean     strict,
              GHashTable  *renamed,
              GError     **error)
{
  char kind = node->force != NULL ? 'f' : 'n';

  if (!_muster_doc_register (doc, &node->id, kind, node->xml, node, strict, error))
    return FALSE;
  for (guint i = 0; i < node->units->len; i++)
    {
      MusterUnit *unit = node->units->pdata[i];
      g_autofree char *old = g_strdup (unit->id);

      if (!_muster_doc_register (doc, &unit->id, 'u', unit->xml, unit, strict, error))
        return FALSE;
      if (old != NULL && g_strcmp0 (old, unit->id) != 0)
        g_hash_table_insert (renamed, g_steal_pointer (&old), g_strdup (unit->id));
    }
  for (guint i = 0; i < node->nodes->len; i++)
    if (!register_ids (doc, node->nodes->pdata[i], strict, renamed, error))
      return FALSE;
  return TRUE;
}

/* Points the characters in @node that were attached to a renamed unit at its new id. */
static void
relink_subtree (MusterNode *node,
                GHashTable *renamed)
{
  for (guint i = 0; i < node->units->len; i++)
    {
      MusterUnit *unit = node->units->pdata[i];
      const char *id = unit->attached_to ? g_hash_table_lookup (renamed, unit->attached_to) : NULL;

      if (id != NULL)
        g_free (muster_unit_set_attached_to (unit, id));
    }
  for (guint i = 0; i < node->nodes->len; i++)
    relink_subtree (node->nodes->pdata[i], renamed);
}

/* Registers the ids of a subtree joining @doc. A unit whose id is taken (a list attached to
 * another, a pasted copy) gets a new one, and the characters of the subtree attached to it
 * follow it, rather than the unit of the same old id elsewhere in @doc. */
static gboolean
register_subtree (MusterDoc   *doc,
                  MusterNode  *node,
                  gboolean     strict,
                  GError     **error)
{
  g_autoptr(GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  if (!register_ids (doc, node, strict, renamed, error))
    return FALSE;
  if (g_hash_table_size (renamed) > 0)
    relink_subtree (node, renamed);
  return TRUE;
}

static void
unregister_subtree (MusterDoc  *doc,
                    MusterNode *node)
{
  _muster_doc_unregister (doc, node->id);
  for (guint i = 0; i < node->units->len; i++)
    _muster_doc_unregister (doc, ((MusterUnit *) node->units->pdata[i])->id);
  for (guint i = 0; i < node->nodes->len; i++)
    unregister_subtree (doc, node->nodes->pdata[i]);
}

/* Nodes */

static MusterNode *
node_alloc (void)
{
  MusterNode *self = g_new0 (MusterNode, 1);

  self->nodes = g_ptr_array_new ();
  self->units = g_ptr_array_new ();
  return self;
}

/* Frees the C side of a subtree; the elements belong to whoever holds the top one. */
static void
node_destroy (MusterNode *self)
{
  for (guint i = 0; i < self->units->len; i++)
    _muster_unit_destroy (self->units->pdata[i]);
  for (guint i = 0; i < self->nodes->len; i++)
    node_destroy (self->nodes->pdata[i]);
  g_ptr_array_unref (self->units);
  g_ptr_array_unref (self->nodes);
  g_free (self->id);
  g_free (self->level);
  g_free (self->name);
  g_free (self);
}

/**
 * muster_node_new:
 * @level: the organisation level's id (a wing, a squad…)
 * @name: (nullable): the player's name for it
 *
 * Returns: (transfer full): a detached, empty node
 */
MusterNode *
muster_node_new (const char *level,
                 const char *name)
{
  MusterNode *self;

  g_return_val_if_fail (level != NULL, NULL);

  self = node_alloc ();
  self->level = g_strdup (level);
  self->name = g_strdup (name);
  self->xml = xmlNewNode (NULL, (const xmlChar *) "node");
  muster_xml_set_prop (self->xml, "level", level);
  muster_xml_set_prop (self->xml, "name", name);
  return self;
}

/* Frees a detached node, everything in it, and its element. */
void
muster_node_free (MusterNode *self)
{
  xmlNode *xml;

  if (self == NULL)
    return;
  g_return_if_fail (self->parent == NULL && self->force == NULL);

  xml = self->xml;
  node_destroy (self);
  xmlFreeNode (xml);
}

static gboolean
parse_children (MusterNode  *self,
                const char  *file,
                GError     **error)
{
  muster_xml_strip_blanks (self->xml);
  for (xmlNode *child = self->xml->children; child != NULL; child = child->next)
    {
      if (muster_xml_is_element (child, "unit"))
        {
          /* mostly read already, as the file was parsed (see muster_doc_new_from_bytes()) */
          MusterUnit *unit = child->_private ? child->_private
                                             : _muster_unit_new_from_xml (child, file, error);

          child->_private = NULL;
          if (unit == NULL)
            return FALSE;
          unit->node = self;
          g_ptr_array_add (self->units, unit);
        }
      else if (muster_xml_is_element (child, "node"))
        {
          MusterNode *node = node_alloc ();

          node->xml = child;
          node->parent = self;
          g_ptr_array_add (self->nodes, node);
          node->id = muster_xml_get_prop (child, "id");
          node->name = muster_xml_get_prop (child, "name");
          if ((node->level = muster_xml_get_prop (child, "level")) == NULL)
            return doc_fail (error, file, child, "<node> needs a level");
          if (!parse_children (node, file, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Returns: (nullable): the id, or %NULL for a node that never joined a document */
const char *
muster_node_get_id (const MusterNode *self)
{
  return self->id;
}

/* Returns: (nullable): the level's id; %NULL for a force's root */
const char *
muster_node_get_level (const MusterNode *self)
{
  return self->level;
}

/* Returns: (nullable) */
const char *
muster_node_get_name (const MusterNode *self)
{
  return self->name;
}

/* Returns: (nullable): the parent node; %NULL for a root or a detached node */
MusterNode *
muster_node_get_parent (const MusterNode *self)
{
  return self->parent;
}

/* Returns: (nullable): the force the node belongs to */
MusterForce *
muster_node_get_force (const MusterNode *self)
{
  while (self->parent != NULL)
    self = self->parent;
  return self->force;
}

guint
muster_node_get_n_nodes (const MusterNode *self)
{
  return self->nodes->len;
}

MusterNode *
muster_node_get_node (const MusterNode *self,
                      guint             index)
{
  g_return_val_if_fail (index < self->nodes->len, NULL);
  return self->nodes->pdata[index];
}

/* Appends @self's units, and those of every group in it, depth first, in list order. */
void
muster_node_collect_units (const MusterNode *self,
                           GPtrArray        *units)
{
  for (guint i = 0; i < self->units->len; i++)
    g_ptr_array_add (units, self->units->pdata[i]);
  for (guint i = 0; i < self->nodes->len; i++)
    muster_node_collect_units (self->nodes->pdata[i], units);
}

guint
muster_node_get_n_units (const MusterNode *self)
{
  return self->units->len;
}

MusterUnit *
muster_node_get_unit (const MusterNode *self,
                      guint             index)
{
  g_return_val_if_fail (index < self->units->len, NULL);
  return self->units->pdata[index];
}

/* The sum of the costs of every unit below the node (units that could not be costed count 0). */
gint64
muster_node_get_total (const MusterNode *self)
{
  return self->total;
}

/* Whether a unit below rests on a house value. */
gboolean
muster_node_is_house (const MusterNode *self)
{
  return self->n_house > 0;
}

/* Returns: (transfer full) (nullable): the previous name */
char *
muster_node_set_name (MusterNode *self,
                      const char *name)
{
  char *old = self->name;

  self->name = g_strdup (name);
  muster_xml_set_prop (self->xml, "name", name);
  if (self->force != NULL)
    _muster_force_notify (self->force, MUSTER_EDIT_FORCE_CHANGED, self->force);
  else
    _muster_force_notify (muster_node_get_force (self), MUSTER_EDIT_NODE_CHANGED, self);
  return old;
}

/* Puts @element among the children of @parent, before @before or else after @after. */
static void
link_element (xmlNode *parent,
              xmlNode *before,
              xmlNode *after,
              xmlNode *element)
{
  if (before != NULL)
    xmlAddPrevSibling (before, element);
  else if (after != NULL)
    xmlAddNextSibling (after, element);
  else
    xmlAddChild (parent, element);
}

static void
link_unit (MusterNode *self,
           guint       index,
           MusterUnit *unit)
{
  link_element (self->xml,
                index < self->units->len ? ((MusterUnit *) self->units->pdata[index])->xml : NULL,
                index > 0 ? ((MusterUnit *) self->units->pdata[index - 1])->xml : NULL,
                unit->xml);
  g_ptr_array_insert (self->units, index, unit);
  unit->node = self;
}

static MusterUnit *
unlink_unit (MusterNode *self,
             guint       index)
{
  MusterUnit *unit = g_ptr_array_steal_index (self->units, index);

  muster_xml_detach (unit->xml);
  unit->node = NULL;
  return unit;
}

/**
 * muster_node_insert_unit:
 * @self: a node
 * @index: where, among the node's units (0 … n_units)
 * @unit: (transfer full): a detached unit
 *
 * The unit gets an id if it has none (or its id is taken), is costed, and the totals of the
 * node and its ancestors take it in. The inverse is muster_node_remove_unit().
 */
void
muster_node_insert_unit (MusterNode *self,
                         guint       index,
                         MusterUnit *unit)
{
  MusterDoc *doc;

  g_return_if_fail (unit != NULL && unit->node == NULL);
  g_return_if_fail (index <= self->units->len);

  link_unit (self, index, unit);
  if ((doc = doc_of (self)) != NULL)
    _muster_doc_register (doc, &unit->id, 'u', unit->xml, unit, FALSE, NULL);
  compute_cost (unit);
  propagate (self, unit_contribution (unit), +1);
  _muster_force_notify (muster_node_get_force (self), MUSTER_EDIT_UNIT_ADDED, unit);
}

/**
 * muster_node_remove_unit:
 * @self: a node
 * @index: which of its units
 *
 * Returns: (transfer full): the unit, detached, with its id, picks and unknown XML, ready to
 *   be inserted again
 */
MusterUnit *
muster_node_remove_unit (MusterNode *self,
                         guint       index)
{
  MusterDoc *doc = doc_of (self);
  MusterUnit *unit;

  g_return_val_if_fail (index < self->units->len, NULL);

  unit = unlink_unit (self, index);
  propagate (self, unit_contribution (unit), -1);
  if (doc != NULL)
    _muster_doc_unregister (doc, unit->id);
  _muster_force_notify (muster_node_get_force (self), MUSTER_EDIT_UNIT_REMOVED, unit);
  return unit;
}

/**
 * muster_node_move_unit:
 * @from: the node holding the unit
 * @from_index: the unit's index in @from
 * @to: the node to move it to (may be @from)
 * @to_index: its index in @to after the move
 *
 * Moves a unit; within one force its cost does not change and it is not re-costed. The
 * inverse is a move from (@to, @to_index) back to (@from, @from_index).
 */
void
muster_node_move_unit (MusterNode *from,
                       guint       from_index,
                       MusterNode *to,
                       guint       to_index)
{
  MusterUnit *unit;
  Contribution c;

  g_return_if_fail (from_index < from->units->len);

  if (muster_node_get_force (from) != muster_node_get_force (to))
    {
      unit = muster_node_remove_unit (from, from_index);
      muster_node_insert_unit (to, to_index, unit);
      return;
    }

  unit = unlink_unit (from, from_index);
  c = unit_contribution (unit);
  propagate (from, c, -1);
  g_return_if_fail (to_index <= to->units->len);
  link_unit (to, to_index, unit);
  propagate (to, c, +1);
  _muster_force_notify (muster_node_get_force (to), MUSTER_EDIT_UNIT_CHANGED, unit);
}

/**
 * muster_node_insert_node:
 * @self: a node
 * @index: where, among the node's child nodes
 * @child: (transfer full): a detached node (with anything in it)
 *
 * The subtree's units are costed afresh for this force; the totals above take them in.
 */
void
muster_node_insert_node (MusterNode *self,
                         guint       index,
                         MusterNode *child)
{
  MusterDoc *doc;

  g_return_if_fail (child != NULL && child->parent == NULL && child->force == NULL);
  g_return_if_fail (index <= self->nodes->len);

  link_element (self->xml,
                index < self->nodes->len ? ((MusterNode *) self->nodes->pdata[index])->xml : NULL,
                index > 0 ? ((MusterNode *) self->nodes->pdata[index - 1])->xml : NULL,
                child->xml);
  g_ptr_array_insert (self->nodes, index, child);
  child->parent = self;
  if ((doc = doc_of (self)) != NULL)
    register_subtree (doc, child, FALSE, NULL);
  refresh_subtree (child);
  propagate (self, subtree_contribution (child), +1);
  _muster_force_notify (muster_node_get_force (self), MUSTER_EDIT_NODE_ADDED, child);
}

/* Returns: (transfer full): the node, detached, with everything in it */
MusterNode *
muster_node_remove_node (MusterNode *self,
                         guint       index)
{
  MusterDoc *doc = doc_of (self);
  MusterNode *child;

  g_return_val_if_fail (index < self->nodes->len, NULL);

  child = g_ptr_array_steal_index (self->nodes, index);
  propagate (self, subtree_contribution (child), -1);
  if (doc != NULL)
    unregister_subtree (doc, child);
  muster_xml_detach (child->xml);
  child->parent = NULL;
  _muster_force_notify (muster_node_get_force (self), MUSTER_EDIT_NODE_REMOVED, child);
  return child;
}

/* Forces */

static MusterForce *
force_alloc (xmlNode *xml)
{
  MusterForce *self = g_new0 (MusterForce, 1);

  self->settings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->root = node_alloc ();
  self->root->force = self;
  self->root->xml = xml;
  return self;
}

static void
set_points_prop (MusterForce *self)
{
  g_autofree char *text = NULL;

  if (self->points_limit > 0)
    text = g_strdup_printf ("%" G_GINT64_FORMAT, self->points_limit);
  muster_xml_set_prop (self->root->xml, "points", text);
}

/**
 * muster_force_new:
 * @name: the force's name
 * @points_limit: the agreed points limit, 0 for none
 *
 * Returns: (transfer full): a detached, empty force
 */
MusterForce *
muster_force_new (const char *name,
                  gint64      points_limit)
{
  MusterForce *self = force_alloc (xmlNewNode (NULL, (const xmlChar *) "force"));

  self->root->name = g_strdup (name);
  muster_xml_set_prop (self->root->xml, "name", name);
  self->points_limit = MAX (points_limit, 0);
  set_points_prop (self);
  return self;
}

void
_muster_force_destroy (MusterForce *self)
{
  node_destroy (self->root);
  g_hash_table_unref (self->settings);
  g_free (self->side);
  g_free (self->roster);
  g_free (self);
}

/* Frees a detached force, everything in it, and its element. */
void
muster_force_free (MusterForce *self)
{
  xmlNode *xml;

  if (self == NULL)
    return;
  g_return_if_fail (self->doc == NULL);

  xml = self->root->xml;
  _muster_force_destroy (self);
  xmlFreeNode (xml);
}

static gboolean
parse_settings (MusterForce  *self,
                const char   *file,
                GError      **error)
{
  for (xmlNode *child = self->root->xml->children; child != NULL; child = child->next)
    {
      char *variant, *value;

      if (!muster_xml_is_element (child, "setting"))
        continue;
      variant = muster_xml_get_prop (child, "variant");
      value = muster_xml_get_prop (child, "value");
      if (variant == NULL || value == NULL || g_hash_table_contains (self->settings, variant))
        {
          g_free (variant);
          g_free (value);
          return doc_fail (error, file, child, "<setting> needs a variant and a value, once "
                           "per variant");
        }
      g_hash_table_insert (self->settings, variant, value);
    }
  return TRUE;
}

MusterForce *
_muster_force_new_from_xml (xmlNode     *xml,
                            const char  *file,
                            GError     **error)
{
  MusterForce *self = force_alloc (xml);
  g_autofree char *points = muster_xml_get_prop (xml, "points");

  self->root->id = muster_xml_get_prop (xml, "id");
  self->root->name = muster_xml_get_prop (xml, "name");
  self->side = muster_xml_get_prop (xml, "side");
  self->roster = muster_xml_get_prop (xml, "roster");
  if (points != NULL && !g_ascii_string_to_signed (points, 10, 0, G_MAXINT64, &self->points_limit,
                                                   NULL))
    doc_fail (error, file, xml, "points=\"%s\" of <force> is not a whole number", points);
  else if (parse_settings (self, file, error) && parse_children (self->root, file, error))
    return self;

  _muster_force_destroy (self);
  return NULL;
}

/* Joins @doc: ids are registered (strictly: a duplicate is an error, when reading a file)
 * and every unit is costed. */
gboolean
_muster_force_attach (MusterForce  *self,
                      MusterDoc    *doc,
                      gboolean      strict,
                      GError      **error)
{
  self->doc = doc;
  if (!register_subtree (doc, self->root, strict, error))
    return FALSE;
  refresh_subtree (self->root);
  return TRUE;
}

void
_muster_force_detach (MusterForce *self)
{
  unregister_subtree (self->doc, self->root);
  self->doc = NULL;
}

/* Re-costs every unit: the ruleset or a list option changed. */
void
_muster_force_recost (MusterForce *self)
{
  refresh_subtree (self->root);
}

/* Returns: (nullable): the id, or %NULL for a force that never joined a document */
const char *
muster_force_get_id (const MusterForce *self)
{
  return self->root->id;
}

/* Returns: (nullable) */
const char *
muster_force_get_name (const MusterForce *self)
{
  return self->root->name;
}

/* Returns: (nullable): the side the force fights on */
const char *
muster_force_get_side (const MusterForce *self)
{
  return self->side;
}

/* Returns: (nullable): the id of the BattleScribe roster the force was placed from: the
 * scenario follows that roster's edits while both are open */
const char *
muster_force_get_roster (const MusterForce *self)
{
  return self->roster;
}

/* Returns: the agreed points limit, 0 for none */
gint64
muster_force_get_points_limit (const MusterForce *self)
{
  return self->points_limit;
}

/* Returns: (nullable): the force's choice for a ruleset variant (a list option) */
const char *
muster_force_get_setting (const MusterForce *self,
                          const char        *variant_id)
{
  return g_hash_table_lookup (self->settings, variant_id);
}

/* Returns: (transfer none) (element-type utf8 utf8): variant id -> the force's choice */
GHashTable *
muster_force_get_settings (const MusterForce *self)
{
  return self->settings;
}

/* Returns: (transfer none): the root node: the force's own units and top-level nodes */
MusterNode *
muster_force_get_root (const MusterForce *self)
{
  return self->root;
}

/* Returns: (nullable): the document holding the force */
MusterDoc *
muster_force_get_doc (const MusterForce *self)
{
  return self->doc;
}

gint64
muster_force_get_total (const MusterForce *self)
{
  return self->root->total;
}

gboolean
muster_force_is_house (const MusterForce *self)
{
  return self->root->n_house > 0;
}

/* Returns: how many units could not be costed (unknown type, a missing table cell…) */
guint
muster_force_get_n_uncosted (const MusterForce *self)
{
  return self->root->n_uncosted;
}

/* Returns: (transfer full) (nullable): the previous name */
char *
muster_force_set_name (MusterForce *self,
                       const char  *name)
{
  return muster_node_set_name (self->root, name);
}

/* Returns: (transfer full) (nullable): the previous side */
char *
muster_force_set_side (MusterForce *self,
                       const char  *side)
{
  char *old = self->side;

  self->side = g_strdup (side);
  muster_xml_set_prop (self->root->xml, "side", side);
  /* Sides decide who is an opponent (Medals of Valor's tank advice). */
  _muster_force_notify (self, MUSTER_EDIT_FORCE_CHANGED, self);
  return old;
}

/* Links the force to a BattleScribe roster (see muster_force_get_roster()). Not an undoable
 * edit: it is set when the force is made. */
void
muster_force_set_roster (MusterForce *self,
                         const char  *roster_id)
{
  g_free (self->roster);
  self->roster = g_strdup (roster_id);
  muster_xml_set_prop (self->root->xml, "roster", roster_id);
}

/* Returns: the previous limit */
gint64
muster_force_set_points_limit (MusterForce *self,
                               gint64       points_limit)
{
  gint64 old = self->points_limit;

  self->points_limit = MAX (points_limit, 0);
  set_points_prop (self);
  _muster_force_notify (self, MUSTER_EDIT_LIMIT_CHANGED, self);
  return old;
}

/**
 * muster_force_set_setting:
 * @self: a force
 * @variant_id: a ruleset variant
 * @value: (nullable): the force's choice; %NULL goes back to the ruleset's default
 *
 * Sets a list option. Costs may depend on it, so every unit of the force is re-costed.
 *
 * Returns: (transfer full) (nullable): the previous choice
 */
char *
muster_force_set_setting (MusterForce *self,
                          const char  *variant_id,
                          const char  *value)
{
  xmlNode *element = muster_xml_find_child (self->root->xml, "setting", "variant", variant_id);
  g_autofree char *old_key = NULL;
  char *old = NULL;

  g_return_val_if_fail (variant_id != NULL, NULL);

  g_hash_table_steal_extended (self->settings, variant_id, (gpointer *) &old_key,
                               (gpointer *) &old);
  if (value == NULL)
    {
      if (element != NULL)
        {
          xmlUnlinkNode (element);
          xmlFreeNode (element);
        }
    }
  else
    {
      g_hash_table_insert (self->settings, g_strdup (variant_id), g_strdup (value));
      if (element == NULL)
        {
          element = xmlNewNode (NULL, (const xmlChar *) "setting");
          muster_xml_set_prop (element, "variant", variant_id);
          link_element (self->root->xml, self->root->xml->children, NULL, element);
        }
      muster_xml_set_prop (element, "value", value);
    }

  _muster_force_recost (self);
  _muster_force_notify (self, MUSTER_EDIT_FORCE_CHANGED, self);
  return old;
}
