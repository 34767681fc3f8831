/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-dice.h"
#include "muster-engine-types.h"

G_BEGIN_DECLS

/*
 * The battle log of a scenario document: one entry per procedure resolved at the table (who
 * did what to whom, with which inputs and dice, what came of it and what that did to the
 * units), the turn being played, and the seed the next roll starts from, so that a replay
 * rolls the same dice. Stored as the document's <battle-log> element.
 *
 * An entry carries each unit it changed with its size and markers before and after, so that
 * applying it and taking it back (undo) are exact.
 */

/**
 * MusterLogInput:
 * @id: the procedure's input id
 * @value: its value (a number, 0/1, or a choice's index)
 * @shown: the value as people read it ("medium", "yes", "4")
 * @source: "list", "table", "ask" or "typed"
 * @reason: (nullable): why it has that value ("9.4″: medium range")
 */
typedef struct
{
  char *id;
  int   value;
  char *shown;
  char *source;
  char *reason;
} MusterLogInput;

/**
 * MusterLogChange:
 * @unit: the unit's id
 * @size_before, @size_after: its size
 * @markers_before, @markers_after: (nullable): its markers (muster-markers.h)
 */
typedef struct
{
  char  *unit;
  guint  size_before;
  guint  size_after;
  char  *markers_before;
  char  *markers_after;
} MusterLogChange;

/**
 * MusterLogEntry:
 * @turn: the turn it was played in, from 1
 * @acting: the acting unit's id
 * @acting_name: (nullable): its name when rolled, so the log still reads when it is removed
 * @target: (nullable): the target's id; %NULL for a procedure of one unit
 * @target_name: (nullable): its name when rolled
 * @procedure: the procedure's id in the document's rule system
 * @seed: the seed its dice were rolled from
 * @next_seed: the document's seed after it
 * @inputs: (element-type MusterLogInput)
 * @dice: (element-type MusterRolledDie): the dice in the order they were rolled
 * @result: the outcomes in words ("Hits: 3 · Casualties: 1")
 * @effect: what it did to the units in words, or why nothing was applied
 * @note_only: the effect is a note for the players: nothing in the document changed
 * @changes: (element-type MusterLogChange): of @acting or @target only
 *
 * A unit an entry names must be in the document, unless the entry also gives its name: the
 * unit was removed from the list since (a unit the log names may be deleted as any other).
 */
typedef struct
{
  guint    turn;
  char    *acting;
  char    *acting_name;
  char    *target;
  char    *target_name;
  char    *procedure;
  guint64  seed;
  guint64  next_seed;
  GArray  *inputs;
  GArray  *dice;
  char    *result;
  char    *effect;
  gboolean note_only;
  GArray  *changes;
  /*< private >*/
  gpointer xml;
} MusterLogEntry;

MusterLogEntry       *muster_log_entry_new          (void);
void                  muster_log_entry_free         (MusterLogEntry       *self);
void                  muster_log_entry_add_input    (MusterLogEntry       *self,
                                                     const char           *id,
                                                     int                   value,
                                                     const char           *shown,
                                                     const char           *source,
                                                     const char           *reason);
char                 *muster_log_entry_format_dice  (const MusterLogEntry *self);
char                 *muster_log_entry_format_inputs (const MusterLogEntry *self);

guint                 muster_doc_get_n_log_entries  (const MusterDoc      *self);
const MusterLogEntry *muster_doc_get_log_entry      (const MusterDoc      *self,
                                                     guint                 index);
guint64               muster_doc_get_seed           (const MusterDoc      *self);
void                  muster_doc_set_seed           (MusterDoc            *self,
                                                     guint64               seed);
void                  muster_doc_seed_randomly      (MusterDoc            *self);
guint                 muster_doc_get_turn           (const MusterDoc      *self);
void                  muster_doc_set_turn           (MusterDoc            *self,
                                                     guint                 turn);
gboolean              muster_doc_append_log_entry   (MusterDoc            *self,
                                                     MusterLogEntry       *entry,
                                                     GError              **error);
MusterLogEntry       *muster_doc_take_last_log_entry (MusterDoc           *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterLogEntry, muster_log_entry_free)

G_END_DECLS
