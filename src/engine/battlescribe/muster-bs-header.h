/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * MusterBsHeader:
 * @element: the root element: "gameSystem", "catalogue" or "roster"
 * @id: (nullable): its id
 * @name: (nullable): its name
 * @revision: its revision (0 when not given)
 * @game_system_id: (nullable): gameSystemId of a catalogue or roster
 * @game_system_name: (nullable): gameSystemName of a roster
 * @game_system_revision: gameSystemRevision of a catalogue or roster (0 when not given)
 * @library: a catalogue's library flag
 *
 * What the root element of a BattleScribe file says about it: enough to group a folder's
 * files by game system, list their revisions, and name the data a roster needs before any
 * of it is loaded.
 */
typedef struct
{
  char     *element;
  char     *id;
  char     *name;
  int       revision;
  char     *game_system_id;
  char     *game_system_name;
  int       game_system_revision;
  gboolean  library;
} MusterBsHeader;

/* Reads only the root element of @bytes (a .gst/.cat/.ros or a zipped form); @name names
 * it in errors. */
gboolean muster_bs_header_read  (MusterBsHeader *header,
                                 const char     *name,
                                 GBytes         *bytes,
                                 GError        **error);
void     muster_bs_header_clear (MusterBsHeader *header);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MusterBsHeader, muster_bs_header_clear)

G_END_DECLS
