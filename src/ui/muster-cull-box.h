/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/*
 * A GtkBox for the inside of a GtkScrolledWindow that draws only its children in view. GTK 4.8
 * builds and renders the render nodes of every child of a box, in view or not, and the cairo
 * renderer walks all of them on every frame: a BattleScribe character's editor has some 250
 * rows of options, most of an edit's frame (issue 21). Scrolling, and a viewport that grows,
 * draw it again.
 */
#define MUSTER_TYPE_CULL_BOX (muster_cull_box_get_type ())
G_DECLARE_FINAL_TYPE (MusterCullBox, muster_cull_box, MUSTER, CULL_BOX, GtkBox)

void       muster_cull_box_set_culling (MusterCullBox *self,
                                        gboolean       culling);
/* The children the last snapshot drew */
guint      muster_cull_box_get_n_drawn (MusterCullBox *self);
void       muster_cull_box_retire_children (MusterCullBox *self,
                                            gboolean       at_once);
gboolean   muster_cull_box_get_retiring    (MusterCullBox *self);

G_END_DECLS
