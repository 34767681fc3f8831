/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "muster-engine.h"
#include "muster-odds-figure.h"

/*
 * The odds panel's one figure per procedure: the chance of at least one casualty where a
 * procedure counts them, else its first outcome's likeliest value; never a rounded 0 % or
 * 100 % for what can happen or fail.
 */

static MusterProcedureResult *
run (const char         *procedure_id,
     const char * const *assignments)
{
  const MusterProcedure *procedure = muster_procedure_lookup ("battle-valor-fantasy",
                                                              procedure_id);
  g_autofree int *values = muster_procedure_default_values (procedure);
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCatalog) catalog = muster_catalog_new_default ();
  MusterProcedureResult *result;

  for (guint i = 0; assignments[i] != NULL; i++)
    {
      muster_procedure_set_value (procedure, values, assignments[i], &error);
      g_assert_no_error (error);
    }
  result = muster_procedure_run_exact (procedure,
                                       muster_catalog_lookup (catalog, procedure->system),
                                       values, &error);
  g_assert_no_error (error);
  return result;
}

/* Missile fire counts casualties: the figure is P(≥ 1) of that output, not of the hits. */
static void
test_casualties (void)
{
  const char * const none[] = { NULL };
  g_autoptr(MusterProcedureResult) result = run ("missile-fire", none);
  const MusterProcedure *procedure = muster_procedure_result_get_procedure (result);
  MusterDist *casualties = muster_procedure_result_get_output
                             (result, muster_procedure_find_output (procedure, "casualties"));
  g_autofree char *figure = muster_odds_key_figure (result);
  g_autofree char *expected = g_strdup_printf ("Casualties ≥ 1: %.0f %%, %.1f on average",
                                               100 * muster_dist_get_prob_at_least (casualties, 1),
                                               muster_dist_get_mean (casualties));

  g_assert_cmpstr (figure, ==, expected);
}

/* A rally counts nothing first: its result's likeliest value. */
static void
test_categorical (void)
{
  const char * const none[] = { NULL };
  g_autoptr(MusterProcedureResult) result = run ("rally", none);
  MusterDist *dist = muster_procedure_result_get_output (result, 0);
  const MusterProcedure *procedure = muster_procedure_result_get_procedure (result);
  g_autofree char *figure = muster_odds_key_figure (result);
  int best = muster_dist_get_min (dist);
  g_autofree char *label = NULL;
  g_autofree char *expected = NULL;

  for (int v = best; v <= muster_dist_get_max (dist); v++)
    if (muster_dist_get_prob (dist, v) > muster_dist_get_prob (dist, best))
      best = v;
  label = muster_procedure_format_value (procedure, 0, best);
  expected = g_strdup_printf ("Result: %s, %.0f %%", label,
                              100 * muster_dist_get_prob (dist, best));
  g_assert_cmpstr (figure, ==, expected);
}

/* 60 Successes dice against 1 figure: a casualty is all but certain, never "100 %". */
static void
test_never_rounded_to_certain (void)
{
  const char * const many[] = { "figures=60", "range=short", "target-figures=1", NULL };
  g_autoptr(MusterProcedureResult) result = run ("missile-fire", many);
  g_autofree char *figure = muster_odds_key_figure (result);

  g_assert_true (g_str_has_prefix (figure, "Casualties ≥ 1: > 99 %, "));
}

/* "98 %" never breaks between figure and sign, nor "< 1 %" after its "<": laid out a pixel
 * wide with word wrapping, each stays one line (a plain space would break there). */
static void
test_no_break (void)
{
  static const double chances[] = { 0, 0.001, 0.5, 0.98, 0.999, 1 };
  PangoFontMap *font_map = pango_cairo_font_map_get_default ();
  PangoContext *context = pango_font_map_create_context (font_map);
  PangoLayout *layout = pango_layout_new (context);

  pango_layout_set_width (layout, 1 * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  for (guint i = 0; i < G_N_ELEMENTS (chances); i++)
    {
      g_autofree char *percent = muster_odds_format_percent (chances[i]);

      g_assert_null (strchr (percent, ' '));
      g_assert_true (g_str_has_suffix (percent, " %"));
      pango_layout_set_text (layout, percent, -1);
      g_assert_cmpint (pango_layout_get_line_count (layout), ==, 1);
    }
  /* the check can fail: the same with a plain space breaks */
  pango_layout_set_text (layout, "98 %", -1);
  g_assert_cmpint (pango_layout_get_line_count (layout), ==, 2);
  g_object_unref (layout);
  g_object_unref (context);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/odds-figure/casualties", test_casualties);
  g_test_add_func ("/odds-figure/categorical", test_categorical);
  g_test_add_func ("/odds-figure/never-certain", test_never_rounded_to_certain);
  g_test_add_func ("/odds-figure/no-break", test_no_break);
  return g_test_run ();
}
