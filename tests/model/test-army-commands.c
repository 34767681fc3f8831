/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "army-fixture.h"
#include "muster-army-commands.h"
#include "muster-battle-log.h"

/* Pushes @command (which applies it), then undo and redo: the bytes go back and forth
 * exactly, and the undo label is @label. */
static void
check_round_trip (MusterDocument *document,
                  MusterCommand  *command,
                  const char     *label)
{
  MusterHistory *history = muster_document_get_history (document);
  g_autoptr(GBytes) before = army_fixture_bytes (document);
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GBytes) redone = NULL;

  muster_history_push (history, command);
  g_object_unref (command);
  after = army_fixture_bytes (document);
  g_assert_false (g_bytes_equal (before, after));
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, label);

  g_assert_true (muster_history_undo (history));
  undone = army_fixture_bytes (document);
  g_assert_true (g_bytes_equal (before, undone));
  g_assert_cmpstr (muster_history_get_redo_label (history), ==, label);

  g_assert_true (muster_history_redo (history));
  redone = army_fixture_bytes (document);
  g_assert_true (g_bytes_equal (after, redone));
}

static MusterUnit *
unit (MusterDocument *document,
      const char     *id)
{
  MusterUnit *found = muster_doc_lookup_unit (muster_document_get_doc (document), id);

  g_assert_nonnull (found);
  return found;
}

static gint64
total (MusterDocument *document)
{
  return muster_force_get_total (muster_document_get_force (document));
}

static void
test_add_unit (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterNode *root = army_fixture_root (document);
  guint n = muster_node_get_n_units (root);
  gint64 before = total (document);
  MusterUnit *added;

  check_round_trip (document, muster_add_unit_command_new (document, root, n, "infantry"),
                    "Add Infantry");
  g_assert_cmpuint (muster_node_get_n_units (root), ==, n + 1);
  added = muster_node_get_unit (root, n);
  g_assert_cmpstr (muster_unit_get_type_id (added), ==, "infantry");
  /* The defaults are picked: Regular, no armour. */
  g_assert_cmpuint (muster_unit_get_option_count (added, "regular"), ==, 1);
  g_assert_cmpuint (muster_unit_get_option_count (added, "no-armour"), ==, 1);
  g_assert_cmpint (muster_unit_get_cost (added)->value, >, 0);
  g_assert_cmpint (total (document), ==, before + muster_unit_get_cost (added)->value);
  g_assert_true (muster_document_get_modified (document));

  muster_history_undo (muster_document_get_history (document));
  g_assert_cmpint (total (document), ==, before);
  g_assert_false (muster_document_get_modified (document));
}

static void
test_remove_unit (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterUnit *iron_guard = unit (document, "u2");
  gint64 cost = muster_unit_get_cost (iron_guard)->value;
  gint64 before = total (document);

  check_round_trip (document, muster_remove_unit_command_new (document, iron_guard),
                    "Remove Iron Guard");
  g_assert_null (muster_doc_lookup_unit (muster_document_get_doc (document), "u2"));
  g_assert_cmpint (total (document), ==, before - cost);
  muster_history_undo (muster_document_get_history (document));
  /* The very unit comes back, id and all. */
  g_assert_true (muster_doc_lookup_unit (muster_document_get_doc (document), "u2") == iron_guard);
}

static void
test_duplicate_unit (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterUnit *iron_guard = unit (document, "u2");
  MusterNode *root = army_fixture_root (document);
  gint64 before = total (document);
  MusterUnit *copy;

  check_round_trip (document, muster_duplicate_unit_command_new (document, iron_guard),
                    "Duplicate Iron Guard");
  copy = muster_node_get_unit (root, 2);
  g_assert_true (copy != iron_guard);
  g_assert_cmpstr (muster_unit_get_name (copy), ==, "Iron Guard");
  g_assert_cmpuint (muster_unit_get_size (copy), ==, 12);
  g_assert_cmpuint (muster_unit_get_option_count (copy, "veteran"), ==, 1);
  g_assert_cmpint (total (document), ==, before + muster_unit_get_cost (iron_guard)->value);
}

static void
test_move_unit (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterUnit *iron_guard = unit (document, "u2");
  MusterNode *root = army_fixture_root (document);
  gint64 before = total (document);

  check_round_trip (document, muster_move_unit_command_new (document, iron_guard, root, 3),
                    "Move Iron Guard");
  g_assert_true (muster_node_get_unit (root, 3) == iron_guard);
  g_assert_cmpint (total (document), ==, before);
}

static void
test_size (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterHistory *history = muster_document_get_history (document);
  MusterUnit *iron_guard = unit (document, "u2");
  gint64 cost = muster_unit_get_cost (iron_guard)->value;
  gint64 before = total (document);
  MusterCommand *command;

  check_round_trip (document, muster_set_unit_size_command_new (document, iron_guard, 10),
                    "Change Size of Iron Guard");
  g_assert_cmpuint (muster_unit_get_size (iron_guard), ==, 10);
  g_assert_cmpint (muster_unit_get_cost (iron_guard)->value, <, cost);
  g_assert_cmpint (total (document), ==, before - cost + muster_unit_get_cost (iron_guard)->value);

  /* Stepping the size on is one undo step (after an undo or redo, a new one). */
  for (guint size = 9; size >= 7; size--)
    {
      command = muster_set_unit_size_command_new (document, iron_guard, size);
      muster_history_push (history, command);
      g_object_unref (command);
    }
  g_assert_cmpuint (muster_history_get_position (history), ==, 2);
  muster_history_undo (history);
  g_assert_cmpuint (muster_unit_get_size (iron_guard), ==, 10);
  muster_history_undo (history);
  g_assert_cmpuint (muster_unit_get_size (iron_guard), ==, 12);
  g_assert_cmpint (total (document), ==, before);
}

static void
test_options (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterUnit *hearth_guard = unit (document, "u4");
  gint64 before = muster_unit_get_cost (hearth_guard)->value;

  /* Dropping a pick in the middle comes back at the same place. */
  check_round_trip (document, muster_set_option_command_new (document, hearth_guard, "shields", 0),
                    "Drop Shields from Hearth Guard");
  g_assert_cmpuint (muster_unit_get_option_count (hearth_guard, "shields"), ==, 0);
  g_assert_cmpint (muster_unit_get_cost (hearth_guard)->value, <=, before);
  muster_history_undo (muster_document_get_history (document));

  check_round_trip (document,
                    muster_choose_option_command_new (document, hearth_guard, "experience", "veteran"),
                    "Change Experience of Hearth Guard");
  g_assert_cmpuint (muster_unit_get_option_count (hearth_guard, "regular"), ==, 0);
  g_assert_cmpuint (muster_unit_get_option_count (hearth_guard, "veteran"), ==, 1);
  g_assert_cmpint (muster_unit_get_cost (hearth_guard)->value, >, before);

  check_round_trip (document,
                    muster_set_option_command_new (document, hearth_guard, "command-stand", 0),
                    "Drop Command Stand from Hearth Guard");
}

static void
test_strings (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterHistory *history = muster_document_get_history (document);
  MusterUnit *iron_guard = unit (document, "u2");
  MusterForce *force = muster_document_get_force (document);
  MusterCommand *command;

  check_round_trip (document, muster_rename_unit_command_new (document, iron_guard, "Iron Wall"),
                    "Rename Iron Guard");
  g_assert_cmpstr (muster_unit_get_name (iron_guard), ==, "Iron Wall");
  /* Typing on is one step. */
  command = muster_rename_unit_command_new (document, iron_guard, "Iron Wal");
  muster_history_push (history, command);
  g_object_unref (command);
  command = muster_rename_unit_command_new (document, iron_guard, "Iron Walls");
  muster_history_push (history, command);
  g_object_unref (command);
  g_assert_cmpuint (muster_history_get_position (history), ==, 2);

  check_round_trip (document, muster_set_unit_notes_command_new (document, iron_guard, "Front"),
                    "Edit Notes of Iron Walls");
  g_assert_cmpstr (muster_unit_get_notes (iron_guard), ==, "Front");

  check_round_trip (document, muster_set_force_name_command_new (document, force, "Iron Host"),
                    "Rename List");
  g_assert_cmpstr (muster_force_get_name (force), ==, "Iron Host");
  /* The list's title was the force's name: it follows. */
  g_assert_cmpstr (muster_doc_get_title (muster_document_get_doc (document)), ==, "Iron Host");

  check_round_trip (document, muster_set_points_limit_command_new (document, force, 1500),
                    "Change Points Limit");
  g_assert_cmpint (muster_force_get_points_limit (force), ==, 1500);
}

static void
test_nodes (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterNode *root = army_fixture_root (document);
  MusterUnit *iron_guard = unit (document, "u2");
  gint64 cost = muster_unit_get_cost (iron_guard)->value;
  gint64 before = total (document);
  MusterNode *wing;

  check_round_trip (document, muster_add_node_command_new (document, root, 0, "wing", "Left Wing"),
                    "Add Left Wing");
  wing = muster_node_get_node (root, 0);
  g_assert_cmpstr (muster_node_get_name (wing), ==, "Left Wing");

  check_round_trip (document, muster_move_unit_command_new (document, iron_guard, wing, 0),
                    "Move Iron Guard");
  g_assert_true (muster_unit_get_node (iron_guard) == wing);
  g_assert_cmpint (muster_node_get_total (wing), ==, cost);
  g_assert_cmpint (total (document), ==, before);

  check_round_trip (document, muster_remove_node_command_new (document, wing), "Remove Left Wing");
  g_assert_cmpint (total (document), ==, before - cost);
  muster_history_undo (muster_document_get_history (document));
  g_assert_cmpint (total (document), ==, before);
}

/* Groups move with everything in them, never into themselves, and rename with one undo step. */
static void
test_move_rename_node (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterNode *root = army_fixture_root (document);
  MusterHistory *history = muster_document_get_history (document);
  MusterUnit *iron_guard = unit (document, "u2");
  gint64 cost = muster_unit_get_cost (iron_guard)->value;
  gint64 before = total (document);
  MusterNode *left, *right;

  army_fixture_push (document, muster_add_node_command_new (document, root, 0, "wing", "Left Wing"));
  army_fixture_push (document, muster_add_node_command_new (document, root, 1, "wing", "Right Wing"));
  left = muster_node_get_node (root, 0);
  right = muster_node_get_node (root, 1);
  army_fixture_push (document, muster_move_unit_command_new (document, iron_guard, left, 0));

  /* Reorder among siblings: the index counts once the group left its place. */
  check_round_trip (document, muster_move_node_command_new (document, left, root, 1),
                    "Move Left Wing");
  g_assert_true (muster_node_get_node (root, 0) == right);
  g_assert_true (muster_node_get_node (root, 1) == left);
  muster_history_undo (history);
  g_assert_true (muster_node_get_node (root, 0) == left);

  /* Into another group, its unit and cost along. */
  check_round_trip (document, muster_move_node_command_new (document, left, right, 0),
                    "Move Left Wing");
  g_assert_cmpuint (muster_node_get_n_nodes (root), ==, 1);
  g_assert_true (muster_node_get_parent (left) == right);
  g_assert_true (muster_unit_get_node (iron_guard) == left);
  g_assert_cmpint (muster_node_get_total (right), ==, cost);
  g_assert_cmpint (total (document), ==, before);

  /* Never into itself or a group inside it. */
  g_assert_null (muster_move_node_command_new (document, right, left, 0));
  g_assert_null (muster_move_node_command_new (document, right, right, 0));

  check_round_trip (document, muster_rename_node_command_new (document, left, "Vanguard"),
                    "Rename Left Wing");
  g_assert_cmpstr (muster_node_get_name (left), ==, "Vanguard");
  /* An empty name names the group after its level (here the bare id: BVF has no wings). */
  army_fixture_push (document, muster_rename_node_command_new (document, left, ""));
  g_assert_cmpstr (muster_node_get_name (left), ==, "wing");
  muster_history_undo (history);
  g_assert_cmpstr (muster_node_get_name (left), ==, "Vanguard");
}

static void
test_new_list (void)
{
  g_autoptr(MusterRuleset) ruleset = muster_catalog_resolve (catalog, "battle-valor-fantasy", NULL);
  MusterDocument *document = muster_document_new_list (ruleset, "Skirmish", 500);
  MusterForce *force = muster_document_get_force (document);
  g_autofree char *title = muster_document_dup_title (document);

  g_assert_nonnull (force);
  g_assert_cmpstr (title, ==, "Skirmish");
  g_assert_cmpstr (muster_force_get_name (force), ==, "Skirmish");
  g_assert_cmpint (muster_force_get_points_limit (force), ==, 500);
  g_assert_cmpint (muster_force_get_total (force), ==, 0);
  g_assert_false (muster_document_get_modified (document));
  g_assert_false (muster_document_is_empty (document));
  g_assert_null (muster_document_get_file (document));

  check_round_trip (document,
                    muster_add_unit_command_new (document, muster_force_get_root (force), 0,
                                                 "infantry"),
                    "Add Infantry");
  g_assert_cmpint (muster_force_get_total (force), >, 0);
  g_assert_true (muster_document_get_modified (document));

  g_assert_finalize_object (document);
}

/* Two new lists roll different dice; the seed is saved with the list and read back. */
static void
test_new_list_seed (void)
{
  g_autoptr(MusterRuleset) ruleset = muster_catalog_resolve (catalog, "battle-valor-fantasy", NULL);
  g_autoptr(MusterDocument) one = muster_document_new_list (ruleset, "One", 500);
  g_autoptr(MusterDocument) two = muster_document_new_list (ruleset, "Two", 500);
  MusterDoc *doc = muster_document_get_doc (one);
  g_autoptr(GBytes) bytes = muster_doc_to_bytes (doc);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) again = muster_doc_new_from_bytes (bytes, "again.muster", &error);

  g_assert_cmpuint (muster_doc_get_seed (doc), !=,
                    muster_doc_get_seed (muster_document_get_doc (two)));
  g_assert_no_error (error);
  g_assert_cmpuint (muster_doc_get_seed (again), ==, muster_doc_get_seed (doc));
  g_assert_false (muster_document_get_modified (one));
}

int
main (int   argc,
      char *argv[])
{
  army_fixture_init (&argc, &argv);

  g_test_add_func ("/army-commands/add-unit", test_add_unit);
  g_test_add_func ("/army-commands/remove-unit", test_remove_unit);
  g_test_add_func ("/army-commands/duplicate-unit", test_duplicate_unit);
  g_test_add_func ("/army-commands/move-unit", test_move_unit);
  g_test_add_func ("/army-commands/size", test_size);
  g_test_add_func ("/army-commands/options", test_options);
  g_test_add_func ("/army-commands/strings", test_strings);
  g_test_add_func ("/army-commands/nodes", test_nodes);
  g_test_add_func ("/army-commands/move-rename-node", test_move_rename_node);
  g_test_add_func ("/army-commands/new-list", test_new_list);
  g_test_add_func ("/army-commands/new-list-seed", test_new_list_seed);

  return army_fixture_run ();
}
