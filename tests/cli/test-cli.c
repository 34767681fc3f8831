/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

static const char *cli_path;

typedef struct
{
  char *out;
  char *err;
  int   status;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (Run         *run,
         const char  *rulesets_path,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  const char *arg;
  va_list ap;
  int wait_status;

  g_ptr_array_add (argv, (char *) cli_path);
  va_start (ap, rulesets_path);
  while ((arg = va_arg (ap, const char *)))
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  if (rulesets_path != NULL)
    envp = g_environ_setenv (envp, "MUSTER_RULESETS_PATH", rulesets_path, TRUE);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

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
  g_assert_nonnull (strstr (run.err, "no procedure “volley” in system “no-such-system”"));

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

  return g_test_run ();
}
