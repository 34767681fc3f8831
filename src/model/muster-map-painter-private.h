/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * What the map painter's files share. muster-map-painter.c paints the layers of a scene, each
 * drawn by the file of its own: the ground (muster-map-ground.c), the units and objectives
 * (muster-map-units.c) with the badges of their markers (muster-map-badges.c) and the marks
 * (muster-map-marks.c); where the names of units, objectives and terrain go is
 * muster-map-placement.c's, the colours muster-map-style.c's and the layers' keys for a cache
 * muster-map-keys.c's.
 */

#include <cairo.h>
#include <pango/pango.h>

#include "muster-map-labels.h"
#include "muster-map-painter.h"
#include "muster-raster.h"

G_BEGIN_DECLS

#define MIN_LABEL_PX 28.0   /* a unit narrower than this on screen gets no label */
#define OBJECTIVE_R  11.0   /* px: an objective's marker */
#define RULER_TICK_PX 9.0   /* px: a ruler's long tick, outside the table */

typedef struct
{
  cairo_t              *cr;
  MusterViewport       *viewport;
  const MusterMapScene *scene;
  const MusterMapStyle *style;
  double                zoom;      /* px per mm */
  PangoLayout          *layout;
  PangoContext         *labels_context; /* nullable: its layouts kept between frames */
  int                   line_height; /* px, of "Ag" in the layout's font; 0 before it is known */
  GPtrArray            *sides;     /* side names, in order of appearance */
  cairo_matrix_t        device;    /* the caller's matrix: "device pixels" for text and ticks */
  MusterBox             area;      /* the table under what is painted, with a few px round it */
  GHashTable           *labels;    /* feature → MusterMapPlacedLabel: where its label goes;
                                    * nullable: every label in its first place */
  MusterRaster         *raster;    /* nullable: stands straight into an image's pixels */
  GArray               *quads;     /* MusterPoint scratch: four corners a stand */
} Painter;

static inline void
set_colour (cairo_t      *cr,
            const double  rgba[4])
{
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
}

static inline void
set_colour_alpha (cairo_t      *cr,
                  const double  rgba[4],
                  double        alpha)
{
  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3] * alpha);
}

/* A line @px device pixels wide, whatever the zoom. */
static inline void
set_line_px (Painter *p,
             double   px)
{
  cairo_set_line_width (p->cr, px / p->zoom);
}

/* Whether the scene's audience sees @f. */
static inline gboolean
shown (Painter             *p,
       const MusterFeature *f)
{
  return muster_map_scene_shows (p->scene, f);
}

/* Whether @f is being dragged: painted in the live layers only. */
static inline gboolean
is_live (Painter             *p,
         const MusterFeature *f)
{
  return p->scene->live != NULL && g_hash_table_contains (p->scene->live, f->id);
}

/* Whether @f is a terrain piece with a name to show. */
static inline gboolean
has_name (const MusterFeature *f)
{
  return f->kind == MUSTER_FEATURE_TERRAIN && f->name != NULL && *f->name != '\0';
}

static inline const char *
unit_side (const MusterMapScene *scene,
           const MusterFeature  *placement)
{
  return muster_doc_get_feature_side (scene->doc, placement);
}

/* muster-map-painter.c */
const MusterFootprint *_muster_map_unit_footprint (const MusterMapScene  *scene,
                                                   const MusterFeature   *f,
                                                   MusterFootprint      **owned);
void _muster_map_text_at          (Painter             *p,
                                   const char          *text,
                                   double               x,
                                   double               y,
                                   double               align_x,
                                   double               align_y,
                                   gboolean             halo);
void _muster_map_text_on_plate    (Painter             *p,
                                   const char          *text,
                                   MusterBox            plate);
void _muster_map_stroke_dashed_px (Painter             *p,
                                   const double         dash[2],
                                   double               width,
                                   cairo_line_cap_t     cap,
                                   const double         rgba[4],
                                   double               alpha);

/* muster-map-ground.c */
void _muster_map_shape_path  (cairo_t             *cr,
                              const MusterFeature *f);
void _muster_map_paint_ground (Painter            *p,
                               GPtrArray          *visible,
                               gboolean            live);

/* muster-map-units.c */
void _muster_map_unit_outline_path (cairo_t               *cr,
                                    const MusterFootprint *fp);
void _muster_map_paint_units       (Painter               *p,
                                    GPtrArray             *visible,
                                    gboolean               live);

/* muster-map-badges.c */
char *_muster_map_unit_badge  (Painter             *p,
                               const MusterFeature *f,
                               MusterBox            body,
                               gboolean             full,
                               guint               *n_pips,
                               MusterBox           *box);
void  _muster_map_paint_badge (Painter             *p,
                               const MusterFeature *f,
                               gboolean             full);

/* muster-map-marks.c */
void _muster_map_paint_marks (Painter   *p,
                              GPtrArray *visible);

/* muster-map-tint.c */
void  _muster_map_paint_tint    (Painter   *p,
                                 GPtrArray *visible);
void  _muster_map_paint_legend  (Painter   *p);
guint _muster_map_count_covered (Painter   *p,
                                 double     x0,
                                 double     y0,
                                 double     width,
                                 double     height);

/* muster-map-placement.c */
PangoLayout          *_muster_map_new_label_layout     (cairo_t              *cr,
                                                        const MusterMapStyle *style);
PangoFontDescription *_muster_map_use_terrain_font     (Painter              *p);
void                  _muster_map_restore_font         (Painter              *p,
                                                        PangoFontDescription *saved);
const char           *_muster_map_unit_label           (Painter              *p,
                                                        const MusterFeature  *f);
MusterBox             _muster_map_body_box             (Painter              *p,
                                                        const MusterFeature  *f);
guint                 _muster_map_label_places         (Painter              *p,
                                                        MusterBox             body,
                                                        const char           *text,
                                                        gboolean              corners,
                                                        MusterBox            *places);
guint                 _muster_map_terrain_name_places  (Painter              *p,
                                                        const MusterFeature  *f,
                                                        MusterBox            *places);
GHashTable           *_muster_map_terrain_names_placed (Painter              *p);

/* muster-map-style.c */
void          _muster_map_collect_sides (Painter    *p);
const double *_muster_map_side_colour   (Painter    *p,
                                         const char *side);

G_END_DECLS
