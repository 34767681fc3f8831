/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "muster-test-util.h"

/*
 * A rule system from outside the engine, registered with one line, reaches every part of it:
 * the list of systems and procedures, costing, filling a procedure from a unit, and
 * battlefield generation. Unregistered, it is gone from all of them.
 */

/* The toy system's one value (systems/toy/muster-system-toy.c). */
extern const MusterSystem muster_system_toy;

static GBytes *
toy_ruleset_bytes (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "engine",
                                            "systems", "toy", "toy.xml", NULL);
  g_autoptr(GError) error = NULL;
  char *text;
  gsize length;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (text, length);
}

static MusterRuleset *
toy_ruleset (void)
{
  g_autoptr(GBytes) bytes = toy_ruleset_bytes ();
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_ruleset_new_from_bytes (bytes, "toy.xml", &error);

  g_assert_no_error (error);
  return ruleset;
}

static MusterGenerator *
toy_generator (GError **error)
{
  g_autoptr(GBytes) bytes = toy_ruleset_bytes ();

  return muster_generator_new_from_bytes (bytes, "toy.xml", error);
}

static void
test_toy_unregistered (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGenerator) generator = NULL;
  guint n_systems;
  const MusterSystem * const *systems = muster_system_list (&n_systems);

  g_assert_cmpuint (n_systems, ==, 5);
  for (guint i = 0; i < n_systems; i++)
    g_assert_cmpstr (systems[i]->id, !=, "toy");
  g_assert_cmpstr (muster_system_lookup ("toy")->id, ==, "generic");
  g_assert_null (muster_procedure_lookup ("toy", "volley"));
  g_assert_null (muster_system_find_generation_method ("toy-rows"));

  generator = toy_generator (&error);
  g_assert_null (generator);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_nonnull (strstr (error->message, "“toy-rows” is not a generation method"));
}

static void
test_toy_registered (void)
{
  g_autoptr(MusterRuleset) ruleset = toy_ruleset ();
  g_autoptr(MusterDoc) doc = muster_doc_new ("toy", "1");
  MusterForce *force = muster_force_new ("Toys", 100);
  MusterUnit *unit = muster_unit_new ("skirmishers", 5);
  g_autoptr(MusterGenerator) generator = NULL;
  g_autoptr(MusterGeneration) generation = NULL;
  g_autoptr(MusterProcedureResult) exact = NULL;
  g_autoptr(MusterProcedureResult) sampled = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree int *values = NULL;
  g_autofree gboolean *set = NULL;
  const MusterProcedure *volley;
  const MusterSystem * const *systems;
  const MusterProcedure * const *procedures;
  guint n_systems, n_before, n_procedures, n_hills = 0;
  MusterDist *hits;

  muster_procedure_list (&n_before);
  muster_system_register (&muster_system_toy);

  /* Listed after the built-in systems, its procedure after theirs. */
  systems = muster_system_list (&n_systems);
  g_assert_cmpuint (n_systems, ==, 6);
  g_assert_true (systems[5] == &muster_system_toy);
  g_assert_true (muster_system_lookup ("toy") == &muster_system_toy);
  g_assert_true (muster_system_for_ruleset (ruleset) == &muster_system_toy);
  procedures = muster_procedure_list (&n_procedures);
  g_assert_cmpuint (n_procedures, ==, n_before + 1);
  volley = muster_procedure_lookup ("toy", "volley");
  g_assert_nonnull (volley);
  g_assert_true (procedures[n_procedures - 1] == volley);

  /* Its cost hook: 5 figures cost 25, where the data's linear cost would say 5. */
  muster_doc_insert_force (doc, 0, force);
  muster_node_insert_unit (muster_force_get_root (force), 0, unit);
  muster_doc_set_ruleset (doc, ruleset);
  g_assert_cmpint (muster_unit_get_cost (unit)->value, ==, 25);
  g_assert_cmpint (muster_force_get_total (force), ==, 25);

  /* Its procedure, filled from the unit: 5 dice hitting on 4+. */
  g_assert_true (muster_procedure_can_fill_role (volley, MUSTER_FILL_ROLE_ACTING));
  g_assert_false (muster_procedure_can_fill_role (volley, MUSTER_FILL_ROLE_TARGET));
  values = muster_procedure_default_values (volley);
  g_assert_cmpint (values[0], ==, 2);
  set = muster_procedure_fill_from_unit (volley, ruleset, force, unit, MUSTER_FILL_ROLE_ACTING,
                                         values, &error);
  g_assert_no_error (error);
  g_assert_true (set[0]);
  g_assert_cmpint (values[0], ==, 5);
  exact = muster_procedure_run_exact (volley, ruleset, values, &error);
  g_assert_no_error (error);
  hits = muster_procedure_result_get_output (exact, 0);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (hits, 0), 1.0 / 32, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_prob (hits, 2), 10.0 / 32, 1e-12);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (hits), 2.5, 1e-12);
  sampled = muster_procedure_simulate (volley, ruleset, values, 20000, 7, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (muster_dist_get_mean (muster_procedure_result_get_output (sampled, 0)),
                                  2.5, 0.05);

  /* Its generation method, picked by the ruleset's <generation method="toy-rows">. */
  generator = toy_generator (&error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_generator_get_method (generator), ==, "toy-rows");
  generation = muster_generator_run (generator, 1200, 800, NULL, NULL, 3, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < generation->features->len; i++)
    {
      MusterFeature *feature = generation->features->pdata[i];

      if (feature->kind == MUSTER_FEATURE_TERRAIN)
        {
          g_assert_cmpstr (feature->type, ==, "hill");
          n_hills++;
        }
    }
  g_assert_cmpuint (n_hills, ==, 3);
  g_assert_nonnull (strstr (generation->notes, "3 hills in a row."));

  /* Gone again with one line. */
  muster_system_unregister (&muster_system_toy);
  muster_procedure_list (&n_procedures);
  g_assert_cmpuint (n_procedures, ==, n_before);
  g_assert_null (muster_procedure_lookup ("toy", "volley"));
  g_clear_pointer (&generation, muster_generation_free);
  generation = muster_generator_run (generator, 1200, 800, NULL, NULL, 3, &error);
  g_assert_null (generation);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/toy-system/unregistered", test_toy_unregistered);
  g_test_add_func ("/toy-system/registered", test_toy_registered);
  return g_test_run ();
}
