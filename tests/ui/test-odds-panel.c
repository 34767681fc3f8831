/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <locale.h>
#include <string.h>

#include "muster-application.h"
#include "ui-test-util.h"
#include "muster-battle-log-view.h"
#include "muster-battlefield-page.h"
#include "muster-engine.h"
#include "../engine/muster-test-util.h"
#include "muster-odds-figure.h"
#include "muster-odds-panel.h"
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

/* The missile-fire result the engine gives for the crossbows and the archers where they are. */
static MusterProcedureResult *
engine_result (MusterWindow *window)
{
  MusterDoc *doc = muster_document_get_doc (muster_window_get_document (window));
  g_autoptr(MusterTerrainTypes) types = NULL;
  g_autoptr(MusterOddsFacts) facts = NULL;
  g_autoptr(MusterOddsFill) fill = NULL;
  g_autoptr(MusterProcedureResult) result = NULL;
  g_autoptr(GError) error = NULL;

  types = muster_terrain_types_new_for_ruleset (muster_doc_get_ruleset (doc), &error);
  g_assert_no_error (error);
  facts = muster_odds_facts_new (doc, types, "u5", "u43", &error);
  g_assert_no_error (error);
  fill = muster_odds_fill_new (facts, muster_procedure_lookup ("battle-valor-fantasy",
                                                               "missile-fire"), &error);
  g_assert_no_error (error);
  result = muster_odds_fill_run (fill, facts, 1, 1, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&result);
}

static char *
engine_figure (MusterWindow *window)
{
  g_autoptr(MusterProcedureResult) result = engine_result (window);

  return muster_odds_key_figure (result);
}

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

  /* the Thane charging the archers all but surely falls: "< 1 %", shown as text (as markup
   * it is an error, and the test's warnings are fatal) */
  {
    g_autofree char *combat = NULL;

    muster_map_view_select (view, "p11", FALSE);
    muster_map_view_select (view, "p16", TRUE);
    g_assert_cmpstr (muster_odds_panel_get_acting (panel), ==, "u1");
    g_assert_cmpstr (muster_odds_panel_get_target (panel), ==, "u43");
    run_frames (GTK_WIDGET (window));
    combat = muster_odds_panel_dup_figure (panel, "combat");
    g_assert_cmpstr (combat, ==, "Charger's figures left ≥ 1: < 1 %, 0.0 on average");
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
  g_signal_emit_by_name (drag, "drag-end", x1 - x0, y1 - y0);
  run_frames (GTK_WIDGET (window));
  g_assert_cmpfloat_with_epsilon (muster_battlefield_lookup (field, "p4")->centre.y, to.y, 1e-6);
  near_figure = muster_odds_panel_dup_figure (panel, "missile-fire");
  g_assert_cmpstr (near_figure, !=, mid_figure);
  expected = engine_figure (window);
  g_assert_cmpstr (near_figure, ==, expected);

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
  return g_test_run ();
}
