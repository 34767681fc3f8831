/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-dist.h"

G_BEGIN_DECLS

typedef struct _MusterDice MusterDice;

/**
 * MusterRolledDie:
 * @face: what it showed
 * @lo: its lowest face
 * @hi: its highest face (6 for a d6)
 *
 * One die a generator rolled while it was recording (muster_dice_set_record()).
 */
typedef struct
{
  int face;
  int lo;
  int hi;
} MusterRolledDie;

MusterDice *muster_dice_new       (guint64            seed);
MusterDice *muster_dice_copy      (const MusterDice  *self);
MusterDice *muster_dice_ref       (MusterDice        *self);
void        muster_dice_unref     (MusterDice        *self);
guint64     muster_dice_get_seed  (const MusterDice  *self);
guint64     muster_dice_next      (MusterDice        *self);
int         muster_dice_roll      (MusterDice        *self,
                                   guint              sides);
int         muster_dice_uniform   (MusterDice        *self,
                                   int                lo,
                                   int                hi);
double      muster_dice_double    (MusterDice        *self);
gboolean    muster_dice_chance    (MusterDice        *self,
                                   double             p);
int         muster_dice_sample    (MusterDice        *self,
                                   const MusterDist  *dist);
void        muster_dice_set_record (MusterDice       *self,
                                    GArray           *record);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterDice, muster_dice_unref)

G_END_DECLS
