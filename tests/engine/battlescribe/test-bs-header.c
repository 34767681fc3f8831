/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-bs-header.h"
#include "muster-bs-zip.h"
#include "muster-engine-error.h"

static GBytes *
bytes_of (const char *text)
{
  return g_bytes_new_static (text, strlen (text));
}

static void
test_header_catalogue (void)
{
  g_autoptr(GBytes) bytes =
    bytes_of ("<?xml version='1.0'?>\n<!-- a comment first -->\n"
              "<catalogue xmlns='http://www.battlescribe.net/schema/catalogueSchema' "
              "id='c1' name='Army &amp; Co' revision='42' gameSystemId='gs' "
              "gameSystemRevision='7' library='true'><selectionEntries/></catalogue>");
  g_auto(MusterBsHeader) header = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (muster_bs_header_read (&header, "a.cat", bytes, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (header.element, ==, "catalogue");
  g_assert_cmpstr (header.id, ==, "c1");
  g_assert_cmpstr (header.name, ==, "Army & Co");
  g_assert_cmpint (header.revision, ==, 42);
  g_assert_cmpstr (header.game_system_id, ==, "gs");
  g_assert_cmpint (header.game_system_revision, ==, 7);
  g_assert_true (header.library);
}

/* A roster names the data it needs; zipped, the same. */
static void
test_header_roster_zipped (void)
{
  g_autoptr(GBytes) xml =
    bytes_of ("<roster id='r' name='List' gameSystemId='gs' gameSystemName='Game' "
              "gameSystemRevision='12'/>");
  g_autoptr(GBytes) zip = NULL;
  g_auto(MusterBsHeader) header = { 0 };
  g_autoptr(GError) error = NULL;

  zip = muster_bs_zip_store ("List.ros", xml, &error);
  g_assert_no_error (error);
  g_assert_true (muster_bs_header_read (&header, "List.rosz", zip, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (header.element, ==, "roster");
  g_assert_cmpstr (header.game_system_name, ==, "Game");
  g_assert_cmpint (header.game_system_revision, ==, 12);
  g_assert_cmpint (header.revision, ==, 0);
  g_assert_false (header.library);
}

static void
test_header_bad (void)
{
  const char *bad[][2] = {
    { "", "x.cat:1: the file is empty" },
    { "<muster/>", "x.cat:1: <muster> is not a BattleScribe game system, catalogue or roster" },
    { "not xml at all", "x.cat:1: the file is not well-formed XML" },
    { "<!DOCTYPE x [<!ENTITY a 'b'>]><catalogue id='c'/>", "x.cat:1: DOCTYPE" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GBytes) bytes = bytes_of (bad[i][0]);
      g_auto(MusterBsHeader) header = { 0 };
      g_autoptr(GError) error = NULL;

      g_assert_false (muster_bs_header_read (&header, "x.cat", bytes, &error));
      g_assert_nonnull (error);
      g_assert_true (g_str_has_prefix (error->message, bad[i][1]));
      g_assert_null (header.element);
    }
}

/* A header in bytes its declared encoding cannot convert: refused, and libxml2 says nothing on
 * standard error (the library scans every file of a folder this way) */
static void
test_header_bad_bytes_quiet (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GBytes) bytes =
        bytes_of ("<?xml version='1.0' encoding='EUC-JP'?>\n"
                  "<catalogue id='c' name='\xe7\x9d\x9e\x8b\xff\xff' gameSystemId='gs'/>\n");
      g_auto(MusterBsHeader) header = { 0 };
      g_autoptr(GError) error = NULL;

      g_assert_false (muster_bs_header_read (&header, "x.cat", bytes, &error));
      g_assert_nonnull (error);
      /* bytes that make libxml2 guess UCS-4 as the reader is made, then fail to convert */
      {
        static const char ucs4[] = "<\0\0\0\0\0\0\0";
        g_autoptr(GBytes) guessed = g_bytes_new_static (ucs4, sizeof ucs4 - 1);
        g_auto(MusterBsHeader) again = { 0 };
        g_autoptr(GError) again_error = NULL;

        g_assert_false (muster_bs_header_read (&again, "x.cat", guessed, &again_error));
      }
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bs-header/catalogue", test_header_catalogue);
  g_test_add_func ("/bs-header/roster-zipped", test_header_roster_zipped);
  g_test_add_func ("/bs-header/bad", test_header_bad);
  g_test_add_func ("/bs-header/bad-bytes-quiet", test_header_bad_bytes_quiet);
  return g_test_run ();
}
