/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "muster-test-util.h"

/*
 * The toy system added exactly as src/engine/README.md says a sixth system is added: its
 * folder (this one) and one line in the list of systems. tests/engine/meson.build writes this
 * test's registry from the engine's list plus 'toy', with the engine's own template
 * (src/engine/systems/muster-systems.c.in); linked before the engine, it takes the place of
 * the engine's registry. Nothing registers the toy at run time, yet it is a system like the
 * built-in ones: listed, with its procedure, its cost hook and its generation method.
 */

/* The toy system's one value (systems/toy/muster-system-toy.c). */
extern const MusterSystem muster_system_toy;

static void
test_toy_listed (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "engine",
                                            "systems", "toy", "toy.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  g_autoptr(MusterDoc) doc = muster_doc_new ("toy", "1");
  MusterForce *force = muster_force_new ("Toys", 100);
  MusterUnit *unit = muster_unit_new ("skirmishers", 4);
  const MusterSystem * const *systems;
  const MusterProcedure * const *procedures;
  guint n_systems, n_procedures;
  char *text;
  gsize length;

  /* Listed after the five built-in systems, in the list's order, its procedure last. */
  systems = muster_system_list (&n_systems);
  g_assert_cmpuint (n_systems, ==, 6);
  g_assert_true (systems[5] == &muster_system_toy);
  g_assert_true (muster_system_lookup ("toy") == &muster_system_toy);
  procedures = muster_procedure_list (&n_procedures);
  g_assert_true (procedures[n_procedures - 1] == muster_procedure_lookup ("toy", "volley"));
  g_assert_nonnull (muster_system_find_generation_method ("toy-rows"));

  /* Its cost hook: 4 figures cost 16, where the data's linear cost would say 4. */
  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GBytes) bytes = g_bytes_new_take (text, length);

    ruleset = muster_ruleset_new_from_bytes (bytes, "toy.xml", &error);
  }
  g_assert_no_error (error);
  g_assert_true (muster_system_for_ruleset (ruleset) == &muster_system_toy);
  muster_doc_insert_force (doc, 0, force);
  muster_node_insert_unit (muster_force_get_root (force), 0, unit);
  muster_doc_set_ruleset (doc, ruleset);
  g_assert_cmpint (muster_unit_get_cost (unit)->value, ==, 16);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/toy-system/listed", test_toy_listed);
  return g_test_run ();
}
