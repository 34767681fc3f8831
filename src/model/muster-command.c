/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-command"

#include "config.h"

#include "muster-command.h"

typedef struct
{
  char *label;
} MusterCommandPrivate;

enum {
  PROP_0,
  PROP_LABEL,
  N_PROPS
};

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (MusterCommand, muster_command, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];

static gboolean
muster_command_real_merge (MusterCommand *self,
                           MusterCommand *next)
{
  return FALSE;
}

static void
muster_command_finalize (GObject *object)
{
  MusterCommandPrivate *priv = muster_command_get_instance_private (MUSTER_COMMAND (object));

  g_free (priv->label);

  G_OBJECT_CLASS (muster_command_parent_class)->finalize (object);
}

static void
muster_command_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  MusterCommand *self = MUSTER_COMMAND (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, muster_command_get_label (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_command_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  MusterCommand *self = MUSTER_COMMAND (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      muster_command_set_label (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_command_class_init (MusterCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_command_finalize;
  object_class->get_property = muster_command_get_property;
  object_class->set_property = muster_command_set_property;
  klass->merge = muster_command_real_merge;

  /**
   * MusterCommand:label:
   *
   * What the command does, for "Undo …" / "Redo …" (e.g. "Add Legionaries").
   */
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_command_init (MusterCommand *self)
{
}

const char *
muster_command_get_label (MusterCommand *self)
{
  MusterCommandPrivate *priv = muster_command_get_instance_private (self);

  g_return_val_if_fail (MUSTER_IS_COMMAND (self), NULL);
  return priv->label;
}

void
muster_command_set_label (MusterCommand *self,
                          const char    *label)
{
  MusterCommandPrivate *priv = muster_command_get_instance_private (self);

  g_return_if_fail (MUSTER_IS_COMMAND (self));

  if (g_strcmp0 (priv->label, label) == 0)
    return;
  g_free (priv->label);
  priv->label = g_strdup (label);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

void
muster_command_apply (MusterCommand *self)
{
  g_return_if_fail (MUSTER_IS_COMMAND (self));
  MUSTER_COMMAND_GET_CLASS (self)->apply (self);
}

void
muster_command_revert (MusterCommand *self)
{
  g_return_if_fail (MUSTER_IS_COMMAND (self));
  MUSTER_COMMAND_GET_CLASS (self)->revert (self);
}

gboolean
muster_command_merge (MusterCommand *self,
                      MusterCommand *next)
{
  g_return_val_if_fail (MUSTER_IS_COMMAND (self), FALSE);
  g_return_val_if_fail (MUSTER_IS_COMMAND (next), FALSE);

  if (G_OBJECT_TYPE (self) != G_OBJECT_TYPE (next))
    return FALSE;
  return MUSTER_COMMAND_GET_CLASS (self)->merge (self, next);
}
