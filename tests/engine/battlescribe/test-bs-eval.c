/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-test-bs.h"

/*
 * Modifiers, conditions, scopes and constraints, each with a case where it applies and one
 * where it does not. Every test writes its own catalogue's root entries into one game system.
 */

static const char gst[] =
  "<gameSystem id='gs' name='Test'>\n"
  "  <costTypes><costType id='pts' name='pts' defaultCostLimit='-1'/></costTypes>\n"
  "  <profileTypes><profileType id='pt' name='Stats'><characteristicTypes>"
  "<characteristicType id='ct-s' name='S'/></characteristicTypes></profileType></profileTypes>\n"
  "  <categoryEntries><categoryEntry id='cat-hq' name='HQ'/><categoryEntry id='cat-tr' name='Troops'/>"
  "<categoryEntry id='cat-el' name='Elites'/></categoryEntries>\n"
  "  <forceEntries>\n"
  "    <forceEntry id='fe' name='Patrol'><categoryLinks>"
  "<categoryLink id='cl-fe-hq' targetId='cat-hq' name='HQ'/>"
  "<categoryLink id='cl-fe-tr' targetId='cat-tr' name='Troops'/></categoryLinks>\n"
  "      <forceEntries><forceEntry id='fe-sub' name='Wing'/></forceEntries></forceEntry>\n"
  "    <forceEntry id='fe2' name='Raid'/>\n"
  "  </forceEntries>\n"
  "</gameSystem>\n";

typedef struct
{
  MusterBsData   *data;
  MusterBsRoster *roster;
  MusterBsForce  *force;
} Fixture;

static void
fixture_setup (Fixture    *f,
               const char *entries)
{
  g_autofree char *cat = g_strdup_printf ("<catalogue id='cat' name='Army' gameSystemId='gs'>"
                                          "<selectionEntries>%s</selectionEntries></catalogue>",
                                          entries);
  g_autoptr(GError) error = NULL;

  f->data = muster_test_bs_data (gst, cat);
  f->roster = muster_bs_roster_new (f->data, "R");
  f->force = muster_bs_roster_add_force (f->roster, NULL, "fe", NULL, NULL, &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture *f)
{
  muster_bs_roster_free (f->roster);
  muster_bs_data_free (f->data);
}

static MusterBsSelection *
pick (Fixture           *f,
      MusterBsSelection *parent,
      const char        *entry_id)
{
  return muster_test_bs_select (f->roster, f->force, parent, entry_id);
}

static double
pts (MusterBsSelection *sel)
{
  return muster_test_bs_cost (muster_bs_selection_get_costs (sel), "pts");
}

/* Cost modifiers: increment with a repeat of scope force, rounding down; roundUp. */
static void
test_eval_repeat (void)
{
  Fixture f;
  MusterBsSelection *a, *b;

  fixture_setup (&f,
    "<selectionEntry id='se-t' name='Trigger' type='unit'/>"
    "<selectionEntry id='se-a' name='A' type='unit'><costs><cost name='pts' typeId='pts' value='10'/></costs>"
    "<modifiers><modifier type='increment' field='pts' value='5'><repeats>"
    "<repeat value='2' repeats='1' field='selections' scope='force' childId='se-t'/></repeats></modifier></modifiers></selectionEntry>"
    "<selectionEntry id='se-b' name='B' type='unit'><costs><cost name='pts' typeId='pts' value='10'/></costs>"
    "<modifiers><modifier type='decrement' field='pts' value='1'><repeats>"
    "<repeat value='2' repeats='3' field='selections' scope='force' childId='se-t' roundUp='true'/></repeats></modifier></modifiers></selectionEntry>");
  a = pick (&f, NULL, "se-a");
  b = pick (&f, NULL, "se-b");
  g_assert_cmpfloat (pts (a), ==, 10);
  g_assert_cmpfloat (pts (b), ==, 10);
  pick (&f, NULL, "se-t");
  /* One trigger: floor(1/2) = 0 steps; roundUp: ceil(1/2) * 3 = 3. */
  g_assert_cmpfloat (pts (a), ==, 10);
  g_assert_cmpfloat (pts (b), ==, 7);
  pick (&f, NULL, "se-t");
  g_assert_cmpfloat (pts (a), ==, 15);
  g_assert_cmpfloat (pts (b), ==, 7);
  fixture_teardown (&f);
}

/* Costs that count each other (a repeat on the pts of their own entry in the force) settle
 * together at New Recruit's shared fixed point, whichever is asked first and after edits:
 * each costs 100 + 10 per full 50 pts of all of them, so two settle at 160 each (320 / 50 =
 * 6 steps) and three at 230 each (690 / 50 = 13), not at values worked out from another's
 * provisional cost. */
static void
test_eval_cost_cycle (void)
{
  Fixture f;
  MusterBsSelection *a, *b, *c;

  fixture_setup (&f,
    "<selectionEntry id='se-u' name='Unit' type='unit'><costs><cost name='pts' typeId='pts' value='100'/></costs>"
    "<modifiers><modifier type='increment' field='pts' value='10'><repeats>"
    "<repeat value='50' repeats='1' field='pts' scope='force' childId='se-u'/></repeats></modifier></modifiers></selectionEntry>");
  a = pick (&f, NULL, "se-u");
  g_assert_cmpfloat (pts (a), ==, 120);
  b = pick (&f, NULL, "se-u");
  g_assert_cmpfloat (pts (b), ==, 160);
  g_assert_cmpfloat (pts (a), ==, 160);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (f.roster), "pts"), ==, 320);
  c = pick (&f, NULL, "se-u");
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (f.roster), "pts"), ==, 690);
  g_assert_cmpfloat (pts (a), ==, 230);
  g_assert_cmpfloat (pts (b), ==, 230);
  g_assert_cmpfloat (pts (c), ==, 230);
  muster_bs_selection_free (muster_bs_roster_remove_selection (f.roster, c, NULL));
  g_assert_cmpfloat (pts (a), ==, 160);
  g_assert_cmpfloat (pts (b), ==, 160);
  fixture_teardown (&f);

  /* One in each of two bands: each band's total is its unit's settled cost. */
  fixture_setup (&f,
    "<selectionEntry id='se-band' name='Band' type='unit'><selectionEntries>"
    "<selectionEntry id='se-u' name='Unit' type='model'><costs><cost name='pts' typeId='pts' value='100'/></costs>"
    "<modifiers><modifier type='increment' field='pts' value='10'><repeats>"
    "<repeat value='50' repeats='1' field='pts' scope='force' childId='se-u' includeChildSelections='true'/></repeats>"
    "</modifier></modifiers></selectionEntry></selectionEntries></selectionEntry>");
  c = pick (&f, NULL, "se-band");
  a = pick (&f, c, "se-u");
  b = pick (&f, pick (&f, NULL, "se-band"), "se-u");
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_selection_get_total_costs (c), "pts"), ==, 160);
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_roster_get_costs (f.roster), "pts"), ==, 320);
  g_assert_cmpfloat (pts (a), ==, 160);
  g_assert_cmpfloat (pts (b), ==, 160);
  fixture_teardown (&f);
}

/* Each comparison condition, on a name: it holds on one side of its value only. */
static void
test_eval_comparisons (void)
{
  static const char * const types[] = { "equalTo", "notEqualTo", "lessThan", "greaterThan",
                                        "atLeast", "atMost" };
  /* Whether each holds with 0, 1 and 2 triggers against the value 1. */
  static const gboolean holds[][3] = {
    { FALSE, TRUE, FALSE }, { TRUE, FALSE, TRUE }, { TRUE, FALSE, FALSE },
    { FALSE, FALSE, TRUE }, { FALSE, TRUE, TRUE }, { TRUE, TRUE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_autofree char *entries = g_strdup_printf (
        "<selectionEntry id='se-t' name='Trigger' type='unit'/>"
        "<selectionEntry id='se-a' name='A' type='unit'><modifiers>"
        "<modifier type='set' field='name' value='Yes'><conditions>"
        "<condition type='%s' value='1' field='selections' scope='roster' childId='se-t'/>"
        "</conditions></modifier></modifiers></selectionEntry>", types[i]);
      Fixture f;
      MusterBsSelection *a;

      fixture_setup (&f, entries);
      a = pick (&f, NULL, "se-a");
      for (int n = 0; n < 3; n++)
        {
          if (n > 0)
            pick (&f, NULL, "se-t");
          g_assert_cmpstr (muster_bs_selection_get_name (a), ==, holds[i][n] ? "Yes" : "A");
        }
      fixture_teardown (&f);
    }
}

/* instanceOf and notInstanceOf on the parent, an ancestor and the force. */
static void
test_eval_instance_of (void)
{
  Fixture f;
  MusterBsSelection *unit, *inner, *gear, *gear2;

  fixture_setup (&f,
    "<selectionEntry id='se-unit' name='Unit' type='unit'><selectionEntries>"
    "<selectionEntry id='se-inner' name='Inner' type='upgrade'><selectionEntries>"
    "<selectionEntry id='se-gear' name='Gear' type='upgrade'><modifiers>"
    "<modifier type='append' field='name' value='of unit'><conditions>"
    "<condition type='instanceOf' value='1' field='selections' scope='ancestor' childId='se-unit'/></conditions></modifier>"
    "<modifier type='append' field='name' value='in inner'><conditions>"
    "<condition type='instanceOf' value='1' field='selections' scope='parent' childId='se-inner'/></conditions></modifier>"
    "<modifier type='append' field='name' value='outside Raid'><conditions>"
    "<condition type='notInstanceOf' value='1' field='selections' scope='force' childId='fe2'/></conditions></modifier>"
    "</modifiers></selectionEntry></selectionEntries></selectionEntry>"
    "<selectionEntry id='se-gear' name='Gear' type='upgrade'/>"
    "</selectionEntries></selectionEntry>");
  unit = pick (&f, NULL, "se-unit");
  inner = pick (&f, unit, "se-inner");
  gear = pick (&f, inner, "se-gear");
  g_assert_cmpstr (muster_bs_selection_get_name (gear), ==, "Gear of unit in inner outside Raid");
  /* The same entry id offered directly under the unit: not in Inner. */
  gear2 = pick (&f, unit, "se-gear");
  g_assert_true (gear2 != gear);
  g_assert_cmpstr (muster_bs_selection_get_name (gear2), ==, "Gear");
  fixture_teardown (&f);
}

/* Condition groups: and, or, nested. */
static void
test_eval_condition_groups (void)
{
  Fixture f;
  MusterBsSelection *a, *x;

  fixture_setup (&f,
    "<selectionEntry id='se-x' name='X' type='unit'/><selectionEntry id='se-y' name='Y' type='unit'/>"
    "<selectionEntry id='se-a' name='A' type='unit'><modifiers>"
    "<modifier type='append' field='name' value='and'><conditionGroups><conditionGroup type='and'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-x'/>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-y'/>"
    "</conditions></conditionGroup></conditionGroups></modifier>"
    "<modifier type='append' field='name' value='or'><conditionGroups><conditionGroup type='or'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-x'/></conditions>"
    "<conditionGroups><conditionGroup type='and'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-y'/>"
    "</conditions></conditionGroup></conditionGroups>"
    "</conditionGroup></conditionGroups></modifier>"
    "</modifiers></selectionEntry>");
  a = pick (&f, NULL, "se-a");
  g_assert_cmpstr (muster_bs_selection_get_name (a), ==, "A");
  x = pick (&f, NULL, "se-x");
  g_assert_cmpstr (muster_bs_selection_get_name (a), ==, "A or");
  pick (&f, NULL, "se-y");
  g_assert_cmpstr (muster_bs_selection_get_name (a), ==, "A and or");
  muster_bs_selection_free (muster_bs_roster_remove_selection (f.roster, x, NULL));
  g_assert_cmpstr (muster_bs_selection_get_name (a), ==, "A or");
  fixture_teardown (&f);
}

/* Modifier groups: their conditions gate every modifier in them, nested groups' too (the
 * name is set only in a group inside the group), their repeats multiply. */
static void
test_eval_modifier_groups (void)
{
  Fixture f;
  MusterBsSelection *a;

  fixture_setup (&f,
    "<selectionEntry id='se-t' name='T' type='unit'/>"
    "<selectionEntry id='se-a' name='A' type='unit'><costs><cost name='pts' typeId='pts' value='10'/></costs>"
    "<modifierGroups><modifierGroup><conditions>"
    "<condition type='atLeast' value='2' field='selections' scope='force' childId='se-t'/></conditions>"
    "<repeats><repeat value='1' repeats='1' field='selections' scope='force' childId='se-t'/></repeats>"
    "<modifiers><modifier type='increment' field='pts' value='1'/></modifiers>"
    "<modifierGroups><modifierGroup><modifiers>"
    "<modifier type='set' field='name' value='Grouped'/></modifiers></modifierGroup></modifierGroups>"
    "</modifierGroup></modifierGroups></selectionEntry>");
  a = pick (&f, NULL, "se-a");
  pick (&f, NULL, "se-t");
  g_assert_cmpstr (muster_bs_selection_get_name (a), ==, "A");
  g_assert_cmpfloat (pts (a), ==, 10);
  pick (&f, NULL, "se-t");
  g_assert_cmpstr (muster_bs_selection_get_name (a), ==, "Grouped");
  g_assert_cmpfloat (pts (a), ==, 12);
  fixture_teardown (&f);
}

/* Category modifiers (add, remove, set-primary), hidden, a characteristic and a rule. */
static void
test_eval_fields (void)
{
  Fixture f;
  MusterBsSelection *a;
  GArray *cats, *profiles, *rules;
  MusterBsProfile *p;
  g_autofree char *findings = NULL;

  fixture_setup (&f,
    "<selectionEntry id='se-t' name='T' type='unit'/>"
    "<selectionEntry id='se-a' name='A' type='unit'>"
    "<categoryLinks><categoryLink id='cl-a-tr' targetId='cat-tr' name='Troops' primary='true'/>"
    "<categoryLink id='cl-a-el' targetId='cat-el' name='Elites'/></categoryLinks>"
    "<profiles><profile id='p-a' name='A' typeId='pt' typeName='Stats'><characteristics>"
    "<characteristic name='S' typeId='ct-s'>4</characteristic></characteristics>"
    "<modifiers><modifier type='increment' field='ct-s' value='1'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-t'/></conditions></modifier></modifiers>"
    "</profile></profiles>"
    "<rules><rule id='r-a' name='Brave'><description>Never flees.</description>"
    "<modifiers><modifier type='set' field='description' value='Flees.'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-t'/></conditions></modifier></modifiers>"
    "</rule></rules>"
    "<modifiers>"
    "<modifier type='add' field='category' value='cat-hq'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-t'/></conditions></modifier>"
    "<modifier type='remove' field='category' value='cat-el'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-t'/></conditions></modifier>"
    "<modifier type='set-primary' field='category' value='cat-hq'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-t'/></conditions></modifier>"
    "<modifier type='set' field='hidden' value='true'><conditions>"
    "<condition type='atLeast' value='2' field='selections' scope='force' childId='se-t'/></conditions></modifier>"
    "</modifiers></selectionEntry>");
  a = pick (&f, NULL, "se-a");
  g_assert_cmpstr (muster_bs_selection_get_primary_category (a)->entry_id, ==, "cat-tr");
  g_assert_cmpuint (muster_bs_selection_get_categories (a)->len, ==, 2);
  profiles = muster_bs_selection_get_profiles (a);
  p = &g_array_index (profiles, MusterBsProfile, 0);
  g_assert_cmpstr (g_array_index (p->characteristics, MusterBsCharacteristic, 0).value, ==, "4");
  rules = muster_bs_selection_get_rules (a);
  g_assert_cmpstr (g_array_index (rules, MusterBsRule, 0).description, ==, "Never flees.");
  pick (&f, NULL, "se-t");
  cats = muster_bs_selection_get_categories (a);
  g_assert_cmpuint (cats->len, ==, 2);
  g_assert_cmpstr (muster_bs_selection_get_primary_category (a)->entry_id, ==, "cat-hq");
  profiles = muster_bs_selection_get_profiles (a);
  p = &g_array_index (profiles, MusterBsProfile, 0);
  g_assert_cmpstr (g_array_index (p->characteristics, MusterBsCharacteristic, 0).value, ==, "5");
  rules = muster_bs_selection_get_rules (a);
  g_assert_cmpstr (g_array_index (rules, MusterBsRule, 0).description, ==, "Flees.");
  g_assert_false (muster_bs_selection_get_hidden (a));
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "");
  g_clear_pointer (&findings, g_free);
  /* Hidden, and selected: a finding. */
  pick (&f, NULL, "se-t");
  g_assert_true (muster_bs_selection_get_hidden (a));
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "selection se-a from se-a/hidden");
  fixture_teardown (&f);
}

/* A constraint's value moved by a modifier; min and max; a cost field; scope roster. */
static void
test_eval_constraints (void)
{
  Fixture f;
  MusterBsSelection *a;
  g_autofree char *findings = NULL;

  fixture_setup (&f,
    "<selectionEntry id='se-t' name='T' type='unit'/>"
    "<selectionEntry id='se-a' name='A' type='unit'><costs><cost name='pts' typeId='pts' value='30'/></costs>"
    "<constraints><constraint id='con-max' type='max' value='1' field='selections' scope='roster'/>"
    "<constraint id='con-pts' type='max' value='50' field='pts' scope='force'/></constraints>"
    "<modifiers><modifier type='increment' field='con-max' value='1'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-t'/></conditions></modifier></modifiers>"
    "</selectionEntry>");
  a = pick (&f, NULL, "se-a");
  g_assert_nonnull (a);
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "");
  g_clear_pointer (&findings, g_free);
  pick (&f, NULL, "se-a");
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "selection se-a from se-a/con-max; selection se-a from se-a/con-pts");
  g_clear_pointer (&findings, g_free);
  /* The trigger lifts the max to 2; the 60 points still break the cost maximum. */
  pick (&f, NULL, "se-t");
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "selection se-a from se-a/con-pts");
  fixture_teardown (&f);
}

/* Validation's counts are memoised until the next edit: a constraint's maximum lifted by a
 * condition counting the roster must follow each edit, back and forth. */
static void
test_eval_counts_after_edits (void)
{
  Fixture f;
  MusterBsSelection *t, *x;
  g_autofree char *findings = NULL;
  guint index = 0;

  fixture_setup (&f,
    "<selectionEntry id='se-x' name='X' type='unit'/>"
    "<selectionEntry id='se-t' name='T' type='unit'><constraints>"
    "<constraint id='con-t' type='max' value='1' field='selections' scope='force'/></constraints>"
    "<modifiers><modifier type='increment' field='con-t' value='1'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='roster' childId='se-x'/></conditions></modifier></modifiers>"
    "</selectionEntry>");
  t = pick (&f, NULL, "se-t");
  muster_bs_roster_set_count (f.roster, t, 2);
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "selection se-t from se-t/con-t");
  g_clear_pointer (&findings, g_free);
  x = pick (&f, NULL, "se-x");
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "");
  g_clear_pointer (&findings, g_free);
  muster_bs_selection_free (muster_bs_roster_remove_selection (f.roster, x, &index));
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "selection se-t from se-t/con-t");
  g_clear_pointer (&findings, g_free);
  muster_bs_roster_set_count (f.roster, t, 1);
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "");
  fixture_teardown (&f);
}

/* shared: a constraint counts every link to its entry, or each link on its own. */
static void
test_eval_shared (void)
{
  static const char entries[] =
    "<selectionEntry id='se-unit' name='Unit' type='unit'>"
    "<entryLinks><entryLink id='l1' targetId='sse' type='selectionEntry'/>"
    "<entryLink id='l2' targetId='sse' type='selectionEntry'/></entryLinks></selectionEntry>";
  static const char * const shared[] = { "true", "false" };

  for (guint i = 0; i < G_N_ELEMENTS (shared); i++)
    {
      g_autofree char *cat = g_strdup_printf (
        "<catalogue id='cat' name='Army' gameSystemId='gs'><selectionEntries>%s</selectionEntries>"
        "<sharedSelectionEntries><selectionEntry id='sse' name='Gun' type='upgrade'>"
        "<constraints><constraint id='con' type='max' value='1' field='selections' scope='parent' shared='%s'/>"
        "</constraints></selectionEntry></sharedSelectionEntries></catalogue>", entries, shared[i]);
      g_autoptr(MusterBsData) data = muster_test_bs_data (gst, cat);
      g_autoptr(MusterBsRoster) roster = muster_bs_roster_new (data, "R");
      MusterBsForce *force = muster_bs_roster_add_force (roster, NULL, "fe", NULL, NULL, NULL);
      MusterBsSelection *unit = muster_bs_roster_select (roster, force, NULL, "se-unit", NULL, NULL);
      MusterBsSelection *g1 = muster_bs_roster_select (roster, force, unit, "l1", NULL, NULL);
      MusterBsSelection *g2 = muster_bs_roster_select (roster, force, unit, "l2", NULL, NULL);
      g_autofree char *findings = muster_test_bs_findings (roster);

      g_assert_cmpstr (muster_bs_selection_get_entry_id (g1), ==, "l1::sse");
      g_assert_cmpstr (muster_bs_selection_get_entry_id (g2), ==, "l2::sse");
      g_assert_cmpstr (findings, ==, i == 0 ? "selection sse from sse/con" : "");
    }
}

/* Scopes of a count: parent, self, primary-category, primary-catalogue, an entry id. */
static void
test_eval_scopes (void)
{
  Fixture f;
  MusterBsSelection *unit, *a, *w, *hq;

  fixture_setup (&f,
    "<selectionEntry id='se-hq' name='Boss' type='unit'><categoryLinks>"
    "<categoryLink id='cl-hq' targetId='cat-hq' name='HQ' primary='true'/></categoryLinks>"
    "<modifiers><modifier type='append' field='name' value='with company'><conditions>"
    "<condition type='atLeast' value='2' field='selections' scope='primary-category' childId='any'/></conditions></modifier>"
    "<modifier type='append' field='name' value='of Army'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='primary-catalogue' childId='se-unit'/></conditions></modifier>"
    "</modifiers></selectionEntry>"
    "<selectionEntry id='se-unit' name='Unit' type='unit'><selectionEntries>"
    "<selectionEntry id='se-w' name='W' type='upgrade'/>"
    "<selectionEntry id='se-a' name='A' type='upgrade'><modifiers>"
    "<modifier type='append' field='name' value='armed'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='parent' childId='se-w'/></conditions></modifier>"
    "<modifier type='append' field='name' value='in unit'><conditions>"
    "<condition type='atLeast' value='2' field='selections' scope='se-unit' childId='any'/></conditions></modifier>"
    "<modifier type='append' field='name' value='alone'><conditions>"
    "<condition type='equalTo' value='0' field='selections' scope='self' childId='any'/></conditions></modifier>"
    "</modifiers></selectionEntry></selectionEntries></selectionEntry>");
  hq = pick (&f, NULL, "se-hq");
  g_assert_cmpstr (muster_bs_selection_get_name (hq), ==, "Boss");
  unit = pick (&f, NULL, "se-unit");
  a = pick (&f, unit, "se-a");
  g_assert_cmpstr (muster_bs_selection_get_name (a), ==, "A alone");
  g_assert_cmpstr (muster_bs_selection_get_name (hq), ==, "Boss of Army");
  w = pick (&f, unit, "se-w");
  g_assert_nonnull (w);
  g_assert_cmpstr (muster_bs_selection_get_name (a), ==, "A armed in unit alone");
  pick (&f, NULL, "se-hq");
  g_assert_cmpstr (muster_bs_selection_get_name (hq), ==, "Boss with company of Army");
  fixture_teardown (&f);
}

/* A constraint whose scope names a force entry holds in such forces only (Black Powder's
 * French brigades: at most 4 in a "French 1812" force, none in a "French 1815" one). */
static void
test_eval_force_entry_scope (void)
{
  Fixture f;
  MusterBsForce *sub;
  g_autoptr(GError) error = NULL;
  g_autofree char *findings = NULL;

  fixture_setup (&f,
    "<selectionEntry id='se-b' name='Brigade' type='unit'><constraints>"
    "<constraint id='con-here' type='max' value='1' field='selections' scope='fe' shared='true'/>"
    "<constraint id='con-none' type='max' value='0' field='selections' scope='fe-sub' shared='true'/>"
    "</constraints></selectionEntry>");
  pick (&f, NULL, "se-b");
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "");
  g_clear_pointer (&findings, g_free);
  pick (&f, NULL, "se-b");
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "selection se-b from se-b/con-here");
  g_clear_pointer (&findings, g_free);

  sub = muster_bs_roster_add_force (f.roster, f.force, "fe-sub", "cat", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (muster_bs_roster_select (f.roster, sub, NULL, "se-b", NULL, &error));
  g_assert_no_error (error);
  findings = muster_test_bs_findings (f.roster);
  g_assert_cmpstr (findings, ==, "selection se-b from se-b/con-here; selection se-b from se-b/con-none");
  fixture_teardown (&f);
}

/* includeChildSelections and includeChildForces widen a count. */
static void
test_eval_include_children (void)
{
  Fixture f;
  MusterBsSelection *a, *unit;
  MusterBsForce *sub;

  fixture_setup (&f,
    "<selectionEntry id='se-unit' name='Unit' type='unit'><selectionEntries>"
    "<selectionEntry id='se-w' name='W' type='upgrade'/></selectionEntries></selectionEntry>"
    "<selectionEntry id='se-a' name='A' type='unit'><modifiers>"
    "<modifier type='append' field='name' value='deep'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-w' includeChildSelections='true'/></conditions></modifier>"
    "<modifier type='append' field='name' value='shallow'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-w'/></conditions></modifier>"
    "<modifier type='append' field='name' value='wings'><conditions>"
    "<condition type='atLeast' value='2' field='selections' scope='force' childId='se-unit' includeChildForces='true'/></conditions></modifier>"
    "</modifiers></selectionEntry>");
  a = pick (&f, NULL, "se-a");
  unit = pick (&f, NULL, "se-unit");
  pick (&f, unit, "se-w");
  g_assert_cmpstr (muster_bs_selection_get_name (a), ==, "A deep");
  sub = muster_bs_roster_add_force (f.roster, f.force, "fe-sub", "cat", NULL, NULL);
  g_assert_nonnull (muster_bs_roster_select (f.roster, sub, NULL, "se-unit", NULL, NULL));
  g_assert_cmpstr (muster_bs_selection_get_name (a), ==, "A deep wings");
  fixture_teardown (&f);
}

/* New Recruit's message modifiers: an error and a warning while their conditions hold. */
static void
test_eval_messages (void)
{
  Fixture f;
  MusterBsSelection *a, *t;
  g_autoptr(GPtrArray) findings = NULL;

  fixture_setup (&f,
    "<selectionEntry id='se-t' name='T' type='unit'/>"
    "<selectionEntry id='se-a' name='A' type='unit'><modifiers>"
    "<modifier type='add' field='error' value='No T with A'><conditions>"
    "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-t'/></conditions></modifier>"
    "<modifier type='add' field='warning' value='A is lonely'><conditions>"
    "<condition type='equalTo' value='0' field='selections' scope='force' childId='se-t'/></conditions></modifier>"
    "</modifiers></selectionEntry>");
  a = pick (&f, NULL, "se-a");
  findings = muster_bs_roster_get_findings (f.roster);
  g_assert_cmpuint (findings->len, ==, 1);
  g_assert_cmpint (((MusterBsFinding *) g_ptr_array_index (findings, 0))->severity, ==, MUSTER_SEVERITY_WARNING);
  g_assert_cmpstr (((MusterBsFinding *) g_ptr_array_index (findings, 0))->message, ==, "A is lonely");
  g_clear_pointer (&findings, g_ptr_array_unref);
  t = pick (&f, NULL, "se-t");
  findings = muster_bs_roster_get_findings (f.roster);
  g_assert_cmpuint (findings->len, ==, 1);
  g_assert_cmpint (((MusterBsFinding *) g_ptr_array_index (findings, 0))->severity, ==, MUSTER_SEVERITY_ERROR);
  g_assert_cmpstr (((MusterBsFinding *) g_ptr_array_index (findings, 0))->owner_id, ==,
                   muster_bs_selection_get_id (a));
  g_assert_nonnull (t);
  fixture_teardown (&f);
}

/* Auto-selection: a min 1 entry and a group's default come with the force; a hidden one not. */
static void
test_eval_auto_select (void)
{
  g_autofree char *cat = g_strdup (
    "<catalogue id='cat' name='Army' gameSystemId='gs'><selectionEntries>"
    "<selectionEntry id='se-req' name='Required' type='upgrade'><constraints>"
    "<constraint id='c-req' type='min' value='1' field='selections' scope='parent'/></constraints>"
    "<selectionEntryGroups><selectionEntryGroup id='seg' name='Choice' defaultSelectionEntryId='se-y'>"
    "<constraints><constraint id='c-seg' type='min' value='1' field='selections' scope='parent'/></constraints>"
    "<selectionEntries><selectionEntry id='se-x' name='X' type='upgrade'/>"
    "<selectionEntry id='se-y' name='Y' type='upgrade'/></selectionEntries>"
    "</selectionEntryGroup></selectionEntryGroups></selectionEntry>"
    "<selectionEntry id='se-hid' name='Hidden' type='upgrade' hidden='true'><constraints>"
    "<constraint id='c-hid' type='min' value='1' field='selections' scope='parent'/></constraints></selectionEntry>"
    "</selectionEntries></catalogue>");
  g_autoptr(MusterBsData) data = muster_test_bs_data (gst, cat);
  g_autoptr(MusterBsRoster) roster = muster_bs_roster_new (data, "R");
  g_autoptr(GPtrArray) added = g_ptr_array_new ();
  MusterBsForce *force = muster_bs_roster_add_force (roster, NULL, "fe", NULL, added, NULL);
  MusterBsSelection *req, *y;
  g_autofree char *findings = NULL;

  g_assert_cmpuint (added->len, ==, 2);
  g_assert_cmpuint (muster_bs_force_get_n_selections (force), ==, 1);
  req = muster_bs_force_get_selection (force, 0);
  g_assert_cmpstr (muster_bs_selection_get_entry_id (req), ==, "se-req");
  y = muster_bs_selection_get_child (req, 0);
  g_assert_cmpstr (muster_bs_selection_get_entry_id (y), ==, "se-y");
  g_assert_cmpstr (muster_bs_selection_get_entry_group_id (y), ==, "seg");
  findings = muster_test_bs_findings (roster);
  g_assert_cmpstr (findings, ==, "");
  g_clear_pointer (&findings, g_free);
  /* Taking the group's choice away breaks its minimum. */
  muster_bs_selection_free (muster_bs_roster_remove_selection (roster, y, NULL));
  findings = muster_test_bs_findings (roster);
  g_assert_cmpstr (findings, ==, "selection se-req from seg/c-seg");
}

/* New Recruit's message on a constraint: the finding says it, its tokens filled in (an
 * unknown one as written); without one, the engine's own words. */
static void
test_eval_constraint_message (void)
{
  Fixture f;
  MusterBsSelection *unit, *gun;
  g_autoptr(GPtrArray) findings = NULL;

  fixture_setup (&f,
    "<selectionEntry id='se-unit' name='Squad' type='unit'><selectionEntries>"
    "<selectionEntry id='se-gun' name='Gun' type='upgrade'><constraints>"
    "<constraint id='c-gun' type='max' value='1' field='selections' scope='parent' "
    "message='{self}: one per {parent} ({unit}) in {roster}, {odd}'/></constraints></selectionEntry>"
    "<selectionEntry id='se-axe' name='Axe' type='upgrade'><constraints>"
    "<constraint id='c-axe' type='max' value='1' field='selections' scope='parent'/></constraints>"
    "</selectionEntry></selectionEntries></selectionEntry>");
  unit = pick (&f, NULL, "se-unit");
  gun = pick (&f, unit, "se-gun");
  findings = muster_bs_roster_get_findings (f.roster);
  g_assert_cmpuint (findings->len, ==, 0);
  g_clear_pointer (&findings, g_ptr_array_unref);
  muster_bs_roster_set_count (f.roster, gun, 2);
  muster_bs_roster_set_count (f.roster, pick (&f, unit, "se-axe"), 2);
  findings = muster_bs_roster_get_findings (f.roster);
  g_assert_cmpuint (findings->len, ==, 2);
  g_assert_cmpstr (((MusterBsFinding *) findings->pdata[0])->message, ==,
                   "Gun: one per Squad (Squad) in R, {odd}");
  g_assert_cmpstr (((MusterBsFinding *) findings->pdata[1])->message, ==,
                   "Squad has 1 too many selections of Axe (maximum 1)");
  fixture_teardown (&f);
}

/* Entries that require each other (through links) are a problem of the data, naming the
 * file and the entry, not an endless or silent nesting. */
static void
test_eval_required_cycle (void)
{
  static const char cat[] =
    "<catalogue id='cat' name='Army' gameSystemId='gs'><entryLinks>"
    "<entryLink id='l-root' targetId='sse-a' type='selectionEntry'/>"
    "<entryLink id='l-free' targetId='sse-free' type='selectionEntry'/></entryLinks>"
    "<sharedSelectionEntries>"
    "<selectionEntry id='sse-a' name='Alpha' type='unit'><entryLinks>"
    "<entryLink id='l-ab' targetId='sse-b' type='selectionEntry'><constraints>"
    "<constraint id='c-ab' type='min' value='1' field='selections' scope='parent'/></constraints></entryLink>"
    "</entryLinks></selectionEntry>"
    "<selectionEntry id='sse-b' name='Beta' type='upgrade'><entryLinks>"
    "<entryLink id='l-ba' targetId='sse-a' type='selectionEntry'><constraints>"
    "<constraint id='c-ba' type='min' value='1' field='selections' scope='parent'/></constraints></entryLink>"
    "</entryLinks></selectionEntry>"
    "<selectionEntry id='sse-free' name='Free' type='unit'><entryLinks>"
    "<entryLink id='l-fb' targetId='sse-b' type='selectionEntry'/></entryLinks></selectionEntry>"
    "</sharedSelectionEntries></catalogue>";
  g_autoptr(MusterBsData) data = muster_test_bs_data (gst, cat);
  g_autoptr(MusterBsRoster) roster = muster_bs_roster_new (data, "R");
  MusterBsForce *force = muster_bs_roster_add_force (roster, NULL, "fe", NULL, NULL, NULL);
  const char * const *problems;

  /* No requirement in a cycle: no problem. */
  g_assert_nonnull (muster_bs_roster_select (roster, force, NULL, "l-free", NULL, NULL));
  g_assert_null (muster_bs_data_get_problems (data)[0]);
  g_assert_nonnull (muster_bs_roster_select (roster, force, NULL, "l-root", NULL, NULL));
  problems = muster_bs_data_get_problems (data);
  g_assert_nonnull (problems[0]);
  g_assert_true (g_str_has_prefix (problems[0], "test.cat:"));
  g_assert_nonnull (strstr (problems[0], "(sse-a) requires itself: Alpha → Beta → Alpha"));
  g_assert_null (problems[1]);
  /* Once per entry, however often it is selected. */
  g_assert_nonnull (muster_bs_roster_select (roster, force, NULL, "l-root", NULL, NULL));
  g_assert_null (muster_bs_data_get_problems (data)[1]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bs/eval/repeat", test_eval_repeat);
  g_test_add_func ("/bs/eval/cost-cycle", test_eval_cost_cycle);
  g_test_add_func ("/bs/eval/comparisons", test_eval_comparisons);
  g_test_add_func ("/bs/eval/instance-of", test_eval_instance_of);
  g_test_add_func ("/bs/eval/condition-groups", test_eval_condition_groups);
  g_test_add_func ("/bs/eval/modifier-groups", test_eval_modifier_groups);
  g_test_add_func ("/bs/eval/fields", test_eval_fields);
  g_test_add_func ("/bs/eval/constraints", test_eval_constraints);
  g_test_add_func ("/bs/eval/counts-after-edits", test_eval_counts_after_edits);
  g_test_add_func ("/bs/eval/shared", test_eval_shared);
  g_test_add_func ("/bs/eval/scopes", test_eval_scopes);
  g_test_add_func ("/bs/eval/force-entry-scope", test_eval_force_entry_scope);
  g_test_add_func ("/bs/eval/include-children", test_eval_include_children);
  g_test_add_func ("/bs/eval/auto-select", test_eval_auto_select);
  g_test_add_func ("/bs/eval/messages", test_eval_messages);
  g_test_add_func ("/bs/eval/required-cycle", test_eval_required_cycle);
  g_test_add_func ("/bs/eval/constraint-message", test_eval_constraint_message);
  return g_test_run ();
}
