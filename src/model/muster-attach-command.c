/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-attach-command"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army.h"
#include "muster-attach-command.h"
#include "muster-document-private.h"
#include "muster-engine-error.h"

struct _MusterAttachCommand
{
  MusterCommand   parent_instance;

  MusterDocument *document;   /* borrowed: the document's history owns this command */
  GPtrArray      *forces;     /* MusterForce */
  gboolean        owned;      /* the forces are detached and belong to this command */
};

G_DEFINE_FINAL_TYPE (MusterAttachCommand, muster_attach_command, MUSTER_TYPE_COMMAND)

static void
muster_attach_command_apply (MusterCommand *command)
{
  MusterAttachCommand *self = MUSTER_ATTACH_COMMAND (command);
  MusterDoc *doc = muster_document_get_doc (self->document);

  for (guint i = 0; i < self->forces->len; i++)
    {
      muster_doc_insert_force (doc, muster_doc_get_n_forces (doc), self->forces->pdata[i]);
      _muster_document_emit_force_changed (self->document, self->forces->pdata[i]);
    }
  self->owned = FALSE;
  muster_document_emit_battlefield_changed (self->document);
}

static void
muster_attach_command_revert (MusterCommand *command)
{
  MusterAttachCommand *self = MUSTER_ATTACH_COMMAND (command);
  MusterDoc *doc = muster_document_get_doc (self->document);

  /* the attached forces are the document's last ones */
  for (guint i = self->forces->len; i-- > 0;)
    {
      MusterForce *force = muster_doc_remove_force (doc, muster_doc_get_n_forces (doc) - 1);

      g_warn_if_fail (force == self->forces->pdata[i]);
      _muster_document_emit_force_changed (self->document, force);
    }
  self->owned = TRUE;
  muster_document_emit_battlefield_changed (self->document);
}

static void
muster_attach_command_finalize (GObject *object)
{
  MusterAttachCommand *self = MUSTER_ATTACH_COMMAND (object);

  if (self->owned)
    g_ptr_array_foreach (self->forces, (GFunc) (void (*) (void)) muster_force_free, NULL);
  g_ptr_array_unref (self->forces);
  G_OBJECT_CLASS (muster_attach_command_parent_class)->finalize (object);
}

static void
muster_attach_command_class_init (MusterAttachCommandClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_attach_command_finalize;
  MUSTER_COMMAND_CLASS (klass)->apply = muster_attach_command_apply;
  MUSTER_COMMAND_CLASS (klass)->revert = muster_attach_command_revert;
}

static void
muster_attach_command_init (MusterAttachCommand *self)
{
  self->forces = g_ptr_array_new ();
  self->owned = TRUE;
}

/**
 * muster_attach_command_new:
 * @document: a document with a list
 * @source: another document, read from a file; its forces are taken out of it
 * @error: return location for a #GError
 *
 * A force keeps its side; one without a side fights under its own name. Unit ids that clash
 * with the document's are renumbered when the command is applied.
 *
 * Returns: (transfer full) (nullable): the command, to push on the document's history; %NULL
 *   when @source is of another rule system or holds no list
 */
MusterCommand *
muster_attach_command_new (MusterDocument  *document,
                           MusterDoc       *source,
                           GError         **error)
{
  MusterDoc *doc;
  MusterAttachCommand *self;
  guint n;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail ((doc = muster_document_get_doc (document)) != NULL, NULL);
  g_return_val_if_fail (source != NULL, NULL);

  if (g_strcmp0 (muster_doc_get_ruleset_id (source), muster_doc_get_ruleset_id (doc)) != 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   _("The list is for another rule system (%s)"),
                   muster_doc_get_ruleset_id (source));
      return NULL;
    }
  if ((n = muster_doc_get_n_forces (source)) == 0)
    {
      g_set_error_literal (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                           _("The document holds no army list"));
      return NULL;
    }
  self = g_object_new (MUSTER_TYPE_ATTACH_COMMAND, "label",
                       ngettext ("Attach Army List", "Attach Army Lists", n), NULL);
  self->document = document;
  while (muster_doc_get_n_forces (source) > 0)
    {
      MusterForce *force = muster_doc_remove_force (source, 0);

      if (muster_force_get_side (force) == NULL || *muster_force_get_side (force) == '\0')
        g_free (muster_force_set_side (force, muster_force_get_name (force)));
      g_ptr_array_add (self->forces, force);
    }
  return MUSTER_COMMAND (self);
}
