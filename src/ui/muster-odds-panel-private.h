/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-engine.h"
#include "muster-odds-panel.h"

G_BEGIN_DECLS

/* The odds panel's parts: the panel (muster-odds-panel.c) and each procedure's figure, inputs
 * and chart (muster-odds-panel-figures.c). */

#define SIMULATED_TRIALS 20000

struct _MusterOddsPanel
{
  AdwBin                    parent_instance;

  /* Template Widgets */
  AdwPreferencesGroup      *group;
  GtkLabel                 *facts_label;
  GtkListBox               *list;
  GtkListBox               *tint_list;
  AdwExpanderRow           *tint_row;
  AdwComboRow              *tint_procedure_row;

  /* Owned References */
  MusterDocument           *document;
  char                     *acting;
  char                     *target;
  GPtrArray                *rows;       /* AdwExpanderRow, one per procedure shown, owned */
  GHashTable               *figures;    /* procedure id → its key figure */
  char                     *rows_for;   /* the pair the rows (and what was typed) are for */
  guint64                   revision;   /* the battlefield's, when last shown */
  guint                     tick_id;
  GPtrArray                *tint_procedures; /* the exact ones offered, as the combo lists them */
  char                     *tint_procedure;  /* (nullable): the id chosen */
  MusterOddsTint           *tint;            /* (nullable): what the map shows */
  gboolean                  choosing;        /* the combo's model is being replaced */

  /* Borrowed References */
  const MusterTerrainTypes *types;      /* the page's */
};

MusterOddsFacts *_muster_odds_panel_read_facts     (MusterOddsPanel        *self,
                                                    GError                **error);
void             _muster_odds_panel_update_rows    (MusterOddsPanel        *self);
void             _muster_odds_panel_update_figures (MusterOddsPanel        *self,
                                                    const MusterOddsFacts  *facts);
void             _muster_odds_panel_show_details   (MusterOddsPanel        *self,
                                                    AdwExpanderRow         *row);

G_END_DECLS
