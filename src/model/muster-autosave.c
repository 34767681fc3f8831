/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-autosave"

#include "config.h"

#include "muster-autosave.h"
#include "muster-recovery.h"

/*
 * Keeps one document's recovery file (see muster-recovery.c) while it has unsaved changes: a
 * list (MusterDocument) or a BattleScribe roster (MusterBsDocument), through MusterRecoverable.
 * Edits are debounced: the copy is written once the edits pause for the delay, but never
 * later than MAX_WAIT delays after the first unwritten edit, so a long run of typing is still
 * covered. Writing happens in a thread, one write at a time. When the document becomes clean
 * again (saved, or undone back to the saved state) the copy is deleted; muster_autosave_discard()
 * deletes it on a clean close. Nothing deletes it on a crash, which is the point.
 */

#define DEFAULT_DELAY_MS 5000
#define MAX_WAIT 4

struct _MusterAutosave
{
  GObject         parent_instance;

  MusterRecoverable *document;
  GFile          *file;
  guint           delay_ms;

  guint           timeout_id;
  gint64          first_pending;  /* monotonic µs of the first edit not yet written */
  gboolean        writing;
  gboolean        write_again;    /* an edit came while writing */
  guint           generation;     /* bumped by every deletion: a write of an older one is stale */
  GFile          *written_origin; /* the origin the last copy names */
};

enum {
  PROP_0,
  PROP_DELAY,
  PROP_FILE,
  N_PROPS
};

enum {
  WRITTEN,
  FAILED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (MusterAutosave, muster_autosave, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

typedef struct
{
  GFile  *file;
  GFile  *origin;
  GBytes *xml;
  guint   generation;
} WriteData;

static void
write_data_free (WriteData *data)
{
  g_clear_object (&data->file);
  g_clear_object (&data->origin);
  g_clear_pointer (&data->xml, g_bytes_unref);
  g_free (data);
}

static void
delete_file (GFile *file)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_delete (file, NULL, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    g_warning ("Could not delete the recovery file %s: %s", g_file_peek_path (file),
               error->message);
}

static void
write_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  WriteData *data = task_data;
  GError *error = NULL;

  if (muster_recovery_write (data->file, data->xml, data->origin, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void start_write (MusterAutosave *self);

static void
write_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  MusterAutosave *self = MUSTER_AUTOSAVE (object);
  WriteData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  self->writing = FALSE;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    g_signal_emit (self, signals[FAILED], 0, error);
  else if (data->generation != self->generation)
    /* The copy was deleted (saved, closed) while this write ran: it must not come back. */
    delete_file (data->file);
  else
    g_signal_emit (self, signals[WRITTEN], 0);

  if (self->write_again)
    {
      self->write_again = FALSE;
      start_write (self);
    }
}

static void
start_write (MusterAutosave *self)
{
  g_autoptr(GTask) task = NULL;
  GFile *origin = muster_recoverable_get_file (self->document);
  GBytes *xml;
  WriteData *data;

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (!muster_recoverable_get_modified (self->document))
    return;
  if (self->writing)
    {
      self->write_again = TRUE;
      return;
    }

  /* Serialise here, where the document lives; only the file system work goes to the thread. */
  if (!(xml = muster_recoverable_dup_recovery_bytes (self->document)))
    return;
  data = g_new0 (WriteData, 1);
  data->file = g_object_ref (self->file);
  data->origin = origin != NULL ? g_object_ref (origin) : NULL;
  data->xml = xml;
  g_set_object (&self->written_origin, origin);
  data->generation = self->generation;

  self->writing = TRUE;
  task = g_task_new (self, NULL, write_done_cb, NULL);
  g_task_set_source_tag (task, start_write);
  g_task_set_task_data (task, data, (GDestroyNotify) write_data_free);
  g_task_run_in_thread (task, write_thread);
}

static gboolean
write_idle_cb (gpointer user_data)
{
  MusterAutosave *self = user_data;

  self->timeout_id = 0;
  start_write (self);
  return G_SOURCE_REMOVE;
}

/* The copy is made on the main thread (a 2,000-point roster: some 2 ms), so it waits until
 * nothing else is to be done: a timeout, dispatched before a window's pending frame, put it
 * in the frame of the edit that came just before (issue 21). */
static gboolean
timeout_cb (gpointer user_data)
{
  MusterAutosave *self = user_data;

  self->timeout_id = g_idle_add_full (G_PRIORITY_LOW, write_idle_cb, self, NULL);
  return G_SOURCE_REMOVE;
}

/* Deletes the copy, and forgets any write planned or running. */
static void
drop (MusterAutosave *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  self->write_again = FALSE;
  self->generation++;
  delete_file (self->file);
}

static void
edited_cb (MusterAutosave *self)
{
  gint64 now = g_get_monotonic_time ();

  if (!muster_recoverable_get_modified (self->document))
    {
      if (self->timeout_id != 0 || self->writing || g_file_query_exists (self->file, NULL))
        drop (self);
      return;
    }

  if (self->timeout_id == 0)
    self->first_pending = now;
  else if (now - self->first_pending < (gint64) MAX_WAIT * self->delay_ms * 1000)
    g_clear_handle_id (&self->timeout_id, g_source_remove);
  else
    return;  /* waited long enough: let the planned write happen */
  self->timeout_id = g_timeout_add (self->delay_ms, timeout_cb, self);
}

/* Saved to another file (or the first time): a copy naming the old place is written again.
 * The same place again (a save over the file it came from) needs nothing. */
static void
file_changed_cb (MusterAutosave *self)
{
  GFile *file = muster_recoverable_get_file (self->document);

  if (file == self->written_origin ||
      (file != NULL && self->written_origin != NULL && g_file_equal (file, self->written_origin)))
    return;
  edited_cb (self);
}

static void
muster_autosave_dispose (GObject *object)
{
  MusterAutosave *self = MUSTER_AUTOSAVE (object);

  /* Not a deletion: disposal without muster_autosave_discard() keeps the copy. */
  g_clear_handle_id (&self->timeout_id, g_source_remove);

  G_OBJECT_CLASS (muster_autosave_parent_class)->dispose (object);
}

static void
muster_autosave_finalize (GObject *object)
{
  MusterAutosave *self = MUSTER_AUTOSAVE (object);

  g_clear_object (&self->document);
  g_clear_object (&self->file);
  g_clear_object (&self->written_origin);

  G_OBJECT_CLASS (muster_autosave_parent_class)->finalize (object);
}

static void
muster_autosave_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MusterAutosave *self = MUSTER_AUTOSAVE (object);

  switch (prop_id)
    {
    case PROP_DELAY:
      g_value_set_uint (value, self->delay_ms);
      break;

    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_autosave_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  MusterAutosave *self = MUSTER_AUTOSAVE (object);

  switch (prop_id)
    {
    case PROP_DELAY:
      muster_autosave_set_delay (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_autosave_class_init (MusterAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = muster_autosave_dispose;
  object_class->finalize = muster_autosave_finalize;
  object_class->get_property = muster_autosave_get_property;
  object_class->set_property = muster_autosave_set_property;

  /**
   * MusterAutosave:delay:
   *
   * Milliseconds without an edit before the recovery copy is written.
   */
  properties[PROP_DELAY] =
    g_param_spec_uint ("delay", NULL, NULL,
                       1, G_MAXINT, DEFAULT_DELAY_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL,
                         G_TYPE_FILE,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MusterAutosave::written:
   *
   * A recovery copy of the current state is on disk.
   */
  signals[WRITTEN] =
    g_signal_new ("written", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * MusterAutosave::failed:
   * @error: why the copy could not be written
   *
   * The recovery copy could not be written: the user should know that a crash would now
   * lose their changes. The next edit tries again.
   */
  signals[FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
muster_autosave_init (MusterAutosave *self)
{
  self->delay_ms = DEFAULT_DELAY_MS;
}

/**
 * muster_autosave_new:
 * @document: the list or roster to keep a copy of
 * @dir: the recovery folder, e.g. muster_recovery_get_default_dir()
 *
 * Returns: (transfer full): a new autosave with a recovery file of its own in @dir
 */
MusterAutosave *
muster_autosave_new (MusterRecoverable *document,
                     GFile             *dir)
{
  MusterAutosave *self;
  MusterHistory *history;

  g_return_val_if_fail (MUSTER_IS_RECOVERABLE (document), NULL);
  g_return_val_if_fail (G_IS_FILE (dir), NULL);

  self = g_object_new (MUSTER_TYPE_AUTOSAVE, NULL);
  self->document = g_object_ref (document);
  self->file = muster_recovery_new_file_with_suffix (dir,
                                                     muster_recoverable_get_recovery_suffix (document));
  history = muster_recoverable_get_history (document);

  /* Every edit is a history step, or changes the top one when merged (typing a name). */
  g_signal_connect_object (history, "notify::position", G_CALLBACK (edited_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (history, "items-changed", G_CALLBACK (edited_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::modified", G_CALLBACK (edited_cb), self,
                           G_CONNECT_SWAPPED);
  /* A copy written while the first save ran names no origin: the next one must. */
  g_signal_connect_object (document, "notify::file", G_CALLBACK (file_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return self;
}

guint
muster_autosave_get_delay (MusterAutosave *self)
{
  g_return_val_if_fail (MUSTER_IS_AUTOSAVE (self), 0);
  return self->delay_ms;
}

/* Applies from the next edit on. */
void
muster_autosave_set_delay (MusterAutosave *self,
                           guint           delay_ms)
{
  g_return_if_fail (MUSTER_IS_AUTOSAVE (self));
  g_return_if_fail (delay_ms > 0);

  if (self->delay_ms == delay_ms)
    return;
  self->delay_ms = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DELAY]);
}

/* Returns: (transfer none): the recovery file, which exists only while there are unsaved
 * changes that have been written */
GFile *
muster_autosave_get_file (MusterAutosave *self)
{
  g_return_val_if_fail (MUSTER_IS_AUTOSAVE (self), NULL);
  return self->file;
}

/**
 * muster_autosave_set_file:
 * @file: a recovery file to keep up to date from now on
 *
 * Takes over the recovery file a document was restored from, so the restored copy stays the
 * one on disk until the next write replaces it. The previous file, if written, is deleted.
 * Call it after muster_document_restore() or muster_bs_document_restore(): restoring passes through a clean state, which
 * deletes the copy.
 */
void
muster_autosave_set_file (MusterAutosave *self,
                          GFile          *file)
{
  g_return_if_fail (MUSTER_IS_AUTOSAVE (self));
  g_return_if_fail (G_IS_FILE (file));

  if (g_file_equal (file, self->file))
    return;
  drop (self);
  g_set_object (&self->file, file);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  /* Unsaved changes already there (the restored list) are written to the new file. */
  if (muster_recoverable_get_modified (self->document))
    edited_cb (self);
}

/* Whether a write is running in its thread: until it ends, the copy on disk may still
 * appear or change (a stale one is deleted when the write ends). */
gboolean
muster_autosave_is_writing (MusterAutosave *self)
{
  g_return_val_if_fail (MUSTER_IS_AUTOSAVE (self), FALSE);

  return self->writing;
}

/* Writes the copy now rather than after the delay, if there are unsaved changes. */
void
muster_autosave_write_now (MusterAutosave *self)
{
  g_return_if_fail (MUSTER_IS_AUTOSAVE (self));
  start_write (self);
}

/* A clean close: deletes the copy. Unsaved changes are then gone for good. */
void
muster_autosave_discard (MusterAutosave *self)
{
  g_return_if_fail (MUSTER_IS_AUTOSAVE (self));
  drop (self);
}
