/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/*
 * Files dropped on a window of the application: a Muster document or a BattleScribe roster
 * opens (in its own window, as from Open…), and a folder joins the BattleScribe data folders,
 * which are scanned again.
 */
void muster_file_drop_attach (GtkWindow *window);
void muster_data_folders_add (GSettings *settings,
                              GFile     *folder);

G_END_DECLS
