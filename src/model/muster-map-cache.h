/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "muster-map-painter.h"

G_BEGIN_DECLS

typedef struct _MusterMapCache MusterMapCache;

/* What the Battlefield workspace lets a frame spend painting a new view: see
 * muster_map_cache_set_budget() */
#define MUSTER_MAP_CACHE_BUDGET_MS 5.0

MusterMapCache  *muster_map_cache_new        (void);
void             muster_map_cache_free       (MusterMapCache       *self);
void             muster_map_cache_invalidate (MusterMapCache       *self);
void             muster_map_cache_forget     (MusterMapCache       *self);
void             muster_map_cache_set_quick  (MusterMapCache       *self,
                                              gboolean              quick);
gboolean         muster_map_cache_is_stale   (MusterMapCache       *self);
void             muster_map_cache_set_budget (MusterMapCache       *self,
                                              double                ms);
gboolean         muster_map_cache_is_pending (MusterMapCache       *self);
void             muster_map_cache_set_threads (MusterMapCache      *self,
                                               guint                n_threads);
guint            muster_map_cache_get_threads_used (MusterMapCache *self);
MusterMapLayers  muster_map_cache_paint      (MusterMapCache       *self,
                                              cairo_t              *cr,
                                              MusterViewport       *viewport,
                                              const MusterMapScene *scene,
                                              const MusterMapStyle *style,
                                              double                scale,
                                              MusterMapLayers      *scrolled);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterMapCache, muster_map_cache_free)

G_END_DECLS
