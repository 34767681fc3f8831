/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-system-ul-private.h"

G_BEGIN_DECLS

/*
 * Undying Lands melee, shared by the melee round (muster-system-ul-melee.c) and the simulated
 * engagement (muster-system-ul-engagement.c).
 */

typedef enum
{
  CHARGE_NONE,
  CHARGE_CHARGE,
  CHARGE_COUNTER,
  CHARGE_FANATIC,
} Charge;

typedef enum
{
  HIGHER_LEVEL,
  HIGHER_GENTLE,
  HIGHER_STEEP,
} Higher;

enum { WEAPON_LANCE = 0, WEAPON_SA = 4, WEAPON_HFS = 5 };

extern const char * const _muster_ul_weapon_ids[];
extern const char * const _muster_ul_weapon_labels[];
extern const char * const _muster_ul_charge_ids[];
extern const char * const _muster_ul_charge_labels[];
extern const char * const _muster_ul_higher_ids[];
extern const char * const _muster_ul_higher_labels[];
extern const char * const _muster_ul_disorder_rule_ids[];
extern const char * const _muster_ul_disorder_rule_labels[];
extern const char * const _muster_ul_hill_rule_ids[];
extern const char * const _muster_ul_hill_rule_labels[];

/* One side's inputs, in this order, first for side A and then for side B. */
enum {
  S_CLASS, S_ORDER, S_STATUS, S_WEAPON, S_PROFICIENCY, S_IP, S_CHARGE, S_DISORDERED, S_FLANK,
  S_HIGHER, S_N_INPUTS
};

/* The labels of side A's and side B's inputs, each whole so that it can be translated:
 * MUSTER_UL_SIDE_INPUTS () picks them by the side's name (A or B) */
#define MUSTER_UL_A_CLASS_L N_("A: General Class")
#define MUSTER_UL_A_ORDER_L N_("A: Order")
#define MUSTER_UL_A_STATUS_L N_("A: Regular or Irregular")
#define MUSTER_UL_A_WEAPON_L N_("A: Close Combat Weapon Class")
#define MUSTER_UL_A_PROFICIENCY_L N_("A: Weapon Proficiency")
#define MUSTER_UL_A_IP_L N_("A: Integrity Points")
#define MUSTER_UL_A_CHARGE_L N_("A: Charge")
#define MUSTER_UL_A_DISORDERED_L N_("A: Disordered")
#define MUSTER_UL_A_FLANK_L N_("A: Contacted Close Order in their flank or rear")
#define MUSTER_UL_A_HIGHER_L N_("A: Position")
#define MUSTER_UL_B_CLASS_L N_("B: General Class")
#define MUSTER_UL_B_ORDER_L N_("B: Order")
#define MUSTER_UL_B_STATUS_L N_("B: Regular or Irregular")
#define MUSTER_UL_B_WEAPON_L N_("B: Close Combat Weapon Class")
#define MUSTER_UL_B_PROFICIENCY_L N_("B: Weapon Proficiency")
#define MUSTER_UL_B_IP_L N_("B: Integrity Points")
#define MUSTER_UL_B_CHARGE_L N_("B: Charge")
#define MUSTER_UL_B_DISORDERED_L N_("B: Disordered")
#define MUSTER_UL_B_FLANK_L N_("B: Contacted Close Order in their flank or rear")
#define MUSTER_UL_B_HIGHER_L N_("B: Position")

#define MUSTER_UL_SIDE_INPUTS(P, S, IP, CLASS, ORDER, STATUS, WEAPON, CHARGE) \
  MUSTER_CHOICE_INPUT (P "class", MUSTER_UL_##S##_CLASS_L, \
                       N_("Foot, Mounted, Leviathan or Behemoth; the opponent's class picks the " \
                          "vs Foot or vs Other column"), \
                       muster_ul_class_ids, muster_ul_class_labels, CLASS), \
  MUSTER_CHOICE_INPUT (P "order", MUSTER_UL_##S##_ORDER_L, \
                       N_("Open Order troops fighting score half, rounded down"), \
                       muster_ul_order_ids, muster_ul_order_labels, ORDER), \
  MUSTER_CHOICE_INPUT (P "status", MUSTER_UL_##S##_STATUS_L, \
                       N_("Picks the proficiency die: Regulars roll 2d4, 2d6, 3d6; " \
                          "Irregulars d8, d12, d20"), \
                       muster_ul_status_ids, muster_ul_status_labels, STATUS), \
  MUSTER_CHOICE_INPUT (P "weapon", MUSTER_UL_##S##_WEAPON_L, \
                       N_("A Lance fights with SA after the first round (X11)"), \
                       _muster_ul_weapon_ids, _muster_ul_weapon_labels, WEAPON), \
  MUSTER_CHOICE_INPUT (P "proficiency", MUSTER_UL_##S##_PROFICIENCY_L, \
                       N_("Militia, Drilled or Skilled"), \
                       muster_ul_proficiency_ids, muster_ul_proficiency_labels, 1), \
  MUSTER_INT_INPUT (P "ip", MUSTER_UL_##S##_IP_L, \
                    N_("Current IP before the round: −1 if the opponent has more; −4 if it has " \
                       "lost all its IPs (0 or less)"), -60, 120, IP), \
  MUSTER_CHOICE_INPUT (P "charge", MUSTER_UL_##S##_CHARGE_L, \
                       N_("First round only (X12): +1 charging or counter-charging, +4 fanatic, " \
                          "+2 Irregular Loose Order Foot charging, +1 Behemoth charging Close " \
                          "Order Foot or Mounted"), \
                       _muster_ul_charge_ids, _muster_ul_charge_labels, CHARGE), \
  MUSTER_BOOL_INPUT (P "disordered", MUSTER_UL_##S##_DISORDERED_L, \
                     N_("−4 Close Order, −2 other Mounted, −1 Loose or Open Order"), 0), \
  MUSTER_BOOL_INPUT (P "flank-rear", MUSTER_UL_##S##_FLANK_L, \
                     N_("+3 while the contact lasts; the opponent must be Close Order"), 0), \
  MUSTER_CHOICE_INPUT (P "higher", MUSTER_UL_##S##_HIGHER_L, \
                       N_("Its opponent takes −2 if it is higher up a Gentle Hill, −1 if " \
                          "higher up a steep slope"), \
                       _muster_ul_higher_ids, _muster_ul_higher_labels, 0)

#define MUSTER_UL_RULE_INPUTS \
  MUSTER_CHOICE_INPUT ("disorder-rows", N_("Disorder factors"), \
                       N_("The book lists disordered Close Order twice (−4 and −2); the −4 for " \
                          "having lost all IPs adds to either"), \
                       _muster_ul_disorder_rule_ids, _muster_ul_disorder_rule_labels, 0), \
  MUSTER_CHOICE_INPUT ("hill-rows", N_("Hill factors"), \
                       N_("The −2 (Gentle Hill) and −1 (uphill) rows"), \
                       _muster_ul_hill_rule_ids, _muster_ul_hill_rule_labels, 0)

/* A vignette as the melee sees it. */
typedef struct
{
  MusterUlClass  klass;
  MusterUlOrder  order;
  MusterUlStatus status;
  int            weapon;
  int            proficiency;
  int            ip;
  Charge         charge;
  gboolean       disordered;
  gboolean       flank;
  Higher         higher;
} Side;

/* One vignette's score: dice + mod, at least 0, × numerator / denominator rounded down. */
typedef struct
{
  MusterUlDice dice;
  int          mod;
  int          numerator;
  int          denominator;
} Score;

void      _muster_ul_side_from_values   (Side                 *side,
                                         const int            *values);
gboolean  _muster_ul_is_charging        (const Side           *side);
gboolean  _muster_ul_check_charges      (const Side           *a,
                                         const Side           *b,
                                         GError              **error);
gboolean  _muster_ul_side_score         (const MusterRuleset  *ruleset,
                                         const Side           *me,
                                         const Side           *them,
                                         gboolean              first,
                                         gboolean              every_disorder_row,
                                         gboolean              both_hill_rows,
                                         Score                *score,
                                         GError              **error);
int       _muster_ul_score_value        (const Score          *score,
                                         int                   roll);
int       _muster_ul_disorder_threshold (int                   ip_total);

G_END_DECLS
