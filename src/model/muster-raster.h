/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "muster-geometry.h"

G_BEGIN_DECLS

typedef struct _MusterRaster MusterRaster;
typedef struct _MusterRasterMask MusterRasterMask;

MusterRaster *muster_raster_begin      (cairo_t           *cr);
void          muster_raster_fill_quads (MusterRaster      *self,
                                        const MusterPoint *corners,
                                        guint              n_quads,
                                        const double       rgba[4]);
void          muster_raster_end        (MusterRaster      *self);
void          muster_raster_prefetch   (MusterRaster      *self,
                                        MusterBox          box);

void          muster_raster_set_clip_polygon (MusterRaster        *self,
                                              const MusterPoint   *points,
                                              guint                n);
void          muster_raster_fill_polygon     (MusterRaster        *self,
                                              const MusterPoint   *points,
                                              guint                n,
                                              const double         rgba[4]);
void          muster_raster_fill_ellipse     (MusterRaster        *self,
                                              const MusterEllipse *ellipse,
                                              const double         rgba[4]);
void          muster_raster_stroke_polyline  (MusterRaster        *self,
                                              const MusterPoint   *points,
                                              guint                n,
                                              gboolean             closed,
                                              double               width,
                                              cairo_line_join_t    join,
                                              cairo_line_cap_t     cap,
                                              const double         rgba[4]);
void          muster_raster_stroke_ellipse   (MusterRaster        *self,
                                              const MusterEllipse *ellipse,
                                              double               width,
                                              const double         rgba[4]);

MusterRasterMask *muster_raster_mask_polygon (MusterRaster           *self,
                                              const MusterPoint      *points,
                                              guint                   n);
gboolean          muster_raster_mask_fits    (const MusterRaster     *self,
                                              const MusterRasterMask *mask);
void              muster_raster_fill_mask    (MusterRaster           *self,
                                              const MusterRasterMask *mask,
                                              const double            rgba[4]);
void              muster_raster_mask_free    (MusterRasterMask       *mask);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRaster, muster_raster_end)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRasterMask, muster_raster_mask_free)

G_END_DECLS
