/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-procedure.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_OUTCOME_ROW (muster_outcome_row_get_type ())

G_DECLARE_FINAL_TYPE (MusterOutcomeRow, muster_outcome_row, MUSTER, OUTCOME_ROW, GObject)

int         muster_outcome_row_get_value       (MusterOutcomeRow *self);
const char *muster_outcome_row_get_label       (MusterOutcomeRow *self);
double      muster_outcome_row_get_probability (MusterOutcomeRow *self);
double      muster_outcome_row_get_at_least    (MusterOutcomeRow *self);
double      muster_outcome_row_get_at_most     (MusterOutcomeRow *self);

GListModel *muster_outcome_rows_new            (const MusterProcedureResult *result,
                                                guint                        output);

G_END_DECLS
