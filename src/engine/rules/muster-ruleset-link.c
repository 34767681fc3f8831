/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-engine-error.h"
#include "muster-ruleset-private.h"

/*
 * Linking checks that every reference between items resolves (a unit type's category and
 * option groups, a cost's table cells, a condition's variant…) and builds the option index.
 * It runs on a book ruleset when it is read, and on a house ruleset once merged onto its base,
 * so that a house file may refer to its base's items. Items are never changed here: a merged
 * ruleset shares them with its parents.
 */

typedef struct
{
  MusterRuleset  *ruleset;
  GError        **error;
} Linker;

/* The formats are marked N_() where a table is concerned: muster_engine_set_error_va()
 * translates them. */
static gboolean G_GNUC_PRINTF (4, 5)
fail (Linker     *k,
      const char *file,
      int         line,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  muster_engine_set_error_va (k->error, MUSTER_ENGINE_ERROR_INVALID_RULESET, file, line, format, args);
  va_end (args);
  return FALSE;
}

static gconstpointer
lookup (Linker         *k,
        MusterItemKind  kind,
        const char     *id)
{
  return muster_ruleset_lookup (k->ruleset, kind, id);
}

static gboolean
has_member (const GPtrArray *members,
            const char      *id)
{
  /* An option and a variant's choice both begin with their MusterItem. */
  for (guint i = 0; i < members->len; i++)
    if (g_str_equal (((MusterItem *) members->pdata[i])->id, id))
      return TRUE;
  return FALSE;
}

/* Every id in @ids names an item of @kind. */
static gboolean
check_ids (Linker         *k,
           char          **ids,
           MusterItemKind  kind,
           const char     *what,
           const char     *file,
           int             line)
{
  for (guint i = 0; ids && ids[i]; i++)
    {
      gboolean found = kind == MUSTER_ITEM_OPTION_GROUP
                         ? muster_ruleset_get_option (k->ruleset, ids[i]) != NULL
                         : lookup (k, kind, ids[i]) != NULL;

      if (!found)
        return fail (k, file, line, "unknown %s “%s”", what, ids[i]);
    }
  return TRUE;
}

static gboolean
check_when (Linker     *k,
            GPtrArray  *when,
            const char *file,
            int         line)
{
  for (guint i = 0; when && i < when->len; i++)
    {
      const MusterConditionTerm *term = when->pdata[i];
      const MusterVariant *variant = lookup (k, MUSTER_ITEM_VARIANT, term->key);
      const MusterOptionGroup *group = lookup (k, MUSTER_ITEM_OPTION_GROUP, term->key);

      for (guint j = 0; term->values[j]; j++)
        {
          const char *value = term->values[j];
          gboolean ok;

          if (variant != NULL)
            ok = variant->kind == MUSTER_VARIANT_CHOICE && has_member (variant->choices, value);
          else if (group != NULL)
            ok = has_member (group->options, value);
          else if (g_str_equal (term->key, "type"))
            ok = lookup (k, MUSTER_ITEM_UNIT_TYPE, value) != NULL;
          else if (g_str_equal (term->key, "category"))
            ok = lookup (k, MUSTER_ITEM_CATEGORY, value) != NULL;
          else
            return fail (k, file, line, "condition on “%s”, which is no variant, option group, "
                         "type or category", term->key);
          if (!ok)
            return fail (k, file, line, "condition %s=%s: “%s” has no choice or option “%s”",
                         term->key, value, term->key, value);
        }
    }
  return TRUE;
}

/* The row or column ids a cost can reach: the literal one, or the options of a group. */
static GPtrArray *
cost_keys (Linker               *k,
           const MusterCostTerm *term,
           const char           *literal,
           const char           *from,
           const MusterUnitType *type)
{
  GPtrArray *keys = g_ptr_array_new ();
  const MusterOptionGroup *group;
  const MusterAllow *allow = NULL;

  if (literal != NULL)
    {
      g_ptr_array_add (keys, (gpointer) literal);
      return keys;
    }

  if ((group = lookup (k, MUSTER_ITEM_OPTION_GROUP, from)) == NULL)
    {
      fail (k, term->file, term->line, N_("cost reads its table by unknown option group “%s”"),
            from);
      g_ptr_array_unref (keys);
      return NULL;
    }
  if (type != NULL && (allow = muster_unit_type_get_allow (type, from)) == NULL)
    {
      fail (k, term->file, term->line, "unit type “%s” costs by option group “%s”, which it "
            "does not allow", type->item.id, from);
      g_ptr_array_unref (keys);
      return NULL;
    }
  for (guint i = 0; i < group->options->len; i++)
    {
      const char *id = ((MusterItem *) group->options->pdata[i])->id;

      if (allow == NULL || allow->only == NULL ||
          g_strv_contains ((const char * const *) allow->only, id))
        g_ptr_array_add (keys, (gpointer) id);
    }
  return keys;
}

static gboolean
check_cost (Linker               *k,
            const MusterCostTerm *term,
            const MusterUnitType *type)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) columns = NULL;
  const MusterTable *table;

  if (!check_when (k, term->when, term->file, term->line))
    return FALSE;
  if (term->table == NULL)
    return TRUE;

  if ((table = lookup (k, MUSTER_ITEM_TABLE, term->table)) == NULL)
    return fail (k, term->file, term->line, N_("cost reads unknown table “%s”"), term->table);
  if (!(rows = cost_keys (k, term, term->row, term->row_from, type)) ||
      !(columns = cost_keys (k, term, term->column, term->column_from, type)))
    return FALSE;

  for (guint r = 0; r < rows->len; r++)
    for (guint c = 0; c < columns->len; c++)
      {
        const MusterCell *cell = muster_table_lookup (table, rows->pdata[r], columns->pdata[c],
                                                      NULL);

        if (cell == NULL)
          return fail (k, term->file, term->line, N_("cost reads table “%s” at row “%s”, "
                                                     "column “%s”, which does not exist"),
                       table->item.id, (char *) rows->pdata[r], (char *) columns->pdata[c]);
        if (!cell->is_number)
          return fail (k, term->file, term->line, N_("cost reads table “%s” at row “%s”, "
                                                     "column “%s”, which holds no number"),
                       table->item.id, (char *) rows->pdata[r], (char *) columns->pdata[c]);
      }
  return TRUE;
}

static gboolean
check_costs (Linker               *k,
             GPtrArray            *costs,
             const MusterUnitType *type)
{
  for (guint i = 0; i < costs->len; i++)
    if (!check_cost (k, costs->pdata[i], type))
      return FALSE;
  return TRUE;
}

static gboolean
check_stat_value (Linker     *k,
                  const char *stat_id,
                  gboolean    is_number,
                  const char *value,
                  const char *file,
                  int         line)
{
  const MusterStat *stat = lookup (k, MUSTER_ITEM_STAT, stat_id);

  if (stat == NULL)
    return fail (k, file, line, "unknown stat “%s”", stat_id);
  if (stat->type != MUSTER_STAT_TEXT && !is_number)
    return fail (k, file, line, "stat “%s” is a number; “%s” is not", stat_id, value);
  return TRUE;
}

static gboolean
check_effects (Linker    *k,
               GPtrArray *effects)
{
  for (guint i = 0; i < effects->len; i++)
    {
      const MusterEffect *effect = effects->pdata[i];

      if (!check_stat_value (k, effect->stat, effect->is_number, effect->value, effect->file,
                             effect->line) ||
          !check_when (k, effect->when, effect->file, effect->line))
        return FALSE;
    }
  return TRUE;
}

static gboolean
index_options (Linker *k)
{
  const GPtrArray *groups = muster_ruleset_list (k->ruleset, MUSTER_ITEM_OPTION_GROUP);

  g_hash_table_remove_all (k->ruleset->options);
  for (guint i = 0; i < groups->len; i++)
    {
      const MusterOptionGroup *group = groups->pdata[i];

      if (lookup (k, MUSTER_ITEM_VARIANT, group->item.id) != NULL)
        return fail (k, group->item.file, group->item.line, "option group “%s” has the id of "
                     "a variant; conditions could not tell them apart", group->item.id);
      for (guint j = 0; j < group->options->len; j++)
        {
          MusterOption *option = group->options->pdata[j];
          const MusterOption *other = g_hash_table_lookup (k->ruleset->options, option->item.id);

          if (other != NULL)
            return fail (k, option->item.file, option->item.line, "option “%s” is in option "
                         "groups “%s” and “%s”; option ids must be unique", option->item.id,
                         other->group, group->item.id);
          g_hash_table_insert (k->ruleset->options, option->item.id, option);
        }
    }
  return TRUE;
}

/* An item's default (nullable) names one of its @members: a variant's choices, a group's
 * options. */
static gboolean
check_default (Linker           *k,
               const MusterItem *item,
               const char       *what,
               const char       *default_id,
               const GPtrArray  *members,
               const char       *members_what)
{
  if (default_id == NULL || has_member (members, default_id))
    return TRUE;
  return fail (k, item->file, item->line, "%s “%s” defaults to “%s”, which is not one of its %s",
               what, item->id, default_id, members_what);
}

static gboolean
check_variants (Linker *k)
{
  const GPtrArray *variants = muster_ruleset_list (k->ruleset, MUSTER_ITEM_VARIANT);

  for (guint i = 0; i < variants->len; i++)
    {
      const MusterVariant *v = variants->pdata[i];
      const MusterItem *item = &v->item;
      double number = 0;
      char *end = NULL;

      if (v->kind == MUSTER_VARIANT_CHOICE)
        {
          if (v->choices->len == 0)
            return fail (k, item->file, item->line, "variant “%s” has no <choice>", item->id);
          if (!check_default (k, item, "variant", v->default_value, v->choices, "choices"))
            return FALSE;
          continue;
        }
      if (v->default_value != NULL)
        number = g_ascii_strtod (v->default_value, &end);
      if (end == NULL || end == v->default_value || *end != '\0')
        return fail (k, item->file, item->line, "number variant “%s” needs a numeric default",
                     item->id);
      if ((v->has_min && number < v->min) || (v->has_max && number > v->max))
        return fail (k, item->file, item->line, "variant “%s” defaults to %s, outside its range",
                     item->id, v->default_value);
    }
  return TRUE;
}

static gboolean
check_tables (Linker *k)
{
  const GPtrArray *tables = muster_ruleset_list (k->ruleset, MUSTER_ITEM_TABLE);

  for (guint i = 0; i < tables->len; i++)
    {
      const MusterTable *table = tables->pdata[i];

      if (table->columns->len == 0)
        return fail (k, table->item.file, table->item.line, N_("table “%s” has no <column>"),
                     table->item.id);
      for (guint j = 0; j < table->rows->len; j++)
        {
          const MusterTableRow *row = table->rows->pdata[j];

          if (row->cells->len != table->columns->len)
            return fail (k, row->item.file, row->item.line, N_("row “%s” of table “%s” has %u "
                                                             "cells for %u columns"), row->item.id, table->item.id, row->cells->len,
                         table->columns->len);
        }
    }
  return TRUE;
}

static gboolean
check_stats_and_rules (Linker *k)
{
  const GPtrArray *stats = muster_ruleset_list (k->ruleset, MUSTER_ITEM_STAT);
  const GPtrArray *rules = muster_ruleset_list (k->ruleset, MUSTER_ITEM_SPECIAL_RULE);

  for (guint i = 0; i < stats->len; i++)
    {
      const MusterStat *stat = stats->pdata[i];

      if (stat->has_min && stat->has_max && stat->min > stat->max)
        return fail (k, stat->item.file, stat->item.line, "stat “%s” has min above max",
                     stat->item.id);
    }
  for (guint i = 0; i < rules->len; i++)
    if (!check_effects (k, ((MusterSpecialRule *) rules->pdata[i])->effects))
      return FALSE;
  return TRUE;
}

static gboolean
check_option_groups (Linker *k)
{
  const GPtrArray *groups = muster_ruleset_list (k->ruleset, MUSTER_ITEM_OPTION_GROUP);

  for (guint i = 0; i < groups->len; i++)
    {
      const MusterOptionGroup *group = groups->pdata[i];
      const MusterItem *item = &group->item;

      if (!check_default (k, item, "option group", group->default_option, group->options,
                          "options"))
        return FALSE;
      if (group->has_min && group->has_max && group->min > group->max)
        return fail (k, item->file, item->line, "option group “%s” has min above max", item->id);

      for (guint j = 0; j < group->options->len; j++)
        {
          const MusterOption *option = group->options->pdata[j];

          if (!check_ids (k, option->rules, MUSTER_ITEM_SPECIAL_RULE, "special rule",
                          option->item.file, option->item.line) ||
              !check_costs (k, option->costs, NULL) ||
              !check_effects (k, option->effects))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_allow (Linker               *k,
             const MusterUnitType *type,
             const MusterAllow    *allow)
{
  const MusterOptionGroup *group = lookup (k, MUSTER_ITEM_OPTION_GROUP, allow->group);

  if (group == NULL)
    return fail (k, allow->file, allow->line, "unit type “%s” allows unknown option group “%s”",
                 type->item.id, allow->group);
  for (guint i = 0; allow->only && allow->only[i]; i++)
    if (!has_member (group->options, allow->only[i]))
      return fail (k, allow->file, allow->line, "option group “%s” has no option “%s”",
                   allow->group, allow->only[i]);
  if (allow->default_option != NULL &&
      (!has_member (group->options, allow->default_option) ||
       (allow->only && !g_strv_contains ((const char * const *) allow->only,
                                         allow->default_option))))
    return fail (k, allow->file, allow->line, "unit type “%s” defaults to “%s”, which it may "
                 "not pick from option group “%s”", type->item.id, allow->default_option,
                 allow->group);
  if (allow->has_min && allow->has_max && allow->min > allow->max)
    return fail (k, allow->file, allow->line, "<allow group=\"%s\"> has min above max",
                 allow->group);
  return TRUE;
}

static gboolean
check_unit_types (Linker *k)
{
  const GPtrArray *types = muster_ruleset_list (k->ruleset, MUSTER_ITEM_UNIT_TYPE);

  for (guint i = 0; i < types->len; i++)
    {
      const MusterUnitType *type = types->pdata[i];
      const MusterItem *item = &type->item;

      if (lookup (k, MUSTER_ITEM_CATEGORY, type->category) == NULL)
        return fail (k, item->file, item->line, "unit type “%s” is in unknown category “%s”",
                     item->id, type->category);
      if (type->has_min_size && type->has_max_size && type->min_size > type->max_size)
        return fail (k, item->file, item->line, "unit type “%s” has min-size above max-size",
                     item->id);
      if (!check_ids (k, type->rules, MUSTER_ITEM_SPECIAL_RULE, "special rule", item->file,
                      item->line))
        return FALSE;
      for (guint j = 0; j < type->base->len; j++)
        {
          const MusterBaseStat *base = type->base->pdata[j];

          if (!check_stat_value (k, base->stat, base->is_number, base->value, base->file,
                                 base->line))
            return FALSE;
        }
      for (guint j = 0; j < type->allows->len; j++)
        if (!check_allow (k, type, type->allows->pdata[j]))
          return FALSE;
      if (!check_costs (k, type->costs, type))
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_reserved_scope (const char *id)
{
  return g_str_equal (id, "force") || g_str_equal (id, "unit") || g_str_equal (id, "document");
}

static gboolean
check_levels (Linker *k)
{
  const GPtrArray *levels = muster_ruleset_list (k->ruleset, MUSTER_ITEM_LEVEL);
  const MusterLevel *root = NULL;

  for (guint i = 0; i < levels->len; i++)
    {
      const MusterLevel *level = levels->pdata[i];
      const MusterItem *item = &level->item;

      if (is_reserved_scope (item->id))
        return fail (k, item->file, item->line, "“%s” is reserved and cannot name a level",
                     item->id);
      if (level->root && root != NULL)
        return fail (k, item->file, item->line, "levels “%s” and “%s” are both the root",
                     root->item.id, item->id);
      if (level->root)
        root = level;
      if (!check_ids (k, level->children, MUSTER_ITEM_LEVEL, "level", item->file, item->line))
        return FALSE;
    }
  if (levels->len > 0 && root == NULL)
    {
      const MusterItem *first = levels->pdata[0];

      return fail (k, first->file, first->line, "no organisation level is the root "
                   "(root=\"true\")");
    }
  return TRUE;
}

static gboolean
check_match (Linker            *k,
             const MusterMatch *match,
             const MusterItem  *item)
{
  return check_ids (k, match->type, MUSTER_ITEM_UNIT_TYPE, "unit type", item->file, item->line) &&
         check_ids (k, match->not_type, MUSTER_ITEM_UNIT_TYPE, "unit type", item->file,
                    item->line) &&
         check_ids (k, match->category, MUSTER_ITEM_CATEGORY, "category", item->file,
                    item->line) &&
         check_ids (k, match->not_category, MUSTER_ITEM_CATEGORY, "category", item->file,
                    item->line) &&
         check_ids (k, match->option, MUSTER_ITEM_OPTION_GROUP, "option", item->file,
                    item->line) &&
         check_ids (k, match->not_option, MUSTER_ITEM_OPTION_GROUP, "option", item->file,
                    item->line) &&
         check_ids (k, match->level, MUSTER_ITEM_LEVEL, "level", item->file, item->line);
}

static gboolean
check_constraints (Linker *k)
{
  static const char * const scalings[] = { "ceil", "floor", "pro-rata", NULL };
  const GPtrArray *constraints = muster_ruleset_list (k->ruleset, MUSTER_ITEM_CONSTRAINT);

  for (guint i = 0; i < constraints->len; i++)
    {
      const MusterConstraint *c = constraints->pdata[i];
      const MusterItem *item = &c->item;

      if (!is_reserved_scope (c->scope) && lookup (k, MUSTER_ITEM_LEVEL, c->scope) == NULL)
        return fail (k, item->file, item->line, "constraint “%s” has unknown scope “%s”",
                     item->id, c->scope);
      if (c->has_min && c->has_max && c->min > c->max)
        return fail (k, item->file, item->line, "constraint “%s” has min above max", item->id);
      if (!check_when (k, c->when, item->file, item->line))
        return FALSE;
      for (guint j = 0; j < c->matches->len; j++)
        if (!check_match (k, c->matches->pdata[j], item))
          return FALSE;

      if (c->scaling_variant != NULL)
        {
          const MusterVariant *v = lookup (k, MUSTER_ITEM_VARIANT, c->scaling_variant);

          if (v == NULL || v->kind != MUSTER_VARIANT_CHOICE)
            return fail (k, item->file, item->line, "constraint “%s” scales by unknown "
                         "variant “%s”", item->id, c->scaling_variant);
          for (guint j = 0; j < v->choices->len; j++)
            if (!g_strv_contains (scalings, ((MusterItem *) v->choices->pdata[j])->id))
              return fail (k, item->file, item->line, "variant “%s” scales constraints, so its "
                           "choices must be ceil, floor or pro-rata",
                           c->scaling_variant);
        }
    }
  return TRUE;
}

gboolean
_muster_ruleset_link (MusterRuleset  *self,
                      GError        **error)
{
  Linker k = { self, error };

  return index_options (&k) &&
         check_variants (&k) &&
         check_tables (&k) &&
         check_stats_and_rules (&k) &&
         check_option_groups (&k) &&
         check_unit_types (&k) &&
         check_levels (&k) &&
         check_constraints (&k);
}

/* Merging */

static void
merge_item_header (MusterItem       *dest,
                   const MusterItem *base,
                   const MusterItem *house)
{
  _muster_item_copy (dest, house);
  /* A name equal to the id is the loader's stand-in for "no name given". */
  if (g_str_equal (house->name, house->id))
    {
      g_free (dest->name);
      dest->name = g_strdup (base->name);
    }
  if (dest->note == NULL)
    dest->note = g_strdup (base->note);
  if (dest->source == NULL)
    dest->source = g_strdup (base->source);
}

/* Replaces the item with the same id in @items, or appends @item. */
static void
overlay (GPtrArray  *items,
         GHashTable *by_id,
         gpointer    item)
{
  const char *id = ((MusterItem *) item)->id;
  gpointer old = by_id ? g_hash_table_lookup (by_id, id) : NULL;
  guint index;

  if (by_id == NULL)
    {
      for (index = 0; index < items->len; index++)
        if (g_str_equal (((MusterItem *) items->pdata[index])->id, id))
          break;
      if (index < items->len)
        old = items->pdata[index];
    }

  if (old != NULL && g_ptr_array_find (items, old, &index))
    items->pdata[index] = item;
  else
    g_ptr_array_add (items, item);
  if (by_id != NULL)
    g_hash_table_insert (by_id, (gpointer) id, item);
}

static MusterOptionGroup *
merge_option_group (MusterRuleset           *self,
                    const MusterOptionGroup *base,
                    const MusterOptionGroup *house)
{
  MusterOptionGroup *group = g_new0 (MusterOptionGroup, 1);

  merge_item_header (&group->item, &base->item, &house->item);
  group->has_min = house->has_min || base->has_min;
  group->min = house->has_min ? house->min : base->min;
  group->has_max = house->has_max || base->has_max;
  group->max = house->has_max ? house->max : base->max;
  group->default_option = g_strdup (house->default_option ? house->default_option
                                                          : base->default_option);
  group->options = g_ptr_array_new ();
  for (guint i = 0; i < base->options->len; i++)
    g_ptr_array_add (group->options, base->options->pdata[i]);
  for (guint i = 0; i < house->options->len; i++)
    overlay (group->options, NULL, house->options->pdata[i]);

  g_ptr_array_add (self->owned_groups, group);
  return group;
}

static MusterTable *
merge_table (MusterRuleset     *self,
             const MusterTable *base,
             const MusterTable *house)
{
  MusterTable *table = _muster_table_new ();

  merge_item_header (&table->item, &base->item, &house->item);
  table->columns = g_ptr_array_new ();
  for (guint i = 0; i < base->columns->len; i++)
    {
      MusterItem *column = base->columns->pdata[i];

      g_ptr_array_add (table->columns, column);
      g_hash_table_insert (table->column_index, column->id, GUINT_TO_POINTER (i + 1));
    }
  table->rows = g_ptr_array_new ();
  for (guint i = 0; i < base->rows->len; i++)
    overlay (table->rows, table->row_index, base->rows->pdata[i]);
  for (guint i = 0; i < house->rows->len; i++)
    overlay (table->rows, table->row_index, house->rows->pdata[i]);

  g_ptr_array_add (self->owned_tables, table);
  return table;
}

static void
copy_costing (MusterCosting       *dest,
              const MusterCosting *src)
{
  dest->id = g_strdup (src->id);
  dest->name = g_strdup (src->name);
  dest->abbreviation = g_strdup (src->abbreviation);
  dest->abbreviation_one = g_strdup (src->abbreviation_one);
  dest->limit = src->limit;
  dest->rounding = src->rounding;
}

/**
 * muster_ruleset_merge:
 * @base: a resolved ruleset
 * @house: a ruleset whose extends is @base's id
 * @error: return location for a #GError
 *
 * Makes the ruleset a house file describes: @base with @house's items laid over it by id.
 * An item with a base item's id replaces it; option groups and tables merge their options and
 * rows by id (a table that declares columns replaces the base table). The result is checked
 * as a whole, so a house file may refer to the base's items; errors name the file and line
 * of the item at fault.
 *
 * Returns: (transfer full) (nullable): the merged ruleset, or %NULL with @error set
 */
MusterRuleset *
muster_ruleset_merge (MusterRuleset  *base,
                      MusterRuleset  *house,
                      GError        **error)
{
  g_autoptr(MusterRuleset) self = NULL;

  g_return_val_if_fail (base != NULL && base->resolved, NULL);
  g_return_val_if_fail (house != NULL, NULL);

  if (g_strcmp0 (house->extends, base->id) != 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("%s:1: ruleset “%s” does not extend “%s”"), house->display_name, house->id,
                   base->id);
      return NULL;
    }

  self = _muster_ruleset_alloc (FALSE);
  g_ptr_array_add (self->parents, muster_ruleset_ref (base));
  g_ptr_array_add (self->parents, muster_ruleset_ref (house));

  self->id = g_strdup (house->id);
  self->name = g_strdup (house->name);
  self->version = g_strdup (house->version);
  self->book = g_strdup (house->book ? house->book : base->book);
  self->summary = g_strdup (*house->summary ? house->summary : base->summary);
  self->extends = g_strdup (house->extends);
  self->system_id = g_strdup (base->system_id);
  self->path = g_strdup (house->path);
  self->display_name = g_strdup (house->display_name);
  self->house = TRUE;
  self->has_costing = TRUE;
  copy_costing (&self->costing, house->has_costing ? &house->costing : &base->costing);

  for (guint kind = 0; kind < MUSTER_N_ITEM_KINDS; kind++)
    {
      MusterItemList *list = &self->lists[kind];
      const GPtrArray *base_items = base->lists[kind].items;
      const GPtrArray *house_items = house->lists[kind].items;

      for (guint i = 0; i < base_items->len; i++)
        overlay (list->items, list->by_id, base_items->pdata[i]);
      for (guint i = 0; i < house_items->len; i++)
        {
          gpointer item = house_items->pdata[i];
          gconstpointer old = g_hash_table_lookup (list->by_id, ((MusterItem *) item)->id);

          if (old != NULL && kind == MUSTER_ITEM_OPTION_GROUP)
            item = merge_option_group (self, old, item);
          else if (old != NULL && kind == MUSTER_ITEM_TABLE &&
                   ((MusterTable *) item)->columns->len == 0)
            item = merge_table (self, old, item);
          overlay (list->items, list->by_id, item);
        }
    }

  if (!_muster_ruleset_link (self, error))
    return NULL;
  self->resolved = TRUE;
  return g_steal_pointer (&self);
}
