/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: whatever document loads is costed and validated against the shipped
 * Battle Valor Fantasy ruleset, whichever ruleset it names; every finding has a message and
 * the incremental validator agrees with a fresh evaluation. */
#include "config.h"

#include "fuzz-common.h"

FUZZ_INITIALIZE_WITH_BVF_RULESET ()

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(MusterDoc) doc = fuzz_load_doc (data, size);
  g_autoptr(MusterValidator) validator = NULL;
  g_autoptr(GPtrArray) live = NULL;
  g_autoptr(GPtrArray) fresh = NULL;

  if (doc == NULL)
    return 0;
  muster_doc_set_ruleset (doc, fuzz_bvf_ruleset ());
  validator = muster_validator_new (doc);
  live = muster_validator_list (validator);
  fresh = muster_validate_doc (doc);
  FUZZ_CHECK (live->len == fresh->len, "the validator found %u problems, a fresh check %u",
              live->len, fresh->len);
  for (guint i = 0; i < fresh->len; i++)
    FUZZ_CHECK (((MusterIssue *) fresh->pdata[i])->message != NULL, "a finding without a message");
  FUZZ_CHECK (muster_validator_is_legal (validator) ==
              (muster_validator_count (validator, MUSTER_SEVERITY_ERROR) == 0),
              "legal disagrees with the count of errors");
  return 0;
}
