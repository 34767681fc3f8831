/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-document.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_UNIT_EDITOR (muster_unit_editor_get_type ())

G_DECLARE_FINAL_TYPE (MusterUnitEditor, muster_unit_editor, MUSTER, UNIT_EDITOR, AdwBin)

void        muster_unit_editor_set_unit (MusterUnitEditor *self,
                                         MusterRuleset    *ruleset,
                                         MusterUnit       *unit);
MusterUnit *muster_unit_editor_get_unit (MusterUnitEditor *self);
void        muster_unit_editor_sync     (MusterUnitEditor *self);
void        muster_unit_editor_focus_name (MusterUnitEditor *self);
void        muster_unit_editor_set_group  (MusterUnitEditor *self,
                                           MusterDocument   *document,
                                           MusterNode       *group);
MusterNode *muster_unit_editor_get_group  (MusterUnitEditor *self);

G_END_DECLS
