/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-system-hm"

#include "config.h"

#include "muster-engine-error.h"
#include "muster-system-hm-private.h"

/*
 * The multi-scale horse-and-musket rules: melee, the pursuit attack, and the whole charge
 * engagement. Melee has no accuracy roll: each side rolls one d6 per stand (the larger side
 * capped at 4 × the enemy's dice), totals them and divides by its Kill Number, rounding down;
 * both sides strike at once (§8).
 */

/* One side's melee inputs, in this order for both sides. */
enum { SIDE_STANDS, SIDE_QUALITY, SIDE_CHARGED, SIDE_COVER, SIDE_MOB, SIDE_MORE, SIDE_REAR,
       SIDE_OTHER, N_SIDE_INPUTS };
enum { ML_ATTACKER = 0, ML_DEFENDER = N_SIDE_INPUTS };
enum { ML_OUT_ON_DEFENDER, ML_OUT_ON_ATTACKER, ML_OUT_MORE };
enum { PA_STANDS, PA_QUALITY, PA_FORMED, PA_CHARGED, PA_MORE, PA_REAR, PA_OTHER };

static const char * const more_labels[] = { N_("Attacker"), N_("Neither"), N_("Defender"), NULL };

/* The labels of the attacker's and the defender's inputs, each whole so that it can be
 * translated: SIDE_INPUTS () picks them by the side's name */
#define ATTACKER_STANDS N_("Attacker stands")
#define ATTACKER_QUALITY N_("Attacker Melee Quality")
#define ATTACKER_CHARGED N_("Attacker charged this turn")
#define ATTACKER_ENEMY_IN_COVER N_("Enemy of the attacker in light cover")
#define ATTACKER_FORMED_VS_MOB N_("Attacker is formed and attacks a mob")
#define ATTACKER_MORE_CASUALTIES N_("Attacker caused more casualties last round")
#define ATTACKER_REAR N_("Attacker strikes the enemy from the rear")
#define ATTACKER_OTHER N_("Attacker: other Kill Number modifiers")
#define DEFENDER_STANDS N_("Defender stands")
#define DEFENDER_QUALITY N_("Defender Melee Quality")
#define DEFENDER_CHARGED N_("Defender charged this turn")
#define DEFENDER_ENEMY_IN_COVER N_("Enemy of the defender in light cover")
#define DEFENDER_FORMED_VS_MOB N_("Defender is formed and attacks a mob")
#define DEFENDER_MORE_CASUALTIES N_("Defender caused more casualties last round")
#define DEFENDER_REAR N_("Defender strikes the enemy from the rear")
#define DEFENDER_OTHER N_("Defender: other Kill Number modifiers")

/* The Kill Number modifiers of one side's attack (§6.2, melee and pursuit). */
#define SIDE_INPUTS(side, S, stands) \
  MUSTER_INT_INPUT (side "-stands", S##_STANDS, \
                    N_("One attack die per stand of the BMU, in contact or not; capped at " \
                       "4 × the enemy's dice."), 1, 100, stands), \
  MUSTER_CHOICE_INPUT (side "-quality", S##_QUALITY, \
                       N_("B −1 to the Kill Number is the book's; A −2, C 0, D +1 and E " \
                          "+2 are our defaults."), \
                       _muster_hm_quality_ids, _muster_hm_quality_labels, 2), \
  MUSTER_BOOL_INPUT (side "-charged", S##_CHARGED, \
                     N_("“Just charged”: Kill Number −1."), 0), \
  MUSTER_BOOL_INPUT (side "-enemy-in-cover", S##_ENEMY_IN_COVER, \
                     N_("Kill Number +1."), 0), \
  MUSTER_BOOL_INPUT (side "-formed-vs-mob", S##_FORMED_VS_MOB, \
                     N_("Kill Number −2."), 0), \
  MUSTER_BOOL_INPUT (side "-more-casualties", S##_MORE_CASUALTIES, \
                     N_("Kill Number −1."), 0), \
  MUSTER_BOOL_INPUT (side "-rear", S##_REAR, N_("Kill Number −1."), 0), \
  MUSTER_INT_INPUT (side "-other", S##_OTHER, \
                    N_("The sum of the modifiers the review names without a value: terrain, " \
                       "formation, unit type, situation."), -6, 6, 0)

static const MusterInputSpec melee_inputs[] = {
  SIDE_INPUTS ("attacker", ATTACKER, 8),
  SIDE_INPUTS ("defender", DEFENDER, 8),
};

static const MusterOutputSpec melee_outputs[] = {
  { .id = "hits-on-defender", .label = N_("Hits on the defender") },
  { .id = "hits-on-attacker", .label = N_("Hits on the attacker") },
  { .id = "more-casualties", .label = N_("Caused more casualties"), .value_labels = more_labels },
};

static const MusterInputSpec pursuit_inputs[] = {
  MUSTER_INT_INPUT ("stands", N_("Pursuer's stands"),
                    N_("One attack die per stand left after the hit conversion."), 1, 100, 7),
  MUSTER_CHOICE_INPUT ("melee-quality", N_("Melee Quality"),
                       N_("B −1 to the Kill Number is the book's; A −2, C 0, D +1 and E "
                          "+2 are our defaults."),
                       _muster_hm_quality_ids, _muster_hm_quality_labels, 2),
  MUSTER_BOOL_INPUT ("formed", N_("Pursuer is a formed unit"),
                     N_("A routed unit is a mob: a formed unit attacking a "
                        "mob has Kill Number −2."), 1),
  MUSTER_BOOL_INPUT ("charged", N_("Pursuer charged this turn"), N_("Kill Number −1."), 0),
  MUSTER_BOOL_INPUT ("more-casualties", N_("Pursuer caused more casualties last round"),
                     N_("Kill Number −1."), 0),
  MUSTER_BOOL_INPUT ("rear", N_("Enemy struck from the rear"),
                     N_("The routing unit flees facing away: Kill Number −1."), 1),
  MUSTER_INT_INPUT ("other", N_("Other Kill Number modifiers"),
                    N_("The sum of the modifiers the review does not give."), -6, 6, 0),
};

static const MusterOutputSpec pursuit_outputs[] = {
  { .id = "hits", .label = N_("Hits on the routing unit") },
};

/* Each side's dice, the larger capped at the table's multiple of the smaller (§8). */
void
_muster_hm_melee_dice (MusterHmTables *tables,
                       int             stands_a,
                       int             stands_b,
                       int            *dice_a,
                       int            *dice_b)
{
  int cap = _muster_hm_value (tables, "hits", "melee-dice-cap", NULL);

  *dice_a = MIN (stands_a, cap * stands_b);
  *dice_b = MIN (stands_b, cap * stands_a);
}

/* The Kill Number of one side's attack; @side points at its inputs in SIDE_* order. */
static int
side_kill_number (MusterHmTables *tables,
                  const int      *side)
{
  static const struct { int input; const char *row; } flags[] = {
    { SIDE_CHARGED, "charged" },
    { SIDE_COVER, "light-cover" },
    { SIDE_MOB, "formed-vs-mob" },
    { SIDE_MORE, "more-casualties" },
    { SIDE_REAR, "rear" },
  };
  int mods = _muster_hm_value (tables, "melee-quality", _muster_hm_quality_ids[side[SIDE_QUALITY]],
                               NULL)
             + side[SIDE_OTHER];

  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    if (side[flags[i].input])
      mods += _muster_hm_value (tables, "kill-number", flags[i].row, NULL);
  return _muster_hm_floored (tables, "kill-number", mods);
}

typedef struct
{
  int dice[2];
  int kill[2];
} Melee;

static gboolean
melee_setup (const MusterRuleset  *ruleset,
             const int            *values,
             Melee                *melee,
             GError              **error)
{
  MusterHmTables tables = { ruleset, NULL };

  _muster_hm_melee_dice (&tables, values[ML_ATTACKER + SIDE_STANDS],
                         values[ML_DEFENDER + SIDE_STANDS], &melee->dice[0], &melee->dice[1]);
  melee->kill[0] = side_kill_number (&tables, &values[ML_ATTACKER]);
  melee->kill[1] = side_kill_number (&tables, &values[ML_DEFENDER]);
  return _muster_hm_tables_finish (&tables, error);
}

/* 0: the attacker caused more casualties, 1: neither, 2: the defender. */
static int
compare_hits (int      on_defender,
              int      on_attacker,
              gpointer data)
{
  return on_defender > on_attacker ? 0 : on_defender == on_attacker ? 1 : 2;
}

static MusterDist *
strike_dist (int dice,
             int kill)
{
  g_autoptr(MusterDist) total = muster_dist_new_dice_sum (dice, 6);

  return muster_dist_scale (total, 1, kill, MUSTER_ROUND_DOWN);
}

static gboolean
melee_exact (const MusterProcedure  *procedure,
             const MusterRuleset    *ruleset,
             const int              *values,
             MusterDist            **outputs,
             GError                **error)
{
  g_autoptr(MusterJoint) joint = NULL;
  Melee melee;

  if (!melee_setup (ruleset, values, &melee, error))
    return FALSE;
  outputs[ML_OUT_ON_DEFENDER] = strike_dist (melee.dice[0], melee.kill[0]);
  outputs[ML_OUT_ON_ATTACKER] = strike_dist (melee.dice[1], melee.kill[1]);
  joint = muster_joint_new_independent (outputs[ML_OUT_ON_DEFENDER], outputs[ML_OUT_ON_ATTACKER]);
  outputs[ML_OUT_MORE] = muster_joint_map (joint, compare_hits, NULL);
  return TRUE;
}

/* The attacker's dice first, then the defender's. */
static gboolean
melee_play (const MusterProcedure  *procedure,
            const MusterRuleset    *ruleset,
            const int              *values,
            MusterFaces            *roll,
            int                    *outcome,
            GError                **error)
{
  Melee melee;

  if (!melee_setup (ruleset, values, &melee, error))
    return FALSE;
  outcome[ML_OUT_ON_DEFENDER] = muster_faces_sum (roll, melee.dice[0], 1, 6) / melee.kill[0];
  outcome[ML_OUT_ON_ATTACKER] = muster_faces_sum (roll, melee.dice[1], 1, 6) / melee.kill[1];
  outcome[ML_OUT_MORE] = compare_hits (outcome[ML_OUT_ON_DEFENDER],
                                       outcome[ML_OUT_ON_ATTACKER], NULL);
  return TRUE;
}

static gboolean
pursuit_setup (const MusterRuleset  *ruleset,
               const int            *values,
               int                  *kill,
               GError              **error)
{
  MusterHmTables tables = { ruleset, NULL };
  int side[N_SIDE_INPUTS] = { 0 };

  side[SIDE_STANDS] = values[PA_STANDS];
  side[SIDE_QUALITY] = values[PA_QUALITY];
  side[SIDE_CHARGED] = values[PA_CHARGED];
  side[SIDE_MOB] = values[PA_FORMED];
  side[SIDE_MORE] = values[PA_MORE];
  side[SIDE_REAR] = values[PA_REAR];
  side[SIDE_OTHER] = values[PA_OTHER];
  *kill = side_kill_number (&tables, side);
  return _muster_hm_tables_finish (&tables, error);
}

static gboolean
pursuit_exact (const MusterProcedure  *procedure,
               const MusterRuleset    *ruleset,
               const int              *values,
               MusterDist            **outputs,
               GError                **error)
{
  int kill;

  if (!pursuit_setup (ruleset, values, &kill, error))
    return FALSE;
  outputs[0] = strike_dist (values[PA_STANDS], kill);
  return TRUE;
}

static gboolean
pursuit_play (const MusterProcedure  *procedure,
              const MusterRuleset    *ruleset,
              const int              *values,
              MusterFaces            *roll,
              int                    *outcome,
              GError                **error)
{
  int kill;

  if (!pursuit_setup (ruleset, values, &kill, error))
    return FALSE;
  outcome[0] = muster_faces_sum (roll, values[PA_STANDS], 1, 6) / kill;
  return TRUE;
}

const MusterHmProcedure _muster_hm_melee = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "melee",
    .name = N_("Melee"),
    .summary = N_("Both sides roll one d6 per stand at once, the larger side capped at 4 × "
                  "the enemy's dice; each total ÷ its Kill Number, rounded down, is the "
                  "hits it inflicts (§8)."),
    MUSTER_PROCEDURE_INPUT_SPECS (melee_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (melee_outputs),
    .exact = melee_exact,
    .sample = _muster_hm_sample,
  },
  .play = melee_play,
};

const MusterHmProcedure _muster_hm_pursuit_attack = {
  .procedure = {
    .system = MUSTER_HM_SYSTEM,
    .id = "pursuit-attack",
    .name = N_("Pursuit attack"),
    .summary = N_("A pursuer that kept contact with a routing unit attacks it with its stands; the "
                  "routing unit cannot strike back. The hits are temporary (our default) (§8.1)."),
    MUSTER_PROCEDURE_INPUT_SPECS (pursuit_inputs),
    MUSTER_PROCEDURE_OUTPUT_SPECS (pursuit_outputs),
    .exact = pursuit_exact,
    .sample = _muster_hm_sample,
  },
  .play = pursuit_play,
};
