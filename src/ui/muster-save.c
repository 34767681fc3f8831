/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-save"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-file-chooser.h"
#include "muster-recent.h"
#include "muster-save.h"

/* One save under way: what it tells how it went, and where. */
typedef struct
{
  GtkWindow         *window;
  MusterRecoverable *document;
  GCancellable      *cancellable;
  MusterToastFunc    toast;
} SaveJob;

static void
save_job_free (SaveJob *job)
{
  g_clear_object (&job->window);
  g_clear_object (&job->document);
  g_clear_object (&job->cancellable);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SaveJob, save_job_free)

static void
saved_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(SaveJob) job = user_data;
  g_autoptr(GError) error = NULL;

  if (!muster_recoverable_save_finish (MUSTER_RECOVERABLE (object), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *message = g_strdup_printf (_("Could not save: %s"), error->message);

          job->toast (job->window, message);
        }
      return;
    }
  muster_recent_add (muster_recoverable_get_file (job->document));
  job->toast (job->window, _("Saved"));
}

static void
save_to (SaveJob *job,
         GFile   *file)
{
  muster_recoverable_save_async (job->document, file, job->cancellable, saved_cb, job);
}

static SaveJob *
save_job_new (GtkWindow         *window,
              MusterRecoverable *document,
              GCancellable      *cancellable,
              MusterToastFunc    toast)
{
  SaveJob *job = g_new0 (SaveJob, 1);

  job->window = g_object_ref (window);
  job->document = g_object_ref (document);
  job->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  job->toast = toast;
  return job;
}

/* The chooser keeps its job until it goes: the save gets a job of its own. */
static void
chosen_cb (GtkWindow *window,
           GFile     *file,
           gpointer   data)
{
  SaveJob *chooser_job = data;

  save_to (save_job_new (chooser_job->window, chooser_job->document, chooser_job->cancellable,
                         chooser_job->toast),
           file);
}

void
muster_save_document (GtkWindow         *window,
                      MusterRecoverable *document,
                      gboolean           save_as,
                      GCancellable      *cancellable,
                      MusterToastFunc    toast)
{
  SaveJob *job;
  GFile *file;
  g_autoptr(GtkFileFilter) filter = NULL;
  g_autofree char *title = NULL;
  g_autofree char *name = NULL;
  const char *suffix;

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (MUSTER_IS_RECOVERABLE (document));
  g_return_if_fail (toast != NULL);

  job = save_job_new (window, document, cancellable, toast);
  file = muster_recoverable_get_file (document);
  if (file != NULL && !save_as)
    {
      save_to (job, file);
      return;
    }

  /* The file's kind is the one the recovery copy has: ".muster" or ".ros". */
  suffix = muster_recoverable_get_recovery_suffix (document);
  filter = g_str_equal (suffix, ".ros") ? muster_roster_filter_new () : muster_document_filter_new ();
  title = muster_recoverable_dup_title (document);
  name = g_strconcat (title, suffix, NULL);
  muster_save_as_chooser_show (window, filter, file, name, chosen_cb, job,
                               (GDestroyNotify) save_job_free);
}

GtkFileFilter *
muster_document_filter_new (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Muster Documents"));
  gtk_file_filter_add_mime_type (filter, "application/x-muster");
  gtk_file_filter_add_pattern (filter, "*.muster");
  return filter;
}
