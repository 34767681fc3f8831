/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-system-sov-private.h"

G_BEGIN_DECLS

/*
 * Standards of Valor close combat, shared by the hand-to-hand round (muster-system-sov-melee.c)
 * and the simulated close assault (muster-system-sov-assault.c), whose inputs begin with the
 * round's.
 */

extern const char * const muster_sov_penetration_ids[];
extern const char * const muster_sov_penetration_labels[];
extern const char * const muster_sov_shield_wall_ids[];
extern const char * const muster_sov_shield_wall_labels[];
extern const char * const muster_sov_ratio_table_ids[];
extern const char * const muster_sov_ratio_table_labels[];
extern const char * const muster_sov_scrum_ids[];
extern const char * const muster_sov_scrum_labels[];

/* The inputs of one round; the close assault takes the same ones first, then its own. */
#define HTH_INPUTS \
  MUSTER_CHOICE_INPUT ("attacker-quality", N_("Attacker's Unit Quality"), \
                       N_("The attacker's Quality Die, rolled in the dice pool " \
                          "and for its scrum test."), \
                       muster_sov_quality_ids, muster_sov_quality_labels, 2), \
  MUSTER_INT_INPUT ("attacker-lv", N_("Attacker's Leadership Value"), \
                    N_("For its scrum Confidence Test."), 1, 3, 2), \
  MUSTER_CHOICE_INPUT ("attacker-arm", N_("Attacker's troops"), \
                       N_("Cavalry count only their first rank."), \
                       muster_sov_arm_ids, muster_sov_arm_labels, 0), \
  MUSTER_CHOICE_INPUT ("attacker-formation", N_("Attacker's Unit Integrity"), \
                       N_("Column of the force-ratio table; Close Order infantry multiply by " \
                          "their effective ranks, Open Order by half."), \
                       muster_sov_formation_ids, muster_sov_formation_labels, 0), \
  MUSTER_CHOICE_INPUT ("attacker-weapon", N_("Attacker's hand-to-hand weapon"), \
                       N_("Reach and Impact from the Hand-To-Hand Weapons Table."), \
                       muster_sov_weapon_ids, muster_sov_weapon_labels, 1), \
  MUSTER_CHOICE_INPUT ("attacker-armour", N_("Attacker's armour"), N_("Its Armor Die."), \
                       muster_sov_armour_ids, muster_sov_armour_labels, 3), \
  MUSTER_INT_INPUT ("attacker-suppression", N_("Attacker's Suppression markers"), \
                    N_("Each reduces effective Reach ranks by 1, at least 1 rank."), 0, 3, 0), \
  MUSTER_INT_INPUT ("attacker-ranks", N_("Attacker's ranks"), \
                    N_("For the scrum's rank ratio."), 1, 20, 3), \
  MUSTER_INT_INPUT ("attacker-wrap", N_("Attacker wraps the enemy"), \
                    N_("Wrapping cavalry multiply their side by 2 (two " \
                       "sides) or 3 (three sides)."), 1, 3, 1), \
  MUSTER_INT_INPUT ("attacker-overlap", N_("Sides the attacker overlaps"), \
                    N_("+1 each if its integrity is at least the enemy's."), 0, 2, 0), \
  MUSTER_BOOL_INPUT ("attacker-shield-wall", N_("Attacker has a Shield Wall"), \
                     N_("Lowers the defender's die."), 0), \
  MUSTER_BOOL_INPUT ("charging", N_("Attacker is charging"), \
                     N_("+1 to its die this round; lances use D12 Impact and cavalry " \
                        "spears +1 on the charge."), 1), \
  MUSTER_BOOL_INPUT ("counter-charge", N_("Counter-charge"), \
                     N_("Both sides count as charging in the first round."), 0), \
  MUSTER_BOOL_INPUT ("first-charge", N_("First charge with lances"), \
                     N_("Lances use D12 Impact on the first charge only."), 1), \
  MUSTER_CHOICE_INPUT ("defender-quality", N_("Defender's Unit Quality"), \
                       N_("The defender's Quality Die."), \
                       muster_sov_quality_ids, muster_sov_quality_labels, 2), \
  MUSTER_INT_INPUT ("defender-lv", N_("Defender's Leadership Value"), \
                    N_("For its scrum Confidence Test."), 1, 3, 2), \
  MUSTER_CHOICE_INPUT ("defender-arm", N_("Defender's troops"), N_("Infantry or cavalry."), \
                       muster_sov_arm_ids, muster_sov_arm_labels, 0), \
  MUSTER_CHOICE_INPUT ("defender-formation", N_("Defender's Unit Integrity"), \
                       N_("Row of the force-ratio table."), \
                       muster_sov_formation_ids, muster_sov_formation_labels, 0), \
  MUSTER_CHOICE_INPUT ("defender-weapon", N_("Defender's hand-to-hand weapon"), \
                       N_("Reach and Impact."), \
                       muster_sov_weapon_ids, muster_sov_weapon_labels, 2), \
  MUSTER_CHOICE_INPUT ("defender-armour", N_("Defender's armour"), N_("Its Armor Die."), \
                       muster_sov_armour_ids, muster_sov_armour_labels, 1), \
  MUSTER_INT_INPUT ("defender-suppression", N_("Defender's Suppression markers"), \
                    N_("Each reduces effective Reach ranks by 1."), 0, 3, 0), \
  MUSTER_INT_INPUT ("defender-ranks", N_("Defender's ranks"), \
                    N_("For the scrum's rank ratio."), 1, 20, 3), \
  MUSTER_INT_INPUT ("defender-overlap", N_("Sides the defender overlaps"), \
                    N_("+1 each if its integrity is at least the enemy's."), 0, 2, 0), \
  MUSTER_BOOL_INPUT ("defender-shield-wall", N_("Defender has a Shield Wall"), \
                     N_("Lowers the attacker's die."), 0), \
  MUSTER_CHOICE_INPUT ("defender-cover", N_("Defender's cover"), \
                       N_("The attacker's die −1 (soft) or −2 (hard); across hard cover no " \
                          "ranks count in the scrum."), \
                       muster_sov_cover_ids, muster_sov_cover_labels, 0), \
  MUSTER_BOOL_INPUT ("rough", N_("Rough terrain"), \
                     N_("Units in rough terrain count no ranks in the scrum."), 0), \
  MUSTER_INT_INPUT ("era", N_("Attacker's era advantage"), \
                    N_("Eras by which the attacker's weapons are more advanced: the defender's " \
                       "armour shifts down, the attacker's up, one step each."), -4, 4, 0), \
  MUSTER_INT_INPUT ("figure-ratio", N_("Figure ratio"), \
                    N_("Figures in contact on the side with the smaller ratio number ÷ that " \
                       "side's dice: each scoring die is worth this many potential hits. In a " \
                       "Melee of two skirmish units every figure counts."), 1, 10, 1), \
  MUSTER_CHOICE_INPUT ("penetration", N_("Penetration"), N_("The players choose."), \
                       muster_sov_penetration_ids, muster_sov_penetration_labels, 0), \
  MUSTER_CHOICE_INPUT ("shield-wall-reading", N_("Shield Wall in close combat"), \
                       N_("The book both lowers the attacker's die and raises the " \
                          "defender's; these differ."), \
                       muster_sov_shield_wall_ids, muster_sov_shield_wall_labels, 0), \
  MUSTER_CHOICE_INPUT ("force-ratio-table", N_("Force-ratio table"), \
                       N_("The printed table is not antisymmetric in six cells."), \
                       muster_sov_ratio_table_ids, muster_sov_ratio_table_labels, 0), \
  MUSTER_CHOICE_INPUT ("scrum-score", N_("Scrum score"), \
                       N_("How the casualty and rank ratios are added."), \
                       muster_sov_scrum_ids, muster_sov_scrum_labels, 0), \
  MUSTER_BOOL_INPUT ("attacker-warhorses", N_("Attacker has Warhorses"), \
                     N_("Cavalry only: as many extra dice as its share of the force ratio, one " \
                        "step lower, whose hits use Impact D6."), 0), \
  MUSTER_BOOL_INPUT ("defender-warhorses", N_("Defender has Warhorses"), \
                     N_("Cavalry only, as for the attacker."), 0)

enum {
  H_A_QUALITY, H_A_LV, H_A_ARM, H_A_FORMATION, H_A_WEAPON, H_A_ARMOUR, H_A_SUPPRESSION,
  H_A_RANKS, H_A_WRAP, H_A_OVERLAP, H_A_SHIELD_WALL, H_CHARGING, H_COUNTER_CHARGE,
  H_FIRST_CHARGE, H_D_QUALITY, H_D_LV, H_D_ARM, H_D_FORMATION, H_D_WEAPON, H_D_ARMOUR,
  H_D_SUPPRESSION, H_D_RANKS, H_D_OVERLAP, H_D_SHIELD_WALL, H_D_COVER, H_ROUGH, H_ERA,
  H_FIGURE_RATIO, H_PENETRATION, H_SHIELD_WALL_READING, H_RATIO_TABLE, H_SCRUM,
  H_A_WARHORSES, H_D_WARHORSES, H_N_INPUTS
};

/* The outputs of a round. */
enum { HO_A_HITS, HO_D_HITS, HO_D_CASUALTIES, HO_A_CASUALTIES, HO_SCRUM, HO_N };
enum { SCRUM_STAND, SCRUM_A_BACK, SCRUM_A_BACK_MAJOR, SCRUM_D_BACK, SCRUM_D_BACK_MAJOR };

G_END_DECLS
