/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-item"

#include "config.h"

#include "muster-bs-document-private.h"

/*
 * The roster tree as list models. One MusterBsItem per force or selection, found again by
 * its engine pointer (an undone removal brings back the very selection, so its row comes
 * back too). After each edit every list made so far is brought to the roster with one
 * splice over what differs, and every row in the tree is told it changed: a modifier may
 * move the costs, name or number of any of them. A row that left the tree is dead: its
 * pointer may be freed with the command that held it, so it answers nothing.
 */

typedef enum
{
  ITEM_FORCE,
  ITEM_SELECTION,
} ItemKind;

struct _MusterBsItem
{
  GObject     parent_instance;

  ItemKind    kind;
  gpointer    pointer;
  /* Made on first asking */
  GListStore *children;
  /* A selection row last seen without children (see renew_leaves()) */
  gboolean    leaf;
  /* The tree's sync round it was last reached in */
  guint       round;
  /* Borrowed: the tree outlives its rows' use (the document drops them both) */
  MusterBsTree *tree;
};

struct _MusterBsTree
{
  MusterBsDocument *document;
  GListStore       *forces;
  /* pointer → MusterBsItem, per kind (a freed force's address may come back as a selection) */
  GHashTable       *items[2];
  guint             round;
};

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MusterBsItem, muster_bs_item, G_TYPE_OBJECT)

static void
muster_bs_item_finalize (GObject *object)
{
  MusterBsItem *self = (MusterBsItem *) object;

  g_clear_object (&self->children);

  G_OBJECT_CLASS (muster_bs_item_parent_class)->finalize (object);
}

static void
muster_bs_item_class_init (MusterBsItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_bs_item_finalize;

  /**
   * MusterBsItem::changed:
   *
   * Emitted after each edit of the roster while the row is in it.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
muster_bs_item_init (MusterBsItem *self)
{
}

static MusterBsItem *
tree_item (MusterBsTree *tree,
           ItemKind      kind,
           gpointer      pointer)
{
  MusterBsItem *item = g_hash_table_lookup (tree->items[kind], pointer);

  if (item == NULL)
    {
      item = g_object_new (MUSTER_TYPE_BS_ITEM, NULL);
      item->kind = kind;
      item->pointer = pointer;
      item->tree = tree;
      g_hash_table_insert (tree->items[kind], pointer, item);
    }
  return item;
}

gboolean
muster_bs_item_is_alive (MusterBsItem *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_ITEM (self), FALSE);
  return self->tree != NULL && self->round == self->tree->round;
}

/* Returns: (nullable): the force of a force row in the tree */
MusterBsForce *
muster_bs_item_get_force (MusterBsItem *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_ITEM (self), NULL);
  return self->kind == ITEM_FORCE && muster_bs_item_is_alive (self) ? self->pointer : NULL;
}

/* Returns: (nullable): the selection of a selection row in the tree */
MusterBsSelection *
muster_bs_item_get_selection (MusterBsItem *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_ITEM (self), NULL);
  return self->kind == ITEM_SELECTION && muster_bs_item_is_alive (self) ? self->pointer : NULL;
}

const char *
muster_bs_item_get_name (MusterBsItem *self)
{
  MusterBsForce *force = muster_bs_item_get_force (self);
  MusterBsSelection *selection = muster_bs_item_get_selection (self);
  const char *custom = NULL;

  if (force != NULL)
    custom = muster_bs_force_get_custom_name (force);
  else if (selection != NULL)
    custom = muster_bs_selection_get_custom_name (selection);
  if (custom != NULL && *custom != '\0')
    return custom;
  if (force != NULL)
    return muster_bs_force_get_name (force);
  return selection != NULL ? muster_bs_selection_get_name (selection) : "";
}

/* Returns: the number of a selection row; 1 for a force */
int
muster_bs_item_get_number (MusterBsItem *self)
{
  MusterBsSelection *selection = muster_bs_item_get_selection (self);

  return selection != NULL ? muster_bs_selection_get_number (selection) : 1;
}

GArray *
muster_bs_item_get_costs (MusterBsItem *self)
{
  MusterBsForce *force = muster_bs_item_get_force (self);
  MusterBsSelection *selection = muster_bs_item_get_selection (self);

  if (force != NULL)
    return muster_bs_force_get_costs (force);
  return selection != NULL ? muster_bs_selection_get_total_costs (selection) : NULL;
}

/* The rows below @item as the roster has them now. */
static GPtrArray *
children_now (MusterBsTree *tree,
              MusterBsItem *item)
{
  GPtrArray *rows = g_ptr_array_new ();

  if (item->kind == ITEM_FORCE)
    {
      MusterBsForce *force = item->pointer;

      for (guint i = 0; i < muster_bs_force_get_n_forces (force); i++)
        g_ptr_array_add (rows, tree_item (tree, ITEM_FORCE, muster_bs_force_get_force (force, i)));
      for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
        g_ptr_array_add (rows, tree_item (tree, ITEM_SELECTION,
                                          muster_bs_force_get_selection (force, i)));
    }
  else
    {
      MusterBsSelection *selection = item->pointer;

      for (guint i = 0; i < muster_bs_selection_get_n_children (selection); i++)
        g_ptr_array_add (rows, tree_item (tree, ITEM_SELECTION,
                                          muster_bs_selection_get_child (selection, i)));
    }
  return rows;
}

/* One splice over the stretch of @store that differs from @rows. */
static void
splice_to (GListStore *store,
           GPtrArray  *rows)
{
  GListModel *model = G_LIST_MODEL (store);
  guint n = g_list_model_get_n_items (model);
  guint head = 0, tail = 0;

  while (head < n && head < rows->len)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, head);

      if (item != g_ptr_array_index (rows, head))
        break;
      head++;
    }
  while (tail < n - head && tail < rows->len - head)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, n - 1 - tail);

      if (item != g_ptr_array_index (rows, rows->len - 1 - tail))
        break;
      tail++;
    }
  if (head + tail < n || head + tail < rows->len)
    g_list_store_splice (store, head, n - head - tail, rows->pdata + head,
                         rows->len - head - tail);
}

/* A tree list asks whether a row has children once, when it makes the row (a selection
 * without any gets no expander): a row in @store that got its first child is announced again,
 * so that its children show. */
static void
renew_leaves (GListStore *store,
              GPtrArray  *rows)
{
  for (guint i = 0; i < rows->len; i++)
    {
      MusterBsItem *item = g_ptr_array_index (rows, i);
      gboolean leaf;

      if (item->kind != ITEM_SELECTION)
        continue;
      leaf = muster_bs_selection_get_n_children (item->pointer) == 0;
      if (item->leaf && !leaf)
        g_list_model_items_changed (G_LIST_MODEL (store), i, 1, 1);
      item->leaf = leaf;
    }
}

/* Marks @rows reached this round and brings their own lists along. */
static void
sync_rows (MusterBsTree *tree,
           GPtrArray    *rows)
{
  for (guint i = 0; i < rows->len; i++)
    {
      MusterBsItem *item = g_ptr_array_index (rows, i);

      item->round = tree->round;
      if (item->children != NULL)
        {
          g_autoptr(GPtrArray) below = children_now (tree, item);

          sync_rows (tree, below);
          splice_to (item->children, below);
          renew_leaves (item->children, below);
        }
    }
}

static void
emit_changed (GListModel *model)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterBsItem) item = g_list_model_get_item (model, i);

      g_signal_emit (item, signals[CHANGED], 0);
      if (item->children != NULL)
        emit_changed (G_LIST_MODEL (item->children));
    }
}

/**
 * muster_bs_item_get_children:
 *
 * Returns: (transfer none): a #GListModel of #MusterBsItem, empty for a dead row
 */
GListModel *
muster_bs_item_get_children (MusterBsItem *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_ITEM (self), NULL);

  if (self->children == NULL)
    {
      self->children = g_list_store_new (MUSTER_TYPE_BS_ITEM);
      if (muster_bs_item_is_alive (self))
        {
          g_autoptr(GPtrArray) rows = children_now (self->tree, self);

          sync_rows (self->tree, rows);
          g_list_store_splice (self->children, 0, 0, rows->pdata, rows->len);
          renew_leaves (self->children, rows);
        }
    }
  return G_LIST_MODEL (self->children);
}

MusterBsTree *
_muster_bs_tree_new (MusterBsDocument *document)
{
  MusterBsTree *tree = g_new0 (MusterBsTree, 1);

  tree->document = document;
  tree->forces = g_list_store_new (MUSTER_TYPE_BS_ITEM);
  for (int k = 0; k < 2; k++)
    tree->items[k] = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  tree->round = 1;
  return tree;
}

static void
orphan (gpointer key,
        gpointer value,
        gpointer user_data)
{
  MusterBsItem *item = value;

  /* Rows the UI still holds outlive the tree: they are dead from now on. */
  item->tree = NULL;
}

/* Empties the tree (its forces' list stays, for those who show it): a roster is replaced. */
void
_muster_bs_tree_reset (MusterBsTree *tree)
{
  g_list_store_remove_all (tree->forces);
  for (int k = 0; k < 2; k++)
    {
      g_hash_table_foreach (tree->items[k], orphan, NULL);
      g_hash_table_remove_all (tree->items[k]);
    }
  tree->round++;
}

void
_muster_bs_tree_free (MusterBsTree *tree)
{
  _muster_bs_tree_reset (tree);
  g_clear_object (&tree->forces);
  for (int k = 0; k < 2; k++)
    g_hash_table_unref (tree->items[k]);
  g_free (tree);
}

GListModel *
_muster_bs_tree_get_forces (MusterBsTree *tree)
{
  return G_LIST_MODEL (tree->forces);
}

void
_muster_bs_tree_sync (MusterBsTree   *tree,
                      MusterBsRoster *roster)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  tree->round++;
  for (guint i = 0; roster != NULL && i < muster_bs_roster_get_n_forces (roster); i++)
    g_ptr_array_add (rows, tree_item (tree, ITEM_FORCE, muster_bs_roster_get_force (roster, i)));
  sync_rows (tree, rows);
  splice_to (tree->forces, rows);
  emit_changed (G_LIST_MODEL (tree->forces));
}

/* Returns: (transfer none) (nullable): the row of a force or selection by instance id,
 * its lists made down to it */
MusterBsItem *
_muster_bs_tree_find (MusterBsTree   *tree,
                      MusterBsRoster *roster,
                      const char     *instance_id)
{
  MusterBsSelection *selection = muster_bs_roster_find_selection (roster, instance_id);
  MusterBsForce *force = selection ? NULL : muster_bs_roster_find_force (roster, instance_id);
  MusterBsItem *item;

  if (selection == NULL && force == NULL)
    return NULL;
  /* Make the lists above it, so that the row is reached and alive. */
  if (selection != NULL && muster_bs_selection_get_parent (selection) != NULL)
    muster_bs_item_get_children (_muster_bs_tree_find (tree, roster,
                                                       muster_bs_selection_get_id (muster_bs_selection_get_parent (selection))));
  else if (selection != NULL)
    muster_bs_item_get_children (_muster_bs_tree_find (tree, roster,
                                                       muster_bs_force_get_id (muster_bs_selection_get_force (selection))));
  else if (muster_bs_force_get_parent (force) != NULL)
    muster_bs_item_get_children (_muster_bs_tree_find (tree, roster,
                                                       muster_bs_force_get_id (muster_bs_force_get_parent (force))));
  item = selection ? tree_item (tree, ITEM_SELECTION, selection) : tree_item (tree, ITEM_FORCE, force);
  return muster_bs_item_is_alive (item) ? item : NULL;
}
