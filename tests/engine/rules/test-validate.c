/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"
#include "muster-test-legal.h"

/*
 * The legality engine: every kind of constraint passing and failing on a small fixture
 * ruleset, every Battle Valor Fantasy constraint with its exact message, the shipped sample
 * legal, results independent of the order units were added, and the incremental validator
 * equal to a fresh evaluation after every edit of random edit sequences.
 */

static MusterRuleset *fixture;
static MusterRuleset *bvf;

/* The findings of rule @id, of any severity: exactly @n of them; returns the first message. */
static const char *
only (Legal      *army,
      const char *id,
      guint       n)
{
  return legal_only (army, id, MUSTER_SEVERITY_OFF, n);
}

/* Fixture: every kind of constraint */

static MusterUnit *general, *left, *right;

/* A legal list: a General (20) and two Foot units of 6 with an officer (17 each): 54 of 100. */
static void
fixture_setup (Legal         *army,
               gconstpointer  data)
{
  legal_init (army, fixture, 100);
  general = legal_add (army, NULL, "Marshal", "general", 1, NULL);
  left = legal_add (army, NULL, "Left foot", "foot", 6, "officer", NULL);
  right = legal_add (army, NULL, "Right foot", "foot", 6, "officer", NULL);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 54);
  legal_assert_clean (army);
}

static void
test_count_exactly_one (Legal         *army,
                        gconstpointer  data)
{
  MusterUnit *second = legal_add (army, NULL, "Deputy", "general", 1, NULL);

  g_assert_cmpstr (only (army, "one-general", 1), ==, "Exactly one General (2 found).");
  g_assert_false (muster_validator_is_legal (army->validator));
  legal_remove (second);
  legal_assert_clean (army);
  legal_remove (general);
  g_assert_cmpstr (only (army, "one-general", 1), ==, "Exactly one General (0 found).");
}

static void
test_count_per_points (Legal         *army,
                       gconstpointer  data)
{
  legal_add (army, NULL, "Riders", "horse", 4, NULL);
  legal_assert_clean (army);
  legal_add (army, NULL, "Lancers", "horse", 4, NULL);
  muster_force_set_points_limit (army->force, 200);
  g_assert_cmpstr (only (army, "horse-per-500", 1), ==,
                   "At most 1 Horse units at 200 points (2 taken).");
  /* Per started 500 points (ceil), per full 500 (floor), pro rata. */
  muster_force_set_points_limit (army->force, 900);
  only (army, "horse-per-500", 0);
  g_free (muster_force_set_setting (army->force, "scaling", "floor"));
  g_assert_cmpstr (only (army, "horse-per-500", 1), ==,
                   "At most 1 Horse units at 900 points (2 taken).");
  muster_force_set_points_limit (army->force, 1000);
  only (army, "horse-per-500", 0);
  g_free (muster_force_set_setting (army->force, "scaling", "pro-rata"));
  only (army, "horse-per-500", 0);
  muster_force_set_points_limit (army->force, 999);
  g_assert_cmpstr (only (army, "horse-per-500", 1), ==,
                   "At most 1 Horse units at 999 points (2 taken).");
}

static void
test_count_when (Legal         *army,
                 gconstpointer  data)
{
  muster_unit_set_option (left, "elite", 1);
  muster_unit_set_option (general, "elite", 1);
  legal_assert_clean (army);
  g_free (muster_force_set_setting (army->force, "limits", "on"));
  g_assert_cmpstr (only (army, "no-elite-with-limits", 1), ==,
                   "No Elite units with limits on (1 taken).");
  muster_unit_set_option (left, "elite", 0);
  only (army, "no-elite-with-limits", 0);
}

static void
test_count_percent (Legal         *army,
                    gconstpointer  data)
{
  muster_force_set_points_limit (army->force, 1000);
  legal_add (army, NULL, "Riders", "horse", 6, NULL);
  only (army, "horse-points", 0);
  legal_add (army, NULL, "Lancers", "horse", 6, NULL);
  g_assert_cmpstr (only (army, "horse-points", 1), ==,
                   "Horse is 53% of the points (60 of 114); at most 50%.");
  muster_unit_set_size (left, 12);
  only (army, "horse-points", 0);
}

static void
test_count_size (Legal         *army,
                 gconstpointer  data)
{
  muster_unit_set_size (left, 3);
  g_assert_cmpstr (only (army, "foot-figures", 1), ==,
                   "At least 10 Foot figures (9) in 48 points.");
  muster_unit_set_size (right, 7);
  only (army, "foot-figures", 0);
}

static void
test_count_nodes_and_levels (Legal         *army,
                             gconstpointer  data)
{
  MusterNode *root = muster_force_get_root (army->force);
  MusterNode *wing = muster_node_new ("wing", "Left wing");
  const char *names[] = { "Centre", "Right wing" };

  muster_node_insert_node (root, 0, wing);
  g_assert_cmpstr (only (army, "wing-holds-units", 1), ==,
                   "Left wing commands at least 1 unit (0).");
  muster_node_move_unit (root, 1, wing, 0);
  legal_assert_clean (army);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      MusterNode *other = muster_node_new ("wing", names[i]);

      muster_node_insert_unit (other, 0, muster_unit_new ("foot", 2));
      muster_unit_set_option (muster_node_get_unit (other, 0), "officer", 1);
      muster_node_insert_node (root, muster_node_get_n_nodes (root), other);
    }
  g_assert_cmpstr (only (army, "two-wings", 1), ==, "At most 2 wings (3).");
  muster_node_free (muster_node_remove_node (root, 2));
  legal_assert_clean (army);
  muster_node_move_unit (wing, 0, root, 0);
  only (army, "wing-holds-units", 1);

  /* A <match level> on units: the level of the node holding the unit. */
  muster_node_move_unit (root, 1, wing, 0);
  g_assert_true (muster_node_get_unit (wing, 0) == general);
  g_assert_cmpstr (only (army, "general-at-the-top", 1), ==,
                   "1 General in a wing; the General commands the army.");
  muster_node_move_unit (wing, 0, root, 0);
  only (army, "general-at-the-top", 0);
}

static void
test_count_document (Legal         *army,
                     gconstpointer  data)
{
  MusterForce *ally = muster_force_new ("Allies", 30);
  MusterNode *root = muster_force_get_root (ally);

  muster_node_insert_unit (root, 0, muster_unit_new ("general", 1));
  muster_node_insert_unit (root, 0, muster_unit_new ("general", 1));
  muster_doc_insert_force (army->doc, 1, ally);
  g_assert_cmpstr (only (army, "generals-in-document", 1), ==,
                   "At most 2 Generals in Test (3).");
  muster_doc_set_title (army->doc, "Grand melee");
  g_assert_cmpstr (only (army, "generals-in-document", 1), ==,
                   "At most 2 Generals in Grand melee (3).");
  g_assert_cmpstr (only (army, "one-general", 1), ==, "Exactly one General (2 found).");
  g_assert_cmpstr (only (army, "points-limit", 1), ==, "40 points spent of 30.");
  muster_force_free (muster_doc_remove_force (army->doc, 1));
  legal_assert_clean (army);
}

static void
test_count_unit_scope (Legal         *army,
                       gconstpointer  data)
{
  MusterUnit *riders = legal_add (army, NULL, "Riders", "horse", 4, NULL);

  g_assert_nonnull (riders);
  muster_unit_set_option (left, "officer", 0);
  g_assert_cmpstr (only (army, "foot-officers", 1), ==,
                   "Left foot has 0 officers; 1 to 2 allowed.");
  muster_unit_set_option (left, "officer", 3);
  g_assert_cmpstr (only (army, "foot-officers", 1), ==,
                   "Left foot has 3 officers; 1 to 2 allowed.");
  muster_unit_set_option (left, "officer", 2);
  legal_assert_clean (army);
}

static void
test_size (Legal         *army,
           gconstpointer  data)
{
  MusterUnit *riders = legal_add (army, NULL, "Riders", "horse", 2, NULL);
  g_autoptr(GPtrArray) issues = NULL;
  MusterIssue *issue;

  g_assert_cmpstr (only (army, "horse-size", 1), ==,
                   "Riders (Horse) has 2 figures; 3 to 6 allowed.");
  issues = muster_validator_list (army->validator);
  issue = issues->pdata[0];
  g_assert_cmpstr (issue->force, ==, muster_force_get_id (army->force));
  g_assert_cmpstr (issue->unit, ==, muster_unit_get_id (riders));
  g_assert_null (issue->node);
  g_assert_cmpstr (issue->location, ==, "Host › Riders");
  muster_unit_set_size (riders, 7);
  only (army, "horse-size", 1);
  muster_unit_set_size (riders, 6);
  legal_assert_clean (army);
}

static void
test_unit_type_size (Legal         *army,
                     gconstpointer  data)
{
  muster_unit_set_size (left, 13);
  g_assert_cmpstr (only (army, "unit-size", 1), ==,
                   "Left foot (Foot) has 13 figures; the type takes 2 to 12.");
  muster_unit_set_size (left, 1);
  g_assert_cmpstr (only (army, "unit-size", 1), ==,
                   "Left foot (Foot) has 1 figure; the type takes 2 to 12.");
  muster_unit_set_size (left, 2);
  only (army, "unit-size", 0);
}

/* A required option group left empty: the group's min, or the allow's where it has one (Gear
 * is optional for foot, required for chariots), one finding per group, and a group with a
 * default (Quality) never empty; an option the type's `only` leaves out, picked. */
static void
test_unit_options (Legal         *army,
                   gconstpointer  data)
{
  MusterUnit *car = legal_add (army, NULL, "Car", "chariot", 1, "spear", NULL);
  GPtrArray *issues;

  g_assert_cmpstr (only (army, "unit-options", 1), ==, "Car (Chariot) has no Crew: choose one.");
  issues = muster_validator_list (army->validator);
  g_assert_cmpstr (((MusterIssue *) issues->pdata[0])->unit, ==, muster_unit_get_id (car));
  g_assert_cmpint (((MusterIssue *) issues->pdata[0])->severity, ==, MUSTER_SEVERITY_ERROR);
  g_assert_false (muster_validator_is_legal (army->validator));
  muster_unit_set_option (car, "driver", 1);
  legal_assert_clean (army);
  muster_unit_set_option (car, "archer", 1);
  legal_assert_clean (army);
  muster_unit_set_option (car, "spear", 0);
  g_assert_cmpstr (only (army, "unit-options", 1), ==, "Car (Chariot) has no Gear: choose one.");
  /* Two groups empty at once: two findings, and fixing one leaves the other. */
  muster_unit_set_option (car, "driver", 0);
  muster_unit_set_option (car, "archer", 0);
  only (army, "unit-options", 2);
  muster_unit_set_option (car, "bow", 1);
  g_assert_cmpstr (only (army, "unit-options", 1), ==, "Car (Chariot) has no Crew: choose one.");
  /* A crew the type may not take fills the group, but is a finding of its own. */
  muster_unit_set_option (car, "runner", 1);
  g_assert_cmpstr (only (army, "unit-options", 1), ==,
                   "Car (Chariot) takes Runner, which the type may not.");
  g_assert_false (muster_validator_is_legal (army->validator));
  muster_unit_set_option (car, "runner", 0);
  muster_unit_set_option (car, "archer", 1);
  only (army, "unit-options", 0);
  /* Foot units need no gear. */
  muster_unit_set_option (left, "officer", 0);
  only (army, "unit-options", 0);
}

/* What the editor could never make: two picks in a one-pick group, an option of a group the
 * type has no choice of, and an option taken more times than its max-count. */
static void
test_unit_option_picks (Legal         *army,
                        gconstpointer  data)
{
  muster_unit_set_option (left, "green", 1);
  legal_assert_clean (army);
  muster_unit_set_option (left, "elite", 1);
  g_assert_cmpstr (only (army, "unit-options", 1), ==,
                   "Left foot (Foot) has 2 Quality choices; choose one.");
  g_assert_false (muster_validator_is_legal (army->validator));
  muster_unit_set_option (left, "green", 0);
  legal_assert_clean (army);

  muster_unit_set_option (general, "spear", 1);
  g_assert_cmpstr (only (army, "unit-options", 1), ==,
                   "Marshal (General) takes Spear, but the type has no Gear choices.");
  muster_unit_set_option (general, "spear", 0);
  legal_assert_clean (army);

  /* Three officers are the option's most, though the ruleset's own constraint wants two. */
  muster_unit_set_option (left, "officer", 3);
  only (army, "unit-options", 0);
  muster_unit_set_option (left, "officer", 4);
  g_assert_cmpstr (only (army, "unit-options", 1), ==,
                   "Left foot (Foot) takes Officer 4 times; at most 3.");
  muster_unit_set_option (right, "bow", 2);
  only (army, "unit-options", 2);
  muster_unit_set_option (left, "officer", 1);
  g_assert_cmpstr (only (army, "unit-options", 1), ==,
                   "Right foot (Foot) takes Bow 2 times; it is taken once or not at all.");
  muster_unit_set_option (right, "bow", 1);
  only (army, "unit-options", 0);
  g_assert_true (muster_validator_is_legal (army->validator));
}

/* A setting the ruleset has no variant for, or a value its variant does not take, would count
 * as the default without a word: it is an error that names the setting and what it takes. */
static void
test_settings (Legal         *army,
               gconstpointer  data)
{
  g_free (muster_force_set_setting (army->force, "limits", "on"));
  legal_assert_clean (army);
  g_free (muster_force_set_setting (army->force, "limits", "yes"));
  g_assert_cmpstr (only (army, "settings", 1), ==,
                   "Limits (limits) is “yes”; it takes off or on. The default, off, applies.");
  g_assert_false (muster_validator_is_legal (army->validator));
  g_free (muster_force_set_setting (army->force, "limits", "off"));
  legal_assert_clean (army);
  g_free (muster_force_set_setting (army->force, "limit", "on"));
  g_assert_cmpstr (only (army, "settings", 1), ==,
                   "The setting “limit” is not one of this rule system's (limits, scaling); "
                   "it is ignored.");
  g_free (muster_force_set_setting (army->force, "scaling", "printed"));
  only (army, "settings", 2);
  g_free (muster_force_set_setting (army->force, "limit", NULL));
  g_assert_cmpstr (only (army, "settings", 1), ==,
                   "Scaling (scaling) is “printed”; it takes ceil, floor or pro-rata. The "
                   "default, ceil, applies.");
  g_free (muster_force_set_setting (army->force, "scaling", NULL));
  legal_assert_clean (army);
}

/* A unit written without a size (by hand) has its type's default size, as a new unit of the
 * type would, not 1; a size it states stays. */
static void
test_default_size (void)
{
  static const char xml[] =
    "<muster format=\"1\"><ruleset id=\"validate-fixture\" version=\"1\"/>"
    "<force id=\"f1\" name=\"Host\" points-limit=\"100\">"
    "<unit id=\"u1\" type=\"general\"/>"
    "<unit id=\"u2\" type=\"foot\"><option id=\"officer\"/></unit>"
    "<unit id=\"u3\" type=\"foot\" size=\"4\"><option id=\"officer\"/></unit>"
    "</force></muster>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (xml, strlen (xml));
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (bytes, "hand.muster", &error);
  g_autoptr(GPtrArray) issues = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, fixture);
  g_assert_cmpuint (muster_unit_get_size (muster_doc_lookup_unit (doc, "u2")), ==, 6);
  g_assert_cmpuint (muster_unit_get_size (muster_doc_lookup_unit (doc, "u3")), ==, 4);
  issues = muster_validate_doc (doc);
  text = legal_describe (issues, TRUE);
  g_assert_cmpstr (text, ==, "");
  saved = muster_doc_to_bytes (doc);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved),
                                  "type=\"foot\" size=\"6\""));
}

static void
test_forbid (Legal         *army,
             gconstpointer  data)
{
  muster_unit_set_option (left, "pike", 1);
  legal_assert_clean (army);
  muster_unit_set_option (left, "spear", 1);
  g_assert_cmpstr (only (army, "pike-and-spear", 1), ==, "Left foot: a pike and a spear.");
  /* A warning does not make the list illegal. */
  g_assert_true (muster_validator_is_legal (army->validator));
  g_assert_cmpuint (muster_validator_count (army->validator, MUSTER_SEVERITY_WARNING), ==, 1);
  muster_unit_set_option (left, "pike", 0);
  legal_assert_clean (army);
}

static void
test_info_and_off (Legal         *army,
                   gconstpointer  data)
{
  muster_unit_set_option (right, "bow", 1);
  g_assert_cmpstr (only (army, "bows-noted", 1), ==, "1 units with bows.");
  g_assert_true (muster_validator_is_legal (army->validator));
  g_assert_cmpuint (muster_validator_count (army->validator, MUSTER_SEVERITY_INFO), ==, 1);
  only (army, "switched-off", 0);
}

static void
test_points_limit (Legal         *army,
                   gconstpointer  data)
{
  muster_force_set_points_limit (army->force, 50);
  g_assert_cmpstr (only (army, "points-limit", 1), ==, "54 points spent of 50.");
  muster_unit_set_size (left, 4);
  legal_assert_clean (army);
  muster_force_set_points_limit (army->force, 0);
  muster_unit_set_size (left, 12);
  legal_assert_clean (army);
}

static void
test_uncosted (Legal         *army,
               gconstpointer  data)
{
  MusterUnit *dragon = legal_add (army, NULL, "Smaug", "dragon", 1, NULL);
  const char *message = only (army, "unit-cost", 1);

  g_assert_true (g_str_has_prefix (message, "Smaug: cannot be costed: "));
  legal_remove (dragon);
  legal_assert_clean (army);
}

static void
test_changes (Legal         *army,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) in = NULL;
  g_autoptr(GPtrArray) out = NULL;

  /* The setup's edits made findings come and go: none is left. */
  muster_validator_take_changes (army->validator, NULL, NULL);
  g_assert_false (muster_validator_take_changes (army->validator, NULL, NULL));
  muster_unit_set_size (left, 3);
  g_assert_true (muster_validator_take_changes (army->validator, &in, &out));
  g_assert_cmpuint (in->len, ==, 1);
  g_assert_cmpuint (out->len, ==, 0);
  g_assert_cmpstr (((MusterIssue *) in->pdata[0])->constraint, ==, "foot-figures");
  g_clear_pointer (&in, g_ptr_array_unref);
  g_clear_pointer (&out, g_ptr_array_unref);

  /* The count changes: the old finding goes, the new one comes. */
  muster_unit_set_size (left, 2);
  g_assert_true (muster_validator_take_changes (army->validator, &in, &out));
  g_assert_cmpuint (in->len, ==, 1);
  g_assert_cmpuint (out->len, ==, 1);
  g_assert_cmpstr (((MusterIssue *) out->pdata[0])->message, ==, "At least 10 Foot figures (9) in 48 points.");
  g_assert_cmpstr (((MusterIssue *) in->pdata[0])->message, ==, "At least 10 Foot figures (8) in 46 points.");
  g_clear_pointer (&in, g_ptr_array_unref);
  g_clear_pointer (&out, g_ptr_array_unref);

  /* A change and its undo before anyone asks: nothing to report. */
  muster_unit_set_size (right, 12);
  muster_unit_set_size (right, 6);
  g_assert_false (muster_validator_take_changes (army->validator, NULL, NULL));
  /* An edit that touches no finding. */
  g_free (muster_unit_set_name (right, "Right"));
  g_assert_false (muster_validator_take_changes (army->validator, NULL, NULL));
}

/* Battle Valor Fantasy */

static void
bvf_setup (Legal         *army,
           gconstpointer  data)
{
  legal_init (army, bvf, 1000);
  g_free (muster_force_set_setting (army->force, "optional-limits", "on"));
}

/* A legal 1000-point core: a General, two Infantry units (one Levy), one Cavalry. */
static void
bvf_core (Legal *army)
{
  legal_add (army, NULL, "Thane", "general", 1, NULL);
  legal_add (army, NULL, "Guard", "infantry", 8, "regular", "command-stand", NULL);
  legal_add (army, NULL, "Levy", "infantry", 8, "levy", NULL);
  legal_add (army, NULL, "Riders", "cavalry", 4, "regular", NULL);
  legal_assert_clean (army);
}

static void
test_bvf_general (Legal         *army,
                  gconstpointer  data)
{
  MusterUnit *second;

  bvf_core (army);
  second = legal_add (army, NULL, "Usurper", "general", 1, NULL);
  g_assert_cmpstr (only (army, "one-general", 1), ==,
                   "An army has exactly one General (2 in this one).");
  legal_remove (second);
  legal_assert_clean (army);
}

static void
test_bvf_two_infantry (Legal         *army,
                       gconstpointer  data)
{
  bvf_core (army);
  legal_remove (muster_node_get_unit (muster_force_get_root (army->force), 1));
  g_assert_cmpstr (only (army, "two-infantry", 1), ==,
                   "An army needs at least two Infantry units (1 in this one).");
}

static void
test_bvf_sizes (Legal         *army,
                gconstpointer  data)
{
  static const struct {
    const char *rule, *type, *option;
    guint bad, good;
    const char *message;
  } cases[] = {
    { "size-four-stands", "heavy-infantry", "regular", 3, 4,
      "X (Heavy Infantry) needs at least 4 stands; it has 3." },
    { "size-line-breaker", "line-breaker", "regular", 4, 5,
      "X (Line Breaker) needs at least 5 stands; it has 4." },
    { "size-three-stands", "shock-troops", "regular", 2, 3,
      "X (Shock Troops) needs at least 3 stands; it has 2." },
    { "size-single-model", "war-machine", "regular", 2, 1,
      "X (War Machine) is a single model; it has 2." },
  };

  bvf_core (army);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MusterUnit *unit = legal_add (army, NULL, "X", cases[i].type, cases[i].bad,
                                   cases[i].option, NULL);

      g_assert_cmpstr (only (army, cases[i].rule, 1), ==, cases[i].message);
      muster_unit_set_size (unit, cases[i].good);
      only (army, cases[i].rule, 0);
      legal_remove (unit);
    }
  legal_assert_clean (army);
}

static void
test_bvf_forbid (Legal         *army,
                 gconstpointer  data)
{
  MusterUnit *unit;

  bvf_core (army);
  unit = legal_add (army, NULL, "Halberdiers", "infantry", 6, "regular", "halberd", "pole", NULL);
  g_assert_cmpstr (only (army, "halberd-is-pole-and-double-handed", 1), ==,
                   "Halberdiers: halberds already count as double-handed and pole weapons.");
  g_assert_true (muster_validator_is_legal (army->validator));
  muster_unit_set_option (unit, "halberd", 0);
  muster_unit_set_option (unit, "pike", 1);
  g_assert_cmpstr (only (army, "pike-is-pole", 1), ==, "Halberdiers: pikes already are pole weapons.");
  muster_unit_set_option (unit, "pole", 0);
  legal_assert_clean (army);
}

static void
test_bvf_points_limit (Legal         *army,
                       gconstpointer  data)
{
  bvf_core (army);
  muster_force_set_points_limit (army->force, 100);
  g_assert_cmpstr (only (army, "points-limit", 1), ==, "114 points spent of 100.");
}

static void
test_bvf_breadth (Legal         *army,
                  gconstpointer  data)
{
  MusterUnit *second;

  bvf_core (army);
  legal_add (army, NULL, "Grimm", "wizard", 1, "regular", NULL);
  legal_assert_clean (army);
  second = legal_add (army, NULL, "Hild", "wizard", 1, "regular", NULL);
  g_assert_cmpstr (only (army, "character-breadth", 1), ==,
                   "Wizard number 2 needs every other character type at least 1 times first; "
                   "the General does not count.");
  legal_remove (second);
  legal_assert_clean (army);
}

/* The optional limits (§3.6): at 1000 points, per started 1000 by default. */
static void
test_bvf_optional_limits (Legal         *army,
                          gconstpointer  data)
{
  static const struct {
    const char *rule, *type, *option;
    guint size, allowed;
    const char *message;
  } cases[] = {
    { "wizards-per-1000", "wizard", "regular", 1, 2, NULL },
    { "elite-per-1000", "infantry", "elite", 4, 1,
      "At most 1 Elite units at 1000 points (2 taken)." },
    { "veteran-per-1000", "infantry", "veteran", 4, 2,
      "At most 2 Veteran units at 1000 points (3 taken)." },
    { "regular-per-1000", "infantry", "regular", 4, 2, /* the core has 2 Regular units */
      "At most 4 Regular units at 1000 points (5 taken)." },
    { "shock-per-1000", "shock-troops", "regular", 3, 2,
      "At most 2 Shock units at 1000 points (3 taken)." },
    { "fliers-per-1000", "flier", "regular", 3, 2,
      "At most 2 Flier units at 1000 points (3 taken)." },
    { "monstrous-per-1000", "monstrous-creature", "regular", 1, 2,
      "At most 2 Monstrous Creatures at 1000 points (3 taken)." },
    { "war-machines-per-1000", "war-machine", "regular", 1, 2,
      "At most 2 War Machines at 1000 points (3 taken)." },
  };

  bvf_core (army);
  muster_force_set_points_limit (army->force, 100000);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) added = g_ptr_array_new ();

      if (cases[i].message == NULL)
        continue;
      muster_force_set_points_limit (army->force, 1000);
      for (guint n = 0; n <= cases[i].allowed; n++)
        {
          only (army, cases[i].rule, 0);
          g_ptr_array_add (added, legal_add (army, NULL, "X", cases[i].type, cases[i].size,
                                            cases[i].option, NULL));
        }
      g_assert_cmpstr (only (army, cases[i].rule, 1), ==, cases[i].message);
      /* Two per 1000 at 1001 points by default (ceil), one per 1000 under floor. */
      muster_force_set_points_limit (army->force, 1001);
      only (army, cases[i].rule, 0);
      g_free (muster_force_set_setting (army->force, "limit-scaling", "floor"));
      only (army, cases[i].rule, 1);
      g_free (muster_force_set_setting (army->force, "limit-scaling", NULL));
      /* Off: no optional limits at all. */
      g_free (muster_force_set_setting (army->force, "optional-limits", "off"));
      only (army, cases[i].rule, 0);
      g_free (muster_force_set_setting (army->force, "optional-limits", "on"));
      for (guint n = 0; n < added->len; n++)
        legal_remove (added->pdata[n]);
      muster_force_set_points_limit (army->force, 100000);
    }
}

static void
test_bvf_wizards_and_levy (Legal         *army,
                           gconstpointer  data)
{
  MusterUnit *levy;

  bvf_core (army);
  /* The breadth rule stops a second Wizard before the limit of 2 does: a house rule switching
   * the breadth rule off shows the limit alone, here checked with one Wizard per 500. */
  muster_force_set_points_limit (army->force, 500);
  g_free (muster_force_set_setting (army->force, "limit-scaling", "pro-rata"));
  legal_add (army, NULL, "Grimm", "wizard", 1, "regular", NULL);
  legal_add (army, NULL, "Hild", "wizard", 1, "regular", NULL);
  g_assert_cmpstr (only (army, "wizards-per-1000", 1), ==,
                   "At most 1 Wizards at 500 points (2 taken).");

  g_free (muster_force_set_setting (army->force, "limit-scaling", NULL));
  only (army, "wizards-per-1000", 0);

  levy = muster_node_get_unit (muster_force_get_root (army->force), 2);
  muster_unit_set_option (levy, "levy", 0);
  muster_unit_set_option (levy, "regular", 1);
  g_assert_cmpstr (only (army, "levy-per-1000", 1), ==,
                   "At least 1 Levy units at 500 points (0 taken).");
}

static const LegalSample bvf_sample = { &bvf, "battle-valor-fantasy-1000.muster", "" };

/* Order independence */

typedef struct
{
  const char *name, *type;
  guint       size;
  const char *options[4];
} Spec;

/* An illegal Battle Valor Fantasy list: too many Shock units and Wizards, a small unit, a
 * halberd with a pole, two Generals. */
static const Spec spec[] = {
  { "Thane", "general", 1, { NULL } },
  { "Pretender", "general", 1, { NULL } },
  { "Guard", "infantry", 8, { "veteran", "halberd", "pole", NULL } },
  { "Levy", "infantry", 3, { "levy", NULL } },
  { "Giants", "giants", 3, { "regular", NULL } },
  { "Moor Beasts", "moor-beasts", 3, { "regular", NULL } },
  { "Golems", "iron-golems", 3, { "regular", NULL } },
  { "Grimm", "wizard", 1, { "regular", NULL } },
  { "Hild", "wizard", 1, { "regular", NULL } },
  { "Orm", "wizard", 1, { "veteran", NULL } },
  { "Riders", "cavalry", 4, { "elite", "horses", NULL } },
  { "Lancers", "cavalry", 5, { "elite", "horses", NULL } },
};

static char *
evaluate_in_order (const guint *order)
{
  Legal army;
  g_autoptr(GPtrArray) issues = NULL;
  char *text;

  bvf_setup (&army, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (spec); i++)
    {
      const Spec *s = &spec[order[i]];
      MusterUnit *unit = muster_unit_new (s->type, s->size);

      g_free (muster_unit_set_name (unit, s->name));
      for (guint j = 0; s->options[j] != NULL; j++)
        muster_unit_set_option (unit, s->options[j], 1);
      muster_node_insert_unit (muster_force_get_root (army.force), 0, unit);
    }
  legal_assert_fresh (&army);
  issues = muster_validator_list (army.validator);
  /* Ids follow the order of insertion; the findings, their places and messages must not. */
  g_ptr_array_sort (issues, muster_issue_compare);
  text = legal_describe (issues, FALSE);
  legal_teardown (&army, NULL);
  return text;
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

static char *
sorted_lines (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  qsort (lines, g_strv_length (lines), sizeof (char *), compare_lines);
  return g_strjoinv ("\n", lines);
}

static void
test_order_independence (void)
{
  guint order[G_N_ELEMENTS (spec)];
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autofree char *first = NULL, *first_sorted = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (spec); i++)
    order[i] = i;
  first = evaluate_in_order (order);
  first_sorted = sorted_lines (first);
  g_assert_nonnull (strstr (first, "shock-per-1000"));
  g_assert_nonnull (strstr (first, "one-general"));
  g_assert_nonnull (strstr (first, "character-breadth"));
  for (guint round = 0; round < 30; round++)
    {
      g_autofree char *text = NULL, *text_sorted = NULL;

      for (guint i = G_N_ELEMENTS (spec) - 1; i > 0; i--)
        {
          guint j = g_rand_int_range (rand, 0, i + 1), t = order[i];

          order[i] = order[j];
          order[j] = t;
        }
      text = evaluate_in_order (order);
      text_sorted = sorted_lines (text);
      g_assert_cmpstr (text_sorted, ==, first_sorted);
    }
}

/* Incremental = full */

typedef struct
{
  const char  *level;
  const char **types;
  const char **options;
  const char **settings;   /* variant, value, … */
} EditSpace;

static void
collect_nodes (MusterNode *node,
               GPtrArray  *nodes)
{
  g_ptr_array_add (nodes, node);
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    collect_nodes (muster_node_get_node (node, i), nodes);
}

static guint
index_in_parent (MusterUnit *unit)
{
  MusterNode *node = muster_unit_get_node (unit);

  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    if (muster_node_get_unit (node, i) == unit)
      return i;
  g_assert_not_reached ();
}

static const char *
pick (GRand        *rand,
      const char  **list)
{
  return list[g_rand_int_range (rand, 0, g_strv_length ((char **) list))];
}

/* One random edit of the document; the second force gets some too. */
static void
random_edit (Legal           *army,
             GRand           *rand,
             const EditSpace *space)
{
  MusterForce *force = muster_doc_get_force (army->doc,
                                             g_rand_int_range (rand, 0,
                                                               muster_doc_get_n_forces (army->doc)));
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  MusterNode *node;
  MusterUnit *unit = NULL;

  collect_nodes (muster_force_get_root (force), nodes);
  muster_node_collect_units (muster_force_get_root (force), units);
  node = nodes->pdata[g_rand_int_range (rand, 0, nodes->len)];
  if (units->len > 0)
    unit = units->pdata[g_rand_int_range (rand, 0, units->len)];

  switch (g_rand_int_range (rand, 0, 12))
    {
    case 11:
      {
        /* A force leaves and comes back, as undoing its removal does. */
        guint index = g_rand_int_range (rand, 0, muster_doc_get_n_forces (army->doc));
        MusterForce *taken = muster_doc_remove_force (army->doc, index);

        legal_assert_fresh (army);
        muster_doc_insert_force (army->doc, muster_doc_get_n_forces (army->doc), taken);
      }
      break;
    case 0:
    case 1:
      unit = muster_unit_new (pick (rand, space->types), g_rand_int_range (rand, 1, 9));
      muster_unit_set_option (unit, pick (rand, space->options), 1);
      muster_node_insert_unit (node, g_rand_int_range (rand, 0, muster_node_get_n_units (node) + 1),
                               unit);
      break;
    case 2:
      if (unit != NULL)
        legal_remove (unit);
      break;
    case 3:
      if (unit != NULL)
        muster_node_move_unit (muster_unit_get_node (unit), index_in_parent (unit), node, 0);
      break;
    case 4:
      if (unit != NULL)
        muster_unit_set_size (unit, g_rand_int_range (rand, 0, 14));
      break;
    case 5:
    case 6:
      if (unit != NULL)
        {
          const char *option = pick (rand, space->options);

          muster_unit_set_option (unit, option,
                                  muster_unit_get_option_count (unit, option) > 0 ? 0
                                  : (guint) g_rand_int_range (rand, 1, 4));
        }
      break;
    case 7:
      {
        guint n = g_strv_length ((char **) space->settings) / 2;
        guint i = g_rand_int_range (rand, 0, n);

        g_free (muster_force_set_setting (force, space->settings[2 * i],
                                          space->settings[2 * i + 1]));
      }
      break;
    case 8:
      muster_force_set_points_limit (force, g_rand_int_range (rand, 0, 6) * 250);
      break;
    case 9:
      if (space->level != NULL && g_rand_boolean (rand))
        {
          MusterNode *child = muster_node_new (space->level, "Wing");

          if (g_rand_boolean (rand))
            muster_node_insert_unit (child, 0, muster_unit_new (pick (rand, space->types), 4));
          muster_node_insert_node (muster_force_get_root (force), 0, child);
        }
      else if (muster_node_get_n_nodes (muster_force_get_root (force)) > 0)
        muster_node_free (muster_node_remove_node (muster_force_get_root (force), 0));
      break;
    case 10:
    default:
      if (unit != NULL)
        g_free (muster_unit_set_name (unit, g_rand_boolean (rand) ? "Renamed" : NULL));
      break;
    }
}

static void
check_sequence (MusterRuleset   *ruleset,
                const EditSpace *space,
                guint32          seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GHashTable) shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Legal army;

  legal_init (&army, ruleset, 1000);
  muster_doc_insert_force (army.doc, 1, muster_force_new ("Second", 500));
  muster_validator_take_changes (army.validator, NULL, NULL);
  {
    g_autoptr(GPtrArray) now = muster_validator_list (army.validator);
    g_auto(GStrv) lines = NULL;
    g_autofree char *text = legal_describe (now, TRUE);

    lines = g_strsplit (text, "\n", -1);
    for (guint i = 0; lines[i] && *lines[i]; i++)
      g_hash_table_add (shown, g_strdup (lines[i]));
  }

  for (guint step = 0; step < 250; step++)
    {
      g_autoptr(GPtrArray) in = NULL, out = NULL, now = NULL;
      g_autofree char *text = NULL, *in_text = NULL, *out_text = NULL;
      g_auto(GStrv) in_lines = NULL, out_lines = NULL, lines = NULL;

      random_edit (&army, rand, space);
      legal_assert_fresh (&army);

      /* What a list model would show, kept up to date by the changes alone. */
      muster_validator_take_changes (army.validator, &in, &out);
      out_text = legal_describe (out, TRUE);
      in_text = legal_describe (in, TRUE);
      out_lines = g_strsplit (out_text, "\n", -1);
      in_lines = g_strsplit (in_text, "\n", -1);
      for (guint i = 0; out_lines[i] && *out_lines[i]; i++)
        g_assert_true (g_hash_table_remove (shown, out_lines[i]));
      for (guint i = 0; in_lines[i] && *in_lines[i]; i++)
        g_assert_true (g_hash_table_add (shown, g_strdup (in_lines[i])));
      now = muster_validator_list (army.validator);
      text = legal_describe (now, TRUE);
      lines = g_strsplit (text, "\n", -1);
      g_assert_cmpuint (g_hash_table_size (shown), ==, now->len);
      for (guint i = 0; lines[i] && *lines[i]; i++)
        g_assert_true (g_hash_table_contains (shown, lines[i]));
    }
  legal_teardown (&army, NULL);
}

static void
test_incremental_fixture (void)
{
  static const char *types[] = { "general", "foot", "horse", "chariot", "dragon", NULL };
  static const char *options[] = { "elite", "green", "spear", "pike", "bow", "officer",
                                   "driver", "archer", "runner", NULL };
  static const char *settings[] = { "limits", "on", "limits", "off", "scaling", "floor",
                                    "scaling", "pro-rata", "scaling", "ceil", NULL };
  EditSpace space = { "wing", types, options, settings };

  for (guint32 seed = 1; seed <= 4; seed++)
    check_sequence (fixture, &space, seed);
}

static void
test_incremental_bvf (void)
{
  static const char *types[] = { "general", "infantry", "cavalry", "wizard", "captain",
                                 "shock-troops", "war-machine", "flier", "line-breaker", NULL };
  static const char *options[] = { "levy", "regular", "veteran", "elite", "halberd", "pole",
                                   "pike", "command-stand", "heavy-armour", NULL };
  static const char *settings[] = { "optional-limits", "on", "optional-limits", "off",
                                    "limit-scaling", "floor", "limit-scaling", "pro-rata",
                                    "command-stand", "extra", NULL };
  EditSpace space = { NULL, types, options, settings };

  for (guint32 seed = 1; seed <= 4; seed++)
    check_sequence (bvf, &space, seed);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  fixture = muster_test_load_ruleset ("tests/data", "validate-fixture.xml");
  g_test_add_func ("/validate/default-size", test_default_size);
  bvf = muster_test_load_ruleset ("data/rulesets", "battle-valor-fantasy.xml");

#define KIND(name, func) g_test_add ("/engine/validate/kind/" name, Legal, NULL, fixture_setup, \
                                     func, legal_teardown)
  KIND ("count-exactly-one", test_count_exactly_one);
  KIND ("count-per-points", test_count_per_points);
  KIND ("count-when", test_count_when);
  KIND ("count-percent", test_count_percent);
  KIND ("count-size", test_count_size);
  KIND ("count-nodes-and-levels", test_count_nodes_and_levels);
  KIND ("count-document", test_count_document);
  KIND ("count-unit-scope", test_count_unit_scope);
  KIND ("size", test_size);
  KIND ("unit-type-size", test_unit_type_size);
  KIND ("unit-options", test_unit_options);
  KIND ("unit-option-picks", test_unit_option_picks);
  KIND ("settings", test_settings);
  KIND ("forbid", test_forbid);
  KIND ("info-and-off", test_info_and_off);
  KIND ("points-limit", test_points_limit);
  KIND ("uncosted", test_uncosted);
  KIND ("changes", test_changes);
#undef KIND
#define BVF(name, func) g_test_add ("/engine/validate/bvf/" name, Legal, NULL, bvf_setup, func, \
                                    legal_teardown)
  BVF ("one-general", test_bvf_general);
  BVF ("two-infantry", test_bvf_two_infantry);
  BVF ("sizes", test_bvf_sizes);
  BVF ("forbid", test_bvf_forbid);
  BVF ("points-limit", test_bvf_points_limit);
  BVF ("character-breadth", test_bvf_breadth);
  BVF ("optional-limits", test_bvf_optional_limits);
  BVF ("wizards-and-levy", test_bvf_wizards_and_levy);
#undef BVF
  g_test_add_data_func ("/engine/validate/bvf/sample-legal", &bvf_sample, legal_test_sample);
  g_test_add_func ("/engine/validate/order-independence", test_order_independence);
  g_test_add_func ("/engine/validate/incremental/fixture", test_incremental_fixture);
  g_test_add_func ("/engine/validate/incremental/bvf", test_incremental_bvf);

  ret = g_test_run ();
  muster_ruleset_unref (bvf);
  muster_ruleset_unref (fixture);
  return ret;
}
