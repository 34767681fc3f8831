/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-bs-library.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_BS_DATA_PAGE (muster_bs_data_page_get_type ())

G_DECLARE_FINAL_TYPE (MusterBsDataPage, muster_bs_data_page, MUSTER, BS_DATA_PAGE,
                      AdwPreferencesPage)

/* The Game Data page of Preferences: @settings' battlescribe-folders and what @library found */
MusterBsDataPage *muster_bs_data_page_new (GSettings       *settings,
                                           MusterBsLibrary *library);

G_END_DECLS
