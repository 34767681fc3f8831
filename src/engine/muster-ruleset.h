/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The ruleset file format this engine reads; a file with a larger format is refused. */
#define MUSTER_RULESET_FORMAT 1

typedef struct _MusterRuleset MusterRuleset;

MusterRuleset *muster_ruleset_new_from_bytes  (GBytes         *bytes,
                                               const char     *display_name,
                                               GError        **error);
MusterRuleset *muster_ruleset_new_from_file   (const char     *path,
                                               GError        **error);
MusterRuleset *muster_ruleset_ref             (MusterRuleset  *self);
void           muster_ruleset_unref           (MusterRuleset  *self);
const char    *muster_ruleset_get_id          (const MusterRuleset *self);
const char    *muster_ruleset_get_name        (const MusterRuleset *self);
const char    *muster_ruleset_get_version     (const MusterRuleset *self);
const char    *muster_ruleset_get_book        (const MusterRuleset *self);
const char    *muster_ruleset_get_summary     (const MusterRuleset *self);
const char    *muster_ruleset_get_extends     (const MusterRuleset *self);
gboolean       muster_ruleset_is_house        (const MusterRuleset *self);
const char    *muster_ruleset_get_path        (const MusterRuleset *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MusterRuleset, muster_ruleset_unref)

G_END_DECLS
