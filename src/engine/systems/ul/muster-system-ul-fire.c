/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "muster-system-ul-private.h"

/*
 * Undying Lands shooting, TA3 (p.19–20): one vignette's die from the shooting table, the
 * modifiers in the book's order, the clamp at 0, then the Loose or Open Order fraction
 * rounded down (X7). The result is the target's IP loss.
 */

static const char * const weapon_ids[] = { "ssw", "srw", "lrw", "sbw", NULL };
static const char * const weapon_labels[] = {
  N_("SSW (10 cm)"), N_("SRW (20 cm)"), N_("LRW (40 cm)"), N_("SBW (3 cm, once per game)"), NULL
};
static const char * const shooter_ip_ids[] = { "intact", "half", "all", NULL };
static const char * const shooter_ip_labels[] = {
  N_("Reduced by less than 50%"), N_("Reduced by 50% or more"), N_("Reduced by 100% or more"), NULL
};
static const char * const column_ids[] = { "mounted", "le-be-co", NULL };
static const char * const column_labels[] = {
  N_("Mounted column (X3)"), N_("Le, Be, CO column"), NULL
};
static const char * const penalty_ids[] = { "replace", "add", NULL };
static const char * const penalty_labels[] = {
  N_("−2 replaces −1 (X5)"), N_("−1 and −2 add up"), NULL
};
static const char * const once_ids[] = { "once", "each", NULL };
static const char * const once_labels[] = {
  N_("Once even if both apply (X6)"), N_("Once for each that applies"), NULL
};

enum {
  IN_WEAPON, IN_PROFICIENCY, IN_SHOOTER_ORDER, IN_SHOOTER_IP, IN_TARGET_CLASS, IN_TARGET_ORDER,
  IN_AT_CHARGERS, IN_COVER, IN_LONG_RANGE, IN_UP_HILL, IN_CLOSE_MOUNTED, IN_PENALTIES,
  IN_DOUBLE_CONDITIONS, IN_TARGET_IP,
};
enum { OUT_IP_LOST, OUT_DISORDERED };
enum { P_N, P_MOD, P_NUMERATOR, P_DENOMINATOR, P_FACE, P_THRESHOLD };

static const MusterInputSpec shoot_inputs[] = {
  MUSTER_CHOICE_INPUT ("weapon", N_("Missile Weapon Class"), N_("The shooter's missile class"),
                       weapon_ids, weapon_labels, 1),
  MUSTER_CHOICE_INPUT ("proficiency", N_("Weapon Proficiency"),
                       N_("The shooter's proficiency class (M, D, S)"),
                       muster_ul_proficiency_ids, muster_ul_proficiency_labels, 1),
  MUSTER_CHOICE_INPUT ("shooter-order", N_("Shooter's order"),
                       N_("Loose Order shooters lose 25%, Open Order half, rounded down"),
                       muster_ul_order_ids, muster_ul_order_labels, MUSTER_UL_CLOSE),
  MUSTER_CHOICE_INPUT ("shooter-ip", N_("The shooter's IPs"),
                       N_("−1 if reduced by 50% or more, −2 if by 100% or more"),
                       shooter_ip_ids, shooter_ip_labels, 0),
  MUSTER_CHOICE_INPUT ("target-class", N_("Target's General Class"),
                       N_("Picks the Foot, Le-Be-CO or Mounted column"),
                       muster_ul_class_ids, muster_ul_class_labels, MUSTER_UL_FOOT),
  MUSTER_CHOICE_INPUT ("target-order", N_("Target's order"),
                       N_("+2 against Close Order, −2 against Open Order; Close Order Foot uses "
                          "the Le-Be-CO column"),
                       muster_ul_order_ids, muster_ul_order_labels, MUSTER_UL_LOOSE),
  MUSTER_BOOL_INPUT ("at-chargers", N_("Shooting at chargers that have moved into contact"),
                     N_("−2"), 0),
  MUSTER_BOOL_INPUT ("cover", N_("Shooting at troops in cover"),
                     N_("−2 (Woods and Built-up Areas); the same −2 as for an Open Order target"),
                     0),
  MUSTER_BOOL_INPUT ("long-range", N_("Shooting at long range"),
                     N_("−3; long range is over half the weapon's range"), 0),
  MUSTER_BOOL_INPUT ("up-hill", N_("Shooting up a Gentle Hill"),
                     N_("−3, the same row as long range"), 0),
  MUSTER_CHOICE_INPUT ("close-order-mounted", N_("Close Order Mounted target"),
                       N_("The book's columns both fit a Close Order Mounted target; the +2 for "
                          "Close Order applies either way"), column_ids, column_labels, 0),
  MUSTER_CHOICE_INPUT ("ip-penalties", N_("Shooter's IP penalties"),
                       N_("Whether the −1 (50%) and −2 (100%) rows add up"),
                       penalty_ids, penalty_labels, 0),
  MUSTER_CHOICE_INPUT ("double-conditions", N_("Rows with two conditions"),
                       N_("Cover or Open Order (−2), long range or up a Gentle Hill (−3): whether "
                          "a row counts once when both of its conditions hold"),
                       once_ids, once_labels, 0),
  MUSTER_INT_INPUT ("target-ip", N_("Target's Integrity Points"),
                    N_("At the start of the phase: losing half of them in one phase disorders "
                       "it"), 1, 120, 20),
};

static const char * const disorder_labels[] = { N_("No"), N_("Disordered"), NULL };

static const MusterOutputSpec shoot_outputs[] = {
  { .id = "ip-lost", .label = N_("IP lost by the target") },
  /* xgettext:no-c-format */
  { .id = "disordered", .label = N_("Target loses 50% of its IP"),
    .value_labels = disorder_labels },
};

static const char *
target_column (const int *values)
{
  switch (values[IN_TARGET_CLASS])
    {
    case MUSTER_UL_MOUNTED:
      return values[IN_TARGET_ORDER] == MUSTER_UL_CLOSE && values[IN_CLOSE_MOUNTED] == 1 ?
        "le-be-co" : "mounted";
    case MUSTER_UL_LEVIATHAN:
    case MUSTER_UL_BEHEMOTH:
      return "le-be-co";
    case MUSTER_UL_FOOT:
    default:
      return values[IN_TARGET_ORDER] == MUSTER_UL_CLOSE ? "le-be-co" : "foot";
    }
}

/* Adds the row's modifier @times times. */
static gboolean
add_modifier (const MusterRuleset  *ruleset,
              const char           *row,
              int                   times,
              int                  *total,
              GError              **error)
{
  return muster_table_add_int (ruleset, "shooting-modifiers", row, "value", times, total, error);
}

/* The number of times a row with two conditions counts. */
static int
row_count (const int *values,
           gboolean   first,
           gboolean   second)
{
  if (values[IN_DOUBLE_CONDITIONS] == 1)
    return (first != FALSE) + (second != FALSE);
  return first || second;
}

static gboolean
shoot_prepare (MusterUlPlay         *play,
               const MusterRuleset  *ruleset,
               const int            *values,
               GError              **error)
{
  g_autofree char *row = g_strdup_printf ("%s-%s", weapon_ids[values[IN_WEAPON]],
                                          muster_ul_proficiency_ids[values[IN_PROFICIENCY]]);
  const char *order = muster_ul_order_ids[values[IN_SHOOTER_ORDER]];
  gboolean adds = values[IN_PENALTIES] == 1;
  MusterUlDice die;
  int mod = 0;

  if (!_muster_ul_table_dice (ruleset, "shooting-dice", row, target_column (values), &die,
                              error)
      || !add_modifier (ruleset, "close-order-target", values[IN_TARGET_ORDER] == MUSTER_UL_CLOSE,
                        &mod, error)
      || !add_modifier (ruleset, "at-chargers", values[IN_AT_CHARGERS], &mod, error)
      || !add_modifier (ruleset, "cover-or-open",
                        row_count (values, values[IN_COVER],
                                   values[IN_TARGET_ORDER] == MUSTER_UL_OPEN),
                        &mod, error)
      || !add_modifier (ruleset, "shooter-half",
                        values[IN_SHOOTER_IP] == 1 || (adds && values[IN_SHOOTER_IP] == 2),
                        &mod, error)
      || !add_modifier (ruleset, "shooter-all", values[IN_SHOOTER_IP] == 2, &mod, error)
      || !add_modifier (ruleset, "long-range",
                        row_count (values, values[IN_LONG_RANGE], values[IN_UP_HILL]),
                        &mod, error)
      || !muster_table_read_int (ruleset, "order-scale", order, "shoot-numerator",
                                 &play->param[P_NUMERATOR], error)
      || !muster_table_read_int (ruleset, "order-scale", order, "shoot-denominator",
                                 &play->param[P_DENOMINATOR], error))
    return FALSE;
  if (play->param[P_NUMERATOR] < 0 || play->param[P_DENOMINATOR] <= 0)
    return _muster_ul_refuse (error, "the order-scale table's fraction for %s is not valid",
                              order);
  play->param[P_N] = die.n;
  play->param[P_MOD] = mod;
  /* Disordered by losing 50% of its IP in one phase (p.26): at least half, rounded up. */
  play->param[P_THRESHOLD] = (values[IN_TARGET_IP] + 1) / 2;
  play->param[P_FACE] = _muster_ul_play_add_dice (play, die);
  return TRUE;
}

static void
shoot_resolve (const MusterUlPlay *play,
               const int          *faces,
               int                *outcome)
{
  const int *p = play->param;
  int x = _muster_ul_sum_faces (faces, p[P_FACE], p[P_N]) + p[P_MOD];

  x = MAX (x, 0);
  outcome[OUT_IP_LOST] = x * p[P_NUMERATOR] / p[P_DENOMINATOR];
  outcome[OUT_DISORDERED] = outcome[OUT_IP_LOST] >= p[P_THRESHOLD];
}

static void
shoot_exact (const MusterUlPlay  *play,
             const int           *values,
             MusterDist         **outputs)
{
  g_autoptr(MusterDist) roll = NULL;
  g_autoptr(MusterDist) clamped = NULL;
  MusterUlDice die;

  die.n = play->param[P_N];
  die.sides = play->layout.face_max[play->param[P_FACE]];
  roll = _muster_ul_dice_dist (die);
  clamped = muster_dist_shift_clamp (roll, play->param[P_MOD], 0, MUSTER_DIST_MAX_VALUE);
  outputs[OUT_IP_LOST] = muster_dist_scale (clamped, play->param[P_NUMERATOR],
                                            play->param[P_DENOMINATOR], MUSTER_ROUND_DOWN);
  outputs[OUT_DISORDERED] = muster_dist_map_at_least (outputs[OUT_IP_LOST],
                                                      play->param[P_THRESHOLD]);
}

const MusterProcedure muster_ul_shoot = {
  .system = MUSTER_UL_SYSTEM,
  .id = "shoot",
  .name = N_("Shoot"),
  .summary = N_("One vignette's shooting (TA3): the IP its target loses"),
  MUSTER_PROCEDURE_INPUT_SPECS (shoot_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (shoot_outputs),
  MUSTER_UL_PLAY_HOOKS,
};

const MusterUlPlayClass _muster_ul_shoot_class = {
  .procedure = &muster_ul_shoot,
  .prepare = shoot_prepare,
  .resolve = shoot_resolve,
  .exact = shoot_exact,
};
