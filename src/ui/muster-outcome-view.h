/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-procedure.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_OUTCOME_VIEW (muster_outcome_view_get_type ())

G_DECLARE_FINAL_TYPE (MusterOutcomeView, muster_outcome_view, MUSTER, OUTCOME_VIEW, AdwBin)

void                         muster_outcome_view_set_procedure (MusterOutcomeView     *self,
                                                                const MusterProcedure *procedure);
void                         muster_outcome_view_set_result    (MusterOutcomeView     *self,
                                                                MusterProcedureResult *result,
                                                                int                   *values);
void                         muster_outcome_view_set_status    (MusterOutcomeView     *self,
                                                                const char            *status);
const MusterProcedureResult *muster_outcome_view_get_result    (MusterOutcomeView     *self);
char                        *muster_outcome_view_dup_text      (MusterOutcomeView     *self);
void                         muster_outcome_view_copy          (MusterOutcomeView     *self);

G_END_DECLS
