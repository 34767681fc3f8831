/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "muster-document.h"

G_BEGIN_DECLS

/*
 * Attach Army List…: a file chooser for another player's list, with the side it is to fight
 * on, and the attaching itself (one undo step on the document's history).
 */

#define MUSTER_ATTACH_SIDE_CHOICE "side"

GtkFileChooserNative *muster_attach_chooser_new (GtkWindow       *parent,
                                                 MusterDocument  *document);
const char           *muster_attach_chooser_get_side (GtkFileChooserNative *chooser);
gboolean              muster_attach_file        (MusterDocument  *document,
                                                 GFile           *file,
                                                 const char      *side,
                                                 GError         **error);

G_END_DECLS
