/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The rules engine: plain C, GLib and libxml2. No GTK, no display. */

#include "muster-army.h"
#include "muster-battlefield.h"
#include "muster-catalog.h"
#include "muster-cost.h"
#include "muster-dice.h"
#include "muster-dist.h"
#include "muster-doc.h"
#include "muster-engine-error.h"
#include "muster-engine-types.h"
#include "muster-file.h"
#include "muster-footprint.h"
#include "muster-generate.h"
#include "muster-geometry.h"
#include "muster-issue.h"
#include "muster-procedure.h"
#include "muster-ruleset.h"
#include "muster-spatial.h"
#include "muster-stats.h"
#include "muster-system.h"
#include "muster-ranges.h"
#include "muster-terrain.h"
#include "muster-unit.h"
#include "muster-validate.h"
#include "muster-xml.h"
