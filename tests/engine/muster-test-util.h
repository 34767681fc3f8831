/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>

#include <glib.h>

#include "muster-engine.h"

/* Checks one case of a table of bad inputs: no result, the engine error @code, and a message
 * starting with @prefix (the file, the line and the problem). */
static inline void
muster_assert_error_case (gconstpointer  result,
                          const GError  *error,
                          int            code,
                          const char    *prefix,
                          guint          index)
{
  if (result != NULL)
    g_error ("case %u: no error", index);
  if (error == NULL || error->domain != MUSTER_ENGINE_ERROR || error->code != code)
    g_error ("case %u: expected engine error %d, got %s", index, code,
             error ? error->message : "none");
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("case %u: “%s” does not start with “%s”", index, error->message, prefix);
}

/* The ruleset file @name in the folder @dir of the source tree (MUSTER_SOURCE_ROOT, set by the
 * test environment); the test fails if it does not load. */
static inline MusterRuleset *
muster_test_load_ruleset (const char *dir,
                          const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), dir, name, NULL);
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_ruleset_new_from_file (path, &error);

  g_assert_no_error (error);
  return ruleset;
}

static inline int
muster_test_compare_strings (gconstpointer a,
                             gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The paths of every shipped sample (the .muster files in data/samples), in order. */
static inline GPtrArray *
muster_test_sample_paths (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                           NULL);
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (handle);
  while ((name = g_dir_read_name (handle)))
    if (g_str_has_suffix (name, ".muster"))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (paths, muster_test_compare_strings);
  return paths;
}

/* The shipped ruleset @id (data/rulesets). */
static inline MusterRuleset *
muster_test_load_shipped_ruleset (const char *id)
{
  g_autofree char *file = g_strconcat (id, ".xml", NULL);

  return muster_test_load_ruleset ("data/rulesets", file);
}

/* The shipped sample @file (data/samples) with its ruleset resolved by the default catalog
 * (returned in @ruleset, to unref); the test fails if either does not load. */
static inline MusterDoc *
muster_test_load_sample (const char     *file,
                         MusterRuleset **ruleset)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            file, NULL);
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MusterDoc *doc;
  gsize length;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  bytes = g_bytes_new (text, length);
  doc = muster_doc_new_from_bytes (bytes, file, &error);
  g_assert_no_error (error);
  *ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (doc), &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, *ruleset);
  return doc;
}

/* Moves the placement of unit @acting face to face with @target's, in base contact with its
 * front, both keeping their stands and files (a combat attack needs contact). */
static inline void
muster_test_place_in_contact (MusterDoc  *doc,
                              const char *acting,
                              const char *target)
{
  MusterBattlefield *battlefield = muster_doc_get_battlefield (doc);
  const MusterFeature *to = muster_battlefield_lookup_unit (battlefield, target);
  g_autoptr(MusterFeature) moved = muster_feature_copy (muster_battlefield_lookup_unit
                                                          (battlefield, acting));
  g_autoptr(MusterFeature) old = NULL;
  double reach = ((to->stands + to->files - 1) / to->files * to->base_depth +
                  (moved->stands + moved->files - 1) / moved->files * moved->base_depth) / 2;

  /* facing is clockwise from +x with y down the table */
  moved->centre.x = to->centre.x + reach * cos (to->rotation);
  moved->centre.y = to->centre.y + reach * sin (to->rotation);
  moved->rotation = muster_angle_normalize (to->rotation + G_PI);
  old = muster_battlefield_replace (battlefield, moved);
  g_assert_nonnull (old);
}

/* Adds to @force's root a unit of @type with @size and exactly the options listed
 * (NULL-terminated), each picked once. Returns: (transfer none): the unit */
static inline MusterUnit *
muster_test_add_unit (MusterForce *force,
                      const char  *type,
                      guint        size,
                      ...)
{
  MusterNode *root = muster_force_get_root (force);
  MusterUnit *unit = muster_unit_new (type, size);
  const char *option;
  va_list args;

  va_start (args, size);
  while ((option = va_arg (args, const char *)))
    muster_unit_set_option (unit, option, 1);
  va_end (args);

  muster_node_insert_unit (root, muster_node_get_n_units (root), unit);
  return unit;
}

/* The battlefield generator of the shipped ruleset @system (MUSTER_RULESETS_PATH); the test
 * fails if it does not load or the system has none. */
static inline MusterGenerator *
muster_test_load_generator (const char *system)
{
  g_autofree char *name = g_strconcat (system, ".xml", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_RULESETS_PATH"), name, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MusterGenerator *generator;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  bytes = g_bytes_new (contents, length);
  generator = muster_generator_new_from_bytes (bytes, name, &error);
  g_assert_no_error (error);
  g_assert_nonnull (generator);
  return generator;
}

/* A procedure's sampler against its exact distributions: every value of every output within
 * 4 standard errors of @exact over @trials trials, and one seed gives one result. */
static inline void
muster_assert_sampler_matches (const MusterProcedure       *p,
                               const MusterRuleset         *ruleset,
                               const int                   *values,
                               const MusterProcedureResult *exact,
                               guint64                      trials,
                               guint64                      seed)
{
  g_autoptr(MusterProcedureResult) simulated = muster_procedure_simulate (p, ruleset, values,
                                                                          trials, seed, NULL);
  g_autoptr(MusterProcedureResult) again = muster_procedure_simulate (p, ruleset, values, trials,
                                                                      seed, NULL);

  g_assert_nonnull (simulated);
  for (guint o = 0; o < p->n_outputs; o++)
    {
      MusterDist *e = muster_procedure_result_get_output (exact, o);
      MusterDist *s = muster_procedure_result_get_output (simulated, o);

      g_assert_true (muster_dist_equal (s, muster_procedure_result_get_output (again, o), 0.0));
      for (int v = MIN (muster_dist_get_min (e), muster_dist_get_min (s));
           v <= MAX (muster_dist_get_max (e), muster_dist_get_max (s)); v++)
        {
          double q = muster_dist_get_prob (e, v);

          g_assert_cmpfloat (fabs (muster_dist_get_prob (s, v) - q), <=,
                             4 * sqrt (q * (1 - q) / (double) trials) + 1e-12);
        }
    }
}
