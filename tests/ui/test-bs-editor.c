/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "muster-bs-page.h"
#include "muster-bs-window.h"
#include "ui-test-bs.h"

/*
 * The selection's editor after edits (issue 21). Whether each option is hidden is kept by the
 * roster until an edit reaches what the option's modifiers read, and the editor is kept while
 * what it shows is the same: after each edit, the editor must show what an editor of the same
 * roster, saved and opened afresh, shows (its choices, their counts and whether one more may be
 * taken). The fixture is tests/data/battlescribe/hidden: a Sergeant's Relic Blade hidden while
 * the roster has a Standard Bearer, his Power Fist hidden while he has a Relic Blade.
 */

#define HIDDEN MUSTER_TEST_DATA "/battlescribe/hidden"
#define MANY MUSTER_TEST_DATA "/battlescribe/many"

static char *tmp_dir;

/* What the editor shows, as text: its labels (marked when shown as not allowed), its
 * buttons' tooltips and whether they can be pressed, and its numbers. */
static void
describe (GtkWidget *widget,
          GString   *out)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s%s\n", gtk_label_get_label (GTK_LABEL (widget)),
                            gtk_widget_has_css_class (widget, "error") ? " [not allowed]" : "");
  else if (GTK_IS_BUTTON (widget) && gtk_widget_get_tooltip_text (widget) != NULL)
    g_string_append_printf (out, "(%s%s)\n", gtk_widget_get_tooltip_text (widget),
                            gtk_widget_get_sensitive (widget) ? "" : ", off");
  else if (GTK_IS_SPIN_BUTTON (widget))
    g_string_append_printf (out, "[%d]\n", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    describe (child, out);
}

/* The editor of @window's selection @id, described */
static char *
editor_of (MusterBsWindow *window,
           const char     *id,
           const char     *title)
{
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  GtkWidget *heading;
  GString *out = g_string_new (NULL);

  g_assert_true (muster_bs_page_select_id (page, id));
  spin_until (page_idle, NULL);
  heading = find_matching (GTK_WIDGET (page), is_editor_title, title);
  g_assert_nonnull (heading);
  describe (gtk_widget_get_parent (heading), out);
  return g_string_free (out, FALSE);
}

/* The editor of @id titled @title in a new window opened on @document saved: a window shown
 * builds a long editor's rows over several frames, one not shown builds them all at once */
static char *
editor_when_opened (MusterBsDocument *document,
                    const char       *id,
                    const char       *title,
                    gboolean          shown)
{
  g_autofree char *path = g_build_filename (tmp_dir, "editor.ros", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = muster_bs_document_to_bytes (document, FALSE, &error);
  MusterBsWindow *other;
  char *shows;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                      g_bytes_get_size (bytes), &error));
  other = muster_bs_window_new (app);
  if (shown)
    {
      gtk_window_present (GTK_WINDOW (other));
      spin_until (window_mapped, other);
    }
  muster_bs_window_open_file (other, file);
  spin_until (loaded, other);
  shows = editor_of (other, id, title);
  gtk_window_destroy (GTK_WINDOW (other));
  g_unlink (path);
  return shows;
}

/* A shown roster window on the hidden fixture's data, its roster @name started with the
 * patrol force (returned in @force), the page settled */
static MusterBsWindow *
hidden_roster_window (const char     *name,
                      MusterBsForce **force)
{
  MusterBsLibrary *library = library_of_folders (HIDDEN);
  MusterBsWindow *window = muster_bs_window_new (app);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  g_autoptr(GError) error = NULL;
  MusterBsForce *made;

  g_assert_nonnull (muster_bs_library_lookup (library, "mh-gs"));
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  muster_bs_document_start (document, muster_bs_library_lookup (library, "mh-gs"), name);
  made = muster_bs_document_add_force (document, NULL, "mh-patrol", "mh-cat", &error);
  g_assert_no_error (error);
  g_assert_nonnull (made);
  spin_until (page_idle, NULL);
  if (force != NULL)
    *force = made;
  return window;
}

/* The editor of @selection in @window, checked against the editor of a fresh window opened
 * on the same roster saved; returns what it shows. */
static char *
check_editor (MusterBsWindow    *window,
              MusterBsSelection *selection)
{
  MusterBsDocument *document = muster_bs_window_get_document (window);
  const char *id = muster_bs_selection_get_id (selection);
  /* The row's name: a name of the player's own, else the entry's */
  g_autofree char *title = g_strdup (muster_bs_selection_get_custom_name (selection)
                                     ? muster_bs_selection_get_custom_name (selection)
                                     : muster_bs_selection_get_name (selection));
  g_autofree char *kept = editor_of (window, id, title);
  g_autofree char *fresh = editor_when_opened (document, id, title, TRUE);

  g_assert_cmpstr (kept, ==, fresh);
  return g_steal_pointer (&kept);
}

static void
test_bs_editor_hidden (void)
{
  MusterBsForce *force;
  MusterBsWindow *window = hidden_roster_window ("Hidden", &force);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  g_autoptr(GError) error = NULL;
  MusterBsSelection *sergeant, *bearer, *blade;
  g_autofree char *before = NULL;
  g_autofree char *with_bearer = NULL;
  g_autofree char *without = NULL;
  g_autofree char *with_blade = NULL;
  g_autofree char *chainsword = NULL;

  sergeant = muster_bs_page_add_entry (page, "Sergeant");
  g_assert_nonnull (sergeant);
  before = check_editor (window, sergeant);
  g_assert_nonnull (strstr (before, "Relic Blade\n"));
  g_assert_nonnull (strstr (before, "Power Fist\n"));

  /* An edit elsewhere in the roster hides the Relic Blade. */
  bearer = muster_bs_document_select (document, force, NULL, "mh-bearer", &error);
  g_assert_no_error (error);
  g_assert_nonnull (bearer);
  with_bearer = check_editor (window, sergeant);
  g_assert_null (strstr (with_bearer, "Relic Blade"));
  g_assert_nonnull (strstr (with_bearer, "Power Fist\n"));

  /* ...and taking it away shows it again. */
  muster_bs_document_remove (document, bearer);
  without = check_editor (window, sergeant);
  g_assert_cmpstr (without, ==, before);

  /* The Sergeant's own choice hides his Power Fist. */
  blade = muster_bs_document_select (document, force, sergeant, "mh-blade", &error);
  g_assert_no_error (error);
  g_assert_nonnull (blade);
  with_blade = check_editor (window, sergeant);
  g_assert_nonnull (strstr (with_blade, "Relic Blade\n"));
  g_assert_null (strstr (with_blade, "Power Fist"));

  /* A choice that changes no option's hidden state: the Chainsword is at its maximum. */
  g_assert_nonnull (muster_bs_document_select (document, force, sergeant, "mh-chainsword", &error));
  g_assert_no_error (error);
  chainsword = check_editor (window, sergeant);
  g_assert_nonnull (strstr (chainsword, "(At its maximum, off)"));
  g_assert_null (strstr (chainsword, "Power Fist"));

  /* The bearer again, the blade taken: it stays in view, shown as not allowed now. */
  g_assert_nonnull (muster_bs_document_select (document, force, NULL, "mh-bearer", &error));
  g_assert_no_error (error);
  g_free (with_bearer);
  with_bearer = check_editor (window, sergeant);
  g_assert_nonnull (strstr (with_bearer, "Relic Blade [not allowed]\n"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static guint
n_taken (MusterBsSelection *selection,
         const char        *entry_id)
{
  guint n = 0;

  for (guint i = 0; i < muster_bs_selection_get_n_children (selection); i++)
    n += g_strcmp0 (muster_bs_selection_get_entry_id (muster_bs_selection_get_child (selection, i)),
                    entry_id) == 0;
  return n;
}

/* The editor built for a selection is kept, and follows in place, for another selection with
 * the same choices and for edits of the selection's own number and choices (issue 21: a
 * wh40k-10e character's ~250 rows took some 100 ms to build again). Its buttons then act on
 * the selection it shows now, and it shows what an editor built afresh shows. */
static void
test_bs_editor_follows (void)
{
  MusterBsWindow *window = hidden_roster_window ("Kept", NULL);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  g_autoptr(GError) error = NULL;
  MusterBsSelection *first, *second;
  GtkWidget *title, *name, *plus;
  g_autofree char *before = NULL;
  g_autofree char *with_chainsword = NULL;
  g_autofree char *three = NULL;

  first = muster_bs_page_add_entry (page, "Sergeant");
  second = muster_bs_page_add_entry (page, "Sergeant");
  g_assert_nonnull (first);
  g_assert_nonnull (second);
  /* Each with a Power Fist: a row's first child announces the row again, which the tree's
   * selection does not survive */
  g_assert_nonnull (muster_bs_document_select (document, muster_bs_selection_get_force (first),
                                               first, "mh-fist", &error));
  g_assert_nonnull (muster_bs_document_select (document, muster_bs_selection_get_force (second),
                                               second, "mh-fist", &error));
  g_assert_no_error (error);
  /* Told apart by their names, which the editor's title shows */
  muster_bs_document_set_name (document, NULL, second, "Sergeant Vex");
  g_free (check_editor (window, first));
  title = find_matching (GTK_WIDGET (page), is_editor_title, "Sergeant");
  g_assert_nonnull (title);
  g_object_add_weak_pointer (G_OBJECT (title), (gpointer *) &title);

  /* The other Sergeant: the same editor, now his */
  before = check_editor (window, second);
  g_assert_nonnull (title);
  name = find_matching (GTK_WIDGET (page), label_has_tooltip, "Chainsword");
  g_assert_nonnull (name);
  plus = gtk_widget_get_last_child (gtk_widget_get_parent (name));
  g_assert_true (GTK_IS_BUTTON (plus));
  g_assert_true (gtk_widget_get_sensitive (plus));
  g_signal_emit_by_name (plus, "clicked");
  spin_until (page_idle, NULL);
  g_assert_cmpuint (n_taken (second, "mh-chainsword"), ==, 1);
  g_assert_cmpuint (n_taken (first, "mh-chainsword"), ==, 0);
  with_chainsword = check_editor (window, second);
  g_assert_nonnull (strstr (with_chainsword, "(At its maximum, off)"));
  g_assert_cmpstr (with_chainsword, !=, before);
  g_assert_nonnull (title);

  /* His own number */
  muster_bs_document_set_count (document, second, 3);
  three = check_editor (window, second);
  g_assert_nonnull (strstr (three, "[3]\n"));
  g_assert_nonnull (title);

  /* And back to the first, as he was */
  g_free (check_editor (window, first));
  g_assert_nonnull (title);
  g_object_remove_weak_pointer (G_OBJECT (title), (gpointer *) &title);
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  MusterBsPage *page;
  const char   *title;
} Shown;

/* The editor titled so is in the page (its rows perhaps not all built) */
static gboolean
editor_shown (gpointer data)
{
  Shown *shown = data;

  return find_matching (GTK_WIDGET (shown->page), is_editor_title, shown->title) != NULL;
}

/* The editor titled so is in the page with some of its rows */
static gboolean
editor_has_rows (gpointer data)
{
  Shown *shown = data;
  GtkWidget *heading = find_matching (GTK_WIDGET (shown->page), is_editor_title, shown->title);

  return heading != NULL && n_option_rows (gtk_widget_get_parent (heading)) > 0;
}

static GtkWidget *
editor_box (MusterBsPage *page,
            const char   *title)
{
  GtkWidget *heading = find_matching (GTK_WIDGET (page), is_editor_title, title);

  g_assert_nonnull (heading);
  return gtk_widget_get_parent (heading);
}

/* A character's 240 options (many.cat): the editor shows its title in the add's frame, its rows
 * over the frames that follow (issue 21). Edits while they are built
 * reach the rows still to build, and once complete it shows what an editor built at once
 * shows; another selection while they are built cancels them, its own editor alone shown. */
static void
test_bs_editor_progressive (void)
{
  MusterBsLibrary *library = library_of_folders (MANY);
  MusterBsWindow *window = muster_bs_window_new (app);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  g_autoptr(GError) error = NULL;
  Shown lord_shown = { page, "Lord" }, trooper_shown = { page, "Trooper" };
  MusterBsSelection *lord, *trooper, *second;
  MusterBsForce *force;
  g_autofree char *built = NULL;
  g_autofree char *at_once = NULL;
  g_autofree char *trooper_editor = NULL;
  guint rows;

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 600);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  muster_bs_document_start (document, muster_bs_library_lookup (library, "mm-gs"), "Many");
  force = muster_bs_document_add_force (document, NULL, "mm-patrol", "mm-cat", &error);
  g_assert_no_error (error);
  g_assert_nonnull (force);
  spin_until (page_idle, NULL);

  /* Two Lords, the second with weapons of the first group and of the last; then a Trooper */
  lord = muster_bs_page_add_entry (page, "Lord");
  second = muster_bs_page_add_entry (page, "Lord");
  g_assert_nonnull (lord);
  g_assert_nonnull (second);
  g_assert_nonnull (muster_bs_document_select (document, force, second, "mm-w0-0", &error));
  g_assert_nonnull (muster_bs_document_select (document, force, second, "mm-w23-9", &error));
  g_assert_nonnull (muster_bs_document_select (document, force, second, "mm-w23-8", &error));
  g_assert_no_error (error);
  trooper = muster_bs_page_add_entry (page, "Trooper");
  g_assert_nonnull (trooper);
  spin_until (page_idle, NULL);

  /* The first Lord's editor: its first rows, not all */
  g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (lord)));
  spin_until (editor_has_rows, &lord_shown);
  g_assert_false (muster_bs_page_get_editor_complete (page));
  rows = n_option_rows (editor_box (page, "Lord"));
  g_test_message ("%u rows of 240 built at once", rows);
  g_assert_cmpuint (rows, >, 0);
  g_assert_cmpuint (rows, <, 240);
  /* The second Lord while they are built: the same editor, now his, the rows still to build
   * built from him */
  g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (second)));
  spin_until (page_idle, NULL);
  g_assert_true (muster_bs_page_get_editor_complete (page));
  g_assert_cmpuint (n_option_rows (editor_box (page, "Lord")), ==, 240);
  built = editor_of (window, muster_bs_selection_get_id (second), "Lord");
  at_once = editor_when_opened (document, muster_bs_selection_get_id (second), "Lord", FALSE);
  g_assert_cmpstr (built, ==, at_once);
  /* The last group is full: its rows say so */
  g_assert_nonnull (strstr (built, "Weapon 24.10\n10 pts\n(Take one fewer)\n1\n(At its maximum, off)\n"));

  /* The first Lord again, whose rows the Trooper cancels */
  g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (trooper)));
  spin_until (page_idle, NULL);
  g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (lord)));
  spin_until (editor_shown, &lord_shown);
  g_assert_false (muster_bs_page_get_editor_complete (page));
  g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (trooper)));
  spin_until (editor_shown, &trooper_shown);
  spin_until (page_idle, NULL);
  run_frames (GTK_WIDGET (window));
  g_assert_true (muster_bs_page_get_editor_complete (page));
  g_assert_null (find_matching (GTK_WIDGET (page), is_editor_title, "Lord"));
  g_assert_cmpuint (n_option_rows (editor_box (page, "Trooper")), ==, 3);
  trooper_editor = editor_of (window, muster_bs_selection_get_id (trooper), "Trooper");
  g_assert_null (strstr (trooper_editor, "Weapon"));
  g_assert_null (strstr (trooper_editor, "Armoury"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A selected unit keeps its selection, and its editor, when it takes its first option: the row
 * is announced again with children, which the tree's selection did not survive. */
static void
test_bs_editor_first_child (void)
{
  MusterBsWindow *window = hidden_roster_window ("First", NULL);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterBsItem) selected = NULL;
  MusterBsSelection *sergeant;
  GtkWidget *title;

  sergeant = muster_bs_page_add_entry (page, "Sergeant");
  g_assert_nonnull (sergeant);
  g_assert_cmpuint (muster_bs_selection_get_n_children (sergeant), ==, 0);
  spin_until (page_idle, NULL);
  title = find_matching (GTK_WIDGET (page), is_editor_title, "Sergeant");
  g_assert_nonnull (title);
  g_object_add_weak_pointer (G_OBJECT (title), (gpointer *) &title);

  g_assert_nonnull (muster_bs_document_select (document, muster_bs_selection_get_force (sergeant),
                                               sergeant, "mh-fist", &error));
  g_assert_no_error (error);
  spin_until (page_idle, NULL);
  selected = muster_bs_page_get_selected (page);
  g_assert_nonnull (selected);
  g_assert_true (muster_bs_item_get_selection (selected) == sergeant);
  /* his editor, kept */
  g_assert_nonnull (title);
  g_assert_true (gtk_widget_get_mapped (title));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  if (!ui_test_init (&argc, &argv))
    return 0;
  tmp_dir = g_dir_make_tmp ("muster-bs-editor-XXXXXX", NULL);
  g_test_add_func ("/ui/bs/editor-hidden", test_bs_editor_hidden);
  g_test_add_func ("/ui/bs/editor-follows", test_bs_editor_follows);
  g_test_add_func ("/ui/bs/editor-first-child", test_bs_editor_first_child);
  g_test_add_func ("/ui/bs/editor-progressive", test_bs_editor_progressive);
  ret = ui_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
