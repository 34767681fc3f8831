/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-doc.h"
#include "muster-terrain.h"

G_BEGIN_DECLS

typedef struct _MusterOddsTint MusterOddsTint;

MusterOddsTint *muster_odds_tint_new           (MusterDoc                *doc,
                                                const MusterTerrainTypes *types,
                                                const char               *acting_unit_id,
                                                const char               *procedure_id,
                                                GError                  **error);
MusterOddsTint *muster_odds_tint_ref           (MusterOddsTint           *self);
void            muster_odds_tint_unref         (MusterOddsTint           *self);
const char     *muster_odds_tint_get_acting    (const MusterOddsTint     *self);
const char     *muster_odds_tint_get_procedure (const MusterOddsTint     *self);
const char     *muster_odds_tint_get_title     (const MusterOddsTint     *self);
gboolean        muster_odds_tint_lookup        (const MusterOddsTint     *self,
                                                const char               *unit_id,
                                                double                   *chance);
guint           muster_odds_tint_get_n_units   (const MusterOddsTint     *self);
gboolean        muster_odds_tint_add_bands     (MusterOddsTint           *self,
                                                MusterDoc                *doc,
                                                const MusterTerrainTypes *types,
                                                const char               *target_unit_id,
                                                GError                  **error);
const char     *muster_odds_tint_get_target    (const MusterOddsTint     *self);
gboolean        muster_odds_tint_lookup_band   (const MusterOddsTint     *self,
                                                const char               *range_id,
                                                guint                    band,
                                                double                  *chance);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterOddsTint, muster_odds_tint_unref)

G_END_DECLS
