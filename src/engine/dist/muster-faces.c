/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-faces"

#include "config.h"

#include <string.h>

#include "muster-dice-private.h"
#include "muster-faces.h"

/* Outcome values of one play are small; a dense histogram over this span is enough. */
#define HISTOGRAM_MIN  (-64)
#define HISTOGRAM_SPAN 2048

void
muster_face_layout_clear (MusterFaceLayout *self)
{
  g_return_if_fail (self != NULL);

  self->n_faces = 0;
}

/**
 * muster_face_layout_add:
 * @n: how many dice
 * @lo: their lowest face
 * @hi: their highest face
 *
 * Returns: the index of the first of the new dice in the faces a resolution reads
 */
guint
muster_face_layout_add (MusterFaceLayout *self,
                        guint             n,
                        int               lo,
                        int               hi)
{
  guint first;

  g_return_val_if_fail (self != NULL, 0);

  first = self->n_faces;
  g_assert (self->n_faces + n <= MUSTER_FACES_MAX);
  for (guint i = 0; i < n; i++)
    {
      self->face_min[self->n_faces] = lo;
      self->face_max[self->n_faces] = hi;
      self->n_faces++;
    }
  return first;
}

/**
 * muster_face_layout_add_dice:
 * @sides: the highest face; the lowest is 1
 *
 * Returns: the index of the first of the new dice
 */
guint
muster_face_layout_add_dice (MusterFaceLayout *self,
                             guint             n,
                             int               sides)
{
  return muster_face_layout_add (self, n, 1, sides);
}

/**
 * muster_face_layout_add_each:
 * @sides: (array length=n): the highest face of each new die; the lowest is 1
 */
void
muster_face_layout_add_each (MusterFaceLayout *self,
                             const int        *sides,
                             guint             n)
{
  for (guint i = 0; i < n; i++)
    muster_face_layout_add (self, 1, 1, sides[i]);
}

/* A die of one face is not rolled: layouts hold such dice where a rule rolls nothing, and a
 * roll would still use a draw of the generator. */
static inline int
roll_die (MusterDice *dice,
          int         lo,
          int         hi)
{
  return hi > lo ? muster_dice_uniform (dice, lo, hi) : lo;
}

/**
 * muster_face_layout_roll:
 * @faces: (out caller-allocates): one face per die of @self
 *
 * Rolls every die of @self with @dice, in order.
 */
void
muster_face_layout_roll (const MusterFaceLayout *self,
                         MusterDice             *dice,
                         int                    *faces)
{
  for (guint i = 0; i < self->n_faces; i++)
    faces[i] = roll_die (dice, self->face_min[i], self->face_max[i]);
}

/**
 * muster_face_layout_play:
 * @outcome: (out caller-allocates): the first @n_outputs outcomes of @resolve
 *
 * Plays @play once with @dice: rolls the layout's dice and resolves their faces.
 */
void
muster_face_layout_play (const MusterFaceLayout *self,
                         MusterFacesResolveFunc  resolve,
                         gconstpointer           play,
                         MusterDice             *dice,
                         guint                   n_outputs,
                         int                    *outcome)
{
  int faces[MUSTER_FACES_MAX];
  int all[MUSTER_FACES_MAX_OUTCOMES];

  g_assert (n_outputs <= G_N_ELEMENTS (all));

  muster_face_layout_roll (self, dice, faces);
  resolve (play, faces, all);
  memcpy (outcome, all, n_outputs * sizeof (int));
}

/* Every combination of faces is equally likely, so the enumeration counts them in integers
 * and divides once: summing millions of tiny doubles would drift past 1e-12. */
typedef struct
{
  guint64 counts[HISTOGRAM_SPAN];
  int     lo, hi;
} Histogram;

static void
histogram_add (Histogram *h,
               int        value)
{
  int i = value - HISTOGRAM_MIN;

  g_assert (i >= 0 && i < HISTOGRAM_SPAN);
  h->counts[i]++;
  h->lo = MIN (h->lo, i);
  h->hi = MAX (h->hi, i);
}

/**
 * muster_face_layout_enumerate:
 * @outputs: (out caller-allocates): one new distribution per output
 *
 * The exact distribution of each of the first @n_outputs outcomes of @play, by resolving
 * every combination of its dice's faces: for small layouts only. Outcomes must lie within
 * −64 … 1983.
 */
void
muster_face_layout_enumerate (const MusterFaceLayout  *self,
                              MusterFacesResolveFunc   resolve,
                              gconstpointer            play,
                              guint                    n_outputs,
                              MusterDist             **outputs)
{
  int faces[MUSTER_FACES_MAX];
  int outcome[MUSTER_FACES_MAX_OUTCOMES];
  g_autofree Histogram *histograms = g_new0 (Histogram, n_outputs);
  guint n = self->n_faces;

  g_assert (n_outputs <= G_N_ELEMENTS (outcome));
  for (guint i = 0; i < n; i++)
    faces[i] = self->face_min[i];
  for (guint i = 0; i < n_outputs; i++)
    histograms[i].lo = HISTOGRAM_SPAN, histograms[i].hi = -1;

  for (;;)
    {
      guint k;

      resolve (play, faces, outcome);
      for (guint i = 0; i < n_outputs; i++)
        histogram_add (&histograms[i], outcome[i]);

      /* The next combination, like an odometer. */
      for (k = 0; k < n; k++)
        {
          if (faces[k] < self->face_max[k])
            {
              faces[k]++;
              break;
            }
          faces[k] = self->face_min[k];
        }
      if (k == n)
        break;
    }

  for (guint i = 0; i < n_outputs; i++)
    {
      Histogram *h = &histograms[i];
      g_autofree double *weights = g_new (double, h->hi - h->lo + 1);

      for (int v = h->lo; v <= h->hi; v++)
        weights[v - h->lo] = (double) h->counts[v];
      outputs[i] = muster_dist_new_from_weights (h->lo + HISTOGRAM_MIN, weights, h->hi - h->lo + 1);
    }
}

/**
 * muster_faces_init_rolled:
 *
 * A source that rolls its faces with @dice, which must outlive it.
 */
void
muster_faces_init_rolled (MusterFaces *self,
                          MusterDice  *dice)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (dice != NULL);

  memset (self, 0, sizeof *self);
  self->dice = dice;
  self->recording = dice->record != NULL;
}

/**
 * muster_faces_init_given:
 * @faces: (array length=n_faces): the faces in the order they are read; not copied
 *
 * A source that reads @faces in order. Reading past the last one gives the die's lowest face
 * and marks the source exhausted.
 */
void
muster_faces_init_given (MusterFaces *self,
                         const int   *faces,
                         guint        n_faces)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (faces != NULL || n_faces == 0);

  memset (self, 0, sizeof *self);
  self->given = faces;
  self->n_given = n_faces;
}

static inline int
next_given (MusterFaces *self,
            int          lo)
{
  if (self->n_used >= self->n_given)
    {
      self->exhausted = TRUE;
      return lo;
    }
  return self->given[self->n_used++];
}

/**
 * muster_faces_roll:
 *
 * One die showing @lo … @hi. Rolled, it uses one draw of the generator (rarely more), none
 * when @lo = @hi.
 *
 * Returns: the face
 */
int
muster_faces_roll (MusterFaces *self,
                   int          lo,
                   int          hi)
{
  if (self->dice == NULL)
    return next_given (self, lo);
  self->n_used++;
  return roll_die (self->dice, lo, hi);
}

/**
 * muster_faces_sum:
 *
 * Returns: the total of @n dice of muster_faces_roll(), rolled in order
 */
int
muster_faces_sum (MusterFaces *self,
                  int          n,
                  int          lo,
                  int          hi)
{
  int total = 0;

  for (int i = 0; i < n; i++)
    total += muster_faces_roll (self, lo, hi);
  return total;
}

/* muster_faces_d6() when its inline fast path cannot answer: given faces, a refill of the
 * random bits, or a thrown-away 6–7. */
int
_muster_faces_d6_slow (MusterFaces *self)
{
  if (self->dice == NULL)
    return next_given (self, 1);
  self->n_used++;
  for (;;)
    {
      int v;

      if (self->n_bits < 3)
        {
          self->bits = _muster_dice_next (self->dice);
          self->n_bits = 63;
        }
      v = self->bits & 7;
      self->bits >>= 3;
      self->n_bits -= 3;
      if (v < 6)
        {
          _muster_dice_record (self->dice, v + 1, 1, 6);
          return v + 1;
        }
    }
}

/* Bit 0 of each of the 21 3-bit chunks of a generator output. */
#define CHUNK_LOW_BITS G_GUINT64_CONSTANT (0x1249249249249249)

/* The bits set in @x. GCC's __builtin_popcountll is a call into libgcc without -mpopcnt,
 * which the baseline x86-64 target lacks; this is a few inline instructions. */
static inline int
count_bits (guint64 x)
{
#ifdef __POPCNT__
  return __builtin_popcountll (x);
#else
  x = x - ((x >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  x = (x & G_GUINT64_CONSTANT (0x3333333333333333)) +
      ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  x = (x + (x >> 4)) & G_GUINT64_CONSTANT (0x0F0F0F0F0F0F0F0F);
  return (int) ((x * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56);
#endif
}

/*
 * The 5s and 6s, or the 6s, among @n rolled d6 of muster_faces_d6(), a whole generator output
 * at a time: the chunks of an output are the faces muster_faces_d6() would return one by one,
 * in the same order, so the count is the same. The last, partly used output is read up to its
 * n-th valid chunk, and keeps the rest for the next roll, as face by face would.
 */
static int
count_rolled_high (MusterFaces *self,
                   int          n,
                   int          at_least)
{
  int s = 0;

  self->n_used += MAX (n, 0);
  while (n > 0)
    {
      guint64 x = self->bits;
      guint64 avail = self->n_bits >= 63 ? CHUNK_LOW_BITS :
                      CHUNK_LOW_BITS & ((G_GUINT64_CONSTANT (1) << self->n_bits) - 1);
      guint64 b0 = x & CHUNK_LOW_BITS, b1 = (x >> 1) & CHUNK_LOW_BITS;
      guint64 b2 = (x >> 2) & CHUNK_LOW_BITS;
      guint64 valid = ~(b1 & b2) & avail;                     /* 0–5 are faces 1–6 */
      guint64 hit = b2 & ~b1 & avail & (at_least == 6 ? b0 : CHUNK_LOW_BITS);   /* 5–6 or 6 */
      int n_valid = count_bits (valid);

      if (n_valid > n)
        {
          int used;

          /* the n-th valid chunk ends what these dice read */
          for (int k = 1; k < n; k++)
            valid &= valid - 1;
          used = __builtin_ctzll (valid) + 3;
          s += count_bits (hit & ((G_GUINT64_CONSTANT (1) << used) - 1));
          self->bits >>= used;
          self->n_bits -= used;
          return s;
        }
      s += count_bits (hit);
      n -= n_valid;
      self->bits = _muster_dice_next (self->dice);
      self->n_bits = 63;
    }
  return s;
}

/* Whether the random bits left hold a chunk that is a face (0–5), not one thrown away. */
static gboolean
has_face_left (const MusterFaces *self)
{
  guint64 avail = self->n_bits >= 63 ? CHUNK_LOW_BITS :
                  CHUNK_LOW_BITS & ((G_GUINT64_CONSTANT (1) << MAX (self->n_bits, 0)) - 1);
  guint64 b1 = (self->bits >> 1) & CHUNK_LOW_BITS, b2 = (self->bits >> 2) & CHUNK_LOW_BITS;

  return (~(b1 & b2) & avail) != 0;
}

/**
 * muster_faces_count_d6:
 * @n: how many d6, each read with muster_faces_d6()
 * @at_least: the lowest face that counts
 *
 * Returns: how many of the @n dice show @at_least or more
 */
int
muster_faces_count_d6 (MusterFaces *self,
                       int          n,
                       int          at_least)
{
  int s = 0;

  if (self->dice != NULL && !self->recording && (at_least == 5 || at_least == 6))
    return count_rolled_high (self, n, at_least);
  for (int i = 0; i < n; i++)
    s += muster_faces_d6 (self) >= at_least;
  /* Recording, the dice were read one by one; count_rolled_high() replaces an output whose
   * faces are all read at once, and so must this, for the generator to be where it would be. */
  if (self->recording && n > 0 && (at_least == 5 || at_least == 6) && !has_face_left (self))
    {
      self->bits = _muster_dice_next (self->dice);
      self->n_bits = 63;
    }
  return s;
}

/**
 * muster_faces_get_n_used:
 *
 * Returns: how many faces were read or rolled
 */
guint
muster_faces_get_n_used (const MusterFaces *self)
{
  return self->n_used;
}

/**
 * muster_faces_is_exhausted:
 *
 * Returns: whether more faces were read than were given
 */
gboolean
muster_faces_is_exhausted (const MusterFaces *self)
{
  return self->exhausted;
}
