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
/* FALSE while the rows of the editor in @box are still being built (see
 * _muster_bs_page_fill_editor()) */
gboolean _muster_bs_page_editor_is_complete (GtkBox *box);
/* While @hold, the editor in @box builds no more rows: an edit is on its way to it, which
 * may have freed the selection it shows (_muster_bs_page_fill_editor() ends the hold) */
void     _muster_bs_page_editor_hold        (GtkBox   *box,
                                             gboolean  hold);

G_END_DECLS
