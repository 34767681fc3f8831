/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

/*
 * Text laid out once and kept, for a painter that measures its texts on one cairo context and
 * draws them on another (the sheets paginate, then paint). While a cache is attached to a
 * cairo context, muster_print_layout() on it returns the cache's layout of the same text, font,
 * width and alignment when it has one, and keeps what it makes, up to a memory budget (least
 * recently used first out). Layouts are shared only between contexts whose text would come out
 * the same: the same transformation and font options.
 */

typedef struct _MusterTextCache MusterTextCache;

/* For tests: while _muster_text_cache_track is set, caches count in _muster_text_cache_n_again
 * each text they lay out again for the same cairo context (after its layout was dropped). */
extern gboolean _muster_text_cache_track;
extern guint    _muster_text_cache_n_again;

MusterTextCache *muster_text_cache_new         (gsize            budget);
void             muster_text_cache_free        (MusterTextCache *self);
void             muster_text_cache_attach      (MusterTextCache *self,
                                                cairo_t         *cr);
void             muster_text_cache_detach      (cairo_t         *cr);
MusterTextCache *muster_text_cache_get         (cairo_t         *cr);
PangoLayout     *muster_text_cache_layout      (MusterTextCache *self,
                                                cairo_t         *cr,
                                                const char      *text,
                                                const char      *font,
                                                gboolean         markup,
                                                double           width,
                                                double           align);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterTextCache, muster_text_cache_free)

G_END_DECLS
