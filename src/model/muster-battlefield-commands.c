/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-battlefield-commands"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-battlefield-commands.h"

static MusterBattlefield *
get_battlefield (MusterDocument *document)
{
  return muster_doc_get_battlefield (muster_document_get_doc (document));
}

/* Features: a list of edits, each a value before (NULL: inserted) and after (NULL: removed).
 * Applied in order and reverted in reverse, so one drag of five pieces is one undo step. */

typedef struct
{
  MusterFeature *before;
  MusterFeature *after;
  int            index;    /* where a removed feature stood */
  MusterFeature *held;     /* a removed feature with its element, while it is out */
} Edit;

struct _MusterFeaturesCommand
{
  MusterCommand   parent_instance;

  MusterDocument *document;
  GArray         *edits;   /* Edit */
};

G_DEFINE_FINAL_TYPE (MusterFeaturesCommand, muster_features_command, MUSTER_TYPE_COMMAND)

static void
edit_clear (gpointer data)
{
  Edit *edit = data;

  g_clear_pointer (&edit->before, muster_feature_free);
  g_clear_pointer (&edit->after, muster_feature_free);
  g_clear_pointer (&edit->held, muster_feature_free);
}

/* Moves @from's way: out when @to is NULL, in when @from is NULL, else replaced. */
static void
edit_run (Edit              *edit,
          MusterBattlefield *field,
          gboolean           forward)
{
  MusterFeature *from = forward ? edit->before : edit->after;
  MusterFeature *to = forward ? edit->after : edit->before;

  if (to == NULL)
    {
      g_clear_pointer (&edit->held, muster_feature_free);
      edit->held = muster_battlefield_remove (field, from->id, &edit->index);
    }
  else if (from == NULL)
    {
      MusterFeature *feature = edit->held ? g_steal_pointer (&edit->held)
                                          : muster_feature_copy (to);

      muster_battlefield_insert (field, edit->index, feature);
      /* the id it got is the one to remove again */
      g_free (to->id);
      to->id = g_strdup (feature->id);
    }
  else
    muster_feature_free (muster_battlefield_replace (field, to));
}

static void
muster_features_command_apply (MusterCommand *command)
{
  MusterFeaturesCommand *self = MUSTER_FEATURES_COMMAND (command);
  MusterBattlefield *field = get_battlefield (self->document);

  for (guint i = 0; i < self->edits->len; i++)
    edit_run (&g_array_index (self->edits, Edit, i), field, TRUE);
  muster_document_emit_battlefield_changed (self->document);
}

static void
muster_features_command_revert (MusterCommand *command)
{
  MusterFeaturesCommand *self = MUSTER_FEATURES_COMMAND (command);
  MusterBattlefield *field = get_battlefield (self->document);

  for (guint i = self->edits->len; i-- > 0;)
    edit_run (&g_array_index (self->edits, Edit, i), field, FALSE);
  muster_document_emit_battlefield_changed (self->document);
}

static void
muster_features_command_finalize (GObject *object)
{
  MusterFeaturesCommand *self = MUSTER_FEATURES_COMMAND (object);

  g_clear_object (&self->document);
  g_array_unref (self->edits);
  G_OBJECT_CLASS (muster_features_command_parent_class)->finalize (object);
}

static void
muster_features_command_class_init (MusterFeaturesCommandClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_features_command_finalize;
  MUSTER_COMMAND_CLASS (klass)->apply = muster_features_command_apply;
  MUSTER_COMMAND_CLASS (klass)->revert = muster_features_command_revert;
}

static void
muster_features_command_init (MusterFeaturesCommand *self)
{
  self->edits = g_array_new (FALSE, TRUE, sizeof (Edit));
  g_array_set_clear_func (self->edits, edit_clear);
}

/**
 * muster_features_command_new:
 * @document: a document with a battlefield
 * @label: what undo says ("Move", "Add Wood")
 *
 * An empty command: add its edits, then push it on the history, which applies them.
 */
MusterCommand *
muster_features_command_new (MusterDocument *document,
                             const char     *label)
{
  MusterFeaturesCommand *self;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (get_battlefield (document) != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_FEATURES_COMMAND, "label", label, NULL);
  self->document = g_object_ref (document);
  return MUSTER_COMMAND (self);
}

void
muster_features_command_insert (MusterFeaturesCommand *self,
                                const MusterFeature   *feature)
{
  Edit edit = { NULL, muster_feature_copy (feature), -1, NULL };

  g_array_append_val (self->edits, edit);
}

void
muster_features_command_remove (MusterFeaturesCommand *self,
                                const char            *id)
{
  const MusterFeature *feature = muster_battlefield_lookup (get_battlefield (self->document), id);
  Edit edit = { NULL, NULL, -1, NULL };

  g_return_if_fail (feature != NULL);
  edit.before = muster_feature_copy (feature);
  g_array_append_val (self->edits, edit);
}

/* @feature: the new value of a feature on the battlefield now */
void
muster_features_command_replace (MusterFeaturesCommand *self,
                                 const MusterFeature   *feature)
{
  const MusterFeature *now = muster_battlefield_lookup (get_battlefield (self->document),
                                                        feature->id);
  Edit edit = { NULL, NULL, -1, NULL };

  g_return_if_fail (now != NULL);
  edit.before = muster_feature_copy (now);
  edit.after = muster_feature_copy (feature);
  g_array_append_val (self->edits, edit);
}

guint
muster_features_command_get_n_edits (MusterFeaturesCommand *self)
{
  return self->edits->len;
}

/* Returns: (nullable): the id edit @index inserted, once applied */
const char *
muster_features_command_get_inserted_id (MusterFeaturesCommand *self,
                                         guint                  index)
{
  Edit *edit;

  g_return_val_if_fail (index < self->edits->len, NULL);
  edit = &g_array_index (self->edits, Edit, index);
  return edit->before == NULL && edit->after ? edit->after->id : NULL;
}

/* The whole battlefield: made (New Battlefield…) or taken away. */

struct _MusterSetBattlefieldCommand
{
  MusterCommand      parent_instance;

  MusterDocument    *document;
  MusterBattlefield *held;   /* the one not in the document */
};

G_DEFINE_FINAL_TYPE (MusterSetBattlefieldCommand, muster_set_battlefield_command,
                     MUSTER_TYPE_COMMAND)

static void
swap_battlefield (MusterCommand *command)
{
  MusterSetBattlefieldCommand *self = MUSTER_SET_BATTLEFIELD_COMMAND (command);

  self->held = muster_doc_set_battlefield (muster_document_get_doc (self->document),
                                           g_steal_pointer (&self->held));
  muster_document_emit_battlefield_changed (self->document);
}

static void
muster_set_battlefield_command_finalize (GObject *object)
{
  MusterSetBattlefieldCommand *self = MUSTER_SET_BATTLEFIELD_COMMAND (object);

  g_clear_object (&self->document);
  g_clear_pointer (&self->held, muster_battlefield_free);
  G_OBJECT_CLASS (muster_set_battlefield_command_parent_class)->finalize (object);
}

static void
muster_set_battlefield_command_class_init (MusterSetBattlefieldCommandClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_set_battlefield_command_finalize;
  MUSTER_COMMAND_CLASS (klass)->apply = swap_battlefield;
  MUSTER_COMMAND_CLASS (klass)->revert = swap_battlefield;
}

static void
muster_set_battlefield_command_init (MusterSetBattlefieldCommand *self)
{
}

/* @battlefield: (transfer full) (nullable): the new battlefield, or %NULL to remove it */
MusterCommand *
muster_set_battlefield_command_new (MusterDocument    *document,
                                    MusterBattlefield *battlefield)
{
  MusterSetBattlefieldCommand *self;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (muster_document_get_doc (document) != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_SET_BATTLEFIELD_COMMAND,
                       "label", battlefield ? _("New Battlefield") : _("Remove Battlefield"),
                       NULL);
  self->document = g_object_ref (document);
  self->held = battlefield;
  return MUSTER_COMMAND (self);
}

/* The scenario sheet: one text field, one side's briefing, or the turn limit. Typing in one
 * field is one undo step. */

struct _MusterScenarioCommand
{
  MusterCommand   parent_instance;

  MusterDocument *document;
  int             field;   /* a MusterScenarioField, -1 for a briefing, -2 for turns */
  char           *side;
  char           *old_text;
  char           *new_text;
  int             old_turns, new_turns;
};

G_DEFINE_FINAL_TYPE (MusterScenarioCommand, muster_scenario_command, MUSTER_TYPE_COMMAND)

static void
scenario_set (MusterScenarioCommand *self,
              const char            *text,
              int                    turns,
              gboolean               remember)
{
  MusterBattlefield *field = get_battlefield (self->document);
  char *old = NULL;

  if (self->field == -2)
    {
      if (remember)
        self->old_turns = muster_battlefield_get_turn_limit (field);
      muster_battlefield_set_turn_limit (field, turns);
    }
  else if (self->field == -1)
    old = muster_battlefield_set_briefing (field, self->side, text);
  else
    old = muster_battlefield_set_scenario (field, self->field, text);
  if (remember)
    {
      g_free (self->old_text);
      self->old_text = old;
    }
  else
    g_free (old);
  muster_document_emit_battlefield_changed (self->document);
}

static void
muster_scenario_command_apply (MusterCommand *command)
{
  MusterScenarioCommand *self = MUSTER_SCENARIO_COMMAND (command);

  scenario_set (self, self->new_text, self->new_turns, TRUE);
}

static void
muster_scenario_command_revert (MusterCommand *command)
{
  MusterScenarioCommand *self = MUSTER_SCENARIO_COMMAND (command);

  scenario_set (self, self->old_text, self->old_turns, FALSE);
}

static gboolean
muster_scenario_command_merge (MusterCommand *command,
                               MusterCommand *next_command)
{
  MusterScenarioCommand *self = MUSTER_SCENARIO_COMMAND (command);
  MusterScenarioCommand *next = MUSTER_SCENARIO_COMMAND (next_command);

  if (self->document != next->document || self->field != next->field ||
      g_strcmp0 (self->side, next->side) != 0)
    return FALSE;
  g_free (self->new_text);
  self->new_text = g_strdup (next->new_text);
  self->new_turns = next->new_turns;
  return TRUE;
}

static void
muster_scenario_command_finalize (GObject *object)
{
  MusterScenarioCommand *self = MUSTER_SCENARIO_COMMAND (object);

  g_clear_object (&self->document);
  g_free (self->side);
  g_free (self->old_text);
  g_free (self->new_text);
  G_OBJECT_CLASS (muster_scenario_command_parent_class)->finalize (object);
}

static void
muster_scenario_command_class_init (MusterScenarioCommandClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_scenario_command_finalize;
  MUSTER_COMMAND_CLASS (klass)->apply = muster_scenario_command_apply;
  MUSTER_COMMAND_CLASS (klass)->revert = muster_scenario_command_revert;
  MUSTER_COMMAND_CLASS (klass)->merge = muster_scenario_command_merge;
}

static void
muster_scenario_command_init (MusterScenarioCommand *self)
{
}

static MusterScenarioCommand *
scenario_command_new (MusterDocument *document,
                      int             field,
                      const char     *text)
{
  MusterScenarioCommand *self;

  g_return_val_if_fail (MUSTER_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (get_battlefield (document) != NULL, NULL);

  self = g_object_new (MUSTER_TYPE_SCENARIO_COMMAND, "label", _("Edit Scenario"), NULL);
  self->document = g_object_ref (document);
  self->field = field;
  self->new_text = g_strdup (text ? text : "");
  return self;
}

MusterCommand *
muster_scenario_command_new_field (MusterDocument      *document,
                                   MusterScenarioField  field,
                                   const char          *text)
{
  return MUSTER_COMMAND (scenario_command_new (document, field, text));
}

MusterCommand *
muster_scenario_command_new_briefing (MusterDocument *document,
                                      const char     *side,
                                      const char     *text)
{
  MusterScenarioCommand *self = scenario_command_new (document, -1, text);

  self->side = g_strdup (side);
  return MUSTER_COMMAND (self);
}

MusterCommand *
muster_scenario_command_new_turns (MusterDocument *document,
                                   int             turns)
{
  MusterScenarioCommand *self = scenario_command_new (document, -2, NULL);

  self->new_turns = MAX (turns, 0);
  return MUSTER_COMMAND (self);
}
