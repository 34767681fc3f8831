/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-resolve.h"

G_BEGIN_DECLS

/*
 * What the systems' `resolve_effect` hooks share: the outcomes of the roll, and the ways an
 * outcome changes a unit, each of which also writes its line of the effect in words. Most of a
 * system's effects are a table of MusterRollEffectRule; what a table cannot say is code.
 */

typedef enum
{
  MUSTER_ROLL_ACTING,
  MUSTER_ROLL_TARGET,
} MusterRollSide;

/**
 * MusterRollEffectKind:
 * @MUSTER_ROLL_LOSE: the output is lost from the unit's size (stands, figures, soldiers)
 * @MUSTER_ROLL_COUNT: the output adds to the count @marker; every @per of it takes one
 *   from the unit's size and the rest stays on the marker (hits that become stands lost)
 * @MUSTER_ROLL_ADD: the output adds to the count @marker, up to @per when @per > 0
 * @MUSTER_ROLL_STATE: @marker takes the output's value label ("morale=shaken"), unless it
 *   is the first value (a pass), which leaves the marker as it is
 * @MUSTER_ROLL_LABEL: @marker takes the output's value label, whichever it is
 *   ("attitude=nervous")
 * @MUSTER_ROLL_FLAG: the flag @marker is set when the output is not 0
 */
typedef enum
{
  MUSTER_ROLL_LOSE,
  MUSTER_ROLL_COUNT,
  MUSTER_ROLL_ADD,
  MUSTER_ROLL_STATE,
  MUSTER_ROLL_LABEL,
  MUSTER_ROLL_FLAG,
} MusterRollEffectKind;

/* One row of a system's effects: @output of @procedure does @kind to @side. */
typedef struct
{
  const char       *procedure;
  const char       *output;
  MusterRollSide  side;
  MusterRollEffectKind  kind;
  const char       *marker;
  int               per;
} MusterRollEffectRule;

const MusterOddsFacts *muster_roll_effect_get_facts  (const MusterRollEffect *self);
gboolean               muster_roll_effect_get_output (const MusterRollEffect *self,
                                                 const char         *output,
                                                 int                *value);
guint                  muster_roll_effect_get_size   (const MusterRollEffect *self,
                                                 MusterRollSide    side);
void                   muster_roll_effect_lose       (MusterRollEffect       *self,
                                                 MusterRollSide    side,
                                                 guint               n);
void                   muster_roll_effect_count      (MusterRollEffect       *self,
                                                 MusterRollSide    side,
                                                 const char         *marker,
                                                 int                 add,
                                                 int                 per);
void                   muster_roll_effect_add        (MusterRollEffect       *self,
                                                 MusterRollSide    side,
                                                 const char         *marker,
                                                 int                 add,
                                                 int                 max);
void                   muster_roll_effect_mark       (MusterRollEffect       *self,
                                                 MusterRollSide    side,
                                                 const char         *marker,
                                                 const char         *value);
void                   muster_roll_effect_note       (MusterRollEffect       *self,
                                                 const char         *format,
                                                 ...) G_GNUC_PRINTF (2, 3);
guint                  muster_roll_effect_apply_rules (MusterRollEffect          *self,
                                                  const MusterProcedure *procedure,
                                                  const MusterRollEffectRule *rules,
                                                  guint                  n_rules);

G_END_DECLS
