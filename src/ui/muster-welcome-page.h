/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define MUSTER_TYPE_WELCOME_PAGE (muster_welcome_page_get_type ())

G_DECLARE_FINAL_TYPE (MusterWelcomePage, muster_welcome_page, MUSTER, WELCOME_PAGE, GtkWidget)

GtkListBox *muster_welcome_page_get_recent_list (MusterWelcomePage *self);

G_END_DECLS
