/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include <string.h>

#include "muster-army-private.h"
#include "muster-system.h"
#include "muster-validate-private.h"

/*
 * The validator.
 *
 * A `count` constraint over a scope (a force, the document, each node of a level) is a
 * counter per (constraint, scope instance): the sum of the shares of the units (or, counting
 * nodes, of the nodes) inside. A unit remembers its shares, so an edit of a unit takes its old
 * shares out of their counters and puts its new ones in; only those counters are checked
 * again. Sums do not depend on the order units were added, and neither does anything else
 * here: findings are kept by key, and listed sorted.
 *
 * Checks of one unit (`size`, `forbid`, `count` with scope `unit`, the unit type's size range,
 * a unit that cannot be costed) run again when that unit changes. The points limit of a force
 * (a comparison of two running totals) is checked after any edit of the force; the system
 * module's `extra_checks` after an edit of a unit of a category it watches
 * (MusterSystem.extra_checks_watch), or of the force's list options, limit or organisation;
 * checks that look across forces (extra_checks_document) then run for every force.
 *
 * The findings are kept by key, with what changed since the caller last asked, in
 * muster-validate-findings.c.
 *
 * The battlefield's placements are checked in muster-validate-placements.c: each again when the
 * battlefield says it changed, those of a unit when the unit changes, all of them when the
 * table, the battlefield or the organisation of a list changes.
 */

typedef struct
{
  const MusterConstraint *constraint;
  guint                   index;      /* in the ruleset's constraints */
  gpointer                scope;      /* a MusterNode (a force's root or a level's node), or the doc */
  gint64                  value;
  gint64                  denom;      /* everything in the scope, for percentages */
  gboolean                dirty;
  gboolean                reported;   /* its finding is in self->findings */
} Counter;

/* A counter's key among the findings, made only when it has one: most counters never do,
 * and formatting a key for each (when the document has nothing wrong) was a good part of
 * building a validator. */
#define COUNTER_KEY_SIZE 48

static const char *
counter_key (const Counter *counter,
             char           key[COUNTER_KEY_SIZE])
{
  g_snprintf (key, COUNTER_KEY_SIZE, "c:%u:%p", counter->index, counter->scope);
  return key;
}

typedef struct
{
  Counter *counter;
  gint64   value;
  gint64   denom;
} Share;

typedef struct
{
  GArray     *shares;   /* Share */
  GPtrArray  *keys;     /* the keys of the item's own findings */
  MusterNode *node;     /* a unit's node when it entered */
  const char *category; /* a unit's category when it entered */
  gboolean   *active;   /* a force's: whether each constraint is on for it */
  GPtrArray  *extra_keys; /* a force's: the keys of its module's findings */
} ItemState;

struct _MusterValidator
{
  MusterDoc         *doc;
  MusterRuleset     *ruleset;      /* nullable: nothing to check */
  const GPtrArray   *constraints;  /* MusterConstraint */
  MusterConstraintInfo *info;      /* one per constraint */
  GHashTable        *type_defaults; /* MusterUnitType -> its groups' default MusterOptions */
  gboolean           scaled_units;  /* a unit's own checks depend on the points limit */
  const char        *root_level;
  GHashTable        *counters;     /* Counter -> Counter */
  GHashTable        *items;        /* MusterUnit, MusterNode or MusterForce -> ItemState */
  MusterFindings    *findings;
  GPtrArray         *dirty;        /* Counter */
  GPtrArray         *touched;      /* MusterForce */
  GPtrArray         *extra_touched; /* MusterForce whose module's checks must run again */
  GPtrArray         *scratch;      /* a unit's findings while they are checked */
  const char * const *extra_watch; /* nullable: the categories those checks look at */
  gboolean           extra_document; /* those checks look at the other forces too */
  gboolean           watching;
};

/* Counters */

static guint
counter_hash (gconstpointer data)
{
  const Counter *c = data;

  return g_direct_hash (c->scope) * 31 + c->index;
}

static gboolean
counter_equal (gconstpointer a,
               gconstpointer b)
{
  const Counter *x = a, *y = b;

  return x->index == y->index && x->scope == y->scope;
}

static void
counter_free (gpointer data)
{
  g_free (data);
}

static void
mark_dirty (MusterValidator *self,
            Counter         *counter)
{
  if (!counter->dirty)
    {
      counter->dirty = TRUE;
      g_ptr_array_add (self->dirty, counter);
    }
}

static Counter *
counter_get (MusterValidator *self,
             guint            index,
             gpointer         scope)
{
  Counter probe = { .index = index, .scope = scope };
  Counter *counter = g_hash_table_lookup (self->counters, &probe);

  if (counter == NULL)
    {
      counter = g_new0 (Counter, 1);
      counter->constraint = self->constraints->pdata[index];
      counter->index = index;
      counter->scope = scope;
      g_hash_table_add (self->counters, counter);
      mark_dirty (self, counter);
    }
  return counter;
}

static void
counter_drop (MusterValidator *self,
              guint            index,
              gpointer         scope)
{
  Counter probe = { .index = index, .scope = scope };
  Counter *counter = g_hash_table_lookup (self->counters, &probe);

  if (counter == NULL)
    return;
  if (counter->dirty)
    g_ptr_array_remove_fast (self->dirty, counter);
  if (counter->reported)
    {
      char key[COUNTER_KEY_SIZE];

      _muster_findings_take (self->findings, counter_key (counter, key), NULL);
    }
  g_hash_table_remove (self->counters, counter);
}

/* Findings, for the placements' checks */

MusterIssue *
_muster_validator_take_issue (MusterValidator *self,
                              const char      *key,
                              MusterIssue     *issue)
{
  return _muster_findings_take (self->findings, key, issue);
}

GPtrArray *
_muster_validator_issue_keys (MusterValidator *self,
                              const char      *prefix)
{
  return _muster_findings_keys (self->findings, prefix);
}

/* Item states */

static void
item_state_free (gpointer data)
{
  ItemState *state = data;

  g_array_unref (state->shares);
  g_clear_pointer (&state->keys, g_ptr_array_unref);
  g_clear_pointer (&state->extra_keys, g_ptr_array_unref);
  g_free (state->active);
  g_free (state);
}

static ItemState *
item_state_get (MusterValidator *self,
                gconstpointer    item)
{
  ItemState *state = g_hash_table_lookup (self->items, item);

  if (state == NULL)
    {
      state = g_new0 (ItemState, 1);
      state->shares = g_array_new (FALSE, FALSE, sizeof (Share));
      g_hash_table_insert (self->items, (gpointer) item, state);
    }
  return state;
}

static void
shares_apply (MusterValidator *self,
              GArray          *shares,
              int              sign)
{
  for (guint i = 0; i < shares->len; i++)
    {
      Share *share = &g_array_index (shares, Share, i);

      share->counter->value += sign * share->value;
      share->counter->denom += sign * share->denom;
      mark_dirty (self, share->counter);
    }
}

static void
share_add (MusterValidator *self,
           GArray          *shares,
           guint            index,
           gpointer         scope,
           gint64           value,
           gint64           denom)
{
  Share share = { NULL, value, denom };

  if (value == 0 && denom == 0)
    return;
  share.counter = counter_get (self, index, scope);
  g_array_append_val (shares, share);
}

/* Scopes */

static MusterScopeKind
scope_kind (const MusterConstraint *c)
{
  if (c->scope == NULL || g_str_equal (c->scope, "force"))
    return MUSTER_SCOPE_FORCE;
  if (g_str_equal (c->scope, "document"))
    return MUSTER_SCOPE_DOCUMENT;
  if (g_str_equal (c->scope, "unit"))
    return MUSTER_SCOPE_UNIT;
  return MUSTER_SCOPE_LEVEL;
}

static gboolean
has_unit_terms (const MusterRuleset *ruleset,
                GPtrArray           *when)
{
  for (guint i = 0; when != NULL && i < when->len; i++)
    if (muster_ruleset_lookup (ruleset, MUSTER_ITEM_VARIANT,
                               ((MusterConditionTerm *) when->pdata[i])->key) == NULL)
      return TRUE;
  return FALSE;
}

static void
info_init (MusterValidator *self)
{
  self->info = g_new0 (MusterConstraintInfo, self->constraints->len);
  for (guint i = 0; i < self->constraints->len; i++)
    {
      const MusterConstraint *c = self->constraints->pdata[i];
      MusterConstraintInfo *info = &self->info[i];

      info->scope = scope_kind (c);
      info->counted = c->kind == MUSTER_CONSTRAINT_COUNT && c->severity != MUSTER_SEVERITY_OFF &&
                      info->scope != MUSTER_SCOPE_UNIT;
      info->unit_terms = has_unit_terms (self->ruleset, c->when);
      info->uses_total = c->message != NULL && strstr (c->message, "{total}") != NULL;
      self->scaled_units |= c->per_points > 0 && !info->counted;
    }
}

const MusterConstraintInfo *
_muster_validator_get_info (MusterValidator *self)
{
  return self->info;
}

const GPtrArray *
_muster_validator_type_defaults (MusterValidator      *self,
                                 const MusterUnitType *type)
{
  GPtrArray *defaults = g_hash_table_lookup (self->type_defaults, type);

  if (defaults == NULL)
    {
      defaults = _muster_type_defaults_new (self->ruleset, type);
      g_hash_table_insert (self->type_defaults, (gpointer) type, defaults);
    }
  return defaults;
}

/* The force's list of constraints switched on by its list options. */
static const gboolean *
force_active (MusterValidator   *self,
              const MusterForce *force)
{
  ItemState *state = item_state_get (self, force);

  if (state->active == NULL)
    {
      state->active = g_new0 (gboolean, self->constraints->len);
      _muster_validator_force_active (self, force, state->active);
    }
  return state->active;
}

const char *
_muster_validator_node_level (MusterValidator  *self,
                              const MusterNode *node)
{
  const char *level = muster_node_get_level (node);

  return level != NULL ? level : self->root_level;
}

/* Adds a share of @value to the counter of each scope instance of constraint @index that holds
 * @node (and so everything below it). */
static void
each_scope (MusterValidator  *self,
            guint             index,
            const MusterNode *node,
            GArray           *shares,
            gint64            value,
            gint64            denom)
{
  const MusterConstraint *c = self->constraints->pdata[index];

  switch (self->info[index].scope)
    {
    case MUSTER_SCOPE_FORCE:
      while (muster_node_get_parent (node) != NULL)
        node = muster_node_get_parent (node);
      share_add (self, shares, index, (gpointer) node, value, denom);
      break;
    case MUSTER_SCOPE_DOCUMENT:
      share_add (self, shares, index, self->doc, value, denom);
      break;
    case MUSTER_SCOPE_LEVEL:
      for (; node != NULL; node = muster_node_get_parent (node))
        if (g_strcmp0 (_muster_validator_node_level (self, node), c->scope) == 0)
          share_add (self, shares, index, (gpointer) node, value, denom);
      break;
    case MUSTER_SCOPE_UNIT:
    default:
      break;
    }
}

/* The force's own checks run again at the end of the edit; @extra: the module's too. */
static void
touch (MusterValidator *self,
       MusterForce     *force,
       gboolean         extra)
{
  if (force == NULL)
    return;
  if (!g_ptr_array_find (self->touched, force, NULL))
    g_ptr_array_add (self->touched, force);
  if (extra && !g_ptr_array_find (self->extra_touched, force, NULL))
    g_ptr_array_add (self->extra_touched, force);
}

/* A unit of @category came or went: the module's checks run again if they look at it. */
static void
touch_category (MusterValidator *self,
                MusterForce     *force,
                const char      *category)
{
  touch (self, force, self->extra_watch == NULL ||
                      (category != NULL && g_strv_contains (self->extra_watch, category)));
}

/* Units and nodes entering and leaving the counters */

static void unit_check (MusterValidator *self, const MusterUnitFacts *facts,
                        MusterForce *force, const gboolean *active, ItemState *state);

/* A unit's cost is in the totals of every node above it, which messages may show. */
static void
mark_ancestors_dirty (MusterValidator *self,
                      MusterNode      *node)
{
  for (; node != NULL; node = muster_node_get_parent (node))
    for (guint i = 0; i < self->constraints->len; i++)
      {
        Counter probe = { .index = i, .scope = node };
        Counter *counter;

        if (self->info[i].uses_total &&
            (counter = g_hash_table_lookup (self->counters, &probe)) != NULL)
          mark_dirty (self, counter);
      }
}

static void
unit_enter (MusterValidator *self,
            MusterUnit      *unit,
            MusterForce     *force)
{
  ItemState *state = item_state_get (self, unit);
  const gboolean *active = force_active (self, force);
  const MusterNode *node = muster_unit_get_node (unit);
  MusterUnitFacts facts;

  _muster_unit_facts_init (self, &facts, unit);
  for (guint i = 0; i < self->constraints->len; i++)
    {
      const MusterConstraint *c = self->constraints->pdata[i];
      gint64 amount;
      gboolean matches;

      if (!self->info[i].counted || c->measure == MUSTER_COUNT_NODES)
        continue;
      amount = _muster_validator_measure (c, unit);
      matches = _muster_validator_live (self, i, active, force, unit) &&
                _muster_validator_unit_matches (c, &facts, FALSE);
      each_scope (self, i, node, state->shares, matches ? amount : 0, c->percent ? amount : 0);
    }
  shares_apply (self, state->shares, +1);
  state->node = muster_unit_get_node (unit);
  state->category = facts.category;
  mark_ancestors_dirty (self, state->node);
  touch_category (self, force, facts.category);
  unit_check (self, &facts, force, active, state);
}

static void
unit_leave (MusterValidator *self,
            MusterUnit      *unit,
            MusterForce     *force)
{
  ItemState *state = g_hash_table_lookup (self->items, unit);

  if (state == NULL)
    return;
  touch_category (self, force, state->category);
  shares_apply (self, state->shares, -1);
  mark_ancestors_dirty (self, state->node);
  _muster_findings_drop (self->findings, state->keys, NULL);
  g_hash_table_remove (self->items, unit);
}

static void
node_enter (MusterValidator *self,
            MusterNode      *node)
{
  ItemState *state = item_state_get (self, node);
  MusterNode *parent = muster_node_get_parent (node);
  const char *level = _muster_validator_node_level (self, node);

  for (guint i = 0; i < self->constraints->len; i++)
    {
      const MusterConstraint *c = self->constraints->pdata[i];
      MusterScopeKind kind = self->info[i].scope;

      if (!self->info[i].counted)
        continue;
      /* The node is a scope instance: its counter exists even when nothing is in it. */
      if ((kind == MUSTER_SCOPE_FORCE && parent == NULL) ||
          (kind == MUSTER_SCOPE_LEVEL && g_strcmp0 (level, c->scope) == 0))
        counter_get (self, i, node);
      if (c->measure == MUSTER_COUNT_NODES && parent != NULL)
        each_scope (self, i, parent, state->shares,
                    _muster_validator_node_matches (c, level) ? 1 : 0, c->percent ? 1 : 0);
    }
  shares_apply (self, state->shares, +1);
}

static void
node_leave (MusterValidator *self,
            MusterNode      *node)
{
  ItemState *state = g_hash_table_lookup (self->items, node);

  if (state != NULL)
    shares_apply (self, state->shares, -1);
  g_hash_table_remove (self->items, node);
  for (guint i = 0; i < self->constraints->len; i++)
    counter_drop (self, i, node);
}

static void
subtree_enter (MusterValidator *self,
               MusterNode      *node,
               MusterForce     *force)
{
  node_enter (self, node);
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    unit_enter (self, muster_node_get_unit (node, i), force);
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    subtree_enter (self, muster_node_get_node (node, i), force);
}

static void
subtree_leave (MusterValidator *self,
               MusterNode      *node,
               MusterForce     *force)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    unit_leave (self, muster_node_get_unit (node, i), force);
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    subtree_leave (self, muster_node_get_node (node, i), force);
  node_leave (self, node);
}

/* Checks */

static void
unit_check (MusterValidator       *self,
            const MusterUnitFacts *facts,
            MusterForce           *force,
            const gboolean        *active,
            ItemState             *state)
{
  GPtrArray *found = self->scratch;
  g_autoptr(GPtrArray) keys = NULL;

  g_ptr_array_set_size (found, 0);
  _muster_validator_check_unit (self, facts, force, active, found);
  if (found->len == 0 && (state->keys == NULL || state->keys->len == 0))
    return;
  keys = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i + 1 < found->len; i += 2)
    g_ptr_array_add (keys, g_strdup_printf ("u:%p:%s", (gpointer) facts->unit,
                                            (const char *) found->pdata[i]));
  for (guint i = 0; i + 1 < found->len; i += 2)
    found->pdata[i] = keys->pdata[i / 2];
  _muster_findings_replace (self->findings, &state->keys, found);
  g_ptr_array_set_size (found, 0);
}

static void
force_check (MusterValidator *self,
             MusterForce     *force,
             gboolean         extra)
{
  ItemState *state = item_state_get (self, force);
  g_autoptr(GPtrArray) issues = g_ptr_array_new ();
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  _muster_validator_check_force (self, force, extra, issues);
  for (guint i = 0; i < issues->len; i++)
    {
      MusterIssue *issue = issues->pdata[i];

      g_ptr_array_add (keys, g_strdup_printf ("%s:%p:%s:%s:%s", extra ? "x" : "f",
                                              (gpointer) force, issue->constraint,
                                              issue->unit ? issue->unit : "", issue->message));
    }
  for (guint i = 0; i < issues->len; i++)
    {
      g_ptr_array_add (found, keys->pdata[i]);
      g_ptr_array_add (found, issues->pdata[i]);
    }
  _muster_findings_replace (self->findings, extra ? &state->extra_keys : &state->keys, found);
}

/* Checks the counters that moved and the forces that were edited. */
static void
flush (MusterValidator *self)
{
  for (guint i = 0; i < self->dirty->len; i++)
    {
      Counter *counter = self->dirty->pdata[i];
      MusterIssue *issue = _muster_validator_check_counter (self, counter->constraint,
                                                            counter->scope == self->doc
                                                            ? NULL : counter->scope,
                                                            counter->value, counter->denom);
      char key[COUNTER_KEY_SIZE];

      counter->dirty = FALSE;
      if (issue != NULL || counter->reported)
        counter->reported = _muster_findings_take (self->findings, counter_key (counter, key),
                                                   issue) != NULL;
    }
  g_ptr_array_set_size (self->dirty, 0);
  for (guint i = 0; i < self->touched->len; i++)
    force_check (self, self->touched->pdata[i], FALSE);
  g_ptr_array_set_size (self->touched, 0);
  for (guint i = 0; i < self->extra_touched->len; i++)
    force_check (self, self->extra_touched->pdata[i], TRUE);
  g_ptr_array_set_size (self->extra_touched, 0);
}

static void
mark_scope_dirty (MusterValidator *self,
                  gpointer         scope)
{
  for (guint i = 0; i < self->constraints->len; i++)
    {
      Counter probe = { .index = i, .scope = scope };
      Counter *counter = g_hash_table_lookup (self->counters, &probe);

      if (counter != NULL)
        mark_dirty (self, counter);
    }
}

static void
mark_nodes_dirty (MusterValidator *self,
                  MusterNode      *node)
{
  mark_scope_dirty (self, node);
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    mark_nodes_dirty (self, muster_node_get_node (node, i));
}

static void
force_enter (MusterValidator *self,
             MusterForce     *force)
{
  ItemState *state = item_state_get (self, force);

  g_clear_pointer (&state->active, g_free);
  subtree_enter (self, muster_force_get_root (force), force);
  mark_scope_dirty (self, self->doc);
  touch (self, force, TRUE);
}

static void
force_leave (MusterValidator *self,
             MusterForce     *force)
{
  ItemState *state = g_hash_table_lookup (self->items, force);

  subtree_leave (self, muster_force_get_root (force), force);
  if (state != NULL)
    {
      _muster_findings_drop (self->findings, state->keys, NULL);
      _muster_findings_drop (self->findings, state->extra_keys, NULL);
    }
  g_hash_table_remove (self->items, force);
  mark_scope_dirty (self, self->doc);
  g_ptr_array_remove (self->touched, force);
  g_ptr_array_remove (self->extra_touched, force);
}

static void
start (MusterValidator *self)
{
  self->ruleset = muster_doc_get_ruleset (self->doc);
  if (self->ruleset == NULL)
    return;
  muster_ruleset_ref (self->ruleset);
  self->constraints = muster_ruleset_list (self->ruleset, MUSTER_ITEM_CONSTRAINT);
  self->root_level = muster_ruleset_get_root_level (self->ruleset)
                     ? muster_ruleset_get_root_level (self->ruleset)->item.id : NULL;
  info_init (self);
  self->extra_watch = muster_system_for_ruleset (self->ruleset)
                      ? muster_system_for_ruleset (self->ruleset)->extra_checks_watch : NULL;
  self->extra_document = muster_system_for_ruleset (self->ruleset)
                         && muster_system_for_ruleset (self->ruleset)->extra_checks_document;
  for (guint i = 0; i < self->constraints->len; i++)
    if (self->info[i].counted && self->info[i].scope == MUSTER_SCOPE_DOCUMENT)
      counter_get (self, i, self->doc);
  for (guint i = 0; i < muster_doc_get_n_forces (self->doc); i++)
    force_enter (self, muster_doc_get_force (self->doc, i));
  _muster_validator_check_placements (self, NULL);
}

static void
stop (MusterValidator *self)
{
  g_hash_table_remove_all (self->items);
  g_ptr_array_set_size (self->dirty, 0);
  g_ptr_array_set_size (self->touched, 0);
  g_ptr_array_set_size (self->extra_touched, 0);
  g_hash_table_remove_all (self->counters);
  _muster_findings_drop_all (self->findings);
  g_clear_pointer (&self->ruleset, muster_ruleset_unref);
  g_clear_pointer (&self->info, g_free);
  g_hash_table_remove_all (self->type_defaults);
  self->scaled_units = FALSE;
  self->constraints = NULL;
}

static void
on_edit (gpointer     data,
         MusterEdit   edit,
         gpointer     object,
         MusterForce *force)
{
  MusterValidator *self = data;

  if (self->ruleset == NULL && edit != MUSTER_EDIT_RULESET_CHANGED)
    return;

  switch (edit)
    {
    case MUSTER_EDIT_FEATURE_CHANGED:
      /* Only placements are checked on the battlefield. */
      _muster_validator_check_placements (self, object);
      return;
    case MUSTER_EDIT_UNIT_ADDED:
      unit_enter (self, object, force);
      _muster_validator_check_unit_placements (self, muster_unit_get_id (object));
      break;
    case MUSTER_EDIT_UNIT_REMOVED:
      unit_leave (self, object, force);
      _muster_validator_check_unit_placements (self, muster_unit_get_id (object));
      break;
    case MUSTER_EDIT_UNIT_CHANGED:
      unit_leave (self, object, force);
      unit_enter (self, object, force);
      _muster_validator_check_unit_placements (self, muster_unit_get_id (object));
      break;
    case MUSTER_EDIT_NODE_ADDED:
      subtree_enter (self, object, force);
      mark_nodes_dirty (self, muster_force_get_root (force));
      _muster_validator_check_placements (self, NULL);
      break;
    case MUSTER_EDIT_NODE_REMOVED:
      subtree_leave (self, object, force);
      mark_nodes_dirty (self, muster_force_get_root (force));
      _muster_validator_check_placements (self, NULL);
      break;
    case MUSTER_EDIT_FORCE_ADDED:
      force_enter (self, force);
      _muster_validator_check_placements (self, NULL);
      break;
    case MUSTER_EDIT_FORCE_REMOVED:
      force_leave (self, force);
      _muster_validator_check_placements (self, NULL);
      break;
    case MUSTER_EDIT_NODE_CHANGED:
    case MUSTER_EDIT_FORCE_CHANGED:
      /* Every unit may have a new cost, and names are in the findings' locations. */
      subtree_leave (self, muster_force_get_root (force), force);
      force_enter (self, force);
      _muster_validator_check_placements (self, NULL);
      break;
    case MUSTER_EDIT_LIMIT_CHANGED:
      /* Contributions stay; bounds scaled by the limit move. */
      if (self->scaled_units)
        {
          subtree_leave (self, muster_force_get_root (force), force);
          force_enter (self, force);
        }
      mark_nodes_dirty (self, muster_force_get_root (force));
      mark_scope_dirty (self, self->doc);
      break;
    case MUSTER_EDIT_TITLE_CHANGED:
      /* Findings about the whole document are placed at its title (marked below). */
      break;
    case MUSTER_EDIT_RULESET_CHANGED:
    default:
      stop (self);
      start (self);
      break;
    }
  /* Edits of a unit have said whether the module's checks must run again; others must. */
  if (edit != MUSTER_EDIT_FORCE_REMOVED)
    touch (self, force, edit != MUSTER_EDIT_UNIT_ADDED && edit != MUSTER_EDIT_UNIT_REMOVED &&
                        edit != MUSTER_EDIT_UNIT_CHANGED);
  /* Checks that look across forces see this edit from every force. */
  if (self->extra_document && (self->extra_touched->len > 0 || edit == MUSTER_EDIT_FORCE_REMOVED))
    for (guint i = 0; i < muster_doc_get_n_forces (self->doc); i++)
      touch (self, muster_doc_get_force (self->doc, i), TRUE);
  mark_scope_dirty (self, self->doc);
  flush (self);
}

/* Public API */

/**
 * muster_validator_new:
 * @doc: a document, bound to its ruleset (or not: then nothing is checked)
 *
 * Evaluates every constraint over the document's forces and watches it from then on: each
 * edit through the army model moves the counters it touches. One validator per document;
 * free it before the document.
 *
 * Returns: (transfer full): the validator
 */
static MusterValidator *
validator_new (MusterDoc *doc,
               gboolean   watch)
{
  MusterValidator *self = g_new0 (MusterValidator, 1);

  self->doc = doc;
  self->counters = g_hash_table_new_full (counter_hash, counter_equal, counter_free, NULL);
  self->items = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, item_state_free);
  self->findings = _muster_findings_new ();
  self->dirty = g_ptr_array_new ();
  self->touched = g_ptr_array_new ();
  self->extra_touched = g_ptr_array_new ();
  self->scratch = g_ptr_array_new ();
  self->type_defaults = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                               (GDestroyNotify) g_ptr_array_unref);
  _muster_findings_set_quiet (self->findings, TRUE);
  start (self);
  flush (self);
  _muster_findings_set_quiet (self->findings, FALSE);
  self->watching = watch;
  if (watch)
    _muster_doc_set_watch (doc, on_edit, self);
  return self;
}

MusterValidator *
muster_validator_new (MusterDoc *doc)
{
  g_return_val_if_fail (doc != NULL, NULL);

  return validator_new (doc, TRUE);
}

void
muster_validator_free (MusterValidator *self)
{
  if (self == NULL)
    return;
  if (self->watching)
    _muster_doc_set_watch (self->doc, NULL, NULL);
  g_hash_table_unref (self->items);
  g_hash_table_unref (self->counters);
  _muster_findings_free (self->findings);
  g_ptr_array_unref (self->dirty);
  g_ptr_array_unref (self->touched);
  g_ptr_array_unref (self->extra_touched);
  g_ptr_array_unref (self->scratch);
  g_clear_pointer (&self->ruleset, muster_ruleset_unref);
  g_free (self->info);
  g_hash_table_unref (self->type_defaults);
  g_free (self);
}

/* Returns: (transfer none): the document watched */
MusterDoc *
muster_validator_get_doc (MusterValidator *self)
{
  return self->doc;
}

MusterRuleset *
_muster_validator_get_ruleset (MusterValidator *self)
{
  return self->ruleset;
}

/* Returns: (transfer container) (element-type MusterIssue): the findings, sorted */
GPtrArray *
muster_validator_list (MusterValidator *self)
{
  return _muster_findings_list (self->findings);
}

/* Returns: how many findings have @severity */
guint
muster_validator_count (MusterValidator *self,
                        MusterSeverity   severity)
{
  return _muster_findings_count (self->findings, severity);
}

/* Returns: whether the document is legal: no finding is an error */
gboolean
muster_validator_is_legal (MusterValidator *self)
{
  return muster_validator_count (self, MUSTER_SEVERITY_ERROR) == 0;
}

/**
 * muster_validator_take_changes:
 * @self: a validator
 * @appeared: (out) (transfer container) (element-type MusterIssue): findings that are new
 * @disappeared: (out) (transfer container) (element-type MusterIssue): findings that went
 *
 * What changed since the validator was made or this was last called: a finding whose text
 * changed is in both lists. Each list is sorted like muster_validator_list().
 *
 * Returns: whether anything changed
 */
gboolean
muster_validator_take_changes (MusterValidator  *self,
                               GPtrArray       **appeared,
                               GPtrArray       **disappeared)
{
  return _muster_findings_take_changes (self->findings, appeared, disappeared);
}

/**
 * muster_validate_doc:
 * @doc: a document bound to its ruleset
 *
 * Evaluates everything from scratch, once (also while a validator watches @doc).
 *
 * Returns: (transfer container) (element-type MusterIssue): the findings, sorted
 */
GPtrArray *
muster_validate_doc (MusterDoc *doc)
{
  g_autoptr(MusterValidator) validator = NULL;

  g_return_val_if_fail (doc != NULL, NULL);

  validator = validator_new (doc, FALSE);

  return muster_validator_list (validator);
}
