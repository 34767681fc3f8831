/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-engine.h"

G_BEGIN_DECLS

/*
 * A simulated procedure's odds for one widget (a row of the odds panel, the Preview page),
 * played in a worker thread: at most one play a widget at a time; asked again with other inputs
 * while one plays, that one is cancelled and its result thrown away, and the newest inputs are
 * played when it ends.
 */

/**
 * MusterOddsEstimateFunc:
 * @row: the row the play was for
 * @result: (transfer full) (nullable): its odds, or %NULL with @error
 * @values: the inputs it was played with
 *
 * Called in the main context when the newest play for @row has ended.
 */
typedef void (*MusterOddsEstimateFunc) (GtkWidget             *row,
                                        MusterProcedureResult *result,
                                        const int             *values,
                                        const GError          *error,
                                        gpointer               user_data);

gboolean muster_odds_estimate_start      (GtkWidget              *row,
                                          const MusterProcedure  *procedure,
                                          const MusterRuleset    *ruleset,
                                          const int              *values,
                                          guint64                 trials,
                                          gboolean                again,
                                          MusterOddsEstimateFunc  done,
                                          gpointer                user_data);
void     muster_odds_estimate_cancel     (GtkWidget              *row);
gboolean muster_odds_estimate_is_running (GtkWidget              *row);

G_END_DECLS
