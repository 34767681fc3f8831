/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-odds-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-odds-estimate.h"
#include "muster-odds-figure.h"
#include "muster-odds-panel-private.h"
#include "muster-outcome-view.h"
#include "muster-procedure-inputs.h"

/*
 * Each procedure's row in the odds panel: its key figure (exact procedures at once, simulated
 * ones played in a worker thread, a spinner and "Estimating…" meanwhile, the play of older
 * inputs cancelled) and, once expanded, its inputs (the Preview's widgets), each marked with
 * where its value came from and why ("From the table — 9.4″: medium range"), and the full
 * chart. Any input can be changed there: the change stays as the units move, until reset to
 * the table's values, and the figures and Resolve use it.
 */

/* Shows what @fill says in @inputs: each input marked with its source and reason; those the
 * user changed keep the user's value. */
static void
show_fill (MusterProcedureInputs *inputs,
           const MusterOddsFill  *fill)
{
  const MusterProcedure *procedure = fill->procedure;
  guint n = procedure->n_inputs;
  gboolean *set = g_new0 (gboolean, MAX (n, 1));
  char **held = g_new0 (char *, n + 1);
  char **changed = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *value = muster_procedure_format_input (&procedure->inputs[i],
                                                              fill->values[i]);
      const char *reason = fill->reasons[i] ? fill->reasons[i] : "";

      set[i] = TRUE;
      switch (fill->sources[i])
        {
        case MUSTER_ODDS_TABLE:
          /* TRANSLATORS: an input's mark, with the engine's reason: "From the table — 9.4″:
           * medium range" */
          held[i] = g_strdup_printf (_("From the table — %s"), reason);
          /* TRANSLATORS: "Changed; the table gives medium — 9.4″: medium range" */
          changed[i] = g_strdup_printf (_("Changed; the table gives %s — %s"), value, reason);
          break;
        case MUSTER_ODDS_LIST:
          /* TRANSLATORS: "From the list — acting: Iron Hill Crossbows" */
          held[i] = g_strdup_printf (_("From the list — %s"), reason);
          changed[i] = g_strdup_printf (_("Changed; the list gives %s — %s"), value, reason);
          break;
        case MUSTER_ODDS_ASK:
        default:
          held[i] = g_strdup (_("Neither the table nor the list knows it: set it"));
          /* TRANSLATORS: an input the user set; the default follows */
          changed[i] = g_strdup_printf (_("Set by you; %s by default"), value);
          break;
        }
    }
  muster_procedure_inputs_fill_marked (inputs, 0, set,
                                       g_memdup2 (fill->values, sizeof (int) * MAX (n, 1)),
                                       held, changed);
}

/* @procedure's inputs for the units where they stand; once the row has been expanded, its
 * inputs show them, and the values there (what the user changed) are the ones returned. */
static MusterOddsFill *
row_fill (AdwExpanderRow        *row,
          const MusterOddsFacts *facts,
          GError               **error)
{
  const MusterProcedure *procedure = g_object_get_data (G_OBJECT (row), "procedure");
  MusterProcedureInputs *inputs = g_object_get_data (G_OBJECT (row), "inputs");
  MusterOddsFill *fill = muster_odds_fill_new (facts, procedure, error);
  g_autofree int *values = NULL;

  if (fill == NULL || inputs == NULL || procedure->n_inputs == 0)
    return fill;
  show_fill (inputs, fill);
  values = muster_procedure_inputs_dup_values (inputs);
  memcpy (fill->values, values, sizeof (int) * procedure->n_inputs);
  return fill;
}

/* An input changed by the user: the figures again (a simulated one played again). */
static void
inputs_changed_cb (MusterProcedureInputs *inputs,
                   MusterOddsPanel       *self)
{
  _muster_odds_panel_update_rows (self);
}

static void
reset_clicked_cb (GtkButton             *button,
                  MusterProcedureInputs *inputs)
{
  muster_procedure_inputs_reset (inputs, 0);
}

/* A simulated procedure's play has ended: its figure (unless the table rules it out, which the
 * row says instead) and the chart, if the row has one. */
static void
estimated_cb (GtkWidget             *row,
              MusterProcedureResult *result,
              const int             *values,
              const GError          *error,
              gpointer               user_data)
{
  MusterOddsPanel *self = user_data;
  const MusterProcedure *procedure = g_object_get_data (G_OBJECT (row), "procedure");
  MusterOutcomeView *chart = g_object_get_data (G_OBJECT (row), "chart");
  GtkWidget *spinner = g_object_get_data (G_OBJECT (row), "spinner");
  char *figure = result ? muster_odds_key_figure (result) : g_strdup (error->message);

  gtk_spinner_stop (GTK_SPINNER (spinner));
  gtk_widget_set_visible (spinner, FALSE);
  if (g_object_get_data (G_OBJECT (row), "blocked") == NULL)
    {
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), figure);
      g_hash_table_replace (self->figures, g_strdup (procedure->id), figure);
    }
  else
    g_free (figure);
  if (chart == NULL)
    g_clear_pointer (&result, muster_procedure_result_free);
  else if (result == NULL)
    muster_outcome_view_set_status (chart, error->message);
  else
    muster_outcome_view_set_result (chart, result,
                                    g_memdup2 (values,
                                               sizeof (int) * MAX (procedure->n_inputs, 1)));
}

/* Plays a simulated procedure with @fill's values in the background, unless it has them
 * already (and not @again). Returns: whether a play was asked for */
static gboolean
start_estimate (MusterOddsPanel       *self,
                AdwExpanderRow        *row,
                const MusterOddsFacts *facts,
                const MusterOddsFill  *fill,
                gboolean               again)
{
  MusterOutcomeView *chart = g_object_get_data (G_OBJECT (row), "chart");
  GtkWidget *spinner = g_object_get_data (G_OBJECT (row), "spinner");

  if (!muster_odds_estimate_start (GTK_WIDGET (row), fill->procedure, facts->ruleset,
                                   fill->values, SIMULATED_TRIALS, again, estimated_cb, self))
    return FALSE;
  gtk_widget_set_visible (spinner, TRUE);
  gtk_spinner_start (GTK_SPINNER (spinner));
  if (chart != NULL)
    muster_outcome_view_set_status (chart, _("Estimating…"));
  return TRUE;
}

/* The expanded row's inputs, with a reset, and its chart. */
static void
add_details (MusterOddsPanel *self,
             AdwExpanderRow  *row)
{
  const MusterProcedure *procedure = g_object_get_data (G_OBJECT (row), "procedure");
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkLabel *reasons = GTK_LABEL (gtk_label_new (NULL));
  MusterOutcomeView *chart = MUSTER_OUTCOME_VIEW (g_object_new (MUSTER_TYPE_OUTCOME_VIEW, NULL));
  MusterProcedureInputs *inputs;
  GtkWidget *reset;

  gtk_label_set_wrap (reasons, TRUE);
  gtk_label_set_xalign (reasons, 0);
  gtk_widget_add_css_class (GTK_WIDGET (reasons), "caption");
  muster_outcome_view_set_procedure (chart, procedure);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (reasons));
  if (procedure->n_inputs > 0)
    {
      inputs = MUSTER_PROCEDURE_INPUTS (g_object_new (MUSTER_TYPE_PROCEDURE_INPUTS, NULL));
      muster_procedure_inputs_set_procedure (inputs, procedure);
      g_object_set_data (G_OBJECT (inputs), "row", row);
      g_signal_connect_object (inputs, "changed", G_CALLBACK (inputs_changed_cb), self, 0);
      reset = gtk_button_new_with_mnemonic (_("Reset _Inputs"));
      gtk_widget_set_tooltip_text (reset, _("Give every input the value the table and the "
                                            "lists give it again"));
      gtk_widget_set_halign (reset, GTK_ALIGN_END);
      g_signal_connect_object (reset, "clicked", G_CALLBACK (reset_clicked_cb), inputs, 0);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (inputs));
      gtk_box_append (GTK_BOX (box), reset);
      g_object_set_data (G_OBJECT (row), "inputs", inputs);
      g_object_set_data (G_OBJECT (row), "reset", reset);
    }
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (chart));
  adw_expander_row_add_row (row, box);
  g_object_set_data (G_OBJECT (row), "reasons", reasons);
  g_object_set_data (G_OBJECT (row), "chart", chart);
}

/* The expanded row's inputs and chart, played again for the units where they stand now. */
void
_muster_odds_panel_show_details (MusterOddsPanel *self,
                                 AdwExpanderRow  *row)
{
  const MusterProcedure *procedure = g_object_get_data (G_OBJECT (row), "procedure");
  GtkLabel *reasons = g_object_get_data (G_OBJECT (row), "reasons");
  MusterOutcomeView *chart = g_object_get_data (G_OBJECT (row), "chart");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterOddsFill) fill = NULL;
  MusterProcedureResult *result;
  gboolean created = FALSE;

  if (chart == NULL)
    {
      add_details (self, row);
      reasons = g_object_get_data (G_OBJECT (row), "reasons");
      chart = g_object_get_data (G_OBJECT (row), "chart");
      created = TRUE;
    }
  if (!(facts = _muster_odds_panel_read_facts (self, &error)) || !(fill = row_fill (row, facts, &error)))
    {
      muster_outcome_view_set_status (chart, error->message);
      return;
    }
  if (fill->blocked != NULL)
    {
      g_autofree char *why = g_strdup_printf (_("Not possible as they stand: %s. The odds are "
                                                "those of the nearest case."), fill->blocked);

      gtk_label_set_text (reasons, why);
    }
  else if (procedure->n_inputs == 0)
    gtk_label_set_text (reasons, _("The table fills none of its inputs."));
  gtk_widget_set_visible (GTK_WIDGET (reasons),
                          fill->blocked != NULL || procedure->n_inputs == 0);
  if (procedure->exact == NULL)
    {
      /* the figure's play went to no chart: once more for the new one */
      if (created)
        start_estimate (self, row, facts, fill, TRUE);
      return;
    }
  if (!(result = muster_odds_fill_run (fill, facts, 1, 1, &error)))
    {
      muster_outcome_view_set_status (chart, error->message);
      return;
    }
  muster_outcome_view_set_result (chart, result,
                                  g_memdup2 (fill->values,
                                             sizeof (int) * MAX (procedure->n_inputs, 1)));
}

/* Each row's key figure: exact procedures now, simulated ones in the background. */
void
_muster_odds_panel_update_figures (MusterOddsPanel       *self,
                                   const MusterOddsFacts *facts)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      AdwExpanderRow *row = self->rows->pdata[i];
      const MusterProcedure *procedure = g_object_get_data (G_OBJECT (row), "procedure");
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterOddsFill) fill = NULL;
      g_autoptr(MusterProcedureResult) result = NULL;
      gboolean was_blocked = g_object_get_data (G_OBJECT (row), "blocked") != NULL;
      char *figure;

      if (!(fill = row_fill (row, facts, &error)))
        figure = g_strdup (error->message);
      else if (fill->blocked != NULL)
        /* TRANSLATORS: "Not possible: out of range: 34.6″, beyond its 24″ reach" */
        figure = g_strdup_printf (_("Not possible: %s"), fill->blocked);
      else if (procedure->exact == NULL)
        figure = NULL;   /* from the play, when it ends */
      else if (!(result = muster_odds_fill_run (fill, facts, 1, 1, &error)))
        figure = g_strdup (error->message);
      else
        figure = muster_odds_key_figure (result);
      g_object_set_data_full (G_OBJECT (row), "blocked",
                              fill && fill->blocked ? g_strdup (fill->blocked) : NULL, g_free);
      if (procedure->exact == NULL && fill == NULL)
        muster_odds_estimate_cancel (GTK_WIDGET (row));
      /* a procedure ruled out is played only for its chart */
      else if (procedure->exact == NULL &&
               (fill->blocked == NULL || g_object_get_data (G_OBJECT (row), "chart") != NULL) &&
               start_estimate (self, row, facts, fill, was_blocked != (fill->blocked != NULL)) &&
               fill->blocked == NULL)
        figure = g_strdup (_("Estimating…"));
      if (figure != NULL)
        {
          adw_expander_row_set_subtitle (row, figure);
          g_hash_table_replace (self->figures, g_strdup (procedure->id), figure);
        }
      /* what the table rules out cannot be rolled */
      gtk_widget_set_sensitive (g_object_get_data (G_OBJECT (row), "resolve"),
                                fill == NULL || fill->blocked == NULL);
      if (adw_expander_row_get_expanded (row) && procedure->exact != NULL)
        _muster_odds_panel_show_details (self, row);
    }
}

