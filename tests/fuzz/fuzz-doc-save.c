/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: whatever document loads, Muster saves as a file that loads again, and
 * saving that gives the same bytes (a placement without an id once saved a duplicate id).
 * Loaded with its units' and placements' elements emptied (as big documents are), it saves
 * the same bytes as loaded whole. */
#include "config.h"

#include "fuzz-common.h"
#include "muster-army-private.h"

static MusterDoc *
load_emptied (const guint8 *data,
              size_t        size)
{
  gsize from = _muster_doc_compact_from;
  MusterDoc *doc;

  _muster_doc_compact_from = 0;
  doc = fuzz_load_doc (data, size);
  _muster_doc_compact_from = from;
  return doc;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(MusterDoc) doc = fuzz_load_doc (data, size);
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) again_saved = NULL;
  g_autoptr(MusterDoc) again = NULL;
  g_autoptr(MusterDoc) emptied = NULL;
  g_autoptr(GBytes) emptied_saved = NULL;
  g_autoptr(GError) error = NULL;

  if (doc == NULL)
    return 0;
  saved = muster_doc_to_bytes (doc);
  emptied = load_emptied (data, size);
  FUZZ_CHECK (emptied != NULL, "a document loaded whole but not with its elements emptied");
  emptied_saved = muster_doc_to_bytes (emptied);
  FUZZ_CHECK (g_bytes_equal (saved, emptied_saved),
              "a document loaded with its elements emptied saved otherwise than loaded whole");
  again = muster_doc_new_from_bytes (saved, "saved.muster", &error);
  FUZZ_CHECK (again != NULL, "a loaded document did not load again once saved: %s",
              error ? error->message : "(no error)");
  again_saved = muster_doc_to_bytes (again);
  FUZZ_CHECK (g_bytes_equal (saved, again_saved), "saving a saved document changed it");
  return 0;
}
