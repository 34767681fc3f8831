/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-command.h"
#include "muster-document.h"

G_BEGIN_DECLS

/*
 * The battle log's settings as undo steps: the turn the next roll is logged in, and the seed
 * its dice are rolled from.
 */

#define MUSTER_TYPE_LOG_SETTING_COMMAND (muster_log_setting_command_get_type ())
G_DECLARE_FINAL_TYPE (MusterLogSettingCommand, muster_log_setting_command, MUSTER,
                      LOG_SETTING_COMMAND, MusterCommand)

MusterCommand *muster_log_setting_command_new_turn (MusterDocument *document,
                                                    guint           turn);
MusterCommand *muster_log_setting_command_new_seed (MusterDocument *document,
                                                    guint64         seed);

G_END_DECLS
