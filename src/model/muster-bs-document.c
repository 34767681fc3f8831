/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-document"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "muster-bs-document-private.h"
#include "muster-diagnostics.h"
#include "muster-file-io.h"
#include "muster-findings-source.h"

/*
 * Why a class of its own and not a kind of MusterDocument: that one is built around the
 * engine's MusterDoc (its ruleset, validator, battlefield and signals that carry MusterUnit
 * and MusterNode), none of which a BattleScribe roster has. What they share is used as is:
 * the file, history, saving and reading (MusterRecoverable, the class of both), the commands,
 * and the diagnostics list (the roster's findings as MusterIssues).
 */

/* The instance struct is in muster-bs-document-private.h: the edits (muster-bs-document-edits.c)
 * share it. */

enum {
  PROP_0,
  PROP_READ_ONLY,
  PROP_COSTS,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void findings_source_iface_init (MusterFindingsSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterBsDocument, muster_bs_document, MUSTER_TYPE_RECOVERABLE,
                               G_IMPLEMENT_INTERFACE (MUSTER_TYPE_FINDINGS_SOURCE,
                                                      findings_source_iface_init))

static gboolean
issue_in (MusterIssue *issue,
          GPtrArray   *issues)
{
  for (guint i = 0; issues != NULL && i < issues->len; i++)
    if (muster_issue_equal (issue, g_ptr_array_index (issues, i)))
      return TRUE;
  return FALSE;
}

/* @path's names: "Patrol › Squad › Trooper" for "f1/s3/s4", as a list's findings say where
 * they are (the ids stay the issue's path, which revealing it follows). */
static char *
names_of_path (MusterBsDocument *self,
               const char       *path)
{
  g_auto(GStrv) ids = g_strsplit (path, "/", -1);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; ids[i] != NULL; i++)
    {
      MusterBsItem *item = *ids[i] ? muster_bs_document_find_item (self, ids[i]) : NULL;

      if (item != NULL)
        g_ptr_array_add (names, (char *) muster_bs_item_get_name (item));
    }
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" › ", (char **) names->pdata);
}

/* The findings now against those shown: the rows that went and came (the holder counts). */
static void
sync_findings (MusterBsDocument *self)
{
  g_autoptr(GPtrArray) issues = self->roster ? muster_bs_roster_get_issues (self->roster) : NULL;
  g_autoptr(GPtrArray) appeared = g_ptr_array_new ();
  g_autoptr(GPtrArray) disappeared = g_ptr_array_new ();

  for (guint i = 0; issues != NULL && i < issues->len; i++)
    {
      MusterIssue *issue = g_ptr_array_index (issues, i);

      if (issue->path != NULL)
        {
          g_free (issue->location);
          issue->location = names_of_path (self, issue->path);
        }
      if (!issue_in (issue, self->issues))
        g_ptr_array_add (appeared, issue);
    }
  for (guint i = 0; self->issues != NULL && i < self->issues->len; i++)
    if (!issue_in (g_ptr_array_index (self->issues, i), issues))
      g_ptr_array_add (disappeared, g_ptr_array_index (self->issues, i));

  muster_diagnostics_apply (self->diagnostics, appeared, disappeared);
  g_clear_pointer (&self->issues, g_ptr_array_unref);
  self->issues = g_steal_pointer (&issues);
}

void
_muster_bs_document_changed (MusterBsDocument *self)
{
  _muster_bs_tree_sync (self->tree, self->roster);
  sync_findings (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COSTS]);
  _muster_recoverable_notify_title (MUSTER_RECOVERABLE (self));
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
muster_bs_document_finalize (GObject *object)
{
  MusterBsDocument *self = (MusterBsDocument *) object;

  /* The commands hold detached parts of the roster: they went before it (in dispose). */
  g_clear_pointer (&self->tree, _muster_bs_tree_free);
  g_clear_pointer (&self->issues, g_ptr_array_unref);
  g_clear_pointer (&self->roster, muster_bs_roster_free);
  g_clear_object (&self->system);
  g_clear_object (&self->diagnostics);
  muster_bs_header_clear (&self->missing);
  g_clear_pointer (&self->outline, muster_bs_outline_free);

  G_OBJECT_CLASS (muster_bs_document_parent_class)->finalize (object);
}

static void
muster_bs_document_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MusterBsDocument *self = MUSTER_BS_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_READ_ONLY:
      g_value_set_boolean (value, self->read_only);
      break;

    case PROP_COSTS:
      g_value_take_string (value, muster_bs_document_dup_costs_text (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* MusterRecoverable: what MusterAutosave keeps a copy of, and what a save writes */

static const char *
get_name (MusterRecoverable *recoverable)
{
  MusterBsDocument *self = MUSTER_BS_DOCUMENT (recoverable);

  if (self->roster != NULL)
    return muster_bs_roster_get_name (self->roster);
  return self->read_only ? self->missing.name : NULL;
}

/* A .rosz when @file's name ends so. The recovery copy (@file NULL) is always a plain .ros,
 * whatever the file is: it is read back by this code only. */
static GBytes *
to_bytes (MusterRecoverable  *recoverable,
          GFile              *file,
          GError            **error)
{
  g_autofree char *name = file != NULL ? g_file_get_basename (file) : NULL;

  return muster_bs_document_to_bytes (MUSTER_BS_DOCUMENT (recoverable),
                                      name != NULL && g_str_has_suffix (name, ".rosz"), error);
}

static gboolean
load_bytes (MusterRecoverable  *recoverable,
            gpointer            library,
            GBytes             *bytes,
            const char         *display_name,
            GFile              *file,
            GError            **error)
{
  return muster_bs_document_load_bytes (MUSTER_BS_DOCUMENT (recoverable), library, bytes,
                                        display_name, file, error);
}

/* The file now has the data's revisions and not what was left out: no more warnings about it,
 * and no mismatch to show (saved over the same file, nothing else notifies). */
static void
saved (MusterRecoverable *recoverable)
{
  MusterBsDocument *self = MUSTER_BS_DOCUMENT (recoverable);
  gboolean was_current = self->revision_saved;

  self->revision_saved = TRUE;
  if (self->roster != NULL && muster_bs_roster_get_gone (self->roster)->len > 0)
    {
      muster_bs_roster_forget_gone (self->roster);
      sync_findings (self);
    }
  if (!was_current)
    g_signal_emit (self, signals[CHANGED], 0);
}

static void
muster_bs_document_class_init (MusterBsDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  MusterRecoverableClass *recoverable_class = MUSTER_RECOVERABLE_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = muster_bs_document_finalize;
  object_class->get_property = muster_bs_document_get_property;
  recoverable_class->recovery_suffix = ".ros";
  recoverable_class->get_name = get_name;
  recoverable_class->to_bytes = to_bytes;
  recoverable_class->load_bytes = load_bytes;
  recoverable_class->saved = saved;

  /**
   * MusterBsDocument:read-only:
   *
   * Whether the roster's game data is missing: it is shown as its file has it, and neither
   * edited nor saved.
   */
  properties[PROP_READ_ONLY] = g_param_spec_boolean ("read-only", NULL, NULL, FALSE, flags);
  /**
   * MusterBsDocument:costs:
   *
   * The roster's costs against their limits, as muster_bs_document_dup_costs_text() says them.
   */
  properties[PROP_COSTS] = g_param_spec_string ("costs", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterBsDocument::changed:
   *
   * Emitted after every edit, undo and redo, and when another roster was loaded; the tree's
   * lists and the findings are current by then.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
muster_bs_document_init (MusterBsDocument *self)
{
  self->diagnostics = muster_diagnostics_new ();
  self->tree = _muster_bs_tree_new (self);
}

/* MusterFindingsSource: what the validation panel shows */

static MusterDiagnostics *
findings_source_get_findings (MusterFindingsSource *source)
{
  return MUSTER_BS_DOCUMENT (source)->diagnostics;
}

static const char *
findings_source_get_whole_name (MusterFindingsSource *source)
{
  return _("The whole roster");
}

static void
findings_source_iface_init (MusterFindingsSourceInterface *iface)
{
  iface->get_findings = findings_source_get_findings;
  iface->get_whole_name = findings_source_get_whole_name;
}

MusterBsDocument *
muster_bs_document_new (void)
{
  return g_object_new (MUSTER_TYPE_BS_DOCUMENT, NULL);
}

/* Takes @roster (nullable: read-only) and refs @system. */
static void
replace_roster (MusterBsDocument *self,
                MusterBsSystem   *system,
                MusterBsRoster   *roster,
                GFile            *file)
{
  gboolean was_read_only = self->read_only;

  /* The commands and the rows point into the old roster: they go first. */
  _muster_recoverable_replacing (MUSTER_RECOVERABLE (self));
  _muster_bs_tree_reset (self->tree);
  g_clear_pointer (&self->roster, muster_bs_roster_free);
  g_set_object (&self->system, system);
  self->roster = roster;
  self->read_only = roster == NULL;
  self->revision_saved = FALSE;
  if (roster != NULL)
    {
      muster_bs_header_clear (&self->missing);
      g_clear_pointer (&self->outline, muster_bs_outline_free);
    }
  _muster_recoverable_replaced (MUSTER_RECOVERABLE (self), file);
  if (was_read_only != self->read_only)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READ_ONLY]);
  _muster_bs_document_changed (self);
}

/**
 * muster_bs_document_start:
 * @system: a game system whose data loaded
 * @name: the roster's name
 *
 * Replaces the document by a new, empty roster that has never been saved.
 */
void
muster_bs_document_start (MusterBsDocument *self,
                          MusterBsSystem   *system,
                          const char       *name)
{
  g_return_if_fail (MUSTER_IS_BS_DOCUMENT (self));
  g_return_if_fail (MUSTER_IS_BS_SYSTEM (system));
  g_return_if_fail (muster_bs_system_get_data (system) != NULL);

  replace_roster (self, system,
                  muster_bs_roster_new (muster_bs_system_get_data (system), name), NULL);
}

/**
 * muster_bs_document_start_with_force:
 * @catalogue_id: (nullable): the first force's catalogue
 * @cost_limits: (nullable) (element-type MusterBsCost): limits by cost type (< 0: none)
 *
 * A new roster as New List makes it: with its limits and first force (and what that force
 * requires) from the start, not as steps to undo.
 *
 * Returns: whether the force could be added (when not, the roster is empty)
 */
gboolean
muster_bs_document_start_with_force (MusterBsDocument  *self,
                                     MusterBsSystem    *system,
                                     const char        *name,
                                     const char        *force_entry_id,
                                     const char        *catalogue_id,
                                     GArray            *cost_limits,
                                     GError           **error)
{
  MusterBsRoster *roster;
  gboolean ok;

  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (MUSTER_IS_BS_SYSTEM (system), FALSE);
  g_return_val_if_fail (muster_bs_system_get_data (system) != NULL, FALSE);
  g_return_val_if_fail (force_entry_id != NULL, FALSE);

  roster = muster_bs_roster_new (muster_bs_system_get_data (system), name);
  for (guint i = 0; cost_limits != NULL && i < cost_limits->len; i++)
    muster_bs_roster_set_cost_limit (roster, g_array_index (cost_limits, MusterBsCost, i).type_id,
                                     g_array_index (cost_limits, MusterBsCost, i).value);
  ok = muster_bs_roster_add_force (roster, NULL, force_entry_id, catalogue_id, NULL, error) != NULL;
  replace_roster (self, system, roster, NULL);
  return ok;
}

/**
 * muster_bs_document_load_bytes:
 * @library: (nullable): where the roster's game system is looked for
 *
 * Reads a .ros or .rosz. When its game system is not in @library, the document is
 * read-only and names what it needs; that is not an error.
 *
 * Returns: whether @bytes were a roster (of data that is there, or not)
 */
gboolean
muster_bs_document_load_bytes (MusterBsDocument  *self,
                               MusterBsLibrary   *library,
                               GBytes            *bytes,
                               const char        *display_name,
                               GFile             *file,
                               GError           **error)
{
  g_auto(MusterBsHeader) header = { 0 };
  MusterBsSystem *system;
  MusterBsRoster *roster;

  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (library == NULL || MUSTER_IS_BS_LIBRARY (library), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  if (!muster_bs_header_read (&header, display_name, bytes, error))
    return FALSE;
  if (g_strcmp0 (header.element, "roster") != 0)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s: this is BattleScribe game data (a %s), not a roster"),
                   display_name, header.element);
      return FALSE;
    }
  system = library ? muster_bs_library_lookup (library, header.game_system_id) : NULL;
  if (system == NULL)
    {
      muster_bs_header_clear (&self->missing);
      self->missing = header;
      memset (&header, 0, sizeof header);
      /* Its root read; a file whose body is broken has no outline, and shows that. */
      g_clear_pointer (&self->outline, muster_bs_outline_free);
      self->outline = muster_bs_outline_read (bytes, display_name, NULL);
      replace_roster (self, NULL, NULL, file);
      return TRUE;
    }
  roster = muster_bs_roster_load (muster_bs_system_get_data (system), display_name, bytes, error);
  if (roster == NULL)
    return FALSE;
  replace_roster (self, system, roster, file);
  return TRUE;
}

/**
 * muster_bs_document_restore:
 * @library: where the roster's game system is looked for
 * @bytes: a roster, as a recovery file kept it
 * @origin: (nullable): where the roster was last saved, if it ever was
 *
 * Replaces the document by @bytes, modified: what was restored is not what @origin holds,
 * and saving writes it there. Unlike opening, a roster whose game data is missing is an
 * error and leaves the document as it was: shown read-only it could not be saved, and the
 * recovery copy is better kept for when the data is back.
 *
 * Returns: whether @bytes were restored
 */
gboolean
muster_bs_document_restore (MusterBsDocument  *self,
                            MusterBsLibrary   *library,
                            GBytes            *bytes,
                            const char        *display_name,
                            GFile             *origin,
                            GError           **error)
{
  g_auto(MusterBsHeader) header = { 0 };

  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (library == NULL || MUSTER_IS_BS_LIBRARY (library), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (origin == NULL || G_IS_FILE (origin), FALSE);

  if (!muster_bs_header_read (&header, display_name, bytes, error))
    return FALSE;
  if (library == NULL || header.game_system_id == NULL ||
      muster_bs_library_lookup (library, header.game_system_id) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("%s: the game data of %s is not in the game data folders"), display_name,
                   header.game_system_name ? header.game_system_name : header.game_system_id);
      return FALSE;
    }
  if (!muster_bs_document_load_bytes (self, library, bytes, display_name, origin, error))
    return FALSE;
  muster_history_mark_unsaved (muster_bs_document_get_history (self));
  return TRUE;
}

/* Loading and saving */

/**
 * muster_bs_document_load_async:
 * @library: (nullable): where the roster's game system is looked for
 *
 * Reads @file on a worker thread and loads it as muster_bs_document_load_bytes() does.
 */
void
muster_bs_document_load_async (MusterBsDocument    *self,
                               MusterBsLibrary     *library,
                               GFile               *file,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_return_if_fail (MUSTER_IS_BS_DOCUMENT (self));
  _muster_recoverable_load_async (MUSTER_RECOVERABLE (self), file,
                                  library != NULL ? g_object_ref (library) : NULL,
                                  library != NULL ? g_object_unref : NULL,
                                  cancellable, callback, user_data);
}

gboolean
muster_bs_document_load_finish (MusterBsDocument  *self,
                                GAsyncResult      *result,
                                GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), FALSE);
  return muster_recoverable_load_finish (MUSTER_RECOVERABLE (self), result, error);
}

/* Returns: (transfer full): the roster as a .ros (or a .rosz when @zipped) */
GBytes *
muster_bs_document_to_bytes (MusterBsDocument  *self,
                             gboolean           zipped,
                             GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);

  if (self->roster == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY,
                   _("The roster's game data is missing: it cannot be saved"));
      return NULL;
    }
  return muster_bs_roster_save (self->roster, zipped, error);
}

/**
 * muster_bs_document_save_async:
 *
 * Writes the roster to @file through a temporary file renamed over it (a .rosz when the
 * name ends so, else a .ros).
 */
void
muster_bs_document_save_async (MusterBsDocument    *self,
                               GFile               *file,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_return_if_fail (MUSTER_IS_BS_DOCUMENT (self));
  muster_recoverable_save_async (MUSTER_RECOVERABLE (self), file, cancellable, callback,
                                 user_data);
}

gboolean
muster_bs_document_save_finish (MusterBsDocument  *self,
                                GAsyncResult      *result,
                                GError           **error)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), FALSE);
  return muster_recoverable_save_finish (MUSTER_RECOVERABLE (self), result, error);
}

/* Getters */

/* Returns: (transfer none) (nullable): the roster; NULL while read-only or empty */
MusterBsRoster *
muster_bs_document_get_roster (MusterBsDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);
  return self->roster;
}

/* Returns: (transfer none) (nullable): the game system the roster is built on */
MusterBsSystem *
muster_bs_document_get_system (MusterBsDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);
  return self->system;
}

MusterHistory *
muster_bs_document_get_history (MusterBsDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);
  return muster_recoverable_get_history (MUSTER_RECOVERABLE (self));
}

GFile *
muster_bs_document_get_file (MusterBsDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);
  return muster_recoverable_get_file (MUSTER_RECOVERABLE (self));
}

/* Returns: (transfer full): the roster's name, else (read-only) the name its file records,
 * else its file's name, else "Untitled" */
char *
muster_bs_document_dup_title (MusterBsDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);
  return muster_recoverable_dup_title (MUSTER_RECOVERABLE (self));
}

gboolean
muster_bs_document_get_modified (MusterBsDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), FALSE);
  return muster_recoverable_get_modified (MUSTER_RECOVERABLE (self));
}

gboolean
muster_bs_document_get_read_only (MusterBsDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), FALSE);
  return self->read_only;
}

/* Returns: (transfer full) (nullable): the game system and revision a read-only roster needs */
char *
muster_bs_document_dup_missing (MusterBsDocument *self)
{
  const char *name;

  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);

  if (!self->read_only)
    return NULL;
  name = self->missing.game_system_name ? self->missing.game_system_name
       : self->missing.game_system_id ? self->missing.game_system_id : _("an unnamed game system");
  if (self->missing.game_system_revision > 0)
    /* Translators: a game system's name and the revision of its data */
    return g_strdup_printf (_("%s, revision %d"), name, self->missing.game_system_revision);
  return g_strdup (name);
}

/**
 * muster_bs_document_dup_mismatch:
 *
 * Returns: (transfer full) (nullable): for a roster read from a file saved with another
 *   revision of its game system or of a catalogue, until it is saved again: each one's two
 *   revisions, and what the file had that the data no longer has (left out)
 */
char *
muster_bs_document_dup_mismatch (MusterBsDocument *self)
{
  GArray *changes;
  GPtrArray *gone;
  GString *text;

  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);

  if (self->roster == NULL || self->revision_saved)
    return NULL;
  changes = muster_bs_roster_get_revision_changes (self->roster);
  if (changes->len == 0)
    return NULL;
  text = g_string_new (NULL);
  for (guint i = 0; i < changes->len; i++)
    {
      const MusterBsRevisionChange *change = &g_array_index (changes, MusterBsRevisionChange, i);

      if (i > 0)
        g_string_append_c (text, ' ');
      /* Translators: the revisions of a game system's or catalogue's data a roster was
       * saved with and read with */
      g_string_append_printf (text, _("This roster was saved with revision %d of %s; the game "
                                      "data is revision %d."), change->saved, change->name,
                              change->loaded);
    }
  gone = muster_bs_roster_get_gone (self->roster);
  if (gone->len == 0)
    g_string_append_printf (text, " %s", _("Everything in it is still in the data."));
  else
    {
      GString *list = g_string_new (NULL);

      for (guint i = 0; i < gone->len; i++)
        g_string_append_printf (list, "%s%s", i ? ", " : "", (char *) gone->pdata[i]);
      g_string_append_c (text, ' ');
      /* Translators: %s lists selections and forces, "Old Squad (e-old), Banner (e-banner)" */
      g_string_append_printf (text, _("No longer in the data, so left out: %s."), list->str);
      g_string_free (list, TRUE);
    }
  return g_string_free (text, FALSE);
}

/* Returns: (transfer none) (nullable): what the file of a read-only roster records, %NULL
 * when it is editable or its file could not be read past its root */
const MusterBsOutline *
muster_bs_document_get_outline (MusterBsDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);
  return self->read_only ? self->outline : NULL;
}

/* Returns: (transfer none): a #GListModel of #MusterBsItem, the roster's forces */
GListModel *
muster_bs_document_get_forces (MusterBsDocument *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);
  return _muster_bs_tree_get_forces (self->tree);
}

char *
muster_bs_document_dup_costs_text (MusterBsDocument *self)
{
  GString *text = g_string_new (NULL);
  GArray *costs, *limits;

  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);

  if (self->roster == NULL)
    return g_string_free (text, FALSE);
  costs = muster_bs_roster_get_costs (self->roster);
  limits = muster_bs_roster_get_cost_limits (self->roster);
  for (guint i = 0; i < costs->len; i++)
    {
      const MusterBsCost *cost = &g_array_index (costs, MusterBsCost, i);
      double limit = -1;

      for (guint k = 0; k < limits->len; k++)
        if (g_strcmp0 (g_array_index (limits, MusterBsCost, k).type_id, cost->type_id) == 0)
          limit = g_array_index (limits, MusterBsCost, k).value;
      if (cost->value == 0 && limit < 0)
        continue;
      if (text->len > 0)
        g_string_append (text, " · ");
      if (limit >= 0)
        g_string_append_printf (text, "%g / %g %s", cost->value, limit, cost->name);
      else
        g_string_append_printf (text, "%g %s", cost->value, cost->name);
    }
  return g_string_free (text, FALSE);
}

/* Returns: (transfer none) (nullable): the tree row of a force or selection */
MusterBsItem *
muster_bs_document_find_item (MusterBsDocument *self,
                              const char       *instance_id)
{
  g_return_val_if_fail (MUSTER_IS_BS_DOCUMENT (self), NULL);
  g_return_val_if_fail (instance_id != NULL, NULL);

  if (self->roster == NULL)
    return NULL;
  return _muster_bs_tree_find (self->tree, self->roster, instance_id);
}
