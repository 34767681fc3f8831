/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-engine.h"
#include "muster-table.h"

static const char ruleset_xml[] =
  "<?xml version=\"1.0\"?>\n"
  "<ruleset format=\"1\" id=\"club\" version=\"1\"><name>Club</name><tables>"
  "<table id=\"dice\"><column id=\"n\"/><column id=\"roll\"/>"
  "<row id=\"whole\">3 2d6</row><row id=\"half\">2.5 -</row></table>"
  "</tables></ruleset>\n";

static MusterRuleset *
club_ruleset (void)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (ruleset_xml, sizeof ruleset_xml - 1);
  g_autoptr(GError) error = NULL;
  MusterRuleset *ruleset = muster_ruleset_new_from_bytes (bytes, "club.xml", &error);

  g_assert_no_error (error);
  return ruleset;
}

static void
test_table_number (void)
{
  g_autoptr(MusterRuleset) ruleset = club_ruleset ();
  g_autoptr(GError) error = NULL;
  double number = 0;

  g_assert_true (muster_table_read_number (ruleset, "dice", "half", "n", &number, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (number, ==, 2.5);

  g_assert_false (muster_table_read_number (ruleset, "dice", "whole", "roll", &number, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_cmpstr (error->message, ==, "table “dice” has no number for “whole”, “roll”");
  g_clear_error (&error);

  g_assert_false (muster_table_read_number (ruleset, "moves", "whole", "n", &number, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_cmpstr (error->message, ==, "the club ruleset has no table “moves”");
  g_clear_error (&error);

  g_assert_false (muster_table_read_number (NULL, "dice", "whole", "n", &number, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_UNKNOWN_RULESET);
  g_assert_cmpstr (error->message, ==, "no ruleset is loaded to give table “dice”");
}

static void
test_table_int (void)
{
  g_autoptr(MusterRuleset) ruleset = club_ruleset ();
  g_autoptr(GError) error = NULL;
  int value = -1;

  g_assert_true (muster_table_read_int (ruleset, "dice", "whole", "n", &value, &error));
  g_assert_no_error (error);
  g_assert_cmpint (value, ==, 3);

  /* A fraction is not truncated. */
  value = -1;
  g_assert_false (muster_table_read_int (ruleset, "dice", "half", "n", &value, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_cmpstr (error->message, ==, "table “dice”, half, n is not a whole number");
  g_assert_cmpint (value, ==, -1);
  g_clear_error (&error);

  g_assert_false (muster_table_read_int (ruleset, "dice", "whole", "roll", &value, &error));
  g_assert_cmpstr (error->message, ==, "table “dice”, whole, roll is not a whole number");
  g_clear_error (&error);

  /* An empty cell has no value at all. */
  g_assert_false (muster_table_read_int (ruleset, "dice", "half", "roll", &value, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_cmpstr (error->message, ==, "table “dice” has no value for “half”, “roll”");
  g_clear_error (&error);

  g_assert_false (muster_table_read_int (ruleset, "dice", "third", "n", &value, &error));
  g_assert_cmpstr (error->message, ==, "table “dice” has no value for “third”, “n”");
}

static void
test_table_add_int (void)
{
  g_autoptr(MusterRuleset) ruleset = club_ruleset ();
  g_autoptr(GError) error = NULL;
  int total = 1;

  /* Once an occurrence: 1 + 2 × 3 */
  g_assert_true (muster_table_add_int (ruleset, "dice", "whole", "n", 2, &total, &error));
  g_assert_no_error (error);
  g_assert_cmpint (total, ==, 7);

  /* A modifier that does not apply is not read: a row the ruleset lacks is no error. */
  g_assert_true (muster_table_add_int (ruleset, "dice", "third", "n", 0, &total, &error));
  g_assert_no_error (error);
  g_assert_cmpint (total, ==, 7);

  /* One that applies is read as a whole number, and the total is left as it was. */
  g_assert_false (muster_table_add_int (ruleset, "dice", "third", "n", 1, &total, &error));
  g_assert_cmpstr (error->message, ==, "table “dice” has no value for “third”, “n”");
  g_clear_error (&error);
  g_assert_false (muster_table_add_int (ruleset, "dice", "half", "n", 1, &total, &error));
  g_assert_cmpstr (error->message, ==, "table “dice”, half, n is not a whole number");
  g_assert_cmpint (total, ==, 7);
}

static void
test_table_text (void)
{
  g_autoptr(MusterRuleset) ruleset = club_ruleset ();
  g_autoptr(GError) error = NULL;
  const char *text = NULL;

  g_assert_true (muster_table_read_text (ruleset, "dice", "whole", "roll", &text, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, "2d6");

  g_assert_true (muster_table_read_text (ruleset, "dice", "whole", "n", &text, &error));
  g_assert_cmpstr (text, ==, "3");

  /* Empty is a value: "no test". */
  g_assert_true (muster_table_read_text (ruleset, "dice", "half", "roll", &text, &error));
  g_assert_null (text);

  g_assert_false (muster_table_read_text (ruleset, "dice", "half", "cost", &text, &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_RULESET);
  g_assert_cmpstr (error->message, ==, "table “dice” has no cell “half”, “cost”");
  g_clear_error (&error);

  g_assert_false (muster_table_read_text (ruleset, "moves", "half", "n", &text, &error));
  g_assert_cmpstr (error->message, ==, "the club ruleset has no table “moves”");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/table/number", test_table_number);
  g_test_add_func ("/engine/table/int", test_table_int);
  g_test_add_func ("/engine/table/add-int", test_table_add_int);
  g_test_add_func ("/engine/table/text", test_table_text);

  return g_test_run ();
}
