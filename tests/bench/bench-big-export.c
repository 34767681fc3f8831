/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "muster-engine.h"

/*
 * Big documents (issue 20): what loading, validating and exporting them costs in memory and
 * time. Two documents are generated in a temporary folder:
 *   - "100k": 100,000 Battle Valor Fantasy units in two forces, 2,000 of them placed;
 *   - "31MB": units each placed and with notes, up to 31 MB (just under the 32 MiB cap).
 * Both are indented as Muster saves them. Each step runs in a child process, so that its peak RSS (wait4's ru_maxrss) and CPU time
 * (user + system) are its own: loading (this program with --load, reading the file and costing
 * it as muster-cli does), `muster-cli validate`, and `muster-cli export` in every format.
 *
 * Usage: bench-big-export MUSTER-CLI [DOC …]   (DOC: 100k, 31MB; both by default)
 *        bench-big-export --load FILE
 *        bench-big-export --save FILE
 *        bench-big-export --generate DOC FILE
 */

#define N_UNITS_100K 100000
#define N_PLACED_100K 2000
#define SIZE_31MB 31000000

/* An option on a line of its own, as Muster saves it. */
#define OPT(id) "\n      <option id='" id "'/>"

static const struct
{
  const char *type;
  guint size;
  guint files;
  const char *options;
} kinds[] = {
  { "infantry", 12, 6, OPT ("veteran") OPT ("double-handed") OPT ("heavy-armour")
                       OPT ("command-stand") },
  { "infantry", 10, 5, OPT ("regular") OPT ("missile") OPT ("light-armour") },
  { "infantry", 8, 4, OPT ("levy") OPT ("pole") OPT ("shields") },
  { "cavalry", 6, 3, OPT ("regular") OPT ("horses") OPT ("medium-armour") },
  { "heavy-infantry", 6, 3, OPT ("elite") OPT ("halberd") },
  { "shock-troops", 3, 3, OPT ("regular") },
  { "war-machine", 1, 1, OPT ("regular") OPT ("bolt-thrower") },
  { "wizard", 1, 1, OPT ("regular") },
  { "captain", 1, 1, OPT ("veteran") },
  { "flier", 4, 2, OPT ("veteran") },
};

/* Units 1 … @n_units (or, with @n_units 0, until the text reaches @size bytes), in two forces
 * of alternating units; the first @n_placed placed on a grid (all when @n_placed is
 * G_MAXUINT), each with a line of notes when @notes. */
static char *
generate (guint     n_units,
          gsize     size,
          guint     n_placed,
          gboolean  notes)
{
  g_autoptr(GString) north = g_string_new (NULL);
  g_autoptr(GString) south = g_string_new (NULL);
  GString *forces[2] = { north, south };
  g_autoptr(GString) placements = g_string_new (NULL);
  GString *xml = g_string_new ("<?xml version='1.0' encoding='UTF-8'?>\n<muster format='1'>"
                               "<ruleset id='battle-valor-fantasy' version='1.0'/>"
                               "<title>Big battle</title>\n");
  const double table = 90000.0, step = 300.0;
  const guint per_row = (guint) (table / step) - 1;

  for (guint i = 1; n_units > 0 ? i <= n_units
                                : forces[0]->len + forces[1]->len + placements->len < size;
       i++)
    {
      guint k = i % G_N_ELEMENTS (kinds), side = i % 2;

      g_string_append_printf (forces[side], "    <unit id='u%u' type='%s' size='%u' "
                              "name='Unit %u'>%s",
                              i, i == 1 || i == 2 ? "general" : kinds[k].type,
                              i <= 2 ? 1 : kinds[k].size, i, i <= 2 ? "" : kinds[k].options);
      if (notes)
        g_string_append_printf (forces[side], "\n      <notes>Unit %u of the %s host: holds the line "
                                "beside its neighbours until the signal.</notes>", i,
                                side ? "southern" : "northern");
      g_string_append (forces[side], "\n    </unit>\n");
      if (i <= n_placed)
        {
          guint cell = i - 1;

          g_string_append_printf (placements, "    <placement id='p%u' unit='u%u' x='%g' y='%g' "
                                  "facing='%d' formation='line' stands='%u' files='%u' "
                                  "base-width='40' base-depth='40'/>\n", i, i,
                                  step * (1 + cell % per_row), step * (1 + cell / per_row),
                                  side ? -90 : 90, i <= 2 ? 1 : kinds[k].size,
                                  i <= 2 ? 1 : kinds[k].files);
        }
    }

  for (guint side = 0; side < 2; side++)
    g_string_append_printf (xml, "<force id='f%u' name='%s Host' side='%s' points='100000000'>"
                            "<setting variant='optional-limits' value='on'/>\n%s</force>\n",
                            side + 1, side ? "Southern" : "Northern", side ? "South" : "North",
                            forces[side]->str);
  g_string_append_printf (xml, "<battlefield width='%g' height='%g' units='in' grid='304.8'>\n",
                          table, table);
  for (guint t = 0; t < 20; t++)
    g_string_append_printf (xml, "<terrain id='t%u' type='%s' name='Wood %u' shape='ellipse' "
                            "x='%g' y='%g' width='900' height='600' rotation='10'/>\n", t + 1,
                            t % 2 ? "woods" : "hill", t + 1, 2000.0 + t * 4000, 45000.0);
  g_string_append_printf (xml, "%s<scenario turn-limit='6'><title>Big battle</title>"
                          "<briefing side='North'>Hold.</briefing>"
                          "<briefing side='South'>Take the hill.</briefing></scenario>"
                          "</battlefield>\n</muster>\n", placements->str);
  return g_string_free (xml, FALSE);
}

/* The child's part of "load": what muster_cli_load_doc() does; and of "save", then the
 * document written to bytes as a save (or the app's export, from a snapshot) does. */
static int
load (const char *file,
      gboolean    save)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  g_autoptr(MusterRuleset) ruleset = NULL;

  if (!(bytes = muster_file_read (file, &error)) ||
      !(doc = muster_doc_new_from_bytes (bytes, file, &error)) ||
      !(ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (doc), &error)))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  muster_doc_set_ruleset (doc, ruleset);
  if (save)
    g_bytes_unref (muster_doc_to_bytes (doc));
  return 0;
}

/* Runs @argv with stdout to /dev/null and prints a line: peak RSS, CPU, wall, and the size of
 * @output when there is one. */
static void
run (const char  *doc_name,
     const char  *step,
     char       **argv,
     const char  *output)
{
  gint64 start = g_get_monotonic_time ();
  struct rusage usage;
  GStatBuf st;
  int status;
  pid_t pid;

  fflush (stdout);
  if ((pid = fork ()) == 0)
    {
      if (!freopen ("/dev/null", "w", stdout))
        _exit (127);
      execv (argv[0], argv);
      _exit (127);
    }
  g_assert_cmpint (pid, >, 0);
  g_assert_cmpint (wait4 (pid, &status, 0, &usage), ==, pid);
  printf ("%-5s %-13s peak %7.1f MB  CPU %7.2f s  wall %7.2f s", doc_name, step,
          usage.ru_maxrss / 1024.0,
          usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
          (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
          (g_get_monotonic_time () - start) / 1e6);
  if (!WIFEXITED (status) || WEXITSTATUS (status) > 1)
    printf ("  FAILED (status %d)", status);
  else if (output != NULL && g_stat (output, &st) == 0)
    printf ("  %.1f MB written", st.st_size / 1e6);
  printf ("\n");
  if (output != NULL)
    g_unlink (output);
}

static void
bench_doc (const char *self,
           const char *cli,
           const char *dir,
           const char *doc_name)
{
  static const struct
  {
    const char *step;
    const char *args[5];
  } exports[] = {
    { "export txt", { "--format", "txt" } },
    { "export list", { "--format", "pdf", "--sheet", "list" } },
    { "export cards", { "--format", "pdf", "--sheet", "cards" } },
    { "export packet", { "--format", "pdf", "--sheet", "packet" } },
    { "export png", { "--format", "png" } },
    { "export svg", { "--format", "svg" } },
  };
  g_autofree char *file = g_strdup_printf ("%s/%s.muster", dir, doc_name);
  g_autofree char *out = g_strdup_printf ("%s/%s.out", dir, doc_name);
  g_autofree char *xml = NULL;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (doc_name, "100k") == 0)
    xml = generate (N_UNITS_100K, 0, N_PLACED_100K, FALSE);
  else
    xml = generate (0, SIZE_31MB, G_MAXUINT, TRUE);
  g_file_set_contents (file, xml, -1, &error);
  g_assert_no_error (error);
  printf ("%-5s generated: %.1f MB\n", doc_name, strlen (xml) / 1e6);
  g_clear_pointer (&xml, g_free);

  run (doc_name, "load", (char *[]) { (char *) self, "--load", file, NULL }, NULL);
  run (doc_name, "load + save", (char *[]) { (char *) self, "--save", file, NULL }, NULL);
  run (doc_name, "validate", (char *[]) { (char *) cli, "validate", file, NULL }, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    {
      char *argv[10] = { (char *) cli, "export", file, "-o", out };
      guint n = 5;

      for (guint a = 0; a < G_N_ELEMENTS (exports[i].args) && exports[i].args[a]; a++)
        argv[n++] = (char *) exports[i].args[a];
      run (doc_name, exports[i].step, argv, out);
    }
  g_unlink (file);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  g_autoptr(GError) error = NULL;

  if (argc == 3 && g_strcmp0 (argv[1], "--load") == 0)
    return load (argv[2], FALSE);
  if (argc == 3 && g_strcmp0 (argv[1], "--save") == 0)
    return load (argv[2], TRUE);
  /* The document alone, for a profiler (massif) to load: --generate 31MB FILE */
  if (argc == 4 && g_strcmp0 (argv[1], "--generate") == 0)
    {
      g_autofree char *xml = g_strcmp0 (argv[2], "100k") == 0
                               ? generate (N_UNITS_100K, 0, N_PLACED_100K, FALSE)
                               : generate (0, SIZE_31MB, G_MAXUINT, TRUE);

      g_file_set_contents (argv[3], xml, -1, &error);
      g_assert_no_error (error);
      return 0;
    }
  if (argc < 2)
    {
      g_printerr ("usage: %s MUSTER-CLI [100k|31MB …]\n", argv[0]);
      return 2;
    }

  dir = g_dir_make_tmp ("muster-big-XXXXXX", &error);
  g_assert_no_error (error);
  if (argc == 2)
    {
      bench_doc (argv[0], argv[1], dir, "100k");
      bench_doc (argv[0], argv[1], dir, "31MB");
    }
  for (int i = 2; i < argc; i++)
    bench_doc (argv[0], argv[1], dir, argv[i]);
  g_rmdir (dir);
  return 0;
}
