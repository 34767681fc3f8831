/* SPDX-License-Identifier: GPL-3.0-or-later */
/* BattleScribe data, against the targets of issue 18: a whole BSData folder loaded and indexed
 * in at most 1.5 times what `xmllint --noout` takes to parse the same files (measured here, in
 * the same run), one catalogue with its imports (Space Marines: < 300 ms), and the peak memory
 * of the whole set (< 400 MB).
 *
 * bench-battlescribe [DIR]: DIR is a data folder (e.g. the BSData wh40k-10e set); without it,
 * $MUSTER_BSDATA/wh40k-10e (the `bsdata` meson option); with neither, a skip line. Each figure
 * is the best of a few runs, in wall time and in CPU time (the machine is shared: CPU time is
 * what the loading itself costs). */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "muster-bs-data.h"

#define RUNS 3

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

  return 0;
}
