/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-library"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "muster-bs-library.h"

/*
 * Scanning reads each file once: its root element (muster_bs_header_read()) says which
 * game system it belongs to, and the same bytes are then loaded. A folder may hold several
 * game systems, and a folder of folders is walked a few levels down, so that the folder
 * that holds every BSData clone is enough. A file that cannot be read is a problem of its
 * system, not a failure of the scan; only a game system that cannot be read has no data.
 */

/* Deep enough for "games/bsdata/wh40k-10e", shallow enough not to walk a home folder. */
#define MAX_DEPTH 3

struct _MusterBsSystem
{
  GObject       parent_instance;

  char         *id;
  char         *name;
  int           revision;
  char         *folder;
  GArray       *catalogues;
  GStrv         problems;
  MusterBsData *data;
};

G_DEFINE_FINAL_TYPE (MusterBsSystem, muster_bs_system, G_TYPE_OBJECT)

static void
catalogue_info_clear (MusterBsCatalogueInfo *info)
{
  g_free (info->id);
  g_free (info->name);
}

static void
muster_bs_system_finalize (GObject *object)
{
  MusterBsSystem *self = (MusterBsSystem *) object;

  g_free (self->id);
  g_free (self->name);
  g_free (self->folder);
  g_clear_pointer (&self->catalogues, g_array_unref);
  g_strfreev (self->problems);
  g_clear_pointer (&self->data, muster_bs_data_free);

  G_OBJECT_CLASS (muster_bs_system_parent_class)->finalize (object);
}

static void
muster_bs_system_class_init (MusterBsSystemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = muster_bs_system_finalize;
}

static void
muster_bs_system_init (MusterBsSystem *self)
{
  self->catalogues = g_array_new (FALSE, TRUE, sizeof (MusterBsCatalogueInfo));
  g_array_set_clear_func (self->catalogues, (GDestroyNotify) catalogue_info_clear);
}

const char *
muster_bs_system_get_id (MusterBsSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_SYSTEM (self), NULL);
  return self->id;
}

const char *
muster_bs_system_get_name (MusterBsSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_SYSTEM (self), NULL);
  return self->name;
}

int
muster_bs_system_get_revision (MusterBsSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_SYSTEM (self), 0);
  return self->revision;
}

const char *
muster_bs_system_get_folder (MusterBsSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_SYSTEM (self), NULL);
  return self->folder;
}

GArray *
muster_bs_system_get_catalogues (MusterBsSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_SYSTEM (self), NULL);
  return self->catalogues;
}

const char * const *
muster_bs_system_get_problems (MusterBsSystem *self)
{
  static const char * const none[] = { NULL };

  g_return_val_if_fail (MUSTER_IS_BS_SYSTEM (self), NULL);
  return self->problems ? (const char * const *) self->problems : none;
}

MusterBsData *
muster_bs_system_get_data (MusterBsSystem *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_SYSTEM (self), NULL);
  return self->data;
}

static void
add_force_entries (GPtrArray          *entries,
                   const MusterBsNode *file)
{
  for (const MusterBsNode *c = file ? file->first_child : NULL; c; c = c->next)
    if (c->kind == MUSTER_BS_NODE_FORCE_ENTRY && !muster_bs_node_has_flag (c, MUSTER_BS_FLAG_HIDDEN))
      g_ptr_array_add (entries, (gpointer) c);
}

/**
 * muster_bs_system_dup_force_entries:
 * @catalogue_id: (nullable): the catalogue the force is of
 *
 * The force entries a first force can be made of: the game system's, then those the
 * catalogue declares at its root (Black Powder's French.cat declares its periods so),
 * hidden ones left out.
 *
 * Returns: (transfer container) (element-type MusterBsNode): empty without data
 */
GPtrArray *
muster_bs_system_dup_force_entries (MusterBsSystem *self,
                                    const char     *catalogue_id)
{
  GPtrArray *entries = g_ptr_array_new ();

  g_return_val_if_fail (MUSTER_IS_BS_SYSTEM (self), entries);
  if (self->data == NULL)
    return entries;
  add_force_entries (entries, muster_bs_data_get_game_system (self->data));
  if (catalogue_id != NULL)
    add_force_entries (entries, muster_bs_data_get_catalogue (self->data, catalogue_id));
  return entries;
}

/* Scanning (on the worker thread) */

typedef struct
{
  char           *path;
  char           *base;
  GBytes         *bytes;
  MusterBsHeader  header;
  char           *error;    /* why it could not be read */
} DataFile;

static void
data_file_free (DataFile *file)
{
  g_free (file->path);
  g_free (file->base);
  g_clear_pointer (&file->bytes, g_bytes_unref);
  muster_bs_header_clear (&file->header);
  g_free (file->error);
  g_free (file);
}

typedef struct
{
  GStrv            folders;
  /* The scanned folders' data files, then what came of them */
  guint            n_files;
  guint            n_done;
  GPtrArray       *systems;
  GPtrArray       *problems;
  /* Progress goes to the library on its own thread */
  MusterBsLibrary *library;
  GMainContext    *context;
} Scan;

static void
scan_free (Scan *scan)
{
  g_strfreev (scan->folders);
  g_clear_pointer (&scan->systems, g_ptr_array_unref);
  g_clear_pointer (&scan->problems, g_ptr_array_unref);
  g_clear_object (&scan->library);
  g_clear_pointer (&scan->context, g_main_context_unref);
  g_free (scan);
}

static gboolean
is_data_file (const char *name)
{
  return g_str_has_suffix (name, ".gst") || g_str_has_suffix (name, ".gstz") ||
         g_str_has_suffix (name, ".cat") || g_str_has_suffix (name, ".catz");
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The folders below @dir (itself first) that hold data files, each with their names. */
static void
find_folders (const char *dir,
              int         depth,
              GPtrArray  *folders,
              GPtrArray  *problems)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) d = g_dir_open (dir, 0, &error);
  g_autoptr(GPtrArray) subdirs = g_ptr_array_new_with_free_func (g_free);
  gboolean has_data = FALSE;
  const char *name;

  if (d == NULL)
    {
      if (depth == 0)
        g_ptr_array_add (problems, g_strdup (error->message));
      return;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (name[0] == '.')
        continue;
      if (is_data_file (name))
        has_data = TRUE;
      else if (depth < MAX_DEPTH && g_file_test (path, G_FILE_TEST_IS_DIR) &&
               !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        g_ptr_array_add (subdirs, g_steal_pointer (&path));
    }
  if (has_data)
    g_ptr_array_add (folders, g_strdup (dir));
  g_ptr_array_sort (subdirs, compare_strings);
  for (guint i = 0; i < subdirs->len; i++)
    find_folders (g_ptr_array_index (subdirs, i), depth + 1, folders, problems);
}

/* Reads @dir's data files and their headers; unreadable ones keep their error. */
static GPtrArray *
read_folder (const char *dir)
{
  GPtrArray *files = g_ptr_array_new_with_free_func ((GDestroyNotify) data_file_free);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      DataFile *file;

      if (!is_data_file (name))
        continue;
      file = g_new0 (DataFile, 1);
      file->base = g_strdup (name);
      file->path = g_build_filename (dir, name, NULL);
      g_ptr_array_add (files, file);
    }
  g_ptr_array_sort (files, compare_strings);   /* DataFile starts with its path */
  return files;
}

static void
load_header (DataFile *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  GStatBuf st;
  gsize length;

  if (g_stat (file->path, &st) == 0 && (guint64) st.st_size > MUSTER_BS_MAX_FILE_SIZE)
    {
      file->error = g_strdup_printf (_("the file is %" PRIu64 " bytes; files over "
                                       "%d MiB are not read"), (guint64) st.st_size,
                                     MUSTER_BS_MAX_FILE_SIZE / (1024 * 1024));
      return;
    }
  if (!g_file_get_contents (file->path, &contents, &length, &error))
    {
      file->error = g_strdup (error->message);
      return;
    }
  file->bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  if (!muster_bs_header_read (&file->header, file->base, file->bytes, &error))
    file->error = g_strdup (error->message);
  else if (g_strcmp0 (file->header.element, "roster") == 0)
    file->error = g_strdup (_("a roster, not game data"));
}

/* The engine's errors name the file already; others get its name in front. */
static char *
problem_line (const DataFile *file,
              const char     *message)
{
  if (g_str_has_prefix (message, file->base))
    return g_strdup (message);
  return g_strdup_printf ("%s: %s", file->base, message);
}

static int
compare_catalogues (gconstpointer a,
                    gconstpointer b)
{
  const MusterBsCatalogueInfo *x = a, *y = b;

  return g_utf8_collate (x->name ? x->name : "", y->name ? y->name : "");
}

/* One game system of @dir, from its .gst and the catalogues that name it. */
static void report_progress (Scan *scan);

static MusterBsSystem *
load_system (Scan       *scan,
             const char *dir,
             DataFile   *gst,
             GPtrArray  *files)
{
  MusterBsSystem *system = g_object_new (MUSTER_TYPE_BS_SYSTEM, NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GError) error = NULL;

  system->id = g_strdup (gst->header.id);
  system->name = g_strdup (gst->header.name ? gst->header.name : gst->header.id);
  system->revision = gst->header.revision;
  system->folder = g_strdup (dir);
  scan->n_done++;
  if (!muster_bs_data_add_bytes (data, gst->base, gst->bytes, &error))
    {
      g_ptr_array_add (problems, problem_line (gst, error->message));
      g_clear_pointer (&data, muster_bs_data_free);
      g_clear_error (&error);
    }
  for (guint i = 0; i < files->len; i++)
    {
      DataFile *file = g_ptr_array_index (files, i);
      MusterBsCatalogueInfo info = { 0 };

      if (file->error != NULL || g_strcmp0 (file->header.element, "catalogue") != 0 ||
          g_strcmp0 (file->header.game_system_id, system->id) != 0)
        continue;
      scan->n_done++;
      report_progress (scan);
      if (data != NULL && !muster_bs_data_add_bytes (data, file->base, file->bytes, &error))
        {
          g_ptr_array_add (problems, problem_line (file, error->message));
          g_clear_error (&error);
          continue;
        }
      if (file->header.game_system_revision > system->revision)
        g_ptr_array_add (problems,
                         g_strdup_printf (_("%s: needs revision %d of %s; the folder has %d"),
                                          file->base, file->header.game_system_revision,
                                          system->name, system->revision));
      info.id = g_strdup (file->header.id);
      info.name = g_strdup (file->header.name ? file->header.name : file->header.id);
      info.revision = file->header.revision;
      info.library = file->header.library;
      g_array_append_val (system->catalogues, info);
    }
  if (data != NULL && !muster_bs_data_resolve (data, &error))
    {
      g_ptr_array_add (problems, g_strdup (error->message));
      g_clear_pointer (&data, muster_bs_data_free);
    }
  for (const char * const *p = data ? muster_bs_data_get_problems (data) : NULL; p && *p; p++)
    g_ptr_array_add (problems, g_strdup (*p));
  g_array_sort (system->catalogues, compare_catalogues);
  g_ptr_array_add (problems, NULL);
  system->problems = (GStrv) g_ptr_array_free (g_steal_pointer (&problems), FALSE);
  system->data = g_steal_pointer (&data);
  return system;
}

/* Takes @line. */
static void
add_problem (MusterBsSystem *system,
             char           *line)
{
  guint n = g_strv_length (system->problems);

  system->problems = g_renew (char *, system->problems, n + 2);
  system->problems[n] = line;
  system->problems[n + 1] = NULL;
}

/* The systems of one folder that holds data files; what belongs to none goes to @problems. */
static void
scan_data_folder (Scan         *scan,
                  const char   *dir,
                  GPtrArray    *files,
                  GPtrArray    *systems,
                  GPtrArray    *problems)
{
  guint first_system = systems->len;

  for (guint i = 0; i < files->len; i++)
    {
      DataFile *file = g_ptr_array_index (files, i);

      if (file->error == NULL && g_strcmp0 (file->header.element, "gameSystem") == 0)
        g_ptr_array_add (systems, load_system (scan, dir, file, files));
    }
  for (guint i = 0; i < files->len; i++)
    {
      DataFile *file = g_ptr_array_index (files, i);
      MusterBsSystem *first = NULL;
      gboolean claimed = FALSE;

      for (guint k = first_system; k < systems->len && !claimed; k++)
        {
          MusterBsSystem *system = g_ptr_array_index (systems, k);

          first = first ? first : system;
          claimed = file->error == NULL &&
                    (g_strcmp0 (system->id, file->header.id) == 0 ||
                     g_strcmp0 (system->id, file->header.game_system_id) == 0);
        }
      /* A file whose first element could not be read belongs, as far as anyone can tell,
       * to the game system beside it. */
      if (file->error != NULL && first != NULL)
        add_problem (first, g_strdup_printf ("%s: %s", file->base, file->error));
      else if (file->error != NULL)
        g_ptr_array_add (problems, g_strdup_printf ("%s: %s", file->path, file->error));
      else if (!claimed)
        g_ptr_array_add (problems,
                         g_strdup_printf (_("%s: its game system (%s) is not in the folder"),
                                          file->path, file->header.game_system_id
                                          ? file->header.game_system_id : _("none named")));
    }
}

static int
compare_systems (gconstpointer a,
                 gconstpointer b)
{
  MusterBsSystem *x = *(MusterBsSystem * const *) a;
  MusterBsSystem *y = *(MusterBsSystem * const *) b;
  int c = g_utf8_collate (x->name, y->name);

  return c != 0 ? c : g_strcmp0 (x->folder, y->folder);
}

typedef struct
{
  MusterBsLibrary *library;
  double           progress;
} Progress;

static void set_progress (MusterBsLibrary *self,
                          double           progress);

static gboolean
progress_cb (gpointer user_data)
{
  Progress *p = user_data;

  set_progress (p->library, p->progress);
  return G_SOURCE_REMOVE;
}

static void
progress_free (Progress *p)
{
  g_object_unref (p->library);
  g_free (p);
}

static void
report_progress (Scan *scan)
{
  Progress *p;

  if (scan->library == NULL)
    return;
  p = g_new (Progress, 1);
  p->library = g_object_ref (scan->library);
  p->progress = scan->n_files ? (double) scan->n_done / scan->n_files : 1.0;
  g_main_context_invoke_full (scan->context, G_PRIORITY_DEFAULT, progress_cb, p,
                              (GDestroyNotify) progress_free);
}

/* The whole scan; FALSE when cancelled. */
static gboolean
run_scan (Scan         *scan,
          GCancellable *cancellable)
{
  g_autoptr(GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) per_dir = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

  scan->systems = g_ptr_array_new_with_free_func (g_object_unref);
  scan->problems = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; scan->folders && scan->folders[i]; i++)
    find_folders (scan->folders[i], 0, dirs, scan->problems);
  for (guint i = 0; i < dirs->len; i++)
    {
      GPtrArray *files = read_folder (g_ptr_array_index (dirs, i));

      g_ptr_array_add (per_dir, files);
      /* Each file is read, then loaded: two steps of progress. */
      scan->n_files += 2 * files->len;
    }
  for (guint i = 0; i < dirs->len; i++)
    {
      GPtrArray *files = g_ptr_array_index (per_dir, i);

      for (guint k = 0; k < files->len; k++)
        {
          if (g_cancellable_is_cancelled (cancellable))
            return FALSE;
          load_header (g_ptr_array_index (files, k));
          scan->n_done++;
          report_progress (scan);
        }
      scan_data_folder (scan, g_ptr_array_index (dirs, i), files, scan->systems, scan->problems);
      /* The bytes are loaded: the next folder need not wait beside them in memory. */
      g_ptr_array_set_size (files, 0);
    }
  g_ptr_array_sort (scan->systems, compare_systems);
  return TRUE;
}

static void
scan_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Scan *scan = task_data;

  if (run_scan (scan, cancellable))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The scan was cancelled"));
}

/**
 * muster_bs_library_scan_folder:
 * @folder: a folder of game data (or of such folders)
 *
 * Scans @folder on the calling thread, as a scan of the library would.
 *
 * Returns: (transfer full) (element-type MusterBsSystem): the game systems found
 */
GPtrArray *
muster_bs_library_scan_folder (const char   *folder,
                               GCancellable *cancellable)
{
  const char *folders[] = { folder, NULL };
  Scan *scan = g_new0 (Scan, 1);
  GPtrArray *systems;

  g_return_val_if_fail (folder != NULL, NULL);

  scan->folders = g_strdupv ((char **) folders);
  run_scan (scan, cancellable);
  systems = g_steal_pointer (&scan->systems);
  scan_free (scan);
  return systems;
}

/* The library */

struct _MusterBsLibrary
{
  GObject       parent_instance;

  GStrv         folders;
  GListStore   *systems;
  GStrv         problems;
  double        progress;
  /* The scan under way, if any: a new one cancels it */
  GCancellable *scanning;
};

enum {
  PROP_0,
  PROP_FOLDERS,
  PROP_SYSTEMS,
  PROP_PROGRESS,
  PROP_SCANNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MusterBsLibrary, muster_bs_library, G_TYPE_OBJECT)

static void
set_progress (MusterBsLibrary *self,
              double           progress)
{
  if (self->progress != progress)
    {
      self->progress = progress;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
    }
}

static void
muster_bs_library_dispose (GObject *object)
{
  MusterBsLibrary *self = (MusterBsLibrary *) object;

  if (self->scanning != NULL)
    g_cancellable_cancel (self->scanning);
  g_clear_object (&self->scanning);

  G_OBJECT_CLASS (muster_bs_library_parent_class)->dispose (object);
}

static void
muster_bs_library_finalize (GObject *object)
{
  MusterBsLibrary *self = (MusterBsLibrary *) object;

  g_strfreev (self->folders);
  g_strfreev (self->problems);
  g_clear_object (&self->systems);

  G_OBJECT_CLASS (muster_bs_library_parent_class)->finalize (object);
}

static void
muster_bs_library_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MusterBsLibrary *self = MUSTER_BS_LIBRARY (object);

  switch (prop_id)
    {
    case PROP_FOLDERS:
      g_value_set_boxed (value, self->folders);
      break;

    case PROP_SYSTEMS:
      g_value_set_object (value, self->systems);
      break;

    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;

    case PROP_SCANNING:
      g_value_set_boolean (value, self->scanning != NULL);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_bs_library_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  MusterBsLibrary *self = MUSTER_BS_LIBRARY (object);

  switch (prop_id)
    {
    case PROP_FOLDERS:
      muster_bs_library_set_folders (self, g_value_get_boxed (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_bs_library_class_init (MusterBsLibraryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_bs_library_dispose;
  object_class->finalize = muster_bs_library_finalize;
  object_class->get_property = muster_bs_library_get_property;
  object_class->set_property = muster_bs_library_set_property;

  /**
   * MusterBsLibrary:folders:
   *
   * The folders scanned (bound to the `battlescribe-folders` setting by the application).
   */
  properties[PROP_FOLDERS] =
    g_param_spec_boxed ("folders", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SYSTEMS] =
    g_param_spec_object ("systems", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * MusterBsLibrary:progress:
   *
   * How far the scan under way is, from 0 to 1 (1 when none is).
   */
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL,
                         0, 1, 1,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SCANNING] =
    g_param_spec_boolean ("scanning", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_bs_library_init (MusterBsLibrary *self)
{
  self->systems = g_list_store_new (MUSTER_TYPE_BS_SYSTEM);
  self->folders = g_new0 (char *, 1);
  self->problems = g_new0 (char *, 1);
  self->progress = 1;
}

MusterBsLibrary *
muster_bs_library_new (void)
{
  return g_object_new (MUSTER_TYPE_BS_LIBRARY, NULL);
}

/* Setting the folders does not scan: the caller says when (a rescan is a button too). */
void
muster_bs_library_set_folders (MusterBsLibrary    *self,
                               const char * const *folders)
{
  static const char * const none[] = { NULL };

  g_return_if_fail (MUSTER_IS_BS_LIBRARY (self));

  if (folders == NULL)
    folders = none;
  if (g_strv_equal ((const char * const *) self->folders, folders))
    return;
  g_strfreev (self->folders);
  self->folders = g_strdupv ((char **) folders);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDERS]);
}

const char * const *
muster_bs_library_get_folders (MusterBsLibrary *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_LIBRARY (self), NULL);
  return (const char * const *) self->folders;
}

GListModel *
muster_bs_library_get_systems (MusterBsLibrary *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_LIBRARY (self), NULL);
  return G_LIST_MODEL (self->systems);
}

/**
 * muster_bs_library_lookup:
 *
 * Returns: (transfer none) (nullable): the first game system of that id whose data loaded
 */
MusterBsSystem *
muster_bs_library_lookup (MusterBsLibrary *self,
                          const char      *game_system_id)
{
  g_return_val_if_fail (MUSTER_IS_BS_LIBRARY (self), NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->systems)); i++)
    {
      g_autoptr(MusterBsSystem) system = g_list_model_get_item (G_LIST_MODEL (self->systems), i);

      if (system->data != NULL && g_strcmp0 (system->id, game_system_id) == 0)
        return system;
    }
  return NULL;
}

static int
compare_system_objects (gconstpointer a,
                        gconstpointer b,
                        gpointer      user_data)
{
  return compare_systems (&a, &b);
}

/**
 * muster_bs_library_add_systems:
 * @systems: (element-type MusterBsSystem): systems found elsewhere (muster_bs_library_scan_folder())
 *
 * Adds those whose data loaded and whose game system the library lacks, in name order: a
 * roster opened from beside its data is enough to start. The next scan of the folders forgets
 * them.
 *
 * Returns: how many were added
 */
guint
muster_bs_library_add_systems (MusterBsLibrary *self,
                               GPtrArray       *systems)
{
  guint added = 0;

  g_return_val_if_fail (MUSTER_IS_BS_LIBRARY (self), 0);

  for (guint i = 0; systems != NULL && i < systems->len; i++)
    {
      MusterBsSystem *system = g_ptr_array_index (systems, i);

      if (system->data == NULL || muster_bs_library_lookup (self, system->id) != NULL)
        continue;
      g_list_store_insert_sorted (self->systems, system, compare_system_objects, NULL);
      added++;
    }
  return added;
}

const char * const *
muster_bs_library_get_problems (MusterBsLibrary *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_LIBRARY (self), NULL);
  return (const char * const *) self->problems;
}

double
muster_bs_library_get_progress (MusterBsLibrary *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_LIBRARY (self), 1);
  return self->progress;
}

gboolean
muster_bs_library_get_scanning (MusterBsLibrary *self)
{
  g_return_val_if_fail (MUSTER_IS_BS_LIBRARY (self), FALSE);
  return self->scanning != NULL;
}

static void
scan_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) outer = user_data;
  MusterBsLibrary *self = g_task_get_source_object (outer);
  Scan *scan = g_task_get_task_data (G_TASK (result));
  GError *error = NULL;
  gboolean latest = self->scanning == g_task_get_cancellable (outer);
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  /* Dropped here, on the library's thread, not on the worker's. */
  g_clear_object (&scan->library);
  /* A later scan replaced this one: its result is what the library shows. */
  if (latest)
    {
      g_clear_object (&self->scanning);
      if (ok)
        {
          g_list_store_splice (self->systems, 0,
                               g_list_model_get_n_items (G_LIST_MODEL (self->systems)),
                               scan->systems->pdata, scan->systems->len);
          g_strfreev (self->problems);
          g_ptr_array_add (scan->problems, NULL);
          self->problems = (GStrv) g_ptr_array_free (g_steal_pointer (&scan->problems), FALSE);
        }
      set_progress (self, 1);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCANNING]);
    }
  if (!ok)
    {
      g_task_return_error (outer, error);
      return;
    }
  g_task_return_boolean (outer, TRUE);
}

/**
 * muster_bs_library_scan_async:
 *
 * Scans the folders on a worker thread and replaces the systems with what it found. A scan
 * started while another is under way cancels that one; cancelling @cancellable (or the
 * library's disposal) stops it between files and keeps the systems as they were.
 */
void
muster_bs_library_scan_async (MusterBsLibrary     *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) worker = NULL;
  g_autoptr(GCancellable) own = NULL;
  Scan *scan;

  g_return_if_fail (MUSTER_IS_BS_LIBRARY (self));

  if (self->scanning != NULL)
    g_cancellable_cancel (self->scanning);
  own = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
  g_set_object (&self->scanning, own);
  task = g_task_new (self, own, callback, user_data);
  g_task_set_source_tag (task, muster_bs_library_scan_async);

  scan = g_new0 (Scan, 1);
  scan->folders = g_strdupv (self->folders);
  scan->library = g_object_ref (self);
  scan->context = g_main_context_ref_thread_default ();
  set_progress (self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCANNING]);

  worker = g_task_new (NULL, own, scan_done_cb, g_steal_pointer (&task));
  g_task_set_source_tag (worker, scan_thread);
  g_task_set_task_data (worker, scan, (GDestroyNotify) scan_free);
  g_task_set_return_on_cancel (worker, FALSE);
  g_task_run_in_thread (worker, scan_thread);
}

gboolean
muster_bs_library_scan_finish (MusterBsLibrary  *self,
                               GAsyncResult     *result,
                               GError          **error)
{
  g_return_val_if_fail (MUSTER_IS_BS_LIBRARY (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
