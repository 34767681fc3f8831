/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "cli-test-util.h"

/* muster-cli validate: its text, its JSON shape and its exit status. */

static const char *illegal =
  "<muster format='1'><ruleset id='battle-valor-fantasy' version='1.0'/><title>Bad</title>"
  "<force id='f1' name='Raiders' points='10'>"
  "<setting variant='optional-limits' value='on'/>"
  "<unit id='u1' type='infantry' size='3' name='Scouts'>"
  "<option id='levy'/><option id='pike'/><option id='pole'/></unit>"
  "<unit id='u2' type='general' size='1'/>"
  "<unit id='u3' type='infantry' size='4'><option id='levy'/></unit>"
  "</force></muster>";

static char *
sample_path (void)
{
  return g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                           "battle-valor-fantasy-1000.muster", NULL);
}

static void
test_validate_help (void)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "validate", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--json"));
  g_assert_nonnull (strstr (run.out, "Exit status: 0 legal, 1 not legal, 2 when"));

  {
    g_auto(Run) top = { 0 };

    run_cli (&top, NULL, "--help", NULL);
    g_assert_nonnull (strstr (top.out, "validate"));
  }
}

static void
test_validate_sample (void)
{
  g_autofree char *path = sample_path ();
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "validate", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "Host of the Iron Hills — Battle Valor Fantasy 1.0\n\n"
                                "Legal: 0 errors, 0 warnings, 0 notes.\n");
  g_assert_cmpstr (run.err, ==, "");
}

static void
test_validate_text (void)
{
  g_autofree char *path = write_temp ("bad.muster", illegal);
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "validate", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==,
                   "Bad — Battle Valor Fantasy 1.0\n\n"
                   "error: Raiders: 27 points spent of 10. [points-limit]\n"
                   "error: Raiders › Scouts: Scouts (Infantry) needs at least 4 stands; it has 3. "
                   "[size-four-stands]\n"
                   "warning: Raiders › Scouts: Scouts: pikes already are pole weapons. "
                   "[pike-is-pole]\n\n"
                   "Not legal: 2 errors, 1 warning, 0 notes.\n");
  remove_temp (path);
}

static void
test_validate_json (void)
{
  static const char * const members[] = {
    "severity", "rule", "message", "force", "node", "unit", "path", "location", NULL
  };
  g_autofree char *path = write_temp ("bad.muster", illegal);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(Run) run = { 0 };
  JsonObject *root, *counts, *first, *force;
  JsonArray *diagnostics;

  run_cli (&run, NULL, "validate", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  root = parse_object (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (root, "file"), ==, path);
  g_assert_cmpstr (json_object_get_string_member (root, "title"), ==, "Bad");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "ruleset"),
                                                  "id"), ==, "battle-valor-fantasy");
  g_assert_false (json_object_get_boolean_member (root, "legal"));
  counts = json_object_get_object_member (root, "counts");
  g_assert_cmpint (json_object_get_int_member (counts, "error"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (counts, "warning"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (counts, "info"), ==, 0);
  force = json_array_get_object_element (json_object_get_array_member (root, "forces"), 0);
  g_assert_cmpstr (json_object_get_string_member (force, "id"), ==, "f1");
  g_assert_false (json_object_get_boolean_member (force, "legal"));

  diagnostics = json_object_get_array_member (root, "diagnostics");
  g_assert_cmpuint (json_array_get_length (diagnostics), ==, 3);
  first = json_array_get_object_element (diagnostics, 0);
  for (guint i = 0; members[i]; i++)
    g_assert_true (json_object_has_member (first, members[i]));
  g_assert_cmpuint (json_object_get_size (first), ==, g_strv_length ((char **) members));
  g_assert_cmpstr (json_object_get_string_member (first, "rule"), ==, "points-limit");
  g_assert_cmpstr (json_object_get_string_member (first, "path"), ==, "f1");
  g_assert_true (json_object_get_null_member (first, "unit"));
  first = json_array_get_object_element (diagnostics, 1);
  g_assert_cmpstr (json_object_get_string_member (first, "severity"), ==, "error");
  g_assert_cmpstr (json_object_get_string_member (first, "rule"), ==, "size-four-stands");
  g_assert_cmpstr (json_object_get_string_member (first, "unit"), ==, "u1");
  g_assert_cmpstr (json_object_get_string_member (first, "path"), ==, "f1/u1");
  g_assert_cmpstr (json_object_get_string_member (first, "location"), ==, "Raiders › Scouts");
  g_assert_true (json_object_get_null_member (first, "node"));
  remove_temp (path);
}

static void
test_validate_errors (void)
{
  assert_read_errors ("validate");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (argc < 2)
    g_error ("usage: test-validate PATH-TO-MUSTER-CLI");
  cli_path = argv[1];

  g_test_add_func ("/cli/validate/help", test_validate_help);
  g_test_add_func ("/cli/validate/sample", test_validate_sample);
  g_test_add_func ("/cli/validate/text", test_validate_text);
  g_test_add_func ("/cli/validate/json", test_validate_json);
  g_test_add_func ("/cli/validate/errors", test_validate_errors);

  return g_test_run ();
}
