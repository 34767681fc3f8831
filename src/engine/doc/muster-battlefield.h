/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-engine-types.h"
#include "muster-footprint.h"
#include "muster-geometry.h"

G_BEGIN_DECLS

/*
 * The battlefield of a document: the table, and on it features: terrain pieces, deployment
 * zones, objectives and markers, and unit placements; with the scenario sheet. Stored as the
 * document's <battlefield> element; elements and attributes this Muster does not know survive
 * load, edits and save.
 *
 * Every feature is a plain value (MusterFeature) copied in and out. Edits are reversible: each
 * returns what it replaced, and putting that back restores the document exactly. Terrain is
 * drawn in the order it is stored (the z-order: later pieces on top).
 */

typedef struct _MusterBattlefield MusterBattlefield;

typedef enum
{
  MUSTER_FEATURE_TERRAIN,
  MUSTER_FEATURE_ZONE,
  MUSTER_FEATURE_OBJECTIVE,
  MUSTER_FEATURE_UNIT,
} MusterFeatureKind;

typedef enum
{
  MUSTER_OUTLINE_POLYGON,
  MUSTER_OUTLINE_RECTANGLE,   /* @centre, @width × @height, @rotation */
  MUSTER_OUTLINE_ELLIPSE,     /* @centre, @width × @height (diameters), @rotation */
  MUSTER_OUTLINE_POLYLINE,    /* @points, a band @line_width wide (a river, a wall) */
  MUSTER_OUTLINE_POINT,       /* @centre: objectives and units */
} MusterOutline;

/**
 * MusterFeature:
 * @kind: what it is
 * @id: unique among the battlefield's features ("t3", "z1", "o2", "p7" when Muster makes them)
 * @type: terrain: the ruleset's terrain type id; objective: "objective" or "marker"
 * @name: terrain name, zone name, objective label, unit label (nullable)
 * @side: the side a zone or objective belongs to (nullable: both)
 * @unit: placements: the id of the unit in a force of the document
 * @layer: nullable; "umpire" keeps the feature on the umpire-only layer (hidden units, notes)
 * @outline: the shape kind; zones are polygons, objectives and units points
 * @points: polygon and polyline vertices, table mm
 * @centre: rectangles, ellipses, objectives and units
 * @width, @height: rectangles and ellipses, mm
 * @line_width: polylines, mm
 * @rotation: rectangles, ellipses and unit facing, radians clockwise
 * @number: objective number
 * @value: objective value (victory points)
 * @formation, @stands, @files, @base_width, @base_depth: placements: how the footprint is laid
 *   out (the base size is copied from the ruleset when the unit is placed)
 * @revision: set by the battlefield: its revision when it last stored this feature (inserted or
 *   replaced it), so painters can tell what changed since they last looked; ignored on input
 */
typedef struct
{
  MusterFeatureKind kind;
  char             *id;
  char             *type;
  char             *name;
  char             *side;
  char             *unit;
  char             *layer;
  MusterOutline     outline;
  GArray           *points;   /* MusterPoint, nullable */
  MusterPoint       centre;
  double            width, height;
  double            line_width;
  double            rotation;
  int               number;
  int               value;
  MusterFormation   formation;
  guint             stands;
  guint             files;
  double            base_width, base_depth;
  guint64           revision;
  /*< private >*/
  gpointer          xml;      /* the element, owned while the feature is detached */
} MusterFeature;

MusterFeature *muster_feature_new            (MusterFeatureKind        kind);
MusterFeature *muster_feature_copy           (const MusterFeature     *feature);
void           muster_feature_free           (MusterFeature           *feature);
void           muster_feature_set_points     (MusterFeature           *feature,
                                              const MusterPoint       *points,
                                              guint                    n_points);
MusterShape    muster_feature_get_shape      (const MusterFeature     *feature,
                                              MusterPoint              scratch[4]);
MusterBox      muster_feature_get_bounds     (const MusterFeature     *feature);
MusterFootprint *muster_feature_get_footprint (const MusterFeature    *feature);
void           muster_feature_translate      (MusterFeature           *feature,
                                              MusterVector             delta);
void           muster_feature_rotate         (MusterFeature           *feature,
                                              MusterPoint              pivot,
                                              double                   angle);

gboolean       muster_feature_has_vertices   (const MusterFeature     *feature);
int            muster_feature_hit_vertex     (const MusterFeature     *feature,
                                              MusterPoint              p,
                                              double                   tolerance);
int            muster_feature_hit_edge       (const MusterFeature     *feature,
                                              MusterPoint              p,
                                              double                   tolerance);
gboolean       muster_feature_move_vertex    (MusterFeature           *feature,
                                              guint                    index,
                                              MusterPoint              p);
gboolean       muster_feature_insert_vertex  (MusterFeature           *feature,
                                              guint                    index,
                                              MusterPoint              p);
gboolean       muster_feature_delete_vertex  (MusterFeature           *feature,
                                              guint                    index);

/* The layer that hides a feature from the players (hidden units, the umpire's notes). */
#define MUSTER_LAYER_UMPIRE "umpire"

/* Sane limits, in mm, that every file read keeps: tables of 1e308 mm would validate and hang
 * every painter. A table is at most 100 m a side; a position or a size at most 1 km. */
#define MUSTER_TABLE_MAX_MM 100000.0
#define MUSTER_LENGTH_MAX_MM 1000000.0

/**
 * MusterAudience:
 * @side: (nullable): the side whose players look; NULL for what every player sees
 * @umpire: the umpire looks: everything is shown, @side is ignored
 *
 * Who a view or a printout of the battlefield is for. A hidden feature (on the umpire's layer)
 * is shown to the umpire, and to the side it belongs to (its own hidden units, its ambush
 * markers), never to the other side; a hidden feature of no side is the umpire's alone.
 */
typedef struct
{
  const char *side;
  gboolean    umpire;
} MusterAudience;

gboolean       muster_feature_is_hidden      (const MusterFeature     *feature);
gboolean       muster_feature_is_visible_to  (const MusterFeature     *feature,
                                              const char              *owner,
                                              const MusterAudience    *audience);

/* The scenario sheet: the text fields, by name. */
typedef enum
{
  MUSTER_SCENARIO_TITLE,
  MUSTER_SCENARIO_PERIOD,
  MUSTER_SCENARIO_UMPIRE_NOTES,
  MUSTER_SCENARIO_VICTORY,
  MUSTER_SCENARIO_N_FIELDS,
} MusterScenarioField;

MusterBattlefield *muster_battlefield_new           (double                   width,
                                                     double                   height,
                                                     const char              *units);
void               muster_battlefield_free          (MusterBattlefield       *self);
double             muster_battlefield_default_grid  (const char              *units);
gpointer           _muster_battlefield_get_xml      (MusterBattlefield       *self);
void               _muster_battlefield_set_owned    (MusterBattlefield       *self,
                                                     gboolean                 owned);
MusterBattlefield *_muster_battlefield_new_from_xml (gpointer                 element,
                                                     const char              *display_name,
                                                     GError                 **error);

double             muster_battlefield_get_width     (const MusterBattlefield *self);
double             muster_battlefield_get_height    (const MusterBattlefield *self);
const char        *muster_battlefield_get_units     (const MusterBattlefield *self);
double             muster_battlefield_get_grid      (const MusterBattlefield *self);
void               muster_battlefield_set_table     (MusterBattlefield       *self,
                                                     double                   width,
                                                     double                   height,
                                                     const char              *units,
                                                     double                   grid);
MusterBox          muster_battlefield_get_table_box (const MusterBattlefield *self);

guint64              muster_battlefield_get_revision      (const MusterBattlefield *self);
guint64              muster_battlefield_get_kind_revision (const MusterBattlefield *self,
                                                           MusterFeatureKind        kind);

guint                muster_battlefield_get_n_features (const MusterBattlefield *self);
const MusterFeature *muster_battlefield_get_feature    (const MusterBattlefield *self,
                                                        guint                    index);
const MusterFeature *muster_battlefield_lookup         (const MusterBattlefield *self,
                                                        const char              *id);
int                  muster_battlefield_index_of       (const MusterBattlefield *self,
                                                        const char              *id);
const MusterFeature *muster_battlefield_lookup_unit    (const MusterBattlefield *self,
                                                        const char              *unit_id);
char                *muster_battlefield_insert         (MusterBattlefield       *self,
                                                        int                      index,
                                                        MusterFeature           *feature);
MusterFeature       *muster_battlefield_remove         (MusterBattlefield       *self,
                                                        const char              *id,
                                                        int                     *index);
MusterFeature       *muster_battlefield_replace        (MusterBattlefield       *self,
                                                        const MusterFeature     *feature);
guint                muster_battlefield_query_box      (MusterBattlefield       *self,
                                                        MusterBox                box,
                                                        GPtrArray               *features);
const MusterFeature *muster_battlefield_hit            (MusterBattlefield       *self,
                                                        MusterPoint              p,
                                                        double                   tolerance,
                                                        gboolean                 umpire);

const char        *muster_battlefield_get_scenario  (const MusterBattlefield *self,
                                                     MusterScenarioField      field);
char              *muster_battlefield_set_scenario  (MusterBattlefield       *self,
                                                     MusterScenarioField      field,
                                                     const char              *text);
int                muster_battlefield_get_turn_limit (const MusterBattlefield *self);
void               muster_battlefield_set_turn_limit (MusterBattlefield      *self,
                                                      int                     turns);
const char        *muster_battlefield_get_briefing  (const MusterBattlefield *self,
                                                     const char              *side);
char              *muster_battlefield_set_briefing  (MusterBattlefield       *self,
                                                     const char              *side,
                                                     const char              *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterFeature, muster_feature_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterBattlefield, muster_battlefield_free)

G_END_DECLS
