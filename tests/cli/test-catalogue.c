/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "cli-test-util.h"
#include "muster-bs-zip.h"

/* muster-cli catalogue: a folder of BattleScribe data listed, as text and JSON, and the
 * folders it cannot read. */

static char *
fixture_dir (void)
{
  return g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "tests", "data", "battlescribe",
                           NULL);
}

/* A temporary folder holding the fixture game system and the catalogue @name with @text. */
static char *
folder_with_catalogue (const char *name,
                       const char *text)
{
  g_autofree char *fixtures = fixture_dir ();
  g_autofree char *gst_src = g_build_filename (fixtures, "skirmish.gst", NULL);
  g_autofree char *cat = write_temp (name, text);
  g_autofree char *dir = g_path_get_dirname (cat);
  g_autofree char *gst = g_build_filename (dir, "skirmish.gst", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (gst_src, &contents, NULL, &error));
  g_assert_true (g_file_set_contents (gst, contents, -1, &error));
  return g_steal_pointer (&dir);
}

static void
remove_folder (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

static void
test_catalogue_help (void)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) top = { 0 };

  run_cli (&run, NULL, "catalogue", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--json"));
  g_assert_nonnull (strstr (run.out, "Exit status: 0 read, 2 when"));
  run_cli (&top, NULL, "--help", NULL);
  g_assert_nonnull (strstr (top.out, "catalogue"));
}

static void
test_catalogue_text (void)
{
  g_autofree char *dir = fixture_dir ();
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "catalogue", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==,
                   "Muster Skirmish — game system ms-gs, skirmish.gst\n"
                   "Cost types: pts, CP\n"
                   "\n"
                   "Forces:\n"
                   "  Patrol [ms-patrol]: HQ, Troops\n"
                   "\n"
                   "Catalogues:\n"
                   "  Test Legion [ms-legion] skirmish-legion.cat\n"
                   "    Captain (unit) [ms-captain]\n"
                   "    Squad (unit) [ms-squad]\n"
                   "  Test Weapon Teams [ms-weapon-teams] skirmish-weapon-teams.cat\n"
                   "    Gun Team (unit) [ms-gun-team]\n");
  g_assert_cmpstr (run.err, ==, "");
}

static void
test_catalogue_json (void)
{
  g_autofree char *dir = fixture_dir ();
  g_autofree char *out = cli_stdout ("catalogue", dir, "--json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = parse_object (parser, out);
  JsonObject *gst = json_object_get_object_member (root, "game_system");
  JsonArray *costs = json_object_get_array_member (gst, "cost_types");
  JsonArray *forces = json_object_get_array_member (root, "forces");
  JsonArray *catalogues = json_object_get_array_member (root, "catalogues");
  JsonObject *force, *cat, *entry;

  g_assert_cmpstr (json_object_get_string_member (root, "folder"), ==, dir);
  g_assert_cmpstr (json_object_get_string_member (gst, "id"), ==, "ms-gs");
  g_assert_cmpstr (json_object_get_string_member (gst, "name"), ==, "Muster Skirmish");
  g_assert_cmpstr (json_object_get_string_member (gst, "file"), ==, "skirmish.gst");
  g_assert_cmpuint (json_array_get_length (costs), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (costs, 1), "name"),
                   ==, "CP");
  g_assert_true (json_object_get_null_member (json_array_get_object_element (costs, 0),
                                              "default_limit"));

  g_assert_cmpuint (json_array_get_length (forces), ==, 1);
  force = json_array_get_object_element (forces, 0);
  g_assert_cmpstr (json_object_get_string_member (force, "id"), ==, "ms-patrol");
  g_assert_false (json_object_get_boolean_member (force, "hidden"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (force, "categories")),
                    ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (force, "forces")), ==, 0);

  g_assert_cmpuint (json_array_get_length (catalogues), ==, 2);
  cat = json_array_get_object_element (catalogues, 0);
  g_assert_cmpstr (json_object_get_string_member (cat, "id"), ==, "ms-legion");
  g_assert_cmpstr (json_object_get_string_member (cat, "file"), ==, "skirmish-legion.cat");
  g_assert_false (json_object_get_boolean_member (cat, "library"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (cat, "entries")), ==, 2);
  entry = json_array_get_object_element (json_object_get_array_member (cat, "entries"), 1);
  g_assert_cmpstr (json_object_get_string_member (entry, "name"), ==, "Squad");
  g_assert_cmpstr (json_object_get_string_member (entry, "type"), ==, "unit");
  g_assert_true (json_object_get_null_member (entry, "target"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "problems")), ==, 0);
}

/* A library imported with its root entries, a root link to the game system's shared entry,
 * and a link to nothing: listed, and the dangling link reported as a problem. */
static void
test_catalogue_links (void)
{
  g_autofree char *dir = folder_with_catalogue ("links.cat",
    "<catalogue id='c-links' name='Links' gameSystemId='ms-gs'>\n"
    "  <catalogueLinks><catalogueLink id='cl' name='Legion' targetId='ms-legion'"
    " type='catalogue' importRootEntries='true'/></catalogueLinks>\n"
    "  <entryLinks>\n"
    "    <entryLink id='el-bolter' targetId='ms-bolter' type='selectionEntry'/>\n"
    "    <entryLink id='el-none' name='Ghost' targetId='no-such' type='selectionEntry'/>\n"
    "  </entryLinks>\n"
    "</catalogue>\n");
  g_autofree char *legion = g_build_filename (dir, "skirmish-legion.cat", NULL);
  g_autofree char *fixtures = fixture_dir ();
  g_autofree char *legion_src = g_build_filename (fixtures, "skirmish-legion.cat", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *links, *bolter;
  JsonArray *problems;

  g_assert_true (g_file_get_contents (legion_src, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (legion, contents, -1, NULL));
  out = cli_stdout ("catalogue", dir, "--json", NULL);
  root = parse_object (parser, out);
  links = json_array_get_object_element (json_object_get_array_member (root, "catalogues"), 0);
  g_assert_cmpstr (json_object_get_string_member (links, "id"), ==, "c-links");
  g_assert_true (json_object_get_boolean_member (
                   json_array_get_object_element (
                     json_object_get_array_member (links, "imports"), 0), "root_entries"));
  bolter = json_array_get_object_element (json_object_get_array_member (links, "entries"), 0);
  g_assert_cmpstr (json_object_get_string_member (bolter, "name"), ==, "Bolter");
  g_assert_cmpstr (json_object_get_string_member (bolter, "type"), ==, "upgrade");
  g_assert_cmpstr (json_object_get_string_member (bolter, "target"), ==, "ms-bolter");
  g_assert_true (json_object_get_null_member (
                   json_array_get_object_element (
                     json_object_get_array_member (links, "entries"), 1), "type"));
  problems = json_object_get_array_member (root, "problems");
  g_assert_cmpuint (json_array_get_length (problems), ==, 1);
  g_assert_nonnull (strstr (json_array_get_string_element (problems, 0),
                            "links.cat:5: link el-none: its target no-such does not exist"));

  {
    g_autofree char *text = cli_stdout ("catalogue", dir, NULL);

    g_assert_nonnull (strstr (text, "    imports Legion [ms-legion] with its root entries\n"
                                    "    Bolter (upgrade) [el-bolter]\n"
                                    "    Ghost (?) [el-none]\n"));
    g_assert_nonnull (strstr (text, "\n1 problem:\n  "));
  }
  remove_folder (dir);
}

/* Writes @src zipped as @dest, its one member named as @src. */
static void
zip_file (const char *src,
          const char *dest)
{
  g_autofree char *contents = NULL;
  g_autofree char *member = g_path_get_basename (src);
  g_autoptr(GBytes) xml = NULL;
  g_autoptr(GBytes) zip = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (src, &contents, &length, &error));
  xml = g_bytes_new_take (g_steal_pointer (&contents), length);
  zip = muster_bs_zip_store (member, xml, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (dest, g_bytes_get_data (zip, NULL), g_bytes_get_size (zip),
                                      &error));
}

/* The fixtures zipped, as .gstz and .catz: the same listing. */
static void
test_catalogue_zipped (void)
{
  g_autofree char *fixtures = fixture_dir ();
  g_autofree char *dir = g_dir_make_tmp ("muster-cli-XXXXXX", NULL);
  g_autofree char *gst = g_build_filename (fixtures, "skirmish.gst", NULL);
  g_autofree char *cat = g_build_filename (fixtures, "skirmish-legion.cat", NULL);
  g_autofree char *gstz = g_build_filename (dir, "skirmish.gstz", NULL);
  g_autofree char *catz = g_build_filename (dir, "skirmish-legion.catz", NULL);
  g_autofree char *teams = g_build_filename (fixtures, "skirmish-weapon-teams.cat", NULL);
  g_autofree char *teamsz = g_build_filename (dir, "skirmish-weapon-teams.catz", NULL);
  g_autofree char *plain = cli_stdout ("catalogue", fixtures, NULL);
  g_autofree char *zipped = NULL;

  zip_file (gst, gstz);
  zip_file (cat, catz);
  zip_file (teams, teamsz);
  zipped = cli_stdout ("catalogue", dir, NULL);
  g_assert_nonnull (strstr (zipped, "skirmish-legion.catz\n    Captain (unit) [ms-captain]\n"));
  /* Only the file names differ. */
  {
    g_autoptr(GString) expected = g_string_new (plain);

    g_string_replace (expected, "skirmish.gst", "skirmish.gstz", 0);
    g_string_replace (expected, "skirmish-legion.cat", "skirmish-legion.catz", 0);
    g_string_replace (expected, "skirmish-weapon-teams.cat", "skirmish-weapon-teams.catz", 0);
    g_assert_cmpstr (zipped, ==, expected->str);
  }
  remove_folder (dir);
}

/* Folders that cannot be read: exit status 2 and a message naming the file and line. */
static void
test_catalogue_errors (void)
{
  g_autofree char *broken = folder_with_catalogue ("broken.cat",
    "<catalogue id='c' name='Broken' gameSystemId='ms-gs'>\n<selectionEntries>\n</catalogue>\n");
  g_autofree char *other = folder_with_catalogue ("other.cat",
    "<catalogue id='c' name='Other' gameSystemId='another-game'/>\n");
  g_autofree char *empty = g_dir_make_tmp ("muster-cli-XXXXXX", NULL);
  g_auto(Run) run = { 0 };

  run_cli (&run, NULL, "catalogue", broken, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "muster-cli catalogue: "));
  g_assert_nonnull (strstr (run.err, "broken.cat:3: Opening and ending tag mismatch"));

  run_cli (&run, NULL, "catalogue", other, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "other.cat:1: the catalogue is for game system another-game"));

  run_cli (&run, NULL, "catalogue", empty, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "muster-cli catalogue: "));

  run_cli (&run, NULL, "catalogue", "/nonexistent/muster", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "/nonexistent/muster"));

  run_cli (&run, NULL, "catalogue", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "which folder?"));

  remove_folder (broken);
  remove_folder (other);
  remove_folder (empty);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: %s MUSTER-CLI", argv[0]);
  cli_path = argv[1];

  g_test_add_func ("/cli/catalogue/help", test_catalogue_help);
  g_test_add_func ("/cli/catalogue/text", test_catalogue_text);
  g_test_add_func ("/cli/catalogue/json", test_catalogue_json);
  g_test_add_func ("/cli/catalogue/links", test_catalogue_links);
  g_test_add_func ("/cli/catalogue/zipped", test_catalogue_zipped);
  g_test_add_func ("/cli/catalogue/errors", test_catalogue_errors);

  return g_test_run ();
}
