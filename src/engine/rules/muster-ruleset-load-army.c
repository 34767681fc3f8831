/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include "muster-ruleset-load-private.h"
#include "muster-xml.h"

/*
 * Reading the items an army list is built from: option groups and their options, unit types,
 * the levels of the organisation, and constraints.
 */

/* Option groups */

static void
option_free (gpointer data)
{
  MusterOption *option = data;

  _muster_item_clear (&option->item);
  g_free (option->group);
  g_strfreev (option->tags);
  g_strfreev (option->rules);
  g_ptr_array_unref (option->costs);
  g_ptr_array_unref (option->effects);
  g_free (option);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterOption, option_free)

static MusterOption *
parse_option (Loader     *l,
              xmlNode    *node,
              const char *group)
{
  static const char * const attributes[] = {
    ITEM_ATTRIBUTES, "max-count", "tags", "rules", NULL
  };
  g_autoptr(MusterOption) option = g_new0 (MusterOption, 1);

  option->group = g_strdup (group);
  option->max_count = 1;
  option->costs = g_ptr_array_new_with_free_func (_muster_cost_term_free);
  option->effects = g_ptr_array_new_with_free_func (_muster_effect_free);
  if (!_muster_load_item (l, node, attributes, &option->item) ||
      !_muster_load_get_count (l, node, "max-count", 1, NULL, &option->max_count) ||
      !_muster_load_get_ids (l, node, "tags", &option->tags) ||
      !_muster_load_get_ids (l, node, "rules", &option->rules) ||
      !_muster_load_costs_and_effects (l, node, option->costs, option->effects, NULL, NULL))
    return NULL;
  return g_steal_pointer (&option);
}

void
_muster_option_group_free (gpointer data)
{
  MusterOptionGroup *group = data;

  _muster_item_clear (&group->item);
  g_free (group->default_option);
  g_ptr_array_unref (group->options);
  g_free (group);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterOptionGroup, _muster_option_group_free)

gpointer
_muster_load_option_group (Loader  *l,
                           xmlNode *node)
{
  static const char * const attributes[] = { ITEM_ATTRIBUTES, "min", "max", "default", NULL };
  g_autoptr(MusterOptionGroup) group = g_new0 (MusterOptionGroup, 1);

  group->options = g_ptr_array_new_with_free_func (option_free);
  if (!_muster_load_item (l, node, attributes, &group->item) ||
      !_muster_load_get_count (l, node, "min", 0, &group->has_min, &group->min) ||
      !_muster_load_get_count (l, node, "max", 0, &group->has_max, &group->max) ||
      !_muster_load_get_id (l, node, "default", FALSE, &group->default_option))
    return NULL;

  for_each_element (child, node)
    {
      MusterOption *option;

      if (!muster_xml_is_element (child, "option"))
        {
          _muster_load_unexpected (l, child, node);
          return NULL;
        }
      if (!(option = parse_option (l, child, group->item.id)))
        return NULL;
      g_ptr_array_add (group->options, option);
      for (guint i = 0; i + 1 < group->options->len; i++)
        if (g_str_equal (((MusterOption *) group->options->pdata[i])->item.id, option->item.id))
          {
            _muster_load_fail (l, child, "option group “%s” has two options “%s”", group->item.id,
                               option->item.id);
            return NULL;
          }
    }

  return g_steal_pointer (&group);
}

/* Unit types */

static void
base_stat_free (gpointer data)
{
  MusterBaseStat *base = data;

  g_free (base->stat);
  g_free (base->value);
  g_free (base->source);
  g_free (base);
}

static void
allow_free (gpointer data)
{
  MusterAllow *allow = data;

  g_free (allow->group);
  g_free (allow->default_option);
  g_strfreev (allow->only);
  g_free (allow);
}

void
_muster_unit_type_free (gpointer data)
{
  MusterUnitType *type = data;

  _muster_item_clear (&type->item);
  g_free (type->category);
  g_free (type->size_unit);
  g_strfreev (type->tags);
  g_strfreev (type->rules);
  g_ptr_array_unref (type->base);
  g_ptr_array_unref (type->costs);
  g_ptr_array_unref (type->allows);
  g_free (type);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterUnitType, _muster_unit_type_free)

static gboolean
parse_base_stat (Loader         *l,
                 xmlNode        *node,
                 MusterUnitType *type)
{
  static const char * const attributes[] = { "stat", "value", "house", "source", NULL };
  MusterBaseStat *base = g_new0 (MusterBaseStat, 1);

  g_ptr_array_add (type->base, base);
  base->file = l->file;
  base->line = xmlGetLineNo (node);
  if (!_muster_load_check_attributes (l, node, attributes) ||
      !_muster_load_get_id (l, node, "stat", TRUE, &base->stat) ||
      !_muster_load_get_bool (l, node, "house", &base->house))
    return FALSE;
  base->source = muster_xml_get_prop (node, "source");
  if ((base->value = muster_xml_get_prop (node, "value")) == NULL)
    return _muster_load_fail (l, node, "<base stat=\"%s\"> needs a value", base->stat);
  base->is_number = _muster_load_parse_number (base->value, &base->number);
  return TRUE;
}

static gboolean
parse_allow (Loader         *l,
             xmlNode        *node,
             MusterUnitType *type)
{
  static const char * const attributes[] = { "group", "min", "max", "default", "only", NULL };
  MusterAllow *allow = g_new0 (MusterAllow, 1);

  g_ptr_array_add (type->allows, allow);
  allow->file = l->file;
  allow->line = xmlGetLineNo (node);
  if (!_muster_load_check_attributes (l, node, attributes) ||
      !_muster_load_get_id (l, node, "group", TRUE, &allow->group) ||
      !_muster_load_get_count (l, node, "min", 0, &allow->has_min, &allow->min) ||
      !_muster_load_get_count (l, node, "max", 0, &allow->has_max, &allow->max) ||
      !_muster_load_get_id (l, node, "default", FALSE, &allow->default_option) ||
      !_muster_load_get_ids (l, node, "only", &allow->only))
    return FALSE;

  for (guint i = 0; i + 1 < type->allows->len; i++)
    if (g_str_equal (((MusterAllow *) type->allows->pdata[i])->group, allow->group))
      return _muster_load_fail (l, node, "unit type “%s” allows option group “%s” twice",
                                type->item.id,
                                allow->group);
  return TRUE;
}

static gboolean
parse_unit_type_child (Loader  *l,
                       xmlNode *node,
                       gpointer data)
{
  if (muster_xml_is_element (node, "base"))
    return parse_base_stat (l, node, data);
  if (muster_xml_is_element (node, "allow"))
    return parse_allow (l, node, data);
  return FALSE;
}

gpointer
_muster_load_unit_type (Loader  *l,
                        xmlNode *node)
{
  static const char * const attributes[] = {
    ITEM_ATTRIBUTES, "category", "size-unit", "default-size", "min-size", "max-size", "tags",
    "rules", NULL
  };
  static const char * const size_units[] = {
    "figure", "stand", "vignette", "soldier", "bmu", "model", NULL
  };
  g_autoptr(MusterUnitType) type = g_new0 (MusterUnitType, 1);
  int size_unit = 0;

  type->default_size = 1;
  type->base = g_ptr_array_new_with_free_func (base_stat_free);
  type->costs = g_ptr_array_new_with_free_func (_muster_cost_term_free);
  type->allows = g_ptr_array_new_with_free_func (allow_free);
  if (!_muster_load_item (l, node, attributes, &type->item) ||
      !_muster_load_get_id (l, node, "category", TRUE, &type->category) ||
      !_muster_load_get_enum (l, node, "size-unit", size_units, &size_unit) ||
      !_muster_load_get_count (l, node, "default-size", 1, NULL, &type->default_size) ||
      !_muster_load_get_count (l, node, "min-size", 0, &type->has_min_size, &type->min_size) ||
      !_muster_load_get_count (l, node, "max-size", 0, &type->has_max_size, &type->max_size) ||
      !_muster_load_get_ids (l, node, "tags", &type->tags) ||
      !_muster_load_get_ids (l, node, "rules", &type->rules))
    return NULL;
  type->size_unit = g_strdup (size_units[size_unit]);

  /* A failing child handler has set the error already; _muster_load_costs_and_effects keeps it. */
  if (!_muster_load_costs_and_effects (l, node, type->costs, NULL, parse_unit_type_child, type))
    return NULL;
  return g_steal_pointer (&type);
}

/* Organisation */

void
_muster_level_free (gpointer data)
{
  MusterLevel *level = data;

  _muster_item_clear (&level->item);
  g_strfreev (level->children);
  g_free (level);
}

gpointer
_muster_load_level (Loader  *l,
                    xmlNode *node)
{
  static const char * const attributes[] = { ITEM_ATTRIBUTES, "root", "children", "units", NULL };
  MusterLevel *level = g_new0 (MusterLevel, 1);

  level->units = TRUE;
  if (!_muster_load_item (l, node, attributes, &level->item) ||
      !_muster_load_get_bool (l, node, "root", &level->root) ||
      !_muster_load_get_bool (l, node, "units", &level->units) ||
      !_muster_load_get_ids (l, node, "children", &level->children))
    {
      _muster_level_free (level);
      return NULL;
    }
  return level;
}

/* Constraints */

static void
match_free (gpointer data)
{
  MusterMatch *match = data;

  g_strfreev (match->type);
  g_strfreev (match->category);
  g_strfreev (match->tag);
  g_strfreev (match->option);
  g_strfreev (match->level);
  g_strfreev (match->not_type);
  g_strfreev (match->not_category);
  g_strfreev (match->not_tag);
  g_strfreev (match->not_option);
  g_free (match);
}

static gboolean
parse_match (Loader           *l,
             xmlNode          *node,
             MusterConstraint *constraint)
{
  static const char * const attributes[] = {
    "type", "category", "tag", "option", "level",
    "not-type", "not-category", "not-tag", "not-option", NULL
  };
  MusterMatch *match = g_new0 (MusterMatch, 1);

  g_ptr_array_add (constraint->matches, match);
  return _muster_load_check_attributes (l, node, attributes) &&
         _muster_load_get_ids (l, node, "type", &match->type) &&
         _muster_load_get_ids (l, node, "category", &match->category) &&
         _muster_load_get_ids (l, node, "tag", &match->tag) &&
         _muster_load_get_ids (l, node, "option", &match->option) &&
         _muster_load_get_ids (l, node, "level", &match->level) &&
         _muster_load_get_ids (l, node, "not-type", &match->not_type) &&
         _muster_load_get_ids (l, node, "not-category", &match->not_category) &&
         _muster_load_get_ids (l, node, "not-tag", &match->not_tag) &&
         _muster_load_get_ids (l, node, "not-option", &match->not_option);
}

void
_muster_constraint_free (gpointer data)
{
  MusterConstraint *constraint = data;

  _muster_item_clear (&constraint->item);
  g_free (constraint->scope);
  g_free (constraint->scaling_variant);
  g_clear_pointer (&constraint->when, g_ptr_array_unref);
  g_ptr_array_unref (constraint->matches);
  g_free (constraint->message);
  g_free (constraint);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterConstraint, _muster_constraint_free)

gpointer
_muster_load_constraint (Loader  *l,
                         xmlNode *node)
{
  static const char * const attributes[] = {
    ITEM_ATTRIBUTES, "kind", "severity", "scope", "count", "min", "max", "percent",
    "per-points", "scaling", "scaling-variant", "when", NULL
  };
  static const char * const constraint_kinds[] = {
    "count", "forbid", "size", "points-limit", "custom", NULL
  };
  static const char * const severities[] = { "error", "warning", "info", "off", NULL };
  static const char * const measures[] = { "units", "size", "points", "nodes", NULL };
  static const char * const scalings[] = { "ceil", "floor", "pro-rata", NULL };
  g_autoptr(MusterConstraint) constraint = g_new0 (MusterConstraint, 1);
  int kind = -1, severity = MUSTER_SEVERITY_ERROR, measure = MUSTER_COUNT_UNITS;
  int scaling = MUSTER_SCALING_CEIL;

  constraint->matches = g_ptr_array_new_with_free_func (match_free);
  if (!_muster_load_item (l, node, attributes, &constraint->item) ||
      !_muster_load_get_enum (l, node, "kind", constraint_kinds, &kind) ||
      !_muster_load_get_enum (l, node, "severity", severities, &severity) ||
      !_muster_load_get_id (l, node, "scope", FALSE, &constraint->scope) ||
      !_muster_load_get_enum (l, node, "count", measures, &measure) ||
      !_muster_load_get_number (l, node, "min", &constraint->has_min, &constraint->min) ||
      !_muster_load_get_number (l, node, "max", &constraint->has_max, &constraint->max) ||
      !_muster_load_get_bool (l, node, "percent", &constraint->percent) ||
      !_muster_load_get_count (l, node, "per-points", 1, NULL, &constraint->per_points) ||
      !_muster_load_get_enum (l, node, "scaling", scalings, &scaling) ||
      !_muster_load_get_id (l, node, "scaling-variant", FALSE, &constraint->scaling_variant) ||
      !_muster_load_when (l, node, &constraint->when))
    return NULL;

  if (kind < 0)
    {
      _muster_load_fail (l, node, "constraint “%s” needs a kind", constraint->item.id);
      return NULL;
    }
  constraint->kind = kind;
  constraint->severity = severity;
  constraint->measure = measure;
  constraint->scaling = scaling;
  if (constraint->scope == NULL)
    constraint->scope = g_strdup ("force");

  for_each_element (child, node)
    {
      if (muster_xml_is_element (child, "match"))
        {
          if (!parse_match (l, child, constraint))
            return NULL;
        }
      else if (muster_xml_is_element (child, "message"))
        {
          g_free (constraint->message);
          constraint->message = muster_xml_get_prose (child);
        }
      else
        {
          _muster_load_unexpected (l, child, node);
          return NULL;
        }
    }

  if (constraint->message == NULL)
    {
      _muster_load_fail (l, node, "constraint “%s” has no <message>", constraint->item.id);
      return NULL;
    }
  if (constraint->kind == MUSTER_CONSTRAINT_FORBID && constraint->matches->len == 0)
    {
      _muster_load_fail (l, node, "forbid constraint “%s” needs at least one <match>",
                         constraint->item.id);
      return NULL;
    }
  if ((constraint->kind == MUSTER_CONSTRAINT_COUNT || constraint->kind == MUSTER_CONSTRAINT_SIZE) &&
      !constraint->has_min && !constraint->has_max)
    {
      _muster_load_fail (l, node, "constraint “%s” needs a min or a max", constraint->item.id);
      return NULL;
    }
  return g_steal_pointer (&constraint);
}
