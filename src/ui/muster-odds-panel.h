/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-document.h"
#include "muster-odds-tint.h"
#include "muster-terrain.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_ODDS_PANEL (muster_odds_panel_get_type ())

G_DECLARE_FINAL_TYPE (MusterOddsPanel, muster_odds_panel, MUSTER, ODDS_PANEL, AdwBin)

void        muster_odds_panel_set_document    (MusterOddsPanel          *self,
                                               MusterDocument           *document,
                                               const MusterTerrainTypes *types);
void        muster_odds_panel_set_units       (MusterOddsPanel          *self,
                                               const char               *acting_unit_id,
                                               const char               *target_unit_id);
const char *muster_odds_panel_get_acting      (MusterOddsPanel          *self);
const char *muster_odds_panel_get_target      (MusterOddsPanel          *self);
gboolean    muster_odds_panel_next_target     (MusterOddsPanel          *self);
const char *muster_odds_panel_get_facts       (MusterOddsPanel          *self);
void        muster_odds_panel_update          (MusterOddsPanel          *self);
char       *muster_odds_panel_dup_figure      (MusterOddsPanel          *self,
                                               const char               *procedure_id);
gboolean    muster_odds_panel_dup_inputs      (MusterOddsPanel          *self,
                                               const char               *procedure_id,
                                               int                     **values,
                                               gboolean                **typed);
void        muster_odds_panel_set_tint        (MusterOddsPanel          *self,
                                               const char               *procedure_id);
MusterOddsTint *muster_odds_panel_get_tint    (MusterOddsPanel          *self);

G_END_DECLS
