/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-table"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-engine-error.h"
#include "muster-table.h"

/**
 * muster_table_read_number:
 * @ruleset: (nullable): the ruleset the procedure runs with
 * @number: (out): the number in @table, @row, @column
 *
 * Returns: whether @number was set
 */
gboolean
muster_table_read_number (const MusterRuleset  *ruleset,
                          const char           *table,
                          const char           *row,
                          const char           *column,
                          double               *number,
                          GError              **error)
{
  const MusterTable *t = muster_ruleset_require_table (ruleset, table, error);

  return t != NULL && muster_table_require_number (t, row, column, number, error);
}

/**
 * muster_table_read_int:
 * @value: (out): the whole number in @table, @row, @column
 *
 * A fraction is an error: the procedures count dice, faces and steps, and would otherwise
 * drop the fraction without a word.
 *
 * Returns: whether @value was set
 */
gboolean
muster_table_read_int (const MusterRuleset  *ruleset,
                       const char           *table,
                       const char           *row,
                       const char           *column,
                       int                  *value,
                       GError              **error)
{
  const MusterTable *t = muster_ruleset_require_table (ruleset, table, error);
  const MusterCell *cell = t ? muster_table_require_cell (t, row, column, error) : NULL;

  if (cell == NULL)
    return FALSE;
  if (!cell->is_number || cell->number != (int) cell->number)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("table “%s”, %s, %s is not a whole number"), table, row, column);
      return FALSE;
    }
  *value = (int) cell->number;
  return TRUE;
}

/**
 * muster_table_read_text:
 * @text: (out) (nullable): the text of the cell, a number's as written; %NULL for an empty
 *   cell ("-", e.g. no test required)
 *
 * Returns: whether @text was set
 */
gboolean
muster_table_read_text (const MusterRuleset  *ruleset,
                        const char           *table,
                        const char           *row,
                        const char           *column,
                        const char          **text,
                        GError              **error)
{
  const MusterTable *t = muster_ruleset_require_table (ruleset, table, error);
  const MusterCell *cell;

  if (t == NULL)
    return FALSE;
  cell = muster_table_lookup (t, row, column, NULL);
  if (cell == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("table “%s” has no cell “%s”, “%s”"), table, row, column);
      return FALSE;
    }
  *text = cell->text;
  return TRUE;
}

/**
 * muster_table_add_int:
 * @times: how many times the cell counts; 0 reads nothing
 * @total: (inout): @times times the whole number in @table, @row, @column is added to it
 *
 * A modifier that counts when it applies (@times 1 or 0) or once an occurrence. One that does
 * not apply is not read, so a ruleset needs only the rows its inputs use.
 *
 * Returns: whether @total was set (or nothing needed reading)
 */
gboolean
muster_table_add_int (const MusterRuleset  *ruleset,
                      const char           *table,
                      const char           *row,
                      const char           *column,
                      int                   times,
                      int                  *total,
                      GError              **error)
{
  int value;

  if (times == 0)
    return TRUE;
  if (!muster_table_read_int (ruleset, table, row, column, &value, error))
    return FALSE;
  *total += times * value;
  return TRUE;
}
