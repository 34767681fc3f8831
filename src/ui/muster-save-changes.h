/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-recoverable.h"

G_BEGIN_DECLS

/*
 * "Save Changes to “Title”?" when a window whose @document has unsaved changes is closed:
 * Discard destroys @window (once the dialog's response is over), Save activates the window's
 * "win.save". Returns: whether it asked (the window then stays open for the answer)
 */
gboolean muster_save_changes_ask (GtkWindow         *window,
                                  MusterRecoverable *document);

G_END_DECLS
