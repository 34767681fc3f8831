/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * What the list writers share with the BattleScribe roster's (muster-bs-export.c): escaping
 * for Markdown and HTML, and the HTML page's style sheet, so both kinds of list read alike.
 */

#include <glib.h>

#include "muster-list-export.h"

G_BEGIN_DECLS

typedef char *(*MusterEscapeFunc) (const char *text);
typedef void  (*MusterListWriter) (gconstpointer  list,
                                   GString       *str);

extern const char _muster_list_html_style[];

char *_muster_list_escape_markdown (const char       *text);
char *_muster_list_escape_html     (const char       *text);
char *_muster_list_write           (gconstpointer     list,
                                    MusterListFormat  format,
                                    MusterListWriter  text,
                                    MusterListWriter  markdown,
                                    MusterListWriter  html);
void  _muster_list_append_escaped  (GString          *str,
                                    MusterEscapeFunc  escape,
                                    const char       *format,
                                    ...) G_GNUC_PRINTF (3, 4);

G_END_DECLS
