/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "muster-geometry.h"

G_BEGIN_DECLS

/*
 * Where the map's names go on screen. Each label offers a few places (boxes in device pixels,
 * best first); labels are placed in order of priority, each in the first place that covers no
 * label placed before it and no other feature's body. Past the places beside its feature, a
 * label has places further away (muster_map_label_places_away()), painted with a leader line
 * back to its feature. A label with no free place is left out, never drawn over another label
 * or feature, and comes back when zooming in parts the crowd. Placement
 * depends only on the labels and bodies given, not on the part of the map being painted, so
 * the strips of a scrolled map agree.
 */

#define MUSTER_MAP_LABEL_MAX_PLACES 32
#define MUSTER_MAP_LABEL_AWAY_RINGS 3   /* steps away a label may go from its places beside */

/**
 * MusterMapLabel:
 * @owner: the feature labelled (also the owner of a body it may cover)
 * @priority: higher is placed first; ties keep the order given
 * @places: where the label may go, best first (device px)
 * @n_places: how many
 * @chosen: set by muster_map_labels_place(): the index of the place taken, -1 when left out
 */
typedef struct
{
  gconstpointer owner;
  double        priority;
  MusterBox     places[MUSTER_MAP_LABEL_MAX_PLACES];
  guint         n_places;
  int           chosen;
} MusterMapLabel;

/**
 * MusterMapBody:
 * @owner: the feature it is the body of
 * @box: where it is (device px)
 *
 * Something a label would rather not cover, unless it is the label's own.
 */
typedef struct
{
  gconstpointer owner;
  MusterBox     box;
} MusterMapBody;

void     muster_map_labels_place (GArray      *labels,
                                  const GArray *bodies);
void     muster_map_labels_place_around (GArray       *labels,
                                         const GArray *taken,
                                         const GArray *bodies);
guint    muster_map_label_places_away (MusterBox        body,
                                       const MusterBox *beside,
                                       guint            n_beside,
                                       MusterBox       *places,
                                       guint            max_places);
gboolean muster_map_label_leader (MusterBox    body,
                                  MusterBox    plate,
                                  MusterPoint *from,
                                  MusterPoint *to);
void     muster_map_label_size   (PangoLayout *layout,
                                  const char  *text,
                                  int         *width,
                                  int         *height);
PangoContext *muster_map_label_context (cairo_t                    *cr);
PangoLayout  *muster_map_label_layout  (PangoContext               *context,
                                        const PangoFontDescription *font,
                                        const char                 *text);

G_END_DECLS
