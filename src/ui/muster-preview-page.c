/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-preview-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-odds-estimate.h"
#include "muster-preview-page-private.h"
#include "muster-procedure-text.h"

/*
 * The Preview workspace: pick a rule system and one of its procedures, fill its inputs, and
 * see the distribution of each outcome as a chart or a table, recomputed as inputs change.
 * Exact procedures run synchronously (they take well under a millisecond); procedures that
 * can only be simulated run in a worker thread, and a newer request supersedes an older one
 * (muster-odds-estimate.c, as the odds panel's rows do).
 * For systems that can, the inputs describing the acting unit and the target are filled from
 * units of the window's open list, through the same widgets, so that they can still be changed
 * (muster-preview-page-units.c). The inputs and the outcome are widgets of their own:
 * MusterProcedureInputs and MusterOutcomeView.
 */

#define SIMULATION_TRIALS 100000

enum {
  PROP_0,
  PROP_MODE,
  PROP_VIEW,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (MusterPreviewPage, muster_preview_page, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static const char * const property_names[N_PROPS] = { NULL, "mode", "view" };

/* A simulated procedure's play has ended: muster-odds-estimate.c tells only the newest's. */
static void
simulated_cb (GtkWidget             *widget,
              MusterProcedureResult *result,
              const int             *values,
              const GError          *error,
              gpointer               user_data)
{
  MusterPreviewPage *self = MUSTER_PREVIEW_PAGE (widget);
  guint n;

  if (result == NULL)
    {
      muster_outcome_view_set_status (self->outcome, error->message);
      muster_outcome_view_set_result (self->outcome, NULL, NULL);
      return;
    }
  n = MAX (muster_procedure_result_get_procedure (result)->n_inputs, 1);
  muster_outcome_view_set_result (self->outcome, result, g_memdup2 (values, sizeof (int) * n));
}

static MusterRuleset *
current_ruleset (MusterPreviewPage *self)
{
  if (self->catalog == NULL || self->procedure == NULL)
    return NULL;
  return muster_catalog_lookup (self->catalog, self->procedure->system);
}

void
_muster_preview_page_recompute (MusterPreviewPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree int *values = NULL;
  MusterProcedureResult *result;

  if (self->procedure == NULL)
    return;

  values = muster_procedure_inputs_dup_values (self->inputs);

  if (self->procedure->exact != NULL)
    {
      /* A play of older inputs still running is not shown. */
      muster_odds_estimate_cancel (GTK_WIDGET (self));
      result = muster_procedure_run_exact (self->procedure, current_ruleset (self), values,
                                           &error);
      if (result == NULL)
        {
          muster_outcome_view_set_result (self->outcome, NULL, NULL);
          muster_outcome_view_set_status (self->outcome, error->message);
          return;
        }
      muster_outcome_view_set_result (self->outcome, result, g_steal_pointer (&values));
    }
  else
    {
      muster_odds_estimate_start (GTK_WIDGET (self), self->procedure, current_ruleset (self),
                                  values, SIMULATION_TRIALS, TRUE, simulated_cb, NULL);
      muster_outcome_view_set_status (self->outcome, _("Simulating…"));
    }
}

static void
inputs_changed_cb (MusterPreviewPage *self)
{
  _muster_preview_page_recompute (self);
}

static void
procedure_selected_cb (MusterPreviewPage *self)
{
  guint selected = adw_combo_row_get_selected (self->procedure_row);

  if (selected >= self->procedures->len)
    self->procedure = NULL;
  else
    self->procedure = g_ptr_array_index (self->procedures, selected);

  gtk_label_set_text (self->summary_label,
                      self->procedure ? muster_procedure_text (self->procedure->summary) : "");
  muster_outcome_view_set_procedure (self->outcome, self->procedure);
  muster_procedure_inputs_set_procedure (self->inputs, self->procedure);
  /* The units chosen stay chosen, and fill the new procedure's inputs. */
  _muster_preview_page_fill_from_units (self);
  _muster_preview_page_recompute (self);
}

static void
system_selected_cb (MusterPreviewPage *self)
{
  guint selected = adw_combo_row_get_selected (self->system_row);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint n;
  const MusterProcedure * const *list = muster_procedure_list (&n);
  const char *system;

  g_ptr_array_set_size (self->procedures, 0);
  if (selected < self->systems->len)
    {
      system = g_ptr_array_index (self->systems, selected);
      for (guint i = 0; i < n; i++)
        if (g_str_equal (list[i]->system, system))
          {
            g_autofree char *name = NULL;

            g_ptr_array_add (self->procedures, (gpointer) list[i]);
            name = list[i]->exact ? g_strdup (muster_procedure_text (list[i]->name))
                                  : g_strdup_printf (_("%s (simulated)"),
                                                     muster_procedure_text (list[i]->name));
            gtk_string_list_append (names, name);
          }
    }

  /* Setting the model selects its first item and runs procedure_selected_cb (). */
  adw_combo_row_set_model (self->procedure_row, G_LIST_MODEL (names));
  procedure_selected_cb (self);
}

static void
fill_systems (MusterPreviewPage *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint n;
  const MusterProcedure * const *list = muster_procedure_list (&n);

  g_ptr_array_set_size (self->systems, 0);
  for (guint i = 0; i < n; i++)
    {
      const char *system = list[i]->system;
      MusterRuleset *ruleset;

      if (self->systems->len > 0 &&
          g_str_equal (g_ptr_array_index (self->systems, self->systems->len - 1), system))
        continue;
      g_ptr_array_add (self->systems, g_strdup (system));
      ruleset = self->catalog ? muster_catalog_lookup (self->catalog, system) : NULL;
      gtk_string_list_append (names, ruleset ? muster_ruleset_get_name (ruleset) : system);
    }

  gtk_stack_set_visible_child_name (self->stack, n > 0 ? "preview" : "empty");
  adw_combo_row_set_model (self->system_row, G_LIST_MODEL (names));
  system_selected_cb (self);
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  muster_outcome_view_copy (MUSTER_PREVIEW_PAGE (widget)->outcome);
}

/* The page's mode and view are its outcome view's, as actions of the page's own. */
static void
outcome_notify_cb (MusterPreviewPage *self,
                   GParamSpec        *pspec)
{
  for (guint i = PROP_MODE; i < N_PROPS; i++)
    if (g_str_equal (g_param_spec_get_name (pspec), property_names[i]))
      g_object_notify_by_pspec (G_OBJECT (self), properties[i]);
}

static void
muster_preview_page_dispose (GObject *object)
{
  MusterPreviewPage *self = MUSTER_PREVIEW_PAGE (object);

  muster_odds_estimate_cancel (GTK_WIDGET (self));
  /* No gtk_widget_dispose_template (): the template's root is AdwBin's child, which AdwBin
   * unparents itself; disposing the template too would unparent it twice. */
  g_clear_pointer (&self->systems, g_ptr_array_unref);
  g_clear_pointer (&self->procedures, g_ptr_array_unref);
  g_clear_pointer (&self->units, g_ptr_array_unref);
  g_clear_pointer (&self->unit_forces, g_ptr_array_unref);
  g_signal_group_set_target (self->document_signals, NULL);
  g_clear_object (&self->document);

  G_OBJECT_CLASS (muster_preview_page_parent_class)->dispose (object);
}

static void
muster_preview_page_finalize (GObject *object)
{
  MusterPreviewPage *self = MUSTER_PREVIEW_PAGE (object);

  g_clear_object (&self->document_signals);

  G_OBJECT_CLASS (muster_preview_page_parent_class)->finalize (object);
}

static void
muster_preview_page_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  MusterPreviewPage *self = MUSTER_PREVIEW_PAGE (object);

  switch (prop_id)
    {
    case PROP_MODE:
    case PROP_VIEW:
      g_object_get_property (G_OBJECT (self->outcome), g_param_spec_get_name (pspec), value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_preview_page_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  MusterPreviewPage *self = MUSTER_PREVIEW_PAGE (object);

  switch (prop_id)
    {
    case PROP_MODE:
    case PROP_VIEW:
      /* the outcome view notifies, and outcome_notify_cb () passes it on */
      g_object_set_property (G_OBJECT (self->outcome), g_param_spec_get_name (pspec), value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* One pane at a time (a narrow window): to the odds, or back to the inputs */
static void
show_pane_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  MusterPreviewPage *self = MUSTER_PREVIEW_PAGE (widget);

  adw_leaflet_set_visible_child_name (self->leaflet,
                                      g_str_equal (action_name, "preview.show-odds")
                                      ? "odds" : "inputs");
}

static void
muster_preview_page_class_init (MusterPreviewPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *outcome_class;

  object_class->dispose = muster_preview_page_dispose;
  object_class->finalize = muster_preview_page_finalize;
  object_class->get_property = muster_preview_page_get_property;
  object_class->set_property = muster_preview_page_set_property;

  /* MusterPreviewPage:mode and MusterPreviewPage:view: the outcome view's (see
   * MusterOutcomeView), as properties of the page for its actions. */
  outcome_class = g_type_class_ref (MUSTER_TYPE_OUTCOME_VIEW);
  for (guint i = PROP_MODE; i < N_PROPS; i++)
    {
      GParamSpec *pspec = g_object_class_find_property (outcome_class, property_names[i]);
      const GValue *fallback = g_param_spec_get_default_value (pspec);

      properties[i] = g_param_spec_string (property_names[i], NULL, NULL,
                                           g_value_get_string (fallback), pspec->flags);
    }
  g_type_class_unref (outcome_class);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/muster-preview-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, system_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, procedure_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, summary_label);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, units_group);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, acting_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, target_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, inputs);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, outcome);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, leaflet);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, odds_box);
  gtk_widget_class_bind_template_callback (widget_class, system_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, procedure_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, inputs_changed_cb);
  _muster_preview_page_class_units_init (widget_class);

  gtk_widget_class_install_property_action (widget_class, "preview.mode", "mode");
  gtk_widget_class_install_property_action (widget_class, "preview.view", "view");
  gtk_widget_class_install_action (widget_class, "preview.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "preview.show-odds", NULL, show_pane_action);
  gtk_widget_class_install_action (widget_class, "preview.show-inputs", NULL, show_pane_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "preview.copy", NULL);

  g_type_ensure (MUSTER_TYPE_PROCEDURE_INPUTS);
}

static void
muster_preview_page_init (MusterPreviewPage *self)
{
  self->systems = g_ptr_array_new_with_free_func (g_free);
  self->procedures = g_ptr_array_new ();
  _muster_preview_page_init_units (self);

  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->outcome, "notify::mode", G_CALLBACK (outcome_notify_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->outcome, "notify::view", G_CALLBACK (outcome_notify_cb), self,
                           G_CONNECT_SWAPPED);

  fill_systems (self);
}

/* The catalog gives the systems' names and the tables their procedures read. */
void
muster_preview_page_set_catalog (MusterPreviewPage *self,
                                 MusterCatalog     *catalog)
{
  g_return_if_fail (MUSTER_IS_PREVIEW_PAGE (self));

  self->catalog = catalog;
  fill_systems (self);
}

/* Returns: TRUE if @system offers @procedure, which is now shown */
gboolean
muster_preview_page_select (MusterPreviewPage *self,
                            const char        *system,
                            const char        *procedure)
{
  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), FALSE);
  _muster_preview_page_refresh_units (self);

  for (guint i = 0; i < self->systems->len; i++)
    if (g_str_equal (g_ptr_array_index (self->systems, i), system))
      {
        adw_combo_row_set_selected (self->system_row, i);
        for (guint j = 0; j < self->procedures->len; j++)
          if (g_str_equal (((MusterProcedure *) g_ptr_array_index (self->procedures, j))->id,
                           procedure))
            {
              adw_combo_row_set_selected (self->procedure_row, j);
              return TRUE;
            }
      }
  return FALSE;
}

/* Returns: (nullable): the procedure shown */
const MusterProcedure *
muster_preview_page_get_procedure (MusterPreviewPage *self)
{
  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), NULL);
  return self->procedure;
}

/* Sets input @id as the user would, through its widget. Returns: FALSE for an unknown input */
gboolean
muster_preview_page_set_input (MusterPreviewPage *self,
                               const char        *id,
                               int                value)
{
  int index;

  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), FALSE);
  _muster_preview_page_refresh_units (self);

  if (self->procedure == NULL || (index = muster_procedure_find_input (self->procedure, id)) < 0)
    return FALSE;

  muster_procedure_inputs_set_value (self->inputs, index, value);
  return TRUE;
}

/* Returns: FALSE for an unknown input; else @value holds what its widget shows */
gboolean
muster_preview_page_get_input (MusterPreviewPage *self,
                               const char        *id,
                               int               *value)
{
  g_autofree int *values = NULL;
  int index;

  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), FALSE);
  _muster_preview_page_refresh_units (self);

  if (self->procedure == NULL || (index = muster_procedure_find_input (self->procedure, id)) < 0)
    return FALSE;
  values = muster_procedure_inputs_dup_values (self->inputs);
  *value = values[index];
  return TRUE;
}

/* Returns: (nullable): the label of the unit input @id still holds the value of */
const char *
muster_preview_page_get_input_source (MusterPreviewPage *self,
                                      const char        *id)
{
  int index;

  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), NULL);
  _muster_preview_page_refresh_units (self);

  if (self->procedure == NULL || (index = muster_procedure_find_input (self->procedure, id)) < 0)
    return NULL;
  return muster_procedure_inputs_get_source (self->inputs, index);
}

/* Returns: (nullable): the result shown, %NULL while simulating or after an error */
const MusterProcedureResult *
muster_preview_page_get_result (MusterPreviewPage *self)
{
  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), NULL);
  _muster_preview_page_refresh_units (self);
  return muster_outcome_view_get_result (self->outcome);
}

/* Returns: (transfer full) (nullable): the result as the text "Copy" puts on the clipboard */
char *
muster_preview_page_dup_text (MusterPreviewPage *self)
{
  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), NULL);
  _muster_preview_page_refresh_units (self);
  return muster_outcome_view_dup_text (self->outcome);
}
