/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

GBytes *muster_bs_zip_extract (GBytes      *zip,
                               const char  *name_for_errors,
                               gsize        max_size,
                               GError     **error);
/* The modification time every member muster_bs_zip_store() writes carries: 1980-01-02 UTC */
#define MUSTER_BS_ZIP_MTIME ((gint64) 315619200)

GBytes *muster_bs_zip_store   (const char  *member_name,
                               GBytes      *content,
                               GError     **error);

G_END_DECLS
