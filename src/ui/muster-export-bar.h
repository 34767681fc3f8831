/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * A strip under the header bar while an export runs in a thread: what is written, how far it
 * is (a bar that pulses until the first fraction arrives) and Cancel. One export at a time.
 */

#define MUSTER_TYPE_EXPORT_BAR (muster_export_bar_get_type ())

G_DECLARE_FINAL_TYPE (MusterExportBar, muster_export_bar, MUSTER, EXPORT_BAR, AdwBin)

GCancellable *muster_export_bar_start        (MusterExportBar *self,
                                              const char      *label);
void          muster_export_bar_set_fraction (MusterExportBar *self,
                                              double           fraction);
void          muster_export_bar_stop         (MusterExportBar *self);
gboolean      muster_export_bar_get_busy     (MusterExportBar *self);
double        muster_export_bar_get_fraction (MusterExportBar *self);

G_END_DECLS
