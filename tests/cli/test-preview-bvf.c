/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "cli-test-util.h"

/*
 * muster-cli preview and simulate on Battle Valor Fantasy's procedures: the book's numbers come
 * out of the command line, and a seeded simulation repeats itself.
 */

/* §2.8: a Veteran character's 10 dice reach 5 Successes with 0.4407. */
static void
test_preview_character_odds (void)
{
  g_autofree char *out = cli_stdout ("preview", "battle-valor-fantasy", "success-roll", "dice=10",
                                     "needed=5", "experience=veteran", "--json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = parse_object (parser, out);

  g_assert_true (json_object_get_boolean_member (root, "exact"));
  g_assert_cmpfloat_with_epsilon (preview_p (root, "result", NULL, 1), 0.4407, 5e-5);
}

/* §5.10 step 11: Elite against Levy causes 3 casualties without a single hit. */
static void
test_preview_sliding_scale (void)
{
  g_autofree char *out = cli_stdout ("preview", "battle-valor-fantasy", "melee-strike",
                                     "attack-dice=0", "experience=elite", "target-experience=levy",
                                     "--json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = parse_object (parser, out);

  g_assert_cmpfloat (preview_p (root, "casualties", NULL, 3), ==, 1.0);
}

/* §5.9: a Stone Thrower without line of sight hits with 0.532. */
static void
test_preview_stone_thrower (void)
{
  g_autofree char *out = cli_stdout ("preview", "battle-valor-fantasy", "war-machine",
                                     "line-of-sight=no", "--json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = parse_object (parser, out);

  g_assert_cmpfloat_with_epsilon (preview_p (root, "result", NULL, 1), 0.5318, 5e-5);
}

/* One seed, one result; another seed, another. */
static void
test_simulate_seeded (void)
{
  g_autofree char *a = cli_stdout ("simulate", "battle-valor-fantasy", "engagement", "rounds=6",
                                   "trample=yes", "--trials", "3000", "--seed", "9", "--json",
                                   NULL);
  g_autofree char *b = cli_stdout ("simulate", "battle-valor-fantasy", "engagement", "rounds=6",
                                   "trample=yes", "--trials", "3000", "--seed", "9", "--json",
                                   NULL);
  g_autofree char *c = cli_stdout ("simulate", "battle-valor-fantasy", "engagement", "rounds=6",
                                   "trample=yes", "--trials", "3000", "--seed", "10", "--json",
                                   NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = parse_object (parser, a);

  g_assert_cmpstr (a, ==, b);
  g_assert_cmpstr (a, !=, c);
  g_assert_false (json_object_get_boolean_member (root, "exact"));
  g_assert_cmpint (json_object_get_int_member (root, "trials"), ==, 3000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (argc < 2)
    {
      g_printerr ("usage: %s [--tap] PATH-TO-MUSTER-CLI\n", argv[0]);
      return 1;
    }
  cli_path = argv[1];

  g_test_add_func ("/cli/preview-bvf/character-odds", test_preview_character_odds);
  g_test_add_func ("/cli/preview-bvf/sliding-scale", test_preview_sliding_scale);
  g_test_add_func ("/cli/preview-bvf/stone-thrower", test_preview_stone_thrower);
  g_test_add_func ("/cli/preview-bvf/simulate-seeded", test_simulate_seeded);

  return g_test_run ();
}
