/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-bs-entries.h"
#include "muster-bs-page-private.h"

/*
 * What the editor of a selection offers: the entries it may take, each with what is taken of
 * it, whether one more may be, the bounds of its group as the data writes them and a
 * collective entry's note. Read by the editor (muster-bs-page-editor.c) when it builds its
 * rows and when an edit reaches them.
 */

guint
_muster_bs_page_taken (MusterBsSelection  *selection,
                       const char         *entry_id,
                       MusterBsSelection **last)
{
  guint n = 0;

  *last = NULL;
  for (guint i = 0; i < muster_bs_selection_get_n_children (selection); i++)
    {
      MusterBsSelection *child = muster_bs_selection_get_child (selection, i);

      if (g_strcmp0 (muster_bs_selection_get_entry_id (child), entry_id) == 0)
        {
          n += muster_bs_selection_get_amount (child);
          *last = child;
        }
    }
  return n;
}

/* The bounds a node's own constraints set on how many of it (or of its group) its parent
 * takes, as the data writes them (modifiers may move them: the findings have the last word);
 * -1 where there is none. */
static void
bounds_of (const MusterBsNode *node,
           double             *min,
           double             *max)
{
  *min = *max = -1;
  for (const MusterBsNode *c = node ? node->first_child : NULL; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_CONSTRAINT && g_strcmp0 (c->scope, "parent") == 0 &&
        (c->field == NULL || g_strcmp0 (c->field, "selections") == 0) &&
        !muster_bs_node_has_flag (c, MUSTER_BS_FLAG_PERCENT))
      {
        if (g_strcmp0 (c->type, "min") == 0)
          *min = c->value;
        else if (g_strcmp0 (c->type, "max") == 0)
          *max = *max < 0 ? c->value : MIN (*max, c->value);
      }
}

/* "Weapon (1–1)": a group's name with the bounds its constraints give it. */
char *
_muster_bs_page_group_heading (const MusterBsNode *group)
{
  double min, max;

  bounds_of (group, &min, &max);
  if (min < 0 && max < 0)
    return g_strdup (group->name);
  if (max < 0)
    return g_strdup_printf (_("%s (at least %g)"), group->name, min);
  return g_strdup_printf (_("%s (%g–%g)"), group->name, MAX (min, 0), max);
}

/* How many @selection took of the entries of @group */
static guint
taken_in_group (MusterBsData       *data,
                MusterBsSelection  *selection,
                const MusterBsNode *group)
{
  guint n = 0;

  for (guint i = 0; group && i < muster_bs_selection_get_n_children (selection); i++)
    {
      MusterBsSelection *child = muster_bs_selection_get_child (selection, i);
      const MusterBsNode *link = NULL;
      const MusterBsNode *node = muster_bs_entries_lookup (data, muster_bs_selection_get_entry_id (child), &link);
      const MusterBsNode *owner = link ? link : node;

      if (owner != NULL && owner->parent == group)
        n += muster_bs_selection_get_amount (child);
    }
  return n;
}

/* "1 per model, 5 in all" for a collective entry taken under a parent of several models
 * (its amount is counted per model of the parent, as BattleScribe's collective entries are);
 * NULL where the count alone says it all. */
static char *
collective_note (MusterBsSelection *parent,
                 gboolean           collective,
                 guint              per_model)
{
  int models = muster_bs_selection_get_number (parent);

  if (per_model == 0 || models < 2 || !collective)
    return NULL;
  return g_strdup_printf (_("%u per model, %u in all"), per_model,
                          (guint) MIN ((guint64) per_model * (guint64) models, G_MAXUINT));
}

static void
option_clear (gpointer data)
{
  g_free (((MusterBsPageOption *) data)->note);
}

/* Returns: (transfer full) (element-type Option): the choices the editor of @selection shows,
 * each with what is taken of it; their ids are in @ids (transfer full) */
GArray *
_muster_bs_page_list_options (MusterBsRoster     *roster,
                              MusterBsSelection  *selection,
                              GPtrArray         **ids)
{
  MusterBsData *data = muster_bs_roster_get_data (roster);
  MusterBsForce *force = muster_bs_selection_get_force (selection);
  g_autoptr(GArray) hidden_now = muster_bs_roster_list_hidden (roster, force, selection);
  GArray *options = g_array_new (FALSE, TRUE, sizeof (MusterBsPageOption));

  g_array_set_clear_func (options, option_clear);
  *ids = muster_bs_roster_list_entries (roster, force, selection);
  for (guint i = 0; i < (*ids)->len; i++)
    {
      MusterBsPageOption option = { g_ptr_array_index (*ids, i), NULL, NULL, NULL, FALSE, 0, FALSE, FALSE, NULL };
      const MusterBsNode *owner;
      MusterBsSelection *last;
      double min, max, group_min, group_max;

      option.node = muster_bs_entries_lookup (data, option.id, &option.link);
      if (option.node == NULL)
        continue;
      option.hidden = g_array_index (hidden_now, gboolean, i);
      option.taken = _muster_bs_page_taken (selection, option.id, &last);
      if (option.hidden && option.taken == 0)
        continue;
      owner = option.link ? option.link : option.node;
      if (owner->parent && owner->parent->kind == MUSTER_BS_NODE_SELECTION_ENTRY_GROUP)
        option.group = owner->parent;
      bounds_of (owner, &min, &max);
      if (max < 0 && option.link != NULL)
        bounds_of (option.node, &min, &max);
      bounds_of (option.group, &group_min, &group_max);
      option.full = (max >= 0 && option.taken >= max) ||
                    (group_max >= 0 && taken_in_group (data, selection, option.group) >= group_max);
      option.collective = muster_bs_node_has_flag (option.node, MUSTER_BS_FLAG_COLLECTIVE) ||
                          (option.link != NULL &&
                           muster_bs_node_has_flag (option.link, MUSTER_BS_FLAG_COLLECTIVE));
      option.note = collective_note (selection, option.collective, option.taken);
      g_array_append_val (options, option);
    }
  return options;
}
