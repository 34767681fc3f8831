/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <string.h>

#include "muster-bs-roster-private.h"

/*
 * The order a roster shows its selections in, as New Recruit does: a force's by primary
 * category, then by name; a selection's children by name. Kept per list until the roster's
 * next edit.
 */

/* A selection's place in its force: its primary category's among the force entry's
 * categories; none (or one the force does not list) first. */
static int
category_rank (MusterBsSelection *sel)
{
  const MusterBsCategory *primary = muster_bs_selection_get_primary_category (sel);
  int rank = 0;

  if (primary == NULL)
    return -1;
  for (const MusterBsNode *c = sel->force->entry->first_child; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_CATEGORY_LINK)
      {
        if (g_strcmp0 (c->target_id, primary->entry_id) == 0)
          return rank;
        rank++;
      }
  return -1;
}

/* Names compared as people read them: "Unit 2" before "Unit 10", case aside. */
static int
compare_names (const char *a,
               const char *b)
{
  const char *p = a, *q = b;

  while (*p && *q)
    {
      if (g_ascii_isdigit (*p) && g_ascii_isdigit (*q))
        {
          guint64 x = g_ascii_strtoull (p, (char **) &p, 10);
          guint64 y = g_ascii_strtoull (q, (char **) &q, 10);

          if (x != y)
            return x < y ? -1 : 1;
          continue;
        }
      if (g_ascii_tolower (*p) != g_ascii_tolower (*q))
        return g_ascii_tolower (*p) - g_ascii_tolower (*q);
      p++, q++;
    }
  if (*p || *q)
    return *p ? 1 : -1;
  return strcmp (a, b);
}

typedef struct
{
  MusterBsSelection *sel;
  int                rank;
  const char        *name;
} Ranked;

static gint
compare_display (gconstpointer a,
                 gconstpointer b)
{
  const Ranked *x = a, *y = b;

  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  return compare_names (x->name, y->name);
}

GPtrArray *
_muster_bs_display_order (MusterBsRoster *roster,
                          GPtrArray      *list,
                          GPtrArray     **cache,
                          guint          *generation)
{
  g_autoptr(GArray) ranked = NULL;

  if (*cache && *generation == roster->generation)
    return *cache;
  ranked = g_array_sized_new (FALSE, FALSE, sizeof (Ranked), list->len);
  for (guint i = 0; i < list->len; i++)
    {
      MusterBsSelection *sel = g_ptr_array_index (list, i);
      /* New Recruit sorts by the entry's own name: before any modifier renames it, and not
       * the name of a link that offers it. */
      Ranked r = { sel, sel->parent ? 0 : category_rank (sel),
                   sel->option.entry->name ? sel->option.entry->name : "" };

      g_array_append_val (ranked, r);
    }
  /* A force's selections go by their primary category, in the order the force entry lists
   * its categories, then by name; a selection's children by name. g_array_sort() is stable:
   * equal ones stay in the order they were made. */
  g_array_sort (ranked, compare_display);
  _muster_bs_retire (roster, g_steal_pointer (cache), (GDestroyNotify) g_ptr_array_unref);
  *cache = g_ptr_array_sized_new (list->len);
  for (guint i = 0; i < ranked->len; i++)
    g_ptr_array_add (*cache, g_array_index (ranked, Ranked, i).sel);
  *generation = roster->generation;
  return *cache;
}
