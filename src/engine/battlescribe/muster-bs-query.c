/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-bs-roster-private.h"

/*
 * Queries: what conditions, repeats and constraints count. A query has a scope (where to
 * look: self, parent, ancestor, force, roster, primary-category, primary-catalogue,
 * root-entry, or an entry id naming an ancestor), a field (selections, forces, a cost type,
 * limit::<cost type>) and a child id (what to count: an entry, a group, a category, a force
 * entry, a catalogue, a selection type, or anything).
 */

static gboolean
is_any (const char *id)
{
  return id == NULL || *id == '\0' || (*id == 'a' && strcmp (id, "any") == 0);
}

static gboolean
has_category (MusterBsSelection *sel,
              const char        *id)
{
  GArray *cats = NULL;

  /* Categories move with modifiers; while they (or its costs) are being worked out, the
   * entry's own: its costs' conditions must not see a name worked out from costs that are
   * not there yet. */
  if (!sel->eff.categories_computing && !sel->eff.costs_computing)
    cats = muster_bs_selection_get_categories (sel);
  if (cats != NULL)
    {
      for (guint i = 0; i < cats->len; i++)
        if (_muster_bs_str_equal (g_array_index (cats, MusterBsCategory, i).entry_id, id))
          return TRUE;
      return FALSE;
    }
  for (int k = 0; k < 2; k++)
    {
      const MusterBsNode *owner = k == 0 ? sel->option.entry : sel->option.link;

      for (const MusterBsNode *c = owner ? owner->first_child : NULL; c; c = c->next)
        if (c->kind == MUSTER_BS_NODE_CATEGORY_LINK && g_strcmp0 (c->target_id, id) == 0)
          return TRUE;
    }
  return FALSE;
}

/* Whether @sel is an instance of @id. With @shared FALSE only the exact way it was reached
 * (its composite id, or its link) counts, as constraints with shared="false" count. */
gboolean
_muster_bs_selection_is (MusterBsSelection *sel,
                         const char        *id,
                         gboolean           shared)
{
  const MusterBsOption *o = &sel->option;

  if (is_any (id))
    return TRUE;
  if (_muster_bs_str_equal (o->entry_id, id) ||
      (o->link && _muster_bs_str_equal (o->link->id, id)))
    return TRUE;
  if (!shared && o->link != NULL)
    return FALSE;
  if (_muster_bs_str_equal (o->entry->id, id))
    return TRUE;
  if (_muster_bs_str_equal (o->entry->type, id))
    return TRUE;
  if (_muster_bs_str_equal (o->entry_group_id, id))
    return TRUE;
  for (guint i = 0; o->via && i < o->via->len; i++)
    if (_muster_bs_str_equal (((const MusterBsNode *) g_ptr_array_index (o->via, i))->id, id))
      return TRUE;
  return has_category (sel, id);
}

gboolean
_muster_bs_force_is (MusterBsForce *force,
                     const char    *id)
{
  return is_any (id) || g_strcmp0 (force->entry->id, id) == 0 ||
         g_strcmp0 (force->catalogue->id, id) == 0;
}

double
_muster_bs_cost_of (GArray     *costs,
                    const char *type_id)
{
  for (guint i = 0; costs && i < costs->len; i++)
    if (g_strcmp0 (g_array_index (costs, MusterBsCost, i).type_id, type_id) == 0)
      return g_array_index (costs, MusterBsCost, i).value;
  return 0;
}

typedef struct
{
  MusterBsRoster *roster;
  const char *child_id;
  const char *field;        /* NULL: selections */
  gboolean    shared;
  gboolean    deep;         /* includeChildSelections */
  gboolean    child_forces; /* includeChildForces */
  gboolean    per_model;    /* count amounts per parent model (scope parent) */
} Count;

static double
count_selection (Count             *c,
                 MusterBsSelection *sel)
{
  double total = 0;

  if (_muster_bs_selection_is (sel, c->child_id, c->shared))
    {
      if (c->field == NULL)
        total += c->per_model ? sel->number : muster_bs_selection_get_number (sel);
      else
        total += _muster_bs_cost_of (muster_bs_selection_get_costs (sel), c->field);
    }
  if (c->deep)
    for (guint i = 0; i < sel->children->len; i++)
      total += count_selection (c, g_ptr_array_index (sel->children, i));
  return total;
}

static guint
count_key_hash (gconstpointer p)
{
  const MusterBsCountKey *k = p;

  return g_direct_hash (k->child_id) ^ (g_direct_hash (k->field) * 17) ^ k->flags;
}

static gboolean
count_key_equal (gconstpointer a,
                 gconstpointer b)
{
  return memcmp (a, b, sizeof (MusterBsCountKey)) == 0;
}

static double
count_list_walk (Count     *c,
                 GPtrArray *selections)
{
  double total = 0;

  for (guint i = 0; i < selections->len; i++)
    total += count_selection (c, g_ptr_array_index (selections, i));
  return total;
}

/* Conditions ask the same counts over the same lists again and again (every unit's
 * modifiers counting the force's Characters …): each is worked out once and kept with the
 * list's owner (@memo) until an edit reaches what it counts (muster-bs-deps.c drops it then).
 * Not while a selection is being evaluated, when counts see provisional categories and
 * costs. */
static double
count_list (Count       *c,
            GPtrArray   *selections,
            GHashTable **memo)
{
  MusterBsRoster *roster = c->roster;
  MusterBsCountKey key = { 0 };
  double *value;

  /* What the edits since the last flush reach is not dropped yet. */
  if (roster->pending)
    _muster_bs_flush (roster);
  if (roster->computing > 0 || selections->len == 0)
    return count_list_walk (c, selections);
  if (*memo == NULL)
    *memo = g_hash_table_new_full (count_key_hash, count_key_equal, g_free, g_free);
  key.child_id = c->child_id;
  key.field = c->field;
  key.flags = c->shared | c->deep << 1 | c->per_model << 2;
  value = g_hash_table_lookup (*memo, &key);
  if (value != NULL)
    return *value;
  value = g_new (double, 1);
  *value = count_list_walk (c, selections);
  g_hash_table_insert (*memo, g_memdup2 (&key, sizeof key), value);
  return *value;
}

/* The children of @sel, or the root list of @force. */
static double
count_children (Count             *c,
                MusterBsForce     *force,
                MusterBsSelection *sel)
{
  return sel ? count_list (c, sel->children, &sel->counts)
             : count_list (c, force->selections, &force->counts);
}

static double
count_force (Count         *c,
             MusterBsForce *force)
{
  double total = count_children (c, force, NULL);

  if (c->child_forces)
    for (guint i = 0; i < force->forces->len; i++)
      total += count_force (c, g_ptr_array_index (force->forces, i));
  return total;
}

static double
count_forces (Count     *c,
              GPtrArray *forces)
{
  double total = 0;

  for (guint i = 0; i < forces->len; i++)
    {
      MusterBsForce *f = g_ptr_array_index (forces, i);

      if (_muster_bs_force_is (f, c->child_id))
        total += 1;
      if (c->child_forces)
        total += count_forces (c, f->forces);
    }
  return total;
}

/* A selection's primary category id; while its own values are being worked out, the one
 * its entry's category links give. */
static const char *
primary_of (MusterBsSelection *sel)
{
  const MusterBsCategory *p;
  const MusterBsNode *link;

  if (sel == NULL)
    return NULL;
  if (!sel->eff.categories_computing && !sel->eff.costs_computing)
    {
      p = muster_bs_selection_get_primary_category (sel);
      return p ? p->entry_id : NULL;
    }
  link = _muster_bs_option_primary_link (&sel->option);
  return link ? link->target_id : NULL;
}

static double
count_primary_category (Count             *c,
                        MusterBsForce     *force,
                        const char        *category)
{
  double total = 0;

  for (guint i = 0; i < force->selections->len; i++)
    {
      MusterBsSelection *sel = g_ptr_array_index (force->selections, i);
      const char *p = primary_of (sel);

      if (p != NULL && g_strcmp0 (p, category) == 0)
        total += count_selection (c, sel);
    }
  return total;
}

static double
cost_limit (MusterBsRoster *roster,
            const char     *type_id)
{
  GArray *limits = muster_bs_roster_get_cost_limits (roster);

  for (guint i = 0; i < limits->len; i++)
    if (g_strcmp0 (g_array_index (limits, MusterBsCost, i).type_id, type_id) == 0)
      return g_array_index (limits, MusterBsCost, i).value;
  return -1;
}

static double
query_raw (const MusterBsContext *ctx,
           const MusterBsNode    *query,
           Count                 *c)
{
  const char *scope = query->scope ? query->scope : "parent";
  const char *field = query->field ? query->field : "selections";
  MusterBsSelection *self = ctx->self;
  MusterBsSelection *parent = self ? self->parent : ctx->parent;
  MusterBsForce *force = ctx->force;

  if (g_str_has_prefix (field, "limit::"))
    return cost_limit (ctx->roster, field + 7);

  if (strcmp (field, "forces") == 0)
    {
      if (strcmp (scope, "roster") == 0)
        return count_forces (c, ctx->roster->forces);
      if (strcmp (scope, "force") == 0 && force)
        return count_forces (c, force->forces);
      return 0;
    }

  if (strcmp (scope, "self") == 0)
    {
      if (self == NULL)
        return 0;
      if (is_any (c->child_id) && c->field != NULL)
        return _muster_bs_cost_of (muster_bs_selection_get_total_costs (self), c->field);
      return count_children (c, force, self);
    }
  if (strcmp (scope, "parent") == 0)
    c->per_model = TRUE;
  if (strcmp (scope, "parent") == 0)
    return count_children (c, force, parent);
  if (strcmp (scope, "force") == 0)
    return count_force (c, force);
  if (strcmp (scope, "roster") == 0)
    {
      double total = 0;

      for (guint i = 0; i < ctx->roster->forces->len; i++)
        total += count_force (c, g_ptr_array_index (ctx->roster->forces, i));
      return total;
    }
  if (strcmp (scope, "primary-category") == 0)
    {
      const char *p = primary_of (self ? self : parent);

      return p ? count_primary_category (c, force, p) : 0;
    }
  if (strcmp (scope, "primary-catalogue") == 0)
    {
      double total = 0;

      for (guint i = 0; i < ctx->roster->forces->len; i++)
        {
          MusterBsForce *f = g_ptr_array_index (ctx->roster->forces, i);

          if (f->catalogue == force->catalogue)
            total += count_force (c, f);
        }
      return total;
    }
  if (strcmp (scope, "ancestor") == 0)
    {
      double best = 0;

      for (MusterBsSelection *a = parent; a; a = a->parent)
        best = MAX (best, count_children (c, force, a));
      return MAX (best, count_children (c, force, NULL));
    }
  if (strcmp (scope, "root-entry") == 0)
    {
      MusterBsSelection *root = self ? self : parent;

      while (root && root->parent)
        root = root->parent;
      return root ? count_selection (c, root) : 0;
    }
  /* An entry id: the nearest ancestor that is one. */
  for (MusterBsSelection *a = self ? self : parent; a; a = a->parent)
    if (_muster_bs_selection_is (a, scope, TRUE))
      return count_children (c, force, a);
  if (_muster_bs_force_is (force, scope))
    return count_force (c, force);
  return 0;
}

double
_muster_bs_query (const MusterBsContext *ctx,
                  const MusterBsNode    *query,
                  const char            *child_id,
                  const MusterBsOption  *owner)
{
  const char *field = query->field ? query->field : "selections";
  Count c = { 0 };
  double value;

  c.roster = ctx->roster;
  c.child_id = child_id;
  c.field = strcmp (field, "selections") == 0 || strcmp (field, "forces") == 0 ? NULL : field;
  c.shared = TRUE;
  c.deep = muster_bs_node_has_flag (query, MUSTER_BS_FLAG_CHILD_SELECTIONS);
  c.child_forces = muster_bs_node_has_flag (query, MUSTER_BS_FLAG_CHILD_FORCES);
  value = query_raw (ctx, query, &c);
  if (muster_bs_node_has_flag (query, MUSTER_BS_FLAG_PERCENT))
    {
      double whole;

      c.child_id = NULL;
      whole = query_raw (ctx, query, &c);
      value = whole > 0 ? value * 100 / whole : 0;
    }
  return value;
}

/* instanceOf: is the thing the scope names an instance of the child id? */
gboolean
_muster_bs_instance_of (const MusterBsContext *ctx,
                        const MusterBsNode    *cond,
                        const MusterBsOption  *owner)
{
  const char *scope = cond->scope ? cond->scope : "self";
  const char *id = cond->child_id;
  MusterBsSelection *self = ctx->self;
  MusterBsSelection *parent = self ? self->parent : ctx->parent;

  if (strcmp (scope, "self") == 0)
    {
      if (self)
        return _muster_bs_selection_is (self, id, TRUE);
      return owner && (_muster_bs_option_matches (owner, id) ||
                       g_strcmp0 (owner->entry->type, id) == 0);
    }
  if (strcmp (scope, "parent") == 0)
    return parent ? _muster_bs_selection_is (parent, id, TRUE) : _muster_bs_force_is (ctx->force, id);
  if (strcmp (scope, "ancestor") == 0)
    {
      for (MusterBsSelection *a = parent; a; a = a->parent)
        if (_muster_bs_selection_is (a, id, TRUE))
          return TRUE;
      for (MusterBsForce *f = ctx->force; f; f = f->parent)
        if (_muster_bs_force_is (f, id))
          return TRUE;
      return FALSE;
    }
  if (strcmp (scope, "force") == 0 || strcmp (scope, "primary-catalogue") == 0)
    return _muster_bs_force_is (ctx->force, id);
  if (strcmp (scope, "roster") == 0)
    return g_strcmp0 (muster_bs_data_get_game_system (ctx->roster->data)->id, id) == 0;
  if (strcmp (scope, "primary-category") == 0)
    {
      const char *p = primary_of (self ? self : parent);

      return p && g_strcmp0 (p, id) == 0;
    }
  return FALSE;
}
