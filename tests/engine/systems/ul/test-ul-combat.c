/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <math.h>
#include <stdarg.h>

#include "muster-engine.h"
#include "muster-system-ul-private.h"
#include "muster-test-util.h"

/*
 * Undying Lands combat: the book's worked examples through the same function the sampler uses,
 * the digest's exact probabilities, and every face combination of small plays against the
 * exact distributions.
 */

#define EPSILON 1e-12

static MusterRuleset *ruleset;

static int *
values_for (const MusterProcedure *procedure,
            ...)
{
  g_autofree int *values = muster_procedure_default_values (procedure);
  g_autoptr(GError) error = NULL;
  const char *assignment;
  va_list ap;

  va_start (ap, procedure);
  while ((assignment = va_arg (ap, const char *)))
    {
      muster_procedure_set_value (procedure, values, assignment, &error);
      g_assert_no_error (error);
    }
  va_end (ap);
  return g_steal_pointer (&values);
}

static MusterProcedureResult *
exact (const MusterProcedure *procedure,
       const int             *values)
{
  g_autoptr(GError) error = NULL;
  MusterProcedureResult *result = muster_procedure_run_exact (procedure, ruleset, values, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  return result;
}

static MusterDist *
output (MusterProcedureResult *result,
        const char            *id)
{
  int index = muster_procedure_find_output (muster_procedure_result_get_procedure (result), id);

  g_assert_cmpint (index, >=, 0);
  return muster_procedure_result_get_output (result, index);
}

/* Resolves the play with the given faces (as many as the play rolls) and returns output @id. */
static int
resolve (const MusterProcedure *procedure,
         const int             *values,
         const char            *id,
         const int             *faces,
         guint                  n_faces)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterUlPlay) play = _muster_ul_play_new (procedure, ruleset, values, &error);
  g_autofree int *outcome = g_new0 (int, procedure->n_outputs);

  g_assert_no_error (error);
  g_assert_cmpuint (_muster_ul_play_get_n_faces (play), ==, n_faces);
  _muster_ul_play_resolve (play, faces, outcome);
  return outcome[muster_procedure_find_output (procedure, id)];
}

static void
assert_refused (const MusterProcedure *procedure,
                const int             *values,
                const char            *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterProcedureResult) result = muster_procedure_run_exact (procedure, ruleset,
                                                                          values, &error);

  g_assert_null (result);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==, message);
}

/* Every face combination through the resolver, each output's histogram against the exact
 * distribution. */
static void
assert_enumeration_matches (const MusterProcedure *procedure,
                            const int             *values)
{
  g_autoptr(MusterProcedureResult) result = exact (procedure, values);
  g_autoptr(MusterUlPlay) play = _muster_ul_play_new (procedure, ruleset, values, NULL);
  guint n = _muster_ul_play_get_n_faces (play);
  const int *sides = _muster_ul_play_get_sides (play);
  g_autofree int *outcome = g_new0 (int, procedure->n_outputs);
  g_autoptr(GPtrArray) counts = NULL;
  int faces[MUSTER_UL_MAX_FACES];
  double total = 1;
  guint i;

  for (i = 0; i < n; i++)
    {
      faces[i] = 1;
      total *= sides[i];
    }
  counts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  for (i = 0; i < procedure->n_outputs; i++)
    g_ptr_array_add (counts, g_hash_table_new (NULL, NULL));

  do
    {
      _muster_ul_play_resolve (play, faces, outcome);
      for (i = 0; i < procedure->n_outputs; i++)
        {
          GHashTable *h = counts->pdata[i];
          gpointer key = GINT_TO_POINTER (outcome[i]);
          int seen = GPOINTER_TO_INT (g_hash_table_lookup (h, key));

          g_hash_table_insert (h, key, GINT_TO_POINTER (seen + 1));
        }
      for (i = 0; i < n && ++faces[i] > (int) sides[i]; i++)
        faces[i] = 1;
    }
  while (i < n);

  for (i = 0; i < procedure->n_outputs; i++)
    {
      MusterDist *dist = muster_procedure_result_get_output (result, i);
      GHashTable *h = counts->pdata[i];
      GHashTableIter iter;
      gpointer key, count;
      double seen = 0;

      g_assert_cmpfloat_with_epsilon (muster_dist_get_total (dist), 1.0, EPSILON);
      g_hash_table_iter_init (&iter, h);
      while (g_hash_table_iter_next (&iter, &key, &count))
        {
          double p = GPOINTER_TO_INT (count) / total;

          g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (dist, GPOINTER_TO_INT (key)), p,
                                          EPSILON);
          seen += p;
        }
      g_assert_cmpfloat_with_epsilon (seen, 1.0, EPSILON);
      /* Nothing the enumeration never produced has a probability. */
      for (int v = muster_dist_get_min (dist); v <= muster_dist_get_max (dist); v++)
        if (!g_hash_table_contains (h, GINT_TO_POINTER (v)))
          g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (dist, v), 0.0, EPSILON);
    }
}

static void
test_ul_dice (void)
{
  MusterUlDice dice;

  g_assert_true (_muster_ul_parse_dice ("d2", &dice));
  g_assert_cmpuint (dice.n, ==, 1);
  g_assert_cmpuint (dice.sides, ==, 2);
  g_assert_true (_muster_ul_parse_dice ("3d6", &dice));
  g_assert_cmpuint (dice.n, ==, 3);
  g_assert_cmpuint (dice.sides, ==, 6);
  g_assert_false (_muster_ul_parse_dice ("d", &dice));
  g_assert_false (_muster_ul_parse_dice ("6", &dice));
  g_assert_false (_muster_ul_parse_dice ("0d6", &dice));
  g_assert_false (_muster_ul_parse_dice ("2d1", &dice));
  g_assert_false (_muster_ul_parse_dice ("2d6+1", &dice));
}

/* p.19: Drilled longbows (LRW) at Close Order pike. The book rolls a d12 and scores 5 with no
 * modifier; its own table says d10 and +2 (X2), which the engine follows. */
static void
test_ul_shoot_book_example (void)
{
  const MusterProcedure *shoot = &muster_ul_shoot;
  g_autofree int *values = values_for (shoot, "weapon=lrw", "proficiency=drilled",
                                       "target-class=foot", "target-order=close",
                                       "target-ip=15", NULL);
  g_autofree int *loose = values_for (shoot, "weapon=lrw", "proficiency=drilled",
                                      "target-class=foot", "target-order=close",
                                      "shooter-order=loose", NULL);
  g_autofree int *not_close = values_for (shoot, "weapon=lrw", "proficiency=drilled",
                                          "target-class=foot", "target-order=loose", NULL);
  g_autoptr(MusterProcedureResult) result = exact (shoot, values);
  g_autoptr(MusterProcedureResult) loose_result = exact (shoot, loose);
  g_autoptr(MusterProcedureResult) not_close_result = exact (shoot, not_close);
  static const double loose_p[] = { 0.1, 0.2, 0.1, 0.1, 0.2, 0.1, 0.1, 0.1 };
  MusterDist *lost = output (result, "ip-lost");
  const int five = 5;

  /* The book's 5 on the die is a loss of 7 by the table. */
  g_assert_cmpint (resolve (shoot, values, "ip-lost", &five, 1), ==, 7);
  g_assert_cmpint (muster_dist_get_min (lost), ==, 3);
  g_assert_cmpint (muster_dist_get_max (lost), ==, 12);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (lost), 7.5, EPSILON);
  /* A 15 IP target loses half (8 or more) with 5/10, and is disordered. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (result, "disordered"), 1), 0.5,
                                  EPSILON);
  g_assert_cmpint (resolve (shoot, values, "disordered", &five, 1), ==, 0);

  /* Loose Order shooters: floor(3x/4): 2, 3, 3, 4, 5, 6, 6, 7, 8, 9; mean 5.3 (§7.4, §14). */
  lost = output (loose_result, "ip-lost");
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (lost), 5.3, EPSILON);
  for (int v = 2; v <= 9; v++)
    g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (lost, v), loose_p[v - 2], EPSILON);

  /* A Loose Order target is the Foot column, d8, and no +2. */
  lost = output (not_close_result, "ip-lost");
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (lost), 4.5, EPSILON);
}

/* The mean loss with the given inputs on top of the defaults. */
static double
mean_with (const MusterProcedure *procedure,
           const char            *id,
           const char * const    *assignments)
{
  g_autofree int *values = muster_procedure_default_values (procedure);
  g_autoptr(MusterProcedureResult) result = NULL;

  for (guint i = 0; assignments[i] != NULL; i++)
    g_assert_true (muster_procedure_set_value (procedure, values, assignments[i], NULL));
  result = exact (procedure, values);
  return muster_dist_get_mean (output (result, id));
}

/* Each modifier moves LRW Skilled at Mounted, 2d12 (mean 13); where it reaches below 0 the
 * clamp shows. */
static void
test_ul_shoot_modifiers (void)
{
  static const struct
  {
    const char *inputs[4];
    double      mean;
  } cases[] = {
    { { "target-order=loose" }, 13 },
    /* Close Order Mounted: the Mounted column with +2 (X3), or the Le-Be-CO d12 with +2. */
    { { "target-order=close" }, 15 },
    { { "target-order=close", "close-order-mounted=le-be-co" }, 8.5 },
    { { "target-order=loose", "at-chargers=yes" }, 11 },
    /* Cover and an Open Order target: one −2 (X6), or two, clamped at 0 on a 2 and a 3. */
    { { "target-order=open", "cover=yes" }, 11 },
    { { "target-order=open", "cover=yes", "double-conditions=each" }, 9 + 4.0 / 144 },
    /* The shooter's losses: −1, −2 replacing it (X5), or −3. */
    { { "target-order=loose", "shooter-ip=half" }, 12 },
    { { "target-order=loose", "shooter-ip=all" }, 11 },
    { { "target-order=loose", "shooter-ip=all", "ip-penalties=add" }, 10 + 1.0 / 144 },
    { { "target-order=loose", "long-range=yes", "up-hill=yes" }, 10 + 1.0 / 144 },
    /* Open Order shooters: half of 2d12, rounded down: (E[S] − P(S odd)) / 2 = (13 − ½) / 2. */
    { { "target-order=loose", "shooter-order=open" }, 6.25 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *assignments[8] = { "weapon=lrw", "proficiency=skilled",
                                     "target-class=mounted" };
      double mean;

      for (guint j = 0; j < 4; j++)
        assignments[3 + j] = cases[i].inputs[j];
      mean = mean_with (&muster_ul_shoot, "ip-lost", assignments);
      if (fabs (mean - cases[i].mean) > EPSILON)
        g_error ("shooting case %u: mean %.15g, expected %.15g", i, mean, cases[i].mean);
    }
}

static void
test_ul_shoot_enumeration (void)
{
  static const char * const cases[][4] = {
    { "weapon=ssw", "proficiency=militia", "target-order=open", "shooter-order=loose" },
    { "weapon=sbw", "proficiency=skilled", "target-class=behemoth", "shooter-ip=all" },
    { "weapon=srw", "proficiency=drilled", "target-class=mounted", "shooter-order=open" },
    { "weapon=lrw", "proficiency=militia", "cover=yes", "long-range=yes" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree int *values = values_for (&muster_ul_shoot, cases[i][0], cases[i][1],
                                           cases[i][2], cases[i][3], NULL);

      assert_enumeration_matches (&muster_ul_shoot, values);
    }
}

/* p.20: a Regular Drilled pike vignette counter-charges Mounted: 2d6 + 1 + 1 + 6; the book
 * rolls 7 for 15. */
static void
test_ul_melee_pike_example (void)
{
  const MusterProcedure *melee = &muster_ul_melee_round;
  g_autofree int *values = values_for (melee, "a-class=foot", "a-order=close",
                                       "a-status=regular", "a-weapon=pike", "a-ip=30",
                                       "a-charge=counter-charge", "b-class=mounted",
                                       "b-order=close", "b-status=regular", "b-weapon=lance",
                                       "b-ip=20", "b-charge=charge", NULL);
  g_autofree int *weaker = values_for (melee, "a-class=foot", "a-order=close",
                                       "a-status=regular", "a-weapon=pike", "a-ip=10",
                                       "a-charge=counter-charge", "b-class=mounted",
                                       "b-order=close", "b-status=regular", "b-weapon=lance",
                                       "b-ip=20", "b-charge=charge", NULL);
  g_autoptr(MusterProcedureResult) result = exact (melee, values);
  g_autoptr(MusterProcedureResult) weaker_result = exact (melee, weaker);
  /* A's two dice, B's two dice, A's recoil d10, B's recoil d20. */
  const int faces[] = { 3, 4, 1, 1, 1, 1 };
  MusterDist *lost = output (result, "loss-b");

  g_assert_cmpint (resolve (melee, values, "loss-b", faces, G_N_ELEMENTS (faces)), ==, 15);
  g_assert_cmpint (muster_dist_get_min (lost), ==, 10);
  g_assert_cmpint (muster_dist_get_max (lost), ==, 20);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (lost), 15, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (lost, 15), 6.0 / 36, EPSILON);

  /* With fewer IP than the Mounted, the pikes take −1. */
  g_assert_cmpint (resolve (melee, weaker, "loss-b", faces, G_N_ELEMENTS (faces)), ==, 14);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (output (weaker_result, "loss-b")), 14,
                                  EPSILON);
}

/* p.21: Galatians (Loose Order Irregular Drilled Foot, SA, 17 IP) fanatic-charge Romans (Close
 * Order Regular Drilled Foot, HFS, 30 IP): the procedure's defaults. */
static void
test_ul_melee_galatian_example (void)
{
  const MusterProcedure *melee = &muster_ul_melee_round;
  g_autofree int *values = muster_procedure_default_values (melee);
  /* The book leaves out the −1 the Galatians take for the Romans' greater IP (X10); giving
   * them as many IP as the Romans for this round takes it out the same way. */
  g_autofree int *as_book = values_for (melee, "a-ip=30", NULL);
  g_autoptr(MusterProcedureResult) result = exact (melee, values);
  g_autoptr(MusterProcedureResult) book_result = exact (melee, as_book);
  /* Galatian d12, Roman 2d6, the recoil dice of both (d10 for Foot). */
  const int faces[] = { 6, 3, 4, 1, 1 };
  MusterDist *recoil;

  /* The book: 14 and 11; 30 → 16 and 17 → 6. */
  g_assert_cmpint (resolve (melee, as_book, "loss-b", faces, G_N_ELEMENTS (faces)), ==, 14);
  g_assert_cmpint (resolve (melee, as_book, "loss-a", faces, G_N_ELEMENTS (faces)), ==, 11);
  g_assert_cmpint (30 - resolve (melee, as_book, "loss-b", faces, 5), ==, 16);
  g_assert_cmpint (17 - resolve (melee, values, "loss-a", faces, 5), ==, 6);
  /* With the factor as written, the Galatians score 13. */
  g_assert_cmpint (resolve (melee, values, "loss-b", faces, G_N_ELEMENTS (faces)), ==, 13);
  /* The Romans lost more, so they recoil, their own d10 (the last face). */
  g_assert_cmpint (resolve (melee, values, "recoil", faces, 5), ==, 2);

  /* §7.5: the Romans recoil with 20/27 (d12 + 8) or 287/432 (d12 + 7); equal losses 5/72 and
   * 11/144. */
  recoil = output (book_result, "recoil");
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (recoil, 2), 20.0 / 27, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (recoil, 0), 5.0 / 72, EPSILON);
  recoil = output (result, "recoil");
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (recoil, 2), 287.0 / 432, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (recoil, 0), 11.0 / 144, EPSILON);
  /* The Galatians lose at least 9 of their 17 with 5/6, and are disordered. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (result, "disordered-a"), 1),
                                  5.0 / 6, EPSILON);
  /* Whoever recoils, Foot recoil a d10: 10 cm with a tenth of the chance of any recoil. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (result, "recoil-move"), 10),
                                  (287.0 / 432 + muster_dist_get_prob (recoil, 1)) / 10,
                                  EPSILON);
}

/* A: Regular Skilled Close Order Foot with 2HW, 3d6 + 3 against Foot in a later round; both
 * with 20 IP; nothing reaches the clamp at 0. */
static double
melee_mean_b_loss (const char *a,
                   const char *b,
                   const char *c)
{
  const char *assignments[] = {
    "a-class=foot", "a-order=close", "a-status=regular", "a-weapon=2hw",
    "a-proficiency=skilled", "a-ip=20", "a-charge=none", "b-class=foot", "b-order=close",
    "b-status=regular", "b-weapon=sa", "b-ip=20", "round=later",
    a ? a : "pairs=1", b ? b : "pairs=1", c ? c : "pairs=1", NULL
  };

  return mean_with (&muster_ul_melee_round, "loss-b", assignments);
}

/* Each tactical factor, alone, against the plain 3d6 + 3 = 13.5. */
static void
test_ul_melee_factors (void)
{
  const MusterProcedure *melee = &muster_ul_melee_round;
  static const struct
  {
    const char *a, *b, *c;
    double      mean;
  } cases[] = {
    { NULL, NULL, NULL, 13.5 },
    { "round=first", NULL, NULL, 15.5 },                          /* 2HW first contact +2 */
    { "a-disordered=yes", NULL, NULL, 9.5 },                      /* Close Order −4 (X8) */
    { "a-disordered=yes", "disorder-rows=all", NULL, 7.5 },       /* −4 and −2 */
    { "a-disordered=yes", "a-order=loose", NULL, 12.5 },          /* −1 */
    { "a-disordered=yes", "a-order=loose", "a-class=mounted", 11.5 }, /* −2 */
    { "a-ip=0", NULL, NULL, 8.5 },                                /* lost all: −4, −1 */
    { "a-ip=19", NULL, NULL, 12.5 },                              /* opponent has more */
    { "b-higher=gentle-hill", NULL, NULL, 11.5 },
    { "b-higher=gentle-hill", "hill-rows=both", NULL, 10.5 },
    { "b-higher=steep", NULL, NULL, 12.5 },
    { "a-flank-rear=yes", NULL, NULL, 16.5 },
    { "a-class=mounted", "b-order=loose", NULL, 15.5 },           /* vs LO/OO Foot +2 */
    { "a-weapon=lance", "a-class=mounted", NULL, 10.5 },          /* SA after round 1 (X11) */
    { "a-weapon=lance", "a-class=mounted", "round=first", 16.5 }, /* +4 first, +2 vs Foot */
    { "round=first", "a-charge=charge", NULL, 16.5 },
    { "round=first", "a-charge=charge", "a-class=behemoth", 17.5 }, /* +1 vs CO Foot */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double mean = melee_mean_b_loss (cases[i].a, cases[i].b, cases[i].c);

      if (fabs (mean - cases[i].mean) > EPSILON)
        g_error ("case %u (%s %s %s): mean %g, expected %g", i, cases[i].a, cases[i].b,
                 cases[i].c, mean, cases[i].mean);
    }
  /* Open Order halves, rounded down: 2d4 with SA (0 vs Foot) gives 1, 1, 2, 2, 3, 3, 4 for
   * 2 to 8, weighted 1, 2, 3, 4, 3, 2, 1 over 16. */
  g_assert_cmpfloat_with_epsilon (melee_mean_b_loss ("a-order=open", "a-weapon=sa",
                                                     "a-proficiency=militia"),
                                  36.0 / 16, EPSILON);
  {
    g_autofree int *values = values_for (melee, "a-flank-rear=yes", "b-order=loose", NULL);
    g_autofree int *regular = values_for (melee, "a-charge=fanatic", "a-status=regular", NULL);
    g_autofree int *both = values_for (melee, "a-charge=charge", "b-charge=charge",
                                       "b-status=irregular", NULL);

    assert_refused (melee, values, "the +3 for a flank or rear contact is against Close Order "
                    "only");
    assert_refused (melee, regular, "only Irregular Close or Loose Order troops and Behemoths "
                    "may fanatic-charge");
    assert_refused (melee, both, "only one side charges; the other stands or counter-charges");
  }
}

static void
test_ul_melee_enumeration (void)
{
  const MusterProcedure *melee = &muster_ul_melee_round;
  g_autofree int *pairs = values_for (melee, "a-proficiency=militia", "b-proficiency=militia",
                                      "b-status=irregular", "b-weapon=spear", "pairs=2", NULL);
  g_autofree int *open = values_for (melee, "a-order=open", "a-charge=none", "a-ip=0",
                                     "a-disordered=yes", "b-class=mounted", "b-order=loose",
                                     "b-weapon=lance", "b-proficiency=militia", NULL);
  g_autofree int *fanatic = muster_procedure_default_values (melee);

  assert_enumeration_matches (melee, fanatic);
  assert_enumeration_matches (melee, pairs);
  assert_enumeration_matches (melee, open);
}

/* §9: P(fail) = clamp(10 − (IP − M), 0, 10)/10, P(rout) = clamp(M − IP + 1, 0, 10)/10. */
static void
test_ul_integrity (void)
{
  const MusterProcedure *test = &muster_ul_integrity_test;
  g_autofree int *zero = values_for (test, "ip=0", NULL);
  g_autofree int *five = values_for (test, "ip=5", "unsupported=yes", NULL);
  g_autofree int *repulsed = values_for (test, "ip=5", "repulsed-before=yes", NULL);
  g_autofree int *flank = values_for (test, "ip=12", "flank-rear=close-stronger",
                                      "opponents-stronger=yes", NULL);
  g_autofree int *charged = values_for (test, "ip=8", "order=loose", "class=foot",
                                        "charged-by-mounted=yes", NULL);
  g_autofree int *bad_flank = values_for (test, "order=loose", "flank-rear=close-stronger",
                                          NULL);
  g_autofree int *bad_charged = values_for (test, "charged-by-mounted=yes", NULL);
  g_autoptr(MusterProcedureResult) r0 = exact (test, zero);
  g_autoptr(MusterProcedureResult) r5 = exact (test, five);
  g_autoptr(MusterProcedureResult) rr = exact (test, repulsed);
  g_autoptr(MusterProcedureResult) rf = exact (test, flank);
  g_autoptr(MusterProcedureResult) rc = exact (test, charged);
  MusterDist *result, *move;
  const int faces[] = { 6, 8 };

  result = output (r0, "result");
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (result, 0), 0, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (result, 2), 0.1, EPSILON);
  result = output (r5, "result");
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob_at_least (result, 1), 0.7, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (result, 2), 0, EPSILON);
  /* +5 instead of +2: every test fails, a 10 routs. */
  result = output (rr, "result");
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob_at_least (result, 1), 1.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (result, 2), 0.1, EPSILON);
  /* +12 against 12 IP: nothing passes, a 10 routs. */
  result = output (rf, "result");
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (result, 0), 0, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (result, 2), 0.1, EPSILON);
  /* Loose Order Foot charged by Mounted, +3 against 8: fails on 6+; repulsed TM 15 + d8. */
  result = output (rc, "result");
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob_at_least (result, 1), 0.5, EPSILON);
  move = output (rc, "repulse-move");
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (move, 0), 0.5, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (move, 23), 0.5 / 8, EPSILON);
  g_assert_cmpint (resolve (test, charged, "result", faces, 2), ==, 1);
  g_assert_cmpint (resolve (test, charged, "repulse-move", faces, 2), ==, 23);

  assert_refused (test, bad_flank, "the +10 flank or rear modifier is for Close Order only");
  assert_refused (test, bad_charged, "the +3 for being charged by Behemoth or mounted is for "
                  "Loose or Open Order Foot only");
  assert_enumeration_matches (test, charged);
  assert_enumeration_matches (test, zero);

  /* X20: three vignettes that each fail with 1/2 repulse their TU with 7/8; two at 0 IP with
   * +5 each rout with 6/10, both with 0.36. */
  {
    g_autofree int *three = values_for (test, "ip=8", "order=loose", "charged-by-mounted=yes",
                                        "vignettes=3", NULL);
    g_autofree int *two = values_for (test, "ip=0", "repulsed-before=yes", "vignettes=2", NULL);
    g_autoptr(MusterProcedureResult) r3 = exact (test, three);
    g_autoptr(MusterProcedureResult) r2 = exact (test, two);
    /* The first vignette passes, the second fails; then the repulse d8. */
    const int tu_faces[] = { 1, 6, 1, 2 };

    g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (r3, "tu-result"), 1),
                                    7.0 / 8, EPSILON);
    g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (r2, "routed"), 2), 0.36,
                                    EPSILON);
    g_assert_cmpint (resolve (test, three, "result", tu_faces, 4), ==, 0);
    g_assert_cmpint (resolve (test, three, "tu-result", tu_faces, 4), ==, 1);
    g_assert_cmpint (resolve (test, three, "repulse-move", tu_faces, 4), ==, 17);
    assert_enumeration_matches (test, three);
    assert_enumeration_matches (test, two);
  }
}

/* §7.2: P(pass by five) = clamp(IP − M − 5, 0, 10)/10. */
static void
test_ul_fanatic_charge (void)
{
  const MusterProcedure *fanatic = &muster_ul_fanatic_charge;
  g_autofree int *galatian = muster_procedure_default_values (fanatic);
  g_autofree int *twelve = values_for (fanatic, "ip=12", NULL);
  g_autofree int *unsupported = values_for (fanatic, "ip=12", "unsupported=yes", NULL);
  g_autofree int *as_test = values_for (fanatic, "ip=0", "repulsed-before=yes", "on-fail=test",
                                        NULL);
  g_autofree int *regular = values_for (fanatic, "status=regular", NULL);
  g_autofree int *behemoth = values_for (fanatic, "status=regular", "class=behemoth", NULL);
  g_autoptr(MusterProcedureResult) r17 = exact (fanatic, galatian);
  g_autoptr(MusterProcedureResult) r12 = exact (fanatic, twelve);
  g_autoptr(MusterProcedureResult) ru = exact (fanatic, unsupported);
  g_autoptr(MusterProcedureResult) rt = exact (fanatic, as_test);
  g_autoptr(MusterProcedureResult) rb = exact (fanatic, behemoth);
  const int seven = 7, eight = 8;

  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (r17, "result"), 0), 1.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (r12, "result"), 0), 0.7, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (r12, "result"), 1), 0.3, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (ru, "result"), 0), 0.5, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rb, "result"), 0), 1.0, EPSILON);
  g_assert_cmpint (resolve (fanatic, twelve, "result", &seven, 1), ==, 0);
  g_assert_cmpint (resolve (fanatic, twelve, "result", &eight, 1), ==, 1);
  /* Read as an ordinary test: d10 + 5 against 0 IP fails always, routs on 5+. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rt, "result"), 2), 0.4, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rt, "result"), 3), 0.6, EPSILON);
  assert_refused (fanatic, regular, "only Irregular Close or Loose Order troops and Behemoths "
                  "may fanatic-charge");
  assert_enumeration_matches (fanatic, as_test);
  assert_enumeration_matches (fanatic, unsupported);
}

static void
test_ul_evade (void)
{
  const MusterProcedure *evade = &muster_ul_evade;
  /* Open Order Foot (TM 15 + d8) evades Irregular Loose Order Foot fanatic-charging from
   * contact: 1.5 × 15 = 22.5 reaches them on a d8 of 7 or less. */
  g_autofree int *fanatic = values_for (evade, "charger-class=foot", "charger-order=loose",
                                        "charger-status=irregular", "charge=fanatic", "gap=0",
                                        NULL);
  g_autofree int *charge = values_for (evade, "charger-class=foot", "charger-order=loose",
                                       "charge=charge", "gap=0", NULL);
  g_autofree int *close = values_for (evade, "order=close", "status=regular", NULL);
  g_autofree int *close_listed = values_for (evade, "order=close", "status=regular",
                                             "list-allows=yes", NULL);
  g_autoptr(MusterProcedureResult) rf = exact (evade, fanatic);
  g_autoptr(MusterProcedureResult) rc = exact (evade, charge);
  const int seven = 7, eight = 8;

  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rf, "result"), 1), 7.0 / 8,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (output (rf, "evade-move")), 19.5,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rc, "result"), 1), 0, EPSILON);
  g_assert_cmpint (resolve (evade, fanatic, "result", &seven, 1), ==, 1);
  g_assert_cmpint (resolve (evade, fanatic, "result", &eight, 1), ==, 0);
  assert_refused (evade, close, "only Loose or Open Order troops, and Regular Close Order Foot "
                  "whose army list allows it, may break off or evade");
  assert_refused (evade, close_listed, "Regular Close Order Foot may only break off from Foot");
  assert_enumeration_matches (evade, fanatic);
}

static void
test_ul_break_off (void)
{
  const MusterProcedure *break_off = &muster_ul_break_off;
  /* Loose Order Foot, TM 15 + d8, against Irregular Loose Order Foot pursuing TM 15 + d6:
   * caught when d6 ≥ d8, 21/48. */
  g_autofree int *foot = muster_procedure_default_values (break_off);
  g_autofree int *mounted = values_for (break_off, "enemy-class=mounted", NULL);
  g_autofree int *regular = values_for (break_off, "enemy-status=regular",
                                        "regular-pursues=no", NULL);
  g_autoptr(MusterProcedureResult) rf = exact (break_off, foot);
  g_autoptr(MusterProcedureResult) rm = exact (break_off, mounted);
  g_autoptr(MusterProcedureResult) rr = exact (break_off, regular);

  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rf, "result"), 1), 21.0 / 48,
                                  EPSILON);
  /* Mounted pursue TM 15 + d8: caught when the pursuer's d8 is at least the evader's. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rm, "result"), 1), 36.0 / 64,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rr, "result"), 1), 0, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rr, "pursuit-move"), 0), 1,
                                  EPSILON);
  assert_enumeration_matches (break_off, foot);
  assert_enumeration_matches (break_off, mounted);
  assert_enumeration_matches (break_off, regular);
}

/* §9: a repulsed Regular Close Order Foot vignette, TM 10 + d8, followed up by Irregular Loose
 * Order Foot, TM 15 + d6, for 1d4 turns: contact is kept unless the d8 beats the d6 by 5 or
 * more, (6 + 5/6 + 4/6)/8 = 15/16. */
static void
test_ul_repulse (void)
{
  const MusterProcedure *repulse = &muster_ul_repulse;
  g_autofree int *values = muster_procedure_default_values (repulse);
  g_autofree int *mounted = values_for (repulse, "class=mounted", "opponent-status=regular",
                                        "regular-follows=no", NULL);
  g_autofree int *chased = values_for (repulse, "class=mounted", "opponent-class=mounted",
                                       "opponent-status=regular", NULL);
  g_autoptr(MusterProcedureResult) result = exact (repulse, values);
  g_autoptr(MusterProcedureResult) rm = exact (repulse, mounted);
  /* The repulse d8, the follow-up d6, the d4 of turns. */
  const int faces[] = { 8, 2, 3 };

  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (result, "result"), 1),
                                  15.0 / 16, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (output (result, "turns")), 2.5, EPSILON);
  g_assert_cmpint (resolve (repulse, values, "result", faces, 3), ==, 0);
  g_assert_cmpint (resolve (repulse, values, "repulse-move", faces, 3), ==, 18);
  g_assert_cmpint (resolve (repulse, values, "follow-up-move", faces, 3), ==, 17);
  /* Mounted go back TM + d12 (X23); a Regular that does not follow keeps no contact. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (output (rm, "repulse-move")), 16.5,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rm, "result"), 1), 0, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rm, "turns"), 0), 1, EPSILON);
  assert_enumeration_matches (repulse, values);
  assert_enumeration_matches (repulse, chased);
}

/* §10, §14: rally lengths E = 2.0 (Irregular) and 1.25 (Regular) phases. */
static void
test_ul_rally (void)
{
  const MusterProcedure *rally = &muster_ul_rally;
  g_autofree int *irregular = muster_procedure_default_values (rally);
  g_autofree int *regular = values_for (rally, "status=regular", NULL);
  g_autofree int *near_start = values_for (rally, "ip=12", NULL);
  g_autofree int *uncapped = values_for (rally, "ip=12", "cap=no", NULL);
  g_autofree int *above = values_for (rally, "ip=20", NULL);
  g_autoptr(MusterProcedureResult) ri = exact (rally, irregular);
  g_autoptr(MusterProcedureResult) rr = exact (rally, regular);
  g_autoptr(MusterProcedureResult) rn = exact (rally, near_start);
  g_autoptr(MusterProcedureResult) ru = exact (rally, uncapped);

  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (output (ri, "phases")), 2.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (ri, "phases"), 1), 0.5, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (output (rr, "phases")), 1.25, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (output (ri, "ip")), 10.5, EPSILON);
  /* 12 + d8 capped at 17: 13 to 16, and 17 with 4/8. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rn, "ip"), 17), 0.5, EPSILON);
  g_assert_cmpint (muster_dist_get_max (output (ru, "ip")), ==, 20);
  assert_refused (rally, above, "the current IP (20) is above the starting IP (17)");
  assert_enumeration_matches (rally, irregular);
  assert_enumeration_matches (rally, near_start);
}

/* The engagement is simulated only: one seed gives one result, and its first round agrees with
 * the exact melee round within four standard errors. */
static void
test_ul_engagement (void)
{
  const MusterProcedure *engagement = &muster_ul_engagement;
  const MusterProcedure *melee = &muster_ul_melee_round;
  static const char * const inputs[] = {
    "a-class=foot", "a-order=close", "a-status=irregular", "a-weapon=spear", "a-ip=25",
    "a-charge=charge", "b-class=foot", "b-order=close", "b-status=regular", "b-weapon=pike",
    "b-ip=31", "b-charge=none",
  };
  g_autofree int *values = muster_procedure_default_values (engagement);
  g_autofree int *round = muster_procedure_default_values (melee);
  g_autoptr(MusterProcedureResult) first = NULL;
  g_autoptr(MusterProcedureResult) again = NULL;
  g_autoptr(MusterProcedureResult) other = NULL;
  g_autoptr(MusterProcedureResult) reference = NULL;
  const guint64 trials = 100000;
  static const char * const pairs[][2] = {
    { "first-loss-a", "loss-a" }, { "first-loss-b", "loss-b" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_assert_true (muster_procedure_set_value (engagement, values, inputs[i], NULL));
      g_assert_true (muster_procedure_set_value (melee, round, inputs[i], NULL));
    }
  g_assert_null (engagement->exact);
  first = muster_procedure_simulate (engagement, ruleset, values, trials, 7, NULL);
  again = muster_procedure_simulate (engagement, ruleset, values, trials, 7, NULL);
  other = muster_procedure_simulate (engagement, ruleset, values, trials, 8, NULL);
  reference = exact (melee, round);
  for (guint i = 0; i < engagement->n_outputs; i++)
    g_assert_true (muster_dist_equal (muster_procedure_result_get_output (first, i),
                                      muster_procedure_result_get_output (again, i), 0.0));
  g_assert_false (muster_dist_equal (output (first, "ip-a"), output (other, "ip-a"), 0.0));

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      MusterDist *s = output (first, pairs[i][0]);
      MusterDist *e = output (reference, pairs[i][1]);

      for (int v = muster_dist_get_min (e); v <= muster_dist_get_max (e); v++)
        {
          double p = muster_dist_get_prob (e, v);
          double se = sqrt (p * (1 - p) / trials);

          g_assert_cmpfloat (fabs (muster_dist_get_prob (s, v) - p), <=, 4 * se + 1e-12);
        }
    }

  /* Someone breaks or the lines part in most fights of eight phases between these two. */
  g_assert_cmpfloat (muster_dist_get_prob (output (first, "result"), 0), <, 0.5);
  g_assert_cmpint (muster_dist_get_min (output (first, "phases")), >=, 1);
}

/* Inputs the rules do not allow together are refused before the trials, with the reason: a
 * fanatic charge by Regulars (the odds panel offered it between Twelve Squares' units, and
 * each trial failed with a warning). */
static void
test_ul_engagement_refused (void)
{
  const MusterProcedure *engagement = &muster_ul_engagement;
  g_autofree int *values = muster_procedure_default_values (engagement);
  g_autoptr(MusterProcedureResult) result = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_procedure_set_value (engagement, values, "a-status=regular", NULL));
  g_assert_true (muster_procedure_set_value (engagement, values, "a-charge=fanatic", NULL));
  result = muster_procedure_simulate (engagement, ruleset, values, 1000, 7, &error);
  g_assert_null (result);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "fanatic-charge"));
  g_clear_error (&error);
  /* allowed again, it plays */
  g_assert_true (muster_procedure_set_value (engagement, values, "a-status=irregular", NULL));
  result = muster_procedure_simulate (engagement, ruleset, values, 1000, 7, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
}

/* §6.2: P(activated) = clamp((7 − need)/6, 0, 1), one d6 each (X15); the provisional table
 * need = max(2, N − R + 3) for Regulars, + 4 for Irregulars. */
static void
test_ul_activation (void)
{
  const MusterProcedure *activation = &muster_ul_activation;
  static const struct
  {
    const char *inputs[4];
    double      p;
  } cases[] = {
    { { "rating=3", "attempted=2" }, 5.0 / 6 },                        /* need 2 */
    { { "rating=3", "attempted=2", "distance=30-60" }, 4.0 / 6 },      /* 3 */
    { { "rating=3", "attempted=2", "distance=over-120", "blocked=yes" }, 1.0 / 6 },
    { { "rating=3", "attempted=2", "on-wait=yes" }, 1 },               /* 0 */
    { { "rating=3", "attempted=5", "changing-orders=yes" }, 1.0 / 6 }, /* 5 + 1 */
    { { "rating=1", "attempted=5", "on-wait=yes" }, 0 },               /* "no" */
    { { "rating=4", "attempted=3", "status=irregular" }, 4.0 / 6 },    /* 3 */
    { { "rating=2", "attempted=5", "linked=8" }, 3.0 / 6 },            /* 6 − 2 */
  };
  g_autofree int *two = values_for (activation, "rating=3", "attempted=2", NULL);
  g_autofree int *three = values_for (activation, "rating=2", "attempted=3", "linked=4", NULL);
  const int faces[] = { 2, 1 };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *assignments[5] = { cases[i].inputs[0], cases[i].inputs[1], cases[i].inputs[2],
                                     cases[i].inputs[3], NULL };
      double mean = mean_with (activation, "first", assignments);

      if (fabs (mean - cases[i].p) > EPSILON)
        g_error ("activation case %u: %.15g, expected %.15g", i, mean, cases[i].p);
    }
  g_assert_cmpfloat_with_epsilon (mean_with (activation, "activated",
                                             (const char *[]) { "rating=3", "attempted=2",
                                                                NULL }),
                                  10.0 / 6, EPSILON);
  g_assert_cmpint (resolve (activation, two, "activated", faces, 2), ==, 1);
  g_assert_cmpint (resolve (activation, two, "first", faces, 2), ==, 1);
  assert_enumeration_matches (activation, two);
  assert_enumeration_matches (activation, three);
}

/* §6.3: the own-initiative tables, d6 by rating. */
static void
test_ul_sub_commander_initiative (void)
{
  const MusterProcedure *initiative = &muster_ul_sub_commander_initiative;
  g_autofree int *regular = values_for (initiative, "rating=2", "troops=all-regular", NULL);
  g_autofree int *irregular = values_for (initiative, "rating=1", NULL);
  g_autofree int *best = values_for (initiative, "rating=6", "troops=all-regular", NULL);
  g_autoptr(MusterProcedureResult) rr = exact (initiative, regular);
  g_autoptr(MusterProcedureResult) ri = exact (initiative, irregular);
  g_autoptr(MusterProcedureResult) rb = exact (initiative, best);
  const int rush[] = { 4, 1 }, left[] = { 1, 3 }, right[] = { 1, 4 };
  MusterDist *orders = output (rr, "orders");

  /* Regular, rating 2: LR A A W W LR. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (orders, 5), 2.0 / 6, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (orders, 1), 2.0 / 6, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (orders, 2), 2.0 / 6, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rr, "side"), 1), 1.0 / 6,
                                  EPSILON);
  /* Irregular, rating 1: LR LR LR R LR AT. */
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (ri, "orders"), 5), 4.0 / 6,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (ri, "orders"), 3), 1.0 / 6,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rb, "orders"), 4), 1, EPSILON);
  g_assert_cmpint (resolve (initiative, irregular, "orders", rush, 2), ==, 3);
  g_assert_cmpint (resolve (initiative, irregular, "side", rush, 2), ==, 0);
  g_assert_cmpint (resolve (initiative, irregular, "side", left, 2), ==, 1);
  g_assert_cmpint (resolve (initiative, irregular, "side", right, 2), ==, 2);
  assert_enumeration_matches (initiative, regular);
  assert_enumeration_matches (initiative, irregular);
}

/* §6.6: 1–2 as Neighbour (then 1–2 left, 3–4 right, 5 front, 6 behind); Irregulars charge on
 * 3–4. */
static void
test_ul_tu_initiative (void)
{
  const MusterProcedure *initiative = &muster_ul_tu_initiative;
  g_autofree int *irregular = muster_procedure_default_values (initiative);
  g_autofree int *regular = values_for (initiative, "status=regular", NULL);
  g_autoptr(MusterProcedureResult) ri = exact (initiative, irregular);
  g_autoptr(MusterProcedureResult) rr = exact (initiative, regular);
  const int faces[] = { 2, 5 };

  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (ri, "action"), 2), 2.0 / 6,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (rr, "action"), 2), 0, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (ri, "neighbour"), 1), 1.0 / 9,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (ri, "neighbour"), 4), 1.0 / 18,
                                  EPSILON);
  g_assert_cmpint (resolve (initiative, regular, "neighbour", faces, 2), ==, 3);
  assert_enumeration_matches (initiative, irregular);
  assert_enumeration_matches (initiative, regular);
}

/* §12.1: d8, +2 on the edge: interior squares are open with 4/8 and never impassable; edge
 * squares open with 2/8 (3–4) and impassable with 2/8. */
static void
test_ul_terrain (void)
{
  const MusterProcedure *terrain = &muster_ul_terrain;
  g_autofree int *interior = muster_procedure_default_values (terrain);
  g_autofree int *edge = values_for (terrain, "edge=yes", NULL);
  g_autoptr(MusterProcedureResult) ri = exact (terrain, interior);
  g_autoptr(MusterProcedureResult) re = exact (terrain, edge);
  const int eight = 8;

  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (ri, "terrain"), 0), 0.5, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (ri, "terrain"), 5), 0, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (re, "terrain"), 0), 0.25,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (re, "terrain"), 5), 0.25,
                                  EPSILON);
  g_assert_cmpint (resolve (terrain, interior, "terrain", &eight, 1), ==, 4);
  g_assert_cmpint (resolve (terrain, edge, "terrain", &eight, 1), ==, 5);
  assert_enumeration_matches (terrain, interior);
  assert_enumeration_matches (terrain, edge);
}

/* §12.3: d6 each, ties roll again (X47); a 6 against a 1 is an ambush, 1/36 a roll for each
 * player, so 1/30 of the deciding rolls; beaten by 4 would be 3/30. */
static void
test_ul_deployment (void)
{
  const MusterProcedure *deployment = &muster_ul_deployment;
  g_autofree int *book = muster_procedure_default_values (deployment);
  g_autofree int *by_four = values_for (deployment, "margin=4", NULL);
  g_autoptr(MusterProcedureResult) result = exact (deployment, book);
  g_autoptr(MusterProcedureResult) wider = exact (deployment, by_four);

  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (result, "first-roll"), 2),
                                  6.0 / 36, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (result, "winner"), 0), 0.5,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (result, "ambush"), 1), 1.0 / 30,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (result, "ambush"), 2), 1.0 / 30,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (wider, "ambush"), 1), 3.0 / 30,
                                  EPSILON);

  muster_assert_sampler_matches (deployment, ruleset, book, result, 200000, 9);
}

/* §6.4: d20 + rating, ties dice again. Ratings 6 and 1: a tie when B's die is A's + 5, 15/400;
 * B ahead with 105/400; once ties are diced again, A first with 280/385. */
static void
test_ul_tactical_initiative (void)
{
  const MusterProcedure *initiative = &muster_ul_tactical_initiative;
  g_autofree int *values = values_for (initiative, "a-rating=6", "b-rating=1", NULL);
  g_autofree int *even = muster_procedure_default_values (initiative);
  g_autoptr(MusterProcedureResult) result = exact (initiative, values);
  g_autoptr(MusterProcedureResult) even_result = exact (initiative, even);

  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (result, "first-roll"), 2),
                                  15.0 / 400, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (result, "first-roll"), 1),
                                  105.0 / 400, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (result, "first"), 0),
                                  280.0 / 385, EPSILON);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (output (even_result, "first"), 0), 0.5,
                                  EPSILON);

  /* Its sampler re-rolls ties: it agrees with the exact result, and one seed gives one result. */
  muster_assert_sampler_matches (initiative, ruleset, values, result, 200000, 3);
}

static void
test_ul_missing_tables (void)
{
  static const char xml[] =
    "<ruleset format=\"1\" id=\"undying-lands\" version=\"0\"><name>Bare</name></ruleset>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (xml, sizeof xml - 1);
  g_autoptr(MusterRuleset) bare = muster_ruleset_new_from_bytes (bytes, "bare.xml", NULL);
  g_autofree int *values = muster_procedure_default_values (&muster_ul_shoot);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterProcedureResult) result = NULL;

  g_assert_nonnull (bare);
  result = muster_procedure_run_exact (&muster_ul_shoot, bare, values, &error);
  g_assert_null (result);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_cmpstr (error->message, ==, "the undying-lands ruleset has no table “shooting-dice”");
  g_clear_error (&error);
  result = muster_procedure_run_exact (&muster_ul_rally, NULL, values, &error);
  g_assert_null (result);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET);
  g_assert_cmpstr (error->message, ==, "no ruleset is loaded to give table “rally”");
}

/* The provisional melee weapons are marked as ours; the dice the book prints are not. */
static void
test_ul_provenance (void)
{
  const MusterTable *weapons = muster_ruleset_get_table (ruleset, "melee-weapons");
  const MusterTable *shooting = muster_ruleset_get_table (ruleset, "shooting-dice");
  const MusterTableRow *row = NULL;

  for (guint i = 0; i < weapons->rows->len; i++)
    g_assert_true (((MusterTableRow *) weapons->rows->pdata[i])->item.house);
  g_assert_nonnull (muster_table_lookup (shooting, "lrw-drilled", "le-be-co", &row));
  g_assert_false (row->item.house);
  g_assert_false (weapons->item.house);
  g_assert_true (muster_procedure_lookup ("undying-lands", "melee-round") ==
                 &muster_ul_melee_round);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                           "undying-lands.xml", NULL);
  ruleset = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);

  g_test_add_func ("/engine/ul/dice", test_ul_dice);
  g_test_add_func ("/engine/ul/shoot/book-example", test_ul_shoot_book_example);
  g_test_add_func ("/engine/ul/shoot/modifiers", test_ul_shoot_modifiers);
  g_test_add_func ("/engine/ul/shoot/enumeration", test_ul_shoot_enumeration);
  g_test_add_func ("/engine/ul/melee/pike-example", test_ul_melee_pike_example);
  g_test_add_func ("/engine/ul/melee/galatian-example", test_ul_melee_galatian_example);
  g_test_add_func ("/engine/ul/melee/factors", test_ul_melee_factors);
  g_test_add_func ("/engine/ul/melee/enumeration", test_ul_melee_enumeration);
  g_test_add_func ("/engine/ul/integrity-test", test_ul_integrity);
  g_test_add_func ("/engine/ul/fanatic-charge", test_ul_fanatic_charge);
  g_test_add_func ("/engine/ul/evade", test_ul_evade);
  g_test_add_func ("/engine/ul/break-off", test_ul_break_off);
  g_test_add_func ("/engine/ul/repulse", test_ul_repulse);
  g_test_add_func ("/engine/ul/rally", test_ul_rally);
  g_test_add_func ("/engine/ul/engagement", test_ul_engagement);
  g_test_add_func ("/engine/ul/engagement-refused", test_ul_engagement_refused);
  g_test_add_func ("/engine/ul/activation", test_ul_activation);
  g_test_add_func ("/engine/ul/sub-commander-initiative", test_ul_sub_commander_initiative);
  g_test_add_func ("/engine/ul/tu-initiative", test_ul_tu_initiative);
  g_test_add_func ("/engine/ul/terrain", test_ul_terrain);
  g_test_add_func ("/engine/ul/tactical-initiative", test_ul_tactical_initiative);
  g_test_add_func ("/engine/ul/deployment", test_ul_deployment);
  g_test_add_func ("/engine/ul/missing-tables", test_ul_missing_tables);
  g_test_add_func ("/engine/ul/provenance", test_ul_provenance);

  status = g_test_run ();
  muster_ruleset_unref (ruleset);
  return status;
}
