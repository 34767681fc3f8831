/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-odds-tint"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "muster-engine.h"
#include "muster-odds-figure.h"
#include "muster-odds-tint.h"
#include "muster-procedure-text.h"

/*
 * What the map tints enemy units by (issue 22): for one acting unit and one of its system's
 * exact procedures, the chance of the procedure's key outcome (muster_odds_key_chance())
 * against each enemy unit on the table, its inputs filled from the lists and the table as the
 * odds panel fills them. A unit the table rules out (out of range) is not tinted.
 *
 * With a target, it also holds the chance against that target were it in each band of the
 * acting unit's ranges, for the range rings' labels: the table read where the target stands,
 * the distance taken at the middle of the band.
 *
 * It is made again on every frame the acting unit is dragged, for every enemy: the inputs of
 * most targets fall in a few cases (a band, a cover), so each case is run once and its chance
 * kept with the document for the others and the frames that follow (the odds of a procedure
 * depend on its inputs and the ruleset alone, and any edit of the ruleset or the lists drops
 * what is kept: muster_doc_set_list_cache()). The table's facts of each pair are kept by the
 * engine while neither unit nor the terrain changes (muster_odds_facts_new_against()).
 */

#define CASES_CACHE "muster-odds-tint-cases"
/* a long session of drags meets a few hundred cases; past this many they are forgotten */
#define MAX_CASES   4096

struct _MusterOddsTint
{
  gatomicrefcount  ref_count;
  char            *acting;
  char            *procedure;
  char            *title;
  GHashTable      *chances;    /* unit id → double *, 0..1 */
  char            *target;     /* (nullable): the unit the bands' chances are against */
  GHashTable      *bands;      /* (nullable): range id → GArray of double, band 1 first; NAN
                                * where the procedure is not possible */
};

static void
remember (GHashTable *chances,
          const char *unit_id,
          double      chance)
{
  double *kept = g_new (double, 1);

  *kept = chance;
  g_hash_table_replace (chances, g_strdup (unit_id), kept);
}

/* A case: a procedure and its inputs' values, and its key chance. */
typedef struct
{
  const MusterProcedure *procedure;
  guint                  n;
  int                   *values;
  double                 chance;
} Case;

static guint
case_hash (gconstpointer data)
{
  const Case *c = data;
  guint hash = g_direct_hash (c->procedure);

  for (guint i = 0; i < c->n; i++)
    hash = hash * 31 + (guint) c->values[i];
  return hash;
}

static gboolean
case_equal (gconstpointer a,
            gconstpointer b)
{
  const Case *x = a, *y = b;

  return x->procedure == y->procedure && x->n == y->n &&
         memcmp (x->values, y->values, sizeof (int) * x->n) == 0;
}

static void
case_free (Case *self)
{
  g_free (self->values);
  g_free (self);
}

/* The cases kept with @doc, made when there are none. */
static GHashTable *
get_cases (MusterDoc *doc)
{
  GHashTable *cases = muster_doc_get_list_cache (doc, CASES_CACHE);

  if (cases == NULL || g_hash_table_size (cases) >= MAX_CASES)
    {
      cases = g_hash_table_new_full (case_hash, case_equal, (GDestroyNotify) case_free, NULL);
      muster_doc_set_list_cache (doc, CASES_CACHE, cases, (GDestroyNotify) g_hash_table_unref);
    }
  return cases;
}

/* The key chance for @fill's inputs: run once per case, kept in @cases. */
static gboolean
case_chance (GHashTable             *cases,
             const MusterOddsFill   *fill,
             const MusterOddsFacts  *facts,
             double                 *chance,
             GError                **error)
{
  Case key = { fill->procedure, fill->procedure->n_inputs, fill->values }, *kept;
  g_autoptr(MusterProcedureResult) result = NULL;

  if ((kept = g_hash_table_lookup (cases, &key)) != NULL)
    {
      *chance = kept->chance;
      return TRUE;
    }
  if (!(result = muster_odds_fill_run (fill, facts, 1, 1, error)))
    return FALSE;
  kept = g_new (Case, 1);
  *kept = key;
  kept->values = g_memdup2 (fill->values, sizeof (int) * MAX (key.n, 1));
  kept->chance = muster_odds_key_chance (result);
  *chance = kept->chance;
  g_hash_table_add (cases, kept);
  return TRUE;
}

/**
 * muster_odds_tint_new:
 * @doc: a document with a battlefield and its ruleset set
 * @types: (nullable): the ruleset's terrain types and ranges
 * @acting_unit_id: a placed unit
 * @procedure_id: one of its system's procedures with exact odds
 * @error: for an acting unit that is not placed, or a procedure its system does not have or
 *   can only simulate
 *
 * Returns: (transfer full) (nullable): the chance of @procedure_id's key outcome against each
 *   enemy unit on the table that the table does not rule out
 */
MusterOddsTint *
muster_odds_tint_new (MusterDoc                *doc,
                      const MusterTerrainTypes *types,
                      const char               *acting_unit_id,
                      const char               *procedure_id,
                      GError                  **error)
{
  MusterRuleset *ruleset;
  const MusterSystem *system;
  const MusterProcedure *procedure;
  g_autoptr(GPtrArray) targets = NULL;
  GHashTable *cases;
  g_autoptr(MusterOddsFacts) acting = NULL;
  g_autoptr(MusterOddsFill) acting_fill = NULL;
  g_autoptr(MusterOddsTint) self = NULL;
  g_autofree char *outcome = NULL;

  g_return_val_if_fail (doc != NULL && acting_unit_id != NULL && procedure_id != NULL, NULL);

  ruleset = muster_doc_get_ruleset (doc);
  system = ruleset != NULL ? muster_system_for_ruleset (ruleset) : NULL;
  procedure = system != NULL ? muster_procedure_lookup (system->id, procedure_id) : NULL;
  if (procedure == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("The document's rule system has no procedure “%s”"), procedure_id);
      return NULL;
    }
  if (procedure->exact == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("%s is only simulated: the map is tinted by exact odds"),
                   muster_procedure_text (procedure->name));
      return NULL;
    }
  if (muster_doc_get_battlefield (doc) == NULL ||
      muster_battlefield_lookup_unit (muster_doc_get_battlefield (doc), acting_unit_id) == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("Unit “%s” is not placed on the battlefield"), acting_unit_id);
      return NULL;
    }

  self = g_new0 (MusterOddsTint, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->acting = g_strdup (acting_unit_id);
  self->procedure = g_strdup (procedure->id);
  outcome = muster_odds_key_outcome (procedure);
  /* TRANSLATORS: the map's legend, "Missile fire: chance of Casualties ≥ 1" */
  self->title = g_strdup_printf (_("%s: chance of %s"), muster_procedure_text (procedure->name),
                                 outcome);
  self->chances = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  /* what depends on the acting unit alone is read once; a unit its system cannot read tints
   * nothing, as it would fail against every target */
  if (!(acting = muster_odds_facts_new_acting (doc, types, acting_unit_id, NULL)) ||
      !(acting_fill = muster_odds_fill_new_acting_values (acting, procedure, NULL)))
    return g_steal_pointer (&self);
  cases = get_cases (doc);
  targets = muster_odds_list_targets (doc, acting_unit_id);
  for (guint i = 0; i < targets->len; i++)
    {
      g_autoptr(MusterOddsFacts) facts = NULL;
      g_autoptr(MusterOddsFill) fill = NULL;
      g_autoptr(GError) local = NULL;
      double chance;

      /* a target the procedure cannot be carried out against is left untinted, not an error
       * for the others */
      if (!(facts = muster_odds_facts_new_against (acting, types, targets->pdata[i], &local)) ||
          !(fill = muster_odds_fill_new_against (acting_fill, facts, &local)) ||
          fill->blocked != NULL)
        continue;
      if (!case_chance (cases, fill, facts, &chance, &local))
        continue;
      remember (self->chances, targets->pdata[i], chance);
    }
  return g_steal_pointer (&self);
}

MusterOddsTint *
muster_odds_tint_ref (MusterOddsTint *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
muster_odds_tint_unref (MusterOddsTint *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->acting);
  g_free (self->procedure);
  g_free (self->title);
  g_free (self->target);
  g_clear_pointer (&self->chances, g_hash_table_unref);
  g_clear_pointer (&self->bands, g_hash_table_unref);
  g_free (self);
}

/* Returns: the id of the unit that acts */
const char *
muster_odds_tint_get_acting (const MusterOddsTint *self)
{
  return self->acting;
}

/* Returns: the id of the procedure whose key outcome tints */
const char *
muster_odds_tint_get_procedure (const MusterOddsTint *self)
{
  return self->procedure;
}

/* Returns: what the colours mean, for the legend: "Missile fire: chance of Casualties ≥ 1" */
const char *
muster_odds_tint_get_title (const MusterOddsTint *self)
{
  return self->title;
}

/**
 * muster_odds_tint_lookup:
 * @self: a tint
 * @unit_id: a unit's id
 * @chance: (out) (optional): its chance, 0..1
 *
 * Returns: whether @unit_id is tinted: an enemy unit the table does not rule out
 */
gboolean
muster_odds_tint_lookup (const MusterOddsTint *self,
                         const char           *unit_id,
                         double               *chance)
{
  const double *kept = unit_id != NULL ? g_hash_table_lookup (self->chances, unit_id) : NULL;

  if (kept != NULL && chance != NULL)
    *chance = *kept;
  return kept != NULL;
}

/* Returns: how many units are tinted */
guint
muster_odds_tint_get_n_units (const MusterOddsTint *self)
{
  return g_hash_table_size (self->chances);
}

/* Returns: the procedure @self tints by */
static const MusterProcedure *
tint_procedure (const MusterOddsTint *self,
                MusterDoc            *doc)
{
  const MusterSystem *system = muster_system_for_ruleset (muster_doc_get_ruleset (doc));

  return muster_procedure_lookup (system->id, self->procedure);
}

/**
 * muster_odds_tint_add_bands:
 * @self: a tint, made for @doc
 * @doc: its document
 * @types: (nullable): the ruleset's terrain types and ranges
 * @target_unit_id: an enemy unit on the table
 * @error: for a target that is not placed, or a unit its system cannot read
 *
 * Works out the chance of the key outcome against @target_unit_id were it in each band of the
 * acting unit's ranges (what the range rings are labelled with): the table read where the
 * units stand, but for the distance, the middle of the band.
 *
 * Returns: whether it could
 */
gboolean
muster_odds_tint_add_bands (MusterOddsTint           *self,
                            MusterDoc                *doc,
                            const MusterTerrainTypes *types,
                            const char               *target_unit_id,
                            GError                  **error)
{
  const MusterProcedure *procedure = tint_procedure (self, doc);
  g_autoptr(MusterOddsFacts) facts = NULL;
  GHashTable *cases;
  g_autoptr(GHashTable) bands = NULL;

  if (!(facts = muster_odds_facts_new (doc, types, self->acting, target_unit_id, error)))
    return FALSE;
  cases = get_cases (doc);
  bands = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  for (guint r = 0; r < facts->ranges->len; r++)
    {
      const MusterRange *range = &g_array_index (facts->ranges, MusterRange, r);
      GArray *chances;

      if (range->unlimited)
        continue;
      chances = g_array_new (FALSE, FALSE, sizeof (double));
      for (guint k = 0; k <= range->n_rings; k++)
        {
          double from = k == 0 ? range->min : range->rings[k - 1];
          double to = k == range->n_rings ? range->max : range->rings[k];
          g_autoptr(MusterOddsFill) fill = NULL;
          double chance = NAN;

          facts->distance = (from + to) / 2;
          if (!(fill = muster_odds_fill_new (facts, procedure, error)) ||
              (fill->blocked == NULL && !case_chance (cases, fill, facts, &chance, error)))
            return FALSE;
          g_array_append_val (chances, chance);
        }
      g_hash_table_replace (bands, g_strdup (range->id), chances);
    }
  g_free (self->target);
  self->target = g_strdup (target_unit_id);
  g_clear_pointer (&self->bands, g_hash_table_unref);
  self->bands = g_steal_pointer (&bands);
  return TRUE;
}

/* Returns: (nullable): the unit the bands' chances are against, %NULL without them */
const char *
muster_odds_tint_get_target (const MusterOddsTint *self)
{
  return self->target;
}

/**
 * muster_odds_tint_lookup_band:
 * @self: a tint with bands (muster_odds_tint_add_bands())
 * @range_id: one of the acting unit's ranges
 * @band: 1 for the nearest band (up to the first ring), up to its number of rings + 1
 * @chance: (out) (optional): the chance against the target were it in that band
 *
 * Returns: whether there is a chance for that band: %FALSE without bands, for another range,
 *   or where the procedure is not possible
 */
gboolean
muster_odds_tint_lookup_band (const MusterOddsTint *self,
                              const char           *range_id,
                              guint                 band,
                              double               *chance)
{
  GArray *chances = self->bands != NULL && range_id != NULL
                    ? g_hash_table_lookup (self->bands, range_id) : NULL;
  double value;

  if (chances == NULL || band < 1 || band > chances->len)
    return FALSE;
  value = g_array_index (chances, double, band - 1);
  if (isnan (value))
    return FALSE;
  if (chance != NULL)
    *chance = value;
  return TRUE;
}
