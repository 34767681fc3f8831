/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine.h"

G_BEGIN_DECLS

/**
 * MusterChoicePrice:
 * @costed: the unit can be costed with the choice; otherwise @error says why
 * @total: what the unit would cost with the choice, in the ruleset's costing measure
 * @delta: what the choice adds to the unit (@total less the unit with nothing of the group)
 * @each: the part of @delta per size unit (stand, figure…), from the cost breakdown; 0 when
 *   the choice costs per unit or the system prices by formula
 * @house: @total rests on a house value
 * @error: (nullable): why the unit cannot be costed with the choice
 * @not_allowed: (nullable): why the choice breaks the rules (the unit type may not take it)
 *
 * What one choice of the unit editor would do to a unit's cost, asked of the engine's own
 * costing (the system module), so the editor holds no copy of the rules.
 */
typedef struct
{
  gboolean  costed;
  gint64    total;
  gint64    delta;
  double    each;
  gboolean  house;
  char     *error;
  char     *not_allowed;
} MusterChoicePrice;

void      muster_choice_price_clear  (MusterChoicePrice   *price);
gboolean  muster_choice_price_get    (const MusterRuleset *ruleset,
                                      const MusterUnit    *unit,
                                      const char          *group_id,
                                      const char          *option_id,
                                      guint                count,
                                      MusterChoicePrice   *price);
char     *muster_choice_price_format (const MusterRuleset *ruleset,
                                      const MusterUnit    *unit,
                                      const MusterChoicePrice *price,
                                      const char          *total_separator);
char     *muster_unit_dup_choices    (const MusterRuleset *ruleset,
                                      const MusterUnit    *unit);

G_END_DECLS
