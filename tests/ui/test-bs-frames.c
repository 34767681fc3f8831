/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-bs-page.h"
#include "muster-bs-window.h"
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
} Frames;

static void
paint_cb (GdkFrameClock *clock,
          Frames        *frames)
{
  frames->painted++;
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
  MusterBsLibrary *library = library_of_folders (FIXTURE);
  MusterBsWindow *window = muster_bs_window_new (app);
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
  MusterBsSelection *captain, *squad;
  Frames frames = { 0 };
  GdkFrameClock *clock;

  /* Low enough that a few dozen units scroll the tree */
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 560);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "paint", G_CALLBACK (paint_cb), &frames);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &frames);
  muster_bs_document_start (document, muster_bs_library_lookup (library, "sk-gs"), "Patrol");
  g_assert_nonnull (muster_bs_document_add_force (document, NULL, "fe-patrol", "sk-rangers", NULL));
  settle (&frames);
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

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/bs/frames", test_bs_frames);
  return ui_test_run ();
}
