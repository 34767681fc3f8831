/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-recoverable"

#include "config.h"

#include "muster-recoverable.h"

G_DEFINE_INTERFACE (MusterRecoverable, muster_recoverable, G_TYPE_OBJECT)

static void
muster_recoverable_default_init (MusterRecoverableInterface *iface)
{
}

/* Returns: (transfer none): the history every edit goes through */
MusterHistory *
muster_recoverable_get_history (MusterRecoverable *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), NULL);
  return MUSTER_RECOVERABLE_GET_IFACE (self)->get_history (self);
}

gboolean
muster_recoverable_get_modified (MusterRecoverable *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), FALSE);
  return MUSTER_RECOVERABLE_GET_IFACE (self)->get_modified (self);
}

/* Returns: (transfer none) (nullable): where the document was last saved */
GFile *
muster_recoverable_get_file (MusterRecoverable *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), NULL);
  return MUSTER_RECOVERABLE_GET_IFACE (self)->get_file (self);
}

/* Returns: (transfer full) (nullable): what a recovery copy holds, NULL if nothing */
GBytes *
muster_recoverable_dup_recovery_bytes (MusterRecoverable *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), NULL);
  return MUSTER_RECOVERABLE_GET_IFACE (self)->dup_recovery_bytes (self);
}

const char *
muster_recoverable_get_recovery_suffix (MusterRecoverable *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), NULL);
  return MUSTER_RECOVERABLE_GET_IFACE (self)->get_recovery_suffix (self);
}

/* Returns: (transfer full): what the window's title says, the name a new file gets */
char *
muster_recoverable_dup_title (MusterRecoverable *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), NULL);
  return MUSTER_RECOVERABLE_GET_IFACE (self)->dup_title (self);
}

void
muster_recoverable_save_async (MusterRecoverable   *self,
                               GFile               *file,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_return_if_fail (MUSTER_IS_RECOVERABLE (self));
  g_return_if_fail (G_IS_FILE (file));
  MUSTER_RECOVERABLE_GET_IFACE (self)->save_async (self, file, cancellable, callback, user_data);
}

gboolean
muster_recoverable_save_finish (MusterRecoverable  *self,
                                GAsyncResult       *result,
                                GError            **error)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (self), FALSE);
  return MUSTER_RECOVERABLE_GET_IFACE (self)->save_finish (self, result, error);
}
