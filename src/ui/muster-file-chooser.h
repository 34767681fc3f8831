/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-export.h"

G_BEGIN_DECLS

/*
 * The file choosers the windows share (GtkFileChooserNative: the file dialog of GTK 4.10 is
 * newer than Debian 12).
 * A chooser holds its parent and itself while it is open and calls @chosen only when a file
 * was picked; the caller keeps nothing.
 */

typedef void (*MusterFileChosen) (GtkWindow *parent,
                                  GFile     *file,
                                  gpointer   data);

/* Save As over @parent with @filter, at @current if the document has a file, else named
 * @name; @chosen gets @data, which @destroy (nullable) frees once the chooser is gone. */
void           muster_save_as_chooser_show  (GtkWindow        *parent,
                                             GtkFileFilter    *filter,
                                             GFile            *current,
                                             const char       *name,
                                             MusterFileChosen  chosen,
                                             gpointer          data,
                                             GDestroyNotify    destroy);
/* Export @kind of the document titled @title: @chosen gets the kind as GUINT_TO_POINTER. */
void           muster_export_chooser_show   (GtkWindow        *parent,
                                             const char       *title,
                                             MusterExportKind  kind,
                                             MusterFileChosen  chosen);
/* "Cold Beck.txt", "Cold Beck cards.pdf", "Cold Beck map.png" */
char          *muster_export_file_name      (const char       *title,
                                             MusterExportKind  kind);
/* BattleScribe rosters, .ros and .rosz */
GtkFileFilter *muster_roster_filter_new     (void);

G_END_DECLS
