/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-odds"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "muster-army.h"
#include "muster-doc.h"
#include "muster-engine-error.h"
#include "muster-odds.h"
#include "muster-unit.h"

/*
 * The facts: what the battlefield says about two placed units, read once per pair (and again
 * after either moves). Every procedure's filling reads them; none measures anything itself.
 */

/* How near the target a linear obstacle must be to cover it: the books' "behind a wall"
 * means lining it, and an inch takes in a stand's own base edge and the wall's thickness. */
#define OBSTACLE_REACH_MM 25.4

static int
cover_rank (const MusterTerrainType *type)
{
  return type != NULL ? (int) type->cover : -1;
}

/* The piece @side's centre stands in that gives it the best cover, and whether any is a hill. */
static void
read_ground (MusterBattlefield        *battlefield,
             const MusterTerrainTypes *types,
             MusterOddsSide           *side)
{
  g_autoptr(GPtrArray) pieces = g_ptr_array_new ();
  MusterPoint centre = side->placement->centre;
  MusterBox box = { centre.x, centre.y, centre.x, centre.y };

  muster_battlefield_query_box (battlefield, box, pieces);
  for (guint i = 0; i < pieces->len; i++)
    {
      const MusterFeature *piece = pieces->pdata[i];
      const MusterTerrainType *type;
      MusterPoint scratch[4];
      MusterShape shape;

      if (piece->kind != MUSTER_FEATURE_TERRAIN)
        continue;
      shape = muster_feature_get_shape (piece, scratch);
      if (!muster_shape_contains_point (&shape, centre))
        continue;
      type = types != NULL ? muster_terrain_types_lookup (types, piece->type) : NULL;
      if (type != NULL && (type->kind == MUSTER_TERRAIN_HILL ||
                           type->kind == MUSTER_TERRAIN_STEEP_HILL))
        side->on_hill = TRUE;
      /* query_box gives them in stored order, so a later equal is the one on top */
      if (side->terrain == NULL || cover_rank (type) >= cover_rank (side->terrain_type))
        {
          side->terrain = piece;
          side->terrain_type = type;
        }
    }
}

static gboolean
is_obstacle (const MusterTerrainType *type)
{
  return type != NULL && (type->kind == MUSTER_TERRAIN_LINEAR ||
                          type->kind == MUSTER_TERRAIN_FORTIFICATION);
}

/* Whether @shape is surely farther than OBSTACLE_REACH_MM from the target, by bounds that
 * cost far less than muster_shape_distance() (an ellipse's is an iterative search): the
 * bounding boxes' gap, and for an ellipse the gap to its centre less its larger radius. */
static gboolean
surely_out_of_reach (const MusterShape *shape,
                     const MusterShape *target_shape,
                     MusterBox          target_bounds)
{
  if (muster_box_distance (muster_shape_bounds (shape), target_bounds) > OBSTACLE_REACH_MM)
    return TRUE;
  return shape->kind == MUSTER_SHAPE_ELLIPSE &&
         muster_shape_distance_to_point (target_shape, shape->ellipse.centre) -
         MAX (fabs (shape->ellipse.rx), fabs (shape->ellipse.ry)) > OBSTACLE_REACH_MM;
}

static gboolean
crosses (const MusterFeature *piece,
         MusterSegment        line)
{
  MusterPoint scratch[4];
  MusterShape shape = muster_feature_get_shape (piece, scratch);
  double t0, t1;

  return muster_shape_intersect_segment (&shape, line, &t0, &t1);
}

/*
 * What the table says about a placement, and about a pair, depends on the placements and the
 * terrain alone, yet the map's tint asks it for every enemy on every frame of a drag (an
 * ellipse's distance is an iterative search, a footprint is laid out stand by stand). So it is
 * kept with the document for as long as no terrain piece changes:
 * - for each placement (by its id, at its revision: a change stores it with a fresh one): its
 *   footprint, the ground its centre stands on, and the linear obstacle topmost within reach
 *   of it (the line of fire decides each time whether it covers);
 * - for the pairs of one acting placement (at its revision) and each target (at its): the
 *   distance, sight, obstacle and aspect. Dragging the acting unit makes them all new; dragging
 *   another keeps all but its own.
 * It also finds a unit's placement by the unit's id without walking the battlefield.
 */
#define TABLE_CACHE "muster-odds-table"

typedef struct
{
  MusterBattlefield        *battlefield;
  const MusterTerrainTypes *types;
  guint64                   terrain;     /* terrain_stamp() when made */
  GHashTable               *placed;      /* placement's id → Placed */
  char                     *pairs_from;  /* the acting placement's id the pairs are from */
  guint64                   pairs_at;    /* and its revision (a loaded table's features share
                                          * one: a revision alone tells no placement) */
  GHashTable               *pairs;       /* target placement's id → Pair */
  guint64                   index_at;    /* the battlefield's revision when indexed */
  GHashTable               *index;       /* unit id → its placement */
} TableCache;

typedef struct
{
  guint64              revision;        /* the placement's when read */
  MusterFootprint     *footprint;
  gboolean             ground_read;
  const MusterFeature *terrain;         /* as MusterOddsSide's */
  const MusterTerrainType *terrain_type;
  gboolean             on_hill;
  GPtrArray           *near;            /* nullable until read: the linear obstacles whose
                                         * box is within reach of its box, in stored order */
  gboolean             topmost_known;
  const MusterFeature *topmost;         /* nullable: no obstacle in reach */
} Placed;

typedef struct
{
  guint64              revision;        /* the target's when read */
  double               distance;
  gboolean             complete;        /* more than the distance (muster_odds_list_targets()) */
  gboolean             sight;
  const MusterFeature *blocker;
  const MusterFeature *obstacle;
  MusterAspect         aspect;
} Pair;

/* Frees what @self holds (a Placed on the stack, without a cache). */
static void
placed_clear (Placed *self)
{
  g_clear_pointer (&self->footprint, muster_footprint_free);
  g_clear_pointer (&self->near, g_ptr_array_unref);
}

static void
placed_free (Placed *self)
{
  placed_clear (self);
  g_free (self);
}

static void
table_cache_free (TableCache *self)
{
  g_hash_table_unref (self->placed);
  g_hash_table_unref (self->pairs);
  g_free (self->pairs_from);
  g_clear_pointer (&self->index, g_hash_table_unref);
  g_free (self);
}

/* The latest revision of any terrain piece, or of the last insertion or removal of one. */
static guint64
terrain_stamp (MusterBattlefield *battlefield)
{
  guint64 stamp = muster_battlefield_get_kind_revision (battlefield, MUSTER_FEATURE_TERRAIN);

  for (guint i = 0; i < muster_battlefield_get_n_features (battlefield); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (battlefield, i);

      if (f->kind == MUSTER_FEATURE_TERRAIN)
        stamp = MAX (stamp, f->revision);
    }
  return stamp;
}

/* Returns: (nullable): the document's table cache if it was made for @battlefield and @types
 *   as they are (check_table_cache() in muster_odds_facts_new_acting() saw to that; a list
 *   edit since drops it) */
static TableCache *
get_table_cache (MusterDoc                *doc,
                 MusterBattlefield        *battlefield,
                 const MusterTerrainTypes *types)
{
  TableCache *cache = muster_doc_get_list_cache (doc, TABLE_CACHE);

  return cache != NULL && cache->battlefield == battlefield && cache->types == types ? cache
                                                                                     : NULL;
}

/* Makes the document's table cache fit @battlefield and its terrain as they are now: a fresh
 * one when any piece changed since (or it grew big with placements since replaced). */
static TableCache *
check_table_cache (MusterDoc                *doc,
                   MusterBattlefield        *battlefield,
                   const MusterTerrainTypes *types)
{
  TableCache *cache = get_table_cache (doc, battlefield, types);
  guint64 stamp = terrain_stamp (battlefield);

  if (cache != NULL && cache->terrain == stamp &&
      g_hash_table_size (cache->placed) < 2 * muster_battlefield_get_n_features (battlefield))
    return cache;
  cache = g_new0 (TableCache, 1);
  cache->battlefield = battlefield;
  cache->types = types;
  cache->terrain = stamp;
  /* by id, not by the feature: a move stores a new one under the same id */
  cache->placed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) placed_free);
  cache->pairs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  muster_doc_set_list_cache (doc, TABLE_CACHE, cache, (GDestroyNotify) table_cache_free);
  return cache;
}

/* @placement's entry, made afresh if it changed since (a revision is never given twice, but
 * the features of a loaded table share one: so by id and revision); without a cache, @local
 * is filled (what it holds for the caller to free: placed_clear()). */
static Placed *
get_placed (TableCache          *cache,
            const MusterFeature *placement,
            Placed              *local)
{
  Placed *kept = cache != NULL ? g_hash_table_lookup (cache->placed, placement->id) : NULL;

  if (kept != NULL && kept->revision == placement->revision)
    return kept;
  if (cache == NULL)
    {
      *local = (Placed) { placement->revision, muster_feature_get_footprint (placement) };
      return local;
    }
  kept = g_new0 (Placed, 1);
  kept->revision = placement->revision;
  kept->footprint = muster_feature_get_footprint (placement);
  g_hash_table_replace (cache->placed, g_strdup (placement->id), kept);
  return kept;
}

/* The pair of the acting @acting and the target @target, kept or new (zeroed, its revision
 * set: to be filled); NULL without a cache. */
static Pair *
get_pair (TableCache          *cache,
          const MusterFeature *acting,
          const MusterFeature *target,
          gboolean            *found)
{
  Pair *pair;

  *found = FALSE;
  if (cache == NULL)
    return NULL;
  if (cache->pairs_at != acting->revision || g_strcmp0 (cache->pairs_from, acting->id) != 0)
    {
      g_hash_table_remove_all (cache->pairs);
      g_free (cache->pairs_from);
      cache->pairs_from = g_strdup (acting->id);
      cache->pairs_at = acting->revision;
    }
  pair = g_hash_table_lookup (cache->pairs, target->id);
  if (pair != NULL && pair->revision == target->revision)
    {
      *found = TRUE;
      return pair;
    }
  pair = g_new0 (Pair, 1);
  pair->revision = target->revision;
  g_hash_table_replace (cache->pairs, g_strdup (target->id), pair);
  return pair;
}

/* Returns: (nullable): where the unit @unit_id stands: as muster_battlefield_lookup_unit(),
 *   through the cache's index of the battlefield at its revision */
static const MusterFeature *
lookup_placement (TableCache        *cache,
                  MusterBattlefield *battlefield,
                  const char        *unit_id)
{
  if (cache == NULL)
    return muster_battlefield_lookup_unit (battlefield, unit_id);
  if (cache->index == NULL || cache->index_at != muster_battlefield_get_revision (battlefield))
    {
      g_clear_pointer (&cache->index, g_hash_table_unref);
      cache->index = g_hash_table_new (g_str_hash, g_str_equal);
      cache->index_at = muster_battlefield_get_revision (battlefield);
      /* the first of a unit's placements, as the battlefield's own lookup finds */
      for (guint i = muster_battlefield_get_n_features (battlefield); i-- > 0;)
        {
          const MusterFeature *feature = muster_battlefield_get_feature (battlefield, i);

          if (feature->kind == MUSTER_FEATURE_UNIT && feature->unit != NULL)
            g_hash_table_replace (cache->index, feature->unit, (gpointer) feature);
        }
    }
  return unit_id != NULL ? g_hash_table_lookup (cache->index, unit_id) : NULL;
}

/* The linear obstacle within OBSTACLE_REACH_MM of the target (@placed, its footprint) that
 * covers it from @line (the line of fire): the topmost (last stored) within reach, if @line
 * crosses it. That is the first found walking back, so the pieces below it are never
 * measured; as most lines cross no obstacle near their target at all, that is tested first,
 * for far less than the distances. */
static const MusterFeature *
find_obstacle (MusterBattlefield        *battlefield,
               const MusterTerrainTypes *types,
               Placed                   *placed,
               MusterSegment             line)
{
  MusterShape target_shape = muster_footprint_get_shape (placed->footprint);
  MusterBox target_bounds = muster_footprint_get_bounds (placed->footprint);
  const MusterFeature *topmost = NULL;
  gboolean any_crossed = FALSE;

  if (types == NULL)
    return NULL;
  if (placed->topmost_known)
    return placed->topmost != NULL && crosses (placed->topmost, line) ? placed->topmost : NULL;

  /* the obstacles near the target are found once: the lines of the frames to come meet the
   * same */
  if (placed->near == NULL)
    {
      placed->near = g_ptr_array_new ();
      muster_battlefield_query_box (battlefield, muster_box_inflate (target_bounds,
                                                                     OBSTACLE_REACH_MM),
                                    placed->near);
      for (guint i = placed->near->len; i-- > 0;)
        {
          const MusterFeature *piece = placed->near->pdata[i];

          if (piece->kind != MUSTER_FEATURE_TERRAIN ||
              !is_obstacle (muster_terrain_types_lookup (types, piece->type)))
            g_ptr_array_remove_index (placed->near, i);
        }
    }
  for (guint i = 0; i < placed->near->len && !any_crossed; i++)
    any_crossed = crosses (placed->near->pdata[i], line);
  /* measured only for a line that crosses one: kept, it serves the lines that follow */
  if (!any_crossed)
    return NULL;
  for (guint i = placed->near->len; i-- > 0 && topmost == NULL;)
    {
      const MusterFeature *piece = placed->near->pdata[i];
      MusterPoint scratch[4];
      MusterShape shape;

      shape = muster_feature_get_shape (piece, scratch);
      if (!surely_out_of_reach (&shape, &target_shape, target_bounds) &&
          muster_shape_distance (&shape, &target_shape) <= OBSTACLE_REACH_MM)
        topmost = piece;
    }
  placed->topmost_known = TRUE;
  placed->topmost = topmost;
  return topmost != NULL && crosses (topmost, line) ? topmost : NULL;
}

/* Ahead of the line of the target's front edge, behind its rear edge, or between. */
static MusterAspect
read_aspect (const MusterFootprint *target,
             MusterPoint            from)
{
  const MusterFootprintSpec *spec = muster_footprint_get_spec (target);
  MusterSegment front = muster_footprint_get_front_edge (target);
  MusterVector facing = muster_vector_from_angle (spec->facing);
  MusterPoint front_mid = muster_point_lerp (front.a, front.b, 0.5);
  double ahead = muster_vector_dot (muster_point_sub (from, front_mid), facing);

  /* a square has no flank and no rear: it faces every way */
  if (spec->formation == MUSTER_FORMATION_SQUARE || ahead >= -MUSTER_GEOMETRY_EPSILON)
    return MUSTER_ASPECT_FRONT;
  if (ahead <= -muster_footprint_get_depth (target) + MUSTER_GEOMETRY_EPSILON)
    return MUSTER_ASPECT_REAR;
  return MUSTER_ASPECT_FLANK;
}

static gboolean
read_side (MusterDoc          *doc,
           TableCache         *cache,
           MusterBattlefield  *battlefield,
           const char         *unit_id,
           MusterOddsSide     *side,
           GError            **error)
{
  if (!(side->unit = muster_doc_lookup_unit (doc, unit_id)))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("no unit “%s” in the document"), unit_id);
      return FALSE;
    }
  if (!(side->placement = lookup_placement (cache, battlefield, unit_id)))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("unit “%s” (%s) is not placed on the battlefield"), unit_id,
                   muster_unit_get_name (side->unit) ? muster_unit_get_name (side->unit) : "");
      return FALSE;
    }
  side->force = muster_unit_get_force (side->unit);
  return TRUE;
}

/**
 * muster_odds_facts_new:
 * @doc: a document with a battlefield and its ruleset set
 * @types: (nullable): the ruleset's terrain types and ranges; %NULL knows no terrain
 * @acting_unit_id: the id of the unit that acts, as the document writes it
 * @target_unit_id: the id of its target
 * @error: for a unit that is not in the document or not placed
 *
 * Returns: (transfer full) (nullable): what the table says about the two units
 */
MusterOddsFacts *
muster_odds_facts_new (MusterDoc                *doc,
                       const MusterTerrainTypes *types,
                       const char               *acting_unit_id,
                       const char               *target_unit_id,
                       GError                  **error)
{
  g_autoptr(MusterOddsFacts) acting = NULL;

  g_return_val_if_fail (doc != NULL && acting_unit_id != NULL && target_unit_id != NULL, NULL);

  /* before the units are looked up, as muster_odds_facts_new_against() would after */
  if (muster_doc_get_battlefield (doc) != NULL && g_strcmp0 (acting_unit_id, target_unit_id) == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("unit “%s” cannot act against itself"), acting_unit_id);
      return NULL;
    }
  if (!(acting = muster_odds_facts_new_acting (doc, types, acting_unit_id, error)))
    return NULL;
  return muster_odds_facts_new_against (acting, types, target_unit_id, error);
}

/**
 * muster_odds_facts_new_acting:
 * @doc: a document with a battlefield and its ruleset set
 * @types: (nullable): the ruleset's terrain types and ranges; %NULL knows no terrain
 * @acting_unit_id: the id of the unit that acts
 * @error: for a unit that is not in the document or not placed
 *
 * What depends on the acting unit alone (its side, ground and ranges), read once for many
 * targets (the map's tint); only for muster_odds_facts_new_against(), its target is unset.
 *
 * Returns: (transfer full) (nullable): half the facts
 */
MusterOddsFacts *
muster_odds_facts_new_acting (MusterDoc                *doc,
                              const MusterTerrainTypes *types,
                              const char               *acting_unit_id,
                              GError                  **error)
{
  g_autoptr(MusterOddsFacts) self = g_new0 (MusterOddsFacts, 1);
  MusterBattlefield *battlefield;
  const MusterRangeRules *ranges = muster_terrain_types_get_ranges (types);

  g_return_val_if_fail (doc != NULL && acting_unit_id != NULL, NULL);

  if (!(battlefield = muster_doc_get_battlefield (doc)))
    {
      g_set_error_literal (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                           _("the document has no battlefield"));
      return NULL;
    }
  if (!read_side (doc, NULL, battlefield, acting_unit_id, &self->acting, error))
    return NULL;
  self->ruleset = muster_doc_get_ruleset (doc);
  self->doc = doc;
  read_ground (battlefield, types, &self->acting);
  self->sight_from = muster_sight_from_new (battlefield, types, self->acting.placement->id);
  check_table_cache (doc, battlefield, types);
  self->units = muster_range_rules_get_units (ranges);
  self->mm_per_unit = muster_range_rules_get_mm_per_unit (ranges);
  if (self->ruleset != NULL)
    self->ranges = muster_range_rules_for_unit (ranges, self->ruleset, self->acting.unit);
  else
    self->ranges = g_array_new (FALSE, TRUE, sizeof (MusterRange));
  return g_steal_pointer (&self);
}

/**
 * muster_odds_facts_new_against:
 * @acting: facts from muster_odds_facts_new_acting()
 * @types: (nullable): the terrain types @acting was read with
 * @target_unit_id: the id of the target
 * @error: for a target that is not in the document or not placed, or the acting unit itself
 *
 * Returns: (transfer full) (nullable): as muster_odds_facts_new() for @acting's unit and
 *   @target_unit_id, its acting side and ranges shared with @acting
 */
MusterOddsFacts *
muster_odds_facts_new_against (const MusterOddsFacts    *acting,
                               const MusterTerrainTypes *types,
                               const char               *target_unit_id,
                               GError                  **error)
{
  g_autoptr(MusterOddsFacts) self = g_new0 (MusterOddsFacts, 1);
  MusterBattlefield *battlefield = muster_doc_get_battlefield (acting->doc);
  TableCache *cache = get_table_cache (acting->doc, battlefield, types);
  const char *acting_unit_id = muster_unit_get_id (acting->acting.unit);
  Placed local_acting = { 0 }, local_target = { 0 };
  Placed *acting_placed, *target_placed;
  Pair *pair, local_pair = { 0 };
  gboolean found;

  g_return_val_if_fail (target_unit_id != NULL, NULL);

  *self = *acting;
  self->ranges = g_array_ref (acting->ranges);
  self->sight_from = NULL;   /* @acting's */
  if (g_strcmp0 (acting_unit_id, target_unit_id) == 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("unit “%s” cannot act against itself"), acting_unit_id);
      return NULL;
    }
  if (!read_side (self->doc, cache, battlefield, target_unit_id, &self->target, error))
    return NULL;

  target_placed = get_placed (cache, self->target.placement, &local_target);
  if (!target_placed->ground_read)
    {
      read_ground (battlefield, types, &self->target);
      target_placed->ground_read = TRUE;
      target_placed->terrain = self->target.terrain;
      target_placed->terrain_type = self->target.terrain_type;
      target_placed->on_hill = self->target.on_hill;
    }
  self->target.terrain = target_placed->terrain;
  self->target.terrain_type = target_placed->terrain_type;
  self->target.on_hill = target_placed->on_hill;

  if (!(pair = get_pair (cache, self->acting.placement, self->target.placement, &found)))
    pair = &local_pair;
  if (!found || !pair->complete)
    {
      if (!found)
        {
          acting_placed = get_placed (cache, self->acting.placement, &local_acting);
          pair->distance = muster_footprint_distance (acting_placed->footprint,
                                                      target_placed->footprint);
        }
      pair->sight = muster_sight_from_check_feature (acting->sight_from, self->target.placement,
                                                     &pair->blocker);
      pair->obstacle = find_obstacle (battlefield, types, target_placed,
                                      (MusterSegment) { self->acting.placement->centre,
                                                        self->target.placement->centre });
      pair->aspect = read_aspect (target_placed->footprint, self->acting.placement->centre);
      pair->complete = TRUE;
    }
  self->distance = pair->distance;
  self->sight = pair->sight;
  self->blocker = pair->blocker;
  self->obstacle = pair->obstacle;
  self->aspect = pair->aspect;
  placed_clear (&local_acting);
  placed_clear (&local_target);
  return g_steal_pointer (&self);
}

void
muster_odds_facts_free (MusterOddsFacts *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->ranges, g_array_unref);
  g_clear_pointer (&self->sight_from, muster_sight_from_free);
  g_free (self);
}

/* Returns: the distance in the ruleset's units (inches, centimetres or yards) */
double
muster_odds_facts_distance_in (const MusterOddsFacts *self)
{
  return self->distance / self->mm_per_unit;
}

/* Returns: (transfer full): "9.4″", "23.5 cm", "47 yd" */
char *
muster_odds_facts_format_distance (const MusterOddsFacts *self)
{
  double d = muster_odds_facts_distance_in (self);

  if (g_strcmp0 (self->units, "cm") == 0)
    return g_strdup_printf ("%.1f cm", d);
  if (g_strcmp0 (self->units, "yd") == 0)
    return g_strdup_printf ("%.0f yd", d);
  return g_strdup_printf ("%.1f″", d);
}

/* Returns: the unit's name, or its id when it has none */
const char *
muster_odds_side_name (const MusterOddsSide *side)
{
  const char *name = muster_unit_get_name (side->unit);

  return name != NULL ? name : muster_unit_get_id (side->unit);
}

const char *
muster_odds_aspect_to_string (MusterAspect aspect)
{
  switch (aspect)
    {
    case MUSTER_ASPECT_FLANK:
      return "flank";
    case MUSTER_ASPECT_REAR:
      return "rear";
    case MUSTER_ASPECT_FRONT:
    default:
      return "front";
    }
}

typedef struct
{
  char   *unit_id;
  double  distance;
} Candidate;

static int
compare_candidates (gconstpointer a,
                    gconstpointer b)
{
  const Candidate *x = a, *y = b;

  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  return g_strcmp0 (x->unit_id, y->unit_id);
}

/* Whether @force is an enemy of @acting's: another side, or another force where either has
 * no side. */
static gboolean
is_enemy (const MusterForce *force,
          const MusterForce *acting)
{
  const char *side = muster_force_get_side (force);
  const char *acting_side = muster_force_get_side (acting);

  if (force == acting)
    return FALSE;
  return side == NULL || acting_side == NULL || g_strcmp0 (side, acting_side) != 0;
}

/* The ids of @acting_unit_id's enemies placed within @reach (mm, edge to edge), nearest first. */
static GPtrArray *
list_targets_within (MusterDoc  *doc,
                     const char *acting_unit_id,
                     double      reach)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  MusterBattlefield *battlefield = muster_doc_get_battlefield (doc);
  g_autoptr(GArray) candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  TableCache *cache = NULL;
  Placed local_acting = { 0 }, *acting_placed;
  const MusterFeature *acting;
  MusterUnit *acting_unit = muster_doc_lookup_unit (doc, acting_unit_id);

  /* footprints and distances know no terrain types: a cache of this battlefield's will do, if
   * made for it as it is (a table loaded again may stand where the last one did) */
  if (battlefield != NULL && (cache = muster_doc_get_list_cache (doc, TABLE_CACHE)) != NULL &&
      (cache->battlefield != battlefield || cache->terrain != terrain_stamp (battlefield)))
    cache = NULL;
  if (battlefield == NULL || acting_unit == NULL ||
      !(acting = lookup_placement (cache, battlefield, acting_unit_id)))
    return ids;
  acting_placed = get_placed (cache, acting, &local_acting);
  for (guint i = 0; i < muster_battlefield_get_n_features (battlefield); i++)
    {
      const MusterFeature *feature = muster_battlefield_get_feature (battlefield, i);
      MusterUnit *unit;
      Placed local = { 0 };
      Pair *pair;
      gboolean found;
      Candidate candidate;

      if (feature->kind != MUSTER_FEATURE_UNIT ||
          !(unit = muster_doc_lookup_unit (doc, feature->unit)) ||
          !is_enemy (muster_unit_get_force (unit), muster_unit_get_force (acting_unit)))
        continue;
      candidate.unit_id = feature->unit;
      pair = get_pair (cache, acting, feature, &found);
      if (found)
        candidate.distance = pair->distance;
      else
        {
          candidate.distance = muster_footprint_distance (acting_placed->footprint,
                                                          get_placed (cache, feature,
                                                                      &local)->footprint);
          placed_clear (&local);
          if (pair != NULL)
            pair->distance = candidate.distance;
        }
      if (candidate.distance <= reach + MUSTER_GEOMETRY_EPSILON)
        g_array_append_val (candidates, candidate);
    }
  placed_clear (&local_acting);
  g_array_sort (candidates, compare_candidates);
  for (guint i = 0; i < candidates->len; i++)
    g_ptr_array_add (ids, g_strdup (g_array_index (candidates, Candidate, i).unit_id));
  return ids;
}

/**
 * muster_odds_list_targets:
 * @doc: a document with a battlefield
 * @acting_unit_id: a placed unit's id
 *
 * Returns: (transfer full) (element-type utf8): the ids of the enemy's placed units (of another
 *   side, or of another force when either has no side), nearest first, edge to edge; empty
 *   when @acting_unit_id is not placed
 */
GPtrArray *
muster_odds_list_targets (MusterDoc  *doc,
                          const char *acting_unit_id)
{
  return list_targets_within (doc, acting_unit_id, G_MAXDOUBLE);
}

/**
 * muster_odds_get_reach:
 * @doc: a document with its ruleset set
 * @types: (nullable): the ruleset's terrain types and ranges
 * @acting_unit_id: a unit's id
 *
 * Returns: the unit's longest weapon range in table mm, %G_MAXDOUBLE for an unlimited one, or
 *   -1 when it has none (no missile weapon, or a system without ranges)
 */
double
muster_odds_get_reach (MusterDoc                *doc,
                       const MusterTerrainTypes *types,
                       const char               *acting_unit_id)
{
  const MusterRangeRules *rules = muster_terrain_types_get_ranges (types);
  MusterRuleset *ruleset = muster_doc_get_ruleset (doc);
  MusterUnit *unit = muster_doc_lookup_unit (doc, acting_unit_id);
  g_autoptr(GArray) ranges = NULL;
  double reach = -1;

  if (rules == NULL || ruleset == NULL || unit == NULL)
    return -1;
  ranges = muster_range_rules_for_unit (rules, ruleset, unit);
  for (guint i = 0; i < ranges->len; i++)
    {
      const MusterRange *range = &g_array_index (ranges, MusterRange, i);

      reach = MAX (reach, range->unlimited ? G_MAXDOUBLE : range->max);
    }
  return reach;
}

/**
 * muster_odds_list_targets_in_range:
 * @doc: a document with a battlefield and its ruleset set
 * @types: (nullable): the ruleset's terrain types and ranges
 * @acting_unit_id: a placed unit's id
 *
 * Returns: (transfer full) (element-type utf8): as muster_odds_list_targets(), but only those
 *   within the unit's longest weapon range (muster_odds_get_reach()); a unit without one
 *   has no range to limit them by, and gets them all
 */
GPtrArray *
muster_odds_list_targets_in_range (MusterDoc                *doc,
                                   const MusterTerrainTypes *types,
                                   const char               *acting_unit_id)
{
  double reach = muster_odds_get_reach (doc, types, acting_unit_id);

  return list_targets_within (doc, acting_unit_id, reach < 0 ? G_MAXDOUBLE : reach);
}
