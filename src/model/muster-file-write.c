/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-file-write"

#include "config.h"

#include "muster-engine.h"
#include "muster-file-write.h"

/* Writes @bytes to @file, blocking: call it from a thread. */
gboolean
muster_file_write (GFile         *file,
                   GBytes        *bytes,
                   GCancellable  *cancellable,
                   GError       **error)
{
  const char *path = g_file_peek_path (file);
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  /* A remote file (gvfs) has no path: GIO's replace is the best there is. */
  if (path == NULL)
    return g_file_replace_contents (file, data, size, NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                    cancellable, error);
  return muster_file_replace (path, data, size, error);
}

static void
write_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GError *error = NULL;

  if (muster_file_write (source_object, task_data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * muster_file_write_async:
 * @file: where to write
 * @bytes: the whole new contents
 *
 * muster_file_write() in a thread; the file holds its old contents or @bytes, never a part.
 */
void
muster_file_write_async (GFile               *file,
                         GBytes              *bytes,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (bytes != NULL);

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, muster_file_write_async);
  g_task_set_task_data (task, g_bytes_ref (bytes), (GDestroyNotify) g_bytes_unref);
  g_task_run_in_thread (task, write_thread);
}

gboolean
muster_file_write_finish (GFile         *file,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
