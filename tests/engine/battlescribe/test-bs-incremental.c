/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-test-bs.h"
#include "muster-bs-roster-private.h"

/*
 * Incremental re-evaluation against evaluation from scratch. Two rosters take the same
 * seeded random edits (select, set count, remove and put back, duplicate, set the cost
 * limit); one is re-evaluated as the engine does after an edit, keeping what the edit cannot
 * reach, the other from scratch. Their costs, every selection's values, which options every
 * container hides and the findings must be equal after every edit. The data: a catalogue of our own whose modifiers, conditions
 * and constraints read every kind of scope (categories moved by modifiers included), the
 * skirmish fixtures, and wh40k-10e's Space Marines when MUSTER_BSDATA names BSData.
 */

#define N_EDITS 400

static const char gst[] =
  "<gameSystem id='gs' name='Test'>\n"
  "  <costTypes><costType id='pts' name='pts' defaultCostLimit='500'/>"
  "<costType id='cp' name='CP' defaultCostLimit='-1'/></costTypes>\n"
  "  <categoryEntries><categoryEntry id='cat-hq' name='HQ'/><categoryEntry id='cat-tr' name='Troops'/>"
  "<categoryEntry id='cat-el' name='Elites'/><categoryEntry id='cat-hv' name='Heavy'/></categoryEntries>\n"
  "  <forceEntries>\n"
  "    <forceEntry id='fe' name='Patrol'><categoryLinks>"
  "<categoryLink id='cl-fe-hq' targetId='cat-hq' name='HQ'><constraints>"
  "<constraint id='con-hq-min' type='min' value='1' field='selections' scope='force'/></constraints></categoryLink>"
  "<categoryLink id='cl-fe-tr' targetId='cat-tr' name='Troops'><constraints>"
  "<constraint id='con-tr-max' type='max' value='2' field='selections' scope='force'/></constraints>"
  "<modifiers><modifier type='increment' field='con-tr-max' value='1'><conditions>"
  "<condition type='atLeast' value='1' field='selections' scope='force' childId='cat-hq'/></conditions></modifier></modifiers>"
  "</categoryLink>"
  "<categoryLink id='cl-fe-el' targetId='cat-el' name='Elites'/>"
  "<categoryLink id='cl-fe-hv' targetId='cat-hv' name='Heavy'/></categoryLinks>\n"
  "      <forceEntries><forceEntry id='fe-sub' name='Wing'/></forceEntries></forceEntry>\n"
  "  </forceEntries>\n"
  "</gameSystem>\n";

static const char cat[] =
  "<catalogue id='cat' name='Army' gameSystemId='gs'><selectionEntries>\n"
  /* A leader: dearer per squad in the force, hidden by three tanks in the roster. */
  "<selectionEntry id='se-hq' name='Boss' type='unit'><categoryLinks>"
  "<categoryLink id='cl-hq' targetId='cat-hq' name='HQ' primary='true'/></categoryLinks>"
  "<constraints><constraint id='con-hq-max' type='max' value='1' field='selections' scope='roster'/></constraints>"
  "<costs><cost name='pts' typeId='pts' value='40'/><cost name='CP' typeId='cp' value='1'/></costs>"
  "<modifiers>"
  "<modifier type='append' field='name' value='with company'><conditions>"
  "<condition type='atLeast' value='2' field='selections' scope='primary-category' childId='any'/></conditions></modifier>"
  "<modifier type='increment' field='pts' value='5'><repeats>"
  "<repeat value='1' repeats='1' field='selections' scope='force' childId='se-unit'/></repeats></modifier>"
  "<modifier type='set' field='hidden' value='true'><conditions>"
  "<condition type='atLeast' value='3' field='selections' scope='roster' childId='se-heavy'/></conditions></modifier>"
  "</modifiers></selectionEntry>\n"
  /* A squad: models, a weapon, a group of options; Elites while it has a weapon. */
  "<selectionEntry id='se-unit' name='Squad' type='unit'><categoryLinks>"
  "<categoryLink id='cl-tr' targetId='cat-tr' name='Troops' primary='true'/></categoryLinks>"
  "<costs><cost name='pts' typeId='pts' value='20'/></costs>"
  "<modifiers>"
  "<modifier type='add' field='category' value='cat-el'><conditions>"
  "<condition type='atLeast' value='1' field='selections' scope='self' childId='se-w' includeChildSelections='true'/></conditions></modifier>"
  "<modifier type='increment' field='pts' value='3'><repeats>"
  "<repeat value='2' repeats='1' field='selections' scope='self' childId='se-m' roundUp='true'/></repeats></modifier>"
  "<modifier type='add' field='error' value='Squad needs a weapon'><conditions>"
  "<condition type='equalTo' value='0' field='selections' scope='self' childId='se-w'/></conditions></modifier>"
  "</modifiers>"
  "<selectionEntries>"
  "<selectionEntry id='se-m' name='Trooper' type='model'><constraints>"
  "<constraint id='con-m-min' type='min' value='2' field='selections' scope='parent'/>"
  "<constraint id='con-m-max' type='max' value='6' field='selections' scope='parent'/></constraints>"
  "<costs><cost name='pts' typeId='pts' value='10'/></costs>"
  "<modifiers>"
  /* Validation counts the squad's weapons, kept with the squad until an edit below it. */
  "<modifier type='increment' field='con-m-min' value='1'><conditions>"
  "<condition type='atLeast' value='1' field='selections' scope='parent' childId='se-w'/></conditions></modifier>"
  "<modifier type='increment' field='pts' value='1'><conditions>"
  "<condition type='atLeast' value='1' field='selections' scope='parent' childId='se-w'/></conditions></modifier>"
  "<modifier type='append' field='name' value='in a crowd'><conditions>"
  "<condition type='atLeast' value='4' field='selections' scope='se-unit' childId='any'/></conditions></modifier>"
  "<modifier type='append' field='name' value='cheap'><conditions>"
  "<condition type='lessThan' value='60' field='pts' scope='root-entry' childId='any' includeChildSelections='true'/></conditions></modifier>"
  "<modifier type='append' field='name' value='elite'><conditions>"
  "<condition type='instanceOf' value='1' field='selections' scope='ancestor' childId='cat-el'/></conditions></modifier>"
  "</modifiers></selectionEntry>"
  /* A pack holding a kit holding a seal, each allowed by the category the squad's modifier
   * gives. Pack and kit read nothing that moves, so they stay clean when a weapon makes the
   * squad Elites: only the index of the kit's options, looking past its clean ancestors,
   * finds that the seal is judged again, and only read_hits() looking past them finds that
   * the seal's name changes. */
  "<selectionEntry id='se-pack' name='Pack' type='upgrade'><selectionEntries>"
  "<selectionEntry id='se-kit' name='Kit' type='upgrade'>"
  "<costs><cost name='pts' typeId='pts' value='2'/></costs><selectionEntries>"
  "<selectionEntry id='se-seal' name='Seal' type='upgrade'><constraints>"
  "<constraint id='con-seal-min' type='min' value='0' field='selections' scope='parent'/></constraints>"
  "<modifiers><modifier type='increment' field='con-seal-min' value='1'><conditions>"
  "<condition type='instanceOf' value='1' field='selections' scope='ancestor' childId='cat-el'/></conditions></modifier>"
  "<modifier type='append' field='name' value='of the elite'><conditions>"
  "<condition type='instanceOf' value='1' field='selections' scope='ancestor' childId='cat-el'/></conditions></modifier>"
  "</modifiers></selectionEntry></selectionEntries></selectionEntry>"
  "</selectionEntries></selectionEntry>"
  /* A second weapon is allowed while the roster has a leader: a squad untouched by an edit
   * (in another force) judges its weapons again when a leader comes or goes. */
  "<selectionEntry id='se-w' name='Weapon' type='upgrade'><constraints>"
  "<constraint id='con-w-max' type='max' value='1' field='selections' scope='parent'/></constraints>"
  "<costs><cost name='pts' typeId='pts' value='15'/></costs><modifiers>"
  "<modifier type='increment' field='con-w-max' value='1'><conditions>"
  "<condition type='atLeast' value='1' field='selections' scope='roster' childId='se-hq'/></conditions></modifier>"
  "</modifiers></selectionEntry>"
  "</selectionEntries>"
  "<selectionEntryGroups><selectionEntryGroup id='g-opt' name='Options'><constraints>"
  "<constraint id='con-g-max' type='max' value='1' field='selections' scope='parent'/></constraints>"
  "<selectionEntries><selectionEntry id='se-o1' name='Banner' type='upgrade'>"
  "<costs><cost name='pts' typeId='pts' value='5'/></costs><modifiers>"
  "<modifier type='append' field='name' value='with a weapon'><conditions>"
  "<condition type='atLeast' value='1' field='selections' scope='parent' childId='se-w'/></conditions></modifier>"
  "</modifiers></selectionEntry>"
  "<selectionEntry id='se-o2' name='Horn' type='upgrade'>"
  "<costs><cost name='pts' typeId='pts' value='5'/></costs><modifiers>"
  "<modifier type='set' field='hidden' value='true'><conditions>"
  "<condition type='atLeast' value='1' field='selections' scope='force' childId='se-el'/></conditions></modifier>"
  "</modifiers></selectionEntry></selectionEntries></selectionEntryGroup></selectionEntryGroups>"
  "</selectionEntry>\n"
  /* An elite allowed once per Elites selection in its force (categories modifiers move). */
  "<selectionEntry id='se-el' name='Veteran' type='unit' hidden='true'><categoryLinks>"
  "<categoryLink id='cl-el' targetId='cat-el' name='Elites' primary='true'/></categoryLinks>"
  "<constraints><constraint id='con-el-max' type='max' value='0' field='selections' scope='force'/></constraints>"
  "<costs><cost name='pts' typeId='pts' value='30'/></costs>"
  "<modifiers>"
  "<modifier type='increment' field='con-el-max' value='1'><repeats>"
  "<repeat value='1' repeats='1' field='selections' scope='force' childId='cat-el' includeChildSelections='true'/></repeats></modifier>"
  "<modifier type='set' field='hidden' value='false'><conditions>"
  "<condition type='atLeast' value='1' field='selections' scope='force' childId='cat-el' includeChildSelections='true'/></conditions></modifier>"
  "</modifiers></selectionEntry>\n"
  /* A tank: cheaper under a big cost limit, one per force (two with a leader in the roster),
   * at most 60 % of the roster's points, escorted while its force's leader costs 50 (the
   * leader's costs move with what it reads, not with an edit of its own). */
  "<selectionEntry id='se-heavy' name='Tank' type='unit'><categoryLinks>"
  "<categoryLink id='cl-hv' targetId='cat-hv' name='Heavy' primary='true'/></categoryLinks>"
  "<constraints><constraint id='con-hv-max' type='max' value='1' field='selections' scope='force'/>"
  "<constraint id='con-hv-pct' type='max' value='60' field='pts' scope='roster' percentValue='true'/></constraints>"
  "<costs><cost name='pts' typeId='pts' value='100'/></costs>"
  "<modifiers>"
  "<modifier type='decrement' field='pts' value='10'><conditions>"
  "<condition type='atLeast' value='1000' field='limit::pts' scope='roster' childId='any'/></conditions></modifier>"
  "<modifier type='increment' field='con-hv-max' value='1'><conditions>"
  "<condition type='atLeast' value='1' field='selections' scope='roster' childId='se-hq'/></conditions></modifier>"
  "<modifier type='append' field='name' value='escorted'><conditions>"
  "<condition type='atLeast' value='50' field='pts' scope='force' childId='se-hq'/></conditions></modifier>"
  "</modifiers></selectionEntry>\n"
  /* A standard, required while its force's leader costs 50 or more, which squads joining the
   * force make it, not an edit of the leader: validation's count of the leader's points must
   * be dropped when its costs move. */
  "<selectionEntry id='se-flag' name='Standard' type='upgrade'><constraints>"
  "<constraint id='con-flag-min' type='min' value='1' field='selections' scope='force'/></constraints>"
  "<modifiers><modifier type='set' field='hidden' value='true'><conditions>"
  "<condition type='lessThan' value='50' field='pts' scope='force' childId='se-hq'/></conditions></modifier>"
  "</modifiers></selectionEntry>\n"
  /* A notice: hidden as soon as its force has any selection. */
  "<selectionEntry id='se-note' name='Notice' type='upgrade'><constraints>"
  "<constraint id='con-note-max' type='max' value='1' field='selections' scope='force'/></constraints>"
  "<modifiers><modifier type='set' field='hidden' value='true'><conditions>"
  "<condition type='atLeast' value='1' field='selections' scope='parent' childId='any'/></conditions></modifier>"
  "</modifiers></selectionEntry>\n"
  "</selectionEntries>\n"
  /* A relic offered through two links, at most one in a force by its entry (shared): a force
   * tally kept for one link must be dropped when the relic is taken through the other. */
  "<entryLinks><entryLink id='el-relic-a' name='Relic' targetId='se-relic' type='selectionEntry'/>"
  "<entryLink id='el-relic-b' name='Relic of old' targetId='se-relic' type='selectionEntry'/></entryLinks>\n"
  "<sharedSelectionEntries><selectionEntry id='se-relic' name='Relic' type='upgrade'><constraints>"
  "<constraint id='con-relic-max' type='max' value='1' field='selections' scope='force' shared='true'/>"
  "</constraints><costs><cost name='pts' typeId='pts' value='5'/></costs></selectionEntry>"
  "</sharedSelectionEntries></catalogue>\n";

/* Every selection of @roster in the order made, forces first to last, depth first. */
static void
collect_list (GPtrArray *out,
              GPtrArray *list)
{
  for (guint i = 0; i < list->len; i++)
    {
      MusterBsSelection *sel = g_ptr_array_index (list, i);

      g_ptr_array_add (out, sel);
      collect_list (out, sel->children);
    }
}

static void
collect_forces (GPtrArray *sels,
                GPtrArray *forces,
                GPtrArray *list)
{
  for (guint i = 0; i < list->len; i++)
    {
      MusterBsForce *force = g_ptr_array_index (list, i);

      g_ptr_array_add (forces, force);
      collect_list (sels, force->selections);
      collect_forces (sels, forces, force->forces);
    }
}

/* Ids are random per roster: findings name selections and forces by their place instead. */
static const char *
place_of (GHashTable *places,
          const char *id)
{
  const char *place = id ? g_hash_table_lookup (places, id) : NULL;

  return place ? place : (id ? id : "-");
}

static void
append_costs (GString *s,
              GArray  *costs)
{
  for (guint i = 0; costs && i < costs->len; i++)
    g_string_append_printf (s, " %s=%g", g_array_index (costs, MusterBsCost, i).type_id,
                            g_array_index (costs, MusterBsCost, i).value);
}

/* Which options a force's root (@sel NULL) or a selection offers are hidden: the incremental
 * side's are kept from its last look (issue 21's editor asks after every edit). */
static void
append_hidden (GString           *s,
               MusterBsRoster    *roster,
               MusterBsForce     *force,
               MusterBsSelection *sel)
{
  g_autoptr(GArray) hidden = muster_bs_roster_list_hidden (roster, force, sel);

  g_string_append (s, " hides ");
  for (guint i = 0; i < hidden->len; i++)
    g_string_append_c (s, g_array_index (hidden, gboolean, i) ? '1' : '0');
}

static char *
snapshot (MusterBsRoster *roster)
{
  g_autoptr(GPtrArray) sels = g_ptr_array_new ();
  g_autoptr(GPtrArray) forces = g_ptr_array_new ();
  g_autoptr(GHashTable) places = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr(GPtrArray) findings = NULL;
  GString *s = g_string_new ("roster");

  collect_forces (sels, forces, roster->forces);
  g_hash_table_insert (places, roster->id, g_strdup ("R"));
  for (guint i = 0; i < forces->len; i++)
    g_hash_table_insert (places, ((MusterBsForce *) forces->pdata[i])->id, g_strdup_printf ("F%u", i));
  for (guint i = 0; i < sels->len; i++)
    g_hash_table_insert (places, ((MusterBsSelection *) sels->pdata[i])->id, g_strdup_printf ("S%u", i));

  append_costs (s, muster_bs_roster_get_costs (roster));
  for (guint i = 0; i < forces->len; i++)
    {
      g_string_append_printf (s, "\nF%u", i);
      append_costs (s, muster_bs_force_get_costs (forces->pdata[i]));
      append_hidden (s, roster, forces->pdata[i], NULL);
    }
  for (guint i = 0; i < sels->len; i++)
    {
      MusterBsSelection *sel = sels->pdata[i];
      GArray *cats = muster_bs_selection_get_categories (sel);

      g_string_append_printf (s, "\nS%u %s ×%d \"%s\"%s", i, muster_bs_selection_get_entry_id (sel),
                              muster_bs_selection_get_number (sel), muster_bs_selection_get_name (sel),
                              muster_bs_selection_get_hidden (sel) ? " hidden" : "");
      append_costs (s, muster_bs_selection_get_costs (sel));
      g_string_append (s, " total");
      append_costs (s, muster_bs_selection_get_total_costs (sel));
      for (guint k = 0; k < cats->len; k++)
        g_string_append_printf (s, " %s%s", g_array_index (cats, MusterBsCategory, k).entry_id,
                                g_array_index (cats, MusterBsCategory, k).primary ? "*" : "");
      g_string_append_printf (s, " profiles %u rules %u",
                              muster_bs_selection_get_profiles (sel)->len,
                              muster_bs_selection_get_rules (sel)->len);
      append_hidden (s, roster, sel->force, sel);
    }
  findings = muster_bs_roster_get_findings (roster);
  for (guint i = 0; i < findings->len; i++)
    {
      MusterBsFinding *f = g_ptr_array_index (findings, i);
      g_auto(GStrv) parts = g_strsplit (f->path ? f->path : "", "/", -1);

      g_string_append_printf (s, "\nfinding %d %s %s %s %s/%s \"%s\" at", f->severity,
                              f->owner_type, place_of (places, f->owner_id),
                              f->owner_entry_id ? f->owner_entry_id : "-", f->entry_id,
                              f->constraint_id, f->message);
      for (guint k = 0; parts[k]; k++)
        g_string_append_printf (s, "/%s", place_of (places, parts[k]));
    }
  return g_string_free (s, FALSE);
}

typedef struct
{
  MusterBsRoster    *roster;
  MusterBsSelection *removed;   /* taken out by the last edit, to be put back or freed */
  MusterBsForce     *removed_force;
  MusterBsSelection *removed_parent;
  guint              removed_index;
} Side;

static void edit_picked (Side        *sides,
                         GRand       *r,
                         guint        op,
                         GPtrArray  **sels,
                         GPtrArray  **forces,
                         const char  *pts);

/* One random edit, the same on both sides; @r decides. */
static void
edit (Side       *sides,
      GRand      *r,
      const char *pts)
{
  GPtrArray *sels[2], *forces[2];
  guint op = g_rand_int_range (r, 0, 10);

  for (int k = 0; k < 2; k++)
    {
      sels[k] = g_ptr_array_new ();
      forces[k] = g_ptr_array_new ();
      collect_forces (sels[k], forces[k], sides[k].roster->forces);
    }
  edit_picked (sides, r, op, sels, forces, pts);
  for (int k = 0; k < 2; k++)
    {
      g_ptr_array_unref (sels[k]);
      g_ptr_array_unref (forces[k]);
    }
}

static void
edit_picked (Side        *sides,
             GRand       *r,
             guint        op,
             GPtrArray  **sels,
             GPtrArray  **forces,
             const char  *pts)
{
  gint pick;

  g_assert_cmpuint (sels[0]->len, ==, sels[1]->len);

  /* After a removal, put it back half the time (its parent is still there). */
  if (sides[0].removed != NULL)
    {
      gboolean back = g_rand_boolean (r);

      for (int k = 0; k < 2; k++)
        {
          Side *side = &sides[k];

          if (back)
            muster_bs_roster_insert_selection (side->roster, side->removed_force,
                                               side->removed_parent, side->removed_index,
                                               side->removed);
          else
            muster_bs_selection_free (side->removed);
          side->removed = NULL;
        }
      if (back)
        return;
    }

  pick = sels[0]->len ? g_rand_int_range (r, -1, sels[0]->len) : -1;
  if (op < 4 || pick < 0)
    {
      /* Select something the container offers, hidden or not. */
      guint f = g_rand_int_range (r, 0, forces[0]->len);
      g_autoptr(GPtrArray) ids = NULL;
      const char *id;

      if (pick >= 0 && g_rand_boolean (r))
        f = 0;
      ids = muster_bs_roster_list_entries (sides[0].roster,
                                           pick >= 0 ? ((MusterBsSelection *) sels[0]->pdata[pick])->force
                                                     : forces[0]->pdata[f],
                                           pick >= 0 ? sels[0]->pdata[pick] : NULL);
      if (ids->len == 0)
        return;
      id = g_ptr_array_index (ids, g_rand_int_range (r, 0, ids->len));
      for (int k = 0; k < 2; k++)
        {
          MusterBsSelection *parent = pick >= 0 ? sels[k]->pdata[pick] : NULL;

          muster_bs_roster_select (sides[k].roster,
                                   parent ? parent->force : forces[k]->pdata[f],
                                   parent, id, NULL, NULL);
        }
    }
  else if (op < 6)
    {
      int count = g_rand_int_range (r, 0, 5);

      for (int k = 0; k < 2; k++)
        muster_bs_roster_set_count (sides[k].roster, sels[k]->pdata[pick], count);
    }
  else if (op < 8)
    for (int k = 0; k < 2; k++)
      {
        Side *side = &sides[k];
        MusterBsSelection *sel = sels[k]->pdata[pick];

        side->removed_force = sel->force;
        side->removed_parent = sel->parent;
        side->removed = muster_bs_roster_remove_selection (side->roster, sel, &side->removed_index);
      }
  else if (op < 9)
    for (int k = 0; k < 2; k++)
      muster_bs_roster_duplicate_selection (sides[k].roster, sels[k]->pdata[pick]);
  else
    {
      double limit = g_rand_int_range (r, 0, 4) * 400;

      for (int k = 0; k < 2; k++)
        muster_bs_roster_set_cost_limit (sides[k].roster, pts, limit);
    }
}

/* @n_edits random edits from @seed on two rosters of @force_entry forces (and a child
 * force); after most, incremental and from-scratch evaluation must agree. */
static void
run_edits (MusterBsData *data,
           const char   *force_entry,
           const char   *child_force_entry,
           const char   *catalogue,
           const char   *pts,
           guint32       seed,
           guint         n_edits)
{
  g_autoptr(GRand) r = g_rand_new_with_seed (seed);
  Side sides[2] = { { muster_bs_roster_new (data, "R") }, { muster_bs_roster_new (data, "R") } };

  for (int k = 0; k < 2; k++)
    {
      MusterBsForce *first = muster_bs_roster_add_force (sides[k].roster, NULL, force_entry,
                                                         catalogue, NULL, NULL);

      g_assert_nonnull (first);
      g_assert_nonnull (muster_bs_roster_add_force (sides[k].roster, NULL, force_entry,
                                                    catalogue, NULL, NULL));
      if (child_force_entry)
        g_assert_nonnull (muster_bs_roster_add_force (sides[k].roster, first, child_force_entry,
                                                      catalogue, NULL, NULL));
    }
  for (guint i = 0; i < n_edits; i++)
    {
      edit (sides, r, pts);
      /* Now and then two edits go before a look, and a look sees only costs. */
      if (g_rand_int_range (r, 0, 4) == 0)
        continue;
      if (g_rand_int_range (r, 0, 4) == 0)
        {
          muster_bs_roster_get_costs (sides[0].roster);
          continue;
        }
      {
        g_autofree char *incremental = snapshot (sides[0].roster);
        g_autofree char *scratch = NULL;

        _muster_bs_roster_changed (sides[1].roster);
        scratch = snapshot (sides[1].roster);
        if (g_strcmp0 (incremental, scratch) != 0)
          {
            g_test_message ("seed %u, edit %u:\nincremental:\n%s\nfrom scratch:\n%s", seed, i,
                            incremental, scratch);
            g_test_fail_printf ("seed %u, edit %u: incremental and from-scratch evaluation differ",
                                seed, i);
            break;
          }
      }
    }
  for (int k = 0; k < 2; k++)
    {
      muster_bs_selection_free (sides[k].removed);
      muster_bs_roster_free (sides[k].roster);
    }
}

static void
test_incremental_fixture (void)
{
  g_autoptr(MusterBsData) data = muster_test_bs_data (gst, cat);

  for (guint32 seed = 1; seed <= 24; seed++)
    run_edits (data, "fe", "fe-sub", "cat", "pts", seed, N_EDITS);
}

static void
test_incremental_skirmish (void)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *gst_path = g_build_filename (MUSTER_TEST_DATA, "battlescribe", "skirmish.gst",
                                                NULL);
  g_autofree char *cat_path = g_build_filename (MUSTER_TEST_DATA, "battlescribe",
                                                "skirmish-legion.cat", NULL);

  g_assert_true (muster_bs_data_add_file (data, gst_path, &error));
  g_assert_true (muster_bs_data_add_file (data, cat_path, &error));
  g_assert_true (muster_bs_data_resolve (data, &error));
  g_assert_no_error (error);
  for (guint32 seed = 1; seed <= 4; seed++)
    run_edits (data, "ms-patrol", NULL, "ms-legion", "ms-pts", seed, N_EDITS / 2);
}

/* wh40k-10e's Space Marines, with MUSTER_BSDATA: real data, thousands of conditions. */
static void
test_incremental_wh40k (void)
{
  const char *root = g_getenv ("MUSTER_BSDATA");
  g_autofree char *dir = root && *root ? g_build_filename (root, "wh40k-10e", NULL) : NULL;
  g_autoptr(MusterBsData) data = NULL;
  g_autoptr(GError) error = NULL;
  const char *marines = NULL, *pts = NULL;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no wh40k-10e data (MUSTER_BSDATA)");
      return;
    }
  data = muster_bs_data_load_dir (dir, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < muster_bs_data_get_catalogues (data)->len; i++)
    {
      const MusterBsNode *c = muster_bs_data_get_catalogues (data)->pdata[i];

      if (g_strcmp0 (c->name, "Imperium - Adeptus Astartes - Space Marines") == 0)
        marines = c->id;
    }
  for (const MusterBsNode *n = muster_bs_data_get_game_system (data)->first_child; n; n = n->next)
    if (n->kind == MUSTER_BS_NODE_COST_TYPE && g_strcmp0 (n->name, "pts") == 0)
      pts = n->id;
  g_assert_nonnull (marines);
  g_assert_nonnull (pts);
  for (guint32 seed = 1; seed <= 2; seed++)
    run_edits (data, "bb9d-299a-ed60-2d8a", NULL, marines, pts, seed, 60);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bs/incremental/fixture", test_incremental_fixture);
  g_test_add_func ("/bs/incremental/skirmish", test_incremental_skirmish);
  g_test_add_func ("/bs/incremental/wh40k", test_incremental_wh40k);
  return g_test_run ();
}
