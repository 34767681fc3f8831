/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-odds-figure"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-dist.h"
#include "muster-odds-figure.h"
#include "muster-procedure-text.h"

/*
 * The one figure the odds panel shows for a procedure: the chance of at least one casualty
 * (or hit) where the procedure counts them, and how many on average (the chance alone reads
 * 100 % for any strong unit at any range), else its first outcome's likeliest value.
 */

/* Returns: (transfer full): "62 %", "< 1 %", "> 99 %": a rounded 0 or 100 would say never or
 * always. The spaces are no-break spaces (U+00A0), so a figure never breaks from its "%" (nor
 * "<" from its figure) at the end of a line. */
char *
muster_odds_format_percent (double p)
{
  if (p > 0 && p < 0.005)
    return g_strdup (_("< 1 %"));
  if (p < 1 && p > 0.995)
    return g_strdup (_("> 99 %"));
  return g_strdup_printf (_("%.0f %%"), 100 * p);
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
      percent = muster_odds_format_percent (muster_dist_get_prob_at_least (dist, 1));
      /* TRANSLATORS: "Casualties ≥ 1: 62 %, 1.4 on average" */
      return g_strdup_printf (_("%s ≥ 1: %s, %.1f on average"),
                              muster_procedure_text (output->label), percent,
                              muster_dist_get_mean (dist));
    }
  else
    {
      int best = muster_dist_get_min (dist);
      g_autofree char *label = NULL;

      for (int v = muster_dist_get_min (dist); v <= muster_dist_get_max (dist); v++)
        if (muster_dist_get_prob (dist, v) > muster_dist_get_prob (dist, best))
          best = v;
      label = muster_procedure_format_value_shown (procedure, index, best);
      percent = muster_odds_format_percent (muster_dist_get_prob (dist, best));
      /* TRANSLATORS: "Result: Pass, 44 %" */
      return g_strdup_printf (_("%s: %s, %s"), muster_procedure_text (output->label), label,
                              percent);
    }
}

/**
 * muster_odds_key_chance:
 * @result: a procedure's odds
 *
 * The chance of the key outcome, the one the map tints enemy units by: at least one casualty
 * (or hit) where the procedure counts them, else its first outcome anything but its first
 * value ("Missed", "None", "No effect" come first in the books' tables), so that the same
 * outcome is compared from unit to unit.
 *
 * Returns: 0..1
 */
double
muster_odds_key_chance (const MusterProcedureResult *result)
{
  const MusterProcedure *procedure = muster_procedure_result_get_procedure (result);

  if (procedure->n_outputs == 0)
    return 0;
  return muster_dist_get_prob_at_least (muster_procedure_result_get_output (result,
                                                                            find_output (procedure)),
                                        1);
}

/**
 * muster_odds_key_outcome:
 * @procedure: a procedure
 *
 * Returns: (transfer full): what muster_odds_key_chance() is the chance of: "Casualties ≥ 1",
 *   "Damage other than Miss or bounce"
 */
char *
muster_odds_key_outcome (const MusterProcedure *procedure)
{
  const MusterOutputSpec *output;

  if (procedure->n_outputs == 0)
    return g_strdup ("");
  output = &procedure->outputs[find_output (procedure)];
  if (output->value_labels == NULL)
    /* TRANSLATORS: the key outcome of a procedure, "Casualties ≥ 1" */
    return g_strdup_printf (_("%s ≥ 1"), muster_procedure_text (output->label));
  /* TRANSLATORS: the key outcome of a procedure, "Damage other than Miss or bounce" */
  return g_strdup_printf (_("%s other than %s"), muster_procedure_text (output->label),
                          muster_procedure_text (output->value_labels[0]));
}
