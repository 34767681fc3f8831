/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"
#include "muster-test-util.h"

/*
 * The multi-scale horse-and-musket army data. The review gives no costs, so the cost tests
 * pin the house values (and that they are flagged as such); the statistics and the usual BMU
 * sizes by scale are the book's, from the digest's army sections. Every case has a twin with
 * one thing changed that must give another answer.
 */

static MusterRuleset *hm;

typedef struct
{
  MusterDoc   *doc;
  MusterForce *force;
} Army;

static void
army_setup (Army          *army,
            gconstpointer  data)
{
  army->doc = muster_doc_new ("horse-and-musket", "0.1");
  muster_doc_set_ruleset (army->doc, hm);
  muster_doc_insert_force (army->doc, 0, muster_force_new ("Test corps", 300));
  army->force = muster_doc_get_force (army->doc, 0);
}

static void
army_teardown (Army          *army,
               gconstpointer  data)
{
  muster_doc_free (army->doc);
}

/* A unit with exactly the options listed (NULL-terminated), in the force's root. */
#define add_unit(army, ...) muster_test_add_unit ((army)->force, __VA_ARGS__)

static void
set_scale (Army       *army,
           const char *scale)
{
  g_free (muster_force_set_setting (army->force, "scale", scale));
}

static gint64
cost_of (const MusterUnit *unit)
{
  const MusterCost *cost = muster_unit_get_cost (unit);

  if (cost->error != NULL)
    g_error ("%s: %s", muster_unit_get_type_id (unit), cost->error);
  return cost->value;
}

static double
stat_of (Army       *army,
         MusterUnit *unit,
         const char *stat)
{
  g_autoptr(MusterStats) stats = muster_system_derived_stats (hm, army->force, unit);
  double value;

  if (!muster_stats_get_number (stats, stat, &value))
    g_error ("%s has no number %s", muster_unit_get_type_id (unit), stat);
  return value;
}

/* Points per stand at rating C, by scale: the house table. */
static void
test_stand_costs (Army          *army,
                  gconstpointer  data)
{
  static const char * const scales[] = { "section", "company", "battalion", "regiment", "brigade" };
  static const struct {
    const char *type;
    int         per_stand[5];
  } types[] = {
    { "line-infantry", { 4, 5, 6, 6, 6 } },
    { "skirmishers", { 4, 5, 6, 6, 6 } },
    { "irregular-foot", { 3, 3, 4, 4, 4 } },
    { "line-cavalry", { 7, 8, 9, 9, 9 } },
    { "irregular-cavalry", { 5, 5, 6, 6, 6 } },
  };

  for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
    {
      set_scale (army, scales[s]);
      for (guint t = 0; t < G_N_ELEMENTS (types); t++)
        {
          MusterUnit *unit = add_unit (army, types[t].type, 4, NULL);

          if (cost_of (unit) != 4 * types[t].per_stand[s])
            g_error ("%s at %s scale: %" G_GINT64_FORMAT ", expected %d", types[t].type,
                     scales[s], cost_of (unit), 4 * types[t].per_stand[s]);
          g_assert_true (muster_unit_get_cost (unit)->house);
        }
    }

  /* Light infantry must take "may skirmish" (+1): 7 + 1 per stand at brigade scale. */
  g_assert_cmpint (cost_of (add_unit (army, "light-infantry", 4, NULL)), ==, 32);
  /* The twin: the same unit at section scale. */
  set_scale (army, "section");
  g_assert_cmpint (cost_of (add_unit (army, "light-infantry", 4, NULL)), ==, 24);
}

static void
test_ratings_and_weapons (Army          *army,
                          gconstpointer  data)
{
  MusterUnit *unit = add_unit (army, "line-infantry", 8, NULL);

  /* Brigade scale (the default): 6 per stand at C with smoothbores. */
  g_assert_cmpint (cost_of (unit), ==, 48);
  muster_unit_set_option (unit, "morale-c", 0);
  muster_unit_set_option (unit, "morale-a", 1);
  g_assert_cmpint (cost_of (unit), ==, 64);
  muster_unit_set_option (unit, "fire-b", 1);
  muster_unit_set_option (unit, "melee-e", 1);
  g_assert_cmpint (cost_of (unit), ==, 64 + 8 - 16);
  muster_unit_set_option (unit, "rifled", 1);
  g_assert_cmpint (cost_of (unit), ==, 64 + 8 - 16 + 8);
  muster_unit_set_option (unit, "smokeless-powder", 1);
  g_assert_cmpint (cost_of (unit), ==, 64 + 8 - 16 + 16);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 72);
}

static void
test_artillery_and_leaders (Army          *army,
                            gconstpointer  data)
{
  MusterUnit *guns = add_unit (army, "artillery", 2, "medium-gun", "rifled", "shrapnel", NULL);
  MusterUnit *napoleons = add_unit (army, "artillery", 2, "medium-gun", NULL);
  MusterUnit *general = add_unit (army, "leader", 1, "commander", NULL);
  MusterUnit *brigadier = add_unit (army, "leader", 1, NULL);

  /* (8 + 4 medium + 1 rifled + 1 shrapnel) per stand at brigade scale; smoothbore is free. */
  g_assert_cmpint (cost_of (guns), ==, 28);
  g_assert_cmpint (cost_of (napoleons), ==, 24);
  muster_unit_set_option (napoleons, "medium-gun", 0);
  muster_unit_set_option (napoleons, "siege-gun", 1);
  g_assert_cmpint (cost_of (napoleons), ==, 32);
  /* A gun stand is dearer at section scale, where it is one piece. */
  set_scale (army, "section");
  g_assert_cmpint (cost_of (guns), ==, 36);

  g_assert_cmpint (cost_of (general), ==, 20);
  /* A leader who picks nothing is a sub-commander. */
  g_assert_cmpint (cost_of (brigadier), ==, 5);
  muster_unit_set_option (brigadier, "mid-commander", 1);
  g_assert_cmpint (cost_of (brigadier), ==, 10);
}

/* §1 men per stand; §2.6 gun dice; §2.4 and §2.5 the book's modifiers. */
static void
test_derived_stats (Army          *army,
                    gconstpointer  data)
{
  static const struct { const char *scale; double men; } men[] = {
    { "section", 3 }, { "company", 24 }, { "battalion", 100 }, { "regiment", 180 },
    { "brigade", 400 },
  };
  static const struct { const char *gun; double dice; } guns[] = {
    { "light-gun", 2 }, { "medium-gun", 3 }, { "heavy-gun", 4 }, { "siege-gun", 5 },
  };
  MusterUnit *line = add_unit (army, "line-infantry", 8, NULL);
  MusterUnit *sepoys = add_unit (army, "line-infantry", 4, "fire-d", "smoothbore", NULL);
  MusterUnit *union_ = add_unit (army, "line-infantry", 8, "fire-b", "morale-b", "melee-b",
                                 "rifled", NULL);
  MusterUnit *baluchis = add_unit (army, "irregular-cavalry", 6, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (men); i++)
    {
      set_scale (army, men[i].scale);
      g_assert_cmpfloat (stat_of (army, line, "men"), ==, men[i].men);
    }
  for (guint i = 0; i < G_N_ELEMENTS (guns); i++)
    {
      MusterUnit *battery = add_unit (army, "artillery", 1, guns[i].gun, NULL);

      g_assert_cmpfloat (stat_of (army, battery, "attack-dice"), ==, guns[i].dice);
    }
  g_assert_cmpfloat (stat_of (army, line, "attack-dice"), ==, 1);

  /* TV2: Fire Quality D +1, Brown Bess +1 to the Accuracy Number. */
  g_assert_cmpfloat (stat_of (army, sepoys, "fire-modifier"), ==, 1);
  g_assert_cmpfloat (stat_of (army, sepoys, "accuracy-modifier"), ==, 1);
  /* TV4, TV6, TV7: B is −1 everywhere; Springfields have no modifier. */
  g_assert_cmpfloat (stat_of (army, union_, "fire-modifier"), ==, -1);
  g_assert_cmpfloat (stat_of (army, union_, "melee-modifier"), ==, -1);
  g_assert_cmpfloat (stat_of (army, union_, "morale-modifier"), ==, -1);
  g_assert_cmpfloat (stat_of (army, union_, "accuracy-modifier"), ==, 0);
  /* The twin: rating C has none. */
  g_assert_cmpfloat (stat_of (army, line, "fire-modifier"), ==, 0);

  /* TV2's target: a mounted mob. */
  g_assert_cmpfloat (stat_of (army, baluchis, "mounted"), ==, 1);
  g_assert_cmpfloat (stat_of (army, line, "mounted"), ==, 0);
  {
    g_autoptr(MusterStats) stats = muster_system_derived_stats (hm, army->force, baluchis);

    g_assert_cmpstr (muster_stats_get_text (stats, "bmu-type"), ==, "mob");
  }
}

/* The size constraints as the evaluator will read them: does @unit break a `size`
 * constraint that applies to it? Returns its id, or NULL. */
static const char *
size_breach (Army       *army,
             MusterUnit *unit)
{
  const GPtrArray *constraints = muster_ruleset_list (hm, MUSTER_ITEM_CONSTRAINT);
  const MusterUnitType *type = muster_ruleset_get_unit_type (hm, muster_unit_get_type_id (unit));
  guint size = muster_unit_get_size (unit);

  for (guint i = 0; i < constraints->len; i++)
    {
      const MusterConstraint *c = constraints->pdata[i];
      const MusterMatch *match;

      if (c->kind != MUSTER_CONSTRAINT_SIZE ||
          !muster_condition_holds (hm, army->force, unit, c->when))
        continue;
      g_assert_cmpuint (c->matches->len, ==, 1);
      match = c->matches->pdata[0];
      if (!g_strv_contains ((const char * const *) match->category, type->category))
        continue;
      if ((c->has_min && size < c->min) || (c->has_max && size > c->max))
        return c->item.id;
    }
  return NULL;
}

/* §1 and §2.9: a company is usually 4 stands, a section 4–5, a battalion 8–10, a regiment 5–8,
 * a brigade 2–18; a leader is one stand. */
static void
test_bmu_sizes (Army          *army,
                gconstpointer  data)
{
  static const struct {
    const char *scale;
    guint       good, bad;
  } cases[] = {
    { "section", 5, 6 }, { "company", 4, 5 }, { "battalion", 8, 7 }, { "regiment", 8, 9 },
    { "brigade", 18, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *id = g_strdup_printf ("bmu-stands-%s", cases[i].scale);
      const MusterConstraint *c = muster_ruleset_get_constraint (hm, id);
      MusterUnit *good = add_unit (army, "line-infantry", cases[i].good, NULL);
      MusterUnit *bad = add_unit (army, "line-cavalry", cases[i].bad, NULL);

      set_scale (army, cases[i].scale);
      g_assert_nonnull (c);
      g_assert_cmpint (c->severity, ==, MUSTER_SEVERITY_WARNING);
      g_assert_null (size_breach (army, good));
      g_assert_cmpstr (size_breach (army, bad), ==, id);
    }

  /* Isandlwana (company scale): 4-stand companies; Khartoum (battalion): 8-stand battalions. */
  set_scale (army, "company");
  g_assert_null (size_breach (army, add_unit (army, "line-infantry", 4, "rifled", NULL)));
  g_assert_nonnull (size_breach (army, add_unit (army, "line-infantry", 8, "rifled", NULL)));
  set_scale (army, "battalion");
  g_assert_null (size_breach (army, add_unit (army, "line-infantry", 8, "rifled", NULL)));

  /* Guns are rated stand by stand and have no usual size; a leader is one stand. */
  g_assert_null (size_breach (army, add_unit (army, "artillery", 1, NULL)));
  g_assert_cmpstr (size_breach (army, add_unit (army, "leader", 2, NULL)), ==,
                   "leader-single-stand");
}

/* §2.9: the legality rules the engine can enforce are constraints with stable ids; the caps
 * the review does not give are house values. */
static void
test_constraints (Army          *army,
                  gconstpointer  data)
{
  static const struct {
    const char          *id;
    MusterConstraintKind kind;
    const char          *scope;
    gboolean             house;
  } expected[] = {
    { "points-limit", MUSTER_CONSTRAINT_POINTS_LIMIT, "force", FALSE },
    { "one-commander", MUSTER_CONSTRAINT_COUNT, "force", FALSE },
    { "bmug-sub-commander", MUSTER_CONSTRAINT_COUNT, "bmug", FALSE },
    { "bmug-has-bmus", MUSTER_CONSTRAINT_COUNT, "bmug", FALSE },
    { "bmu-in-bmug", MUSTER_CONSTRAINT_CUSTOM, "force", FALSE },
    { "artillery-share-points", MUSTER_CONSTRAINT_COUNT, "force", TRUE },
    { "artillery-share-stands", MUSTER_CONSTRAINT_COUNT, "force", TRUE },
    { "cavalry-share-points", MUSTER_CONSTRAINT_COUNT, "force", TRUE },
    { "elite-share-points", MUSTER_CONSTRAINT_COUNT, "force", TRUE },
    { "skirmishers-share-stands", MUSTER_CONSTRAINT_COUNT, "force", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const MusterConstraint *c = muster_ruleset_get_constraint (hm, expected[i].id);

      g_assert_nonnull (c);
      g_assert_cmpint (c->kind, ==, expected[i].kind);
      g_assert_cmpstr (c->scope, ==, expected[i].scope);
      g_assert_cmpint (c->item.house, ==, expected[i].house);
      g_assert_nonnull (c->message);
    }

  /* The caps follow the basis variant: points by default, stands as the option. */
  g_assert_true (muster_condition_holds (hm, army->force, NULL,
                                         muster_ruleset_get_constraint (
                                           hm, "artillery-share-points")->when));
  g_assert_false (muster_condition_holds (hm, army->force, NULL,
                                          muster_ruleset_get_constraint (
                                            hm, "artillery-share-stands")->when));
  g_free (muster_force_set_setting (army->force, "cap-basis", "stands"));
  g_assert_true (muster_condition_holds (hm, army->force, NULL,
                                         muster_ruleset_get_constraint (
                                           hm, "artillery-share-stands")->when));
  g_assert_true (muster_ruleset_get_constraint (hm, "artillery-share-points")->percent);
}

static guint
count_issues (Army *army)
{
  g_autoptr(GPtrArray) issues = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_issue_free);

  muster_system_extra_checks (hm, army->force, issues);
  for (guint i = 0; i < issues->len; i++)
    g_assert_cmpstr (((MusterIssue *) issues->pdata[i])->constraint, ==, "bmu-in-bmug");
  return issues->len;
}

/* §2.9: every BMU belongs to a BMU group under a sub-commander; leaders may stand anywhere. */
static void
test_bmu_in_bmug (Army          *army,
                  gconstpointer  data)
{
  MusterNode *command = muster_node_new ("command", "Second Corps");
  MusterNode *division = muster_node_new ("bmug", "First Division");
  MusterUnit *hancock = muster_unit_new ("leader", 1);
  MusterUnit *cross = muster_unit_new ("line-infantry", 2);
  MusterUnit *stray = muster_unit_new ("line-cavalry", 4);
  g_autoptr(GPtrArray) issues = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_issue_free);

  muster_node_insert_node (muster_force_get_root (army->force), 0, command);
  muster_node_insert_node (command, 0, division);
  muster_node_insert_unit (command, 0, hancock);
  muster_node_insert_unit (division, 0, cross);
  g_assert_cmpuint (count_issues (army), ==, 0);

  /* The failing twin: a cavalry brigade in the corps, outside any division. */
  muster_node_insert_unit (command, 1, stray);
  g_free (muster_unit_set_name (stray, "Gregg's Brigade"));
  muster_system_extra_checks (hm, army->force, issues);
  g_assert_cmpuint (issues->len, ==, 1);
  g_assert_cmpstr (((MusterIssue *) issues->pdata[0])->unit, ==, muster_unit_get_id (stray));
  g_assert_cmpstr (((MusterIssue *) issues->pdata[0])->message, ==,
                   "Gregg's Brigade (Line cavalry) stands in Second Corps, outside any BMU "
                   "group: every BMU belongs to a BMU group under a sub-commander.");

  /* Straight in the army's root is as bad; moving it into the division cures both. */
  muster_node_move_unit (command, 1, muster_force_get_root (army->force), 0);
  g_assert_cmpuint (count_issues (army), ==, 1);
  muster_node_move_unit (muster_force_get_root (army->force), 0, division, 1);
  g_assert_cmpuint (count_issues (army), ==, 0);
}

/* §2.3: three BMU types and their formations; column of attack only at the larger scales. */
static void
test_formations (Army          *army,
                 gconstpointer  data)
{
  static const struct { const char *formation, *type, *from; gboolean house; } expected[] = {
    { "line", "formed", "section", FALSE },
    { "column-of-march", "formed", "section", FALSE },
    { "square", "formed", "section", FALSE },
    { "column-of-attack", "formed", "battalion", TRUE },
    { "skirmish-order", "skirmish", "section", FALSE },
    { "mob-order", "mob", "section", FALSE },
  };
  const MusterTable *table = muster_ruleset_get_table (hm, "formations");

  g_assert_nonnull (table);
  g_assert_cmpuint (table->rows->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const MusterTableRow *row = NULL;
      const MusterCell *type = muster_table_lookup (table, expected[i].formation, "bmu-type",
                                                    &row);
      const MusterCell *from = muster_table_lookup (table, expected[i].formation, "from-scale",
                                                    NULL);

      g_assert_cmpstr (type->text, ==, expected[i].type);
      g_assert_cmpstr (from->text, ==, expected[i].from);
      g_assert_cmpint (row->item.house, ==, expected[i].house);
    }
}

/* A club's house ruleset overrides costs and the missing morale table by id; the procedures
 * read the merged tables. */
static void
test_house_rules (Army          *army,
                  gconstpointer  data)
{
  static const char club[] =
    "<ruleset format=\"1\" id=\"club-hm\" version=\"1\" extends=\"horse-and-musket\">"
    "<name>Club rules</name><tables>"
    "<table id=\"stand-cost\"><row id=\"line-infantry\" house=\"true\">5 6 8 8 8</row></table>"
    "<table id=\"morale-failure\"><row id=\"routed\" house=\"true\">4</row></table>"
    "</tables></ruleset>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (club, sizeof club - 1);
  g_autoptr(MusterRuleset) house = NULL;
  g_autoptr(MusterRuleset) merged = NULL;
  g_autoptr(MusterProcedureResult) book = NULL;
  g_autoptr(MusterProcedureResult) ours = NULL;
  g_autoptr(GError) error = NULL;
  const MusterProcedure *test = muster_procedure_lookup ("horse-and-musket", "morale-test");
  g_autofree int *values = muster_procedure_default_values (test);
  MusterUnit *line = add_unit (army, "line-infantry", 8, NULL);
  MusterUnit *horse = add_unit (army, "line-cavalry", 6, NULL);

  house = muster_ruleset_new_from_bytes (bytes, "club-hm.xml", &error);
  g_assert_no_error (error);
  merged = muster_ruleset_merge (hm, house, &error);
  g_assert_no_error (error);

  g_assert_cmpint (cost_of (line), ==, 48);
  muster_doc_set_ruleset (army->doc, merged);
  g_assert_cmpint (cost_of (line), ==, 64);
  g_assert_cmpint (cost_of (horse), ==, 54);

  /* TV7's Union test, MN 6: a failure by 3 routs by the book, not under the club's table. */
  g_assert_true (muster_procedure_set_value (test, values, "morale-quality=b", NULL));
  g_assert_true (muster_procedure_set_value (test, values, "hits=7", NULL));
  g_assert_true (muster_procedure_set_value (test, values, "friends-near=yes", NULL));
  book = muster_procedure_run_exact (test, hm, values, &error);
  ours = muster_procedure_run_exact (test, merged, values, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (
    muster_dist_get_prob (muster_procedure_result_get_output (book, 0), 3), 3.0 / 36, 1e-12);
  g_assert_cmpfloat_with_epsilon (
    muster_dist_get_prob (muster_procedure_result_get_output (ours, 0), 3), 1.0 / 36, 1e-12);
}

/* The sample: the Union Second Corps at brigade scale, 275 of 300 points. */
static void
test_sample (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            "horse-and-musket-brigade.muster", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  MusterForce *force;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  bytes = g_bytes_new (text, length);
  doc = muster_doc_new_from_bytes (bytes, "horse-and-musket-brigade.muster", &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, hm);
  force = muster_doc_get_force (doc, 0);

  g_assert_cmpstr (muster_force_get_setting (force, "scale"), ==, "brigade");
  g_assert_cmpint (muster_force_get_points_limit (force), ==, 300);
  g_assert_cmpint (muster_force_get_total (force), ==, 275);
  g_assert_true (muster_force_is_house (force));
  g_assert_cmpuint (muster_force_get_n_uncosted (force), ==, 0);
  g_assert_cmpint (cost_of (muster_doc_lookup_unit (doc, "u4")), ==, 16);
  g_assert_cmpint (cost_of (muster_doc_lookup_unit (doc, "u16")), ==, 28);
  {
    g_autoptr(GPtrArray) issues = g_ptr_array_new_with_free_func (
      (GDestroyNotify) muster_issue_free);

    muster_system_extra_checks (hm, force, issues);
    g_assert_cmpuint (issues->len, ==, 0);
  }

  /* The twin: the scale is a list option, and the costs follow it. */
  g_free (muster_force_set_setting (force, "scale", "section"));
  g_assert_cmpint (muster_force_get_total (force), !=, 275);
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
                           "horse-and-musket.xml", NULL);
  hm = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);

#define ADD(name, func) g_test_add ("/engine/hm-army/" name, Army, NULL, army_setup, func, \
                                    army_teardown)
  ADD ("stand-costs", test_stand_costs);
  ADD ("ratings-and-weapons", test_ratings_and_weapons);
  ADD ("artillery-and-leaders", test_artillery_and_leaders);
  ADD ("derived-stats", test_derived_stats);
  ADD ("bmu-sizes", test_bmu_sizes);
  ADD ("constraints", test_constraints);
  ADD ("bmu-in-bmug", test_bmu_in_bmug);
  ADD ("formations", test_formations);
  ADD ("house-rules", test_house_rules);
#undef ADD
  g_test_add_func ("/engine/hm-army/sample", test_sample);

  ret = g_test_run ();
  muster_ruleset_unref (hm);
  return ret;
}
