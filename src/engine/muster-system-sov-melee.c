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
  "Detailed: Impact against Armor per potential hit",
  "Summary: one roll per side, half or all hits wound", NULL
};
const char * const muster_sov_shield_wall_ids[] = { "attacker-down", "defender-up", NULL };
const char * const muster_sov_shield_wall_labels[] = {
  "The opponent's Quality Die −1 (open shift)", "The shield wall's own Quality Die +1", NULL
};
const char * const muster_sov_ratio_table_ids[] = { "corrected", "printed", NULL };
const char * const muster_sov_ratio_table_labels[] = {
  "Upper triangle and its inverses", "As printed", NULL
};
const char * const muster_sov_scrum_ids[] = { "normalised", "raw", NULL };
const char * const muster_sov_scrum_labels[] = {
  "Each ratio normalised to a smaller term of 1", "Raw counts: casualties inflicted + ranks", NULL
};

static const MusterInputSpec hth_inputs[] = { HTH_INPUTS };

G_STATIC_ASSERT (G_N_ELEMENTS (hth_inputs) == H_N_INPUTS);

static const char * const scrum_result_labels[] = {
  "Both stand", "Attacker falls back", "Attacker falls back (major failure)",
  "Defender falls back", "Defender falls back (major failure)", NULL
};


static const MusterOutputSpec hth_outputs[] = {
  { "attacker-hits", "Attacker's potential hits", NULL },
  { "defender-hits", "Defender's potential hits", NULL },
  { "defender-casualties", "Defender's casualties", NULL },
  { "attacker-casualties", "Attacker's casualties", NULL },
  { "scrum", "Scrum", scrum_result_labels },
};

/* One side of the round, ready to roll. */
typedef struct
{
  int dice, sides;      /* the pool */
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
  /* Integrity order for overlaps: Close > Open > Skirmish. */
  int a_integrity = 2 - values[H_A_FORMATION], d_integrity = 2 - values[H_D_FORMATION];

  *s = (HthSetup) { 0 };
  if (!_muster_sov_quality_die (ruleset, values[H_A_QUALITY], &s->a.quality, error)
      || !_muster_sov_quality_die (ruleset, values[H_D_QUALITY], &s->d.quality, error)
      || !_muster_sov_table_die (ruleset, "armour", muster_sov_armour_ids[values[H_A_ARMOUR]],
                                 "die", &s->a.armour, error)
      || !_muster_sov_table_die (ruleset, "armour", muster_sov_armour_ids[values[H_D_ARMOUR]],
                                 "die", &s->d.armour, error)
      || !_muster_sov_table_die (ruleset, "hand-to-hand-weapons", a_weapon, "impact",
                                 &s->a.impact, error)
      || !_muster_sov_table_die (ruleset, "hand-to-hand-weapons", d_weapon, "impact",
                                 &s->d.impact, error)
      || !_muster_sov_table_number (ruleset, "hand-to-hand-weapons", a_weapon, "reach", &a_reach,
                                    error)
      || !_muster_sov_table_number (ruleset, "hand-to-hand-weapons", d_weapon, "reach", &d_reach,
                                    error)
      || !_muster_sov_table_text (ruleset, table, a_column, d_column, &ratio, error))
    return FALSE;
  if (!parse_ratio (ratio, &left, &right))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                   "table “%s”, “%s”, “%s”: “%s” is not a ratio a:b", table, a_column, d_column,
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
  s->a.sides = muster_sov_die_sides (a_index);
  s->d.sides = muster_sov_die_sides (d_index);

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

  if (2 * (s->a.dice + s->d.dice) * (1 + s->figure_ratio) + 4 > MUSTER_SOV_MAX_FACES)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   "a force ratio of %d:%d with %d figures per die is beyond this preview", left,
                   right, s->figure_ratio);
      return FALSE;
    }
  return TRUE;
}

/* Faces: the attacker's pool, the defender's pool, then Impact and Armor for each potential
 * hit of the attacker and of the defender (one pair each in the summary method), then the
 * scrum test's die of each side. */
static guint
hth_layout (gconstpointer  setup,
            int           *sizes)
{
  const HthSetup *s = setup;
  int n = 0;
  int a_pairs = s->summary ? 1 : s->a.dice * s->figure_ratio;
  int d_pairs = s->summary ? 1 : s->d.dice * s->figure_ratio;

  for (int i = 0; i < s->a.dice; i++)
    sizes[n++] = s->a.sides;
  for (int i = 0; i < s->d.dice; i++)
    sizes[n++] = s->d.sides;
  for (int i = 0; i < a_pairs; i++)
    {
      sizes[n++] = s->a.impact;
      sizes[n++] = s->d.armour;
    }
  for (int i = 0; i < d_pairs; i++)
    {
      sizes[n++] = s->d.impact;
      sizes[n++] = s->a.armour;
    }
  sizes[n++] = s->a.quality;
  sizes[n++] = s->d.quality;
  return n;
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

static void
hth_resolve (gconstpointer  setup,
             const int     *faces,
             int           *outcome)
{
  const HthSetup *s = setup;
  const int *a = faces, *d = faces + s->a.dice, *pen = faces + s->a.dice + s->d.dice;
  int a_min = G_MAXINT, d_min = G_MAXINT, a_beats = 0, d_beats = 0;
  int a_hits, d_hits, d_cas = 0, a_cas = 0, a_pairs, d_pairs;

  for (int i = 0; i < s->a.dice; i++)
    a_min = MIN (a_min, a[i]);
  for (int i = 0; i < s->d.dice; i++)
    d_min = MIN (d_min, d[i]);
  /* Step 2: each die that beats at least one opposing die scores. */
  for (int i = 0; i < s->a.dice; i++)
    a_beats += a[i] > d_min;
  for (int i = 0; i < s->d.dice; i++)
    d_beats += d[i] > a_min;
  a_hits = a_beats * s->figure_ratio;
  d_hits = d_beats * s->figure_ratio;

  /* Step 3. */
  a_pairs = s->summary ? 1 : s->a.dice * s->figure_ratio;
  d_pairs = s->summary ? 1 : s->d.dice * s->figure_ratio;
  if (s->summary)
    {
      d_cas = summary_wounds (a_hits, pen[0], pen[1]);
      a_cas = summary_wounds (d_hits, pen[2], pen[3]);
    }
  else
    {
      for (int i = 0; i < a_hits; i++)
        d_cas += pen[2 * i] > pen[2 * i + 1];
      for (int i = 0; i < d_hits; i++)
        a_cas += pen[2 * a_pairs + 2 * i] > pen[2 * a_pairs + 2 * i + 1];
    }

  outcome[HO_A_HITS] = a_hits;
  outcome[HO_D_HITS] = d_hits;
  outcome[HO_D_CASUALTIES] = d_cas;
  outcome[HO_A_CASUALTIES] = a_cas;
  outcome[HO_SCRUM] = scrum_result (s, d_cas, a_cas, pen + 2 * (a_pairs + d_pairs));
}

const MusterSovPlay muster_sov_hand_to_hand_play = {
  hth_prepare, hth_layout, hth_resolve,
};

/* P(all n dice ≥ x and exactly k of them > y), for dice of @sides. */
static double
pool_at_least (int n,
               int sides,
               int x,
               int y,
               int k,
               const double *binomial)
{
  double above = MAX (0, sides - MAX (y, x - 1)) / (double) sides;
  double between = MAX (0, MIN (y, sides) - x + 1) / (double) sides;

  if (x > sides)
    return 0;
  return binomial[k] * pow (above, k) * pow (between, n - k);
}

/* P(min = x, exactly k dice > y) for a pool of @n dice. */
static double
pool_min_beats (int           n,
                int           sides,
                int           x,
                int           y,
                int           k,
                const double *binomial)
{
  return pool_at_least (n, sides, x, y, k, binomial)
         - pool_at_least (n, sides, x + 1, y, k, binomial);
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

static gboolean
hth_exact (const MusterProcedure  *procedure,
           const MusterRuleset    *ruleset,
           const int              *values,
           MusterDist            **outputs,
           GError                **error)
{
  HthSetup s;
  g_autofree double *a_binomial = NULL, *d_binomial = NULL, *beats = NULL;
  g_autofree double *a_hits = NULL, *d_hits = NULL, *a_cas = NULL, *d_cas = NULL;
  double scrum[5] = { 0 };
  int na, nd, max_d_cas, max_a_cas;

  if (!hth_prepare (ruleset, values, &s, error))
    return FALSE;
  na = s.a.dice;
  nd = s.d.dice;
  a_binomial = binomial_row (na);
  d_binomial = binomial_row (nd);

  /* The joint law of the scoring dice of both pools, through the two minimums. */
  beats = g_new0 (double, (na + 1) * (nd + 1));
  for (int x = 1; x <= s.a.sides; x++)
    for (int y = 1; y <= s.d.sides; y++)
      for (int ka = 0; ka <= na; ka++)
        {
          double pa = pool_min_beats (na, s.a.sides, x, y, ka, a_binomial);

          if (pa == 0)
            continue;
          for (int kd = 0; kd <= nd; kd++)
            beats[ka * (nd + 1) + kd] += pa * pool_min_beats (nd, s.d.sides, y, x, kd, d_binomial);
        }

  max_d_cas = na * s.figure_ratio;
  max_a_cas = nd * s.figure_ratio;
  a_hits = g_new0 (double, max_d_cas + 1);
  d_hits = g_new0 (double, max_a_cas + 1);
  d_cas = g_new0 (double, max_d_cas + 1);
  a_cas = g_new0 (double, max_a_cas + 1);

  for (int ka = 0; ka <= na; ka++)
    {
      g_autoptr(MusterDist) d_wounds = wounds_given_hits (&s, ka * s.figure_ratio, s.a.impact,
                                                          s.d.armour);

      for (int kd = 0; kd <= nd; kd++)
        {
          double p = beats[ka * (nd + 1) + kd];
          g_autoptr(MusterDist) a_wounds = NULL;

          if (p == 0)
            continue;
          a_wounds = wounds_given_hits (&s, kd * s.figure_ratio, s.d.impact, s.a.armour);
          a_hits[ka * s.figure_ratio] += p;
          d_hits[kd * s.figure_ratio] += p;
          for (int cd = 0; cd <= ka * s.figure_ratio; cd++)
            {
              double pd = p * muster_dist_get_prob (d_wounds, cd);

              if (pd == 0)
                continue;
              for (int ca = 0; ca <= kd * s.figure_ratio; ca++)
                {
                  double pj = pd * muster_dist_get_prob (a_wounds, ca);
                  int tl, loser;

                  if (pj == 0)
                    continue;
                  d_cas[cd] += pj;
                  a_cas[ca] += pj;
                  /* The scrum test: the loser's Quality Die against LV + TL. */
                  loser = scrum_loser (&s, cd, ca, &tl);
                  if (loser < 0)
                    {
                      scrum[SCRUM_STAND] += pj;
                      continue;
                    }
                  {
                    const Side *side = loser == 0 ? &s.a : &s.d;
                    int back = loser == 0 ? SCRUM_A_BACK : SCRUM_D_BACK;

                    for (int roll = 1; roll <= side->quality; roll++)
                      {
                        int result = _muster_sov_test_result (roll, side->lv + tl);
                        double pr = pj / side->quality;

                        if (result == MUSTER_SOV_TEST_PASS)
                          scrum[SCRUM_STAND] += pr;
                        else
                          scrum[back + (result == MUSTER_SOV_TEST_MAJOR_FAILURE)] += pr;
                      }
                  }
                }
            }
        }
    }

  outputs[HO_A_HITS] = muster_dist_new_from_weights (0, a_hits, max_d_cas + 1);
  outputs[HO_D_HITS] = muster_dist_new_from_weights (0, d_hits, max_a_cas + 1);
  outputs[HO_D_CASUALTIES] = muster_dist_new_from_weights (0, d_cas, max_d_cas + 1);
  outputs[HO_A_CASUALTIES] = muster_dist_new_from_weights (0, a_cas, max_a_cas + 1);
  outputs[HO_SCRUM] = muster_dist_new_from_weights (0, scrum, 5);
  return TRUE;
}

static void
hth_sample (const MusterProcedure *procedure,
            const MusterRuleset   *ruleset,
            const int             *values,
            MusterDice            *dice,
            int                   *outcome)
{
  _muster_sov_sample_play (&muster_sov_hand_to_hand_play, ruleset, values, dice,
                           procedure->n_outputs, outcome);
}

const MusterProcedure muster_sov_hand_to_hand = {
  MUSTER_SOV_SYSTEM, "hand-to-hand", "Hand-to-hand round",
  "Dice pools from the force ratio, each die beating one opposing die scores; Impact against "
  "Armor; then the scrum: the side with the lower casualty-plus-rank score tests Confidence.",
  hth_inputs, G_N_ELEMENTS (hth_inputs), hth_outputs, G_N_ELEMENTS (hth_outputs),
  hth_exact, hth_sample,
};
