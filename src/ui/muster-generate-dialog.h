/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "muster-document.h"
#include "muster-generate.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_GENERATE_DIALOG (muster_generate_dialog_get_type ())

G_DECLARE_FINAL_TYPE (MusterGenerateDialog, muster_generate_dialog, MUSTER, GENERATE_DIALOG,
                      AdwMessageDialog)

GtkWidget  *muster_generate_dialog_new       (GtkWindow            *parent,
                                              MusterDocument       *document,
                                              MusterGenerator      *generator);
gboolean    muster_generate_dialog_generate  (MusterGenerateDialog *self,
                                              GError              **error);
void        muster_generate_dialog_set_seed  (MusterGenerateDialog *self,
                                              guint64               seed);
guint64     muster_generate_dialog_get_seed  (MusterGenerateDialog *self);
gboolean    muster_generate_dialog_choose    (MusterGenerateDialog *self,
                                              const char           *option,
                                              const char           *choice);
const char *muster_generate_dialog_get_about (MusterGenerateDialog *self);

G_END_DECLS
