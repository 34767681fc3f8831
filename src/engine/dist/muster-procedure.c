/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-procedure"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "muster-engine-error.h"
#include "muster-procedure.h"
#include "muster-system.h"

struct _MusterProcedureResult
{
  const MusterProcedure *procedure;
  MusterDist           **outputs;
  guint64                trials;    /* 0 for exact results */
};

/**
 * muster_procedure_list:
 * @n_procedures: (out) (optional): the number of procedures
 *
 * Returns: (transfer none): every procedure of every system, by system then in book order
 */
const MusterProcedure * const *
muster_procedure_list (guint *n_procedures)
{
  return muster_system_list_procedures (n_procedures);
}

/* Returns: (transfer none) (nullable): the procedure @id of @system */
const MusterProcedure *
muster_procedure_lookup (const char *system,
                         const char *id)
{
  guint n;
  const MusterProcedure * const *list = muster_procedure_list (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (list[i]->system, system) == 0 && g_strcmp0 (list[i]->id, id) == 0)
      return list[i];
  return NULL;
}

/* Returns: the index of input @id, or -1 */
int
muster_procedure_find_input (const MusterProcedure *self,
                             const char            *id)
{
  for (guint i = 0; i < self->n_inputs; i++)
    if (g_strcmp0 (self->inputs[i].id, id) == 0)
      return i;
  return -1;
}

/* Returns: the index of output @id, or -1 */
int
muster_procedure_find_output (const MusterProcedure *self,
                              const char            *id)
{
  for (guint i = 0; i < self->n_outputs; i++)
    if (g_strcmp0 (self->outputs[i].id, id) == 0)
      return i;
  return -1;
}

/* Returns: (transfer full): one value per input, each its default; g_free() it */
int *
muster_procedure_default_values (const MusterProcedure *self)
{
  int *values = g_new0 (int, MAX (self->n_inputs, 1));

  for (guint i = 0; i < self->n_inputs; i++)
    values[i] = self->inputs[i].def;
  return values;
}

/* Returns: TRUE if @self's system can fill its inputs from a unit of an army list */
gboolean
muster_procedure_can_fill_from_unit (const MusterProcedure *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return muster_system_can_fill (muster_system_lookup (self->system));
}

/**
 * muster_procedure_can_fill_role:
 * @self: a procedure
 * @role: a side of @self
 *
 * Returns: whether a unit of an army list fills some of @self's inputs as @role: %FALSE for
 *   the target of a procedure that has none (a Rally) and for a system without the hook
 */
gboolean
muster_procedure_can_fill_role (const MusterProcedure *self,
                                MusterFillRole         role)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return muster_system_fills_role (muster_system_lookup (self->system), self, role);
}

/* A valid value of @spec other than @value, or @value if it has only one. */
static int
other_value (const MusterInputSpec *spec,
             int                    value)
{
  int n_choices = 0;

  switch (spec->type)
    {
    case MUSTER_INPUT_BOOL:
      return !value;
    case MUSTER_INPUT_CHOICE:
      while (spec->choices != NULL && spec->choices[n_choices] != NULL)
        n_choices++;
      return n_choices > 1 ? (value + 1) % n_choices : value;
    case MUSTER_INPUT_INT:
    default:
      return value < spec->max ? value + 1 : (value > spec->min ? value - 1 : value);
    }
}

/**
 * muster_procedure_fill_from_unit:
 * @self: a procedure
 * @ruleset: the ruleset of @unit's list, of @self's system (or a house ruleset extending it)
 * @force: (nullable): the force @unit belongs to
 * @unit: a unit of an army list
 * @role: which side of @self @unit fills
 * @values: (inout): @self's values; those describing @unit change
 * @error: for a unit its system cannot read
 *
 * Fills the inputs of @self that describe @unit through its system's `fill_inputs` hook.
 * Which inputs the hook set is found by running it on @values and on a copy where every input
 * holds another value: an input is set where either run changed it (so the hook must not read
 * them; an input with a single valid value is never reported).
 *
 * Returns: (transfer full) (nullable): one flag per input, %TRUE where it was set from @unit
 *   (g_free() it); %NULL with @error set on failure or when a unit cannot fill @role there
 */
gboolean *
muster_procedure_fill_from_unit (const MusterProcedure  *self,
                                 const MusterRuleset    *ruleset,
                                 const MusterForce      *force,
                                 const MusterUnit       *unit,
                                 MusterFillRole          role,
                                 int                    *values,
                                 GError                **error)
{
  const MusterSystem *system;
  g_autofree int *before = NULL;
  g_autofree int *shifted = NULL;
  g_autofree int *others = NULL;
  gboolean *set;

  g_return_val_if_fail (self != NULL && ruleset != NULL && unit != NULL, NULL);
  g_return_val_if_fail (values != NULL || self->n_inputs == 0, NULL);

  system = muster_system_lookup (self->system);
  if (!muster_system_can_fill (system))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("%s cannot fill its inputs from a unit"), self->name);
      return NULL;
    }
  if (!muster_procedure_can_fill_role (self, role))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   role == MUSTER_FILL_ROLE_ACTING ? "%s has no acting unit to fill"
                                                   : "%s has no target unit to fill",
                   self->name);
      return NULL;
    }

  before = g_memdup2 (values, sizeof (int) * MAX (self->n_inputs, 1));
  others = g_new0 (int, MAX (self->n_inputs, 1));
  for (guint i = 0; i < self->n_inputs; i++)
    others[i] = other_value (&self->inputs[i], values[i]);
  shifted = g_memdup2 (others, sizeof (int) * MAX (self->n_inputs, 1));
  if (!muster_system_fill_inputs (system, self, ruleset, force, unit, role, shifted, error) ||
      !muster_system_fill_inputs (system, self, ruleset, force, unit, role, values, error))
    {
      memcpy (values, before, sizeof (int) * self->n_inputs);
      return NULL;
    }

  set = g_new0 (gboolean, MAX (self->n_inputs, 1));
  for (guint i = 0; i < self->n_inputs; i++)
    set[i] = values[i] != before[i] || shifted[i] != others[i];
  return set;
}

static gboolean
parse_choice (const MusterInputSpec *spec,
              const char            *text,
              int                   *value)
{
  for (guint i = 0; spec->choices != NULL && spec->choices[i] != NULL; i++)
    if (g_ascii_strcasecmp (spec->choices[i], text) == 0)
      {
        *value = i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_bool (const char *text,
            int        *value)
{
  static const char * const yes[] = { "1", "true", "yes", "on", NULL };
  static const char * const no[] = { "0", "false", "no", "off", NULL };

  for (guint i = 0; yes[i]; i++)
    if (g_ascii_strcasecmp (text, yes[i]) == 0)
      return (*value = 1), TRUE;
  for (guint i = 0; no[i]; i++)
    if (g_ascii_strcasecmp (text, no[i]) == 0)
      return (*value = 0), TRUE;
  return FALSE;
}

static char *
describe_choices (const MusterInputSpec *spec)
{
  g_autofree char *joined = g_strjoinv (", ", (char **) spec->choices);
  return g_steal_pointer (&joined);
}

/**
 * muster_procedure_set_value:
 * @values: the values to change, one per input
 * @assignment: "name=value", as typed on the command line
 *
 * Sets one input from text: a whole number, yes/no for switches, or a choice's id.
 */
gboolean
muster_procedure_set_value (const MusterProcedure  *self,
                            int                    *values,
                            const char             *assignment,
                            GError                **error)
{
  g_autofree char *name = NULL;
  const char *eq = strchr (assignment, '=');
  const MusterInputSpec *spec;
  const char *text;
  gint64 number;
  int index, value;

  if (eq == NULL || eq == assignment)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("“%s” is not of the form name=value"), assignment);
      return FALSE;
    }

  name = g_strndup (assignment, eq - assignment);
  text = eq + 1;
  if ((index = muster_procedure_find_input (self, name)) < 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("%s %s has no input “%s”"), self->system, self->id, name);
      return FALSE;
    }
  spec = &self->inputs[index];

  switch (spec->type)
    {
    case MUSTER_INPUT_CHOICE:
      if (!parse_choice (spec, text, &value))
        {
          g_autofree char *choices = describe_choices (spec);
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                       _("%s: “%s” is not one of %s"), name, text, choices);
          return FALSE;
        }
      break;

    case MUSTER_INPUT_BOOL:
      if (!parse_bool (text, &value))
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                       _("%s: “%s” is not yes or no"), name, text);
          return FALSE;
        }
      break;

    case MUSTER_INPUT_INT:
    default:
      if (!g_ascii_string_to_signed (text, 10, spec->min, spec->max, &number, NULL))
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                       _("%s: “%s” is not a whole number from %d to %d"), name, text,
                       spec->min, spec->max);
          return FALSE;
        }
      value = (int) number;
      break;
    }

  values[index] = value;
  return TRUE;
}

/* Every value within its input's range. Procedures check combinations themselves. */
gboolean
muster_procedure_check_values (const MusterProcedure  *self,
                               const int              *values,
                               GError                **error)
{
  for (guint i = 0; i < self->n_inputs; i++)
    {
      const MusterInputSpec *spec = &self->inputs[i];
      int lo = spec->min, hi = spec->max;

      if (spec->type == MUSTER_INPUT_BOOL)
        lo = 0, hi = 1;
      else if (spec->type == MUSTER_INPUT_CHOICE)
        lo = 0, hi = (int) g_strv_length ((char **) spec->choices) - 1;

      if (values[i] < lo || values[i] > hi)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                       _("%s: %d is outside %d to %d"), spec->id, values[i], lo, hi);
          return FALSE;
        }
    }
  return TRUE;
}

/* Returns: (transfer full): @value of @output as text: its label for categorical outcomes */
char *
muster_procedure_format_value (const MusterProcedure *self,
                               guint                  output,
                               int                    value)
{
  const char * const *labels;

  g_return_val_if_fail (output < self->n_outputs, NULL);

  labels = self->outputs[output].value_labels;
  if (labels != NULL && value >= 0 && (guint) value < g_strv_length ((char **) labels))
    return g_strdup (labels[value]);
  return g_strdup_printf ("%d", value);
}

static MusterProcedureResult *
result_new (const MusterProcedure *procedure)
{
  MusterProcedureResult *self = g_new0 (MusterProcedureResult, 1);

  self->procedure = procedure;
  self->outputs = g_new0 (MusterDist *, MAX (procedure->n_outputs, 1));
  return self;
}

/**
 * muster_procedure_run_exact:
 *
 * Returns: (transfer full) (nullable): the exact distribution of every outcome, or %NULL with
 *   @error set for bad inputs or a procedure that can only be simulated
 */
MusterProcedureResult *
muster_procedure_run_exact (const MusterProcedure  *self,
                            const MusterRuleset    *ruleset,
                            const int              *values,
                            GError                **error)
{
  g_autoptr(MusterProcedureResult) result = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (values != NULL || self->n_inputs == 0, NULL);

  if (self->exact == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_PROCEDURE,
                   _("%s %s has too many branching steps to compute exactly; simulate it"),
                   self->system, self->id);
      return NULL;
    }
  if (!muster_procedure_check_values (self, values, error))
    return NULL;

  result = result_new (self);
  if (!self->exact (self, ruleset, values, result->outputs, error))
    return NULL;

  for (guint i = 0; i < self->n_outputs; i++)
    g_assert (result->outputs[i] != NULL);
  return g_steal_pointer (&result);
}

typedef struct
{
  int      min;
  GArray  *counts;   /* guint64, counts[v - min] */
} Histogram;

static void
histogram_add (Histogram *h,
               int        value)
{
  guint64 one = 1;

  if (h->counts->len == 0)
    {
      h->min = value;
      g_array_append_val (h->counts, one);
      return;
    }
  if (value < h->min)
    {
      guint grow = h->min - value;
      g_autofree guint64 *zeros = g_new0 (guint64, grow);

      g_array_prepend_vals (h->counts, zeros, grow);
      h->min = value;
    }
  if ((guint) (value - h->min) >= h->counts->len)
    g_array_set_size (h->counts, value - h->min + 1);
  g_array_index (h->counts, guint64, value - h->min)++;
}

/**
 * muster_procedure_simulate:
 * @trials: how many times to play the procedure (at least 1)
 * @seed: the dice seed: one seed, one result
 *
 * Plays the procedure @trials times and returns the observed frequencies as distributions.
 *
 * Returns: (transfer full) (nullable): the simulated outcomes, or %NULL for bad inputs
 */
MusterProcedureResult *
muster_procedure_simulate (const MusterProcedure  *self,
                           const MusterRuleset    *ruleset,
                           const int              *values,
                           guint64                 trials,
                           guint64                 seed,
                           GError                **error)
{
  return muster_procedure_simulate_with_progress (self, ruleset, values, trials, seed, NULL, NULL,
                                                  error);
}

/* Trials between two calls of the progress function: rare enough to cost nothing. */
#define PROGRESS_STEP 65536

/**
 * muster_procedure_simulate_with_progress:
 * @progress: (nullable): called every few ten thousand trials and at the end
 *
 * As muster_procedure_simulate(), telling @progress how far it is (and, unless stopped, that
 * all is done). When @progress returns FALSE the simulation stops there: the result holds the trials played so far
 * (muster_procedure_result_get_trials() says how many), at least one.
 */
MusterProcedureResult *
muster_procedure_simulate_with_progress (const MusterProcedure  *self,
                                         const MusterRuleset    *ruleset,
                                         const int              *values,
                                         guint64                 trials,
                                         guint64                 seed,
                                         MusterProgressFunc      progress,
                                         gpointer                user_data,
                                         GError                **error)
{
  g_autoptr(MusterProcedureResult) result = NULL;
  g_autoptr(MusterDice) dice = NULL;
  g_autofree Histogram *histograms = NULL;
  g_autofree int *outcome = NULL;
  gpointer prepared = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (self->sample != NULL, NULL);
  g_return_val_if_fail (trials > 0, NULL);
  g_return_val_if_fail ((self->prepare == NULL) == (self->sample_prepared == NULL), NULL);

  if (!muster_procedure_check_values (self, values, error))
    return NULL;
  /* The inputs and tables are read once, not once a trial. */
  if (self->prepare != NULL && !(prepared = self->prepare (self, ruleset, values, error)))
    return NULL;

  dice = muster_dice_new (seed);
  histograms = g_new0 (Histogram, self->n_outputs);
  outcome = g_new0 (int, MAX (self->n_outputs, 1));
  for (guint i = 0; i < self->n_outputs; i++)
    histograms[i].counts = g_array_new (FALSE, TRUE, sizeof (guint64));

  for (guint64 t = 0; t < trials; t++)
    {
      if (prepared != NULL)
        self->sample_prepared (self, prepared, dice, outcome);
      else
        self->sample (self, ruleset, values, dice, outcome);
      for (guint i = 0; i < self->n_outputs; i++)
        histogram_add (&histograms[i], outcome[i]);
      if (progress != NULL && (t + 1) % PROGRESS_STEP == 0 && t + 1 < trials &&
          !progress (t + 1, trials, user_data))
        {
          trials = t + 1;   /* stopped: what was played is the result */
          progress = NULL;
        }
    }
  if (progress != NULL)
    progress (trials, trials, user_data);
  if (prepared != NULL && self->free_prepared != NULL)
    self->free_prepared (prepared);

  result = result_new (self);
  result->trials = trials;
  for (guint i = 0; i < self->n_outputs; i++)
    {
      GArray *counts = histograms[i].counts;
      g_autofree double *weights = g_new (double, counts->len);

      for (guint j = 0; j < counts->len; j++)
        weights[j] = (double) g_array_index (counts, guint64, j);
      result->outputs[i] = muster_dist_new_from_weights (histograms[i].min, weights, counts->len);
      g_array_unref (counts);
    }
  return g_steal_pointer (&result);
}

const MusterProcedure *
muster_procedure_result_get_procedure (const MusterProcedureResult *self)
{
  return self->procedure;
}

/* Returns: (transfer none): the distribution of output @index */
MusterDist *
muster_procedure_result_get_output (const MusterProcedureResult *self,
                                    guint                        index)
{
  g_return_val_if_fail (index < self->procedure->n_outputs, NULL);
  return self->outputs[index];
}

gboolean
muster_procedure_result_is_exact (const MusterProcedureResult *self)
{
  return self->trials == 0;
}

/* Returns: the number of simulated trials, 0 for an exact result */
guint64
muster_procedure_result_get_trials (const MusterProcedureResult *self)
{
  return self->trials;
}

void
muster_procedure_result_free (MusterProcedureResult *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->procedure->n_outputs; i++)
    g_clear_pointer (&self->outputs[i], muster_dist_unref);
  g_free (self->outputs);
  g_free (self);
}

/* Returns: (transfer full): @value of input @spec as typed on the command line */
char *
muster_procedure_format_input (const MusterInputSpec *spec,
                               int                    value)
{
  switch (spec->type)
    {
    case MUSTER_INPUT_BOOL:
      return g_strdup (value ? "yes" : "no");
    case MUSTER_INPUT_CHOICE:
      return g_strdup (spec->choices[value]);
    case MUSTER_INPUT_INT:
    default:
      return g_strdup_printf ("%d", value);
    }
}

/**
 * muster_procedure_result_to_text:
 * @values: the inputs the result was computed from
 *
 * The result as plain text: the inputs, then for each outcome its mean and a table of
 * P(=), P(≥) and P(≤) with a bar; an outcome of named categories (value_labels: "Pass",
 * "Rout") has no order, so no mean and no P(≥) or P(≤), only the chance of each. Used by
 * `muster-cli preview` and "Copy" in the app.
 *
 * Returns: (transfer full): the text
 */
char *
muster_procedure_result_to_text (const MusterProcedureResult *self,
                                 const int                   *values)
{
  const MusterProcedure *p = self->procedure;
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%s — %s\n", p->system, p->name);
  for (guint i = 0; i < p->n_inputs; i++)
    {
      g_autofree char *value = muster_procedure_format_input (&p->inputs[i], values[i]);
      g_string_append_printf (out, "%s%s=%s", i ? " " : "", p->inputs[i].id, value);
    }
  g_string_append_c (out, '\n');
  if (muster_procedure_result_is_exact (self))
    g_string_append (out, "Exact probabilities\n");
  else
    g_string_append_printf (out, "Simulated: %" G_GUINT64_FORMAT " trials\n", self->trials);

  for (guint i = 0; i < p->n_outputs; i++)
    {
      MusterDist *dist = self->outputs[i];
      gboolean categories = p->outputs[i].value_labels != NULL;
      guint label_width = 5;

      for (int v = muster_dist_get_min (dist); v <= muster_dist_get_max (dist); v++)
        {
          g_autofree char *label = muster_procedure_format_value (p, i, v);
          label_width = MAX (label_width, g_utf8_strlen (label, -1));
        }

      if (categories)
        g_string_append_printf (out, "\n%s  (categories)\n", p->outputs[i].label);
      else
        g_string_append_printf (out, "\n%s  (mean %.3f)\n", p->outputs[i].label,
                                muster_dist_get_mean (dist));
      /* Column heads padded by characters: printf pads "P(≥)" by bytes. */
      g_string_append_printf (out, "  %-*s      P(=)%s\n", label_width, "value",
                              categories ? "" : "      P(≥)      P(≤)");
      for (int v = muster_dist_get_min (dist); v <= muster_dist_get_max (dist); v++)
        {
          g_autofree char *label = muster_procedure_format_value (p, i, v);
          double prob = muster_dist_get_prob (dist, v);
          int bar = (int) (prob * 40 + 0.5);

          g_string_append_printf (out, "  %s%*s  %7.3f%%  ", label,
                                  (int) (label_width - g_utf8_strlen (label, -1)), "",
                                  100 * prob);
          if (!categories)
            g_string_append_printf (out, "%7.3f%%  %7.3f%%  ",
                                    100 * muster_dist_get_prob_at_least (dist, v),
                                    100 * muster_dist_get_prob_at_most (dist, v));
          for (int b = 0; b < bar; b++)
            g_string_append (out, "█");
          g_string_append_c (out, '\n');
        }
    }
  return g_string_free (out, FALSE);
}
