/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "cli-test-util.h"

/*
 * muster-cli generate: the same seed writes the same document, another seed another one; the
 * result reloads; a rule system without the procedure exits 1; bad arguments exit 2.
 */


static char *
sample_path (const char *name)
{
  return g_strdup_printf ("%s/data/samples/%s.muster", g_getenv ("MUSTER_SOURCE_ROOT"), name);
}

static void
test_same_seed (void)
{
  g_autofree char *file = sample_path ("undying-lands-host");
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_auto(Run) c = { 0 };

  run_cli (&a, NULL, "generate", file, "--seed", "31", NULL);
  run_cli (&b, NULL, "generate", file, "--seed", "31", NULL);
  run_cli (&c, NULL, "generate", file, "--seed", "32", NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpstr (a.out, ==, b.out);
  g_assert_cmpstr (a.err, ==, b.err);
  g_assert_cmpstr (a.out, !=, c.out);
  g_assert_true (strstr (a.out, "<terrain "));
  g_assert_true (strstr (a.out, "<zone "));
  g_assert_true (strstr (a.out, "Terrain squares, seed 31."));
  /* the notes on stderr, the document on stdout */
  g_assert_true (g_str_has_prefix (a.err, "Terrain squares, seed 31.\n"));
}

static void
test_output_reloads (void)
{
  g_autofree char *file = sample_path ("standards-of-valor-punitive-cohort");
  g_autofree char *dir = g_dir_make_tmp ("muster-generate-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "ambush.muster", NULL);
  g_autofree char *again = g_build_filename (dir, "again.muster", NULL);
  g_autofree char *contents = NULL;
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "generate", file, "--seed", "5", "--option", "scenario=ambush",
           "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "Scenario set-up, seed 5.\n2. Ambush!"));
  g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
  g_assert_true (strstr (contents, "name=\"Roadblock\""));
  g_assert_true (strstr (contents, "layer=\"umpire\""));
  g_assert_true (strstr (contents, "<victory>"));

  /* generating again over a generated battlefield replaces its notes, not adds to them */
  run_cli (&run, NULL, "generate", out, "--seed", "6", "-o", again, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (again, &contents, NULL, NULL));
  g_assert_null (strstr (contents, "seed 5."));
  g_assert_true (strstr (contents, "seed 6."));
  g_assert_null (strstr (contents, "Roadblock"));
  g_unlink (out);
  g_unlink (again);
  g_rmdir (dir);
}

static void
test_options (void)
{
  g_autofree char *file = sample_path ("standards-of-valor-punitive-cohort");
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "generate", file, "--options", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (strstr (run.out, "  scenario: Scenario\n"));
  g_assert_true (strstr (run.out, "    fixed*  Fixed Battle\n"));
  g_assert_true (strstr (run.out, "    hold  3. Hold the Line\n"));
}

static void
test_failures (void)
{
  g_autofree char *ul = sample_path ("undying-lands-host");
  g_autofree char *mov = sample_path ("medals-of-valor-village-assault");
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "generate", mov, "--seed", "1", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_true (strstr (run.err, "has no procedure for generating a battlefield"));
  g_assert_cmpstr (run.out, ==, "");

  run_cli (&run, NULL, "generate", ul, "--seed", "many", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (strstr (run.err, "“many” is not a whole number"));

  run_cli (&run, NULL, "generate", ul, "--option", "grid=hexes", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (strstr (run.err, "option “grid” has no choice “hexes”"));

  run_cli (&run, NULL, "generate", ul, "--option", "grid", NULL);
  g_assert_cmpint (run.status, ==, 2);

  run_cli (&run, NULL, "generate", ul, "--table", "big", NULL);
  g_assert_cmpint (run.status, ==, 2);

  run_cli (&run, NULL, "generate", "/nonexistent.muster", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  cli_path = argv[1];
  g_test_add_func ("/generate/same-seed", test_same_seed);
  g_test_add_func ("/generate/output-reloads", test_output_reloads);
  g_test_add_func ("/generate/options", test_options);
  g_test_add_func ("/generate/failures", test_failures);
  return g_test_run ();
}
