/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_PREFERENCES_WINDOW (muster_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (MusterPreferencesWindow, muster_preferences_window, MUSTER,
                      PREFERENCES_WINDOW, AdwPreferencesWindow)

MusterPreferencesWindow *muster_preferences_window_new (GSettings *settings);

G_END_DECLS
