/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target, the slow and thorough one: whatever loads is costed and validated against
 * the shipped Battle Valor Fantasy ruleset, edited a little under a watching validator, and the
 * validator must agree with a fresh evaluation after each edit. The fast paths are the other
 * fuzz-doc-* targets (load; save round trip; load and validate). */
#include "config.h"

#include "fuzz-common.h"

FUZZ_INITIALIZE_WITH_BVF_RULESET ()

static char *
describe (GPtrArray *issues)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < issues->len; i++)
    {
      const MusterIssue *issue = issues->pdata[i];

      g_string_append_printf (out, "%d %s %s %s %s\n", issue->severity, issue->constraint,
                              issue->path, issue->location, issue->message);
    }
  return g_string_free (out, FALSE);
}

static void
assert_agrees (MusterValidator *validator)
{
  g_autoptr(GPtrArray) live = muster_validator_list (validator);
  g_autoptr(GPtrArray) fresh = muster_validate_doc (muster_validator_get_doc (validator));
  g_autofree char *a = describe (live);
  g_autofree char *b = describe (fresh);

  if (g_strcmp0 (a, b) != 0)
    FUZZ_FAIL ("incremental validation differs from a fresh one:\n%s---\n%s", a, b);
}

/* A few edits of every kind the validator follows, each checked. */
static void
edit_and_check (MusterDoc *doc)
{
  g_autoptr(MusterValidator) validator = muster_validator_new (doc);

  assert_agrees (validator);
  for (guint f = 0; f < muster_doc_get_n_forces (doc) && f < 4; f++)
    {
      MusterForce *force = muster_doc_get_force (doc, f);
      MusterNode *root = muster_force_get_root (force);
      MusterUnit *unit;

      muster_force_set_points_limit (force, muster_force_get_points_limit (force) + 500);
      assert_agrees (validator);
      g_free (muster_force_set_setting (force, "optional-limits", "on"));
      assert_agrees (validator);
      muster_node_insert_unit (root, 0, muster_unit_new ("wizard", 1));
      assert_agrees (validator);
      unit = muster_node_get_unit (root, 0);
      muster_unit_set_size (unit, 2);
      muster_unit_set_option (unit, "elite", 1);
      assert_agrees (validator);
      if (muster_node_get_n_nodes (root) > 0)
        {
          muster_node_move_unit (root, 0, muster_node_get_node (root, 0), 0);
          assert_agrees (validator);
          muster_node_free (muster_node_remove_node (root, 0));
        }
      else
        muster_unit_free (muster_node_remove_unit (root, 0));
      assert_agrees (validator);
      g_free (muster_force_set_setting (force, "optional-limits", NULL));
      assert_agrees (validator);
    }
  FUZZ_CHECK (muster_validator_is_legal (validator) ==
              (muster_validator_count (validator, MUSTER_SEVERITY_ERROR) == 0),
              "legal disagrees with the count of errors");
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(MusterDoc) doc = fuzz_load_doc (data, size);

  if (doc == NULL)
    return 0;
  muster_doc_set_ruleset (doc, fuzz_bvf_ruleset ());
  edit_and_check (doc);
  return 0;
}
