/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-dice.h"
#include "muster-dist.h"
#include "muster-engine-types.h"
#include "muster-ruleset.h"

G_BEGIN_DECLS

/*
 * A combat procedure of a rule system (a volley, a charge, a morale test…): a function from
 * named, typed inputs to the exact distributions of its outcomes, and a sampler that plays it
 * once with real dice for the simulator. Systems describe their procedures with static
 * MusterProcedure tables and list them in muster-procedures.c.
 */

typedef enum
{
  MUSTER_INPUT_INT,
  MUSTER_INPUT_BOOL,
  MUSTER_INPUT_CHOICE,
} MusterInputType;

/**
 * MusterInputSpec:
 * @id: the name used on the command line and in JSON, e.g. "attack-dice"
 * @label: the book's wording, e.g. "Attack dice"
 * @help: one or two sentences for the tooltip: what counts, where the number comes from
 * @type: int, bool (0 or 1) or choice (an index into @choices)
 * @min: the smallest value (ints)
 * @max: the largest value (ints)
 * @def: the default value (an index for choices, 0 or 1 for bools)
 * @choices: for choices, the %NULL-terminated ids ("close", "open")
 * @choice_labels: for choices, the book's names in the same order
 */
typedef struct
{
  const char         *id;
  const char         *label;
  const char         *help;
  MusterInputType     type;
  int                 min;
  int                 max;
  int                 def;
  const char * const *choices;
  const char * const *choice_labels;
} MusterInputSpec;

/*
 * The input specs of the three types, so that a table of inputs reads as data: an int is
 * (id, label, help, min, max, def), a bool (id, label, help, def), a choice (id, label, help,
 * choices, choice_labels, def).
 */
#define MUSTER_INT_INPUT(id_, label_, help_, min_, max_, def_) \
  { .id = (id_), .label = (label_), .help = (help_), .type = MUSTER_INPUT_INT, \
    .min = (min_), .max = (max_), .def = (def_) }
#define MUSTER_BOOL_INPUT(id_, label_, help_, def_) \
  { .id = (id_), .label = (label_), .help = (help_), .type = MUSTER_INPUT_BOOL, \
    .min = 0, .max = 1, .def = (def_) }
#define MUSTER_CHOICE_INPUT(id_, label_, help_, choices_, choice_labels_, def_) \
  { .id = (id_), .label = (label_), .help = (help_), .type = MUSTER_INPUT_CHOICE, \
    .def = (def_), .choices = (choices_), .choice_labels = (choice_labels_) }

/**
 * MusterOutputSpec:
 * @id: the outcome's name, e.g. "casualties" or "result"
 * @label: how to show it, e.g. "Casualties"
 * @value_labels: for categorical outcomes, the name of each value starting from value 0
 *   ("Pass", "Repulse", "Rout"), %NULL-terminated; %NULL for counts
 */
typedef struct
{
  const char         *id;
  const char         *label;
  const char * const *value_labels;
} MusterOutputSpec;

typedef struct _MusterProcedure MusterProcedure;

/**
 * MusterProcedureExactFunc:
 * @procedure: the procedure
 * @ruleset: (nullable): the system's ruleset, for its tables
 * @values: one value per input, in the order of @procedure's inputs
 * @outputs: (out caller-allocates): one distribution per output, to be filled
 * @error: for inputs that the rules do not allow together
 */
typedef gboolean (*MusterProcedureExactFunc)  (const MusterProcedure  *procedure,
                                               const MusterRuleset    *ruleset,
                                               const int              *values,
                                               MusterDist            **outputs,
                                               GError                **error);

/**
 * MusterProcedureSampleFunc:
 * @outcome: (out caller-allocates): one value per output
 *
 * Plays the procedure once with @dice. Must consume dice only through @dice.
 */
typedef void     (*MusterProcedureSampleFunc) (const MusterProcedure  *procedure,
                                               const MusterRuleset    *ruleset,
                                               const int              *values,
                                               MusterDice             *dice,
                                               int                    *outcome);

/**
 * MusterProcedurePrepareFunc:
 *
 * Reads @values and @ruleset's tables once, before a simulation's trials, into a state that
 * MusterProcedureSamplePreparedFunc plays from (so a trial rolls dice and looks nothing up).
 *
 * Returns: (transfer full) (nullable): the state, freed with the procedure's @free_prepared,
 *   or %NULL with @error set
 */
typedef gpointer (*MusterProcedurePrepareFunc)        (const MusterProcedure  *procedure,
                                                       const MusterRuleset    *ruleset,
                                                       const int              *values,
                                                       GError                **error);

/**
 * MusterProcedureSamplePreparedFunc:
 * @prepared: what the procedure's @prepare made
 * @outcome: (out caller-allocates): one value per output
 *
 * Plays the procedure once with @dice, exactly as its @sample would with the same inputs: one
 * seed must give the same results either way.
 */
typedef void     (*MusterProcedureSamplePreparedFunc) (const MusterProcedure  *procedure,
                                                       gconstpointer           prepared,
                                                       MusterDice             *dice,
                                                       int                    *outcome);

struct _MusterProcedure
{
  const char               *system;   /* the ruleset id */
  const char               *id;
  const char               *name;
  const char               *summary;
  const MusterInputSpec    *inputs;
  guint                     n_inputs;
  const MusterOutputSpec   *outputs;
  guint                     n_outputs;
  /* NULL for engagements that are only simulated (too many branching steps to enumerate). */
  MusterProcedureExactFunc  exact;
  MusterProcedureSampleFunc sample;
  /* Optional, all three or none: the simulator prepares once and plays many times. */
  MusterProcedurePrepareFunc        prepare;
  MusterProcedureSamplePreparedFunc sample_prepared;
  GDestroyNotify                    free_prepared;
};

/* In a MusterProcedure's designated initializer: a static array of specs and its length. */
#define MUSTER_PROCEDURE_INPUT_SPECS(inputs_) \
  .inputs = (inputs_), .n_inputs = G_N_ELEMENTS (inputs_)
#define MUSTER_PROCEDURE_OUTPUT_SPECS(outputs_) \
  .outputs = (outputs_), .n_outputs = G_N_ELEMENTS (outputs_)

typedef struct _MusterProcedureResult MusterProcedureResult;

/**
 * MusterFillRole:
 * @MUSTER_FILL_ROLE_ACTING: the unit that rolls: shoots, strikes, charges, rallies; in a
 *   combat, the charger
 * @MUSTER_FILL_ROLE_TARGET: the unit on the receiving end; in a combat, the charged unit
 *
 * Which side of a procedure a unit of an army list fills.
 */
typedef enum
{
  MUSTER_FILL_ROLE_ACTING,
  MUSTER_FILL_ROLE_TARGET,
} MusterFillRole;

/**
 * MusterProcedureFillFunc:
 * @force: (nullable): the force @unit belongs to
 * @values: (inout): the procedure's values, to be changed where they describe @unit
 *
 * A system's hook that fills a procedure's inputs from a unit of an army list; see
 * #MusterSystem and muster_procedure_fill_from_unit().
 */
typedef gboolean (*MusterProcedureFillFunc) (const MusterProcedure  *procedure,
                                             const MusterRuleset    *ruleset,
                                             const MusterForce      *force,
                                             const MusterUnit       *unit,
                                             MusterFillRole          role,
                                             int                    *values,
                                             GError                **error);

/**
 * MusterProcedureFillsRoleFunc:
 *
 * A system's hook that tells whether a unit of an army list describes @role's side of
 * @procedure (a Rally has an acting unit and no target; a Combat has both); see
 * muster_procedure_can_fill_role().
 */
typedef gboolean (*MusterProcedureFillsRoleFunc) (const MusterProcedure *procedure,
                                                  MusterFillRole         role);

const MusterProcedure *muster_procedure_lookup          (const char             *system,
                                                         const char             *id);
const MusterProcedure * const *
                       muster_procedure_list            (guint                  *n_procedures);
int                    muster_procedure_find_input      (const MusterProcedure  *self,
                                                         const char             *id);
int                    muster_procedure_find_output     (const MusterProcedure  *self,
                                                         const char             *id);
int                   *muster_procedure_default_values  (const MusterProcedure  *self);
gboolean               muster_procedure_set_value       (const MusterProcedure  *self,
                                                         int                    *values,
                                                         const char             *assignment,
                                                         GError                **error);
gboolean               muster_procedure_check_values    (const MusterProcedure  *self,
                                                         const int              *values,
                                                         GError                **error);
char                  *muster_procedure_format_value    (const MusterProcedure  *self,
                                                         guint                   output,
                                                         int                     value);
char                  *muster_procedure_format_input    (const MusterInputSpec  *spec,
                                                         int                     value);
gboolean               muster_procedure_can_fill_from_unit (const MusterProcedure *self);
gboolean               muster_procedure_can_fill_role   (const MusterProcedure  *self,
                                                         MusterFillRole          role);
gboolean              *muster_procedure_fill_from_unit  (const MusterProcedure  *self,
                                                         const MusterRuleset    *ruleset,
                                                         const MusterForce      *force,
                                                         const MusterUnit       *unit,
                                                         MusterFillRole          role,
                                                         int                    *values,
                                                         GError                **error);

MusterProcedureResult *muster_procedure_run_exact       (const MusterProcedure  *self,
                                                         const MusterRuleset    *ruleset,
                                                         const int              *values,
                                                         GError                **error);
MusterProcedureResult *muster_procedure_simulate        (const MusterProcedure  *self,
                                                         const MusterRuleset    *ruleset,
                                                         const int              *values,
                                                         guint64                 trials,
                                                         guint64                 seed,
                                                         GError                **error);

/* Told how many trials are done of how many; returns FALSE to stop there. */
typedef gboolean (*MusterProgressFunc) (guint64  done,
                                        guint64  total,
                                        gpointer user_data);

MusterProcedureResult *muster_procedure_simulate_with_progress (const MusterProcedure  *self,
                                                                const MusterRuleset    *ruleset,
                                                                const int              *values,
                                                                guint64                 trials,
                                                                guint64                 seed,
                                                                MusterProgressFunc      progress,
                                                                gpointer                user_data,
                                                                GError                **error);

const MusterProcedure *muster_procedure_result_get_procedure (const MusterProcedureResult *self);
MusterDist            *muster_procedure_result_get_output    (const MusterProcedureResult *self,
                                                              guint                        index);
gboolean               muster_procedure_result_is_exact      (const MusterProcedureResult *self);
guint64                muster_procedure_result_get_trials    (const MusterProcedureResult *self);
void                   muster_procedure_result_free          (MusterProcedureResult       *self);
char                  *muster_procedure_result_to_text       (const MusterProcedureResult *self,
                                                              const int                   *values);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterProcedureResult, muster_procedure_result_free)

G_END_DECLS
