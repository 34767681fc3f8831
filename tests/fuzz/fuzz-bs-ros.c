/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: the BattleScribe roster reader, over the game system and catalogue of
 * tests/data/battlescribe. Any bytes fail cleanly or load, never crash, hang or leak; bytes
 * that are a zip (a .rosz) go through the unzipping. What loads is costed and validated, saved
 * (plain and zipped) and read again, and each force's first selection removed and put back,
 * which must leave the same findings.
 *
 * Built again with MUSTER_FUZZ_LOAD_ONLY as fuzz-bs-ros-load, the fast path: the reader
 * alone, thousands of inputs a second. */
#include "config.h"

#include "fuzz-common.h"
#include "muster-bs-data.h"
#include "muster-bs-roster.h"


static MusterBsData *
game_data (void)
{
  static MusterBsData *set;

  if (set == NULL)
    {
      g_autoptr(GError) error = NULL;

      set = muster_bs_data_load_dir (MUSTER_FUZZ_BS_DATA, &error);
      if (set == NULL)
        FUZZ_FAIL ("%s", error->message);
    }
  return set;
}

static char *
describe (MusterBsRoster *roster)
{
  g_autoptr(GPtrArray) findings = muster_bs_roster_get_findings (roster);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < findings->len; i++)
    {
      const MusterBsFinding *f = findings->pdata[i];

      g_assert (f->message != NULL);
      g_string_append_printf (out, "%d %s %s %s\n", f->severity, f->constraint_id, f->path,
                              f->message);
    }
  return g_string_free (out, FALSE);
}

static void
reload (MusterBsRoster *roster,
        gboolean        zipped)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) saved = muster_bs_roster_save (roster, zipped, &error);
  g_autoptr(MusterBsRoster) again = NULL;

  g_assert (saved != NULL);
  again = muster_bs_roster_load (game_data (), zipped ? "saved.rosz" : "saved.ros", saved, &error);
  if (again == NULL)
    FUZZ_FAIL ("a roster Muster saved did not load again: %s", error->message);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterBsRoster) roster = muster_bs_roster_load (game_data (), "fuzz.ros", bytes,
                                                            &error);
  g_autofree char *before = NULL;

  if (roster == NULL)
    {
      g_assert (error != NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.ros"));
      return 0;
    }
#ifdef MUSTER_FUZZ_LOAD_ONLY
  return 0;
#endif

  muster_bs_roster_get_costs (roster);
  before = describe (roster);
  reload (roster, FALSE);
  reload (roster, TRUE);

  for (guint f = 0; f < muster_bs_roster_get_n_forces (roster) && f < 4; f++)
    {
      MusterBsForce *force = muster_bs_roster_get_force (roster, f);
      MusterBsSelection *sel;
      g_autofree char *after = NULL;
      guint index;

      if (muster_bs_force_get_n_selections (force) == 0)
        continue;
      sel = muster_bs_roster_remove_selection (roster, muster_bs_force_get_selection (force, 0),
                                               &index);
      g_free (describe (roster));
      muster_bs_roster_insert_selection (roster, force, NULL, index, sel);
      after = describe (roster);
      if (g_strcmp0 (before, after) != 0)
        FUZZ_FAIL ("removing a selection and putting it back changed the findings:\n%s---\n%s",
                 before, after);
    }
  return 0;
}
