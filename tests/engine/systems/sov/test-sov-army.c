/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"
#include "muster-test-army.h"

/*
 * Standards of Valor army building: the cost chapter's worked examples (§3.4), the two weapon
 * cost readings, per-figure rounding, derived statistics and the unit-leader rule. Every case
 * has a twin with one thing changed, whose cost must differ.
 */

static MusterRuleset *sov;

static const ArmySpec sov_army = { &sov, 0 };

static void
set_variant (Army       *army,
             const char *variant,
             const char *value)
{
  g_free (muster_force_set_setting (army->force, variant, value));
}

static void
test_normal_soldier (Army          *army,
                     gconstpointer  data)
{
  /* §3.4 example 1: D6 move, light armour D6, sword (8 + 8 + 3): BC 31. With no capabilities
   * CM is 2; an Untrained unit's QM is 1, so one figure costs 62. */
  MusterUnit *unit = add_unit (army, "infantry", 1, "untrained", "regular-foot", "light-armour",
                               "sword", NULL);

  g_assert_cmpint (cost_of (unit), ==, 31 * 2);
  set_variant (army, "quality-multiple", "ignore");
  g_assert_cmpint (cost_of (unit), ==, 62);

  /* Twins: medium armour D8 is 2 more in BC; a second figure doubles the unit. */
  muster_unit_set_option (unit, "light-armour", 0);
  muster_unit_set_option (unit, "medium-armour", 1);
  g_assert_cmpint (cost_of (unit), ==, 33 * 2);
  muster_unit_set_size (unit, 2);
  g_assert_cmpint (cost_of (unit), ==, 2 * 33 * 2);
}

static void
test_germanic_warrior (Army          *army,
                       gconstpointer  data)
{
  /* §3.4 example 3: BC 31 (the shield counted inside the light armour); a Regular with no
   * capabilities: 31 × 2 × 3 = 186 per figure. */
  MusterUnit *unit = add_unit (army, "infantry", 20, "regular", "regular-foot", "light-armour",
                               "sword", NULL);

  g_assert_cmpint (cost_of (unit), ==, 20 * 186);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 3720);
  muster_unit_set_option (unit, "regular", 0);
  muster_unit_set_option (unit, "veteran", 1);
  g_assert_cmpint (cost_of (unit), ==, 20 * 31 * 2 * 4);
  /* Impetuous lowers CM by ½: 31 × 1.5 × 4 = 186 again. */
  muster_unit_set_option (unit, "impetuous", 1);
  g_assert_cmpint (cost_of (unit), ==, 20 * 186);
}

static void
test_legionary (Army          *army,
                gconstpointer  data)
{
  /* §3.4 example 2: D6 move, medium armour D8, short sword, pilum, Large Shield; Drilled,
   * Shock Missile and Testudo make CM 4; a Veteran's QM is 4. */
  MusterUnit *unit = add_unit (army, "infantry", 1, "veteran", "regular-foot", "medium-armour",
                               "short-sword", "pilum", "large-shield", "drilled", "shock-missile",
                               "testudo", NULL);
  MusterCost cost = { 0 };

  /* With the table's short sword (8 + 8 = 16) and the pilum by formula (2): BC 34, 544. */
  g_assert_cmpint (cost_of (unit), ==, 34 * 4 * 4);
  /* [default] §3.5 shows both numbers: the printed costs (short sword 16, pilum 6) give
   * BC 38, 608 (§3.4). */
  g_assert_true (muster_system_unit_cost (sov, army->force, unit, &cost));
  g_assert_cmpstr (cost.alternative_label, ==, "printed weapon costs");
  g_assert_cmpint (cost.alternative, ==, 608);
  muster_cost_clear (&cost);
  set_variant (army, "weapon-costs", "table");
  g_assert_cmpint (cost_of (unit), ==, 608);
  g_assert_true (muster_system_unit_cost (sov, army->force, unit, &cost));
  g_assert_cmpstr (cost.alternative_label, ==, "formula weapon costs");
  g_assert_cmpint (cost.alternative, ==, 544);
  muster_cost_clear (&cost);

  /* Twin: without Testudo CM is 3. */
  muster_unit_set_option (unit, "testudo", 0);
  g_assert_cmpint (cost_of (unit), ==, 38 * 3 * 4);
}

static void
test_legionary_book_profile (Army          *army,
                             gconstpointer  data)
{
  /* The book's own 32 and 512 use a short sword of FP D6 (6 + 8 + 0 = 14), which is neither the
   * table's nor Chapter III's profile: a house rule giving it that cost reproduces them. */
  static const char house[] =
    "<ruleset format='1' id='book-legionary' version='1' extends='standards-of-valor'>"
    "<name>Legionary example</name><option-groups><option-group id='hand-weapon'>"
    "<option id='short-sword' name='Short sword (D6, D8, 0)' house='true'>"
    "<cost input='weapon-formula' value='14' when='weapon-costs=formula'/>"
    "</option></option-group></option-groups></ruleset>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (house, sizeof house - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) file = muster_ruleset_new_from_bytes (bytes, "legionary.xml", &error);
  g_autoptr(MusterRuleset) book = NULL;
  MusterUnit *unit;

  g_assert_no_error (error);
  book = muster_ruleset_merge (sov, file, &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (army->doc, book);

  unit = add_unit (army, "infantry", 1, "veteran", "regular-foot", "medium-armour",
                   "short-sword", "pilum", "large-shield", "drilled", "shock-missile", "testudo",
                   NULL);
  /* BC = 6 + 8 + 14 + 2 + 2 = 32; 32 × 4 × 4 = 512, a house value. */
  g_assert_cmpint (cost_of (unit), ==, 512);
  g_assert_true (muster_unit_get_cost (unit)->house);
  /* Twin: a Regular (QM 3). */
  muster_unit_set_option (unit, "veteran", 0);
  muster_unit_set_option (unit, "regular", 1);
  g_assert_cmpint (cost_of (unit), ==, 32 * 4 * 3);
  muster_doc_set_ruleset (army->doc, sov);
}

static void
test_fractions_kept (Army          *army,
                     gconstpointer  data)
{
  /* Throwing spears by formula cost (8 + 6) / 8 = 1.75: D6 + D4 + 1.75 = 11.75, × 2 × 1 = 23.5,
   * rounded once per figure to 24; 20 figures cost 480, not 20 × 23 or a rounded 1.75. */
  MusterUnit *unit = add_unit (army, "infantry", 20, "untrained", "regular-foot",
                               "throwing-spear", NULL);

  g_assert_cmpint (cost_of (unit), ==, 480);
  /* The printed 2: 12 × 2 = 24 too, so the same, and no second number is shown. */
  {
    MusterCost cost = { 0 };

    g_assert_true (muster_system_unit_cost (sov, army->force, unit, &cost));
    g_assert_null (cost.alternative_label);
    muster_cost_clear (&cost);
  }
  /* Javelins differ: formula 3, printed 4. */
  muster_unit_set_option (unit, "throwing-spear", 0);
  muster_unit_set_option (unit, "javelin", 1);
  g_assert_cmpint (cost_of (unit), ==, 20 * (6 + 4 + 3) * 2);
  set_variant (army, "weapon-costs", "table");
  g_assert_cmpint (cost_of (unit), ==, 20 * (6 + 4 + 4) * 2);
}

static void
test_weapon_tables (Army          *army,
                    gconstpointer  data)
{
  /* Every weapon by formula and by table (§3.5), on an Untrained D6/D4 figure (BC 10, × 2). */
  static const struct { const char *id; double formula, table; } weapons[] = {
    { "sling", 12, 12 }, { "javelin", 3, 4 }, { "throwing-spear", 1.75, 2 }, { "pilum", 2, 6 },
    { "short-bow", 7, 7 }, { "long-bow", 14, 14 }, { "crossbow", 9, 8 }, { "harquebus", 6, 6 },
    { "musket", 14, 14 }, { "muzzle-loaded-rifle", 21, 21 }, { "mini-ball-rifle", 28, 28 },
    { "dagger", 8, 4 }, { "short-sword", 16, 16 }, { "spear", 15, 13 }, { "long-spear", 18, 18 },
    { "sword", 19, 19 }, { "kontos", 18, 20 }, { "pike", 21, 21 }, { "lance", 20, 24 },
    { "long-sword", 21, 20 }, { "saber", 19, 19 }, { "halberd", 22, 20 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (weapons); i++)
    {
      MusterUnit *unit = add_unit (army, "infantry", 4, "untrained", "regular-foot",
                                   weapons[i].id, NULL);

      set_variant (army, "weapon-costs", "formula");
      g_assert_cmpint (cost_of (unit), ==, 4 * (gint64) (2 * (10 + weapons[i].formula) + 0.5));
      set_variant (army, "weapon-costs", "table");
      g_assert_cmpint (cost_of (unit), ==, 4 * (gint64) (2 * (10 + weapons[i].table) + 0.5));
    }
}

static void
test_derived_stats (Army          *army,
                    gconstpointer  data)
{
  /* A Regular short bow's band is ½ × 8 = 4"; a Veteran's javelin ¼ × 10 = 2.5" (§9 #5). */
  MusterUnit *archers = add_unit (army, "infantry", 12, "regular", "short-bow", NULL);
  MusterUnit *skirmishers = add_unit (army, "infantry", 12, "veteran", "javelin", NULL);
  g_autoptr(MusterStats) a = muster_system_derived_stats (sov, army->force, archers);
  g_autoptr(MusterStats) s = muster_system_derived_stats (sov, army->force, skirmishers);
  double band;

  g_assert_true (muster_stats_get_number (a, "range-band", &band));
  g_assert_cmpfloat (band, ==, 4);
  g_assert_true (muster_stats_get_number (s, "range-band", &band));
  g_assert_cmpfloat (band, ==, 2.5);
  g_assert_true (muster_stats_get_number (s, "quality", &band));
  g_assert_cmpfloat (band, ==, 10);
}

static void
test_leadership (Army          *army,
                 gconstpointer  data)
{
  /* §3.6: grade C commands a company at LV 3 with Elite troops; the same leader is LV 2 with
   * Regulars and LV 1 with Untrained troops (a 1-in-4 failure chance each); Green 1.5 and
   * Veteran 2.5 round up. */
  static const struct { const char *quality; double lv; } cases[] = {
    { "elite", 3 }, { "veteran", 3 }, { "regular", 2 }, { "green", 2 }, { "untrained", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterUnit *unit = add_unit (army, "infantry", 10, cases[i].quality, "grade-c", NULL);
      g_autoptr(MusterStats) stats = muster_system_derived_stats (sov, army->force, unit);
      double lv;

      g_assert_true (muster_stats_get_number (stats, "lv", &lv));
      g_assert_cmpfloat (lv, ==, cases[i].lv);
    }

  /* The table unchanged for every quality: grade C is LV 3 with Regulars too. */
  set_variant (army, "leadership-scaling", "unchanged");
  {
    MusterUnit *unit = add_unit (army, "infantry", 10, "regular", "grade-c", NULL);
    g_autoptr(MusterStats) stats = muster_system_derived_stats (sov, army->force, unit);
    double lv;

    g_assert_true (muster_stats_get_number (stats, "lv", &lv));
    g_assert_cmpfloat (lv, ==, 3);
  }
}

static guint
count_issues (Army       *army,
              const char *constraint)
{
  g_autoptr(GPtrArray) issues = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_issue_free);
  guint n = 0;

  muster_system_extra_checks (sov, army->force, issues);
  for (guint i = 0; i < issues->len; i++)
    n += g_str_equal (((MusterIssue *) issues->pdata[i])->constraint, constraint);
  return n;
}

static void
test_unit_leader (Army          *army,
                  gconstpointer  data)
{
  /* The type's default command pick is the leader; a unit that picks only a musician has
   * none. An Independent Figure needs none. */
  MusterUnit *unit = add_unit (army, "infantry", 10, NULL);

  add_unit (army, "character", 1, NULL);
  g_assert_cmpuint (count_issues (army, "unit-leader"), ==, 0);
  muster_unit_set_option (unit, "musician", 1);
  g_assert_cmpuint (count_issues (army, "unit-leader"), ==, 1);
  muster_unit_set_option (unit, "leader", 1);
  g_assert_cmpuint (count_issues (army, "unit-leader"), ==, 0);
}

static void
test_sample_cohort (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            "standards-of-valor-punitive-cohort.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr(GBytes) bytes = NULL;
  MusterDoc *doc;
  MusterForce *force;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  bytes = g_bytes_new (text, length);
  doc = muster_doc_new_from_bytes (bytes, "punitive-cohort", &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, sov);
  force = muster_doc_get_force (doc, 0);
  g_assert_cmpuint (muster_force_get_n_uncosted (force), ==, 0);
  /* The First Century: Veteran legionaries with heavy armour: (6 + 10 + 2 + 16 + 2) × 4 × 4
   * = 576 per figure, 20 figures. */
  g_assert_cmpint (cost_of (muster_node_get_unit (
                     muster_node_get_node (muster_force_get_root (force), 0), 0)), ==, 11520);
  muster_doc_free (doc);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);

  path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                           "standards-of-valor.xml", NULL);
  sov = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);

#define ADD(name, func) g_test_add ("/engine/sov-army/" name, Army, &sov_army, army_setup, func, \
                                    army_teardown)
  ADD ("normal-soldier", test_normal_soldier);
  ADD ("germanic-warrior", test_germanic_warrior);
  ADD ("legionary", test_legionary);
  ADD ("legionary-book-profile", test_legionary_book_profile);
  ADD ("fractions-kept", test_fractions_kept);
  ADD ("weapon-tables", test_weapon_tables);
  ADD ("derived-stats", test_derived_stats);
  ADD ("leadership", test_leadership);
  ADD ("unit-leader", test_unit_leader);
#undef ADD
  g_test_add_func ("/engine/sov-army/sample-cohort", test_sample_cohort);

  ret = g_test_run ();
  muster_ruleset_unref (sov);
  return ret;
}
