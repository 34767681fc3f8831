/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: the ruleset loader (users share house rules) never crashes, hangs or
 * leaks, whatever the bytes. */
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

  if (ruleset == NULL)
    {
      g_assert (error != NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.xml"));
    }
  return 0;
}
