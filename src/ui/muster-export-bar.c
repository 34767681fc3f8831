/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-export-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "muster-export-bar.h"

struct _MusterExportBar
{
  AdwBin          parent_instance;

  GtkRevealer    *revealer;
  GtkLabel       *label;
  GtkProgressBar *progress;
  GtkButton      *cancel_button;

  /* Set while an export runs */
  GCancellable   *cancellable;
  guint           pulse_id;
  double          fraction;
};

G_DEFINE_FINAL_TYPE (MusterExportBar, muster_export_bar, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
pulse_cb (gpointer data)
{
  MusterExportBar *self = data;

  gtk_progress_bar_pulse (self->progress);
  return G_SOURCE_CONTINUE;
}

static void
cancel_clicked_cb (MusterExportBar *self)
{
  g_assert (MUSTER_IS_EXPORT_BAR (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  /* Stopping takes until the page being drawn is done: say so, and do not cancel twice. */
  gtk_label_set_text (self->label, _("Cancelling…"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), FALSE);
}

/**
 * muster_export_bar_start:
 * @label: what is being exported, for the reader
 *
 * Shows the bar.
 *
 * Returns: (transfer none) (nullable): what Cancel cancels, valid until
 *   muster_export_bar_stop(); %NULL when an export already runs
 */
GCancellable *
muster_export_bar_start (MusterExportBar *self,
                         const char      *label)
{
  g_return_val_if_fail (MUSTER_IS_EXPORT_BAR (self), NULL);

  if (self->cancellable != NULL)
    return NULL;
  self->cancellable = g_cancellable_new ();
  self->fraction = 0;
  gtk_label_set_text (self->label, label);
  gtk_progress_bar_set_fraction (self->progress, 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), TRUE);
  /* Kinds that are written whole tell only their end: until then the bar pulses. */
  self->pulse_id = g_timeout_add (150, pulse_cb, self);
  gtk_revealer_set_reveal_child (self->revealer, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  return self->cancellable;
}

void
muster_export_bar_set_fraction (MusterExportBar *self,
                                double           fraction)
{
  g_return_if_fail (MUSTER_IS_EXPORT_BAR (self));

  if (self->cancellable == NULL)
    return;
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  self->fraction = CLAMP (fraction, 0, 1);
  gtk_progress_bar_set_fraction (self->progress, self->fraction);
}

/* Hides the bar: the export is over. */
void
muster_export_bar_stop (MusterExportBar *self)
{
  g_return_if_fail (MUSTER_IS_EXPORT_BAR (self));

  if (self->cancellable == NULL)
    return;
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  g_clear_object (&self->cancellable);
  gtk_revealer_set_reveal_child (self->revealer, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

gboolean
muster_export_bar_get_busy (MusterExportBar *self)
{
  g_return_val_if_fail (MUSTER_IS_EXPORT_BAR (self), FALSE);
  return self->cancellable != NULL;
}

/* Returns: the fraction shown, 0 until the export tells one */
double
muster_export_bar_get_fraction (MusterExportBar *self)
{
  g_return_val_if_fail (MUSTER_IS_EXPORT_BAR (self), 0);
  return self->fraction;
}

static void
muster_export_bar_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MusterExportBar *self = MUSTER_EXPORT_BAR (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, muster_export_bar_get_busy (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* A closed window stops its export; the file keeps its old contents. The running export
 * holds the bar, so it is taken out of the window before it is disposed. */
static void
muster_export_bar_unroot (GtkWidget *widget)
{
  MusterExportBar *self = MUSTER_EXPORT_BAR (widget);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  GTK_WIDGET_CLASS (muster_export_bar_parent_class)->unroot (widget);
}

static void
muster_export_bar_dispose (GObject *object)
{
  MusterExportBar *self = MUSTER_EXPORT_BAR (object);

  g_clear_handle_id (&self->pulse_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (muster_export_bar_parent_class)->dispose (object);
}

static void
muster_export_bar_class_init (MusterExportBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->unroot = muster_export_bar_unroot;
  object_class->get_property = muster_export_bar_get_property;
  object_class->dispose = muster_export_bar_dispose;

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_export_bar_init (MusterExportBar *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  self->revealer = GTK_REVEALER (gtk_revealer_new ());
  self->label = GTK_LABEL (gtk_label_new (NULL));
  self->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  self->cancel_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Cancel")));

  gtk_label_set_ellipsize (self->label, PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_valign (GTK_WIDGET (self->progress), GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (GTK_WIDGET (self->progress), TRUE);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->label));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->progress));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->cancel_button));
  g_signal_connect_swapped (self->cancel_button, "clicked", G_CALLBACK (cancel_clicked_cb), self);
  gtk_revealer_set_child (self->revealer, box);
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->revealer));
}
