/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "muster-engine-error.h"

G_DEFINE_QUARK (muster-engine-error-quark, muster_engine_error)
