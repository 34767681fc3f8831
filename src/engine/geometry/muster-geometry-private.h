/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-geometry.h"

G_BEGIN_DECLS

/* Shared by muster-geometry.c, muster-polygon.c, muster-ellipse.c and muster-shape.c */

static inline double
clamp01 (double t)
{
  return t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
}

/* The edge from vertex i to the next one, the last closing back to the first */
static inline MusterSegment
polygon_edge (const MusterPoint *points,
              guint              n_points,
              guint              i)
{
  return (MusterSegment) { points[i], points[i + 1 < n_points ? i + 1 : 0] };
}

/* Clips the parameter range [*t0, *t1] of origin + t · delta to the slab lo..hi. */
gboolean _muster_geometry_clip_slab        (double               origin,
                                            double               delta,
                                            double               lo,
                                            double               hi,
                                            double              *t0,
                                            double              *t1);
/* Grows [*lo, *hi] to take in t. */
void     _muster_geometry_widen            (double              *lo,
                                            double              *hi,
                                            double               t);

gboolean _muster_ellipse_segment_range     (const MusterEllipse *e,
                                            MusterSegment        segment,
                                            double              *t0,
                                            double              *t1);
double   _muster_segment_ellipse_distance  (MusterSegment        segment,
                                            const MusterEllipse *e);
double   _muster_ellipse_ellipse_distance  (const MusterEllipse *a,
                                            const MusterEllipse *b);

G_END_DECLS
