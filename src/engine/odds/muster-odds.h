/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-battlefield.h"
#include "muster-engine-types.h"
#include "muster-procedure.h"
#include "muster-ranges.h"
#include "muster-ruleset.h"
#include "muster-terrain.h"

G_BEGIN_DECLS

/*
 * Odds on the table: what the battlefield of a document says about two placed units (the
 * distance between them edge to edge, line of sight, the terrain each stands in, a linear
 * obstacle in front of the target, which face of the target the acting unit is on), and the
 * procedures of their rule system that apply between them with their inputs filled: from the
 * units' lists, then from the table through the system's `table_inputs` hook, each with the
 * reason it has that value; what neither knows is left to ask.
 *
 * A layer over geometry/ (the facts), dist/ (the procedures) and systems/ (which rule reads
 * which fact): generic code here knows no system by name.
 */

/**
 * MusterAspect:
 * @MUSTER_ASPECT_FRONT: the acting unit's centre is ahead of the line of the target's front
 *   edge
 * @MUSTER_ASPECT_FLANK: neither ahead of its front edge nor behind its rear edge
 * @MUSTER_ASPECT_REAR: behind the line of the target's rear edge
 *
 * Which face of the target the acting unit is on, "behind the target's frontage" being a flank
 * or the rear.
 */
typedef enum
{
  MUSTER_ASPECT_FRONT,
  MUSTER_ASPECT_FLANK,
  MUSTER_ASPECT_REAR,
} MusterAspect;

/**
 * MusterOddsSide:
 * @placement: the unit's placement on the battlefield
 * @unit: the unit, in a force of the document
 * @force: its force
 * @terrain: (nullable): the terrain piece its centre stands in that gives the best cover
 *   (the topmost of equals), or else the topmost it stands in
 * @terrain_type: (nullable): that piece's type, when the ruleset knows it
 * @on_hill: it stands on a hill or a steep hill
 */
typedef struct
{
  const MusterFeature     *placement;
  MusterUnit              *unit;
  MusterForce             *force;
  const MusterFeature     *terrain;
  const MusterTerrainType *terrain_type;
  gboolean                 on_hill;
} MusterOddsSide;

/**
 * MusterOddsFacts:
 * @acting: the unit that shoots, strikes or charges
 * @target: the unit on the receiving end
 * @distance: between the nearest edges of their stands, mm (0 in contact)
 * @sight: whether the line between their centres is clear of terrain that blocks sight
 * @blocker: (nullable): the first piece that blocks it
 * @obstacle: (nullable): a linear obstacle (a wall, a hedge, field works) the line of fire
 *   crosses within 1″ of the target
 * @aspect: which face of the target the acting unit is on
 * @ranges: (element-type MusterRange): the acting unit's weapon ranges, from the ruleset
 * @units: the ruleset's range units, "in", "cm" or "yd"
 * @mm_per_unit: table millimetres in one of @units
 * @ruleset: the document's ruleset, whose system's procedures apply
 * @doc: the document, for what else stands on the table (a General in reach)
 *
 * What the table says about two units; read-only, made by muster_odds_facts_new().
 */
struct _MusterOddsFacts
{
  MusterOddsSide           acting;
  MusterOddsSide           target;
  double                   distance;
  gboolean                 sight;
  const MusterFeature     *blocker;
  const MusterFeature     *obstacle;
  MusterAspect             aspect;
  GArray                  *ranges;
  const char              *units;
  double                   mm_per_unit;
  const MusterRuleset     *ruleset;
  MusterDoc               *doc;
  /*< private >*/
  MusterSightFrom         *sight_from;   /* owned by the facts of muster_odds_facts_new_acting() */
};

/**
 * MusterOddsSource:
 * @MUSTER_ODDS_ASK: neither the list nor the table knows it: the default, to be asked for
 * @MUSTER_ODDS_LIST: from a unit of the army list
 * @MUSTER_ODDS_TABLE: from the table (geometry and terrain)
 */
typedef enum
{
  MUSTER_ODDS_ASK,
  MUSTER_ODDS_LIST,
  MUSTER_ODDS_TABLE,
} MusterOddsSource;

/**
 * MusterOddsFill:
 * @procedure: the procedure
 * @values: one value per input
 * @sources: where each value came from
 * @reasons: per input, why it has that value ("9.4″: medium range"), %NULL when asked
 * @blocked: (nullable): why the table says the procedure cannot be carried out as things
 *   stand ("34.6″: beyond its 24″ reach"); its odds are then those of the nearest case the
 *   inputs can express
 */
struct _MusterOddsFill
{
  const MusterProcedure *procedure;
  int                   *values;
  MusterOddsSource      *sources;
  char                 **reasons;
  char                  *blocked;
  /*< private >*/
  gboolean               values_only;   /* no reasons kept (muster_odds_fill_new_acting_values()) */
};

MusterOddsFacts *muster_odds_facts_new      (MusterDoc                *doc,
                                             const MusterTerrainTypes *types,
                                             const char               *acting_unit_id,
                                             const char               *target_unit_id,
                                             GError                  **error);
MusterOddsFacts *muster_odds_facts_new_acting (MusterDoc                *doc,
                                               const MusterTerrainTypes *types,
                                               const char               *acting_unit_id,
                                               GError                  **error);
MusterOddsFacts *muster_odds_facts_new_against (const MusterOddsFacts    *acting,
                                                const MusterTerrainTypes *types,
                                                const char               *target_unit_id,
                                                GError                  **error);
void             muster_odds_facts_free     (MusterOddsFacts          *self);
double           muster_odds_facts_distance_in (const MusterOddsFacts *self);
char            *muster_odds_facts_format_distance (const MusterOddsFacts *self);
const char      *muster_odds_aspect_to_string (MusterAspect            aspect);
char            *muster_odds_describe_ground (const MusterOddsSide    *side);
const char      *muster_odds_side_name      (const MusterOddsSide     *side);

GPtrArray       *muster_odds_list_targets   (MusterDoc                *doc,
                                             const char               *acting_unit_id);
double           muster_odds_get_reach      (MusterDoc                *doc,
                                             const MusterTerrainTypes *types,
                                             const char               *acting_unit_id);
GPtrArray       *muster_odds_list_targets_in_range (MusterDoc                *doc,
                                                    const MusterTerrainTypes *types,
                                                    const char               *acting_unit_id);
GPtrArray       *muster_odds_list_procedures (const MusterOddsFacts   *facts);
MusterOddsFill  *muster_odds_fill_new       (const MusterOddsFacts    *facts,
                                             const MusterProcedure    *procedure,
                                             GError                  **error);
MusterOddsFill  *muster_odds_fill_new_acting (const MusterOddsFacts   *facts,
                                              const MusterProcedure   *procedure,
                                              GError                 **error);
MusterOddsFill  *muster_odds_fill_new_acting_values (const MusterOddsFacts   *facts,
                                                     const MusterProcedure   *procedure,
                                                     GError                 **error);
MusterOddsFill  *muster_odds_fill_new_against (const MusterOddsFill    *acting,
                                               const MusterOddsFacts   *facts,
                                               GError                 **error);
void             muster_odds_fill_free      (MusterOddsFill           *self);
const char      *muster_odds_source_to_string (MusterOddsSource        source);
MusterProcedureResult *muster_odds_fill_run (const MusterOddsFill     *self,
                                             const MusterOddsFacts    *facts,
                                             guint64                   trials,
                                             guint64                   seed,
                                             GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterOddsFacts, muster_odds_facts_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterOddsFill, muster_odds_fill_free)

G_END_DECLS
