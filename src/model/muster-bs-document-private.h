/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-bs-document.h"
#include "muster-command.h"
#include "muster-diagnostics.h"

G_BEGIN_DECLS

typedef struct _MusterBsTree MusterBsTree;

struct _MusterBsDocument
{
  MusterRecoverable parent_instance;

  /* Owned: the data's system (kept while the roster lives) and the roster over it */
  MusterBsSystem *system;
  MusterBsRoster *roster;
  MusterBsTree   *tree;

  /* A roster whose data is missing: what it needs */
  MusterBsHeader  missing;
  MusterBsOutline *outline;   /* (nullable): what its file records, shown read-only */
  gboolean        read_only;
  /* Saved since it was read: its file has the data's revision now */
  gboolean        revision_saved;

  MusterDiagnostics *diagnostics;
  GPtrArray      *issues;
};

/* After every change of the roster (a command applied or reverted): the tree, the findings,
 * the counts and "changed". */
void           _muster_bs_document_changed   (MusterBsDocument *self);

/* The roster tree (muster-bs-item.c). */

MusterBsTree  *_muster_bs_tree_new           (MusterBsDocument *document);
void           _muster_bs_tree_free          (MusterBsTree     *tree);
void           _muster_bs_tree_reset         (MusterBsTree     *tree);
GListModel    *_muster_bs_tree_get_forces    (MusterBsTree     *tree);
/* Brings every list made so far to the roster as it stands, and tells each row. */
void           _muster_bs_tree_sync          (MusterBsTree     *tree,
                                              MusterBsRoster   *roster);
MusterBsItem  *_muster_bs_tree_find          (MusterBsTree     *tree,
                                              MusterBsRoster   *roster,
                                              const char       *instance_id);

/* The commands (muster-bs-commands.c). */
typedef enum
{
  MUSTER_BS_EDIT_ADD_FORCE,
  MUSTER_BS_EDIT_REMOVE_FORCE,
  MUSTER_BS_EDIT_ADD_SELECTION,
  MUSTER_BS_EDIT_REMOVE_SELECTION,
} MusterBsEdit;

MusterCommand *_muster_bs_command_new_tree   (MusterBsDocument  *document,
                                              MusterBsEdit       edit,
                                              MusterBsForce     *force,
                                              MusterBsSelection *selection);
MusterCommand *_muster_bs_command_new_count  (MusterBsDocument  *document,
                                              MusterBsSelection *selection,
                                              int                count,
                                              int                old_count);
MusterCommand *_muster_bs_command_new_limit  (MusterBsDocument  *document,
                                              const char        *cost_type_id,
                                              double             value,
                                              double             old_value);
MusterCommand *_muster_bs_command_new_name   (MusterBsDocument  *document,
                                              MusterBsForce     *force,
                                              MusterBsSelection *selection,
                                              const char        *name);

G_END_DECLS
