/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine-types.h"

G_BEGIN_DECLS

/*
 * Weapon ranges from a ruleset's <ranges> (see data/rulesets/README.md): which units have which
 * ranges, as a fixed distance or read from a stat after options, with the inner bands the rules
 * measure; given for a unit in table millimetres.
 */

#define MUSTER_RANGE_MAX_RINGS 8

/**
 * MusterRange:
 * @id: the <range> id
 * @name: what the ring is labelled ("Shooting", "Long Bow")
 * @unlimited: the weapon reaches anywhere on the table: no ring
 * @max: the maximum range, mm (0 when @unlimited)
 * @min: the minimum range, mm (0 for none)
 * @rings: the bands inside @max, mm, nearest first
 * @n_rings: how many
 * @ruleset_max: @max in the ruleset's own units, for labels
 * @units: those units: "in", "cm" or "yd"
 */
typedef struct
{
  const char *id;
  const char *name;
  gboolean    unlimited;
  double      max;
  double      min;
  double      rings[MUSTER_RANGE_MAX_RINGS];
  guint       n_rings;
  double      ruleset_max;
  const char *units;
} MusterRange;

typedef struct _MusterRangeRules MusterRangeRules;

MusterRangeRules *muster_range_rules_new_from_xml (gpointer                 ruleset_root,
                                                   const char              *display_name,
                                                   GError                 **error);
void              muster_range_rules_free         (MusterRangeRules        *self);
guint             muster_range_rules_get_n_rules  (const MusterRangeRules  *self);
const char       *muster_range_rules_get_note     (const MusterRangeRules  *self);
const char       *muster_range_rules_get_units    (const MusterRangeRules  *self);
double            muster_range_rules_get_mm_per_unit (const MusterRangeRules *self);
GArray           *muster_range_rules_for_unit     (const MusterRangeRules  *self,
                                                   const MusterRuleset     *ruleset,
                                                   const MusterUnit        *unit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRangeRules, muster_range_rules_free)

G_END_DECLS
