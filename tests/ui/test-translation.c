/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "muster-battlefield-page.h"
#include "muster-bs-page.h"
#include "muster-bs-window.h"
#include "muster-engine.h"
#include "muster-new-list-dialog.h"
#include "muster-odds-panel.h"
#include "muster-preferences-window.h"
#include "muster-preview-page.h"
#include "muster-procedure-text.h"
#include "muster-roster-cells.h"
#include "muster-validation-panel.h"
#include "ui-test-translation.h"

/*
 * The app in German (issue 19): each workspace, the preferences, the New List dialog and the
 * BattleScribe roster window show no text that the catalogue translates but the widget shows in
 * English, which is what a string left unmarked in code, or a template without its translation
 * domain, looks like; and the validation panel shows the engine's findings in German.
 */

/* The texts of the mapped labels under @widget, into @texts */
static void
collect_label_texts (GtkWidget  *widget,
                     GHashTable *texts)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_hash_table_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_label_texts (child, texts);
}

/* @doc's findings as the engine words them in @language */
static GPtrArray *
findings_in (MusterDoc  *doc,
             const char *language)
{
  GPtrArray *issues;

  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_MESSAGES, "");
  issues = muster_validate_doc (doc);
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_MESSAGES, "");
  return issues;
}

/* The validation panel under @root shows @doc's findings (it has some) in German: the
 * engine's messages, translated before their placeholders are filled, and none in English. */
static void
assert_findings_german (GtkWidget  *root,
                        MusterDoc  *doc,
                        const char *step)
{
  GtkWidget *panel = find_descendant (root, MUSTER_TYPE_VALIDATION_PANEL);
  g_autoptr(GHashTable) shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) english = findings_in (doc, "en");
  g_autoptr(GPtrArray) german = findings_in (doc, "de");
  guint n_german = 0;

  g_assert_nonnull (panel);
  g_assert_cmpuint (german->len, >, 0);
  g_assert_cmpuint (german->len, ==, english->len);
  run_frames (root);
  collect_label_texts (panel, shown);
  for (guint i = 0; i < english->len; i++)
    {
      const MusterIssue *en = english->pdata[i];
      const MusterIssue *de = german->pdata[i];

      g_test_message ("%s: “%s” is “%s”", step, en->message, de->message);
      g_assert_cmpstr (en->message, !=, de->message);
      if (g_hash_table_contains (shown, en->message))
        g_error ("%s: the finding “%s” is shown in English", step, en->message);
      n_german += g_hash_table_contains (shown, de->message);
    }
  /* the panel's list makes rows for what it shows: at least the first finding */
  g_assert_cmpuint (n_german, >, 0);
}

/* The roster's column titles under @root are whole in German ("Größe" is longer than
 * "Size" and was cut to "Gr…" in a column four digits wide). */
static void
assert_roster_titles_whole (GtkWidget  *root,
                            const char *step)
{
  GtkWidget *header = find_descendant (root, MUSTER_TYPE_ROSTER_HEADER);

  g_assert_nonnull (header);
  for (GtkWidget *title = gtk_widget_get_first_child (header); title != NULL;
       title = gtk_widget_get_next_sibling (title))
    if (GTK_IS_LABEL (title) && gtk_widget_get_mapped (title)
        && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (title))))
      g_error ("%s: the roster's column title “%s” is cut short", step,
               gtk_label_get_text (GTK_LABEL (title)));
}

/* Every shown label of the Preview's combo rows (rule system, procedure, acting and target
 * unit) is whole in German: none cut short with "…", and a title that is one word on one
 * line ("Regelsystem" was broken to "Regelsyste-m" beside its value at 800 px, and the unit
 * "Keine" cut to "Kei…" beside a hint). */
static void
assert_preview_rows_whole (GtkWidget  *widget,
                           gboolean    in_row,
                           const char *step)
{
  in_row = in_row || ADW_IS_COMBO_ROW (widget);
  if (in_row && GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    {
      PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (widget));
      const char *text = gtk_label_get_text (GTK_LABEL (widget));

      if (pango_layout_is_ellipsized (layout))
        g_error ("%s: “%s” is cut short", step, text);
      if (strchr (text, ' ') == NULL && pango_layout_get_line_count (layout) > 1)
        g_error ("%s: the word “%s” is broken over lines", step, text);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!GTK_IS_POPOVER (child))
      assert_preview_rows_whole (child, in_row, step);
}

/* The check itself finds an English label that the catalogue translates, and passes German. */
static void
test_translation_check (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *english = gtk_label_new ("Unit Types");
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);

  /* Without the German catalogue nothing could ever be found untranslated. */
  g_assert_cmpstr (_("Unit Types"), ==, "Einheitentypen");
  g_assert_cmpstr (g_dpgettext2 (GETTEXT_PACKAGE, "shortcut window", "Army"), ==, "Armee");

  gtk_box_append (GTK_BOX (box), gtk_label_new (_("Unit Types")));
  gtk_box_append (GTK_BOX (box), gtk_button_new_with_mnemonic (_("_Open…")));
  gtk_box_append (GTK_BOX (box), english);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  run_frames (window);

  collect_untranslated (window, found);
  g_assert_cmpuint (found->len, ==, 1);
  g_assert_cmpstr (found->pdata[0], ==, "GtkLabel “Unit Types”");

  gtk_widget_set_visible (english, FALSE);
  g_ptr_array_set_size (found, 0);
  collect_untranslated (window, found);
  g_assert_cmpuint (found->len, ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An empty window: the welcome page and each workspace's empty state */
static void
test_translation_empty (void)
{
  MusterWindow *window = new_shown_window ();
  static const char * const names[] = { "army", "battlefield", "preview" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      show_workspace (window, names[i]);
      assert_all_german (GTK_WIDGET (window), names[i]);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* data/samples/@name in a wide window, its Preview shown, into @preview */
static MusterWindow *
new_preview_window (const char         *name,
                    MusterPreviewPage **preview)
{
  MusterWindow *window = new_sized_sample_window (name, 1600, 1000);

  show_workspace (window, "preview");
  *preview = MUSTER_PREVIEW_PAGE (find_descendant (GTK_WIDGET (window),
                                                   MUSTER_TYPE_PREVIEW_PAGE));
  return window;
}

/* A scenario with a list, a battlefield and procedures: each workspace, a unit selected, in a
 * wide and in a narrow window (which folds tool bars into menus and shows other labels) */
static void
test_translation_workspaces (void)
{
  static const int sizes[][2] = { { 1600, 1000 }, { 800, 600 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      MusterWindow *window = new_sized_sample_window ("medals-of-valor-saint-aubin.muster",
                                                      sizes[i][0], sizes[i][1]);
      MusterArmyPage *army = muster_window_get_army_page (window);
      MusterDoc *doc = muster_document_get_doc (muster_window_get_document (window));
      MusterBattlefieldPage *battlefield;
      MusterMapView *view;

      g_test_message ("%d x %d", sizes[i][0], sizes[i][1]);
      show_workspace (window, "army");
      assert_all_german (GTK_WIDGET (window), "army");
      assert_findings_german (GTK_WIDGET (window), doc, "army, the findings");
      assert_roster_titles_whole (GTK_WIDGET (window), "army, the roster's titles");
      g_assert_true (muster_army_page_select_unit (army, muster_doc_lookup_unit (doc, "u2")));
      assert_all_german (GTK_WIDGET (window), "army, a unit selected");

      show_workspace (window, "battlefield");
      assert_all_german (GTK_WIDGET (window), "battlefield");
      battlefield = MUSTER_BATTLEFIELD_PAGE (find_descendant (GTK_WIDGET (window),
                                                              MUSTER_TYPE_BATTLEFIELD_PAGE));
      view = muster_battlefield_page_get_map_view (battlefield);
      muster_map_view_select (view, "t1", FALSE);
      assert_all_german (GTK_WIDGET (window), "battlefield, a terrain piece selected");
      muster_map_view_select (view, "u2", FALSE);
      assert_all_german (GTK_WIDGET (window), "battlefield, a unit selected");

      show_workspace (window, "preview");
      assert_all_german (GTK_WIDGET (window), "preview");
      assert_preview_rows_whole (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_PREVIEW_PAGE),
                                 FALSE, "preview's rows");
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* The combo row under @widget whose list holds @item, or NULL */
static AdwComboRow *
find_combo_with (GtkWidget  *widget,
                 const char *item)
{
  if (ADW_IS_COMBO_ROW (widget))
    {
      GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (widget));

      for (guint i = 0; GTK_IS_STRING_LIST (model) && i < g_list_model_get_n_items (model); i++)
        if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), item))
          return ADW_COMBO_ROW (widget);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwComboRow *found = find_combo_with (child, item);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every system, with a scenario of its own: its Preview also offers its units */
static const struct
{
  const char *system;
  const char *sample;
} german_systems[] = {
  { "battle-valor-fantasy", "battle-valor-fantasy-cold-beck.muster" },
  { "horse-and-musket", "horse-and-musket-cemetery-ridge.muster" },
  { "medals-of-valor", "medals-of-valor-saint-aubin.muster" },
  { "standards-of-valor", "standards-of-valor-afon-ddu.muster" },
  { "undying-lands", "undying-lands-twelve-squares.muster" },
};

/* @text of @procedure is one the catalogue has: a string left unmarked in the engine would be
 * shown in English without the check on the widgets seeing it (it only knows the catalogue's) */
static void
check_catalogued (const MusterProcedure *procedure,
                  const char            *text,
                  guint                 *n_missing)
{
  if (text == NULL || *text == '\0' || muster_procedure_text (text) != text)
    return;
  g_test_message ("%s/%s: “%s” is not in the catalogue", procedure->system, procedure->id, text);
  (*n_missing)++;
}

/* Every text of @procedure the Preview shows: its name, summary, inputs, choices and outcomes */
static void
assert_procedure_catalogued (const MusterProcedure *procedure)
{
  guint n_missing = 0;

  check_catalogued (procedure, procedure->name, &n_missing);
  check_catalogued (procedure, procedure->summary, &n_missing);
  for (guint i = 0; i < procedure->n_inputs; i++)
    {
      const MusterInputSpec *input = &procedure->inputs[i];

      check_catalogued (procedure, input->label, &n_missing);
      check_catalogued (procedure, input->help, &n_missing);
      for (guint j = 0; input->choice_labels != NULL && input->choice_labels[j] != NULL; j++)
        check_catalogued (procedure, input->choice_labels[j], &n_missing);
    }
  for (guint i = 0; i < procedure->n_outputs; i++)
    {
      const MusterOutputSpec *output = &procedure->outputs[i];

      check_catalogued (procedure, output->label, &n_missing);
      for (guint j = 0; output->value_labels != NULL && output->value_labels[j] != NULL; j++)
        check_catalogued (procedure, output->value_labels[j], &n_missing);
    }
  g_assert_cmpuint (n_missing, ==, 0);
}

/* The Preview of a Battle Valor Fantasy battle. The procedures' names, summaries, inputs and
 * outcomes stay English in the engine (the CLI and --json print them); the app shows them in
 * German: the procedure list, an input's title, choices and tooltip, and the chart's title. */
static void
test_translation_preview (void)
{
  MusterPreviewPage *preview;
  MusterWindow *window = new_preview_window ("battle-valor-fantasy-cold-beck.muster", &preview);
  g_autoptr(GHashTable) shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n;
  const MusterProcedure * const *list = muster_procedure_list (&n);
  AdwComboRow *procedures;
  GListModel *names;
  guint n_bvf = 0;

  g_assert_true (muster_preview_page_select (preview, "battle-valor-fantasy", "missile-fire"));
  assert_all_german (GTK_WIDGET (window), "preview, missile fire");

  /* the list names every procedure of the system in German, none in English */
  procedures = find_combo_with (GTK_WIDGET (preview), "Fernkampf");
  g_assert_nonnull (procedures);
  names = adw_combo_row_get_model (procedures);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (list[i]->system, "battle-valor-fantasy"))
      {
        /* the catalogue has it (a pointer of its own: "Initiative" is German too) */
        g_assert_true (g_dgettext (GETTEXT_PACKAGE, list[i]->name) != list[i]->name);
        if (!g_str_equal (g_dgettext (GETTEXT_PACKAGE, list[i]->name), list[i]->name))
          g_assert_null (find_combo_with (GTK_WIDGET (preview), list[i]->name));
        n_bvf++;
      }
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, n_bvf);

  /* an input: its title and its choices */
  run_frames (GTK_WIDGET (window));
  collect_label_texts (GTK_WIDGET (preview), shown);
  g_assert_true (g_hash_table_contains (shown, "Rüstung des Ziels"));
  g_assert_nonnull (find_combo_with (GTK_WIDGET (preview), "Schwer"));
  g_assert_null (find_combo_with (GTK_WIDGET (preview), "Heavy"));

  /* the chart's title, "Hits: a count, mean …, exact" */
  g_assert_true (muster_preview_page_set_input (preview, "figures", 10));
  run_frames (GTK_WIDGET (window));
  g_hash_table_remove_all (shown);
  collect_label_texts (GTK_WIDGET (preview), shown);
  {
    GHashTableIter iter;
    const char *text;
    gboolean titled = FALSE;

    g_hash_table_iter_init (&iter, shown);
    while (g_hash_table_iter_next (&iter, (gpointer *) &text, NULL))
      {
        g_assert_false (g_str_has_prefix (text, "Hits:"));
        titled |= g_str_has_prefix (text, "Treffer: eine Anzahl");
      }
    g_assert_true (titled);
  }

  gtk_window_destroy (GTK_WINDOW (window));

  /* every procedure of every system, each in the catalogue and shown whole in German in a
   * scenario of its system: its inputs' titles, tooltips and choices, its summary and its
   * outcomes */
  for (guint k = 0; k < G_N_ELEMENTS (german_systems); k++)
    {
      guint n_system = 0;

      window = new_preview_window (german_systems[k].sample, &preview);
      for (guint i = 0; i < n; i++)
        if (g_str_equal (list[i]->system, german_systems[k].system))
          {
            g_autofree char *step = g_strdup_printf ("preview, %s", list[i]->id);

            assert_procedure_catalogued (list[i]);
            g_assert_true (muster_preview_page_select (preview, list[i]->system, list[i]->id));
            assert_all_german (GTK_WIDGET (window), step);
            n_system++;
          }
      g_assert_cmpuint (n_system, >, 0);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* @label is shown under @root */
static gboolean
shows_label (GtkWidget  *root,
             const char *label)
{
  g_autoptr(GHashTable) shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  run_frames (root);
  collect_label_texts (root, shown);
  return g_hash_table_contains (shown, label);
}

/* A word two systems use in different senses shows each system's German: "Round" is a gun's
 * ammunition in Standards of Valor, a round of melee in Undying Lands; Undying Lands' "Open"
 * ground is not the app's "Open" command */
static void
test_translation_preview_senses (void)
{
  MusterPreviewPage *preview;
  MusterWindow *window = new_preview_window ("undying-lands-host.muster", &preview);

  g_assert_true (muster_preview_page_select (preview, "standards-of-valor", "artillery-blast"));
  g_assert_true (shows_label (GTK_WIDGET (window), "Geschoss"));
  g_assert_false (shows_label (GTK_WIDGET (window), "Runde"));

  g_assert_true (muster_preview_page_select (preview, "undying-lands", "melee-round"));
  g_assert_true (shows_label (GTK_WIDGET (window), "Runde"));
  g_assert_false (shows_label (GTK_WIDGET (window), "Geschoss"));

  /* the terrain chart's first category, as its chart and its table show it */
  g_assert_true (muster_preview_page_select (preview, "undying-lands", "terrain"));
  g_assert_cmpstr (muster_procedure_text (muster_preview_page_get_procedure (preview)
                                            ->outputs[0].value_labels[0]), ==, "Offen");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Inputs the rules refuse together: the Preview says why in German (the systems' refusals are
 * engine errors, translated like the others) */
static void
test_translation_preview_refusal (void)
{
  MusterPreviewPage *preview;
  MusterWindow *window = new_preview_window ("standards-of-valor-afon-ddu.muster", &preview);

  /* Warhorses for infantry (Standards of Valor, g_set_error) */
  g_assert_true (muster_preview_page_select (preview, "standards-of-valor", "hand-to-hand"));
  g_assert_true (muster_preview_page_set_input (preview, "attacker-warhorses", 1));
  g_assert_true (shows_label (GTK_WIDGET (window), "nur Kavallerie hat Schlachtrösser"));
  assert_all_german (GTK_WIDGET (window), "preview, warhorses for infantry");

  /* both sides charging (Undying Lands, through its own refusal helper) */
  g_assert_true (muster_preview_page_select (preview, "undying-lands", "melee-round"));
  g_assert_true (muster_preview_page_set_input (preview, "b-charge", 1));
  g_assert_true (shows_label (GTK_WIDGET (window),
                              "nur eine Seite greift an; die andere hält stand oder greift "
                              "entgegen an"));
  assert_all_german (GTK_WIDGET (window), "preview, both sides charging");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_translation_preferences (void)
{
  MusterWindow *window = new_shown_window ();
  GtkWindow *prefs;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_PREFERENCES_WINDOW));
  prefs = find_toplevel (MUSTER_TYPE_PREFERENCES_WINDOW);
  assert_all_german (GTK_WIDGET (prefs), "preferences");
  gtk_window_destroy (prefs);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_translation_new_list (void)
{
  MusterWindow *window = new_shown_window ();
  GtkWindow *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-list", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_NEW_LIST_DIALOG));
  dialog = find_toplevel (MUSTER_TYPE_NEW_LIST_DIALOG);
  assert_all_german (GTK_WIDGET (dialog), "new list dialog");
  gtk_window_destroy (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
roster_loaded (gpointer data)
{
  return !muster_bs_window_get_loading (data);
}

static gboolean
library_scanned (gpointer data)
{
  return !muster_bs_library_get_scanning (data);
}

/* The roster window (issue 21), over tests/data/battlescribe: an illegal roster (the validation
 * panel with its findings, a finding revealed in the editor, the forces' editor) and a legal one,
 * wide and narrow (the panes one at a time, each shown); then two of missing data, read-only. */
static void
test_translation_roster (void)
{
  static const int sizes[][2] = { { 1600, 1000 }, { 800, 600 } };
  static const char * const rosters[] = { "illegal.ros", "legal.ros" };
  static const char * const missing[] = { "needs-other-forces.ros", "needs-other.ros" };
  const char *folders[] = { MUSTER_TEST_DATA "/battlescribe", NULL };
  MusterBsLibrary *library = muster_application_get_bs_library (app);

  g_settings_set_strv (muster_application_get_settings (app), "battlescribe-folders", folders);
  spin_until (library_scanned, library);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint k = 0; k < G_N_ELEMENTS (rosters); k++)
      {
        MusterBsWindow *window = muster_bs_window_new (app);
        g_autofree char *path = g_build_filename (MUSTER_TEST_DATA, "battlescribe", rosters[k], NULL);
        g_autoptr(GFile) file = g_file_new_for_path (path);
        g_autofree char *step = g_strdup_printf ("%s, %d x %d", rosters[k], sizes[i][0], sizes[i][1]);
        MusterBsDocument *document;
        MusterBsPage *page;
        GListModel *findings;

        gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
        gtk_window_present (GTK_WINDOW (window));
        spin_until (window_mapped, window);
        muster_bs_window_open_file (window, file);
        spin_until (roster_loaded, window);
        document = muster_bs_window_get_document (window);
        g_assert_false (muster_bs_document_get_read_only (document));
        page = MUSTER_BS_PAGE (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE));
        findings = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));
        g_assert_cmpuint (g_list_model_get_n_items (findings) > 0, ==, k == 0);
        /* The engine's findings in German: none worded as New Recruit's English */
        for (guint f = 0; f < g_list_model_get_n_items (findings); f++)
          {
            g_autoptr(MusterDiagnostic) finding = g_list_model_get_item (findings, f);
            const char *message = muster_diagnostic_get_message (finding);

            g_test_message ("%s: %s", step, message);
            g_assert_null (strstr (message, " must have "));
            g_assert_null (strstr (message, " too many "));
            g_assert_null (strstr (message, " is over the "));
            g_assert_true (strstr (message, " braucht ") || strstr (message, " zu viel ")
                           || strstr (message, " überschreitet "));
          }

        g_object_set (page, "pane", "roster", NULL);
        assert_all_german (GTK_WIDGET (window), step);
        /* The first force's editor, then each finding's place in it */
        g_object_set (page, "pane", "editor", NULL);
        assert_all_german (GTK_WIDGET (window), step);
        for (guint f = 0; f < g_list_model_get_n_items (findings); f++)
          if (muster_findings_source_reveal (MUSTER_FINDINGS_SOURCE (document), f))
            assert_all_german (GTK_WIDGET (window), step);
        g_object_set (page, "pane", "entries", NULL);
        assert_all_german (GTK_WIDGET (window), step);
        gtk_window_destroy (GTK_WINDOW (window));
      }

  /* Rosters of missing data: the strip naming it, and what the file records or the status
   * page when it records nothing */
  for (guint k = 0; k < G_N_ELEMENTS (missing); k++)
    {
      MusterBsWindow *window = muster_bs_window_new (app);
      g_autofree char *path = g_build_filename (MUSTER_TEST_DATA, "..", "model", "bs-fixture",
                                                missing[k], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      gtk_window_present (GTK_WINDOW (window));
      spin_until (window_mapped, window);
      muster_bs_window_open_file (window, file);
      spin_until (roster_loaded, window);
      g_assert_true (muster_bs_document_get_read_only (muster_bs_window_get_document (window)));
      assert_all_german (GTK_WIDGET (window), missing[k]);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* The expander rows of the odds panel under @widget, each expanded, into @rows */
static void
expand_odds_rows (GtkWidget *widget,
                  GPtrArray *rows)
{
  if (ADW_IS_EXPANDER_ROW (widget) && g_object_get_data (G_OBJECT (widget), "procedure"))
    {
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (widget), TRUE);
      g_ptr_array_add (rows, widget);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    expand_odds_rows (child, rows);
}

/* The engine's fill of @procedure for the unit @acting against @target, its reasons worded
 * in @language */
static MusterOddsFill *
odds_fill_in (MusterDoc             *doc,
              const char            *acting,
              const char            *target,
              const MusterProcedure *procedure,
              const char            *language)
{
  g_autoptr(MusterTerrainTypes) types = NULL;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(GError) error = NULL;
  MusterOddsFill *fill;

  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_MESSAGES, "");
  types = muster_terrain_types_new_for_ruleset (muster_doc_get_ruleset (doc), &error);
  g_assert_no_error (error);
  facts = muster_odds_facts_new (doc, types, acting, target, &error);
  g_assert_no_error (error);
  fill = muster_odds_fill_new (facts, procedure, &error);
  g_assert_no_error (error);
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_MESSAGES, "");
  return fill;
}

/* Whether @reason says something in words, not only names (which start with a capital) and
 * figures: a run of three lower-case letters left once the capitalised words are gone */
static gboolean
has_words (const char *reason)
{
  guint run = 0;
  gboolean in_name = FALSE;

  for (const char *p = reason; *p != '\0'; p++)
    {
      if (g_ascii_isupper (*p) && (p == reason || !g_ascii_isalpha (p[-1])))
        in_name = TRUE;
      else if (!g_ascii_isalpha (*p))
        in_name = FALSE;
      run = !in_name && g_ascii_islower (*p) ? run + 1 : 0;
      if (run >= 3)
        return TRUE;
    }
  return FALSE;
}

/* Whether a text of @texts contains @part */
static gboolean
texts_contain (GHashTable *texts,
               const char *part)
{
  GHashTableIter iter;
  gpointer text;

  g_hash_table_iter_init (&iter, texts);
  while (g_hash_table_iter_next (&iter, &text, NULL))
    if (strstr (text, part) != NULL)
      return TRUE;
  return FALSE;
}

/* Every reason the odds panel of @window (@view's selection made) shows beside an input filled
 * from the table or the list (and why a procedure is not possible) is the engine's German one;
 * the English one, where it has words to translate, is shown nowhere. */
static void
assert_odds_panel_german (MusterWindow *window)
{
  MusterDoc *doc = muster_document_get_doc (muster_window_get_document (window));
  GtkWidget *panel = find_descendant (GTK_WIDGET (window), MUSTER_TYPE_ODDS_PANEL);
  const char *acting = muster_odds_panel_get_acting (MUSTER_ODDS_PANEL (panel));
  const char *target = muster_odds_panel_get_target (MUSTER_ODDS_PANEL (panel));
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) english = g_ptr_array_new_with_free_func (g_free);
  guint checked = 0;

  g_assert_nonnull (acting);
  g_assert_nonnull (target);
  expand_odds_rows (panel, rows);
  g_assert_cmpuint (rows->len, >, 0);
  run_frames (GTK_WIDGET (window));
  collect_label_texts (panel, texts);

  for (guint r = 0; r < rows->len; r++)
    {
      const MusterProcedure *procedure = g_object_get_data (rows->pdata[r], "procedure");
      g_autoptr(MusterOddsFill) en = odds_fill_in (doc, acting, target, procedure, "en");
      g_autoptr(MusterOddsFill) de = odds_fill_in (doc, acting, target, procedure, "de");

      for (guint i = 0; i <= procedure->n_inputs; i++)
        {
          const char *said = i < procedure->n_inputs ? en->reasons[i] : en->blocked;
          const char *german = i < procedure->n_inputs ? de->reasons[i] : de->blocked;

          if (said == NULL || !has_words (said))
            continue;
          checked++;
          if (g_strcmp0 (said, german) == 0 || texts_contain (texts, said))
            g_ptr_array_add (english, g_strdup_printf ("%s: “%s”", procedure->id, said));
          /* the German one is what the panel shows (an input's mark, or the figure) */
          else if (i < procedure->n_inputs && en->sources[i] != MUSTER_ODDS_ASK)
            g_assert_true (texts_contain (texts, german));
        }
    }
  for (guint i = 0; i < english->len; i++)
    g_test_message ("odds panel: reason in English %s", (const char *) english->pdata[i]);
  g_assert_cmpuint (checked, >, 0);
  g_assert_cmpuint (english->len, ==, 0);
}

/* Battle at Cold Beck, the Iron Hill Crossbows acting and the Night Archers (Ctrl-selected)
 * their target: the odds panel's reasons are German */
/* The text of the first label under @widget that says "acting → target", or NULL */
static const char *
facts_text (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), " → ") != NULL)
    return gtk_label_get_text (GTK_LABEL (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *found = facts_text (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_translation_odds_panel (void)
{
  MusterWindow *window = new_sized_sample_window ("battle-valor-fantasy-cold-beck.muster",
                                                  1600, 1000);
  MusterMapView *view = battlefield_view (window);
  MusterOddsPanel *panel;

  muster_map_view_select (view, "p4", FALSE);
  muster_map_view_select (view, "p16", TRUE);
  panel = MUSTER_ODDS_PANEL (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_ODDS_PANEL));
  g_assert_cmpstr (muster_odds_panel_get_acting (panel), ==, "u5");
  g_assert_cmpstr (muster_odds_panel_get_target (panel), ==, "u43");
  assert_odds_panel_german (window);
  /* the facts' sentence is German to its last word: the aspect too (it read „front“) */
  {
    const char *facts = facts_text (GTK_WIDGET (panel));

    g_assert_nonnull (facts);
    g_test_message ("facts: %s", facts);
    g_assert_true (strstr (facts, "von vorn gesehen") != NULL ||
                   strstr (facts, "von der Flanke gesehen") != NULL ||
                   strstr (facts, "von hinten gesehen") != NULL);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* @sample, @placement's unit acting against the nearest enemy: the odds panel's reasons are
 * German (a system's own reasons, beside the shared ones) */
static void
test_odds_panel_sample (gconstpointer data)
{
  const char * const *sample = data;
  MusterWindow *window = new_sized_sample_window (sample[0], 1600, 1000);

  muster_map_view_select (battlefield_view (window), sample[1], FALSE);
  assert_odds_panel_german (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

static const char * const hm_sample[] = { "horse-and-musket-cemetery-ridge.muster", "p21" };
static const char * const mov_sample[] = { "medals-of-valor-saint-aubin.muster", "p20" };
static const char * const ul_sample[] = { "undying-lands-twelve-squares.muster", "p3" };
static const char * const sov_sample[] = { "standards-of-valor-afon-ddu.muster", "p18" };

int
main (int   argc,
      char *argv[])
{
  ui_test_translation_init ();
  if (!ui_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/ui/translation/check", test_translation_check);
  g_test_add_func ("/ui/translation/empty", test_translation_empty);
  g_test_add_func ("/ui/translation/workspaces", test_translation_workspaces);
  g_test_add_func ("/ui/translation/preview", test_translation_preview);
  g_test_add_func ("/ui/translation/preview-refusal", test_translation_preview_refusal);
  g_test_add_func ("/ui/translation/preview-senses", test_translation_preview_senses);
  g_test_add_func ("/ui/translation/preferences", test_translation_preferences);
  g_test_add_func ("/ui/translation/new-list", test_translation_new_list);
  g_test_add_func ("/ui/translation/roster", test_translation_roster);
  g_test_add_func ("/ui/translation/odds-panel", test_translation_odds_panel);
  g_test_add_data_func ("/ui/translation/odds-panel-hm", hm_sample, test_odds_panel_sample);
  g_test_add_data_func ("/ui/translation/odds-panel-mov", mov_sample, test_odds_panel_sample);
  g_test_add_data_func ("/ui/translation/odds-panel-sov", sov_sample, test_odds_panel_sample);
  g_test_add_data_func ("/ui/translation/odds-panel-ul", ul_sample, test_odds_panel_sample);
  return ui_test_run ();
}
