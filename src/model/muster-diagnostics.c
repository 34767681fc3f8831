/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-diagnostics"

#include "config.h"

#include "muster-diagnostics.h"

/* MusterDiagnostic: one finding, read-only; it keeps a reference on its MusterIssue. */

struct _MusterDiagnostic
{
  GObject      parent_instance;
  MusterIssue *issue;
};

enum {
  DIAG_PROP_0,
  DIAG_PROP_SEVERITY,
  DIAG_PROP_ICON_NAME,
  DIAG_PROP_MESSAGE,
  DIAG_PROP_LOCATION,
  DIAG_PROP_RULE_ID,
  DIAG_PROP_NODE_ID,
  DIAG_PROP_UNIT_ID,
  N_DIAG_PROPS
};

static GParamSpec *diag_properties[N_DIAG_PROPS];

G_DEFINE_FINAL_TYPE (MusterDiagnostic, muster_diagnostic, G_TYPE_OBJECT)

static void
muster_diagnostic_finalize (GObject *object)
{
  MusterDiagnostic *self = (MusterDiagnostic *) object;

  g_clear_pointer (&self->issue, muster_issue_free);

  G_OBJECT_CLASS (muster_diagnostic_parent_class)->finalize (object);
}

static void
muster_diagnostic_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MusterDiagnostic *self = MUSTER_DIAGNOSTIC (object);

  switch (prop_id)
    {
    case DIAG_PROP_SEVERITY:
      g_value_set_int (value, self->issue->severity);
      break;

    case DIAG_PROP_ICON_NAME:
      g_value_set_string (value, muster_diagnostic_get_icon_name (self));
      break;

    case DIAG_PROP_MESSAGE:
      g_value_set_string (value, self->issue->message);
      break;

    case DIAG_PROP_LOCATION:
      g_value_set_string (value, muster_diagnostic_get_location (self));
      break;

    case DIAG_PROP_RULE_ID:
      g_value_set_string (value, self->issue->constraint);
      break;

    case DIAG_PROP_NODE_ID:
      g_value_set_string (value, self->issue->node);
      break;

    case DIAG_PROP_UNIT_ID:
      g_value_set_string (value, self->issue->unit);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_diagnostic_class_init (MusterDiagnosticClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = muster_diagnostic_finalize;
  object_class->get_property = muster_diagnostic_get_property;

  /* A MusterSeverity: 0 error, 1 warning, 2 information */
  diag_properties[DIAG_PROP_SEVERITY] =
    g_param_spec_int ("severity", NULL, NULL,
                      MUSTER_SEVERITY_ERROR, MUSTER_SEVERITY_OFF, MUSTER_SEVERITY_ERROR, flags);
  diag_properties[DIAG_PROP_ICON_NAME] =
    g_param_spec_string ("icon-name", NULL, NULL, NULL, flags);
  diag_properties[DIAG_PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL, flags);
  diag_properties[DIAG_PROP_LOCATION] =
    g_param_spec_string ("location", NULL, NULL, NULL, flags);
  diag_properties[DIAG_PROP_RULE_ID] =
    g_param_spec_string ("rule-id", NULL, NULL, NULL, flags);
  diag_properties[DIAG_PROP_NODE_ID] =
    g_param_spec_string ("node-id", NULL, NULL, NULL, flags);
  diag_properties[DIAG_PROP_UNIT_ID] =
    g_param_spec_string ("unit-id", NULL, NULL, NULL, flags);

  g_object_class_install_properties (object_class, N_DIAG_PROPS, diag_properties);
}

static void
muster_diagnostic_init (MusterDiagnostic *self)
{
}

/* Returns: (transfer full): a row for @issue, which it keeps a reference on */
MusterDiagnostic *
muster_diagnostic_new (MusterIssue *issue)
{
  MusterDiagnostic *self;

  g_return_val_if_fail (issue != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_DIAGNOSTIC, NULL);
  self->issue = muster_issue_ref (issue);
  return self;
}

/* Returns: (transfer none): the finding */
MusterIssue *
muster_diagnostic_get_issue (MusterDiagnostic *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTIC (self), NULL);
  return self->issue;
}

MusterSeverity
muster_diagnostic_get_severity (MusterDiagnostic *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTIC (self), MUSTER_SEVERITY_ERROR);
  return self->issue->severity;
}

/* Returns: the style class that colours the severity's icon: "error", "warning" or "info" */
const char *
muster_diagnostic_get_style_class (MusterDiagnostic *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTIC (self), NULL);

  switch (self->issue->severity)
    {
    case MUSTER_SEVERITY_ERROR:
      return "error";
    case MUSTER_SEVERITY_WARNING:
      return "warning";
    case MUSTER_SEVERITY_INFO:
    case MUSTER_SEVERITY_OFF:
    default:
      return "info";
    }
}

/* Returns: the symbolic icon that stands for the severity */
const char *
muster_diagnostic_get_icon_name (MusterDiagnostic *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTIC (self), NULL);

  switch (self->issue->severity)
    {
    case MUSTER_SEVERITY_ERROR:
      return "dialog-error-symbolic";
    case MUSTER_SEVERITY_WARNING:
      return "dialog-warning-symbolic";
    case MUSTER_SEVERITY_INFO:
    case MUSTER_SEVERITY_OFF:
    default:
      return "dialog-information-symbolic";
    }
}

const char *
muster_diagnostic_get_message (MusterDiagnostic *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTIC (self), NULL);
  return self->issue->message;
}

/* Returns: where the finding is, with names ("" for the whole list) */
const char *
muster_diagnostic_get_location (MusterDiagnostic *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTIC (self), NULL);
  return self->issue->location != NULL ? self->issue->location : "";
}

const char *
muster_diagnostic_get_rule_id (MusterDiagnostic *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTIC (self), NULL);
  return self->issue->constraint;
}

/* Returns: (nullable): the force's id */
const char *
muster_diagnostic_get_force_id (MusterDiagnostic *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTIC (self), NULL);
  return self->issue->force;
}

/* Returns: (nullable): the organisation node's id */
const char *
muster_diagnostic_get_node_id (MusterDiagnostic *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTIC (self), NULL);
  return self->issue->node;
}

/* Returns: (nullable): the unit's id */
const char *
muster_diagnostic_get_unit_id (MusterDiagnostic *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTIC (self), NULL);
  return self->issue->unit;
}

/* MusterDiagnostics: the sorted rows */

struct _MusterDiagnostics
{
  GObject    parent_instance;
  GPtrArray *rows;   /* of MusterDiagnostic, sorted by muster_issue_compare() */
  guint      n_errors;
  guint      n_warnings;
};

enum {
  PROP_0,
  PROP_N_ERRORS,
  PROP_N_WARNINGS,
  PROP_LEGAL,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static GType
muster_diagnostics_get_item_type (GListModel *model)
{
  return MUSTER_TYPE_DIAGNOSTIC;
}

static guint
muster_diagnostics_get_n_items (GListModel *model)
{
  return MUSTER_DIAGNOSTICS (model)->rows->len;
}

static gpointer
muster_diagnostics_get_item (GListModel *model,
                             guint       position)
{
  MusterDiagnostics *self = MUSTER_DIAGNOSTICS (model);

  if (position >= self->rows->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->rows, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = muster_diagnostics_get_item_type;
  iface->get_n_items = muster_diagnostics_get_n_items;
  iface->get_item = muster_diagnostics_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterDiagnostics, muster_diagnostics, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static void
muster_diagnostics_finalize (GObject *object)
{
  MusterDiagnostics *self = (MusterDiagnostics *) object;

  g_clear_pointer (&self->rows, g_ptr_array_unref);

  G_OBJECT_CLASS (muster_diagnostics_parent_class)->finalize (object);
}

static void
muster_diagnostics_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MusterDiagnostics *self = MUSTER_DIAGNOSTICS (object);

  switch (prop_id)
    {
    case PROP_N_ERRORS:
      g_value_set_uint (value, self->n_errors);
      break;

    case PROP_N_WARNINGS:
      g_value_set_uint (value, self->n_warnings);
      break;

    case PROP_LEGAL:
      g_value_set_boolean (value, self->n_errors == 0);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_diagnostics_class_init (MusterDiagnosticsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = muster_diagnostics_finalize;
  object_class->get_property = muster_diagnostics_get_property;

  /**
   * MusterDiagnostics:n-errors:
   *
   * How many findings are errors; the list is legal when there are none.
   */
  properties[PROP_N_ERRORS] = g_param_spec_uint ("n-errors", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_N_WARNINGS] = g_param_spec_uint ("n-warnings", NULL, NULL, 0, G_MAXUINT, 0, flags);
  /**
   * MusterDiagnostics:legal:
   *
   * Whether no finding is an error (also when there is nothing to check).
   */
  properties[PROP_LEGAL] = g_param_spec_boolean ("legal", NULL, NULL, TRUE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterDiagnostics::changed:
   *
   * Emitted once after a reset or an apply that moved any row, when the rows and the counts
   * are current (their items-changed and notifications come first): what a view that
   * summarises the findings follows.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

/* Adds (@sign 1) or takes away (-1) @issue from the counts. */
static void
count (MusterDiagnostics *self,
       MusterIssue       *issue,
       int                sign)
{
  if (issue->severity == MUSTER_SEVERITY_ERROR)
    self->n_errors += sign;
  else if (issue->severity == MUSTER_SEVERITY_WARNING)
    self->n_warnings += sign;
}

/* After the rows moved: the notifications of the counts that did, then "changed". The
 * counts are current while the rows change (items-changed handlers may read them); their
 * notifications come after, frozen since @errors and @warnings were taken. */
static void
counts_changed (MusterDiagnostics *self,
                guint              errors,
                guint              warnings)
{
  if (self->n_errors != errors)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ERRORS]);
  if (self->n_warnings != warnings)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_WARNINGS]);
  if ((self->n_errors == 0) != (errors == 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEGAL]);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
muster_diagnostics_init (MusterDiagnostics *self)
{
  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
}

MusterDiagnostics *
muster_diagnostics_new (void)
{
  return g_object_new (MUSTER_TYPE_DIAGNOSTICS, NULL);
}

/**
 * muster_diagnostics_reset:
 * @issues: (nullable) (element-type MusterIssue): all findings, sorted; %NULL for none
 *
 * Replaces every row (a new list was opened).
 */
void
muster_diagnostics_reset (MusterDiagnostics *self,
                          GPtrArray         *issues)
{
  guint removed, errors, warnings;

  g_return_if_fail (MUSTER_IS_DIAGNOSTICS (self));

  removed = self->rows->len;
  if (removed == 0 && (issues == NULL || issues->len == 0))
    return;
  errors = self->n_errors;
  warnings = self->n_warnings;
  g_object_freeze_notify (G_OBJECT (self));
  g_ptr_array_set_size (self->rows, 0);
  self->n_errors = self->n_warnings = 0;
  for (guint i = 0; issues != NULL && i < issues->len; i++)
    {
      g_ptr_array_add (self->rows, muster_diagnostic_new (g_ptr_array_index (issues, i)));
      count (self, g_ptr_array_index (issues, i), 1);
    }
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->rows->len);
  counts_changed (self, errors, warnings);
}

/* The first row that sorts at or after @issue */
static guint
lower_bound (MusterDiagnostics *self,
             MusterIssue       *issue)
{
  guint lo = 0, hi = self->rows->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      MusterDiagnostic *row = g_ptr_array_index (self->rows, mid);

      if (muster_issue_compare (&row->issue, &issue) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * muster_diagnostics_apply:
 * @appeared: (element-type MusterIssue): findings that came, from muster_validator_take_changes()
 * @disappeared: (element-type MusterIssue): findings that went
 *
 * Removes the rows that went and inserts those that came, one items-changed each.
 */
void
muster_diagnostics_apply (MusterDiagnostics *self,
                          GPtrArray         *appeared,
                          GPtrArray         *disappeared)
{
  guint errors, warnings;

  g_return_if_fail (MUSTER_IS_DIAGNOSTICS (self));

  if ((appeared == NULL || appeared->len == 0) && (disappeared == NULL || disappeared->len == 0))
    return;
  errors = self->n_errors;
  warnings = self->n_warnings;
  g_object_freeze_notify (G_OBJECT (self));
  for (guint i = 0; disappeared != NULL && i < disappeared->len; i++)
    {
      MusterIssue *gone = g_ptr_array_index (disappeared, i);

      for (guint pos = lower_bound (self, gone); pos < self->rows->len; pos++)
        {
          MusterDiagnostic *row = g_ptr_array_index (self->rows, pos);

          if (row->issue == gone || muster_issue_equal (row->issue, gone))
            {
              count (self, row->issue, -1);
              g_ptr_array_remove_index (self->rows, pos);
              g_list_model_items_changed (G_LIST_MODEL (self), pos, 1, 0);
              break;
            }
        }
    }

  for (guint i = 0; appeared != NULL && i < appeared->len; i++)
    {
      MusterIssue *issue = g_ptr_array_index (appeared, i);
      guint pos = lower_bound (self, issue);

      g_ptr_array_insert (self->rows, pos, muster_diagnostic_new (issue));
      count (self, issue, 1);
      g_list_model_items_changed (G_LIST_MODEL (self), pos, 0, 1);
    }
  counts_changed (self, errors, warnings);
}

guint
muster_diagnostics_get_n_errors (MusterDiagnostics *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTICS (self), 0);
  return self->n_errors;
}

guint
muster_diagnostics_get_n_warnings (MusterDiagnostics *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTICS (self), 0);
  return self->n_warnings;
}

/* Returns: whether no finding is an error */
gboolean
muster_diagnostics_get_legal (MusterDiagnostics *self)
{
  g_return_val_if_fail (MUSTER_IS_DIAGNOSTICS (self), TRUE);
  return self->n_errors == 0;
}

/**
 * muster_diagnostics_get_icon_for:
 * @unit_id: (nullable): a unit's id
 * @node_id: (nullable): an organisation node's id, when @unit_id is %NULL
 *
 * Returns: (nullable): the icon of the worst finding about that unit or node itself, for its
 *   row in the roster; %NULL when it has none
 */
const char *
muster_diagnostics_get_icon_for (MusterDiagnostics *self,
                                 const char        *unit_id,
                                 const char        *node_id)
{
  MusterDiagnostic *worst = NULL;

  g_return_val_if_fail (MUSTER_IS_DIAGNOSTICS (self), NULL);

  for (guint i = 0; i < self->rows->len; i++)
    {
      MusterDiagnostic *row = g_ptr_array_index (self->rows, i);
      gboolean about = unit_id != NULL ? g_strcmp0 (row->issue->unit, unit_id) == 0
                                       : row->issue->unit == NULL &&
                                         g_strcmp0 (row->issue->node, node_id) == 0;

      if (about && (worst == NULL || row->issue->severity < worst->issue->severity))
        worst = row;
    }
  return worst != NULL ? muster_diagnostic_get_icon_name (worst) : NULL;
}
