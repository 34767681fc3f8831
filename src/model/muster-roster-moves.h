/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-engine.h"

G_BEGIN_DECLS

/*
 * Where a unit or a group lands when it is dropped on a roster row (or below the last one),
 * for drag and drop and the keyboard's moves alike. A node's rows are its units, then its
 * groups, so a unit dropped above a group joins the end of that group's parent's units.
 */

typedef enum
{
  MUSTER_DROP_BEFORE,
  MUSTER_DROP_INTO,
  MUSTER_DROP_AFTER,
} MusterDropPlace;

gboolean muster_roster_place_unit (MusterNode      *root,
                                   MusterUnit      *moving,
                                   MusterUnit      *at_unit,
                                   MusterNode      *at_node,
                                   MusterDropPlace  place,
                                   MusterNode     **node,
                                   guint           *index);
gboolean muster_roster_place_node (MusterNode      *root,
                                   MusterNode      *moving,
                                   MusterUnit      *at_unit,
                                   MusterNode      *at_node,
                                   MusterDropPlace  place,
                                   MusterNode     **parent,
                                   guint           *index);
guint    muster_node_index_of_unit (MusterNode     *node,
                                    MusterUnit     *unit);
guint    muster_node_index_of_node (MusterNode     *node,
                                    MusterNode     *child);
gboolean muster_node_is_within     (MusterNode     *node,
                                    MusterNode     *ancestor);

G_END_DECLS
