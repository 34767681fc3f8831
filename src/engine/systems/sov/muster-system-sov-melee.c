/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-sov"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "muster-engine-error.h"
#include "muster-system-sov-melee-private.h"

/*
 * Standards of Valor close combat: one hand-to-hand round with its scrum test (§4.10.3), exact.
 * The whole close assault is simulated in muster-system-sov-assault.c.
 */

const char * const muster_sov_penetration_ids[] = { "detailed", "summary", NULL };
const char * const muster_sov_penetration_labels[] = {
  N_("Detailed: Impact against Armor per potential hit"),
  N_("Summary: one roll per side, half or all hits wound"), NULL
};
const char * const muster_sov_shield_wall_ids[] = { "attacker-down", "defender-up", NULL };
const char * const muster_sov_shield_wall_labels[] = {
  N_("The opponent's Quality Die −1 (open shift)"), N_("The shield wall's own Quality Die +1"), NULL
};
const char * const muster_sov_ratio_table_ids[] = { "corrected", "printed", NULL };
const char * const muster_sov_ratio_table_labels[] = {
  N_("Upper triangle and its inverses"), N_("As printed"), NULL
};
const char * const muster_sov_scrum_ids[] = { "normalised", "raw", NULL };
const char * const muster_sov_scrum_labels[] = {
  N_("Each ratio normalised to a smaller term of 1"),
  N_("Raw counts: casualties inflicted + ranks"), NULL
};

static const MusterInputSpec hth_inputs[] = { HTH_INPUTS };

G_STATIC_ASSERT (G_N_ELEMENTS (hth_inputs) == H_N_INPUTS);

static const char * const scrum_result_labels[] = {
  N_("Both stand"), N_("Attacker falls back"), N_("Attacker falls back (major failure)"),
  N_("Defender falls back"), N_("Defender falls back (major failure)"), NULL
};


static const MusterOutputSpec hth_outputs[] = {
  { .id = "attacker-hits", .label = N_("Attacker's potential hits") },
  { .id = "defender-hits", .label = N_("Defender's potential hits") },
  { .id = "defender-casualties", .label = N_("Defender's casualties") },
  { .id = "attacker-casualties", .label = N_("Attacker's casualties") },
  { .id = "scrum", .label = N_("Scrum"), .value_labels = scrum_result_labels },
};

/* One side of the round, ready to roll. */
typedef struct
{
  int dice, sides;      /* the pool */
  int extra, extra_sides, extra_impact;   /* Warhorses: extra dice one step lower, Impact D6 */
  int impact, armour;   /* its Impact against the enemy; its own Armor Die */
  int ranks;            /* counted for the scrum */
  int quality, lv;      /* its unmodified Quality Die and LV, for the scrum test */
} Side;

typedef struct
{
  Side     a, d;
  int      figure_ratio;
  gboolean summary;
  gboolean raw_scrum;
  gboolean charged;
} HthSetup;

/**
 * _muster_sov_force_ratio_dice:
 *
 * The dice of each side for a force ratio @attacker : @defender (§4.10.3 [default]): 1:1 and
 * 3:2 stay; otherwise the larger term is rounded down to a whole n:1. The smaller side rolls 2
 * dice, the larger 2, 3 or 2n.
 */
void
_muster_sov_force_ratio_dice (int  attacker,
                              int  defender,
                              int *attacker_dice,
                              int *defender_dice)
{
  int big = MAX (attacker, defender), small = MIN (attacker, defender);
  int n;

  if (big >= 2 * small)
    n = 2 * (big / small);
  else if (2 * big >= 3 * small)
    n = 3;
  else
    n = 2;
  *attacker_dice = attacker >= defender ? n : 2;
  *defender_dice = attacker >= defender ? 2 : n;
}

static gboolean
parse_ratio (const char  *text,
             int         *left,
             int         *right)
{
  return text != NULL && sscanf (text, "%d:%d", left, right) == 2 && *left > 0 && *right > 0;
}

/* A side's multiple in the force ratio: effective Reach ranks for infantry (§9 #7). */
static int
rank_multiple (gboolean cavalry,
               int      formation,
               int      reach,
               int      suppression)
{
  if (cavalry || formation == 2)
    return 1;
  if (formation == 1)
    return MAX (1, reach / 2 - suppression);
  return MAX (1, reach - suppression);
}

/* Ranks counted in the scrum (§4.10.3 Step 5): Close Order infantry all, Open Order infantry
 * and Close Order cavalry half, skirmishers none. Open Order cavalry is not listed: none. */
static int
scrum_ranks (gboolean cavalry,
             int      formation,
             int      ranks)
{
  if (formation == 0)
    return cavalry ? ranks / 2 : ranks;
  if (formation == 1 && !cavalry)
    return ranks / 2;
  return 0;
}

/* Applies both sides' open shifts (§0.2): steps past either end of the chain move the
 * opponent's die the other way. */
static void
open_shifts (int *a,
             int *b,
             int  shift_a,
             int  shift_b)
{
  int ia = *a + shift_a, ib = *b + shift_b;

  if (ia > MUSTER_SOV_D12)
    ib -= ia - MUSTER_SOV_D12;
  else if (ia < 0)
    ib -= ia;
  if (ib > MUSTER_SOV_D12)
    ia -= ib - MUSTER_SOV_D12;
  else if (ib < 0)
    ia -= ib;
  *a = CLAMP (ia, 0, MUSTER_SOV_D12);
  *b = CLAMP (ib, 0, MUSTER_SOV_D12);
}

static gboolean
hth_prepare (const MusterRuleset  *ruleset,
             const int            *values,
             gpointer              setup,
             GError              **error)
{
  HthSetup *s = setup;
  gboolean a_cav = values[H_A_ARM] == 1, d_cav = values[H_D_ARM] == 1;
  const char *a_weapon = muster_sov_weapon_ids[values[H_A_WEAPON]];
  const char *d_weapon = muster_sov_weapon_ids[values[H_D_WEAPON]];
  g_autofree char *a_column = g_strdup_printf ("%s-%s",
                                               muster_sov_formation_ids[values[H_A_FORMATION]],
                                               muster_sov_arm_ids[values[H_A_ARM]]);
  g_autofree char *d_column = g_strdup_printf ("%s-%s",
                                               muster_sov_formation_ids[values[H_D_FORMATION]],
                                               muster_sov_arm_ids[values[H_D_ARM]]);
  const char *table = values[H_RATIO_TABLE] == 0 ? "force-ratio" : "force-ratio-printed";
  const char *ratio;
  double a_reach, d_reach;
  int left, right, a_index, d_index, a_shift = 0, d_shift = 0;
  gboolean a_charging = values[H_CHARGING] || values[H_COUNTER_CHARGE];
  gboolean d_charging = values[H_COUNTER_CHARGE];
  gboolean defender_up = values[H_SHIELD_WALL_READING] == 1;
  /* Two skirmish units in contact are a Melee (§4.10.3). */
  gboolean melee = values[H_A_FORMATION] == 2 && values[H_D_FORMATION] == 2;
  /* Integrity order for overlaps: Close > Open > Skirmish. */
  int a_integrity = 2 - values[H_A_FORMATION], d_integrity = 2 - values[H_D_FORMATION];

  *s = (HthSetup) { 0 };
  if (!_muster_sov_quality_die (ruleset, values[H_A_QUALITY], &s->a.quality, error)
      || !_muster_sov_quality_die (ruleset, values[H_D_QUALITY], &s->d.quality, error)
      || !muster_table_read_int (ruleset, "armour", muster_sov_armour_ids[values[H_A_ARMOUR]],
                                 "die", &s->a.armour, error)
      || !muster_table_read_int (ruleset, "armour", muster_sov_armour_ids[values[H_D_ARMOUR]],
                                 "die", &s->d.armour, error)
      || !muster_table_read_int (ruleset, "hand-to-hand-weapons", a_weapon, "impact",
                                 &s->a.impact, error)
      || !muster_table_read_int (ruleset, "hand-to-hand-weapons", d_weapon, "impact",
                                 &s->d.impact, error)
      || !muster_table_read_number (ruleset, "hand-to-hand-weapons", a_weapon, "reach", &a_reach,
                                    error)
      || !muster_table_read_number (ruleset, "hand-to-hand-weapons", d_weapon, "reach", &d_reach,
                                    error)
      || !muster_table_read_text (ruleset, table, a_column, d_column, &ratio, error))
    return FALSE;
  if (!parse_ratio (ratio, &left, &right))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   _("table “%s”, “%s”, “%s”: “%s” is not a ratio a:b"), table, a_column, d_column,
                   ratio ? ratio : "-");
      return FALSE;
    }

  /* Step 1: the force ratio and the dice. */
  left *= rank_multiple (a_cav, values[H_A_FORMATION], (int) a_reach,
                         values[H_A_SUPPRESSION]) * values[H_A_WRAP];
  right *= rank_multiple (d_cav, values[H_D_FORMATION], (int) d_reach, values[H_D_SUPPRESSION]);
  _muster_sov_force_ratio_dice (left, right, &s->a.dice, &s->d.dice);

  /* Die types: each side's Quality Die with open shifts. */
  {
    /* Each side's open shifts (§4.10.3 Step 1): a row of hand-to-hand-shifts, how often it
     * applies, and whose die it moves. */
    const struct { const char *row; int times; int *shift; } shifts[] = {
      { "charging", a_charging, &a_shift },
      { "charging", d_charging, &d_shift },
      { "shield-wall", values[H_D_SHIELD_WALL] && !defender_up, &a_shift },
      { "shield-wall", values[H_A_SHIELD_WALL] && !defender_up, &d_shift },
      { "soft-cover", values[H_D_COVER] == 1, &a_shift },
      { "hard-cover", values[H_D_COVER] == 2, &a_shift },
      { "reach", MAX (0, (int) (d_reach - a_reach)), &a_shift },
      { "reach", MAX (0, (int) (a_reach - d_reach)), &d_shift },
      { "overlap", a_integrity >= d_integrity ? values[H_A_OVERLAP] : 0, &a_shift },
      { "overlap", d_integrity >= a_integrity ? values[H_D_OVERLAP] : 0, &d_shift },
      { "melee-long-weapon", melee && !a_cav && a_reach > 1, &a_shift },
      { "melee-long-weapon", melee && !d_cav && d_reach > 1, &d_shift },
    };

    for (guint i = 0; i < G_N_ELEMENTS (shifts); i++)
      if (!_muster_sov_add_shift (ruleset, "hand-to-hand-shifts", shifts[i].row,
                                  shifts[i].times, shifts[i].shift, error))
        return FALSE;
  }
  /* The variant reading: the shield wall raises its own side's die instead (§9 #6). */
  if (defender_up)
    {
      d_shift += values[H_D_SHIELD_WALL];
      a_shift += values[H_A_SHIELD_WALL];
    }
  a_index = _muster_sov_die_index (s->a.quality);
  d_index = _muster_sov_die_index (s->d.quality);
  open_shifts (&a_index, &d_index, a_shift, d_shift);
  s->a.sides = _muster_sov_die_sides (a_index);
  s->d.sides = _muster_sov_die_sides (d_index);

  /* Warhorses add the cavalry's share of dice again, one step lower, with Impact D6. */
  if ((values[H_A_WARHORSES] && !a_cav) || (values[H_D_WARHORSES] && !d_cav))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("only cavalry have Warhorses"));
      return FALSE;
    }
  s->a.extra = values[H_A_WARHORSES] ? s->a.dice : 0;
  s->d.extra = values[H_D_WARHORSES] ? s->d.dice : 0;
  s->a.extra_sides = _muster_sov_closed_shift (s->a.sides, -1);
  s->d.extra_sides = _muster_sov_closed_shift (s->d.sides, -1);
  s->a.extra_impact = s->d.extra_impact = 6;

  /* Impact: lances D12 on the first charge, cavalry spears +1 charging (§2.3). */
  if (a_cav && values[H_CHARGING] && values[H_FIRST_CHARGE] && g_str_equal (a_weapon, "lance"))
    s->a.impact = 12;
  else if (a_cav && values[H_CHARGING]
           && (g_str_equal (a_weapon, "spear") || g_str_equal (a_weapon, "long-spear")))
    s->a.impact = _muster_sov_closed_shift (s->a.impact, 1);
  /* Era: armour of armoured figures shifts against more advanced weapons (§2.1). */
  if (values[H_D_ARMOUR] > 0)
    s->d.armour = _muster_sov_closed_shift (s->d.armour, -values[H_ERA]);
  if (values[H_A_ARMOUR] > 0)
    s->a.armour = _muster_sov_closed_shift (s->a.armour, values[H_ERA]);

  s->figure_ratio = values[H_FIGURE_RATIO];
  s->summary = values[H_PENETRATION] == 1;
  s->raw_scrum = values[H_SCRUM] == 1;
  s->charged = values[H_CHARGING] || values[H_COUNTER_CHARGE];
  s->a.lv = values[H_A_LV];
  s->d.lv = values[H_D_LV];
  if (values[H_ROUGH] || values[H_D_COVER] == 2)
    s->a.ranks = s->d.ranks = 0;
  else
    {
      s->a.ranks = scrum_ranks (a_cav, values[H_A_FORMATION], values[H_A_RANKS]);
      s->d.ranks = scrum_ranks (d_cav, values[H_D_FORMATION], values[H_D_RANKS]);
    }

  if (2 * (s->a.dice + s->a.extra + s->d.dice + s->d.extra) * (1 + s->figure_ratio) + 10
      > MUSTER_FACES_MAX)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("a force ratio of %d:%d with %d figures per die is beyond this preview"), left,
                   right, s->figure_ratio);
      return FALSE;
    }
  return TRUE;
}

/* The penetration rolls of one group of dice (a side's own, or its warhorses'): a pair of
 * Impact and Armor per potential hit, or one pair in the summary method; none without dice. */
static int
group_pairs (const HthSetup *s,
             int             dice)
{
  if (dice == 0)
    return 0;
  return s->summary ? 1 : dice * s->figure_ratio;
}

/* Faces: the attacker's pool and warhorse dice, the defender's; then the penetration pairs of
 * the attacker's own hits, its warhorses', the defender's own and its warhorses'; then the
 * scrum test's die of each side. */
static void
hth_layout (gconstpointer      setup,
            MusterFaceLayout  *layout)
{
  const HthSetup *s = setup;
  const struct { int count, sides; } dice[] = {
    { s->a.dice, s->a.sides }, { s->a.extra, s->a.extra_sides },
    { s->d.dice, s->d.sides }, { s->d.extra, s->d.extra_sides },
  };
  const struct { int pairs, impact, armour; } groups[] = {
    { group_pairs (s, s->a.dice), s->a.impact, s->d.armour },
    { group_pairs (s, s->a.extra), s->a.extra_impact, s->d.armour },
    { group_pairs (s, s->d.dice), s->d.impact, s->a.armour },
    { group_pairs (s, s->d.extra), s->d.extra_impact, s->a.armour },
  };

  for (guint g = 0; g < G_N_ELEMENTS (dice); g++)
    for (int i = 0; i < dice[g].count; i++)
      muster_face_layout_add_dice (layout, 1, dice[g].sides);
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    for (int i = 0; i < groups[g].pairs; i++)
      {
        muster_face_layout_add_dice (layout, 1, groups[g].impact);
        muster_face_layout_add_dice (layout, 1, groups[g].armour);
      }
  muster_face_layout_add_dice (layout, 1, s->a.quality);
  muster_face_layout_add_dice (layout, 1, s->d.quality);
}

/* Summary penetration: none, half (rounded down, §9 #25) or all of the hits wound. */
static int
summary_wounds (int hits,
                int impact,
                int armour)
{
  if (impact >= 2 * armour)
    return hits;
  if (impact > armour)
    return hits / 2;
  return 0;
}

/* The scrum (§4.10.3 Step 5): which side tests, and at which TL. Returns -1 when nobody tests,
 * 0 for the attacker, 1 for the defender. */
static int
scrum_loser (const HthSetup *s,
             int             a_inflicted,
             int             d_inflicted,
             int            *tl)
{
  double a_score, d_score;

  if (s->raw_scrum)
    {
      a_score = a_inflicted + s->a.ranks;
      d_score = d_inflicted + s->d.ranks;
    }
  else
    {
      /* Each ratio scaled so that its smaller term is 1; a zero term stays 0. */
      int cas_min = MIN (a_inflicted, d_inflicted), rank_min = MIN (s->a.ranks, s->d.ranks);
      double cas_div = cas_min > 0 ? cas_min : 1, rank_div = rank_min > 0 ? rank_min : 1;

      a_score = a_inflicted / cas_div + s->a.ranks / rank_div;
      d_score = d_inflicted / cas_div + s->d.ranks / rank_div;
    }
  /* "A minimum of 1" for a side with nothing inflicted and no ranks. */
  a_score = MAX (a_score, 1);
  d_score = MAX (d_score, 1);

  if (fabs (a_score - d_score) < 1e-9)
    {
      /* On a tie the side that received a charge this turn tests at TL +0. */
      *tl = 0;
      return s->charged ? 1 : -1;
    }
  if (a_score > d_score)
    {
      *tl = (int) floor (a_score / d_score + 1e-9);
      return 1;
    }
  *tl = (int) floor (d_score / a_score + 1e-9);
  return 0;
}

static int
scrum_result (const HthSetup *s,
              int             a_inflicted,
              int             d_inflicted,
              const int      *test_faces)
{
  int tl, result;
  int loser = scrum_loser (s, a_inflicted, d_inflicted, &tl);

  if (loser < 0)
    return SCRUM_STAND;
  if (loser == 0)
    result = _muster_sov_test_result (test_faces[0], s->a.lv + tl);
  else
    result = _muster_sov_test_result (test_faces[1], s->d.lv + tl);
  if (result == MUSTER_SOV_TEST_PASS)
    return SCRUM_STAND;
  return (loser == 0 ? SCRUM_A_BACK : SCRUM_D_BACK)
         + (result == MUSTER_SOV_TEST_MAJOR_FAILURE);
}

/* The wounds of @hits potential hits from @pen, the group's pairs. */
static int
group_wounds (const HthSetup *s,
              int             hits,
              const int      *pen)
{
  int wounds = 0;

  if (hits == 0)
    return 0;
  if (s->summary)
    return summary_wounds (hits, pen[0], pen[1]);
  for (int i = 0; i < hits; i++)
    wounds += pen[2 * i] > pen[2 * i + 1];
  return wounds;
}

static int
pool_min (const int *dice,
          int        n)
{
  int low = G_MAXINT;

  for (int i = 0; i < n; i++)
    low = MIN (low, dice[i]);
  return low;
}

static int
count_above (const int *dice,
             int        n,
             int        threshold)
{
  int count = 0;

  for (int i = 0; i < n; i++)
    count += dice[i] > threshold;
  return count;
}

static void
hth_resolve (gconstpointer  setup,
             const int     *faces,
             int           *outcome)
{
  const HthSetup *s = setup;
  int na = s->a.dice + s->a.extra, nd = s->d.dice + s->d.extra;
  const int *a = faces, *d = faces + na, *pen = faces + na + nd;
  int a_min = pool_min (a, na), d_min = pool_min (d, nd);
  /* Step 2: each die that beats at least one opposing die scores. */
  int a_own = count_above (a, s->a.dice, d_min) * s->figure_ratio;
  int a_horse = count_above (a + s->a.dice, s->a.extra, d_min) * s->figure_ratio;
  int d_own = count_above (d, s->d.dice, a_min) * s->figure_ratio;
  int d_horse = count_above (d + s->d.dice, s->d.extra, a_min) * s->figure_ratio;
  int pairs[4] = {
    group_pairs (s, s->a.dice), group_pairs (s, s->a.extra),
    group_pairs (s, s->d.dice), group_pairs (s, s->d.extra),
  };
  const int *group = pen;
  int d_cas, a_cas;

  /* Step 3, group by group. */
  d_cas = group_wounds (s, a_own, group);
  group += 2 * pairs[0];
  d_cas += group_wounds (s, a_horse, group);
  group += 2 * pairs[1];
  a_cas = group_wounds (s, d_own, group);
  group += 2 * pairs[2];
  a_cas += group_wounds (s, d_horse, group);
  group += 2 * pairs[3];

  outcome[HO_A_HITS] = a_own + a_horse;
  outcome[HO_D_HITS] = d_own + d_horse;
  outcome[HO_D_CASUALTIES] = d_cas;
  outcome[HO_A_CASUALTIES] = a_cas;
  outcome[HO_SCRUM] = scrum_result (s, d_cas, a_cas, group);
}

const MusterSovPlay muster_sov_hand_to_hand_play = {
  hth_prepare, hth_layout, hth_resolve,
};

/* P(all n dice ≥ x and exactly k of them > y), for dice of @sides; 1 for no dice and k = 0. */
static double
pool_at_least (int           n,
               int           sides,
               int           x,
               int           y,
               int           k,
               const double *binomial)
{
  double above = MAX (0, sides - MAX (y, x - 1)) / (double) sides;
  double between = MAX (0, MIN (y, sides) - x + 1) / (double) sides;

  if (n == 0)
    return k == 0;
  if (x > sides)
    return 0;
  return binomial[k] * pow (above, k) * pow (between, n - k);
}

/* P(the side's lowest die is x, k1 of its own dice and k2 of its warhorse dice beat y). */
static double
side_min_beats (const Side   *side,
                int           x,
                int           y,
                int           k1,
                int           k2,
                const double *own,
                const double *extra)
{
  return pool_at_least (side->dice, side->sides, x, y, k1, own)
         * pool_at_least (side->extra, side->extra_sides, x, y, k2, extra)
         - pool_at_least (side->dice, side->sides, x + 1, y, k1, own)
           * pool_at_least (side->extra, side->extra_sides, x + 1, y, k2, extra);
}

static double *
binomial_row (int n)
{
  double *row = g_new (double, n + 1);

  row[0] = 1;
  for (int k = 1; k <= n; k++)
    row[k] = row[k - 1] * (n - k + 1) / k;
  return row;
}

/* The wounds of @hits potential hits (Step 3), as a distribution. */
static MusterDist *
wounds_given_hits (const HthSetup *s,
                   int             hits,
                   int             impact,
                   int             armour)
{
  if (!s->summary)
    return muster_dist_new_binomial (hits, _muster_sov_p_greater (impact, armour));
  else
    {
      g_autofree double *weights = g_new0 (double, hits + 1);

      for (int i = 1; i <= impact; i++)
        for (int a = 1; a <= armour; a++)
          weights[summary_wounds (hits, i, a)] += 1.0 / ((double) impact * armour);
      return muster_dist_new_from_weights (0, weights, hits + 1);
    }
}

/* A side's wounds on its enemy from k1 own and k2 warhorse scoring dice. */
static MusterDist *
side_wounds (const HthSetup *s,
             const Side     *side,
             int             enemy_armour,
             int             k1,
             int             k2)
{
  g_autoptr(MusterDist) own = wounds_given_hits (s, k1 * s->figure_ratio, side->impact,
                                                 enemy_armour);
  g_autoptr(MusterDist) horses = wounds_given_hits (s, k2 * s->figure_ratio,
                                                    side->extra_impact, enemy_armour);

  return muster_dist_add (own, horses);
}

/* The scrum test's result law for one pair of casualty counts. */
static void
add_scrum (const HthSetup *s,
           int             d_cas,
           int             a_cas,
           double          p,
           double         *scrum)
{
  int tl, loser = scrum_loser (s, d_cas, a_cas, &tl);
  const Side *side;
  int back;

  if (loser < 0)
    {
      scrum[SCRUM_STAND] += p;
      return;
    }
  side = loser == 0 ? &s->a : &s->d;
  back = loser == 0 ? SCRUM_A_BACK : SCRUM_D_BACK;
  for (int roll = 1; roll <= side->quality; roll++)
    {
      int result = _muster_sov_test_result (roll, side->lv + tl);

      if (result == MUSTER_SOV_TEST_PASS)
        scrum[SCRUM_STAND] += p / side->quality;
      else
        scrum[back + (result == MUSTER_SOV_TEST_MAJOR_FAILURE)] += p / side->quality;
    }
}

static gboolean
hth_exact (const MusterProcedure  *procedure,
           const MusterRuleset    *ruleset,
           const int              *values,
           MusterDist            **outputs,
           GError                **error)
{
  HthSetup s;
  g_autofree double *a_own = NULL, *a_extra = NULL, *d_own = NULL, *d_extra = NULL;
  g_autofree double *beats = NULL, *a_hits = NULL, *d_hits = NULL, *a_cas = NULL;
  g_autofree double *d_cas = NULL;
  double scrum[5] = { 0 };
  int na1, na2, nd1, nd2, max_a, max_d, a_top, d_top;

  if (!hth_prepare (ruleset, values, &s, error))
    return FALSE;
  na1 = s.a.dice, na2 = s.a.extra, nd1 = s.d.dice, nd2 = s.d.extra;
  a_own = binomial_row (na1);
  a_extra = binomial_row (na2);
  d_own = binomial_row (nd1);
  d_extra = binomial_row (nd2);
  a_top = MAX (s.a.sides, s.a.extra_sides);
  d_top = MAX (s.d.sides, s.d.extra_sides);

  /* The joint law of the scoring dice of both pools, through the two minimums. */
#define BEATS(ka1, ka2, kd1, kd2) \
  beats[(((ka1) * (na2 + 1) + (ka2)) * (nd1 + 1) + (kd1)) * (nd2 + 1) + (kd2)]
  beats = g_new0 (double, (na1 + 1) * (na2 + 1) * (nd1 + 1) * (nd2 + 1));
  for (int x = 1; x <= a_top; x++)
    for (int y = 1; y <= d_top; y++)
      for (int ka1 = 0; ka1 <= na1; ka1++)
        for (int ka2 = 0; ka2 <= na2; ka2++)
          {
            double pa = side_min_beats (&s.a, x, y, ka1, ka2, a_own, a_extra);

            if (pa == 0)
              continue;
            for (int kd1 = 0; kd1 <= nd1; kd1++)
              for (int kd2 = 0; kd2 <= nd2; kd2++)
                BEATS (ka1, ka2, kd1, kd2) += pa * side_min_beats (&s.d, y, x, kd1, kd2, d_own,
                                                                   d_extra);
          }

  max_d = (na1 + na2) * s.figure_ratio;
  max_a = (nd1 + nd2) * s.figure_ratio;
  a_hits = g_new0 (double, max_d + 1);
  d_hits = g_new0 (double, max_a + 1);
  d_cas = g_new0 (double, max_d + 1);
  a_cas = g_new0 (double, max_a + 1);

  for (int ka1 = 0; ka1 <= na1; ka1++)
    for (int ka2 = 0; ka2 <= na2; ka2++)
      {
        g_autoptr(MusterDist) d_wounds = side_wounds (&s, &s.a, s.d.armour, ka1, ka2);

        for (int kd1 = 0; kd1 <= nd1; kd1++)
          for (int kd2 = 0; kd2 <= nd2; kd2++)
            {
              double p = BEATS (ka1, ka2, kd1, kd2);
              g_autoptr(MusterDist) a_wounds = NULL;

              if (p == 0)
                continue;
              a_wounds = side_wounds (&s, &s.d, s.a.armour, kd1, kd2);
              a_hits[(ka1 + ka2) * s.figure_ratio] += p;
              d_hits[(kd1 + kd2) * s.figure_ratio] += p;
              for (int cd = 0; cd <= muster_dist_get_max (d_wounds); cd++)
                {
                  double pd = p * muster_dist_get_prob (d_wounds, cd);

                  if (pd == 0)
                    continue;
                  for (int ca = 0; ca <= muster_dist_get_max (a_wounds); ca++)
                    {
                      double pj = pd * muster_dist_get_prob (a_wounds, ca);

                      if (pj == 0)
                        continue;
                      d_cas[cd] += pj;
                      a_cas[ca] += pj;
                      add_scrum (&s, cd, ca, pj, scrum);
                    }
                }
            }
      }
#undef BEATS

  outputs[HO_A_HITS] = muster_dist_new_from_weights (0, a_hits, max_d + 1);
  outputs[HO_D_HITS] = muster_dist_new_from_weights (0, d_hits, max_a + 1);
  outputs[HO_D_CASUALTIES] = muster_dist_new_from_weights (0, d_cas, max_d + 1);
  outputs[HO_A_CASUALTIES] = muster_dist_new_from_weights (0, a_cas, max_a + 1);
  outputs[HO_SCRUM] = muster_dist_new_from_weights (0, scrum, 5);
  return TRUE;
}

const MusterProcedure muster_sov_hand_to_hand = {
  .system = MUSTER_SOV_SYSTEM,
  .id = "hand-to-hand",
  .name = N_("Hand-to-hand round"),
  .summary = N_("Dice pools from the force ratio, each die beating one opposing die scores; Impact "
                "against Armor; then the scrum: the side with the lower casualty-plus-rank score "
                "tests Confidence."),
  MUSTER_PROCEDURE_INPUT_SPECS (hth_inputs),
  MUSTER_PROCEDURE_OUTPUT_SPECS (hth_outputs),
  .exact = hth_exact,
  MUSTER_SOV_PLAY_SAMPLERS,
};
