/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#ifdef MUSTER_HAVE_XTEST
#include <glib/gstdio.h>

#include "muster-army-page.h"
#include "muster-catalogue-pane.h"
#include "muster-diagnostics.h"
#include "muster-engine.h"
#include "muster-map-view.h"
#include "muster-new-list-dialog.h"
#include "muster-roster-moves.h"
#include "muster-roster-view.h"
#include "muster-unit-editor.h"
#include "muster-validation-panel.h"
#include "ui-test-util.h"
#include "ui-test-pointer.h"

/*
 * "Entirely by mouse": in each of the five systems, a list is made from New List, filled from
 * the catalogue (double-click and drag), edited in the unit editor (spin buttons' + and −,
 * drop-downs, checks), fixed from the validation panel, reorganised by drag and through the
 * roster's context menu, and saved from the main menu, with real pointer clicks only (see
 * ui-test-pointer.h): a control a mouse cannot reach fails the test. Widgets are found by the
 * text they show (a unit's name, a menu item's label), not by the roster's internals. Only the
 * file chooser, a separate dialog, is answered through its GtkFileChooser interface, as in the
 * keyboard test.
 */

/* @node and the groups under it */
static guint
count_nodes (MusterNode *node)
{
  guint n = 1;

  for (guint i = 0; i < muster_node_get_n_nodes (node); i++)
    n += count_nodes (muster_node_get_node (node, i));
  return n;
}

static GtkWidget *
page_part (MusterWindow *window,
           GType         type)
{
  GtkWidget *part = find_descendant (GTK_WIDGET (muster_window_get_army_page (window)), type);

  g_assert_nonnull (part);
  return part;
}

/* The catalogue's list of unit types (not its category drop-down, which may show the same) */
static GtkWidget *
catalogue_list (MusterWindow *window)
{
  GtkWidget *list = find_shown (page_part (window, MUSTER_TYPE_CATALOGUE_PANE),
                                GTK_TYPE_LIST_VIEW);

  g_assert_nonnull (list);
  return list;
}

/* The selected row's unit or group as the editor shows it */
static const char *
editor_title (MusterWindow *window)
{
  MusterUnitEditor *editor = MUSTER_UNIT_EDITOR (page_part (window, MUSTER_TYPE_UNIT_EDITOR));
  MusterUnit *unit = muster_unit_editor_get_unit (editor);
  MusterNode *group = muster_unit_editor_get_group (editor);

  MusterRuleset *ruleset = muster_document_get_ruleset (muster_window_get_document (window));

  /* A unit without a name of its own shows its type's */
  if (unit != NULL && muster_unit_get_name (unit) == NULL)
    return muster_ruleset_get_unit_type (ruleset, muster_unit_get_type_id (unit))->item.name;
  return unit != NULL ? muster_unit_get_name (unit) : group != NULL ? muster_node_get_name (group)
                                                                    : NULL;
}

/* The diagnostic whose message begins with @prefix */
static MusterDiagnostic *
dup_diagnostic (MusterDocument *document,
                const char     *prefix)
{
  GListModel *diagnostics = muster_findings_source_get_findings (MUSTER_FINDINGS_SOURCE (document));

  for (guint i = 0; i < g_list_model_get_n_items (diagnostics); i++)
    {
      MusterDiagnostic *d = g_list_model_get_item (diagnostics, i);

      if (g_str_has_prefix (muster_diagnostic_get_message (d), prefix))
        return d;
      g_object_unref (d);
    }
  g_error ("no finding \"%s…\"", prefix);
}

/* The roster row showing @text ("Name" or "Name#2" for the second from the top) */
static GtkWidget *
roster_text (MusterWindow *window,
             const char   *spec)
{
  g_auto(GStrv) part = g_strsplit (spec, "#", 2);
  guint nth = part[1] ? (guint) g_ascii_strtoull (part[1], NULL, 10) - 1 : 0;
  GtkWidget *roster = page_part (window, MUSTER_TYPE_ROSTER_VIEW);
  GtkWidget *found;

  found = nth == 0 ? reveal_text (roster, part[0]) : find_text_nth (roster, part[0], nth);
  if (found == NULL)
    g_error ("no roster row %s", spec);
  return found;
}

/* One step of a scenario:
 *   category:NAME        the catalogue's category drop-down, NAME picked from it
 *   add:TYPE             a double-click on TYPE in the catalogue
 *   drag:TYPE:ROW        TYPE dragged from the catalogue into the middle of the roster's ROW
 *   select:ROW           a click on the roster's ROW (its shown name, "Name#2" the second)
 *   menu:ITEM            the roster's List Actions menu, ITEM clicked
 *   size:N               the editor's size set with its + / − buttons
 *   choose:ROW:LABEL     the editor's option ROW opened, LABEL clicked
 *   check:ROW            the editor's option ROW's check clicked
 *   fix:TEXT             a click on the finding TEXT… of the validation panel: what it is
 *                        about shows in the editor
 *   move:ROW:GROUP       right-click on ROW, Move To…, GROUP
 *   top                  (a check) the editor shows the selected unit from its top
 *   errors:N             (a check) N errors now
 *   shot:NAME            a screenshot, when asked for
 */
static void
run_step (MusterWindow *window,
          const char   *step)
{
  MusterDocument *document = muster_window_get_document (window);
  MusterNode *root = muster_force_get_root (muster_document_get_force (document));
  g_auto(GStrv) part = g_strsplit (step, ":", 3);
  GtkWidget *editor = page_part (window, MUSTER_TYPE_UNIT_EDITOR);

  g_test_message ("step %s", step);
  if (g_str_equal (part[0], "category"))
    {
      GtkWidget *pane = page_part (window, MUSTER_TYPE_CATALOGUE_PANE);

      click_in_popover (find_descendant (pane, GTK_TYPE_DROP_DOWN), pane, part[1]);
    }
  else if (g_str_equal (part[0], "add"))
    {
      GtkWidget *list = catalogue_list (window);
      guint before = count_units (root);

      click_n (reveal_text (list, part[1]), 1, 2);
      g_assert_cmpuint (count_units (root), ==, before + 1);
    }
  else if (g_str_equal (part[0], "drag"))
    {
      GtkWidget *list = catalogue_list (window);
      guint before = count_units (root);

      drag (reveal_text (list, part[1]), roster_text (window, part[2]), 0.5);
      g_assert_cmpuint (count_units (root), ==, before + 1);
    }
  else if (g_str_equal (part[0], "select"))
    {
      g_auto(GStrv) name = g_strsplit (part[1], "#", 2);

      click (roster_text (window, part[1]));
      g_assert_cmpstr (editor_title (window), ==, name[0]);
    }
  else if (g_str_equal (part[0], "menu"))
    {
      GtkWidget *roster = page_part (window, MUSTER_TYPE_ROSTER_VIEW);
      GtkWidget *button = NULL;

      /* The roster's menu button (its other buttons are plain) */
      button = find_descendant (roster, GTK_TYPE_MENU_BUTTON);
      click_in_popover (button, roster, part[1]);
    }
  else if (g_str_equal (part[0], "size"))
    spin_to (GTK_SPIN_BUTTON (reveal (editor, "Size", find_spin)), g_ascii_strtod (part[1], NULL));
  else if (g_str_equal (part[0], "choose"))
    {
      GtkWidget *combo = reveal (editor, part[1], find_combo);

      click_in_popover (combo, combo, part[2]);
      g_assert_cmpstr (gtk_string_object_get_string (adw_combo_row_get_selected_item (
                         ADW_COMBO_ROW (combo))), ==, part[2]);
    }
  else if (g_str_equal (part[0], "check"))
    {
      GtkWidget *check = reveal (editor, part[1], find_check);
      gboolean was = gtk_check_button_get_active (GTK_CHECK_BUTTON (check));

      click (check);
      g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)) != was);
    }
  else if (g_str_equal (part[0], "fix"))
    {
      GtkWidget *panel = page_part (window, MUSTER_TYPE_VALIDATION_PANEL);
      g_autoptr(MusterDiagnostic) diagnostic = dup_diagnostic (document, part[1]);
      const char *unit_id = muster_diagnostic_get_unit_id (diagnostic);

      click_text (panel, muster_diagnostic_get_message (diagnostic));
      if (unit_id != NULL)
        g_assert_true (muster_unit_editor_get_unit (MUSTER_UNIT_EDITOR (editor)) ==
                       muster_doc_lookup_unit (muster_document_get_doc (document), unit_id));
      else if (muster_diagnostic_get_node_id (diagnostic) == NULL)
        /* About the whole list: its settings (the points limit) open. */
        wait_for (popover_open, muster_window_get_army_page (window), "a popover opening");
      else
        g_assert_cmpstr (muster_node_get_id (muster_unit_editor_get_group (
                           MUSTER_UNIT_EDITOR (editor))), ==,
                         muster_diagnostic_get_node_id (diagnostic));
    }
  else if (g_str_equal (part[0], "move"))
    {
      GtkWidget *roster = page_part (window, MUSTER_TYPE_ROSTER_VIEW);
      g_auto(GStrv) name = g_strsplit (part[1], "#", 2);
      MusterUnit *unit;

      click_n (roster_text (window, part[1]), 3, 1);
      wait_for (popover_open, roster, "a popover opening");
      g_assert_cmpstr (editor_title (window), ==, name[0]);
      unit = muster_unit_editor_get_unit (MUSTER_UNIT_EDITOR (editor));
      g_assert_nonnull (unit);
      shot ("context-menu");
      click_text (find_open_popover (roster), "Move To…");
      wait_for (popover_open, roster, "a popover opening");
      shot ("move-to");
      click_text (find_open_popover (roster), part[2]);
      wait_for (popover_closed, roster, "the popover closing");
      if (g_str_equal (part[2], "Top of the List"))
        g_assert_true (muster_unit_get_node (unit) == root);
      else
        g_assert_cmpstr (muster_node_get_name (muster_unit_get_node (unit)), ==, part[2]);
    }
  else if (g_str_equal (part[0], "before"))
    {
      /* A row dragged onto the top quarter of another: it goes before it */
      MusterUnit *moved, *target;

      click (roster_text (window, part[1]));
      moved = muster_unit_editor_get_unit (MUSTER_UNIT_EDITOR (editor));
      click (roster_text (window, part[2]));
      target = muster_unit_editor_get_unit (MUSTER_UNIT_EDITOR (editor));
      g_assert_true (moved != NULL && target != NULL && moved != target);
      drag (roster_text (window, part[1]), roster_text (window, part[2]), 0.1);
      g_assert_true (muster_unit_get_node (moved) == muster_unit_get_node (target));
      g_assert_cmpuint (muster_node_index_of_unit (muster_unit_get_node (moved), moved) + 1, ==,
                        muster_node_index_of_unit (muster_unit_get_node (target), target));
    }
  else if (g_str_equal (part[0], "remove"))
    {
      /* The row selected, then the roster's Remove button */
      GtkWidget *roster = page_part (window, MUSTER_TYPE_ROSTER_VIEW);
      guint before = count_nodes (root);

      click (roster_text (window, part[1]));
      click (find_button_by_icon (roster, "user-trash-symbolic"));
      g_assert_cmpuint (count_nodes (root), ==, before - 1);
    }
  else if (g_str_equal (part[0], "limit"))
    {
      /* In the list's settings, opened by a finding about the whole list; a click away
       * closes them. */
      GtkWidget *page = GTK_WIDGET (muster_window_get_army_page (window));

      spin_to (GTK_SPIN_BUTTON (reveal (find_open_popover (page), "Points Limit", find_spin)),
               g_ascii_strtod (part[1], NULL));
      g_assert_cmpint (muster_force_get_points_limit (muster_document_get_force (document)), ==,
                       g_ascii_strtoll (part[1], NULL, 10));
      click (roster_text (window, "Roster"));
      wait_for (popover_closed, page, "the popover closing");
    }
  else if (g_str_equal (part[0], "top"))
    {
      GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (find_shown (editor,
                                                                    GTK_TYPE_SCROLLED_WINDOW));

      pump (100);
      g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scroller)),
                         ==, 0);
      g_assert_true (in_view (find_spin (editor, "Size")));
    }
  else if (g_str_equal (part[0], "errors"))
    {
      guint expected = (guint) g_ascii_strtoull (part[1], NULL, 10);

      /* The findings follow an edit after a pause. */
      for (guint i = 0; i < 50 && muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)) != expected; i++)
        pump (100);
      dump_diagnostics (document, step);
      g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, expected);
    }
  else if (g_str_equal (part[0], "shot"))
    shot (part[1]);
  else
    g_assert_not_reached ();
}

typedef struct
{
  const char *system;
  gboolean    from_menu;   /* New List from the main menu, else the welcome page */
  int         limit;       /* set in New List with the spin button's − and +, or 0 */
  const char *steps[32];
} Scenario;

static GtkWidget *
main_menu_button (MusterWindow *window)
{
  GtkWidget *button = find_primary_menu_button (GTK_WIDGET (window));

  g_assert_nonnull (button);
  return button;
}

static const char *
system_name (const char *id)
{
  MusterCatalog *catalog = muster_application_get_catalog (app);
  MusterRuleset *ruleset = muster_catalog_lookup (catalog, id);

  g_assert_nonnull (ruleset);
  return muster_ruleset_get_name (ruleset);
}

static void
test_mouse_system (gconstpointer data)
{
  const Scenario *scenario = data;
  MusterWindow *window = new_shown_window ();
  MusterDocument *document = muster_window_get_document (window);
  MusterNewListDialog *dialog;
  g_autofree char *tmpdir = g_dir_make_tmp ("muster-mouse-XXXXXX", NULL);
  g_autoptr(GFile) file = NULL;
  g_autofree char *text = NULL;
  GtkWidget *system_row;

  /* New List, from the welcome page's button or the main menu */
  pump (200);
  if (scenario->from_menu)
    click_in_popover (main_menu_button (window), GTK_WIDGET (window), "New List…");
  else
    click_text (GTK_WIDGET (window), "New List…");
  wait_for (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_NEW_LIST_DIALOG), "New List");
  dialog = MUSTER_NEW_LIST_DIALOG (find_toplevel (MUSTER_TYPE_NEW_LIST_DIALOG));
  pump (200);
  system_row = find_combo (GTK_WIDGET (dialog), "Rule System");
  click_in_popover (system_row, system_row, system_name (scenario->system));
  g_assert_cmpstr (muster_ruleset_get_id (muster_new_list_dialog_get_ruleset (dialog)), ==,
                   scenario->system);
  if (scenario->limit > 0)
    spin_to (GTK_SPIN_BUTTON (reveal (GTK_WIDGET (dialog), "Points Limit", find_spin)),
             scenario->limit);
  shot ("new-list");
  click_text (GTK_WIDGET (dialog), "Create");
  wait_for (window_document_loaded, window, "the new list");
  pump (300);

  for (guint i = 0; scenario->steps[i] != NULL; i++)
    run_step (window, scenario->steps[i]);
  g_assert_true (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (document)));
  text = muster_army_page_dup_text (muster_window_get_army_page (window));

  /* Main menu, Save: the save dialog, answered with the folder and its default Save */
  click_in_popover (main_menu_button (window), GTK_WIDGET (window), "Save");
  wait_for (toplevel_shown, GSIZE_TO_POINTER (GTK_TYPE_FILE_CHOOSER_DIALOG), "the save dialog");
  file = answer_save_dialog (document, tmpdir);
  assert_reopens_as (file, text);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (g_file_delete (file, NULL, NULL));
  g_rmdir (tmpdir);
}

static const Scenario scenarios[] = {
  { "battle-valor-fantasy", FALSE, 50, { "add:Infantry", "category:General", "add:General",
                                         "category:All Categories", "add:Infantry", "size:6",
                                         "errors:1", "fix:60 points spent of 50", "limit:100",
                                         "errors:0", "choose:Experience:Veteran",
                                         "before:General:Infantry", "shot:bvf", "errors:0",
                                         NULL } },
  { "standards-of-valor", TRUE, 0, { "add:Infantry company", "menu:Add Group",
                                     "add:Cavalry company", "shot:sov", "errors:0", NULL } },
  { "undying-lands", FALSE, 0, { "menu:Add Group", "add:Foot", "errors:2", "check:General",
                                 "check:Sub-Commander", "errors:1",
                                 "fix:Foot: a commander has one Commander Rating",
                                 "choose:Commander Rating:4", "size:3", "errors:0",
                                 "drag:Mounted:Wing",
                                 "top", "shot:ul", "errors:0", NULL } },
  { "medals-of-valor", TRUE, 0, { "add:Enlisted man",
                                  "choose:Pay grade:E5 Sergeant (not allowed)", "errors:1",
                                  "menu:Add Group", "errors:2",
                                  "fix:Enlisted man (Enlisted man) takes E5 Sergeant",
                                  "choose:Pay grade:E3 Private first class",
                                  "choose:Weapon:Magazine rifle", "errors:1",
                                  "move:Enlisted man:Platoon", "errors:1", "shot:mov",
                                  "move:Enlisted man:Top of the List", "errors:1",
                                  "fix:Platoon has no leader", "remove:Platoon", "errors:0",
                                  NULL } },
  { "horse-and-musket", FALSE, 0, { "menu:Add Group", "add:Leader", "choose:Command:Commander",
                                    "menu:Add Group", "add:Leader", "select:Leader",
                                    "add:Line infantry", "errors:2",
                                    "fix:Line infantry (Line infantry) stands in Command",
                                    "move:Line infantry:BMU group", "size:6", "shot:hm",
                                    "errors:0", NULL } },
};

static void
count_click_cb (GtkButton *button,
                guint     *clicks)
{
  (*clicks)++;
}

/* The clicks are real: a button under another widget, or one that takes no pointer input,
 * is not clicked, as a user could not click it. */
static void
test_covered (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *overlay = gtk_overlay_new ();
  GtkWidget *button = gtk_button_new_with_label ("Under");
  GtkWidget *cover = gtk_label_new ("Cover");
  guint clicks = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 300, 200);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), button);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), cover);
  gtk_window_set_child (GTK_WINDOW (window), overlay);
  g_signal_connect (button, "clicked", G_CALLBACK (count_click_cb), &clicks);
  gtk_window_present (GTK_WINDOW (window));
  spin_until (window_mapped, window);
  pump (200);

  click (button);
  g_assert_cmpuint (clicks, ==, 0);
  gtk_widget_set_can_target (cover, FALSE);
  click (button);
  g_assert_cmpuint (clicks, ==, 1);
  gtk_widget_set_can_target (button, FALSE);
  click (button);
  g_assert_cmpuint (clicks, ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
map_shown (gpointer data)
{
  return gtk_widget_get_mapped (data) &&
         muster_viewport_get_width (muster_map_view_get_viewport (data)) > 0;
}

/* The mouse wheel over the map zooms in and out about the pointer: the table point under it
 * stays there. */
static void
test_wheel_zoom (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  MusterMapView *view;
  MusterViewport *viewport;
  double px, py, tx, ty, zoom, x, y;
  int sx, sy;

  g_object_set (window, "workspace", "battlefield", NULL);
  view = MUSTER_MAP_VIEW (find_descendant (GTK_WIDGET (window), MUSTER_TYPE_MAP_VIEW));
  wait_for (map_shown, view, "the map");
  pump (200);
  viewport = muster_map_view_get_viewport (view);
  /* off the middle, so that a zoom about the middle would show */
  px = muster_viewport_get_width (viewport) * 0.3;
  py = muster_viewport_get_height (viewport) * 0.6;
  screen_point (GTK_WIDGET (view), px, py, &sx, &sy);
  pointer_to (sx, sy);
  muster_viewport_widget_to_table (viewport, px, py, &tx, &ty);
  zoom = muster_viewport_get_zoom (viewport);

  /* a notch up: closer */
  press_button (4, TRUE);
  press_button (4, FALSE);
  pump (100);
  g_assert_cmpfloat (muster_viewport_get_zoom (viewport), >, zoom * 1.05);
  muster_viewport_table_to_widget (viewport, tx, ty, &x, &y);
  g_assert_cmpfloat (fabs (x - px), <, 2);
  g_assert_cmpfloat (fabs (y - py), <, 2);
  /* two down: farther than at first */
  for (guint i = 0; i < 2; i++)
    {
      press_button (5, TRUE);
      press_button (5, FALSE);
    }
  pump (100);
  g_assert_cmpfloat (muster_viewport_get_zoom (viewport), <, zoom / 1.05);
  muster_viewport_table_to_widget (viewport, tx, ty, &x, &y);
  g_assert_cmpfloat (fabs (x - px), <, 2);
  g_assert_cmpfloat (fabs (y - py), <, 2);
  shot ("wheel-zoom");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int event, error, major, minor;

  if (!ui_test_init (&argc, &argv))
    return 0;
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_print ("1..0 # SKIP not an X11 display\n");
      g_clear_object (&app);
      return 0;
    }
  xdisplay = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  if (!XTestQueryExtension (xdisplay, &event, &error, &major, &minor))
    {
      g_print ("1..0 # SKIP the X server has no XTest\n");
      g_clear_object (&app);
      return 0;
    }
  g_test_add_func ("/ui/mouse/covered", test_covered);
  g_test_add_func ("/ui/mouse/wheel-zoom", test_wheel_zoom);
  for (guint i = 0; i < G_N_ELEMENTS (scenarios); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/ui/mouse/%s", scenarios[i].system);

      g_test_add_data_func (test_path, &scenarios[i], test_mouse_system);
    }
  return ui_test_run ();
}

#else

#include <glib.h>

int
main (void)
{
  g_print ("1..0 # SKIP built without XTest (libxtst-dev)\n");
  return 0;
}

#endif
