/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-odds-estimate"

#include "config.h"

#include <string.h>

#include "muster-odds-estimate.h"

/* The plays of a row share one seed, so the same inputs give the same figure. */
#define ESTIMATE_SEED 1

typedef struct
{
  const MusterProcedure  *procedure;
  MusterRuleset          *ruleset;     /* owned, or NULL */
  int                    *values;      /* the newest inputs asked for, or NULL when none */
  guint64                 trials;
  guint                   generation;  /* goes up with each ask and each cancel */
  gboolean                running;
  GCancellable           *cancellable; /* the play running, if any */
  MusterOddsEstimateFunc  done;
  gpointer                user_data;
} Estimate;

typedef struct
{
  const MusterProcedure *procedure;
  MusterRuleset         *ruleset;
  int                   *values;
  guint64                trials;
  guint                  generation;
} Play;

static void
estimate_free (Estimate *estimate)
{
  if (estimate->cancellable != NULL)
    g_cancellable_cancel (estimate->cancellable);
  g_clear_object (&estimate->cancellable);
  g_clear_pointer (&estimate->ruleset, muster_ruleset_unref);
  g_free (estimate->values);
  g_free (estimate);
}

static void
play_free (Play *play)
{
  g_clear_pointer (&play->ruleset, muster_ruleset_unref);
  g_free (play->values);
  g_free (play);
}

static Estimate *
get_estimate (GtkWidget *row)
{
  return g_object_get_data (G_OBJECT (row), "muster-odds-estimate");
}

/* Stops between two batches of trials once cancelled: its result is thrown away anyway. */
static gboolean
progress_cb (guint64  done,
             guint64  total,
             gpointer user_data)
{
  return !g_cancellable_is_cancelled (user_data);
}

static void
play_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Play *play = task_data;
  GError *error = NULL;
  MusterProcedureResult *result;

  result = muster_procedure_simulate_with_progress (play->procedure, play->ruleset, play->values,
                                                    play->trials, ESTIMATE_SEED, progress_cb,
                                                    cancellable, &error);
  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) muster_procedure_result_free);
}

static void launch (GtkWidget *row,
                    Estimate  *estimate);

static void
play_done_cb (GObject      *object,
              GAsyncResult *async_result,
              gpointer      user_data)
{
  GtkWidget *row = GTK_WIDGET (object);
  Estimate *estimate = get_estimate (row);
  Play *play = g_task_get_task_data (G_TASK (async_result));
  g_autoptr(GError) error = NULL;
  MusterProcedureResult *result;

  result = g_task_propagate_pointer (G_TASK (async_result), &error);
  if (estimate == NULL)
    {
      g_clear_pointer (&result, muster_procedure_result_free);
      return;
    }
  estimate->running = FALSE;
  g_clear_object (&estimate->cancellable);
  if (play->generation != estimate->generation)
    {
      /* inputs asked for since, or cancelled: the newest, if any, are played now */
      g_clear_pointer (&result, muster_procedure_result_free);
      if (estimate->values != NULL)
        launch (row, estimate);
      return;
    }
  estimate->done (row, result, play->values, error, estimate->user_data);
}

static void
launch (GtkWidget *row,
        Estimate  *estimate)
{
  g_autoptr(GTask) task = NULL;
  Play *play = g_new0 (Play, 1);
  guint n = MAX (estimate->procedure->n_inputs, 1);

  play->procedure = estimate->procedure;
  play->ruleset = estimate->ruleset ? muster_ruleset_ref (estimate->ruleset) : NULL;
  play->values = g_memdup2 (estimate->values, sizeof (int) * n);
  play->trials = estimate->trials;
  play->generation = estimate->generation;
  estimate->cancellable = g_cancellable_new ();
  estimate->running = TRUE;
  task = g_task_new (row, estimate->cancellable, play_done_cb, NULL);
  g_task_set_source_tag (task, launch);
  g_task_set_task_data (task, play, (GDestroyNotify) play_free);
  g_task_run_in_thread (task, play_thread);
}

/**
 * muster_odds_estimate_start:
 * @row: the row the odds are for
 * @ruleset: (nullable): the units' ruleset
 * @values: the inputs to play
 * @again: play even when these are the inputs last asked for
 * @done: told the result of the newest play
 *
 * Plays @procedure with @values in a worker thread, unless those are the inputs already
 * playing or played (and not @again); a play of older inputs still running is cancelled.
 *
 * Returns: whether a play was asked for (@done will be called)
 */
gboolean
muster_odds_estimate_start (GtkWidget              *row,
                            const MusterProcedure  *procedure,
                            const MusterRuleset    *ruleset,
                            const int              *values,
                            guint64                 trials,
                            gboolean                again,
                            MusterOddsEstimateFunc  done,
                            gpointer                user_data)
{
  Estimate *estimate = get_estimate (row);
  guint n = MAX (procedure->n_inputs, 1);

  if (estimate == NULL)
    {
      estimate = g_new0 (Estimate, 1);
      g_object_set_data_full (G_OBJECT (row), "muster-odds-estimate", estimate,
                              (GDestroyNotify) estimate_free);
    }
  if (!again && estimate->values != NULL && estimate->procedure == procedure &&
      memcmp (estimate->values, values, sizeof (int) * n) == 0)
    return FALSE;
  estimate->procedure = procedure;
  g_clear_pointer (&estimate->ruleset, muster_ruleset_unref);
  estimate->ruleset = ruleset ? muster_ruleset_ref ((MusterRuleset *) ruleset) : NULL;
  g_free (estimate->values);
  estimate->values = g_memdup2 (values, sizeof (int) * n);
  estimate->trials = trials;
  estimate->done = done;
  estimate->user_data = user_data;
  estimate->generation++;
  if (estimate->running)
    g_cancellable_cancel (estimate->cancellable);
  else
    launch (row, estimate);
  return TRUE;
}

/* Forgets the inputs asked for: a play running ends unheard, and none follows. */
void
muster_odds_estimate_cancel (GtkWidget *row)
{
  Estimate *estimate = get_estimate (row);

  if (estimate == NULL)
    return;
  estimate->generation++;
  g_clear_pointer (&estimate->values, g_free);
  if (estimate->running)
    g_cancellable_cancel (estimate->cancellable);
}

/* Returns: whether a play for @row is running */
gboolean
muster_odds_estimate_is_running (GtkWidget *row)
{
  Estimate *estimate = get_estimate (row);

  return estimate != NULL && estimate->running;
}
