/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-dice.h"

G_BEGIN_DECLS

/* For the tests: a generator started from a raw xoshiro256** state (not all zero), so the
 * published reference outputs can be checked. */
MusterDice *_muster_dice_new_from_state (const guint64 state[4]);

G_END_DECLS
