/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-battlefield.h"
#include "muster-catalog.h"
#include "muster-dice.h"
#include "muster-terrain.h"

G_BEGIN_DECLS

/*
 * Battlefield generation, where a rule system's book has a procedure for it (the ruleset's
 * <generation> block, data/rulesets/README.md): Undying Lands' terrain squares, the
 * horse-and-musket generic maps with settlements and objectives, and the Standards of Valor
 * scenario set-ups. The numbers are data; the method that lays pieces out is code, given by
 * the rule systems (MusterSystem's generation_methods, e.g.
 * systems/ul/muster-generate-squares.c) and picked by the block's method attribute. The same
 * seed and options always give the same battlefield.
 */

typedef struct _MusterGenerator MusterGenerator;
typedef struct _MusterGenerateRun MusterGenerateRun;

/**
 * MusterGenerateMethod:
 * @id: the name a ruleset's `<generation method="…">` picks it by: "squares"
 * @run: lays the battlefield of one run out, from the block's data and the run's dice (the
 *   helpers for that are in muster-generate-private.h); %FALSE with @error set when the data
 *   cannot be laid out
 *
 * One way of generating a battlefield, as a rule system's book gives it.
 */
typedef struct
{
  const char *id;
  gboolean  (*run) (MusterGenerateRun  *run,
                    GError            **error);
} MusterGenerateMethod;

typedef struct
{
  char    *id;
  char    *name;
  char    *description;   /* nullable */
  double   value;         /* 0 unless the data gives one */
  gboolean house;
} MusterGenerateChoice;

typedef struct
{
  char      *id;
  char      *name;
  char      *default_id;
  GPtrArray *choices;     /* MusterGenerateChoice */
} MusterGenerateOption;

/**
 * MusterGeneration:
 * @features: (element-type MusterFeature): terrain pieces, deployment zones and objectives,
 *   in drawing order, without ids
 * @notes: every roll made and what it gave, and what the players decide next, for the umpire
 * @victory: (nullable): the scenario's victory conditions, when the set-up has them
 * @seed: the seed the dice were started with
 */
typedef struct
{
  GPtrArray *features;
  char      *notes;
  char      *victory;
  guint64    seed;
} MusterGeneration;

MusterGenerator            *muster_generator_new_from_bytes (GBytes                 *ruleset,
                                                             const char             *display_name,
                                                             GError                **error);
MusterGenerator            *muster_generator_new_for_ruleset (MusterCatalog        *catalog,
                                                              MusterRuleset        *ruleset,
                                                              GError              **error);
void                        muster_generator_free           (MusterGenerator        *self);
const char                 *muster_generator_get_name       (const MusterGenerator  *self);
const char                 *muster_generator_get_method     (const MusterGenerator  *self);
const char                 *muster_generator_get_description (const MusterGenerator *self);
gboolean                    muster_generator_is_house       (const MusterGenerator  *self);
void                        muster_generator_get_table      (const MusterGenerator  *self,
                                                             double                 *width,
                                                             double                 *height,
                                                             const char            **units);
guint                       muster_generator_get_n_options  (const MusterGenerator  *self);
const MusterGenerateOption *muster_generator_get_option     (const MusterGenerator  *self,
                                                             guint                   index);
const char                 *muster_generator_lookup_roll    (const MusterGenerator  *self,
                                                             const char             *roll,
                                                             int                     score,
                                                             gboolean               *found);
MusterGeneration           *muster_generator_run            (MusterGenerator        *self,
                                                             double                  width,
                                                             double                  height,
                                                             const char * const     *sides,
                                                             GHashTable             *choices,
                                                             guint64                 seed,
                                                             GError                **error);

void                        muster_generation_free          (MusterGeneration       *generation);
gboolean                    muster_generation_replaces      (const MusterGeneration *generation,
                                                             const MusterFeature    *feature);
guint                       muster_generator_keep_clear     (const MusterGenerator  *self,
                                                             MusterGeneration       *generation,
                                                             const MusterBattlefield *field);
char                       *muster_generation_merge_notes   (const char             *old_notes,
                                                             const char             *notes);
char                       *muster_generation_rename_side  (const char             *notes,
                                                             const char             *from,
                                                             const char             *to);
void                        muster_generation_apply         (const MusterGeneration *generation,
                                                             MusterBattlefield      *field);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterGenerator, muster_generator_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterGeneration, muster_generation_free)

G_END_DECLS
