/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-battlefield.h"
#include "muster-ranges.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/*
 * Terrain types and figure scales of a rule system (the ruleset's <terrain-types> and <scales>
 * blocks: the battlefield's data, read from the ruleset file), and what the table says
 * about units: line of sight through terrain, the distance between two units, units outside
 * their side's deployment zone.
 */

typedef enum
{
  MUSTER_TERRAIN_OPEN,
  MUSTER_TERRAIN_WOODS,
  MUSTER_TERRAIN_HILL,
  MUSTER_TERRAIN_STEEP_HILL,
  MUSTER_TERRAIN_BUILDING,
  MUSTER_TERRAIN_RIVER,
  MUSTER_TERRAIN_ROAD,
  MUSTER_TERRAIN_FORD,
  MUSTER_TERRAIN_BRIDGE,
  MUSTER_TERRAIN_LINEAR,
  MUSTER_TERRAIN_ROUGH,
  MUSTER_TERRAIN_MARSH,
  MUSTER_TERRAIN_WATER,
  MUSTER_TERRAIN_IMPASSABLE,
  MUSTER_TERRAIN_FORTIFICATION,
  MUSTER_TERRAIN_N_KINDS,
} MusterTerrainKind;

typedef enum
{
  MUSTER_MOVE_CLEAR,
  MUSTER_MOVE_POOR,
  MUSTER_MOVE_DIFFICULT,
  MUSTER_MOVE_IMPASSABLE,
} MusterMoveClass;

typedef enum
{
  MUSTER_COVER_NONE,
  MUSTER_COVER_SOFT,
  MUSTER_COVER_HARD,
} MusterCover;

/**
 * MusterTerrainType:
 * @id: the id terrain pieces name
 * @name: what the user sees
 * @kind: what it looks like on the map
 * @move: the worst movement class it imposes on formed troops
 * @cover: the cover it gives
 * @blocks_sight: whether a line of sight that crosses it is blocked (a unit inside the piece
 *   sees out and is seen: it stands at the edge)
 * @description: the rules in plain words (nullable)
 * @source: where in the book (nullable)
 */
typedef struct
{
  char              *id;
  char              *name;
  MusterTerrainKind  kind;
  MusterMoveClass    move;
  MusterCover        cover;
  gboolean           blocks_sight;
  char              *description;
  char              *source;
} MusterTerrainType;

typedef struct _MusterTerrainTypes MusterTerrainTypes;

MusterTerrainTypes      *muster_terrain_types_new_generic    (void);
MusterTerrainTypes      *muster_terrain_types_new_from_bytes (GBytes                   *ruleset,
                                                              const char               *display_name,
                                                              GError                  **error);
MusterTerrainTypes      *muster_terrain_types_new_for_ruleset (MusterRuleset           *ruleset,
                                                              GError                  **error);
void                     muster_terrain_types_free           (MusterTerrainTypes       *self);
guint                    muster_terrain_types_get_n_types    (const MusterTerrainTypes *self);
const MusterTerrainType *muster_terrain_types_get_type       (const MusterTerrainTypes *self,
                                                              guint                     index);
const MusterTerrainType *muster_terrain_types_lookup         (const MusterTerrainTypes *self,
                                                              const char               *id);
MusterTerrainKind        muster_terrain_kind_from_string     (const char               *kind);
const MusterRangeRules  *muster_terrain_types_get_ranges     (const MusterTerrainTypes *self);
guint                    muster_terrain_types_get_n_scales   (const MusterTerrainTypes *self);
const char              *muster_terrain_types_get_scale_name (const MusterTerrainTypes *self,
                                                              guint                     scale,
                                                              const char              **units,
                                                              const char              **ground);
guint                    muster_terrain_types_scale_for_force (const MusterTerrainTypes *self,
                                                              const MusterForce        *force,
                                                              const char               *units);
guint                    muster_terrain_types_scale_for_doc  (const MusterTerrainTypes *self,
                                                              MusterDoc                *doc);
gboolean                 muster_terrain_types_get_base       (const MusterTerrainTypes *self,
                                                              guint                     scale,
                                                              const char               *unit_type,
                                                              double                   *width,
                                                              double                   *depth);
char                    *muster_terrain_type_describe        (const MusterTerrainType  *type);

gboolean                 muster_battlefield_line_of_sight    (MusterBattlefield        *self,
                                                              const MusterTerrainTypes *types,
                                                              const char               *from_id,
                                                              const char               *to_id,
                                                              const MusterFeature     **blocker);
typedef struct _MusterSightFrom MusterSightFrom;

MusterSightFrom         *muster_sight_from_new               (MusterBattlefield        *battlefield,
                                                              const MusterTerrainTypes *types,
                                                              const char               *from_id);
void                     muster_sight_from_free              (MusterSightFrom          *self);
gboolean                 muster_sight_from_check             (const MusterSightFrom    *self,
                                                              const char               *to_id,
                                                              const MusterFeature     **blocker);
gboolean                 muster_sight_from_check_feature     (const MusterSightFrom    *self,
                                                              const MusterFeature      *to,
                                                              const MusterFeature     **blocker);
double                   muster_battlefield_distance         (MusterBattlefield        *self,
                                                              const char               *a_id,
                                                              const char               *b_id);
GPtrArray               *muster_battlefield_check_deployment (MusterBattlefield        *self,
                                                              MusterDoc                *doc);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterTerrainTypes, muster_terrain_types_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterSightFrom, muster_sight_from_free)

G_END_DECLS
