/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <string.h>

#include "muster-bs-roster-private.h"

/*
 * Dependency-aware invalidation. An edit records which selections it changed (their
 * subtree: membership and numbers; their ancestors: total costs) and the ids those can be
 * counted as (their keys). At the next read, _muster_bs_flush() works out what else may
 * change: a selection whose modifiers' conditions or repeats read one of the changed ids (or
 * any id) in a scope that reaches the change, and, in turn, what reads the ids of those.
 * Everything else keeps its values and its validation.
 *
 * What an entry reads is known from the data alone (its modifiers, their groups, conditions
 * and repeats, and those of the profiles and rules it shows) and worked out once per entry
 * or link the first time a roster needs it; so are a selection's keys (its ids, its groups,
 * every category its links or modifiers can give it). Both err on the wide side: a read
 * keeps no note of its field or comparison, a key set holds categories a modifier might not
 * give. Adding, removing or duplicating forces, loading and renaming invalidate everything.
 */

typedef enum
{
  REGION_SELF,        /* the reader's own subtree */
  REGION_PARENT,      /* its parent's subtree (the force's root list at the top) */
  REGION_ROOT_ENTRY,  /* its root selection's subtree */
  REGION_FORCE,       /* its top-level force and the forces below */
  REGION_ROSTER,
  REGION_LIMITS,      /* the roster's cost limits */
  REGION_CHAIN,       /* what its ancestors are (a scope naming an entry, type or category) */
} Region;

typedef struct
{
  const char *id;       /* NULL: any */
  guint8      region;
  guint8      costs;    /* counts a cost (total costs move with it) */
} Read;

/* What an option reads (keyed by its link or entry). */
typedef struct
{
  GArray     *reads;    /* Read: conditions and repeats of the values and of validation */
  GArray     *tallies;  /* Read: what the constraints count */
} MusterBsDeps;

/* What a container's options read, see container_index(). */
typedef struct
{
  GHashTable *by_id;    /* const char* -> GArray of Posting */
  GArray     *any;      /* Posting: reads of any id */
  guint       all_bits; /* READ_BIT()s of every read */
} ContainerIndex;

#define READ_BIT(region, costs) (1u << ((region) * 2 + ((costs) ? 1 : 0)))
#define REGION_BITS(region)     (READ_BIT ((region), FALSE) | READ_BIT ((region), TRUE))
#define COSTS_BITS              0x2aaau   /* every READ_BIT (region, TRUE) */

typedef struct
{
  GHashTable *keys;     /* ids of selections whose values or membership changed */
  GHashTable *totals;   /* ids of selections whose total costs changed */
} MusterBsChanges;

void
_muster_bs_deps_free (gpointer p)
{
  MusterBsDeps *deps = p;

  g_array_unref (deps->reads);
  g_array_unref (deps->tallies);
  g_free (deps);
}

void
_muster_bs_container_index_free (gpointer p)
{
  ContainerIndex *index = p;

  g_hash_table_unref (index->by_id);
  g_array_unref (index->any);
  g_free (index);
}

void
_muster_bs_check_free (MusterBsCheck *check)
{
  g_ptr_array_unref (check->findings);
  g_free (check);
}

static void
changes_free (gpointer p)
{
  MusterBsChanges *c = p;

  g_hash_table_unref (c->keys);
  g_hash_table_unref (c->totals);
  g_free (c);
}

/* What edits recorded */

static MusterBsForce *
top_force (MusterBsForce *force)
{
  while (force->parent)
    force = force->parent;
  return force;
}

static MusterBsChanges *
changes_of (MusterBsRoster *roster,
            MusterBsForce  *top)
{
  MusterBsChanges *c;

  if (roster->pending_changes == NULL)
    roster->pending_changes = g_hash_table_new_full (NULL, NULL, NULL, changes_free);
  c = g_hash_table_lookup (roster->pending_changes, top);
  if (c == NULL)
    {
      c = g_new0 (MusterBsChanges, 1);
      /* A data set's strings are interned: equal ids are one pointer. */
      c->keys = g_hash_table_new (NULL, NULL);
      c->totals = g_hash_table_new (NULL, NULL);
      g_hash_table_insert (roster->pending_changes, top, c);
    }
  return c;
}

static void
add_key (GPtrArray  *keys,
         const char *id)
{
  if (id != NULL && *id != '\0')
    g_ptr_array_add (keys, (gpointer) id);
}

/* With @moving, only the categories a modifier names: a category link no modifier names
 * stays whatever the modifiers do. */
static void
category_keys (GPtrArray          *keys,
               const MusterBsNode *owner,
               gboolean            moving,
               int                 depth)
{
  for (const MusterBsNode *c = owner ? owner->first_child : NULL; c && depth < 16; c = c->next)
    {
      if (c->kind == MUSTER_BS_NODE_CATEGORY_LINK && !moving)
        add_key (keys, c->target_id);
      else if (c->kind == MUSTER_BS_NODE_MODIFIER && g_strcmp0 (c->field, "category") == 0)
        add_key (keys, c->text);
      else if (c->kind == MUSTER_BS_NODE_MODIFIER_GROUP)
        category_keys (keys, c, moving, depth + 1);
    }
}

/* Every id _muster_bs_selection_is() can match @sel with, categories a modifier might give
 * it included. */
static GPtrArray *
keys_of (MusterBsSelection *sel)
{
  const MusterBsOption *o = &sel->option;

  if (sel->keys != NULL)
    return sel->keys;
  sel->keys = g_ptr_array_new ();
  add_key (sel->keys, o->entry_id);
  add_key (sel->keys, o->entry->id);
  add_key (sel->keys, o->entry->type);
  add_key (sel->keys, o->entry_group_id);
  if (o->link)
    add_key (sel->keys, o->link->id);
  for (guint i = 0; o->via && i < o->via->len; i++)
    add_key (sel->keys, ((const MusterBsNode *) g_ptr_array_index (o->via, i))->id);
  category_keys (sel->keys, o->entry, FALSE, 0);
  category_keys (sel->keys, o->link, FALSE, 0);
  return sel->keys;
}

/* The keys of @sel that its modifiers can give or take: its number and what it is (entry,
 * link, groups, type) never move with them. */
static GPtrArray *
moving_keys_of (MusterBsSelection *sel)
{
  if (sel->moving_keys != NULL)
    return sel->moving_keys;
  sel->moving_keys = g_ptr_array_new ();
  category_keys (sel->moving_keys, sel->option.entry, TRUE, 0);
  category_keys (sel->moving_keys, sel->option.link, TRUE, 0);
  return sel->moving_keys;
}

static gboolean
has_key (GPtrArray  *keys,
         const char *id)
{
  for (guint i = 0; i < keys->len; i++)
    if (_muster_bs_str_equal (keys->pdata[i], id))
      return TRUE;
  return FALSE;
}

static void
add_keys (GHashTable *set,
          GHashTable *all,
          GPtrArray  *keys)
{
  for (guint i = 0; i < keys->len; i++)
    {
      g_hash_table_add (set, keys->pdata[i]);
      g_hash_table_add (all, keys->pdata[i]);
    }
}

/* @sel's values (or, @edited, its membership or number) may change: its keys go to the
 * changes of its force and of the roster, and its ancestors' totals change. When only what
 * it reads changed, a count of selections by what it is reads the same number as before
 * (early cut-off): only the categories a modifier moves change such a count; anything it
 * is may count other costs. */
static void
mark_value (MusterBsRoster    *roster,
            MusterBsSelection *sel,
            gboolean           edited)
{
  MusterBsForce *top = top_force (sel->force);
  MusterBsChanges *here = changes_of (roster, top);
  MusterBsChanges *all = changes_of (roster, NULL);

  sel->dirty = MUSTER_BS_DIRTY_VALUE;
  if (edited)
    {
      sel->edited = TRUE;
      add_keys (here->keys, all->keys, keys_of (sel));
    }
  else
    {
      add_keys (here->keys, all->keys, moving_keys_of (sel));
      add_keys (here->totals, all->totals, keys_of (sel));
    }
  for (MusterBsSelection *a = sel->parent; a; a = a->parent)
    {
      if (a->dirty == MUSTER_BS_CLEAN)
        a->dirty = MUSTER_BS_DIRTY_TOTAL;
      add_keys (here->totals, all->totals, keys_of (a));
    }
}

static void
mark_subtree (MusterBsRoster    *roster,
              MusterBsSelection *sel)
{
  mark_value (roster, sel, TRUE);
  for (guint i = 0; i < sel->children->len; i++)
    mark_subtree (roster, g_ptr_array_index (sel->children, i));
}

static void
pending (MusterBsRoster *roster)
{
  roster->generation++;
  roster->pending = TRUE;
  g_ptr_array_set_size (roster->retired, 0);
}

/* @sel was added, put back, or its number changed: its subtree is counted anew. */
void
_muster_bs_changed_selection (MusterBsRoster    *roster,
                              MusterBsSelection *sel)
{
  pending (roster);
  mark_subtree (roster, sel);
}

/* @sel is about to leave its list: what counted it counts less, its old ancestors' totals
 * fall. It keeps its marks, so it is evaluated again if it comes back. */
void
_muster_bs_removed_selection (MusterBsRoster    *roster,
                              MusterBsSelection *sel)
{
  pending (roster);
  mark_subtree (roster, sel);
}

void
_muster_bs_changed_limits (MusterBsRoster *roster)
{
  pending (roster);
  roster->pending_limits = TRUE;
}

void
_muster_bs_roster_changed (MusterBsRoster *roster)
{
  pending (roster);
  roster->pending_full = TRUE;
}

/* What an entry reads */

static Region
region_of (const char *scope)
{
  if (scope == NULL)
    return REGION_PARENT;
  if (strcmp (scope, "self") == 0)
    return REGION_SELF;
  if (strcmp (scope, "parent") == 0)
    return REGION_PARENT;
  if (strcmp (scope, "root-entry") == 0)
    return REGION_ROOT_ENTRY;
  if (strcmp (scope, "roster") == 0 || strcmp (scope, "primary-catalogue") == 0)
    return REGION_ROSTER;
  return REGION_FORCE;
}

static void
add_read (GArray     *reads,
          const char *id,
          Region      region,
          gboolean    costs)
{
  Read r = { id && *id && strcmp (id, "any") != 0 ? id : NULL, region, costs };

  for (guint i = 0; i < reads->len; i++)
    {
      Read *o = &g_array_index (reads, Read, i);

      if (o->region == r.region && o->costs == r.costs && g_strcmp0 (o->id, r.id) == 0)
        return;
    }
  g_array_append_val (reads, r);
}

/* A condition or repeat, as what it reads. */
static void
query_reads (GArray             *reads,
             const MusterBsNode *q)
{
  const char *field = q->field ? q->field : "selections";
  gboolean instance = q->kind == MUSTER_BS_NODE_CONDITION &&
                      (g_strcmp0 (q->type, "instanceOf") == 0 ||
                       g_strcmp0 (q->type, "notInstanceOf") == 0);
  gboolean costs = !instance && strcmp (field, "selections") != 0;
  Region region = region_of (q->scope);

  if (instance)
    {
      /* What the reader or its ancestors are: forces and the game system never change. */
      if (q->scope == NULL || (strcmp (q->scope, "force") != 0 && strcmp (q->scope, "roster") != 0 &&
                               strcmp (q->scope, "primary-catalogue") != 0))
        add_read (reads, q->child_id, REGION_CHAIN, FALSE);
      return;
    }

  if (g_str_has_prefix (field, "limit::"))
    {
      add_read (reads, NULL, REGION_LIMITS, FALSE);
      return;
    }
  if (strcmp (field, "forces") == 0)
    return;   /* forces change only by edits that invalidate everything */
  /* A primary category's members are whatever is filed there: any change counts. */
  if (q->scope && strcmp (q->scope, "primary-category") == 0)
    add_read (reads, NULL, REGION_FORCE, costs);
  add_read (reads, q->child_id, region, costs);
  if (muster_bs_node_has_flag (q, MUSTER_BS_FLAG_PERCENT))
    add_read (reads, NULL, region, costs);
  /* A scope naming an entry is the nearest ancestor that is one, which categories move. */
  if (region == REGION_FORCE && q->scope && strcmp (q->scope, "force") != 0 &&
      strcmp (q->scope, "ancestor") != 0)
    add_read (reads, q->scope, REGION_CHAIN, FALSE);
}

/* Conditions and repeats anywhere below @node's modifiers. */
static void
modifier_reads (GArray             *reads,
                const MusterBsNode *node,
                int                 depth)
{
  for (const MusterBsNode *c = node->first_child; c && depth < 32; c = c->next)
    {
      if (c->kind == MUSTER_BS_NODE_CONDITION || c->kind == MUSTER_BS_NODE_REPEAT)
        query_reads (reads, c);
      else if (c->kind == MUSTER_BS_NODE_MODIFIER || c->kind == MUSTER_BS_NODE_MODIFIER_GROUP ||
               c->kind == MUSTER_BS_NODE_CONDITION_GROUP ||
               c->kind == MUSTER_BS_NODE_LOCAL_CONDITION_GROUP)
        modifier_reads (reads, c, depth + 1);
    }
}

/* The modifiers of @owner and of the profiles, rules and info groups it shows, as
 * muster-bs-eval.c's collect_info() walks them. */
static void
owner_reads (MusterBsData       *data,
             GArray             *reads,
             const MusterBsNode *owner,
             int                 depth)
{
  if (owner == NULL || depth > 8)
    return;
  modifier_reads (reads, owner, 0);
  for (const MusterBsNode *c = owner->first_child; c; c = c->next)
    switch (c->kind)
      {
      case MUSTER_BS_NODE_PROFILE:
      case MUSTER_BS_NODE_RULE:
      case MUSTER_BS_NODE_INFO_GROUP:
        owner_reads (data, reads, c, depth + 1);
        break;
      case MUSTER_BS_NODE_INFO_LINK:
        modifier_reads (reads, c, 0);
        owner_reads (data, reads, muster_bs_data_resolve_link (data, c), depth + 1);
        break;
      default:
        break;
      }
}

static void
constraint_tallies (GArray             *tallies,
                    const MusterBsNode *owner,
                    const MusterBsNode *entry)
{
  for (const MusterBsNode *c = owner ? owner->first_child : NULL; c; c = c->next)
    {
      const char *field = c->field ? c->field : "selections";
      gboolean costs = strcmp (field, "selections") != 0;
      Region region;

      if (c->kind != MUSTER_BS_NODE_CONSTRAINT || strcmp (field, "forces") == 0)
        continue;
      region = c->scope == NULL || strcmp (c->scope, "parent") == 0 ||
               strcmp (c->scope, "self") == 0 ? REGION_PARENT
               : strcmp (c->scope, "roster") == 0 ? REGION_ROSTER : REGION_FORCE;
      add_read (tallies, entry->id, region, costs);
      if (muster_bs_node_has_flag (c, MUSTER_BS_FLAG_PERCENT))
        add_read (tallies, NULL, region, costs);
    }
}

static GHashTable *
deps_table (MusterBsRoster *roster)
{
  if (roster->deps == NULL)
    roster->deps = g_hash_table_new_full (NULL, NULL, NULL, _muster_bs_deps_free);
  return roster->deps;
}

static MusterBsDeps *
deps_of (MusterBsRoster       *roster,
         const MusterBsOption *option)
{
  /* A link always leads to the same entry: the link, or the entry, says it all. */
  gconstpointer key = option->link ? option->link : option->entry;
  MusterBsDeps *deps;

  deps = g_hash_table_lookup (deps_table (roster), key);
  if (deps != NULL)
    return deps;
  deps = g_new0 (MusterBsDeps, 1);
  deps->reads = g_array_new (FALSE, FALSE, sizeof (Read));
  deps->tallies = g_array_new (FALSE, FALSE, sizeof (Read));
  owner_reads (roster->data, deps->reads, option->entry, 0);
  owner_reads (roster->data, deps->reads, option->link, 0);
  constraint_tallies (deps->tallies, option->entry, option->entry);
  constraint_tallies (deps->tallies, option->link, option->entry);
  g_hash_table_insert (roster->deps, (gpointer) key, deps);
  return deps;
}

/* Working out what an edit reaches */

typedef struct
{
  MusterBsRoster  *roster;
  MusterBsChanges *force;   /* changes in the top-level force at hand, or NULL */
  MusterBsChanges *all;
  GByteArray      *hit;     /* drop_checks()'s flags, one per option: kept for the flush */
} Flush;

static gboolean
changes_hit (MusterBsChanges *c,
             const Read      *read)
{
  if (c == NULL)
    return FALSE;
  if (read->id == NULL)
    return g_hash_table_size (c->keys) > 0 || (read->costs && g_hash_table_size (c->totals) > 0);
  return g_hash_table_contains (c->keys, read->id) ||
         (read->costs && g_hash_table_contains (c->totals, read->id));
}

/* Whether @read, made by a selection (@self) or by an option offered in @parent (@self
 * NULL), can see a change. A change in a selection's subtree marks it dirty, so a subtree
 * that is clean has not changed. */
static gboolean
read_hits (Flush             *f,
           const Read        *read,
           MusterBsSelection *self,
           MusterBsSelection *parent)
{
  MusterBsSelection *root;

  switch ((Region) read->region)
    {
    case REGION_SELF:
      return self && self->dirty != MUSTER_BS_CLEAN && changes_hit (f->force, read);
    case REGION_PARENT:
      return (parent == NULL || parent->dirty != MUSTER_BS_CLEAN) && changes_hit (f->force, read);
    case REGION_ROOT_ENTRY:
      for (root = self ? self : parent; root && root->parent; root = root->parent)
        ;
      return root && root->dirty != MUSTER_BS_CLEAN && changes_hit (f->force, read);
    case REGION_FORCE:
      return changes_hit (f->force, read);
    case REGION_ROSTER:
      return changes_hit (f->all, read);
    case REGION_CHAIN:
      /* Only a selection whose values change can become or stop being one. */
      for (root = self ? self : parent; root; root = root->parent)
        if (root->dirty == MUSTER_BS_DIRTY_VALUE &&
            has_key (root->edited ? keys_of (root) : moving_keys_of (root), read->id))
          return TRUE;
      return FALSE;
    case REGION_LIMITS:
    default:
      return f->roster->pending_limits;
    }
}

static gboolean
reads_hit (Flush             *f,
           GArray            *reads,
           MusterBsSelection *self,
           MusterBsSelection *parent)
{
  for (guint i = 0; i < reads->len; i++)
    if (read_hits (f, &g_array_index (reads, Read, i), self, parent))
      return TRUE;
  return FALSE;
}

static void
set_force (Flush         *f,
           MusterBsForce *top)
{
  GHashTable *changes = f->roster->pending_changes;

  f->force = changes ? g_hash_table_lookup (changes, top) : NULL;
  f->all = changes ? g_hash_table_lookup (changes, NULL) : NULL;
}

/* One pass over a list: marks what newly depends on a change; TRUE if anything was. */
static gboolean
spread_list (Flush     *f,
             GPtrArray *list)
{
  gboolean spread = FALSE;

  for (guint i = 0; i < list->len; i++)
    {
      MusterBsSelection *sel = g_ptr_array_index (list, i);

      if (sel->dirty != MUSTER_BS_DIRTY_VALUE &&
          reads_hit (f, deps_of (f->roster, &sel->option)->reads, sel, sel->parent))
        {
          mark_value (f->roster, sel, FALSE);
          /* The force's changes may have just been made. */
          set_force (f, top_force (sel->force));
          spread = TRUE;
        }
      spread |= spread_list (f, sel->children);
    }
  return spread;
}

static gboolean
spread_forces (Flush     *f,
               GPtrArray *forces)
{
  gboolean spread = FALSE;

  for (guint i = 0; i < forces->len; i++)
    {
      MusterBsForce *force = g_ptr_array_index (forces, i);

      set_force (f, top_force (force));
      spread |= spread_list (f, force->selections);
      spread |= spread_forces (f, force->forces);
    }
  return spread;
}

/* What the options of a container read, indexed for an edit that changes a few ids where
 * the options (hundreds at a force's root) read thousands: per id, the options that read it
 * and in which regions. Worked out once per list of options and kept with the roster (the
 * list's address is the key). */
typedef struct
{
  guint slot;           /* index in the list of options */
  guint bits;           /* READ_BIT()s of its reads of the id */
} Posting;

static void
post (GArray *postings,
      guint   slot,
      guint   bits)
{
  Posting p = { slot, bits };

  /* An option's reads come together: one posting each. */
  if (postings->len > 0 && g_array_index (postings, Posting, postings->len - 1).slot == slot)
    g_array_index (postings, Posting, postings->len - 1).bits |= bits;
  else
    g_array_append_val (postings, p);
}

static void
index_option (ContainerIndex *index,
              guint           slot,
              GArray         *reads)
{
  for (guint i = 0; i < reads->len; i++)
    {
      Read *r = &g_array_index (reads, Read, i);
      guint bit = READ_BIT (r->region, r->costs);
      GArray *postings = index->any;

      index->all_bits |= bit;
      if (r->id != NULL)
        {
          postings = g_hash_table_lookup (index->by_id, r->id);
          if (postings == NULL)
            {
              postings = g_array_new (FALSE, FALSE, sizeof (Posting));
              /* Ids are interned in the data set, as the changes' keys are. */
              g_hash_table_insert (index->by_id, (gpointer) r->id, postings);
            }
        }
      post (postings, slot, bit);
    }
}

static ContainerIndex *
container_index (MusterBsRoster *roster,
                 GArray         *slots)
{
  ContainerIndex *index;

  if (roster->indexes == NULL)
    roster->indexes = g_hash_table_new_full (NULL, NULL, NULL, _muster_bs_container_index_free);
  index = g_hash_table_lookup (roster->indexes, slots);
  if (index != NULL)
    return index;
  index = g_new0 (ContainerIndex, 1);
  index->by_id = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  index->any = g_array_new (FALSE, FALSE, sizeof (Posting));
  for (guint i = 0; i < slots->len; i++)
    {
      MusterBsSlot *slot = &g_array_index (slots, MusterBsSlot, i);
      MusterBsDeps *deps = slot->deps;

      if (deps == NULL)
        deps = slot->deps = deps_of (roster, slot->option);
      index_option (index, i, deps->reads);
      index_option (index, i, deps->tallies);
    }
  g_hash_table_insert (roster->indexes, slots, index);
  return index;
}

/* Marks in @hit the options whose postings of @id have a read in @regions. */
static void
hit_postings (GArray   *postings,
              guint     regions,
              gboolean *hit)
{
  for (guint i = 0; postings && i < postings->len; i++)
    if (g_array_index (postings, Posting, i).bits & regions)
      hit[g_array_index (postings, Posting, i).slot] = TRUE;
}

/* changes_hit() for every read of the container's options in @regions at once. */
static void
hit_changes (ContainerIndex  *index,
             MusterBsChanges *c,
             guint            regions,
             gboolean        *hit)
{
  GHashTableIter iter;
  gpointer id;

  if (c == NULL || (index->all_bits & regions) == 0)
    return;
  if (g_hash_table_size (c->keys) > 0)
    hit_postings (index->any, regions, hit);
  if (g_hash_table_size (c->totals) > 0)
    hit_postings (index->any, regions & COSTS_BITS, hit);
  g_hash_table_iter_init (&iter, c->keys);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    hit_postings (g_hash_table_lookup (index->by_id, id), regions, hit);
  if ((index->all_bits & regions & COSTS_BITS) == 0)
    return;
  g_hash_table_iter_init (&iter, c->totals);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    hit_postings (g_hash_table_lookup (index->by_id, id), regions & COSTS_BITS, hit);
}

/* Which options offered in @parent (NULL: the force's root) are judged differently: each
 * whose reads or tallies read_hits() says an edit reaches (with no reader of their own,
 * the regions depend on @parent alone). */
static void
options_hit (Flush             *f,
             ContainerIndex    *index,
             MusterBsSelection *parent,
             gboolean          *hit)
{
  guint here = REGION_BITS (REGION_FORCE);
  MusterBsSelection *root;

  if (parent == NULL || parent->dirty != MUSTER_BS_CLEAN)
    here |= REGION_BITS (REGION_PARENT);
  for (root = parent; root && root->parent; root = root->parent)
    ;
  if (root && root->dirty != MUSTER_BS_CLEAN)
    here |= REGION_BITS (REGION_ROOT_ENTRY);
  if (f->roster->pending_limits)
    hit_postings (index->any, REGION_BITS (REGION_LIMITS), hit);
  hit_changes (index, f->force, here, hit);
  hit_changes (index, f->all, REGION_BITS (REGION_ROSTER), hit);
  if ((index->all_bits & REGION_BITS (REGION_CHAIN)) == 0)
    return;
  for (root = parent; root; root = root->parent)
    if (root->dirty == MUSTER_BS_DIRTY_VALUE)
      {
        GPtrArray *keys = root->edited ? keys_of (root) : moving_keys_of (root);

        for (guint i = 0; i < keys->len; i++)
          hit_postings (g_hash_table_lookup (index->by_id, keys->pdata[i]),
                        REGION_BITS (REGION_CHAIN), hit);
      }
}

/* Builds the index of @slots now, when a container's checks or hidden options are first kept,
 * rather than in the first flush to need it: that flush is the first edit after a roster is
 * opened, and building every container's index at once made it the one edit over 5 ms. */
void
_muster_bs_index_slots (MusterBsRoster *roster,
                        GArray         *slots)
{
  if (slots->len > 0)
    container_index (roster, slots);
}

/* Which of @slots, the options offered in @parent, an edit reaches: a flag each in f->hit,
 * valid until the next call. */
static gboolean *
slots_hit (Flush             *f,
           GArray            *slots,
           MusterBsSelection *parent)
{
  gboolean *hit;

  /* Thousands of containers per flush: one buffer, not one allocation each. */
  if (f->hit == NULL)
    f->hit = g_byte_array_new ();
  g_byte_array_set_size (f->hit, slots->len * sizeof (gboolean));
  hit = (gboolean *) f->hit->data;
  memset (hit, 0, slots->len * sizeof (gboolean));
  options_hit (f, container_index (f->roster, slots), parent, hit);
  return hit;
}

/* Drops the checks of a container (@whole) or of the options an edit reaches. */
static void
drop_checks (Flush             *f,
             GPtrArray        **checks,
             MusterBsForce     *force,
             MusterBsSelection *parent,
             gboolean           whole)
{
  GArray *slots;
  gboolean *hit;

  if (*checks == NULL)
    return;
  if (whole)
    {
      g_clear_pointer (checks, g_ptr_array_unref);
      return;
    }
  slots = _muster_bs_constrained_options (f->roster, force, parent);
  if (slots->len == 0)
    return;
  hit = slots_hit (f, slots, parent);
  for (guint i = 0; i < slots->len && i + 1 < (*checks)->len; i++)
    if (hit[i])
      g_clear_pointer (&(*checks)->pdata[i + 1], g_ptr_array_unref);
}

/* Forgets whether the options of a container are hidden: all of them (@whole), or those an
 * edit reaches (the reads of their hidden modifiers are among the option's reads). */
static void
drop_hidden (Flush             *f,
             GByteArray       **hidden,
             MusterBsForce     *force,
             MusterBsSelection *parent,
             gboolean           whole)
{
  GArray *slots;
  gboolean *hit;

  if (*hidden == NULL)
    return;
  if (whole)
    {
      g_clear_pointer (hidden, g_byte_array_unref);
      return;
    }
  slots = _muster_bs_option_slots (f->roster, force, parent);
  hit = slots_hit (f, slots, parent);
  for (guint i = 0; i < slots->len && i < (*hidden)->len; i++)
    if (hit[i])
      (*hidden)->data[i] = MUSTER_BS_HIDDEN_UNKNOWN;
}

static gboolean
count_hit (gpointer key,
           gpointer value,
           gpointer user_data)
{
  const MusterBsCountKey *k = key;
  Read read = { k->child_id, REGION_FORCE, k->field != NULL };

  /* "any" counts everything: muster-bs-query.c's is_any(), as add_read() keeps it. */
  if (read.id != NULL && (*read.id == '\0' || strcmp (read.id, "any") == 0))
    read.id = NULL;
  return changes_hit (user_data, &read);
}

/* Drops the counts over a list (@memo) that an edit reaches: all of them (@whole), or those
 * whose ids (and, counting costs, total costs) the changes in the force name. A list whose
 * owner is clean has not changed, and neither have its counts. */
static void
drop_counts (Flush       *f,
             GHashTable **memo,
             gboolean     whole)
{
  if (*memo == NULL)
    return;
  if (whole)
    g_clear_pointer (memo, g_hash_table_unref);
  else
    g_hash_table_foreach_remove (*memo, count_hit, f->force);
}

static gboolean
tally_hit (gpointer key,
           gpointer value,
           gpointer user_data)
{
  const MusterBsTallyKey *k = key;
  Read read = { k->id, REGION_FORCE, k->cost_type != NULL };

  return changes_hit (user_data, &read);
}

/* Drops the tallies of a force (the changes in its top-level force) or of the roster (all
 * changes) that an edit reaches: those of an id the changes name (and, counting costs, whose
 * total costs changed), of any id when something changed, or all of them (@whole). */
void
_muster_bs_tallies_drop (GHashTable **memo,
                         gpointer     changes,
                         gboolean     whole)
{
  if (*memo == NULL)
    return;
  if (whole)
    g_clear_pointer (memo, g_hash_table_unref);
  else if (changes != NULL)
    g_hash_table_foreach_remove (*memo, tally_hit, changes);
}

/* Keeps the values of what is clean, drops the validation and counts that may change, and
 * clears the marks. */
static void
settle_list (Flush     *f,
             GPtrArray *list,
             gboolean   full)
{
  MusterBsRoster *roster = f->roster;

  for (guint i = 0; i < list->len; i++)
    {
      MusterBsSelection *sel = g_ptr_array_index (list, i);
      gboolean whole;

      if (!full && sel->dirty != MUSTER_BS_DIRTY_VALUE)
        {
          MusterBsEffective *eff = &sel->eff;

          /* What was up to date stays so; what was not is worked out when asked. Below a
           * selection whose only its total costs change, nothing its modifiers read did. */
          if (eff->generation == roster->flushed_generation)
            eff->generation = roster->generation;
          if (eff->costs_generation == roster->flushed_generation)
            eff->costs_generation = roster->generation;
          if (eff->categories_generation == roster->flushed_generation)
            eff->categories_generation = roster->generation;
          if (eff->total_generation == roster->flushed_generation &&
              sel->dirty == MUSTER_BS_CLEAN)
            eff->total_generation = roster->generation;
        }
      whole = full || sel->dirty != MUSTER_BS_CLEAN ||
              (sel->parent && sel->parent->dirty == MUSTER_BS_DIRTY_VALUE);
      drop_checks (f, &sel->checks, sel->force, sel, whole);
      drop_hidden (f, &sel->hidden_options, sel->force, sel, whole);
      /* A selection moved or put back has its whole subtree marked: every id its children
       * can be counted as is among the changes. */
      if (full || sel->dirty != MUSTER_BS_CLEAN)
        drop_counts (f, &sel->counts, full);
      settle_list (f, sel->children, full);
      sel->dirty = MUSTER_BS_CLEAN;
      sel->edited = FALSE;
    }
}

static void
settle_forces (Flush     *f,
               GPtrArray *forces,
               gboolean   full)
{
  for (guint i = 0; i < forces->len; i++)
    {
      MusterBsForce *force = g_ptr_array_index (forces, i);

      set_force (f, top_force (force));
      drop_checks (f, &force->checks, force, NULL, full);
      drop_hidden (f, &force->hidden_options, force, NULL, full);
      drop_counts (f, &force->counts, full);
      _muster_bs_tallies_drop (&force->tallies, f->force, full);
      settle_list (f, force->selections, full);
      settle_forces (f, force->forces, full);
    }
}

/* Works out what the edits since the last flush reach; called before any value is read. */
void
_muster_bs_flush (MusterBsRoster *roster)
{
  Flush f = { roster, NULL, NULL, NULL };
  gboolean full = roster->pending_full;

  if (!roster->pending)
    return;
  roster->pending = FALSE;
  f.all = roster->pending_changes ? g_hash_table_lookup (roster->pending_changes, NULL) : NULL;
  if (!full)
    while (spread_forces (&f, roster->forces))
      ;
  settle_forces (&f, roster->forces, full);
  f.all = roster->pending_changes ? g_hash_table_lookup (roster->pending_changes, NULL) : NULL;
  _muster_bs_tallies_drop (&roster->tallies, f.all, full);
  g_clear_pointer (&f.hit, g_byte_array_unref);
  g_clear_pointer (&roster->pending_changes, g_hash_table_unref);
  roster->pending_full = FALSE;
  roster->pending_limits = FALSE;
  roster->flushed_generation = roster->generation;
}
