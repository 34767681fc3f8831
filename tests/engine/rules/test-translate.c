/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <string.h>

#include "muster-bs-header.h"
#include "muster-engine.h"
#include "muster-generate.h"
#include "muster-markers.h"
#include "muster-odds.h"
#include "muster-table.h"
#include "muster-terrain.h"
#include "muster-test-legal.h"
#include "muster-test-util.h"

/*
 * The engine's findings in the app's language (issue 19): a template, a ruleset's <message> or
 * one of the validator's own, is translated before its placeholders are filled, so the German
 * keeps them and the names filled in stay as the list and the book have them. So are the
 * errors of the rulesets' tables, the generators' notes, the markers' words, and what a
 * ruleset says of its terrain. The catalogue is the build's own German
 * (po/de/LC_MESSAGES/muster.mo under MUSTER_LOCALE_DIR).
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
  g_clear_error (&error);
  /* errors worded by g_set_error() itself, which an unmarked format leaves English */
  {
    g_autoptr(MusterCatalog) catalog = muster_catalog_new ();
    static const char foreign_text[] = "<?xml version=\"1.0\"?>\n<list/>\n";
    g_autoptr(GBytes) foreign = g_bytes_new_static (foreign_text, sizeof foreign_text - 1);
    MusterBsHeader header;

    g_assert_null (muster_catalog_resolve (catalog, "club-rules", &error));
    g_assert_cmpstr (error->message, ==, "kein installiertes Regelwerk hat die ID „club-rules“");
    g_clear_error (&error);
    g_assert_false (muster_bs_header_read (&header, "army.cat", foreign, &error));
    g_assert_cmpstr (error->message, ==,
                     "army.cat:1: <list> ist weder BattleScribe-Spielsystem noch Katalog noch "
                     "Roster");
  }
}

/* Switches the engine's language (LANGUAGE, with LC_ALL C.UTF-8 as main() sets it) */
static void
use_language (const char *language)
{
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "");
}

/* A ruleset's tables that a procedure cannot read: the errors the Preview and the odds panel
 * show, in German, the ids of the table, row and column as the file spells them */
static void
test_translate_table_errors (void)
{
  g_autoptr(GError) error = NULL;
  const MusterTable *table;
  const char *text;
  double number;
  int whole;

  g_assert_null (muster_ruleset_require_table (bvf, "no-such-table", &error));
  g_assert_cmpstr (error->message, ==,
                   "das Regelwerk battle-valor-fantasy hat keine Tabelle „no-such-table“");
  g_clear_error (&error);
  g_assert_null (muster_ruleset_require_table (NULL, "troop-cost", &error));
  g_assert_cmpstr (error->message, ==,
                   "kein Regelwerk ist geladen, das die Tabelle „troop-cost“ liefert");
  g_clear_error (&error);
  table = muster_ruleset_require_table (bvf, "troop-cost", &error);
  g_assert_no_error (error);
  g_assert_false (muster_table_require_number (table, "nobody", "cost", &number, &error));
  g_assert_cmpstr (error->message, ==, "Tabelle „troop-cost“ hat keine Zahl für „nobody“, „cost“");
  g_clear_error (&error);
  g_assert_null (muster_table_require_cell (table, "nobody", "cost", &error));
  g_assert_cmpstr (error->message, ==, "Tabelle „troop-cost“ hat keinen Wert für „nobody“, „cost“");
  g_clear_error (&error);
  g_assert_false (muster_table_read_text (bvf, "troop-cost", "nobody", "cost", &text, &error));
  g_assert_cmpstr (error->message, ==, "Tabelle „troop-cost“ hat keine Zelle „nobody“, „cost“");
  g_clear_error (&error);
  g_assert_false (muster_table_read_int (bvf, "troop-cost", "nobody", "cost", &whole, &error));
  g_assert_nonnull (strstr (error->message, "Tabelle „troop-cost“"));
}

/* A ruleset whose table is malformed: the loader's error in German, the file and line first */
static void
test_translate_table_malformed (void)
{
  static const char * const cases[][2] = {
    { "<tables><table id='t'><column id='a'/>\n<column id='a'/></table></tables>",
      "inline.xml:3: Tabelle „t“ hat zwei Spalten „a“" },
    { "<tables><table id='t'><column id='a'/><column id='b'/>\n<row id='r'>1</row></table>"
      "</tables>", "inline.xml:3: Zeile „r“ der Tabelle „t“ hat 1 Zelle(n) für 2 Spalte(n)" },
    { "<tables><table id='t'><column id='a'/>\n<row id='r'></row></table></tables>",
      "inline.xml:3: Zeile „r“ hat keine Zellen" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("<ruleset format='1' id='x' version='1'>"
                                               "<name>x</name>\n%s</ruleset>", cases[i][0]);
      g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
      g_autoptr(GError) error = NULL;
      MusterRuleset *ruleset = muster_ruleset_new_from_bytes (bytes, "inline.xml", &error);

      g_assert_null (ruleset);
      g_assert_cmpstr (error->message, ==, cases[i][1]);
    }
}

/* @system's battlefield, generated with @seed in @language */
static MusterGeneration *
generate_in (const char *system,
             guint64     seed,
             const char *language)
{
  g_autoptr(MusterGenerator) generator = muster_test_load_generator (system);
  g_autoptr(GError) error = NULL;
  MusterGeneration *generation;
  double width, height;

  use_language (language);
  muster_generator_get_table (generator, &width, &height, NULL);
  generation = muster_generator_run (generator, width, height, NULL, NULL, seed, &error);
  use_language ("de");
  g_assert_no_error (error);
  return generation;
}

/* What each system's generator writes in the umpire notes, and the names it gives what it
 * lays, in German: every line and every name other than in English, and a German paragraph of
 * notes known as the generator's when the battlefield is generated again. */
static void
test_translate_generator_notes (void)
{
  static const char * const systems[] = {
    "battle-valor-fantasy", "horse-and-musket", "standards-of-valor", "undying-lands",
  };

  for (guint i = 0; i < G_N_ELEMENTS (systems); i++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        g_autoptr(MusterGeneration) english = generate_in (systems[i], seed, "en");
        g_autoptr(MusterGeneration) german = generate_in (systems[i], seed, "de");
        g_auto(GStrv) en_lines = g_strsplit (english->notes, "\n", -1);
        g_auto(GStrv) de_lines = g_strsplit (german->notes, "\n", -1);
        g_autofree char *merged = NULL;
        g_autofree char *seed_end = NULL;

        g_test_message ("%s, seed %" G_GUINT64_FORMAT ":\n%s", systems[i], seed, german->notes);
        g_assert_cmpuint (g_strv_length (de_lines), ==, g_strv_length (en_lines));
        for (guint k = 0; en_lines[k] != NULL; k++)
          if (g_str_equal (en_lines[k], de_lines[k]))
            g_error ("%s: the note “%s” is English", systems[i], en_lines[k]);
        seed_end = g_strdup_printf (", Startwert %" G_GUINT64_FORMAT ".", seed);
        g_assert_true (g_str_has_suffix (de_lines[0], seed_end));
        g_assert_cmpuint (german->features->len, ==, english->features->len);
        for (guint k = 0; k < english->features->len; k++)
          {
            const MusterFeature *en = english->features->pdata[k];
            const MusterFeature *de = german->features->pdata[k];

            if (en->name != NULL && g_strcmp0 (en->name, de->name) == 0)
              g_error ("%s: “%s” keeps its English name", systems[i], en->name);
          }
        /* generating again replaces the German notes, as it does the English */
        merged = muster_generation_merge_notes (german->notes, english->notes);
        g_assert_cmpstr (merged, ==, english->notes);
        g_free (merged);
        merged = muster_generation_merge_notes (english->notes, german->notes);
        g_assert_cmpstr (merged, ==, german->notes);
      }
}

/* The words of a unit's badge: markers and their word values in German, numbers and a marker
 * of the file's own as they are */
static void
test_translate_markers (void)
{
  g_autofree char *words = muster_markers_describe ("suppression=2 pinned morale=shaken "
                                                    "attitude=nervous my-own=odd", NULL);

  g_assert_cmpstr (words, ==, "Niederhalten 2 · festgenagelt · Moral erschüttert · "
                              "Haltung nervös · my-own odd");
  use_language ("en");
  g_free (words);
  words = muster_markers_describe ("suppression=2 pinned morale=shaken", NULL);
  use_language ("de");
  g_assert_cmpstr (words, ==, "suppression 2 · pinned · morale shaken");
}

/* What a ruleset says of its terrain: its names in the context "ruleset" (Undying Lands'
 * "Open" ground is not the app's "Open"), and a type's effects in the inspector's words */
static void
test_translate_terrain (void)
{
  g_autoptr(GError) error = NULL;
  MusterTerrainTypes *types = muster_terrain_types_new_for_ruleset (bvf, &error);
  g_autofree char *effects = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (muster_ruleset_text ("Woods, forest or jungle"), ==,
                   "Wald, Forst oder Dschungel");
  g_assert_cmpstr (muster_ruleset_text ("Open"), ==, "Offenes Gelände");
  g_assert_cmpstr (_("Open"), ==, "Öffnen");
  g_assert_cmpstr (muster_ruleset_text ("All distances in inches; no ground scale is given"), ==,
                   "Alle Entfernungen in Zoll; kein Geländemaßstab angegeben");
  g_assert_cmpstr (muster_ruleset_text ("a name no ruleset has"), ==, "a name no ruleset has");
  g_assert_cmpstr (muster_ruleset_text (""), ==, "");
  effects = muster_terrain_type_describe (muster_terrain_types_lookup (types, "woods"));
  g_assert_true (g_str_has_prefix (effects, "Schwierige Bewegung, leichte Deckung. Blockiert die "
                                            "Sichtlinie.\nSchwieriges Gelände; blockiert"));
  g_assert_true (g_str_has_suffix (effects, " (§6.1)"));
  muster_terrain_types_free (types);

  /* the generic types, for a ruleset that lists none, are in the same context */
  types = muster_terrain_types_new_generic ();
  g_assert_cmpstr (muster_ruleset_text (muster_terrain_types_lookup (types, "marsh")->name), ==,
                   "Sumpfland");
  muster_terrain_types_free (types);
}

/* The odds' reason for a target in terrain names the type in German, as its sentence is */
static void
test_translate_ground (void)
{
  g_autoptr(GError) error = NULL;
  MusterTerrainTypes *types = muster_terrain_types_new_for_ruleset (bvf, &error);
  g_autoptr(MusterFeature) wood = muster_feature_new (MUSTER_FEATURE_TERRAIN);
  MusterOddsSide side = { 0 };
  g_autofree char *reason = NULL;

  g_assert_no_error (error);
  wood->name = g_strdup ("Barrow Wood");
  wood->type = g_strdup ("woods");
  side.terrain = wood;
  side.terrain_type = muster_terrain_types_lookup (types, "woods");
  reason = muster_odds_describe_ground (&side);
  g_assert_cmpstr (reason, ==, "in Barrow Wood (Wald, Forst oder Dschungel): leichte Deckung");
  muster_terrain_types_free (types);
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
  g_test_add_func ("/engine/translate/table-errors", test_translate_table_errors);
  g_test_add_func ("/engine/translate/table-malformed", test_translate_table_malformed);
  g_test_add_func ("/engine/translate/generator-notes", test_translate_generator_notes);
  g_test_add_func ("/engine/translate/markers", test_translate_markers);
  g_test_add_func ("/engine/translate/terrain", test_translate_terrain);
  g_test_add_func ("/engine/translate/ground", test_translate_ground);
  status = g_test_run ();
  muster_ruleset_unref (bvf);
  return status;
}
