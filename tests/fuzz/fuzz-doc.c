/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: any bytes given to the document loader fail cleanly or load, never crash,
 * hang or leak, and what loads saves and loads again. Whatever loads is also costed and
 * validated against the shipped Battle Valor Fantasy ruleset, edited a little under a watching
 * validator, and the validator must agree with a fresh evaluation after each edit. */
#include "config.h"

#include "muster-engine.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static MusterRuleset *
bvf_ruleset (void)
{
  static MusterRuleset *bvf;

  if (bvf == NULL)
    {
      g_autoptr(GError) error = NULL;

      bvf = muster_ruleset_new_from_file (MUSTER_FUZZ_BVF_RULESET, &error);
      if (bvf == NULL)
        g_error ("%s", error->message);
    }
  return bvf;
}

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
    g_error ("incremental validation differs from a fresh one:\n%s---\n%s", a, b);
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
  g_assert (muster_validator_is_legal (validator) ==
            (muster_validator_count (validator, MUSTER_SEVERITY_ERROR) == 0));
}

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

  /* Cost and validate whatever loaded, whichever ruleset it names. */
  muster_doc_set_ruleset (doc, bvf_ruleset ());
  {
    g_autoptr(GPtrArray) issues = muster_validate_doc (doc);

    for (guint i = 0; i < issues->len; i++)
      g_assert (((MusterIssue *) issues->pdata[i])->message != NULL);
  }
  edit_and_check (doc);
  return 0;
}
