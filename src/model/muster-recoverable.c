/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-recoverable"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-file-io.h"
#include "muster-recoverable.h"

typedef struct
{
  GFile         *file;
  MusterHistory *history;
  gboolean       modified;
  guint          generation;  /* bumped when the document is replaced: older saves are moot */
} MusterRecoverablePrivate;

enum {
  PROP_0,
  PROP_FILE,
  PROP_TITLE,
  PROP_MODIFIED,
  PROP_HISTORY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (MusterRecoverable, muster_recoverable, G_TYPE_OBJECT)

static void
set_file (MusterRecoverable *self,
          GFile             *file)
{
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);

  if (g_set_object (&priv->file, file))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
}

/* Modified means "the history is away from where the file was last loaded or saved". */
static void
history_clean_changed_cb (MusterRecoverable *self)
{
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);
  gboolean modified = !muster_history_get_is_clean (priv->history);

  if (priv->modified != modified)
    {
      priv->modified = modified;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
    }
}

/* In dispose, so before a subclass's finalize: the commands may hold detached parts of the
 * document, which go after them. */
static void
muster_recoverable_dispose (GObject *object)
{
  MusterRecoverablePrivate *priv =
    muster_recoverable_get_instance_private (MUSTER_RECOVERABLE (object));

  g_clear_object (&priv->history);
  g_clear_object (&priv->file);

  G_OBJECT_CLASS (muster_recoverable_parent_class)->dispose (object);
}

static void
muster_recoverable_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MusterRecoverable *self = MUSTER_RECOVERABLE (object);
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, priv->file);
      break;

    case PROP_TITLE:
      g_value_take_string (value, muster_recoverable_dup_title (self));
      break;

    case PROP_MODIFIED:
      g_value_set_boolean (value, priv->modified);
      break;

    case PROP_HISTORY:
      g_value_set_object (value, priv->history);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_recoverable_class_init (MusterRecoverableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = muster_recoverable_dispose;
  object_class->get_property = muster_recoverable_get_property;

  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, flags);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, flags);
  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL, MUSTER_TYPE_HISTORY,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_recoverable_init (MusterRecoverable *self)
{
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);

  priv->history = muster_history_new ();
  g_signal_connect_object (priv->history, "notify::is-clean",
                           G_CALLBACK (history_clean_changed_cb), self, G_CONNECT_SWAPPED);
}

/* Returns: (transfer none): the history every edit goes through */
MusterHistory *
muster_recoverable_get_history (MusterRecoverable *self)
{
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), NULL);
  return priv->history;
}

gboolean
muster_recoverable_get_modified (MusterRecoverable *self)
{
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), FALSE);
  return priv->modified;
}

/* Returns: (transfer none) (nullable): where the document was last saved */
GFile *
muster_recoverable_get_file (MusterRecoverable *self)
{
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), NULL);
  return priv->file;
}

/* Returns: (transfer full) (nullable): what a recovery copy holds, NULL if nothing */
GBytes *
muster_recoverable_dup_recovery_bytes (MusterRecoverable *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), NULL);
  return MUSTER_RECOVERABLE_GET_CLASS (self)->to_bytes (self, NULL, NULL);
}

const char *
muster_recoverable_get_recovery_suffix (MusterRecoverable *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), NULL);
  return MUSTER_RECOVERABLE_GET_CLASS (self)->recovery_suffix;
}

/**
 * muster_recoverable_dup_title:
 *
 * The document's own name if it has one, else its file name, else "Untitled".
 *
 * Returns: (transfer full): what the window's title says, the name a new file gets
 */
char *
muster_recoverable_dup_title (MusterRecoverable *self)
{
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);
  const char *name;

  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), NULL);

  name = MUSTER_RECOVERABLE_GET_CLASS (self)->get_name (self);
  if (name != NULL && *name != '\0')
    return g_strdup (name);
  if (priv->file != NULL)
    return g_file_get_basename (priv->file);
  return g_strdup (_("Untitled"));
}

void
_muster_recoverable_notify_title (MusterRecoverable *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

void
_muster_recoverable_replacing (MusterRecoverable *self)
{
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);

  priv->generation++;
  muster_history_clear (priv->history);
}

void
_muster_recoverable_replaced (MusterRecoverable *self,
                              GFile             *file)
{
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);

  if (file != NULL)
    set_file (self, file);
  else if (priv->file != NULL)
    {
      g_clear_object (&priv->file);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
  /* Notifies "modified" when the history was not clean. */
  muster_history_mark_clean (priv->history);
}

/* Loading */

static void
read_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  MusterRecoverable *self = g_task_get_source_object (task);
  GFile *file = g_task_get_task_data (G_TASK (result));
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  GError *error = NULL;

  if (!(bytes = muster_file_io_read_finish (result, &error)))
    {
      g_task_return_error (task, error);
      return;
    }
  name = g_file_get_basename (file);
  if (!MUSTER_RECOVERABLE_GET_CLASS (self)->load_bytes (self, g_task_get_task_data (task),
                                                         bytes, name, file, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
_muster_recoverable_load_async (MusterRecoverable   *self,
                                GFile               *file,
                                gpointer             data,
                                GDestroyNotify       data_free,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (MUSTER_IS_RECOVERABLE (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, _muster_recoverable_load_async);
  g_task_set_task_data (task, data, data_free);
  muster_file_io_read_async (file, cancellable, read_done_cb, task);
}

gboolean
muster_recoverable_load_finish (MusterRecoverable  *self,
                                GAsyncResult       *result,
                                GError            **error)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Saving */

/* The state a save marks saved once the file is on disk. */
typedef struct
{
  GFile   *file;
  guint64  revision;
  guint    generation;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_clear_object (&data->file);
  g_free (data);
}

static void
save_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  MusterRecoverable *self = g_task_get_source_object (task);
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);
  SaveData *data = g_task_get_task_data (task);
  GError *error = NULL;

  if (!muster_file_io_write_finish (result, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  /* Another document was opened meanwhile: the file holds the old one, not this. */
  if (data->generation == priv->generation)
    {
      set_file (self, data->file);
      /* Only the state that was written: edits made while the file was written stay unsaved,
       * and so does their recovery copy. */
      muster_history_mark_saved (priv->history, data->revision);
      if (MUSTER_RECOVERABLE_GET_CLASS (self)->saved != NULL)
        MUSTER_RECOVERABLE_GET_CLASS (self)->saved (self);
    }
  g_task_return_boolean (task, TRUE);
}

/* An atomic save to @file, which becomes the document's file */
void
muster_recoverable_save_async (MusterRecoverable   *self,
                               GFile               *file,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  MusterRecoverablePrivate *priv = muster_recoverable_get_instance_private (self);
  g_autoptr(GTask) task = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GError *error = NULL;
  SaveData *data;

  g_return_if_fail (MUSTER_IS_RECOVERABLE (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, muster_recoverable_save_async);

  /* Serialised here, where the document lives; only the file system work goes to a thread. */
  if (!(bytes = MUSTER_RECOVERABLE_GET_CLASS (self)->to_bytes (self, file, &error)))
    {
      g_task_return_error (task, error);
      return;
    }
  data = g_new0 (SaveData, 1);
  data->file = g_object_ref (file);
  data->revision = muster_history_get_revision (priv->history);
  data->generation = priv->generation;
  g_task_set_task_data (task, data, (GDestroyNotify) save_data_free);
  /* An edit made while the file is written is a step of its own, so that undoing it leads back
   * to the state being saved. */
  muster_history_break_merge (priv->history);
  muster_file_io_write_async (file, bytes, save_done_cb, g_steal_pointer (&task));
}

gboolean
muster_recoverable_save_finish (MusterRecoverable  *self,
                                GAsyncResult       *result,
                                GError            **error)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
