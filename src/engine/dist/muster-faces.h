/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-dice.h"
#include "muster-dist.h"

G_BEGIN_DECLS

/*
 * Die faces for the rule systems' procedures. A procedure is written once, as a function of
 * the faces its dice show; the faces come from seeded dice for the simulator, or are given:
 * the book's own dice in a worked example, or one combination of an enumeration of every
 * combination, which gives the exact distribution or checks an analytic one.
 *
 * Procedures whose dice are known before any is rolled list them in a MusterFaceLayout and
 * resolve an array of faces. Procedures that decide how many dice to roll from the dice
 * already rolled read their faces one at a time from a MusterFaces.
 */

/* The most dice a layout lists; Standards of Valor's hand-to-hand refuses the force ratios that
 * would need more. */
#define MUSTER_FACES_MAX          512
/* The most values a resolution writes, which may be more than its procedure shows. */
#define MUSTER_FACES_MAX_OUTCOMES 16

/**
 * MusterFaceLayout:
 * @n_faces: how many dice
 * @face_min: the lowest face of each die
 * @face_max: the highest face of each die
 *
 * The dice of one play, in the order its resolution reads them; each face of a die is equally
 * likely. A die of one face shows it without a roll.
 */
typedef struct
{
  guint n_faces;
  int   face_min[MUSTER_FACES_MAX];
  int   face_max[MUSTER_FACES_MAX];
} MusterFaceLayout;

/**
 * MusterFacesResolveFunc:
 * @play: what the procedure read from its inputs and tables
 * @faces: one face per die of the play's layout
 * @outcome: (out caller-allocates): the outcomes, at most %MUSTER_FACES_MAX_OUTCOMES
 *
 * A play's resolution: a pure function of the faces.
 */
typedef void (*MusterFacesResolveFunc) (gconstpointer  play,
                                        const int     *faces,
                                        int           *outcome);

void     muster_face_layout_clear     (MusterFaceLayout        *self);
guint    muster_face_layout_add       (MusterFaceLayout        *self,
                                       guint                    n,
                                       int                      lo,
                                       int                      hi);
guint    muster_face_layout_add_dice  (MusterFaceLayout        *self,
                                       guint                    n,
                                       int                      sides);
void     muster_face_layout_add_each  (MusterFaceLayout        *self,
                                       const int               *sides,
                                       guint                    n);
void     muster_face_layout_roll      (const MusterFaceLayout  *self,
                                       MusterDice              *dice,
                                       int                     *faces);
void     muster_face_layout_play      (const MusterFaceLayout  *self,
                                       MusterFacesResolveFunc   resolve,
                                       gconstpointer            play,
                                       MusterDice              *dice,
                                       guint                    n_outputs,
                                       int                     *outcome);
void     muster_face_layout_enumerate (const MusterFaceLayout  *self,
                                       MusterFacesResolveFunc   resolve,
                                       gconstpointer            play,
                                       guint                    n_outputs,
                                       MusterDist             **outputs);

/**
 * MusterFaces:
 *
 * A source of faces read one at a time, set up with muster_faces_init_rolled() or
 * muster_faces_init_given(). On the stack; the fields are private.
 */
typedef struct
{
  MusterDice *dice;
  const int  *given;
  guint       n_given;
  guint       n_used;
  gboolean    exhausted;
  /* Random bits drawn for muster_faces_d6() and not used yet. */
  guint64     bits;
  int         n_bits;
  /* The generator records its dice: every d6 goes through the slow path, which notes it. */
  gboolean    recording;
} MusterFaces;

void     muster_faces_init_rolled     (MusterFaces             *self,
                                       MusterDice              *dice);
void     muster_faces_init_given      (MusterFaces             *self,
                                       const int               *faces,
                                       guint                    n_faces);
int      muster_faces_roll            (MusterFaces             *self,
                                       int                      lo,
                                       int                      hi);
int      muster_faces_sum             (MusterFaces             *self,
                                       int                      n,
                                       int                      lo,
                                       int                      hi);
int      _muster_faces_d6_slow        (MusterFaces             *self);
int      muster_faces_count_d6        (MusterFaces             *self,
                                       int                      n,
                                       int                      at_least);
guint    muster_faces_get_n_used      (const MusterFaces       *self);
gboolean muster_faces_is_exhausted    (const MusterFaces       *self);

/**
 * muster_faces_d6:
 *
 * One d6, rolled from 3 random bits at a time, 0–5 kept and 6–7 thrown away: exactly uniform,
 * and some 15 faces for each draw of the generator instead of one, for procedures that roll
 * hundreds of dice. A procedure's seeded results depend on whether it rolls its d6 with this
 * or with muster_faces_roll(). Inline: Battle Valor Fantasy's simulator rolls one per figure.
 *
 * Returns: the face, 1–6
 */
static inline int
muster_faces_d6 (MusterFaces *self)
{
  if (G_LIKELY (self->dice != NULL && self->n_bits >= 3 && !self->recording))
    {
      int v = self->bits & 7;

      self->bits >>= 3;
      self->n_bits -= 3;
      if (G_LIKELY (v < 6))
        {
          self->n_used++;
          return v + 1;
        }
    }
  return _muster_faces_d6_slow (self);
}

G_END_DECLS
