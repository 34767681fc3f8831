/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean muster_file_replace (const char  *path,
                              const void  *data,
                              gsize        length,
                              GError     **error);

/* A file written a piece at a time, atomically (muster-file.c). */
typedef struct _MusterFileWriter MusterFileWriter;

MusterFileWriter *muster_file_writer_new    (const char        *path,
                                             GError           **error);
gboolean          muster_file_writer_write  (MusterFileWriter  *self,
                                             const void        *data,
                                             gsize              length,
                                             GError           **error);
gboolean          muster_file_writer_commit (MusterFileWriter  *self,
                                             GError           **error);
void              muster_file_writer_free   (MusterFileWriter  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterFileWriter, muster_file_writer_free)

GBytes  *muster_file_read    (const char  *path,
                              GError     **error);

G_END_DECLS
