/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The rules engine: plain C, GLib and libxml2. No GTK, no display. */

#include "muster-catalog.h"
#include "muster-doc.h"
#include "muster-engine-error.h"
#include "muster-footprint.h"
#include "muster-geometry.h"
#include "muster-ruleset.h"
#include "muster-spatial.h"
#include "muster-xml.h"
