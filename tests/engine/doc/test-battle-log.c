/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "muster-test-util.h"

/*
 * The battle log in the document: read, written back the same, applied to its units and taken
 * back exactly; documents without one still load; a hand-written log with a bad unit, an unknown
 * procedure or a broken die is an error at its line.
 */

#define HEAD \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<muster format=\"1\">\n" \
  "  <ruleset id=\"battle-valor-fantasy\"/>\n" \
  "  <force id=\"f1\" side=\"North\">\n" \
  "    <unit id=\"u1\" type=\"infantry\" size=\"4\" name=\"Spears\"/>\n" \
  "  </force>\n" \
  "  <force id=\"f2\" side=\"South\">\n" \
  "    <unit id=\"u2\" type=\"infantry\" size=\"4\" markers=\"casualties=1\"/>\n" \
  "  </force>\n"

/* Line 10 onwards */
#define LOG \
  "  <battle-log seed=\"18446744073709551615\" turn=\"3\">\n" \
  "    <entry turn=\"2\" acting=\"u1\" acting-name=\"Spears\" target=\"u2\" " \
  "procedure=\"missile-fire\" seed=\"7\" next-seed=\"18446744073709551615\">\n" \
  "      <input id=\"attack-dice\" value=\"8\" shown=\"8\" source=\"list\" reason=\"4 stands\"/>\n" \
  "      <input id=\"range\" value=\"1\" shown=\"long\" source=\"typed\"/>\n" \
  "      <dice>d6:3 d6:6 2..4:4</dice>\n" \
  "      <result>Hits: 1 · Casualties: 5</result>\n" \
  "      <effect>u2 loses 1 stand</effect>\n" \
  "      <change unit=\"u2\" size=\"3\" was-size=\"4\" markers=\"casualties=2\" " \
  "was-markers=\"casualties=1\"/>\n" \
  "    </entry>\n" \
  "  </battle-log>\n"

static MusterDoc *
load (const char  *text,
      GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  return muster_doc_new_from_bytes (bytes, "log.muster", error);
}

static void
test_read (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = load (HEAD LOG "</muster>\n", &error);
  const MusterLogEntry *entry;
  const MusterLogInput *input;
  g_autofree char *dice = NULL, *inputs = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (muster_doc_get_n_log_entries (doc), ==, 1);
  g_assert_cmpuint (muster_doc_get_seed (doc), ==, G_MAXUINT64);
  g_assert_cmpuint (muster_doc_get_turn (doc), ==, 3);
  entry = muster_doc_get_log_entry (doc, 0);
  g_assert_cmpuint (entry->turn, ==, 2);
  g_assert_cmpstr (entry->acting, ==, "u1");
  g_assert_cmpstr (entry->acting_name, ==, "Spears");
  g_assert_cmpstr (entry->target, ==, "u2");
  g_assert_cmpstr (entry->procedure, ==, "missile-fire");
  g_assert_cmpuint (entry->seed, ==, 7);
  g_assert_cmpuint (entry->inputs->len, ==, 2);
  input = &g_array_index (entry->inputs, MusterLogInput, 1);
  g_assert_cmpstr (input->id, ==, "range");
  g_assert_cmpint (input->value, ==, 1);
  g_assert_cmpstr (input->shown, ==, "long");
  g_assert_cmpstr (input->source, ==, "typed");
  g_assert_null (input->reason);
  dice = muster_log_entry_format_dice (entry);
  g_assert_cmpstr (dice, ==, "d6:3 d6:6 2..4:4");
  inputs = muster_log_entry_format_inputs (entry);
  g_assert_cmpstr (inputs, ==, "attack-dice=8 (list: 4 stands), range=long (typed)");
  g_assert_cmpstr (entry->result, ==, "Hits: 1 · Casualties: 5");
  g_assert_false (entry->note_only);
  g_assert_cmpuint (entry->changes->len, ==, 1);
  g_assert_cmpuint (g_array_index (entry->changes, MusterLogChange, 0).size_after, ==, 3);
}

/* A document without a log loads as before: no entries, seed 1, turn 1; and a log written
 * into it reads back the same. */
static void
test_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = load (HEAD "</muster>\n", &error);
  g_autoptr(MusterDoc) again = NULL;
  g_autoptr(GBytes) bytes = NULL, bytes2 = NULL;
  MusterLogEntry *entry;
  const MusterLogEntry *read;
  MusterRolledDie die = { 5, 1, 6 };
  MusterLogChange change = { g_strdup ("u2"), 4, 2, g_strdup ("casualties=1"),
                             g_strdup ("pinned casualties=3") };
  MusterUnit *u2;

  g_assert_no_error (error);
  g_assert_cmpuint (muster_doc_get_n_log_entries (doc), ==, 0);
  g_assert_cmpuint (muster_doc_get_seed (doc), ==, 1);
  g_assert_cmpuint (muster_doc_get_turn (doc), ==, 1);
  g_assert_null (muster_doc_take_last_log_entry (doc));

  muster_doc_set_turn (doc, 4);
  entry = muster_log_entry_new ();
  entry->turn = 4;
  entry->acting = g_strdup ("u1");
  entry->target = g_strdup ("u2");
  entry->procedure = g_strdup ("melee-strike");
  entry->seed = 1;
  entry->next_seed = 99;
  muster_log_entry_add_input (entry, "attacks", 6, "6", "table", "in contact: 3 stands");
  g_array_append_val (entry->dice, die);
  entry->result = g_strdup ("Hits: 2");
  entry->effect = g_strdup ("Two stands & a pin");
  g_array_append_val (entry->changes, change);
  g_assert_true (muster_doc_append_log_entry (doc, entry, &error));
  g_assert_no_error (error);

  u2 = muster_doc_lookup_unit (doc, "u2");
  g_assert_cmpuint (muster_unit_get_size (u2), ==, 2);
  g_assert_cmpstr (muster_unit_get_markers (u2), ==, "pinned casualties=3");
  g_assert_cmpuint (muster_doc_get_seed (doc), ==, 99);

  bytes = muster_doc_to_bytes (doc);
  again = muster_doc_new_from_bytes (bytes, "again.muster", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (muster_doc_get_n_log_entries (again), ==, 1);
  g_assert_cmpuint (muster_doc_get_seed (again), ==, 99);
  g_assert_cmpuint (muster_doc_get_turn (again), ==, 4);
  read = muster_doc_get_log_entry (again, 0);
  g_assert_cmpstr (read->procedure, ==, "melee-strike");
  g_assert_cmpstr (read->effect, ==, "Two stands & a pin");
  g_assert_cmpuint (read->dice->len, ==, 1);
  g_assert_cmpint (g_array_index (read->dice, MusterRolledDie, 0).face, ==, 5);
  g_assert_cmpstr (g_array_index (read->inputs, MusterLogInput, 0).reason, ==,
                   "in contact: 3 stands");
  g_assert_cmpstr (muster_unit_get_markers (muster_doc_lookup_unit (again, "u2")), ==,
                   "pinned casualties=3");
  bytes2 = muster_doc_to_bytes (again);
  g_assert_true (g_bytes_equal (bytes, bytes2));

  /* Taken back: the unit and the seed as they were, the log empty in the file too. */
  entry = muster_doc_take_last_log_entry (again);
  g_assert_nonnull (entry);
  u2 = muster_doc_lookup_unit (again, "u2");
  g_assert_cmpuint (muster_unit_get_size (u2), ==, 4);
  g_assert_cmpstr (muster_unit_get_markers (u2), ==, "casualties=1");
  g_assert_cmpuint (muster_doc_get_seed (again), ==, 1);
  g_assert_cmpuint (muster_doc_get_n_log_entries (again), ==, 0);
  g_clear_pointer (&bytes2, g_bytes_unref);
  bytes2 = muster_doc_to_bytes (again);
  g_assert_null (g_strstr_len (g_bytes_get_data (bytes2, NULL), g_bytes_get_size (bytes2),
                               "<entry"));
  muster_log_entry_free (entry);
}

/* An entry for a unit that is not in the document is refused, and changes nothing. */
static void
test_append_unknown_unit (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = load (HEAD "</muster>\n", &error);
  MusterLogEntry *entry = muster_log_entry_new ();
  MusterLogChange change = { g_strdup ("u9"), 4, 2, NULL, NULL };

  entry->acting = g_strdup ("u9");
  entry->procedure = g_strdup ("rally");
  entry->result = g_strdup ("Rallied");
  g_array_append_val (entry->changes, change);
  g_assert_false (muster_doc_append_log_entry (doc, entry, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT);
  g_assert_cmpuint (muster_doc_get_n_log_entries (doc), ==, 0);
}

/* A removed unit whose name the entry kept is no error: the log still reads. */
static void
test_removed_unit (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strconcat (HEAD,
    "  <battle-log><entry acting=\"u1\" target=\"u7\" target-name=\"Old guard\" "
    "procedure=\"missile-fire\"><result>Hits: 0</result></entry></battle-log>\n</muster>\n", NULL);
  g_autoptr(MusterDoc) doc = load (text, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (muster_doc_get_log_entry (doc, 0)->target_name, ==, "Old guard");
}

static void
test_errors (void)
{
  static const struct
  {
    const char *entry;
    const char *prefix;
  } cases[] = {
    { "<entry acting=\"u9\" procedure=\"rally\"><result>x</result></entry>",
      "log.muster:11: acting “u9” is not a unit of this document" },
    { "<entry acting=\"u1\" target=\"u3\" procedure=\"rally\"><result>x</result></entry>",
      "log.muster:11: target “u3” is not a unit of this document" },
    { "<entry procedure=\"rally\"><result>x</result></entry>",
      "log.muster:11: <entry> needs acting=\"unit id\"" },
    { "<entry acting=\"u1\" procedure=\"volley\"><result>x</result></entry>",
      "log.muster:11: the procedure “volley” is not one of battle-valor-fantasy" },
    { "<entry acting=\"u1\" procedure=\"small-arms-fire\"><result>x</result></entry>",
      "log.muster:11: the procedure “small-arms-fire” is not one of battle-valor-fantasy" },
    { "<entry acting=\"u1\" procedure=\"rally\">\n<result>x</result><dice>d6:7</dice></entry>",
      "log.muster:12: the die “d6:7” shows a face it does not have" },
    { "<entry acting=\"u1\" procedure=\"rally\">\n<result>x</result><dice>d6:3 six</dice></entry>",
      "log.muster:12: the die “six” is not dN:FACE" },
    { "<entry acting=\"u1\" procedure=\"rally\">\n<input id=\"a\" value=\"1\" source=\"guess\"/>"
      "<result>x</result></entry>",
      "log.muster:12: the source “guess” of input “a” is not list, table, ask or typed" },
    { "<entry acting=\"u1\" procedure=\"rally\">\n<input id=\"a\"/><result>x</result></entry>",
      "log.muster:12: <input> needs id=\"…\" and value=\"…\"" },
    { "<entry acting=\"u1\" procedure=\"rally\"><result>x</result>\n"
      "<change unit=\"u2\" size=\"1\" was-size=\"2\"/></entry>",
      "log.muster:12: a <change> is of the entry's acting or target unit, not “u2”" },
    { "<entry acting=\"u1\" procedure=\"rally\"><result>x</result>\n"
      "<change unit=\"u1\" size=\"1\"/></entry>",
      "log.muster:12: <change> needs size=\"…\" and was-size=\"…\"" },
    { "<entry acting=\"u1\" procedure=\"rally\"></entry>",
      "log.muster:11: <entry> needs a <result>" },
    { "<entry acting=\"u1\" procedure=\"rally\" seed=\"-1\"><result>x</result></entry>",
      "log.muster:11: the seed “-1” is not a number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = g_strconcat (HEAD, "  <battle-log>\n", cases[i].entry,
                                           "\n</battle-log>\n</muster>\n", NULL);
      g_autoptr(MusterDoc) doc = load (text, &error);

      muster_assert_error_case (doc, error, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT,
                                cases[i].prefix, i);
    }
}

static void
test_markers (void)
{
  g_autofree char *a = muster_markers_set (NULL, "pinned", "");
  g_autofree char *b = muster_markers_set_int (a, "suppression", 2);
  g_autofree char *c = muster_markers_set_int (b, "pinned", 0);
  g_autofree char *d = muster_markers_set (b, "suppression", "3");
  g_autofree char *e = muster_markers_set (c, "suppression", NULL);

  g_assert_cmpstr (a, ==, "pinned");
  g_assert_cmpstr (b, ==, "pinned suppression=2");
  g_assert_cmpstr (c, ==, "suppression=2");
  g_assert_cmpstr (d, ==, "pinned suppression=3");
  g_assert_null (e);
  g_assert_cmpint (muster_markers_get_int (b, "suppression"), ==, 2);
  g_assert_cmpint (muster_markers_get_int (b, "pinned"), ==, 1);
  g_assert_cmpint (muster_markers_get_int (b, "pin"), ==, 0);
  g_assert_cmpint (muster_markers_get_int ("morale=shaken", "morale"), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/battle-log/read", test_read);
  g_test_add_func ("/battle-log/round-trip", test_round_trip);
  g_test_add_func ("/battle-log/append-unknown-unit", test_append_unknown_unit);
  g_test_add_func ("/battle-log/removed-unit", test_removed_unit);
  g_test_add_func ("/battle-log/errors", test_errors);
  g_test_add_func ("/battle-log/markers", test_markers);
  return g_test_run ();
}
