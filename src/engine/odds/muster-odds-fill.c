/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-odds"

#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "muster-doc.h"
#include "muster-engine-error.h"
#include "muster-odds-private.h"
#include "muster-system.h"
#include "muster-unit.h"

/*
 * The procedures between two placed units and their inputs: the defaults, then what each
 * unit's list says (as the Preview's From the List does), then what the table says through
 * the system's hook. Whatever is left is asked for.
 */

/* A distance this close above a whole number is that number: 8.00004″ is 8″, not 9″. */
#define WHOLE_SLACK 0.05

/* @procedure's defaults, every input asked for. */
static MusterOddsFill *
fill_alloc (const MusterProcedure *procedure)
{
  MusterOddsFill *self = g_new0 (MusterOddsFill, 1);
  guint n = MAX (procedure->n_inputs, 1);

  self->procedure = procedure;
  self->values = muster_procedure_default_values (procedure);
  self->sources = g_new0 (MusterOddsSource, n);
  self->reasons = g_new0 (char *, n + 1);
  return self;
}

/* Whether the system's hook sets any input of @procedure from the table. */
static gboolean
table_fills_any (const MusterSystem    *system,
                 const MusterProcedure *procedure,
                 const MusterOddsFacts *facts)
{
  g_autoptr(MusterOddsFill) probe = fill_alloc (procedure);

  muster_system_table_inputs (system, procedure, facts, probe);
  for (guint i = 0; i < procedure->n_inputs; i++)
    if (probe->sources[i] == MUSTER_ODDS_TABLE)
      return TRUE;
  return FALSE;
}

/**
 * muster_odds_list_procedures:
 * @facts: two placed units
 *
 * Returns: (transfer container) (element-type MusterProcedure): the procedures of the units'
 *   system that apply between them, in book order: those with an acting side and a target
 *   side a unit of a list fills, and those whose inputs the table fills (a shot at a soldier
 *   whose range and cover it knows)
 */
GPtrArray *
muster_odds_list_procedures (const MusterOddsFacts *facts)
{
  GPtrArray *list = g_ptr_array_new ();
  const MusterSystem *system = facts->ruleset ? muster_system_for_ruleset (facts->ruleset) : NULL;

  for (guint i = 0; system != NULL && system->procedures && system->procedures[i]; i++)
    {
      const MusterProcedure *procedure = system->procedures[i];

      if ((muster_system_fills_role (system, procedure, MUSTER_FILL_ROLE_ACTING) &&
           muster_system_fills_role (system, procedure, MUSTER_FILL_ROLE_TARGET)) ||
          table_fills_any (system, procedure, facts))
        g_ptr_array_add (list, (gpointer) procedure);
    }
  return list;
}

/*
 * What a unit's list says for a procedure depends on the list and the ruleset alone, yet the
 * map's tint asks it of every enemy on every frame of a drag, and the system's hook runs twice
 * for it (muster_procedure_fill_from_unit()). So it is kept with the document
 * (muster_doc_set_list_cache()), which drops it on any edit of the lists or the ruleset.
 */
#define LIST_CACHE "muster-odds-list-fill"

typedef struct
{
  const MusterUnit      *unit;
  const MusterProcedure *procedure;
  MusterFillRole         role;
} ListKey;

typedef struct
{
  ListKey   key;
  gboolean *set;      /* per input, whether the list set it */
  int      *values;   /* the values it set there */
} ListFill;

static guint
list_key_hash (gconstpointer data)
{
  const ListKey *key = data;

  return g_direct_hash (key->unit) ^ (g_direct_hash (key->procedure) * 31) ^ key->role;
}

static gboolean
list_key_equal (gconstpointer a,
                gconstpointer b)
{
  const ListKey *x = a, *y = b;

  return x->unit == y->unit && x->procedure == y->procedure && x->role == y->role;
}

static void
list_fill_free (ListFill *self)
{
  g_free (self->set);
  g_free (self->values);
  g_free (self);
}

/* @side's list fill of @procedure as @role: from the document's cache, else worked out and
 * kept there. */
static const ListFill *
lookup_list_fill (const MusterOddsFacts *facts,
                  const MusterProcedure *procedure,
                  const MusterOddsSide  *side,
                  MusterFillRole         role,
                  GError               **error)
{
  GHashTable *cache = muster_doc_get_list_cache (facts->doc, LIST_CACHE);
  ListKey key = { side->unit, procedure, role };
  ListFill *kept;

  if (cache != NULL && (kept = g_hash_table_lookup (cache, &key)) != NULL)
    return kept;
  kept = g_new0 (ListFill, 1);
  kept->key = key;
  kept->values = muster_procedure_default_values (procedure);
  if (!(kept->set = muster_procedure_fill_from_unit (procedure, facts->ruleset, side->force,
                                                     side->unit, role, kept->values, error)))
    {
      list_fill_free (kept);
      return NULL;
    }
  if (cache == NULL)
    {
      cache = g_hash_table_new_full (list_key_hash, list_key_equal, NULL,
                                     (GDestroyNotify) list_fill_free);
      muster_doc_set_list_cache (facts->doc, LIST_CACHE, cache,
                                 (GDestroyNotify) g_hash_table_unref);
    }
  g_hash_table_insert (cache, &kept->key, kept);
  return kept;
}

static gboolean
fill_from_list (MusterOddsFill        *fill,
                const MusterOddsFacts *facts,
                const MusterOddsSide  *side,
                MusterFillRole         role,
                GError               **error)
{
  const MusterProcedure *procedure = fill->procedure;
  const ListFill *list;

  if (!muster_procedure_can_fill_role (procedure, role))
    return TRUE;
  if (!(list = lookup_list_fill (facts, procedure, side, role, error)))
    return FALSE;
  for (guint i = 0; i < procedure->n_inputs; i++)
    if (list->set[i])
      {
        fill->values[i] = list->values[i];
        fill->sources[i] = MUSTER_ODDS_LIST;
        if (fill->values_only)
          continue;
        g_free (fill->reasons[i]);
        /* TRANSLATORS: an input filled from the army list; %s is the unit's name */
        fill->reasons[i] = g_strdup_printf (role == MUSTER_FILL_ROLE_ACTING ? _("acting: %s")
                                                                            : _("target: %s"),
                                            muster_odds_side_name (side));
      }
  return TRUE;
}

/**
 * muster_odds_fill_new:
 * @facts: two placed units
 * @procedure: a procedure of their system
 * @error: for a unit its system cannot read
 *
 * Returns: (transfer full) (nullable): @procedure's inputs, filled from the units' lists and
 *   the table, each with its source and reason
 */
MusterOddsFill *
muster_odds_fill_new (const MusterOddsFacts *facts,
                      const MusterProcedure *procedure,
                      GError               **error)
{
  g_autoptr(MusterOddsFill) acting = NULL;

  if (!(acting = muster_odds_fill_new_acting (facts, procedure, error)))
    return NULL;
  return muster_odds_fill_new_against (acting, facts, error);
}

/**
 * muster_odds_fill_new_acting:
 * @facts: facts with the acting unit (muster_odds_facts_new_acting() will do)
 * @procedure: a procedure of its system
 * @error: for a unit its system cannot read, or a document without a ruleset
 *
 * The defaults and what the acting unit's list says: the same against every target, so the
 * map's tint fills it once (its list fill is a good part of a target's cost).
 *
 * Returns: (transfer full) (nullable): @procedure's inputs, half filled, for
 *   muster_odds_fill_new_against()
 */
MusterOddsFill *
muster_odds_fill_new_acting (const MusterOddsFacts *facts,
                             const MusterProcedure *procedure,
                             GError               **error)
{
  g_autoptr(MusterOddsFill) self = fill_alloc (procedure);

  if (facts->ruleset == NULL)
    {
      g_set_error_literal (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                           _("the document is not bound to a ruleset"));
      return NULL;
    }
  if (muster_system_can_fill (muster_system_lookup (procedure->system)) &&
      !fill_from_list (self, facts, &facts->acting, MUSTER_FILL_ROLE_ACTING, error))
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * muster_odds_fill_new_acting_values:
 * @facts: facts with the acting unit
 * @procedure: a procedure of its system
 * @error: as muster_odds_fill_new_acting()'s
 *
 * As muster_odds_fill_new_acting(), but it and what muster_odds_fill_new_against() makes of it
 * keep no reasons (each is %NULL; @blocked is still set): for the map's tint, which reads the
 * values alone, and for which formatting every reason of every enemy was a good part of the
 * cost of a frame.
 *
 * Returns: (transfer full) (nullable): @procedure's inputs, half filled
 */
MusterOddsFill *
muster_odds_fill_new_acting_values (const MusterOddsFacts *facts,
                                    const MusterProcedure *procedure,
                                    GError               **error)
{
  MusterOddsFill *self;

  if (!(self = muster_odds_fill_new_acting (facts, procedure, error)))
    return NULL;
  self->values_only = TRUE;
  for (guint i = 0; i < MAX (procedure->n_inputs, 1); i++)
    g_clear_pointer (&self->reasons[i], g_free);
  return self;
}

/**
 * muster_odds_fill_new_against:
 * @acting: from muster_odds_fill_new_acting(), for @facts' acting unit
 * @facts: two placed units
 * @error: for a target its system cannot read
 *
 * Returns: (transfer full) (nullable): as muster_odds_fill_new(): @acting's inputs, then
 *   the target's list and the table
 */
MusterOddsFill *
muster_odds_fill_new_against (const MusterOddsFill  *acting,
                              const MusterOddsFacts *facts,
                              GError               **error)
{
  const MusterProcedure *procedure = acting->procedure;
  g_autoptr(MusterOddsFill) self = fill_alloc (procedure);
  guint n = MAX (procedure->n_inputs, 1);

  memcpy (self->values, acting->values, sizeof (int) * n);
  memcpy (self->sources, acting->sources, sizeof (MusterOddsSource) * n);
  self->values_only = acting->values_only;
  for (guint i = 0; i < n && !self->values_only; i++)
    self->reasons[i] = g_strdup (acting->reasons[i]);
  if (muster_system_can_fill (muster_system_lookup (procedure->system)) &&
      !fill_from_list (self, facts, &facts->target, MUSTER_FILL_ROLE_TARGET, error))
    return NULL;
  muster_system_table_inputs (muster_system_lookup (procedure->system), procedure, facts, self);
  return g_steal_pointer (&self);
}

void
muster_odds_fill_free (MusterOddsFill *self)
{
  if (self == NULL)
    return;
  g_free (self->values);
  g_free (self->sources);
  if (self->reasons != NULL)
    for (guint i = 0; i < MAX (self->procedure->n_inputs, 1); i++)
      g_free (self->reasons[i]);
  g_free (self->reasons);
  g_free (self->blocked);
  g_free (self);
}

const char *
muster_odds_source_to_string (MusterOddsSource source)
{
  switch (source)
    {
    case MUSTER_ODDS_LIST:
      return "list";
    case MUSTER_ODDS_TABLE:
      return "table";
    case MUSTER_ODDS_ASK:
    default:
      return "ask";
    }
}

/**
 * muster_odds_fill_run:
 * @self: filled inputs
 * @facts: the units they were filled for (for their ruleset)
 * @trials: for a procedure that is only simulated
 * @seed: its dice
 *
 * Returns: (transfer full) (nullable): the exact odds, or a simulation's where the procedure
 *   has no exact form
 */
MusterProcedureResult *
muster_odds_fill_run (const MusterOddsFill  *self,
                      const MusterOddsFacts *facts,
                      guint64                trials,
                      guint64                seed,
                      GError               **error)
{
  if (self->procedure->exact != NULL)
    return muster_procedure_run_exact (self->procedure, facts->ruleset, self->values, error);
  return muster_procedure_simulate (self->procedure, facts->ruleset, self->values, trials, seed,
                                    error);
}

/* The hooks' helpers (muster-odds-private.h) */

static gboolean
set_reasoned (MusterOddsFill *fill,
              const char     *id,
              int             value,
              const char     *format,
              va_list         args)
{
  int index = muster_procedure_find_input (fill->procedure, id);
  const MusterInputSpec *spec;

  if (index < 0)
    return FALSE;
  spec = &fill->procedure->inputs[index];
  if (spec->type != MUSTER_INPUT_CHOICE)
    value = CLAMP (value, spec->min, spec->max);
  fill->values[index] = value;
  fill->sources[index] = MUSTER_ODDS_TABLE;
  if (fill->values_only)
    return TRUE;
  g_free (fill->reasons[index]);
  fill->reasons[index] = g_strdup_vprintf (format, args);
  return TRUE;
}

/* Sets the input @id, if the procedure has it, to @value (clamped), from the table, for the
 * reason @format says. Returns: whether the procedure has it */
gboolean
muster_odds_set (MusterOddsFill *fill,
                 const char     *id,
                 int             value,
                 const char     *format,
                 ...)
{
  va_list args;
  gboolean done;

  va_start (args, format);
  done = set_reasoned (fill, id, value, format, args);
  va_end (args);
  return done;
}

/* As muster_odds_set(), by a choice's id; an input without that choice is left alone. */
gboolean
muster_odds_set_choice (MusterOddsFill *fill,
                        const char     *id,
                        const char     *choice,
                        const char     *format,
                        ...)
{
  int index = muster_procedure_find_input (fill->procedure, id);
  const MusterInputSpec *spec;
  va_list args;
  gboolean done = FALSE;

  if (index < 0 || choice == NULL)
    return FALSE;
  spec = &fill->procedure->inputs[index];
  for (int i = 0; spec->type == MUSTER_INPUT_CHOICE && spec->choices[i] != NULL; i++)
    if (g_str_equal (spec->choices[i], choice))
      {
        va_start (args, format);
        done = set_reasoned (fill, id, i, format, args);
        va_end (args);
        break;
      }
  return done;
}

/* Says why the procedure cannot be carried out as the units stand (the first reason given
 * stays). */
void
muster_odds_block (MusterOddsFill *fill,
                   const char     *format,
                   ...)
{
  va_list args;

  if (fill->blocked != NULL)
    return;
  va_start (args, format);
  fill->blocked = g_strdup_vprintf (format, args);
  va_end (args);
}

/* Returns: (nullable): the acting unit's range @id, or with %NULL its first with a maximum */
const MusterRange *
muster_odds_find_range (const MusterOddsFacts *facts,
                        const char            *id)
{
  for (guint i = 0; i < facts->ranges->len; i++)
    {
      const MusterRange *range = &g_array_index (facts->ranges, MusterRange, i);

      if (id != NULL ? g_str_equal (range->id, id) : !range->unlimited)
        return range;
    }
  return NULL;
}

/* Returns: the distance in whole units of the ruleset, any part counting as a whole one (the
 * books' "8″ or less" makes 8.2″ more than 8) */
int
muster_odds_whole_distance (const MusterOddsFacts *facts)
{
  double d = muster_odds_facts_distance_in (facts);

  return d <= WHOLE_SLACK ? 0 : (int) MIN (ceil (d - WHOLE_SLACK), G_MAXINT / 2);
}

/* Returns: which of @range's bands @distance (mm) falls in, 1 for the nearest (up to its first
 * ring) to n_rings + 1 (up to its maximum); 0 beyond its maximum */
guint
muster_odds_band (const MusterRange *range,
                  double             distance)
{
  guint band = 1;

  if (!range->unlimited && distance > range->max + MUSTER_GEOMETRY_EPSILON)
    return 0;
  for (guint i = 0; i < range->n_rings; i++)
    if (distance > range->rings[i] + MUSTER_GEOMETRY_EPSILON)
      band = i + 2;
  return band;
}

MusterCover
muster_odds_cover (const MusterOddsSide *side)
{
  return side->terrain_type != NULL ? side->terrain_type->cover : MUSTER_COVER_NONE;
}

gboolean
muster_odds_stands_in (const MusterOddsSide *side,
                       MusterTerrainKind     kind)
{
  return side->terrain_type != NULL && side->terrain_type->kind == kind;
}

/* Returns: a terrain piece's name, or its type's id */
const char *
muster_odds_feature_name (const MusterFeature *feature)
{
  if (feature == NULL)
    return "";
  return feature->name != NULL ? feature->name : feature->type != NULL ? feature->type
                                                                       : feature->id;
}

/* Returns: (transfer full): "in Barrow Wood (woods): soft cover", "in the open: no cover";
 * whole sentences, so a translation can put the cover where its grammar wants it */
char *
muster_odds_describe_ground (const MusterOddsSide *side)
{
  const char *name, *type;

  if (side->terrain == NULL)
    return g_strdup (_("in the open: no cover"));
  name = muster_odds_feature_name (side->terrain);
  /* the type's name in the user's language, as the sentence is */
  type = side->terrain_type ? muster_ruleset_text (side->terrain_type->name)
                            : side->terrain->type;
  switch (muster_odds_cover (side))
    {
    case MUSTER_COVER_SOFT:
      /* TRANSLATORS: where the target stands; the first %s is the terrain piece's name
       * ("Barrow Wood"), the second its type ("woods") */
      return g_strdup_printf (_("in %s (%s): soft cover"), name, type);
    case MUSTER_COVER_HARD:
      /* TRANSLATORS: as "in %s (%s): soft cover" */
      return g_strdup_printf (_("in %s (%s): hard cover"), name, type);
    case MUSTER_COVER_NONE:
    default:
      /* TRANSLATORS: as "in %s (%s): soft cover" */
      return g_strdup_printf (_("in %s (%s): no cover"), name, type);
    }
}

/* Sets the int input @id to the distance in whole units. */
gboolean
muster_odds_set_distance (MusterOddsFill        *fill,
                          const MusterOddsFacts *facts,
                          const char            *id)
{
  g_autofree char *distance = NULL;

  if (fill->values_only)
    return muster_odds_set (fill, id, muster_odds_whole_distance (facts), "%s", "");
  distance = muster_odds_facts_format_distance (facts);
  /* TRANSLATORS: %s is the distance between two units ("9.4″") */
  return muster_odds_set (fill, id, muster_odds_whole_distance (facts), _("%s edge to edge"),
                          distance);
}

/* Sets the choice @id to @choices' front, flank or rear id by the acting unit's position. */
gboolean
muster_odds_set_aspect (MusterOddsFill        *fill,
                        const MusterOddsFacts *facts,
                        const char            *id,
                        const char * const     choices[3])
{
  /* whole sentences: the last word names the aspect the books use */
  static const char * const why[] = {
    N_("ahead of the target's front edge: front"),
    N_("beside the target, behind its frontage: flank"),
    N_("behind the target's rear edge: rear"),
  };
  const char *reason = _(why[facts->aspect]);

  if (facts->aspect == MUSTER_ASPECT_FRONT &&
      facts->target.placement->formation == MUSTER_FORMATION_SQUARE)
    reason = _("ahead of the target's front edge (a square faces every way): front");
  return muster_odds_set_choice (fill, id, choices[facts->aspect], "%s", reason);
}

/* Sets the bool @id to whether the line of sight is clear. */
gboolean
muster_odds_set_sight (MusterOddsFill        *fill,
                       const MusterOddsFacts *facts,
                       const char            *id)
{
  if (facts->sight)
    return muster_odds_set (fill, id, TRUE, _("the line between them is clear"));
  /* TRANSLATORS: the line of sight; %s is a terrain piece's name */
  return muster_odds_set (fill, id, FALSE, _("blocked by %s"),
                          muster_odds_feature_name (facts->blocker));
}

/* Sets @id to the target's cover: with @choices the none, soft or hard choice's id, without
 * (a bool) whether it has any. */
gboolean
muster_odds_set_cover (MusterOddsFill        *fill,
                       const MusterOddsFacts *facts,
                       const char            *id,
                       const char * const     choices[3])
{
  g_autofree char *ground = fill->values_only ? NULL
                                               : muster_odds_describe_ground (&facts->target);
  MusterCover cover = muster_odds_cover (&facts->target);

  if (choices != NULL)
    return muster_odds_set_choice (fill, id, choices[cover], "%s", ground);
  return muster_odds_set (fill, id, cover != MUSTER_COVER_NONE, "%s", ground);
}

/* Sets the bool @id to whether a linear obstacle covers the target from the acting unit. */
gboolean
muster_odds_set_obstacle (MusterOddsFill        *fill,
                          const MusterOddsFacts *facts,
                          const char            *id)
{
  if (facts->obstacle != NULL)
    /* TRANSLATORS: %s is a linear obstacle's name ("Mill Hedge") */
    return muster_odds_set (fill, id, TRUE, _("behind %s, which the line of fire crosses"),
                            muster_odds_feature_name (facts->obstacle));
  return muster_odds_set (fill, id, FALSE, _("no linear obstacle within 1″ in front of it"));
}

/* Returns: which face of the defender the attacker is on, "the attacker is on the defender's
 * flank", translated: one sentence per aspect, so a translation can decline the noun */
const char *
muster_odds_describe_attacker (const MusterOddsFacts *facts)
{
  static const char * const attacker[] = {
    N_("the attacker is on the defender's front"), N_("the attacker is on the defender's flank"),
    N_("the attacker is on the defender's rear"),
  };

  return _(attacker[facts->aspect]);
}
