/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

/* Running muster-cli from a test: its output, errors and exit status; temporary files. */

static const char *cli_path;

typedef struct
{
  char *out;
  char *err;
  int   status;
} Run;

static inline void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static inline void
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

/* Writes @text to a file in a fresh temporary directory; returns its path. */
static inline char *
write_temp (const char *name,
            const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("muster-cli-XXXXXX", &error);
  char *path;

  g_assert_no_error (error);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  return path;
}

static inline void
remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_remove (path);
  g_rmdir (dir);
}

static inline JsonObject *
parse_object (JsonParser *parser,
              const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

/* A command about a document exits with 2 and says why when the file cannot be read, its
 * ruleset is not installed, or the arguments are wrong. */
static inline void
assert_read_errors (const char *command)
{
  g_autofree char *malformed = g_build_filename (MUSTER_TEST_DATA, "malformed.muster", NULL);
  g_autofree char *unknown = write_temp ("unknown.muster",
                                         "<muster format='1'><ruleset id='warhammer'/></muster>");
  g_autofree char *missing = g_build_filename (MUSTER_TEST_DATA, "no-such.muster", NULL);
  const char *cases[][3] = {
    { malformed, NULL, "malformed.muster:5: " },
    { unknown, NULL, "no installed ruleset has the id" },
    { missing, NULL, "no-such.muster" },
    { malformed, "extra", "unexpected argument “extra”" },
    { "--frobnicate", NULL, "Unknown option --frobnicate" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, NULL, command, cases[i][0], cases[i][1], NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      if (strstr (run.err, cases[i][2]) == NULL)
        g_error ("case %u: stderr “%s” lacks “%s”", i, run.err, cases[i][2]);
    }

  {
    g_auto(Run) run = { 0 };

    run_cli (&run, NULL, command, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "which file?"));
  }
  remove_temp (unknown);
}
