/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Generating a battlefield, per rule system: reading the ruleset's <generation> block, and one
 * run on a 6 × 4 ft table (and on a 12 × 6 ft one for the random terrain, whose piece count
 * grows with the area). Figures only; the Generate button needs no more than feeling instant. */
#include "config.h"

#include "muster-engine.h"
#include "muster-bench-util.h"

typedef struct
{
  GBytes          *bytes;
  MusterGenerator *generator;
  double           width, height;
  GHashTable      *choices;
  guint64          seed;
} Bench;

static void
load (gpointer data)
{
  Bench *b = data;
  g_autoptr(MusterGenerator) generator = muster_generator_new_from_bytes (b->bytes, "bench", NULL);

  g_assert (generator != NULL);
}

static void
run (gpointer data)
{
  Bench *b = data;
  g_autoptr(MusterGeneration) generation = muster_generator_run (b->generator, b->width,
                                                                 b->height, NULL, b->choices,
                                                                 b->seed++, NULL);

  g_assert (generation != NULL);
}

int
main (void)
{
  static const struct { const char *system; const char *option, *choice; } cases[] = {
    { "undying-lands", "grid", "squares-20" },
    { "horse-and-musket", "map", "random" },
    { "standards-of-valor", "density", "dense" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *file = g_strconcat (cases[i].system, ".xml", NULL);
      g_autofree char *path = g_build_filename (g_getenv ("MUSTER_RULESETS_PATH"), file, NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GHashTable) choices = g_hash_table_new (g_str_hash, g_str_equal);
      Bench b = { NULL, NULL, 1828.8, 1219.2, choices, 1 };
      gsize length;

      if (!g_file_get_contents (path, &contents, &length, NULL))
        g_error ("cannot read %s", path);
      b.bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
      b.generator = muster_generator_new_from_bytes (b.bytes, file, NULL);
      g_hash_table_insert (choices, (gpointer) cases[i].option, (gpointer) cases[i].choice);
      g_print ("%s: read the ruleset's generation block %.3f ms\n", cases[i].system,
               time_per_call (load, &b) * 1e3);
      g_print ("%s: generate a 6 x 4 ft battlefield (%s=%s) %.3f ms\n", cases[i].system,
               cases[i].option, cases[i].choice, time_per_call (run, &b) * 1e3);
      b.width = 3657.6;
      b.height = 1828.8;
      g_print ("%s: generate a 12 x 6 ft battlefield %.3f ms\n", cases[i].system,
               time_per_call (run, &b) * 1e3);
      muster_generator_free (b.generator);
      g_bytes_unref (b.bytes);
    }
  return 0;
}
