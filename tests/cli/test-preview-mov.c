/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "cli-test-util.h"

/*
 * muster-cli preview and simulate on the Medals of Valor procedures: the digest's numbers
 * come out of the command line, and a seed gives the same simulation twice.
 */

static void
test_preview_fire (void)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;

  /* A magazine rifle (FIR 2) at a standing target in the open (A): P(hit) = 51/100, a tenth
   * of the hits kill. */
  run_cli (&run, NULL, "preview", "medals-of-valor", "fire", "weapon=magazine-rifle",
           "--json", NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_get_boolean_member (root, "exact"));
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "inputs"),
                                                  "cover"), ==, "open");
  g_assert_cmpfloat_with_epsilon (preview_p (root, "result", "Miss", 0), 0.49, 1e-12);
  g_assert_cmpfloat_with_epsilon (preview_p (root, "result", "Wound", 0), 0.459, 1e-12);
  g_assert_cmpfloat_with_epsilon (preview_p (root, "result", "Killed", 0), 0.051, 1e-12);
}

static void
test_preview_morale (void)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;

  /* The book's example: a Nervous soldier needs 40, which passes 61 times in 100 by default
   * and 60 under "higher than". */
  run_cli (&run, NULL, "preview", "medals-of-valor", "morale", "attitude=nervous",
           "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpfloat_with_epsilon (preview_p (root, "target", "40", 0), 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (preview_p (root, "result", "Pass", 0), 0.61, 1e-12);
  g_assert_cmpfloat_with_epsilon (preview_p (root, "attitude", "Panic", 0), 0.39, 1e-12);

  run_cli (&run, NULL, "preview", "medals-of-valor", "morale", "attitude=nervous",
           "pass-rule=higher", "--json", NULL);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpfloat_with_epsilon (preview_p (root, "result", "Pass", 0), 0.60, 1e-12);
}

static void
test_preview_errors (void)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "preview", "medals-of-valor", "fire", "weapon=longbow", NULL);
  g_assert_cmpint (run.status, !=, 0);
  g_assert_nonnull (strstr (run.err, "weapon: “longbow” is not one of bolt-rifle"));
}

static void
test_simulate_seed (void)
{
  g_auto(Run) first = { 0 };
  g_auto(Run) second = { 0 };
  g_auto(Run) other = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;

  run_cli (&first, NULL, "simulate", "medals-of-valor", "assault",
           "defender-weapon=smg", "--trials", "20000", "--seed", "11", "--json", NULL);
  run_cli (&second, NULL, "simulate", "medals-of-valor", "assault",
           "defender-weapon=smg", "--trials", "20000", "--seed", "11", "--json", NULL);
  run_cli (&other, NULL, "simulate", "medals-of-valor", "assault",
           "defender-weapon=smg", "--trials", "20000", "--seed", "12", "--json", NULL);
  g_assert_cmpint (first.status, ==, 0);
  g_assert_cmpstr (first.out, ==, second.out);
  g_assert_cmpstr (first.out, !=, other.out);

  g_assert_true (json_parser_load_from_data (parser, first.out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_false (json_object_get_boolean_member (root, "exact"));
  g_assert_cmpint (json_object_get_int_member (root, "trials"), ==, 20000);
  /* The SMG row kills a fifth of the chargers: within four standard errors (0.0113). */
  g_assert_cmpfloat_with_epsilon (preview_p (root, "caf", "Killed", 0), 0.2, 0.0114);
}

static void
test_cost_sample (void)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *sample = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data",
                                              "samples",
                                              "medals-of-valor-village-assault.muster", NULL);
  JsonObject *root, *force, *measure;
  JsonArray *units;

  /* No points: the strength is the head count, with no limit to be over. */
  run_cli (&run, NULL, "cost", sample, "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  measure = json_object_get_object_member (root, "measure");
  g_assert_cmpstr (json_object_get_string_member (measure, "id"), ==, "strength");
  g_assert_false (json_object_get_boolean_member (measure, "limit"));
  force = json_array_get_object_element (json_object_get_array_member (root, "forces"), 0);
  g_assert_cmpint (json_object_get_int_member (force, "total"), ==, 35);
  g_assert_true (json_object_get_null_member (force, "limit"));
  g_assert_false (json_object_get_boolean_member (force, "over_limit"));
  /* The Sherman counts no men; each soldier one. */
  units = json_object_get_array_member (force, "units");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (units, 0),
                                                  "type"), ==, "tank");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (units, 0),
                                               "cost"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (units, 1),
                                               "cost"), ==, 1);

  run_cli (&run, NULL, "cost", sample, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "2nd Platoon, Able Company (US Army, 1944): 35 men"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (argc < 2)
    {
      g_printerr ("usage: %s MUSTER-CLI\n", argv[0]);
      return 2;
    }
  cli_path = argv[1];

  g_test_add_func ("/cli/preview-mov/fire", test_preview_fire);
  g_test_add_func ("/cli/preview-mov/morale", test_preview_morale);
  g_test_add_func ("/cli/preview-mov/errors", test_preview_errors);
  g_test_add_func ("/cli/preview-mov/simulate-seed", test_simulate_seed);
  g_test_add_func ("/cli/preview-mov/cost-sample", test_cost_sample);

  return g_test_run ();
}
