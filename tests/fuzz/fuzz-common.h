/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Shared by the libFuzzer targets. A failure is reported with abort(), which libFuzzer
 * catches and saves as a reproducer; g_error() raises SIGTRAP, which it does not. */

#include <stdio.h>
#include <stdlib.h>

#include "muster-engine.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

#define FUZZ_FAIL(...)                                                                     \
  G_STMT_START {                                                                           \
    fprintf (stderr, __VA_ARGS__);                                                         \
    fputc ('\n', stderr);                                                                  \
    abort ();                                                                              \
  } G_STMT_END

#define FUZZ_CHECK(condition, ...)                                                         \
  G_STMT_START {                                                                           \
    if (!(condition))                                                                      \
      FUZZ_FAIL (__VA_ARGS__);                                                             \
  } G_STMT_END

#ifdef MUSTER_FUZZ_BVF_RULESET
/* The shipped Battle Valor Fantasy ruleset, loaded once per process: the targets that use it
 * load it from LLVMFuzzerInitialize(), so that its load is not timed as an input and a failure
 * to load it is not saved as an input's reproducer. Shared across inputs, it is only read:
 * documents and merged rulesets take a reference and borrow its items. */
static inline MusterRuleset *
fuzz_bvf_ruleset (void)
{
  static MusterRuleset *bvf;

  if (bvf == NULL)
    {
      g_autoptr(GError) error = NULL;

      bvf = muster_ruleset_new_from_file (MUSTER_FUZZ_BVF_RULESET, &error);
      if (bvf == NULL)
        FUZZ_FAIL ("the harness cannot load its ruleset: %s", error->message);
    }
  return bvf;
}

#endif

/* Loads @data as a document; a failure must be a clean error naming the file. */
static inline MusterDoc *
fuzz_load_doc (const guint8 *data,
               size_t        size)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(GError) error = NULL;
  MusterDoc *doc = muster_doc_new_from_bytes (bytes, "fuzz.muster", &error);

  if (doc == NULL)
    FUZZ_CHECK (error != NULL && g_str_has_prefix (error->message, "fuzz.muster"),
                "a document failed without an error naming the file: %s",
                error ? error->message : "(no error)");
  return doc;
}

#ifdef MUSTER_FUZZ_BVF_RULESET
/* LLVMFuzzerInitialize() for the targets that use the Battle Valor Fantasy ruleset. */
#define FUZZ_INITIALIZE_WITH_BVF_RULESET()                                                 \
  int                                                                                      \
  LLVMFuzzerInitialize (int    *argc,                                                      \
                        char ***argv)                                                      \
  {                                                                                        \
    (void) fuzz_bvf_ruleset ();                                                            \
    return 0;                                                                              \
  }
#endif
