/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"
#include "muster-test-army.h"

/*
 * Undying Lands strength: Integrity Points per vignette (p.6–8) from the digest's worked
 * examples (§3.4) and the book's pinned vignettes (p.21: Roman 30, Galatian 17), each with a
 * twin that changes one thing; the sample host.
 */

static MusterRuleset *ul;

static const ArmySpec ul_army = { &ul, 0 };

/* Swaps one option for another and returns the unit's strength. */
static gint64
ip_with (MusterUnit *unit,
         const char *drop,
         const char *pick)
{
  if (drop != NULL)
    g_assert_cmpuint (muster_unit_set_option (unit, drop, 0), ==, 1);
  if (pick != NULL)
    muster_unit_set_option (unit, pick, 1);
  return cost_of (unit);
}

static void
test_roman (Army          *army,
            gconstpointer  data)
{
  /* BIV[Close][Foot] 15 + PS[Avg][Avg] 0 + Morale IV 5 + DEF[C] with LSh 10 = 30. */
  MusterUnit *unit = add_unit (army, "foot", 1, "close", "regular", "hfs", "large-shield",
                               "defence-c", "phys-average", "size-average", "class-iv",
                               "drilled", NULL);

  g_assert_cmpint (cost_of (unit), ==, 30);
  /* The BIV and Defence numbers are provisional: the strength says so. */
  g_assert_true (muster_unit_get_cost (unit)->house);
  /* A shield instead of a large one: the +Sh column, 7. */
  g_assert_cmpint (ip_with (unit, "large-shield", "shield"), ==, 27);
  g_assert_cmpint (ip_with (unit, "shield", "large-shield"), ==, 30);
  g_assert_cmpint (ip_with (unit, "defence-c", "defence-d"), ==, 32);
  g_assert_cmpint (ip_with (unit, "defence-d", "defence-c"), ==, 30);
  /* A Tactical Unit of three legionary vignettes. */
  muster_unit_set_size (unit, 3);
  g_assert_cmpint (cost_of (unit), ==, 90);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 90);
}

static void
test_dwarf_phalanx (Army          *army,
                    gconstpointer  data)
{
  /* 15 + 4 (Spear) + PS[High][Small] 1 + 5 + DEF[D] with LSh 12 = 37. */
  MusterUnit *unit = add_unit (army, "foot", 1, "close", "regular", "spear", "large-shield",
                               "defence-d", "phys-high", "size-small", "class-iv", NULL);

  g_assert_cmpint (cost_of (unit), ==, 37);
  g_assert_cmpint (ip_with (unit, "spear", "sa"), ==, 33);
  /* Pikes add 8 to the BIV. */
  g_assert_cmpint (ip_with (unit, "sa", "pike"), ==, 41);
  g_assert_cmpint (ip_with (unit, "pike", "spear"), ==, 37);
}

static void
test_goblin_archers (Army          *army,
                     gconstpointer  data)
{
  /* 7 − 5 − 5 + 0 = −3, and the minimum is always 1. */
  MusterUnit *unit = add_unit (army, "foot", 2, "open", "irregular", "sa", "srw", "no-shield",
                               "defence-a", "phys-low", "size-small", "class-ii", "militia",
                               NULL);
  MusterCost cost = { 0 };
  gboolean found = FALSE;

  g_assert_cmpint (cost_of (unit), ==, 2);
  g_assert_true (muster_system_unit_cost (ul, army->force, unit, &cost));
  for (guint i = 0; i < cost.lines->len; i++)
    {
      const MusterCostLine *line = cost.lines->pdata[i];

      if (g_str_equal (line->label, "Minimum of 1 IP per vignette"))
        {
          g_assert_cmpfloat (line->each, ==, 4);
          g_assert_cmpfloat (line->amount, ==, 8);
          found = TRUE;
        }
    }
  g_assert_true (found);
  muster_cost_clear (&cost);

  /* Morale III: 7 − 5 − 5 + 0 + 5 = 2 a vignette, no minimum. */
  g_assert_cmpint (ip_with (unit, "class-ii", "class-iii"), ==, 4);
  /* The minimum is per vignette, not per TU: three vignettes of −3 are 3, not max(1, −9). */
  muster_unit_set_option (unit, "class-iii", 0);
  muster_unit_set_option (unit, "class-ii", 1);
  muster_unit_set_size (unit, 3);
  g_assert_cmpint (cost_of (unit), ==, 3);
}

static void
test_galatian (Army          *army,
               gconstpointer  data)
{
  /* BIV[Loose][Foot] 11 + PS[High][Avg] 3 + Morale III 0 + DEF[A] with Sh 3 = 17. */
  MusterUnit *unit = add_unit (army, "foot", 1, "loose", "irregular", "sa", "shield",
                               "defence-a", "phys-high", "size-average", "class-iii",
                               "drilled", NULL);

  g_assert_cmpint (cost_of (unit), ==, 17);
  g_assert_cmpint (ip_with (unit, "class-iii", "class-iv"), ==, 22);
  g_assert_cmpint (ip_with (unit, "class-iv", "class-iii"), ==, 17);
  /* Close Order: BIV 15. */
  g_assert_cmpint (ip_with (unit, "loose", "close"), ==, 21);
  g_assert_cmpint (ip_with (unit, "phys-high", "phys-extreme"), ==, 24);
}

static void
test_mounted_and_monsters (Army          *army,
                           gconstpointer  data)
{
  /* 17 + 0 + 5 + DEF[E] 8 + full mount armour 4 = 34. */
  MusterUnit *cataphracts = add_unit (army, "mounted", 1, "close", "regular", "lance",
                                      "no-shield", "defence-e", "full-barding", "class-iv",
                                      NULL);
  /* Behemoth, Close: 25 + PS[High][Large] 5 + 0 + DEF[C] 4 = 34; Leviathan, Loose: 17 +
   * PS[Extreme][Large] 8 + DEF[B] 2 = 27. */
  MusterUnit *elephants = add_unit (army, "behemoth", 2, "close", "irregular", "defence-c",
                                    "phys-high", "size-large", NULL);
  MusterUnit *trolls = add_unit (army, "leviathan", 2, "loose", "irregular", "massive-2h",
                                 "defence-b", "phys-extreme", "size-large", NULL);

  g_assert_cmpint (cost_of (cataphracts), ==, 34);
  g_assert_cmpint (ip_with (cataphracts, "full-barding", "partial-barding"), ==, 32);
  g_assert_cmpint (ip_with (cataphracts, "partial-barding", "no-barding"), ==, 30);
  g_assert_cmpint (cost_of (elephants), ==, 68);
  g_assert_cmpint (cost_of (trolls), ==, 54);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 30 + 68 + 54);
}

/* The "ip" stat is a vignette's IP; "tm" agrees with the Move Rate table the combat procedures
 * read, for every General Class, order and Fast. */
static void
test_derived_stats (Army          *army,
                    gconstpointer  data)
{
  static const char * const classes[] = { "foot", "mounted", "leviathan", "behemoth" };
  static const char * const orders[] = { "close", "loose", "open" };
  const MusterTable *rates = muster_ruleset_get_table (ul, "move-rate");
  MusterUnit *goblins = add_unit (army, "foot", 2, "open", "phys-low", "size-small", "class-ii",
                                  NULL);
  g_autoptr(MusterStats) goblin_stats = muster_system_derived_stats (ul, army->force, goblins);

  g_assert_cmpfloat (stat_of (goblin_stats, "ip"), ==, 1);
  for (guint c = 0; c < G_N_ELEMENTS (classes); c++)
    for (guint o = 0; o < G_N_ELEMENTS (orders); o++)
      for (guint fast = 0; fast < 2; fast++)
        {
          MusterUnit *unit = add_unit (army, classes[c], 2, orders[o],
                                       fast ? "is-fast" : NULL, NULL);
          g_autoptr(MusterStats) stats = muster_system_derived_stats (ul, army->force, unit);
          double expected = muster_table_lookup (rates, orders[o], classes[c], NULL)->number;

          if (fast)
            expected += muster_table_lookup (rates, "fast", classes[c], NULL)->number;
          if (stat_of (stats, "tm") != expected)
            g_error ("%s %s%s: TM %g, expected %g", classes[c], orders[o], fast ? " fast" : "",
                     stat_of (stats, "tm"), expected);
        }
}

/* The sample host: three wings, 435 IP. */
static void
test_sample (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            "undying-lands-host.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;
  MusterDoc *doc;
  MusterForce *force;
  MusterNode *root;
  gsize length;
  static const gint64 wings[] = { 90 + 74, 51 + 2 + 54, 68 + 28 + 68 };

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  bytes = g_bytes_new (text, length);
  doc = muster_doc_new_from_bytes (bytes, path, &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, ul);
  force = muster_doc_get_force (doc, 0);
  root = muster_force_get_root (force);
  g_assert_cmpuint (muster_node_get_n_nodes (root), ==, G_N_ELEMENTS (wings));
  for (guint i = 0; i < G_N_ELEMENTS (wings); i++)
    g_assert_cmpint (muster_node_get_total (muster_node_get_node (root, i)), ==, wings[i]);
  g_assert_cmpint (muster_force_get_total (force), ==, 435);
  g_assert_false (muster_ruleset_get_costing (ul)->limit);
  muster_doc_free (doc);
}

/* The legality rules as data: every L-rule the army can break has its constraint. */
static void
test_constraints (void)
{
  static const struct
  {
    const char          *id;
    MusterConstraintKind kind;
  } expected[] = {
    { "l1-lance", MUSTER_CONSTRAINT_FORBID },
    { "l1-two-handed-class", MUSTER_CONSTRAINT_FORBID },
    { "l1-two-handed-order", MUSTER_CONSTRAINT_FORBID },
    { "l1-hfs", MUSTER_CONSTRAINT_FORBID },
    { "l1-pike", MUSTER_CONSTRAINT_FORBID },
    { "l1-pike-class", MUSTER_CONSTRAINT_FORBID },
    { "l1-spear", MUSTER_CONSTRAINT_FORBID },
    { "l1-spear-order", MUSTER_CONSTRAINT_FORBID },
    { "l1-missile-monsters", MUSTER_CONSTRAINT_FORBID },
    { "l1-srw-mounted", MUSTER_CONSTRAINT_FORBID },
    { "l1-lrw-mounted", MUSTER_CONSTRAINT_FORBID },
    { "l2-one-close-combat", MUSTER_CONSTRAINT_COUNT },
    { "l2-one-missile", MUSTER_CONSTRAINT_COUNT },
    { "l3-shield-weapons", MUSTER_CONSTRAINT_FORBID },
    { "l3-shield-class", MUSTER_CONSTRAINT_FORBID },
    { "l4-large-shield-class", MUSTER_CONSTRAINT_FORBID },
    { "l4-large-shield-order", MUSTER_CONSTRAINT_FORBID },
    { "l4-large-shield-weapons", MUSTER_CONSTRAINT_FORBID },
    { "l4-large-shield-missile", MUSTER_CONSTRAINT_FORBID },
    { "l4-large-shield-breath", MUSTER_CONSTRAINT_FORBID },
    { "l6-behemoth-irregular", MUSTER_CONSTRAINT_FORBID },
    { "l7-fast-order", MUSTER_CONSTRAINT_FORBID },
    { "l7-fast-barding", MUSTER_CONSTRAINT_FORBID },
    { "l8-barding", MUSTER_CONSTRAINT_FORBID },
    { "l10-irregular-size", MUSTER_CONSTRAINT_SIZE },
    { "l10-pike-size", MUSTER_CONSTRAINT_SIZE },
    { "l13-break-off-order", MUSTER_CONSTRAINT_FORBID },
    { "l13-break-off-status", MUSTER_CONSTRAINT_FORBID },
    { "l13-break-off-class", MUSTER_CONSTRAINT_FORBID },
    { "l12-one-general", MUSTER_CONSTRAINT_COUNT },
    { "l12-wing-sub-commander", MUSTER_CONSTRAINT_COUNT },
    { "l12-wing-units", MUSTER_CONSTRAINT_COUNT },
    { "l12-tu-in-wing", MUSTER_CONSTRAINT_FORBID },
    { "l12-commander-rating", MUSTER_CONSTRAINT_COUNT },
    { "l12-rating-without-commander", MUSTER_CONSTRAINT_FORBID },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const MusterConstraint *c = muster_ruleset_get_constraint (ul, expected[i].id);

      if (c == NULL || c->kind != expected[i].kind)
        g_error ("constraint %s missing or of the wrong kind", expected[i].id);
    }
  g_assert_cmpuint (muster_ruleset_list (ul, MUSTER_ITEM_CONSTRAINT)->len, ==,
                    G_N_ELEMENTS (expected));
}

/* X37 and X38 are list options: the literal readings hold unless a force chooses otherwise. */
static void
test_list_options (Army          *army,
                   gconstpointer  data)
{
  static const char * const cases[][3] = {
    { "l1-missile-monsters", "monster-missiles", "allowed" },
    { "l4-large-shield-breath", "large-shield-breath", "allowed" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const MusterConstraint *c = muster_ruleset_get_constraint (ul, cases[i][0]);

      g_assert_true (muster_condition_holds (ul, army->force, NULL, c->when));
      g_free (muster_force_set_setting (army->force, cases[i][1], cases[i][2]));
      g_assert_false (muster_condition_holds (ul, army->force, NULL, c->when));
    }
  /* The other large-shield rule stays. */
  g_assert_null (muster_ruleset_get_constraint (ul, "l4-large-shield-missile")->when);
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
                           "undying-lands.xml", NULL);
  ul = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);

#define ADD(name, func) g_test_add ("/engine/ul-army/" name, Army, &ul_army, army_setup, func, \
                                    army_teardown)
  ADD ("roman", test_roman);
  ADD ("dwarf-phalanx", test_dwarf_phalanx);
  ADD ("goblin-archers", test_goblin_archers);
  ADD ("galatian", test_galatian);
  ADD ("mounted-and-monsters", test_mounted_and_monsters);
  ADD ("derived-stats", test_derived_stats);
  ADD ("list-options", test_list_options);
#undef ADD
  g_test_add_func ("/engine/ul-army/sample", test_sample);
  g_test_add_func ("/engine/ul-army/constraints", test_constraints);

  ret = g_test_run ();
  muster_ruleset_unref (ul);
  return ret;
}
