/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "muster-roster-model.h"

G_BEGIN_DECLS

void muster_roster_cells_set_factories (GtkColumnViewColumn *name_column,
                                        GtkColumnViewColumn *size_column,
                                        GtkColumnViewColumn *stats_column,
                                        GtkColumnViewColumn *cost_column);

G_END_DECLS
