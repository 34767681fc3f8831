/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "muster-bs-data.h"
#include "muster-cli-bs-xml.h"
#include "muster-engine-error.h"

/* The conformance adapter's JSON -> BattleScribe XML, read back by the engine's loader. */

static const char game_system_json[] =
  "{\"id\": \"gs-1\", \"name\": \"Test System\","
  " \"costTypes\": [{\"id\": \"pts\", \"name\": \"pts\", \"defaultCostLimit\": -1}],"
  " \"categoryEntries\": [{\"id\": \"cat-hq\", \"name\": \"HQ\"}],"
  " \"forceEntries\": [{\"id\": \"fe-1\", \"name\": \"Patrol\","
  "   \"categoryLinks\": [{\"id\": \"cl-1\", \"targetId\": \"cat-hq\", \"name\": \"HQ\"}]}]}";

static const char catalogue_json[] =
  "{\"id\": \"cat-1\", \"name\": \"Test Catalogue\","
  " \"selectionEntries\": [{\"id\": \"se-1\", \"name\": \"Marine\", \"type\": \"model\","
  "   \"hidden\": false,"
  "   \"costs\": [{\"name\": \"pts\", \"typeId\": \"pts\", \"value\": 0.1}],"
  "   \"constraints\": [{\"id\": \"con-1\", \"type\": \"max\", \"value\": 3,"
  "     \"field\": \"selections\", \"scope\": \"force\", \"shared\": true}],"
  "   \"modifiers\": [{\"type\": \"increment\", \"field\": \"pts\", \"value\": 2,"
  "     \"repeats\": [{\"value\": 1, \"repeats\": 1, \"field\": \"selections\","
  "       \"scope\": \"force\", \"childId\": \"se-1\", \"roundUp\": false}]}],"
  "   \"profiles\": [{\"id\": \"pr-1\", \"name\": \"Marine\", \"typeId\": \"pt-1\","
  "     \"typeName\": \"Unit\", \"characteristics\": [{\"name\": \"M\", \"typeId\": \"ct-m\","
  "       \"value\": \"6\\\"\"}]}],"
  "   \"rules\": [{\"id\": \"ru-1\", \"name\": \"Fearless\", \"description\": \"Immune\"}]},"
  "  {\"id\": \"se-2\", \"name\": \"Squad\", \"type\": \"unit\"}],"
  " \"sharedSelectionEntryGroups\": [{\"id\": \"g-1\", \"name\": \"Weapons\"}]}";

static GBytes *
convert (const char  *json,
         const char  *root,
         GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  return muster_cli_bs_xml_from_json (json_node_get_object (json_parser_get_root (parser)),
                                      root, "gs-1", error);
}

static char *
text_of (GBytes *bytes)
{
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static void
test_catalogue_xml (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = convert (catalogue_json, "catalogue", &error);
  g_autofree char *xml = NULL;

  g_assert_no_error (error);
  xml = text_of (bytes);
  /* The names of the format, lists in the plural holding items in the singular. */
  g_assert_nonnull (strstr (xml, "<catalogue xmlns=\"http://www.battlescribe.net/schema/"
                                 "catalogueSchema\" id=\"cat-1\" name=\"Test Catalogue\""));
  g_assert_nonnull (strstr (xml, "gameSystemId=\"gs-1\""));
  g_assert_nonnull (strstr (xml, "<costs><cost name=\"pts\" typeId=\"pts\" value=\"0.1\"/>"
                                 "</costs>"));
  g_assert_nonnull (strstr (xml, "<constraint id=\"con-1\" type=\"max\" value=\"3\" "
                                 "field=\"selections\" scope=\"force\" shared=\"true\"/>"));
  g_assert_nonnull (strstr (xml, "<characteristic name=\"M\" typeId=\"ct-m\">6\"</"
                                 "characteristic>"));
  g_assert_nonnull (strstr (xml, "<rule id=\"ru-1\" name=\"Fearless\"><description>Immune"
                                 "</description></rule>"));
  g_assert_nonnull (strstr (xml, "<sharedSelectionEntryGroups><selectionEntryGroup id=\"g-1\""));
  /* A scalar named like a list ("repeats" of a repeat) stays an attribute. */
  g_assert_nonnull (strstr (xml, "<repeats><repeat value=\"1\" repeats=\"1\""));
}

static void
test_loads (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) gst = convert (game_system_json, "gameSystem", &error);
  g_autoptr(GBytes) cat = convert (catalogue_json, "catalogue", &error);
  g_autoptr(MusterBsData) data = muster_bs_data_new ();
  const MusterBsNode *entry, *cost, *rule, *ch, *limit;

  g_assert_true (muster_bs_data_add_bytes (data, "gs-1.gst", gst, &error));
  g_assert_no_error (error);
  g_assert_true (muster_bs_data_add_bytes (data, "cat-1.cat", cat, &error));
  g_assert_no_error (error);
  g_assert_true (muster_bs_data_resolve (data, &error));
  g_assert_no_error (error);

  g_assert_cmpstr (muster_bs_data_get_game_system (data)->name, ==, "Test System");
  entry = muster_bs_data_lookup (data, "se-1");
  g_assert_nonnull (entry);
  g_assert_cmpint (entry->kind, ==, MUSTER_BS_NODE_SELECTION_ENTRY);
  g_assert_cmpstr (entry->type, ==, "model");
  cost = muster_bs_node_find_child (entry, MUSTER_BS_NODE_COST, NULL);
  g_assert_nonnull (cost);
  g_assert_cmpfloat (cost->value, ==, 0.1);
  rule = muster_bs_data_lookup (data, "ru-1");
  g_assert_cmpstr (rule->text, ==, "Immune");
  ch = muster_bs_node_find_child (muster_bs_data_lookup (data, "pr-1"),
                                  MUSTER_BS_NODE_CHARACTERISTIC, NULL);
  g_assert_cmpstr (ch->text, ==, "6\"");
  limit = muster_bs_data_lookup (data, "pts");
  g_assert_cmpfloat (limit->value, ==, -1);
  g_assert_cmpint (muster_bs_data_lookup (data, "g-1")->place, ==, MUSTER_BS_IN_SHARED);
}

static void
test_not_an_object (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = convert ("{\"id\": \"cat-1\", \"selectionEntries\": "
                                     "[{\"id\": \"se-1\", \"costs\": [{\"value\": 1}, 5]}]}",
                                     "catalogue", &error);

  g_assert_null (bytes);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==,
                   "catalogue “cat-1”: selectionEntries[0].costs[1]: not an object");
}

static void
test_no_id (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = convert ("{\"name\": \"Nameless\"}", "gameSystem", &error);

  g_assert_null (bytes);
  g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==, "gameSystem without an id");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/bs-xml/catalogue", test_catalogue_xml);
  g_test_add_func ("/cli/bs-xml/loads", test_loads);
  g_test_add_func ("/cli/bs-xml/not-an-object", test_not_an_object);
  g_test_add_func ("/cli/bs-xml/no-id", test_no_id);
  return g_test_run ();
}
