/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-generate.h"

G_BEGIN_DECLS

/* The <generation> block as read, and one run of it, shared by the per-system methods. */

typedef struct
{
  int   from, to;
  char *terrain;   /* nullable: open ground, no piece */
} MusterGenerateResult;

typedef struct
{
  char   *id;
  char   *name;
  int     die;
  int     edge_bonus;
  GArray *results;   /* MusterGenerateResult */
} MusterGenerateRoll;

/* A piece of a generic map, in fractions of the table (x and widths of its width, y and
 * heights of its depth). */
typedef struct
{
  char         *terrain;
  char         *name;
  MusterOutline outline;
  double        x, y, width, height, rotation, line_width;
  GArray       *points;   /* MusterPoint, nullable */
} MusterGeneratePiece;

typedef struct
{
  char      *id;
  char      *name;
  GPtrArray *pieces;   /* MusterGeneratePiece */
} MusterGenerateMap;

typedef enum
{
  MUSTER_RARITY_COMMON,
  MUSTER_RARITY_UNCOMMON,
  MUSTER_RARITY_RARE,
  MUSTER_RARITY_UNIQUE,
  MUSTER_N_RARITIES,
} MusterRarity;

typedef struct
{
  char  *id;
  char  *name;
  GStrv  terrain[MUSTER_N_RARITIES];
} MusterGenerateSetting;

struct _MusterGenerator
{
  char               *display_name;
  char               *method;
  char               *name;
  char               *description;
  gboolean            house;      /* the block's house="true": not the book's */
  GPtrArray          *options;    /* MusterGenerateOption */
  GPtrArray          *rolls;      /* MusterGenerateRoll */
  GPtrArray          *maps;       /* MusterGenerateMap */
  GPtrArray          *settings;   /* MusterGenerateSetting */
  GHashTable         *params;     /* id → double * */
  MusterTerrainTypes *types;
};

struct _MusterGenerateRun
{
  MusterGenerator  *generator;
  MusterDice       *dice;
  double            width, height;
  const char       *sides[2];   /* [0] deploys along the top edge (y = 0), [1] the bottom */
  GHashTable       *choices;    /* option id → choice id, every option set */
  MusterGeneration *out;
  GString          *notes;
};

double                      _muster_generate_param     (MusterGenerateRun *run,
                                                        const char        *id,
                                                        double             fallback);
double                      _muster_generate_param_clamped (MusterGenerateRun *run,
                                                        const char        *id,
                                                        double             fallback,
                                                        double             min,
                                                        double             max);
const MusterGenerateChoice *_muster_generate_choice    (MusterGenerateRun *run,
                                                        const char        *option);
gboolean                    _muster_generate_chose     (MusterGenerateRun *run,
                                                        const char        *option,
                                                        const char        *choice);
const MusterGenerateRoll   *_muster_generate_get_roll  (const MusterGenerator *generator,
                                                        const char        *id);
const char                 *_muster_generate_terrain_name (MusterGenerateRun *run,
                                                        const char        *terrain);
MusterFeature              *_muster_generate_terrain   (MusterGenerateRun *run,
                                                        const char        *terrain,
                                                        const char        *name);
void                        _muster_generate_blob      (MusterGenerateRun *run,
                                                        MusterFeature     *feature,
                                                        MusterPoint        centre,
                                                        double             rx,
                                                        double             ry);
void                        _muster_generate_road      (MusterGenerateRun *run,
                                                        const char        *terrain,
                                                        const char        *name,
                                                        double             line_width,
                                                        const MusterPoint *points,
                                                        guint              n_points);
MusterFeature              *_muster_generate_zone      (MusterGenerateRun *run,
                                                        guint              side,
                                                        const char        *name,
                                                        MusterBox          box);
MusterFeature              *_muster_generate_objective (MusterGenerateRun *run,
                                                        const char        *name,
                                                        MusterPoint        at,
                                                        int                value);
void                        _muster_generate_note      (MusterGenerateRun *run,
                                                        const char        *format,
                                                        ...) G_GNUC_PRINTF (2, 3);
int                         _muster_generate_roll_off  (MusterGenerateRun *run,
                                                        guint              die,
                                                        int                scores[2]);
void                        _muster_generate_baseline_zones (MusterGenerateRun *run,
                                                        double             depth);

G_END_DECLS
