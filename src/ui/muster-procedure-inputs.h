/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-procedure.h"

G_BEGIN_DECLS

/* The sides a unit of the list can fill: MusterFillRole's values. */
#define MUSTER_N_FILL_ROLES 2

#define MUSTER_TYPE_PROCEDURE_INPUTS (muster_procedure_inputs_get_type ())

G_DECLARE_FINAL_TYPE (MusterProcedureInputs, muster_procedure_inputs, MUSTER, PROCEDURE_INPUTS,
                      AdwBin)

void        muster_procedure_inputs_set_procedure (MusterProcedureInputs *self,
                                                   const MusterProcedure *procedure);
int        *muster_procedure_inputs_dup_values    (MusterProcedureInputs *self);
void        muster_procedure_inputs_set_value     (MusterProcedureInputs *self,
                                                   guint                  index,
                                                   int                    value);
void        muster_procedure_inputs_fill          (MusterProcedureInputs *self,
                                                   MusterFillRole         role,
                                                   const char            *source,
                                                   gboolean              *set,
                                                   int                   *values);
void        muster_procedure_inputs_fill_marked   (MusterProcedureInputs *self,
                                                   MusterFillRole         role,
                                                   gboolean              *set,
                                                   int                   *values,
                                                   char                 **held,
                                                   char                 **changed);
void        muster_procedure_inputs_reset         (MusterProcedureInputs *self,
                                                   MusterFillRole         role);
void        muster_procedure_inputs_clear_fill    (MusterProcedureInputs *self,
                                                   MusterFillRole         role);
const char *muster_procedure_inputs_get_source    (MusterProcedureInputs *self,
                                                   guint                  index);

G_END_DECLS
