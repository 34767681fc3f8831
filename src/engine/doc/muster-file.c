/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "muster-engine-error.h"
#include "muster-file-private.h"
#include "muster-xml.h"

/*
 * Saving a file so that a crash, a kill or a full disk at any moment leaves either the old
 * file or the new one, complete, on disk: the bytes go to a temporary file beside the target,
 * which is synced, given the target's mode and owner, and renamed over it; then the folder is
 * synced so the rename itself survives a power cut. A symlink is followed to the file it
 * names, which is replaced, so the link stays a link.
 *
 * Reading is the other way round: a file is looked at before a byte is read, so a 200 MB file
 * or /dev/zero is refused at once rather than read until memory runs out.
 *
 * A temporary file is locked (flock) while its writer lives; the kernel drops the lock when
 * the writer dies. So the next save of the same file deletes the temporary files nobody holds:
 * those a killed save left behind.
 */

#define TEMP_INFIX ".muster-save-"
#define CHUNK_SIZE (1024 * 1024)
#define MAX_LINKS  40

static MusterFileStepHook step_hook;
static gpointer           step_hook_data;

void
_muster_file_set_step_hook (MusterFileStepHook hook,
                            gpointer           data)
{
  step_hook = hook;
  step_hook_data = data;
}

static void
step (const char *name)
{
  if (step_hook != NULL)
    step_hook (name, step_hook_data);
}

static gboolean
fail (GError     **error,
      int          saved_errno,
      const char  *path,
      const char  *what)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               _("Could not save %s: %s: %s"), display, _(what), g_strerror (saved_errno));
  return FALSE;
}

/* Returns: (transfer full): the file @path names once symlinks are followed (it may not exist
 * yet), or NULL on a loop or an unreadable link */
static char *
resolve_links (const char  *path,
               GError     **error)
{
  g_autofree char *target = g_strdup (path);

  for (guint hops = 0; ; hops++)
    {
      g_autofree char *link = NULL;
      struct stat st;

      if (lstat (target, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&target);
      if (hops == MAX_LINKS)
        {
          fail (error, ELOOP, path, N_("following its links"));
          return NULL;
        }
      if (!(link = g_file_read_link (target, NULL)))
        {
          fail (error, errno, path, N_("reading its link"));
          return NULL;
        }
      if (g_path_is_absolute (link))
        {
          g_free (target);
          target = g_steal_pointer (&link);
        }
      else
        {
          g_autofree char *dir = g_path_get_dirname (target);

          g_free (target);
          target = g_build_filename (dir, link, NULL);
        }
    }
}

/* Deletes the temporary files of @base in @dir that no living writer holds. */
static void
clean_stale (const char *dir,
             const char *base)
{
  g_autofree char *prefix = g_strconcat (".", base, TEMP_INFIX, NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  step ("clean");
  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = NULL;
      struct stat held, named;
      int fd;

      if (!g_str_has_prefix (name, prefix) || strlen (name) != strlen (prefix) + 6)
        continue;
      path = g_build_filename (dir, name, NULL);
      fd = open (path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0)
        continue;
      /* Locked: a save is under way. Still the same file at that name: ours to delete. */
      if (flock (fd, LOCK_EX | LOCK_NB) == 0 &&
          fstat (fd, &held) == 0 && lstat (path, &named) == 0 &&
          held.st_dev == named.st_dev && held.st_ino == named.st_ino && S_ISREG (held.st_mode))
        g_unlink (path);
      close (fd);
    }
}

/* Returns: a new temporary file beside @target, locked, its name in @temp; -1 on error */
static int
create_temp (const char  *target,
             char       **temp)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);

  step ("create");
  for (guint tries = 0; tries < 100; tries++)
    {
      g_autofree char *name = g_strconcat (".", base, TEMP_INFIX, "XXXXXX", NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      struct stat held, named;
      int fd = g_mkstemp_full (path, O_WRONLY | O_CLOEXEC, 0666);

      if (fd < 0)
        return -1;
      /* Another save's clean-up may have taken it between creation and lock: try again. */
      if (flock (fd, LOCK_EX) == 0 &&
          fstat (fd, &held) == 0 && lstat (path, &named) == 0 &&
          held.st_dev == named.st_dev && held.st_ino == named.st_ino)
        {
          *temp = g_steal_pointer (&path);
          return fd;
        }
      close (fd);
    }
  errno = EEXIST;
  return -1;
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        length)
{
  while (length > 0)
    {
      ssize_t n = write (fd, data, MIN (length, CHUNK_SIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
      step ("write");
    }
  return TRUE;
}

static void
sync_folder (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  step ("sync-folder");
  /* Best effort: some file systems refuse fsync on a folder, and the file is complete anyway. */
  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

struct _MusterFileWriter
{
  char        *path;        /* as given, for messages */
  char        *temp;        /* NULL when written in place */
  char        *target;
  int          fd;
};

static void
writer_close (MusterFileWriter *self)
{
  if (self->fd >= 0)
    close (self->fd);
  self->fd = -1;
}

/**
 * muster_file_writer_new:
 * @path: the file to write; a symlink is followed and its target replaced
 *
 * Starts writing @path atomically, a piece at a time (muster_file_writer_write()): the pieces
 * go to a temporary file beside it, which only muster_file_writer_commit() puts in its place.
 * A writer freed before that leaves @path as it was and no temporary file. A FIFO or a device
 * (-o /dev/stdout) is written in place. Blocks: use it from a thread in an application.
 *
 * Returns: (transfer full) (nullable): the writer, or %NULL with @error set
 */
MusterFileWriter *
muster_file_writer_new (const char  *path,
                        GError     **error)
{
  g_autoptr(MusterFileWriter) self = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  struct stat st;
  gboolean exists;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_new0 (MusterFileWriter, 1);
  self->fd = -1;
  self->path = g_strdup (path);
  if (!(self->target = resolve_links (path, error)))
    return NULL;
  exists = stat (self->target, &st) == 0;
  if (!exists && errno != ENOENT)
    return fail (error, errno, path, N_("looking at it")), NULL;
  if (exists && S_ISDIR (st.st_mode))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR,
                   _("Could not save %s: it is a folder"), display);
      return NULL;
    }
  if (exists && !S_ISREG (st.st_mode))
    {
      if ((self->fd = open (self->target, O_WRONLY | O_CLOEXEC)) < 0)
        return fail (error, errno, path, N_("opening it")), NULL;
      return g_steal_pointer (&self);
    }

  dir = g_path_get_dirname (self->target);
  base = g_path_get_basename (self->target);
  clean_stale (dir, base);
  if ((self->fd = create_temp (self->target, &self->temp)) < 0)
    return fail (error, errno, path, N_("creating a temporary file beside it")), NULL;
  if (exists)
    {
      /* Only root may give a file away; then the owner stays, else the group if it can. */
      if ((st.st_uid != geteuid () || st.st_gid != getegid ()) &&
          fchown (self->fd, st.st_uid, st.st_gid) != 0)
        (void) !fchown (self->fd, (uid_t) -1, st.st_gid);
      if (fchmod (self->fd, st.st_mode & 07777) != 0)
        return fail (error, errno, path, N_("writing it")), NULL;
    }
  return g_steal_pointer (&self);
}

gboolean
muster_file_writer_write (MusterFileWriter  *self,
                          const void        *data,
                          gsize              length,
                          GError           **error)
{
  g_return_val_if_fail (self != NULL && self->fd >= 0, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (!write_all (self->fd, data, length))
    return fail (error, errno, self->path, N_("writing it"));
  return TRUE;
}

/**
 * muster_file_writer_commit:
 *
 * Syncs what was written and puts it in the place of the file, then syncs the folder. The
 * writer is spent either way: free it.
 *
 * Returns: whether the file now holds what was written
 */
gboolean
muster_file_writer_commit (MusterFileWriter  *self,
                           GError           **error)
{
  g_autofree char *dir = NULL;

  g_return_val_if_fail (self != NULL && self->fd >= 0, FALSE);

  if (self->temp == NULL)
    {
      writer_close (self);
      return TRUE;
    }
  if ((step ("sync"), fsync (self->fd) != 0))
    return fail (error, errno, self->path, N_("writing it"));
  /* Still locked while renamed, so no other save's clean-up takes it first. */
  step ("rename");
  if (g_rename (self->temp, self->target) != 0)
    return fail (error, errno, self->path, N_("replacing it"));
  g_clear_pointer (&self->temp, g_free);
  writer_close (self);
  dir = g_path_get_dirname (self->target);
  sync_folder (dir);
  return TRUE;
}

/* Frees @self; a writer not committed deletes its temporary file. */
void
muster_file_writer_free (MusterFileWriter *self)
{
  if (self == NULL)
    return;
  if (self->temp != NULL)
    g_unlink (self->temp);
  writer_close (self);
  g_free (self->temp);
  g_free (self->target);
  g_free (self->path);
  g_free (self);
}

/**
 * muster_file_replace:
 * @path: the file to write; a symlink is followed and its target replaced
 * @data: the new contents
 * @length: how many bytes
 *
 * Writes @data to @path atomically and durably: whatever happens, @path holds either its
 * old contents or @data, whole. An existing file keeps its mode, and its owner and group where
 * the process may set them; a new one gets 0666 less the umask. Blocks: call it from a thread
 * in an application.
 *
 * Returns: whether @path now holds @data
 */
gboolean
muster_file_replace (const char  *path,
                     const void  *data,
                     gsize        length,
                     GError     **error)
{
  g_autoptr(MusterFileWriter) writer = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  return (writer = muster_file_writer_new (path, error)) &&
         muster_file_writer_write (writer, data, length, error) &&
         muster_file_writer_commit (writer, error);
}

/**
 * muster_file_read:
 * @path: a file to read
 *
 * Reads a whole document, ruleset or other Muster file, after checking that it is a regular
 * file (not a folder, a FIFO or a device such as /dev/zero) of at most MUSTER_XML_MAX_SIZE
 * bytes, so nothing larger is ever held in memory.
 *
 * Returns: (transfer full) (nullable): the contents, or %NULL with @error set (in
 *   %G_FILE_ERROR, or %MUSTER_ENGINE_ERROR_TOO_LARGE)
 */
GBytes *
muster_file_read (const char  *path,
                  GError     **error)
{
  g_autofree char *display = NULL;
  g_autofree char *data = NULL;
  struct stat st;
  gsize length = 0;
  int fd, saved_errno;

  g_return_val_if_fail (path != NULL, NULL);

  display = g_filename_display_name (path);
  /* O_NONBLOCK: opening a FIFO must not wait for a writer before it is refused. */
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      saved_errno = errno;
      if (fd >= 0)
        close (fd);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not read %s: %s"), display, g_strerror (saved_errno));
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, G_FILE_ERROR, S_ISDIR (st.st_mode) ? G_FILE_ERROR_ISDIR
                                                             : G_FILE_ERROR_INVAL,
                   S_ISDIR (st.st_mode) ? _("Could not read %s: it is a folder")
                                        : _("Could not read %s: it is not a regular file"),
                   display);
      return NULL;
    }
  if (st.st_size > MUSTER_XML_MAX_SIZE)
    {
      close (fd);
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_TOO_LARGE,
                   _("%s: the file is %llu bytes; files over %d MiB are not read"),
                   display, (unsigned long long) st.st_size, MUSTER_XML_MAX_SIZE / (1024 * 1024));
      return NULL;
    }

  /* One byte more than allowed: a file that grew since fstat() is caught, not cut. */
  data = g_malloc ((gsize) st.st_size + 1);
  while (length <= (gsize) st.st_size)
    {
      ssize_t n = read (fd, data + length, (gsize) st.st_size + 1 - length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          saved_errno = errno;
          close (fd);
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _("Could not read %s: %s"), display, g_strerror (saved_errno));
          return NULL;
        }
      if (n == 0)
        break;
      length += (gsize) n;
    }
  close (fd);
  if (length > (gsize) st.st_size)
    {
      g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_TOO_LARGE,
                   _("%s: the file grew while it was read"), display);
      return NULL;
    }
  return g_bytes_new_take (g_steal_pointer (&data), length);
}
