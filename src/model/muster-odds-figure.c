/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-odds-figure"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-dist.h"
#include "muster-odds-figure.h"

/*
 * The one figure the odds panel shows for a procedure: the chance of at least one casualty
 * (or hit) where the procedure counts them, and how many on average (the chance alone reads
 * 100 % for any strong unit at any range), else its first outcome's likeliest value.
 */

/* "62 %", "< 1 %", "> 99 %": a rounded 0 or 100 would say never or always. */
static char *
format_percent (double p)
{
  if (p > 0 && p < 0.005)
    return g_strdup (_("< 1 %"));
  if (p < 1 && p > 0.995)
    return g_strdup (_("> 99 %"));
  return g_strdup_printf (_("%.0f %%"), 100 * p);
}

static int
find_output (const MusterProcedure *procedure)
{
  static const char * const preferred[] = { "casualties", "hits" };

  for (guint i = 0; i < G_N_ELEMENTS (preferred); i++)
    {
      int index = muster_procedure_find_output (procedure, preferred[i]);

      if (index >= 0 && procedure->outputs[index].value_labels == NULL)
        return index;
    }
  return 0;
}

/**
 * muster_odds_key_figure:
 * @result: a procedure's odds
 *
 * Returns: (transfer full): "Casualties ≥ 1: 62 %, 1.4 on average", or for a procedure that
 *   counts nothing
 *   "Result: Pass, 44 %"
 */
char *
muster_odds_key_figure (const MusterProcedureResult *result)
{
  const MusterProcedure *procedure = muster_procedure_result_get_procedure (result);
  int index = find_output (procedure);
  const MusterOutputSpec *output;
  MusterDist *dist;
  g_autofree char *percent = NULL;

  if (procedure->n_outputs == 0)
    return g_strdup ("");
  output = &procedure->outputs[index];
  dist = muster_procedure_result_get_output (result, index);
  if (output->value_labels == NULL)
    {
      percent = format_percent (muster_dist_get_prob_at_least (dist, 1));
      /* TRANSLATORS: "Casualties ≥ 1: 62 %, 1.4 on average" */
      return g_strdup_printf (_("%s ≥ 1: %s, %.1f on average"), output->label, percent,
                              muster_dist_get_mean (dist));
    }
  else
    {
      int best = muster_dist_get_min (dist);
      g_autofree char *label = NULL;

      for (int v = muster_dist_get_min (dist); v <= muster_dist_get_max (dist); v++)
        if (muster_dist_get_prob (dist, v) > muster_dist_get_prob (dist, best))
          best = v;
      label = muster_procedure_format_value (procedure, index, best);
      percent = format_percent (muster_dist_get_prob (dist, best));
      /* TRANSLATORS: "Result: Pass, 44 %" */
      return g_strdup_printf (_("%s: %s, %s"), output->label, label, percent);
    }
}
