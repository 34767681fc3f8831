/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include <string.h>

#include "muster-engine.h"
#include "../muster-test-util.h"

/*
 * Every document in data/samples/ loads, binds to its installed ruleset and is legal (warnings
 * allowed: some samples show them on purpose). Every battlefield places only units of the
 * document, inside the table and inside their side's deployment zone; and every rule system
 * has a designed scenario with both sides on the table, briefings, umpire notes and victory
 * conditions.
 */

static MusterDoc *
load (MusterCatalog *catalog,
      const char    *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = NULL;
  MusterDoc *doc;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  doc = muster_doc_new_from_bytes (bytes, path, &error);
  g_assert_no_error (error);
  ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (doc), &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, ruleset);
  return doc;
}

/* Checks @field's placements; returns how many sides have a unit on the table. */
static guint
check_battlefield (const char        *path,
                   MusterDoc         *doc,
                   MusterBattlefield *field)
{
  g_autoptr(GPtrArray) misplaced = muster_battlefield_check_deployment (field, doc);
  g_autoptr(GHashTable) sides = g_hash_table_new (g_str_hash, g_str_equal);
  MusterBox table = muster_battlefield_get_table_box (field);

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);
      MusterUnit *unit;

      if (f->kind != MUSTER_FEATURE_UNIT)
        continue;
      unit = muster_doc_lookup_unit (doc, f->unit);
      if (unit == NULL)
        g_error ("%s: placement %s names no unit of the document (%s)", path, f->id, f->unit);
      if (!muster_box_contains_point (muster_box_inflate (table, 1e-6),
                                      muster_box_centre (muster_feature_get_bounds (f))))
        g_error ("%s: %s stands off the table", path, f->id);
      g_hash_table_add (sides, (gpointer) muster_force_get_side (muster_unit_get_force (unit)));
    }
  for (guint i = 0; i < misplaced->len; i++)
    g_printerr ("%s: %s\n", path, ((MusterIssue *) misplaced->pdata[i])->message);
  g_assert_cmpuint (misplaced->len, ==, 0);
  return g_hash_table_size (sides);
}

/* A table measured as its rules measure: when every figure scale of the system gives
 * distances in one unit (Undying Lands: centimetres), the table's rulers use it too. */
static void
check_units (const char        *path,
             MusterDoc         *doc,
             MusterBattlefield *field)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterTerrainTypes) types =
    muster_terrain_types_new_for_ruleset (muster_doc_get_ruleset (doc), &error);
  const char *units = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < muster_terrain_types_get_n_scales (types); i++)
    {
      const char *these = NULL;

      muster_terrain_types_get_scale_name (types, i, &these, NULL);
      if (units != NULL && g_strcmp0 (units, these) != 0)
        return;   /* scales in inches and centimetres: the table may take either */
      units = these;
    }
  if (units != NULL && g_strcmp0 (units, muster_battlefield_get_units (field)) != 0)
    g_error ("%s: the table is in %s, the rules measure in %s", path,
             muster_battlefield_get_units (field), units);
}

static void
test_every_sample (void)
{
  g_autoptr(GPtrArray) paths = muster_test_sample_paths ();
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  g_autoptr(GHashTable) scenarios = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_cmpuint (paths->len, >=, 10);
  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = paths->pdata[i];
      g_autoptr(MusterDoc) doc = load (catalog, path);
      g_autoptr(GPtrArray) issues = muster_validate_doc (doc);
      MusterBattlefield *field = muster_doc_get_battlefield (doc);

      for (guint j = 0; j < issues->len; j++)
        {
          const MusterIssue *issue = issues->pdata[j];

          if (issue->severity == MUSTER_SEVERITY_ERROR)
            g_error ("%s is not legal: %s", path, issue->message);
        }
      if (field != NULL)
        check_units (path, doc, field);
      if (field != NULL && check_battlefield (path, doc, field) >= 2 &&
          *muster_battlefield_get_scenario (field, MUSTER_SCENARIO_UMPIRE_NOTES) &&
          *muster_battlefield_get_scenario (field, MUSTER_SCENARIO_VICTORY))
        {
          g_autoptr(GPtrArray) sides = g_ptr_array_new ();

          muster_doc_collect_sides (doc, NULL, sides);
          for (guint j = 0; j < sides->len; j++)
            if (*muster_battlefield_get_briefing (field, sides->pdata[j]) == '\0')
              g_error ("%s: no briefing for %s", path, (const char *) sides->pdata[j]);
          g_hash_table_add (scenarios, g_strdup (muster_doc_get_ruleset_id (doc)));
        }
    }
  /* one whole scenario per rule system */
  g_assert_cmpuint (g_hash_table_size (scenarios), ==, 5);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/samples/every-sample", test_every_sample);
  return g_test_run ();
}
