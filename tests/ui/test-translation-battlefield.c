/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gi18n.h>

#include "muster-engine.h"
#include "muster-generate-dialog.h"
#include "muster-markers.h"
#include "muster-terrain.h"
#include "ui-test-translation.h"

/*
 * The Battlefield in German (issue 19): what the rulesets say that it shows (terrain types and
 * their rules, scales and their notes, the generators' options and choices, looked up in the
 * context "ruleset"), the markers' words and the generators' notes, in each system's sample.
 */

/* Whether @text, or a part of it between " · ", ": ", a line break and a source in brackets,
 * is a ruleset's text that the catalogue translates (context "ruleset") */
static gboolean
shows_ruleset_english (const char *text)
{
  g_auto(GStrv) parts = g_regex_split_simple (" · |: |\n| \\(", text, 0, 0);

  if (g_strcmp0 (muster_ruleset_text (text), text) != 0)
    return TRUE;
  for (guint i = 0; parts[i] != NULL; i++)
    if (g_strcmp0 (muster_ruleset_text (parts[i]), parts[i]) != 0)
      return TRUE;
  return FALSE;
}

/* The rulesets' English texts under @widget: a mapped label's (the status bar's scale note,
 * the inspector's terrain type and rules) and the items of a drop-down (the terrain palette) */
static void
collect_ruleset_english (GtkWidget *widget,
                         GPtrArray *found)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && shows_ruleset_english (gtk_label_get_text (GTK_LABEL (widget))))
    g_ptr_array_add (found, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  if (GTK_IS_DROP_DOWN (widget) &&
      GTK_IS_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))))
    {
      GtkStringList *items = GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (widget)));

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (items)); i++)
        if (shows_ruleset_english (gtk_string_list_get_string (items, i)))
          g_ptr_array_add (found, g_strdup (gtk_string_list_get_string (items, i)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_ruleset_english (child, found);
}

/* Fails naming every text of a ruleset @step leaves shown in English in @root, and every
 * text of the app's own (assert_all_german()) */
static void
assert_battlefield_german (GtkWidget  *root,
                           const char *step)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);

  assert_all_german (root, step);
  collect_ruleset_english (root, found);
  for (guint i = 0; i < found->len; i++)
    g_test_message ("%s: the ruleset's “%s” in English", step, (const char *) found->pdata[i]);
  g_assert_cmpuint (found->len, ==, 0);
}

/* Whether a mapped label under @widget shows @text within its own */
static gboolean
label_contains (GtkWidget  *widget,
             const char *text)
{
  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (label_contains (child, text))
      return TRUE;
  return FALSE;
}

/* The first feature of @kind on @field, or NULL */
static const MusterFeature *
first_feature (MusterBattlefield *field,
               MusterFeatureKind  kind)
{
  for (guint i = 0; i < muster_battlefield_get_n_features (field); i++)
    if (muster_battlefield_get_feature (field, i)->kind == kind)
      return muster_battlefield_get_feature (field, i);
  return NULL;
}

/* Each system's sample on the Battlefield in German: the terrain palette, the status bar's
 * scale and its note, a terrain piece's type and rules in the inspector, a unit's markers,
 * and after Generate Battlefield (the dialog's options and choices, and the generator's
 * notes), no text of the ruleset and none of the app's in English */
static void
test_translation_battlefield (gconstpointer data)
{
  const char *sample = data;
  MusterWindow *window = new_sized_sample_window (sample, 1600, 1000);
  MusterMapView *view = battlefield_view (window);
  MusterDocument *document = muster_window_get_document (window);
  MusterDoc *doc = muster_document_get_doc (document);
  MusterBattlefield *field = muster_doc_get_battlefield (doc);
  g_autoptr(GError) error = NULL;
  MusterTerrainTypes *types = muster_terrain_types_new_for_ruleset (muster_doc_get_ruleset (doc),
                                                                    &error);
  const char *scale, *ground = NULL;
  const MusterFeature *f;

  g_assert_no_error (error);
  assert_battlefield_german (GTK_WIDGET (window), "the battlefield");
  /* the status bar's scale and note, in German (they were English) */
  scale = muster_terrain_types_get_scale_name (types, muster_terrain_types_scale_for_doc (types,
                                                                                          doc),
                                               NULL, &ground);
  g_assert_cmpstr (muster_ruleset_text (ground), !=, ground);
  g_assert_true (label_contains (GTK_WIDGET (window), muster_ruleset_text (ground)));
  g_assert_true (label_contains (GTK_WIDGET (window), muster_ruleset_text (scale)));

  /* a terrain piece in the inspector: its type's name and rules */
  f = first_feature (field, MUSTER_FEATURE_TERRAIN);
  g_assert_nonnull (f);
  muster_map_view_select (view, f->id, FALSE);
  assert_battlefield_german (GTK_WIDGET (window), "a terrain piece selected");

  /* a unit's markers, in the inspector's words (the map's badge paints the same) */
  f = first_feature (field, MUSTER_FEATURE_UNIT);
  g_assert_nonnull (f);
  g_free (muster_unit_set_markers (muster_doc_lookup_unit (doc, f->unit),
                                   "suppression=2 pinned"));
  muster_map_view_select (view, NULL, FALSE);
  muster_map_view_select (view, f->id, FALSE);
  assert_battlefield_german (GTK_WIDGET (window), "a unit with markers selected");
  g_assert_true (label_contains (GTK_WIDGET (window), "Niederhalten 2 · festgenagelt"));

  /* Generate Battlefield: the dialog, then the notes it writes (Medals of Valor has none) */
  if (!g_str_has_prefix (sample, "medals-of-valor"))
    {
      MusterGenerateDialog *dialog;
      const char *notes;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "battlefield.generate", NULL));
      spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_GENERATE_DIALOG));
      dialog = MUSTER_GENERATE_DIALOG (find_toplevel (MUSTER_TYPE_GENERATE_DIALOG));
      assert_battlefield_german (GTK_WIDGET (dialog), "the Generate dialog");
      muster_generate_dialog_set_seed (dialog, 4242);
      adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "generate");
      run_frames (GTK_WIDGET (window));
      field = muster_doc_get_battlefield (doc);
      notes = muster_battlefield_get_scenario (field, MUSTER_SCENARIO_UMPIRE_NOTES);
      g_test_message ("%s: the notes:\n%s", sample, notes);
      g_assert_nonnull (strstr (notes, ", Startwert 4242.\n"));
      assert_battlefield_german (GTK_WIDGET (window), "generated");
    }
  muster_terrain_types_free (types);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  ui_test_translation_init ();
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_data_func ("/ui/translation/battlefield-bvf", "battle-valor-fantasy-cold-beck.muster",
                        test_translation_battlefield);
  g_test_add_data_func ("/ui/translation/battlefield-hm", "horse-and-musket-cemetery-ridge.muster",
                        test_translation_battlefield);
  g_test_add_data_func ("/ui/translation/battlefield-mov", "medals-of-valor-saint-aubin.muster",
                        test_translation_battlefield);
  g_test_add_data_func ("/ui/translation/battlefield-sov", "standards-of-valor-afon-ddu.muster",
                        test_translation_battlefield);
  g_test_add_data_func ("/ui/translation/battlefield-ul", "undying-lands-twelve-squares.muster",
                        test_translation_battlefield);
  return ui_test_run ();
}
