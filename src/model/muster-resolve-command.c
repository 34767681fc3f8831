/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-resolve-command"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "muster-document-private.h"
#include "muster-engine.h"
#include "muster-resolve-command.h"

struct _MusterResolveCommand
{
  MusterCommand   parent_instance;

  MusterDocument *document;
  MusterLogEntry *entry;     /* while not applied; borrowed from the document while it is */
  const MusterLogEntry *applied;
};

G_DEFINE_FINAL_TYPE (MusterResolveCommand, muster_resolve_command, MUSTER_TYPE_COMMAND)

/* The units the entry changed, and the log (the battlefield's scenario), changed. */
static void
emit_changed (MusterResolveCommand *self,
              const MusterLogEntry *entry)
{
  MusterDoc *doc = muster_document_get_doc (self->document);

  for (guint i = 0; i < entry->changes->len; i++)
    {
      MusterUnit *unit = muster_doc_lookup_unit (doc, g_array_index (entry->changes,
                                                                     MusterLogChange, i).unit);

      if (unit != NULL)
        _muster_document_emit_unit_changed (self->document, unit);
    }
  muster_document_emit_battlefield_changed (self->document);
}

static void
muster_resolve_command_apply (MusterCommand *command)
{
  MusterResolveCommand *self = MUSTER_RESOLVE_COMMAND (command);
  MusterDoc *doc = muster_document_get_doc (self->document);
  g_autoptr(GError) error = NULL;

  g_return_if_fail (self->entry != NULL);

  /* The units were checked when it was rolled, and undo brings back any removed since. */
  self->applied = self->entry;
  if (!muster_doc_append_log_entry (doc, g_steal_pointer (&self->entry), &error))
    {
      g_critical ("the roll no longer applies: %s", error->message);
      self->applied = NULL;
      return;
    }
  emit_changed (self, self->applied);
}

static void
muster_resolve_command_revert (MusterCommand *command)
{
  MusterResolveCommand *self = MUSTER_RESOLVE_COMMAND (command);

  g_return_if_fail (self->entry == NULL);

  self->entry = muster_doc_take_last_log_entry (muster_document_get_doc (self->document));
  g_return_if_fail (self->entry == self->applied);
  self->applied = NULL;
  emit_changed (self, self->entry);
}

static void
muster_resolve_command_finalize (GObject *object)
{
  MusterResolveCommand *self = MUSTER_RESOLVE_COMMAND (object);

  g_clear_object (&self->document);
  g_clear_pointer (&self->entry, muster_log_entry_free);
  G_OBJECT_CLASS (muster_resolve_command_parent_class)->finalize (object);
}

static void
muster_resolve_command_class_init (MusterResolveCommandClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_resolve_command_finalize;
  MUSTER_COMMAND_CLASS (klass)->apply = muster_resolve_command_apply;
  MUSTER_COMMAND_CLASS (klass)->revert = muster_resolve_command_revert;
}

static void
muster_resolve_command_init (MusterResolveCommand *self)
{
}

/**
 * muster_resolve_command_new:
 * @types: the ruleset's terrain types, for the table's inputs
 * @acting: the acting unit's id
 * @target: the target's id
 * @procedure: the procedure's id
 * @values: (nullable): the inputs to roll with, one per input of the procedure; %NULL: as
 *   the lists and the table fill them
 * @typed: (nullable): with @values, which of them the user typed (the log says so)
 *
 * Rolls @procedure between the two units with the document's seed, ready to push onto the
 * history (which applies it).
 *
 * Returns: (transfer full) (nullable): the command, or %NULL with @error set (a unit not
 *   placed, inputs out of range, a procedure the table rules out)
 */
MusterCommand *
muster_resolve_command_new (MusterDocument           *document,
                            const MusterTerrainTypes *types,
                            const char               *acting,
                            const char               *target,
                            const char               *procedure,
                            const int                *values,
                            const gboolean           *typed,
                            GError                  **error)
{
  MusterDoc *doc;
  MusterRuleset *ruleset;
  const MusterProcedure *proc;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterOddsFill) fill = NULL;
  MusterResolveCommand *self;
  MusterLogEntry *entry;
  g_autofree char *label = NULL;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);

  doc = muster_document_get_doc (document);
  ruleset = muster_doc_get_ruleset (doc);
  if (ruleset == NULL || !(proc = muster_procedure_lookup (muster_ruleset_get_system_id (ruleset),
                                                           procedure)))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT,
                   "no procedure “%s” in this document's rule system", procedure);
      return NULL;
    }
  if (!(facts = muster_odds_facts_new (doc, types, acting, target, error)) ||
      !(fill = muster_odds_fill_new (facts, proc, error)))
    return NULL;
  if (values != NULL)
    memcpy (fill->values, values, sizeof (int) * proc->n_inputs);
  if (!(entry = muster_resolve_roll (facts, fill, values ? typed : NULL, muster_doc_get_seed (doc),
                                     error)))
    return NULL;

  /* TRANSLATORS: an undo step: %s is a procedure's name, "Missile Fire" */
  label = g_strdup_printf (_("Resolve %s"), proc->name);
  self = g_object_new (MUSTER_TYPE_RESOLVE_COMMAND, "label", label, NULL);
  self->document = g_object_ref (document);
  self->entry = entry;
  return MUSTER_COMMAND (self);
}

/* Returns: (transfer none): the roll, applied or not */
const MusterLogEntry *
muster_resolve_command_get_entry (MusterResolveCommand *self)
{
  g_return_val_if_fail (MUSTER_IS_RESOLVE_COMMAND (self), NULL);
  return self->entry != NULL ? self->entry : self->applied;
}
