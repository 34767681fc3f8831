/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <string.h>

#include "muster-battlefield-page.h"
#include "muster-bs-page.h"
#include "muster-bs-window.h"
#include "muster-outcome-view.h"
#include "muster-preview-page.h"
#include "muster-procedure-inputs.h"
#include "muster-roster-view.h"
#include "muster-unit-editor.h"
#include "ui-test-util.h"

/*
 * A window that adapts (issue 19): each workspace at 1600 × 1000, 800 × 600 and 360 × 640
 * keeps to the window, cuts off no control, squeezes none below the size it asks, and leaves
 * every action reachable through a visible button or a menu.
 */

#define FIXTURE MUSTER_TEST_DATA "/../model/bs-fixture"

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

/* A widget the user can see: mapped, with its ancestors, and not zero-sized */
static gboolean
shown (GtkWidget *widget)
{
  return widget != NULL && gtk_widget_get_mapped (widget)
    && gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0;
}

static gboolean
is_button_labelled_any (GtkWidget  *widget,
                        const char *label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* Every leaflet under @widget (the Army's and the Preview's) folds without a slide */
static void
fold_at_once (GtkWidget *widget)
{
  if (ADW_IS_LEAFLET (widget))
    adw_leaflet_set_mode_transition_duration (ADW_LEAFLET (widget), 0);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    fold_at_once (child);
}

/* @sample's workspace @name in a @width × @height window */
static MusterWindow *
sized_workspace (const char *sample,
                 const char *name,
                 int         width,
                 int         height)
{
  MusterWindow *window = new_sized_sample_window (sample, width, height);

  muster_window_set_workspace (window, name);
  run_frames (GTK_WIDGET (window));
  /* Back to the size asked (switching workspace may have grown the window), with the
   * leaflets folding at once (their slide has no end to wait for) */
  fold_at_once (GTK_WIDGET (window));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  run_frames (GTK_WIDGET (window));
  return window;
}

/* No flap, leaflet or revealer under @widget is sliding */
static gboolean
still (gpointer widget)
{
  if (ADW_IS_FLAP (widget)
      && adw_flap_get_reveal_progress (widget) != (adw_flap_get_reveal_flap (widget) ? 1 : 0))
    return FALSE;
  if (ADW_IS_LEAFLET (widget) && adw_leaflet_get_child_transition_running (widget))
    return FALSE;
  /* (the bottom view switcher slides in as the header's is squeezed out) */
  if (GTK_IS_REVEALER (widget)
      && gtk_revealer_get_child_revealed (widget) != gtk_revealer_get_reveal_child (widget))
    return FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!still (child))
      return FALSE;
  return TRUE;
}

/* Laid out, and done sliding: measured mid-slide, a flap would be cut off */
static void
settle (GtkWidget *window)
{
  run_frames (window);
  spin_until (still, window);
  run_frames (window);
}

/* "GtkButton 'Zone' battlefield.tool": enough to find the widget a failure names */
static char *
describe (GtkWidget *widget)
{
  GString *text = g_string_new (G_OBJECT_TYPE_NAME (widget));
  const char *id = gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget));

  if (id != NULL)
    g_string_append_printf (text, " #%s", id);
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, " '%s'", gtk_label_get_label (GTK_LABEL (widget)));
  if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    g_string_append_printf (text, " '%s'", gtk_button_get_label (GTK_BUTTON (widget)));
  if (GTK_IS_ACTIONABLE (widget) && gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)))
    g_string_append_printf (text, " %s", gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)));
  if (gtk_widget_get_parent (widget) != NULL)
    g_string_append_printf (text, " in %s", G_OBJECT_TYPE_NAME (gtk_widget_get_parent (widget)));
  return g_string_free (text, FALSE);
}

/* Every mapped widget under @widget is at least as wide as it asks (and as tall, outside
 * scrolled content, whose rows a list sizes as it likes) and, outside scrolled content (which
 * may lie beyond its view), lies inside @window. Popovers are windows of their own; scroll
 * bars are left out. What is wrong goes into @problems. */
static void
collect_misfits (GtkWidget *window,
                 GtkWidget *widget,
                 gboolean   scrolled,
                 GString   *problems)
{
  GtkAllocation allocation;
  int width, height, min_width, min_height;

  if (!gtk_widget_get_mapped (widget) || GTK_IS_SCROLLBAR (widget)
      || (widget != window && GTK_IS_NATIVE (widget)))
    return;
  /* measured with the widget's margins, allocated without them */
  gtk_widget_get_allocation (widget, &allocation);
  width = allocation.width + gtk_widget_get_margin_start (widget) + gtk_widget_get_margin_end (widget);
  height = allocation.height + gtk_widget_get_margin_top (widget)
           + gtk_widget_get_margin_bottom (widget);
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, width, &min_height, NULL, NULL, NULL);
  if (GTK_IS_SCROLLABLE (widget) && GTK_IS_SCROLLED_WINDOW (gtk_widget_get_parent (widget)))
    {
      GtkPolicyType across;

      /* content that scrolls sideways may be wider than its view */
      gtk_scrolled_window_get_policy (GTK_SCROLLED_WINDOW (gtk_widget_get_parent (widget)), &across,
                                      NULL);
      if (across != GTK_POLICY_NEVER)
        min_width = 0;
    }
  if (widget != window
      && (width < min_width || (!scrolled && !GTK_IS_SCROLLABLE (widget) && height < min_height)))
    {
      g_autofree char *name = describe (widget);

      g_string_append_printf (problems, "  %s: %d × %d, asks %d × %d\n", name, width, height,
                              min_width, min_height);
    }
  /* (a flap's shield, a gizmo of its own, lies beside the flap over the content) */
  if (!scrolled && widget != window && strcmp (G_OBJECT_TYPE_NAME (widget), "AdwGizmo") != 0)
    {
      graphene_rect_t bounds;

      /* a pixel of slack: the header bar sits over the window's border */
      if (!gtk_widget_compute_bounds (widget, window, &bounds)
          || bounds.origin.x < -1.5 || bounds.origin.y < -1.5
          || bounds.origin.x + bounds.size.width > gtk_widget_get_width (window) + 1.5
          || bounds.origin.y + bounds.size.height > gtk_widget_get_height (window) + 1.5)
        {
          g_autofree char *name = describe (widget);

          g_string_append_printf (problems, "  %s: at %g, %g, %g × %g, outside the window\n",
                                  name, bounds.origin.x, bounds.origin.y, bounds.size.width,
                                  bounds.size.height);
        }
    }
  scrolled = scrolled || GTK_IS_SCROLLABLE (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_misfits (window, child, scrolled, problems);
}

/* Down from @widget, the mapped child asking most width at each level: what holds a window
 * wider than asked */
static void
append_widest (GtkWidget *widget,
               GString   *text)
{
  GtkWidget *widest = NULL;
  int most = -1;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int min;

      /* (a folded leaflet is as wide as its widest child, shown or not) */
      if ((!gtk_widget_get_mapped (child) && !ADW_IS_LEAFLET (widget)) || GTK_IS_NATIVE (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      if (min > most)
        {
          most = min;
          widest = child;
        }
    }
  if (widest != NULL)
    {
      g_autofree char *name = describe (widest);

      g_string_append_printf (text, "  %s asks %d\n", name, most);
      append_widest (widest, text);
    }
}

/* @window is no larger than @width × @height and cuts nothing off (see collect_misfits()) */
static void
assert_fits (GtkWidget  *window,
             int         width,
             int         height,
             const char *what)
{
  g_autoptr(GString) problems = g_string_new (NULL);

  settle (window);
  if (gtk_widget_get_width (window) > width || gtk_widget_get_height (window) > height)
    {
      append_widest (window, problems);
      g_error ("%s: the window asked for %d × %d, is %d × %d:\n%s", what, width, height,
               gtk_widget_get_width (window), gtk_widget_get_height (window), problems->str);
    }
  collect_misfits (window, window, FALSE, problems);
  if (problems->len > 0)
    g_error ("%s at %d × %d cuts off:\n%s", what, width, height, problems->str);
}

/* @widget is shown whole: mapped, and inside each of its ancestors up to the window, so no
 * pane, tool bar or window edge cuts any of it off. */
static gboolean
reachable (GtkWidget *widget)
{
  GtkWidget *ancestor;

  if (!shown (widget))
    return FALSE;
  for (ancestor = gtk_widget_get_parent (widget); ancestor != NULL;
       ancestor = gtk_widget_get_parent (ancestor))
    {
      graphene_rect_t bounds;

      if (!gtk_widget_compute_bounds (widget, ancestor, &bounds)
          || bounds.origin.x < -0.5 || bounds.origin.y < -0.5
          || bounds.origin.x + bounds.size.width > gtk_widget_get_width (ancestor) + 0.5
          || bounds.origin.y + bounds.size.height > gtk_widget_get_height (ancestor) + 0.5)
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_target (GVariant   *value,
           const char *target)
{
  if (target == NULL)
    return value == NULL;
  return value != NULL && g_variant_is_of_type (value, G_VARIANT_TYPE_STRING)
    && strcmp (g_variant_get_string (value, NULL), target) == 0;
}

/* @menu, or one of its sections or submenus, has an item for @action with @target */
static gboolean
menu_offers (GMenuModel *menu,
             const char *action,
             const char *target)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GVariant) value = NULL;
      g_autoptr(GMenuModel) section = NULL;
      g_autoptr(GMenuModel) submenu = NULL;

      value = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && strcmp (name, action) == 0 && is_target (value, target))
        return TRUE;
      section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      submenu = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SUBMENU);
      if ((section != NULL && menu_offers (section, action, target))
          || (submenu != NULL && menu_offers (submenu, action, target)))
        return TRUE;
    }
  return FALSE;
}

/* Under @widget, a reachable button for @action with @target, or (with @in_menu) a reachable
 * menu button whose menu offers it */
static gboolean
action_reachable (GtkWidget  *widget,
                  const char *action,
                  const char *target,
                  gboolean    in_menu)
{
  GtkWidget *child;

  if (GTK_IS_ACTIONABLE (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0
      && is_target (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget)), target)
      && reachable (widget))
    return TRUE;
  if (in_menu && GTK_IS_MENU_BUTTON (widget)
      && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL
      && menu_offers (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)), action, target)
      && reachable (widget))
    return TRUE;
  for (child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (action_reachable (child, action, target, in_menu))
      return TRUE;
  return FALSE;
}

typedef struct
{
  const char *action;
  const char *target;
} Tool;

static const Tool window_tools[] = {
  { "win.open", NULL }, { "win.undo", NULL }, { "win.redo", NULL }, { "win.save", NULL },
  { "win.save-as", NULL }, { "win.new-list", NULL }, { "win.export", "packet" },
  { "win.print", NULL }, { "app.preferences", NULL },
};

static const Tool roster_tools[] = {
  { "army.move-up", NULL }, { "army.move-down", NULL }, { "army.duplicate", NULL },
  { "army.delete", NULL }, { "army.add-group", NULL }, { "army.copy-text", NULL },
  { "army.show-move-to", NULL },
};

static const Tool battlefield_tools[] = {
  { "battlefield.tool", "select" }, { "battlefield.tool", "rectangle" },
  { "battlefield.tool", "ellipse" }, { "battlefield.tool", "polygon" },
  { "battlefield.tool", "polyline" }, { "battlefield.tool", "objective" },
  { "battlefield.tool", "zone" }, { "battlefield.tool", "measure" },
  { "battlefield.tool", "sight" }, { "battlefield.generate", NULL },
  { "battlefield.snap", NULL }, { "battlefield.show-ranges", NULL },
  { "battlefield.show-umpire", NULL }, { "battlefield.zoom-out", NULL },
  { "battlefield.fit", NULL }, { "battlefield.zoom-in", NULL },
};

static const Tool outcome_tools[] = {
  { "outcome.mode", "exactly" }, { "outcome.mode", "at-least" }, { "outcome.mode", "at-most" },
  { "outcome.view", "chart" }, { "outcome.view", "table" }, { "outcome.copy", NULL },
};

static void
assert_tools_reachable (GtkWidget  *root,
                        const Tool *tools,
                        gsize       n_tools,
                        gboolean    in_menu)
{
  for (gsize i = 0; i < n_tools; i++)
    if (!action_reachable (root, tools[i].action, tools[i].target, in_menu))
      g_error ("%s %s is cut off or hidden%s", tools[i].action,
               tools[i].target != NULL ? tools[i].target : "", in_menu ? ", and in no menu" : "");
}

/* Under @widget, a reachable widget of @type */
static gboolean
any_reachable (GtkWidget *widget,
               GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && reachable (widget))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (any_reachable (child, type))
      return TRUE;
  return FALSE;
}

/* The window's own actions and a workspace switcher (the header's, or the bottom bar's once
 * the header's is squeezed out) are at hand at any size */
static void
assert_window_reachable (MusterWindow *window)
{
  assert_tools_reachable (GTK_WIDGET (window), window_tools, G_N_ELEMENTS (window_tools), TRUE);
  g_assert_true (any_reachable (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER));
}

typedef struct
{
  int width;
  int height;
} Size;

static const Size sizes[] = { { 1600, 1000 }, { 800, 600 }, { 360, 640 } };

static MusterUnit *
unit_with_id (MusterWindow *window,
              const char   *id)
{
  return muster_doc_lookup_unit (muster_document_get_doc (muster_window_get_document (window)), id);
}

/* The Army workspace at each size: the roster's tools, the Unit Types (beside the roster, or
 * out over it with the header's toggle), and the selected unit's editor (beside it, or
 * through Edit, with a way back). */
static void
test_fit_army (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      const Size *size = &sizes[i];
      g_autofree char *what = g_strdup_printf ("army-%d", size->width);
      MusterWindow *window = sized_workspace ("battle-valor-fantasy-1000.muster", "army",
                                              size->width, size->height);
      MusterArmyPage *page = muster_window_get_army_page (window);
      AdwFlap *flap = ADW_FLAP (find_descendant (GTK_WIDGET (page), ADW_TYPE_FLAP));
      GtkWidget *toggle = find_descendant (GTK_WIDGET (page), GTK_TYPE_TOGGLE_BUTTON);
      GtkWidget *editor = find_descendant (GTK_WIDGET (page), MUSTER_TYPE_UNIT_EDITOR);

      g_assert_true (muster_army_page_select_unit (page, unit_with_id (window, "u2")));
      settle (GTK_WIDGET (window));
      g_test_message ("%s", what);
      shoot (GTK_WIDGET (window), what);
      assert_fits (GTK_WIDGET (window), size->width, size->height, what);
      assert_window_reachable (window);
      assert_tools_reachable (GTK_WIDGET (page), roster_tools, G_N_ELEMENTS (roster_tools), TRUE);
      g_assert_true (reachable (find_descendant (GTK_WIDGET (page), MUSTER_TYPE_ROSTER_VIEW)));

      /* The unit types */
      g_assert_true (reachable (toggle));
      if (!adw_flap_get_reveal_flap (flap))
        {
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
          settle (GTK_WIDGET (window));
        }
      g_assert_true (reachable (find_matching (GTK_WIDGET (page), is_button_labelled_any,
                                               "_Add to List")));
      assert_fits (GTK_WIDGET (window), size->width, size->height, what);
      if (adw_flap_get_folded (flap))
        {
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
          settle (GTK_WIDGET (window));
        }

      /* The editor, and back */
      if (!reachable (editor))
        {
          g_assert_true (action_reachable (GTK_WIDGET (page), "army.edit-unit", NULL, TRUE));
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.edit-unit", NULL));
          settle (GTK_WIDGET (window));
          g_assert_true (reachable (editor));
          shoot (GTK_WIDGET (window), "army-editor");
          assert_fits (GTK_WIDGET (window), size->width, size->height, what);
          g_assert_true (action_reachable (GTK_WIDGET (page), "army.show-roster", NULL, FALSE));
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.show-roster", NULL));
          settle (GTK_WIDGET (window));
          g_assert_true (reachable (find_descendant (GTK_WIDGET (page),
                                                     MUSTER_TYPE_ROSTER_VIEW)));
        }
      g_assert_true (size->width < 800 || reachable (editor));
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Whether @widget is a label whose text is @text (for find_matching()) */
static gboolean
is_label_reading (GtkWidget  *widget,
                  const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* At 360 px a long list name is cut short after three lines (more would push the roster off
 * a phone's screen), but it is whole in the tooltip, and a tap on it opens the list's settings
 * with the whole name in the name row (issue 19). */
static void
test_fit_army_long_name (void)
{
  static const char *name = "The Northern Host of the Iron Hills under Thane Hrothgar the Grey, "
                            "with the Levies of Cold Beck and the Riders of the Long Valley";
  MusterWindow *window = sized_workspace ("battle-valor-fantasy-1000.muster", "army", 360, 640);
  MusterArmyPage *page = muster_window_get_army_page (window);
  GtkWidget *label, *settings = NULL, *row;
  GtkPopover *popover;
  g_autoptr(GListModel) controllers = NULL;
  GtkGesture *click = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.rename-list", "s", name));
  settle (GTK_WIDGET (window));
  label = find_matching (GTK_WIDGET (page), is_label_reading, name);
  g_assert_nonnull (label);
  g_assert_true (shown (label));
  assert_fits (GTK_WIDGET (window), 360, 640, "army-long-name");
  g_assert_true (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (label), ==, name);

  controllers = gtk_widget_observe_controllers (label);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && click == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        click = GTK_GESTURE (controller);
    }
  g_assert_nonnull (click);
  for (GtkWidget *w = gtk_widget_get_parent (label); w != NULL && settings == NULL;
       w = gtk_widget_get_parent (w))
    for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL && settings == NULL;
         c = gtk_widget_get_next_sibling (c))
      if (GTK_IS_MENU_BUTTON (c) && gtk_widget_get_visible (c)
          && g_strcmp0 (gtk_widget_get_tooltip_text (c), "List Name and Points Limit") == 0)
        settings = c;
  g_assert_nonnull (settings);
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (settings));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));

  g_signal_emit_by_name (click, "released", 1, 10.0, 10.0);
  run_frames (GTK_WIDGET (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  row = find_descendant (GTK_WIDGET (popover), ADW_TYPE_ENTRY_ROW);
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, name);
  gtk_popover_popdown (popover);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At 800 × 600 the Unit Types fold away so the roster keeps its width, and come out over it
 * with the header's toggle or Ctrl+F; on a wide screen they stay beside it, and the toggle
 * hides them there too. */
static void
test_fit_army_flap (void)
{
  MusterWindow *window = new_sized_sample_window ("battle-valor-fantasy-1000.muster", 800, 600);
  MusterArmyPage *page = muster_window_get_army_page (window);
  AdwFlap *flap = ADW_FLAP (find_descendant (GTK_WIDGET (page), ADW_TYPE_FLAP));
  GtkWidget *roster = find_descendant (GTK_WIDGET (page), MUSTER_TYPE_ROSTER_VIEW);
  GtkWidget *toggle = find_descendant (GTK_WIDGET (page), GTK_TYPE_TOGGLE_BUTTON);
  GtkWidget *add;

  g_assert_true (adw_flap_get_folded (flap));
  g_assert_false (adw_flap_get_reveal_flap (flap));
  /* the roster as wide as it asks (360 px), not squeezed to its statistics column */
  g_assert_cmpint (gtk_widget_get_width (roster), >=, 360);
  g_assert_true (shown (toggle));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)));

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  run_frames (GTK_WIDGET (window));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  add = find_matching (GTK_WIDGET (page), is_button_labelled_any, "_Add to List");
  g_assert_nonnull (add);
  g_assert_true (shown (add));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  run_frames (GTK_WIDGET (window));
  g_assert_false (adw_flap_get_reveal_flap (flap));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "army.focus-search", NULL));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  gtk_window_destroy (GTK_WINDOW (window));

  window = new_sized_sample_window ("battle-valor-fantasy-1000.muster", 1600, 1000);
  page = muster_window_get_army_page (window);
  flap = ADW_FLAP (find_descendant (GTK_WIDGET (page), ADW_TYPE_FLAP));
  toggle = find_descendant (GTK_WIDGET (page), GTK_TYPE_TOGGLE_BUTTON);
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  g_assert_false (adw_flap_get_reveal_flap (flap));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Battlefield at each size: narrower, the less-used tools fold into a menu of the same
 * actions, and the side panel (selection, odds, scenario) comes out over the map with a
 * toggle; wide, every tool is a button and the panel sits beside the map. */
static void
test_fit_battlefield (void)
{
  const char *sample = "horse-and-musket-cemetery-ridge.muster";

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      const Size *size = &sizes[i];
      g_autofree char *what = g_strdup_printf ("battlefield-%d", size->width);
      MusterWindow *window = sized_workspace (sample, "battlefield", size->width, size->height);
      GtkWidget *page = find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BATTLEFIELD_PAGE);
      AdwFlap *flap = ADW_FLAP (find_descendant (page, ADW_TYPE_FLAP));

      shoot (GTK_WIDGET (window), what);
      assert_fits (GTK_WIDGET (window), size->width, size->height, what);
      assert_window_reachable (window);
      assert_tools_reachable (page, battlefield_tools, G_N_ELEMENTS (battlefield_tools),
                              size->width < 1600);
      g_assert_true (reachable (find_descendant (page, GTK_TYPE_DROP_DOWN)));
      g_assert_nonnull (flap);
      if (!adw_flap_get_reveal_flap (flap))
        {
          GtkWidget *toggle = find_descendant (page, GTK_TYPE_TOGGLE_BUTTON);

          /* the first toggle of the page is the panel's */
          g_assert_true (reachable (toggle));
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
          settle (GTK_WIDGET (window));
          shoot (GTK_WIDGET (window), "battlefield-panel");
        }
      g_assert_true (reachable (adw_flap_get_flap (flap)));
      assert_fits (GTK_WIDGET (window), size->width, size->height, what);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* The Preview at each size: the inputs and the chart with its modes side by side, or, at
 * 360 px, the inputs with a way to the odds and back. */
static void
test_fit_preview (void)
{
  const char *sample = "horse-and-musket-cemetery-ridge.muster";

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      const Size *size = &sizes[i];
      g_autofree char *what = g_strdup_printf ("preview-%d", size->width);
      MusterWindow *window = sized_workspace (sample, "preview", size->width, size->height);
      GtkWidget *page = find_descendant (GTK_WIDGET (window), MUSTER_TYPE_PREVIEW_PAGE);
      GtkWidget *outcome = find_descendant (page, MUSTER_TYPE_OUTCOME_VIEW);
      GtkWidget *inputs = find_descendant (page, MUSTER_TYPE_PROCEDURE_INPUTS);

      shoot (GTK_WIDGET (window), what);
      assert_fits (GTK_WIDGET (window), size->width, size->height, what);
      assert_window_reachable (window);
      g_assert_true (reachable (gtk_widget_get_ancestor (inputs, GTK_TYPE_SCROLLED_WINDOW)));
      if (!reachable (outcome))
        {
          g_assert_true (action_reachable (page, "preview.show-odds", NULL, FALSE));
          g_assert_true (gtk_widget_activate_action (page, "preview.show-odds", NULL));
          settle (GTK_WIDGET (window));
          shoot (GTK_WIDGET (window), "preview-odds");
          assert_fits (GTK_WIDGET (window), size->width, size->height, what);
          g_assert_true (action_reachable (page, "preview.show-inputs", NULL, FALSE));
        }
      g_assert_true (size->width < 800 || reachable (outcome));
      assert_tools_reachable (outcome, outcome_tools, G_N_ELEMENTS (outcome_tools),
                              size->width < 1600);
      g_assert_true (reachable (find_descendant (outcome, GTK_TYPE_DRAWING_AREA)));
      g_assert_true (reachable (find_descendant (outcome, GTK_TYPE_DROP_DOWN)));
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static const Tool roster_window_tools[] = {
  { "win.undo", NULL }, { "win.redo", NULL }, { "win.save", NULL }, { "win.save-as", NULL },
  { "app.preferences", NULL },
};

static gboolean
not_scanning (gpointer library)
{
  return !muster_bs_library_get_scanning (library);
}

/* The BattleScribe roster window at each size: the entries, the roster and the selection's
 * editor side by side, or one at a time with a switch between them. */
static void
test_fit_roster (void)
{
  GSettings *settings = muster_application_get_settings (app);
  const char *folders[] = { FIXTURE, NULL };
  const char *none[] = { NULL };
  const char *panes[] = { "entries", "roster", "editor" };
  MusterBsLibrary *library = muster_application_get_bs_library (app);
  MusterBsSystem *system;

  g_settings_set_strv (settings, "battlescribe-folders", folders);
  spin_until (not_scanning, library);
  system = muster_bs_library_lookup (library, "sk-gs");
  g_assert_nonnull (system);

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      const Size *size = &sizes[i];
      g_autofree char *what = g_strdup_printf ("roster-%d", size->width);
      MusterBsWindow *window = muster_bs_window_new (app);
      MusterBsDocument *document = muster_bs_window_get_document (window);
      GtkWidget *page = find_descendant (GTK_WIDGET (window), MUSTER_TYPE_BS_PAGE);
      AdwLeaflet *leaflet = ADW_LEAFLET (find_descendant (page, ADW_TYPE_LEAFLET));
      g_autoptr(GError) error = NULL;

      /* folding at once: a fold's slide has no end to wait for */
      adw_leaflet_set_mode_transition_duration (leaflet, 0);
      gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
      gtk_window_present (GTK_WINDOW (window));
      spin_until (window_mapped, window);
      muster_bs_document_start (document, system, "Patrol");
      g_assert_nonnull (muster_bs_document_add_force (document, NULL, "fe-patrol", "sk-rangers",
                                                      &error));
      g_assert_no_error (error);
      g_assert_nonnull (muster_bs_page_add_entry (MUSTER_BS_PAGE (page), "Ranger Squad"));
      settle (GTK_WIDGET (window));
      g_test_message ("%s", what);
      shoot (GTK_WIDGET (window), what);
      assert_fits (GTK_WIDGET (window), size->width, size->height, what);
      assert_tools_reachable (GTK_WIDGET (window), roster_window_tools,
                              G_N_ELEMENTS (roster_window_tools), TRUE);
      for (guint p = 0; p < G_N_ELEMENTS (panes); p++)
        {
          GtkWidget *pane = adw_leaflet_get_child_by_name (leaflet, panes[p]);

          if (adw_leaflet_get_folded (leaflet))
            {
              g_assert_true (action_reachable (page, "bs.pane", panes[p], FALSE));
              g_assert_true (gtk_widget_activate_action (page, "bs.pane", "s", panes[p]));
              settle (GTK_WIDGET (window));
              assert_fits (GTK_WIDGET (window), size->width, size->height, what);
            }
          g_assert_true (reachable (pane));
        }
      g_assert_true (size->width < 1600 || !adw_leaflet_get_folded (leaflet));
      gtk_window_destroy (GTK_WINDOW (window));
    }
  g_settings_set_strv (settings, "battlescribe-folders", none);
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/ui/fit/army", test_fit_army);
  g_test_add_func ("/ui/fit/army-flap", test_fit_army_flap);
  g_test_add_func ("/ui/fit/army-long-name", test_fit_army_long_name);
  g_test_add_func ("/ui/fit/battlefield", test_fit_battlefield);
  g_test_add_func ("/ui/fit/preview", test_fit_preview);
  g_test_add_func ("/ui/fit/roster", test_fit_roster);

  return ui_test_run ();
}
