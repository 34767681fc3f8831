/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "army-fixture.h"
#include "muster-catalogue-model.h"

static MusterCatalogueItem *
find (GListModel *model,
      const char *id)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MusterCatalogueItem) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (muster_catalogue_item_get_id (item), id) == 0)
        return item;   /* the model keeps it */
    }
  return NULL;
}

static void
test_items (void)
{
  g_autoptr(MusterRuleset) ruleset = muster_catalog_resolve (catalog, "battle-valor-fantasy", NULL);
  MusterCatalogueModel *catalogue = muster_catalogue_model_new (ruleset);
  GListModel *model = G_LIST_MODEL (catalogue);
  MusterCatalogueItem *infantry;
  g_autoptr(MusterUnit) unit = muster_unit_new_for_type (ruleset, "infantry");
  MusterCost cost = { 0 };

  g_assert_cmpuint (g_list_model_get_n_items (model), ==,
                    muster_ruleset_list (ruleset, MUSTER_ITEM_UNIT_TYPE)->len);
  infantry = find (model, "infantry");
  g_assert_nonnull (infantry);
  g_assert_cmpstr (muster_catalogue_item_get_name (infantry), ==, "Infantry");
  g_assert_cmpstr (muster_catalogue_item_get_category_name (infantry), ==, "Infantry");
  g_assert_cmpstr (muster_catalogue_item_get_stats (infantry), ==, "MR 4 · A 4 · Arm 0");
  /* The base cost is the cost of a default unit. */
  g_assert_true (muster_system_unit_cost (ruleset, NULL, unit, &cost));
  g_assert_cmpint (muster_catalogue_item_get_cost (infantry), ==, cost.value);
  g_assert_cmpint (cost.value, >, 0);
  muster_cost_clear (&cost);

  g_assert_finalize_object (catalogue);
}

static void
test_filters (void)
{
  g_autoptr(MusterRuleset) ruleset = muster_catalog_resolve (catalog, "battle-valor-fantasy", NULL);
  MusterCatalogueModel *catalogue = muster_catalogue_model_new (ruleset);
  GListModel *model = G_LIST_MODEL (catalogue);
  guint all = g_list_model_get_n_items (model);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autofree char *expected = NULL;
  guint n;

  g_signal_connect (model, "items-changed", G_CALLBACK (army_fixture_log_items_changed), log);

  /* Case-insensitive, on the name or the category's name. */
  muster_catalogue_model_set_search_text (catalogue, "CAVAL");
  n = g_list_model_get_n_items (model);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, <, all);
  g_assert_nonnull (find (model, "cavalry"));
  g_assert_null (find (model, "infantry"));
  expected = g_strdup_printf ("(0,%u,%u)", all, n);
  g_assert_cmpstr (log->str, ==, expected);

  /* Both filters hold at once. */
  muster_catalogue_model_set_search_text (catalogue, NULL);
  muster_catalogue_model_set_category (catalogue, "general");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
  g_assert_nonnull (find (model, "general"));
  muster_catalogue_model_set_search_text (catalogue, "cav");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);

  muster_catalogue_model_set_category (catalogue, NULL);
  muster_catalogue_model_set_search_text (catalogue, "");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, all);
  g_assert_null (muster_catalogue_model_get_search_text (catalogue));

  g_assert_finalize_object (catalogue);
}

int
main (int   argc,
      char *argv[])
{
  army_fixture_init (&argc, &argv);

  g_test_add_func ("/catalogue-model/items", test_items);
  g_test_add_func ("/catalogue-model/filters", test_filters);

  return army_fixture_run ();
}
