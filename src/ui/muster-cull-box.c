/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-cull-box"

#include "config.h"

#include "muster-cull-box.h"

/* How far beyond the view a child still counts as in it: shadows and focus rings reach out of
 * a widget's bounds. */
#define CULL_MARGIN 32
/* What a frame spends removing retired children (see muster_cull_box_retire_children()) */
#define RETIRE_SLICE_USEC 1000

struct _MusterCullBox
{
  GtkBox         parent_instance;

  gboolean       culling;
  guint          n_drawn;
  /* (nullable): the viewport's, while mapped */
  GtkAdjustment *adjustments[2];
  /* The first children, hidden, that go a slice a frame; the tick callback removing them */
  guint          n_retiring;
  guint          retire_tick;
  gint64         retire_frame;  /* the frame they were retired in, which removes none */
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
      if (!gtk_widget_get_visible (child))
        continue;
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
  MusterCullBox *self = MUSTER_CULL_BOX (object);

  if (self->retire_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->retire_tick);
  self->retire_tick = 0;
  forget_adjustments (self);
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

/* Removes the first retired child, or a row of it where it is a list: the rows of a long list
 * are most of its widgets. */
static void
remove_retired (MusterCullBox *self)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));
  GtkWidget *row = GTK_IS_LIST_BOX (child) ? gtk_widget_get_first_child (child) : NULL;

  if (row != NULL)
    {
      gtk_list_box_remove (GTK_LIST_BOX (child), row);
      return;
    }
  gtk_box_remove (GTK_BOX (self), child);
  self->n_retiring--;
}

static gboolean
retire_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  MusterCullBox *self = MUSTER_CULL_BOX (widget);
  gint64 start = g_get_monotonic_time ();

  /* The frame that retired them shows them gone, and does no more */
  if (gdk_frame_clock_get_frame_counter (clock) == self->retire_frame)
    return G_SOURCE_CONTINUE;
  while (self->n_retiring > 0 && g_get_monotonic_time () - start < RETIRE_SLICE_USEC)
    remove_retired (self);
  if (self->n_retiring > 0)
    return G_SOURCE_CONTINUE;
  self->retire_tick = 0;
  return G_SOURCE_REMOVE;
}

/**
 * muster_cull_box_retire_children:
 *
 * @at_once: remove them now (a few widgets)
 *
 * Hides every child of the box now, and removes them over the frames that follow, a slice a
 * frame (at once while the box is not mapped: no frames would come). Children appended
 * after this are shown. Taking down the ~2,000 widgets of a BattleScribe character's editor
 * took some 10 ms, as much as a frame has (issue 21); hidden, they are not laid out or drawn.
 */
void
muster_cull_box_retire_children (MusterCullBox *self,
                                 gboolean       at_once)
{
  GtkWidget *child;
  guint n = 0;

  g_return_if_fail (MUSTER_IS_CULL_BOX (self));

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    at_once = TRUE;
  for (child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;
  if (at_once)
    {
      /* Those retired before stay on their way, unless no frame comes to remove them */
      for (; n > self->n_retiring; n--)
        gtk_box_remove (GTK_BOX (self), gtk_widget_get_last_child (GTK_WIDGET (self)));
      if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
        while (self->n_retiring > 0)
          remove_retired (self);
      return;
    }
  n = 0;
  for (child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child), n++)
    if (n >= self->n_retiring)
      gtk_widget_set_visible (child, FALSE);
  self->n_retiring = n;
  if (n > 0 && self->retire_tick == 0)
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

      self->retire_frame = gdk_frame_clock_get_frame_counter (clock) + 1;
      self->retire_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), retire_tick_cb,
                                                        NULL, NULL);
    }
}

/* Whether children retired are still to be removed */
gboolean
muster_cull_box_get_retiring (MusterCullBox *self)
{
  g_return_val_if_fail (MUSTER_IS_CULL_BOX (self), FALSE);
  return self->n_retiring > 0;
}
