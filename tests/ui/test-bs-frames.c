/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-bs-page.h"
#include "muster-bs-window.h"
#include "muster-cull-box.h"
#include "ui-test-bs.h"

/*
 * The frames an edit in a roster's window paints (issue 21: each edit on screen within one
 * frame). Counted on the window's frame clock: its paint phase, from the edit until nothing has
 * been painted for 300 ms (at most 3 s). A clock cycle that paints nothing is not a frame drawn
 * and is not counted: libadwaita 1.2's leaflet sets its shadow's style classes again on every
 * allocation, which costs two empty cycles (a style check, nothing drawn) after an edit that
 * lays the panes out.
 *
 * Before the fix the findings panel slid in and out over some 15 frames whenever the roster
 * turned legal or illegal, and the lists' overlay scroll bars faded in and out over up to 60
 * when a list scrolled or grew.
 */

#define FIXTURE MUSTER_TEST_DATA "/../model/bs-fixture"

typedef struct
{
  guint painted;
  guint cycles;   /* every clock cycle, painted or not: printed, not asserted */
  /* (nullable): a page whose editor is watched; at each frame painted, whether the editor
   * titled @title was shown, with rows, and the frame its build was complete in (0: not yet) */
  MusterBsPage *page;
  const char   *title;
  guint         first_rows;   /* the option rows the first frame painted showed */
  guint         complete_at;
  /* (nullable): the title of the editor shown before; whether the first frame painted had it
   * in view (mapped), and had the editor complete */
  const char   *old_title;
  gboolean      first_old_shown;
  gboolean      first_complete;
  /* The frame the editor titled @title was first shown in (0: not yet), its option rows then,
   * and whether the old one was in view then */
  guint         title_at;
  guint         title_rows;
  gboolean      title_old_shown;
} Frames;

static void
count_up (guint *count)
{
  (*count)++;
}

static void
paint_cb (GdkFrameClock *clock,
          Frames        *frames)
{
  frames->painted++;
  if (frames->page != NULL)
    {
      GtkWidget *title = find_matching (GTK_WIDGET (frames->page), is_editor_title, frames->title);

      if (frames->first_rows == G_MAXUINT)
        {
          GtkWidget *old = frames->old_title
                           ? find_matching (GTK_WIDGET (frames->page), is_editor_title,
                                            frames->old_title) : NULL;

          frames->first_rows = title ? n_option_rows (gtk_widget_get_parent (title)) : 0;
          frames->first_old_shown = old != NULL && gtk_widget_get_mapped (old);
          frames->first_complete = muster_bs_page_get_editor_complete (frames->page);
        }
      if (frames->title_at == 0 && title != NULL && gtk_widget_get_mapped (title))
        {
          GtkWidget *old = frames->old_title
                           ? find_matching (GTK_WIDGET (frames->page), is_editor_title,
                                            frames->old_title) : NULL;

          frames->title_at = frames->painted;
          frames->title_rows = n_option_rows (gtk_widget_get_parent (title));
          frames->title_old_shown = old != NULL && gtk_widget_get_mapped (old);
        }
      if (frames->complete_at == 0 && muster_bs_page_get_editor_complete (frames->page))
        frames->complete_at = frames->painted;
    }
}

static void
after_paint_cb (GdkFrameClock *clock,
                Frames        *frames)
{
  frames->cycles++;
}

/* The frames painted since @frames was last settled */
static guint
settle (Frames *frames)
{
  guint before = frames->painted, cycles = frames->cycles;
  gint64 start = g_get_monotonic_time ();
  gint64 quiet_since = start;
  guint seen = frames->painted;

  while (g_get_monotonic_time () - quiet_since < 300 * 1000 &&
         g_get_monotonic_time () - start < 3 * G_USEC_PER_SEC)
    {
      g_main_context_iteration (NULL, FALSE);
      if (frames->painted != seen)
        {
          seen = frames->painted;
          quiet_since = g_get_monotonic_time ();
        }
      g_usleep (1000);
    }
  g_test_message ("%u frames painted in %u clock cycles", frames->painted - before,
                  frames->cycles - cycles);
  return frames->painted - before;
}

/* @window shown at @width x @height, its frames counted into @frames, and a roster of
 * @game_system_id started in it with a force @force_id of @catalogue_id, settled */
static void
start_watched (MusterBsWindow *window,
               int             width,
               int             height,
               Frames         *frames,
               const char     *game_system_id,
               const char     *force_id,
               const char     *catalogue_id)
{
  MusterBsLibrary *library = muster_application_get_bs_library (app);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  GdkFrameClock *clock;

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "paint", G_CALLBACK (paint_cb), frames);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), frames);
  muster_bs_document_start (document, muster_bs_library_lookup (library, game_system_id), "Patrol");
  g_assert_nonnull (muster_bs_document_add_force (document, NULL, force_id, catalogue_id, NULL));
  settle (frames);
}

/* A watched window @height high on the fixture's data, a patrol of its rangers started */
static MusterBsWindow *
fixture_window (int     height,
                Frames *frames)
{
  MusterBsLibrary *library = library_of_folders (FIXTURE);
  MusterBsWindow *window = muster_bs_window_new (app);

  g_assert_nonnull (library);
  start_watched (window, 1100, height, frames, "sk-gs", "fe-patrol", "sk-rangers");
  return window;
}

static guint
n_findings (MusterBsDocument *document)
{
  return g_list_model_get_n_items (muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document)));
}

/* Adds, count edits of the unit in the editor and of another, edits that make the roster
 * illegal and legal again (the findings panel shows and hides), and adds once the roster's
 * tree scrolls: one frame each. */
static void
test_bs_frames (void)
{
  Frames frames = { 0 };
  /* Low enough that a few dozen units scroll the tree */
  MusterBsWindow *window = fixture_window (560, &frames);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  MusterBsSelection *captain, *squad;

  /* No HQ yet: the findings panel is up. */
  g_assert_cmpuint (n_findings (document), >, 0);

  /* The HQ the patrol needs: legal, the panel goes. */
  captain = muster_bs_page_add_entry (page, "Captain");
  g_assert_nonnull (captain);
  g_assert_cmpuint (settle (&frames), ==, 1);
  g_assert_cmpuint (n_findings (document), ==, 0);

  squad = muster_bs_page_add_entry (page, "Ranger Squad");
  g_assert_nonnull (squad);
  g_assert_cmpuint (settle (&frames), ==, 1);

  /* The squad, in the editor: one ranger less than it must have, and back. */
  g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (squad)));
  settle (&frames);
  muster_bs_document_set_count (document, muster_bs_selection_get_child (squad, 0), 1);
  g_assert_cmpuint (settle (&frames), ==, 1);
  g_assert_cmpuint (n_findings (document), >, 0);
  muster_bs_document_set_count (document, muster_bs_selection_get_child (squad, 0), 2);
  g_assert_cmpuint (settle (&frames), ==, 1);
  g_assert_cmpuint (n_findings (document), ==, 0);

  /* The squad's own number (its editor built again), and the captain's (the editor kept) */
  muster_bs_document_set_count (document, squad, 2);
  g_assert_cmpuint (settle (&frames), ==, 1);
  muster_bs_document_set_count (document, captain, 2);
  g_assert_cmpuint (settle (&frames), ==, 1);

  /* Enough units that the tree scrolls, each added one selected and scrolled to */
  for (guint i = 0; i < 30; i++)
    {
      MusterBsSelection *added = muster_bs_page_add_entry (page, "Ranger Squad");

      g_assert_nonnull (added);
      g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (added)));
      g_assert_cmpuint (settle (&frames), ==, 1);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

#define MANY MUSTER_TEST_DATA "/battlescribe/many"

/* The add of a character with 240 options (many.cat): its first frame shows the new row, the
 * next the editor's title, no rows yet (issue 21: the add is on screen within one frame, whose
 * time the editor would take); the rows come a slice a frame after that, within a bounded
 * number of frames, and nothing is painted once they are all there. Then the add of
 * a Trooper (3 options): the add's frame shows it in the roster, the Lord's editor still
 * there but doing nothing (taking its ~2,000 widgets out of view and building the next
 * editor is a frame's work of its own); the Trooper's short editor is whole in the next
 * frame, the Lord's gone from view, taken down over the frames after it. */
static void
test_bs_frames_long_editor (void)
{
  MusterBsLibrary *library = library_of_folders (MANY);
  MusterBsWindow *window = muster_bs_window_new (app);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  Frames frames = { 0 };
  guint before, painted;

  g_assert_nonnull (library);
  start_watched (window, 1100, 700, &frames, "mm-gs", "mm-patrol", "mm-cat");

  before = frames.painted;
  frames.page = page;
  frames.title = "Lord";
  frames.first_rows = G_MAXUINT;
  g_assert_nonnull (muster_bs_page_add_entry (page, "Lord"));
  painted = settle (&frames);
  /* The add's frame, then the Lord's editor: its title without rows */
  g_test_message ("first frame: %u rows; the title in frame %u with %u rows; complete in "
                  "frame %u of %u", frames.first_rows, frames.title_at - before,
                  frames.title_rows, frames.complete_at - before, painted);
  g_assert_cmpuint (frames.first_rows, ==, 0);
  g_assert_cmpuint (frames.title_at, ==, before + 2);
  g_assert_cmpuint (frames.title_rows, ==, 0);
  /* Complete, in its last frame: 240 rows in at most 120 frames */
  g_assert_true (muster_bs_page_get_editor_complete (page));
  g_assert_cmpuint (n_option_rows (gtk_widget_get_parent (find_matching (GTK_WIDGET (page),
                                                                         is_editor_title,
                                                                         "Lord"))), ==, 240);
  g_assert_cmpuint (frames.complete_at, >, before + 1);
  g_assert_cmpuint (frames.complete_at, ==, before + painted);
  g_assert_cmpuint (painted, <=, 120);

  /* The Trooper's add: his editor in its frame, the Lord's gone from it and taken down after
   * it */
  before = frames.painted;
  frames.title = "Trooper";
  frames.first_rows = G_MAXUINT;
  frames.first_complete = TRUE;
  frames.first_old_shown = TRUE;
  frames.old_title = "Lord";
  frames.complete_at = 0;
  frames.title_at = 0;
  g_assert_nonnull (muster_bs_page_add_entry (page, "Trooper"));
  {
    /* The Lord's editor, stale: its + takes nothing */
    GtkWidget *name = find_matching (GTK_WIDGET (page), label_has_tooltip, "Weapon 1.1");
    MusterHistory *history = muster_bs_document_get_history (muster_bs_window_get_document (window));
    guint64 revision = muster_history_get_revision (history);

    g_assert_nonnull (name);
    g_assert_true (gtk_widget_activate (gtk_widget_get_last_child (gtk_widget_get_parent (name))));
    g_assert_cmpuint (muster_history_get_revision (history), ==, revision);
  }
  painted = settle (&frames);
  g_test_message ("first frame: %u rows; the Trooper's editor in frame %u with %u rows; "
                  "complete in frame %u of %u", frames.first_rows, frames.title_at - before,
                  frames.title_rows, frames.complete_at - before, painted);
  g_assert_cmpuint (frames.first_rows, ==, 0);
  g_assert_true (frames.first_old_shown);
  g_assert_false (frames.first_complete);
  g_assert_cmpuint (frames.title_at, ==, before + 2);
  g_assert_cmpuint (frames.title_rows, ==, 3);
  g_assert_false (frames.title_old_shown);
  g_assert_true (muster_bs_page_get_editor_complete (page));
  g_assert_null (find_matching (GTK_WIDGET (page), is_editor_title, "Lord"));
  g_assert_cmpuint (n_option_rows (gtk_widget_get_parent (find_matching (GTK_WIDGET (page),
                                                                         is_editor_title,
                                                                         "Trooper"))), ==, 3);
  g_assert_cmpuint (frames.complete_at, >, before + 1);
  g_assert_cmpuint (painted, <=, 120);
  frames.page = NULL;
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The labels of roster tree rows under @widget that read @text */
static guint
tree_labels (GtkWidget  *widget,
             const char *text,
             gboolean    in_row)
{
  guint n = in_row && GTK_IS_LABEL (widget) &&
            g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;

  in_row = in_row || GTK_IS_TREE_EXPANDER (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += tree_labels (child, text, in_row);
  return n;
}

/* The tree expanders under @widget, each counting the times its row is set into @count */
static void
count_row_changes (GtkWidget *widget,
                   guint     *count)
{
  if (GTK_IS_TREE_EXPANDER (widget))
    g_signal_connect_swapped (widget, "notify::list-row", G_CALLBACK (count_up), count);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    count_row_changes (child, count);
}

/* Selecting another row of the roster tree, and adding a unit above rows shown: the rows
 * shown keep their expanders' tree rows (GTK 4.8 binds a row again when its position or its
 * selection changes, and an expander given its row again builds its indicators anew: a good
 * part of an add's frame, issue 21); each row still shows its own unit. */
static void
test_bs_frames_rows_kept (void)
{
  Frames frames = { 0 };
  MusterBsWindow *window = fixture_window (700, &frames);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  MusterBsSelection *captain, *squad;
  guint changes = 0;

  captain = muster_bs_page_add_entry (page, "Captain");
  squad = muster_bs_page_add_entry (page, "Ranger Squad");
  g_assert_nonnull (captain);
  g_assert_nonnull (squad);
  settle (&frames);
  count_row_changes (GTK_WIDGET (page), &changes);

  g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (captain)));
  settle (&frames);
  g_assert_true (muster_bs_page_select_id (page, muster_bs_selection_get_id (squad)));
  settle (&frames);
  g_assert_cmpuint (changes, ==, 0);
  /* A duplicate of the captain goes beside him, above the squad */
  g_assert_nonnull (muster_bs_document_duplicate (document, captain));
  settle (&frames);
  g_assert_cmpuint (tree_labels (GTK_WIDGET (page), "Captain", FALSE), ==, 2);
  g_assert_cmpuint (tree_labels (GTK_WIDGET (page), "Ranger Squad", FALSE), ==, 1);
  g_assert_cmpuint (changes, <=, 1);
  /* A row that kept its tree row follows its unit: two squads, then the duplicate undone
   * (the rows below move up again, bound to the rows they had) */
  muster_bs_document_set_count (document, squad, 2);
  settle (&frames);
  g_assert_cmpuint (tree_labels (GTK_WIDGET (page), "2× Ranger Squad", FALSE), ==, 1);
  g_assert_true (muster_history_undo (muster_bs_document_get_history (document)));
  g_assert_true (muster_history_undo (muster_bs_document_get_history (document)));
  settle (&frames);
  g_assert_cmpuint (tree_labels (GTK_WIDGET (page), "Captain", FALSE), ==, 1);
  g_assert_cmpuint (tree_labels (GTK_WIDGET (page), "Ranger Squad", FALSE), ==, 1);
  g_assert_true (muster_history_redo (muster_bs_document_get_history (document)));
  g_assert_true (muster_history_redo (muster_bs_document_get_history (document)));
  settle (&frames);
  g_assert_cmpuint (tree_labels (GTK_WIDGET (page), "Captain", FALSE), ==, 2);
  g_assert_cmpuint (tree_labels (GTK_WIDGET (page), "2× Ranger Squad", FALSE), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* @window as it is drawn now, from its widgets' render nodes: (transfer full) its pixels */
static GBytes *
render (GtkWidget *window)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  gsize stride = (gsize) width * 4;
  guchar *pixels = g_malloc (stride * height);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_texture_download (texture, pixels, stride);
  return g_bytes_new_take (pixels, stride * height);
}

/* The window drawn with the editor's box culling, against the same window drawn with the box
 * drawing every child: the same pixels. */
static void
assert_drawn_as_uncull (GtkWidget     *window,
                        MusterCullBox *box,
                        Frames        *frames)
{
  g_autoptr(GBytes) culled = NULL;
  g_autoptr(GBytes) whole = NULL;

  culled = render (window);
  muster_cull_box_set_culling (box, FALSE);
  settle (frames);
  whole = render (window);
  muster_cull_box_set_culling (box, TRUE);
  settle (frames);
  g_assert_true (g_bytes_equal (culled, whole));
}

/* The editor's box draws only its rows in view (issue 21: a character of wh40k-10e has some
 * 250 rows of options, all of them drawn on every frame before). In a scrolled window as the
 * editor's, with rows enough to scroll: what it shows is what drawing them all shows, at the
 * top, scrolled to the end, and once the window is taller (more in view, the box unchanged). */
static void
test_bs_editor_cull (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  MusterCullBox *box = g_object_new (MUSTER_TYPE_CULL_BOX, "orientation", GTK_ORIENTATION_VERTICAL,
                                     "spacing", 12, NULL);
  GtkAdjustment *vadjustment;
  Frames frames = { 0 };
  guint n_drawn;

  for (guint i = 0; i < 60; i++)
    {
      g_autofree char *text = g_strdup_printf ("Row %u", i);
      GtkWidget *label = gtk_label_new (text);

      gtk_widget_add_css_class (label, i % 2 ? "heading" : "dim-label");
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (scrolled), FALSE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (box));
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  g_signal_connect (gtk_widget_get_frame_clock (window), "paint", G_CALLBACK (paint_cb), &frames);
  settle (&frames);
  g_assert_true (GTK_IS_VIEWPORT (gtk_widget_get_parent (GTK_WIDGET (box))));
  vadjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (gtk_widget_get_parent (GTK_WIDGET (box))));

  /* Some rows are left out, and the drawing is the same */
  n_drawn = muster_cull_box_get_n_drawn (box);
  g_assert_cmpuint (n_drawn, >, 5);
  g_assert_cmpuint (n_drawn, <, 30);
  assert_drawn_as_uncull (window, box, &frames);

  gtk_adjustment_set_value (vadjustment, gtk_adjustment_get_upper (vadjustment) -
                                         gtk_adjustment_get_page_size (vadjustment));
  settle (&frames);
  assert_drawn_as_uncull (window, box, &frames);

  gtk_adjustment_set_value (vadjustment, 0);
  settle (&frames);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 700);
  settle (&frames);
  g_assert_cmpuint (muster_cull_box_get_n_drawn (box), >, n_drawn);
  assert_drawn_as_uncull (window, box, &frames);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/bs/frames", test_bs_frames);
  g_test_add_func ("/ui/bs/editor-cull", test_bs_editor_cull);
  g_test_add_func ("/ui/bs/frames-long-editor", test_bs_frames_long_editor);
  g_test_add_func ("/ui/bs/frames-rows-kept", test_bs_frames_rows_kept);
  return ui_test_run ();
}
