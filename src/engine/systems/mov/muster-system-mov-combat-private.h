/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib/gi18n-lib.h>

#include "muster-faces.h"
#include "muster-procedure.h"
#include "muster-system.h"
#include "muster-table.h"

G_BEGIN_DECLS

/*
 * Medals of Valor combat procedures. Each one is resolved in two steps that the tests can
 * reach: _muster_mov_prepare() turns the inputs and the ruleset's tables into a plan (which
 * dice are rolled and what every face means), and _muster_mov_resolve() is a pure function
 * from the faces rolled to the outcome. The sampler rolls the plan's faces and resolves them;
 * the exact functions compute the same outcomes with distribution arithmetic, so enumerating
 * every face combination through the resolver checks them independently.
 */

#define MUSTER_MOV_SYSTEM "medals-of-valor"

/* The most dice one plan rolls. */
#define MUSTER_MOV_MAX_FACES 72

typedef enum
{
  MUSTER_MOV_INJURY_NONE,
  MUSTER_MOV_INJURY_SLIGHT,
  MUSTER_MOV_INJURY_MODERATE,
  MUSTER_MOV_INJURY_SEVERE,
  MUSTER_MOV_INJURY_DEAD,
} MusterMovInjury;

typedef enum
{
  MUSTER_MOV_WOUNDS_BASIC,        /* a second wound of any kind kills */
  MUSTER_MOV_WOUNDS_CUMULATIVE,   /* None → Slight → Moderate → Dead */
  MUSTER_MOV_WOUNDS_CAMPAIGN,     /* None → Slight → Moderate → Severe → Dead */
} MusterMovWoundModel;

typedef enum
{
  MUSTER_MOV_ATTITUDE_PANIC,
  MUSTER_MOV_ATTITUDE_NERVOUS,
  MUSTER_MOV_ATTITUDE_STEADY,
  MUSTER_MOV_ATTITUDE_FANATIC,
} MusterMovAttitude;

/* Direct fire on the fire chart, shared by fire, kill-zone and afv-fire. */
typedef struct
{
  int      n_dice;       /* FIR after penalties */
  int      hit_faces;    /* a die hits when its face is below this: the chart counts from 0 */
  int      threshold;    /* hitting dice (or pairs of 0s) needed */
  gboolean pairs;        /* LITERAL-PAIRS on column E: a hit is a pair of 0s */
  gboolean per_hit;      /* PER-HIT: one wound roll per hit instead of one per attack */
  gboolean heavy;
  int      killed_faces[10];   /* 1 where the wound roll's face kills */
} MusterMovFire;

typedef struct _MusterMovPlan MusterMovPlan;

typedef void (*MusterMovResolveFunc) (const MusterMovPlan *plan,
                                      const int           *faces,
                                      int                 *outcome);

struct _MusterMovPlan
{
  MusterFaceLayout     layout;
  MusterMovResolveFunc resolve;

  MusterMovFire        fire;
  /* A face table read from the ruleset: the category of each face (or modified total). */
  int                  table[2][16];
  int                  n_table;
  /* Procedure-specific numbers: a target, a modifier, a choice. */
  int                  target;
  int                  modifier;
  int                  mode;
  int                  mode2;
  int                  count;
  MusterMovInjury      injury;
  MusterMovWoundModel  model;
  gboolean             animal;
  /* A charge played out: the charger's melee modifier by [attitude][moderate wound], the
   * defender's, and how many turns of ties to play. */
  int                  charger_mods[4][2];
  int                  defender_mod;
  int                  attitude;
  int                  max_turns;
};

typedef gboolean (*MusterMovPrepareFunc) (const MusterRuleset  *ruleset,
                                          const int            *values,
                                          MusterMovPlan        *plan,
                                          GError              **error);

/* The outputs' exact distributions, from the plan. */
typedef void (*MusterMovExactFunc) (const MusterMovPlan  *plan,
                                    MusterDist          **outputs);

/* A procedure of this system: the framework's description plus how to plan it, and how to
 * enumerate a plan (NULL where it is only simulated). */
typedef struct
{
  MusterProcedure      base;
  MusterMovPrepareFunc prepare;
  MusterMovExactFunc   exact;
} MusterMovProcedure;

/* In a planned procedure's base: planned, then enumerated or rolled. */
#define MUSTER_MOV_PLAN_HOOKS .exact = _muster_mov_exact, .sample = _muster_mov_sample

gboolean         _muster_mov_prepare       (const MusterProcedure  *procedure,
                                            const MusterRuleset    *ruleset,
                                            const int              *values,
                                            MusterMovPlan          *plan,
                                            GError                **error);
void             _muster_mov_resolve       (const MusterMovPlan    *plan,
                                            const int              *faces,
                                            int                    *outcome);
gboolean         _muster_mov_exact         (const MusterProcedure  *procedure,
                                            const MusterRuleset    *ruleset,
                                            const int              *values,
                                            MusterDist            **outputs,
                                            GError                **error);
void             _muster_mov_sample        (const MusterProcedure  *procedure,
                                            const MusterRuleset    *ruleset,
                                            const int              *values,
                                            MusterDice             *dice,
                                            int                    *outcome);

/* Ruleset access, with errors that name the table. */
gboolean         _muster_mov_add_mod       (const MusterRuleset    *ruleset,
                                            const char             *table,
                                            gboolean                applies,
                                            const char             *row,
                                            int                    *total,
                                            GError                **error);
gboolean         _muster_mov_table_words   (const MusterRuleset    *ruleset,
                                            const char             *table,
                                            const char             *row,
                                            const char             *column_prefix,
                                            int                     first,
                                            int                     last,
                                            const char * const     *words,
                                            int                    *out,
                                            GError                **error);

/* Wounds and fire. */
MusterMovInjury  _muster_mov_apply_wounds  (MusterMovInjury         injury,
                                            int                     steps,
                                            MusterMovWoundModel     model,
                                            gboolean                animal);
gboolean         _muster_mov_check_injury  (int                     injury,
                                            int                     model,
                                            GError                **error);
gboolean         _muster_mov_fire_setup    (const MusterRuleset    *ruleset,
                                            const char             *weapon,
                                            int                     range,
                                            const char             *cover,
                                            const char             *posture,
                                            int                     fir_penalty,
                                            gboolean                per_hit,
                                            gboolean                literal_pairs,
                                            MusterMovFire          *fire,
                                            char                   *column_out,
                                            GError                **error);
int              _muster_mov_fire_count    (const MusterMovFire    *fire,
                                            const int              *faces);
int              _muster_mov_fire_rolls    (const MusterMovFire    *fire,
                                            int                     hitting_dice);
MusterDist      *_muster_mov_fire_hits     (const MusterMovFire    *fire);
double           _muster_mov_fire_survive  (const MusterMovFire    *fire);

/* Indexes into _muster_mov_weapons for the defaults. */
enum { MUSTER_MOV_WEAPON_BOLT_RIFLE = 0, MUSTER_MOV_WEAPON_AT_GUN = 12 };

extern const char * const    _muster_mov_weapons[];
extern const char * const    _muster_mov_weapon_labels[];
extern const char * const    _muster_mov_attitudes[];
extern const char * const    _muster_mov_attitude_labels[];
extern const char * const    _muster_mov_injuries[];
extern const char * const    _muster_mov_injury_labels[];
extern const char * const    _muster_mov_wound_models[];
extern const char * const    _muster_mov_wound_model_labels[];
extern const char * const    _muster_mov_injury_after_labels[];
extern const char * const    _muster_mov_wound_words[];
extern const char * const    _muster_mov_no_yes[];
extern const char * const    _muster_mov_covers[];
extern const char * const    _muster_mov_cover_labels[];
extern const char * const    _muster_mov_postures[];
extern const char * const    _muster_mov_posture_labels[];
extern const char * const    _muster_mov_column_e_modes[];
extern const char * const    _muster_mov_column_e_mode_labels[];

/* Inputs shared by the fire procedures. */
#define MUSTER_MOV_WEAPON_INPUT(def) \
  MUSTER_CHOICE_INPUT ("weapon", NC_("procedure", "Weapon"), \
                       N_("Sets the FIR, the number of d10 rolled (table weapons). " \
                          "Mortars, artillery, bombs, main guns and AT guns are heavy: two " \
                          "hits, three on D and E."), \
                       _muster_mov_weapons, _muster_mov_weapon_labels, (def))
#define MUSTER_MOV_POSTURE_INPUT \
  MUSTER_CHOICE_INPUT ("posture", N_("Status"), \
                       N_("The target's status after its latest activity (the book: at " \
                          "the end of the activity phase; crawls are rated prone). The " \
                          "column of the TAR chart."), \
                       _muster_mov_postures, _muster_mov_posture_labels, 0)
#define MUSTER_MOV_COLUMN_E_INPUT \
  MUSTER_CHOICE_INPUT ("column-e", N_("Column E"), \
                       N_("Column E takes two 0s for a hit. By default a heavy weapon there " \
                          "needs three 0s; the literal option counts each pair of 0s as one " \
                          "hit, so it needs six."), \
                       _muster_mov_column_e_modes, _muster_mov_column_e_mode_labels, 0)
#define MUSTER_MOV_MOVING_FIRE_INPUT \
  MUSTER_BOOL_INPUT ("firing-while-moving", N_("Firing while moving"), \
                     N_("A vehicle weapon fired on the move. The book names a penalty without " \
                        "a value; FIR −1 (at least 1) is ours."), 0)

/* The procedures, by file. */
extern const MusterMovProcedure _muster_mov_fire;
extern const MusterMovProcedure _muster_mov_kill_zone;
extern const MusterMovProcedure _muster_mov_afv_fire;
extern const MusterMovProcedure _muster_mov_anti_afv;
extern const MusterMovProcedure _muster_mov_crew_survival;
extern const MusterMovProcedure _muster_mov_close_assault_fire;
extern const MusterMovProcedure _muster_mov_melee;
extern const MusterMovProcedure _muster_mov_assault;
extern const MusterMovProcedure _muster_mov_morale;
extern const MusterMovProcedure _muster_mov_sighting;
extern const MusterMovProcedure _muster_mov_mishap;
extern const MusterMovProcedure _muster_mov_initiative;
extern const MusterMovProcedure _muster_mov_afv_move;
extern const MusterMovProcedure _muster_mov_crew_fire;

/* What muster-system-mov.c hangs off the system's MusterSystem. */
extern const MusterProcedure * const muster_mov_procedures[];
extern const MusterFillSystem _muster_mov_fill;

/* muster-system-mov-odds.c: the table's inputs (MusterSystem's table_inputs) */
void _muster_mov_table_inputs (const MusterProcedure *procedure,
                                 const MusterOddsFacts *facts,
                                 MusterOddsFill        *fill);
void _muster_mov_resolve_effect (const MusterProcedure *procedure,
                                 MusterRollEffect          *effect);

G_END_DECLS
