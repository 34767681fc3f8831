/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"

static GBytes *
load_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

static MusterDoc *
load_fixture (const char  *name,
              GError     **error)
{
  g_autofree char *path = g_build_filename (MUSTER_TEST_DATA, name, NULL);
  g_autoptr(GBytes) bytes = load_file (path);

  return muster_doc_new_from_bytes (bytes, name, error);
}

static void
test_doc_new_and_round_trip (void)
{
  g_autoptr(MusterDoc) doc = muster_doc_new ("undying-lands", "0.1");
  g_autoptr(MusterDoc) copy = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  muster_doc_set_title (doc, "Elves & <Dwarves>");
  bytes = muster_doc_to_bytes (doc);
  copy = muster_doc_new_from_bytes (bytes, "copy.muster", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (muster_doc_get_title (copy), ==, "Elves & <Dwarves>");
  g_assert_cmpstr (muster_doc_get_ruleset_id (copy), ==, "undying-lands");
  g_assert_cmpstr (muster_doc_get_ruleset_version (copy), ==, "0.1");
}

static void
test_doc_keeps_unknown_elements (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = load_fixture ("unknown-element.muster", &error);
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (muster_doc_get_title (doc), ==, "Border Patrol");
  muster_doc_set_title (doc, "Border Patrol, revised");

  bytes = muster_doc_to_bytes (doc);
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_assert_nonnull (strstr (text, "<future-feature colour=\"teal\">"));
  g_assert_nonnull (strstr (text, "<nested>kept as it was</nested>"));
  g_assert_nonnull (strstr (text, "<title>Border Patrol, revised</title>"));
}

/* Stray text between a document's elements (what fuzz-doc-save found after the loader dropped
 * white space as it was read, in pieces that split a run of text) is kept as written: saved,
 * read back and saved again, the bytes are the same. */
static void
test_doc_stray_text_round_trip (void)
{
  static const char text[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                             "<muster format=\"1\">\n"
                             "  <ruleset id=\"battle-valor-fantasy\" vserion=\"0.1\"/>ure-feature>\n"
                             "</muster>\n";
  g_autoptr(GBytes) input = g_bytes_new_static (text, sizeof text - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (input, "stray.muster", &error);
  g_autoptr(MusterDoc) again = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) saved_again = NULL;

  g_assert_no_error (error);
  saved = muster_doc_to_bytes (doc);
  again = muster_doc_new_from_bytes (saved, "saved.muster", &error);
  g_assert_no_error (error);
  saved_again = muster_doc_to_bytes (again);
  g_assert_true (g_bytes_equal (saved, saved_again));
}

static void
test_doc_sample_loads (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            "standards-of-valor-punitive-cohort.muster", NULL);
  g_autoptr(GBytes) bytes = load_file (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (bytes, path, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (muster_doc_get_ruleset_id (doc), ==, "standards-of-valor");
  g_assert_cmpstr (muster_doc_get_title (doc), ==, "Reinforced Punitive Cohort");
}

static void
test_doc_errors (void)
{
  static const struct {
    const char *fixture;
    int code;
    const char *prefix;
  } cases[] = {
    { "malformed.muster", MUSTER_ENGINE_ERROR_INVALID_FILE, "malformed.muster:5: " },
    { "xxe.muster", MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT, "xxe.muster:2: " },
    { "newer.muster", MUSTER_ENGINE_ERROR_UNSUPPORTED_VERSION,
      "newer.muster:2: document format 99 was written by a newer Muster" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterDoc) doc = load_fixture (cases[i].fixture, &error);

      g_assert_null (doc);
      g_assert_error (error, MUSTER_ENGINE_ERROR, cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, cases[i].prefix));
    }
}

static void
test_doc_wrong_root_and_missing_ruleset (void)
{
  static const char wrong_root[] = "<html><body/></html>";
  static const char no_ruleset[] = "<muster format='1'>\n<title>x</title>\n</muster>";
  g_autoptr(GBytes) a = g_bytes_new_static (wrong_root, sizeof wrong_root - 1);
  g_autoptr(GBytes) b = g_bytes_new_static (no_ruleset, sizeof no_ruleset - 1);
  g_autoptr(GError) error = NULL;
  MusterDoc *doc;

  doc = muster_doc_new_from_bytes (a, "page.html", &error);
  g_assert_null (doc);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT);
  g_assert_cmpstr (error->message, ==,
                   "page.html:1: this is not a Muster document (the root element is <html>)");
  g_clear_error (&error);

  doc = muster_doc_new_from_bytes (b, "x.muster", &error);
  g_assert_null (doc);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT);
  g_assert_true (g_str_has_prefix (error->message, "x.muster:1: the document does not name"));
}

/* No editor attaches a unit to itself or round in a loop: such a file is refused at the
 * attachment that closes the loop first in the file; a chain that ends loads. */
static void
test_doc_attachment_loops (void)
{
  static const struct { const char *units; const char *message; } cases[] = {
    { "<unit id=\"u1\" type=\"a\"/>\n<unit id=\"u2\" type=\"a\" attached-to=\"u2\"/>",
      "loop.muster:3: unit “u2” is attached to itself" },
    { "<unit id=\"u1\" type=\"a\" attached-to=\"u3\"/>\n"
      "<unit id=\"u2\" type=\"a\" attached-to=\"u1\"/>\n"
      "<unit id=\"u3\" type=\"a\" attached-to=\"u2\"/>",
      "loop.muster:2: unit “u1” is attached to “u3”, which leads back to it: attachments may "
      "not go round in a loop" },
    /* A chain into a loop elsewhere: the loop is named, not the unit leading into it. */
    { "<unit id=\"u1\" type=\"a\" attached-to=\"u2\"/>\n"
      "<unit id=\"u2\" type=\"a\" attached-to=\"u3\"/>\n"
      "<unit id=\"u3\" type=\"a\" attached-to=\"u2\"/>",
      "loop.muster:3: unit “u2” is attached to “u3”, which leads back to it" },
    { "<unit id=\"u1\" type=\"a\" attached-to=\"u2\"/>\n"
      "<unit id=\"u2\" type=\"a\" attached-to=\"u3\"/>\n<unit id=\"u3\" type=\"a\"/>",
      NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *xml = g_strdup_printf ("<muster format=\"1\"><ruleset id=\"x\"/>\n"
                                              "<force id=\"f1\" name=\"F\">%s</force>"
                                              "</muster>", cases[i].units);
      g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (bytes, "loop.muster", &error);

      if (cases[i].message == NULL)
        {
          g_assert_no_error (error);
          g_assert_nonnull (doc);
          continue;
        }
      g_assert_null (doc);
      g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_DOCUMENT);
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_error ("case %u: “%s”", i, error->message);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/doc/attachment-loops", test_doc_attachment_loops);

  g_test_add_func ("/engine/doc/round-trip", test_doc_new_and_round_trip);
  g_test_add_func ("/engine/doc/unknown-elements", test_doc_keeps_unknown_elements);
  g_test_add_func ("/engine/doc/sample", test_doc_sample_loads);
  g_test_add_func ("/engine/doc/stray-text", test_doc_stray_text_round_trip);
  g_test_add_func ("/engine/doc/errors", test_doc_errors);
  g_test_add_func ("/engine/doc/wrong-root", test_doc_wrong_root_and_missing_ruleset);

  return g_test_run ();
}
