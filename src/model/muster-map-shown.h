/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "muster-map-painter.h"

G_BEGIN_DECLS

/* What a layer of the map cache shows, to tell where an edit changed it. */
typedef struct _MusterMapShown MusterMapShown;

MusterMapShown *muster_map_shown_new  (const MusterMapScene *scene,
                                       MusterMapLayers       layer,
                                       GHashTable           *labels,
                                       const cairo_matrix_t *matrix,
                                       guint64               context);
void            muster_map_shown_free (MusterMapShown       *self);
cairo_region_t *muster_map_shown_diff (const MusterMapShown *self,
                                       const MusterMapScene *scene,
                                       GHashTable           *labels,
                                       const cairo_matrix_t *matrix,
                                       guint64               context);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterMapShown, muster_map_shown_free)

G_END_DECLS
