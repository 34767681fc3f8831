/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-odds.h"

G_BEGIN_DECLS

/*
 * What the systems' `table_inputs` hooks share: setting an input from the table with its
 * reason, and reading the facts the way the books put them (a distance in whole inches, the
 * cover of the ground a unit stands in, the face it is attacked on, the markers a unit
 * carries).
 */

gboolean           muster_odds_set            (MusterOddsFill        *fill,
                                               const char            *id,
                                               int                    value,
                                               const char            *format,
                                               ...) G_GNUC_PRINTF (4, 5);
gboolean           muster_odds_set_choice     (MusterOddsFill        *fill,
                                               const char            *id,
                                               const char            *choice,
                                               const char            *format,
                                               ...) G_GNUC_PRINTF (4, 5);
void               muster_odds_block          (MusterOddsFill        *fill,
                                               const char            *format,
                                               ...) G_GNUC_PRINTF (2, 3);
const MusterRange *muster_odds_find_range     (const MusterOddsFacts *facts,
                                               const char            *id);
int                muster_odds_whole_distance (const MusterOddsFacts *facts);
guint              muster_odds_band           (const MusterRange     *range,
                                               double                 distance);
MusterCover        muster_odds_cover          (const MusterOddsSide  *side);
gboolean           muster_odds_stands_in      (const MusterOddsSide  *side,
                                               MusterTerrainKind      kind);
const char        *muster_odds_feature_name   (const MusterFeature   *feature);
gboolean           muster_odds_set_distance   (MusterOddsFill        *fill,
                                               const MusterOddsFacts *facts,
                                               const char            *id);
gboolean           muster_odds_set_aspect     (MusterOddsFill        *fill,
                                               const MusterOddsFacts *facts,
                                               const char            *id,
                                               const char * const     choices[3]);
gboolean           muster_odds_set_sight      (MusterOddsFill        *fill,
                                               const MusterOddsFacts *facts,
                                               const char            *id);
gboolean           muster_odds_set_cover      (MusterOddsFill        *fill,
                                               const MusterOddsFacts *facts,
                                               const char            *id,
                                               const char * const     choices[3]);
gboolean           muster_odds_set_obstacle   (MusterOddsFill        *fill,
                                               const MusterOddsFacts *facts,
                                               const char            *id);
const char        *muster_odds_describe_attacker (const MusterOddsFacts *facts);

/* muster-odds-markers.c: inputs from the markers on the units */
const char        *muster_odds_markers          (const MusterOddsSide  *side);
gboolean           muster_odds_set_marker_count (MusterOddsFill        *fill,
                                                 const MusterOddsSide  *side,
                                                 const char            *name,
                                                 const char            *id);
gboolean           muster_odds_set_marker_flag  (MusterOddsFill        *fill,
                                                 const MusterOddsSide  *side,
                                                 const char            *name,
                                                 const char            *value,
                                                 const char            *id);
gboolean           muster_odds_set_marker_choice (MusterOddsFill       *fill,
                                                  const MusterOddsSide *side,
                                                  const char           *name,
                                                  const char           *id);
gboolean           muster_odds_reduce_by_marker (MusterOddsFill        *fill,
                                                 const MusterOddsSide  *side,
                                                 const char            *name,
                                                 const char            *from,
                                                 const char            *id);

G_END_DECLS
