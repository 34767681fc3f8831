/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-engine.h"
#include "muster-test-legal.h"

/*
 * Standards of Valor legality (digest §1, §2) through the real validator: every constraint of
 * the ruleset with a passing and a failing list and its exact message, and the shipped sample
 * legal.
 */

static MusterRuleset *sov;

#define ERROR MUSTER_SEVERITY_ERROR
#define WARNING MUSTER_SEVERITY_WARNING

static void
sov_setup (Legal         *army,
           gconstpointer  data)
{
  legal_init (army, sov, 50000);
  /* A century in the default Close Order with its leader, and a company of cavalry. */
  legal_add (army, NULL, "Century", "infantry", 20, "leader", NULL);
  legal_add (army, NULL, "Turma", "cavalry", 16, NULL);
  legal_assert_clean (army);
}

/* §1.1: every unit includes a leader figure (a custom check of the module). */
static void
test_unit_leader (Legal         *army,
                  gconstpointer  data)
{
  MusterUnit *unit = legal_add (army, NULL, "Archers", "infantry", 12, "musician", NULL);

  g_assert_cmpstr (legal_only (army, "unit-leader", ERROR, 1), ==,
                   "Archers has no leader figure: every unit includes one.");
  g_assert_false (muster_validator_is_legal (army->validator));
  muster_unit_set_option (unit, "leader", 1);
  legal_assert_clean (army);
  /* Independent figures are no units with a leader. */
  legal_add (army, NULL, "Scout", "character", 1, NULL);
  legal_assert_clean (army);
}

/* §1.4: a battalion is usually 3 to 5 companies (characters do not count). */
static void
test_battalion_companies (Legal         *army,
                          gconstpointer  data)
{
  MusterNode *cohort = legal_add_node (army, NULL, "battalion", "Cohort");
  MusterUnit *units[6];

  for (guint i = 0; i < 2; i++)
    units[i] = legal_add (army, cohort, "Century", "infantry", 20, "leader", NULL);
  legal_add (army, cohort, "Tribune", "character", 1, NULL);
  g_assert_cmpstr (legal_only (army, "battalion-companies", WARNING, 1), ==,
                   "Cohort holds 2 companies; a battalion is usually 3 to 5.");
  g_assert_true (muster_validator_is_legal (army->validator));
  for (guint i = 2; i < 5; i++)
    {
      units[i] = legal_add (army, cohort, "Century", "infantry", 20, "leader", NULL);
      legal_assert_clean (army);
    }
  units[5] = legal_add (army, cohort, "Century", "infantry", 20, "leader", NULL);
  g_assert_cmpstr (legal_only (army, "battalion-companies", WARNING, 1), ==,
                   "Cohort holds 6 companies; a battalion is usually 3 to 5.");
  legal_remove (units[5]);
  legal_assert_clean (army);
}

static const LegalForbid forbid[] = {
  /* §2.2: slings in Skirmish formation only; Close Order is the infantry's default. */
  { "sling-skirmish-only", ERROR, "infantry", { "leader", "sling" }, { "skirmish-order" }, NULL,
    "X: slings are used in Skirmish formation only." },
  { "sling-skirmish-only", ERROR, "cavalry", { "leader", "sling", "open-order" },
    { "skirmish-order" }, "open-order", "X: slings are used in Skirmish formation only." },
  { "sling-skirmish-only", ERROR, "infantry", { "leader", "sling", "wedge", "specially-trained" },
    { "skirmish-order" }, "wedge", "X: slings are used in Skirmish formation only." },
  /* §1.2, §4.7: a Wedge needs special training. */
  { "wedge-needs-training", ERROR, "cavalry", { "leader", "wedge" }, { "specially-trained" }, NULL,
    "X: only specially trained units may form a Wedge." },
  /* §4.7: a Shield Wall needs Large Shields. */
  { "shield-wall-needs-large-shields", ERROR, "infantry", { "leader", "phalanx" },
    { "large-shield" }, NULL,
    "X: Phalanx and Testudo keep a Shield Wall, which needs Large Shields." },
  { "shield-wall-needs-large-shields", ERROR, "infantry", { "leader", "testudo" },
    { "large-shield" }, NULL,
    "X: Phalanx and Testudo keep a Shield Wall, which needs Large Shields." },
  /* §4.12.10: chariots, elephants and horse archers. */
  { "mobile-missile-platform-mounted", ERROR, "infantry",
    { "leader", "mobile-missile-platform", "short-bow" }, { NULL }, "mobile-missile-platform",
    "X: Mobile Missile Platforms are chariots, elephants and trained horse archers." },
  /* §2.3: lances and kontos are cavalry charge weapons. */
  { "lance-mounted", WARNING, "infantry", { "leader", "lance" }, { NULL }, "lance",
    "X: lances and kontos are cavalry charge weapons." },
  { "lance-mounted", WARNING, "infantry", { "leader", "kontos" }, { NULL }, "kontos",
    "X: lances and kontos are cavalry charge weapons." },
  /* §2.3: halberd and long sword are two-handed on foot. */
  { "two-handed-no-shield", WARNING, "infantry", { "leader", "halberd", "large-shield" },
    { NULL }, "large-shield", "X: a two-handed weapon leaves no hand for a Large Shield." },
  { "two-handed-no-shield", WARNING, "infantry", { "leader", "long-sword", "large-shield" },
    { NULL }, "large-shield", "X: a two-handed weapon leaves no hand for a Large Shield." },
};

static void
test_forbid (Legal         *army,
             gconstpointer  data)
{
  legal_check_forbid (army, NULL, 12, forbid, G_N_ELEMENTS (forbid));
}

/* The same weapons are legal where the digest allows them. */
static void
test_allowed (Legal         *army,
              gconstpointer  data)
{
  legal_add (army, NULL, "Slingers", "infantry", 10, "leader", "sling", "skirmish-order", NULL);
  legal_add (army, NULL, "Horse archers", "cavalry", 10, "leader", "short-bow",
             "mobile-missile-platform", NULL);
  legal_add (army, NULL, "Chariots", "chariot", 5, "leader", "short-bow",
             "mobile-missile-platform", NULL);
  legal_add (army, NULL, "Lancers", "cavalry", 12, "leader", "lance", "large-shield", NULL);
  legal_add (army, NULL, "Cataphracts", "cavalry", 12, "leader", "kontos", NULL);
  legal_add (army, NULL, "Knights", "cavalry", 12, "leader", "long-sword", "large-shield", NULL);
  legal_add (army, NULL, "Halberdiers", "infantry", 20, "leader", "halberd", NULL);
  legal_add (army, NULL, "Phalangites", "infantry", 20, "leader", "phalanx", "large-shield", NULL);
  legal_add (army, NULL, "Wedge", "infantry", 20, "leader", "wedge", "specially-trained", NULL);
  legal_assert_clean (army);
}

/* §1.1: a heavy weapon has a crew of at least 4; an Independent Figure is one figure (the
 * unit types' size ranges, reported as unit-size). */
static void
test_type_sizes (Legal         *army,
                 gconstpointer  data)
{
  MusterUnit *ballista = legal_add (army, NULL, "Ballista", "heavy-weapon", 3, "leader", NULL);
  MusterUnit *hero;

  g_assert_cmpstr (legal_only (army, "unit-size", ERROR, 1), ==,
                   "Ballista (Heavy weapon and crew) has 3 figures; the type takes at least 4.");
  muster_unit_set_size (ballista, 4);
  legal_assert_clean (army);
  hero = legal_add (army, NULL, "Hero", "character", 2, NULL);
  g_assert_cmpstr (legal_only (army, "unit-size", ERROR, 1), ==,
                   "Hero (Independent Figure) has 2 figures; the type takes at most 1.");
  muster_unit_set_size (hero, 1);
  legal_assert_clean (army);
}

static const LegalSample sample = { &sov, "standards-of-valor-punitive-cohort.muster", "" };

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  sov = muster_test_load_shipped_ruleset ("standards-of-valor");

#define SOV(name, func) g_test_add ("/engine/sov-legal/" name, Legal, NULL, sov_setup, func, \
                                    legal_teardown)
  SOV ("unit-leader", test_unit_leader);
  SOV ("battalion-companies", test_battalion_companies);
  SOV ("forbid", test_forbid);
  SOV ("allowed", test_allowed);
  SOV ("type-sizes", test_type_sizes);
#undef SOV
  g_test_add_data_func ("/engine/sov-legal/sample-legal", &sample, legal_test_sample);

  ret = g_test_run ();
  muster_ruleset_unref (sov);
  return ret;
}
