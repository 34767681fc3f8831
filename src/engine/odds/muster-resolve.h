/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-battle-log.h"
#include "muster-odds.h"

G_BEGIN_DECLS

/*
 * Resolving a procedure at the table: one play with seeded dice (recorded die by die), its
 * outcomes in words, and what they do to the two units (stands or figures lost, suppression,
 * pins, morale), as each rule system's `resolve_effect` hook says; where a system has no such
 * rule for an outcome, the log says the effect is only a note. The result is a battle-log
 * entry, not yet applied: muster_doc_append_log_entry() applies it.
 */

MusterLogEntry *muster_resolve_roll (const MusterOddsFacts *facts,
                                     const MusterOddsFill  *fill,
                                     const gboolean        *typed,
                                     guint64                seed,
                                     GError               **error);

G_END_DECLS
