/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "army-fixture.h"
#include "muster-autosave.h"
#include "muster-commands.h"
#include "muster-recovery.h"

/* A fresh recovery folder and a saved copy of the sample list for each test. */
typedef struct
{
  char           *tmp;
  GFile          *dir;
  GFile          *saved;
  MusterDocument *document;
  MusterAutosave *autosave;
  guint           written;
} Fixture;

static void
written_cb (MusterAutosave *autosave,
            Fixture        *f)
{
  f->written++;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *recovery = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *sample = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                              "battle-valor-fantasy-1000.muster", NULL);
  g_autofree char *contents = NULL;
  gsize length;

  f->tmp = g_dir_make_tmp ("muster-recovery-XXXXXX", &error);
  g_assert_no_error (error);
  recovery = g_build_filename (f->tmp, "recovery", NULL);
  f->dir = g_file_new_for_path (recovery);

  /* data: the saved copy's name, to try names that need escaping */
  saved = g_build_filename (f->tmp, data != NULL ? data : "list.muster", NULL);
  g_assert_true (g_file_get_contents (sample, &contents, &length, &error));
  g_assert_true (g_file_set_contents (saved, contents, length, &error));
  f->saved = g_file_new_for_path (saved);
  f->document = army_fixture_load (catalog, saved);

  f->autosave = muster_autosave_new (MUSTER_RECOVERABLE (f->document), f->dir);
  muster_autosave_set_delay (f->autosave, 20);
  g_signal_connect (f->autosave, "written", G_CALLBACK (written_cb), f);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* A write still running holds its autosave past our unref, and would call @data's handler
 * after the test has gone: let it end, then cut the handlers. */
static void
release_autosave (MusterAutosave *autosave,
                  gpointer        data)
{
  while (muster_autosave_is_writing (autosave))
    g_main_context_iteration (NULL, TRUE);
  g_signal_handlers_disconnect_by_data (autosave, data);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->autosave != NULL)
    release_autosave (f->autosave, f);
  g_clear_object (&f->autosave);
  g_clear_object (&f->document);
  g_clear_object (&f->saved);
  g_clear_object (&f->dir);
  remove_tree (f->tmp);
  g_free (f->tmp);
}

static void
spin_until_written (Fixture *f,
                    guint    count)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (f->written < count)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

/* Runs the main loop for @ms, so that anything planned in that time happens. */
static void
spin_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* Runs the main loop past any write planned now (@ms) and until a running one has ended: on
 * a loaded machine a write in its thread can outlast any fixed wait. */
static void
settle (Fixture *f,
        guint    ms)
{
  spin_for (ms);
  while (muster_autosave_is_writing (f->autosave))
    g_main_context_iteration (NULL, TRUE);
}

static guint
count_entries (GFile *dir)
{
  g_autoptr(GPtrArray) entries = muster_recovery_scan (dir);

  return entries->len;
}

static void
rename_list (Fixture    *f,
             const char *title)
{
  army_fixture_push (f->document, muster_set_title_command_new (f->document, title));
}

static void
saved_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  gboolean *done = user_data;

  g_assert_true (muster_document_save_finish (MUSTER_DOCUMENT (object), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static void
save_sync (MusterDocument *document,
           GFile          *file)
{
  gboolean done = FALSE;

  muster_document_save_async (document, file, NULL, saved_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_written_after_edit (Fixture       *f,
                         gconstpointer  data)
{
  GFile *file = muster_autosave_get_file (f->autosave);
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  MusterRecoveryEntry *entry;

  /* Loading is not an edit: nothing to recover. */
  settle (f, 60);
  g_assert_cmpuint (f->written, ==, 0);
  g_assert_false (g_file_query_exists (file, NULL));
  g_assert_true (g_file_has_parent (file, f->dir));

  rename_list (f, "Border Host");
  /* Debounced: not at once. */
  g_assert_false (g_file_query_exists (file, NULL));
  spin_until_written (f, 1);
  g_assert_true (g_file_query_exists (file, NULL));

  /* The copy is the document as it stands, with where it was saved. */
  g_assert_true (g_file_load_contents (file, NULL, &contents, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (contents, "<title>Border Host</title>"));
  g_assert_nonnull (strstr (contents, "<?muster-recovery origin=\""));

  entries = muster_recovery_scan (f->dir);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = entries->pdata[0];
  g_assert_cmpstr (muster_recovery_entry_get_title (entry), ==, "Border Host");
  g_assert_true (g_file_equal (muster_recovery_entry_get_file (entry), file));
  g_assert_true (g_file_equal (muster_recovery_entry_get_origin (entry), f->saved));
  /* The instruction is blanked out of the XML handed to the document. */
  g_assert_null (g_strstr_len (g_bytes_get_data (muster_recovery_entry_get_bytes (entry), NULL),
                               g_bytes_get_size (muster_recovery_entry_get_bytes (entry)),
                               "muster-recovery"));
}

static void
test_debounced (Fixture       *f,
                gconstpointer  data)
{
  /* A burst of edits is one write, of the last state. */
  rename_list (f, "One");
  rename_list (f, "Two");
  muster_history_break_merge (muster_document_get_history (f->document));
  rename_list (f, "Three");
  spin_until_written (f, 1);
  settle (f, 100);
  g_assert_cmpuint (f->written, ==, 1);

  {
    g_autoptr(GPtrArray) entries = muster_recovery_scan (f->dir);

    g_assert_cmpuint (entries->len, ==, 1);
    g_assert_cmpstr (muster_recovery_entry_get_title (entries->pdata[0]), ==, "Three");
  }

  /* The next edit writes again. */
  rename_list (f, "Four");
  spin_until_written (f, 2);
}

/* A window drawing its frames: a source of GTK's redraw priority, ready all the time, noting
 * whether a copy was started meanwhile */
typedef struct
{
  MusterAutosave *autosave;
  gboolean        started;
} Busy;

static gboolean
busy_cb (gpointer data)
{
  Busy *busy = data;

  busy->started = busy->started || muster_autosave_is_writing (busy->autosave);
  return G_SOURCE_CONTINUE;
}

/* The copy is made when the main loop has nothing else to do: not before a frame a window
 * has yet to draw (issue 21: it went into the frame of the edit before) */
static void
test_waits_for_frames (Fixture       *f,
                       gconstpointer  data)
{
  Busy busy = { f->autosave, FALSE };
  guint id = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 20, busy_cb, &busy, NULL);

  rename_list (f, "Border Host");
  spin_for (150);
  g_assert_false (busy.started);
  g_assert_cmpuint (f->written, ==, 0);
  g_source_remove (id);
  spin_until_written (f, 1);
}

static void
test_removed_after_save (Fixture       *f,
                         gconstpointer  data)
{
  GFile *file = muster_autosave_get_file (f->autosave);

  rename_list (f, "Saved Host");
  spin_until_written (f, 1);
  g_assert_true (g_file_query_exists (file, NULL));

  save_sync (f->document, f->saved);
  g_assert_false (g_file_query_exists (file, NULL));
  settle (f, 60);
  g_assert_false (g_file_query_exists (file, NULL));

  /* Undoing back to the saved state is clean too. */
  rename_list (f, "Another Host");
  spin_until_written (f, 2);
  g_assert_true (g_file_query_exists (file, NULL));
  muster_history_undo (muster_document_get_history (f->document));
  g_assert_false (muster_document_get_modified (f->document));
  g_assert_false (g_file_query_exists (file, NULL));

  /* A save landing while a write is planned: the write never happens. */
  rename_list (f, "Quick Host");
  save_sync (f->document, f->saved);
  settle (f, 60);
  g_assert_false (g_file_query_exists (file, NULL));
  g_assert_cmpuint (f->written, ==, 2);
}

/* An edit made while the save runs is not in the saved file: its recovery copy stays, and is
 * brought up to date, until a save that holds it. */
static void
test_kept_for_edit_during_save (Fixture       *f,
                                gconstpointer  data)
{
  GFile *file = muster_autosave_get_file (f->autosave);
  g_autofree char *contents = NULL;
  gboolean done = FALSE;

  rename_list (f, "Saved Host");
  spin_until_written (f, 1);

  muster_document_save_async (f->document, f->saved, NULL, saved_cb, &done);
  rename_list (f, "Host Renamed While Saving");
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (muster_document_get_modified (f->document));
  g_assert_true (g_file_query_exists (file, NULL));

  spin_until_written (f, 2);
  g_assert_true (g_file_load_contents (file, NULL, &contents, NULL, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<title>Host Renamed While Saving</title>"));

  save_sync (f->document, f->saved);
  g_assert_false (muster_document_get_modified (f->document));
  g_assert_false (g_file_query_exists (file, NULL));
}

static void
test_discarded_on_close (Fixture       *f,
                         gconstpointer  data)
{
  GFile *file = muster_autosave_get_file (f->autosave);

  rename_list (f, "Closed Host");
  spin_until_written (f, 1);
  muster_autosave_discard (f->autosave);
  g_assert_false (g_file_query_exists (file, NULL));
  g_assert_cmpuint (count_entries (f->dir), ==, 0);
}

static void
test_listed_after_crash (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(MusterDocument) restored = muster_document_new ();
  g_autoptr(GError) error = NULL;
  MusterRecoveryEntry *entry;
  g_autofree char *title = NULL;

  rename_list (f, "Crashed Host");
  spin_until_written (f, 1);

  /* A crash: the window and its autosave are gone without a clean close. */
  release_autosave (f->autosave, f);
  g_clear_object (&f->autosave);
  g_clear_object (&f->document);

  entries = muster_recovery_scan (f->dir);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = entries->pdata[0];
  g_assert_cmpstr (muster_recovery_entry_get_title (entry), ==, "Crashed Host");
  g_assert_nonnull (muster_recovery_entry_get_modified (entry));

  /* Restored: the edited list, modified, to be saved where it came from. */
  muster_document_set_catalog (restored, catalog);
  g_assert_true (muster_document_restore (restored, muster_recovery_entry_get_bytes (entry),
                                          "restored", muster_recovery_entry_get_origin (entry),
                                          &error));
  g_assert_no_error (error);
  title = muster_document_dup_title (restored);
  g_assert_cmpstr (title, ==, "Crashed Host");
  g_assert_true (muster_document_get_modified (restored));
  g_assert_true (g_file_equal (muster_document_get_file (restored), f->saved));
  g_assert_nonnull (muster_document_get_ruleset (restored));
  /* No undo leads back to the saved file's state. */
  g_assert_false (muster_history_get_can_undo (muster_document_get_history (restored)));

  g_assert_true (muster_recovery_entry_discard (entry, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_entries (f->dir), ==, 0);
}

static void
count_cb (MusterAutosave *autosave,
          guint          *count)
{
  (*count)++;
}

static void
test_restored_keeps_file (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(MusterDocument) restored = muster_document_new ();
  g_autoptr(MusterAutosave) autosave = NULL;
  MusterRecoveryEntry *entry;
  guint written = 0;

  rename_list (f, "Twice Crashed");
  spin_until_written (f, 1);
  release_autosave (f->autosave, f);
  g_clear_object (&f->autosave);

  entries = muster_recovery_scan (f->dir);
  entry = entries->pdata[0];

  /* The restoring window takes the file over: one copy on disk, never none. */
  autosave = muster_autosave_new (MUSTER_RECOVERABLE (restored), f->dir);
  muster_autosave_set_delay (autosave, 20);
  g_signal_connect (autosave, "written", G_CALLBACK (count_cb), &written);
  g_assert_true (muster_document_restore (restored, muster_recovery_entry_get_bytes (entry),
                                          "restored", NULL, NULL));
  muster_autosave_set_file (autosave, muster_recovery_entry_get_file (entry));
  g_assert_true (g_file_query_exists (muster_recovery_entry_get_file (entry), NULL));
  g_assert_true (g_file_equal (muster_autosave_get_file (autosave),
                               muster_recovery_entry_get_file (entry)));
  while (written == 0)
    g_main_context_iteration (NULL, TRUE);
  g_clear_pointer (&entries, g_ptr_array_unref);

  entries = muster_recovery_scan (f->dir);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_null (muster_recovery_entry_get_origin (entries->pdata[0]));
  g_assert_cmpstr (muster_recovery_entry_get_title (entries->pdata[0]), ==, "Twice Crashed");
  release_autosave (autosave, &written);
}

static void
test_malformed_ignored (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GFile) broken = g_file_get_child (f->dir, "0000-torn.muster");
  g_autoptr(GFile) aside = g_file_get_child (f->dir, "0000-torn.muster.broken");
  g_autoptr(GFile) other = g_file_get_child (f->dir, "notes.txt");
  static const char torn[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                             "<muster format=\"1\">\n"
                             "  <ruleset id=\"battle-valor-fantasy\"/>\n"
                             "  <title>Torn\n";

  rename_list (f, "Good Host");
  spin_until_written (f, 1);
  g_assert_true (g_file_replace_contents (broken, torn, sizeof torn - 1, NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, &error));
  g_assert_true (g_file_replace_contents (other, "x", 1, NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                          NULL, &error));

  /* The warning names the file and the line. */
  g_test_expect_message ("muster-recovery", G_LOG_LEVEL_WARNING,
                         "*0000-torn.muster*0000-torn.muster:5*");
  entries = muster_recovery_scan (f->dir);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_cmpstr (muster_recovery_entry_get_title (entries->pdata[0]), ==, "Good Host");

  /* Put aside, not deleted, and not offered (nor warned about) again. */
  g_assert_false (g_file_query_exists (broken, NULL));
  g_assert_true (g_file_query_exists (aside, NULL));
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = muster_recovery_scan (f->dir);
  g_assert_cmpuint (entries->len, ==, 1);
}

static guint
count_files (GFile *dir)
{
  g_autoptr(GFileEnumerator) children = g_file_enumerate_children (dir, "standard::name", 0, NULL,
                                                                   NULL);
  GFileInfo *info;
  guint n = 0;

  while ((info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
    {
      n++;
      g_object_unref (info);
    }
  return n;
}

static void
test_never_half_written (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GFile) file = muster_recovery_new_file (f->dir);
  g_autoptr(GBytes) first = army_fixture_bytes (f->document);
  g_autoptr(GBytes) second = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *contents = NULL;
  struct stat before, after;
  gsize length;

  g_assert_true (muster_recovery_write (file, first, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &before), ==, 0);
  /* Private: lists may be. */
  g_assert_cmpint (before.st_mode & 0777, ==, 0600);

  rename_list (f, "Second Copy");
  second = army_fixture_bytes (f->document);
  g_assert_true (muster_recovery_write (file, second, f->saved, &error));
  g_assert_cmpint (g_stat (path, &after), ==, 0);

  /* A new file renamed over the old one, never the old one rewritten in place: a crash at
   * any moment leaves one whole copy or the other. No temporary file is left behind. */
  g_assert_cmpuint (before.st_ino, !=, after.st_ino);
  g_assert_cmpuint (count_files (f->dir), ==, 1);
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  {
    g_autofree char *uri = g_file_get_uri (f->saved);
    g_autofree char *line = g_strdup_printf ("<?muster-recovery origin=\"%s\"?>\n", uri);

    g_assert_cmpuint (length, ==, g_bytes_get_size (second) + strlen (line));
    g_assert_nonnull (strstr (contents, line));
  }

  /* A write that cannot happen leaves the copy as it was. */
  {
    g_autofree char *blocked = g_build_filename (path, "inside.muster", NULL);
    g_autoptr(GFile) impossible = g_file_new_for_path (blocked);

    g_assert_false (muster_recovery_write (impossible, first, NULL, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_nonnull (strstr (contents, "<title>Second Copy</title>"));
}

static void
test_origin_escaped (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = NULL;

  rename_list (f, "Escaped");
  spin_until_written (f, 1);
  entries = muster_recovery_scan (f->dir);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_true (g_file_equal (muster_recovery_entry_get_origin (entries->pdata[0]), f->saved));
}

static void
test_new_list_without_origin (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("muster-recovery-XXXXXX", &error);
  g_autoptr(GFile) dir = g_file_new_for_path (tmp);
  g_autoptr(MusterRuleset) ruleset = muster_catalog_resolve (catalog, "battle-valor-fantasy",
                                                             NULL);
  g_autoptr(MusterDocument) document = muster_document_new_list (ruleset, "Fresh Host", 1000);
  g_autoptr(MusterAutosave) autosave = muster_autosave_new (MUSTER_RECOVERABLE (document), dir);
  g_autoptr(GPtrArray) entries = NULL;

  /* A new list is not modified until edited. */
  muster_autosave_write_now (autosave);
  g_assert_false (g_file_query_exists (muster_autosave_get_file (autosave), NULL));

  army_fixture_push (document, muster_set_title_command_new (document, "Fresh Host II"));
  muster_autosave_write_now (autosave);
  while (!g_file_query_exists (muster_autosave_get_file (autosave), NULL))
    g_main_context_iteration (NULL, TRUE);
  entries = muster_recovery_scan (dir);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_null (muster_recovery_entry_get_origin (entries->pdata[0]));
  g_assert_cmpstr (muster_recovery_entry_get_title (entries->pdata[0]), ==, "Fresh Host II");
  muster_autosave_discard (autosave);
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
}

static void
failed_cb (MusterAutosave *autosave,
           const GError   *error,
           GError        **out)
{
  g_assert_null (*out);
  *out = g_error_copy (error);
}

static void
test_write_failure_reported (Fixture       *f,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) reported = NULL;
  g_autofree char *blocked = g_build_filename (f->tmp, "not-a-folder", NULL);
  g_autoptr(GFile) dir = g_file_new_for_path (blocked);
  g_autoptr(MusterAutosave) autosave = NULL;

  /* The recovery "folder" is a file: every write fails, and says so. */
  g_assert_true (g_file_set_contents (blocked, "", 0, &error));
  autosave = muster_autosave_new (MUSTER_RECOVERABLE (f->document), dir);
  muster_autosave_set_delay (autosave, 20);
  g_signal_connect (autosave, "failed", G_CALLBACK (failed_cb), &reported);
  rename_list (f, "Nowhere to Go");
  while (reported == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (reported->message);
  g_assert_nonnull (strstr (reported->message, blocked));
  release_autosave (autosave, &reported);
}

static void
test_default_dir (void)
{
  g_autoptr(GFile) dir = muster_recovery_get_default_dir ();
  g_autofree char *expected = g_build_filename (g_getenv ("XDG_STATE_HOME"), "muster", "recovery",
                                                NULL);

  /* The tests set XDG_STATE_HOME: they never touch the developer's own recovery files. */
  g_assert_nonnull (g_getenv ("XDG_STATE_HOME"));
  g_assert_cmpstr (g_file_peek_path (dir), ==, expected);
}

int
main (int   argc,
      char *argv[])
{
  army_fixture_init (&argc, &argv);

#define ADD(path, func, data) \
  g_test_add ("/recovery/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)
  ADD ("written-after-edit", test_written_after_edit, NULL);
  ADD ("debounced", test_debounced, NULL);
  ADD ("waits-for-frames", test_waits_for_frames, NULL);
  ADD ("removed-after-save", test_removed_after_save, NULL);
  ADD ("kept-for-edit-during-save", test_kept_for_edit_during_save, NULL);
  ADD ("discarded-on-close", test_discarded_on_close, NULL);
  ADD ("listed-after-crash", test_listed_after_crash, NULL);
  ADD ("restored-keeps-file", test_restored_keeps_file, NULL);
  ADD ("malformed-ignored", test_malformed_ignored, NULL);
  ADD ("never-half-written", test_never_half_written, NULL);
  ADD ("write-failure-reported", test_write_failure_reported, NULL);
  ADD ("origin-escaped", test_origin_escaped, "Ann's & Bob's <list> \"1\".muster");
#undef ADD
  g_test_add_func ("/recovery/new-list-without-origin", test_new_list_without_origin);
  g_test_add_func ("/recovery/default-dir", test_default_dir);

  return army_fixture_run ();
}
