/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-file.h"

G_BEGIN_DECLS

/* For the tests: called at each step of muster_file_replace() ("clean", "create", "write" once
 * a chunk, "sync", "rename", "sync-folder"), so that a test can kill the process there. */
typedef void (*MusterFileStepHook) (const char *step,
                                    gpointer    data);

void _muster_file_set_step_hook (MusterFileStepHook hook,
                                 gpointer           data);

G_END_DECLS
