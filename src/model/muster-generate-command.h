/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-command.h"
#include "muster-document.h"
#include "muster-generate.h"

G_BEGIN_DECLS

/*
 * Generate Battlefield as one undo step: the battlefield's terrain, zones and objectives are
 * replaced by a generation's, placed units stay, and the rolls go to the umpire notes (with
 * the victory conditions, when the set-up has them).
 */

#define MUSTER_TYPE_GENERATE_COMMAND (muster_generate_command_get_type ())
G_DECLARE_FINAL_TYPE (MusterGenerateCommand, muster_generate_command, MUSTER,
                      GENERATE_COMMAND, MusterCommand)

MusterCommand *muster_generate_command_new (MusterDocument         *document,
                                            const MusterGeneration *generation);
MusterCommand *muster_generate_command_new_on_table (MusterDocument         *document,
                                                     const MusterGeneration *generation,
                                                     double                  width,
                                                     double                  height,
                                                     const char             *units);

G_END_DECLS
