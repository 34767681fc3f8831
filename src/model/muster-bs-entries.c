/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-entries"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-bs-entries.h"

/* MusterBsEntry: one entry a force can take, read-only. */

struct _MusterBsEntry
{
  GObject  parent_instance;

  char    *id;
  char    *name;
  char    *category;
  char    *costs_text;
  /* Folded name and category, for searching */
  char    *key;
  /* The name's g_utf8_collate_key(): the list is sorted after every edit */
  char    *collate_key;
  guint    category_rank;
};

G_DEFINE_FINAL_TYPE (MusterBsEntry, muster_bs_entry, G_TYPE_OBJECT)

static void
muster_bs_entry_finalize (GObject *object)
{
  MusterBsEntry *self = (MusterBsEntry *) object;

  g_free (self->id);
  g_free (self->name);
  g_free (self->category);
  g_free (self->costs_text);
  g_free (self->key);
  g_free (self->collate_key);

  G_OBJECT_CLASS (muster_bs_entry_parent_class)->finalize (object);
}

static void
muster_bs_entry_class_init (MusterBsEntryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_bs_entry_finalize;
}

static void
muster_bs_entry_init (MusterBsEntry *self)
{
}

const char *
muster_bs_entry_get_id (MusterBsEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_ENTRY (self), NULL);
  return self->id;
}

const char *
muster_bs_entry_get_name (MusterBsEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_ENTRY (self), NULL);
  return self->name;
}

const char *
muster_bs_entry_get_category (MusterBsEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_ENTRY (self), NULL);
  return self->category;
}

const char *
muster_bs_entry_get_costs_text (MusterBsEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_ENTRY (self), NULL);
  return self->costs_text;
}

/* MusterBsEntries */

struct _MusterBsEntries
{
  GObject           parent_instance;

  /* Borrowed, weakly: the list is the page's, the document the window's */
  MusterBsDocument *document;
  MusterBsForce    *force;
  char             *search;
  char             *category;
  /* Every entry offered (MusterBsEntry), and those shown */
  GPtrArray        *all;
  GPtrArray        *shown;
  GStrv             categories;
  /* What @all was read from: the roster's entries for the force (copies), whether each was
   * hidden, and the force's own categories (nullable: read nothing yet) */
  MusterBsRoster   *offered_roster;
  MusterBsForce    *offered_force;
  GPtrArray        *offered_ids;
  GArray           *offered_hidden;
  GStrv             offered_categories;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterBsEntries, muster_bs_entries, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
get_item_type (GListModel *model)
{
  return MUSTER_TYPE_BS_ENTRY;
}

static guint
get_n_items (GListModel *model)
{
  return MUSTER_BS_ENTRIES (model)->shown->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  MusterBsEntries *self = MUSTER_BS_ENTRIES (model);

  if (position >= self->shown->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->shown, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

/**
 * muster_bs_entries_lookup:
 * @composite: an entry id as the roster offers it ("link::entry", or "entry")
 * @link: (out) (optional): the link just before the entry, or %NULL
 *
 * Returns: (nullable): the entry's node
 */
const MusterBsNode *
muster_bs_entries_lookup (const MusterBsData  *data,
                          const char          *composite,
                          const MusterBsNode **link)
{
  g_auto(GStrv) parts = g_strsplit (composite, "::", -1);
  guint n = g_strv_length (parts);

  if (link != NULL)
    *link = n >= 2 ? muster_bs_data_lookup (data, parts[n - 2]) : NULL;
  return n > 0 ? muster_bs_data_lookup (data, parts[n - 1]) : NULL;
}

/**
 * muster_bs_entries_name:
 * @link: (nullable): the link before @node, as muster_bs_entries_lookup() gives it
 *
 * An entry's name as offered: the link's own name when it links the entry itself (a link may
 * rename it), else the entry's. A link to a group ("Detachments") names the group, not each
 * of its entries ("Shield Host").
 */
const char *
muster_bs_entries_name (const MusterBsNode *link,
                        const MusterBsNode *node)
{
  if (link != NULL && link->name != NULL && *link->name != '\0' &&
      g_strcmp0 (link->target_id, node->id) == 0)
    return link->name;
  return node->name ? node->name : node->id;
}

static const char *
primary_category (const MusterBsData *data,
                  const MusterBsNode *node)
{
  for (const MusterBsNode *c = node ? node->first_child : NULL; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_CATEGORY_LINK && muster_bs_node_has_flag (c, MUSTER_BS_FLAG_PRIMARY))
      {
        const MusterBsNode *category = muster_bs_data_lookup (data, c->target_id);

        return category && category->name ? category->name : c->name;
      }
  return NULL;
}

/* Returns: (transfer full): "85 pts, 1 CP", the entry's own costs that are not zero */
char *
muster_bs_entries_costs_text (const MusterBsData *data,
                              const MusterBsNode *node)
{
  GString *text = g_string_new (NULL);

  for (const MusterBsNode *c = node ? node->first_child : NULL; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_COST && c->value != 0)
      {
        const MusterBsNode *type = muster_bs_data_lookup (data, c->type_id);

        g_string_append_printf (text, "%s%g %s", text->len ? ", " : "", c->value,
                                type && type->name ? type->name : c->name ? c->name : "");
      }
  return g_string_free (text, FALSE);
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  MusterBsEntry *x = *(MusterBsEntry * const *) a;
  MusterBsEntry *y = *(MusterBsEntry * const *) b;

  if (x->category_rank != y->category_rank)
    return x->category_rank < y->category_rank ? -1 : 1;
  return strcmp (x->collate_key, y->collate_key);
}

/* The force's categories in its order, @extra (the categories only entries name) after. */
static GStrv
force_categories (MusterBsForce *force,
                  GPtrArray     *extra)
{
  GArray *categories = muster_bs_force_get_categories (force);
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv result;

  for (guint i = 0; categories && i < categories->len; i++)
    g_strv_builder_add (builder, g_array_index (categories, MusterBsCategory, i).name);
  for (guint i = 0; i < extra->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (extra, i));
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return result;
}

static guint
rank_of (GStrv       ranks,
         const char *category)
{
  for (guint i = 0; ranks && ranks[i]; i++)
    if (g_strcmp0 (ranks[i], category) == 0)
      return i;
  return G_MAXUINT;
}

static gboolean
is_shown (MusterBsEntries *self,
          MusterBsEntry   *entry,
          const char      *folded_search)
{
  if (self->category != NULL && g_strcmp0 (self->category, entry->category) != 0)
    return FALSE;
  return folded_search == NULL || strstr (entry->key, folded_search) != NULL;
}

/* @shown now: one items-changed over the stretch that differs from what was shown, so that an
 * edit which leaves the pane as it was tells its view nothing (no row is bound anew). */
static void
show (MusterBsEntries *self,
      GPtrArray       *shown)
{
  guint n = self->shown->len;
  guint head = 0, tail = 0;

  while (head < n && head < shown->len &&
         g_ptr_array_index (self->shown, head) == g_ptr_array_index (shown, head))
    head++;
  while (tail < n - head && tail < shown->len - head &&
         g_ptr_array_index (self->shown, n - 1 - tail) ==
         g_ptr_array_index (shown, shown->len - 1 - tail))
    tail++;
  g_ptr_array_unref (self->shown);
  self->shown = g_ptr_array_ref (shown);
  if (head + tail < n || head + tail < shown->len)
    g_list_model_items_changed (G_LIST_MODEL (self), head, n - head - tail,
                                shown->len - head - tail);
}

static void
refilter (MusterBsEntries *self)
{
  g_autofree char *folded = self->search && *self->search
    ? g_utf8_casefold (self->search, -1) : NULL;
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < self->all->len; i++)
    if (is_shown (self, g_ptr_array_index (self->all, i), folded))
      g_ptr_array_add (shown, g_object_ref (g_ptr_array_index (self->all, i)));
  show (self, shown);
}

static gboolean
same_entry (MusterBsEntry *a,
            MusterBsEntry *b)
{
  return g_str_equal (a->id, b->id) && g_str_equal (a->name, b->name) &&
         g_str_equal (a->category, b->category) && g_str_equal (a->costs_text, b->costs_text) &&
         a->category_rank == b->category_rank;
}

/* The entries offered before that are offered alike now stay the same objects: the pane's
 * rows for them are left as they are. */
static void
keep_alike (GPtrArray *before,
            GPtrArray *now)
{
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < before->len; i++)
    {
      MusterBsEntry *entry = g_ptr_array_index (before, i);

      g_hash_table_insert (by_id, entry->id, entry);
    }
  for (guint i = 0; i < now->len; i++)
    {
      MusterBsEntry *entry = g_ptr_array_index (now, i);
      MusterBsEntry *old = g_hash_table_lookup (by_id, entry->id);

      if (old != NULL && old != entry && same_entry (old, entry))
        {
          g_ptr_array_index (now, i) = g_object_ref (old);
          g_object_unref (entry);
        }
    }
}

static void
forget_offered (MusterBsEntries *self)
{
  g_clear_pointer (&self->offered_ids, g_ptr_array_unref);
  g_clear_pointer (&self->offered_hidden, g_array_unref);
  g_clear_pointer (&self->offered_categories, g_strfreev);
}

/* Whether the roster offers the force what it offered when the entries were last read: the
 * same entries, hidden alike (an entry's name, category and costs are its data's). */
static gboolean
offers_alike (MusterBsEntries *self,
              MusterBsRoster  *roster,
              GPtrArray       *ids,
              GArray          *hidden,
              GStrv            categories)
{
  if (self->offered_ids == NULL || self->offered_roster != roster ||
      self->offered_force != self->force || self->offered_ids->len != ids->len ||
      memcmp (self->offered_hidden->data, hidden->data, hidden->len * sizeof (gboolean)) != 0 ||
      !g_strv_equal ((const char * const *) self->offered_categories,
                     (const char * const *) categories))
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    if (!g_str_equal (g_ptr_array_index (self->offered_ids, i), g_ptr_array_index (ids, i)))
      return FALSE;
  return TRUE;
}

/* Reads what the force offers now. */
static void
rebuild (MusterBsEntries *self)
{
  MusterBsRoster *roster = self->document ? muster_bs_document_get_roster (self->document) : NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GArray) hidden = NULL;
  g_autoptr(GPtrArray) extra = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) before = NULL;
  g_auto(GStrv) own_categories = NULL;
  MusterBsData *data;

  if (roster != NULL && self->force != NULL)
    {
      ids = muster_bs_roster_list_entries (roster, self->force, NULL);
      /* Asked after every edit: the roster keeps what no edit since can have changed, and
       * answers for all the entries at once (not one id lookup each). */
      hidden = muster_bs_roster_list_hidden (roster, self->force, NULL);
      own_categories = force_categories (self->force, extra);
      /* Most edits leave them as they were: nothing to make again (issue 21) */
      if (offers_alike (self, roster, ids, hidden, own_categories))
        return;
    }
  forget_offered (self);
  before = g_steal_pointer (&self->all);
  self->all = g_ptr_array_new_with_free_func (g_object_unref);
  g_clear_pointer (&self->categories, g_strfreev);
  if (roster == NULL || self->force == NULL)
    {
      refilter (self);
      return;
    }
  /* The roster's address alone: a roster loaded later may come at a freed one's address, but
   * the document says so (it is changed) and its ids, read again, tell */
  self->offered_roster = roster;
  self->offered_force = self->force;
  self->offered_ids = g_ptr_array_new_full (ids->len, g_free);
  for (guint i = 0; i < ids->len; i++)
    g_ptr_array_add (self->offered_ids, g_strdup (g_ptr_array_index (ids, i)));
  self->offered_hidden = g_array_ref (hidden);
  self->offered_categories = g_steal_pointer (&own_categories);
  data = muster_bs_roster_get_data (roster);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      const MusterBsNode *link = NULL;
      const MusterBsNode *node = muster_bs_entries_lookup (data, id, &link);
      MusterBsEntry *entry;
      const char *category;
      g_autofree char *key = NULL;

      if (node == NULL || g_array_index (hidden, gboolean, i))
        continue;
      category = primary_category (data, link);
      category = category ? category : primary_category (data, node);
      entry = g_object_new (MUSTER_TYPE_BS_ENTRY, NULL);
      entry->id = g_strdup (id);
      entry->name = g_strdup (muster_bs_entries_name (link, node));
      entry->category = g_strdup (category ? category : _("Uncategorized"));
      entry->costs_text = muster_bs_entries_costs_text (data, node);
      key = g_strconcat (entry->name, "\n", entry->category, NULL);
      entry->key = g_utf8_casefold (key, -1);
      entry->collate_key = g_utf8_collate_key (entry->name, -1);
      g_ptr_array_add (self->all, entry);
    }
  /* The force's categories first, in its order; any other an entry names after them. */
  self->categories = force_categories (self->force, extra);
  for (guint i = 0; i < self->all->len; i++)
    {
      MusterBsEntry *entry = g_ptr_array_index (self->all, i);

      if (rank_of (self->categories, entry->category) == G_MAXUINT &&
          !g_ptr_array_find_with_equal_func (extra, entry->category, g_str_equal, NULL))
        g_ptr_array_add (extra, g_strdup (entry->category));
    }
  g_strfreev (self->categories);
  self->categories = force_categories (self->force, extra);
  for (guint i = 0; i < self->all->len; i++)
    {
      MusterBsEntry *entry = g_ptr_array_index (self->all, i);

      entry->category_rank = rank_of (self->categories, entry->category);
    }
  g_ptr_array_sort (self->all, compare_entries);
  keep_alike (before, self->all);
  refilter (self);
}

static gboolean
has_force (MusterBsForce *parent,
           MusterBsForce *force)
{
  if (parent == force)
    return TRUE;
  for (guint i = 0; i < muster_bs_force_get_n_forces (parent); i++)
    if (has_force (muster_bs_force_get_force (parent, i), force))
      return TRUE;
  return FALSE;
}

static void
document_changed_cb (MusterBsEntries *self)
{
  MusterBsRoster *roster = muster_bs_document_get_roster (self->document);
  gboolean found = FALSE;

  /* The force may be gone with an undo, or with the roster: compared by address, since a
   * detached force may have been freed. */
  for (guint i = 0; self->force && roster && i < muster_bs_roster_get_n_forces (roster); i++)
    found = found || has_force (muster_bs_roster_get_force (roster, i), self->force);
  if (!found)
    self->force = NULL;
  rebuild (self);
}

static void
muster_bs_entries_finalize (GObject *object)
{
  MusterBsEntries *self = (MusterBsEntries *) object;

  g_clear_weak_pointer (&self->document);
  g_ptr_array_unref (self->all);
  g_ptr_array_unref (self->shown);
  g_free (self->search);
  g_free (self->category);
  g_strfreev (self->categories);
  forget_offered (self);

  G_OBJECT_CLASS (muster_bs_entries_parent_class)->finalize (object);
}

static void
muster_bs_entries_class_init (MusterBsEntriesClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_bs_entries_finalize;
}

static void
muster_bs_entries_init (MusterBsEntries *self)
{
  self->all = g_ptr_array_new_with_free_func (g_object_unref);
  self->shown = g_ptr_array_new_with_free_func (g_object_unref);
}

MusterBsEntries *
muster_bs_entries_new (MusterBsDocument *document)
{
  MusterBsEntries *self = g_object_new (MUSTER_TYPE_BS_ENTRIES, NULL);

  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (document), self);
  g_set_weak_pointer (&self->document, document);
  g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return self;
}

/* @force: (nullable): the force whose root entries are listed */
void
muster_bs_entries_set_force (MusterBsEntries *self,
                             MusterBsForce   *force)
{
  g_return_if_fail (MUSTER_IS_BS_ENTRIES (self));

  /* The same force (the page asks after every edit and selection): the list follows the
   * document's edits on its own already. */
  if (self->force == force)
    return;
  self->force = force;
  rebuild (self);
}

void
muster_bs_entries_set_search (MusterBsEntries *self,
                              const char      *search)
{
  g_return_if_fail (MUSTER_IS_BS_ENTRIES (self));

  if (g_strcmp0 (self->search, search) == 0)
    return;
  g_free (self->search);
  self->search = g_strdup (search);
  refilter (self);
}

void
muster_bs_entries_set_category (MusterBsEntries *self,
                                const char      *category)
{
  g_return_if_fail (MUSTER_IS_BS_ENTRIES (self));

  if (g_strcmp0 (self->category, category) == 0)
    return;
  g_free (self->category);
  self->category = g_strdup (category);
  refilter (self);
}

/* Returns: (transfer full): the categories, in the order the entries come */
GStrv
muster_bs_entries_dup_categories (MusterBsEntries *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_ENTRIES (self), NULL);

  if (self->categories == NULL)
    return g_new0 (char *, 1);
  return g_strdupv (self->categories);
}
