/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-document"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-document.h"
#include "muster-history.h"

/*
 * The open *.muster file: its location, its engine document and whether it has unsaved
 * changes. Loading and saving are asynchronous; saving goes through
 * g_file_replace_contents_bytes_async(), which writes a temporary file and renames it, so a
 * crash mid-save never leaves a half-written document.
 */
struct _MusterDocument
{
  GObject    parent_instance;

  GFile         *file;
  MusterDoc     *doc;
  MusterHistory *history;
  gboolean       modified;
};

enum {
  PROP_0,
  PROP_FILE,
  PROP_TITLE,
  PROP_MODIFIED,
  PROP_HISTORY,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (MusterDocument, muster_document, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];

static void
set_file (MusterDocument *self,
          GFile          *file)
{
  if (g_set_object (&self->file, file))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
}

static void
set_modified (MusterDocument *self,
              gboolean        modified)
{
  modified = !!modified;
  if (self->modified != modified)
    {
      self->modified = modified;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
    }
}

static void
muster_document_finalize (GObject *object)
{
  MusterDocument *self = (MusterDocument *) object;

  g_clear_object (&self->file);
  g_clear_object (&self->history);
  g_clear_pointer (&self->doc, muster_doc_free);

  G_OBJECT_CLASS (muster_document_parent_class)->finalize (object);
}

static void
muster_document_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MusterDocument *self = MUSTER_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    case PROP_TITLE:
      g_value_take_string (value, muster_document_dup_title (self));
      break;

    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;

    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static guint battlefield_changed_signal;

static void
muster_document_class_init (MusterDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = muster_document_finalize;
  object_class->get_property = muster_document_get_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL,
                         G_TYPE_FILE,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_HISTORY] =
    g_param_spec_object ("history", NULL, NULL,
                         MUSTER_TYPE_HISTORY,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The battlefield, a feature of it or the scenario sheet changed (see
   * muster-battlefield-commands.h). */
  battlefield_changed_signal =
    g_signal_new ("battlefield-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

void
muster_document_emit_battlefield_changed (MusterDocument *self)
{
  g_signal_emit (self, battlefield_changed_signal, 0);
}

/* Modified means "the history is away from where the file was last loaded or saved". */
static void
history_clean_changed_cb (MusterDocument *self)
{
  set_modified (self, !muster_history_get_is_clean (self->history));
}

static void
muster_document_init (MusterDocument *self)
{
  self->history = muster_history_new ();
  g_signal_connect_object (self->history, "notify::is-clean",
                           G_CALLBACK (history_clean_changed_cb), self, G_CONNECT_SWAPPED);
}

MusterDocument *
muster_document_new (void)
{
  return g_object_new (MUSTER_TYPE_DOCUMENT, NULL);
}

/* Returns: (transfer none) (nullable): where the document was loaded from or saved to */
GFile *
muster_document_get_file (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->file;
}

/**
 * muster_document_dup_title:
 *
 * The document's own title if it has one, else its file name, else "Untitled".
 *
 * Returns: (transfer full): the title to show
 */
char *
muster_document_dup_title (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  if (self->doc != NULL && *muster_doc_get_title (self->doc) != '\0')
    return g_strdup (muster_doc_get_title (self->doc));
  if (self->file != NULL)
    return g_file_get_basename (self->file);
  return g_strdup (_("Untitled"));
}

gboolean
muster_document_get_modified (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  return self->modified;
}

/* An untouched new document: the window may replace it when a file is opened. */
gboolean
muster_document_is_empty (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  return self->doc == NULL && self->file == NULL && !self->modified;
}

/* Returns: (transfer none): the undo history; every edit goes through it */
MusterHistory *
muster_document_get_history (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->history;
}

/* Returns: (transfer none) (nullable): the engine document */
MusterDoc *
muster_document_get_doc (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->doc;
}

static void
load_bytes_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  GFile *file = G_FILE (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  MusterDocument *self = g_task_get_source_object (task);
  MusterDoc *doc;

  if (!(bytes = g_file_load_bytes_finish (file, result, NULL, &error)))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  name = g_file_get_basename (file);
  if (!(doc = muster_doc_new_from_bytes (bytes, name, &error)))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  g_clear_pointer (&self->doc, muster_doc_free);
  self->doc = doc;
  set_file (self, file);
  muster_history_clear (self->history);
  set_modified (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  muster_document_emit_battlefield_changed (self);
  g_task_return_boolean (task, TRUE);
}

void
muster_document_load_async (MusterDocument      *self,
                            GFile               *file,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MUSTER_IS_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, muster_document_load_async);
  g_file_load_bytes_async (file, cancellable, load_bytes_cb, g_steal_pointer (&task));
}

gboolean
muster_document_load_finish (MusterDocument  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
replace_contents_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  GFile *file = G_FILE (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  MusterDocument *self = g_task_get_source_object (task);

  if (!g_file_replace_contents_finish (file, result, NULL, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  set_file (self, file);
  muster_history_mark_clean (self->history);
  g_task_return_boolean (task, TRUE);
}

void
muster_document_save_async (MusterDocument      *self,
                            GFile               *file,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_if_fail (MUSTER_IS_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, muster_document_save_async);

  if (self->doc == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("The document is empty: there is nothing to save yet"));
      return;
    }

  bytes = muster_doc_to_bytes (self->doc);
  /* G_FILE_CREATE_NONE keeps the user's permissions and symlinks; GIO still writes to a
   * temporary file and renames it over the target. */
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE,
                                       cancellable, replace_contents_cb,
                                       g_steal_pointer (&task));
}

gboolean
muster_document_save_finish (MusterDocument  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
