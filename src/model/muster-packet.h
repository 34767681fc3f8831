/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "muster-list-export.h"
#include "muster-map-print.h"
#include "muster-print.h"

G_BEGIN_DECLS

/**
 * MusterPacketKind:
 * @MUSTER_PACKET_FULL: the scenario packet: the map, the scenario sheet, a briefing per side
 *   (with only that side's hidden units), the umpire's pages (everything), the army lists
 * @MUSTER_PACKET_MAP: the players' map alone (fitted, or an overview and full-size tiles)
 */
typedef enum
{
  MUSTER_PACKET_FULL,
  MUSTER_PACKET_MAP,
} MusterPacketKind;

typedef struct _MusterPacket MusterPacket;

#define MUSTER_PACKET_ERROR (muster_packet_error_quark ())

GQuark        muster_packet_error_quark    (void);

MusterPacket *muster_packet_new            (MusterDoc                *doc,
                                            const MusterList         *list,
                                            const MusterTerrainTypes *types,
                                            MusterPacketKind          kind,
                                            MusterMapScale            scale,
                                            const MusterSheetPage    *page,
                                            GError                  **error);
void          muster_packet_free           (MusterPacket             *self);
guint         muster_packet_get_n_pages    (const MusterPacket       *self);
void          muster_packet_get_page_size  (const MusterPacket       *self,
                                            guint                     page,
                                            MusterSheetPage          *size);
const char   *muster_packet_get_page_title (const MusterPacket       *self,
                                            guint                     page);
void          muster_packet_paint_page     (const MusterPacket       *self,
                                            cairo_t                  *cr,
                                            guint                     page);
GBytes       *muster_packet_to_pdf         (const MusterPacket       *self);
gboolean      muster_packet_write_pdf      (const MusterPacket       *self,
                                            const MusterPrintOutput  *output,
                                            GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterPacket, muster_packet_free)

G_END_DECLS
