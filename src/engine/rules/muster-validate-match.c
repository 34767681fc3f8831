/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-validate"

#include "config.h"

#include "muster-cost.h"
#include "muster-validate-private.h"

/*
 * What a constraint is about: which units its <match>es select, what a unit adds to a count,
 * and whether its `when` holds for a force or a unit. The checks that use this are in
 * muster-validate-check.c.
 */

static gboolean
in_list (char       **list,
         const char  *id)
{
  return list != NULL && id != NULL && g_strv_contains ((const char * const *) list, id);
}

static gboolean
in_list_any (char **list,
             char **ids)
{
  for (guint i = 0; ids[i] != NULL; i++)
    if (in_list (list, ids[i]))
      return TRUE;
  return FALSE;
}

/**
 * _muster_unit_facts_init:
 *
 * Looks up the unit's type, category, level and options once: its picks, then the default of
 * each group its type allows where it picked nothing (what `when` terms and `option` matches
 * count as picked).
 */
void
_muster_unit_facts_init (MusterValidator  *self,
                         MusterUnitFacts  *facts,
                         const MusterUnit *unit)
{
  MusterRuleset *ruleset = _muster_validator_get_ruleset (self);
  const MusterNode *node = muster_unit_get_node (unit);
  const GPtrArray *defaults;
  guint n_picked;

  facts->unit = unit;
  facts->type_id = muster_unit_get_type_id (unit);
  facts->type = muster_ruleset_get_unit_type (ruleset, facts->type_id);
  facts->category = facts->type ? facts->type->category : NULL;
  facts->level = node ? _muster_validator_node_level (self, node) : NULL;
  facts->n_options = 0;
  for (guint i = 0; i < muster_unit_get_n_picks (unit) &&
                    facts->n_options < MUSTER_FACTS_MAX_OPTIONS; i++)
    {
      const char *id = muster_unit_get_pick (unit, i, NULL);

      facts->option_ids[facts->n_options] = id;
      facts->options[facts->n_options++] = muster_ruleset_get_option (ruleset, id);
    }
  n_picked = facts->n_options;
  defaults = facts->type ? _muster_validator_type_defaults (self, facts->type) : NULL;
  for (guint i = 0; defaults != NULL && i < defaults->len &&
                    facts->n_options < MUSTER_FACTS_MAX_OPTIONS; i++)
    {
      const MusterOption *def = defaults->pdata[i];
      gboolean picked = FALSE;

      for (guint j = 0; j < n_picked && !picked; j++)
        picked = facts->options[j] != NULL && g_str_equal (facts->options[j]->group, def->group);
      if (picked)
        continue;
      facts->option_ids[facts->n_options] = def->item.id;
      facts->options[facts->n_options++] = def;
    }
}

/* The default option of each group @type allows (that has one): a unit picking nothing in
 * the group counts as having it. */
GPtrArray *
_muster_type_defaults_new (const MusterRuleset  *ruleset,
                           const MusterUnitType *type)
{
  GPtrArray *defaults = g_ptr_array_new ();

  for (guint i = 0; i < type->allows->len; i++)
    {
      const MusterAllow *allow = type->allows->pdata[i];
      const char *id = muster_unit_type_get_default (ruleset, type, allow->group);
      const MusterOption *def = id ? muster_ruleset_get_option (ruleset, id) : NULL;

      if (def != NULL)
        g_ptr_array_add (defaults, (gpointer) def);
    }
  return defaults;
}

static gboolean
has_any_option (const MusterUnitFacts  *facts,
                char                  **ids)
{
  for (guint i = 0; i < facts->n_options; i++)
    if (in_list (ids, facts->option_ids[i]))
      return TRUE;
  return FALSE;
}

/* Tags of the unit type or of a picked option (not of a default). */
static gboolean
has_any_tag (const MusterUnitFacts  *facts,
             char                  **tags)
{
  guint n_picked = MIN (muster_unit_get_n_picks (facts->unit), facts->n_options);

  if (facts->type != NULL && facts->type->tags != NULL && in_list_any (facts->type->tags, tags))
    return TRUE;
  for (guint i = 0; i < n_picked; i++)
    if (facts->options[i] != NULL && facts->options[i]->tags != NULL &&
        in_list_any (facts->options[i]->tags, tags))
      return TRUE;
  return FALSE;
}

/* One list of a <match>: holds when the list is absent or @test is @want. */
#define LIST_HOLDS(list, test) ((list) == NULL || (test))
#define NOT_LIST_HOLDS(list, test) ((list) == NULL || !(test))

/* The parts of a <match> about what a unit is and where: type, category, level. */
static gboolean
match_selects (const MusterMatch     *m,
               const MusterUnitFacts *facts)
{
  return LIST_HOLDS (m->type, in_list (m->type, facts->type_id)) &&
         NOT_LIST_HOLDS (m->not_type, in_list (m->not_type, facts->type_id)) &&
         LIST_HOLDS (m->category, in_list (m->category, facts->category)) &&
         NOT_LIST_HOLDS (m->not_category, in_list (m->not_category, facts->category)) &&
         LIST_HOLDS (m->level, in_list (m->level, facts->level));
}

static gboolean
match_unit (const MusterMatch     *m,
            const MusterUnitFacts *facts)
{
  return match_selects (m, facts) &&
         LIST_HOLDS (m->tag, has_any_tag (facts, m->tag)) &&
         NOT_LIST_HOLDS (m->not_tag, has_any_tag (facts, m->not_tag)) &&
         LIST_HOLDS (m->option, has_any_option (facts, m->option)) &&
         NOT_LIST_HOLDS (m->not_option, has_any_option (facts, m->not_option));
}

/**
 * _muster_validator_unit_matches:
 * @all: every <match> must hold (a forbidden combination); otherwise any one of them (a count
 *   or a size constraint). No <match> selects every unit, or for @all none.
 *
 * The constraint's `when` is the caller's (_muster_validator_live()).
 */
gboolean
_muster_validator_unit_matches (const MusterConstraint *c,
                                const MusterUnitFacts  *facts,
                                gboolean                all)
{
  gboolean result = !all && c->matches->len == 0;

  for (guint i = 0; i < c->matches->len; i++)
    {
      gboolean holds = match_unit (c->matches->pdata[i], facts);

      if (all && !holds)
        return FALSE;
      if (holds)
        result = TRUE;
    }
  return result;
}

/* Counting nodes, a node matches when a <match> without `level` or with its level exists. */
gboolean
_muster_validator_node_matches (const MusterConstraint *c,
                                const char             *level)
{
  if (c->matches->len == 0)
    return TRUE;
  for (guint i = 0; i < c->matches->len; i++)
    {
      const MusterMatch *m = c->matches->pdata[i];

      if (LIST_HOLDS (m->level, in_list (m->level, level)))
        return TRUE;
    }
  return FALSE;
}

/* What one unit adds to a counter of @c, when it matches. */
gint64
_muster_validator_measure (const MusterConstraint *c,
                           const MusterUnit       *unit)
{
  const MusterCost *cost = muster_unit_get_cost (unit);

  switch (c->measure)
    {
    case MUSTER_COUNT_SIZE:
      return muster_unit_get_size (unit);
    case MUSTER_COUNT_POINTS:
      return cost->error ? 0 : cost->value;
    case MUSTER_COUNT_NODES:
      return 0;
    case MUSTER_COUNT_UNITS:
    default:
      return 1;
    }
}

/* The force-wide terms of a `when` (list options); terms about a unit are left to matching. */
gboolean
_muster_validator_force_terms_hold (const MusterRuleset *ruleset,
                                    const MusterForce   *force,
                                    GPtrArray           *when)
{
  for (guint i = 0; when != NULL && i < when->len; i++)
    {
      const MusterConditionTerm *term = when->pdata[i];
      const char *value;

      if (muster_ruleset_lookup (ruleset, MUSTER_ITEM_VARIANT, term->key) == NULL)
        continue;
      value = muster_ruleset_variant_value (ruleset, term->key,
                                            force ? muster_force_get_settings (force) : NULL);
      if ((value != NULL && g_strv_contains ((const char * const *) term->values, value)) ==
          term->negate)
        return FALSE;
    }
  return TRUE;
}

/* Fills @active with whether each constraint's list-option terms hold for @force. */
void
_muster_validator_force_active (MusterValidator   *self,
                                const MusterForce *force,
                                gboolean          *active)
{
  MusterRuleset *ruleset = _muster_validator_get_ruleset (self);
  const GPtrArray *constraints = muster_ruleset_list (ruleset, MUSTER_ITEM_CONSTRAINT);

  for (guint i = 0; i < constraints->len; i++)
    {
      const MusterConstraint *c = constraints->pdata[i];

      active[i] = _muster_validator_force_terms_hold (ruleset, force, c->when);
    }
}

/* Whether constraint @index applies to @unit: on for its force (@active, from
 * _muster_validator_force_active()), and its `when` terms about units hold. */
gboolean
_muster_validator_live (MusterValidator   *self,
                        guint              index,
                        const gboolean    *active,
                        const MusterForce *force,
                        const MusterUnit  *unit)
{
  MusterRuleset *ruleset = _muster_validator_get_ruleset (self);
  const MusterConstraint *c;

  if (!active[index])
    return FALSE;
  if (!_muster_validator_get_info (self)[index].unit_terms)
    return TRUE;
  c = g_ptr_array_index (muster_ruleset_list (ruleset, MUSTER_ITEM_CONSTRAINT), index);
  return muster_condition_holds (ruleset, force, unit, c->when);
}

/* The picks of @unit a unit-scope count counts (each times its count). */
gint64
_muster_validator_count_picks (MusterValidator        *self,
                               const MusterConstraint *c,
                               const MusterUnit       *unit,
                               gint64                 *all)
{
  MusterRuleset *ruleset = _muster_validator_get_ruleset (self);
  gint64 n = 0;

  *all = 0;
  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      guint count = 0;
      const char *id = muster_unit_get_pick (unit, i, &count);
      const MusterOption *option = muster_ruleset_get_option (ruleset, id);
      gboolean counted = c->matches->len == 0;

      *all += count;
      for (guint j = 0; j < c->matches->len && !counted; j++)
        {
          const MusterMatch *m = c->matches->pdata[j];

          counted = LIST_HOLDS (m->option, in_list (m->option, id)) &&
                    NOT_LIST_HOLDS (m->not_option, in_list (m->not_option, id)) &&
                    LIST_HOLDS (m->tag, option && in_list_any (option->tags, m->tag));
        }
      if (counted)
        n += count;
    }
  return n;
}

/* A unit-scope count applies to the units its <match>es select by type, category and level. */
gboolean
_muster_validator_applies_to_unit (const MusterConstraint *c,
                                   const MusterUnitFacts  *facts)
{
  if (c->matches->len == 0)
    return TRUE;
  for (guint i = 0; i < c->matches->len; i++)
    if (match_selects (c->matches->pdata[i], facts))
      return TRUE;
  return FALSE;
}
