/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-engine.h"

static const char * const shipped[] = {
  "battle-valor-fantasy", "horse-and-musket", "medals-of-valor", "standards-of-valor",
  "undying-lands", NULL
};

static char *
shipped_dir (void)
{
  return g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets", NULL);
}

static MusterRuleset *
ruleset_from_string (const char  *text,
                     GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  return muster_ruleset_new_from_bytes (bytes, "inline.xml", error);
}

static void
test_ruleset_header (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterRuleset) ruleset = ruleset_from_string (
    "<ruleset format='1' id='my-bvf' version='3' extends='battle-valor-fantasy'>"
    "<name> Club BVF </name><book>Club book</book><summary>Ours</summary></ruleset>", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (muster_ruleset_get_id (ruleset), ==, "my-bvf");
  g_assert_cmpstr (muster_ruleset_get_name (ruleset), ==, "Club BVF");
  g_assert_cmpstr (muster_ruleset_get_version (ruleset), ==, "3");
  g_assert_cmpstr (muster_ruleset_get_book (ruleset), ==, "Club book");
  g_assert_cmpstr (muster_ruleset_get_summary (ruleset), ==, "Ours");
  g_assert_cmpstr (muster_ruleset_get_extends (ruleset), ==, "battle-valor-fantasy");
  g_assert_true (muster_ruleset_is_house (ruleset));
  g_assert_null (muster_ruleset_get_path (ruleset));
}

static void
test_ruleset_header_errors (void)
{
  static const struct {
    const char *text;
    int code;
    const char *message;
  } cases[] = {
    { "<rules format='1' id='a' version='1'><name>A</name></rules>",
      MUSTER_ENGINE_ERROR_INVALID_RULESET, "inline.xml:1: the root element is <rules>" },
    { "<ruleset id='a' version='1'><name>A</name></ruleset>",
      MUSTER_ENGINE_ERROR_INVALID_RULESET, "inline.xml:1: <ruleset> has no format" },
    { "<ruleset format='2' id='a' version='1'><name>A</name></ruleset>",
      MUSTER_ENGINE_ERROR_UNSUPPORTED_VERSION, "inline.xml:1: ruleset format 2 is newer" },
    { "<ruleset format='x' id='a' version='1'><name>A</name></ruleset>",
      MUSTER_ENGINE_ERROR_INVALID_FILE, "inline.xml:1: attribute format of <ruleset>" },
    { "<ruleset format='1' id='A b' version='1'><name>A</name></ruleset>",
      MUSTER_ENGINE_ERROR_INVALID_RULESET, "inline.xml:1: ruleset id \"A b\"" },
    { "<ruleset format='1' id='a'><name>A</name></ruleset>",
      MUSTER_ENGINE_ERROR_INVALID_RULESET, "inline.xml:1: ruleset \"a\" has no version" },
    { "<ruleset format='1' id='a' version='1'>\n</ruleset>",
      MUSTER_ENGINE_ERROR_INVALID_RULESET, "inline.xml:1: ruleset \"a\" has no <name>" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MusterRuleset) ruleset = ruleset_from_string (cases[i].text, &error);

      g_assert_null (ruleset);
      g_assert_error (error, MUSTER_ENGINE_ERROR, cases[i].code);
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_error ("case %u: “%s” does not start with “%s”", i, error->message, cases[i].message);
    }
}

static void
test_catalog_shipped (void)
{
  g_autofree char *dir = shipped_dir ();
  g_autoptr(MusterCatalog) catalog = muster_catalog_new ();

  muster_catalog_scan_dir (catalog, dir);
  g_assert_cmpuint (muster_catalog_get_problems (catalog)->len, ==, 0);
  g_assert_cmpuint (muster_catalog_get_n_rulesets (catalog), ==, g_strv_length ((char **) shipped));

  for (guint i = 0; shipped[i]; i++)
    {
      MusterRuleset *ruleset = muster_catalog_lookup (catalog, shipped[i]);

      g_assert_nonnull (ruleset);
      g_assert_false (muster_ruleset_is_house (ruleset));
      g_assert_cmpstr (muster_ruleset_get_book (ruleset), !=, "");
      g_assert_true (g_str_has_suffix (muster_ruleset_get_path (ruleset), ".xml"));
    }

  /* Sorted by name, not by file name. */
  for (guint i = 1; i < muster_catalog_get_n_rulesets (catalog); i++)
    g_assert_cmpint (g_utf8_collate (
                       muster_ruleset_get_name (muster_catalog_get_ruleset (catalog, i - 1)),
                       muster_ruleset_get_name (muster_catalog_get_ruleset (catalog, i))), <, 0);
  g_assert_null (muster_catalog_lookup (catalog, "warhammer"));
}

static void
test_catalog_precedence (void)
{
  g_autofree char *house = g_build_filename (MUSTER_TEST_DATA, "rulesets-house", NULL);
  g_autofree char *dir = shipped_dir ();
  g_autoptr(MusterCatalog) catalog = muster_catalog_new ();
  MusterRuleset *ruleset;

  /* Earlier directories win: a user's copy shadows the shipped ruleset of the same id. */
  muster_catalog_scan_dir (catalog, house);
  muster_catalog_scan_dir (catalog, dir);

  g_assert_cmpuint (muster_catalog_get_n_rulesets (catalog), ==, 6);
  ruleset = muster_catalog_lookup (catalog, "standards-of-valor");
  g_assert_cmpstr (muster_ruleset_get_version (ruleset), ==, "user-copy");
  ruleset = muster_catalog_lookup (catalog, "my-sov");
  g_assert_true (muster_ruleset_is_house (ruleset));
  g_assert_cmpstr (muster_ruleset_get_extends (ruleset), ==, "standards-of-valor");
}

static void
test_catalog_problems_do_not_stop_the_scan (void)
{
  g_autofree char *broken = g_build_filename (MUSTER_TEST_DATA, "rulesets-broken", NULL);
  g_autoptr(MusterCatalog) catalog = muster_catalog_new ();
  const GPtrArray *problems;

  muster_catalog_scan_dir (catalog, broken);
  problems = muster_catalog_get_problems (catalog);

  g_assert_cmpuint (muster_catalog_get_n_rulesets (catalog), ==, 1);
  g_assert_nonnull (muster_catalog_lookup (catalog, "good"));
  g_assert_cmpuint (problems->len, ==, 4);
  /* Files are read in name order; every problem names its file and line. */
  g_assert_true (g_str_has_suffix (((GError *) problems->pdata[0])->message,
                                   "Opening and ending tag mismatch: name line 3 and ruleset"));
  g_assert_nonnull (strstr (((GError *) problems->pdata[0])->message, "aaa-broken.xml:4: "));
  g_assert_nonnull (strstr (((GError *) problems->pdata[1])->message, "bad-id.xml:2: "));
  g_assert_nonnull (strstr (((GError *) problems->pdata[2])->message, "future.xml:2: "));
  g_assert_nonnull (strstr (((GError *) problems->pdata[3])->message, "no-name.xml:2: "));
}

static void
test_catalog_default_dirs (void)
{
  g_auto(GStrv) dirs = NULL;

  g_setenv ("MUSTER_RULESETS_PATH", "/tmp/one:/tmp/two", TRUE);
  dirs = muster_catalog_default_dirs ();
  g_assert_cmpuint (g_strv_length (dirs), ==, 4);
  g_assert_cmpstr (dirs[0], ==, "/tmp/one");
  g_assert_cmpstr (dirs[1], ==, "/tmp/two");
  g_assert_true (g_str_has_suffix (dirs[2], "/muster/rulesets"));
  g_assert_cmpstr (dirs[3], ==, PKGDATADIR "/rulesets");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/ruleset/header", test_ruleset_header);
  g_test_add_func ("/engine/ruleset/header-errors", test_ruleset_header_errors);
  g_test_add_func ("/engine/catalog/shipped", test_catalog_shipped);
  g_test_add_func ("/engine/catalog/precedence", test_catalog_precedence);
  g_test_add_func ("/engine/catalog/problems", test_catalog_problems_do_not_stop_the_scan);
  g_test_add_func ("/engine/catalog/default-dirs", test_catalog_default_dirs);

  return g_test_run ();
}
