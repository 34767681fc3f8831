/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-commands"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-commands.h"

struct _MusterSetTitleCommand
{
  MusterCommand   parent_instance;

  MusterDocument *document;
  char           *old_title;
  char           *new_title;
};

G_DEFINE_FINAL_TYPE (MusterSetTitleCommand, muster_set_title_command, MUSTER_TYPE_COMMAND)

static void
set_title (MusterDocument *document,
           const char     *title)
{
  muster_doc_set_title (muster_document_get_doc (document), title);
  g_object_notify (G_OBJECT (document), "title");
}

static void
muster_set_title_command_apply (MusterCommand *command)
{
  MusterSetTitleCommand *self = MUSTER_SET_TITLE_COMMAND (command);

  g_free (self->old_title);
  self->old_title = g_strdup (muster_doc_get_title (muster_document_get_doc (self->document)));
  set_title (self->document, self->new_title);
}

static void
muster_set_title_command_revert (MusterCommand *command)
{
  MusterSetTitleCommand *self = MUSTER_SET_TITLE_COMMAND (command);

  set_title (self->document, self->old_title);
}

/* Typing a title is one undo step, not one per keystroke. */
static gboolean
muster_set_title_command_merge (MusterCommand *command,
                                MusterCommand *next_command)
{
  MusterSetTitleCommand *self = MUSTER_SET_TITLE_COMMAND (command);
  MusterSetTitleCommand *next = MUSTER_SET_TITLE_COMMAND (next_command);

  if (self->document != next->document)
    return FALSE;
  g_free (self->new_title);
  self->new_title = g_strdup (next->new_title);
  return TRUE;
}

static void
muster_set_title_command_finalize (GObject *object)
{
  MusterSetTitleCommand *self = MUSTER_SET_TITLE_COMMAND (object);

  g_clear_object (&self->document);
  g_free (self->old_title);
  g_free (self->new_title);

  G_OBJECT_CLASS (muster_set_title_command_parent_class)->finalize (object);
}

static void
muster_set_title_command_class_init (MusterSetTitleCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  MusterCommandClass *command_class = MUSTER_COMMAND_CLASS (klass);

  object_class->finalize = muster_set_title_command_finalize;
  command_class->apply = muster_set_title_command_apply;
  command_class->revert = muster_set_title_command_revert;
  command_class->merge = muster_set_title_command_merge;
}

static void
muster_set_title_command_init (MusterSetTitleCommand *self)
{
}

MusterCommand *
muster_set_title_command_new (MusterDocument *document,
                              const char     *title)
{
  MusterSetTitleCommand *self;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (muster_document_get_doc (document) != NULL, NULL);
  g_return_val_if_fail (title != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_SET_TITLE_COMMAND, "label", _("Rename"), NULL);
  self->document = g_object_ref (document);
  self->new_title = g_strdup (title);
  return MUSTER_COMMAND (self);
}
