/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "army-fixture.h"
#include "muster-army-commands.h"
#include "muster-roster-model.h"

static void
test_rows (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  g_autoptr(MusterRosterModel) roster = muster_roster_model_new (document,
                                                                 army_fixture_root (document));
  GListModel *model = G_LIST_MODEL (roster);
  MusterRosterRow *iron_guard;

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 19);
  g_assert_true (g_list_model_get_item_type (model) == MUSTER_TYPE_ROSTER_ROW);
  iron_guard = army_fixture_item (model, 1);
  g_assert_false (muster_roster_row_is_node (iron_guard));
  g_assert_cmpstr (muster_roster_row_get_name (iron_guard), ==, "Iron Guard");
  g_assert_cmpstr (muster_roster_row_get_type_name (iron_guard), ==, "Infantry");
  g_assert_cmpuint (muster_roster_row_get_size (iron_guard), ==, 12);
  g_assert_cmpint (muster_roster_row_get_cost (iron_guard), ==,
                   muster_unit_get_cost (muster_roster_row_get_unit (iron_guard))->value);
  g_assert_nonnull (strstr (muster_roster_row_get_stats (iron_guard), "MR "));
  g_assert_null (muster_roster_row_get_children (iron_guard));
}

static void
test_structure_changes (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterNode *root = army_fixture_root (document);
  g_autoptr(MusterRosterModel) roster = muster_roster_model_new (document, root);
  GListModel *model = G_LIST_MODEL (roster);
  MusterHistory *history = muster_document_get_history (document);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GString) child_log = g_string_new (NULL);
  MusterUnit *iron_guard = muster_doc_lookup_unit (muster_document_get_doc (document), "u2");
  MusterRosterRow *wing_row;
  GListModel *wing_rows;

  g_signal_connect (model, "items-changed", G_CALLBACK (army_fixture_log_items_changed), log);

  army_fixture_push (document, muster_add_unit_command_new (document, root, 2, "cavalry"));
  g_assert_cmpstr (log->str, ==, "(2,0,1)");
  g_assert_cmpstr (muster_roster_row_get_name (army_fixture_item (model, 2)), ==, "Cavalry");
  muster_history_undo (history);
  g_assert_cmpstr (log->str, ==, "(2,0,1)(2,1,0)");
  g_string_truncate (log, 0);

  army_fixture_push (document, muster_move_unit_command_new (document, iron_guard, root, 3));
  g_assert_cmpstr (log->str, ==, "(1,1,0)(3,0,1)");
  g_assert_true (muster_roster_row_get_unit (army_fixture_item (model, 3)) == iron_guard);
  muster_history_undo (history);
  g_string_truncate (log, 0);

  /* Nodes come after the units. */
  army_fixture_push (document, muster_add_node_command_new (document, root, 0, "wing", "Left Wing"));
  g_assert_cmpstr (log->str, ==, "(19,0,1)");
  wing_row = army_fixture_item (model, 19);
  g_assert_true (muster_roster_row_is_node (wing_row));
  g_assert_cmpint (muster_roster_row_get_cost (wing_row), ==, 0);
  wing_rows = muster_roster_row_get_children (wing_row);
  g_assert_cmpuint (g_list_model_get_n_items (wing_rows), ==, 0);
  g_signal_connect (wing_rows, "items-changed", G_CALLBACK (army_fixture_log_items_changed), child_log);
  g_signal_connect (wing_row, "notify", G_CALLBACK (army_fixture_log_notify), child_log);
  g_string_truncate (log, 0);

  /* Into the wing: a row leaves the root, one comes in the wing, whose total follows. */
  army_fixture_push (document, muster_move_unit_command_new (document, iron_guard,
                                                muster_node_get_node (root, 0), 0));
  g_assert_cmpstr (log->str, ==, "(1,1,0)");
  g_assert_cmpstr (child_log->str, ==, "[cost][cost-text][cost-is-house](0,0,1)");
  g_assert_cmpint (muster_roster_row_get_cost (wing_row), ==,
                   muster_unit_get_cost (iron_guard)->value);
  g_string_truncate (child_log, 0);

  /* An edit of a unit inside the wing updates the wing's row, not the root's rows. */
  army_fixture_push (document, muster_set_unit_size_command_new (document, iron_guard, 6));
  g_assert_cmpstr (child_log->str, ==, "[cost][cost-text]");
  g_assert_cmpstr (log->str, ==, "(1,1,0)");
}

/* A group renamed changes its row's name in place; a group moved is one row out, one in. */
static void
test_group_changes (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterNode *root = army_fixture_root (document);
  g_autoptr(MusterRosterModel) roster = muster_roster_model_new (document, root);
  GListModel *model = G_LIST_MODEL (roster);
  MusterHistory *history = muster_document_get_history (document);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GString) right_log = g_string_new (NULL);
  MusterRosterRow *left_row, *right_row;
  GListModel *right_rows;

  army_fixture_push (document, muster_add_node_command_new (document, root, 0, "wing", "Left Wing"));
  army_fixture_push (document, muster_add_node_command_new (document, root, 1, "wing", "Right Wing"));
  left_row = army_fixture_item (model, 19);
  right_row = army_fixture_item (model, 20);
  right_rows = muster_roster_row_get_children (right_row);
  g_signal_connect (model, "items-changed", G_CALLBACK (army_fixture_log_items_changed), log);
  g_signal_connect (left_row, "notify", G_CALLBACK (army_fixture_log_notify), log);
  g_signal_connect (right_rows, "items-changed", G_CALLBACK (army_fixture_log_items_changed),
                    right_log);

  army_fixture_push (document, muster_rename_node_command_new (document,
                                                               muster_node_get_node (root, 0),
                                                               "Vanguard"));
  g_assert_cmpstr (log->str, ==, "[name]");
  g_assert_cmpstr (muster_roster_row_get_name (left_row), ==, "Vanguard");
  muster_history_undo (history);
  g_assert_cmpstr (muster_roster_row_get_name (left_row), ==, "Left Wing");
  g_string_truncate (log, 0);

  army_fixture_push (document, muster_move_node_command_new (document,
                                                             muster_node_get_node (root, 0),
                                                             muster_node_get_node (root, 1), 0));
  g_assert_cmpstr (log->str, ==, "(19,1,0)");
  g_assert_cmpstr (right_log->str, ==, "(0,0,1)");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 20);
  g_assert_cmpstr (muster_roster_row_get_name (army_fixture_item (right_rows, 0)), ==, "Left Wing");
  muster_history_undo (history);
  g_assert_cmpstr (log->str, ==, "(19,1,0)(19,0,1)");
  g_assert_cmpuint (g_list_model_get_n_items (right_rows), ==, 0);
}

static void
test_value_changes (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  g_autoptr(MusterRosterModel) roster = muster_roster_model_new (document,
                                                                 army_fixture_root (document));
  GListModel *model = G_LIST_MODEL (roster);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GString) other = g_string_new (NULL);
  MusterRosterRow *iron_guard = army_fixture_item (model, 1);
  MusterUnit *unit = muster_roster_row_get_unit (iron_guard);

  g_signal_connect (model, "items-changed", G_CALLBACK (army_fixture_log_items_changed), log);
  g_signal_connect (iron_guard, "notify", G_CALLBACK (army_fixture_log_notify), log);
  g_signal_connect (army_fixture_item (model, 2), "notify", G_CALLBACK (army_fixture_log_notify), other);

  army_fixture_push (document, muster_set_unit_size_command_new (document, unit, 10));
  g_assert_cmpstr (log->str, ==, "[size][size-text][cost][cost-text]");
  g_assert_cmpuint (muster_roster_row_get_size (iron_guard), ==, 10);
  g_string_truncate (log, 0);

  army_fixture_push (document, muster_rename_unit_command_new (document, unit, "Iron Wall"));
  g_assert_cmpstr (log->str, ==, "[name]");
  g_assert_cmpstr (muster_roster_row_get_name (iron_guard), ==, "Iron Wall");
  g_string_truncate (log, 0);

  army_fixture_push (document, muster_choose_option_command_new (document, unit, "armour", "light-armour"));
  g_assert_nonnull (strstr (log->str, "[cost]"));
  g_assert_nonnull (strstr (log->str, "[stats]"));
  g_assert_cmpstr (other->str, ==, "");
}

/* A list replaced (opened, started afresh) frees the units the old rows point at: the old
 * model must not read them when the new list's findings come, before its view drops it. */
static void
test_replaced_list (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  g_autoptr(MusterRosterModel) roster = muster_roster_model_new (document,
                                                                 army_fixture_root (document));
  MusterRosterRow *iron_guard = army_fixture_item (G_LIST_MODEL (roster), 1);
  g_autoptr(GString) log = g_string_new (NULL);

  army_fixture_push (document,
                     muster_set_unit_size_command_new (document,
                                                       muster_roster_row_get_unit (iron_guard), 3));
  g_assert_cmpstr (muster_roster_row_get_issue_icon (iron_guard), ==, "dialog-error-symbolic");
  g_signal_connect (roster, "items-changed", G_CALLBACK (army_fixture_log_items_changed), log);
  g_signal_connect (iron_guard, "notify", G_CALLBACK (army_fixture_log_notify), log);

  muster_document_start_list (document, muster_document_get_ruleset (document), "Empty", 1000);
  g_assert_cmpstr (log->str, ==, "");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (roster)), ==, 19);
  g_assert_cmpstr (muster_roster_row_get_issue_icon (iron_guard), ==, "dialog-error-symbolic");
}

int
main (int   argc,
      char *argv[])
{
  army_fixture_init (&argc, &argv);

  g_test_add_func ("/roster-model/rows", test_rows);
  g_test_add_func ("/roster-model/structure-changes", test_structure_changes);
  g_test_add_func ("/roster-model/value-changes", test_value_changes);
  g_test_add_func ("/roster-model/group-changes", test_group_changes);
  g_test_add_func ("/roster-model/replaced-list", test_replaced_list);

  return army_fixture_run ();
}
