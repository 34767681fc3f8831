/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "army-fixture.h"
#include "muster-army-commands.h"
#include "muster-diagnostics.h"
#include "muster-roster-model.h"

/* The model matches the validator's list, row for row. */
static void
assert_rows_match (MusterDocument *document)
{
  g_autoptr(GPtrArray) issues = muster_validate_doc (muster_document_get_doc (document));
  GListModel *model = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, issues->len);
  for (guint i = 0; i < issues->len; i++)
    {
      MusterDiagnostic *diagnostic = army_fixture_item (model, i);

      g_assert_true (muster_issue_equal (muster_diagnostic_get_issue (diagnostic),
                                         g_ptr_array_index (issues, i)));
    }
}

static void
test_loaded (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  GListModel *model = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));

  g_assert_true (g_list_model_get_item_type (model) == MUSTER_TYPE_DIAGNOSTIC);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  g_assert_true (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (document)));
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 0);
  g_assert_cmpuint (muster_findings_source_get_n_warnings (MUSTER_FINDINGS_SOURCE (document)), ==, 0);
}

static void
test_break_and_unbreak (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  GListModel *model = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));
  MusterHistory *history = muster_document_get_history (document);
  MusterUnit *iron_guard = muster_doc_lookup_unit (muster_document_get_doc (document), "u2");
  g_autoptr(GString) log = g_string_new (NULL);
  MusterDiagnostic *diagnostic;
  gboolean legal;

  g_signal_connect (model, "items-changed", G_CALLBACK (army_fixture_log_items_changed), log);
  g_signal_connect (model, "notify::n-errors", G_CALLBACK (army_fixture_log_notify), log);
  g_signal_connect (model, "notify::n-warnings", G_CALLBACK (army_fixture_log_notify), log);
  g_signal_connect (model, "notify::legal", G_CALLBACK (army_fixture_log_notify), log);

  /* Too few stands: one error about the unit. */
  army_fixture_push (document, muster_set_unit_size_command_new (document, iron_guard, 3));
  g_assert_cmpstr (log->str, ==, "(0,0,1)[legal][n-errors]");
  g_assert_false (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (document)));
  g_object_get (model, "legal", &legal, NULL);
  g_assert_false (legal);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 1);
  diagnostic = army_fixture_item (model, 0);
  g_assert_cmpint (muster_diagnostic_get_severity (diagnostic), ==, MUSTER_SEVERITY_ERROR);
  g_assert_cmpstr (muster_diagnostic_get_icon_name (diagnostic), ==, "dialog-error-symbolic");
  g_assert_cmpstr (muster_diagnostic_get_style_class (diagnostic), ==, "error");
  g_assert_cmpstr (muster_diagnostic_get_rule_id (diagnostic), ==, "size-four-stands");
  g_assert_cmpstr (muster_diagnostic_get_unit_id (diagnostic), ==, "u2");
  g_assert_cmpstr (muster_diagnostic_get_message (diagnostic), ==,
                   "Iron Guard (Infantry) needs at least 4 stands; it has 3.");
  g_assert_nonnull (strstr (muster_diagnostic_get_location (diagnostic), "Iron Guard"));
  assert_rows_match (document);
  muster_history_break_merge (history);   /* the next sizes are one more step */
  g_string_truncate (log, 0);

  /* Its numbers change: the row goes and comes back; the counts stay, so no notify. */
  army_fixture_push (document, muster_set_unit_size_command_new (document, iron_guard, 2));
  g_assert_cmpstr (log->str, ==, "(0,1,0)(0,0,1)");
  g_assert_cmpstr (muster_diagnostic_get_message (army_fixture_item (model, 0)), ==,
                   "Iron Guard (Infantry) needs at least 4 stands; it has 2.");
  g_string_truncate (log, 0);

  /* Fixed by an edit */
  army_fixture_push (document, muster_set_unit_size_command_new (document, iron_guard, 12));
  g_assert_cmpstr (log->str, ==, "(0,1,0)[legal][n-errors]");
  g_assert_true (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (document)));
  g_string_truncate (log, 0);

  /* An unrelated edit says nothing. */
  army_fixture_push (document, muster_rename_unit_command_new (document, iron_guard, "Iron Wall"));
  g_assert_cmpstr (log->str, ==, "");

  /* Undo walks the list back through the broken state, redo forward again. */
  muster_history_undo (history);
  muster_history_undo (history);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 1);
  assert_rows_match (document);
  g_string_truncate (log, 0);
  while (muster_history_undo (history))
    ;
  g_assert_cmpstr (log->str, ==, "(0,1,0)[legal][n-errors]");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  muster_history_redo (history);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
  assert_rows_match (document);
}

static void
test_several (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  GListModel *model = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));
  MusterDoc *doc = muster_document_get_doc (document);
  MusterForce *force = muster_document_get_force (document);
  g_autoptr(GString) log = g_string_new (NULL);

  g_signal_connect (model, "items-changed", G_CALLBACK (army_fixture_log_items_changed), log);

  /* A general of two models and a limit too low: errors sorted as the validator sorts. */
  army_fixture_push (document, muster_set_unit_size_command_new (document,
                                                    muster_doc_lookup_unit (doc, "u1"), 2));
  army_fixture_push (document, muster_set_points_limit_command_new (document, force, 500));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, 2);
  assert_rows_match (document);

  /* Opening a new list replaces every row at once. */
  g_string_truncate (log, 0);
  muster_document_start_list (document, muster_document_get_ruleset (document), "Empty", 1000);
  g_assert_cmpstr (log->str, ==, "(0,2,2)");
  assert_rows_match (document);
}

/* The roster marks the rows the findings are about, also after an edit of another unit. */
static void
test_roster_marks (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  g_autoptr(MusterRosterModel) roster = muster_roster_model_new (document,
                                                                 army_fixture_root (document));
  MusterRosterRow *iron_guard = army_fixture_item (G_LIST_MODEL (roster), 1);
  MusterRosterRow *anvil = army_fixture_item (G_LIST_MODEL (roster), 2);
  MusterUnit *unit = muster_roster_row_get_unit (iron_guard);
  g_auto(GStrv) classes = NULL;
  g_autoptr(GString) log = g_string_new (NULL);

  g_assert_null (muster_roster_row_get_issue_icon (iron_guard));
  g_signal_connect (iron_guard, "notify::issue-icon", G_CALLBACK (army_fixture_log_notify), log);
  g_signal_connect (iron_guard, "notify::issue-classes", G_CALLBACK (army_fixture_log_notify), log);
  army_fixture_push (document, muster_set_unit_size_command_new (document, unit, 3));
  g_assert_cmpstr (muster_roster_row_get_issue_icon (iron_guard), ==, "dialog-error-symbolic");
  g_object_get (iron_guard, "issue-classes", &classes, NULL);
  g_assert_true (g_strv_contains ((const char * const *) classes, "error"));
  /* The getter the roster's cells read says the same, without a copy */
  g_assert_true (g_strv_equal ((const char * const *) classes,
                               muster_roster_row_get_issue_classes (iron_guard)));
  g_assert_null (muster_roster_row_get_issue_icon (anvil));
  g_assert_null (muster_roster_row_get_issue_classes (anvil)[0]);
  g_assert_cmpstr (log->str, ==, "[issue-icon][issue-classes]");
  muster_history_undo (muster_document_get_history (document));
  g_assert_null (muster_roster_row_get_issue_icon (iron_guard));
  g_assert_null (muster_roster_row_get_issue_classes (iron_guard)[0]);
}

int
main (int   argc,
      char *argv[])
{
  army_fixture_init (&argc, &argv);

  g_test_add_func ("/diagnostics/loaded", test_loaded);
  g_test_add_func ("/diagnostics/break-and-unbreak", test_break_and_unbreak);
  g_test_add_func ("/diagnostics/several", test_several);
  g_test_add_func ("/diagnostics/roster-marks", test_roster_marks);

  return army_fixture_run ();
}
