/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-outcome-row"

#include "config.h"

#include "muster-outcome-row.h"
#include "muster-procedure-text.h"

/* One value of an outcome's distribution, as a row for the Preview workspace's table. */
struct _MusterOutcomeRow
{
  GObject  parent_instance;

  int      value;
  char    *label;
  double   probability;
  double   at_least;
  double   at_most;
};

enum {
  PROP_0,
  PROP_VALUE,
  PROP_LABEL,
  PROP_PROBABILITY,
  PROP_AT_LEAST,
  PROP_AT_MOST,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (MusterOutcomeRow, muster_outcome_row, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];

static void
muster_outcome_row_finalize (GObject *object)
{
  MusterOutcomeRow *self = MUSTER_OUTCOME_ROW (object);

  g_free (self->label);

  G_OBJECT_CLASS (muster_outcome_row_parent_class)->finalize (object);
}

static void
muster_outcome_row_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MusterOutcomeRow *self = MUSTER_OUTCOME_ROW (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_int (value, self->value);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_PROBABILITY:
      g_value_set_double (value, self->probability);
      break;
    case PROP_AT_LEAST:
      g_value_set_double (value, self->at_least);
      break;
    case PROP_AT_MOST:
      g_value_set_double (value, self->at_most);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_outcome_row_class_init (MusterOutcomeRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = muster_outcome_row_finalize;
  object_class->get_property = muster_outcome_row_get_property;

  properties[PROP_VALUE] = g_param_spec_int ("value", NULL, NULL, G_MININT, G_MAXINT, 0, flags);
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, flags);
  properties[PROP_PROBABILITY] = g_param_spec_double ("probability", NULL, NULL, 0, 1, 0, flags);
  properties[PROP_AT_LEAST] = g_param_spec_double ("at-least", NULL, NULL, 0, 1, 0, flags);
  properties[PROP_AT_MOST] = g_param_spec_double ("at-most", NULL, NULL, 0, 1, 0, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_outcome_row_init (MusterOutcomeRow *self)
{
}

int
muster_outcome_row_get_value (MusterOutcomeRow *self)
{
  g_return_val_if_fail (MUSTER_IS_OUTCOME_ROW (self), 0);
  return self->value;
}

const char *
muster_outcome_row_get_label (MusterOutcomeRow *self)
{
  g_return_val_if_fail (MUSTER_IS_OUTCOME_ROW (self), NULL);
  return self->label;
}

double
muster_outcome_row_get_probability (MusterOutcomeRow *self)
{
  g_return_val_if_fail (MUSTER_IS_OUTCOME_ROW (self), 0);
  return self->probability;
}

double
muster_outcome_row_get_at_least (MusterOutcomeRow *self)
{
  g_return_val_if_fail (MUSTER_IS_OUTCOME_ROW (self), 0);
  return self->at_least;
}

double
muster_outcome_row_get_at_most (MusterOutcomeRow *self)
{
  g_return_val_if_fail (MUSTER_IS_OUTCOME_ROW (self), 0);
  return self->at_most;
}

/**
 * muster_outcome_rows_new:
 * @output: which outcome of @result
 *
 * Returns: (transfer full): a list of #MusterOutcomeRow, one per value from the smallest to
 *   the largest possible
 */
GListModel *
muster_outcome_rows_new (const MusterProcedureResult *result,
                         guint                        output)
{
  const MusterProcedure *procedure = muster_procedure_result_get_procedure (result);
  MusterDist *dist = muster_procedure_result_get_output (result, output);
  GListStore *store = g_list_store_new (MUSTER_TYPE_OUTCOME_ROW);
  int lo = muster_dist_get_min (dist), hi = muster_dist_get_max (dist);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  for (int v = lo; v <= hi; v++)
    {
      MusterOutcomeRow *row = g_object_new (MUSTER_TYPE_OUTCOME_ROW, NULL);

      row->value = v;
      row->label = muster_procedure_format_value_shown (procedure, output, v);
      row->probability = muster_dist_get_prob (dist, v);
      row->at_least = muster_dist_get_prob_at_least (dist, v);
      row->at_most = muster_dist_get_prob_at_most (dist, v);
      g_ptr_array_add (rows, row);
    }
  g_list_store_splice (store, 0, 0, rows->pdata, rows->len);
  return G_LIST_MODEL (store);
}
