/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <time.h>
#include <unistd.h>

#include "muster-application.h"
#include "muster-bs-entries.h"
#include "muster-bs-page.h"
#include "muster-bs-window.h"

/*
 * A BattleScribe roster's window under a display (issue 21's speed targets): a Space Marines
 * roster of wh40k-10e built through the catalogue pane (Add to Force) to 2,000 points, then
 * opening its .ros to the window's first frame drawn with it (target < 300 ms after its data
 * is loaded), and the frames each edit makes (target: one frame an edit), counted on the
 * window's frame clock from the edit until nothing is drawn for 200 ms, and the time of each
 * edit (add, count edit, the number of the selection in the editor, remove) to its first
 * frame drawn (target < 16 ms). An add's editor builds its rows over the frames that follow
 * it: the frames (clock cycles) until it is complete, and the longest of them after the first
 * (target < 16 ms, main-thread CPU from the cycle before to its end); the first frame's CPU
 * time and theirs in their parts (the add's call, the idle work, update and layout, paint).
 * Before that, the wh40k-10e set is scanned and loaded on the library's worker thread while the
 * window draws a frame on every tick: how long each frame's work takes on the main thread
 * (target: none over 16 ms) and the longest the main loop stood still. Prints one plain text
 * line a figure; a skip line without a display or without MUSTER_BSDATA.
 */

#define WH40K "sys-352e-adc2-7639-d6a9"
#define SPACE_MARINES "e0af-67df-9d63-8fb7"
#define ARMY_ROSTER "bb9d-299a-ed60-2d8a"
#define N_OPENS 3
#define N_COUNTS 8

/* Frames are the frame clock's cycles that paint. A cycle that paints nothing is counted apart:
 * libadwaita 1.2's leaflet sets its shadow's style classes again on every allocation, and the
 * style check that follows takes two cycles that draw nothing after most edits. */
typedef struct
{
  guint    frames;
  guint    cycles;    /* every clock cycle, painted or not */
  gboolean painting;  /* the cycle under way has painted */
  gint64   last;      /* when the last frame was drawn */
  double   last_cpu;  /* the main thread's CPU time then, ms */
  double   cycle_cpu; /* the main thread's CPU time when the last clock cycle ended, ms */
  /* (nullable): the page whose editor an add builds; while it is being built, the frames it
   * takes (clock cycles, painted or not) and the longest one's main-thread CPU (from the
   * cycle before to this one's end) */
  MusterBsPage *building;
  guint    build_frames;
  double   build_worst_cpu;
  GArray  *build_cpu;  /* (nullable): every such frame's main-thread CPU, ms */
  /* The main thread's CPU time when the last frame's layout and its paint ended, ms */
  double   layout_cpu, paint_cpu;
  double   update_cpu;  /* when the last frame cycle's update phase began */
  double   idle_cpu;    /* when the idles before redrawing were done (mark_idle_cb()) */
  /* (nullable): of the frames after an add's first, the main-thread CPU before the frame,
   * in its update and layout (the tick callbacks with the editor's slice), and its paint */
  GArray  *build_split[3];
} Frames;

/* Frames drawn while the data loads in the background: each one's work, before-paint to
 * after-paint, and the main loop's longest stall, seen by a 1 ms timeout */
typedef struct
{
  gint64  frame_start;
  double  frame_cpu_start;
  gint64  last_tick;
  GArray *work_ms;      /* double: wall time */
  GArray *cpu_ms;       /* double: the main thread's CPU time, without the waits of a loaded
                         * machine's scheduler */
  double  worst_stall;  /* ms */
  double  last_tick_cpu;
  double  worst_stall_cpu;  /* ms of main-thread CPU between two of its turns */
} Background;

/* The calling thread's CPU time, ms */
static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Profiling an add's first frame alone: under `perf record --control=fifo:CTL,ACK -D -1`, with
 * MUSTER_BENCH_PERF_CTL and MUSTER_BENCH_PERF_ACK naming the two fifos, perf samples from each
 * add's call to its first frame drawn (only the adds MUSTER_BENCH_PERF_ADDS names, separated
 * by commas, when it is set); with MUSTER_BENCH_PERF_BUILD set, from that frame until the
 * add's editor is complete instead. The bench writes "enable\n" or "disable\n" and waits for
 * a line back: under `valgrind --tool=callgrind --instr-atstart=no`, a loop that reads CTL,
 * runs `callgrind_control -i on` or `off` and answers on ACK counts the same span in
 * instructions, which a busy machine does not change (issue 21 compared builds so; GTK's
 * timing-led choices, such as the editor's slices, differ under valgrind). */
static int perf_ctl = -1, perf_ack = -1;

static void
perf_open (void)
{
  const char *ctl = g_getenv ("MUSTER_BENCH_PERF_CTL");
  const char *ack = g_getenv ("MUSTER_BENCH_PERF_ACK");

  if (ctl == NULL || ack == NULL)
    return;
  perf_ctl = open (ctl, O_WRONLY);
  perf_ack = open (ack, O_RDONLY);
  g_assert_true (perf_ctl >= 0 && perf_ack >= 0);
}

static gboolean
perf_wanted (const char *name)
{
  const char *adds = g_getenv ("MUSTER_BENCH_PERF_ADDS");
  g_auto(GStrv) names = NULL;

  if (perf_ctl < 0)
    return FALSE;
  if (adds == NULL)
    return TRUE;
  names = g_strsplit (adds, ",", -1);
  return g_strv_contains ((const char * const *) names, name);
}

/* Sends @command ("enable" or "disable") and waits for perf to take it */
static void
perf_switch (const char *command)
{
  char ack[8];

  g_assert_true (write (perf_ctl, command, strlen (command)) == (gssize) strlen (command));
  g_assert_true (read (perf_ack, ack, sizeof ack) > 0);
}

/* Runs after the page's idles (the editor's is of high idle priority) and before GTK's
 * redraw */
static gboolean
mark_idle_cb (gpointer data)
{
  Frames *frames = data;

  frames->idle_cpu = thread_cpu_ms ();
  return G_SOURCE_REMOVE;
}

static void
background_before_cb (GdkFrameClock *clock,
                      Background    *bg)
{
  bg->frame_start = g_get_monotonic_time ();
  bg->frame_cpu_start = thread_cpu_ms ();
}

static void
background_after_cb (GdkFrameClock *clock,
                     Background    *bg)
{
  double ms = (g_get_monotonic_time () - bg->frame_start) / 1e3;
  double cpu = thread_cpu_ms () - bg->frame_cpu_start;

  if (bg->frame_start == 0)
    return;
  g_array_append_val (bg->work_ms, ms);
  g_array_append_val (bg->cpu_ms, cpu);
}

static gboolean
background_tick_cb (GtkWidget     *widget,
                    GdkFrameClock *clock,
                    gpointer       data)
{
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static gboolean
background_stall_cb (gpointer data)
{
  Background *bg = data;
  gint64 now = g_get_monotonic_time ();
  double cpu = thread_cpu_ms ();

  bg->worst_stall = MAX (bg->worst_stall, (now - bg->last_tick) / 1e3);
  if (bg->last_tick_cpu > 0)
    bg->worst_stall_cpu = MAX (bg->worst_stall_cpu, cpu - bg->last_tick_cpu);
  bg->last_tick = now;
  bg->last_tick_cpu = cpu;
  return G_SOURCE_CONTINUE;
}

/* Wakes a blocking loop now and then: an edit that draws no frame still ends its wait */
static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static void
paint_cb (GdkFrameClock *clock,
          Frames        *frames)
{
  frames->painting = TRUE;
  frames->paint_cpu = thread_cpu_ms ();
}

static void
before_paint_cb (GdkFrameClock *clock,
                 Frames        *frames)
{
  frames->update_cpu = thread_cpu_ms ();
}

/* Connected after the surface's own handler: its layout is done */
static void
layout_cb (GdkFrameClock *clock,
           Frames        *frames)
{
  frames->layout_cpu = thread_cpu_ms ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                Frames        *frames)
{
  gboolean painted = frames->painting;

  frames->cycles++;
  frames->painting = FALSE;
  if (painted)
    {
      frames->frames++;
      frames->last = g_get_monotonic_time ();
    }
  /* While an add's editor is built, every clock cycle counts, painted or not: one that builds
   * rows out of view may draw nothing, and its work is the frame's all the same */
  if (frames->building != NULL)
    {
      double cpu = thread_cpu_ms () - frames->cycle_cpu;

      frames->build_frames++;
      frames->build_worst_cpu = MAX (frames->build_worst_cpu, cpu);
      if (frames->build_cpu != NULL)
        g_array_append_val (frames->build_cpu, cpu);
      if (frames->build_split[0] != NULL)
        {
          double parts[3] = { frames->update_cpu - frames->cycle_cpu,
                              frames->layout_cpu - frames->update_cpu,
                              painted ? frames->paint_cpu - frames->layout_cpu : 0 };

          for (guint k = 0; k < 3; k++)
            g_array_append_val (frames->build_split[k], parts[k]);
        }
      if (muster_bs_page_get_editor_complete (frames->building))
        frames->building = NULL;
    }
  frames->cycle_cpu = thread_cpu_ms ();
  if (painted)
    frames->last_cpu = frames->cycle_cpu;
}

static void
watch_frames (GtkWidget *window,
              Frames    *frames)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "before-paint",
                    G_CALLBACK (before_paint_cb), frames);
  g_signal_connect (gtk_widget_get_frame_clock (window), "layout", G_CALLBACK (layout_cb), frames);
  g_signal_connect (gtk_widget_get_frame_clock (window), "paint", G_CALLBACK (paint_cb), frames);
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (after_paint_cb), frames);
}

/* Runs the loop until a frame has been drawn after @since and none for 200 ms since (at most
 * 2 s: a window that never stops drawing is reported by its count) */
static void
settle_after (Frames *frames,
              guint   since)
{
  gint64 start = g_get_monotonic_time ();
  gint64 quiet_since = start;
  guint seen = frames->frames;

  while ((frames->frames == since || g_get_monotonic_time () - quiet_since < 200 * 1000) &&
         g_get_monotonic_time () - start < 2 * G_USEC_PER_SEC)
    {
      g_main_context_iteration (NULL, FALSE);
      if (frames->frames != seen)
        {
          seen = frames->frames;
          quiet_since = g_get_monotonic_time ();
        }
      g_usleep (500);
    }
}

static void
settle (Frames *frames)
{
  settle_after (frames, G_MAXUINT);
}

static MusterBsWindow *
shown_window (MusterApplication *app,
              Frames            *frames)
{
  MusterBsWindow *window = muster_bs_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  watch_frames (GTK_WIDGET (window), frames);
  settle (frames);
  return window;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
print_spread (const char *what,
              GArray     *values,
              const char *unit,
              const char *target)
{
  g_array_sort (values, compare_doubles);
  g_print ("%s: median %.1f%s, worst %.1f%s over %u (target %s)\n", what,
           g_array_index (values, double, values->len / 2), unit,
           g_array_index (values, double, values->len - 1), unit, values->len, target);
}

static GtkWidget *
find_page (GtkWidget *widget)
{
  if (MUSTER_IS_BS_PAGE (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_page (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Blocks until the first frame after @seen is drawn (at most 2 s), then adds the time from
 * @start to it, wall and main-thread CPU from @cpu_start, to @ms and @cpu_ms. The loop blocks:
 * its own polling is no part of the edit's CPU time. */
static void
time_to_frame (Frames *frames,
               guint   seen,
               gint64  start,
               double  cpu_start,
               GArray *ms,
               GArray *cpu_ms)
{
  double value;

  while (frames->frames == seen && g_get_monotonic_time () - start < 2 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  value = (frames->last - start) / 1e3;
  g_array_append_val (ms, value);
  value = frames->last_cpu - cpu_start;
  g_array_append_val (cpu_ms, value);
}

/* What the frames after an add's first do until its editor is complete */
typedef struct
{
  GArray *frames;     /* double: the frames an add takes until its editor is complete, the
                       * first included */
  GArray *worst_cpu;  /* double: the longest of those frames after the first, main-thread
                       * CPU ms (0 when the first completes it) */
  /* double: the first frame's main-thread CPU ms in its parts: the add's call, the idle work
   * before the frame, the frame's update and layout, and its paint */
  GArray *split[5];
  GPtrArray *names;   /* char*: the entry each add took, in the order of the arrays above */
} Completion;

static const char *split_names[5] = {
  "the add's call", "the idle work after it (the editor)", "the rest before its frame",
  "its frame's update and layout", "its frame's paint",
};

/* The adds whose first frame took longest (@cpu_ms: main-thread CPU ms per add), each in the
 * parts of @completion: the worst case is what the target is about, and it comes from a
 * few entries whose names say where to look. */
static void
print_slowest (GArray     *cpu_ms,
               Completion *completion)
{
  g_autofree guint *order = g_new (guint, cpu_ms->len);

  for (guint i = 0; i < cpu_ms->len; i++)
    order[i] = i;
  /* Slowest first; a few dozen adds, so a simple insertion sort. */
  for (guint i = 1; i < cpu_ms->len; i++)
    for (guint j = i; j > 0 && g_array_index (cpu_ms, double, order[j]) >
                               g_array_index (cpu_ms, double, order[j - 1]); j--)
      {
        guint t = order[j];

        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  for (guint i = 0; i < MIN (cpu_ms->len, 5); i++)
    {
      guint a = order[i];
      g_print ("slow add %u: %s, %.1f ms (call %.1f, editor %.1f, rest %.1f, layout %.1f, "
               "paint %.1f; main-thread CPU)\n", i + 1,
               (const char *) g_ptr_array_index (completion->names, a),
               g_array_index (cpu_ms, double, a),
               g_array_index (completion->split[0], double, a),
               g_array_index (completion->split[1], double, a),
               g_array_index (completion->split[2], double, a),
               g_array_index (completion->split[3], double, a),
               g_array_index (completion->split[4], double, a));
    }
}

/* Adds entries with a cost from the catalogue pane, in its order, until 2,000 points; the
 * frames of each add go into @frames_per_edit, its clock cycles into @cycles_per_edit, the
 * time from the add to its first frame into @ms and @cpu_ms, the frames until its editor is
 * complete into @completion. */
static void
build (MusterBsWindow *window,
       Frames         *frames,
       GArray         *frames_per_edit,
       GArray         *cycles_per_edit,
       GArray         *ms,
       GArray         *cpu_ms,
       Completion     *completion)
{
  MusterBsDocument *document = muster_bs_window_get_document (window);
  MusterBsPage *page = MUSTER_BS_PAGE (find_page (GTK_WIDGET (window)));
  GListModel *entries;
  double points = 0;

  entries = muster_bs_page_get_entries (page);
  for (guint i = 0; i < g_list_model_get_n_items (entries) && points < 2000; i++)
    {
      g_autoptr(MusterBsEntry) entry = g_list_model_get_item (entries, i);
      g_autofree char *name = g_strdup (muster_bs_entry_get_name (entry));
      GArray *costs;
      guint seen, cycles;
      gint64 start;
      double n, cpu_start, call_cpu;
      gboolean profiled, building;

      if (*muster_bs_entry_get_costs_text (entry) == '\0')
        continue;
      seen = frames->frames;
      cycles = frames->cycles;
      start = g_get_monotonic_time ();
      profiled = perf_wanted (name);
      building = profiled && g_getenv ("MUSTER_BENCH_PERF_BUILD") != NULL;
      if (profiled && !building)
        perf_switch ("enable\n");
      cpu_start = thread_cpu_ms ();
      if (muster_bs_page_add_entry (page, name) == NULL)
        {
          if (profiled)
            perf_switch ("disable\n");
          continue;
        }
      call_cpu = thread_cpu_ms ();
      frames->idle_cpu = call_cpu;
      g_idle_add_full (G_PRIORITY_HIGH_IDLE + 10, mark_idle_cb, frames, NULL);
      time_to_frame (frames, seen, start, cpu_start, ms, cpu_ms);
      if (profiled)
        perf_switch (building ? "enable\n" : "disable\n");
      {
        double parts[5] = { call_cpu - cpu_start, frames->idle_cpu - call_cpu,
                            frames->update_cpu - frames->idle_cpu,
                            frames->layout_cpu - frames->update_cpu,
                            frames->paint_cpu - frames->layout_cpu };

        for (guint k = 0; k < 5; k++)
          g_array_append_val (completion->split[k], parts[k]);
        g_ptr_array_add (completion->names, g_strdup (name));
      }
      frames->build_frames = 1;
      frames->build_worst_cpu = 0;
      frames->building = muster_bs_page_get_editor_complete (page) ? NULL : page;
      settle_after (frames, seen);
      if (building)
        perf_switch ("disable\n");
      if (frames->building != NULL)
        g_printerr ("the editor of %s was not complete when the frames stopped\n", name);
      frames->building = NULL;
      n = frames->build_frames;
      g_array_append_val (completion->frames, n);
      g_array_append_val (completion->worst_cpu, frames->build_worst_cpu);
      n = frames->frames - seen;
      g_array_append_val (frames_per_edit, n);
      n = frames->cycles - cycles;
      g_array_append_val (cycles_per_edit, n);
      costs = muster_bs_roster_get_costs (muster_bs_document_get_roster (document));
      points = costs->len > 0 ? g_array_index (costs, MusterBsCost, 0).value : 0;
      entries = muster_bs_page_get_entries (page);
    }
}

int
main (int   argc,
      char *argv[])
{
  const char *bsdata = g_getenv ("MUSTER_BSDATA");
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterApplication) app = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *costs = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GArray) build_frames = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) opens = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) count_frames = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) build_cycles = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) count_cycles = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) edit_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) edit_cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) open_cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) model_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) model_cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) add_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) add_cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) complete_frames = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) complete_worst_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) complete_each_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  Completion completion = { complete_frames, complete_worst_cpu, { NULL }, NULL };
  g_autoptr(GArray) remove_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) remove_cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) remove_frames = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) own_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) own_cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  const char *folders[2] = { NULL, NULL };
  MusterBsLibrary *library;
  MusterBsWindow *window;
  MusterBsDocument *document;
  MusterBsForce *force;
  Frames frames = { 0 };
  guint wake;

  gtk_disable_setlocale ();
  setlocale (LC_ALL, "C.UTF-8");
  if (bsdata == NULL || *bsdata == '\0')
    {
      g_print ("skipped: MUSTER_BSDATA is not set\n");
      return 0;
    }
  if (!gtk_init_check ())
    {
      g_print ("skipped: no display\n");
      return 0;
    }
  adw_init ();
  perf_open ();
  app = muster_application_new (APP_ID ".Bench", G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  folder = g_build_filename (bsdata, "wh40k-10e", NULL);
  folders[0] = folder;
  settings = g_settings_new (APP_ID);
  library = muster_application_get_bs_library (app);
  window = shown_window (app, &frames);

  /* The set loaded in the background, the window drawing a frame a tick meanwhile */
  {
    GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
    Background bg = { 0, 0, g_get_monotonic_time (), g_array_new (FALSE, FALSE, sizeof (double)),
                      g_array_new (FALSE, FALSE, sizeof (double)), 0, 0, 0 };
    gulong before = g_signal_connect (clock, "before-paint", G_CALLBACK (background_before_cb), &bg);
    gulong after = g_signal_connect (clock, "after-paint", G_CALLBACK (background_after_cb), &bg);
    guint tick = gtk_widget_add_tick_callback (GTK_WIDGET (window), background_tick_cb, NULL, NULL);
    guint stall = g_timeout_add (1, background_stall_cb, &bg);
    gint64 start = g_get_monotonic_time ();
    guint over = 0, cpu_over = 0;

    g_settings_set_strv (settings, "battlescribe-folders", folders);
    while (muster_bs_library_get_scanning (library) ||
           muster_bs_library_lookup (library, WH40K) == NULL)
      g_main_context_iteration (NULL, TRUE);
    g_print ("wh40k-10e loaded in the background in %.0f ms (wall)\n",
             (g_get_monotonic_time () - start) / 1e3);
    g_source_remove (stall);
    gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick);
    g_signal_handler_disconnect (clock, before);
    g_signal_handler_disconnect (clock, after);
    for (guint i = 0; i < bg.work_ms->len; i++)
      {
        over += g_array_index (bg.work_ms, double, i) > 16;
        cpu_over += g_array_index (bg.cpu_ms, double, i) > 16;
      }
    g_print ("frames drawn while it loads: %u, %u over 16 ms wall, %u over 16 ms CPU\n",
             bg.work_ms->len, over, cpu_over);
    print_spread ("frame work while it loads (before-paint to after-paint, wall)", bg.work_ms,
                  " ms", "every one < 16 ms");
    print_spread ("frame work while it loads (main thread CPU)", bg.cpu_ms, " ms",
                  "every one < 16 ms");
    g_array_unref (bg.cpu_ms);
    g_print ("longest main-loop stall while it loads: %.1f ms wall, %.1f ms main-thread CPU "
             "(target < 16 ms)\n", bg.worst_stall, bg.worst_stall_cpu);
    g_array_unref (bg.work_ms);
  }

  /* Built through the catalogue pane: the frames of each add */
  document = muster_bs_window_get_document (window);
  muster_bs_document_start (document, muster_bs_library_lookup (library, WH40K), "Bench");
  force = muster_bs_document_add_force (document, NULL, ARMY_ROSTER, SPACE_MARINES, &error);
  g_assert_no_error (error);
  g_assert_nonnull (force);
  settle (&frames);
  wake = g_timeout_add (100, wake_cb, NULL);
  for (guint k = 0; k < 5; k++)
    completion.split[k] = g_array_new (FALSE, FALSE, sizeof (double));
  completion.names = g_ptr_array_new_with_free_func (g_free);
  frames.build_cpu = complete_each_cpu;
  for (guint k = 0; k < 3; k++)
    frames.build_split[k] = g_array_new (FALSE, FALSE, sizeof (double));
  build (window, &frames, build_frames, build_cycles, add_ms, add_cpu_ms, &completion);
  frames.build_cpu = NULL;
  costs = muster_bs_document_dup_costs_text (document);
  g_print ("Space Marines roster built through Add to Force: %s in %u adds\n", costs,
           build_frames->len);
  /* Before print_spread(), which sorts the figures it is given */
  print_slowest (add_cpu_ms, &completion);
  print_spread ("frames drawn an add (Add to Force)", build_frames, "", "1");
  print_spread ("frame clock cycles an add, painting or not", build_cycles, "", "-");
  print_spread ("add to its first frame drawn", add_ms, " ms", "< 16 ms");
  print_spread ("add to its first frame drawn (main-thread CPU)", add_cpu_ms, " ms", "< 16 ms");
  for (guint k = 0; k < 5; k++)
    {
      g_autofree char *what = g_strdup_printf ("add to its first frame, %s (main-thread CPU)",
                                               split_names[k]);

      print_spread (what, completion.split[k], " ms", "-");
      g_array_unref (completion.split[k]);
    }
  g_ptr_array_unref (completion.names);
  print_spread ("frames an add takes until its editor is complete", complete_frames, "", "-");
  print_spread ("longest frame after an add's first until its editor is complete (main-thread CPU)",
                complete_worst_cpu, " ms", "< 16 ms");
  if (complete_each_cpu->len > 0)
    print_spread ("each frame after an add's first until its editor is complete (main-thread CPU)",
                  complete_each_cpu, " ms", "< 16 ms");
  for (guint k = 0; k < 3; k++)
    {
      static const char *names[3] = { "before it", "its update and layout", "its paint" };
      g_autofree char *what = g_strdup_printf ("each frame after an add's first until its editor "
                                               "is complete, %s (main-thread CPU)", names[k]);

      if (frames.build_split[k]->len > 0)
        print_spread (what, frames.build_split[k], " ms", "-");
      g_clear_pointer (&frames.build_split[k], g_array_unref);
    }

  /* Frames a count edit makes: the first selections in turn, 1 -> 2 -> 1 */
  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < MIN (N_COUNTS, muster_bs_force_get_n_selections (force)); i++)
      {
        MusterBsSelection *selection = muster_bs_force_get_selection (force, i);
        guint seen = frames.frames, cycles = frames.cycles;
        gint64 start = g_get_monotonic_time ();
        double cpu = thread_cpu_ms ();
        double cpu_start = cpu;
        double n, ms;

        muster_bs_document_set_count (document, selection, round == 0 ? 2 : 1);
        ms = (g_get_monotonic_time () - start) / 1e3;
        g_array_append_val (model_ms, ms);
        cpu = thread_cpu_ms () - cpu;
        g_array_append_val (model_cpu_ms, cpu);
        time_to_frame (&frames, seen, start, cpu_start, edit_ms, edit_cpu_ms);
        settle_after (&frames, seen);
        n = frames.frames - seen;
        g_array_append_val (count_frames, n);
        n = frames.cycles - cycles;
        g_array_append_val (count_cycles, n);
      }
  print_spread ("frames drawn a count edit", count_frames, "", "1");
  print_spread ("frame clock cycles a count edit, painting or not", count_cycles, "", "-");
  print_spread ("count edit in the roster (the call alone, wall)", model_ms, " ms", "-");
  print_spread ("count edit in the roster (the call alone, main-thread CPU)", model_cpu_ms, " ms",
                "-");
  print_spread ("count edit to its first frame drawn", edit_ms, " ms", "< 16 ms");
  print_spread ("count edit to its first frame drawn (main-thread CPU)", edit_cpu_ms, " ms",
                "< 16 ms");

  /* The selection in the editor (the last one added): its own number, 1 -> 2 -> 1 */
  {
    MusterBsPage *page = MUSTER_BS_PAGE (find_page (GTK_WIDGET (window)));
    g_autoptr(MusterBsItem) item = muster_bs_page_get_selected (page);
    MusterBsSelection *selected = item ? muster_bs_item_get_selection (item) : NULL;

    g_assert_nonnull (selected);
    for (guint i = 0; i < N_COUNTS; i++)
      {
        guint seen = frames.frames;
        gint64 start = g_get_monotonic_time ();
        double cpu_start = thread_cpu_ms ();

        muster_bs_document_set_count (document, selected, i % 2 == 0 ? 2 : 1);
        time_to_frame (&frames, seen, start, cpu_start, own_ms, own_cpu_ms);
        settle_after (&frames, seen);
      }
    g_print ("the selection in the editor: %s\n", muster_bs_selection_get_name (selected));
    print_spread ("its own count edit to its first frame drawn", own_ms, " ms", "< 16 ms");
    print_spread ("its own count edit to its first frame drawn (main-thread CPU)", own_cpu_ms,
                  " ms", "< 16 ms");
  }

  dir = g_dir_make_tmp ("muster-bench-XXXXXX", &error);
  path = g_build_filename (dir, "bench.ros", NULL);
  file = g_file_new_for_path (path);
  {
    g_autoptr(GBytes) bytes = muster_bs_document_to_bytes (document, FALSE, &error);

    g_assert_no_error (error);
    g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                        g_bytes_get_size (bytes), &error));
  }

  /* Removes, after the save: the last selections in turn, from the 2,000-point roster down */
  for (guint i = 0; i < N_COUNTS && muster_bs_force_get_n_selections (force) > 0; i++)
    {
      guint last = muster_bs_force_get_n_selections (force) - 1;
      guint seen = frames.frames;
      gint64 start = g_get_monotonic_time ();
      double cpu_start = thread_cpu_ms ();
      double n;

      muster_bs_document_remove (document, muster_bs_force_get_selection (force, last));
      time_to_frame (&frames, seen, start, cpu_start, remove_ms, remove_cpu_ms);
      settle_after (&frames, seen);
      n = frames.frames - seen;
      g_array_append_val (remove_frames, n);
    }
  print_spread ("frames drawn a remove", remove_frames, "", "1");
  print_spread ("remove to its first frame drawn", remove_ms, " ms", "< 16 ms");
  print_spread ("remove to its first frame drawn (main-thread CPU)", remove_cpu_ms, " ms",
                "< 16 ms");
  g_source_remove (wake);
  gtk_window_destroy (GTK_WINDOW (window));

  /* Opening the .ros, its data loaded already, to the first frame drawn with it */
  for (guint i = 0; i < N_OPENS; i++)
    {
      Frames open_frames = { 0 };
      MusterBsWindow *opened = shown_window (app, &open_frames);
      gint64 start = g_get_monotonic_time ();
      double cpu_start = thread_cpu_ms ();
      guint seen;
      double ms, cpu;

      muster_bs_window_open_file (opened, file);
      while (muster_bs_window_get_loading (opened))
        g_main_context_iteration (NULL, TRUE);
      seen = open_frames.frames;
      while (open_frames.frames == seen)
        g_main_context_iteration (NULL, TRUE);
      ms = (open_frames.last - start) / 1e3;
      g_array_append_val (opens, ms);
      /* The main thread's part: the roster is read on a worker thread */
      cpu = open_frames.last_cpu - cpu_start;
      g_array_append_val (open_cpu_ms, cpu);
      gtk_window_destroy (GTK_WINDOW (opened));
      settle (&frames);
    }
  print_spread ("open the 2,000-point roster to its first frame drawn", opens, " ms", "< 300 ms");
  print_spread ("open the 2,000-point roster to its first frame drawn (main-thread CPU)",
                open_cpu_ms, " ms", "< 300 ms");

  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
