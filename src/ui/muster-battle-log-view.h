/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-document.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_BATTLE_LOG_VIEW (muster_battle_log_view_get_type ())

G_DECLARE_FINAL_TYPE (MusterBattleLogView, muster_battle_log_view, MUSTER, BATTLE_LOG_VIEW, AdwBin)

void  muster_battle_log_view_set_document (MusterBattleLogView *self,
                                           MusterDocument      *document);
guint muster_battle_log_view_get_n_rows   (MusterBattleLogView *self);

G_END_DECLS
