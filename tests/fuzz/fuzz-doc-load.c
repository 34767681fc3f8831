/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target, the fast path: any bytes given to the document loader load or fail with
 * an error naming the file; never a crash, a hang or a leak. */
#include "config.h"

#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(MusterDoc) doc = fuzz_load_doc (data, size);

  (void) doc;  /* only loaded, and freed on return */
  return 0;
}
