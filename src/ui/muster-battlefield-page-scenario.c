/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-battlefield-page"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-battlefield-commands.h"
#include "muster-battlefield-page-private.h"

/*
 * The Battlefield workspace's scenario sheet: title, period, turn limit, victory conditions,
 * one briefing per side and the umpire's notes, each edit one undo step.
 */

static void
text_changed_cb (GtkTextBuffer         *buffer,
                 MusterBattlefieldPage *self)
{
  GtkTextView *view = g_object_get_data (G_OBJECT (buffer), "view");
  const char *side = g_object_get_data (G_OBJECT (view), "side");
  int field = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (view), "field"));
  g_autofree char *text = NULL;
  GtkTextIter start, end;

  if (self->updating)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  _muster_battlefield_page_push (self,
                                 side ? muster_scenario_command_new_briefing (self->document,
                                                                              side, text)
                                      : muster_scenario_command_new_field (self->document,
                                                                           field, text));
}

static void
add_text_view (MusterBattlefieldPage *self,
               const char            *heading,
               int                    field,
               const char            *side)
{
  GtkWidget *label = gtk_label_new (heading);
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *view = gtk_text_view_new ();
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 12);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 8);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 8);
  gtk_widget_set_size_request (view, -1, 72);
  gtk_frame_set_child (GTK_FRAME (frame), view);
  g_object_set_data (G_OBJECT (view), "field", GINT_TO_POINTER (field));
  g_object_set_data_full (G_OBJECT (view), "side", g_strdup (side), g_free);
  g_object_set_data (G_OBJECT (buffer), "view", view);
  g_signal_connect (buffer, "changed", G_CALLBACK (text_changed_cb), self);
  gtk_box_append (self->texts_box, label);
  gtk_box_append (self->texts_box, frame);
  g_ptr_array_add (self->text_views, view);
}

void
_muster_battlefield_page_clear_scenario (MusterBattlefieldPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->texts_box))))
    gtk_box_remove (self->texts_box, child);
  g_ptr_array_set_size (self->text_views, 0);
}

/* Whether the sheet's briefings are for @sides, in order. */
static gboolean
same_sides (MusterBattlefieldPage *self,
            GPtrArray             *sides)
{
  guint n = 0;

  if (self->text_views->len == 0)
    return FALSE;
  for (guint i = 0; i < self->text_views->len; i++)
    {
      const char *side = g_object_get_data (self->text_views->pdata[i], "side");

      if (side == NULL)
        continue;
      if (n >= sides->len || g_strcmp0 (side, sides->pdata[n]) != 0)
        return FALSE;
      n++;
    }
  return n == sides->len;
}

/* @row shows @text on one line, cut with "…" where it is longer, and whole in its tooltip */
static void
show_text (AdwActionRow *row,
           const char   *text)
{
  g_autofree char *markup = g_markup_escape_text (text != NULL && *text != '\0' ? text : "—", -1);

  adw_action_row_set_subtitle (row, markup);
  gtk_widget_set_tooltip_text (GTK_WIDGET (row), text != NULL && *text != '\0' ? text : NULL);
}

/* The entry of the row activated takes its place, with the focus */
static void
start_editing (AdwActionRow          *row,
               MusterBattlefieldPage *self)
{
  GtkWidget *entry = row == self->period_show ? GTK_WIDGET (self->period_row)
                                              : GTK_WIDGET (self->scenario_title_row);

  gtk_widget_set_visible (GTK_WIDGET (row), FALSE);
  gtk_widget_set_visible (entry, TRUE);
  gtk_widget_grab_focus (entry);
}

/* Enter, or the focus gone elsewhere: the entry makes way for its row again */
static void
stop_editing (GtkWidget             *entry,
              MusterBattlefieldPage *self)
{
  GtkWidget *row = entry == GTK_WIDGET (self->period_row) ? GTK_WIDGET (self->period_show)
                                                          : GTK_WIDGET (self->scenario_title_show);

  if (!gtk_widget_get_visible (entry))
    return;
  gtk_widget_set_visible (entry, FALSE);
  gtk_widget_set_visible (row, TRUE);
}

static void
entry_focus_left_cb (GtkEventController      *controller,
                     MusterBattlefieldPage   *self)
{
  stop_editing (gtk_event_controller_get_widget (controller), self);
}

void
_muster_battlefield_page_update_scenario (MusterBattlefieldPage *self)
{
  MusterBattlefield *field = _muster_battlefield_page_get_battlefield (self);
  MusterDoc *doc = muster_document_get_doc (self->document);
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();

  self->updating = TRUE;
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->scenario_title_row)),
                 muster_battlefield_get_scenario (field, MUSTER_SCENARIO_TITLE)) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->scenario_title_row),
                           muster_battlefield_get_scenario (field, MUSTER_SCENARIO_TITLE));
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->period_row)),
                 muster_battlefield_get_scenario (field, MUSTER_SCENARIO_PERIOD)) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->period_row),
                           muster_battlefield_get_scenario (field, MUSTER_SCENARIO_PERIOD));
  show_text (self->scenario_title_show, muster_battlefield_get_scenario (field, MUSTER_SCENARIO_TITLE));
  show_text (self->period_show, muster_battlefield_get_scenario (field, MUSTER_SCENARIO_PERIOD));
  gtk_spin_button_set_value (self->turns_spin, muster_battlefield_get_turn_limit (field));

  /* one briefing per side, then the victory conditions and the umpire's notes; made again
   * when a list attached (or its attaching undone) changes the sides */
  for (guint i = 0; i < muster_doc_get_n_forces (doc); i++)
    {
      const char *side = muster_force_get_side (muster_doc_get_force (doc, i));

      if (side && !g_ptr_array_find_with_equal_func (sides, side, g_str_equal, NULL))
        g_ptr_array_add (sides, (gpointer) side);
    }
  if (!same_sides (self, sides))
    {
      _muster_battlefield_page_clear_scenario (self);
      for (guint i = 0; i < sides->len; i++)
        {
          g_autofree char *heading = g_strdup_printf (_("Briefing: %s"),
                                                      (const char *) sides->pdata[i]);

          add_text_view (self, heading, -1, sides->pdata[i]);
        }
      add_text_view (self, _("Victory Conditions"), MUSTER_SCENARIO_VICTORY, NULL);
      add_text_view (self, _("Umpire’s Notes"), MUSTER_SCENARIO_UMPIRE_NOTES, NULL);
    }
  for (guint i = 0; i < self->text_views->len; i++)
    {
      GtkTextView *view = self->text_views->pdata[i];
      const char *side = g_object_get_data (G_OBJECT (view), "side");
      int f = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (view), "field"));
      const char *text = side ? muster_battlefield_get_briefing (field, side)
                              : muster_battlefield_get_scenario (field, f);
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
      g_autofree char *now = NULL;
      GtkTextIter start, end;

      gtk_text_buffer_get_bounds (buffer, &start, &end);
      now = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
      if (g_strcmp0 (now, text) != 0)
        gtk_text_buffer_set_text (buffer, text, -1);
    }
  self->updating = FALSE;
}

static void
scenario_entry_changed_cb (GtkEditable           *editable,
                           MusterBattlefieldPage *self)
{
  if (self->updating || _muster_battlefield_page_get_battlefield (self) == NULL)
    return;
  _muster_battlefield_page_push (self, muster_scenario_command_new_field (self->document,
                                                 editable == GTK_EDITABLE (self->period_row)
                                                 ? MUSTER_SCENARIO_PERIOD : MUSTER_SCENARIO_TITLE,
                                                 gtk_editable_get_text (editable)));
}

static void
turns_changed_cb (MusterBattlefieldPage *self)
{
  int turns = gtk_spin_button_get_value_as_int (self->turns_spin);

  if (self->updating || _muster_battlefield_page_get_battlefield (self) == NULL ||
      turns == muster_battlefield_get_turn_limit (_muster_battlefield_page_get_battlefield (self)))
    return;
  _muster_battlefield_page_push (self, muster_scenario_command_new_turns (self->document, turns));
}

void
_muster_battlefield_page_init_scenario (MusterBattlefieldPage *self)
{
  g_signal_connect (self->scenario_title_row, "changed",
                    G_CALLBACK (scenario_entry_changed_cb), self);
  g_signal_connect (self->period_row, "changed", G_CALLBACK (scenario_entry_changed_cb), self);
  g_signal_connect (self->scenario_title_show, "activated", G_CALLBACK (start_editing), self);
  g_signal_connect (self->period_show, "activated", G_CALLBACK (start_editing), self);
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *entry = GTK_WIDGET (i == 0 ? self->scenario_title_row : self->period_row);
      GtkEventController *focus = gtk_event_controller_focus_new ();

      g_signal_connect (entry, "entry-activated", G_CALLBACK (stop_editing), self);
      g_signal_connect (focus, "leave", G_CALLBACK (entry_focus_left_cb), self);
      gtk_widget_add_controller (entry, focus);
    }
  g_signal_connect_object (self->turns_spin, "value-changed",
                           G_CALLBACK (turns_changed_cb), self, G_CONNECT_SWAPPED);
}
