/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"
#include "muster-test-army.h"

/*
 * Battle Valor Fantasy costs, from the book's worked example and from its tables. Every case
 * has a twin with one thing changed, whose total must differ.
 */

static MusterRuleset *bvf;

static const ArmySpec bvf_army = { &bvf, 1000 };

static void
test_worked_example (Army          *army,
                     gconstpointer  data)
{
  /* §3.3: 6 Veteran Infantry stands with a Command Stand, double-handed weapons and Heavy
   * armour: troops 6 × 9 = 54, Command Stand 10, weapons 6 × 1 = 6, armour 6 × 3 = 18. */
  MusterUnit *unit = add_unit (army, "infantry", 6, "veteran", "command-stand", "double-handed",
                               "heavy-armour", NULL);
  MusterCost cost = { 0 };
  static const struct { const char *label; double each, quantity, amount; } expected[] = {
    { "Veteran Infantry", 9, 6, 54 },
    { "Double-handed weapons", 1, 6, 6 },
    { "Heavy armour", 3, 6, 18 },
    { "Command Stand", 10, 1, 10 },
  };

  g_assert_cmpint (cost_of (unit), ==, 88);
  g_assert_false (muster_unit_get_cost (unit)->house);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 88);

  /* The breakdown adds up to the book's lines (zero lines, like picking no shield, aside). */
  g_assert_true (muster_system_unit_cost (bvf, army->force, unit, &cost));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < cost.lines->len; j++)
        {
          const MusterCostLine *line = cost.lines->pdata[j];

          if (g_str_equal (line->label, expected[i].label))
            {
              g_assert_cmpfloat (line->each, ==, expected[i].each);
              g_assert_cmpfloat (line->quantity, ==, expected[i].quantity);
              g_assert_cmpfloat (line->amount, ==, expected[i].amount);
              found = TRUE;
            }
        }
      if (!found)
        g_error ("no breakdown line “%s”", expected[i].label);
    }
  muster_cost_clear (&cost);

  /* Failing twins: each change moves the total. */
  g_assert_cmpint (muster_unit_set_option (unit, "heavy-armour", 0), ==, 1);
  muster_unit_set_option (unit, "medium-armour", 1);
  g_assert_cmpint (cost_of (unit), ==, 82);
  muster_unit_set_option (unit, "medium-armour", 0);
  muster_unit_set_option (unit, "heavy-armour", 1);
  g_assert_cmpint (cost_of (unit), ==, 88);
  muster_unit_set_option (unit, "command-stand", 0);
  g_assert_cmpint (cost_of (unit), ==, 78);
  muster_unit_set_option (unit, "command-stand", 1);
  muster_unit_set_option (unit, "veteran", 0);
  muster_unit_set_option (unit, "elite", 1);
  g_assert_cmpint (cost_of (unit), ==, 106);
  muster_unit_set_option (unit, "elite", 0);
  muster_unit_set_option (unit, "veteran", 1);
  muster_unit_set_size (unit, 7);
  g_assert_cmpint (cost_of (unit), ==, 101);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 101);
}

static void
test_command_stand_reading (Army          *army,
                            gconstpointer  data)
{
  MusterUnit *six = add_unit (army, "infantry", 6, "veteran", "command-stand", "double-handed",
                              "heavy-armour", NULL);
  MusterUnit *seven = add_unit (army, "infantry", 7, "veteran", "command-stand",
                                "double-handed", "heavy-armour", NULL);
  MusterUnit *plain = add_unit (army, "infantry", 6, "veteran", "double-handed", "heavy-armour",
                                NULL);
  g_autofree char *old = NULL;

  /* One of the N stands (default): 6 × 13 + 10; an extra stand: the 10 pays for it all. */
  g_assert_cmpint (cost_of (six), ==, 88);
  g_assert_cmpint (cost_of (seven), ==, 101);
  old = muster_force_set_setting (army->force, "command-stand", "extra");
  g_assert_null (old);
  g_assert_cmpint (cost_of (six), ==, 75);
  g_assert_cmpint (cost_of (seven), ==, 88);
  g_assert_cmpint (cost_of (plain), ==, 78);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 75 + 88 + 78);
  g_free (muster_force_set_setting (army->force, "command-stand", NULL));
  g_assert_cmpint (cost_of (seven), ==, 101);
}

static void
test_troop_table (Army          *army,
                  gconstpointer  data)
{
  /* §3.1, copied from the book's table: the data must agree cell by cell. */
  static const char * const types[] = {
    "infantry", "cavalry", "animal-pack", "heavy-infantry", "line-breaker", "shock-troops",
    "flier", "chariot", "monstrous-creature", "war-machine",
  };
  static const char * const levels[] = { "levy", "regular", "veteran", "elite" };
  static const int table[4][10] = {
    { 3, 5, 3, 4, 6, 8, 5, 4, 15, 10 },
    { 6, 8, 6, 8, 9, 12, 10, 8, 25, 15 },
    { 9, 11, 9, 12, 12, 16, 15, 12, 35, 20 },
    { 12, 14, 12, 16, 15, 20, 20, 16, 45, 25 },
  };

  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    for (guint e = 0; e < G_N_ELEMENTS (levels); e++)
      {
        guint size = g_str_equal (types[t], "monstrous-creature") ||
                     g_str_equal (types[t], "war-machine") ? 1 : 5;
        MusterUnit *unit = add_unit (army, types[t], size, levels[e], NULL);

        if (cost_of (unit) != size * table[e][t])
          g_error ("%s %s: %" G_GINT64_FORMAT ", expected %u", levels[e], types[t],
                   cost_of (unit), size * table[e][t]);
        /* The twin: one level up (or down) changes the cost. */
        muster_unit_set_option (unit, levels[e], 0);
        muster_unit_set_option (unit, levels[e == 3 ? 2 : e + 1], 1);
        g_assert_cmpint (cost_of (unit), !=, size * table[e][t]);
      }
}

static void
test_upgrades (Army          *army,
               gconstpointer  data)
{
  static const struct {
    const char *option;
    int         per_stand;
  } upgrades[] = {
    { "missile", 0 }, { "double-handed", 1 }, { "pole", 1 },
    { "pike", 1 }, { "halberd", 2 }, { "shields", 0 }, { "no-armour", 0 },
    { "light-armour", 1 }, { "medium-armour", 2 }, { "heavy-armour", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (upgrades); i++)
    {
      MusterUnit *unit = add_unit (army, "heavy-infantry", 5, "regular", upgrades[i].option, NULL);

      g_assert_cmpint (cost_of (unit), ==, 5 * (8 + upgrades[i].per_stand));
    }

  /* Every weapon choice changes something (a cost, a statistic, a tag or a rule): a "Hand
   * weapons" box, free and changing nothing beside "every unit has hand weapons for free",
   * only puzzled (issue 19). */
  {
    const MusterOptionGroup *weapons = muster_ruleset_get_option_group (bvf, "weapons");

    g_assert_nonnull (weapons);
    for (guint i = 0; i < weapons->options->len; i++)
      {
        const MusterOption *option = weapons->options->pdata[i];
        gboolean changes = option->effects->len > 0
          || (option->tags != NULL && option->tags[0] != NULL)
          || (option->rules != NULL && option->rules[0] != NULL);

        for (guint j = 0; j < option->costs->len; j++)
          {
            const MusterCostTerm *term = option->costs->pdata[j];

            changes = changes || !term->has_value || term->value != 0;
          }
        if (!changes)
          g_error ("the weapon choice %s changes nothing", option->item.id);
      }
  }

  /* Twins: two upgrades add up; a Levy unit pays the same upgrades. */
  g_assert_cmpint (cost_of (add_unit (army, "infantry", 4, "levy", "pole", "light-armour", NULL)),
                   ==, 4 * (3 + 1 + 1));
  g_assert_cmpint (cost_of (add_unit (army, "infantry", 4, "levy", "pole", "medium-armour", NULL)),
                   ==, 4 * (3 + 1 + 2));
}

static void
test_halberd_reading (Army          *army,
                      gconstpointer  data)
{
  MusterUnit *unit = add_unit (army, "infantry", 8, "regular", "halberd", NULL);

  /* Default: both double-handed and pole, +2; the other reading: +1. */
  g_assert_cmpint (cost_of (unit), ==, 8 * (6 + 2));
  g_free (muster_force_set_setting (army->force, "halberd-cost", "single"));
  g_assert_cmpint (cost_of (unit), ==, 8 * (6 + 1));
}

static void
test_characters (Army          *army,
                 gconstpointer  data)
{
  /* §2.8 */
  static const struct {
    const char *type;
    int         cost[3];
  } characters[] = {
    { "apothecary", { 10, 15, 20 } }, { "assassin", { 10, 15, 20 } },
    { "captain", { 5, 10, 15 } }, { "seer", { 5, 10, 15 } }, { "thief", { 5, 10, 15 } },
    { "wizard", { 10, 20, 30 } },
  };
  static const char * const levels[] = { "regular", "veteran", "elite" };
  MusterUnit *general = add_unit (army, "general", 1, NULL);
  MusterUnit *wizards[3];
  gint64 total = 0;

  g_assert_cmpint (cost_of (general), ==, 0);
  for (guint c = 0; c < G_N_ELEMENTS (characters); c++)
    for (guint e = 0; e < 3; e++)
      {
        MusterUnit *unit = add_unit (army, characters[c].type, 1, levels[e], NULL);

        g_assert_cmpint (cost_of (unit), ==, characters[c].cost[e]);
        total += characters[c].cost[e];
        if (g_str_equal (characters[c].type, "wizard"))
          wizards[e] = unit;
      }
  g_assert_cmpint (muster_force_get_total (army->force), ==, total);

  /* A character picking no experience counts as Regular, the group's default. */
  g_assert_cmpint (cost_of (add_unit (army, "captain", 1, NULL)), ==, 5);

  /* Flat wizards: 10 at every level. */
  g_free (muster_force_set_setting (army->force, "wizard-cost", "flat"));
  for (guint e = 0; e < 3; e++)
    g_assert_cmpint (cost_of (wizards[e]), ==, 10);
  g_assert_cmpint (muster_force_get_total (army->force), ==, total + 5 - (10 + 20 + 30) + 30);
}

static void
test_bestiary_and_mounts (Army          *army,
                          gconstpointer  data)
{
  MusterUnit *trolls = add_unit (army, "ice-trolls", 5, "veteran", NULL);
  MusterUnit *juggernaut = add_unit (army, "juggernaut", 1, "elite", NULL);
  MusterUnit *riders = add_unit (army, "cavalry", 4, "regular", "wolves", "light-armour", NULL);
  MusterUnit *default_mount = add_unit (army, "cavalry", 4, "regular", NULL);
  MusterUnit *berserkers = add_unit (army, "berserkers", 6, "elite", "double-handed", NULL);

  g_assert_cmpint (cost_of (trolls), ==, 5 * 12);
  g_assert_false (muster_unit_get_cost (trolls)->house);
  g_assert_cmpint (cost_of (juggernaut), ==, 45);
  g_assert_cmpint (cost_of (berserkers), ==, 6 * (12 + 1));

  /* The draft prices no mount: 0, a house value, so the unit's cost is labelled. */
  g_assert_cmpint (cost_of (riders), ==, 4 * (8 + 1));
  g_assert_true (muster_unit_get_cost (riders)->house);
  /* No mount picked: the group's default (Horses) is costed, house value included. */
  g_assert_cmpint (cost_of (default_mount), ==, 4 * 8);
  g_assert_true (muster_unit_get_cost (default_mount)->house);
  g_assert_true (muster_force_is_house (army->force));
  g_assert_true (muster_node_is_house (muster_force_get_root (army->force)));

  muster_unit_free (muster_node_remove_unit (muster_force_get_root (army->force), 2));
  muster_unit_free (muster_node_remove_unit (muster_force_get_root (army->force), 2));
  g_assert_false (muster_force_is_house (army->force));
}

static void
test_house_mount_costs (Army          *army,
                        gconstpointer  data)
{
  static const char house[] =
    "<ruleset format='1' id='club-bvf' version='1' extends='battle-valor-fantasy'>"
    "<name>Club BVF</name><option-groups><option-group id='mount'>"
    "<option id='bears' name='Bears' house='true' rules='shock-1'><cost value='2'/></option>"
    "</option-group></option-groups></ruleset>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (house, sizeof house - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) club_file = muster_ruleset_new_from_bytes (bytes, "club.xml", &error);
  g_autoptr(MusterRuleset) club = NULL;
  MusterUnit *bears, *horses;

  g_assert_no_error (error);
  club = muster_ruleset_merge (bvf, club_file, &error);
  g_assert_no_error (error);

  bears = add_unit (army, "cavalry", 4, "regular", "bears", NULL);
  horses = add_unit (army, "cavalry", 4, "regular", "horses", NULL);
  g_assert_cmpint (cost_of (bears), ==, 32);

  /* The house ruleset reaches the BVF module through its system id, and costs the bears. */
  muster_doc_set_ruleset (army->doc, club);
  g_assert_cmpint (cost_of (bears), ==, 4 * (8 + 2));
  g_assert_cmpint (cost_of (horses), ==, 32);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 40 + 32);
  muster_doc_set_ruleset (army->doc, bvf);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 64);
}

static void
test_cannot_cost (Army          *army,
                  gconstpointer  data)
{
  MusterUnit *dragon = add_unit (army, "dragon", 1, NULL);
  MusterUnit *unit = add_unit (army, "infantry", 4, "regular", NULL);

  g_assert_cmpint (muster_unit_get_cost (dragon)->value, ==, 0);
  g_assert_nonnull (strstr (muster_unit_get_cost (dragon)->error, "“dragon” is not a unit type"));
  g_assert_cmpuint (muster_force_get_n_uncosted (army->force), ==, 1);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 24);

  muster_unit_set_option (unit, "laser-rifles", 1);
  g_assert_nonnull (strstr (muster_unit_get_cost (unit)->error, "“laser-rifles” is not an option"));
  g_assert_cmpuint (muster_force_get_n_uncosted (army->force), ==, 2);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 0);
  muster_unit_set_option (unit, "laser-rifles", 0);
  g_assert_cmpint (muster_force_get_total (army->force), ==, 24);
  g_assert_cmpuint (muster_force_get_n_uncosted (army->force), ==, 1);
}

static void
test_derived_stats (Army          *army,
                    gconstpointer  data)
{
  struct {
    MusterUnit *unit;
    const char *stat;
    double      value;
  } cases[] = {
    /* Tough Hide on a mount raises the rider's armour one level, never above Heavy. */
    { add_unit (army, "cavalry", 4, "regular", "hippogriffs", "heavy-armour", NULL), "armour", 3 },
    { add_unit (army, "cavalry", 4, "regular", "wolves", "light-armour", NULL), "armour", 2 },
    { add_unit (army, "cavalry", 4, "regular", "young-wyverns", NULL), "mr", 10 },
    { add_unit (army, "cavalry", 4, "regular", "young-wyverns", NULL), "attacks", 3 },
    { add_unit (army, "cavalry", 4, "regular", "horses", "medium-armour", NULL), "armour", 2 },
    /* Nimble on an Animal Pack counts as Light armour; Tough Hide 2 as Medium. */
    { add_unit (army, "war-wolves", 4, "regular", NULL), "armour", 1 },
    { add_unit (army, "moor-beasts", 3, "regular", NULL), "armour", 2 },
    /* Slow Thinking stacks with experience. */
    { add_unit (army, "ogre-wreckers", 5, "veteran", NULL), "success", 0 },
    { add_unit (army, "infantry", 4, "levy", NULL), "success", -1 },
    /* Missile infantry: 2 figures (and attack dice) per stand. */
    { add_unit (army, "infantry", 4, "regular", "missile", NULL), "figures", 2 },
    { add_unit (army, "infantry", 4, "regular", NULL), "attacks", 4 },
    /* Wizards cast 10 / 15 / 20 dice; a Monstrous Creature attacks with its MR and has 6
     * wounds; War Machines are Heavy. */
    { add_unit (army, "wizard", 1, "veteran", NULL), "casting", 15 },
    { add_unit (army, "war-mammoth", 1, "regular", NULL), "attacks", 6 },
    { add_unit (army, "war-mammoth", 1, "regular", NULL), "wounds", 6 },
    { add_unit (army, "war-machine", 1, "regular", "bolt-thrower", NULL), "armour", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MusterStats) stats = muster_system_derived_stats (bvf, army->force,
                                                                  cases[i].unit);

      if (stat_of (stats, cases[i].stat) != cases[i].value)
        g_error ("case %u: %s is %g, expected %g", i, cases[i].stat,
                 stat_of (stats, cases[i].stat), cases[i].value);
    }

  {
    g_autoptr(MusterStats) stats = muster_system_derived_stats (
      bvf, army->force, add_unit (army, "war-machine", 1, "regular", "bolt-thrower", NULL));

    g_assert_cmpstr (muster_stats_get_text (stats, "range"), ==, "36");
    g_assert_cmpstr (muster_stats_get_text (stats, "base"), ==, "100×50 mm");
  }
}

/* Levy + Elite (two picks in the one-choice Experience group, a file the editor never wrote) is
 * read as one Elite unit by its cost, its statistics and the Preview: §2.1 gives a unit one
 * experience and §3.4 prices N × troop_cost[type][exp], 12 an Elite Infantry stand. Before,
 * it cost 3 a stand (Levy) while its rank counted it Elite, and its Successes were −1 + 2. */
static void
test_two_experiences (Army          *army,
                      gconstpointer  data)
{
  const MusterProcedure *rally = muster_procedure_lookup ("battle-valor-fantasy", "rally");
  MusterUnit *units[] = {
    add_unit (army, "infantry", 4, "levy", "elite", NULL),
    add_unit (army, "infantry", 4, "elite", "levy", NULL),
  };

  g_assert_nonnull (rally);
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      g_autoptr(MusterStats) stats = muster_system_derived_stats (bvf, army->force, units[i]);
      g_autofree int *values = muster_procedure_default_values (rally);
      g_autoptr(GError) error = NULL;
      g_autofree gboolean *set = NULL;

      g_assert_cmpint (cost_of (units[i]), ==, 4 * 12);
      g_assert_cmpfloat (stat_of (stats, "success"), ==, 2);
      g_assert_cmpfloat (stat_of (stats, "rank"), ==, 3);
      set = muster_procedure_fill_from_unit (rally, bvf, army->force, units[i],
                                             MUSTER_FILL_ROLE_ACTING, values, &error);
      g_assert_no_error (error);
      g_assert_cmpint (values[muster_procedure_find_input (rally, "experience")], ==, 3);
    }
  /* Failing twins: Levy alone is 3 a stand and −1, Elite alone the same as both. */
  muster_unit_set_option (units[0], "elite", 0);
  g_assert_cmpint (cost_of (units[0]), ==, 4 * 3);
  muster_unit_set_option (units[1], "levy", 0);
  g_assert_cmpint (cost_of (units[1]), ==, 4 * 12);
  {
    g_autoptr(MusterStats) stats = muster_system_derived_stats (bvf, army->force, units[0]);

    g_assert_cmpfloat (stat_of (stats, "success"), ==, -1);
  }
}

static guint
count_breadth_issues (Army *army)
{
  g_autoptr(GPtrArray) issues = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_issue_free);

  muster_system_extra_checks (bvf, army->force, issues);
  for (guint i = 0; i < issues->len; i++)
    g_assert_cmpstr (((MusterIssue *) issues->pdata[i])->constraint, ==, "character-breadth");
  return issues->len;
}

static void
test_character_breadth (Army          *army,
                        gconstpointer  data)
{
  static const char * const others[] = {
    "apothecary", "assassin", "captain", "seer", "thief", NULL
  };
  g_autoptr(GPtrArray) issues = g_ptr_array_new_with_free_func ((GDestroyNotify) muster_issue_free);

  add_unit (army, "general", 1, NULL);
  add_unit (army, "wizard", 1, "regular", NULL);
  g_assert_cmpuint (count_breadth_issues (army), ==, 0);

  /* A second Wizard before one of each other type. */
  add_unit (army, "wizard", 1, "regular", NULL);
  muster_system_extra_checks (bvf, army->force, issues);
  g_assert_cmpuint (issues->len, ==, 1);
  g_assert_cmpstr (((MusterIssue *) issues->pdata[0])->message, ==,
                   "Wizard number 2 needs every other character type at least 1 times first; "
                   "the General does not count.");

  for (guint i = 0; others[i]; i++)
    {
      g_assert_cmpuint (count_breadth_issues (army), ==, 1);
      add_unit (army, others[i], 1, "regular", NULL);
    }
  g_assert_cmpuint (count_breadth_issues (army), ==, 0);

  /* A third needs two of each. */
  add_unit (army, "wizard", 1, "regular", NULL);
  g_assert_cmpuint (count_breadth_issues (army), ==, 1);
  add_unit (army, "general", 1, NULL);
  g_assert_cmpuint (count_breadth_issues (army), ==, 1);
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
                           "battle-valor-fantasy.xml", NULL);
  bvf = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);

#define ADD(name, func) g_test_add ("/engine/bvf-cost/" name, Army, &bvf_army, army_setup, func, \
                                    army_teardown)
  ADD ("worked-example", test_worked_example);
  ADD ("command-stand-reading", test_command_stand_reading);
  ADD ("troop-table", test_troop_table);
  ADD ("upgrades", test_upgrades);
  ADD ("halberd-reading", test_halberd_reading);
  ADD ("characters", test_characters);
  ADD ("bestiary-and-mounts", test_bestiary_and_mounts);
  ADD ("house-mount-costs", test_house_mount_costs);
  ADD ("cannot-cost", test_cannot_cost);
  ADD ("derived-stats", test_derived_stats);
  ADD ("character-breadth", test_character_breadth);
  ADD ("two-experiences", test_two_experiences);
#undef ADD

  ret = g_test_run ();
  muster_ruleset_unref (bvf);
  return ret;
}
