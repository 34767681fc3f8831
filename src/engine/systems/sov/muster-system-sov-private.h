/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib/gi18n-lib.h>

#include "muster-faces.h"
#include "muster-procedure.h"
#include "muster-system.h"
#include "muster-table.h"

G_BEGIN_DECLS

/*
 * Standards of Valor combat, shared between its procedure files and their tests.
 *
 * Every exact procedure is a "play": a fixed list of dice (the layout) and a resolution that
 * is a pure function of their faces. The sampler rolls the whole layout and resolves it; the
 * tests resolve the book's own dice, and enumerate every face combination of small layouts to
 * check the exact distributions.
 */

#define MUSTER_SOV_SYSTEM    "standards-of-valor"
#define MUSTER_SOV_SETUP_MAX 512

/* The die chain D4 < D6 < D8 < D10 < D12 (§0.2), as indices 0..4. */
#define MUSTER_SOV_D4  0
#define MUSTER_SOV_D12 4

typedef struct
{
  /* Reads the inputs and the ruleset's tables into @setup (at most MUSTER_SOV_SETUP_MAX bytes). */
  gboolean (*prepare) (const MusterRuleset  *ruleset,
                       const int            *values,
                       gpointer              setup,
                       GError              **error);
  /* Adds every die the play may roll to @layout, which starts empty. */
  void     (*layout)  (gconstpointer         setup,
                       MusterFaceLayout     *layout);
  /* One outcome per output of the procedure, from the faces of the layout's dice. */
  void     (*resolve) (gconstpointer         setup,
                       const int            *faces,
                       int                  *outcome);
} MusterSovPlay;

static inline int
_muster_sov_die_sides (int index)
{
  return 4 + 2 * CLAMP (index, MUSTER_SOV_D4, MUSTER_SOV_D12);
}

int       _muster_sov_die_index       (int                   sides);
int       _muster_sov_test_result     (int                   roll,
                                       int                   target);
double    _muster_sov_p_greater       (int                   x_sides,
                                       int                   y_sides);
gboolean  _muster_sov_range_band_index (double               distance,
                                       double                band,
                                       int                  *index);
void      _muster_sov_play_layout     (const MusterSovPlay  *play,
                                       gconstpointer         setup,
                                       MusterFaceLayout     *layout);
gboolean  _muster_sov_exact_by_enumeration (const MusterSovPlay *play,
                                       const MusterRuleset  *ruleset,
                                       const int            *values,
                                       guint                 n_outputs,
                                       MusterDist          **outputs,
                                       GError              **error);
void      _muster_sov_warn_once       (const GError         *error);
void      _muster_sov_sample_play     (const MusterSovPlay  *play,
                                       const MusterRuleset  *ruleset,
                                       const int            *values,
                                       MusterDice           *dice,
                                       int                   n_outputs,
                                       int                  *outcome);

/* The simulator's prepare-once pair for the procedures that are one play: the play's setup is
 * made once, and each trial rolls its layout and resolves it as _muster_sov_sample_play() does. */
gpointer  _muster_sov_prepare         (const MusterProcedure *procedure,
                                       const MusterRuleset   *ruleset,
                                       const int             *values,
                                       GError               **error);
void      _muster_sov_sample_prepared (const MusterProcedure *procedure,
                                       gconstpointer          prepared,
                                       MusterDice            *dice,
                                       int                   *outcome);

/* The hooks of a procedure that is one play, which they find in the table of plays: the exact
 * distribution by enumerating its dice (small layouts only), and its samplers. */
gboolean  _muster_sov_exact           (const MusterProcedure  *procedure,
                                       const MusterRuleset    *ruleset,
                                       const int              *values,
                                       MusterDist            **outputs,
                                       GError                **error);
void      _muster_sov_sample          (const MusterProcedure *procedure,
                                       const MusterRuleset   *ruleset,
                                       const int             *values,
                                       MusterDice            *dice,
                                       int                   *outcome);
#define MUSTER_SOV_PLAY_SAMPLERS \
  .sample = _muster_sov_sample, .prepare = _muster_sov_prepare, \
  .sample_prepared = _muster_sov_sample_prepared, .free_prepared = g_free

/* The choice vocabularies the procedures share, %NULL-terminated; quality, armour, missile and
 * hand-to-hand weapon ids are rows of the ruleset's tables of the same names. */
extern const char * const muster_sov_quality_ids[];
extern const char * const muster_sov_quality_labels[];
extern const char * const muster_sov_armour_ids[];
extern const char * const muster_sov_armour_labels[];
extern const char * const muster_sov_die_ids[];
extern const char * const muster_sov_die_labels[];
extern const char * const muster_sov_formation_ids[];
extern const char * const muster_sov_formation_labels[];
extern const char * const muster_sov_cover_ids[];
extern const char * const muster_sov_cover_labels[];
extern const char * const muster_sov_arm_ids[];
extern const char * const muster_sov_arm_labels[];
extern const char * const muster_sov_missile_ids[];
extern const char * const muster_sov_missile_labels[];
extern const char * const muster_sov_weapon_ids[];
extern const char * const muster_sov_weapon_labels[];
extern const char * const muster_sov_motivation_ids[];
extern const char * const muster_sov_motivation_labels[];

/* One Quality Die against LV + TL (§0.3 roll type 1), the core of every test. */
typedef struct
{
  int      sides;
  int      target;
  gboolean no_test;
} MusterSovTestSetup;

gboolean  _muster_sov_quality_die     (const MusterRuleset  *ruleset,
                                       int                   value,
                                       int                  *sides,
                                       GError              **error);
void      _muster_sov_test_layout     (gconstpointer         setup,
                                       MusterFaceLayout     *layout);
void      _muster_sov_test_resolve    (gconstpointer         setup,
                                       const int            *faces,
                                       int                  *outcome);
gboolean  _muster_sov_add_shift       (const MusterRuleset  *ruleset,
                                       const char           *table,
                                       const char           *row,
                                       int                   times,
                                       int                  *shift,
                                       GError              **error);
int       _muster_sov_closed_shift    (int                   sides,
                                       int                   steps);

/* Results of a Confidence or Reaction test (§0.3 roll type 1, §4.3.1). */
enum
{
  MUSTER_SOV_TEST_NO_TEST,
  MUSTER_SOV_TEST_PASS,
  MUSTER_SOV_TEST_FAIL,
  MUSTER_SOV_TEST_MAJOR_FAILURE,
};

/* Hand-to-hand force ratio rounding (§4.10.3 [default]): dice for each side. */
void      _muster_sov_force_ratio_dice (int                  attacker,
                                        int                  defender,
                                        int                 *attacker_dice,
                                        int                 *defender_dice);

extern const MusterProcedure muster_sov_confidence_test;
extern const MusterProcedure muster_sov_reaction_test;
extern const MusterProcedure muster_sov_leader_loss;
extern const MusterProcedure muster_sov_fright_check;
extern const MusterProcedure muster_sov_remove_suppression;
extern const MusterProcedure muster_sov_charge_test;
extern const MusterProcedure muster_sov_fire;
extern const MusterProcedure muster_sov_heavy_weapon_vehicle;
extern const MusterProcedure muster_sov_artillery_aim;
extern const MusterProcedure muster_sov_artillery_blast;
extern const MusterProcedure muster_sov_hand_to_hand;
extern const MusterProcedure muster_sov_close_assault;
extern const MusterProcedure muster_sov_communication;
extern const MusterProcedure muster_sov_rally;
extern const MusterProcedure muster_sov_wedge;
extern const MusterProcedure muster_sov_spotting;
extern const MusterProcedure muster_sov_scythed_chariot;
extern const MusterProcedure muster_sov_heroic_combat;
extern const MusterProcedure muster_sov_heroic_missile;
extern const MusterProcedure muster_sov_sniper;
extern const MusterProcedure muster_sov_flames;
extern const MusterProcedure muster_sov_dust;
extern const MusterProcedure muster_sov_last_stand;
extern const MusterProcedure muster_sov_panic;
extern const MusterProcedure muster_sov_independent_figure;

extern const MusterSovPlay muster_sov_confidence_play;
extern const MusterSovPlay muster_sov_reaction_play;
extern const MusterSovPlay muster_sov_leader_loss_play;
extern const MusterSovPlay muster_sov_fright_play;
extern const MusterSovPlay muster_sov_remove_suppression_play;
extern const MusterSovPlay muster_sov_charge_play;
extern const MusterSovPlay muster_sov_fire_play;
extern const MusterSovPlay muster_sov_heavy_weapon_vehicle_play;
extern const MusterSovPlay muster_sov_artillery_aim_play;
extern const MusterSovPlay muster_sov_artillery_blast_play;
extern const MusterSovPlay muster_sov_hand_to_hand_play;
extern const MusterSovPlay muster_sov_communication_play;
extern const MusterSovPlay muster_sov_rally_play;
extern const MusterSovPlay muster_sov_wedge_play;
extern const MusterSovPlay muster_sov_spotting_play;
extern const MusterSovPlay muster_sov_scythed_chariot_play;
extern const MusterSovPlay muster_sov_heroic_play;
extern const MusterSovPlay muster_sov_heroic_missile_play;
extern const MusterSovPlay muster_sov_sniper_play;
extern const MusterSovPlay muster_sov_last_stand_play;
extern const MusterSovPlay muster_sov_panic_play;
extern const MusterSovPlay muster_sov_independent_figure_play;

/* What muster-system-sov.c hangs off the system's MusterSystem. */
extern const MusterProcedure * const muster_sov_procedures[];
extern const MusterFillSystem _muster_sov_fill;
gboolean _muster_generate_clock_face (MusterGenerateRun  *run,
                                     GError            **error);

/* muster-system-sov-odds.c: the table's inputs (MusterSystem's table_inputs) */
void _muster_sov_table_inputs (const MusterProcedure *procedure,
                                 const MusterOddsFacts *facts,
                                 MusterOddsFill        *fill);
void _muster_sov_resolve_effect (const MusterProcedure *procedure,
                                 MusterRollEffect          *effect);

G_END_DECLS
