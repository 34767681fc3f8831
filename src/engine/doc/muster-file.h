/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean muster_file_replace (const char  *path,
                              const void  *data,
                              gsize        length,
                              GError     **error);

GBytes  *muster_file_read    (const char  *path,
                              GError     **error);

G_END_DECLS
