/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib/gi18n.h>

#include "muster-battlefield-page.h"
#include "ui-test-util.h"

/*
 * Shared by the translation tests (test-translation.c, test-translation-battlefield.c): the
 * app in German, the checks that nothing the catalogue translates is shown in English, and the
 * samples' windows.
 */

/* The English texts that the German catalogue translates, seen on @widget and what it shows */
static inline void
collect_untranslated (GtkWidget *widget,
                      GPtrArray *found)
{
  const char *texts[3] = { NULL, NULL, NULL };

  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      texts[0] = gtk_label_get_label (GTK_LABEL (widget));
      texts[1] = gtk_label_get_text (GTK_LABEL (widget));
    }
  else if (GTK_IS_BUTTON (widget))
    texts[0] = gtk_button_get_label (GTK_BUTTON (widget));
  else if (GTK_IS_WINDOW (widget))
    texts[0] = gtk_window_get_title (GTK_WINDOW (widget));
  texts[2] = gtk_widget_get_tooltip_text (widget);

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    if (texts[i] != NULL && *texts[i] != '\0'
        && g_strcmp0 (g_dgettext (GETTEXT_PACKAGE, texts[i]), texts[i]) != 0)
      {
        g_ptr_array_add (found, g_strdup_printf ("%s “%s”", G_OBJECT_TYPE_NAME (widget), texts[i]));
        break;
      }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_untranslated (child, found);
}

/* Fails naming every English text @step leaves shown in @root */
static inline void
assert_all_german (GtkWidget  *root,
                   const char *step)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);

  run_frames (root);
  collect_untranslated (root, found);
  for (guint i = 0; i < found->len; i++)
    g_test_message ("%s: untranslated %s", step, (const char *) found->pdata[i]);
  g_assert_cmpuint (found->len, ==, 0);
}

static inline void
show_workspace (MusterWindow *window,
                const char   *name)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.workspace", "s", name));
  run_frames (GTK_WIDGET (window));
}

/* The map view of @window's Battlefield, the workspace shown */
static inline MusterMapView *
battlefield_view (MusterWindow *window)
{
  MusterBattlefieldPage *page;

  show_workspace (window, "battlefield");
  page = MUSTER_BATTLEFIELD_PAGE (find_descendant (GTK_WIDGET (window),
                                                   MUSTER_TYPE_BATTLEFIELD_PAGE));
  return muster_battlefield_page_get_map_view (page);
}

/* The app in German, before any template is built (GtkBuilder translates as it builds). The
 * catalogue is the build's own (po/de/LC_MESSAGES/muster.mo), so no German locale need be
 * installed: C.UTF-8 with LANGUAGE is enough for glibc. */
static inline void
ui_test_translation_init (void)
{
  g_setenv ("LANGUAGE", "de", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MUSTER_LOCALE_DIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
