/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <glib/gstdio.h>

#include "muster-army-page.h"
#include "muster-catalogue-model.h"
#include "muster-diagnostics.h"
#include "muster-engine.h"
#include "muster-new-list-dialog.h"
#include "ui-test-keys.h"

/*
 * "Entirely by keyboard": in each of the five systems, a list is made from New List, filled
 * from the catalogue, edited, fixed and saved with key presses only. press() finds what a key
 * does the way GTK does: the shortcuts of the focus widget and its ancestors (key bindings
 * such as Tab, Return, Ctrl+D), then the application's accelerators. A key nothing is bound to
 * fails the test, so a step a user could not take by keyboard cannot pass. Text is typed into
 * the focused editable. Only the file chooser, a separate dialog, is answered through its
 * GtkFileChooser interface (the folder as typed after Ctrl+L, then its default Save).
 */

/* The preferences row (an option, the size) that holds the focus, if any */
static AdwPreferencesRow *
focus_row (void)
{
  GtkWidget *focus = focus_widget ();

  return focus ? ADW_PREFERENCES_ROW (gtk_widget_get_ancestor (focus, ADW_TYPE_PREFERENCES_ROW))
               : NULL;
}

static gboolean
focus_in_row (const char *title,
              GType       type)
{
  AdwPreferencesRow *row = focus_row ();
  GtkWidget *focus = focus_widget ();

  return row != NULL && g_strcmp0 (adw_preferences_row_get_title (row), title) == 0 &&
         (G_TYPE_CHECK_INSTANCE_TYPE (focus, type) ||
          gtk_widget_get_ancestor (focus, type) != NULL);
}

/* Tabs through the unit editor (Ctrl+E enters it) to the row titled @title. */
static void
tab_to_row (const char *title,
            GType       type)
{
  press ("<Control>e");
  for (guint i = 0; i < 60 && !focus_in_row (title, type); i++)
    press ("Tab");
  if (!focus_in_row (title, type))
    g_error ("Tab never reaches the editor's %s", title);
}

static const char *
combo_label (AdwComboRow *combo)
{
  GListModel *model = adw_combo_row_get_model (combo);
  guint selected = adw_combo_row_get_selected (combo);

  return selected == GTK_INVALID_LIST_POSITION ? NULL
         : gtk_string_list_get_string (GTK_STRING_LIST (model), selected);
}

/* Space opens the combo's list, Down moves, Return picks: round until @label is picked. */
static void
choose (AdwComboRow *combo,
        const char  *label)
{
  guint n = g_list_model_get_n_items (adw_combo_row_get_model (combo));

  for (guint i = 0; i <= n && g_strcmp0 (combo_label (combo), label) != 0; i++)
    {
      press ("space");
      spin_until (popover_open, combo);
      press (i + 1 < n ? "Down" : "Home");
      press ("Return");
      spin_until (popover_closed, combo);
    }
  g_assert_cmpstr (combo_label (combo), ==, label);
}

/* Whether the focused widget (a menu item) shows @text, after its indent */
static gboolean
focus_reads (const char *text)
{
  GtkWidget *focus = focus_widget ();
  GtkWidget *label = focus ? find_descendant (focus, GTK_TYPE_LABEL) : NULL;
  const char *shown = label ? gtk_label_get_text (GTK_LABEL (label)) : NULL;

  while (shown != NULL && g_unichar_isspace (g_utf8_get_char (shown)))
    shown = g_utf8_next_char (shown);
  return g_strcmp0 (shown, text) == 0;
}

/* Whether the catalogue's first unit type is named @text, or begins so */
static gboolean
first_match (GListModel *catalogue,
             const char *text)
{
  g_autoptr(MusterCatalogueItem) item = g_list_model_get_item (catalogue, 0);

  return item != NULL && g_str_has_prefix (muster_catalogue_item_get_name (item), text);
}

/* One step of a scenario:
 *   add:TEXT          Ctrl+F, TEXT typed, Return: the first unit type found is added
 *   group             Ctrl+Shift+G: a group, selected
 *   size:N            Ctrl+E, Tab to the size, N typed, Tab
 *   choose:ROW:LABEL  Ctrl+E, Tab to the option ROW, LABEL picked from its list
 *   check:ROW         Ctrl+E, Tab to the option ROW's check, Space
 *   next              F8: the next problem's unit selected
 *   move:GROUP        Ctrl+M, Down to GROUP in the menu of places, Return: the selected unit
 *                     moves into it
 *   errors:N          (a check) N errors now
 */
static void
run_step (MusterWindow *window,
          const char   *step)
{
  MusterDocument *document = muster_window_get_document (window);
  g_auto(GStrv) part = g_strsplit (step, ":", 3);

  if (g_str_equal (part[0], "add"))
    {
      GListModel *catalogue = G_LIST_MODEL (muster_army_page_get_catalogue (
        muster_window_get_army_page (window)));
      MusterNode *root = muster_force_get_root (muster_document_get_force (document));
      guint before = count_units (root);

      press ("<Control>f");
      type (part[1]);
      /* The search runs a moment after the typing stops: until the first match is shown. */
      for (guint i = 0; i < 100 && !first_match (catalogue, part[1]); i++)
        settle ();
      g_assert_true (first_match (catalogue, part[1]));
      press ("Return");
      g_assert_cmpuint (count_units (root), ==, before + 1);
    }
  else if (g_str_equal (part[0], "group"))
    press ("<Control><Shift>g");
  else if (g_str_equal (part[0], "size"))
    {
      tab_to_row ("Size", GTK_TYPE_SPIN_BUTTON);
      type (part[1]);
      press ("Tab");
    }
  else if (g_str_equal (part[0], "choose"))
    {
      tab_to_row (part[1], ADW_TYPE_COMBO_ROW);
      choose (ADW_COMBO_ROW (focus_row ()), part[2]);
    }
  else if (g_str_equal (part[0], "check"))
    {
      tab_to_row (part[1], GTK_TYPE_CHECK_BUTTON);
      press ("space");
    }
  else if (g_str_equal (part[0], "next"))
    press ("F8");
  else if (g_str_equal (part[0], "move"))
    {
      MusterUnit *unit = muster_army_page_get_selected_unit (muster_window_get_army_page (window));

      g_assert_nonnull (unit);
      press ("<Control>m");
      for (guint i = 0; i < 20 && !focus_reads (part[1]); i++)
        press ("Down");
      if (!focus_reads (part[1]))
        g_error ("Down never reaches %s in the Move To menu", part[1]);
      press ("Return");
      g_assert_cmpstr (muster_node_get_name (muster_unit_get_node (unit)), ==, part[1]);
    }
  else if (g_str_equal (part[0], "errors"))
    {
      guint expected = (guint) g_ascii_strtoull (part[1], NULL, 10);

      /* The findings follow an edit after a pause (they are worked out once typing stops). */
      for (guint i = 0; i < 50 && muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)) != expected; i++)
        settle ();
      dump_diagnostics (document, step);
      g_assert_cmpuint (muster_findings_source_get_n_errors (MUSTER_FINDINGS_SOURCE (document)), ==, expected);
    }
  else
    g_assert_not_reached ();
  dump_diagnostics (document, step);
}

typedef struct
{
  const char *system;
  const char *steps[24];
} Scenario;

static void
test_keyboard_system (gconstpointer data)
{
  const Scenario *scenario = data;
  MusterWindow *window = new_shown_window ();
  MusterDocument *document = muster_window_get_document (window);
  MusterNewListDialog *dialog;
  g_autofree char *tmpdir = g_dir_make_tmp ("muster-keyboard-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (tmpdir, "Keyboard List.muster", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  g_autoptr(GFile) saved_file = NULL;
  GtkWidget *system_row;

  /* New List: the system from the list (Space, Down, Return), a name, Return creates. */
  press ("<Control><Shift>n");
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_NEW_LIST_DIALOG));
  dialog = MUSTER_NEW_LIST_DIALOG (find_toplevel (MUSTER_TYPE_NEW_LIST_DIALOG));
  g_assert_true (ADW_IS_COMBO_ROW (focus_widget ()));
  system_row = focus_widget ();
  /* Each time the list has opened before Down and closed after Return: a Return with the list
   * not yet open would create the list. */
  for (guint i = 0; i < 12 && g_strcmp0 (muster_ruleset_get_id (
         muster_new_list_dialog_get_ruleset (dialog)), scenario->system) != 0; i++)
    {
      press ("space");
      spin_until (popover_open, system_row);
      press ("Down");
      press ("Return");
      spin_until (popover_closed, system_row);
    }
  g_assert_cmpstr (muster_ruleset_get_id (muster_new_list_dialog_get_ruleset (dialog)), ==,
                   scenario->system);
  press ("Tab");
  type ("Keyboard List");
  press ("Return");
  spin_until (window_document_loaded, window);
  g_assert_cmpstr (muster_force_get_name (muster_document_get_force (document)), ==,
                   "Keyboard List");

  for (guint i = 0; scenario->steps[i] != NULL; i++)
    run_step (window, scenario->steps[i]);
  g_assert_true (muster_findings_source_get_legal (MUSTER_FINDINGS_SOURCE (document)));
  text = muster_army_page_dup_text (muster_window_get_army_page (window));

  /* Ctrl+S: the save dialog, answered with the folder (as typed after Ctrl+L) and Save. */
  press ("<Control>s");
  spin_until (toplevel_shown, GSIZE_TO_POINTER (GTK_TYPE_FILE_CHOOSER_DIALOG));
  saved_file = answer_save_dialog (document, tmpdir);
  g_assert_true (g_file_equal (saved_file, file));
  assert_reopens_as (file, text);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (tmpdir);
}

static const Scenario scenarios[] = {
  { "battle-valor-fantasy", { "add:Infantry", "errors:2", "add:General", "errors:1",
                              "add:Infantry", "size:6", "errors:0", NULL } },
  { "standards-of-valor", { "add:Infantry", "size:24", "add:Cavalry",
                            "choose:Unit Quality:Green (D6)", "errors:0", NULL } },
  { "undying-lands", { "group", "add:Foot", "errors:2", "check:General", "errors:2",
                       "check:Sub-Commander", "choose:Commander Rating:4", "size:3",
                       "errors:0", NULL } },
  { "medals-of-valor", { "add:Enlisted", "choose:Weapon:Magazine rifle",
                         "choose:Pay grade:E3 Private first class", "errors:0", NULL } },
  { "horse-and-musket", { "group", "add:Leader", "choose:Command:Commander",
                          "add:Line infantry", "group", "add:Leader", "errors:2", "next", "next",
                          "move:BMU group", "size:6", "errors:0", NULL } },
};

/* Whether the Shortcuts window lists @accel (parsed, so "<Ctrl>" and "<Control>" agree) */
static gboolean
overlay_lists (GPtrArray  *listed,
               const char *accel)
{
  g_autoptr(GtkShortcutTrigger) trigger = gtk_shortcut_trigger_parse_string (accel);

  for (guint i = 0; i < listed->len; i++)
    if (matches (trigger, listed->pdata[i], FALSE))
      return TRUE;
  return FALSE;
}

static void
collect_overlay (GtkWidget *widget,
                 GPtrArray *listed)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accelerator = NULL;
      g_autofree char *action = NULL;

      /* A row named by its action shows the action's accelerators. */
      g_object_get (widget, "accelerator", &accelerator, "action-name", &action, NULL);
      if (action != NULL)
        {
          g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                        action);

          for (guint i = 0; accels[i] != NULL; i++)
            g_ptr_array_add (listed, gtk_shortcut_trigger_parse_string (accels[i]));
        }
      if (accelerator != NULL)
        {
          g_auto(GStrv) keys = g_strsplit (accelerator, " ", -1);

          for (guint i = 0; keys[i] != NULL; i++)
            if (*keys[i] != '\0')
              g_ptr_array_add (listed, gtk_shortcut_trigger_parse_string (keys[i]));
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_overlay (child, listed);
}

static void
collect_triggers (GtkWidget *widget,
                  GPtrArray *found)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_SHORTCUT_CONTROLLER (controller))
        for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
          {
            g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

            g_ptr_array_add (found, gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut)));
          }
    }
}

/* Every accelerator of the application and every key of the Army page is in the Shortcuts
 * window: a shortcut nobody can find is no use to a player without the manual. */
static void
test_shortcuts_window (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_BASE "/gtk/help-overlay.ui");
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  MusterWindow *window = new_shown_window ();

  collect_overlay (overlay, listed);
  g_assert_cmpuint (listed->len, >, 20);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                    actions[i]);

      for (guint j = 0; accels[j] != NULL; j++)
        g_ptr_array_add (keys, g_strdup (accels[j]));
    }
  collect_triggers (GTK_WIDGET (muster_window_get_army_page (window)), keys);
  g_assert_cmpuint (keys->len, >, 20);
  for (guint i = 0; i < keys->len; i++)
    if (!overlay_lists (listed, keys->pdata[i]))
      g_error ("%s is not in the Shortcuts window", (const char *) keys->pdata[i]);
  g_assert_false (overlay_lists (listed, "<Control><Alt>F12"));
  gtk_window_destroy (GTK_WINDOW (overlay));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/keyboard/shortcuts-window", test_shortcuts_window);
  for (guint i = 0; i < G_N_ELEMENTS (scenarios); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ui/keyboard/%s", scenarios[i].system);

      g_test_add_data_func (path, &scenarios[i], test_keyboard_system);
    }
  return ui_test_run ();
}
