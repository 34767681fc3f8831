/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-file-io"

#include "config.h"

#include "muster-engine.h"
#include "muster-file-io.h"
#include "muster-file-write.h"

static void
read_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GFile *file = task_data;
  const char *path = g_file_peek_path (file);
  GError *error = NULL;
  GBytes *bytes = path != NULL ? muster_file_read (path, &error)
                               : g_file_load_bytes (file, cancellable, NULL, &error);

  if (bytes != NULL)
    g_task_return_pointer (task, bytes, (GDestroyNotify) g_bytes_unref);
  else if (error->domain == G_FILE_ERROR)
    {
      /* As GIO would have said it: callers tell "not found" by G_IO_ERROR_NOT_FOUND. */
      g_task_return_new_error (task, G_IO_ERROR, g_io_error_from_file_error (error->code),
                               "%s", error->message);
      g_error_free (error);
    }
  else
    g_task_return_error (task, error);
}

void
muster_file_io_read_async (GFile               *file,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, muster_file_io_read_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, read_thread);
}

/* Returns: (transfer full) (nullable): the file's contents */
GBytes *
muster_file_io_read_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

typedef struct
{
  GFile  *file;
  GBytes *bytes;
} Write;

static void
write_free (Write *write)
{
  g_object_unref (write->file);
  g_bytes_unref (write->bytes);
  g_free (write);
}

static void
write_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Write *write = task_data;
  GError *error = NULL;

  if (muster_file_write (write->file, write->bytes, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
muster_file_io_write_async (GFile               *file,
                            GBytes              *bytes,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Write *write;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (bytes != NULL);

  write = g_new0 (Write, 1);
  write->file = g_object_ref (file);
  write->bytes = g_bytes_ref (bytes);
  task = g_task_new (NULL, NULL, callback, user_data);
  g_task_set_source_tag (task, muster_file_io_write_async);
  g_task_set_task_data (task, write, (GDestroyNotify) write_free);
  g_task_run_in_thread (task, write_thread);
}

gboolean
muster_file_io_write_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
