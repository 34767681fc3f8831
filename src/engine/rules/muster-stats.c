/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-stats"

#include "config.h"

#include "muster-cost.h"
#include "muster-stats.h"
#include "muster-unit.h"

typedef struct
{
  double    number;
  char     *text;   /* the number's text, or the text of a text stat */
  gboolean  is_number;
} StatValue;

struct _MusterStats
{
  GHashTable *values;  /* id -> StatValue */
};

static void
stat_value_free (gpointer data)
{
  StatValue *value = data;

  g_free (value->text);
  g_free (value);
}

MusterStats *
muster_stats_new (void)
{
  MusterStats *self = g_new0 (MusterStats, 1);

  self->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, stat_value_free);
  return self;
}

void
muster_stats_free (MusterStats *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->values);
  g_free (self);
}

void
muster_stats_set_number (MusterStats *self,
                         const char  *id,
                         double       number)
{
  StatValue *value = g_new0 (StatValue, 1);
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  value->number = number;
  value->is_number = TRUE;
  value->text = g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g", number));
  g_hash_table_replace (self->values, g_strdup (id), value);
}

void
muster_stats_set_text (MusterStats *self,
                       const char  *id,
                       const char  *text)
{
  StatValue *value = g_new0 (StatValue, 1);

  value->text = g_strdup (text);
  g_hash_table_replace (self->values, g_strdup (id), value);
}

/* Returns: whether the stat is known and a number */
gboolean
muster_stats_get_number (const MusterStats *self,
                         const char        *id,
                         double            *number)
{
  const StatValue *value = g_hash_table_lookup (self->values, id);

  if (value == NULL || !value->is_number)
    return FALSE;
  *number = value->number;
  return TRUE;
}

/* Returns: (nullable): the stat as text (numbers too), %NULL when unknown */
const char *
muster_stats_get_text (const MusterStats *self,
                       const char        *id)
{
  const StatValue *value = g_hash_table_lookup (self->values, id);

  return value ? value->text : NULL;
}

static void
add_rules (const MusterRuleset *ruleset,
           char               **rules,
           GHashTable          *seen,
           GPtrArray           *effects)
{
  for (guint i = 0; rules != NULL && rules[i]; i++)
    {
      const MusterSpecialRule *rule = muster_ruleset_lookup (ruleset, MUSTER_ITEM_SPECIAL_RULE,
                                                             rules[i]);

      if (rule == NULL || !g_hash_table_add (seen, rules[i]))
        continue;
      for (guint j = 0; j < rule->effects->len; j++)
        g_ptr_array_add (effects, rule->effects->pdata[j]);
    }
}

static void
add_option (const MusterRuleset *ruleset,
            const MusterOption  *option,
            GHashTable          *seen,
            GPtrArray           *effects)
{
  for (guint i = 0; i < option->effects->len; i++)
    g_ptr_array_add (effects, option->effects->pdata[i]);
  add_rules (ruleset, option->rules, seen, effects);
}

static gboolean
has_option (const MusterRuleset  *ruleset,
            const MusterUnit     *unit,
            const MusterOption   *option)
{
  const char *ids[] = { option->item.id, NULL };

  return muster_unit_has_option_in (ruleset, unit, option->group, ids);
}

/* The effects that apply to @unit in a fixed order that never depends on the order of its
 * picks: the type's special rules, then its options in the ruleset's order (each followed by
 * the rules it grants), then picks the type does not allow. */
static GPtrArray *
gather_effects (const MusterRuleset  *ruleset,
                const MusterUnitType *type,
                const MusterUnit     *unit)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *effects = g_ptr_array_new ();

  add_rules (ruleset, type->rules, seen, effects);
  for (guint i = 0; i < type->allows->len; i++)
    {
      const MusterAllow *allow = type->allows->pdata[i];
      const MusterOptionGroup *group = muster_ruleset_get_option_group (ruleset, allow->group);

      for (guint j = 0; group != NULL && j < group->options->len; j++)
        if (has_option (ruleset, unit, group->options->pdata[j]))
          add_option (ruleset, group->options->pdata[j], seen, effects);
    }
  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      const MusterOption *option = muster_ruleset_get_option (ruleset,
                                                              muster_unit_get_pick (unit, i, NULL));

      if (option != NULL && !muster_unit_type_allows_option (type, option))
        add_option (ruleset, option, seen, effects);
    }
  return effects;
}

static void
apply (MusterStats        *self,
       const MusterEffect *effect)
{
  double value = 0;
  gboolean known = muster_stats_get_number (self, effect->stat, &value);

  switch (effect->op)
    {
    case MUSTER_EFFECT_SET:
      if (effect->is_number)
        muster_stats_set_number (self, effect->stat, effect->number);
      else
        muster_stats_set_text (self, effect->stat, effect->value);
      return;
    case MUSTER_EFFECT_ADD:
      value += effect->number;
      break;
    case MUSTER_EFFECT_MIN:
      value = known ? MIN (value, effect->number) : effect->number;
      break;
    case MUSTER_EFFECT_MAX:
    default:
      value = known ? MAX (value, effect->number) : effect->number;
      break;
    }
  muster_stats_set_number (self, effect->stat, value);
}

/**
 * muster_stats_derive:
 * @ruleset: a resolved ruleset
 * @force: (nullable): the unit's force, for list options in conditions
 * @unit: the unit
 *
 * The generic derivation: the type's base stats, then every `set` effect of its options and
 * special rules, then every `add`, then `min`/`max`, then each stat's own bounds.
 *
 * Returns: (transfer full): the unit's stats (empty for an unknown unit type)
 */
MusterStats *
muster_stats_derive (const MusterRuleset *ruleset,
                     const MusterForce   *force,
                     const MusterUnit    *unit)
{
  static const MusterEffectOp order[] = {
    MUSTER_EFFECT_SET, MUSTER_EFFECT_ADD, MUSTER_EFFECT_MIN, MUSTER_EFFECT_MAX
  };
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                             muster_unit_get_type_id (unit));
  const GPtrArray *stats = muster_ruleset_list (ruleset, MUSTER_ITEM_STAT);
  MusterStats *self = muster_stats_new ();
  g_autoptr(GPtrArray) effects = NULL;

  if (type == NULL)
    return self;

  for (guint i = 0; i < type->base->len; i++)
    {
      const MusterBaseStat *base = type->base->pdata[i];

      if (base->is_number)
        muster_stats_set_number (self, base->stat, base->number);
      else
        muster_stats_set_text (self, base->stat, base->value);
    }

  effects = gather_effects (ruleset, type, unit);
  for (guint o = 0; o < G_N_ELEMENTS (order); o++)
    for (guint i = 0; i < effects->len; i++)
      {
        const MusterEffect *effect = effects->pdata[i];

        if (effect->op == order[o] &&
            muster_condition_holds (ruleset, force, unit, effect->when))
          apply (self, effect);
      }

  for (guint i = 0; i < stats->len; i++)
    {
      const MusterStat *stat = stats->pdata[i];
      double value;

      if (!muster_stats_get_number (self, stat->item.id, &value))
        continue;
      if (stat->has_min && value < stat->min)
        muster_stats_set_number (self, stat->item.id, stat->min);
      else if (stat->has_max && value > stat->max)
        muster_stats_set_number (self, stat->item.id, stat->max);
    }
  return self;
}
