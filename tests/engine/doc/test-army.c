/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"
#include "muster-test-util.h"

/*
 * The army model: forces, organisation nodes and units in a document; reversible edits; the
 * XML round trip; running totals that an edit updates without re-costing the list.
 * tests/data/army.muster is costed with tests/data/ruleset-full.xml ("full").
 */

static MusterRuleset *full;
static guint n_costed;

static gboolean
counting_unit_cost (const MusterRuleset *ruleset,
                    const MusterForce   *force,
                    const MusterUnit    *unit,
                    MusterCost          *cost)
{
  n_costed++;
  return muster_system_cost_by_size (ruleset, force, unit, muster_unit_get_size (unit), cost);
}

/* Counts the calls to the system module for ruleset "full". */
static const MusterSystem counting_system = { "full", counting_unit_cost, NULL, NULL };

static MusterDoc *
doc_from_string (const char  *text,
                 GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));

  return muster_doc_new_from_bytes (bytes, "inline.muster", error);
}

static MusterDoc *
load_army (void)
{
  g_autofree char *path = g_build_filename (MUSTER_TEST_DATA, "army.muster", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;
  MusterDoc *doc;
  gsize length;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  bytes = g_bytes_new (text, length);
  doc = muster_doc_new_from_bytes (bytes, "army.muster", &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (doc, full);
  return doc;
}

static char *
doc_text (MusterDoc *doc)
{
  g_autoptr(GBytes) bytes = muster_doc_to_bytes (doc);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* The sum of the cached costs of every unit below @node, walking the tree. */
static gint64
walk_total (const MusterNode *node)
{
  gint64 total = 0;

  for (guint i = 0; i < muster_node_get_n_units (node); i++)
    {
      const MusterCost *cost = muster_unit_get_cost (muster_node_get_unit (node, i));

      total += cost->error ? 0 : cost->value;
    }
  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    {
      gint64 sub = walk_total (muster_node_get_node (node, i));

      g_assert_cmpint (sub, ==, muster_node_get_total (muster_node_get_node (node, i)));
      total += sub;
    }
  return total;
}

static void
assert_totals (MusterDoc *doc)
{
  for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
    {
      MusterForce *force = muster_doc_get_force (doc, i);

      g_assert_cmpint (walk_total (muster_force_get_root (force)), ==,
                       muster_force_get_total (force));
    }
}

static void
test_army_load (void)
{
  g_autoptr(MusterDoc) doc = load_army ();
  MusterForce *blue = muster_doc_get_force (doc, 0);
  MusterForce *red = muster_doc_get_force (doc, 1);
  MusterNode *left, *right;
  MusterUnit *spears;
  guint count = 0;

  g_assert_cmpuint (muster_doc_get_n_forces (doc), ==, 2);
  g_assert_cmpstr (muster_force_get_id (blue), ==, "f1");
  g_assert_cmpstr (muster_force_get_name (blue), ==, "Blue host");
  g_assert_cmpstr (muster_force_get_side (blue), ==, "Blue");
  g_assert_cmpint (muster_force_get_points_limit (blue), ==, 500);
  g_assert_cmpint (muster_force_get_points_limit (red), ==, 0);
  g_assert_cmpstr (muster_force_get_setting (blue, "armour-cost"), ==, "cheap");
  g_assert_null (muster_force_get_setting (red, "armour-cost"));
  g_assert_true (muster_force_get_doc (blue) == doc);

  g_assert_cmpuint (muster_node_get_n_nodes (muster_force_get_root (blue)), ==, 2);
  g_assert_cmpuint (muster_node_get_n_units (muster_force_get_root (blue)), ==, 0);
  left = muster_node_get_node (muster_force_get_root (blue), 0);
  right = muster_node_get_node (muster_force_get_root (blue), 1);
  g_assert_cmpstr (muster_node_get_id (left), ==, "n1");
  g_assert_cmpstr (muster_node_get_level (left), ==, "wing");
  g_assert_cmpstr (muster_node_get_name (left), ==, "Left wing");
  g_assert_true (muster_node_get_parent (left) == muster_force_get_root (blue));
  g_assert_true (muster_node_get_force (left) == blue);
  g_assert_null (muster_node_get_level (muster_force_get_root (blue)));

  spears = muster_node_get_unit (left, 0);
  g_assert_cmpstr (muster_unit_get_id (spears), ==, "u1");
  g_assert_cmpstr (muster_unit_get_type_id (spears), ==, "spearmen");
  g_assert_cmpuint (muster_unit_get_size (spears), ==, 10);
  g_assert_cmpstr (muster_unit_get_name (spears), ==, "First spears");
  g_assert_cmpstr (muster_unit_get_notes (spears), ==, "Hold the ford & the bridge.");
  g_assert_cmpuint (muster_unit_get_n_picks (spears), ==, 3);
  g_assert_cmpstr (muster_unit_get_pick (spears, 2, &count), ==, "banner");
  g_assert_cmpuint (count, ==, 2);
  g_assert_cmpuint (muster_unit_get_option_count (spears, "mail"), ==, 1);
  g_assert_cmpuint (muster_unit_get_option_count (spears, "green"), ==, 0);
  g_assert_true (muster_unit_get_node (spears) == left);
  g_assert_true (muster_unit_get_force (spears) == blue);
  g_assert_cmpstr (muster_unit_get_attached_to (muster_node_get_unit (right, 0)), ==, "u1");
  g_assert_true (muster_doc_lookup_unit (doc, "u3") == muster_node_get_unit (right, 0));
  g_assert_null (muster_doc_lookup_unit (doc, "n1"));

  /* Veteran spearmen 10 × 6, cheap mail 10 × 1 (a house value), two banners 2 × 5. */
  g_assert_cmpint (muster_unit_get_cost (spears)->value, ==, 80);
  g_assert_true (muster_unit_get_cost (spears)->house);
  g_assert_cmpint (muster_node_get_total (left), ==, 80 + 20);
  g_assert_true (muster_node_is_house (left));
  g_assert_cmpint (muster_node_get_total (right), ==, 20);
  g_assert_false (muster_node_is_house (right));
  g_assert_cmpint (muster_force_get_total (blue), ==, 120);
  /* Red: 8 green spearmen in the type's default armour, mail at book price: 8 × (3 + 2). */
  g_assert_cmpint (muster_force_get_total (red), ==, 40);
  g_assert_false (muster_force_is_house (red));
  assert_totals (doc);

  /* Without a ruleset nothing is costed. */
  muster_doc_set_ruleset (doc, NULL);
  g_assert_cmpint (muster_force_get_total (blue), ==, 0);
  g_assert_cmpint (muster_unit_get_cost (spears)->value, ==, 0);
  g_assert_null (muster_unit_get_cost (spears)->error);
}

static void
test_army_round_trip (void)
{
  g_autoptr(MusterDoc) doc = load_army ();
  g_autoptr(MusterDoc) copy = NULL;
  g_autoptr(GBytes) bytes = muster_doc_to_bytes (doc);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = doc_text (doc);
  g_autofree char *again = NULL;

  /* Everything this Muster does not know is kept, in place. */
  g_assert_nonnull (strstr (text, "banner-colour=\"blue\""));
  g_assert_nonnull (strstr (text, "<future-force-thing level=\"3\"/>"));
  g_assert_nonnull (strstr (text, "morale=\"high\""));
  g_assert_nonnull (strstr (text, "<notes>Hold the ford &amp; the bridge.</notes>\n"
                                  "        <paint-scheme colour=\"blue\"/>"));
  g_assert_nonnull (strstr (text, "<future-feature colour=\"teal\">"));

  copy = muster_doc_new_from_bytes (bytes, "copy.muster", &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (copy, full);
  again = doc_text (copy);
  g_assert_cmpstr (again, ==, text);
  g_assert_cmpint (muster_force_get_total (muster_doc_get_force (copy, 0)), ==, 120);
}

static void
test_army_build_and_round_trip (void)
{
  g_autoptr(MusterDoc) doc = muster_doc_new ("full", "1");
  g_autoptr(MusterDoc) copy = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MusterForce *force = muster_force_new ("New host", 300);
  MusterNode *wing = muster_node_new ("wing", "Centre");
  MusterUnit *spears = muster_unit_new_for_type (full, "spearmen");
  MusterUnit *captain = muster_unit_new ("captain", 1);
  MusterUnit *unit;
  g_autofree char *text = NULL;

  muster_doc_set_ruleset (doc, full);
  g_free (muster_force_set_side (force, "Green"));
  g_free (muster_force_set_setting (force, "armour-cost", "cheap"));
  muster_doc_insert_force (doc, 0, force);
  muster_node_insert_node (muster_force_get_root (force), 0, wing);
  muster_node_insert_unit (wing, 0, spears);
  muster_node_insert_unit (muster_force_get_root (force), 0, captain);
  g_free (muster_unit_set_name (spears, "Shield <wall> & co"));
  g_free (muster_unit_set_notes (spears, "Line 1\nLine 2"));
  g_free (muster_unit_set_attached_to (captain, muster_unit_get_id (spears)));
  muster_unit_set_option (spears, "banner", 2);

  /* New objects get fresh ids; defaults were picked explicitly. */
  g_assert_cmpstr (muster_force_get_id (force), ==, "f1");
  g_assert_cmpstr (muster_node_get_id (wing), ==, "n2");
  g_assert_cmpstr (muster_unit_get_id (spears), ==, "u3");
  g_assert_cmpstr (muster_unit_get_id (captain), ==, "u4");
  g_assert_cmpuint (muster_unit_get_size (spears), ==, 10);
  g_assert_cmpuint (muster_unit_get_option_count (spears, "green"), ==, 1);
  g_assert_cmpuint (muster_unit_get_option_count (spears, "mail"), ==, 1);
  /* 10 × (3 + 1) + 2 × 5, and the captain's 20 */
  g_assert_cmpint (muster_force_get_total (force), ==, 50 + 20);

  bytes = muster_doc_to_bytes (doc);
  copy = muster_doc_new_from_bytes (bytes, "copy.muster", &error);
  g_assert_no_error (error);
  muster_doc_set_ruleset (copy, full);
  force = muster_doc_get_force (copy, 0);
  g_assert_cmpstr (muster_force_get_side (force), ==, "Green");
  g_assert_cmpint (muster_force_get_points_limit (force), ==, 300);
  g_assert_cmpstr (muster_force_get_setting (force, "armour-cost"), ==, "cheap");
  unit = muster_node_get_unit (muster_node_get_node (muster_force_get_root (force), 0), 0);
  g_assert_cmpstr (muster_unit_get_name (unit), ==, "Shield <wall> & co");
  g_assert_cmpstr (muster_unit_get_notes (unit), ==, "Line 1\nLine 2");
  g_assert_cmpuint (muster_unit_get_option_count (unit, "banner"), ==, 2);
  g_assert_cmpstr (muster_unit_get_attached_to (muster_node_get_unit (muster_force_get_root (force),
                                                                      0)), ==, "u3");
  g_assert_cmpint (muster_force_get_total (force), ==, 70);

  /* The saved file is valid under the document schema's rules the tests can check here:
   * one <option> per pick, counts only above 1. */
  text = doc_text (copy);
  g_assert_nonnull (strstr (text, "<option id=\"banner\" count=\"2\"/>"));
  g_assert_nonnull (strstr (text, "<option id=\"green\"/>"));
}

typedef void (*EditFunc) (MusterDoc *doc, gpointer *state);

/* Each edit, then its inverse: the document must come back byte for byte, totals included. */
static void
edit_insert_unit (MusterDoc *doc, gpointer *state)
{
  MusterNode *left = muster_node_get_node (muster_force_get_root (muster_doc_get_force (doc, 0)), 0);
  MusterUnit *unit = muster_unit_new ("riders", 3);

  muster_node_insert_unit (left, 1, unit);
  g_assert_cmpint (muster_node_get_total (left), ==, 100 + 15);
}

static void
undo_insert_unit (MusterDoc *doc, gpointer *state)
{
  MusterNode *left = muster_node_get_node (muster_force_get_root (muster_doc_get_force (doc, 0)), 0);

  muster_unit_free (muster_node_remove_unit (left, 1));
}

static void
edit_remove_unit (MusterDoc *doc, gpointer *state)
{
  MusterNode *left = muster_node_get_node (muster_force_get_root (muster_doc_get_force (doc, 0)), 0);

  *state = muster_node_remove_unit (left, 0);
  g_assert_cmpint (muster_force_get_total (muster_doc_get_force (doc, 0)), ==, 40);
  g_assert_null (muster_doc_lookup_unit (doc, "u1"));
}

static void
undo_remove_unit (MusterDoc *doc, gpointer *state)
{
  MusterNode *left = muster_node_get_node (muster_force_get_root (muster_doc_get_force (doc, 0)), 0);

  muster_node_insert_unit (left, 0, *state);
  g_assert_true (muster_doc_lookup_unit (doc, "u1") == *state);
}

static void
edit_move_unit (MusterDoc *doc, gpointer *state)
{
  MusterNode *root = muster_force_get_root (muster_doc_get_force (doc, 0));

  muster_node_move_unit (muster_node_get_node (root, 0), 1, muster_node_get_node (root, 1), 0);
  g_assert_cmpint (muster_node_get_total (muster_node_get_node (root, 1)), ==, 40);
}

static void
undo_move_unit (MusterDoc *doc, gpointer *state)
{
  MusterNode *root = muster_force_get_root (muster_doc_get_force (doc, 0));

  muster_node_move_unit (muster_node_get_node (root, 1), 0, muster_node_get_node (root, 0), 1);
}

static MusterUnit *
first_spears (MusterDoc *doc)
{
  return muster_doc_lookup_unit (doc, "u1");
}

static void
edit_size (MusterDoc *doc, gpointer *state)
{
  g_assert_cmpuint (muster_unit_set_size (first_spears (doc), 12), ==, 10);
  g_assert_cmpint (muster_unit_get_cost (first_spears (doc))->value, ==, 12 * 7 + 10);
}

static void
undo_size (MusterDoc *doc, gpointer *state)
{
  muster_unit_set_size (first_spears (doc), 10);
}

static void
edit_options (MusterDoc *doc, gpointer *state)
{
  MusterUnit *unit = first_spears (doc);

  g_assert_cmpint (muster_unit_find_option (unit, "veteran"), ==, 0);
  g_assert_cmpint (muster_unit_find_option (unit, "green"), ==, -1);
  g_assert_cmpuint (muster_unit_set_option (unit, "banner", 1), ==, 2);
  g_assert_cmpuint (muster_unit_set_option (unit, "veteran", 0), ==, 1);
  g_assert_cmpuint (muster_unit_set_option (unit, "green", 1), ==, 0);
  g_assert_cmpint (muster_unit_get_cost (unit)->value, ==, 10 * 4 + 5);
}

static void
undo_options (MusterDoc *doc, gpointer *state)
{
  MusterUnit *unit = first_spears (doc);

  muster_unit_set_option (unit, "green", 0);
  muster_unit_insert_option (unit, 0, "veteran", 1);
  muster_unit_set_option (unit, "banner", 2);
}

static void
edit_texts (MusterDoc *doc, gpointer *state)
{
  MusterUnit *unit = first_spears (doc);
  char **old = g_new0 (char *, 3);

  old[0] = muster_unit_set_name (unit, "Renamed");
  old[1] = muster_unit_set_notes (unit, NULL);
  *state = old;
}

static void
undo_texts (MusterDoc *doc, gpointer *state)
{
  MusterUnit *unit = first_spears (doc);
  g_auto(GStrv) old = *state;

  g_free (muster_unit_set_name (unit, old[0]));
  g_free (muster_unit_set_notes (unit, old[1]));
}

static void
edit_setting (MusterDoc *doc, gpointer *state)
{
  MusterForce *blue = muster_doc_get_force (doc, 0);

  *state = muster_force_set_setting (blue, "armour-cost", NULL);
  g_assert_cmpint (muster_force_get_total (blue), ==, 130);
  g_assert_false (muster_force_is_house (blue));
}

static void
undo_setting (MusterDoc *doc, gpointer *state)
{
  g_free (muster_force_set_setting (muster_doc_get_force (doc, 0), "armour-cost", *state));
  g_free (*state);
}

static void
edit_insert_node (MusterDoc *doc, gpointer *state)
{
  MusterForce *blue = muster_doc_get_force (doc, 0);
  MusterNode *reserve = muster_node_new ("wing", "Reserve");

  muster_node_insert_unit (reserve, 0, muster_unit_new ("captain", 1));
  muster_node_insert_node (muster_force_get_root (blue), 2, reserve);
  g_assert_cmpint (muster_force_get_total (blue), ==, 140);
  g_assert_nonnull (muster_node_get_id (reserve));
}

static void
undo_insert_node (MusterDoc *doc, gpointer *state)
{
  muster_node_free (muster_node_remove_node (muster_force_get_root (muster_doc_get_force (doc, 0)),
                                             2));
}

static void
edit_remove_node (MusterDoc *doc, gpointer *state)
{
  *state = muster_node_remove_node (muster_force_get_root (muster_doc_get_force (doc, 0)), 0);
  g_assert_cmpint (muster_force_get_total (muster_doc_get_force (doc, 0)), ==, 20);
}

static void
undo_remove_node (MusterDoc *doc, gpointer *state)
{
  muster_node_insert_node (muster_force_get_root (muster_doc_get_force (doc, 0)), 0, *state);
}

static void
edit_remove_force (MusterDoc *doc, gpointer *state)
{
  *state = muster_doc_remove_force (doc, 0);
  g_assert_cmpuint (muster_doc_get_n_forces (doc), ==, 1);
  g_assert_null (muster_doc_lookup_unit (doc, "u2"));
}

static void
undo_remove_force (MusterDoc *doc, gpointer *state)
{
  muster_doc_insert_force (doc, 0, *state);
  g_assert_cmpint (muster_force_get_total (muster_doc_get_force (doc, 0)), ==, 120);
}

static void
edit_limit (MusterDoc *doc, gpointer *state)
{
  g_assert_cmpint (muster_force_set_points_limit (muster_doc_get_force (doc, 1), 750), ==, 0);
}

static void
undo_limit (MusterDoc *doc, gpointer *state)
{
  muster_force_set_points_limit (muster_doc_get_force (doc, 1), 0);
}

static void
test_army_edits_reverse (void)
{
  static const struct {
    const char *name;
    EditFunc    edit, undo;
  } edits[] = {
    { "insert unit", edit_insert_unit, undo_insert_unit },
    { "remove unit", edit_remove_unit, undo_remove_unit },
    { "move unit", edit_move_unit, undo_move_unit },
    { "size", edit_size, undo_size },
    { "options", edit_options, undo_options },
    { "name and notes", edit_texts, undo_texts },
    { "list option", edit_setting, undo_setting },
    { "insert node", edit_insert_node, undo_insert_node },
    { "remove node", edit_remove_node, undo_remove_node },
    { "remove force", edit_remove_force, undo_remove_force },
    { "points limit", edit_limit, undo_limit },
  };
  g_autoptr(MusterDoc) doc = load_army ();
  g_autofree char *original = doc_text (doc);

  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autofree char *edited = NULL;
      g_autofree char *restored = NULL;
      gpointer state = NULL;

      edits[i].edit (doc, &state);
      assert_totals (doc);
      edited = doc_text (doc);
      if (g_str_equal (edited, original))
        g_error ("%s: the edit changed nothing", edits[i].name);
      edits[i].undo (doc, &state);
      assert_totals (doc);
      restored = doc_text (doc);
      if (!g_str_equal (restored, original))
        g_error ("%s: undoing gave\n%s\ninstead of\n%s", edits[i].name, restored, original);
      g_assert_cmpint (muster_force_get_total (muster_doc_get_force (doc, 0)), ==, 120);
      g_assert_cmpint (muster_force_get_total (muster_doc_get_force (doc, 1)), ==, 40);
    }
}

static void
test_army_ids (void)
{
  g_autoptr(MusterDoc) doc = load_army ();
  MusterNode *root = muster_force_get_root (muster_doc_get_force (doc, 1));
  MusterUnit *unit = muster_unit_new ("captain", 1);
  MusterUnit *removed, *clash;

  /* A new id is above every id seen, so a removed id is never handed out again. */
  removed = muster_node_remove_unit (root, 0);
  g_assert_cmpstr (muster_unit_get_id (removed), ==, "u4");
  muster_node_insert_unit (root, 0, unit);
  g_assert_cmpstr (muster_unit_get_id (unit), ==, "u5");
  muster_node_insert_unit (root, 1, removed);
  g_assert_cmpstr (muster_unit_get_id (removed), ==, "u4");

  /* A pasted copy whose id is taken gets a new one. */
  clash = muster_node_remove_unit (root, 1);
  muster_node_insert_unit (root, 1, clash);
  g_assert_cmpstr (muster_unit_get_id (clash), ==, "u4");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(MusterDoc) other = doc_from_string (
      "<muster format='1'><ruleset id='full'/><force><unit id='u4' type='captain'/>"
      "<unit type='captain'/></force></muster>", &error);
    MusterUnit *copy;

    g_assert_no_error (error);
    /* A unit without an id in the file gets one. */
    g_assert_cmpstr (muster_unit_get_id (muster_node_get_unit (
      muster_force_get_root (muster_doc_get_force (other, 0)), 1)), ==, "u5");
    g_assert_cmpstr (muster_force_get_id (muster_doc_get_force (other, 0)), ==, "f1");
    copy = muster_node_remove_unit (muster_force_get_root (muster_doc_get_force (other, 0)), 0);
    muster_node_insert_unit (root, 0, copy);
    g_assert_cmpstr (muster_unit_get_id (copy), ==, "u6");
  }
}

/* A list joining a document whose unit ids it shares gets new ids, and a character attached to
 * one of its units follows that unit to its new id, in the file too; the document's own
 * character keeps its link. */
static void
test_army_renumbered_links (void)
{
  const char *text = "<muster format='1'><ruleset id='full'/><force id='f1'>"
                     "<unit id='u1' type='spearmen'/>"
                     "<unit id='u2' type='captain' attached-to='u1'/>"
                     "<node id='n3' level='wing'><unit id='u4' type='spearmen'/>"
                     "<unit id='u5' type='captain' attached-to='u4'/></node></force></muster>";
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = doc_from_string (text, &error);
  g_autoptr(MusterDoc) other = doc_from_string (text, &error);
  MusterForce *force;
  MusterNode *root, *wing;
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  force = muster_doc_remove_force (other, 0);
  muster_doc_insert_force (doc, 1, force);
  root = muster_force_get_root (force);
  wing = muster_node_get_node (root, 0);
  g_assert_cmpstr (muster_unit_get_id (muster_node_get_unit (root, 0)), !=, "u1");
  g_assert_cmpstr (muster_unit_get_attached_to (muster_node_get_unit (root, 1)), ==,
                   muster_unit_get_id (muster_node_get_unit (root, 0)));
  g_assert_cmpstr (muster_unit_get_attached_to (muster_node_get_unit (wing, 1)), ==,
                   muster_unit_get_id (muster_node_get_unit (wing, 0)));
  g_assert_cmpstr (muster_unit_get_attached_to (muster_node_get_unit (
    muster_force_get_root (muster_doc_get_force (doc, 0)), 1)), ==, "u1");
  saved = doc_text (doc);
  {
    g_autofree char *link = g_strdup_printf ("attached-to=\"%s\"",
                                             muster_unit_get_id (muster_node_get_unit (root, 0)));

    g_assert_nonnull (strstr (saved, link));
  }

  /* taken out and put back (undo, redo), nothing clashes and nothing moves */
  force = muster_doc_remove_force (doc, 1);
  muster_doc_insert_force (doc, 1, force);
  g_assert_cmpstr (muster_unit_get_attached_to (muster_node_get_unit (root, 1)), ==,
                   muster_unit_get_id (muster_node_get_unit (root, 0)));
}

static void
test_army_outlives_document (void)
{
  MusterDoc *doc = load_army ();
  g_autoptr(MusterDoc) other = muster_doc_new ("full", "1");
  MusterNode *left = muster_node_get_node (muster_force_get_root (muster_doc_get_force (doc, 0)),
                                           0);
  MusterUnit *unit = muster_node_remove_unit (left, 0);
  MusterNode *node = muster_node_remove_node (muster_force_get_root (muster_doc_get_force (doc, 0)),
                                              0);
  MusterForce *force = muster_doc_remove_force (doc, 1);
  g_autofree char *text = NULL;

  /* An undo history may hold removed objects after the document is gone. */
  muster_doc_free (doc);
  muster_doc_set_ruleset (other, full);
  muster_doc_insert_force (other, 0, force);
  muster_node_insert_node (muster_force_get_root (force), 0, node);
  muster_node_insert_unit (node, 0, unit);
  g_assert_cmpint (muster_force_get_total (force), ==, 40 + 90 + 20);
  text = doc_text (other);
  g_assert_nonnull (strstr (text, "<paint-scheme colour=\"blue\"/>"));
  g_assert_nonnull (strstr (text, "Hold the ford &amp; the bridge."));
}

static void
test_army_load_errors (void)
{
  static const struct {
    const char *body;
    const char *message;
  } cases[] = {
    { "<force>\n<unit size='3'/></force>", "inline.muster:3: <unit> needs a type" },
    { "<force>\n<unit type='a' size='-1'/></force>",
      "inline.muster:3: size=\"-1\" of <unit> is not a whole number of at least 0" },
    { "<force><unit type='a'>\n<option id='x' count='0'/></unit></force>",
      "inline.muster:3: count=\"0\" of <option> is not a whole number of at least 1" },
    { "<force><unit type='a'><option id='x'/>\n<option id='x'/></unit></force>",
      "inline.muster:3: option “x” is picked twice" },
    { "<force><unit type='a'>\n<option/></unit></force>", "inline.muster:3: <option> needs an id" },
    { "<force>\n<node name='Left'/></force>", "inline.muster:3: <node> needs a level" },
    { "\n<force points='many'/>", "inline.muster:3: points=\"many\" of <force> is not a whole" },
    { "<force>\n<setting variant='v'/></force>", "inline.muster:3: <setting> needs a variant" },
    { "<force id='a'/>\n<force><unit id='a' type='b'/></force>",
      "inline.muster:3: the id “a” is used twice" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("<muster format='1'><ruleset id='full'/>\n%s"
                                               "</muster>", cases[i].body);
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterDoc) doc = doc_from_string (text, &error);

      muster_assert_error_case (doc, error, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT,
                                cases[i].message, i);
    }
}

static void
test_army_incremental (void)
{
  g_autoptr(MusterDoc) doc = muster_doc_new ("full", "1");
  MusterForce *force = muster_force_new ("Big host", 5000);
  MusterNode *root = muster_force_get_root (force);
  MusterNode *wing = muster_node_new ("wing", "Wing");
  MusterUnit *unit;
  guint before;

  muster_system_register (&counting_system);
  muster_doc_insert_force (doc, 0, force);
  muster_node_insert_node (root, 0, wing);
  for (guint i = 0; i < 60; i++)
    muster_node_insert_unit (i % 2 ? wing : root, 0, muster_unit_new ("spearmen", 6 + i % 5));

  /* Binding the ruleset costs every unit once. */
  n_costed = 0;
  muster_doc_set_ruleset (doc, full);
  g_assert_cmpuint (n_costed, ==, 60);
  assert_totals (doc);

  /* An edit re-costs the one unit it touches, and only it. */
  unit = muster_node_get_unit (wing, 7);
  before = n_costed;
  muster_unit_set_size (unit, 20);
  g_assert_cmpuint (n_costed - before, ==, 1);
  muster_unit_set_option (unit, "banner", 1);
  g_assert_cmpuint (n_costed - before, ==, 2);
  g_free (muster_unit_set_name (unit, "Renamed"));
  muster_node_move_unit (wing, 7, root, 3);
  g_assert_cmpuint (n_costed - before, ==, 2);
  unit = muster_node_remove_unit (root, 3);
  g_assert_cmpuint (n_costed - before, ==, 2);
  assert_totals (doc);
  muster_node_insert_unit (wing, 0, unit);
  g_assert_cmpuint (n_costed - before, ==, 3);
  assert_totals (doc);

  /* A list option may change every cost: the force is re-costed, once per unit. */
  g_free (muster_force_set_setting (force, "armour-cost", "cheap"));
  g_assert_cmpuint (n_costed - before, ==, 3 + 60);
  assert_totals (doc);

  muster_system_unregister (&counting_system);
}

static MusterDoc *
doc_with_units (const guint *order)
{
  static const char * const types[] = { "spearmen", "riders", "captain", "spearmen" };
  static const guint sizes[] = { 7, 4, 1, 12 };
  MusterDoc *doc = muster_doc_new ("full", "1");
  MusterForce *force = muster_force_new ("Host", 0);

  muster_doc_set_ruleset (doc, full);
  muster_doc_insert_force (doc, 0, force);
  muster_node_insert_node (muster_force_get_root (force), 0, muster_node_new ("wing", NULL));
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      guint k = order[i];
      MusterNode *parent = k % 2 ? muster_force_get_root (force)
                                 : muster_node_get_node (muster_force_get_root (force), 0);

      muster_node_insert_unit (parent, 0, muster_unit_new (types[k], sizes[k]));
    }
  return doc;
}

static void
test_army_order_independent (void)
{
  static const guint orders[][4] = { { 0, 1, 2, 3 }, { 3, 2, 1, 0 }, { 2, 0, 3, 1 } };
  gint64 total = -1;

  for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
    {
      g_autoptr(MusterDoc) doc = doc_with_units (orders[i]);
      gint64 t = muster_force_get_total (muster_doc_get_force (doc, 0));

      assert_totals (doc);
      /* 7 × 5 + 4 × 5 + 20 + 12 × 5 */
      g_assert_cmpint (t, ==, 35 + 20 + 20 + 60);
      if (total >= 0)
        g_assert_cmpint (t, ==, total);
      total = t;
    }
}

static void
test_army_samples (void)
{
  static const struct {
    const char *file;
    guint       n_units;
  } samples[] = {
    { "battle-valor-fantasy-1000.muster", 19 },
    { "standards-of-valor-punitive-cohort.muster", 2 },
  };
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();

  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data",
                                                "samples", samples[i].file, NULL);
      g_autofree char *text = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterDoc) doc = NULL;
      g_autoptr(MusterRuleset) ruleset = NULL;
      MusterForce *force;
      gsize length;

      g_assert_true (g_file_get_contents (path, &text, &length, &error));
      bytes = g_bytes_new (text, length);
      doc = muster_doc_new_from_bytes (bytes, samples[i].file, &error);
      g_assert_no_error (error);
      ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (doc), &error);
      g_assert_no_error (error);
      muster_doc_set_ruleset (doc, ruleset);
      g_assert_cmpuint (muster_doc_get_n_forces (doc), ==, 1);
      force = muster_doc_get_force (doc, 0);
      g_assert_cmpuint (muster_node_get_n_units (muster_force_get_root (force)), ==,
                        samples[i].n_units);
      g_assert_cmpuint (muster_force_get_n_uncosted (force), ==, 0);
      g_assert_cmpint (muster_force_get_total (force), <=, muster_force_get_points_limit (force));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = g_build_filename (MUSTER_TEST_DATA, "ruleset-full.xml", NULL);
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);
  full = muster_ruleset_new_from_file (path, &error);
  g_assert_no_error (error);

  g_test_add_func ("/engine/army/load", test_army_load);
  g_test_add_func ("/engine/army/round-trip", test_army_round_trip);
  g_test_add_func ("/engine/army/build-and-round-trip", test_army_build_and_round_trip);
  g_test_add_func ("/engine/army/edits-reverse", test_army_edits_reverse);
  g_test_add_func ("/engine/army/ids", test_army_ids);
  g_test_add_func ("/engine/army/renumbered-links", test_army_renumbered_links);
  g_test_add_func ("/engine/army/outlives-document", test_army_outlives_document);
  g_test_add_func ("/engine/army/load-errors", test_army_load_errors);
  g_test_add_func ("/engine/army/incremental", test_army_incremental);
  g_test_add_func ("/engine/army/order-independent", test_army_order_independent);
  g_test_add_func ("/engine/army/samples", test_army_samples);

  ret = g_test_run ();
  muster_ruleset_unref (full);
  return ret;
}
