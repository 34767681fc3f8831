/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * Key presses for the UI tests that go "entirely by keyboard": press() finds what a key does
 * the way GTK does: the shortcuts of the focus widget and its ancestors (key bindings such as
 * Tab, Return, Ctrl+D), then the application's accelerators. A key nothing is bound to fails
 * the test, so a step a user could not take by keyboard cannot pass. Text is typed into the
 * focused editable.
 */

#include "muster-bs-window.h"
#include "ui-test-util.h"

/* The window keys go to: a modal dialog when one is up, else the document window (Xvfb has
 * no window manager to make one active). */
static inline GtkWindow *
active_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (!gtk_widget_get_visible (GTK_WIDGET (window)))
        continue;
      if (gtk_window_get_modal (window))
        return window;
      if (MUSTER_IS_WINDOW (window) || MUSTER_IS_BS_WINDOW (window))
        found = window;
    }
  return found;
}

/* Whether @trigger fires for @accel: the same key, one of alternatives ("Tab|KP_Tab"), or a
 * mnemonic (Alt+letter). */
static inline gboolean
matches (GtkShortcutTrigger *trigger,
         GtkShortcutTrigger *accel,
         gboolean            mnemonics)
{
  guint keyval;
  GdkModifierType mods;

  if (gtk_shortcut_trigger_equal (trigger, accel))
    return TRUE;
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    return matches (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)), accel,
                    mnemonics) ||
           matches (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)), accel,
                    mnemonics);
  if (!mnemonics || !GTK_IS_MNEMONIC_TRIGGER (trigger) || !GTK_IS_KEYVAL_TRIGGER (accel))
    return FALSE;
  keyval = gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (accel));
  mods = gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (accel));
  return mods == GDK_ALT_MASK &&
         gdk_keyval_to_lower (gtk_mnemonic_trigger_get_keyval (GTK_MNEMONIC_TRIGGER (trigger))) ==
         gdk_keyval_to_lower (keyval);
}

/* Fires the first shortcut of @widget's controllers that matches @accel, of the local scope
 * (@local) or of the managed and global ones (the root's, which mnemonics are), in @phase
 * (GTK_PHASE_NONE: any). */
static inline gboolean
activate_shortcuts (GtkWidget          *widget,
                    GtkShortcutTrigger *accel,
                    gboolean            local,
                    GtkPropagationPhase phase)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      GtkShortcutScope scope;

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      scope = gtk_shortcut_controller_get_scope (GTK_SHORTCUT_CONTROLLER (controller));
      if ((scope == GTK_SHORTCUT_SCOPE_LOCAL) != local ||
          (phase != GTK_PHASE_NONE &&
           gtk_event_controller_get_propagation_phase (GTK_EVENT_CONTROLLER (controller)) != phase))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (matches (gtk_shortcut_get_trigger (shortcut), accel, !local) &&
              gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                            gtk_shortcut_get_arguments (shortcut)))
            return TRUE;
        }
    }
  return FALSE;
}

/* The window's managed and global shortcuts of @phase: the capture ones run before the focus
 * widget's keys, the bubble ones after */
static inline gboolean
activate_managed (GtkWidget          *widget,
                  GtkShortcutTrigger *accel,
                  GtkPropagationPhase phase)
{
  if (!gtk_widget_get_mapped (widget) || !gtk_widget_is_sensitive (widget))
    return FALSE;
  if (activate_shortcuts (widget, accel, FALSE, phase))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (activate_managed (child, accel, phase))
      return TRUE;
  return FALSE;
}

/* Lets what a key started (a popover mapping, focus moving into it) happen. */
static inline void
settle (void)
{
  gint64 until = g_get_monotonic_time () + 100 * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

/* Presses @accel ("<Control>s", "Tab", "<Alt>r") in the active window. */
static inline void
press (const char *accel)
{
  GtkWindow *window = active_window ();
  g_autoptr(GtkShortcutTrigger) trigger = gtk_shortcut_trigger_parse_string (accel);
  GtkWidget *focus;
  g_auto(GStrv) actions = NULL;

  g_assert_nonnull (window);
  g_assert_nonnull (trigger);
  focus = gtk_window_get_focus (window);
  if (activate_managed (GTK_WIDGET (window), trigger, GTK_PHASE_CAPTURE))
    goto done;
  for (GtkWidget *w = focus ? focus : GTK_WIDGET (window); w != NULL; w = gtk_widget_get_parent (w))
    if (gtk_widget_is_sensitive (w) && activate_shortcuts (w, trigger, TRUE, GTK_PHASE_NONE))
      goto done;
  if (activate_managed (GTK_WIDGET (window), trigger, GTK_PHASE_BUBBLE))
    goto done;
  actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), accel);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GVariant) target = NULL;

      g_assert_true (g_action_parse_detailed_name (actions[i], &name, &target, NULL));
      if (gtk_widget_activate_action_variant (focus ? focus : GTK_WIDGET (window), name, target))
        goto done;
    }
  g_error ("%s does nothing (focus %s)", accel, focus ? G_OBJECT_TYPE_NAME (focus) : "none");
done:
  settle ();
}

static inline GtkWidget *
focus_widget (void)
{
  return gtk_window_get_focus (active_window ());
}

/* Types @text into the focused field, replacing what it held (as after Ctrl+A). */
static inline void
type (const char *text)
{
  GtkWidget *focus = focus_widget ();

  g_assert_true (GTK_IS_EDITABLE (focus));
  gtk_editable_set_text (GTK_EDITABLE (focus), text);
  settle ();
}
