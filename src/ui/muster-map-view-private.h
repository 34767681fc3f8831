/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-map-cache.h"
#include "muster-map-painter.h"
#include "muster-map-view.h"

G_BEGIN_DECLS

/* The map view's state, shared by its files: muster-map-view.c (the document, settings and
 * life cycle), muster-map-view-draw.c (the snapshot, the map cache and the view of the table),
 * muster-map-view-input.c (pointer, gestures, the keys' actions, drops) and
 * muster-map-view-edit.c (the selection and the editing tools). */

#define HIT_PX         6.0      /* how far off a click still hits, px */
#define ROTATE_SNAP    (G_PI / 12)

typedef enum
{
  DRAG_NONE,
  DRAG_PAN,
  DRAG_MOVE,
  DRAG_ROTATE,
  DRAG_BAND,
  DRAG_SHAPE,
  DRAG_MEASURE,
  DRAG_VERTEX,
} DragMode;

struct _MusterMapView
{
  GtkWidget                 parent_instance;

  MusterDocument           *document;
  GSignalGroup             *document_signals; /* the document's, to follow its edits */
  MusterViewport           *viewport;
  MusterMapCache           *cache;
  GHashTable               *live;      /* ids being dragged → themselves */
  double                    scroll_rest_x, scroll_rest_y; /* touchpad pan below a pixel */
  double                    pointer_x, pointer_y;  /* the pointer, while over the map */
  gboolean                  pointer_in;
  const MusterTerrainTypes *types;     /* borrowed from the page */
  MusterMapStyle            light, dark;
  GHashTable               *selection; /* feature id → itself */
  MusterMapTool             tool;
  char                     *terrain_type;
  char                     *zone_side;
  gboolean                  show_umpire;
  gboolean                  snap;           /* moves and turns go by steps */
  gboolean                  show_ranges;
  MusterOddsTint           *tint;        /* (nullable): enemies tinted by their odds */
  gboolean                  fitted;
  gboolean                  keep_fitted;    /* the view is as fit_table() left it */
  cairo_matrix_t            fit_matrix;

  /* the gesture under way */
  DragMode                  drag;
  MusterPoint               drag_start;     /* table mm */
  MusterPoint               drag_now;
  double                    pan_x, pan_y;   /* widget offset already applied */
  double                    start_x, start_y; /* where the drag began, widget px */
  GPtrArray                *originals;      /* MusterFeature, before a move or rotate */
  double                    zoom_begin;
  double                    turn_begin;     /* the view's rotation when a two-finger turn began */
  guint                     zoom_rest_id;   /* ends the map cache's quick mode */
  guint                     bands_tick_id;  /* draws again while the map comes in bands */
  GArray                    *outline;       /* MusterPoint: a polygon, polyline or zone */
  guint                     vertex;         /* the vertex a DRAG_VERTEX moves */

  /* the measure tool */
  gboolean                  has_measure;
  MusterSegment             measure;
  char                     *measure_text;
  gboolean                  measure_blocked;
  char                     *measure_blocker; /* (nullable): the id of what blocks the sight */
  char                     *band_zone;      /* (nullable): the zone a band started in */
};

static inline MusterBattlefield *
get_battlefield (MusterMapView *self)
{
  MusterDoc *doc = self->document ? muster_document_get_doc (self->document) : NULL;

  return doc ? muster_doc_get_battlefield (doc) : NULL;
}

static inline MusterPoint
to_table (MusterMapView *self,
          double         x,
          double         y)
{
  MusterPoint p;

  muster_viewport_widget_to_table (self->viewport, x, y, &p.x, &p.y);
  return p;
}

void     _muster_map_view_snapshot          (GtkWidget     *widget,
                                             GtkSnapshot   *snapshot);
void     _muster_map_view_init_input        (MusterMapView *self);
void     _muster_map_view_class_init_keys   (GtkWidgetClass *widget_class);
void     _muster_map_view_zooming           (MusterMapView *self);
void     _muster_map_view_selection_changed (MusterMapView *self);
void     _muster_map_view_measured          (MusterMapView *self);
gboolean _muster_map_view_begin_vertex_drag (MusterMapView *self);
void     _muster_map_view_preview_drag      (MusterMapView *self);
void     _muster_map_view_preview_vertex    (MusterMapView *self);
void     _muster_map_view_finish_move       (MusterMapView *self);
void     _muster_map_view_add_shape         (MusterMapView *self);
void     _muster_map_view_add_objective     (MusterMapView *self,
                                             MusterPoint    p);
void     _muster_map_view_measure           (MusterMapView *self);
void     _muster_map_view_clear_measure     (MusterMapView *self);

G_END_DECLS
