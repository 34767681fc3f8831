/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The markers on a unit in play, as its `markers` attribute keeps them: space-separated
 * tokens, a flag ("pinned") or a name with a value ("suppression=2", "morale=shaken"). Names
 * are the systems' own; a name appears once.
 */

char    *muster_markers_get     (const char *markers,
                                 const char *name);
int      muster_markers_get_int (const char *markers,
                                 const char *name);
char    *muster_markers_set     (const char *markers,
                                 const char *name,
                                 const char *value);
char    *muster_markers_set_int (const char *markers,
                                 const char *name,
                                 int         value);
char    *muster_markers_describe (const char *markers,
                                  guint      *n);

G_END_DECLS
