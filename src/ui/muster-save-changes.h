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

G_END_DECLS
