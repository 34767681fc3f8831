/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-outcome-view"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include "muster-chart-painter.h"
#include "muster-outcome-row.h"
#include "muster-outcome-view.h"
#include "muster-procedure-text.h"

/*
 * The result of a procedure, one outcome at a time: its mean, and the chance of each result as
 * a chart or a table, exactly, at least or at most. Pointing at a bar gives its three chances.
 * It shows what it is given; Preview runs the procedure.
 */

struct _MusterOutcomeView
{
  AdwBin                  parent_instance;

  /* Template Widgets */
  GtkDropDown            *output_dropdown;
  GtkLabel               *result_label;
  GtkLabel               *detail_label;
  GtkStack               *view_stack;
  GtkDrawingArea         *chart;
  GtkColumnView          *table;
  GtkColumnViewColumn    *at_least_column;
  GtkColumnViewColumn    *at_most_column;

  /* Owned References */
  MusterProcedureResult  *result;
  int                    *result_values;

  /* State */
  const MusterProcedure  *procedure;
  MusterChartLayout       layout;
  MusterChartMode         mode;
  gboolean                show_table;
  int                     hover;
  gboolean                listing_outputs;  /* while the output menu is being remade */
};

enum {
  PROP_0,
  PROP_MODE,
  PROP_VIEW,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (MusterOutcomeView, muster_outcome_view, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static const char * const mode_names[] = { "exactly", "at-least", "at-most", NULL };

static guint
selected_output (MusterOutcomeView *self)
{
  guint output = gtk_drop_down_get_selected (self->output_dropdown);

  if (self->procedure == NULL || output >= self->procedure->n_outputs)
    return 0;
  return output;
}

/* An outcome whose values are named ("Pass", "Repulse", "Rout") is a category, not a count:
 * their order means nothing, so it has no mean and no "at least" or "at most". */
static gboolean
is_categories (MusterOutcomeView *self)
{
  return self->procedure != NULL && self->procedure->n_outputs > 0
    && self->procedure->outputs[selected_output (self)].value_labels != NULL;
}

static MusterChartMode
chart_mode (MusterOutcomeView *self)
{
  return is_categories (self) ? MUSTER_CHART_CATEGORIES : self->mode;
}

static MusterDist *
current_dist (MusterOutcomeView *self)
{
  if (self->result == NULL)
    return NULL;
  return muster_procedure_result_get_output (self->result, selected_output (self));
}

static char *
chart_label_cb (int      value,
                gpointer user_data)
{
  MusterOutcomeView *self = user_data;

  return muster_procedure_format_value_shown (self->procedure, selected_output (self), value);
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
  MusterOutcomeView *self = user_data;
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

  muster_chart_layout_compute (&self->layout, dist, chart_mode (self), width, height);
  muster_chart_paint (cr, &self->layout, dist, chart_mode (self), &style, chart_label_cb, self,
                      self->hover);
}

static void
update_detail (MusterOutcomeView *self)
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
      /* The table has every chance written out: nothing to point at */
      gtk_label_set_text (self->detail_label,
                          self->show_table ? "" : _("Point at a bar for its chances."));
      return;
    }

  label = muster_procedure_format_value_shown (self->procedure, selected_output (self),
                                               self->hover);
  if (is_categories (self))
    /* TRANSLATORS: the chance of one category of an outcome, "Rout: 12.50%" */
    text = g_strdup_printf (_("%s: %.2f%%"), label, 100 * muster_dist_get_prob (dist, self->hover));
  else
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
                 MusterOutcomeView        *self)
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
                MusterOutcomeView        *self)
{
  chart_motion_cb (controller, -1, -1, self);
}

static void
show_result (MusterOutcomeView *self)
{
  const MusterProcedure *p = self->procedure;
  MusterDist *dist = current_dist (self);
  g_autoptr(GListModel) rows = NULL;
  g_autofree char *text = NULL;
  GtkSelectionModel *selection;
  const char *output_label;

  if (dist == NULL)
    {
      gtk_label_set_text (self->result_label, "");
      gtk_column_view_set_model (self->table, NULL);
      gtk_widget_queue_draw (GTK_WIDGET (self->chart));
      update_detail (self);
      return;
    }

  /* Counts have a mean; categories only their chances */
  output_label = muster_procedure_text (p->outputs[selected_output (self)].label);
  if (is_categories (self) && muster_procedure_result_is_exact (self->result))
    /* TRANSLATORS: an outcome whose values are categories, "Result: categories, exact" */
    text = g_strdup_printf (_("%s: categories, exact"), output_label);
  else if (is_categories (self))
    text = g_strdup_printf (_("%s: categories, simulated over %" PRIu64 " games"),
                            output_label,
                            muster_procedure_result_get_trials (self->result));
  else if (muster_procedure_result_is_exact (self->result))
    /* TRANSLATORS: an outcome that counts something, "Casualties: a count, mean 1.25, exact" */
    text = g_strdup_printf (_("%s: a count, mean %.2f, exact"), output_label,
                            muster_dist_get_mean (dist));
  else
    text = g_strdup_printf (_("%s: a count, mean %.2f, simulated over %" PRIu64 " games"),
                            output_label,
                            muster_dist_get_mean (dist),
                            muster_procedure_result_get_trials (self->result));
  gtk_label_set_text (self->result_label, text);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "outcome.mode", !is_categories (self));
  gtk_column_view_column_set_visible (self->at_least_column, !is_categories (self));
  gtk_column_view_column_set_visible (self->at_most_column, !is_categories (self));

  rows = muster_outcome_rows_new (self->result, selected_output (self));
  selection = GTK_SELECTION_MODEL (gtk_no_selection_new (g_steal_pointer (&rows)));
  gtk_column_view_set_model (self->table, selection);
  g_object_unref (selection);

  self->hover = G_MININT;
  update_detail (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->chart));
}

static void
output_selected_cb (MusterOutcomeView *self)
{
  if (!self->listing_outputs)
    show_result (self);
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  muster_outcome_view_copy (MUSTER_OUTCOME_VIEW (widget));
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

static GtkColumnViewColumn *
add_table_column (MusterOutcomeView *self,
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
  return column;
}

static void
muster_outcome_view_dispose (GObject *object)
{
  MusterOutcomeView *self = MUSTER_OUTCOME_VIEW (object);

  /* No gtk_widget_dispose_template (): AdwBin unparents the template's root itself. */
  g_clear_pointer (&self->result, muster_procedure_result_free);
  g_clear_pointer (&self->result_values, g_free);

  G_OBJECT_CLASS (muster_outcome_view_parent_class)->dispose (object);
}

static void
muster_outcome_view_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  MusterOutcomeView *self = MUSTER_OUTCOME_VIEW (object);

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
muster_outcome_view_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  MusterOutcomeView *self = MUSTER_OUTCOME_VIEW (object);
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
          update_detail (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_outcome_view_class_init (MusterOutcomeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_outcome_view_dispose;
  object_class->get_property = muster_outcome_view_get_property;
  object_class->set_property = muster_outcome_view_set_property;

  /**
   * MusterOutcomeView:mode:
   *
   * What the bars show: "exactly", "at-least" or "at-most".
   */
  properties[PROP_MODE] =
    g_param_spec_string ("mode", NULL, NULL, "exactly",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * MusterOutcomeView:view:
   *
   * "chart" or "table".
   */
  properties[PROP_VIEW] =
    g_param_spec_string ("view", NULL, NULL, "chart",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/muster-outcome-view.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterOutcomeView, output_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterOutcomeView, result_label);
  gtk_widget_class_bind_template_child (widget_class, MusterOutcomeView, detail_label);
  gtk_widget_class_bind_template_child (widget_class, MusterOutcomeView, view_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterOutcomeView, chart);
  gtk_widget_class_bind_template_child (widget_class, MusterOutcomeView, table);
  gtk_widget_class_bind_template_callback (widget_class, output_selected_cb);

  gtk_widget_class_install_property_action (widget_class, "outcome.mode", "mode");
  gtk_widget_class_install_property_action (widget_class, "outcome.view", "view");
  gtk_widget_class_install_action (widget_class, "outcome.copy", NULL, copy_action);
}

static void
muster_outcome_view_init (MusterOutcomeView *self)
{
  GtkEventController *motion;

  self->hover = G_MININT;

  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_drawing_area_set_draw_func (self->chart, chart_draw_cb, self, NULL);
  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (chart_motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (chart_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->chart), motion);

  add_table_column (self, _("Result"), "label");
  add_table_column (self, _("Exactly"), "probability");
  self->at_least_column = add_table_column (self, _("At Least"), "at-least");
  self->at_most_column = add_table_column (self, _("At Most"), "at-most");
}

/**
 * muster_outcome_view_set_procedure:
 * @procedure: (nullable): the procedure whose results are to come
 *
 * Clears the result shown, and offers @procedure's outcomes.
 */
void
muster_outcome_view_set_procedure (MusterOutcomeView     *self,
                                   const MusterProcedure *procedure)
{
  g_autoptr(GtkStringList) outputs = gtk_string_list_new (NULL);

  g_return_if_fail (MUSTER_IS_OUTCOME_VIEW (self));

  self->procedure = procedure;
  muster_outcome_view_set_result (self, NULL, NULL);
  if (procedure == NULL)
    return;

  self->listing_outputs = TRUE;
  for (guint i = 0; i < procedure->n_outputs; i++)
    gtk_string_list_append (outputs, muster_procedure_text (procedure->outputs[i].label));
  gtk_drop_down_set_model (self->output_dropdown, G_LIST_MODEL (outputs));
  gtk_drop_down_set_selected (self->output_dropdown, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->output_dropdown), procedure->n_outputs > 1);
  self->listing_outputs = FALSE;
}

/**
 * muster_outcome_view_set_result:
 * @result: (transfer full) (nullable): the procedure's result, or %NULL for none
 * @values: (transfer full) (nullable): the inputs it was run with
 */
void
muster_outcome_view_set_result (MusterOutcomeView     *self,
                                MusterProcedureResult *result,
                                int                   *values)
{
  g_return_if_fail (MUSTER_IS_OUTCOME_VIEW (self));

  g_clear_pointer (&self->result, muster_procedure_result_free);
  g_clear_pointer (&self->result_values, g_free);
  self->result = result;
  self->result_values = values;
  show_result (self);
}

/* Says what there is instead of a result: "Simulating…", or what went wrong. */
void
muster_outcome_view_set_status (MusterOutcomeView *self,
                                const char        *status)
{
  g_return_if_fail (MUSTER_IS_OUTCOME_VIEW (self));
  gtk_label_set_text (self->result_label, status);
}

/* Returns: (nullable): the result shown */
const MusterProcedureResult *
muster_outcome_view_get_result (MusterOutcomeView *self)
{
  g_return_val_if_fail (MUSTER_IS_OUTCOME_VIEW (self), NULL);
  return self->result;
}

/* Returns: (transfer full) (nullable): the result and its inputs as text */
char *
muster_outcome_view_dup_text (MusterOutcomeView *self)
{
  g_return_val_if_fail (MUSTER_IS_OUTCOME_VIEW (self), NULL);

  if (self->result == NULL)
    return NULL;
  return muster_procedure_result_to_text (self->result, self->result_values);
}

/* Puts the result on the clipboard as text, and says so in a toast. */
void
muster_outcome_view_copy (MusterOutcomeView *self)
{
  g_autofree char *text = NULL;

  g_return_if_fail (MUSTER_IS_OUTCOME_VIEW (self));

  if ((text = muster_outcome_view_dup_text (self)) == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-toast", "s", _("Result copied"));
}
