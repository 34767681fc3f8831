/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-army-commands.h"

G_BEGIN_DECLS

/* The army command's insides, shared by the edits of lists and groups
 * (muster-army-commands.c) and those of units (muster-army-commands-unit.c). */

typedef enum
{
  KIND_INSERT_UNIT,
  KIND_REMOVE_UNIT,
  KIND_INSERT_NODE,
  KIND_REMOVE_NODE,
  KIND_MOVE_UNIT,
  KIND_MOVE_NODE,
  KIND_SET_SIZE,
  KIND_SET_OPTIONS,
  KIND_SET_STRING,
  KIND_SET_LIMIT,
} Kind;

/* The engine's string setters: they return the old value, which the caller owns. */
typedef char *(*StringSetter) (gpointer    target,
                               const char *value);

typedef struct
{
  char  *option;
  guint  count;
  guint  old;
  int    index;   /* the pick's place before the change, -1 if it was not picked */
} Change;

struct _MusterArmyCommand
{
  MusterCommand   parent_instance;

  /* Borrowed: the document's history owns this command */
  MusterDocument *document;
  Kind            kind;

  /* Insert, remove, move: the parent node and the index among its units or nodes */
  MusterNode     *node;
  guint           index;
  MusterNode     *to;
  guint           to_index;
  MusterUnit     *unit;
  MusterNode     *child;
  /* The unit or child node is detached and belongs to this command */
  gboolean        owned;
  /* Remove: (nullable) the removed units' placements, taken off the battlefield first */
  MusterCommand  *placements;

  /* Setters */
  guint           size, old_size;
  gint64          limit, old_limit;
  MusterForce    *force;
  MusterNode     *named;     /* the group a name edit is for */
  GArray         *changes;   /* Change */
  StringSetter    setter;
  gpointer        target;
  char           *value, *old_value;
  /* Renaming a force whose name is the document's title renames the document too */
  gboolean        title_follows;
};

MusterArmyCommand *_muster_army_command_new            (MusterDocument *document,
                                                        Kind            kind,
                                                        char           *label);
MusterArmyCommand *_muster_army_string_command_new     (MusterDocument *document,
                                                        StringSetter    setter,
                                                        gpointer        target,
                                                        const char     *value,
                                                        char           *label);
MusterCommand     *_muster_army_insert_unit_command_new (MusterDocument *document,
                                                        MusterNode     *node,
                                                        guint           index,
                                                        MusterUnit     *unit,
                                                        char           *label);
MusterCommand     *_muster_army_placements_command_new (MusterDocument *document,
                                                        MusterUnit     *unit,
                                                        MusterNode     *node);

G_END_DECLS
