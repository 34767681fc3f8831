/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-preview-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army.h"
#include "muster-chart-painter.h"
#include "muster-unit.h"
#include "muster-outcome-row.h"
#include "muster-preview-page.h"

/*
 * The Preview workspace: pick a rule system and one of its procedures, fill its inputs, and
 * see the distribution of each outcome as a chart or a table, recomputed as inputs change.
 * Exact procedures run synchronously (they take well under a millisecond); procedures that
 * can only be simulated run in a worker thread, and a newer request supersedes an older one.
 * For systems that can, the inputs describing the acting unit and the target are filled from
 * units of the window's open list, through the same widgets, so that they can still be changed.
 */

#define N_ROLES 2

#define SIMULATION_TRIALS 100000
#define SIMULATION_SEED   1

struct _MusterPreviewPage
{
  AdwBin                  parent_instance;

  /* Template Widgets */
  GtkStack               *stack;
  AdwComboRow            *system_row;
  AdwComboRow            *procedure_row;
  GtkLabel               *summary_label;
  AdwPreferencesGroup    *units_group;
  AdwComboRow            *acting_row;
  AdwComboRow            *target_row;
  AdwPreferencesGroup    *inputs_group;
  GtkDropDown            *output_dropdown;
  GtkLabel               *result_label;
  GtkLabel               *detail_label;
  GtkStack               *view_stack;
  GtkDrawingArea         *chart;
  GtkColumnView          *table;

  /* Owned References */
  MusterCatalog          *catalog;       /* borrowed from the application */
  GPtrArray              *systems;       /* char *, ruleset ids that have procedures */
  GPtrArray              *procedures;    /* borrowed MusterProcedure, of the selected system */
  GPtrArray              *input_rows;    /* GtkWidget rows in inputs_group */
  GPtrArray              *input_widgets; /* the editable widget of each input */
  MusterProcedureResult  *result;
  int                    *result_values;
  GCancellable           *simulation;
  MusterChartLayout       layout;
  MusterDocument         *document;
  GPtrArray              *units;         /* borrowed MusterUnit, item i + 1 of the unit rows */
  GPtrArray              *unit_forces;   /* borrowed MusterForce of each unit */
  gboolean               *filled[N_ROLES];        /* per input: set from the role's unit */
  int                    *filled_values[N_ROLES]; /* what the unit set */
  char                   *filled_from[N_ROLES];   /* the unit's label */

  /* State */
  const MusterProcedure  *procedure;
  MusterChartMode         mode;
  gboolean                show_table;
  gboolean                units_stale;  /* the list changed while the page was hidden */
  int                     hover;
  guint                   generation;
  gboolean                building;      /* while input rows are being made */
  gboolean                listing;       /* while the unit rows are being remade */
};

enum {
  PROP_0,
  PROP_MODE,
  PROP_VIEW,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (MusterPreviewPage, muster_preview_page, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static const char * const mode_names[] = { "exactly", "at-least", "at-most", NULL };

static void recompute (MusterPreviewPage *self);

static guint
selected_output (MusterPreviewPage *self)
{
  guint output = gtk_drop_down_get_selected (self->output_dropdown);

  if (self->procedure == NULL || output >= self->procedure->n_outputs)
    return 0;
  return output;
}

static MusterDist *
current_dist (MusterPreviewPage *self)
{
  if (self->result == NULL)
    return NULL;
  return muster_procedure_result_get_output (self->result, selected_output (self));
}

static char *
chart_label_cb (int      value,
                gpointer user_data)
{
  MusterPreviewPage *self = user_data;

  return muster_procedure_format_value (self->procedure, selected_output (self), value);
}

static void
lookup_colour (GtkWidget  *widget,
               const char *name,
               double      rgba[4],
               double      fallback_alpha)
{
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  GdkRGBA colour;

  if (!gtk_style_context_lookup_color (context, name, &colour))
    gtk_style_context_get_color (context, &colour);
  rgba[0] = colour.red;
  rgba[1] = colour.green;
  rgba[2] = colour.blue;
  rgba[3] = fallback_alpha < 0 ? colour.alpha : fallback_alpha;
}

static void
chart_draw_cb (GtkDrawingArea *area,
               cairo_t        *cr,
               int             width,
               int             height,
               gpointer        user_data)
{
  MusterPreviewPage *self = user_data;
  MusterDist *dist = current_dist (self);
  MusterChartStyle style = { 0 };
  GdkRGBA fg;

  if (dist == NULL)
    return;

  /* Theme colours, so the chart follows the light and dark styles. */
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  style.foreground[0] = fg.red;
  style.foreground[1] = fg.green;
  style.foreground[2] = fg.blue;
  style.foreground[3] = fg.alpha * 0.8;
  memcpy (style.grid, style.foreground, sizeof style.grid);
  style.grid[3] = 0.12;
  lookup_colour (GTK_WIDGET (area), "accent_bg_color", style.bar, 0.85);
  lookup_colour (GTK_WIDGET (area), "accent_bg_color", style.highlight, 1.0);
  lookup_colour (GTK_WIDGET (area), "destructive_color", style.mean, 0.9);

  muster_chart_layout_compute (&self->layout, dist, self->mode, width, height);
  muster_chart_paint (cr, &self->layout, dist, self->mode, &style, chart_label_cb, self,
                      self->hover);
}

static void
update_detail (MusterPreviewPage *self)
{
  MusterDist *dist = current_dist (self);
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;

  if (dist == NULL)
    {
      gtk_label_set_text (self->detail_label, "");
      return;
    }

  if (self->hover == G_MININT)
    {
      gtk_label_set_text (self->detail_label,
                          _("Point at a bar for its chances."));
      return;
    }

  label = muster_procedure_format_value (self->procedure, selected_output (self), self->hover);
  text = g_strdup_printf (_("%s: exactly %.2f%% · at least %.2f%% · at most %.2f%%"), label,
                          100 * muster_dist_get_prob (dist, self->hover),
                          100 * muster_dist_get_prob_at_least (dist, self->hover),
                          100 * muster_dist_get_prob_at_most (dist, self->hover));
  gtk_label_set_text (self->detail_label, text);
}

static void
chart_motion_cb (GtkEventControllerMotion *controller,
                 double                    x,
                 double                    y,
                 MusterPreviewPage        *self)
{
  int value = G_MININT;

  if (current_dist (self) == NULL || !muster_chart_value_at (&self->layout, x, y, &value))
    value = G_MININT;
  if (value != self->hover)
    {
      self->hover = value;
      update_detail (self);
      gtk_widget_queue_draw (GTK_WIDGET (self->chart));
    }
}

static void
chart_leave_cb (GtkEventControllerMotion *controller,
                MusterPreviewPage        *self)
{
  chart_motion_cb (controller, -1, -1, self);
}

static void
show_result (MusterPreviewPage *self)
{
  const MusterProcedure *p = self->procedure;
  MusterDist *dist = current_dist (self);
  g_autoptr(GListModel) rows = NULL;
  g_autofree char *text = NULL;
  GtkSelectionModel *selection;

  if (dist == NULL)
    {
      gtk_label_set_text (self->result_label, "");
      gtk_column_view_set_model (self->table, NULL);
      gtk_widget_queue_draw (GTK_WIDGET (self->chart));
      update_detail (self);
      return;
    }

  if (muster_procedure_result_is_exact (self->result))
    text = g_strdup_printf (_("%s: mean %.2f, exact"), p->outputs[selected_output (self)].label,
                            muster_dist_get_mean (dist));
  else
    text = g_strdup_printf (_("%s: mean %.2f, simulated over %" G_GUINT64_FORMAT " games"),
                            p->outputs[selected_output (self)].label,
                            muster_dist_get_mean (dist),
                            muster_procedure_result_get_trials (self->result));
  gtk_label_set_text (self->result_label, text);

  rows = muster_outcome_rows_new (self->result, selected_output (self));
  selection = GTK_SELECTION_MODEL (gtk_no_selection_new (g_steal_pointer (&rows)));
  gtk_column_view_set_model (self->table, selection);
  g_object_unref (selection);

  self->hover = G_MININT;
  update_detail (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->chart));
}

static void
set_result (MusterPreviewPage     *self,
            MusterProcedureResult *result,
            int                   *values)
{
  g_clear_pointer (&self->result, muster_procedure_result_free);
  g_clear_pointer (&self->result_values, g_free);
  self->result = result;
  self->result_values = values;
  show_result (self);
}

static int *
read_values (MusterPreviewPage *self)
{
  int *values = muster_procedure_default_values (self->procedure);

  for (guint i = 0; i < self->input_widgets->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (self->input_widgets, i);

      if (GTK_IS_SPIN_BUTTON (widget))
        values[i] = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
      else if (GTK_IS_SWITCH (widget))
        values[i] = gtk_switch_get_active (GTK_SWITCH (widget));
      else if (ADW_IS_COMBO_ROW (widget))
        values[i] = adw_combo_row_get_selected (ADW_COMBO_ROW (widget));
    }
  return values;
}

typedef struct
{
  const MusterProcedure *procedure;
  MusterRuleset         *ruleset;
  int                   *values;
  guint                  generation;
} SimulationData;

static void
simulation_data_free (SimulationData *data)
{
  g_clear_pointer (&data->ruleset, muster_ruleset_unref);
  g_free (data->values);
  g_free (data);
}

static void
simulate_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  SimulationData *data = task_data;
  GError *error = NULL;
  MusterProcedureResult *result;

  result = muster_procedure_simulate (data->procedure, data->ruleset, data->values,
                                      SIMULATION_TRIALS, SIMULATION_SEED, &error);
  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) muster_procedure_result_free);
}

static void
simulate_done_cb (GObject      *object,
                  GAsyncResult *async_result,
                  gpointer      user_data)
{
  MusterPreviewPage *self = MUSTER_PREVIEW_PAGE (object);
  SimulationData *data = g_task_get_task_data (G_TASK (async_result));
  g_autoptr(GError) error = NULL;
  MusterProcedureResult *result;

  result = g_task_propagate_pointer (G_TASK (async_result), &error);
  if (data->generation != self->generation)
    {
      g_clear_pointer (&result, muster_procedure_result_free);
      return;
    }

  if (result == NULL)
    {
      gtk_label_set_text (self->result_label, error->message);
      set_result (self, NULL, NULL);
      return;
    }
  set_result (self, result, g_steal_pointer (&data->values));
}

static MusterRuleset *
current_ruleset (MusterPreviewPage *self)
{
  if (self->catalog == NULL || self->procedure == NULL)
    return NULL;
  return muster_catalog_lookup (self->catalog, self->procedure->system);
}

/* The unit that input @index came from, if it still holds the value that unit gave it. */
static const char *
input_source (MusterPreviewPage *self,
              guint              index,
              const int         *values)
{
  for (guint role = 0; role < N_ROLES; role++)
    if (self->filled[role] != NULL && self->filled[role][index] &&
        self->filled_values[role][index] == values[index])
      return self->filled_from[role];
  return NULL;
}

/* Marks the inputs whose values came from a unit: "From Iron Guard". */
static void
mark_inputs (MusterPreviewPage *self,
             const int         *values)
{
  for (guint i = 0; i < self->input_rows->len; i++)
    {
      const char *source = input_source (self, i, values);
      g_autofree char *subtitle = NULL;

      if (source != NULL)
        subtitle = g_strdup_printf (_("From %s"), source);
      adw_action_row_set_subtitle (g_ptr_array_index (self->input_rows, i), subtitle);
    }
}

static void
clear_filled (MusterPreviewPage *self,
              guint              role)
{
  g_clear_pointer (&self->filled[role], g_free);
  g_clear_pointer (&self->filled_values[role], g_free);
  g_clear_pointer (&self->filled_from[role], g_free);
}

static void
recompute (MusterPreviewPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree int *values = NULL;
  MusterProcedureResult *result;

  if (self->building || self->procedure == NULL)
    return;

  self->generation++;
  g_cancellable_cancel (self->simulation);
  g_clear_object (&self->simulation);
  values = read_values (self);
  mark_inputs (self, values);

  if (self->procedure->exact != NULL)
    {
      result = muster_procedure_run_exact (self->procedure, current_ruleset (self), values,
                                           &error);
      if (result == NULL)
        {
          set_result (self, NULL, NULL);
          gtk_label_set_text (self->result_label, error->message);
          return;
        }
      set_result (self, result, g_steal_pointer (&values));
    }
  else
    {
      g_autoptr(GTask) task = NULL;
      SimulationData *data = g_new0 (SimulationData, 1);
      MusterRuleset *ruleset = current_ruleset (self);

      data->procedure = self->procedure;
      data->ruleset = ruleset ? muster_ruleset_ref (ruleset) : NULL;
      data->values = g_steal_pointer (&values);
      data->generation = self->generation;

      self->simulation = g_cancellable_new ();
      task = g_task_new (self, self->simulation, simulate_done_cb, NULL);
      g_task_set_source_tag (task, recompute);
      g_task_set_task_data (task, data, (GDestroyNotify) simulation_data_free);
      g_task_run_in_thread (task, simulate_thread);
      gtk_label_set_text (self->result_label, _("Simulating…"));
    }
}

static void
input_changed_cb (MusterPreviewPage *self)
{
  recompute (self);
}

static GtkWidget *
make_input_row (MusterPreviewPage     *self,
                const MusterInputSpec *spec,
                GtkWidget            **editable)
{
  GtkWidget *row;

  switch (spec->type)
    {
    case MUSTER_INPUT_CHOICE:
      {
        g_autoptr(GtkStringList) labels = gtk_string_list_new (
          (const char * const *) (spec->choice_labels ? spec->choice_labels : spec->choices));

        row = adw_combo_row_new ();
        adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (labels));
        adw_combo_row_set_selected (ADW_COMBO_ROW (row), spec->def);
        g_signal_connect_object (row, "notify::selected", G_CALLBACK (input_changed_cb), self,
                                 G_CONNECT_SWAPPED);
        *editable = row;
      }
      break;

    case MUSTER_INPUT_BOOL:
      row = adw_action_row_new ();
      *editable = gtk_switch_new ();
      gtk_switch_set_active (GTK_SWITCH (*editable), spec->def != 0);
      gtk_widget_set_valign (*editable, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), *editable);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), *editable);
      g_signal_connect_object (*editable, "notify::active", G_CALLBACK (input_changed_cb), self,
                               G_CONNECT_SWAPPED);
      break;

    case MUSTER_INPUT_INT:
    default:
      row = adw_action_row_new ();
      *editable = gtk_spin_button_new_with_range (spec->min, spec->max, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (*editable), spec->def);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (*editable), TRUE);
      gtk_widget_set_valign (*editable, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), *editable);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), *editable);
      g_signal_connect_object (*editable, "value-changed", G_CALLBACK (input_changed_cb), self,
                               G_CONNECT_SWAPPED);
      break;
    }

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), spec->label);
  gtk_widget_set_tooltip_text (row, spec->help);
  return row;
}

static void
build_inputs (MusterPreviewPage *self)
{
  const MusterProcedure *p = self->procedure;
  g_autoptr(GtkStringList) outputs = gtk_string_list_new (NULL);

  for (guint i = 0; i < self->input_rows->len; i++)
    adw_preferences_group_remove (self->inputs_group, g_ptr_array_index (self->input_rows, i));
  g_ptr_array_set_size (self->input_rows, 0);
  g_ptr_array_set_size (self->input_widgets, 0);

  if (p == NULL)
    return;

  self->building = TRUE;
  for (guint i = 0; i < p->n_inputs; i++)
    {
      GtkWidget *editable = NULL;
      GtkWidget *row = make_input_row (self, &p->inputs[i], &editable);

      adw_preferences_group_add (self->inputs_group, row);
      g_ptr_array_add (self->input_rows, row);
      g_ptr_array_add (self->input_widgets, editable);
    }

  for (guint i = 0; i < p->n_outputs; i++)
    gtk_string_list_append (outputs, p->outputs[i].label);
  gtk_drop_down_set_model (self->output_dropdown, G_LIST_MODEL (outputs));
  gtk_drop_down_set_selected (self->output_dropdown, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->output_dropdown), p->n_outputs > 1);
  self->building = FALSE;
}

static void
write_input (MusterPreviewPage *self,
             guint              index,
             int                value)
{
  GtkWidget *widget = g_ptr_array_index (self->input_widgets, index);

  if (GTK_IS_SPIN_BUTTON (widget))
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), value);
  else if (GTK_IS_SWITCH (widget))
    gtk_switch_set_active (GTK_SWITCH (widget), value != 0);
  else if (ADW_IS_COMBO_ROW (widget))
    adw_combo_row_set_selected (ADW_COMBO_ROW (widget), value);
}

static AdwComboRow *
unit_row (MusterPreviewPage *self,
          guint              role)
{
  return role == MUSTER_FILL_ROLE_ACTING ? self->acting_row : self->target_row;
}

/* The document's list, if it is of the shown procedure's system and that system fills inputs. */
static MusterRuleset *
list_ruleset (MusterPreviewPage *self)
{
  MusterRuleset *ruleset;

  if (self->document == NULL || self->procedure == NULL ||
      !muster_procedure_can_fill_from_unit (self->procedure))
    return NULL;
  ruleset = muster_document_get_ruleset (self->document);
  if (ruleset == NULL ||
      g_strcmp0 (muster_ruleset_get_system_id (ruleset), self->procedure->system) != 0)
    return NULL;
  return ruleset;
}

/* Whether a unit fills @role's side of the shown procedure: a Rally has no target. */
static gboolean
role_applies (MusterPreviewPage *self,
              guint              role)
{
  return self->procedure != NULL && muster_procedure_can_fill_role (self->procedure, role);
}

/* Fills the inputs from the unit chosen for @role, through their widgets, and recomputes. A
 * unit chosen for a role the procedure does not have stays chosen (hidden) for the next one. */
static void
apply_unit (MusterPreviewPage *self,
            guint              role)
{
  guint selected = adw_combo_row_get_selected (unit_row (self, role));
  MusterRuleset *ruleset = list_ruleset (self);
  g_autoptr(GError) error = NULL;
  g_autofree int *values = NULL;
  g_autofree gboolean *set = NULL;
  GtkStringObject *label;
  MusterUnit *unit;

  clear_filled (self, role);
  if (ruleset == NULL || selected == 0 || selected > self->units->len ||
      !role_applies (self, role))
    {
      recompute (self);
      return;
    }

  unit = g_ptr_array_index (self->units, selected - 1);
  values = read_values (self);
  set = muster_procedure_fill_from_unit (self->procedure, ruleset,
                                         g_ptr_array_index (self->unit_forces, selected - 1),
                                         unit, role, values, &error);
  if (set == NULL)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.show-toast", "s", error->message);
      recompute (self);
      return;
    }

  self->building = TRUE;
  for (guint i = 0; i < self->procedure->n_inputs; i++)
    if (set[i])
      write_input (self, i, values[i]);
  self->building = FALSE;

  label = adw_combo_row_get_selected_item (unit_row (self, role));
  self->filled_from[role] = g_strdup (gtk_string_object_get_string (label));
  self->filled[role] = g_steal_pointer (&set);
  self->filled_values[role] = g_steal_pointer (&values);
  recompute (self);
}

static void
unit_selected_cb (MusterPreviewPage *self,
                  GParamSpec        *pspec,
                  AdwComboRow       *row)
{
  if (!self->listing)
    apply_unit (self, row == self->acting_row ? MUSTER_FILL_ROLE_ACTING : MUSTER_FILL_ROLE_TARGET);
}

static void
collect_units (MusterPreviewPage *self,
               MusterForce       *force,
               MusterNode        *node,
               GtkStringList     *labels,
               MusterRuleset     *ruleset)
{
  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      MusterUnit *unit = muster_node_get_unit (node, i);
      const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset,
                                                                 muster_unit_get_type_id (unit));
      const char *name = muster_unit_get_name (unit);

      if (name == NULL || *name == '\0')
        name = type ? type->item.name : muster_unit_get_type_id (unit);
      g_ptr_array_add (self->units, unit);
      g_ptr_array_add (self->unit_forces, force);
      gtk_string_list_append (labels, name);
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    collect_units (self, force, muster_node_get_node (node, i), labels, ruleset);
}

/* Remakes the unit rows from the document, keeping the units chosen if they are still there. */
static void
list_units (MusterPreviewPage *self)
{
  MusterRuleset *ruleset = list_ruleset (self);
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;
  MusterUnit *chosen[N_ROLES] = { NULL, NULL };

  for (guint role = 0; role < N_ROLES; role++)
    {
      guint selected = adw_combo_row_get_selected (unit_row (self, role));

      if (selected > 0 && selected <= self->units->len)
        chosen[role] = g_ptr_array_index (self->units, selected - 1);
    }

  g_ptr_array_set_size (self->units, 0);
  g_ptr_array_set_size (self->unit_forces, 0);
  if (ruleset != NULL && doc != NULL)
    {
      g_autoptr(GtkStringList) labels = gtk_string_list_new ((const char *[]) { _("None"), NULL });

      for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
        {
          MusterForce *force = muster_doc_get_force (doc, i);

          collect_units (self, force, muster_force_get_root (force), labels, ruleset);
        }

      self->listing = TRUE;
      for (guint role = 0; role < N_ROLES; role++)
        {
          guint index = 0;

          adw_combo_row_set_model (unit_row (self, role), G_LIST_MODEL (labels));
          if (chosen[role] != NULL && g_ptr_array_find (self->units, chosen[role], &index))
            adw_combo_row_set_selected (unit_row (self, role), index + 1);
          else
            clear_filled (self, role);
        }
      self->listing = FALSE;
    }
  else
    {
      self->listing = TRUE;
      for (guint role = 0; role < N_ROLES; role++)
        {
          adw_combo_row_set_model (unit_row (self, role), NULL);
          clear_filled (self, role);
        }
      self->listing = FALSE;
    }
  for (guint role = 0; role < N_ROLES; role++)
    gtk_widget_set_visible (GTK_WIDGET (unit_row (self, role)), role_applies (self, role));
  gtk_widget_set_visible (GTK_WIDGET (self->units_group),
                          self->units->len > 0 &&
                          (role_applies (self, MUSTER_FILL_ROLE_ACTING) ||
                           role_applies (self, MUSTER_FILL_ROLE_TARGET)));
}

static void
document_changed_cb (MusterPreviewPage *self)
{
  g_autofree int *values = NULL;

  self->units_stale = FALSE;
  list_units (self);
  if (self->procedure != NULL && !self->building)
    {
      values = read_values (self);
      mark_inputs (self, values);
    }
}

/* An army edit: listing every unit of a long list again costs more than the edit itself, so a
 * hidden page only notes it, and catches up when it shows or is asked. */
static void
units_changed_cb (MusterPreviewPage *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    document_changed_cb (self);
  else
    self->units_stale = TRUE;
}

static void
refresh_units (MusterPreviewPage *self)
{
  if (self->units_stale)
    document_changed_cb (self);
}

static void
procedure_selected_cb (MusterPreviewPage *self)
{
  guint selected = adw_combo_row_get_selected (self->procedure_row);

  if (selected >= self->procedures->len)
    self->procedure = NULL;
  else
    self->procedure = g_ptr_array_index (self->procedures, selected);

  gtk_label_set_text (self->summary_label, self->procedure ? self->procedure->summary : "");
  set_result (self, NULL, NULL);
  build_inputs (self);
  /* The units chosen stay chosen, and fill the new procedure's inputs. */
  list_units (self);
  for (guint role = 0; role < N_ROLES; role++)
    apply_unit (self, role);
  recompute (self);
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
            name = list[i]->exact ? g_strdup (list[i]->name)
                                  : g_strdup_printf (_("%s (simulated)"), list[i]->name);
            gtk_string_list_append (names, name);
          }
    }

  /* Setting the model selects its first item and runs procedure_selected_cb (). */
  adw_combo_row_set_model (self->procedure_row, G_LIST_MODEL (names));
  procedure_selected_cb (self);
}

static void
output_selected_cb (MusterPreviewPage *self)
{
  if (!self->building)
    show_result (self);
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
  MusterPreviewPage *self = MUSTER_PREVIEW_PAGE (widget);
  g_autofree char *text = muster_preview_page_dup_text (self);

  if (text == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  gtk_widget_activate_action (widget, "win.show-toast", "s", _("Result copied"));
}

/* Table cells: one factory per column, the column's property name as user data. */
static void
cell_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), g_str_equal (user_data, "label") ? 0.0 : 1.0);
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
cell_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  MusterOutcomeRow *row = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  const char *column = user_data;
  g_autofree char *text = NULL;
  double p;

  if (g_str_equal (column, "label"))
    {
      gtk_label_set_text (label, muster_outcome_row_get_label (row));
      return;
    }
  if (g_str_equal (column, "probability"))
    p = muster_outcome_row_get_probability (row);
  else if (g_str_equal (column, "at-least"))
    p = muster_outcome_row_get_at_least (row);
  else
    p = muster_outcome_row_get_at_most (row);
  text = g_strdup_printf ("%.3f%%", 100 * p);
  gtk_label_set_text (label, text);
}

static void
add_table_column (MusterPreviewPage *self,
                  const char        *title,
                  const char        *property)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup_cb), (gpointer) property);
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind_cb), (gpointer) property);
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (column, TRUE);
  gtk_column_view_append_column (self->table, column);
  g_object_unref (column);
}

static void
muster_preview_page_dispose (GObject *object)
{
  MusterPreviewPage *self = MUSTER_PREVIEW_PAGE (object);

  g_cancellable_cancel (self->simulation);
  g_clear_object (&self->simulation);
  /* No gtk_widget_dispose_template (): the template's root is AdwBin's child, which AdwBin
   * unparents itself; disposing the template too would unparent it twice. */
  g_clear_pointer (&self->result, muster_procedure_result_free);
  g_clear_pointer (&self->result_values, g_free);
  g_clear_pointer (&self->systems, g_ptr_array_unref);
  g_clear_pointer (&self->procedures, g_ptr_array_unref);
  g_clear_pointer (&self->input_rows, g_ptr_array_unref);
  g_clear_pointer (&self->input_widgets, g_ptr_array_unref);
  g_clear_pointer (&self->units, g_ptr_array_unref);
  g_clear_pointer (&self->unit_forces, g_ptr_array_unref);
  for (guint role = 0; role < N_ROLES; role++)
    clear_filled (self, role);
  g_clear_object (&self->document);

  G_OBJECT_CLASS (muster_preview_page_parent_class)->dispose (object);
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
      g_value_set_string (value, mode_names[self->mode]);
      break;

    case PROP_VIEW:
      g_value_set_string (value, self->show_table ? "table" : "chart");
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
  const char *text = g_value_get_string (value);

  switch (prop_id)
    {
    case PROP_MODE:
      for (guint i = 0; mode_names[i]; i++)
        if (g_strcmp0 (text, mode_names[i]) == 0 && self->mode != (MusterChartMode) i)
          {
            self->mode = i;
            gtk_widget_queue_draw (GTK_WIDGET (self->chart));
            g_object_notify_by_pspec (object, pspec);
          }
      break;

    case PROP_VIEW:
      if (self->show_table != (g_strcmp0 (text, "table") == 0))
        {
          self->show_table = !self->show_table;
          gtk_stack_set_visible_child_name (self->view_stack, self->show_table ? "table" : "chart");
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_preview_page_class_init (MusterPreviewPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_preview_page_dispose;
  object_class->get_property = muster_preview_page_get_property;
  object_class->set_property = muster_preview_page_set_property;

  /**
   * MusterPreviewPage:mode:
   *
   * What the bars show: "exactly", "at-least" or "at-most".
   */
  properties[PROP_MODE] =
    g_param_spec_string ("mode", NULL, NULL, "exactly",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * MusterPreviewPage:view:
   *
   * "chart" or "table".
   */
  properties[PROP_VIEW] =
    g_param_spec_string ("view", NULL, NULL, "chart",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

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
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, inputs_group);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, output_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, result_label);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, detail_label);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, chart);
  gtk_widget_class_bind_template_child (widget_class, MusterPreviewPage, table);
  gtk_widget_class_bind_template_callback (widget_class, system_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, procedure_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, output_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, unit_selected_cb);

  gtk_widget_class_install_property_action (widget_class, "preview.mode", "mode");
  gtk_widget_class_install_property_action (widget_class, "preview.view", "view");
  gtk_widget_class_install_action (widget_class, "preview.copy", NULL, copy_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "preview.copy", NULL);
}

static void
muster_preview_page_init (MusterPreviewPage *self)
{
  GtkEventController *motion;

  self->systems = g_ptr_array_new_with_free_func (g_free);
  self->procedures = g_ptr_array_new ();
  self->input_rows = g_ptr_array_new ();
  self->input_widgets = g_ptr_array_new ();
  self->units = g_ptr_array_new ();
  self->unit_forces = g_ptr_array_new ();
  self->hover = G_MININT;
  self->building = TRUE;

  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect (self, "map", G_CALLBACK (refresh_units), NULL);
  gtk_drawing_area_set_draw_func (self->chart, chart_draw_cb, self, NULL);
  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (chart_motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (chart_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->chart), motion);

  add_table_column (self, _("Result"), "label");
  add_table_column (self, _("Exactly"), "probability");
  add_table_column (self, _("At Least"), "at-least");
  add_table_column (self, _("At Most"), "at-most");

  self->building = FALSE;
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
  refresh_units (self);

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
  refresh_units (self);

  if (self->procedure == NULL || (index = muster_procedure_find_input (self->procedure, id)) < 0)
    return FALSE;

  write_input (self, index, value);
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
  refresh_units (self);

  if (self->procedure == NULL || (index = muster_procedure_find_input (self->procedure, id)) < 0)
    return FALSE;
  values = read_values (self);
  *value = values[index];
  return TRUE;
}

/* Returns: (nullable): the label of the unit input @id still holds the value of */
const char *
muster_preview_page_get_input_source (MusterPreviewPage *self,
                                      const char        *id)
{
  g_autofree int *values = NULL;
  int index;

  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), NULL);
  refresh_units (self);

  if (self->procedure == NULL || (index = muster_procedure_find_input (self->procedure, id)) < 0)
    return NULL;
  values = read_values (self);
  return input_source (self, index, values);
}

/**
 * muster_preview_page_set_document:
 * @document: (nullable): the window's document, whose units can fill the inputs
 */
void
muster_preview_page_set_document (MusterPreviewPage *self,
                                  MusterDocument    *document)
{
  g_return_if_fail (MUSTER_IS_PREVIEW_PAGE (self));
  g_return_if_fail (document == NULL || MUSTER_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_object (document, "notify::ruleset", G_CALLBACK (units_changed_cb),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "unit-changed", G_CALLBACK (units_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "children-changed", G_CALLBACK (units_changed_cb),
                               self, G_CONNECT_SWAPPED);
    }
  units_changed_cb (self);
}

/**
 * muster_preview_page_select_unit:
 * @role: the side @unit_id fills
 * @unit_id: (nullable): a unit of the document, or %NULL for none
 *
 * Chooses a unit as the user would, which fills the inputs describing it.
 *
 * Returns: FALSE if the list offers no such unit for the procedure shown, or the procedure
 *   has no such side (a Rally's target)
 */
gboolean
muster_preview_page_select_unit (MusterPreviewPage *self,
                                 MusterFillRole     role,
                                 const char        *unit_id)
{
  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), FALSE);
  refresh_units (self);
  g_return_val_if_fail (role < N_ROLES, FALSE);

  if (unit_id == NULL)
    {
      adw_combo_row_set_selected (unit_row (self, role), 0);
      return TRUE;
    }
  if (!role_applies (self, role))
    return FALSE;
  for (guint i = 0; i < self->units->len; i++)
    if (g_strcmp0 (muster_unit_get_id (g_ptr_array_index (self->units, i)), unit_id) == 0)
      {
        adw_combo_row_set_selected (unit_row (self, role), i + 1);
        return TRUE;
      }
  return FALSE;
}

/* Returns: (nullable): the result shown, %NULL while simulating or after an error */
const MusterProcedureResult *
muster_preview_page_get_result (MusterPreviewPage *self)
{
  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), NULL);
  refresh_units (self);
  return self->result;
}

/* Returns: (transfer full) (nullable): the result as the text "Copy" puts on the clipboard */
char *
muster_preview_page_dup_text (MusterPreviewPage *self)
{
  g_return_val_if_fail (MUSTER_IS_PREVIEW_PAGE (self), NULL);
  refresh_units (self);

  if (self->result == NULL)
    return NULL;
  return muster_procedure_result_to_text (self->result, self->result_values);
}
