/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-procedure.h"

G_BEGIN_DECLS

/*
 * Each rule system's combat module exports a NULL-terminated table of its procedures, and
 * muster-procedures.c lists the tables. Adding a system's procedures is one line there.
 */
extern const MusterProcedure * const * const _muster_procedure_tables[];

extern const MusterProcedure * const muster_sov_procedures[];
extern const MusterProcedure * const muster_bvf_procedures[];
extern const MusterProcedure * const muster_hm_procedures[];
extern const MusterProcedure * const muster_mov_procedures[];
extern const MusterProcedure * const muster_ul_procedures[];

G_END_DECLS
