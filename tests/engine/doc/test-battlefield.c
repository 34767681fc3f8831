/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"
#include "muster-test-util.h"

#define P(x, y) ((MusterPoint) { (x), (y) })

static const char document_xml[] =
  "<?xml version=\"1.0\"?>\n"
  "<muster format=\"1\">\n"
  "  <ruleset id=\"battle-valor-fantasy\"/>\n"
  "  <force id=\"f1\" name=\"North\" side=\"Dwarves\">\n"
  "    <unit id=\"u1\" type=\"infantry\" size=\"4\" name=\"Iron Guard\"/>\n"
  "    <unit id=\"u2\" type=\"infantry\" size=\"4\" name=\"Rangers\"/>\n"
  "  </force>\n"
  "  <force id=\"f2\" name=\"South\" side=\"Goblins\">\n"
  "    <unit id=\"u3\" type=\"infantry\" size=\"4\" name=\"Grunts\"/>\n"
  "  </force>\n"
  "  <battlefield width=\"1000\" height=\"600\" units=\"in\" grid=\"100\" future=\"kept\">\n"
  "    <terrain id=\"t1\" type=\"woods\" shape=\"ellipse\" x=\"500\" y=\"300\" width=\"200\""
  " height=\"100\" rotation=\"0\" name=\"Mirkwood\"><smell>pine</smell></terrain>\n"
  "    <terrain id=\"t2\" type=\"road\" shape=\"polyline\" line-width=\"40\">"
  "<point x=\"0\" y=\"100\"/><point x=\"1000\" y=\"100\"/></terrain>\n"
  "    <zone id=\"z1\" side=\"Dwarves\"><point x=\"0\" y=\"0\"/><point x=\"1000\" y=\"0\"/>"
  "<point x=\"1000\" y=\"150\"/><point x=\"0\" y=\"150\"/></zone>\n"
  "    <objective id=\"o1\" number=\"1\" value=\"3\" x=\"500\" y=\"300\" name=\"The Well\"/>\n"
  "    <placement id=\"p1\" unit=\"u1\" x=\"500\" y=\"60\" facing=\"90\" stands=\"4\""
  " base-width=\"40\" base-depth=\"20\"/>\n"
  "    <placement id=\"p2\" unit=\"u2\" x=\"500\" y=\"300\" facing=\"90\" stands=\"4\""
  " base-width=\"40\" base-depth=\"20\" layer=\"umpire\"/>\n"
  "    <placement id=\"p3\" unit=\"u3\" x=\"500\" y=\"540\" facing=\"-90\" stands=\"4\""
  " base-width=\"40\" base-depth=\"20\"/>\n"
  "    <weather>rain</weather>\n"
  "    <scenario turn-limit=\"6\"><title>Broken Bridge</title>"
  "<briefing side=\"Dwarves\">Hold the well.</briefing><victory>Hold it.</victory></scenario>\n"
  "  </battlefield>\n"
  "</muster>\n";

static MusterDoc *
load_doc (void)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (document_xml, strlen (document_xml));
  g_autoptr(GError) error = NULL;
  MusterDoc *doc = muster_doc_new_from_bytes (bytes, "battle.muster", &error);

  g_assert_no_error (error);
  g_assert_nonnull (doc);
  return doc;
}

static void
test_load_and_round_trip (void)
{
  g_autoptr(MusterDoc) doc = load_doc ();
  g_autoptr(MusterDoc) copy = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GError) error = NULL;
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  const MusterFeature *f;

  g_assert_nonnull (field);
  g_assert_cmpfloat (muster_battlefield_get_width (field), ==, 1000);
  g_assert_cmpfloat (muster_battlefield_get_grid (field), ==, 100);
  g_assert_cmpstr (muster_battlefield_get_units (field), ==, "in");
  g_assert_cmpuint (muster_battlefield_get_n_features (field), ==, 7);

  f = muster_battlefield_lookup (field, "t1");
  g_assert_cmpint (f->kind, ==, MUSTER_FEATURE_TERRAIN);
  g_assert_cmpint (f->outline, ==, MUSTER_OUTLINE_ELLIPSE);
  g_assert_cmpstr (f->name, ==, "Mirkwood");
  f = muster_battlefield_lookup (field, "t2");
  g_assert_cmpint (f->outline, ==, MUSTER_OUTLINE_POLYLINE);
  g_assert_cmpuint (f->points->len, ==, 2);
  g_assert_cmpfloat (f->line_width, ==, 40);
  f = muster_battlefield_lookup (field, "p3");
  g_assert_cmpfloat_with_epsilon (f->rotation, -G_PI / 2, 1e-9);
  g_assert_cmpstr (muster_battlefield_lookup_unit (field, "u3")->id, ==, "p3");
  g_assert_cmpint (muster_battlefield_lookup (field, "o1")->value, ==, 3);

  g_assert_cmpstr (muster_battlefield_get_scenario (field, MUSTER_SCENARIO_TITLE), ==,
                   "Broken Bridge");
  g_assert_cmpstr (muster_battlefield_get_scenario (field, MUSTER_SCENARIO_PERIOD), ==, "");
  g_assert_cmpstr (muster_battlefield_get_briefing (field, "Dwarves"), ==, "Hold the well.");
  g_assert_cmpint (muster_battlefield_get_turn_limit (field), ==, 6);

  bytes = muster_doc_to_bytes (doc);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), "<smell>pine</smell>"));
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), "<weather>rain</weather>"));
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), "future=\"kept\""));
  copy = muster_doc_new_from_bytes (bytes, "copy", &error);
  g_assert_no_error (error);
  again = muster_doc_to_bytes (copy);
  g_assert_true (g_bytes_equal (bytes, again));
}

static void
test_edits_are_reversible (void)
{
  g_autoptr(MusterDoc) doc = load_doc ();
  g_autoptr(GBytes) before = muster_doc_to_bytes (doc);
  g_autoptr(GBytes) after = NULL;
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  g_autoptr(MusterFeature) moved = muster_feature_copy (muster_battlefield_lookup (field, "t1"));
  g_autoptr(MusterFeature) old = NULL;
  g_autoptr(MusterFeature) removed = NULL;
  g_autoptr(MusterFeature) back = NULL;
  MusterFeature *hill = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  g_autofree char *old_title = NULL;
  char *id;
  int index;

  /* Move and reshape: replace returns the old value, which puts it back. */
  muster_feature_translate (moved, (MusterVector) { 100, 0 });
  moved->width = 300;
  old = muster_battlefield_replace (field, moved);
  g_assert_cmpfloat (old->centre.x, ==, 500);
  g_assert_cmpfloat (muster_battlefield_lookup (field, "t1")->centre.x, ==, 600);
  back = muster_battlefield_replace (field, old);
  g_clear_pointer (&back, muster_feature_free);

  /* Remove and insert back, with the element Muster does not know. */
  removed = muster_battlefield_remove (field, "t1", &index);
  g_assert_cmpint (index, ==, 0);
  g_assert_null (muster_battlefield_lookup (field, "t1"));
  muster_battlefield_insert (field, index, g_steal_pointer (&removed));
  g_assert_cmpint (muster_battlefield_index_of (field, "t1"), ==, 0);

  /* A new piece gets a fresh id, and goes away again. */
  hill->type = g_strdup ("hill");
  hill->centre = P (200, 300);
  hill->width = hill->height = 150;
  id = muster_battlefield_insert (field, -1, hill);
  g_assert_cmpstr (id, ==, "t8");
  removed = muster_battlefield_remove (field, "t8", NULL);
  g_assert_nonnull (removed);

  old_title = muster_battlefield_set_scenario (field, MUSTER_SCENARIO_TITLE, "Other");
  g_assert_cmpstr (old_title, ==, "Broken Bridge");
  g_free (muster_battlefield_set_scenario (field, MUSTER_SCENARIO_TITLE, old_title));

  after = muster_doc_to_bytes (doc);
  g_assert_true (g_bytes_equal (after, before));
}

static void
test_new_battlefield (void)
{
  g_autoptr(MusterDoc) doc = muster_doc_new ("battle-valor-fantasy", NULL);
  g_autoptr(MusterBattlefield) old = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MusterDoc) copy = NULL;
  g_autoptr(GError) error = NULL;
  MusterBattlefield *field = muster_battlefield_new (muster_mm_from_inches (72),
                                                     muster_mm_from_inches (48), "in");
  MusterFeature *zone = muster_feature_new (MUSTER_FEATURE_ZONE);

  zone->side = g_strdup ("Dwarves");
  muster_feature_set_points (zone, (MusterPoint[]) { P (0, 0), P (100, 0), P (100, 100) }, 3);
  muster_battlefield_insert (field, -1, zone);
  muster_battlefield_set_turn_limit (field, 8);
  g_free (muster_battlefield_set_briefing (field, "Dwarves", "Go."));
  g_assert_null (muster_doc_set_battlefield (doc, field));
  bytes = muster_doc_to_bytes (doc);
  copy = muster_doc_new_from_bytes (bytes, "copy", &error);
  g_assert_no_error (error);
  field = muster_doc_get_battlefield (copy);
  g_assert_cmpfloat_with_epsilon (muster_battlefield_get_width (field), 1828.8, 1e-6);
  g_assert_cmpint (muster_battlefield_get_turn_limit (field), ==, 8);
  g_assert_cmpstr (muster_battlefield_lookup (field, "z1")->side, ==, "Dwarves");

  old = muster_doc_set_battlefield (doc, NULL);
  g_assert_nonnull (old);
  g_assert_null (muster_doc_get_battlefield (doc));
}

static void
test_bad_battlefields (void)
{
  static const struct { const char *xml; const char *prefix; } cases[] = {
    { "<battlefield width=\"0\"/>", "bad.muster:3: the table has no area" },
    { "<battlefield><terrain/></battlefield>", "bad.muster:3: a terrain piece has no type" },
    { "<battlefield><terrain type=\"a\" shape=\"star\"/></battlefield>",
      "bad.muster:3: unknown terrain shape" },
    { "<battlefield><placement/></battlefield>", "bad.muster:3: a placement names no unit" },
    { "<battlefield><objective x=\"far\"/></battlefield>", "bad.muster:3: “far” is not" },
    { "<battlefield><zone id=\"a\"/><zone id=\"a\"/></battlefield>",
      "bad.muster:3: the id “a” is used twice" },
    /* Absurd numbers no editor wrote: refused, with the attribute and the range. */
    { "<battlefield width=\"1e308\"/>",
      "bad.muster:3: the table is 1e+308 by 1219.2 mm; a table is at most 100 m a side" },
    { "<battlefield height=\"9223372036854775808\"/>", "bad.muster:3: the table is 1828.8 by" },
    { "<battlefield grid=\"-5\"/>", "bad.muster:3: grid=\"-5\" is out of range" },
    { "<battlefield><placement unit=\"u1\" base-width=\"-40\"/></battlefield>",
      "bad.muster:3: base-width=\"-40\" is out of range: it must be from 0 to 1e+06 mm" },
    { "<battlefield><placement unit=\"u1\" base-depth=\"1e12\"/></battlefield>",
      "bad.muster:3: base-depth=\"1e+12\" is out of range" },
    { "<battlefield><placement unit=\"u1\" x=\"-2e6\"/></battlefield>",
      "bad.muster:3: x=\"-2e+06\" is out of range" },
    { "<battlefield><terrain type=\"a\" shape=\"rectangle\" width=\"-1\"/></battlefield>",
      "bad.muster:3: width=\"-1\" is out of range" },
    { "<battlefield><zone><point x=\"0\" y=\"1e300\"/></zone></battlefield>",
      "bad.muster:3: y=\"1e+300\" is out of range" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *xml = g_strdup_printf ("<muster format=\"1\">\n<ruleset id=\"x\"/>\n%s"
                                              "</muster>", cases[i].xml);
      g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (bytes, "bad.muster", &error);

      g_assert_null (doc);
      g_assert_nonnull (error);
      if (!g_str_has_prefix (error->message, cases[i].prefix))
        g_error ("case %u: “%s”", i, error->message);
    }
}

static void
test_line_of_sight (void)
{
  g_autoptr(MusterDoc) doc = load_doc ();
  g_autoptr(MusterTerrainTypes) generic = muster_terrain_types_new_generic ();
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  const MusterFeature *blocker = NULL;
  g_autoptr(MusterFeature) moved = NULL;
  g_autoptr(MusterFeature) old = NULL;

  /* p1 and p3 look at each other across the woods. */
  g_assert_false (muster_battlefield_line_of_sight (field, generic, "p1", "p3", &blocker));
  g_assert_nonnull (blocker);
  g_assert_cmpstr (blocker->id, ==, "t1");
  /* p2 stands in the woods: at its edge it sees and is seen. */
  g_assert_true (muster_battlefield_line_of_sight (field, generic, "p1", "p2", &blocker));
  g_assert_null (blocker);
  /* The road does not block. Moving p3 aside clears the line. */
  moved = muster_feature_copy (muster_battlefield_lookup (field, "p3"));
  moved->centre = P (900, 540);
  old = muster_battlefield_replace (field, moved);
  g_assert_true (muster_battlefield_line_of_sight (field, generic, "p1", "p3", NULL));
  /* With no types at all the type's own id is judged ("woods" blocks). */
  g_clear_pointer (&moved, muster_feature_free);
  moved = muster_battlefield_replace (field, old);
  g_assert_false (muster_battlefield_line_of_sight (field, NULL, "p1", "p3", NULL));
}

static void
test_distance_and_deployment (void)
{
  g_autoptr(MusterDoc) doc = load_doc ();
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  g_autoptr(GPtrArray) issues = NULL;
  g_autoptr(MusterFeature) moved = NULL;
  g_autoptr(MusterFeature) old = NULL;
  MusterIssue *issue;

  /* Facing down (90°), a line of 4 stands 40 wide and 20 deep: 10 mm from centre to front
   * and to back. Centres are 480 mm apart, so edges are 480 - 10 - 10 = 460 apart. */
  g_assert_cmpfloat_with_epsilon (muster_battlefield_distance (field, "p1", "p3"), 460, 1e-6);

  /* p1 is in the Dwarves' zone; p2 is on the umpire's layer; the Goblins have no zone. */
  issues = muster_battlefield_check_deployment (field, doc);
  g_assert_cmpuint (issues->len, ==, 0);
  g_clear_pointer (&issues, g_ptr_array_unref);

  moved = muster_feature_copy (muster_battlefield_lookup (field, "p1"));
  moved->centre.y = 145;   /* its back rank sticks out of the zone */
  old = muster_battlefield_replace (field, moved);
  issues = muster_battlefield_check_deployment (field, doc);
  g_assert_cmpuint (issues->len, ==, 1);
  issue = issues->pdata[0];
  g_assert_cmpstr (issue->unit, ==, "u1");
  g_assert_cmpstr (issue->message, ==, "Iron Guard stands outside the Dwarves deployment zone");
}

static void
test_hit_and_query (void)
{
  g_autoptr(MusterDoc) doc = load_doc ();
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  /* A unit is picked before the objective and the woods under it. */
  g_assert_cmpstr (muster_battlefield_hit (field, P (500, 300), 1, TRUE)->id, ==, "p2");
  g_assert_cmpstr (muster_battlefield_hit (field, P (405, 300), 1, TRUE)->id, ==, "t1");
  g_assert_cmpstr (muster_battlefield_hit (field, P (50, 110), 1, TRUE)->id, ==, "t2");
  g_assert_cmpstr (muster_battlefield_hit (field, P (50, 20), 1, TRUE)->id, ==, "z1");
  g_assert_null (muster_battlefield_hit (field, P (50, 400), 1, TRUE));
  /* p2 is on the umpire's layer: for the players, the click goes to the objective under it. */
  g_assert_cmpstr (muster_battlefield_hit (field, P (500, 300), 1, FALSE)->id, ==, "o1");
  g_assert_cmpuint (muster_battlefield_query_box (field, (MusterBox) { 0, 500, 1000, 600 },
                                                  found), ==, 1);
}

/* Features moved one after another (a drag, a terrain piece reshaped): after each, every query
 * finds what a scan of every feature's box finds, in z-order; the index is not built again
 * for a move, so a box it failed to move would show here. */
static void
test_query_after_moves (void)
{
  g_autoptr(MusterDoc) doc = load_doc ();
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  g_autoptr(GRand) rand = g_rand_new_with_seed (22);
  guint n = muster_battlefield_get_n_features (field);
  guint n_found = 0;

  for (guint step = 0; step < 200; step++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, step % n);
      g_autoptr(MusterFeature) moved = muster_feature_copy (f);
      g_autoptr(MusterFeature) old = NULL;
      MusterVector delta = { g_rand_double_range (rand, -150, 150),
                             g_rand_double_range (rand, -150, 150) };

      muster_feature_translate (moved, delta);
      old = muster_battlefield_replace (field, moved);
      g_assert_nonnull (old);
      for (guint q = 0; q < 5; q++)
        {
          double x = g_rand_double_range (rand, -100, 1200);
          double y = g_rand_double_range (rand, -100, 800);
          MusterBox box = { x, y, x + g_rand_double_range (rand, 0, 300),
                            y + g_rand_double_range (rand, 0, 300) };
          g_autoptr(GPtrArray) found = g_ptr_array_new ();
          g_autoptr(GPtrArray) scanned = g_ptr_array_new ();

          muster_battlefield_query_box (field, box, found);
          for (guint i = 0; i < n; i++)
            {
              const MusterFeature *feature = muster_battlefield_get_feature (field, i);

              if (muster_box_intersects (muster_feature_get_bounds (feature), box))
                g_ptr_array_add (scanned, (gpointer) feature);
            }
          g_assert_cmpuint (found->len, ==, scanned->len);
          for (guint i = 0; i < found->len; i++)
            g_assert_true (found->pdata[i] == scanned->pdata[i]);
          n_found += found->len;
        }
    }
  g_assert_cmpuint (n_found, >, 100);
}

/* Hidden features: the umpire sees all, a side its own, the other side and the public none. */
static void
test_audience (void)
{
  g_autoptr(MusterDoc) doc = load_doc ();
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  const MusterFeature *hidden = muster_battlefield_lookup (field, "p2");
  const MusterFeature *open = muster_battlefield_lookup (field, "p3");
  g_autoptr(MusterFeature) note = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  g_autoptr(MusterFeature) ambush = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);
  const MusterAudience everyone = { NULL, FALSE };
  const MusterAudience dwarves = { "Dwarves", FALSE };
  const MusterAudience goblins = { "Goblins", FALSE };
  const MusterAudience umpire = { "Goblins", TRUE };
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();

  g_assert_true (muster_feature_is_hidden (hidden));
  g_assert_false (muster_feature_is_hidden (open));
  /* p2 has no side of its own: it is the Dwarves' through its unit's force. */
  g_assert_null (hidden->side);
  g_assert_cmpstr (muster_doc_get_feature_side (doc, hidden), ==, "Dwarves");
  g_assert_cmpstr (muster_doc_get_feature_side (doc, open), ==, "Goblins");
  g_assert_null (muster_doc_get_feature_side (NULL, hidden));

  g_assert_true (muster_doc_feature_is_visible (doc, hidden, &umpire));
  g_assert_true (muster_doc_feature_is_visible (doc, hidden, &dwarves));
  g_assert_false (muster_doc_feature_is_visible (doc, hidden, &goblins));
  g_assert_false (muster_doc_feature_is_visible (doc, hidden, &everyone));
  /* Without the document nobody can tell whose it is: only the umpire sees it. */
  g_assert_false (muster_doc_feature_is_visible (NULL, hidden, &dwarves));
  g_assert_true (muster_doc_feature_is_visible (NULL, hidden, &umpire));
  for (guint i = 0; i < 4; i++)
    g_assert_true (muster_doc_feature_is_visible (doc, open, (const MusterAudience *[]) {
                                                    &everyone, &dwarves, &goblins, &umpire }[i]));

  /* A hidden feature of no side (an umpire's note) is the umpire's alone. */
  note->layer = g_strdup (MUSTER_LAYER_UMPIRE);
  g_assert_false (muster_feature_is_visible_to (note, NULL, &dwarves));
  g_assert_false (muster_feature_is_visible_to (note, NULL, &everyone));
  g_assert_true (muster_feature_is_visible_to (note, NULL, &umpire));
  /* A hidden feature with a side of its own needs no document. */
  ambush->layer = g_strdup (MUSTER_LAYER_UMPIRE);
  ambush->side = g_strdup ("Goblins");
  g_assert_true (muster_feature_is_visible_to (ambush, NULL, &goblins));
  g_assert_false (muster_feature_is_visible_to (ambush, NULL, &dwarves));
  /* An explicit owner wins over the feature's own side. */
  g_assert_true (muster_feature_is_visible_to (ambush, "Dwarves", &dwarves));

  muster_doc_collect_sides (doc, field, sides);
  g_assert_cmpuint (sides->len, ==, 2);
  g_assert_cmpstr (sides->pdata[0], ==, "Dwarves");
  g_assert_cmpstr (sides->pdata[1], ==, "Goblins");
}

static void
test_terrain_types (void)
{
  static const char ruleset[] =
    "<ruleset format=\"1\" id=\"x\" version=\"1\"><name>X</name><terrain-types>"
    "<terrain id=\"wood\" name=\"Wood\" kind=\"woods\" move=\"difficult\" cover=\"soft\""
    " sight=\"blocks\" source=\"§6.1\"><description>Shots need 6s.</description></terrain>"
    "<terrain id=\"lane\" name=\"Lane\" kind=\"road\"/>"
    "</terrain-types></ruleset>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (ruleset, strlen (ruleset));
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterTerrainTypes) types = muster_terrain_types_new_from_bytes (bytes, "x.xml",
                                                                             &error);
  const MusterTerrainType *wood;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (muster_terrain_types_get_n_types (types), ==, 2);
  wood = muster_terrain_types_lookup (types, "wood");
  g_assert_cmpint (wood->kind, ==, MUSTER_TERRAIN_WOODS);
  g_assert_cmpint (wood->move, ==, MUSTER_MOVE_DIFFICULT);
  g_assert_true (wood->blocks_sight);
  g_assert_false (muster_terrain_types_lookup (types, "lane")->blocks_sight);
  text = muster_terrain_type_describe (wood);
  g_assert_cmpstr (text, ==, "Difficult going, soft cover. Blocks line of sight.\n"
                             "Shots need 6s. (§6.1)");
}

static void
test_bases (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_RULESETS_PATH"),
                                            "battle-valor-fantasy.xml", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterTerrainTypes) types = NULL;
  double w, d;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  bytes = g_bytes_new (contents, length);
  types = muster_terrain_types_new_from_bytes (bytes, "bvf", &error);
  g_assert_no_error (error);
  g_assert_true (muster_terrain_types_get_base (types, 0, "war-machine", &w, &d));
  g_assert_cmpfloat (w, ==, 100);
  g_assert_cmpfloat (d, ==, 50);
  g_assert_true (muster_terrain_types_get_base (types, 0, "infantry", &w, &d));
  g_assert_cmpfloat (w, ==, 40);
  g_assert_false (muster_terrain_types_get_base (types, 1, "infantry", &w, &d));
  g_assert_false (muster_terrain_types_get_base (NULL, 0, "infantry", &w, &d));
}

static void
test_shipped_terrain_types (void)
{
  /* The units each book measures in at its first figure scale: Undying Lands in cm (p.2). */
  static const struct { const char *id, *units; } systems[] = {
    { "battle-valor-fantasy", "in" }, { "standards-of-valor", "in" },
    { "undying-lands", "cm" }, { "medals-of-valor", "in" }, { "horse-and-musket", "in" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    {
      g_autofree char *name = g_strconcat (systems[i].id, ".xml", NULL);
      g_autofree char *path = g_build_filename (g_getenv ("MUSTER_RULESETS_PATH"), name, NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(MusterTerrainTypes) types = NULL;
      gboolean woods = FALSE, blocks = FALSE;
      gsize length;

      g_assert_true (g_file_get_contents (path, &contents, &length, &error));
      bytes = g_bytes_new (contents, length);
      types = muster_terrain_types_new_from_bytes (bytes, name, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (muster_terrain_types_get_n_types (types), >=, 6);
      for (guint j = 0; j < muster_terrain_types_get_n_types (types); j++)
        {
          const MusterTerrainType *type = muster_terrain_types_get_type (types, j);

          woods |= type->kind == MUSTER_TERRAIN_WOODS;
          blocks |= type->blocks_sight;
        }
      g_assert_true (woods);
      g_assert_true (blocks);
      /* and at least one figure scale with a default base */
      {
        double w = 0, d = 0;
        const char *units = NULL;

        g_assert_cmpuint (muster_terrain_types_get_n_scales (types), >=, 1);
        g_assert_nonnull (muster_terrain_types_get_scale_name (types, 0, &units, NULL));
        g_assert_cmpstr (units, ==, systems[i].units);
        g_assert_true (muster_terrain_types_get_base (types, 0, "no-such-type", &w, &d));
        g_assert_cmpfloat (w, >, 0);
        g_assert_cmpfloat (d, >, 0);
      }
    }
}

/* The scale a table is played at: a horse-and-musket force's command scale (its setting, else
 * the variant's default, brigade), else the first scale measuring in the table's units. */
static void
test_scale_for_doc (void)
{
  g_autoptr(MusterRuleset) hm = NULL, sov = NULL;
  g_autoptr(MusterDoc) ridge = muster_test_load_sample ("horse-and-musket-cemetery-ridge.muster",
                                                        &hm);
  g_autoptr(MusterDoc) cohort = muster_test_load_sample ("standards-of-valor-punitive-cohort.muster",
                                                         &sov);
  g_autoptr(MusterTerrainTypes) hm_types = muster_terrain_types_new_for_ruleset (hm, NULL);
  g_autoptr(MusterTerrainTypes) sov_types = muster_terrain_types_new_for_ruleset (sov, NULL);
  MusterForce *force = muster_doc_get_force (ridge, 0);
  const char *units = NULL;
  guint scale;

  scale = muster_terrain_types_scale_for_doc (hm_types, ridge);
  g_assert_cmpstr (muster_terrain_types_get_scale_name (hm_types, scale, NULL, NULL), ==, "Brigade");
  g_free (muster_force_set_setting (force, "scale", "section"));
  scale = muster_terrain_types_scale_for_doc (hm_types, ridge);
  g_assert_cmpstr (muster_terrain_types_get_scale_name (hm_types, scale, NULL, NULL), ==, "Section");
  /* without a choice, the variant's default */
  g_free (muster_force_set_setting (force, "scale", NULL));
  scale = muster_terrain_types_scale_for_force (hm_types, force, "in");
  g_assert_cmpstr (muster_terrain_types_get_scale_name (hm_types, scale, NULL, NULL), ==, "Brigade");
  /* a choice that names no scale falls back on the units, then on the first scale */
  g_free (muster_force_set_setting (force, "scale", "no-such-scale"));
  g_assert_cmpuint (muster_terrain_types_scale_for_force (hm_types, force, NULL), ==, 0);

  /* Standards of Valor has no scale setting: a table in cm is played with 15 mm figures */
  g_assert_cmpuint (muster_terrain_types_scale_for_force (sov_types, NULL, "in"), ==, 0);
  scale = muster_terrain_types_scale_for_force (sov_types, muster_doc_get_force (cohort, 0), "cm");
  muster_terrain_types_get_scale_name (sov_types, scale, &units, NULL);
  g_assert_cmpuint (scale, ==, 1);
  g_assert_cmpstr (units, ==, "cm");
}

/* Each edit counts one; a stored feature carries its edit's count, a kind its last insertion
 * or removal; a table change touches every kind; the scenario sheet touches none. */
static void
test_revisions (void)
{
  g_autoptr(MusterBattlefield) field = muster_battlefield_new (1000, 600, "in");
  MusterFeature *wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);
  g_autoptr(MusterFeature) moved = NULL;
  g_autoptr(MusterFeature) old = NULL;
  g_autoptr(MusterFeature) removed = NULL;
  g_autofree char *sheet = NULL;
  guint64 start = muster_battlefield_get_revision (field);
  guint64 terrain, units;
  char *wood_id, *unit_id;

  wood->revision = 999;   /* ignored on input */
  wood_id = muster_battlefield_insert (field, -1, wood);
  g_assert_cmpuint (muster_battlefield_get_revision (field), ==, start + 1);
  g_assert_cmpuint (muster_battlefield_lookup (field, wood_id)->revision, ==, start + 1);
  g_assert_cmpuint (muster_battlefield_get_kind_revision (field, MUSTER_FEATURE_TERRAIN), ==, start + 1);
  g_assert_cmpuint (muster_battlefield_get_kind_revision (field, MUSTER_FEATURE_UNIT), <, start + 1);

  unit_id = muster_battlefield_insert (field, -1, unit);
  terrain = muster_battlefield_get_kind_revision (field, MUSTER_FEATURE_TERRAIN);
  units = muster_battlefield_get_kind_revision (field, MUSTER_FEATURE_UNIT);
  g_assert_cmpuint (units, ==, start + 2);
  g_assert_cmpuint (terrain, ==, start + 1);

  /* a move: the unit's own revision, not its kind's */
  moved = muster_feature_copy (muster_battlefield_lookup (field, unit_id));
  moved->centre.x += 10;
  old = muster_battlefield_replace (field, moved);
  g_assert_cmpuint (muster_battlefield_lookup (field, unit_id)->revision, ==, start + 3);
  g_assert_cmpuint (muster_battlefield_lookup (field, wood_id)->revision, ==, start + 1);
  g_assert_cmpuint (muster_battlefield_get_kind_revision (field, MUSTER_FEATURE_UNIT), ==, units);

  /* the scenario sheet is not drawn on the table */
  sheet = muster_battlefield_set_scenario (field, MUSTER_SCENARIO_TITLE, "Cold Beck");
  g_assert_cmpuint (muster_battlefield_get_revision (field), ==, start + 3);

  removed = muster_battlefield_remove (field, wood_id, NULL);
  g_assert_cmpuint (muster_battlefield_get_kind_revision (field, MUSTER_FEATURE_TERRAIN), ==, start + 4);
  g_assert_cmpuint (muster_battlefield_get_kind_revision (field, MUSTER_FEATURE_UNIT), ==, units);

  muster_battlefield_set_table (field, 1200, 600, "cm", 0);
  for (MusterFeatureKind k = MUSTER_FEATURE_TERRAIN; k <= MUSTER_FEATURE_UNIT; k++)
    g_assert_cmpuint (muster_battlefield_get_kind_revision (field, k), ==, start + 5);

  /* another battlefield counts on from there: no two share a revision */
  {
    g_autoptr(MusterBattlefield) other = muster_battlefield_new (1000, 600, "in");

    g_assert_cmpuint (muster_battlefield_get_revision (other), >, start + 5);
    g_assert_cmpuint (muster_battlefield_get_kind_revision (other, MUSTER_FEATURE_TERRAIN), >, start + 5);
  }
}

/* Vertex editing: hits on vertices and edges, moves, insertions, deletions down to the
 * polygon's 3 and the polyline's 2; rectangles, ellipses and units have no vertices. */
static void
test_vertices (void)
{
  g_autoptr(MusterFeature) wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  g_autoptr(MusterFeature) wall = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  g_autoptr(MusterFeature) box = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  g_autoptr(MusterFeature) unit = muster_feature_new (MUSTER_FEATURE_UNIT);
  MusterPoint square[] = { { 0, 0 }, { 100, 0 }, { 100, 100 }, { 0, 100 } };
  MusterPoint line[] = { { 0, 0 }, { 100, 0 } };

  wood->outline = MUSTER_OUTLINE_POLYGON;
  muster_feature_set_points (wood, square, 4);
  wall->outline = MUSTER_OUTLINE_POLYLINE;
  muster_feature_set_points (wall, line, 2);
  g_assert_true (muster_feature_has_vertices (wood));
  g_assert_true (muster_feature_has_vertices (wall));
  g_assert_false (muster_feature_has_vertices (box));    /* a rectangle */
  g_assert_false (muster_feature_has_vertices (unit));

  g_assert_cmpint (muster_feature_hit_vertex (wood, (MusterPoint) { 98, 3 }, 5), ==, 1);
  g_assert_cmpint (muster_feature_hit_vertex (wood, (MusterPoint) { 50, 3 }, 5), ==, -1);
  g_assert_cmpint (muster_feature_hit_edge (wood, (MusterPoint) { 50, 3 }, 5), ==, 0);
  /* the closing edge, from the last vertex back to the first */
  g_assert_cmpint (muster_feature_hit_edge (wood, (MusterPoint) { 2, 50 }, 5), ==, 3);
  /* a polyline is open: no edge back */
  g_assert_cmpint (muster_feature_hit_edge (wall, (MusterPoint) { 50, 2 }, 5), ==, 0);
  g_assert_cmpint (muster_feature_hit_edge (wall, (MusterPoint) { 50, 50 }, 5), ==, -1);
  g_assert_cmpint (muster_feature_hit_vertex (box, (MusterPoint) { 0, 0 }, 5), ==, -1);

  g_assert_true (muster_feature_move_vertex (wood, 2, (MusterPoint) { 150, 120 }));
  g_assert_cmpfloat (g_array_index (wood->points, MusterPoint, 2).x, ==, 150);
  g_assert_false (muster_feature_move_vertex (wood, 4, (MusterPoint) { 0, 0 }));

  g_assert_true (muster_feature_insert_vertex (wood, 1, (MusterPoint) { 50, -20 }));
  g_assert_cmpuint (wood->points->len, ==, 5);
  g_assert_cmpfloat (g_array_index (wood->points, MusterPoint, 1).y, ==, -20);
  g_assert_cmpfloat (g_array_index (wood->points, MusterPoint, 2).x, ==, 100);
  g_assert_false (muster_feature_insert_vertex (wood, 7, (MusterPoint) { 0, 0 }));

  g_assert_true (muster_feature_delete_vertex (wood, 0));
  g_assert_true (muster_feature_delete_vertex (wood, 0));
  g_assert_cmpuint (wood->points->len, ==, 3);
  g_assert_false (muster_feature_delete_vertex (wood, 0));   /* a polygon keeps 3 */
  g_assert_false (muster_feature_delete_vertex (wall, 0));   /* a polyline 2 */
  g_assert_true (muster_feature_insert_vertex (wall, 2, (MusterPoint) { 150, 50 }));
  g_assert_true (muster_feature_delete_vertex (wall, 0));
  g_assert_cmpfloat (g_array_index (wall->points, MusterPoint, 0).x, ==, 100);
}

/* A document written by hand: @body between its ruleset and its end */
static MusterDoc *
hand_doc (const char *body)
{
  g_autofree char *xml = g_strconcat ("<?xml version=\"1.0\"?>\n"
                                      "<muster format=\"1\">\n"
                                      "  <ruleset id=\"battle-valor-fantasy\"/>\n",
                                      body, "</muster>\n", NULL);
  g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
  g_autoptr(GError) error = NULL;
  MusterDoc *doc = muster_doc_new_from_bytes (bytes, "hand.muster", &error);

  g_assert_no_error (error);
  return doc;
}

/* @doc as Muster saves it, read again */
static MusterDoc *
saved_and_read (MusterDoc *doc)
{
  g_autoptr(GBytes) saved = muster_doc_to_bytes (doc);
  g_autoptr(GError) error = NULL;
  MusterDoc *again = muster_doc_new_from_bytes (saved, "saved.muster", &error);

  g_assert_no_error (error);
  return again;
}

/* A placement without an id (written by hand, or by an older Muster) gets one no other
 * feature has, also when a later feature already holds the first free-looking number; and
 * what is saved loads again. */
static void
test_missing_ids (void)
{
  g_autoptr(MusterDoc) doc = hand_doc (
    "  <force id=\"f1\" name=\"North\">\n"
    "    <unit id=\"u1\" type=\"infantry\" size=\"4\"/>\n"
    "    <unit id=\"u2\" type=\"infantry\" size=\"4\"/>\n"
    "  </force>\n"
    "  <battlefield width=\"1000\" height=\"600\">\n"
    "    <placement unit=\"u1\" x=\"100\" y=\"60\" facing=\"90\" stands=\"4\""
    " base-width=\"40\" base-depth=\"20\"/>\n"
    "    <placement id=\"p1\" unit=\"u2\" x=\"500\" y=\"60\" facing=\"90\" stands=\"4\""
    " base-width=\"40\" base-depth=\"20\"/>\n"
    "    <terrain type=\"woods\" shape=\"ellipse\" x=\"500\" y=\"300\" width=\"200\""
    " height=\"100\"/>\n"
    "    <terrain id=\"t1\" type=\"woods\" shape=\"ellipse\" x=\"200\" y=\"300\""
    " width=\"200\" height=\"100\"/>\n"
    "  </battlefield>\n");
  g_autoptr(MusterDoc) again = NULL;
  MusterBattlefield *field;
  const MusterFeature *first, *woods;

  field = muster_doc_get_battlefield (doc);
  first = muster_battlefield_get_feature (field, 0);
  woods = muster_battlefield_get_feature (field, 2);
  g_assert_cmpstr (muster_battlefield_lookup (field, "p1")->unit, ==, "u2");
  g_assert_cmpstr (first->id, !=, "p1");
  g_assert_true (muster_battlefield_lookup (field, first->id) == first);
  g_assert_cmpstr (woods->id, !=, "t1");
  g_assert_true (muster_battlefield_lookup (field, woods->id) == woods);

  again = saved_and_read (doc);
  g_assert_cmpuint (muster_battlefield_get_n_features (muster_doc_get_battlefield (again)), ==, 4);
}

/* The first placement of @unit_id in the table's order, found the long way */
static const MusterFeature *
scan_unit (MusterBattlefield *field,
           const char        *unit_id)
{
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *feature = muster_battlefield_get_feature (field, i);

      if (feature->kind == MUSTER_FEATURE_UNIT && g_strcmp0 (feature->unit, unit_id) == 0)
        return feature;
    }
  return NULL;
}

static void
check_lookups (MusterBattlefield *field,
               guint              n_units)
{
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *feature = muster_battlefield_get_feature (field, i);

      g_assert_true (muster_battlefield_lookup (field, feature->id) == feature);
      g_assert_cmpint (muster_battlefield_index_of (field, feature->id), ==, i);
    }
  for (guint u = 0; u < n_units; u++)
    {
      g_autofree char *unit_id = g_strdup_printf ("u%u", u);

      g_assert_true (muster_battlefield_lookup_unit (field, unit_id) == scan_unit (field, unit_id));
    }
  g_assert_null (muster_battlefield_lookup (field, "nothing"));
  g_assert_cmpint (muster_battlefield_index_of (field, "nothing"), ==, -1);
}

/* Features are found by id and placements by unit through indexes kept with each edit: after
 * every insertion, removal, replacement and undo of a random run of them, including units
 * placed twice (a file written by hand) and placements moved to another unit, each finds what
 * a scan of the table finds. */
static void
test_lookups_follow_edits (void)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (document_xml, strlen (document_xml));
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (bytes, "doc.muster", &error);
  MusterBattlefield *field;
  GRand *rand = g_rand_new_with_seed (20261207);
  const guint n_units = 12;

  g_assert_no_error (error);
  field = muster_doc_get_battlefield (doc);
  check_lookups (field, n_units);
  for (guint step = 0; step < 3000; step++)
    {
      guint n = muster_battlefield_get_n_features (field);
      guint what = g_rand_int_range (rand, 0, 4);

      if (what <= 1 || n < 3)
        {
          MusterFeature *feature = muster_feature_new (g_rand_boolean (rand) ? MUSTER_FEATURE_UNIT
                                                                             : MUSTER_FEATURE_OBJECTIVE);

          if (feature->kind == MUSTER_FEATURE_UNIT)
            feature->unit = g_strdup_printf ("u%u", g_rand_int_range (rand, 0, n_units));
          /* now and then an id that is taken already, which gets a new one */
          if (n > 0 && g_rand_int_range (rand, 0, 5) == 0)
            feature->id = g_strdup (muster_battlefield_get_feature (field, 0)->id);
          muster_battlefield_insert (field, g_rand_int_range (rand, -1, n + 1), feature);
        }
      else if (what == 2)
        {
          const MusterFeature *victim = muster_battlefield_get_feature (field,
                                                                        g_rand_int_range (rand, 0, n));
          int at;
          MusterFeature *removed = muster_battlefield_remove (field, victim->id, &at);

          g_assert_nonnull (removed);
          g_assert_null (muster_battlefield_lookup (field, removed->id));
          /* half of them come back, as an undo brings them */
          if (g_rand_boolean (rand))
            {
              check_lookups (field, n_units);
              muster_battlefield_insert (field, at, removed);
            }
          else
            muster_feature_free (removed);
        }
      else
        {
          const MusterFeature *target = muster_battlefield_get_feature (field,
                                                                        g_rand_int_range (rand, 0, n));
          g_autoptr(MusterFeature) copy = muster_feature_copy (target);
          g_autoptr(MusterFeature) old = NULL;

          muster_feature_translate (copy, (MusterVector) { 5, 0 });
          if (copy->kind == MUSTER_FEATURE_UNIT && g_rand_boolean (rand))
            {
              g_free (copy->unit);
              copy->unit = g_strdup_printf ("u%u", g_rand_int_range (rand, 0, n_units));
            }
          old = muster_battlefield_replace (field, copy);
          g_assert_nonnull (old);
        }
      check_lookups (field, n_units);
    }
  g_rand_free (rand);
}

/* A feature put on top goes after the last feature in the file, also where the scenario sheet
 * was written before the features (by hand): saved and read again, it is still on top. */
static void
test_on_top_after_sheet (void)
{
  g_autoptr(MusterDoc) doc = hand_doc (
    "  <battlefield width=\"1000\" height=\"600\">\n"
    "    <scenario><title>Sheet first</title></scenario>\n"
    "    <terrain id=\"t1\" type=\"woods\" shape=\"ellipse\" x=\"500\" y=\"300\""
    " width=\"200\" height=\"100\"/>\n"
    "    <terrain id=\"t2\" type=\"woods\" shape=\"ellipse\" x=\"200\" y=\"300\""
    " width=\"200\" height=\"100\"/>\n"
    "  </battlefield>\n");
  g_autoptr(MusterDoc) again = NULL;
  MusterBattlefield *field;
  MusterFeature *objective = muster_feature_new (MUSTER_FEATURE_OBJECTIVE);
  g_autofree char *id = NULL;

  field = muster_doc_get_battlefield (doc);
  id = g_strdup (muster_battlefield_insert (field, -1, objective));
  g_assert_cmpint (muster_battlefield_index_of (field, id), ==, 2);
  again = saved_and_read (doc);
  field = muster_doc_get_battlefield (again);
  g_assert_cmpint (muster_battlefield_index_of (field, id), ==, 2);
  g_assert_cmpstr (muster_battlefield_get_scenario (field, MUSTER_SCENARIO_TITLE), ==,
                   "Sheet first");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/battlefield/load-and-round-trip", test_load_and_round_trip);
  g_test_add_func ("/battlefield/edits-are-reversible", test_edits_are_reversible);
  g_test_add_func ("/battlefield/new", test_new_battlefield);
  g_test_add_func ("/battlefield/revisions", test_revisions);
  g_test_add_func ("/battlefield/vertices", test_vertices);
  g_test_add_func ("/battlefield/bad", test_bad_battlefields);
  g_test_add_func ("/battlefield/missing-ids", test_missing_ids);
  g_test_add_func ("/battlefield/lookups-follow-edits", test_lookups_follow_edits);
  g_test_add_func ("/battlefield/on-top-after-sheet", test_on_top_after_sheet);
  g_test_add_func ("/battlefield/line-of-sight", test_line_of_sight);
  g_test_add_func ("/battlefield/distance-and-deployment", test_distance_and_deployment);
  g_test_add_func ("/battlefield/hit-and-query", test_hit_and_query);
  g_test_add_func ("/battlefield/query-after-moves", test_query_after_moves);
  g_test_add_func ("/battlefield/audience", test_audience);
  g_test_add_func ("/battlefield/terrain-types", test_terrain_types);
  g_test_add_func ("/battlefield/shipped-terrain-types", test_shipped_terrain_types);
  g_test_add_func ("/battlefield/bases", test_bases);
  g_test_add_func ("/battlefield/scale-for-doc", test_scale_for_doc);
  return g_test_run ();
}
