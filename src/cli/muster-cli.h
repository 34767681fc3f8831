/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "muster-bs-roster.h"
#include "muster-engine-types.h"
#include "muster-procedure.h"
#include "muster-ruleset.h"
#include "muster-terrain.h"

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
int  muster_cli_odds        (int          argc,
                             char       **argv);
MusterOddsFacts       *muster_cli_read_facts     (const char          *command,
                                                  char               **argv,
                                                  const char          *purpose,
                                                  MusterRuleset      **ruleset,
                                                  MusterDoc          **doc,
                                                  MusterTerrainTypes **types);
const MusterProcedure *muster_cli_find_procedure (const char          *command,
                                                  GPtrArray           *procedures,
                                                  const char          *id,
                                                  char               **argv);
int  muster_cli_resolve     (int          argc,
                             char       **argv);
int  muster_cli_log         (int          argc,
                             char       **argv);
int  muster_cli_export      (int argc, char **argv);
int  muster_cli_generate    (int          argc,
                             char       **argv);
int  muster_cli_catalogue   (int          argc,
                             char       **argv);
int  muster_cli_cost        (int          argc,
                             char       **argv);
int  muster_cli_validate    (int          argc,
                             char       **argv);
int  muster_cli_bs_adapter  (int          argc,
                             char       **argv);

int  muster_cli_parse       (GOptionContext  *context,
                             int             *argc,
                             char          ***argv);
int  muster_cli_parse_path  (GOptionContext  *context,
                             int             *argc,
                             char          ***argv,
                             const char      *command,
                             const char      *which);

/* A command on one document or BattleScribe roster; the strings untranslated (N_()). */
typedef struct
{
  const char *name;
  const char *summary;
  const char *description;
  const char *json_help;
  int       (*run_roster) (const char *file,
                           const char *data_dir,
                           gboolean    json);
  int       (*run_doc)    (const char *file,
                           gboolean    json);
} MusterCliFileCommand;

int  muster_cli_run_file_command (const MusterCliFileCommand  *command,
                                  int                          argc,
                                  char                       **argv);
void muster_cli_print_json  (gpointer         json_node);
void muster_cli_add_string  (JsonBuilder     *builder,
                             const char      *name,
                             const char      *value);
void muster_cli_add_int     (JsonBuilder     *builder,
                             const char      *name,
                             gint64           value);
void muster_cli_add_double  (JsonBuilder     *builder,
                             const char      *name,
                             double           value);
void muster_cli_add_number  (JsonBuilder     *builder,
                             const char      *name,
                             double           value);
void muster_cli_add_bool    (JsonBuilder     *builder,
                             const char      *name,
                             gboolean         value);
void muster_cli_add_doc_members (JsonBuilder   *builder,
                                 const char    *file,
                                 MusterDoc     *doc,
                                 MusterRuleset *ruleset);
gboolean muster_cli_is_roster      (const char *file);
int      muster_cli_cost_roster    (const char *file,
                                    const char *data_dir,
                                    gboolean    json);
int      muster_cli_validate_roster (const char *file,
                                     const char *data_dir,
                                     gboolean    json);
gboolean muster_cli_load_roster    (const char      *command,
                                    const char      *file,
                                    const char      *data_dir,
                                    MusterBsData   **data,
                                    MusterBsRoster **roster);
guint muster_cli_count_issues     (GPtrArray      *issues,
                                   const char     *force_id,
                                   MusterSeverity  severity);
void  muster_cli_add_issue_counts (JsonBuilder    *builder,
                                   GPtrArray      *issues);
void  muster_cli_add_force_verdict (JsonBuilder   *builder,
                                    GPtrArray     *issues,
                                    const char    *id,
                                    const char    *name);
void  muster_cli_add_diagnostics  (JsonBuilder    *builder,
                                   GPtrArray      *issues);
void  muster_cli_print_issues     (GPtrArray      *issues);
JsonNode *muster_cli_result_to_json (const MusterProcedureResult *result,
                                     const int                   *values);
void      muster_cli_add_input_value (JsonBuilder           *builder,
                                      const MusterInputSpec *spec,
                                      int                    value);
MusterDoc *muster_cli_load_doc (const char     *command,
                                const char     *file,
                                const char     *doing,
                                MusterRuleset **ruleset);

G_END_DECLS
