/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "muster-engine.h"
#include "muster-file-private.h"

static char *
make_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("muster-file-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (listing != NULL && g_dir_read_name (listing) != NULL)
    n++;
  return n;
}

static void
assert_contents (const char *path,
                 const char *expected)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, expected);
}

static void
replace (const char *path,
         const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_file_replace (path, text, strlen (text), &error));
  g_assert_no_error (error);
}

/* A new file gets the umask's mode; an existing one keeps its own. */
static void
test_mode_kept (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "list.muster", NULL);
  mode_t mask = umask (022);
  struct stat st;

  replace (path, "first");
  assert_contents (path, "first");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);

  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  replace (path, "second");
  assert_contents (path, "second");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpuint (count_entries (dir), ==, 1);

  umask (mask);
  remove_dir (dir);
}

/* Saving through a symlink replaces the file it names; the link stays a link. */
static void
test_symlink_followed (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *real = g_build_filename (dir, "real.muster", NULL);
  g_autofree char *link = g_build_filename (dir, "link.muster", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.muster", NULL);
  g_autofree char *later = g_build_filename (dir, "later.muster", NULL);
  struct stat st;

  replace (real, "old");
  g_assert_cmpint (symlink ("real.muster", link), ==, 0);   /* relative, as users make them */
  replace (link, "new");
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  assert_contents (real, "new");

  /* A link to a file not there yet makes that file. */
  g_assert_cmpint (symlink (later, dangling), ==, 0);
  replace (dangling, "made");
  g_assert_cmpint (g_lstat (dangling, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  assert_contents (later, "made");
  g_assert_cmpuint (count_entries (dir), ==, 4);

  remove_dir (dir);
}

/* A folder is refused; a device is written in place (-o /dev/stdout), never replaced. */
static void
test_not_regular (void)
{
  g_autofree char *dir = make_dir ();
  g_autoptr(GError) error = NULL;
  struct stat st;

  g_assert_false (muster_file_replace (dir, "x", 1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_assert_nonnull (strstr (error->message, dir));
  g_clear_error (&error);

  g_assert_true (muster_file_replace ("/dev/null", "x", 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));

  remove_dir (dir);
}

/* A temporary file nobody holds (its save was killed) goes at the next save; one a living
 * save holds stays. */
static void
test_stale_temp_cleaned (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "list.muster", NULL);
  g_autofree char *stale = g_build_filename (dir, ".list.muster.muster-save-a1b2c3", NULL);
  g_autofree char *held = g_build_filename (dir, ".list.muster.muster-save-d4e5f6", NULL);
  g_autofree char *other = g_build_filename (dir, ".other.muster.muster-save-a1b2c3", NULL);
  int fd;

  replace (path, "old");
  g_assert_true (g_file_set_contents (stale, "half", -1, NULL));
  g_assert_true (g_file_set_contents (held, "half", -1, NULL));
  g_assert_true (g_file_set_contents (other, "half", -1, NULL));
  fd = open (held, O_RDONLY);
  g_assert_cmpint (flock (fd, LOCK_EX), ==, 0);

  replace (path, "new");
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (held, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));   /* another file's */
  assert_contents (path, "new");

  close (fd);
  replace (path, "newer");
  g_assert_false (g_file_test (held, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_entries (dir), ==, 2);

  remove_dir (dir);
}

static guint kill_at;
static guint steps_seen;

static void
kill_hook (const char *step,
           gpointer    data)
{
  if (steps_seen++ == kill_at)
    raise (SIGKILL);
}

/* Saves @text over @path in a child process killed at its @at-th step. Returns: whether the
 * child was killed (FALSE: it had fewer steps and finished). */
static gboolean
save_killed_at (const char *path,
                const char *text,
                guint       at)
{
  int status;
  pid_t pid = fork ();

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      kill_at = at;
      _muster_file_set_step_hook (kill_hook, NULL);
      _exit (muster_file_replace (path, text, strlen (text), NULL) ? 0 : 1);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  if (WIFEXITED (status))
    {
      g_assert_cmpint (WEXITSTATUS (status), ==, 0);
      return FALSE;
    }
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
  return TRUE;
}

/* A save killed at any step leaves the old file or the new one, whole, never a mix or a
 * truncated one; through a symlink too. The next save leaves no temporary file behind. */
static void
test_killed_at_every_step (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *real = g_build_filename (dir, "real.muster", NULL);
  g_autofree char *link = g_build_filename (dir, "link.muster", NULL);
  /* Several write chunks, so that some kills land half-way through the data. */
  g_autofree char *old_text = g_strnfill (3 * 1024 * 1024 + 17, 'o');
  g_autofree char *new_text = g_strnfill (2 * 1024 * 1024 + 5, 'n');
  guint at, killed = 0, olds = 0, news = 0;

  replace (real, old_text);
  g_assert_cmpint (symlink ("real.muster", link), ==, 0);

  for (at = 0; save_killed_at (link, new_text, at); at++)
    {
      g_autofree char *contents = NULL;
      struct stat st;

      killed++;
      g_assert_cmpint (g_lstat (link, &st), ==, 0);
      g_assert_true (S_ISLNK (st.st_mode));
      g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
      if (strcmp (contents, old_text) == 0)
        olds++;
      else
        {
          g_assert_cmpstr (contents, ==, new_text);
          news++;
        }
      /* Back to the old text for the next kill; this save cleans up after the killed one. */
      replace (link, old_text);
      g_assert_cmpuint (count_entries (dir), ==, 2);
    }
  /* clean, create, 2 or 3 writes, sync, rename, sync-folder: every one was a kill point. */
  g_assert_cmpuint (killed, >=, 7);
  g_assert_cmpuint (olds, >=, 5);
  g_assert_cmpuint (news, >=, 1);   /* killed after the rename: already the new file */
  assert_contents (real, new_text);
  g_assert_cmpuint (count_entries (dir), ==, 2);

  remove_dir (dir);
}

/* Reading looks first: a folder, a device, a FIFO (no writer: it would wait forever) and a
 * file over the size cap are refused before a byte is read. */
static void
test_read_checks_first (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "list.muster", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.muster", NULL);
  g_autofree char *huge = g_build_filename (dir, "huge.muster", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  int fd;

  replace (path, "<muster/>");
  bytes = muster_file_read (path, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), "<muster/>", 9);

  g_assert_null (muster_file_read (dir, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_clear_error (&error);

  g_assert_null (muster_file_read ("/dev/zero", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_assert_cmpstr (error->message, ==, "Could not read /dev/zero: it is not a regular file");
  g_clear_error (&error);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_null (muster_file_read (fifo, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_clear_error (&error);

  /* Sparse: 40 MB that take no room, and are never read. */
  fd = open (huge, O_WRONLY | O_CREAT, 0600);
  g_assert_cmpint (ftruncate (fd, 40 * 1000 * 1000), ==, 0);
  close (fd);
  g_assert_null (muster_file_read (huge, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "the file is 40000000 bytes; files over 32 MiB"));
  g_clear_error (&error);

  g_assert_null (muster_file_read ("/nonexistent/list.muster", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);

  remove_dir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/file/mode-kept", test_mode_kept);
  g_test_add_func ("/file/symlink-followed", test_symlink_followed);
  g_test_add_func ("/file/not-regular", test_not_regular);
  g_test_add_func ("/file/stale-temp-cleaned", test_stale_temp_cleaned);
  g_test_add_func ("/file/killed-at-every-step", test_killed_at_every_step);
  g_test_add_func ("/file/read-checks-first", test_read_checks_first);
  return g_test_run ();
}
