/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-command.h"
#include "muster-document.h"

G_BEGIN_DECLS

/*
 * The army list's edits. Each goes through the engine's reversible operations, so
 * apply → revert → apply lands on the same document bytes, and tells the views what changed
 * through the document's "unit-changed", "children-changed" and "force-changed" signals.
 * Push them on muster_document_get_history(), which applies them. A command borrows the
 * document: the document's history owns the command.
 */

#define MUSTER_TYPE_ARMY_COMMAND (muster_army_command_get_type ())
G_DECLARE_FINAL_TYPE (MusterArmyCommand, muster_army_command, MUSTER, ARMY_COMMAND, MusterCommand)

MusterCommand *muster_add_unit_command_new          (MusterDocument *document,
                                                     MusterNode     *node,
                                                     guint           index,
                                                     const char     *type_id);
MusterCommand *muster_remove_unit_command_new       (MusterDocument *document,
                                                     MusterUnit     *unit);
MusterCommand *muster_duplicate_unit_command_new    (MusterDocument *document,
                                                     MusterUnit     *unit);
MusterCommand *muster_move_unit_command_new         (MusterDocument *document,
                                                     MusterUnit     *unit,
                                                     MusterNode     *to,
                                                     guint           to_index);
MusterCommand *muster_set_unit_size_command_new     (MusterDocument *document,
                                                     MusterUnit     *unit,
                                                     guint           size);
MusterCommand *muster_set_option_command_new        (MusterDocument *document,
                                                     MusterUnit     *unit,
                                                     const char     *option_id,
                                                     guint           count);
MusterCommand *muster_choose_option_command_new     (MusterDocument *document,
                                                     MusterUnit     *unit,
                                                     const char     *group_id,
                                                     const char     *option_id);
MusterCommand *muster_rename_unit_command_new       (MusterDocument *document,
                                                     MusterUnit     *unit,
                                                     const char     *name);
MusterCommand *muster_set_unit_notes_command_new    (MusterDocument *document,
                                                     MusterUnit     *unit,
                                                     const char     *notes);
MusterCommand *muster_set_force_name_command_new    (MusterDocument *document,
                                                     MusterForce    *force,
                                                     const char     *name);
MusterCommand *muster_set_points_limit_command_new  (MusterDocument *document,
                                                     MusterForce    *force,
                                                     gint64          points_limit);
MusterCommand *muster_add_node_command_new          (MusterDocument *document,
                                                     MusterNode     *parent,
                                                     guint           index,
                                                     const char     *level_id,
                                                     const char     *name);
MusterCommand *muster_remove_node_command_new       (MusterDocument *document,
                                                     MusterNode     *node);
MusterCommand *muster_move_node_command_new         (MusterDocument *document,
                                                     MusterNode     *node,
                                                     MusterNode     *to,
                                                     guint           to_index);
MusterCommand *muster_rename_node_command_new       (MusterDocument *document,
                                                     MusterNode     *node,
                                                     const char     *name);

char          *muster_unit_dup_type_name            (MusterUnit     *unit,
                                                     MusterRuleset  *ruleset);
char          *muster_unit_dup_display_name         (MusterUnit     *unit,
                                                     MusterRuleset  *ruleset);
char          *muster_unit_dup_label                (MusterUnit     *unit,
                                                     MusterRuleset  *ruleset);

G_END_DECLS
