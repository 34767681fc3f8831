/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "cli-test-util.h"
#include "muster-bs-zip.h"

/* muster-cli cost and validate of a BattleScribe roster (.ros, .rosz) with --data DIR: the
 * fixtures of tests/data/battlescribe, a legal patrol and an illegal one, as text and JSON,
 * and the rosters and folders that cannot be read. */

static char *
fixture (const char *name)
{
  return g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "data", "battlescribe",
                           name, NULL);
}

static void
test_roster_cost_text (void)
{
  g_autofree char *dir = fixture (NULL);
  g_autofree char *legal = fixture ("legal.ros");
  g_autofree char *illegal = fixture ("illegal.ros");
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "cost", legal, "--data", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==,
                   "Legal patrol — Muster Skirmish\n"
                   "\n"
                   "Patrol (Test Legion): 135 pts, 1 CP\n"
                   "  Captain [ms-s1]: 55 pts, 1 CP\n"
                   "    Bolter [ms-s2]: 5 pts\n"
                   "  Squad [ms-s3]: 80 pts\n"
                   "    5 × Trooper [ms-s4]: 50 pts\n"
                   "\n"
                   "Roster: 135 of 200 pts, 1 CP\n");
  g_assert_cmpstr (run.err, ==, "");

  run_cli (&run, NULL, "cost", illegal, "--data", dir, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "\nRoster: 60 of 50 pts — over the limit\n"));
}

static void
test_roster_cost_json (void)
{
  g_autofree char *dir = fixture (NULL);
  g_autofree char *legal = fixture ("legal.ros");
  g_autofree char *out = cli_stdout ("cost", legal, "--data", dir, "--json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = parse_object (parser, out);
  JsonObject *measure = json_object_get_object_member (root, "measure");
  JsonArray *costs = json_object_get_array_member (root, "costs");
  JsonObject *pts = json_array_get_object_element (costs, 0);
  JsonObject *force, *trooper;
  JsonArray *units;

  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "battlescribe");
  g_assert_cmpstr (json_object_get_string_member (root, "title"), ==, "Legal patrol");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "ruleset"),
                                                  "id"), ==, "ms-gs");
  g_assert_cmpstr (json_object_get_string_member (measure, "id"), ==, "ms-pts");
  g_assert_true (json_object_get_boolean_member (measure, "limit"));
  g_assert_cmpint (json_object_get_int_member (pts, "value"), ==, 135);
  g_assert_cmpint (json_object_get_int_member (pts, "limit"), ==, 200);
  g_assert_false (json_object_get_boolean_member (pts, "over_limit"));
  g_assert_true (json_object_get_null_member (json_array_get_object_element (costs, 1), "limit"));
  g_assert_false (json_object_get_boolean_member (root, "over_limit"));

  force = json_array_get_object_element (json_object_get_array_member (root, "forces"), 0);
  g_assert_cmpstr (json_object_get_string_member (force, "id"), ==, "ms-f1");
  g_assert_cmpstr (json_object_get_string_member (force, "catalogue"), ==, "Test Legion");
  g_assert_cmpint (json_object_get_int_member (force, "total"), ==, 135);
  units = json_object_get_array_member (force, "units");
  g_assert_cmpuint (json_array_get_length (units), ==, 4);
  trooper = json_array_get_object_element (units, 3);
  g_assert_cmpstr (json_object_get_string_member (trooper, "type"), ==, "ms-trooper");
  g_assert_cmpstr (json_object_get_string_member (trooper, "kind"), ==, "model");
  g_assert_cmpstr (json_object_get_string_member (trooper, "parent"), ==, "ms-s3");
  g_assert_cmpint (json_object_get_int_member (trooper, "size"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (trooper, "cost"), ==, 50);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (units, 1), "type"),
                   ==, "ms-captain-bolter::ms-bolter");
}

static void
test_roster_validate (void)
{
  g_autofree char *dir = fixture (NULL);
  g_autofree char *legal = fixture ("legal.ros");
  g_autofree char *illegal = fixture ("illegal.ros");
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "validate", legal, "--data", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "Legal patrol — Muster Skirmish\n\n"
                                "Legal: 0 errors, 0 warnings, 0 notes.\n");

  run_cli (&run, NULL, "validate", illegal, "--data", dir, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "error: Patrol: Patrol must have 1 more selection of HQ "
                                     "(minimum 1) [ms-patrol-hq-min]\n"));
  g_assert_nonnull (strstr (run.out, "error: Patrol › Squad: Squad must have 2 more selections "
                                     "of Trooper (minimum 5) [ms-trooper-min]\n"));
  g_assert_nonnull (strstr (run.out, "[ms-pts]\n"));
  g_assert_nonnull (strstr (run.out, "Not legal: 3 errors, 0 warnings, 0 notes.\n"));
}

static void
test_roster_validate_json (void)
{
  g_autofree char *dir = fixture (NULL);
  g_autofree char *illegal = fixture ("illegal.ros");
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *first, *trooper;
  JsonArray *diagnostics;

  run_cli (&run, NULL, "validate", illegal, "--data", dir, "--json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  root = parse_object (parser, run.out);
  g_assert_false (json_object_get_boolean_member (root, "legal"));
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "counts"),
                                               "error"), ==, 3);
  g_assert_false (json_object_get_boolean_member (
                    json_array_get_object_element (
                      json_object_get_array_member (root, "forces"), 0), "legal"));
  diagnostics = json_object_get_array_member (root, "diagnostics");
  g_assert_cmpuint (json_array_get_length (diagnostics), ==, 3);
  /* The cost limit is about the whole roster: no force, no path. */
  first = json_array_get_object_element (diagnostics, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "rule"), ==, "ms-pts");
  g_assert_true (json_object_get_null_member (first, "force"));
  g_assert_true (json_object_get_null_member (first, "path"));
  trooper = json_array_get_object_element (diagnostics, 2);
  g_assert_cmpstr (json_object_get_string_member (trooper, "rule"), ==, "ms-trooper-min");
  g_assert_cmpstr (json_object_get_string_member (trooper, "force"), ==, "ms-f1");
  g_assert_cmpstr (json_object_get_string_member (trooper, "unit"), ==, "ms-s3");
  g_assert_cmpstr (json_object_get_string_member (trooper, "path"), ==, "ms-f1/ms-s3");
  g_assert_cmpstr (json_object_get_string_member (trooper, "location"), ==, "Patrol › Squad");
}

/* The legal roster zipped, as BattleScribe saves a .rosz: the same answers. */
static void
test_roster_zipped (void)
{
  g_autofree char *dir = fixture (NULL);
  g_autofree char *legal = fixture ("legal.ros");
  g_autofree char *text = NULL;
  g_autoptr(GBytes) xml = NULL;
  g_autoptr(GBytes) zip = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *rosz = NULL;
  g_auto(Run) run = { 0 };
  gsize length;

  g_assert_true (g_file_get_contents (legal, &text, &length, &error));
  xml = g_bytes_new (text, length);
  zip = muster_bs_zip_store ("legal.ros", xml, &error);
  g_assert_no_error (error);
  rosz = write_temp ("legal.rosz", "");
  g_assert_true (g_file_set_contents (rosz, g_bytes_get_data (zip, NULL), g_bytes_get_size (zip),
                                      &error));

  run_cli (&run, NULL, "cost", rosz, "--data", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Roster: 135 of 200 pts, 1 CP\n"));
  run_cli (&run, NULL, "validate", rosz, "--data", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  remove_temp (rosz);
}

/* Rosters that cannot be read: exit status 2, a message naming the file, line and problem. */
static void
test_roster_errors (void)
{
  g_autofree char *dir = fixture (NULL);
  g_autofree char *legal = fixture ("legal.ros");
  g_autofree char *unknown = fixture ("unknown-entry.ros");
  g_autofree char *other = write_temp ("other.ros",
    "<roster id='r' name='Other' gameSystemId='another-game'><forces/></roster>\n");
  g_autofree char *broken = write_temp ("broken.rosz", "PK\003\004 and no zip after it");
  g_autofree char *sample = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                              "battle-valor-fantasy-1000.muster", NULL);
  static const char * const commands[] = { "cost", "validate" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *prefix = g_strdup_printf ("muster-cli %s: ", commands[i]);
      g_auto(Run) run = { 0 };

      run_cli (&run, NULL, commands[i], unknown, "--data", dir, NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_true (g_str_has_prefix (run.err, prefix));
      g_assert_nonnull (strstr (run.err, "unknown-entry.ros:7: <selection> ms-s1 names entry "
                                         "ms-no-such-entry"));

      run_cli (&run, NULL, commands[i], other, "--data", dir, NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err,
                                "other.ros:1: the roster is for game system another-game"));

      run_cli (&run, NULL, commands[i], broken, "--data", dir, NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "broken.rosz: "));

      run_cli (&run, NULL, commands[i], legal, NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "--data DIR"));

      run_cli (&run, NULL, commands[i], legal, "--data", "/nonexistent/muster", NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "/nonexistent/muster"));

      run_cli (&run, NULL, commands[i], sample, "--data", dir, NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "--data is for BattleScribe rosters"));
    }
  remove_temp (other);
  remove_temp (broken);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: %s MUSTER-CLI", argv[0]);
  cli_path = argv[1];

  g_test_add_func ("/cli/roster/cost-text", test_roster_cost_text);
  g_test_add_func ("/cli/roster/cost-json", test_roster_cost_json);
  g_test_add_func ("/cli/roster/validate", test_roster_validate);
  g_test_add_func ("/cli/roster/validate-json", test_roster_validate_json);
  g_test_add_func ("/cli/roster/zipped", test_roster_zipped);
  g_test_add_func ("/cli/roster/errors", test_roster_errors);

  return g_test_run ();
}
