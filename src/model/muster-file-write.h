/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * Every file the app writes (documents, exports) goes to disk the one way: a local file through
 * muster_file_replace() (a synced temporary file renamed over the target, through a symlink,
 * keeping its mode and owner), a remote one (gvfs, no path) through GIO's replace.
 */

gboolean muster_file_write        (GFile               *file,
                                   GBytes              *bytes,
                                   GCancellable        *cancellable,
                                   GError             **error);
void     muster_file_write_async  (GFile               *file,
                                   GBytes              *bytes,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data);
gboolean muster_file_write_finish (GFile               *file,
                                   GAsyncResult        *result,
                                   GError             **error);

G_END_DECLS
