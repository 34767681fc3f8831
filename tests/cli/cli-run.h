/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * Running muster-cli from a test: its output, its errors and its exit status. The test
 * environment (tests/meson.build) points it at the source tree's rulesets.
 */

typedef struct
{
  char *out;
  char *err;
  int   status;
} CliRun;

static inline void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

/* Runs @cli with the NULL-terminated arguments after @cli, replacing what @run held. */
static inline void
cli_run (CliRun     *run,
         const char *cli,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  va_list ap;
  int wait_status;

  cli_run_clear (run);
  g_ptr_array_add (argv, (char *) cli);
  va_start (ap, cli);
  while ((arg = va_arg (ap, const char *)))
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

G_END_DECLS
