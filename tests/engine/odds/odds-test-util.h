/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <string.h>

#include "muster-test-util.h"

/*
 * What the odds tests share: a sample scenario opened, two units placed by hand where the
 * geometry is known (a 4-stand line of 40 mm bases, 160 mm wide and 40 deep), their facts and
 * a procedure's fill, and checks of each filled input and of the odds against the procedure run
 * on the same inputs typed by hand, as the Preview takes them.
 */

#define DEPTH 40.0   /* a 4 × 1 line of 40 mm bases: half of it each side of the centre */

typedef struct
{
  MusterDoc                   *doc;
  MusterRuleset               *ruleset;
  MusterTerrainTypes          *types;
} Scenario;

G_GNUC_UNUSED static void
scenario_open (Scenario   *s,
               const char *file)
{
  g_autoptr(GError) error = NULL;

  s->doc = muster_test_load_sample (file, &s->ruleset);
  s->types = muster_terrain_types_new_for_ruleset (s->ruleset, &error);
  g_assert_no_error (error);
}

G_GNUC_UNUSED static void
scenario_close (Scenario *s)
{
  muster_terrain_types_free (s->types);
  muster_doc_free (s->doc);
  muster_ruleset_unref (s->ruleset);
}

/* Places @unit's 4-stand line with its centre at (@x, @y), facing @degrees. */
G_GNUC_UNUSED static void
place (Scenario   *s,
       const char *unit,
       double      x,
       double      y,
       double      degrees)
{
  MusterBattlefield *battlefield = muster_doc_get_battlefield (s->doc);
  const MusterFeature *placed = muster_battlefield_lookup_unit (battlefield, unit);
  g_autoptr(MusterFeature) feature = muster_feature_copy (placed);
  g_autoptr(MusterFeature) old = NULL;

  feature->centre = (MusterPoint) { x, y };
  feature->rotation = muster_angle_from_degrees (degrees);
  feature->formation = MUSTER_FORMATION_LINE;
  feature->stands = 4;
  feature->files = 4;
  feature->base_width = 40;
  feature->base_depth = 40;
  old = muster_battlefield_replace (battlefield, feature);
  g_assert_nonnull (old);
}

/* The centre of terrain piece @id, where a unit placed stands in it. */
G_GNUC_UNUSED static MusterPoint
piece_centre (Scenario   *s,
              const char *id)
{
  MusterBattlefield *battlefield = muster_doc_get_battlefield (s->doc);
  const MusterFeature *piece = muster_battlefield_lookup (battlefield, id);
  MusterPoint scratch[4];
  MusterShape shape;

  g_assert_nonnull (piece);
  shape = muster_feature_get_shape (piece, scratch);
  return muster_shape_centroid (&shape);
}

G_GNUC_UNUSED static MusterOddsFacts *
facts_of (Scenario   *s,
          const char *acting,
          const char *target)
{
  g_autoptr(GError) error = NULL;
  MusterOddsFacts *facts = muster_odds_facts_new (s->doc, s->types, acting, target, &error);

  g_assert_no_error (error);
  return facts;
}

G_GNUC_UNUSED static MusterOddsFill *
fill_of (MusterOddsFacts *facts,
         const char      *procedure_id)
{
  g_autoptr(GError) error = NULL;
  const char *system = muster_ruleset_get_id (facts->ruleset);
  const MusterProcedure *procedure = muster_procedure_lookup (system, procedure_id);
  g_autoptr(GPtrArray) list = muster_odds_list_procedures (facts);
  MusterOddsFill *fill;

  g_assert_nonnull (procedure);
  g_assert_true (g_ptr_array_find (list, procedure, NULL));
  fill = muster_odds_fill_new (facts, procedure, &error);
  g_assert_no_error (error);
  return fill;
}

/* The inputs assert_table() has checked, as "fill pointer/input id", for
 * assert_every_table_input_checked(). */
static GHashTable *checked_inputs;

static char *
checked_key (const MusterOddsFill *fill,
             const char           *id)
{
  return g_strdup_printf ("%p/%s", (const void *) fill, id);
}

/* Asserts input @id was filled from the table as @value ("short", "yes", "12"), and that its
 * reason holds each |-separated part of @reason. */
G_GNUC_UNUSED static void
assert_table (const MusterOddsFill *fill,
              const char           *id,
              const char           *value,
              const char           *reason)
{
  int i = muster_procedure_find_input (fill->procedure, id);
  g_autofree char *text = NULL;

  if (checked_inputs == NULL)
    checked_inputs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (checked_inputs, checked_key (fill, id));
  g_assert_cmpint (i, >=, 0);
  text = muster_procedure_format_input (&fill->procedure->inputs[i], fill->values[i]);
  if (fill->sources[i] != MUSTER_ODDS_TABLE)
    g_error ("%s: %s is %s, not from the table", fill->procedure->id, id,
             muster_odds_source_to_string (fill->sources[i]));
  if (!g_str_equal (text, value))
    g_error ("%s: %s is %s (%s), not %s", fill->procedure->id, id, text, fill->reasons[i],
             value);
  if (reason != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (reason, "|", -1);

      for (guint j = 0; parts[j] != NULL; j++)
        if (strstr (fill->reasons[i], parts[j]) == NULL)
          g_error ("%s: %s's reason “%s” does not say “%s”", fill->procedure->id, id,
                   fill->reasons[i], parts[j]);
    }
}

/* Asserts that assert_table() has checked every input of @fill that the table filled: none
 * goes unchecked (then forgets @fill's, whose address a later fill may take). */
G_GNUC_UNUSED static void
assert_every_table_input_checked (const MusterOddsFill *fill)
{
  for (guint i = 0; i < fill->procedure->n_inputs; i++)
    {
      g_autofree char *key = checked_key (fill, fill->procedure->inputs[i].id);
      g_autofree char *text = NULL;

      if (fill->sources[i] != MUSTER_ODDS_TABLE)
        continue;
      text = muster_procedure_format_input (&fill->procedure->inputs[i], fill->values[i]);
      if (checked_inputs == NULL || !g_hash_table_remove (checked_inputs, key))
        g_error ("%s: %s = %s (%s) is from the table and not checked", fill->procedure->id,
                 fill->procedure->inputs[i].id, text, fill->reasons[i]);
    }
  for (guint i = 0; checked_inputs != NULL && i < fill->procedure->n_inputs; i++)
    {
      g_autofree char *key = checked_key (fill, fill->procedure->inputs[i].id);

      g_hash_table_remove (checked_inputs, key);
    }
}

G_GNUC_UNUSED static void
assert_asked (const MusterOddsFill *fill,
              const char           *id)
{
  int i = muster_procedure_find_input (fill->procedure, id);

  g_assert_cmpint (i, >=, 0);
  g_assert_cmpint (fill->sources[i], ==, MUSTER_ODDS_ASK);
  g_assert_null (fill->reasons[i]);
}

/* Whether @fill's odds are those of the procedure run on what the Preview would hold: its
 * defaults, the two units From the List, and @typed ("range=short"…, NULL-terminated) by hand. */
G_GNUC_UNUSED static gboolean
same_as_typed (const MusterOddsFacts *facts,
               const MusterOddsFill  *fill,
               const char * const    *typed)
{
  const MusterProcedure *procedure = fill->procedure;
  g_autofree int *values = muster_procedure_default_values (procedure);
  g_autoptr(MusterProcedureResult) by_hand = NULL;
  g_autoptr(MusterProcedureResult) from_table = NULL;
  g_autoptr(GError) error = NULL;

  if (muster_procedure_can_fill_role (procedure, MUSTER_FILL_ROLE_ACTING))
    g_free (muster_procedure_fill_from_unit (procedure, facts->ruleset, facts->acting.force,
                                             facts->acting.unit, MUSTER_FILL_ROLE_ACTING,
                                             values, &error));
  g_assert_no_error (error);
  if (muster_procedure_can_fill_role (procedure, MUSTER_FILL_ROLE_TARGET))
    g_free (muster_procedure_fill_from_unit (procedure, facts->ruleset, facts->target.force,
                                             facts->target.unit, MUSTER_FILL_ROLE_TARGET,
                                             values, &error));
  g_assert_no_error (error);
  for (guint i = 0; typed[i] != NULL; i++)
    {
      muster_procedure_set_value (procedure, values, typed[i], &error);
      g_assert_no_error (error);
    }
  by_hand = muster_procedure_run_exact (procedure, facts->ruleset, values, &error);
  g_assert_no_error (error);
  from_table = muster_odds_fill_run (fill, facts, 1, 1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < procedure->n_outputs; i++)
    if (!muster_dist_equal (muster_procedure_result_get_output (by_hand, i),
                            muster_procedure_result_get_output (from_table, i), 1e-12))
      return FALSE;
  return TRUE;
}

