/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-dice"

#include "config.h"

#include "muster-dice.h"
#include "muster-dice-private.h"
#include "muster-dist-private.h"

/*
 * MusterDice is the one source of randomness in the engine: every function that rolls takes
 * one, so a seed replays a whole battle and tests are deterministic. There is no global
 * generator, and nothing here calls rand() or g_random_*().
 *
 * The generator is xoshiro256** (Blackman and Vigna, 2018), its 256-bit state filled from the
 * 64-bit seed by four outputs of splitmix64, as the authors recommend. Only 64-bit integer
 * operations are used, and each function below documents how many outputs it consumes, so the
 * same seed gives the same rolls on every platform and every build.
 *
 * A MusterDice is reference-counted but not thread-safe: give each thread its own (copies of
 * one, or seeds derived from one).
 */
static guint64
splitmix64_next (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* Uniform in 0 .. range - 1 without modulo bias: outputs below 2^64 mod range are rejected
 * (a chance of range / 2^64 at most, so almost always one output). */
static inline guint64
bounded (MusterDice *self,
         guint64     range)
{
  guint64 threshold = (0 - range) % range;
  guint64 x;

  do
    x = _muster_dice_next (self);
  while (x < threshold);
  return x % range;
}

/**
 * muster_dice_new:
 * @seed: any 64-bit number; the same seed always gives the same rolls
 *
 * Returns: (transfer full): a new generator
 */
MusterDice *
muster_dice_new (guint64 seed)
{
  MusterDice *self = g_new0 (MusterDice, 1);
  guint64 sm = seed;

  g_ref_count_init (&self->ref_count);
  self->seed = seed;
  /* Four consecutive splitmix64 outputs are distinct, so the state is never all zero. */
  for (guint i = 0; i < G_N_ELEMENTS (self->state); i++)
    self->state[i] = splitmix64_next (&sm);
  return self;
}

MusterDice *
_muster_dice_new_from_state (const guint64 state[4])
{
  MusterDice *self;

  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail ((state[0] | state[1] | state[2] | state[3]) != 0, NULL);

  self = g_new0 (MusterDice, 1);
  g_ref_count_init (&self->ref_count);
  for (guint i = 0; i < G_N_ELEMENTS (self->state); i++)
    self->state[i] = state[i];
  return self;
}

/**
 * muster_dice_copy:
 * @self: a generator
 *
 * A generator in the same state: it will roll exactly what @self rolls next, e.g. to preview
 * a roll and then make it.
 *
 * Returns: (transfer full): the copy
 */
MusterDice *
muster_dice_copy (const MusterDice *self)
{
  MusterDice *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_memdup2 (self, sizeof *self);
  g_ref_count_init (&copy->ref_count);
  copy->record = NULL;
  return copy;
}

MusterDice *
muster_dice_ref (MusterDice *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_ref_count_inc (&self->ref_count);
  return self;
}

void
muster_dice_unref (MusterDice *self)
{
  g_return_if_fail (self != NULL);

  if (g_ref_count_dec (&self->ref_count))
    g_free (self);
}

/**
 * muster_dice_get_seed:
 * @self: a generator
 *
 * Returns: the seed @self was made from, to show or to store with a game
 */
guint64
muster_dice_get_seed (const MusterDice *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->seed;
}

/**
 * muster_dice_next:
 * @self: a generator
 *
 * The next raw output of xoshiro256**. Consumes one output.
 *
 * Returns: 64 random bits
 */
guint64
muster_dice_next (MusterDice *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return _muster_dice_next (self);
}

/**
 * muster_dice_roll:
 * @self: a generator
 * @sides: the number of faces, 1 to %G_MAXINT
 *
 * One fair die. Consumes one output (rarely more; see bounded()).
 *
 * Returns: a value from 1 to @sides
 */
int
muster_dice_roll (MusterDice *self,
                  guint       sides)
{
  int face;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (sides >= 1 && sides <= G_MAXINT, 0);

  face = 1 + (int) bounded (self, sides);
  _muster_dice_record (self, face, 1, (int) sides);
  return face;
}

/**
 * muster_dice_uniform:
 * @self: a generator
 * @lo: the smallest value
 * @hi: the largest value, at least @lo
 *
 * Consumes one output (rarely more).
 *
 * Returns: a value from @lo to @hi, each equally likely
 */
int
muster_dice_uniform (MusterDice *self,
                     int         lo,
                     int         hi)
{
  int face;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (lo <= hi, lo);

  face = (int) (lo + (gint64) bounded (self, (guint64) ((gint64) hi - lo) + 1));
  _muster_dice_record (self, face, lo, hi);
  return face;
}

/**
 * muster_dice_double:
 * @self: a generator
 *
 * The top 53 bits of one output, as a double. Consumes one output.
 *
 * Returns: a value in [0, 1), each multiple of 2⁻⁵³ equally likely
 */
double
muster_dice_double (MusterDice *self)
{
  g_return_val_if_fail (self != NULL, 0.0);

  return (double) (_muster_dice_next (self) >> 11) * (1.0 / 9007199254740992.0);
}

/**
 * muster_dice_chance:
 * @self: a generator
 * @p: the probability of %TRUE, in [0, 1]
 *
 * Consumes one output, whatever @p is (even 0 or 1), so that streams stay aligned.
 *
 * Returns: %TRUE with probability @p
 */
gboolean
muster_dice_chance (MusterDice *self,
                    double      p)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (p >= 0.0 && p <= 1.0, FALSE);

  return muster_dice_double (self) < p;
}

/**
 * muster_dice_sample:
 * @self: a generator
 * @dist: the distribution to draw from
 *
 * One value drawn from @dist with Walker's alias method: a column is picked uniformly, then
 * either kept or replaced by its alias, so each draw costs O(1) whatever the length. The alias
 * table is built (in O(length)) on the first draw from @dist and kept with it; draw many
 * samples from one distribution rather than remaking it. Consumes two outputs (rarely more).
 *
 * Returns: a value of @dist; never one with zero probability
 */
int
muster_dice_sample (MusterDice       *self,
                    const MusterDist *dist)
{
  const MusterDistAlias *alias;
  const MusterDistAliasEntry *entry;
  guint64 column;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (dist != NULL, 0);

  alias = _muster_dist_get_alias (dist);
  column = bounded (self, alias->length);
  entry = &alias->entries[column];
  if ((_muster_dice_next (self) >> 11) >= entry->threshold)
    column = entry->alias;
  return muster_dist_get_min (dist) + (int) column;
}

/**
 * muster_dice_set_record:
 * @self: a generator
 * @record: (nullable) (element-type MusterRolledDie): where to note each die rolled from now
 *   on (muster_dice_roll(), muster_dice_uniform() and the faces of muster-faces.h; not the
 *   raw draws of muster_dice_next(), _double(), _chance() or _sample()), or %NULL to stop
 *
 * For a roll shown to players: which dice made the result. Recording changes no roll; it
 * only makes muster-faces.h read its d6 one at a time, to the same faces. @record is not
 * owned and must outlive the recording.
 */
void
muster_dice_set_record (MusterDice *self,
                        GArray     *record)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (record == NULL || g_array_get_element_size (record) == sizeof (MusterRolledDie));

  self->record = record;
}
