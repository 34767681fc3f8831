/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "cli-test-util.h"

/*
 * muster-cli preview and simulate on Undying Lands: the book's Galatians and Romans (p.21);
 * muster-cli cost on the sample host.
 */

static void
test_preview_ul_galatians (void)
{
  /* The defaults are the Galatians' fanatic charge; the −1 for the Romans' greater IP is
   * applied (X10): the Romans recoil with 287/432, equal losses come with 11/144. */
  static const char * const args[] = {
    "preview", "undying-lands", "melee-round", "a-weapon=sa", "b-weapon=hfs", "b-ip=30",
    "--json", NULL
  };
  static const char * const book[] = {
    "preview", "undying-lands", "melee-round", "a-ip=30", "--json", NULL
  };
  g_autofree char *out = cli_stdoutv (args);
  g_autofree char *book_out = cli_stdoutv (book);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;

  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_get_boolean_member (root, "exact"));
  g_assert_cmpfloat_with_epsilon (preview_p (root, "recoil", NULL, 2), 287.0 / 432, 1e-9);
  g_assert_cmpfloat_with_epsilon (preview_p (root, "recoil", NULL, 0), 11.0 / 144, 1e-9);
  g_assert_cmpfloat_with_epsilon (preview_p (root, "disordered-a", NULL, 1), 5.0 / 6, 1e-9);
  /* The Romans' 2d6 + 4: 11 is the most likely loss for the Galatians. */
  g_assert_cmpfloat_with_epsilon (preview_p (root, "loss-a", NULL, 11), 6.0 / 36, 1e-9);

  /* As the book computes it, without the −1: d12 + 8 against 2d6 + 4, 20/27. */
  g_assert_true (json_parser_load_from_data (parser, book_out, -1, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpfloat_with_epsilon (preview_p (root, "recoil", NULL, 2), 20.0 / 27, 1e-9);
  g_assert_cmpfloat_with_epsilon (preview_p (root, "loss-b", NULL, 14), 1.0 / 12, 1e-9);
}

static void
test_preview_ul_simulate_seeded (void)
{
  static const char * const args[] = {
    "simulate", "undying-lands", "engagement", "--trials", "20000", "--seed", "11", "--json",
    NULL
  };
  g_autofree char *first = cli_stdoutv (args);
  g_autofree char *second = cli_stdoutv (args);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;

  g_assert_cmpstr (first, ==, second);
  g_assert_true (json_parser_load_from_data (parser, first, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_false (json_object_get_boolean_member (root, "exact"));
  g_assert_cmpint (json_object_get_int_member (root, "trials"), ==, 20000);
  /* The Romans win most of these fights. */
  g_assert_cmpfloat (preview_p (root, "result", NULL, 2), >, preview_p (root, "result", NULL, 1));
}

/* muster-cli cost on the sample host: Integrity Points, no limit, provisional values marked. */
static void
test_cost_ul_sample (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            "undying-lands-host.muster", NULL);
  const char * const args[] = { "cost", path, "--json", NULL };
  g_autofree char *out = cli_stdoutv (args);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *measure, *force;
  JsonArray *units;

  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  measure = json_object_get_object_member (root, "measure");
  g_assert_cmpstr (json_object_get_string_member (measure, "abbreviation"), ==, "IP");
  g_assert_false (json_object_get_boolean_member (measure, "limit"));
  force = json_array_get_object_element (json_object_get_array_member (root, "forces"), 0);
  g_assert_cmpint (json_object_get_int_member (force, "total"), ==, 435);
  g_assert_true (json_object_get_null_member (force, "limit"));
  g_assert_true (json_object_get_boolean_member (force, "house"));
  units = json_object_get_array_member (force, "units");
  /* The legionaries: three vignettes of the book's 30 IP. */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (units, 0),
                                               "cost"), ==, 90);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (argc < 2)
    g_error ("usage: test-preview-ul PATH-TO-MUSTER-CLI");
  cli_path = argv[1];

  g_test_add_func ("/cli/preview/undying-lands/galatians", test_preview_ul_galatians);
  g_test_add_func ("/cli/simulate/undying-lands/seeded", test_preview_ul_simulate_seeded);
  g_test_add_func ("/cli/cost/undying-lands/sample", test_cost_ul_sample);

  return g_test_run ();
}
