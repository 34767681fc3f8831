/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "muster-document.h"
#include "muster-odds-tint.h"
#include "muster-terrain.h"
#include "muster-viewport.h"

G_BEGIN_DECLS

typedef enum
{
  MUSTER_MAP_TOOL_SELECT,
  MUSTER_MAP_TOOL_PAN,
  MUSTER_MAP_TOOL_RECTANGLE,
  MUSTER_MAP_TOOL_ELLIPSE,
  MUSTER_MAP_TOOL_POLYGON,
  MUSTER_MAP_TOOL_POLYLINE,
  MUSTER_MAP_TOOL_OBJECTIVE,
  MUSTER_MAP_TOOL_ZONE,
  MUSTER_MAP_TOOL_MEASURE,
  MUSTER_MAP_TOOL_SIGHT,
} MusterMapTool;

#define MUSTER_TYPE_MAP_VIEW (muster_map_view_get_type ())

G_DECLARE_FINAL_TYPE (MusterMapView, muster_map_view, MUSTER, MAP_VIEW, GtkWidget)

GtkWidget      *muster_map_view_new               (void);
void            muster_map_view_set_document      (MusterMapView            *self,
                                                   MusterDocument           *document);
void            muster_map_view_set_terrain_types (MusterMapView            *self,
                                                   const MusterTerrainTypes *types);
MusterViewport *muster_map_view_get_viewport      (MusterMapView            *self);
void            muster_map_view_set_tool          (MusterMapView            *self,
                                                   MusterMapTool             tool);
MusterMapTool   muster_map_view_get_tool          (MusterMapView            *self);
void            muster_map_view_set_terrain_type  (MusterMapView            *self,
                                                   const char               *type);
void            muster_map_view_set_zone_side     (MusterMapView            *self,
                                                   const char               *side);
void            muster_map_view_set_show_umpire   (MusterMapView            *self,
                                                   gboolean                  show);
void            muster_map_view_set_show_ranges   (MusterMapView            *self,
                                                   gboolean                  show);
gboolean        muster_map_view_get_show_ranges   (MusterMapView            *self);
void            muster_map_view_set_tint          (MusterMapView            *self,
                                                   MusterOddsTint           *tint);
MusterOddsTint *muster_map_view_get_tint          (MusterMapView            *self);
void            muster_map_view_set_snap          (MusterMapView            *self,
                                                   gboolean                  snap);
gboolean        muster_map_view_get_snap          (MusterMapView            *self);
void            muster_map_view_fit               (MusterMapView            *self);
void            muster_map_view_set_frame_budget  (MusterMapView            *self,
                                                   double                    ms);
gboolean        muster_map_view_is_pending        (MusterMapView            *self);
void            muster_map_view_turn_view         (MusterMapView            *self,
                                                   double                    angle);
void            muster_map_view_zoom_by           (MusterMapView            *self,
                                                   double                    factor);
GStrv           muster_map_view_dup_selection     (MusterMapView            *self);
void            muster_map_view_select            (MusterMapView            *self,
                                                   const char               *id,
                                                   gboolean                  extend);
void            muster_map_view_clear_selection   (MusterMapView            *self);
void            muster_map_view_delete_selection  (MusterMapView            *self);
void            muster_map_view_rotate_selection  (MusterMapView            *self,
                                                   double                    angle);
const char     *muster_map_view_get_measure_text  (MusterMapView            *self);
const char     *muster_map_view_get_sight_blocker (MusterMapView            *self);
gboolean        muster_map_view_place_unit        (MusterMapView            *self,
                                                   const char               *unit_id,
                                                   double                    widget_x,
                                                   double                    widget_y);
void            muster_map_view_finish_outline    (MusterMapView            *self);
gboolean        muster_map_view_edit_vertex_at    (MusterMapView            *self,
                                                   double                    widget_x,
                                                   double                    widget_y);

G_END_DECLS
