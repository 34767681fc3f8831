/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "muster-army-commands.h"
#include "muster-attach-command.h"
#include "muster-battlefield-commands.h"
#include "muster-deploy.h"
#include "muster-diagnostics.h"
#include "muster-generate-command.h"
#include "../engine/muster-test-util.h"

static const char document_xml[] =
  "<muster format=\"1\"><ruleset id=\"battle-valor-fantasy\"/>"
  "<force id=\"f1\" side=\"Dwarves\"><unit id=\"u1\" type=\"infantry\" size=\"4\"/></force>"
  "</muster>";

typedef struct
{
  GMainLoop *loop;
  gboolean   ok;
} Result;

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Result *r = user_data;
  g_autoptr(GError) error = NULL;

  r->ok = muster_document_load_finish (MUSTER_DOCUMENT (object), result, &error);
  g_assert_no_error (error);
  g_main_loop_quit (r->loop);
}

/* @rulesets: (nullable): to cost and check the document against */
static MusterDocument *
load_document_full (const char    *xml,
                    MusterCatalog *rulesets)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  MusterDocument *document = muster_document_new ();
  Result r = { g_main_loop_new (NULL, FALSE), FALSE };
  int fd = g_file_open_tmp ("battle-XXXXXX.muster", &path, &error);

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, xml, -1, &error));
  close (fd);
  file = g_file_new_for_path (path);
  if (rulesets != NULL)
    muster_document_set_catalog (document, rulesets);
  muster_document_load_async (document, file, NULL, load_cb, &r);
  g_main_loop_run (r.loop);
  g_main_loop_unref (r.loop);
  g_unlink (path);
  g_assert_true (r.ok);
  return document;
}

static MusterDocument *
load_document (void)
{
  return load_document_full (document_xml, NULL);
}

static MusterDocument *
load_document_xml (const char *xml)
{
  return load_document_full (xml, NULL);
}

static MusterDocument *
load_document_with (MusterCatalog *rulesets)
{
  return load_document_full (document_xml, rulesets);
}

/* The history keeps its own reference. */
static void
push (MusterHistory *history,
      MusterCommand *command)
{
  muster_history_push (history, command);
  g_object_unref (command);
}

static void
count_cb (MusterDocument *document,
          guint          *count)
{
  (*count)++;
}

static void
test_new_battlefield_and_features (void)
{
  g_autoptr(MusterDocument) document = load_document ();
  MusterHistory *history = muster_document_get_history (document);
  MusterDoc *doc = muster_document_get_doc (document);
  MusterFeaturesCommand *add;
  MusterFeaturesCommand *move;
  g_autoptr(MusterFeature) wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  g_autoptr(MusterFeature) unit = muster_feature_new (MUSTER_FEATURE_UNIT);
  g_autoptr(MusterFeature) moved = NULL;
  MusterBattlefield *field;
  g_autofree char *wood_id = NULL;
  guint changes = 0;

  g_signal_connect (document, "battlefield-changed", G_CALLBACK (count_cb), &changes);
  g_assert_null (muster_doc_get_battlefield (doc));
  push (history, muster_set_battlefield_command_new (
                         document, muster_battlefield_new (1828.8, 1219.2, "in")));
  field = muster_doc_get_battlefield (doc);
  g_assert_nonnull (field);
  g_assert_cmpuint (changes, ==, 1);

  /* A wood and a unit placed in one gesture: one undo step. */
  wood->type = g_strdup ("woods");
  wood->centre = (MusterPoint) { 300, 300 };
  wood->width = wood->height = 150;
  unit->unit = g_strdup ("u1");
  unit->centre = (MusterPoint) { 600, 1000 };
  unit->stands = 4;
  add = MUSTER_FEATURES_COMMAND (muster_features_command_new (document, "Add"));
  muster_features_command_insert (add, wood);
  muster_features_command_insert (add, unit);
  push (history, MUSTER_COMMAND (add));
  g_assert_cmpuint (muster_battlefield_get_n_features (field), ==, 2);
  wood_id = g_strdup (muster_features_command_get_inserted_id (add, 0));
  g_assert_cmpstr (wood_id, ==, "t1");
  g_assert_cmpstr (muster_battlefield_lookup_unit (field, "u1")->id, ==, "p2");

  /* Move the wood; undo puts it back, redo moves it again. */
  moved = muster_feature_copy (muster_battlefield_lookup (field, wood_id));
  muster_feature_translate (moved, (MusterVector) { 50, 0 });
  move = MUSTER_FEATURES_COMMAND (muster_features_command_new (document, "Move"));
  muster_features_command_replace (move, moved);
  push (history, MUSTER_COMMAND (move));
  g_assert_cmpfloat (muster_battlefield_lookup (field, wood_id)->centre.x, ==, 350);
  g_assert_true (muster_history_undo (history));
  g_assert_cmpfloat (muster_battlefield_lookup (field, wood_id)->centre.x, ==, 300);
  g_assert_true (muster_history_redo (history));
  g_assert_cmpfloat (muster_battlefield_lookup (field, wood_id)->centre.x, ==, 350);

  /* Undo the move and the placement, then redo: the same ids come back. */
  g_assert_true (muster_history_undo (history));
  g_assert_true (muster_history_undo (history));
  g_assert_cmpuint (muster_battlefield_get_n_features (field), ==, 0);
  g_assert_true (muster_history_redo (history));
  g_assert_nonnull (muster_battlefield_lookup (field, "t1"));
  g_assert_nonnull (muster_battlefield_lookup (field, "p2"));

  /* Removing keeps the element: undo brings back the same piece in the same place. */
  {
    MusterFeaturesCommand *remove = MUSTER_FEATURES_COMMAND (muster_features_command_new (document, "Delete"));

    muster_features_command_remove (remove, "t1");
    push (history, MUSTER_COMMAND (remove));
    g_assert_null (muster_battlefield_lookup (field, "t1"));
    g_assert_true (muster_history_undo (history));
    g_assert_cmpint (muster_battlefield_index_of (field, "t1"), ==, 0);
  }

  /* And the battlefield itself goes away with its first undo. */
  while (muster_history_undo (history))
    ;
  g_assert_null (muster_doc_get_battlefield (doc));
  g_assert_cmpuint (changes, >=, 8);
}

static void
test_scenario (void)
{
  g_autoptr(MusterDocument) document = load_document ();
  MusterHistory *history = muster_document_get_history (document);
  MusterBattlefield *field;

  push (history, muster_set_battlefield_command_new (
                         document, muster_battlefield_new (1000, 1000, "cm")));
  field = muster_doc_get_battlefield (muster_document_get_doc (document));
  muster_history_break_merge (history);
  push (history, muster_scenario_command_new_field (document, MUSTER_SCENARIO_TITLE, "Ho"));
  push (history, muster_scenario_command_new_field (document, MUSTER_SCENARIO_TITLE, "Hold"));
  g_assert_cmpstr (muster_battlefield_get_scenario (field, MUSTER_SCENARIO_TITLE), ==, "Hold");
  push (history, muster_scenario_command_new_briefing (document, "Dwarves", "Go"));
  push (history, muster_scenario_command_new_turns (document, 6));
  g_assert_cmpint (muster_battlefield_get_turn_limit (field), ==, 6);
  g_assert_true (muster_history_undo (history));
  g_assert_cmpint (muster_battlefield_get_turn_limit (field), ==, 0);
  g_assert_true (muster_history_undo (history));
  g_assert_cmpstr (muster_battlefield_get_briefing (field, "Dwarves"), ==, "");
  /* The two keystrokes in the title merged into one step. */
  g_assert_true (muster_history_undo (history));
  g_assert_cmpstr (muster_battlefield_get_scenario (field, MUSTER_SCENARIO_TITLE), ==, "");
}

static char *
doc_text (MusterDocument *document)
{
  g_autoptr(GBytes) bytes = muster_doc_to_bytes (muster_document_get_doc (document));

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* The last step undone gives the document @before back exactly, and redone @after. */
static void
assert_undo_redo (MusterDocument *document,
                  const char     *before,
                  const char     *after)
{
  MusterHistory *history = muster_document_get_history (document);
  g_autofree char *undone = NULL, *redone = NULL;

  g_assert_true (muster_history_undo (history));
  undone = doc_text (document);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (muster_history_redo (history));
  redone = doc_text (document);
  g_assert_cmpstr (redone, ==, after);
}

/* Generating is one undo step that leaves the document exactly as it was, placed units kept. */
static void
test_generate (void)
{
  g_autoptr(MusterDocument) document = load_document ();
  MusterHistory *history = muster_document_get_history (document);
  MusterDoc *doc = muster_document_get_doc (document);
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("undying-lands");
  g_autoptr(MusterGeneration) generation = NULL;
  MusterFeaturesCommand *add;
  MusterFeature *wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  MusterFeature *unit = muster_feature_new (MUSTER_FEATURE_UNIT);
  MusterBattlefield *field;
  guint changes = 0, n_terrain = 0, n_units = 0;

  push (history, muster_set_battlefield_command_new (document,
                                                     muster_battlefield_new (1828.8, 1219.2, "in")));
  field = muster_doc_get_battlefield (doc);
  add = MUSTER_FEATURES_COMMAND (muster_features_command_new (document, "Add"));
  wood->type = g_strdup ("woods");
  wood->outline = MUSTER_OUTLINE_ELLIPSE;
  wood->centre = (MusterPoint) { 300, 300 };
  wood->width = wood->height = 200;
  muster_features_command_insert (add, wood);
  unit->unit = g_strdup ("u1");
  unit->outline = MUSTER_OUTLINE_POINT;
  unit->centre = (MusterPoint) { 900, 100 };
  unit->stands = 4;
  unit->files = 4;
  unit->base_width = unit->base_depth = 40;
  muster_features_command_insert (add, unit);
  push (history, MUSTER_COMMAND (add));
  muster_feature_free (wood);
  muster_feature_free (unit);
  before = doc_text (document);

  generation = muster_generator_run (generator, 1828.8, 1219.2, NULL, NULL, 77, &error);
  g_assert_no_error (error);

  g_signal_connect (document, "battlefield-changed", G_CALLBACK (count_cb), &changes);
  push (history, muster_generate_command_new (document, generation));
  g_assert_cmpuint (changes, >, 0);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Generate Battlefield");
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      n_terrain += f->kind == MUSTER_FEATURE_TERRAIN;
      n_units += f->kind == MUSTER_FEATURE_UNIT;
      g_assert_cmpstr (f->type, !=, "woods");
    }
  g_assert_cmpuint (n_units, ==, 1);
  g_assert_cmpuint (n_terrain, >, 0);
  g_assert_true (g_str_has_prefix (muster_battlefield_get_scenario (field,
                                                                    MUSTER_SCENARIO_UMPIRE_NOTES),
                                   "Terrain squares, seed 77."));
  after = doc_text (document);
  g_assert_cmpstr (after, !=, before);

  assert_undo_redo (document, before, after);
}

/* Generating on a document without a table: the table comes with it, and one undo takes both. */
static void
test_generate_on_table (void)
{
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("battle-valor-fantasy");
  g_autoptr(MusterDocument) document = load_document ();
  MusterDoc *doc = muster_document_get_doc (document);
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(MusterGeneration) generation = NULL;
  g_autoptr(GError) error = NULL;
  MusterBattlefield *field;
  const char *units = NULL;
  double width, height;
  guint zones = 0;

  g_assert_null (muster_doc_get_battlefield (doc));
  before = doc_text (document);
  muster_generator_get_table (generator, &width, &height, &units);
  generation = muster_generator_run (generator, width, height, NULL, NULL, 5, &error);
  g_assert_no_error (error);

  push (muster_document_get_history (document),
        muster_generate_command_new_on_table (document, generation, width, height, units));
  g_assert_cmpstr (muster_history_get_undo_label (muster_document_get_history (document)), ==,
                   "Generate Battlefield");
  field = muster_doc_get_battlefield (doc);
  g_assert_nonnull (field);
  g_assert_cmpfloat (muster_battlefield_get_width (field), ==, width);
  g_assert_cmpfloat (muster_battlefield_get_height (field), ==, height);
  g_assert_cmpstr (muster_battlefield_get_units (field), ==, "in");
  g_assert_cmpfloat_with_epsilon (muster_battlefield_get_grid (field), 304.8, 1e-9);
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    zones += muster_battlefield_get_feature (field, i)->kind == MUSTER_FEATURE_ZONE;
  g_assert_cmpuint (zones, ==, 2);
  g_assert_true (g_str_has_prefix (muster_battlefield_get_scenario (field,
                                                                    MUSTER_SCENARIO_UMPIRE_NOTES),
                                   "Agreed battlefield (house rule), seed 5."));
  after = doc_text (document);

  assert_undo_redo (document, before, after);
  g_assert_true (muster_history_undo (muster_document_get_history (document)));
  g_assert_null (muster_doc_get_battlefield (doc));
}

/* The other player's list: its own ids clash with the document's (u1), and its captain is
 * attached to its infantry. */
static MusterDoc *
goblins (void)
{
  static const char xml[] =
    "<muster format=\"1\"><ruleset id=\"battle-valor-fantasy\"/>"
    "<force id=\"f1\" name=\"Goblin Horde\"><unit id=\"u1\" type=\"infantry\" size=\"4\"/>"
    "<unit id=\"u2\" type=\"captain\" size=\"1\" attached-to=\"u1\"/></force></muster>";
  g_autoptr(GBytes) bytes = g_bytes_new_static (xml, sizeof xml - 1);
  g_autoptr(GError) error = NULL;
  MusterDoc *doc = muster_doc_new_from_bytes (bytes, "goblins.muster", &error);

  g_assert_no_error (error);
  return doc;
}

/* The deployment zones' sides, in order, joined with commas. */
static char *
zone_sides (MusterDocument *document)
{
  MusterBattlefield *field = muster_doc_get_battlefield (muster_document_get_doc (document));
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    {
      const MusterFeature *f = muster_battlefield_get_feature (field, i);

      if (f->kind == MUSTER_FEATURE_ZONE)
        g_string_append_printf (out, "%s%s (%s)", out->len ? ", " : "", f->side, f->name);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Generates on a new table for the sides of the document's lists, as the dialog does. */
static void
generate (MusterDocument *document)
{
  g_autoptr(MusterGenerator) generator = muster_test_load_generator ("battle-valor-fantasy");
  g_autoptr(MusterGeneration) generation = NULL;
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *units = NULL;
  double width, height;

  muster_doc_collect_sides (muster_document_get_doc (document), NULL, sides);
  g_ptr_array_add (sides, NULL);
  muster_generator_get_table (generator, &width, &height, &units);
  generation = muster_generator_run (generator, width, height,
                                     (const char * const *) sides->pdata, NULL, 5, &error);
  g_assert_no_error (error);
  push (muster_document_get_history (document),
        muster_generate_command_new_on_table (document, generation, width, height, units));
}

/* Attach after Generate: the attached side takes the zone the generator made for the side
 * that had no list, in the same undo step; attached for that side by name, the zone stays
 * as it is. Attach before Generate: the generator deploys both sides. The attached
 * captain follows its renumbered infantry. */
static void
test_attach_zones (void)
{
  MusterDoc *doc;
  g_auto(GStrv) free_sides = NULL;
  g_autofree char *before = NULL, *after = NULL, *sides = NULL;

  for (guint order = 0; order < 3; order++)
    {
      g_autoptr(MusterDocument) document = load_document ();
      g_autoptr(MusterDoc) source = goblins ();
      g_autoptr(GError) error = NULL;
      MusterNode *root;

      doc = muster_document_get_doc (document);
      if (order < 2)
        {
          generate (document);
          g_clear_pointer (&sides, g_free);
          sides = zone_sides (document);
          g_assert_cmpstr (sides, ==, "Dwarves (Dwarves deployment), Red (Red deployment)");
          g_clear_pointer (&free_sides, g_strfreev);
          free_sides = muster_attach_command_free_sides (document);
          g_assert_cmpuint (g_strv_length (free_sides), ==, 1);
          g_assert_cmpstr (free_sides[0], ==, "Red");
        }
      g_clear_pointer (&before, g_free);
      before = doc_text (document);
      push (muster_document_get_history (document),
            muster_attach_command_new_for_side (document, source, order == 1 ? "Red" : NULL,
                                                &error));
      g_assert_no_error (error);
      g_assert_cmpuint (muster_doc_get_n_forces (doc), ==, 2);
      root = muster_force_get_root (muster_doc_get_force (doc, 1));
      g_assert_cmpstr (muster_unit_get_id (muster_node_get_unit (root, 0)), !=, "u1");
      g_assert_cmpstr (muster_unit_get_attached_to (muster_node_get_unit (root, 1)), ==,
                       muster_unit_get_id (muster_node_get_unit (root, 0)));
      if (order == 2)
        generate (document);
      g_clear_pointer (&sides, g_free);
      sides = zone_sides (document);
      if (order == 1)
        {
          g_assert_cmpstr (muster_force_get_side (muster_doc_get_force (doc, 1)), ==, "Red");
          g_assert_cmpstr (sides, ==, "Dwarves (Dwarves deployment), Red (Red deployment)");
        }
      else
        {
          g_assert_cmpstr (muster_force_get_side (muster_doc_get_force (doc, 1)), ==,
                           "Goblin Horde");
          g_assert_cmpstr (sides, ==, "Dwarves (Dwarves deployment), "
                                      "Goblin Horde (Goblin Horde deployment)");
        }
      g_clear_pointer (&free_sides, g_strfreev);
      free_sides = muster_attach_command_free_sides (document);
      g_assert_cmpuint (g_strv_length (free_sides), ==, 0);
      if (order == 0)
        {
          /* one step: undone, the zone is Red's again and the list is gone */
          g_clear_pointer (&after, g_free);
          after = doc_text (document);
          assert_undo_redo (document, before, after);
        }
    }
}

/* Whether @word stands in @text as a word of its own. */
static gboolean
has_word (const char *text,
          const char *word)
{
  gsize len = strlen (word);

  for (const char *at = strstr (text, word); at != NULL; at = strstr (at + 1, word))
    if ((at == text || !g_ascii_isalnum (at[-1])) && !g_ascii_isalnum (at[len]))
      return TRUE;
  return FALSE;
}

/* The generator's notes name the side that has the zone: after Generate then Attach to another
 * side (in the same undo step, and back on undo), and after Attach then Generate; the umpire's
 * own paragraph is never touched. Attached to the generator's side by name, nothing changes. */
static void
test_attach_notes (void)
{
  static const char mine[] = "Red must not cross the ford before turn 3.";

  for (guint order = 0; order < 3; order++)
    {
      g_autoptr(MusterDocument) document = load_document ();
      g_autoptr(MusterDoc) source = goblins ();
      g_autoptr(GError) error = NULL;
      g_autofree char *before = NULL, *after = NULL, *generated = NULL, *with_mine = NULL;
      MusterBattlefield *field;
      const char *notes;

      if (order < 2)
        {
          generate (document);
          field = muster_doc_get_battlefield (muster_document_get_doc (document));
          generated = g_strdup (muster_battlefield_get_scenario (field,
                                                                 MUSTER_SCENARIO_UMPIRE_NOTES));
          g_assert_true (has_word (generated, "Dwarves"));
          g_assert_true (has_word (generated, "Red"));
          g_assert_false (has_word (generated, "Goblin Horde"));
          /* the umpire's own paragraph, naming the side too */
          with_mine = g_strdup_printf ("%s\n\n%s", mine, generated);
          push (muster_document_get_history (document),
                muster_scenario_command_new_field (document, MUSTER_SCENARIO_UMPIRE_NOTES,
                                                   with_mine));
        }
      before = doc_text (document);
      push (muster_document_get_history (document),
            muster_attach_command_new_for_side (document, source, order == 1 ? "Red" : NULL,
                                                &error));
      g_assert_no_error (error);
      if (order == 2)
        generate (document);
      after = doc_text (document);
      field = muster_doc_get_battlefield (muster_document_get_doc (document));
      notes = muster_battlefield_get_scenario (field, MUSTER_SCENARIO_UMPIRE_NOTES);
      if (order == 1)
        {
          g_assert_cmpstr (notes, ==, with_mine);
          continue;
        }
      /* the winner of the roll names the loser: every "Red" of the roll is the new side's */
      g_assert_true (has_word (notes, "Goblin Horde"));
      if (order == 0)
        {
          g_autofree char *tail = NULL;

          g_assert_true (g_str_has_prefix (notes, mine));
          g_assert_false (has_word (notes + strlen (mine), "Red"));
          /* nothing else changes: "Red" back in the generator's paragraph gives it again */
          tail = g_strdup (notes + strlen (mine) + 2);
          for (char *at; (at = strstr (tail, "Goblin Horde")) != NULL;)
            {
              g_autofree char *fixed = g_strdup_printf ("%.*sRed%s", (int) (at - tail), tail,
                                                        at + strlen ("Goblin Horde"));

              g_free (tail);
              tail = g_steal_pointer (&fixed);
            }
          g_assert_cmpstr (tail, ==, generated);
          assert_undo_redo (document, before, after);
          g_assert_true (muster_history_undo (muster_document_get_history (document)));
          g_assert_cmpstr (muster_battlefield_get_scenario (field, MUSTER_SCENARIO_UMPIRE_NOTES),
                           ==, with_mine);
        }
      else
        g_assert_false (has_word (notes, "Red"));
    }
}

/* Deploy All: every unit of a side off the table goes into its zone in one undo step, inside
 * it and clear of each other and of the unit already there, facing the enemy; an attached
 * captain stays with its unit; a side without a zone, or with every unit placed, is told so;
 * a zone too small for all takes what fits and says how many were left out. */
static void
test_deploy_all (void)
{
  static const char xml[] =
    "<muster format=\"1\"><ruleset id=\"battle-valor-fantasy\"/>"
    "<force id=\"f1\" side=\"Dwarves\">"
    "<unit id=\"u1\" type=\"infantry\" size=\"6\"/><unit id=\"u2\" type=\"infantry\" size=\"4\"/>"
    "<unit id=\"u3\" type=\"infantry\" size=\"8\"/><unit id=\"u4\" type=\"infantry\" size=\"4\"/>"
    "<unit id=\"u5\" type=\"infantry\" size=\"6\"/><unit id=\"u6\" type=\"infantry\" size=\"4\"/>"
    "<unit id=\"u7\" type=\"infantry\" size=\"12\"/>"
    "<unit id=\"u8\" type=\"captain\" size=\"1\" attached-to=\"u1\"/></force>"
    "<force id=\"f2\" side=\"Goblins\"><unit id=\"g1\" type=\"infantry\" size=\"4\"/></force>"
    "</muster>";
  g_autoptr(MusterDocument) document = load_document_xml (xml);
  MusterDoc *doc = muster_document_get_doc (document);
  MusterHistory *history = muster_document_get_history (document);
  MusterBattlefield *field = muster_battlefield_new (1828.8, 1219.2, "in");
  MusterFeature *zone = muster_feature_new (MUSTER_FEATURE_ZONE);
  MusterFeature *placed = muster_feature_new (MUSTER_FEATURE_UNIT);
  g_autoptr(MusterCommand) command = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (MusterBox));
  MusterPoint scratch[4];
  MusterShape shape;
  guint left_out = 99;

  zone->side = g_strdup ("Dwarves");
  muster_feature_set_points (zone, (MusterPoint[]) { { 0, 0 }, { 1828.8, 0 }, { 1828.8, 304.8 },
                                                     { 0, 304.8 } }, 4);
  muster_battlefield_insert (field, -1, zone);
  placed->unit = g_strdup ("u4");
  placed->centre = (MusterPoint) { 120, 250 };
  placed->rotation = G_PI / 2;
  placed->stands = 4;
  placed->base_width = placed->base_depth = 40;
  muster_battlefield_insert (field, -1, placed);
  muster_doc_set_battlefield (doc, field);
  before = doc_text (document);

  command = muster_deploy_all_command_new (document, NULL, muster_doc_get_force (doc, 0),
                                           &left_out, &error);
  g_assert_no_error (error);
  g_assert_nonnull (command);
  g_assert_cmpuint (left_out, ==, 0);
  muster_history_push (history, command);
  after = doc_text (document);
  field = muster_doc_get_battlefield (doc);
  zone = (MusterFeature *) muster_battlefield_get_feature (field, 0);
  shape = muster_feature_get_shape (zone, scratch);
  for (guint i = 1; i <= 8; i++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", i);
      const MusterFeature *f = muster_battlefield_lookup_unit (field, id);
      MusterBox box;

      if (i == 8)
        {
          /* the captain stands with u1 */
          g_assert_null (f);
          continue;
        }
      g_assert_nonnull (f);
      box = muster_feature_get_bounds (f);
      g_assert_true (muster_shape_contains_point (&shape, (MusterPoint) { box.x0, box.y0 }));
      g_assert_true (muster_shape_contains_point (&shape, (MusterPoint) { box.x1, box.y1 }));
      for (guint j = 0; j < boxes->len; j++)
        g_assert_false (muster_box_intersects (box, g_array_index (boxes, MusterBox, j)));
      g_array_append_val (boxes, box);
      /* the first side faces down the table, towards the enemy */
      g_assert_cmpfloat_with_epsilon (f->rotation, G_PI / 2, 1e-9);
      if (i == 1)
        /* the first unit deployed stands on the front edge of the zone */
        g_assert_cmpfloat (box.y1, >, 304.8 - 25.4);
    }
  g_assert_null (muster_battlefield_lookup_unit (field, "g1"));
  assert_undo_redo (document, before, after);

  /* every Dwarf is on the table now; the Goblins have no zone */
  g_clear_object (&command);
  command = muster_deploy_all_command_new (document, NULL, muster_doc_get_force (doc, 0), NULL,
                                           &error);
  g_assert_null (command);
  g_assert_error (error, MUSTER_DEPLOY_ERROR, 0);
  g_assert_nonnull (strstr (error->message, "Dwarves"));
  g_clear_error (&error);
  command = muster_deploy_all_command_new (document, NULL, muster_doc_get_force (doc, 1), NULL,
                                           &error);
  g_assert_null (command);
  g_assert_nonnull (strstr (error->message, "Goblins has no deployment zone"));
  g_clear_error (&error);

  /* a zone two units wide for the Goblins and the Dwarves undone: some find no room */
  g_assert_true (muster_history_undo (history));
  zone = muster_feature_copy (muster_battlefield_get_feature (muster_doc_get_battlefield (doc), 0));
  muster_feature_set_points (zone, (MusterPoint[]) { { 0, 0 }, { 400, 0 }, { 400, 100 },
                                                     { 0, 100 } }, 4);
  muster_feature_free (muster_battlefield_replace (muster_doc_get_battlefield (doc), zone));
  muster_feature_free (zone);  /* the battlefield keeps a copy */
  command = muster_deploy_all_command_new (document, NULL, muster_doc_get_force (doc, 0),
                                           &left_out, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (left_out, >, 0);
  g_assert_cmpuint (left_out, <, 6);
}

/* How many of the open list's findings are about placements. */
static guint
n_placement_findings (MusterDocument *document)
{
  GListModel *diagnostics = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (diagnostics); i++)
    {
      g_autoptr(MusterDiagnostic) diagnostic = g_list_model_get_item (diagnostics, i);

      n += g_strcmp0 (muster_diagnostic_get_rule_id (diagnostic), "placement") == 0;
    }
  return n;
}

/* The findings follow the battlefield's edits, and removing a placed unit takes its placement
 * off in the same undo step, so nothing dangles. */
static void
test_remove_placed (void)
{
  g_autoptr(MusterCatalog) rulesets = muster_catalog_new_default ();
  g_autoptr(MusterDocument) document = load_document_with (rulesets);
  MusterHistory *history = muster_document_get_history (document);
  MusterDoc *doc = muster_document_get_doc (document);
  g_autoptr(MusterFeature) unit = muster_feature_new (MUSTER_FEATURE_UNIT);
  g_autoptr(MusterFeature) moved = NULL;
  MusterFeaturesCommand *command;
  MusterBattlefield *field;
  guint errors;

  push (history, muster_set_battlefield_command_new (
                         document, muster_battlefield_new (1828.8, 1219.2, "in")));
  field = muster_doc_get_battlefield (doc);
  unit->unit = g_strdup ("u1");
  unit->centre = (MusterPoint) { 600, 1000 };
  command = MUSTER_FEATURES_COMMAND (muster_features_command_new (document, "Place"));
  muster_features_command_insert (command, unit);
  push (history, MUSTER_COMMAND (command));
  errors = muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document));
  g_assert_cmpuint (n_placement_findings (document), ==, 0);

  /* Dragged off the table: an error, until undone. */
  moved = muster_feature_copy (muster_battlefield_lookup_unit (field, "u1"));
  moved->centre.y = 1500;
  command = MUSTER_FEATURES_COMMAND (muster_features_command_new (document, "Move"));
  muster_features_command_replace (command, moved);
  push (history, MUSTER_COMMAND (command));
  g_assert_cmpuint (n_placement_findings (document), ==, 1);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, errors + 1);
  g_assert_true (muster_history_undo (history));
  g_assert_cmpuint (n_placement_findings (document), ==, 0);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, errors);

  /* The unit leaves the list and the table in one step, and comes back to both. */
  push (history, muster_remove_unit_command_new (document, muster_doc_lookup_unit (doc, "u1")));
  g_assert_null (muster_doc_lookup_unit (doc, "u1"));
  g_assert_null (muster_battlefield_lookup_unit (field, "u1"));
  g_assert_cmpuint (n_placement_findings (document), ==, 0);
  g_assert_true (muster_history_undo (history));
  g_assert_nonnull (muster_doc_lookup_unit (doc, "u1"));
  g_assert_cmpfloat (muster_battlefield_lookup_unit (field, "u1")->centre.x, ==, 600);
  g_assert_cmpuint (n_placement_findings (document), ==, 0);
  g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, errors);
  g_assert_true (muster_history_redo (history));
  g_assert_null (muster_battlefield_lookup_unit (field, "u1"));
  g_assert_cmpuint (n_placement_findings (document), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/battlefield-commands/features", test_new_battlefield_and_features);
  g_test_add_func ("/battlefield-commands/scenario", test_scenario);
  g_test_add_func ("/battlefield-commands/generate", test_generate);
  g_test_add_func ("/battlefield-commands/generate-on-table", test_generate_on_table);
  g_test_add_func ("/battlefield-commands/attach-zones", test_attach_zones);
  g_test_add_func ("/battlefield-commands/attach-notes", test_attach_notes);
  g_test_add_func ("/battlefield-commands/deploy-all", test_deploy_all);
  g_test_add_func ("/battlefield-commands/remove-placed", test_remove_placed);
  return g_test_run ();
}
