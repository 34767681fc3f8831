/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-procedure.h"

G_BEGIN_DECLS

char *muster_odds_key_figure (const MusterProcedureResult *result);

G_END_DECLS
