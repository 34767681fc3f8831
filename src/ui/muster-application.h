/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-bs-library.h"
#include "muster-catalog.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_APPLICATION (muster_application_get_type ())

G_DECLARE_FINAL_TYPE (MusterApplication, muster_application, MUSTER, APPLICATION, AdwApplication)

MusterApplication *muster_application_new          (const char        *application_id,
                                                    GApplicationFlags  flags);
GSettings         *muster_application_get_settings (MusterApplication *self);
MusterCatalog     *muster_application_get_catalog  (MusterApplication *self);
MusterBsLibrary   *muster_application_get_bs_library (MusterApplication *self);
GtkWindow         *muster_application_find_window  (MusterApplication *self,
                                                    GFile             *file);
void               muster_application_open_file    (MusterApplication *self,
                                                    GFile             *file,
                                                    GtkWindow         *from);

G_END_DECLS
