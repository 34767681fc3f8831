/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-army-commands"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army-commands-private.h"
#include "muster-engine.h"

/* The edits of units (add, remove, duplicate, move, size, picks, name and notes), and the
 * names a unit is shown by, which their undo labels use. */

/**
 * muster_unit_dup_type_name:
 * @ruleset: (nullable): the document's
 *
 * Returns: (transfer full): what the unit is: its type's name, else the name of the roster
 *   entry it was placed from (a BattleScribe roster's unit, whose type id is made up), else
 *   its type id
 */
char *
muster_unit_dup_type_name (MusterUnit    *unit,
                           MusterRuleset *ruleset)
{
  const MusterUnitType *type;

  g_return_val_if_fail (unit != NULL, NULL);

  type = ruleset ? muster_ruleset_get_unit_type (ruleset, muster_unit_get_type_id (unit)) : NULL;
  if (type != NULL)
    return g_strdup (type->item.name);
  if (muster_unit_get_entry_name (unit) != NULL)
    return g_strdup (muster_unit_get_entry_name (unit));
  return g_strdup (muster_unit_get_type_id (unit));
}

/**
 * muster_unit_dup_display_name:
 * @ruleset: (nullable): to name an unnamed unit after its type
 *
 * Returns: (transfer full): the unit's own name, else muster_unit_dup_type_name()
 */
char *
muster_unit_dup_display_name (MusterUnit    *unit,
                              MusterRuleset *ruleset)
{
  const char *name = muster_unit_get_name (unit);

  g_return_val_if_fail (unit != NULL, NULL);

  if (name != NULL && *name != '\0')
    return g_strdup (name);
  return muster_unit_dup_type_name (unit, ruleset);
}

/* Counts the units of @node and below that have no name and are of @type_id, up to @unit;
 * @index is @unit's number among them, from 1. */
static void
count_unnamed (MusterNode *node,
               const char *type_id,
               MusterUnit *unit,
               guint      *n,
               guint      *index)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      MusterUnit *other = muster_node_get_unit (node, i);
      const char *name = muster_unit_get_name (other);

      if ((name != NULL && *name != '\0') || g_strcmp0 (muster_unit_get_type_id (other), type_id) != 0)
        continue;
      ++*n;
      if (other == unit)
        *index = *n;
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    count_unnamed (muster_node_get_node (node, i), type_id, unit, n, index);
}

/**
 * muster_unit_dup_label:
 * @ruleset: (nullable): to name an unnamed unit after its type
 *
 * What tells a unit apart on the battlefield: its own name, else its type and its number
 * among its force's units of that type without a name ("Infantry 2"), or the type alone when
 * it is the only one.
 *
 * Returns: (transfer full): the label
 */
char *
muster_unit_dup_label (MusterUnit    *unit,
                       MusterRuleset *ruleset)
{
  g_autofree char *type_name = muster_unit_dup_display_name (unit, ruleset);
  const char *name = muster_unit_get_name (unit);
  MusterForce *force = muster_unit_get_force (unit);
  guint n = 0, index = 0;

  if ((name != NULL && *name != '\0') || force == NULL)
    return g_steal_pointer (&type_name);
  count_unnamed (muster_force_get_root (force), muster_unit_get_type_id (unit), unit, &n, &index);
  if (n < 2)
    return g_steal_pointer (&type_name);
  /* TRANSLATORS: a unit without a name, on the map: its type and its number, "Infantry 2" */
  return g_strdup_printf (_("%s %u"), type_name, index);
}

static char *
unit_name (MusterDocument *document,
           MusterUnit     *unit)
{
  return muster_unit_dup_display_name (unit, muster_document_get_ruleset (document));
}

static guint
unit_index (MusterUnit *unit)
{
  MusterNode *node = muster_unit_get_node (unit);

  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    if (muster_node_get_unit (node, i) == unit)
      return i;
  g_return_val_if_reached (0);
}

/* Inserts @unit, a detached unit the command then owns, at @index of @node. */
MusterCommand *
_muster_army_insert_unit_command_new (MusterDocument *document,
                         MusterNode     *node,
                         guint           index,
                         MusterUnit     *unit,
                         char           *label)
{
  MusterArmyCommand *self = _muster_army_command_new (document, KIND_INSERT_UNIT, label);

  self->node = node;
  self->index = index;
  self->unit = unit;
  self->owned = TRUE;
  return MUSTER_COMMAND (self);
}

/**
 * muster_add_unit_command_new:
 * @node: where: the force's root or an organisation node
 * @index: the place among the node's units
 * @type_id: a unit type of the document's ruleset
 *
 * A unit of the type's default size with every option group's default picked.
 */
MusterCommand *
muster_add_unit_command_new (MusterDocument *document,
                             MusterNode     *node,
                             guint           index,
                             const char     *type_id)
{
  MusterRuleset *ruleset;
  const MusterUnitType *type;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (index <= muster_node_get_n_units (node), NULL);
  ruleset = muster_document_get_ruleset (document);
  g_return_val_if_fail (ruleset != NULL, NULL);
  type = muster_ruleset_get_unit_type (ruleset, type_id);
  g_return_val_if_fail (type != NULL, NULL);

  return _muster_army_insert_unit_command_new (document, node, index,
                                  muster_unit_new_for_type (ruleset, type_id),
                                  g_strdup_printf (_("Add %s"), type->item.name));
}

MusterCommand *
muster_remove_unit_command_new (MusterDocument *document,
                                MusterUnit     *unit)
{
  MusterArmyCommand *self;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (unit != NULL && muster_unit_get_node (unit) != NULL, NULL);

  g_autofree char *name = unit_name (document, unit);
  self = _muster_army_command_new (document, KIND_REMOVE_UNIT,
                                   g_strdup_printf (_("Remove %s"), name));
  self->node = muster_unit_get_node (unit);
  self->index = unit_index (unit);
  self->placements = _muster_army_placements_command_new (document, unit, NULL);
  return MUSTER_COMMAND (self);
}

/* A copy with the same type, size, picks, name and notes (and a roster unit's entry name,
 * base and cost), placed right after @unit. */
MusterCommand *
muster_duplicate_unit_command_new (MusterDocument *document,
                                   MusterUnit     *unit)
{
  MusterUnit *copy;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (unit != NULL && muster_unit_get_node (unit) != NULL, NULL);

  copy = muster_unit_new (muster_unit_get_type_id (unit), muster_unit_get_size (unit));
  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      guint count;
      const char *option = muster_unit_get_pick (unit, i, &count);

      muster_unit_insert_option (copy, i, option, count);
    }
  g_free (muster_unit_set_name (copy, muster_unit_get_name (unit)));
  g_free (muster_unit_set_notes (copy, muster_unit_get_notes (unit)));
  /* a roster's unit: the same entry on the same base at the same cost, but no selection of
   * the roster's, so the scenario's own (see muster-bs-follow.h) */
  g_free (muster_unit_set_entry_name (copy, muster_unit_get_entry_name (unit)));
  {
    double width, depth;
    gint64 cost;

    if (muster_unit_get_base (unit, &width, &depth))
      muster_unit_set_base (copy, width, depth);
    if (muster_unit_get_own_cost (unit, &cost))
      muster_unit_set_own_cost (copy, cost);
  }

  g_autofree char *name = unit_name (document, unit);
  return _muster_army_insert_unit_command_new (document, muster_unit_get_node (unit),
                                               unit_index (unit) + 1,
                                  copy, g_strdup_printf (_("Duplicate %s"), name));
}

/**
 * muster_move_unit_command_new:
 * @to: the node the unit goes to (its own node to reorder)
 * @to_index: its place among @to's units once it has left its old place
 */
MusterCommand *
muster_move_unit_command_new (MusterDocument *document,
                              MusterUnit     *unit,
                              MusterNode     *to,
                              guint           to_index)
{
  MusterArmyCommand *self;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (unit != NULL && muster_unit_get_node (unit) != NULL, NULL);
  g_return_val_if_fail (to != NULL, NULL);

  g_autofree char *name = unit_name (document, unit);
  self = _muster_army_command_new (document, KIND_MOVE_UNIT, g_strdup_printf (_("Move %s"), name));
  self->node = muster_unit_get_node (unit);
  self->index = unit_index (unit);
  self->to = to;
  self->to_index = to_index;
  return MUSTER_COMMAND (self);
}

MusterCommand *
muster_set_unit_size_command_new (MusterDocument *document,
                                  MusterUnit     *unit,
                                  guint           size)
{
  MusterArmyCommand *self;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (unit != NULL, NULL);

  g_autofree char *name = unit_name (document, unit);
  self = _muster_army_command_new (document, KIND_SET_SIZE,
                                   g_strdup_printf (_("Change Size of %s"), name));
  self->unit = unit;
  self->size = size;
  return MUSTER_COMMAND (self);
}

static void
change_clear (gpointer data)
{
  Change *change = data;

  g_free (change->option);
}

static MusterArmyCommand *
options_command_new (MusterDocument *document,
                     MusterUnit     *unit,
                     char           *label)
{
  MusterArmyCommand *self = _muster_army_command_new (document, KIND_SET_OPTIONS, label);

  self->unit = unit;
  self->changes = g_array_new (FALSE, TRUE, sizeof (Change));
  g_array_set_clear_func (self->changes, change_clear);
  return self;
}

static void
add_change (MusterArmyCommand *self,
            const char        *option,
            guint              count)
{
  Change change = { g_strdup (option), count, 0, -1 };

  g_array_append_val (self->changes, change);
}

/**
 * muster_set_option_command_new:
 * @option_id: an option of the document's ruleset
 * @count: how many times it is picked; 0 clears the pick
 */
MusterCommand *
muster_set_option_command_new (MusterDocument *document,
                               MusterUnit     *unit,
                               const char     *option_id,
                               guint           count)
{
  MusterRuleset *ruleset;
  const MusterOption *option;
  MusterArmyCommand *self;
  g_autofree char *name = NULL;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (unit != NULL && option_id != NULL, NULL);

  ruleset = muster_document_get_ruleset (document);
  option = ruleset ? muster_ruleset_get_option (ruleset, option_id) : NULL;
  name = muster_unit_dup_display_name (unit, ruleset);
  self = options_command_new (document, unit,
                              count > 0
                                /* TRANSLATORS: "Pick Shields for Iron Guard" */
                                ? g_strdup_printf (_("Pick %s for %s"),
                                                   option ? option->item.name : option_id, name)
                                : g_strdup_printf (_("Drop %s from %s"),
                                                   option ? option->item.name : option_id, name));
  add_change (self, option_id, count);
  return MUSTER_COMMAND (self);
}

/**
 * muster_choose_option_command_new:
 * @group_id: an option group of the document's ruleset
 * @option_id: (nullable): the one option of the group to pick; %NULL picks none
 *
 * Makes @option_id the group's only pick, as a single-choice row does.
 */
MusterCommand *
muster_choose_option_command_new (MusterDocument *document,
                                  MusterUnit     *unit,
                                  const char     *group_id,
                                  const char     *option_id)
{
  MusterRuleset *ruleset;
  const MusterOptionGroup *group;
  MusterArmyCommand *self;
  g_autofree char *name = NULL;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (unit != NULL && group_id != NULL, NULL);
  ruleset = muster_document_get_ruleset (document);
  g_return_val_if_fail (ruleset != NULL, NULL);
  group = muster_ruleset_get_option_group (ruleset, group_id);
  g_return_val_if_fail (group != NULL, NULL);

  name = muster_unit_dup_display_name (unit, ruleset);
  /* TRANSLATORS: "Change Experience of Iron Guard" */
  self = options_command_new (document, unit, g_strdup_printf (_("Change %s of %s"),
                                                               group->item.name, name));
  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      const char *picked = muster_unit_get_pick (unit, i, NULL);
      const MusterOption *option = muster_ruleset_get_option (ruleset, picked);

      if (option != NULL && g_strcmp0 (option->group, group_id) == 0 &&
          g_strcmp0 (picked, option_id) != 0)
        add_change (self, picked, 0);
    }
  if (option_id != NULL && muster_unit_get_option_count (unit, option_id) == 0)
    add_change (self, option_id, 1);
  return MUSTER_COMMAND (self);
}

/* Where a name or note edit is for a unit, its undo label names the unit. */
static MusterCommand *
unit_string_command_new (MusterDocument *document,
                         StringSetter    setter,
                         MusterUnit     *unit,
                         const char     *value,
                         gboolean        is_name)
{
  g_autofree char *name = unit_name (document, unit);
  MusterArmyCommand *self;

  self = _muster_army_string_command_new (document, setter, unit, value,
                                          is_name ? g_strdup_printf (_("Rename %s"), name)
                                                  : g_strdup_printf (_("Edit Notes of %s"),
                                                                     name));
  self->unit = unit;
  return MUSTER_COMMAND (self);
}

MusterCommand *
muster_rename_unit_command_new (MusterDocument *document,
                                MusterUnit     *unit,
                                const char     *name)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (unit != NULL, NULL);

  return unit_string_command_new (document, (StringSetter) muster_unit_set_name, unit, name, TRUE);
}

MusterCommand *
muster_set_unit_notes_command_new (MusterDocument *document,
                                   MusterUnit     *unit,
                                   const char     *notes)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (unit != NULL, NULL);

  return unit_string_command_new (document, (StringSetter) muster_unit_set_notes, unit, notes,
                                  FALSE);
}
