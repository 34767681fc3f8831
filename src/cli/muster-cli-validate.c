/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "muster-engine.h"
#include "muster-cli.h"

/*
 * muster-cli validate FILE [--json]: every finding of the legality engine about the
 * document's army lists. The JSON shape is documented in data/rulesets/README.md; members are
 * only ever added.
 */

static const char *
severity_label (MusterSeverity severity)
{
  switch (severity)
    {
    case MUSTER_SEVERITY_ERROR:
      return _("error");
    case MUSTER_SEVERITY_WARNING:
      return _("warning");
    case MUSTER_SEVERITY_INFO:
    default:
      return _("note");
    }
}

/* Findings of @severity about the force @force_id, or about anything (@force_id NULL). */
guint
muster_cli_count_issues (GPtrArray      *issues,
                         const char     *force_id,
                         MusterSeverity  severity)
{
  guint n = 0;

  for (guint i = 0; i < issues->len; i++)
    {
      const MusterIssue *issue = issues->pdata[i];

      n += issue->severity == severity &&
           (force_id == NULL || g_strcmp0 (issue->force, force_id) == 0);
    }
  return n;
}

/* "legal" and "counts", the members every validate output starts with. */
void
muster_cli_add_issue_counts (JsonBuilder *builder,
                             GPtrArray   *issues)
{
  static const MusterSeverity severities[] = {
    MUSTER_SEVERITY_ERROR, MUSTER_SEVERITY_WARNING, MUSTER_SEVERITY_INFO
  };

  muster_cli_add_bool (builder, "legal",
                       muster_cli_count_issues (issues, NULL, MUSTER_SEVERITY_ERROR) == 0);
  json_builder_set_member_name (builder, "counts");
  json_builder_begin_object (builder);
  for (guint i = 0; i < G_N_ELEMENTS (severities); i++)
    muster_cli_add_int (builder, muster_severity_to_string (severities[i]),
                        muster_cli_count_issues (issues, NULL, severities[i]));
  json_builder_end_object (builder);
}

/* One force of the "forces" array: legal when no error is about it. */
void
muster_cli_add_force_verdict (JsonBuilder *builder,
                              GPtrArray   *issues,
                              const char  *id,
                              const char  *name)
{
  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "id", id);
  muster_cli_add_string (builder, "name", name);
  muster_cli_add_bool (builder, "legal",
                       muster_cli_count_issues (issues, id, MUSTER_SEVERITY_ERROR) == 0);
  json_builder_end_object (builder);
}

/* The "diagnostics" array: one object a finding. */
void
muster_cli_add_diagnostics (JsonBuilder *builder,
                            GPtrArray   *issues)
{
  json_builder_set_member_name (builder, "diagnostics");
  json_builder_begin_array (builder);
  for (guint i = 0; i < issues->len; i++)
    {
      const MusterIssue *issue = issues->pdata[i];

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "severity", muster_severity_to_string (issue->severity));
      muster_cli_add_string (builder, "rule", issue->constraint);
      muster_cli_add_string (builder, "message", issue->message);
      muster_cli_add_string (builder, "force", issue->force);
      muster_cli_add_string (builder, "node", issue->node);
      muster_cli_add_string (builder, "unit", issue->unit);
      muster_cli_add_string (builder, "path", issue->path);
      muster_cli_add_string (builder, "location", issue->location);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static JsonNode *
validate_to_json (const char    *file,
                  MusterDoc     *doc,
                  MusterRuleset *ruleset,
                  GPtrArray     *issues)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  muster_cli_add_doc_members (builder, file, doc, ruleset);
  muster_cli_add_issue_counts (builder, issues);

  json_builder_set_member_name (builder, "forces");
  json_builder_begin_array (builder);
  for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
    {
      MusterForce *force = muster_doc_get_force (doc, i);

      muster_cli_add_force_verdict (builder, issues, muster_force_get_id (force),
                                    muster_force_get_name (force));
    }
  json_builder_end_array (builder);

  muster_cli_add_diagnostics (builder, issues);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* Each finding on a line, then the verdict. */
void
muster_cli_print_issues (GPtrArray *issues)
{
  guint errors = muster_cli_count_issues (issues, NULL, MUSTER_SEVERITY_ERROR);
  guint warnings = muster_cli_count_issues (issues, NULL, MUSTER_SEVERITY_WARNING);
  guint notes = muster_cli_count_issues (issues, NULL, MUSTER_SEVERITY_INFO);
  g_autofree char *summary = NULL;

  for (guint i = 0; i < issues->len; i++)
    {
      const MusterIssue *issue = issues->pdata[i];

      /* TRANSLATORS: "error: Host › Iron Guard: the message [rule-id]" */
      g_print (_("%s: %s: %s [%s]\n"), severity_label (issue->severity), issue->location,
               issue->message, issue->constraint);
    }
  if (issues->len > 0)
    g_print ("\n");
  g_autofree char *e = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u error", "%u errors",
                                                     errors), errors);
  g_autofree char *w = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u warning",
                                                     "%u warnings", warnings), warnings);
  g_autofree char *n = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u note", "%u notes",
                                                     notes), notes);

  /* TRANSLATORS: "2 errors, 1 warning, 0 notes" */
  summary = g_strdup_printf (_("%s, %s, %s"), e, w, n);
  if (errors == 0)
    g_print (_("Legal: %s.\n"), summary);
  else
    g_print (_("Not legal: %s.\n"), summary);
}

static void
print_text (const char    *file,
            MusterDoc     *doc,
            MusterRuleset *ruleset,
            GPtrArray     *issues)
{
  g_print ("%s — %s %s\n\n", *muster_doc_get_title (doc) ? muster_doc_get_title (doc) : file,
           muster_ruleset_get_name (ruleset), muster_ruleset_get_version (ruleset));
  muster_cli_print_issues (issues);
}

static int
run_validate (const char *file,
              gboolean    json)
{
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GPtrArray) issues = NULL;

  if (!(doc = muster_cli_load_doc ("validate", file, _("checking"), &ruleset)))
    return MUSTER_CLI_EXIT_USAGE;
  issues = muster_validate_doc (doc);

  if (json)
    {
      g_autoptr(JsonNode) root = validate_to_json (file, doc, ruleset, issues);

      muster_cli_print_json (root);
    }
  else
    print_text (file, doc, ruleset, issues);

  return muster_cli_count_issues (issues, NULL, MUSTER_SEVERITY_ERROR) == 0 ? MUSTER_CLI_EXIT_OK
                                                                    : MUSTER_CLI_EXIT_FAILURE;
}

static const MusterCliFileCommand validate_command = {
  .name = "validate",
  .summary = N_("Check every army list of a Muster document against its ruleset's "
                "constraints."),
  .description = N_("Each finding is an error (the list is not legal), a warning or a note, with "
                    "the rule's id and where it is. A BattleScribe roster (.ros or .rosz) is "
                    "checked against the game data of --data DIR. Exit status: 0 legal, 1 not "
                    "legal, 2 when the file or its ruleset cannot be read."),
  .json_help = N_("Print JSON instead of text"),
  .run_roster = muster_cli_validate_roster,
  .run_doc = run_validate,
};

int
muster_cli_validate (int    argc,
                     char **argv)
{
  return muster_cli_run_file_command (&validate_command, argc, argv);
}
