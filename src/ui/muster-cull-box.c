/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cull-box"

#include "config.h"

#include "muster-cull-box.h"

/* How far beyond the view a child still counts as in it: shadows and focus rings reach out of
 * a widget's bounds. */
#define CULL_MARGIN 32

struct _MusterCullBox
{
  GtkBox         parent_instance;

  gboolean       culling;
  guint          n_drawn;
  /* (nullable): the viewport's, while mapped */
  GtkAdjustment *adjustments[2];
};

G_DEFINE_FINAL_TYPE (MusterCullBox, muster_cull_box, GTK_TYPE_BOX)

/* The parent's visible area in the box's coordinates: a viewport shows its size of the box
 * from where it is scrolled to. FALSE when the box is not in a viewport. */
static gboolean
view_of (MusterCullBox   *self,
         graphene_rect_t *view)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));

  if (!self->culling || !GTK_IS_VIEWPORT (parent) ||
      !gtk_widget_compute_bounds (parent, GTK_WIDGET (self), view))
    return FALSE;
  graphene_rect_inset (view, -CULL_MARGIN, -CULL_MARGIN);
  return TRUE;
}

static void
muster_cull_box_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  MusterCullBox *self = MUSTER_CULL_BOX (widget);
  graphene_rect_t view, bounds;
  gboolean culling = view_of (self, &view);

  self->n_drawn = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (culling && gtk_widget_compute_bounds (child, widget, &bounds) &&
          !graphene_rect_intersection (&view, &bounds, NULL))
        continue;
      gtk_widget_snapshot_child (widget, child, snapshot);
      self->n_drawn++;
    }
}

/* What is in view changed: scrolled, or the viewport's size (its page) */
static void
view_changed_cb (MusterCullBox *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
forget_adjustments (MusterCullBox *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->adjustments); i++)
    if (self->adjustments[i] != NULL)
      {
        g_signal_handlers_disconnect_by_func (self->adjustments[i], view_changed_cb, self);
        g_clear_object (&self->adjustments[i]);
      }
}

static void
muster_cull_box_map (GtkWidget *widget)
{
  MusterCullBox *self = MUSTER_CULL_BOX (widget);
  GtkWidget *parent = gtk_widget_get_parent (widget);

  GTK_WIDGET_CLASS (muster_cull_box_parent_class)->map (widget);
  forget_adjustments (self);
  if (!GTK_IS_SCROLLABLE (parent))
    return;
  self->adjustments[0] = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (parent));
  self->adjustments[1] = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (parent));
  for (guint i = 0; i < G_N_ELEMENTS (self->adjustments); i++)
    if (self->adjustments[i] != NULL)
      {
        g_object_ref (self->adjustments[i]);
        g_signal_connect_swapped (self->adjustments[i], "value-changed",
                                  G_CALLBACK (view_changed_cb), self);
        g_signal_connect_swapped (self->adjustments[i], "changed",
                                  G_CALLBACK (view_changed_cb), self);
      }
}

static void
muster_cull_box_unmap (GtkWidget *widget)
{
  forget_adjustments (MUSTER_CULL_BOX (widget));
  GTK_WIDGET_CLASS (muster_cull_box_parent_class)->unmap (widget);
}

static void
muster_cull_box_dispose (GObject *object)
{
  forget_adjustments (MUSTER_CULL_BOX (object));
  G_OBJECT_CLASS (muster_cull_box_parent_class)->dispose (object);
}

static void
muster_cull_box_class_init (MusterCullBoxClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = muster_cull_box_dispose;
  widget_class->snapshot = muster_cull_box_snapshot;
  widget_class->map = muster_cull_box_map;
  widget_class->unmap = muster_cull_box_unmap;
}

static void
muster_cull_box_init (MusterCullBox *self)
{
  self->culling = TRUE;
}

/* Off, the box draws every child, as a GtkBox does (tests compare the two). */
void
muster_cull_box_set_culling (MusterCullBox *self,
                             gboolean       culling)
{
  g_return_if_fail (MUSTER_IS_CULL_BOX (self));

  self->culling = culling;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
muster_cull_box_get_n_drawn (MusterCullBox *self)
{
  g_return_val_if_fail (MUSTER_IS_CULL_BOX (self), 0);
  return self->n_drawn;
}
