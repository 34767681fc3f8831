/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-attach-command"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army.h"
#include "muster-attach-command.h"
#include "muster-battlefield-commands.h"
#include "muster-document-private.h"
#include "muster-engine-error.h"
#include "muster-generate.h"

struct _MusterAttachCommand
{
  MusterCommand   parent_instance;

  MusterDocument *document;   /* borrowed: the document's history owns this command */
  GPtrArray      *forces;     /* MusterForce */
  gboolean        owned;      /* the forces are detached and belong to this command */
  MusterCommand  *zones;      /* (nullable): zones handed to the attached sides */
  MusterCommand  *notes;      /* (nullable): the generator's notes, naming them */
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
  if (self->zones != NULL)
    muster_command_apply (self->zones);
  if (self->notes != NULL)
    muster_command_apply (self->notes);
  muster_document_emit_battlefield_changed (self->document);
}

static void
muster_attach_command_revert (MusterCommand *command)
{
  MusterAttachCommand *self = MUSTER_ATTACH_COMMAND (command);
  MusterDoc *doc = muster_document_get_doc (self->document);

  if (self->notes != NULL)
    muster_command_revert (self->notes);
  if (self->zones != NULL)
    muster_command_revert (self->zones);
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
  g_clear_object (&self->zones);
  g_clear_object (&self->notes);
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

/* Whether a force of @doc fights on @side. */
static gboolean
has_list (MusterDoc  *doc,
          const char *side)
{
  for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
    if (g_strcmp0 (muster_force_get_side (muster_doc_get_force (doc, i)), side) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
has_zone (MusterBattlefield *field,
          const char        *side)
{
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (f->kind == MUSTER_FEATURE_ZONE && g_strcmp0 (f->side, side) == 0)
        return TRUE;
    }
  return FALSE;
}

/**
 * muster_attach_command_free_sides:
 * @document: a document
 *
 * The sides that have a deployment zone on the battlefield and no list yet (a generated
 * battlefield's second side, before its list comes), in the battlefield's order.
 *
 * Returns: (transfer full): their names
 */
GStrv
muster_attach_command_free_sides (MusterDocument *document)
{
  MusterDoc *doc = muster_document_get_doc (document);
  MusterBattlefield *field = doc ? muster_doc_get_battlefield (doc) : NULL;
  g_autoptr(GStrvBuilder) sides = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();

  for (guint i = 0; field != NULL && i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (f->kind != MUSTER_FEATURE_ZONE || f->side == NULL ||
          g_ptr_array_find_with_equal_func (seen, f->side, g_str_equal, NULL) ||
          has_list (doc, f->side))
        continue;
      g_ptr_array_add (seen, f->side);
      g_strv_builder_add (sides, f->side);
    }
  return g_strv_builder_end (sides);
}

/* @name, a zone's of side @from, for side @to: a name that starts with the side's (the
 * generator's "Red deployment", "Red column on the road") follows the side. */
static char *
zone_name_for (const char *name,
               const char *from,
               const char *to)
{
  gsize len = strlen (from);

  if (name == NULL || len == 0 || strncmp (name, from, len) != 0 ||
      (name[len] != '\0' && g_unichar_isalnum (g_utf8_get_char (name + len))))
    return g_strdup (name);
  return g_strconcat (to, name + len, NULL);
}

/* A side coming in without a zone takes the zones of a side that has no list (the generator
 * deploys two sides; a battlefield generated before the second list came has that side under
 * a name of its own), so that the order of Generate and Attach does not matter. The
 * generator's notes and zone names then name the side that has the zone, in the same step. */
static void
hand_over_zones (MusterAttachCommand *self)
{
  MusterDoc *doc = muster_document_get_doc (self->document);
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  g_auto(GStrv) free_sides = muster_attach_command_free_sides (self->document);
  g_autoptr(GPtrArray) coming = g_ptr_array_new ();
  MusterFeaturesCommand *zones;
  g_autofree char *notes = NULL;
  guint next_free = 0;
  char *renamed;

  if (field == NULL)
    return;
  for (guint i = 0; i < self->forces->len; i++)
    {
      const char *side = muster_force_get_side (self->forces->pdata[i]);

      if (side != NULL && !g_ptr_array_find_with_equal_func (coming, side, g_str_equal, NULL))
        g_ptr_array_add (coming, (gpointer) side);
    }
  zones = MUSTER_FEATURES_COMMAND (muster_features_command_new (self->document,
                                                                _("Attach Army List")));
  notes = g_strdup (muster_battlefield_get_scenario (field, MUSTER_SCENARIO_UMPIRE_NOTES));
  for (guint i = 0; i < coming->len; i++)
    {
      const char *side = coming->pdata[i];
      const char *from;

      if (has_zone (field, side))
        continue;
      /* a free side that is coming in keeps its own zones */
      while (free_sides[next_free] != NULL &&
             g_ptr_array_find_with_equal_func (coming, free_sides[next_free], g_str_equal, NULL))
        next_free++;
      if ((from = free_sides[next_free]) == NULL)
        break;
      next_free++;
      /* no chain of renames: @side has no zone, so it is no free side and no later @from */
      renamed = muster_generation_rename_side (notes, from, side);
      g_free (notes);
      notes = renamed;
      for (guint k = 0; k < muster_battlefield_get_n_features (field); k++)
        {
          const MusterFeature *f = muster_battlefield_get_feature (field, k);
          g_autoptr(MusterFeature) zone = NULL;
          char *name;

          if (f->kind != MUSTER_FEATURE_ZONE || g_strcmp0 (f->side, from) != 0)
            continue;
          zone = muster_feature_copy (f);
          g_free (zone->side);
          zone->side = g_strdup (side);
          name = zone_name_for (zone->name, from, side);
          g_free (zone->name);
          zone->name = name;
          muster_features_command_replace (zones, zone);
        }
    }
  if (muster_features_command_get_n_edits (zones) > 0)
    self->zones = MUSTER_COMMAND (zones);
  else
    g_object_unref (zones);
  if (g_strcmp0 (notes, muster_battlefield_get_scenario (field, MUSTER_SCENARIO_UMPIRE_NOTES)) != 0)
    self->notes = muster_scenario_command_new_field (self->document, MUSTER_SCENARIO_UMPIRE_NOTES,
                                                     notes);
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
  return muster_attach_command_new_for_side (document, source, NULL, error);
}

/**
 * muster_attach_command_new_for_side:
 * @document: a document with a list
 * @source: another document, read from a file; its forces are taken out of it
 * @side: (nullable): the side its forces fight on; %NULL for their own (or their names)
 * @error: return location for a #GError
 *
 * As muster_attach_command_new(). A side that comes in with no deployment zone on the
 * battlefield takes, in the same step, the zones of a side that has none of the document's
 * lists (see muster_attach_command_free_sides()): the generator's zone for the second side.
 *
 * Returns: (transfer full) (nullable): the command, or %NULL as muster_attach_command_new()
 */
MusterCommand *
muster_attach_command_new_for_side (MusterDocument  *document,
                                    MusterDoc       *source,
                                    const char      *side,
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

      if (side != NULL && *side != '\0')
        g_free (muster_force_set_side (force, side));
      else if (muster_force_get_side (force) == NULL || *muster_force_get_side (force) == '\0')
        g_free (muster_force_set_side (force, muster_force_get_name (force)));
      g_ptr_array_add (self->forces, force);
    }
  hand_over_zones (self);
  return MUSTER_COMMAND (self);
}
