/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-system.h"

G_BEGIN_DECLS

/* The built-in system modules, one per muster-system-<id>.c. */
extern const MusterSystem muster_system_battle_valor_fantasy;

G_END_DECLS
