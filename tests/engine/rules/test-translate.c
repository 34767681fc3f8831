/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "muster-engine.h"
#include "muster-test-legal.h"

/*
 * The engine's findings in the app's language (issue 19): a template, a ruleset's <message> or
 * one of the validator's own, is translated before its placeholders are filled, so the German
 * keeps them and the names filled in stay as the list and the book have them. The catalogue is
 * the build's own German (po/de/LC_MESSAGES/muster.mo under MUSTER_LOCALE_DIR).
 */

static MusterRuleset *bvf;

/* A template of the validator's own, through muster_format_message(): German, with every
 * value in place; a value that is itself a msgid ("Document") is not translated. */
static void
test_translate_template (void)
{
  g_autofree char *message = muster_format_message (
    "{unit} ({type}) has {size} {size-units}; the type takes {min} to {max}.",
    (const char *[]) { "unit", "Document", "type", "Heavy Infantry", "size", "3",
                       "size-units", "Bases", "min", "4", "max", "8", NULL });

  g_assert_cmpstr (message, ==, "Document (Heavy Infantry) hat 3 Bases; der Typ erlaubt 4 bis 8.");
}

/* A ruleset's message and a validator's own check, found by the live validator on a Battle
 * Valor Fantasy list: German, the unit's name and type and the size word filled in. */
static void
test_translate_findings (Legal         *army,
                         gconstpointer  data)
{
  MusterUnit *unit;

  legal_init (army, bvf, 1000);
  legal_add (army, NULL, "Thane", "general", 1, NULL);
  unit = legal_add (army, NULL, "Iron Guard", "heavy-infantry", 3, "regular", NULL);
  g_assert_cmpstr (legal_only (army, "size-four-stands", MUSTER_SEVERITY_OFF, 1), ==,
                   "Iron Guard (Heavy Infantry) braucht mindestens 4 Bases; sie hat 3.");
  g_assert_cmpstr (legal_only (army, "two-infantry", MUSTER_SEVERITY_OFF, 1), ==,
                   "Eine Armee braucht mindestens zwei Infantry-Einheiten (diese hat 0).");
  muster_unit_set_size (unit, 4);
  legal_only (army, "size-four-stands", MUSTER_SEVERITY_OFF, 0);
}

/* What the costing writes after a number, from the ruleset's <costing>: German too. */
static void
test_translate_costing (void)
{
  const MusterCosting *costing = muster_ruleset_get_costing (bvf);

  g_assert_cmpstr (muster_costing_get_unit (costing, 998), ==, "Pkt.");
  g_assert_cmpstr (muster_costing_get_unit (costing, 1), ==, "Pkt.");
}

/* The loaders' errors shown in the app, in German with the file and line still first */
static void
test_translate_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) empty = g_bytes_new_static ("", 0);
  static const char other_text[] = "<?xml version=\"1.0\"?>\n<list/>\n";
  g_autoptr(GBytes) other = g_bytes_new_static (other_text, sizeof other_text - 1);
  g_autoptr(GBytes) read = muster_file_read ("/nonexistent/list.muster", &error);
  MusterDoc *doc;

  g_assert_null (read);
  g_assert_true (g_str_has_prefix (error->message,
                                   "/nonexistent/list.muster konnte nicht gelesen werden: "));
  g_clear_error (&error);
  doc = muster_doc_new_from_bytes (empty, "empty.muster", &error);
  g_assert_null (doc);
  g_assert_cmpstr (error->message, ==, "empty.muster:1: Die Datei ist leer");
  g_clear_error (&error);
  /* through muster_xml_fail(): the engine's error helpers translate their formats */
  doc = muster_doc_new_from_bytes (other, "other.muster", &error);
  g_assert_null (doc);
  g_assert_cmpstr (error->message, ==,
                   "other.muster:2: dies ist kein Muster-Dokument (das Wurzelelement ist <list>)");
}

/* Without a catalogue for the language, the template is the English as written. */
static void
test_translate_english (void)
{
  g_autofree char *message = NULL;

  g_setenv ("LANGUAGE", "en", TRUE);
  setlocale (LC_ALL, "");
  message = muster_format_message ("{total} points spent of {limit}.",
                                   (const char *[]) { "total", "998", "limit", "1000", NULL });
  g_assert_cmpstr (message, ==, "998 points spent of 1000.");
  g_assert_cmpstr (muster_costing_get_unit (muster_ruleset_get_costing (bvf), 998), ==, "pts");
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* C.UTF-8 with LANGUAGE is enough for glibc, as in the translation UI test; "C" alone would
   * make gettext ignore LANGUAGE. */
  g_setenv ("LANGUAGE", "de", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MUSTER_LOCALE_DIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_test_init (&argc, &argv, NULL);

  bvf = muster_test_load_ruleset ("data/rulesets", "battle-valor-fantasy.xml");
  g_test_add_func ("/engine/translate/template", test_translate_template);
  g_test_add ("/engine/translate/findings", Legal, NULL, NULL, test_translate_findings, legal_teardown);
  g_test_add_func ("/engine/translate/costing", test_translate_costing);
  g_test_add_func ("/engine/translate/errors", test_translate_errors);
  g_test_add_func ("/engine/translate/english", test_translate_english);
  status = g_test_run ();
  muster_ruleset_unref (bvf);
  return status;
}
