/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-battlefield.h"
#include "muster-engine-types.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/* The document format this engine writes; files with a larger format are refused. */
#define MUSTER_DOC_FORMAT 1

MusterDoc     *muster_doc_new                 (const char    *ruleset_id,
                                               const char    *ruleset_version);
MusterDoc     *muster_doc_new_from_bytes      (GBytes        *bytes,
                                               const char    *display_name,
                                               GError       **error);
GBytes        *muster_doc_to_bytes            (MusterDoc     *self);
void           muster_doc_free                (MusterDoc     *self);
const char    *muster_doc_get_title           (const MusterDoc *self);
void           muster_doc_set_title           (MusterDoc     *self,
                                               const char    *title);
const char    *muster_doc_get_ruleset_id      (const MusterDoc *self);
const char    *muster_doc_get_ruleset_version (const MusterDoc *self);
void           muster_doc_set_ruleset         (MusterDoc     *self,
                                               MusterRuleset *ruleset);
MusterRuleset *muster_doc_get_ruleset         (const MusterDoc *self);
guint          muster_doc_get_n_forces        (const MusterDoc *self);
MusterForce   *muster_doc_get_force           (const MusterDoc *self,
                                               guint          index);
void           muster_doc_insert_force        (MusterDoc     *self,
                                               guint          index,
                                               MusterForce   *force);
MusterForce   *muster_doc_remove_force        (MusterDoc     *self,
                                               guint          index);
MusterUnit    *muster_doc_lookup_unit         (const MusterDoc *self,
                                               const char    *id);
MusterBattlefield *muster_doc_get_battlefield (const MusterDoc *self);
MusterBattlefield *muster_doc_set_battlefield (MusterDoc     *self,
                                               MusterBattlefield *battlefield);
const char    *muster_doc_get_feature_side    (const MusterDoc *self,
                                               const MusterFeature *feature);
gboolean       muster_doc_feature_is_visible  (const MusterDoc *self,
                                               const MusterFeature *feature,
                                               const MusterAudience *audience);
gpointer       muster_doc_get_list_cache      (MusterDoc     *self,
                                               const char    *key);
void           muster_doc_set_list_cache      (MusterDoc     *self,
                                               const char    *key,
                                               gpointer       data,
                                               GDestroyNotify destroy);
void           muster_doc_collect_sides       (const MusterDoc *self,
                                               const MusterBattlefield *battlefield,
                                               GPtrArray     *sides);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterDoc, muster_doc_free)

G_END_DECLS
