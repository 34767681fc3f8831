/* SPDX-License-Identifier: GPL-3.0-or-later */
/* BattleScribe data, against the targets of issue 18: a whole BSData folder loaded and indexed
 * in at most 1.5 times what `xmllint --noout` takes to parse the same files (measured here, in
 * the same run), one catalogue with its imports (Space Marines: < 300 ms), the peak memory
 * of the whole set (< 400 MB), and a 2,000-point Space Marines roster of three detachments,
 * built through the roster API: opening its .ros (< 100 ms) and each kind of edit, re-costed
 * and re-validated (< 5 ms), and saving it to bytes as an autosave does (well under 16 ms).
 *
 * bench-battlescribe [--edits] [DIR]: DIR is a data folder (e.g. the BSData wh40k-10e set);
 * without it, $MUSTER_BSDATA/wh40k-10e (the `bsdata` meson option); with neither, a skip line.
 * --edits leaves out the loading figures (seconds of work) for profiling the roster. Each figure
 * is the best of a few runs, in wall time and in CPU time (the machine is shared: CPU time is
 * what the loading itself costs). */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "muster-bs-data.h"
#include "muster-bs-roster.h"

#define RUNS 3
#define SAVE_RUNS 41

typedef struct
{
  double wall;
  double cpu;
} Timing;

static double
now_wall (void)
{
  return g_get_monotonic_time () / 1e6;
}

static double
now_cpu (int who)
{
  struct rusage usage;

  getrusage (who, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

static void
keep_best (Timing *best,
           double  wall,
           double  cpu)
{
  best->wall = MIN (best->wall, wall);
  best->cpu = MIN (best->cpu, cpu);
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* The .gst and .cat files of @dir, game system first, by name. */
static GPtrArray *
list_data_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return files;
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".gst") || g_str_has_suffix (name, ".cat"))
      g_ptr_array_add (files, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (files, compare_paths);
  for (guint i = 0; i < files->len; i++)
    if (g_str_has_suffix (files->pdata[i], ".gst"))
      {
        gpointer gst = g_ptr_array_steal_index (files, i);

        g_ptr_array_insert (files, 0, gst);
        break;
      }
  return files;
}

static Timing
time_xmllint (GPtrArray *files)
{
  Timing best = { G_MAXDOUBLE, G_MAXDOUBLE };
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) "xmllint");
  g_ptr_array_add (argv, (gpointer) "--noout");
  for (guint i = 0; i < files->len; i++)
    g_ptr_array_add (argv, files->pdata[i]);
  g_ptr_array_add (argv, NULL);

  for (guint run = 0; run < RUNS; run++)
    {
      g_autoptr(GError) error = NULL;
      double wall = now_wall (), cpu = now_cpu (RUSAGE_CHILDREN);
      int status;

      if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                         NULL, NULL, &status, &error))
        g_error ("xmllint: %s", error->message);
      if (!g_spawn_check_wait_status (status, &error))
        g_error ("xmllint: %s", error->message);
      keep_best (&best, now_wall () - wall, now_cpu (RUSAGE_CHILDREN) - cpu);
    }
  return best;
}

static MusterBsData *
load_files (GPtrArray *files)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < files->len; i++)
    if (!muster_bs_data_add_file (data, files->pdata[i], &error))
      g_error ("%s", error->message);
  if (!muster_bs_data_resolve (data, &error))
    g_error ("%s", error->message);
  return g_steal_pointer (&data);
}

static Timing
time_load (GPtrArray *files,
           guint     *n_nodes)
{
  Timing best = { G_MAXDOUBLE, G_MAXDOUBLE };

  for (guint run = 0; run < RUNS; run++)
    {
      double wall = now_wall (), cpu = now_cpu (RUSAGE_SELF);
      g_autoptr(MusterBsData) data = load_files (files);

      keep_best (&best, now_wall () - wall, now_cpu (RUSAGE_SELF) - cpu);
      *n_nodes = muster_bs_data_get_n_nodes (data);
    }
  return best;
}

/* The catalogue's id, read from its root element without parsing the whole file. */
static char *
read_catalogue_id (const char *path)
{
  FILE *in = g_fopen (path, "rb");
  char buffer[4096] = { 0 };
  const char *root, *id, *end;

  if (in == NULL)
    return NULL;
  fread (buffer, 1, sizeof buffer - 1, in);
  fclose (in);
  root = strstr (buffer, "<catalogue ");
  id = root ? strstr (root, " id=\"") : NULL;
  end = id ? strchr (id + 5, '"') : NULL;
  return end ? g_strndup (id + 5, end - id - 5) : NULL;
}

/* The game system, @catalogue and, transitively, every catalogue it links to, as paths. */
static GPtrArray *
catalogue_with_imports (GPtrArray         *files,
                        const MusterBsData *whole,
                        const char        *catalogue)
{
  g_autoptr(GHashTable) path_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *chosen = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GQueue) todo = g_queue_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const char *start_id = NULL;

  g_ptr_array_add (chosen, g_strdup (files->pdata[0]));
  for (guint i = 1; i < files->len; i++)
    {
      char *id = read_catalogue_id (files->pdata[i]);
      g_autofree char *base = g_path_get_basename (files->pdata[i]);

      if (id == NULL)
        continue;
      if (g_str_has_prefix (base, catalogue) && strcmp (base + strlen (catalogue), ".cat") == 0)
        start_id = id;
      g_hash_table_insert (path_of, id, files->pdata[i]);
    }
  if (start_id == NULL)
    return chosen;

  g_queue_push_tail (todo, (gpointer) start_id);
  while (!g_queue_is_empty (todo))
    {
      const char *id = g_queue_pop_head (todo);
      const MusterBsNode *cat = muster_bs_data_get_catalogue (whole, id);

      if (cat == NULL || !g_hash_table_add (seen, (gpointer) id))
        continue;
      g_ptr_array_add (chosen, g_strdup (g_hash_table_lookup (path_of, id)));
      for (const MusterBsNode *child = cat->first_child; child != NULL; child = child->next)
        if (child->kind == MUSTER_BS_NODE_CATALOGUE_LINK && child->target_id != NULL)
          g_queue_push_tail (todo, (gpointer) child->target_id);
    }
  return chosen;
}

#define ARMY_ROSTER "bb9d-299a-ed60-2d8a"       /* wh40k-10e's force entry */
#define DETACHMENT_GROUP "821b-9477-6c47-eab5"  /* its shared group of detachments */

static const char *
cost_type_named (const MusterBsData *data,
                 const char         *name)
{
  for (const MusterBsNode *n = muster_bs_data_get_game_system (data)->first_child; n; n = n->next)
    if (n->kind == MUSTER_BS_NODE_COST_TYPE && g_strcmp0 (n->name, name) == 0)
      return n->id;
  return NULL;
}

static double
cost_in (GArray     *costs,
         const char *type_id)
{
  for (guint i = 0; i < costs->len; i++)
    if (g_strcmp0 (g_array_index (costs, MusterBsCost, i).type_id, type_id) == 0)
      return g_array_index (costs, MusterBsCost, i).value;
  return 0;
}

static double
roster_cost (MusterBsRoster *roster,
             const char     *type_id)
{
  return cost_in (muster_bs_roster_get_costs (roster), type_id);
}

/* The root selection of @force named @name, or NULL. */
static MusterBsSelection *
find_root_selection (MusterBsForce *force,
                     const char    *name)
{
  for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
    if (g_strcmp0 (muster_bs_selection_get_name (muster_bs_force_get_selection (force, i)),
                   name) == 0)
      return muster_bs_force_get_selection (force, i);
  return NULL;
}

/* Three Army Roster forces of @catalogue, each with its Detachment entry (auto-selected as
 * required, or selected) and a different detachment chosen, the battle size in the first
 * force only, then the catalogue's root units and models that are not hidden (Legends) in
 * turn, one force after the other, until the roster costs @points. The roster is not legal,
 * and the benchmark does not mind: Space Marines' Detachment entry has "max 1, scope roster,
 * includeChildForces" (10th edition has one detachment per army), so three forces give
 * "2 too many selections of Detachment", as they do in New Recruit. */
static MusterBsRoster *
build_roster (MusterBsData       *data,
              const MusterBsNode *catalogue,
              double              points,
              const char         *pts)
{
  MusterBsRoster *roster = muster_bs_roster_new (data, "Bench");
  const MusterBsNode *group = muster_bs_data_lookup (data, DETACHMENT_GROUP);
  const MusterBsNode *choice = group ? group->first_child : NULL;
  MusterBsForce *forces[3];
  guint turn = 0;

  muster_bs_roster_set_cost_limit (roster, pts, points);
  for (guint f = 0; f < G_N_ELEMENTS (forces); f++)
    {
      g_autoptr(GError) error = NULL;
      MusterBsSelection *detachment, *battle_size;
      guint index;

      forces[f] = muster_bs_roster_add_force (roster, NULL, ARMY_ROSTER, catalogue->id, NULL,
                                              &error);
      if (forces[f] == NULL)
        g_error ("adding a force: %s", error->message);
      if (f > 0 && (battle_size = find_root_selection (forces[f], "Battle Size")) != NULL)
        muster_bs_selection_free (muster_bs_roster_remove_selection (roster, battle_size, &index));
      detachment = find_root_selection (forces[f], "Detachment");
      for (const MusterBsNode *e = catalogue->first_child; detachment == NULL && e; e = e->next)
        if (e->place == MUSTER_BS_IN_ROOT && g_strcmp0 (e->name, "Detachment") == 0)
          detachment = muster_bs_roster_select (roster, forces[f], NULL, e->id, NULL, NULL);
      while (detachment != NULL && choice != NULL &&
             !muster_bs_roster_select (roster, forces[f], detachment, choice->id, NULL, NULL))
        choice = choice->next;
      if (choice != NULL)
        choice = choice->next;
    }

  for (guint round = 0; round < 4 && roster_cost (roster, pts) < points; round++)
    for (const MusterBsNode *e = catalogue->first_child;
         e != NULL && roster_cost (roster, pts) < points; e = e->next)
      {
        const MusterBsNode *target = e->kind == MUSTER_BS_NODE_ENTRY_LINK
                                     ? muster_bs_data_resolve_link (data, e) : e;

        if (e->place != MUSTER_BS_IN_ROOT || target == NULL ||
            target->kind != MUSTER_BS_NODE_SELECTION_ENTRY ||
            (g_strcmp0 (target->type, "unit") != 0 && g_strcmp0 (target->type, "model") != 0) ||
            muster_bs_roster_entry_hidden (roster, forces[turn % 3], NULL, e->id))
          continue;
        if (muster_bs_roster_select (roster, forces[turn % 3], NULL, e->id, NULL, NULL))
          turn++;
      }
  return roster;
}

static guint
count_selections (MusterBsSelection *sel)
{
  guint n = 1;

  for (guint i = 0; i < muster_bs_selection_get_n_children (sel); i++)
    n += count_selections (muster_bs_selection_get_child (sel, i));
  return n;
}

static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Re-costs and re-validates the roster as a view would after an edit; milliseconds since
 * @start. */
static double
evaluate (MusterBsRoster *roster,
          gint64          start)
{
  g_autoptr(GPtrArray) findings = NULL;
  GArray *costs = muster_bs_roster_get_costs (roster);

  findings = muster_bs_roster_get_findings (roster);
  g_assert (costs != NULL && findings != NULL);
  return (g_get_monotonic_time () - start) / 1e3;
}

/* The same after an edit: a function of its own, for a profiler to collect in
 * (`valgrind --tool=callgrind --collect-atstart=no --toggle-collect=evaluate_edit`), and one
 * caller per kind of edit, so that callgrind's inclusive counts of edit_* give the
 * instructions of each kind (the edit itself and the evaluation after it). */
G_GNUC_NO_INLINE static double
evaluate_edit (MusterBsRoster *roster,
               gint64          start)
{
  /* As the app does after each edit: New Recruit's automatic constraints kept first. The
   * costs are asked for before, so that the work of the flush does not count as theirs in
   * a profile (the costs are kept for evaluate()). */
  muster_bs_roster_get_costs (roster);
  muster_bs_adjustments_free (muster_bs_roster_keep_automatic (roster));
  return evaluate (roster, start);
}

G_GNUC_NO_INLINE static double
edit_set_count (MusterBsRoster    *roster,
                MusterBsSelection *sel,
                int                count)
{
  gint64 start = g_get_monotonic_time ();

  muster_bs_roster_set_count (roster, sel, count);
  return evaluate_edit (roster, start);
}

G_GNUC_NO_INLINE static double
edit_remove (MusterBsRoster     *roster,
             MusterBsSelection **sel,
             guint              *index)
{
  gint64 start = g_get_monotonic_time ();

  *sel = muster_bs_roster_remove_selection (roster, *sel, index);
  return evaluate_edit (roster, start);
}

G_GNUC_NO_INLINE static double
edit_put_back (MusterBsRoster    *roster,
               MusterBsForce     *force,
               guint              index,
               MusterBsSelection *sel)
{
  gint64 start = g_get_monotonic_time ();

  muster_bs_roster_insert_selection (roster, force, NULL, index, sel);
  return evaluate_edit (roster, start);
}

G_GNUC_NO_INLINE static double
edit_add (MusterBsRoster     *roster,
          MusterBsForce      *force,
          const char         *entry_id,
          MusterBsSelection **added)
{
  gint64 start = g_get_monotonic_time ();

  *added = muster_bs_roster_select (roster, force, NULL, entry_id, NULL, NULL);
  return evaluate_edit (roster, start);
}

G_GNUC_NO_INLINE static double
edit_set_limit (MusterBsRoster *roster,
                const char     *pts,
                double          limit)
{
  gint64 start = g_get_monotonic_time ();

  muster_bs_roster_set_cost_limit (roster, pts, limit);
  return evaluate_edit (roster, start);
}

typedef struct
{
  const char *what;
  double      total, max, cpu, max_cpu;
  guint       n;
} EditTiming;

/* Adds an edit that took @ms (wall) and, since @cpu_start, CPU time. */
static void
record (EditTiming *t,
        double      ms,
        double      cpu_start)
{
  double cpu = thread_cpu_ms () - cpu_start;

  t->total += ms;
  t->max = MAX (t->max, ms);
  t->cpu += cpu;
  t->max_cpu = MAX (t->max_cpu, cpu);
  t->n++;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

typedef struct
{
  double wall[SAVE_RUNS], cpu[SAVE_RUNS];
} SaveTiming;

/* Saves @roster to bytes; the time taken goes in @t as run @run. */
static GBytes *
timed_save (MusterBsRoster *roster,
            SaveTiming     *t,
            guint           run)
{
  g_autoptr(GError) error = NULL;
  double cpu_start = thread_cpu_ms ();
  gint64 start = g_get_monotonic_time ();
  GBytes *bytes = muster_bs_roster_save (roster, FALSE, &error);

  t->wall[run] = (g_get_monotonic_time () - start) / 1e3;
  t->cpu[run] = thread_cpu_ms () - cpu_start;
  if (bytes == NULL)
    g_error ("the roster did not save: %s", error->message);
  return bytes;
}

static void
print_save (const char *what,
            SaveTiming *t,
            gsize       size)
{
  qsort (t->wall, SAVE_RUNS, sizeof (double), compare_doubles);
  qsort (t->cpu, SAVE_RUNS, sizeof (double), compare_doubles);
  g_print ("  save its .ros (%.0f kB) to bytes, %s: %.2f ms median, %.2f ms worst (CPU %.2f ms "
           "median, %.2f ms worst) over %u (target well under 16 ms)\n", size / 1e3, what,
           t->wall[SAVE_RUNS / 2], t->wall[SAVE_RUNS - 1], t->cpu[SAVE_RUNS / 2],
           t->cpu[SAVE_RUNS - 1], SAVE_RUNS);
}

/* Saving the roster as the app's autosave does, on the thread that edits it (issue 21: the
 * main-thread part of an autosave well under a frame, 16 ms): after an edit (a count, each time
 * another root selection's, re-costed and re-validated first as the view does), and after it is
 * undone, when the bytes must be @saved's again. */
static void
bench_save (MusterBsRoster *roster,
            GBytes         *saved)
{
  SaveTiming edited, undone;
  guint run = 0;

  while (run < SAVE_RUNS)
    for (guint f = 0; f < muster_bs_roster_get_n_forces (roster) && run < SAVE_RUNS; f++)
      {
        MusterBsForce *force = muster_bs_roster_get_force (roster, f);

        for (guint i = 0; i < muster_bs_force_get_n_selections (force) && run < SAVE_RUNS; i++)
          {
            MusterBsSelection *sel = muster_bs_force_get_selection (force, i);
            int count = muster_bs_selection_get_number (sel);
            g_autoptr(GBytes) after_edit = NULL;
            g_autoptr(GBytes) after_undo = NULL;

            edit_set_count (roster, sel, count + 1);
            after_edit = timed_save (roster, &edited, run);
            edit_set_count (roster, sel, count);
            after_undo = timed_save (roster, &undone, run);
            if (!g_bytes_equal (after_undo, saved))
              g_error ("saving the roster again gave other bytes");
            run++;
          }
      }
  print_save ("after an edit", &edited, g_bytes_get_size (saved));
  print_save ("after its undo", &undone, g_bytes_get_size (saved));
}

static void
bench_roster (MusterBsData       *data,
              const MusterBsNode *catalogue)
{
  const char *pts = cost_type_named (data, "pts");
  g_autoptr(MusterBsRoster) roster = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) findings = NULL;
  EditTiming edits[] = {
    { "set a selection's count" }, { "remove a unit" }, { "put it back" },
    { "add a unit" }, { "set the cost limit" },
  };
  EditTiming first_edit = { "first edit after opening" };
  EditTiming first_save = { "first save after opening" };
  double open_best = G_MAXDOUBLE, open_cpu = G_MAXDOUBLE, build_ms;
  guint n_selections = 0, n_units = 0;
  gint64 start = g_get_monotonic_time ();

  if (pts == NULL)
    {
      g_print ("roster: no \"pts\" cost type in the game system; skipped\n");
      return;
    }
  roster = build_roster (data, catalogue, 2000, pts);
  evaluate (roster, start);
  build_ms = (g_get_monotonic_time () - start) / 1e3;
  for (guint f = 0; f < muster_bs_roster_get_n_forces (roster); f++)
    {
      MusterBsForce *force = muster_bs_roster_get_force (roster, f);

      n_units += muster_bs_force_get_n_selections (force);
      for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
        n_selections += count_selections (muster_bs_force_get_selection (force, i));
    }
  findings = muster_bs_roster_get_findings (roster);
  g_print ("roster: %g pts in %u forces, %u root selections, %u selections in all, %u findings; "
           "built through the API in %.1f ms\n", roster_cost (roster, pts),
           muster_bs_roster_get_n_forces (roster), n_units, n_selections, findings->len, build_ms);

  for (guint f = 0; f < muster_bs_roster_get_n_forces (roster); f++)
    {
      MusterBsForce *force = muster_bs_roster_get_force (roster, f);
      MusterBsSelection *detachment = find_root_selection (force, "Detachment");
      gboolean chosen = detachment && muster_bs_selection_get_n_children (detachment) > 0;

      g_print ("  force %u: %g pts, %s%s\n", f + 1,
               cost_in (muster_bs_force_get_costs (force), pts),
               chosen ? "detachment " : "no detachment",
               chosen ? muster_bs_selection_get_name (muster_bs_selection_get_child (detachment, 0))
                      : "");
    }
  for (guint i = 0; i < findings->len && i < 5; i++)
    g_print ("  finding: %s\n", ((MusterBsFinding *) findings->pdata[i])->message);

  saved = muster_bs_roster_save (roster, FALSE, &error);
  g_assert (saved != NULL);
  bench_save (roster, saved);
  for (guint run = 0; run < RUNS; run++)
    {
      g_autoptr(MusterBsRoster) opened = NULL;
      double cpu = thread_cpu_ms ();

      start = g_get_monotonic_time ();
      opened = muster_bs_roster_load (data, "bench.ros", saved, &error);
      if (opened == NULL)
        g_error ("the saved roster does not open: %s", error->message);
      open_best = MIN (open_best, evaluate (opened, start));
      open_cpu = MIN (open_cpu, thread_cpu_ms () - cpu);
      /* The first edit after opening finds nothing worked out ahead for it */
      {
        MusterBsForce *force = muster_bs_roster_get_force (opened, 1);
        MusterBsSelection *sel = muster_bs_force_get_selection (force, 3);

        cpu = thread_cpu_ms ();
        record (&first_edit, edit_set_count (opened, sel, muster_bs_selection_get_number (sel) + 1),
                cpu);
        /* and an autosave after it: the first save works out what no view asked for yet */
        cpu = thread_cpu_ms ();
        start = g_get_monotonic_time ();
        g_bytes_unref (muster_bs_roster_save (opened, FALSE, &error));
        record (&first_save, (g_get_monotonic_time () - start) / 1e3, cpu);
      }
    }
  g_print ("  open its .ros (%.0f kB), costed and validated: %.1f ms (%.1f ms CPU; target < "
           "100 ms)\n", g_bytes_get_size (saved) / 1e3, open_best, open_cpu);
  g_print ("  first edit after opening it (a count), re-costed and re-validated: %.2f ms max "
           "(%.2f ms CPU) over %u (target < 5 ms)\n", first_edit.max, first_edit.max_cpu,
           first_edit.n);
  g_print ("  first save of it to bytes (an autosave after that edit): %.2f ms max (%.2f ms CPU) "
           "over %u (target well under 16 ms)\n", first_save.max, first_save.max_cpu,
           first_save.n);

  /* Every root selection of every force, edited in turn. */
  for (guint f = 0; f < muster_bs_roster_get_n_forces (roster); f++)
    {
      MusterBsForce *force = muster_bs_roster_get_force (roster, f);

      for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
        {
          MusterBsSelection *sel = muster_bs_force_get_selection (force, i);
          MusterBsSelection *added;
          const char *entry_id = muster_bs_selection_get_entry_id (sel);
          int count = muster_bs_selection_get_number (sel);
          double cpu;
          guint index;

          cpu = thread_cpu_ms ();
          record (&edits[0], edit_set_count (roster, sel, count + 1), cpu);
          muster_bs_roster_set_count (roster, sel, count);

          cpu = thread_cpu_ms ();
          record (&edits[1], edit_remove (roster, &sel, &index), cpu);
          cpu = thread_cpu_ms ();
          record (&edits[2], edit_put_back (roster, force, index, sel), cpu);

          cpu = thread_cpu_ms ();
          record (&edits[3], edit_add (roster, force, entry_id, &added), cpu);
          if (added != NULL)
            muster_bs_selection_free (muster_bs_roster_remove_selection (roster, added, &index));

          cpu = thread_cpu_ms ();
          record (&edits[4], edit_set_limit (roster, pts, 2000 + i), cpu);
        }
    }
  for (guint k = 0; k < G_N_ELEMENTS (edits); k++)
    g_print ("  edit: %s, re-costed and re-validated: %.2f ms mean (%.2f ms CPU), %.2f ms max "
             "(%.2f ms CPU) over %u (target < 5 ms)\n", edits[k].what,
             edits[k].n ? edits[k].total / edits[k].n : 0,
             edits[k].n ? edits[k].cpu / edits[k].n : 0, edits[k].max, edits[k].max_cpu,
             edits[k].n);
}

static void
print_timing (const char *what,
              Timing      t)
{
  g_print ("%s: %.1f ms wall, %.1f ms CPU\n", what, t.wall * 1e3, t.cpu * 1e3);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GPtrArray) marines = NULL;
  g_autoptr(MusterBsData) whole = NULL;
  g_autofree char *marines_names = NULL;
  struct rusage usage;
  Timing lint, load, sm;
  guint64 bytes = 0;
  guint n_nodes = 0, n_sm = 0;
  gboolean edits_only = argc > 1 && strcmp (argv[1], "--edits") == 0;

  if (edits_only)
    argc--, argv++;
  if (argc > 1)
    dir = g_strdup (argv[1]);
  else if (g_getenv ("MUSTER_BSDATA") != NULL && *g_getenv ("MUSTER_BSDATA") != '\0')
    dir = g_build_filename (g_getenv ("MUSTER_BSDATA"), "wh40k-10e", NULL);
  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_print ("skipped: no BattleScribe data folder (give one, or configure with -Dbsdata=)\n");
      return 0;
    }

  files = list_data_files (dir);
  if (files->len == 0 || !g_str_has_suffix (files->pdata[0], ".gst"))
    g_error ("%s: no game system (.gst) in the folder", dir);
  for (guint i = 0; i < files->len; i++)
    {
      GStatBuf st;

      if (g_stat (files->pdata[i], &st) == 0)
        bytes += st.st_size;
    }
  g_print ("%s: %u files, %.1f MB\n", dir, files->len, bytes / 1e6);
  if (edits_only)
    {
      whole = load_files (files);
      goto roster;
    }

  lint = time_xmllint (files);
  load = time_load (files, &n_nodes);
  getrusage (RUSAGE_SELF, &usage);
  print_timing ("xmllint --noout, every file", lint);
  print_timing ("load and index, every file", load);
  g_print ("  %u nodes; ratio to xmllint: %.2f wall, %.2f CPU (target <= 1.5)\n", n_nodes,
           load.wall / lint.wall, load.cpu / lint.cpu);
  g_print ("peak memory with the whole set loaded (maxrss): %.1f MB (target < 400 MB)\n",
           usage.ru_maxrss / 1024.0);

  whole = load_files (files);
  marines = catalogue_with_imports (files, whole, "Imperium - Space Marines");
  if (marines->len > 1)
    {
      GString *names = g_string_new (NULL);

      for (guint i = 1; i < marines->len; i++)
        {
          g_autofree char *base = g_path_get_basename (marines->pdata[i]);

          g_string_append_printf (names, "%s%s", i > 1 ? ", " : "", base);
        }
      marines_names = g_string_free (names, FALSE);
      sm = time_load (marines, &n_sm);
      g_print ("Space Marines with imports (%s)\n", marines_names);
      print_timing ("  load and index", sm);
      g_print ("  %u nodes (target < 300 ms)\n", n_sm);
    }
  else
    g_print ("Space Marines: no \"Imperium - Space Marines\" catalogue in %s\n", dir);

roster:
  for (guint i = 0; i < muster_bs_data_get_catalogues (whole)->len; i++)
    {
      const MusterBsNode *cat = muster_bs_data_get_catalogues (whole)->pdata[i];

      if (cat->text != NULL &&
          g_str_has_suffix (cat->text, G_DIR_SEPARATOR_S "Imperium - Space Marines.cat"))
        bench_roster (whole, cat);
    }

  return 0;
}
