/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-battlefield-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-battlefield-page-private.h"
#include "muster-engine.h"
#include "muster-resolve-command.h"
#include "muster-window.h"

/*
 * The Battlefield's odds panel follows the selection: one unit selected acts, against the
 * target shown or the nearest enemy; Ctrl+click an enemy to add it and it becomes the target;
 * Tab on the map takes the next enemy within its reach by distance. Resolve rolls a procedure
 * between them as one undo step, told in a toast with Undo. The enemy units tinted by their odds,
 * when the panel is asked to, are the map's.
 */

/* The units of the selected placements, in the selection's order. */
static GPtrArray *
selected_units (MusterBattlefieldPage *self)
{
  GPtrArray *units = g_ptr_array_new ();
  MusterBattlefield *field = _muster_battlefield_page_get_battlefield (self);
  g_auto(GStrv) ids = muster_map_view_dup_selection (self->map_view);

  for (guint i = 0; field != NULL && ids[i] != NULL; i++)
    {
      const MusterFeature *f = muster_battlefield_lookup (field, ids[i]);

      if (f != NULL && f->kind == MUSTER_FEATURE_UNIT)
        g_ptr_array_add (units, f->unit);
    }
  return units;
}

static void
selection_changed_cb (MusterBattlefieldPage *self)
{
  g_autoptr(GPtrArray) units = selected_units (self);
  const char *acting = muster_odds_panel_get_acting (self->odds_panel);
  const char *target = NULL;
  g_autofree char *keep = NULL;

  if (units->len == 0)
    {
      muster_odds_panel_set_units (self->odds_panel, NULL, NULL);
      return;
    }
  /* the unit that acted before keeps acting while it stays selected; another one added is
   * its target */
  if (acting == NULL || !g_ptr_array_find_with_equal_func (units, acting, g_str_equal, NULL))
    acting = units->pdata[0];
  for (guint i = 0; i < units->len && target == NULL; i++)
    if (!g_str_equal (units->pdata[i], acting))
      target = units->pdata[i];
  keep = g_strdup (acting);
  muster_odds_panel_set_units (self->odds_panel, keep, target);
}

static void
tint_changed_cb (MusterBattlefieldPage *self)
{
  muster_map_view_set_tint (self->map_view, muster_odds_panel_get_tint (self->odds_panel));
}

static gboolean
next_target_cb (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  MusterBattlefieldPage *self = user_data;

  /* without an acting unit, Tab moves the focus on as usual */
  return muster_odds_panel_next_target (self->odds_panel);
}

static void
resolve_cb (MusterBattlefieldPage *self,
            const char            *procedure_id)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GError) error = NULL;
  g_autoptr(MusterCommand) command = NULL;
  g_autofree char *message = NULL;
  g_autofree int *values = NULL;
  g_autofree gboolean *typed = NULL;
  const MusterLogEntry *entry;

  /* the inputs as the panel shows them, what the user changed there included */
  muster_odds_panel_dup_inputs (self->odds_panel, procedure_id, &values, &typed);
  command = muster_resolve_command_new (self->document, self->types,
                                        muster_odds_panel_get_acting (self->odds_panel),
                                        muster_odds_panel_get_target (self->odds_panel),
                                        procedure_id, values, typed, &error);
  if (command == NULL)
    {
      /* TRANSLATORS: the roll was refused: the engine's reason follows */
      message = g_strdup_printf (_("Cannot resolve: %s"), error->message);
      if (MUSTER_IS_WINDOW (root))
        muster_window_add_toast (MUSTER_WINDOW (root), message);
      return;
    }
  muster_history_push (muster_document_get_history (self->document), command);
  entry = muster_resolve_command_get_entry (MUSTER_RESOLVE_COMMAND (command));
  /* TRANSLATORS: a toast after a roll: its result, then what it did to the units */
  message = g_strdup_printf (_("%s. %s"), entry->result, entry->effect);
  if (MUSTER_IS_WINDOW (root))
    muster_window_add_undo_toast (MUSTER_WINDOW (root), message);
}

void
_muster_battlefield_page_init_odds (MusterBattlefieldPage *self)
{
  g_signal_connect_object (self->odds_panel, "resolve", G_CALLBACK (resolve_cb), self,
                           G_CONNECT_SWAPPED);
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  g_signal_connect_object (self->map_view, "selection-changed",
                           G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->odds_panel, "tint-changed",
                           G_CALLBACK (tint_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Tab, 0),
                                                          gtk_callback_action_new (next_target_cb,
                                                                                   self, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->map_view), shortcuts);
}
