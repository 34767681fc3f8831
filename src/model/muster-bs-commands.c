/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-commands"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-bs-document-private.h"

/*
 * Every edit of a BattleScribe roster as one command type, as the army commands do: the
 * kinds are a few lines each over the engine's reversible edits, and a force or selection
 * that is detached (an undone "add", a done "remove") belongs to the command that detached
 * it, freed in one finalize. Adding is done by the document before the command is made (it
 * can fail, and the engine chooses the required children), so a tree command's first
 * apply only reports the change.
 */

typedef enum
{
  KIND_TREE,
  KIND_COUNT,
  KIND_LIMIT,
  KIND_NAME,
} Kind;

#define MUSTER_TYPE_BS_COMMAND (muster_bs_command_get_type ())
G_DECLARE_FINAL_TYPE (MusterBsCommand, muster_bs_command, MUSTER, BS_COMMAND, MusterCommand)

struct _MusterBsCommand
{
  MusterCommand      parent_instance;

  /* Borrowed: the document's history owns this command */
  MusterBsDocument  *document;
  Kind               kind;
  MusterBsEdit       edit;
  /* The first apply of a tree edit was done by the document */
  gboolean           done;

  /* The force or selection, its parents and its index among its siblings */
  MusterBsForce     *force;
  MusterBsForce     *parent_force;
  MusterBsSelection *selection;
  MusterBsSelection *parent_selection;
  guint              index;
  /* The force or selection is detached and belongs to this command */
  gboolean           owned;

  int                count, old_count;
  char              *cost_type_id;
  /* What New Recruit's automatic constraints changed after the edit's first apply: undone
   * before the edit, redone after it. */
  MusterBsAdjustments *adjustments;
  gboolean           adjusted;
  double             limit, old_limit;
  char              *name, *old_name;
};

G_DEFINE_FINAL_TYPE (MusterBsCommand, muster_bs_command, MUSTER_TYPE_COMMAND)

static void
attach (MusterBsCommand *self)
{
  MusterBsRoster *roster = muster_bs_document_get_roster (self->document);

  if (self->selection != NULL)
    muster_bs_roster_insert_selection (roster, self->force, self->parent_selection,
                                       self->index, self->selection);
  else
    muster_bs_roster_insert_force (roster, self->parent_force, self->index, self->force);
  self->owned = FALSE;
}

static void
detach (MusterBsCommand *self)
{
  MusterBsRoster *roster = muster_bs_document_get_roster (self->document);

  if (self->selection != NULL)
    muster_bs_roster_remove_selection (roster, self->selection, &self->index);
  else
    muster_bs_roster_remove_force (roster, self->force, &self->index);
  self->owned = TRUE;
}

/* The roster's, a force's or a selection's name; returns the old one. */
static char *
swap_name (MusterBsCommand *self,
           const char      *name)
{
  char *old;

  if (self->selection != NULL)
    {
      old = g_strdup (muster_bs_selection_get_custom_name (self->selection));
      muster_bs_selection_set_custom_name (self->selection, name);
    }
  else if (self->force != NULL)
    {
      old = g_strdup (muster_bs_force_get_custom_name (self->force));
      muster_bs_force_set_custom_name (self->force, name);
    }
  else
    {
      MusterBsRoster *roster = muster_bs_document_get_roster (self->document);

      old = g_strdup (muster_bs_roster_get_name (roster));
      muster_bs_roster_set_name (roster, name);
    }
  return old;
}

static void
muster_bs_command_apply (MusterCommand *command)
{
  MusterBsCommand *self = MUSTER_BS_COMMAND (command);
  MusterBsRoster *roster = muster_bs_document_get_roster (self->document);

  switch (self->kind)
    {
    case KIND_TREE:
      if (self->done)
        self->done = FALSE;
      else if (self->edit == MUSTER_BS_EDIT_ADD_FORCE || self->edit == MUSTER_BS_EDIT_ADD_SELECTION)
        attach (self);
      else
        detach (self);
      break;

    case KIND_COUNT:
      muster_bs_roster_set_count (roster, self->selection, self->count);
      break;

    case KIND_LIMIT:
      muster_bs_roster_set_cost_limit (roster, self->cost_type_id, self->limit);
      break;

    case KIND_NAME:
      g_free (self->old_name);
      self->old_name = swap_name (self, self->name);
      break;
    }
  /* A name moves no bound. */
  if (self->kind != KIND_NAME && !self->adjusted)
    self->adjustments = muster_bs_roster_keep_automatic (roster);
  else if (self->adjustments != NULL)
    muster_bs_adjustments_apply (roster, self->adjustments);
  self->adjusted = TRUE;
  _muster_bs_document_changed (self->document);
}

static void
muster_bs_command_revert (MusterCommand *command)
{
  MusterBsCommand *self = MUSTER_BS_COMMAND (command);
  MusterBsRoster *roster = muster_bs_document_get_roster (self->document);

  if (self->adjustments != NULL)
    muster_bs_adjustments_revert (roster, self->adjustments);
  switch (self->kind)
    {
    case KIND_TREE:
      if (self->edit == MUSTER_BS_EDIT_ADD_FORCE || self->edit == MUSTER_BS_EDIT_ADD_SELECTION)
        detach (self);
      else
        attach (self);
      break;

    case KIND_COUNT:
      muster_bs_roster_set_count (roster, self->selection, self->old_count);
      break;

    case KIND_LIMIT:
      muster_bs_roster_set_cost_limit (roster, self->cost_type_id, self->old_limit);
      break;

    case KIND_NAME:
      g_free (swap_name (self, self->old_name));
      break;
    }
  _muster_bs_document_changed (self->document);
}

/* Typing a name is one step, however many keystrokes; so is a count spun up and down. */
static gboolean
muster_bs_command_merge (MusterCommand *command,
                         MusterCommand *next_command)
{
  MusterBsCommand *self = MUSTER_BS_COMMAND (command);
  MusterBsCommand *next;

  if (!MUSTER_IS_BS_COMMAND (next_command))
    return FALSE;
  next = MUSTER_BS_COMMAND (next_command);
  if (self->kind != next->kind || self->force != next->force ||
      self->selection != next->selection)
    return FALSE;
  /* Two edits that each made their own adjustments undo as two: redoing one count with the
   * other's adjustments would not give back what was. */
  if (self->adjustments != NULL || next->adjustments != NULL)
    return FALSE;
  if (self->kind == KIND_NAME)
    {
      g_free (self->name);
      self->name = g_strdup (next->name);
      return TRUE;
    }
  if (self->kind == KIND_COUNT)
    {
      self->count = next->count;
      return TRUE;
    }
  return FALSE;
}

static void
muster_bs_command_finalize (GObject *object)
{
  MusterBsCommand *self = (MusterBsCommand *) object;

  if (self->owned && self->selection != NULL)
    muster_bs_selection_free (self->selection);
  else if (self->owned && self->force != NULL)
    muster_bs_force_free (self->force);
  g_clear_pointer (&self->adjustments, muster_bs_adjustments_free);
  g_free (self->cost_type_id);
  g_free (self->name);
  g_free (self->old_name);

  G_OBJECT_CLASS (muster_bs_command_parent_class)->finalize (object);
}

static void
muster_bs_command_class_init (MusterBsCommandClass *klass)
{
  MusterCommandClass *command_class = MUSTER_COMMAND_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = muster_bs_command_finalize;
  command_class->apply = muster_bs_command_apply;
  command_class->revert = muster_bs_command_revert;
  command_class->merge = muster_bs_command_merge;
}

static void
muster_bs_command_init (MusterBsCommand *self)
{
}

static MusterBsCommand *
command_new (MusterBsDocument *document,
             Kind              kind,
             const char       *label)
{
  MusterBsCommand *self = g_object_new (MUSTER_TYPE_BS_COMMAND, "label", label, NULL);

  self->document = document;
  self->kind = kind;
  return self;
}

/**
 * _muster_bs_command_new_tree:
 * @force: the force added or removed, or the force of @selection
 * @selection: (nullable): the selection added or removed
 *
 * Adding (the document has just added @force or @selection) or removing (the first apply
 * detaches it, and the command takes it).
 */
MusterCommand *
_muster_bs_command_new_tree (MusterBsDocument  *document,
                             MusterBsEdit       edit,
                             MusterBsForce     *force,
                             MusterBsSelection *selection)
{
  static const char *labels[] = {
    N_("Add Force"), N_("Remove Force"), N_("Add Selection"), N_("Remove Selection"),
  };
  MusterBsCommand *self = command_new (document, KIND_TREE, _(labels[edit]));

  self->edit = edit;
  /* An addition was done by the document; a removal is done by the first apply, once the
   * parents were noted here. */
  self->done = edit == MUSTER_BS_EDIT_ADD_FORCE || edit == MUSTER_BS_EDIT_ADD_SELECTION;
  self->force = force;
  self->selection = selection;
  self->parent_force = muster_bs_force_get_parent (force);
  if (selection != NULL)
    self->parent_selection = muster_bs_selection_get_parent (selection);
  return MUSTER_COMMAND (self);
}

MusterCommand *
_muster_bs_command_new_count (MusterBsDocument  *document,
                              MusterBsSelection *selection,
                              int                count,
                              int                old_count)
{
  MusterBsCommand *self = command_new (document, KIND_COUNT, _("Change Number"));

  self->selection = selection;
  self->count = count;
  self->old_count = old_count;
  return MUSTER_COMMAND (self);
}

MusterCommand *
_muster_bs_command_new_limit (MusterBsDocument *document,
                              const char       *cost_type_id,
                              double            value,
                              double            old_value)
{
  MusterBsCommand *self = command_new (document, KIND_LIMIT, _("Change Cost Limit"));

  self->cost_type_id = g_strdup (cost_type_id);
  self->limit = value;
  self->old_limit = old_value;
  return MUSTER_COMMAND (self);
}

MusterCommand *
_muster_bs_command_new_name (MusterBsDocument  *document,
                             MusterBsForce     *force,
                             MusterBsSelection *selection,
                             const char        *name)
{
  MusterBsCommand *self = command_new (document, KIND_NAME, _("Rename"));

  self->force = force;
  self->selection = selection;
  self->name = g_strdup (name);
  return MUSTER_COMMAND (self);
}
