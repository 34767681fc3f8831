/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-engine.h"

G_BEGIN_DECLS

/*
 * A roster whose game data is missing, shown read-only as its file records it: each force
 * (nested ones after their parent) with its catalogue and costs, and its selections with
 * their number, what they hold and their costs. With nothing to show, a status page says
 * what is needed: the game data of @missing.
 */
GtkWidget *muster_bs_outline_view_new (const MusterBsOutline *outline,
                                       const char            *missing);

G_END_DECLS
