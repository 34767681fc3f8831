/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib/gi18n-lib.h>

#include "muster-faces.h"
#include "muster-procedure.h"
#include "muster-system.h"
#include "muster-table.h"

G_BEGIN_DECLS

/*
 * Battle Valor Fantasy combat: the pieces its procedures share. Every roll is resolved twice
 * from the same description: exactly (an array of probabilities) and from die faces (for the
 * sampler and for tests that replay the book's dice or enumerate every face). The two must
 * agree, and the brute-force tests check that they do.
 */

#define MUSTER_BVF_SYSTEM "battle-valor-fantasy"

/* The experience levels, in the order of the "combat-experience" table's rows. */
typedef enum
{
  MUSTER_BVF_LEVY,
  MUSTER_BVF_REGULAR,
  MUSTER_BVF_VETERAN,
  MUSTER_BVF_ELITE,
  MUSTER_BVF_N_LEVELS
} MusterBvfLevel;

/* The fixed modifiers, in the order of the "combat-modifiers" table's rows. */
typedef enum
{
  MUSTER_BVF_MOD_LINE_SHOOTING,
  MUSTER_BVF_MOD_LARGE_TARGET,
  MUSTER_BVF_MOD_SHORT_RANGE,
  MUSTER_BVF_MOD_LONG_RANGE,
  MUSTER_BVF_MOD_SKIRMISH_TARGET,
  MUSTER_BVF_MOD_TARGET_CHARGING,
  MUSTER_BVF_MOD_FIRE_AND_FLEE,
  MUSTER_BVF_MOD_SHIELD_WALL,
  MUSTER_BVF_MOD_BRACED,
  MUSTER_BVF_MOD_DEEP_FORMATION,
  MUSTER_BVF_MOD_LAST_STAND,
  MUSTER_BVF_MOD_REAR_ATTACK,
  MUSTER_BVF_MOD_COLUMN_VS_LINE,
  MUSTER_BVF_MOD_STANDARD,
  MUSTER_BVF_MOD_ADVANTAGE,
  MUSTER_BVF_MOD_POLE,
  MUSTER_BVF_MOD_FLANK_ATTACK,
  MUSTER_BVF_MOD_CHARGING,
  MUSTER_BVF_MOD_ATTACK_COLUMN,
  MUSTER_BVF_MOD_FOG,
  MUSTER_BVF_MOD_CORROSION,
  MUSTER_BVF_MOD_BAD_LUCK,
  MUSTER_BVF_MOD_SLOW_THINKING,
  MUSTER_BVF_MOD_FLANKED,
  MUSTER_BVF_MOD_REAR_CHARGED,
  MUSTER_BVF_MOD_LEADER,
  MUSTER_BVF_MOD_GENERAL,
  MUSTER_BVF_MOD_BRACED_DICE,
  MUSTER_BVF_N_MODS
} MusterBvfMod;

typedef enum
{
  MUSTER_BVF_STONE_THROWER,
  MUSTER_BVF_BOLT_THROWER,
} MusterBvfMachine;

#define MUSTER_BVF_N_SPELLS 19

/* The one-roll actions, in the order of the "combat-actions" table's rows. */
#define MUSTER_BVF_N_ACTIONS 5
extern const char * const _muster_bvf_action_ids[];

/* Every number of the book the procedures use, read once from the ruleset's tables. */
typedef struct
{
  int success[MUSTER_BVF_N_LEVELS];
  int rank[MUSTER_BVF_N_LEVELS];
  int armour[4];                    /* none, light, medium, heavy */
  int captain[3];                   /* regular, veteran, elite */
  int apothecary[3];
  int wizard_dice[3];
  int spell_needs[MUSTER_BVF_N_SPELLS];
  int fire_ball_dice;
  int machine_dice[2];
  int machine_dice_blind;           /* the Stone Thrower without line of sight */
  int machine_hit[2];
  int stray_dice;
  int mod[MUSTER_BVF_N_MODS];
  int action_dice[MUSTER_BVF_N_ACTIONS];
  int action_needed[MUSTER_BVF_N_ACTIONS];
} MusterBvfNumbers;

/* One roll of Success Dice (§1.1, §8): each die succeeds on 5–6, or only on a 6. */
typedef struct
{
  gboolean needs_six;
  int      rerolls;    /* failures rerolled once: armour, Keen Weapons */
  int      rerolls2;   /* a second source, after the first: Magic Armour */
  gboolean spikes;     /* Wall of Spikes: every success rerolled once */
  int      modifier;   /* added to the count, which is clamped to [0, dice] */
} MusterBvfRoll;

/* One side's strike in combat or a volley: hits, saves, casualties (§5.9, §5.10 steps 9–11). */
typedef struct
{
  MusterBvfRoll hit;
  MusterBvfRoll save;
  int           sliding;     /* "we are better than you" extra casualties */
  int           ignore;      /* Resilient: wounds ignored per attack */
  int           apothecary;  /* -1 for none, else the modifier on his 10 dice */
} MusterBvfStrike;

typedef enum { MUSTER_BVF_FEAR_NONE, MUSTER_BVF_FEAR, MUSTER_BVF_TERROR } MusterBvfFear;
typedef enum { MUSTER_BVF_FRONT, MUSTER_BVF_FLANK, MUSTER_BVF_REAR } MusterBvfDirection;

/* Everything that shapes one side's strike against another (§5.10 steps 9–11). */
typedef struct
{
  /* the striker */
  int       level;
  gboolean  first_round;
  gboolean  charging;
  gboolean  last_stand;
  MusterBvfDirection direction;
  gboolean  attack_column;
  gboolean  target_line;
  gboolean  column_stacks;      /* variant: +1 and +2 against Line added together */
  gboolean  standard;
  int       advantages;         /* high ground, mounted against foot, Large against Small */
  gboolean  advantage_stacks;   /* variant: each counts, not +1 at most */
  gboolean  pole;
  int       captain;
  gboolean  fog, corrosion, bad_luck, slow;
  int       other;
  gboolean  braced, hatred, cavalry_vs_square, glamor;
  gboolean  obstacle;
  MusterBvfFear causes;
  gboolean  trained;
  int       keen;
  gboolean  spikes;
  gboolean  no_armour;
  /* the target */
  int       target_level;
  int       target_armour;
  gboolean  target_corrosion;
  int       magic_armour;
  gboolean  shield_wall, target_braced;
  int       target_advantages;
  gboolean  target_pole;
  int       target_captain;
  gboolean  target_bad_luck, target_slow;
  int       target_other;
  MusterBvfFear target_causes;
  int       resilient;
  int       apothecary;
} MusterBvfMelee;

extern const char * const _muster_bvf_fear_ids[];
extern const char * const _muster_bvf_fear_labels[];
extern const char * const _muster_bvf_direction_ids[];
extern const char * const _muster_bvf_direction_labels[];

void     _muster_bvf_melee_setup     (const MusterBvfNumbers  *numbers,
                                      const MusterBvfMelee    *melee,
                                      MusterBvfStrike         *strike);
int      _muster_bvf_adjust_dice     (const MusterBvfNumbers  *numbers,
                                      const MusterBvfMelee    *melee,
                                      int                      dice);

const MusterBvfNumbers *_muster_bvf_numbers         (const MusterRuleset     *ruleset,
                                                     GError                 **error);
const MusterBvfNumbers *_muster_bvf_numbers_or_warn (const MusterRuleset     *ruleset);

int      _muster_bvf_roll_resolve    (const MusterBvfRoll     *roll,
                                      int                      n,
                                      MusterFaces             *faces);
void     _muster_bvf_roll_probs      (const MusterBvfRoll     *roll,
                                      int                      n,
                                      double                  *out);
int      _muster_bvf_strike_resolve  (const MusterBvfStrike   *strike,
                                      int                      dice,
                                      int                      cap,
                                      MusterFaces             *faces,
                                      int                     *hits);
/* The saves of every number of hits, for one strike profile (see the .c file). */
typedef struct
{
  int     max_hits;
  int     width;
  double *rows;
} MusterBvfSaveTable;

MusterBvfSaveTable *_muster_bvf_save_table_new  (const MusterBvfStrike    *strike,
                                                 int                       max_hits);
void                _muster_bvf_save_table_free (MusterBvfSaveTable       *table);
int      _muster_bvf_strike_probs_with (const MusterBvfStrike    *strike,
                                        const MusterBvfSaveTable *table,
                                        int                       dice,
                                        double                   *hits,
                                        double                   *casualties);
int      _muster_bvf_strike_probs    (const MusterBvfStrike   *strike,
                                      int                      dice,
                                      double                  *hits,
                                      double                  *casualties);
int      _muster_bvf_post_casualties (const MusterBvfStrike   *strike,
                                      int                      casualties,
                                      MusterFaces             *faces);
void     _muster_bvf_post_probs      (const MusterBvfStrike   *strike,
                                      double                  *probs,
                                      int                      length);
void     _muster_bvf_strike_outputs  (const MusterBvfStrike   *strike,
                                      int                      dice,
                                      int                      cap,
                                      MusterDist             **hits,
                                      MusterDist             **casualties);
MusterDist *_muster_bvf_dist_capped  (const double            *probs,
                                      int                      length,
                                      int                      cap);
MusterDist *_muster_bvf_dist_of_roll (const MusterBvfRoll     *roll,
                                      int                      n);
void     _muster_bvf_stand_roll_outputs (const MusterBvfRoll  *roll,
                                         int                   stands,
                                         MusterDist          **made,
                                         MusterDist          **left);
void     _muster_bvf_stand_roll_resolve (const MusterBvfRoll  *roll,
                                         int                   stands,
                                         MusterFaces          *faces,
                                         int                  *made,
                                         int                  *left);

/* Choice ids and labels the procedures share (experience, armour, character level). */
extern const char * const _muster_bvf_level_ids[];
extern const char * const _muster_bvf_level_labels[];
extern const char * const _muster_bvf_armour_ids[];
extern const char * const _muster_bvf_armour_labels[];
extern const char * const _muster_bvf_character_ids[];
extern const char * const _muster_bvf_character_labels[];

/* Inputs that choose one of those: Regular by default, no armour, no character. */
#define MUSTER_BVF_LEVEL_INPUT(id, label, help) \
  MUSTER_CHOICE_INPUT (id, label, help, \
                       _muster_bvf_level_ids, _muster_bvf_level_labels, MUSTER_BVF_REGULAR)
#define MUSTER_BVF_ARMOUR_INPUT(id, label, help) \
  MUSTER_CHOICE_INPUT (id, label, help, _muster_bvf_armour_ids, _muster_bvf_armour_labels, 0)
#define MUSTER_BVF_CHARACTER_INPUT(id, label, help) \
  MUSTER_CHOICE_INPUT (id, label, help, \
                       _muster_bvf_character_ids, _muster_bvf_character_labels, 0)

int      _muster_bvf_captain         (const MusterBvfNumbers  *numbers,
                                      int                      choice);
int      _muster_bvf_apothecary      (const MusterBvfNumbers  *numbers,
                                      int                      choice);

typedef void (*MusterBvfResolveFunc) (const MusterBvfNumbers *numbers,
                                      const int              *values,
                                      MusterFaces            *faces,
                                      int                    *outcome);

/* The outputs' exact distributions, from the book's numbers and the inputs. */
typedef void (*MusterBvfExactFunc)   (const MusterBvfNumbers  *numbers,
                                      const int               *values,
                                      MusterDist             **outputs);

/* A procedure of this system: the framework's description, the resolution its samplers play
 * and, where the book's numbers are all it needs, its exact distributions (its base's exact is
 * then _muster_bvf_exact()). */
typedef struct
{
  MusterProcedure      base;
  MusterBvfResolveFunc resolve;
  MusterBvfExactFunc   exact;
} MusterBvfProcedure;

void     _muster_bvf_success_resolve       (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_charge_resolve        (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_rally_resolve         (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_initiative_resolve    (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_flee_resolve          (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_fire_resolve          (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_impact_resolve        (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_strike_resolve_values (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_combat_resolve        (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_engagement_resolve    (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_machine_resolve       (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_action_resolve        (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);
void     _muster_bvf_spell_resolve         (const MusterBvfNumbers *n, const int *v,
                                            MusterFaces    *faces, int *outcome);

gboolean _muster_bvf_exact                 (const MusterProcedure  *procedure,
                                            const MusterRuleset    *ruleset,
                                            const int              *values,
                                            MusterDist            **outputs,
                                            GError                **error);
void     _muster_bvf_sample                (const MusterProcedure  *procedure,
                                            const MusterRuleset    *ruleset,
                                            const int              *values,
                                            MusterDice             *dice,
                                            int                    *outcome);
gpointer _muster_bvf_prepare               (const MusterProcedure  *procedure,
                                            const MusterRuleset    *ruleset,
                                            const int              *values,
                                            GError                **error);
void     _muster_bvf_sample_prepared       (const MusterProcedure  *procedure,
                                            gconstpointer           prepared,
                                            MusterDice             *dice,
                                            int                    *outcome);
void     _muster_bvf_free_prepared         (gpointer                prepared);

/* Every procedure's sampler and the simulator's prepare-once pair, for the procedure tables. */
#define MUSTER_BVF_SAMPLERS \
  .sample = _muster_bvf_sample, .prepare = _muster_bvf_prepare, \
  .sample_prepared = _muster_bvf_sample_prepared, .free_prepared = _muster_bvf_free_prepared

/* A combat's plan, made once for the simulator, and one combat played from it. */
gpointer _muster_bvf_rounds_plan_new       (const MusterBvfNumbers *n,
                                            const int              *values);
void     _muster_bvf_rounds_play           (gconstpointer           plan,
                                            gboolean                engagement,
                                            MusterFaces            *faces,
                                            int                    *outcome);

int      _muster_bvf_resolve_faces         (const MusterProcedure  *procedure,
                                            const MusterRuleset    *ruleset,
                                            const int              *values,
                                            const int              *faces,
                                            guint                   n_faces,
                                            int                    *outcome,
                                            GError                **error);

extern const MusterBvfProcedure muster_bvf_initiative;
extern const MusterBvfProcedure muster_bvf_flee;
extern const MusterBvfProcedure muster_bvf_war_machine;
extern const MusterBvfProcedure muster_bvf_spell;
extern const MusterBvfProcedure muster_bvf_action;
extern const MusterBvfProcedure muster_bvf_melee_strike;
extern const MusterBvfProcedure muster_bvf_combat_rounds;
extern const MusterBvfProcedure muster_bvf_engagement;

/* What muster-system-bvf.c hangs off the system's MusterSystem. */
extern const MusterProcedure * const muster_bvf_procedures[];
gboolean _muster_generate_agreed (MusterGenerateRun  *run,
                                 GError            **error);

extern const MusterFillSystem _muster_bvf_fill;

int  _muster_bvf_unit_mr (const MusterRuleset *ruleset,
                          const MusterForce   *force,
                          const MusterUnit    *unit,
                          gboolean            *sure_footed);

/* muster-system-bvf-odds.c: the table's inputs (MusterSystem's table_inputs) */
void _muster_bvf_table_inputs (const MusterProcedure *procedure,
                               const MusterOddsFacts *facts,
                               MusterOddsFill        *fill);
void _muster_bvf_resolve_effect (const MusterProcedure *procedure,
                                 MusterRollEffect          *effect);

G_END_DECLS
