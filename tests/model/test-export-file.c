/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "muster-export.h"

/*
 * Exports straight to a file (muster_export_to_file()), on the Cold Beck sample: the progress
 * grows to 100 %, the file holds what muster_export() makes, and an export cancelled midway or
 * failing leaves the old file untouched and no temporary file beside it.
 */

typedef struct
{
  MusterDoc     *doc;
  MusterRuleset *ruleset;
  char          *dir;
  char          *path;
} Fixture;

typedef struct
{
  GArray       *fractions;
  GCancellable *cancellable;
  double        cancel_at;
} Progress;

static void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  g_autofree char *file = g_strdup_printf ("%s/data/samples/battle-valor-fantasy-cold-beck.muster",
                                           g_getenv ("MUSTER_SOURCE_ROOT"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = muster_file_read (file, &error);
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();

  g_assert_no_error (error);
  fx->doc = muster_doc_new_from_bytes (bytes, file, &error);
  g_assert_no_error (error);
  fx->ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (fx->doc), &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (fx->doc, fx->ruleset);
  fx->dir = g_dir_make_tmp ("muster-export-XXXXXX", &error);
  g_assert_no_error (error);
  fx->path = g_build_filename (fx->dir, "cold-beck.pdf", NULL);
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  g_unlink (fx->path);
  g_rmdir (fx->dir);
  g_free (fx->path);
  g_free (fx->dir);
  muster_doc_free (fx->doc);
  muster_ruleset_unref (fx->ruleset);
}

static void
record_progress (double   fraction,
                 gpointer data)
{
  Progress *progress = data;

  g_array_append_val (progress->fractions, fraction);
  if (progress->cancellable != NULL && fraction >= progress->cancel_at)
    g_cancellable_cancel (progress->cancellable);
}

/* Returns: how many files the folder holds */
static guint
count_files (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (listing) != NULL)
    n++;
  return n;
}

static void
options_init (MusterExportOptions *options,
              MusterExportKind     kind)
{
  *options = (MusterExportOptions) { kind };
  muster_sheet_page_init (&options->page, MUSTER_PAPER_A4, FALSE);
}

static void
test_progress (Fixture       *fx,
               gconstpointer  data)
{
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  Progress progress = { fractions };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) text = NULL;
  g_autofree char *written = NULL;
  MusterExportOptions options;
  gsize length;

  options_init (&options, MUSTER_EXPORT_PACKET_PDF);
  g_assert_true (muster_export_to_file (fx->doc, fx->ruleset, "cold-beck", &options, fx->path,
                                        record_progress, &progress, NULL, &error));
  g_assert_no_error (error);
  /* One step a page, each further on, the last at the end. */
  g_assert_cmpuint (fractions->len, >, 2);
  for (guint i = 1; i < fractions->len; i++)
    g_assert_cmpfloat (g_array_index (fractions, double, i), >,
                       g_array_index (fractions, double, i - 1));
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), ==, 1.0);
  g_file_get_contents (fx->path, &written, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (written, 5, "%PDF-", 5);
  g_assert_cmpstr (written + length - 6, ==, "%%EOF\n");
  g_assert_cmpuint (count_files (fx->dir), ==, 1);

  /* Text: the same bytes as muster_export() makes, and 100 % once. */
  g_array_set_size (fractions, 0);
  g_clear_pointer (&written, g_free);
  options_init (&options, MUSTER_EXPORT_MARKDOWN);
  g_assert_true (muster_export_to_file (fx->doc, fx->ruleset, "cold-beck", &options, fx->path,
                                        record_progress, &progress, NULL, &error));
  g_assert_no_error (error);
  text = muster_export (fx->doc, fx->ruleset, "cold-beck", &options, &error);
  g_file_get_contents (fx->path, &written, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (written, length, g_bytes_get_data (text, NULL), g_bytes_get_size (text));
  g_assert_cmpuint (fractions->len, ==, 1);
  g_assert_cmpfloat (g_array_index (fractions, double, 0), ==, 1.0);
}

static void
test_cancel (Fixture       *fx,
             gconstpointer  data)
{
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Progress progress = { fractions, cancellable, 0.3 };
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;
  MusterExportOptions options;

  g_file_set_contents (fx->path, "old", -1, &error);
  g_assert_no_error (error);
  options_init (&options, MUSTER_EXPORT_PACKET_PDF);
  g_assert_false (muster_export_to_file (fx->doc, fx->ruleset, "cold-beck", &options, fx->path,
                                         record_progress, &progress, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  /* Stopped midway: not every page was made. */
  g_assert_cmpuint (fractions->len, >, 0);
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), <, 1.0);
  g_file_get_contents (fx->path, &kept, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kept, ==, "old");
  g_assert_cmpuint (count_files (fx->dir), ==, 1);

  /* Cancelled before it starts: nothing is touched either. */
  g_assert_false (muster_export_to_file (fx->doc, fx->ruleset, "cold-beck", &options, fx->path,
                                         NULL, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (count_files (fx->dir), ==, 1);
}

/* An export that fails (a map of a document without a battlefield) leaves the file too. */
static void
test_failure (Fixture       *fx,
              gconstpointer  data)
{
  g_autoptr(MusterDoc) empty = muster_doc_new ("battle-valor-fantasy", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;
  MusterExportOptions options;

  g_file_set_contents (fx->path, "old", -1, &error);
  g_assert_no_error (error);
  options_init (&options, MUSTER_EXPORT_MAP_PNG);
  g_assert_false (muster_export_to_file (empty, fx->ruleset, "empty", &options, fx->path, NULL,
                                         NULL, NULL, &error));
  g_assert_error (error, MUSTER_PACKET_ERROR, 0);
  g_file_get_contents (fx->path, &kept, NULL, NULL);
  g_assert_cmpstr (kept, ==, "old");
  g_assert_cmpuint (count_files (fx->dir), ==, 1);
}

typedef struct
{
  GArray       *fractions;
  GThread      *main_thread;
  GAsyncResult *result;
} AsyncWait;

static void
record_in_main (double   fraction,
                gpointer data)
{
  AsyncWait *wait = data;

  /* Told where the export was started, never from its thread */
  g_assert_true (g_thread_self () == wait->main_thread);
  g_array_append_val (wait->fractions, fraction);
}

static void
async_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  AsyncWait *wait = data;

  wait->result = g_object_ref (result);
}

/* In a thread: the progress comes to the caller's main loop, and the file holds the document
 * as it was when the export started, whatever is edited meanwhile. Cancelled, the old file
 * stays. */
static void
test_async (Fixture       *fx,
            gconstpointer  data)
{
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  AsyncWait wait = { fractions, g_thread_self (), NULL };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autofree char *written = NULL;
  g_autofree char *kept = NULL;
  MusterExportOptions options;
  gsize length;

  options_init (&options, MUSTER_EXPORT_MARKDOWN);
  before = muster_export (fx->doc, fx->ruleset, "cold-beck", &options, &error);
  g_assert_no_error (error);
  muster_export_to_file_async (fx->doc, fx->ruleset, "cold-beck", &options, fx->path,
                               record_in_main, &wait, NULL, async_done, &wait);
  muster_doc_set_title (fx->doc, "Renamed while it exports");
  /* The thread runs to its end while nobody iterates this context: a progress call made
   * then must still wait for this thread, not run in the worker. */
  for (int i = 0; i < 5000 && !g_file_test (fx->path, G_FILE_TEST_EXISTS); i++)
    g_usleep (1000);
  g_usleep (100000);
  while (wait.result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (muster_export_to_file_finish (wait.result, &error));
  g_assert_no_error (error);
  g_clear_object (&wait.result);
  g_file_get_contents (fx->path, &written, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (written, length, g_bytes_get_data (before, NULL), g_bytes_get_size (before));
  g_assert_cmpuint (fractions->len, ==, 1);
  g_assert_cmpfloat (g_array_index (fractions, double, 0), ==, 1.0);

  /* Cancelled: an error, the old file, no temporary file. */
  g_file_set_contents (fx->path, "old", -1, &error);
  g_assert_no_error (error);
  options_init (&options, MUSTER_EXPORT_PACKET_PDF);
  muster_export_to_file_async (fx->doc, fx->ruleset, "cold-beck", &options, fx->path,
                               NULL, NULL, cancellable, async_done, &wait);
  g_cancellable_cancel (cancellable);
  while (wait.result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (muster_export_to_file_finish (wait.result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_object (&wait.result);
  g_file_get_contents (fx->path, &kept, NULL, NULL);
  g_assert_cmpstr (kept, ==, "old");
  g_assert_cmpuint (count_files (fx->dir), ==, 1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/export-file/progress", Fixture, NULL, fixture_set_up, test_progress,
              fixture_tear_down);
  g_test_add ("/export-file/cancel", Fixture, NULL, fixture_set_up, test_cancel,
              fixture_tear_down);
  g_test_add ("/export-file/async", Fixture, NULL, fixture_set_up, test_async,
              fixture_tear_down);
  g_test_add ("/export-file/failure", Fixture, NULL, fixture_set_up, test_failure,
              fixture_tear_down);
  return g_test_run ();
}
