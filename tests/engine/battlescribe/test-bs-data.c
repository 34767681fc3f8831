/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-bs-data.h"
#include "muster-bs-private.h"
#include "muster-bs-roster.h"

static const char gst_text[] =
  "<?xml version='1.0'?>\n"
  "<gameSystem id='gs' name='Test' xmlns='http://www.battlescribe.net/schema/gameSystemSchema'>\n"
  "  <costTypes><costType id='pts' name='pts' defaultCostLimit='500'/></costTypes>\n"
  "  <categoryEntries><categoryEntry id='cat-hq' name='HQ'/></categoryEntries>\n"
  "  <forceEntries><forceEntry id='fe' name='Patrol'>\n"
  "    <categoryLinks><categoryLink id='cl-fe' targetId='cat-hq' name='HQ'/></categoryLinks>\n"
  "  </forceEntry></forceEntries>\n"
  "  <sharedSelectionEntries>\n"
  "    <selectionEntry id='sse-blade' name='Blade' type='upgrade'>\n"
  "      <costs><cost name='pts' typeId='pts' value='5'/></costs>\n"
  "    </selectionEntry>\n"
  "  </sharedSelectionEntries>\n"
  "</gameSystem>\n";

static const char lib_text[] =
  "<catalogue id='lib' name='Library' gameSystemId='gs' library='true'>\n"
  "  <selectionEntries><selectionEntry id='se-ally' name='Ally' type='unit'/></selectionEntries>\n"
  "</catalogue>\n";

static const char cat_text[] =
  "<catalogue id='cat' name='Army' gameSystemId='gs'>\n"
  "  <catalogueLinks><catalogueLink id='cl-lib' targetId='lib' name='Library' type='catalogue'"
  " importRootEntries='true'/></catalogueLinks>\n"
  "  <selectionEntries>\n"
  "    <selectionEntry id='se-unit' name='Unit' type='unit' hidden='false'>\n"
  "      <rules><rule id='r1' name='Brave'><description>Never <b/>flees.</description></rule></rules>\n"
  "      <profiles><profile id='p1' name='Unit' typeId='pt' typeName='Unit'>\n"
  "        <characteristics><characteristic name='M' typeId='ct-m'>6&quot;</characteristic></characteristics>\n"
  "      </profile></profiles>\n"
  "      <constraints><constraint id='con-1' type='max' value='2' field='selections' scope='parent'/></constraints>\n"
  "      <entryLinks><entryLink id='el-blade' targetId='sse-blade' type='selectionEntry' name='Blade'/></entryLinks>\n"
  "      <modifiers><modifier type='set' field='name' value='Big Unit'>\n"
  "        <repeats><repeat value='1' repeats='2' field='selections' scope='force' childId='any' roundUp='true'/></repeats>\n"
  "      </modifier></modifiers>\n"
  "    </selectionEntry>\n"
  "  </selectionEntries>\n"
  "</catalogue>\n";

static gboolean
add (MusterBsData *data,
     const char   *name,
     const char   *text,
     GError      **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));

  return muster_bs_data_add_bytes (data, name, bytes, error);
}

static MusterBsData *
load_fixture (void)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (add (data, "army.cat", cat_text, &error));
  g_assert_true (add (data, "test.gst", gst_text, &error));
  g_assert_true (add (data, "lib.cat", lib_text, &error));
  g_assert_true (muster_bs_data_resolve (data, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&data);
}

static void
test_data_load (void)
{
  g_autoptr(MusterBsData) data = load_fixture ();
  const MusterBsNode *unit, *link, *rule, *ch, *profile, *con, *rep;
  g_autoptr(GPtrArray) roots = NULL;

  g_assert_cmpstr (muster_bs_data_get_game_system (data)->id, ==, "gs");
  g_assert_cmpuint (muster_bs_data_get_catalogues (data)->len, ==, 2);
  unit = muster_bs_data_lookup (data, "se-unit");
  g_assert_nonnull (unit);
  g_assert_cmpint (unit->kind, ==, MUSTER_BS_NODE_SELECTION_ENTRY);
  g_assert_cmpint (unit->place, ==, MUSTER_BS_IN_ROOT);
  g_assert_cmpstr (unit->type, ==, "unit");
  g_assert_cmpstr (unit->file->id, ==, "cat");
  link = muster_bs_data_lookup (data, "el-blade");
  g_assert_true (link->parent == unit);
  g_assert_true (muster_bs_data_resolve_link (data, link) == muster_bs_data_lookup (data, "sse-blade"));
  g_assert_cmpint (muster_bs_data_lookup (data, "sse-blade")->place, ==, MUSTER_BS_IN_SHARED);
  rule = muster_bs_data_lookup (data, "r1");
  g_assert_cmpstr (rule->text, ==, "Never flees.");
  profile = muster_bs_data_lookup (data, "p1");
  g_assert_cmpstr (profile->type, ==, "Unit");
  ch = muster_bs_node_find_child (profile, MUSTER_BS_NODE_CHARACTERISTIC, NULL);
  g_assert_cmpstr (ch->text, ==, "6\"");
  con = muster_bs_data_lookup (data, "con-1");
  g_assert_cmpfloat (con->value, ==, 2);
  g_assert_true (muster_bs_node_has_flag (con, MUSTER_BS_FLAG_SHARED));
  rep = muster_bs_node_find_child (muster_bs_node_find_child (unit, MUSTER_BS_NODE_MODIFIER, NULL),
                                   MUSTER_BS_NODE_REPEAT, NULL);
  g_assert_cmpint (rep->repeats, ==, 2);
  g_assert_true (muster_bs_node_has_flag (rep, MUSTER_BS_FLAG_ROUND_UP));
  g_assert_cmpfloat (muster_bs_data_lookup (data, "pts")->value, ==, 500);
  /* The army imports the library's root entries; the library imports nothing. */
  roots = muster_bs_data_root_files (data, muster_bs_data_get_catalogue (data, "cat"));
  g_assert_cmpuint (roots->len, ==, 3);
  g_assert_null (muster_bs_data_get_problems (data)[0]);
}

static void
assert_fails (const char        *text,
              MusterEngineError  code,
              const char        *prefix)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GError) error = NULL;

  g_assert_false (add (data, "bad.cat", text, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, (int) code);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("“%s” does not start with “%s”", error->message, prefix);
}

/* Bytes the declared encoding cannot convert are said so, not as the reader's echo of the
 * garbled text; libxml2's own report of them does not reach standard error; the reader's
 * riddles are in plain words. */
static void
test_data_plain_errors (void)
{
  if (g_test_subprocess ())
    {
      assert_fails ("<?xml version='1.0' encoding='EUC-JP'?>\n"
                    "<catalogue id='c' name='\xe7\x9d\x9e\x8b\xff\xff' gameSystemId='gs'/>\n",
                    MUSTER_ENGINE_ERROR_INVALID_FILE,
                    "bad.cat:2: the text is not valid in the encoding the file declares");
      assert_fails ("<catalogue id=c gameSystemId='gs'/>", MUSTER_ENGINE_ERROR_INVALID_FILE,
                    "bad.cat:1: an attribute's value is not in quotes");
      /* four bytes that make libxml2 guess UCS-4 as the reader is made, then fail to convert */
      {
        static const char ucs4[] = "<\0\0\0\0\0\0\0";
        g_autoptr(GBytes) bytes = g_bytes_new_static (ucs4, sizeof ucs4 - 1);
        g_autoptr(MusterBsData) data = muster_bs_data_new ();
        g_autoptr(GError) error = NULL;

        g_assert_false (muster_bs_data_add_bytes (data, "bad.cat", bytes, &error));
        g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
      }
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("");
}

static void
test_data_hostile (void)
{
  assert_fails ("<?xml version='1.0'?>\n<!DOCTYPE c [<!ENTITY a 'aaaa'><!ENTITY b '&a;&a;&a;'>]>\n"
                "<catalogue id='c' name='&b;' gameSystemId='gs'/>",
                MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT, "bad.cat:");
  assert_fails ("<!DOCTYPE c SYSTEM 'http://example.com/x.dtd'><catalogue id='c'/>",
                MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT, "bad.cat:1:");
  /* the line of the end tag that does not match, where the reader's locator said the line
   * of the element left open */
  assert_fails ("<catalogue id='c'>\n<selectionEntries>\n</catalogue>",
                MUSTER_ENGINE_ERROR_INVALID_FILE, "bad.cat:3: Opening and ending tag mismatch");
  assert_fails ("<roster id='r'/>", MUSTER_ENGINE_ERROR_INVALID_FILE,
                "bad.cat:1: <roster> is not a BattleScribe game system or catalogue");
  assert_fails ("<catalogue id='c'>\n<costTypes><costType id='x' defaultCostLimit='lots'/></costTypes></catalogue>",
                MUSTER_ENGINE_ERROR_INVALID_FILE, "bad.cat:2: attribute defaultCostLimit");
  assert_fails ("", MUSTER_ENGINE_ERROR_INVALID_FILE, "bad.cat:1: the file is empty");
}

static void
test_data_deep (void)
{
  g_autoptr(GString) text = g_string_new ("<catalogue id='c' gameSystemId='gs'>");

  for (int i = 0; i < 300; i++)
    g_string_append (text, "<selectionEntries><selectionEntry id='x' type='unit'>");
  assert_fails (text->str, MUSTER_ENGINE_ERROR_INVALID_FILE, "bad.cat:1: <");
}

/* A link to nothing and two links pointing at each other are findings, never a hang. */
static void
test_data_links (void)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GError) error = NULL;
  const char * const *problems;

  g_assert_true (add (data, "test.gst", gst_text, &error));
  g_assert_true (add (data, "links.cat",
                      "<catalogue id='c' gameSystemId='gs'>\n<entryLinks>\n"
                      "<entryLink id='a' targetId='b' type='selectionEntry'/>\n"
                      "<entryLink id='b' targetId='a' type='selectionEntry'/>\n"
                      "<entryLink id='d' targetId='nowhere' type='selectionEntry'/>\n"
                      "<entryLink id='ok' targetId='sse-blade' type='selectionEntry'/>\n"
                      "</entryLinks></catalogue>", &error));
  g_assert_true (muster_bs_data_resolve (data, &error));
  problems = muster_bs_data_get_problems (data);
  g_assert_cmpuint (g_strv_length ((char **) problems), ==, 3);
  g_assert_cmpstr (problems[0], ==, "links.cat:3: link a: its target b links back into a cycle");
  g_assert_cmpstr (problems[2], ==, "links.cat:5: link d: its target nowhere does not exist");
  g_assert_null (muster_bs_data_resolve_link (data, muster_bs_data_lookup (data, "a")));
  g_assert_nonnull (muster_bs_data_resolve_link (data, muster_bs_data_lookup (data, "ok")));
}

static void
test_data_other_system (void)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (add (data, "other.cat", "<catalogue id='c' gameSystemId='nope'/>", &error));
  g_assert_false (muster_bs_data_resolve (data, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
  g_clear_error (&error);
  g_assert_true (add (data, "test.gst", gst_text, &error));
  g_assert_false (muster_bs_data_resolve (data, &error));
  g_assert_true (strstr (error->message, "other.cat:1: the catalogue is for game system nope") != NULL);
}

/* A force of the game system's first force entry for the first catalogue that is not a
 * library, with the first few visible root entries: it builds, costs and validates. */
static void
build_roster (MusterBsData *data,
              const char   *set)
{
  g_autoptr(MusterBsRoster) roster = muster_bs_roster_new (data, set);
  g_autoptr(GPtrArray) findings = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  const MusterBsNode *fe = muster_bs_node_find_child (muster_bs_data_get_game_system (data),
                                                     MUSTER_BS_NODE_FORCE_ENTRY, NULL);
  GPtrArray *cats = muster_bs_data_get_catalogues (data);
  const MusterBsNode *cat = NULL;
  g_autoptr(GError) error = NULL;
  MusterBsForce *force;
  guint picked = 0;

  for (guint i = 0; i < cats->len && cat == NULL; i++)
    if (!muster_bs_node_has_flag (g_ptr_array_index (cats, i), MUSTER_BS_FLAG_LIBRARY))
      cat = g_ptr_array_index (cats, i);
  if (fe == NULL || cat == NULL)
    g_error ("%s: no force entry or no catalogue to build a roster from", set);
  force = muster_bs_roster_add_force (roster, NULL, fe->id, cat->id, NULL, &error);
  g_assert_no_error (error);
  entries = muster_bs_roster_list_entries (roster, force, NULL);
  g_assert_cmpuint (entries->len, >, 0);
  for (guint i = 0; i < entries->len && picked < 3; i++)
    {
      const char *id = g_ptr_array_index (entries, i);

      if (muster_bs_roster_entry_hidden (roster, force, NULL, id))
        continue;
      g_assert_nonnull (muster_bs_roster_select (roster, force, NULL, id, NULL, &error));
      g_assert_no_error (error);
      picked++;
    }
  g_assert_cmpuint (picked, >, 0);
  g_assert_cmpuint (muster_bs_roster_get_costs (roster)->len, >, 0);
  findings = muster_bs_roster_get_findings (roster);
  g_test_message ("%s: a %s force of %s with %u entries: %u findings", set, fe->name, cat->name,
                  picked, findings->len);
}

/* The real BSData sets, when the build was given where they are. */
static void
test_data_real (void)
{
  const char *root = g_getenv ("MUSTER_BSDATA");
  static const char * const sets[] = { "wh40k-10e", "boltaction", "black-powder" };

  if (root == NULL || *root == '\0')
    {
      g_test_skip ("configure with -Dbsdata=PATH to load the real data sets");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autofree char *dir = g_build_filename (root, sets[i], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GTimer) timer = g_timer_new ();
      g_autoptr(MusterBsData) data = muster_bs_data_load_dir (dir, &error);

      g_assert_no_error (error);
      g_assert_nonnull (data);
      build_roster (data, sets[i]);
      g_test_message ("%s: %u catalogues, %u nodes, %u problems, %.0f ms", sets[i],
                      muster_bs_data_get_catalogues (data)->len, muster_bs_data_get_n_nodes (data),
                      g_strv_length ((char **) muster_bs_data_get_problems (data)),
                      g_timer_elapsed (timer, NULL) * 1000);
    }
}

/* A new roster's limits: the data's default, but a limit of 0 (which every roster is over)
 * becomes 1000 on the first visible cost type and none on the others. */
static void
test_data_default_limit (void)
{
  static const char gst[] =
    "<gameSystem id='gs' name='Zero'><costTypes>"
    "<costType id='secret' name='Secret' defaultCostLimit='0' hidden='true'/>"
    "<costType id='pts' name='pts' defaultCostLimit='0.0'/>"
    "<costType id='cp' name='CP' defaultCostLimit='0'/>"
    "<costType id='gold' name='Gold' defaultCostLimit='250'/>"
    "<costType id='none' name='None' defaultCostLimit='-1'/>"
    "</costTypes></gameSystem>";
  MusterBsData *data = muster_bs_data_new ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (gst, sizeof gst - 1);
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_bs_data_add_bytes (data, "zero.gst", bytes, &error));
  g_assert_true (muster_bs_data_resolve (data, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (muster_bs_data_default_cost_limit (data, muster_bs_data_lookup (data, "pts")), ==, 1000);
  g_assert_cmpfloat (muster_bs_data_default_cost_limit (data, muster_bs_data_lookup (data, "secret")), <, 0);
  g_assert_cmpfloat (muster_bs_data_default_cost_limit (data, muster_bs_data_lookup (data, "cp")), <, 0);
  g_assert_cmpfloat (muster_bs_data_default_cost_limit (data, muster_bs_data_lookup (data, "gold")), ==, 250);
  g_assert_cmpfloat (muster_bs_data_default_cost_limit (data, muster_bs_data_lookup (data, "none")), <, 0);
  muster_bs_data_free (data);
}

static void
assert_same_tree (const MusterBsData *a,
                  const MusterBsNode *x,
                  const MusterBsData *b,
                  const MusterBsNode *y)
{
  const MusterBsNode *cx, *cy;

  g_assert_true (x != y);
  g_assert_cmpint (x->kind, ==, y->kind);
  g_assert_cmpint (x->place, ==, y->place);
  g_assert_cmpuint (x->flags, ==, y->flags);
  g_assert_cmpstr (x->id, ==, y->id);
  g_assert_cmpstr (x->name, ==, y->name);
  g_assert_cmpstr (x->target_id, ==, y->target_id);
  g_assert_cmpstr (x->type, ==, y->type);
  g_assert_cmpstr (x->type_id, ==, y->type_id);
  g_assert_cmpstr (x->field, ==, y->field);
  g_assert_cmpstr (x->scope, ==, y->scope);
  g_assert_cmpstr (x->child_id, ==, y->child_id);
  g_assert_cmpstr (x->text, ==, y->text);
  g_assert_cmpstr (x->page, ==, y->page);
  g_assert_cmpstr (x->publication_id, ==, y->publication_id);
  g_assert_cmpfloat (x->value, ==, y->value);
  g_assert_cmpint (x->repeats, ==, y->repeats);
  g_assert_cmpint (x->line, ==, y->line);
  g_assert_cmpstr (x->file->id, ==, y->file->id);
  g_assert_true ((x->parent == NULL) == (y->parent == NULL));
  g_assert_true ((x->first_modifier == NULL) == (y->first_modifier == NULL));
  g_assert_true ((x->last_modifier == NULL) == (y->last_modifier == NULL));
  if (x->id != NULL)
    g_assert_true ((muster_bs_data_lookup (a, x->id) == x) == (muster_bs_data_lookup (b, y->id) == y));
  if (x->target_id != NULL)
    g_assert_true ((muster_bs_data_resolve_link (a, x) == NULL) ==
                   (muster_bs_data_resolve_link (b, y) == NULL));
  for (cx = x->first_child, cy = y->first_child; cx != NULL && cy != NULL;
       cx = cx->next, cy = cy->next)
    {
      g_assert_true (cx->parent == x && cy->parent == y);
      if (cx == x->first_modifier)
        g_assert_true (cy == y->first_modifier);
      if (cx == x->last_modifier)
        g_assert_true (cy == y->last_modifier);
      assert_same_tree (a, cx, b, cy);
    }
  g_assert_true (cx == NULL && cy == NULL);
}

static void
assert_same_data (const MusterBsData *a,
                  const MusterBsData *b)
{
  const char * const *pa = muster_bs_data_get_problems (a);
  const char * const *pb = muster_bs_data_get_problems (b);

  g_assert_cmpuint (muster_bs_data_get_n_nodes (a), ==, muster_bs_data_get_n_nodes (b));
  g_assert_cmpuint (muster_bs_data_get_catalogues (a)->len, ==, muster_bs_data_get_catalogues (b)->len);
  assert_same_tree (a, muster_bs_data_get_game_system (a), b, muster_bs_data_get_game_system (b));
  for (guint i = 0; i < muster_bs_data_get_catalogues (a)->len; i++)
    assert_same_tree (a, muster_bs_data_get_catalogues (a)->pdata[i],
                      b, muster_bs_data_get_catalogues (b)->pdata[i]);
  g_assert_true (g_strv_equal ((const char * const *) pa, (const char * const *) pb));
  g_assert_true (muster_bs_data_cost_type_used (a, "pts") == muster_bs_data_cost_type_used (b, "pts"));
}

/* A copy is the same set, sharing nothing: the original freed, the copy reads as a fresh load;
 * a file added to the copy is not in the original, and the copy's strings are its own (one
 * pointer for equal ones, as in any set). */
static void
test_data_copy (void)
{
  g_autoptr(MusterBsData) fresh = load_fixture ();
  g_autoptr(MusterBsData) original = load_fixture ();
  g_autoptr(MusterBsData) copy = muster_bs_data_copy (original);
  g_autoptr(MusterBsData) gst = muster_bs_data_new ();
  g_autoptr(MusterBsData) gst_copy = NULL;
  g_autoptr(GError) error = NULL;
  const MusterBsNode *unit;

  assert_same_data (original, copy);
  g_clear_pointer (&original, muster_bs_data_free);
  assert_same_data (fresh, copy);
  unit = muster_bs_data_lookup (copy, "se-unit");
  g_assert_true (muster_bs_data_intern (copy, "unit") == unit->type);
  g_assert_true (muster_bs_data_resolve_link (copy, muster_bs_data_lookup (copy, "el-blade")) ==
                 muster_bs_data_lookup (copy, "sse-blade"));

  /* A game system alone, copied, then a catalogue beside it in the copy only. */
  g_assert_true (add (gst, "test.gst", gst_text, &error));
  gst_copy = muster_bs_data_copy (gst);
  g_assert_true (add (gst_copy, "army.cat", cat_text, &error));
  g_assert_true (muster_bs_data_resolve (gst_copy, &error));
  g_assert_no_error (error);
  g_assert_nonnull (muster_bs_data_lookup (gst_copy, "se-unit"));
  g_assert_cmpuint (muster_bs_data_get_catalogues (gst)->len, ==, 0);
  g_assert_null (muster_bs_data_lookup (gst, "se-unit"));
  g_assert_cmpuint (muster_bs_data_get_n_nodes (gst_copy), >, muster_bs_data_get_n_nodes (gst));
  g_assert_true (muster_bs_data_cost_type_used (gst_copy, "pts"));
}

/* Strings interned once the files are read (a roster's composite ids) are kept apart from the
 * files' own, whose table stays as it is; either way an equal string is one pointer, whatever
 * comes first: a string of the files, a string interned before a file that has it is read,
 * or after. */
static void
test_data_intern_late (void)
{
  g_autoptr(MusterBsData) data = load_fixture ();
  g_autoptr(MusterBsData) gst = muster_bs_data_new ();
  g_autoptr(GError) error = NULL;
  guint loaded = g_hash_table_size (data->interned);
  const char *made, *early;

  made = muster_bs_data_intern (data, "el-blade::sse-blade");
  g_assert_cmpstr (made, ==, "el-blade::sse-blade");
  g_assert_true (muster_bs_data_intern (data, "el-blade::sse-blade") == made);
  g_assert_true (muster_bs_data_intern (data, "se-unit") == muster_bs_data_lookup (data, "se-unit")->id);
  g_assert_cmpuint (g_hash_table_size (data->interned), ==, loaded);
  g_assert_nonnull (data->late);
  g_assert_cmpuint (g_hash_table_size (data->late), ==, 1);
  /* Lookups intern nothing */
  g_assert_false (muster_bs_data_cost_type_used (data, "no-such-type"));
  g_assert_true (muster_bs_data_cost_type_used (data, "pts"));
  g_assert_cmpuint (g_hash_table_size (data->interned), ==, loaded);
  g_assert_cmpuint (g_hash_table_size (data->late), ==, 1);

  /* Interned first, then read in a file: the file's id is that pointer */
  g_assert_true (add (gst, "test.gst", gst_text, &error));
  early = muster_bs_data_intern (gst, "se-unit");
  g_assert_true (add (gst, "army.cat", cat_text, &error));
  g_assert_true (muster_bs_data_resolve (gst, &error));
  g_assert_no_error (error);
  g_assert_true (muster_bs_data_lookup (gst, "se-unit")->id == early);
  g_assert_true (muster_bs_data_intern (gst, "se-unit") == early);
}

/* A composite id joined from two interned strings is the string interned, the same pointer
 * whichever way it came (joined first or interned first), found again by the pair; another
 * pair is another string; a copy of the set joins to its own strings. */
static void
test_data_join (void)
{
  g_autoptr(MusterBsData) data = load_fixture ();
  const char *link = muster_bs_data_lookup (data, "el-blade")->id;
  const char *entry = muster_bs_data_intern (data, "sse-blade");
  const char *unit = muster_bs_data_lookup (data, "se-unit")->id;
  const char *joined, *twice, *early;

  joined = _muster_bs_data_join (data, link, entry);
  g_assert_cmpstr (joined, ==, "el-blade::sse-blade");
  g_assert_true (muster_bs_data_intern (data, "el-blade::sse-blade") == joined);
  g_assert_true (_muster_bs_data_join (data, link, entry) == joined);
  g_assert_cmpuint (g_hash_table_size (data->joined), ==, 1);
  /* The other way round is another id */
  g_assert_cmpstr (_muster_bs_data_join (data, entry, link), ==, "sse-blade::el-blade");
  /* Composites join again: a link's prefix is itself a composite */
  twice = _muster_bs_data_join (data, joined, unit);
  g_assert_cmpstr (twice, ==, "el-blade::sse-blade::se-unit");
  /* Interned first (a roster read from a file), then joined: the one pointer */
  early = muster_bs_data_intern (data, "se-unit::el-blade");
  g_assert_true (_muster_bs_data_join (data, unit, link) == early);
  g_assert_false (data->loaded_joins);
  {
    g_autoptr(MusterBsData) copy = muster_bs_data_copy (data);
    const char *copied = _muster_bs_data_join (copy, muster_bs_data_lookup (copy, "el-blade")->id,
                                               muster_bs_data_intern (copy, "sse-blade"));

    g_assert_cmpstr (copied, ==, joined);
    g_assert_true (copied != joined);
    g_assert_true (muster_bs_data_intern (copy, "el-blade::sse-blade") == copied);
  }
  /* A file with such a string of its own: a join finds it */
  {
    g_autoptr(MusterBsData) odd = muster_bs_data_new ();
    g_autoptr(GError) error = NULL;
    const MusterBsNode *e;

    g_assert_true (add (odd, "test.gst", gst_text, &error));
    g_assert_true (add (odd, "odd.cat", "<catalogue id='odd' gameSystemId='gs'><selectionEntries>"
                        "<selectionEntry id='a' name='a::b' type='unit'/>"
                        "<selectionEntry id='b' name='B' type='unit'/>"
                        "</selectionEntries></catalogue>", &error));
    g_assert_true (muster_bs_data_resolve (odd, &error));
    g_assert_no_error (error);
    g_assert_true (odd->loaded_joins);
    e = muster_bs_data_lookup (odd, "a");
    g_assert_nonnull (e);
    g_assert_true (_muster_bs_data_join (odd, e->id, muster_bs_data_lookup (odd, "b")->id) == e->name);
  }
}

/* Nodes and strings come in pieces that start small (sized after the first file, here the
 * small game system) and grow: ten thousand entries with names of their own, past many
 * pieces, each read back whole and in its place, equal strings one pointer. */
static void
test_data_many_nodes (void)
{
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  g_autoptr(GString) text = g_string_new ("<catalogue id='big' gameSystemId='gs'><selectionEntries>");
  g_autoptr(GError) error = NULL;
  const MusterBsNode *cat;
  guint n_before;

  g_assert_true (add (data, "test.gst", gst_text, &error));
  n_before = muster_bs_data_get_n_nodes (data);
  for (guint i = 0; i < 10000; i++)
    g_string_append_printf (text, "<selectionEntry id='e%u' name='Entry number %u' type='unit'>"
                            "<costs><cost name='pts' typeId='pts' value='%u'/></costs>"
                            "</selectionEntry>", i, i, i);
  g_string_append (text, "</selectionEntries></catalogue>");
  g_assert_true (add (data, "big.cat", text->str, &error));
  g_assert_true (muster_bs_data_resolve (data, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (muster_bs_data_get_n_nodes (data), ==, n_before + 1 + 2 * 10000);
  cat = muster_bs_data_get_catalogue (data, "big");
  g_assert_nonnull (cat);
  for (guint i = 0; i < 10000; i++)
    {
      g_autofree char *id = g_strdup_printf ("e%u", i);
      g_autofree char *name = g_strdup_printf ("Entry number %u", i);
      const MusterBsNode *entry = muster_bs_data_lookup (data, id);
      const MusterBsNode *cost;

      g_assert_nonnull (entry);
      g_assert_true (entry->parent == cat && entry->file == cat);
      g_assert_cmpstr (entry->name, ==, name);
      g_assert_true (muster_bs_data_intern (data, name) == entry->name);
      cost = muster_bs_node_find_child (entry, MUSTER_BS_NODE_COST, NULL);
      g_assert_nonnull (cost);
      g_assert_true (cost->parent == entry);
      g_assert_cmpfloat (cost->value, ==, i);
      g_assert_true (cost->type_id == muster_bs_data_lookup (data, "pts")->id);
    }
  g_assert_true (muster_bs_data_cost_type_used (data, "pts"));
  g_assert_false (muster_bs_data_cost_type_used (data, "gold"));
  /* Copied over its many blocks. */
  {
    g_autoptr(MusterBsData) copy = muster_bs_data_copy (data);

    assert_same_data (data, copy);
  }
}

/* A DOCTYPE after a comment over several lines is refused on its own line. */
static void
test_data_doctype_after_comment (void)
{
  assert_fails ("<?xml version='1.0'?>\n<!-- one\ntwo\nthree -->\n<?pi a\nb?>\n"
                "<!DOCTYPE catalogue>\n<catalogue id='c' gameSystemId='gs'/>",
                MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT, "bad.cat:7: ");
  /* An unclosed comment: no DOCTYPE found, the parser's own error. */
  assert_fails ("<?xml version='1.0'?>\n<!-- one\n<!DOCTYPE catalogue>\n",
                MUSTER_ENGINE_ERROR_INVALID_FILE, "bad.cat:");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bs/data/load", test_data_load);
  g_test_add_func ("/bs/data/hostile", test_data_hostile);
  g_test_add_func ("/bs/data/plain-errors", test_data_plain_errors);
  g_test_add_func ("/bs/data/deep", test_data_deep);
  g_test_add_func ("/bs/data/many-nodes", test_data_many_nodes);
  g_test_add_func ("/bs/data/copy", test_data_copy);
  g_test_add_func ("/bs/data/intern-late", test_data_intern_late);
  g_test_add_func ("/bs/data/join", test_data_join);
  g_test_add_func ("/bs/data/doctype-after-comment", test_data_doctype_after_comment);
  g_test_add_func ("/bs/data/links", test_data_links);
  g_test_add_func ("/bs/data/other-system", test_data_other_system);
  g_test_add_func ("/bs/data/real", test_data_real);
  g_test_add_func ("/bs/data/default-limit", test_data_default_limit);
  return g_test_run ();
}
