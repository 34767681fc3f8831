/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-army-private.h"
#include "muster-battle-log-private.h"
#include "muster-engine.h"
#include "muster-xml.h"

/*
 * A save writes a big document's emptied units and placed units one at a time
 * (muster_xml_to_bytes_filling(), issue 20: filling them all at once made the tree of a 31 MB
 * document half a gigabyte again). The bytes must be libxml2's own, indentation and all.
 */

/* Trees with what libxml2 lays out each its own way: namespaces, comments and processing
 * instructions in and around the root, text among elements (nothing indented inside), blank
 * text kept, escaping in attributes and text, non-ASCII, a standalone declaration, and nesting
 * deeper than libxml2 indents (30 levels). */
static const char *const odd_docs[] = {
  "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
  "<!-- before --><?muster-pi keep?>"
  "<m:muster xmlns:m=\"urn:muster\" xmlns=\"urn:default\" format=\"1\">"
  "<m:force a:side=\"Nord &amp; Süd\" xmlns:a=\"urn:a\" name=\"tab&#9;nl&#10;q&quot;&lt;&gt;\">"
  "<unit id=\"u1\"/><!-- inside --><?pi in force?><node><unit id=\"u2\"><option/></unit></node>"
  "</m:force><title>Text <b>bold</b> &amp; more</title><empty></empty>"
  "<blank>   </blank><spaced>\n  <a/>\n</spaced></m:muster>"
  "<!-- after --><?after?>",

  "<muster><force><unit>Grüße &lt;&gt;&amp; “quoted”</unit><unit a=\"ü\"/></force></muster>",
};

static xmlDoc *
deep_doc (guint depth)
{
  g_autoptr(GString) text = g_string_new ("<muster>");

  for (guint i = 0; i < depth; i++)
    g_string_append_printf (text, "<node level=\"%u\">", i);
  g_string_append (text, "<unit/><unit>text</unit>");
  for (guint i = 0; i < depth; i++)
    g_string_append (text, "</node>");
  g_string_append (text, "</muster>");
  return muster_xml_parse (text->str, text->len, "deep.xml", NULL);
}

/* What the parser never makes (it reads CDATA as text and refuses undeclared entities), made
 * by hand: a CDATA section, an entity reference, a document without a version. */
static xmlDoc *
built_doc (void)
{
  xmlDoc *doc = xmlNewDoc (NULL);
  xmlNode *root = xmlNewNode (NULL, (const xmlChar *) "muster");
  xmlNode *force, *mixed;

  xmlDocSetRootElement (doc, root);
  force = xmlNewChild (root, NULL, (const xmlChar *) "force", NULL);
  xmlNewChild (force, NULL, (const xmlChar *) "unit", NULL);
  xmlAddChild (force, xmlNewCDataBlock (doc, (const xmlChar *) "a ]]> b", 7));
  mixed = xmlNewChild (root, NULL, (const xmlChar *) "mixed", NULL);
  xmlAddChild (mixed, xmlNewReference (doc, (const xmlChar *) "&custom;"));
  xmlNewChild (mixed, NULL, (const xmlChar *) "unit", NULL);
  return doc;
}

/* Whether muster_xml_to_bytes_filling() writes @doc as libxml2 does, walking every element
 * itself (nothing emptied: each element is one the writer walks round). */
static void
assert_written_like_libxml2 (xmlDoc     *doc,
                             const char *name)
{
  g_autoptr(GBytes) expected = muster_xml_to_bytes (doc);
  g_autoptr(GHashTable) none = g_hash_table_new (NULL, NULL);
  g_autoptr(GBytes) written = NULL;

  _muster_xml_write_every_element = TRUE;
  written = muster_xml_to_bytes_filling (doc, none, NULL, NULL);
  _muster_xml_write_every_element = FALSE;
  g_test_message ("%s", name);
  g_assert_cmpmem (g_bytes_get_data (written, NULL), g_bytes_get_size (written),
                   g_bytes_get_data (expected, NULL), g_bytes_get_size (expected));
}

static void
test_write_like_libxml2 (void)
{
  /* libxml2's default, tabs, and no indentation at all */
  const char *indents[] = { "  ", "\t", "" };
  const char *indent = xmlTreeIndentString;

  for (guint i = 0; i < G_N_ELEMENTS (indents); i++)
    {
      g_autoptr(xmlDoc) deep = deep_doc (40);
      g_autoptr(xmlDoc) built = built_doc ();

      xmlTreeIndentString = indents[i];
      for (guint d = 0; d < G_N_ELEMENTS (odd_docs); d++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(xmlDoc) doc = muster_xml_parse (odd_docs[d], strlen (odd_docs[d]),
                                                    "odd.xml", &error);

          g_assert_no_error (error);
          assert_written_like_libxml2 (doc, odd_docs[d]);
        }
      g_assert_nonnull (deep);
      assert_written_like_libxml2 (deep, "40 levels deep");
      assert_written_like_libxml2 (built, "CDATA and an entity reference");
    }
  xmlTreeIndentString = indent;

  /* indentation turned off (xmlIndentTreeOutput): only the new lines */
  {
    g_autoptr(xmlDoc) deep = deep_doc (3);
    int indent_output = xmlIndentTreeOutput;

    xmlIndentTreeOutput = 0;
    assert_written_like_libxml2 (deep, "not indented");
    xmlIndentTreeOutput = indent_output;
  }
  /* The fuzz corpus and the samples: /engine/doc/compact/as-whole */
}

/* Nodes libxml2 holds now that it did not when counting began (xmlRegisterNodeDefault()). */
static gint live_nodes, most_live_nodes;

static void
node_made (xmlNode *node)
{
  live_nodes++;
  most_live_nodes = MAX (most_live_nodes, live_nodes);
}

static void
node_freed (xmlNode *node)
{
  live_nodes--;
}

/* A document of @n units, each with options and notes, as Muster saves it. */
static char *
units_doc (guint n)
{
  GString *text = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                "<muster format=\"1\">\n"
                                "  <ruleset id=\"battle-valor-fantasy\" version=\"1.0\"/>\n"
                                "  <force id=\"f1\" name=\"North\">\n");

  for (guint i = 1; i <= n; i++)
    g_string_append_printf (text, "    <unit id=\"u%u\" type=\"infantry\" size=\"12\" "
                            "name=\"Spears %u\">\n"
                            "      <option id=\"veteran\"/>\n"
                            "      <option id=\"pole\" count=\"2\"/>\n"
                            "      <notes>Unit %u holds.</notes>\n"
                            "    </unit>\n", i, i, i);
  g_string_append (text, "  </force>\n</muster>\n");
  return g_string_free (text, FALSE);
}

/* A save of a document loaded emptied fills one unit at a time: libxml2 never holds more
 * nodes at once than a unit or two is made of (each here: 4 attributes, 2 options with
 * theirs, notes: some 20 nodes), not the 50 units' thousand. And it writes the same bytes as
 * libxml2 writes the document loaded whole. */
static void
test_write_one_at_a_time (void)
{
  g_autofree char *text = units_doc (50);
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(MusterDoc) doc = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) again = NULL;
  xmlRegisterNodeFunc made;
  xmlDeregisterNodeFunc freed;

  _muster_doc_compact_from = 0;
  doc = muster_doc_new_from_bytes (bytes, "units.muster", NULL);
  g_assert_nonnull (doc);
  g_assert_true (muster_xml_is_bare (muster_doc_lookup_unit (doc, "u1")->xml));

  made = xmlRegisterNodeDefault (node_made);
  freed = xmlDeregisterNodeDefault (node_freed);
  live_nodes = most_live_nodes = 0;
  saved = muster_doc_to_bytes (doc);
  xmlRegisterNodeDefault (made);
  xmlDeregisterNodeDefault (freed);

  g_test_message ("at most %d nodes at once", most_live_nodes);
  g_assert_cmpint (most_live_nodes, >, 0);
  g_assert_cmpint (most_live_nodes, <=, 40);
  g_assert_cmpint (live_nodes, ==, 0);
  g_assert_cmpmem (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved), text, strlen (text));
  /* emptied again, and saved alike again */
  g_assert_true (muster_xml_is_bare (muster_doc_lookup_unit (doc, "u50")->xml));
  again = muster_doc_to_bytes (doc);
  g_assert_true (g_bytes_equal (again, saved));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/doc/xml-write/like-libxml2", test_write_like_libxml2);
  g_test_add_func ("/engine/doc/xml-write/one-at-a-time", test_write_one_at_a_time);
  return g_test_run ();
}
