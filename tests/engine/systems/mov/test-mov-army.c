/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"
#include "muster-test-legal.h"
#include "muster-system-mov.h"

/*
 * Medals of Valor army building: the organisation table (§1.21) and the leader rules (§1.3)
 * as data, each with a passing and a failing case, and the force's strength.
 *
 * check_force() runs the real validator (muster_validate_doc); test-mov-legal.c checks the
 * exact messages.
 */

static MusterRuleset *mov;

static MusterDoc *
new_doc (void)
{
  MusterDoc *doc = muster_doc_new ("medals-of-valor", "0.1");

  muster_doc_set_ruleset (doc, mov);
  muster_doc_insert_force (doc, 0, muster_force_new ("Test platoon", 0));
  return doc;
}

static void
add_soldiers (MusterNode *node,
              const char *spec)
{
  legal_add_spec (node, spec);
}

static MusterNode *
add_node (MusterNode *parent,
          const char *level,
          const char *name,
          const char *soldiers)
{
  MusterNode *node = muster_node_new (level, name);

  muster_node_insert_node (parent, muster_node_get_n_nodes (parent), node);
  add_soldiers (node, soldiers);
  return node;
}

/* A squad of two fireteams: the squad leader leads the first. */
static MusterNode *
add_squad (MusterNode *parent,
           const char *name,
           const char *able,
           const char *baker)
{
  MusterNode *squad = add_node (parent, "squad", name, "");

  add_node (squad, "fireteam", "Able", able);
  add_node (squad, "fireteam", "Baker", baker);
  return squad;
}

/* The findings of @force's document, as "id:severity " in the data order of the constraints
 * (a constraint broken in two nodes appears twice), then any of the validator's own. */
static char *
check_force (const MusterForce *force)
{
  const GPtrArray *constraints = muster_ruleset_list (mov, MUSTER_ITEM_CONSTRAINT);
  g_autoptr(GPtrArray) issues = muster_validate_doc (muster_force_get_doc (force));
  GString *found = g_string_new (NULL);

  for (guint i = 0; i <= constraints->len; i++)
    for (guint k = 0; k < issues->len; k++)
      {
        const MusterIssue *issue = issues->pdata[k];
        const MusterConstraint *c = i < constraints->len ? constraints->pdata[i] : NULL;

        if (c ? g_str_equal (issue->constraint, c->item.id)
              : muster_ruleset_get_constraint (mov, issue->constraint) == NULL)
          g_string_append_printf (found, "%s:%s ", issue->constraint,
                                  muster_severity_to_string (issue->severity));
      }
  if (found->len > 0)
    g_string_truncate (found, found->len - 1);
  return g_string_free (found, FALSE);
}

#define assert_breaks(force, expected) \
  G_STMT_START { \
    g_autofree char *found_ = check_force (force); \
    g_assert_cmpstr (found_, ==, (expected)); \
  } G_STMT_END

static void
test_ruleset (void)
{
  static const char * const constraint_ids[] = {
    "fireteam-under-strength", "fireteam-over-strength", "fireteam-leader", "fireteam-asl",
    "weapon-system-under-strength", "weapon-system-asl", "weapon-system-one-weapon",
    "weapon-system-over-strength", "weapon-system-leader", "weapon-system-weapon", "squad-under-strength", "squad-over-strength", "squad-leader",
    "squad-asl", "squad-em", "platoon-under-strength", "platoon-over-strength",
    "platoon-leader", "platoon-officer",
    "platoon-squad-leaders", "platoon-asl", "platoon-em", "one-company-commander", "side-commander-in-chief",
    "medics-per-platoon", "medics-campaign-only", "at-system-against-tanks",
  };
  const GPtrArray *constraints = muster_ruleset_list (mov, MUSTER_ITEM_CONSTRAINT);
  const MusterCosting *costing = muster_ruleset_get_costing (mov);

  /* No points: the measure is a head count with no limit. */
  g_assert_cmpstr (costing->id, ==, "strength");
  g_assert_false (costing->limit);
  g_assert_cmpuint (constraints->len, ==, G_N_ELEMENTS (constraint_ids));
  for (guint i = 0; i < G_N_ELEMENTS (constraint_ids); i++)
    g_assert_cmpstr (((MusterItem *) constraints->pdata[i])->id, ==, constraint_ids[i]);
  g_assert_cmpstr (muster_ruleset_variant_value (mov, "over-strength", NULL), ==, "error");
  g_assert_cmpstr (muster_ruleset_variant_value (mov, "campaign", NULL), ==, "off");
  g_assert_cmpstr (muster_ruleset_get_root_level (mov)->item.id, ==, "company");
}

static void
test_fireteam (void)
{
  g_autoptr(MusterDoc) doc = new_doc ();
  MusterForce *force = muster_doc_get_force (doc, 0);
  MusterNode *root = muster_force_get_root (force);
  MusterNode *team = add_node (root, "fireteam", "Able", "asl em*4");

  /* §1.21: five men, ASL 1, EM 4. */
  assert_breaks (force, "");
  /* Under strength is legal, with a warning. */
  muster_unit_free (muster_node_remove_unit (team, 4));
  assert_breaks (force, "fireteam-under-strength:warning");
  /* Above nominal: an error by default, allowed under the variant. */
  add_soldiers (team, "em em");
  assert_breaks (force, "fireteam-over-strength:error");
  g_free (muster_force_set_setting (force, "over-strength", "allowed"));
  assert_breaks (force, "");
  /* Every unit has its leader: an ASL or higher. An SL may lead a fireteam. */
  muster_unit_free (muster_node_remove_unit (team, 0));
  assert_breaks (force, "fireteam-leader:error");
  /* Leaderless, and so in the force's summary: its first EM leads nobody. */
  {
    g_autoptr(MusterStats) s = muster_system_derived_stats (mov, force,
                                                            muster_node_get_unit (team, 0));
    MusterMovStrength strength;
    double value = -1;

    g_assert_true (muster_stats_get_number (s, "leader", &value));
    g_assert_cmpfloat (value, ==, 0);
    g_assert_null (muster_stats_get_text (s, "leads"));
    _muster_mov_force_strength (mov, force, &strength);
    g_assert_cmpuint (strength.leaders, ==, 0);
  }
  add_soldiers (team, "sl");
  assert_breaks (force, "");
}

static void
test_weapon_system (void)
{
  g_autoptr(MusterDoc) doc = new_doc ();
  g_autoptr(MusterDoc) small = new_doc ();
  MusterForce *force = muster_doc_get_force (doc, 0);
  MusterForce *lone = muster_doc_get_force (small, 0);
  MusterNode *root = muster_force_get_root (force);
  MusterNode *mg = add_node (root, "weapon-system", "MMG", "asl em:mmg");

  /* 2–5 men, ASL+ 1, EM 1–4, and a crew-served weapon. */
  assert_breaks (force, "");
  add_soldiers (mg, "em*3");
  assert_breaks (force, "");
  add_soldiers (mg, "em");
  assert_breaks (force, "weapon-system-over-strength:error");

  /* A lone mortarman has no leader; a team without a crew-served weapon is no system. */
  add_node (muster_force_get_root (lone), "weapon-system", "Mortar", "em:mortar");
  assert_breaks (lone, "weapon-system-under-strength:warning weapon-system-leader:error");
  add_node (muster_force_get_root (lone), "weapon-system", "Riflemen", "asl em");
  assert_breaks (lone, "weapon-system-under-strength:warning weapon-system-leader:error "
                       "weapon-system-weapon:error");
}

static void
test_squad (void)
{
  /* The digest's arithmetic: only (SL 1, ASL 1, EM 8) and (SL 1, ASL 2, EM 7) make 10. */
  static const struct { const char *able, *baker, *expected; } cases[] = {
    { "sl em*4", "asl em*4", "" },
    { "sl asl em*3", "asl em*4", "" },
    { "sl asl em*3", "asl asl em*3", "fireteam-asl:error squad-asl:error" },
    /* Ten men and a legal squad mix, but one half holds both ASLs. */
    { "sl em*4", "asl asl em*3", "fireteam-asl:error" },
    { "sl em*4", "asl em*5", "fireteam-over-strength:error squad-over-strength:error "
                             "squad-em:error" },
    { "sl em*4", "asl em*3", "fireteam-under-strength:warning squad-under-strength:warning" },
    { "asl em*4", "asl em*4", "squad-leader:error" },
    { "sl em*4", "sl em*4", "squad-leader:error" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterDoc) doc = new_doc ();
      MusterForce *force = muster_doc_get_force (doc, 0);

      add_squad (muster_force_get_root (force), "1st Squad", cases[i].able, cases[i].baker);
      assert_breaks (force, cases[i].expected);
    }
}

/* A platoon of 33: the PL, the platoon staff (E7 and E4) and three squads. */
static MusterNode *
add_platoon (MusterForce *force,
             const char  *staff,
             const char  *third_baker)
{
  MusterNode *platoon = add_node (muster_force_get_root (force), "platoon", "2nd Platoon",
                                  staff);

  add_squad (platoon, "1st", "sl em*4", "asl em*4");
  add_squad (platoon, "2nd", "sl em*4", "asl em*4");
  add_squad (platoon, "3rd", "sl em*4", third_baker);
  return platoon;
}

static void
test_platoon (void)
{
  static const struct { const char *staff, *third_baker, *expected; } cases[] = {
    /* PL 1, SL 3, ASL 3, EM 26 with the platoon sergeant in the EM tally. */
    { "pl platoon-sergeant em", "asl em*4", "" },
    /* ASL 4, EM 25 is a platoon mix the table allows, but not with both of a squad's ASLs
     * in one fireteam (test-mov-legal has the legal spread). */
    { "pl platoon-sergeant em", "asl asl em*3", "fireteam-asl:error" },
    /* The platoon sergeant alone leads: he is a PL. */
    { "platoon-sergeant em em", "asl em*4", "platoon-em:error" },
    { "platoon-sergeant em", "asl em*4", "platoon-under-strength:warning" },
    { "em em", "asl em*4", "platoon-under-strength:warning platoon-leader:error" },
    { "pl pl em", "asl em*4", "platoon-officer:error" },
    { "pl platoon-sergeant em em", "asl em*4", "platoon-over-strength:error platoon-em:error" },
    { "pl platoon-sergeant", "asl em*3", "fireteam-under-strength:warning "
                                          "squad-under-strength:warning "
                                          "platoon-under-strength:warning" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterDoc) doc = new_doc ();
      MusterForce *force = muster_doc_get_force (doc, 0);

      add_platoon (force, cases[i].staff, cases[i].third_baker);
      assert_breaks (force, cases[i].expected);
    }
}

static void
test_company_and_medics (void)
{
  g_autoptr(MusterDoc) doc = new_doc ();
  MusterForce *force = muster_doc_get_force (doc, 0);
  MusterNode *root = muster_force_get_root (force);
  MusterNode *platoon = add_platoon (force, "pl platoon-sergeant em", "asl em*4");

  /* §1.3: at most one company commander per player. */
  add_soldiers (root, "co");
  assert_breaks (force, "");
  add_soldiers (root, "co");
  assert_breaks (force, "one-company-commander:error");
  muster_unit_free (muster_node_remove_unit (root, 1));

  /* §4.3: two medics per platoon, a campaign rule. */
  add_soldiers (platoon, "em:medic");
  assert_breaks (force, "platoon-over-strength:error platoon-em:error "
                        "medics-campaign-only:error");
  g_free (muster_force_set_setting (force, "campaign", "on"));
  g_free (muster_force_set_setting (force, "over-strength", "allowed"));
  assert_breaks (force, "");
  add_soldiers (platoon, "em:medic em:medic");
  assert_breaks (force, "medics-per-platoon:error");
}

static void
test_leaders (void)
{
  g_autoptr(MusterDoc) doc = new_doc ();
  MusterForce *force = muster_doc_get_force (doc, 0);
  MusterNode *platoon = add_platoon (force, "platoon-sergeant pl em", "asl em*4");
  MusterNode *squad = muster_node_get_node (platoon, 0);
  const MusterUnit *psg = muster_node_get_unit (platoon, 0);
  const MusterUnit *pl = muster_node_get_unit (platoon, 1);
  const MusterUnit *sl = muster_node_get_unit (muster_node_get_node (squad, 0), 0);
  const MusterUnit *asl = muster_node_get_unit (muster_node_get_node (squad, 1), 0);
  const MusterUnit *em = muster_node_get_unit (muster_node_get_node (squad, 1), 1);
  g_autoptr(MusterStats) s = NULL;
  double value;

  /* §1.3: the highest-ranking soldier leads, whatever the order: the lieutenant (O1) outranks
   * the platoon sergeant (E7), both PLs. */
  s = muster_system_derived_stats (mov, force, pl);
  g_assert_true (muster_stats_get_number (s, "leader", &value));
  g_assert_cmpfloat (value, ==, 1);
  g_assert_cmpstr (muster_stats_get_text (s, "leads"), ==, "2nd Platoon, Test platoon");
  g_assert_true (muster_stats_get_number (s, "rank", &value));
  g_assert_cmpfloat (value, ==, 411);
  g_clear_pointer (&s, muster_stats_free);
  s = muster_system_derived_stats (mov, force, psg);
  g_assert_true (muster_stats_get_number (s, "leader", &value));
  g_assert_cmpfloat (value, ==, 0);
  g_clear_pointer (&s, muster_stats_free);
  /* The squad leader leads his fireteam and the squad; the ASL the other fireteam. */
  s = muster_system_derived_stats (mov, force, sl);
  g_assert_cmpstr (muster_stats_get_text (s, "leads"), ==, "Able, 1st");
  g_clear_pointer (&s, muster_stats_free);
  s = muster_system_derived_stats (mov, force, asl);
  g_assert_cmpstr (muster_stats_get_text (s, "leads"), ==, "Baker");
  g_assert_true (muster_stats_get_number (s, "fir", &value));
  g_assert_cmpfloat (value, ==, 1);
  g_clear_pointer (&s, muster_stats_free);
  s = muster_system_derived_stats (mov, force, em);
  g_assert_true (muster_stats_get_number (s, "leader", &value));
  g_assert_cmpfloat (value, ==, 0);
  g_assert_null (muster_stats_get_text (s, "leads"));

  /* Without the lieutenant, the platoon sergeant leads the platoon. */
  muster_unit_free (muster_node_remove_unit (platoon, 1));
  g_clear_pointer (&s, muster_stats_free);
  s = muster_system_derived_stats (mov, force, psg);
  g_assert_cmpstr (muster_stats_get_text (s, "leads"), ==, "2nd Platoon, Test platoon");
}

/* Whom each soldier of @node's subtree leads, "-" for no one, in order. */
static char *
leads_of (const MusterForce *force,
          const MusterNode  *node)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      g_autoptr(MusterStats) s = muster_system_derived_stats (mov, force,
                                                              muster_node_get_unit (node, i));
      const char *leads = muster_stats_get_text (s, "leads");

      g_string_append_printf (out, "%s%s", out->len ? " | " : "", leads ? leads : "-");
    }
  return g_string_free (out, FALSE);
}

static void
test_rank (void)
{
  /* Within a category the higher pay grade leads; a tie goes to the one listed first. */
  static const struct { const char *soldiers, *expected; } cases[] = {
    { "asl:e4 asl:e5 em*3", "- | Team, Test platoon | - | - | -" },
    { "asl:e5 asl:e4 em*3", "Team, Test platoon | - | - | - | -" },
    { "asl:e5 asl:e5 em*3", "Team, Test platoon | - | - | - | -" },
    /* The category comes first: an E4 among the EM is outranked by an E4 ASL. */
    { "em:e4 asl:e4 em*3", "- | Team, Test platoon | - | - | -" },
    /* Two captains: the one promoted to Major commands. */
    { "co:o3 co:o4", "- | Team, Test platoon" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterDoc) doc = new_doc ();
      MusterForce *force = muster_doc_get_force (doc, 0);
      MusterNode *team = add_node (muster_force_get_root (force), "fireteam", "Team",
                                   cases[i].soldiers);
      g_autofree char *leads = leads_of (force, team);

      g_assert_cmpstr (leads, ==, cases[i].expected);
    }
}

static char *
advice_for (const MusterForce *force)
{
  g_autoptr(GPtrArray) issues = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_issue_free);
  GString *out = g_string_new (NULL);

  muster_system_extra_checks (mov, force, issues);
  for (guint i = 0; i < issues->len; i++)
    {
      const MusterIssue *issue = issues->pdata[i];

      g_assert_cmpint (issue->severity, ==, MUSTER_SEVERITY_INFO);
      g_string_append_printf (out, "%s%s", out->len ? "\n" : "", issue->message);
    }
  return g_string_free (out, FALSE);
}

static void
test_at_advice (void)
{
  /* §7.0: for assault scenarios, the side without a tank should have an AT system. */
  g_autoptr(MusterDoc) doc = new_doc ();
  MusterForce *us = muster_doc_get_force (doc, 0);
  MusterForce *them;
  MusterNode *root;
  g_autofree char *advice = NULL;

  muster_doc_insert_force (doc, 1, muster_force_new ("Grenadiers", 0));
  them = muster_doc_get_force (doc, 1);
  g_free (muster_force_set_side (us, "US"));
  g_free (muster_force_set_side (them, "Germany"));
  root = muster_force_get_root (them);
  add_node (root, "fireteam", "Trupp", "asl em*4");
  add_soldiers (muster_force_get_root (us), "tank tank");

  advice = advice_for (them);
  g_assert_cmpstr (advice, ==, "Grenadiers faces 2 enemy tanks without an AT system; for "
                               "assault scenarios the book advises the side without a tank to "
                               "deploy one.");
  g_clear_pointer (&advice, g_free);
  /* The side with the tanks is not advised; nor is an ally; nor a side with an AT system. */
  advice = advice_for (us);
  g_assert_cmpstr (advice, ==, "");
  g_clear_pointer (&advice, g_free);
  g_free (muster_force_set_side (them, "US"));
  advice = advice_for (them);
  g_assert_cmpstr (advice, ==, "");
  g_clear_pointer (&advice, g_free);
  g_free (muster_force_set_side (them, "Germany"));
  add_node (root, "weapon-system", "Pak", "asl em:at-system");
  advice = advice_for (them);
  g_assert_cmpstr (advice, ==, "");
}

static MusterDoc *
load_sample (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            "medals-of-valor-village-assault.muster", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  MusterDoc *doc;

  g_assert_true (g_file_get_contents (path, &data, &length, &error));
  bytes = g_bytes_new_take (g_steal_pointer (&data), length);
  doc = muster_doc_new_from_bytes (bytes, "medals-of-valor-village-assault.muster", &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, mov);
  return doc;
}

static void
test_sample_strength (void)
{
  g_autoptr(MusterDoc) doc = load_sample ();
  MusterForce *force = muster_doc_get_force (doc, 0);
  MusterMovStrength strength;

  /* A platoon a man short (32: the 3rd Squad has 9), an MMG team of 3, a Sherman. */
  _muster_mov_force_strength (mov, force, &strength);
  g_assert_cmpuint (strength.total, ==, 35);
  g_assert_cmpint (muster_force_get_total (force), ==, 35);
  g_assert_cmpuint (strength.men[MUSTER_MOV_EM], ==, 26);
  g_assert_cmpuint (strength.men[MUSTER_MOV_ASL], ==, 4);
  g_assert_cmpuint (strength.men[MUSTER_MOV_SL], ==, 3);
  g_assert_cmpuint (strength.men[MUSTER_MOV_PL], ==, 2);
  g_assert_cmpuint (strength.men[MUSTER_MOV_CO], ==, 0);
  /* The lieutenant, three SLs, three ASLs and the MMG team's ASL. */
  g_assert_cmpuint (strength.leaders, ==, 8);
  /* Staff 3 × 2; Able teams SMG 3 + BAR 4 + 3 × 2; Baker teams 10, 9 and 8; MMG team
   * 2 + 5 + 2. */
  g_assert_cmpuint (strength.fir, ==, 6 + 3 * 13 + 10 + 9 + 8 + 9);
  g_assert_cmpuint (strength.vehicles, ==, 1);
  g_assert_cmpuint (strength.vehicle_fir, ==, 7 + 5 + 5 + 6);

  /* The only finding: under strength, a warning. */
  assert_breaks (force, "fireteam-under-strength:warning squad-under-strength:warning "
                        "platoon-under-strength:warning");
}

static void
test_sample_summary (void)
{
  g_autoptr(MusterDoc) doc = load_sample ();
  MusterForce *force = muster_doc_get_force (doc, 0);
  g_autoptr(GPtrArray) items = muster_system_force_summary (mov, force);
  static const char * const expected[][2] = {
    { "soldiers", "35 (CO 0, PL 2, SL 3, ASL 4, EM 26)" },
    { "leaders", "8" },
    { "fir", "81" },
    { "vehicles", "1 (FIR 23)" },
  };

  /* The head count the book uses instead of points, as `muster-cli cost` shows it. */
  g_assert_cmpuint (items->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < items->len; i++)
    {
      const MusterSummaryItem *item = items->pdata[i];

      g_assert_cmpstr (item->id, ==, expected[i][0]);
      g_assert_cmpstr (item->value, ==, expected[i][1]);
    }

  /* One soldier fewer, one fewer in the summary. */
  muster_unit_free (muster_node_remove_unit (muster_node_get_node (muster_force_get_root (force), 0),
                                             0));
  g_clear_pointer (&items, g_ptr_array_unref);
  items = muster_system_force_summary (mov, force);
  g_assert_true (g_str_has_prefix (((MusterSummaryItem *) items->pdata[0])->value, "34 ("));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  mov = muster_test_load_shipped_ruleset ("medals-of-valor");

  g_test_add_func ("/engine/mov-army/ruleset", test_ruleset);
  g_test_add_func ("/engine/mov-army/summary", test_sample_summary);
  g_test_add_func ("/engine/mov-army/fireteam", test_fireteam);
  g_test_add_func ("/engine/mov-army/weapon-system", test_weapon_system);
  g_test_add_func ("/engine/mov-army/squad", test_squad);
  g_test_add_func ("/engine/mov-army/platoon", test_platoon);
  g_test_add_func ("/engine/mov-army/company-and-medics", test_company_and_medics);
  g_test_add_func ("/engine/mov-army/leaders", test_leaders);
  g_test_add_func ("/engine/mov-army/rank", test_rank);
  g_test_add_func ("/engine/mov-army/at-advice", test_at_advice);
  g_test_add_func ("/engine/mov-army/sample-strength", test_sample_strength);

  ret = g_test_run ();
  muster_ruleset_unref (mov);
  return ret;
}
