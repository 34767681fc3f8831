/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "muster-procedures-private.h"

/* One line per rule system, in the order the systems are listed to users (by name, as the
 * ruleset catalog lists them). */
const MusterProcedure * const * const _muster_procedure_tables[] = {
  muster_bvf_procedures,
  muster_hm_procedures,
  muster_mov_procedures,
  muster_sov_procedures,
  muster_ul_procedures,
  NULL
};
