/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-engine.h"
#include "muster-test-legal.h"

/*
 * Multiscale Horse and Musket legality (digest §2.9: budget, percentage caps, BMU sizes for the
 * scale, every BMU in a BMUG with a sub-commander) through the real validator: every constraint
 * of the ruleset with a passing and a failing list and its exact message, and the shipped
 * sample legal.
 */

static MusterRuleset *hm;

#define ERROR MUSTER_SEVERITY_ERROR
#define WARNING MUSTER_SEVERITY_WARNING

static MusterNode *corps, *division;

/* At brigade scale (the default): a commander (20) in a command, a division under its
 * sub-commander (5) with three line infantry brigades of 4 stands (24 each): 97 of 300. */
static void
hm_setup (Legal         *army,
          gconstpointer  data)
{
  legal_init (army, hm, 300);
  corps = legal_add_node (army, NULL, "command", "Corps");
  legal_add (army, corps, "Hancock", "leader", 1, "commander", NULL);
  division = legal_add_node (army, corps, "bmug", "Division");
  legal_add (army, division, "Caldwell", "leader", 1, "sub-commander", NULL);
  legal_add (army, division, "Cross", "line-infantry", 4, NULL);
  legal_add (army, division, "Zook", "line-infantry", 4, NULL);
  legal_add (army, division, "Brooke", "line-infantry", 4, NULL);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 97);
  legal_assert_clean (army);
}

/* §2.9 check 1: total cost within the budget. */
static void
test_points_limit (Legal         *army,
                   gconstpointer  data)
{
  muster_force_set_points_limit (army->force, 96);
  g_assert_cmpstr (legal_only (army, "points-limit", ERROR, 1), ==, "97 points spent of 96.");
  muster_force_set_points_limit (army->force, 97);
  legal_assert_clean (army);
}

/* §2.7, §2.8: one commander per army. */
static void
test_one_commander (Legal         *army,
                    gconstpointer  data)
{
  MusterUnit *second = legal_add (army, corps, "Sickles", "leader", 1, "commander", NULL);
  MusterUnit *first = muster_node_get_unit (corps, 0);

  g_assert_cmpstr (legal_only (army, "one-commander", ERROR, 1), ==,
                   "An army has exactly one commander (2 in this one).");
  legal_remove (second);
  legal_assert_clean (army);
  muster_unit_set_option (first, "commander", 0);
  muster_unit_set_option (first, "mid-commander", 1);
  g_assert_cmpstr (legal_only (army, "one-commander", ERROR, 1), ==,
                   "An army has exactly one commander (0 in this one).");
}

/* §2.9 check 4: a BMU group has one sub-commander and BMUs under him. */
static void
test_bmug (Legal         *army,
           gconstpointer  data)
{
  MusterNode *reserve = legal_add_node (army, corps, "bmug", "Reserve");
  MusterUnit *leader, *second;

  g_assert_cmpstr (legal_only (army, "bmug-sub-commander", ERROR, 1), ==,
                   "Reserve needs exactly one sub-commander (0 in it).");
  g_assert_cmpstr (legal_only (army, "bmug-has-bmus", ERROR, 1), ==, "Reserve holds no BMU.");
  leader = legal_add (army, reserve, "Hays", "leader", 1, "sub-commander", NULL);
  g_assert_cmpstr (legal_only (army, "bmug-has-bmus", ERROR, 1), ==, "Reserve holds no BMU.");
  legal_only (army, "bmug-sub-commander", ERROR, 0);
  legal_add (army, reserve, "Carroll", "line-infantry", 4, NULL);
  legal_assert_clean (army);
  second = legal_add (army, reserve, "Smyth", "leader", 1, "sub-commander", NULL);
  g_assert_cmpstr (legal_only (army, "bmug-sub-commander", ERROR, 1), ==,
                   "Reserve needs exactly one sub-commander (2 in it).");
  legal_remove (second);
  legal_remove (leader);
  g_assert_cmpstr (legal_only (army, "bmug-sub-commander", ERROR, 1), ==,
                   "Reserve needs exactly one sub-commander (0 in it).");
}

/* §2.9 check 4: no BMU outside a BMU group (the module's custom check). */
static void
test_bmu_in_bmug (Legal         *army,
                  gconstpointer  data)
{
  MusterUnit *stray = legal_add (army, corps, "Stray", "line-infantry", 4, NULL);

  g_assert_cmpstr (legal_only (army, "bmu-in-bmug", ERROR, 1), ==,
                   "Stray (Line infantry) stands in Corps, outside any BMU group: every BMU "
                   "belongs to a BMU group under a sub-commander.");
  muster_node_move_unit (corps, muster_node_get_n_units (corps) - 1, division,
                         muster_node_get_n_units (division));
  legal_assert_clean (army);
  (void) stray;
}

/* §2.7: a leader is one stand. */
static void
test_leader_single_stand (Legal         *army,
                          gconstpointer  data)
{
  MusterUnit *leader = muster_node_get_unit (division, 0);

  muster_unit_set_size (leader, 2);
  g_assert_cmpstr (legal_only (army, "leader-single-stand", ERROR, 1), ==,
                   "Caldwell is a single leader stand.");
  muster_unit_set_size (leader, 1);
  legal_assert_clean (army);
}

/* §1, §2.9 check 3: the usual BMU stands for the scale (warnings). */
static void
test_bmu_stands (Legal         *army,
                 gconstpointer  data)
{
  static const struct {
    const char *scale, *rule;
    guint low, high, bad_low, bad_high;
    const char *unit_type, *message;
  } cases[] = {
    { "section", "bmu-stands-section", 4, 5, 3, 6, "line-infantry",
      "a section is usually 4 to 5 at section scale." },
    { "company", "bmu-stands-company", 4, 4, 3, 5, "light-infantry",
      "a company is usually 4 at company scale." },
    { "battalion", "bmu-stands-battalion", 8, 10, 7, 11, "line-infantry",
      "a battalion is usually 8 to 10 at battalion scale." },
    { "regiment", "bmu-stands-regiment", 5, 8, 4, 9, "irregular-foot",
      "a regiment is usually 5 to 8 at regiment scale." },
    { "brigade", "bmu-stands-brigade", 2, 18, 1, 19, "line-infantry",
      "a brigade is usually 2 to 18 at brigade scale." },
  };

  /* Only the test unit, so that the others' sizes do not count (infantry: one cavalry unit
   * alone would break the cavalry cap). */
  for (guint i = 0; i < 3; i++)
    legal_remove (muster_node_get_unit (division, 1));
  muster_force_set_points_limit (army->force, 100000);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterUnit *unit;
      g_autofree char *low = g_strdup_printf ("X has %u stands; %s", cases[i].bad_low, cases[i].message);
      g_autofree char *high = g_strdup_printf ("X has %u stands; %s", cases[i].bad_high, cases[i].message);

      g_free (muster_force_set_setting (army->force, "scale", cases[i].scale));
      unit = legal_add (army, division, "X", cases[i].unit_type, cases[i].low, NULL);
      legal_assert_clean (army);
      muster_unit_set_size (unit, cases[i].high);
      legal_assert_clean (army);
      muster_unit_set_size (unit, cases[i].bad_low);
      g_assert_cmpstr (legal_only (army, cases[i].rule, WARNING, 1), ==, low);
      g_assert_true (muster_validator_is_legal (army->validator));
      muster_unit_set_size (unit, cases[i].bad_high);
      g_assert_cmpstr (legal_only (army, cases[i].rule, WARNING, 1), ==, high);
      /* Artillery and the other scales' rules do not apply. */
      for (guint j = 0; j < G_N_ELEMENTS (cases); j++)
        if (j != i)
          legal_only (army, cases[j].rule, WARNING, 0);
      muster_unit_set_size (unit, cases[i].low);
      legal_add (army, division, "Guns", "artillery", cases[i].bad_high, NULL);
      legal_only (army, cases[i].rule, WARNING, 0);
      legal_remove (muster_node_get_unit (division, 2));
      legal_remove (unit);
    }
}

/* §2.9 check 2: the house caps, as a share of points spent and of stands. */
static void
test_caps (Legal         *army,
           gconstpointer  data)
{
  static const struct {
    const char *basis, *rule, *type, *option;
    guint good, bad;
    const char *message;
  } cases[] = {
    /* 40 of 137 points; 20 of 117 passes. */
    { "points", "artillery-share-points", "artillery", NULL, 2, 4,
      "Artillery are 29% of the points spent; at most 25%." },
    /* 54 of 151; 45 of 142 passes. */
    { "points", "cavalry-share-points", "line-cavalry", NULL, 5, 6,
      "Cavalry are 36% of the points spent; at most 35%." },
    /* 36 of 133; 24 of 121 passes. */
    { "points", "skirmishers-share-points", "skirmishers", NULL, 4, 6,
      "Skirmishers are 27% of the points spent; at most 25%." },
    /* 5 of 19 stands; 4 of 18 passes. */
    { "stands", "artillery-share-stands", "artillery", NULL, 4, 5,
      "Artillery are 26% of the stands; at most 25%." },
    /* 8 of 22; 6 of 20 passes. */
    { "stands", "cavalry-share-stands", "line-cavalry", NULL, 6, 8,
      "Cavalry are 36% of the stands; at most 35%." },
    { "stands", "skirmishers-share-stands", "skirmishers", NULL, 4, 5,
      "Skirmishers are 26% of the stands; at most 25%." },
    /* Morale A (+2 a stand): 32 of 129 points (16 of 113 passes); 4 of 18 stands (2 of 16). */
    { "points", "elite-share-points", "line-infantry", "morale-a", 2, 4,
      "Morale A troops are 25% of the points spent; at most 20%." },
    { "stands", "elite-share-stands", "line-infantry", "morale-a", 2, 4,
      "Morale A troops are 22% of the stands; at most 20%." },
  };

  muster_force_set_points_limit (army->force, 100000);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterUnit *unit;

      g_free (muster_force_set_setting (army->force, "cap-basis", cases[i].basis));
      unit = legal_add (army, division, "X", cases[i].type, cases[i].good, cases[i].option, NULL);
      legal_assert_clean (army);
      muster_unit_set_size (unit, cases[i].bad);
      g_assert_cmpstr (legal_only (army, cases[i].rule, ERROR, 1), ==, cases[i].message);
      /* The other basis does not apply. */
      g_free (muster_force_set_setting (army->force, "cap-basis",
                                        g_str_equal (cases[i].basis, "points") ? "stands"
                                                                               : "points"));
      legal_only (army, cases[i].rule, ERROR, 0);
      g_free (muster_force_set_setting (army->force, "cap-basis", NULL));
      legal_remove (unit);
    }
}

/* §2.6: percussion shells only waive the shrapnel penalty. */
static void
test_percussion (Legal         *army,
                 gconstpointer  data)
{
  MusterUnit *guns;

  muster_force_set_points_limit (army->force, 100000);
  guns = legal_add (army, division, "Guns", "artillery", 2, "percussion-shells", NULL);
  g_assert_cmpstr (legal_only (army, "percussion-needs-shrapnel", WARNING, 1), ==,
                   "Guns: percussion-detonated shells only waive the shrapnel penalty; it fires "
                   "no shrapnel.");
  g_assert_true (muster_validator_is_legal (army->validator));
  muster_unit_set_option (guns, "shrapnel", 1);
  legal_assert_clean (army);
}

static const LegalSample sample = { &hm, "horse-and-musket-brigade.muster", "" };

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  hm = muster_test_load_shipped_ruleset ("horse-and-musket");

#define HM(name, func) g_test_add ("/engine/hm-legal/" name, Legal, NULL, hm_setup, func, \
                                   legal_teardown)
  HM ("points-limit", test_points_limit);
  HM ("one-commander", test_one_commander);
  HM ("bmug", test_bmug);
  HM ("bmu-in-bmug", test_bmu_in_bmug);
  HM ("leader-single-stand", test_leader_single_stand);
  HM ("bmu-stands", test_bmu_stands);
  HM ("caps", test_caps);
  HM ("percussion", test_percussion);
#undef HM
  g_test_add_data_func ("/engine/hm-legal/sample-legal", &sample, legal_test_sample);

  ret = g_test_run ();
  muster_ruleset_unref (hm);
  return ret;
}
