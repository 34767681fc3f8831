/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine-types.h"

G_BEGIN_DECLS

/* The Medals of Valor personnel categories, lowest rank first (§1.2). */
typedef enum
{
  MUSTER_MOV_EM,
  MUSTER_MOV_ASL,
  MUSTER_MOV_SL,
  MUSTER_MOV_PL,
  MUSTER_MOV_CO,
  MUSTER_MOV_N_CATEGORIES,
} MusterMovCategory;

/**
 * MusterMovStrength:
 * @men: soldiers by category
 * @total: all soldiers: the force's head count
 * @leaders: soldiers who lead a node of the force (see the "leader" stat)
 * @fir: the soldiers' FIR added up
 * @vehicles: AFVs
 * @vehicle_fir: the AFVs' weapon systems' FIR added up
 *
 * What the book has instead of points: the force as a head count.
 */
typedef struct
{
  guint men[MUSTER_MOV_N_CATEGORIES];
  guint total;
  guint leaders;
  guint fir;
  guint vehicles;
  guint vehicle_fir;
} MusterMovStrength;

void _muster_mov_force_strength (const MusterRuleset *ruleset,
                                 const MusterForce   *force,
                                 MusterMovStrength   *strength);

G_END_DECLS
