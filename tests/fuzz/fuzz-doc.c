/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: any bytes given to the document loader fail cleanly or load, never crash,
 * hang or leak, and what loads saves and loads again. */
#include "config.h"

#include "muster-engine.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (bytes, "fuzz.muster", &error);

  if (doc == NULL)
    {
      g_assert (error != NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.muster"));
      return 0;
    }

  {
    g_autoptr(GBytes) saved = muster_doc_to_bytes (doc);
    g_autoptr(GError) error2 = NULL;
    g_autoptr(MusterDoc) again = muster_doc_new_from_bytes (saved, "saved.muster", &error2);

    if (again == NULL)
      g_error ("a loaded document did not reload after saving: %s", error2->message);
  }
  return 0;
}
