/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit codes shared by every subcommand. */
enum {
  MUSTER_CLI_EXIT_OK = 0,
  MUSTER_CLI_EXIT_FAILURE = 1,  /* the command ran and the answer is "no" (e.g. an illegal list) */
  MUSTER_CLI_EXIT_USAGE = 2,    /* bad arguments or an unreadable file */
};

typedef int (*MusterCliCommandFunc) (int argc, char **argv);

typedef struct
{
  const char           *name;
  const char           *summary;
  MusterCliCommandFunc  run;
} MusterCliCommand;

int  muster_cli_rulesets    (int          argc,
                             char       **argv);
int  muster_cli_preview     (int          argc,
                             char       **argv);
int  muster_cli_simulate    (int          argc,
                             char       **argv);
int  muster_cli_export      (int argc, char **argv);
int  muster_cli_cost        (int          argc,
                             char       **argv);

int  muster_cli_parse       (GOptionContext  *context,
                             int             *argc,
                             char          ***argv);
void muster_cli_print_json  (gpointer         json_node);

G_END_DECLS
