/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-document"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-document-private.h"
#include "muster-file-io.h"
#include "muster-army.h"
#include "muster-battle-log.h"
#include "muster-history.h"
#include "muster-findings-source.h"
#include "muster-validate.h"

/*
 * The open *.muster file: its engine document, ruleset and findings. Its location, history and
 * whether it has unsaved changes are MusterRecoverable's, and so are loading and saving, which
 * are asynchronous; saving goes through muster_file_replace() in a thread (a synced temporary
 * file renamed over the target, through a symlink, keeping its mode and owner), so a crash or a
 * kill mid-save never leaves a half-written document.
 */
struct _MusterDocument
{
  MusterRecoverable parent_instance;

  MusterDoc     *doc;

  /* Borrowed: the application's catalog, to resolve a loaded document's ruleset */
  MusterCatalog *catalog;
  /* Owned: the resolved ruleset the engine document costs with */
  MusterRuleset *ruleset;

  /* Owned: follows every edit of @doc; freed before it */
  MusterValidator   *validator;
  MusterDiagnostics *diagnostics;
};

enum {
  PROP_0,
  PROP_RULESET,
  N_PROPS
};

enum {
  UNIT_CHANGED,
  CHILDREN_CHANGED,
  FORCE_CHANGED,
  NODE_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void findings_source_iface_init (MusterFindingsSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterDocument, muster_document, MUSTER_TYPE_RECOVERABLE,
                               G_IMPLEMENT_INTERFACE (MUSTER_TYPE_FINDINGS_SOURCE,
                                                      findings_source_iface_init))

static GParamSpec *properties[N_PROPS];

/* After an edit: the rows that came or went, and the counts. */
static void
sync_diagnostics (MusterDocument *self)
{
  g_autoptr(GPtrArray) appeared = NULL;
  g_autoptr(GPtrArray) disappeared = NULL;

  if (self->validator == NULL ||
      !muster_validator_take_changes (self->validator, &appeared, &disappeared))
    return;
  muster_diagnostics_apply (self->diagnostics, appeared, disappeared);
}

static void
muster_document_finalize (GObject *object)
{
  MusterDocument *self = (MusterDocument *) object;

  g_clear_pointer (&self->validator, muster_validator_free);
  g_clear_object (&self->diagnostics);
  g_clear_pointer (&self->doc, muster_doc_free);
  g_clear_pointer (&self->ruleset, muster_ruleset_unref);

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
    case PROP_RULESET:
      g_value_set_pointer (value, self->ruleset);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* MusterRecoverable: what MusterAutosave keeps a copy of, and what a save writes */

static const char *
get_name (MusterRecoverable *recoverable)
{
  MusterDoc *doc = MUSTER_DOCUMENT (recoverable)->doc;

  return doc != NULL ? muster_doc_get_title (doc) : NULL;
}

static GBytes *
to_bytes (MusterRecoverable  *recoverable,
          GFile              *file,
          GError            **error)
{
  MusterDoc *doc = MUSTER_DOCUMENT (recoverable)->doc;

  if (doc == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The document is empty: there is nothing to save yet"));
      return NULL;
    }
  return muster_doc_to_bytes (doc);
}

static gboolean load_bytes (MusterRecoverable  *recoverable,
                            gpointer            data,
                            GBytes             *bytes,
                            const char         *display_name,
                            GFile              *file,
                            GError            **error);

static guint battlefield_changed_signal;

static void
muster_document_class_init (MusterDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  MusterRecoverableClass *recoverable_class = MUSTER_RECOVERABLE_CLASS (klass);

  object_class->finalize = muster_document_finalize;
  object_class->get_property = muster_document_get_property;
  recoverable_class->recovery_suffix = ".muster";
  recoverable_class->get_name = get_name;
  recoverable_class->to_bytes = to_bytes;
  recoverable_class->load_bytes = load_bytes;

  /**
   * MusterDocument:ruleset:
   *
   * The resolved #MusterRuleset the list is costed with; %NULL when no list is open or its
   * rule system is not installed.
   */
  properties[PROP_RULESET] =
    g_param_spec_pointer ("ruleset", NULL, NULL,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterDocument::unit-changed:
   * @unit: the #MusterUnit whose size, options, name, notes or cost changed
   *
   * Emitted after an edit of one unit; its ancestors' totals changed with it.
   */
  signals[UNIT_CHANGED] =
    g_signal_new ("unit-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * MusterDocument::children-changed:
   * @node: the #MusterNode whose rows changed
   * @position: the first row (a node's rows are its units, then its child nodes)
   * @removed: how many rows went
   * @added: how many rows came
   *
   * Emitted after units or nodes were inserted, removed or moved, like
   * #GListModel::items-changed for the node's rows.
   */
  signals[CHILDREN_CHANGED] =
    g_signal_new ("children-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_POINTER, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * MusterDocument::force-changed:
   * @force: the #MusterForce whose name or points limit changed
   */
  signals[FORCE_CHANGED] =
    g_signal_new ("force-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * MusterDocument::node-changed:
   * @node: the organisation #MusterNode whose name changed
   */
  signals[NODE_CHANGED] =
    g_signal_new ("node-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

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

static void
muster_document_init (MusterDocument *self)
{
  MusterHistory *history = muster_document_get_history (self);

  self->diagnostics = muster_diagnostics_new ();
  /* Every edit also emits one of our signals, which syncs first; these catch the rest. */
  g_signal_connect_object (history, "notify::position",
                           G_CALLBACK (sync_diagnostics), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (history, "items-changed",
                           G_CALLBACK (sync_diagnostics), self, G_CONNECT_SWAPPED);
}

/* MusterFindingsSource: what the validation panel shows */

static MusterDiagnostics *
findings_source_get_findings (MusterFindingsSource *source)
{
  return MUSTER_DOCUMENT (source)->diagnostics;
}

static void
findings_source_iface_init (MusterFindingsSourceInterface *iface)
{
  iface->get_findings = findings_source_get_findings;
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
  return muster_recoverable_get_file (MUSTER_RECOVERABLE (self));
}

/* Returns: (transfer full): the list's title if it has one, else its file name, else "Untitled" */
char *
muster_document_dup_title (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return muster_recoverable_dup_title (MUSTER_RECOVERABLE (self));
}

gboolean
muster_document_get_modified (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  return muster_recoverable_get_modified (MUSTER_RECOVERABLE (self));
}

/* An untouched new document: the window may replace it when a file is opened. */
gboolean
muster_document_is_empty (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  return self->doc == NULL && muster_document_get_file (self) == NULL &&
         !muster_document_get_modified (self);
}

/* Returns: (transfer none): the undo history; every edit goes through it */
MusterHistory *
muster_document_get_history (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return muster_recoverable_get_history (MUSTER_RECOVERABLE (self));
}

/* Returns: (transfer none) (nullable): the engine document */
MusterDoc *
muster_document_get_doc (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->doc;
}

/* Takes @doc and @ruleset (nullable) */
static void
replace_doc (MusterDocument *self,
             MusterDoc      *doc,
             MusterRuleset  *ruleset,
             GFile          *file)
{
  g_autoptr(GPtrArray) issues = NULL;

  /* The commands and the validator point into the old document: drop them first. */
  _muster_recoverable_replacing (MUSTER_RECOVERABLE (self));
  g_clear_pointer (&self->validator, muster_validator_free);
  g_clear_pointer (&self->doc, muster_doc_free);
  g_clear_pointer (&self->ruleset, muster_ruleset_unref);
  self->doc = doc;
  self->ruleset = ruleset;
  if (ruleset != NULL)
    muster_doc_set_ruleset (doc, ruleset);
  _muster_recoverable_replaced (MUSTER_RECOVERABLE (self), file);
  self->validator = muster_validator_new (doc);
  issues = muster_validator_list (self->validator);
  muster_diagnostics_reset (self->diagnostics, issues);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RULESET]);
  _muster_recoverable_notify_title (MUSTER_RECOVERABLE (self));
}

/**
 * muster_document_set_catalog:
 * @catalog: (nullable) (transfer none): the rulesets to resolve loaded lists with; it must
 *   outlive the document
 */
void
muster_document_set_catalog (MusterDocument *self,
                             MusterCatalog  *catalog)
{
  g_return_if_fail (MUSTER_IS_DOCUMENT (self));
  self->catalog = catalog;
}

/**
 * muster_document_start_list:
 * @ruleset: a resolved ruleset
 * @name: the list's (and its one force's) name
 * @points_limit: the force's points limit; 0 for none
 *
 * Replaces the document by a new, empty army list that has never been saved.
 */
void
muster_document_start_list (MusterDocument *self,
                            MusterRuleset  *ruleset,
                            const char     *name,
                            gint64          points_limit)
{
  MusterDoc *doc;

  g_return_if_fail (MUSTER_IS_DOCUMENT (self));
  g_return_if_fail (ruleset != NULL && muster_ruleset_is_resolved (ruleset));
  g_return_if_fail (name != NULL);

  doc = muster_doc_new (muster_ruleset_get_id (ruleset), muster_ruleset_get_version (ruleset));
  muster_doc_set_title (doc, name);
  muster_doc_seed_randomly (doc);
  muster_doc_insert_force (doc, 0, muster_force_new (name, points_limit));
  replace_doc (self, doc, muster_ruleset_ref (ruleset), NULL);
}

/* Returns: (transfer full): a document holding a new, empty army list */
MusterDocument *
muster_document_new_list (MusterRuleset *ruleset,
                          const char    *name,
                          gint64         points_limit)
{
  MusterDocument *self = muster_document_new ();

  muster_document_start_list (self, ruleset, name, points_limit);
  return self;
}

/* Returns: (transfer none) (nullable): the resolved ruleset the list is costed with */
MusterRuleset *
muster_document_get_ruleset (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);
  return self->ruleset;
}

/* Returns: (transfer none) (nullable): the list's first force, the one the Army page shows */
MusterForce *
muster_document_get_force (MusterDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), NULL);

  if (self->doc == NULL || muster_doc_get_n_forces (self->doc) == 0)
    return NULL;
  return muster_doc_get_force (self->doc, 0);
}

void
_muster_document_emit_unit_changed (MusterDocument *self,
                                    MusterUnit     *unit)
{
  sync_diagnostics (self);
  g_signal_emit (self, signals[UNIT_CHANGED], 0, unit);
}

void
_muster_document_emit_children_changed (MusterDocument *self,
                                        MusterNode     *node,
                                        guint           position,
                                        guint           removed,
                                        guint           added)
{
  sync_diagnostics (self);
  g_signal_emit (self, signals[CHILDREN_CHANGED], 0, node, position, removed, added);
}

void
_muster_document_emit_node_changed (MusterDocument *self,
                                    MusterNode     *node)
{
  sync_diagnostics (self);
  g_signal_emit (self, signals[NODE_CHANGED], 0, node);
}

void
_muster_document_emit_force_changed (MusterDocument *self,
                                     MusterForce    *force)
{
  sync_diagnostics (self);
  g_signal_emit (self, signals[FORCE_CHANGED], 0, force);
}

/* Parses @bytes and makes them the document, located at @file (nullable). */
static gboolean
load_bytes (MusterRecoverable  *recoverable,
            gpointer            data,
            GBytes             *bytes,
            const char         *display_name,
            GFile              *file,
            GError            **error)
{
  MusterDocument *self = MUSTER_DOCUMENT (recoverable);
  MusterRuleset *ruleset;
  MusterDoc *doc;

  if (!(doc = muster_doc_new_from_bytes (bytes, display_name, error)))
    return FALSE;

  /* A list whose rule system is not installed still opens; it is shown uncosted. */
  ruleset = self->catalog != NULL
    ? muster_catalog_resolve (self->catalog, muster_doc_get_ruleset_id (doc), NULL)
    : NULL;
  replace_doc (self, doc, ruleset, file);
  muster_document_emit_battlefield_changed (self);
  return TRUE;
}

/**
 * muster_document_restore:
 * @bytes: a document's XML, as a recovery file kept it
 * @display_name: the name errors give the XML
 * @file: (nullable): where the document was last saved, if it ever was
 *
 * Replaces the document by @bytes, modified: what was restored is not what @file holds, and
 * saving writes it there.
 *
 * Returns: whether @bytes were a document
 */
gboolean
muster_document_restore (MusterDocument  *self,
                         GBytes          *bytes,
                         const char      *display_name,
                         GFile           *file,
                         GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);

  if (!load_bytes (MUSTER_RECOVERABLE (self), NULL, bytes, display_name, file, error))
    return FALSE;
  muster_history_mark_unsaved (muster_document_get_history (self));
  return TRUE;
}

void
muster_document_load_async (MusterDocument      *self,
                            GFile               *file,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_return_if_fail (MUSTER_IS_DOCUMENT (self));
  _muster_recoverable_load_async (MUSTER_RECOVERABLE (self), file, NULL, NULL, cancellable,
                                  callback, user_data);
}

gboolean
muster_document_load_finish (MusterDocument  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  return muster_recoverable_load_finish (MUSTER_RECOVERABLE (self), result, error);
}

void
muster_document_save_async (MusterDocument      *self,
                            GFile               *file,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_return_if_fail (MUSTER_IS_DOCUMENT (self));
  muster_recoverable_save_async (MUSTER_RECOVERABLE (self), file, cancellable, callback,
                                 user_data);
}

gboolean
muster_document_save_finish (MusterDocument  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (MUSTER_IS_DOCUMENT (self), FALSE);
  return muster_recoverable_save_finish (MUSTER_RECOVERABLE (self), result, error);
}
