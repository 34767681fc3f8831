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
/* Hears of every edit of the table (@feature_id NULL) or of one feature: the document the
 * battlefield is in passes it on to its validator. */
typedef void (*MusterBattlefieldWatch) (gpointer    data,
                                        const char *feature_id);

struct _MusterBattlefield
{
  xmlNode       *xml;        /* owned while the battlefield is not in a document tree */
  gboolean       owns_xml;
  double         width, height, grid;
  char          *units;
  GPtrArray     *features;   /* MusterFeature */
  GHashTable    *by_id;      /* feature id → MusterFeature, every feature with an id */
  GHashTable    *by_unit;    /* nullable: stale; unit id → its first placement */
  gboolean       unit_twins; /* some unit is placed twice (a file written by hand) */
  MusterSpatial *spatial;    /* nullable: stale */
  guint64        revision;
  guint64        kind_revision[MUSTER_FEATURE_UNIT + 1];
  MusterBattlefieldWatch watch;   /* nullable: the document it is in */
  gpointer       watch_data;
};

MusterBattlefield *_muster_battlefield_alloc         (void);
void               _muster_battlefield_number_feature (MusterBattlefield   *self,
                                                       MusterFeature       *feature,
                                                       guint                n);
void               _muster_battlefield_take_id       (MusterBattlefield   *self,
                                                      MusterFeature       *feature);
void               _muster_battlefield_write_table   (MusterBattlefield   *self);
xmlNode           *_muster_battlefield_scenario_node (MusterBattlefield   *self,
                                                      gboolean             create);
MusterFeature     *_muster_feature_read              (xmlNode             *node,
                                                      const char          *file,
                                                      GError             **error);
void               _muster_feature_write             (MusterFeature       *feature);
gboolean           _muster_feature_compact           (MusterFeature       *feature);
void               _muster_feature_expand            (MusterFeature       *feature);
void               _muster_battlefield_set_watch     (MusterBattlefield   *self,
                                                      MusterBattlefieldWatch watch,
                                                      gpointer             data);

G_END_DECLS
