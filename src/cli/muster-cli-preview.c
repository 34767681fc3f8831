/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "muster-catalog.h"
#include "muster-cli.h"
#include "muster-procedure.h"

/*
 * muster-cli preview --list
 * muster-cli preview SYSTEM PROCEDURE [name=value…] [--json]
 * muster-cli simulate SYSTEM PROCEDURE [name=value…] [--trials N] [--seed S] [--json]
 *
 * A long simulation shows on a terminal how far it is and how long it has left; Ctrl+C stops
 * it cleanly, with the result of the trials played so far and exit status 130.
 */

static volatile sig_atomic_t interrupted;

/* Whether a procedure of @system exists: an unknown system is not an unknown procedure. */
static gboolean
has_system (const char *system)
{
  guint n = 0;
  const MusterProcedure * const *procedures = muster_procedure_list (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (procedures[i]->system, system) == 0)
      return TRUE;
  return FALSE;
}

/* Returns: (nullable): an earlier "name=value" of @argv (from 3 on) with the name of
 * @argv[@i]'s, which "dice=5 dice=6" would otherwise silently override */
static const char *
given_before (char **argv,
              int    i)
{
  gsize name_length = strcspn (argv[i], "=");

  for (int j = 3; j < i; j++)
    if (strcspn (argv[j], "=") == name_length && strncmp (argv[j], argv[i], name_length) == 0)
      return argv[j];
  return NULL;
}

static void
interrupt_handler (int signum)
{
  interrupted = 1;
}

typedef struct
{
  gint64   start;      /* monotonic µs */
  gint64   shown;      /* when the line was last written */
  gboolean terminal;
} SimulateProgress;

/* "3 min 20 s", "45 s" */
static char *
format_duration (double seconds)
{
  if (seconds >= 3600)
    return g_strdup_printf (_("%d h %02d min"), (int) (seconds / 3600),
                            (int) (seconds / 60) % 60);
  if (seconds >= 60)
    return g_strdup_printf (_("%d min %02d s"), (int) (seconds / 60), (int) seconds % 60);
  return g_strdup_printf (_("%d s"), (int) ceil (seconds));
}

static gboolean
simulate_progress_cb (guint64  done,
                      guint64  total,
                      gpointer user_data)
{
  SimulateProgress *p = user_data;
  gint64 now = g_get_monotonic_time ();

  if (p->terminal && (done == total || now - p->shown > G_USEC_PER_SEC / 4))
    {
      double elapsed = (now - p->start) / (double) G_USEC_PER_SEC;
      g_autofree char *left = format_duration (elapsed * (double) (total - done) / done);

      p->shown = now;
      /* \r and "erase to the end of the line": one line, rewritten in place */
      if (done == total)
        g_printerr ("\r\033[K");
      else
        g_printerr (_("\r\033[K%.0f%% of %" PRIu64 " trials, about %s left (Ctrl+C "
                      "stops)"), 100.0 * done / total, total, left);
    }
  return !interrupted;
}

void
muster_cli_add_input_value (JsonBuilder           *builder,
                      const MusterInputSpec *spec,
                      int                    value)
{
  switch (spec->type)
    {
    case MUSTER_INPUT_BOOL:
      json_builder_add_boolean_value (builder, value != 0);
      break;
    case MUSTER_INPUT_CHOICE:
      json_builder_add_string_value (builder, spec->choices[value]);
      break;
    case MUSTER_INPUT_INT:
    default:
      json_builder_add_int_value (builder, value);
      break;
    }
}

static const char *
input_type_name (const MusterInputSpec *spec)
{
  switch (spec->type)
    {
    case MUSTER_INPUT_BOOL:
      return "bool";
    case MUSTER_INPUT_CHOICE:
      return "choice";
    case MUSTER_INPUT_INT:
    default:
      return "int";
    }
}

static void
print_list_text (void)
{
  guint n;
  const MusterProcedure * const *list = muster_procedure_list (&n);
  const char *system = NULL;

  for (guint i = 0; i < n; i++)
    {
      const MusterProcedure *p = list[i];

      if (g_strcmp0 (system, p->system) != 0)
        {
          g_print ("%s%s\n", system ? "\n" : "", p->system);
          system = p->system;
        }
      g_print ("  %-24s %s%s\n", p->id, p->name, p->exact ? "" : _(" (simulated)"));
      for (guint j = 0; j < p->n_inputs; j++)
        {
          const MusterInputSpec *spec = &p->inputs[j];
          g_autofree char *def = muster_procedure_format_input (spec, spec->def);
          g_autofree char *range = NULL;

          if (spec->type == MUSTER_INPUT_INT)
            range = g_strdup_printf ("%d–%d", spec->min, spec->max);
          else if (spec->type == MUSTER_INPUT_CHOICE)
            range = g_strjoinv ("|", (char **) spec->choices);
          else
            range = g_strdup ("yes|no");
          g_print ("      %s=%s  (%s) %s\n", spec->id, def, range, spec->label);
        }
    }
  if (n == 0)
    g_print (_("No procedures are installed.\n"));
}

static JsonNode *
list_to_json (void)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  guint n;
  const MusterProcedure * const *list = muster_procedure_list (&n);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "procedures");
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    {
      const MusterProcedure *p = list[i];

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "system", p->system);
      muster_cli_add_string (builder, "id", p->id);
      muster_cli_add_string (builder, "name", p->name);
      muster_cli_add_string (builder, "summary", p->summary);
      muster_cli_add_bool (builder, "exact", p->exact != NULL);
      json_builder_set_member_name (builder, "inputs");
      json_builder_begin_array (builder);
      for (guint j = 0; j < p->n_inputs; j++)
        {
          const MusterInputSpec *spec = &p->inputs[j];

          json_builder_begin_object (builder);
          muster_cli_add_string (builder, "id", spec->id);
          muster_cli_add_string (builder, "label", spec->label);
          muster_cli_add_string (builder, "help", spec->help);
          muster_cli_add_string (builder, "type", input_type_name (spec));
          if (spec->type == MUSTER_INPUT_INT)
            {
              muster_cli_add_int (builder, "min", spec->min);
              muster_cli_add_int (builder, "max", spec->max);
            }
          if (spec->type == MUSTER_INPUT_CHOICE)
            {
              json_builder_set_member_name (builder, "choices");
              json_builder_begin_array (builder);
              for (guint k = 0; spec->choices[k]; k++)
                json_builder_add_string_value (builder, spec->choices[k]);
              json_builder_end_array (builder);
            }
          json_builder_set_member_name (builder, "default");
          muster_cli_add_input_value (builder, spec, spec->def);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "outputs");
      json_builder_begin_array (builder);
      for (guint j = 0; j < p->n_outputs; j++)
        json_builder_add_string_value (builder, p->outputs[j].id);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* @value, or null where it means nothing (a category's mean) */
static void
add_number_or_null (JsonBuilder *builder,
                    gboolean     has_value,
                    double       value)
{
  if (has_value)
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

/* The JSON of `preview` and `simulate`, which `odds` extends. */
JsonNode *
muster_cli_result_to_json (const MusterProcedureResult *result,
                           const int                   *values)
{
  const MusterProcedure *p = muster_procedure_result_get_procedure (result);
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  muster_cli_add_string (builder, "system", p->system);
  muster_cli_add_string (builder, "procedure", p->id);
  muster_cli_add_bool (builder, "exact", muster_procedure_result_is_exact (result));
  json_builder_set_member_name (builder, "trials");
  if (muster_procedure_result_is_exact (result))
    json_builder_add_null_value (builder);
  else
    json_builder_add_int_value (builder, (gint64) muster_procedure_result_get_trials (result));

  json_builder_set_member_name (builder, "inputs");
  json_builder_begin_object (builder);
  for (guint i = 0; i < p->n_inputs; i++)
    {
      json_builder_set_member_name (builder, p->inputs[i].id);
      muster_cli_add_input_value (builder, &p->inputs[i], values[i]);
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "outputs");
  json_builder_begin_array (builder);
  for (guint i = 0; i < p->n_outputs; i++)
    {
      MusterDist *dist = muster_procedure_result_get_output (result, i);
      /* named categories have no order: no mean, variance or chance of at least or at most */
      gboolean categories = p->outputs[i].value_labels != NULL;

      json_builder_begin_object (builder);
      muster_cli_add_string (builder, "id", p->outputs[i].id);
      muster_cli_add_string (builder, "label", p->outputs[i].label);
      muster_cli_add_string (builder, "kind", categories ? "categories" : "count");
      json_builder_set_member_name (builder, "mean");
      add_number_or_null (builder, !categories, muster_dist_get_mean (dist));
      json_builder_set_member_name (builder, "variance");
      add_number_or_null (builder, !categories, muster_dist_get_variance (dist));
      json_builder_set_member_name (builder, "values");
      json_builder_begin_array (builder);
      for (int v = muster_dist_get_min (dist); v <= muster_dist_get_max (dist); v++)
        {
          g_autofree char *label = muster_procedure_format_value (p, i, v);

          json_builder_begin_object (builder);
          muster_cli_add_int (builder, "value", v);
          muster_cli_add_string (builder, "label", label);
          muster_cli_add_double (builder, "p", muster_dist_get_prob (dist, v));
          json_builder_set_member_name (builder, "at_least");
          add_number_or_null (builder, !categories, muster_dist_get_prob_at_least (dist, v));
          json_builder_set_member_name (builder, "at_most");
          add_number_or_null (builder, !categories, muster_dist_get_prob_at_most (dist, v));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static int
run_procedure (const char *command,
               int         argc,
               char      **argv,
               gboolean    simulate)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(MusterCatalog) catalog = NULL;
  g_autoptr(MusterProcedureResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree int *values = NULL;
  const MusterProcedure *procedure;
  gboolean json = FALSE, list = FALSE;
  gint64 trials = 100000, seed = 1;
  int ret;
  const GOptionEntry preview_entries[] = {
    { "list", 0, 0, G_OPTION_ARG_NONE, &list, N_("List the procedures and their inputs"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of tables"), NULL },
    { NULL }
  };
  const GOptionEntry simulate_entries[] = {
    { "trials", 'n', 0, G_OPTION_ARG_INT64, &trials, N_("How many times to play it (default 100000)"), "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, N_("Dice seed: one seed, one result (default 1)"), "S" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of tables"), NULL },
    { NULL }
  };

  context = g_option_context_new (_("SYSTEM PROCEDURE [NAME=VALUE…]"));
  g_option_context_set_summary (context,
                                simulate ?
                                _("Play a combat procedure many times with seeded dice.") :
                                _("Exact odds of a combat procedure. Inputs not given take "
                                  "their defaults; see --list."));
  g_option_context_add_main_entries (context, simulate ? simulate_entries : preview_entries,
                                     GETTEXT_PACKAGE);
  if ((ret = muster_cli_parse (context, &argc, &argv)) != MUSTER_CLI_EXIT_OK)
    return ret;

  if (list)
    {
      if (json)
        {
          g_autoptr(JsonNode) root = list_to_json ();
          muster_cli_print_json (root);
        }
      else
        print_list_text ();
      return MUSTER_CLI_EXIT_OK;
    }

  if (argc < 3)
    {
      g_printerr (_("muster-cli %s: name a system and a procedure (see “muster-cli preview "
                    "--list”)\n"), command);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (trials < 1 || trials > G_GINT64_CONSTANT (1000000000))
    {
      g_printerr (_("muster-cli %s: --trials must be from 1 to 1000000000\n"), command);
      return MUSTER_CLI_EXIT_USAGE;
    }
  /* As generate: a seed is a whole number from 0, not -1 quietly taken as 2^64 − 1. */
  if (seed < 0)
    {
      g_printerr (_("muster-cli %s: the seed %" PRId64 " is not a whole number from "
                    "0\n"), command, seed);
      return MUSTER_CLI_EXIT_USAGE;
    }

  if (!has_system (argv[1]))
    {
      g_printerr (_("muster-cli %s: no rule system “%s” (see “muster-cli preview --list”)\n"),
                  command, argv[1]);
      return MUSTER_CLI_EXIT_USAGE;
    }
  if (!(procedure = muster_procedure_lookup (argv[1], argv[2])))
    {
      g_printerr (_("muster-cli %s: no procedure “%s” in system “%s” (see “muster-cli preview "
                    "--list”)\n"), command, argv[2], argv[1]);
      return MUSTER_CLI_EXIT_USAGE;
    }

  values = muster_procedure_default_values (procedure);
  for (int i = 3; i < argc; i++)
    {
      const char *twice = given_before (argv, i);

      if (twice != NULL)
        {
          g_printerr (_("muster-cli %s: %s and %s give the same input twice\n"), command,
                      twice, argv[i]);
          return MUSTER_CLI_EXIT_USAGE;
        }
      if (!muster_procedure_set_value (procedure, values, argv[i], &error))
        {
          g_printerr ("muster-cli %s: %s\n", command, error->message);
          return MUSTER_CLI_EXIT_USAGE;
        }
    }

  catalog = muster_catalog_new_default ();
  if (simulate)
    {
      SimulateProgress progress = { g_get_monotonic_time (), g_get_monotonic_time (),
                                    isatty (STDERR_FILENO) };
      struct sigaction action = { .sa_handler = interrupt_handler };

      sigemptyset (&action.sa_mask);
      sigaction (SIGINT, &action, NULL);
      result = muster_procedure_simulate_with_progress (procedure,
                                                        muster_catalog_lookup (catalog,
                                                                               procedure->system),
                                                        values, (guint64) trials, (guint64) seed,
                                                        simulate_progress_cb, &progress, &error);
      if (progress.terminal && interrupted)
        g_printerr ("\r\033[K");
    }
  else
    result = muster_procedure_run_exact (procedure,
                                         muster_catalog_lookup (catalog, procedure->system),
                                         values, &error);
  if (result == NULL)
    {
      g_printerr ("muster-cli %s: %s\n", command, error->message);
      return MUSTER_CLI_EXIT_USAGE;
    }

  if (json)
    {
      g_autoptr(JsonNode) root = muster_cli_result_to_json (result, values);
      muster_cli_print_json (root);
    }
  else
    {
      g_autofree char *text = muster_procedure_result_to_text (result, values);
      g_print ("%s", text);
    }

  if (interrupted)
    {
      g_printerr (_("muster-cli %s: stopped by Ctrl+C after %" PRIu64 " of %"
                    PRId64 " trials; the result is of those\n"), command,
                  muster_procedure_result_get_trials (result), trials);
      return 128 + SIGINT;
    }
  return MUSTER_CLI_EXIT_OK;
}

int
muster_cli_preview (int    argc,
                    char **argv)
{
  return run_procedure ("preview", argc, argv, FALSE);
}

int
muster_cli_simulate (int    argc,
                     char **argv)
{
  return run_procedure ("simulate", argc, argv, TRUE);
}
