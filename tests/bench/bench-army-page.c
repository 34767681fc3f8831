/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <time.h>

#include "muster-application.h"
#include "muster-army-page.h"
#include "muster-bench-util.h"
#include "muster-window.h"

/*
 * The Army workspace with a generated 500-unit Battle Valor Fantasy list, under a display:
 * opening the file to the first drawn frame of the window showing it (target < 200 ms), and
 * an edit to the screen (target < 16 ms: the command with its re-cost and re-validation, the
 * widgets following it, and the frame that draws it). Prints one plain text line a figure;
 * prints a skip line and exits 0 without a display. Options: --quick (fewer rounds), --cpu
 * (the main thread's CPU time instead of wall-clock time, for a busy machine), and a word
 * to run only the edits whose action holds it ("move").
 */

#define N_UNITS  500

/* Fewer rounds with --quick, and only the edits whose action name holds a word given, for
 * profiling one of them */
static guint n_opens = 5;
static guint n_edits = 40;
static const char *only = NULL;
/* With --cpu, the figures are the main thread's CPU time rather than wall-clock time: on a
 * machine busy with other work, that is the time the app itself spent */
static gboolean cpu_time = FALSE;

/* Now, in µs, on the clock the figures use */
static gint64
now (void)
{
  struct timespec ts;

  if (!cpu_time || clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time ();
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

typedef struct
{
  gint64 before_paint;   /* when the last frame began */
  gint64 laid_out;       /* when its widgets were measured and allocated */
  gint64 after_paint;    /* when it was drawn */
  guint  frames;
} Frames;

static void
before_paint_cb (GdkFrameClock *clock,
                 Frames        *frames)
{
  frames->before_paint = now ();
}

/* Connected after GTK's own handler, so it runs when the layout is done */
static void
layout_cb (GdkFrameClock *clock,
           Frames        *frames)
{
  frames->laid_out = now ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                Frames        *frames)
{
  frames->after_paint = now ();
  frames->frames++;
}

/* Runs the main loop until a frame is drawn after @since; FALSE when none came in 2 s */
static gboolean
wait_for_frame (Frames *frames,
                guint   since)
{
  gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

  while (frames->frames == since)
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
    }
  return TRUE;
}

static void
spin (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

static MusterWindow *
shown_window (MusterApplication *app,
              Frames            *frames)
{
  MusterWindow *window = muster_window_new (app);
  GdkFrameClock *clock;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), frames);
  g_signal_connect (clock, "layout", G_CALLBACK (layout_cb), frames);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), frames);
  spin (200);
  return window;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* "median 3.1 ms, worst 5.2 ms" of @values (sorted in place), in ms */
static char *
dup_spread (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return g_strdup_printf ("median %.1f ms, worst %.1f ms",
                          g_array_index (values, double, values->len / 2),
                          g_array_index (values, double, values->len - 1));
}

/* The phases of an open, in ms */
typedef struct
{
  double total;    /* the open call to the first frame drawn with the list */
  double load;     /* reading, parsing, costing and checking the list, and the widgets
                    * following it, up to the roster holding every unit */
  double wait;     /* then until the frame clock starts a frame */
  double layout;   /* that frame's measuring and allocating */
  double draw;     /* its drawing */
} Open;

/* Opens @file in a new window */
static Open
time_open (MusterApplication *app,
           GFile             *file)
{
  Frames frames = { 0 };
  MusterWindow *window = shown_window (app, &frames);
  MusterArmyPage *page = muster_window_get_army_page (window);
  GListModel *roster = G_LIST_MODEL (muster_army_page_get_roster (page));
  gint64 start = now ();
  gint64 loaded;
  Open open;

  muster_window_open_file (window, file);
  while (g_list_model_get_n_items (roster) < N_UNITS)
    g_main_context_iteration (NULL, FALSE);
  loaded = now ();
  g_assert_true (wait_for_frame (&frames, frames.frames));
  open.total = (frames.after_paint - start) / 1e3;
  open.load = (loaded - start) / 1e3;
  open.wait = (frames.before_paint - loaded) / 1e3;
  open.layout = (frames.laid_out - frames.before_paint) / 1e3;
  open.draw = (frames.after_paint - frames.laid_out) / 1e3;
  gtk_window_destroy (GTK_WINDOW (window));
  spin (100);
  return open;
}

/* The median of a field of @opens, sorted in place */
static double
median_of (GArray *opens,
           gsize   offset)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < opens->len; i++)
    g_array_append_val (values, G_STRUCT_MEMBER (double, &g_array_index (opens, Open, i), offset));
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

typedef struct
{
  const char *name;
  const char *action;
  gboolean    on_window;   /* a "win." action */
} Edit;

static GVariant *
edit_parameter (const Edit *edit,
                MusterUnit *unit,
                guint       i)
{
  if (g_str_equal (edit->action, "army.set-size"))
    return g_variant_new_uint32 (muster_unit_get_size (unit) ^ 1);
  if (g_str_equal (edit->action, "army.set-option"))
    return g_variant_new ("(su)", "shields", muster_unit_get_option_count (unit, "shields") ? 0 : 1);
  if (g_str_equal (edit->action, "army.move-unit"))
    return g_variant_new ("(ssu)", muster_unit_get_id (unit), "", i % 7);
  return NULL;
}

int
main (int   argc,
      char *argv[])
{
  static const Edit edits[] = {
    { "set one unit's size", "army.set-size", FALSE },
    { "toggle one unit's option", "army.set-option", FALSE },
    { "move one unit", "army.move-unit", FALSE },
    { "duplicate one unit", "army.duplicate", FALSE },
    { "undo", "win.undo", TRUE },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterApplication) app = NULL;
  g_autoptr(GBytes) bytes = bench_bvf_list (N_UNITS);
  g_autofree char *dir = g_dir_make_tmp ("muster-bench-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GArray) opens = g_array_new (FALSE, FALSE, sizeof (Open));
  g_autoptr(GArray) open_totals = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *spread = NULL;
  Open first;
  Frames frames = { 0 };
  MusterWindow *window;
  MusterArmyPage *page;
  MusterDocument *document;
  MusterNode *root;

  for (int i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "--quick"))
      {
        n_opens = 1;
        n_edits = 8;
      }
    else if (g_str_equal (argv[i], "--cpu"))
      cpu_time = TRUE;
    else
      only = argv[i];
  gtk_disable_setlocale ();
  setlocale (LC_ALL, "C.UTF-8");
  if (!gtk_init_check ())
    {
      g_print ("skipped: no display\n");
      return 0;
    }
  adw_init ();
  g_print ("times are %s\n", cpu_time ? "the main thread's CPU time" : "wall-clock time");
  app = muster_application_new (APP_ID ".Bench", G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  path = g_build_filename (dir, "horde.muster", NULL);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                      g_bytes_get_size (bytes), &error));
  file = g_file_new_for_path (path);

  /* The first open also fills font and icon caches: reported apart. */
  first = time_open (app, file);
  g_print ("open a %u-unit list to a drawn window, first time: %.1f ms\n", N_UNITS, first.total);
  for (guint i = 0; i < n_opens; i++)
    {
      Open open = time_open (app, file);

      g_array_append_val (opens, open);
      g_array_append_val (open_totals, open.total);
    }
  spread = dup_spread (open_totals);
  g_print ("open a %u-unit list to a drawn window: %s (target < 200 ms); medians: reading, "
           "costing, checking and the widgets following %.1f ms, waiting for the frame %.1f ms, "
           "its layout %.1f ms, its drawing %.1f ms\n", N_UNITS, spread,
           median_of (opens, G_STRUCT_OFFSET (Open, load)),
           median_of (opens, G_STRUCT_OFFSET (Open, wait)),
           median_of (opens, G_STRUCT_OFFSET (Open, layout)),
           median_of (opens, G_STRUCT_OFFSET (Open, draw)));

  window = shown_window (app, &frames);
  page = muster_window_get_army_page (window);
  muster_window_open_file (window, file);
  while ((document = muster_window_get_document (window)) == NULL ||
         muster_document_get_force (document) == NULL)
    g_main_context_iteration (NULL, FALSE);
  root = muster_force_get_root (muster_document_get_force (document));
  spin (300);

  for (guint e = 0; e < G_N_ELEMENTS (edits); e++)
    {
      g_autoptr(GArray) actions = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) frame_times = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) totals = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) layouts = g_array_new (FALSE, FALSE, sizeof (double));
      g_autofree char *action_spread = NULL;
      g_autofree char *frame_spread = NULL;
      g_autofree char *total_spread = NULL;
      guint missed = 0;

      if (only != NULL && strstr (edits[e].action, only) == NULL)
        continue;
      for (guint i = 0; i < n_edits; i++)
        {
          /* Units all over the list, each selected (and drawn) before the timed edit */
          MusterUnit *unit = muster_node_get_unit (root, (i * 97 + 11) % (N_UNITS - 10));
          gint64 start, acted;
          guint seen;
          double action_ms, frame_ms, total_ms, layout_ms;

          g_assert_true (muster_army_page_select_unit (page, unit));
          wait_for_frame (&frames, frames.frames);
          spin (20);

          seen = frames.frames;
          start = now ();
          g_assert_true (gtk_widget_activate_action_variant (
            edits[e].on_window ? GTK_WIDGET (window) : GTK_WIDGET (page), edits[e].action,
            edit_parameter (&edits[e], unit, i)));
          acted = now ();
          if (!wait_for_frame (&frames, seen))
            {
              missed++;
              continue;
            }
          action_ms = (acted - start) / 1e3;
          frame_ms = (frames.after_paint - frames.before_paint) / 1e3;
          total_ms = action_ms + frame_ms;
          layout_ms = (frames.laid_out - frames.before_paint) / 1e3;
          g_array_append_val (layouts, layout_ms);
          g_array_append_val (actions, action_ms);
          g_array_append_val (frame_times, frame_ms);
          g_array_append_val (totals, total_ms);
        }
      if (totals->len == 0)
        {
          g_print ("%s: no frame drawn after the edit\n", edits[e].name);
          continue;
        }
      action_spread = dup_spread (actions);
      frame_spread = dup_spread (frame_times);
      total_spread = dup_spread (totals);
      g_array_sort (layouts, compare_doubles);
      g_print ("%s in a %u-unit list, edit to screen: %s (target < 16 ms); the edit with "
               "re-cost, re-validation and the widgets following: %s; the frame: %s (median "
               "layout %.1f ms)%s\n",
               edits[e].name, N_UNITS, total_spread, action_spread, frame_spread,
               g_array_index (layouts, double, layouts->len / 2),
               missed > 0 ? " (some edits drew no frame)" : "");
    }

  gtk_window_destroy (GTK_WINDOW (window));
  spin (100);
  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
