/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-roster-moves"

#include "config.h"

#include "muster-roster-moves.h"

/* Returns: @unit's place among @node's units, or G_MAXUINT */
guint
muster_node_index_of_unit (MusterNode *node,
                           MusterUnit *unit)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    if (muster_node_get_unit (node, i) == unit)
      return i;
  return G_MAXUINT;
}

/* Returns: @child's place among @node's child nodes, or G_MAXUINT */
guint
muster_node_index_of_node (MusterNode *node,
                           MusterNode *child)
{
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    if (muster_node_get_node (node, i) == child)
      return i;
  return G_MAXUINT;
}

/**
 * muster_roster_place_unit:
 * @root: the force's root node, where a drop below every row goes
 * @moving: (nullable): the unit being moved, or %NULL for a new one
 * @at_unit: (nullable): the unit whose row it was dropped on
 * @at_node: (nullable): the group whose row it was dropped on
 * @node: (out): the node it goes in
 * @index: (out): its place among @node's units, counted once @moving left its old place
 *
 * Before or after a unit's row is before or after that unit; on a group's row it goes into
 * the group, at the end of its units, except on the row's upper edge, which is the end of the
 * parent's units (they show just above the parent's groups).
 *
 * Returns: whether that is a move: %FALSE when @moving would stay where it is
 */
gboolean
muster_roster_place_unit (MusterNode       *root,
                          MusterUnit       *moving,
                          MusterUnit       *at_unit,
                          MusterNode       *at_node,
                          MusterDropPlace   place,
                          MusterNode      **node,
                          guint            *index)
{
  MusterNode *to;
  guint i;

  g_return_val_if_fail (root != NULL && node != NULL && index != NULL, FALSE);

  if (at_unit != NULL)
    {
      to = muster_unit_get_node (at_unit);
      i = muster_node_index_of_unit (to, at_unit) + (place == MUSTER_DROP_BEFORE ? 0 : 1);
    }
  else if (at_node != NULL && place == MUSTER_DROP_BEFORE &&
           muster_node_get_parent (at_node) != NULL)
    {
      to = muster_node_get_parent (at_node);
      i = muster_node_get_n_units (to);
    }
  else
    {
      to = at_node != NULL ? at_node : root;
      i = muster_node_get_n_units (to);
    }

  if (moving != NULL && muster_unit_get_node (moving) == to)
    {
      guint from = muster_node_index_of_unit (to, moving);

      if (from < i)
        i--;
      if (from == i)
        return FALSE;
    }
  *node = to;
  *index = i;
  return TRUE;
}

/* Whether @node is @ancestor or lies inside it */
gboolean
muster_node_is_within (MusterNode *node,
                       MusterNode *ancestor)
{
  for (; node != NULL; node = muster_node_get_parent (node))
    if (node == ancestor)
      return TRUE;
  return FALSE;
}

/**
 * muster_roster_place_node:
 * @moving: the group being moved (not the root)
 * @parent: (out): its new parent
 * @index: (out): its place among @parent's groups, counted once @moving left its old place
 *
 * Before or after a group's row is before or after that group, into is at the end of its
 * groups; on a unit's row it goes at the end of the groups of the unit's node.
 *
 * Returns: whether that is a move: %FALSE when @moving would stay where it is or go inside
 * itself
 */
gboolean
muster_roster_place_node (MusterNode       *root,
                          MusterNode       *moving,
                          MusterUnit       *at_unit,
                          MusterNode       *at_node,
                          MusterDropPlace   place,
                          MusterNode      **parent,
                          guint            *index)
{
  MusterNode *to;
  guint i;

  g_return_val_if_fail (root != NULL && moving != NULL, FALSE);
  g_return_val_if_fail (parent != NULL && index != NULL, FALSE);

  if (at_node != NULL && place != MUSTER_DROP_INTO && muster_node_get_parent (at_node) != NULL)
    {
      to = muster_node_get_parent (at_node);
      i = muster_node_index_of_node (to, at_node) + (place == MUSTER_DROP_BEFORE ? 0 : 1);
    }
  else
    {
      to = at_node != NULL ? at_node : at_unit != NULL ? muster_unit_get_node (at_unit) : root;
      i = muster_node_get_n_nodes (to);
    }

  if (muster_node_is_within (to, moving))
    return FALSE;
  if (muster_node_get_parent (moving) == to)
    {
      guint from = muster_node_index_of_node (to, moving);

      if (from < i)
        i--;
      if (from == i)
        return FALSE;
    }
  *parent = to;
  *index = i;
  return TRUE;
}
