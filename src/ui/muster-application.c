/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-application"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-application.h"
#include "muster-bs-data-page.h"
#include "muster-bs-follow.h"
#include "muster-bs-scenario.h"
#include "muster-bs-window.h"
#include "muster-preferences-window.h"
#include "muster-recovery-dialog.h"
#include "muster-window.h"

struct _MusterApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  MusterCatalog  *catalog;
  MusterBsLibrary *bs_library;
  gboolean        recovery_offered;
};

G_DEFINE_FINAL_TYPE (MusterApplication, muster_application, ADW_TYPE_APPLICATION)

static MusterWindow *
find_reusable_window (MusterApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (MUSTER_IS_WINDOW (window) && muster_window_is_empty (MUSTER_WINDOW (window)))
    return MUSTER_WINDOW (window);
  return NULL;
}

static void
apply_color_scheme (MusterApplication *self)
{
  AdwStyleManager *style_manager = adw_style_manager_get_default ();
  g_autofree char *scheme = g_settings_get_string (self->settings, "color-scheme");
  AdwColorScheme value = ADW_COLOR_SCHEME_DEFAULT;

  if (g_strcmp0 (scheme, "light") == 0)
    value = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_strcmp0 (scheme, "dark") == 0)
    value = ADW_COLOR_SCHEME_FORCE_DARK;

  adw_style_manager_set_color_scheme (style_manager, value);
}

/* Once a run, over the first window: recovery files at start-up are from a crash. */
static void
offer_recovery (MusterApplication *self,
                GtkWindow         *window)
{
  if (self->recovery_offered || !MUSTER_IS_WINDOW (window))
    return;
  self->recovery_offered = TRUE;
  muster_recovery_dialog_offer (self, MUSTER_WINDOW (window));
}

static void
muster_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (muster_window_new (MUSTER_APPLICATION (app)));
  gtk_window_present (window);
  offer_recovery (MUSTER_APPLICATION (app), window);
}

static void
muster_application_open (GApplication  *app,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  MusterApplication *self = MUSTER_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    muster_application_open_file (self, files[i], NULL);
  offer_recovery (self, gtk_application_get_active_window (GTK_APPLICATION (self)));
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  MusterApplication *self = user_data;

  gtk_window_present (GTK_WINDOW (muster_window_new (self)));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  MusterApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  MusterPreferencesWindow *window;

  window = muster_preferences_window_new (self->settings);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window),
                              ADW_PREFERENCES_PAGE (muster_bs_data_page_new (self->settings,
                                                                             muster_application_get_bs_library (self))));
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_present (GTK_WINDOW (window));
}

static void
about_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  MusterApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  static const char *developers[] = { "The Muster developers", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", parent,
                        "application-icon", APP_ID,
                        "application-name", _("Muster"),
                        "developer-name", _("The Muster developers"),
                        "version", PACKAGE_VERSION,
                        "comments", _("Army lists, scenarios and exact odds for miniatures "
                                      "wargames"),
                        "website", "https://github.com/muster/muster",
                        "issue-url", "https://github.com/muster/muster/issues",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", "© 2026 The Muster developers",
                        "developers", developers,
                        /* Translators: replace with your names, one per line */
                        "translator-credits", _("translator-credits"),
                        "release-notes",
                        _("<p>First release: the Army, Battlefield and Preview workspaces, the "
                          "five rule systems and the muster-cli command.</p>"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  MusterApplication *self = user_data;
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* Closing through close-request lets each window ask about unsaved changes. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
}

static const GActionEntry app_actions[] = {
  { "new-window", new_window_action },
  { "preferences", preferences_action },
  { "about", about_action },
  { "quit", quit_action },
};

/* Every open scenario placed from a roster that is open too follows it (muster-bs-follow.h):
 * a scenario opened from its file finds its roster's window, and a roster opened later its
 * scenarios' windows. */
static void
link_scenarios (MusterApplication *self)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));

  for (GList *l = windows; l != NULL; l = l->next)
    {
      MusterDocument *document;

      if (!MUSTER_IS_WINDOW (l->data))
        continue;
      document = muster_window_get_document (l->data);
      for (GList *r = windows; r != NULL; r = r->next)
        {
          MusterBsDocument *roster_document;
          MusterBsSystem *system;
          double width, depth;

          if (!MUSTER_IS_BS_WINDOW (r->data))
            continue;
          roster_document = muster_bs_window_get_document (r->data);
          if (!muster_bs_scenario_links (document, roster_document))
            continue;
          system = muster_bs_document_get_system (roster_document);
          muster_bs_default_base (self->settings,
                                  system != NULL ? muster_bs_system_get_id (system) : NULL,
                                  &width, &depth);
          muster_bs_scenario_follow (document, roster_document, width, depth);
        }
    }
}

static void
muster_application_startup (GApplication *app)
{
  MusterApplication *self = MUSTER_APPLICATION (app);
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.new-window", { "<Control>n", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "win.new-list", { "<Control><Shift>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.show-recent", { "<Control><Shift>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.close", { "<Control>w", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", NULL } },
    { "win.print", { "<Control>p", NULL } },
    { "win.print-preview", { "<Control><Shift>p", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.workspace('army')", { "<Alt>1", NULL } },
    { "win.workspace('battlefield')", { "<Alt>2", NULL } },
    { "win.workspace('preview')", { "<Alt>3", NULL } },
  };

  G_APPLICATION_CLASS (muster_application_parent_class)->startup (app);

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::color-scheme",
                           G_CALLBACK (apply_color_scheme), self, G_CONNECT_SWAPPED);
  apply_color_scheme (self);
  /* a game's default base changed in Preferences reaches the units of the scenarios that follow
   * its rosters */
  g_signal_connect_object (self->settings, "changed::battlescribe-bases",
                           G_CALLBACK (link_scenarios), self, G_CONNECT_SWAPPED);
  /* The BattleScribe data folders are scanned in the background from the start, so that their
   * game systems are ready by the time a roster or New BattleScribe Roster wants them. */
  muster_application_get_bs_library (self);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action,
                                           accels[i].accels);
}

static void
muster_application_window_added (GtkApplication *app,
                                 GtkWindow      *window)
{
  GTK_APPLICATION_CLASS (muster_application_parent_class)->window_added (app, window);

  /* a document loaded, or a roster loaded or edited */
  if (MUSTER_IS_WINDOW (window))
    g_signal_connect_object (muster_window_get_document (MUSTER_WINDOW (window)),
                             "notify::ruleset", G_CALLBACK (link_scenarios), app,
                             G_CONNECT_SWAPPED);
  else if (MUSTER_IS_BS_WINDOW (window))
    g_signal_connect_object (muster_bs_window_get_document (MUSTER_BS_WINDOW (window)),
                             "changed", G_CALLBACK (link_scenarios), app, G_CONNECT_SWAPPED);
}

static void
muster_application_dispose (GObject *object)
{
  MusterApplication *self = MUSTER_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->catalog, muster_catalog_free);
  g_clear_object (&self->bs_library);

  G_OBJECT_CLASS (muster_application_parent_class)->dispose (object);
}

static void
muster_application_class_init (MusterApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = muster_application_dispose;
  app_class->activate = muster_application_activate;
  app_class->open = muster_application_open;
  app_class->startup = muster_application_startup;
  GTK_APPLICATION_CLASS (klass)->window_added = muster_application_window_added;
}

static void
muster_application_init (MusterApplication *self)
{
}

MusterApplication *
muster_application_new (const char        *application_id,
                        GApplicationFlags  flags)
{
  g_return_val_if_fail (application_id != NULL, NULL);

  return g_object_new (MUSTER_TYPE_APPLICATION,
                       "application-id", application_id,
                       "flags", flags | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}

/* Returns: (transfer none): the application settings (valid after startup) */
GSettings *
muster_application_get_settings (MusterApplication *self)
{
  g_return_val_if_fail (MUSTER_IS_APPLICATION (self), NULL);
  return self->settings;
}

/**
 * muster_application_get_catalog:
 *
 * The installed rulesets, scanned once on first use and shared by every window.
 *
 * Returns: (transfer none): the catalog
 */
MusterCatalog *
muster_application_get_catalog (MusterApplication *self)
{
  g_return_val_if_fail (MUSTER_IS_APPLICATION (self), NULL);

  if (self->catalog == NULL)
    self->catalog = muster_catalog_new_default ();
  return self->catalog;
}

static void
scan_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!muster_bs_library_scan_finish (MUSTER_BS_LIBRARY (object), result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("Scanning the BattleScribe data folders: %s", error->message);
}

static void
bs_folders_changed_cb (MusterApplication *self)
{
  muster_bs_library_scan_async (self->bs_library, NULL, scan_done_cb, NULL);
}

/**
 * muster_application_get_bs_library:
 *
 * The BattleScribe game data of the folders in the `battlescribe-folders` setting, scanned
 * on first use and again whenever the setting changes; shared by every window.
 *
 * Returns: (transfer none): the library
 */
MusterBsLibrary *
muster_application_get_bs_library (MusterApplication *self)
{
  g_return_val_if_fail (MUSTER_IS_APPLICATION (self), NULL);

  if (self->bs_library == NULL)
    {
      self->bs_library = muster_bs_library_new ();
      g_settings_bind (self->settings, "battlescribe-folders", self->bs_library, "folders",
                       G_SETTINGS_BIND_GET);
      g_signal_connect_object (self->bs_library, "notify::folders",
                               G_CALLBACK (bs_folders_changed_cb), self, G_CONNECT_SWAPPED);
      bs_folders_changed_cb (self);
    }
  return self->bs_library;
}

/**
 * muster_application_find_window:
 * @file: a document
 *
 * Returns: (transfer none) (nullable): the window showing @file, or opening it, if one does
 */
GtkWindow *
muster_application_find_window (MusterApplication *self,
                                GFile             *file)
{
  g_return_val_if_fail (MUSTER_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      GFile *shown;

      if (MUSTER_IS_BS_WINDOW (l->data))
        shown = muster_bs_window_get_file (l->data);
      else if (MUSTER_IS_WINDOW (l->data))
        shown = muster_window_get_file (l->data);
      else
        continue;
      if (shown != NULL && g_file_equal (shown, file))
        return l->data;
    }
  return NULL;
}

/**
 * muster_application_open_file:
 * @file: the document to show
 * @from: (nullable): the window the user asked from
 *
 * One window a document: if @file is open already, its window comes to the front. Otherwise
 * @file opens in @from (or the active window) if that is still empty, else in a new window.
 */
void
muster_application_open_file (MusterApplication *self,
                              GFile             *file,
                              GtkWindow         *from)
{
  GtkWindow *window;

  g_return_if_fail (MUSTER_IS_APPLICATION (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (from == NULL || MUSTER_IS_WINDOW (from));

  if ((window = muster_application_find_window (self, file)) != NULL)
    {
      gtk_window_present (window);
      return;
    }

  /* A BattleScribe roster gets a window of its own kind; an empty window stays for later. */
  if (muster_bs_is_roster_file (file))
    {
      MusterBsWindow *bs_window = muster_bs_window_new (self);

      muster_bs_window_open_file (bs_window, file);
      gtk_window_present (GTK_WINDOW (bs_window));
      return;
    }

  if (from != NULL && muster_window_is_empty (MUSTER_WINDOW (from)))
    window = from;
  else if (from == NULL)
    window = GTK_WINDOW (find_reusable_window (self));
  if (window == NULL)
    window = GTK_WINDOW (muster_window_new (self));
  muster_window_open_file (MUSTER_WINDOW (window), file);
  gtk_window_present (window);
}
