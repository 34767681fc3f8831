/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>

#include "muster-engine.h"
#include "muster-test-util.h"
#include "muster-system-mov-combat-private.h"

/*
 * Medals of Valor combat procedures: every probability the rules digest derives, the rules
 * played with chosen dice, and every exact distribution checked against a brute-force
 * enumeration of the dice through the procedures' resolver.
 */

#define SYSTEM "medals-of-valor"

static MusterRuleset *ruleset;

static const MusterProcedure *
get (const char *id)
{
  const MusterProcedure *p = muster_procedure_lookup (SYSTEM, id);

  g_assert_nonnull (p);
  return p;
}

/* The defaults of @p with the NULL-terminated "name=value" assignments applied. */
static int *
values_of (const MusterProcedure *p,
           ...)
{
  int *values = muster_procedure_default_values (p);
  const char *assignment;
  va_list ap;

  va_start (ap, p);
  while ((assignment = va_arg (ap, const char *)))
    {
      g_autoptr(GError) error = NULL;

      muster_procedure_set_value (p, values, assignment, &error);
      g_assert_no_error (error);
    }
  va_end (ap);
  return values;
}

static MusterProcedureResult *
exact (const MusterProcedure *p,
       const int             *values)
{
  g_autoptr(GError) error = NULL;
  MusterProcedureResult *result = muster_procedure_run_exact (p, ruleset, values, &error);

  g_assert_no_error (error);
  return result;
}

static double
prob (const MusterProcedureResult *result,
      const char                  *output,
      int                          value)
{
  const MusterProcedure *p = muster_procedure_result_get_procedure (result);
  int index = muster_procedure_find_output (p, output);

  g_assert_cmpint (index, >=, 0);
  return muster_dist_get_prob (muster_procedure_result_get_output (result, index), value);
}

/* P(output = value) for @p with the assignments. */
static double
p_of (const char *id,
      const char *output,
      int         value,
      ...)
{
  const MusterProcedure *p = get (id);
  g_autofree int *values = muster_procedure_default_values (p);
  g_autoptr(MusterProcedureResult) result = NULL;
  const char *assignment;
  va_list ap;

  va_start (ap, value);
  while ((assignment = va_arg (ap, const char *)))
    g_assert_true (muster_procedure_set_value (p, values, assignment, NULL));
  va_end (ap);
  result = exact (p, values);
  return prob (result, output, value);
}

#define assert_p(a, b) g_assert_cmpfloat_with_epsilon ((a), (b), 1e-12)
/* The digest prints four decimals. */
#define assert_p4(a, b) g_assert_cmpfloat_with_epsilon ((a), (b), 0.5e-4 + 1e-12)

/* Plays the dice @faces through @p's resolver. */
static void
resolve_with (const MusterProcedure *p,
              const int             *values,
              const int             *faces,
              guint                  n_faces,
              int                   *outcome)
{
  g_autoptr(GError) error = NULL;
  MusterMovPlan plan;

  g_assert_true (_muster_mov_prepare (p, ruleset, values, &plan, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_faces, <=, plan.layout.n_faces);
  /* Callers pass an outcome of 16 values. */
  g_assert_cmpuint (p->n_outputs, <=, 16);
  {
    int all[MUSTER_MOV_MAX_FACES] = { 0 };

    for (guint i = 0; i < n_faces; i++)
      all[i] = faces[i];
    /* Unnamed faces roll their lowest value. */
    for (guint i = n_faces; i < plan.layout.n_faces; i++)
      all[i] = plan.layout.face_min[i];
    _muster_mov_resolve (&plan, all, outcome);
  }
}

/* Brute force: every face combination through the resolver, against the exact
 * distributions. Every combination is equally likely, so counting them keeps the sums exact. */
static void
assert_enumeration_matches (const MusterProcedure *p,
                            const int             *values)
{
  g_autoptr(MusterProcedureResult) result = exact (p, values);
  g_autoptr(GError) error = NULL;
  MusterMovPlan plan;
  int faces[MUSTER_MOV_MAX_FACES], outcome[16];
  GHashTable *counts[16];
  guint64 combos = 1, total = 0;

  g_assert_true (_muster_mov_prepare (p, ruleset, values, &plan, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < plan.layout.n_faces; i++)
    {
      faces[i] = plan.layout.face_min[i];
      combos *= plan.layout.face_max[i] - plan.layout.face_min[i] + 1;
    }
  g_assert_cmpuint (combos, <=, 2000000);
  for (guint o = 0; o < p->n_outputs; o++)
    counts[o] = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_assert_cmpuint (p->n_outputs, <=, G_N_ELEMENTS (counts));

  for (guint64 c = 0; c < combos; c++)
    {
      _muster_mov_resolve (&plan, faces, outcome);
      for (guint o = 0; o < p->n_outputs; o++)
        {
          guint64 *n = g_hash_table_lookup (counts[o], GINT_TO_POINTER (outcome[o]));

          if (n == NULL)
            g_hash_table_insert (counts[o], GINT_TO_POINTER (outcome[o]),
                                 n = g_new0 (guint64, 1));
          (*n)++;
        }
      total++;
      /* The next combination, like an odometer. */
      for (guint i = 0; i < plan.layout.n_faces; i++)
        {
          if (++faces[i] <= plan.layout.face_max[i])
            break;
          faces[i] = plan.layout.face_min[i];
        }
    }
  g_assert_cmpuint (total, ==, combos);

  for (guint o = 0; o < p->n_outputs; o++)
    {
      MusterDist *dist = muster_procedure_result_get_output (result, o);
      GHashTableIter iter;
      gpointer key, w;

      assert_p (muster_dist_get_total (dist), 1);
      /* Every value the dice reach has the exact probability… */
      g_hash_table_iter_init (&iter, counts[o]);
      while (g_hash_table_iter_next (&iter, &key, &w))
        assert_p (muster_dist_get_prob (dist, GPOINTER_TO_INT (key)),
                  (double) *(guint64 *) w / combos);
      /* …and the exact distribution puts nothing anywhere else. */
      for (int v = muster_dist_get_min (dist); v <= muster_dist_get_max (dist); v++)
        if (!g_hash_table_contains (counts[o], GINT_TO_POINTER (v)))
          assert_p (muster_dist_get_prob (dist, v), 0);
      g_hash_table_unref (counts[o]);
    }
}

static void
enumerate (const char *id,
           ...)
{
  const MusterProcedure *p = get (id);
  g_autofree int *values = muster_procedure_default_values (p);
  const char *assignment;
  va_list ap;

  va_start (ap, id);
  while ((assignment = va_arg (ap, const char *)))
    g_assert_true (muster_procedure_set_value (p, values, assignment, NULL));
  va_end (ap);
  assert_enumeration_matches (p, values);
}

/* Fire chart ---------------------------------------------------------------------------------- */

static const char * const columns[] = { "a", "b", "c", "d", "e" };

/* A target on @column: each column from a cover and a status of the TAR chart. */
static const char * const column_cover[] = { "cover=open", "cover=partial", "cover=extensive",
                                             "cover=extensive", "cover=heavy" };
static const char * const column_posture[] = { "posture=stationary", "posture=stationary",
                                               "posture=stationary", "posture=moving",
                                               "posture=stationary" };

/* 1 − P(miss) of @weapon on @column. */
static double
p_hit (const char *weapon,
       const char *range,
       int         column,
       const char *extra)
{
  g_autofree char *w = g_strdup_printf ("weapon=%s", weapon);

  return 1 - p_of ("fire", "result", 0, w, range, column_cover[column], column_posture[column],
                   extra, NULL);
}

static void
test_fire_chart_ordinary (void)
{
  /* §11.4 P(hit) for ordinary weapons, FIR 1–6 (no ordinary weapon has FIR 7). */
  static const double table[6][5] = {
    { 0.2000, 0.1000, 0.1000, 0.1000, 0.0000 },
    { 0.5100, 0.3600, 0.1900, 0.1900, 0.0100 },
    { 0.6570, 0.4880, 0.4880, 0.2710, 0.0280 },
    { 0.8704, 0.7599, 0.5904, 0.3439, 0.0523 },
    { 0.9688, 0.8319, 0.8319, 0.4095, 0.0815 },
    { 0.9844, 0.9533, 0.8824, 0.7379, 0.1143 },
  };
  static const char * const weapons[] = { "bolt-rifle", "magazine-rifle", "smg", "lmg", "mmg",
                                          "hmg" };

  for (int fir = 0; fir < 6; fir++)
    for (int c = 0; c < 5; c++)
      assert_p4 (p_hit (weapons[fir], "range=100", c, "animal=no"), table[fir][c]);

  /* The exact check values. */
  assert_p (p_hit ("bolt-rifle", "range=100", 0, "animal=no"), 1.0 / 5);
  assert_p (p_hit ("smg", "range=100", 4, "animal=no"), 7.0 / 250);
  assert_p (p_hit ("magazine-rifle", "range=100", 0, "animal=no"), 51.0 / 100);
  /* One die cannot show two 0s. */
  assert_p (p_hit ("pistol", "range=100", 4, "animal=no"), 0);
  /* No weapon fires FIR 7 without the heavy rule, but the digest prints the row: check the
   * chart's cells against it. */
  {
    static const double fir7[5] = { 0.9922, 0.9720, 0.9176, 0.9176, 0.1497 };
    static const int faces[5] = { 5, 4, 3, 3, 1 };
    const MusterTable *chart = muster_ruleset_get_table (ruleset, "fire-chart");

    for (int c = 0; c < 5; c++)
      {
        double p = muster_table_lookup (chart, "fir-7", columns[c], NULL)->number / 10;
        double hit = c < 4 ? 1 - pow (1 - p, 7) : 1 - pow (0.9, 7) - 7 * 0.1 * pow (0.9, 6);

        g_assert_cmpint ((int) (p * 10 + 0.5), ==, faces[c]);
        assert_p4 (hit, fir7[c]);
      }
  }
}

static void
test_fire_chart_heavy (void)
{
  static const double table[3][5] = {
    { 0.5248, 0.3483, 0.1808, 0.0037, 0.0037 },
    { 0.8906, 0.7667, 0.5798, 0.0989, 0.0158 },
    { 0.9375, 0.8414, 0.6706, 0.3529, 0.0257 },
  };
  static const char * const weapons[] = { "mortar", "light-artillery", "heavy-artillery" };

  for (int w = 0; w < 3; w++)
    for (int c = 0; c < 5; c++)
      assert_p4 (p_hit (weapons[w], "range=100", c, "animal=no"), table[w][c]);
  /* Bombs, heavy artillery and the tank main gun are alike; the AT gun is FIR 7 too (ours). */
  for (int c = 0; c < 5; c++)
    {
      assert_p4 (p_hit ("main-gun", "range=100", c, "animal=no"), table[2][c]);
      assert_p4 (p_hit ("at-gun", "range=100", c, "animal=no"), table[2][c]);
    }
  assert_p (p_hit ("mortar", "range=100", 0, "animal=no"), 328.0 / 625);
  assert_p (p_hit ("heavy-artillery", "range=100", 3, "animal=no"), 705861.0 / 2000000);

  /* LITERAL-PAIRS: six 0s for a heavy weapon on E. */
  g_assert_cmpfloat_with_epsilon (p_hit ("heavy-artillery", "range=100", 4,
                                         "column-e=literal-pairs"), 6.4e-6, 1e-15);
  g_assert_cmpfloat_with_epsilon (p_hit ("light-artillery", "range=100", 4,
                                         "column-e=literal-pairs"), 1e-6, 1e-15);
  /* Pairs change nothing for small arms (two 0s are one pair) and nothing off column E. */
  assert_p (p_hit ("smg", "range=100", 4, "column-e=literal-pairs"), 7.0 / 250);
  assert_p (p_hit ("mortar", "range=100", 3, "column-e=literal-pairs"),
            p_hit ("mortar", "range=100", 3, "column-e=zeros"));
}

static void
test_fire_wounds (void)
{
  double hit = 0.5100;

  /* A hit makes one wound roll: killed on a 0. */
  assert_p (p_of ("fire", "result", 2, "weapon=magazine-rifle", NULL), hit / 10);
  assert_p (p_of ("fire", "result", 1, "weapon=magazine-rifle", NULL), hit * 0.9);
  /* Basic rule: a second wound kills. */
  assert_p (p_of ("fire", "injury", MUSTER_MOV_INJURY_DEAD, "weapon=magazine-rifle",
                  "target-injury=slight", NULL), hit);
  assert_p (p_of ("fire", "injury", MUSTER_MOV_INJURY_SLIGHT, "weapon=magazine-rifle", NULL),
            hit * 0.9);
  /* Cumulative: Slight + wound = Moderate; Moderate + wound = Dead, or Severe in campaigns. */
  assert_p (p_of ("fire", "injury", MUSTER_MOV_INJURY_MODERATE, "weapon=magazine-rifle",
                  "target-injury=slight", "wounds=cumulative", NULL), hit * 0.9);
  assert_p (p_of ("fire", "injury", MUSTER_MOV_INJURY_DEAD, "weapon=magazine-rifle",
                  "target-injury=moderate", "wounds=cumulative", NULL), hit);
  assert_p (p_of ("fire", "injury", MUSTER_MOV_INJURY_SEVERE, "weapon=magazine-rifle",
                  "target-injury=moderate", "wounds=campaign", NULL), hit * 0.9);
  /* Animals are always killed. */
  assert_p (p_of ("fire", "injury", MUSTER_MOV_INJURY_DEAD, "weapon=magazine-rifle",
                  "animal=yes", NULL), hit);
  /* PER-HIT: two hitting dice are two wound rolls. P(two hits) = 0.09 on A (p = 0.3). */
  assert_p (p_of ("fire", "result", 2, "weapon=magazine-rifle", "wound-rolls=per-hit", NULL),
            2 * 0.3 * 0.7 * 0.1 + 0.09 * (1 - 0.81));
  assert_p (p_of ("fire", "injury", MUSTER_MOV_INJURY_DEAD, "weapon=magazine-rifle",
                  "wound-rolls=per-hit", NULL), 2 * 0.3 * 0.7 * 0.1 + 0.09);

  /* Suppressed when wounded, or under fire of FIR 4 or more (ours) even if missed; the dead
   * do not count. */
  assert_p (p_of ("fire", "suppressed", 1, "weapon=magazine-rifle", NULL), hit * 0.9);
  assert_p (p_of ("fire", "suppressed", 1, "weapon=lmg", NULL), 1 - 0.8704 * 0.1);
  assert_p (p_of ("fire", "suppressed", 1, "weapon=lmg", "suppression-fir=5", NULL),
            0.8704 * 0.9);
  assert_p (p_of ("fire", "suppressed", 1, "weapon=lmg", "suppression-fir=0", NULL),
            0.8704 * 0.9);
  assert_p (p_of ("fire", "suppressed", 1, "weapon=lmg", "moderate-wound=yes", NULL),
            0.657 * 0.9);
}

/* P(at least k successes of n, each p), summed term by term. */
static double
tail (int    n,
      double p,
      int    k)
{
  double sum = 0;

  for (int j = k; j <= n; j++)
    {
      double c = 1;

      for (int i = 0; i < j; i++)
        c = c * (n - i) / (i + 1);
      sum += c * pow (p, j) * pow (1 - p, n - j);
    }
  return sum;
}

static void
test_fire_modifiers (void)
{
  /* The TAR chart, row by row, through an HMG (FIR 6: A 0.5, B 0.4, C 0.3, D 0.2, E 0.1 with
   * two 0s). The heavy row is as printed: moving in heavy cover is D. */
  static const struct { const char *cover, *posture; char column; } tar[] = {
    { "cover=open", "posture=stationary", 'a' }, { "cover=open", "posture=moving", 'b' },
    { "cover=open", "posture=prone", 'c' }, { "cover=partial", "posture=stationary", 'b' },
    { "cover=partial", "posture=moving", 'c' }, { "cover=partial", "posture=prone", 'd' },
    { "cover=extensive", "posture=stationary", 'c' },
    { "cover=extensive", "posture=moving", 'd' }, { "cover=extensive", "posture=prone", 'e' },
    { "cover=heavy", "posture=stationary", 'e' }, { "cover=heavy", "posture=moving", 'd' },
    { "cover=heavy", "posture=prone", 'e' },
  };
  static const double hmg_p[5] = { 0.5, 0.4, 0.3, 0.2, 0.1 };

  for (guint i = 0; i < G_N_ELEMENTS (tar); i++)
    {
      int c = tar[i].column - 'a';

      assert_p (1 - p_of ("fire", "result", 0, "weapon=hmg", tar[i].cover, tar[i].posture,
                          NULL), tail (6, hmg_p[c], c == 4 ? 2 : 1));
    }

  /* The SMG: FIR 4 up to 40 yards (40 itself counts as under, ours), 3 beyond. */
  assert_p (p_hit ("smg", "range=40", 0, "animal=no"), tail (4, 0.4, 1));
  assert_p (p_hit ("smg", "range=41", 0, "animal=no"), tail (3, 0.3, 1));
  /* A Moderate wound and firing while moving each take one die, never the last. */
  assert_p (p_hit ("lmg", "range=100", 0, "moderate-wound=yes"), tail (3, 0.3, 1));
  assert_p (p_hit ("lmg", "range=100", 0, "firing-while-moving=yes"), tail (3, 0.3, 1));
  assert_p (p_of ("fire", "hits", 4, "weapon=hmg", "moderate-wound=yes",
                  "firing-while-moving=yes", NULL), pow (0.4, 4));
  assert_p (p_of ("fire", "hits", 5, "weapon=hmg", "moderate-wound=yes",
                  "firing-while-moving=yes", NULL), 0);
  assert_p (p_hit ("pistol", "range=100", 0, "moderate-wound=yes"), 0.2);
}

static void
test_fire_dice (void)
{
  const MusterProcedure *p = get ("fire");
  int outcome[16];

  /* FIR 2 on column E: two 0s hit, one 0 does not. Then the wound roll: 0 kills. */
  {
    g_autofree int *v = values_of (p, "weapon=magazine-rifle", "cover=heavy", NULL);
    const int two_zeros[] = { 0, 0, 5 }, one_zero[] = { 0, 1, 0 }, killed[] = { 0, 0, 0 };

    resolve_with (p, v, two_zeros, 3, outcome);
    g_assert_cmpint (outcome[0], ==, 2);
    g_assert_cmpint (outcome[1], ==, 1);
    resolve_with (p, v, one_zero, 3, outcome);
    g_assert_cmpint (outcome[1], ==, 0);
    resolve_with (p, v, killed, 3, outcome);
    g_assert_cmpint (outcome[1], ==, 2);
  }
  /* A main gun on D needs three hitting dice: 0, 1, 2 are hits there, 3 is not. */
  {
    g_autofree int *v = values_of (p, "weapon=main-gun", "cover=extensive", "posture=moving",
                                   NULL);
    const int three[] = { 0, 1, 2, 3, 9, 9, 9, 4 }, two[] = { 0, 1, 3, 3, 9, 9, 9, 4 };

    resolve_with (p, v, three, 8, outcome);
    g_assert_cmpint (outcome[0], ==, 3);
    g_assert_cmpint (outcome[1], ==, 1);
    resolve_with (p, v, two, 8, outcome);
    g_assert_cmpint (outcome[1], ==, 0);
  }
  /* A mortar on A needs two hits: one is a miss. */
  {
    g_autofree int *v = values_of (p, "weapon=mortar", NULL);
    const int one[] = { 3, 4, 5, 6, 1 }, two[] = { 3, 2, 5, 6, 1 };

    resolve_with (p, v, one, 5, outcome);
    g_assert_cmpint (outcome[1], ==, 0);
    resolve_with (p, v, two, 5, outcome);
    g_assert_cmpint (outcome[1], ==, 1);
  }
}

static void
test_fire_enumeration (void)
{
  static const char * const weapons[] = { "weapon=bolt-rifle", "weapon=magazine-rifle",
                                          "weapon=smg" };
  static const char * const covers[] = { "cover=open", "cover=partial", "cover=extensive",
                                         "cover=heavy" };
  static const char * const postures[] = { "posture=stationary", "posture=moving",
                                           "posture=prone" };

  for (guint w = 0; w < G_N_ELEMENTS (weapons); w++)
    for (guint c = 0; c < G_N_ELEMENTS (covers); c++)
      for (guint s = 0; s < G_N_ELEMENTS (postures); s++)
        enumerate ("fire", weapons[w], covers[c], postures[s], "target-injury=slight", NULL);
  enumerate ("fire", "weapon=smg", "wound-rolls=per-hit", "wounds=cumulative", NULL);
  enumerate ("fire", "weapon=smg", "wound-rolls=per-hit", "wounds=campaign",
             "target-injury=slight", NULL);
  enumerate ("fire", "weapon=magazine-rifle", "wound-rolls=per-hit", "cover=heavy",
             "column-e=literal-pairs", NULL);
  enumerate ("fire", "weapon=mortar", "cover=extensive", "posture=moving", NULL);
  enumerate ("fire", "weapon=mortar", "cover=heavy", "column-e=literal-pairs", NULL);
  enumerate ("fire", "weapon=lmg", "animal=yes", NULL);
  enumerate ("fire", "weapon=lmg", "cover=extensive", "target-injury=slight", NULL);
  enumerate ("fire", "weapon=hmg", "moderate-wound=yes", "firing-while-moving=yes",
             "cover=partial", NULL);
}

/* Kill zone, AFVs ------------------------------------------------------------------------------ */

static void
test_kill_zone (void)
{
  /* The blast table: open 0.3 / 0.2 / 0.3 / 0.2, in cover 0.2 / 0.2 / 0.3 / 0.3
   * (killed, moderate, slight, none). */
  static const double open[4] = { 0.2, 0.3, 0.2, 0.3 }, cover[4] = { 0.3, 0.3, 0.2, 0.2 };
  const MusterProcedure *p = get ("kill-zone");
  int outcome[16];

  for (int r = 0; r < 4; r++)
    {
      assert_p (p_of ("kill-zone", "result", r, "method=blast-table", NULL), open[r]);
      assert_p (p_of ("kill-zone", "result", r, "method=blast-table", "cover=partial", NULL),
                cover[r]);
    }
  /* 0 counts as 10, so 0 + 1 is 11: no casualty. */
  {
    g_autofree int *v = values_of (p, "method=blast-table", "cover=heavy", NULL);
    const int zero[] = { 0 }, three[] = { 3 };

    resolve_with (p, v, zero, 1, outcome);
    g_assert_cmpint (outcome[0], ==, 0);
    resolve_with (p, v, three, 1, outcome);
    g_assert_cmpint (outcome[0], ==, 2);
  }
  /* The standard method: the fire chart with heavy thresholds. */
  assert_p (p_of ("kill-zone", "result", 3, NULL), 328.0 / 625 / 10);
  assert_p4 (1 - p_of ("kill-zone", "result", 0, "ordnance=light-artillery", "cover=partial",
                       NULL), 0.7667);
  enumerate ("kill-zone", "method=blast-table", NULL);
  enumerate ("kill-zone", "method=blast-table", "cover=extensive", NULL);
  enumerate ("kill-zone", "cover=partial", "posture=prone", NULL);
}

static void
test_afv (void)
{
  const MusterProcedure *p = get ("anti-afv");
  int outcome[16];

  /* 2d6 against the damage numbers. */
  assert_p (p_of ("anti-afv", "result", 1, "weapon=grenade", NULL), 1.0 / 36);
  assert_p (p_of ("anti-afv", "result", 2, "weapon=grenade", "open-topped=yes", NULL), 1.0 / 36);
  assert_p (p_of ("anti-afv", "result", 2, "weapon=molotov", NULL), 1.0 / 648);
  assert_p (p_of ("anti-afv", "result", 2, "weapon=satchel", NULL), 1.0 / 12);
  assert_p (p_of ("anti-afv", "result", 1, "weapon=mine", NULL), 1.0 / 6);
  assert_p (p_of ("anti-afv", "result", 2, "weapon=mine", "open-topped=yes", NULL), 0);
  {
    g_autofree int *v = values_of (p, "weapon=molotov", NULL);
    const int snake_eyes_then_12[] = { 1, 1, 6, 6 }, twelve_then_11[] = { 6, 6, 5, 6 };

    resolve_with (p, v, snake_eyes_then_12, 4, outcome);
    g_assert_cmpint (outcome[0], ==, 2);
    resolve_with (p, v, twelve_then_11, 4, outcome);
    g_assert_cmpint (outcome[0], ==, 0);
  }
  for (int w = 0; w < 4; w++)
    for (int o = 0; o < 2; o++)
      {
        g_autofree char *weapon = g_strdup_printf ("weapon=%s",
                                                   (const char *[]) { "grenade", "molotov",
                                                                      "satchel", "mine" }[w]);

        enumerate ("anti-afv", weapon, o ? "open-topped=yes" : "open-topped=no", NULL);
      }

  /* Crew survival 0.2 / 0.4 / 0.2 / 0.2 each. */
  assert_p (p_of ("crew-survival", "none", 1, "crew=1", NULL), 0.2);
  assert_p (p_of ("crew-survival", "slight", 1, "crew=1", NULL), 0.4);
  assert_p (p_of ("crew-survival", "moderate", 1, "crew=1", NULL), 0.2);
  assert_p (p_of ("crew-survival", "killed", 1, "crew=1", NULL), 0.2);
  assert_p (p_of ("crew-survival", "killed", 0, "crew=5", NULL), pow (0.8, 5));
  enumerate ("crew-survival", "crew=4", NULL);

  /* Fire against an AFV: FIR 7 heavy, the AFV as heavy cover; the location 3 / 4 / 3. */
  {
    double hit = tail (7, 0.1, 3);

    assert_p4 (hit, 0.0257);
    assert_p (p_of ("afv-fire", "result", 0, NULL), 1 - hit);
    assert_p (p_of ("afv-fire", "result", 2, NULL), hit * 0.4);
    assert_p (p_of ("afv-fire", "result", 0, "posture=moving", NULL), 1 - 705861.0 / 2000000);
    assert_p (p_of ("afv-fire", "result", 1, "posture=moving", NULL),
              0.3 * 705861.0 / 2000000);
    assert_p (p_of ("afv-fire", "result", 3, "posture=moving", NULL),
              0.3 * 705861.0 / 2000000);
  }
  enumerate ("afv-fire", "weapon=mortar", "posture=moving", NULL);
  enumerate ("afv-fire", "weapon=magazine-rifle", "cover=open", NULL);
  enumerate ("afv-fire", "weapon=magazine-rifle", "column-e=literal-pairs", NULL);
}

/* Morale, sighting, mishaps ------------------------------------------------------------------ */

static void
test_morale (void)
{
  const MusterProcedure *p = get ("morale");
  int outcome[16];

  assert_p (p_of ("morale", "result", 1, NULL), 0.71);
  /* The book's example: a Nervous soldier needs 40. */
  assert_p (p_of ("morale", "target", 40, "attitude=nervous", NULL), 1);
  assert_p (p_of ("morale", "result", 1, "attitude=nervous", NULL), 0.61);
  assert_p (p_of ("morale", "result", 1, "pass-rule=higher", NULL), 0.70);
  assert_p (p_of ("morale", "result", 1, "double-zero=zero", NULL), 0.70);
  /* From 10 (Fanatic in cover) to 75 (wounded, Panicked, leader dead). */
  assert_p (p_of ("morale", "target", 10, "attitude=fanatic", "cover=yes", NULL), 1);
  assert_p (p_of ("morale", "result", 1, "attitude=fanatic", "cover=yes", NULL), 0.91);
  assert_p (p_of ("morale", "target", 75, "attitude=panic", "wounded=yes", "leader-dead=yes",
                  NULL), 1);
  assert_p (p_of ("morale", "result", 1, "attitude=panic", "wounded=yes", "leader-dead=yes",
                  NULL), 0.26);
  assert_p (p_of ("morale", "result", 1, "wounded=yes", NULL), 0.56);
  assert_p (p_of ("morale", "result", 1, "leader-dead=yes", NULL), 0.61);
  /* A fail lowers attitude one level, never below Panic; Nervous for the first time and
   * Panic suppress. */
  assert_p (p_of ("morale", "attitude", MUSTER_MOV_ATTITUDE_NERVOUS, NULL), 0.29);
  assert_p (p_of ("morale", "attitude", MUSTER_MOV_ATTITUDE_STEADY, "attitude=fanatic", NULL),
            0.19);
  assert_p (p_of ("morale", "attitude", MUSTER_MOV_ATTITUDE_PANIC, "attitude=panic", NULL), 1);
  assert_p (p_of ("morale", "suppressed", 1, "attitude=panic", NULL), 1);
  assert_p (p_of ("morale", "suppressed", 1, "attitude=fanatic", NULL), 0);

  /* Dice: 4 then 0 is 40, which passes 40 by default and fails "higher than"; 00 is 100. */
  {
    g_autofree int *v = values_of (p, "attitude=nervous", NULL);
    g_autofree int *strict = values_of (p, "attitude=nervous", "pass-rule=higher", NULL);
    const int forty[] = { 4, 0 }, thirty_nine[] = { 3, 9 }, double_zero[] = { 0, 0 };

    resolve_with (p, v, forty, 2, outcome);
    g_assert_cmpint (outcome[0], ==, 1);
    resolve_with (p, strict, forty, 2, outcome);
    g_assert_cmpint (outcome[0], ==, 0);
    resolve_with (p, v, thirty_nine, 2, outcome);
    g_assert_cmpint (outcome[0], ==, 0);
    g_assert_cmpint (outcome[1], ==, MUSTER_MOV_ATTITUDE_PANIC);
    resolve_with (p, v, double_zero, 2, outcome);
    g_assert_cmpint (outcome[0], ==, 1);
  }

  for (int a = 0; a < 4; a++)
    for (int bits = 0; bits < 32; bits++)
      {
        g_autofree int *v = muster_procedure_default_values (p);

        v[1] = a;
        v[0] = bits & 1;
        v[2] = (bits >> 1) & 1;
        v[3] = (bits >> 2) & 1;
        v[4] = (bits >> 3) & 1;
        v[5] = (bits >> 4) & 1;
        assert_enumeration_matches (p, v);
      }
}

static void
test_sighting (void)
{
  const MusterProcedure *p = get ("sighting");
  int outcome[16];
  /* P(spot) = (7 + m) / 10, for m from −6 to +3, and 0 below −6. */
  static const struct { double p; const char *a, *b, *c, *d; } cases[] = {
    { 0.0, "prone=yes", "behind=yes", "building=yes", "buttoned=yes" },
    { 0.1, "prone=yes", "behind=yes", "building=yes", NULL },
    { 0.2, "prone=yes", "behind=yes", "building=yes", "open=yes" },
    { 0.3, "prone=yes", "behind=yes", NULL, NULL },
    { 0.4, "prone=yes", "behind=yes", "open=yes", NULL },
    { 0.5, "building=yes", NULL, NULL, NULL },
    { 0.6, "building=yes", "open=yes", NULL, NULL },
    { 0.7, NULL, NULL, NULL, NULL },
    { 0.8, "open=yes", NULL, NULL, NULL },
    { 0.9, "standing=yes", NULL, NULL, NULL },
    { 1.0, "mounted=yes", NULL, NULL, NULL },
    { 1.0, "mounted=yes", "standing=yes", NULL, NULL },
    { 0.7, "mounted=yes", "prone=yes", "open=yes", "buttoned=yes" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_p (p_of ("sighting", "result", 1, cases[i].a, cases[i].b, cases[i].c, cases[i].d,
                    NULL), cases[i].p);
  /* A 0 is a 10: it spots even at −6. */
  {
    g_autofree int *v = values_of (p, "prone=yes", "behind=yes", "building=yes", NULL);
    const int zero[] = { 0 }, nine[] = { 9 };

    resolve_with (p, v, zero, 1, outcome);
    g_assert_cmpint (outcome[0], ==, 1);
    resolve_with (p, v, nine, 1, outcome);
    g_assert_cmpint (outcome[0], ==, 0);
  }
  for (int bits = 0; bits < 128; bits++)
    {
      g_autofree int *v = muster_procedure_default_values (p);

      for (int i = 0; i < 7; i++)
        v[i] = (bits >> i) & 1;
      assert_enumeration_matches (p, v);
    }
}

static void
test_mishap (void)
{
  assert_p (p_of ("mishap", "result", 1, NULL), 0.4);
  assert_p (p_of ("mishap", "result", 0, NULL), 0.6);
  assert_p (p_of ("mishap", "result", 2, NULL), 0);
  assert_p (p_of ("mishap", "result", 0, "action=dangerous", NULL), 0.6);
  assert_p (p_of ("mishap", "result", 1, "action=dangerous", NULL), 0.2);
  assert_p (p_of ("mishap", "result", 2, "action=dangerous", NULL), 0.18);
  assert_p (p_of ("mishap", "result", 3, "action=dangerous", NULL), 0.02);
  enumerate ("mishap", NULL);
  enumerate ("mishap", "action=dangerous", NULL);
}

/* The digest's outcome table, per 100: P(A wins), P(tie), P(B wins) for Δ = −10 … +10. */
static const int melee_table[21][3] = {
  { 0, 0, 100 }, { 0, 1, 99 }, { 1, 2, 97 }, { 3, 3, 94 }, { 6, 4, 90 }, { 10, 5, 85 },
  { 15, 6, 79 }, { 21, 7, 72 }, { 28, 8, 64 }, { 36, 9, 55 }, { 45, 10, 45 }, { 55, 9, 36 },
  { 64, 8, 28 }, { 72, 7, 21 }, { 79, 6, 15 }, { 85, 5, 10 }, { 90, 4, 6 }, { 94, 3, 3 },
  { 97, 2, 1 }, { 99, 1, 0 }, { 100, 0, 0 },
};

static void
test_initiative (void)
{
  /* The first unit's net advantage Δ: P(first) = P(A wins) + P(tie) / 2 from the melee table
   * (the same comparison of two d10). */
  static const struct { int delta; const char *in[4]; } cases[] = {
    { 0, { NULL } },
    { -4, { "second-vehicle=yes", NULL } },
    { 3, { "first-fanatics=3", NULL } },
    { -2, { "first-shaken=2", NULL } },
    { -2, { "first-orders=hold", NULL } },
    { -1, { "first-orders=delay", NULL } },
    { 0, { "first-orders=pursue", "second-orders=delay", NULL } },
    { -1, { "first-orders=delay", "first-charging=yes", NULL } },
    { 0, { "first-orders=delay", "first-charging=yes", "charge-orders=assault-or-charging",
           NULL } },
    { 10, { "first-vehicle=yes", "first-fanatics=5", "second-orders=hold", NULL } },
    { -9, { "first-shaken=5", "second-vehicle=yes", NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const int *row = melee_table[CLAMP (cases[i].delta, -10, 10) + 10];
      const MusterProcedure *p = get ("initiative");
      g_autofree int *v = muster_procedure_default_values (p);

      for (int k = 0; k < 4 && cases[i].in[k]; k++)
        g_assert_true (muster_procedure_set_value (p, v, cases[i].in[k], NULL));
      {
        g_autoptr(MusterProcedureResult) result = exact (p, v);

        assert_p (prob (result, "first", 0), (row[0] + row[1] / 2.0) / 100);
      }
      assert_enumeration_matches (p, v);
    }
}

/* Close combat --------------------------------------------------------------------------------- */

static void
test_close_assault_fire (void)
{
  static const struct { const char *weapon; double p[4]; } rows[] = {
    { "weapon=bolt-rifle", { 0.4, 0.3, 0.1, 0.2 } },
    { "weapon=magazine-rifle", { 0.4, 0.3, 0.1, 0.2 } },
    { "weapon=pistol", { 0.3, 0.3, 0.2, 0.2 } },
    { "weapon=machine-pistol", { 0.2, 0.3, 0.3, 0.2 } },
    { "weapon=smg", { 0.2, 0.3, 0.3, 0.2 } },
    { "weapon=lmg", { 0.2, 0.3, 0.3, 0.2 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    for (int r = 0; r < 4; r++)
      assert_p (p_of ("close-assault-fire", "result", r, rows[i].weapon, NULL), rows[i].p[r]);
  /* A bolt-action rifle that fired cannot; a magazine rifle that fired can. */
  assert_p (p_of ("close-assault-fire", "fires", 0, "fired=yes", NULL), 1);
  assert_p (p_of ("close-assault-fire", "result", 0, "fired=yes", NULL), 1);
  assert_p (p_of ("close-assault-fire", "result", 3, "weapon=magazine-rifle", "fired=yes",
                  NULL), 0.2);
  /* A killed charger does not melee; a wounded one does. */
  assert_p (p_of ("close-assault-fire", "fights", 1, "weapon=smg", NULL), 0.8);
  /* Basic: any wound on a wounded charger kills. Cumulative: Moderate is two steps. */
  assert_p (p_of ("close-assault-fire", "fights", 1, "weapon=smg", "charger-injury=slight",
                  NULL), 0.2);
  assert_p (p_of ("close-assault-fire", "injury", MUSTER_MOV_INJURY_MODERATE, "weapon=smg",
                  "charger-injury=slight", "wounds=cumulative", NULL), 0.3);
  assert_p (p_of ("close-assault-fire", "injury", MUSTER_MOV_INJURY_SEVERE, "weapon=smg",
                  "charger-injury=slight", "wounds=campaign", NULL), 0.3);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    for (int inj = 0; inj < 4; inj++)
      for (int model = 0; model < 3; model++)
        for (int fired = 0; fired < 2; fired++)
          {
            g_autofree char *injury = g_strdup_printf ("charger-injury=%s",
                                                       _muster_mov_injuries[inj]);
            g_autofree char *wounds = g_strdup_printf ("wounds=%s",
                                                       _muster_mov_wound_models[model]);

            if (inj == MUSTER_MOV_INJURY_SEVERE && model != MUSTER_MOV_WOUNDS_CAMPAIGN)
              continue;
            enumerate ("close-assault-fire", rows[i].weapon, injury, wounds,
                       fired ? "fired=yes" : "fired=no", NULL);
          }
}


static void
test_melee (void)
{
  /* Each line: the modifiers and the Δ they make by the book's values. */
  static const struct { int delta; const char *in[6]; } cases[] = {
    { 0, { NULL } },
    { 0, { "attacker-weapon=club", "defender-weapon=sword", "defender-multiple=yes", NULL } },
    { 4, { "defender-weapon=none", NULL } },
    { 3, { "attacker-weapon=sword", "defender-weapon=none", NULL } },
    { 2, { "attacker-weapon=club", "defender-weapon=none", NULL } },
    { 1, { "attacker-weapon=knife", "defender-weapon=none", NULL } },
    { -4, { "attacker-weapon=none", NULL } },
    { -4, { "attacker-attitude=panic", NULL } },
    { -4, { "attacker-attitude=nervous", NULL } },
    { -4, { "attacker-moderate-wound=yes", NULL } },
    { -4, { "attacker-prone=yes", NULL } },
    { 1, { "attacker-elevation=yes", NULL } },
    { -1, { "attacker-multiple=yes", NULL } },
    { 2, { "attacker-attitude=fanatic", NULL } },
    { 5, { "rear=yes", NULL } },
    { 10, { "attacker-attitude=fanatic", "defender-weapon=none", "defender-prone=yes", NULL } },
    { 11, { "attacker-attitude=fanatic", "attacker-elevation=yes", "defender-weapon=none",
            "defender-prone=yes", NULL } },
    { -19, { "attacker-weapon=none", "attacker-attitude=nervous", "attacker-moderate-wound=yes",
             "attacker-prone=yes", "attacker-multiple=yes", NULL } },
    { -1, { "attacker-weapon=none", "defender-weapon=knife", "defender-multiple=yes",
            "rear=no", "attacker-multiple=yes", NULL } },
    { 2, { "attacker-weapon=sword", "attacker-elevation=yes", "defender-weapon=club", NULL } },
    { -6, { "attacker-weapon=none", "defender-weapon=sword", "defender-attitude=fanatic",
            "defender-elevation=yes", NULL } },
    { -7, { "attacker-weapon=none", "attacker-moderate-wound=yes", "defender-weapon=sword",
            NULL } },
    { -8, { "attacker-weapon=none", "attacker-prone=yes", NULL } },
    { -9, { "attacker-weapon=none", "attacker-attitude=nervous", "attacker-moderate-wound=yes",
            "defender-weapon=knife", NULL } },
    { -5, { "attacker-weapon=none", "attacker-moderate-wound=yes", "defender-weapon=knife",
            NULL } },
    { 7, { "attacker-weapon=sword", "defender-weapon=none", "defender-attitude=nervous",
           NULL } },
    { 8, { "defender-weapon=none", "defender-attitude=panic", NULL } },
    { 9, { "attacker-elevation=yes", "defender-weapon=none", "defender-attitude=nervous",
           NULL } },
    { 6, { "attacker-attitude=fanatic", "defender-weapon=none", NULL } },
    { -3, { "attacker-weapon=knife", NULL } },
    { -2, { "attacker-weapon=club", NULL } },
    { -10, { "attacker-weapon=none", "attacker-attitude=nervous", "defender-attitude=fanatic",
             NULL } },
    { 3, { "attacker-weapon=sword", "attacker-multiple=yes", "defender-weapon=bayonet",
            "rear=yes", "defender-multiple=no", "attacker-elevation=no" } },
  };
  const MusterProcedure *p = get ("melee");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree int *v = muster_procedure_default_values (p);
      g_autoptr(MusterProcedureResult) result = NULL;
      const int *row = melee_table[CLAMP (cases[i].delta, -10, 10) + 10];

      for (int k = 0; k < 6 && cases[i].in[k]; k++)
        g_assert_true (muster_procedure_set_value (p, v, cases[i].in[k], NULL));
      result = exact (p, v);
      assert_p (prob (result, "result", 0), row[0] / 100.0);
      assert_p (prob (result, "result", 1), row[1] / 100.0);
      assert_p (prob (result, "result", 2), row[2] / 100.0);
      /* The winner's wound roll: 0.1 killed, 0.9 wounded. */
      assert_p (prob (result, "defender", 2), row[0] / 1000.0);
      assert_p (prob (result, "attacker", 1), row[2] * 0.009);
      assert_enumeration_matches (p, v);
    }
}

static void
test_assault (void)
{
  const MusterProcedure *p = get ("assault");
  const MusterProcedure *caf = get ("close-assault-fire");
  g_autofree int *v = values_of (p, "defender-weapon=smg", "turns=3", NULL);
  g_autofree int *cv = values_of (caf, "weapon=smg", NULL);
  g_autoptr(MusterProcedureResult) first = exact (caf, cv);
  g_autoptr(MusterProcedureResult) sim = NULL;
  g_autoptr(MusterProcedureResult) again = NULL;
  const guint64 trials = 200000;
  int outcome[16];

  g_assert_null (p->exact);
  sim = muster_procedure_simulate (p, ruleset, v, trials, 7, NULL);
  again = muster_procedure_simulate (p, ruleset, v, trials, 7, NULL);
  for (guint o = 0; o < p->n_outputs; o++)
    g_assert_true (muster_dist_equal (muster_procedure_result_get_output (sim, o),
                                      muster_procedure_result_get_output (again, o), 0.0));
  /* The first step is close assault fire. */
  for (int r = 0; r < 4; r++)
    {
      double e = prob (first, "result", r), se = sqrt (e * (1 - e) / trials);

      g_assert_cmpfloat (fabs (prob (sim, "caf", r) - e), <=, 4 * se + 1e-12);
    }
  /* A charger killed by the fire never fights. */
  assert_p (prob (sim, "turns", 0), prob (sim, "caf", 3));

  /* Dice: the fire misses (1), the first turn ties (5 against 5 with equal bayonets), the
   * second the charger wins (7 against 2), and his wound roll is a 0. */
  {
    const int faces[] = { 1, 5, 5, 7, 2, 9, 9, 0 };

    resolve_with (p, v, faces, G_N_ELEMENTS (faces), outcome);
    g_assert_cmpint (outcome[0], ==, 0);
    g_assert_cmpint (outcome[1], ==, 0);
    g_assert_cmpint (outcome[2], ==, 0);
    g_assert_cmpint (outcome[3], ==, 2);
    g_assert_cmpint (outcome[4], ==, 2);
  }
  /* A Moderate wound from the fire (6 on the SMG row): Steady → Nervous (−4) and Moderate
   * (−4), so his 9 is 1 against the defender's 2; the defender's blow (5) is a second wound,
   * which kills under the basic rule. */
  {
    const int faces[] = { 6, 9, 2, 0, 0, 0, 0, 5 };

    resolve_with (p, v, faces, G_N_ELEMENTS (faces), outcome);
    g_assert_cmpint (outcome[0], ==, 2);
    g_assert_cmpint (outcome[1], ==, 2);
    g_assert_cmpint (outcome[2], ==, 2);
    g_assert_cmpint (outcome[4], ==, 1);
  }
  /* Killed by the fire: the defender holds without a melee. */
  {
    const int faces[] = { 9, 9, 1 };

    resolve_with (p, v, faces, G_N_ELEMENTS (faces), outcome);
    g_assert_cmpint (outcome[1], ==, 2);
    g_assert_cmpint (outcome[2], ==, 2);
    g_assert_cmpint (outcome[4], ==, 0);
  }
  /* Ties all the way: undecided after the last turn. */
  {
    const int faces[] = { 1, 3, 3, 4, 4, 0, 0 };

    resolve_with (p, v, faces, G_N_ELEMENTS (faces), outcome);
    g_assert_cmpint (outcome[1], ==, 1);
    g_assert_cmpint (outcome[3], ==, 0);
    g_assert_cmpint (outcome[4], ==, 3);
  }
}

/* Sampling, errors, registry --------------------------------------------------------------- */

/* AFV movement (§7.21) and the rate of crew-served fire (§4.9) ------------------------------ */

static void
test_rates (void)
{
  const MusterProcedure *fire = get ("crew-fire");
  g_autofree int *lost = values_of (fire, "crew=4", "crew-lost=5", NULL);
  g_autoptr(GError) error = NULL;
  double hmg_a;

  /* the digest's arithmetic: 20 + 10 on a road, halved in mud, rounding down */
  assert_p (p_of ("afv-move", "yards", 15, "class=tank", "road=yes", "mud=yes", NULL), 1);
  assert_p (p_of ("afv-move", "yards", 40, "class=wheeled", NULL), 1);
  assert_p (p_of ("afv-move", "yards", 40, "class=halftrack", "road=yes", NULL), 1);
  assert_p (p_of ("afv-move", "yards", 10, "class=tank", "mud=yes", NULL), 1);
  assert_p (p_of ("afv-move", "yards", 25, "class=wheeled", "road=yes", "mud=yes", NULL), 1);

  /* one shot a turn (house); twice as many turns once half the crew, rounded up, are lost */
  assert_p (p_of ("crew-fire", "shots", 5, "crew=4", "crew-lost=1", "turns=5", NULL), 1);
  assert_p (p_of ("crew-fire", "shots", 3, "crew=4", "crew-lost=2", "turns=5", NULL), 1);
  assert_p (p_of ("crew-fire", "shots", 5, "crew=3", "crew-lost=1", "turns=5", NULL), 1);
  assert_p (p_of ("crew-fire", "shots", 3, "crew=3", "crew-lost=2", "turns=6", NULL), 1);
  /* each shot an HMG attack on column A: hit with the digest's 0.9844 (1 − 0.5⁶) */
  hmg_a = 1 - pow (0.5, 6);
  assert_p (p_of ("crew-fire", "hits", 3, "weapon=hmg", "turns=3", NULL), pow (hmg_a, 3));
  assert_p (p_of ("crew-fire", "hits", 0, "weapon=hmg", "turns=3", NULL), pow (1 - hmg_a, 3));
  /* a mortar on column E needs three 0s of four dice */
  assert_p (p_of ("crew-fire", "hits", 1, "weapon=mortar", "cover=heavy", "turns=1", NULL),
            4 * pow (0.1, 3) * 0.9 + pow (0.1, 4));

  /* every face of two shots of a bolt-action rifle, and of a heavy weapon's single shot */
  enumerate ("crew-fire", "weapon=bolt-rifle", "turns=2", NULL);
  enumerate ("crew-fire", "weapon=mortar", "cover=extensive", "posture=moving", "turns=2",
             "crew=2", "crew-lost=1", NULL);
  enumerate ("afv-move", "class=halftrack", "mud=yes", NULL);

  /* more casualties than crew */
  g_assert_null (muster_procedure_run_exact (fire, ruleset, lost, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
}

static void
test_simulate_matches_exact (void)
{
  static const char * const ids[] = { "fire", "kill-zone", "morale", "sighting", "mishap",
                                      "close-assault-fire", "melee", "anti-afv", "afv-fire",
                                      "crew-survival", "crew-fire", "afv-move" };
  const guint64 trials = 100000;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const MusterProcedure *p = get (ids[i]);
      g_autofree int *v = muster_procedure_default_values (p);
      g_autoptr(MusterProcedureResult) e = exact (p, v);
      g_autoptr(MusterProcedureResult) s = muster_procedure_simulate (p, ruleset, v, trials, 3,
                                                                      NULL);

      for (guint o = 0; o < p->n_outputs; o++)
        {
          MusterDist *ed = muster_procedure_result_get_output (e, o);
          MusterDist *sd = muster_procedure_result_get_output (s, o);

          for (int k = muster_dist_get_min (ed); k <= muster_dist_get_max (ed); k++)
            {
              double pe = muster_dist_get_prob (ed, k), se = sqrt (pe * (1 - pe) / trials);

              g_assert_cmpfloat (fabs (muster_dist_get_prob (sd, k) - pe), <=, 4 * se + 1e-12);
            }
        }
    }
}

static void
test_errors (void)
{
  static const char bare[] =
    "<?xml version=\"1.0\"?>\n"
    "<ruleset format=\"1\" id=\"medals-of-valor\" version=\"0\"><name>Bare</name>\n"
    "<tables><table id=\"fire-chart\"><column id=\"a\"/><row id=\"fir-1\">2</row></table>"
    "</tables></ruleset>\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (bare, sizeof bare - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) rs = muster_ruleset_new_from_bytes (bytes, "bare.xml", &error);
  const MusterProcedure *fire = get ("fire");
  g_autofree int *v = muster_procedure_default_values (fire);
  MusterProcedureResult *result;

  g_assert_no_error (error);
  result = muster_procedure_run_exact (fire, rs, v, &error);
  g_assert_null (result);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_cmpstr (error->message, ==, "the medals-of-valor ruleset has no table “weapons”");
  g_clear_error (&error);

  {
    g_autofree int *morale = muster_procedure_default_values (get ("morale"));

    result = muster_procedure_run_exact (get ("morale"), NULL, morale, &error);
  }
  g_assert_null (result);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET);
  g_clear_error (&error);

  /* Severe is a campaign level. */
  g_assert_true (muster_procedure_set_value (fire, v, "target-injury=severe", NULL));
  result = muster_procedure_run_exact (fire, ruleset, v, &error);
  g_assert_null (result);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_clear_error (&error);
  g_assert_true (muster_procedure_set_value (fire, v, "wounds=campaign", NULL));
  result = muster_procedure_run_exact (fire, ruleset, v, &error);
  g_assert_no_error (error);
  muster_procedure_result_free (result);
}

/* The sampler reuses its plan between trials; another ruleset must not get the old one. */
static void
test_sample_follows_ruleset (void)
{
  static const char club[] =
    "<?xml version=\"1.0\"?>\n"
    "<ruleset format=\"1\" id=\"medals-of-valor\" version=\"0\" house=\"true\">"
    "<name>Club</name><tables><table id=\"morale\"><column id=\"value\"/>"
    "<row id=\"base\">50</row></table></tables></ruleset>\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (club, sizeof club - 1);
  g_autoptr(MusterRuleset) rs = muster_ruleset_new_from_bytes (bytes, "club.xml", NULL);
  const MusterProcedure *p = get ("morale");
  g_autofree int *v = muster_procedure_default_values (p);
  g_autoptr(MusterProcedureResult) book = muster_procedure_simulate (p, ruleset, v, 1000, 1,
                                                                     NULL);
  g_autoptr(MusterProcedureResult) house = muster_procedure_simulate (p, rs, v, 1000, 1, NULL);

  g_assert_nonnull (rs);
  assert_p (prob (book, "target", 30), 1);
  assert_p (prob (house, "target", 50), 1);
}

static void
test_registry (void)
{
  static const char * const ids[] = { "initiative", "sighting", "fire", "kill-zone",
                                      "crew-fire", "morale", "close-assault-fire", "melee",
                                      "assault", "anti-afv", "afv-move", "afv-fire",
                                      "crew-survival", "mishap" };
  guint n, found = 0;
  const MusterProcedure * const *list = muster_procedure_list (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (list[i]->system, SYSTEM) == 0)
      {
        g_assert_cmpstr (list[i]->id, ==, ids[found]);
        found++;
      }
  g_assert_cmpuint (found, ==, G_N_ELEMENTS (ids));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  ruleset = muster_test_load_shipped_ruleset ("medals-of-valor");

  g_test_add_func ("/engine/mov/fire/chart-ordinary", test_fire_chart_ordinary);
  g_test_add_func ("/engine/mov/fire/chart-heavy", test_fire_chart_heavy);
  g_test_add_func ("/engine/mov/fire/wounds", test_fire_wounds);
  g_test_add_func ("/engine/mov/fire/modifiers", test_fire_modifiers);
  g_test_add_func ("/engine/mov/fire/dice", test_fire_dice);
  g_test_add_func ("/engine/mov/fire/enumeration", test_fire_enumeration);
  g_test_add_func ("/engine/mov/kill-zone", test_kill_zone);
  g_test_add_func ("/engine/mov/afv", test_afv);
  g_test_add_func ("/engine/mov/rates", test_rates);
  g_test_add_func ("/engine/mov/morale", test_morale);
  g_test_add_func ("/engine/mov/sighting", test_sighting);
  g_test_add_func ("/engine/mov/mishap", test_mishap);
  g_test_add_func ("/engine/mov/initiative", test_initiative);
  g_test_add_func ("/engine/mov/close-assault-fire", test_close_assault_fire);
  g_test_add_func ("/engine/mov/melee", test_melee);
  g_test_add_func ("/engine/mov/assault", test_assault);
  g_test_add_func ("/engine/mov/simulate-matches-exact", test_simulate_matches_exact);
  g_test_add_func ("/engine/mov/errors", test_errors);
  g_test_add_func ("/engine/mov/sample-follows-ruleset", test_sample_follows_ruleset);
  g_test_add_func ("/engine/mov/registry", test_registry);

  ret = g_test_run ();
  muster_ruleset_unref (ruleset);
  return ret;
}
