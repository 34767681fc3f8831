/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-window"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-army-page.h"
#include "muster-autosave.h"
#include "muster-bs-window.h"
#include "muster-catalog.h"
#include "muster-export-bar.h"
#include "muster-new-list-dialog.h"
#include "muster-battlefield-page.h"
#include "muster-preview-page.h"
#include "muster-file-chooser.h"
#include "muster-file-drop.h"
#include "muster-recent.h"
#include "muster-recovery-dialog.h"
#include "muster-save.h"
#include "muster-save-changes.h"
#include "muster-welcome-page.h"
#include "muster-window.h"
#include "muster-window-private.h"

struct _MusterWindow
{
  AdwApplicationWindow  parent_instance;

  /* Owned References */
  MusterDocument       *document;
  GSettings            *settings;
  GCancellable         *cancellable;
  MusterAutosave       *autosave;
  GFile                *loading;  /* the file being opened, until it is or fails */
  GFile                *opened;   /* opened, made recent once its first frame is drawn */
  GdkFrameClock        *opened_clock;  /* borrowed: whose next after-paint does it */
  AdwToast             *undo_toast;  /* the toast whose Undo takes back the last step */
  guint                 undo_position;  /* the history's position the toast's Undo is for */

  /* Template Widgets */
  AdwViewStack         *stack;
  AdwViewSwitcherTitle *switcher_title;
  AdwToastOverlay      *toast_overlay;
  MusterExportBar      *export_bar;
  GtkStack             *content_stack;
  GtkWidget            *switcher_bar;
  GMenu                *recent_menu;
  AdwSplitButton       *open_button;
  GtkWidget            *history_box;
  GtkWidget            *undo_button;
  GtkWidget            *redo_button;
  MusterArmyPage       *army_page;
  AdwViewStackPage     *army_stack_page;
  MusterPreviewPage    *preview_page;
  MusterBattlefieldPage *battlefield_page;
};

enum {
  PROP_0,
  PROP_WORKSPACE,
  PROP_DOCUMENT,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (MusterWindow, muster_window, ADW_TYPE_APPLICATION_WINDOW)

static GParamSpec *properties[N_PROPS];

static const char * const workspaces[] = { "army", "battlefield", "preview" };

static gboolean
is_workspace (const char *name)
{
  return name != NULL && g_strv_contains ((const char * const *) workspaces, name);
}

/* The header's Undo and Redo name the step they would take: "Undo Remove Infantry". */
static void
update_history_tooltips (MusterWindow  *self,
                         MusterHistory *history)
{
  const char *undo = muster_history_get_undo_label (history);
  const char *redo = muster_history_get_redo_label (history);
  g_autofree char *undo_tip = NULL;
  g_autofree char *redo_tip = NULL;

  /* TRANSLATORS: the Undo button's tooltip, "Undo Remove Infantry" */
  undo_tip = undo != NULL ? g_strdup_printf (_("Undo %s"), undo) : g_strdup (_("Undo"));
  /* TRANSLATORS: the Redo button's tooltip, "Redo Remove Infantry" */
  redo_tip = redo != NULL ? g_strdup_printf (_("Redo %s"), redo) : g_strdup (_("Redo"));
  gtk_widget_set_tooltip_text (self->undo_button, undo_tip);
  gtk_widget_set_tooltip_text (self->redo_button, redo_tip);
}

static void
update_actions (MusterWindow *self)
{
  gboolean has_doc = muster_document_get_doc (self->document) != NULL;

  MusterHistory *history = muster_document_get_history (self->document);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", has_doc);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", has_doc);
  _muster_window_update_export_actions (self, has_doc);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 muster_history_get_can_undo (history));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 muster_history_get_can_redo (history));
  update_history_tooltips (self, history);
}

static void
update_title (MusterWindow *self)
{
  g_autofree char *doc_title = muster_document_dup_title (self->document);
  g_autofree char *title = NULL;
  GFile *file = muster_document_get_file (self->document);

  if (muster_document_get_modified (self->document))
    title = g_strdup_printf ("• %s", doc_title);
  else
    title = g_strdup (doc_title);

  /* No document yet: the welcome page, and no workspaces to switch between. */
  gtk_stack_set_visible_child_name (self->content_stack,
                                    muster_document_is_empty (self->document)
                                    ? "welcome" : "document");
  adw_view_switcher_title_set_view_switcher_enabled (self->switcher_title,
                                                     !muster_document_is_empty (self->document));
  gtk_widget_set_visible (self->switcher_bar, !muster_document_is_empty (self->document));
  gtk_widget_set_visible (self->history_box, !muster_document_is_empty (self->document));

  if (muster_document_is_empty (self->document))
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Muster"));
      adw_view_switcher_title_set_title (self->switcher_title, _("Muster"));
      adw_view_switcher_title_set_subtitle (self->switcher_title, NULL);
    }
  else
    {
      g_autofree char *window_title = g_strdup_printf (_("%s — Muster"), title);
      g_autofree char *where = NULL;

      if (file != NULL && !(where = g_file_get_path (file)))
        where = g_file_get_uri (file);
      gtk_window_set_title (GTK_WINDOW (self), window_title);
      adw_view_switcher_title_set_title (self->switcher_title, title);
      adw_view_switcher_title_set_subtitle (self->switcher_title, where);
    }
}

static void
document_changed_cb (MusterWindow *self,
                     GParamSpec   *pspec)
{
  update_title (self);
  update_actions (self);
}

/* Adds the file just opened to the recent lists, now rather than after the next frame. */
static void
flush_opened (MusterWindow *self)
{
  g_autoptr(GFile) file = g_steal_pointer (&self->opened);

  if (self->opened_clock != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->opened_clock, flush_opened, self);
      g_clear_weak_pointer (&self->opened_clock);
    }
  if (file != NULL)
    muster_recent_add (file);
}

/* Writing the recent list rebuilds every window's recent menus and welcome page, and GTK
 * writes the shared recent file on the main thread: none of that should hold up the frame that
 * first shows the list just opened, so it waits for that frame to be drawn. */
static void
add_recent_after_frame (MusterWindow *self,
                        GFile        *file)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  flush_opened (self);
  self->opened = g_object_ref (file);
  if (clock == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      flush_opened (self);
      return;
    }
  g_set_weak_pointer (&self->opened_clock, clock);
  g_signal_connect_swapped (clock, "after-paint", G_CALLBACK (flush_opened), self);
}

/* What load_cb needs: the window (held while loading) and the file, which the document only
 * learns once loaded. */
typedef struct
{
  MusterWindow *window;
  GFile        *file;
} Opening;

static void
opening_free (Opening *opening)
{
  if (opening->window->loading == opening->file)
    g_clear_object (&opening->window->loading);
  g_object_unref (opening->window);
  g_object_unref (opening->file);
  g_free (opening);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Opening, opening_free)

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(Opening) opening = user_data;
  MusterWindow *self = opening->window;
  GFile *file = opening->file;
  g_autoptr(GError) error = NULL;

  if (!muster_document_load_finish (MUSTER_DOCUMENT (object), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);
          AdwMessageDialog *dialog;

          /* A recent list that is gone should not be offered again. */
          if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
            muster_recent_remove (file);
          /* The message names the file, the line and the problem. */
          dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading,
                                                               error->message));
          adw_message_dialog_add_response (dialog, "close", _("_Close"));
          gtk_window_present (GTK_WINDOW (dialog));
        }
      return;
    }

  add_recent_after_frame (self, file);
  muster_window_set_workspace (self, "army");
}

static void
open_response_cb (GtkNativeDialog *native,
                  int              response,
                  MusterWindow    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

      muster_application_open_file (MUSTER_APPLICATION (app), file, GTK_WINDOW (self));
    }

  /* GTK does not keep the native dialog alive: we held the reference. */
  g_object_unref (native);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = muster_document_filter_new ();
  GtkFileChooserNative *native;

  g_autoptr(GtkFileFilter) rosters = muster_roster_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  const char *globs[] = { "*.muster", "*.ros", "*.rosz" };

  /* Muster documents and BattleScribe rosters, together and each alone. */
  gtk_file_filter_set_name (all, _("All Supported Files"));
  gtk_file_filter_add_mime_type (all, "application/x-muster");
  gtk_file_filter_add_mime_type (all, "application/x-battlescribe-roster");
  gtk_file_filter_add_mime_type (all, "application/x-battlescribe-roster-zip");
  for (guint i = 0; i < G_N_ELEMENTS (globs); i++)
    gtk_file_filter_add_pattern (all, globs[i]);
  native = gtk_file_chooser_native_new (_("Open"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), rosters);
  g_signal_connect (native, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  g_return_if_fail (MUSTER_IS_APPLICATION (app));
  muster_application_open_file (MUSTER_APPLICATION (app), file, GTK_WINDOW (self));
}

/* The Open button's list of recent documents, from the keyboard */
static void
show_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  adw_split_button_popup (MUSTER_WINDOW (widget)->open_button);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  muster_save_document (GTK_WINDOW (self), MUSTER_RECOVERABLE (self->document), TRUE,
                        self->cancellable, _muster_window_toast);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  muster_save_document (GTK_WINDOW (self), MUSTER_RECOVERABLE (self->document), FALSE,
                        self->cancellable, _muster_window_toast);
}

/* A roster of BattleScribe data gets a window of its own kind. */
static void
new_bs_roster (MusterWindow        *self,
               MusterNewListDialog *dialog,
               MusterBsSystem      *system)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(GArray) limits = muster_new_list_dialog_dup_cost_limits (dialog);
  g_autoptr(GError) error = NULL;
  MusterBsWindow *window;

  if (muster_new_list_dialog_get_force_entry_id (dialog) == NULL)
    return;
  window = muster_bs_window_new (MUSTER_APPLICATION (app));
  if (!muster_bs_document_start_with_force (muster_bs_window_get_document (window), system,
                                            muster_new_list_dialog_get_name (dialog),
                                            muster_new_list_dialog_get_force_entry_id (dialog),
                                            muster_new_list_dialog_get_catalogue_id (dialog),
                                            limits, &error))
    muster_window_add_toast (self, error->message);
  gtk_window_present (GTK_WINDOW (window));
}

static void
new_list_response_cb (MusterNewListDialog *dialog,
                      const char          *response,
                      MusterWindow        *self)
{
  MusterWindow *target = self;
  MusterRuleset *ruleset = muster_new_list_dialog_get_ruleset (dialog);
  MusterBsSystem *system = muster_new_list_dialog_get_bs_system (dialog);

  if (g_strcmp0 (response, "create") != 0)
    return;
  if (system != NULL)
    {
      new_bs_roster (self, dialog, system);
      return;
    }
  if (ruleset == NULL)
    return;

  /* A window with a list keeps it: the new list gets a window of its own. */
  if (!muster_window_is_empty (self))
    target = muster_window_new (MUSTER_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
  muster_document_start_list (target->document, ruleset, muster_new_list_dialog_get_name (dialog),
                              muster_new_list_dialog_get_points_limit (dialog));
  muster_window_set_workspace (target, "army");
  gtk_window_present (GTK_WINDOW (target));
}

static MusterNewListDialog *
show_new_list (MusterWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  MusterNewListDialog *dialog;

  g_return_val_if_fail (MUSTER_IS_APPLICATION (app), NULL);

  dialog = muster_new_list_dialog_new (GTK_WINDOW (self),
                                       muster_application_get_catalog (MUSTER_APPLICATION (app)),
                                       muster_application_get_bs_library (MUSTER_APPLICATION (app)));
  g_signal_connect_object (dialog, "response", G_CALLBACK (new_list_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
new_list_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  show_new_list (MUSTER_WINDOW (widget));
}

/* What New BattleScribe Roster was: New List, with the first game system found chosen. */
static void
new_bs_roster_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  MusterNewListDialog *dialog = show_new_list (MUSTER_WINDOW (widget));
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (widget));
  GListModel *systems = muster_bs_library_get_systems (muster_application_get_bs_library (MUSTER_APPLICATION (app)));

  for (guint i = 0; dialog != NULL && i < g_list_model_get_n_items (systems); i++)
    {
      g_autoptr(MusterBsSystem) system = g_list_model_get_item (systems, i);

      if (muster_new_list_dialog_select_bs_system (dialog, muster_bs_system_get_id (system)))
        break;
    }
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  muster_history_undo (muster_document_get_history (self->document));
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  MusterWindow *self = MUSTER_WINDOW (widget);

  muster_history_redo (muster_document_get_history (self->document));
}

static void
show_toast_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  muster_window_add_toast (MUSTER_WINDOW (widget), g_variant_get_string (param, NULL));
}

static void
undo_toast_clicked_cb (MusterWindow *self)
{
  MusterHistory *history = muster_document_get_history (self->document);

  if (muster_history_get_position (history) == self->undo_position)
    muster_history_undo (history);
}

static void
undo_toast_dismissed_cb (MusterWindow *self,
                         AdwToast     *toast)
{
  if (self->undo_toast == toast)
    g_clear_object (&self->undo_toast);
}

/* Any other step, an undo included, makes the toast's Undo stale: it goes. */
static void
history_position_cb (MusterWindow *self)
{
  MusterHistory *history = muster_document_get_history (self->document);

  if (self->undo_toast != NULL && muster_history_get_position (history) != self->undo_position)
    adw_toast_dismiss (self->undo_toast);
}

static void
show_undo_toast_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  muster_window_add_undo_toast (MUSTER_WINDOW (widget), g_variant_get_string (param, NULL));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  gtk_window_close (GTK_WINDOW (widget));
}

static gboolean
muster_window_close_request (GtkWindow *window)
{
  MusterWindow *self = MUSTER_WINDOW (window);
  gboolean maximized = gtk_window_is_maximized (window);
  int width, height;

  if (muster_save_changes_ask (window, MUSTER_RECOVERABLE (self->document)))
    return TRUE;

  /* Remember the size only when not maximized, so unmaximizing returns to it. */
  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_boolean (self->settings, "window-maximized", maximized);
  if (!maximized)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }

  g_cancellable_cancel (self->cancellable);

  return GTK_WINDOW_CLASS (muster_window_parent_class)->close_request (window);
}

static void
visible_child_changed_cb (MusterWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WORKSPACE]);
}

/* GtkWindow:application is not a construct property: g_object_new() sets it after
 * constructed(), so the catalog is looked up when it arrives. */
static void
application_changed_cb (MusterWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  MusterCatalog *catalog;

  if (!MUSTER_IS_APPLICATION (app))
    return;
  catalog = muster_application_get_catalog (MUSTER_APPLICATION (app));
  muster_preview_page_set_catalog (self->preview_page, catalog);
  muster_battlefield_page_set_catalog (self->battlefield_page, catalog);
  muster_document_set_catalog (self->document, catalog);
}

static void
muster_window_constructed (GObject *object)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  G_OBJECT_CLASS (muster_window_parent_class)->constructed (object);

  muster_army_page_set_document (self->army_page, self->document);
  muster_preview_page_set_document (self->preview_page, self->document);
}

static void
muster_window_dispose (GObject *object)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  flush_opened (self);
  /* A window goes away only when closed on purpose: its recovery copy goes with it. */
  if (self->autosave != NULL)
    muster_autosave_discard (self->autosave);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_WINDOW);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->undo_toast);
  g_clear_object (&self->autosave);
  g_clear_object (&self->loading);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (muster_window_parent_class)->dispose (object);
}

static void
muster_window_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_WORKSPACE:
      g_value_set_string (value, muster_window_get_workspace (self));
      break;

    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_window_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MusterWindow *self = MUSTER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_WORKSPACE:
      muster_window_set_workspace (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_window_class_init (MusterWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = muster_window_constructed;
  object_class->dispose = muster_window_dispose;
  object_class->get_property = muster_window_get_property;
  object_class->set_property = muster_window_set_property;
  window_class->close_request = muster_window_close_request;

  /**
   * MusterWindow:workspace:
   *
   * The visible workspace: "army", "battlefield" or "preview".
   */
  properties[PROP_WORKSPACE] =
    g_param_spec_string ("workspace", NULL, NULL,
                         "army",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL,
                         MUSTER_TYPE_DOCUMENT,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (MUSTER_TYPE_ARMY_PAGE);
  g_type_ensure (MUSTER_TYPE_PREVIEW_PAGE);
  g_type_ensure (MUSTER_TYPE_BATTLEFIELD_PAGE);
  g_type_ensure (MUSTER_TYPE_WELCOME_PAGE);
  g_type_ensure (MUSTER_TYPE_EXPORT_BAR);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/muster-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, export_bar);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, content_stack);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, history_box);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, army_page);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, army_stack_page);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, preview_page);
  gtk_widget_class_bind_template_child (widget_class, MusterWindow, battlefield_page);
  gtk_widget_class_bind_template_callback (widget_class, visible_child_changed_cb);

  gtk_widget_class_install_property_action (widget_class, "win.workspace", "workspace");
  gtk_widget_class_install_action (widget_class, "win.new-list", NULL, new_list_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.show-recent", NULL, show_recent_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.new-bs-roster", NULL, new_bs_roster_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.show-toast", "s", show_toast_action);
  gtk_widget_class_install_action (widget_class, "win.show-undo-toast", "s",
                                   show_undo_toast_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  _muster_window_class_init_export (widget_class);
}

static void
muster_window_init (MusterWindow *self)
{
  MusterDiagnostics *findings;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  self->document = muster_document_new ();
  muster_file_drop_attach (GTK_WINDOW (self));
  g_signal_connect (self, "notify::application", G_CALLBACK (application_changed_cb), NULL);
  /* Hidden or closed before a list's first frame: it was opened all the same. */
  g_signal_connect (self, "unmap", G_CALLBACK (flush_opened), NULL);
  g_signal_connect_object (self->document, "notify", G_CALLBACK (document_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (muster_document_get_history (self->document), "notify",
                           G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (muster_document_get_history (self->document), "notify::position",
                           G_CALLBACK (history_position_cb), self, G_CONNECT_SWAPPED);
  muster_battlefield_page_set_document (self->battlefield_page, self->document);
  /* The Army tab's badge: how many errors make the list illegal */
  findings = muster_findings_source_get_holder (MUSTER_FINDINGS_SOURCE (self->document));
  g_object_bind_property (findings, "n-errors", self->army_stack_page, "badge-number",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (findings, "legal", self->army_stack_page, "needs-attention",
                          G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);

  self->settings = g_settings_new (APP_ID);
  self->autosave = muster_recovery_autosave_new (MUSTER_RECOVERABLE (self->document),
                                                 self->settings, self->toast_overlay);
  g_signal_connect_object (muster_recent_watch_get_default (), "changed",
                           G_CALLBACK (muster_recent_fill_menu), self->recent_menu,
                           G_CONNECT_SWAPPED);
  muster_recent_fill_menu (self->recent_menu);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  update_title (self);
  update_actions (self);
}

MusterWindow *
muster_window_new (MusterApplication *application)
{
  g_return_val_if_fail (MUSTER_IS_APPLICATION (application), NULL);

  return g_object_new (MUSTER_TYPE_WINDOW, "application", application, NULL);
}

const char *
muster_window_get_workspace (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);
  return adw_view_stack_get_visible_child_name (self->stack);
}

void
muster_window_set_workspace (MusterWindow *self,
                             const char   *workspace)
{
  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (is_workspace (workspace));

  /* The stack's notify::visible-child-name re-emits our notify::workspace. */
  adw_view_stack_set_visible_child_name (self->stack, workspace);
}

/* Returns: (transfer none): the Army workspace */
MusterArmyPage *
muster_window_get_army_page (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);
  return self->army_page;
}

/* Returns: (transfer none): the window's document */
MusterDocument *
muster_window_get_document (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);
  return self->document;
}

/* A window showing an untouched new document is reused when a file is opened. */
gboolean
muster_window_is_empty (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  /* A window opening a file is taken, though its document is still empty. */
  return muster_document_is_empty (self->document) && self->loading == NULL;
}

void
muster_window_open_file (MusterWindow *self,
                         GFile        *file)
{
  Opening *opening;

  g_return_if_fail (MUSTER_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  opening = g_new0 (Opening, 1);
  opening->window = g_object_ref (self);
  opening->file = g_object_ref (file);
  g_set_object (&self->loading, file);
  muster_document_load_async (self->document, file, self->cancellable, load_cb, opening);
}

/**
 * muster_window_restore:
 * @entry: a recovery file left by a crash
 *
 * Shows the list @entry kept, modified and not yet saved, in this (empty) window. The window
 * keeps @entry's file up to date from now on, so a second crash loses nothing either.
 *
 * Returns: whether the list could be read
 */
gboolean
muster_window_restore (MusterWindow         *self,
                       MusterRecoveryEntry  *entry,
                       GError              **error)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (MUSTER_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (MUSTER_IS_RECOVERY_ENTRY (entry), FALSE);

  name = g_file_get_basename (muster_recovery_entry_get_file (entry));
  if (!muster_document_restore (self->document, muster_recovery_entry_get_bytes (entry), name,
                                muster_recovery_entry_get_origin (entry), error))
    return FALSE;
  muster_autosave_set_file (self->autosave, muster_recovery_entry_get_file (entry));
  muster_window_set_workspace (self, "army");
  return TRUE;
}

/* Returns: (transfer none): the strip that shows a running export */
MusterExportBar *
_muster_window_get_export_bar (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);
  return self->export_bar;
}

void
muster_window_add_toast (MusterWindow *self,
                         const char   *message)
{
  g_return_if_fail (MUSTER_IS_WINDOW (self));
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

/**
 * muster_window_add_undo_toast:
 *
 * Says @message (what the last step did, "Removed Infantry") in a toast with an Undo button
 * that takes that step back. The toast goes as soon as another step is taken or undone, so its
 * button never undoes something else.
 */
void
muster_window_add_undo_toast (MusterWindow *self,
                              const char   *message)
{
  MusterHistory *history;
  AdwToast *toast;

  g_return_if_fail (MUSTER_IS_WINDOW (self));

  history = muster_document_get_history (self->document);
  if (self->undo_toast != NULL)
    adw_toast_dismiss (self->undo_toast);
  toast = adw_toast_new (message);
  adw_toast_set_button_label (toast, _("_Undo"));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (undo_toast_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (undo_toast_dismissed_cb), self,
                           G_CONNECT_SWAPPED);
  self->undo_toast = g_object_ref (toast);
  self->undo_position = muster_history_get_position (history);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* Returns: (transfer none) (nullable): the file the window shows, or is opening */
GFile *
muster_window_get_file (MusterWindow *self)
{
  g_return_val_if_fail (MUSTER_IS_WINDOW (self), NULL);

  if (self->loading != NULL)
    return self->loading;
  return muster_document_get_file (self->document);
}
