/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>

#include "muster-engine.h"
#include "muster-recovery.h"
#include "muster-bench-util.h"

/*
 * Times the recovery copy of a generated 500-unit Battle Valor Fantasy list: serialising the
 * document (on the main thread, the only part an edit waits for), writing the file (temporary
 * file, fsync, rename; in a thread in the app), and reading it back at start-up. Prints one
 * plain text line a figure. The target: serialising well under a frame (16 ms), so autosave
 * never stutters the UI.
 */

#define N_UNITS 500

typedef struct
{
  MusterDoc *doc;
  GBytes    *xml;
  GFile     *dir;
  GFile     *file;
  GFile     *origin;
} Bench;

static void
serialise (gpointer data)
{
  Bench *b = data;
  g_autoptr(GBytes) xml = muster_doc_to_bytes (b->doc);

  g_assert_nonnull (xml);
}

static void
write_copy (gpointer data)
{
  Bench *b = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_recovery_write (b->file, b->xml, b->origin, &error));
}

static void
scan (gpointer data)
{
  Bench *b = data;
  g_autoptr(GPtrArray) entries = muster_recovery_scan (b->dir);

  g_assert_cmpuint (entries->len, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                                            "battle-valor-fantasy.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(GBytes) source = bench_bvf_list (N_UNITS);
  g_autofree char *tmp = g_dir_make_tmp ("muster-bench-XXXXXX", &error);
  Bench b = { 0 };
  double seconds;

  g_assert_no_error (error);
  ruleset = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);
  b.doc = muster_doc_new_from_bytes (source, "horde.muster", &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (b.doc, ruleset);
  b.xml = muster_doc_to_bytes (b.doc);
  b.dir = g_file_new_for_path (tmp);
  b.file = muster_recovery_new_file (b.dir);
  b.origin = g_file_new_build_filename (tmp, "horde.muster", NULL);

  g_print ("recovery copy of a %u-unit list: %.0f KiB\n", N_UNITS,
           g_bytes_get_size (b.xml) / 1024.0);
  seconds = time_per_call (serialise, &b);
  g_print ("serialise the document (main thread): %.2f ms\n", seconds * 1e3);
  seconds = time_per_call (write_copy, &b);
  g_print ("write the copy (temporary file, fsync, rename; worker thread): %.2f ms\n",
           seconds * 1e3);
  seconds = time_per_call (scan, &b);
  g_print ("find and read it at start-up: %.2f ms\n", seconds * 1e3);

  g_file_delete (b.file, NULL, NULL);
  g_rmdir (tmp);
  g_object_unref (b.file);
  g_object_unref (b.origin);
  g_object_unref (b.dir);
  g_bytes_unref (b.xml);
  muster_doc_free (b.doc);
  return 0;
}
