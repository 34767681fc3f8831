/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * Real pointer input for the UI tests: XTest moves the X server's pointer to a widget's place
 * on the screen and presses a button there, so the X server decides which window is hit and
 * GTK which widget, exactly as for a user. A control that is covered, scrolled away or in a
 * popover that never opens is not clicked. Widgets are found by what they show (a label's
 * text, a preferences row's title, a button's icon), scrolled into view with the wheel.
 *
 * MUSTER_TEST_SHOTS=DIR saves a screenshot of the screen at the steps that ask for one (with
 * ImageMagick's import), and where a wait times out.
 */

#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>

#include "muster-roster-cells.h"
#include "ui-test-util.h"

static Display *xdisplay;

/* Lets the app take in what the X server sent it and draw a frame or two. */
static inline void
pump (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  XSync (xdisplay, False);
  while (g_get_monotonic_time () < until)
    {
      for (guint i = 0; i < 100 && g_main_context_iteration (NULL, FALSE); i++)
        ;
      g_usleep (2000);
    }
}

static inline void
shot (const char *name)
{
  const char *dir = g_getenv ("MUSTER_TEST_SHOTS");
  g_autofree char *command = NULL;

  if (dir == NULL)
    return;
  pump (200);
  command = g_strdup_printf ("import -window root %s/mouse-%s.png", dir, name);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
}

/* Waits for @done, with a screenshot of what the screen showed instead when it never comes */
static inline void
wait_for (gboolean  (*done) (gpointer),
          gpointer    data,
          const char *what)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!done (data))
    {
      if (g_get_monotonic_time () > deadline)
        {
          shot ("timeout");
          g_error ("%s never happens", what);
        }
      pump (20);
    }
}

/* Where @x, @y of @widget are on the screen */
static inline void
screen_point (GtkWidget *widget,
              double     x,
              double     y,
              int       *sx,
              int       *sy)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t point;
  double dx, dy;
  Window child;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT ((float) x, (float) y), &point));
  gtk_native_get_surface_transform (native, &dx, &dy);
  XTranslateCoordinates (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                         DefaultRootWindow (xdisplay), (int) (point.x + dx), (int) (point.y + dy),
                         sx, sy, &child);
}

/* Glides the pointer to @x, @y in a few steps, as a hand moves a mouse. (One jump is not
 * enough on GTK 4.8's X11 backend: the first press after a drop-down's list closes still goes
 * to the closed list unless the pointer moved more than once since.) */
static inline void
pointer_to (int x,
            int y)
{
  static int last_x, last_y;

  for (int i = 1; i <= 6; i++)
    {
      XTestFakeMotionEvent (xdisplay, -1, last_x + (x - last_x) * i / 6,
                            last_y + (y - last_y) * i / 6, CurrentTime);
      pump (5);
    }
  last_x = x;
  last_y = y;
  pump (20);
}

static inline void
press_button (guint    button,
              gboolean down)
{
  XTestFakeButtonEvent (xdisplay, button, down, CurrentTime);
  pump (down ? 10 : 30);
}

/* @count clicks of @button at the middle of @widget, which must be drawn */
static inline void
click_n (GtkWidget *widget,
         guint      button,
         guint      count)
{
  int x = -1, y = -1;

  /* Where it has come to rest: a popover may be placed again a frame after it opened (above
   * its button when there is no room below). */
  g_object_add_weak_pointer (G_OBJECT (widget), (gpointer *) &widget);
  for (guint i = 0; i < 20; i++)
    {
      int was_x = x, was_y = y;

      g_assert_nonnull (widget);
      g_assert_true (gtk_widget_get_mapped (widget));
      g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
      screen_point (widget, gtk_widget_get_width (widget) / 2.0,
                    gtk_widget_get_height (widget) / 2.0, &x, &y);
      if (x == was_x && y == was_y)
        break;
      pump (40);
    }
  g_object_remove_weak_pointer (G_OBJECT (widget), (gpointer *) &widget);
  pointer_to (x, y);
  for (guint i = 0; i < count; i++)
    {
      press_button (button, TRUE);
      press_button (button, FALSE);
    }
  pump (150);
}

static inline void
click (GtkWidget *widget)
{
  click_n (widget, 1, 1);
}

/* Presses on @from, moves the pointer in steps to @to (a drag past GTK's threshold), and lets
 * go at @fy of @to's height. */
static inline void
drag (GtkWidget *from,
      GtkWidget *to,
      double     fy)
{
  int x0, y0, x1, y1;

  screen_point (from, gtk_widget_get_width (from) / 2.0, gtk_widget_get_height (from) / 2.0,
                &x0, &y0);
  screen_point (to, gtk_widget_get_width (to) / 2.0, gtk_widget_get_height (to) * fy, &x1, &y1);
  pointer_to (x0, y0);
  press_button (1, TRUE);
  pointer_to (x0 + 12, y0 + 12);
  pointer_to (x1, y1 - 2);
  pointer_to (x1, y1);
  pump (100);
  press_button (1, FALSE);
  pump (300);
}

/* Finding widgets by what they show */

static inline const char *
text_of (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return gtk_label_get_text (GTK_LABEL (widget));
  if (GTK_IS_INSCRIPTION (widget))
    return gtk_inscription_get_text (GTK_INSCRIPTION (widget));
  /* A roster row draws its texts itself; it reads as its unit's or group's name. */
  if (MUSTER_IS_ROSTER_LINE (widget))
    return muster_roster_line_get_text (MUSTER_ROSTER_LINE (widget), MUSTER_ROSTER_COLUMN_NAME);
  return NULL;
}

/* @shown is @text, after the indent a nested menu item has */
static inline gboolean
shows (const char *shown,
       const char *text)
{
  while (shown != NULL && *shown != '\0' && g_unichar_isspace (g_utf8_get_char (shown)))
    shown = g_utf8_next_char (shown);
  return g_strcmp0 (shown, text) == 0;
}

static inline void
collect_text (GtkWidget  *widget,
              const char *text,
              GPtrArray  *found)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (shows (text_of (widget), text) && gtk_widget_get_width (widget) > 0)
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, text, found);
}

static inline double
screen_y (GtkWidget *widget)
{
  int x, y;

  screen_point (widget, 0, 0, &x, &y);
  return y;
}

static inline int
by_screen_y (gconstpointer a,
             gconstpointer b)
{
  double ya = screen_y (*(GtkWidget **) a);
  double yb = screen_y (*(GtkWidget **) b);

  return ya < yb ? -1 : ya > yb;
}

/* The @nth (from the top, 0 first) drawn widget under @root showing @text, or NULL */
static inline GtkWidget *
find_text_nth (GtkWidget  *root,
               const char *text,
               guint       nth)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect_text (root, text, found);
  g_ptr_array_sort (found, by_screen_y);
  return nth < found->len ? found->pdata[nth] : NULL;
}

typedef struct
{
  GtkWidget  *root;
  const char *text;
} Sought;

static inline gboolean
text_shown (gpointer data)
{
  Sought *sought = data;

  return find_text_nth (sought->root, sought->text, 0) != NULL;
}

/* Waits for @text to show under @root (a popover opening, a row being made). */
static inline GtkWidget *
wait_text (GtkWidget  *root,
           const char *text)
{
  Sought sought = { root, text };
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!text_shown (&sought))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("\"%s\" never shows under %s", text, G_OBJECT_TYPE_NAME (root));
      pump (20);
    }
  return find_text_nth (root, text, 0);
}

/* Whether @widget is inside the visible part of every scrolled window around it */
static inline gboolean
in_view (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);

  /* Within its own surface: a popover's list is not clipped by the window under it. */
  for (GtkWidget *clip = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
       clip != NULL && gtk_widget_get_native (clip) == native;
       clip = gtk_widget_get_parent (clip) != NULL
              ? gtk_widget_get_ancestor (gtk_widget_get_parent (clip), GTK_TYPE_SCROLLED_WINDOW)
              : NULL)
    {
      graphene_rect_t bounds;

      if (!gtk_widget_compute_bounds (widget, clip, &bounds))
        return FALSE;
      if (bounds.origin.y < 0 || bounds.origin.y + bounds.size.height > gtk_widget_get_height (clip))
        return FALSE;
    }
  return TRUE;
}

/* The first drawn widget of @type at or under @widget */
static inline GtkWidget *
find_shown (GtkWidget *widget,
            GType      type)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_shown (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef GtkWidget *(*Finder) (GtkWidget  *root,
                              const char *text);

/* Turns the wheel once over @scroller, down or up */
static inline void
wheel (GtkWidget *scroller,
       gboolean   down)
{
  int x, y;

  screen_point (scroller, gtk_widget_get_width (scroller) / 2.0,
                gtk_widget_get_height (scroller) / 2.0, &x, &y);
  pointer_to (x, y);
  press_button (down ? 5 : 4, TRUE);
  press_button (down ? 5 : 4, FALSE);
  pump (50);
}

/* Whether @scroller shows the end of what it holds (@down) or its start */
static inline gboolean
scrolled_to_end (GtkWidget *scroller,
                 gboolean   down)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

  return down ? gtk_adjustment_get_value (adj) + gtk_adjustment_get_page_size (adj) >=
                gtk_adjustment_get_upper (adj) - 0.5
              : gtk_adjustment_get_value (adj) <= gtk_adjustment_get_lower (adj) + 0.5;
}

/* The widget find() finds under @root, scrolled into view with the mouse wheel when it is out
 * of sight (a long catalogue, menu or editor). A list makes rows only for what is in sight:
 * until it is found, the first scrolled window under @root turns down to its end, then up.
 * Once found, the wheel turns over the scrolled window around it until it is wholly in view.
 * It is found again after each turn: a list's rows are made anew as it scrolls. */
static inline GtkWidget *
reveal (GtkWidget  *root,
        const char *text,
        Finder      find)
{
  gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  GtkWidget *widget;
  gboolean down = TRUE;

  /* A popover or row just made shows in a frame or two. */
  while ((widget = find (root, text)) == NULL && g_get_monotonic_time () < deadline)
    pump (20);
  for (guint i = 0; i < 80 && widget == NULL; i++)
    {
      GtkWidget *scroller = find_shown (root, GTK_TYPE_SCROLLED_WINDOW);

      if (scroller == NULL)
        scroller = gtk_widget_get_ancestor (root, GTK_TYPE_SCROLLED_WINDOW);
      if (scroller == NULL)
        break;
      if (scrolled_to_end (scroller, down))
        {
          if (!down)
            break;
          down = FALSE;
        }
      wheel (scroller, down);
      widget = find (root, text);
    }
  if (widget == NULL)
    {
      shot ("not-found");
      g_error ("\"%s\" is nowhere under %s", text, G_OBJECT_TYPE_NAME (root));
    }
  for (guint i = 0; i < 60 && !in_view (widget); i++)
    {
      GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
      graphene_rect_t bounds;

      g_assert_true (gtk_widget_compute_bounds (widget, scroller, &bounds));
      /* Down for a widget below the visible part, up for one above it */
      wheel (scroller, bounds.origin.y > 0);
      widget = find (root, text);
      g_assert_nonnull (widget);
    }
  if (!in_view (widget))
    {
      GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
      graphene_rect_t bounds;

      shot ("not-in-view");
      g_assert_true (gtk_widget_compute_bounds (widget, scroller, &bounds));
      g_error ("\"%s\" under %s never scrolls into view (%g+%g of %d)", text,
               G_OBJECT_TYPE_NAME (root), bounds.origin.y, bounds.size.height,
               gtk_widget_get_height (scroller));
    }
  return widget;
}

static inline GtkWidget *
find_text (GtkWidget  *root,
           const char *text)
{
  return find_text_nth (root, text, 0);
}

static inline GtkWidget *
reveal_text (GtkWidget  *root,
             const char *text)
{
  return reveal (root, text, find_text);
}

static inline void
click_text (GtkWidget  *root,
            const char *text)
{
  click (reveal_text (root, text));
}

/* Clicks @opener and then the item @text in the popover it opens */
static inline void
click_in_popover (GtkWidget  *opener,
                  GtkWidget  *root,
                  const char *text)
{
  click (opener);
  wait_for (popover_open, root, "a popover opening");
  /* A drop-down's list scrolls to its choice once it is shown, and its rows then show other
   * items: find the item when that is done. */
  pump (250);
  click_text (find_open_popover (root), text);
  wait_for (popover_closed, root, "the popover closing");
}

/* Whether @row's title reads @title (its mnemonic's underline left out) */
static inline gboolean
row_titled (AdwPreferencesRow *row,
            const char        *title)
{
  g_autoptr(GString) shown = g_string_new (adw_preferences_row_get_title (row));

  if (adw_preferences_row_get_use_underline (row))
    g_string_replace (shown, "_", "", 1);
  return g_str_equal (shown->str, title);
}

/* The preferences row titled @title under @root */
static inline AdwPreferencesRow *
find_row (GtkWidget  *root,
          const char *title)
{
  if (ADW_IS_PREFERENCES_ROW (root) && gtk_widget_get_mapped (root) &&
      row_titled (ADW_PREFERENCES_ROW (root), title))
    return ADW_PREFERENCES_ROW (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwPreferencesRow *found = find_row (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Finders of an editor row's control, by the row's title */
static inline GtkWidget *
row_control (GtkWidget  *root,
             const char *title,
             GType       type)
{
  AdwPreferencesRow *row = find_row (root, title);
  GtkWidget *control;

  if (row == NULL)
    return NULL;
  control = find_descendant (GTK_WIDGET (row), type);
  g_assert_nonnull (control);
  return control;
}

static inline GtkWidget *
find_spin (GtkWidget  *root,
           const char *title)
{
  return row_control (root, title, GTK_TYPE_SPIN_BUTTON);
}

static inline GtkWidget *
find_check (GtkWidget  *root,
            const char *title)
{
  return row_control (root, title, GTK_TYPE_CHECK_BUTTON);
}

static inline GtkWidget *
find_combo (GtkWidget  *root,
            const char *title)
{
  return row_control (root, title, ADW_TYPE_COMBO_ROW);
}

/* The button of @spin with style class @which ("up" or "down") */
static inline GtkWidget *
spin_button_part (GtkSpinButton *spin,
                  const char    *which)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (spin)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_BUTTON (child) && gtk_widget_has_css_class (child, which))
      return child;
  g_assert_not_reached ();
}

/* Clicks @spin's + or − until it shows @value */
static inline void
spin_to (GtkSpinButton *spin,
         double         value)
{
  for (guint i = 0; i < 100 && gtk_spin_button_get_value (spin) != value; i++)
    click (spin_button_part (spin, gtk_spin_button_get_value (spin) < value ? "up" : "down"));
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, value);
}

/* The drawn button under @root showing the icon @icon_name */
static inline GtkWidget *
find_button_by_icon (GtkWidget  *root,
                     const char *icon_name)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (root)), icon_name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button_by_icon (child, icon_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The header bar's main menu button: the one marked primary (F10 opens it) */
static inline GtkWidget *
find_primary_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_primary_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}
