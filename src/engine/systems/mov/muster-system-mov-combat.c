/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-mov"

#include "config.h"

#include <string.h>

#include "muster-engine-error.h"
#include "muster-system-mov-combat-private.h"

/*
 * Medals of Valor: the shared machinery of the combat procedures (planning, sampling, table
 * access, wounds) and the list of procedures. Fire is in muster-system-mov-fire.c, AFVs in
 * muster-system-mov-afv.c, close combat in muster-system-mov-melee.c, morale, sighting,
 * mishaps and the order of movement in muster-system-mov-morale.c.
 */

const char * const _muster_mov_attitudes[] = { "panic", "nervous", "steady", "fanatic", NULL };
const char * const _muster_mov_attitude_labels[] = {
  N_("Panic"), N_("Nervous"), N_("Steady"), N_("Fanatic"), NULL
};
const char * const _muster_mov_injuries[] = { "none", "slight", "moderate", "severe", NULL };
const char * const _muster_mov_injury_labels[] = {
  N_("None"), N_("Slight"), N_("Moderate"), N_("Severe"), NULL
};
const char * const _muster_mov_wound_models[] = { "basic", "cumulative", "campaign", NULL };
const char * const _muster_mov_wound_model_labels[] = {
  N_("Basic: a second wound kills"),
  N_("Cumulative wounds (option)"),
  N_("Cumulative wounds, campaign (Severe)"),
  NULL
};

const char * const _muster_mov_injury_after_labels[] = { N_("None"), N_("Slight"), N_("Moderate"),
                                                         N_("Severe"), N_("Dead"), NULL };
const char * const _muster_mov_wound_words[] = { "wound", "killed", NULL };
const char * const _muster_mov_no_yes[] = { N_("No"), N_("Yes"), NULL };

gboolean
_muster_mov_prepare (const MusterProcedure  *procedure,
                     const MusterRuleset    *ruleset,
                     const int              *values,
                     MusterMovPlan          *plan,
                     GError                **error)
{
  const MusterMovProcedure *self = (const MusterMovProcedure *) procedure;

  g_return_val_if_fail (g_strcmp0 (procedure->system, MUSTER_MOV_SYSTEM) == 0, FALSE);

  memset (plan, 0, sizeof *plan);
  if (ruleset == NULL)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET,
                   _("%s %s needs the %s ruleset for its tables"), MUSTER_MOV_SYSTEM, procedure->id,
                   MUSTER_MOV_SYSTEM);
      return FALSE;
    }
  if (!muster_procedure_check_values (procedure, values, error)
      || !self->prepare (ruleset, values, plan, error))
    return FALSE;
  g_assert (plan->layout.n_faces <= MUSTER_MOV_MAX_FACES);
  return TRUE;
}

/* The exact hook of every planned procedure: plan, then enumerate. */
gboolean
_muster_mov_exact (const MusterProcedure  *procedure,
                   const MusterRuleset    *ruleset,
                   const int              *values,
                   MusterDist            **outputs,
                   GError                **error)
{
  MusterMovPlan plan;

  if (!_muster_mov_prepare (procedure, ruleset, values, &plan, error))
    return FALSE;
  ((const MusterMovProcedure *) procedure)->exact (&plan, outputs);
  return TRUE;
}

void
_muster_mov_resolve (const MusterMovPlan *plan,
                     const int           *faces,
                     int                 *outcome)
{
  plan->resolve (plan, faces, outcome);
}

/* The plan of the latest sample in this thread. The simulator plays one procedure with the
 * same inputs many times, and planning reads a few dozen table cells: reusing the plan makes
 * a sample a handful of dice. The cache holds a reference on the ruleset, so that a new
 * ruleset at a freed one's address is never mistaken for it. */
typedef struct
{
  const MusterProcedure *procedure;
  MusterRuleset         *ruleset;
  int                   *values;
  MusterMovPlan          plan;
} PlanCache;

static void
plan_cache_free (gpointer data)
{
  PlanCache *cache = data;

  g_clear_pointer (&cache->ruleset, muster_ruleset_unref);
  g_free (cache->values);
  g_free (cache);
}

static GPrivate plan_cache = G_PRIVATE_INIT (plan_cache_free);

static const MusterMovPlan *
cached_plan (const MusterProcedure  *procedure,
             const MusterRuleset    *ruleset,
             const int              *values,
             GError                **error)
{
  PlanCache *cache = g_private_get (&plan_cache);

  if (cache == NULL)
    {
      cache = g_new0 (PlanCache, 1);
      g_private_set (&plan_cache, cache);
    }
  if (cache->procedure == procedure && cache->ruleset == ruleset && ruleset != NULL
      && memcmp (cache->values, values, sizeof (int) * procedure->n_inputs) == 0)
    return &cache->plan;

  cache->procedure = NULL;
  g_clear_pointer (&cache->ruleset, muster_ruleset_unref);
  g_clear_pointer (&cache->values, g_free);
  if (!_muster_mov_prepare (procedure, ruleset, values, &cache->plan, error))
    return NULL;
  cache->procedure = procedure;
  cache->ruleset = muster_ruleset_ref ((MusterRuleset *) ruleset);
  cache->values = g_memdup2 (values, sizeof (int) * MAX (procedure->n_inputs, 1));
  return &cache->plan;
}

/* The sampler of every procedure that has a plan: roll each face, then resolve. A ruleset
 * without the tables cannot be played; the exact path reports that as an error, and here it
 * is a programmer error because the simulator is only offered for loaded rulesets. */
void
_muster_mov_sample (const MusterProcedure *procedure,
                    const MusterRuleset   *ruleset,
                    const int             *values,
                    MusterDice            *dice,
                    int                   *outcome)
{
  g_autoptr(GError) error = NULL;
  const MusterMovPlan *plan = cached_plan (procedure, ruleset, values, &error);
  int faces[MUSTER_MOV_MAX_FACES];

  if (plan == NULL)
    {
      g_critical ("%s", error->message);
      memset (outcome, 0, sizeof (int) * procedure->n_outputs);
      return;
    }
  muster_face_layout_roll (&plan->layout, dice, faces);
  plan->resolve (plan, faces, outcome);
}

/* Reads the cells of columns PREFIX<first> … PREFIX<last> of @row as words, each one of
 * @words, into their indexes. */
gboolean
_muster_mov_table_words (const MusterRuleset  *ruleset,
                         const char           *table,
                         const char           *row,
                         const char           *column_prefix,
                         int                   first,
                         int                   last,
                         const char * const   *words,
                         int                  *out,
                         GError              **error)
{
  const MusterTable *t = muster_ruleset_require_table (ruleset, table, error);

  if (t == NULL)
    return FALSE;
  for (int i = first; i <= last; i++)
    {
      g_autofree char *column = g_strdup_printf ("%s%d", column_prefix, i);
      const MusterCell *cell = muster_table_lookup (t, row, column, NULL);
      int found = -1;

      for (int w = 0; cell != NULL && cell->text != NULL && words[w] != NULL; w++)
        if (g_strcmp0 (cell->text, words[w]) == 0)
          found = w;
      if (found < 0)
        {
          g_autofree char *expected = g_strjoinv (", ", (char **) words);

          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET,
                       _("the %s table “%s”, row “%s”, column “%s” is not one of %s"),
                       MUSTER_MOV_SYSTEM, table, row, column, expected);
          return FALSE;
        }
      out[i - first] = found;
    }
  return TRUE;
}

/* Adds the value of @table's @row to @total when the modifier @applies; reads nothing when it
 * does not. */
gboolean
_muster_mov_add_mod (const MusterRuleset  *ruleset,
                     const char           *table,
                     gboolean              applies,
                     const char           *row,
                     int                  *total,
                     GError              **error)
{
  return muster_table_add_int (ruleset, table, row, "value", applies != 0, total, error);
}

/* Severe is a level of the campaign wound rules only. */
gboolean
_muster_mov_check_injury (int      injury,
                          int      model,
                          GError **error)
{
  if (injury == MUSTER_MOV_INJURY_SEVERE && model != MUSTER_MOV_WOUNDS_CAMPAIGN)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("a Severe wound exists only under the campaign wound rules"));
      return FALSE;
    }
  return TRUE;
}

/*
 * §4.1, §4.2: @steps wound steps on a soldier at @injury. A named Moderate result is two steps
 * under the cumulative rules and one wound in the basic rule, where it sets the level it names
 * (our reading of mixing the named levels with the ladder); @steps < 0 means killed.
 */
MusterMovInjury
_muster_mov_apply_wounds (MusterMovInjury     injury,
                          int                 steps,
                          MusterMovWoundModel model,
                          gboolean            animal)
{
  int level;

  if (steps == 0 || injury == MUSTER_MOV_INJURY_DEAD)
    return injury;
  /* Animals are never wounded, always killed. */
  if (steps < 0 || animal)
    return MUSTER_MOV_INJURY_DEAD;
  switch (model)
    {
    case MUSTER_MOV_WOUNDS_BASIC:
      /* A second wound of any kind kills. */
      if (injury != MUSTER_MOV_INJURY_NONE)
        return MUSTER_MOV_INJURY_DEAD;
      return steps >= 2 ? MUSTER_MOV_INJURY_MODERATE : MUSTER_MOV_INJURY_SLIGHT;
    case MUSTER_MOV_WOUNDS_CUMULATIVE:
      level = injury + steps;
      return level >= MUSTER_MOV_INJURY_SEVERE ? MUSTER_MOV_INJURY_DEAD : level;
    case MUSTER_MOV_WOUNDS_CAMPAIGN:
    default:
      level = injury + steps;
      return MIN (level, MUSTER_MOV_INJURY_DEAD);
    }
}

/* The system's procedures, in the order the book plays them. */
const MusterProcedure * const muster_mov_procedures[] = {
  &_muster_mov_initiative.base,
  &_muster_mov_sighting.base,
  &_muster_mov_fire.base,
  &_muster_mov_kill_zone.base,
  &_muster_mov_crew_fire.base,
  &_muster_mov_morale.base,
  &_muster_mov_close_assault_fire.base,
  &_muster_mov_melee.base,
  &_muster_mov_assault.base,
  &_muster_mov_anti_afv.base,
  &_muster_mov_afv_move.base,
  &_muster_mov_afv_fire.base,
  &_muster_mov_crew_survival.base,
  &_muster_mov_mishap.base,
  NULL
};
