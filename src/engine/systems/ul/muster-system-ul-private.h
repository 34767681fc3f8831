/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib/gi18n-lib.h>

#include "muster-faces.h"
#include "muster-procedure.h"
#include "muster-system.h"
#include "muster-table.h"

G_BEGIN_DECLS

/*
 * Undying Lands combat procedures, shared between the module's files and its tests.
 *
 * Every procedure with an exact solution resolves one play as a pure function of the die
 * faces: _muster_ul_play_new() reads the inputs and the ruleset's tables once and says which
 * dice the play rolls; _muster_ul_play_resolve() turns one set of faces into the outcomes. The
 * sampler rolls the faces and resolves them; the tests feed the book's own dice, or every face
 * combination, through the same function and compare with the exact distributions.
 */

#define MUSTER_UL_SYSTEM "undying-lands"

/* The most dice one play rolls: melee between four pairs of Skilled Regular vignettes. */
#define MUSTER_UL_MAX_FACES 32

/* The integrity test is a d10 (p.25): "greater by 10 or more" routs, and a fanatic charge needs
 * a pass by five (p.18). Constants of the test itself, not a table of the book. */
#define MUSTER_UL_INTEGRITY_DIE   10
#define MUSTER_UL_ROUT_MARGIN     10
#define MUSTER_UL_FANATIC_MARGIN  5

typedef struct _MusterUlPlay MusterUlPlay;

/* A roll of the book's kind: "d6", "2d6", "d2". */
typedef struct
{
  guint n;
  guint sides;
} MusterUlDice;

/* The general classes, orders and proficiencies, in the order of every procedure's choices. */
typedef enum
{
  MUSTER_UL_FOOT,
  MUSTER_UL_MOUNTED,
  MUSTER_UL_LEVIATHAN,
  MUSTER_UL_BEHEMOTH,
} MusterUlClass;

typedef enum
{
  MUSTER_UL_CLOSE,
  MUSTER_UL_LOOSE,
  MUSTER_UL_OPEN,
} MusterUlOrder;

typedef enum
{
  MUSTER_UL_REGULAR,
  MUSTER_UL_IRREGULAR,
} MusterUlStatus;

extern const char * const muster_ul_class_ids[];
extern const char * const muster_ul_class_labels[];
extern const char * const muster_ul_order_ids[];
extern const char * const muster_ul_order_labels[];
extern const char * const muster_ul_status_ids[];
extern const char * const muster_ul_status_labels[];
extern const char * const muster_ul_proficiency_ids[];
extern const char * const muster_ul_proficiency_labels[];

extern const MusterProcedure muster_ul_shoot;
extern const MusterProcedure muster_ul_melee_round;
extern const MusterProcedure muster_ul_engagement;
extern const MusterProcedure muster_ul_integrity_test;
extern const MusterProcedure muster_ul_fanatic_charge;
extern const MusterProcedure muster_ul_evade;
extern const MusterProcedure muster_ul_break_off;
extern const MusterProcedure muster_ul_repulse;
extern const MusterProcedure muster_ul_rally;
extern const MusterProcedure muster_ul_activation;
extern const MusterProcedure muster_ul_sub_commander_initiative;
extern const MusterProcedure muster_ul_tu_initiative;
extern const MusterProcedure muster_ul_tactical_initiative;
extern const MusterProcedure muster_ul_deployment;
extern const MusterProcedure muster_ul_terrain;

MusterUlPlay *_muster_ul_play_new         (const MusterProcedure  *procedure,
                                          const MusterRuleset    *ruleset,
                                          const int              *values,
                                          GError                **error);
guint         _muster_ul_play_get_n_faces (const MusterUlPlay     *self);
const int    *_muster_ul_play_get_sides   (const MusterUlPlay     *self);
void          _muster_ul_play_resolve     (const MusterUlPlay     *self,
                                          const int              *faces,
                                          int                    *outcome);
void          _muster_ul_play_free        (MusterUlPlay           *self);

gboolean      _muster_ul_parse_dice       (const char             *text,
                                          MusterUlDice           *dice);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterUlPlay, _muster_ul_play_free)

/*
 * Internal to the module's files.
 */

typedef struct _MusterUlPlayClass MusterUlPlayClass;

struct _MusterUlPlayClass
{
  const MusterProcedure *procedure;
  /* Reads the inputs and tables into the play and adds its dice with _muster_ul_play_add_dice(). */
  gboolean (*prepare) (MusterUlPlay          *play,
                       const MusterRuleset   *ruleset,
                       const int             *values,
                       GError               **error);
  void     (*resolve) (const MusterUlPlay    *play,
                       const int             *faces,
                       int                   *outcome);
  /* The outputs' exact distributions, from the play that prepare made. */
  void     (*exact)   (const MusterUlPlay    *play,
                       const int             *values,
                       MusterDist           **outputs);
};

/* In a play procedure's MusterProcedure: made, resolved and enumerated through its class. */
#define MUSTER_UL_PLAY_HOOKS .exact = _muster_ul_exact, .sample = _muster_ul_sample

/* The numbers a play keeps between prepare and resolve: every procedure names its own slots. */
#define MUSTER_UL_MAX_PARAMS 48

struct _MusterUlPlay
{
  const MusterUlPlayClass *klass;
  MusterFaceLayout         layout;   /* dice of 1 to their sides */
  int                      param[MUSTER_UL_MAX_PARAMS];
};

extern const MusterUlPlayClass _muster_ul_shoot_class;
extern const MusterUlPlayClass _muster_ul_melee_round_class;
extern const MusterUlPlayClass _muster_ul_integrity_test_class;
extern const MusterUlPlayClass _muster_ul_fanatic_charge_class;
extern const MusterUlPlayClass _muster_ul_evade_class;
extern const MusterUlPlayClass _muster_ul_break_off_class;
extern const MusterUlPlayClass _muster_ul_repulse_class;
extern const MusterUlPlayClass _muster_ul_rally_class;
extern const MusterUlPlayClass _muster_ul_activation_class;
extern const MusterUlPlayClass _muster_ul_sub_commander_initiative_class;
extern const MusterUlPlayClass _muster_ul_tu_initiative_class;
extern const MusterUlPlayClass _muster_ul_terrain_class;

guint     _muster_ul_play_add_dice  (MusterUlPlay         *play,
                                     MusterUlDice          dice);
int       _muster_ul_sum_faces      (const int            *faces,
                                     guint                 first,
                                     guint                 n);
gboolean  _muster_ul_exact          (const MusterProcedure  *procedure,
                                     const MusterRuleset    *ruleset,
                                     const int              *values,
                                     MusterDist            **outputs,
                                     GError                **error);
void      _muster_ul_sample         (const MusterProcedure *procedure,
                                     const MusterRuleset   *ruleset,
                                     const int             *values,
                                     MusterDice            *dice,
                                     int                   *outcome);

gboolean  _muster_ul_table_dice     (const MusterRuleset  *ruleset,
                                     const char           *table,
                                     const char           *row,
                                     const char           *column,
                                     MusterUlDice         *dice,
                                     GError              **error);
gboolean  _muster_ul_modifier       (const MusterRuleset  *ruleset,
                                     const char           *table,
                                     const char           *row,
                                     int                  *value,
                                     GError              **error);
gboolean  _muster_ul_move_rate      (const MusterRuleset  *ruleset,
                                     MusterUlClass         klass,
                                     MusterUlOrder         order,
                                     gboolean              fast,
                                     int                  *tm,
                                     GError              **error);
gboolean  _muster_ul_refuse         (GError              **error,
                                     const char           *format,
                                     ...) G_GNUC_PRINTF (2, 3);

MusterDist *_muster_ul_dice_dist    (MusterUlDice          dice);
int         _muster_ul_roll         (MusterDice           *dice,
                                     MusterUlDice          roll);
int         _muster_ul_integrity_result (int               roll,
                                         int               ip);

/* What muster-system-ul.c hangs off the system's MusterSystem. */
extern const MusterProcedure * const muster_ul_procedures[];
extern const MusterFillSystem _muster_ul_fill;
gboolean _muster_generate_squares (MusterGenerateRun  *run,
                                  GError            **error);

/* muster-system-ul-odds.c: the table's inputs (MusterSystem's table_inputs) */
void _muster_ul_table_inputs (const MusterProcedure *procedure,
                                const MusterOddsFacts *facts,
                                MusterOddsFill        *fill);
void _muster_ul_resolve_effect (const MusterProcedure *procedure,
                                MusterRollEffect          *effect);

G_END_DECLS
