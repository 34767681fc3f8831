/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-system.h"

G_BEGIN_DECLS

/* The built-in system modules, one per muster-system-<id>.c. */
extern const MusterSystem muster_system_battle_valor_fantasy;
extern const MusterSystem muster_system_standards_of_valor;
extern const MusterSystem muster_system_horse_and_musket;
extern const MusterSystem muster_system_medals_of_valor;
extern const MusterSystem muster_system_undying_lands;

G_END_DECLS
