/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-battlefield-page.h"
#include "muster-choice-price.h"
#include "muster-engine.h"
#include "muster-generate-dialog.h"
#include "muster-outcome-view.h"
#include "muster-roster-view.h"
#include "muster-unit-editor.h"
#include "ui-test-util.h"

/*
 * What a new user hit (issue 19), seen through the widgets: Undo and Redo in the header, the
 * remove toast's Undo button, the editor's placeholder after a removal.
 */

/* With MUSTER_UX_SHOTS=DIR set, the screen as the test left it, as DIR/@name.png: to look at
 * what the tests see. */
static void
shoot (GtkWidget  *widget,
       const char *name)
{
  const char *dir = g_getenv ("MUSTER_UX_SHOTS");
  g_autofree char *path = NULL;
  g_autofree char *command = NULL;

  if (dir == NULL)
    return;
  run_frames (widget);
  path = g_build_filename (dir, name, NULL);
  command = g_strdup_printf ("import -window root %s.png", path);
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
}

static gboolean
is_button_for (GtkWidget  *widget,
               const char *action)
{
  return GTK_IS_BUTTON (widget)
    && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static gboolean
is_button_labelled (GtkWidget  *widget,
                    const char *label)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
    && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* A widget the user can see: mapped, with its ancestors, and not zero-sized */
static gboolean
shown (GtkWidget *widget)
{
  return widget != NULL && gtk_widget_get_mapped (widget)
    && gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0;
}

static MusterUnit *
unit_with_id (MusterWindow *window,
              const char   *id)
{
  return muster_doc_lookup_unit (muster_document_get_doc (muster_window_get_document (window)), id);
}

/* Undo and Redo sit in the header bar, greyed out when there is nothing to take back or
 * bring again, and their tooltips name the step. */
static void
test_ux_header_undo (void)
{
  MusterWindow *window = new_shown_window ();
  MusterArmyPage *page;
  GtkWidget *undo, *redo;

  /* No document, nothing to undo: no buttons */
  undo = find_matching (GTK_WIDGET (window), is_button_for, "win.undo");
  redo = find_matching (GTK_WIDGET (window), is_button_for, "win.redo");
  g_assert_nonnull (undo);
  g_assert_nonnull (redo);
  g_assert_false (shown (undo));
  gtk_window_destroy (GTK_WINDOW (window));

  window = new_sample_window ("battle-valor-fantasy-1000.muster");
  page = muster_window_get_army_page (window);
  run_frames (GTK_WIDGET (window));
  undo = find_matching (GTK_WIDGET (window), is_button_for, "win.undo");
  redo = find_matching (GTK_WIDGET (window), is_button_for, "win.redo");
  g_assert_true (shown (undo));
  g_assert_true (shown (redo));
  g_assert_false (gtk_widget_is_sensitive (undo));
  g_assert_false (gtk_widget_is_sensitive (redo));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (undo), ==, "Undo");

  g_assert_true (muster_army_page_select_unit (page, unit_with_id (window, "u2")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-size", "u", 16));
  g_assert_true (gtk_widget_is_sensitive (undo));
  g_assert_false (gtk_widget_is_sensitive (redo));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (undo), ==, "Undo Change Size of Iron Guard");

  /* The button itself undoes */
  g_signal_emit_by_name (undo, "clicked");
  g_assert_cmpuint (muster_unit_get_size (unit_with_id (window, "u2")), !=, 16);
  g_assert_false (gtk_widget_is_sensitive (undo));
  g_assert_true (gtk_widget_is_sensitive (redo));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (redo), ==, "Redo Change Size of Iron Guard");
  g_signal_emit_by_name (redo, "clicked");
  g_assert_cmpuint (muster_unit_get_size (unit_with_id (window, "u2")), ==, 16);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
undo_toast_up (gpointer window)
{
  return find_matching (window, is_button_labelled, "_Undo") != NULL;
}

/* Removing a unit says so in a toast whose Undo button brings it back; once another step is
 * taken the button goes, rather than undo that other step. */
static void
test_ux_remove_toast (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-1000.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  GListModel *roster = G_LIST_MODEL (muster_army_page_get_roster (page));
  guint n = g_list_model_get_n_items (roster);
  GtkWidget *button;

  g_assert_true (muster_army_page_select_unit (page, unit_with_id (window, "u2")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.delete", NULL));
  g_assert_null (unit_with_id (window, "u2"));
  spin_until (undo_toast_up, window);
  button = find_matching (GTK_WIDGET (window), is_button_labelled, "_Undo");
  g_signal_emit_by_name (button, "clicked");
  g_assert_nonnull (unit_with_id (window, "u2"));
  g_assert_cmpuint (g_list_model_get_n_items (roster), ==, n);
  g_assert_false (muster_document_get_modified (muster_window_get_document (window)));

  /* Removed, then something else: the toast's Undo would take back the wrong step. */
  g_assert_true (muster_army_page_select_unit (page, unit_with_id (window, "u2")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.delete", NULL));
  spin_until (undo_toast_up, window);
  g_assert_true (muster_army_page_select_unit (page, unit_with_id (window, "u3")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-size", "u", 9));
  button = find_matching (GTK_WIDGET (window), is_button_labelled, "_Undo");
  if (button != NULL)
    g_signal_emit_by_name (button, "clicked");
  g_assert_null (unit_with_id (window, "u2"));
  g_assert_cmpuint (muster_unit_get_size (unit_with_id (window, "u3")), ==, 9);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* After a unit with many options is removed, "No Unit Selected" fits the editor's pane: not
 * pushed down below a long scroll and cut off. */
static void
test_ux_placeholder_after_remove (void)
{
  MusterWindow *window = new_shown_window ();
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            "battle-valor-fantasy-1000.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MusterArmyPage *page = muster_window_get_army_page (window);
  GtkWidget *editor;
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;

  gtk_window_set_default_size (GTK_WINDOW (window), 1240, 720);
  muster_window_open_file (window, file);
  spin_until (window_document_loaded, window);
  editor = find_descendant (GTK_WIDGET (page), MUSTER_TYPE_UNIT_EDITOR);
  scroller = GTK_SCROLLED_WINDOW (find_descendant (editor, GTK_TYPE_SCROLLED_WINDOW));
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);

  g_assert_true (muster_army_page_select_unit (page, unit_with_id (window, "u2")));
  run_frames (GTK_WIDGET (window));
  /* The unit's editor is taller than the pane: the test needs that to mean anything */
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >,
                     gtk_adjustment_get_page_size (adjustment) + 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.delete", NULL));
  run_frames (GTK_WIDGET (window));
  g_assert_null (muster_unit_editor_get_unit (MUSTER_UNIT_EDITOR (editor)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=,
                     gtk_adjustment_get_page_size (adjustment) + 1);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_combo_titled (GtkWidget  *widget,
                 const char *title)
{
  return ADW_IS_COMBO_ROW (widget)
    && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static gboolean
is_label_text (GtkWidget  *widget,
               const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

/* Every choice of the unit editor says what it adds and what the unit would cost with it:
 * the armour list's items, the chosen armour, and each check box. */
static void
test_ux_choice_prices (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-1000.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  MusterUnit *unit = unit_with_id (window, "u2");
  gint64 cost = muster_unit_get_cost (unit)->value;
  /* Every total ends in " *": the Iron Guard's shields are a house value */
  g_autofree char *heavy = g_strdup_printf ("+3 pts per stand · %" G_GINT64_FORMAT " pts in all *",
                                            cost);
  g_autofree char *light = g_strdup_printf ("+1 pt per stand · %" G_GINT64_FORMAT " pts in all *",
                                            cost - 24);
  g_autofree char *two_handed = g_strdup_printf ("+1 pt per stand\n%" G_GINT64_FORMAT
                                                 " pts in all *", cost);
  GtkWidget *editor, *armour, *command;

  g_assert_true (muster_army_page_select_unit (page, unit));
  run_frames (GTK_WIDGET (window));
  editor = find_descendant (GTK_WIDGET (page), MUSTER_TYPE_UNIT_EDITOR);
  armour = find_matching (editor, is_combo_titled, "Armour");
  g_assert_nonnull (armour);
  /* The chosen one's, short, under the group's name: the choice beside it must fit */
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (armour)), ==, "+3 pts per stand");
  command = find_matching (editor, is_combo_titled, "Command");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (command)), ==, "+10 pts");
  /* A check box, double-handed weapons (taken): its price beside it, on two lines */
  g_assert_nonnull (find_matching (editor, is_label_text, two_handed));

  /* The open list prices every armour */
  gtk_widget_activate (armour);
  spin_until (popover_open, armour);
  run_frames (GTK_WIDGET (window));
  shoot (GTK_WIDGET (window), "armour-list");
  g_assert_nonnull (find_matching (find_open_popover (armour), is_label_text, light));
  g_assert_nonnull (find_matching (find_open_popover (armour), is_label_text, heavy));
  gtk_popover_popdown (GTK_POPOVER (find_open_popover (armour)));

  /* The window as wide as the screen, the editor against its right edge: the priced list is
   * wider than its drop-down, and still stays whole on the screen (it was cut by the edge) */
  {
    GdkSurface *parent = gtk_native_get_surface (GTK_NATIVE (window));
    GdkMonitor *monitor = gdk_display_get_monitor_at_surface (gdk_surface_get_display (parent),
                                                              parent);
    GdkRectangle screen;
    GtkWidget *popover, *list;
    graphene_rect_t bounds;
    double dx, dy;
    int x;

    gdk_monitor_get_geometry (monitor, &screen);
    gtk_window_set_default_size (GTK_WINDOW (window), screen.width, screen.height);
    run_frames (GTK_WIDGET (window));
    gtk_widget_activate (armour);
    spin_until (popover_open, armour);
    run_frames (GTK_WIDGET (window));
    shoot (GTK_WIDGET (window), "armour-list-wide");
    g_assert_cmpint (gdk_surface_get_width (parent), >=, screen.width);
    /* the list's items on the screen: the popup's place beside the window (at 0, 0), the
     * popover's place in its surface (its shadow may hang over the edge), the list's in it */
    popover = find_open_popover (armour);
    list = gtk_popover_get_child (GTK_POPOVER (popover));
    g_assert_true (gtk_widget_compute_bounds (list, popover, &bounds));
    gtk_native_get_surface_transform (GTK_NATIVE (popover), &dx, &dy);
    x = gdk_popup_get_position_x (GDK_POPUP (gtk_native_get_surface (GTK_NATIVE (popover))));
    g_test_message ("screen %d wide; list from %g to %g", screen.width,
                    x + dx + bounds.origin.x, x + dx + bounds.origin.x + bounds.size.width);
    g_assert_cmpfloat (x + dx + bounds.origin.x, >=, 0);
    g_assert_cmpfloat (x + dx + bounds.origin.x + bounds.size.width, <=, screen.width);
    gtk_popover_popdown (GTK_POPOVER (find_open_popover (armour)));
  }

  /* Smaller, every price follows */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-size", "u", 11));
  run_frames (GTK_WIDGET (window));
  g_assert_cmpint (muster_unit_get_cost (unit)->value, <, cost);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (armour)), ==, "+3 pts per stand");
  g_assert_null (find_matching (editor, is_label_text, two_handed));

  gtk_window_destroy (GTK_WINDOW (window));
}


/* Outcomes say whether they are counts or categories; categories get no mean and no "at
 * least" or "at most". */
static void
test_ux_outcome_kinds (void)
{
  const MusterProcedure *procedure = muster_procedure_lookup ("medals-of-valor", "initiative");
  const MusterRuleset *ruleset;
  GtkWidget *window = gtk_window_new ();
  MusterOutcomeView *view = g_object_new (MUSTER_TYPE_OUTCOME_VIEW, NULL);
  g_autofree int *values = NULL;
  GtkDropDown *outputs;
  MusterProcedureResult *result;

  g_assert_nonnull (procedure);
  ruleset = muster_catalog_lookup (muster_application_get_catalog (app), procedure->system);
  g_assert_nonnull (procedure->outputs[0].value_labels);
  g_assert_null (procedure->outputs[1].value_labels);
  values = muster_procedure_default_values (procedure);
  result = muster_procedure_run_exact (procedure, ruleset, values, NULL);
  if (result == NULL)
    result = muster_procedure_simulate (procedure, ruleset, values, 2000, 1, NULL);
  g_assert_nonnull (result);

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 500);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  muster_outcome_view_set_procedure (view, procedure);
  muster_outcome_view_set_result (view, result, g_steal_pointer (&values));

  shoot (window, "outcome-categories");
  /* Order of movement: which unit moves first, a category */
  g_assert_nonnull (find_matching (GTK_WIDGET (view), is_label_starting, "Order of movement: categories"));
  g_assert_null (find_matching (GTK_WIDGET (view), is_label_starting, "Order of movement: a count"));
  g_assert_false (gtk_widget_is_sensitive (find_matching (GTK_WIDGET (view), is_button_for,
                                                         "outcome.mode")));

  /* A total is a count: a mean, and at least / at most */
  outputs = GTK_DROP_DOWN (find_descendant (GTK_WIDGET (view), GTK_TYPE_DROP_DOWN));
  gtk_drop_down_set_selected (outputs, 1);
  g_assert_nonnull (find_matching (GTK_WIDGET (view), is_label_starting, "First unit's total: a count, mean "));
  g_assert_true (gtk_widget_is_sensitive (find_matching (GTK_WIDGET (view), is_button_for,
                                                        "outcome.mode")));

  /* "Point at a bar" in the chart; the table has no bars to point at, and says nothing */
  g_assert_nonnull (find_matching (GTK_WIDGET (view), is_label_starting, "Point at a bar"));
  g_object_set (view, "view", "table", NULL);
  g_assert_null (find_matching (GTK_WIDGET (view), is_label_starting, "Point at a bar"));
  g_object_set (view, "view", "chart", NULL);
  g_assert_nonnull (find_matching (GTK_WIDGET (view), is_label_starting, "Point at a bar"));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_status_titled (GtkWidget  *widget,
                  const char *title)
{
  return ADW_IS_STATUS_PAGE (widget)
    && g_strcmp0 (adw_status_page_get_title (ADW_STATUS_PAGE (widget)), title) == 0;
}

static gboolean
preview_refusal_shown (gpointer window)
{
  return find_matching (window, is_label_starting,
                        "No print previewer is installed (muster-no-such-previewer)") != NULL;
}

static gboolean
gone (gpointer pointer)
{
  return *(gpointer *) pointer == NULL;
}

/* The words a new user tripped on: "Save Changes?" names the document; the Battlefield's empty
 * state doesn't ask to open the list that is open; Enter in the Generate dialog's seed
 * generates; Print Preview without a previewer says so. */
static void
test_ux_wording (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-1000.muster");
  MusterArmyPage *page = muster_window_get_army_page (window);
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (window));
  g_autofree char *previewer = NULL;
  GtkWindow *dialog;
  GtkWidget *empty;
  MusterBattlefield *field;

  /* No battlefield in this list: what to do, not "open an army list" */
  muster_window_set_workspace (window, "battlefield");
  empty = find_matching (GTK_WIDGET (window), is_status_titled, "No Battlefield Yet");
  g_assert_nonnull (empty);
  g_assert_true (gtk_widget_get_mapped (empty));
  g_assert_null (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (empty)),
                         "Open an army list"));

  /* A previewer that is not there */
  g_object_get (settings, "gtk-print-preview-command", &previewer, NULL);
  g_object_set (settings, "gtk-print-preview-command", "muster-no-such-previewer %f", NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.print-preview", NULL));
  spin_until (preview_refusal_shown, window);
  g_object_set (settings, "gtk-print-preview-command", previewer, NULL);

  /* Enter in the seed field generates, with the seed typed */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.workspace", "s",
                                             "battlefield"));
  g_assert_true (gtk_widget_activate_action (find_matching (GTK_WIDGET (window), is_status_titled,
                                                            "No Battlefield Yet"),
                                             "battlefield.generate", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_GENERATE_DIALOG));
  dialog = find_toplevel (MUSTER_TYPE_GENERATE_DIALOG);
  /* Battle Valor Fantasy's agreed battlefield is a house rule, not "as the rules lay it out" */
  g_assert_null (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                         "as the rules lay it out"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                            "which the book does not give, on a new table of 6 × 4 ft"));
  {
    GtkWidget *spin = find_descendant (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON);
    GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (spin));

    gtk_editable_set_text (text, "4242");
    g_signal_emit_by_name (text, "activate");
  }
  field = muster_doc_get_battlefield (muster_document_get_doc (muster_window_get_document (window)));
  g_assert_nonnull (field);
  g_assert_nonnull (strstr (muster_battlefield_get_scenario (field, MUSTER_SCENARIO_UMPIRE_NOTES),
                            "seed 4242"));

  /* Closing with changes: the question names the list */
  muster_window_set_workspace (window, "army");
  g_assert_true (muster_army_page_select_unit (page, unit_with_id (window, "u2")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.set-size", "u", 16));
  gtk_window_close (GTK_WINDOW (window));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG));
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "Save Changes to “Host of the Iron Hills”?");
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "discard");
  spin_until (gone, &window);
}

static gboolean
is_action_row_titled (GtkWidget  *widget,
                      const char *title)
{
  return ADW_IS_ACTION_ROW (widget) && !ADW_IS_COMBO_ROW (widget)
    && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static gboolean
is_entry_row_titled (GtkWidget  *widget,
                     const char *title)
{
  return ADW_IS_ENTRY_ROW (widget)
    && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* @label shows its text cut short with "…" */
static gboolean
ellipsized (GtkWidget *label)
{
  return gtk_label_get_ellipsize (GTK_LABEL (label)) != PANGO_ELLIPSIZE_NONE
    && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label)));
}

/* Text cut short says so: the scenario's title and date end in "…" (whole in the tooltip) and
 * turn into an entry when activated; the open lists of procedures, rule systems and terrain
 * show whole names; the status bar's text ends in "…" where it does not fit. */
static void
test_ux_ellipsis (void)
{
  const char *title = "The Third Day: the Assault on Cemetery Ridge";
  MusterWindow *window = new_shown_window ();
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            "horse-and-musket-cemetery-ridge.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MusterBattlefield *field;
  GtkWidget *page, *row, *entry, *label, *procedures, *popover;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  muster_window_open_file (window, file);
  spin_until (window_document_loaded, window);
  muster_window_set_workspace (window, "battlefield");
  run_frames (GTK_WIDGET (window));
  page = find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BATTLEFIELD_PAGE);
  field = muster_doc_get_battlefield (muster_document_get_doc (muster_window_get_document (window)));

  /* The title, cut with "…" in the side panel's 300 px */
  row = find_matching (page, is_action_row_titled, "Title");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  label = find_matching (row, is_label_text, title);
  g_assert_nonnull (label);
  g_assert_true (ellipsized (label));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (row), ==, title);
  row = find_matching (page, is_action_row_titled, "Date or period");
  g_assert_true (ellipsized (find_matching (row, is_label_starting, "Gettysburg, 3 July 1863")));

  /* Activated, the title is an entry; Enter makes it a label again, with the new title */
  row = find_matching (page, is_action_row_titled, "Title");
  entry = find_matching (page, is_entry_row_titled, "Title");
  g_assert_false (gtk_widget_get_mapped (entry));
  g_signal_emit_by_name (row, "activated");
  run_frames (GTK_WIDGET (window));
  g_assert_true (gtk_widget_get_mapped (entry));
  g_assert_false (gtk_widget_get_mapped (row));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, title);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Pickett & Pettigrew");
  g_signal_emit_by_name (entry, "entry-activated");
  run_frames (GTK_WIDGET (window));
  g_assert_true (gtk_widget_get_mapped (row));
  g_assert_false (gtk_widget_get_mapped (entry));
  g_assert_cmpstr (muster_battlefield_get_scenario (field, MUSTER_SCENARIO_TITLE), ==,
                   "Pickett & Pettigrew");
  /* (libadwaita 1.2 gives the subtitle back as text, its markup read) */
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Pickett & Pettigrew");

  /* The status bar's text ends in "…" rather than at the window's edge */
  label = find_matching (page, is_label_starting, "Table ");
  g_assert_nonnull (label);
  g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_END);

  /* The terrain list shows whole names */
  {
    GtkWidget *terrain = find_descendant (page, GTK_TYPE_DROP_DOWN);

    g_signal_emit_by_name (terrain, "activate");
    spin_until (popover_open, terrain);
    run_frames (GTK_WIDGET (window));
    popover = find_open_popover (terrain);
    label = find_matching (popover, is_label_starting, "Woods");
    g_assert_nonnull (label);
    g_assert_false (ellipsized (label));
    gtk_popover_popdown (GTK_POPOVER (popover));
  }

  /* The procedures' list too: "Combat over several rounds", not "Combat over several r…" */
  muster_window_set_workspace (window, "preview");
  run_frames (GTK_WIDGET (window));
  procedures = find_matching (GTK_WIDGET (window), is_combo_titled, "_Procedure");
  g_assert_nonnull (procedures);
  {
    GtkWidget *systems = find_matching (GTK_WIDGET (window), is_combo_titled, "_Rule System");
    GListModel *names = adw_combo_row_get_model (ADW_COMBO_ROW (systems));

    for (guint i = 0; i < g_list_model_get_n_items (names); i++)
      {
        g_autoptr(GtkStringObject) name = g_list_model_get_item (names, i);

        if (g_str_has_prefix (gtk_string_object_get_string (name), "Battle Valor"))
          adw_combo_row_set_selected (ADW_COMBO_ROW (systems), i);
      }
  }
  run_frames (GTK_WIDGET (window));
  gtk_widget_activate (procedures);
  spin_until (popover_open, procedures);
  run_frames (GTK_WIDGET (window));
  shoot (GTK_WIDGET (window), "procedure-list");
  popover = find_open_popover (procedures);
  label = find_matching (popover, is_label_text, "Combat over several rounds");
  g_assert_nonnull (label);
  g_assert_false (ellipsized (label));
  gtk_popover_popdown (GTK_POPOVER (popover));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/ui/ux/header-undo", test_ux_header_undo);
  g_test_add_func ("/ui/ux/remove-toast", test_ux_remove_toast);
  g_test_add_func ("/ui/ux/placeholder-after-remove", test_ux_placeholder_after_remove);
  g_test_add_func ("/ui/ux/outcome-kinds", test_ux_outcome_kinds);
  g_test_add_func ("/ui/ux/choice-prices", test_ux_choice_prices);
  g_test_add_func ("/ui/ux/wording", test_ux_wording);
  g_test_add_func ("/ui/ux/ellipsis", test_ux_ellipsis);

  return ui_test_run ();
}
