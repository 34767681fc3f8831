/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "muster-bench-util.h"
#include "muster-export.h"

/*
 * What a printout costs, on the Cold Beck scenario (a 6′ × 4′ table, 30 units, 10 terrain
 * pieces): the scenario packet as PDF (laying out and drawing every page), the map as PNG and
 * as SVG, and the map at full size (56 A4 tiles). Export runs in the app's main loop, so these
 * are the pauses a user waits through.
 */

typedef struct
{
  MusterDoc           *doc;
  MusterRuleset       *ruleset;
  MusterExportOptions  options;
  gsize                size;
} Bench;

static void
run_export (gpointer data)
{
  Bench *bench = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = muster_export (bench->doc, bench->ruleset, "cold-beck",
                                           &bench->options, &error);

  g_assert_no_error (error);
  bench->size = g_bytes_get_size (bytes);
}

int
main (void)
{
  g_autofree char *file = g_strdup_printf ("%s/data/samples/battle-valor-fantasy-cold-beck.muster",
                                           g_getenv ("MUSTER_SOURCE_ROOT"));
  g_autofree char *xml = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  const struct { const char *what; MusterExportKind kind; MusterMapScale scale; } runs[] = {
    { "scenario packet, PDF", MUSTER_EXPORT_PACKET_PDF, MUSTER_MAP_SCALE_FIT },
    { "map, PNG (1988 px wide)", MUSTER_EXPORT_MAP_PNG, MUSTER_MAP_SCALE_FIT },
    { "map, SVG", MUSTER_EXPORT_MAP_SVG, MUSTER_MAP_SCALE_FIT },
    { "map full size, PDF (57 pages)", MUSTER_EXPORT_MAP_PDF, MUSTER_MAP_SCALE_TABLE },
  };
  Bench bench = { 0 };
  gsize length;

  if (!g_file_get_contents (file, &xml, &length, &error))
    g_error ("%s", error->message);
  bytes = g_bytes_new_take (g_steal_pointer (&xml), length);
  bench.doc = muster_doc_new_from_bytes (bytes, file, &error);
  g_assert_no_error (error);
  bench.ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (bench.doc), &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      double seconds;

      bench.options.kind = runs[i].kind;
      bench.options.scale = runs[i].scale;
      muster_sheet_page_init (&bench.options.page, MUSTER_PAPER_A4, FALSE);
      seconds = time_per_call (run_export, &bench);
      g_print ("%-32s %8.1f ms  %8.0f kB\n", runs[i].what, seconds * 1e3, bench.size / 1024.0);
    }
  muster_ruleset_unref (bench.ruleset);
  muster_doc_free (bench.doc);
  return 0;
}
