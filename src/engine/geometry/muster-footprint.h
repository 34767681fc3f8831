/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-geometry.h"

G_BEGIN_DECLS

/**
 * MusterFormation:
 * @MUSTER_FORMATION_LINE: ranks of @files stands (default: every stand in one rank)
 * @MUSTER_FORMATION_COLUMN: the same layout, @files wide (default 1): a march column, or with
 *   more files a column of attack
 * @MUSTER_FORMATION_SQUARE: a hollow square, @files stands on each of four outward-facing faces
 *   (default n / 4) that touch at the corners; spare stands stand inside in ranks of @files.
 *   Fewer than four stands cannot form a square and stand in a line
 * @MUSTER_FORMATION_WEDGE: 1 stand in front, 2 in the second rank, 3 in the third...
 * @MUSTER_FORMATION_SKIRMISH: open order: ranks of @files stands (default: one rank) with
 *   @spacing base sizes between neighbours; its outline is the convex hull of the stands
 * @MUSTER_FORMATION_SINGLE: one stand or vignette, whatever @n_stands says
 *
 * Ranks are centred on the unit's axis; a short rear rank is centred too.
 */
typedef enum
{
  MUSTER_FORMATION_LINE,
  MUSTER_FORMATION_COLUMN,
  MUSTER_FORMATION_SQUARE,
  MUSTER_FORMATION_WEDGE,
  MUSTER_FORMATION_SKIRMISH,
  MUSTER_FORMATION_SINGLE,
} MusterFormation;

/**
 * MusterFootprintSpec:
 * @formation: the layout
 * @n_stands: how many stands
 * @base_width: a stand's frontage, mm
 * @base_depth: a stand's depth, mm
 * @files: stands per rank (per face for a square); 0 for the formation's default
 * @ranks: used when @files is 0: files = ceil (n_stands / ranks)
 * @spacing: the gap between neighbouring stands in base sizes (1 = one base width between files
 *   and one base depth between ranks); 0 is shoulder to shoulder. Squares ignore it
 * @centre: the centre of the unit's bounding rectangle (in its own frame), table mm
 * @facing: the direction the unit faces, radians
 */
typedef struct
{
  MusterFormation formation;
  guint           n_stands;
  double          base_width;
  double          base_depth;
  guint           files;
  guint           ranks;
  double          spacing;
  MusterPoint     centre;
  double          facing;
} MusterFootprintSpec;

/* One stand: its centre and the way it faces (outward on a square's faces). */
typedef struct
{
  MusterPoint centre;
  double      facing;
} MusterStand;

/* A facing arrow: a shaft from @tail to @tip and a head from @left to @tip to @right. */
typedef struct
{
  MusterPoint tail, tip, left, right;
} MusterArrow;

typedef struct _MusterFootprint MusterFootprint;

MusterFootprint           *muster_footprint_new             (const MusterFootprintSpec *spec);
void                       muster_footprint_free            (MusterFootprint           *self);
const MusterFootprintSpec *muster_footprint_get_spec        (const MusterFootprint     *self);
guint                      muster_footprint_get_n_stands    (const MusterFootprint     *self);
MusterStand                muster_footprint_get_stand       (const MusterFootprint     *self,
                                                             guint                      index);
MusterRect                 muster_footprint_get_stand_rect  (const MusterFootprint     *self,
                                                             guint                      index);
const MusterPoint         *muster_footprint_get_outline     (const MusterFootprint     *self,
                                                             guint                     *n_points);
MusterShape                muster_footprint_get_shape       (const MusterFootprint     *self);
MusterBox                  muster_footprint_get_bounds      (const MusterFootprint     *self);
double                     muster_footprint_get_frontage    (const MusterFootprint     *self);
double                     muster_footprint_get_depth       (const MusterFootprint     *self);
MusterSegment              muster_footprint_get_front_edge  (const MusterFootprint     *self);
MusterArrow                muster_footprint_get_facing_arrow (const MusterFootprint    *self,
                                                             double                     length);
int                        muster_footprint_stand_at        (const MusterFootprint     *self,
                                                             MusterPoint                p);
double                     muster_footprint_distance        (const MusterFootprint     *a,
                                                             const MusterFootprint     *b);
double                     muster_footprint_stand_distance  (const MusterFootprint     *a,
                                                             const MusterFootprint     *b,
                                                             guint                     *stand_a,
                                                             guint                     *stand_b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterFootprint, muster_footprint_free)

G_END_DECLS
