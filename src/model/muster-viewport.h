/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "muster-geometry.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_VIEWPORT (muster_viewport_get_type ())

G_DECLARE_FINAL_TYPE (MusterViewport, muster_viewport, MUSTER, VIEWPORT, GObject)

MusterViewport *muster_viewport_new              (void);
double          muster_viewport_get_zoom         (MusterViewport *self);
void            muster_viewport_set_zoom         (MusterViewport *self,
                                                  double          zoom);
double          muster_viewport_get_min_zoom     (MusterViewport *self);
double          muster_viewport_get_max_zoom     (MusterViewport *self);
void            muster_viewport_set_zoom_range   (MusterViewport *self,
                                                  double          min_zoom,
                                                  double          max_zoom);
double          muster_viewport_get_center_x     (MusterViewport *self);
double          muster_viewport_get_center_y     (MusterViewport *self);
void            muster_viewport_set_center       (MusterViewport *self,
                                                  double          x,
                                                  double          y);
double          muster_viewport_get_rotation     (MusterViewport *self);
void            muster_viewport_set_rotation     (MusterViewport *self,
                                                  double          rotation);
int             muster_viewport_get_width        (MusterViewport *self);
int             muster_viewport_get_height       (MusterViewport *self);
void            muster_viewport_set_size         (MusterViewport *self,
                                                  int             width,
                                                  int             height);
void            muster_viewport_table_to_widget  (MusterViewport *self,
                                                  double          x,
                                                  double          y,
                                                  double         *widget_x,
                                                  double         *widget_y);
void            muster_viewport_widget_to_table  (MusterViewport *self,
                                                  double          widget_x,
                                                  double          widget_y,
                                                  double         *x,
                                                  double         *y);
void            muster_viewport_zoom_at          (MusterViewport *self,
                                                  double          zoom,
                                                  double          widget_x,
                                                  double          widget_y);
void            muster_viewport_pan              (MusterViewport *self,
                                                  double          dx,
                                                  double          dy);
void            muster_viewport_rotate_at        (MusterViewport *self,
                                                  double          rotation,
                                                  double          widget_x,
                                                  double          widget_y);
void            muster_viewport_fit_box          (MusterViewport *self,
                                                  MusterBox       box,
                                                  double          margin);
MusterAffine    muster_viewport_get_transform    (MusterViewport *self);
void            muster_viewport_get_matrix       (MusterViewport *self,
                                                  cairo_matrix_t *matrix);
MusterBox       muster_viewport_get_visible_box  (MusterViewport *self);

G_END_DECLS
