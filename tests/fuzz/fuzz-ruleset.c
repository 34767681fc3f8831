/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: the ruleset loader (users share house rules) never crashes, hangs or
 * leaks, whatever the bytes; nor does the battlefield generator that reads them. */
#include "config.h"

#include "muster-engine.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = muster_ruleset_new_from_bytes (bytes, "fuzz.xml", &error);

  g_autoptr(GError) generate_error = NULL;
  g_autoptr(MusterGenerator) generator = muster_generator_new_from_bytes (bytes, "fuzz.xml",
                                                                          &generate_error);

  if (ruleset == NULL)
    {
      g_assert (error != NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.xml"));
    }
  /* the battlefield generator reads the same file, and runs whatever numbers it holds */
  if (generator != NULL)
    {
      g_autoptr(MusterGeneration) generation = muster_generator_run (generator, 1828.8, 1219.2,
                                                                     NULL, NULL, 1, NULL);

      g_assert (generation == NULL || generation->notes != NULL);
    }
  else if (generate_error != NULL)
    g_assert (g_str_has_prefix (generate_error->message, "fuzz.xml"));
  return 0;
}
