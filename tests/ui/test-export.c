/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "muster-export-bar.h"
#include "ui-test-util.h"

/*
 * The window's Export menu and print actions, through the actions (no file dialog): each
 * export writes its file, on the paper remembered in GSettings; a map of a document without a
 * battlefield writes nothing; print needs a document.
 */

static MusterExportBar *
export_bar_of (MusterWindow *window)
{
  GtkWidget *bar = find_descendant (GTK_WIDGET (window), MUSTER_TYPE_EXPORT_BAR);

  g_assert_nonnull (bar);
  return MUSTER_EXPORT_BAR (bar);
}

static gboolean
export_over (gpointer bar)
{
  return !muster_export_bar_get_busy (bar);
}

static char *
export_and_read (MusterWindow *window,
                 const char   *kind,
                 const char   *path,
                 gsize        *length)
{
  FileWait wait = { path, 1 };
  char *contents = NULL;

  g_remove (path);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-to", "(ss)", kind,
                                             path));
  spin_until (file_written, &wait);
  spin_until (export_over, export_bar_of (window));
  /* written through a temporary file and a rename: complete once it is there */
  g_assert_true (g_file_get_contents (path, &contents, length, NULL));
  return contents;
}

static void
test_export_kinds (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  g_autofree char *dir = g_dir_make_tmp ("muster-ui-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "out", NULL);
  GSettings *settings = muster_application_get_settings (app);
  const struct { const char *kind; const char *starts; const char *contains; } kinds[] = {
    { "txt", NULL, "Host of the Iron Hills" },
    { "md", NULL, "Host of the Iron Hills" },
    { "html", "<!DOCTYPE html>", "Host of the Iron Hills" },
    { "list", "%PDF", NULL },
    { "cards", "%PDF", NULL },
    { "packet", "%PDF", NULL },
    { "map-png", "\x89PNG", NULL },
    { "map-svg", "<?xml", "<svg" },
  };

  g_settings_set_enum (settings, "paper", 0);
  g_settings_set_boolean (settings, "landscape", FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      gsize length;
      g_autofree char *contents = export_and_read (window, kinds[i].kind, path, &length);

      if (kinds[i].starts)
        g_assert_true (g_str_has_prefix (contents, kinds[i].starts));
      if (kinds[i].contains)
        g_assert_true (contains (contents, length, kinds[i].contains));
    }

  /* The remembered paper: Letter, landscape. A4 portrait before. */
  {
    gsize length;
    g_autofree char *a4 = export_and_read (window, "list", path, &length);
    g_autofree char *letter = NULL;

    g_assert_true (contains (a4, length, "/MediaBox [ 0 0 595.276 841.89 ]"));
    g_settings_set_enum (settings, "paper", 1);
    g_settings_set_boolean (settings, "landscape", TRUE);
    letter = export_and_read (window, "list", path, &length);
    g_assert_true (contains (letter, length, "/MediaBox [ 0 0 792 612 ]"));
    g_settings_reset (settings, "paper");
    g_settings_reset (settings, "landscape");
  }
  g_remove (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* win.print-to (path) prints through GtkPrintOperation without a dialog, as the roster
 * window's does: the army list's pages from the Army workspace, the scenario packet's from
 * the Battlefield, the same pages as those exports. */
static void
test_export_print_to (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  g_autofree char *dir = g_dir_make_tmp ("muster-ui-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "out", NULL);
  const struct { const char *workspace; const char *kind; } prints[] = {
    { "army", "list" },
    { "battlefield", "packet" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (prints); i++)
    {
      gsize exported_length, printed_length;
      g_autofree char *exported = export_and_read (window, prints[i].kind, path,
                                                   &exported_length);
      FileWait wait = { path, 1 };
      g_autofree char *printed = NULL;

      g_remove (path);
      g_object_set (window, "workspace", prints[i].workspace, NULL);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.print-to", "s", path));
      spin_until (file_written, &wait);
      g_assert_true (g_file_get_contents (path, &printed, &printed_length, NULL));
      g_assert_true (g_str_has_prefix (printed, "%PDF"));
      g_assert_cmpuint (pdf_pages (exported, exported_length), >, 0);
      g_assert_cmpuint (pdf_pages (printed, printed_length), ==,
                        pdf_pages (exported, exported_length));
    }
  g_remove (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_export_needs_battlefield (void)
{
  MusterWindow *window = new_sample_window ("undying-lands-host.muster");
  MusterWindow *empty = new_shown_window ();
  g_autofree char *dir = g_dir_make_tmp ("muster-ui-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "map.png", NULL);
  g_autofree char *txt = g_build_filename (dir, "list.txt", NULL);
  guint rounds = 0;
  gsize length;
  g_autofree char *contents = NULL;

  /* No battlefield: no map, and a toast says why. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-to", "(ss)",
                                             "map-png", path));
  spin_until (no_more_work, &rounds);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  /* The list still exports. */
  contents = export_and_read (window, "txt", txt, &length);
  g_assert_cmpuint (length, >, 100);

  /* Export needs a document: a window without one writes nothing. */
  g_remove (txt);
  gtk_widget_activate_action (GTK_WIDGET (empty), "win.export-to", "(ss)", "txt", txt);
  rounds = 0;
  spin_until (no_more_work, &rounds);
  g_assert_false (g_file_test (txt, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (empty));
}

/* The export went somewhere: the link's target was written, or the link replaced. */
static gboolean
link_or_target_changed (gpointer data)
{
  const char * const *paths = data;   /* the link, its target */
  GStatBuf st;

  return !g_file_test (paths[0], G_FILE_TEST_IS_SYMLINK) ||
         (g_stat (paths[1], &st) == 0 && st.st_size > 3);
}

/* Exporting onto a symlink replaces its target as saving does (muster_file_replace()): a new
 * complete file renamed over it (a new inode), the link still a link, the mode kept. GIO's
 * replace truncated the target and wrote it in place, so a kill mid-export tore it. */
static void
test_export_through_symlink (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  g_autofree char *dir = g_dir_make_tmp ("muster-ui-export-XXXXXX", NULL);
  g_autofree char *target = g_build_filename (dir, "real", NULL);
  g_autofree char *link = g_build_filename (dir, "link", NULL);
  const char *paths[] = { link, target };
  static const struct { const char *kind; const char *starts; } kinds[] = {
    { "map-png", "\x89PNG" },
    { "map-svg", "<?xml" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *contents = NULL;
      GStatBuf st, before;

      g_assert_true (g_file_set_contents (target, "old", -1, NULL));
      g_assert_cmpint (g_chmod (target, 0600), ==, 0);
      g_assert_cmpint (g_stat (target, &before), ==, 0);
      g_remove (link);
      g_assert_cmpint (symlink ("real", link), ==, 0);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-to", "(ss)",
                                                 kinds[i].kind, link));
      spin_until (link_or_target_changed, paths);
      spin_until (export_over, export_bar_of (window));
      g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
      g_assert_true (g_file_get_contents (target, &contents, NULL, NULL));
      g_assert_true (g_str_has_prefix (contents, kinds[i].starts));
      g_assert_cmpint (g_stat (target, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 0777, ==, 0600);
      g_assert_cmpuint (st.st_ino, !=, before.st_ino);
    }
  g_remove (link);
  g_remove (target);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A Battle Valor Fantasy list of @n_units units in @dir: its PDF list takes seconds. */
static char *
write_big_document (const char *dir,
                    guint       n_units)
{
  g_autoptr(GString) xml = g_string_new ("<?xml version='1.0' encoding='UTF-8'?>\n"
                                         "<muster format='1'><ruleset id='battle-valor-fantasy' "
                                         "version='1.0'/><title>Big host</title>\n"
                                         "<force id='f1' name='Big Host' points='100000000'>\n");
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, "big.muster", NULL);

  for (guint i = 1; i <= n_units; i++)
    g_string_append_printf (xml, "  <unit id='u%u' type='infantry' size='10' name='Unit %u'>"
                            "<option id='regular'/><option id='missile'/></unit>\n", i, i);
  g_string_append (xml, "</force>\n</muster>\n");
  g_file_set_contents (path, xml->str, xml->len, &error);
  g_assert_no_error (error);
  return path;
}

typedef struct
{
  MusterExportBar *bar;
  double           fraction;
} FractionWait;

/* The bar shows the export running and at least @fraction done */
static gboolean
shows_fraction (gpointer data)
{
  FractionWait *wait = data;

  return muster_export_bar_get_busy (wait->bar) &&
         muster_export_bar_get_fraction (wait->bar) >= wait->fraction;
}

static gboolean
grown_or_over (gpointer data)
{
  FractionWait *wait = data;

  return !muster_export_bar_get_busy (wait->bar) || shows_fraction (data);
}

/* Count folder entries */
static guint
n_entries (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (listing) != NULL)
    n++;
  return n;
}

/* A big document exports in a thread: the window keeps drawing while the bar under the header
 * shows the part done, and Cancel stops it with the old file intact and no temporary file left.
 * The export used to run in the action, the window frozen until the whole PDF was made. */
static void
test_export_progress_and_cancel (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-ui-export-XXXXXX", NULL);
  g_autofree char *big = write_big_document (dir, 3000);
  g_autoptr(GFile) file = g_file_new_for_path (big);
  g_autofree char *pdf = g_build_filename (dir, "big.pdf", NULL);
  MusterWindow *window = new_shown_window ();
  MusterExportBar *bar = export_bar_of (window);
  FractionWait started = { bar, 0.01 };
  double seen = 0;
  FileWait written = { pdf, 1000 };
  g_autofree char *kept = NULL;
  GtkWidget *cancel;

  muster_window_open_file (window, file);
  spin_until (window_document_loaded, window);
  g_assert_false (muster_export_bar_get_busy (bar));

  /* Cancelled once it has made a page: the old file stays. */
  g_assert_true (g_file_set_contents (pdf, "old", -1, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-to", "(ss)",
                                             "list", pdf));
  /* Back from the action at once, the export still to do */
  g_assert_true (muster_export_bar_get_busy (bar));
  spin_until (shows_fraction, &started);
  g_assert_cmpfloat (muster_export_bar_get_fraction (bar), <, 1.0);
  run_frames (GTK_WIDGET (window));
  g_assert_true (muster_export_bar_get_busy (bar));
  cancel = find_descendant (GTK_WIDGET (bar), GTK_TYPE_BUTTON);
  g_assert_true (gtk_widget_get_mapped (cancel));
  g_signal_emit_by_name (cancel, "clicked");
  spin_until (export_over, bar);
  g_assert_true (g_file_get_contents (pdf, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "old");
  g_assert_cmpuint (n_entries (dir), ==, 2);

  /* Left to run, the bar grows to the end and the whole PDF is written. Waited for a percent
   * at a time, so that a loaded machine does not run out spin_until()'s time. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-to", "(ss)",
                                             "list", pdf));
  while (muster_export_bar_get_busy (bar))
    {
      FractionWait further = { bar, muster_export_bar_get_fraction (bar) + 0.01 };

      seen = MAX (seen, muster_export_bar_get_fraction (bar));
      spin_until (grown_or_over, &further);
    }
  g_assert_cmpfloat (seen, >=, 0.5);
  g_assert_true (file_written (&written));
  g_clear_pointer (&kept, g_free);
  g_assert_true (g_file_get_contents (pdf, &kept, NULL, NULL));
  g_assert_true (g_str_has_prefix (kept, "%PDF"));
  g_assert_cmpuint (n_entries (dir), ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (pdf);
  g_remove (big);
  g_rmdir (dir);
}

typedef struct
{
  const char *dir;
  guint       n;
} EntriesWait;

static gboolean
entries_are (gpointer data)
{
  EntriesWait *wait = data;

  return n_entries (wait->dir) == wait->n;
}

/* Closing the window stops its export: the temporary file goes, the old file stays, and the
 * export's end, with no window left to tell, passes quietly. */
static void
test_export_close_while_exporting (void)
{
  g_autofree char *dir = g_dir_make_tmp ("muster-ui-export-XXXXXX", NULL);
  g_autofree char *big = write_big_document (dir, 3000);
  g_autoptr(GFile) file = g_file_new_for_path (big);
  g_autofree char *pdf = g_build_filename (dir, "big.pdf", NULL);
  MusterWindow *window = new_shown_window ();
  MusterExportBar *bar = export_bar_of (window);
  FractionWait started = { bar, 0.01 };
  EntriesWait with_temp = { dir, 3 };
  EntriesWait without_temp = { dir, 2 };
  g_autofree char *kept = NULL;
  guint rounds = 0;

  muster_window_open_file (window, file);
  spin_until (window_document_loaded, window);
  g_assert_true (g_file_set_contents (pdf, "old", -1, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-to", "(ss)",
                                             "list", pdf));
  spin_until (shows_fraction, &started);
  /* The temporary file beside the old one, being written */
  spin_until (entries_are, &with_temp);
  gtk_window_destroy (GTK_WINDOW (window));
  spin_until (entries_are, &without_temp);
  spin_until (no_more_work, &rounds);
  g_assert_true (g_file_get_contents (pdf, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "old");
  g_remove (pdf);
  g_remove (big);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/ui/export/kinds", test_export_kinds);
  g_test_add_func ("/ui/export/print-to", test_export_print_to);
  g_test_add_func ("/ui/export/needs-battlefield", test_export_needs_battlefield);
  g_test_add_func ("/ui/export/through-symlink", test_export_through_symlink);
  g_test_add_func ("/ui/export/progress-and-cancel", test_export_progress_and_cancel);
  g_test_add_func ("/ui/export/close-while-exporting", test_export_close_while_exporting);

  return ui_test_run ();
}
