/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "muster-document.h"
#include "muster-engine.h"

/* The rulesets of the source tree, for every test of the file. */
static MusterCatalog *catalog;

static inline void
army_fixture_init (int    *argc,
                   char ***argv)
{
  g_test_init (argc, argv, NULL);
  catalog = muster_catalog_new_default ();
}

static inline int
army_fixture_run (void)
{
  int ret = g_test_run ();

  g_clear_pointer (&catalog, muster_catalog_free);
  return ret;
}

/* Connect to "items-changed": appends "(position,removed,added)" to a GString. */
static inline void
army_fixture_log_items_changed (GListModel *model,
                                guint       position,
                                guint       removed,
                                guint       added,
                                GString    *log)
{
  g_string_append_printf (log, "(%u,%u,%u)", position, removed, added);
}

/* The shipped 1000-point Battle Valor Fantasy list, loaded and costed. */

static inline void
army_fixture_loaded_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  gboolean *done = user_data;

  g_assert_true (muster_document_load_finish (MUSTER_DOCUMENT (object), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static inline MusterDocument *
army_fixture_load (MusterCatalog *rulesets,
                   const char    *path)
{
  MusterDocument *document = muster_document_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gboolean done = FALSE;

  muster_document_set_catalog (document, rulesets);
  muster_document_load_async (document, file, NULL, army_fixture_loaded_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (muster_document_get_ruleset (document));
  return document;
}

static inline MusterDocument *
army_fixture_load_sample (MusterCatalog *rulesets)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            "battle-valor-fantasy-1000.muster", NULL);

  return army_fixture_load (rulesets, path);
}

static inline GBytes *
army_fixture_bytes (MusterDocument *document)
{
  return muster_doc_to_bytes (muster_document_get_doc (document));
}

static inline MusterNode *
army_fixture_root (MusterDocument *document)
{
  return muster_force_get_root (muster_document_get_force (document));
}

/* Connect to "notify": appends "[property]" to a GString. */
static inline void
army_fixture_log_notify (GObject    *object,
                         GParamSpec *pspec,
                         GString    *log)
{
  g_string_append_printf (log, "[%s]", pspec->name);
}

/* Applies @command (transfer full) through the document's history. */
static inline void
army_fixture_push (MusterDocument *document,
                   MusterCommand  *command)
{
  muster_history_push (muster_document_get_history (document), command);
  g_object_unref (command);
}

/* Returns: (transfer none): the item at @position, which @model keeps */
static inline gpointer
army_fixture_item (GListModel *model,
                   guint       position)
{
  GObject *found = g_list_model_get_item (model, position);

  g_object_unref (found);
  return found;
}
