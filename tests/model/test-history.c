/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-history.h"

/* A command that sets one slot of an int array; consecutive sets of one slot merge. */
#define TEST_TYPE_SET_COMMAND (test_set_command_get_type ())
G_DECLARE_FINAL_TYPE (TestSetCommand, test_set_command, TEST, SET_COMMAND, MusterCommand)

struct _TestSetCommand
{
  MusterCommand  parent_instance;
  int           *slots;
  guint          index;
  int            old_value;
  int            new_value;
};

G_DEFINE_FINAL_TYPE (TestSetCommand, test_set_command, MUSTER_TYPE_COMMAND)

static void
test_set_command_apply (MusterCommand *command)
{
  TestSetCommand *self = TEST_SET_COMMAND (command);

  self->old_value = self->slots[self->index];
  self->slots[self->index] = self->new_value;
}

static void
test_set_command_revert (MusterCommand *command)
{
  TestSetCommand *self = TEST_SET_COMMAND (command);

  self->slots[self->index] = self->old_value;
}

static gboolean
test_set_command_merge (MusterCommand *command,
                        MusterCommand *next_command)
{
  TestSetCommand *self = TEST_SET_COMMAND (command);
  TestSetCommand *next = TEST_SET_COMMAND (next_command);

  if (self->index != next->index)
    return FALSE;
  /* Keep our old value: one undo returns to before both edits. */
  self->new_value = next->new_value;
  return TRUE;
}

static void
test_set_command_class_init (TestSetCommandClass *klass)
{
  MusterCommandClass *command_class = MUSTER_COMMAND_CLASS (klass);

  command_class->apply = test_set_command_apply;
  command_class->revert = test_set_command_revert;
  command_class->merge = test_set_command_merge;
}

static void
test_set_command_init (TestSetCommand *self)
{
}

static MusterCommand *
set_command_new (int        *slots,
                 guint       index,
                 int         value,
                 const char *label)
{
  TestSetCommand *self = g_object_new (TEST_TYPE_SET_COMMAND, "label", label, NULL);

  self->slots = slots;
  self->index = index;
  self->new_value = value;
  return MUSTER_COMMAND (self);
}

static void
push (MusterHistory *history,
      int           *slots,
      guint          index,
      int            value,
      const char    *label)
{
  g_autoptr(MusterCommand) command = set_command_new (slots, index, value, label);
  muster_history_push (history, command);
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  GString    *log)
{
  g_string_append_printf (log, "%u-%u+%u ", position, removed, added);
}

static void
test_history_undo_redo (void)
{
  MusterHistory *history = muster_history_new ();
  int slots[3] = { 0, 0, 0 };
  guint can_undo_notifies = 0, label_notifies = 0;

  g_signal_connect (history, "notify::can-undo", G_CALLBACK (count_cb), &can_undo_notifies);
  g_signal_connect (history, "notify::undo-label", G_CALLBACK (count_cb), &label_notifies);

  g_assert_false (muster_history_get_can_undo (history));
  g_assert_false (muster_history_undo (history));
  g_assert_null (muster_history_get_undo_label (history));

  push (history, slots, 0, 5, "Add Legionaries");
  push (history, slots, 1, 7, "Add Archers");
  g_assert_cmpint (slots[0], ==, 5);
  g_assert_cmpint (slots[1], ==, 7);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Add Archers");
  g_assert_cmpuint (can_undo_notifies, ==, 1);
  g_assert_cmpuint (label_notifies, ==, 2);

  g_assert_true (muster_history_undo (history));
  g_assert_cmpint (slots[1], ==, 0);
  g_assert_cmpint (slots[0], ==, 5);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Add Legionaries");
  g_assert_cmpstr (muster_history_get_redo_label (history), ==, "Add Archers");
  g_assert_true (muster_history_get_can_redo (history));

  g_assert_true (muster_history_undo (history));
  g_assert_cmpint (slots[0], ==, 0);
  g_assert_false (muster_history_get_can_undo (history));
  g_assert_cmpuint (can_undo_notifies, ==, 2);

  g_assert_true (muster_history_redo (history));
  g_assert_true (muster_history_redo (history));
  g_assert_false (muster_history_redo (history));
  g_assert_cmpint (slots[0], ==, 5);
  g_assert_cmpint (slots[1], ==, 7);
  g_assert_cmpuint (muster_history_get_position (history), ==, 2);

  g_assert_finalize_object (history);
}

static void
test_history_push_drops_redo_tail (void)
{
  MusterHistory *history = muster_history_new ();
  g_autoptr(GString) log = g_string_new (NULL);
  int slots[3] = { 0, 0, 0 };

  g_signal_connect (history, "items-changed", G_CALLBACK (items_changed_cb), log);
  push (history, slots, 0, 1, "a");
  push (history, slots, 1, 2, "b");
  push (history, slots, 2, 3, "c");
  muster_history_undo (history);
  muster_history_undo (history);
  push (history, slots, 2, 9, "d");

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (history)), ==, 2);
  g_assert_false (muster_history_get_can_redo (history));
  g_assert_cmpstr (log->str, ==, "0-0+1 1-0+1 2-0+1 1-2+0 1-0+1 ");
  g_assert_cmpint (slots[1], ==, 0);
  g_assert_cmpint (slots[2], ==, 9);

  g_assert_finalize_object (history);
}

static void
test_history_merge (void)
{
  MusterHistory *history = muster_history_new ();
  int slots[2] = { 0, 0 };

  /* Typing into one field: three edits, one undo step. */
  push (history, slots, 0, 1, "Rename");
  push (history, slots, 0, 2, "Rename");
  push (history, slots, 0, 3, "Rename");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (history)), ==, 1);
  muster_history_undo (history);
  g_assert_cmpint (slots[0], ==, 0);

  /* After an undo/redo, or an explicit break, edits do not merge. */
  muster_history_redo (history);
  push (history, slots, 0, 4, "Rename");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (history)), ==, 2);
  muster_history_break_merge (history);
  push (history, slots, 0, 5, "Rename");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (history)), ==, 3);
  /* A different slot never merges. */
  push (history, slots, 1, 6, "Other");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (history)), ==, 4);

  g_assert_finalize_object (history);
}

static void
test_history_clean (void)
{
  MusterHistory *history = muster_history_new ();
  int slots[2] = { 0, 0 };
  guint clean_notifies = 0;

  g_signal_connect (history, "notify::is-clean", G_CALLBACK (count_cb), &clean_notifies);
  g_assert_true (muster_history_get_is_clean (history));

  push (history, slots, 0, 1, "a");
  g_assert_false (muster_history_get_is_clean (history));
  muster_history_mark_clean (history);            /* saved after "a" */
  g_assert_true (muster_history_get_is_clean (history));

  push (history, slots, 1, 2, "b");
  g_assert_false (muster_history_get_is_clean (history));
  muster_history_undo (history);                  /* back to the saved state */
  g_assert_true (muster_history_get_is_clean (history));
  muster_history_undo (history);
  g_assert_false (muster_history_get_is_clean (history));
  g_assert_cmpuint (clean_notifies, ==, 5);

  /* Branching away below the saved state makes it unreachable. */
  push (history, slots, 1, 3, "c");
  muster_history_undo (history);
  g_assert_false (muster_history_get_is_clean (history));
  muster_history_redo (history);
  g_assert_false (muster_history_get_is_clean (history));

  /* Undo and redo back onto the saved step: clean again. */
  muster_history_mark_clean (history);
  muster_history_undo (history);
  muster_history_redo (history);
  g_assert_true (muster_history_get_is_clean (history));

  muster_history_clear (history);
  g_assert_true (muster_history_get_is_clean (history));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (history)), ==, 0);

  g_assert_finalize_object (history);
}

static void
test_history_merge_into_clean_step (void)
{
  MusterHistory *history = muster_history_new ();
  int slots[1] = { 0 };

  push (history, slots, 0, 1, "Rename");
  muster_history_mark_clean (history);
  /* mark_clean breaks merging, so this is a new step; the saved one stays reachable. */
  push (history, slots, 0, 2, "Rename");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (history)), ==, 2);
  muster_history_undo (history);
  g_assert_true (muster_history_get_is_clean (history));
  g_assert_cmpint (slots[0], ==, 1);

  g_assert_finalize_object (history);
}

/* A save marks saved the revision it wrote, not the state the history is in when it ends. */
static void
test_history_revisions (void)
{
  MusterHistory *history = muster_history_new ();
  int slots[1] = { 0 };
  guint64 empty = muster_history_get_revision (history);
  guint64 written;

  push (history, slots, 0, 1, "Rename");
  written = muster_history_get_revision (history);
  g_assert_cmpuint (written, !=, empty);

  /* An edit while the save runs, merged into the written step: that state is gone. */
  push (history, slots, 0, 2, "Rename");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (history)), ==, 1);
  g_assert_cmpuint (muster_history_get_revision (history), !=, written);
  muster_history_mark_saved (history, written);
  g_assert_false (muster_history_get_is_clean (history));
  muster_history_undo (history);
  g_assert_false (muster_history_get_is_clean (history));
  muster_history_redo (history);

  /* Written, then a new step: undoing it is clean, and typing on does not merge into it. */
  written = muster_history_get_revision (history);
  push (history, slots, 0, 3, "Move");
  muster_history_mark_saved (history, written);
  g_assert_false (muster_history_get_is_clean (history));
  muster_history_undo (history);
  g_assert_true (muster_history_get_is_clean (history));
  g_assert_cmpint (slots[0], ==, 2);

  /* A branch below the written state drops it; the same position is another revision. */
  written = muster_history_get_revision (history);
  muster_history_undo (history);
  push (history, slots, 0, 5, "Other");
  g_assert_cmpuint (muster_history_get_position (history), ==, 1);
  g_assert_cmpuint (muster_history_get_revision (history), !=, written);
  muster_history_mark_saved (history, written);
  g_assert_false (muster_history_get_is_clean (history));

  /* Cleared: even the empty state is a revision of its own. */
  muster_history_clear (history);
  g_assert_cmpuint (muster_history_get_revision (history), !=, empty);
  muster_history_mark_saved (history, empty);
  g_assert_false (muster_history_get_is_clean (history));
  muster_history_mark_saved (history, muster_history_get_revision (history));
  g_assert_true (muster_history_get_is_clean (history));

  g_assert_finalize_object (history);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/history/undo-redo", test_history_undo_redo);
  g_test_add_func ("/model/history/redo-tail", test_history_push_drops_redo_tail);
  g_test_add_func ("/model/history/merge", test_history_merge);
  g_test_add_func ("/model/history/clean", test_history_clean);
  g_test_add_func ("/model/history/merge-clean", test_history_merge_into_clean_step);
  g_test_add_func ("/model/history/revisions", test_history_revisions);

  return g_test_run ();
}
