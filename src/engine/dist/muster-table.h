/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-ruleset.h"

G_BEGIN_DECLS

/*
 * The procedures' typed reads of a cell of a ruleset's table. The procedures cannot guess the
 * book's values, so a missing ruleset, table or cell, or a cell of the wrong kind, is an error
 * that names them (MUSTER_ENGINE_ERROR_UNKNOWN_RULESET without a ruleset, else
 * MUSTER_ENGINE_ERROR_INVALID_RULESET).
 */

gboolean muster_table_read_number (const MusterRuleset  *ruleset,
                                   const char           *table,
                                   const char           *row,
                                   const char           *column,
                                   double               *number,
                                   GError              **error);
gboolean muster_table_read_int    (const MusterRuleset  *ruleset,
                                   const char           *table,
                                   const char           *row,
                                   const char           *column,
                                   int                  *value,
                                   GError              **error);
gboolean muster_table_read_text   (const MusterRuleset  *ruleset,
                                   const char           *table,
                                   const char           *row,
                                   const char           *column,
                                   const char          **text,
                                   GError              **error);
gboolean muster_table_add_int     (const MusterRuleset  *ruleset,
                                   const char           *table,
                                   const char           *row,
                                   const char           *column,
                                   int                   times,
                                   int                  *total,
                                   GError              **error);

G_END_DECLS
