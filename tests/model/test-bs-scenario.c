/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>
#include <string.h>

#include "muster-army-commands.h"
#include "muster-battlefield-commands.h"
#include "muster-bs-follow.h"
#include "muster-bs-scenario.h"
#include "muster-deploy.h"
#include "muster-history.h"

/*
 * A BattleScribe roster's units on the battlefield (issue 21): the units a scenario gets
 * (name, model count, base from the data or the game system's default), deployed, saved and
 * read back strictly.
 */

static const char gst[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<gameSystem xmlns=\"http://www.battlescribe.net/schema/gameSystemSchema\" id=\"pl-gs\" "
  "name=\"Placing Test\" revision=\"4\" battleScribeVersion=\"2.03\">\n"
  "  <costTypes><costType id=\"pts\" name=\"pts\" defaultCostLimit=\"100\"/></costTypes>\n"
  "  <profileTypes><profileType id=\"pt-unit\" name=\"Unit\"><characteristicTypes>\n"
  "    <characteristicType id=\"ct-m\" name=\"M\"/>\n"
  "    <characteristicType id=\"ct-base\" name=\"Base\"/>\n"
  "  </characteristicTypes></profileType></profileTypes>\n"
  "  <forceEntries><forceEntry id=\"fe-band\" name=\"Band\"/></forceEntries>\n"
  "</gameSystem>\n";

static const char cat[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<catalogue xmlns=\"http://www.battlescribe.net/schema/catalogueSchema\" id=\"pl-cat\" "
  "name=\"Wardens\" revision=\"1\" gameSystemId=\"pl-gs\" gameSystemRevision=\"4\" "
  "library=\"false\">\n"
  "  <selectionEntries>\n"
  "    <selectionEntry id=\"se-size\" name=\"Battle Size\" type=\"upgrade\"/>\n"
  "    <selectionEntry id=\"se-captain\" name=\"Captain\" type=\"model\">\n"
  "      <costs><cost name=\"pts\" typeId=\"pts\" value=\"40.0\"/></costs>\n"
  "      <profiles><profile id=\"p-cap\" name=\"Captain\" typeId=\"pt-unit\" typeName=\"Unit\">\n"
  "        <characteristics><characteristic name=\"M\" typeId=\"ct-m\">6\"</characteristic>\n"
  "          <characteristic name=\"Base\" typeId=\"ct-base\">40mm</characteristic>\n"
  "        </characteristics></profile></profiles>\n"
  "    </selectionEntry>\n"
  "    <selectionEntry id=\"se-squad\" name=\"Warden Squad\" type=\"unit\">\n"
  "      <selectionEntries>\n"
  "        <selectionEntry id=\"se-warden\" name=\"Warden\" type=\"model\">\n"
  "          <costs><cost name=\"pts\" typeId=\"pts\" value=\"10.0\"/></costs>\n"
  "        </selectionEntry>\n"
  "      </selectionEntries>\n"
  "    </selectionEntry>\n"
  "    <selectionEntry id=\"se-bikes\" name=\"Bike Squad\" type=\"unit\">\n"
  "      <selectionEntries>\n"
  "        <selectionEntry id=\"se-biker\" name=\"Biker\" type=\"model\">\n"
  "          <costs><cost name=\"pts\" typeId=\"pts\" value=\"25.0\"/></costs>\n"
  "          <profiles><profile id=\"p-bike\" name=\"Biker\" typeId=\"pt-unit\" "
  "typeName=\"Unit\"><characteristics>\n"
  "            <characteristic name=\"M\" typeId=\"ct-m\">12\"</characteristic>\n"
  "            <characteristic name=\"Base\" typeId=\"ct-base\">75 x 42 mm oval</characteristic>\n"
  "          </characteristics></profile></profiles>\n"
  "        </selectionEntry>\n"
  "      </selectionEntries>\n"
  "    </selectionEntry>\n"
  "  </selectionEntries>\n"
  "</catalogue>\n";

typedef struct
{
  char           *dir;
  MusterBsData   *data;
  MusterBsRoster *roster;
} Fixture;

static void
write_file (const char *dir,
            const char *name,
            const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
}

static void
remove_file (const char *dir,
             const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_unlink (path);
}

/* Sets the number of the model selection under @unit */
static void
set_models (Fixture           *fixture,
            MusterBsSelection *unit,
            int                n)
{
  MusterBsSelection *models = muster_bs_selection_get_child (unit, 0);
  g_autoptr(GError) error = NULL;

  if (models == NULL)
    {
      g_autoptr(GPtrArray) offered =
        muster_bs_roster_list_entries (fixture->roster, muster_bs_selection_get_force (unit),
                                       unit);

      g_assert_cmpuint (offered->len, ==, 1);
      models = muster_bs_roster_select (fixture->roster, muster_bs_selection_get_force (unit),
                                        unit, offered->pdata[0], NULL, &error);
      g_assert_no_error (error);
    }
  muster_bs_roster_set_count (fixture->roster, models, n);
}

/* A roster of the Wardens: its Battle Size (configuration), a Captain (40 mm in its profile),
 * a Warden Squad of 5 (no base in the data), a Bike Squad of 3 (oval 75 × 42 mm on its models'
 * profile) */
static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MusterBsSelection *selection;
  MusterBsForce *force;
  g_autofree char *squad_name = NULL;

  fixture->dir = g_dir_make_tmp ("muster-bs-scenario-XXXXXX", &error);
  g_assert_no_error (error);
  write_file (fixture->dir, "Placing.gst", gst);
  write_file (fixture->dir, "Wardens.cat", cat);
  fixture->data = muster_bs_data_load_dir (fixture->dir, &error);
  g_assert_no_error (error);
  fixture->roster = muster_bs_roster_new (fixture->data, "Wardens at the Ford");
  force = muster_bs_roster_add_force (fixture->roster, NULL, "fe-band", "pl-cat", NULL, &error);
  g_assert_no_error (error);
  muster_bs_roster_select (fixture->roster, force, NULL, "se-size", NULL, &error);
  g_assert_no_error (error);
  muster_bs_roster_select (fixture->roster, force, NULL, "se-captain", NULL, &error);
  g_assert_no_error (error);
  selection = muster_bs_roster_select (fixture->roster, force, NULL, "se-squad", NULL, &error);
  g_assert_no_error (error);
  set_models (fixture, selection, 5);
  muster_bs_selection_set_custom_name (selection, "Ford Wardens");
  selection = muster_bs_roster_select (fixture->roster, force, NULL, "se-bikes", NULL, &error);
  g_assert_no_error (error);
  set_models (fixture, selection, 3);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_pointer (&fixture->roster, muster_bs_roster_free);
  g_clear_pointer (&fixture->data, muster_bs_data_free);
  remove_file (fixture->dir, "Placing.gst");
  remove_file (fixture->dir, "Wardens.cat");
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
}

static void
test_parse_base (void)
{
  static const struct { const char *text; double width, depth; } cases[] = {
    { "32mm", 32, 32 }, { "25 mm round", 25, 25 }, { "60x35mm", 60, 35 },
    { "60 × 35 mm", 60, 35 }, { "Ø40mm", 40, 40 }, { "3 cm", 30, 30 }, { "1\"", 25.4, 25.4 },
    { "105 X 70", 105, 70 }, { "-", 0, 0 }, { "Hull", 0, 0 }, { "N/A", 0, 0 }, { "", 0, 0 },
    { "0mm", 0, 0 }, { "5000mm", 0, 0 }, { "60 x mm", 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double w = -1, d = -1;
      gboolean ok = muster_bs_parse_base (cases[i].text, &w, &d);

      g_test_message ("%s", cases[i].text);
      g_assert_cmpint (ok, ==, cases[i].width > 0);
      if (ok)
        {
          g_assert_cmpfloat_with_epsilon (w, cases[i].width, 1e-9);
          g_assert_cmpfloat_with_epsilon (d, cases[i].depth, 1e-9);
        }
    }
  g_assert_false (muster_bs_parse_base (NULL, NULL, NULL));
}

static MusterUnit *
unit_at (MusterDoc *doc,
         guint      index)
{
  return muster_node_get_unit (muster_force_get_root (muster_doc_get_force (doc, 0)), index);
}

/* Returns: (nullable): the unit of @doc's force called @name */
static MusterUnit *
find_unit (MusterDoc  *doc,
           const char *name)
{
  MusterNode *root = muster_force_get_root (muster_doc_get_force (doc, 0));

  for (guint i = 0; i < muster_node_get_n_units (root); i++)
    if (g_strcmp0 (muster_unit_get_name (muster_node_get_unit (root, i)), name) == 0)
      return muster_node_get_unit (root, i);
  return NULL;
}

static MusterUnit *
unit_named (MusterDoc  *doc,
            const char *name)
{
  MusterUnit *unit = find_unit (doc, name);

  g_assert_nonnull (unit);
  return unit;
}

static void
assert_base (const MusterUnit *unit,
             double            width,
             double            depth)
{
  double w, d;

  g_assert_true (muster_unit_get_base (unit, &w, &d));
  g_assert_cmpfloat (w, ==, width);
  g_assert_cmpfloat (d, ==, depth);
}

/* Each top-level unit or model selection a unit: its (custom) name, its models, its base; the
 * configuration (a top-level upgrade) none */
static void
test_units (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(MusterDoc) doc = muster_bs_scenario_new_doc (fixture->roster, "Wardens at the Ford",
                                                         28, 28);
  MusterBattlefield *field = muster_doc_get_battlefield (doc);

  g_assert_cmpstr (muster_doc_get_ruleset_id (doc), ==, MUSTER_BS_SCENARIO_RULESET);
  g_assert_cmpstr (muster_doc_get_title (doc), ==, "Wardens at the Ford");
  g_assert_cmpuint (muster_doc_get_n_forces (doc), ==, 1);
  g_assert_cmpstr (muster_force_get_side (muster_doc_get_force (doc, 0)), ==,
                   "Wardens at the Ford");
  g_assert_cmpuint (muster_node_get_n_units (muster_force_get_root (muster_doc_get_force (doc, 0))),
                    ==, 3);
  /* in the roster's order */
  g_assert_cmpstr (muster_unit_get_name (unit_at (doc, 0)), ==, "Bike Squad");
  g_assert_cmpstr (muster_unit_get_name (unit_at (doc, 1)), ==, "Captain");
  g_assert_cmpstr (muster_unit_get_name (unit_at (doc, 2)), ==, "Ford Wardens");
  g_assert_cmpuint (muster_unit_get_size (unit_named (doc, "Captain")), ==, 1);
  assert_base (unit_named (doc, "Captain"), 40, 40);
  g_assert_cmpuint (muster_unit_get_size (unit_named (doc, "Ford Wardens")), ==, 5);
  assert_base (unit_named (doc, "Ford Wardens"), 28, 28);   /* the data gives none: the default */
  g_assert_cmpuint (muster_unit_get_size (unit_named (doc, "Bike Squad")), ==, 3);
  assert_base (unit_named (doc, "Bike Squad"), 75, 42);
  g_assert_cmpstr (muster_unit_get_type_id (unit_named (doc, "Bike Squad")), ==, "bs-se-bikes");
  /* what it is and what it costs, as the roster says (the fixture's pts) */
  g_assert_cmpstr (muster_unit_get_entry_name (unit_named (doc, "Ford Wardens")), ==,
                   "Warden Squad");
  {
    static const struct { const char *name; gint64 cost; } costs[] = {
      { "Captain", 40 }, { "Ford Wardens", 50 }, { "Bike Squad", 75 },
    };
    gint64 cost;

    for (guint i = 0; i < G_N_ELEMENTS (costs); i++)
      {
        g_assert_true (muster_unit_get_own_cost (unit_named (doc, costs[i].name), &cost));
        g_assert_cmpint (cost, ==, costs[i].cost);
        /* no rule system costs them, so that is their cost, and the force's total */
        g_assert_cmpint (muster_unit_get_cost (unit_named (doc, costs[i].name))->value, ==,
                         costs[i].cost);
      }
    g_assert_cmpint (muster_force_get_total (muster_doc_get_force (doc, 0)), ==, 165);
  }
  /* linked to the roster and its selections */
  g_assert_cmpstr (muster_force_get_roster (muster_doc_get_force (doc, 0)), ==,
                   muster_bs_roster_get_id (fixture->roster));
  {
    const char *id = muster_unit_get_selection (unit_named (doc, "Captain"));
    MusterBsSelection *selection = muster_bs_roster_find_selection (fixture->roster, id);

    g_assert_nonnull (selection);
    g_assert_cmpstr (muster_bs_selection_get_entry_id (selection), ==, "se-captain");
  }
  {
    g_autofree char *type_name = muster_unit_dup_type_name (unit_named (doc, "Ford Wardens"),
                                                            NULL);

    g_assert_cmpstr (type_name, ==, "Warden Squad");
  }
  /* a zone for the roster's side and one for an opponent's list */
  g_assert_nonnull (muster_deploy_find_zone (field, "Wardens at the Ford"));
  g_assert_nonnull (muster_deploy_find_zone (field, "Opponent"));
}

static void
done_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

/* Deployed at once, each on its base; saved, loaded and saved again the same; placed again
 * after loading on the base the unit keeps */
static void
test_place_save_load (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(MusterDocument) document = muster_document_new ();
  g_autoptr(MusterDocument) loaded = muster_document_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "ford.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(MusterFeature) replaced = NULL;
  MusterBattlefield *field;
  const MusterFeature *zone;
  MusterBox zone_box;
  MusterDoc *doc;
  guint left_out = 99;

  g_assert_true (muster_bs_scenario_start (document, fixture->roster, "Wardens at the Ford", 28,
                                           28, &left_out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (left_out, ==, 0);
  g_assert_true (muster_document_get_modified (document));
  g_assert_cmpstr (muster_history_get_undo_label (muster_document_get_history (document)), ==,
                   "Deploy All");
  doc = muster_document_get_doc (document);
  field = muster_doc_get_battlefield (doc);
  zone = muster_deploy_find_zone (field, "Wardens at the Ford");
  zone_box = muster_feature_get_bounds (zone);
  for (guint i = 0; i < 3; i++)
    {
      const MusterFeature *placement =
        muster_battlefield_lookup_unit (field, muster_unit_get_id (unit_at (doc, i)));
      MusterBox box;
      double w, d;

      g_assert_nonnull (placement);
      muster_unit_get_base (unit_at (doc, i), &w, &d);
      g_assert_cmpfloat (placement->base_width, ==, w);
      g_assert_cmpfloat (placement->base_depth, ==, d);
      g_assert_cmpuint (placement->stands, ==, muster_unit_get_size (unit_at (doc, i)));
      box = muster_feature_get_bounds (placement);
      g_assert_cmpfloat (box.y0, >=, zone_box.y0);
      g_assert_cmpfloat (box.y1, <=, zone_box.y1);
    }

  muster_document_save_async (document, file, NULL, done_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (muster_document_save_finish (document, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_false (muster_document_get_modified (document));

  muster_document_load_async (loaded, file, NULL, done_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (muster_document_load_finish (loaded, result, &error));
  g_assert_no_error (error);
  doc = muster_document_get_doc (loaded);
  assert_base (unit_named (doc, "Captain"), 40, 40);
  assert_base (unit_named (doc, "Ford Wardens"), 28, 28);
  assert_base (unit_named (doc, "Bike Squad"), 75, 42);
  {
    g_autofree char *contents = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (path, &contents, &length, &error));
    saved = g_bytes_new_take (g_steal_pointer (&contents), length);
  }
  again = muster_doc_to_bytes (doc);
  g_assert_true (g_bytes_equal (saved, again));

  /* taken off and placed again by hand: the unit's own base, not 40 × 20 */
  field = muster_doc_get_battlefield (doc);
  replaced = muster_unit_placement_new (doc, NULL, field, unit_named (doc, "Bike Squad"),
                                        (MusterPoint) { 900, 600 });
  g_assert_cmpfloat (replaced->base_width, ==, 75);
  g_assert_cmpfloat (replaced->base_depth, ==, 42);
  g_unlink (path);
}

/* The top-level selection of the roster's force of entry @entry_id, the @nth such (from 0) */
static MusterBsSelection *
selection_of (Fixture    *fixture,
              const char *entry_id,
              guint       nth)
{
  MusterBsForce *force = muster_bs_roster_get_force (fixture->roster, 0);

  for (guint i = 0; i < muster_bs_force_get_n_selections (force); i++)
    {
      MusterBsSelection *selection = muster_bs_force_get_selection (force, i);

      if (g_strcmp0 (muster_bs_selection_get_entry_id (selection), entry_id) == 0 && nth-- == 0)
        return selection;
    }
  g_assert_not_reached ();
}

static gint64
own_cost (MusterUnit *unit)
{
  gint64 cost;

  g_assert_true (muster_unit_get_own_cost (unit, &cost));
  return cost;
}

/* Makes @document the fixture's roster's scenario, deployed on 28 mm default bases */
static void
start (Fixture        *fixture,
       MusterDocument *document)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_bs_scenario_start (document, fixture->roster, "Wardens at the Ford", 28,
                                           28, NULL, &error));
  g_assert_no_error (error);
}

/* After the roster's edits the placed scenario follows it in one undo step: a renamed
 * selection renames its unit, more models make the unit and its stands on the table larger
 * where they stand, a removed selection leaves the list and the table, a new one comes in
 * off the table; costs follow. Undo puts back every byte. */
static void
test_follow (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(MusterDocument) document = muster_document_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GBytes) redone = NULL;
  g_autoptr(MusterCommand) command = NULL;
  g_autofree char *captain_id = NULL;
  MusterBsSelection *captain, *squad;
  MusterFeature old_bikes;
  const MusterFeature *bikes;
  MusterBattlefield *field;
  MusterHistory *history = NULL;
  MusterDoc *doc;
  guint index, added = 99, removed = 99;

  start (fixture, document);
  history = muster_document_get_history (document);
  doc = muster_document_get_doc (document);
  field = muster_doc_get_battlefield (doc);
  /* level with the roster: nothing to do */
  g_assert_null (muster_bs_follow_command_new (document, fixture->roster, 28, 28, &added,
                                               &removed));
  g_assert_cmpuint (added, ==, 0);
  g_assert_cmpuint (removed, ==, 0);
  captain_id = g_strdup (muster_unit_get_id (find_unit (doc, "Captain")));
  /* the umpire hides the bikes: that stays when they grow */
  {
    const char *bikes_id = muster_unit_get_id (unit_named (doc, "Bike Squad"));
    g_autoptr(MusterFeature) hidden =
      muster_feature_copy (muster_battlefield_lookup_unit (field, bikes_id));
    MusterCommand *hide = muster_features_command_new (document, "Hide");

    g_free (hidden->layer);
    hidden->layer = g_strdup ("umpire");
    muster_features_command_replace (MUSTER_FEATURES_COMMAND (hide), hidden);
    muster_history_push (history, hide);
    g_object_unref (hide);
  }
  before = muster_doc_to_bytes (doc);
  old_bikes = *muster_battlefield_lookup_unit (field,
                                               muster_unit_get_id (find_unit (doc, "Bike Squad")));

  muster_bs_selection_set_custom_name (selection_of (fixture, "se-squad", 0), "River Wardens");
  set_models (fixture, selection_of (fixture, "se-bikes", 0), 5);
  captain = muster_bs_roster_remove_selection (fixture->roster,
                                               selection_of (fixture, "se-captain", 0), &index);
  squad = muster_bs_roster_select (fixture->roster, muster_bs_roster_get_force (fixture->roster, 0),
                                   NULL, "se-squad", NULL, &error);
  g_assert_no_error (error);
  set_models (fixture, squad, 2);

  command = muster_bs_follow_command_new (document, fixture->roster, 28, 28, &added, &removed);
  g_assert_nonnull (command);
  g_assert_cmpuint (added, ==, 1);
  g_assert_cmpuint (removed, ==, 1);
  muster_history_push (history, command);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Follow Roster");

  g_assert_null (find_unit (doc, "Ford Wardens"));
  g_assert_nonnull (find_unit (doc, "River Wardens"));
  g_assert_cmpint (own_cost (find_unit (doc, "River Wardens")), ==, 50);
  /* the Captain left the list and the table */
  g_assert_null (find_unit (doc, "Captain"));
  g_assert_null (muster_battlefield_lookup_unit (field, captain_id));
  /* five Bikers now: five stands where the three stood, facing the same way */
  g_assert_cmpuint (muster_unit_get_size (find_unit (doc, "Bike Squad")), ==, 5);
  g_assert_cmpint (own_cost (find_unit (doc, "Bike Squad")), ==, 125);
  bikes = muster_battlefield_lookup_unit (field,
                                          muster_unit_get_id (unit_named (doc, "Bike Squad")));
  g_assert_nonnull (bikes);
  g_assert_cmpuint (bikes->stands, ==, 5);
  g_assert_cmpfloat (bikes->centre.x, ==, old_bikes.centre.x);
  g_assert_cmpfloat (bikes->centre.y, ==, old_bikes.centre.y);
  g_assert_cmpfloat (bikes->rotation, ==, old_bikes.rotation);
  g_assert_cmpfloat (bikes->base_width, ==, 75);
  g_assert_cmpstr (bikes->layer, ==, "umpire");
  g_assert_cmpfloat (muster_feature_get_bounds (bikes).x1 - muster_feature_get_bounds (bikes).x0 +
                     muster_feature_get_bounds (bikes).y1 - muster_feature_get_bounds (bikes).y0,
                     >, muster_feature_get_bounds (&old_bikes).x1 -
                        muster_feature_get_bounds (&old_bikes).x0 +
                        muster_feature_get_bounds (&old_bikes).y1 -
                        muster_feature_get_bounds (&old_bikes).y0);
  /* the new squad, off the table for the Battlefield to offer */
  g_assert_nonnull (find_unit (doc, "Warden Squad"));
  g_assert_cmpuint (muster_unit_get_size (find_unit (doc, "Warden Squad")), ==, 2);
  g_assert_cmpint (own_cost (find_unit (doc, "Warden Squad")), ==, 20);
  g_assert_cmpstr (muster_unit_get_entry_name (find_unit (doc, "Warden Squad")), ==,
                   "Warden Squad");
  g_assert_null (muster_battlefield_lookup_unit (field, muster_unit_get_id (unit_named (doc,
                                                                                "Warden Squad"))));
  g_assert_cmpint (muster_force_get_total (muster_doc_get_force (doc, 0)), ==, 195);
  /* level again */
  g_assert_null (muster_bs_follow_command_new (document, fixture->roster, 28, 28, NULL, NULL));

  after = muster_doc_to_bytes (doc);
  g_assert_true (muster_history_undo (history));
  {
    g_autoptr(GBytes) undone = muster_doc_to_bytes (doc);

    g_assert_true (g_bytes_equal (undone, before));
  }
  g_assert_cmpint (muster_force_get_total (muster_doc_get_force (doc, 0)), ==, 165);
  g_assert_true (muster_history_redo (history));
  redone = muster_doc_to_bytes (doc);
  g_assert_true (g_bytes_equal (redone, after));
  muster_bs_selection_free (captain);
}

/* A selection put back into the roster comes back where the roster has it, not last: the
 * scenario's units stay in the roster's order */
static void
test_follow_order (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(MusterDocument) document = muster_document_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) placed = g_ptr_array_new ();
  MusterBsForce *force = muster_bs_roster_get_force (fixture->roster, 0);
  MusterBsSelection *captain;
  MusterCommand *command;
  MusterNode *root;
  guint index;

  start (fixture, document);
  root = muster_force_get_root (muster_doc_get_force (muster_document_get_doc (document), 0));

  captain = muster_bs_roster_remove_selection (fixture->roster,
                                               selection_of (fixture, "se-captain", 0), &index);
  g_assert_cmpuint (index, >, 0);
  g_assert_cmpuint (index, <, muster_bs_force_get_n_selections (force));
  command = muster_bs_follow_command_new (document, fixture->roster, 28, 28, NULL, NULL);
  g_assert_nonnull (command);
  g_object_unref (command);
  g_assert_cmpuint (muster_node_get_n_units (root), ==, 2);

  muster_bs_roster_insert_selection (fixture->roster, force, NULL, index, captain);
  command = muster_bs_follow_command_new (document, fixture->roster, 28, 28, NULL, NULL);
  g_assert_nonnull (command);
  g_object_unref (command);
  muster_bs_force_collect_placed (force, placed);
  g_assert_cmpuint (muster_node_get_n_units (root), ==, placed->len);
  for (guint i = 0; i < placed->len; i++)
    g_assert_cmpstr (muster_unit_get_selection (muster_node_get_unit (root, i)), ==,
                     muster_bs_selection_get_id (placed->pdata[i]));
}

/* A roster's unit duplicated in the scenario is the same entry on the same base at the same
 * cost, and the scenario's own: following the roster keeps it */
static void
test_duplicate (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(MusterDocument) document = muster_document_new ();
  g_autoptr(MusterCommand) duplicate = NULL;
  g_autoptr(GError) error = NULL;
  MusterHistory *history;
  MusterUnit *copy;
  MusterDoc *doc;

  start (fixture, document);
  history = muster_document_get_history (document);
  doc = muster_document_get_doc (document);
  duplicate = muster_duplicate_unit_command_new (document, unit_named (doc, "Captain"));
  muster_history_push (history, duplicate);
  copy = unit_at (doc, 2);
  g_assert_cmpstr (muster_unit_get_name (copy), ==, "Captain");
  g_assert_cmpstr (muster_unit_get_entry_name (copy), ==, "Captain");
  assert_base (copy, 40, 40);
  g_assert_cmpint (own_cost (copy), ==, 40);
  g_assert_null (muster_unit_get_selection (copy));
  g_assert_null (muster_bs_follow_command_new (document, fixture->roster, 28, 28, NULL, NULL));
  g_assert_cmpuint (muster_node_get_n_units (muster_force_get_root (muster_doc_get_force (doc, 0))),
                    ==, 4);
}

/* A base that is not one is an error naming the file, the line and the attribute */
static void
test_strict_load (void)
{
  static const struct { const char *unit; const char *message; } cases[] = {
    { "base-width=\"0\" base-depth=\"25\"", "bad.muster:3: base-width=\"0\" of <unit> is not a length above 0 mm" },
    { "base-width=\"25\" base-depth=\"deep\"", "bad.muster:3: base-depth=\"deep\" of <unit> is not a length above 0 mm" },
    { "base-width=\"-3\" base-depth=\"25\"", "bad.muster:3: base-width=\"-3\" of <unit> is not a length above 0 mm" },
    { "base-width=\"25\"", "bad.muster:3: <unit> gives base-width without base-depth" },
    { "base-depth=\"25\"", "bad.muster:3: <unit> gives base-depth without base-width" },
    { "cost=\"-4\"", "bad.muster:3: cost=\"-4\" of <unit> is not a whole number of at least 0" },
    { "cost=\"lots\"",
      "bad.muster:3: cost=\"lots\" of <unit> is not a whole number of at least 0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text =
        g_strdup_printf ("<muster format=\"1\"><ruleset id=\"battlescribe\"/>\n"
                         "<force id=\"f1\" name=\"A\">\n"
                         "<unit id=\"u1\" type=\"bs-x\" size=\"3\" %s/>\n"
                         "</force></muster>\n", cases[i].unit);
      g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (bytes, "bad.muster", &error);

      g_assert_null (doc);
      g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* The per-game-system default: set, read back, others kept; 25 mm where none or nonsense */
static void
test_default_base (void)
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr(GSettings) settings = g_settings_new_with_backend (APP_ID, backend);
  double w, d;

  muster_bs_default_base (settings, "sys-352e-adc2-7639-d6a9", &w, &d);
  g_assert_cmpfloat (w, ==, MUSTER_BS_BASE_FALLBACK);
  g_assert_cmpfloat (d, ==, MUSTER_BS_BASE_FALLBACK);
  muster_bs_set_default_base (settings, "sys-352e-adc2-7639-d6a9", 32, 32);
  muster_bs_set_default_base (settings, "bolt-action", 25, 20);
  muster_bs_set_default_base (settings, "sys-352e-adc2-7639-d6a9", 40, 40);
  muster_bs_default_base (settings, "sys-352e-adc2-7639-d6a9", &w, &d);
  g_assert_cmpfloat (w, ==, 40);
  g_assert_cmpfloat (d, ==, 40);
  muster_bs_default_base (settings, "bolt-action", &w, &d);
  g_assert_cmpfloat (w, ==, 25);
  g_assert_cmpfloat (d, ==, 20);
  muster_bs_default_base (settings, NULL, &w, &d);
  g_assert_cmpfloat (w, ==, MUSTER_BS_BASE_FALLBACK);
  g_settings_set_value (settings, "battlescribe-bases",
                        g_variant_new_parsed ("{'broken': (0.0, -4.0)}"));
  muster_bs_default_base (settings, "broken", &w, &d);
  g_assert_cmpfloat (w, ==, MUSTER_BS_BASE_FALLBACK);
  g_assert_cmpfloat (d, ==, MUSTER_BS_BASE_FALLBACK);
}

/* A roster with nothing in it has nothing to place */
static void
test_empty (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(MusterBsRoster) empty = muster_bs_roster_new (fixture->data, "Empty");
  g_autoptr(MusterDocument) document = muster_document_new ();
  g_autoptr(GError) error = NULL;

  g_assert_false (muster_bs_scenario_start (document, empty, "Empty", 25, 25, NULL, &error));
  g_assert_error (error, MUSTER_DEPLOY_ERROR, 0);
  g_assert_null (muster_document_get_doc (document));
}

/* A unit stands on the base the roster gives it now: after the game's default base changes,
 * the units whose data gives none take the new one, on the list and on the table where they
 * stand, in one undo step; those the data gives a base keep it. */
static void
test_follow_base (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(MusterDocument) document = muster_document_new ();
  g_autoptr(GBytes) before = NULL;
  MusterCommand *command;
  MusterHistory *history;
  MusterBattlefield *field;
  MusterFeature old_squad;
  const MusterFeature *squad;
  MusterDoc *doc;

  start (fixture, document);
  history = muster_document_get_history (document);
  doc = muster_document_get_doc (document);
  field = muster_doc_get_battlefield (doc);
  before = muster_doc_to_bytes (doc);
  old_squad = *muster_battlefield_lookup_unit (field,
                                               muster_unit_get_id (unit_named (doc,
                                                                               "Ford Wardens")));

  command = muster_bs_follow_command_new (document, fixture->roster, 32, 20, NULL, NULL);
  g_assert_nonnull (command);
  muster_history_push (history, command);
  g_object_unref (command);
  assert_base (unit_named (doc, "Ford Wardens"), 32, 20);
  squad = muster_battlefield_lookup_unit (field, muster_unit_get_id (unit_named (doc,
                                                                                 "Ford Wardens")));
  g_assert_cmpfloat (squad->base_width, ==, 32);
  g_assert_cmpfloat (squad->base_depth, ==, 20);
  g_assert_cmpuint (squad->stands, ==, old_squad.stands);
  g_assert_cmpfloat (squad->centre.x, ==, old_squad.centre.x);
  g_assert_cmpfloat (squad->centre.y, ==, old_squad.centre.y);
  /* wider bases, a wider unit */
  g_assert_cmpfloat (muster_feature_get_bounds (squad).x1 - muster_feature_get_bounds (squad).x0,
                     >, muster_feature_get_bounds (&old_squad).x1 -
                        muster_feature_get_bounds (&old_squad).x0);
  /* the data's bases stay */
  assert_base (unit_named (doc, "Captain"), 40, 40);
  assert_base (unit_named (doc, "Bike Squad"), 75, 42);
  g_assert_null (muster_bs_follow_command_new (document, fixture->roster, 32, 20, NULL, NULL));

  g_assert_true (muster_history_undo (history));
  {
    g_autoptr(GBytes) undone = muster_doc_to_bytes (doc);

    g_assert_true (g_bytes_equal (undone, before));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bs-scenario/parse-base", test_parse_base);
  g_test_add ("/bs-scenario/units", Fixture, NULL, fixture_set_up, test_units,
              fixture_tear_down);
  g_test_add ("/bs-scenario/place-save-load", Fixture, NULL,
              fixture_set_up, test_place_save_load,
              fixture_tear_down);
  g_test_add ("/bs-scenario/empty", Fixture, NULL,
              fixture_set_up, test_empty,
              fixture_tear_down);
  g_test_add ("/bs-scenario/follow", Fixture, NULL, fixture_set_up, test_follow,
              fixture_tear_down);
  g_test_add ("/bs-scenario/follow-base", Fixture, NULL, fixture_set_up, test_follow_base,
              fixture_tear_down);
  g_test_add ("/bs-scenario/follow-order", Fixture, NULL, fixture_set_up, test_follow_order,
              fixture_tear_down);
  g_test_add ("/bs-scenario/duplicate", Fixture, NULL, fixture_set_up, test_duplicate,
              fixture_tear_down);
  g_test_add_func ("/bs-scenario/strict-load", test_strict_load);
  g_test_add_func ("/bs-scenario/default-base", test_default_base);
  return g_test_run ();
}
