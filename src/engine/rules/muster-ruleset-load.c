/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-engine-error.h"
#include "muster-ruleset-private.h"
#include "muster-xml.h"

/*
 * Reading the sections of a ruleset file into items. This checks what one element can tell
 * (attribute names and values, required children, duplicate ids); whether references between
 * items resolve is checked by _muster_ruleset_link(), after a house ruleset has been merged
 * onto its base. Every error names the file and line.
 */

typedef struct
{
  MusterRuleset  *ruleset;
  const char     *file;
  GError        **error;
} Loader;

#define ITEM_ATTRIBUTES "id", "name", "house", "source"

static gboolean G_GNUC_PRINTF (3, 4)
fail (Loader        *l,
      const xmlNode *node,
      const char    *format,
      ...)
{
  va_list args;

  va_start (args, format);
  muster_engine_set_error_va (l->error, MUSTER_ENGINE_ERROR_INVALID_RULESET, l->file, xmlGetLineNo (node), format, args);
  va_end (args);
  return FALSE;
}

/* Element children, skipping text, comments and the <note> every item may have. */
static xmlNode *
next_element (xmlNode *node)
{
  for (; node != NULL; node = node->next)
    if (node->type == XML_ELEMENT_NODE && !muster_xml_is_element (node, "note"))
      return node;
  return NULL;
}

#define for_each_element(child, parent) \
  for (xmlNode *child = next_element ((parent)->children); child; \
       child = next_element (child->next))

static gboolean
unexpected_element (Loader  *l,
                    xmlNode *child,
                    xmlNode *parent)
{
  return fail (l, child, "<%s> cannot contain <%s>", (const char *) parent->name,
               (const char *) child->name);
}

static gboolean
check_attributes (Loader            *l,
                  xmlNode           *node,
                  const char *const *allowed)
{
  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    if (!g_strv_contains (allowed, (const char *) attr->name))
      return fail (l, node, "<%s> has no attribute “%s”", (const char *) node->name,
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

static gboolean
get_id (Loader      *l,
        xmlNode     *node,
        const char  *attr,
        gboolean     required,
        char       **out)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);

  if (text == NULL && !required)
    return TRUE;
  if (text == NULL)
    return fail (l, node, "<%s> needs a %s attribute", (const char *) node->name, attr);
  if (!is_id (text))
    return fail (l, node, "%s “%s” of <%s> must be lower-case letters, digits and dashes",
                 attr, text, (const char *) node->name);
  *out = g_steal_pointer (&text);
  return TRUE;
}

static gboolean
get_ids (Loader   *l,
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
        return fail (l, node, "“%s” in %s of <%s> is not an id", parts[i], attr,
                     (const char *) node->name);
      g_ptr_array_add (ids, g_strdup (parts[i]));
    }
  if (ids->len == 0)
    return TRUE;
  g_ptr_array_add (ids, NULL);
  *out = (char **) g_ptr_array_free (g_steal_pointer (&ids), FALSE);
  return TRUE;
}

static gboolean
parse_number (const char *text,
              double     *value)
{
  char *end = NULL;

  if (text == NULL || *text == '\0' || g_ascii_isspace (*text))
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != NULL && *end == '\0' && isfinite (*value);
}

static gboolean
get_number (Loader     *l,
            xmlNode    *node,
            const char *attr,
            gboolean   *has,
            double     *out)
{
  g_autofree char *text = muster_xml_get_prop (node, attr);

  if (text == NULL)
    return TRUE;
  if (!parse_number (text, out))
    return fail (l, node, "attribute %s of <%s> is “%s”, not a number", attr,
                 (const char *) node->name, text);
  if (has != NULL)
    *has = TRUE;
  return TRUE;
}

static gboolean
get_count (Loader     *l,
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
    return fail (l, node, "attribute %s of <%s> is “%s”, not a whole number of at least %u",
                 attr, (const char *) node->name, text, min);
  *out = (guint) value;
  if (has != NULL)
    *has = TRUE;
  return TRUE;
}

static gboolean
get_bool (Loader     *l,
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
    return fail (l, node, "attribute %s of <%s> is “%s”; expected true or false", attr,
                 (const char *) node->name, text);
  return TRUE;
}

/* Leaves *out alone when the attribute is absent, so callers preset the default. */
static gboolean
get_enum (Loader            *l,
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
  return fail (l, node, "attribute %s of <%s> is “%s”; expected one of %s", attr,
               (const char *) node->name, text, expected);
}

static gboolean
parse_item (Loader     *l,
            xmlNode    *node,
            MusterItem *item)
{
  xmlNode *note;

  item->file = l->file;
  item->line = xmlGetLineNo (node);
  if (!get_id (l, node, "id", TRUE, &item->id) ||
      !get_bool (l, node, "house", &item->house))
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

static void
plain_item_free (gpointer data)
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

static gboolean
parse_when (Loader     *l,
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
        return fail (l, node, "condition “%s” is not KEY=VALUE or KEY!=VALUE", token);

      term = g_new0 (MusterConditionTerm, 1);
      g_ptr_array_add (terms, term);
      term->negate = eq[-1] == '!';
      term->key = g_strndup (token, (eq - token) - (term->negate ? 1 : 0));
      term->values = g_strsplit (eq + 1, "|", -1);
      if (!is_id (term->key))
        return fail (l, node, "condition “%s” names no variant or option group", token);
      for (guint j = 0; term->values[j]; j++)
        if (!is_id (term->values[j]))
          return fail (l, node, "condition “%s”: “%s” is not an id", token, term->values[j]);
    }

  if (terms->len == 0)
    return fail (l, node, "the when attribute of <%s> is empty", (const char *) node->name);
  *out = g_steal_pointer (&terms);
  return TRUE;
}

/* Costs and effects */

static void
cost_term_free (gpointer data)
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterCostTerm, cost_term_free)

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
  if (!check_attributes (l, node, attributes) ||
      !get_id (l, node, "input", FALSE, &term->input) ||
      !get_enum (l, node, "per", per_names, &per) ||
      !get_number (l, node, "value", &term->has_value, &term->value) ||
      !get_id (l, node, "table", FALSE, &term->table) ||
      !get_id (l, node, "row", FALSE, &term->row) ||
      !get_id (l, node, "row-from", FALSE, &term->row_from) ||
      !get_id (l, node, "column", FALSE, &term->column) ||
      !get_id (l, node, "column-from", FALSE, &term->column_from) ||
      !parse_when (l, node, &term->when) ||
      !get_bool (l, node, "house", &term->house))
    return NULL;

  term->per = per;
  term->label = muster_xml_get_prop (node, "label");
  term->source = muster_xml_get_prop (node, "source");
  if (term->input == NULL)
    term->input = g_strdup ("points");

  if (term->has_value == (term->table != NULL))
    {
      fail (l, node, "<cost> needs either a value or a table, not both");
      return NULL;
    }
  if (term->table != NULL &&
      ((term->row == NULL) == (term->row_from == NULL) ||
       (term->column == NULL) == (term->column_from == NULL)))
    {
      fail (l, node, "<cost table=\"%s\"> needs one of row and row-from and one of column "
            "and column-from", term->table);
      return NULL;
    }
  if (term->table == NULL && (term->row || term->row_from || term->column || term->column_from))
    {
      fail (l, node, "<cost> has a row or column but no table");
      return NULL;
    }

  return g_steal_pointer (&term);
}

static void
effect_free (gpointer data)
{
  MusterEffect *effect = data;

  g_free (effect->stat);
  g_free (effect->value);
  g_clear_pointer (&effect->when, g_ptr_array_unref);
  g_free (effect->source);
  g_free (effect);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterEffect, effect_free)

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
  if (!check_attributes (l, node, attributes) ||
      !get_id (l, node, "stat", TRUE, &effect->stat) ||
      !get_enum (l, node, "op", op_names, &op) ||
      !parse_when (l, node, &effect->when) ||
      !get_bool (l, node, "house", &effect->house))
    return NULL;

  effect->op = op;
  effect->source = muster_xml_get_prop (node, "source");
  if ((effect->value = muster_xml_get_prop (node, "value")) == NULL)
    {
      fail (l, node, "<effect> needs a value");
      return NULL;
    }
  effect->is_number = parse_number (effect->value, &effect->number);
  if (op != MUSTER_EFFECT_SET && !effect->is_number)
    {
      fail (l, node, "<effect op=\"%s\"> needs a number, not “%s”", op_names[op], effect->value);
      return NULL;
    }
  return g_steal_pointer (&effect);
}

/* Parses the <cost> and <effect> children of @node into @costs and @effects; any other
 * element is an error unless @other handles it. */
static gboolean
parse_costs_and_effects (Loader     *l,
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
          return unexpected_element (l, child, node);
        }
    }
  return TRUE;
}

/* Variants */

static void
variant_free (gpointer data)
{
  MusterVariant *variant = data;

  _muster_item_clear (&variant->item);
  g_free (variant->default_value);
  g_ptr_array_unref (variant->choices);
  g_free (variant);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterVariant, variant_free)

static gpointer
parse_variant (Loader  *l,
               xmlNode *node)
{
  static const char * const attributes[] = {
    ITEM_ATTRIBUTES, "kind", "default", "min", "max", NULL
  };
  static const char * const choice_attributes[] = { ITEM_ATTRIBUTES, NULL };
  static const char * const variant_kinds[] = { "choice", "number", NULL };
  g_autoptr(MusterVariant) variant = g_new0 (MusterVariant, 1);
  int kind = MUSTER_VARIANT_CHOICE;

  variant->choices = g_ptr_array_new_with_free_func (plain_item_free);
  if (!check_attributes (l, node, attributes) ||
      !parse_item (l, node, &variant->item) ||
      !get_enum (l, node, "kind", variant_kinds, &kind) ||
      !get_number (l, node, "min", &variant->has_min, &variant->min) ||
      !get_number (l, node, "max", &variant->has_max, &variant->max))
    return NULL;
  variant->kind = kind;
  variant->default_value = muster_xml_get_prop (node, "default");

  for_each_element (child, node)
    {
      MusterItem *choice;

      if (!muster_xml_is_element (child, "choice"))
        {
          unexpected_element (l, child, node);
          return NULL;
        }
      choice = g_new0 (MusterItem, 1);
      g_ptr_array_add (variant->choices, choice);
      if (!check_attributes (l, child, choice_attributes) || !parse_item (l, child, choice))
        return NULL;
    }

  if (variant->default_value == NULL && variant->choices->len > 0)
    variant->default_value = g_strdup (((MusterItem *) variant->choices->pdata[0])->id);

  return g_steal_pointer (&variant);
}

/* Tables */

static void
cell_clear (gpointer data)
{
  MusterCell *cell = data;

  g_clear_pointer (&cell->text, g_free);
}

static void
table_row_free (gpointer data)
{
  MusterTableRow *row = data;

  _muster_item_clear (&row->item);
  g_array_unref (row->cells);
  g_free (row);
}

MusterTable *
_muster_table_new (void)
{
  MusterTable *table = g_new0 (MusterTable, 1);

  table->column_index = g_hash_table_new (g_str_hash, g_str_equal);
  table->row_index = g_hash_table_new (g_str_hash, g_str_equal);
  return table;
}

void
_muster_table_free (gpointer data)
{
  MusterTable *table = data;

  _muster_item_clear (&table->item);
  g_clear_pointer (&table->columns, g_ptr_array_unref);
  g_clear_pointer (&table->rows, g_ptr_array_unref);
  g_hash_table_unref (table->column_index);
  g_hash_table_unref (table->row_index);
  g_free (table);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterTable, _muster_table_free)

static void
add_cell (GArray     *cells,
          const char *text)
{
  MusterCell cell = { 0 };

  if (!g_str_equal (text, "-"))
    {
      cell.text = g_strdup (text);
      cell.is_number = parse_number (text, &cell.number);
    }
  g_array_append_val (cells, cell);
}

static gboolean
parse_row (Loader         *l,
           xmlNode        *node,
           MusterTableRow *row)
{
  static const char * const attributes[] = { ITEM_ATTRIBUTES, NULL };
  gboolean has_cells = FALSE;

  if (!check_attributes (l, node, attributes) || !parse_item (l, node, &row->item))
    return FALSE;

  for_each_element (child, node)
    {
      g_autofree char *text = NULL;

      if (!muster_xml_is_element (child, "cell"))
        return unexpected_element (l, child, node);
      text = muster_xml_get_text (child);
      add_cell (row->cells, text);
      has_cells = TRUE;
    }

  if (!has_cells)
    {
      g_autofree char *text = muster_xml_get_text (node);
      g_auto(GStrv) tokens = g_strsplit_set (text, " \t\r\n", -1);

      for (guint i = 0; tokens[i]; i++)
        if (*tokens[i] != '\0')
          add_cell (row->cells, tokens[i]);
    }

  if (row->cells->len == 0)
    return fail (l, node, "row “%s” has no cells", row->item.id);
  return TRUE;
}

static gpointer
parse_table (Loader  *l,
             xmlNode *node)
{
  static const char * const attributes[] = { ITEM_ATTRIBUTES, NULL };
  g_autoptr(MusterTable) table = _muster_table_new ();

  table->columns = g_ptr_array_new_with_free_func (plain_item_free);
  table->rows = g_ptr_array_new_with_free_func (table_row_free);
  if (!check_attributes (l, node, attributes) || !parse_item (l, node, &table->item))
    return NULL;

  for_each_element (child, node)
    {
      if (muster_xml_is_element (child, "column"))
        {
          MusterItem *column = g_new0 (MusterItem, 1);

          g_ptr_array_add (table->columns, column);
          if (!check_attributes (l, child, attributes) || !parse_item (l, child, column))
            return NULL;
          if (g_hash_table_contains (table->column_index, column->id))
            {
              fail (l, child, "table “%s” has two columns “%s”", table->item.id, column->id);
              return NULL;
            }
          g_hash_table_insert (table->column_index, column->id,
                               GUINT_TO_POINTER (table->columns->len));
        }
      else if (muster_xml_is_element (child, "row"))
        {
          MusterTableRow *row = g_new0 (MusterTableRow, 1);

          row->cells = g_array_new (FALSE, TRUE, sizeof (MusterCell));
          g_array_set_clear_func (row->cells, cell_clear);
          g_ptr_array_add (table->rows, row);
          if (!parse_row (l, child, row))
            return NULL;
          if (g_hash_table_contains (table->row_index, row->item.id))
            {
              fail (l, child, "table “%s” has two rows “%s”", table->item.id, row->item.id);
              return NULL;
            }
          g_hash_table_insert (table->row_index, row->item.id, row);
        }
      else
        {
          unexpected_element (l, child, node);
          return NULL;
        }
    }

  return g_steal_pointer (&table);
}

/* Stats, categories, special rules */

static void
stat_free (gpointer data)
{
  MusterStat *stat = data;

  _muster_item_clear (&stat->item);
  g_free (stat->abbreviation);
  g_free (stat->unit);
  g_free (stat);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterStat, stat_free)

static gpointer
parse_stat (Loader  *l,
            xmlNode *node)
{
  static const char * const attributes[] = {
    ITEM_ATTRIBUTES, "abbreviation", "type", "unit", "min", "max", NULL
  };
  static const char * const types[] = { "number", "die", "flag", "text", NULL };
  g_autoptr(MusterStat) stat = g_new0 (MusterStat, 1);
  int type = MUSTER_STAT_NUMBER;

  if (!check_attributes (l, node, attributes) ||
      !parse_item (l, node, &stat->item) ||
      !get_enum (l, node, "type", types, &type) ||
      !get_number (l, node, "min", &stat->has_min, &stat->min) ||
      !get_number (l, node, "max", &stat->has_max, &stat->max))
    return NULL;
  stat->type = type;
  stat->abbreviation = muster_xml_get_prop (node, "abbreviation");
  stat->unit = muster_xml_get_prop (node, "unit");
  if (stat->type == MUSTER_STAT_FLAG)
    {
      stat->has_min = stat->has_max = TRUE;
      stat->min = 0;
      stat->max = 1;
    }
  return g_steal_pointer (&stat);
}

static gpointer
parse_plain_item (Loader  *l,
                  xmlNode *node)
{
  static const char * const attributes[] = { ITEM_ATTRIBUTES, NULL };
  MusterItem *item = g_new0 (MusterItem, 1);

  if (!check_attributes (l, node, attributes) || !parse_item (l, node, item))
    {
      plain_item_free (item);
      return NULL;
    }
  for_each_element (child, node)
    {
      unexpected_element (l, child, node);
      plain_item_free (item);
      return NULL;
    }
  return item;
}

/* Terrain types and procedures: specified later; an id and a name, anything else allowed. */
static gpointer
parse_loose_item (Loader  *l,
                  xmlNode *node)
{
  MusterItem *item = g_new0 (MusterItem, 1);

  if (!parse_item (l, node, item))
    {
      plain_item_free (item);
      return NULL;
    }
  return item;
}

static void
special_rule_free (gpointer data)
{
  MusterSpecialRule *rule = data;

  _muster_item_clear (&rule->item);
  g_free (rule->description);
  g_ptr_array_unref (rule->effects);
  g_free (rule);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterSpecialRule, special_rule_free)

static gboolean
parse_description (Loader  *l,
                   xmlNode *node,
                   gpointer data)
{
  MusterSpecialRule *rule = data;

  if (!muster_xml_is_element (node, "description"))
    return FALSE;
  g_free (rule->description);
  rule->description = muster_xml_get_prose (node);
  return TRUE;
}

static gpointer
parse_special_rule (Loader  *l,
                    xmlNode *node)
{
  static const char * const attributes[] = { ITEM_ATTRIBUTES, NULL };
  g_autoptr(MusterSpecialRule) rule = g_new0 (MusterSpecialRule, 1);

  rule->effects = g_ptr_array_new_with_free_func (effect_free);
  if (!check_attributes (l, node, attributes) ||
      !parse_item (l, node, &rule->item) ||
      !parse_costs_and_effects (l, node, NULL, rule->effects, parse_description, rule))
    return NULL;
  return g_steal_pointer (&rule);
}

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
  option->costs = g_ptr_array_new_with_free_func (cost_term_free);
  option->effects = g_ptr_array_new_with_free_func (effect_free);
  if (!check_attributes (l, node, attributes) ||
      !parse_item (l, node, &option->item) ||
      !get_count (l, node, "max-count", 1, NULL, &option->max_count) ||
      !get_ids (l, node, "tags", &option->tags) ||
      !get_ids (l, node, "rules", &option->rules) ||
      !parse_costs_and_effects (l, node, option->costs, option->effects, NULL, NULL))
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

static gpointer
parse_option_group (Loader  *l,
                    xmlNode *node)
{
  static const char * const attributes[] = { ITEM_ATTRIBUTES, "min", "max", "default", NULL };
  g_autoptr(MusterOptionGroup) group = g_new0 (MusterOptionGroup, 1);

  group->options = g_ptr_array_new_with_free_func (option_free);
  if (!check_attributes (l, node, attributes) ||
      !parse_item (l, node, &group->item) ||
      !get_count (l, node, "min", 0, &group->has_min, &group->min) ||
      !get_count (l, node, "max", 0, &group->has_max, &group->max) ||
      !get_id (l, node, "default", FALSE, &group->default_option))
    return NULL;

  for_each_element (child, node)
    {
      MusterOption *option;

      if (!muster_xml_is_element (child, "option"))
        {
          unexpected_element (l, child, node);
          return NULL;
        }
      if (!(option = parse_option (l, child, group->item.id)))
        return NULL;
      g_ptr_array_add (group->options, option);
      for (guint i = 0; i + 1 < group->options->len; i++)
        if (g_str_equal (((MusterOption *) group->options->pdata[i])->item.id, option->item.id))
          {
            fail (l, child, "option group “%s” has two options “%s”", group->item.id,
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

static void
unit_type_free (gpointer data)
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterUnitType, unit_type_free)

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
  if (!check_attributes (l, node, attributes) ||
      !get_id (l, node, "stat", TRUE, &base->stat) ||
      !get_bool (l, node, "house", &base->house))
    return FALSE;
  base->source = muster_xml_get_prop (node, "source");
  if ((base->value = muster_xml_get_prop (node, "value")) == NULL)
    return fail (l, node, "<base stat=\"%s\"> needs a value", base->stat);
  base->is_number = parse_number (base->value, &base->number);
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
  if (!check_attributes (l, node, attributes) ||
      !get_id (l, node, "group", TRUE, &allow->group) ||
      !get_count (l, node, "min", 0, &allow->has_min, &allow->min) ||
      !get_count (l, node, "max", 0, &allow->has_max, &allow->max) ||
      !get_id (l, node, "default", FALSE, &allow->default_option) ||
      !get_ids (l, node, "only", &allow->only))
    return FALSE;

  for (guint i = 0; i + 1 < type->allows->len; i++)
    if (g_str_equal (((MusterAllow *) type->allows->pdata[i])->group, allow->group))
      return fail (l, node, "unit type “%s” allows option group “%s” twice", type->item.id,
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

static gpointer
parse_unit_type (Loader  *l,
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
  type->costs = g_ptr_array_new_with_free_func (cost_term_free);
  type->allows = g_ptr_array_new_with_free_func (allow_free);
  if (!check_attributes (l, node, attributes) ||
      !parse_item (l, node, &type->item) ||
      !get_id (l, node, "category", TRUE, &type->category) ||
      !get_enum (l, node, "size-unit", size_units, &size_unit) ||
      !get_count (l, node, "default-size", 1, NULL, &type->default_size) ||
      !get_count (l, node, "min-size", 0, &type->has_min_size, &type->min_size) ||
      !get_count (l, node, "max-size", 0, &type->has_max_size, &type->max_size) ||
      !get_ids (l, node, "tags", &type->tags) ||
      !get_ids (l, node, "rules", &type->rules))
    return NULL;
  type->size_unit = g_strdup (size_units[size_unit]);

  /* A failing child handler has set the error already; parse_costs_and_effects keeps it. */
  if (!parse_costs_and_effects (l, node, type->costs, NULL, parse_unit_type_child, type))
    return NULL;
  return g_steal_pointer (&type);
}

/* Organisation */

static void
level_free (gpointer data)
{
  MusterLevel *level = data;

  _muster_item_clear (&level->item);
  g_strfreev (level->children);
  g_free (level);
}

static gpointer
parse_level (Loader  *l,
             xmlNode *node)
{
  static const char * const attributes[] = { ITEM_ATTRIBUTES, "root", "children", "units", NULL };
  MusterLevel *level = g_new0 (MusterLevel, 1);

  level->units = TRUE;
  if (!check_attributes (l, node, attributes) ||
      !parse_item (l, node, &level->item) ||
      !get_bool (l, node, "root", &level->root) ||
      !get_bool (l, node, "units", &level->units) ||
      !get_ids (l, node, "children", &level->children))
    {
      level_free (level);
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
  return check_attributes (l, node, attributes) &&
         get_ids (l, node, "type", &match->type) &&
         get_ids (l, node, "category", &match->category) &&
         get_ids (l, node, "tag", &match->tag) &&
         get_ids (l, node, "option", &match->option) &&
         get_ids (l, node, "level", &match->level) &&
         get_ids (l, node, "not-type", &match->not_type) &&
         get_ids (l, node, "not-category", &match->not_category) &&
         get_ids (l, node, "not-tag", &match->not_tag) &&
         get_ids (l, node, "not-option", &match->not_option);
}

static void
constraint_free (gpointer data)
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterConstraint, constraint_free)

static gpointer
parse_constraint (Loader  *l,
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
  if (!check_attributes (l, node, attributes) ||
      !parse_item (l, node, &constraint->item) ||
      !get_enum (l, node, "kind", constraint_kinds, &kind) ||
      !get_enum (l, node, "severity", severities, &severity) ||
      !get_id (l, node, "scope", FALSE, &constraint->scope) ||
      !get_enum (l, node, "count", measures, &measure) ||
      !get_number (l, node, "min", &constraint->has_min, &constraint->min) ||
      !get_number (l, node, "max", &constraint->has_max, &constraint->max) ||
      !get_bool (l, node, "percent", &constraint->percent) ||
      !get_count (l, node, "per-points", 1, NULL, &constraint->per_points) ||
      !get_enum (l, node, "scaling", scalings, &scaling) ||
      !get_id (l, node, "scaling-variant", FALSE, &constraint->scaling_variant) ||
      !parse_when (l, node, &constraint->when))
    return NULL;

  if (kind < 0)
    {
      fail (l, node, "constraint “%s” needs a kind", constraint->item.id);
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
          unexpected_element (l, child, node);
          return NULL;
        }
    }

  if (constraint->message == NULL)
    {
      fail (l, node, "constraint “%s” has no <message>", constraint->item.id);
      return NULL;
    }
  if (constraint->kind == MUSTER_CONSTRAINT_FORBID && constraint->matches->len == 0)
    {
      fail (l, node, "forbid constraint “%s” needs at least one <match>", constraint->item.id);
      return NULL;
    }
  if ((constraint->kind == MUSTER_CONSTRAINT_COUNT || constraint->kind == MUSTER_CONSTRAINT_SIZE) &&
      !constraint->has_min && !constraint->has_max)
    {
      fail (l, node, "constraint “%s” needs a min or a max", constraint->item.id);
      return NULL;
    }
  return g_steal_pointer (&constraint);
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
  [MUSTER_ITEM_VARIANT] = { "variants", "variant", "variant", parse_variant, variant_free },
  [MUSTER_ITEM_TABLE] = { "tables", "table", "table", parse_table, _muster_table_free },
  [MUSTER_ITEM_STAT] = { "stats", "stat", "stat", parse_stat, stat_free },
  [MUSTER_ITEM_CATEGORY] = { "categories", "category", "category", parse_plain_item,
                             plain_item_free },
  [MUSTER_ITEM_SPECIAL_RULE] = { "special-rules", "special-rule", "special rule",
                                 parse_special_rule, special_rule_free },
  [MUSTER_ITEM_OPTION_GROUP] = { "option-groups", "option-group", "option group",
                                 parse_option_group, _muster_option_group_free },
  [MUSTER_ITEM_UNIT_TYPE] = { "unit-types", "unit-type", "unit type", parse_unit_type,
                              unit_type_free },
  [MUSTER_ITEM_LEVEL] = { "organisation", "level", "level", parse_level, level_free },
  [MUSTER_ITEM_CONSTRAINT] = { "constraints", "constraint", "constraint", parse_constraint,
                               constraint_free },
  [MUSTER_ITEM_TERRAIN] = { "terrain-types", "terrain", "terrain type", parse_loose_item,
                            plain_item_free },
  [MUSTER_ITEM_PROCEDURE] = { "procedures", "procedure", "procedure", parse_loose_item,
                              plain_item_free },
  [MUSTER_ITEM_SCALE] = { "scales", "scale", "scale", parse_loose_item, plain_item_free },
};

MusterRuleset *
_muster_ruleset_alloc (gboolean owns_items)
{
  MusterRuleset *self = g_new0 (MusterRuleset, 1);

  g_ref_count_init (&self->ref_count);
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
    return fail (l, node, "<%s> has no attributes", (const char *) node->name);

  for_each_element (child, node)
    {
      MusterItem *item, *old;

      if (!muster_xml_is_element (child, kinds[kind].element))
        return unexpected_element (l, child, node);
      if (!(item = kinds[kind].parse (l, child)))
        return FALSE;
      if ((old = g_hash_table_lookup (list->by_id, item->id)) != NULL)
        {
          fail (l, child, "%s “%s” is defined twice (first on line %d)", kinds[kind].what,
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

  if (!check_attributes (l, node, attributes) ||
      !get_id (l, node, "id", FALSE, &costing->id) ||
      !get_bool (l, node, "limit", &costing->limit) ||
      !get_enum (l, node, "rounding", roundings, &rounding))
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
  for (xmlNode *child = next_element (root->children); child; child = next_element (child->next))
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
        return unexpected_element (&l, child, root);
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
