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
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs muster-cli with the NULL-terminated @args, its rulesets from @rulesets_path if set. */
static inline void
run_cliv (Run                *run,
          const char         *rulesets_path,
          const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  int wait_status;

  run_clear (run);
  g_ptr_array_add (argv, (char *) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  if (rulesets_path != NULL)
    envp = g_environ_setenv (envp, "MUSTER_RULESETS_PATH", rulesets_path, TRUE);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

/* The NULL-terminated arguments of @ap, as an array (valid while they are). */
static inline GPtrArray *
collect_args (va_list ap)
{
  GPtrArray *args = g_ptr_array_new ();
  const char *arg;

  while ((arg = va_arg (ap, const char *)))
    g_ptr_array_add (args, (char *) arg);
  g_ptr_array_add (args, NULL);
  return args;
}

static inline void
run_cli (Run        *run,
         const char *rulesets_path,
         ...)
{
  g_autoptr(GPtrArray) args = NULL;
  va_list ap;

  va_start (ap, rulesets_path);
  args = collect_args (ap);
  va_end (ap);
  run_cliv (run, rulesets_path, (const char * const *) args->pdata);
}

/* Runs muster-cli with the NULL-terminated @args; it must succeed. Returns its output. */
static inline char *
cli_stdoutv (const char * const *args)
{
  g_auto(Run) run = { 0 };

  run_cliv (&run, NULL, args);
  if (run.status != 0)
    g_error ("muster-cli %s exited with %d: %s", args[0], run.status, run.err);
  return g_steal_pointer (&run.out);
}

static inline char *
cli_stdout (const char *first,
            ...)
{
  g_autoptr(GPtrArray) args = NULL;
  va_list ap;

  va_start (ap, first);
  args = collect_args (ap);
  va_end (ap);
  g_ptr_array_insert (args, 0, (char *) first);
  return cli_stdoutv ((const char * const *) args->pdata);
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

/* Output @id of a preview's JSON (see the README's preview shape). */
static inline JsonObject *
preview_output (JsonObject *root,
                const char *id)
{
  JsonArray *outputs = json_object_get_array_member (root, "outputs");

  for (guint i = 0; i < json_array_get_length (outputs); i++)
    {
      JsonObject *output = json_array_get_object_element (outputs, i);

      if (g_strcmp0 (json_object_get_string_member (output, "id"), id) == 0)
        return output;
    }
  g_error ("no output %s", id);
}

/* The entry of @output for the value labelled @label, or (@label NULL) for @value. */
static inline JsonObject *
preview_value (JsonObject *output,
               const char *label,
               int         value)
{
  JsonArray *values = json_object_get_array_member (output, "values");

  for (guint i = 0; i < json_array_get_length (values); i++)
    {
      JsonObject *v = json_array_get_object_element (values, i);

      if (label != NULL ? g_strcmp0 (json_object_get_string_member (v, "label"), label) == 0
                        : json_object_get_int_member (v, "value") == value)
        return v;
    }
  return NULL;
}

/* The entry of @output for @value, which it must have. */
static inline JsonObject *
preview_entry (JsonObject *output,
               int         value)
{
  JsonObject *v = preview_value (output, NULL, value);

  if (v == NULL)
    g_error ("no value %d", value);
  return v;
}

/* P(@value), or P(the value labelled @label), of output @id; 0 for a value never reached. */
static inline double
preview_p (JsonObject *root,
           const char *id,
           const char *label,
           int         value)
{
  JsonObject *v = preview_value (preview_output (root, id), label, value);

  return v != NULL ? json_object_get_double_member (v, "p") : 0;
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
    /* Looked at before it is read: never read until memory runs out. */
    { "/dev/zero", NULL, "Could not read /dev/zero: it is not a regular file" },
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
