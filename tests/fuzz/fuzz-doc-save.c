/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: whatever document loads, Muster saves as a file that loads again, and
 * saving that gives the same bytes (a placement without an id once saved a duplicate id). */
#include "config.h"

#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(MusterDoc) doc = fuzz_load_doc (data, size);
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) again_saved = NULL;
  g_autoptr(MusterDoc) again = NULL;
  g_autoptr(GError) error = NULL;

  if (doc == NULL)
    return 0;
  saved = muster_doc_to_bytes (doc);
  again = muster_doc_new_from_bytes (saved, "saved.muster", &error);
  FUZZ_CHECK (again != NULL, "a loaded document did not load again once saved: %s",
              error ? error->message : "(no error)");
  again_saved = muster_doc_to_bytes (again);
  FUZZ_CHECK (g_bytes_equal (saved, again_saved), "saving a saved document changed it");
  return 0;
}
