/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <string.h>

#include "muster-bs-roster-private.h"

/*
 * What a container offers: the selection entries below a force's root entries or below a
 * selection's entry (and the link it came through), reached through groups and links. The
 * composite ids follow the suite's entry-id-construction notes: every link on the way puts
 * its id in front, "link::…::entry"; groups add nothing but name the entry's group.
 */

/* Groups linking back into themselves go no deeper than this. */
#define MAX_WALK_DEPTH 24

typedef struct
{
  MusterBsData *data;
  GArray       *out;
  GPtrArray    *via;
  GPtrArray    *via_now;    /* (nullable) a copy of @via as it is now, which options share */
  gboolean      groups;     /* collect groups instead of entries */
  gboolean      imported;   /* walking another catalogue's root entries */
} Walk;

void
_muster_bs_option_clear (MusterBsOption *option)
{
  g_clear_pointer (&option->via, g_ptr_array_unref);
}

/* An option's way (via) is never changed once made: copies share it. */
void
_muster_bs_option_copy (MusterBsOption       *dest,
                        const MusterBsOption *src)
{
  *dest = *src;
  dest->via = src->via ? g_ptr_array_ref (src->via) : NULL;
}

/* The walk's way changes: options emitted after get another copy of it. */
static void
set_via_size (Walk  *walk,
              guint  size)
{
  g_clear_pointer (&walk->via_now, g_ptr_array_unref);
  g_ptr_array_set_size (walk->via, size);
}

static void
push_via (Walk               *walk,
          const MusterBsNode *node)
{
  g_clear_pointer (&walk->via_now, g_ptr_array_unref);
  g_ptr_array_add (walk->via, (gpointer) node);
}

/* @prefix and @id are interned already (_muster_bs_data_join() keys on their pointers) */
static const char *
join (MusterBsData *data,
      const char   *prefix,
      const char   *id)
{
  if (prefix == NULL || *prefix == '\0')
    return id;
  return _muster_bs_data_join (data, prefix, id);
}

static void
emit (Walk               *walk,
      const MusterBsNode *entry,
      const MusterBsNode *link,
      const MusterBsNode *group,
      const char         *prefix,
      const char         *group_prefix)
{
  MusterBsOption option = { 0 };
  const char *own_prefix = link ? join (walk->data, prefix, link->id) : prefix;

  option.entry = entry;
  option.link = link;
  option.group = group;
  option.entry_id = join (walk->data, own_prefix, entry->id);
  option.entry_group_id = group ? join (walk->data, group_prefix, group->id) : NULL;
  option.prefix = own_prefix ? own_prefix : "";
  if (link != NULL)
    {
      option.via = g_ptr_array_copy (walk->via, NULL, NULL);
      g_ptr_array_add (option.via, (gpointer) link);
    }
  else
    {
      /* The options of one group share their way */
      if (walk->via_now == NULL)
        walk->via_now = g_ptr_array_copy (walk->via, NULL, NULL);
      option.via = g_ptr_array_ref (walk->via_now);
    }
  g_array_append_val (walk->out, option);
}

static void
walk_children (Walk               *walk,
               const MusterBsNode *owner,
               const MusterBsNode *group,
               const char         *prefix,
               const char         *group_prefix,
               gboolean            root_only,
               int                 depth)
{
  if (owner == NULL || depth > MAX_WALK_DEPTH)
    return;
  for (const MusterBsNode *child = owner->first_child; child; child = child->next)
    {
      if (root_only && child->place != MUSTER_BS_IN_ROOT)
        continue;
      /* The schema requires an id: without one a selection could not be written with the
       * entryId that finds it again, so such an entry or link is not offered. */
      if (child->id == NULL && (child->kind == MUSTER_BS_NODE_SELECTION_ENTRY ||
                                child->kind == MUSTER_BS_NODE_ENTRY_LINK))
        continue;
      /* A root entry marked import="false" stays in its own catalogue. */
      if (root_only && walk->imported && muster_bs_node_has_flag (child, MUSTER_BS_FLAG_NO_IMPORT))
        continue;
      switch (child->kind)
        {
        case MUSTER_BS_NODE_SELECTION_ENTRY:
          if (!walk->groups)
            emit (walk, child, NULL, group, prefix, group_prefix);
          break;
        case MUSTER_BS_NODE_SELECTION_ENTRY_GROUP:
          if (walk->groups)
            emit (walk, child, NULL, group, prefix, group_prefix);
          push_via (walk, child);
          walk_children (walk, child, child, prefix, prefix, FALSE, depth + 1);
          set_via_size (walk, walk->via->len - 1);
          break;
        case MUSTER_BS_NODE_ENTRY_LINK:
          {
            const MusterBsNode *target = muster_bs_data_resolve_link (walk->data, child);

            if (target == NULL)
              break;
            if (target->kind == MUSTER_BS_NODE_SELECTION_ENTRY && !walk->groups)
              emit (walk, target, child, group, prefix, group_prefix);
            else if (target->kind == MUSTER_BS_NODE_SELECTION_ENTRY_GROUP)
              {
                const char *inner = join (walk->data, prefix, child->id);

                if (walk->groups)
                  emit (walk, target, child, group, prefix, group_prefix);
                push_via (walk, child);
                push_via (walk, target);
                walk_children (walk, target, target, inner, inner, FALSE, depth + 1);
                walk_children (walk, child, target, inner, inner, FALSE, depth + 1);
                set_via_size (walk, walk->via->len - 2);
              }
          }
          break;
        default:
          break;
        }
    }
}

static GArray *
collect (MusterBsRoster    *roster,
         MusterBsForce     *force,
         MusterBsSelection *sel,
         gboolean           groups)
{
  Walk walk = { .data = roster->data, .via = g_ptr_array_new (), .groups = groups };

  walk.out = g_array_new (FALSE, TRUE, sizeof (MusterBsOption));
  g_array_set_clear_func (walk.out, (GDestroyNotify) _muster_bs_option_clear);
  if (sel == NULL)
    {
      g_autoptr(GPtrArray) files = muster_bs_data_root_files (roster->data, force->catalogue);

      for (guint i = 0; i < files->len; i++)
        {
          const MusterBsNode *file = g_ptr_array_index (files, i);

          walk.imported = file != force->catalogue && file->kind == MUSTER_BS_NODE_CATALOGUE;
          walk_children (&walk, file, NULL, "", NULL, TRUE, 0);
        }
    }
  else
    {
      walk_children (&walk, sel->option.entry, NULL, sel->option.prefix, sel->option.prefix,
                     FALSE, 0);
      if (sel->option.link)
        walk_children (&walk, sel->option.link, NULL, sel->option.prefix, sel->option.prefix,
                       FALSE, 0);
    }
  g_ptr_array_unref (walk.via);
  g_clear_pointer (&walk.via_now, g_ptr_array_unref);
  return walk.out;
}

/* What a selection of @option would offer, before it exists. */
GArray *
_muster_bs_option_children (MusterBsRoster       *roster,
                            const MusterBsOption *option)
{
  Walk walk = { .data = roster->data, .via = g_ptr_array_new () };

  walk.out = g_array_new (FALSE, TRUE, sizeof (MusterBsOption));
  g_array_set_clear_func (walk.out, (GDestroyNotify) _muster_bs_option_clear);
  walk_children (&walk, option->entry, NULL, option->prefix, option->prefix, FALSE, 0);
  if (option->link)
    walk_children (&walk, option->link, NULL, option->prefix, option->prefix, FALSE, 0);
  g_ptr_array_unref (walk.via);
  g_clear_pointer (&walk.via_now, g_ptr_array_unref);
  return walk.out;
}

/* New Recruit's "collective recursive": an entry whose every child entry is collective,
 * all the way down, is counted on one selection rather than instanced. */
gboolean
_muster_bs_option_merges (MusterBsRoster       *roster,
                          const MusterBsOption *option,
                          int                   depth)
{
  g_autoptr(GArray) children = NULL;

  if (depth > 8)
    return FALSE;
  children = _muster_bs_option_children (roster, option);
  for (guint i = 0; i < children->len; i++)
    {
      const MusterBsOption *c = &g_array_index (children, MusterBsOption, i);

      if (!muster_bs_node_has_flag (c->entry, MUSTER_BS_FLAG_COLLECTIVE) &&
          !(c->link && muster_bs_node_has_flag (c->link, MUSTER_BS_FLAG_COLLECTIVE)))
        return FALSE;
      if (!_muster_bs_option_merges (roster, c, depth + 1))
        return FALSE;
    }
  return TRUE;
}

/* What a container offers depends on the data alone (its catalogue at a force's root, the
 * way to its entry inside a selection), so it is worked out once per roster and shared:
 * the arrays are never changed after, and callers get a reference. */
static GArray *
cached (MusterBsRoster    *roster,
        MusterBsForce     *force,
        MusterBsSelection *sel,
        gboolean           groups)
{
  g_autofree char *key = g_strdup_printf ("%c%s%s", groups ? 'g' : 'e', sel ? "s:" : "r:",
                                          sel ? sel->option.entry_id : force->catalogue->id);
  GArray *options = g_hash_table_lookup (roster->options, key);

  if (options == NULL)
    {
      options = collect (roster, force, sel, groups);
      g_hash_table_insert (roster->options, g_steal_pointer (&key), options);
    }
  return g_array_ref (options);
}

GArray *
_muster_bs_options (MusterBsRoster    *roster,
                    MusterBsForce     *force,
                    MusterBsSelection *sel)
{
  return cached (roster, force, sel, FALSE);
}

GArray *
_muster_bs_group_options (MusterBsRoster    *roster,
                          MusterBsForce     *force,
                          MusterBsSelection *sel)
{
  return cached (roster, force, sel, TRUE);
}

static gboolean
has_constraints (const MusterBsOption *option)
{
  return muster_bs_node_has_flag (option->entry, MUSTER_BS_FLAG_HAS_CONSTRAINTS) ||
         (option->link && muster_bs_node_has_flag (option->link, MUSTER_BS_FLAG_HAS_CONSTRAINTS));
}

/* Most entries a catalogue offers have no constraint; validation judges the others, entries
 * then groups, and keeps what it found per slot of this array. The container keeps it at
 * hand (the roster's cache holds it). */
GArray *
_muster_bs_constrained_options (MusterBsRoster    *roster,
                                MusterBsForce     *force,
                                MusterBsSelection *sel)
{
  GArray **kept = sel ? &sel->slots : &force->slots;
  g_autofree char *key = NULL;
  GArray *slots;

  if (*kept != NULL)
    return *kept;
  key = g_strdup_printf ("c%s%s", sel ? "s:" : "r:",
                         sel ? sel->option.entry_id : force->catalogue->id);
  slots = g_hash_table_lookup (roster->options, key);
  if (slots == NULL)
    {
      GArray *lists[2] = { _muster_bs_options (roster, force, sel),
                           _muster_bs_group_options (roster, force, sel) };

      slots = g_array_new (FALSE, FALSE, sizeof (MusterBsSlot));
      /* The option arrays stay in the cache as long as the roster: pointers into them do. */
      for (int k = 0; k < 2; k++)
        {
          for (guint i = 0; i < lists[k]->len; i++)
            {
              MusterBsSlot slot = { &g_array_index (lists[k], MusterBsOption, i), k == 1 };

              if (has_constraints (slot.option))
                g_array_append_val (slots, slot);
            }
          g_array_unref (lists[k]);
        }
      g_hash_table_insert (roster->options, g_steal_pointer (&key), slots);
    }
  *kept = slots;
  return slots;
}

/* What the flush needs to tell which of a container's entries an edit reaches (its index
 * is keyed by the array): borrowed, kept in the roster's cache as the options are. */
GArray *
_muster_bs_option_slots (MusterBsRoster    *roster,
                         MusterBsForce     *force,
                         MusterBsSelection *sel)
{
  g_autofree char *key = g_strdup_printf ("a%s%s", sel ? "s:" : "r:",
                                          sel ? sel->option.entry_id : force->catalogue->id);
  GArray *slots = g_hash_table_lookup (roster->options, key);
  g_autoptr(GArray) options = NULL;

  if (slots != NULL)
    return slots;
  options = _muster_bs_options (roster, force, sel);
  slots = g_array_sized_new (FALSE, FALSE, sizeof (MusterBsSlot), options->len);
  for (guint i = 0; i < options->len; i++)
    {
      MusterBsSlot slot = { &g_array_index (options, MusterBsOption, i), FALSE, NULL };

      g_array_append_val (slots, slot);
    }
  g_hash_table_insert (roster->options, g_steal_pointer (&key), slots);
  return slots;
}

/* The category link an option's entry or link marks primary, before modifiers. */
const MusterBsNode *
_muster_bs_option_primary_link (const MusterBsOption *option)
{
  for (int k = 0; k < 2; k++)
    {
      const MusterBsNode *owner = k == 0 ? option->entry : option->link;

      for (const MusterBsNode *c = owner ? owner->first_child : NULL; c; c = c->next)
        if (c->kind == MUSTER_BS_NODE_CATEGORY_LINK &&
            muster_bs_node_has_flag (c, MUSTER_BS_FLAG_PRIMARY))
          return c;
    }
  return NULL;
}

gboolean
_muster_bs_option_matches (const MusterBsOption *option,
                           const char           *id)
{
  return g_strcmp0 (option->entry_id, id) == 0 || g_strcmp0 (option->entry->id, id) == 0 ||
         (option->link && g_strcmp0 (option->link->id, id) == 0);
}
