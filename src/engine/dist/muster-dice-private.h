/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-dice.h"

G_BEGIN_DECLS

/* The generator's state, here so that the engine's hot loops can draw without a call. */
struct _MusterDice
{
  grefcount ref_count;

  guint64   seed;
  guint64   state[4];
  GArray   *record;   /* nullable: MusterRolledDie, not owned */
};

/* Notes a die rolled, when @self records (muster_dice_set_record()). */
static inline void
_muster_dice_record (MusterDice *self,
                     int         face,
                     int         lo,
                     int         hi)
{
  if (G_UNLIKELY (self->record != NULL))
    {
      MusterRolledDie die = { face, lo, hi };

      g_array_append_val (self->record, die);
    }
}

static inline guint64
_muster_dice_rotl (guint64 x,
                   int     k)
{
  return (x << k) | (x >> (64 - k));
}

/* One output of xoshiro256**, as muster_dice_next() without its checks. */
static inline guint64
_muster_dice_next (MusterDice *self)
{
  guint64 *s = self->state;
  guint64 result = _muster_dice_rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = _muster_dice_rotl (s[3], 45);
  return result;
}

/* For the tests: a generator started from a raw xoshiro256** state (not all zero), so the
 * published reference outputs can be checked. */
MusterDice *_muster_dice_new_from_state (const guint64 state[4]);

G_END_DECLS
