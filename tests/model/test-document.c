/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "muster-commands.h"
#include "muster-document.h"
#include "muster-engine.h"

typedef struct
{
  GMainLoop *loop;
  gboolean   ok;
  GError    *error;
} Result;

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Result *r = user_data;

  r->ok = muster_document_load_finish (MUSTER_DOCUMENT (object), result, &r->error);
  g_main_loop_quit (r->loop);
}

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Result *r = user_data;

  r->ok = muster_document_save_finish (MUSTER_DOCUMENT (object), result, &r->error);
  g_main_loop_quit (r->loop);
}

static gboolean
load_sync (MusterDocument  *document,
           GFile           *file,
           GError         **error)
{
  Result r = { g_main_loop_new (NULL, FALSE), FALSE, NULL };

  muster_document_load_async (document, file, NULL, load_cb, &r);
  g_main_loop_run (r.loop);
  g_main_loop_unref (r.loop);
  if (r.error)
    g_propagate_error (error, r.error);
  return r.ok;
}

static gboolean
save_sync (MusterDocument  *document,
           GFile           *file,
           GError         **error)
{
  Result r = { g_main_loop_new (NULL, FALSE), FALSE, NULL };

  muster_document_save_async (document, file, NULL, save_cb, &r);
  g_main_loop_run (r.loop);
  g_main_loop_unref (r.loop);
  if (r.error)
    g_propagate_error (error, r.error);
  return r.ok;
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
test_document_new_is_empty (void)
{
  MusterDocument *document = muster_document_new ();
  g_autofree char *title = muster_document_dup_title (document);

  g_assert_true (muster_document_is_empty (document));
  g_assert_false (muster_document_get_modified (document));
  g_assert_null (muster_document_get_file (document));
  g_assert_null (muster_document_get_doc (document));
  g_assert_cmpstr (title, ==, "Untitled");
  g_assert_finalize_object (document);
}

static void
test_document_load_save_reload (void)
{
  g_autofree char *fixture = g_build_filename (MUSTER_TEST_DATA, "unknown-element.muster", NULL);
  g_autoptr(GFile) source = g_file_new_for_path (fixture);
  g_autofree char *tmpdir = g_dir_make_tmp ("muster-test-XXXXXX", NULL);
  g_autofree char *target_path = g_build_filename (tmpdir, "copy.muster", NULL);
  g_autoptr(GFile) target = g_file_new_for_path (target_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  MusterDocument *document = muster_document_new ();
  MusterDocument *reloaded = muster_document_new ();
  guint file_notifies = 0;
  char *title;

  g_signal_connect (document, "notify::file", G_CALLBACK (count_notify_cb), &file_notifies);

  g_assert_true (load_sync (document, source, &error));
  g_assert_no_error (error);
  g_assert_false (muster_document_is_empty (document));
  g_assert_true (g_file_equal (muster_document_get_file (document), source));
  g_assert_cmpuint (file_notifies, ==, 1);
  title = muster_document_dup_title (document);
  g_assert_cmpstr (title, ==, "Border Patrol");
  g_free (title);

  g_assert_true (save_sync (document, target, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_equal (muster_document_get_file (document), target));
  g_assert_cmpuint (file_notifies, ==, 2);

  /* The saved file is complete and keeps what this version does not understand. */
  g_assert_true (g_file_get_contents (target_path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<nested>kept as it was</nested>"));

  g_assert_true (load_sync (reloaded, target, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (muster_doc_get_ruleset_id (muster_document_get_doc (reloaded)), ==,
                   "battle-valor-fantasy");

  g_assert_finalize_object (document);
  g_assert_finalize_object (reloaded);
  g_unlink (target_path);
  g_rmdir (tmpdir);
}

static void
test_document_load_error_keeps_state (void)
{
  g_autofree char *good = g_build_filename (MUSTER_TEST_DATA, "unknown-element.muster", NULL);
  g_autofree char *bad = g_build_filename (MUSTER_TEST_DATA, "malformed.muster", NULL);
  g_autoptr(GFile) good_file = g_file_new_for_path (good);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/muster/file.muster");
  g_autoptr(GError) error = NULL;
  MusterDocument *document = muster_document_new ();

  g_assert_true (load_sync (document, good_file, &error));

  g_assert_false (load_sync (document, bad_file, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
  g_assert_true (g_str_has_prefix (error->message, "malformed.muster:5: "));
  g_clear_error (&error);

  g_assert_false (load_sync (document, missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);

  /* A failed load leaves the open document as it was. */
  g_assert_true (g_file_equal (muster_document_get_file (document), good_file));
  g_assert_cmpstr (muster_doc_get_title (muster_document_get_doc (document)), ==, "Border Patrol");
  g_assert_finalize_object (document);
}

static void
test_document_save_empty_fails (void)
{
  g_autoptr(GFile) target = g_file_new_for_path ("/tmp/never-written.muster");
  g_autoptr(GError) error = NULL;
  MusterDocument *document = muster_document_new ();

  g_assert_false (save_sync (document, target, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_false (g_file_query_exists (target, NULL));
  g_assert_finalize_object (document);
}

static void
test_document_modified_follows_history (void)
{
  g_autofree char *fixture = g_build_filename (MUSTER_TEST_DATA, "unknown-element.muster", NULL);
  g_autoptr(GFile) source = g_file_new_for_path (fixture);
  g_autofree char *tmpdir = g_dir_make_tmp ("muster-test-XXXXXX", NULL);
  g_autofree char *target_path = g_build_filename (tmpdir, "renamed.muster", NULL);
  g_autoptr(GFile) target = g_file_new_for_path (target_path);
  g_autoptr(GError) error = NULL;
  MusterDocument *document = muster_document_new ();
  MusterHistory *history = muster_document_get_history (document);
  guint modified_notifies = 0, title_notifies = 0;
  char *title;

  g_assert_true (load_sync (document, source, &error));
  g_signal_connect (document, "notify::modified", G_CALLBACK (count_notify_cb), &modified_notifies);
  g_signal_connect (document, "notify::title", G_CALLBACK (count_notify_cb), &title_notifies);

  {
    g_autoptr(MusterCommand) a = muster_set_title_command_new (document, "Border");
    g_autoptr(MusterCommand) b = muster_set_title_command_new (document, "Border Raid");

    muster_history_push (history, a);
    muster_history_push (history, b);
  }
  g_assert_true (muster_document_get_modified (document));
  g_assert_cmpuint (modified_notifies, ==, 1);
  g_assert_cmpuint (title_notifies, ==, 2);
  title = muster_document_dup_title (document);
  g_assert_cmpstr (title, ==, "Border Raid");
  g_free (title);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Rename");

  g_assert_true (save_sync (document, target, &error));
  g_assert_false (muster_document_get_modified (document));

  /* One undo reverts both keystrokes, and leaves the saved state. */
  g_assert_true (muster_history_undo (history));
  title = muster_document_dup_title (document);
  g_assert_cmpstr (title, ==, "Border Patrol");
  g_free (title);
  g_assert_true (muster_document_get_modified (document));
  g_assert_true (muster_history_redo (history));
  g_assert_false (muster_document_get_modified (document));

  /* Loading another file starts a fresh history. */
  g_assert_true (load_sync (document, source, &error));
  g_assert_false (muster_history_get_can_undo (history));
  g_assert_false (muster_document_get_modified (document));

  g_assert_finalize_object (document);
  g_unlink (target_path);
  g_rmdir (tmpdir);
}

/* Edits made while a save runs are not in the file: they stay unsaved, and undoing them
 * leads back to the saved state. */
static void
test_document_edit_during_save (void)
{
  g_autofree char *fixture = g_build_filename (MUSTER_TEST_DATA, "unknown-element.muster", NULL);
  g_autoptr(GFile) source = g_file_new_for_path (fixture);
  g_autofree char *tmpdir = g_dir_make_tmp ("muster-test-XXXXXX", NULL);
  g_autofree char *target_path = g_build_filename (tmpdir, "saving.muster", NULL);
  g_autoptr(GFile) target = g_file_new_for_path (target_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  MusterDocument *document = muster_document_new ();
  MusterHistory *history = muster_document_get_history (document);
  Result r = { g_main_loop_new (NULL, FALSE), FALSE, NULL };

  g_assert_true (load_sync (document, source, &error));
  {
    g_autoptr(MusterCommand) a = muster_set_title_command_new (document, "Written");
    g_autoptr(MusterCommand) b = muster_set_title_command_new (document, "Typed meanwhile");

    muster_history_push (history, a);
    muster_document_save_async (document, target, NULL, save_cb, &r);
    /* The save has started but not ended when the user types on. */
    muster_history_push (history, b);
  }
  g_main_loop_run (r.loop);
  g_main_loop_unref (r.loop);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);

  g_assert_true (g_file_get_contents (target_path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<title>Written</title>"));
  g_assert_null (strstr (contents, "Typed meanwhile"));
  g_assert_true (muster_document_get_modified (document));
  g_assert_true (g_file_equal (muster_document_get_file (document), target));

  /* The second title was its own step, and undoing it is back at what the file holds. */
  g_assert_true (muster_history_undo (history));
  g_assert_false (muster_document_get_modified (document));
  g_assert_true (muster_history_redo (history));
  g_assert_true (muster_document_get_modified (document));

  /* The commands hold the document. */
  muster_history_clear (history);
  g_assert_finalize_object (document);
  g_unlink (target_path);
  g_rmdir (tmpdir);
}

/* A save whose document was replaced before it ended (another list opened) wrote the old one:
 * it marks nothing saved and does not become the new document's file. */
static void
test_document_replaced_during_save (void)
{
  g_autofree char *fixture = g_build_filename (MUSTER_TEST_DATA, "unknown-element.muster", NULL);
  g_autoptr(GFile) source = g_file_new_for_path (fixture);
  g_autofree char *tmpdir = g_dir_make_tmp ("muster-test-XXXXXX", NULL);
  g_autofree char *target_path = g_build_filename (tmpdir, "saving.muster", NULL);
  g_autoptr(GFile) target = g_file_new_for_path (target_path);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MusterDocument *document = muster_document_new ();
  Result r = { g_main_loop_new (NULL, FALSE), FALSE, NULL };

  g_assert_true (load_sync (document, source, &error));
  bytes = g_file_load_bytes (source, NULL, NULL, &error);
  g_assert_no_error (error);
  muster_document_save_async (document, target, NULL, save_cb, &r);
  /* Replaced while the file is written: a restored copy that was never saved. */
  g_assert_true (muster_document_restore (document, bytes, "restored", NULL, &error));
  g_main_loop_run (r.loop);
  g_main_loop_unref (r.loop);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);

  g_assert_true (g_file_query_exists (target, NULL));
  g_assert_null (muster_document_get_file (document));
  g_assert_true (muster_document_get_modified (document));

  muster_history_clear (muster_document_get_history (document));
  g_assert_finalize_object (document);
  g_unlink (target_path);
  g_rmdir (tmpdir);
}

/* A save goes through muster_file_replace(): through a symlink to the file it names, the mode
 * kept, and a temporary file a killed save left behind cleaned up. */
static void
test_document_save_atomic (void)
{
  g_autofree char *fixture = g_build_filename (MUSTER_TEST_DATA, "unknown-element.muster", NULL);
  g_autoptr(GFile) source = g_file_new_for_path (fixture);
  g_autofree char *tmpdir = g_dir_make_tmp ("muster-test-XXXXXX", NULL);
  g_autofree char *real = g_build_filename (tmpdir, "real.muster", NULL);
  g_autofree char *link_path = g_build_filename (tmpdir, "link.muster", NULL);
  g_autofree char *stale = g_build_filename (tmpdir, ".real.muster.muster-save-Zq81xP", NULL);
  g_autoptr(GFile) link = g_file_new_for_path (link_path);
  g_autoptr(GError) error = NULL;
  MusterDocument *document = muster_document_new ();
  GStatBuf st;

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (g_chmod (real, 0600), ==, 0);
  g_assert_cmpint (symlink ("real.muster", link_path), ==, 0);
  g_assert_true (g_file_set_contents (stale, "half a list", -1, NULL));

  g_assert_true (load_sync (document, source, &error));
  g_assert_true (save_sync (document, link, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link_path, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpint (st.st_size, >, 100);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));

  g_assert_finalize_object (document);
  g_unlink (link_path);
  g_unlink (real);
  g_rmdir (tmpdir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/document/new", test_document_new_is_empty);
  g_test_add_func ("/model/document/load-save-reload", test_document_load_save_reload);
  g_test_add_func ("/model/document/load-error", test_document_load_error_keeps_state);
  g_test_add_func ("/model/document/save-empty", test_document_save_empty_fails);
  g_test_add_func ("/model/document/modified", test_document_modified_follows_history);
  g_test_add_func ("/model/document/edit-during-save", test_document_edit_during_save);
  g_test_add_func ("/model/document/replaced-during-save", test_document_replaced_during_save);
  g_test_add_func ("/model/document/save-atomic", test_document_save_atomic);

  return g_test_run ();
}
