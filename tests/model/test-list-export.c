/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <libxml/HTMLparser.h>
#include <string.h>

#include "muster-list-export.h"

/*
 * Army lists as text, Markdown and HTML, compared byte for byte with tests/data/golden/.
 * After an intended change of the output, regenerate the golden files with
 *
 *   MUSTER_REGENERATE_GOLDEN=1 meson test -C build list-export
 *
 * and read the diff before committing it.
 */

static const char *samples[] = {
  "battle-valor-fantasy-1000",
  "horse-and-musket-brigade",
  "medals-of-valor-village-assault",
  "standards-of-valor-punitive-cohort",
  "undying-lands-host",
};

static const char *extensions[] = { "txt", "md", "html" };

static MusterList *
list_from_bytes (const char *xml)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
  g_autoptr(MusterDoc) doc = muster_doc_new_from_bytes (bytes, "test", &error);
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  g_autoptr(MusterRuleset) ruleset = NULL;

  g_assert_no_error (error);
  ruleset = muster_catalog_resolve (catalog, muster_doc_get_ruleset_id (doc), &error);
  g_assert_no_error (error);
  return muster_list_new (doc, ruleset, "test");
}

static MusterList *
list_from_sample (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            name, NULL);
  g_autofree char *file = g_strconcat (path, ".muster", NULL);
  g_autofree char *xml = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (file, &xml, NULL, &error);
  g_assert_no_error (error);
  return list_from_bytes (xml);
}

static void
test_golden (gconstpointer data)
{
  const char *sample = data;
  g_autoptr(MusterList) list = list_from_sample (sample);

  for (guint f = 0; f < G_N_ELEMENTS (extensions); f++)
    {
      g_autofree char *text = muster_list_to_string (list, f);
      g_autofree char *name = g_strdup_printf ("%s.%s", sample, extensions[f]);
      g_autofree char *path = g_build_filename (MUSTER_TEST_DATA, "golden", name, NULL);
      g_autofree char *expected = NULL;
      g_autoptr(GError) error = NULL;

      if (g_getenv ("MUSTER_REGENERATE_GOLDEN") != NULL)
        {
          g_file_set_contents (path, text, -1, &error);
          g_assert_no_error (error);
        }
      g_file_get_contents (path, &expected, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (text, ==, expected);
    }
}

/* Every output names the system, its version, the total and the validation line. */
static void
test_headline (void)
{
  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    {
      g_autoptr(MusterList) list = list_from_sample (samples[s]);

      for (guint f = 0; f < G_N_ELEMENTS (extensions); f++)
        {
          g_autofree char *text = muster_list_to_string (list, f);
          const MusterListForce *force = list->forces->pdata[0];

          g_assert_nonnull (strstr (text, list->system));
          g_assert_nonnull (strstr (text, list->version));
          g_assert_nonnull (strstr (text, force->total));
          g_assert_nonnull (strstr (text, "Validation:"));
        }
    }
}

/* The glossary explains each rule once, at the end: never per unit. */
static void
test_glossary_once (void)
{
  g_autoptr(MusterList) list = list_from_sample ("battle-valor-fantasy-1000");
  g_autofree char *text = muster_list_to_string (list, MUSTER_LIST_FORMAT_TEXT);
  const MusterListRule *rule;
  const char *first;
  gsize offset;

  g_assert_cmpuint (list->glossary->len, >, 0);
  rule = list->glossary->pdata[0];
  first = strstr (text, rule->text);
  g_assert_nonnull (first);
  /* Searched by offset: gcc -O2 misreads `first + 1` as pointing past a zero-size region. */
  offset = (gsize) (first - text) + 1;
  g_assert_null (strstr (text + offset, rule->text));
  g_assert_true (first > strstr (text, "Special rules"));
}

#define HOSTILE \
  "<?xml version=\"1.0\"?>\n<muster format=\"1\">\n" \
  "  <ruleset id=\"battle-valor-fantasy\" version=\"1.0\"/>\n" \
  "  <title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</title>\n" \
  "  <force id=\"f1\" name=\"Rock &amp; Roll &lt;b&gt;\" side=\"*bold* _x_ [link](y)\"" \
  " points=\"1000\">\n" \
  "    <unit id=\"u1\" type=\"infantry\" size=\"4\" name=\"&lt;img src=x onerror=alert(1)&gt;\">\n" \
  "      <notes>Fish &amp; chips &lt;/td&gt;</notes>\n" \
  "    </unit>\n  </force>\n</muster>\n"

static void
test_html_well_formed (void)
{
  for (guint s = 0; s <= G_N_ELEMENTS (samples); s++)
    {
      g_autoptr(MusterList) list = s < G_N_ELEMENTS (samples) ? list_from_sample (samples[s])
                                                              : list_from_bytes (HOSTILE);
      g_autofree char *html = muster_list_to_string (list, MUSTER_LIST_FORMAT_HTML);
      htmlDocPtr doc = htmlReadMemory (html, strlen (html), NULL, "UTF-8",
                                       HTML_PARSE_NONET | HTML_PARSE_NOERROR |
                                       HTML_PARSE_NOWARNING);
      xmlNodePtr root;

      g_assert_nonnull (doc);
      root = xmlDocGetRootElement (doc);
      g_assert_nonnull (root);
      g_assert_cmpstr ((const char *) root->name, ==, "html");
      xmlFreeDoc (doc);

      /* Strict parse: the HTML parser reports no error at all. */
      xmlResetLastError ();
      doc = htmlReadMemory (html, strlen (html), NULL, "UTF-8",
                            HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
      g_assert_nonnull (doc);
      g_assert_null (xmlGetLastError ());
      xmlFreeDoc (doc);
    }
}

static void
test_escaping (void)
{
  g_autoptr(MusterList) list = list_from_bytes (HOSTILE);
  g_autofree char *html = muster_list_to_string (list, MUSTER_LIST_FORMAT_HTML);
  g_autofree char *md = muster_list_to_string (list, MUSTER_LIST_FORMAT_MARKDOWN);
  g_autofree char *txt = muster_list_to_string (list, MUSTER_LIST_FORMAT_TEXT);

  g_assert_null (strstr (html, "<script"));
  g_assert_null (strstr (html, "<img"));
  g_assert_null (strstr (html, "</td>\n</td>"));
  g_assert_nonnull (strstr (html, "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"));
  g_assert_nonnull (strstr (html, "Rock &amp; Roll &lt;b&gt;"));
  g_assert_nonnull (strstr (html, "Fish &amp; chips &lt;/td&gt;"));

  g_assert_nonnull (strstr (md, "# \\<script\\>alert(1)\\</script\\> &"));
  g_assert_nonnull (strstr (md, "\\<script\\>"));
  g_assert_nonnull (strstr (md, "\\*bold\\* \\_x\\_ \\[link\\](y)"));

  /* Plain text is for pasting as is. */
  g_assert_nonnull (strstr (txt, "<script>alert(1)</script> & Co"));
}

/* A list that breaks rules says so with the legality engine's errors, and nothing claims it
 * is legal. */
static void
test_validation (void)
{
  g_autoptr(MusterList) list = list_from_bytes (
    "<?xml version=\"1.0\"?>\n<muster format=\"1\">\n"
    "<ruleset id=\"battle-valor-fantasy\" version=\"1.0\"/>\n"
    "<force id=\"f1\" name=\"Greedy\" points=\"50\">\n"
    "<unit id=\"u1\" type=\"infantry\" size=\"12\"/>\n</force>\n</muster>\n");
  g_autofree char *validation = muster_list_validation (list);
  g_autofree char *html = muster_list_to_string (list, MUSTER_LIST_FORMAT_HTML);
  g_autofree char *txt = muster_list_to_string (list, MUSTER_LIST_FORMAT_TEXT);

  g_assert_true (g_str_has_prefix (validation, "Not legal: "));
  g_assert_nonnull (strstr (validation, "Greedy: 72 points spent of 50."));
  g_assert_nonnull (strstr (validation, "An army has exactly one General (0 in this one)."));
  g_assert_nonnull (strstr (html, "class=\"validation illegal\""));
  g_assert_nonnull (strstr (txt, validation));
  g_assert_null (strstr (txt, "Legal\n"));
  /* Without a title, the list is named after its file. */
  g_assert_cmpstr (list->title, ==, "test");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    {
      g_autofree char *path = g_strdup_printf ("/list-export/golden/%s", samples[s]);

      g_test_add_data_func (path, samples[s], test_golden);
    }
  g_test_add_func ("/list-export/headline", test_headline);
  g_test_add_func ("/list-export/glossary-once", test_glossary_once);
  g_test_add_func ("/list-export/html-well-formed", test_html_well_formed);
  g_test_add_func ("/list-export/escaping", test_escaping);
  g_test_add_func ("/list-export/validation", test_validation);

  return g_test_run ();
}
