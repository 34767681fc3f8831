/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib/gi18n-lib.h>

#include "muster-faces.h"
#include "muster-procedure.h"
#include "muster-system.h"
#include "muster-table.h"

G_BEGIN_DECLS

/*
 * The multi-scale horse-and-musket rules: the pieces its combat files share. Every procedure
 * is played by one function of its inputs and a source of die faces, so that the simulator
 * (real dice), the worked examples (the book's dice) and the brute-force tests (every
 * combination of faces) all run the same code.
 */

#define MUSTER_HM_SYSTEM "horse-and-musket"

/* Reads numbers from the ruleset's tables, keeping the first failure for the caller. */
typedef struct
{
  const MusterRuleset *ruleset;
  GError              *error;
} MusterHmTables;

typedef gboolean (*MusterHmPlayFunc) (const MusterProcedure  *procedure,
                                      const MusterRuleset    *ruleset,
                                      const int              *values,
                                      MusterFaces            *roll,
                                      int                    *outcome,
                                      GError                **error);

typedef struct
{
  MusterProcedure  procedure;   /* first, so that the framework sees a MusterProcedure */
  MusterHmPlayFunc play;
} MusterHmProcedure;

/* One volley or gun's dice at one target. */
typedef struct
{
  int dice;
  int accuracy;   /* the modified Accuracy Number */
  int kill;       /* the modified Kill Number, already floored at its minimum */
} MusterHmFire;

/* A Morale Test: the modified Morale Number and the failure margins of each result. */
typedef struct
{
  int number;
  int suppressed;
  int shaken;
  int routed;
} MusterHmMorale;

/* What a Morale Test's number depends on (§9.2). */
typedef struct
{
  int      rating;            /* index into _muster_hm_quality_ids */
  int      hits;              /* this turn's temporary hits plus the permanent ones carried */
  int      stands_lost;
  int      starting_stands;
  gboolean won_melee;
  gboolean friends_near;
  gboolean attached_commander;
  gboolean being_charged;
  int      other;
} MusterHmMoraleSituation;

/* A Morale Test's result, the order of the morale-test procedure's value labels. */
enum
{
  MUSTER_HM_PASS,
  MUSTER_HM_SUPPRESSED,
  MUSTER_HM_SHAKEN,
  MUSTER_HM_ROUTED,
};

/* Variable movement of one scale and arm: base + (sum of the dice) × per_pip inches. */
typedef struct
{
  int base;
  int per_pip;
  int dice;
} MusterHmMove;

extern const char * const _muster_hm_quality_ids[];
extern const char * const _muster_hm_quality_labels[];
extern const char * const _muster_hm_scale_ids[];
extern const char * const _muster_hm_scale_labels[];
extern const char * const _muster_hm_tech_ids[];
extern const char * const _muster_hm_tech_labels[];
extern const char * const _muster_hm_small_arms_range_ids[];
extern const char * const _muster_hm_small_arms_range_labels[];
extern const char * const _muster_hm_charge_dice_ids[];
extern const char * const _muster_hm_charge_dice_labels[];
extern const char * const _muster_hm_result_labels[];

extern const MusterHmProcedure _muster_hm_artillery_fire;
extern const MusterHmProcedure _muster_hm_small_arms_fire;
extern const MusterHmProcedure _muster_hm_opportunity_fire;
extern const MusterHmProcedure _muster_hm_combined_fire;
extern const MusterHmProcedure _muster_hm_charge_test;
extern const MusterHmProcedure _muster_hm_morale_test;
extern const MusterHmProcedure _muster_hm_form_square;
extern const MusterHmProcedure _muster_hm_rally;
extern const MusterHmProcedure _muster_hm_melee;
extern const MusterHmProcedure _muster_hm_pursuit_attack;
extern const MusterHmProcedure _muster_hm_hit_conversion;
extern const MusterHmProcedure _muster_hm_rout_pursuit;
extern const MusterHmProcedure _muster_hm_charge;

void     _muster_hm_sample             (const MusterProcedure *procedure,
                                        const MusterRuleset   *ruleset,
                                        const int             *values,
                                        MusterDice            *dice,
                                        int                   *outcome);

int      _muster_hm_value              (MusterHmTables        *tables,
                                        const char            *table,
                                        const char            *row,
                                        const char            *column);
int      _muster_hm_floored            (MusterHmTables        *tables,
                                        const char            *table,
                                        int                    modifiers);
gboolean _muster_hm_tables_finish      (MusterHmTables        *tables,
                                        GError               **error);

double   _muster_hm_accuracy_p         (int                    accuracy);
void     _muster_hm_volley_setup       (MusterHmTables        *tables,
                                        int                    dice,
                                        int                    range,
                                        int                    weapon,
                                        int                    fire_quality,
                                        int                    kill_modifiers,
                                        MusterHmFire          *fire);
void     _muster_hm_fire_play          (const MusterHmFire    *fire,
                                        MusterFaces           *roll,
                                        int                   *accurate,
                                        int                   *total,
                                        int                   *hits);

gboolean _muster_hm_charge_passes      (int                    charge_number,
                                        int                    n_dice,
                                        MusterFaces           *roll);
int      _muster_hm_casualty_modifier  (MusterHmTables        *tables,
                                        int                    hits,
                                        int                    stands_lost,
                                        int                    starting_stands);
void     _muster_hm_morale_setup       (MusterHmTables        *tables,
                                        const MusterHmMoraleSituation *situation,
                                        MusterHmMorale        *morale);
int      _muster_hm_morale_result      (const MusterHmMorale  *morale,
                                        int                    roll);
void     _muster_hm_convert_hits       (MusterHmTables        *tables,
                                        int                    temporary,
                                        int                    carried,
                                        int                   *stands_lost,
                                        int                   *retained);
void     _muster_hm_move_setup         (MusterHmTables        *tables,
                                        int                    scale,
                                        gboolean               cavalry,
                                        MusterHmMove          *move);
int      _muster_hm_move_play          (const MusterHmMove    *move,
                                        MusterFaces           *roll);
void     _muster_hm_melee_dice         (MusterHmTables        *tables,
                                        int                    stands_a,
                                        int                    stands_b,
                                        int                   *dice_a,
                                        int                   *dice_b);

gboolean _muster_hm_resolve            (const MusterProcedure *procedure,
                                        const MusterRuleset   *ruleset,
                                        const int             *values,
                                        const int             *faces,
                                        guint                  n_faces,
                                        int                   *outcome,
                                        guint                 *n_used,
                                        GError               **error);

/* What muster-system-hm.c hangs off the system's MusterSystem. */
extern const MusterProcedure * const muster_hm_procedures[];
extern const MusterFillSystem _muster_hm_fill;
gboolean _muster_generate_generic_maps (MusterGenerateRun  *run,
                                       GError            **error);

/* muster-system-hm-odds.c: the table's inputs (MusterSystem's table_inputs) */
void _muster_hm_table_inputs (const MusterProcedure *procedure,
                                const MusterOddsFacts *facts,
                                MusterOddsFill        *fill);
void _muster_hm_resolve_effect (const MusterProcedure *procedure,
                                MusterRollEffect          *effect);

G_END_DECLS
