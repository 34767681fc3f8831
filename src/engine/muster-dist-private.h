/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-dist.h"

G_BEGIN_DECLS

/* One column of Walker's alias table: keep the column when a uniform 53-bit draw is below
 * threshold, otherwise take the column alias. A threshold of 2^53 always keeps the column. */
typedef struct
{
  guint64 threshold;
  guint   alias;
} MusterDistAliasEntry;

typedef struct
{
  guint                length;
  MusterDistAliasEntry entries[];
} MusterDistAlias;

#define MUSTER_DIST_ALIAS_ONE (G_GUINT64_CONSTANT (1) << 53)

const MusterDistAlias *_muster_dist_get_alias (const MusterDist *self);

G_END_DECLS
