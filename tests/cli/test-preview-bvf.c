/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

/*
 * muster-cli preview and simulate on Battle Valor Fantasy's procedures: the book's numbers come
 * out of the command line, and a seeded simulation repeats itself.
 */

static const char *cli_path;

/* Runs muster-cli with the NULL-terminated arguments; returns its standard output. */
static char *
run_cli (const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  const char *arg;
  va_list ap;
  int status;

  g_ptr_array_add (argv, (char *) cli_path);
  va_start (ap, first);
  for (arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("muster-cli failed: %s", err);
  return out;
}

/* The probability of @value of output @output_id in a preview's JSON. */
static double
output_prob (JsonNode   *root,
             const char *output_id,
             int         value)
{
  JsonArray *outputs = json_object_get_array_member (json_node_get_object (root), "outputs");

  for (guint i = 0; i < json_array_get_length (outputs); i++)
    {
      JsonObject *output = json_array_get_object_element (outputs, i);
      JsonArray *values;

      if (g_strcmp0 (json_object_get_string_member (output, "id"), output_id) != 0)
        continue;
      values = json_object_get_array_member (output, "values");
      for (guint j = 0; j < json_array_get_length (values); j++)
        {
          JsonObject *v = json_array_get_object_element (values, j);

          if (json_object_get_int_member (v, "value") == value)
            return json_object_get_double_member (v, "p");
        }
      return 0.0;
    }
  g_error ("no output %s", output_id);
}

static JsonNode *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *root = json_from_string (text, &error);

  g_assert_no_error (error);
  return root;
}

/* §2.8: a Veteran character's 10 dice reach 5 Successes with 0.4407. */
static void
test_preview_character_odds (void)
{
  g_autofree char *out = run_cli ("preview", "battle-valor-fantasy", "success-roll", "dice=10",
                                  "needed=5", "experience=veteran", "--json", NULL);
  g_autoptr(JsonNode) root = parse (out);

  g_assert_true (json_object_get_boolean_member (json_node_get_object (root), "exact"));
  g_assert_cmpfloat_with_epsilon (output_prob (root, "result", 1), 0.4407, 5e-5);
}

/* §5.10 step 11: Elite against Levy causes 3 casualties without a single hit. */
static void
test_preview_sliding_scale (void)
{
  g_autofree char *out = run_cli ("preview", "battle-valor-fantasy", "melee-strike",
                                  "attack-dice=0", "experience=elite", "target-experience=levy",
                                  "--json", NULL);
  g_autoptr(JsonNode) root = parse (out);

  g_assert_cmpfloat (output_prob (root, "casualties", 3), ==, 1.0);
}

/* §5.9: a Stone Thrower without line of sight hits with 0.532. */
static void
test_preview_stone_thrower (void)
{
  g_autofree char *out = run_cli ("preview", "battle-valor-fantasy", "war-machine",
                                  "line-of-sight=no", "--json", NULL);
  g_autoptr(JsonNode) root = parse (out);

  g_assert_cmpfloat_with_epsilon (output_prob (root, "result", 1), 0.5318, 5e-5);
}

/* One seed, one result; another seed, another. */
static void
test_simulate_seeded (void)
{
  g_autofree char *a = run_cli ("simulate", "battle-valor-fantasy", "engagement", "rounds=6",
                                "trample=yes", "--trials", "3000", "--seed", "9", "--json",
                                NULL);
  g_autofree char *b = run_cli ("simulate", "battle-valor-fantasy", "engagement", "rounds=6",
                                "trample=yes", "--trials", "3000", "--seed", "9", "--json",
                                NULL);
  g_autofree char *c = run_cli ("simulate", "battle-valor-fantasy", "engagement", "rounds=6",
                                "trample=yes", "--trials", "3000", "--seed", "10", "--json",
                                NULL);
  g_autoptr(JsonNode) root = parse (a);

  g_assert_cmpstr (a, ==, b);
  g_assert_cmpstr (a, !=, c);
  g_assert_false (json_object_get_boolean_member (json_node_get_object (root), "exact"));
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (root), "trials"), ==, 3000);
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
