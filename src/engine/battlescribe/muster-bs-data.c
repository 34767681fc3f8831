/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "muster-bs-private.h"
#include "muster-bs-zip.h"

/* Chains of links longer than this are cycles (no real data chains more than a few). */
#define MAX_LINK_HOPS 32

MusterBsData *
muster_bs_data_new (void)
{
  MusterBsData *self = g_new0 (MusterBsData, 1);

  self->blocks = g_ptr_array_new_with_free_func (g_free);
  self->catalogues = g_ptr_array_new ();
  self->files = g_ptr_array_new ();
  self->index = g_hash_table_new (g_str_hash, g_str_equal);
  self->interned = g_hash_table_new (g_str_hash, g_str_equal);
  self->cost_types_used = g_hash_table_new (NULL, NULL);
  self->cycles_reported = g_hash_table_new (NULL, NULL);
  self->problems = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->problems, NULL);
  return self;
}

void
muster_bs_data_free (MusterBsData *self)
{
  if (self == NULL)
    return;
  if (self->strings != NULL)
    g_string_chunk_free (self->strings);
  g_ptr_array_unref (self->blocks);
  g_ptr_array_unref (self->catalogues);
  g_ptr_array_unref (self->files);
  g_hash_table_unref (self->index);
  g_hash_table_unref (self->interned);
  g_clear_pointer (&self->late, g_hash_table_unref);
  g_clear_pointer (&self->joined, g_hash_table_unref);
  g_hash_table_unref (self->cost_types_used);
  g_hash_table_unref (self->cycles_reported);
  g_ptr_array_unref (self->problems);
  g_free (self);
}

/* One block of the original and its twin in the copy: the copy's nodes are made in the
 * same order, so in blocks of the same sizes, and a node is found at the same place. */
typedef struct
{
  const MusterBsNode *start;
  guint               size;
  MusterBsNode       *twin;
} BlockTwin;

typedef struct
{
  MusterBsData *copy;
  GArray       *blocks;   /* BlockTwin, by start address */
} Copying;

static int
compare_block_starts (gconstpointer a,
                      gconstpointer b)
{
  const MusterBsNode *x = ((const BlockTwin *) a)->start;
  const MusterBsNode *y = ((const BlockTwin *) b)->start;

  return (guintptr) x < (guintptr) y ? -1 : (guintptr) x > (guintptr) y;
}

static MusterBsNode *
copied_node (Copying            *c,
             const MusterBsNode *node)
{
  guint lo = 0, hi = c->blocks->len;

  if (node == NULL)
    return NULL;
  /* The last block starting at or before @node holds it. */
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if ((guintptr) g_array_index (c->blocks, BlockTwin, mid).start <= (guintptr) node)
        lo = mid;
      else
        hi = mid;
    }
  {
    const BlockTwin *block = &g_array_index (c->blocks, BlockTwin, lo);

    g_assert ((guintptr) node >= (guintptr) block->start &&
              (guintptr) node < (guintptr) (block->start + block->size));
    return block->twin + (node - block->start);
  }
}

static const char *
copied_string (Copying    *c,
               const char *s)
{
  return _muster_bs_data_intern_loaded (c->copy, s);
}

/**
 * muster_bs_data_copy:
 *
 * A set of its own with the same files, as loaded and resolved as @self, sharing nothing
 * with it: either may be freed first, and files added to one are not in the other. Loading
 * a game system once and copying it for each catalogue put beside it (as the fuzz target
 * does for each input) saves reading it again: a copy takes a few allocations where a
 * parse took hundreds.
 *
 * Returns: (transfer full): the copy
 */
MusterBsData *
muster_bs_data_copy (const MusterBsData *self)
{
  MusterBsData *copy = muster_bs_data_new ();
  Copying c = { copy, g_array_new (FALSE, FALSE, sizeof (BlockTwin)) };
  guint size = MUSTER_BS_NODE_FIRST_BLOCK;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (self != NULL, NULL);

  /* Strings in pieces of the original's first: the same size for the same files. */
  if (self->strings != NULL)
    _muster_bs_data_strings (copy, MIN ((gsize) self->n_nodes * 64, 64 * 1024));
  /* The nodes in their order (so in blocks of the same sizes), then their links. */
  for (guint b = 0; b < self->blocks->len; b++)
    {
      const MusterBsNode *block = g_ptr_array_index (self->blocks, b);
      guint used = b + 1 == self->blocks->len ? self->block_used : size;
      BlockTwin twin = { block, used, NULL };

      for (guint i = 0; i < used; i++)
        {
          MusterBsNode *node = _muster_bs_data_new_node (copy);

          if (i == 0)
            twin.twin = node;
          *node = block[i];
        }
      g_array_append_val (c.blocks, twin);
      size = MIN (size * 2, MUSTER_BS_NODE_BLOCK);
    }
  g_array_sort (c.blocks, compare_block_starts);
  for (guint b = 0; b < c.blocks->len; b++)
    {
      const BlockTwin *twin = &g_array_index (c.blocks, BlockTwin, b);

      for (guint i = 0; i < twin->size; i++)
        {
          MusterBsNode *node = &twin->twin[i];

          node->id = copied_string (&c, node->id);
          node->name = copied_string (&c, node->name);
          node->target_id = copied_string (&c, node->target_id);
          node->type = copied_string (&c, node->type);
          node->type_id = copied_string (&c, node->type_id);
          node->field = copied_string (&c, node->field);
          node->scope = copied_string (&c, node->scope);
          node->child_id = copied_string (&c, node->child_id);
          node->text = copied_string (&c, node->text);
          node->page = copied_string (&c, node->page);
          node->publication_id = copied_string (&c, node->publication_id);
          node->parent = copied_node (&c, node->parent);
          node->first_child = copied_node (&c, node->first_child);
          node->next = copied_node (&c, node->next);
          node->file = copied_node (&c, node->file);
          node->first_modifier = copied_node (&c, node->first_modifier);
          node->last_modifier = copied_node (&c, node->last_modifier);
        }
    }
  g_assert (copy->n_nodes == self->n_nodes);

  copy->game_system = copied_node (&c, self->game_system);
  for (guint i = 0; i < self->catalogues->len; i++)
    g_ptr_array_add (copy->catalogues, copied_node (&c, g_ptr_array_index (self->catalogues, i)));
  for (guint i = 0; i < self->files->len; i++)
    g_ptr_array_add (copy->files, copied_node (&c, g_ptr_array_index (self->files, i)));
  g_hash_table_iter_init (&iter, self->index);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->index, (gpointer) copied_string (&c, key), copied_node (&c, value));
  g_hash_table_iter_init (&iter, self->cost_types_used);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (copy->cost_types_used, (gpointer) copied_string (&c, key));
  g_hash_table_iter_init (&iter, self->cycles_reported);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (copy->cycles_reported, copied_node (&c, key));
  g_ptr_array_set_size (copy->problems, 0);
  for (guint i = 0; i < self->problems->len; i++)
    g_ptr_array_add (copy->problems, g_strdup (g_ptr_array_index (self->problems, i)));
  copy->resolved = self->resolved;

  g_array_unref (c.blocks);
  return copy;
}

/* The set's interned strings, in pieces of about @file_size bytes (the first file's; at
 * most 64 KiB) when made now. One chunk for the whole set: equal strings are one pointer
 * (cost_types_used is keyed so). A 64 KiB piece for each small file was most of the memory
 * a small set touched, and under ASan a good part of its load. */
GStringChunk *
_muster_bs_data_strings (MusterBsData *self,
                         gsize         file_size)
{
  if (self->strings == NULL)
    self->strings = g_string_chunk_new (CLAMP (file_size, 1024, 64 * 1024));
  return self->strings;
}

/* @s as interned already, or NULL. @first (nullable), one of the two tables, is looked in
 * first: the one the caller adds to, which most likely has it (a roster's ids are found in
 * the small table without a miss in the large one first). */
static const char *
interned (const MusterBsData *self,
          GHashTable         *first,
          const char         *s)
{
  GHashTable *second = first == self->interned ? self->late : self->interned;
  const char *found = first ? g_hash_table_lookup (first, s) : NULL;

  if (found == NULL && second != NULL)
    found = g_hash_table_lookup (second, s);
  return found;
}

/* @s, not interned yet, copied in and added to @table (made if NULL) */
static const char *
add_to (MusterBsData  *self,
        GHashTable   **table,
        const char    *s)
{
  const char *added = g_string_chunk_insert (_muster_bs_data_strings (self, 64 * 1024), s);

  if (*table == NULL)
    *table = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_add (*table, (gpointer) added);
  if (table == &self->interned && !self->loaded_joins && strstr (added, "::") != NULL)
    self->loaded_joins = TRUE;
  return added;
}

/* @s as interned, else copied in and added to @table */
static const char *
intern_in (MusterBsData  *self,
           GHashTable   **table,
           const char    *s)
{
  const char *found;

  if (s == NULL)
    return NULL;
  found = interned (self, *table, s);
  return found ? found : add_to (self, table, s);
}

/* Interns @s among the strings of the files loaded (the loader's and copies' strings) */
const char *
_muster_bs_data_intern_loaded (MusterBsData *self,
                               const char   *s)
{
  return intern_in (self, &self->interned, s);
}

const char *
muster_bs_data_intern (MusterBsData *self,
                       const char   *s)
{
  return intern_in (self, &self->late, s);
}

typedef struct
{
  const char *prefix;
  const char *id;
} JoinKey;

static guint
join_key_hash (gconstpointer p)
{
  const JoinKey *key = p;
  guint64 h = ((guintptr) key->prefix * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) ^
              ((guintptr) key->id * G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f));

  return (guint) (h >> 32);
}

static gboolean
join_key_equal (gconstpointer a,
                gconstpointer b)
{
  const JoinKey *x = a, *y = b;

  return x->prefix == y->prefix && x->id == y->id;
}

/* "@prefix::@id", interned; @prefix and @id are interned already, so the pair of pointers
 * finds it again without hashing the string: the options of a unit join some hundred ids,
 * and each string hashed and looked up in two tables was a fifth of an add (issue 21). */
const char *
_muster_bs_data_join (MusterBsData *self,
                      const char   *prefix,
                      const char   *id)
{
  JoinKey key = { prefix, id };
  const char *found;
  g_autofree char *s = NULL;

  if (self->joined == NULL)
    self->joined = g_hash_table_new_full (join_key_hash, join_key_equal, g_free, NULL);
  found = g_hash_table_lookup (self->joined, &key);
  if (found != NULL)
    return found;
  s = g_strconcat (prefix, "::", id, NULL);
  /* Only a roster's ids are joined, unless the files had such a string */
  if (self->loaded_joins)
    found = muster_bs_data_intern (self, s);
  else if ((found = self->late ? g_hash_table_lookup (self->late, s) : NULL) == NULL)
    found = add_to (self, &self->late, s);
  g_hash_table_insert (self->joined, g_memdup2 (&key, sizeof key), (gpointer) found);
  return found;
}

gboolean
muster_bs_data_cost_type_used (const MusterBsData *self,
                               const char         *type_id)
{
  const char *key = type_id ? interned (self, self->interned, type_id) : NULL;

  return key != NULL && g_hash_table_contains (self->cost_types_used, key);
}

/* A limit of 0 is one nobody plays at (Bolt Action's data has it for its points): every
 * roster would be over it from the first unit. The game's first visible cost type then gets
 * MUSTER_BS_FALLBACK_LIMIT, as a starting point to change; any other cost type none. */
double
muster_bs_data_default_cost_limit (const MusterBsData *self,
                                   const MusterBsNode *cost_type)
{
  if (cost_type->value > 0)
    return cost_type->value;
  if (cost_type->value < 0)
    return -1;
  for (const MusterBsNode *c = self->game_system->first_child; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_COST_TYPE && !muster_bs_node_has_flag (c, MUSTER_BS_FLAG_HIDDEN))
      return c == cost_type ? MUSTER_BS_FALLBACK_LIMIT : -1;
  return -1;
}

guint
muster_bs_data_get_n_nodes (const MusterBsData *self)
{
  return self->n_nodes;
}

void
_muster_bs_data_problem (MusterBsData       *self,
                         const MusterBsNode *node,
                         const char         *format,
                         ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* Keep the array NULL-terminated for muster_bs_data_get_problems(). */
  g_ptr_array_set_size (self->problems, self->problems->len - 1);
  g_ptr_array_add (self->problems, g_strdup_printf ("%s:%d: %s", node->file->text, node->line,
                                                    message));
  g_ptr_array_add (self->problems, NULL);
}

const char * const *
muster_bs_data_get_problems (const MusterBsData *self)
{
  return (const char * const *) self->problems->pdata;
}

gboolean
muster_bs_data_add_bytes (MusterBsData  *self,
                          const char    *name,
                          GBytes        *bytes,
                          GError       **error)
{
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (_muster_bs_is_zip (data, length))
    {
      g_autoptr(GBytes) inner = muster_bs_zip_extract (bytes, name, MUSTER_BS_MAX_FILE_SIZE,
                                                       error);
      const char *inner_data;
      gsize inner_length;

      if (inner == NULL)
        return FALSE;
      inner_data = g_bytes_get_data (inner, &inner_length);
      return _muster_bs_load_xml (self, name, inner_data, inner_length, error);
    }
  return _muster_bs_load_xml (self, name, data, length, error);
}

/* Reads a whole file, refusing one over @max bytes before reading it. */
GBytes *
_muster_bs_read_file (const char  *path,
                      gsize        max,
                      GError     **error)
{
  GStatBuf st;
  char *contents;
  gsize length;

  if (g_stat (path, &st) == 0 && (guint64) st.st_size > max)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_TOO_LARGE,
                   _("%s: the file is %llu bytes; files over %d MiB are not read"),
                   path, (unsigned long long) st.st_size, (int) (max / (1024 * 1024)));
      return NULL;
    }
  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  return g_bytes_new_take (contents, length);
}

gboolean
muster_bs_data_add_file (MusterBsData  *self,
                         const char    *path,
                         GError       **error)
{
  g_autoptr(GBytes) bytes = _muster_bs_read_file (path, MUSTER_BS_MAX_FILE_SIZE, error);

  if (bytes == NULL)
    return FALSE;
  return muster_bs_data_add_bytes (self, path, bytes, error);
}

static gboolean
is_data_file (const char *name)
{
  return g_str_has_suffix (name, ".gst") || g_str_has_suffix (name, ".gstz") ||
         g_str_has_suffix (name, ".cat") || g_str_has_suffix (name, ".catz");
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

MusterBsData *
muster_bs_data_load_dir (const char  *dir,
                         GError     **error)
{
  g_autoptr(MusterBsData) self = muster_bs_data_new ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return NULL;
  while ((name = g_dir_read_name (d)) != NULL)
    if (is_data_file (name))
      g_ptr_array_add (names, g_strdup (name));
  /* The same order on every machine, the game system first. */
  g_ptr_array_sort (names, compare_names);
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < names->len; i++)
      {
        const char *n = g_ptr_array_index (names, i);
        gboolean gst = g_str_has_suffix (n, ".gst") || g_str_has_suffix (n, ".gstz");
        g_autofree char *path = NULL;

        if (gst != (pass == 0))
          continue;
        path = g_build_filename (dir, n, NULL);
        if (!muster_bs_data_add_file (self, path, error))
          return NULL;
      }
  if (!muster_bs_data_resolve (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

static void
index_node (MusterBsData *self,
            MusterBsNode *node)
{
  for (MusterBsNode *child = node->first_child; child; child = child->next)
    {
      if (child->kind == MUSTER_BS_NODE_COST && child->type_id)
        g_hash_table_add (self->cost_types_used, (gpointer) child->type_id);
      if (child->id != NULL && child->kind != MUSTER_BS_NODE_COST &&
          child->kind != MUSTER_BS_NODE_CHARACTERISTIC &&
          !g_hash_table_contains (self->index, child->id))
        g_hash_table_insert (self->index, (gpointer) child->id, child);
      if (child->first_child != NULL)
        index_node (self, child);
    }
}

static void
check_links (MusterBsData *self,
             MusterBsNode *node)
{
  for (MusterBsNode *child = node->first_child; child; child = child->next)
    {
      if ((child->kind == MUSTER_BS_NODE_ENTRY_LINK || child->kind == MUSTER_BS_NODE_INFO_LINK ||
           child->kind == MUSTER_BS_NODE_CATEGORY_LINK ||
           child->kind == MUSTER_BS_NODE_CATALOGUE_LINK))
        {
          if (child->target_id == NULL)
            _muster_bs_data_problem (self, child, "link %s has no targetId",
                                     child->id ? child->id : "(no id)");
          else if (muster_bs_data_resolve_link (self, child) == NULL)
            _muster_bs_data_problem (self, child, "link %s: its target %s %s",
                                     child->id ? child->id : "(no id)", child->target_id,
                                     g_hash_table_contains (self->index, child->target_id)
                                     ? "links back into a cycle" : "does not exist");
        }
      if (child->first_child != NULL)
        check_links (self, child);
    }
}

gboolean
muster_bs_data_resolve (MusterBsData  *self,
                        GError       **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->game_system == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("no game system (.gst) among the %u files loaded"), self->files->len);
      return FALSE;
    }
  for (guint i = 0; i < self->catalogues->len; i++)
    {
      MusterBsNode *cat = g_ptr_array_index (self->catalogues, i);

      if (cat->target_id != NULL && cat->target_id != self->game_system->id &&
          strcmp (cat->target_id, self->game_system->id) != 0)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                       _("%s:%d: the catalogue is for game system %s, not %s (%s)"), cat->text,
                       cat->line, cat->target_id, self->game_system->id, self->game_system->text);
          return FALSE;
        }
    }

  g_hash_table_remove_all (self->index);
  g_hash_table_remove_all (self->cost_types_used);
  g_ptr_array_set_size (self->problems, 0);
  g_ptr_array_add (self->problems, NULL);
  /* Catalogues first (a catalogue's own ids are what its entries mean), the game system
   * after; the first id seen wins. */
  for (guint i = 0; i < self->files->len; i++)
    {
      MusterBsNode *file = g_ptr_array_index (self->files, i);

      if (!g_hash_table_contains (self->index, file->id))
        g_hash_table_insert (self->index, (gpointer) file->id, file);
    }
  for (guint i = 0; i < self->files->len; i++)
    index_node (self, g_ptr_array_index (self->files, i));
  for (guint i = 0; i < self->files->len; i++)
    check_links (self, g_ptr_array_index (self->files, i));
  self->resolved = TRUE;
  return TRUE;
}

const MusterBsNode *
muster_bs_data_get_game_system (const MusterBsData *self)
{
  return self->game_system;
}

GPtrArray *
muster_bs_data_get_catalogues (const MusterBsData *self)
{
  return self->catalogues;
}

const MusterBsNode *
muster_bs_data_get_catalogue (const MusterBsData *self,
                              const char         *id)
{
  for (guint i = 0; i < self->catalogues->len; i++)
    {
      const MusterBsNode *cat = g_ptr_array_index (self->catalogues, i);

      if (g_strcmp0 (cat->id, id) == 0)
        return cat;
    }
  if (self->game_system && g_strcmp0 (self->game_system->id, id) == 0)
    return self->game_system;
  return NULL;
}

const MusterBsNode *
muster_bs_data_lookup (const MusterBsData *self,
                       const char         *id)
{
  return id ? g_hash_table_lookup (self->index, id) : NULL;
}

static gboolean
is_link (const MusterBsNode *node)
{
  return node->kind == MUSTER_BS_NODE_ENTRY_LINK || node->kind == MUSTER_BS_NODE_INFO_LINK ||
         node->kind == MUSTER_BS_NODE_CATEGORY_LINK ||
         node->kind == MUSTER_BS_NODE_CATALOGUE_LINK;
}

const MusterBsNode *
muster_bs_data_resolve_link (const MusterBsData *self,
                             const MusterBsNode *link)
{
  const MusterBsNode *node = link;

  for (int hops = 0; hops < MAX_LINK_HOPS; hops++)
    {
      const MusterBsNode *target;

      if (node == NULL || !is_link (node))
        return node;
      target = muster_bs_data_lookup (self, node->target_id);
      if (target == NULL)
        return NULL;
      node = target;
    }
  return NULL;
}

static void
add_root_files (const MusterBsData *self,
                const MusterBsNode *file,
                GPtrArray          *out)
{
  if (file == NULL)
    return;
  for (guint i = 0; i < out->len; i++)
    if (g_ptr_array_index (out, i) == file)
      return;
  g_ptr_array_add (out, (gpointer) file);
  for (const MusterBsNode *child = file->first_child; child; child = child->next)
    if (child->kind == MUSTER_BS_NODE_CATALOGUE_LINK &&
        muster_bs_node_has_flag (child, MUSTER_BS_FLAG_IMPORT_ROOT))
      add_root_files (self, muster_bs_data_get_catalogue (self, child->target_id), out);
}

GPtrArray *
muster_bs_data_root_files (const MusterBsData *self,
                           const MusterBsNode *catalogue)
{
  GPtrArray *out = g_ptr_array_new ();

  add_root_files (self, catalogue, out);
  add_root_files (self, self->game_system, out);
  return out;
}

gboolean
muster_bs_node_has_flag (const MusterBsNode *node,
                         guint               flag)
{
  return (node->flags & flag) != 0;
}

const MusterBsNode *
muster_bs_node_find_child (const MusterBsNode *node,
                           MusterBsNodeKind    kind,
                           const char         *id)
{
  for (const MusterBsNode *child = node->first_child; child; child = child->next)
    if (child->kind == kind && (id == NULL || g_strcmp0 (child->id, id) == 0))
      return child;
  return NULL;
}

const char *
muster_bs_node_kind_to_string (MusterBsNodeKind kind)
{
  static const char * const names[] = {
    "other", "gameSystem", "catalogue", "catalogueLink", "publication", "costType",
    "profileType", "characteristicType", "categoryEntry", "forceEntry", "selectionEntry",
    "selectionEntryGroup", "entryLink", "categoryLink", "infoLink", "infoGroup", "profile",
    "characteristic", "rule", "cost", "constraint", "modifier", "modifierGroup", "condition",
    "conditionGroup", "localConditionGroup", "repeat",
  };

  return (guint) kind < G_N_ELEMENTS (names) ? names[kind] : "other";
}
