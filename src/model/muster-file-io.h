/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * A document's file read and written on a worker thread: a local file through the engine's
 * muster_file_read() (refused at once when it is a folder, a FIFO or too large) and
 * muster_file_replace() (a synced temporary file renamed over it), a remote one through GIO.
 * The tasks have no source object, so the thread may hold them a little longer than the
 * caller; errors come in GIO's domain for "not found" and the like.
 */

void      muster_file_io_read_async   (GFile                *file,
                                       GCancellable         *cancellable,
                                       GAsyncReadyCallback   callback,
                                       gpointer              user_data);
GBytes   *muster_file_io_read_finish  (GAsyncResult         *result,
                                       GError              **error);
/* Not cancellable once started: a save stopped half-way would gain nothing. */
void      muster_file_io_write_async  (GFile                *file,
                                       GBytes               *bytes,
                                       GAsyncReadyCallback   callback,
                                       gpointer              user_data);
gboolean  muster_file_io_write_finish (GAsyncResult         *result,
                                       GError              **error);

G_END_DECLS
