/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-choice-price"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

#include "muster-choice-price.h"
#include "muster-list-export.h"

/*
 * Prices in every choice: the unit editor asks, for each option it offers, what the unit
 * would cost with it. The answer comes from costing a detached copy of the unit with the
 * system module, exactly as the list is costed, so a formula (Standards of Valor), a table
 * lookup or a condition on another option is priced as it will be charged.
 */

void
muster_choice_price_clear (MusterChoicePrice *price)
{
  g_clear_pointer (&price->error, g_free);
  g_clear_pointer (&price->not_allowed, g_free);
}

/* A detached copy of @unit with @group_id's options dropped (or only @option_id when
 * @group_id is %NULL), then @option_id taken @count times. */
static MusterUnit *
copy_with (const MusterRuleset *ruleset,
           const MusterUnit    *unit,
           const char          *group_id,
           const char          *option_id,
           guint                count)
{
  const MusterOptionGroup *group = group_id ? muster_ruleset_get_option_group (ruleset, group_id)
                                            : NULL;
  MusterUnit *copy = muster_unit_new (muster_unit_get_type_id (unit), muster_unit_get_size (unit));

  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      guint picked = 0;
      const char *id = muster_unit_get_pick (unit, i, &picked);

      muster_unit_set_option (copy, id, picked);
    }
  for (guint i = 0; group != NULL && i < group->options->len; i++)
    muster_unit_set_option (copy, ((MusterOption *) group->options->pdata[i])->item.id, 0);
  if (option_id != NULL)
    muster_unit_set_option (copy, option_id, count);
  return copy;
}

/* The points a unit's breakdown charges per size unit */
static double
points_each (const MusterCost *cost)
{
  double each = 0;

  for (guint i = 0; cost->lines != NULL && i < cost->lines->len; i++)
    {
      const MusterCostLine *line = cost->lines->pdata[i];

      if (line->per == MUSTER_PER_EACH && g_strcmp0 (line->input, "points") == 0)
        each += line->each * line->count;
    }
  return each;
}

/**
 * muster_choice_price_get:
 * @ruleset: the unit's ruleset
 * @unit: the unit the editor shows
 * @group_id: (nullable): for a single choice, its option group: the choice replaces whatever
 *   the unit has of it; %NULL for an option taken on its own (a check box, a count)
 * @option_id: (nullable): the option; %NULL for "None" of @group_id
 * @count: how many times the option is taken (1 for a choice)
 * @price: (out caller-allocates): the answer; clear it with muster_choice_price_clear()
 *
 * Returns: @price->costed
 */
gboolean
muster_choice_price_get (const MusterRuleset *ruleset,
                         const MusterUnit    *unit,
                         const char          *group_id,
                         const char          *option_id,
                         guint                count,
                         MusterChoicePrice   *price)
{
  const MusterForce *force = muster_unit_get_force (unit);
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset, muster_unit_get_type_id (unit));
  const MusterOption *option = option_id ? muster_ruleset_get_option (ruleset, option_id) : NULL;
  g_autoptr(MusterUnit) with = NULL;
  g_autoptr(MusterUnit) without = NULL;
  MusterCost cost_with = { 0 }, cost_without = { 0 };

  g_return_val_if_fail (ruleset != NULL && unit != NULL && price != NULL, FALSE);

  memset (price, 0, sizeof *price);
  if (type != NULL && option != NULL && !muster_unit_type_allows_option (type, option))
    /* TRANSLATORS: why a choice breaks the rules: "Infantry may not take it" */
    price->not_allowed = g_strdup_printf (_("%s may not take it"), type->item.name);

  with = copy_with (ruleset, unit, group_id, option_id, count);
  without = copy_with (ruleset, unit, group_id, option_id, 0);
  if (!muster_system_unit_cost (ruleset, force, with, &cost_with))
    price->error = g_strdup (cost_with.error);
  else if (muster_system_unit_cost (ruleset, force, without, &cost_without))
    {
      price->costed = TRUE;
      price->total = cost_with.value;
      price->house = cost_with.house;
      price->delta = cost_with.value - cost_without.value;
      price->each = points_each (&cost_with) - points_each (&cost_without);
    }
  else
    price->error = g_strdup (cost_without.error);
  muster_cost_clear (&cost_with);
  muster_cost_clear (&cost_without);
  return price->costed;
}

static char *
format_amount (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* 2, 0.5: the book's own figures, without trailing zeros */
  g_snprintf (buffer, sizeof buffer, "%g", ABS (value));
  return g_strdup_printf ("%s%s", value < 0 ? "−" : "+", buffer);
}

/**
 * muster_choice_price_format:
 * @total_separator: (nullable): what comes between what the choice adds and the unit's cost
 *   with it (" · ", or "\n" for two lines); %NULL for what it adds alone
 *
 * Returns: (transfer full): what the editor shows beside a choice, in the system's own
 *   measure: "+2 pts per stand · 26 pts in all", "+10 pts · 34 pts in all", "no cost · 24 pts
 *   in all" (without @total_separator, only "+2 pts per stand"), preceded by why it breaks
 *   the rules when it does
 */
char *
muster_choice_price_format (const MusterRuleset     *ruleset,
                            const MusterUnit        *unit,
                            const MusterChoicePrice *price,
                            const char              *total_separator)
{
  const MusterCosting *costing = muster_ruleset_get_costing (ruleset);
  const MusterUnitType *type = muster_ruleset_get_unit_type (ruleset, muster_unit_get_type_id (unit));
  const char *word = muster_size_unit_word (type ? type->size_unit : NULL, 1);
  guint size = muster_unit_get_size (unit);
  g_autofree char *adds = NULL;
  g_autofree char *text = NULL;

  if (!price->costed)
    /* TRANSLATORS: a choice with which the unit cannot be costed, and why */
    text = g_strdup_printf (_("cannot be costed: %s"), price->error ? price->error : "");
  else
    {
      g_autofree char *amount = NULL;

      /* Per stand when the breakdown says so and the whole difference is that */
      if (price->each != 0 && word != NULL
          && muster_cost_round (ruleset, price->each * size) == price->delta)
        {
          amount = format_amount (price->each);
          /* TRANSLATORS: what a choice adds: "+2 pts per stand" */
          adds = g_strdup_printf (_("%s %s per %s"), amount,
                                  muster_costing_get_unit (costing, (gint64) price->each), word);
        }
      else if (price->delta != 0)
        {
          amount = format_amount (price->delta);
          /* TRANSLATORS: what a choice adds to the unit: "+10 pts" */
          adds = g_strdup_printf (_("%s %s"), amount, muster_costing_get_unit (costing, price->delta));
        }
      else
        adds = g_strdup (_("no cost"));
      if (total_separator == NULL)
        text = g_steal_pointer (&adds);
      else
        {
          /* TRANSLATORS: the unit's cost with a choice: "26 pts in all"; the last %s marks a
           * house value */
          g_autofree char *total = g_strdup_printf (_("%" PRId64 " %s in all%s"),
                                                    price->total,
                                                    muster_costing_get_unit (costing, price->total),
                                                    price->house ? " *" : "");

          text = g_strconcat (adds, total_separator, total, NULL);
        }
    }
  if (price->not_allowed != NULL)
    return g_strdup_printf ("%s · %s", price->not_allowed, text);
  return g_steal_pointer (&text);
}

/**
 * muster_unit_dup_choices:
 *
 * Returns: (transfer full) (nullable): the options @unit has taken, as a roster row shows them
 *   under its name: "Heavy armour, 2 × Javelins"; %NULL when it has none
 */
char *
muster_unit_dup_choices (const MusterRuleset *ruleset,
                         const MusterUnit    *unit)
{
  GString *text = NULL;

  for (guint i = 0; i < muster_unit_get_n_picks (unit); i++)
    {
      guint count = 0;
      const char *id = muster_unit_get_pick (unit, i, &count);
      const MusterOption *option = ruleset ? muster_ruleset_get_option (ruleset, id) : NULL;
      const char *name = option ? option->item.name : id;

      if (count == 0)
        continue;
      if (text == NULL)
        text = g_string_new (NULL);
      else
        g_string_append (text, ", ");
      if (count > 1)
        /* TRANSLATORS: an option taken several times, under the unit's name: "2 × Javelins" */
        g_string_append_printf (text, _("%u × %s"), count, name);
      else
        g_string_append (text, name);
    }
  return text ? g_string_free (text, FALSE) : NULL;
}
