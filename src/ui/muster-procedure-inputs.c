/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-procedure-inputs"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-procedure-inputs.h"
#include "muster-procedure-text.h"

/*
 * A procedure's inputs, one row each: a spin button for a number, a switch for a yes or no, a
 * list for a choice, with the input's help as the tooltip. Inputs can be filled from a unit
 * for either side, through the same widgets; those still holding the unit's value are marked
 * "From Iron Guard", and the mark goes when the user changes the value. The odds panel fills
 * them with a mark per input instead ("From the table — 9.4″: medium range"), and one for
 * when the user has changed it, that still says what the table gives; such a changed input
 * has a button of its own to put the table's value back.
 */

struct _MusterProcedureInputs
{
  AdwBin                 parent_instance;

  /* Template Widgets */
  AdwPreferencesGroup   *group;

  /* Owned References */
  GPtrArray             *rows;       /* GtkWidget rows in group */
  GPtrArray             *widgets;    /* the editable widget of each */
  GPtrArray             *resets;     /* the reset button of each, shown once it is changed */
  gboolean              *filled[MUSTER_N_FILL_ROLES];        /* per input: set from the unit */
  int                   *filled_values[MUSTER_N_FILL_ROLES]; /* what the unit set */
  char                  *filled_from[MUSTER_N_FILL_ROLES];   /* the unit's label */
  char                 **held_marks[MUSTER_N_FILL_ROLES];    /* (nullable): per input, the
                                                                subtitle while it holds */
  char                 **changed_marks[MUSTER_N_FILL_ROLES]; /* (nullable): and once changed */

  /* State */
  const MusterProcedure *procedure;
  gboolean               filling;    /* while a unit's values are being written */
};

enum {
  CHANGED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (MusterProcedureInputs, muster_procedure_inputs, ADW_TYPE_BIN)

static guint signals[N_SIGNALS];

/* The role that filled input @index last, or -1. */
static int
input_role (MusterProcedureInputs *self,
            guint                  index)
{
  for (int role = MUSTER_N_FILL_ROLES - 1; role >= 0; role--)
    if (self->filled[role] != NULL && self->filled[role][index])
      return role;
  return -1;
}

/* The unit that input @index came from, if it still holds the value that unit gave it. */
static const char *
input_source (MusterProcedureInputs *self,
              guint                  index,
              const int             *values)
{
  for (guint role = 0; role < MUSTER_N_FILL_ROLES; role++)
    if (self->filled[role] != NULL && self->filled[role][index] &&
        self->filled_values[role][index] == values[index])
      return self->filled_from[role];
  return NULL;
}

/* What the row of input @index says about where its value came from. */
static char *
input_mark (MusterProcedureInputs *self,
            guint                  index,
            const int             *values)
{
  const char *source = input_source (self, index, values);
  int role = input_role (self, index);

  if (role >= 0 && self->held_marks[role] != NULL)
    return g_strdup (source != NULL ? self->held_marks[role][index]
                                    : self->changed_marks[role][index]);
  return source != NULL ? g_strdup_printf (_("From %s"), source) : NULL;
}

/* Marks the inputs whose values came from a unit: "From Iron Guard". */
static void
mark_inputs (MusterProcedureInputs *self)
{
  g_autofree int *values = NULL;

  if (self->procedure == NULL)
    return;
  values = muster_procedure_inputs_dup_values (self);
  for (guint i = 0; i < self->rows->len; i++)
    {
      g_autofree char *subtitle = input_mark (self, i, values);

      int role = input_role (self, i);

      adw_action_row_set_subtitle (g_ptr_array_index (self->rows, i), subtitle);
      /* only marked fills (the odds panel's) offer it: there the table's value is one click
       * away, while the Preview's units are filled again by hand */
      gtk_widget_set_visible (g_ptr_array_index (self->resets, i),
                              role >= 0 && self->held_marks[role] != NULL &&
                              input_source (self, i, values) == NULL);
    }
}

static void
clear_filled (MusterProcedureInputs *self,
              guint                  role)
{
  g_clear_pointer (&self->filled[role], g_free);
  g_clear_pointer (&self->filled_values[role], g_free);
  g_clear_pointer (&self->filled_from[role], g_free);
  g_clear_pointer (&self->held_marks[role], g_strfreev);
  g_clear_pointer (&self->changed_marks[role], g_strfreev);
}

static void
write_input (MusterProcedureInputs *self,
             guint                  index,
             int                    value)
{
  GtkWidget *widget = g_ptr_array_index (self->widgets, index);

  if (GTK_IS_SPIN_BUTTON (widget))
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), value);
  else if (GTK_IS_SWITCH (widget))
    gtk_switch_set_active (GTK_SWITCH (widget), value != 0);
  else if (ADW_IS_COMBO_ROW (widget))
    adw_combo_row_set_selected (ADW_COMBO_ROW (widget), value);
}

static void
input_changed_cb (MusterProcedureInputs *self)
{
  if (self->filling)
    return;
  mark_inputs (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* One input's reset: the value its fill gave it, as the user would set it (::changed). */
static void
reset_input_clicked_cb (GtkButton             *button,
                        MusterProcedureInputs *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index"));
  int role = input_role (self, index);

  if (role >= 0)
    write_input (self, index, self->filled_values[role][index]);
}

static GtkWidget *
make_reset_button (MusterProcedureInputs *self,
                   guint                  index)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("edit-undo-symbolic");

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Give this input its value from the table, the list "
                                         "or the default again"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Reset Input"), -1);
  gtk_widget_set_visible (button, FALSE);
  g_object_set_data (G_OBJECT (button), "index", GUINT_TO_POINTER (index));
  g_signal_connect_object (button, "clicked", G_CALLBACK (reset_input_clicked_cb), self, 0);
  return button;
}

static GtkWidget *
make_input_row (MusterProcedureInputs *self,
                const MusterInputSpec *spec,
                GtkWidget            **editable)
{
  GtkWidget *row;

  switch (spec->type)
    {
    case MUSTER_INPUT_CHOICE:
      {
        const char * const *names = spec->choice_labels ? spec->choice_labels : spec->choices;
        g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

        for (guint i = 0; names[i] != NULL; i++)
          gtk_string_list_append (labels, muster_procedure_text_in (self->procedure, names[i]));

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

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                 muster_procedure_text_in (self->procedure, spec->label));
  gtk_widget_set_tooltip_text (row, muster_procedure_text_in (self->procedure, spec->help));
  return row;
}

static void
muster_procedure_inputs_dispose (GObject *object)
{
  MusterProcedureInputs *self = MUSTER_PROCEDURE_INPUTS (object);

  /* No gtk_widget_dispose_template (): AdwBin unparents the template's root itself. */
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->widgets, g_ptr_array_unref);
  g_clear_pointer (&self->resets, g_ptr_array_unref);
  for (guint role = 0; role < MUSTER_N_FILL_ROLES; role++)
    clear_filled (self, role);

  G_OBJECT_CLASS (muster_procedure_inputs_parent_class)->dispose (object);
}

static void
muster_procedure_inputs_class_init (MusterProcedureInputsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_procedure_inputs_dispose;

  /**
   * MusterProcedureInputs::changed:
   *
   * The user changed an input (or muster_procedure_inputs_set_value() did, as the user
   * would); not emitted for the inputs a unit fills.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/muster-procedure-inputs.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterProcedureInputs, group);
}

static void
muster_procedure_inputs_init (MusterProcedureInputs *self)
{
  self->rows = g_ptr_array_new ();
  self->widgets = g_ptr_array_new ();
  self->resets = g_ptr_array_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * muster_procedure_inputs_set_procedure:
 * @procedure: (nullable): the procedure whose inputs to edit, at their defaults
 *
 * Forgets the units that filled the inputs before.
 */
void
muster_procedure_inputs_set_procedure (MusterProcedureInputs *self,
                                       const MusterProcedure *procedure)
{
  g_return_if_fail (MUSTER_IS_PROCEDURE_INPUTS (self));

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->group, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->widgets, 0);
  g_ptr_array_set_size (self->resets, 0);
  for (guint role = 0; role < MUSTER_N_FILL_ROLES; role++)
    clear_filled (self, role);

  self->procedure = procedure;
  if (procedure == NULL)
    return;

  for (guint i = 0; i < procedure->n_inputs; i++)
    {
      GtkWidget *editable = NULL;
      GtkWidget *row = make_input_row (self, &procedure->inputs[i], &editable);
      GtkWidget *reset = make_reset_button (self, i);

      /* after the value, at the row's end, where the eye is when changing it */
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), reset);
      adw_preferences_group_add (self->group, row);
      g_ptr_array_add (self->rows, row);
      g_ptr_array_add (self->widgets, editable);
      g_ptr_array_add (self->resets, reset);
    }
}

/* Returns: (transfer full): the value each input's widget shows, in the procedure's order */
int *
muster_procedure_inputs_dup_values (MusterProcedureInputs *self)
{
  int *values;

  g_return_val_if_fail (MUSTER_IS_PROCEDURE_INPUTS (self), NULL);
  g_return_val_if_fail (self->procedure != NULL, NULL);

  values = muster_procedure_default_values (self->procedure);
  for (guint i = 0; i < self->widgets->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (self->widgets, i);

      if (GTK_IS_SPIN_BUTTON (widget))
        values[i] = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
      else if (GTK_IS_SWITCH (widget))
        values[i] = gtk_switch_get_active (GTK_SWITCH (widget));
      else if (ADW_IS_COMBO_ROW (widget))
        values[i] = adw_combo_row_get_selected (ADW_COMBO_ROW (widget));
    }
  return values;
}

/* Sets input @index as the user would, through its widget: a change emits ::changed. */
void
muster_procedure_inputs_set_value (MusterProcedureInputs *self,
                                   guint                  index,
                                   int                    value)
{
  g_return_if_fail (MUSTER_IS_PROCEDURE_INPUTS (self));
  g_return_if_fail (index < self->widgets->len);

  write_input (self, index, value);
}

/**
 * muster_procedure_inputs_fill:
 * @role: the side the unit is on
 * @source: the unit's label, for the marks
 * @set: (transfer full): per input, whether the unit sets it
 * @values: (transfer full): per input, the value the unit gives it
 *
 * Writes the inputs a unit sets into their widgets, without ::changed, and marks them as the
 * unit's while they keep its values.
 */
void
muster_procedure_inputs_fill (MusterProcedureInputs *self,
                              MusterFillRole         role,
                              const char            *source,
                              gboolean              *set,
                              int                   *values)
{
  g_return_if_fail (MUSTER_IS_PROCEDURE_INPUTS (self));
  g_return_if_fail (role < MUSTER_N_FILL_ROLES);
  g_return_if_fail (self->procedure != NULL);

  clear_filled (self, role);
  self->filling = TRUE;
  for (guint i = 0; i < self->procedure->n_inputs; i++)
    if (set[i])
      write_input (self, i, values[i]);
  self->filling = FALSE;

  self->filled_from[role] = g_strdup (source);
  self->filled[role] = set;
  self->filled_values[role] = values;
  mark_inputs (self);
}

/**
 * muster_procedure_inputs_fill_marked:
 * @role: the slot the values take (they replace what it held)
 * @set: (transfer full): per input, whether it is filled
 * @values: (transfer full): per input, the value it is given
 * @held: (transfer full): per input, the subtitle while it holds that value
 * @changed: (transfer full): per input, the subtitle once the user changed it
 *
 * As muster_procedure_inputs_fill(), with a mark per input; and an input the user changed
 * from what @role gave it before keeps the user's value (the table fills them again as the
 * units move, and what the user typed stays until reset).
 */
void
muster_procedure_inputs_fill_marked (MusterProcedureInputs *self,
                                     MusterFillRole         role,
                                     gboolean              *set,
                                     int                   *values,
                                     char                 **held,
                                     char                 **changed)
{
  g_autofree int *shown = NULL;

  g_return_if_fail (MUSTER_IS_PROCEDURE_INPUTS (self));
  g_return_if_fail (role < MUSTER_N_FILL_ROLES);
  g_return_if_fail (self->procedure != NULL);

  shown = muster_procedure_inputs_dup_values (self);
  self->filling = TRUE;
  for (guint i = 0; i < self->procedure->n_inputs; i++)
    {
      gboolean user_changed = self->filled[role] != NULL && self->filled[role][i] &&
                              self->filled_values[role][i] != shown[i];

      if (set[i] && !user_changed)
        write_input (self, i, values[i]);
    }
  self->filling = FALSE;

  clear_filled (self, role);
  self->filled_from[role] = g_strdup ("");
  self->filled[role] = set;
  self->filled_values[role] = values;
  self->held_marks[role] = held;
  self->changed_marks[role] = changed;
  mark_inputs (self);
}

/* Puts back the value @role gave each input it fills; one ::changed if any moved. */
void
muster_procedure_inputs_reset (MusterProcedureInputs *self,
                               MusterFillRole         role)
{
  g_autofree int *before = NULL;
  g_autofree int *after = NULL;

  g_return_if_fail (MUSTER_IS_PROCEDURE_INPUTS (self));
  g_return_if_fail (role < MUSTER_N_FILL_ROLES);

  if (self->procedure == NULL || self->filled[role] == NULL)
    return;
  before = muster_procedure_inputs_dup_values (self);
  self->filling = TRUE;
  for (guint i = 0; i < self->procedure->n_inputs; i++)
    if (self->filled[role][i])
      write_input (self, i, self->filled_values[role][i]);
  self->filling = FALSE;
  after = muster_procedure_inputs_dup_values (self);
  mark_inputs (self);
  if (memcmp (before, after, sizeof (int) * self->procedure->n_inputs) != 0)
    g_signal_emit (self, signals[CHANGED], 0);
}

/* Forgets the unit that filled @role's inputs: they keep their values, unmarked. */
void
muster_procedure_inputs_clear_fill (MusterProcedureInputs *self,
                                    MusterFillRole         role)
{
  g_return_if_fail (MUSTER_IS_PROCEDURE_INPUTS (self));
  g_return_if_fail (role < MUSTER_N_FILL_ROLES);

  clear_filled (self, role);
  mark_inputs (self);
}

/* Returns: (nullable): the label of the unit input @index still holds the value of */
const char *
muster_procedure_inputs_get_source (MusterProcedureInputs *self,
                                    guint                  index)
{
  g_autofree int *values = NULL;

  g_return_val_if_fail (MUSTER_IS_PROCEDURE_INPUTS (self), NULL);
  g_return_val_if_fail (index < self->widgets->len, NULL);

  values = muster_procedure_inputs_dup_values (self);
  return input_source (self, index, values);
}
