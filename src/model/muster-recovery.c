/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-recovery"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "muster-bs-header.h"
#include "muster-doc.h"
#include "muster-recovery.h"

/*
 * Recovery files: while a list has unsaved changes, a copy of its XML is kept in
 * $XDG_STATE_HOME/muster/recovery/<random>.muster (see MusterAutosave). A clean close removes
 * it, so any file found there at start-up is from a session that crashed.
 *
 * A recovery file is the document's XML exactly as a save would write it, with one processing
 * instruction on the line after the XML declaration naming where the list was last saved:
 *
 *   <?xml version="1.0" encoding="UTF-8"?>
 *   <?muster-recovery origin="file:///home/ann/lists/cohort.muster"?>
 *   <muster format="1">…
 *
 * Reading blanks that line out (keeping the line count, so errors name the right line) before
 * the engine parses the rest, so the instruction never reaches a saved document.
 *
 * A BattleScribe roster's copy is its .ros XML, the same instruction in it, named
 * <random>.ros: the suffix says which kind of window restores it.
 */

#define PI_START "<?muster-recovery"
#define SUFFIX ".muster"
#define ROSTER_SUFFIX ".ros"
#define BROKEN_SUFFIX ".broken"

struct _MusterRecoveryEntry
{
  GObject    parent_instance;

  GFile     *file;
  GFile     *origin;
  char      *title;
  GDateTime *modified;
  GBytes    *bytes;
  gboolean   roster;
};

G_DEFINE_FINAL_TYPE (MusterRecoveryEntry, muster_recovery_entry, G_TYPE_OBJECT)

static void
muster_recovery_entry_finalize (GObject *object)
{
  MusterRecoveryEntry *self = MUSTER_RECOVERY_ENTRY (object);

  g_clear_object (&self->file);
  g_clear_object (&self->origin);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->modified, g_date_time_unref);
  g_clear_pointer (&self->bytes, g_bytes_unref);

  G_OBJECT_CLASS (muster_recovery_entry_parent_class)->finalize (object);
}

static void
muster_recovery_entry_class_init (MusterRecoveryEntryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_recovery_entry_finalize;
}

static void
muster_recovery_entry_init (MusterRecoveryEntry *self)
{
}

/* Returns: (transfer full): $XDG_STATE_HOME/muster/recovery */
GFile *
muster_recovery_get_default_dir (void)
{
  g_autofree char *path = g_build_filename (g_get_user_state_dir (), "muster", "recovery", NULL);

  return g_file_new_for_path (path);
}

/* Returns: (transfer full): a new recovery file's name in @dir, not yet written */
GFile *
muster_recovery_new_file (GFile *dir)
{
  return muster_recovery_new_file_with_suffix (dir, SUFFIX);
}

/**
 * muster_recovery_new_file_with_suffix:
 * @suffix: ".muster" for a list, ".ros" for a BattleScribe roster
 *
 * Returns: (transfer full): a new recovery file's name in @dir, not yet written
 */
GFile *
muster_recovery_new_file_with_suffix (GFile      *dir,
                                      const char *suffix)
{
  g_autofree char *uuid = g_uuid_string_random ();
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (dir), NULL);
  g_return_val_if_fail (g_strcmp0 (suffix, SUFFIX) == 0 || g_strcmp0 (suffix, ROSTER_SUFFIX) == 0,
                        NULL);
  name = g_strconcat (uuid, suffix, NULL);
  return g_file_get_child (dir, name);
}

/* Returns: (transfer full): @xml with the origin instruction after its declaration */
static GBytes *
encode (GBytes *xml,
        GFile  *origin)
{
  gsize size;
  const char *data = g_bytes_get_data (xml, &size);
  const char *eol = memchr (data, '\n', size);
  g_autofree char *uri = NULL;
  g_autofree char *escaped = NULL;
  GString *out;

  if (origin == NULL || eol == NULL || !g_str_has_prefix (data, "<?xml"))
    return g_bytes_ref (xml);

  uri = g_file_get_uri (origin);
  /* Percent-encode what XML would need escaped (&, ', ", <, >): the value then reads back as
   * it stands and names the same file. */
  escaped = g_uri_escape_string (uri, "!$()*+,;=:@/%~?#[]", FALSE);
  out = g_string_sized_new (size + strlen (escaped) + 64);
  g_string_append_len (out, data, eol + 1 - data);
  g_string_append_printf (out, PI_START " origin=\"%s\"?>", escaped);
  g_string_append_len (out, eol, size - (eol - data));
  return g_string_free_to_bytes (out);
}

/* Undoes encode(): returns the plain XML, and the origin in @origin (NULL if none). */
static GBytes *
decode (GBytes  *bytes,
        GFile  **origin)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  const char *eol = data != NULL ? memchr (data, '\n', size) : NULL;
  const char *line, *line_end, *value, *value_end;
  g_autofree char *uri = NULL;
  GString *out;

  *origin = NULL;
  if (eol == NULL)
    return g_bytes_ref (bytes);
  line = eol + 1;
  line_end = memchr (line, '\n', size - (line - data));
  if (line_end == NULL || (gsize) (line_end - line) < strlen (PI_START) ||
      strncmp (line, PI_START, strlen (PI_START)) != 0)
    return g_bytes_ref (bytes);

  value = g_strstr_len (line, line_end - line, "origin=\"");
  if (value != NULL)
    {
      value += strlen ("origin=\"");
      value_end = memchr (value, '"', line_end - value);
      if (value_end != NULL)
        {
          uri = g_strndup (value, value_end - value);
          if (g_uri_is_valid (uri, G_URI_FLAGS_NONE, NULL))
            *origin = g_file_new_for_uri (uri);
        }
    }

  /* Blank the line out, keeping its newline, so later line numbers stay right. */
  out = g_string_sized_new (size);
  g_string_append_len (out, data, line - data);
  g_string_append_len (out, line_end, size - (line_end - data));
  return g_string_free_to_bytes (out);
}

/**
 * muster_recovery_write:
 * @file: the recovery file, e.g. from muster_recovery_new_file()
 * @xml: the document's XML
 * @origin: (nullable): where the document was last saved
 *
 * Writes @file through a temporary file renamed over it, so that a crash while writing leaves
 * the previous copy, never half of one. Creates the folder if needed. Blocks: call it from a
 * thread (MusterAutosave does).
 *
 * Returns: whether @file was written
 */
gboolean
muster_recovery_write (GFile   *file,
                       GBytes  *xml,
                       GFile   *origin,
                       GError **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  gsize size;
  const char *data;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (xml != NULL, FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Recovery files must be local files"));
      return FALSE;
    }
  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create the folder %s: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  bytes = encode (xml, origin);
  data = g_bytes_get_data (bytes, &size);
  /* CONSISTENT: a temporary file, fsync, then rename; 0600 because lists may be private. */
  return g_file_set_contents_full (path, data, size, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

static GDateTime *
query_modified (GFile *file)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);
  GDateTime *modified = info != NULL ? g_file_info_get_modification_date_time (info) : NULL;

  return modified != NULL ? modified : g_date_time_new_now_local ();
}

/* Returns: (transfer full) (nullable): the list's or roster's title ("" if none), or NULL
 * with @error set when @bytes are not one. A roster is only read as far as its root element:
 * its game data may not be loaded yet, and restoring reads the rest. */
static char *
read_title (GBytes      *bytes,
            const char  *name,
            gboolean     roster,
            GError     **error)
{
  MusterDoc *doc;
  char *title;

  if (roster)
    {
      g_auto(MusterBsHeader) header = { 0 };

      if (!muster_bs_header_read (&header, name, bytes, error))
        return NULL;
      if (g_strcmp0 (header.element, "roster") != 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("%s: not a BattleScribe roster"), name);
          return NULL;
        }
      return g_strdup (header.name ? header.name : "");
    }
  if (!(doc = muster_doc_new_from_bytes (bytes, name, error)))
    return NULL;
  title = g_strdup (muster_doc_get_title (doc));
  muster_doc_free (doc);
  return title;
}

/* Returns: (transfer full) (nullable): the entry for @file, or NULL with @error set */
static MusterRecoveryEntry *
read_entry (GFile   *file,
            GError **error)
{
  g_autoptr(MusterRecoveryEntry) self = NULL;
  g_autoptr(GBytes) raw = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *title = NULL;

  if (!(raw = g_file_load_bytes (file, NULL, NULL, error)))
    return NULL;

  self = g_object_new (MUSTER_TYPE_RECOVERY_ENTRY, NULL);
  self->file = g_object_ref (file);
  self->bytes = decode (raw, &self->origin);
  self->roster = g_str_has_suffix (name, ROSTER_SUFFIX);
  if (!(title = read_title (self->bytes, name, self->roster, error)))
    return NULL;

  if (*title != '\0')
    self->title = g_steal_pointer (&title);
  else if (self->origin != NULL)
    self->title = g_file_get_basename (self->origin);
  else
    self->title = g_strdup (_("Untitled"));
  self->modified = query_modified (file);
  return g_steal_pointer (&self);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  MusterRecoveryEntry *ea = *(MusterRecoveryEntry **) a;
  MusterRecoveryEntry *eb = *(MusterRecoveryEntry **) b;

  return g_date_time_compare (eb->modified, ea->modified);
}

/**
 * muster_recovery_scan:
 * @dir: the recovery folder, e.g. muster_recovery_get_default_dir()
 *
 * Lists the recovery files in @dir, newest first. A file that is not a document is left out
 * with a warning and renamed to NAME.broken, so that it is not offered again but stays for
 * whoever wants to look at it. A missing folder has no entries.
 *
 * Returns: (transfer container) (element-type MusterRecoveryEntry): the entries
 */
GPtrArray *
muster_recovery_scan (GFile *dir)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GError) error = NULL;
  GFileInfo *info;

  g_return_val_if_fail (G_IS_FILE (dir), NULL);

  children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, &error);
  if (children == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_warning ("Could not list the recovery files: %s", error->message);
      return g_steal_pointer (&entries);
    }

  while ((info = g_file_enumerator_next_file (children, NULL, &error)) != NULL)
    {
      g_autoptr(GFileInfo) owned = info;
      const char *name = g_file_info_get_name (info);
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) read_error = NULL;
      MusterRecoveryEntry *entry;

      /* Temporary files of a write in progress end in a random suffix: never ours. */
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR || name[0] == '.' ||
          !(g_str_has_suffix (name, SUFFIX) || g_str_has_suffix (name, ROSTER_SUFFIX)))
        continue;

      file = g_file_get_child (dir, name);
      if ((entry = read_entry (file, &read_error)) != NULL)
        {
          g_ptr_array_add (entries, entry);
          continue;
        }

      g_warning ("Ignoring the recovery file %s: %s", g_file_peek_path (file),
                 read_error->message);
      {
        g_autofree char *broken = g_strconcat (name, BROKEN_SUFFIX, NULL);
        g_autoptr(GFile) aside = g_file_get_child (dir, broken);

        g_file_move (file, aside, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, NULL);
      }
    }
  if (error != NULL)
    g_warning ("Could not list all the recovery files: %s", error->message);

  g_ptr_array_sort (entries, newest_first);
  return g_steal_pointer (&entries);
}

/* Returns: (transfer none): the recovery file */
GFile *
muster_recovery_entry_get_file (MusterRecoveryEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERY_ENTRY (self), NULL);
  return self->file;
}

/* Returns: (transfer none) (nullable): where the list was last saved, if it ever was */
GFile *
muster_recovery_entry_get_origin (MusterRecoveryEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERY_ENTRY (self), NULL);
  return self->origin;
}

/* The list's title, else its file's name, else "Untitled" */
const char *
muster_recovery_entry_get_title (MusterRecoveryEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERY_ENTRY (self), NULL);
  return self->title;
}

/* Returns: (transfer none): when the copy was written */
GDateTime *
muster_recovery_entry_get_modified (MusterRecoveryEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERY_ENTRY (self), NULL);
  return self->modified;
}

/* Whether the copy is a BattleScribe roster (for muster_bs_document_restore()), not a list */
gboolean
muster_recovery_entry_is_roster (MusterRecoveryEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERY_ENTRY (self), FALSE);
  return self->roster;
}

/* Returns: (transfer none): the document's XML, for muster_document_restore() or
 * muster_bs_document_restore() */
GBytes *
muster_recovery_entry_get_bytes (MusterRecoveryEntry *self)
{
  g_return_val_if_fail (MUSTER_IS_RECOVERY_ENTRY (self), NULL);
  return self->bytes;
}

/* Deletes the recovery file: after restoring it into a window, or when the user declines. */
gboolean
muster_recovery_entry_discard (MusterRecoveryEntry  *self,
                               GError              **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (MUSTER_IS_RECOVERY_ENTRY (self), FALSE);

  if (g_file_delete (self->file, NULL, &local_error) ||
      g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}
