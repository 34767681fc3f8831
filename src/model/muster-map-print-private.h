/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-map-print.h"
#include "muster-viewport.h"

G_BEGIN_DECLS

/* The names on a printed map, placed apart (muster-map-print-labels.c) */
void _muster_map_print_paint_labels (cairo_t              *cr,
                                     const MusterMapPrint *map,
                                     MusterViewport       *viewport);

G_END_DECLS
