/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "cli-test-util.h"

/*
 * muster-cli resolve and log on a copy of the Undying Lands sample: a roll is written back
 * with its log line and the unit's marker, a second roll goes on from the seed the first left,
 * -o leaves the file alone, a typed input is logged as typed; bad arguments are told.
 */

static char *
copy_sample (const char *name)
{
  g_autofree char *path = g_strdup_printf ("%s/data/samples/%s.muster",
                                           g_getenv ("MUSTER_SOURCE_ROOT"), name);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  return write_temp ("game.muster", text);
}

static void
test_resolve_and_log (void)
{
  g_autofree char *file = copy_sample ("undying-lands-twelve-squares");
  g_autofree char *out = NULL, *log = NULL, *second = NULL, *json = NULL, *text = NULL;
  g_autofree char *other = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;
  JsonArray *entries;
  JsonObject *first;

  log = cli_stdout ("log", file, NULL);
  g_assert_cmpstr (log, ==, "The battle log is empty.\n");

  out = cli_stdout ("resolve", file, "u5", "u22", "--procedure", "melee-round", "--turn", "2",
                    NULL);
  g_assert_true (g_str_has_prefix (out, "Turn 2: melee-round, "));
  g_assert_nonnull (strstr (out, "  Dice (seed 1): "));
  g_assert_nonnull (strstr (out, "  Result: IP lost by A: "));
  g_assert_true (g_file_get_contents (file, &text, NULL, &error));
  g_assert_nonnull (strstr (text, "<battle-log"));
  g_assert_nonnull (strstr (text, "procedure=\"melee-round\""));

  /* the second roll starts from the seed the first left, typed input logged as typed */
  second = cli_stdout ("resolve", file, "u5", "u22", "--procedure", "shoot", "weapon=lrw", NULL);
  g_assert_true (g_str_has_prefix (second, "Turn 2: shoot, "));
  g_assert_null (strstr (second, "Dice (seed 1):"));
  g_assert_nonnull (strstr (second, "weapon=lrw (typed)"));

  json = cli_stdout ("log", file, "--json", NULL);
  root = parse_object (parser, json);
  entries = json_object_get_array_member (root, "entries");
  g_assert_cmpuint (json_array_get_length (entries), ==, 2);
  first = json_array_get_object_element (entries, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "procedure"), ==, "melee-round");
  g_assert_cmpstr (json_object_get_string_member (first, "seed"), ==, "1");
  g_assert_cmpint (json_object_get_int_member (first, "turn"), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (first, "dice")), >, 0);
  g_assert_cmpint (json_object_get_int_member (root, "turn"), ==, 2);

  /* -o: the roll goes to OUT, FILE stays as it was */
  other = g_strconcat (file, ".out", NULL);
  g_free (out);
  out = cli_stdout ("resolve", file, "u5", "u22", "--procedure", "shoot", "--seed", "7",
                    "-o", other, NULL);
  g_assert_nonnull (strstr (out, "Dice (seed 7): "));
  g_free (json);
  json = cli_stdout ("log", file, "--json", NULL);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      parse_object (parser, json), "entries")), ==, 2);
  g_free (json);
  json = cli_stdout ("log", other, "--json", NULL);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      parse_object (parser, json), "entries")), ==, 3);
  g_remove (other);
  remove_temp (file);
}

static void
test_errors (void)
{
  g_autofree char *file = copy_sample ("undying-lands-twelve-squares");
  static const struct
  {
    const char *args[10];
    const char *message;
  } cases[] = {
    { { "resolve", NULL }, "which file?" },
    { { "resolve", "F", "u5", "u22", NULL }, "which procedure?" },
    { { "resolve", "F", "u5", "u22", "--procedure", "volley", NULL }, "no procedure “volley”" },
    { { "resolve", "F", "u5", "u99", "--procedure", "shoot", NULL }, "u99" },
    { { "resolve", "F", "u5", "u22", "--procedure", "shoot", "weapon=spoon", NULL },
      "spoon" },
    { { "resolve", "F", "u5", "u22", "--procedure", "shoot", "--seed", "x", NULL },
      "--seed and --turn" },
    { { "log", NULL }, "muster-cli log: which file? Try “muster-cli log --help”." },
    { { "log", "F", "extra", NULL }, "muster-cli log: unexpected argument “extra”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };
      const char *args[10];

      for (guint k = 0; k < G_N_ELEMENTS (args); k++)
        args[k] = g_strcmp0 (cases[i].args[k], "F") == 0 ? file : cases[i].args[k];
      run_cliv (&run, NULL, args);
      if (run.status != 2 || strstr (run.err, cases[i].message) == NULL)
        g_error ("case %u: exit %d, “%s” lacks “%s”", i, run.status, run.err, cases[i].message);
    }
  /* none of them wrote a log */
  {
    g_autofree char *log = cli_stdout ("log", file, NULL);

    g_assert_cmpstr (log, ==, "The battle log is empty.\n");
  }
  remove_temp (file);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  cli_path = argv[1];
  g_test_add_func ("/resolve/resolve-and-log", test_resolve_and_log);
  g_test_add_func ("/resolve/errors", test_errors);
  return g_test_run ();
}
