/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-bs-library.h"
#include "muster-bs-page.h"
#include "muster-bs-window.h"
#include "ui-test-util.h"

/* Shared by the roster window's tests: the game data folders set to @folder alone (none with
 * NULL) and scanned. */
static inline MusterBsLibrary *
library_of_folders (const char *folder)
{
  GSettings *settings = muster_application_get_settings (app);
  const char *folders[] = { folder, NULL };
  MusterBsLibrary *library = muster_application_get_bs_library (app);
  const char *none[] = { NULL };

  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  /* The three shared sets take seconds on a loaded machine: longer than spin_until() waits. */
  g_settings_set_strv (settings, "battlescribe-folders", folder ? folders : none);
  /* the library hears of the setting through a binding, and then scans: both are waited for,
   * or a scan that comes late forgets what a test added since (the data beside a roster) */
  while (muster_bs_library_get_scanning (library) ||
         !g_strv_equal (muster_bs_library_get_folders (library), folder ? folders : none))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  return library;
}

static inline gboolean
loaded (gpointer data)
{
  return !muster_bs_window_get_loading (data);
}

/* Every roster window's editor complete: the rows of a long one are built over several
 * frames after an edit */
static inline gboolean
editors_complete (gpointer data)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    {
      GtkWidget *page = MUSTER_IS_BS_WINDOW (l->data)
                        ? find_descendant (l->data, MUSTER_TYPE_BS_PAGE) : NULL;

      if (page != NULL && !muster_bs_page_get_editor_complete (MUSTER_BS_PAGE (page)))
        return FALSE;
    }
  return TRUE;
}

static inline gboolean
page_idle (gpointer data)
{
  /* The editor is rebuilt in an idle after each edit, its rows over the frames that follow:
   * let them run. */
  return !g_main_context_pending (NULL) && editors_complete (NULL);
}

/* The option rows under @widget (an editor's box): the rows of its lists built so far, not
 * those of an editor shown before, hidden while they are taken down */
static inline guint
n_option_rows (GtkWidget *widget)
{
  guint n = GTK_IS_LIST_BOX_ROW (widget) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child))
      n += n_option_rows (child);
  return n;
}

/* An editor's choice: its name's label, whose tooltip is the whole name */
static inline gboolean
label_has_tooltip (GtkWidget  *widget,
                   const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

/* The editor's heading: the selected row's name */
static inline gboolean
is_editor_title (GtkWidget  *widget,
                 const char *name)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "title-2") &&
         g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), name) == 0;
}
