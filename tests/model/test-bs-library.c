/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-bs-library.h"

#define FIXTURE MUSTER_TEST_MODEL_DATA "/bs-fixture"

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
  guint     n_progress;
  double    last_progress;
} Scan;

static void
scan_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Scan *scan = user_data;

  scan->ok = muster_bs_library_scan_finish (MUSTER_BS_LIBRARY (object), result, &scan->error);
  scan->done = TRUE;
}

static void
progress_cb (MusterBsLibrary *library,
             GParamSpec      *pspec,
             Scan            *scan)
{
  double progress = muster_bs_library_get_progress (library);

  /* Progress only goes forward while a scan runs. */
  if (progress > 0 && progress < 1)
    g_assert_cmpfloat (progress, >=, scan->last_progress);
  scan->last_progress = progress;
  scan->n_progress++;
}

static void
scan_sync (MusterBsLibrary *library,
           GCancellable    *cancellable,
           Scan            *scan)
{
  gulong id = g_signal_connect (library, "notify::progress", G_CALLBACK (progress_cb), scan);

  muster_bs_library_scan_async (library, cancellable, scan_cb, scan);
  g_assert_true (muster_bs_library_get_scanning (library));
  while (!scan->done)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (library, id);
}

static gboolean
has_problem (const char * const *problems,
             const char         *part)
{
  for (; problems && *problems; problems++)
    if (strstr (*problems, part) != NULL)
      return TRUE;
  return FALSE;
}

/* A folder of folders: each game system found with its catalogues, revisions and problems. */
static void
test_library_scan (void)
{
  g_autoptr(MusterBsLibrary) library = muster_bs_library_new ();
  const char *folders[] = { FIXTURE, "/nonexistent/muster-bs", NULL };
  Scan scan = { 0 };
  MusterBsSystem *skirmish, *duel;
  GArray *catalogues;

  muster_bs_library_set_folders (library, folders);
  g_assert_cmpstrv (muster_bs_library_get_folders (library), folders);
  scan_sync (library, NULL, &scan);
  g_assert_no_error (scan.error);
  g_assert_true (scan.ok);
  g_assert_false (muster_bs_library_get_scanning (library));
  g_assert_cmpfloat (muster_bs_library_get_progress (library), ==, 1);
  g_assert_cmpuint (scan.n_progress, >=, 3);

  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_library_get_systems (library)), ==, 2);
  skirmish = muster_bs_library_lookup (library, "sk-gs");
  g_assert_nonnull (skirmish);
  g_assert_cmpstr (muster_bs_system_get_name (skirmish), ==, "Skirmish Test");
  g_assert_cmpint (muster_bs_system_get_revision (skirmish), ==, 3);
  g_assert_nonnull (muster_bs_system_get_data (skirmish));
  /* The broken catalogue is a problem of its system, not a catalogue of it. */
  catalogues = muster_bs_system_get_catalogues (skirmish);
  g_assert_cmpuint (catalogues->len, ==, 1);
  g_assert_cmpstr (g_array_index (catalogues, MusterBsCatalogueInfo, 0).name, ==, "Rangers");
  g_assert_cmpint (g_array_index (catalogues, MusterBsCatalogueInfo, 0).revision, ==, 5);
  g_assert_true (has_problem (muster_bs_system_get_problems (skirmish), "Broken.cat:"));
  g_assert_nonnull (muster_bs_data_get_catalogue (muster_bs_system_get_data (skirmish), "sk-rangers"));
  g_assert_null (muster_bs_data_get_catalogue (muster_bs_system_get_data (skirmish), "sk-broken"));

  duel = muster_bs_library_lookup (library, "duel-gs");
  g_assert_nonnull (duel);
  g_assert_true (g_str_has_suffix (muster_bs_system_get_folder (duel), "/sub"));
  g_assert_cmpuint (muster_bs_system_get_catalogues (duel)->len, ==, 0);
  g_assert_null (muster_bs_library_lookup (library, "other-gs"));

  /* A catalogue without its game system, and a folder that is not there. */
  g_assert_true (has_problem (muster_bs_library_get_problems (library), "Stray.cat"));
  g_assert_true (has_problem (muster_bs_library_get_problems (library), "/nonexistent/muster-bs"));

  /* A rescan of no folders empties the library. */
  muster_bs_library_set_folders (library, NULL);
  scan = (Scan) { 0 };
  scan_sync (library, NULL, &scan);
  g_assert_true (scan.ok);
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_library_get_systems (library)), ==, 0);
  g_assert_null (muster_bs_library_lookup (library, "sk-gs"));
}

/* Systems found beside a roster join the library, once each. */
static void
test_library_add_systems (void)
{
  g_autoptr(MusterBsLibrary) library = muster_bs_library_new ();
  g_autoptr(GPtrArray) found = muster_bs_library_scan_folder (FIXTURE "/game/sub", NULL);
  g_autoptr(GPtrArray) again = muster_bs_library_scan_folder (FIXTURE, NULL);

  g_assert_cmpuint (found->len, ==, 1);
  g_assert_cmpuint (muster_bs_library_add_systems (library, found), ==, 1);
  g_assert_nonnull (muster_bs_library_lookup (library, "duel-gs"));
  /* Duel is there already: only Skirmish Test comes, after it by name. */
  g_assert_cmpuint (muster_bs_library_add_systems (library, again), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_library_get_systems (library)), ==, 2);
  {
    g_autoptr(MusterBsSystem) first = g_list_model_get_item (muster_bs_library_get_systems (library), 0);

    g_assert_cmpstr (muster_bs_system_get_id (first), ==, "duel-gs");
  }
}

/* A cancelled scan reports it and leaves the systems as they were. */
static void
test_library_cancel (void)
{
  g_autoptr(MusterBsLibrary) library = muster_bs_library_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  const char *folders[] = { FIXTURE, NULL };
  Scan scan = { 0 };

  muster_bs_library_set_folders (library, folders);
  g_cancellable_cancel (cancellable);
  scan_sync (library, cancellable, &scan);
  g_assert_false (scan.ok);
  g_assert_error (scan.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&scan.error);
  g_assert_false (muster_bs_library_get_scanning (library));
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_library_get_systems (library)), ==, 0);
}

/* The shared BSData sets, when given: each loads with its catalogues. */
static void
test_library_bsdata (void)
{
  const char *bsdata = g_getenv ("MUSTER_BSDATA");
  g_autoptr(MusterBsLibrary) library = muster_bs_library_new ();
  const char *folders[] = { bsdata, NULL };
  Scan scan = { 0 };
  MusterBsSystem *wh40k;

  if (bsdata == NULL || *bsdata == '\0')
    {
      g_test_skip ("MUSTER_BSDATA is not set");
      return;
    }
  muster_bs_library_set_folders (library, folders);
  scan_sync (library, NULL, &scan);
  g_assert_true (scan.ok);
  g_assert_cmpuint (g_list_model_get_n_items (muster_bs_library_get_systems (library)), ==, 3);
  wh40k = muster_bs_library_lookup (library, "sys-352e-adc2-7639-d6a9");
  g_assert_nonnull (wh40k);
  g_assert_cmpuint (muster_bs_system_get_catalogues (wh40k)->len, ==, 46);
  g_assert_cmpint (muster_bs_system_get_revision (wh40k), >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bs-library/scan", test_library_scan);
  g_test_add_func ("/bs-library/cancel", test_library_cancel);
  g_test_add_func ("/bs-library/add-systems", test_library_add_systems);
  g_test_add_func ("/bs-library/bsdata", test_library_bsdata);
  return g_test_run ();
}
