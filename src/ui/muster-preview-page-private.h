/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "muster-outcome-view.h"
#include "muster-preview-page.h"
#include "muster-procedure-inputs.h"

G_BEGIN_DECLS

/* The page's state, shared by its files: muster-preview-page.c (the procedure chosen, run or
 * simulated) and muster-preview-page-units.c (the open list, whose units fill the inputs). */
struct _MusterPreviewPage
{
  AdwBin                  parent_instance;

  /* Template Widgets */
  GtkStack               *stack;
  AdwComboRow            *system_row;
  AdwComboRow            *procedure_row;
  GtkLabel               *summary_label;
  AdwPreferencesGroup    *units_group;
  AdwComboRow            *acting_row;
  AdwComboRow            *target_row;
  MusterProcedureInputs  *inputs;
  MusterOutcomeView      *outcome;
  AdwLeaflet             *leaflet;
  GtkWidget              *odds_box;

  /* Owned References */
  MusterCatalog          *catalog;       /* borrowed from the application */
  GPtrArray              *systems;       /* char *, ruleset ids that have procedures */
  GPtrArray              *procedures;    /* borrowed MusterProcedure, of the selected system */
  MusterDocument         *document;
  GSignalGroup           *document_signals;
  GPtrArray              *units;         /* borrowed MusterUnit, item i + 1 of the unit rows */
  GPtrArray              *unit_forces;   /* borrowed MusterForce of each unit */

  /* State */
  const MusterProcedure  *procedure;
  gboolean                units_stale;  /* the list changed while the page was hidden */
  gboolean                listing;       /* while the unit rows are being remade */
};

void _muster_preview_page_recompute         (MusterPreviewPage *self);
void _muster_preview_page_init_units        (MusterPreviewPage *self);
void _muster_preview_page_class_units_init  (GtkWidgetClass    *widget_class);
void _muster_preview_page_refresh_units     (MusterPreviewPage *self);
void _muster_preview_page_fill_from_units   (MusterPreviewPage *self);

G_END_DECLS
