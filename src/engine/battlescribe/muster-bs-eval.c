/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-bs-roster-private.h"

/*
 * The effective values of selections, forces and the roster: names, hidden, costs,
 * categories, profiles and rules after the modifiers of muster-bs-modifiers.c.
 *
 * What is incremental: each selection caches its name, hidden flag, costs, categories,
 * profiles and rules, stamped with the roster's generation; a getter recomputes only when the
 * stamp is older. Every edit bumps the generation, and muster-bs-deps.c brings the stamps of
 * the selections the edit cannot reach up to date, so only those it can are evaluated again.
 * A selection whose cost depends on itself (a repeat on its own cost type) is evaluated
 * again until it settles, as New Recruit's reactive evaluation settles it.
 */

void
_muster_bs_add_cost (GArray     *costs,
                     const char *type_id,
                     const char *name,
                     double      value)
{
  MusterBsCost cost = { type_id, name, value };

  for (guint i = 0; i < costs->len; i++)
    {
      MusterBsCost *c = &g_array_index (costs, MusterBsCost, i);

      if (g_strcmp0 (c->type_id, type_id) == 0)
        {
          c->value += value;
          return;
        }
    }
  g_array_append_val (costs, cost);
}

void
_muster_bs_effective_clear (MusterBsEffective *eff)
{
  g_clear_pointer (&eff->costs, g_array_unref);
  g_clear_pointer (&eff->shown_costs, g_array_unref);
  g_clear_pointer (&eff->total_costs, g_array_unref);
  g_clear_pointer (&eff->categories, g_array_unref);
  g_clear_pointer (&eff->profiles, g_array_unref);
  g_clear_pointer (&eff->rules, g_array_unref);
  eff->generation = 0;
  eff->costs_generation = 0;
  eff->total_generation = 0;
  eff->categories_generation = 0;
}

static void
clear_profile (MusterBsProfile *p)
{
  g_clear_pointer (&p->characteristics, g_array_unref);
}

static const MusterBsNode *
cost_type (MusterBsData *data,
           const char   *id)
{
  const MusterBsNode *node = muster_bs_data_lookup (data, id);

  return node && node->kind == MUSTER_BS_NODE_COST_TYPE ? node : NULL;
}

/* Every cost type of the game system, at zero; @used_only: the ones shown in a roster's
 * totals, as New Recruit shows them: not hidden, and named by some cost in the data. */
static GArray *
zero_costs (MusterBsData *data,
            gboolean      used_only)
{
  GArray *costs = g_array_new (FALSE, TRUE, sizeof (MusterBsCost));
  const MusterBsNode *gs = muster_bs_data_get_game_system (data);

  for (const MusterBsNode *c = gs->first_child; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_COST_TYPE &&
        (!used_only || (muster_bs_data_cost_type_used (data, c->id) &&
                        !muster_bs_node_has_flag (c, MUSTER_BS_FLAG_HIDDEN))))
      _muster_bs_add_cost (costs, c->id, c->name, 0);
  return costs;
}

static void
compute_costs (const MusterBsContext *ctx,
               MusterBsSelection     *sel,
               const MusterBsNode   * const *owners)
{
  MusterBsData *data = ctx->roster->data;
  GArray *costs = zero_costs (data, FALSE);
  g_autoptr(GHashTable) defined = g_hash_table_new (NULL, NULL);

  /* The entry's costs, then the link's over them. */
  for (int k = 0; k < 2; k++)
    for (const MusterBsNode *c = owners[k] ? owners[k]->first_child : NULL; c; c = c->next)
      if (c->kind == MUSTER_BS_NODE_COST && c->type_id)
        {
          const MusterBsNode *type = cost_type (data, c->type_id);
          gboolean found = FALSE;

          g_hash_table_add (defined, (gpointer) muster_bs_data_intern (data, c->type_id));
          for (guint i = 0; i < costs->len; i++)
            if (g_strcmp0 (g_array_index (costs, MusterBsCost, i).type_id, c->type_id) == 0)
              {
                g_array_index (costs, MusterBsCost, i).value = c->value;
                found = TRUE;
              }
          if (!found)
            /* A cost of a type the game system lacks goes by its type id, as in New Recruit. */
            _muster_bs_add_cost (costs, c->type_id, type ? type->name : c->type_id, c->value);
        }
  for (guint i = 0; i < costs->len; i++)
    {
      MusterBsCost *c = &g_array_index (costs, MusterBsCost, i);

      c->value = _muster_bs_modified_number (ctx, owners, c->type_id, c->value);
    }
  /* A cost type the entry does not name, and no modifier gave a value, is not tracked. */
  for (guint i = costs->len; i > 0; i--)
    {
      MusterBsCost *c = &g_array_index (costs, MusterBsCost, i - 1);

      if (c->value == 0 && !g_hash_table_contains (defined, c->type_id))
        g_array_remove_index (costs, i - 1);
    }
  g_clear_pointer (&sel->eff.costs, g_array_unref);
  sel->eff.costs = costs;
  g_clear_pointer (&sel->eff.shown_costs, g_array_unref);
  sel->eff.shown_costs = g_array_copy (costs);
  for (guint i = 0; i < costs->len; i++)
    g_array_index (sel->eff.shown_costs, MusterBsCost, i).value *= muster_bs_selection_get_number (sel);
}

typedef struct
{
  const MusterBsContext *ctx;
  GArray                *cats;
  gboolean               hides;
} CategoryEdit;

static void
category_modifier (const MusterBsNode *m,
                   double              times,
                   gpointer            user_data)
{
  CategoryEdit *e = user_data;
  GArray *cats = e->cats;
  const char *id = m->text;
  gint found = -1;

  for (guint i = 0; i < cats->len; i++)
    if (g_strcmp0 (g_array_index (cats, MusterBsCategory, i).entry_id, id) == 0)
      found = i;
  if (g_strcmp0 (m->type, "add") == 0 && found < 0)
    {
      const MusterBsNode *cat = muster_bs_data_lookup (e->ctx->roster->data, id);
      MusterBsCategory c = { id, id, cat && cat->name ? cat->name : id, FALSE };

      g_array_append_val (cats, c);
    }
  else if (g_strcmp0 (m->type, "remove") == 0 && found >= 0)
    g_array_remove_index (cats, found);
  else if (g_strcmp0 (m->type, "set-primary") == 0)
    {
      for (guint i = 0; i < cats->len; i++)
        g_array_index (cats, MusterBsCategory, i).primary = FALSE;
      if (found < 0)
        {
          const MusterBsNode *cat = muster_bs_data_lookup (e->ctx->roster->data, id);
          MusterBsCategory c = { id, id, cat && cat->name ? cat->name : id, TRUE };

          g_array_append_val (cats, c);
        }
      else
        g_array_index (cats, MusterBsCategory, found).primary = TRUE;
    }
  else if (g_strcmp0 (m->type, "unset-primary") == 0 && found >= 0)
    {
      /* New Recruit leaves the category primary and hides the selection instead. */
      if (g_array_index (cats, MusterBsCategory, found).primary)
        e->hides = TRUE;
    }
}

static void
compute_categories (const MusterBsContext *ctx,
                    MusterBsSelection     *sel,
                    const MusterBsNode   * const *owners)
{
  MusterBsData *data = ctx->roster->data;
  GArray *cats = g_array_new (FALSE, TRUE, sizeof (MusterBsCategory));
  CategoryEdit e = { ctx, cats };

  for (int k = 0; k < 2; k++)
    for (const MusterBsNode *c = owners[k] ? owners[k]->first_child : NULL; c; c = c->next)
      if (c->kind == MUSTER_BS_NODE_CATEGORY_LINK && c->target_id)
        {
          const MusterBsNode *cat = muster_bs_data_lookup (data, c->target_id);
          MusterBsCategory mc = { c->id, c->target_id,
                                  cat && cat->name ? cat->name : (c->name ? c->name : ""),
                                  muster_bs_node_has_flag (c, MUSTER_BS_FLAG_PRIMARY) };
          gboolean dup = FALSE;

          for (guint i = 0; i < cats->len; i++)
            if (g_strcmp0 (g_array_index (cats, MusterBsCategory, i).entry_id, c->target_id) == 0)
              {
                dup = TRUE;
                g_array_index (cats, MusterBsCategory, i).primary |= mc.primary;
              }
          if (!dup)
            g_array_append_val (cats, mc);
        }
  _muster_bs_each_modifier (ctx, owners, NULL, "category", category_modifier, &e);
  /* New Recruit files a root selection without a category under a category of its own. */
  if (cats->len == 0 && sel->parent == NULL)
    {
      MusterBsCategory none = { MUSTER_BS_NO_CATEGORY, MUSTER_BS_NO_CATEGORY, "Uncategorized", TRUE };

      g_array_append_val (cats, none);
    }
  g_clear_pointer (&sel->eff.categories, g_array_unref);
  sel->eff.categories = cats;
  sel->eff.category_hides = e.hides;
}

static void
add_profile (const MusterBsContext *ctx,
             GArray                *out,
             const MusterBsNode    *profile,
             const MusterBsNode    *link)
{
  const MusterBsNode *owners[] = { profile, link, NULL };
  MusterBsProfile p = { 0 };

  p.id = profile->id;
  p.type_id = profile->type_id;
  p.type_name = profile->type;
  if (p.type_name == NULL && profile->type_id)
    {
      const MusterBsNode *type = muster_bs_data_lookup (ctx->roster->data, profile->type_id);

      p.type_name = type ? type->name : NULL;
    }
  p.name = _muster_bs_modified_text (ctx, owners, NULL, "name", link && link->name ? profile->name : profile->name);
  p.hidden = _muster_bs_modified_hidden (ctx, owners,
                                         muster_bs_node_has_flag (profile, MUSTER_BS_FLAG_HIDDEN) ||
                                         (link && muster_bs_node_has_flag (link, MUSTER_BS_FLAG_HIDDEN)));
  if (p.hidden)
    return;
  p.page = link && link->page ? link->page : profile->page;
  p.publication_id = profile->publication_id ? profile->publication_id
                                             : (link ? link->publication_id : NULL);
  p.characteristics = g_array_new (FALSE, TRUE, sizeof (MusterBsCharacteristic));
  for (const MusterBsNode *c = profile->first_child; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_CHARACTERISTIC)
      {
        MusterBsCharacteristic ch = { c->name, c->type_id, NULL };

        ch.value = _muster_bs_modified_text (ctx, owners, NULL, c->type_id, c->text);
        g_array_append_val (p.characteristics, ch);
      }
  g_array_append_val (out, p);
}

static void
add_rule (const MusterBsContext *ctx,
          GArray                *out,
          const MusterBsNode    *rule,
          const MusterBsNode    *link)
{
  const MusterBsNode *owners[] = { rule, link, NULL };
  MusterBsRule r = { rule->id, NULL, NULL, FALSE };

  r.name = _muster_bs_modified_text (ctx, owners, NULL, "name", rule->name);
  r.description = _muster_bs_modified_text (ctx, owners, NULL, "description", rule->text);
  r.hidden = _muster_bs_modified_hidden (ctx, owners,
                                         muster_bs_node_has_flag (rule, MUSTER_BS_FLAG_HIDDEN) ||
                                         (link && muster_bs_node_has_flag (link, MUSTER_BS_FLAG_HIDDEN)));
  if (r.hidden)
    return;
  r.page = link && link->page ? link->page : rule->page;
  r.publication_id = rule->publication_id ? rule->publication_id
                                          : (link ? link->publication_id : NULL);
  g_array_append_val (out, r);
}

static void
collect_info (const MusterBsContext *ctx,
              const MusterBsNode    *owner,
              GArray                *profiles,
              GArray                *rules,
              int                    depth)
{
  if (owner == NULL || depth > 8)
    return;
  for (const MusterBsNode *c = owner->first_child; c; c = c->next)
    {
      switch (c->kind)
        {
        case MUSTER_BS_NODE_PROFILE:
          add_profile (ctx, profiles, c, NULL);
          break;
        case MUSTER_BS_NODE_RULE:
          add_rule (ctx, rules, c, NULL);
          break;
        case MUSTER_BS_NODE_INFO_GROUP:
          {
            const MusterBsNode *owners[] = { c, NULL };

            if (!_muster_bs_modified_hidden (ctx, owners,
                                             muster_bs_node_has_flag (c, MUSTER_BS_FLAG_HIDDEN)))
              collect_info (ctx, c, profiles, rules, depth + 1);
          }
          break;
        case MUSTER_BS_NODE_INFO_LINK:
          {
            const MusterBsNode *target = muster_bs_data_resolve_link (ctx->roster->data, c);

            if (target == NULL)
              break;
            if (target->kind == MUSTER_BS_NODE_PROFILE)
              add_profile (ctx, profiles, target, c);
            else if (target->kind == MUSTER_BS_NODE_RULE)
              add_rule (ctx, rules, target, c);
            else if (target->kind == MUSTER_BS_NODE_INFO_GROUP)
              {
                const MusterBsNode *owners[] = { target, c, NULL };
                gboolean hidden = muster_bs_node_has_flag (target, MUSTER_BS_FLAG_HIDDEN) ||
                                  muster_bs_node_has_flag (c, MUSTER_BS_FLAG_HIDDEN);

                if (!_muster_bs_modified_hidden (ctx, owners, hidden))
                  collect_info (ctx, target, profiles, rules, depth + 1);
              }
          }
          break;
        default:
          break;
        }
    }
}

static void
total_costs (MusterBsSelection *sel)
{
  GArray *total = g_array_copy (sel->eff.shown_costs);

  for (guint i = 0; i < sel->children->len; i++)
    {
      GArray *child = muster_bs_selection_get_total_costs (g_ptr_array_index (sel->children, i));

      for (guint k = 0; child && k < child->len; k++)
        {
          MusterBsCost *c = &g_array_index (child, MusterBsCost, k);

          _muster_bs_add_cost (total, c->type_id, c->name, c->value);
        }
    }
  g_clear_pointer (&sel->eff.total_costs, g_array_unref);
  sel->eff.total_costs = total;
}

/* Whether a modifier of these owners has a repeat or condition on a cost field: only then
 * can a selection's cost depend on itself. */
static gboolean
node_references_costs (const MusterBsNode *node,
                       int                 depth)
{
  for (const MusterBsNode *c = node->first_child; c && depth < 8; c = c->next)
    {
      if ((c->kind == MUSTER_BS_NODE_REPEAT || c->kind == MUSTER_BS_NODE_CONDITION) &&
          c->field && strcmp (c->field, "selections") != 0 && strcmp (c->field, "forces") != 0)
        return TRUE;
      if ((c->kind == MUSTER_BS_NODE_MODIFIER || c->kind == MUSTER_BS_NODE_MODIFIER_GROUP ||
           c->kind == MUSTER_BS_NODE_CONDITION_GROUP) && node_references_costs (c, depth + 1))
        return TRUE;
    }
  return FALSE;
}

static gboolean
references_costs (const MusterBsNode * const *owners)
{
  for (int i = 0; owners[i]; i++)
    if (node_references_costs (owners[i], 0))
      return TRUE;
  return FALSE;
}

/* Whether a stage of @sel's values (@generation, @computing) is to be worked out now; if so,
 * it is marked as being worked out. */
static gboolean
stage_begin (MusterBsSelection *sel,
             guint             *generation,
             gboolean          *computing)
{
  MusterBsRoster *roster = sel->force->roster;

  if (roster->pending)
    _muster_bs_flush (roster);
  if (*generation == roster->generation || *computing)
    return FALSE;
  *computing = TRUE;
  roster->computing++;
  return TRUE;
}

static void
stage_end (MusterBsSelection *sel,
           guint             *generation,
           gboolean          *computing)
{
  *computing = FALSE;
  sel->force->roster->computing--;
  *generation = sel->force->roster->generation;
}

static void
ensure_costs (MusterBsSelection *sel)
{
  MusterBsContext ctx = { sel->force->roster, sel->force, sel->parent, sel };
  const MusterBsNode *owners[] = { sel->option.entry, sel->option.link, NULL };
  MusterBsEffective *eff = &sel->eff;
  MusterBsRoster *roster = sel->force->roster;
  GPtrArray *settling = NULL;
  gboolean counts_costs;

  if (!stage_begin (sel, &eff->costs_generation, &eff->costs_computing))
    return;
  counts_costs = references_costs (owners);
  if (counts_costs && roster->cost_cycle == NULL)
    settling = roster->cost_cycle = g_ptr_array_new ();
  else if (counts_costs)
    g_ptr_array_add (roster->cost_cycle, sel);
  /* A cost that counts itself (a repeat on its own cost type) settles where New Recruit's
   * reactive evaluation does, at its fixed point; a few rounds, never forever. Costs that
   * count each other settle together: the outermost one works out again, each round, the
   * others it met, so none keeps a value worked out from another's provisional one (two
   * units each counting both settle at the same cost, as in New Recruit). */
  for (int round = 0; round < 16; round++)
    {
      g_autoptr(GArray) before = eff->shown_costs ? g_array_copy (eff->shown_costs) : NULL;

      if (settling != NULL)
        {
          for (guint i = 0; i < settling->len; i++)
            {
              MusterBsSelection *other = g_ptr_array_index (settling, i);

              other->eff.costs_generation = 0;
              /* The totals it is in were summed from its provisional cost too. */
              for (MusterBsSelection *s = other; s; s = s->parent)
                s->eff.total_generation = 0;
            }
          g_ptr_array_set_size (settling, 0);
        }
      compute_costs (&ctx, sel, owners);
      if (before && before->len == eff->shown_costs->len &&
          memcmp (before->data, eff->shown_costs->data,
                  before->len * sizeof (MusterBsCost)) == 0)
        break;
      if (!counts_costs)
        break;
    }
  if (settling != NULL)
    {
      g_ptr_array_unref (settling);
      roster->cost_cycle = NULL;
    }
  stage_end (sel, &eff->costs_generation, &eff->costs_computing);
}

static void
ensure_total (MusterBsSelection *sel)
{
  MusterBsRoster *roster = sel->force->roster;

  ensure_costs (sel);
  if (sel->eff.total_generation == roster->generation && sel->eff.total_costs)
    return;
  total_costs (sel);
  sel->eff.total_generation = roster->generation;
}

static void
ensure_categories (MusterBsSelection *sel)
{
  MusterBsContext ctx = { sel->force->roster, sel->force, sel->parent, sel };
  const MusterBsNode *owners[] = { sel->option.entry, sel->option.link, NULL };
  MusterBsEffective *eff = &sel->eff;

  if (!stage_begin (sel, &eff->categories_generation, &eff->categories_computing))
    return;
  compute_categories (&ctx, sel, owners);
  stage_end (sel, &eff->categories_generation, &eff->categories_computing);
}

void
_muster_bs_ensure_effective (MusterBsSelection *sel)
{
  MusterBsContext ctx = { sel->force->roster, sel->force, sel->parent, sel };
  const MusterBsNode *owners[] = { sel->option.entry, sel->option.link, NULL };
  MusterBsEffective *eff = &sel->eff;
  GArray *profiles, *rules;

  if (!stage_begin (sel, &eff->generation, &eff->computing))
    return;
  eff->name = _muster_bs_modified_text (&ctx, owners, &sel->option, "name", sel->option.entry->name);
  /* New Recruit shows the entry's page whatever modifiers say. */
  eff->page = sel->option.link && sel->option.link->page ? sel->option.link->page
                                                         : sel->option.entry->page;
  eff->hidden = _muster_bs_option_hidden (&ctx, &sel->option);
  ensure_categories (sel);
  eff->hidden |= eff->category_hides;
  profiles = g_array_new (FALSE, TRUE, sizeof (MusterBsProfile));
  g_array_set_clear_func (profiles, (GDestroyNotify) clear_profile);
  rules = g_array_new (FALSE, TRUE, sizeof (MusterBsRule));
  collect_info (&ctx, sel->option.entry, profiles, rules, 0);
  collect_info (&ctx, sel->option.link, profiles, rules, 0);
  g_clear_pointer (&eff->profiles, g_array_unref);
  g_clear_pointer (&eff->rules, g_array_unref);
  eff->profiles = profiles;
  eff->rules = rules;
  stage_end (sel, &eff->generation, &eff->computing);
}

const char *
muster_bs_selection_get_name (MusterBsSelection *sel)
{
  _muster_bs_ensure_effective (sel);
  return sel->eff.name ? sel->eff.name : (sel->option.entry->name ? sel->option.entry->name : "");
}

const char *
muster_bs_selection_get_page (MusterBsSelection *sel)
{
  _muster_bs_ensure_effective (sel);
  return sel->eff.page && *sel->eff.page ? sel->eff.page : NULL;
}

const char *
muster_bs_selection_get_publication_id (MusterBsSelection *sel)
{
  const MusterBsNode *entry = sel->option.entry;
  const MusterBsNode *link = sel->option.link;

  return link && link->publication_id ? link->publication_id : entry->publication_id;
}

gboolean
muster_bs_selection_get_hidden (MusterBsSelection *sel)
{
  _muster_bs_ensure_effective (sel);
  return sel->eff.hidden;
}

GArray *
muster_bs_selection_get_costs (MusterBsSelection *sel)
{
  ensure_costs (sel);
  return sel->eff.shown_costs;
}

GArray *
muster_bs_selection_get_total_costs (MusterBsSelection *sel)
{
  ensure_total (sel);
  return sel->eff.total_costs;
}

GArray *
muster_bs_selection_get_categories (MusterBsSelection *sel)
{
  ensure_categories (sel);
  return sel->eff.categories;
}

const MusterBsCategory *
muster_bs_selection_get_primary_category (MusterBsSelection *sel)
{
  GArray *cats = muster_bs_selection_get_categories (sel);

  for (guint i = 0; cats && i < cats->len; i++)
    if (g_array_index (cats, MusterBsCategory, i).primary)
      return &g_array_index (cats, MusterBsCategory, i);
  return NULL;
}

GArray *
muster_bs_selection_get_profiles (MusterBsSelection *sel)
{
  _muster_bs_ensure_effective (sel);
  return sel->eff.profiles;
}

GArray *
muster_bs_selection_get_rules (MusterBsSelection *sel)
{
  _muster_bs_ensure_effective (sel);
  return sel->eff.rules;
}

/* Forces and the roster */

static void
add_costs (GArray *into,
           GArray *from)
{
  for (guint i = 0; from && i < from->len; i++)
    {
      MusterBsCost *c = &g_array_index (from, MusterBsCost, i);

      _muster_bs_add_cost (into, c->type_id, c->name, c->value);
    }
}

GArray *
muster_bs_force_get_costs (MusterBsForce *force)
{
  MusterBsRoster *roster = force->roster;

  if (force->costs && force->generation == roster->generation)
    return force->costs;
  _muster_bs_retire (roster, g_steal_pointer (&force->costs), (GDestroyNotify) g_array_unref);
  force->costs = zero_costs (roster->data, TRUE);
  force->generation = roster->generation;
  /* Summed in display order, as New Recruit sums (fractions round as they do there). */
  for (guint i = 0; i < force->selections->len; i++)
    add_costs (force->costs,
               muster_bs_selection_get_total_costs (muster_bs_force_get_selection (force, i)));
  for (guint i = 0; i < force->forces->len; i++)
    add_costs (force->costs, muster_bs_force_get_costs (muster_bs_force_get_force (force, i)));
  force->generation = roster->generation;
  return force->costs;
}

GArray *
muster_bs_force_get_categories (MusterBsForce *force)
{
  MusterBsData *data = force->roster->data;

  if (force->categories)
    return force->categories;
  force->categories = g_array_new (FALSE, TRUE, sizeof (MusterBsCategory));
  for (const MusterBsNode *c = force->entry->first_child; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_CATEGORY_LINK && c->target_id)
      {
        const MusterBsNode *cat = muster_bs_data_lookup (data, c->target_id);
        MusterBsCategory mc = { c->id, c->target_id,
                                cat && cat->name ? cat->name : (c->name ? c->name : ""), FALSE };

        g_array_append_val (force->categories, mc);
      }
  return force->categories;
}

static void
ensure_force_info (MusterBsForce *force)
{
  MusterBsContext ctx = { force->roster, force, NULL, NULL };
  MusterBsEffective *eff = &force->eff;

  if (eff->profiles && eff->generation == force->roster->generation)
    return;
  g_clear_pointer (&eff->profiles, g_array_unref);
  g_clear_pointer (&eff->rules, g_array_unref);
  eff->profiles = g_array_new (FALSE, TRUE, sizeof (MusterBsProfile));
  g_array_set_clear_func (eff->profiles, (GDestroyNotify) clear_profile);
  eff->rules = g_array_new (FALSE, TRUE, sizeof (MusterBsRule));
  collect_info (&ctx, force->entry, eff->profiles, eff->rules, 0);
  /* The root rules of its catalogue and the game system (and what it imports) are the
   * force's too. */
  {
    g_autoptr(GPtrArray) files = muster_bs_data_root_files (force->roster->data, force->catalogue);

    for (guint i = 0; i < files->len; i++)
      {
        const MusterBsNode *file = g_ptr_array_index (files, i);

        for (const MusterBsNode *c = file->first_child; c; c = c->next)
          if (c->place == MUSTER_BS_IN_ROOT && c->kind == MUSTER_BS_NODE_RULE)
            add_rule (&ctx, eff->rules, c, NULL);
      }
  }
  eff->generation = force->roster->generation;
}

GArray *
muster_bs_force_get_profiles (MusterBsForce *force)
{
  ensure_force_info (force);
  return force->eff.profiles;
}

GArray *
muster_bs_force_get_rules (MusterBsForce *force)
{
  ensure_force_info (force);
  return force->eff.rules;
}

gboolean
muster_bs_force_get_hidden (MusterBsForce *force)
{
  MusterBsContext ctx = { force->roster, force, NULL, NULL };
  const MusterBsNode *owners[] = { force->entry, NULL };

  return _muster_bs_modified_hidden (&ctx, owners,
                                     muster_bs_node_has_flag (force->entry, MUSTER_BS_FLAG_HIDDEN));
}

GArray *
muster_bs_roster_get_costs (MusterBsRoster *self)
{
  if (self->costs && self->costs_generation == self->generation)
    return self->costs;
  _muster_bs_retire (self, g_steal_pointer (&self->costs), (GDestroyNotify) g_array_unref);
  self->costs = zero_costs (self->data, TRUE);
  self->costs_generation = self->generation;
  for (guint i = 0; i < self->forces->len; i++)
    add_costs (self->costs, muster_bs_force_get_costs (muster_bs_roster_get_force (self, i)));
  return self->costs;
}

GArray *
muster_bs_roster_get_cost_limits (MusterBsRoster *self)
{
  const MusterBsNode *gs = muster_bs_data_get_game_system (self->data);

  if (self->limits_out)
    return self->limits_out;
  self->limits_out = g_array_new (FALSE, TRUE, sizeof (MusterBsCost));
  for (const MusterBsNode *c = gs->first_child; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_COST_TYPE)
      {
        double *set = g_hash_table_lookup (self->limits, c->id);
        double limit = set ? *set : c->value;

        if (limit >= 0)
          _muster_bs_add_cost (self->limits_out, c->id, c->name, limit);
      }
  return self->limits_out;
}
