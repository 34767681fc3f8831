/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine-types.h"

G_BEGIN_DECLS

/* A unit's statistics after its options and special rules: stat id -> number or text. */

MusterStats *muster_stats_new         (void);
void         muster_stats_free        (MusterStats        *self);
void         muster_stats_set_number  (MusterStats        *self,
                                       const char         *id,
                                       double              value);
void         muster_stats_set_text    (MusterStats        *self,
                                       const char         *id,
                                       const char         *text);
gboolean     muster_stats_get_number  (const MusterStats  *self,
                                       const char         *id,
                                       double             *value);
const char  *muster_stats_get_text    (const MusterStats  *self,
                                       const char         *id);
MusterStats *muster_stats_derive      (const MusterRuleset *ruleset,
                                       const MusterForce   *force,
                                       const MusterUnit    *unit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterStats, muster_stats_free)

G_END_DECLS
