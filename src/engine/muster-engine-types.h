/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Forward declarations, so that the engine's headers need not include each other in circles. */
typedef struct _MusterDoc     MusterDoc;
typedef struct _MusterForce   MusterForce;
typedef struct _MusterNode    MusterNode;
typedef struct _MusterUnit    MusterUnit;
typedef struct _MusterRuleset MusterRuleset;
typedef struct _MusterStats   MusterStats;
typedef struct _MusterOddsFacts MusterOddsFacts;
typedef struct _MusterOddsFill  MusterOddsFill;
typedef struct _MusterRollEffect    MusterRollEffect;

G_END_DECLS
