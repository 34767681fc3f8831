/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include "muster-application.h"
#include "muster-commands.h"
#include "muster-preferences-window.h"
#include "muster-preview-page.h"
#include "muster-unit.h"
#include "muster-window.h"
#include "ui-test-util.h"

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
test_window_workspaces (void)
{
  MusterWindow *window = new_shown_window ();
  guint notifies = 0;
  static const char * const names[] = { "battlefield", "preview", "army" };

  g_assert_cmpstr (muster_window_get_workspace (window), ==, "army");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Muster");
  g_assert_true (muster_window_is_empty (window));

  g_signal_connect (window, "notify::workspace", G_CALLBACK (count_notify_cb), &notifies);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.workspace", "s",
                                                 names[i]));
      g_assert_cmpstr (muster_window_get_workspace (window), ==, names[i]);
      g_assert_cmpuint (notifies, ==, i + 1);
    }

  /* Setting the property is the same as the action. */
  g_object_set (window, "workspace", "preview", NULL);
  g_assert_cmpstr (muster_window_get_workspace (window), ==, "preview");
  g_assert_cmpuint (notifies, ==, 4);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_about (void)
{
  MusterWindow *window = new_shown_window ();
  GtkWindow *about;

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  spin_until (toplevel_shown, GSIZE_TO_POINTER (ADW_TYPE_ABOUT_WINDOW));
  about = find_toplevel (ADW_TYPE_ABOUT_WINDOW);
  g_assert_cmpstr (adw_about_window_get_application_name (ADW_ABOUT_WINDOW (about)), ==, "Muster");
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  g_assert_cmpint (adw_about_window_get_license_type (ADW_ABOUT_WINDOW (about)), ==,
                   GTK_LICENSE_GPL_3_0);
  g_assert_true (gtk_window_get_transient_for (about) == GTK_WINDOW (window));
  gtk_window_destroy (about);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The accelerators and the gestures' titles of every shortcut under @widget */
static void
collect_shortcuts (GtkWidget *widget,
                   GPtrArray *accels,
                   GPtrArray *titles)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      char *accel = NULL, *title = NULL;
      GtkShortcutType type;

      g_object_get (widget, "accelerator", &accel, "title", &title, "shortcut-type", &type, NULL);
      if (type == GTK_SHORTCUT_ACCELERATOR && accel != NULL)
        g_ptr_array_add (accels, accel);
      else
        g_free (accel);
      if (type == GTK_SHORTCUT_GESTURE && title != NULL)
        g_ptr_array_add (titles, title);
      else
        g_free (title);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_shortcuts (child, accels, titles);
}

static void
test_window_shortcuts (void)
{
  MusterWindow *window = new_shown_window ();
  GtkShortcutsWindow *overlay;

  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (overlay));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (overlay)));

  /* every key the battlefield answers to, and its mouse gestures, vertex editing too */
  {
    static const char * const keys[] = {
      "v", "h", "m", "l", "<Control>g", "plus minus", "0", "Left Right Up Down", "r",
      "<Shift>r", "Delete", "Return", "Escape",
    };
    static const char * const gestures[] = {
      "Move a vertex", "Add a vertex", "Delete a vertex", "Move or turn", "Select more", "Pan",
      "Zoom",
    };
    g_autoptr(GPtrArray) accels = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);

    collect_shortcuts (GTK_WIDGET (overlay), accels, titles);
    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      if (!g_ptr_array_find_with_equal_func (accels, keys[i], g_str_equal, NULL))
        g_error ("the shortcuts window does not list “%s”", keys[i]);
    for (guint i = 0; i < G_N_ELEMENTS (gestures); i++)
      if (!g_ptr_array_find_with_equal_func (titles, gestures[i], g_str_equal, NULL))
        g_error ("the shortcuts window does not list “%s”", gestures[i]);
    g_assert_false (g_ptr_array_find_with_equal_func (accels, "<Control>k", g_str_equal, NULL));
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  spin_until (toplevel_shown, GSIZE_TO_POINTER (GTK_TYPE_SHORTCUTS_WINDOW));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  gtk_window_close (GTK_WINDOW (overlay));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_preferences (void)
{
  MusterWindow *window = new_shown_window ();
  GSettings *settings = muster_application_get_settings (app);
  AdwStyleManager *style = adw_style_manager_get_default ();
  GtkWindow *prefs;
  g_autofree char *scheme = NULL;
  g_autofree char *unit = NULL;
  g_autoptr(GtkWidget) row = NULL;

  g_assert_false (adw_style_manager_get_dark (style));

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  spin_until (toplevel_shown, GSIZE_TO_POINTER (MUSTER_TYPE_PREFERENCES_WINDOW));
  prefs = find_toplevel (MUSTER_TYPE_PREFERENCES_WINDOW);

  /* The rows are bound to GSettings: choosing "Dark" turns the app dark. */
  row = g_object_ref (GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (prefs),
                                                                 MUSTER_TYPE_PREFERENCES_WINDOW,
                                                                 "color_scheme_row")));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), 2);
  scheme = g_settings_get_string (settings, "color-scheme");
  g_assert_cmpstr (scheme, ==, "dark");
  g_assert_true (adw_style_manager_get_dark (style));

  g_settings_set_string (settings, "color-scheme", "default");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 0);
  g_assert_false (adw_style_manager_get_dark (style));

  g_settings_set_string (settings, "length-unit", "centimetre");
  unit = g_settings_get_string (settings, "length-unit");
  g_assert_cmpstr (unit, ==, "centimetre");
  g_settings_reset (settings, "length-unit");

  gtk_window_destroy (prefs);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Returns: (transfer full): data/samples/@name, opened the file manager's way (GApplication::open
 * reuses the empty active window, @window) */
static GFile *
open_sample (MusterWindow *window,
             const char   *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "data", "samples",
                                            name, NULL);
  GFile *file = g_file_new_for_path (path);

  g_application_open (G_APPLICATION (app), &file, 1, "");
  spin_until (window_document_loaded, window);
  return file;
}

static void
test_window_open_file (void)
{
  MusterWindow *window = new_shown_window ();
  g_autoptr(GFile) file = NULL;

  g_object_set (window, "workspace", "preview", NULL);
  file = open_sample (window, "standards-of-valor-punitive-cohort.muster");

  g_assert_true (g_file_equal (muster_document_get_file (muster_window_get_document (window)),
                               file));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "Reinforced Punitive Cohort — Muster");
  g_assert_cmpstr (muster_window_get_workspace (window), ==, "army");
  g_assert_false (muster_window_is_empty (window));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);

  /* An edit marks the title as modified; win.undo takes it back. */
  {
    MusterDocument *document = muster_window_get_document (window);
    g_autoptr(MusterCommand) rename = muster_set_title_command_new (document, "Cohort II");

    muster_history_push (muster_document_get_history (document), rename);
    g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• Cohort II — Muster");
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                     "Reinforced Punitive Cohort — Muster");
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
    g_assert_true (muster_document_get_modified (document));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    g_assert_false (muster_document_get_modified (document));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
frame_drawn (gpointer data)
{
  return *(guint *) data > 0;
}

static void
after_paint_cb (GdkFrameClock *clock,
                guint         *frames)
{
  (*frames)++;
}

/* Until @window has drawn a frame */
static void
spin_frame (MusterWindow *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  guint frames = 0;
  gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &frames);

  gtk_widget_queue_draw (GTK_WIDGET (window));
  spin_until (frame_drawn, &frames);
  g_signal_handler_disconnect (clock, handler);
}

/* Only the workspace in view is measured (a list opened lays none of the others out again), so
 * only its size counts towards the window's; switching workspaces leaves the window as it is. */
static void
test_window_workspace_sizes (void)
{
  MusterWindow *window = new_sample_window ("battle-valor-fantasy-cold-beck.muster");
  GtkWidget *stack = find_descendant (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK);
  static const char * const names[] = { "battlefield", "preview", "army" };
  int width, height;
  gboolean differ = FALSE;
  int first_min = -1;

  spin_frame (window);
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GtkWidget *page;
      int stack_min, page_min;

      muster_window_set_workspace (window, names[i]);
      spin_frame (window);
      page = adw_view_stack_get_visible_child (ADW_VIEW_STACK (stack));
      gtk_widget_measure (stack, GTK_ORIENTATION_HORIZONTAL, -1, &stack_min, NULL, NULL, NULL);
      gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, -1, &page_min, NULL, NULL, NULL);
      g_assert_cmpint (stack_min, ==, page_min);
      differ |= first_min >= 0 && page_min != first_min;
      first_min = first_min < 0 ? page_min : first_min;
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, height);
    }
  /* Otherwise the test above would pass whether or not the hidden pages were measured */
  g_assert_true (differ);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_remembers_size (void)
{
  MusterWindow *window = new_shown_window ();
  GSettings *settings = muster_application_get_settings (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 640);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 640);

  window = new_shown_window ();
  {
    int width, height;
    gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
    g_assert_cmpint (width, ==, 900);
    g_assert_cmpint (height, ==, 640);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static const MusterRuleset *
ruleset_of (const MusterProcedure *procedure)
{
  return muster_catalog_lookup (muster_application_get_catalog (app), procedure->system);
}

static gboolean
result_ready (gpointer data)
{
  return muster_preview_page_get_result (data) != NULL;
}

static void
test_window_preview (void)
{
  MusterWindow *window = new_shown_window ();
  MusterPreviewPage *page;
  const MusterProcedure *procedure;
  guint n;
  const MusterProcedure * const *list = muster_procedure_list (&n);
  g_autofree char *mode = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.workspace", "s", "preview"));
  page = MUSTER_PREVIEW_PAGE (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                              MUSTER_TYPE_WINDOW,
                                                              "preview_page"));
  if (n == 0)
    {
      /* Nothing to preview: the honest empty state, no half-built form. */
      g_assert_null (muster_preview_page_get_procedure (page));
      g_assert_null (muster_preview_page_get_result (page));
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }

  /* Every procedure, as a user would pick it: the shown result equals the engine's for
   * the default inputs, exact or simulated with the page's seed. */
  for (guint i = 0; i < n; i++)
    {
      g_autofree int *values = muster_procedure_default_values (list[i]);
      g_autoptr(MusterProcedureResult) expected = NULL;
      const MusterProcedureResult *shown;

      g_assert_true (muster_preview_page_select (page, list[i]->system, list[i]->id));
      procedure = muster_preview_page_get_procedure (page);
      g_assert_true (procedure == list[i]);
      spin_until (result_ready, page);
      shown = muster_preview_page_get_result (page);
      if (procedure->exact)
        {
          expected = muster_procedure_run_exact (procedure, ruleset_of (procedure), values, NULL);
          g_assert_nonnull (expected);
        }
      else
        {
          /* The page plays 100,000 trials from seed 1, in a worker thread */
          expected = muster_procedure_simulate (procedure, ruleset_of (procedure), values,
                                                100000, 1, NULL);
          g_assert_nonnull (expected);
        }
      for (guint o = 0; o < procedure->n_outputs; o++)
        g_assert_true (muster_dist_equal (muster_procedure_result_get_output (shown, o),
                                          muster_procedure_result_get_output (expected, o),
                                          1e-12));
    }

  /* Changing an integer input recomputes at once. */
  procedure = list[0];
  g_assert_true (muster_preview_page_select (page, procedure->system, procedure->id));
  for (guint i = 0; i < procedure->n_inputs; i++)
    if (procedure->inputs[i].type == MUSTER_INPUT_INT &&
        procedure->inputs[i].max > procedure->inputs[i].def && procedure->exact)
      {
        g_autofree int *values = muster_procedure_default_values (procedure);
        g_autoptr(MusterProcedureResult) expected = NULL;

        values[i] = procedure->inputs[i].def + 1;
        expected = muster_procedure_run_exact (procedure, ruleset_of (procedure), values, NULL);
        g_assert_true (muster_preview_page_set_input (page, procedure->inputs[i].id, values[i]));
        if (expected != NULL)
          {
            g_autofree char *text = muster_preview_page_dup_text (page);
            g_autofree char *expected_text = muster_procedure_result_to_text (expected, values);

            g_assert_cmpstr (text, ==, expected_text);
          }
        break;
      }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "preview.mode", "s", "at-least"));
  g_object_get (page, "mode", &mode, NULL);
  g_assert_cmpstr (mode, ==, "at-least");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "preview.view", "s", "table"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "preview.copy", NULL));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Units of the open Battle Valor Fantasy list fill a procedure's inputs through the page's
 * widgets: the same values and result as the engine's, and the inputs they set are marked. */
static void
test_window_preview_from_list (void)
{
  MusterWindow *window = new_shown_window ();
  g_autoptr(GFile) file = open_sample (window, "battle-valor-fantasy-1000.muster");
  MusterDocument *document = muster_window_get_document (window);
  const MusterProcedure *strike = muster_procedure_lookup ("battle-valor-fantasy", "melee-strike");
  g_autoptr(MusterProcedureResult) expected = NULL;
  g_autofree int *values = NULL;
  g_autofree gboolean *acting = NULL;
  g_autofree gboolean *target = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected_text = NULL;
  MusterPreviewPage *page;
  MusterUnit *guard;
  MusterUnit *hearth;

  g_assert_nonnull (strike);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.workspace", "s", "preview"));
  page = MUSTER_PREVIEW_PAGE (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                              MUSTER_TYPE_WINDOW,
                                                              "preview_page"));
  g_assert_true (muster_preview_page_select (page, strike->system, strike->id));
  g_assert_false (muster_preview_page_select_unit (page, MUSTER_FILL_ROLE_ACTING, "no-such-unit"));
  g_assert_true (muster_preview_page_select_unit (page, MUSTER_FILL_ROLE_ACTING, "u2"));
  g_assert_true (muster_preview_page_select_unit (page, MUSTER_FILL_ROLE_TARGET, "u4"));
  spin_until (result_ready, page);

  guard = muster_doc_lookup_unit (muster_document_get_doc (document), "u2");
  hearth = muster_doc_lookup_unit (muster_document_get_doc (document), "u4");
  values = muster_procedure_default_values (strike);
  acting = muster_procedure_fill_from_unit (strike, muster_document_get_ruleset (document), NULL,
                                            guard, MUSTER_FILL_ROLE_ACTING, values, NULL);
  target = muster_procedure_fill_from_unit (strike, muster_document_get_ruleset (document), NULL,
                                            hearth, MUSTER_FILL_ROLE_TARGET, values, NULL);
  g_assert_nonnull (acting);
  g_assert_nonnull (target);
  for (guint i = 0; i < strike->n_inputs; i++)
    {
      int shown = G_MININT;

      g_assert_true (muster_preview_page_get_input (page, strike->inputs[i].id, &shown));
      g_assert_cmpint (shown, ==, values[i]);
      if (target[i])
        g_assert_cmpstr (muster_preview_page_get_input_source (page, strike->inputs[i].id), ==,
                         muster_unit_get_name (hearth));
      else if (acting[i])
        g_assert_cmpstr (muster_preview_page_get_input_source (page, strike->inputs[i].id), ==,
                         muster_unit_get_name (guard));
      else
        g_assert_null (muster_preview_page_get_input_source (page, strike->inputs[i].id));
    }
  g_assert_cmpstr (muster_preview_page_get_input_source (page, "attack-dice"), ==,
                   muster_unit_get_name (guard));
  expected = muster_procedure_run_exact (strike, ruleset_of (strike), values, NULL);
  g_assert_nonnull (expected);
  text = muster_preview_page_dup_text (page);
  expected_text = muster_procedure_result_to_text (expected, values);
  g_assert_cmpstr (text, ==, expected_text);

  /* The user can still change a filled input; it is no longer marked as the unit's. */
  g_assert_true (muster_preview_page_set_input (page, "attack-dice", 7));
  g_assert_null (muster_preview_page_get_input_source (page, "attack-dice"));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
row_shown (MusterPreviewPage *page,
           const char        *name)
{
  GtkWidget *row = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (page),
                                                              MUSTER_TYPE_PREVIEW_PAGE, name));

  g_assert_nonnull (row);
  return gtk_widget_get_visible (row) && gtk_widget_get_mapped (row);
}

/* The acting and target rows show only where a unit fills that side of the procedure: a
 * Standards of Valor Rally has no target, its Fire combat has both; a target chosen for Fire
 * stays chosen while the Rally hides it, and fills Fire's inputs again on the way back. */
static void
test_window_preview_roles (void)
{
  MusterWindow *window = new_shown_window ();
  g_autoptr(GFile) file = open_sample (window, "standards-of-valor-punitive-cohort.muster");
  MusterPreviewPage *page;
  int value = -1;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.workspace", "s", "preview"));
  page = MUSTER_PREVIEW_PAGE (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                              MUSTER_TYPE_WINDOW,
                                                              "preview_page"));
  /* Preview starts on the open list's rule system (its first procedure is Battle Valor
   * Fantasy's otherwise). */
  g_assert_cmpstr (muster_preview_page_get_procedure (page)->system, ==, "standards-of-valor");
  g_assert_true (muster_preview_page_select (page, "standards-of-valor", "fire"));
  spin_until (result_ready, page);
  g_assert_true (row_shown (page, "units_group"));
  g_assert_true (row_shown (page, "acting_row"));
  g_assert_true (row_shown (page, "target_row"));
  g_assert_true (muster_preview_page_select_unit (page, MUSTER_FILL_ROLE_TARGET, "u9"));
  g_assert_true (muster_preview_page_get_input (page, "mounted", &value));
  g_assert_cmpint (value, ==, 1);
  g_assert_cmpstr (muster_preview_page_get_input_source (page, "mounted"), ==, "Turma");

  g_assert_true (muster_preview_page_select (page, "standards-of-valor", "rally"));
  spin_until (result_ready, page);
  g_assert_true (row_shown (page, "acting_row"));
  g_assert_false (row_shown (page, "target_row"));
  g_assert_false (muster_preview_page_select_unit (page, MUSTER_FILL_ROLE_TARGET, "u2"));
  g_assert_true (muster_preview_page_select_unit (page, MUSTER_FILL_ROLE_ACTING, "u1"));
  g_assert_true (muster_preview_page_get_input (page, "lv", &value));
  g_assert_cmpint (value, ==, 1);
  g_assert_cmpstr (muster_preview_page_get_input_source (page, "lv"), ==, "Cohort HQ");

  g_assert_true (muster_preview_page_select (page, "standards-of-valor", "fire"));
  spin_until (result_ready, page);
  g_assert_true (row_shown (page, "target_row"));
  g_assert_true (muster_preview_page_get_input (page, "mounted", &value));
  g_assert_cmpint (value, ==, 1);
  g_assert_cmpstr (muster_preview_page_get_input_source (page, "mounted"), ==, "Turma");
  g_assert_cmpstr (muster_preview_page_get_input_source (page, "quality"), ==, "Cohort HQ");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The folder @path holds nothing */
static gboolean
folder_is_empty (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);

  return dir != NULL && g_dir_read_name (dir) == NULL;
}

/* Each run starts from empty state and data folders of its own, not the build tree's shared
 * ones, where a crashed run's recovery copies would be offered or counted. */
static void
test_window_fresh_state (void)
{
  const char *build_dir = g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *recovery = g_build_filename (g_get_user_state_dir (), "muster", "recovery",
                                                NULL);

  g_assert_nonnull (build_dir);
  g_assert_false (g_str_has_prefix (g_get_user_state_dir (), build_dir));
  g_assert_false (g_str_has_prefix (g_get_user_data_dir (), build_dir));
  g_assert_true (g_file_test (recovery, G_FILE_TEST_IS_DIR) ? folder_is_empty (recovery)
                                                           : TRUE);
  g_assert_true (folder_is_empty (g_get_user_data_dir ()));
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;

  g_test_add_func ("/ui/window/fresh-state", test_window_fresh_state);
  g_test_add_func ("/ui/window/workspaces", test_window_workspaces);
  g_test_add_func ("/ui/window/about", test_window_about);
  g_test_add_func ("/ui/window/shortcuts", test_window_shortcuts);
  g_test_add_func ("/ui/window/preferences", test_window_preferences);
  g_test_add_func ("/ui/window/open-file", test_window_open_file);
  g_test_add_func ("/ui/window/workspace-sizes", test_window_workspace_sizes);
  g_test_add_func ("/ui/window/preview", test_window_preview);
  g_test_add_func ("/ui/window/preview-from-list", test_window_preview_from_list);
  g_test_add_func ("/ui/window/preview-roles", test_window_preview_roles);
  g_test_add_func ("/ui/window/remembers-size", test_window_remembers_size);

  return ui_test_run ();
}
