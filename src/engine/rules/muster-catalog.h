/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "muster-ruleset.h"

G_BEGIN_DECLS

typedef struct _MusterCatalog MusterCatalog;

MusterCatalog  *muster_catalog_new               (void);
MusterCatalog  *muster_catalog_new_default       (void);
void            muster_catalog_free              (MusterCatalog  *self);
void            muster_catalog_scan_dir          (MusterCatalog  *self,
                                                  const char     *dir);
guint           muster_catalog_get_n_rulesets    (const MusterCatalog *self);
MusterRuleset  *muster_catalog_get_ruleset       (const MusterCatalog *self,
                                                  guint           index);
MusterRuleset  *muster_catalog_lookup            (const MusterCatalog *self,
                                                  const char     *id);
MusterRuleset  *muster_catalog_resolve           (MusterCatalog  *self,
                                                  const char     *id,
                                                  GError        **error);
const GPtrArray *muster_catalog_get_problems     (const MusterCatalog *self);
char          **muster_catalog_default_dirs      (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterCatalog, muster_catalog_free)

G_END_DECLS
