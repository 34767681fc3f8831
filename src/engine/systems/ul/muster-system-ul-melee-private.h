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

#define MUSTER_UL_SIDE_INPUTS(P, W, IP, CLASS, ORDER, STATUS, WEAPON, CHARGE) \
  MUSTER_CHOICE_INPUT (P "class", W "General Class", \
                       "Foot, Mounted, Leviathan or Behemoth; the opponent's class picks the vs " \
                       "Foot or vs Other column", \
                       muster_ul_class_ids, muster_ul_class_labels, CLASS), \
  MUSTER_CHOICE_INPUT (P "order", W "Order", \
                       "Open Order troops fighting score half, rounded down", \
                       muster_ul_order_ids, muster_ul_order_labels, ORDER), \
  MUSTER_CHOICE_INPUT (P "status", W "Regular or Irregular", \
                       "Picks the proficiency die: Regulars roll 2d4, 2d6, 3d6; " \
                       "Irregulars d8, d12, d20", \
                       muster_ul_status_ids, muster_ul_status_labels, STATUS), \
  MUSTER_CHOICE_INPUT (P "weapon", W "Close Combat Weapon Class", \
                       "A Lance fights with SA after the first round (X11)", \
                       _muster_ul_weapon_ids, _muster_ul_weapon_labels, WEAPON), \
  MUSTER_CHOICE_INPUT (P "proficiency", W "Weapon Proficiency", "Militia, Drilled or Skilled", \
                       muster_ul_proficiency_ids, muster_ul_proficiency_labels, 1), \
  MUSTER_INT_INPUT (P "ip", W "Integrity Points", \
                    "Current IP before the round: −1 if the opponent has more; −4 if it has lost " \
                    "all its IPs (0 or less)", -60, 120, IP), \
  MUSTER_CHOICE_INPUT (P "charge", W "Charge", \
                       "First round only (X12): +1 charging or counter-charging, +4 fanatic, " \
                       "+2 Irregular Loose Order Foot charging, +1 Behemoth charging Close " \
                       "Order Foot or Mounted", \
                       _muster_ul_charge_ids, _muster_ul_charge_labels, CHARGE), \
  MUSTER_BOOL_INPUT (P "disordered", W "Disordered", \
                     "−4 Close Order, −2 other Mounted, −1 Loose or Open Order", 0), \
  MUSTER_BOOL_INPUT (P "flank-rear", W "Contacted Close Order in their flank or rear", \
                     "+3 while the contact lasts; the opponent must be Close Order", 0), \
  MUSTER_CHOICE_INPUT (P "higher", W "Position", \
                       "Its opponent takes −2 if it is higher up a Gentle Hill, −1 if " \
                       "higher up a steep slope", \
                       _muster_ul_higher_ids, _muster_ul_higher_labels, 0)

#define MUSTER_UL_RULE_INPUTS \
  MUSTER_CHOICE_INPUT ("disorder-rows", "Disorder factors", \
                       "The book lists disordered Close Order twice (−4 and −2); the −4 for " \
                       "having lost all IPs adds to either", \
                       _muster_ul_disorder_rule_ids, _muster_ul_disorder_rule_labels, 0), \
  MUSTER_CHOICE_INPUT ("hill-rows", "Hill factors", "The −2 (Gentle Hill) and −1 (uphill) rows", \
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
