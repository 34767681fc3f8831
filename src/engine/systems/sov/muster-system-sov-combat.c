/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include <math.h>
#include <string.h>

#include "muster-system-sov-private.h"

/*
 * Standards of Valor combat: the shared dice helpers and the system's table of procedures.
 * The tests and the charge are in muster-system-sov-morale.c, fire in -fire.c, heavy weapons
 * and artillery in -artillery.c, hand-to-hand and the close assault in -melee.c.
 */

/* Returns: the chain index of a die with @sides sides (§0.2), or -1 */
int
_muster_sov_die_index (int sides)
{
  if (sides < 4 || sides > 12 || sides % 2 != 0)
    return -1;
  return (sides - 4) / 2;
}

/* A roll versus a target number (§0.3, §4.3.1): pass above it; a major failure at half or
 * less ("≤ T/2", the Confidence Test's worked example, §9 #1). */
int
_muster_sov_test_result (int roll,
                         int target)
{
  if (roll > target)
    return MUSTER_SOV_TEST_PASS;
  if (2 * roll <= target)
    return MUSTER_SOV_TEST_MAJOR_FAILURE;
  return MUSTER_SOV_TEST_FAIL;
}

/* P(X > Y) for X ~ d@x_sides, Y ~ d@y_sides, independent (Appendix A's first table). */
double
_muster_sov_p_greater (int x_sides,
                       int y_sides)
{
  double count = 0;

  for (int y = 1; y <= y_sides; y++)
    count += MAX (0, x_sides - y);
  return count / ((double) x_sides * y_sides);
}

/* The range band of @distance (§4.8 Range Die, §9 #3): ⌈d/EB⌉ − 1, at least 0. FALSE beyond
 * five bands, where no shot is possible. The small epsilon keeps exact multiples (9" in 4.5"
 * bands) in the lower band despite binary fractions. */
gboolean
_muster_sov_range_band_index (double  distance,
                              double  band,
                              int    *index)
{
  double bands = distance / band;
  int i = MAX (0, (int) ceil (bands - 1e-9) - 1);

  *index = i;
  return i <= MUSTER_SOV_D12;
}

/* The dice of @play with @setup, in a layout of their own. */
void
_muster_sov_play_layout (const MusterSovPlay *play,
                         gconstpointer        setup,
                         MusterFaceLayout    *layout)
{
  muster_face_layout_clear (layout);
  play->layout (setup, layout);
}

/* The exact distributions of a play by enumerating every combination of its dice's faces:
 * the exact computation of the small procedures, and the tests' check of the others. */
gboolean
_muster_sov_exact_by_enumeration (const MusterSovPlay  *play,
                                  const MusterRuleset  *ruleset,
                                  const int            *values,
                                  guint                 n_outputs,
                                  MusterDist          **outputs,
                                  GError              **error)
{
  guint64 setup[MUSTER_SOV_SETUP_MAX / sizeof (guint64)];
  MusterFaceLayout layout;

  if (!play->prepare (ruleset, values, setup, error))
    return FALSE;
  _muster_sov_play_layout (play, setup, &layout);
  muster_face_layout_enumerate (&layout, play->resolve, setup, n_outputs, outputs);
  return TRUE;
}

/* Samplers cannot report errors: the first one is a warning, then they play nothing. */
void
_muster_sov_warn_once (const GError *error)
{
  static gint warned = 0;

  if (g_atomic_int_compare_and_exchange (&warned, 0, 1))
    g_warning ("cannot play these inputs: %s", error ? error->message : "unknown error");
}

/* Rolls every die of the layout, then resolves: the sampler and the exact computation share
 * one resolution. Inputs the rules refuse, or a ruleset without the needed tables, give
 * all-zero outcomes and one warning; the exact computation reports the error. */
void
_muster_sov_sample_play (const MusterSovPlay *play,
                         const MusterRuleset *ruleset,
                         const int           *values,
                         MusterDice          *dice,
                         int                  n_outputs,
                         int                 *outcome)
{
  guint64 setup[MUSTER_SOV_SETUP_MAX / sizeof (guint64)];
  MusterFaceLayout layout;
  g_autoptr(GError) error = NULL;

  if (!play->prepare (ruleset, values, setup, &error))
    {
      _muster_sov_warn_once (error);
      memset (outcome, 0, n_outputs * sizeof (int));
      return;
    }
  /* Plays may resolve more values than a procedure shows (a reaction test's CL loss). */
  _muster_sov_play_layout (play, setup, &layout);
  muster_face_layout_play (&layout, play->resolve, setup, dice, n_outputs, outcome);
}

/* Each procedure that is one play, with its play. */
static const struct
{
  const MusterProcedure *procedure;
  const MusterSovPlay   *play;
} procedure_plays[] = {
  { &muster_sov_fire, &muster_sov_fire_play },
  { &muster_sov_heavy_weapon_vehicle, &muster_sov_heavy_weapon_vehicle_play },
  { &muster_sov_artillery_aim, &muster_sov_artillery_aim_play },
  { &muster_sov_artillery_blast, &muster_sov_artillery_blast_play },
  { &muster_sov_scythed_chariot, &muster_sov_scythed_chariot_play },
  { &muster_sov_charge_test, &muster_sov_charge_play },
  { &muster_sov_wedge, &muster_sov_wedge_play },
  { &muster_sov_hand_to_hand, &muster_sov_hand_to_hand_play },
  { &muster_sov_confidence_test, &muster_sov_confidence_play },
  { &muster_sov_reaction_test, &muster_sov_reaction_play },
  { &muster_sov_leader_loss, &muster_sov_leader_loss_play },
  { &muster_sov_fright_check, &muster_sov_fright_play },
  { &muster_sov_remove_suppression, &muster_sov_remove_suppression_play },
  { &muster_sov_communication, &muster_sov_communication_play },
  { &muster_sov_rally, &muster_sov_rally_play },
  { &muster_sov_spotting, &muster_sov_spotting_play },
  { &muster_sov_heroic_combat, &muster_sov_heroic_play },
  { &muster_sov_heroic_missile, &muster_sov_heroic_missile_play },
  { &muster_sov_sniper, &muster_sov_sniper_play },
  { &muster_sov_last_stand, &muster_sov_last_stand_play },
  { &muster_sov_panic, &muster_sov_panic_play },
  { &muster_sov_independent_figure, &muster_sov_independent_figure_play },
};

static const MusterSovPlay *
play_of (const MusterProcedure *procedure)
{
  for (guint i = 0; i < G_N_ELEMENTS (procedure_plays); i++)
    if (procedure_plays[i].procedure == procedure)
      return procedure_plays[i].play;
  g_return_val_if_reached (NULL);
}

gboolean
_muster_sov_exact (const MusterProcedure  *procedure,
                   const MusterRuleset    *ruleset,
                   const int              *values,
                   MusterDist            **outputs,
                   GError                **error)
{
  return _muster_sov_exact_by_enumeration (play_of (procedure), ruleset, values,
                                           procedure->n_outputs, outputs, error);
}

void
_muster_sov_sample (const MusterProcedure *procedure,
                    const MusterRuleset   *ruleset,
                    const int             *values,
                    MusterDice            *dice,
                    int                   *outcome)
{
  _muster_sov_sample_play (play_of (procedure), ruleset, values, dice, procedure->n_outputs,
                           outcome);
}

typedef struct
{
  const MusterSovPlay *play;
  guint64              setup[MUSTER_SOV_SETUP_MAX / sizeof (guint64)];
  MusterFaceLayout     layout;
} Prepared;

gpointer
_muster_sov_prepare (const MusterProcedure  *procedure,
                     const MusterRuleset    *ruleset,
                     const int              *values,
                     GError                **error)
{
  g_autofree Prepared *p = g_new0 (Prepared, 1);

  p->play = play_of (procedure);
  g_return_val_if_fail (p->play != NULL, NULL);
  if (!p->play->prepare (ruleset, values, p->setup, error))
    return NULL;
  _muster_sov_play_layout (p->play, p->setup, &p->layout);
  return g_steal_pointer (&p);
}

void
_muster_sov_sample_prepared (const MusterProcedure *procedure,
                             gconstpointer          prepared,
                             MusterDice            *dice,
                             int                   *outcome)
{
  const Prepared *p = prepared;

  muster_face_layout_play (&p->layout, p->play->resolve, p->setup, dice, procedure->n_outputs,
                           outcome);
}

/* Shared input vocabulary. */

const char * const muster_sov_quality_ids[] = {
  "untrained", "green", "regular", "veteran", "elite", NULL
};
const char * const muster_sov_quality_labels[] = {
  N_("Untrained (D4)"), N_("Green (D6)"), N_("Regular (D8)"), N_("Veteran (D10)"),
  N_("Elite (D12)"), NULL
};
const char * const muster_sov_armour_ids[] = {
  "none", "light", "medium", "heavy", "super-heavy", NULL
};
const char * const muster_sov_armour_labels[] = {
  N_("None (D4)"), N_("Light (D6)"), N_("Medium (D8)"), N_("Heavy (D10)"), N_("Super Heavy (D12)"),
  NULL
};
const char * const muster_sov_die_ids[] = { "d4", "d6", "d8", "d10", "d12", NULL };
const char * const muster_sov_die_labels[] = {
  N_("D4"), N_("D6"), N_("D8"), N_("D10"), N_("D12"), NULL
};
const char * const muster_sov_formation_ids[] = { "close", "open", "skirmish", NULL };
const char * const muster_sov_formation_labels[] = {
  N_("Close Order"), N_("Open Order"), N_("Skirmish"), NULL
};
const char * const muster_sov_cover_ids[] = { "none", "soft", "hard", NULL };
const char * const muster_sov_cover_labels[] = {
  N_("None"), N_("Soft cover"), N_("Hard cover"), NULL
};
const char * const muster_sov_arm_ids[] = { "infantry", "cavalry", NULL };
const char * const muster_sov_arm_labels[] = { N_("Infantry"), N_("Cavalry"), NULL };
const char * const muster_sov_missile_ids[] = {
  "sling", "javelin", "throwing-spear", "pilum", "short-bow", "long-bow", "crossbow",
  "harquebus", "musket", "muzzle-loaded-rifle", "mini-ball-rifle", NULL
};
const char * const muster_sov_missile_labels[] = {
  N_("Sling"), N_("Javelin"), N_("Throwing Spear"), N_("Pilum"), N_("Short Bow"), N_("Long Bow"),
  N_("Crossbow"), N_("Harquebus"), N_("Musket"), N_("Muzzle Loaded Rifle"), N_("Mini-Ball Rifle"),
  NULL
};
const char * const muster_sov_weapon_ids[] = {
  "dagger", "short-sword", "spear", "long-spear", "sword", "kontos", "pike", "lance",
  "long-sword", "saber", "halberd", NULL
};
const char * const muster_sov_weapon_labels[] = {
  N_("Dagger/Club"), N_("Short Sword"), N_("Spear"), N_("Long Spear"), N_("Sword"), N_("Kontos"),
  N_("Pike"), N_("Lance"), N_("Long Sword"), N_("Saber"), N_("Halberd"), NULL
};
const char * const muster_sov_motivation_ids[] = { "low", "medium", "high", NULL };
const char * const muster_sov_motivation_labels[] = { N_("Low"), N_("Medium"), N_("High"), NULL };

gboolean
_muster_sov_quality_die (const MusterRuleset  *ruleset,
                         int                   value,
                         int                  *sides,
                         GError              **error)
{
  return muster_table_read_int (ruleset, "quality", muster_sov_quality_ids[value], "die", sides,
                                error);
}

/* The part every test shares: one Quality Die against LV + TL. */
void
_muster_sov_test_layout (gconstpointer      setup,
                         MusterFaceLayout  *layout)
{
  const MusterSovTestSetup *s = setup;

  muster_face_layout_add_dice (layout, 1, s->sides);
}

void
_muster_sov_test_resolve (gconstpointer  setup,
                          const int     *faces,
                          int           *outcome)
{
  const MusterSovTestSetup *s = setup;
  int result = s->no_test ? MUSTER_SOV_TEST_NO_TEST : _muster_sov_test_result (faces[0], s->target);

  outcome[0] = result;
  outcome[1] = result == MUSTER_SOV_TEST_FAIL ? 1 : result == MUSTER_SOV_TEST_MAJOR_FAILURE ? 2 : 0;
}

gboolean
_muster_sov_add_shift (const MusterRuleset  *ruleset,
                       const char           *table,
                       const char           *row,
                       int                   times,
                       int                  *shift,
                       GError              **error)
{
  return muster_table_add_int (ruleset, table, row, "shift", times, shift, error);
}

/* A closed shift along the die chain (§0.2): stops at D4 and D12. */
int
_muster_sov_closed_shift (int sides,
                          int steps)
{
  return _muster_sov_die_sides (_muster_sov_die_index (sides) + steps);
}

const MusterProcedure * const muster_sov_procedures[] = {
  &muster_sov_fire,
  &muster_sov_heavy_weapon_vehicle,
  &muster_sov_artillery_aim,
  &muster_sov_artillery_blast,
  &muster_sov_scythed_chariot,
  &muster_sov_charge_test,
  &muster_sov_wedge,
  &muster_sov_hand_to_hand,
  &muster_sov_close_assault,
  &muster_sov_confidence_test,
  &muster_sov_reaction_test,
  &muster_sov_panic,
  &muster_sov_independent_figure,
  &muster_sov_leader_loss,
  &muster_sov_fright_check,
  &muster_sov_last_stand,
  &muster_sov_remove_suppression,
  &muster_sov_communication,
  &muster_sov_rally,
  &muster_sov_spotting,
  &muster_sov_heroic_combat,
  &muster_sov_heroic_missile,
  &muster_sov_sniper,
  &muster_sov_flames,
  &muster_sov_dust,
  NULL
};
