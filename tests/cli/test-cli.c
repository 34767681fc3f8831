/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "cli-test-util.h"

static void
test_cli_version (void)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "--version", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "muster-cli " PACKAGE_VERSION "\n");
}

static void
test_cli_help (void)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "rulesets"));
  g_assert_nonnull (strstr (run.out, "List the installed rulesets"));
  g_assert_nonnull (strstr (run.out, "cost"));
  /* the longest name keeps a gap before its summary */
  g_assert_nonnull (strstr (run.out, "battlescribe-adapter  Speak"));
}

static void
test_cli_rulesets_help (void)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "rulesets", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--json"));
  g_assert_nonnull (strstr (run.out, "Rulesets are read from"));
}

static void
test_cli_usage_errors (void)
{
  static const char * const cases[][3] = {
    { "frobnicate", NULL, "unknown command “frobnicate”" },
    { "--frobnicate", NULL, "Unknown option --frobnicate" },
    { "rulesets", "--frobnicate", "Unknown option --frobnicate" },
    { "rulesets", "extra", "unexpected argument “extra”" },
    { "preview", NULL, "name a system and a procedure" },
    { "preview", "nowhere", "name a system and a procedure" },
    { "simulate", "--trials=0", "name a system and a procedure" },
    { "preview", "--frobnicate", "Unknown option --frobnicate" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, NULL, cases[i][0], cases[i][1], NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      if (strstr (run.err, cases[i][2]) == NULL)
        g_error ("case %u: stderr “%s” lacks “%s”", i, run.err, cases[i][2]);
    }

  {
    g_auto(Run) run = { 0 };

    /* No command at all: the help goes to stderr and the exit says "usage". */
    run_cli (&run, NULL, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "Commands:"));
  }
}

static void
test_cli_preview_usage (void)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) list = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  run_cli (&run, NULL, "preview", "no-such-system", "volley", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "no rule system “no-such-system”"));
  run_cli (&run, NULL, "preview", "battle-valor-fantasy", "volley", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "no procedure “volley” in system “battle-valor-fantasy”"));

  run_cli (&list, NULL, "preview", "--list", "--json", NULL);
  g_assert_cmpint (list.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, list.out, -1, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_object_get_member (
                   json_node_get_object (json_parser_get_root (parser)), "procedures")));
}

static void
test_cli_rulesets_table (void)
{
  static const char * const ids[] = {
    "battle-valor-fantasy", "horse-and-musket", "medals-of-valor", "standards-of-valor",
    "undying-lands",
  };
  g_auto(Run) run = { 0 };
  g_auto(GStrv) lines = NULL;

  run_cli (&run, NULL, "rulesets", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");

  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + G_N_ELEMENTS (ids) + 1);
  g_assert_true (g_str_has_prefix (lines[0], "ID"));
  g_assert_nonnull (strstr (lines[0], "BOOK"));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_nonnull (strstr (run.out, ids[i]));
  g_assert_nonnull (strstr (run.out, "Standards of Valor (FMA in the dark ages)"));
}

static void
test_cli_rulesets_json (void)
{
  g_autofree char *house = g_build_filename (MUSTER_TEST_DATA, "rulesets-house", NULL);
  g_autofree char *shipped = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data",
                                               "rulesets", NULL);
  g_autofree char *path = g_strjoin (G_SEARCHPATH_SEPARATOR_S, house, shipped, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_auto(Run) run = { 0 };
  JsonObject *root;
  JsonArray *rulesets;
  gboolean found_house = FALSE;

  run_cli (&run, path, "rulesets", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);

  g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  rulesets = json_object_get_array_member (root, "rulesets");
  g_assert_cmpuint (json_array_get_length (rulesets), ==, 6);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "problems")), ==, 0);

  for (guint i = 0; i < json_array_get_length (rulesets); i++)
    {
      JsonObject *r = json_array_get_object_element (rulesets, i);

      g_assert_true (json_object_has_member (r, "id"));
      g_assert_true (json_object_has_member (r, "name"));
      g_assert_true (json_object_has_member (r, "version"));
      g_assert_true (json_object_has_member (r, "book"));
      if (g_str_equal (json_object_get_string_member (r, "id"), "my-sov"))
        {
          found_house = TRUE;
          g_assert_true (json_object_get_boolean_member (r, "house"));
          g_assert_cmpstr (json_object_get_string_member (r, "extends"), ==, "standards-of-valor");
        }
      else
        {
          g_assert_true (json_object_get_null_member (r, "extends"));
        }
    }
  g_assert_true (found_house);
}

static void
test_cli_rulesets_reports_broken_files (void)
{
  g_autofree char *broken = g_build_filename (MUSTER_TEST_DATA, "rulesets-broken", NULL);
  g_auto(Run) run = { 0 };

  run_cli (&run, broken, "rulesets", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "good"));
  g_assert_nonnull (strstr (run.err, "skipped"));
  g_assert_nonnull (strstr (run.err, "aaa-broken.xml:4: "));
}

/* House rules that cannot be played with (a loop of extends, a missing base, a broken file)
 * are reported once each, not listed as if they could. */
static void
test_cli_rulesets_skips_unresolvable (void)
{
  g_autofree char *merge = g_build_filename (MUSTER_TEST_DATA, "rulesets-merge", NULL);
  g_auto(Run) run = { 0 };

  run_cli (&run, merge, "rulesets", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "club-plus"));
  g_assert_null (strstr (run.out, "loop-a"));
  g_assert_null (strstr (run.out, "orphan"));
  g_assert_nonnull (strstr (run.err, "loop-a.xml:1: ruleset “loop-a” extends itself through a "
                                     "loop of rulesets (loop-a → loop-b → loop-a)\n"));
  g_assert_nonnull (strstr (run.err, "ruleset “orphan” extends “nowhere”"));
}

static char *
sample_path (const char *name)
{
  return g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples", name, NULL);
}

static char *
club_rulesets_path (void)
{
  g_autofree char *club = g_build_filename (MUSTER_TEST_DATA, "rulesets-club", NULL);
  g_autofree char *shipped = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data",
                                               "rulesets", NULL);

  return g_strjoin (G_SEARCHPATH_SEPARATOR_S, club, shipped, NULL);
}

static void
test_cli_cost_help (void)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "cost", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--json"));
  g_assert_nonnull (strstr (run.out, "FILE"));
  g_assert_nonnull (strstr (run.out, "house value"));
}

static void
test_cli_cost_table (void)
{
  g_autofree char *path = sample_path ("battle-valor-fantasy-1000.muster");
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "cost", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_true (g_str_has_prefix (run.out, "Host of the Iron Hills — Battle Valor Fantasy 1.0\n"));
  g_assert_nonnull (strstr (run.out, "Host of the Iron Hills (Dwarves): 998 of 1000 pts *\n"));
  g_assert_nonnull (strstr (run.out, "  u2   Iron Guard            Infantry        12 stands  166 *\n"));
  g_assert_nonnull (strstr (run.out, "  u3   Anvil Breakers        Heavy Infantry   8 stands  170\n"));
  g_assert_nonnull (strstr (run.out, "* rests on a house value"));
  g_assert_null (strstr (run.out, " \n"));
}

static void
test_cli_cost_json (void)
{
  static const char * const unit_members[] = {
    "id", "name", "type", "type_name", "node", "size", "size_unit", "cost", "house", "error",
    "breakdown",
  };
  g_autofree char *path = sample_path ("battle-valor-fantasy-1000.muster");
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(Run) run = { 0 };
  JsonObject *root, *force, *measure;
  JsonArray *units;
  gint64 sum = 0;

  run_cli (&run, NULL, "cost", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (root, "title"), ==, "Host of the Iron Hills");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "ruleset"),
                                                  "id"), ==, "battle-valor-fantasy");
  g_assert_false (json_object_get_boolean_member (json_object_get_object_member (root, "ruleset"),
                                                  "house"));
  measure = json_object_get_object_member (root, "measure");
  g_assert_cmpstr (json_object_get_string_member (measure, "abbreviation"), ==, "pts");
  g_assert_true (json_object_get_boolean_member (measure, "limit"));

  force = json_array_get_object_element (json_object_get_array_member (root, "forces"), 0);
  g_assert_cmpstr (json_object_get_string_member (force, "id"), ==, "f1");
  g_assert_cmpstr (json_object_get_string_member (force, "side"), ==, "Dwarves");
  g_assert_cmpint (json_object_get_int_member (force, "limit"), ==, 1000);
  g_assert_cmpint (json_object_get_int_member (force, "total"), ==, 998);
  g_assert_false (json_object_get_boolean_member (force, "over_limit"));
  g_assert_true (json_object_get_boolean_member (force, "house"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (force, "nodes")), ==, 0);

  units = json_object_get_array_member (force, "units");
  g_assert_cmpuint (json_array_get_length (units), ==, 19);
  for (guint i = 0; i < json_array_get_length (units); i++)
    {
      JsonObject *unit = json_array_get_object_element (units, i);
      JsonArray *lines = json_object_get_array_member (unit, "breakdown");
      gint64 lines_sum = 0;

      for (guint m = 0; m < G_N_ELEMENTS (unit_members); m++)
        if (!json_object_has_member (unit, unit_members[m]))
          g_error ("unit %u has no member “%s”", i, unit_members[m]);
      for (guint j = 0; j < json_array_get_length (lines); j++)
        lines_sum += json_object_get_int_member (json_array_get_object_element (lines, j),
                                                 "amount");
      /* The breakdown adds up to the unit's cost. */
      g_assert_cmpint (lines_sum, ==, json_object_get_int_member (unit, "cost"));
      sum += json_object_get_int_member (unit, "cost");
    }
  g_assert_cmpint (sum, ==, 998);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (units, 1), "cost"),
                   ==, 166);
  g_assert_true (json_object_get_null_member (json_array_get_object_element (units, 1), "node"));
}

static void
test_cli_cost_house_rules_over_limit (void)
{
  g_autofree char *path = g_build_filename (MUSTER_TEST_DATA, "club-army.muster", NULL);
  g_autofree char *rulesets = club_rulesets_path ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(Run) run = { 0 };
  g_auto(Run) text = { 0 };
  JsonObject *root, *force, *node, *bears, *line;
  JsonArray *units;

  run_cli (&run, rulesets, "cost", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  root = parse_object (parser, run.out);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (root, "ruleset"),
                                                 "house"));
  force = json_array_get_object_element (json_object_get_array_member (root, "forces"), 0);
  g_assert_cmpint (json_object_get_int_member (force, "total"), ==, 64);
  g_assert_true (json_object_get_boolean_member (force, "over_limit"));

  node = json_array_get_object_element (json_object_get_array_member (force, "nodes"), 0);
  g_assert_cmpstr (json_object_get_string_member (node, "level"), ==, "detachment");
  g_assert_true (json_object_get_null_member (node, "parent"));
  g_assert_cmpint (json_object_get_int_member (node, "total"), ==, 24);

  units = json_object_get_array_member (force, "units");
  bears = json_array_get_object_element (units, 0);
  g_assert_cmpint (json_object_get_int_member (bears, "cost"), ==, 4 * (8 + 2));
  g_assert_true (json_object_get_boolean_member (bears, "house"));
  line = json_array_get_object_element (json_object_get_array_member (bears, "breakdown"), 1);
  g_assert_cmpstr (json_object_get_string_member (line, "label"), ==, "Bears");
  g_assert_cmpint (json_object_get_int_member (line, "amount"), ==, 8);
  g_assert_true (json_object_get_boolean_member (line, "house"));
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (units, 1),
                                                  "node"), ==, "n1");

  run_cli (&text, rulesets, "cost", path, NULL);
  g_assert_cmpint (text.status, ==, 1);
  g_assert_nonnull (strstr (text.out, "Bear patrol: 64 of 50 pts * — over the limit\n"));
  g_assert_nonnull (strstr (text.out, "  n1    Screen       Detachment            24\n"));
  g_assert_nonnull (strstr (text.out, "    u2  Infantry     Infantry    4 stands  24\n"));
}

static void
test_cli_cost_uncosted_and_version (void)
{
  g_autofree char *path = write_temp ("odd.muster",
    "<muster format='1'><ruleset id='battle-valor-fantasy' version='0.1'/>"
    "<force name='Odd'><unit type='dragon' size='1'/><unit type='infantry' size='4'/></force>"
    "</muster>");
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "cost", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "Odd: 24 pts\n"));
  g_assert_nonnull (strstr (run.out, "cannot cost u2: “dragon” is not a unit type of Battle "
                                     "Valor Fantasy"));
  g_assert_nonnull (strstr (run.err, "was made with Battle Valor Fantasy version 0.1; costing "
                                     "with version 1.0"));
  remove_temp (path);
}

static void
test_cli_cost_errors (void)
{
  assert_read_errors ("cost");
}

/* Arguments that used to be taken wrongly in silence: an unknown system (said to be an unknown
 * procedure), one input given twice (the last won) and a negative seed (generate refused it). */
static void
test_cli_preview_argument_errors (void)
{
  const char *cases[][6] = {
    { "preview", "warhammer", "success-roll", NULL, NULL, "no rule system “warhammer”" },
    { "preview", "battle-valor-fantasy", "success-roll", "dice=5", "dice=6",
      "dice=5 and dice=6 give the same input twice" },
    { "simulate", "battle-valor-fantasy", "success-roll", "--seed", "-1",
      "the seed -1 is not a whole number from 0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, NULL, cases[i][0], cases[i][1], cases[i][2], cases[i][3], cases[i][4],
               NULL);
      g_assert_cmpint (run.status, ==, 2);
      if (strstr (run.err, cases[i][5]) == NULL)
        g_error ("case %u: stderr “%s” lacks “%s”", i, run.err, cases[i][5]);
    }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, NULL, "preview", "battle-valor-fantasy", "success-roll", "dice=5", "needs-six=yes",
             NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
}

/* Runs a billion-trial simulation, interrupts it after @wait_ms and waits. Returns: its wait
 * status; its standard error in @err. */
static int
interrupt_simulation (guint   wait_ms,
                      char  **err)
{
  const char *argv[] = { cli_path, "simulate", "battle-valor-fantasy", "success-roll",
                         "--trials", "1000000000", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOChannel) channel = NULL;
  GPid pid;
  int err_fd, status;

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                           G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                                           NULL, NULL, &pid, NULL, NULL, &err_fd, &error));
  g_assert_no_error (error);
  g_usleep (wait_ms * 1000);
  kill (pid, SIGINT);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  channel = g_io_channel_unix_new (err_fd);
  g_io_channel_set_close_on_unref (channel, TRUE);
  g_io_channel_read_to_end (channel, err, NULL, NULL);
  return status;
}

/* Ctrl+C stops a long simulation cleanly: the trials played so far are the result, and the
 * exit status says it was interrupted. */
static void
test_cli_simulate_interrupted (void)
{
  guint wait_ms = 1000;
  int status;

  for (;;)
    {
      g_autofree char *err = NULL;

      status = interrupt_simulation (wait_ms, &err);
      /* Killed by the signal: still starting (a loaded machine); give it longer. */
      if (WIFSIGNALED (status) && wait_ms < 16000)
        {
          wait_ms *= 2;
          continue;
        }
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 130);
      g_assert_nonnull (strstr (err, "stopped by Ctrl+C after "));
      g_assert_nonnull (strstr (err, " of 1000000000 trials; the result is of those"));
      break;
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (argc < 2)
    g_error ("usage: test-cli PATH-TO-MUSTER-CLI");
  cli_path = argv[1];

  g_test_add_func ("/cli/version", test_cli_version);
  g_test_add_func ("/cli/help", test_cli_help);
  g_test_add_func ("/cli/rulesets/help", test_cli_rulesets_help);
  g_test_add_func ("/cli/usage-errors", test_cli_usage_errors);
  g_test_add_func ("/cli/rulesets/table", test_cli_rulesets_table);
  g_test_add_func ("/cli/preview/usage", test_cli_preview_usage);
  g_test_add_func ("/cli/rulesets/json", test_cli_rulesets_json);
  g_test_add_func ("/cli/rulesets/broken", test_cli_rulesets_reports_broken_files);
  g_test_add_func ("/cli/rulesets/unresolvable", test_cli_rulesets_skips_unresolvable);
  g_test_add_func ("/cli/cost/help", test_cli_cost_help);
  g_test_add_func ("/cli/cost/table", test_cli_cost_table);
  g_test_add_func ("/cli/cost/json", test_cli_cost_json);
  g_test_add_func ("/cli/cost/house-rules-over-limit", test_cli_cost_house_rules_over_limit);
  g_test_add_func ("/cli/cost/uncosted-and-version", test_cli_cost_uncosted_and_version);
  g_test_add_func ("/cli/cost/errors", test_cli_cost_errors);
  g_test_add_func ("/cli/simulate/interrupted", test_cli_simulate_interrupted);
  g_test_add_func ("/cli/preview/argument-errors", test_cli_preview_argument_errors);

  return g_test_run ();
}
