/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-export.h"
#include "muster-sheet-painter.h"

static const struct
{
  const char *name;
  const char *extension;
  const char *mime_type;
} kinds[MUSTER_EXPORT_N_KINDS] = {
  [MUSTER_EXPORT_TEXT] = { "txt", "txt", "text/plain" },
  [MUSTER_EXPORT_MARKDOWN] = { "md", "md", "text/markdown" },
  [MUSTER_EXPORT_HTML] = { "html", "html", "text/html" },
  [MUSTER_EXPORT_LIST_PDF] = { "list", "pdf", "application/pdf" },
  [MUSTER_EXPORT_CARDS_PDF] = { "cards", "pdf", "application/pdf" },
  [MUSTER_EXPORT_ROSTER_PDF] = { "roster", "pdf", "application/pdf" },
  [MUSTER_EXPORT_PACKET_PDF] = { "packet", "pdf", "application/pdf" },
  [MUSTER_EXPORT_MAP_PDF] = { "map", "pdf", "application/pdf" },
  [MUSTER_EXPORT_MAP_PNG] = { "map-png", "png", "image/png" },
  [MUSTER_EXPORT_MAP_SVG] = { "map-svg", "svg", "image/svg+xml" },
};

/* Returns: the kind's name: "txt", "md", "html", "list", "cards", "roster", "packet", "map",
 * "map-png", "map-svg" (the app's action targets) */
const char *
muster_export_kind_to_string (MusterExportKind kind)
{
  g_return_val_if_fail (kind < MUSTER_EXPORT_N_KINDS, NULL);
  return kinds[kind].name;
}

gboolean
muster_export_kind_from_string (const char       *name,
                                MusterExportKind *kind)
{
  for (guint i = 0; i < MUSTER_EXPORT_N_KINDS; i++)
    if (g_strcmp0 (name, kinds[i].name) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

const char *
muster_export_kind_extension (MusterExportKind kind)
{
  g_return_val_if_fail (kind < MUSTER_EXPORT_N_KINDS, NULL);
  return kinds[kind].extension;
}

const char *
muster_export_kind_mime_type (MusterExportKind kind)
{
  g_return_val_if_fail (kind < MUSTER_EXPORT_N_KINDS, NULL);
  return kinds[kind].mime_type;
}

/* Returns: whether @kind draws the battlefield (and so needs a document with one) */
gboolean
muster_export_kind_needs_battlefield (MusterExportKind kind)
{
  return kind >= MUSTER_EXPORT_PACKET_PDF;
}

/* The PDF kinds, to @output page by page. */
static gboolean
export_pdf (MusterDoc                 *doc,
            MusterList                *list,
            MusterTerrainTypes        *types,
            const MusterExportOptions *options,
            const MusterPrintOutput   *output,
            GError                   **error)
{
  g_autoptr(MusterPacket) packet = NULL;
  g_autoptr(MusterSheet) sheet = NULL;

  if (options->kind < MUSTER_EXPORT_PACKET_PDF)
    {
      sheet = muster_sheet_new (list, options->kind - MUSTER_EXPORT_LIST_PDF, &options->page);
      return muster_sheet_write_pdf (sheet, output, error);
    }
  packet = muster_packet_new (doc, list, types,
                              options->kind == MUSTER_EXPORT_MAP_PDF ? MUSTER_PACKET_MAP
                                                                     : MUSTER_PACKET_FULL,
                              options->scale, &options->page, error);
  return packet != NULL && muster_packet_write_pdf (packet, output, error);
}

static gboolean
is_pdf (MusterExportKind kind)
{
  return kind >= MUSTER_EXPORT_LIST_PDF && kind <= MUSTER_EXPORT_MAP_PDF;
}

/* Everything but the PDFs, whole. */
static GBytes *
export_bytes (MusterDoc                 *doc,
              MusterList                *list,
              MusterTerrainTypes        *types,
              const MusterExportOptions *options,
              GError                   **error)
{
  MusterMapPrint map = { doc, types, options->audience, 0 };
  char *text;

  if (options->kind <= MUSTER_EXPORT_HTML)
    {
      text = muster_list_to_string (list, (MusterListFormat) options->kind);
      return g_bytes_new_take (text, strlen (text));
    }
  if (muster_doc_get_battlefield (doc) == NULL)
    {
      g_set_error_literal (error, MUSTER_PACKET_ERROR, 0,
                           _("the document has no battlefield: there is no map to draw"));
      return NULL;
    }
  map.grid = muster_map_print_grid_for (muster_doc_get_battlefield (doc), 0.5);
  return options->kind == MUSTER_EXPORT_MAP_PNG
         ? muster_map_print_to_png (&map, options->scale, error)
         : muster_map_print_to_svg (&map, options->scale, error);
}

/* A ruleset file that cannot be read again still draws, with the generic terrain. */
static MusterTerrainTypes *
terrain_types_for (MusterRuleset             *ruleset,
                   const MusterExportOptions *options)
{
  if (!muster_export_kind_needs_battlefield (options->kind))
    return NULL;
  return muster_terrain_types_new_for_ruleset (ruleset, NULL);
}

/**
 * muster_export:
 * @doc: the document
 * @ruleset: its rule system
 * @fallback_title: the title of a document without one (its file name)
 * @options: what to write, how
 * @error: set when it cannot be written (a map of a document without a battlefield)
 *
 * Returns: (transfer full) (nullable): the file's bytes
 */
GBytes *
muster_export (MusterDoc                 *doc,
               MusterRuleset             *ruleset,
               const char                *fallback_title,
               const MusterExportOptions *options,
               GError                   **error)
{
  g_autoptr(MusterList) list = NULL;
  g_autoptr(MusterTerrainTypes) types = NULL;
  GByteArray *pdf;
  MusterPrintOutput output = { muster_print_append_bytes };

  g_return_val_if_fail (doc != NULL && ruleset != NULL && options != NULL, NULL);

  list = muster_list_new (doc, ruleset, fallback_title);
  types = terrain_types_for (ruleset, options);
  if (!is_pdf (options->kind))
    return export_bytes (doc, list, types, options, error);

  output.closure = pdf = g_byte_array_new ();
  if (!export_pdf (doc, list, types, options, &output, error))
    {
      g_byte_array_unref (pdf);
      return NULL;
    }
  return g_byte_array_free_to_bytes (pdf);
}

typedef struct
{
  MusterFileWriter *writer;
  GError           *error;
} FileOutput;

static cairo_status_t
write_to_file (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  FileOutput *out = closure;

  if (out->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!muster_file_writer_write (out->writer, data, length, &out->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

/**
 * muster_export_to_file:
 * @path: the file to write (atomically: it holds its old contents until the export is whole)
 * @progress: (nullable): told the fraction done as it grows, up to 1 (after each page of a
 *   PDF; once at the end of the other kinds)
 * @cancellable: (nullable): stops the export between pages; @path is then left as it was and no
 *   temporary file remains
 *
 * muster_export() straight to a file: a PDF goes out page by page, never whole in memory.
 * Blocks: run it in a thread in the app.
 *
 * Returns: whether @path now holds the export
 */
gboolean
muster_export_to_file (MusterDoc                 *doc,
                       MusterRuleset             *ruleset,
                       const char                *fallback_title,
                       const MusterExportOptions *options,
                       const char                *path,
                       MusterPrintProgressFunc    progress,
                       gpointer                   progress_data,
                       GCancellable              *cancellable,
                       GError                   **error)
{
  g_autoptr(MusterFileWriter) writer = NULL;
  g_autoptr(MusterList) list = NULL;
  g_autoptr(MusterTerrainTypes) types = NULL;
  g_autoptr(GBytes) bytes = NULL;
  FileOutput out = { NULL, NULL };
  MusterPrintOutput output = { write_to_file, &out, progress, progress_data, cancellable };
  gboolean ok;

  g_return_val_if_fail (doc != NULL && ruleset != NULL && options != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (g_cancellable_set_error_if_cancelled (cancellable, error) ||
      !(writer = out.writer = muster_file_writer_new (path, error)))
    return FALSE;
  list = muster_list_new (doc, ruleset, fallback_title);
  types = terrain_types_for (ruleset, options);
  if (is_pdf (options->kind))
    {
      ok = export_pdf (doc, list, types, options, &output, error);
      if (!ok && out.error != NULL)
        {
          /* The file's own error says more than cairo's. */
          g_clear_error (error);
          g_propagate_error (error, g_steal_pointer (&out.error));
        }
      g_clear_error (&out.error);
      if (!ok)
        return FALSE;
    }
  else
    {
      if (!(bytes = export_bytes (doc, list, types, options, error)) ||
          g_cancellable_set_error_if_cancelled (cancellable, error) ||
          !muster_file_writer_write (writer, g_bytes_get_data (bytes, NULL),
                                     g_bytes_get_size (bytes), error))
        return FALSE;
      if (progress != NULL)
        progress (1.0, progress_data);
    }
  return !g_cancellable_set_error_if_cancelled (cancellable, error) &&
         muster_file_writer_commit (writer, error);
}

/* One export in a thread: a snapshot of the document, so that edits made meanwhile in the
 * window neither race with the export nor change what it writes. */
typedef struct
{
  GBytes                  *snapshot;
  MusterRuleset           *ruleset;
  char                    *title;
  MusterExportOptions      options;
  char                    *path;
  MusterPrintProgressFunc  progress;
  gpointer                 progress_data;
  GMainContext            *context;
  int                      percent;     /* the last told, in the thread */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_bytes_unref (job->snapshot);
  muster_ruleset_unref (job->ruleset);
  g_free (job->title);
  g_free (job->path);
  g_main_context_unref (job->context);
  g_free (job);
}

typedef struct
{
  GTask  *task;
  double  fraction;
} ProgressNote;

static void
progress_note_free (ProgressNote *note)
{
  g_object_unref (note->task);
  g_free (note);
}

/* In the caller's context: a fraction that arrives after the export finished is stale. */
static gboolean
tell_progress (gpointer data)
{
  ProgressNote *note = data;
  ExportJob *job = g_task_get_task_data (note->task);

  if (!g_task_get_completed (note->task))
    job->progress (note->fraction, job->progress_data);
  return G_SOURCE_REMOVE;
}

/* In the thread: passes the fraction on, at most once a percent (a PDF of thousands of
 * pages would otherwise flood the main loop). */
static void
progress_in_thread (double   fraction,
                    gpointer data)
{
  GTask *task = data;
  ExportJob *job = g_task_get_task_data (task);
  int percent = (int) (fraction * 100);
  g_autoptr(GSource) source = NULL;
  ProgressNote *note;

  if (percent <= job->percent)
    return;
  job->percent = percent;
  note = g_new (ProgressNote, 1);
  note->task = g_object_ref (task);
  note->fraction = fraction;
  /* An idle source, not g_main_context_invoke(): invoke runs the callback right here, in the
   * worker, whenever no thread holds the caller's context at that moment (between two
   * iterations of its loop). */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, tell_progress, note, (GDestroyNotify) progress_note_free);
  g_source_set_static_name (source, "[muster] export progress");
  g_source_attach (source, job->context);
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  g_autoptr(MusterDoc) doc = NULL;
  GError *error = NULL;

  if (!(doc = muster_doc_new_from_bytes (job->snapshot, job->title, &error)))
    {
      g_task_return_error (task, error);
      return;
    }
  muster_doc_set_ruleset (doc, job->ruleset);
  if (muster_export_to_file (doc, job->ruleset, job->title, &job->options, job->path,
                             job->progress != NULL ? progress_in_thread : NULL, task,
                             cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * muster_export_to_file_async:
 * @doc: the document, as it is now (a copy is exported: it may change meanwhile)
 * @progress: (nullable): told the fraction done in the thread-default main context of the
 *   caller, as muster_export_to_file() tells it, until @callback runs
 * @cancellable: (nullable): stops the export; @path then keeps its old contents
 *
 * muster_export_to_file() in a thread, so that a window stays responsive while a big
 * document is written.
 */
void
muster_export_to_file_async (MusterDoc                 *doc,
                             MusterRuleset             *ruleset,
                             const char                *fallback_title,
                             const MusterExportOptions *options,
                             const char                *path,
                             MusterPrintProgressFunc    progress,
                             gpointer                   progress_data,
                             GCancellable              *cancellable,
                             GAsyncReadyCallback        callback,
                             gpointer                   user_data)
{
  g_autoptr(GTask) task = NULL;
  ExportJob *job;

  g_return_if_fail (doc != NULL && ruleset != NULL && options != NULL && path != NULL);

  job = g_new0 (ExportJob, 1);
  job->snapshot = muster_doc_to_bytes (doc);
  job->ruleset = muster_ruleset_ref (ruleset);
  job->title = g_strdup (fallback_title);
  job->options = *options;
  job->path = g_strdup (path);
  job->progress = progress;
  job->progress_data = progress_data;
  job->context = g_main_context_ref_thread_default ();
  job->percent = -1;

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, muster_export_to_file_async);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  g_task_run_in_thread (task, export_thread);
}

gboolean
muster_export_to_file_finish (GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
