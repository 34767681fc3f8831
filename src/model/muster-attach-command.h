/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-command.h"
#include "muster-document.h"

G_BEGIN_DECLS

/*
 * Attach Army List: the forces of another document of the same rule system join this one, as
 * one undo step, so that an umpire can set two players' lists against each other on one
 * battlefield. Their units come in unplaced; a side coming in without a deployment zone takes
 * the zones of a side that has no list yet.
 */

#define MUSTER_TYPE_ATTACH_COMMAND (muster_attach_command_get_type ())
G_DECLARE_FINAL_TYPE (MusterAttachCommand, muster_attach_command, MUSTER, ATTACH_COMMAND,
                      MusterCommand)

MusterCommand *muster_attach_command_new (MusterDocument  *document,
                                          MusterDoc       *source,
                                          GError         **error);
MusterCommand *muster_attach_command_new_for_side (MusterDocument  *document,
                                                   MusterDoc       *source,
                                                   const char      *side,
                                                   GError         **error);
GStrv          muster_attach_command_free_sides   (MusterDocument  *document);

G_END_DECLS
