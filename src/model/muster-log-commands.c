/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-log-commands"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-engine.h"
#include "muster-log-commands.h"

struct _MusterLogSettingCommand
{
  MusterCommand   parent_instance;

  MusterDocument *document;
  gboolean        seed;      /* the seed, else the turn */
  guint64         before;
  guint64         after;
};

G_DEFINE_FINAL_TYPE (MusterLogSettingCommand, muster_log_setting_command, MUSTER_TYPE_COMMAND)

static void
set (MusterLogSettingCommand *self,
     guint64                  value)
{
  MusterDoc *doc = muster_document_get_doc (self->document);

  if (self->seed)
    muster_doc_set_seed (doc, value);
  else
    muster_doc_set_turn (doc, (guint) value);
  /* the log is the battlefield's scenario: its views follow this signal */
  muster_document_emit_battlefield_changed (self->document);
}

static void
muster_log_setting_command_apply (MusterCommand *command)
{
  MusterLogSettingCommand *self = MUSTER_LOG_SETTING_COMMAND (command);

  set (self, self->after);
}

static void
muster_log_setting_command_revert (MusterCommand *command)
{
  MusterLogSettingCommand *self = MUSTER_LOG_SETTING_COMMAND (command);

  set (self, self->before);
}

static void
muster_log_setting_command_finalize (GObject *object)
{
  MusterLogSettingCommand *self = MUSTER_LOG_SETTING_COMMAND (object);

  g_clear_object (&self->document);
  G_OBJECT_CLASS (muster_log_setting_command_parent_class)->finalize (object);
}

static void
muster_log_setting_command_class_init (MusterLogSettingCommandClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_log_setting_command_finalize;
  MUSTER_COMMAND_CLASS (klass)->apply = muster_log_setting_command_apply;
  MUSTER_COMMAND_CLASS (klass)->revert = muster_log_setting_command_revert;
}

static void
muster_log_setting_command_init (MusterLogSettingCommand *self)
{
}

static MusterCommand *
setting_new (MusterDocument *document,
             gboolean        seed,
             guint64         value,
             const char     *label)
{
  MusterDoc *doc = muster_document_get_doc (document);
  MusterLogSettingCommand *self = g_object_new (MUSTER_TYPE_LOG_SETTING_COMMAND, "label", label,
                                                NULL);

  self->document = g_object_ref (document);
  self->seed = seed;
  self->before = seed ? muster_doc_get_seed (doc) : muster_doc_get_turn (doc);
  self->after = value;
  return MUSTER_COMMAND (self);
}

/* Returns: (transfer full): the command that makes @turn (from 1) the battle log's turn */
MusterCommand *
muster_log_setting_command_new_turn (MusterDocument *document,
                                     guint           turn)
{
  g_autofree char *label = NULL;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (turn >= 1, NULL);

  /* TRANSLATORS: an undo step: the battle log's turn set */
  label = g_strdup_printf (_("Turn %u"), turn);
  return setting_new (document, FALSE, turn, label);
}

/* Returns: (transfer full): the command that makes @seed the seed of the next roll's dice */
MusterCommand *
muster_log_setting_command_new_seed (MusterDocument *document,
                                     guint64         seed)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);

  /* TRANSLATORS: an undo step */
  return setting_new (document, TRUE, seed, _("Set Dice Seed"));
}
