/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-findings-source.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_VALIDATION_PANEL (muster_validation_panel_get_type ())

G_DECLARE_FINAL_TYPE (MusterValidationPanel, muster_validation_panel, MUSTER, VALIDATION_PANEL, AdwBin)

void  muster_validation_panel_set_source   (MusterValidationPanel *self,
                                            MusterFindingsSource  *source);
void  muster_validation_panel_update       (MusterValidationPanel *self);
char *muster_validation_panel_dup_summary  (MusterValidationPanel *self);
void  muster_validation_panel_set_animated (MusterValidationPanel *self,
                                            gboolean               animated);

G_END_DECLS
