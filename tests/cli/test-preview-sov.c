/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "cli-test-util.h"

/*
 * muster-cli on Standards of Valor: the book's fire example gives the digest's exact numbers,
 * one seed gives one simulated result, and the sample cohort costs what the formula says.
 */

static void
test_preview_sov_fire (void)
{
  /* §4.8: 12 Regular short bows at 9" against a Shield Wall; the digest's oracle reads the
   * target as not in Close Order: D8 + D12 against D10, D6 Impact against D6 armour. */
  const char * const args[] = {
    "preview", "standards-of-valor", "fire", "quality=regular", "weapon=short-bow", "figures=12",
    "distance=9", "target-formation=open", "shield-wall=yes", "armour=light", "--json", NULL
  };
  g_autofree char *out = cli_stdoutv (args);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;

  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_get_boolean_member (root, "exact"));
  g_assert_cmpfloat_with_epsilon (preview_p (root, "result", NULL, 1), 89 / 240.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (preview_p (root, "result", NULL, 2), 11 / 30.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (preview_p (root, "result", NULL, 3), 21 / 80.0, 1e-12);

  /* The result is a category ("Suppression"), casualties a count: only a count has a mean
   * and chances of at least or at most, in JSON and in text alike */
  {
    JsonArray *outputs = json_object_get_array_member (root, "outputs");
    const char * const text_args[] = {
      "preview", "standards-of-valor", "fire", "quality=regular", "weapon=short-bow",
      "figures=12", "distance=9", "target-formation=open", "shield-wall=yes", "armour=light", NULL
    };
    g_autofree char *text = cli_stdoutv (text_args);

    for (guint i = 0; i < json_array_get_length (outputs); i++)
      {
        JsonObject *output = json_array_get_object_element (outputs, i);
        JsonObject *first = json_array_get_object_element (json_object_get_array_member (output,
                                                                                         "values"), 0);
        gboolean result = g_str_equal (json_object_get_string_member (output, "id"), "result");

        g_assert_cmpstr (json_object_get_string_member (output, "kind"), ==,
                         result ? "categories" : "count");
        g_assert_true (json_object_get_null_member (output, "mean") == result);
        g_assert_true (json_object_get_null_member (first, "at_least") == result);
      }
    const char *heads = strstr (text, "Result  (categories)\n");

    g_assert_nonnull (heads);
    heads = strchr (heads, '\n') + 1;
    g_assert_true (g_str_has_prefix (heads, "  value "));
    g_assert_true (strstr (heads, "P(=)\n") < strstr (heads, "\n") + 1);
    g_assert_true (strstr (heads, "P(≥)") > strstr (heads, "Suppression markers"));
    g_assert_nonnull (strstr (text, "Casualties  (mean "));
  }
}

static void
test_preview_sov_confidence (void)
{
  /* The Confidence Test example: Regular LV2 at TL 2 fails two levels on 1–2 of a D8. */
  const char * const args[] = {
    "preview", "standards-of-valor", "confidence-test", "lv=2", "circumstance=none",
    "extra-tl=2", "--json", NULL
  };
  g_autofree char *out = cli_stdoutv (args);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;

  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpfloat_with_epsilon (preview_p (root, "cl-loss", NULL, 2), 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (preview_p (root, "cl-loss", NULL, 0), 0.5, 1e-12);
}

static void
test_preview_sov_weather (void)
{
  /* §4.12.9: D6 + 5 is always 6 or more, so less 5: one to six dust clouds alike */
  const char * const dust[] = {
    "preview", "standards-of-valor", "dust", "wind=5", "--json", NULL
  };
  /* §4.12.7: a Greek fire marker cannot go out at the end of its first turn */
  const char * const greek[] = {
    "preview", "standards-of-valor", "flames", "markers=1", "turns=1", "greek-fire=yes",
    "--json", NULL
  };
  const char * const calm[] = { "preview", "standards-of-valor", "dust", "wind=0", NULL };
  g_autofree char *dust_out = cli_stdoutv (dust);
  g_autofree char *greek_out = cli_stdoutv (greek);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(Run) run = { 0 };
  JsonObject *root;

  g_assert_true (json_parser_load_from_data (parser, dust_out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  for (int c = 1; c <= 6; c++)
    g_assert_cmpfloat_with_epsilon (preview_p (root, "clouds", NULL, c), 1 / 6.0, 1e-12);
  g_assert_true (json_parser_load_from_data (parser, greek_out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpfloat_with_epsilon (preview_p (root, "burning", NULL, 0), 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (preview_p (root, "burning", NULL, 2), 1 / 6.0, 1e-12);
  /* no dust in a calm */
  run_cliv (&run, NULL, calm);
  g_assert_cmpint (run.status, !=, 0);
  g_assert_nonnull (strstr (run.err, "wind"));
}

static void
test_simulate_sov_seed (void)
{
  const char * const args[] = {
    "simulate", "standards-of-valor", "close-assault", "--trials", "20000", "--seed", "42",
    "--json", NULL
  };
  g_autofree char *first = cli_stdoutv (args);
  g_autofree char *second = cli_stdoutv (args);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;

  g_assert_cmpstr (first, ==, second);
  g_assert_true (json_parser_load_from_data (parser, first, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_false (json_object_get_boolean_member (root, "exact"));
  g_assert_cmpint (json_object_get_int_member (root, "trials"), ==, 20000);
}

static void
test_cost_sov_sample (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            "standards-of-valor-punitive-cohort.muster", NULL);
  const char * const args[] = { "cost", path, "--json", NULL };
  g_autofree char *out = cli_stdoutv (args);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *force;
  JsonArray *units;
  gboolean found = FALSE;

  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  force = json_array_get_object_element (json_object_get_array_member (
    json_node_get_object (json_parser_get_root (parser)), "forces"), 0);
  g_assert_cmpint (json_object_get_int_member (force, "total"), ==, 47544);
  g_assert_false (json_object_get_boolean_member (force, "over_limit"));
  units = json_object_get_array_member (force, "units");
  for (guint i = 0; i < json_array_get_length (units); i++)
    {
      JsonObject *unit = json_array_get_object_element (units, i);

      /* The First Century: (6 + 10 + 2 + 16 + 2) × 4 × 4 = 576 per figure, 20 figures. */
      if (g_strcmp0 (json_object_get_string_member (unit, "id"), "u2") == 0)
        {
          g_assert_cmpint (json_object_get_int_member (unit, "cost"), ==, 20 * 576);
          found = TRUE;
        }
    }
  g_assert_true (found);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (argc < 2)
    g_error ("usage: test-preview-sov PATH-TO-MUSTER-CLI");
  cli_path = argv[1];

  g_test_add_func ("/cli/preview/sov-fire", test_preview_sov_fire);
  g_test_add_func ("/cli/preview/sov-confidence", test_preview_sov_confidence);
  g_test_add_func ("/cli/preview/sov-weather", test_preview_sov_weather);
  g_test_add_func ("/cli/simulate/sov-seed", test_simulate_sov_seed);
  g_test_add_func ("/cli/cost/sov-sample", test_cost_sov_sample);

  return g_test_run ();
}
