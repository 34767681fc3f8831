/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-history"

#include "config.h"

#include "muster-history.h"

/*
 * The undo history of one document: every command ever pushed, and the position between the
 * applied ones (before) and the undone ones (after). It is a GListModel of the commands so a
 * History panel is just a list view. The "clean" position is where the document was last saved:
 * the document is modified exactly when position ≠ clean position.
 *
 * A revision names one state: the stamp of the last applied command, new for every push or
 * merge, or the base stamp before any. A save that runs while edits go on marks saved the
 * revision it wrote, wherever (or whether) that state still is in the history.
 */
struct _MusterHistory
{
  GObject    parent_instance;

  GPtrArray *commands;        /* MusterCommand */
  GArray    *stamps;          /* guint64, one per command: the revision it leads to */
  guint64    base_stamp;      /* the revision before any command */
  guint64    next_stamp;
  guint      position;        /* commands[0 .. position) are applied */
  int        clean_position;  /* -1 when the saved state can no longer be reached */
  gboolean   merge_barrier;   /* the next push must not merge into the previous command */
};

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  PROP_IS_CLEAN,
  PROP_POSITION,
  N_PROPS
};

typedef struct
{
  gboolean    can_undo;
  gboolean    can_redo;
  gboolean    is_clean;
  guint       position;
  const char *undo_label;
  const char *redo_label;
} State;

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterHistory, muster_history, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GParamSpec *properties[N_PROPS];

static void
save_state (MusterHistory *self,
            State         *state)
{
  state->can_undo = muster_history_get_can_undo (self);
  state->can_redo = muster_history_get_can_redo (self);
  state->is_clean = muster_history_get_is_clean (self);
  state->position = self->position;
  state->undo_label = muster_history_get_undo_label (self);
  state->redo_label = muster_history_get_redo_label (self);
}

/* Labels are compared by pointer: a different command means a different label to show. */
static void
notify_changes (MusterHistory *self,
                const State   *old)
{
  GObject *object = G_OBJECT (self);

  if (old->can_undo != muster_history_get_can_undo (self))
    g_object_notify_by_pspec (object, properties[PROP_CAN_UNDO]);
  if (old->can_redo != muster_history_get_can_redo (self))
    g_object_notify_by_pspec (object, properties[PROP_CAN_REDO]);
  if (old->undo_label != muster_history_get_undo_label (self))
    g_object_notify_by_pspec (object, properties[PROP_UNDO_LABEL]);
  if (old->redo_label != muster_history_get_redo_label (self))
    g_object_notify_by_pspec (object, properties[PROP_REDO_LABEL]);
  if (old->is_clean != muster_history_get_is_clean (self))
    g_object_notify_by_pspec (object, properties[PROP_IS_CLEAN]);
  if (old->position != self->position)
    g_object_notify_by_pspec (object, properties[PROP_POSITION]);
}

static GType
muster_history_get_item_type (GListModel *model)
{
  return MUSTER_TYPE_COMMAND;
}

static guint
muster_history_get_n_items (GListModel *model)
{
  return MUSTER_HISTORY (model)->commands->len;
}

static gpointer
muster_history_get_item (GListModel *model,
                         guint       position)
{
  MusterHistory *self = MUSTER_HISTORY (model);

  if (position >= self->commands->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->commands, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = muster_history_get_item_type;
  iface->get_n_items = muster_history_get_n_items;
  iface->get_item = muster_history_get_item;
}

static void
muster_history_finalize (GObject *object)
{
  MusterHistory *self = MUSTER_HISTORY (object);

  g_clear_pointer (&self->commands, g_ptr_array_unref);
  g_clear_pointer (&self->stamps, g_array_unref);

  G_OBJECT_CLASS (muster_history_parent_class)->finalize (object);
}

static void
muster_history_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  MusterHistory *self = MUSTER_HISTORY (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, muster_history_get_can_undo (self));
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, muster_history_get_can_redo (self));
      break;

    case PROP_UNDO_LABEL:
      g_value_set_string (value, muster_history_get_undo_label (self));
      break;

    case PROP_REDO_LABEL:
      g_value_set_string (value, muster_history_get_redo_label (self));
      break;

    case PROP_IS_CLEAN:
      g_value_set_boolean (value, muster_history_get_is_clean (self));
      break;

    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_history_class_init (MusterHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = muster_history_finalize;
  object_class->get_property = muster_history_get_property;

  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  properties[PROP_UNDO_LABEL] = g_param_spec_string ("undo-label", NULL, NULL, NULL, flags);
  properties[PROP_REDO_LABEL] = g_param_spec_string ("redo-label", NULL, NULL, NULL, flags);
  properties[PROP_IS_CLEAN] = g_param_spec_boolean ("is-clean", NULL, NULL, TRUE, flags);
  properties[PROP_POSITION] = g_param_spec_uint ("position", NULL, NULL,
                                                 0, G_MAXUINT, 0, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_history_init (MusterHistory *self)
{
  self->commands = g_ptr_array_new_with_free_func (g_object_unref);
  self->stamps = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->clean_position = 0;
  self->base_stamp = self->next_stamp++;
}

MusterHistory *
muster_history_new (void)
{
  return g_object_new (MUSTER_TYPE_HISTORY, NULL);
}

/**
 * muster_history_push:
 * @command: (transfer none): a command not yet applied
 *
 * Applies @command and records it. Undone commands after the current position are dropped.
 * If the previous command accepts it (muster_command_merge()), the two become one step.
 */
void
muster_history_push (MusterHistory *self,
                     MusterCommand *command)
{
  State old;
  guint dropped;

  g_return_if_fail (MUSTER_IS_HISTORY (self));
  g_return_if_fail (MUSTER_IS_COMMAND (command));

  save_state (self, &old);
  muster_command_apply (command);

  dropped = self->commands->len - self->position;
  if (dropped > 0)
    {
      if (self->clean_position > (int) self->position)
        self->clean_position = -1;
      g_ptr_array_remove_range (self->commands, self->position, dropped);
      g_array_set_size (self->stamps, self->position);
      g_list_model_items_changed (G_LIST_MODEL (self), self->position, dropped, 0);
    }

  if (!self->merge_barrier && self->position > 0 &&
      muster_command_merge (g_ptr_array_index (self->commands, self->position - 1), command))
    {
      /* The merged step now leads somewhere else than the saved state it may have been. */
      if (self->clean_position == (int) self->position)
        self->clean_position = -1;
      g_array_index (self->stamps, guint64, self->position - 1) = self->next_stamp++;
      g_list_model_items_changed (G_LIST_MODEL (self), self->position - 1, 1, 1);
    }
  else
    {
      guint64 stamp = self->next_stamp++;

      g_ptr_array_add (self->commands, g_object_ref (command));
      g_array_append_val (self->stamps, stamp);
      self->position++;
      g_list_model_items_changed (G_LIST_MODEL (self), self->position - 1, 0, 1);
    }

  self->merge_barrier = FALSE;
  notify_changes (self, &old);
}

gboolean
muster_history_undo (MusterHistory *self)
{
  State old;

  g_return_val_if_fail (MUSTER_IS_HISTORY (self), FALSE);

  if (self->position == 0)
    return FALSE;

  save_state (self, &old);
  self->position--;
  muster_command_revert (g_ptr_array_index (self->commands, self->position));
  self->merge_barrier = TRUE;
  notify_changes (self, &old);
  return TRUE;
}

gboolean
muster_history_redo (MusterHistory *self)
{
  State old;

  g_return_val_if_fail (MUSTER_IS_HISTORY (self), FALSE);

  if (self->position == self->commands->len)
    return FALSE;

  save_state (self, &old);
  muster_command_apply (g_ptr_array_index (self->commands, self->position));
  self->position++;
  self->merge_barrier = TRUE;
  notify_changes (self, &old);
  return TRUE;
}

gboolean
muster_history_get_can_undo (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), FALSE);
  return self->position > 0;
}

gboolean
muster_history_get_can_redo (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), FALSE);
  return self->position < self->commands->len;
}

/* Returns: (nullable): the label of the command undo would revert */
const char *
muster_history_get_undo_label (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), NULL);

  if (self->position == 0)
    return NULL;
  return muster_command_get_label (g_ptr_array_index (self->commands, self->position - 1));
}

/* Returns: (nullable): the label of the command redo would apply */
const char *
muster_history_get_redo_label (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), NULL);

  if (self->position == self->commands->len)
    return NULL;
  return muster_command_get_label (g_ptr_array_index (self->commands, self->position));
}

gboolean
muster_history_get_is_clean (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), FALSE);
  return self->clean_position == (int) self->position;
}

/* Call after saving: the current state is what is on disk. */
void
muster_history_mark_clean (MusterHistory *self)
{
  g_return_if_fail (MUSTER_IS_HISTORY (self));
  muster_history_mark_saved (self, muster_history_get_revision (self));
}

/**
 * muster_history_get_revision:
 *
 * Names the current state, for muster_history_mark_saved() once a copy of it is on disk.
 *
 * Returns: the current state's revision; no other state has it
 */
guint64
muster_history_get_revision (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), 0);

  if (self->position == 0)
    return self->base_stamp;
  return g_array_index (self->stamps, guint64, self->position - 1);
}

/**
 * muster_history_mark_saved:
 * @revision: what muster_history_get_revision() gave when the saved copy was made
 *
 * The state @revision is what is on disk. Edits made since (a save runs while the user goes on)
 * leave the history unclean; if no undo or redo leads back to @revision any more, no state is
 * clean.
 */
void
muster_history_mark_saved (MusterHistory *self,
                           guint64        revision)
{
  State old;

  g_return_if_fail (MUSTER_IS_HISTORY (self));

  save_state (self, &old);
  self->clean_position = -1;
  if (revision == self->base_stamp)
    self->clean_position = 0;
  for (guint i = 0; i < self->stamps->len && self->clean_position < 0; i++)
    if (g_array_index (self->stamps, guint64, i) == revision)
      self->clean_position = (int) i + 1;
  /* Typing on must not merge into the saved step, which would make it unreachable. */
  if (self->clean_position == (int) self->position)
    self->merge_barrier = TRUE;
  notify_changes (self, &old);
}

/* The current state is not what is on disk, and no undo or redo leads there: e.g. a list
 * restored from a recovery file, whose saved version is unknown. */
void
muster_history_mark_unsaved (MusterHistory *self)
{
  State old;

  g_return_if_fail (MUSTER_IS_HISTORY (self));

  save_state (self, &old);
  self->clean_position = -1;
  notify_changes (self, &old);
}

/* Ends a run of mergeable edits, e.g. when the focus leaves a text field. */
void
muster_history_break_merge (MusterHistory *self)
{
  g_return_if_fail (MUSTER_IS_HISTORY (self));
  self->merge_barrier = TRUE;
}

/* Forgets every command, e.g. after loading another file; the state becomes clean. */
void
muster_history_clear (MusterHistory *self)
{
  State old;
  guint n;

  g_return_if_fail (MUSTER_IS_HISTORY (self));

  save_state (self, &old);
  n = self->commands->len;
  g_ptr_array_set_size (self->commands, 0);
  g_array_set_size (self->stamps, 0);
  self->base_stamp = self->next_stamp++;
  self->position = 0;
  self->clean_position = 0;
  self->merge_barrier = FALSE;
  if (n > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, n, 0);
  notify_changes (self, &old);
}

guint
muster_history_get_position (MusterHistory *self)
{
  g_return_val_if_fail (MUSTER_IS_HISTORY (self), 0);
  return self->position;
}
