/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <locale.h>
#include <string.h>

#include "muster-application.h"
#include "ui-test-util.h"
#include "muster-battle-log-view.h"
#include "muster-battlefield-commands.h"
#include "muster-battlefield-page.h"
#include "muster-engine.h"
#include "../engine/muster-test-util.h"
#include "muster-odds-figure.h"
#include "muster-odds-panel.h"
#include "muster-outcome-view.h"
#include "muster-procedure-inputs.h"
#include "muster-window.h"

/*
 * The Battlefield's odds panel (issue 22) on Battle at Cold Beck: selecting the Iron Hill
 * Crossbows shows their odds against the nearest enemy, the Night Archers (out of range); the
 * next-target action steps through the enemy within reach by distance (none at first, which
 * the panel says); Ctrl+selecting the archers makes them the target again; dragging the crossbows across the table changes the missile-fire
 * figure while the drag is on (the panel reads the table every frame: long range at 20.3″)
 * and leaves the one the engine gives for where they are put down (short range at 6″).
 */

static MusterOddsPanel *
window_panel (MusterWindow *window)
{
  return MUSTER_ODDS_PANEL (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_ODDS_PANEL));
}

/* The result the engine gives for @procedure_id, the crossbows (u5) against the archers
 * (u43) where they are: the table's inputs, with @input_id (when given) set to @value by
 * hand, played @trials times with seed 1 when the procedure is simulated. */
static MusterProcedureResult *
engine_run (MusterWindow *window,
            const char   *procedure_id,
            const char   *input_id,
            int           value,
            guint         trials)
{
  MusterDoc *doc = muster_document_get_doc (muster_window_get_document (window));
  const MusterProcedure *procedure = muster_procedure_lookup ("battle-valor-fantasy",
                                                              procedure_id);
  g_autoptr(MusterTerrainTypes) types = NULL;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterOddsFill) fill = NULL;
  g_autoptr(MusterProcedureResult) result = NULL;
  g_autoptr(GError) error = NULL;

  types = muster_terrain_types_new_for_ruleset (muster_doc_get_ruleset (doc), &error);
  g_assert_no_error (error);
  facts = muster_odds_facts_new (doc, types, "u5", "u43", &error);
  g_assert_no_error (error);
  fill = muster_odds_fill_new (facts, procedure, &error);
  g_assert_no_error (error);
  if (input_id != NULL)
    fill->values[muster_procedure_find_input (procedure, input_id)] = value;
  result = muster_odds_fill_run (fill, facts, trials, 1, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&result);
}

/* The missile-fire result the engine gives for the crossbows and the archers where they are. */
static MusterProcedureResult *
engine_result (MusterWindow *window)
{
  return engine_run (window, "missile-fire", NULL, 0, 1);
}

/* The engine's missile-fire figure for the crossbows and the archers where they are, with
 * input @id given @value by hand. */
static char *
engine_figure_with (MusterWindow *window,
                    const char   *id,
                    int           value)
{
  g_autoptr(MusterProcedureResult) result = engine_run (window, "missile-fire", id, value, 1);

  return muster_odds_key_figure (result);
}

/* The value of missile fire's range input for the band @band ("short"). */
static int
range_value (const char *band)
{
  const MusterProcedure *procedure = muster_procedure_lookup ("battle-valor-fantasy",
                                                              "missile-fire");
  g_autofree int *values = muster_procedure_default_values (procedure);
  g_autofree char *assignment = g_strdup_printf ("range=%s", band);
  g_autoptr(GError) error = NULL;

  muster_procedure_set_value (procedure, values, assignment, &error);
  g_assert_no_error (error);
  return values[muster_procedure_find_input (procedure, "range")];
}

static char *
engine_figure (MusterWindow *window)
{
  g_autoptr(MusterProcedureResult) result = engine_result (window);

  return muster_odds_key_figure (result);
}

static void drag_to (MusterWindow *window,
                     MusterMapView *view,
                     const char    *placement,
                     MusterPoint    to);

static void
test_select_tab_and_drag (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  MusterBattlefieldPage *page;
  MusterMapView *view;
  MusterOddsPanel *panel;
  MusterBattlefield *field;
  MusterViewport *viewport;
  GtkGesture *drag;
  MusterPoint from, half, to;
  double x0, y0, x1, y1, xh, yh;
  g_autofree char *far_figure = NULL;
  g_autofree char *mid_figure = NULL;
  g_autofree char *near_figure = NULL;
  g_autofree char *expected = NULL;

  g_object_set (window, "workspace", "battlefield", NULL);
  page = MUSTER_BATTLEFIELD_PAGE (find_descendant (GTK_WIDGET (window),
                                                   MUSTER_TYPE_BATTLEFIELD_PAGE));
  view = muster_battlefield_page_get_map_view (page);
  panel = window_panel (window);
  field = muster_doc_get_battlefield (muster_document_get_doc (
    muster_window_get_document (window)));
  run_frames (GTK_WIDGET (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));

  /* the crossbows alone: the nearest enemy, the archers, 34.6″ away */
  muster_map_view_select (view, "p4", FALSE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_cmpstr (muster_odds_panel_get_acting (panel), ==, "u5");
  g_assert_cmpstr (muster_odds_panel_get_target (panel), ==, "u43");
  far_figure = muster_odds_panel_dup_figure (panel, "missile-fire");
  g_assert_nonnull (far_figure);
  g_assert_cmpstr (far_figure, ==, "Not possible: out of range: 34.6″, beyond its 24″ reach");

  /* Tab goes through the enemy within reach: none, so the target stays, and the panel says so */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "odds.next-target", NULL));
  g_assert_cmpstr (muster_odds_panel_get_target (panel), ==, "u43");
  g_assert_nonnull (strstr (muster_odds_panel_get_facts (panel),
                            "No enemy unit is within its reach (24″): Tab has none to go through."));

  /* the Thane, 45″ off, cannot charge the archers (beyond 2 × MR); brought into contact, he
   * all but surely falls: "< 1 %", shown as text (as markup it is an error, and the test's
   * warnings are fatal) */
  {
    g_autofree char *combat = NULL;
    MusterPoint thane = muster_battlefield_lookup (field, "p11")->centre;

    muster_map_view_select (view, "p11", FALSE);
    muster_map_view_select (view, "p16", TRUE);
    combat = muster_odds_panel_dup_figure (panel, "combat");
    g_assert_cmpstr (combat, ==, "Not possible: out of charge reach: 45.0″ apart, beyond its 12″ "
                     "charge (2 × MR 6)");
    g_clear_pointer (&combat, g_free);
    muster_test_place_in_contact (muster_document_get_doc (muster_window_get_document (window)),
                                  "u1", "u43");
    muster_map_view_clear_selection (view);
    muster_map_view_select (view, "p11", FALSE);
    muster_map_view_select (view, "p16", TRUE);
    g_assert_cmpstr (muster_odds_panel_get_acting (panel), ==, "u1");
    g_assert_cmpstr (muster_odds_panel_get_target (panel), ==, "u43");
    run_frames (GTK_WIDGET (window));
    combat = muster_odds_panel_dup_figure (panel, "combat");
    g_assert_cmpstr (combat, ==, "Charger's figures left ≥ 1: < 1 %, 0.0 on average");
    /* back where he was, not to stand in the crossbows' way (alone: a drag moves the
     * selection) */
    muster_map_view_select (view, "p11", FALSE);
    drag_to (window, view, "p11", thane);
    muster_map_view_select (view, "p4", FALSE);
    g_assert_cmpstr (muster_odds_panel_get_acting (panel), ==, "u5");
  }

  muster_map_view_select (view, "p16", TRUE);
  g_assert_cmpstr (muster_odds_panel_get_acting (panel), ==, "u5");
  g_assert_cmpstr (muster_odds_panel_get_target (panel), ==, "u43");
  muster_map_view_select (view, "p4", FALSE);
  g_assert_cmpstr (muster_odds_panel_get_target (panel), ==, "u43");

  /* dragged (snap off) to 6″ in front of the archers, through 20.3″ on the way */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.snap", NULL));
  from = muster_battlefield_lookup (field, "p4")->centre;
  to = (MusterPoint) { 1150, 1040 - 6 * 25.4 - 40 };
  half = muster_point_lerp (from, to, 0.5);
  viewport = muster_map_view_get_viewport (view);
  muster_viewport_table_to_widget (viewport, from.x, from.y, &x0, &y0);
  muster_viewport_table_to_widget (viewport, half.x, half.y, &xh, &yh);
  muster_viewport_table_to_widget (viewport, to.x, to.y, &x1, &y1);
  drag = GTK_GESTURE (find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_DRAG));
  g_signal_emit_by_name (drag, "drag-begin", x0, y0);
  g_signal_emit_by_name (drag, "drag-update", xh - x0, yh - y0);
  run_frames (GTK_WIDGET (window));
  mid_figure = muster_odds_panel_dup_figure (panel, "missile-fire");
  g_assert_true (g_str_has_prefix (mid_figure, "Casualties ≥ 1: "));
  /* within the frame: the engine's figure where the crossbows are now, at long range */
  {
    g_autofree char *now = engine_figure (window);
    g_autofree char *long_range = engine_figure_with (window, "range", range_value ("long"));

    g_assert_cmpstr (mid_figure, ==, now);
    g_assert_cmpstr (mid_figure, ==, long_range);
  }
  g_signal_emit_by_name (drag, "drag-end", x1 - x0, y1 - y0);
  run_frames (GTK_WIDGET (window));
  g_assert_cmpfloat_with_epsilon (muster_battlefield_lookup (field, "p4")->centre.y, to.y, 1e-6);
  near_figure = muster_odds_panel_dup_figure (panel, "missile-fire");
  g_assert_cmpstr (near_figure, !=, mid_figure);
  expected = engine_figure (window);
  g_assert_cmpstr (near_figure, ==, expected);
  {
    g_autofree char *short_range = engine_figure_with (window, "range", range_value ("short"));

    g_assert_cmpstr (near_figure, ==, short_range);
  }

  /* 6″ from the archers: Tab goes round the enemy within the crossbows' 24″, nearest first,
   * and back to the archers; the panel no longer says none is in reach */
  g_assert_null (strstr (muster_odds_panel_get_facts (panel), "Tab has none"));
  {
    MusterDoc *doc = muster_document_get_doc (muster_window_get_document (window));
    g_autoptr(MusterTerrainTypes) types = NULL;
    g_autoptr(GPtrArray) in_range = NULL;
    g_autoptr(GPtrArray) all = NULL;
    g_autoptr(GError) error = NULL;

    types = muster_terrain_types_new_for_ruleset (muster_doc_get_ruleset (doc), &error);
    g_assert_no_error (error);
    in_range = muster_odds_list_targets_in_range (doc, types, "u5");
    all = muster_odds_list_targets (doc, "u5");
    g_assert_cmpuint (in_range->len, >, 1);
    g_assert_cmpuint (in_range->len, <, all->len);
    g_assert_cmpstr (muster_odds_panel_get_target (panel), ==, "u43");
    for (guint i = 1; i <= in_range->len; i++)
      {
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "odds.next-target", NULL));
        g_assert_cmpstr (muster_odds_panel_get_target (panel), ==,
                         in_range->pdata[i % in_range->len]);
      }
  }

  /* nothing selected: no panel */
  muster_map_view_clear_selection (view);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A Resolve button is for the procedure set on it */
static gboolean
is_resolve_for (GtkWidget  *widget,
                const char *procedure_id)
{
  const MusterProcedure *procedure;

  if (!GTK_IS_BUTTON (widget) ||
      !(procedure = g_object_get_data (G_OBJECT (widget), "procedure")))
    return FALSE;
  return g_str_equal (procedure->id, procedure_id);
}

/* Resolve on the crossbows and the archers: 34.6″ apart, neither missile fire (out of range)
 * nor a combat attack (not in contact) can be rolled; brought into contact, a combat attack
 * is one undo step that adds a row to the battle log, and Undo takes it back. */
static void
test_resolve (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  MusterDocument *document = muster_window_get_document (window);
  MusterDoc *doc = muster_document_get_doc (document);
  MusterBattlefieldPage *page;
  MusterBattleLogView *log;
  MusterOddsPanel *panel;
  GtkWidget *fire, *strike;

  g_object_set (window, "workspace", "battlefield", NULL);
  page = MUSTER_BATTLEFIELD_PAGE (find_descendant (GTK_WIDGET (window),
                                                   MUSTER_TYPE_BATTLEFIELD_PAGE));
  panel = window_panel (window);
  log = MUSTER_BATTLE_LOG_VIEW (find_descendant (GTK_WIDGET (window),
                                                 MUSTER_TYPE_BATTLE_LOG_VIEW));
  run_frames (GTK_WIDGET (window));
  g_assert_cmpuint (muster_battle_log_view_get_n_rows (log), ==, 0);

  muster_map_view_select (muster_battlefield_page_get_map_view (page), "p4", FALSE);
  g_assert_cmpstr (muster_odds_panel_get_target (panel), ==, "u43");
  fire = find_matching (GTK_WIDGET (panel), is_resolve_for, "missile-fire");
  strike = find_matching (GTK_WIDGET (panel), is_resolve_for, "melee-strike");
  g_assert_nonnull (fire);
  g_assert_nonnull (strike);
  g_assert_false (gtk_widget_get_sensitive (fire));
  g_assert_false (gtk_widget_get_sensitive (strike));

  muster_test_place_in_contact (doc, "u5", "u43");
  muster_odds_panel_update (panel);
  run_frames (GTK_WIDGET (window));
  strike = find_matching (GTK_WIDGET (panel), is_resolve_for, "melee-strike");
  g_assert_nonnull (strike);
  g_assert_true (gtk_widget_get_sensitive (strike));

  g_signal_emit_by_name (strike, "clicked");
  run_frames (GTK_WIDGET (window));
  g_assert_cmpuint (muster_doc_get_n_log_entries (doc), ==, 1);
  g_assert_cmpstr (muster_doc_get_log_entry (doc, 0)->procedure, ==, "melee-strike");
  g_assert_cmpuint (muster_battle_log_view_get_n_rows (log), ==, 1);
  g_assert_cmpstr (muster_history_get_undo_label (muster_document_get_history (document)), ==,
                   "Resolve Combat attack");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  run_frames (GTK_WIDGET (window));
  g_assert_cmpuint (muster_doc_get_n_log_entries (doc), ==, 0);
  g_assert_cmpuint (muster_battle_log_view_get_n_rows (log), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A procedure's row in the panel */
static gboolean
is_row_for (GtkWidget  *widget,
            const char *procedure_id)
{
  const MusterProcedure *procedure;

  if (!ADW_IS_EXPANDER_ROW (widget) ||
      !(procedure = g_object_get_data (G_OBJECT (widget), "procedure")))
    return FALSE;
  return g_str_equal (procedure->id, procedure_id);
}

/* An input's row, by its label */
static gboolean
is_input_titled (GtkWidget  *widget,
                 const char *title)
{
  return ADW_IS_ACTION_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static const char *
input_subtitle (GtkWidget  *inputs,
                const char *title)
{
  GtkWidget *row = find_matching (inputs, is_input_titled, title);

  g_assert_nonnull (row);
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

static gboolean
is_button_labelled (GtkWidget  *widget,
                    const char *label)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* The crossbows (snap off) 6″ in front of the archers, on the Battlefield: their missile-fire
 * row in the panel, not yet expanded; the map in @view. */
static GtkWidget *
crossbows_in_front (MusterWindow   *window,
                    MusterMapView **view)
{
  MusterBattlefieldPage *page;
  GtkWidget *row;

  g_object_set (window, "workspace", "battlefield", NULL);
  page = MUSTER_BATTLEFIELD_PAGE (find_descendant (GTK_WIDGET (window),
                                                   MUSTER_TYPE_BATTLEFIELD_PAGE));
  *view = muster_battlefield_page_get_map_view (page);
  run_frames (GTK_WIDGET (window));
  muster_map_view_select (*view, "p4", FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.snap", NULL));
  drag_to (window, *view, "p4", (MusterPoint) { 1150, 1040 - 6 * 25.4 - 40 });
  row = find_matching (GTK_WIDGET (window_panel (window)), is_row_for, "missile-fire");
  g_assert_nonnull (row);
  return row;
}

/* The missile-fire inputs in the panel, 6″ in front of the archers: the range band is the
 * table's, marked with its reason; an input neither the table nor the list knows says it is
 * to be set. Changed to long range, the figure is the engine's at long range and the mark
 * says what the table gives; moved on (4″), the change stays while the table's other inputs
 * follow; Resolve gets it as typed; reset, the table's short range and its figure are back. */
static void
test_edit_inputs (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  const MusterProcedure *procedure = muster_procedure_lookup ("battle-valor-fantasy",
                                                              "missile-fire");
  int range = muster_procedure_find_input (procedure, "range");
  const char *range_label = procedure->inputs[range].label;
  MusterMapView *view;
  MusterOddsPanel *panel = window_panel (window);
  GtkWidget *row, *inputs, *reset;
  g_autofree char *figure = NULL;
  g_autofree char *expected = NULL;
  g_autofree int *values = NULL;
  g_autofree gboolean *typed = NULL;

  row = crossbows_in_front (window, &view);
  g_assert_null (find_descendant (row, MUSTER_TYPE_PROCEDURE_INPUTS));
  g_assert_false (muster_odds_panel_dup_inputs (panel, "missile-fire", &values, &typed));
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  run_frames (GTK_WIDGET (window));
  inputs = find_descendant (row, MUSTER_TYPE_PROCEDURE_INPUTS);
  g_assert_nonnull (inputs);
  g_assert_cmpstr (input_subtitle (inputs, range_label), ==,
                   "From the table — 6.0″: short range");
  g_assert_cmpstr (input_subtitle (inputs, "Firer under Bad Luck"), ==,
                   "Neither the table nor the list knows it: set it");
  g_assert_true (g_str_has_prefix (input_subtitle (inputs, "Firing figures"),
                                   "From the list — acting: "));
  figure = muster_odds_panel_dup_figure (panel, "missile-fire");
  expected = engine_figure (window);
  g_assert_cmpstr (figure, ==, expected);

  /* long range, by hand */
  muster_procedure_inputs_set_value (MUSTER_PROCEDURE_INPUTS (inputs), range, 2);
  g_clear_pointer (&figure, g_free);
  g_clear_pointer (&expected, g_free);
  figure = muster_odds_panel_dup_figure (panel, "missile-fire");
  expected = engine_figure_with (window, "range", 2);
  g_assert_cmpstr (figure, ==, expected);
  g_assert_cmpstr (input_subtitle (inputs, range_label), ==,
                   "Changed; the table gives short — 6.0″: short range");

  /* moved on: the table's reason follows, the value typed stays */
  drag_to (window, view, "p4", (MusterPoint) { 1150, 1040 - 4 * 25.4 - 40 });
  g_assert_cmpstr (input_subtitle (inputs, range_label), ==,
                   "Changed; the table gives short — 4.0″: short range");
  g_clear_pointer (&figure, g_free);
  g_clear_pointer (&expected, g_free);
  figure = muster_odds_panel_dup_figure (panel, "missile-fire");
  expected = engine_figure_with (window, "range", 2);
  g_assert_cmpstr (figure, ==, expected);
  g_assert_true (muster_odds_panel_dup_inputs (panel, "missile-fire", &values, &typed));
  g_assert_cmpint (values[range], ==, 2);
  for (guint i = 0; i < procedure->n_inputs; i++)
    g_assert_cmpint (typed[i], ==, (int) i == range);

  /* reset: the table's again */
  reset = find_matching (row, is_button_labelled, "Reset _Inputs");
  g_assert_nonnull (reset);
  g_signal_emit_by_name (reset, "clicked");
  g_clear_pointer (&figure, g_free);
  g_clear_pointer (&expected, g_free);
  figure = muster_odds_panel_dup_figure (panel, "missile-fire");
  expected = engine_figure (window);
  g_assert_cmpstr (figure, ==, expected);
  g_assert_cmpstr (input_subtitle (inputs, range_label), ==,
                   "From the table — 4.0″: short range");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The chart in the expanded missile-fire @row shows the engine's result for the crossbows and
 * the archers where they stand. */
static void
assert_chart_is_engine (MusterWindow *window,
                        GtkWidget    *row)
{
  GtkWidget *chart = find_descendant (row, MUSTER_TYPE_OUTCOME_VIEW);
  const MusterProcedureResult *shown;
  g_autoptr(MusterProcedureResult) expected = engine_result (window);
  const MusterProcedure *procedure = muster_procedure_lookup ("battle-valor-fantasy",
                                                              "missile-fire");

  g_assert_nonnull (chart);
  shown = muster_outcome_view_get_result (MUSTER_OUTCOME_VIEW (chart));
  g_assert_nonnull (shown);
  for (guint i = 0; i < procedure->n_outputs; i++)
    g_assert_true (muster_dist_equal (muster_procedure_result_get_output (shown, i),
                                      muster_procedure_result_get_output (expected, i), 1e-12));
}

/* Moves the placement @id of @window's document @dy mm down the table, as one undo step (as
 * the properties pane or another view would). */
static void
move_down (MusterWindow *window,
           const char   *id,
           double        dy)
{
  MusterDocument *document = muster_window_get_document (window);
  MusterBattlefield *field = muster_doc_get_battlefield (muster_document_get_doc (document));
  g_autoptr(MusterFeature) moved = muster_feature_copy (muster_battlefield_lookup (field, id));
  MusterCommand *command = muster_features_command_new (document, "Move");

  moved->centre.y += dy;
  muster_features_command_replace (MUSTER_FEATURES_COMMAND (command), moved);
  muster_history_push (muster_document_get_history (document), command);
  run_frames (GTK_WIDGET (window));
}

/* The full chart on demand: a procedure's row holds none until it is expanded, then the
 * engine's distribution for the pair where they stand. The panel follows the target as well
 * as the acting unit: the archers moved 5″ back (11″ from the crossbows: medium range) by an
 * edit, the figure and the chart are the engine's there and the figure is another; undone,
 * short range's again. */
static void
test_chart_and_target_moves (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  MusterOddsPanel *panel = window_panel (window);
  MusterMapView *view;
  GtkWidget *row;
  g_autofree char *near = NULL;
  g_autofree char *far = NULL;
  g_autofree char *back = NULL;
  g_autofree char *expected = NULL;

  row = crossbows_in_front (window, &view);
  g_assert_null (find_descendant (row, MUSTER_TYPE_OUTCOME_VIEW));
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  run_frames (GTK_WIDGET (window));
  assert_chart_is_engine (window, row);
  near = muster_odds_panel_dup_figure (panel, "missile-fire");

  move_down (window, "p16", 5 * 25.4);
  g_assert_cmpstr (muster_odds_panel_get_target (panel), ==, "u43");
  far = muster_odds_panel_dup_figure (panel, "missile-fire");
  expected = engine_figure_with (window, "range", range_value ("medium"));
  g_assert_cmpstr (far, ==, expected);
  g_clear_pointer (&expected, g_free);
  expected = engine_figure (window);
  g_assert_cmpstr (far, ==, expected);
  g_assert_cmpstr (far, !=, near);
  assert_chart_is_engine (window, row);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  run_frames (GTK_WIDGET (window));
  back = muster_odds_panel_dup_figure (panel, "missile-fire");
  g_assert_cmpstr (back, ==, near);
  assert_chart_is_engine (window, row);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_reset_button (GtkWidget  *widget,
                 const char *unused)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "edit-undo-symbolic") == 0;
}

/* The reset button of the input titled @title in @inputs. */
static GtkWidget *
input_reset (GtkWidget  *inputs,
             const char *title)
{
  GtkWidget *row = find_matching (inputs, is_input_titled, title);
  GtkWidget *reset;

  g_assert_nonnull (row);
  reset = find_matching (row, is_reset_button, NULL);
  g_assert_nonnull (reset);
  return reset;
}

/* Two inputs changed (the range band the table gives, and Bad Luck, which nobody knows):
 * each has its own reset, the inputs left alone have none shown; resetting the range puts
 * the table's short range back and keeps Bad Luck as typed, in the marks and the figure. */
static void
test_reset_one_input (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  const MusterProcedure *procedure = muster_procedure_lookup ("battle-valor-fantasy",
                                                              "missile-fire");
  int range = muster_procedure_find_input (procedure, "range");
  int bad_luck = muster_procedure_find_input (procedure, "bad-luck");
  const char *range_label = procedure->inputs[range].label;
  MusterMapView *view;
  GtkWidget *row, *inputs;
  g_autofree char *figure = NULL;
  g_autofree char *expected = NULL;

  row = crossbows_in_front (window, &view);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  run_frames (GTK_WIDGET (window));
  inputs = find_descendant (row, MUSTER_TYPE_PROCEDURE_INPUTS);
  g_assert_nonnull (inputs);
  g_assert_false (gtk_widget_get_visible (input_reset (inputs, range_label)));

  muster_procedure_inputs_set_value (MUSTER_PROCEDURE_INPUTS (inputs), range, 2);
  muster_procedure_inputs_set_value (MUSTER_PROCEDURE_INPUTS (inputs), bad_luck, 1);
  g_assert_true (gtk_widget_get_visible (input_reset (inputs, range_label)));
  g_assert_true (gtk_widget_get_visible (input_reset (inputs, "Firer under Bad Luck")));
  g_assert_false (gtk_widget_get_visible (input_reset (inputs, "Firing figures")));

  g_signal_emit_by_name (input_reset (inputs, range_label), "clicked");
  g_assert_cmpstr (input_subtitle (inputs, range_label), ==,
                   "From the table — 6.0″: short range");
  g_assert_false (gtk_widget_get_visible (input_reset (inputs, range_label)));
  g_assert_true (g_str_has_prefix (input_subtitle (inputs, "Firer under Bad Luck"),
                                   "Set by you; "));
  g_assert_true (gtk_widget_get_visible (input_reset (inputs, "Firer under Bad Luck")));
  figure = muster_odds_panel_dup_figure (window_panel (window), "missile-fire");
  expected = engine_figure_with (window, "bad-luck", 1);
  g_assert_cmpstr (figure, ==, expected);

  /* and Bad Luck back to its default: the table's figure */
  g_signal_emit_by_name (input_reset (inputs, "Firer under Bad Luck"), "clicked");
  g_assert_cmpstr (input_subtitle (inputs, "Firer under Bad Luck"), ==,
                   "Neither the table nor the list knows it: set it");
  g_clear_pointer (&figure, g_free);
  g_clear_pointer (&expected, g_free);
  figure = muster_odds_panel_dup_figure (window_panel (window), "missile-fire");
  expected = engine_figure (window);
  g_assert_cmpstr (figure, ==, expected);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The unit's details say the markers on it, and follow them as they change (a Resolve's, or
 * its undo). */
static gboolean
is_row_subtitled (GtkWidget  *widget,
                  const char *part)
{
  const char *subtitle;

  return ADW_IS_ACTION_ROW (widget) &&
         (subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (widget))) != NULL &&
         strstr (subtitle, part) != NULL;
}

/* Sets @unit_id's markers, and tells the document's views as a Resolve (or its undo) does. */
static void
set_markers_as_resolve (MusterWindow *window,
                        const char   *unit_id,
                        const char   *markers)
{
  MusterDocument *document = muster_window_get_document (window);
  MusterUnit *unit = muster_doc_lookup_unit (muster_document_get_doc (document), unit_id);

  g_free (muster_unit_set_markers (unit, markers));
  g_signal_emit_by_name (document, "unit-changed", unit);
}

static void
test_markers_in_details (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  MusterBattlefieldPage *page;
  MusterMapView *view;
  GtkWidget *row;

  g_object_set (window, "workspace", "battlefield", NULL);
  page = MUSTER_BATTLEFIELD_PAGE (find_descendant (GTK_WIDGET (window),
                                                   MUSTER_TYPE_BATTLEFIELD_PAGE));
  view = muster_battlefield_page_get_map_view (page);
  run_frames (GTK_WIDGET (window));
  muster_map_view_select (view, "p4", FALSE);
  row = find_matching (GTK_WIDGET (page), is_row_subtitled, "stands of");
  g_assert_nonnull (row);
  g_assert_null (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Markers"));

  set_markers_as_resolve (window, "u5", "suppression=2 pinned");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                            "\nMarkers: suppression 2 · pinned"));
  set_markers_as_resolve (window, "u5", NULL);
  g_assert_null (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Markers"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The engine's engagement figure for the crossbows and the archers where they are, as the
 * panel plays it (20,000 trials, seed 1), with @rounds rounds, or the table's with 0. */
static char *
engine_engagement (MusterWindow *window,
                   int           rounds)
{
  g_autoptr(MusterProcedureResult) result =
    engine_run (window, "engagement", rounds > 0 ? "rounds" : NULL, rounds, 20000);

  return muster_odds_key_figure (result);
}

/* The figure @panel shows for @procedure_id once no play is on (30 s at most). */
static char *
wait_for_figure (MusterOddsPanel *panel,
                 const char      *procedure_id)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  char *figure = NULL;

  for (;;)
    {
      g_free (figure);
      figure = muster_odds_panel_dup_figure (panel, procedure_id);
      if (g_strcmp0 (figure, "Estimating…") != 0 || g_get_monotonic_time () > end)
        return figure;
      g_main_context_iteration (NULL, TRUE);
    }
}

/* A simulated procedure (Engagement, the crossbows and the archers in contact) is played in
 * the background: "Estimating…" and a spinner at once, then the engine's figure. Its inputs
 * changed twice in a row, the first play is cancelled, and the figure is that of the last
 * inputs (a stale play's figure would show first). */
static void
test_simulated (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  MusterDoc *doc = muster_document_get_doc (muster_window_get_document (window));
  const MusterProcedure *procedure = muster_procedure_lookup ("battle-valor-fantasy",
                                                              "engagement");
  int rounds = muster_procedure_find_input (procedure, "rounds");
  MusterBattlefieldPage *page;
  MusterOddsPanel *panel;
  GtkWidget *row, *spinner, *inputs;
  g_autofree char *figure = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *one = NULL;

  g_object_set (window, "workspace", "battlefield", NULL);
  page = MUSTER_BATTLEFIELD_PAGE (find_descendant (GTK_WIDGET (window),
                                                   MUSTER_TYPE_BATTLEFIELD_PAGE));
  panel = window_panel (window);
  muster_test_place_in_contact (doc, "u5", "u43");
  run_frames (GTK_WIDGET (window));
  muster_map_view_select (muster_battlefield_page_get_map_view (page), "p4", FALSE);
  g_assert_cmpstr (muster_odds_panel_get_target (panel), ==, "u43");
  row = find_matching (GTK_WIDGET (panel), is_row_for, "engagement");
  g_assert_nonnull (row);
  spinner = find_descendant (row, GTK_TYPE_SPINNER);
  g_assert_nonnull (spinner);

  figure = muster_odds_panel_dup_figure (panel, "engagement");
  g_assert_cmpstr (figure, ==, "Estimating…");
  g_assert_true (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));
  g_clear_pointer (&figure, g_free);
  figure = wait_for_figure (panel, "engagement");
  expected = engine_engagement (window, 0);
  g_assert_cmpstr (figure, ==, expected);
  g_assert_false (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));

  /* 1 round, then at once 5: the figure of 5 */
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  inputs = find_descendant (row, MUSTER_TYPE_PROCEDURE_INPUTS);
  g_assert_nonnull (inputs);
  muster_procedure_inputs_set_value (MUSTER_PROCEDURE_INPUTS (inputs), rounds, 1);
  g_clear_pointer (&figure, g_free);
  figure = muster_odds_panel_dup_figure (panel, "engagement");
  g_assert_cmpstr (figure, ==, "Estimating…");
  muster_procedure_inputs_set_value (MUSTER_PROCEDURE_INPUTS (inputs), rounds, 5);
  g_clear_pointer (&figure, g_free);
  g_clear_pointer (&expected, g_free);
  figure = wait_for_figure (panel, "engagement");
  expected = engine_engagement (window, 5);
  one = engine_engagement (window, 1);
  g_assert_cmpstr (expected, !=, one);
  g_assert_cmpstr (figure, ==, expected);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_turn_row (GtkWidget  *widget,
             const char *unused)
{
  return ADW_IS_ACTION_ROW (widget) &&
         g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), "Turn ");
}

/* The battle log's turn and seed: Next Turn moves the turn on and the seed typed becomes the
 * document's, one undo step each (a seed that is no number is refused, the entry marked); a
 * roll after them is logged in that turn with that seed; undo takes each back. */
static void
test_turn_and_seed (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  MusterDocument *document = muster_window_get_document (window);
  MusterDoc *doc = muster_document_get_doc (document);
  MusterHistory *history = muster_document_get_history (document);
  guint turn = muster_doc_get_turn (doc);
  guint64 seed = muster_doc_get_seed (doc);
  g_autofree char *seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
  g_autofree char *title = NULL;
  MusterBattlefieldPage *page;
  GtkWidget *log, *turn_row, *next, *seed_row, *strike;

  g_object_set (window, "workspace", "battlefield", NULL);
  page = MUSTER_BATTLEFIELD_PAGE (find_descendant (GTK_WIDGET (window),
                                                   MUSTER_TYPE_BATTLEFIELD_PAGE));
  run_frames (GTK_WIDGET (window));
  log = find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BATTLE_LOG_VIEW);
  turn_row = find_matching (log, is_turn_row, NULL);
  next = find_matching (log, is_button_labelled, "_Next Turn");
  seed_row = find_descendant (log, ADW_TYPE_ENTRY_ROW);
  g_assert_nonnull (turn_row);
  g_assert_nonnull (next);
  g_assert_nonnull (seed_row);
  title = g_strdup_printf ("Turn %u", turn);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (turn_row)), ==, title);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seed_row)), ==, seed_text);

  g_signal_emit_by_name (next, "clicked");
  g_assert_cmpuint (muster_doc_get_turn (doc), ==, turn + 1);
  g_clear_pointer (&title, g_free);
  title = g_strdup_printf ("Turn %u", turn + 1);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (turn_row)), ==, title);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, title);

  gtk_editable_set_text (GTK_EDITABLE (seed_row), "twelve");
  g_assert_true (gtk_widget_has_css_class (seed_row, "error"));
  g_signal_emit_by_name (seed_row, "apply");
  g_assert_cmpuint (muster_doc_get_seed (doc), ==, seed);
  gtk_editable_set_text (GTK_EDITABLE (seed_row), "12345");
  g_assert_false (gtk_widget_has_css_class (seed_row, "error"));
  g_signal_emit_by_name (seed_row, "apply");
  g_assert_cmpuint (muster_doc_get_seed (doc), ==, 12345);
  g_assert_cmpstr (muster_history_get_undo_label (history), ==, "Set Dice Seed");

  /* a roll now: in that turn, from that seed */
  muster_test_place_in_contact (doc, "u5", "u43");
  muster_map_view_select (muster_battlefield_page_get_map_view (page), "p4", FALSE);
  run_frames (GTK_WIDGET (window));
  strike = find_matching (GTK_WIDGET (window_panel (window)), is_resolve_for, "melee-strike");
  g_assert_nonnull (strike);
  g_signal_emit_by_name (strike, "clicked");
  g_assert_cmpuint (muster_doc_get_n_log_entries (doc), ==, 1);
  g_assert_cmpuint (muster_doc_get_log_entry (doc, 0)->turn, ==, turn + 1);
  g_assert_cmpuint (muster_doc_get_log_entry (doc, 0)->seed, ==, 12345);

  /* undo: the roll, the seed, the turn */
  g_assert_true (muster_history_undo (history));
  g_assert_true (muster_history_undo (history));
  g_assert_cmpuint (muster_doc_get_seed (doc), ==, seed);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seed_row)), ==, seed_text);
  g_assert_cmpuint (muster_doc_get_turn (doc), ==, turn + 1);
  g_assert_true (muster_history_undo (history));
  g_assert_cmpuint (muster_doc_get_turn (doc), ==, turn);
  g_clear_pointer (&title, g_free);
  title = g_strdup_printf ("Turn %u", turn);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (turn_row)), ==, title);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Drags @placement of @view's battlefield to @to (table mm), frames run on the way. */
static void
drag_to (MusterWindow *window,
         MusterMapView *view,
         const char    *placement,
         MusterPoint    to)
{
  MusterBattlefield *field = muster_doc_get_battlefield (muster_document_get_doc (
    muster_window_get_document (window)));
  MusterViewport *viewport = muster_map_view_get_viewport (view);
  MusterPoint from = muster_battlefield_lookup (field, placement)->centre;
  GtkGesture *drag = GTK_GESTURE (find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_DRAG));
  double x0, y0, x1, y1;

  muster_viewport_table_to_widget (viewport, from.x, from.y, &x0, &y0);
  muster_viewport_table_to_widget (viewport, to.x, to.y, &x1, &y1);
  g_signal_emit_by_name (drag, "drag-begin", x0, y0);
  g_signal_emit_by_name (drag, "drag-update", (x1 - x0) / 2, (y1 - y0) / 2);
  run_frames (GTK_WIDGET (window));
  g_signal_emit_by_name (drag, "drag-end", x1 - x0, y1 - y0);
  run_frames (GTK_WIDGET (window));
}

/* The switch below the figures tints the enemy on the map: none within the crossbows' reach
 * where they stand; dragged 6″ in front of the archers, the archers (and no friend) with the
 * engine's chance of a casualty, which the short band's ring carries too; switched off, no
 * tint. */
static void
test_tint (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  MusterBattlefieldPage *page;
  MusterMapView *view;
  MusterOddsPanel *panel;
  MusterOddsTint *tint;
  g_autoptr(MusterProcedureResult) result = NULL;
  double chance;

  g_object_set (window, "workspace", "battlefield", NULL);
  page = MUSTER_BATTLEFIELD_PAGE (find_descendant (GTK_WIDGET (window),
                                                   MUSTER_TYPE_BATTLEFIELD_PAGE));
  view = muster_battlefield_page_get_map_view (page);
  panel = window_panel (window);
  run_frames (GTK_WIDGET (window));
  muster_map_view_select (view, "p4", FALSE);
  g_assert_null (muster_map_view_get_tint (view));

  muster_odds_panel_set_tint (panel, "missile-fire");
  tint = muster_odds_panel_get_tint (panel);
  g_assert_nonnull (tint);
  g_assert_true (muster_map_view_get_tint (view) == tint);
  g_assert_cmpstr (muster_odds_tint_get_acting (tint), ==, "u5");
  g_assert_cmpuint (muster_odds_tint_get_n_units (tint), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battlefield.snap", NULL));
  drag_to (window, view, "p4", (MusterPoint) { 1150, 1040 - 6 * 25.4 - 40 });
  tint = muster_odds_panel_get_tint (panel);
  g_assert_true (muster_map_view_get_tint (view) == tint);
  g_assert_true (muster_odds_tint_lookup (tint, "u43", &chance));
  result = engine_result (window);
  g_assert_cmpfloat_with_epsilon (chance, muster_odds_key_chance (result), 1e-12);
  g_assert_false (muster_odds_tint_lookup (tint, "u5", NULL));
  g_assert_false (muster_odds_tint_lookup (tint, "u14", NULL));
  /* the rings' chances are against the target shown; where it stands, short range */
  g_assert_cmpstr (muster_odds_tint_get_target (tint), ==, "u43");
  g_assert_true (muster_odds_tint_lookup_band (tint, "shooting", 1, &chance));
  g_assert_cmpfloat_with_epsilon (chance, muster_odds_key_chance (result), 1e-12);

  muster_odds_panel_set_tint (panel, NULL);
  g_assert_null (muster_odds_panel_get_tint (panel));
  g_assert_null (muster_map_view_get_tint (view));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;

  ui_test_fresh_dirs ();
  g_test_init (&argc, &argv, NULL);
  gtk_disable_setlocale ();
  setlocale (LC_ALL, "C.UTF-8");

  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();

  app = muster_application_new (APP_ID ".OddsPanelTest", G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/ui/odds-panel/select-tab-and-drag", test_select_tab_and_drag);
  g_test_add_func ("/ui/odds-panel/resolve", test_resolve);
  g_test_add_func ("/ui/odds-panel/tint", test_tint);
  g_test_add_func ("/ui/odds-panel/edit-inputs", test_edit_inputs);
  g_test_add_func ("/ui/odds-panel/chart-and-target-moves", test_chart_and_target_moves);
  g_test_add_func ("/ui/odds-panel/reset-one-input", test_reset_one_input);
  g_test_add_func ("/ui/odds-panel/markers-in-details", test_markers_in_details);
  g_test_add_func ("/ui/odds-panel/simulated", test_simulated);
  g_test_add_func ("/ui/odds-panel/turn-and-seed", test_turn_and_seed);
  return g_test_run ();
}
