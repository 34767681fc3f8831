/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-ruleset"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-ruleset-load-private.h"
#include "muster-xml.h"

/*
 * Reading the items of the sections that hold plain data: variants, tables, stats, categories
 * and special rules, and the terrain types, procedures and scales that are specified later.
 */

/* Variants */

void
_muster_variant_free (gpointer data)
{
  MusterVariant *variant = data;

  _muster_item_clear (&variant->item);
  g_free (variant->default_value);
  g_ptr_array_unref (variant->choices);
  g_free (variant);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterVariant, _muster_variant_free)

gpointer
_muster_load_variant (Loader  *l,
                      xmlNode *node)
{
  static const char * const attributes[] = {
    ITEM_ATTRIBUTES, "kind", "default", "min", "max", NULL
  };
  static const char * const choice_attributes[] = { ITEM_ATTRIBUTES, NULL };
  static const char * const variant_kinds[] = { "choice", "number", NULL };
  g_autoptr(MusterVariant) variant = g_new0 (MusterVariant, 1);
  int kind = MUSTER_VARIANT_CHOICE;

  variant->choices = g_ptr_array_new_with_free_func (_muster_plain_item_free);
  if (!_muster_load_item (l, node, attributes, &variant->item) ||
      !_muster_load_get_enum (l, node, "kind", variant_kinds, &kind) ||
      !_muster_load_get_number (l, node, "min", &variant->has_min, &variant->min) ||
      !_muster_load_get_number (l, node, "max", &variant->has_max, &variant->max))
    return NULL;
  variant->kind = kind;
  variant->default_value = muster_xml_get_prop (node, "default");

  for_each_element (child, node)
    {
      MusterItem *choice;

      if (!muster_xml_is_element (child, "choice"))
        {
          _muster_load_unexpected (l, child, node);
          return NULL;
        }
      choice = g_new0 (MusterItem, 1);
      g_ptr_array_add (variant->choices, choice);
      if (!_muster_load_item (l, child, choice_attributes, choice))
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
      cell.is_number = _muster_load_parse_number (text, &cell.number);
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

  if (!_muster_load_item (l, node, attributes, &row->item))
    return FALSE;

  for_each_element (child, node)
    {
      g_autofree char *text = NULL;

      if (!muster_xml_is_element (child, "cell"))
        return _muster_load_unexpected (l, child, node);
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
    return _muster_load_fail (l, node, N_("row “%s” has no cells"), row->item.id);
  return TRUE;
}

gpointer
_muster_load_table (Loader  *l,
                    xmlNode *node)
{
  static const char * const attributes[] = { ITEM_ATTRIBUTES, NULL };
  g_autoptr(MusterTable) table = _muster_table_new ();

  table->columns = g_ptr_array_new_with_free_func (_muster_plain_item_free);
  table->rows = g_ptr_array_new_with_free_func (table_row_free);
  if (!_muster_load_item (l, node, attributes, &table->item))
    return NULL;

  for_each_element (child, node)
    {
      if (muster_xml_is_element (child, "column"))
        {
          MusterItem *column = g_new0 (MusterItem, 1);

          g_ptr_array_add (table->columns, column);
          if (!_muster_load_item (l, child, attributes, column))
            return NULL;
          if (g_hash_table_contains (table->column_index, column->id))
            {
              /* N_(): muster_xml_fail() translates its format */
              _muster_load_fail (l, child, N_("table “%s” has two columns “%s”"),
                                 table->item.id, column->id);
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
              _muster_load_fail (l, child, N_("table “%s” has two rows “%s”"), table->item.id,
                                 row->item.id);
              return NULL;
            }
          g_hash_table_insert (table->row_index, row->item.id, row);
        }
      else
        {
          _muster_load_unexpected (l, child, node);
          return NULL;
        }
    }

  return g_steal_pointer (&table);
}

/* Stats, categories, special rules */

void
_muster_stat_free (gpointer data)
{
  MusterStat *stat = data;

  _muster_item_clear (&stat->item);
  g_free (stat->abbreviation);
  g_free (stat->unit);
  g_free (stat);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterStat, _muster_stat_free)

gpointer
_muster_load_stat (Loader  *l,
                   xmlNode *node)
{
  static const char * const attributes[] = {
    ITEM_ATTRIBUTES, "abbreviation", "type", "unit", "min", "max", NULL
  };
  static const char * const types[] = { "number", "die", "flag", "text", NULL };
  g_autoptr(MusterStat) stat = g_new0 (MusterStat, 1);
  int type = MUSTER_STAT_NUMBER;

  if (!_muster_load_item (l, node, attributes, &stat->item) ||
      !_muster_load_get_enum (l, node, "type", types, &type) ||
      !_muster_load_get_number (l, node, "min", &stat->has_min, &stat->min) ||
      !_muster_load_get_number (l, node, "max", &stat->has_max, &stat->max))
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

gpointer
_muster_load_plain_item (Loader  *l,
                         xmlNode *node)
{
  static const char * const attributes[] = { ITEM_ATTRIBUTES, NULL };
  MusterItem *item = g_new0 (MusterItem, 1);

  if (!_muster_load_item (l, node, attributes, item))
    {
      _muster_plain_item_free (item);
      return NULL;
    }
  for_each_element (child, node)
    {
      _muster_load_unexpected (l, child, node);
      _muster_plain_item_free (item);
      return NULL;
    }
  return item;
}

/* Terrain types and procedures: specified later; an id and a name, anything else allowed. */
gpointer
_muster_load_loose_item (Loader  *l,
                         xmlNode *node)
{
  MusterItem *item = g_new0 (MusterItem, 1);

  if (!_muster_load_item (l, node, NULL, item))
    {
      _muster_plain_item_free (item);
      return NULL;
    }
  return item;
}

void
_muster_special_rule_free (gpointer data)
{
  MusterSpecialRule *rule = data;

  _muster_item_clear (&rule->item);
  g_free (rule->description);
  g_ptr_array_unref (rule->effects);
  g_free (rule);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterSpecialRule, _muster_special_rule_free)

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

gpointer
_muster_load_special_rule (Loader  *l,
                           xmlNode *node)
{
  static const char * const attributes[] = { ITEM_ATTRIBUTES, NULL };
  g_autoptr(MusterSpecialRule) rule = g_new0 (MusterSpecialRule, 1);

  rule->effects = g_ptr_array_new_with_free_func (_muster_effect_free);
  if (!_muster_load_item (l, node, attributes, &rule->item) ||
      !_muster_load_costs_and_effects (l, node, NULL, rule->effects, parse_description, rule))
    return NULL;
  return g_steal_pointer (&rule);
}
