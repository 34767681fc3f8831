/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>

#include "muster-test-bs.h"

/*
 * New Recruit's automatic constraints (muster-bs-automatic.c) over the fixture
 * tests/data/battlescribe/automatic: a bound that moves with modifiers, or a count the user
 * moves past it, is kept by the engine; the same constraint without automatic="true" is a
 * finding; each change is taken back and made again exactly.
 */

typedef struct
{
  MusterBsData   *data;
  MusterBsRoster *roster;
  MusterBsForce  *force;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  user_data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (MUSTER_TEST_DATA, "battlescribe", "automatic", NULL);

  f->data = muster_bs_data_load_dir (dir, &error);
  g_assert_no_error (error);
  f->roster = muster_bs_roster_new (f->data, "Automatic");
  f->force = muster_bs_roster_add_force (f->roster, NULL, "ma-patrol", "ma-cat", NULL, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  user_data)
{
  muster_bs_roster_free (f->roster);
  muster_bs_data_free (f->data);
}

static MusterBsSelection *
select_in (Fixture           *f,
           MusterBsSelection *parent,
           const char        *entry_id)
{
  return muster_test_bs_select (f->roster, f->force, parent, entry_id);
}

/* The child of @parent of entry @entry_id, or NULL */
static MusterBsSelection *
child_of (MusterBsSelection *parent,
          const char        *entry_id)
{
  for (guint i = 0; i < muster_bs_selection_get_n_children (parent); i++)
    {
      MusterBsSelection *child = muster_bs_selection_get_child (parent, i);

      if (g_strcmp0 (muster_bs_selection_get_entry_id (child), entry_id) == 0)
        return child;
    }
  return NULL;
}

/* The unit's children as "entry×amount", in display order */
static char *
children_text (MusterBsSelection *parent)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < muster_bs_selection_get_n_children (parent); i++)
    {
      MusterBsSelection *child = muster_bs_selection_get_child (parent, i);

      g_string_append_printf (s, "%s%s×%d", s->len ? " " : "",
                              muster_bs_selection_get_entry_id (child),
                              muster_bs_selection_get_amount (child));
    }
  return g_string_free (s, FALSE);
}

#define assert_children(parent, expected) \
  G_STMT_START { \
    g_autofree char *text_ = children_text (parent); \
    g_assert_cmpstr (text_, ==, expected); \
  } G_STMT_END

#define assert_findings(f, expected) \
  G_STMT_START { \
    g_autofree char *text_ = muster_test_bs_findings ((f)->roster); \
    g_assert_cmpstr (text_, ==, expected); \
  } G_STMT_END

/* Sanctifiers: min 4 and max 4, automatic, both one fewer per banner. Taking the banner
 * swaps a Sanctifier out (the max fell); taking it away brings one back (the min rose). */
static void
test_automatic_swap (Fixture       *f,
                     gconstpointer  user_data)
{
  MusterBsSelection *unit = select_in (f, NULL, "ma-sanctifiers");
  MusterBsSelection *plain = child_of (unit, "ma-sanctifier");
  MusterBsSelection *banner;
  g_autoptr(MusterBsAdjustments) swap = NULL;
  g_autoptr(MusterBsAdjustments) back = NULL;
  guint index;

  /* Auto-selection made the 4; nothing to keep. */
  assert_children (unit, "ma-sanctifier×4");
  g_assert_null (muster_bs_roster_keep_automatic (f->roster));
  assert_findings (f, "");

  banner = select_in (f, unit, "ma-sanctifier-banner");
  swap = muster_bs_roster_keep_automatic (f->roster);
  g_assert_cmpuint (muster_bs_adjustments_get_n_changes (swap), ==, 1);
  assert_children (unit, "ma-sanctifier×3 ma-sanctifier-banner×1");
  assert_findings (f, "");
  g_assert_cmpfloat (muster_test_bs_cost (muster_bs_selection_get_total_costs (unit), "ma-pts"),
                     ==, 45);

  /* Undone, the adjustment first: the count is back, and the edit alone breaks the max. */
  muster_bs_adjustments_revert (f->roster, swap);
  assert_children (unit, "ma-sanctifier×4 ma-sanctifier-banner×1");
  assert_findings (f, "selection ma-sanctifier from ma-sanctifier/ma-sanctifier-max");
  muster_bs_adjustments_apply (f->roster, swap);
  assert_children (unit, "ma-sanctifier×3 ma-sanctifier-banner×1");

  /* The banner taken away: the min is 4 again, and the Sanctifier comes back. */
  banner = muster_bs_roster_remove_selection (f->roster, banner, &index);
  back = muster_bs_roster_keep_automatic (f->roster);
  g_assert_cmpuint (muster_bs_adjustments_get_n_changes (back), ==, 1);
  assert_children (unit, "ma-sanctifier×4");
  assert_findings (f, "");
  muster_bs_adjustments_revert (f->roster, back);
  muster_bs_roster_insert_selection (f->roster, f->force, unit, index, banner);
  assert_children (unit, "ma-sanctifier×3 ma-sanctifier-banner×1");
  assert_findings (f, "");

  /* A count the user sets past the max is kept too: 6 Sanctifiers are 3 again. */
  muster_bs_roster_set_count (f->roster, plain, 6);
  g_clear_pointer (&back, muster_bs_adjustments_free);
  back = muster_bs_roster_keep_automatic (f->roster);
  g_assert_nonnull (back);
  g_assert_cmpint (muster_bs_selection_get_amount (plain), ==, 3);
  /* A second banner: the banner's own automatic max takes the newest away. */
  g_clear_pointer (&back, muster_bs_adjustments_free);
  select_in (f, unit, "ma-sanctifier-banner");
  back = muster_bs_roster_keep_automatic (f->roster);
  g_assert_nonnull (back);
  assert_children (unit, "ma-sanctifier×3 ma-sanctifier-banner×1");
  assert_findings (f, "");
}

/* Wardens: the same data without automatic="true". The banner breaks the max; nothing is
 * changed for the player. */
static void
test_automatic_not_marked (Fixture       *f,
                           gconstpointer  user_data)
{
  MusterBsSelection *unit = select_in (f, NULL, "ma-wardens");

  assert_children (unit, "ma-warden×4");
  select_in (f, unit, "ma-warden-banner");
  g_assert_null (muster_bs_roster_keep_automatic (f->roster));
  assert_children (unit, "ma-warden×4 ma-warden-banner×1");
  assert_findings (f, "selection ma-warden from ma-warden/ma-warden-max");
  muster_bs_roster_set_count (f->roster, child_of (unit, "ma-warden"), 2);
  g_assert_null (muster_bs_roster_keep_automatic (f->roster));
  assert_findings (f, "selection ma-wardens from ma-warden/ma-warden-min");
}

/* Thunderers: a Targeter at min 0 max 0, both 1 while the Heavy gun is taken: it is added
 * with the gun and removed with it; undo and redo move the very selection. */
static void
test_automatic_follow (Fixture       *f,
                       gconstpointer  user_data)
{
  MusterBsSelection *unit = select_in (f, NULL, "ma-thunderers");
  MusterBsSelection *gun, *targeter;
  g_autoptr(MusterBsAdjustments) added = NULL;
  g_autoptr(MusterBsAdjustments) removed = NULL;

  assert_children (unit, "");
  gun = select_in (f, unit, "ma-heavy-gun");
  added = muster_bs_roster_keep_automatic (f->roster);
  assert_children (unit, "ma-heavy-gun×1 ma-targeter×1");
  assert_findings (f, "");
  targeter = child_of (unit, "ma-targeter");
  muster_bs_adjustments_revert (f->roster, added);
  assert_children (unit, "ma-heavy-gun×1");
  assert_findings (f, "selection ma-thunderers from ma-targeter/ma-targeter-min");
  muster_bs_adjustments_apply (f->roster, added);
  g_assert_true (child_of (unit, "ma-targeter") == targeter);

  muster_bs_selection_free (muster_bs_roster_remove_selection (f->roster, gun, NULL));
  removed = muster_bs_roster_keep_automatic (f->roster);
  assert_children (unit, "");
  assert_findings (f, "");
  /* Undone, the Targeter is back: the adjustments gave it up and hold it no more. */
  muster_bs_adjustments_revert (f->roster, removed);
  g_assert_true (child_of (unit, "ma-targeter") == targeter);
}

/* Veterans: a group at min 0 max 0, both 1 with the Sergeant: its default (the Sword) is
 * added with him, and whatever was taken from it goes with him. */
static void
test_automatic_group (Fixture       *f,
                      gconstpointer  user_data)
{
  MusterBsSelection *unit = select_in (f, NULL, "ma-veterans");
  MusterBsSelection *sergeant;
  g_autoptr(MusterBsAdjustments) with = NULL;
  g_autoptr(MusterBsAdjustments) without = NULL;

  sergeant = select_in (f, unit, "ma-vet-sergeant");
  with = muster_bs_roster_keep_automatic (f->roster);
  assert_children (unit, "ma-vet-sword×1 ma-vet-sergeant×1");
  assert_findings (f, "");

  muster_bs_selection_free (muster_bs_roster_remove_selection (f->roster, sergeant, NULL));
  without = muster_bs_roster_keep_automatic (f->roster);
  assert_children (unit, "");
  assert_findings (f, "");
}

/* The flag is read from the catalogue, and what the engine kept is what a saved roster
 * holds when it is read again. */
static void
test_automatic_ros (Fixture       *f,
                    gconstpointer  user_data)
{
  MusterBsSelection *unit = select_in (f, NULL, "ma-sanctifiers");
  g_autoptr(MusterBsAdjustments) swap = NULL;
  g_autoptr(MusterBsRoster) back = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_bs_node_has_flag (muster_bs_data_lookup (f->data, "ma-sanctifier-min"),
                                          MUSTER_BS_FLAG_AUTOMATIC));
  g_assert_false (muster_bs_node_has_flag (muster_bs_data_lookup (f->data, "ma-warden-min"),
                                           MUSTER_BS_FLAG_AUTOMATIC));
  select_in (f, unit, "ma-sanctifier-banner");
  swap = muster_bs_roster_keep_automatic (f->roster);
  bytes = muster_bs_roster_save (f->roster, FALSE, &error);
  g_assert_no_error (error);
  back = muster_bs_roster_load (f->data, "automatic.ros", bytes, &error);
  g_assert_no_error (error);
  unit = muster_bs_force_get_selection (muster_bs_roster_get_force (back, 0), 0);
  assert_children (unit, "ma-sanctifier×3 ma-sanctifier-banner×1");
  g_assert_null (muster_bs_roster_keep_automatic (back));
  {
    g_autofree char *text = muster_test_bs_findings (back);

    g_assert_cmpstr (text, ==, "");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/bs/automatic/swap", test_automatic_swap);
  ADD ("/bs/automatic/not-marked", test_automatic_not_marked);
  ADD ("/bs/automatic/follow", test_automatic_follow);
  ADD ("/bs/automatic/group", test_automatic_group);
  ADD ("/bs/automatic/ros", test_automatic_ros);
#undef ADD
  return g_test_run ();
}
