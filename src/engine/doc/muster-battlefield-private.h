/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <libxml/tree.h>

#include "muster-battlefield.h"
#include "muster-spatial.h"

G_BEGIN_DECLS

/*
 * The battlefield is kept in muster-battlefield.c (features, revisions, the spatial index) and
 * its element in muster-battlefield-xml.c (reading it, writing edits back, the scenario sheet);
 * a feature's own value and geometry are in muster-battlefield-feature.c.
 */
struct _MusterBattlefield
{
  xmlNode       *xml;        /* owned while the battlefield is not in a document tree */
  gboolean       owns_xml;
  double         width, height, grid;
  char          *units;
  GPtrArray     *features;   /* MusterFeature */
  MusterSpatial *spatial;    /* nullable: stale */
  guint64        revision;
  guint64        kind_revision[MUSTER_FEATURE_UNIT + 1];
};

MusterBattlefield *_muster_battlefield_alloc         (void);
void               _muster_battlefield_number_feature (MusterBattlefield   *self,
                                                       MusterFeature       *feature,
                                                       guint                n);
void               _muster_battlefield_write_table   (MusterBattlefield   *self);
xmlNode           *_muster_battlefield_scenario_node (MusterBattlefield   *self,
                                                      gboolean             create);
MusterFeature     *_muster_feature_read              (xmlNode             *node,
                                                      const char          *file,
                                                      GError             **error);
void               _muster_feature_write             (MusterFeature       *feature);

G_END_DECLS
