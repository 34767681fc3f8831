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
