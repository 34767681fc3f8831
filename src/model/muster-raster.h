/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "muster-geometry.h"

G_BEGIN_DECLS

typedef struct _MusterRaster MusterRaster;

MusterRaster *muster_raster_begin      (cairo_t           *cr);
void          muster_raster_fill_quads (MusterRaster      *self,
                                        const MusterPoint *corners,
                                        guint              n_quads,
                                        const double       rgba[4]);
void          muster_raster_end        (MusterRaster      *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRaster, muster_raster_end)

G_END_DECLS
