/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MUSTER_RECENT_MAX 8

#define MUSTER_TYPE_RECENT_WATCH (muster_recent_watch_get_type ())

G_DECLARE_FINAL_TYPE (MusterRecentWatch, muster_recent_watch, MUSTER, RECENT_WATCH, GObject)

MusterRecentWatch *muster_recent_watch_get_default (void);
GPtrArray         *muster_recent_watch_get_items   (MusterRecentWatch *self);

void       muster_recent_add          (GFile *file);
void       muster_recent_remove       (GFile *file);
GPtrArray *muster_recent_list         (guint  max);
void       muster_recent_fill_menu    (GMenu *menu);
char      *muster_recent_dup_location (GFile *file);
char      *muster_recent_dup_name     (GtkRecentInfo *info);

G_END_DECLS
