/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-zip"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <archive.h>
#include <archive_entry.h>

#include "muster-bs-zip.h"
#include "muster-engine-error.h"

/*
 * BattleScribe's .gstz, .catz and .rosz files are zip archives holding the one XML file of the
 * same name without the "z". They come from other players, so the reader trusts nothing in
 * them: the output is counted as it is inflated, not taken from the sizes the headers declare
 * (a zip bomb lies there), and anything but a single plain member is refused.
 */

typedef struct archive MusterArchiveRead;
typedef struct archive MusterArchiveWrite;
typedef struct archive_entry MusterArchiveEntry;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterArchiveRead, archive_read_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterArchiveWrite, archive_write_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterArchiveEntry, archive_entry_free)

/* Inflating reads this much at a time, so a bomb is stopped within one chunk of the limit. */
#define CHUNK_SIZE (64 * 1024)

/* @problem: marked N_(), translated here; libarchive's detail stays as it words it */
static void
set_archive_error (GError         **error,
                   struct archive  *archive,
                   const char      *name_for_errors,
                   const char      *problem)
{
  const char *detail = archive_error_string (archive);

  g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
               "%s: %s (%s)", name_for_errors, _(problem),
               detail != NULL ? detail : _("no detail"));
}

/* Reads the current member's data, stopping with an error as soon as it passes @max_size. */
static GBytes *
read_member (struct archive  *archive,
             const char      *name_for_errors,
             gsize            max_size,
             GError         **error)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  guint8 chunk[CHUNK_SIZE];

  for (;;)
    {
      la_ssize_t n = archive_read_data (archive, chunk, sizeof chunk);

      if (n == 0)
        break;
      if (n < 0)
        {
          set_archive_error (error, archive, name_for_errors,
                             N_("the zipped file is damaged or truncated"));
          return NULL;
        }
      if ((gsize) n > max_size - data->len)
        {
          g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_TOO_LARGE,
                       _("%s: the zipped file unpacks to more than %llu bytes, which is not "
                         "read"), name_for_errors, (unsigned long long) max_size);
          return NULL;
        }
      g_byte_array_append (data, chunk, (guint) n);
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

/**
 * muster_bs_zip_extract:
 * @zip: the bytes of a .gstz, .catz or .rosz file
 * @name_for_errors: the file's name, which every error message starts with
 * @max_size: the most bytes the member may unpack to
 * @error: return location for a #MUSTER_ENGINE_ERROR
 *
 * Unpacks the single file of a BattleScribe zip. Refused with an error: anything that is not a
 * zip archive, a damaged or truncated one, an archive of no file or of more than one, a
 * directory or link, an encrypted member, and a member that unpacks to more than @max_size
 * bytes (%MUSTER_ENGINE_ERROR_TOO_LARGE), whatever its header says.
 *
 * Returns: (transfer full): the member's content, or %NULL with @error set
 */
GBytes *
muster_bs_zip_extract (GBytes      *zip,
                       const char  *name_for_errors,
                       gsize        max_size,
                       GError     **error)
{
  g_autoptr(MusterArchiveRead) archive = NULL;
  g_autoptr(GBytes) content = NULL;
  struct archive_entry *entry;
  gconstpointer data;
  gsize length;
  int status;

  g_return_val_if_fail (zip != NULL, NULL);
  g_return_val_if_fail (name_for_errors != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (zip, &length);
  archive = archive_read_new ();
  if (archive == NULL)
    g_error ("out of memory creating an archive reader");
  /* The seekable reader, which starts from the central directory: the streaming one would
   * take an archive cut short after its member's data for a whole one. */
  archive_read_support_format_zip_seekable (archive);

  if (length == 0 || archive_read_open_memory (archive, data, length) != ARCHIVE_OK)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s: not a zip archive"), name_for_errors);
      return NULL;
    }

  status = archive_read_next_header (archive, &entry);
  if (status == ARCHIVE_EOF)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s: the zip archive holds no file"), name_for_errors);
      return NULL;
    }
  if (status < ARCHIVE_WARN)
    {
      set_archive_error (error, archive, name_for_errors, N_("not a readable zip archive"));
      return NULL;
    }
  if (archive_entry_is_encrypted (entry))
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s: the zipped file “%s” is encrypted"), name_for_errors,
                   archive_entry_pathname (entry));
      return NULL;
    }
  if (archive_entry_filetype (entry) != AE_IFREG)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s: “%s” in the zip archive is not a plain file"), name_for_errors,
                   archive_entry_pathname (entry));
      return NULL;
    }

  content = read_member (archive, name_for_errors, max_size, error);
  if (content == NULL)
    return NULL;

  /* A second member is refused rather than ignored: which one BattleScribe would read is
   * not something to guess. */
  status = archive_read_next_header (archive, &entry);
  if (status == ARCHIVE_OK || status == ARCHIVE_WARN)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
                   _("%s: the zip archive holds more than one file; a BattleScribe file "
                     "holds exactly one"), name_for_errors);
      return NULL;
    }
  if (status != ARCHIVE_EOF)
    {
      set_archive_error (error, archive, name_for_errors,
                         N_("the zip archive is damaged after its first file"));
      return NULL;
    }

  return g_steal_pointer (&content);
}

static la_ssize_t
write_to_array_cb (struct archive *archive,
                   void           *user_data,
                   const void     *buffer,
                   size_t          length)
{
  GByteArray *out = user_data;

  g_byte_array_append (out, buffer, (guint) length);
  return (la_ssize_t) length;
}

/**
 * muster_bs_zip_store:
 * @member_name: the name of the one file in the archive, e.g. "Army.ros" for "Army.rosz"
 * @content: the file's content
 * @error: return location for a #MUSTER_ENGINE_ERROR
 *
 * Packs @content as the single, deflated member of a zip archive, the form of BattleScribe's
 * .gstz, .catz and .rosz files.
 *
 * Returns: (transfer full): the zip archive, or %NULL with @error set
 */
GBytes *
muster_bs_zip_store (const char  *member_name,
                     GBytes      *content,
                     GError     **error)
{
  g_autoptr(MusterArchiveWrite) archive = NULL;
  g_autoptr(MusterArchiveEntry) entry = NULL;
  g_autoptr(GByteArray) out = g_byte_array_new ();
  gconstpointer data;
  gsize length;

  g_return_val_if_fail (member_name != NULL && *member_name != '\0', NULL);
  g_return_val_if_fail (content != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (content, &length);
  archive = archive_write_new ();
  entry = archive_entry_new ();
  if (archive == NULL || entry == NULL)
    g_error ("out of memory creating an archive writer");

  archive_entry_set_pathname (entry, member_name);
  archive_entry_set_filetype (entry, AE_IFREG);
  archive_entry_set_perm (entry, 0644);
  archive_entry_set_size (entry, (la_int64_t) length);
  /* A fixed time, so the same roster saved twice is the same bytes (as reproducible builds
   * do); a day past the zip format's 1980 epoch, so no time zone takes it before. */
  archive_entry_set_mtime (entry, MUSTER_BS_ZIP_MTIME, 0);

  /* No padding of the last block to 10 KiB, which libarchive does for tapes by default. */
  if (archive_write_set_format_zip (archive) != ARCHIVE_OK ||
      archive_write_zip_set_compression_deflate (archive) != ARCHIVE_OK ||
      archive_write_set_bytes_in_last_block (archive, 1) != ARCHIVE_OK ||
      archive_write_open (archive, out, NULL, write_to_array_cb, NULL) != ARCHIVE_OK ||
      archive_write_header (archive, entry) != ARCHIVE_OK ||
      (length > 0 && archive_write_data (archive, data, length) != (la_ssize_t) length) ||
      archive_write_close (archive) != ARCHIVE_OK)
    {
      set_archive_error (error, archive, member_name, N_("cannot zip the file"));
      return NULL;
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}
