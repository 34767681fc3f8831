/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "cli-test-util.h"

/*
 * muster-cli odds on the five systems' sample scenarios as they are saved: each procedure's
 * filled inputs, typed by hand into `preview` (or `simulate`, with the same trials and seed),
 * give the same distributions; the table's inputs carry their reasons; bad arguments are told.
 */

static char *
sample_path (const char *name)
{
  return g_strdup_printf ("%s/data/samples/%s.muster", g_getenv ("MUSTER_SOURCE_ROOT"), name);
}

/* "name=value" of an input of a preview's JSON "inputs" object */
static char *
assignment (JsonObject *inputs,
            const char *name)
{
  JsonNode *node = json_object_get_member (inputs, name);
  GType type = json_node_get_value_type (node);

  if (type == G_TYPE_BOOLEAN)
    return g_strdup_printf ("%s=%s", name, json_node_get_boolean (node) ? "yes" : "no");
  if (type == G_TYPE_STRING)
    return g_strdup_printf ("%s=%s", name, json_node_get_string (node));
  return g_strdup_printf ("%s=%" G_GINT64_FORMAT, name, json_node_get_int (node));
}

/* Runs `odds` on @sample's @acting and @target, checks each procedure against `preview` or
 * `simulate` with its inputs typed by hand, and returns how many inputs the table filled. */
static guint
check_sample (const char *sample,
              const char *acting,
              const char *target,
              const char *system)
{
  g_autofree char *file = sample_path (sample);
  g_autofree char *out = cli_stdout ("odds", file, acting, target, "--trials", "2000", "--json",
                                     NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = parse_object (parser, out);
  JsonArray *procedures = json_object_get_array_member (root, "procedures");
  guint from_table = 0;

  g_assert_cmpstr (json_object_get_string_member (root, "system"), ==, system);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "acting"),
                                                  "unit"), ==, acting);
  g_assert_cmpuint (json_array_get_length (procedures), >, 0);
  for (guint i = 0; i < json_array_get_length (procedures); i++)
    {
      JsonObject *procedure = json_array_get_object_element (procedures, i);
      JsonObject *inputs = json_object_get_object_member (procedure, "inputs");
      JsonArray *filled = json_object_get_array_member (procedure, "filled");
      gboolean exact = json_object_get_boolean_member (procedure, "exact");
      g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GList) names = json_object_get_members (inputs);
      g_autoptr(JsonParser) by_hand_parser = json_parser_new ();
      g_autofree char *by_hand_out = NULL;
      JsonObject *by_hand;

      g_ptr_array_add (args, g_strdup (exact ? "preview" : "simulate"));
      g_ptr_array_add (args, g_strdup (system));
      g_ptr_array_add (args, g_strdup (json_object_get_string_member (procedure, "procedure")));
      for (GList *l = names; l != NULL; l = l->next)
        g_ptr_array_add (args, assignment (inputs, l->data));
      if (!exact)
        {
          g_ptr_array_add (args, g_strdup ("--trials=2000"));
          g_ptr_array_add (args, g_strdup ("--seed=1"));
        }
      g_ptr_array_add (args, g_strdup ("--json"));
      g_ptr_array_add (args, NULL);
      by_hand_out = cli_stdoutv ((const char * const *) args->pdata);
      by_hand = parse_object (by_hand_parser, by_hand_out);
      if (!json_node_equal (json_object_get_member (by_hand, "outputs"),
                            json_object_get_member (procedure, "outputs")))
        g_error ("%s %s: the odds differ from %s with the same inputs", sample,
                 json_object_get_string_member (procedure, "procedure"),
                 (char *) args->pdata[0]);

      for (guint j = 0; j < json_array_get_length (filled); j++)
        {
          JsonObject *input = json_array_get_object_element (filled, j);
          const char *source = json_object_get_string_member (input, "source");

          if (g_str_equal (source, "ask"))
            g_assert_true (json_object_get_null_member (input, "reason"));
          else
            g_assert_cmpstr (json_object_get_string_member (input, "reason"), !=, "");
          from_table += g_str_equal (source, "table");
        }
    }
  return from_table;
}

static void
test_samples (void)
{
  g_assert_cmpuint (check_sample ("battle-valor-fantasy-cold-beck", "u5", "u43",
                                  "battle-valor-fantasy"), >, 0);
  g_assert_cmpuint (check_sample ("horse-and-musket-cemetery-ridge", "u3", "u54",
                                  "horse-and-musket"), >, 0);
  g_assert_cmpuint (check_sample ("medals-of-valor-saint-aubin", "u61", "u3",
                                  "medals-of-valor"), >, 0);
  g_assert_cmpuint (check_sample ("standards-of-valor-afon-ddu", "u5", "u24",
                                  "standards-of-valor"), >, 0);
  g_assert_cmpuint (check_sample ("undying-lands-twelve-squares", "u5", "u22",
                                  "undying-lands"), >, 0);
}

/* Cold Beck as saved: the crossbows' 2-rank line (front edge at y 160) and the archers' (front
 * edge at y 1040) overlap across the table, 880 mm apart: 34.6″, beyond the 24″ crossbow. */
static void
test_cold_beck_range (void)
{
  g_autofree char *file = sample_path ("battle-valor-fantasy-cold-beck");
  g_autofree char *out = cli_stdout ("odds", file, "u5", "u43", "--procedure", "missile-fire",
                                     "--json", NULL);
  g_autofree char *text = cli_stdout ("odds", file, "u5", "u43", "-p", "missile-fire", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = parse_object (parser, out);
  JsonArray *procedures = json_object_get_array_member (root, "procedures");
  JsonObject *fire;
  JsonArray *filled;
  gboolean seen = FALSE;

  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (root, "distance_mm"), 880,
                                  1e-9);
  g_assert_cmpstr (json_object_get_string_member (root, "units"), ==, "in");
  g_assert_true (json_object_get_boolean_member (root, "sight"));
  g_assert_cmpstr (json_object_get_string_member (root, "aspect"), ==, "front");
  g_assert_cmpuint (json_array_get_length (procedures), ==, 1);
  fire = json_array_get_object_element (procedures, 0);
  g_assert_cmpstr (json_object_get_string_member (fire, "blocked"), ==,
                   "out of range: 34.6″, beyond its 24″ reach");
  g_assert_cmpstr (json_object_get_string_member (fire, "procedure"), ==, "missile-fire");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (fire, "inputs"),
                                                  "range"), ==, "long");
  filled = json_object_get_array_member (fire, "filled");
  for (guint i = 0; i < json_array_get_length (filled); i++)
    {
      JsonObject *input = json_array_get_object_element (filled, i);

      if (g_str_equal (json_object_get_string_member (input, "id"), "range"))
        {
          g_assert_cmpstr (json_object_get_string_member (input, "source"), ==, "table");
          g_assert_cmpstr (json_object_get_string_member (input, "reason"), ==,
                           "34.6″: beyond its 24″ reach, out of range");
          seen = TRUE;
        }
    }
  g_assert_true (seen);
  g_assert_nonnull (strstr (text, "Distance: 34.6″ edge to edge"));
  g_assert_nonnull (strstr (text, "range=long"));
  g_assert_nonnull (strstr (text, "Not possible as they stand: out of range: 34.6″"));
}

static void
test_errors (void)
{
  g_autofree char *file = sample_path ("battle-valor-fantasy-cold-beck");
  g_autofree char *list = sample_path ("battle-valor-fantasy-1000");
  const char *cases[][5] = {
    { file, "u5", "u99", NULL, "no unit “u99” in the document" },
    { file, "u5", "u14", NULL, "unit “u14” (Runesmith Hild) is not placed on the battlefield" },
    { list, "u1", "u2", NULL, "the document has no battlefield" },
    { file, "u5", "u43", "--procedure=rally", "no procedure “rally” between u5 and u43" },
    { file, "u5", NULL, NULL, "name the acting unit and its target" },
    { file, "u5", "u43", "u44", "unexpected argument “u44”" },
    { NULL, NULL, NULL, NULL, "which file?" },
    { file, "u5", "u43", "--trials=0", "--trials must be from 1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, NULL, "odds", cases[i][0], cases[i][1], cases[i][2], cases[i][3], NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      if (strstr (run.err, cases[i][4]) == NULL)
        g_error ("case %u: stderr “%s” lacks “%s”", i, run.err, cases[i][4]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  cli_path = argv[1];
  g_test_add_func ("/odds/samples", test_samples);
  g_test_add_func ("/odds/cold-beck-range", test_cold_beck_range);
  g_test_add_func ("/odds/errors", test_errors);
  return g_test_run ();
}
