/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include "muster-engine.h"
#include "../engine/muster-test-util.h"
#include "muster-resolve-command.h"

/*
 * Resolve as one undo step, on the Cold Beck sample: the roll changes the target and appends
 * the log line; undo takes both back with the seed; redo brings the same roll, not a new one.
 */

typedef struct
{
  GMainLoop *loop;
  gboolean   ok;
} Result;

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Result *r = user_data;
  g_autoptr(GError) error = NULL;

  r->ok = muster_document_load_finish (MUSTER_DOCUMENT (object), result, &error);
  g_assert_no_error (error);
  g_main_loop_quit (r->loop);
}

static MusterDocument *
load_sample (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  MusterDocument *document = muster_document_new ();
  Result r = { g_main_loop_new (NULL, FALSE), FALSE };

  muster_document_set_catalog (document, catalog);
  muster_document_load_async (document, file, NULL, load_cb, &r);
  g_main_loop_run (r.loop);
  g_main_loop_unref (r.loop);
  g_assert_true (r.ok);
  return document;
}

static void
count_cb (MusterDocument *document,
          gpointer        unit,
          guint          *count)
{
  (*count)++;
}

static void
test_undo_redo (void)
{
  g_autoptr(MusterDocument) document = load_sample ("battle-valor-fantasy-cold-beck.muster");
  MusterDoc *doc = muster_document_get_doc (document);
  MusterHistory *history = muster_document_get_history (document);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterTerrainTypes) types = NULL;
  g_autofree char *result = NULL;
  MusterCommand *command;
  MusterUnit *target = muster_doc_lookup_unit (doc, "u43");
  guint size = muster_unit_get_size (target), changed = 0;
  guint64 seed = muster_doc_get_seed (doc);
  const MusterLogEntry *entry;

  types = muster_terrain_types_new_for_ruleset (muster_doc_get_ruleset (doc), &error);
  g_assert_no_error (error);
  g_signal_connect (document, "unit-changed", G_CALLBACK (count_cb), &changed);

  /* A procedure the system does not have: refused, nothing rolled */
  command = muster_resolve_command_new (document, types, "u5", "u43", "no-such-thing", NULL, NULL,
                                        &error);
  g_assert_null (command);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_clear_error (&error);

  /* a melee strike, the crossbows brought into contact with the archers first */
  muster_test_place_in_contact (doc, "u5", "u43");
  command = muster_resolve_command_new (document, types, "u5", "u43", "melee-strike", NULL, NULL,
                                        &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_command_get_label (command), ==, "Resolve Combat attack");
  muster_history_push (history, command);
  entry = muster_resolve_command_get_entry (MUSTER_RESOLVE_COMMAND (command));
  g_object_unref (command);
  g_assert_cmpuint (muster_doc_get_n_log_entries (doc), ==, 1);
  g_assert_true (muster_doc_get_log_entry (doc, 0) == entry);
  g_assert_cmpuint (entry->seed, ==, seed);
  g_assert_cmpuint (muster_doc_get_seed (doc), ==, entry->next_seed);
  g_assert_cmpuint (entry->dice->len, >, 0);
  result = g_strdup (entry->result);
  if (entry->changes->len > 0)
    {
      g_assert_cmpuint (changed, ==, 1);
      g_assert_true (muster_unit_get_size (target) < size || muster_unit_get_markers (target));
    }

  g_assert_true (muster_history_undo (history));
  g_assert_cmpuint (muster_doc_get_n_log_entries (doc), ==, 0);
  g_assert_cmpuint (muster_unit_get_size (target), ==, size);
  g_assert_null (muster_unit_get_markers (target));
  g_assert_cmpuint (muster_doc_get_seed (doc), ==, seed);

  g_assert_true (muster_history_redo (history));
  g_assert_cmpuint (muster_doc_get_n_log_entries (doc), ==, 1);
  g_assert_cmpstr (muster_doc_get_log_entry (doc, 0)->result, ==, result);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/resolve-command/undo-redo", test_undo_redo);
  return g_test_run ();
}
