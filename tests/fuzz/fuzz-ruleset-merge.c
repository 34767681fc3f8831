/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: a house-rule file laid over the shipped Battle Valor Fantasy ruleset
 * (muster_ruleset_merge()) merges or fails with an error naming the file, and what merges
 * costs a unit of each of its types. */
#include "config.h"

#include "fuzz-common.h"

FUZZ_INITIALIZE_WITH_BVF_RULESET ()

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) house = muster_ruleset_new_from_bytes (bytes, "fuzz.xml", &error);
  g_autoptr(MusterRuleset) merged = NULL;
  g_autoptr(MusterDoc) doc = NULL;
  const GPtrArray *types;
  MusterForce *force;

  if (house == NULL)
    return 0;
  if (!(merged = muster_ruleset_merge (fuzz_bvf_ruleset (), house, &error)))
    {
      FUZZ_CHECK (error != NULL && g_str_has_prefix (error->message, "fuzz.xml"),
                  "a merge failed without an error naming the file: %s",
                  error ? error->message : "(no error)");
      return 0;
    }

  doc = muster_doc_new (muster_ruleset_get_id (merged), muster_ruleset_get_version (merged));
  muster_doc_set_ruleset (doc, merged);
  muster_doc_insert_force (doc, 0, muster_force_new ("Host", 1000));
  force = muster_doc_get_force (doc, 0);
  types = muster_ruleset_list (merged, MUSTER_ITEM_UNIT_TYPE);
  for (guint i = 0; i < types->len && i < 64; i++)
    {
      const MusterUnitType *type = types->pdata[i];

      muster_node_insert_unit (muster_force_get_root (force), 0,
                               muster_unit_new (type->item.id, type->default_size));
    }
  {
    g_autoptr(GPtrArray) issues = muster_validate_doc (doc);

    for (guint i = 0; i < issues->len; i++)
      FUZZ_CHECK (((MusterIssue *) issues->pdata[i])->message != NULL,
                  "a finding without a message");
  }
  return 0;
}
