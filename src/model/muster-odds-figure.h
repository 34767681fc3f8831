/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-procedure.h"

G_BEGIN_DECLS

char   *muster_odds_key_figure  (const MusterProcedureResult *result);
double  muster_odds_key_chance  (const MusterProcedureResult *result);
char   *muster_odds_format_percent (double                   p);
char   *muster_odds_key_outcome (const MusterProcedure       *procedure);

G_END_DECLS
