/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-geometry.h"

G_BEGIN_DECLS

/*
 * A uniform-grid index of bounding boxes by id, for hit tests and lines of sight on a crowded
 * table. Queries return candidates: the ids whose box meets the query, exactly as a scan of
 * every box would, sorted ascending. The caller then tests the real shapes.
 */

#define MUSTER_SPATIAL_DEFAULT_CELL 50.0   /* mm: about a stand, a fifth of a terrain piece */

typedef struct _MusterSpatial MusterSpatial;

MusterSpatial *muster_spatial_new           (double               cell_size);
void           muster_spatial_free          (MusterSpatial       *self);
guint          muster_spatial_get_size      (const MusterSpatial *self);
gboolean       muster_spatial_contains      (const MusterSpatial *self,
                                             guint                id);
gboolean       muster_spatial_get_box       (const MusterSpatial *self,
                                             guint                id,
                                             MusterBox           *box);
void           muster_spatial_insert        (MusterSpatial       *self,
                                             guint                id,
                                             MusterBox            box);
gboolean       muster_spatial_update        (MusterSpatial       *self,
                                             guint                id,
                                             MusterBox            box);
gboolean       muster_spatial_remove        (MusterSpatial       *self,
                                             guint                id);
guint          muster_spatial_query_box     (MusterSpatial       *self,
                                             MusterBox            box,
                                             GArray              *ids);
guint          muster_spatial_query_point   (MusterSpatial       *self,
                                             MusterPoint          p,
                                             GArray              *ids);
guint          muster_spatial_query_segment (MusterSpatial       *self,
                                             MusterSegment        segment,
                                             GArray              *ids);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterSpatial, muster_spatial_free)

G_END_DECLS
