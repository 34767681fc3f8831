/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "cli-test-util.h"

/*
 * `muster-cli preview` and `simulate` on the horse-and-musket procedures: the review's worked
 * examples come out of the command line with the numbers the engine tests check; and
 * `muster-cli cost` on the horse-and-musket sample list.
 */

/* TV2: 4 Sepoy stands, D, Brown Bess at medium range at a mounted mob, initial volley. */
static void
test_preview_hm_tv2 (void)
{
  static const char * const args[] = {
    "preview", "horse-and-musket", "small-arms-fire", "attack-dice=4", "range=medium",
    "weapon=smoothbore", "fire-quality=d", "mounted=yes", "mob=yes", "initial-volley=yes",
    "--json", NULL
  };
  static const double times_20736[] = { 3240, 4781, 5489, 4080, 2091, 825, 195, 34, 1 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = cli_stdoutv (args);
  JsonObject *root = parse_object (parser, out);
  JsonObject *hits = preview_output (root, "hits");

  g_assert_true (json_object_get_boolean_member (root, "exact"));
  g_assert_cmpstr (json_object_get_string_member (
                     json_object_get_object_member (root, "inputs"), "fire-quality"), ==, "d");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (hits, "mean"), 97.0 / 48, 1e-12);
  for (guint h = 0; h < G_N_ELEMENTS (times_20736); h++)
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (preview_entry (hits, h), "p"),
                                    times_20736[h] / 20736, 1e-12);
  /* P(at least 3 hits) = (4080 + 2091 + 825 + 195 + 34 + 1) / 20736 */
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (preview_entry (hits, 3), "at_least"),
                                  7226.0 / 20736, 1e-12);
}

/* TV7: the Union's test, MN 6, and its labelled results. */
static void
test_preview_hm_morale_labels (void)
{
  static const char * const args[] = {
    "preview", "horse-and-musket", "morale-test", "morale-quality=b", "hits=7",
    "friends-near=yes", "--json", NULL
  };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = cli_stdoutv (args);
  JsonObject *result = preview_output (parse_object (parser, out), "result");
  JsonObject *routed = preview_entry (result, 3);

  g_assert_cmpstr (json_object_get_string_member (routed, "label"), ==, "Routed");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (routed, "p"), 3.0 / 36, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (preview_entry (result, 0), "p"),
                                  26.0 / 36, 1e-12);
}

/* The charge engagement: one seed, one output. */
static void
test_simulate_hm_seeded (void)
{
  static const char * const args[] = {
    "simulate", "horse-and-musket", "charge", "charger-cavalry=yes", "charger-morale=b",
    "sub-commander=yes", "--trials", "20000", "--seed", "42", "--json", NULL
  };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *first = cli_stdoutv (args);
  g_autofree char *second = cli_stdoutv (args);
  JsonObject *root = parse_object (parser, first);

  g_assert_cmpstr (first, ==, second);
  g_assert_false (json_object_get_boolean_member (root, "exact"));
  g_assert_cmpint (json_object_get_int_member (root, "trials"), ==, 20000);
  g_assert_cmpstr (json_object_get_string_member (preview_entry (preview_output (root, "outcome"), 0),
                                                  "label"), ==, "Charge Test failed");
}

/* The brigade-scale sample: 275 of 300 points, every cost a house value. */
static void
test_cost_hm_sample (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            "horse-and-musket-brigade.muster", NULL);
  const char * const args[] = { "cost", "--json", path, NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = cli_stdoutv (args);
  JsonObject *root = parse_object (parser, out);
  JsonObject *force = json_array_get_object_element (
    json_object_get_array_member (root, "forces"), 0);
  JsonArray *units = json_object_get_array_member (force, "units");
  gint64 sum = 0;

  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "ruleset"),
                                                  "id"), ==, "horse-and-musket");
  g_assert_cmpint (json_object_get_int_member (force, "limit"), ==, 300);
  g_assert_cmpint (json_object_get_int_member (force, "total"), ==, 275);
  g_assert_false (json_object_get_boolean_member (force, "over_limit"));
  g_assert_true (json_object_get_boolean_member (force, "house"));
  g_assert_cmpuint (json_array_get_length (units), ==, 17);
  for (guint i = 0; i < json_array_get_length (units); i++)
    {
      JsonObject *unit = json_array_get_object_element (units, i);

      g_assert_true (json_object_get_null_member (unit, "error"));
      g_assert_true (json_object_get_boolean_member (unit, "house"));
      sum += json_object_get_int_member (unit, "cost");
    }
  g_assert_cmpint (sum, ==, 275);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (argc < 2)
    g_error ("usage: test-preview-hm PATH-TO-MUSTER-CLI");
  cli_path = argv[1];

  g_test_add_func ("/cli/preview/hm/tv2", test_preview_hm_tv2);
  g_test_add_func ("/cli/preview/hm/morale-labels", test_preview_hm_morale_labels);
  g_test_add_func ("/cli/simulate/hm/seeded", test_simulate_hm_seeded);
  g_test_add_func ("/cli/cost/hm/sample", test_cost_hm_sample);

  return g_test_run ();
}
