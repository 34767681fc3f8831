/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"

static GBytes *
load_fixture (const char *name)
{
  g_autofree char *path = g_build_filename (MUSTER_TEST_DATA, name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

static void
test_xml_well_formed (void)
{
  static const char text[] = "<a><b x='3'>hi</b></a>";
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = muster_xml_parse (text, sizeof text - 1, "t.xml", &error);
  g_autofree char *x = NULL;
  gint64 value = 0;
  xmlNode *b;

  g_assert_no_error (error);
  g_assert_nonnull (doc);
  b = muster_xml_first_child (xmlDocGetRootElement (doc), "b");
  g_assert_nonnull (b);
  x = muster_xml_get_prop (b, "x");
  g_assert_cmpstr (x, ==, "3");
  g_assert_true (muster_xml_get_int (b, "x", 0, 10, &value, "t.xml", &error));
  g_assert_cmpint (value, ==, 3);
  g_assert_false (muster_xml_get_int (b, "x", 5, 10, &value, "t.xml", &error));
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
  g_assert_true (g_str_has_prefix (error->message, "t.xml:1: attribute x of <b>"));
}

/* Attributes read straight from the tree (not copied twice) read as libxml2's own getter
 * reads them: empty, absent, with references, namespaced ones left out, and ones set in code
 * or held as several pieces. */
static void
test_xml_props_read_as_libxml2 (void)
{
  static const char text[] = "<a xmlns:n='urn:n'><b e='' r='x&amp;y&#65;' n:x='no' x='yes'/></a>";
  static const char * const names[] = { "e", "r", "x", "missing", "s", "split" };
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = muster_xml_parse (text, sizeof text - 1, "t.xml", &error);
  xmlNode *b;
  xmlAttr *split;

  g_assert_no_error (error);
  b = muster_xml_first_child (xmlDocGetRootElement (doc), "b");
  muster_xml_set_prop (b, "s", "set <here> & there");
  /* A value of two text pieces, as an edit through libxml2's node API can leave it */
  split = xmlSetProp (b, (const xmlChar *) "split", (const xmlChar *) "one");
  xmlAddNextSibling (split->children, xmlNewText ((const xmlChar *) " two"));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *ours = muster_xml_get_prop (b, names[i]);
      xmlChar *theirs = xmlGetNoNsProp (b, (const xmlChar *) names[i]);

      g_assert_cmpstr (ours, ==, (const char *) theirs);
      xmlFree (theirs);
    }
  {
    g_autofree char *x = muster_xml_get_prop (b, "x");
    g_autofree char *two = muster_xml_get_prop (b, "split");

    g_assert_cmpstr (x, ==, "yes");
    g_assert_cmpstr (two, ==, "one two");
    g_assert_true (muster_xml_find_child (xmlDocGetRootElement (doc), "b", "r", "x&yA") == b);
    g_assert_null (muster_xml_find_child (xmlDocGetRootElement (doc), "b", "missing", ""));
  }
}

/* Notes laid out over indented lines read as one line of prose; text keeps its inner lines. */
static void
test_xml_prose (void)
{
  static const char text[] = "<note>\n  The General and each\n      Sub-Commander\tare\n</note>";
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = muster_xml_parse (text, sizeof text - 1, "t.xml", &error);
  g_autofree char *prose = NULL;
  g_autofree char *plain = NULL;

  g_assert_no_error (error);
  prose = muster_xml_get_prose (xmlDocGetRootElement (doc));
  g_assert_cmpstr (prose, ==, "The General and each Sub-Commander are");
  plain = muster_xml_get_text (xmlDocGetRootElement (doc));
  g_assert_cmpstr (plain, ==, "The General and each\n      Sub-Commander\tare");
}

static void
test_xml_malformed_names_file_and_line (void)
{
  g_autoptr(GBytes) bytes = load_fixture ("malformed.muster");
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  g_autoptr(xmlDoc) doc = muster_xml_parse (data, length, "malformed.muster", &error);

  g_assert_null (doc);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
  /* The unclosed <title> is found when </muster> arrives on line 5. */
  g_assert_true (g_str_has_prefix (error->message, "malformed.muster:5: "));
  g_assert_nonnull (strstr (error->message, "title"));
}

static void
test_xml_rejects_xxe (void)
{
  g_autoptr(GBytes) bytes = load_fixture ("xxe.muster");
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  g_autoptr(xmlDoc) doc = muster_xml_parse (data, length, "xxe.muster", &error);

  g_assert_null (doc);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT);
  g_assert_true (g_str_has_prefix (error->message, "xxe.muster:2: "));
}

static void
test_xml_rejects_entity_bomb_quickly (void)
{
  g_autoptr(GBytes) bytes = load_fixture ("entity-bomb.muster");
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  gint64 start = g_get_monotonic_time ();
  g_autoptr(xmlDoc) doc = muster_xml_parse (data, length, "entity-bomb.muster", &error);

  g_assert_null (doc);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_FORBIDDEN_CONSTRUCT);
  /* Expanded, this is 10^9 "lol"s: refusing it must not cost more than a blink. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
}

static void
test_xml_rejects_huge_and_empty (void)
{
  g_autoptr(GError) error = NULL;
  gsize size = MUSTER_XML_MAX_SIZE + 1;
  g_autofree char *huge = g_malloc0 (size);
  xmlDoc *doc;

  doc = muster_xml_parse (huge, size, "huge.muster", &error);
  g_assert_null (doc);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_TOO_LARGE);
  g_clear_error (&error);

  doc = muster_xml_parse ("", 0, "empty.muster", &error);
  g_assert_null (doc);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
  g_assert_cmpstr (error->message, ==, "empty.muster:1: the file is empty");
}

static void
test_xml_deep_nesting_is_refused (void)
{
  GString *str = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  xmlDoc *doc;

  for (guint i = 0; i < 5000; i++)
    g_string_append (str, "<a>");
  for (guint i = 0; i < 5000; i++)
    g_string_append (str, "</a>");

  doc = muster_xml_parse (str->str, str->len, "deep.muster", &error);
  g_assert_null (doc);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
  /* In plain words, not libxml2's "… use XML_PARSE_HUGE option". */
  g_assert_cmpstr (error->message, ==,
                   "deep.muster:1: the elements are nested too deeply (more than 256 levels)");
  g_string_free (str, TRUE);
}

/* Text that is not UTF-8 is said so, with its line, not as "indicate encoding !". */
static void
test_xml_bad_encoding_in_plain_words (void)
{
  static const char text[] = "<muster format=\"1\">\n<title>caf\xe9</title>\n</muster>";
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = muster_xml_parse (text, sizeof text - 1, "latin1.muster", &error);

  g_assert_null (doc);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
  g_assert_cmpstr (error->message, ==, "latin1.muster:2: the text is not in UTF-8 (or not in "
                   "the encoding the file declares)");
}

/* Bytes the declared encoding cannot convert are said so, naming it, not as libxml2's echo
 * of the garbled text ("AttValue: ' expected"), and libxml2's own report of them ("encoding
 * error : input conversion failed…", "I/O error : encoder error") does not reach standard
 * error. */
static void
test_xml_declared_encoding (void)
{
  if (g_test_subprocess ())
    {
      static const char text[] = "<?xml version=\"1.0\" encoding=\"EUC-JP\"?>\n<muster>\n"
                                 "<force name=\"\xe7\x9d\x9e\x8b\xff\xff\"/>\n</muster>\n";
      g_autoptr(GError) error = NULL;
      g_autoptr(xmlDoc) doc = muster_xml_parse (text, sizeof text - 1, "euc.muster", &error);

      g_assert_null (doc);
      g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
      g_assert_cmpstr (error->message, ==,
                       "euc.muster:3: the text is not valid EUC-JP, the encoding the file declares");
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("");
}

/* libxml2's riddles about broken markup, in plain words */
static void
test_xml_markup_in_plain_words (void)
{
  static const struct { const char *text, *message; } cases[] = {
    { "<muster a=b/>", "m.muster:1: an attribute's value is not in quotes" },
    { "<muster>\na < b</muster>",
      "m.muster:2: a < starts no element (a less-than sign in text is written &lt;)" },
    { "<muster>a & b</muster>",
      "m.muster:1: a & starts no entity (an ampersand in text is written &amp;)" },
    { "<muster a=\"b\"", "m.muster:1: a start tag is not well formed: its attributes, or its "
      "closing > or />" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(xmlDoc) doc = muster_xml_parse (cases[i].text, strlen (cases[i].text),
                                                "m.muster", &error);

      g_assert_null (doc);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* A mangled file is refused with its first error, and the parser reads no further: libxml2
 * raises each later error too (formatting and copying it, the last one kept as its global
 * last error), which was a good part of the time of a fuzz run. Halted, it raises one more
 * at most (that the document does not end there). */
static void
test_xml_stops_at_first_error (void)
{
  GString *text = g_string_new ("<a>\n<b></c>\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  const xmlError *last;

  for (guint i = 0; i < 50; i++)
    g_string_append (text, "<d></e>\n");
  g_string_append (text, "</a>\n");
  xmlResetLastError ();
  doc = muster_xml_parse (text->str, text->len, "t.xml", &error);
  g_assert_null (doc);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
  g_assert_true (g_str_has_prefix (error->message, "t.xml:2: "));
  g_assert_nonnull (strstr (error->message, "b line 2 and c"));
  last = xmlGetLastError ();
  g_assert_nonnull (last);
  g_assert_cmpint (last->line, <=, 3);
  g_string_free (text, TRUE);
}

typedef struct
{
  guint    closed;
  gboolean nest;
} Watch;

static void
count_closed (xmlNode  *element,
              gpointer  data)
{
  Watch *watch = data;

  watch->closed++;
  /* A parse from within a parse gets a parser of its own, not the one in use. */
  if (watch->nest && strcmp ((const char *) element->name, "b") == 0)
    {
      static const char inner[] = "<x><y/><y/></x>";
      Watch inner_watch = { 0 };
      g_autoptr(GError) error = NULL;
      g_autoptr(xmlDoc) doc = muster_xml_parse_watched (inner, sizeof inner - 1, "inner.xml",
                                                        count_closed, &inner_watch, &error);

      g_assert_no_error (error);
      g_assert_cmpint (inner_watch.closed, ==, 3);
    }
}

static gpointer
parse_many (gpointer data)
{
  for (guint i = 0; i < 200; i++)
    {
      g_autofree char *text = g_strdup_printf ("<a n='%u'><b/>%s</a>", i, i % 3 ? "" : "<c>");
      g_autoptr(GError) error = NULL;
      g_autoptr(xmlDoc) doc = muster_xml_parse (text, strlen (text), "thread.xml", &error);
      g_autofree char *n = NULL;

      if (i % 3 == 0)
        {
          g_assert_null (doc);
          g_assert_true (g_str_has_prefix (error->message, "thread.xml:1: "));
          continue;
        }
      g_assert_no_error (error);
      n = muster_xml_get_prop (xmlDocGetRootElement (doc), "n");
      g_assert_cmpint (atoi (n), ==, i);
    }
  return NULL;
}

/* The parser is kept from one parse to the next on a thread: after a refused file the next
 * one reads whole; a watched parse's callback is not called by the next, unwatched, parse;
 * a parse from a callback, and parses on other threads at the same time, work as alone. */
static void
test_xml_parser_kept (void)
{
  static const char good[] = "<a><b/><c x='1'/></a>";
  static const char bad[] = "<a><b></c></a>";
  g_autoptr(GError) error = NULL;
  Watch watch = { 0 };
  GThread *threads[3];
  xmlDoc *doc;

  for (guint i = 0; i < 3; i++)
    {
      doc = muster_xml_parse (bad, sizeof bad - 1, "bad.xml", &error);
      g_assert_null (doc);
      g_assert_true (g_str_has_prefix (error->message, "bad.xml:1: "));
      g_clear_error (&error);

      doc = muster_xml_parse_watched (good, sizeof good - 1, "good.xml", count_closed, &watch,
                                      &error);
      g_assert_no_error (error);
      g_assert_cmpint (watch.closed, ==, 3 * (i + 1));
      g_assert_cmpstr ((const char *) xmlDocGetRootElement (doc)->last->name, ==, "c");
      xmlFreeDoc (doc);

      doc = muster_xml_parse (good, sizeof good - 1, "good.xml", &error);
      g_assert_no_error (error);
      g_assert_cmpint (watch.closed, ==, 3 * (i + 1));
      xmlFreeDoc (doc);
    }

  watch = (Watch) { 0, TRUE };
  doc = muster_xml_parse_watched (good, sizeof good - 1, "outer.xml", count_closed, &watch,
                                  &error);
  g_assert_no_error (error);
  g_assert_cmpint (watch.closed, ==, 3);
  g_assert_cmpint (xmlChildElementCount (xmlDocGetRootElement (doc)), ==, 2);
  xmlFreeDoc (doc);

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("parse", parse_many, NULL);
  parse_many (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_thread_join (threads[i]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/xml/well-formed", test_xml_well_formed);
  g_test_add_func ("/engine/xml/props", test_xml_props_read_as_libxml2);
  g_test_add_func ("/engine/xml/prose", test_xml_prose);
  g_test_add_func ("/engine/xml/bad-encoding", test_xml_bad_encoding_in_plain_words);
  g_test_add_func ("/engine/xml/declared-encoding", test_xml_declared_encoding);
  g_test_add_func ("/engine/xml/markup-in-plain-words", test_xml_markup_in_plain_words);
  g_test_add_func ("/engine/xml/malformed", test_xml_malformed_names_file_and_line);
  g_test_add_func ("/engine/xml/xxe", test_xml_rejects_xxe);
  g_test_add_func ("/engine/xml/entity-bomb", test_xml_rejects_entity_bomb_quickly);
  g_test_add_func ("/engine/xml/huge-and-empty", test_xml_rejects_huge_and_empty);
  g_test_add_func ("/engine/xml/deep-nesting", test_xml_deep_nesting_is_refused);
  g_test_add_func ("/engine/xml/first-error", test_xml_stops_at_first_error);
  g_test_add_func ("/engine/xml/parser-kept", test_xml_parser_kept);

  return g_test_run ();
}
