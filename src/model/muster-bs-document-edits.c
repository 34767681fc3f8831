/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The edits of a BattleScribe roster document: each one a command in the document's undo
 * history, refused while the roster's game data is missing.
 */

#define G_LOG_DOMAIN "muster-bs-document"

#include "config.h"

#include <glib/gi18n.h>
#include <gio/gio.h>

#include "muster-bs-document-private.h"

/* Edits */

static gboolean
check_editable (MusterBsDocument  *self,
                GError           **error)
{
  if (self->roster != NULL)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY,
               _("The roster's game data is missing: it cannot be edited"));
  return FALSE;
}

/**
 * muster_bs_document_add_force:
 * @parent: (nullable): the force to add it in, or %NULL at the roster's root
 * @catalogue_id: (nullable): the catalogue (faction) of the force
 *
 * Returns: (transfer none) (nullable): the force, with what its data requires selected
 */
MusterBsForce *
muster_bs_document_add_force (MusterBsDocument  *self,
                              MusterBsForce     *parent,
                              const char        *force_entry_id,
                              const char        *catalogue_id,
                              GError           **error)
{
  MusterBsForce *force;

  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);
  g_return_val_if_fail (force_entry_id != NULL, NULL);

  if (!check_editable (self, error))
    return NULL;
  force = muster_bs_roster_add_force (self->roster, parent, force_entry_id, catalogue_id,
                                      NULL, error);
  if (force != NULL)
    muster_history_push (muster_bs_document_get_history (self),
                         _muster_bs_command_new_tree (self, MUSTER_BS_EDIT_ADD_FORCE, force,
                                                      NULL));
  return force;
}

/**
 * muster_bs_document_select:
 * @parent: (nullable): the selection to select in, or %NULL at @force's root
 * @entry_id: the entry, as muster_bs_roster_select() takes it
 *
 * Returns: (transfer none) (nullable): the selection, with what its data requires selected
 */
MusterBsSelection *
muster_bs_document_select (MusterBsDocument   *self,
                           MusterBsForce      *force,
                           MusterBsSelection  *parent,
                           const char         *entry_id,
                           GError            **error)
{
  MusterBsSelection *selection;

  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);
  g_return_val_if_fail (force != NULL && entry_id != NULL, NULL);

  if (!check_editable (self, error))
    return NULL;
  selection = muster_bs_roster_select (self->roster, force, parent, entry_id, NULL, error);
  if (selection != NULL)
    muster_history_push (muster_bs_document_get_history (self),
                         _muster_bs_command_new_tree (self, MUSTER_BS_EDIT_ADD_SELECTION, force,
                                                      selection));
  return selection;
}

/* Returns: (transfer none): a copy of @selection beside it, with fresh ids */
MusterBsSelection *
muster_bs_document_duplicate (MusterBsDocument  *self,
                              MusterBsSelection *selection)
{
  MusterBsSelection *copy;

  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);
  g_return_val_if_fail (selection != NULL && self->roster != NULL, NULL);

  copy = muster_bs_roster_duplicate_selection (self->roster, selection);
  muster_history_push (muster_bs_document_get_history (self),
                       _muster_bs_command_new_tree (self, MUSTER_BS_EDIT_ADD_SELECTION,
                                                    muster_bs_selection_get_force (copy),
                                                    copy));
  return copy;
}

void
muster_bs_document_remove_force (MusterBsDocument *self,
                                 MusterBsForce    *force)
{
  g_return_if_fail (MUSTER_IS_BS_DOCUMENT (self));
  g_return_if_fail (force != NULL && self->roster != NULL);

  muster_history_push (muster_bs_document_get_history (self),
                       _muster_bs_command_new_tree (self, MUSTER_BS_EDIT_REMOVE_FORCE, force,
                                                    NULL));
}

void
muster_bs_document_remove (MusterBsDocument  *self,
                           MusterBsSelection *selection)
{
  g_return_if_fail (MUSTER_IS_BS_DOCUMENT (self));
  g_return_if_fail (selection != NULL && self->roster != NULL);

  muster_history_push (muster_bs_document_get_history (self),
                       _muster_bs_command_new_tree (self, MUSTER_BS_EDIT_REMOVE_SELECTION,
                                                    muster_bs_selection_get_force (selection),
                                                    selection));
}

void
muster_bs_document_set_count (MusterBsDocument  *self,
                              MusterBsSelection *selection,
                              int                count)
{
  int old;

  g_return_if_fail (MUSTER_IS_BS_DOCUMENT (self));
  g_return_if_fail (selection != NULL && count >= 0 && self->roster != NULL);

  old = muster_bs_selection_get_amount (selection);
  if (old != count)
    muster_history_push (muster_bs_document_get_history (self),
                         _muster_bs_command_new_count (self, selection, count, old));
}

/* @value < 0: no limit */
void
muster_bs_document_set_cost_limit (MusterBsDocument *self,
                                   const char       *cost_type_id,
                                   double            value)
{
  GArray *limits;
  double old = -1;

  g_return_if_fail (MUSTER_IS_BS_DOCUMENT (self));
  g_return_if_fail (cost_type_id != NULL && self->roster != NULL);

  limits = muster_bs_roster_get_cost_limits (self->roster);
  for (guint i = 0; i < limits->len; i++)
    if (g_strcmp0 (g_array_index (limits, MusterBsCost, i).type_id, cost_type_id) == 0)
      old = g_array_index (limits, MusterBsCost, i).value;
  if (old != value)
    muster_history_push (muster_bs_document_get_history (self),
                         _muster_bs_command_new_limit (self, cost_type_id, value, old));
}

void
muster_bs_document_set_name (MusterBsDocument  *self,
                             MusterBsForce     *force,
                             MusterBsSelection *selection,
                             const char        *name)
{
  g_return_if_fail (MUSTER_IS_BS_DOCUMENT (self));
  g_return_if_fail (name != NULL && self->roster != NULL);

  muster_history_push (muster_bs_document_get_history (self),
                       _muster_bs_command_new_name (self, force, selection, name));
}
