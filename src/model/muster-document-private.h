/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-document.h"

G_BEGIN_DECLS

/* For the commands: tell the views what an edit changed (see the signals' documentation). */
void _muster_document_emit_unit_changed     (MusterDocument *self,
                                             MusterUnit     *unit);
void _muster_document_emit_children_changed (MusterDocument *self,
                                             MusterNode     *node,
                                             guint           position,
                                             guint           removed,
                                             guint           added);
void _muster_document_emit_force_changed    (MusterDocument *self,
                                             MusterForce    *force);
void _muster_document_emit_node_changed     (MusterDocument *self,
                                             MusterNode     *node);

G_END_DECLS
