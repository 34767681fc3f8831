/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * "Save Changes to “Title”?" when a window with unsaved changes is closed: Discard destroys
 * @window (once the dialog's response is over), Save activates the window's "win.save".
 */
void muster_save_changes_ask (GtkWindow  *window,
                              const char *title);

/* Save As: a file chooser over @parent with @filter, at @current if the document has a file,
 * else named @name. The caller connects "response", shows it, and unrefs it in the handler. */
GtkFileChooserNative *muster_save_as_chooser_new (GtkWindow     *parent,
                                                  GtkFileFilter *filter,
                                                  GFile         *current,
                                                  const char    *name);

G_END_DECLS
