/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: the BattleScribe game data reader. Any bytes given as a catalogue beside a
 * game system of our own fail cleanly or load, never crash, hang or leak; zipped (a .catz),
 * they give the same verdict; bytes that are a zip already go through the unzipping. What
 * loads is resolved, walked link by link, and used for a roster: every force it offers added
 * and a few of its root entries selected, validated, saved and read again.
 *
 * Built again with MUSTER_FUZZ_LOAD_ONLY as fuzz-bs-cat-load, the fast path: the reader and
 * the resolution alone, thousands of inputs a second. */
#include "config.h"

#include <string.h>

#include "fuzz-common.h"
#include "muster-bs-data.h"
#include "muster-bs-roster.h"
#include "muster-bs-zip.h"


/* The game system, read once (it is no input): each input's set is a copy of this one. */
static MusterBsData *
game_system (void)
{
  static MusterBsData *set;

  if (set == NULL)
    {
      g_autoptr(GError) error = NULL;

      set = muster_bs_data_new ();
      if (!muster_bs_data_add_file (set, MUSTER_FUZZ_BS_GST, &error))
        FUZZ_FAIL ("the harness cannot load its game system: %s", error->message);
    }
  return set;
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  (void) game_system ();
  return 0;
}

/* Loads @bytes as @name beside the game system; NULL when refused (the error names @name). */
static MusterBsData *
load (GBytes     *bytes,
      const char *name)
{
  g_autoptr(MusterBsData) set = muster_bs_data_copy (game_system ());
  g_autoptr(GError) error = NULL;

  if (!muster_bs_data_add_bytes (set, name, bytes, &error))
    {
      g_assert (error != NULL && g_str_has_prefix (error->message, name));
      return NULL;
    }
  return g_steal_pointer (&set);
}

static void
walk (const MusterBsData *set,
      const MusterBsNode *node)
{
  for (const MusterBsNode *child = node->first_child; child != NULL; child = child->next)
    {
      if (child->target_id != NULL)
        muster_bs_data_resolve_link (set, child);
      walk (set, child);
    }
}

/* A roster of every force the catalogues offer (a few), each with a few root entries. */
static void
use_in_roster (MusterBsData *set)
{
  GPtrArray *catalogues = muster_bs_data_get_catalogues (set);
  g_autoptr(MusterBsRoster) roster = muster_bs_roster_new (set, "Fuzz");
  g_autoptr(GPtrArray) findings = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  guint n_forces = 0;

  for (guint c = 0; c < catalogues->len && n_forces < 4; c++)
    {
      const MusterBsNode *cat = catalogues->pdata[c];
      g_autoptr(GPtrArray) files = muster_bs_data_root_files (set, cat);

      for (guint f = 0; f < files->len && n_forces < 4; f++)
        for (const MusterBsNode *fe = ((const MusterBsNode *) files->pdata[f])->first_child;
             fe != NULL && n_forces < 4; fe = fe->next)
          {
            MusterBsForce *force;
            guint n_selected = 0;

            if (fe->kind != MUSTER_BS_NODE_FORCE_ENTRY || fe->id == NULL)
              continue;
            force = muster_bs_roster_add_force (roster, NULL, fe->id, cat->id, NULL, NULL);
            if (force == NULL)
              continue;
            n_forces++;
            for (const MusterBsNode *e = cat->first_child; e != NULL && n_selected < 6; e = e->next)
              if (e->place == MUSTER_BS_IN_ROOT && e->id != NULL &&
                  (e->kind == MUSTER_BS_NODE_SELECTION_ENTRY ||
                   e->kind == MUSTER_BS_NODE_ENTRY_LINK))
                {
                  g_autoptr(GError) select_error = NULL;

                  if (muster_bs_roster_select (roster, force, NULL, e->id, NULL, &select_error))
                    n_selected++;
                }
          }
    }

  muster_bs_roster_get_costs (roster);
  findings = muster_bs_roster_get_findings (roster);
  for (guint i = 0; i < findings->len; i++)
    g_assert (((MusterBsFinding *) findings->pdata[i])->message != NULL);

  saved = muster_bs_roster_save (roster, FALSE, &error);
  g_assert (saved != NULL);
  {
    g_autoptr(MusterBsRoster) again = muster_bs_roster_load (set, "saved.ros", saved, &error);

    if (again == NULL)
      FUZZ_FAIL ("a roster Muster saved did not load again: %s", error->message);
  }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(MusterBsData) set = load (bytes, "fuzz.cat");
  g_autoptr(GError) error = NULL;

#ifdef MUSTER_FUZZ_LOAD_ONLY
  if (set != NULL && muster_bs_data_resolve (set, &error))
    for (guint i = 0; i < muster_bs_data_get_catalogues (set)->len; i++)
      walk (set, muster_bs_data_get_catalogues (set)->pdata[i]);
  return 0;
#endif
  /* The same bytes zipped: the same verdict (a zip is unzipped once, not twice). */
  if (size < 4 || memcmp (data, "PK\3\4", 4) != 0)
    {
      g_autoptr(GBytes) zip = muster_bs_zip_store ("fuzz.cat", bytes, &error);
      g_autoptr(MusterBsData) zipped = NULL;

      g_assert (zip != NULL);
      zipped = load (zip, "fuzz.catz");
      if ((zipped == NULL) != (set == NULL))
        FUZZ_FAIL ("the catalogue %s, zipped it %s", set ? "loads" : "is refused",
                 zipped ? "loads" : "is refused");
    }

  if (set == NULL || !muster_bs_data_resolve (set, &error))
    return 0;
  for (guint i = 0; muster_bs_data_get_problems (set)[i] != NULL; i++)
    g_assert (*muster_bs_data_get_problems (set)[i] != '\0');
  for (guint i = 0; i < muster_bs_data_get_catalogues (set)->len; i++)
    walk (set, muster_bs_data_get_catalogues (set)->pdata[i]);
  use_in_roster (set);
  return 0;
}
