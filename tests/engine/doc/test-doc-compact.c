/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-army-private.h"
#include "muster-battle-log-private.h"
#include "muster-battlefield-private.h"
#include "muster-engine.h"

/*
 * Loading keeps what units and placed units say in their structures and empties their
 * elements when a save writes them back the same (issue 20: the tree of a 31 MB document was
 * half a gigabyte). A save fills them for the while it writes, edits fill them for good, and
 * elements with anything this Muster would not write back alike stay whole. Only documents of
 * 1 MiB or more are emptied; these tests empty any.
 */

/* As Muster saves it: a save of it must give it back byte for byte. */
static const char doc_text[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<muster format=\"1\">\n"
  "  <ruleset id=\"battle-valor-fantasy\" version=\"1.0\"/>\n"
  "  <title>Compact</title>\n"
  "  <force id=\"f1\" name=\"North\" side=\"North\">\n"
  "    <unit id=\"u1\" type=\"infantry\" size=\"12\" name=\"Spears\">\n"
  "      <option id=\"veteran\"/>\n"
  "      <option id=\"pole\" count=\"2\"/>\n"
  "      <notes>Hold &amp; wait.</notes>\n"
  "    </unit>\n"
  "    <node id=\"n3\" level=\"wing\">\n"
  "      <unit id=\"u2\" type=\"cavalry\" size=\"6\" attached-to=\"u1\" markers=\"pinned\" "
  "base-width=\"50\" base-depth=\"25\"/>\n"
  "    </node>\n"
  "    <unit type=\"archers\" id=\"u4\" size=\"10\"/>\n"
  "    <unit id=\"u5\" type=\"archers\" size=\"10\" paint=\"red\"/>\n"
  "    <unit id=\"u6\" type=\"archers\" size=\"10\">\n"
  "      <banner colour=\"blue\"/>\n"
  "    </unit>\n"
  "  </force>\n"
  "  <battlefield width=\"1828.8\" height=\"1219.2\" units=\"in\">\n"
  "    <placement id=\"p1\" unit=\"u1\" x=\"300\" y=\"400\" facing=\"90\" formation=\"line\" "
  "stands=\"12\" files=\"6\" base-width=\"40\" base-depth=\"40\"/>\n"
  "    <placement id=\"p2\" unit=\"u4\" x=\"300.50\" y=\"800\" facing=\"0\" formation=\"line\" "
  "stands=\"10\" base-width=\"40\" base-depth=\"40\"/>\n"
  "  </battlefield>\n"
  "</muster>\n";

static MusterDoc *
load (const char *text)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(GError) error = NULL;
  MusterDoc *doc = muster_doc_new_from_bytes (bytes, "compact.muster", &error);

  g_assert_no_error (error);
  return doc;
}

static char *
save (MusterDoc *doc)
{
  g_autoptr(GBytes) bytes = muster_doc_to_bytes (doc);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static gboolean
unit_is_bare (MusterDoc  *doc,
              const char *id)
{
  return muster_xml_is_bare (muster_doc_lookup_unit (doc, id)->xml);
}

static gboolean
placement_is_bare (MusterDoc  *doc,
                   const char *id)
{
  MusterBattlefield *battlefield = muster_doc_get_battlefield (doc);

  return muster_xml_is_bare (muster_battlefield_lookup (battlefield, id)->xml);
}

/* Replaces the one @old in @text by @new. */
static char *
replaced (const char *text,
          const char *old,
          const char *new)
{
  const char *at = strstr (text, old);

  g_assert_nonnull (at);
  g_assert_null (strstr (at + 1, old));
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, new, at + strlen (old));
}

static void
test_compact_load_and_save (void)
{
  g_autoptr(MusterDoc) doc = load (doc_text);
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;

  /* Written back alike: emptied. */
  g_assert_true (unit_is_bare (doc, "u1"));
  g_assert_true (unit_is_bare (doc, "u2"));
  g_assert_true (placement_is_bare (doc, "p1"));
  /* Not: attributes in another order, one this Muster does not know, an element it does not
   * know, a number written otherwise. */
  g_assert_false (unit_is_bare (doc, "u4"));
  g_assert_false (unit_is_bare (doc, "u5"));
  g_assert_false (unit_is_bare (doc, "u6"));
  g_assert_false (placement_is_bare (doc, "p2"));
  /* What they say is there all the same. */
  g_assert_cmpstr (muster_unit_get_notes (muster_doc_lookup_unit (doc, "u1")), ==,
                   "Hold & wait.");
  g_assert_cmpuint (muster_unit_get_option_count (muster_doc_lookup_unit (doc, "u1"), "pole"),
                    ==, 2);

  text = save (doc);
  g_assert_cmpstr (text, ==, doc_text);
  /* emptied again after the save, and the next save alike */
  g_assert_true (unit_is_bare (doc, "u1"));
  g_assert_true (placement_is_bare (doc, "p1"));
  again = save (doc);
  g_assert_cmpstr (again, ==, doc_text);
}

static void
test_compact_edits (void)
{
  g_autoptr(MusterDoc) doc = load (doc_text);
  MusterUnit *spears = muster_doc_lookup_unit (doc, "u1");
  MusterUnit *riders = muster_doc_lookup_unit (doc, "u2");
  MusterNode *root = muster_force_get_root (muster_doc_get_force (doc, 0));
  MusterBattlefield *battlefield = muster_doc_get_battlefield (doc);
  g_autoptr(MusterFeature) moved = NULL;
  g_autoptr(MusterFeature) old = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *step = NULL;
  g_autofree char *name = NULL;
  MusterUnit *removed;

  /* An edit of an emptied unit writes it whole, with the edit. */
  name = muster_unit_set_name (spears, "Pikes");
  g_assert_cmpstr (name, ==, "Spears");
  text = save (doc);
  expected = replaced (doc_text, "name=\"Spears\"", "name=\"Pikes\"");
  g_assert_cmpstr (text, ==, expected);
  g_clear_pointer (&text, g_free);

  /* Removed and put back (an undo): in its place, whole. */
  removed = muster_node_remove_unit (muster_node_get_node (root, 0), 0);
  g_assert_true (removed == riders);
  muster_node_insert_unit (muster_node_get_node (root, 0), 0, removed);
  text = save (doc);
  g_assert_cmpstr (text, ==, expected);
  g_clear_pointer (&text, g_free);

  /* A placed unit moved. */
  moved = muster_feature_copy (muster_battlefield_lookup (battlefield, "p1"));
  moved->centre.x = 350;
  old = muster_battlefield_replace (battlefield, moved);
  g_assert_nonnull (old);
  text = save (doc);
  step = replaced (expected, "x=\"300\" y=\"400\"", "x=\"350\" y=\"400\"");
  g_assert_cmpstr (text, ==, step);
}

/* A unit made in the app, its attributes set in any order and its id given last when it
 * joins the list, is saved as a save writes a unit (id first): read again, it is emptied,
 * and saved again alike. */
static void
test_compact_made_in_app (void)
{
  g_autoptr(MusterDoc) doc = load (doc_text);
  g_autoptr(MusterDoc) again = NULL;
  MusterNode *root = muster_force_get_root (muster_doc_get_force (doc, 0));
  MusterUnit *unit = muster_unit_new ("infantry", 8);
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  g_autofree char *id = NULL;

  g_free (muster_unit_set_markers (unit, "pinned"));
  muster_unit_set_base (unit, 40, 20);
  g_free (muster_unit_set_name (unit, "Levies"));
  g_free (muster_unit_set_attached_to (unit, "u1"));
  muster_unit_set_option (unit, "levy", 1);
  g_free (muster_unit_set_notes (unit, "Made here."));
  muster_unit_set_size (unit, 10);
  muster_node_insert_unit (root, muster_node_get_n_units (root), unit);
  id = g_strdup (muster_unit_get_id (unit));
  g_assert_nonnull (id);

  text = save (doc);
  again = load (text);
  g_assert_true (unit_is_bare (again, id));
  g_assert_cmpstr (muster_unit_get_name (muster_doc_lookup_unit (again, id)), ==, "Levies");
  text_again = save (again);
  g_assert_cmpstr (text_again, ==, text);
}

/* A roster's link set on an emptied unit (the scenario following its roster): the unit is
 * written whole with the link, nothing it said is lost. */
static void
test_compact_roster_link (void)
{
  g_autoptr(MusterDoc) doc = load (doc_text);
  MusterUnit *riders = muster_doc_lookup_unit (doc, "u2");
  g_autofree char *entry = NULL;
  g_autofree char *text = NULL;

  g_assert_true (unit_is_bare (doc, "u2"));
  muster_unit_set_selection (riders, "sel-7");
  entry = muster_unit_set_entry_name (riders, "Wolf Riders");
  g_assert_cmpint (muster_unit_set_own_cost (riders, 90), ==, -1);
  text = save (doc);
  g_assert_nonnull (strstr (text, "<unit id=\"u2\" type=\"cavalry\" size=\"6\" "
                                  "attached-to=\"u1\" markers=\"pinned\" base-width=\"50\" "
                                  "base-depth=\"25\" selection=\"sel-7\" "
                                  "entry-name=\"Wolf Riders\" cost=\"90\"/>"));
}

/* Whether @bytes saves the same bytes loaded emptied as loaded whole (or loads neither way),
 * and those libxml2 writes of the whole tree at once (a save writes the emptied elements one
 * at a time, muster_xml_to_bytes_filling()), also when the save lays out every element itself
 * rather than libxml2. */
static gboolean
saves_alike (GBytes     *bytes,
             const char *name)
{
  g_autoptr(MusterDoc) whole = NULL;
  g_autoptr(MusterDoc) emptied = NULL;
  g_autofree char *whole_text = NULL;
  g_autofree char *emptied_text = NULL;
  g_autofree char *walked_text = NULL;
  g_autoptr(GBytes) libxml2_bytes = NULL;

  _muster_doc_compact_from = G_MAXSIZE;
  whole = muster_doc_new_from_bytes (bytes, name, NULL);
  _muster_doc_compact_from = 0;
  emptied = muster_doc_new_from_bytes (bytes, name, NULL);
  g_assert_true ((whole == NULL) == (emptied == NULL));
  if (whole == NULL)
    return FALSE;
  whole_text = save (whole);
  emptied_text = save (emptied);
  _muster_xml_write_every_element = TRUE;
  walked_text = save (emptied);
  _muster_xml_write_every_element = FALSE;
  libxml2_bytes = muster_xml_to_bytes (_muster_doc_get_root (whole)->doc);
  g_test_message ("%s", name);
  g_assert_cmpstr (emptied_text, ==, whole_text);
  g_assert_cmpstr (walked_text, ==, whole_text);
  g_assert_cmpmem (emptied_text, strlen (emptied_text), g_bytes_get_data (libxml2_bytes, NULL),
                   g_bytes_get_size (libxml2_bytes));
  return TRUE;
}

/* Every document of the fuzz corpus (hand-written ones among them: ids missing, attributes in
 * any order), every sample, and units and pieces without ids save the same bytes loaded
 * emptied as loaded whole. */
static void
test_compact_as_whole (void)
{
  const char *folders[][2] = { { "fuzz", "corpus/doc" }, { "..", "data/samples" } };
  static const char no_ids[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<muster format=\"1\">\n"
    "  <ruleset id=\"battle-valor-fantasy\" version=\"1.0\"/>\n"
    "  <force id=\"f1\" name=\"North\">\n"
    "    <unit type=\"infantry\" size=\"12\" name=\"Spears\"/>\n"
    "    <unit type=\"cavalry\" size=\"6\"/>\n"
    "  </force>\n"
    "  <battlefield width=\"1828.8\" height=\"1219.2\" units=\"in\">\n"
    "    <terrain type=\"woods\" shape=\"ellipse\" x=\"500\" y=\"300\" width=\"200\" "
    "height=\"100\" rotation=\"15\"/>\n"
    "  </battlefield>\n"
    "</muster>\n";
  g_autoptr(GBytes) no_ids_bytes = g_bytes_new_static (no_ids, strlen (no_ids));
  guint n = 0;

  g_assert_true (saves_alike (no_ids_bytes, "no-ids.muster"));
  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, folders[f][0], folders[f][1],
                                                     NULL);
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)))
        {
          g_autofree char *file = g_build_filename (path, name, NULL);
          g_autofree char *text = NULL;
          g_autoptr(GBytes) bytes = NULL;
          gsize length;

          if (!g_str_has_suffix (name, ".muster"))
            continue;
          g_assert_true (g_file_get_contents (file, &text, &length, NULL));
          bytes = g_bytes_new_static (text, length);
          n += saves_alike (bytes, name);
        }
    }
  g_assert_cmpuint (n, >, 20);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* documents this small are left whole otherwise */
  _muster_doc_compact_from = 0;
  g_test_add_func ("/engine/doc/compact/load-and-save", test_compact_load_and_save);
  g_test_add_func ("/engine/doc/compact/edits", test_compact_edits);
  g_test_add_func ("/engine/doc/compact/as-whole", test_compact_as_whole);
  g_test_add_func ("/engine/doc/compact/roster-link", test_compact_roster_link);
  g_test_add_func ("/engine/doc/compact/made-in-app", test_compact_made_in_app);
  return g_test_run ();
}
