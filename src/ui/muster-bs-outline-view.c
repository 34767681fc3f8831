/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-bs-outline-view"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-bs-outline-view.h"

/* "5× Trooper", or the name alone for one */
static char *
numbered (const MusterBsOutline *item)
{
  if (item->number == 1)
    return g_strdup (item->name);
  /* TRANSLATORS: a selection's number and name, "5× Trooper" */
  return g_strdup_printf (_("%d× %s"), item->number, item->name);
}

/* What a selection holds, every level down: "5× Trooper, Rifle" */
static void
append_contents (GString               *str,
                 const MusterBsOutline *item)
{
  for (guint i = 0; i < item->children->len; i++)
    {
      const MusterBsOutline *child = item->children->pdata[i];
      g_autofree char *name = numbered (child);

      g_string_append_printf (str, "%s%s", str->len ? ", " : "", name);
      append_contents (str, child);
    }
}

static GtkWidget *
heading_new (const char *text,
             const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
selection_row_new (const MusterBsOutline *selection)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title = numbered (selection);
  g_autoptr(GString) contents = g_string_new (NULL);

  /* Names from a file: plain text, not markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  append_contents (contents, selection);
  if (contents->len > 0)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), contents->str);
  if (selection->costs != NULL)
    {
      GtkWidget *costs = gtk_label_new (selection->costs);

      gtk_widget_add_css_class (costs, "dim-label");
      gtk_widget_add_css_class (costs, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), costs);
    }
  return row;
}

/* A force: its heading ("Patrol › Platoon"), "Army · 85 pts", its selections; then the
 * forces in it. */
static void
add_force (GtkBox                *box,
           const MusterBsOutline *force,
           const char            *parent_path)
{
  g_autofree char *path = parent_path ? g_strdup_printf ("%s › %s", parent_path, force->name)
                                      : g_strdup (force->name);
  g_autoptr(GString) detail = g_string_new (force->detail);
  GtkWidget *list = NULL;

  if (force->costs != NULL)
    g_string_append_printf (detail, "%s%s", detail->len ? " · " : "", force->costs);
  gtk_box_append (box, heading_new (path, "heading"));
  if (detail->len > 0)
    gtk_box_append (box, heading_new (detail->str, "dim-label"));
  for (guint i = 0; i < force->children->len; i++)
    {
      const MusterBsOutline *child = force->children->pdata[i];

      if (child->force)
        continue;
      if (list == NULL)
        {
          list = gtk_list_box_new ();
          gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
          gtk_widget_add_css_class (list, "boxed-list");
          gtk_widget_set_margin_bottom (list, 12);
          gtk_box_append (box, list);
        }
      gtk_list_box_append (GTK_LIST_BOX (list), selection_row_new (child));
    }
  for (guint i = 0; i < force->children->len; i++)
    {
      const MusterBsOutline *child = force->children->pdata[i];

      if (child->force)
        add_force (box, child, path);
    }
}

GtkWidget *
muster_bs_outline_view_new (const MusterBsOutline *outline,
                            const char            *missing)
{
  GtkWidget *scrolled, *clamp, *box;
  gboolean has_forces = FALSE;

  for (guint i = 0; outline != NULL && i < outline->children->len; i++)
    has_forces = has_forces || ((MusterBsOutline *) outline->children->pdata[i])->force;
  if (!has_forces)
    {
      GtkWidget *status = adw_status_page_new ();
      g_autofree char *description = NULL;

      if (outline == NULL)
        description = g_strdup_printf (_("Its file could not be read past its first element. "
                                         "To open it, add the game data of %s to a game data "
                                         "folder (Preferences)."), missing);
      else
        description = g_strdup_printf (_("This roster has no forces. To edit it, add the game "
                                         "data of %s to a game data folder (Preferences)."),
                                       missing);
      adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), "x-office-document-symbolic");
      adw_status_page_set_title (ADW_STATUS_PAGE (status), _("Nothing to Show"));
      adw_status_page_set_description (ADW_STATUS_PAGE (status), description);
      return status;
    }

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_box_append (GTK_BOX (box), heading_new (outline->name, "title-2"));
  if (outline->costs != NULL)
    gtk_box_append (GTK_BOX (box), heading_new (outline->costs, "dim-label"));
  if (outline->limits != NULL)
    {
      /* TRANSLATORS: a roster's cost limits as its file records them, "2000 pts, 6 CP" */
      g_autofree char *limits = g_strdup_printf (_("Cost limits: %s"), outline->limits);

      gtk_box_append (GTK_BOX (box), heading_new (limits, "dim-label"));
    }
  for (guint i = 0; i < outline->children->len; i++)
    {
      const MusterBsOutline *force = outline->children->pdata[i];

      if (force->force)
        add_force (GTK_BOX (box), force, NULL);
    }
  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 800);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  return scrolled;
}
