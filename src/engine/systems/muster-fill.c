/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-fill"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "muster-cost.h"
#include "muster-engine-error.h"
#include "muster-fill-private.h"
#include "muster-unit.h"

/* Returns: whether a unit fills @role in @procedure according to @table */
gboolean
muster_fill_table_has_role (const MusterFillRoles *table,
                            const MusterProcedure *procedure,
                            MusterFillRole         role)
{
  for (guint i = 0; table[i].procedure != NULL; i++)
    if (g_str_equal (table[i].procedure, procedure->id))
      return (table[i].roles & (1u << role)) != 0;
  return FALSE;
}

/* Returns: (nullable): @unit's type, or %NULL with @error naming the type and the ruleset */
const MusterUnitType *
muster_fill_unit_type (const MusterRuleset  *ruleset,
                       const MusterUnit     *unit,
                       GError              **error)
{
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                             muster_unit_get_type_id (unit));

  if (type == NULL)
    g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                 _("unit type “%s” is not in ruleset %s"), muster_unit_get_type_id (unit),
                 muster_ruleset_get_id (ruleset));
  return type;
}

static int
find_input (const MusterProcedure *procedure,
            const char            *prefix,
            const char            *id)
{
  g_autofree char *full = g_strconcat (prefix, id, NULL);

  return muster_procedure_find_input (procedure, full);
}

/* Sets the input @prefix@id, if @procedure has it, to @value (clamped to its range for ints).
 * Returns: whether the procedure has the input */
gboolean
muster_fill_set (const MusterProcedure *procedure,
                 int                   *values,
                 const char            *prefix,
                 const char            *id,
                 int                    value)
{
  int index = find_input (procedure, prefix, id);
  const MusterInputSpec *spec;

  if (index < 0)
    return FALSE;
  spec = &procedure->inputs[index];
  if (spec->type == MUSTER_INPUT_INT)
    value = CLAMP (value, spec->min, spec->max);
  else if (spec->type == MUSTER_INPUT_BOOL)
    value = value != 0;
  values[index] = value;
  return TRUE;
}

/* Sets the choice input @prefix@id to its choice @choice, if it has both.
 * Returns: whether it was set */
gboolean
muster_fill_set_choice (const MusterProcedure *procedure,
                        int                   *values,
                        const char            *prefix,
                        const char            *id,
                        const char            *choice)
{
  int index = find_input (procedure, prefix, id);
  const MusterInputSpec *spec;

  if (index < 0 || choice == NULL)
    return FALSE;
  spec = &procedure->inputs[index];
  g_return_val_if_fail (spec->type == MUSTER_INPUT_CHOICE, FALSE);
  for (int i = 0; spec->choices[i] != NULL; i++)
    if (g_str_equal (spec->choices[i], choice))
      {
        values[index] = i;
        return TRUE;
      }
  return FALSE;
}

gboolean
muster_fill_has (char * const *list,
                 const char   *word)
{
  return list != NULL && g_strv_contains ((const char * const *) list, word);
}

/* Returns: the statistic @id of @stats as an int, or @fallback where it has none */
int
muster_fill_stat_int (const MusterStats *stats,
                      const char        *id,
                      int                fallback)
{
  double value;

  return stats != NULL && muster_stats_get_number (stats, id, &value) ? (int) value : fallback;
}
