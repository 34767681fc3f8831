/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-command.h"
#include "muster-document.h"

G_BEGIN_DECLS

/* The concrete edits. Each is pushed on the document's history, which applies it. */

#define MUSTER_TYPE_SET_TITLE_COMMAND (muster_set_title_command_get_type ())
G_DECLARE_FINAL_TYPE (MusterSetTitleCommand, muster_set_title_command, MUSTER,
                      SET_TITLE_COMMAND, MusterCommand)

MusterCommand *muster_set_title_command_new (MusterDocument *document,
                                             const char     *title);

G_END_DECLS
