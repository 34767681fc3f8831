/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-command.h"
#include "muster-battle-log.h"
#include "muster-document.h"
#include "muster-terrain.h"

G_BEGIN_DECLS

/*
 * A procedure resolved at the table as one undo step: applying it changes the units as the
 * battle-log entry says and appends the entry (the document's seed moves on); undo takes both
 * back, and the seed with them, so a redo rolls nothing new.
 */

#define MUSTER_TYPE_RESOLVE_COMMAND (muster_resolve_command_get_type ())
G_DECLARE_FINAL_TYPE (MusterResolveCommand, muster_resolve_command, MUSTER, RESOLVE_COMMAND,
                      MusterCommand)

MusterCommand *muster_resolve_command_new (MusterDocument  *document,
                                           const MusterTerrainTypes *types,
                                           const char      *acting,
                                           const char      *target,
                                           const char      *procedure,
                                           const int       *values,
                                           const gboolean  *typed,
                                           GError         **error);
const MusterLogEntry *muster_resolve_command_get_entry (MusterResolveCommand *self);

G_END_DECLS
