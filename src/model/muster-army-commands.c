/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-army-commands"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army-commands-private.h"
#include "muster-battlefield-commands.h"
#include "muster-document-private.h"
#include "muster-engine.h"
#include "muster-roster-moves.h"

/*
 * One command type for every army edit: each kind is a few lines of apply and revert over an
 * engine operation, and sharing the type keeps ownership of detached units and nodes (the
 * ones an undone "add" or a done "remove" hold) in one finalize. This file holds the type and
 * the edits of lists and groups; muster-army-commands-unit.c those of units.
 */

G_DEFINE_FINAL_TYPE (MusterArmyCommand, muster_army_command, MUSTER_TYPE_COMMAND)

/* Rows of a node: its units first, then its child nodes. */
static guint
node_row (MusterNode *parent,
          guint       node_index)
{
  return muster_node_get_n_units (parent) + node_index;
}

static void
insert_unit (MusterArmyCommand *self)
{
  muster_node_insert_unit (self->node, self->index, self->unit);
  self->owned = FALSE;
  _muster_document_emit_children_changed (self->document, self->node, self->index, 0, 1);
}

static void
remove_unit (MusterArmyCommand *self)
{
  self->unit = muster_node_remove_unit (self->node, self->index);
  self->owned = TRUE;
  _muster_document_emit_children_changed (self->document, self->node, self->index, 1, 0);
}

static void
insert_node (MusterArmyCommand *self)
{
  muster_node_insert_node (self->node, self->index, self->child);
  self->owned = FALSE;
  _muster_document_emit_children_changed (self->document, self->node,
                                          node_row (self->node, self->index), 0, 1);
}

static void
remove_node (MusterArmyCommand *self)
{
  self->child = muster_node_remove_node (self->node, self->index);
  self->owned = TRUE;
  _muster_document_emit_children_changed (self->document, self->node,
                                          node_row (self->node, self->index), 1, 0);
}

static void
move_unit (MusterArmyCommand *self,
           MusterNode        *from,
           guint              from_index,
           MusterNode        *to,
           guint              to_index)
{
  muster_node_move_unit (from, from_index, to, to_index);
  _muster_document_emit_children_changed (self->document, from, from_index, 1, 0);
  _muster_document_emit_children_changed (self->document, to, to_index, 0, 1);
}

/* A group and everything in it to another parent; @to_index counts @to's nodes once it left. */
static void
move_node (MusterArmyCommand *self,
           MusterNode        *from,
           guint              from_index,
           MusterNode        *to,
           guint              to_index)
{
  MusterNode *child = muster_node_remove_node (from, from_index);

  _muster_document_emit_children_changed (self->document, from, node_row (from, from_index), 1, 0);
  muster_node_insert_node (to, to_index, child);
  _muster_document_emit_children_changed (self->document, to, node_row (to, to_index), 0, 1);
}

static void
string_changed (MusterArmyCommand *self,
                const char        *value)
{
  if (self->title_follows)
    {
      muster_doc_set_title (muster_document_get_doc (self->document), value ? value : "");
      g_object_notify (G_OBJECT (self->document), "title");
    }
  if (self->force != NULL)
    _muster_document_emit_force_changed (self->document, self->force);
  else if (self->named != NULL)
    _muster_document_emit_node_changed (self->document, self->named);
  else
    _muster_document_emit_unit_changed (self->document, self->unit);
}

static void
apply_changes (MusterArmyCommand *self)
{
  for (guint i = 0; i < self->changes->len; i++)
    {
      Change *change = &g_array_index (self->changes, Change, i);

      change->index = muster_unit_find_option (self->unit, change->option);
      change->old = muster_unit_set_option (self->unit, change->option, change->count);
    }
  _muster_document_emit_unit_changed (self->document, self->unit);
}

/* In reverse order, each pick back at its old place, so the bytes match again. */
static void
revert_changes (MusterArmyCommand *self)
{
  for (guint i = self->changes->len; i > 0; i--)
    {
      Change *change = &g_array_index (self->changes, Change, i - 1);

      if (change->old == change->count)
        continue;
      if (change->count == 0)
        muster_unit_insert_option (self->unit, change->index, change->option, change->old);
      else
        muster_unit_set_option (self->unit, change->option, change->old);
    }
  _muster_document_emit_unit_changed (self->document, self->unit);
}

static void
muster_army_command_apply (MusterCommand *command)
{
  MusterArmyCommand *self = MUSTER_ARMY_COMMAND (command);

  switch (self->kind)
    {
    case KIND_INSERT_UNIT:
      insert_unit (self);
      break;

    case KIND_REMOVE_UNIT:
      if (self->placements != NULL)
        muster_command_apply (self->placements);
      remove_unit (self);
      break;

    case KIND_INSERT_NODE:
      insert_node (self);
      break;

    case KIND_REMOVE_NODE:
      if (self->placements != NULL)
        muster_command_apply (self->placements);
      remove_node (self);
      break;

    case KIND_MOVE_UNIT:
      move_unit (self, self->node, self->index, self->to, self->to_index);
      break;

    case KIND_MOVE_NODE:
      move_node (self, self->node, self->index, self->to, self->to_index);
      break;

    case KIND_SET_SIZE:
      self->old_size = muster_unit_set_size (self->unit, self->size);
      _muster_document_emit_unit_changed (self->document, self->unit);
      break;

    case KIND_SET_OPTIONS:
      apply_changes (self);
      break;

    case KIND_SET_STRING:
      if (self->force != NULL)
        self->title_follows =
          g_strcmp0 (muster_doc_get_title (muster_document_get_doc (self->document)),
                     muster_force_get_name (self->force)) == 0;
      g_free (self->old_value);
      self->old_value = self->setter (self->target, self->value);
      string_changed (self, self->value);
      break;

    case KIND_SET_LIMIT:
      self->old_limit = muster_force_set_points_limit (self->force, self->limit);
      _muster_document_emit_force_changed (self->document, self->force);
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
muster_army_command_revert (MusterCommand *command)
{
  MusterArmyCommand *self = MUSTER_ARMY_COMMAND (command);

  switch (self->kind)
    {
    case KIND_INSERT_UNIT:
      remove_unit (self);
      break;

    case KIND_REMOVE_UNIT:
      insert_unit (self);
      if (self->placements != NULL)
        muster_command_revert (self->placements);
      break;

    case KIND_INSERT_NODE:
      remove_node (self);
      break;

    case KIND_REMOVE_NODE:
      insert_node (self);
      if (self->placements != NULL)
        muster_command_revert (self->placements);
      break;

    case KIND_MOVE_UNIT:
      move_unit (self, self->to, self->to_index, self->node, self->index);
      break;

    case KIND_MOVE_NODE:
      move_node (self, self->to, self->to_index, self->node, self->index);
      break;

    case KIND_SET_SIZE:
      muster_unit_set_size (self->unit, self->old_size);
      _muster_document_emit_unit_changed (self->document, self->unit);
      break;

    case KIND_SET_OPTIONS:
      revert_changes (self);
      break;

    case KIND_SET_STRING:
      g_free (self->setter (self->target, self->old_value));
      string_changed (self, self->old_value);
      break;

    case KIND_SET_LIMIT:
      muster_force_set_points_limit (self->force, self->old_limit);
      _muster_document_emit_force_changed (self->document, self->force);
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Typing a name, or clicking a size up several times, is one undo step. */
static gboolean
muster_army_command_merge (MusterCommand *command,
                           MusterCommand *next_command)
{
  MusterArmyCommand *self = MUSTER_ARMY_COMMAND (command);
  MusterArmyCommand *next = MUSTER_ARMY_COMMAND (next_command);

  if (self->kind != next->kind || self->document != next->document)
    return FALSE;

  switch (self->kind)
    {
    case KIND_SET_SIZE:
      if (self->unit != next->unit)
        return FALSE;
      self->size = next->size;
      return TRUE;

    case KIND_SET_STRING:
      if (self->setter != next->setter || self->target != next->target)
        return FALSE;
      g_free (self->value);
      self->value = g_strdup (next->value);
      return TRUE;

    case KIND_SET_LIMIT:
      if (self->force != next->force)
        return FALSE;
      self->limit = next->limit;
      return TRUE;

    case KIND_INSERT_UNIT:
    case KIND_REMOVE_UNIT:
    case KIND_INSERT_NODE:
    case KIND_REMOVE_NODE:
    case KIND_MOVE_UNIT:
    case KIND_MOVE_NODE:
    case KIND_SET_OPTIONS:
    default:
      return FALSE;
    }
}

static void
muster_army_command_finalize (GObject *object)
{
  MusterArmyCommand *self = MUSTER_ARMY_COMMAND (object);

  if (self->owned)
    {
      g_clear_pointer (&self->unit, muster_unit_free);
      g_clear_pointer (&self->child, muster_node_free);
    }
  g_clear_pointer (&self->changes, g_array_unref);
  g_clear_object (&self->placements);
  g_free (self->value);
  g_free (self->old_value);

  G_OBJECT_CLASS (muster_army_command_parent_class)->finalize (object);
}

static void
muster_army_command_class_init (MusterArmyCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  MusterCommandClass *command_class = MUSTER_COMMAND_CLASS (klass);

  object_class->finalize = muster_army_command_finalize;
  command_class->apply = muster_army_command_apply;
  command_class->revert = muster_army_command_revert;
  command_class->merge = muster_army_command_merge;
}

static void
muster_army_command_init (MusterArmyCommand *self)
{
}

MusterArmyCommand *
_muster_army_command_new (MusterDocument *document,
                          Kind            kind,
                          char           *label)
{
  MusterArmyCommand *self = g_object_new (MUSTER_TYPE_ARMY_COMMAND, "label", label, NULL);

  g_free (label);
  self->document = document;
  self->kind = kind;
  return self;
}

static void
collect_unit_ids (MusterNode *node,
                  GHashTable *ids)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    g_hash_table_add (ids, (gpointer) muster_unit_get_id (muster_node_get_unit (node, i)));
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    collect_unit_ids (muster_node_get_node (node, i), ids);
}

/* A unit taken out of the list leaves the battlefield in the same undo step: a placement of a
 * unit no list has is an error (rule `placement`), and nobody deleting a unit means to keep
 * its stands on the table. Returns: (nullable): the command taking off the placements of
 * @unit, or of every unit in @node */
MusterCommand *
_muster_army_placements_command_new (MusterDocument *document,
                                     MusterUnit     *unit,
                                     MusterNode     *node)
{
  MusterBattlefield *field = muster_doc_get_battlefield (muster_document_get_doc (document));
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  MusterCommand *command = NULL;

  if (field == NULL)
    return NULL;
  if (unit != NULL)
    g_hash_table_add (ids, (gpointer) muster_unit_get_id (unit));
  else
    collect_unit_ids (node, ids);
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *feature = muster_battlefield_get_feature (field, i);

      if (feature->kind != MUSTER_FEATURE_UNIT || feature->unit == NULL ||
          !g_hash_table_contains (ids, feature->unit))
        continue;
      if (command == NULL)
        command = muster_features_command_new (document, _("Remove"));
      muster_features_command_remove (MUSTER_FEATURES_COMMAND (command), feature->id);
    }
  return command;
}

static guint
node_index (MusterNode *node)
{
  MusterNode *parent = muster_node_get_parent (node);

  for (guint i = 0; i < muster_node_get_n_nodes (parent); i++)
    if (muster_node_get_node (parent, i) == node)
      return i;
  g_return_val_if_reached (0);
}

MusterArmyCommand *
_muster_army_string_command_new (MusterDocument *document,
                                 StringSetter    setter,
                                 gpointer        target,
                                 const char     *value,
                                 char           *label)
{
  MusterArmyCommand *self = _muster_army_command_new (document, KIND_SET_STRING, label);

  self->setter = setter;
  self->target = target;
  /* An empty name or note is no name or note. */
  self->value = value != NULL && *value != '\0' ? g_strdup (value) : NULL;
  return self;
}

MusterCommand *
muster_set_force_name_command_new (MusterDocument *document,
                                   MusterForce    *force,
                                   const char     *name)
{
  MusterArmyCommand *self;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (force != NULL, NULL);

  self = _muster_army_string_command_new (document, (StringSetter) muster_force_set_name,
                                          force, name, g_strdup (_("Rename List")));
  self->force = force;
  return MUSTER_COMMAND (self);
}

MusterCommand *
muster_set_points_limit_command_new (MusterDocument *document,
                                     MusterForce    *force,
                                     gint64          points_limit)
{
  MusterArmyCommand *self;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (force != NULL, NULL);

  self = _muster_army_command_new (document, KIND_SET_LIMIT, g_strdup (_("Change Points Limit")));
  self->force = force;
  self->limit = MAX (points_limit, 0);
  return MUSTER_COMMAND (self);
}

/**
 * muster_add_node_command_new:
 * @parent: the node it goes in
 * @index: its place among @parent's child nodes
 * @level_id: an organisation level of the ruleset ("command", "wing"…)
 * @name: (nullable): its name; %NULL names it after its level
 */
MusterCommand *
muster_add_node_command_new (MusterDocument *document,
                             MusterNode     *parent,
                             guint           index,
                             const char     *level_id,
                             const char     *name)
{
  MusterRuleset *ruleset;
  const MusterLevel *level;
  MusterArmyCommand *self;
  const char *shown;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (parent != NULL && level_id != NULL, NULL);
  g_return_val_if_fail (index <= muster_node_get_n_nodes (parent), NULL);

  ruleset = muster_document_get_ruleset (document);
  level = ruleset ? muster_ruleset_lookup (ruleset, MUSTER_ITEM_LEVEL, level_id) : NULL;
  shown = name != NULL ? name : level != NULL ? level->item.name : level_id;
  self = _muster_army_command_new (document, KIND_INSERT_NODE,
                                   g_strdup_printf (_("Add %s"), shown));
  self->node = parent;
  self->index = index;
  self->child = muster_node_new (level_id, shown);
  self->owned = TRUE;
  return MUSTER_COMMAND (self);
}

MusterCommand *
muster_remove_node_command_new (MusterDocument *document,
                                MusterNode     *node)
{
  MusterArmyCommand *self;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (node != NULL && muster_node_get_parent (node) != NULL, NULL);

  self = _muster_army_command_new (document, KIND_REMOVE_NODE,
                                   g_strdup_printf (_("Remove %s"), muster_node_get_name (node)));
  self->node = muster_node_get_parent (node);
  self->index = node_index (node);
  self->placements = _muster_army_placements_command_new (document, NULL, node);
  return MUSTER_COMMAND (self);
}

/**
 * muster_move_node_command_new:
 * @node: a group (not the force's root), moved with everything in it
 * @to: its new parent: neither @node nor a group inside it
 * @to_index: its place among @to's child nodes once it has left its old place
 *
 * Returns: (transfer full) (nullable): the command, %NULL when @to lies inside @node
 */
MusterCommand *
muster_move_node_command_new (MusterDocument *document,
                              MusterNode     *node,
                              MusterNode     *to,
                              guint           to_index)
{
  MusterArmyCommand *self;
  guint max;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (node != NULL && muster_node_get_parent (node) != NULL, NULL);
  g_return_val_if_fail (to != NULL, NULL);

  if (muster_node_is_within (to, node))
    return NULL;
  max = muster_node_get_n_nodes (to) - (muster_node_get_parent (node) == to ? 1 : 0);
  g_return_val_if_fail (to_index <= max, NULL);

  self = _muster_army_command_new (document, KIND_MOVE_NODE,
                                   g_strdup_printf (_("Move %s"), muster_node_get_name (node)));
  self->node = muster_node_get_parent (node);
  self->index = node_index (node);
  self->to = to;
  self->to_index = to_index;
  return MUSTER_COMMAND (self);
}

/**
 * muster_rename_node_command_new:
 * @node: a group (not the force's root, whose name is the list's)
 * @name: its new name; empty names it after its level
 */
MusterCommand *
muster_rename_node_command_new (MusterDocument *document,
                                MusterNode     *node,
                                const char     *name)
{
  MusterRuleset *ruleset;
  const MusterLevel *level;
  MusterArmyCommand *self;
  const char *shown = name;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (node != NULL && muster_node_get_parent (node) != NULL, NULL);

  /* A group always has a name: the roster and the printed list show it. */
  if (shown == NULL || *shown == '\0')
    {
      ruleset = muster_document_get_ruleset (document);
      level = ruleset ? muster_ruleset_lookup (ruleset, MUSTER_ITEM_LEVEL,
                                               muster_node_get_level (node)) : NULL;
      shown = level != NULL ? level->item.name : muster_node_get_level (node);
    }
  /* TRANSLATORS: the undo label of renaming a group, "Rename Left Wing" */
  self = _muster_army_string_command_new (document, (StringSetter) muster_node_set_name,
                                          node, shown,
                                          g_strdup_printf (_("Rename %s"),
                                                           muster_node_get_name (node)));
  self->named = node;
  return MUSTER_COMMAND (self);
}
