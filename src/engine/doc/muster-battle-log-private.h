/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <libxml/tree.h>

#include "muster-battle-log.h"

G_BEGIN_DECLS

/* The battle log's state, held by its document (muster-doc.c), kept by muster-battle-log.c. */
typedef struct _MusterDocLog MusterDocLog;

MusterDocLog  *_muster_doc_log_new_from_xml (xmlNode     *element,
                                             MusterDoc   *doc,
                                             const char  *display_name,
                                             GError     **error);
void           _muster_doc_log_free         (MusterDocLog *log);
MusterDocLog **_muster_doc_get_log_slot     (const MusterDoc *doc);
xmlNode       *_muster_doc_get_root         (const MusterDoc *doc);

G_END_DECLS
