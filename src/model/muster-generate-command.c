/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-generate-command"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-battlefield-commands.h"
#include "muster-generate-command.h"

/* The edits are the battlefield's own commands, run in order and reverted in reverse. */
struct _MusterGenerateCommand
{
  MusterCommand  parent_instance;

  GPtrArray     *parts;   /* MusterCommand */
};

G_DEFINE_FINAL_TYPE (MusterGenerateCommand, muster_generate_command, MUSTER_TYPE_COMMAND)

static void
muster_generate_command_apply (MusterCommand *command)
{
  MusterGenerateCommand *self = MUSTER_GENERATE_COMMAND (command);

  for (guint i = 0; i < self->parts->len; i++)
    muster_command_apply (self->parts->pdata[i]);
}

static void
muster_generate_command_revert (MusterCommand *command)
{
  MusterGenerateCommand *self = MUSTER_GENERATE_COMMAND (command);

  for (guint i = self->parts->len; i-- > 0;)
    muster_command_revert (self->parts->pdata[i]);
}

static void
muster_generate_command_finalize (GObject *object)
{
  MusterGenerateCommand *self = MUSTER_GENERATE_COMMAND (object);

  g_ptr_array_unref (self->parts);
  G_OBJECT_CLASS (muster_generate_command_parent_class)->finalize (object);
}

static void
muster_generate_command_class_init (MusterGenerateCommandClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_generate_command_finalize;
  MUSTER_COMMAND_CLASS (klass)->apply = muster_generate_command_apply;
  MUSTER_COMMAND_CLASS (klass)->revert = muster_generate_command_revert;
}

static void
muster_generate_command_init (MusterGenerateCommand *self)
{
  self->parts = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * muster_generate_command_new_on_table:
 * @document: a document without a battlefield
 * @generation: what the rules generated for a table of @width × @height
 * @width: the table's width, mm
 * @height: its depth, mm
 * @units: what it measures in, "in" or "cm"
 *
 * Generate Battlefield on a document with no table yet: the table and what was generated on it
 * come as one step, and Ctrl+Z takes both away.
 *
 * Returns: (transfer full): the command; push it on the document's history to apply it
 */
MusterCommand *
muster_generate_command_new_on_table (MusterDocument         *document,
                                      const MusterGeneration *generation,
                                      double                  width,
                                      double                  height,
                                      const char             *units)
{
  MusterBattlefield *field;
  MusterCommand *command;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (muster_document_get_doc (document) != NULL, NULL);
  field = muster_battlefield_new (width, height, units);
  muster_battlefield_set_table (field, width, height, units, muster_battlefield_default_grid (units));
  muster_generation_apply (generation, field);
  command = muster_set_battlefield_command_new (document, field);
  muster_command_set_label (command, _("Generate Battlefield"));
  return command;
}

/**
 * muster_generate_command_new:
 * @document: a document with a battlefield
 * @generation: what the rules generated for its table
 *
 * Returns: (transfer full): the command; push it on the document's history to apply it
 */
MusterCommand *
muster_generate_command_new (MusterDocument         *document,
                             const MusterGeneration *generation)
{
  MusterBattlefield *field;
  MusterGenerateCommand *self;
  MusterCommand *features;
  g_autofree char *notes = NULL;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  field = muster_doc_get_battlefield (muster_document_get_doc (document));
  g_return_val_if_fail (field != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_GENERATE_COMMAND, "label", _("Generate Battlefield"), NULL);
  features = muster_features_command_new (document, _("Generate Battlefield"));
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *feature = muster_battlefield_get_feature (field, i);

      if (muster_generation_replaces (generation, feature))
        muster_features_command_remove (MUSTER_FEATURES_COMMAND (features), feature->id);
    }
  for (guint i = 0; i < generation->features->len; i++)
    muster_features_command_insert (MUSTER_FEATURES_COMMAND (features),
                                    generation->features->pdata[i]);
  g_ptr_array_add (self->parts, features);

  notes = muster_generation_merge_notes (muster_battlefield_get_scenario (field,
                                                                          MUSTER_SCENARIO_UMPIRE_NOTES),
                                         generation->notes);
  g_ptr_array_add (self->parts, muster_scenario_command_new_field (document,
                                                                   MUSTER_SCENARIO_UMPIRE_NOTES,
                                                                   notes));
  if (generation->victory != NULL)
    g_ptr_array_add (self->parts, muster_scenario_command_new_field (document,
                                                                     MUSTER_SCENARIO_VICTORY,
                                                                     generation->victory));
  return MUSTER_COMMAND (self);
}
