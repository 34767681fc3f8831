/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "muster-army-page.h"
#include "muster-catalogue-model.h"
#include "muster-engine.h"
#include "muster-new-list-dialog.h"
#include "muster-roster-model.h"
#include "muster-roster-cells.h"
#include "muster-roster-view.h"
#include "muster-unit-editor.h"
#include "muster-validation-panel.h"
#include "ui-test-util.h"

/* The expected header text, from the engine's own total. */
static char *
expected_total (MusterDocument *document)
{
  MusterForce *force = muster_document_get_force (document);

  return g_strdup_printf ("%" G_GINT64_FORMAT " / %" G_GINT64_FORMAT " pts%s",
                          muster_force_get_total (force), muster_force_get_points_limit (force),
                          muster_force_is_house (force) ? " *" : "");
}

static void
assert_total (MusterArmyPage *page)
{
  g_autofree char *expected = expected_total (muster_army_page_get_document (page));

  g_assert_cmpstr (muster_army_page_get_total_text (page), ==, expected);
}

static void
add_from_catalogue (MusterArmyPage *page,
                    const char     *type_id)
{
  GListModel *catalogue = G_LIST_MODEL (muster_army_page_get_catalogue (page));

  for (guint i = 0; i < g_list_model_get_n_items (catalogue); i++)
    {
      g_autoptr(MusterCatalogueItem) item = g_list_model_get_item (catalogue, i);

      if (g_strcmp0 (muster_catalogue_item_get_id (item), type_id) == 0)
        {
          gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (muster_army_page_get_catalogue (page)), i);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.add-unit", NULL));
          return;
        }
    }
  g_assert_not_reached ();
}

static MusterWindow *
new_list_window (void)
{
  MusterWindow *window = new_shown_window ();
  MusterNewListDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-list", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_NEW_LIST_DIALOG));
  dialog = MUSTER_NEW_LIST_DIALOG (find_toplevel (MUSTER_TYPE_NEW_LIST_DIALOG));
  g_assert_true (muster_new_list_dialog_select_ruleset (dialog, "battle-valor-fantasy"));
  muster_new_list_dialog_set_name (dialog, "Test Host");
  muster_new_list_dialog_set_points_limit (dialog, 500);
  g_assert_cmpint (muster_new_list_dialog_get_points_limit (dialog), ==, 500);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "create");
  return window;
}

static void
test_army_empty (void)
{
  MusterWindow *window = new_shown_window ();
  MusterArmyPage *page = muster_window_get_army_page (window);

  g_assert_null (muster_army_page_get_total_text (page));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (page), "army.add-unit", NULL) &&
                  muster_document_get_doc (muster_window_get_document (window)) != NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_army_build_list (void)
{
  MusterWindow *window = new_list_window ();
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDocument *document = muster_window_get_document (window);
  GListModel *roster = G_LIST_MODEL (muster_army_page_get_roster (page));
  g_autofree char *tmpdir = g_dir_make_tmp ("muster-army-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (tmpdir, "host.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  g_autofree char *saved_total = NULL;
  MusterWindow *reopened;
  MusterUnit *infantry;
  gint64 before;

  /* A new list, empty, against its limit. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Test Host — Muster");
  g_assert_cmpstr (muster_army_page_get_total_text (page), ==, "0 / 500 pts");
  g_assert_cmpuint (g_list_model_get_n_items (roster), ==, 0);

  /* Two units from the catalogue: each is selected once added. */
  add_from_catalogue (page, "infantry");
  add_from_catalogue (page, "cavalry");
  g_assert_cmpuint (g_list_model_get_n_items (roster), ==, 2);
  g_assert_cmpstr (muster_unit_get_type_id (muster_army_page_get_selected_unit (page)), ==,
                   "cavalry");
  assert_total (page);
  g_assert_cmpstr (muster_history_get_undo_label (muster_document_get_history (document)), ==,
                   "Add Cavalry");

  /* Size and an option of the first, through the editor's actions. */
  infantry = muster_node_get_unit (muster_force_get_root (muster_document_get_force (document)), 0);
  g_assert_true (muster_army_page_select_unit (page, infantry));
  before = muster_force_get_total (muster_document_get_force (document));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-size", "u", 8));
  g_assert_cmpuint (muster_unit_get_size (infantry), ==, 8);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.choose-option", "(ss)",
                                             "armour", "heavy-armour"));
  g_assert_cmpuint (muster_unit_get_option_count (infantry, "heavy-armour"), ==, 1);
  g_assert_cmpuint (muster_unit_get_option_count (infantry, "no-armour"), ==, 0);
  g_assert_cmpint (muster_force_get_total (muster_document_get_force (document)), >, before);
  assert_total (page);
  g_assert_true (muster_document_get_modified (document));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• Test Host — Muster");

  /* Undo and redo go through the window's actions; the header follows. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (muster_unit_get_option_count (infantry, "no-armour"), ==, 1);
  assert_total (page);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (muster_unit_get_size (infantry), ==, 4);
  g_assert_cmpint (muster_force_get_total (muster_document_get_force (document)), ==, before);
  assert_total (page);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpuint (muster_unit_get_size (infantry), ==, 8);
  assert_total (page);

  /* Duplicate and remove from the roster's actions. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.duplicate", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (roster), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.delete", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (roster), ==, 2);
  assert_total (page);

  /* The list's own settings. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-points-limit", "x",
                                             (gint64) 2000));
  g_assert_nonnull (strstr (muster_army_page_get_total_text (page), " / 2000 pts"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.rename-list", "s",
                                             "Iron Host"));
  g_assert_cmpstr (muster_force_get_name (muster_document_get_force (document)), ==, "Iron Host");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• Iron Host — Muster");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  assert_total (page);
  g_assert_nonnull (strstr (muster_army_page_get_total_text (page), " / 500 pts"));

  text = muster_army_page_dup_text (page);
  g_assert_nonnull (strstr (text, "Test Host"));
  g_assert_nonnull (strstr (text, "Heavy armour"));

  /* Save, then open it in a second window: the same list and total. */
  saved_total = g_strdup (muster_army_page_get_total_text (page));
  save_and_wait (document, file);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Test Host — Muster");

  reopened = new_shown_window ();
  muster_window_open_file (reopened, file);
  spin_until (window_document_loaded, reopened);
  page = muster_window_get_army_page (reopened);
  g_assert_cmpstr (muster_army_page_get_total_text (page), ==, saved_total);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (muster_army_page_get_roster (page))),
                    ==, 2);

  gtk_window_destroy (GTK_WINDOW (reopened));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (tmpdir);
}

static void
test_army_open_sample (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-1000.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  GListModel *catalogue;
  guint all;

  g_assert_cmpstr (muster_army_page_get_total_text (page), ==, "998 / 1000 pts *");
  g_assert_false (muster_army_page_get_over_limit (page));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (muster_army_page_get_roster (page))),
                    ==, 19);

  /* Over the limit once the Iron Guard grows. */
  g_assert_true (muster_army_page_select_unit (page, muster_doc_lookup_unit (
    muster_document_get_doc (muster_window_get_document (window)), "u2")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-size", "u", 16));
  g_assert_true (muster_army_page_get_over_limit (page));

  /* The catalogue's search, as typed. */
  catalogue = G_LIST_MODEL (muster_army_page_get_catalogue (page));
  all = g_list_model_get_n_items (catalogue);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.focus-search", NULL));
  gtk_editable_set_text (GTK_EDITABLE (gtk_window_get_focus (GTK_WINDOW (window))), "cavalry");
  while (g_list_model_get_n_items (catalogue) == all)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (catalogue), <, all);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_false (muster_army_page_get_over_limit (page));
  g_assert_false (muster_document_get_modified (muster_window_get_document (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
row_titled (GtkWidget  *widget,
            const char *title)
{
  return ADW_IS_ACTION_ROW (widget)
    && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* The first row titled @title under @widget. */
static AdwActionRow *
find_row (GtkWidget  *widget,
          const char *title)
{
  return (AdwActionRow *) find_matching (widget, row_titled, title);
}

static gboolean
label_starting (GtkWidget  *widget,
                const char *prefix)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix);
}

/* The book's note on a chosen option is the choice's tooltip, and follows the choice. */
static void
test_army_option_notes (void)
{
  MusterWindow *window = new_sample_window ("undying-lands-host.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDoc *doc = muster_document_get_doc (muster_window_get_document (window));
  AdwActionRow *shield;

  g_assert_true (muster_army_page_select_unit (page, muster_doc_lookup_unit (doc, "u1")));
  shield = find_row (GTK_WIDGET (page), "Shield");
  g_assert_nonnull (shield);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (shield)), ==,
                   "Only hoplite- or scutum-sized shields count as large (L4).");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.choose-option", "(ss)",
                                             "shield", "shield"));
  g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (find_row (GTK_WIDGET (page),
                                                                    "Shield"))));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The editor keeps its rows for the next unit of the same type (filled in from that unit),
 * also across a move, which deselects the unit and selects it again; another type gets its
 * own rows. */
static void
test_army_editor_rows (void)
{
  MusterWindow *window = new_sample_window ("undying-lands-host.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDoc *doc = muster_document_get_doc (muster_window_get_document (window));
  MusterUnit *legio = muster_doc_lookup_unit (doc, "u1");
  AdwActionRow *shield;

  g_assert_true (muster_army_page_select_unit (page, legio));
  shield = find_row (GTK_WIDGET (page), "Shield");
  g_assert_nonnull (shield);
  g_object_add_weak_pointer (G_OBJECT (shield), (gpointer *) &shield);
  g_assert_nonnull (gtk_widget_get_tooltip_text (GTK_WIDGET (shield)));

  /* The warband (foot too) carries a plain shield: the same row, its note gone. */
  g_assert_true (muster_army_page_select_unit (page, muster_doc_lookup_unit (doc, "u3")));
  g_assert_true (find_row (GTK_WIDGET (page), "Shield") == shield);
  g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (shield)));

  g_assert_true (muster_army_page_select_unit (page, legio));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.move-unit", "(ssu)",
                                             "u1", "n2", 1));
  g_assert_true (muster_army_page_get_selected_unit (page) == legio);
  g_assert_true (find_row (GTK_WIDGET (page), "Shield") == shield);
  g_assert_nonnull (gtk_widget_get_tooltip_text (GTK_WIDGET (shield)));

  /* Hill trolls are another type: their own rows, the foot's gone. */
  g_assert_true (muster_army_page_select_unit (page, muster_doc_lookup_unit (doc, "u5")));
  g_assert_null (shield);
  g_assert_nonnull (find_row (GTK_WIDGET (page), "Shield"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The label a combo row shows. */
static const char *
combo_text (AdwActionRow *row)
{
  GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
  guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (row));

  if (selected == GTK_INVALID_LIST_POSITION)
    return NULL;
  return gtk_string_list_get_string (GTK_STRING_LIST (model), selected);
}

/* A soldier who picks no pay grade has his type's default, and the editor shows it rather
 * than an empty row. */
static void
test_army_default_choice (void)
{
  MusterWindow *window = new_sample_window ("medals-of-valor-village-assault.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDoc *doc = muster_document_get_doc (muster_window_get_document (window));
  MusterUnit *pfc = muster_doc_lookup_unit (doc, "u12");

  g_assert_true (muster_army_page_select_unit (page, pfc));
  g_assert_cmpstr (combo_text (find_row (GTK_WIDGET (page), "Pay grade")), ==,
                   "E3 Private first class");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.choose-option", "(ss)",
                                             "grade", ""));
  g_assert_cmpuint (muster_unit_get_option_count (pfc, "e3"), ==, 0);
  g_assert_cmpstr (combo_text (find_row (GTK_WIDGET (page), "Pay grade")), ==, "E2 Private");
  g_assert_cmpstr (combo_text (find_row (GTK_WIDGET (page), "Weapon")), ==, "Magazine rifle");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpstr (combo_text (find_row (GTK_WIDGET (page), "Pay grade")), ==,
                   "E3 Private first class");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* F8 goes to the next problem's unit and Ctrl+E into its editor: the keyboard's way from a
 * finding to its fix. */
static void
test_army_next_problem (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-1000.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDoc *doc = muster_document_get_doc (muster_window_get_document (window));
  MusterUnit *hearth = muster_doc_lookup_unit (doc, "u4");
  MusterUnit *iron = muster_doc_lookup_unit (doc, "u2");
  GtkWidget *focus;

  /* No problem: F8 leaves the selection alone. */
  g_assert_true (muster_army_page_select_unit (page, iron));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.next-problem", NULL));
  g_assert_true (muster_army_page_get_selected_unit (page) == iron);

  g_assert_true (muster_army_page_select_unit (page, hearth));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-size", "u", 1));
  g_assert_true (muster_army_page_select_unit (page, iron));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.next-problem", NULL));
  g_assert_true (muster_army_page_get_selected_unit (page) == hearth);

  /* Ctrl+E: the focus in the unit editor, on the selected unit's first field. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.edit-unit", NULL));
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_nonnull (focus);
  g_assert_nonnull (gtk_widget_get_ancestor (focus, MUSTER_TYPE_UNIT_EDITOR));
  gtk_window_destroy (GTK_WINDOW (window));
}

static AdwViewStackPage *
army_stack_page (MusterWindow *window)
{
  GtkWidget *page = GTK_WIDGET (muster_window_get_army_page (window));
  GtkWidget *stack = gtk_widget_get_ancestor (page, ADW_TYPE_VIEW_STACK);

  return adw_view_stack_get_page (ADW_VIEW_STACK (stack), page);
}

/* The row of the first finding about @unit_id */
static guint
diagnostic_position (GListModel *diagnostics,
                     const char *unit_id)
{
  for (guint i = 0; i < g_list_model_get_n_items (diagnostics); i++)
    {
      g_autoptr(MusterDiagnostic) diagnostic = g_list_model_get_item (diagnostics, i);

      if (g_strcmp0 (muster_diagnostic_get_unit_id (diagnostic), unit_id) == 0)
        return i;
    }
  g_assert_not_reached ();
}

/* A General of two models breaks a rule: the finding shows, the tab gets a badge, and
 * activating the finding selects the General; undo clears it all. */
static void
test_army_validation (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-1000.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDocument *document = muster_window_get_document (window);
  GListModel *diagnostics = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));
  AdwViewStackPage *tab = army_stack_page (window);
  MusterUnit *general;
  MusterDiagnostic *diagnostic;
  guint position;

  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 0);
  g_assert_cmpuint (adw_view_stack_page_get_badge_number (tab), ==, 0);
  g_assert_false (adw_view_stack_page_get_needs_attention (tab));

  general = muster_doc_lookup_unit (muster_document_get_doc (document), "u1");
  g_assert_true (muster_army_page_select_unit (page, general));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-size", "u", 2));
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), >=, 1);
  g_assert_false (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (document)));
  g_assert_cmpuint (adw_view_stack_page_get_badge_number (tab), ==,
                    muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)));
  g_assert_true (adw_view_stack_page_get_needs_attention (tab));
  position = diagnostic_position (diagnostics, "u1");
  diagnostic = g_list_model_get_item (diagnostics, position);
  g_assert_cmpstr (muster_diagnostic_get_rule_id (diagnostic), ==, "size-single-model");
  g_assert_cmpint (muster_diagnostic_get_severity (diagnostic), ==, MUSTER_SEVERITY_ERROR);
  g_object_unref (diagnostic);

  /* Away from the General, then back through the finding. */
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (muster_army_page_get_roster (page)),
                                     GTK_INVALID_LIST_POSITION);
  g_assert_null (muster_army_page_get_selected_unit (page));
  g_assert_true (muster_army_page_show_diagnostic (page, position));
  g_assert_true (muster_army_page_get_selected_unit (page) == general);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 0);
  g_assert_true (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (document)));
  g_assert_cmpuint (adw_view_stack_page_get_badge_number (tab), ==, 0);
  g_assert_false (adw_view_stack_page_get_needs_attention (tab));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
sample_loaded (gpointer data)
{
  return muster_document_get_file (data) != NULL;
}

/* A house-rule variant with an organisation level: groups in the roster tree. */
static void
test_army_groups (void)
{
  g_autoptr(MusterCatalog) catalog = muster_catalog_new ();
  g_autoptr(MusterRuleset) club = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (MUSTER_TEST_DATA, "rulesets-club", NULL);
  g_autofree char *shipped = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "rulesets",
                                               NULL);
  MusterWindow *window = new_shown_window ();
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDocument *document = muster_window_get_document (window);
  GListModel *roster;
  g_autoptr(GtkTreeListRow) group_row = NULL;
  g_autoptr(MusterRosterRow) group = NULL;
  MusterNode *detachment;

  muster_catalog_scan_dir (catalog, shipped);
  muster_catalog_scan_dir (catalog, dir);
  club = muster_catalog_resolve (catalog, "club-bvf", &error);
  g_assert_no_error (error);
  muster_document_start_list (document, club, "Club Night", 600);
  roster = G_LIST_MODEL (muster_army_page_get_roster (page));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.add-group", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (roster), ==, 1);
  group_row = g_list_model_get_item (roster, 0);
  group = gtk_tree_list_row_get_item (group_row);
  g_assert_true (muster_roster_row_is_node (group));
  g_assert_cmpstr (muster_roster_row_get_name (group), ==, "Detachment");
  g_assert_cmpstr (muster_history_get_undo_label (muster_document_get_history (document)), ==,
                   "Add Detachment");

  /* With the group selected, a unit type goes into it; the tree shows it expanded. */
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (roster), 0);
  add_from_catalogue (page, "infantry");
  detachment = muster_roster_row_get_node (group);
  g_assert_cmpuint (muster_node_get_n_units (detachment), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (roster), ==, 2);
  g_assert_cmpint (muster_roster_row_get_cost (group), ==, muster_node_get_total (detachment));
  g_assert_cmpint (muster_node_get_total (detachment), >, 0);
  assert_total (page);

  /* Selecting a unit inside a collapsed group opens the group first. */
  {
    MusterUnit *unit = muster_node_get_unit (detachment, 0);

    gtk_tree_list_row_set_expanded (group_row, FALSE);
    g_assert_cmpuint (g_list_model_get_n_items (roster), ==, 1);
    g_assert_true (muster_army_page_select_unit (page, unit));
    g_assert_true (gtk_tree_list_row_get_expanded (group_row));
    g_assert_true (muster_army_page_get_selected_unit (page) == unit);
  }

  /* Another list replaces this one in place, selection and all. */
  {
    g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                              "battle-valor-fantasy-1000.muster", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_nonnull (muster_army_page_get_selected_unit (page));
    muster_window_open_file (window, file);
    spin_until (sample_loaded, document);
    g_assert_null (muster_army_page_get_selected_unit (page));
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (muster_army_page_get_roster (page))),
                      ==, 19);
    g_assert_cmpstr (muster_army_page_get_total_text (page), ==, "998 / 1000 pts *");
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static const char *
undo_label (MusterDocument *document)
{
  return muster_history_get_undo_label (muster_document_get_history (document));
}

/* The labels of the "Move To…" menu */
static char *
move_menu_labels (MusterArmyPage *page)
{
  GMenuModel *section = muster_army_page_get_move_menu (page);
  g_autoptr(GMenuModel) menu = g_menu_model_get_item_link (section, 0, G_MENU_LINK_SECTION);
  g_autoptr(GString) labels = g_string_new (NULL);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *label = NULL;

      g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
      g_string_append_printf (labels, "%s%s", i > 0 ? "|" : "", label);
    }
  return g_string_free (g_steal_pointer (&labels), FALSE);
}

/* Units and groups move by the drops' actions, by "Move To…" and by Alt+arrows, each one
 * undoable step named after what moved; groups rename with F2. */
static void
test_army_moves (void)
{
  MusterWindow *window = new_sample_window ("undying-lands-host.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDocument *document = muster_window_get_document (window);
  MusterDoc *doc = muster_document_get_doc (document);
  MusterNode *root = muster_force_get_root (muster_document_get_force (document));
  MusterUnit *legio = muster_doc_lookup_unit (doc, "u1");
  MusterNode *right = muster_unit_get_node (legio);
  MusterNode *centre = muster_node_get_node (root, 1);
  MusterNode *left = muster_node_get_node (root, 2);
  g_autofree char *labels = NULL;
  gint64 total = muster_force_get_total (muster_document_get_force (document));

  g_assert_cmpstr (muster_node_get_id (centre), ==, "n2");

  /* A drop of the Legion after the Galatian warband (u3, first in the centre). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.move-unit", "(ssu)",
                                             "u1", "n2", 1));
  g_assert_true (muster_unit_get_node (legio) == centre);
  g_assert_true (muster_node_get_unit (centre, 1) == legio);
  g_assert_true (muster_army_page_get_selected_unit (page) == legio);
  g_assert_cmpstr (undo_label (document), ==, "Move Legio II Augusta");
  g_assert_cmpint (muster_force_get_total (muster_document_get_force (document)), ==, total);
  /* Out of range, or where it already is: nothing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.move-unit", "(ssu)",
                                             "u1", "n2", 9));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.move-unit", "(ssu)",
                                             "u1", "n2", 1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (muster_unit_get_node (legio) == right);
  g_assert_false (muster_history_get_can_undo (muster_document_get_history (document)));

  /* Alt+Down on a unit reorders it in its wing. */
  g_assert_true (muster_army_page_select_unit (page, legio));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.move-down", NULL));
  g_assert_true (muster_node_get_unit (right, 1) == legio);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));

  /* Ctrl+M offers every other wing; no top level, since Undying Lands' army holds no units. */
  g_assert_true (muster_army_page_select_unit (page, legio));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.show-move-to", NULL));
  labels = move_menu_labels (page);
  g_assert_cmpstr (labels, ==, "Centre: the warbands|Left wing: the horse");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.move-to", "s", "n3"));
  g_assert_true (muster_unit_get_node (legio) == left);
  g_assert_true (muster_node_get_unit (left, muster_node_get_n_units (left) - 1) == legio);
  g_assert_cmpstr (undo_label (document), ==, "Move Legio II Augusta");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));

  /* A unit type dropped into the centre, at its top. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.add-unit-at", "(ssu)",
                                             "foot", "n2", 0));
  g_assert_cmpstr (muster_unit_get_type_id (muster_node_get_unit (centre, 0)), ==, "foot");
  g_assert_true (muster_army_page_get_selected_unit (page) == muster_node_get_unit (centre, 0));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpstr (muster_unit_get_id (muster_node_get_unit (centre, 0)), ==, "u3");

  /* Groups: a drop of the left wing first; then into the centre; never into itself. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.move-group", "(ssu)",
                                             "n3", "", 0));
  g_assert_true (muster_node_get_node (root, 0) == left);
  g_assert_cmpstr (undo_label (document), ==, "Move Left wing: the horse");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.move-group", "(ssu)",
                                             "n3", "n2", 0));
  g_assert_true (muster_node_get_parent (left) == centre);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.move-group", "(ssu)",
                                             "n2", "n3", 0));
  g_assert_true (muster_node_get_parent (centre) == root);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (muster_node_get_node (root, 2) == left);

  /* Alt+Up on a group, then F2 and a new name. */
  g_assert_true (muster_army_page_select_node (page, left));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.move-up", NULL));
  g_assert_true (muster_node_get_node (root, 1) == left);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.start-rename", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.rename-group", "s",
                                             "Left wing: the riders"));
  g_assert_cmpstr (muster_node_get_name (left), ==, "Left wing: the riders");
  g_assert_cmpstr (undo_label (document), ==, "Rename Left wing: the horse");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpstr (muster_node_get_name (left), ==, "Left wing: the horse");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (muster_node_get_node (root, 2) == left);
  g_assert_false (muster_document_get_modified (document));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A selected group shows its kind, name, units and total in the editor pane; its name there
 * renames it, one undoable step. */
static void
test_army_group_panel (void)
{
  MusterWindow *window = new_sample_window ("undying-lands-host.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDocument *document = muster_window_get_document (window);
  MusterDoc *doc = muster_document_get_doc (document);
  MusterUnitEditor *editor = MUSTER_UNIT_EDITOR (find_descendant (GTK_WIDGET (page),
                                                                  MUSTER_TYPE_UNIT_EDITOR));
  MusterUnit *legio = muster_doc_lookup_unit (doc, "u1");
  MusterNode *wing = muster_unit_get_node (legio);
  GtkStack *stack = GTK_STACK (find_descendant (GTK_WIDGET (editor), GTK_TYPE_STACK));
  /* The group page's first entry is the group's name. */
  GtkWidget *entry = find_descendant (gtk_stack_get_child_by_name (stack, "group"),
                                      ADW_TYPE_ENTRY_ROW);
  AdwPreferencesGroup *prefs;
  g_autofree char *total = NULL;

  g_assert_nonnull (entry);
  prefs = ADW_PREFERENCES_GROUP (gtk_widget_get_ancestor (entry, ADW_TYPE_PREFERENCES_GROUP));

  /* A unit: the unit's page, no group. */
  g_assert_true (muster_army_page_select_unit (page, legio));
  g_assert_null (muster_unit_editor_get_group (editor));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "unit");

  g_assert_true (muster_army_page_select_node (page, wing));
  g_assert_true (muster_unit_editor_get_group (editor) == wing);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "group");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Right wing: the Legion");
  g_assert_cmpstr (adw_preferences_group_get_title (prefs), ==, "Wing");
  total = g_strdup_printf ("2 units · %" G_GINT64_FORMAT " IP%s", muster_node_get_total (wing),
                           muster_node_is_house (wing) ? " *" : "");
  g_assert_cmpstr (adw_preferences_group_get_description (prefs), ==, total);

  /* Typing a name renames the group; undo puts the old one back, in the entry too. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "The Legion");
  g_assert_cmpstr (muster_node_get_name (wing), ==, "The Legion");
  g_assert_true (muster_history_undo (muster_document_get_history (document)));
  g_assert_cmpstr (muster_node_get_name (wing), ==, "Right wing: the Legion");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Right wing: the Legion");

  /* Back to a unit: the group panel goes. */
  g_assert_true (muster_army_page_select_unit (page, legio));
  g_assert_null (muster_unit_editor_get_group (editor));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "unit");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The title of the roster's last column, the cost's */
static const char *
cost_column_title (MusterArmyPage *page)
{
  MusterRosterHeader *header = MUSTER_ROSTER_HEADER (find_descendant (GTK_WIDGET (page),
                                                                      MUSTER_TYPE_ROSTER_HEADER));

  return muster_roster_header_get_title (header, MUSTER_ROSTER_COLUMN_COST);
}

/* A group's own findings show under its name; a group without any shows none. */
static void
test_army_group_findings (void)
{
  MusterWindow *window = new_sample_window ("medals-of-valor-saint-aubin.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDoc *doc = muster_document_get_doc (muster_window_get_document (window));
  MusterUnitEditor *editor = MUSTER_UNIT_EDITOR (find_descendant (GTK_WIDGET (page),
                                                                  MUSTER_TYPE_UNIT_EDITOR));
  GtkStack *stack = GTK_STACK (find_descendant (GTK_WIDGET (editor), GTK_TYPE_STACK));
  GtkWidget *prefs = find_descendant (gtk_stack_get_child_by_name (stack, "group"),
                                      ADW_TYPE_PREFERENCES_GROUP);
  GtkWidget *findings = gtk_widget_get_next_sibling (prefs);
  MusterNode *platoon = muster_unit_get_node (muster_doc_lookup_unit (doc, "u5"));
  GtkWidget *row;

  /* A head count, not a cost */
  g_assert_cmpstr (cost_column_title (page), ==, "Men");

  /* The platoon is a man short. */
  g_assert_true (muster_army_page_select_node (page, platoon));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "group");
  g_assert_true (gtk_widget_get_visible (findings));
  row = find_descendant (findings, ADW_TYPE_ACTION_ROW);
  g_assert_nonnull (row);
  g_assert_true (g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                                   "2nd Platoon is under strength: 32"));

  /* Its 1st Squad is complete. */
  g_assert_true (muster_army_page_select_node (page, muster_node_get_node (platoon, 0)));
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (prefs)), ==, "Squad");
  g_assert_false (gtk_widget_get_visible (findings));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A widget whose tooltip reads @text */
static gboolean
is_tooltip (GtkWidget  *widget,
            const char *text)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

/* A label reading exactly @text */
static gboolean
is_label_reading (GtkWidget  *widget,
                  const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

/* The header's legal pill (either width's) reading exactly @text */
static gboolean
is_pill_reading (GtkWidget  *widget,
                 const char *text)
{
  return is_label_reading (widget, text) &&
         (gtk_widget_has_css_class (widget, "legal") || gtk_widget_has_css_class (widget, "illegal"));
}

/* Position of the first finding about @force's whole list, or G_MAXUINT */
static guint
whole_list_finding (MusterDocument *document,
                    MusterForce    *force)
{
  GListModel *diagnostics = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));

  for (guint i = 0; i < g_list_model_get_n_items (diagnostics); i++)
    {
      g_autoptr(MusterDiagnostic) diagnostic = g_list_model_get_item (diagnostics, i);

      if (g_strcmp0 (muster_diagnostic_get_force_id (diagnostic), muster_force_get_id (force)) == 0
          && muster_diagnostic_get_unit_id (diagnostic) == NULL
          && muster_diagnostic_get_node_id (diagnostic) == NULL)
        return i;
    }
  return G_MAXUINT;
}

/* A scenario's second force (Cold Beck's attached Goblin warband) is shown and edited in the
 * Army through the force switcher; its findings, which count in the badge, say whose they are,
 * and activating one shows that force, not the rename popover of the first (issue 19). */
static void
test_army_forces (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDocument *document = muster_window_get_document (window);
  MusterDoc *doc = muster_document_get_doc (document);
  MusterForce *ours = muster_doc_get_force (doc, 0);
  MusterForce *theirs = muster_doc_get_force (doc, 1);
  GListModel *roster = G_LIST_MODEL (muster_army_page_get_roster (page));
  GtkWidget *panel = find_descendant (GTK_WIDGET (page), MUSTER_TYPE_VALIDATION_PANEL);
  g_autoptr(GtkTreeListRow) first = NULL;
  g_autoptr(MusterRosterRow) row = NULL;
  g_autofree char *text = NULL;
  g_autofree char *whose = NULL;
  MusterUnit *unit;
  guint position;

  g_assert_cmpstr (muster_force_get_name (theirs), ==, "Grishnak's Warband");
  g_assert_true (muster_army_page_get_force (page) == ours);
  g_assert_true (gtk_widget_is_visible (find_matching (GTK_WIDGET (page), is_tooltip,
                                                       "Show Another Force")));

  /* Their force: its name in the header, its units in the roster */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.force", "u", 1));
  g_assert_true (muster_army_page_get_force (page) == theirs);
  text = muster_army_page_dup_text (page);
  g_assert_true (g_str_has_prefix (text, "Grishnak's Warband — "));
  g_assert_cmpuint (g_list_model_get_n_items (roster), >, 0);
  first = g_list_model_get_item (roster, 0);
  row = gtk_tree_list_row_get_item (first);
  unit = muster_roster_row_get_unit (row);
  g_assert_nonnull (unit);
  g_assert_true (muster_unit_get_force (unit) == theirs);

  /* Editable: their limit lowered below their total is an error about their whole list */
  g_assert_cmpuint (whole_list_finding (document, theirs), ==, G_MAXUINT);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-points-limit", "x",
                                             muster_force_get_total (theirs) - 1));
  g_assert_cmpint (muster_force_get_points_limit (theirs), ==, muster_force_get_total (theirs) - 1);
  position = whole_list_finding (document, theirs);
  g_assert_cmpuint (position, !=, G_MAXUINT);

  /* The pill speaks of the force shown: theirs has the error, ours is legal */
  run_frames (GTK_WIDGET (window));
  g_assert_nonnull (find_matching (GTK_WIDGET (page), is_pill_reading, "1 error"));

  /* Shown from our force, the finding says whose it is, and leads to their force */
  g_assert_true (muster_army_page_show_force (page, 0));
  g_assert_true (muster_army_page_get_force (page) == ours);
  run_frames (GTK_WIDGET (window));
  g_assert_nonnull (find_matching (GTK_WIDGET (page), is_pill_reading, "Legal"));
  g_assert_null (find_matching (GTK_WIDGET (page), is_pill_reading, "1 error"));
  whose = g_strdup_printf ("%s: the whole list", muster_force_get_name (theirs));
  g_assert_nonnull (find_matching (panel, is_label_reading, whose));
  muster_army_page_show_diagnostic (page, position);
  g_assert_true (muster_army_page_get_force (page) == theirs);

  /* A unit of ours selected from their force shows ours again */
  g_assert_true (muster_army_page_select_unit (page, muster_node_get_unit (muster_force_get_root (ours), 0)));
  g_assert_true (muster_army_page_get_force (page) == ours);
  g_assert_true (muster_army_page_get_selected_unit (page)
                 == muster_node_get_unit (muster_force_get_root (ours), 0));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A long category wraps rather than hiding the statistics, and the tooltip holds it all. */
static void
test_army_catalogue_details (void)
{
  MusterWindow *window = new_sample_window ("standards-of-valor-afon-ddu.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  GtkLabel *details;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  /* The category, then the statistics */
  details = GTK_LABEL (find_matching (GTK_WIDGET (page), label_starting,
                                      "Independent Figure / Special Character · QD "));
  g_assert_nonnull (details);
  g_assert_true (gtk_label_get_wrap (details));
  g_assert_cmpint (gtk_label_get_lines (details), ==, 2);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (details)), ==,
                   gtk_label_get_label (details));

  /* Bought with points: the roster's column is a cost. */
  g_assert_cmpstr (cost_column_title (page), ==, "Cost");

  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
roster_list_view (MusterArmyPage *page)
{
  return find_descendant (find_descendant (GTK_WIDGET (page), MUSTER_TYPE_ROSTER_VIEW),
                          GTK_TYPE_LIST_VIEW);
}

/* The roster's drawn row of @unit: laid out, showing it */
typedef struct
{
  GtkWidget  *list_view;
  MusterUnit *unit;
} LineSought;

static MusterRosterLine *
line_of (GtkWidget  *list_view,
         MusterUnit *unit)
{
  for (GtkWidget *item = gtk_widget_get_first_child (list_view); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *line = gtk_widget_get_first_child (item);
      GtkTreeListRow *tree_row = MUSTER_IS_ROSTER_LINE (line)
        ? muster_roster_line_get_list_row (MUSTER_ROSTER_LINE (line)) : NULL;
      g_autoptr(MusterRosterRow) row = tree_row ? gtk_tree_list_row_get_item (tree_row) : NULL;

      if (row != NULL && muster_roster_row_get_unit (row) == unit &&
          gtk_widget_get_mapped (line) && gtk_widget_get_width (line) > 0)
        return MUSTER_ROSTER_LINE (line);
    }
  return NULL;
}

static gboolean
line_drawn (gpointer data)
{
  LineSought *sought = data;

  return line_of (sought->list_view, sought->unit) != NULL;
}

static gboolean
roster_scrollable (gpointer data)
{
  GtkAdjustment *adjustment = data;

  return gtk_adjustment_get_page_size (adjustment) > 0 &&
         gtk_adjustment_get_upper (adjustment) > gtk_adjustment_get_page_size (adjustment);
}

static gboolean
roster_scrolled (gpointer data)
{
  return gtk_adjustment_get_value (GTK_ADJUSTMENT (data)) > 0;
}

/* Lets a few frames go by */
/* A roster row shows its unit's name, size, statistics and cost, and follows an edit. */
static void
test_army_roster_rows (void)
{
  MusterWindow *window = new_sample_window ("standards-of-valor-afon-ddu.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDocument *document = muster_window_get_document (window);
  MusterNode *root = muster_force_get_root (muster_document_get_force (document));
  MusterUnit *unit = muster_node_get_unit (root, 0);
  GtkWidget *list_view = roster_list_view (page);
  LineSought sought = { list_view, unit };
  g_autofree char *size = g_strdup_printf ("%u", muster_unit_get_size (unit));
  g_autofree char *bigger = g_strdup_printf ("%u", muster_unit_get_size (unit) + 1);
  MusterRosterLine *line;

  spin_until (line_drawn, &sought);
  line = line_of (list_view, unit);
  g_assert_cmpstr (muster_roster_line_get_text (line, MUSTER_ROSTER_COLUMN_NAME), ==,
                   muster_unit_get_name (unit));
  g_assert_cmpstr (muster_roster_line_get_text (line, MUSTER_ROSTER_COLUMN_SIZE), ==, size);
  /* "QD 10 · QM 4": a statistic's name and value stay on one line */
  g_assert_true (g_str_has_prefix (muster_roster_line_get_text (line, MUSTER_ROSTER_COLUMN_STATS),
                                   "QD\u00a0"));
  g_assert_null (strstr (muster_roster_line_get_text (line, MUSTER_ROSTER_COLUMN_STATS), "QD "));
  g_assert_cmpstr (muster_roster_line_get_text (line, MUSTER_ROSTER_COLUMN_COST), !=, "");

  /* One more man: the same row shows the new size. */
  g_assert_true (muster_army_page_select_unit (page, unit));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-size", "u",
                                             muster_unit_get_size (unit) + 1));
  g_assert_cmpstr (muster_roster_line_get_text (line_of (list_view, unit),
                                                MUSTER_ROSTER_COLUMN_SIZE), ==, bigger);
  g_assert_true (muster_history_undo (muster_document_get_history (document)));
  g_assert_cmpstr (muster_roster_line_get_text (line_of (list_view, unit),
                                                MUSTER_ROSTER_COLUMN_SIZE), ==, size);

  /* Moved down a place, and selected elsewhere: each row still shows its own unit. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.move-down", NULL));
  g_assert_true (muster_node_get_unit (root, 1) == unit);
  g_assert_true (muster_army_page_select_unit (page, muster_node_get_unit (root, 0)));
  for (guint i = 0; i < 2; i++)
    {
      sought.unit = muster_node_get_unit (root, i);
      spin_until (line_drawn, &sought);
      g_assert_cmpstr (muster_roster_line_get_text (line_of (list_view, sought.unit),
                                                    MUSTER_ROSTER_COLUMN_NAME), ==,
                       muster_unit_get_name (sought.unit));
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Selecting a unit out of view scrolls the roster to it; one in view leaves it where it is. */
static void
test_army_roster_scroll (void)
{
  MusterWindow *window = new_sample_window ("medals-of-valor-saint-aubin.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterDocument *document = muster_window_get_document (window);
  MusterNode *node = muster_force_get_root (muster_document_get_force (document));
  GtkWidget *list_view = roster_list_view (page);
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list_view));
  MusterUnit *first = muster_node_get_unit (node, 0);
  MusterUnit *last;
  LineSought sought = { list_view, NULL };
  double value;

  /* The last row: the last unit of the last group, all the way down */
  while (muster_node_get_n_nodes (node) > 0)
    node = muster_node_get_node (node, muster_node_get_n_nodes (node) - 1);
  g_assert_cmpuint (muster_node_get_n_units (node), >, 0);
  last = muster_node_get_unit (node, muster_node_get_n_units (node) - 1);

  spin_until (roster_scrollable, adjustment);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
  g_assert_true (muster_army_page_select_unit (page, first));
  run_frames (GTK_WIDGET (window));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);

  g_assert_true (muster_army_page_select_unit (page, last));
  spin_until (roster_scrolled, adjustment);
  sought.unit = last;
  spin_until (line_drawn, &sought);
  value = gtk_adjustment_get_value (adjustment);
  g_assert_true (muster_army_page_select_unit (page, last));
  run_frames (GTK_WIDGET (window));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, value);

  /* Back to the top */
  g_assert_true (muster_army_page_select_unit (page, first));
  run_frames (GTK_WIDGET (window));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), <, value);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/ui/army/empty", test_army_empty);
  g_test_add_func ("/ui/army/build-list", test_army_build_list);
  g_test_add_func ("/ui/army/open-sample", test_army_open_sample);
  g_test_add_func ("/ui/army/option-notes", test_army_option_notes);
  g_test_add_func ("/ui/army/editor-rows", test_army_editor_rows);
  g_test_add_func ("/ui/army/default-choice", test_army_default_choice);
  g_test_add_func ("/ui/army/next-problem", test_army_next_problem);
  g_test_add_func ("/ui/army/groups", test_army_groups);
  g_test_add_func ("/ui/army/group-panel", test_army_group_panel);
  g_test_add_func ("/ui/army/group-findings", test_army_group_findings);
  g_test_add_func ("/ui/army/forces", test_army_forces);
  g_test_add_func ("/ui/army/catalogue-details", test_army_catalogue_details);
  g_test_add_func ("/ui/army/validation", test_army_validation);
  g_test_add_func ("/ui/army/moves", test_army_moves);
  g_test_add_func ("/ui/army/roster-rows", test_army_roster_rows);
  g_test_add_func ("/ui/army/roster-scroll", test_army_roster_scroll);

  return ui_test_run ();
}
