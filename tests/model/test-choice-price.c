/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "army-fixture.h"
#include "muster-army-commands.h"
#include "muster-choice-price.h"
#include "muster-roster-model.h"

/* The Iron Guard: 12 stands of Veteran Infantry with double-handed weapons, heavy armour,
 * shields and a command stand (battle-valor-fantasy-1000.muster). */
static MusterUnit *
iron_guard (MusterDocument *document)
{
  return muster_doc_lookup_unit (muster_document_get_doc (document), "u2");
}

/* @text is "@adds · @total pts in all *": the Iron Guard's shields are a house value */
static void
assert_text (const char *text,
             const char *adds,
             gint64      total)
{
  g_autofree char *expected = g_strdup_printf ("%s · %" G_GINT64_FORMAT " pts in all *", adds, total);

  g_assert_cmpstr (text, ==, expected);
}

/* Each choice is priced as the engine costs the list: per stand where the book says so, per
 * unit otherwise, and the unit's cost with it. */
static void
test_choice_prices (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  MusterRuleset *ruleset = muster_document_get_ruleset (document);
  MusterUnit *unit = iron_guard (document);
  gint64 cost = muster_unit_get_cost (unit)->value;
  MusterChoicePrice price;
  g_autofree char *text = NULL;
  g_autofree char *none_text = NULL;

  /* Heavy armour (§3.2: 3 points a stand), which the unit has: its cost as it is */
  g_assert_true (muster_choice_price_get (ruleset, unit, "armour", "heavy-armour", 1, &price));
  g_assert_cmpint (price.total, ==, cost);
  g_assert_cmpfloat (price.each, ==, 3);
  g_assert_cmpint (price.delta, ==, 3 * 12);
  g_assert_null (price.not_allowed);
  text = muster_choice_price_format (ruleset, unit, &price, " · ");
  assert_text (text, "+3 pts per stand", cost);
  g_clear_pointer (&text, g_free);
  text = muster_choice_price_format (ruleset, unit, &price, NULL);
  g_assert_cmpstr (text, ==, "+3 pts per stand");
  muster_choice_price_clear (&price);

  /* Light armour instead: 1 a stand, 24 points less in all */
  g_assert_true (muster_choice_price_get (ruleset, unit, "armour", "light-armour", 1, &price));
  g_assert_cmpint (price.total, ==, cost - 2 * 12);
  g_assert_cmpfloat (price.each, ==, 1);
  g_clear_pointer (&text, g_free);
  text = muster_choice_price_format (ruleset, unit, &price, " · ");
  muster_choice_price_clear (&price);
  assert_text (text, "+1 pt per stand", cost - 24);

  /* The command stand costs 10 for the unit, whatever its size */
  g_assert_true (muster_choice_price_get (ruleset, unit, NULL, "command-stand", 1, &price));
  g_assert_cmpint (price.delta, ==, 10);
  g_assert_cmpfloat (price.each, ==, 0);
  g_clear_pointer (&text, g_free);
  text = muster_choice_price_format (ruleset, unit, &price, " · ");
  muster_choice_price_clear (&price);
  assert_text (text, "+10 pts", cost);

  /* Shields are free (a house value: the total says so) */
  g_assert_true (muster_choice_price_get (ruleset, unit, NULL, "shields", 1, &price));
  g_assert_cmpint (price.delta, ==, 0);
  none_text = muster_choice_price_format (ruleset, unit, &price, " · ");
  muster_choice_price_clear (&price);
  g_assert_true (g_str_has_prefix (none_text, "no cost · "));

  /* A mount is not for infantry: the price says why it breaks the rules */
  muster_choice_price_get (ruleset, unit, "mount", "rams", 1, &price);
  g_assert_cmpstr (price.not_allowed, ==, "Infantry may not take it");
  g_clear_pointer (&text, g_free);
  text = muster_choice_price_format (ruleset, unit, &price, " · ");
  muster_choice_price_clear (&price);
  g_assert_true (g_str_has_prefix (text, "Infantry may not take it · "));

  /* Asking changed nothing */
  g_assert_cmpint (muster_unit_get_cost (unit)->value, ==, cost);
  g_assert_cmpuint (muster_unit_get_option_count (unit, "heavy-armour"), ==, 1);
}

/* A roster row says what was chosen, under the unit's name, and follows a change. */
static void
test_roster_choices (void)
{
  g_autoptr(MusterDocument) document = army_fixture_load_sample (catalog);
  g_autoptr(MusterRosterModel) roster = muster_roster_model_new (document,
                                                                 army_fixture_root (document));
  MusterRosterRow *row = army_fixture_item (G_LIST_MODEL (roster), 1);
  MusterUnit *unit = iron_guard (document);

  g_assert_true (muster_roster_row_get_unit (row) == unit);
  g_assert_cmpstr (muster_roster_row_get_subtitle (row), ==,
                   "Infantry · Veteran, Double-handed weapons, Heavy armour, Shields, Command Stand");
  army_fixture_push (document, muster_set_option_command_new (document, unit, "shields", 0));
  g_assert_cmpstr (muster_roster_row_get_subtitle (row), ==,
                   "Infantry · Veteran, Double-handed weapons, Heavy armour, Command Stand");
  /* The general has no options: the type alone */
  g_assert_cmpstr (muster_roster_row_get_subtitle (army_fixture_item (G_LIST_MODEL (roster), 0)),
                   ==, "General");
}

int
main (int   argc,
      char *argv[])
{
  army_fixture_init (&argc, &argv);

  g_test_add_func ("/model/choice-price/prices", test_choice_prices);
  g_test_add_func ("/model/choice-price/roster-choices", test_roster_choices);

  return army_fixture_run ();
}
