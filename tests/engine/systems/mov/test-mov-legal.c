/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-engine.h"
#include "muster-test-legal.h"

/*
 * Medals of Valor legality (digest §2.3, §2.4 L2–L10) through the real validator: every
 * constraint of the ruleset with a passing and a failing list and its exact message, a live
 * validator following the edits, and the shipped sample with exactly its three under-strength
 * warnings.
 */

static MusterRuleset *mov;

#define ERROR MUSTER_SEVERITY_ERROR
#define WARNING MUSTER_SEVERITY_WARNING
#define INFO MUSTER_SEVERITY_INFO

static void
mov_setup (Legal         *army,
           gconstpointer  data)
{
  legal_init (army, mov, 0);
}

static MusterNode *
add_node (Legal      *army,
          MusterNode *parent,
          const char *level,
          const char *name,
          const char *soldiers)
{
  MusterNode *node = legal_add_node (army, parent, level, name);

  legal_add_spec (node, soldiers);
  return node;
}

static MusterNode *
add_squad (Legal      *army,
           MusterNode *parent,
           const char *name,
           const char *able,
           const char *baker)
{
  MusterNode *squad = add_node (army, parent, "squad", name, "");

  add_node (army, squad, "fireteam", "Able", able);
  add_node (army, squad, "fireteam", "Baker", baker);
  return squad;
}

/* A platoon of 33 (PL, the platoon staff and three squads) unless @staff or the third squad's
 * teams say otherwise. */
static MusterNode *
add_platoon (Legal      *army,
             const char *staff,
             const char *third_able,
             const char *third_baker)
{
  MusterNode *platoon = add_node (army, NULL, "platoon", "2nd Platoon", staff);

  add_squad (army, platoon, "1st Squad", "sl em*4", "asl em*4");
  add_squad (army, platoon, "2nd Squad", "sl em*4", "asl em*4");
  add_squad (army, platoon, "3rd Squad", third_able, third_baker);
  return platoon;
}

static void
remove_last (MusterNode *node)
{
  muster_unit_free (muster_node_remove_unit (node, muster_node_get_n_units (node) - 1));
}

/* §2.3 fireteam: 5 men led by an ASL; L2 under strength warns, L3 over strength is an error. */
static void
test_fireteam (Legal         *army,
               gconstpointer  data)
{
  MusterNode *team = add_node (army, NULL, "fireteam", "Able", "asl em*4");

  legal_assert_clean (army);
  remove_last (team);
  g_assert_cmpstr (legal_only (army, "fireteam-under-strength", WARNING, 1), ==,
                   "Able is under strength: 4 of the fireteam's 5 men.");
  g_assert_true (muster_validator_is_legal (army->validator));
  legal_add_spec (team, "em em");
  g_assert_cmpstr (legal_only (army, "fireteam-over-strength", ERROR, 1), ==,
                   "Able has 6 men; a fireteam is 5.");
  g_free (muster_force_set_setting (army->force, "over-strength", "allowed"));
  legal_assert_clean (army);
  g_free (muster_force_set_setting (army->force, "over-strength", NULL));
  remove_last (team);
  legal_assert_clean (army);
  muster_unit_free (muster_node_remove_unit (team, 0));
  legal_add_spec (team, "em");
  g_assert_cmpstr (legal_only (army, "fireteam-leader", ERROR, 1), ==,
                   "Able has no leader: a fireteam is led by an ASL or higher.");
  remove_last (team);
  legal_add_spec (team, "sl");
  legal_assert_clean (army);

  /* ASL 1 + EM 4: a second ASL in place of a rifleman breaks the mix, not the head count. */
  muster_unit_free (muster_node_remove_unit (team, 0));
  legal_add_spec (team, "asl");
  legal_assert_clean (army);
  muster_unit_free (muster_node_remove_unit (team, 0));
  legal_add_spec (team, "asl");
  g_assert_cmpstr (legal_only (army, "fireteam-asl", ERROR, 1), ==,
                   "Able has 2 ASLs; a fireteam has 1.");
  g_free (muster_force_set_setting (army->force, "over-strength", "allowed"));
  legal_assert_clean (army);
}

/* §2.3 weapon system: 2 to 5 men, ASL+, and a crew-served weapon (§1.2). */
static void
test_weapon_system (Legal         *army,
                    gconstpointer  data)
{
  MusterNode *mg = add_node (army, NULL, "weapon-system", "MMG", "asl em:mmg");
  MusterNode *mortar, *riflemen;

  legal_assert_clean (army);
  legal_add_spec (mg, "em*3");
  legal_assert_clean (army);
  legal_add_spec (mg, "em");
  g_assert_cmpstr (legal_only (army, "weapon-system-over-strength", ERROR, 1), ==,
                   "MMG has 6 men; a weapon system has at most 5.");
  remove_last (mg);
  legal_assert_clean (army);

  mortar = add_node (army, NULL, "weapon-system", "Mortar", "em:mortar");
  g_assert_cmpstr (legal_only (army, "weapon-system-under-strength", WARNING, 1), ==,
                   "Mortar is under strength: 1 of the 2 to 5 men of a weapon system.");
  g_assert_cmpstr (legal_only (army, "weapon-system-leader", ERROR, 1), ==,
                   "Mortar has no leader: a weapon system is led by an ASL or higher.");
  legal_add_spec (mortar, "pl");
  legal_assert_clean (army);

  riflemen = add_node (army, NULL, "weapon-system", "Riflemen", "asl em");
  g_assert_cmpstr (legal_only (army, "weapon-system-weapon", ERROR, 1), ==,
                   "Riflemen has no crew-served weapon.");
  legal_add_spec (riflemen, "em:at-system");
  legal_assert_clean (army);

  /* §1.2: one weapon with its crew; a second gun is a second weapon system. */
  legal_add_spec (riflemen, "em:mortar");
  g_assert_cmpstr (legal_only (army, "weapon-system-one-weapon", ERROR, 1), ==,
                   "Riflemen has 2 crew-served weapons; a weapon system is one weapon with its crew.");
  remove_last (riflemen);
  legal_assert_clean (army);
  legal_add_spec (riflemen, "asl");
  g_assert_cmpstr (legal_only (army, "weapon-system-asl", ERROR, 1), ==,
                   "Riflemen has 2 ASLs; a weapon system has 1.");
  remove_last (riflemen);
  legal_assert_clean (army);
}

/* The force's one node breaks @rule with @message (or nothing, for a NULL @rule); without it
 * the force is clean. */
static void
expect_and_remove (Legal          *army,
                   const char     *rule,
                   MusterSeverity  severity,
                   const char     *message)
{
  MusterNode *root = muster_force_get_root (army->force);

  if (rule == NULL)
    legal_assert_clean (army);
  else
    g_assert_cmpstr (legal_only (army, rule, severity, 1), ==, message);
  muster_node_free (muster_node_remove_node (root, 0));
  legal_assert_clean (army);
}

/* §2.3 squad: 10 men, SL 1, ASL 1–2, EM 7–8. */
static void
test_squad (Legal         *army,
            gconstpointer  data)
{
  static const struct {
    const char *able, *baker, *rule;
    MusterSeverity severity;
    const char *message;
  } cases[] = {
    { "sl em*4", "asl em*4", NULL, ERROR, NULL },
    { "sl asl em*3", "asl em*4", NULL, ERROR, NULL },
    { "sl em*4", "asl em*3", "squad-under-strength", WARNING,
      "1st Squad is under strength: 9 of the squad's 10 men." },
    { "sl em*4", "asl em*5", "squad-over-strength", ERROR, "1st Squad has 11 men; a squad is 10." },
    { "sl em*4", "asl em*5", "squad-em", ERROR, "1st Squad has 9 EM; a squad has at most 8." },
    { "sl asl em*3", "asl asl em*3", "squad-asl", ERROR,
      "1st Squad has 3 ASLs; a squad has at most 2." },
    { "asl em*4", "asl em*4", "squad-leader", ERROR,
      "1st Squad has 0 squad leaders; a squad is led by one SL." },
    { "sl em*4", "sl em*4", "squad-leader", ERROR,
      "1st Squad has 2 squad leaders; a squad is led by one SL." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      add_squad (army, NULL, "1st Squad", cases[i].able, cases[i].baker);
      expect_and_remove (army, cases[i].rule, cases[i].severity, cases[i].message);
    }
}

/* §2.3 platoon: 33 men, PL 1, SL 3, ASL 3–6, EM 23–26 with the platoon staff. */
static void
test_platoon (Legal         *army,
              gconstpointer  data)
{
  static const struct {
    const char *staff, *able, *baker, *rule;
    MusterSeverity severity;
    const char *message;
  } cases[] = {
    { "pl platoon-sergeant em", "sl em*4", "asl em*4", NULL, ERROR, NULL },
    { "pl platoon-sergeant em", "sl asl em*3", "asl em*4", NULL, ERROR, NULL },
    { "platoon-sergeant em", "sl em*4", "asl em*4", "platoon-under-strength", WARNING,
      "2nd Platoon is under strength: 32 of the platoon's 33 men." },
    { "pl platoon-sergeant em em", "sl em*4", "asl em*4", "platoon-over-strength", ERROR,
      "2nd Platoon has 34 men; a platoon is 33." },
    { "em em em", "sl em*4", "asl em*4", "platoon-leader", ERROR,
      "2nd Platoon has no leader: a platoon is led by a PL (a lieutenant or the platoon "
      "sergeant)." },
    { "pl pl em", "sl em*4", "asl em*4", "platoon-officer", ERROR,
      "2nd Platoon has 2 platoon leaders; a platoon has 1." },
    { "pl platoon-sergeant em", "sl em*4", "sl em*4", "platoon-squad-leaders", ERROR,
      "2nd Platoon has 4 squad leaders; a platoon has 3." },
    { "pl platoon-sergeant asl", "sl asl asl em*2", "asl asl em*3", "platoon-asl", ERROR,
      "2nd Platoon has 7 ASLs; a platoon has at most 6." },
    { "platoon-sergeant em em", "sl em*4", "asl em*4", "platoon-em", ERROR,
      "2nd Platoon has 27 EM (platoon staff included); a platoon has at most 26." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      add_platoon (army, cases[i].staff, cases[i].able, cases[i].baker);
      expect_and_remove (army, cases[i].rule, cases[i].severity, cases[i].message);
    }
}

/* L5: at most one company commander per player. */
static void
test_company_commander (Legal         *army,
                        gconstpointer  data)
{
  MusterUnit *second;

  legal_add (army, NULL, "Capt. Miller", "co", 1, NULL);
  legal_assert_clean (army);
  second = legal_add (army, NULL, "Capt. Hamill", "co", 1, NULL);
  g_assert_cmpstr (legal_only (army, "one-company-commander", ERROR, 1), ==,
                   "A player has at most one company commander (2).");
  legal_remove (second);
  legal_assert_clean (army);
}

/* L7: a side whose players have several captains promotes one to Major. */
static void
test_commander_in_chief (Legal         *army,
                         gconstpointer  data)
{
  MusterForce *ally;
  MusterUnit *captain;

  legal_add (army, NULL, "Capt. Miller", "co", 1, NULL);
  g_free (muster_force_set_side (army->force, "Allies"));
  muster_doc_insert_force (army->doc, 1, muster_force_new ("Baker Company", 0));
  ally = muster_doc_get_force (army->doc, 1);
  g_free (muster_force_set_side (ally, "Allies"));
  legal_assert_clean (army);
  legal_add_spec (muster_force_get_root (ally), "co");
  captain = muster_node_get_unit (muster_force_get_root (ally), 0);
  g_assert_cmpstr (legal_only (army, "side-commander-in-chief", WARNING, 2), ==,
                   "Host: the side has 2 company commanders and none outranks the "
                   "others; one is promoted to Major (O4) to command the side (L7).");
  g_assert_true (muster_validator_is_legal (army->validator));
  muster_unit_set_option (captain, "o4", 1);
  legal_assert_clean (army);
  muster_unit_set_option (captain, "o4", 0);
  legal_only (army, "side-commander-in-chief", WARNING, 2);
  g_free (muster_force_set_side (ally, "Axis"));
  legal_assert_clean (army);
}

/* L8: two medics per platoon, a campaign option. */
static void
test_medics (Legal         *army,
             gconstpointer  data)
{
  MusterNode *platoon = add_platoon (army, "pl platoon-sergeant", "sl em*4", "asl em*4");
  MusterUnit *doc;

  /* 32 men: the medic makes 33. */
  legal_only (army, "platoon-under-strength", WARNING, 1);
  doc = legal_add (army, platoon, "Doc", "em", 1, "medic", NULL);
  g_assert_cmpstr (legal_only (army, "medics-campaign-only", ERROR, 1), ==,
                   "Doc: medics are a campaign rule (switch Campaign rules on).");
  g_free (muster_force_set_setting (army->force, "campaign", "on"));
  legal_assert_clean (army);
  legal_add (army, platoon, "Doc 2", "em", 1, "medic", NULL);
  g_assert_cmpstr (legal_only (army, "platoon-over-strength", ERROR, 1), ==,
                   "2nd Platoon has 34 men; a platoon is 33.");
  g_free (muster_force_set_setting (army->force, "over-strength", "allowed"));
  legal_assert_clean (army);
  legal_add (army, platoon, "Doc 3", "em", 1, "medic", NULL);
  g_assert_cmpstr (legal_only (army, "medics-per-platoon", ERROR, 1), ==,
                   "2nd Platoon has 3 medics; a platoon is assigned 2.");
  legal_remove (doc);
  legal_assert_clean (army);
}

/* L10: the side without a tank should deploy an AT system (advice, a note). */
static void
test_at_advice (Legal         *army,
                gconstpointer  data)
{
  MusterForce *enemy;
  MusterUnit *bazooka;

  legal_add_spec (muster_force_get_root (army->force), "asl em*4");
  muster_doc_insert_force (army->doc, 1, muster_force_new ("Panzers", 0));
  enemy = muster_doc_get_force (army->doc, 1);
  g_free (muster_force_set_side (enemy, "Axis"));
  legal_assert_clean (army);
  legal_add_spec (muster_force_get_root (enemy), "tank");
  g_assert_cmpstr (legal_only (army, "at-system-against-tanks", INFO, 1), ==,
                   "Host faces 1 enemy tanks without an AT system; for assault scenarios the "
                   "book advises the side without a tank to deploy one.");
  g_assert_true (muster_validator_is_legal (army->validator));
  bazooka = legal_add (army, NULL, "Bazooka", "em", 1, "at-system", NULL);
  legal_assert_clean (army);
  legal_remove (bazooka);
  g_free (muster_force_set_side (army->force, "Axis"));
  legal_assert_clean (army);
}

/* Legal, with the 3rd Squad's Baker team a man short (L2). */
static const LegalSample sample = {
  &mov, "medals-of-valor-village-assault.muster",
  "warning platoon-under-strength f1/n2 (2nd Platoon, Able Company › 2nd "
  "Platoon): 2nd Platoon is under strength: 32 of the platoon's 33 men.\n"
  "warning squad-under-strength f1/n2/n9 (2nd Platoon, Able Company › 2nd "
  "Platoon › 3rd Squad): 3rd Squad is under strength: 9 of the squad's 10 men.\n"
  "warning fireteam-under-strength f1/n2/n9/n11 (2nd Platoon, Able Company › "
  "2nd Platoon › 3rd Squad › 3rd Squad, Baker team): 3rd Squad, Baker team is "
  "under strength: 4 of the fireteam's 5 men.\n"
};

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  mov = muster_test_load_shipped_ruleset ("medals-of-valor");

#define MOV(name, func) g_test_add ("/engine/mov-legal/" name, Legal, NULL, mov_setup, func, \
                                    legal_teardown)
  MOV ("fireteam", test_fireteam);
  MOV ("weapon-system", test_weapon_system);
  MOV ("squad", test_squad);
  MOV ("platoon", test_platoon);
  MOV ("company-commander", test_company_commander);
  MOV ("commander-in-chief", test_commander_in_chief);
  MOV ("medics", test_medics);
  MOV ("at-advice", test_at_advice);
#undef MOV
  g_test_add_data_func ("/engine/mov-legal/sample-three-warnings", &sample, legal_test_sample);

  ret = g_test_run ();
  muster_ruleset_unref (mov);
  return ret;
}
