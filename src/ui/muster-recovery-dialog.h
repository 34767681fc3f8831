/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-window.h"

G_BEGIN_DECLS

void muster_recovery_dialog_offer (MusterApplication *app,
                                   MusterWindow      *parent);

G_END_DECLS
