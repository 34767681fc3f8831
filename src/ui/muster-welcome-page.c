/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-welcome-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-recent.h"
#include "muster-welcome-page.h"

/*
 * What a window shows before it has a document: start a list, open one, or pick one of the
 * recent lists. The buttons and rows only activate the window's actions (win.new-list,
 * win.open, win.open-recent), so the window decides what opening means.
 */

#define N_SHOWN 5

struct _MusterWelcomePage
{
  GtkWidget   parent_instance;

  /* Template Widgets */
  AdwStatusPage *status_page;
  GtkWidget     *recent_box;
  GtkListBox    *recent_list;

  /* The recent lists changed while the page was out of sight */
  gboolean       stale;
};

G_DEFINE_FINAL_TYPE (MusterWelcomePage, muster_welcome_page, GTK_TYPE_WIDGET)

static GtkWidget *
recent_row_new (GtkRecentInfo *info)
{
  g_autoptr(GFile) file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
  g_autofree char *location = muster_recent_dup_location (file);
  g_autofree char *name = muster_recent_dup_name (info);
  g_autofree char *uri_display = gtk_recent_info_get_uri_display (info);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), location);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-recent");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", gtk_recent_info_get_uri (info));
  gtk_widget_set_tooltip_text (row, uri_display);
  return row;
}

static void
refill (MusterWelcomePage *self)
{
  GPtrArray *recent = muster_recent_watch_get_items (muster_recent_watch_get_default ());
  guint n_shown = MIN (recent->len, N_SHOWN);
  GtkWidget *child;

  self->stale = FALSE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);
  for (guint i = 0; i < n_shown; i++)
    gtk_list_box_append (self->recent_list, recent_row_new (recent->pdata[i]));
  gtk_widget_set_visible (self->recent_box, n_shown > 0);
}

/* A window showing a document keeps its welcome page out of sight: the rows wait until it shows,
 * rather than being rebuilt in every window each time a list is opened or saved. */
static void
recent_changed_cb (MusterWelcomePage *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refill (self);
  else
    self->stale = TRUE;
}

static void
muster_welcome_page_map (GtkWidget *widget)
{
  MusterWelcomePage *self = MUSTER_WELCOME_PAGE (widget);

  if (self->stale)
    refill (self);
  GTK_WIDGET_CLASS (muster_welcome_page_parent_class)->map (widget);
}

static void
muster_welcome_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), MUSTER_TYPE_WELCOME_PAGE);

  G_OBJECT_CLASS (muster_welcome_page_parent_class)->dispose (object);
}

static void
muster_welcome_page_class_init (MusterWelcomePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = muster_welcome_page_dispose;
  widget_class->map = muster_welcome_page_map;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/muster-welcome-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterWelcomePage, status_page);
  gtk_widget_class_bind_template_child (widget_class, MusterWelcomePage, recent_box);
  gtk_widget_class_bind_template_child (widget_class, MusterWelcomePage, recent_list);
}

static void
muster_welcome_page_init (MusterWelcomePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (muster_recent_watch_get_default (), "changed",
                           G_CALLBACK (recent_changed_cb), self, G_CONNECT_SWAPPED);
  refill (self);
}

/* Returns: (transfer none): the recent lists' rows, for tests */
GtkListBox *
muster_welcome_page_get_recent_list (MusterWelcomePage *self)
{
  g_return_val_if_fail (MUSTER_IS_WELCOME_PAGE (self), NULL);
  return self->recent_list;
}
