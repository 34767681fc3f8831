/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-bs-page.h"

G_BEGIN_DECLS

/* Fills @box with the editor of @item (nullable): muster-bs-page-editor.c */
void _muster_bs_page_fill_editor (GtkBox           *box,
                                  MusterBsDocument *document,
                                  MusterBsItem     *item);
/* What the editor of @item shows, to build it again only when that changed (nullable:
 * always build it) */
char *_muster_bs_page_editor_key (MusterBsDocument *document,
                                  MusterBsItem     *item);

G_END_DECLS
