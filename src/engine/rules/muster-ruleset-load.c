/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "muster-ruleset-load-private.h"
#include "muster-xml.h"

/*
 * Reading the sections of a ruleset file into items. This checks what one element can tell
 * (attribute names and values, required children, duplicate ids); whether references between
 * items resolve is checked by _muster_ruleset_link(), after a house ruleset has been merged
 * onto its base. Every error names the file and line.
 *
 * This file holds what every section uses (attributes, ids, numbers, `when`, <cost> and
 * <effect>) and the sections themselves; the items of each section are read in
 * muster-ruleset-load-items.c (variants, tables, stats, categories, special rules, and the
 * loosely specified terrain types, procedures and scales) and muster-ruleset-load-army.c (option
 * groups, unit types, organisation, constraints).
 */

/* Element children, skipping text, comments and the <note> every item may have. */
xmlNode *
_muster_load_next_element (xmlNode *node)
{
  for (; node != NULL; node = node->next)
    if (node->type == XML_ELEMENT_NODE && !muster_xml_is_element (node, "note"))
      return node;
  return NULL;
}

gboolean
_muster_load_unexpected (Loader  *l,
                         xmlNode *child,
                         xmlNode *parent)
{
  return _muster_load_fail (l, child, "<%s> cannot contain <%s>", (const char *) parent->name,
                            (const char *) child->name);
}

gboolean
_muster_load_check_attributes (Loader            *l,
                               xmlNode           *node,
                               const char *const *allowed)
{
  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    if (!g_strv_contains (allowed, (const char *) attr->name))
      return _muster_load_fail (l, node, "<%s> has no attribute “%s”", (const char *) node->name,
                                (const char *) attr->name);
  return TRUE;
}

static gboolean
is_id (const char *text)
{
  if (text == NULL || !g_ascii_islower (*text))
    return FALSE;
  for (const char *p = text; *p; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

gboolean
_muster_load_get_id (Loader      *l,
                     xmlNode     *node,
                     const char  *attr,
                     gboolean     required,
                     char       **out)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);

  if (text == NULL && !required)
    return TRUE;
  if (text == NULL)
    return _muster_load_fail (l, node, "<%s> needs a %s attribute", (const char *) node->name,
                              attr);
  if (!is_id (text))
    return _muster_load_fail (l, node,
                              "%s “%s” of <%s> must be lower-case letters, digits and dashes",
                              attr, text, (const char *) node->name);
  *out = g_steal_pointer (&text);
  return TRUE;
}

gboolean
_muster_load_get_ids (Loader   *l,
                      xmlNode  *node,
                      const char *attr,
                      char   ***out)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);
  g_auto(GStrv) parts = NULL;
  g_autoptr(GPtrArray) ids = NULL;

  if (text == NULL)
    return TRUE;

  parts = g_strsplit_set (text, " \t\r\n", -1);
  ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; parts[i]; i++)
    {
      if (*parts[i] == '\0')
        continue;
      if (!is_id (parts[i]))
        return _muster_load_fail (l, node, "“%s” in %s of <%s> is not an id", parts[i], attr,
                                  (const char *) node->name);
      g_ptr_array_add (ids, g_strdup (parts[i]));
    }
  if (ids->len == 0)
    return TRUE;
  g_ptr_array_add (ids, NULL);
  *out = (char **) g_ptr_array_free (g_steal_pointer (&ids), FALSE);
  return TRUE;
}

gboolean
_muster_load_parse_number (const char *text,
                           double     *value)
{
  char *end = NULL;

  if (text == NULL || *text == '\0' || g_ascii_isspace (*text))
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != NULL && *end == '\0' && isfinite (*value);
}

gboolean
_muster_load_get_number (Loader     *l,
                         xmlNode    *node,
                         const char *attr,
                         gboolean   *has,
                         double     *out)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);

  if (text == NULL)
    return TRUE;
  if (!_muster_load_parse_number (text, out))
    return _muster_load_fail (l, node, "attribute %s of <%s> is “%s”, not a number", attr,
                              (const char *) node->name, text);
  if (has != NULL)
    *has = TRUE;
  return TRUE;
}

gboolean
_muster_load_get_count (Loader     *l,
                        xmlNode    *node,
                        const char *attr,
                        guint       min,
                        gboolean   *has,
                        guint      *out)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);
  guint64 value;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, min, G_MAXINT, &value, NULL))
    return _muster_load_fail (l, node,
                              "attribute %s of <%s> is “%s”, not a whole number of at least %u",
                              attr, (const char *) node->name, text, min);
  *out = (guint) value;
  if (has != NULL)
    *has = TRUE;
  return TRUE;
}

gboolean
_muster_load_get_bool (Loader     *l,
                       xmlNode    *node,
                       const char *attr,
                       gboolean   *out)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);

  if (text == NULL)
    return TRUE;
  if (g_str_equal (text, "true") || g_str_equal (text, "1"))
    *out = TRUE;
  else if (g_str_equal (text, "false") || g_str_equal (text, "0"))
    *out = FALSE;
  else
    return _muster_load_fail (l, node, "attribute %s of <%s> is “%s”; expected true or false", attr,
                              (const char *) node->name, text);
  return TRUE;
}

/* Leaves *out alone when the attribute is absent, so callers preset the default. */
gboolean
_muster_load_get_enum (Loader            *l,
                       xmlNode           *node,
                       const char        *attr,
                       const char *const *names,
                       int               *out)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);
  g_autofree char *expected = NULL;

  if (text == NULL)
    return TRUE;
  for (int i = 0; names[i]; i++)
    if (g_str_equal (names[i], text))
      {
        *out = i;
        return TRUE;
      }
  expected = g_strjoinv (", ", (char **) names);
  return _muster_load_fail (l, node, "attribute %s of <%s> is “%s”; expected one of %s", attr,
                            (const char *) node->name, text, expected);
}

/* Checks @node's attributes against @allowed (NULL: anything goes), then reads the id, name,
 * house flag, source and <note> every item has. */
gboolean
_muster_load_item (Loader            *l,
                   xmlNode           *node,
                   const char *const *allowed,
                   MusterItem        *item)
{
  xmlNode *note;

  if (allowed != NULL && !_muster_load_check_attributes (l, node, allowed))
    return FALSE;
  item->file = l->file;
  item->line = xmlGetLineNo (node);
  if (!_muster_load_get_id (l, node, "id", TRUE, &item->id) ||
      !_muster_load_get_bool (l, node, "house", &item->house))
    return FALSE;
  item->name = muster_xml_get_prop (node, "name");
  if (item->name == NULL)
    item->name = g_strdup (item->id);
  item->source = muster_xml_get_prop (node, "source");
  if ((note = muster_xml_first_child (node, "note")) != NULL)
    item->note = muster_xml_get_prose (note);
  return TRUE;
}

void
_muster_item_clear (MusterItem *item)
{
  g_clear_pointer (&item->id, g_free);
  g_clear_pointer (&item->name, g_free);
  g_clear_pointer (&item->source, g_free);
  g_clear_pointer (&item->note, g_free);
}

void
_muster_item_copy (MusterItem       *dest,
                   const MusterItem *src)
{
  dest->id = g_strdup (src->id);
  dest->name = g_strdup (src->name);
  dest->source = g_strdup (src->source);
  dest->note = g_strdup (src->note);
  dest->house = src->house;
  dest->file = src->file;
  dest->line = src->line;
}

void
_muster_plain_item_free (gpointer data)
{
  MusterItem *item = data;

  _muster_item_clear (item);
  g_free (item);
}

/* Conditions */

static void
term_free (gpointer data)
{
  MusterConditionTerm *term = data;

  g_free (term->key);
  g_strfreev (term->values);
  g_free (term);
}

gboolean
_muster_load_when (Loader     *l,
                   xmlNode    *node,
                   GPtrArray **out)
{
  g_autofree char *text = muster_xml_get_prop (node, "when");
  g_autoptr(GPtrArray) terms = NULL;
  g_auto(GStrv) tokens = NULL;

  if (text == NULL)
    return TRUE;

  tokens = g_strsplit_set (text, " \t\r\n", -1);
  terms = g_ptr_array_new_with_free_func (term_free);
  for (guint i = 0; tokens[i]; i++)
    {
      const char *token = tokens[i];
      const char *eq = strchr (token, '=');
      MusterConditionTerm *term;

      if (*token == '\0')
        continue;
      if (eq == NULL || eq == token || eq[1] == '\0')
        return _muster_load_fail (l, node, "condition “%s” is not KEY=VALUE or KEY!=VALUE", token);

      term = g_new0 (MusterConditionTerm, 1);
      g_ptr_array_add (terms, term);
      term->negate = eq[-1] == '!';
      term->key = g_strndup (token, (eq - token) - (term->negate ? 1 : 0));
      term->values = g_strsplit (eq + 1, "|", -1);
      if (!is_id (term->key))
        return _muster_load_fail (l, node, "condition “%s” names no variant or option group",
                                  token);
      for (guint j = 0; term->values[j]; j++)
        if (!is_id (term->values[j]))
          return _muster_load_fail (l, node, "condition “%s”: “%s” is not an id", token,
                                    term->values[j]);
    }

  if (terms->len == 0)
    return _muster_load_fail (l, node, "the when attribute of <%s> is empty",
                              (const char *) node->name);
  *out = g_steal_pointer (&terms);
  return TRUE;
}

/* Costs and effects */

void
_muster_cost_term_free (gpointer data)
{
  MusterCostTerm *term = data;

  g_free (term->input);
  g_free (term->label);
  g_free (term->table);
  g_free (term->row);
  g_free (term->row_from);
  g_free (term->column);
  g_free (term->column_from);
  g_clear_pointer (&term->when, g_ptr_array_unref);
  g_free (term->source);
  g_free (term);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterCostTerm, _muster_cost_term_free)

static MusterCostTerm *
parse_cost (Loader  *l,
            xmlNode *node)
{
  static const char * const attributes[] = {
    "input", "per", "label", "value", "table", "row", "row-from", "column", "column-from",
    "when", "house", "source", NULL
  };
  static const char * const per_names[] = { "each", "unit", NULL };
  g_autoptr(MusterCostTerm) term = g_new0 (MusterCostTerm, 1);
  int per = MUSTER_PER_EACH;

  term->file = l->file;
  term->line = xmlGetLineNo (node);
  if (!_muster_load_check_attributes (l, node, attributes) ||
      !_muster_load_get_id (l, node, "input", FALSE, &term->input) ||
      !_muster_load_get_enum (l, node, "per", per_names, &per) ||
      !_muster_load_get_number (l, node, "value", &term->has_value, &term->value) ||
      !_muster_load_get_id (l, node, "table", FALSE, &term->table) ||
      !_muster_load_get_id (l, node, "row", FALSE, &term->row) ||
      !_muster_load_get_id (l, node, "row-from", FALSE, &term->row_from) ||
      !_muster_load_get_id (l, node, "column", FALSE, &term->column) ||
      !_muster_load_get_id (l, node, "column-from", FALSE, &term->column_from) ||
      !_muster_load_when (l, node, &term->when) ||
      !_muster_load_get_bool (l, node, "house", &term->house))
    return NULL;

  term->per = per;
  term->label = muster_xml_get_prop (node, "label");
  term->source = muster_xml_get_prop (node, "source");
  if (term->input == NULL)
    term->input = g_strdup ("points");

  if (term->has_value == (term->table != NULL))
    {
      _muster_load_fail (l, node, N_("<cost> needs either a value or a table, not both"));
      return NULL;
    }
  if (term->table != NULL &&
      ((term->row == NULL) == (term->row_from == NULL) ||
       (term->column == NULL) == (term->column_from == NULL)))
    {
      /* N_(): muster_xml_fail() translates the formats of a table's errors */
      _muster_load_fail (l, node,
                         N_("<cost table=\"%s\"> needs one of row and row-from and one of "
                            "column and column-from"), term->table);
      return NULL;
    }
  if (term->table == NULL && (term->row || term->row_from || term->column || term->column_from))
    {
      _muster_load_fail (l, node, N_("<cost> has a row or column but no table"));
      return NULL;
    }

  return g_steal_pointer (&term);
}

void
_muster_effect_free (gpointer data)
{
  MusterEffect *effect = data;

  g_free (effect->stat);
  g_free (effect->value);
  g_clear_pointer (&effect->when, g_ptr_array_unref);
  g_free (effect->source);
  g_free (effect);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterEffect, _muster_effect_free)

static MusterEffect *
parse_effect (Loader  *l,
              xmlNode *node)
{
  static const char * const attributes[] = {
    "stat", "op", "value", "when", "house", "source", NULL
  };
  static const char * const op_names[] = { "set", "add", "min", "max", NULL };
  g_autoptr(MusterEffect) effect = g_new0 (MusterEffect, 1);
  int op = MUSTER_EFFECT_SET;

  effect->file = l->file;
  effect->line = xmlGetLineNo (node);
  if (!_muster_load_check_attributes (l, node, attributes) ||
      !_muster_load_get_id (l, node, "stat", TRUE, &effect->stat) ||
      !_muster_load_get_enum (l, node, "op", op_names, &op) ||
      !_muster_load_when (l, node, &effect->when) ||
      !_muster_load_get_bool (l, node, "house", &effect->house))
    return NULL;

  effect->op = op;
  effect->source = muster_xml_get_prop (node, "source");
  if ((effect->value = muster_xml_get_prop (node, "value")) == NULL)
    {
      _muster_load_fail (l, node, "<effect> needs a value");
      return NULL;
    }
  effect->is_number = _muster_load_parse_number (effect->value, &effect->number);
  if (op != MUSTER_EFFECT_SET && !effect->is_number)
    {
      _muster_load_fail (l, node, "<effect op=\"%s\"> needs a number, not “%s”", op_names[op],
                         effect->value);
      return NULL;
    }
  return g_steal_pointer (&effect);
}

/* Parses the <cost> and <effect> children of @node into @costs and @effects; any other
 * element is an error unless @other handles it. */
gboolean
_muster_load_costs_and_effects (Loader     *l,
                                xmlNode    *node,
                                GPtrArray  *costs,
                                GPtrArray  *effects,
                                gboolean  (*other) (Loader *, xmlNode *, gpointer),
                                gpointer    data)
{
  for_each_element (child, node)
    {
      gpointer item;

      if (costs != NULL && muster_xml_is_element (child, "cost"))
        {
          if (!(item = parse_cost (l, child)))
            return FALSE;
          g_ptr_array_add (costs, item);
        }
      else if (effects != NULL && muster_xml_is_element (child, "effect"))
        {
          if (!(item = parse_effect (l, child)))
            return FALSE;
          g_ptr_array_add (effects, item);
        }
      else if (other == NULL || !other (l, child, data))
        {
          if (l->error != NULL && *l->error != NULL)
            return FALSE;
          return _muster_load_unexpected (l, child, node);
        }
    }
  return TRUE;
}

/* Sections */

typedef gpointer (*ParseFunc) (Loader *l, xmlNode *node);

static const struct
{
  const char     *section;
  const char     *element;
  const char     *what;
  ParseFunc       parse;
  GDestroyNotify  free;
} kinds[MUSTER_N_ITEM_KINDS] = {
  [MUSTER_ITEM_VARIANT] = { "variants", "variant", "variant", _muster_load_variant,
                            _muster_variant_free },
  [MUSTER_ITEM_TABLE] = { "tables", "table", "table", _muster_load_table, _muster_table_free },
  [MUSTER_ITEM_STAT] = { "stats", "stat", "stat", _muster_load_stat, _muster_stat_free },
  [MUSTER_ITEM_CATEGORY] = { "categories", "category", "category", _muster_load_plain_item,
                             _muster_plain_item_free },
  [MUSTER_ITEM_SPECIAL_RULE] = { "special-rules", "special-rule", "special rule",
                                 _muster_load_special_rule, _muster_special_rule_free },
  [MUSTER_ITEM_OPTION_GROUP] = { "option-groups", "option-group", "option group",
                                 _muster_load_option_group, _muster_option_group_free },
  [MUSTER_ITEM_UNIT_TYPE] = { "unit-types", "unit-type", "unit type", _muster_load_unit_type,
                              _muster_unit_type_free },
  [MUSTER_ITEM_LEVEL] = { "organisation", "level", "level", _muster_load_level,
                          _muster_level_free },
  [MUSTER_ITEM_CONSTRAINT] = { "constraints", "constraint", "constraint", _muster_load_constraint,
                               _muster_constraint_free },
  [MUSTER_ITEM_TERRAIN] = { "terrain-types", "terrain", "terrain type", _muster_load_loose_item,
                            _muster_plain_item_free },
  [MUSTER_ITEM_PROCEDURE] = { "procedures", "procedure", "procedure", _muster_load_loose_item,
                              _muster_plain_item_free },
  [MUSTER_ITEM_SCALE] = { "scales", "scale", "scale", _muster_load_loose_item,
                          _muster_plain_item_free },
};

MusterRuleset *
_muster_ruleset_alloc (gboolean owns_items)
{
  MusterRuleset *self = g_new0 (MusterRuleset, 1);

  g_atomic_ref_count_init (&self->ref_count);
  for (guint k = 0; k < MUSTER_N_ITEM_KINDS; k++)
    {
      self->lists[k].items = g_ptr_array_new_with_free_func (owns_items ? kinds[k].free : NULL);
      self->lists[k].by_id = g_hash_table_new (g_str_hash, g_str_equal);
    }
  self->options = g_hash_table_new (g_str_hash, g_str_equal);
  self->parents = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_ruleset_unref);
  self->owned_groups = g_ptr_array_new_with_free_func (_muster_option_group_free);
  self->owned_tables = g_ptr_array_new_with_free_func (_muster_table_free);
  return self;
}

static gboolean
parse_section (Loader         *l,
               xmlNode        *node,
               MusterItemKind  kind)
{
  MusterItemList *list = &l->ruleset->lists[kind];

  if (node->properties != NULL)
    return _muster_load_fail (l, node, "<%s> has no attributes", (const char *) node->name);

  for_each_element (child, node)
    {
      MusterItem *item, *old;

      if (!muster_xml_is_element (child, kinds[kind].element))
        return _muster_load_unexpected (l, child, node);
      if (!(item = kinds[kind].parse (l, child)))
        return FALSE;
      if ((old = g_hash_table_lookup (list->by_id, item->id)) != NULL)
        {
          _muster_load_fail (l, child, "%s “%s” is defined twice (first on line %d)",
                             kinds[kind].what,
                             item->id, old->line);
          kinds[kind].free (item);
          return FALSE;
        }
      g_ptr_array_add (list->items, item);
      g_hash_table_insert (list->by_id, item->id, item);
    }
  return TRUE;
}

static gboolean
parse_costing (Loader  *l,
               xmlNode *node)
{
  static const char * const attributes[] = {
    "id", "name", "abbreviation", "abbreviation-one", "limit", "rounding", NULL
  };
  static const char * const roundings[] = { "nearest", "down", "up", NULL };
  MusterCosting *costing = &l->ruleset->costing;
  int rounding = MUSTER_COST_ROUNDING_NEAREST;

  if (!_muster_load_check_attributes (l, node, attributes) ||
      !_muster_load_get_id (l, node, "id", FALSE, &costing->id) ||
      !_muster_load_get_bool (l, node, "limit", &costing->limit) ||
      !_muster_load_get_enum (l, node, "rounding", roundings, &rounding))
    return FALSE;
  costing->rounding = rounding;
  costing->name = muster_xml_get_prop (node, "name");
  costing->abbreviation = muster_xml_get_prop (node, "abbreviation");
  costing->abbreviation_one = muster_xml_get_prop (node, "abbreviation-one");
  l->ruleset->has_costing = TRUE;
  return TRUE;
}

gboolean
_muster_ruleset_parse (MusterRuleset  *self,
                       xmlNode        *root,
                       GError        **error)
{
  Loader l = { self, self->display_name, error };
  MusterCosting *costing = &self->costing;

  costing->limit = TRUE;
  for (xmlNode *child = _muster_load_next_element (root->children); child;
       child = _muster_load_next_element (child->next))
    {
      guint k;

      if (muster_xml_is_element (child, "name") || muster_xml_is_element (child, "book") ||
          muster_xml_is_element (child, "summary") ||
          /* read by the battlefield generator, muster-generate.c */
          muster_xml_is_element (child, "generation") ||
          /* read with the terrain types for the map's range rings, muster-ranges.c */
          muster_xml_is_element (child, "ranges"))
        continue;
      if (muster_xml_is_element (child, "costing"))
        {
          if (!parse_costing (&l, child))
            return FALSE;
          continue;
        }
      for (k = 0; k < MUSTER_N_ITEM_KINDS; k++)
        if (muster_xml_is_element (child, kinds[k].section))
          break;
      if (k == MUSTER_N_ITEM_KINDS)
        return _muster_load_unexpected (&l, child, root);
      if (!parse_section (&l, child, k))
        return FALSE;
    }

  if (costing->id == NULL)
    costing->id = g_strdup ("points");
  if (costing->name == NULL)
    costing->name = g_strdup ("Points");
  if (costing->abbreviation == NULL)
    {
      costing->abbreviation = g_strdup ("pts");
      if (costing->abbreviation_one == NULL)
        costing->abbreviation_one = g_strdup ("pt");
    }
  return TRUE;
}
